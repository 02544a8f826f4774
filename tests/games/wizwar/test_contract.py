"""Wiz-War against the game contract: check_game, golden replays, compiled == interpreted."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from numba import config as numba_config

from simlab.games import get_game
from simlab.games.base import root_seed_words
from simlab.testing import check_game, check_golden_replay, check_interpreted_matches

GOLDEN = Path(__file__).parents[2] / "golden"
GAME = get_game("wizwar")
# interpreted runs (NUMBA_DISABLE_JIT=1) are ~100x slower: fewer games, same checks
N_CHECK = 6 if numba_config.DISABLE_JIT else 120

pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")


def test_check_game_wizwar():
    """Random and balanced bots at 2-4 players: invariants hold (every card in one container,
    life in range, wizards on squares, treasures on a square or carried by their carrier), games
    end, winners match scores, n_jobs and chunking agree."""
    check_game(GAME, n_games=N_CHECK)


@pytest.mark.parametrize("seed,players,bots", [(1, 2, "balanced,balanced"), (2, 3, "balanced,runner,brawler"),
                                               (3, 4, "random,balanced,runner,brawler")])
def test_golden_replay(seed, players, bots):
    """A rules or data change that alters these logs must update tests/golden on purpose
    (SIMLAB_UPDATE_GOLDEN=1 rewrites them)."""
    check_golden_replay(GAME, seed, players, bots.split(","), GOLDEN / f"wizwar_seed{seed}_{players}p.txt")


@pytest.mark.skipif(numba_config.DISABLE_JIT, reason="compares a compiled run with an interpreted one")
def test_interpreted_equals_compiled():
    """The same rule code with NUMBA_DISABLE_JIT=1 gives identical tables."""
    bots = ["balanced", "random", "runner", "brawler"]
    check_interpreted_matches("wizwar", {players: bots[:players] for players in (2, 3, 4)}, n_games=3)


def test_same_seed_same_games():
    """Design guide 3: a game depends only on the study seed and its id."""
    ct = GAME.load_cards()
    bots = GAME.bot_matrix([("balanced", None)] * 2)
    a = GAME.play(np.array([5, 6, 7]), root_seed_words(9), 2, bots, ct)
    b = GAME.play(np.array([7, 5]), root_seed_words(9), 2, bots, ct)
    ga = dict(zip(a["games"]["game_id"], a["games"]["turns"], strict=True))
    gb = dict(zip(b["games"]["game_id"], b["games"]["turns"], strict=True))
    assert ga[5] == gb[5] and ga[7] == gb[7]


def test_death_and_steal_squares():
    """The heat map's data (studies.square_events): a wizard that died has the board row and
    column of a real square (every other seat -1 in both), and so does a wizard that picked up an
    enemy's treasure (R113-R118); a wizard alive at the end has no death square."""
    ct = GAME.load_cards()
    bots = GAME.bot_matrix([("brawler", None)] * 2)
    out = GAME.play(np.arange(40 if not numba_config.DISABLE_JIT else 6), root_seed_words(3), 2, bots, ct)
    seats = out["seats"]
    died = np.asarray(seats["died"]) == 1
    for what, happened in (("death", died), ("steal", None)):
        r, c = np.asarray(seats[f"{what}_row"]), np.asarray(seats[f"{what}_col"])
        assert ((r >= 0) == (c >= 0)).all()
        if happened is not None:
            assert ((r >= 0) == happened).all()
        assert (r < 12).all() and (c < 12).all()
    assert (np.asarray(seats["steal_row"]) >= 0).sum() <= (np.asarray(seats["treasures_picked"]) > 0).sum()
