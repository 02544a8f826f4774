"""The culling-study analyses on synthetic seats tables whose true answers are known."""

from __future__ import annotations

import numpy as np
import polars as pl

from simlab.analysis.culling import composition_over_turns, cull_value, first_scorer_edge, level3_swing


def _two_player_games(n, p_first_wins, rng, variant="v"):
    """n 2-player games; seat 0 wins with probability p_first_wins."""
    seat0_wins = rng.random(n) < p_first_wins
    return pl.DataFrame({
        "variant": [variant] * (2 * n),
        "game_id": np.repeat(np.arange(n), 2),
        "seat": np.tile([0, 1], n).astype(np.int8),
        "bot_row": np.tile([0, 1], n).astype(np.int16),
        "won": np.column_stack([seat0_wins, ~seat0_wins]).reshape(-1),
        "shared_win": np.zeros(2 * n, np.int8),
    })


def test_cull_value_recovers_a_known_paired_effect():
    """Treated variant: the focal bot's win probability 0.55 instead of 0.50 on the same games,
    built so most games agree (common random numbers): the interval covers +5 points."""
    rng = np.random.default_rng(1)
    n = 40_000
    u = rng.random(n)
    base = _two_player_games(n, 0, rng, "base").with_columns(
        won=pl.Series(np.column_stack([u < 0.50, u >= 0.50]).reshape(-1)))
    treated = _two_player_games(n, 0, rng, "treated").with_columns(
        won=pl.Series(np.column_stack([u < 0.55, u >= 0.55]).reshape(-1)))
    out = cull_value(pl.concat([base, treated]), {"extra": ("treated", "base")})
    row = out.row(0, named=True)
    assert row["n"] == n
    assert row["ci_low"] < 0.05 < row["ci_high"] and row["ci_low"] > 0.04


def test_first_scorer_edge_finds_a_planted_edge_and_not_a_null_one():
    rng = np.random.default_rng(2)
    n = 20_000
    df = _two_player_games(n, 0.5, rng)
    # seat 0 scores first (own turn 2) in every game, seat 1 on own turn 2 or 3: seat 0 first
    df = df.with_columns(first_score_turn=pl.Series(np.tile([2, 2], n)).cast(pl.Int32))
    out = first_scorer_edge(df).row(0, named=True)
    assert out["ci_low"] < 0 < out["ci_high"]  # null: the first scorer wins half the time
    planted = _two_player_games(n, 0.6, rng).with_columns(first_score_turn=pl.Series(np.tile([2, 3], n)))
    out = first_scorer_edge(planted).row(0, named=True)
    assert out["ci_low"] < 0.2 < out["ci_high"]  # 0.6 - 0.4


def test_level3_swing_and_composition():
    rng = np.random.default_rng(3)
    n = 10_000
    df = _two_player_games(n, 0.7, rng).with_columns(
        summoned_l3=pl.Series(np.tile([1, 0], n)),
        dice_owned_t3=pl.Series(np.tile([12, 14], n)), quiddity_owned_t3=pl.Series(np.tile([6, 8], n)),
        dice_owned_t6=pl.Series(np.tile([-1, 14], n)), quiddity_owned_t6=pl.Series(np.tile([-1, 7], n)),
        dice_owned_t9=pl.Series(np.tile([-1, -1], n)), quiddity_owned_t9=pl.Series(np.tile([-1, -1], n)),
        bot=pl.lit("b"),
    )
    out = level3_swing(df).row(0, named=True)
    assert out["ci_low"] < 0.4 < out["ci_high"]
    comp = composition_over_turns(df, by=("variant",))
    t3 = comp.filter(pl.col("turn") == 3).row(0, named=True)
    assert t3["n"] == 2 * n and t3["dice_owned"] == 13 and t3["quiddity_owned"] == 7
    t6 = comp.filter(pl.col("turn") == 6).row(0, named=True)
    assert t6["n"] == n and t6["quiddity_share"] == 0.5
    assert comp.filter(pl.col("turn") == 9).height == 0
