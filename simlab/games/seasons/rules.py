"""Seasons rules, compiled: one function per rulebook phase, plus the card, token and
enchantment effects.

Sources are cited as (F: <section>) for ../shared/reference/seasons/rules_facts.md (the base
game's rules with their sources) and (EK: <section>) for the Enchanted Kingdom rulebook
(../shared/rules/seasons_enchanted_kingdom_rules_cs.txt). Rulings simlab had to make are marked
"ruling" and listed in docs/seasons.md.

A game (F: Prelude; Board, time and years) is: setup, prelude (draft, piles, token choice), then
rounds until year III is over. A round is: roll_season_dice, one play_turn per player from the
first player (take_die, apply_die, the player's actions, the token), round_end effects,
move_time by the pips of the die left, first player passes left. final_scoring counts prestige.
"""

from __future__ import annotations

from simlab.games.base import randbelow, stream_seed
from simlab.games.jit import njit
from simlab.games.kernel import note_first_round, register_game, shuffle_list
from simlab.games.seasons import bots as B
from simlab.games.seasons import lookahead as L  # the lookahead bot's hook (compiled only in lookahead runs)
from simlab.games.seasons import state as S
from simlab.games.seasons.state import (
    AIR,
    B_DRAW,
    B_DRAW2,
    B_EXCHANGE,
    B_GAUGE,
    B_TRANSMUTE,
    C_ACQ,
    C_ACT,
    C_DECK,
    C_DISCARD,
    C_DRAFTED,
    C_DRAWN,
    C_FIRST_ROUND,
    C_PICK,
    C_PLAYED,
    C_REVEAL,
    C_SEEN,
    E_AIR_ELEMENTAL,
    E_AMSUG,
    E_AMULET_AIR,
    E_AMULET_EARTH,
    E_AMULET_FIRE,
    E_AMULET_TIME,
    E_AMULET_WATER,
    E_ARCANE_TELESCOPE,
    E_ARCANO_LEECH,
    E_ARGOS_HAWK,
    E_BALANCE_ISHTAR,
    E_BEGGARS_HORN,
    E_CRYSTAL_ORB,
    E_CURSED_TREATISE,
    E_DAMNED_SOUL,
    E_DEMON_ARGOS,
    E_DIE_MALICE,
    E_DIVINE_CHALICE,
    E_DRAGON_SKULL,
    E_ELEMENTAL_AMULET,
    E_FAIRY_MONOLITH,
    E_FAMILIAR_CATCHER,
    E_FIGRIM,
    E_GLUTTON_CAULDRON,
    E_GRIMOIRE,
    E_HEART_ARGOS,
    E_HORN_PLENTY,
    E_HOURGLASS,
    E_IDOL_FAMILIAR,
    E_IO_TRANSMUTER,
    E_JEWEL_ANCIENTS,
    E_KAIRN,
    E_LANTERN_XIDIT,
    E_LEWIS,
    E_MESODAE_LANTERN,
    E_MIRROR_SEASONS,
    E_NARIA,
    E_NECROTIC_KRISS,
    E_OLAF_STATUE,
    E_PENDANT_RAGNOR,
    E_POTION_DREAMS,
    E_POTION_KNOWLEDGE,
    E_POTION_LIFE,
    E_POTION_POWER,
    E_POTION_RESURRECTION,
    E_PURSE_IO,
    E_RAGFIELD_HELM,
    E_RATTY,
    E_RAVEN,
    E_SCEPTER,
    E_SCROLL_ISHTAR,
    E_SEALED_CHEST,
    E_SELENIA_CODEX,
    E_SHIELD_ZIRA,
    E_SID,
    E_STAFF_SPRING,
    E_STATUE_EOLIS,
    E_STEADFAST_DIE,
    E_SYLLAS,
    E_TEMPORAL_BOOTS,
    E_THIEVING_FAIRIES,
    E_THRONE_RENEWAL,
    E_TITUS,
    E_TREE_LIGHT,
    E_VAMPIRIC_CROWN,
    E_WARDEN_ARGOS,
    E_WONDROUS_CHEST,
    E_YJANG_VASE,
    EARTH,
    EN_ARGOS_EMBRACE,
    EN_DROUGHT,
    EN_ELEMENTAL_CONSTRUCTION,
    EN_EXTENDED_EXPERIENCE,
    EN_IO_BOUNTY,
    EN_NATURAL_SELECTION,
    EN_OLAF_KNOWLEDGE,
    EN_VISION_DESTINY,
    END_LIMIT,
    END_YEARS,
    FF_DRAW,
    FF_STAR,
    FF_TRANS,
    HAND_PENALTY,
    K_FAMILIAR,
    K_ITEM,
    MAX_BONUS,
    MAX_GAUGE,
    MAXP,
    NDIE,
    NEN,
    NSEASON,
    NSTREAM,
    R_BONUS1,
    R_DIE_PER_TURN,
    R_IDOL_ENTER,
    R_ISHTAR_CRYSTALS,
    R_ISHTAR_N,
    R_TIE_SHARED,
    ROUND_HIST,
    ROUND_LIMIT,
    RS_DECK,
    RS_DICE,
    RS_SETUP,
    S_ACTIVATIONS,
    S_BONUS_PENALTY,
    S_BONUSES,
    S_CARD_PRESTIGE,
    S_CRYSTALS,
    S_DICE_CRYSTALS,
    S_DRAWN,
    S_EN_GAINED,
    S_EN_LOST,
    S_END_CRYSTALS,
    S_GAUGE,
    S_HAND_PENALTY,
    S_IN_HAND,
    S_IN_PLAY,
    S_PRESTIGE,
    S_SUMMONED,
    S_TOKCH1,
    S_TOKEN,
    S_TOKEN_PRINTED,
    S_TOKEN_USED,
    S_TOKEN_VALUE,
    S_TRANS_CRYSTALS,
    S_TRANSMUTED,
    S_TURNS,
    S_WITHOUT_TOKEN,
    TM_ENTER,
    TOKEN5_HAND,
    WATER,
    Z_HAND,
    Z_LIB2,
    Z_LIB3,
    Z_PACKET,
    Z_PICK,
    Z_PLAY,
    amulet_water,
    can_activate,
    can_move_season,
    can_summon,
    count_effect,
    count_violations,
    eff_card,
    energy_total,
    hand_n,
    in_play,
    log,
    pay_plan,
    place,
    reserve_size,
    season_of,
    set_copy,
    spendable,
    zone_of,
)

# Trace event codes (trace.py renders them)
(EV_SETUP, EV_TOKENS_DEALT, EV_DRAFT, EV_PILE, EV_TOKEN_KEEP, EV_ROUND, EV_ROLL, EV_TAKE,
 EV_ENERGY, EV_LOSE_ENERGY, EV_CRYSTALS, EV_GAUGE, EV_DRAW, EV_TRANSMUTE, EV_SUMMON, EV_ACTIVATE,
 EV_SACRIFICE, EV_DISCARD, EV_BONUS, EV_TOKEN_USE, EV_TIME, EV_SEASON, EV_YEAR, EV_EFFECT,
 EV_TO_HAND, EV_END, EV_SCORE, EV_STEAL, EV_DROUGHT, EV_VISION, EV_PASS, EV_TURN) = range(32)


# ---------------------------------------------------------------------------------------------
# Resources: energy, crystals, gauge (F: Player board; Transmutation)
# ---------------------------------------------------------------------------------------------

@njit(cache=True, inline="always")
def lose_energy(s, b, p, e, n):
    """Take n energies of type e out of p's reserve (they go back to the common supply)."""
    n = min(n, s.energy[b, p, e])
    if n > 0:
        s.energy[b, p, e] -= n
        s.e_out[b] += n
        s.seat[b, p, S_EN_LOST] += n
        log(s, b, EV_LOSE_ENERGY, e, n, p)
    return n


@njit(cache=True, inline="always")
def enforce_reserve(s, t, b, p, prm):
    """Over the reserve's size, p discards the excess at once, choosing which (F: Player board)."""
    size = reserve_size(s, t, b, p)
    while energy_total(s, b, p) > size:
        e = B.choose_lose(s, t, b, p, prm[p])
        lose_energy(s, b, p, e, 1)


@njit(cache=True)
def gain_energy(s, t, b, p, prm, e, n):
    """p gains n energies of type e (the excess over the reserve is discarded at once)."""
    if n <= 0:
        return
    s.energy[b, p, e] += n
    s.e_in[b] += n
    s.seat[b, p, S_EN_GAINED] += n
    log(s, b, EV_ENERGY, e, n, p)
    enforce_reserve(s, t, b, p, prm)


@njit(cache=True)
def gain_energy_choice(s, t, b, p, prm, n):
    """p gains n energies of its choice, one at a time."""
    for _ in range(n):
        gain_energy(s, t, b, p, prm, B.choose_gain(s, t, b, p, prm[p]), 1)


@njit(cache=True)
def spend_energy(s, t, b, p, e, n):
    """Pay n energies of type e: from p's Amulets of Water first, then the reserve."""
    c = zone_of(p, Z_PLAY)
    if count_effect(s, t, b, p, E_AMULET_WATER) == 0:
        lose_energy(s, b, p, e, n)  # no Amulet of Water: skip the scan of the play zone
        return
    for k in range(s.cont_n[b, c]):
        if n == 0:
            break
        i = s.cont[b, c, k]
        if t.card_effect[eff_card(s, t, b, i)] == E_AMULET_WATER:
            use = min(n, s.c_store[b, i, e])
            if use > 0:
                s.c_store[b, i, e] -= use
                s.e_out[b] += use
                n -= use
                log(s, b, EV_LOSE_ENERGY, e, use, p)
    lose_energy(s, b, p, e, n)


@njit(cache=True)
def store_energy(s, b, i, e, n):
    """Put n energies of type e (from the supply) on card i."""
    s.c_store[b, i, e] += n
    s.e_in[b] += n


@njit(cache=True)
def stored(s, b, i):
    """Energies kept on card i."""
    return s.c_store[b, i, 0] + s.c_store[b, i, 1] + s.c_store[b, i, 2] + s.c_store[b, i, 3]


@njit(cache=True)
def allow_transmute(s, b):
    """The current player may transmute this turn (not only through Io's Transmuter)."""
    s.can_trans[b] = 1
    s.io_trans[b] = 0


@njit(cache=True, inline="always")
def gain_crystals(s, b, p, n):
    if n > 0:
        s.crystals[b, p] += n
        log(s, b, EV_CRYSTALS, n, s.crystals[b, p], p)


@njit(cache=True)
def lose_crystals(s, b, p, n):
    """p loses up to n crystals (the track stops at 0); returns how many were lost."""
    n = min(n, s.crystals[b, p])
    if n > 0:
        s.crystals[b, p] -= n
        log(s, b, EV_CRYSTALS, -n, s.crystals[b, p], p)
    return n


