"""``njit`` for the game kernels: numba's, compiled once per function instead of once per caller.

numba compiles a jitted function again for every new combination of argument types its callers
pass. In the game kernels the same helper is called with an ``int8`` read from the state, an
``int16``, an ``int64`` loop index and integer constants, and numba types each constant as a type
of its own (``Literal[int](-1)``, ``Literal[int](2)``): Quarriors 1.2.0 compiled its 77 kernel
functions 137 times (``cast_spells`` three times, once per phase constant; ``choose_ooze_copy``
seven times). Each extra copy costs a full compile, with the copy's whole call tree linked in and
optimised again, and buys nothing: numba does integer arithmetic on at least 64 bits whatever the
width of its operands, so an ``int8`` argument widened to ``int64`` computes the same values.

This ``njit`` therefore compiles every call from compiled code for canonical argument types:

* a signed integer of fewer than 64 bits, or an integer constant, becomes ``int64``;
* a boolean constant becomes ``boolean``, and an omitted argument whose default is a boolean or
  an integer becomes that value's type (Wiz-War compiled 19 functions twice, once for a ``True``
  and once for a ``False`` constant or an omitted default);
* a lookahead run's parameter matrix (``simlab.games.kernel.LookaheadArray``) becomes the plain
  row-major array, except for a function marked ``njit(hooks=True)``: the few on the way to a
  lookahead hook, whose code depends on the type;
* everything else (arrays, the state, floats, unsigned integers, whose arithmetic numba does
  differently) is left as it is.

Measured on Quarriors 1.2.0 (docs/compile.md): a first compile of 75 s became 46 s, at the same
games per second. A call from Python (tests calling a helper directly) compiles for the values'
own types, as plain numba does. With ``NUMBA_DISABLE_JIT=1`` the function is returned unchanged.

**Machine code only for what Python calls.** numba gives every compiled function a code library
of its own; finalising it links the IR of the callees' libraries (each holding its whole call tree),
optimises the lot at module level and emits machine code for all of it. A function five levels
down a game's ``play_batch -> play_game -> play_turn -> ...`` chain was therefore optimised and
emitted five times or more: Quarriors' 225 libraries held 3,947 function bodies for about 150
distinct functions. So while a kernel compile is in progress (:class:`_Frame`), a library compiled
for a compiled caller (or one of numba's helpers compiled for it) is finalised by
:func:`_finalize_callee`: the callees are linked as numba does (callers link this module, so the
code the entry point finally optimises is the same), with no module-level optimisation and no
machine code. A callee also gets no CPython wrapper (the unboxing and boxing code a call from
Python goes through) and the kernels no C wrapper (:func:`_get_executable`): a callee's version
serves compiled callers only, until a call from Python makes its wrapper, linking and emitting its
tree once (:func:`_python_entry`). The cache gets a callee's whole-tree IR instead of machine code
(:func:`_serialize`), emitted whole, with the wrapper added, when a process loads it for a call
from Python (:func:`_unserialize`: a test calling a helper loads it without compiling it). A
function called from Python is finalised by numba unchanged: its whole call tree optimised once and
emitted once, so its cached machine code needs nothing outside it. Same games, byte for byte; a
first compile 1.6x (Wiz-War) to 2.7x (Ashes) shorter (docs/compile.md, 2026-12-02), and the
wrappers and the callees' own machine code gone, 1.2x to 1.4x shorter again (2026-12-05).

**``inline="always"``, inlined by LLVM.** numba inlines such a function at the level of its own IR,
typing and lowering the body again at every call site. This ``njit`` compiles it once like any
other function (numba's ``inline="never"``) and marks its library's functions ``alwaysinline``
(:func:`_add_ir_module`), so the entry point's whole-tree optimisation inlines them: the same code
in the hot loop, typed once. Measured (docs/compile.md, 2026-12-05): a cold run compile of
Quarriors 45 -> 28 s and Seasons 83 -> 51 s; Ashes and Wiz-War, which mark few functions so,
unchanged; games per second within noise. ``SIMLAB_NUMBA_INLINE=1`` asks for numba's own inlining
(for measuring; it gets a cache folder of its own).

**Arguments borrowed, and an error passed up pruned like a raise.** numba counts references to
every array a function holds: a variable gets its own count, an argument included (one atomic
increment on entry, one decrement on each way out), and a tuple of arrays counts each of them, so a
call that passes Wiz-War's board (16 arrays) cost 32 atomic updates. numba's pruning of such pairs
(llvmlite's RefPrune) gives up past 15 blocks or where a path passes a callee's error up (that path
is not marked as a raise, though it leaks as one). A kernel function without try/except therefore
(1) lets a variable that is only ever assigned its argument borrow it (:func:`_lower_assign`,
:func:`_delvar`): the caller holds a reference for the whole call, and every other variable, a
returned value and a tuple built from it still count their own; (2) marks the path that passes a
callee's error up as RefPrune marks a raise (:func:`_return_status_propagate`). Same games, byte
for byte; games per second about 1.8x (Wiz-War), compile time unchanged (docs/speed.md,
2026-12-05, night).

**A tree emitted whole owns its callees (:func:`_internalise`).** numba passes a tuple of arrays
as every field of every array (Wiz-War's board: 130 words pushed on the stack per call), and links
a callee's code into its callers as ``linkonce_odr``, whose signature LLVM must keep. In a module
that is optimised and emitted whole (an entry point, a wrapper for Python) those copies are made
internal first, so LLVM's dead argument elimination drops what a callee never reads (pushes in
Wiz-War's machine code: 32,131 -> 6,641). Same games, byte for byte; Wiz-War about 1.15x
(docs/speed.md, 2026-12-06).
"""

