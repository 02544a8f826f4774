"""simlab.games.jit.njit: one compiled version per kernel function, whatever integer types and
constants its compiled callers pass (docs/compile.md)."""

import numpy as np
import pytest
from numba import config, types

from simlab.games.jit import canonical_type, njit

pytestmark = pytest.mark.skipif(config.DISABLE_JIT, reason="compiled dispatchers only")


@njit(cache=False)
def _helper(a, k, flag):
    # int8 + int8 is computed on 64 bits by numba, so widening the argument changes nothing
    return a[k] + a[k] + (1 if flag else 0)


@njit(cache=False)
def _callers(a):
    i8 = a[0]                 # int8 from the array
    i16 = np.int16(1)
    total = _helper(a, i8, True)
    total += _helper(a, i16, True)
    total += _helper(a, 2, True)        # an integer constant (Literal[int](2))
    total += _helper(a, -1, True)       # another constant
    total += _helper(a, np.int64(0), False)
    return total


@njit(cache=False)
def _wide(a, u):
    return u + np.uint8(1)


@njit(cache=False)
def _wide_callers(a):
    return _wide(a, np.uint8(255)) + _wide(a, np.uint16(255))


def test_one_version_per_integer_width_and_constant():
    a = np.array([0, 100, 120, 7], np.int8)
    got = _callers(a)
    # the same values as plain Python on int64 (no int8 wrap-around: 120 + 120 = 240)
    want = sum(2 * int(a[k]) + f for k, f in ((0, 1), (1, 1), (2, 1), (-1, 1), (0, 0)))
    assert got == want
    sigs = [tuple(s) for s in _helper.overloads]
    # one version: none per integer width, integer constant or boolean constant
    assert sigs == [(types.Array(types.int8, 1, "C"), types.int64, types.boolean)], sigs


@njit(cache=False)
def _defaults(a, k=1, flag=False):
    return a[k] + (10 if flag else 0)


@njit(cache=False)
def _default_callers(a):
    return _defaults(a) + _defaults(a, 2) + _defaults(a, 0, True) + _defaults(a, flag=True)


def test_one_version_whether_a_default_is_omitted_or_given():
    a = np.array([1, 2, 3], np.int64)
    assert _default_callers(a) == 2 + 3 + 11 + 12
    # an omitted default is compiled as its value's type, so every call shares one version
    assert [tuple(s) for s in _defaults.overloads] == [(types.Array(types.int64, 1, "C"), types.int64,
                                                        types.boolean)]


def test_unsigned_arguments_keep_their_type():
    # numba's unsigned arithmetic differs from signed (uint8 + uint8 is uint64), so no widening
    a = np.zeros(1, np.int8)
    assert _wide_callers(a) == 256 + 256
    assert {tuple(s)[1] for s in _wide.overloads} == {types.uint8, types.uint16}


@pytest.mark.parametrize("given, expected", [
    (types.int8, types.int64), (types.int16, types.int64), (types.int32, types.int64),
    (types.int64, types.int64), (types.literal(3), types.int64), (types.literal(-1), types.int64),
    (types.literal(True), types.boolean), (types.boolean, types.boolean),
    (types.Omitted(False), types.boolean), (types.Omitted(4), types.int64), (types.Omitted(None), types.Omitted(None)),
    (types.uint8, types.uint8), (types.uint64, types.uint64), (types.float64, types.float64),
    (types.float32, types.float32),
])
def test_canonical_type(given, expected):
    assert canonical_type(given) == expected


@njit(cache=False)
def _direct(a, k):
    return a[k] * 2


def test_call_from_python_compiles_for_the_values_own_types():
    # tests call kernel helpers directly with numpy scalars: plain numba behaviour there
    a = np.array([1, 2, 3], np.int8)
    assert _direct(a, np.int8(1)) == 4
    assert [tuple(s)[1] for s in _direct.overloads] == [types.int8]


@njit(cache=False)
def _fresh(a):
    return a.sum()


