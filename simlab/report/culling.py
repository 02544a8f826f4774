"""The report section of the Quarriors culling study (``analyses = ["culling"]``).

Expects the design of scenarios/quarriors_culling.toml: bot row 0 is the focal bot whose
``cull_policy`` (and optionally ``cull_delta``) is swept; the other rows are the field.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import polars as pl

from simlab.analysis import adjust, equivalence_verdict, excludes, proportion_ci
from simlab.analysis.culling import (
    POLICY_PATH,
    composition_over_turns,
    cull_arms,
    cull_value,
    first_scorer_edge,
    level3_swing,
    policy_arms,
)
from simlab.analysis.winrates import win_value
from simlab.report import charts
from simlab.report.render import MARGIN_WORDS, WIN_MARGIN, equivalence_words, pairing_words

DELTA_PATH = "seats.0.params.cull_delta"
POLICIES = {0: "none", 1: "quiddity_first", 2: "assistant_first", 3: "weakest", 4: "ev"}


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _iv(lo: float, hi: float) -> str:
    return f"({100 * lo:.1f} to {100 * hi:.1f})"


def _pts(x: float) -> str:
    return f"{100 * x:+.1f} points"


def _no_diff(r: dict[str, Any]) -> str:
    """Words for a paired difference not shown to differ from 0 (cull_value row): equivalence or inconclusive."""
    return equivalence_words(equivalence_verdict(r["diff"], r["se"], r["n"], WIN_MARGIN, different=False),
                             MARGIN_WORDS)


def _all_above(part: pl.DataFrame) -> str:
    """Whether every variant's 95% interval of the difference lies above 0, in words."""
    k = int(excludes(part["ci_low"].to_numpy(), np.inf).sum())  # numpy: a NaN bound is no finding
    return (f"the difference's interval is above 0 in all {part.height} variants" if k == part.height
            else f"the difference's interval is above 0 in {k} of {part.height} variants")


def _pooled(contrasts: pl.DataFrame):
    """Per player count: the variants' rows and the pooled n and win rate of the yes/no groups."""
    for players in sorted(contrasts["players"].unique()):
        part = contrasts.filter(pl.col("players") == players)
        n_yes, n_no = int(part["n_yes"].sum()), int(part["n_no"].sum())
        w_yes = float((part["win_yes"] * part["n_yes"]).sum() / n_yes)
        w_no = float((part["win_no"] * part["n_no"]).sum() / n_no)
        yield players, part, n_yes, w_yes, n_no, w_no


def variant_frame(manifest: dict[str, Any]) -> pl.DataFrame:
    """variant label -> players, policy name, cull_delta (0 when not swept)."""
    rows = []
    for v in manifest.get("variants", []):
        sweep = v.get("sweep", {})
        pol = sweep.get(POLICY_PATH)
        rows.append({"variant": v["label"], "players": int(v["players"]),
                     "policy": POLICIES.get(int(pol), str(pol)) if pol is not None else "default",
                     "cull_delta": int(sweep.get(DELTA_PATH, 0))})
    return pl.DataFrame(rows)