from __future__ import annotations

import hashlib
import os
import socket
import time
from collections import Counter
from collections.abc import Callable
from contextlib import contextmanager, suppress
from pathlib import Path
from types import MethodType
from typing import Any

import llvmlite.binding as ll
from llvmlite import ir as llvm_ir
from numba import _dynfunc, types
from numba import njit as _numba_njit
from numba.core import callconv, codegen, config, cpu, lowering, sigutils
from numba.core import ir as numba_ir
from numba.core.compiler_lock import global_compiler_lock, require_global_compiler_lock
from numba.core.dispatcher import Dispatcher
from numba.core.environment import lookup_environment
from numba.core.runtime import rtsys
from numba.core.unsafe import eh

__all__ = ["njit", "kernel_impl", "canonical_type", "KERNEL_OPT", "kernel_opt_level", "compiling_parts",
           "recording_plan", "LOCK_PATIENCE"]

KERNEL_OPT = 1
"""numba's optimisation level (``NUMBA_OPT``) for the game kernels: LLVM's -O1 module passes
instead of numba's default -O3. Measured with ``simlab compile --cold`` and ``simlab bench``
(docs/compile.md): the same games per second, and a first compile 1.2x (Quarriors) to 2.5x
(Wiz-War) shorter. Set ``NUMBA_OPT`` to compile them at another level."""


def kernel_opt_level() -> config._OptLevel:
    """The level the game kernels are compiled at: ``NUMBA_OPT`` if set, else :data:`KERNEL_OPT`."""
    return config.OPT if "NUMBA_OPT" in os.environ else config._OptLevel(KERNEL_OPT)


@contextmanager
def _kernel_opt():
    # numba reads config.OPT each time it optimises a compiled library; only the game kernels'
    # compiles see simlab's level, any other numba code of the process keeps its own
    saved = config.OPT
    config.OPT = kernel_opt_level()
    try:
        yield
    finally:
        config.OPT = saved


def canonical_type(t: types.Type, hooks: bool = False) -> types.Type:
    """The argument type a kernel function is compiled for when a compiled caller passes ``t``.

    ``hooks``: the callee is on the way to a lookahead hook (``njit(hooks=True)``), so a lookahead
    run's parameter matrix keeps its own type; any other callee gets the plain array type."""
    if isinstance(t, types.IntegerLiteral):
        t = t.literal_type
    if isinstance(t, types.BooleanLiteral):
        return types.boolean
    if isinstance(t, types.Omitted) and isinstance(t.value, bool):
        return types.boolean
    if isinstance(t, types.Omitted) and isinstance(t.value, int):
        return types.int64
    if isinstance(t, types.Integer) and t.signed and t.bitwidth < 64:
        return types.int64
    if not hooks and hasattr(t, "simlab_plain"):
        # simlab.games.kernel.LookaheadArray: only the functions on the way to a hook need to tell
        # a lookahead run's parameters from a plain run's; every other function is compiled once,
        # for the plain array, and serves both (docs/compile.md, 2026-12-04)
        return t.simlab_plain()
    return t