@njit(cache=True)
def steal_crystals(s, b, frm, to, n):
    """``frm`` gives ``to`` up to n crystals (as many as it has)."""
    k = min(n, s.crystals[b, frm])
    if k > 0:
        s.crystals[b, frm] -= k
        s.crystals[b, to] += k
        log(s, b, EV_STEAL, k, frm, to)
    return k


@njit(cache=True)
def change_gauge(s, b, p, n):
    """Move p's summoning gauge by n, within 0-15."""
    g = min(MAX_GAUGE, max(0, s.gauge[b, p] + n))
    s.gauge[b, p] = g
    log(s, b, EV_GAUGE, n, g, p)


@njit(cache=True)
def lower_gauge_by_opponent(s, b, p, n):
    """An opponent's card lowers p's gauge: p keeps its cards in play even if they now exceed it
    (F: Demon of Argos FAQ note in cards.json), recorded as the allowance ``over``."""
    change_gauge(s, b, p, -n)
    s.over[b, p] = max(s.over[b, p], in_play(s, b, p) - s.gauge[b, p])


@njit(cache=True)
def transmute(s, t, b, p, e, n):
    """Turn n of p's energies of type e into crystals at the current season's rate, plus Purse of
    Io (+1 each per copy), the transmute bonus / token 6 (+1 each) and Io's Bounty (+1 each)."""
    n = min(n, s.energy[b, p, e])
    if n <= 0:
        return 0
    per = t.transmute[season_of(s.month[b]), e] + transmute_extra(s, t, b, p)
    if s.io_trans[b] and s.cur[b] == p:
        c = zone_of(p, Z_PLAY)
        for k in range(s.cont_n[b, c]):
            i = s.cont[b, c, k]
            if t.card_effect[eff_card(s, t, b, i)] == E_IO_TRANSMUTER:
                s.c_mark[b, i] = 1
                break
    lose_energy(s, b, p, e, n)
    gain = n * per
    s.crystals[b, p] += gain
    s.seat[b, p, S_TRANSMUTED] += n
    s.seat[b, p, S_TRANS_CRYSTALS] += gain
    log(s, b, EV_TRANSMUTE, e, n, gain)
    return gain


@njit(cache=True)
def transmute_extra(s, t, b, p):
    """Crystals added to every energy p transmutes now (Purse of Io, bonus/token 6, Io's Bounty)."""
    x = count_effect(s, t, b, p, E_PURSE_IO)
    if s.cur[b] == p:
        x += s.trans_extra[b]
    if s.enchant[b] == EN_IO_BOUNTY:
        x += 1
    return x


@njit(cache=True)
def convert_energy(s, t, b, p, n, per):
    """A card that turns n energies into ``per`` crystals each counts as transmuting them: Purse
    of Io, the transmute bonus and Io's Bounty add to it (F: cards.json notes on Balance of Ishtar,
    Potion of Life). Energies must already be taken out; returns crystals gained."""
    gain = n * (per + transmute_extra(s, t, b, p))
    s.crystals[b, p] += gain
    s.seat[b, p, S_TRANSMUTED] += n
    s.seat[b, p, S_TRANS_CRYSTALS] += gain
    log(s, b, EV_CRYSTALS, gain, s.crystals[b, p], p)
    return gain


# ---------------------------------------------------------------------------------------------
# Cards: draw pile, hand, play (F: Prelude; Power card timing; EK: Terminologické poznámky)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def shuffle(s, b, c, stream):
    """Shuffle container c in place (Fisher-Yates), keeping the index consistent."""
    n = s.cont_n[b, c]
    shuffle_list(s.rng, b, stream, s.cont[b, c], n)
    for k in range(n):
        s.c_pos[b, s.cont[b, c, k]] = k


@njit(cache=True)
def draw_top(s, b, dest):
    """Move the top card of the draw pile to container dest; an empty pile is first rebuilt from
    the shuffled discard pile (F: Prelude; EK). Returns the card, or -1 when both are empty."""
    if s.cont_n[b, C_DECK] == 0:
        while s.cont_n[b, C_DISCARD] > 0:
            place(s, b, s.cont[b, C_DISCARD, s.cont_n[b, C_DISCARD] - 1], C_DECK)
        shuffle(s, b, C_DECK, RS_DECK)
        if s.cont_n[b, C_DECK] == 0:
            return -1
    i = s.cont[b, C_DECK, s.cont_n[b, C_DECK] - 1]
    place(s, b, i, dest)
    return i


@njit(cache=True)
def see(s, t, b, p, i):
    s.card[b, p, t.inst_card[i], C_SEEN] += 1


@njit(cache=True)
def take_into_hand(s, t, b, p, prm, i, drawn):
    """Card i goes into p's hand (kept), then the Argos' Embrace toll for this taking."""
    put_in_hand(s, t, b, p, i, drawn)
    embrace_toll(s, t, b, p, prm)


@njit(cache=True)
def put_in_hand(s, t, b, p, i, drawn):
    """Card i goes into p's hand (kept), counted as drawn when ``drawn``; no toll (an effect that
    takes several cards at once pays ``embrace_toll`` once)."""
    place(s, b, i, zone_of(p, Z_HAND))
    if drawn:
        s.card[b, p, t.inst_card[i], C_DRAWN] += 1
        s.card[b, p, t.inst_card[i], C_ACQ] += 1
    log(s, b, EV_TO_HAND, t.inst_card[i], p, 0)


@njit(cache=True)
def embrace_toll(s, t, b, p, prm):
    """Argos' Embrace: each taking of one or more cards into hand costs 5 crystals; a player with
    4 or fewer sacrifices or discards a card instead, or discards the new one if it has no other
    (EK: Objetí Argu; once per taking, not per card)."""
    if s.enchant[b] == EN_ARGOS_EMBRACE:
        if s.crystals[b, p] >= 5:
            lose_crystals(s, b, p, 5)
        else:
            lose_a_card(s, t, b, p, prm, True)


@njit(cache=True)
def lose_a_card(s, t, b, p, prm, hand_ok):
    """p sacrifices a card in play or (``hand_ok``) discards one from hand, the one it values
    least (token 2, Argos' Embrace, Drought); returns False if it has none."""
    h = zone_of(p, Z_HAND)
    pl = zone_of(p, Z_PLAY)
    ih = B.worst_in(s, t, b, p, prm[p], h, False) if hand_ok else -1
    ip = B.worst_in(s, t, b, p, prm[p], pl, False)
    if ih < 0 and ip < 0:
        return False
    if ih >= 0 and (ip < 0 or prm[p, B.P_RANDOM] > 0 and B.coin(s, b, p) or prm[p, B.P_RANDOM] == 0
                    and B.card_score(s, t, b, p, prm[p], t.inst_card[ih]) - HAND_PENALTY
                    <= t.card_prestige[t.inst_card[ip]]):
        discard(s, t, b, p, ih)
    else:
        sacrifice(s, t, b, p, prm, ip)
    return True


@njit(cache=True)
def discard(s, t, b, p, i):
    """Card i goes to the discard pile (from hand or a reveal)."""
    place(s, b, i, C_DISCARD)
    log(s, b, EV_DISCARD, t.inst_card[i], p, 0)


@njit(cache=True)
def draw_revealed(s, t, b, p, must_keep):
    """p draws the top card into the reveal area (seen, counted, logged); -1 if the pile is out."""
    i = draw_top(s, b, C_REVEAL)
    if i >= 0:
        see(s, t, b, p, i)
        s.seat[b, p, S_DRAWN] += 1
        log(s, b, EV_DRAW, t.inst_card[i], p, must_keep)
    return i


@njit(cache=True)
def draw_keep_or_discard(s, t, b, p, prm):
    """Draw a card; p keeps it or discards it (die card face, token 1, Olaf's Knowledge)."""
    i = draw_revealed(s, t, b, p, 0)
    if i < 0:
        return
    if B.keep_drawn(s, t, b, p, prm[p], t.inst_card[i]):
        take_into_hand(s, t, b, p, prm, i, True)
    else:
        discard(s, t, b, p, i)


@njit(cache=True)
def draw_must_keep(s, t, b, p, prm):
    """Draw a card that p must keep (Potion of Power, Demon of Argos)."""
    i = draw_revealed(s, t, b, p, 1)
    if i < 0:
        return
    take_into_hand(s, t, b, p, prm, i, True)


@njit(cache=True)
def draw_n_keep_one(s, t, b, p, prm, n):
    """Draw n cards, keep one in hand, discard the rest (Amulet of Fire, bonus 4)."""
    for _ in range(n):
        if draw_revealed(s, t, b, p, 0) < 0:
            break
    k = B.pick_from(s, t, b, p, prm[p], C_REVEAL)
    if k >= 0:
        take_into_hand(s, t, b, p, prm, k, True)
    while s.cont_n[b, C_REVEAL] > 0:
        discard(s, t, b, p, s.cont[b, C_REVEAL, 0])


@njit(cache=True)
def leave_play(s, t, b, p, prm, i, dest, sacrificed):
    """Card i leaves p's play for container dest. A sacrificed Cursed Treatise of Arus takes all
    of p's reserve energies with it; a reserve that shrinks (Bespelled Grimoire gone) drops its
    excess at once; a Raven-less, over-gauge allowance shrinks with the cards."""
    card = t.inst_card[i]
    effect = t.card_effect[eff_card(s, t, b, i)]
    for e in range(NEN):
        s.e_out[b] += s.c_store[b, i, e]
        s.c_store[b, i, e] = 0
    place(s, b, i, dest)
    if sacrificed:
        log(s, b, EV_SACRIFICE, card, p, 0)
        if effect == E_CURSED_TREATISE:
            for e in range(NEN):
                lose_energy(s, b, p, e, s.energy[b, p, e])
    s.over[b, p] = max(0, min(s.over[b, p], in_play(s, b, p) - s.gauge[b, p]))
    enforce_reserve(s, t, b, p, prm)
    # a Raven mimicking this item is sacrificed with it (EK); inline, not through sacrifice():
    # numba's cache cannot load mutually recursive functions
    for q in range(s.players[b]):
        c = zone_of(q, Z_PLAY)
        k = 0
        while k < s.cont_n[b, c]:
            r = s.cont[b, c, k]
            if s.c_copy[b, r] == i:
                copied = t.card_effect[t.inst_card[i]]
                for e in range(NEN):
                    s.e_out[b] += s.c_store[b, r, e]
                    s.c_store[b, r, e] = 0
                place(s, b, r, C_DISCARD)
                log(s, b, EV_SACRIFICE, t.inst_card[r], q, 0)
                if copied == E_CURSED_TREATISE:
                    for e in range(NEN):
                        lose_energy(s, b, q, e, s.energy[b, q, e])
                s.over[b, q] = max(0, min(s.over[b, q], in_play(s, b, q) - s.gauge[b, q]))
                enforce_reserve(s, t, b, q, prm)
                continue
            k += 1


