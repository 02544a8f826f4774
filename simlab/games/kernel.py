"""The compiled kernel every game shares: the batch driver and the bots' tie-break streams.

A game writes only its own rules. It registers two compiled functions with :func:`register_game`:

* ``setup(s, t, b, players, seed_words, game_id)``: deal game ``b`` of the batch state ``s``
  (tables ``t``) for ``game_id``, seeding its random streams,
* ``play_game(s, t, b, prm, check) -> int``: play game ``b`` to its end with the seats' bot
  parameters ``prm`` (rows = seats) and return the invariant violations seen when ``check``,

and then plays whole batches with :func:`play_batch`, which is compiled once per game (numba
specialises it on the game's state type, so the call into the game's rules is a direct call,
as fast as a driver written inside the game). The state must have an ``rng`` field, uint64
(B, streams), whose last :data:`MAX_SEATS` columns are the seats' tie-break streams (:func:`rand`,
:func:`coin`); the columns before them are the game's own (setup, dice, decks, ...).

How the dispatch works: ``setup_game`` and ``play_one`` are generic functions with one numba
overload per registered state type; with ``NUMBA_DISABLE_JIT=1`` they dispatch on the Python
class of the state instead, so the same driver runs interpreted.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from llvmlite import ir as llvm_ir
from numba import config as numba_config
from numba import typeof, types
from numba.core import cgutils
from numba.core.typing.typeof import typeof_impl
from numba.cpython.unsafe.numbers import trailing_zeros
from numba.extending import intrinsic, lower_cast, models, overload, register_model

from simlab.games.base import ArrayStruct, borrowed, mix64, next_u64, randbelow
from simlab.games.jit import kernel_impl, njit

__all__ = ["MAX_SEATS", "KernelLayout", "kernel_arrays", "register_game", "play_batch", "rand", "coin",
           "shuffle_list", "lookahead_bots", "lookahead_hook", "copy_row", "reseed_row", "scratch_row", "own_draw",
           "paired_gain", "playout_params", "precompile_playout", "turn_streams",
           "QUALITY_COLUMNS", "reset_quality", "track_round", "quality_columns", "note_first_round",
           "same_bytes", "memory_slot", "forget", "lowest_bit"]

MAX_SEATS = 4  # the most seats any registered game has; each seat owns one tie-break stream


class KernelLayout:
    """The state fields every game has (the driver, the tie-break helpers and the result tables
    read them). A game's ``StateLayout`` subclasses this and adds its own fields; allocate these
    with :func:`kernel_arrays`. Leading axis: the game in the batch."""

    done: np.ndarray        # int8 (B,): the game has ended
    winner: np.ndarray      # int8 (B,): winning seat, -1 = shared win or draw
    end_reason: np.ndarray  # int8 (B,): the game's END_* code
    rng: np.ndarray         # uint64 (B, game streams + MAX_SEATS): random streams, the seats' tie-breaks last
    seat: np.ndarray        # int32 (B, MAX_SEATS, seat counters): the seats table's game columns
    card: np.ndarray        # int32 (B, MAX_SEATS, cards, card counters): the cards table's counters
    ev: np.ndarray          # int32 (B, events, 6): trace events (time, player, code, a, b, c)
    ev_n: np.ndarray        # int32 (B,): events written (only when tracing)


def kernel_arrays(batch: int, game_streams: int, seat_counters: int, card_shape: tuple[int, int],
                  trace_events: int = 0) -> dict[str, np.ndarray]:
    """Zeroed :class:`KernelLayout` fields for ``batch`` games: ``game_streams`` random streams of
    the game's own before the seats' tie-break streams, ``seat_counters`` per seat, ``card_shape``
    = (cards, counters) per seat, room for ``trace_events`` events (one slot when not tracing)."""
    z = np.zeros
    return {"done": z(batch, np.int8), "winner": z(batch, np.int8), "end_reason": z(batch, np.int8),
            "rng": z((batch, game_streams + MAX_SEATS), np.uint64),
            "seat": z((batch, MAX_SEATS, seat_counters), np.int32),
            "card": z((batch, MAX_SEATS) + tuple(card_shape), np.int32),
            "ev": z((batch, max(trace_events, 1), 6), np.int32), "ev_n": z(batch, np.int32)}

_REGISTERED: dict[type, tuple[Callable, Callable]] = {}


def setup_game(s, t, b, players, seed_words, game_id):
    """Deal game ``b`` (dispatches to the registered game's ``setup``)."""
    return _REGISTERED[type(s)][0](s, t, b, players, seed_words, game_id)


def play_one(s, t, b, prm, check):
    """Play game ``b`` to its end (dispatches to the registered game's ``play_game``)."""
    return _REGISTERED[type(s)][1](s, t, b, prm, check)


def register_game(state_proxy: type, state_type: type, setup: Callable, play_game: Callable) -> None:
    """Make :func:`play_batch` play a game whose batch state is ``state_proxy`` (numba type
    ``state_type``) with the compiled ``setup`` and ``play_game`` (see the module docstring)."""
    _REGISTERED[state_proxy] = (setup, play_game)
    # The overloads' implementations are the game's own functions (their Python bodies), not
    # wrappers that call them: every compiled function links and optimises the whole call tree
    # below it again, so a forwarding layer cost up to 5% of a game's first compile (Wiz-War
    # 0.3.1: 6.5 s; docs/compile.md). The game's functions keep the same parameters.
    setup_body = getattr(setup, "py_func", setup)
    play_body = getattr(play_game, "py_func", play_game)

    @overload(setup_game)
    def _setup_game(s, t, b, players, seed_words, game_id):
        if isinstance(s, state_type):
            return setup_body
        return None

    @overload(play_one)
    def _play_one(s, t, b, prm, check):
        if isinstance(s, state_type):
            return play_body
        return None


@njit(cache=True)
def play_batch(s, t, game_ids, seed_words, players, bots, rotate, check, violations):
    """Play one game per row of the state: game ids, seeds and bots as the runner gives them.

    Seat p of game g uses bot row (p + g) % rows when ``rotate``, else row p % rows (so a
    round-robin of seats over bots needs no bookkeeping by the caller). ``violations[b]`` gets the
    invariant violations of game b (0 unless ``check``)."""
    nb = game_ids.shape[0]
    rows = bots.shape[0]
    prm = param_rows(bots, max(players, MAX_SEATS))
    # the rules read the fields without reference counts (base.borrowed): the caller holds s and t
    sb = borrowed(s)
    tb = borrowed(t)
    for b in range(nb):
        g = game_ids[b]
        for p in range(players):
            r = (p + g) % rows if rotate else p % rows
            prm[p, :] = bots[r, :]
        setup_game(sb, tb, b, players, seed_words, g)
        violations[b] = play_one(sb, tb, b, prm, check)


@njit(cache=True, inline="always")
def rand(s, b, p, n):
    """Uniform integer in [0, n) from seat p's tie-break stream (bots' choices among equals)."""
    rng = s.rng  # one field read: each is reference-counted (docs/quarriors.md, Speed)
    return randbelow(rng, b, rng.shape[1] - MAX_SEATS + p, n)


@njit(cache=True)
def coin(s, b, p):
    """A fair coin from seat p's tie-break stream (the random bot's yes/no)."""
    rng = s.rng
    return randbelow(rng, b, rng.shape[1] - MAX_SEATS + p, 2) == 1


@njit(cache=True)
def turn_streams(s, b, key, first, address):
    """Re-make random streams ``first`` to the last (the seats' tie-break streams included) of game
    ``b`` from stream ``key`` (never drawn from) and an ``address`` (a game's turn number).

    Called at the start of every turn, it keys each draw to a stable address (turn, n-th draw of
    a stream in that turn) instead of to its place in the whole game's sequence of draws: two
    variants of one game (common random numbers) that diverged in an earlier turn still see the
    same picks, faces and tie-breaks in every later turn (issue 11). A lookahead's rollouts
    reseed the key with every other stream (:func:`reseed_row`), so each rollout sees its own
    future."""
    rng = s.rng
    k = rng[b, key]
    a = np.uint64(address) * np.uint64(0x9E3779B97F4A7C15)
    for j in range(first, rng.shape[1]):
        rng[b, j] = mix64(k ^ mix64(a + np.uint64(j + 1)))


# Game quality, tracked round by round (issue 11): a game keeps an int32 (B, QUALITY_COLUMNS) array,
# resets a row with reset_quality, calls track_round with every seat's score at the end of each
# round (the round the game ends in too), and turns the rows into result columns with
# quality_columns. simlab.games.rounds.round_columns computes the same from a score history.
Q_LEADER, Q_CHANGES, Q_NOT_LEADING, Q_DEFICIT = 0, 1, 2, 2 + MAX_SEATS
QUALITY_COLUMNS = 2 + 2 * MAX_SEATS


@njit(cache=True)
def reset_quality(qual, b):
    """A new game in row ``b``: no leader yet, no lead changes, every seat 0."""
    qual[b, :] = 0
    qual[b, Q_LEADER] = -1


@njit(cache=True)
def track_round(qual, b, r, score, players):
    """Round ``r`` (1-based) ended with ``score[:players]``: count a change of the sole leader (a
    tie has no leader and changes nothing), note each seat that does not lead alone, and each
    seat's deficit to the best other seat. Calling it twice for one round changes nothing."""
    top = score[0]
    n_top = 0
    for q in range(players):
        if score[q] > top:
            top = score[q]
    for q in range(players):
        if score[q] == top:
            n_top += 1
    for q in range(players):
        sole = score[q] == top and n_top == 1
        if sole and qual[b, Q_LEADER] != q:
            if qual[b, Q_LEADER] >= 0:
                qual[b, Q_CHANGES] += 1
            qual[b, Q_LEADER] = q
        if not sole:
            qual[b, Q_NOT_LEADING + q] = r
        best = -(1 << 30)
        for o in range(players):
            if o != q and score[o] > best:
                best = score[o]
        if best - score[q] > qual[b, Q_DEFICIT + q]:
            qual[b, Q_DEFICIT + q] = best - score[q]


@njit(cache=True)
def note_first_round(card, b, players, k_count, k_first, r):
    """Round ``r`` (1-based) is over: each seat's card row whose counter ``k_count`` is positive
    and whose ``k_first`` is still 0 (never) gets ``k_first = r``, the round the seat first bought,
    summoned, played or cast it (the results' ``first_round``). Calling it twice for one round
    changes nothing."""
    for p in range(players):
        for c in range(card.shape[2]):
            if card[b, p, c, k_first] == 0 and card[b, p, c, k_count] > 0:
                card[b, p, c, k_first] = r


def quality_columns(qual: np.ndarray, rounds: np.ndarray, winner: np.ndarray) -> dict[str, np.ndarray]:
    """The games table's ``lead_changes``, ``lead_round`` and ``winner_deficit`` from tracked rows
    (definitions: :mod:`simlab.games.rounds`)."""
    m = qual.shape[0]
    rows = np.arange(m)
    w = np.maximum(winner.astype(np.int64), 0)
    last_not = qual[rows, Q_NOT_LEADING + w].astype(np.int64)
    rounds = rounds.astype(np.int64)
    has = (winner >= 0) & (rounds > 0)
    lead_round = np.where(has & (last_not < rounds), last_not + 1, -1)
    deficit = np.where(winner >= 0, qual[rows, Q_DEFICIT + w], -1)
    return {"lead_changes": qual[:, Q_CHANGES].astype(np.int16), "lead_round": lead_round.astype(np.int16),
            "winner_deficit": deficit.astype(np.int16)}


@njit(cache=True)
def shuffle_list(rng, b, stream, items, n):
    """Fisher-Yates shuffle of ``items[:n]`` in place on random stream ``stream`` of game ``b``
    (a game's draw pile or bag; the caller then re-indexes the positions it keeps)."""
    for k in range(n - 1, 0, -1):
        j = randbelow(rng, b, stream, k + 1)
        a = items[k]
        items[k] = items[j]
        items[j] = a


# ---------------------------------------------------------------------------------------------
# Lookahead bots (issue 14): a decision that plays each option out on a scratch copy of the game
# ---------------------------------------------------------------------------------------------
#
# A lookahead decision is taken inside a turn and plays the rest of the game from a copy, so the
# compiled turn would call itself through the bot: a cycle numba cannot type as the kernels are
# built. The cycle is broken by the type of the seats' parameter matrix ``prm``. A run with a
# lookahead bot hands ``play_batch`` its bot rows as a :class:`LookaheadParams` array, so ``prm``
# is a :class:`LookaheadArray` (row-major, like any other run's) and the functions on the way from
# ``play_game`` to a hook (marked ``njit(hooks=True)``) are compiled a second time for that type.
# In it each :func:`lookahead_hook` compiles to the game's lookahead; everywhere else (every run
# without a lookahead bot, and the rollouts themselves, which play with a plain copy of the
# parameters) the hook compiles to "keep the heuristic's choice". Every other function receives
# the plain row-major array (simlab.games.jit.canonical_type, a free cast) and is compiled once
# for both runs: the whole turn typed twice had been half of a game's first compile
# (docs/compile.md). Runs without a lookahead bot compile and play exactly as before.


class LookaheadParams(np.ndarray):
    """Bot rows or seat parameters of a lookahead run (a plain array's values; the class marks
    the run, for the compiler and for interpreted runs)."""

    # numba's dispatcher types an ndarray subclass as a plain array unless the class asks for
    # its own typeof (numba/_typeof.c)
    __numba_array_subtype_dispatch__ = True


class LookaheadArray(types.Array):
    """numba type of a :class:`LookaheadParams` array: an array type of its own name, the same
    data, so only the functions marked ``njit(hooks=True)`` are compiled for it."""

    def __init__(self, dtype, ndim, layout, readonly=False, aligned=True):
        super().__init__(dtype, ndim, layout, readonly=readonly, aligned=aligned,
                         name=f"lookahead_array({dtype}, {ndim}d, {layout})")

    def simlab_plain(self) -> types.Array:
        """The plain array type the other functions are compiled for (simlab.games.jit)."""
        return types.Array(self.dtype, self.ndim, self.layout, readonly=not self.mutable,
                           aligned=self.aligned)


register_model(LookaheadArray)(models.ArrayModel)


@typeof_impl.register(LookaheadParams)
def _typeof_lookahead_params(val, c):
    t = typeof_impl.dispatch(np.ndarray)(val, c)
    return LookaheadArray(t.dtype, t.ndim, t.layout, readonly=not t.mutable, aligned=t.aligned)


@lower_cast(LookaheadArray, types.Array)
def _lookahead_to_plain(context, builder, fromty, toty, val):
    return val  # the same array structure: only the type's name differs


def as_lookahead(arr):
    """``arr`` marked as a lookahead run's parameters (the same data)."""
    return arr.view(LookaheadParams)


@intrinsic
def _as_lookahead(typingctx, arr):
    def codegen(context, builder, sig, args):
        context.nrt.incref(builder, sig.args[0], args[0])  # the result is a new reference
        return args[0]

    return LookaheadArray(arr.dtype, arr.ndim, arr.layout)(arr), codegen


@overload(as_lookahead)
def _as_lookahead_ol(arr):
    return lambda arr: _as_lookahead(arr)


def param_rows(bots, n):
    """The seats' parameter matrix (n rows), marked as a lookahead run's when ``bots`` is."""
    rows = np.empty((n, bots.shape[1]), np.float64)
    return as_lookahead(rows) if isinstance(bots, LookaheadParams) else rows


@overload(param_rows)
def _param_rows(bots, n):
    if isinstance(bots, LookaheadArray):
        return lambda bots, n: as_lookahead(np.empty((n, bots.shape[1]), np.float64))
    return lambda bots, n: np.empty((n, bots.shape[1]), np.float64)


def lookahead_bots(bots: np.ndarray) -> np.ndarray:
    """``bots`` (the same values, row-major) as the :class:`LookaheadParams` that makes
    :func:`play_batch` compile and play the lookahead hooks."""
    return np.array(bots, np.float64, order="C").view(LookaheadParams)


def _lookahead_type(prm) -> bool:
    return isinstance(prm, LookaheadArray)


def lookahead_hook(real: Callable) -> Callable:
    """A decision hook: ``hook(s, t, b, p, prm, choice, a0, a1)`` returns ``real(...)`` (the
    lookahead's choice) in a lookahead run and ``choice`` (the heuristic's) otherwise; ``a0``
    and ``a1`` are two integers the decision needs (a budget, a cost)."""

    def hook(s, t, b, p, prm, choice, a0, a1):
        if not isinstance(prm, LookaheadParams):  # interpreted runs (NUMBA_DISABLE_JIT=1)
            return choice
        return real(s, t, b, p, prm, choice, a0, a1)

    @overload(hook)
    def _hook(s, t, b, p, prm, choice, a0, a1):
        if _lookahead_type(prm):
            return lambda s, t, b, p, prm, choice, a0, a1: real(s, t, b, p, prm, choice, a0, a1)
        return lambda s, t, b, p, prm, choice, a0, a1: choice

    hook.__name__ = hook.__qualname__ = f"hook_{getattr(real, '__name__', 'lookahead')}"
    hook.__doc__ = f"Lookahead hook of {hook.__name__[5:]} (simlab.games.kernel.lookahead_hook)."
    return hook


@njit(cache=True, inline="always")
def scratch_row(s):
    """The state's last row: the rollouts' scratch game (a lookahead run allocates one extra)."""
    return s.done.shape[0] - 1


def copy_row(s, src, dst):
    """Copy game ``src`` of the batch state into row ``dst`` (every field but the trace events)."""
    for name in type(s)._fields:
        if name != "ev":
            arr = getattr(s, name)
            arr[dst] = arr[src]


@overload(copy_row)
def _copy_row(s, src, dst):
    if not isinstance(s, ArrayStruct):
        return None
    # one assignment per field, generated for this state type (a trace's events are not copied:
    # a rollout does not log)
    lines = [f"    s.{name}[dst] = s.{name}[src]" for name in s.field_dict if name != "ev"]
    scope: dict = {}
    exec("def impl(s, src, dst):\n" + "\n".join(lines), scope)  # noqa: S102 (our own field names)
    return scope["impl"]


@njit(cache=True)
def reseed_row(s, dst, u, k):
    """Give every random stream of row ``dst`` a fresh seed made from ``u`` (drawn from the deciding
    seat's own stream) and the rollout number ``k``: rollout k of every option sees the same
    futures (common random numbers), and none of the real game's future draws."""
    rng = s.rng
    for j in range(rng.shape[1]):
        rng[dst, j] = mix64(u ^ mix64(np.uint64(k) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(j + 1)))


@njit(cache=True, inline="always")
def own_draw(s, b, p):
    """A 64-bit draw from seat p's own stream (a lookahead's rollout seed)."""
    rng = s.rng
    return next_u64(rng, b, rng.shape[1] - MAX_SEATS + p)


@njit(cache=True)
def paired_gain(total, squares, n, z):
    """An option's mean gain over the heuristic's choice from ``n`` paired playout differences
    (their sum and sum of squares) when it exceeds ``z`` standard errors, else 0: a lookahead leaves
    the heuristic's choice only for an option that beats it by more than its playouts' noise
    (measured: with z = 0, 32 playouts, Quarriors' lookahead won 39% against its own heuristic)."""
    mean = total / n
    var = max(squares / n - mean * mean, 0.0) / max(n - 1, 1)
    return mean if mean > 0.0 and mean > z * np.sqrt(var) else 0.0


@njit(cache=True)
def playout_params(prm, p, off):
    """Every seat's parameters for a lookahead's playouts (row-major): seat p's own, with its
    lookahead switched off (column ``off``): the "default policy" plays every seat."""
    rprm = np.empty((prm.shape[0], prm.shape[1]), np.float64)
    for q in range(prm.shape[0]):
        for k in range(prm.shape[1]):
            rprm[q, k] = prm[p, k]
        rprm[q, off] = 0.0
    return rprm


def precompile_playout(play_out: Callable, state, tables) -> None:
    """Compile a game's ``play_out(s, t, b, p, rprm, x, y)`` (the playouts' entry: take an option,
    play the game to its end with row-major parameters ``rprm``) for this state, from Python,
    before a lookahead run compiles its turn.

    Why: a playout plays the same turn functions the lookahead run is compiling (with plain
    parameters instead of a :class:`LookaheadArray`). Reached from inside that compile, numba types them as
    recursive calls, which it links at run time by symbol; that failed ("unresolved symbol", then
    a crash when loaded from the cache). Compiled first, they are an ordinary compiled function
    that the lookahead run calls."""
    if numba_config.DISABLE_JIT:
        return
    i64 = types.int64
    play_out.compile((typeof(state), typeof(tables), i64, i64, types.float64[:, ::1], i64, i64))


# -- remembered answers: rows compared whole, the oldest forgotten first ------------------------

def same_bytes(a, b):
    """True if the one-dimensional contiguous arrays ``a`` and ``b`` (one dtype) hold the same
    values: compiled, one ``memcmp`` of their bytes (230 bytes: 4 ns, against 95 ns for a
    compiled ``np.array_equal``). Used to tell whether a remembered answer was worked out on the
    same board (Wiz-War's ``movement.distances``)."""
    return bool(np.array_equal(a, b))


@intrinsic
def _memcmp_zero(typingctx, a, b, nbytes):
    if not (isinstance(a, types.Array) and isinstance(b, types.Array) and a.ndim == b.ndim == 1
            and a.layout == b.layout == "C" and a.dtype == b.dtype):
        return None

    def codegen(context, builder, sig, args):
        ptrs = [context.make_array(ty)(context, builder, val).data
                for ty, val in zip(sig.args[:2], args[:2], strict=True)]
        byte_ptr = llvm_ir.IntType(8).as_pointer()
        fnty = llvm_ir.FunctionType(llvm_ir.IntType(32), [byte_ptr, byte_ptr, llvm_ir.IntType(64)])
        memcmp = cgutils.get_or_insert_function(builder.module, fnty, "memcmp")
        res = builder.call(memcmp, [builder.bitcast(ptrs[0], byte_ptr), builder.bitcast(ptrs[1], byte_ptr), args[2]])
        return builder.icmp_signed("==", res, res.type(0))

    return types.boolean(a, b, types.intp), codegen


@overload(same_bytes)
def _same_bytes_overload(a, b):
    if isinstance(a, types.Array) and isinstance(b, types.Array):
        # lowered as a kernel function: its arguments borrow the caller's references
        return kernel_impl(lambda a, b: a.shape[0] == b.shape[0] and _memcmp_zero(a, b, a.nbytes))
    return None


def lowest_bit(x):
    """The index of the lowest set bit of the nonzero unsigned 64-bit word ``x``: compiled, one
    instruction (``trailing_zeros``). Walks a bit set a member at a time (Wiz-War's step graphs,
    ``movement.step_graph``)."""
    x = int(x)
    return (x & -x).bit_length() - 1


@overload(lowest_bit)
def _lowest_bit_overload(x):
    if isinstance(x, types.Integer):
        return lambda x: np.int64(trailing_zeros(x))
    return None


@njit(cache=True, inline="always")
def memory_slot(keys, key):
    """The slot of a game's memory that a new answer under ``key`` goes to, the oldest one (its
    answer is forgotten). ``keys``: one key per slot (-1 empty), then the slot written next."""
    n = keys.shape[0] - 1
    j = keys[n]
    keys[n] = (j + 1) % n
    keys[j] = key
    return j


@njit(cache=True, inline="always")
def forget(keys):
    """Empty a memory kept by :func:`memory_slot` (a game's setup)."""
    keys[:] = -1
    keys[keys.shape[0] - 1] = 0
