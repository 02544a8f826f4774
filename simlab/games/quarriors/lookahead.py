"""Quarriors' lookahead bot: what to capture and which creature to summon, by playing each option out.

A seat whose bot parameter ``rollouts`` is above 0 takes its two main choices this way (issue 14):

* **capture** (phase 5): the heuristic's choice, the ``look_options`` next best dice by the
  heuristic's capture score among those it can afford, and capturing nothing;
* **summon** (phase 3, each time it may summon one more creature): every creature die in its
  Active Pool it can pay for (one per card and face: two such dice are the same option) and
  stopping.

Each option is played out ``rollouts`` times to the end of the game on the state's scratch row
(:func:`simlab.games.kernel.scratch_row`): the rest of this turn, then whole turns, every seat
playing the deciding bot's own parameters with the lookahead off (the "default policy"; it does
not read the opponents' bots). An option's worth is its mean result: 1 for a win, 1/2 for a shared
win, 0 for a loss, plus 1/50 of the glory margin over the best opponent (which breaks the ties
between options whose playouts all win or all lose). An option replaces the heuristic's choice
only when its playouts beat it by more than ``look_z`` standard errors of the paired difference
(rollout k of every option shares its seeds); of those, the one ahead by the most is taken.

What the bot cannot see is re-dealt in each playout, so it never reads hidden information:

* every random stream of the copy (dice rolls, draws from the bags, every seat's tie-breaks) is
  seeded afresh from a draw of the deciding seat's own stream (rollout k of every option gets
  the same seeds: the options are compared on common random numbers);
* Quarriors has no hidden cards: every capture is public and dice are drawn from a bag at random.
  The only hidden thing in the state is the order of the dice in each bag (it decides which die
  a given random draw takes), so the copy's bags are put in a canonical order (by die) first.

``tests/games/quarriors/test_lookahead.py`` checks that: scrambling the bags' order and every
random stream but the seat's own leaves every choice unchanged.
"""

from __future__ import annotations

import numpy as np

from simlab.games.jit import njit
from simlab.games.kernel import (
    copy_row,
    lookahead_hook,
    own_draw,
    paired_gain,
    playout_params,
    reseed_row,
    scratch_row,
)
from simlab.games.quarriors import bots as B
from simlab.games.quarriors import rules as R  # noqa: F401 (R is read when compiling; rules imports this module)
from simlab.games.quarriors.state import (
    NSLOT,
    WILDS0,
    Z_ACTIVE,
    Z_BAG,
    keep,
    zone_of,
)

__all__ = ["look_capture", "look_summon", "capture_hook", "summon_hook", "play_out"]

CAPTURE, SUMMON = 0, 1  # the decision a playout continues
MARGIN = 0.02  # a playout's worth per point of glory margin (a win is worth 1)


@njit(cache=True)
def canonical_bags(s, b):
    """Sort every bag of game b by die (the bags' order is hidden: draws are random)."""
    for p in range(s.players[b]):
        c = zone_of(p, Z_BAG)
        n = s.cont_n[b, c]
        for i in range(1, n):  # insertion sort: bags hold at most a few dozen dice
            d = s.cont[b, c, i]
            j = i - 1
            while j >= 0 and s.cont[b, c, j] > d:
                s.cont[b, c, j + 1] = s.cont[b, c, j]
                j -= 1
            s.cont[b, c, j + 1] = d
        for i in range(n):
            s.d_pos[b, s.cont[b, c, i]] = i


@njit(cache=True)
def result_value(s, b, p):
    """Seat p's result of the ended game b: 1 win, 1/2 shared win, 0 loss, plus glory margin / 50."""
    other = -1
    for q in range(s.players[b]):
        if q != p and s.glory[b, q] > other:
            other = s.glory[b, q]
    v = MARGIN * (s.glory[b, p] - other)
    w = s.winner[b]
    if w == p:
        v += 1.0
    elif w < 0 and s.glory[b, p] >= other:
        v += 0.5
    return v


@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def playout(s, t, b, p, rprm, u, k, kind, option):
    """Play game b from seat p's decision ``kind`` with ``option`` taken to its end, on the
    scratch row with fresh random streams (seed ``u``, rollout ``k``); p's result there."""
    rb = scratch_row(s)
    copy_row(s, b, rb)
    s.ev_n[rb] = s.ev.shape[1]  # a playout never writes the trace
    reseed_row(s, rb, u, k)
    s.d_turn[rb] = -1  # this turn's bag order and roll counts came from the real game's key:
    s.bag_ok[rb] = 0   # the playout shuffles and rolls anew from its own
    canonical_bags(s, rb)
    play_out(s, t, rb, p, rprm, kind, option)
    return result_value(s, rb, p)