@njit(cache=True)
def sacrifice(s, t, b, p, prm, i):
    """p sacrifices card i from play to the discard pile (F: Power card timing). Shield of Zira
    (EK): p may sacrifice the Shield instead, for +10 crystals; a card sacrificed to pay for its
    own effect (potions) then stays in play (EK note)."""
    if t.card_effect[eff_card(s, t, b, i)] != E_SHIELD_ZIRA:
        sh = shield_of(s, t, b, p)
        if sh >= 0 and B.want_shield(s, t, b, p, prm[p], i):
            log(s, b, EV_EFFECT, E_SHIELD_ZIRA, t.inst_card[i], p)
            leave_play(s, t, b, p, prm, sh, C_DISCARD, True)
            gain_crystals(s, b, p, 10)
            return
    leave_play(s, t, b, p, prm, i, C_DISCARD, True)


@njit(cache=True)
def shield_of(s, t, b, p):
    """A Shield of Zira p has in play, or -1."""
    if count_effect(s, t, b, p, E_SHIELD_ZIRA) == 0:
        return -1
    c = zone_of(p, Z_PLAY)
    for k in range(s.cont_n[b, c]):
        i = s.cont[b, c, k]
        if t.card_effect[eff_card(s, t, b, i)] == E_SHIELD_ZIRA:
            return i
    return -1


# ---------------------------------------------------------------------------------------------
# Summoning (F: Player board, summoning; EK: Nature Spirit, Entangling Roots)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def summon(s, t, b, p, prm, i, plan):
    """Summon hand card i (``plan`` from pay_plan): pay, Arcano Leech tolls, put it into play,
    Staff of Spring and Yjang's Forgotten Vase, then its when-enters-play effect."""
    card = t.inst_card[i]
    log(s, b, EV_SUMMON, card, 0, p)
    for e in range(NEN):
        spend_energy(s, t, b, p, e, plan[e])
    for _ in range(plan[5]):
        if energy_total(s, b, p) > 0:
            lose_energy(s, b, p, B.choose_lose(s, t, b, p, prm[p]), 1)
        else:
            for e in range(NEN):
                if amulet_water(s, t, b, p, e) > 0:
                    spend_energy(s, t, b, p, e, 1)
                    break
    lose_crystals(s, b, p, plan[4])
    for q in range(s.players[b]):
        if q != p:
            for _ in range(count_effect(s, t, b, q, E_ARCANO_LEECH)):
                steal_crystals(s, b, p, q, 1)
    # Staff of Spring and Yjang's Forgotten Vase count before the card is placed: they pay for
    # the cards summoned while they are in play, not for their own summoning (cards.json)
    staffs = count_effect(s, t, b, p, E_STAFF_SPRING)
    vases = count_effect(s, t, b, p, E_YJANG_VASE)
    place(s, b, i, zone_of(p, Z_PLAY))
    if t.card_effect[card] == E_ELEMENTAL_AMULET:
        s.c_mark[b, i] = 16 | plan[6]  # the types paid (summoned from hand)
    s.summons[b] += 1
    s.seat[b, p, S_SUMMONED] += 1
    s.card[b, p, card, C_PLAYED] += 1
    gain_crystals(s, b, p, 3 * staffs)
    for _ in range(vases):
        gain_energy_choice(s, t, b, p, prm, 1)
    resolve_enter(s, t, b, p, prm, i)


@njit(cache=True, inline="always")
def can_enter_free(s, t, b, p, card):
    """A card of type ``card`` may enter p's play through another card: the gauge allows it and
    it is not Mesodae's Lantern (EK: only summoned from hand)."""
    return s.gauge[b, p] > in_play(s, b, p) and t.card_effect[card] != E_MESODAE_LANTERN


@njit(cache=True)
def enter_free(s, t, b, p, i):
    """Card i enters p's play without paying and without its effect yet: the gauge must still
    allow it, no summon triggers (Staff of Spring, Yjang, Leech, Nature Spirit); Mesodae's Lantern
    cannot enter this way (EK). Returns whether it entered."""
    card = t.inst_card[i]
    if not can_enter_free(s, t, b, p, card):
        return False
    place(s, b, i, zone_of(p, Z_PLAY))
    s.seat[b, p, S_SUMMONED] += 1
    s.card[b, p, card, C_PLAYED] += 1
    log(s, b, EV_SUMMON, card, 1, p)
    return True


@njit(cache=True)
def resolve_enter(s, t, b, p, prm, i):
    """Apply card i's when-enters-play effect, then those of the cards it put into play free
    (a Divine Chalice may bring another one). A loop, not recursion: numba's cache cannot load
    mutually recursive functions. Then p discards the energy over its reserve (F: Player board)."""
    while i >= 0:
        i = on_enter(s, t, b, p, prm, i)
    # a card that shrinks the reserve (Statue of Eolis, Mesodae's Lantern) makes its owner discard
    # the excess at once (F: Player board); found by simlab check in 0.2.1 (game 18951, seed 0)
    enforce_reserve(s, t, b, p, prm)


@njit(cache=True)
def put_into_play_free(s, t, b, p, prm, i):
    """Card i enters p's play free (Potion of Dreams) and its effect applies; returns whether it
    entered (see enter_free)."""
    if not enter_free(s, t, b, p, i):
        return False
    resolve_enter(s, t, b, p, prm, i)
    return True


# ---------------------------------------------------------------------------------------------
# When-enters-play effects (F: Power card timing)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def items_in_play(s, t, b, p, exclude):
    c = zone_of(p, Z_PLAY)
    n = 0
    for k in range(s.cont_n[b, c]):
        i = s.cont[b, c, k]
        if i != exclude and t.card_kind[t.inst_card[i]] == K_ITEM:
            n += 1
    return n


@njit(cache=True)
def on_enter(s, t, b, p, prm, i):
    """Apply card i's when-enters-play effect for its owner p. Returns a card it put into play
    free whose own effect is still to apply (Divine Chalice), else -1."""
    card = eff_card(s, t, b, i)
    e = t.card_effect[card]
    nxt = -1
    if not (t.card_timing[card] & TM_ENTER):
        return nxt
    log(s, b, EV_EFFECT, e, 0, p)
    if e == E_AMULET_AIR:
        change_gauge(s, b, p, 2)
    elif e == E_AMULET_FIRE:
        draw_n_keep_one(s, t, b, p, prm, 4)
    elif e == E_AMULET_EARTH:
        gain_crystals(s, b, p, 9)
    elif e == E_TEMPORAL_BOOTS:
        d = B.time_move_choice(s, t, b, p, prm[p], 3)
        if d != 0:
            move_season(s, t, b, prm, d)
    elif e == E_DIVINE_CHALICE:
        for _ in range(4):
            k = draw_top(s, b, C_REVEAL)
            if k < 0:
                break
            see(s, t, b, p, k)
        # a card that cannot enter this way is not a choice (Mesodae's Lantern): discarded now
        r = 0
        while r < s.cont_n[b, C_REVEAL]:
            k = s.cont[b, C_REVEAL, r]
            if t.card_effect[t.inst_card[k]] == E_MESODAE_LANTERN:
                discard(s, t, b, p, k)
                continue
            r += 1
        best = B.pick_from(s, t, b, p, prm[p], C_REVEAL)
        if best >= 0:
            if enter_free(s, t, b, p, best):
                nxt = best
            else:
                discard(s, t, b, p, best)
        while s.cont_n[b, C_REVEAL] > 0:
            discard(s, t, b, p, s.cont[b, C_REVEAL, 0])
    elif e == E_SYLLAS:
        for q in range(s.players[b]):
            if q != p:
                k = B.worst_in(s, t, b, q, prm[q], zone_of(q, Z_PLAY), False)
                if k >= 0:
                    sacrifice(s, t, b, q, prm, k)
    elif e == E_NARIA:
        for _ in range(s.players[b]):
            k = draw_top(s, b, C_REVEAL)
            if k >= 0:
                see(s, t, b, p, k)
        k = B.pick_from(s, t, b, p, prm[p], C_REVEAL)
        if k >= 0:
            take_into_hand(s, t, b, p, prm, k, True)
        for d in range(1, s.players[b]):
            q = (p + d) % s.players[b]
            k = B.worst_in(s, t, b, p, prm[p], C_REVEAL, False)
            if k >= 0:
                see(s, t, b, q, k)
                take_into_hand(s, t, b, q, prm, k, True)
    elif e == E_AMSUG:
        for d in range(s.players[b]):
            q = (p + d) % s.players[b]
            k = B.item_to_take_back(s, t, b, q, prm[q])
            if k >= 0:
                leave_play(s, t, b, q, prm, k, zone_of(q, Z_HAND), False)
                log(s, b, EV_TO_HAND, t.inst_card[k], q, 1)
                if s.enchant[b] == EN_ARGOS_EMBRACE:
                    place(s, b, k, C_REVEAL)
                    take_into_hand(s, t, b, q, prm, k, False)
    elif e == E_GRIMOIRE:
        gain_energy_choice(s, t, b, p, prm, 2)
    elif e == E_LEWIS:
        q = B.richest_opponent(s, b, p)
        if q >= 0:
            for x in range(NEN):
                gain_energy(s, t, b, p, prm, x, s.energy[b, q, x])
    elif e == E_SCEPTER:
        gain_crystals(s, b, p, 3 * items_in_play(s, t, b, p, i))
    elif e == E_OLAF_STATUE:
        gain_crystals(s, b, p, 20)
    elif e == E_VAMPIRIC_CROWN:
        k = B.crown_discard(s, t, b, p, prm[p])
        if k >= 0:
            discard(s, t, b, p, k)
        else:
            k = draw_top(s, b, C_REVEAL)
            if k >= 0:
                see(s, t, b, p, k)
                s.seat[b, p, S_DRAWN] += 1
                log(s, b, EV_DRAW, t.inst_card[k], p, 1)
                take_into_hand(s, t, b, p, prm, k, True)
        if k >= 0:
            gain_energy_choice(s, t, b, p, prm, max(0, t.card_prestige[t.inst_card[k]]))
    elif e == E_DEMON_ARGOS:
        for q in range(s.players[b]):
            if q != p:
                lower_gauge_by_opponent(s, b, q, 1)
                draw_must_keep(s, t, b, q, prm)
    elif e == E_AIR_ELEMENTAL:
        for q in range(s.players[b]):
            if q != p:
                n = 0
                for x in range(NEN):
                    if x != AIR and s.energy[b, q, x] > 0:
                        log(s, b, EV_LOSE_ENERGY, x, s.energy[b, q, x], q)  # trace only: the
                        n += s.energy[b, q, x]                               # reserve keeps them
                        s.energy[b, q, x] = 0
                s.energy[b, q, AIR] += n
                if n > 0:
                    log(s, b, EV_ENERGY, AIR, n, q)
    elif e == E_CURSED_TREATISE:
        gain_energy_choice(s, t, b, p, prm, 2)
        gain_crystals(s, b, p, 10)
        change_gauge(s, b, p, 1)
    elif e == E_IDOL_FAMILIAR:
        gain_crystals(s, b, p, t.rules[R_IDOL_ENTER])
    elif e == E_PENDANT_RAGNOR:
        gain_energy_choice(s, t, b, p, prm, items_in_play(s, t, b, p, i))
    elif e == E_SID:
        most = True
        for q in range(s.players[b]):
            if q != p and s.crystals[b, q] >= s.crystals[b, p]:
                most = False
        if most:
            for q in range(s.players[b]):
                if q != p:
                    steal_crystals(s, b, q, p, 5)
    elif e == E_ARGOS_HAWK:
        gain_crystals(s, b, p, 10)
        change_gauge(s, b, p, 1)
    elif e == E_WARDEN_ARGOS:
        # every player, the owner included (ruling, EK: Správce Argu "hráči"), suffers the option
        # the owner picks: 4 energies or one hand card
        if B.warden_energy(s, t, b, p, prm[p]):
            for q in range(s.players[b]):
                for _ in range(4):
                    if energy_total(s, b, q) == 0:
                        break
                    lose_energy(s, b, q, B.choose_lose(s, t, b, q, prm[q]), 1)
        else:
            for q in range(s.players[b]):
                k = B.worst_in(s, t, b, q, prm[q], zone_of(q, Z_HAND), False)
                if k >= 0:
                    sh = shield_of(s, t, b, q)
                    if sh >= 0 and B.want_shield(s, t, b, q, prm[q], k):
                        leave_play(s, t, b, q, prm, sh, C_DISCARD, True)
                        gain_crystals(s, b, q, 10)
                    else:
                        discard(s, t, b, q, k)
    elif e == E_RATTY:
        for q in range(s.players[b]):
            if q != p:
                for _ in range(2):
                    if energy_total(s, b, q) == 0:
                        break
                    x = B.choose_steal(s, t, b, p, prm[p], q)
                    lose_energy(s, b, q, x, 1)
                    gain_energy(s, t, b, p, prm, x, 1)
    elif e == E_AMULET_WATER:
        for _ in range(4):
            store_energy(s, b, i, B.choose_gain(s, t, b, p, prm[p]), 1)
    elif e == E_DAMNED_SOUL:
        gain_crystals(s, b, p, 10)
        gain_energy(s, t, b, p, prm, WATER, 1)
    elif e == E_THRONE_RENEWAL:
        # a hand card must be discarded; only then draw one and move 1 back on the bonus track
        k = B.worst_in(s, t, b, p, prm[p], zone_of(p, Z_HAND), False)
        if k >= 0:
            discard(s, t, b, p, k)
            draw_must_keep(s, t, b, p, prm)
            if s.bonus_n[b, p] > 0:
                s.bonus_n[b, p] -= 1
    elif e == E_SELENIA_CODEX:
        k = B.codex_target(s, t, b, p, prm[p], i)
        if k >= 0:
            leave_play(s, t, b, p, prm, k, C_REVEAL, False)
            take_into_hand(s, t, b, p, prm, k, False)
    elif e == E_FAMILIAR_CATCHER or e == E_SCROLL_ISHTAR:
        named = B.scroll_energy(s, t, b, p, prm[p]) if e == E_SCROLL_ISHTAR else -1
        for attempt in range(2):
            k = reveal_until(s, t, b, p, named)
            if k < 0:
                break
            if attempt == 1 or B.keep_drawn(s, t, b, p, prm[p], t.inst_card[k]):
                take_into_hand(s, t, b, p, prm, k, True)
                break
            discard(s, t, b, p, k)
        while s.cont_n[b, C_REVEAL] > 0:
            discard(s, t, b, p, s.cont[b, C_REVEAL, 0])
    elif e == E_ELEMENTAL_AMULET:
        # one effect per energy type paid; entering play free counts all four (FAQ note)
        mask = s.c_mark[b, i] & 15 if s.c_mark[b, i] & 16 else 15
        s.c_mark[b, i] = 0
        if mask & 1:
            gain_energy_choice(s, t, b, p, prm, 2)
        if mask & 2:
            gain_crystals(s, b, p, 5)
        if mask & 4:
            draw_keep_or_discard(s, t, b, p, prm)
        if mask & 8:
            change_gauge(s, b, p, 1)
    elif e == E_RAVEN:
        # EK: pay the mimicked item's cost; its effects are the Raven's from now on, and its
        # when-enters-play effect applies at once (the loop in resolve_enter runs it)
        k = B.raven_target(s, t, b, p, prm[p])
        plan = s.scratch[b, 3]
        if k >= 0 and pay_plan(s, t, b, p, t.inst_card[k], False, plan):
            for x in range(NEN):
                spend_energy(s, t, b, p, x, plan[x])
            for _ in range(plan[5]):
                lose_energy(s, b, p, B.choose_lose(s, t, b, p, prm[p]), 1)
            lose_crystals(s, b, p, plan[4])
            set_copy(s, b, i, k)
            if t.card_effect[t.inst_card[k]] == E_ELEMENTAL_AMULET:
                s.c_mark[b, i] = 16 | plan[6]
            log(s, b, EV_EFFECT, E_RAVEN, t.inst_card[k], p)
            nxt = i
    elif e == E_AMULET_TIME:
        gain_energy_choice(s, t, b, p, prm, 2)
        n = B.amulet_time_swaps(s, t, b, p, prm[p])
        for _ in range(n):
            k = B.worst_in(s, t, b, p, prm[p], zone_of(p, Z_HAND), False)
            if k < 0:
                break
            discard(s, t, b, p, k)
        got = 0
        for _ in range(n):
            k = draw_revealed(s, t, b, p, 1)
            if k < 0:
                break
            put_in_hand(s, t, b, p, k, True)
            got += 1
        if got > 0:
            embrace_toll(s, t, b, p, prm)  # one taking of the X cards (EK: once per taking)

    return nxt

