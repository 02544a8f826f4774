"""Quarriors studies kept beside the game: the seat-compensation study (issue 11).

Quarriors' first seat wins well over its share (about 60% of two-player games between greedy
bots). The designer's next question is which handicap would fix it. The compensation setup
options (``setup.start_glory``, ``setup.extra_quiddity``, ``setup.first_turn_dice``: per-seat
lists, seat 1 first; :mod:`simlab.games.quarriors.data`) give candidates, a scenario's
``[[cases]]`` lists them (``scenarios/quarriors_compensation.toml``), and the report section
``compensation`` (:data:`REPORT_SECTIONS`) answers, at each player count, which is the smallest
candidate of each kind that brings every seat within +-1 percentage point of the fair share
1/players, by an equivalence test (TOST on each seat; all seats must pass, an intersection-union
test, so no multiplicity correction is needed).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import polars as pl

from simlab.analysis import equivalence, equivalence_verdict, win_rates
from simlab.games.quarriors.data import SEAT_OPTIONS

__all__ = ["COMPENSATION_MARGIN", "compensation", "section_compensation", "REPORT_SECTIONS"]

COMPENSATION_MARGIN = 0.01  #: every seat within +-1 percentage point of 1/players


def _setting(setup: dict[str, Any], players: int) -> dict[str, tuple[int, ...]]:
    """The compensation options a variant actually uses at its player count (seats beyond it
    are dropped; an option left at the rulebook's value for every seat is left out)."""
    out = {}
    for key, (default, _, _, _) in SEAT_OPTIONS.items():
        vals = list(setup.get(key) or [])[:players]
        vals += [default] * (players - len(vals))
        if any(v != default for v in vals):
            out[key] = tuple(vals)
    return out


def _describe(setting: dict[str, tuple[int, ...]]) -> str:
    if not setting:
        return "none (the rulebook's game)"
    words = {"start_glory": "start glory", "extra_quiddity": "extra quiddity", "first_turn_dice": "first-turn dice"}
    return "; ".join(f"{words[k]} {'/'.join(str(v) for v in vals)}" for k, vals in setting.items())


def _size(setting: dict[str, tuple[int, ...]]) -> int:
    """How much a candidate hands out: the sum over seats of its distance from the rulebook."""
    return sum(abs(v - SEAT_OPTIONS[k][0]) for k, vals in setting.items() for v in vals)


def compensation(seats: pl.LazyFrame | pl.DataFrame, manifest: dict[str, Any],
                 margin: float = COMPENSATION_MARGIN, alpha: float = 0.05) -> pl.DataFrame:
    """Every candidate compensation with each seat's distance from the fair share and the verdict.

    Variants that play the same setting at their player count (a four-seat list at two players)
    are the same games (common random numbers): only the first is kept.

    Returns:
        one row per (players, candidate): ``variant``, ``players``, ``kind`` (the option used, or
        ``none``/``mixed``), ``candidate`` (words), ``size``, ``n`` games, ``gaps`` (each seat's win
        rate minus 1/players) with their 95% intervals (``lows``, ``highs``), ``worst_seat``,
        ``worst_gap`` with its 95% interval, ``all_within``
        (every seat equivalent within +-margin by TOST at ``alpha``), ``p_tost`` (the largest
        seat's TOST p-value) and ``games_needed`` (for the worst seat's TOST, when inconclusive),
        sorted by players, kind, size.
    """
    rates = win_rates(seats, by=("variant", "seat"), alpha=alpha)
    by_variant = {v: part.sort("seat") for (v,), part in rates.group_by("variant", maintain_order=True)}
    rows, seen = [], set()
    for v in manifest.get("variants", []):
        label, players = v.get("label"), int(v.get("players") or 0)
        part = by_variant.get(label)
        if part is None or part.height != players:
            continue
        setting = _setting(v.get("setup") or {}, players)
        key = (players, tuple(sorted(setting.items())))
        if key in seen:
            continue
        seen.add(key)
        fair = 1.0 / players
        gaps = part["win_rate"].to_numpy() - fair
        ses = part["se"].to_numpy()
        n = int(part["games"].max())
        tests = [equivalence(g, s, margin, alpha=alpha) for g, s in zip(gaps, ses, strict=True)]
        worst = int(np.argmax(np.abs(gaps)))
        verdict = equivalence_verdict(gaps[worst], ses[worst], n, margin, alpha=alpha)
        kinds = list(setting)
        rows.append({
            "variant": label, "players": players,
            "kind": "none" if not kinds else kinds[0] if len(kinds) == 1 else "mixed",
            "candidate": _describe(setting), "size": _size(setting), "n": n,
            "gaps": [float(g) for g in gaps],
            "lows": [float(x - fair) for x in part["ci_low"]], "highs": [float(x - fair) for x in part["ci_high"]],
            "worst_seat": worst,
            "worst_gap": float(gaps[worst]), "worst_low": float(part["ci_low"][worst] - fair),
            "worst_high": float(part["ci_high"][worst] - fair),
            "all_within": all(t["equivalent"] for t in tests),
            "p_tost": float(max(t["p_value"] for t in tests)),
            "games_needed": verdict.get("games_needed"),
        })
    schema = {"variant": pl.String, "players": pl.Int64, "kind": pl.String, "candidate": pl.String,
              "size": pl.Int64, "n": pl.Int64, "gaps": pl.List(pl.Float64), "lows": pl.List(pl.Float64),
              "highs": pl.List(pl.Float64), "worst_seat": pl.Int64,
              "worst_gap": pl.Float64, "worst_low": pl.Float64, "worst_high": pl.Float64,
              "all_within": pl.Boolean, "p_tost": pl.Float64, "games_needed": pl.Int64}
    return pl.DataFrame(rows, schema=schema).sort("players", "kind", "size", "candidate")


_KIND_WORDS = {"start_glory": "start-glory", "extra_quiddity": "extra-quiddity",
               "first_turn_dice": "first-turn-dice", "mixed": "mixed"}


def _pts(x: float) -> str:
    return f"{100 * x:+.1f}"


def _gap_words(r: dict[str, Any]) -> str:
    seats = ", ".join(f"seat {i + 1} {_pts(g)}" for i, g in enumerate(r["gaps"]))
    return f"{seats} pts from fair (n = {r['n']:,} games)"


def section_compensation(ctx) -> None:
    """Report section ``compensation``: per player count, the rulebook's seat gaps, then for
    each kind of handicap the smallest candidate that puts every seat within +-1 point of fair by
    TOST (or the closest one and the games a finer answer needs); then every candidate."""
    from simlab.report import charts

    doc = ctx.doc
    doc.heading("Which handicap makes the seats fair?")
    table = compensation(ctx.results.seats, ctx.manifest)
    m = f"+-{100 * COMPENSATION_MARGIN:.0f} point"
    doc.para(f"Each candidate hands later seats a head start (or the first seat a smaller first roll). "
             f"A candidate passes when every seat's win rate is within {m} of 1/players by an "
             f"equivalence test (TOST, 90% interval inside the margin, each seat; all must pass). "
             f"Candidates of one kind are tried from the smallest up; size is the sum over seats of "
             f"the distance from the rulebook's setup. All variants play the same seeds. Seats are "
             f"numbered from 1 here (seat 1 plays first; the seat tables below count from 0).")
    lines = []
    for (players,), part in table.group_by("players", maintain_order=True):
        base = part.filter(pl.col("kind") == "none")
        head = f"**{players} players"
        worst0 = float("inf")
        if base.height:
            b = base.row(0, named=True)
            worst0 = abs(b["worst_gap"])
            head += (f"** (the rulebook's game: {_gap_words(b)}; seat {b['worst_seat'] + 1} "
                     f"{_pts(b['worst_low'])} to {_pts(b['worst_high'])}): ")
        else:
            head += ":** "
        passed, failed = [], []
        for (kind,), kp in part.filter(pl.col("kind") != "none").group_by("kind", maintain_order=True):
            ok = kp.filter(pl.col("all_within")).sort("size")
            if ok.height:
                r = ok.row(0, named=True)
                passed.append(f"**{r['candidate']} passes** ({_gap_words(r)})")
                continue
            r = kp.sort(pl.col("worst_gap").abs()).row(0, named=True)
            need = f"; about {r['games_needed']:,} games would settle it" if r["games_needed"] else ""
            worse = (", and every one leaves a seat further from fair than no handicap"
                     if abs(r["worst_gap"]) > worst0 else "")
            failed.append(f"no {_KIND_WORDS.get(kind, kind)} candidate passes{worse}: the closest, "
                          f"{r['candidate']}, leaves seat {r['worst_seat'] + 1} at {_pts(r['worst_gap'])} pts "
                          f"({_pts(r['worst_low'])} to {_pts(r['worst_high'])}){need}")
        lines.append(head + "; ".join(passed + failed) + ".")
    for i, line in enumerate(lines):
        ctx.answer(line, rank=5 + i)
    doc.bullets(lines)
    doc.table(["players", "candidate", "size", "seat gaps from fair (pts)", "worst seat, 95% interval",
               f"all seats within {m} (TOST)", "n (games)"],
              [[r["players"], r["candidate"], r["size"], " / ".join(_pts(g) for g in r["gaps"]),
                f"seat {r['worst_seat'] + 1}: {_pts(r['worst_low'])} to {_pts(r['worst_high'])}",
                "yes" if r["all_within"] else "no", f"{r['n']:,}"]
               for r in table.iter_rows(named=True)])
    for (players,), part in table.group_by("players", maintain_order=True):
        long = pl.DataFrame([
            {"candidate": r["candidate"], "seat": f"seat {i + 1}", "gap": g, "lo": lo, "hi": hi}
            for r in part.iter_rows(named=True)
            for i, (g, lo, hi) in enumerate(zip(r["gaps"], r["lows"], r["highs"], strict=True))])
        ranked = part.sort(pl.col("worst_gap").abs())["candidate"].to_list()  # fairest first (left, or bottom row)
        fig = charts.metric_by_variant_chart(
            long, "gap", x="candidate", lo="lo", hi="hi", group="seat", reference=0.0, order=ranked,
            title=f"{players} players: each seat's win rate minus its fair share (95%; the fairest candidate first)",
            ylabel="win rate minus 1/players (percentage points)")
        ctx.save(fig, f"compensation_{players}p", f"Seat gaps from fair per candidate, {players} players")


REPORT_SECTIONS = {"compensation": section_compensation}
