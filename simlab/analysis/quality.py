"""Game quality from the per-round scores: margin, lead changes, the round the winner took the
lead for good, comebacks, and score curves by round (issue 11).

The games table of a game that keeps its scores round by round carries ``rounds``, ``margin``,
``lead_changes``, ``lead_round`` and ``winner_deficit`` (built by
:func:`simlab.games.rounds.round_columns`), and its seats table ``round_scores``. Other games'
tables lack them, and :func:`has_rounds` says so.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import polars as pl
from scipy import stats

from simlab.analysis.stats import proportion_ci

__all__ = ["has_rounds", "game_quality", "behind_at_half", "kingmaker_positions", "score_curves"]

_QUALITY = ("rounds", "margin", "lead_changes", "lead_round", "winner_deficit")


def has_rounds(games: pl.LazyFrame | pl.DataFrame) -> bool:
    """The games table has the per-round quality columns."""
    names = games.lazy().collect_schema().names()
    return all(c in names for c in _QUALITY)


def _mean_ci(total: float, squares: float, n: int, alpha: float) -> tuple[float, float, float]:
    """Mean and its normal interval from a sum and a sum of squares of n values."""
    if n <= 0:
        return float("nan"), float("nan"), float("nan")
    mean = total / n
    var = max(squares / n - mean * mean, 0.0) * n / max(n - 1, 1)
    half = float(stats.norm.ppf(1 - alpha / 2)) * np.sqrt(var / n)
    return mean, mean - half, mean + half


def behind_at_half(games: pl.LazyFrame | pl.DataFrame, seats: pl.LazyFrame | pl.DataFrame) -> pl.LazyFrame:
    """Per decided game (``variant, game_id``): ``behind`` = the winner was strictly behind the
    best other seat at the end of the game's middle round (round ``ceil(rounds / 2)``), from the
    seats' ``round_scores``; games whose middle round is past the kept history are left out."""
    g = games.lazy().filter(pl.col("winner") >= 0).select(
        "variant", "game_id", "winner", ((pl.col("rounds").cast(pl.Int64) + 1) // 2).alias("mid"))
    at = (seats.lazy().select("variant", "game_id", "seat", "round_scores")
          .join(g, on=["variant", "game_id"])
          .filter(pl.col("round_scores").list.len() >= pl.col("mid"))
          .with_columns(pl.col("round_scores").list.get(pl.col("mid") - 1).alias("at")))
    win = pl.col("seat").cast(pl.Int64) == pl.col("winner").cast(pl.Int64)
    return (at.group_by("variant", "game_id")
            .agg(mine=pl.col("at").filter(win).first(), best=pl.col("at").filter(~win).max())
            .select("variant", "game_id", (pl.col("mine") < pl.col("best")).alias("behind")))


def kingmaker_positions(games: pl.LazyFrame | pl.DataFrame, seats: pl.LazyFrame | pl.DataFrame) -> pl.LazyFrame:
    """Per decided game of 3 or more seats (``variant, game_id``): ``kingmaker`` = the last round
    began in a kingmaker position, read from the seats' ``round_scores``.

    A position is a proxy for "the last player decides between the first two" (issue 11), not a
    measurement of what the last player did: at the end of the next-to-last round (a) the seat
    that finishes last alone trailed the best seat by more than ``swing``, the largest score gain
    any seat made in one round of that game, so it could not catch up, and (b) the seats that
    finish first and second were at most ``swing`` apart, so the race between them was open.
    Games of fewer than 2 rounds, with a shared last place, or whose history was cut short
    (rounds past the kept ones) are left out. The final order is the seats' ``score`` (the
    last kept round's score where the table has none).
    """
    g = (games.lazy().filter(pl.col("winner") >= 0)
         .select("variant", "game_id", pl.col("rounds").cast(pl.Int64).alias("r")))
    lf = seats.lazy()
    final = pl.col("score") if "score" in lf.collect_schema().names() else pl.col("round_scores").list.last()
    s = (lf.select("variant", "game_id", "seat", final.cast(pl.Float64).alias("score"), "round_scores")
         .join(g, on=["variant", "game_id"])
         .filter((pl.col("r") >= 2) & (pl.col("round_scores").list.len() >= pl.col("r")))
         .with_columns(before=pl.col("round_scores").list.get(pl.col("r") - 2).cast(pl.Float64),
                       gain=pl.col("round_scores").list.diff().list.max().cast(pl.Float64)))
    rank = pl.col("score").rank("ordinal", descending=True).over("variant", "game_id")
    s = s.with_columns(place=rank)
    per = (s.group_by("variant", "game_id")
           .agg(seats=pl.len(), swing=pl.col("gain").max(), best=pl.col("before").max(),
                low=pl.col("score").min(), n_low=(pl.col("score") == pl.col("score").min()).sum(),
                last=pl.col("before").sort_by("score").first(),
                first=pl.col("before").filter(pl.col("place") == 1).first(),
                second=pl.col("before").filter(pl.col("place") == 2).first())
           .filter((pl.col("seats") >= 3) & (pl.col("n_low") == 1)))
    swing = pl.col("swing").fill_null(0.0).clip(lower_bound=0.0)
    king = ((pl.col("best") - pl.col("last") > swing) & ((pl.col("first") - pl.col("second")).abs() <= swing))
    return per.select("variant", "game_id", king.alias("kingmaker"))


def _regroup(table: pl.LazyFrame | pl.DataFrame, groups: Mapping[str, str]) -> pl.LazyFrame:
    """Rows of the variants named in ``groups`` with ``variant`` replaced by the group's label and
    ``game_id`` made unique across the variants pooled (paired variants share game ids)."""
    keys = pl.LazyFrame({"variant": list(groups), "_group": list(groups.values()),
                         "_vi": np.arange(len(groups), dtype=np.int64)})
    return (table.lazy().join(keys, on="variant", how="inner")
            .with_columns(variant=pl.col("_group"),
                          game_id=pl.col("_vi") * (1 << 32) + pl.col("game_id").cast(pl.Int64))
            .drop("_group", "_vi"))


def game_quality(games: pl.LazyFrame | pl.DataFrame, seats: pl.LazyFrame | pl.DataFrame | None = None,
                 alpha: float = 0.05, groups: Mapping[str, str] | None = None) -> pl.DataFrame:
    """The game-quality figures of each variant, each with its interval and n.

    Returns:
        one row per variant: ``n`` games; ``rounds``, ``margin`` (final score gap between the
        first two) and ``lead_changes`` as means with their intervals (``*_low``/``*_high``);
        over the ``decided`` games (one winner): ``lead_round`` (mean round from which the winner
        led alone for good), ``late_lead`` (share of winners who took the lead for good only in
        the second half of the game, ``lead_round > rounds / 2``) and ``never_behind`` (share
        of winners who never trailed at a round end), shares with Wilson intervals; with
        ``seats``, ``comeback``: the share of winners who were behind at the end of the middle
        round (:func:`behind_at_half`), over ``comeback_n`` games, and at 3 or more seats
        ``kingmaker``: the share of games whose last round began in a kingmaker position
        (:func:`kingmaker_positions`), over ``kingmaker_n`` games (0 at 2 seats).

        With ``groups`` (variant label -> group label) the variants are pooled by group, and the
        ``variant`` column holds the group's label (variants left out of ``groups`` are left out).
    """
    if groups is not None:
        games = _regroup(games, groups)
        seats = _regroup(seats, groups) if seats is not None else None
    lf = games.lazy()
    won = pl.col("winner") >= 0
    leads = pl.col("lead_round") > 0
    sums = [pl.len().alias("n")]
    for c in ("rounds", "margin", "lead_changes"):
        sums += [pl.col(c).cast(pl.Float64).sum().alias(f"{c}_s"),
                 (pl.col(c).cast(pl.Float64) ** 2).sum().alias(f"{c}_q")]
    sums += [won.sum().alias("decided"), leads.sum().alias("lead_n"),
             pl.col("lead_round").cast(pl.Float64).filter(leads).sum().alias("lead_s"),
             (pl.col("lead_round").cast(pl.Float64) ** 2).filter(leads).sum().alias("lead_q"),
             (won & (pl.col("winner_deficit") == 0)).sum().alias("never"),
             (won & (pl.col("lead_round") > pl.col("rounds") / 2)).sum().alias("late")]
    agg = lf.group_by("variant").agg(sums).collect(engine="streaming").sort("variant")
    rows = []
    for r in agg.to_dicts():
        n = int(r["n"])
        row = {"variant": r["variant"], "n": n}
        for c in ("rounds", "margin", "lead_changes"):
            row[c], row[f"{c}_low"], row[f"{c}_high"] = _mean_ci(r[f"{c}_s"], r[f"{c}_q"], n, alpha)
        decided = int(r["decided"])
        row["decided"] = decided
        row["lead_round"], row["lead_round_low"], row["lead_round_high"] = _mean_ci(
            r["lead_s"] or 0.0, r["lead_q"] or 0.0, int(r["lead_n"]), alpha)
        for name, k in (("never_behind", r["never"]), ("late_lead", r["late"])):
            _share(row, name, int(k), decided, alpha)
        rows.append(row)
    if seats is not None and rows:
        back = (behind_at_half(games, seats).group_by("variant")
                .agg(k=pl.col("behind").sum(), n=pl.len()).collect(engine="streaming"))
        counts = {r["variant"]: (int(r["k"]), int(r["n"])) for r in back.to_dicts()}
        for row in rows:
            k, n = counts.get(row["variant"], (0, 0))
            _share(row, "comeback", k, n, alpha)
            row["comeback_n"] = n
        king = (kingmaker_positions(games, seats).group_by("variant")
                .agg(k=pl.col("kingmaker").sum(), n=pl.len()).collect(engine="streaming"))
        counts = {r["variant"]: (int(r["k"]), int(r["n"])) for r in king.to_dicts()}
        for row in rows:
            k, n = counts.get(row["variant"], (0, 0))
            _share(row, "kingmaker", k, n, alpha)
            row["kingmaker_n"] = n
    return pl.DataFrame(rows) if rows else pl.DataFrame(schema={"variant": pl.String, "n": pl.Int64})


def _share(row: dict, name: str, k: int, n: int, alpha: float) -> None:
    if n:
        lo, hi = proportion_ci(k, n, alpha=alpha)
        row[name], row[f"{name}_low"], row[f"{name}_high"] = k / n, float(lo), float(hi)
    else:
        row[name] = row[f"{name}_low"] = row[f"{name}_high"] = float("nan")


def score_curves(seats: pl.LazyFrame | pl.DataFrame, alpha: float = 0.05, by: tuple[str, ...] = ("seat",),
                 variants: list[str] | None = None) -> pl.DataFrame:
    """Mean score at the end of each round, per variant and ``by`` (seat, or bot), with intervals.

    A round's mean is over the games that reached its end (``n`` says how many): games that end
    earlier drop out, so late rounds describe the long games.

    Returns:
        columns ``variant, *by, round, n, mean, ci_low, ci_high`` (round 1 first).
    """
    lf = seats.lazy()
    if variants is not None:
        lf = lf.filter(pl.col("variant").is_in(variants))
    keys = ["variant", *by]
    z = float(stats.norm.ppf(1 - alpha / 2))
    out = (lf.select(*keys, "round_scores")
           .with_columns(pl.int_ranges(1, pl.col("round_scores").list.len() + 1).alias("round"))
           .explode("round_scores", "round")
           .drop_nulls("round_scores")
           .group_by(*keys, "round")
           .agg(n=pl.len(), mean=pl.col("round_scores").cast(pl.Float64).mean(),
                sd=pl.col("round_scores").cast(pl.Float64).std())
           .collect(engine="streaming"))
    half = z * out["sd"].fill_null(0.0) / out["n"].cast(pl.Float64).sqrt()
    return (out.with_columns(ci_low=pl.col("mean") - half, ci_high=pl.col("mean") + half)
            .drop("sd").sort(*keys, "round"))
