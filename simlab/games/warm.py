"""A first compile on two cores: a helper process compiles the game's kernels from the other end.

numba compiles in one thread, and a game's first compile is one long walk down its call tree
(``play_batch -> play_game -> play_turn -> ...``, each function's callees compiled when the walk
meets them): on a 2-core machine one core waits. So when a process is about to compile a game
whose kernels are not in the cache (:func:`first_compile`), it starts a helper process
(``python -m simlab.games.warm GAME``) that compiles the same functions for the same argument
types in the *opposite* order: the game's **compile plan**, the list of (function, argument types)
in the order the main walk reaches them, walked from its end. Both processes take a lock file per
function they compile (:mod:`simlab.games.jit`, "one compile per function across processes"): a
process that reaches a function the other is compiling waits for it, and then loads it from the
cache. So no function is compiled twice, and the two walks share the work until they meet.

The plan: every first compile records the one it walks (:func:`simlab.games.jit.recording_plan`)
into ``plans/GAME.pkl`` beside the cache folders (kept across versions: the next version's first
compile uses it), and each game ships one made on a cold cache (``compile_plan.pkl`` in its
folder; ``python -m simlab.games.warm --write-plan GAME`` remakes it) for a machine that has
never compiled. A plan entry that no longer fits the code (a function renamed, its argument types
changed) only costs the helper some work that nobody uses: the main walk compiles what it needs
either way, and each function's machine code is the same whichever process compiled it.

The helper writes only into the cache folder of this version of the sources, prints nothing, and
is stopped as soon as the main compile is done. ``SIMLAB_COMPILE_HELPER=0`` turns it off (the test
suite's warm-up, which already compiles two games side by side, does so); it is off on a one-core
machine and when compiling is off (``NUMBA_DISABLE_JIT=1``). Figures: docs/compile.md, 2026-12-05.
"""

from __future__ import annotations

import importlib
import os
import pickle
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

__all__ = ["first_compile", "start_helper", "stop_helper", "load_plan", "save_plan", "compile_plan", "compile_entries",
           "write_plan"]

ENV = "SIMLAB_COMPILE_HELPER"
_PLAN_VERSION = 1


def _jit_on() -> bool:
    from numba import config as numba_config

    return not numba_config.DISABLE_JIT


def _suffix(kind: str) -> str:
    return "" if kind == "run" else f".{kind}"


def _shipped_plan(game: str, kind: str = "run") -> Path:
    return Path(__file__).resolve().parent / game / f"compile_plan{_suffix(kind)}.pkl"


def _recorded_plan(game: str, kind: str = "run") -> Path:
    from simlab.games import CACHE_DIR

    return Path(CACHE_DIR).parent / "plans" / f"{game}{_suffix(kind)}.pkl"


def load_plan(game: str, kind: str = "run") -> list[tuple[str, str, tuple]]:
    """The compile plan for ``game``'s ``kind`` of kernels ("run", or "lookahead": a run with a
    lookahead bot): the one recorded by this machine's last whole first compile, else the one
    shipped with the game; [] when neither can be read (a damaged file, types this numba cannot
    rebuild)."""
    for path in (_recorded_plan(game, kind), _shipped_plan(game, kind)):
        try:
            with open(path, "rb") as f:
                data = pickle.load(f)
        except Exception:  # missing, damaged, or types this numba cannot rebuild: try the next
            continue
        # made with another numba: its entries may no longer fit, which costs only helper work
        if isinstance(data, dict) and data.get("version") == _PLAN_VERSION and data.get("plan"):
            return list(data["plan"])
    return []


def save_plan(game: str, kind: str, plan: list[tuple[str, str, tuple]]) -> None:
    """Record ``plan`` as this machine's plan for ``game``'s ``kind`` of kernels (written whole or
    not at all: a temporary file renamed into place)."""
    import numba

    from simlab.games.compile_cache import source_hash

    if not plan:
        return
    path = _recorded_plan(game, kind)
    # one entry per function and types, in the order first reached
    seen, unique = set(), []
    for entry in plan:
        key = (entry[0], entry[1], str(entry[2]))
        if key not in seen:
            seen.add(key)
            unique.append(entry)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                pickle.dump({"version": _PLAN_VERSION, "numba": numba.__version__, "game": game, "kind": kind,
                             "sources": source_hash(), "plan": unique}, f)
            os.replace(tmp, path)
        finally:
            with suppress(OSError):
                os.unlink(tmp)
    except OSError:
        pass  # a read-only cache root: the next first compile uses the shipped plan


def _wanted(game: str, kind: str) -> bool:
    if os.environ.get(ENV, "1") == "0" or (os.cpu_count() or 1) < 2:
        return False
    return _shipped_plan(game, kind).exists() or _recorded_plan(game, kind).exists()


