"""Ashes bot parameters and decisions (a first cut: the decision points the skeleton has).

The checklist's §3 lists 15 decision points and a 22-value parameter vector; only what the
rules implemented so far ask for is here: the main action among legal card plays (DP3), and
the dice kept at recovery (DP13). The rest comes with the rules that need it.
"""

from __future__ import annotations

from numba import njit

from simlab.games.ashes import state as S
from simlab.games.kernel import coin, rand

PARAMS = ("random", "keep_dice", "discard_dead")
BP_RANDOM, BP_KEEP_DICE, BP_DISCARD_DEAD = range(len(PARAMS))
PRESETS = {
    "balanced": {"random": 0.0, "keep_dice": 1.0, "discard_dead": 1.0},
    "random": {"random": 1.0, "keep_dice": 1.0, "discard_dead": 1.0},
}

KEEP_NONE, KEEP_POWER, KEEP_ALL = 0, 1, 2  # DP13: exhaust all / keep power faces / keep all


MOVE_PLAY, MOVE_ACTIVATE = 0, 1  # rules.MV_PLAY / MV_ACTIVATE: a move is kind * MAXI + instance


@njit(cache=True)
def move_score(s, t, b, move):
    """The balanced bot's stand-in for the checklist's scored choice: a summon (a unit now, the
    tempo of w_summon) before a card play; among card plays the one with the most magic symbols."""
    i = move % S.MAXI
    if move // S.MAXI == MOVE_ACTIVATE:
        return 100
    c = s.i_card[b, i]
    cost = 0
    for j in range(S.CO_BASIC, S.NCOST):
        cost += t.card_cost[c, j]
    return cost


@njit(cache=True)
def choose_main(s, t, b, prm, p, legal, n):
    """DP3: which of the ``n`` legal moves ``legal[:n]`` to make as the main action, or -1 to
    pass. The balanced bot takes the best by :func:`move_score` (first on ties); the random bot
    picks uniformly among the moves and passing."""
    if n == 0:
        return -1
    if prm[p, BP_RANDOM] > 0.5:
        k = rand(s, b, p, n + 1)
        return -1 if k == n else legal[k]
    best = -1
    best_score = -1
    for k in range(n):
        sc = move_score(s, t, b, legal[k])
        if sc > best_score:
            best, best_score = legal[k], sc
    return best


@njit(cache=True)
def choose_side(s, t, b, prm, p, legal, n):
    """DP4: which legal side-action move to take, or -1 for none. The balanced bot takes the
    first; the random bot a coin flip, then a uniform pick."""
    if n == 0:
        return -1
    if prm[p, BP_RANDOM] > 0.5:
        return legal[rand(s, b, p, n)] if coin(s, b, p) else -1
    return legal[0]


@njit(cache=True)
def keep_die(s, b, prm, p, d):
    """DP13: keep active die d of seat p into the next round (else it is exhausted and re-rolled)."""
    if prm[p, BP_RANDOM] > 0.5:
        return coin(s, b, p)
    policy = int(prm[p, BP_KEEP_DICE])
    if policy == KEEP_ALL:
        return True
    if policy == KEEP_POWER:
        return s.die_face[b, p, d] == S.F_POWER
    return False


@njit(cache=True)
def discard_in_prepare(s, t, b, prm, p, i):
    """DP2: discard hand card i in the prepare phase? The balanced bot discards dead cards: those
    the engine cannot play now (card types whose effects are not implemented yet, a ready spell
    whose name finds no spellboard slot, a fourth copy) unless ``discard_dead`` is 0; the random
    bot flips a coin."""
    if prm[p, BP_RANDOM] > 0.5:
        return coin(s, b, p)
    if prm[p, BP_DISCARD_DEAD] < 0.5:
        return False
    c = s.i_card[b, i]
    kind = t.card_type[c]
    if kind == S.T_ALLY:
        return False
    if kind != S.T_READY:
        return True
    m = S.copies_on_spellboard(s, b, p, c)
    if m >= 3:
        return True
    return m == 0 and S.spellboard_names(s, b, p) >= t.card_sb[s.pb_card[b, p]]
