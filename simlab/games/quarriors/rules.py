"""Quarriors rules, compiled: one function per rulebook phase, plus the card effects.

Rulebook sections cited as (R: <Czech heading>) from ../shared/rules/quarriors_rules_cs.txt;
rulings the rulebook leaves open follow the official FAQ of 15 Aug 2011 where the reference
notes it, and are marked "ruling" where simlab had to choose.

A turn (R: Průběh vašeho tahu) is: score_phase, roll_phase (with immediate_effects),
summon_phase (ready spells, summon, cast spells), attack_phase, capture_phase, cleanup_phase.
"""

from __future__ import annotations

import numpy as np

from simlab.games.base import randbelow, stream_seed
from simlab.games.jit import njit
from simlab.games.kernel import note_first_round, register_game, reset_quality, track_round, turn_streams
from simlab.games.quarriors import bots as B
from simlab.games.quarriors import lookahead as L  # the lookahead bot's hooks (compiled only in lookahead runs)
from simlab.games.quarriors import state as S
from simlab.games.quarriors.state import (
    ADDR_SEAT,
    ADDR_WILDS,
    ANY_ATTACH,
    C_ACQ,
    C_CULLED,
    C_DESTROYED,
    C_FIRST_ROUND,
    C_GLORY,
    C_OWNED,
    C_PLAYED,
    C_SCORED,
    CAST_AFTER_ATTACK,
    CAST_BEFORE_ATTACK,
    CAST_BEFORE_SUMMON,
    E_DEATH_CANTRIP,
    E_DEATH_CHARM,
    E_DEATH_INCANTATION,
    E_DEATH_SPELL,
    E_DEATHDEALER,
    E_DEFENDER,
    E_DEVOTEE,
    E_GHOST,
    E_GOBLIN,
    E_GROWTH_CANTRIP,
    E_GROWTH_CHARM,
    E_GROWTH_INCANTATION,
    E_GROWTH_SPELL,
    E_HAG,
    E_LIFE_CANTRIP,
    E_LIFE_CHARM,
    E_LIFE_INCANTATION,
    E_LIFE_SPELL,
    E_M_DEATHDEALER,
    E_M_DEFENDER,
    E_M_DEVOTEE,
    E_M_GHOST,
    E_M_GOBLIN,
    E_M_HAG,
    E_M_OOZE,
    E_M_QUAKE,
    E_M_WARRIOR,
    E_M_WIZARD,
    E_OOZE,
    E_QUAKE,
    E_S_DEATHDEALER,
    E_S_DEFENDER,
    E_S_DEVOTEE,
    E_S_GHOST,
    E_S_GOBLIN,
    E_S_HAG,
    E_S_OOZE,
    E_S_QUAKE,
    E_S_WARRIOR,
    E_S_WIZARD,
    E_SHAPING_CANTRIP,
    E_SHAPING_CHARM,
    E_SHAPING_INCANTATION,
    E_SHAPING_SPELL,
    E_VICTORY_CANTRIP,
    E_VICTORY_CHARM,
    E_VICTORY_INCANTATION,
    E_VICTORY_SPELL,
    E_WARRIOR,
    E_WIZARD,
    END_EMPTY,
    END_GLORY,
    END_LIMIT,
    F_CREATURE,
    F_DRAW,
    F_Q,
    F_QDRAW,
    F_QORREROLL,
    F_REROLL,
    F_SPELL,
    FL_DECLINED,
    FL_SAFE,
    FL_ZERO_ATK,
    K_CREATURE,
    K_SPELL,
    MAXP,
    N_CREATURE_SLOTS,
    N_SPELL_SLOTS,
    NSLOT,
    NSTREAM,
    NZ,
    ROUND_HIST,
    RS_BOT0,
    RS_KEY,
    RS_SETUP,
    S_CAPTURED,
    S_CULL_A,
    S_CULL_O,
    S_CULL_Q,
    S_FIRST_SCORE,
    S_GLORY,
    S_KILLS,
    S_LOST,
    S_OWNED,
    S_OWNED_T3,
    S_Q_OWNED,
    S_READY_END,
    S_SCORED,
    S_SPELLS,
    S_SUMMONED,
    S_SUMMONED_L3,
    S_TURNS,
    SLOT_ASSISTANT,
    SLOT_BASIC,
    SLOT_CREATURE0,
    SLOT_SPELL0,
    T_ATTACH,
    T_IMMEDIATE,
    T_REACTION,
    TURN_LIMIT,
    WILDS0,
    Z_ACTIVE,
    Z_ASIDE,
    Z_BAG,
    Z_READY,
    Z_USED,
    all_creatures,
    basic_quiddity_in_play,
    burst,
    card_of,
    count_violations,
    creature_count,
    draw_one,
    effect,
    face_kind,
    glory_value,
    keep,
    level,
    log,
    owner_of,
    place,
    roll,
    shown,
    zone_of,
)

# Trace event codes (see trace.py for their text).
(EV_TURN, EV_SCORE, EV_CULL, EV_DRAW, EV_ROLL, EV_IMMEDIATE, EV_READY, EV_SUMMON, EV_CAST,
 EV_ATTACH, EV_ATTACK, EV_BLOCK, EV_DESTROY, EV_CAPTURE, EV_ABILITY, EV_GLORY, EV_END,
 EV_QUIDDITY, EV_REACTION, EV_SETUP, EV_DECLINE) = range(21)

GLORY_TARGET = np.array([0, 0, 20, 15, 12], np.int16)  # R: Vyhrání hry (2, 3, 4 players)


# ---------------------------------------------------------------------------------------------
# Setup (R: Příprava hry)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def draw_wilds(s, t, b, kind, first_slot, need):
    """The rulebook's Wilds procedure for one card kind: shuffle the cards, turn them one by one,
    keep a card unless its class is already out, until ``need`` classes are out. Cards a scenario
    forces in are placed first; excluded cards are left out of the shuffle."""
    n_cards = t.card_kind.shape[0]
    deck = np.empty(n_cards, np.int16)
    nd = 0
    slot = first_slot
    taken = np.zeros(64, np.bool_)
    for c in range(n_cards):
        if t.card_kind[c] != kind:
            continue
        if t.card_force[c] == 1:
            s.slot_card[b, slot] = c
            taken[t.card_class[c]] = True
            slot += 1
        elif t.card_force[c] == 0:
            deck[nd] = c
            nd += 1
    # Fisher-Yates shuffle on the setup stream
    for i in range(nd - 1, 0, -1):
        j = randbelow(s.rng, b, RS_SETUP, i + 1)
        tmp = deck[i]
        deck[i] = deck[j]
        deck[j] = tmp
    for i in range(nd):
        if slot >= first_slot + need:
            break
        c = deck[i]
        if taken[t.card_class[c]]:
            continue  # same class already in the Wilds: set aside, turn the next card
        taken[t.card_class[c]] = True
        s.slot_card[b, slot] = c
        slot += 1


@njit(cache=True)
def setup(s, t, b, players, seed_words, game_id):
    """Lay out game b: the Wilds (3 basic, 7 creature, 3 spell cards with their dice) and each
    player's bag of 8 Basic Quiddity and 4 Assistants (R: Příprava hry)."""
    for k in range(NSTREAM):
        s.rng[b, k] = stream_seed(seed_words, k, game_id)
    s.players[b] = players
    s.cur[b] = 0
    s.turn[b] = 0
    s.rounds[b] = 0
    s.glory_hist[b] = 0
    reset_quality(s.quality, b)
    s.d_turn[b] = -1
    s.acq_n[b] = 0
    s.bag_ok[b] = 0
    s.bag_turn[b] = -1
    s.bag_epoch[b] = 0
    s.done[b] = 0
    s.winner[b] = -1
    s.end_reason[b] = 0
    s.ev_n[b] = 0
    for p in range(MAXP):
        # 0 in the rulebook's game; the compensation setup may give later seats a head start
        s.glory[b, p] = t.seat_glory[p] if p < players else 0
        s.life_charm[b, p] = 0
        s.cull_adj[b, p] = 0
        s.hit[b, p] = 0
    s.seat[b] = 0
    for col in (S_OWNED_T3, S_OWNED_T3 + 1, S_OWNED_T3 + 2, S_OWNED_T3 + 3, S_OWNED_T3 + 4, S_OWNED_T3 + 5):
        s.seat[b, :, col] = -1  # -1: the game ended before that own turn
    s.card[b] = 0
    s.cont_n[b] = 0
    for i in range(3):
        s.slot_card[b, i] = t.basic_cards[i]
    draw_wilds(s, t, b, K_CREATURE, SLOT_CREATURE0, N_CREATURE_SLOTS)
    draw_wilds(s, t, b, K_SPELL, SLOT_SPELL0, N_SPELL_SLOTS)
    s.present[b] = 0
    for slot in range(NSLOT):
        card = s.slot_card[b, slot]
        s.present[b, t.card_effect[card]] = 1
        if t.card_timing[card] == T_ATTACH:
            s.present[b, ANY_ATTACH] = 1
    d = 0
    for slot in range(NSLOT):
        dt = t.card_die[s.slot_card[b, slot]]
        for k in range(t.die_in_wilds[dt]):
            d = new_die(s, b, d, slot, WILDS0 + slot)
        for p in range(players):
            extra = t.seat_extra_q[p] if slot == SLOT_BASIC else 0  # compensation setup: from the box
            for k in range(t.die_per_player[dt] + extra):
                d = new_die(s, b, d, slot, zone_of(p, Z_BAG))
                own(s, b, p, d - 1)
    s.n_dice[b] = d
    for i in range(d, s.d_slot.shape[1]):
        s.d_slot[b, i] = -1
    for slot in range(NSLOT):
        log(s, b, EV_SETUP, slot, s.slot_card[b, slot], s.cont_n[b, WILDS0 + slot])


