"""A first compile on two cores (simlab.games.warm) and the locks that keep two processes from
compiling one function twice (simlab.games.jit): docs/compile.md, 2026-12-05."""

import json
import os
import pickle
import subprocess
import sys
import threading

import numpy as np
import pytest
from numba import config

from simlab.games import game_names, jit, warm

pytestmark = pytest.mark.skipif(config.DISABLE_JIT, reason="compiled dispatchers only")

# a three-level chain (entry -> middle -> leaf, cache=True) in a module of its own, cached in a
# folder of the test's own
from tests.test_jit import _CACHED_MODULE as _CHAIN  # noqa: E402

# in a new process: record the plan of a first compile (main walk), compile a plan from its end
# (helper), or compile the entry and say which functions it compiled itself and which it loaded
_DRIVER = '''
import json, pickle, sys
import numpy as np
from numba.core import event
sys.path.insert(0, sys.argv[1])
import chainmod
from simlab.games import jit, warm
a = np.arange(6, dtype=np.int64)
mode, path = sys.argv[2], sys.argv[3]
if mode == "record":
    with jit.recording_plan() as plan:
        value = int(chainmod.entry(a))
    pickle.dump(plan, open(path, "wb"))
    print(json.dumps({"value": value, "plan": [q for _, q, _ in plan]}))
elif mode == "helper":
    plan = pickle.load(open(path, "rb"))
    print(json.dumps({"done": warm.compile_entries(reversed(plan))}))
else:
    with event.install_recorder("numba:compile") as rec:
        value = int(chainmod.entry(a))
    compiled = [ev.data["dispatcher"].py_func.__name__ for _, ev in rec.buffer if ev.is_start]
    print(json.dumps({"value": value, "compiled": compiled,
                      "loaded": {f: sum(getattr(chainmod, f).stats.cache_hits.values()) for f in ("middle", "leaf")}}))
'''


def _run(tmp_path, cache, *args):
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache))
    env.pop("NUMBA_DISABLE_JIT", None)
    env.pop("SIMLAB_CACHE_DIR", None)  # it would take the place of NUMBA_CACHE_DIR (compile_cache)
    proc = subprocess.run([sys.executable, "-c", _DRIVER, str(tmp_path), *args], env=env,
                          capture_output=True, text=True, check=True)
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_a_plan_compiled_from_its_end_leaves_the_main_walk_only_the_entry(tmp_path):
    (tmp_path / "chainmod.py").write_text(_CHAIN)
    plan = tmp_path / "plan.pkl"
    want = 2 * sum(x + 7 for x in range(6))
    # the plan lists every callee in the order the walk reaches it (the entry, called from Python,
    # is the main walk's own: its machine code is what the cache keeps for later runs)
    first = _run(tmp_path, tmp_path / "cache1", "record", str(plan))
    assert first == {"value": want, "plan": ["middle", "leaf", "rows"]}
    # a helper with an empty cache compiles it from its end: rows, leaf, then middle
    assert _run(tmp_path, tmp_path / "cache2", "helper", str(plan)) == {"done": 3}
    # the main walk then types nothing below the entry: it loads middle (and, inside it, leaf)
    # from the cache, with the same answer
    main = _run(tmp_path, tmp_path / "cache2", "main", str(plan))
    assert main["value"] == want
    assert main["compiled"] == ["entry"]
    assert main["loaded"]["middle"] == 1


def test_a_stale_plan_entry_is_passed_over(tmp_path):
    from numba import types

    (tmp_path / "chainmod.py").write_text(_CHAIN)
    sys.path.insert(0, str(tmp_path))
    try:
        stale = [("chainmod", "gone", (types.int64,)),             # a function no longer there
                 ("numpy", "arange", (types.int64,)),               # not a simlab kernel function
                 ("chainmod", "leaf", (types.unicode_type, types.int64))]  # types that no longer fit
        assert warm.compile_entries(stale) == 0
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("chainmod", None)


def test_a_helper_whose_main_process_is_gone_stops():
    # its parent is not the process it was started for (that one was killed): nothing to compile for
    from numba import types

    entries = [("tests.test_warm", "_locked", (types.float64[::1],))]
    assert warm.compile_entries(entries, parent=os.getppid() + 1) == 0
    assert warm.compile_entries(entries, parent=os.getppid()) == 1


@jit.njit(cache=True)
def _locked(a):
    return a.sum() + 1


def _lock_file():
    from numba import typeof

    args = (typeof(np.zeros(3)),)
    return jit._lock_path(_locked, args), args


def test_a_compile_waits_while_another_live_process_holds_its_lock(tmp_path):
    path, args = _lock_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    released = threading.Event()
    try:
        path.write_text(f"{jit._HOST} {other.pid}")

        def release():
            released.set()
            path.unlink()

        timer = threading.Timer(0.3, release)
        timer.start()
        with jit._compile_lock(_locked, args):
            # the lock is ours only after the other process let it go
            assert released.is_set()
            assert path.read_text() == f"{jit._HOST} {os.getpid()}"
        timer.join()
        assert not path.exists()  # released after the compile
    finally:
        other.kill()
        other.wait()