def test_kernels_compile_at_simlab_s_level_and_leave_numba_s_own_setting():
    from numba.core import event

    from simlab.games.jit import kernel_opt_level

    seen = []

    class _Listener(event.Listener):
        def on_start(self, ev):
            seen.append(int(config.OPT))

        def on_end(self, ev):
            pass

    before = config.OPT
    with event.install_listener("numba:compile", _Listener()):
        _fresh(np.zeros(2))
    assert seen and set(seen) == {int(kernel_opt_level())}
    assert config.OPT is before  # other numba code of the process keeps its level


def test_cache_folder_names_a_numba_opt_override(tmp_path):
    from simlab.games.compile_cache import cache_dir

    plain = cache_dir({"SIMLAB_CACHE_DIR": str(tmp_path)})
    other = cache_dir({"SIMLAB_CACHE_DIR": str(tmp_path), "NUMBA_OPT": "3"})
    assert plain.name.startswith("numba-") and "-opt" not in plain.name
    assert other.name == plain.name + "-opt3"
    numba_inline = cache_dir({"SIMLAB_CACHE_DIR": str(tmp_path), "SIMLAB_NUMBA_INLINE": "1"})
    assert numba_inline.name == plain.name + "-numbainline"  # never the other inlining's code


# --- machine code only for what Python calls (docs/compile.md, 2026-12-02 and 2026-12-05) ---

@njit(cache=False)
def _leaf(a, k):
    return a[k] * 3 + 1


@njit(cache=False)
def _middle(a, k):
    t = 0
    for i in range(k):
        t += _leaf(a, i)
    return t


@njit(cache=False)
def _top(a):
    return _middle(a, a.shape[0]) - _leaf(a, 0)


def _library(disp):
    (cres,) = disp.overloads.values()
    return cres.library


def test_callees_emit_no_code_and_the_entry_the_whole_tree():
    a = np.arange(5, dtype=np.int64)
    assert _top(a) == sum(3 * x + 1 for x in a) - 1
    # compiled only from compiled callers: linked into the caller, no machine code of their own
    assert _library(_middle)._simlab_callee is True
    assert _library(_leaf)._simlab_callee is True
    # called from Python: numba's own finalize, the whole call tree optimised and emitted once
    assert _library(_top)._simlab_callee is False
    # ... so it calls nothing outside itself (numba's mangled names start with _ZN)
    outside = [fn.name for fn in _library(_top)._final_module.functions
               if fn.is_declaration and fn.name.startswith("_ZN")]
    assert not outside, outside
    # a callee compiled for a caller is still callable from Python, with the same answers
    assert _middle(a, 3) == 1 + 4 + 7
    assert _leaf(a, 4) == 13


@njit(cache=False)
def _wleaf(a, k):
    return a[k] + 2


@njit(cache=False)
def _wrow(a, k):
    out = np.empty(k, np.float64)
    for i in range(k):
        out[i] = a[i] * 0.5
    return out


@njit(cache=False)
def _wtop(a):
    return _wleaf(a, 1) * 10 + int(_wrow(a, 3).sum())


def test_a_callee_gets_its_cpython_wrapper_only_when_python_calls_it():
    from simlab.games import jit

    a = np.arange(4, dtype=np.int64)
    assert _wtop(a) == 31
    (sig,) = _wleaf.overloads
    cres = _wleaf.overloads[sig]
    # compiled for _wtop: a stand-in entry point, no wrapper in its library, none offered to Python
    assert jit._wrapperless(cres)
    names = {fn.name for fn in cres.library._final_module.functions if not fn.is_declaration}
    assert cres.fndesc.llvm_cpython_wrapper_name not in names
    # the kernels never get numba's C wrapper (nothing takes a kernel function's address)
    assert not [n for n in names | {fn.name for fn in _library(_wtop)._final_module.functions}
                if n.startswith("cfunc.")]
    # the first call from Python makes the wrapper, once, for the same compiled version
    assert _wleaf(a, 3) == 5
    assert list(_wleaf.overloads) == [sig]
    assert not jit._wrapperless(_wleaf.overloads[sig])
    assert _wleaf(a, 0) == 2 and _wtop(a) == 31
    # a wrapper made late boxes what the version returns as numba would (an array: reference
    # counted, so the wrapper is lowered with numba's reference counting on)
    assert jit._wrapperless(next(iter(_wrow.overloads.values())))
    np.testing.assert_array_equal(_wrow(a, 3), [0.0, 0.5, 1.0])


