"""The culling-study analyses on synthetic seats tables whose true answers are known."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from simlab.analysis.culling import (
    composition_over_turns,
    cull_value,
    first_scorer_edge,
    level3_swing,
    policy_arms,
)


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


def test_an_arm_that_replays_the_same_games_is_marked_identical():
    """Issue 11: one fewer cull for a bot that never culls plays the very same games; such a pair is
    flagged (the report leaves it out of the Holm family) instead of being tested."""
    rng = np.random.default_rng(2)
    base = _two_player_games(500, 0.5, rng, "base")
    same = base.with_columns(variant=pl.lit("same"))
    other = _two_player_games(500, 0.5, rng, "other")
    out = cull_value(pl.concat([base, same, other]), {"noop": ("same", "base"), "real": ("other", "base")})
    assert out["identical"].to_list() == [True, False]


def test_policy_arms_pair_each_policy_with_the_field_policy_at_the_same_player_count():
    """Issue 11: every policy against the field's own (1), with the usual number of culls only."""
    variants = [{"label": f"{p}p pol={pol} d={d}", "players": p,
                 "sweep": {"seats.0.params.cull_policy": pol, "seats.0.params.cull_delta": d}}
                for p in (2, 3) for pol in (0, 1, 4) for d in (-1, 0, 1)]
    arms = policy_arms({"variants": variants})
    assert arms == {"2p: policy 0 vs 1": ("2p pol=0 d=0", "2p pol=1 d=0"),
                    "2p: policy 4 vs 1": ("2p pol=4 d=0", "2p pol=1 d=0"),
                    "3p: policy 0 vs 1": ("3p pol=0 d=0", "3p pol=1 d=0"),
                    "3p: policy 4 vs 1": ("3p pol=4 d=0", "3p pol=1 d=0")}


def _first_scorer_games(n, p_first_wins, p_seat0_first, rng):
    """_two_player_games where seat 0 scores first (own turn 2, the other seat on turn 3) with
    probability p_seat0_first; returns the frame and whether seat 0 scored first."""
    first0 = rng.random(n) < p_seat0_first
    turns = np.column_stack([np.where(first0, 2, 3), np.where(first0, 3, 2)]).ravel()
    return _two_player_games(n, p_first_wins, rng).with_columns(first_score_turn=pl.Series(turns)), first0


def test_first_scorer_edge_finds_a_planted_edge_and_not_a_null_one():
    rng = np.random.default_rng(2)
    n = 20_000
    # a random seat scores first; wins are a coin flip: no edge
    df, first0 = _first_scorer_games(n, 0.5, 0.5, rng)
    out = first_scorer_edge(df).row(0, named=True)
    assert out["ci_low"] < 0 < out["ci_high"]
    # planted: the first scorer (a random seat) wins 60% of games
    won0 = np.where(first0, rng.random(n) < 0.6, rng.random(n) < 0.4)
    planted = df.with_columns(won=pl.Series(np.column_stack([won0, ~won0]).ravel()))
    out = first_scorer_edge(planted).row(0, named=True)
    assert out["ci_low"] < 0.2 < out["ci_high"]  # 0.6 - 0.4


def test_first_scorer_edge_is_not_created_by_seat_order():
    """issue 11, "Errors to fix" 3: seat 0 scores first in 90% of games and wins 60% of games
    whoever scores first. Seats pooled, the first scorer "wins more" (about +16 points) only
    because it is mostly seat 0; compared within each seat there is no edge."""
    rng = np.random.default_rng(12)
    n = 40_000
    df, _ = _first_scorer_games(n, 0.6, 0.9, rng)
    out = first_scorer_edge(df).row(0, named=True)
    assert out["diff_unstratified"] > 0.12  # the confounded comparison the report used to print
    assert out["ci_low"] < 0 < out["ci_high"] and abs(out["diff"]) < 0.03


def test_claims_use_game_clustered_intervals():
    """issue 11, "Errors to fix" 2: in a 2-player game the level-3 summoner's win is the other
    seat's loss, so the clustered interval is sqrt(2) times wider than the naive one."""
    rng = np.random.default_rng(13)
    n = 10_000
    df = _two_player_games(n, 0.7, rng).with_columns(summoned_l3=pl.Series(np.tile([1, 0], n)))
    out = level3_swing(df).row(0, named=True)
    assert out["se"] / out["se_naive"] == pytest.approx(np.sqrt(2), rel=0.01)


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