@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def play_out(s, t, b, p, rprm, kind, option):
    """Take ``option`` for seat p's decision ``kind`` in game b, then play the game to its end
    with the parameters ``rprm``. Compiled before the lookahead run (kernel.precompile_playout)."""
    if kind == CAPTURE:
        if option >= 0:
            R.take_capture(s, t, b, p, option)
        else:
            s.captures[b] = 0  # capturing nothing ends the capture phase
        R.finish_turn(s, t, b, p, rprm, R.PH_CAPTURE)
    elif option >= 0:
        R.pay_and_summon(s, t, b, p, option, rprm)
        R.finish_turn(s, t, b, p, rprm, R.PH_SUMMON)
    else:
        R.finish_turn(s, t, b, p, rprm, R.PH_BEFORE_ATTACK)  # stop summoning
    R.play_on(s, t, b, rprm, False)


@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def best_option(s, t, b, p, prm, kind, options, n):
    """The option of ``options[:n]`` (the heuristic's first; "none" is added when that is not
    it) whose playouts beat the heuristic's by the most, counting only options ahead by more than
    ``look_z`` standard errors of the paired difference (rollout k of every option shares its
    seeds); else the heuristic's."""
    if options[0] >= 0:
        options[n] = -1  # capturing nothing / summoning no more
        n += 1
    if n == 1:
        return options[0]
    keep(s, t)
    rprm = playout_params(prm, p, B.P_ROLLOUTS)
    u = own_draw(s, b, p)
    rollouts = int(prm[p, B.P_ROLLOUTS])
    z = prm[p, B.P_LOOK_Z]
    base = np.empty(rollouts, np.float64)
    for k in range(rollouts):
        base[k] = playout(s, t, b, p, rprm, u, k, kind, options[0])
    best = options[0]
    best_gain = 0.0
    for i in range(1, n):
        total = 0.0
        squares = 0.0
        for k in range(rollouts):
            d = playout(s, t, b, p, rprm, u, k, kind, options[i]) - base[k]
            total += d
            squares += d * d
        gain = paired_gain(total, squares, rollouts, z)
        if gain > best_gain:
            best_gain = gain
            best = options[i]
    return best


@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def look_capture(s, t, b, p, prm, choice, budget, discount):
    """Seat p's capture (a Wilds slot, -1 = none) by playing out the heuristic's ``choice``, the
    next best affordable dice and capturing nothing (``budget`` quiddity, costs less ``discount``)."""
    if prm[p, B.P_ROLLOUTS] < 1 or scratch_row(s) <= b:
        return choice
    me = prm[p]
    options = np.empty(NSLOT + 2, np.int64)
    scores = np.empty(NSLOT, np.float64)
    slots = np.empty(NSLOT, np.int64)
    m = 0
    for slot in range(NSLOT):
        if slot == choice or s.cont_n[b, WILDS0 + slot] == 0:
            continue
        card = s.slot_card[b, slot]
        cost = max(0, t.card_cost[card] - discount)
        if cost > budget or card == me[B.P_AVOID]:
            continue
        slots[m] = slot
        scores[m] = B.capture_score(s, t, b, p, me, slot, cost)
        m += 1
    n = 0
    options[n] = choice
    n += 1
    order = np.argsort(-scores[:m], kind="mergesort")  # stable: equal scores in slot order
    for i in range(min(m, int(me[B.P_LOOK_OPTIONS]))):
        options[n] = slots[order[i]]
        n += 1
    return best_option(s, t, b, p, prm, CAPTURE, options, n)


@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def look_summon(s, t, b, p, prm, choice, budget, reserve):
    """Seat p's next summon (an Active Pool die, -1 = stop) by playing out every creature it can
    pay for (``budget``; costs in State.scratch row 5, as summon_loop left them) and stopping."""
    if prm[p, B.P_ROLLOUTS] < 1 or scratch_row(s) <= b:
        return choice
    a = zone_of(p, Z_ACTIVE)
    na = s.cont_n[b, a]
    options = np.empty(na + 2, np.int64)
    n = 0
    options[n] = choice
    n += 1
    for i in range(na):
        cost = s.scratch[b, 5, i]
        d = s.cont[b, a, i]
        if cost < 0 or cost > budget or d == choice:
            continue
        same = False  # a die of the same card showing the same face is the same option
        for j in range(n):
            o = options[j]
            if o >= 0 and s.d_slot[b, o] == s.d_slot[b, d] and s.d_face[b, o] == s.d_face[b, d]:
                same = True
        if not same:
            options[n] = d
            n += 1
    return best_option(s, t, b, p, prm, SUMMON, options, n)


# the hooks rules.py calls: the lookahead in a lookahead run, the heuristic's choice otherwise
capture_hook = lookahead_hook(look_capture)
summon_hook = lookahead_hook(look_summon)
