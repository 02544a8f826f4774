"""Win rates with intervals, from the `seats` table of any game."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import polars as pl
from scipy import stats

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

    Where a group holds several seats of one game (a bot in two seats), those seat-games are
    dependent (only one of them can win), so the interval is game-clustered: a normal interval
    with the cluster-robust variance of the ratio ``wins / n`` over games,
    ``G / (G - 1) * sum_g ((wins_g - p n_g) / n)^2``. Where every game gives the group one seat,
    the rows are independent and the interval is Wilson's (Clopper-Pearson below 30).

    Returns:
        columns ``*by, n, wins, win_rate, ci_low, ci_high, se, games`` sorted by ``by``: ``se``
        is the (clustered) standard error of the win rate and ``games`` the games behind it.
    """
    keys = list(by)
    game = [c for c in ("variant", "game_id") if c not in keys]
    per_game = (win_value(seats).group_by(*keys, *game).agg(n_g=pl.len(), w_g=pl.col("win").sum()))
    p = pl.col("w_g").sum() / pl.col("n_g").sum()
    out = (per_game.group_by(keys).agg(
        n=pl.col("n_g").sum(), wins=pl.col("w_g").sum(), games=pl.len(),
        ss=((pl.col("w_g") - p * pl.col("n_g")) ** 2).sum())
           .sort(keys).collect())
    n = out["n"].to_numpy().astype(float)
    g = out["games"].to_numpy().astype(float)
    rate = np.where(n > 0, out["wins"].to_numpy() / np.where(n > 0, n, 1.0), np.nan)
    with np.errstate(divide="ignore", invalid="ignore"):
        se_cl = np.sqrt(np.where(g > 1, g / (g - 1), np.nan) * out["ss"].to_numpy()) / n
    se_iid = np.sqrt(rate * (1 - rate) / np.where(n > 0, n, np.nan))
    lo, hi = proportion_ci(out["wins"].to_numpy(), n, alpha=alpha)
    z = float(stats.norm.ppf(1 - alpha / 2))
    several = g < n  # some game gives the group more than one seat
    lo = np.where(several, np.clip(rate - z * se_cl, 0.0, 1.0), lo)
    hi = np.where(several, np.clip(rate + z * se_cl, 0.0, 1.0), hi)
    out = out.drop("ss").with_columns(
        win_rate=pl.Series(rate), ci_low=pl.Series(lo), ci_high=pl.Series(hi),
        se=pl.Series(np.where(several, se_cl, se_iid)), games=pl.col("games").cast(pl.Int64))
    return out.select(*keys, "n", "wins", "win_rate", "ci_low", "ci_high", "se", "games")
