"""Quarriors against the game contract: check_game, golden replays, compiled == interpreted."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from simlab.games import get_game
from simlab.games.base import root_seed_words
from simlab.testing import check_game

GOLDEN = Path(__file__).parents[2] / "golden"
GAME = get_game("quarriors")

_PLAY_SNIPPET = """
import pickle, sys
import numpy as np
from simlab.games import get_game
from simlab.games.base import root_seed_words
g = get_game("quarriors")
ct = g.load_cards()
out = {}
for players in (2, 3, 4):
    bots = g.bot_matrix([("greedy", None), ("random", None), ("curve", None), ("cull_ev", None)][:players])
    out[players] = g.play(np.arange(4), root_seed_words(3), players, bots, ct, rotate=True)
sys.stdout.buffer.write(pickle.dumps(out))
"""


def test_check_game_quarriors():
    """Random and default bots at 2-4 players: invariants hold (dice conserved, consistent
    indexes, no negative counts), games end, winners match scores, n_jobs and chunking agree."""
    check_game(GAME, n_games=150)


@pytest.mark.parametrize("seed,players,bots", [(1, 2, "greedy,greedy"), (2, 3, "greedy,curve,cull_ev"),
                                               (3, 4, "random,greedy,cull_none,cull_weakest")])
def test_golden_replay(seed, players, bots):
    """A rules or data change that alters these logs must update tests/golden on purpose
    (SIMLAB_UPDATE_GOLDEN=1 rewrites them)."""
    names = bots.split(",")
    lines = GAME.replay(0, root_seed_words(seed), players, GAME.bot_matrix([(n, None) for n in names]),
                        GAME.load_cards(), bot_names=names)
    text = "\n".join(lines) + "\n"
    path = GOLDEN / f"quarriors_seed{seed}_{players}p.txt"
    if os.environ.get("SIMLAB_UPDATE_GOLDEN") == "1" or not path.exists():
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"{path.name} changed: review the diff, then update"
    assert "invariant violations" not in text


def test_interpreted_equals_compiled():
    """The same rule code with NUMBA_DISABLE_JIT=1 gives identical tables (bench's baseline is fair,
    and debugging in plain Python sees the real rules)."""
    def run(env_extra):
        env = {**os.environ, **env_extra}
        res = subprocess.run([sys.executable, "-c", _PLAY_SNIPPET], capture_output=True, env=env, check=True)
        return pickle.loads(res.stdout)

    compiled = run({})
    interpreted = run({"NUMBA_DISABLE_JIT": "1"})
    for players, tables in compiled.items():
        for name, cols in tables.items():
            for col, arr in cols.items():
                assert np.array_equal(arr, interpreted[players][name][col]), (players, name, col)
