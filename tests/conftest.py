"""Shared fixtures: the toy game (tests/toy_game.py) registered as ``"toy"``."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import toy_game  # noqa: E402

import simlab.games  # noqa: E402

TOY = toy_game.GAME


GAMES_DIR = Path(__file__).parent / "games"


def pytest_collection_finish(session):
    """Before a run that spans several games' tests (the full suite), compile their kernels side by
    side, one process per core (``simlab compile --jobs``): numba compiles in one thread, so on a
    cold cache two cores halve the first compile; on a warm cache it costs about a second a game.
    Set SIMLAB_NO_WARM=1 to skip it; interpreted runs (NUMBA_DISABLE_JIT=1) skip it."""
    if (os.environ.get("NUMBA_DISABLE_JIT") == "1" or os.environ.get("SIMLAB_NO_WARM") == "1"
            or session.config.option.collectonly):
        return
    games = sorted({p.parts[len(GAMES_DIR.parts)] for p in (Path(str(i.path)) for i in session.items)
                    if GAMES_DIR in p.parents and len(p.parts) > len(GAMES_DIR.parts) + 1})
    cores = os.cpu_count() or 1
    if len(games) < 2 or cores < 2:
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "simlab", "compile", "--jobs", str(min(cores, len(games))),
                           "--json", *games], capture_output=True, text=True)
    if reporter is not None:
        what = "ready" if proc.returncode == 0 else f"not ready (the tests compile them): {proc.stderr[-300:]}"
        reporter.write_line(f"simlab: compiled kernels of {', '.join(games)} {what} "
                            f"in {time.perf_counter() - t0:.0f} s, {min(cores, len(games))} at a time")


@pytest.fixture(autouse=True)
def register_toy(monkeypatch):
    """Register the toy game under the name ``toy`` for every test."""
    monkeypatch.setitem(simlab.games._MODULES, "toy", "toy_game")
    # loky workers and subprocesses import the toy module by name: make it findable.
    paths = [str(Path(__file__).parent)] + [
        p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p
    ]
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(paths))
    yield


@pytest.fixture
def toy():
    return TOY


TOY_SCENARIO = """\
name = "toy_study"
game = "toy"
games = 60
seed = 3
players = 2
chunk_size = 25

[[seats]]
bot = "greedy"

[cards."Green Dragon"]
power = 4
"""


@pytest.fixture
def write_scenario(tmp_path):
    """Write scenario text to tmp_path/<name>.toml and return the path."""

    def _write(text: str = TOY_SCENARIO, name: str = "scn") -> Path:
        path = tmp_path / f"{name}.toml"
        path.write_text(text)
        return path

    return _write