@njit(cache=True)
def reveal_until(s, t, b, p, named):
    """Reveal cards from the draw pile (into the reveal area) until a familiar (named < 0) or a
    magic item whose cost includes energy ``named`` (Familiar Catcher, Scroll of Ishtar). Returns
    that card (left in the reveal area with the misses), or -1 when the piles run out."""
    pc = s.players[b] - 2
    for _ in range(s.n_inst[b]):
        k = draw_top(s, b, C_REVEAL)
        if k < 0:
            return -1
        see(s, t, b, p, k)
        card = t.inst_card[k]
        if named < 0 and t.card_kind[card] == K_FAMILIAR:
            return k
        if named >= 0 and t.card_kind[card] == K_ITEM and t.card_cost[pc, card, named] > 0:
            return k
    return -1


@njit(cache=True)
def to_bottom(s, b, c, i):
    """Put card i at the bottom of pile c (Potion of Resurrection)."""
    place(s, b, i, c)
    n = s.cont_n[b, c]
    for k in range(n - 1, 0, -1):
        s.cont[b, c, k] = s.cont[b, c, k - 1]
        s.c_pos[b, s.cont[b, c, k]] = k
    s.cont[b, c, 0] = i
    s.c_pos[b, i] = 0


@njit(cache=True)
def pass_card(s, t, b, p, prm, i, q):
    """Card i leaves p's play for q's, straightened; q keeps it even beyond its gauge (Damned
    Soul of Onys FAQ note)."""
    leave_play(s, t, b, p, prm, i, zone_of(q, Z_PLAY), False)
    s.over[b, q] = max(s.over[b, q], in_play(s, b, q) - s.gauge[b, q])
    log(s, b, EV_PASS, t.inst_card[i], p, q)