def _canonical_call_template(self: Dispatcher, args: tuple, kws: dict) -> Any:
    # numba asks the dispatcher for a compiled version matching the caller's argument types
    # (types.Dispatcher.get_call_type); the call site then casts its arguments to the types
    # returned here, so one compiled version serves every caller
    hooks = getattr(self, "_simlab_hooks", False)
    # defaults filled in first, so that an omitted argument is compiled as its value's type
    _, args = self._compiler.fold_argument_types(args, kws)
    args = tuple(canonical_type(a, hooks) for a in args)
    return type(self).get_call_template(self, args, {})


def _compile_at_kernel_opt(self: Dispatcher, sig: Any) -> Any:
    # every compile of a kernel function, from Python (_compile_for_args) or from a compiled
    # caller (get_call_template), goes through Dispatcher.compile
    if _PLAN is not None and _FRAMES and "<locals>" not in self.py_func.__qualname__:
        # a callee (an entry point called from Python is compiled by the main walk itself), the
        # first time it is asked for (numba asks again at every call site it types)
        args = tuple(sigutils.normalize_signature(sig)[0])
        if args not in self.overloads:
            _PLAN.append((self.py_func.__module__, self.py_func.__qualname__, args))
    callee = bool(_FRAMES)
    if not callee:
        cres = self.overloads.get(tuple(sigutils.normalize_signature(sig)[0]))
        if cres is not None and _wrapperless(cres):
            return _python_entry(self, cres)  # compiled for compiled callers; now called from Python
    _FRAMES.append(_Frame(self.py_func.__qualname__, callee=callee,
                          inline=getattr(self, "_simlab_inline", False)))
    # a callee gets no CPython wrapper: only a call from Python needs one (_python_entry)
    saved = self.targetoptions.get("no_cpython_wrapper", False)
    self.targetoptions["no_cpython_wrapper"] = callee
    try:
        with _kernel_opt(), _compile_lock(self, sig):
            return type(self).compile(self, sig)
    finally:
        self.targetoptions["no_cpython_wrapper"] = saved
        _FRAMES.pop()


# -- one compile per function across processes ---------------------------------------------------
# Two processes compiling one game into one cache folder (simlab.games.warm's helper beside the
# main process, two joblib workers, two test processes) would each type, lower and emit every
# function they share. So a process that is about to compile a kernel function for a signature
# first takes a lock file for it in the cache folder; a process that finds the lock taken waits
# for it to go and then loads the other's work from the cache (numba's Dispatcher.compile looks
# there first). The call graph of the kernels has no cycles, so two processes never wait for each
# other. A lock whose process has died is taken over; a wait never lasts longer than
# LOCK_PATIENCE seconds (a lock from another machine on a shared folder), after which the process
# compiles the function itself (the same code; numba writes cache files atomically).

LOCK_PATIENCE = 900.0
"""Seconds a process waits for another's compile of one function before compiling it itself."""

_LOCK_POLL = 0.02
_HOST = socket.gethostname()


def _lock_path(self: Dispatcher, args: tuple) -> Path | None:
    # beside the function's cache files (the folder every process compiling it saves into)
    folder = getattr(getattr(self, "_cache", None), "_cache_path", None)
    if not folder or os.environ.get("SIMLAB_COMPILE_LOCKS") == "0":
        return None  # not cached (cache=False): nothing another process could load
    func = self.py_func
    key = f"{func.__module__}.{func.__qualname__}|{args}|{int(kernel_opt_level())}"
    return Path(folder) / "simlab-locks" / (hashlib.sha1(key.encode()).hexdigest() + ".lock")