@njit(cache=True)
def new_die(s, b, d, slot, c):
    """Create die d of Wilds slot ``slot`` in container c; returns d + 1."""
    s.d_slot[b, d] = slot
    s.d_cont[b, d] = -1
    s.d_face[b, d] = 0
    s.d_attach[b, d] = -1
    s.d_copy[b, d] = -1
    s.d_flag[b, d] = 0
    s.d_atk[b, d] = 0
    s.d_def[b, d] = 0
    s.d_addr[b, d] = ADDR_WILDS + d
    place(s, b, d, c)
    return d + 1


# ---------------------------------------------------------------------------------------------
# Glory, game end, quiddity
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def gain_glory(s, b, p, amount, slot):
    """p gains glory; reaching the target ends the game at once (R: Vyhrání hry)."""
    done = s.done[b]
    if amount > 0 and not done:
        g = s.glory[b, p] + amount
        s.glory[b, p] = g
        s.seat[b, p, S_GLORY] = g
        if slot >= 0:
            s.card[b, p, slot, C_GLORY] += amount
        log(s, b, EV_GLORY, amount, slot, g)
        if g >= GLORY_TARGET[s.players[b]]:
            s.done[b] = 1
            s.winner[b] = p
            s.end_reason[b] = END_GLORY
    keep(s, None)


@njit(cache=True)
def end_by_empty_cards(s, t, b):
    """Four or more empty creature cards after a capture: most glory wins, then most dice in the
    Ready Area, else the winners share (R: Vyhrání hry)."""
    empty = 0
    for slot in range(SLOT_CREATURE0, SLOT_CREATURE0 + N_CREATURE_SLOTS):
        if s.cont_n[b, WILDS0 + slot] == 0:
            empty += 1
    ended = empty >= 4
    if ended:
        decide_by_glory(s, b)
        s.end_reason[b] = END_EMPTY
    keep(s, t)
    return ended


@njit(cache=True)
def decide_by_glory(s, b):
    """Winner by most glory, ties by most dice in the Ready Area, else shared (-1)."""
    best = -1
    tied = False
    for p in range(s.players[b]):
        if best < 0:
            best = p
            continue
        g, gb = s.glory[b, p], s.glory[b, best]
        r, rb = s.cont_n[b, zone_of(p, Z_READY)], s.cont_n[b, zone_of(best, Z_READY)]
        if g > gb or (g == gb and r > rb):
            best = p
            tied = False
        elif g == gb and r == rb:
            tied = True
    s.done[b] = 1
    s.winner[b] = -1 if tied else best


@njit(cache=True, inline="always")
def die_quiddity(s, t, b, d):
    """Quiddity die d would give if spent now (0 for faces without quiddity)."""
    dt = t.card_die[card_of(s, b, d)]
    f = s.d_face[b, d]
    k = t.f_kind[dt, f]
    q = t.f_q[dt, f]
    if not (k == F_Q or k == F_QDRAW or k == F_QORREROLL):
        q = 0
    return q


@njit(cache=True, inline="always")
def available_quiddity(s, t, b, p):
    """Quiddity p can still raise this turn: the pool plus every quiddity face in the Active Pool
    (R: Quiddity: it cannot be saved for a later turn)."""
    q = s.pool[b]
    c = zone_of(p, Z_ACTIVE)
    for i in range(s.cont_n[b, c]):
        q += die_quiddity(s, t, b, s.cont[b, c, i])
    return q


@njit(cache=True)
def pay(s, t, b, p, cost):
    """Pay ``cost``: spend quiddity dice from the Active Pool into the used pile until the pool
    covers it (R: Utrácení kostek). Returns False (and pays nothing) if p cannot afford it."""
    ok = available_quiddity(s, t, b, p) >= cost
    if ok:
        c = zone_of(p, Z_ACTIVE)
        i = 0
        pool = s.pool[b]
        while pool < cost:
            d = s.cont[b, c, i]
            q = die_quiddity(s, t, b, d)
            if q > 0:
                pool += q
                place(s, b, d, zone_of(p, Z_USED))  # swap-remove: index i now holds another die
            else:
                i += 1
        s.pool[b] = pool - cost
    keep(s, t)
    return ok


# ---------------------------------------------------------------------------------------------
# Creature statistics
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def base_stat(s, t, b, d, want_attack):
    """Printed attack or defense of the creature face d shows, with the Primordial Oozes' '?'."""
    card, f = shown(s, b, d)
    dt = t.card_die[card]
    va = t.f_atk[dt, f]
    vd = t.f_def[dt, f]
    e = t.card_effect[card]  # effect(): the copied card's when copying
    p = owner_of(s, b, d)
    v = vd
    if want_attack:
        v = va
    if v < 0:
        if e == E_OOZE:
            v = basic_quiddity_in_play(s, t, b, p)
        elif e == E_M_OOZE:
            v = all_creatures(s, t, b)
        elif want_attack:
            v = 0  # Strong Primordial Ooze with nothing to copy: attack 0, defense 5
        else:
            v = 5
    keep(s, t)
    return v


@njit(cache=True)
def aura(s, t, b, d):
    """+1/+1 from each other Strong Warrior of the Quay in the same Ready Area."""
    if not s.present[b, E_S_WARRIOR]:
        return 0
    c = s.d_cont[b, d]
    n = 0
    for i in range(s.cont_n[b, c]):
        o = s.cont[b, c, i]
        if o != d and face_kind(s, t, b, o) == F_CREATURE and effect(s, t, b, o) == E_S_WARRIOR:
            n += 1
    return n


@njit(cache=True)
def attached_bonus(s, t, b, d, want_attack):
    """Attack or defense added by spells attached to creature d (Death Charm, Life Cantrip)."""
    if not (s.present[b, E_DEATH_CHARM] or s.present[b, E_LIFE_CANTRIP]):
        return 0
    c = s.d_cont[b, d]
    v = 0
    for i in range(s.cont_n[b, c]):
        a = s.cont[b, c, i]
        if s.d_attach[b, a] != d:
            continue
        e = effect(s, t, b, a)
        if e == E_DEATH_CHARM:
            v += 5 if burst(s, t, b, a) >= 2 else 3
        elif e == E_LIFE_CANTRIP and not want_attack:
            v += 4
    return v


@njit(cache=True)
def attack_of(s, t, b, d):
    """Current attack of creature d (before the defender's own modifiers)."""
    zero = s.d_flag[b, d] & FL_ZERO_ATK
    bonus = s.d_atk[b, d]
    v = 0
    if not zero:
        v = base_stat(s, t, b, d, True) + aura(s, t, b, d) + attached_bonus(s, t, b, d, True) + bonus
    keep(s, t)
    return v


@njit(cache=True)
def defense_of(s, t, b, d, ignore_attached):
    """Current defense of creature d; ``ignore_attached`` when a Mighty Devotee attacks it."""
    e = effect(s, t, b, d)
    bu = burst(s, t, b, d)
    p = owner_of(s, b, d)
    v = base_stat(s, t, b, d, False) + aura(s, t, b, d) + s.d_def[b, d]
    if not ignore_attached:
        v += attached_bonus(s, t, b, d, False)
    if bu >= 1:
        if e == E_DEVOTEE:
            v += 2
        elif e == E_M_DEVOTEE:
            v += 3
        elif e == E_M_QUAKE:
            v += min(bu, 2)  # 2 on a double burst, else 1
        elif e == E_S_GOBLIN:
            v += creature_count(s, t, b, p) - 1
    if e == E_WIZARD and bu >= 2:
        v += 1
    keep(s, t)
    return v


@njit(cache=True, inline="always")
def spell_proof(s, t, b, d):
    """Mighty Devotee on a burst face cannot be the target of opposing spells."""
    e = effect(s, t, b, d)
    bu = burst(s, t, b, d)
    return (e == E_M_DEVOTEE) & (bu >= 1)


# ---------------------------------------------------------------------------------------------
# Leaving the Ready Area, destruction, culling, capturing
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def leave_ready(s, t, b, d, dest):
    """Move creature or spell d out of the Ready Area to container ``dest``; spells attached to
    it go to the owner's used pile (R: Připojení kouzel) and d forgets its copy and bonuses."""
    c = s.d_cont[b, d]
    p = owner_of(s, b, d)
    if c == zone_of(p, Z_READY) and s.present[b, ANY_ATTACH]:
        i = 0
        while i < s.cont_n[b, c]:
            a = s.cont[b, c, i]
            if s.d_attach[b, a] == d:
                s.d_attach[b, a] = -1
                place(s, b, a, zone_of(p, Z_USED))
            else:
                i += 1
    s.d_attach[b, d] = -1
    s.d_copy[b, d] = -1
    s.d_flag[b, d] = 0
    s.d_atk[b, d] = 0
    s.d_def[b, d] = 0
    place(s, b, d, dest)
    keep(s, t)


@njit(cache=True)
def cull(s, t, b, p, d):
    """Return p's die d to its card in the Wilds (R: Očesání)."""
    slot = s.d_slot[b, d]
    leave_ready(s, t, b, d, WILDS0 + slot)
    if slot == SLOT_BASIC:
        s.seat[b, p, S_CULL_Q] += 1
    elif slot == SLOT_ASSISTANT:
        s.seat[b, p, S_CULL_A] += 1
    else:
        s.seat[b, p, S_CULL_O] += 1
    s.card[b, p, slot, C_CULLED] += 1
    log(s, b, EV_CULL, slot, p, 0)
    keep(s, t)


