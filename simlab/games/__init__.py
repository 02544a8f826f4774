"""Registry of the games simlab can simulate: name -> :class:`~simlab.games.base.GameSpec`."""

from __future__ import annotations

import importlib

from simlab.games import compile_cache

# before any compiled function is defined: a cache folder per version of the sources (why: compile_cache)
CACHE_DIR = compile_cache.configure()

from simlab.games.base import GameSpec  # noqa: E402

__all__ = ["get_game", "game_names", "GameSpec", "kernels_cached", "mark_compiled", "COMPILE_SECONDS"]

# Modules are imported on first use so that `simlab games` does not compile every kernel.
_MODULES = {
    "ashes": "simlab.games.ashes",
    "quarriors": "simlab.games.quarriors",
    "seasons": "simlab.games.seasons",
    "wizwar": "simlab.games.wizwar",
}


# First compile of each game's kernels for a run (a lookahead bot's second compile of the turn
# comes on top), seconds, as measured on the project's 2-core machine (2026-12-05, quiet, after
# the change that gives callees no wrappers and no machine code:
# `simlab compile --cold`, the "run" figure, with the helper process of simlab.games.warm on the
# second core; docs/compile.md); the CLI quotes it while it compiles. A busy machine, or one core,
# takes up to three times as long.
COMPILE_SECONDS = {"ashes": 45, "quarriors": 20, "seasons": 35, "wizwar": 55}


def kernels_cached(name: str, kind: str = "run") -> bool | None:
    """Whether game ``name``'s compiled kernels for this version of the sources are in the cache
    (None: not a registered game, or compiling is off). ``kind``: "run" (runs, checks and
    replays share them) or "lookahead" (a run with a lookahead bot compiles its turn again)."""
    if name not in _MODULES:
        return None
    try:
        rules = importlib.import_module(_MODULES[name] + ".rules")
    except ImportError:  # a registered game without a compiled rules module (the tests' toy game)
        return None
    play_game = getattr(rules, "play_game", None)
    path = getattr(getattr(play_game, "_cache", None), "_cache_path", None)
    if path is None:
        return None
    # play_game itself has no cache entry of its own (the driver's overloads compile its body into
    # kernel.play_batch), so a finished compiled run leaves a mark in the cache folder instead
    return _mark(name, kind).exists()


def _mark(name: str, kind: str = "run"):
    return CACHE_DIR / (f"{name}.compiled" if kind == "run" else f"{name}.{kind}.compiled")


def mark_compiled(name: str, kind: str = "run") -> None:
    """Note that game ``name``'s kernels (``kind`` as for :func:`kernels_cached`) have been
    compiled into (or loaded from) the cache folder of this version of the sources (called after
    a compiled run)."""
    if name not in _MODULES:
        return
    try:
        mark = _mark(name, kind)
        if not mark.exists():
            mark.parent.mkdir(parents=True, exist_ok=True)
            mark.touch()
    except OSError:  # a read-only cache folder: the compiling message may show again, nothing worse
        pass


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