def _holder_alive(path: Path) -> bool | None:
    """Whether the process that holds the lock at ``path`` runs (None: it is on another machine,
    or the lock is gone or unreadable)."""
    try:
        host, pid = path.read_text().split()
        pid_n = int(pid)
    except (OSError, ValueError):
        return None
    if host != _HOST:
        return None
    if pid_n == os.getpid():
        return False  # our own lock, left by a compile this process abandoned: never wait for it
    try:
        os.kill(pid_n, 0)
    except ProcessLookupError:
        return False
    except OSError:
        pass  # it exists, owned by another user
    return True


@contextmanager
def _compile_lock(self: Dispatcher, sig: Any):
    args, _ = sigutils.normalize_signature(sig)
    path = None if tuple(args) in self.overloads else _lock_path(self, tuple(args))
    if path is None:
        yield
        return
    owned = False
    deadline = time.monotonic() + LOCK_PATIENCE
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        while True:
            try:
                fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
            except FileExistsError:
                if _holder_alive(path) is False:
                    with suppress(OSError):
                        path.unlink()  # a dead process's lock
                    continue
                if time.monotonic() > deadline:
                    break  # compile it here (the other process may still save the same code)
                time.sleep(_LOCK_POLL)
                continue
            with os.fdopen(fd, "w") as f:
                f.write(f"{_HOST} {os.getpid()}")
            owned = True
            break
    except OSError:
        pass  # a read-only or odd cache folder: compile without coordinating
    try:
        yield
    finally:
        if owned:
            with suppress(OSError):
                path.unlink()


_PLAN: list[tuple[str, str, tuple]] | None = None


@contextmanager
def recording_plan():
    """Record, in the order a compile reaches them, every kernel function and argument types
    compiled or loaded inside this block: ``[(module, qualname, arg types), ...]`` (the compile
    plan that ``simlab.games.warm``'s helper walks from the other end)."""
    global _PLAN
    saved, _PLAN = _PLAN, []
    try:
        yield _PLAN
    finally:
        _PLAN = saved


@contextmanager
def compiling_parts():
    """Compile kernel functions as parts of a caller compiled elsewhere (``simlab.games.warm``):
    a function compiled from Python inside this block is finalised as a callee (its own machine
    code only, its whole-tree IR to the cache) instead of as an entry point that optimises and
    emits its whole call tree."""
    _FRAMES.append(_Frame("<parts>", callee=True, inline=False))
    try:
        yield
    finally:
        _FRAMES.pop()


class _Frame:
    """A kernel compile in progress: the function's name, whether a compiled caller asked for it,
    and whether its own code library has been made yet."""

    __slots__ = ("qualname", "callee", "inline", "claimed")

    def __init__(self, qualname: str, callee: bool, inline: bool = False):
        self.qualname, self.callee, self.inline, self.claimed = qualname, callee, inline, False


_FRAMES: list[_Frame] = []
_LOADING: list[str] = []  # names of the libraries being loaded from the cache (they claim no frame)


def _create_library(self: Any, name: str, **kwargs: Any) -> Any:
    lib = _orig_create_library(self, name, **kwargs)
    if _FRAMES and not _LOADING:  # a library loaded from the cache is finalised already
        frame = _FRAMES[-1]
        if not frame.claimed and name == frame.qualname:
            frame.claimed = True
            lib._simlab_callee = frame.callee
            lib._simlab_entry = not frame.callee
            lib._simlab_inline = frame.callee and frame.inline
        else:
            lib._simlab_callee = True  # numba's own helpers compiled for a kernel function
    return lib


def _add_ir_module(self: Any, ir_module: Any) -> None:
    if getattr(self, "_simlab_inline", False):
        for fn in ir_module.functions:
            if not fn.is_declaration and not fn.name.startswith(("cpython.", "cfunc.")):
                fn.attributes.add("alwaysinline")
    return _orig_add_ir_module(self, ir_module)


