"""Registry of the games simlab can simulate: name -> :class:`~simlab.games.base.GameSpec`."""

from __future__ import annotations

import importlib

from simlab.games import compile_cache

# before any compiled function is defined: a cache folder per version of the sources (why: compile_cache)
CACHE_DIR = compile_cache.configure()

from simlab.games.base import GameSpec  # noqa: E402

__all__ = ["get_game", "game_names", "GameSpec"]

# Modules are imported on first use so that `simlab games` does not compile every kernel.
_MODULES = {
    "quarriors": "simlab.games.quarriors",
    "seasons": "simlab.games.seasons",
}


def game_names() -> list[str]:
    """Names of the registered games, sorted."""
    return sorted(_MODULES)


def get_game(name: str) -> GameSpec:
    """The :class:`GameSpec` registered under ``name``.

    Raises:
        KeyError: the name is not registered (the message lists the registered names).
    """
    if name not in _MODULES:
        raise KeyError(f"unknown game {name!r}; expected one of {game_names()}")
    return importlib.import_module(_MODULES[name]).GAME
