"""Ashes' lookahead bot: the main action, by playing each option out.

A seat whose bot parameter ``rollouts`` is above 0 takes its main action this way (issue 14):
the options are the heuristic's move (:func:`simlab.games.ashes.bots.choose_main`), the
``look_options`` next best legal main-action moves by the heuristic's own score
(:func:`simlab.games.ashes.bots.main_score`; ties in the order of the legal moves) and passing.

Each option is played out ``rollouts`` times to the end of the game on the state's scratch row
(:func:`simlab.games.kernel.scratch_row`): the move (or the pass) and the end of this turn
(``rules.main_action``), the rest of the player turns phase from the next seat
(``rules.turns_from``), the recovery phase, then whole rounds (``rules.play_on``), every seat
playing the deciding bot's own parameters with the lookahead off (the "default policy"; it does
not read the opponent's bot). An option's worth is its mean result: 1 for a win, 1/2 for a draw
(the round cap, a double knock-out under that variant), 0 for a loss, plus 1/100 per point of
Phoenixborn life margin (life left, 0 once destroyed), which breaks ties between options whose
playouts all win or all lose. An option replaces the heuristic's move only when its playouts
beat it by more than ``look_z`` standard errors of the paired difference (rollout k of every
option shares its seeds); of those, the one ahead by the most is taken.

What the bot cannot see (checklist AMB-24, rule 145: not the opponent's hand, not any draw pile's
order) is re-dealt in each playout, so it never reads hidden information:

* every random stream of the copy (dice not yet rolled, reshuffles, every seat's tie-breaks) is
  seeded afresh from a draw of the deciding seat's own stream;
* the opponent's hand and draw pile are pooled, put in a canonical order (by instance: the pool
  is what the opponent's deck holds outside the public zones) and dealt back at random, each
  keeping its size (hand and deck sizes are public);
* the seat's own draw pile (it knows what is in it, not the order) is put in canonical order and
  shuffled.

Everything else is public: both boards, spellboards, discard piles, dice (active, exhausted and
on cards), the conjuration piles (chosen by name, never drawn at random), the Phoenixborn and
their wounds, the deciding seat's own hand.

Not looked ahead: the side action, free actions (Anchornaut), reactions, blocks and guards,
targets and every other decision inside a move, the prepare-phase discards and the dice kept in
recovery; there the heuristic decides (in the real game and in every playout). A random bot
(``random`` on) does not look ahead. ``tests/games/ashes/test_lookahead.py`` checks that
scrambling everything hidden leaves the choices and the playout values unchanged.
"""

from __future__ import annotations

import numpy as np

from simlab.games.ashes import bots as B
from simlab.games.ashes import rules as R  # noqa: F401 (R is read when compiling; rules imports this module)
from simlab.games.ashes.state import MAXI, MAXI_P, RS_DECK, Z_DRAW, Z_HAND, zone_of
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

__all__ = ["look_main", "main_hook", "play_out"]

MARGIN = 0.01  # a playout's worth per point of Phoenixborn life margin (a win is worth 1)


@njit(cache=True)
def sort_ids(ids, n):
    """Sort ``ids[:n]`` ascending in place (insertion sort: piles hold at most a few dozen cards)."""
    for i in range(1, n):
        x = ids[i]
        j = i - 1
        while j >= 0 and ids[j] > x:
            ids[j + 1] = ids[j]
            j -= 1
        ids[j + 1] = x


@njit(cache=True)
def deal_into(s, b, c, pool, start):
    """Put ``pool[start:start + cont_n[c]]`` into container c in that order (bottom first);
    returns the next index of the pool."""
    for k in range(s.cont_n[b, c]):
        i = pool[start + k]
        s.cont[b, c, k] = i
        s.i_cont[b, i] = c
        s.i_pos[b, i] = k
    return start + s.cont_n[b, c]


@njit(cache=True)
def redeal_hidden(s, b, p):
    """Re-deal what seat p cannot see in game b, on the row's deck stream: the opponents' hands
    and draw piles pooled, sorted and dealt back (each keeping its size), and p's own draw pile
    sorted and shuffled."""
    pool = np.empty(MAXI, np.int64)
    for q in range(s.players[b]):
        if q == p:
            continue
        h = zone_of(q, Z_HAND)
        d = zone_of(q, Z_DRAW)
        n = 0
        for c in (h, d):
            for k in range(s.cont_n[b, c]):
                pool[n] = s.cont[b, c, k]
                n += 1
        sort_ids(pool, n)  # canonical: the pool, not where its cards were, decides
        shuffle_list(s.rng, b, RS_DECK, pool, n)
        deal_into(s, b, d, pool, deal_into(s, b, h, pool, 0))
    c = zone_of(p, Z_DRAW)
    n = s.cont_n[b, c]
    for k in range(n):
        pool[k] = s.cont[b, c, k]
    sort_ids(pool, n)
    shuffle_list(s.rng, b, RS_DECK, pool, n)
    deal_into(s, b, c, pool, 0)


@njit(cache=True)
def life_left(s, t, b, q):
    """Life seat q's Phoenixborn has left, 0 once destroyed."""
    if s.alive[b, q] == 0:
        return 0
    return max(B.pb_left(s, t, b, q), 0)