def _finalize_callee(self: Any) -> None:
    # numba's CPUCodeLibrary.finalize, for a library only ever called from compiled code: link the
    # callees' code as numba does (callers link this module), but optimise nothing at module level
    # and emit no machine code: the library called from Python optimises and emits its whole call
    # tree once, and nothing runs a callee's own machine code
    if not getattr(self, "_simlab_callee", False):
        return _orig_finalize(self)
    require_global_compiler_lock()
    self._codegen._check_llvm_bugs()
    self._raise_if_finalized()
    seen = set()
    for library in self._linking_libraries:
        if library not in seen:
            self._reload_init.update(library._reload_init)
            seen.add(library)
            self._final_module.link_in(library._get_module_for_linking(), preserve=True)
    self._final_module.verify()
    _finalize_unemitted(self)


def _finalize_unemitted(self: Any) -> None:
    # a callee library is finished without machine code: only the entry point's whole tree, or a
    # call from Python (_python_entry), is ever run, and each emits the code it calls
    self._finalize_dynamic_globals()
    self._verify_declare_only_symbols()
    self._finalized = True


def _serialize(self: Any) -> Any:
    # a callee's machine code calls symbols that another process lacks, so the cache gets the IR
    # of its whole call tree instead (what callers link), compiled whole when a process loads it
    if getattr(self, "_simlab_callee", False):
        self._ensure_finalized()
        return (self.name, _WHOLE_IR, self._final_module.as_bitcode())
    return _orig_serialize(self)


def _unserialize(cls: Any, codegen_: Any, state: Any) -> Any:
    _LOADING.append(state[0])
    try:
        return _load(cls, codegen_, state)
    finally:
        _LOADING.pop()


def _load(cls: Any, codegen_: Any, state: Any) -> Any:
    name, kind, data = state
    if kind != _WHOLE_IR:
        return _orig_unserialize.__func__(cls, codegen_, state)
    self = codegen_.create_library(name)  # unmarked: made while _LOADING
    self._final_module = ll.parse_bitcode(data)
    if _FRAMES and _FRAMES[-1].callee:
        # loaded for a caller being compiled (another process compiled it: simlab.games.warm):
        # a callee here too, so no module-level optimisation (the entry point optimises its whole
        # tree) and machine code only for the functions this process has not emitted yet
        self._simlab_callee = True
        _finalize_unemitted(self)
        return self
    # a callee's tree from the cache for a call from Python (a test calling a helper): its CPython
    # wrapper is added, and the tree optimised once and emitted whole, by _get_executable, which
    # numba calls next (CompileResult._rebuild)
    self._simlab_pending = True
    self._simlab_entry = True
    return self


def _optimize_entry(self: Any) -> None:
    # numba's CPUCodeLibrary._optimize_final_module; for a kernel library that emits its tree (an
    # entry point, _python_entry, a cached tree loaded for Python), the callees' copies linked in
    # are made internal first, so that LLVM may drop the arguments they never read
    if getattr(self, "_simlab_entry", False):
        _internalise(self._final_module)
    return _orig_optimize(self)


def _internalise(module: Any) -> None:
    # numba links a callee's functions as linkonce_odr (CPUCodeLibrary._get_module_for_linking:
    # another module may hold a copy, so LLVM must keep each one's signature). In a module that is
    # emitted whole they are this module's own copies: internal linkage lets LLVM's dead argument
    # elimination drop what a callee never reads (a tuple of arrays is passed as every field of
    # every array: Wiz-War's board was 130 words pushed per call). The module's own functions (the
    # entry, its wrapper) keep their external linkage, so numba finds them by name as before.
    for fn in module.functions:
        if not fn.is_declaration and fn.linkage == ll.Linkage.linkonce_odr:
            fn.linkage = ll.Linkage.internal


_WHOLE_IR = "simlab-whole-ir"
_orig_create_library = codegen.JITCPUCodegen.create_library
_orig_add_ir_module = codegen.CPUCodeLibrary.add_ir_module
_orig_finalize = codegen.CPUCodeLibrary.finalize
_orig_optimize = codegen.CPUCodeLibrary._optimize_final_module
_orig_serialize = codegen.CPUCodeLibrary.serialize_using_object_code
_orig_unserialize = codegen.CPUCodeLibrary._unserialize
codegen.JITCPUCodegen.create_library = _create_library
codegen.CPUCodeLibrary.finalize = _finalize_callee
codegen.CPUCodeLibrary._optimize_final_module = _optimize_entry
codegen.CPUCodeLibrary.add_ir_module = _add_ir_module
codegen.CPUCodeLibrary.serialize_using_object_code = _serialize
codegen.CPUCodeLibrary._unserialize = classmethod(_unserialize)


