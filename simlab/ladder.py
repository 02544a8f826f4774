"""A skill ladder: every pair of bots plays, Bradley-Terry ratings place them on one scale.

``simlab ladder GAME`` plays a round robin between the game's presets (random, the hand-set
ones, the tuned ones; or the ones named): each pair plays the same games (same seed, seats
rotated), its win rate head to head gets an interval, and a Bradley-Terry fit over all the
pairs gives each bot a rating on an Elo-like scale (400 points = odds of 10 to 1). "How much skill
matters" is the gap between adjacent rungs: the upper bot's head-to-head win rate against the one
below it, with interval and n. Ratings and rates are statements about these bots only.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import polars as pl

from simlab.analysis.matchups import bradley_terry, matchup_matrix
from simlab.games.base import GameSpec
from simlab.runner import simulate
from simlab.scenario import resolve_game

__all__ = ["ladder", "Ladder", "ELO_PER_LOGIT"]

#: Elo points per unit of log-odds: 400 Elo points are odds of 10 to 1
ELO_PER_LOGIT = 400.0 / math.log(10.0)


@dataclass
class Ladder:
    """A round robin's result.

    Attributes:
        game, players, games_per_pair, seed: what was played.
        ratings: ``bot, elo, elo_low, elo_high, rating, games`` sorted from the top (the
            first bot alphabetically is the fixed reference, elo 0).
        head_to_head: ``bot, opponent, n, win_rate, ci_low, ci_high`` for every ordered pair.
        rungs: adjacent pairs from the top: ``upper, lower, elo_gap, win_rate, ci_low,
            ci_high, n`` (the upper bot's head-to-head rate against the lower).
    """

    game: str
    players: int
    games_per_pair: int
    seed: int
    ratings: pl.DataFrame
    head_to_head: pl.DataFrame
    rungs: pl.DataFrame


def ladder(game: str | GameSpec, bots: Sequence[str] | None = None, *, players: int = 2,
           games: int = 2_000, seed: int = 0, n_jobs: int = 1, progress: bool = False) -> Ladder:
    """Round robin of ``bots`` (default every preset of the game but its lookahead bots, which are
    slow), ``games`` games per pair.

    With more than 2 players the pair's bots take the seats in turn (a, b, a, b); seats rotate
    between games either way.

    Raises:
        KeyError / ValueError: an unknown bot, fewer than two bots, a bad player count or size.
    """
    spec = resolve_game(game)
    # a lookahead bot plays games out at every choice (100s of times slower): named, not by default
    names = list(bots) if bots else sorted(b for b in spec.bots if not spec.is_lookahead(b))
    for b in names:
        if b not in spec.bots:
            raise KeyError(f"--bots: unknown bot preset {b!r} for {spec.name}; expected some of {sorted(spec.bots)}")
    if len(set(names)) != len(names) or len(names) < 2:
        raise ValueError(f"--bots: expected at least two different presets, got {names}")
    if players not in spec.players:
        raise ValueError(f"--players: {spec.name} is played by {list(spec.players)} players, got {players}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 10:
        raise ValueError(f"--games: expected at least 10 games per pair, got {games!r}")
    pairs = list(itertools.combinations(names, 2))
    bar = None
    if progress:
        import sys

        from tqdm import tqdm

        bar = tqdm(total=len(pairs) * games, unit="game", desc=f"ladder {spec.name}", file=sys.stderr)
    frames = []
    for a, b in pairs:
        seats_bots = [(a, b)[i % 2] for i in range(players)]
        res = simulate(game, games, players=players, bots=seats_bots, seed=seed, n_jobs=n_jobs)
        frames.append(res.collect("seats").with_columns(variant=pl.lit(f"{a} vs {b}")))
        if bar is not None:
            bar.update(games)
    if bar is not None:
        bar.close()
    cols = set.intersection(*(set(f.columns) for f in frames))
    seats = pl.concat([f.select(sorted(cols)) for f in frames], how="vertical_relaxed")
    bt = bradley_terry(seats)
    ratings = bt.select(
        "bot",
        elo=pl.col("rating") * ELO_PER_LOGIT,
        elo_low=pl.col("ci_low") * ELO_PER_LOGIT,
        elo_high=pl.col("ci_high") * ELO_PER_LOGIT,
        rating=pl.col("rating"),
        games=pl.col("games"),
    ).sort("elo", descending=True, nulls_last=True)
    h2h = matchup_matrix(seats).select("bot", "opponent", "n", "win_rate", "ci_low", "ci_high")
    order = ratings["bot"].to_list()
    elo = dict(zip(order, ratings["elo"].to_list(), strict=True))
    rows = []
    for upper, lower in itertools.pairwise(order):
        r = h2h.filter((pl.col("bot") == upper) & (pl.col("opponent") == lower)).row(0, named=True)
        rows.append({"upper": upper, "lower": lower, "elo_gap": elo[upper] - elo[lower],
                     "win_rate": r["win_rate"], "ci_low": r["ci_low"], "ci_high": r["ci_high"], "n": r["n"]})
    rungs = pl.DataFrame(rows, schema={"upper": pl.String, "lower": pl.String, "elo_gap": pl.Float64,
                                       "win_rate": pl.Float64, "ci_low": pl.Float64, "ci_high": pl.Float64,
                                       "n": pl.Int64})
    return Ladder(spec.name, players, games, seed, ratings, h2h, rungs)