def start_helper(game: str, kind: str = "run") -> subprocess.Popen | None:
    """Start the helper process for ``game``'s ``kind`` of kernels (module docstring); None when
    none is started."""
    if not _wanted(game, kind):
        return None
    env = dict(os.environ, **{ENV: "0"})  # a helper never starts a helper of its own
    try:
        return subprocess.Popen([sys.executable, "-m", "simlab.games.warm", game, kind], env=env,
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except OSError:
        return None  # the main process compiles everything, as without a helper


def stop_helper(proc: subprocess.Popen | None) -> None:
    """Stop the helper (it takes SIGTERM as an exit that releases its locks) and reap it."""
    if proc is None:
        return
    if proc.poll() is None:
        proc.terminate()
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@contextmanager
def first_compile(game: str, kind: str = "run") -> Iterator[None]:
    """Around a game's first compiled call: when its kernels of ``kind`` are not cached, let a
    helper process compile them from the compile plan's other end meanwhile; without a helper,
    record the plan the compile walks (with one, the walk loads whole subtrees the helper
    compiled, and the plan it sees is not the whole plan)."""
    from simlab.games import kernels_cached
    from simlab.games.jit import recording_plan

    if not _jit_on() or kernels_cached(game, kind) is not False:
        yield
        return
    proc = start_helper(game, kind)
    try:
        with recording_plan() as plan:
            yield
    finally:
        stop_helper(proc)
    # a compile that found part of the kernels cached already (after an interrupted one) walked
    # only part of the plan: keep the fuller plan there is
    if proc is None and len(plan) >= 0.8 * len(load_plan(game, kind)):
        save_plan(game, kind, plan)


def _dispatcher(module: str, qualname: str) -> Any:
    obj: Any = importlib.import_module(module)
    for part in qualname.split("."):
        obj = getattr(obj, part)
    return obj


def compile_plan(game: str, kind: str = "run", plan: list[tuple[str, str, tuple]] | None = None) -> int:
    """Compile ``plan`` (default :func:`load_plan`) from its end into the cache (the helper's
    work); returns how many entries compiled or loaded."""
    from simlab.games import get_game

    get_game(game)  # imports the game: its kernels register with the shared driver
    return compile_entries(reversed(load_plan(game, kind) if plan is None else plan), parent=os.getppid())


def compile_entries(entries: Any, parent: int | None = None) -> int:
    """Compile each (module, qualname, arg types) of ``entries`` into the cache, in that order, as
    a callee of a caller compiled elsewhere (:func:`simlab.games.jit.compiling_parts`); entries
    that do not fit the code any more are passed over. Returns how many compiled or loaded.
    ``parent``: stop as soon as that process is gone (a helper whose main process was killed
    has nobody to help)."""
    from numba.core.dispatcher import Dispatcher

    from simlab.games.jit import compiling_parts

    done = 0
    for module, qualname, args in entries:
        if parent is not None and os.getppid() != parent:
            break
        try:
            disp = _dispatcher(module, qualname)
            if not isinstance(disp, Dispatcher) or not hasattr(disp, "_simlab_hooks"):
                continue  # only simlab's kernel functions (simlab.games.jit.njit)
            with compiling_parts():
                disp.compile(args)
            done += 1
        except (KeyboardInterrupt, SystemExit):
            raise
        except Exception:  # a stale entry: the main walk compiles what it needs itself
            continue
    return done


def write_plan(game: str) -> list[Path]:
    """Make ``game``'s shipped plans: a first compile of every kind (``simlab compile GAME``) with
    an empty cache in a child process, no helper, whose recorded plans are copied into the game's
    folder. Returns the files written."""
    import shutil

    written = []
    with tempfile.TemporaryDirectory(prefix="simlab-plan-") as tmp:
        env = dict(os.environ, SIMLAB_CACHE_DIR=tmp, **{ENV: "0"})
        env.pop("NUMBA_DISABLE_JIT", None)
        subprocess.run([sys.executable, "-m", "simlab", "compile", game], env=env, check=True,
                       stdout=subprocess.DEVNULL)
        for kind in ("run", "lookahead"):
            recorded = Path(tmp) / "plans" / f"{game}{_suffix(kind)}.pkl"
            if recorded.exists():
                shutil.copyfile(recorded, _shipped_plan(game, kind))
                written.append(_shipped_plan(game, kind))
    return written


def _exit_on_term(signum: int, frame: Any) -> None:
    raise SystemExit(0)  # unwinds the compile in progress, so that its lock files are removed


def main(argv: list[str]) -> int:
    if argv[:1] == ["--write-plan"]:
        for game in argv[1:]:
            print(*write_plan(game), sep="\n")
        return 0
    signal.signal(signal.SIGTERM, _exit_on_term)
    compile_plan(argv[0], argv[1] if len(argv) > 1 else "run")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
