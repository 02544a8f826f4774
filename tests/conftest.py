"""Shared fixtures: the toy game (tests/toy_game.py) registered as ``"toy"``."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import toy_game  # noqa: E402

import simlab.games  # noqa: E402

TOY = toy_game.GAME


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
