"""The robustness section: does each headline of a study hold at every bot level? (issue 14)

A scenario's ``[levels]`` table names other bots for the same study (e.g. the tuned presets);
``simlab run SCENARIO --level NAME`` plays it into ``<results>-<NAME>``, with the same variant
labels, games and seeds. The report of the study itself then finds those folders, re-estimates
each headline contrast at each level the same way (paired differences, the same multiple-testing
correction) and calls a headline:

- **robust** when it is shown (its corrected test rejects) with the same sign at every level;
- **bot-dependent** when it is shown at some level and not at another, or with opposite signs;
- **not shown at any level** otherwise (that is not evidence of no effect: see the equivalence
  verdicts in the study's own sections).

Beside each, the change between levels (level minus the study's own bots) with a 95% interval
(the levels' estimates are treated as independent, which overstates the interval a little when
the levels share seeds).

The headlines re-estimated: the culling study's policies against the field's policy and the value
of one cull, every card of a ``[card_effects]`` experiment, and every token's fair value in the
token study (its first case, at each player count; in prestige, not points of win rate). A token is
"shown" when the token section calls it mispriced, and its direction is that of printed minus fair
(too generous or too stingy); its change between levels is the change of its fair value.

A level leaves out the variants it does not change (no seat plays a preset it replaces: they would
be the study's own games), so only the headlines of the variants it changed are compared.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

__all__ = ["level_results", "headlines", "section_levels"]

_COLUMNS = {"headline": pl.String, "diff": pl.Float64, "ci_low": pl.Float64, "ci_high": pl.Float64,
            "se": pl.Float64, "n": pl.Int64, "shown": pl.Boolean, "unit": pl.String, "direction": pl.Float64}
PTS, PRESTIGE = "points", "prestige"  # a headline's unit: points of win rate, or prestige (token fair values)


def _same_study(base: dict[str, Any], other: dict[str, Any]) -> str | None:
    """Why ``other`` (a level's manifest) is not the same study as ``base``, or None."""
    if base.get("seed") != other.get("seed"):
        return "it has another seed"
    if (base.get("plan") or {}).get("games") != (other.get("plan") or {}).get("games"):
        return "it played another number of games per variant"
    if (base.get("game") or {}).get("version") != (other.get("game") or {}).get("version"):
        return "it ran on another version of the game"

    def study(manifest: dict[str, Any]) -> dict[str, Any]:
        # the scenario without what a level changes (its name and folder) or the checks above cover
        parsed = (manifest.get("scenario") or {}).get("parsed") or {}
        return {k: v for k, v in parsed.items() if k not in ("level", "name", "out", "seed", "games")}

    return "its scenario differs from this study's" if study(base) != study(other) else None


def level_results(results_dir: Path, manifest: dict[str, Any]) -> list[tuple[str, Path, Any, str | None]]:
    """The scenario's levels with their results folders: ``(level, folder, results or None, problem)``."""
    from simlab.results import load_results

    parsed = (manifest.get("scenario") or {}).get("parsed") or {}
    out = []
    if parsed.get("level"):
        return out  # a level's own report: the study's report compares the levels
    for level in sorted(parsed.get("levels") or {}):
        folder = results_dir.parent / f"{results_dir.name}-{level}"
        if not (folder / "manifest.json").exists():
            out.append((level, folder, None, "not run yet"))
            continue
        try:
            res = load_results(folder)
        except (OSError, ValueError, json.JSONDecodeError) as exc:
            out.append((level, folder, None, f"unreadable ({exc})"))
            continue
        if res.manifest.get("status") != "complete":
            out.append((level, folder, None, "the run did not finish"))
            continue
        why = _same_study(manifest, res.manifest)
        out.append((level, folder, None if why else res, why))
    return out


def headlines(results: Any, manifest: dict[str, Any]) -> pl.DataFrame:
    """Every headline contrast the study reports, re-estimated: ``headline, diff, ci_low, ci_high,
    se, n, shown, unit, direction`` (``shown``: rejected after the study's correction; ``diff``: a
    difference in win rate, or a token's fair value in prestige; ``direction``: the sign the
    verdict compares, the difference itself or a token's printed minus fair value)."""
    from simlab.analysis.cards import card_effects
    from simlab.analysis.culling import cull_arms, cull_value, policy_arms
    from simlab.analysis.stats import adjust

    frames = []
    analyses = set(manifest.get("analyses") or [])
    if "culling" in analyses:
        for what, arms in (("policy", policy_arms(manifest)), ("cull", cull_arms(manifest))):
            if not arms:
                continue
            tab = cull_value(results.seats, arms).filter(~pl.col("identical"))
            if tab.height == 0:
                continue
            reject, _ = adjust(tab["p_value"].to_numpy(), method="holm")
            tab = tab.with_columns(comparison=pl.col("comparison").map_elements(_culling_name, return_dtype=pl.String))
            frames.append(tab.select(headline=pl.col("comparison"), diff="diff", ci_low="ci_low", ci_high="ci_high",
                                     se="se", n=pl.col("n").cast(pl.Int64))
                          .with_columns(shown=pl.Series(np.asarray(reject, bool))))
    info = manifest.get("card_effects") or {}
    groups = info.get("groups") or ([{"base": "", "arms": info["arms"]}] if info.get("arms") else [])
    for group in groups:
        arms = {card: tuple(labels) for card, labels in group["arms"].items()}
        eff = card_effects(results.seats, arms, focal_bot_row=int(info.get("focal_seat", 0)),
                           correction=info.get("correction", "holm"))
        prefix = f"{group['base']}: " if group.get("base") and len(groups) > 1 else ""
        frames.append(eff.select(headline=pl.lit(prefix + "card ") + pl.col("card"), diff="diff", ci_low="ci_low",
                                 ci_high="ci_high", se="se", n=pl.col("n").cast(pl.Int64),
                                 shown=pl.col("flagged").cast(pl.Boolean)))
    if "tokens" in analyses:
        frames.append(_token_headlines(results, manifest))
    frames = [f.with_columns(unit=pl.lit(PTS), direction=pl.col("diff")) if "unit" not in f.columns else f
              for f in frames]
    if not frames:
        return pl.DataFrame(schema=_COLUMNS)
    return pl.concat([f.cast(_COLUMNS) for f in frames], how="vertical")


def _token_headlines(results: Any, manifest: dict[str, Any]) -> pl.DataFrame:
    """The token section's headlines: each token's fair value in the study's first case, per
    player count (the same estimates, resamples and Holm correction as the section)."""
    from simlab.analysis.tokens import token_arms, token_values
    from simlab.report.tokens import N_BOOT

    groups = token_arms(manifest)
    if not groups:
        return pl.DataFrame(schema=_COLUMNS)
    main = groups[0]["case"]
    rows = []
    for g in (g for g in groups if g["case"] == main):
        where = f"{g['players']}p" + (f" {main}" if main else "")
        for r in token_values(results.seats, g["arms"], n_boot=N_BOOT).iter_rows(named=True):
            rows.append({"headline": f"{where}: token {r['token']} fair value", "diff": r["fair_value"],
                         "ci_low": r["ci_low"], "ci_high": r["ci_high"], "se": r["se"], "n": r["n"],
                         "shown": bool(r["mispriced"] and r["effect_modelled"]), "unit": PRESTIGE,
                         "direction": r["printed"] - r["fair_value"]})
    return pl.DataFrame(rows, schema=_COLUMNS)


def _culling_name(comparison: str) -> str:
    """``2p: policy 0 vs 1`` -> ``2p: cull none vs cull quiddity_first`` (the culling section's words)."""
    from simlab.report.culling import POLICIES

    m = re.fullmatch(r"(\d+)p: policy (\d+) vs (\d+)", comparison)
    if m is None:
        c = re.fullmatch(r"cull_policy=(\d+) players=(\d+): (.*)", comparison)
        return f"{c[2]}p, cull {POLICIES.get(int(c[1]), c[1])}: {c[3]}" if c else comparison
    players, pol, base = map(int, m.groups())
    return f"{players}p: cull {POLICIES.get(pol, pol)} vs cull {POLICIES.get(base, base)}"


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _pts(d: float, lo: float, hi: float, unit: str = PTS) -> str:
    """An estimate and its interval: points of win rate (from a difference of rates) or prestige."""
    k = 100 if unit == PTS else 1

    def one(x: float) -> str:
        return "unbounded" if not np.isfinite(x) else f"{k * x:+.1f}"

    return f"{one(d)} ({one(lo)} to {one(hi)})"


def _verdict(diffs: list[float], shown: list[bool]) -> str:
    signs = {float(np.sign(d)) for d, s in zip(diffs, shown, strict=True) if s}
    if not signs:
        return "not shown at any level"
    if all(shown) and len(signs) == 1:
        return "robust"
    return "bot-dependent"


def section_levels(ctx: Any, results_dir: Path | None) -> None:
    """The report section (see the module docstring); nothing when the scenario has no levels."""
    if results_dir is None:
        return
    found = level_results(Path(results_dir), ctx.manifest)
    if not found:
        return
    doc = ctx.doc
    doc.heading("Robustness across bot levels")
    parsed = (ctx.manifest.get("scenario") or {}).get("parsed") or {}
    swaps = parsed.get("levels") or {}
    scenario_path = (ctx.manifest.get("scenario") or {}).get("path") or "SCENARIO.toml"
    ready = [(lv, res) for lv, _, res, why in found if res is not None and why is None]
    doc.bullets([f"level `{lv}`: " + ", ".join(f"{a} -> {b}" for a, b in swaps.get(lv, {}).items())
                 + (f" ({folder}: {why}; `simlab run {scenario_path} --level {lv}`)"
                    if why else f" (results: {folder})")
                 for lv, folder, _, why in found])
    base = headlines(ctx.results, ctx.manifest)
    if not ready or base.height == 0:
        doc.para("No level can be compared yet" + ("" if base.height else " (this study has no headline contrasts "
                                                   "to re-estimate)") + ".")
        return
    tables = {"study's bots": base} | {lv: headlines(res, res.manifest) for lv, res in ready}
    joined = base.select("headline")
    for name, tab in tables.items():
        joined = joined.join(tab.rename({c: f"{c}|{name}" for c in tab.columns if c != "headline"}),
                             on="headline", how="left")
    names = list(tables)
    rows, verdicts = [], []
    for r in joined.iter_rows(named=True):
        diffs = [r[f"diff|{n}"] for n in names]
        shown = [bool(r[f"shown|{n}"]) for n in names]
        if any(d is None for d in diffs):
            continue  # not at every level (a level leaves out the variants it does not change)
        verdict = _verdict([r[f"direction|{n}"] for n in names], shown)
        verdicts.append(verdict)
        unit = r[f"unit|{names[0]}"]
        cells = [r["headline"] + (" (prestige)" if unit == PRESTIGE else "")]
        for n in names:
            cells.append(_pts(r[f"diff|{n}"], r[f"ci_low|{n}"], r[f"ci_high|{n}"], unit)
                         + ("" if r[f"shown|{n}"] else " n.s."))
        for n in names[1:]:
            change = r[f"diff|{n}"] - r[f"diff|{names[0]}"]
            se = float(np.hypot(r[f"se|{n}"], r[f"se|{names[0]}"]))
            cells.append(_pts(change, change - 1.96 * se, change + 1.96 * se, unit))
        cells.append(verdict)
        rows.append(cells)
    left_out = joined.height - len(rows)
    n_robust = verdicts.count("robust")
    n_dep = verdicts.count("bot-dependent")
    n_none = verdicts.count("not shown at any level")
    doc.para(f"Each headline re-estimated with the same paired contrast and correction at every level "
             f"({', '.join(names)}); differences in points of win rate"
             + ("; token fair values in prestige, \"shown\" where the token section calls the token mispriced, "
                "its sign that of printed minus fair" if (base["unit"] == PRESTIGE).any() else "")
             + "; 95% intervals, \"n.s.\" where the "
             "corrected test does not reject. **Robust**: shown with the same sign at every level; "
             "**bot-dependent**: shown at some level but not all, or with opposite signs. The change column "
             "is the level's estimate minus the study's own"
             + (f"; {_plural(left_out, 'headline', 'headlines')} of variants a level does not change "
                "(the same games) are not listed" if left_out else "") + ".")
    doc.bullets([f"Of {len(verdicts)} headlines, {_plural(n_robust, 'is', 'are')} robust, "
                 f"{_plural(n_dep, 'is', 'are')} bot-dependent and {_plural(n_none, 'is', 'are')} not shown at "
                 "any level."])
    header = ["headline", *[f"{n}" for n in names], *[f"change, {n}" for n in names[1:]], "verdict"]
    doc.table(header, rows)
    dep = [r[0] for r, v in zip(rows, verdicts, strict=True) if v == "bot-dependent"]
    ctx.answer(f"Bot levels ({', '.join(names)}): of {len(verdicts)} headline contrasts, "
               f"{_plural(n_robust, 'holds', 'hold')} at every level (robust), "
               f"{_plural(n_dep, 'depends', 'depend')} on the bots"
               + (f" ({'; '.join(dep[:4])}{'; ...' if len(dep) > 4 else ''})" if dep else "")
               + f", {_plural(n_none, 'is', 'are')} not shown at any level.", rank=5)
