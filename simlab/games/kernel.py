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
from numba.extending import overload

from simlab.games.base import randbelow
from simlab.games.jit import njit

__all__ = ["MAX_SEATS", "KernelLayout", "kernel_arrays", "register_game", "play_batch", "rand", "coin",
           "shuffle_list"]

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
    prm = np.empty((max(players, MAX_SEATS), bots.shape[1]), np.float64)
    for b in range(nb):
        g = game_ids[b]
        for p in range(players):
            r = (p + g) % rows if rotate else p % rows
            prm[p, :] = bots[r, :]
        setup_game(s, t, b, players, seed_words, g)
        violations[b] = play_one(s, t, b, prm, check)


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
def shuffle_list(rng, b, stream, items, n):
    """Fisher-Yates shuffle of ``items[:n]`` in place on random stream ``stream`` of game ``b``
    (a game's draw pile or bag; the caller then re-indexes the positions it keeps)."""
    for k in range(n - 1, 0, -1):
        j = randbelow(rng, b, stream, k + 1)
        a = items[k]
        items[k] = items[j]
        items[j] = a
