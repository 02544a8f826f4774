"""Win rates with intervals, from the `seats` table of any game."""

from __future__ import annotations

from collections.abc import Sequence

import polars as pl

from simlab.analysis.stats import proportion_ci

__all__ = ["win_rates", "win_value"]


def win_value(seats: pl.LazyFrame | pl.DataFrame, name: str = "win") -> pl.LazyFrame:
    """The seats table (lazy) with a Float64 column ``name``: what the seat's result is worth.

    1.0 for an outright win, 0.0 for a loss, and ``1/k`` for each of the k sharers of a shared
    win when the table has ``shared_win`` (Quarriors: ``won`` is False and ``shared_win`` is 1 on
    each sharer). The values of the seats of a game add up to 1 (or 0 for a draw nobody shares).
    """
    lf = seats.lazy()
    cols = lf.collect_schema().names()
    win = pl.col("won").cast(pl.Float64)
    if "shared_win" in cols:
        # a k-way shared win is worth 1/k to each sharer
        sharers = pl.col("shared_win").cast(pl.Float64).sum().over("variant", "game_id")
        win = win + pl.when(pl.col("shared_win") > 0).then(1.0 / sharers).otherwise(0.0)
    return lf.with_columns(win.alias(name))


def win_rates(seats: pl.LazyFrame | pl.DataFrame, by: Sequence[str] = ("variant", "bot"),
              alpha: float = 0.05) -> pl.DataFrame:
    """Win rate of each group of seats with its interval and n.

    A shared win counts as half a win for each sharer when the table has ``shared_win``
    (Quarriors), so a group's rates over all seats add up to 1 per game.

    Returns:
        columns ``*by, n, wins, win_rate, ci_low, ci_high`` sorted by ``by``.
    """
    out = (win_value(seats).group_by(list(by)).agg(n=pl.len(), wins=pl.col("win").sum())
           .sort(list(by)).collect())
    lo, hi = proportion_ci(out["wins"].to_numpy(), out["n"].to_numpy(), alpha=alpha)
    return out.with_columns(win_rate=pl.col("wins") / pl.col("n"), ci_low=pl.Series(lo), ci_high=pl.Series(hi))