@njit(cache=True)
def own(s, b, p, d):
    """Die d joins p's collection: its address is p's next place (its draws are keyed to it)."""
    s.d_addr[b, d] = np.int64(p) * ADDR_SEAT + s.acq_n[b, p]
    s.acq_n[b, p] += 1


@njit(cache=True)
def capture(s, t, b, p, slot, dest_zone):
    """Take one die of ``slot`` from the Wilds into p's zone (used pile; bag for Strong Devotee)."""
    c = WILDS0 + slot
    d = s.cont[b, c, s.cont_n[b, c] - 1]
    place(s, b, d, zone_of(p, dest_zone))
    if dest_zone == Z_BAG:
        s.bag_ok[b, p] = 0  # a die entered the bag: shuffle before the next draw
    own(s, b, p, d)
    s.seat[b, p, S_CAPTURED] += 1
    s.card[b, p, slot, C_ACQ] += 1
    return d


@njit(cache=True)
def reaction_die(s, t, b, q, code):
    """A spell die of effect ``code`` in q's Ready Area (not attached), or -1."""
    c = zone_of(q, Z_READY)
    found = -1
    for i in range(s.cont_n[b, c]):
        a = s.cont[b, c, i]
        if s.d_attach[b, a] < 0 and face_kind(s, t, b, a) == F_SPELL and effect(s, t, b, a) == code:
            found = a
            break
    keep(s, t)
    return found


@njit(cache=True)
def spend_spell(s, t, b, p, a):
    """Cast spell die a: it goes to the used pile (R: Kouzla)."""
    leave_ready(s, t, b, a, zone_of(p, Z_USED))
    s.seat[b, p, S_SPELLS] += 1
    s.card[b, p, s.d_slot[b, a], C_PLAYED] += 1
    keep(s, t)


@njit(cache=True)
def destroy(s, t, b, d, killer, prm):
    """Creature d is destroyed (R: Zničení); its owner's destroyed-abilities and reactions apply,
    then the killer's abilities that trigger on destroying a creature."""
    q = owner_of(s, b, d)
    e = effect(s, t, b, d)
    bu = burst(s, t, b, d)
    slot = s.d_slot[b, d]
    s.seat[b, q, S_LOST] += 1
    s.card[b, q, slot, C_DESTROYED] += 1
    s.hit[b, q] = 1
    if killer >= 0:
        s.seat[b, killer, S_KILLS] += 1
    returned = False
    if e == E_GHOST:
        # Ghostly Spirit: cull a Basic Quiddity die (from the used pile, FAQ) to stay in play
        used = zone_of(q, Z_USED)
        for i in range(s.cont_n[b, used]):
            o = s.cont[b, used, i]
            if s.d_slot[b, o] == SLOT_BASIC:
                if B.want_reaction(s, t, b, q, prm[q]):
                    cull(s, t, b, q, o)
                    returned = True
                    log(s, b, EV_ABILITY, E_GHOST, slot, q)
                break
    # where the die goes unless something intervenes: the Strong and Mighty Ghostly Spirits name
    # their own place (Active Pool, set aside), every other creature the used pile
    dest = Z_USED
    if e == E_S_GHOST:
        dest = Z_ACTIVE
    elif e == E_M_GHOST:
        dest = Z_ASIDE
    # Reactions are cast only on an opponent's turn (R: Kouzla reakcí). Shaping Cantrip and Life
    # Charm each send a creature elsewhere "instead of the used pile" (their cards), so they apply
    # only to a die bound for it: never to the Strong or Mighty Ghostly Spirit (ruling: a Mighty
    # Ghostly Spirit under its owner's Life Charm is still set aside). They answer any
    # destruction, by attack, spell (Death Spell, Death Incantation) or ability alike.
    if not returned and dest == Z_USED and q != s.cur[b]:
        if s.present[b, E_SHAPING_CANTRIP]:
            sc = reaction_die(s, t, b, q, E_SHAPING_CANTRIP)
            if sc >= 0 and B.want_shaping_cantrip(s, t, b, q, prm[q], s.life_charm[b, q]):
                spend_spell(s, t, b, q, sc)
                returned = True
                log(s, b, EV_REACTION, E_SHAPING_CANTRIP, slot, q)
        if not returned and s.life_charm[b, q] == 0 and s.present[b, E_LIFE_CHARM]:
            lc = reaction_die(s, t, b, q, E_LIFE_CHARM)
            if lc >= 0 and B.want_reaction(s, t, b, q, prm[q]):
                spend_spell(s, t, b, q, lc)
                s.life_charm[b, q] = 1
                log(s, b, EV_REACTION, E_LIFE_CHARM, slot, q)
        if s.life_charm[b, q]:
            dest = Z_ACTIVE
    if returned:
        # back in the Ready Area at the same level; it cannot be damaged again this battle (FAQ)
        s.d_flag[b, d] |= FL_SAFE
        if t.card_effect[card_of(s, b, d)] == E_S_OOZE:
            # a Strong Ooze put back into the Ready Area copies anew (FAQ), or is 0/5
            ooze_copy(s, t, b, d, q, prm[q], False)
        # it was still destroyed: spells attached to it always go to the used pile
        # (R: Připojení kouzel)
        rc = zone_of(q, Z_READY)
        i = 0
        while i < s.cont_n[b, rc]:
            a = s.cont[b, rc, i]
            if s.d_attach[b, a] == d:
                s.d_attach[b, a] = -1
                place(s, b, a, zone_of(q, Z_USED))
            else:
                i += 1
        log(s, b, EV_DESTROY, q, slot, Z_READY)
    else:
        leave_ready(s, t, b, d, zone_of(q, dest))
        log(s, b, EV_DESTROY, q, slot, dest)
    if e == E_M_GOBLIN and bu >= 1:
        for k in range(2):
            draw_one(s, b, q)
        log(s, b, EV_ABILITY, E_M_GOBLIN, slot, q)
    if killer >= 0:
        on_kill(s, t, b, killer, prm)


@njit(cache=True)
def on_kill(s, t, b, p, prm):
    """p destroyed a creature: Witching Hag's quiddity, Strong Deathdealer scores, Mighty Ghostly
    Spirits set aside by p come back on a creature roll."""
    c = zone_of(p, Z_READY)
    i = 0
    scan = s.present[b, E_HAG] or s.present[b, E_S_DEATHDEALER]
    while scan and i < s.cont_n[b, c]:
        d = s.cont[b, c, i]
        if face_kind(s, t, b, d) == F_CREATURE:
            e = effect(s, t, b, d)
            if e == E_HAG and p == s.cur[b]:
                s.pool[b] += 1
                log(s, b, EV_ABILITY, E_HAG, s.d_slot[b, d], 1)
            elif e == E_S_DEATHDEALER and not s.done[b]:
                # ruling: scores its glory at once (no cull: culling belongs to phase 1)
                slot = s.d_slot[b, d]
                s.seat[b, p, S_SCORED] += 1
                s.card[b, p, slot, C_SCORED] += 1
                s.scored_n[b] += 1
                log(s, b, EV_SCORE, slot, glory_value(s, t, b, d), 1)
                gain_glory(s, b, p, glory_value(s, t, b, d), slot)
                leave_ready(s, t, b, d, zone_of(p, Z_USED))
                continue
        i += 1
    aside = zone_of(p, Z_ASIDE)
    while s.cont_n[b, aside] > 0:
        d = s.cont[b, aside, 0]
        roll(s, b, d)
        log(s, b, EV_ROLL, s.d_slot[b, d], s.d_face[b, d], 0)
        if face_kind(s, t, b, d) == F_CREATURE:
            place(s, b, d, c)
            log(s, b, EV_ABILITY, E_M_GHOST, s.d_slot[b, d], 1)
            if t.card_effect[card_of(s, b, d)] == E_S_OOZE:
                # a Strong Ooze that copied a Mighty Ghostly Spirit comes back as itself and
                # must copy again (FAQ: entering the Ready Area by any means)
                ooze_copy(s, t, b, d, p, prm[p], False)
        else:
            place(s, b, d, zone_of(p, Z_USED))
            log(s, b, EV_ABILITY, E_M_GHOST, s.d_slot[b, d], 0)


