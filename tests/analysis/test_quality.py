"""Game quality from per-round scores (issue 11): hand-made histories with known answers."""

from __future__ import annotations

import math

import numpy as np
import polars as pl
import pytest

from simlab.analysis import game_quality, has_rounds, paired_difference, score_curves
from simlab.games.rounds import ROUND_GAME_COLUMNS, round_columns


def _one(rounds_scores, winner, final=None, keep=None):
    """round_columns of one game given as a list of per-round score tuples."""
    hist = np.array(rounds_scores, np.int16)[None, :, :]
    n = hist.shape[1]
    if keep is not None:  # only the first `keep` rounds are kept in the state
        hist = hist[:, :keep, :]
    fin = np.array([final if final is not None else rounds_scores[-1]], np.int16)
    games, scores = round_columns(hist, np.array([n]), fin, np.array([winner]))
    return {k: int(v[0]) for k, v in games.items()}, scores


def test_leader_all_along():
    g, scores = _one([(1, 0), (3, 1), (7, 2), (20, 9)], winner=0)
    assert g == {"rounds": 4, "margin": 11, "lead_changes": 0, "lead_round": 1, "winner_deficit": 0}
    assert scores.to_list() == [[1, 3, 7, 20], [0, 1, 2, 9]]  # seat-major, one list per seat


def test_comeback_counts_lead_changes_and_the_round_the_lead_was_kept_from():
    # seat 1 leads, then seat 0, then seat 1 again, and seat 0 takes it for good in round 5
    g, _ = _one([(0, 2), (4, 3), (4, 6), (5, 5), (9, 6), (20, 10)], winner=0)
    assert g["lead_changes"] == 3          # 1 -> 0 -> 1 -> (tie: no leader) -> 0
    assert g["lead_round"] == 5
    assert g["winner_deficit"] == 2        # trailed 0-2 after round 1 (and 4-6 after round 3)
    assert g["margin"] == 10


def test_ties_have_no_leader_and_change_nothing():
    g, _ = _one([(0, 0), (1, 1), (2, 2), (5, 3)], winner=0)
    assert g["lead_changes"] == 0 and g["lead_round"] == 4 and g["winner_deficit"] == 0
    g, _ = _one([(2, 0), (2, 2), (3, 1)], winner=0)  # the same leader before and after a tie
    assert g["lead_changes"] == 0 and g["lead_round"] == 3


def test_no_single_winner():
    g, _ = _one([(3, 1), (5, 5)], winner=-1)
    assert g["lead_round"] == -1 and g["winner_deficit"] == -1 and g["margin"] == 0


def test_winner_not_leading_at_the_end_has_no_lead_round():
    # e.g. a tie-break win: the winner shares the top score at the end
    g, _ = _one([(3, 1), (5, 5)], winner=1)
    assert g["lead_round"] == -1 and g["winner_deficit"] == 2


def test_three_seats_margin_is_between_the_first_two():
    g, _ = _one([(1, 2, 0), (5, 4, 9), (15, 4, 12)], winner=0)
    assert g["margin"] == 3 and g["lead_changes"] == 2 and g["lead_round"] == 3
    assert g["winner_deficit"] == 4  # 5 against 9 after round 2


def test_rounds_past_the_kept_history_are_left_out_but_counted():
    g, scores = _one([(1, 0), (2, 0), (2, 5), (20, 6)], winner=0, keep=2)
    assert g["rounds"] == 4 and g["margin"] == 14          # rounds and margin from the full game
    assert g["lead_round"] == 1 and g["winner_deficit"] == 0  # what the kept rounds show
    assert scores.to_list() == [[1, 2], [0, 0]]


def test_many_games_at_once_match_one_by_one():
    rng = np.random.default_rng(3)
    m, r, p = 60, 9, 3
    hist = np.cumsum(rng.integers(0, 3, size=(m, r, p)), axis=1).astype(np.int16)
    rounds = rng.integers(1, r + 3, size=m)
    winner = rng.integers(-1, p, size=m)
    final = hist[:, -1, :] + 1
    together, scores = round_columns(hist, rounds, final, winner)
    assert set(together) == set(ROUND_GAME_COLUMNS) and scores.len() == m * p
    for i in range(m):
        alone, one = round_columns(hist[i:i + 1], rounds[i:i + 1], final[i:i + 1], winner[i:i + 1])
        assert {k: v[i] for k, v in together.items()} == {k: v[0] for k, v in alone.items()}
        assert scores[i * p:(i + 1) * p].to_list() == one.to_list()


