"""The game contract and the kernel helpers every game shares.

A game is a :class:`GameSpec`. The runner only ever talks to a game through it:

* ``load_cards(cards=None, variants=None, setup=None)`` returns the game's data tables (a
  :class:`CardTable`) with a scenario's card overrides, data variants and setup options applied,
* ``play(game_ids, seed_words, players, bots, cards, rotate=False, check=False)`` plays one batch
  and returns result columns (``games``, ``seats`` and ``cards`` tables as dicts of equal-length
  numpy arrays),
* ``replay(game_id, seed_words, players, bots, cards, bot_names=None)`` returns one game's
  readable log.

Randomness (design guide section 3, improved): the study's root seed becomes four 64-bit words
through :class:`numpy.random.SeedSequence`. Each game then derives its own independent streams
from ``(root words, stream, game_id)`` with a counter-based hash (SplitMix64 finaliser). A game's
randomness therefore depends only on the study seed and its global index, never on chunking,
n_jobs, backend or finishing order, and every variant of a study replays the same game ids on
the same streams (common random numbers) without any bookkeeping.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numba import config as numba_config
from numba import types
from numba.core import cgutils
from numba.experimental import structref
from numba.extending import intrinsic, overload

from simlab.games.jit import njit

__all__ = ["GameSpec", "CardTable", "BotPreset", "root_seed_words", "ArrayStruct", "ArrayStructProxy", "define_struct",
           "borrowed", "play_in_batches", "play_traced", "seat_frame", "choose_variants"]

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S32 = np.uint64(32)
_S11 = np.uint64(11)


def root_seed_words(seed: int) -> np.ndarray:
    """Four uint64 words of entropy for a study seed (via numpy's SeedSequence)."""
    return np.random.SeedSequence(int(seed)).generate_state(4, dtype=np.uint64)


@njit(cache=True, inline="always")
def mix64(z):
    """SplitMix64 finaliser: a bijective avalanche of one uint64."""
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@njit(cache=True)
def stream_seed(root_words, stream, game_id):
    """Seed of one random stream of one game: a hash of root words, stream and game id."""
    w = root_words[stream % root_words.shape[0]]
    return mix64(w ^ mix64(np.uint64(game_id) * _GOLDEN + np.uint64(stream + 1)))


@njit(cache=True, inline="always")
def next_u64(rng, b, k):
    """Next output of SplitMix64 stream ``k`` of game ``b`` (``rng``: uint64 array (B, streams))."""
    rng[b, k] += _GOLDEN
    return mix64(rng[b, k])


@njit(cache=True, inline="always")
def randbelow(rng, b, k, n):
    """Uniform integer in [0, n) from stream ``k`` of game ``b`` (multiply-shift, bias < n / 2**32)."""
    x = next_u64(rng, b, k) >> _S32
    return np.int64((x * np.uint64(n)) >> _S32)


@njit(cache=True, inline="always")
def uniform01(rng, b, k):
    """Uniform float in [0, 1) from stream ``k`` of game ``b``."""
    return np.float64(next_u64(rng, b, k) >> _S11) * (1.0 / 9007199254740992.0)


@dataclass(frozen=True)
class BotPreset:
    """A named bot: a short description and its parameter values (by parameter name)."""

    name: str
    description: str
    params: Mapping[str, float]


@dataclass
class CardTable:
    """A game's data after overrides: the rows users see (``rows``) and the engine's arrays.

    Attributes:
        rows: one dict per card/die/token, for ``simlab cards`` and for result labels.
        names: card names, index = card id used in the ``cards`` result table.
        arrays: named numpy arrays the compiled kernel reads.
        variant_choices: which documented data variants were selected.
    """

    rows: list[dict[str, Any]]
    names: list[str]
    arrays: dict[str, np.ndarray]
    variant_choices: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class GameSpec:
    """Everything the runner, the CLI and the analysis need to know about one game.

    Attributes:
        name: registry key, e.g. ``"quarriors"``.
        title: the game's printed name.
        version: bumped whenever rules or data change; written into every result row.
        players: allowed player counts.
        bots: named presets; every game has ``"random"``.
        bot_params: parameter names with their default values, in kernel order.
        default_bot: preset used when a scenario names none.
        data_variants: documented alternatives for uncertain data, name -> allowed values
            (the first value is the default).
        load_cards: ``(cards=None, variants=None, setup=None) -> CardTable``.
        play: ``(game_ids, seed_words, players, bots, cards, rotate=False, check=False) -> dict
            of tables``; ``bots`` is a float64 array (rows, n_params) of bot parameters; seat s
            of game g plays row (s + g) % rows with ``rotate``, else row s % rows; ``check`` adds
            a ``violations`` column (invariant violations seen, must be 0).
        replay: ``(game_id, seed_words, players, bots, cards, bot_names=None) -> list[str]``.
        seat_columns: extra numeric columns of the ``seats`` table, in order.
        card_columns: extra numeric columns of the ``cards`` table, in order.
        end_reasons: labels of the ``end_reason`` codes.
        card_params: bot parameters whose value names a card (scenarios give the card's name;
            the vector holds its card id).
        card_effect_out: what the "out" arm of a ``[card_effects]`` experiment does:
            ``"exclude"`` takes the card out of the game (``setup.exclude``: Quarriors' market),
            ``"avoid"`` leaves it in and gives every seat ``avoid_card`` (a shared deck, as in
            Wiz-War, keeps the same draws in both arms, so the pairing is closer).
        tunable: the bot parameters ``simlab tune`` searches, each with its allowed range
            (preset files are checked against it too).
        limits: allowed ranges of other bot parameters (scenario overrides and preset files are
            checked against them; a lookahead's number of playouts, for example).
        lookahead_param: the bot parameter that switches the game's lookahead bot on (its
            playouts per option; 0 = off), if the game has one.
        score_unit: what the seats' ``score`` counts, as a report names it ("glory",
            "prestige"): the unit of margins and score curves.
        first_round_verb: what the cards table's ``first_round`` times (the round a seat first
            "bought", "summoned", "played" or "cast" the card), as a report names it.
    """

    name: str
    title: str
    version: str
    players: tuple[int, ...]
    bots: Mapping[str, BotPreset]
    bot_params: Mapping[str, float]
    default_bot: str
    data_variants: Mapping[str, tuple[str, ...]]
    load_cards: Callable[..., CardTable]
    play: Callable[..., dict[str, dict[str, np.ndarray]]]
    replay: Callable[..., list[str]]
    seat_columns: tuple[str, ...] = ()
    card_columns: tuple[str, ...] = ()
    end_reasons: tuple[str, ...] = ()
    card_params: tuple[str, ...] = ()
    card_effect_out: str = "exclude"
    tunable: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    limits: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    lookahead_param: str | None = None
    score_unit: str = "points"
    first_round_verb: str = "played"

    def is_lookahead(self, preset: str) -> bool:
        """The preset plays the game's lookahead bot (slow: it plays games out at each choice)."""
        key = self.lookahead_param
        return key is not None and self.bots[preset].params.get(key, self.bot_params[key]) > 0

    def bot_vector(self, preset: str, overrides: Mapping[str, float] | None = None) -> np.ndarray:
        """Parameter vector of a preset with overrides applied, validated by name.

        Raises:
            KeyError: unknown preset or parameter (the message lists what is allowed).
        """
        if preset not in self.bots:
            raise KeyError(
                f"unknown bot preset {preset!r} for {self.name}; expected one of {sorted(self.bots)}"
            )
        values = dict(self.bot_params)
        values.update(self.bots[preset].params)
        for key, val in (overrides or {}).items():
            if key not in self.bot_params:
                raise KeyError(
                    f"unknown bot parameter {key!r} for {self.name}; expected one of "
                    f"{sorted(self.bot_params)}"
                )
            if isinstance(val, str):
                if key not in self.card_params:
                    raise ValueError(f"bot parameter {key!r}: expected a number, got {val!r}")
                names = self.load_cards().names
                if val not in names:
                    raise KeyError(f"bot parameter {key!r}: unknown card {val!r}; expected a name "
                                   f"from `simlab cards {self.name}`")
                val = names.index(val)
            if key in self.limits and not self.limits[key][0] <= float(val) <= self.limits[key][1]:
                lo, hi = self.limits[key]
                raise ValueError(f"bot parameter {key!r}: {val!r} is out of range; expected {lo:g} to {hi:g}")
            values[key] = float(val)
        return np.array([values[k] for k in self.bot_params], dtype=np.float64)

    def bot_matrix(self, bots: list[tuple[str, Mapping[str, float] | None]]) -> np.ndarray:
        """Stack one parameter vector per seat into a (players, n_params) array."""
        return np.stack([self.bot_vector(name, ov) for name, ov in bots])


class ArrayStruct(types.StructRef):
    """Numba type of a struct of arrays, passed to compiled functions by reference.

    Why not a NamedTuple of arrays (the design guide's first idea): numba passes a tuple by
    value, so every call of a compiled helper copies and reference-counts each array. Measured on
    this project's 34-array game state: 86 ns per non-inlined call as a NamedTuple, 3.6 ns as a
    StructRef. Field access (``s.glory[b, p]``) reads the same in both.
    """

    def preprocess_fields(self, fields):
        return tuple((name, types.unliteral(typ)) for name, typ in fields)


class ArrayStructProxy(structref.StructRefProxy):
    """Python side of an :class:`ArrayStruct`: built by field name, and its fields read back as the
    same numpy arrays (no compiled getter). A game subclasses it once per struct."""

    def __new__(cls, *args, **fields):
        """Proxy constructor by field name; Python code then reads the same numpy arrays.

        With NUMBA_DISABLE_JIT=1 (the interpreted baseline, debugging, coverage) the struct is a
        plain Python object with the arrays as attributes, and the same rule code runs on it."""
        if args:
            fields = dict(zip(cls._fields, args, strict=True))
        if numba_config.DISABLE_JIT:
            self = object.__new__(cls)
            self.__dict__["_arrays"] = fields
            return self
        self = structref.StructRefProxy.__new__(cls, *[fields[k] for k in cls._fields])
        self.__dict__["_arrays"] = fields
        return self

    def __getattr__(self, name):
        """Python-side field access without a compiled getter (the arrays are shared)."""
        try:
            return self.__dict__["_arrays"][name]
        except KeyError:
            raise AttributeError(name) from None


def define_struct(proxy_cls: type, type_cls: type, layout: type) -> list[str]:
    """Bind ``proxy_cls`` (a StructRefProxy) to ``type_cls`` (a registered ArrayStruct) with the
    fields annotated on ``layout`` and its base classes (classes whose annotations and comments
    document them; a game state's base is :class:`simlab.games.kernel.KernelLayout`).

    The proxy then takes the fields as keyword or positional arguments, in layout order: the
    game's own fields first, then its base classes' (the order the state had before the kernel
    toolkit; moving the kernel's fields first measured about 5% slower on Quarriors).
    """
    fields = [f for klass in layout.__mro__ for f in vars(klass).get("__annotations__", {})]  # the game's first
    structref.define_proxy(proxy_cls, type_cls, fields)
    proxy_cls._fields = tuple(fields)
    return fields


def borrowed(st):
    """The same struct with every array field a view that carries no reference count, for the
    length of one compiled call that the caller keeps ``st`` alive through (:func:`play_batch
    <simlab.games.kernel.play_batch>`: the Python caller holds the arrays).

    Why: numba reference-counts every read of a struct field (``s.pos[b, p]`` is an atomic
    increment and decrement of ``s.pos``'s count) and every array passed to a helper. A profile
    of Wiz-War's random-bot games (``perf`` with the compiled functions' addresses) had 54% of
    the time in those two atomic operations. A view without a reference count (a null
    meminfo, as ``numba.carray`` makes) reads the same memory; numba skips its count, so the
    rules compute the same numbers (docs/wizwar.md, Speed). Interpreted, it is ``st`` itself.
    The struct is allocated as ``numba.experimental.structref.new`` does (numba has no public
    call for an intrinsic to reuse)."""
    return st


@intrinsic
def _borrowed(typingctx, st):
    if not isinstance(st, ArrayStruct):
        return None
    from numba.experimental.jitclass.base import imp_dtor

    def codegen(context, builder, sig, args):
        inst = sig.return_type
        utils = structref._Utils(context, builder, inst)
        src = utils.get_data_struct(args[0])
        data_type = inst.get_data_type()
        alloc_type = context.data_model_manager[data_type].get_value_type()
        meminfo = context.nrt.meminfo_alloc_dtor(
            builder, context.get_constant(types.uintp, context.get_abi_sizeof(alloc_type)),
            imp_dtor(context, builder.module, inst))
        ptr = builder.bitcast(context.nrt.meminfo_data(builder, meminfo), alloc_type.as_pointer())
        builder.store(cgutils.get_null_value(alloc_type), ptr)
        dst = cgutils.create_struct_proxy(data_type)(context, builder, ref=ptr)
        for name, fty in inst.field_dict.items():
            val = getattr(src, name)
            if isinstance(fty, types.Array):
                view = context.make_array(fty)(context, builder, value=val)
                view.meminfo = cgutils.get_null_value(view.meminfo.type)  # NRT_incref/decref return at once
                view.parent = cgutils.get_null_value(view.parent.type)  # never boxed back to Python
                val = view._getvalue()
            else:
                context.nrt.incref(builder, fty, val)  # the new struct holds its own reference
            setattr(dst, name, val)
        out = utils.new_struct_ref(meminfo)
        return out._getvalue()

    return st(st), codegen


@overload(borrowed)
def _borrowed_overload(st):
    if isinstance(st, ArrayStruct):
        return lambda st: _borrowed(st)
    return None


def _lookahead_form(bots: np.ndarray, lookahead: tuple[int, Callable] | None) -> tuple[np.ndarray, int]:
    """The bot rows as ``play_batch`` takes them, and the extra state rows the run needs: with a
    lookahead bot (column ``lookahead[0]`` above 0 in some row) a ``LookaheadParams`` array and one scratch
    row for its playouts (:mod:`simlab.games.kernel`, lookahead bots), else the rows and none."""
    if lookahead is None or not (bots[:, lookahead[0]] > 0).any():
        return bots, 0
    from simlab.games.kernel import lookahead_bots

    return lookahead_bots(bots), 1


def _compiled(game: str, kind: str = "run") -> None:
    """Mark the game's kernels as cached after a compiled run (the CLI's compiling message; a
    lookahead run's kernels are a ``kind`` of their own)."""
    from numba.core import config

    if not config.DISABLE_JIT:
        from simlab.games import mark_compiled

        mark_compiled(game, kind)


def play_in_batches(game: str, game_ids, seed_words, players: int, bots, tables, *, new_state: Callable,
                    extract: Callable, n_params: int, sub_batch: int,
                    rotate: bool = False, check: bool = False,
                    lookahead: tuple[int, Callable] | None = None) -> dict[str, dict[str, np.ndarray]]:
    """The shared body of a game's ``play``: check the arguments, play ``sub_batch`` games at a
    time in one reused state (memory stays bounded) with the shared compiled driver
    (:func:`simlab.games.kernel.play_batch`), and concatenate the extracted columns.

    ``extract(state, ids, players, rows, rotate, check, violations)`` copies a sub-batch's results
    into the games/seats/cards columns. ``lookahead``, for a game with a lookahead bot: the bot
    parameter column that switches it on (its number of playouts) and its playouts' entry
    ``play_out`` (compiled before the run: :func:`simlab.games.kernel.precompile_playout`).
    """
    from simlab.games.kernel import play_batch, precompile_playout
    from simlab.games.warm import first_compile

    game_ids = np.ascontiguousarray(game_ids, dtype=np.int64)
    seed_words = np.ascontiguousarray(seed_words, dtype=np.uint64)
    bots = np.ascontiguousarray(bots, dtype=np.float64)
    if players not in (2, 3, 4):
        raise ValueError(f"{game}: players must be 2, 3 or 4, got {players}")
    if bots.ndim != 2 or bots.shape[1] != n_params:
        raise ValueError(f"{game}: bots must be (rows, {n_params}), got {bots.shape}")
    n = game_ids.shape[0]
    rows = bots.shape[0]
    bots, extra = _lookahead_form(bots, lookahead)
    st = new_state(min(sub_batch, max(n, 1)) + extra)
    viol = np.zeros(min(sub_batch, max(n, 1)), np.int32)
    parts = []

    def play_part(lo: int) -> None:
        nonlocal st
        ids = game_ids[lo:lo + sub_batch]
        if lo:
            # a fresh state for every sub-batch: a game must never see what the row's previous
            # game left behind, whatever a game's setup forgets to reset (Seasons 0.2.0 kept the
            # energy stored on cards, so a game's result depended on its place in the chunk)
            st = new_state(min(sub_batch, max(n, 1)) + extra)
        with np.errstate(over="ignore"):  # uint64 hashing wraps by design (interpreted runs)
            play_batch(st, tables, ids, seed_words, players, bots, rotate, check, viol)
        parts.append(extract(st, ids, players, rows, rotate, check, viol[: ids.shape[0]]))

    kind = "lookahead" if extra else "run"
    if n:
        # the first sub-batch compiles the kernels when they are not cached (on two cores, with a
        # helper process: simlab.games.warm)
        with first_compile(game, kind):
            if extra:
                precompile_playout(lookahead[1], st, tables)
            play_part(0)
    elif extra:
        precompile_playout(lookahead[1], st, tables)
    for lo in range(sub_batch, n, sub_batch):
        play_part(lo)
    if parts:
        _compiled(game, kind)
    if not parts:
        parts.append(extract(st, game_ids, players, rows, rotate, check, viol[:0]))
    return {k: {c: _concat([p[k][c] for p in parts]) for c in parts[0][k]} for k in parts[0]}


def _concat(pieces: list):
    """Join one column's sub-batch pieces: numpy arrays, or polars Series (list columns)."""
    if pieces and not isinstance(pieces[0], np.ndarray):
        import polars as pl

        return pl.concat(pieces)
    return np.concatenate(pieces)


def play_traced(new_state: Callable, tables, game_id: int, seed_words, players: int, bots,
                lookahead: tuple[int, Callable] | None = None) -> tuple[Any, int]:
    """Play one game with the trace on and every invariant checked (a game's ``replay``;
    ``lookahead`` as for :func:`play_in_batches`).

    Returns the state (row 0: its ``ev``/``ev_n`` fields hold the events) and the violations seen."""
    from simlab.games.kernel import play_batch, precompile_playout
    from simlab.games.warm import first_compile

    bots, extra = _lookahead_form(np.ascontiguousarray(bots, dtype=np.float64), lookahead)
    st = new_state(1 + extra, trace_events=50_000)
    viol = np.zeros(1, np.int32)
    with first_compile(_game_of(st), "lookahead" if extra else "run"):  # simlab.games.warm
        if extra:
            precompile_playout(lookahead[1], st, tables)
        with np.errstate(over="ignore"):
            play_batch(st, tables, np.array([game_id], np.int64), np.ascontiguousarray(seed_words, dtype=np.uint64),
                       players, bots, False, True, viol)
    _compiled(_game_of(st), "lookahead" if extra else "run")  # the same kernels as a run's
    return st, int(viol[0])


def _game_of(st: Any) -> str:
    """The registered name of the game whose state ``st`` is (its package: simlab.games.NAME)."""
    parts = type(st).__module__.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["simlab", "games"] else ""


def choose_variants(game: str, allowed: Mapping[str, tuple[str, ...]], variants: Mapping[str, Any] | None,
                    retired: Mapping[str, str] | None = None) -> dict[str, str]:
    """The data variants chosen: each documented variant's default (its first value) unless
    ``variants`` names another allowed value.

    ``retired`` maps variants a game no longer offers to the reason, given in the error.

    Raises:
        KeyError: an unknown or retired variant (the message lists the known ones).
        ValueError: a value the variant does not allow (the message lists the allowed ones).
    """
    chosen = {k: v[0] for k, v in allowed.items()}
    for key, val in (variants or {}).items():
        if key in (retired or {}):
            raise KeyError(f"data variant {key!r}: {retired[key]}; expected one of {sorted(allowed)}")
        if key not in allowed:
            raise KeyError(f"unknown data variant {key!r} for {game}; expected one of {sorted(allowed)}")
        if str(val) not in allowed[key]:
            raise ValueError(f"data variant {key!r}: bad value {val!r}; expected one of {list(allowed[key])}")
        chosen[key] = str(val)
    return chosen


def seat_frame(ids: np.ndarray, players: int, rows: int, rotate: bool, winner: np.ndarray) -> dict[str, np.ndarray]:
    """The columns every game's ``seats`` table starts with: game_id, seat, bot_row, won (one row
    per game and seat, seat-major within a game; bot rows as the driver assigns them)."""
    seat = np.tile(np.arange(players, dtype=np.int8), ids.shape[0])
    gid = np.repeat(ids, players)
    bot_row = ((seat.astype(np.int64) + gid) % rows) if rotate else (seat.astype(np.int64) % rows)
    won = (winner[:, None] == np.arange(players)[None, :]).reshape(-1).astype(np.int8)
    return {"game_id": gid, "seat": seat, "bot_row": bot_row.astype(np.int16), "won": won}
