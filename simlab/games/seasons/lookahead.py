"""Seasons' lookahead bot: which season die to take and what to summon, by playing each option out.

A seat whose bot parameter ``rollouts`` is above 0 takes two choices this way (issue 14):

* **the season die**: every untaken die of the round;
* **the next summon** (with ``look_summons`` 1, the default), each time the heuristic would summon
  a card: its card, every other summonable card in hand (one per card: two copies are the same
  option) and holding (summoning nothing more this turn, nor spending a bonus to make a card
  summonable: ``State.hold``).

Each option is played out ``rollouts`` times to the end of the game on the state's scratch row
(:func:`simlab.games.kernel.scratch_row`): the rest of the turn (a summon playout continues with
the turn's actions, Vision of Destiny and the end-of-turn token: ``rules.end_of_turn``; a second
pass of the actions, which is how the heuristic goes on anyway), the other players' die choices
and turns of this round, then whole rounds, and the final scoring, every seat playing the deciding
bot's own parameters with the lookahead off (the "default policy"; it does not read the opponents'
bots). An option's worth is its mean result: 1 for a win, 1/2 for a shared win, 0 for a loss,
plus 1/200 of the prestige margin over the best opponent. An option replaces the heuristic's
choice only when its playouts beat it by more than ``look_z`` standard errors of the paired
difference (rollout k of every option shares its seeds).

What the bot cannot see is re-dealt in each playout, so it never reads hidden information:

* every random stream of the copy (future season dice, reshuffles, every seat's tie-breaks) is
  seeded afresh from a draw of the deciding seat's own stream;
* the cards it cannot see (the draw pile, and every opponent's hand and Library II and III piles)
  are pooled, put in a canonical order and dealt back at random into the same places, each
  keeping its size. Its own hand and libraries, the discard pile and every card in play stay.

Not looked ahead: activations, transmutations, bonuses and tokens, the prelude's draft, and the
die under the ``die_per_turn`` round structure (taken at the start of the turn); there the
heuristic decides. ``tests/games/seasons/test_lookahead.py`` checks that scrambling everything
hidden leaves the choices unchanged.
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
    shuffle_list,
)
from simlab.games.seasons import bots as B
from simlab.games.seasons import rules as R  # noqa: F401 (R is read when compiling; rules imports this module)
from simlab.games.seasons.state import (
    C_DECK,
    MAXI,
    RS_DECK,
    S_PRESTIGE,
    Z_HAND,
    Z_LIB2,
    Z_LIB3,
    can_summon,
    zone_of,
)

__all__ = ["look_die", "look_summon", "die_hook", "summon_hook", "play_out"]

DIE, SUMMON = 0, 1  # the decision a playout continues

MARGIN = 0.005  # a playout's worth per point of prestige margin (a win is worth 1)


@njit(cache=True)
def hidden_from(s, b, p, out):
    """The containers seat p cannot see, in a fixed order (into ``out``); their number."""
    n = 0
    out[n] = C_DECK
    n += 1
    for q in range(s.players[b]):
        if q != p:
            for z in (Z_HAND, Z_LIB2, Z_LIB3):
                out[n] = zone_of(q, z)
                n += 1
    return n


@njit(cache=True)
def redeal_hidden(s, b, p):
    """Pool the cards p cannot see, sort them, shuffle them (the row's deck stream) and deal them
    back into the same containers, each keeping its size."""
    conts = np.empty(16, np.int64)
    nc = hidden_from(s, b, p, conts)
    pool = np.empty(MAXI, np.int64)
    n = 0
    for j in range(nc):
        c = conts[j]
        for k in range(s.cont_n[b, c]):
            pool[n] = s.cont[b, c, k]
            n += 1
    pool[:n] = np.sort(pool[:n])  # canonical: the pool, not where its cards were, decides
    shuffle_list(s.rng, b, RS_DECK, pool, n)
    n = 0
    for j in range(nc):
        c = conts[j]
        for k in range(s.cont_n[b, c]):
            i = pool[n]
            s.cont[b, c, k] = i
            s.c_cont[b, i] = c
            s.c_pos[b, i] = k
            n += 1


@njit(cache=True)
def result_value(s, b, p):
    """Seat p's result of the scored game b: 1 win, 1/2 shared win, 0 loss, plus prestige margin / 200."""
    other = -1000000
    for q in range(s.players[b]):
        if q != p:
            other = max(other, s.seat[b, q, S_PRESTIGE])
    mine = s.seat[b, p, S_PRESTIGE]
    v = MARGIN * (mine - other)
    if s.winner[b] == p:
        v += 1.0
    elif s.winner[b] < 0 and mine >= other:
        v += 0.5
    return v


@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def playout(s, t, b, p, rprm, u, k, kind, option):
    """Play game b on from seat p's decision ``kind`` with ``option`` taken, on the scratch row
    with fresh random streams and hidden cards re-dealt; p's result there."""
    rb = scratch_row(s)
    copy_row(s, b, rb)
    s.ev_n[rb] = s.ev.shape[1]  # a playout never writes the trace
    reseed_row(s, rb, u, k)
    redeal_hidden(s, rb, p)
    play_out(s, t, rb, p, rprm, kind, option)
    return result_value(s, rb, p)


@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def play_out(s, t, b, p, rprm, kind, option):
    """Seat p takes ``option`` for its decision ``kind`` (DIE: a season die; SUMMON: a hand card,
    -1 = hold); the turn, the round and the game are played to the end and scored with the
    parameters ``rprm``. Compiled before the run (kernel.precompile_playout)."""
    d = (p - s.first[b]) % s.players[b]  # p's place in the round's order
    if kind == DIE:
        R.set_die(s, b, p, option)
        R.choose_dice(s, t, b, rprm, d + 1)
        R.finish_round(s, t, b, rprm, 0)  # the dice are all taken before the round's first turn
    else:
        if option >= 0:
            plan = s.scratch[b, 5]
            if can_summon(s, t, b, p, option, plan):
                R.summon(s, t, b, p, rprm, option, plan)
        else:
            s.hold[b] = 1
        if not s.done[b]:
            R.turn_actions(s, t, b, p, rprm)
            R.end_of_turn(s, t, b, p, rprm)
        R.finish_round(s, t, b, rprm, d + 1)
    R.play_on(s, t, b, rprm, False, False)
    R.final_scoring(s, t, b)


@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def best_option(s, t, b, p, prm, kind, options, n):
    """The option of ``options[:n]`` (the heuristic's first) whose playouts beat the heuristic's by
    the most, counting only options ahead by more than ``look_z`` standard errors of the paired
    difference (rollout k of every option shares its seeds); else the heuristic's."""
    if n < 2:
        return options[0]
    rollouts = int(prm[p, B.P_ROLLOUTS])
    z = prm[p, B.P_LOOK_Z]
    rprm = playout_params(prm, p, B.P_ROLLOUTS)
    u = own_draw(s, b, p)
    base = np.empty(rollouts, np.float64)
    for k in range(rollouts):
        base[k] = playout(s, t, b, p, rprm, u, k, kind, options[0])
    best = options[0]
    best_gain = 0.0
    for j in range(1, n):
        total = 0.0
        squares = 0.0
        for k in range(rollouts):
            x = playout(s, t, b, p, rprm, u, k, kind, options[j]) - base[k]
            total += x
            squares += x * x
        gain = paired_gain(total, squares, rollouts, z)
        if gain > best_gain:
            best_gain = gain
            best = options[j]
    return best


@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def look_die(s, t, b, p, prm, choice, d, unused):
    """Seat p's season die (the ``d``-th player to choose this round): the heuristic's ``choice``
    unless another untaken die's playouts beat it (module docstring)."""
    if prm[p, B.P_ROLLOUTS] < 1 or scratch_row(s) <= b:
        return choice
    options = np.empty(s.players[b] + 1, np.int64)
    options[0] = choice
    n = 1
    for die in range(s.players[b] + 1):
        if die != choice and not s.taken[b, die]:
            options[n] = die
            n += 1
    return best_option(s, t, b, p, prm, DIE, options, n)


@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def look_summon(s, t, b, p, prm, choice, a0, a1):
    """Seat p's next summon: the heuristic's hand card ``choice``, another summonable hand card, or
    holding (-1: nothing more this turn, which sets ``State.hold``), whichever plays out best
    (module docstring). Nothing to decide when the heuristic summons nothing."""
    if choice < 0 or prm[p, B.P_ROLLOUTS] < 1 or prm[p, B.P_LOOK_SUMMONS] < 1 or scratch_row(s) <= b:
        return choice
    c = zone_of(p, Z_HAND)
    plan = s.scratch[b, 4]
    options = np.empty(s.cont_n[b, c] + 2, np.int64)
    options[0] = choice
    n = 1
    for k in range(s.cont_n[b, c]):
        i = s.cont[b, c, k]
        if i == choice or not can_summon(s, t, b, p, i, plan):
            continue
        same = False  # two copies of one card are the same option
        for j in range(n):
            if t.inst_card[options[j]] == t.inst_card[i]:
                same = True
        if not same:
            options[n] = i
            n += 1
    options[n] = -1  # hold
    n += 1
    best = best_option(s, t, b, p, prm, SUMMON, options, n)
    if best < 0:
        s.hold[b] = 1
    return best


# the hooks rules.py calls: the lookahead in a lookahead run, the heuristic's choice otherwise
die_hook = lookahead_hook(look_die)
summon_hook = lookahead_hook(look_summon)