def _games():
    return pl.DataFrame({
        "variant": ["a"] * 4, "game_id": [0, 1, 2, 3], "winner": [0, 1, 0, -1],
        "rounds": [4, 6, 5, 3], "margin": [10, 2, 4, 0], "lead_changes": [0, 3, 1, 2],
        "lead_round": [1, 5, 2, -1], "winner_deficit": [0, 4, 1, -1], "turns": [8, 12, 10, 6]})


def test_game_quality_figures_and_intervals():
    q = game_quality(_games()).row(0, named=True)
    assert q["n"] == 4 and q["decided"] == 3
    assert q["rounds"] == pytest.approx(4.5) and q["margin"] == pytest.approx(4.0)
    assert q["lead_changes"] == pytest.approx(1.5)
    assert q["lead_round"] == pytest.approx(8 / 3)                # over the games with a lead round
    assert q["never_behind"] == pytest.approx(1 / 3)              # game 0 only
    assert q["late_lead"] == pytest.approx(1 / 3)                 # 5 > 6 / 2 only
    sd = np.std([10, 2, 4, 0], ddof=1)
    assert q["margin_high"] - q["margin"] == pytest.approx(1.959964 * sd / 2, rel=1e-4)
    assert q["never_behind_low"] < q["never_behind"] < q["never_behind_high"]
    assert has_rounds(_games()) and not has_rounds(_games().drop("lead_round"))


def test_score_curves_average_over_the_games_that_reached_the_round():
    seats = pl.DataFrame({"variant": ["a"] * 4, "game_id": [0, 0, 1, 1], "seat": [0, 1, 0, 1],
                          "round_scores": [[1, 4, 9], [0, 2, 3], [3, 6], [1, 1]]})
    c = score_curves(seats)
    s0 = c.filter(pl.col("seat") == 0)
    assert s0["round"].to_list() == [1, 2, 3] and s0["n"].to_list() == [2, 2, 1]
    assert s0["mean"].to_list() == pytest.approx([2.0, 5.0, 9.0])
    assert math.isclose(s0["ci_low"][2], 9.0) and math.isclose(s0["ci_high"][2], 9.0)  # one game: no spread


def test_paired_difference_reports_the_variance_pairing_removed():
    rng = np.random.default_rng(0)
    shared = rng.normal(size=20_000)
    x = shared + rng.normal(size=20_000)
    y = shared + rng.normal(size=20_000)
    assert paired_difference(x, y)["variance_reduction"] == pytest.approx(0.5, abs=0.02)
    assert paired_difference(x, rng.permutation(y))["variance_reduction"] == pytest.approx(0.0, abs=0.03)
    assert math.isnan(paired_difference([1.0, 1.0], [0.0, 0.0])["variance_reduction"])  # neither arm varies


def test_comeback_is_behind_at_the_end_of_the_middle_round():
    games = pl.DataFrame({"variant": ["a"] * 3, "game_id": [0, 1, 2], "winner": [0, 1, -1], "rounds": [4, 3, 2],
                          "margin": [1, 1, 0], "lead_changes": [1, 0, 0], "lead_round": [3, 1, -1],
                          "winner_deficit": [2, 0, -1]})
    seats = pl.DataFrame({"variant": ["a"] * 6, "game_id": [0, 0, 1, 1, 2, 2], "seat": [0, 1] * 3,
                          "round_scores": [[0, 1, 5, 9], [2, 3, 4, 8],   # middle round 2: winner 1 < 3
                                           [0, 0, 1], [1, 2, 3],        # middle round 2: winner 2 > 0
                                           [1, 1], [1, 1]]})            # no winner: left out
    q = game_quality(games, seats).row(0, named=True)
    assert q["comeback_n"] == 2 and q["comeback"] == pytest.approx(0.5)