_CACHED_MODULE = '''
import numpy as np
from simlab.games.jit import njit

@njit(cache=True)
def leaf(a, k):
    return a[k] + 7

@njit(cache=True)
def middle(a):
    t = 0
    for i in range(a.shape[0]):
        t += leaf(a, i)
    return t

@njit(cache=True)
def rows(a):
    return a + 1

@njit(cache=True)
def entry(a):
    return middle(a) * 2 + rows(a)[0] - 1
'''

_CACHED_RUN = '''
import sys, json
import numpy as np
sys.path.insert(0, sys.argv[1])
import cachedmod
a = np.arange(4, dtype=np.int64)
fn = getattr(cachedmod, sys.argv[2])
v = fn(a)
out = {"value": int(v.sum()) if isinstance(v, np.ndarray) else int(v), "hits": sum(fn.stats.cache_hits.values()),
       "middle_compiled": len(cachedmod.middle.overloads)}
print(json.dumps(out))
'''


def test_the_cache_holds_whole_trees_and_a_new_process_loads_any_function_alone(tmp_path):
    import json
    import os
    import subprocess
    import sys

    (tmp_path / "cachedmod.py").write_text(_CACHED_MODULE)
    cache = tmp_path / "cache"
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache))
    env.pop("NUMBA_DISABLE_JIT", None)
    env.pop("SIMLAB_CACHE_DIR", None)  # it would take the place of NUMBA_CACHE_DIR (compile_cache)

    def run(name):
        proc = subprocess.run([sys.executable, "-c", _CACHED_RUN, str(tmp_path), name], env=env,
                              capture_output=True, text=True, check=True)
        return json.loads(proc.stdout.strip().splitlines()[-1])

    want = 2 * sum(x + 7 for x in range(4))
    assert run("entry") == {"value": want, "hits": 0, "middle_compiled": 1}
    assert len(list(cache.rglob("*.nbi"))) == 4  # entry, middle, leaf and rows, each saved
    # a new process loads the entry alone: its machine code carries the whole call tree
    assert run("entry") == {"value": want, "hits": 1, "middle_compiled": 0}
    # ... and a callee alone, compiled whole from the IR its library saved (no typing again)
    assert run("middle") == {"value": want // 2, "hits": 1, "middle_compiled": 1}
    # ... with the CPython wrapper a callee lacks added as it loads (rows returns an array)
    assert run("rows") == {"value": sum(x + 1 for x in range(4)), "hits": 1, "middle_compiled": 0}


def test_a_callee_library_is_saved_as_its_whole_tree():
    # the cache gets a callee's whole-tree IR, never machine code that calls outside itself
    from simlab.games import jit

    a = np.arange(3, dtype=np.int64)
    _top(a)
    name, kind, data = _library(_middle).serialize_using_object_code()
    assert kind == jit._WHOLE_IR
    assert _library(_top).serialize_using_object_code()[1] == "object"
    from numba.core.registry import cpu_target

    loaded = cpu_target.target_context.codegen().unserialize_library((name, kind, data))
    assert not [fn.name for fn in loaded._final_module.functions
                if fn.is_declaration and fn.name.startswith("_ZN")]


def test_a_library_loaded_from_the_cache_claims_no_compile():
    # a cache entry that is found but fails to load leaves the compile that follows its own library
    # (so a function called from Python still optimises and emits its whole tree)
    from numba.core.registry import cpu_target

    from simlab.games import jit

    a = np.arange(3, dtype=np.int64)
    _top(a)
    state = _library(_top).serialize_using_object_code()
    frame = jit._Frame(state[0], callee=False)
    jit._FRAMES.append(frame)
    try:
        loaded = cpu_target.target_context.codegen().unserialize_library(state)
    finally:
        jit._FRAMES.pop()
    assert not frame.claimed
    assert not getattr(loaded, "_simlab_callee", False)


# --- Lookahead hooks: only the functions on the way to a hook are compiled for a lookahead run ---

from simlab.games.kernel import LookaheadArray, lookahead_bots, lookahead_hook, param_rows  # noqa: E402


@njit(cache=False)
def _look(s, t, b, p, prm, choice, a0, a1):
    return choice + 100 + a0


_choice_hook = lookahead_hook(_look)


@njit(cache=False)
def _param(prm, p):
    # no hook below it: one compiled version (the plain array) serves both runs
    return prm[p, 0]


@njit(cache=False)
def _row(row):
    return row[0]


@njit(cache=False, hooks=True)
def _decide(s, prm):
    return _choice_hook(s, s, 0, 0, prm, 1, 5, 0) + _param(prm, 1) + _row(prm[1])


@njit(cache=False)
def _turns(s, bots):
    prm = param_rows(bots, 2)
    prm[:, :] = bots
    return _decide(s, prm)


def test_hooks_see_the_run_and_other_functions_compile_once():
    s = np.zeros(1, np.int64)
    bots = np.array([[0.0, 0.0], [7.0, 0.0]])
    assert _turns(s, bots) == 1 + 7.0 + 7.0                    # a plain run: the heuristic's choice
    assert _turns(s, lookahead_bots(bots)) == 106 + 7.0 + 7.0  # a lookahead run: the lookahead's
    # the function on the way to the hook has a version for each run ...
    assert sorted(type(tuple(sig)[1]).__name__ for sig in _decide.overloads) == ["Array", "LookaheadArray"]
    # ... the others one, for the plain row-major array (a row of either is a plain row)
    for helper in (_param, _row):
        assert [type(tuple(sig)[0]) for sig in helper.overloads] == [types.Array], helper
        assert tuple(next(iter(helper.overloads)))[0].layout == "C"


def test_canonical_type_of_a_lookahead_run_s_parameters():
    la = LookaheadArray(types.float64, 2, "C")
    plain = types.Array(types.float64, 2, "C")
    assert la != plain and la.name != plain.name  # a type of its own, so its own compiled versions
    assert canonical_type(la) == plain
    assert canonical_type(la, hooks=True) == la
    assert canonical_type(plain) == plain


# --- inline="always": compiled once, inlined by LLVM (docs/compile.md, 2026-12-05) ---

@njit(cache=False, inline="always")
def _tiny(a, k):
    return a[k] * 5 + 1


@njit(cache=False)
def _uses_tiny(a):
    return _tiny(a, 0) + _tiny(a, 2) + _tiny(a, np.int8(1))


def test_inline_always_helpers_compile_once_and_llvm_inlines_them():
    import os

    a = np.arange(3, dtype=np.int64)
    assert _uses_tiny(a) == (0 * 5 + 1) + (2 * 5 + 1) + (1 * 5 + 1)
    if os.environ.get("SIMLAB_NUMBA_INLINE") == "1":
        pytest.skip("numba's own inlining asked for")
    # one compiled version for the three call sites (numba would type the body at each)
    assert len(_tiny.overloads) == 1
    tiny = _library(_tiny)
    assert tiny._simlab_inline
    own = [fn for fn in tiny._final_module.functions
           if not fn.is_declaration and fn.name.startswith("_ZN") and "_tiny" in fn.name]
    assert own and all(b"alwaysinline" in list(fn.attributes) for fn in own)
    # the entry point's optimised code calls no copy of it: LLVM inlined the body
    body = _own_function(_uses_tiny, "_uses_tiny")
    calls = [line for line in str(body).splitlines() if " call " in line and "_tiny" in line]
    assert not calls, calls


# -- an error passed up is an exit like a raise (jit._return_status_propagate) --------------------

@njit(cache=False)
def _rc_leaf(t, k):
    if k < 0:
        raise ValueError("a negative square")
    return t[0][k] + t[1][k] + t[2][k]


@njit(cache=False)
def _rc_middle(t, k):
    # takes the tuple of arrays and calls a function that may fail: numba counts the three arrays
    # up on entry and down on return, and the path passing the leaf's error up decrements nothing
    if k == 0:
        return 0
    return _rc_leaf(t, k)


@njit(cache=False)
def _rc_top(t, n):
    total = 0
    for k in range(n):
        total += _rc_middle(t, k)
    return total


@njit(cache=False)
def _rc_caught(t, k):
    try:
        return _rc_leaf(t, k)
    except Exception:  # numba catches Exception only
        return -1


def _counts_in(fn) -> tuple[int, int]:
    text = str(fn)
    return text.count("call void @NRT_incref"), text.count("call void @NRT_decref")


def _own_function(disp, name):
    (body,) = [fn for fn in _library(disp)._final_module.functions
               if not fn.is_declaration and name in fn.name and "cpython" not in fn.name
               and not fn.name.startswith("cfunc.")]
    return body


def test_counts_around_a_call_that_may_fail_are_pruned_as_around_a_raise():
    t = (np.arange(6, dtype=np.int64), np.arange(6, dtype=np.int16) * 10, np.ones(6, np.int8))
    assert _rc_top(t, 6) == sum(k + 10 * k + 1 for k in range(1, 6))
    # the entry's whole tree, optimised: no reference counting is left in the loop (numba's own
    # calling convention keeps 3 increments and 3 decrements per call of _rc_middle)
    inc, dec = _counts_in(_own_function(_rc_top, "_rc_top"))
    assert (inc, dec) == (0, 0), (inc, dec)
    # an error still reaches Python, with its message
    with pytest.raises(ValueError, match="a negative square"):
        _rc_middle(t, -1)


def test_a_function_with_a_try_block_keeps_numba_s_error_path():
    from simlab.games import jit

    t = (np.arange(4, dtype=np.int64), np.arange(4, dtype=np.int16), np.zeros(4, np.int8))
    assert _rc_caught(t, 2) == 4
    assert _rc_caught(t, -1) == -1  # caught inside the function: the error path went on
    # ... because the lowering saw its try block (numba's front end injects the marks)
    from numba.core.compiler import run_frontend

    assert jit._may_try(run_frontend(_rc_caught.py_func))
    assert not jit._may_try(run_frontend(_rc_middle.py_func))


# -- an argument the function never assigns again is borrowed (jit._lower_assign) ------------------

@njit(cache=False)
def _bw_walk(t, n):
    # ways out inside a loop, behind more branches in a row than numba's pruning follows (15
    # blocks) from the count on entry to the counts on the ways out (stores, so that LLVM keeps
    # the branches)
    out = t[3]
    total = 0
    for i in range(n):
        for j in range(t[0].shape[0]):
            if t[1][j] > i:
                out[0] += 1
            if t[1][j] > i + 1:
                out[1] += 1
            if t[1][j] > i + 2:
                out[2] += 1
            if t[1][j] > i + 3:
                out[3] += 1
            if t[2][j] != 0:
                out[4] += 1
            if t[0][j] == 1:
                out[5] += 1
            if t[0][j] == 2:
                out[6] += 1
            if t[0][j] == 3:
                out[7] += 1
            if t[0][j] == 4:
                out[0] -= 1
            if t[0][j] == 5:
                return -1
            total += t[0][j]
    return total


@njit(cache=False)
def _bw_top(t, n):
    total = 0
    for i in range(n):
        total += _bw_walk(t, i)
    return total


@njit(cache=False)
def _bw_return_it(a):
    return a  # the caller gets a reference of its own


@njit(cache=False)
def _bw_keep(a, b):
    a = a + 1  # a new array under the argument's name: numba's renaming keeps the argument borrowed
    return (a, b)  # b in a tuple the caller owns


@njit(cache=False)
def _bw_uses(a, b):
    x, y = _bw_keep(a, b)
    z = _bw_return_it(y)
    return x.sum() + z.sum() + _bw_return_it(a)[0]


def test_arguments_are_borrowed_for_the_call_and_counted_when_kept():
    from numba.core.runtime import _nrt_python, rtsys

    t = (np.arange(5, dtype=np.int64), np.arange(5, dtype=np.int16), np.zeros(5, np.int8), np.zeros(8, np.int64))
    assert _bw_top(t, 4) == 6 * (0 + 1 + 2 + 3 + 4)
    # the callee's own code (before the entry's optimisation inlines it) no longer counts the
    # tuple's arrays: only ``out``, a variable of its own, once up and once down on each of its
    # two ways out (numba's own lowering: 5 and 10, the four arrays and ``out``)
    assert _counts_in(_own_function(_bw_walk, "_bw_walk")) == (1, 2)
    assert _counts_in(_own_function(_bw_top, "_bw_top")) == (0, 0)
    a, b = np.arange(4, dtype=np.float64), np.ones(3)
    _bw_uses(a, b)  # compiled
    _nrt_python.memsys_enable_stats()
    try:
        before = rtsys.get_allocation_stats()
        for _ in range(3):
            assert _bw_uses(a, b) == (1 + 2 + 3 + 4) + 3 + 0
            kept, same = _bw_keep(a, b)
            assert same is b  # b came back in the tuple, counted for the tuple
            assert (kept == a + 1).all()
            assert _bw_return_it(a) is not None
        del kept, same
        after = rtsys.get_allocation_stats()
    finally:
        _nrt_python.memsys_disable_stats()
    # every allocation freed, none freed twice; the caller's arrays intact
    assert after.alloc - before.alloc == after.free - before.free
    assert after.mi_alloc - before.mi_alloc == after.mi_free - before.mi_free
    assert (a == np.arange(4)).all() and (b == 1).all()


# -- a tree emitted whole owns its callees: their unread arguments dropped (jit._internalise) ------

@njit(cache=False)
def _ia_leaf(t, k):
    # reads one array of the four it is passed; long enough that LLVM keeps it a function of its
    # own rather than inlining it at its four call sites
    total = 0
    for j in range(k):
        v = int(t[1][j % t[1].shape[0]])
        for m in range(2, 6):
            if v > m:
                total += v * m + j
            elif total % (m + 1) == 1:
                total -= m
            total ^= 7 * m + 1
        if total > 1000:
            total //= 3
        elif total < -1000:
            total = -total // 5
        if (total & 3) == 1:
            total += j * j
    return total


@njit(cache=False)
def _ia_top(t, n):
    return _ia_leaf(t, n) + 2 * _ia_leaf(t, n + 1) + 3 * _ia_leaf(t, n + 2) + 4 * _ia_leaf(t, n + 3)


def test_an_emitted_tree_owns_its_callees_and_drops_their_unread_arguments():
    import llvmlite.binding as ll

    t = (np.arange(5, dtype=np.int64), np.arange(6, dtype=np.int16), np.zeros(5, np.int8), np.zeros(4))
    want = sum(m * _ia_leaf.py_func(t, n) for m, n in ((1, 9), (2, 10), (3, 11), (4, 12)))
    assert _ia_top(t, 9) == want
    module = _library(_ia_top)._final_module
    defined = [fn for fn in module.functions if not fn.is_declaration]
    # the module's own functions keep their names for numba; every copy linked in is its own
    assert not [fn.name for fn in defined if fn.linkage == ll.Linkage.linkonce_odr]
    assert _own_function(_ia_top, "_ia_top").linkage == ll.Linkage.external
    # numba passes the tuple as every field of its four arrays (7 words each), plus k and its two
    # pointers for the result and an error: 31 parameters; the leaf reads one array's data and size
    (leaf,) = [fn for fn in defined if "_ia_leaf" in fn.name]
    assert leaf.linkage == ll.Linkage.internal
    assert len(list(leaf.arguments)) <= 8, str(leaf.type)
    # a callee's own library (linked by compiled callers) keeps numba's signature
    (own,) = [fn for fn in _library(_ia_leaf)._final_module.functions
              if not fn.is_declaration and "_ia_leaf" in fn.name and fn.name.startswith("_ZN")]
    assert len(list(own.arguments)) == 31