# -- CPython wrappers only where Python calls ------------------------------------------------------
# numba gives every compiled function a CPython wrapper (unboxing each argument, boxing the result)
# and a C wrapper, lowered, optimised and emitted with it. A kernel function is called from Python
# only as an entry point (play_batch, a replay, a test calling a helper); the hundreds of functions
# a game's entry point compiles are called from compiled code only, so their wrappers were a fifth
# of Wiz-War's first compile (timers around numba's lowering, docs/compile.md). The kernels get no
# C wrapper at all (nothing takes their address), and a callee no CPython wrapper; a callee's
# compiled version is kept for compiled callers (Dispatcher.overloads) but not offered to Python
# calls until a wrapper is made for it, on the first such call (_python_entry).


def _get_executable(self: Any, library: Any, fndesc: Any, env: Any) -> Any:
    # numba's CPUContext.get_executable, called when a function is compiled or loaded from the
    # cache: the Python-callable object of the function's CPython wrapper
    if getattr(library, "_simlab_pending", False):
        # a callee's whole-tree IR loaded from the cache for a call from Python (_load): add the
        # wrapper, then optimise and emit the tree once
        library._simlab_pending = False
        if _defines(library._final_module, fndesc.llvm_cpython_wrapper_name) is False:
            _wrapper_context(self).create_cpython_wrapper(library, fndesc, env, None)
            _link_runtime(library._final_module)
        with _kernel_opt():
            library._optimize_final_module()
            library._finalize_final_module()
    elif library.get_pointer_to_function(fndesc.llvm_cpython_wrapper_name) == 0:
        # a callee without a wrapper: a stand-in that nothing calls (_add_overload keeps it from
        # Python calls) and that keys the function for its compiled callers
        # (BaseContext.insert_user_function)
        cfunc = _dynfunc.make_function(fndesc.lookup_module(), fndesc.qualname.split(".")[-1],
                                       f"compiled-only version of {fndesc.qualname!r}", 0, env, (library,))
        library._simlab_stand_in = cfunc
        return cfunc
    cfunc = _orig_get_executable(self, library, fndesc, env)
    _set_envs(library)
    return cfunc


def _link_runtime(module: Any) -> None:
    # numba links its runtime's functions (NRT_incref, NRT_decref, ...) into every library it lowers
    # (CPUContext.post_lowering); LLVM's linker copies only the ones a module already calls, so a
    # tree whose reference counts were all pruned away has none, and the wrapper added to it later
    # calls NRT_decref: link them again, now that the wrapper calls them
    module.link_in(rtsys.library._get_module_for_linking(), preserve=True)


def _set_envs(library: Any) -> None:
    # the environments of every function in an emitted tree (numba sets only the entry's own; the
    # callees' were set when their own code was emitted, and callees here emit none). Each is found
    # by its global's name, as numba does for a tree loaded from the cache (CompileResult._rebuild)
    for gv in library._final_module.global_variables:
        if gv.name.startswith("_ZN08NumbaEnv"):
            env = lookup_environment(gv.name)
            if env is not None:
                library.codegen.set_env(gv.name, env)


def _wrapper_context(ctx: Any) -> Any:
    # the kernels are compiled with numba's reference counting on (njit's default), and a wrapper
    # boxes their arrays accordingly; numba's compiler makes such a context from the dispatcher's
    # for each compile, but a cached version is rebuilt with the dispatcher's plain one
    return ctx if ctx.enable_nrt else ctx.subtarget(enable_nrt=True)


def _defines(module: Any, name: str) -> bool:
    try:
        return not module.get_function(name).is_declaration
    except NameError:
        return False


def _wrapperless(cres: Any) -> bool:
    return getattr(cres.library, "_simlab_stand_in", None) is cres.entry_point