def test_a_dead_process_s_lock_is_taken_over_and_our_own_never_waited_for(tmp_path):
    path, args = _lock_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    path.write_text(f"{jit._HOST} {int(dead.stdout)}")
    with jit._compile_lock(_locked, args):
        assert path.read_text() == f"{jit._HOST} {os.getpid()}"
    assert not path.exists()
    assert jit._holder_alive(path) is None  # gone
    path.write_text(f"{jit._HOST} {os.getpid()}")
    assert jit._holder_alive(path) is False  # ours, left behind: not waited for
    path.unlink()
    # the function compiles and runs as ever under its lock
    assert _locked(np.ones(3)) == 4.0


def test_uncached_functions_take_no_lock():
    @jit.njit(cache=False)
    def plain(a):
        return a + 1

    assert jit._lock_path(plain, ()) is None


def test_plans_are_saved_whole_and_loaded_back(tmp_path, monkeypatch):
    from numba import types

    monkeypatch.setattr(warm, "_recorded_plan", lambda game, kind="run": tmp_path / "plans" / f"{game}-{kind}.pkl")
    monkeypatch.setattr(warm, "_shipped_plan", lambda game, kind="run": tmp_path / "none.pkl")
    plan = [("m", "f", (types.int64,)), ("m", "g", (types.float64,)), ("m", "f", (types.int64,))]
    warm.save_plan("toy", "run", plan)
    assert warm.load_plan("toy") == plan[:2]  # each function and types once, in first-reached order
    assert [p.name for p in (tmp_path / "plans").iterdir()] == ["toy-run.pkl"]  # no temporary left
    (tmp_path / "plans" / "toy-run.pkl").write_bytes(b"not a pickle")
    assert warm.load_plan("toy") == []  # damaged: no plan, no helper work, no error


@pytest.mark.parametrize("game", game_names())
def test_each_game_ships_a_plan_that_names_its_kernel_functions(game):
    from numba.core.dispatcher import Dispatcher

    path = warm._shipped_plan(game)
    assert path.exists(), f"remake it: python -m simlab.games.warm --write-plan {game}"
    plan = pickle.loads(path.read_bytes())["plan"]
    found = 0
    for module, qualname, _ in plan:
        try:
            disp = warm._dispatcher(module, qualname)
        except (ImportError, AttributeError):
            continue
        found += isinstance(disp, Dispatcher) and hasattr(disp, "_simlab_hooks")
    assert found >= 0.9 * len(plan), f"stale: python -m simlab.games.warm --write-plan {game}"


@pytest.mark.parametrize("game", game_names())
def test_the_shipped_plan_covers_this_version_s_compile(game):
    # the test suite's warm-up compiles each game without a helper on a cold cache and records the
    # plan it walked: the shipped plan must still cover most of it (else the helper idles)
    from simlab.games.compile_cache import source_hash

    try:
        recorded = pickle.loads(warm._recorded_plan(game).read_bytes())
    except OSError:
        pytest.skip("no plan recorded on this machine")
    if recorded.get("sources") != source_hash():
        pytest.skip("the recorded plan is of another version of the sources")
    shipped = pickle.loads(warm._shipped_plan(game).read_bytes())["plan"]
    have = {(m, q, str(a)) for m, q, a in shipped}
    now = [(m, q, str(a)) for m, q, a in recorded["plan"]]
    covered = sum(e in have for e in now)
    assert covered >= 0.9 * len(now), (
        f"{covered} of {len(now)}: remake it with python -m simlab.games.warm --write-plan {game}")


def test_a_partial_walk_keeps_the_fuller_plan(tmp_path, monkeypatch):
    from numba import types

    from simlab import games

    monkeypatch.setattr(warm, "_recorded_plan", lambda game, kind="run": tmp_path / f"{game}-{kind}.pkl")
    monkeypatch.setattr(warm, "_shipped_plan", lambda game, kind="run": tmp_path / "none.pkl")
    monkeypatch.setattr(warm, "start_helper", lambda game, kind="run": None)  # one core
    monkeypatch.setattr(games, "kernels_cached", lambda name, kind="run": False)
    full = [("m", f"f{i}", (types.int64,)) for i in range(10)]
    warm.save_plan("toy", "run", full)

    def walk(entries):
        with warm.first_compile("toy"):
            jit._PLAN.extend(entries)  # what the compile would have recorded

    walk(full[:3])  # most of the kernels were cached: a partial walk
    assert warm.load_plan("toy") == full
    walk(full[:9])  # nearly whole
    assert warm.load_plan("toy") == full[:9]


def test_no_helper_when_turned_off_or_for_a_game_without_a_plan(monkeypatch):
    monkeypatch.setenv(warm.ENV, "0")
    assert warm.start_helper("quarriors") is None
    monkeypatch.setenv(warm.ENV, "1")
    assert warm.start_helper("no_such_game") is None
    warm.stop_helper(None)  # nothing to stop