def _three_seat_game(game_id, winner, curves):
    """A decided 3-seat game given by each seat's round scores (final score = the last one)."""
    games = {"variant": "a", "game_id": game_id, "winner": winner, "rounds": len(curves[0]), "margin": 0,
             "lead_changes": 0, "lead_round": -1, "winner_deficit": 0}
    seats = [{"variant": "a", "game_id": game_id, "seat": q, "score": c[-1], "round_scores": c}
             for q, c in enumerate(curves)]
    return games, seats


def test_kingmaker_position_needs_the_last_seat_out_of_reach_and_the_race_open():
    from simlab.analysis.quality import kingmaker_positions
    made = [
        # 0: next-to-last round 9 / 8 / 1; biggest one-round gain 3: last seat 8 behind > 3, top two 1 apart
        _three_seat_game(0, 0, [[3, 6, 9, 12], [2, 5, 8, 10], [0, 1, 1, 2]]),
        # 1: the last seat was 2 behind (within one round's gain 3): still in the race
        _three_seat_game(1, 0, [[3, 6, 9, 12], [2, 5, 8, 10], [2, 4, 7, 8]]),
        # 2: the top two 6 apart at the last round's start, more than the largest gain 4: no race
        _three_seat_game(2, 0, [[4, 8, 12, 16], [1, 4, 6, 9], [0, 0, 1, 1]]),
        # 3: a shared last place: left out
        _three_seat_game(3, 0, [[3, 6, 9, 12], [2, 5, 8, 10], [0, 1, 1, 2]][:2] + [[0, 1, 1, 10]]),
    ]
    games = pl.DataFrame([g for g, _ in made])
    seats = pl.DataFrame([s for _, ss in made for s in ss])
    k = kingmaker_positions(games, seats).collect().sort("game_id")
    assert dict(zip(k["game_id"].to_list(), k["kingmaker"].to_list(), strict=True)) == {0: True, 1: False, 2: False}
    q = game_quality(games, seats).row(0, named=True)
    assert q["kingmaker_n"] == 3 and q["kingmaker"] == pytest.approx(1 / 3)


def test_kingmaker_is_not_measured_at_two_seats():
    games = pl.DataFrame({"variant": ["a"], "game_id": [0], "winner": [0], "rounds": [3], "margin": [2],
                          "lead_changes": [0], "lead_round": [1], "winner_deficit": [0]})
    seats = pl.DataFrame({"variant": ["a"] * 2, "game_id": [0, 0], "seat": [0, 1], "score": [9, 1],
                          "round_scores": [[3, 6, 9], [0, 0, 1]]})
    q = game_quality(games, seats).row(0, named=True)
    assert q["kingmaker_n"] == 0 and math.isnan(q["kingmaker"])


def test_game_quality_pools_variants_by_group_without_mixing_their_games():
    # two paired variants share game ids 0 and 1: pooled, they are four games, not two
    games = pl.DataFrame({"variant": ["a", "a", "b", "b", "c"], "game_id": [0, 1, 0, 1, 0], "winner": [0, 0, 0, 0, 0],
                          "rounds": [2, 2, 2, 2, 2], "margin": [1, 2, 3, 4, 9], "lead_changes": [0, 1, 0, 0, 0],
                          "lead_round": [1, 2, 1, 1, 1], "winner_deficit": [0, 1, 0, 0, 0]})
    seats = pl.DataFrame({"variant": [v for v in ["a", "a", "b", "b", "c"] for _ in (0, 1)],
                          "game_id": [g for g in [0, 1, 0, 1, 0] for _ in (0, 1)], "seat": [0, 1] * 5,
                          "round_scores": [[1, 3], [0, 2], [0, 4], [2, 3], [2, 5], [0, 2], [1, 6], [0, 2],
                                           [5, 9], [0, 0]]})
    q = game_quality(games, seats, groups={"a": "pooled", "b": "pooled"})
    assert q.height == 1
    row = q.row(0, named=True)
    assert row["variant"] == "pooled" and row["n"] == 4 and row["margin"] == pytest.approx(2.5)
    assert row["comeback_n"] == 4 and row["comeback"] == pytest.approx(0.25)  # only a's game 1 (0 against 2)