@njit(cache=True)
def result_value(s, t, b, p):
    """Seat p's result of the ended game b: 1 win, 1/2 draw, 0 loss, plus life margin / 100."""
    other = 0
    for q in range(s.players[b]):
        if q != p:
            other = max(other, life_left(s, t, b, q))
    v = MARGIN * (life_left(s, t, b, p) - other)
    if s.winner[b] == p:
        v += 1.0
    elif s.winner[b] < 0:
        v += 0.5
    return v


@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def playout(s, t, b, p, rprm, u, k, option):
    """Play game b on from seat p's main action with ``option`` taken (a legal move, -1 = pass)
    on the scratch row, with fresh random streams (seed ``u``, rollout ``k``) and the hidden cards
    re-dealt; p's result there."""
    rb = scratch_row(s)
    copy_row(s, b, rb)
    s.ev_n[rb] = s.ev.shape[1]  # a playout never writes the trace
    reseed_row(s, rb, u, k)
    redeal_hidden(s, rb, p)
    play_out(s, t, rb, p, rprm, option, 0)
    return result_value(s, t, rb, p)


@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def play_out(s, t, b, p, rprm, option, unused):
    """Seat p makes main action ``option`` (-1 = pass) in game b; the turn, the player turns
    phase, the round and the game are played to the end with the parameters ``rprm``. Compiled
    before the run (kernel.precompile_playout)."""
    over = R.main_action(s, t, b, rprm, p, option)
    if not over and s.done[b] == 0:
        R.turns_from(s, t, b, rprm, s.cur[b], R.TURN_GUARD)
    if s.done[b] == 0:
        R.recovery_phase(s, t, b, rprm)
    R.play_on(s, t, b, rprm, False, False)


@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def best_option(s, t, b, p, prm, options, n):
    """The option of ``options[:n]`` (the heuristic's first) whose playouts beat the heuristic's by
    the most, counting only options ahead by more than ``look_z`` standard errors of the paired
    difference (rollout k of every option shares its seeds); else the heuristic's."""
    if n < 2:
        return options[0]
    rollouts = int(prm[p, B.BP_ROLLOUTS])
    z = prm[p, B.BP_LOOK_Z]
    rprm = playout_params(prm, p, B.BP_ROLLOUTS)
    u = own_draw(s, b, p)
    base = np.empty(rollouts, np.float64)
    for k in range(rollouts):
        base[k] = playout(s, t, b, p, rprm, u, k, options[0])
    best = options[0]
    best_gain = 0.0
    for j in range(1, n):
        total = 0.0
        squares = 0.0
        for k in range(rollouts):
            x = playout(s, t, b, p, rprm, u, k, options[j]) - base[k]
            total += x
            squares += x * x
        gain = paired_gain(total, squares, rollouts, z)
        if gain > best_gain:
            best_gain = gain
            best = options[j]
    return best


@njit(cache=True)
def main_options(s, t, b, p, prm, choice, n, options):
    """Write seat p's main-action options to ``options``: the heuristic's ``choice`` first, the
    ``look_options`` best other legal moves of ``State.scratch`` row 2 (``n`` moves as
    ``take_turn`` listed them) by :func:`simlab.games.ashes.bots.main_score`, then passing
    unless that is the choice; returns how many."""
    legal = s.scratch[b, 2]
    moves = np.empty(max(n, 1), np.int64)
    for k in range(n):
        moves[k] = legal[k]
    # choose_main compacted the list without the avoided moves in place (its tail keeps stale
    # copies): drop them again and the duplicates they leave
    m = B.drop_avoided(s, b, prm, p, moves, n)
    scores = np.empty(max(m, 1), np.float64)
    cand = np.empty(max(m, 1), np.int64)
    att = np.empty(MAXI_P, np.int64)
    nc = 0
    for k in range(m):
        mv = moves[k]
        if mv == choice:
            continue
        dup = False
        for j in range(nc):
            if cand[j] == mv:
                dup = True
        if dup:
            continue
        cand[nc] = mv
        scores[nc] = B.main_score(s, t, b, prm, p, mv, att)
        nc += 1
    options[0] = choice
    no = 1
    order = np.argsort(-scores[:nc], kind="mergesort")  # stable: equal scores in legal order
    for k in range(min(nc, int(prm[p, B.BP_LOOK_OPTIONS]))):
        options[no] = cand[order[k]]
        no += 1
    if choice >= 0:
        options[no] = -1  # passing
        no += 1
    return no


@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def look_main(s, t, b, p, prm, choice, n, unused):
    """Seat p's main action (a move of the ``n`` legal ones in ``State.scratch`` row 2, -1 = pass):
    the heuristic's ``choice`` unless another option's playouts beat it (module docstring)."""
    if prm[p, B.BP_ROLLOUTS] < 1 or prm[p, B.BP_RANDOM] > 0.5 or scratch_row(s) <= b:
        return choice
    options = np.empty(n + 2, np.int64)
    no = main_options(s, t, b, p, prm, choice, n, options)
    return best_option(s, t, b, p, prm, options, no)


# the hook rules.take_turn calls: the lookahead in a lookahead run, the heuristic's choice otherwise
main_hook = lookahead_hook(look_main)