# ---------------------------------------------------------------------------------------------
# Phase 1: score creatures (R: Fáze 1: vyhodnocení příšer)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def score_phase(s, t, b, p, prm):
    """Score every creature in p's Ready Area, move them (and attached spells) to the used pile,
    apply scoring abilities, then cull one die from the used pile per creature scored."""
    c = zone_of(p, Z_READY)
    me = prm[p]
    # Strong Primordial Ooze: p may change what it copies once per turn; before scoring is the
    # moment it pays (the bot keeps the copy unless another is worth more)
    for i in range(s.cont_n[b, c]):
        d = s.cont[b, c, i]
        if face_kind(s, t, b, d) == F_CREATURE and t.card_effect[card_of(s, b, d)] == E_S_OOZE:
            ooze_copy(s, t, b, d, p, me, True)
    dice = s.scratch[b, 0]
    n = 0
    for i in range(s.cont_n[b, c]):
        d = s.cont[b, c, i]
        if face_kind(s, t, b, d) == F_CREATURE:
            dice[n] = d
            n += 1
    if n == 0:
        return
    effs = s.scratch[b, 1]
    bursts = s.scratch[b, 2]
    shaping = s.scratch[b, 3]
    shaping[:n] = 0
    for k in range(n):
        d = dice[k]
        e = effect(s, t, b, d)
        bu = burst(s, t, b, d)
        effs[k] = e
        bursts[k] = bu
        slot = s.d_slot[b, d]
        g = glory_value(s, t, b, d)
        if e == E_DEFENDER and bu >= 1:
            g += n - 1
        elif e == E_M_QUAKE and bu >= 2:
            g += 2
        elif e == E_WIZARD and bu >= 2:
            g += 1
        for i in range(s.cont_n[b, c]):
            a = s.cont[b, c, i]
            if s.d_attach[b, a] == d:
                ea = effect(s, t, b, a)
                if ea == E_VICTORY_CANTRIP:
                    g += 2
                elif ea == E_SHAPING_INCANTATION:
                    shaping[k] += 1
        s.seat[b, p, S_SCORED] += 1
        if s.seat[b, p, S_FIRST_SCORE] == 0:
            s.seat[b, p, S_FIRST_SCORE] = s.seat[b, p, S_TURNS]
        s.card[b, p, slot, C_SCORED] += 1
        s.scored_n[b] += 1
        log(s, b, EV_SCORE, slot, g, 0)
        gain_glory(s, b, p, g, slot)
        if s.done[b]:
            return
    for k in range(n):
        leave_ready(s, t, b, dice[k], zone_of(p, Z_USED))
    for k in range(n):
        scoring_ability(s, t, b, p, prm, dice[k], effs[k], bursts[k], shaping[k])
        if s.done[b]:
            return
    allowed = n
    if s.cull_adj[b, p] == 0 and me[B.P_CULL_DELTA] != 0:
        # the bot's one-off extra (+1) or missing (-1) cull, at its first scoring (value-of-a-cull
        # experiments: compare with cull_delta = 0 on the same seeds)
        s.cull_adj[b, p] = 1
        allowed = max(0, n + int(me[B.P_CULL_DELTA]))
    for k in range(allowed):
        d = B.choose_cull(s, t, b, p, me)
        if d < 0:
            break
        cull(s, t, b, p, d)


@njit(cache=True)
def scoring_ability(s, t, b, p, prm, d, e, bu, shaping):
    """Abilities that trigger when creature d scores (it is already in the used pile)."""
    me = prm[p]
    slot = s.d_slot[b, d]
    used = zone_of(p, Z_USED)
    if e == E_S_HAG:
        # move one other creature die from the used pile to the Active Pool
        o = B.most_valuable_die(s, t, b, used, True, d)
        if o >= 0:
            place(s, b, o, zone_of(p, Z_ACTIVE))
            log(s, b, EV_ABILITY, E_S_HAG, s.d_slot[b, o], 0)
    elif e == E_S_DEFENDER and bu >= 1:
        for k in range(bu):
            o = draw_one(s, b, p)
            if o >= 0:
                log(s, b, EV_DRAW, s.d_slot[b, o], 0, 0)
        log(s, b, EV_ABILITY, E_S_DEFENDER, slot, bu)
    elif e == E_DEATHDEALER:
        # trade the scored Deathdealer for a die from another player's used pile
        best = -1
        best_q = -1
        best_v = t.card_cost[card_of(s, b, d)]
        for k in range(1, s.players[b]):
            q = (p + k) % s.players[b]
            o = B.most_valuable_die(s, t, b, zone_of(q, Z_USED), False, -1)
            if o >= 0 and (me[B.P_RANDOM] > 0 or t.card_cost[card_of(s, b, o)] > best_v):
                best_v = t.card_cost[card_of(s, b, o)]
                best = o
                best_q = q
        if best >= 0 and (me[B.P_RANDOM] == 0 or B.coin(s, b, p)) and s.d_cont[b, d] == used:
            place(s, b, best, used)
            place(s, b, d, zone_of(best_q, Z_USED))
            log(s, b, EV_ABILITY, E_DEATHDEALER, s.d_slot[b, best], best_q)
    elif e == E_S_DEVOTEE and bu >= 1:
        # capture a Spell die costing 4 or less for free, into the bag
        best = -1
        best_c = -1
        for sl in range(SLOT_SPELL0, SLOT_SPELL0 + N_SPELL_SLOTS):
            cost = t.card_cost[s.slot_card[b, sl]]
            if s.cont_n[b, WILDS0 + sl] > 0 and cost <= 4 and cost > best_c \
                    and s.slot_card[b, sl] != me[B.P_AVOID]:
                best_c = cost
                best = sl
        if best >= 0:
            capture(s, t, b, p, best, Z_BAG)
            log(s, b, EV_ABILITY, E_S_DEVOTEE, best, 0)
            if end_by_empty_cards(s, t, b):
                return
    elif e == E_M_WIZARD:
        s.discount[b] += 2
        s.captures[b] += 1
        log(s, b, EV_ABILITY, E_M_WIZARD, slot, 0)
    elif e == E_S_WIZARD:
        # each Spell die in the Active Pool or Ready Area may be culled, earning 1 glory apiece
        for z in (Z_ACTIVE, Z_READY):
            c = zone_of(p, z)
            i = 0
            while i < s.cont_n[b, c] and not s.done[b]:
                o = s.cont[b, c, i]
                card = card_of(s, b, o)
                take = t.card_kind[card] == K_SPELL and s.d_attach[b, o] < 0
                if take and me[B.P_RANDOM] > 0:
                    take = B.coin(s, b, p)
                elif take:
                    take = t.card_cost[card] <= 4 or s.glory[b, p] + 1 >= GLORY_TARGET[s.players[b]]
                if take:
                    cull(s, t, b, p, o)
                    gain_glory(s, b, p, 1, slot)
                else:
                    i += 1
    for k in range(shaping):
        # Shaping Incantation: cull a die from the used pile to capture one costing up to 3 more
        o = -1
        oc = 99
        for i in range(s.cont_n[b, used]):
            x = s.cont[b, used, i]
            cx = t.card_cost[card_of(s, b, x)]
            if cx < oc:
                oc = cx
                o = x
        if o < 0:
            break
        target = B.choose_capture(s, t, b, p, me, 99, 0, oc + 3)
        if target < 0:
            break
        cull(s, t, b, p, o)
        capture(s, t, b, p, target, Z_USED)
        log(s, b, EV_ABILITY, E_SHAPING_INCANTATION, target, 0)
        if end_by_empty_cards(s, t, b):
            return


@njit(cache=True)
def ooze_copy(s, t, b, d, p, me, may_keep):
    """Strong Primordial Ooze d of player p copies an opposing creature exactly, glory and level
    included; a copy of a copy copies the original (FAQ). Entering the Ready Area by any means it
    must copy one if it can, else it is 0/5 (FAQ); at the start of p's turn p *may* change the
    copy (the card: "may change", once a turn), so the bot may keep it (``may_keep``)."""
    if not may_keep:
        s.d_copy[b, d] = -1  # a fresh entry forgets any earlier copy
    best = B.choose_ooze_copy(s, t, b, p, me, d, may_keep)
    if best >= 0:
        if s.d_copy[b, best] >= 0:
            s.d_copy[b, d] = s.d_copy[b, best]
            s.d_copyface[b, d] = s.d_copyface[b, best]
        else:
            s.d_copy[b, d] = s.d_slot[b, best]
            s.d_copyface[b, d] = s.d_face[b, best]
        log(s, b, EV_ABILITY, E_S_OOZE, s.d_copy[b, d], glory_value(s, t, b, d))


# ---------------------------------------------------------------------------------------------
# Phase 2: roll, then immediate effects (R: Fáze 2: hod kostkami; Okamžitý efekt)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def draw_and_roll(s, t, b, p, n):
    """Draw n dice from p's bag (refilling from the used pile) and roll them into the Active Pool."""
    for k in range(n):
        d = draw_one(s, b, p)
        if d < 0:
            break
        roll(s, b, d)
        log(s, b, EV_ROLL, s.d_slot[b, d], s.d_face[b, d], 1)
    keep(s, t)


@njit(cache=True)
def roll_phase(s, t, b, p, prm):
    """Draw 6 dice into the Active Pool and roll every die there (dice already in the pool from
    earlier effects are rolled too)."""
    a = zone_of(p, Z_ACTIVE)
    # 6 dice (R: Fáze 2); the compensation setup may let a seat draw fewer in its first turn
    n = t.seat_first_draw[p] if s.seat[b, p, S_TURNS] == 1 else 6
    for k in range(n):
        if draw_one(s, b, p) < 0:
            break
    for i in range(s.cont_n[b, a]):
        d = s.cont[b, a, i]
        roll(s, b, d)
        log(s, b, EV_ROLL, s.d_slot[b, d], s.d_face[b, d], 0)
    immediate_effects(s, t, b, p, prm)


@njit(cache=True)
def immediate_kind(s, t, b, d):
    """Immediate effect on the face die d shows: an F_* code, F_SPELL for an immediate spell,
    F_Q for Questing Wizard's burst quiddity face, or -1 for none."""
    card = card_of(s, b, d)
    dt = t.card_die[card]
    f = s.d_face[b, d]
    k = t.f_kind[dt, f]
    timing = t.card_timing[card]
    bu = t.f_burst[dt, f]
    e = t.card_effect[card]
    r = -1  # one exit, every read above (see docs/quarriors.md, Speed)
    if k == F_DRAW or k == F_REROLL or k == F_QDRAW or k == F_QORREROLL:
        r = k
    elif k == F_SPELL and timing == T_IMMEDIATE:
        r = F_SPELL
    elif k == F_Q and bu >= 1 and (e == E_WIZARD or e == E_M_WIZARD):
        r = F_Q
    return r


