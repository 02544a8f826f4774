"""Wiz-War bots: a parameter vector per seat and the compiled decisions that read it.

Every decision the rules ask a seat for goes through one function here. The rules list the legal
options (``rules.enumerate_options``) or say which counters are allowed; a bot only picks. With
``random = 1`` each decision is a uniformly random legal choice (the fuzzing bot); otherwise the
heuristic scores the options with the weights below.

What a bot may read (checklist 4.1): its own hand, every wizard's position, life, stun tokens,
points and carried treasure, the board, the treasures, and the number of cards in others' hands.
Never another seat's hand or the deck order (``tests/games/wizwar/test_bots.py`` checks that
shuffling the hidden cards does not change a decision).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from simlab.games.base import BotPreset
from simlab.games.kernel import coin, rand
from simlab.games.wizwar.movement import distances, step_unlocked
from simlab.games.wizwar.sight import line_of_sight
from simlab.games.wizwar.state import (
    DRAW_MAX,
    E_ACID_BATH,
    E_BLOODSHARD,
    E_BOOMSTONE,
    E_BRAINSTONE,
    E_DISPEL,
    E_DROP_OBJECT,
    E_ENERGY,
    E_FIRE_CLOAK,
    E_FIRE_DARTS,
    E_FIREBALL,
    E_FLOOD,
    E_FOG,
    E_FULL_SHIELD,
    E_KA_BONG,
    E_LARGE_ROCK,
    E_LIFESTONE,
    E_MAD_DASH,
    E_MASTER_KEY,
    E_MEDITATE,
    E_MIGHTSTONE,
    E_MIST_BODY,
    E_NEGATE_NEUTRAL,
    E_NULL_POWDER,
    E_PAIN_LINK,
    E_PICK_LOCK,
    E_POWERSTONE,
    E_POWERTHRUST,
    E_SHIELD,
    E_SPEEDSTONE,
    E_SPELLSTONE,
    E_STONE_DEAD,
    E_STONE_SPIKES,
    E_ZOT,
    NKIND,
    O_ATTACK,
    O_BOOST,
    O_DROP,
    O_END,
    O_END_SPELL,
    O_ITEM,
    O_ITEM_DROP,
    O_ITEM_PICK,
    O_NEUTRAL,
    O_PICKUP,
    O_PUNCH,
    O_STEP,
    O_THROW,
    O_UNLOCK,
    hand_limit,
    hand_of,
    hand_size,
    items_of,
    maint_of,
    move_bit,
    spell_on,
)

__all__ = ["PARAMS", "PRESETS", "NPARAM", "choose_option", "choose_shield", "choose_full_shield",
           "choose_negate", "choose_discard", "card_value", "choose_attack_reaction"]

# Parameter names and defaults, in kernel order (index constants below).
PARAMS = {
    "random": 0.0,         # 1 = the fuzzing bot: every decision a uniform pick among the legal ones
    "w_treasure": 1.0,     # value of one step closer to the current goal (treasure, then home)
    "w_kill": 1.0,         # score of each point of damage an attack would do
    "kill_bonus": 4.0,     # added when that damage would leave the target at 0 life or less
    "attack_min": 1.5,     # least score to spend an attack (punch or spell)
    "counter_min": 3.0,    # smallest hit worth a counter card (a hit that would kill: any size)
    "keep_min": 1.0,       # with no room to draw two, discard the weakest card worth less than this
    "end_floor": 0.15,     # random bot: chance to end Move and Cast at each decision
}
(P_RANDOM, P_W_TREASURE, P_W_KILL, P_KILL_BONUS, P_ATTACK_MIN, P_COUNTER_MIN, P_KEEP_MIN,
 P_END_FLOOR) = range(len(PARAMS))
NPARAM = len(PARAMS)

PRESETS = {
    "balanced": BotPreset("balanced", "runs for the nearest enemy treasure and home, attacks what it can "
                          "hurt on the way, counters big hits", {}),
    "runner": BotPreset("runner", "treasure first: attacks only for large damage", {"w_treasure": 1.6,
                                                                                    "w_kill": 0.5}),
    "brawler": BotPreset("brawler", "attacks whenever it can", {"w_kill": 1.8, "kill_bonus": 6.0,
                                                                 "attack_min": 0.5}),
    "random": BotPreset("random", "uniformly random legal choices (for fuzzing the rules)", {"random": 1.0}),
}


@njit(cache=True)
def card_value(t, card):
    """Rough worth of holding a card (discard order, cost of spending it)."""
    e = t.card_effect[card]
    v = 1.0
    if e == E_ENERGY:
        v = 0.5 + 0.25 * t.card_energy[card]
    elif e == E_FIREBALL:
        v = 3.5
    elif e == E_POWERTHRUST or e == E_KA_BONG or e == E_FULL_SHIELD:
        v = 3.0
    elif e == E_ZOT or e == E_SHIELD:
        v = 2.5
    elif e == E_STONE_DEAD or e == E_FIRE_DARTS:
        v = 2.0
    elif e == E_MEDITATE or e == E_DROP_OBJECT:
        v = 1.5
    elif e == E_NEGATE_NEUTRAL or e == E_MAD_DASH:
        v = 1.0
    elif e == E_PICK_LOCK:
        v = 1.5
    elif e == E_MASTER_KEY:
        v = 2.5
    elif e == E_SPEEDSTONE or e == E_NULL_POWDER or e == E_BRAINSTONE:
        v = 3.0
    elif e == E_LIFESTONE or e == E_SPELLSTONE or e == E_BLOODSHARD or e == E_BOOMSTONE:
        v = 2.5
    elif e == E_POWERSTONE or e == E_MIGHTSTONE or e == E_LARGE_ROCK:
        v = 2.0
    elif e == E_ACID_BATH or e == E_FIRE_CLOAK:
        v = 2.5
    elif e == E_STONE_SPIKES:
        v = 2.0
    elif e == E_PAIN_LINK or e == E_FLOOD or e == E_MIST_BODY or e == E_DISPEL:
        v = 1.5
    elif e == E_FOG:
        v = 1.0
    return v


@njit(cache=True)
def spell_damage(t, card, energy):
    """Damage an implemented attack spell deals at ``energy`` before counters."""
    e = t.card_effect[card]
    d = 0
    if e == E_ZOT or e == E_STONE_DEAD or e == E_FIRE_DARTS:
        d = energy
    elif e == E_FIREBALL:
        d = 5
    elif e == E_POWERTHRUST:
        d = energy + 2
    elif e == E_KA_BONG:
        d = 4
    elif e == E_ACID_BATH:
        d = 2 * energy  # 2 in each of the caster's Time Passes while it lasts (energy tokens)
    return d


@njit(cache=True)
def goal_square(s, t, b, geo, p):
    """Where the heuristic walks: home with a carried treasure; else the nearest enemy treasure
    not already on its own base, or its own treasure lying on an enemy base (R117); else the
    nearest enemy wizard. -1 if nothing is reachable."""
    k = s.deal[b]
    me = s.pos[b, p]
    home = t.g_base[k, p]
    if s.carrying[b, p] >= 0:
        return home
    field = distances(geo, me, move_bit(s, t, b, p))
    best = -1
    bd = 1 << 20
    n = s.players[b]
    for j in range(2 * n):
        sq = s.tr_sq[b, j]
        if s.tr_carrier[b, j] >= 0 or field[sq] < 0:
            continue
        owner = j // 2
        want = False
        if owner != p:
            want = sq != home
        else:
            for q in range(n):
                if q != p and sq == t.g_base[k, q]:
                    want = True
        if want and field[sq] < bd:
            bd = field[sq]
            best = sq
    if best < 0:
        for q in range(n):
            if q != p and s.alive[b, q] and field[s.pos[b, q]] >= 0 and field[s.pos[b, q]] < bd:
                bd = field[s.pos[b, q]]
                best = s.pos[b, q]
    return best


@njit(cache=True)
def random_option(s, b, p, prm):
    """The random bot: end with probability end_floor, else a uniformly random option kind among
    those present, then a uniformly random option of that kind (checklist 4.5)."""
    n = s.opt_n[b]
    if n == 1 or rand(s, b, p, 1000) < prm[P_END_FLOOR] * 1000:
        return 0
    present = np.zeros(NKIND, np.int64)
    for k in range(1, n):
        present[s.opt[b, k, 0]] += 1
    kinds = 0
    for c in range(1, NKIND):
        if present[c] > 0:
            kinds += 1
    pick = rand(s, b, p, kinds)
    kind = 0
    for c in range(1, NKIND):
        if present[c] > 0:
            if pick == 0:
                kind = c
                break
            pick -= 1
    m = rand(s, b, p, present[kind])
    for k in range(1, n):
        if s.opt[b, k, 0] == kind:
            if m == 0:
                return k
            m -= 1
    return 0


@njit(cache=True)
def choose_option(s, t, b, geo, p, prm):
    """Index of the option (in State.opt) seat p takes next in Move and Cast."""
    if prm[P_RANDOM] >= 0.5:
        return random_option(s, b, p, prm)
    k_deal = s.deal[b]
    me = s.pos[b, p]
    bit = move_bit(s, t, b, p)  # for walking (Mist Body passes doors)
    home = t.g_base[k_deal, p]
    goal = goal_square(s, t, b, geo, p)
    field = distances(geo, goal if goal >= 0 else me, bit)
    here = field[me]
    if here < 0:
        here = 40  # the goal lies behind a door closed to the wizard: any way in is progress
    n = s.opt_n[b]
    score = np.zeros(n, np.float64)
    best_attack = -1e9
    for k in range(n):
        kind = s.opt[b, k, 0]
        a = s.opt[b, k, 1]
        x = s.opt[b, k, 2]
        y = s.opt[b, k, 3]
        z = s.opt[b, k, 4]
        sc = 0.0
        if kind == O_PUNCH or kind == O_ATTACK or kind == O_THROW:
            q = a if kind == O_PUNCH else x
            dmg = 1
            cost = 0.0
            if kind == O_THROW:
                card = s.inst_card[b, a]
                dmg = 2 if t.card_effect[card] == E_LARGE_ROCK else 4
                if t.card_effect[card] == E_STONE_SPIKES:
                    dmg = 3  # a spike of one's Stone Spikes: the spell stays
                else:
                    cost += 0.3 * card_value(t, card)
            if kind == O_ATTACK:
                card = s.inst_card[b, a]
                energy = 1
                if y >= 0:
                    energy = t.card_energy[s.inst_card[b, y]]
                    cost += 0.3 * card_value(t, s.inst_card[b, y])
                dmg = spell_damage(t, card, energy)
                cost += 0.3 * card_value(t, card)
                if z == 1:
                    dmg = 0
                    sc += 1.5 * prm[P_W_KILL]  # two stun tokens
            sc += prm[P_W_KILL] * dmg - cost
            if dmg >= s.life[b, q] and not (kind == O_ATTACK and t.card_effect[s.inst_card[b, a]] == E_ACID_BATH):
                sc += prm[P_KILL_BONUS]
            if s.carrying[b, q] >= 0:
                sc += 1.0
            if sc < prm[P_ATTACK_MIN]:
                sc = -1.0
            elif sc > best_attack:
                best_attack = sc
        score[k] = sc
    for k in range(n):
        kind = s.opt[b, k, 0]
        a = s.opt[b, k, 1]
        x = s.opt[b, k, 2]
        sc = score[k]
        if kind == O_STEP:
            nxt = step_unlocked(geo, me, a, bit, s.unlocked[b])
            if field[nxt] < 0:
                sc = -1.0
            else:
                sc = prm[P_W_TREASURE] * (here - field[nxt])
                if sc <= 0:
                    sc = -1.0
            if s.stunned[b] == 1 and best_attack > 0:
                sc = -1.0  # stunned: attacking now forgoes the walk (R140)
        elif kind == O_BOOST:
            v = t.card_energy[s.inst_card[b, a]]
            sc = -1.0
            if here > s.mp[b] and here <= s.mp[b] + v and not (s.stunned[b] == 1 and s.attacked[b] == 1):
                sc = 1.5 * prm[P_W_TREASURE] - 0.1 * v
                if t.card_effect[s.inst_card[b, a]] != E_ENERGY:
                    sc -= 0.5
        elif kind == O_PICKUP:
            owner = a // 2
            sc = -5.0
            if owner != p and s.tr_sq[b, a] != home:
                sc = 10.0
            elif owner == p:
                for q in range(s.players[b]):
                    if q != p and me == t.g_base[k_deal, q]:
                        sc = 8.0  # R117: recover one's own treasure from an enemy base
        elif kind == O_DROP:
            sc = -5.0
            if me == home:
                sc = 20.0
        elif kind == O_NEUTRAL:
            card = s.inst_card[b, a]
            e = t.card_effect[card]
            sc = -1.0
            if e == E_MEDITATE and s.cont_n[b, hand_of(p)] <= 5:
                sc = 1.5
            elif e == E_DROP_OBJECT:
                z = s.opt[b, k, 4]
                if z < 0:
                    sc = 9.0 if s.carrying[b, x] // 2 == p else 6.0
                else:
                    sc = 0.5 * card_value(t, s.inst_card[b, z])
            elif e == E_MAD_DASH:
                if s.carrying[b, p] < 0 and s.mp[b] >= 2 and here > 2 * s.mp[b] and s.attacked[b] == 0:
                    sc = 0.5
            else:
                sc = maint_score(s, t, b, geo, p, prm, k, field[me] < 0)
        elif kind == O_END_SPELL:
            sc = maint_score(s, t, b, geo, p, prm, k, False)
        elif kind == O_UNLOCK:
            # worth it for a door on one of the wizard's own sides that shortens the way
            sc = -1.0
            if s.mp[b] > 0 and not (s.stunned[b] == 1 and s.attacked[b] == 1):
                for d in range(4):
                    nb = geo.nbr[me, d]
                    if nb >= 0 and (geo.edge[me, d] == x or geo.edge[nb, geo.arrive[me, d]] == x) \
                            and field[nb] >= 0 and field[nb] + 1 < here:
                        gain = prm[P_W_TREASURE] * (here - field[nb] - 1)
                        if t.card_effect[s.inst_card[b, a]] == E_PICK_LOCK:
                            gain -= 0.3 * card_value(t, s.inst_card[b, a])
                        sc = max(sc, gain)
        elif kind == O_ITEM:
            sc = 2.0  # an item helps only when carried, and counts toward the limit either way
        elif kind == O_ITEM_DROP:
            sc = -2.0
        elif kind == O_ITEM_PICK:
            sc = 1.0 if hand_size(s, b, p) < hand_limit(s, t, b, p) and s.carrying[b, p] < 0 else -1.0
        elif kind == O_END:
            sc = 0.0
        score[k] = sc
    best = 0
    ties = 1
    for k in range(1, n):
        if score[k] > score[best]:
            best = k
            ties = 1
        elif score[k] == score[best]:
            ties += 1
            if rand(s, b, p, ties) == 0:
                best = k
    return best


@njit(cache=True)
def _sees_enemy(s, t, b, geo, p):
    """Some living enemy wizard has an (unfogged) line of sight to seat p."""
    for q in range(s.players[b]):
        if q != p and s.alive[b, q] and line_of_sight(geo, s.pos[b, q], s.pos[b, p], 1 << s.colour[b, q]):
            return True
    return False


@njit(cache=True)
def _spell_worth(s, t, b, geo, p, j):
    """What ending maintained spell j is worth to seat p (Dispel, Null Powder, ending one's own)."""
    e = t.card_effect[s.inst_card[b, j]]
    owner = s.c_cont[b, j] - maint_of(0)
    q = s.m_target[b, j]
    tok = s.m_tokens[b, j]
    v = -1.0
    if owner == p:
        if e == E_FLOOD:  # one's own Flood keeps one's Fire cards in the hand
            h = hand_of(p)
            for k in range(s.cont_n[b, h]):
                if t.card_fire[s.inst_card[b, s.cont[b, h, k]]]:
                    v = 0.5
        return v
    if e == E_ACID_BATH and q == p:
        v = 2.0 * tok
    elif e == E_MIST_BODY and s.carrying[b, q] >= 0 and s.tr_carrier[b, s.carrying[b, q]] == q \
            and s.carrying[b, q] // 2 == p:
        v = 3.0  # it runs away with our treasure
    elif e == E_STONE_SPIKES:
        v = 1.0 * tok
    elif e == E_PAIN_LINK and s.attacked[b] == 0 and \
            line_of_sight(geo, s.pos[b, p], s.pos[b, q], 1 << s.colour[b, p]):
        v = 1.0
    return v


@njit(cache=True)
def maint_score(s, t, b, geo, p, prm, k, blocked):
    """Score of an option of the maintained-spell cards (rules.maint_options): casting Stone
    Spikes, Pain Link, Mist Body, Fog, Flood, Dispel, or ending a spell (O_END_SPELL).
    ``blocked``: the goal lies behind a door closed to p (Mist Body walks through it)."""
    kind = s.opt[b, k, 0]
    a = s.opt[b, k, 1]
    x = s.opt[b, k, 2]
    y = s.opt[b, k, 3]
    z = s.opt[b, k, 4]
    if kind == O_END_SPELL:
        v = _spell_worth(s, t, b, geo, p, a)
        if x >= 0:
            v -= 0.3 * card_value(t, s.inst_card[b, x])
        return v if v > 0 else -1.0
    card = s.inst_card[b, a]
    e = t.card_effect[card]
    energy = 1
    cost = 0.3 * card_value(t, card)
    if y >= 0:
        energy = t.card_energy[s.inst_card[b, y]]
        cost += 0.3 * card_value(t, s.inst_card[b, y])
    sc = -1.0
    if e == E_DISPEL:
        sc = _spell_worth(s, t, b, geo, p, z) - cost
    elif e == E_STONE_SPIKES:
        can = s.attacked[b] == 0 and s.first_done[b, p] == 1 and not (s.stunned[b] == 1 and s.moved[b] == 1)
        if can and spell_on(s, t, b, E_STONE_SPIKES, p) < 0 and spell_on(s, t, b, E_MIST_BODY, p) < 0:
            for q in range(s.players[b]):
                if q != p and s.alive[b, q] and spell_on(s, t, b, E_MIST_BODY, q) < 0 and \
                        line_of_sight(geo, s.pos[b, p], s.pos[b, q], 1 << s.colour[b, p]):
                    sc = 1.0 + 1.5 * (energy - 1) - cost  # a throw now, one more per extra token
    elif e == E_PAIN_LINK:
        if spell_on(s, t, b, E_PAIN_LINK, p) < 0 and s.life[b, p] <= 8 and _sees_enemy(s, t, b, geo, p):
            sc = 0.5 + 0.5 * (energy - 1) - cost
    elif e == E_MIST_BODY:
        if spell_on(s, t, b, E_MIST_BODY, p) < 0:
            if s.carrying[b, p] >= 0 and _sees_enemy(s, t, b, geo, p):
                sc = 2.5 + 0.5 * (energy - 1) - cost
            elif blocked:
                sc = 1.0 - cost
    elif e == E_FOG:
        if spell_on(s, t, b, E_FOG, -1) < 0 and s.carrying[b, p] >= 0 and _sees_enemy(s, t, b, geo, p):
            sc = 1.5 + 0.1 * (energy - 1) - cost  # a long Fog hides its caster's targets too
    elif e == E_FLOOD:
        if spell_on(s, t, b, E_FLOOD, -1) < 0:
            v = 0.0
            for w in range(s.players[b]):
                c = maint_of(w)
                for k2 in range(s.cont_n[b, c]):
                    j = s.cont[b, c, k2]
                    if t.card_effect[s.inst_card[b, j]] == E_ACID_BATH:
                        v += (2.0 if s.m_target[b, j] == p else -2.0) * s.m_tokens[b, j]
                if w != p and s.alive[b, w]:
                    for k2 in range(s.cont_n[b, items_of(w)]):
                        if t.card_fire[s.inst_card[b, s.cont[b, items_of(w), k2]]]:
                            v += 2.0
            if v > 0:
                sc = v - cost
    return sc


@njit(cache=True)
def choose_attack_reaction(s, t, b, q, prm, dmg, fire):
    """Seat q is being attacked for about ``dmg`` damage (``fire``: a Fire attack): Flood (cancels a
    Fire attack) or Pain Link to cast as a counter from the hand, or -1."""
    fl = _find(s, t, b, q, E_FLOOD)
    if spell_on(s, t, b, E_FLOOD, -1) >= 0:
        fl = -1
    pl = _find(s, t, b, q, E_PAIN_LINK)
    if spell_on(s, t, b, E_PAIN_LINK, q) >= 0:
        pl = -1
    if fl < 0 and pl < 0:
        return -1
    if prm[P_RANDOM] >= 0.5:
        if not coin(s, b, q):
            return -1
        return pl if pl >= 0 else fl
    if fire and fl >= 0 and (dmg >= prm[P_COUNTER_MIN] or dmg >= s.life[b, q]):
        return fl
    if pl >= 0 and dmg >= 2:
        return pl
    return -1


@njit(cache=True)
def _energy_card(s, t, b, q, exclude, need):
    """The hand card of seat q (not ``exclude``) with the smallest energy value >= need; -1."""
    h = hand_of(q)
    best = -1
    bv = 99
    for k in range(s.cont_n[b, h]):
        i = s.cont[b, h, k]
        v = t.card_energy[s.inst_card[b, i]]
        if i != exclude and v >= need and v > 0 and v < bv:
            bv = v
            best = i
    return best


@njit(cache=True)
def _find(s, t, b, q, effect):
    """An instance of ``effect`` in seat q's hand (or, for Null Powder, among its items), -1."""
    c = items_of(q) if effect == E_NULL_POWDER else hand_of(q)
    for k in range(s.cont_n[b, c]):
        i = s.cont[b, c, k]
        if t.card_effect[s.inst_card[b, i]] == effect:
            return i
    return -1


@njit(cache=True)
def choose_shield(s, t, b, q, prm, amount):
    """Seat q is about to take ``amount`` damage from one source: (Shield instance, boosting
    instance) to play, or (-1, -1). Boosting a counter off-turn is allowed (A-10)."""
    i = _find(s, t, b, q, E_SHIELD)
    if i < 0:
        return -1, -1
    if prm[P_RANDOM] >= 0.5:
        if not coin(s, b, q):
            return -1, -1
        boost = -1
        if coin(s, b, q):
            boost = _energy_card(s, t, b, q, i, 1)
        return i, boost
    lethal = amount >= s.life[b, q]
    if amount < prm[P_COUNTER_MIN] and not lethal:
        return -1, -1
    base = 1 + t.shield_plus[0]
    boost = -1
    if amount > base:
        boost = _energy_card(s, t, b, q, i, amount - t.shield_plus[0])
        if boost >= 0 and not lethal and t.card_effect[s.inst_card[b, boost]] != E_ENERGY:
            boost = -1  # spend a spell for energy only to survive
    return i, boost


@njit(cache=True)
def choose_full_shield(s, t, b, q, prm, card, energy):
    """Seat q is the target of spell ``card`` cast with ``energy`` (a line-of-sight spell): the
    Full Shield or carried Null Powder to cancel it with (R143), or -1."""
    i = _find(s, t, b, q, E_FULL_SHIELD)
    if i < 0:
        i = _find(s, t, b, q, E_NULL_POWDER)
    if i < 0:
        return -1
    if prm[P_RANDOM] >= 0.5:
        return i if coin(s, b, q) else -1
    dmg = spell_damage(t, card, energy)
    e = t.card_effect[card]
    if dmg >= s.life[b, q] or dmg >= prm[P_COUNTER_MIN] + 1 or (e == E_DROP_OBJECT and s.carrying[b, q] >= 0) \
            or (e == E_ZOT and dmg == 0):
        return i
    return -1


@njit(cache=True)
def choose_negate(s, t, b, w, prm, caster, card, target, sees):
    """A counter of seat w against the neutral spell ``card`` of ``caster`` aimed at ``target``:
    Full Shield if w is the target, Negate Neutral if w sees the caster or the target (A-9); -1."""
    fs = -1
    if w == target:
        fs = _find(s, t, b, w, E_FULL_SHIELD)
        if fs < 0:
            fs = _find(s, t, b, w, E_NULL_POWDER)
    nn = _find(s, t, b, w, E_NEGATE_NEUTRAL) if sees else -1
    if fs < 0 and nn < 0:
        return -1
    if prm[P_RANDOM] >= 0.5:
        if not coin(s, b, w):
            return -1
        return nn if nn >= 0 else fs
    e = t.card_effect[card]
    if e == E_DROP_OBJECT and target == w and s.carrying[b, w] >= 0:
        return nn if nn >= 0 else fs  # keep the treasure one carries

    return -1


@njit(cache=True)
def choose_discard(s, t, b, p, prm, forced):
    """A hand card seat p discards, or -1 to stop (``forced``: over the hand limit, R172: must
    name one)."""
    h = hand_of(p)
    n = s.cont_n[b, h]
    if n == 0:
        return -1
    if prm[P_RANDOM] >= 0.5:
        if forced or coin(s, b, p):
            return s.cont[b, h, rand(s, b, p, n)]
        return -1
    worst = -1
    wv = 1e9
    for k in range(n):
        i = s.cont[b, h, k]
        v = card_value(t, s.inst_card[b, i])
        if v < wv:
            wv = v
            worst = i
    if forced:
        return worst
    if hand_size(s, b, p) > hand_limit(s, t, b, p) - DRAW_MAX and wv < prm[P_KEEP_MIN]:
        return worst
    return -1

