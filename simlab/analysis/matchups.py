"""Seat advantage, game length, end reasons, bot-versus-bot matchups and Bradley-Terry ratings.

Every function reads the common result tables (``seats`` or ``games``, LazyFrame or DataFrame)
and so works for every game. Win rates count a k-way shared win as 1/k to each sharer (see
:func:`simlab.analysis.winrates.win_value`); intervals come from
:func:`simlab.analysis.stats.proportion_ci` (Wilson, Clopper-Pearson below 30 games).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import polars as pl
from scipy import optimize, stats

from simlab.analysis.stats import proportion_ci
from simlab.analysis.winrates import win_rates, win_value

__all__ = ["seat_advantage", "game_lengths", "end_reasons", "matchup_matrix", "bradley_terry"]


def _with_ci(df: pl.DataFrame, k: str, n: str, alpha: float, prefix: str = "") -> pl.DataFrame:
    lo, hi = proportion_ci(df[k].to_numpy(), df[n].to_numpy(), alpha=alpha)
    return df.with_columns(pl.Series(f"{prefix}ci_low", lo, dtype=pl.Float64),
                           pl.Series(f"{prefix}ci_high", hi, dtype=pl.Float64))


def seat_advantage(seats: pl.LazyFrame | pl.DataFrame, alpha: float = 0.05) -> pl.DataFrame:
    """Win rate of each seat (turn order) in each variant.

    Args:
        seats: the ``seats`` table.
        alpha: 1 - confidence level.

    Returns:
        columns ``variant, seat, n, win_rate, ci_low, ci_high`` (+ ``wins``), sorted by variant
        and seat: ``n`` seat-games, ``wins`` their win value (shared wins 1/k), ``win_rate`` =
        wins / n, and its interval (Wilson; Clopper-Pearson when n < 30). With seats rotated
        between bots, a fair game has every seat near 1/players.
    """
    out = win_rates(seats, by=("variant", "seat"), alpha=alpha)
    return out.select("variant", "seat", pl.col("n").cast(pl.Int64), "win_rate", "ci_low", "ci_high", "wins")


def _quantile_of_counts(values: np.ndarray, counts: np.ndarray, q: float) -> float:
    """The q-quantile (linear interpolation, as polars') of sorted ``values`` each seen ``counts`` times."""
    n = int(counts.sum())
    ends = np.cumsum(counts)  # order statistics ends[i-1] .. ends[i]-1 are values[i]
    pos = q * (n - 1)
    lo = int(np.floor(pos))
    a = float(values[np.searchsorted(ends, lo, side="right")])
    b = float(values[np.searchsorted(ends, min(lo + 1, n - 1), side="right")])
    return a + (b - a) * (pos - lo)


def game_lengths(games: pl.LazyFrame | pl.DataFrame, column: str = "turns") -> pl.DataFrame:
    """Distribution of game length (``turns``, or another length column such as ``rounds``) in
    each variant (the result's columns keep the ``_turns`` names whatever ``column``).

    Returns:
        columns ``variant, n, mean_turns, sd_turns, p10, p50, p90`` (+ ``min_turns``,
        ``max_turns``), sorted by variant: ``n`` games, the mean and sample sd (ddof=1) of
        ``turns``, and its 10th, 50th and 90th percentiles (linear interpolation).
    """
    # From the count of games of each length (issue 12: the table of a 10-million-game study held
    # ~1 GB for exact quantiles; the counts are a few hundred rows, read by the streaming engine).
    # Same numbers: mean and sd from sums, quantiles interpolated between order statistics as
    # polars' "linear" quantile does (position q * (n - 1) in the sorted lengths).
    counts = (games.lazy().select("variant", pl.col(column).alias("turns")).group_by("variant", "turns").agg(k=pl.len())
              .collect(engine="streaming").sort("variant", "turns"))
    rows = []
    for (variant,), part in counts.group_by("variant", maintain_order=True):
        turns = part["turns"].to_numpy().astype(np.float64)
        k = part["k"].to_numpy().astype(np.float64)
        n = float(k.sum())
        mean = float((k * turns).sum() / n)
        sd = float(np.sqrt((k * (turns - mean) ** 2).sum() / (n - 1))) if n > 1 else None
        rows.append({"variant": variant, "n": int(n), "mean_turns": mean, "sd_turns": sd,
                     **{f"p{round(100 * q)}": _quantile_of_counts(turns, k, q) for q in (0.1, 0.5, 0.9)},
                     "min_turns": part["turns"].min(), "max_turns": part["turns"].max()})
    schema = {"variant": counts.schema["variant"], "n": pl.Int64, "mean_turns": pl.Float64,
              "sd_turns": pl.Float64, "p10": pl.Float64, "p50": pl.Float64, "p90": pl.Float64,
              "min_turns": counts.schema["turns"], "max_turns": counts.schema["turns"]}
    return pl.DataFrame(rows, schema=schema, orient="row").sort("variant") if rows else pl.DataFrame(schema=schema)


def end_reasons(games: pl.LazyFrame | pl.DataFrame, labels: Sequence[str] | Mapping,
                alpha: float = 0.05) -> pl.DataFrame:
    """How games ended, per variant, with the share of each reason and its interval.

    Args:
        games: the ``games`` table (``end_reason`` holds an index into ``labels``).
        labels: the game's end-reason labels, ``manifest["game"]["end_reasons"]`` or
            ``GameSpec.end_reasons``; a results manifest (dict) is accepted too. Codes beyond the
            list are labelled by their number.
        alpha: 1 - confidence level.

    Returns:
        columns ``variant, end_reason, n, share, ci_low, ci_high`` (+ ``code``, ``games``),
        sorted by variant and code: ``end_reason`` the label, ``code`` its index, ``n`` games
        that ended that way, ``games`` games in the variant, ``share`` = n / games and its
        interval (Wilson; Clopper-Pearson below 30 games). Every label appears for every
        variant, with n = 0 when no game ended that way.
    """
    if isinstance(labels, Mapping):
        game = labels.get("game")
        source = game if isinstance(game, Mapping) else labels
        if "end_reasons" not in source:
            raise ValueError("labels: the mapping has no 'end_reasons' (nor 'game.end_reasons'); "
                             "pass GameSpec.end_reasons")
        labels = source["end_reasons"]
    labels = [str(x) for x in labels]
    counts = (
        games.lazy()
        .group_by("variant", pl.col("end_reason").cast(pl.Int64).alias("code"))
        .agg(n=pl.len())
        .collect(engine="streaming")  # counts only: the games table is read in batches
    )
    variants = counts.select("variant").unique()
    codes = sorted(set(range(len(labels))) | set(counts["code"].to_list()))
    names = {c: labels[c] if 0 <= c < len(labels) else str(c) for c in codes}
    grid = variants.join(pl.DataFrame({"code": codes}, schema={"code": pl.Int64}), how="cross")
    out = (
        grid.join(counts, on=["variant", "code"], how="left")
        .with_columns(pl.col("n").fill_null(0).cast(pl.Int64))
        .with_columns(games=pl.col("n").sum().over("variant"))
        .with_columns(share=pl.col("n") / pl.col("games"),
                      end_reason=pl.col("code").replace_strict(names, return_dtype=pl.String))
        .sort("variant", "code")
    )
    out = _with_ci(out, "n", "games", alpha)
    return out.select("variant", "end_reason", "n", "share", "ci_low", "ci_high", "code", "games")


def _bot_game_wins(seats: pl.LazyFrame | pl.DataFrame) -> pl.LazyFrame:
    """One row per (variant, game_id, bot): the bot's win value in that game (summed over its seats)."""
    return (
        win_value(seats)
        .group_by("variant", "game_id", "bot")
        .agg(win=pl.col("win").sum(), bot_seats=pl.len())
    )


def matchup_matrix(seats: pl.LazyFrame | pl.DataFrame, alpha: float = 0.05) -> pl.DataFrame:
    """Win rate of each bot in the games it played against each other bot (long format).

    For every ordered pair of distinct bots (``bot``, ``opponent``) that met in at least one
    game of a variant, the games where both played are selected and ``bot``'s win value is
    averaged over them: a win counts 1, a k-way shared win 1/k, and a bot holding several seats
    of a game gets the sum of its seats' values. In two-player games ``win_rate(a, b) +
    win_rate(b, a) = 1``; with more players the rate includes wins over the other players.

    Args:
        seats: the ``seats`` table.
        alpha: 1 - confidence level.

    Returns:
        columns ``variant, bot, opponent, n, win_rate, ci_low, ci_high`` (+ ``wins``), sorted:
        ``n`` games where both played, ``wins`` the bot's total win value in them, ``win_rate`` =
        wins / n, interval from proportion_ci (Wilson; Clopper-Pearson below 30 games).
    """
    per = _bot_game_wins(seats)
    opp = per.select("variant", "game_id", pl.col("bot").alias("opponent"))
    out = (
        per.join(opp, on=["variant", "game_id"])
        .filter(pl.col("bot") != pl.col("opponent"))
        .group_by("variant", "bot", "opponent")
        .agg(n=pl.len().cast(pl.Int64), wins=pl.col("win").sum())
        .with_columns(win_rate=pl.col("wins") / pl.col("n"))
        .sort("variant", "bot", "opponent")
        .collect()
    )
    out = _with_ci(out, "wins", "n", alpha)
    return out.select("variant", "bot", "opponent", "n", "win_rate", "ci_low", "ci_high", "wins")


def _pairwise_results(seats: pl.LazyFrame | pl.DataFrame) -> pl.DataFrame:
    """Per ordered bot pair (i, j): ``score`` = i's points against j, ``count`` = comparisons.

    Each pair of seats of a game held by different bots is one comparison when at least one of
    them won: seat a scores ``w_a / (w_a + w_b)`` against seat b (1-0 for a winner over a loser,
    a half each for two sharers of a win); two losers are not compared.
    """
    w = win_value(seats).select("variant", "game_id", "seat", "bot", "win")
    other = w.select("variant", "game_id", pl.col("seat").alias("seat_b"), pl.col("bot").alias("bot_b"),
                     pl.col("win").alias("win_b"))
    total = pl.col("win") + pl.col("win_b")
    return (
        w.join(other, on=["variant", "game_id"])
        .filter((pl.col("bot") != pl.col("bot_b")) & (total > 0))
        .group_by("bot", "bot_b")
        .agg(score=(pl.col("win") / total).sum(), count=pl.len())
        .collect()
    )


def bradley_terry(seats: pl.LazyFrame | pl.DataFrame, alpha: float = 0.05) -> pl.DataFrame:
    """Bradley-Terry strengths of the bots, fitted by maximum likelihood on pairwise results.

    Model: ``P(a beats b) = 1 / (1 + exp(-(r_a - r_b)))`` with ratings ``r`` on the log-odds
    scale; the first bot alphabetically is fixed at 0 (a rating of +0.5 means odds of
    exp(0.5) = 1.65 to 1 against it). Pairwise results come from every game in ``seats`` (all
    variants pooled; filter first for one variant): each pair of seats held by different bots
    is a comparison when one of them won, the winner scoring 1 against each loser, and two
    sharers of a win half each. Under Luce's choice model for multi-player winners these
    comparisons estimate the same ratings. The log-likelihood is maximised with
    ``scipy.optimize.minimize`` (trust-region, exact gradient and Hessian); intervals are Wald
    intervals ``r +- z * se`` from the inverse observed information (the comparisons of one
    multi-player game are not independent, so treat those intervals as approximate).

    Args:
        seats: the ``seats`` table.
        alpha: 1 - confidence level.

    Returns:
        columns ``bot, rating, ci_low, ci_high, games`` (+ ``se``, ``comparisons``) sorted by
        rating descending: ``games`` the games the bot played, ``comparisons`` its pairwise
        comparisons. The reference bot has se 0. Ratings are NaN when the comparison graph is
        not connected or a bot won (or lost) every comparison (no finite maximum).
    """
    lf = seats.lazy()
    games = (lf.group_by("bot").agg(games=pl.struct("variant", "game_id").n_unique()).collect())
    bots = sorted(games["bot"].to_list())
    k = len(bots)
    idx = {b: i for i, b in enumerate(bots)}
    pw = _pairwise_results(lf)
    W = np.zeros((k, k))  # W[a, b]: a's score against b
    N = np.zeros((k, k))  # N[a, b]: comparisons between a and b (symmetric: both orders are listed)
    for a, b, s, c in pw.select("bot", "bot_b", "score", "count").iter_rows():
        W[idx[a], idx[b]] += s
        N[idx[a], idx[b]] += c
    rating = np.full(k, np.nan)
    se = np.full(k, np.nan)
    if k:
        rating[0] = 0.0
        se[0] = 0.0
    if k > 1 and _identifiable(W, N):
        iu = np.triu_indices(k, 1)
        wa, n = W[iu], N[iu]
        keep = n > 0
        ia, ib, wa, n = iu[0][keep], iu[1][keep], wa[keep], n[keep]

        def full(theta):
            return np.concatenate(([0.0], theta))

        def nll(theta):
            d = full(theta)
            x = d[ia] - d[ib]
            # -[wa log s(x) + wb log s(-x)] with wa + wb = n
            return float(np.sum(n * np.logaddexp(0.0, x) - wa * x))

        def grad(theta):
            d = full(theta)
            x = d[ia] - d[ib]
            g = n * _expit(x) - wa
            out = np.zeros(k)
            np.add.at(out, ia, g)
            np.add.at(out, ib, -g)
            return out[1:]

        def hess(theta):
            d = full(theta)
            x = d[ia] - d[ib]
            p = _expit(x)
            h = n * p * (1 - p)
            H = np.zeros((k, k))
            np.add.at(H, (ia, ia), h)
            np.add.at(H, (ib, ib), h)
            np.add.at(H, (ia, ib), -h)
            np.add.at(H, (ib, ia), -h)
            return H[1:, 1:]

        res = optimize.minimize(nll, np.zeros(k - 1), jac=grad, hess=hess, method="trust-exact")
        if np.all(np.isfinite(res.x)):
            rating[1:] = res.x
            try:
                cov = np.linalg.inv(hess(res.x))
                se[1:] = np.sqrt(np.clip(np.diag(cov), 0.0, None))
            except np.linalg.LinAlgError:
                pass
    z = float(stats.norm.ppf(1 - alpha / 2))
    comparisons = N.sum(axis=1)
    out = pl.DataFrame(
        {
            "bot": bots,
            "rating": rating,
            "ci_low": rating - z * se,
            "ci_high": rating + z * se,
            "games": [int(games.filter(pl.col("bot") == b)["games"][0]) for b in bots],
            "se": se,
            "comparisons": comparisons.astype(np.int64) if k else np.zeros(0, np.int64),
        },
        schema={"bot": pl.String, "rating": pl.Float64, "ci_low": pl.Float64, "ci_high": pl.Float64,
                "games": pl.Int64, "se": pl.Float64, "comparisons": pl.Int64},
    )
    return out.sort("rating", descending=True, nulls_last=True)


def _expit(x: np.ndarray) -> np.ndarray:
    return 0.5 * (1.0 + np.tanh(0.5 * x))


def _identifiable(W: np.ndarray, N: np.ndarray) -> bool:
    """Whether the Bradley-Terry maximum likelihood is finite and unique (Zermelo/Ford condition).

    True when, for every split of the bots into two groups, each group scored against the
    other: the directed "scored against" graph is strongly connected.
    """
    k = W.shape[0]
    scored = (W > 0) & (N + N.T > 0)

    def reach(adj: np.ndarray) -> np.ndarray:
        seen = np.zeros(k, bool)
        seen[0] = True
        stack = [0]
        while stack:
            i = stack.pop()
            for j in np.flatnonzero(adj[i] & ~seen):
                seen[j] = True
                stack.append(j)
        return seen

    return bool(reach(scored).all() and reach(scored.T).all())