@njit(cache=True)
def reroll_others(s, t, b, p, prm, self_die, n):
    """Re-roll up to n other dice of p's Active Pool, chosen one at a time."""
    done = s.scratch[b, 4]
    done[:n] = -1
    for k in range(n):
        ex = self_die
        if k > 0 and s.d_cont[b, self_die] != zone_of(p, Z_ACTIVE):
            ex = done[k - 1]  # the spent die cannot be picked: keep the one just re-rolled out
        o = B.choose_reroll(s, t, b, p, prm[p], ex)
        if o < 0:
            break
        # "re-roll 2 other dice" means 2 different dice (Growth Incantation): never the same twice
        already = False
        for j in range(k):
            if done[j] == o:
                already = True
        if already:
            break
        done[k] = o
        roll(s, b, o)
        log(s, b, EV_ROLL, s.d_slot[b, o], s.d_face[b, o], 2)


@njit(cache=True)
def immediate_effects(s, t, b, p, prm):
    """Use immediate effects one at a time in the order p chooses (R: Okamžitý efekt)."""
    a = zone_of(p, Z_ACTIVE)
    me = prm[p]
    guard = 0
    while guard < 200:
        guard += 1
        d = -1
        kind = -1
        for i in range(s.cont_n[b, a]):
            x = s.cont[b, a, i]
            if s.d_flag[b, x] & FL_DECLINED:
                continue
            kx = immediate_kind(s, t, b, x)
            if kx >= 0:
                d = x
                kind = kx
                break
        if d < 0:
            return
        if not B.want_immediate(s, t, b, p, me, d, kind):
            s.d_flag[b, d] |= FL_DECLINED
            log(s, b, EV_DECLINE, s.d_slot[b, d], s.d_face[b, d], 0)
            continue
        dt = t.card_die[card_of(s, b, d)]
        f = s.d_face[b, d]
        slot = s.d_slot[b, d]
        log(s, b, EV_IMMEDIATE, slot, f, kind)
        if kind == F_DRAW:
            # Portal: spend it (used pile first, FAQ), then draw and roll
            place(s, b, d, zone_of(p, Z_USED))
            draw_and_roll(s, t, b, p, t.f_draw[dt, f])
        elif kind == F_REROLL:
            # Assistant: re-roll it and one other die; Victory die: re-roll it and draw one
            roll(s, b, d)
            log(s, b, EV_ROLL, slot, s.d_face[b, d], 2)
            reroll_others(s, t, b, p, prm, d, t.f_others[dt, f])
            draw_and_roll(s, t, b, p, t.f_draw[dt, f])
        elif kind == F_QDRAW:
            # Questing Wizard: spend for its quiddity and draw and roll
            s.pool[b] += t.f_q[dt, f]
            place(s, b, d, zone_of(p, Z_USED))
            draw_and_roll(s, t, b, p, t.f_draw[dt, f])
        elif kind == F_QORREROLL:
            roll(s, b, d)
            log(s, b, EV_ROLL, slot, s.d_face[b, d], 2)
        elif kind == F_Q:
            if t.card_effect[card_of(s, b, d)] == E_WIZARD:
                # draw and roll one die and re-roll the Wizard, instead of its quiddity
                roll(s, b, d)
                log(s, b, EV_ROLL, slot, s.d_face[b, d], 2)
                draw_and_roll(s, t, b, p, 1)
            else:
                # Mighty Questing Wizard: spend it to draw and roll 2 dice, instead of quiddity
                place(s, b, d, zone_of(p, Z_USED))
                draw_and_roll(s, t, b, p, 2)
        else:
            # immediate Growth spells: spend the die, gain 2 quiddity, then the rider
            e = t.card_effect[card_of(s, b, d)]
            place(s, b, d, zone_of(p, Z_USED))
            s.pool[b] += 2
            s.seat[b, p, S_SPELLS] += 1
            s.card[b, p, slot, C_PLAYED] += 1
            if e == E_GROWTH_CANTRIP:
                s.captures[b] += 1
            elif e == E_GROWTH_INCANTATION:
                reroll_others(s, t, b, p, prm, d, 2)
            elif e == E_GROWTH_SPELL:
                draw_and_roll(s, t, b, p, 1)


# ---------------------------------------------------------------------------------------------
# Phase 3: ready spells and summon creatures (R: Fáze 3)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def summon_cost(s, t, b, p, d):
    """Quiddity to summon d: its level, plus 1 (burst) or 2 (double burst) for each Mighty
    Defender of the Pale in an opponent's Ready Area (FAQ: cumulative)."""
    cost = level(s, t, b, d)
    others = s.players[b]
    if not s.present[b, E_M_DEFENDER]:
        others = 1  # no Mighty Defender in this game: skip the scan
    for k in range(1, others):
        q = (p + k) % s.players[b]
        c = zone_of(q, Z_READY)
        for i in range(s.cont_n[b, c]):
            o = s.cont[b, c, i]
            if face_kind(s, t, b, o) == F_CREATURE and effect(s, t, b, o) == E_M_DEFENDER:
                bu = burst(s, t, b, o)
                cost += min(bu, 2)  # 1 a burst, 2 a double burst
    keep(s, t)
    return cost


@njit(cache=True)
def mighty_warrior_in_wilds(s, t, b):
    """The Mighty Warrior of the Quay card is in the Wilds (its one-per-turn limit applies)."""
    return s.present[b, E_M_WARRIOR] == 1


@njit(cache=True)
def summon(s, t, b, p, d, prm):
    """Move creature d to p's Ready Area and apply its summoning abilities."""
    place(s, b, d, zone_of(p, Z_READY))
    slot = s.d_slot[b, d]
    e = t.card_effect[card_of(s, b, d)]
    s.seat[b, p, S_SUMMONED] += 1
    if level(s, t, b, d) >= 3:
        s.seat[b, p, S_SUMMONED_L3] += 1
    s.card[b, p, slot, C_PLAYED] += 1
    log(s, b, EV_SUMMON, slot, s.d_face[b, d], level(s, t, b, d))
    bu = burst(s, t, b, d)
    if e == E_GOBLIN and bu >= 1:
        s.pool[b] += 1
        log(s, b, EV_ABILITY, E_GOBLIN, slot, 1)
    elif e == E_M_WARRIOR:
        # destroy every other Warrior of the Quay in the other players' Ready Areas
        for k in range(1, s.players[b]):
            q = (p + k) % s.players[b]
            c = zone_of(q, Z_READY)
            i = 0
            while i < s.cont_n[b, c]:
                o = s.cont[b, c, i]
                if face_kind(s, t, b, o) == F_CREATURE and s.d_slot[b, o] == slot:
                    destroy(s, t, b, o, p, prm)
                    i = 0
                else:
                    i += 1
    elif e == E_S_OOZE:
        ooze_copy(s, t, b, d, p, prm[p], False)
    if e == E_WARRIOR or e == E_M_WARRIOR or e == E_S_WARRIOR:
        s.warrior_n[b] += 1
    check_oozes(s, t, b, prm)


@njit(cache=True)
def check_oozes(s, t, b, prm):
    """A Primordial Ooze whose owner has no Basic Quiddity in play is destroyed."""
    # no early return, state kept to the end: one reference count numba can prune (keep)
    n_players = s.players[b]
    if not s.present[b, E_OOZE]:
        n_players = 0
    for p in range(n_players):
        c = zone_of(p, Z_READY)
        i = 0
        while i < s.cont_n[b, c]:
            d = s.cont[b, c, i]
            if face_kind(s, t, b, d) == F_CREATURE and effect(s, t, b, d) == E_OOZE \
                    and basic_quiddity_in_play(s, t, b, p) == 0:
                destroy(s, t, b, d, -1, prm)
                i = 0
            else:
                i += 1
    keep(s, t)


@njit(cache=True)
def best_capture_cost(s, t, b, p, prm, budget):
    """Cost of the die p would capture with ``budget`` (0 if none): the summon reserve."""
    slot = B.choose_capture(s, t, b, p, prm[p], budget, s.discount[b], 99)
    if slot < 0:
        return 0
    return max(0, t.card_cost[s.slot_card[b, slot]] - s.discount[b])


@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def summon_phase(s, t, b, p, prm):
    """Ready every spell icon for free, offer the spells before summoning, summon creatures by
    paying their level, then offer the spells again before the attack."""
    summon_start(s, t, b, p, prm)
    summon_loop(s, t, b, p, prm)
    cast_spells(s, t, b, p, prm, CAST_BEFORE_ATTACK)


@njit(cache=True)
def summon_start(s, t, b, p, prm):
    """The summoning phase's start: ready every spell icon for free and offer the spells before
    summoning (a lookahead's playout continues the phase after it: finish_turn)."""
    a = zone_of(p, Z_ACTIVE)
    r = zone_of(p, Z_READY)
    i = 0
    while i < s.cont_n[b, a]:
        d = s.cont[b, a, i]
        if t.f_kind[t.card_die[card_of(s, b, d)], s.d_face[b, d]] == F_SPELL \
                and t.card_timing[card_of(s, b, d)] != T_IMMEDIATE:
            place(s, b, d, r)
            log(s, b, EV_READY, s.d_slot[b, d], s.d_face[b, d], 0)
        else:
            i += 1
    cast_spells(s, t, b, p, prm, CAST_BEFORE_SUMMON)