def _add_overload(self: Dispatcher, cres: Any) -> None:
    # numba's Dispatcher.add_overload, except that a version without a CPython wrapper serves
    # compiled callers only: Python calls never reach its stand-in
    if _wrapperless(cres):
        self.overloads[tuple(cres.signature.args)] = cres
    else:
        type(self).add_overload(self, cres)


def _python_entry(self: Dispatcher, cres: Any) -> Any:
    # the first call from Python of a version compiled for compiled callers: its CPython wrapper in
    # a library of its own that links the version's whole tree, optimised and emitted once
    ctx = self.targetctx
    with global_compiler_lock:
        library = ctx.codegen().create_library(f"{cres.fndesc.qualname}.python")
        library._simlab_entry = True
        library.add_linking_library(cres.library)
        library.add_linking_library(rtsys.library)  # the wrapper counts references (_link_runtime)
        _wrapper_context(ctx).create_cpython_wrapper(library, cres.fndesc, cres.environment, None)
        with _kernel_opt():
            library.finalize()
        cfunc = _orig_get_executable(ctx, library, cres.fndesc, cres.environment)
        _set_envs(library)
        ctx.insert_user_function(cfunc, cres.fndesc, [cres.library])
        args = tuple(cres.signature.args)
        self.overloads[args] = cres._replace(entry_point=cfunc)
        self._insert([a._code for a in args], cfunc, cres.objectmode)
    return cfunc


def _set_env(self: Any, env_name: str, env: Any) -> None:
    # numba's JITCPUCodegen.set_env, except for a global not emitted (a callee's, set when its
    # caller's tree is emitted: _set_envs); numba would write through a null address
    if self._engine.get_global_value_address(env_name):
        _orig_set_env(self, env_name, env)


_orig_get_executable = cpu.CPUContext.get_executable
_orig_set_env = codegen.JITCPUCodegen.set_env
cpu.CPUContext.get_executable = _get_executable
codegen.JITCPUCodegen.set_env = _set_env


# -- fewer reference counts: arguments borrowed, an error passed up pruned like a raise -----------
# numba counts references to every array a function holds: each variable owns one count, an
# argument's variable included (counted up on entry, down where the variable dies), and a tuple of
# arrays (Wiz-War's Geometry: 16 of them) costs 16 atomic increments and 16 decrements per call.
# numba's reference-count pruning (llvmlite's RefPrune) deletes such a pair only when it can follow
# every path from the increment to a decrement within 15 blocks, or to a raise ("fanout_raise": a
# path that raises may leak). So, for the functions of this module's njit without try/except:
# * an argument's variable that is never assigned again borrows the caller's reference: the
#   caller holds one for the whole call (a variable of its own, or the wrapper that unboxed the
#   value), and nothing in the callee can drop it (no reassignment: numba's SSA renames a new value
#   under the same name). Every other variable, a returned value (numba's cast counts it) and a
#   tuple or structure the value is put in still count their own (_lower_assign, _delvar);
# * the path that passes a callee's error up to the caller (CPUCallConv.return_status_propagate)
#   is marked as RefPrune marks a raise (the store of the error's details tagged
#   ``numba_exception_output``): it leaks exactly as a raise does, decrementing nothing, but was not
#   recognised, so every count held across a call that may fail stayed.
# try/except is left out because numba's try blocks let the error path go on inside the function,
# where a count pruned away would be missed (no kernel has one). Same games, byte for byte;
# tests/test_jit.py checks the counts and that every allocation is freed once.


def _may_try(func_ir: Any) -> bool:
    # numba lowers a try block through calls to eh.mark_try_block (interpreter._inject_call)
    for block in func_ir.blocks.values():
        for stmt in block.body:
            value = getattr(stmt, "value", None)
            if isinstance(value, numba_ir.Global) and (value.value is eh.mark_try_block
                                                       or value.value is eh.exception_check):
                return True
    return False


def _setup_function(self: Any, fndesc: Any) -> None:
    _orig_setup_function(self, fndesc)
    func = getattr(self.func_ir.func_id, "func", None)
    kernel = getattr(func, "_simlab_kernel", False) and not _may_try(self.func_ir)
    self.builder._simlab_error_exits = kernel
    self._simlab_borrowed = set()
    self._simlab_assigned = None
    if kernel:
        self._simlab_assigned = Counter(stmt.target.name for block in self.func_ir.blocks.values()
                                        for stmt in block.body if isinstance(stmt, numba_ir.Assign))


