"""``simlab check``: every invariant checked over many games; violations named with the seed and
game id that replay them (issue #12, "Nothing lost": the check command)."""

from __future__ import annotations

import dataclasses
import os

import numpy as np
import pytest
import toy_game

from simlab.cli import main
from simlab.testing import check_invariants

PLANTED_IDS = (5, 17)


def _planted_play(game_ids, seed_words, players, bots, cards, rotate=False, check=False):
    """The toy game, but games 5 and 17 report invariant violations (3 and 1) when checked."""
    out = toy_game.play(game_ids, seed_words, players, bots, cards, rotate=rotate, check=check)
    if check:
        ids = np.asarray(game_ids)
        out["games"]["violations"] = np.where(ids == 5, 3, np.where(ids == 17, 1, 0)).astype(np.int32)
    return out


PLANTED = dataclasses.replace(toy_game.GAME, name="toy_planted", play=_planted_play)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_clean_game_exit_0(capsys):
    """The toy game breaks nothing: every player count x (random, default bot) is played, exit 0."""
    code, out, err = run(capsys, "check", "toy", "--games", "50", "--jobs", "1")
    assert code == 0, err
    assert out.startswith("check toy: seed 0, 50 games per player count and bot")
    assert "total: 300 games, 0 with violations (0 violations)" in out
    assert "violation:" not in out
    lines = [line.split() for line in out.splitlines()]
    assert ["2", "random", "50", "0", "0"] in lines and ["4", "greedy", "50", "0", "0"] in lines


def test_check_reports_every_planted_violation_with_replay(capsys):
    """A game that plants violations: each is printed with its game id and a replay command that
    reproduces the game (same seed, game id, players and bot), and the exit status is 1."""
    code, out, _ = run(capsys, "check", "test_check:PLANTED", "--games", "30", "--players", "3",
                       "--bots", "random", "--seed", "9", "--jobs", "1")
    assert code == 1
    assert "total: 30 games, 2 with violations (4 violations)" in out
    assert ("violation: game 5 (players=3, bot=random): 3 invariant violation(s); replay: simlab replay "
            "test_check:PLANTED --seed 9 --game-id 5 --players 3 --bots random") in out
    assert "violation: game 17 (players=3, bot=random): 1 invariant violation(s)" in out
    # the printed replay command runs and shows the same game the check played
    code, replay_out, _ = run(capsys, "replay", "test_check:PLANTED", "--seed", "9", "--game-id", "5",
                              "--players", "3", "--bots", "random")
    assert code == 0 and replay_out.startswith("toy game 5, 3 players")


def test_check_in_worker_processes_finds_the_same():
    """--jobs 2 (loky workers, small chunks) finds exactly what the in-process run finds."""
    one = check_invariants(PLANTED, 40, players=[2, 4], seed=3, n_jobs=1)
    two = check_invariants(PLANTED, 40, players=[2, 4], seed=3, n_jobs=2)
    assert one.violations == two.violations and one.groups == two.groups
    assert [(v.players, v.bot, v.game_id) for v in one.violations] == [
        (p, b, g) for p in (2, 4) for b in ("random", "greedy") for g in PLANTED_IDS
    ]
    assert one.total_games == 160


def test_check_of_split_id_ranges_adds_up(capsys):
    """--first-game: a check of game ids 10-39 finds planted game 17 and not game 5, with the id that
    replays it, in process and in workers alike; ranges 0-19 and 20-39 together find what one check
    of 0-39 finds (so a million-game check can be split over several runs)."""
    part = check_invariants(PLANTED, 30, players=[3], bots=["random"], seed=9, n_jobs=1, first_game=10)
    assert [v.game_id for v in part.violations] == [17] and part.total_games == 30
    assert part.violations == check_invariants(PLANTED, 30, players=[3], bots=["random"], seed=9, n_jobs=2,
                                               first_game=10).violations
    whole = check_invariants(PLANTED, 40, players=[3], bots=["random"], seed=9, n_jobs=1)
    halves = [check_invariants(PLANTED, 20, players=[3], bots=["random"], seed=9, n_jobs=1, first_game=f)
              for f in (0, 20)]
    assert halves[0].violations + halves[1].violations == whole.violations
    code, out, _ = run(capsys, "check", "test_check:PLANTED", "--games", "30", "--first-game", "10",
                       "--players", "3", "--bots", "random", "--seed", "9", "--jobs", "1")
    assert code == 1
    assert out.startswith("check toy_planted: seed 9, 30 games per player count and bot (game ids 10 to 39)")
    assert "total: 30 games, 1 with violations (1 violations)" in out
    assert "replay: simlab replay test_check:PLANTED --seed 9 --game-id 17 --players 3 --bots random" in out


@pytest.mark.parametrize(
    "argv, expect",
    [
        (["--players", "7"], "--players: toy is played by [2, 3, 4] players, got 7"),
        (["--bots", "random,gredy"], "--bots: unknown bot preset 'gredy'"),
        (["--games", "0"], "--games: expected a positive number of games, got 0"),
        (["--seed", "-1"], "--seed: expected an int in [0, 2**63), got -1"),
        (["--jobs", "0"], "--jobs: expected a positive number of workers or -1"),
        (["--first-game", "-1"], "--first-game: expected a game id in [0, 2**63 - games), got -1"),
        (["--first-game", str(2**63 - 5), "--games", "10"], "--first-game: expected a game id in [0, 2**63 - games)"),
    ],
)
def test_check_bad_input_exit_2(capsys, argv, expect):
    code, out, err = run(capsys, "check", "toy", *argv)
    assert code == 2 and out == ""
    assert err.startswith("simlab: error: ") and expect in err and len(err.strip().splitlines()) == 1


@pytest.mark.skipif(os.environ.get("NUMBA_DISABLE_JIT") == "1", reason="600 Seasons games: compiled only")
def test_seasons_games_after_the_first_sub_batch_are_clean():
    """Every game must be played from a fresh state whatever its place in a chunk (the contract:
    tables do not depend on chunk size; docs/results.md). Game 512 is the first of Seasons' second
    sub-batch: found by simlab check on 0.2.0, fixed in 0.2.1."""
    rep = check_invariants("seasons", 600, players=[2], bots=["random"], n_jobs=1)
    assert rep.ok, f"{len(rep.violations)} games broke invariants, the first: game {rep.violations[0].game_id}"
