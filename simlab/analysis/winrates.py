"""Win rates with intervals, from the `seats` table of any game."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import polars as pl
from scipy import stats

from simlab.analysis.stats import proportion_ci

__all__ = ["win_rates", "win_value"]

#: :func:`win_rates` reads a seats table of more rows than this a batch of games at a time
BATCH_SEATS = 2_000_000
#: games of one variant in one batch
GAMES_PER_BATCH = 250_000


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
    lf = seats.lazy()

    def sums(part: pl.LazyFrame) -> pl.DataFrame:
        # per group: seat-games, wins, games and the per-game second moments; they add up over
        # batches of whole games, and ss = sum_g (w_g - p n_g)^2 is a quadratic form in them
        return (win_value(part).group_by(*keys, *game).agg(n_g=pl.len(), w_g=pl.col("win").sum())
                .group_by(keys).agg(
                    n=pl.col("n_g").sum(), wins=pl.col("w_g").sum(), games=pl.len(),
                    s_ww=(pl.col("w_g") ** 2).sum(), s_wn=(pl.col("w_g") * pl.col("n_g")).sum(),
                    s_nn=(pl.col("n_g").cast(pl.Float64) ** 2).sum())
                .collect())

    # a large table is read a batch of games at a time (issue 12: memory bounded by the batch, not
    # the study; the shared-win window and the per-game groups of 10 million games held 3-5 GB)
    if lf.select(pl.len()).collect().item() <= BATCH_SEATS:
        parts = [sums(lf)]
    else:
        spans = lf.group_by("variant").agg(lo=pl.col("game_id").min(), hi=pl.col("game_id").max()).collect()
        parts = []
        for v, lo, hi in spans.sort("variant").iter_rows():
            for start in range(int(lo), int(hi) + 1, GAMES_PER_BATCH):
                parts.append(sums(lf.filter((pl.col("variant") == v)
                                            & pl.col("game_id").is_between(start, start + GAMES_PER_BATCH - 1))))
    p = pl.col("wins") / pl.col("n")
    out = (pl.concat(parts).group_by(keys).agg(pl.all().sum())
           .with_columns(ss=(pl.col("s_ww") - 2 * p * pl.col("s_wn") + p ** 2 * pl.col("s_nn")).clip(lower_bound=0.0))
           .drop("s_ww", "s_wn", "s_nn").sort(keys))
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