def _lower_assign(self: Any, ty: Any, inst: Any) -> Any:
    value = inst.value
    counts = getattr(self, "_simlab_assigned", None)
    if counts is not None and isinstance(value, numba_ir.Arg) and counts[inst.target.name] == 1:
        argty = self.typeof("arg." + value.name)
        if not isinstance(argty, types.Omitted):
            # an argument the function never assigns again: the caller holds a reference to it for
            # the whole call, so the variable borrows it (numba counts it up here and down at the
            # variable's deletion, _delvar)
            self._simlab_borrowed.add(inst.target.name)
            return self.context.cast(self.builder, self.fnargs[value.index], argty, ty)
    return _orig_lower_assign(self, ty, inst)


def _no_decref(typ: Any, val: Any) -> None:
    return None


def _delvar(self: Any, name: str) -> None:
    if name not in getattr(self, "_simlab_borrowed", ()):
        return _orig_delvar(self, name)
    self.decref = _no_decref  # a borrowed argument: numba's bookkeeping without the count
    try:
        return _orig_delvar(self, name)
    finally:
        del self.decref


def _return_status_propagate(self: Any, builder: Any, status: Any) -> None:
    if not getattr(builder, "_simlab_error_exits", False):
        return _orig_propagate(self, builder, status)
    # numba's CPUCallConv.return_status_propagate without the try-block test (the function has no
    # try block: the error always returns), the store tagged as a raise's is
    store = builder.store(status.excinfoptr, self._get_excinfo_argument(builder.function))
    store.set_metadata("numba_exception_output", builder.module.add_metadata([llvm_ir.IntType(1)(1)]))
    self._return_errcode_raw(builder, status.code)


_orig_setup_function = lowering.BaseLower.setup_function
_orig_propagate = callconv.CPUCallConv.return_status_propagate
_orig_lower_assign = lowering.Lower.lower_assign
_orig_delvar = lowering.Lower.delvar
lowering.BaseLower.setup_function = _setup_function
callconv.CPUCallConv.return_status_propagate = _return_status_propagate
lowering.Lower.lower_assign = _lower_assign
lowering.Lower.delvar = _delvar


def kernel_impl(func: Callable) -> Callable:
    """Mark an ``@overload`` implementation to be lowered as this module's kernel functions are
    (arguments borrowed, an error passed up pruned like a raise: the section above), and return
    it. numba compiles an overload's implementation itself, so :func:`njit` never sees it; one
    that takes arrays otherwise counts each of them up and down at every call
    (``kernel.same_bytes``: two arrays at every lookup of Wiz-War's memories)."""
    func._simlab_kernel = True  # _setup_function
    return func


def njit(*, cache: bool = True, inline: str = "never", hooks: bool = False) -> Callable[[Callable], Any]:
    """``numba.njit(cache=..., inline=...)`` whose calls from compiled code use canonical argument
    types (module docstring), compiled at :func:`kernel_opt_level`.

    ``hooks=True`` marks a function that calls a lookahead hook (``simlab.games.kernel.
    lookahead_hook``) or a function so marked: it is compiled for a lookahead run's own parameter
    type, which selects the hooks' code. A hook reached through an unmarked function would keep
    the heuristic's choice; the games' lookahead tests and replays would show it."""

    llvm_inline = inline == "always" and os.environ.get("SIMLAB_NUMBA_INLINE") != "1"

    def wrap(func: Callable) -> Any:
        func._simlab_kernel = True  # _setup_function
        disp = _numba_njit(cache=cache, inline="never" if llvm_inline else inline, no_cfunc_wrapper=True)(func)
        if isinstance(disp, Dispatcher):
            disp._simlab_inline = llvm_inline
            disp._simlab_hooks = hooks
            disp.get_call_template = MethodType(_canonical_call_template, disp)
            disp.compile = MethodType(_compile_at_kernel_opt, disp)
            disp.add_overload = MethodType(_add_overload, disp)
        return disp

    return wrap