# ---------------------------------------------------------------------------------------------
# Activated effects: turn the card, once a round (F: Power card timing)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def activate(s, t, b, p, prm, i, mode):
    """Activate card i of p (``mode`` picks between a card's alternatives: Tree of Light 1 =
    crystals for energy, 2 = energy for transmuting). Thieving Fairies collect from p."""
    card = t.inst_card[i]
    e = t.card_effect[eff_card(s, t, b, i)]
    s.c_tap[b, i] = 1
    s.seat[b, p, S_ACTIVATIONS] += 1
    s.card[b, p, card, C_ACT] += 1
    log(s, b, EV_ACTIVATE, card, mode, p)
    for q in range(s.players[b]):
        if q != p:
            for _ in range(count_effect(s, t, b, q, E_THIEVING_FAIRIES)):
                steal_crystals(s, b, p, q, 1)
                gain_crystals(s, b, q, 1)
    # Heart of Argos: once a round, an activation charges one earth, paid at round end (EK)
    c = zone_of(p, Z_PLAY)
    for k in range(s.cont_n[b, c] if count_effect(s, t, b, p, E_HEART_ARGOS) > 0 else 0):
        h = s.cont[b, c, k]
        if t.card_effect[eff_card(s, t, b, h)] == E_HEART_ARGOS:
            s.c_mark[b, h] = 1
    if e == E_DIE_MALICE:
        k = s.die_k[b]
        s.roll[b, k] = randbelow(s.rng, b, RS_DICE, 6)
        se = s.roll_season[b]  # the die on the table, whatever the season token says now
        log(s, b, EV_ROLL, k, se * 10 + s.dice[b, se, k], s.roll[b, k])
        gain_crystals(s, b, p, 2)
    elif e == E_GLUTTON_CAULDRON:
        x = B.choose_lose(s, t, b, p, prm[p])
        lose_energy(s, b, p, x, 1)
        store_energy(s, b, i, x, 1)
        if stored(s, b, i) >= 7:
            # full: its 7 energies go to the reserve, +15 crystals, and it is sacrificed
            for y in range(NEN):
                n = s.c_store[b, i, y]
                s.c_store[b, i, y] = 0
                s.e_out[b] += n
                gain_energy(s, t, b, p, prm, y, n)
            gain_crystals(s, b, p, 15)
            sacrifice(s, t, b, p, prm, i)
    elif e == E_JEWEL_ANCIENTS:
        x = B.jewel_energy(s, t, b, p, prm[p])
        spend_energy(s, t, b, p, x, 3)
        store_energy(s, b, i, x, 1)
    elif e == E_FAIRY_MONOLITH:
        # return any number of the stored energies, at least one (cards.json); the bot chooses
        # how many (the heuristic: no more than its reserve has room for) and which
        n = B.monolith_count(s, t, b, p, prm[p], i)
        for _ in range(n):
            y = B.monolith_energy(s, t, b, p, prm[p], i)
            s.c_store[b, i, y] -= 1
            s.e_out[b] += 1
            gain_energy(s, t, b, p, prm, y, 1)
    elif e == E_CRYSTAL_ORB:
        if mode == 1:
            k = draw_top(s, b, C_REVEAL)
            if k >= 0:
                see(s, t, b, p, k)
                # checked before paying: a card that cannot enter is not paid for (cards.json)
                if energy_total(s, b, p) >= 4 and can_enter_free(s, t, b, p, t.inst_card[k]) and \
                        B.want_orb_card(s, t, b, p, prm[p], t.inst_card[k]):
                    for _ in range(4):
                        lose_energy(s, b, p, B.choose_lose(s, t, b, p, prm[p]), 1)
                    enter_free(s, t, b, p, k)
                    resolve_enter(s, t, b, p, prm, k)
                else:
                    place(s, b, k, C_DECK)  # back on top
        else:
            lose_crystals(s, b, p, 3)
            k = draw_top(s, b, C_REVEAL)
            if k >= 0:
                discard(s, t, b, p, k)
    elif e == E_DAMNED_SOUL:
        lose_energy(s, b, p, WATER, 1)
        pass_card(s, t, b, p, prm, i, (p + 1) % s.players[b])
    elif e == E_MIRROR_SEASONS:
        # mode = give * 100 + want * 10 + X: X crystals turn X energies of one type into another
        give = mode // 100
        want = (mode // 10) % 10
        x = min(mode % 10, s.energy[b, p, give], s.crystals[b, p])
        lose_crystals(s, b, p, x)
        lose_energy(s, b, p, give, x)
        gain_energy(s, t, b, p, prm, want, x)
    elif e == E_ARCANE_TELESCOPE:
        lose_crystals(s, b, p, 2)
        reorder_top(s, t, b, p, prm)
    elif e == E_POTION_RESURRECTION:
        sacrifice(s, t, b, p, prm, i)
        # the five cards under the Potion itself (ruling: it does not fetch itself back)
        d = C_DISCARD
        for _ in range(5):
            n = s.cont_n[b, d]
            if n <= 1:
                break
            see(s, t, b, p, s.cont[b, d, n - 2])
            place(s, b, s.cont[b, d, n - 2], C_REVEAL)
        k = B.pick_from(s, t, b, p, prm[p], C_REVEAL)
        if k >= 0:
            take_into_hand(s, t, b, p, prm, k, True)
        while s.cont_n[b, C_REVEAL] > 0:
            to_bottom(s, b, d, s.cont[b, C_REVEAL, s.cont_n[b, C_REVEAL] - 1])
    elif e == E_BALANCE_ISHTAR:
        n = t.rules[R_ISHTAR_N]
        x = B.ishtar_energy(s, t, b, p, prm[p], n)
        lose_energy(s, b, p, x, n)
        # the corrected card "transmutes" into 9: Purse of Io and bonuses add (cards.json note);
        # ruling: the first printing (12 crystals) is treated the same way
        convert_energy(s, t, b, p, n, t.rules[R_ISHTAR_CRYSTALS] // n)
    elif e == E_KAIRN:
        lose_energy(s, b, p, B.choose_lose(s, t, b, p, prm[p]), 1)
        for q in range(s.players[b]):
            if q != p:
                lose_crystals(s, b, q, 4)
    elif e == E_POTION_POWER:
        sacrifice(s, t, b, p, prm, i)
        draw_must_keep(s, t, b, p, prm)
        change_gauge(s, b, p, 2)
    elif e == E_POTION_DREAMS:
        sacrifice(s, t, b, p, prm, i)
        for x in range(NEN):
            lose_energy(s, b, p, x, s.energy[b, p, x])
        k = B.dreams_target(s, t, b, p, prm[p])
        if k >= 0:
            put_into_play_free(s, t, b, p, prm, k)
    elif e == E_POTION_KNOWLEDGE:
        sacrifice(s, t, b, p, prm, i)
        gain_energy_choice(s, t, b, p, prm, 5)
    elif e == E_POTION_LIFE:
        sacrifice(s, t, b, p, prm, i)
        n = energy_total(s, b, p)
        for x in range(NEN):
            lose_energy(s, b, p, x, s.energy[b, p, x])
        convert_energy(s, t, b, p, n, 4)
    elif e == E_TREE_LIGHT:
        if mode == 1:
            lose_crystals(s, b, p, 3)
            gain_energy_choice(s, t, b, p, prm, 1)
        else:
            lose_energy(s, b, p, B.choose_lose(s, t, b, p, prm[p]), 1)
            allow_transmute(s, b)
    elif e == E_DRAGON_SKULL:
        # any 3 power cards in play, the Skull itself included (ruling: the card names no
        # exception); the bot gives its 3 least valued
        for _ in range(3):
            k = B.worst_in(s, t, b, p, prm[p], zone_of(p, Z_PLAY), False)
            if k < 0:
                break
            sacrifice(s, t, b, p, prm, k)
        gain_crystals(s, b, p, 15)
    elif e == E_IDOL_FAMILIAR:
        c = zone_of(p, Z_PLAY)
        n = 0
        for k in range(s.cont_n[b, c]):
            if t.card_kind[t.inst_card[s.cont[b, c, k]]] == K_FAMILIAR:
                n += 1
        gain_crystals(s, b, p, n)
    elif e == E_NECROTIC_KRISS:
        k = B.familiar_to_lose(s, t, b, p, i, prm[p])
        if s.c_cont[b, k] == zone_of(p, Z_PLAY):
            sacrifice(s, t, b, p, prm, k)
        else:
            discard(s, t, b, p, k)
        gain_energy_choice(s, t, b, p, prm, 4)
    elif e == E_ARGOS_HAWK:
        sacrifice(s, t, b, p, prm, i)
        for q in range(s.players[b]):
            if q != p:
                lower_gauge_by_opponent(s, b, q, 1)
                gain_crystals(s, b, q, 6)


# ---------------------------------------------------------------------------------------------
# Time: the season wheel (F: Board, time and years)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def new_year(s, t, b, prm):
    """Years II and III: every player takes the cards under that year's Library token into hand
    (F: Board, time and years). These cards do not trigger Argos' Embrace (EK)."""
    lib = Z_LIB2 if s.year[b] == 2 else Z_LIB3
    for p in range(s.players[b]):
        c = zone_of(p, lib)
        while s.cont_n[b, c] > 0:
            i = s.cont[b, c, s.cont_n[b, c] - 1]
            place(s, b, i, zone_of(p, Z_HAND))
            log(s, b, EV_TO_HAND, t.inst_card[i], p, 2)


@njit(cache=True)
def move_season(s, t, b, prm, delta):
    """Move the season token ``delta`` spaces (negative = back). Passing space 12 starts a new
    year (past year III the game ends with this round); moving back past space 1 returns to the
    previous year, hands kept (F: Temporal Boots note). A change of season fires its triggers,
    the final one past year III included."""
    old = s.month[b]
    y0 = s.year[b]
    m = old + delta
    y = y0
    while m > 12:
        m -= 12
        y += 1
    while m < 1:
        m += 12
        y -= 1
    s.month[b] = m
    log(s, b, EV_TIME, delta, m, y)
    while s.year[b] < y:
        s.year[b] += 1
        if s.year[b] > 3:
            s.ending[b] = 1
            break
        log(s, b, EV_YEAR, s.year[b], 0, 0)
        new_year(s, t, b, prm)
    if s.year[b] > y:
        s.year[b] = y
        log(s, b, EV_YEAR, y, 1, 0)
    # the final move past year III's end is a change of season too (F: end of year III)
    if season_of(m) != season_of(old):
        season_change(s, t, b, prm, season_of(old))


@njit(cache=True)
def season_change(s, t, b, prm, old_season):
    """Change of season (F: 'Change of season' triggers): Figrim, Hourglass of Time; Drought
    when the token enters summer (EK: Sucho)."""
    log(s, b, EV_SEASON, season_of(s.month[b]), 0, 0)
    np_ = s.players[b]
    for d in range(np_):
        p = (s.first[b] + d) % np_
        for _ in range(count_effect(s, t, b, p, E_FIGRIM)):
            for q in range(np_):
                if q != p:
                    steal_crystals(s, b, q, p, 1)
        for _ in range(count_effect(s, t, b, p, E_HOURGLASS)):
            gain_energy_choice(s, t, b, p, prm, 1)
        for _ in range(count_effect(s, t, b, p, E_STATUE_EOLIS)):
            if B.statue_energy(s, t, b, p, prm[p]):
                gain_energy_choice(s, t, b, p, prm, 1)
            else:
                gain_crystals(s, b, p, 2)  # and a look at the top card (no effect here)
    # Drought: the token reaches summer moving forward (from spring), once a year
    if (s.enchant[b] == EN_DROUGHT and season_of(s.month[b]) == 2 and old_season == 1
            and s.drought_year[b] != s.year[b]):
        s.drought_year[b] = s.year[b]
        drought(s, t, b, prm)


@njit(cache=True)
def drought(s, t, b, prm):
    """Drought (EK: Sucho): the player strictly highest on the crystal track sacrifices a card or
    loses one reserve space for good (no card in play: the reserve)."""
    top = -1
    best = -1
    tie = False
    for p in range(s.players[b]):
        if s.crystals[b, p] > best:
            best = s.crystals[b, p]
            top = p
            tie = False
        elif s.crystals[b, p] == best:
            tie = True
    if tie:
        return
    k = B.drought_sacrifice(s, t, b, top, prm[top])
    log(s, b, EV_DROUGHT, top, 1 if k >= 0 else 0, 0)
    if k >= 0:
        sacrifice(s, t, b, top, prm, k)
    else:
        s.reduced[b, top] += 1
        enforce_reserve(s, t, b, top, prm)


# ---------------------------------------------------------------------------------------------
# Setup and prelude (F: Prelude; EK: special-ability tokens, enchantments)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def setup(s, t, b, players, seed_words, game_id):
    """Reset row b: random streams, enchantment, the shuffled draw pile, the season dice in use,
    3 special-ability tokens per player; season token on space 1 of year I."""
    for k in range(NSTREAM):
        s.rng[b, k] = stream_seed(seed_words, k, game_id)
    s.players[b] = players
    s.cont_n[b, :] = 0
    s.c_cont[b, :] = -1
    s.eff_n[b, :, :] = 0
    s.energy[b, :, :] = 0
    s.crystals[b, :] = 0
    s.gauge[b, :] = 0
    s.over[b, :] = 0
    s.reduced[b, :] = 0
    s.bonus_n[b, :] = 0
    s.token_deal[b, :, :] = 0
    s.token[b, :] = 0
    s.token_used[b, :] = 0
    s.month[b] = 1
    s.year[b] = 1
    s.ending[b] = 0
    s.drought_year[b] = 0
    s.first[b] = 0
    s.cur[b] = 0
    s.rnd[b] = 0
    s.score_hist[b, :, :] = 0
    s.turn[b] = 0
    s.done[b] = 0
    s.winner[b] = -1
    s.end_reason[b] = END_YEARS
    s.e_in[b] = 0
    s.e_out[b] = 0
    s.seat[b, :, :] = 0
    s.card[b, :, :, :] = 0
    s.ev_n[b] = 0
    s.can_trans[b] = 0
    s.trans_extra[b] = 0
    s.summons[b] = 0
    s.vision_used[b] = 0
    s.hold[b] = 0
    ne = t.enchant_pool.shape[0]
    s.enchant[b] = -1 if ne == 0 else t.enchant_pool[randbelow(s.rng, b, RS_SETUP, ne)]
    log(s, b, EV_SETUP, s.enchant[b], t.inst_card.shape[0], 0)
    n = t.inst_card.shape[0]
    s.n_inst[b] = n
    for i in range(n):
        s.inst_eff[b, i] = t.card_effect[t.inst_card[i]]
        # every card starts clean: no energy kept on it, untapped, unmarked, copying nothing (a
        # card still holding energy at the end of the row's previous game kept it: 0.2.1 fix)
        s.c_tap[b, i] = 0
        s.c_mark[b, i] = 0
        s.c_copy[b, i] = -1
        for e in range(NEN):
            s.c_store[b, i, e] = 0
        place(s, b, i, C_DECK)
    for p in range(MAXP):
        s.die_of[b, p] = -1
    shuffle(s, b, C_DECK, RS_SETUP)
    # players + 1 of each season's 5 dice, chosen at setup and kept all game (F: Dice pool, BGA)
    for se in range(NSEASON):
        pool = s.scratch[b, 0]
        for d in range(NDIE):
            pool[d] = d
        for k in range(players + 1):
            j = k + randbelow(s.rng, b, RS_SETUP, NDIE - k)
            a = pool[k]
            pool[k] = pool[j]
            pool[j] = a
            s.dice[b, se, k] = pool[k]
    nt = t.token_pool.shape[0]
    if nt >= 3 * players:
        pool = s.scratch[b, 0]
        for k in range(nt):
            pool[k] = t.token_pool[k]
        for k in range(3 * players):
            j = k + randbelow(s.rng, b, RS_SETUP, nt - k)
            a = pool[k]
            pool[k] = pool[j]
            pool[j] = a
        for p in range(players):
            for k in range(3):
                s.token_deal[b, p, k] = pool[3 * p + k]
                s.seat[b, p, S_TOKCH1 + k] = pool[3 * p + k]
            log(s, b, EV_TOKENS_DEALT, s.token_deal[b, p, 0], s.token_deal[b, p, 1],
                s.token_deal[b, p, 2] * 10 + p)


@njit(cache=True)
def prelude(s, t, b, prm):
    """The prelude (F: Prelude): deal 9 cards each, draft (pick one, pass the rest to the left),
    split into 3 piles of 3: year I to hand, years II and III under the Library tokens.
    Elemental Construction: 18 dealt, keep 9, no passing; Extended Experience: 12 dealt, piles of
    4; Natural Selection: 11 dealt, the first pick is discarded, one more discarded at the end
    (EK: Očarování ovlivňující předehru). Then each player keeps one of its 3 tokens (EK)."""
    np_ = s.players[b]
    ench = s.enchant[b]
    deal = 9
    per_pile = 3
    if ench == EN_ELEMENTAL_CONSTRUCTION:
        deal = 18
    elif ench == EN_EXTENDED_EXPERIENCE:
        deal = 12
        per_pile = 4
    elif ench == EN_NATURAL_SELECTION:
        deal = 11
    for q in range(np_):
        for _ in range(deal):
            draw_top(s, b, zone_of(q, Z_PACKET))
    if ench == EN_ELEMENTAL_CONSTRUCTION:
        for p in range(np_):
            c = zone_of(p, Z_PACKET)
            for k in range(s.cont_n[b, c]):
                see(s, t, b, p, s.cont[b, c, k])
            for _ in range(9):
                i = B.pick_from(s, t, b, p, prm[p], c)
                draft_pick(s, t, b, p, i)
            while s.cont_n[b, c] > 0:
                place(s, b, s.cont[b, c, 0], C_DECK)
        shuffle(s, b, C_DECK, RS_SETUP)
    else:
        for r in range(deal):
            for p in range(np_):
                q = (p - r) % np_  # packets pass left: seat p holds packet (p - r)
                c = zone_of(q, Z_PACKET)
                for k in range(s.cont_n[b, c]):
                    see(s, t, b, p, s.cont[b, c, k])
                i = B.pick_from(s, t, b, p, prm[p], c)
                if ench == EN_NATURAL_SELECTION and r == 0:
                    discard(s, t, b, p, i)
                else:
                    draft_pick(s, t, b, p, i)
        if ench == EN_NATURAL_SELECTION:
            for p in range(np_):
                k = B.worst_in(s, t, b, p, prm[p], zone_of(p, Z_PICK), False)
                s.card[b, p, t.inst_card[k], C_DRAFTED] -= 1
                s.card[b, p, t.inst_card[k], C_ACQ] -= 1
                if s.card[b, p, t.inst_card[k], C_DRAFTED] == 0:
                    s.card[b, p, t.inst_card[k], C_PICK] = 0  # discarded: not drafted after all
                discard(s, t, b, p, k)
    for p in range(np_):
        n = B.split_piles(s, t, b, p, prm[p], per_pile)
        for k in range(n):
            i = s.scratch[b, 0, k]
            z = Z_HAND if k < per_pile else (Z_LIB2 if k < 2 * per_pile else Z_LIB3)
            place(s, b, i, zone_of(p, z))
            log(s, b, EV_PILE, t.inst_card[i], z, p)
    for p in range(np_):
        fixed = int(prm[p, B.P_FIXED_TOKEN])
        if 0 <= fixed <= 12:
            # a token study fixes what this bot holds (0: no token) instead of keeping 1 of its 3
            if fixed > 0:
                s.token[b, p] = fixed
                if fixed == 5:
                    s.token_used[b, p] = 1  # permanent, as below
                log(s, b, EV_TOKEN_KEEP, fixed, p, 0)
            continue
        k = B.choose_token(s, t, b, p, prm[p])
        if k >= 0:
            s.token[b, p] = s.token_deal[b, p, k]
            if s.token[b, p] == 5:
                s.token_used[b, p] = 1  # permanent: applies at the end without being flipped
            log(s, b, EV_TOKEN_KEEP, s.token[b, p], p, 0)


@njit(cache=True)
def draft_pick(s, t, b, p, i):
    place(s, b, i, zone_of(p, Z_PICK))
    s.card[b, p, t.inst_card[i], C_DRAFTED] += 1
    s.card[b, p, t.inst_card[i], C_ACQ] += 1
    if s.card[b, p, t.inst_card[i], C_PICK] == 0:  # the place of the pick: the cards picked so far
        s.card[b, p, t.inst_card[i], C_PICK] = s.cont_n[b, zone_of(p, Z_PICK)]
    log(s, b, EV_DRAFT, t.inst_card[i], p, 0)


# ---------------------------------------------------------------------------------------------
# The round and the turn (F: Board, time and years; Die faces; Bonus track; EK tokens)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def roll_season_dice(s, t, b):
    """Roll players + 1 dice of the current season; untap the cards (F: Power card timing)."""
    se = season_of(s.month[b])
    s.roll_season[b] = se
    for p in range(MAXP):
        s.die_of[b, p] = -1
    for k in range(s.players[b] + 1):
        s.roll[b, k] = randbelow(s.rng, b, RS_DICE, 6)
        s.taken[b, k] = 0
        log(s, b, EV_ROLL, k, se * 10 + s.dice[b, se, k], s.roll[b, k])
    for p in range(s.players[b]):
        c = zone_of(p, Z_PLAY)
        for k in range(s.cont_n[b, c]):
            s.c_tap[b, s.cont[b, c, k]] = 0


@njit(cache=True)
def apply_die(s, t, b, p, prm, k):
    """Apply the face of die k for p (F: Die faces): energies into the reserve, crystals, gauge
    star, the transmute circle, the card draw (bonus 4 may turn it into draw 2 keep 1). The die
    is one of the dice rolled at the round's start (``roll_season``), even if the season token
    has moved since."""
    se = s.roll_season[b]
    d = s.dice[b, se, k]
    f = s.roll[b, k]
    for e in range(NEN):
        gain_energy(s, t, b, p, prm, e, t.face_energy[se, d, f, e])
    cr = t.face_crystals[se, d, f]
    gain_crystals(s, b, p, cr)
    s.seat[b, p, S_DICE_CRYSTALS] += cr
    fl = t.face_flags[se, d, f]
    if fl & FF_STAR:
        change_gauge(s, b, p, 1)
    if fl & FF_TRANS:
        allow_transmute(s, b)
    elif cr > 0 and not s.can_trans[b] and count_effect(s, t, b, p, E_IO_TRANSMUTER) > 0:
        s.can_trans[b] = 1  # Io's Transmuter: a crystal face allows transmuting (EK)
        s.io_trans[b] = 1
    if fl & FF_DRAW:
        if s.bonus_n[b, p] < MAX_BONUS and B.want_bonus_draw2(s, t, b, p, prm[p]):
            use_bonus(s, b, p, B_DRAW2)
            draw_n_keep_one(s, t, b, p, prm, 2)
        else:
            draw_keep_or_discard(s, t, b, p, prm)


@njit(cache=True)
def use_bonus(s, b, p, which):
    """Move p's token on the bonus track (at most 3 a game; F: Bonus track)."""
    s.bonus_n[b, p] += 1
    s.seat[b, p, S_BONUSES] += 1
    log(s, b, EV_BONUS, which, s.bonus_n[b, p], p)


@njit(cache=True)
def bonus_exchange(s, t, b, p, prm, card, plan):
    """Bonus 1: exchange up to 2 reserve energies for others, aimed at paying ``card``."""
    use_bonus(s, b, p, B_EXCHANGE)
    for _ in range(2):
        give, want = B.exchange_swap(s, t, b, p, card)
        if give < 0:
            break
        lose_energy(s, b, p, give, 1)
        gain_energy(s, t, b, p, prm, want, 1)


@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def summon_phase(s, t, b, p, prm):
    """p's summons and activations (any order the bot likes, repeated while something happens):
    activate cards worth it, summon the best summonable hand card, or spend a bonus to make the
    best card summonable (gauge +1 or energy exchange). Returns whether anything happened."""
    me = prm[p]
    plan = s.scratch[b, 5]
    any_act = False
    for _ in range(40):
        acted = False
        i, mode = B.choose_activation(s, t, b, p, me)
        if i >= 0 and can_activate(s, t, b, p, i):
            activate(s, t, b, p, prm, i, mode)
            acted = True
        i = B.choose_summon(s, t, b, p, me)
        i = L.summon_hook(s, t, b, p, prm, i, 0, 0)
        if s.hold[b]:
            pass  # a lookahead chose to summon nothing more this turn (nor to buy a summon with a bonus)
        elif i >= 0 and can_summon(s, t, b, p, i, plan):
            summon(s, t, b, p, prm, i, plan)
            acted = True
        elif s.bonus_n[b, p] < MAX_BONUS and s.bonus_n[b, p] < me[B.P_MAX_BONUS] + 100 * me[B.P_RANDOM]:
            i, which = B.bonus_for_summon(s, t, b, p, me)
            if i >= 0:
                card = t.inst_card[i]
                if which == B_GAUGE and s.gauge[b, p] < MAX_GAUGE:
                    use_bonus(s, b, p, B_GAUGE)
                    change_gauge(s, b, p, 1)
                    acted = True
                elif which == B_EXCHANGE:
                    bonus_exchange(s, t, b, p, prm, card, plan)
                    acted = True
        any_act = any_act or acted
        if not acted or s.done[b]:
            break
    return any_act


@njit(cache=True)
def transmute_phase(s, t, b, p, prm):
    """Transmute energies into crystals when the die, a card, a bonus or token 6 allows it this
    turn (F: Transmutation); late in year III the bot may buy the permission with bonus 2."""
    me = prm[p]
    if not s.can_trans[b] and s.bonus_n[b, p] < MAX_BONUS and B.want_bonus_transmute(s, t, b, p, me):
        use_bonus(s, b, p, B_TRANSMUTE)
        allow_transmute(s, b)
        s.trans_extra[b] += 1
    if not s.can_trans[b]:
        return
    for e in range(NEN):
        n = B.transmute_count(s, t, b, p, me, e)
        if n > 0:
            transmute(s, t, b, p, e, n)


@njit(cache=True)
def transmute_for_cost(s, t, b, p, prm):
    """When p may transmute and its best hand card lacks only crystals, transmute the energies
    that card's cost does not use (best rate first) if that pays the crystals short; returns
    whether it transmuted (F round structure: transmutation and summons in any order)."""
    if not s.can_trans[b]:
        return False
    i, short = B.crystal_short_card(s, t, b, p, prm[p])
    if i < 0:
        return False
    plan = s.scratch[b, 5]
    rich = s.crystals[b, p]
    s.crystals[b, p] = rich + short
    ok = can_summon(s, t, b, p, i, plan)  # the plan with enough crystals: the energies it uses
    s.crystals[b, p] = rich
    if not ok:
        return False
    se = season_of(s.month[b])
    per_extra = transmute_extra(s, t, b, p)
    left = -plan[5]  # energies of choice the cost still takes stay in the reserve
    for e in range(NEN):
        left += s.energy[b, p, e] - plan[e]
    # the energies the cost does not use, best rate first, until the crystals short are paid
    take = s.scratch[b, 2]
    got = 0
    done_e = 0
    for e in range(NEN):
        take[e] = 0
    while got < short and left > 0:
        best = -1
        best_v = -1
        for e in range(NEN):
            if not (done_e & (1 << e)) and s.energy[b, p, e] - plan[e] > 0:
                if t.transmute[se, e] > best_v:
                    best_v = t.transmute[se, e]
                    best = e
        if best < 0:
            break
        done_e |= 1 << best
        avail = min(s.energy[b, p, best] - plan[best], left)
        while take[best] < avail and got < short:
            got += best_v + per_extra
            take[best] += 1
        left -= take[best]
    if got < short:
        return False
    for e in range(NEN):
        if take[e] > 0:
            transmute(s, t, b, p, e, take[e])
    return True


@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def turn_actions(s, t, b, p, prm):
    """p's actions after its die (F round structure: summons, activations, transmutation and
    bonuses in any order, interleaved): summons and activations while something happens,
    transmuting first when that pays a hand card's crystal cost, then the transmutation of spare
    energies, then summons and activations again (the crystals may pay for one)."""
    for _ in range(8):
        acted = summon_phase(s, t, b, p, prm)
        if s.done[b]:
            return
        if transmute_for_cost(s, t, b, p, prm):
            acted = True
        if not acted:
            break
    transmute_phase(s, t, b, p, prm)
    summon_phase(s, t, b, p, prm)


@njit(cache=True)
def use_token(s, t, b, p, prm):
    """Use p's special-ability token now, after the season die (EK: Žetony zvláštních schopností):
    its effect, then it is flipped and its printed value counts at the end."""
    tok = s.token[b, p]
    me = prm[p]
    log(s, b, EV_TOKEN_USE, tok, 0, p)
    if tok == 1:
        draw_keep_or_discard(s, t, b, p, prm)
    elif tok == 2:
        lose_a_card(s, t, b, p, prm, True)
    elif tok == 3:
        gain_energy_choice(s, t, b, p, prm, 2)
    elif tok == 4:
        change_gauge(s, b, p, -1)
    elif tok == 6:
        allow_transmute(s, b)
        s.trans_extra[b] += 1
    elif tok == 7:
        gain_crystals(s, b, p, 12)
    elif tok == 8:
        spend_energy(s, t, b, p, WATER, 4)  # Amulet of Water's may pay (EK note)
    elif tok == 9:
        change_gauge(s, b, p, 2)
    elif tok == 10:
        arg = B.time_move_choice(s, t, b, p, me, 2)
        log(s, b, EV_TOKEN_USE, tok, arg, p)
        move_season(s, t, b, prm, arg)
    elif tok == 12:
        reorder_top(s, t, b, p, prm)
    s.token_used[b, p] = 1


@njit(cache=True)
def reorder_top(s, t, b, p, prm):
    """Token 12: look at the top 3 cards of the draw pile and put them back in any order; the bot
    puts the card it likes best on top. Returns that card's type."""
    n = s.cont_n[b, C_DECK]
    m = min(3, n)
    if m == 0:
        return -1
    best = n - 1
    best_v = -1e18
    for k in range(n - m, n):
        i = s.cont[b, C_DECK, k]
        see(s, t, b, p, i)
        v = B.card_score(s, t, b, p, prm[p], t.inst_card[i])
        if prm[p, B.P_RANDOM] > 0:
            v = B.rand(s, b, p, 1000)
        if v > best_v:
            best_v = v
            best = k
    top = s.cont[b, C_DECK, n - 1]
    chosen = s.cont[b, C_DECK, best]
    s.cont[b, C_DECK, n - 1] = chosen
    s.cont[b, C_DECK, best] = top
    s.c_pos[b, chosen] = n - 1
    s.c_pos[b, top] = best
    return t.inst_card[chosen]


@njit(cache=True)
def token_legal(s, t, b, p):
    """p holds an unused token whose effect can be applied now."""
    tok = s.token[b, p]
    if tok <= 0 or s.token_used[b, p] or tok == 5:
        return False
    if tok == 2:
        return in_play(s, b, p) + hand_n(s, b, p) > 0
    if tok == 4:
        return s.gauge[b, p] - 1 >= in_play(s, b, p) and s.gauge[b, p] > 0
    if tok == 8:
        return spendable(s, t, b, p, WATER) >= 4
    if tok == 10:
        return can_move_season(s, b, -2) or can_move_season(s, b, 2)
    return True


@njit(cache=True)
def vision_of_destiny(s, t, b, p, prm):
    """Vision of Destiny (EK): after the die, p may pay 5 crystals (needs 5) to discard the top
    card of the draw pile, once a turn."""
    if s.enchant[b] != EN_VISION_DESTINY or s.crystals[b, p] < 5 or s.vision_used[b]:
        return
    if s.cont_n[b, C_DECK] == 0:
        return
    if B.want_vision(s, t, b, p, prm[p], t.inst_card[s.cont[b, C_DECK, s.cont_n[b, C_DECK] - 1]]):
        s.vision_used[b] = 1
        lose_crystals(s, b, p, 5)
        i = s.cont[b, C_DECK, s.cont_n[b, C_DECK] - 1]
        place(s, b, i, C_DISCARD)
        log(s, b, EV_VISION, t.inst_card[i], p, 0)


@njit(cache=True)
def take_die(s, t, b, prm, p):
    """p takes one of the round's untaken season dice (the bot's choice); returns it."""
    k = B.choose_die(s, t, b, p, prm[p])
    set_die(s, b, p, k)
    return k


@njit(cache=True)
def set_die(s, b, p, k):
    """p takes rolled die k."""
    s.taken[b, k] = 1
    s.die_of[b, p] = k
    se = s.roll_season[b]
    log(s, b, EV_TAKE, se * 10 + s.dice[b, se, k], s.roll[b, k], p)


@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def choose_dice(s, t, b, prm, d0):
    """Every player takes a season die, in turn order from the first player, before the first
    turn of the round (F: round structure); from the ``d0``-th player on (a lookahead's playout
    starts after its own choice)."""
    np_ = s.players[b]
    for d in range(d0, np_):
        p = (s.first[b] + d) % np_
        s.cur[b] = p
        k = B.choose_die(s, t, b, p, prm[p])
        k = L.die_hook(s, t, b, p, prm, k, d, 0)
        set_die(s, b, p, k)


@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def play_turn(s, t, b, prm, p):
    """One player's turn: apply its season die first (taken before the round's turns, or now
    under the ``die_per_turn`` structure), then the token, the Olaf's Knowledge draw bonus, the
    actions in the bot's order (``turn_actions``), Vision of Destiny, the token at the end."""
    start_turn(s, t, b, prm, p)
    turn_actions(s, t, b, p, prm)
    end_of_turn(s, t, b, p, prm)


@njit(cache=True)
def start_turn(s, t, b, prm, p):
    """The turn up to its actions: this turn's counters reset, the season die (Die of Malice and
    the Steadfast Die first), the token at the start and the Olaf's Knowledge draw bonus."""
    s.cur[b] = p
    s.turn[b] += 1
    s.seat[b, p, S_TURNS] += 1
    s.can_trans[b] = 0
    s.io_trans[b] = 0
    s.trans_extra[b] = 0
    s.summons[b] = 0
    s.vision_used[b] = 0
    s.hold[b] = 0
    log(s, b, EV_TURN, p, 0, 0)
    me = prm[p]
    k = s.die_of[b, p]
    if k < 0:
        k = take_die(s, t, b, prm, p)  # the die_per_turn structure (and hand-made test positions)
    s.die_k[b] = k
    # Die of Malice: instead of the die's actions, re-roll it (+2 crystals), possibly again
    for _ in range(4):
        m = B.malice_to_use(s, t, b, p, me)
        if m < 0:
            break
        activate(s, t, b, p, prm, m, 1)
    # Steadfast Die (EK): one of its three actions instead of the die's
    alt = B.steadfast_choice(s, t, b, p, me) if count_effect(s, t, b, p, E_STEADFAST_DIE) > 0 else 0
    if alt == 1:
        change_gauge(s, b, p, 1)
    elif alt == 2:
        gain_energy_choice(s, t, b, p, prm, 1)
    elif alt == 3:
        allow_transmute(s, b)
    else:
        apply_die(s, t, b, p, prm, k)
    if alt > 0:
        log(s, b, EV_EFFECT, E_STEADFAST_DIE, alt, p)
    if token_legal(s, t, b, p) and B.want_token(s, t, b, p, me, 0):
        use_token(s, t, b, p, prm)
    if s.enchant[b] == EN_OLAF_KNOWLEDGE and s.bonus_n[b, p] < MAX_BONUS and B.want_bonus_draw(s, t, b, p, me):
        use_bonus(s, b, p, B_DRAW)
        draw_keep_or_discard(s, t, b, p, prm)


@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def end_of_turn(s, t, b, p, prm):
    """The turn after its actions: Vision of Destiny, then the token at the end (and the actions
    it allows). A lookahead's summon playout continues the turn with turn_actions and this."""
    vision_of_destiny(s, t, b, p, prm)
    if token_legal(s, t, b, p) and B.want_token(s, t, b, p, prm[p], 1):
        use_token(s, t, b, p, prm)
        turn_actions(s, t, b, p, prm)


@njit(cache=True)
def round_end(s, t, b, prm):
    """End-of-round effects, from the first player: Wondrous Chest, Beggar's Horn, Titus
    Deepgaze, Mesodae's Lantern."""
    np_ = s.players[b]
    for d in range(np_):
        p = (s.first[b] + d) % np_
        for _ in range(count_effect(s, t, b, p, E_WONDROUS_CHEST)):
            if energy_total(s, b, p) >= 4:
                gain_crystals(s, b, p, 3)
        for _ in range(count_effect(s, t, b, p, E_BEGGARS_HORN)):
            if energy_total(s, b, p) <= 1:
                gain_energy_choice(s, t, b, p, prm, 1)
        gain_crystals(s, b, p, 3 * count_effect(s, t, b, p, E_MESODAE_LANTERN))
        c = zone_of(p, Z_PLAY)
        k = 0
        while k < s.cont_n[b, c]:
            i = s.cont[b, c, k]
            e = t.card_effect[eff_card(s, t, b, i)]
            if e == E_HEART_ARGOS and s.c_mark[b, i]:
                gain_energy(s, t, b, p, prm, EARTH, 1)
            elif e == E_IO_TRANSMUTER and s.c_mark[b, i]:
                gain_crystals(s, b, p, 2)
            elif e == E_HORN_PLENTY:
                x = B.horn_energy(s, t, b, p, prm[p])
                if x >= 0:
                    spend_energy(s, t, b, p, x, 1)
                    if x == EARTH:
                        gain_crystals(s, b, p, 5)
            elif e == E_FAIRY_MONOLITH and energy_total(s, b, p) > 0 and B.want_monolith_store(s, t, b, p, prm[p]):
                x = B.choose_lose(s, t, b, p, prm[p])
                lose_energy(s, b, p, x, 1)
                store_energy(s, b, i, x, 1)
            elif e == E_DAMNED_SOUL:
                lose_crystals(s, b, p, 3)
            s.c_mark[b, i] = 0
            if e == E_TITUS:
                short = False
                for q in range(np_):
                    if q != p and steal_crystals(s, b, q, p, 1) == 0:
                        short = True
                if short:
                    sacrifice(s, t, b, p, prm, i)
                    continue
            k += 1


@njit(cache=True)
def move_time(s, t, b, prm):
    """Round end: the season token moves by the pips of the die nobody took, one of the dice
    rolled at the round's start even if the season changed since (F: Board, time and years)."""
    se = s.roll_season[b]
    for k in range(s.players[b] + 1):
        if not s.taken[b, k]:
            move_season(s, t, b, prm, t.face_pips[se, s.dice[b, se, k], s.roll[b, k]])
            break


@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def play_round(s, t, b, prm):
    """One round (F: Board, time and years; round structure): roll, every player takes a die in
    turn order from the first player (``choose_dice``; under ``die_per_turn`` at the start of its
    turn), the turns from the first player, end-of-round effects, time moves by the pips of the
    die left, first player passes."""
    s.rnd[b] += 1
    log(s, b, EV_ROUND, s.rnd[b], s.month[b], s.year[b])
    roll_season_dice(s, t, b)
    if not t.rules[R_DIE_PER_TURN]:
        choose_dice(s, t, b, prm, 0)
    finish_round(s, t, b, prm, 0)


@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def finish_round(s, t, b, prm, d0):
    """The round after the dice are taken: the turns from the ``d0``-th player on (a lookahead's
    playout may start mid-round), end-of-round effects, time, first player."""
    np_ = s.players[b]
    for d in range(d0, np_):
        play_turn(s, t, b, prm, (s.first[b] + d) % np_)
    s.cur[b] = s.first[b]
    round_end(s, t, b, prm)
    if not s.ending[b]:
        move_time(s, t, b, prm)
    if s.ending[b]:
        s.done[b] = 1
    s.first[b] = (s.first[b] + 1) % np_


@njit(cache=True)
def hand_points(s, b, p):
    """The cards in p's hand at the end: -5 each, or +3 each with token 5 (F: End of game scoring)."""
    hand = hand_n(s, b, p)
    return hand * TOKEN5_HAND if s.token[b, p] == 5 else -HAND_PENALTY * hand


@njit(cache=True)
def bonus_penalty(s, t, b, p):
    """Prestige lost for the bonuses p used: the value of the bonus track's last box reached."""
    pen = 0
    for k in range(s.bonus_n[b, p]):
        pen = t.rules[R_BONUS1 + k]
    return pen


@njit(cache=True)
def token_points(s, t, b, p):
    """The printed value of p's special-ability token once used (0 otherwise, or without one)."""
    tok = s.token[b, p]
    return t.token_prestige[tok] if tok > 0 and s.token_used[b, p] else 0


@njit(cache=True)
def standing(s, t, b, p):
    """p's prestige if the game were scored now, leaving out the end-of-game card effects
    (Ragfield's Helm and the like): crystals + printed prestige of cards in play + hand -
    bonus penalty + used token. The score curve's value at the end of a round."""
    c = zone_of(p, Z_PLAY)
    prestige = 0
    for k in range(s.cont_n[b, c]):
        prestige += t.card_prestige[t.inst_card[s.cont[b, c, k]]]
    return s.crystals[b, p] + prestige + hand_points(s, b, p) - bonus_penalty(s, t, b, p) + token_points(s, t, b, p)


@njit(cache=True)
def keep_round(s, t, b, final):
    """Keep every player's standing at the end of round ``rnd`` (``final``: the final prestige,
    after final_scoring) while the history has room (ROUND_HIST), and note the cards summoned
    for the first time in it."""
    r = s.rnd[b] - 1
    if r >= 0:
        note_first_round(s.card, b, s.players[b], C_PLAYED, C_FIRST_ROUND, r + 1)
    if r < 0 or r >= ROUND_HIST:
        return
    for p in range(s.players[b]):
        v = s.seat[b, p, S_PRESTIGE] if final else standing(s, t, b, p)
        s.score_hist[b, r, p] = min(max(v, -32768), 32767)


@njit(cache=True)
def final_scoring(s, t, b):
    """End of game (F: End of game scoring): end-game card crystals first (Ragfield's Helm,
    Sealed Chest of Urm, Lantern of Xidit), then prestige = crystals + printed prestige of cards
    in play - 5 per card in hand (+3 with token 5) - bonus penalty + used token's value."""
    np_ = s.players[b]
    most = 0
    for p in range(np_):
        most = max(most, in_play(s, b, p))
    n_most = 0
    for p in range(np_):
        if in_play(s, b, p) == most:
            n_most += 1
    for p in range(np_):
        end = 0
        if count_effect(s, t, b, p, E_RAGFIELD_HELM) > 0 and in_play(s, b, p) == most and n_most == 1:
            end += 20 * count_effect(s, t, b, p, E_RAGFIELD_HELM)
        c = zone_of(p, Z_PLAY)
        only_items = True
        prestige = 0
        for k in range(s.cont_n[b, c]):
            card = t.inst_card[s.cont[b, c, k]]
            prestige += t.card_prestige[card]
            if t.card_kind[card] != K_ITEM:
                only_items = False
        if only_items:
            end += 20 * count_effect(s, t, b, p, E_SEALED_CHEST)
        end += 3 * energy_total(s, b, p) * count_effect(s, t, b, p, E_LANTERN_XIDIT)
        for k in range(s.cont_n[b, c]):
            i = s.cont[b, c, k]
            if t.card_effect[eff_card(s, t, b, i)] == E_JEWEL_ANCIENTS:
                end += 35 if stored(s, b, i) >= 3 else -10
        end = max(end, -s.crystals[b, p])  # the crystal track stops at 0
        s.crystals[b, p] += end
        s.seat[b, p, S_END_CRYSTALS] = end
        hand = hand_n(s, b, p)
        hand_pen = hand_points(s, b, p)
        bonus_pen = bonus_penalty(s, t, b, p)
        tok = s.token[b, p]
        printed = t.token_prestige[tok] if tok > 0 else 0
        tv = token_points(s, t, b, p)
        score = s.crystals[b, p] + prestige + hand_pen - bonus_pen + tv
        s.seat[b, p, S_PRESTIGE] = score
        s.seat[b, p, S_CRYSTALS] = s.crystals[b, p]
        s.seat[b, p, S_CARD_PRESTIGE] = prestige
        s.seat[b, p, S_HAND_PENALTY] = hand_pen
        s.seat[b, p, S_BONUS_PENALTY] = bonus_pen
        s.seat[b, p, S_TOKEN_VALUE] = tv
        s.seat[b, p, S_TOKEN] = tok if tok > 0 else -1
        s.seat[b, p, S_TOKEN_USED] = s.token_used[b, p]
        s.seat[b, p, S_TOKEN_PRINTED] = printed
        s.seat[b, p, S_WITHOUT_TOKEN] = score - tv
        s.seat[b, p, S_IN_PLAY] = in_play(s, b, p)
        s.seat[b, p, S_IN_HAND] = hand
        s.seat[b, p, S_GAUGE] = s.gauge[b, p]
        log(s, b, EV_SCORE, score, s.crystals[b, p], p)
    best = -1000000
    for p in range(np_):
        best = max(best, s.seat[b, p, S_PRESTIGE])
    # a tie for the best prestige goes to the tied player with more cards in play (F: tie at the
    # end, medium confidence); equal there too, or under setup tie_break = "shared", it is shared
    shared = t.rules[R_TIE_SHARED]
    most = -1
    for p in range(np_):
        if s.seat[b, p, S_PRESTIGE] == best:
            most = max(most, 0 if shared else in_play(s, b, p))
    win = -1
    n_best = 0
    for p in range(np_):
        if s.seat[b, p, S_PRESTIGE] == best and (shared or in_play(s, b, p) == most):
            n_best += 1
            win = p
    s.winner[b] = win if n_best == 1 else -1
    log(s, b, EV_END, s.end_reason[b], s.winner[b], 0)


@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def play_game(s, t, b, prm, check):
    """Play game b to its end; returns the number of invariant violations seen (when checking)."""
    bad = 0
    prelude(s, t, b, prm)
    if check:
        bad += count_violations(s, t, b)
    bad += play_on(s, t, b, prm, check, True)
    final_scoring(s, t, b)
    keep_round(s, t, b, True)  # the round the game ended in holds the final prestige
    return bad


@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def play_on(s, t, b, prm, check, keep):
    """Play rounds of game b until it ends (the round limit included); invariant violations seen.
    ``keep``: keep the standings round by round (the game itself; a lookahead's playout does not)."""
    bad = 0
    while not s.done[b]:
        if s.rnd[b] >= ROUND_LIMIT:
            s.end_reason[b] = END_LIMIT
            break
        play_round(s, t, b, prm)
        if keep:
            keep_round(s, t, b, False)
        if check:
            bad += count_violations(s, t, b)
    return bad


# the shared batch driver (simlab.games.kernel.play_batch) plays this game through these two
register_game(S.State, S.StateType, setup, play_game)