@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def summon_loop(s, t, b, p, prm):
    """Summon creatures from the Active Pool one at a time, paying their level, while the bot wants."""
    me = prm[p]
    limit_warriors = mighty_warrior_in_wilds(s, t, b)
    costs = s.scratch[b, 5]
    while not s.done[b]:
        budget = available_quiddity(s, t, b, p)
        summon_costs(s, t, b, p, limit_warriors)
        reserve = 0
        if me[B.P_SUMMON_FIRST] == 0:
            reserve = best_capture_cost(s, t, b, p, prm, budget)
        d = B.choose_summon(s, t, b, p, me, budget, reserve, costs)
        d = L.summon_hook(s, t, b, p, prm, d, budget, reserve)
        if d < 0:
            break
        pay_and_summon(s, t, b, p, d, prm)


@njit(cache=True)
def summon_costs(s, t, b, p, limit_warriors):
    """Fill State.scratch row 5: the summoning cost of each die in p's Active Pool, in pool order
    (-1: not a creature, or a second Warrior of the Quay this turn under Mighty WotQ's limit)."""
    a = zone_of(p, Z_ACTIVE)
    costs = s.scratch[b, 5]
    for i in range(s.cont_n[b, a]):
        d = s.cont[b, a, i]
        costs[i] = -1
        if t.f_kind[t.card_die[card_of(s, b, d)], s.d_face[b, d]] == F_CREATURE:
            e = t.card_effect[card_of(s, b, d)]
            if limit_warriors and s.warrior_n[b] >= 1 and (e == E_WARRIOR or e == E_M_WARRIOR
                                                            or e == E_S_WARRIOR):
                continue
            costs[i] = summon_cost(s, t, b, p, d)


@njit(cache=True)
def pay_and_summon(s, t, b, p, d, prm):
    """Pay active die d's summoning cost (State.scratch row 5, filled by summon_loop) and summon it."""
    cost = s.scratch[b, 5, s.d_pos[b, d]]
    # the creature die itself is not a quiddity face: paying never spends it
    pay(s, t, b, p, cost)
    summon(s, t, b, p, d, prm)


# ---------------------------------------------------------------------------------------------
# Spells cast on your own turn (R: Kouzla; Připojení kouzel)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def best_enemy_creature(s, t, b, p, q, max_level, max_def):
    """q's most valued creature that p's spell may target (level/defense limits), or -1."""
    c = zone_of(q, Z_READY)
    best = -1
    best_r = -1
    for i in range(s.cont_n[b, c]):
        o = s.cont[b, c, i]
        if face_kind(s, t, b, o) != F_CREATURE or spell_proof(s, t, b, o):
            continue
        if level(s, t, b, o) > max_level or defense_of(s, t, b, o, False) > max_def:
            continue
        rr = B.creature_rank(s, t, b, o)
        if rr > best_r:
            best_r = rr
            best = o
    return best


@njit(cache=True)
def cast_spells(s, t, b, p, prm, stage):
    """p casts or attaches the spells in its Ready Area it wants to at this point of its turn:
    ``stage`` is CAST_BEFORE_SUMMON, CAST_BEFORE_ATTACK or CAST_AFTER_ATTACK. Spells may be cast at
    any time of the owner's turn (R: Kouzla), so every cast and attach spell is offered at every
    point and the bot picks the moment (B.spell_now); the rules' own limits stay here: Victory
    Spell only after the attack (its card), an attach spell needs a creature of p's."""
    r = zone_of(p, Z_READY)
    me = prm[p]
    i = 0
    while i < s.cont_n[b, r] and not s.done[b]:
        a = s.cont[b, r, i]
        if s.d_attach[b, a] >= 0 or face_kind(s, t, b, a) != F_SPELL:
            i += 1
            continue
        card = card_of(s, b, a)
        timing = t.card_timing[card]
        if timing == T_REACTION or timing == T_IMMEDIATE:
            i += 1
            continue
        e = t.card_effect[card]
        slot = s.d_slot[b, a]
        bu = burst(s, t, b, a)
        did = False
        if not B.spell_now(s, t, b, p, me, e, timing, stage):
            i += 1
            continue
        if timing == T_ATTACH:
            if creature_count(s, t, b, p) > 0 and B.want_spell(s, t, b, p, me):
                if me[B.P_RANDOM] > 0:
                    target = B.random_own_creature(s, t, b, p)
                else:
                    target = B.best_own_creature(s, t, b, p, e == E_VICTORY_CANTRIP)
                s.d_attach[b, a] = target
                s.seat[b, p, S_SPELLS] += 1
                s.card[b, p, slot, C_PLAYED] += 1
                log(s, b, EV_ATTACH, slot, s.d_slot[b, target], 0)
            i += 1
            continue
        if e == E_DEATH_CANTRIP:
            if creature_count(s, t, b, p) > 0 and enemies_have_creatures(s, t, b, p) \
                    and B.want_spell(s, t, b, p, me):
                spend_spell(s, t, b, p, a)
                for j in range(s.cont_n[b, r]):
                    o = s.cont[b, r, j]
                    if face_kind(s, t, b, o) == F_CREATURE:
                        s.d_atk[b, o] += 3 if bu >= 2 else 2
                did = True
        elif e == E_DEATH_INCANTATION:
            best = -1
            best_r = -1
            for k in range(1, s.players[b]):
                q = (p + k) % s.players[b]
                o = best_enemy_creature(s, t, b, p, q, 9 if bu >= 2 else 2, 99)
                if o >= 0 and B.creature_rank(s, t, b, o) > best_r:
                    best_r = B.creature_rank(s, t, b, o)
                    best = o
            if best >= 0 and B.want_spell(s, t, b, p, me):
                spend_spell(s, t, b, p, a)
                log(s, b, EV_CAST, slot, s.d_slot[b, best], owner_of(s, b, best))
                destroy(s, t, b, best, p, prm)
                did = True
        elif e == E_DEATH_SPELL:
            if enemies_have_creatures(s, t, b, p) and B.want_spell(s, t, b, p, me):
                found = False
                for k in range(1, s.players[b]):
                    if best_enemy_creature(s, t, b, p, (p + k) % s.players[b], 9, 6) >= 0:
                        found = True
                if found:
                    spend_spell(s, t, b, p, a)
                    log(s, b, EV_CAST, slot, -1, -1)
                    for k in range(1, s.players[b]):
                        o = best_enemy_creature(s, t, b, p, (p + k) % s.players[b], 9, 6)
                        if o >= 0:
                            destroy(s, t, b, o, p, prm)
                    did = True
        elif e == E_SHAPING_CHARM:
            if can_level_up(s, t, b, p) and B.want_spell(s, t, b, p, me):
                spend_spell(s, t, b, p, a)
                log(s, b, EV_CAST, slot, -1, -1)
                level_up_all(s, t, b, p)
                did = True
        elif e == E_SHAPING_SPELL:
            target = enemy_spell(s, t, b, p)
            if target >= 0 and B.want_spell(s, t, b, p, me):
                spend_spell(s, t, b, p, a)
                q = owner_of(s, b, target)
                log(s, b, EV_CAST, slot, s.d_slot[b, target], q)
                leave_ready(s, t, b, target, zone_of(q, Z_USED))
                did = True
        elif e == E_VICTORY_CHARM:
            if s.scored_n[b] >= 2 and B.want_spell(s, t, b, p, me):
                spend_spell(s, t, b, p, a)
                log(s, b, EV_CAST, slot, -1, -1)
                gain_glory(s, b, p, s.scored_n[b], slot)
                did = True
        elif e == E_GROWTH_CHARM:
            # +3 quiddity now (the heuristic keeps it for the capture: capture_phase)
            if B.want_spell(s, t, b, p, me):
                spend_spell(s, t, b, p, a)
                s.pool[b] += 3
                log(s, b, EV_CAST, slot, -1, -1)
                did = True
        elif e == E_VICTORY_INCANTATION:
            if B.want_spell(s, t, b, p, me):
                spend_spell(s, t, b, p, a)
                log(s, b, EV_CAST, slot, -1, -1)
                gain_glory(s, b, p, 3, slot)
                did = True
        elif e == E_VICTORY_SPELL and stage == CAST_AFTER_ATTACK:
            hits = 0
            for q in range(s.players[b]):
                if q != p and s.hit[b, q]:
                    hits += 1
            if hits > 0 and B.want_spell(s, t, b, p, me):
                spend_spell(s, t, b, p, a)
                log(s, b, EV_CAST, slot, -1, -1)
                gain_glory(s, b, p, hits, slot)
                did = True
        if did:
            i = 0  # the Ready Area changed: scan again
        else:
            i += 1


@njit(cache=True)
def enemies_have_creatures(s, t, b, p):
    """Some opponent of p has a creature."""
    for q in range(s.players[b]):
        if q != p and creature_count(s, t, b, q) > 0:
            return True
    return False


@njit(cache=True)
def enemy_spell(s, t, b, p):
    """The most expensive spell in an opponent's Ready Area (Shaping Spell's target), or -1."""
    best = -1
    best_c = -1
    for k in range(1, s.players[b]):
        c = zone_of((p + k) % s.players[b], Z_READY)
        for i in range(s.cont_n[b, c]):
            o = s.cont[b, c, i]
            if face_kind(s, t, b, o) == F_SPELL and t.card_cost[card_of(s, b, o)] > best_c:
                best_c = t.card_cost[card_of(s, b, o)]
                best = o
    return best


