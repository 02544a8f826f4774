"""Quarriors against the game contract: check_game, golden replays, compiled == interpreted."""

from __future__ import annotations

from pathlib import Path

import pytest

from simlab.games import get_game
from simlab.testing import check_game, check_golden_replay, check_interpreted_matches

GOLDEN = Path(__file__).parents[2] / "golden"
GAME = get_game("quarriors")


def test_check_game_quarriors():
    """Random and default bots at 2-4 players: invariants hold (dice conserved, consistent
    indexes, no negative counts), games end, winners match scores, n_jobs and chunking agree."""
    check_game(GAME, n_games=150)


@pytest.mark.parametrize("seed,players,bots", [(1, 2, "greedy,greedy"), (2, 3, "greedy,curve,cull_ev"),
                                               (3, 4, "random,greedy,cull_none,cull_weakest")])
def test_golden_replay(seed, players, bots):
    """A rules or data change that alters these logs must update tests/golden on purpose
    (SIMLAB_UPDATE_GOLDEN=1 rewrites them)."""
    check_golden_replay(GAME, seed, players, bots.split(","), GOLDEN / f"quarriors_seed{seed}_{players}p.txt")


def test_interpreted_equals_compiled():
    """The same rule code with NUMBA_DISABLE_JIT=1 gives identical tables (bench's baseline is fair,
    and debugging in plain Python sees the real rules)."""
    bots = ["greedy", "random", "curve", "cull_ev"]
    check_interpreted_matches("quarriors", {players: bots[:players] for players in (2, 3, 4)}, n_games=4)
