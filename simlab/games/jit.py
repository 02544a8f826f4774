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
* a boolean constant stays a constant (``check=False`` compiles the checks away; a game has few
  such flags, and the copies are wanted);
* everything else (arrays, the state, floats, unsigned integers, whose arithmetic numba does
  differently) is left as it is.

Measured on Quarriors 1.2.0 (docs/compile.md): a first compile of 75 s became 46 s, at the same
games per second. A call from Python (tests calling a helper directly) compiles for the values'
own types, as plain numba does. With ``NUMBA_DISABLE_JIT=1`` the function is returned unchanged.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from contextlib import contextmanager
from types import MethodType
from typing import Any

from numba import njit as _numba_njit
from numba import types
from numba.core import config
from numba.core.dispatcher import Dispatcher

__all__ = ["njit", "canonical_type", "KERNEL_OPT", "kernel_opt_level"]

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


def canonical_type(t: types.Type) -> types.Type:
    """The argument type a kernel function is compiled for when a compiled caller passes ``t``."""
    if isinstance(t, types.IntegerLiteral):
        t = t.literal_type
    if isinstance(t, types.Integer) and t.signed and t.bitwidth < 64:
        return types.int64
    return t


def _canonical_call_template(self: Dispatcher, args: tuple, kws: dict) -> Any:
    # numba asks the dispatcher for a compiled version matching the caller's argument types
    # (types.Dispatcher.get_call_type); the call site then casts its arguments to the types
    # returned here, so one compiled version serves every caller
    args = tuple(canonical_type(a) for a in args)
    kws = {k: canonical_type(v) for k, v in kws.items()}
    return type(self).get_call_template(self, args, kws)


def _compile_at_kernel_opt(self: Dispatcher, sig: Any) -> Any:
    # every compile of a kernel function, from Python (_compile_for_args) or from a compiled
    # caller (get_call_template), goes through Dispatcher.compile
    with _kernel_opt():
        return type(self).compile(self, sig)


def njit(*, cache: bool = True, inline: str = "never") -> Callable[[Callable], Any]:
    """``numba.njit(cache=..., inline=...)`` whose calls from compiled code use canonical argument
    types (module docstring), compiled at :func:`kernel_opt_level`."""

    def wrap(func: Callable) -> Any:
        disp = _numba_njit(cache=cache, inline=inline)(func)
        if isinstance(disp, Dispatcher):
            disp.get_call_template = MethodType(_canonical_call_template, disp)
            disp.compile = MethodType(_compile_at_kernel_opt, disp)
        return disp

    return wrap