@njit(cache=True)
def level_up_face(s, t, b, d):
    """The face one level above the one d shows (most attack + defense among them), or -1."""
    if s.d_copy[b, d] >= 0:
        return -1
    dt = t.card_die[card_of(s, b, d)]
    want = t.f_level[dt, s.d_face[b, d]] + 1
    best = -1
    best_v = -1
    for f in range(6):
        if t.f_kind[dt, f] == F_CREATURE and t.f_level[dt, f] == want:
            v = t.f_atk[dt, f] + t.f_def[dt, f]
            if v > best_v:
                best_v = v
                best = f
    return best


@njit(cache=True)
def can_level_up(s, t, b, p):
    """Some creature of p can be rotated up one level (Shaping Charm)."""
    c = zone_of(p, Z_READY)
    for i in range(s.cont_n[b, c]):
        d = s.cont[b, c, i]
        if face_kind(s, t, b, d) == F_CREATURE and level_up_face(s, t, b, d) >= 0:
            return True
    return False


@njit(cache=True)
def level_up_all(s, t, b, p):
    """Rotate every creature of p up one level where the die has such a face (Shaping Charm)."""
    c = zone_of(p, Z_READY)
    for i in range(s.cont_n[b, c]):
        d = s.cont[b, c, i]
        if face_kind(s, t, b, d) == F_CREATURE:
            f = level_up_face(s, t, b, d)
            if f >= 0:
                s.d_face[b, d] = f


# ---------------------------------------------------------------------------------------------
# Phase 4: attack (R: Fáze 4: útok na soupeře)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def snapshot_attackers(s, t, b, p, att_d, att_a, att_l):
    """Step 1 of the attack: every creature of p and its attack now. The total is fixed here for
    the whole turn (Mighty Primordial Ooze's '?' included, FAQ): a creature that leaves later
    (Strong Deathdealer scoring) still counts against every opponent."""
    c = zone_of(p, Z_READY)
    ooze_m = all_creatures(s, t, b)
    n = 0
    for i in range(s.cont_n[b, c]):
        d = s.cont[b, c, i]
        if face_kind(s, t, b, d) != F_CREATURE:
            continue
        if effect(s, t, b, d) == E_M_OOZE and not (s.d_flag[b, d] & FL_ZERO_ATK):
            a = ooze_m + aura(s, t, b, d) + attached_bonus(s, t, b, d, True) + s.d_atk[b, d]
        else:
            a = attack_of(s, t, b, d)
        att_d[n] = d
        att_a[n] = a
        att_l[n] = level(s, t, b, d)
        n += 1
    return n


@njit(cache=True)
def attack_total(s, t, b, q, att_d, att_a, att_l, n_att):
    """The attack total against q: the step-1 attacks, with the exceptions printed on cards for
    one defender: Warrior of the Quay +3 against a lone creature, Strong Quake Dragon (level 2 or
    less does not count), Mighty Witching Hag (each attacker capped at 3), and attacks reduced to 0
    by Life Incantation."""
    quake_wall = False
    hag_cap = False
    cq = zone_of(q, Z_READY)
    scan = s.present[b, E_S_QUAKE] or s.present[b, E_M_HAG]
    for i in range(s.cont_n[b, cq] if scan else 0):
        o = s.cont[b, cq, i]
        if face_kind(s, t, b, o) == F_CREATURE:
            eo = effect(s, t, b, o)
            if eo == E_S_QUAKE:
                quake_wall = True
            elif eo == E_M_HAG:
                hag_cap = True
    nq = creature_count(s, t, b, q)
    total = 0
    for i in range(n_att):
        d = att_d[i]
        if s.d_flag[b, d] & FL_ZERO_ATK:
            continue
        if quake_wall and att_l[i] <= 2:
            continue  # level 2 or less cannot attack a player with Strong Quake Dragon
        a = att_a[i]
        if nq == 1 and effect(s, t, b, d) == E_WARRIOR:
            a += 3
        if hag_cap and a > 3:
            a = 3
        total += a
    keep(s, t)
    return total


@njit(cache=True)
def devotee_attacking(s, t, b, p):
    """p attacks with a Mighty Devotee on a burst face: spells attached to defenders are ignored."""
    if not s.present[b, E_M_DEVOTEE]:
        return False
    c = zone_of(p, Z_READY)
    for i in range(s.cont_n[b, c]):
        d = s.cont[b, c, i]
        if face_kind(s, t, b, d) == F_CREATURE and spell_proof(s, t, b, d):
            return True
    return False


@njit(cache=True)
def defend_reactions(s, t, b, p, q, total, ignore, prm):
    """q's reaction spells against an attack of ``total``: Life Incantation (the strongest
    attacker's attack to 0 for the turn), Life Spell (+4 defense to all q's creatures), Life Charm
    (destroyed creatures go to the Active Pool). Each is cast only if q would lose a creature."""
    me = prm[q]
    for code in (E_LIFE_INCANTATION, E_LIFE_SPELL, E_LIFE_CHARM):
        if not s.present[b, code]:
            continue
        if total <= 0 or not would_lose(s, t, b, q, total, ignore):
            return
        a = reaction_die(s, t, b, q, code)
        if a < 0 or not B.want_reaction(s, t, b, q, me):
            continue
        if code == E_LIFE_INCANTATION:
            c = zone_of(p, Z_READY)
            best = -1
            best_a = 0
            for i in range(s.cont_n[b, c]):
                d = s.cont[b, c, i]
                if face_kind(s, t, b, d) == F_CREATURE and not spell_proof(s, t, b, d):
                    ad = attack_of(s, t, b, d)
                    if ad > best_a:
                        best_a = ad
                        best = d
            if best < 0:
                continue
            spend_spell(s, t, b, q, a)
            s.d_flag[b, best] |= FL_ZERO_ATK
            log(s, b, EV_REACTION, E_LIFE_INCANTATION, s.d_slot[b, best], q)
            return
        spend_spell(s, t, b, q, a)
        log(s, b, EV_REACTION, code, -1, q)
        if code == E_LIFE_SPELL:
            c = zone_of(q, Z_READY)
            for i in range(s.cont_n[b, c]):
                d = s.cont[b, c, i]
                if face_kind(s, t, b, d) == F_CREATURE:
                    s.d_def[b, d] += 4
        else:
            s.life_charm[b, q] = 1


@njit(cache=True)
def would_lose(s, t, b, q, total, ignore):
    """An attack of ``total`` would destroy at least one of q's creatures (none can absorb it)."""
    c = zone_of(q, Z_READY)
    any_c = False
    absorbed = False
    for i in range(s.cont_n[b, c]):
        d = s.cont[b, c, i]
        if face_kind(s, t, b, d) == F_CREATURE and not (s.d_flag[b, d] & FL_SAFE):
            any_c = True
            if defense_of(s, t, b, d, ignore) > total:
                absorbed = True
                break
    keep(s, t)
    return any_c and not absorbed


@njit(cache=True)
def attack_phase(s, t, b, p, prm):
    """All p's creatures attack every opponent in turn from p's left; each opponent faces the full
    total and blocks with one creature at a time (R: Fáze 4, steps 1-3)."""
    # Victory Spell counts creatures destroyed by this attack only: forget earlier destructions
    # (Death Spell, Death Incantation) even when p has no creature to attack with
    for q in range(s.players[b]):
        s.hit[b, q] = 0
    if creature_count(s, t, b, p) == 0:
        return
    players = s.players[b]
    cands = s.scratch[b, 6]
    defs = s.scratch[b, 7]
    glories = s.scratch[b, 8]
    att_d = s.scratch[b, 9]
    att_a = s.scratch[b, 10]
    att_l = s.scratch[b, 11]
    n_att = snapshot_attackers(s, t, b, p, att_d, att_a, att_l)
    for k in range(1, players):
        q = (p + k) % players
        if s.done[b]:
            return
        s.hit[b, q] = 0
        # Quake Dragon: destroy all level 1 creatures of the defender before it blocks
        for i in range(n_att if s.present[b, E_QUAKE] else 0):
            d = att_d[i]
            if effect(s, t, b, d) == E_QUAKE and s.d_cont[b, d] == zone_of(p, Z_READY):
                cq = zone_of(q, Z_READY)
                j = 0
                while j < s.cont_n[b, cq]:
                    o = s.cont[b, cq, j]
                    if face_kind(s, t, b, o) == F_CREATURE and level(s, t, b, o) == 1 \
                            and not (s.d_flag[b, o] & FL_SAFE):
                        log(s, b, EV_ABILITY, E_QUAKE, s.d_slot[b, o], q)
                        destroy(s, t, b, o, p, prm)
                        j = 0
                    else:
                        j += 1
                break
        ignore = devotee_attacking(s, t, b, p)
        total = attack_total(s, t, b, q, att_d, att_a, att_l, n_att)
        defend_reactions(s, t, b, p, q, total, ignore, prm)
        total = attack_total(s, t, b, q, att_d, att_a, att_l, n_att)
        log(s, b, EV_ATTACK, q, total, 0)
        mighty_dd_used = False
        cq = zone_of(q, Z_READY)
        while total > 0 and not s.done[b]:
            n = 0
            for i in range(s.cont_n[b, cq]):
                o = s.cont[b, cq, i]
                if face_kind(s, t, b, o) == F_CREATURE and not (s.d_flag[b, o] & FL_SAFE):
                    cands[n] = o
                    defs[n] = defense_of(s, t, b, o, ignore)
                    glories[n] = B.block_cost(s, t, b, q, o)
                    n += 1
            if n == 0:
                break
            k2 = B.choose_defender(s, t, b, q, prm[q], cands, n, defs, glories, total)
            d = cands[k2]
            df = defs[k2]
            log(s, b, EV_BLOCK, s.d_slot[b, d], df, total)
            if total < df:
                break  # the attack is absorbed
            total -= df
            destroy(s, t, b, d, p, prm)
            if not mighty_dd_used:
                # Mighty Deathdealer: the first creature destroyed raises the total vs this player
                mighty_dd_used = True
                # the bonus is its attack against *this* player, as counted in the total: capped
                # by a Mighty Witching Hag, none if a Strong Quake Dragon keeps it from attacking
                for i in range(n_att):
                    o = att_d[i]
                    if s.d_cont[b, o] == zone_of(p, Z_READY) and effect(s, t, b, o) == E_M_DEATHDEALER:
                        bonus = attack_total(s, t, b, q, att_d[i:i + 1], att_a[i:i + 1], att_l[i:i + 1], 1)
                        total += bonus
                        log(s, b, EV_ABILITY, E_M_DEATHDEALER, s.d_slot[b, o], bonus)
        check_oozes(s, t, b, prm)