def section_culling(ctx) -> None:
    """Policies against the field, the value of one cull, glory per turn and game length, deck
    composition over turns, and the three player claims."""
    doc = ctx.doc
    vf = variant_frame(ctx.manifest)
    seats = win_value(ctx.results.seats).join(vf.lazy(), on="variant")
    focal = seats.filter((pl.col("bot_row") == 0) & (pl.col("cull_delta") == 0))

    # 1. policies against the field
    doc.heading("Cull policies against the field")
    tab = (focal.group_by("players", "policy").agg(n=pl.len(), wins=pl.col("win").sum(),
                                                   glory_per_turn=(pl.col("score") / pl.col("turns_taken")).mean(),
                                                   glory_per_turn_sd=(pl.col("score") / pl.col("turns_taken")).std(),
                                                   own_turns=pl.col("turns_taken").mean())
           .sort("players", "policy").collect())
    m = max(1, tab.height)
    lo, hi = proportion_ci(tab["wins"].to_numpy(), tab["n"].to_numpy())
    blo, bhi = proportion_ci(tab["wins"].to_numpy(), tab["n"].to_numpy(), alpha=0.05 / m)
    tab = tab.with_columns(win_rate=pl.col("wins") / pl.col("n"), ci_low=pl.Series(lo), ci_high=pl.Series(hi),
                           bonf_low=pl.Series(blo), bonf_high=pl.Series(bhi))
    doc.para("The focal bot (a greedy buyer) plays the listed cull policy; every other seat is the "
             "field (greedy, culls Basic Quiddity first). Seats rotate. Fair share = 1/players. A "
             f"policy is called better or worse only if its Bonferroni-corrected interval (m={m}) "
             "excludes the fair share.")
    sentences = []
    for r in tab.iter_rows(named=True):
        fair = 1.0 / r["players"]
        if r["bonf_low"] > fair or r["bonf_high"] < fair:
            verdict = ("above" if r["bonf_low"] > fair else "below") + f" the fair share of {_pct(fair)}"
        else:  # "fair" only from an equivalence test at the same corrected level
            p = r["win_rate"]
            v = equivalence_verdict(p - fair, (p * (1 - p) / r["n"]) ** 0.5, r["n"], WIN_MARGIN, alpha=0.05 / m,
                                    different=False)
            verdict = f"against the fair share of {_pct(fair)}: {equivalence_words(v, MARGIN_WORDS)}"
        sentences.append(f"{r['players']} players, cull {r['policy']}: wins {_pct(r['win_rate'])} "
                         f"{_iv(r['ci_low'], r['ci_high'])} of {r['n']:,} games, {verdict}.")
    doc.bullets(sentences)
    doc.table(["players", "policy", "win rate", "95% interval", "n", "glory per own turn", "own turns"],
              [[r["players"], r["policy"], _pct(r["win_rate"]), _iv(r["ci_low"], r["ci_high"]), f"{r['n']:,}",
                f"{r['glory_per_turn']:.3f} (sd {r['glory_per_turn_sd']:.2f})", f"{r['own_turns']:.2f}"]
               for r in tab.iter_rows(named=True)])
    ctx.save(charts.metric_by_variant_chart(tab.with_columns(pl.col("players").cast(pl.String)), x="policy",
                                            group="players", title="Focal bot's win rate by cull policy (95%)"),
             "culling_policies", "Win rate of the focal bot by cull policy and player count")

    # 1b. each policy against the field's own policy, paired on the same seeds (issue 11)
    parms = policy_arms(ctx.manifest)
    if parms:
        doc.heading("Each policy against the field's policy (paired)")
        prow = cull_value(ctx.results.seats, parms).to_dicts()
        preject, ppadj = adjust(np.array([r["p_value"] for r in prow]), method="holm")
        doc.para("The focal bot's win rate with each policy minus its win rate with the field's own policy "
                 "(Basic Quiddity first, the mirror match), on the same game seeds: a paired difference per "
                 f"game. Holm correction over {len(prow)} comparisons; a difference is claimed only where it "
                 "rejects, \"within ±" + MARGIN_WORDS + "\" only from an equivalence test.")
        def name(c: str, short: bool = False) -> str:
            players, pol, base = map(int, re.match(r"(\d+)p: policy (\d+) vs (\d+)", c).groups())
            return (f"cull {POLICIES.get(pol, pol)}" if short
                    else f"{players}p: cull {POLICIES.get(pol, pol)} vs cull {POLICIES.get(base, base)}")

        words = [name(r["comparison"]) + f": {_pts(r['diff'])} {_iv(r['ci_low'], r['ci_high'])}, n={r['n']:,} "
                 "paired games" + (" (Holm: real)" if rej else f" ({_no_diff(r)})")
                 for r, rej in zip(prow, preject, strict=True)]
        doc.bullets(words)
        doc.para(pairing_words([r["variance_reduction"] for r in prow]))
        doc.table(["comparison", "win with policy", "win with field's policy", "difference", "95% interval", "n",
                   "p", "Holm p"],
                  [[name(r["comparison"]), _pct(r["win_treated"]), _pct(r["win_baseline"]), _pts(r["diff"]),
                    _iv(r["ci_low"], r["ci_high"]), f"{r['n']:,}", f"{r['p_value']:.3g}", f"{p:.3g}"]
                   for r, p in zip(prow, ppadj, strict=True)])
        for players in sorted({int(c.split("p:")[0]) for c in parms}):
            part = [(r, rej) for r, rej in zip(prow, preject, strict=True)
                    if r["comparison"].startswith(f"{players}p:")]
            cells = [f"{name(r['comparison'], short=True)} {_pts(r['diff'])} {_iv(r['ci_low'], r['ci_high'])}"
                     + ("" if rej else " (n.s.)") for r, rej in part]
            ctx.answer(f"{players} players, each cull policy against the field's (Basic Quiddity first), paired: "
                       + "; ".join(cells) + f"; n = {part[0][0]['n']:,} paired games each.", rank=10 + players)

    # 2. the value of one cull
    arms = cull_arms(ctx.manifest)
    if arms:
        doc.heading("The value of one cull")
        every = cull_value(ctx.results.seats, arms).to_dicts()
        # an arm that replays the very same games (a bot that never culls, one cull fewer) is no test
        same = [r["comparison"] for r in every if r["identical"]]
        rows = [r for r in every if not r["identical"]]
        reject, padj = adjust(np.array([r["p_value"] for r in rows]), method="holm")
        doc.para("Same seeds with one extra (+1) or one fewer (-1) cull at the focal bot's first scoring, "
                 "against the usual number: paired differences in its win rate. Holm correction over "
                 f"{len(rows)} comparisons; a change is claimed only where it rejects."
                 + (f" Not tested, because both arms played the very same games: {', '.join(same)}." if same else ""))
        doc.bullets([f"{r['comparison']}: {_pts(r['diff'])} {_iv(r['ci_low'], r['ci_high'])}, n={r['n']:,} "
                     f"paired games" + (" (Holm: real)" if rej else f" ({_no_diff(r)})")
                     for r, rej in zip(rows, reject, strict=True)])
        doc.para(pairing_words([r["variance_reduction"] for r in rows]))
        doc.table(["comparison", "difference", "95% interval", "n", "p", "Holm p"],
                  [[r["comparison"], _pts(r["diff"]), _iv(r["ci_low"], r["ci_high"]), f"{r['n']:,}",
                    f"{r['p_value']:.3g}", f"{p:.3g}"] for r, p in zip(rows, padj, strict=True)])

    # 3. deck composition
    doc.heading("Deck composition over turns")
    comp = composition_over_turns(focal, by=("players", "policy"))
    doc.para("Mean dice and Basic Quiddity owned by the focal bot at the start of its own turns 3, 6 "
             "and 9 (seats whose game had ended before a turn are left out of that turn; n shown).")
    doc.table(["players", "policy", "own turn", "n", "dice", "Basic Quiddity", "share"],
              [[r["players"], r["policy"], r["turn"], f"{r['n']:,}", f"{r['dice_owned']:.2f}",
                f"{r['quiddity_owned']:.2f}", _pct(r["quiddity_share"])] for r in comp.iter_rows(named=True)])
    comp2 = comp.filter(pl.col("players") == comp["players"].min()).with_columns(
        ci_low=pl.col("quiddity_share"), ci_high=pl.col("quiddity_share"), turn=pl.col("turn").cast(pl.String))
    ctx.save(charts.metric_by_variant_chart(comp2, y="quiddity_share", x="turn", group="policy",
                                            title=f"Basic Quiddity share of the collection, {comp['players'].min()} "
                                                  "players", ylabel="share (%)"),
             "culling_composition", "Basic Quiddity share of the focal bot's collection over its turns")

    # 4. claims
    doc.heading("Claims players make")
    claims = []
    base_none = {r["players"]: r["variant"] for r in vf.filter((pl.col("policy") == "none")
                                                                & (pl.col("cull_delta") == 0)).iter_rows(named=True)}
    base_q = {r["players"]: r["variant"] for r in vf.filter((pl.col("policy") == "quiddity_first")
                                                             & (pl.col("cull_delta") == 0)).iter_rows(named=True)}
    both = sorted(set(base_none) & set(base_q))
    coppers = cull_value(ctx.results.seats, {p: (base_q[p], base_none[p]) for p in both})
    for r in coppers.iter_rows(named=True):
        real = r["ci_low"] > 0 or r["ci_high"] < 0
        claims.append(f"Culling Basic Quiddity first vs never culling, {r['comparison']} players: {_pts(r['diff'])} "
                      f"{_iv(r['ci_low'], r['ci_high'])} for the focal bot, n={r['n']:,} paired games"
                      + (" — the interval excludes 0." if real else f" — {_no_diff(r)}."))
    fs = first_scorer_edge(seats.filter(pl.col("cull_delta") == 0).collect())
    fs = fs.join(vf.select("variant", "players", "policy"), on="variant")
    for players, part, n_yes, w_yes, n_no, w_no in _pooled(fs):
        claims.append(f"First player to score, {players} players (observational, all policies): wins "
                      f"{_pct(w_yes)} of {n_yes:,} seat-games against {_pct(w_no)} for the others; compared "
                      "within each seat (so seat order cannot create the edge), per-variant differences range "
                      f"{_pts(float(part['diff'].min()))} to {_pts(float(part['diff'].max()))} (seats pooled: "
                      f"{_pts(float(part['diff_unstratified'].min()))} to "
                      f"{_pts(float(part['diff_unstratified'].max()))}); " + _all_above(part) + ".")
    l3 = level3_swing(seats.filter(pl.col("cull_delta") == 0).collect()).join(
        vf.select("variant", "players"), on="variant")
    for players, part, n_yes, w_yes, n_no, w_no in _pooled(l3):
        claims.append(f"Summoning a level-3 creature, {players} players (observational): seats that did win "
                      f"{_pct(w_yes)} of {n_yes:,} against {_pct(w_no)} of {n_no:,} that did not; "
                      + _all_above(part) + ".")
    doc.bullets(claims)
    doc.para("The first-scorer and level-3 comparisons are observational: a seat that is doing well both "
             "scores early (or can afford level 3) and wins, so they measure association, not cause. Their "
             "intervals are game-clustered: the seats of one game fall in both groups and their results are "
             "dependent (one seat's win is another's loss), so treating them as independent would understate "
             "the uncertainty.")