# ---------------------------------------------------------------------------------------------
# Phase 5: capture (R: Fáze 5: získání jedné Quarry kostky z divočiny)
# ---------------------------------------------------------------------------------------------

@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def capture_phase(s, t, b, p, prm):
    """Spend quiddity to capture one die (more where Growth Cantrip or Mighty Questing Wizard
    allow) into the used pile; four empty creature cards then end the game."""
    me = prm[p]
    while s.captures[b] > 0 and not s.done[b]:
        budget = available_quiddity(s, t, b, p)
        slot = B.choose_capture(s, t, b, p, me, budget, s.discount[b], 99)
        # Growth Charm (+3 quiddity) is cast when it buys a better die
        charm = reaction_die(s, t, b, p, E_GROWTH_CHARM) if s.present[b, E_GROWTH_CHARM] else -1
        while charm >= 0 and B.want_spell(s, t, b, p, me):
            better = B.choose_capture(s, t, b, p, me, budget + 3, s.discount[b], 99)
            if me[B.P_RANDOM] == 0 and (better < 0 or better == slot):
                break
            spend_spell(s, t, b, p, charm)
            s.pool[b] += 3
            log(s, b, EV_CAST, s.d_slot[b, charm], -1, -1)
            budget += 3
            slot = better
            charm = reaction_die(s, t, b, p, E_GROWTH_CHARM)
        slot = L.capture_hook(s, t, b, p, prm, slot, budget, s.discount[b])
        if slot < 0:
            return
        if take_capture(s, t, b, p, slot):
            return


@njit(cache=True)
def take_capture(s, t, b, p, slot):
    """Pay for and capture one die of Wilds slot ``slot`` into p's used pile; True if that ended
    the game (four empty creature cards)."""
    cost = max(0, t.card_cost[s.slot_card[b, slot]] - s.discount[b])
    pay(s, t, b, p, cost)
    capture(s, t, b, p, slot, Z_USED)
    s.captures[b] -= 1
    log(s, b, EV_CAPTURE, slot, cost, 0)
    return end_by_empty_cards(s, t, b)


# ---------------------------------------------------------------------------------------------
# Phase 6 and the turn (R: Fáze 6: přesun kostek do odkladiště)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def cleanup_phase(s, t, b, p):
    """Move the Active Pool to the used pile; unspent quiddity and this turn's effects end."""
    a = zone_of(p, Z_ACTIVE)
    u = zone_of(p, Z_USED)
    while s.cont_n[b, a] > 0:
        place(s, b, s.cont[b, a, 0], u)
    for q in range(s.players[b]):
        s.life_charm[b, q] = 0
        c = zone_of(q, Z_READY)
        for i in range(s.cont_n[b, c]):
            d = s.cont[b, c, i]
            s.d_atk[b, d] = 0
            s.d_def[b, d] = 0
            s.d_flag[b, d] &= ~(FL_SAFE | FL_ZERO_ATK | FL_DECLINED)


@njit(cache=True)
def snapshot_collection(s, b, p, col):
    """Count p's dice (column col) and Basic Quiddity dice (col + 1): deck composition over turns."""
    total = 0
    q = 0
    for z in range(NZ):
        c = zone_of(p, z)
        total += s.cont_n[b, c]
        for i in range(s.cont_n[b, c]):
            if s.d_slot[b, s.cont[b, c, i]] == SLOT_BASIC:
                q += 1
    s.seat[b, p, col] = total
    s.seat[b, p, col + 1] = q


@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def play_turn(s, t, b, prm):
    """One full turn of the current player, phases 1-6 in order."""
    p = begin_turn(s, b)
    score_phase(s, t, b, p, prm)
    if not s.done[b]:
        roll_phase(s, t, b, p, prm)
    if not s.done[b]:
        summon_phase(s, t, b, p, prm)
        finish_turn(s, t, b, p, prm, PH_ATTACK)
    else:
        finish_turn(s, t, b, p, prm, PH_CLEANUP)


@njit(cache=True)
def begin_turn(s, b):
    """Start the current player's turn: this turn's counters reset, the collection counted on
    own turns 3, 6 and 9; returns the player."""
    p = s.cur[b]
    s.turn[b] += 1
    if p == 0:
        s.rounds[b] += 1
    # this turn's tie-breaks from the game's key and the turn number (its dice: state.die_hash)
    turn_streams(s, b, RS_KEY, RS_BOT0, s.turn[b])
    s.seat[b, p, S_TURNS] += 1
    s.pool[b] = 0
    s.captures[b] = 1
    s.discount[b] = 0
    s.scored_n[b] = 0
    s.warrior_n[b] = 0
    for q in range(s.players[b]):
        s.hit[b, q] = 0
    log(s, b, EV_TURN, p, s.seat[b, p, S_TURNS], 0)
    own = s.seat[b, p, S_TURNS]
    if own == 3 or own == 6 or own == 9:
        snapshot_collection(s, b, p, S_OWNED_T3 + 2 * (own // 3 - 1))
    return p


# Points from which finish_turn plays the rest of a turn (a lookahead's rollouts start mid-turn).
PH_SUMMON, PH_BEFORE_ATTACK, PH_ATTACK, PH_CAPTURE, PH_CLEANUP = 0, 1, 2, 3, 4


@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def finish_turn(s, t, b, p, prm, phase):
    """The rest of p's turn from ``phase``: summoning (after summon_start), the spells before the
    attack (the end of summon_phase), the attack, the spells after it, the capture, the cleanup."""
    if phase == PH_SUMMON:
        summon_loop(s, t, b, p, prm)
    if phase <= PH_BEFORE_ATTACK:
        cast_spells(s, t, b, p, prm, CAST_BEFORE_ATTACK)
    if phase <= PH_ATTACK:
        if not s.done[b]:
            attack_phase(s, t, b, p, prm)
        if not s.done[b]:
            cast_spells(s, t, b, p, prm, CAST_AFTER_ATTACK)
    if phase <= PH_CAPTURE and not s.done[b]:
        capture_phase(s, t, b, p, prm)
    cleanup_phase(s, t, b, p)
    s.cur[b] = (p + 1) % s.players[b]
    if s.cur[b] == 0:
        record_round(s, b)


@njit(cache=True)
def record_round(s, b):
    """Keep every player's glory at the end of the current round (the game's score curve and
    its quality figures: kernel.track_round)."""
    r = s.rounds[b] - 1
    if r >= 0:
        track_round(s.quality, b, r + 1, s.glory[b], s.players[b])
        note_first_round(s.card, b, s.players[b], C_ACQ, C_FIRST_ROUND, r + 1)
    if r >= 0 and r < ROUND_HIST:
        for q in range(s.players[b]):
            s.glory_hist[b, r, q] = s.glory[b, q]


@njit(cache=True)
def finish(s, t, b):
    """End-of-game counters (dice owned, Basic Quiddity owned, dice in the Ready Area) and the
    last round's glory (the round the game ended in)."""
    record_round(s, b)
    for p in range(s.players[b]):
        s.seat[b, p, S_GLORY] = s.glory[b, p]
        s.seat[b, p, S_READY_END] = s.cont_n[b, zone_of(p, Z_READY)]
        total = 0
        for z in range(NZ):
            c = zone_of(p, z)
            total += s.cont_n[b, c]
            for i in range(s.cont_n[b, c]):
                d = s.cont[b, c, i]
                s.card[b, p, s.d_slot[b, d], C_OWNED] += 1
                if s.d_slot[b, d] == SLOT_BASIC:
                    s.seat[b, p, S_Q_OWNED] += 1
        s.seat[b, p, S_OWNED] = total
    log(s, b, EV_END, s.end_reason[b], s.winner[b], 0)


@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def play_game(s, t, b, prm, check):
    """Play game b to its end; returns the number of invariant violations seen (when checking)."""
    bad = play_on(s, t, b, prm, check)
    finish(s, t, b)
    return bad


@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def play_on(s, t, b, prm, check):
    """Play turns of game b until it ends (the turn limit included); invariant violations seen."""
    bad = 0
    while not s.done[b]:
        if s.turn[b] >= TURN_LIMIT:
            decide_by_glory(s, b)
            s.end_reason[b] = END_LIMIT
            break
        play_turn(s, t, b, prm)
        if check:
            bad += count_violations(s, t, b)
    return bad


# the shared batch driver (simlab.games.kernel.play_batch) plays this game through these two
register_game(S.State, S.StateType, setup, play_game)
