"""Ashes rules, compiled: one function per rulebook phase, plain loops over one game row.

Rule numbers ("rule 36") are the checklist's (shared/reference/ashes/rules_checklist.md), Lnnn
the Polish rulebook's lines; docs/ashes.md says what is in and what is left out.
Setup with the First Five and the first-player roll, the prepare phase (roll, draw up to 5,
fatigue), player turns (main and side action, pass, the phase ending on passes in a row),
paying magic with dice, every card's effect, attacks, the recovery phase and the end of the
round. Damage and destruction resolve on an explicit stack of pending frames
(:func:`run_pending`), whose windows are where the triggered cards answer (rule 120).
"""

from __future__ import annotations

import numpy as np

from simlab.games.ashes import bots as B
from simlab.games.ashes import lookahead as L  # the lookahead bot's hook (compiled only in lookahead runs)
from simlab.games.ashes import state as S  # also the results counters (S.S_*, S.C_*, S.tally_*)
from simlab.games.ashes.state import (
    C_ACQ,
    C_ACTIVATED,
    C_DRAWN,
    C_FIRST_ROUND,
    C_PLAYED,
    CO_BASIC,
    CO_CLASS,
    CO_DISCARD,
    CO_EXHAUST,
    CO_MAIN,
    CO_POWER,
    CO_SIDE,
    DECK,
    DIE_FACES,
    DT_CEREMONIAL,
    DT_CHARM,
    DT_ILLUSION,
    DT_NATURAL,
    E_ANCHORNAUT,
    E_BOUND_SOUL,
    E_CALL_UPON_THE_REALMS,
    E_EXPAND_ENERGY,
    E_HAMMER_KNIGHT,
    E_HEARTS_PULL,
    E_HIDDEN_POWER,
    E_IRON_WORKER,
    E_MIST_TYPHOON,
    E_MOLTEN_GOLD,
    E_ONE_HUNDRED_BLADES,
    E_PURGE,
    E_REFRESH,
    E_ROSE_FIRE_DANCER,
    E_SHADOW_COUNTER,
    E_SHADOW_TARGET,
    E_SHIFTING_MIST,
    E_SLASH,
    E_SLEIGHT_OF_HAND,
    E_STEADY_GAZE,
    E_STORMWIND_SNIPER,
    E_STRENGTHEN,
    E_SUMMON_IRON_RHINO,
    E_SUMMON_MASKED_WOLF,
    E_SUMMON_SILVER_SNAKE,
    E_THREE_EYED_OWL,
    E_WATER_BLAST,
    END_FATIGUE,
    END_LIMIT,
    END_PB,
    EV_ACTIVATE,
    EV_AFTERSHOCK,
    EV_ATTACK,
    EV_BATTLE,
    EV_DESTROYED,
    EV_DICE_POWER,
    EV_DISCARD,
    EV_DRAW,
    EV_END,
    EV_FATIGUE,
    EV_FIRST_PLAYER,
    EV_FIRST_ROLL,
    EV_HIT_PB,
    EV_KEEP_DICE,
    EV_MEDITATE,
    EV_OVERTIME,
    EV_PASS,
    EV_PB_ABILITY,
    EV_PLAY,
    EV_REACTION,
    EV_RECOVER,
    EV_ROLL,
    EV_ROUND,
    EV_SETUP,
    EV_THROW,
    EV_TOKEN,
    EV_UNIT_ABILITY,
    F_BASIC,
    F_CLASS,
    F_POWER,
    FIRST_FIVE,
    HAND_DRAW,
    L_ACTIVE,
    L_EXHAUSTED,
    L_ON_CARD,
    MAX_CONJ,
    MAXI,
    MAXI_P,
    MV_ACTIVATE,
    MV_ATTACK_PB,
    MV_ATTACK_UNIT,
    MV_CEREMONIAL,
    MV_CHARM,
    MV_ILLUSION,
    MV_MEDITATE,
    MV_NATURAL,
    MV_PB_ABILITY,
    MV_PLAY,
    MV_UNIT_ABILITY,
    NCOST,
    NDICE,
    NDT,
    NSTREAM,
    NZ,
    P_BATTLEFIELD,
    P_SPELLBOARD,
    P_UNIT,
    PH_PREPARE,
    PH_RECOVERY,
    PH_SETUP,
    PH_TURNS,
    ROUND_HIST,
    ROUND_LIMIT,
    RS_DICE0,
    RS_SETUP,
    S_ATTACKS,
    S_DICE_SPENT,
    S_DRAWN,
    S_FATIGUE,
    S_PASSES,
    S_PB_WOUNDS,
    S_PLAYED,
    S_TURNS,
    T_ACTION,
    T_ALLY,
    T_ALTERATION,
    T_CONJURATION,
    T_REACTION,
    T_READY,
    Z_ATTACHED,
    Z_BATTLEFIELD,
    Z_CONJ,
    Z_DISCARD,
    Z_DRAW,
    Z_HAND,
    Z_SPELLBOARD,
    State,
    StateType,
    copies_on_spellboard,
    count_violations,
    dice_count,
    log,
    place,
    spellboard_names,
    unit_attack,
    unit_life,
    zone_n,
)
from simlab.games.base import randbelow, stream_seed
from simlab.games.jit import njit
from simlab.games.kernel import note_first_round, register_game, shuffle_list

MAX_COPIES_FOCUS = 3   # a ready spell stacks up to its 3 copies (rules 61-63)
TURN_GUARD = 400       # turns per round before the engine ends the phase (a guard, not a rule)


# ---------------------------------------------------------------------------------------------
# Small helpers
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def shuffle(s, b, c, stream):
    """Fisher-Yates shuffle of container c's list on random stream ``stream``."""
    n = s.cont_n[b, c]
    shuffle_list(s.rng, b, stream, s.cont[b, c], n)
    for k in range(n):
        s.i_pos[b, s.cont[b, c, k]] = k


@njit(cache=True)
def roll_die(s, b, p, d):
    """Roll die d of seat p (its own dice stream) into the active pool."""
    s.die_face[b, p, d] = DIE_FACES[randbelow(s.rng, b, RS_DICE0 + p, 6)]
    s.die_loc[b, p, d] = L_ACTIVE


@njit(cache=True)
def alive_count(s, b):
    """Seats still in the game."""
    n = 0
    for p in range(s.players[b]):
        n += s.alive[b, p]
    return n


@njit(cache=True)
def next_alive(s, b, p):
    """The next seat clockwise (to the left) from p that is still in the game (rule 31)."""
    n = int(s.players[b])
    q = int(p)  # a Python-sized int: move codes built from it exceed int8 (interpreted runs)
    for _ in range(n):
        q = (q + 1) % n
        if s.alive[b, q] == 1:
            return q
    return p


@njit(cache=True)
def draw(s, b, p):
    """Draw the top card of p's draw pile into hand; False if the pile is empty (rule 146)."""
    c = p * NZ + Z_DRAW
    n = s.cont_n[b, c]
    if n == 0:
        return False
    i = s.cont[b, c, n - 1]
    place(s, b, i, p * NZ + Z_HAND)
    s.seat[b, p, S_DRAWN] += 1
    s.card[b, p, s.i_card[b, i], C_DRAWN] += 1
    return True


# ---------------------------------------------------------------------------------------------
# Setup (checklist §1.2)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def take_first_five(s, t, b, p, ff):
    """Setup step 3 (rule 18, L413-417): take the 5 named cards from p's deck into hand. The
    First Five is a choice, not a draw, of 5 *different* names. Returns the number of names
    refused (a repeated name, or a name with no copy left in the deck): 0 when legal."""
    bad = 0
    for k in range(FIRST_FIVE):
        card = ff[k]
        dup = False
        for j in range(k):
            if ff[j] == card:
                dup = True
        if dup:
            bad += 1
            continue
        c = p * NZ + Z_DRAW
        found = -1
        for m in range(s.cont_n[b, c]):
            if s.i_card[b, s.cont[b, c, m]] == card:
                found = s.cont[b, c, m]
                break
        if found < 0:
            bad += 1
            continue
        place(s, b, found, p * NZ + Z_HAND)
        s.card[b, p, card, S.C_FIRST_FIVE] += 1
    return bad


@njit(cache=True)
def first_player_roll(s, b):
    """Setup step 7 and the first round's roll (rules 22-23, L426-427, L602-605): every seat
    rolls its exhausted dice (all 10 at setup); the seat with the most basic symbols takes the
    first-player token. Seats tied for the most re-roll all their dice until the tie is broken,
    and the final roll is their active pool (AMB-2 default); the winner *takes* the token."""
    players = s.players[b]
    for p in range(players):
        for d in range(NDICE):
            if s.die_loc[b, p, d] == L_EXHAUSTED:
                roll_die(s, b, p, d)
    tied = s.scratch[b, 0]   # 1 = this seat rolls in this round of the tie-break
    basic = s.scratch[b, 1]  # basic symbols the seat showed
    for p in range(players):
        tied[p] = 1
    while True:
        s.first_rolls[b] += 1
        best = -1
        nbest = 0
        winner = -1
        for p in range(players):
            if tied[p] == 0:
                continue
            basic[p] = 0
            for d in range(NDICE):
                if s.die_face[b, p, d] == F_BASIC:
                    basic[p] += 1
            log(s, b, EV_FIRST_ROLL, p, basic[p], s.first_rolls[b])
            log_dice(s, b, p, L_ACTIVE)
            if basic[p] > best:
                best, nbest, winner = basic[p], 1, p
            elif basic[p] == best:
                nbest += 1
        if nbest == 1:
            s.first[b] = winner
            log(s, b, EV_FIRST_PLAYER, winner, best, 0)
            return
        # only the seats tied for the most re-roll (with 2 seats: both)
        for p in range(players):
            if tied[p] == 1 and basic[p] == best:
                for d in range(NDICE):
                    roll_die(s, b, p, d)
            else:
                tied[p] = 0


@njit(cache=True)
def setup(s, t, b, players, seed_words, game_id):
    """Reset row b and deal it (rules 16-23): each seat's Phoenixborn, its First Five into hand
    (the deck's suggested five: DP1's default), the other 25 cards shuffled into the draw pile,
    the conjuration pile aside, all 10 dice exhausted, then the first-player roll."""
    for k in range(NSTREAM):
        s.rng[b, k] = stream_seed(seed_words, k, game_id)
    s.players[b] = players
    s.done[b] = 0
    s.winner[b] = -1
    s.end_reason[b] = END_PB
    s.seat[b, :, :] = 0
    s.card[b, :, :, :] = 0
    s.ev_n[b] = 0
    s.cont_n[b, :] = 0
    s.i_card[b, :] = -1
    s.i_cont[b, :] = -1
    s.i_parent[b, :] = -1
    s.wounds[b, :] = 0
    s.exhaust[b, :] = 0
    s.status[b, :] = 0
    s.tmp_atk[b, :] = 0
    s.n_conj[b, :] = 0
    s.pb_card[b, :] = 0
    s.pb_wounds[b, :] = 0
    s.pb_exhaust[b, :] = 0
    s.die_loc[b, :, :] = L_EXHAUSTED
    s.die_face[b, :, :] = F_BASIC
    s.die_host[b, :, :] = -1
    s.die_type[b, :, :] = 0
    s.alive[b, :] = 0
    s.first[b] = 0
    s.cur[b] = 0
    s.phase[b] = PH_SETUP
    s.rnd[b] = 0
    s.score_hist[b, :, :] = 0
    s.turn[b] = 0
    s.pass_run[b] = 0
    s.main_used[b, :] = 0
    s.side_left[b, :] = 0
    s.react_used[b, :] = 0
    s.first_rolls[b] = 0
    log(s, b, EV_SETUP, players, 0, 0)
    for p in range(players):
        s.alive[b, p] = 1
        s.pb_card[b, p] = t.seat_pb[p]
        for k in range(DECK):
            i = p * MAXI_P + k
            s.i_card[b, i] = t.seat_deck[p, k]
            s.i_owner[b, i] = p
            place(s, b, i, p * NZ + Z_DRAW)
            s.card[b, p, t.seat_deck[p, k], C_ACQ] += 1
        for k in range(MAX_CONJ):
            if t.seat_conj[p, k] < 0:
                break
            i = p * MAXI_P + DECK + k
            s.i_card[b, i] = t.seat_conj[p, k]
            s.i_owner[b, i] = p
            place(s, b, i, p * NZ + Z_CONJ)
            s.n_conj[b, p] += 1
        take_first_five(s, t, b, p, t.seat_ff[p])
        shuffle(s, b, p * NZ + Z_DRAW, RS_SETUP)
        for d in range(NDICE):
            s.die_type[b, p, d] = t.seat_dice[p, d]
    first_player_roll(s, b)
    s.seat[b, s.first[b], S.S_WENT_FIRST] = 1


# ---------------------------------------------------------------------------------------------
# Paying costs (checklist §1.3 and §1.7)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def take_dice(s, b, p, use, dt, face, need):
    """Mark up to ``need`` unmarked active dice of seat p showing ``face`` (of type ``dt``, or any
    type when ``dt`` < 0) in ``use``; returns how many are still needed."""
    for d in range(NDICE):
        if need == 0:
            break
        if (use[d] == 0 and s.die_loc[b, p, d] == L_ACTIVE and s.die_face[b, p, d] == face
                and (dt < 0 or s.die_type[b, p, d] == dt)):
            use[d] = 1
            need -= 1
    return need


@njit(cache=True)
def plan_payment(s, b, p, cost, use):
    """Choose the active dice that pay the magic part of ``cost`` (a CO_* vector); marks them in
    ``use`` (1 = spend) and returns True if the cost can be paid.

    Rule 25 (L1556-1579): a basic symbol pays only basic costs; a class symbol pays a class cost
    of its type or a basic cost; a power symbol pays a power or class cost of its type or a basic
    cost. The symbol sets are nested, so a greedy assignment is exact (checklist DP5): power
    costs take their power faces; class costs take class faces of the type, then power faces;
    basic costs take basic faces, then class faces, then power faces (the most flexible dice are
    kept). Only active dice pay (rule 27)."""
    for d in range(NDICE):
        use[d] = 0
    for dt in range(NDT):
        if take_dice(s, b, p, use, dt, F_POWER, cost[CO_POWER + dt]) > 0:
            return False
    for dt in range(NDT):
        need = take_dice(s, b, p, use, dt, F_CLASS, cost[CO_CLASS + dt])
        if take_dice(s, b, p, use, dt, F_POWER, need) > 0:
            return False
    need = take_dice(s, b, p, use, -1, F_BASIC, cost[CO_BASIC])
    need = take_dice(s, b, p, use, -1, F_CLASS, need)
    return take_dice(s, b, p, use, -1, F_POWER, need) == 0


@njit(cache=True)
def action_free(s, b, p, cost):
    """The action a cost names is still available this turn (rules 38, 46): the main action
    unused, or a side action left."""
    if cost[CO_MAIN] == 1 and s.main_used[b, p] == 1:
        return False
    return not (cost[CO_SIDE] == 1 and s.side_left[b, p] <= 0)


@njit(cache=True)
def use_action(s, b, p, cost):
    """Pay the action a cost names (rule 46)."""
    if cost[CO_MAIN] == 1:
        s.main_used[b, p] = 1
    if cost[CO_SIDE] == 1:
        s.side_left[b, p] -= 1


@njit(cache=True)
def spend_dice(s, b, p, use):
    """Pay magic: the chosen active dice move to the exhausted pool, keeping their faces until
    re-rolled (rule 26, L1540-1548). Traced: one EV_PAID per die (type, face)."""
    for d in range(NDICE):
        if use[d] == 1:
            s.die_loc[b, p, d] = L_EXHAUSTED
            s.seat[b, p, S_DICE_SPENT] += 1
            if s.ev.shape[1] > 1:
                log(s, b, S.EV_PAID, p, s.die_type[b, p, d], s.die_face[b, p, d])


@njit(cache=True)
def log_dice(s, b, p, loc):
    """Trace only: one EV_DIE (type, face) per die of seat p in location ``loc``."""
    if s.ev.shape[1] <= 1:
        return
    for d in range(NDICE):
        if s.die_loc[b, p, d] == loc:
            log(s, b, S.EV_DIE, p, s.die_type[b, p, d], s.die_face[b, p, d])


@njit(cache=True)
def log_cost(s, b, p, cost, flags):
    """Trace only: the non-dice part of a cost (EV_COST): the action the CO_* vector ``cost``
    names and ``flags`` (bit 0: an exhaustion token, discards << 1)."""
    if s.ev.shape[1] <= 1:
        return
    action = 0
    if cost[CO_MAIN] == 1:
        action = 1
    elif cost[CO_SIDE] == 1:
        action = 2
    log(s, b, S.EV_COST, p, action, flags)


@njit(cache=True)
def playable(s, t, b, p, i, use):
    """Card i in p's hand can be played now (rules 48-51, 54-55, 60-61, 67): the action its cost
    names (main or side) is still available and its magic is payable; an ally needs a free
    battlefield slot; a ready spell needs a spellboard slot for a new name, or stacks under a copy
    already there (focus takes no slot); an action spell needs its effect implemented and able to
    do something (AMB-11); an alteration needs its effect implemented and a unit to go under.
    Reaction spells are not played yet; costs with a discard or an exhaust are not offered yet."""
    c = s.i_card[b, i]
    main = t.card_cost[c, CO_MAIN] == 1
    side = t.card_cost[c, CO_SIDE] == 1
    if main == side:
        return False  # reactions (no action) are not played yet
    if main and s.main_used[b, p] == 1:
        return False
    if side and s.side_left[b, p] <= 0:
        return False
    if t.card_cost[c, CO_DISCARD] > 0 or t.card_cost[c, CO_EXHAUST] > 0:
        return False
    kind = t.card_type[c]
    pb = s.pb_card[b, p]
    if kind == T_ALLY:
        if zone_n(s, b, p, Z_BATTLEFIELD) >= t.card_bf[pb]:
            return False
    elif kind == T_READY:
        m = copies_on_spellboard(s, b, p, c)
        if m == 0 and spellboard_names(s, b, p) >= t.card_sb[pb]:
            return False
        if m >= MAX_COPIES_FOCUS:
            return False
    elif kind == T_ACTION:
        if t.card_impl[c] == 0 or not action_possible(s, t, b, p, c):
            return False
    elif kind == T_ALTERATION:
        if t.card_impl[c] == 0 or not alteration_target_exists(s, t, b, p, c):
            return False
    else:
        return False
    return plan_payment(s, b, p, t.card_cost[c], use)


@njit(cache=True)
def play_card(s, t, b, prm, p, i, use):
    """Play card i from p's hand (rule 48): pay (the planned dice, the main or side action), then
    put it where its placement says: an ally on p's battlefield (rule 54), a ready spell on p's
    spellboard (rule 55; a copy of a name already there stacks under it, rule 61), an alteration
    under a unit, controlled by that unit's controller (rules 56, 126-127), an action spell to the
    discard pile, then its effect resolves (rule 53)."""
    c = s.i_card[b, i]
    log_cost(s, b, p, t.card_cost[c], 0)
    spend_dice(s, b, p, use)
    if t.card_cost[c, CO_SIDE] == 1:
        s.side_left[b, p] -= 1
    else:
        s.main_used[b, p] = 1
    if t.card_place[c] == P_UNIT:
        host = B.alteration_host(s, t, b, prm, p, c)
        place(s, b, i, (s.i_cont[b, host] // NZ) * NZ + Z_ATTACHED)
        s.i_parent[b, i] = host
    elif t.card_place[c] == P_BATTLEFIELD:
        place(s, b, i, p * NZ + Z_BATTLEFIELD)
        ally_enters(s, t, b, prm, p, i)
        if t.card_effect[c] != S.E_STRANGE_COPY:  # no Gaze on a Strange Copy (FAQ)
            unit_entered(s, t, b, prm, p, i)
    elif t.card_place[c] == P_SPELLBOARD:
        place(s, b, i, p * NZ + Z_SPELLBOARD)
    else:
        place(s, b, i, p * NZ + Z_DISCARD)
    s.seat[b, p, S_PLAYED] += 1
    s.card[b, p, c, C_PLAYED] += 1
    log(s, b, EV_PLAY, p, c, i)
    if t.card_type[c] == T_ACTION:
        resolve_action(s, t, b, prm, p, c)
    elif t.card_effect[c] == S.E_PROTECT:
        s.status[b, i] = 3  # Protect enters play with 3 status tokens (W-ENTER, §2 #35)
    run_pending(s, t, b, prm)


@njit(cache=True)
def activation_cost(s, t, b, p, i, cost):
    """The activation cost of ready spell copy i into ``cost``: the printed cost, less 1 basic per
    focus level for Summon Iron Rhino (E9: 6 basic alone, 5 with 2 copies, 4 with 3)."""
    c = s.i_card[b, i]
    for k in range(NCOST):
        cost[k] = t.card_act[c, k]
    if t.card_effect[c] == E_SUMMON_IRON_RHINO:
        focus = min(copies_on_spellboard(s, b, p, c) - 1, 2)
        cost[CO_BASIC] = max(cost[CO_BASIC] - focus, 0)


@njit(cache=True)
def conjuration_in_pile(s, b, p, card):
    """An instance of conjuration ``card`` in p's conjuration pile, or -1 (rule 69)."""
    c = p * NZ + Z_CONJ
    for k in range(s.cont_n[b, c]):
        if s.i_card[b, s.cont[b, c, k]] == card:
            return s.cont[b, c, k]
    return -1


@njit(cache=True)
def can_activate(s, t, b, p, i, use):
    """Ready spell copy i on p's spellboard can be activated now (rules 50-51, 55, 62, 108): its
    effect is implemented (the summons so far), the copy is unexhausted (its cost exhausts it,
    so each copy is used once a round), the action its cost needs is still available, the magic
    is payable, and the effect can do something (AMB-11 default: a summon needs a conjuration
    left in the pile, rule 69, and a free battlefield slot, rule 67; Expand Energy an exhausted
    die; Purge a card in the opponent's draw pile; Shifting Mist an active die; Strengthen a
    unit)."""
    c = s.i_card[b, i]
    if t.card_type[c] != T_READY or t.card_impl[c] == 0 or s.exhaust[b, i] > 0:
        return False
    if not action_free(s, b, p, t.card_act[c]):
        return False
    e = t.card_effect[c]
    if e == E_EXPAND_ENERGY:
        if dice_count(s, b, p, L_EXHAUSTED) == 0:
            return False
    elif e == E_PURGE:
        if zone_n(s, b, next_alive(s, b, p), Z_DRAW) == 0:
            return False
    elif e == E_SHIFTING_MIST:
        if dice_count(s, b, p, L_ACTIVE) == 0:
            return False
    elif e == E_STRENGTHEN:
        if units_in_play(s, b) == 0:
            return False
    elif e == S.E_BLOOD_TRANSFER or e == S.E_SMALL_SACRIFICE or e == S.E_HYPNOTIZE:
        if zone_n(s, b, p, Z_BATTLEFIELD) == 0:  # a unit of p's to damage or to give Bypass
            return False
    elif e == S.E_CUT_THE_STRINGS:
        if zone_n(s, b, p, Z_BATTLEFIELD) == 0 or B.strings_target(s, t, b, p, -1) < 0:
            return False
    elif e == S.E_ABUNDANCE:
        pass  # every player may draw: always something to do
    elif e == S.E_SUMMON_BLOOD_PUPPET:
        # a Blood Puppet from p's pile onto a battlefield with room (a target player, AMB-30)
        if conjuration_in_pile(s, b, p, t.card_conj[c]) < 0 or B.puppet_side(s, t, b, prm_none(), p) < 0:
            return False
    elif e == S.E_SUMMON_GILDER and spell_unit_target_exists(s, t, b, p) \
            and opposing_units(s, b, p) > 0:
        pass  # its 1 damage can happen even with no Gilder left or no slot (FAQ, AMB-11)
    else:
        conj = t.card_conj[c]
        if conj < 0 or conjuration_in_pile(s, b, p, conj) < 0:
            return False
        if zone_n(s, b, p, Z_BATTLEFIELD) >= t.card_bf[s.pb_card[b, p]]:
            return False
    cost = s.scratch[b, 5]
    activation_cost(s, t, b, p, i, cost)
    if plan_payment(s, b, p, cost, use):
        return True
    if e == E_SUMMON_MASKED_WOLF and copies_on_spellboard(s, b, p, c) >= 2:
        # Focus 1 (§2 #46): an illusion power symbol instead of illusion class + 1 basic
        cost[CO_CLASS + DT_ILLUSION] = 0
        cost[CO_BASIC] = 0
        cost[CO_POWER + DT_ILLUSION] = 1
        return plan_payment(s, b, p, cost, use)
    return False


@njit(cache=True)
def activate(s, t, b, prm, p, i, use):
    """Activate ready spell copy i (rule 55): pay (dice, the action, an exhaustion token on the
    copy: rule 108), then resolve it (targets chosen after paying, rule 52):

    * a summon: one conjuration from p's pile onto p's battlefield with no tokens (rule 69);
      Summon Silver Snake's focus gives the new Snake 1 status token per focus level (E8);
      optional parts are declined for now (Mist Spirit's second, Gilder's damage);
    * expand_energy: one exhausted die re-rolled into the active pool;
    * purge: the opponent discards the top card of its draw pile (AMB-30: the bots aim at the
      opponent; Focus 1's optional second card is not offered);
    * shifting_mist: two of p's active dice set to faces p chooses;
    * strengthen: a target unit gets +2 attack until the end of the turn, +3 with Focus 2
      (3 copies; AMB-25: the turn in which it was used)."""
    c = s.i_card[b, i]
    log_cost(s, b, p, t.card_act[c], t.card_act[c, CO_EXHAUST])
    spend_dice(s, b, p, use)
    use_action(s, b, p, t.card_act[c])
    if t.card_act[c, CO_EXHAUST] == 1:
        s.exhaust[b, i] += 1
    s.card[b, p, c, C_ACTIVATED] += 1
    e = t.card_effect[c]
    if e == E_EXPAND_ENERGY:
        d = B.die_to_reroll(s, b, prm, p)
        roll_die(s, b, p, d)
        log(s, b, EV_ACTIVATE, p, c, -1)
        if s.ev.shape[1] > 1 and d >= 0:
            log(s, b, S.EV_DIE, p, s.die_type[b, p, d], s.die_face[b, p, d])
        return
    if e == E_PURGE:
        q = next_alive(s, b, p)
        cq = q * NZ + Z_DRAW
        place(s, b, s.cont[b, cq, s.cont_n[b, cq] - 1], q * NZ + Z_DISCARD)
        log(s, b, EV_ACTIVATE, p, c, -1)
        # Focus 1 (2 copies): may pay 1 basic for one more card (§2 #36)
        extra = s.scratch[b, 5]
        for k in range(NCOST):
            extra[k] = 0
        extra[CO_BASIC] = 1
        if copies_on_spellboard(s, b, p, c) >= 2 and s.cont_n[b, cq] > 0 and can_pay(s, b, p, extra) \
                and B.pay_extra(s, b, prm, p):
            pay_trigger(s, b, p, extra)
            log(s, b, S.EV_EXTRA, p, c, 0)
            place(s, b, s.cont[b, cq, s.cont_n[b, cq] - 1], q * NZ + Z_DISCARD)
        milled(s, t, b, prm, q)
        return
    if e == E_SHIFTING_MIST:
        log(s, b, EV_ACTIVATE, p, c, -1)  # before the faces, which the trace lists after it
        for _ in range(2):
            d = B.die_to_set(s, b, prm, p)
            if d >= 0:
                s.die_face[b, p, d] = B.face_to_set(s, b, prm, p, d)
                if s.ev.shape[1] > 1:
                    log(s, b, S.EV_DIE, p, s.die_type[b, p, d], s.die_face[b, p, d])
        return
    if e == E_STRENGTHEN:
        u = B.target_strengthen(s, t, b, prm, p)
        s.tmp_atk[b, u] += 3 if copies_on_spellboard(s, b, p, c) >= 3 else 2
        log(s, b, EV_ACTIVATE, p, c, u)
        return
    if t.card_conj[c] < 0 or e == S.E_SUMMON_BLOOD_PUPPET:
        activate_ready_effect(s, t, b, prm, p, i, c, e)
        run_pending(s, t, b, prm)
        return
    j = conjuration_in_pile(s, b, p, t.card_conj[c])
    room = zone_n(s, b, p, Z_BATTLEFIELD) < t.card_bf[s.pb_card[b, p]]
    if j >= 0 and room:
        place(s, b, j, p * NZ + Z_BATTLEFIELD)
        unit_enters(s, t, b, prm, p, j)
        s.seat[b, p, S.S_SUMMONED] += 1
        if t.card_effect[c] == E_SUMMON_SILVER_SNAKE:
            s.status[b, j] = min(copies_on_spellboard(s, b, p, c) - 1, 2)
        log(s, b, EV_ACTIVATE, p, c, j)
        unit_entered(s, t, b, prm, p, j)
    else:
        log(s, b, EV_ACTIVATE, p, c, -1)
    if e == S.E_SUMMON_MIST_SPIRIT:
        # may pay 1 basic for a second Mist Spirit (§2 #47)
        j = conjuration_in_pile(s, b, p, t.card_conj[c])
        extra = s.scratch[b, 5]
        for k in range(NCOST):
            extra[k] = 0
        extra[CO_BASIC] = 1
        if j >= 0 and zone_n(s, b, p, Z_BATTLEFIELD) < t.card_bf[s.pb_card[b, p]] \
                and can_pay(s, b, p, extra) and B.pay_extra(s, b, prm, p):
            pay_trigger(s, b, p, extra)
            place(s, b, j, p * NZ + Z_BATTLEFIELD)
            unit_enters(s, t, b, prm, p, j)
            s.seat[b, p, S.S_SUMMONED] += 1
            log(s, b, EV_ACTIVATE, p, c, j)
            unit_entered(s, t, b, prm, p, j)
    elif e == S.E_SUMMON_GILDER:
        # may deal 1 damage to a target unit, with or without a Gilder placed (FAQ)
        u = B.gilder_target(s, t, b, prm, p)
        if u >= 0 and not veiled(s, t, b, prm, p, u):
            log(s, b, S.EV_SPELL, p, c, u)
            if s.i_cont[b, u] // NZ != p:
                S.tally_damage(s, b, p, c, 1)
            deal_unit(s, b, u, 1, p, S.DK_SPELL)
            run_pending(s, t, b, prm)


@njit(cache=True)
def prm_none():
    """Balanced-bot parameters for legality checks that reuse a bot's target search."""
    return np.zeros((S.MAXP, len(B.PARAMS)))


@njit(cache=True)
def self_damage(s, t, b, prm, p, u, n):
    """p deals n damage to its own unit u and resolves it; True if u received damage ("if you
    do": Protect may prevent it all)."""
    before = np.int32(s.wounds[b, u])
    deal_unit(s, b, u, n, p, S.DK_SPELL)
    run_pending(s, t, b, prm)
    return not in_play(s, b, u) or s.wounds[b, u] > before


@njit(cache=True)
def activate_ready_effect(s, t, b, prm, p, i, c, e):
    """The ready spells that are not summons (paid already, copy i exhausted):

    * blood_transfer: 2 damage to p's own unit; if dealt, 2 wounds off another unit of p's or 1
      off p's Phoenixborn;
    * small_sacrifice: 1 damage to p's own unit; if dealt, may deal 1 to an opposing unit (Focus
      1's exhaust mode is not offered);
    * cut_the_strings: 2 damage to p's own unit; if dealt, may discard an alteration (not a
      Spell Guard one an opponent controls);
    * hypnotize: p's unit gains Bypass until the end of the turn (cannot be blocked or guarded);
    * abundance: every player, p first, may draw up to 2 and takes 1 damage per card not drawn,
      p's damage lowered by its focus level (1 or 2); the damage is simultaneous (AMB-4: p's
      opponents resolve first);
    * summon_blood_puppet: a Blood Puppet from p's pile onto a target player's battlefield
      (AMB-30: the bots put it on the opponent's, where Cursed hurts its controller)."""
    if e == S.E_SMALL_SACRIFICE and copies_on_spellboard(s, b, p, c) >= 2:
        # Focus 1: with both unexhausted, exhaust one's unit and an opposing unit instead
        pair = B.sacrifice_exhaust(s, t, b, prm, p)
        if pair >= 0:
            u = pair // MAXI
            v = pair % MAXI
            log(s, b, EV_ACTIVATE, p, c, u)
            s.exhaust[b, u] += 1
            if not veiled(s, t, b, prm, p, v):
                s.exhaust[b, v] += 1
                log(s, b, S.EV_SPELL, p, c, v)
            return
    if e == S.E_BLOOD_TRANSFER or e == S.E_SMALL_SACRIFICE or e == S.E_CUT_THE_STRINGS:
        u = B.sacrifice_unit(s, t, b, prm, p, e)
        n = 1 if e == S.E_SMALL_SACRIFICE else 2
        log(s, b, EV_ACTIVATE, p, c, u)
        if not self_damage(s, t, b, prm, p, u, n) or s.done[b] == 1:
            return
        if e == S.E_BLOOD_TRANSFER:
            h = B.transfer_heal(s, t, b, prm, p, u)
            if h >= 0:
                s.wounds[b, h] -= min(2, np.int32(s.wounds[b, h]))
            elif h == -1:
                s.pb_wounds[b, p] -= min(1, np.int32(s.pb_wounds[b, p]))
            log(s, b, S.EV_SPELL, p, c, h)
        elif e == S.E_SMALL_SACRIFICE:
            v = B.target_spell_damage(s, t, b, prm, p, 1)
            if v >= 0 and s.i_cont[b, v] // NZ != p and not veiled(s, t, b, prm, p, v):
                log(s, b, S.EV_SPELL, p, c, v)
                S.tally_damage(s, b, p, c, 1)
                deal_unit(s, b, v, 1, p, S.DK_SPELL)
        else:
            a = B.strings_target(s, t, b, p, -1 if prm[p, B.BP_RANDOM] < 0.5 else 1)
            if a >= 0:
                log(s, b, S.EV_SPELL, p, c, a)
                s.i_parent[b, a] = -1
                place(s, b, a, s.i_owner[b, a] * NZ + Z_DISCARD)
                s.scratch[b, 7, 0] = 1
                s.scratch[b, 7, 1] = a
                respark(s, t, b, prm)
                settle(s, t, b, prm, p)  # a life bonus gone can destroy the unit (rule 111)
    elif e == S.E_HYPNOTIZE:
        u = B.target_own_unit(s, t, b, prm, p)
        s.tmp_flag[b, u] = 1
        log(s, b, EV_ACTIVATE, p, c, u)
    elif e == S.E_ABUNDANCE:
        log(s, b, EV_ACTIVATE, p, c, -1)
        focus = min(copies_on_spellboard(s, b, p, c) - 1, 2)
        n = s.players[b]
        for k in range(n):
            q = (p + k) % n
            if s.alive[b, q] == 0:
                continue
            want = B.abundance_draws(s, b, prm, q)
            got = 0
            for _ in range(want):
                if draw(s, b, q):
                    got += 1
            dmg = 2 - got - (focus if q == p else 0)
            # queued, not resolved: simultaneous damage, p's own frames at the bottom and its
            # opponents' above (AMB-4: they resolve first)
            if dmg > 0:
                if q != p:
                    S.tally_damage(s, b, p, c, dmg)
                deal_pb(s, b, q, dmg, p, S.DK_SPELL)
    else:  # summon_blood_puppet
        side = B.puppet_side(s, t, b, prm, p)
        j = conjuration_in_pile(s, b, p, t.card_conj[c])
        place(s, b, j, side * NZ + Z_BATTLEFIELD)
        unit_enters(s, t, b, prm, side, j)
        s.seat[b, p, S.S_SUMMONED] += 1  # p brought it into play, on whichever battlefield
        log(s, b, EV_ACTIVATE, p, c, j)
        unit_entered(s, t, b, prm, side, j)


# ---------------------------------------------------------------------------------------------
# Damage and the end of the game (checklist §1.15, §1.21)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def damage_pb(s, b, p, n):
    """Deal n damage to p's Phoenixborn: n wound tokens (rule 110; no prevention exists yet)."""
    s.pb_wounds[b, p] += n
    s.seat[b, p, S.S_DMG_TAKEN] += n  # results only: fatigue is the one caller now


@njit(cache=True)
def resolve_pb_destruction(s, t, b, orderer, reason):
    """Destroy every Phoenixborn whose wounds reached its life (rules 111, 113, 140) and end the
    game when one seat is left. Destructions that happen together are resolved by ``orderer``
    (the seat whose turn it is, or the first-player token holder outside turns: rule 135), who
    resolves the opponents' Phoenixborn first and its own last (AMB-4 default,
    ``pb_double_ko = ordering_player_wins``): in a double KO the ordering seat wins."""
    n = s.players[b]
    for k in range(1, n + 1):
        q = (orderer + k) % n  # opponents clockwise from the orderer, the orderer last
        if s.alive[b, q] == 1 and s.pb_wounds[b, q] >= t.card_life[s.pb_card[b, q]]:
            s.alive[b, q] = 0
            if alive_count(s, b) == 1:
                for w in range(n):
                    if s.alive[b, w] == 1:
                        # AMB-4 variant pb_double_ko = draw: both down at once is a draw
                        if t.rule_opt[S.OPT_KO_DRAW] == 1 and s.pb_wounds[b, w] >= t.card_life[s.pb_card[b, w]]:
                            end_game(s, b, -1, reason)
                        else:
                            end_game(s, b, w, reason)
                return


@njit(cache=True)
def end_game(s, b, winner, reason):
    """Record the end of game b."""
    s.done[b] = 1
    s.winner[b] = winner
    s.end_reason[b] = reason
    for p in range(s.players[b]):
        s.seat[b, p, S_PB_WOUNDS] = s.pb_wounds[b, p]
    log(s, b, EV_END, winner, reason, 0)


@njit(cache=True)
def leave_play(s, t, b, i):
    """Unit i leaves play (rules 116-117, 70; E12): its tokens are removed, alterations under it go
    to their owners' discard piles, and it goes to its owner's discard pile, or for a conjuration
    its owner's conjuration pile; dice on it go to their owners' exhausted pools (rule 29)."""
    s.wounds[b, i] = 0
    s.exhaust[b, i] = 0
    s.status[b, i] = 0
    s.tmp_atk[b, i] = 0
    return_dice_from(s, b, i)
    for j in range(s.i_card.shape[1]):
        if s.i_parent[b, j] == i:
            s.i_parent[b, j] = -1
            s.wounds[b, j] = 0
            s.exhaust[b, j] = 0
            s.status[b, j] = 0
            place(s, b, j, s.i_owner[b, j] * NZ + Z_DISCARD)
    owner = s.i_owner[b, i]
    if t.card_type[s.i_card[b, i]] == T_CONJURATION:
        place(s, b, i, owner * NZ + Z_CONJ)
    else:
        place(s, b, i, owner * NZ + Z_DISCARD)


@njit(cache=True)
def destroy_if_dead(s, t, b, i):
    """Destroy unit i if its wounds reached its life (rules 111-112): it is discarded. Returns
    True if it was destroyed."""
    if s.i_cont[b, i] % NZ != Z_BATTLEFIELD or s.wounds[b, i] < unit_life(s, t, b, i):
        return False
    log(s, b, EV_DESTROYED, s.i_cont[b, i] // NZ, s.i_card[b, i], i)
    s.seat[b, s.i_cont[b, i] // NZ, S.S_UNITS_LOST] += 1
    leave_play(s, t, b, i)
    return True


# ---------------------------------------------------------------------------------------------
# Damage and destruction resolution with its windows (rule 120, checklist §1.17), on an explicit
# stack of pending frames (numba recursion is awkward: checklist §6 ``ev_stack``)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def push_frame(s, b, kind, target, amount, src, dk):
    """Push a pending frame (state.PK_*) on game b's stack; frames above it resolve first."""
    k = s.pend_n[b]
    if k >= S.PEND:
        return  # a guard: the core set's chains are bounded by the cards in play
    s.pend[b, k, 0] = kind
    s.pend[b, k, 1] = target
    s.pend[b, k, 2] = amount
    s.pend[b, k, 3] = src
    s.pend[b, k, 4] = dk
    s.pend_n[b] = k + 1


@njit(cache=True)
def deal_unit(s, b, u, n, src, dk):
    """Queue ``n`` damage of kind ``dk`` (state.DK_*) from seat ``src`` to unit u: its destruction
    check goes under the damage, so whatever the damage triggers resolves before it (rule 137)."""
    push_frame(s, b, S.PK_CHECK_UNIT, u, 0, src, dk)
    push_frame(s, b, S.PK_DMG_UNIT, u, n, src, dk)


@njit(cache=True)
def deal_pb(s, b, q, n, src, dk):
    """Queue ``n`` damage from seat ``src`` to q's Phoenixborn, with its destruction check under
    it (damage to several Phoenixborn at once is queued by the ordering seat, AMB-4)."""
    push_frame(s, b, S.PK_CHECK_PB, q, 0, src, dk)
    push_frame(s, b, S.PK_DMG_PB, q, n, src, dk)


@njit(cache=True)
def wound_unit(s, b, u, n, src):
    """Place n wound tokens on unit u (not damage: no prevention and no received-triggers, rule
    115), then queue its destruction check."""
    s.wounds[b, u] += n
    push_frame(s, b, S.PK_CHECK_UNIT, u, 0, src, S.DK_OTHER)


@njit(cache=True)
def run_pending(s, t, b, prm):
    """Resolve the pending frames, the top first, until the stack is empty or the game ends:
    damage to a unit (:func:`unit_receives`), damage to a Phoenixborn (:func:`pb_receives`), a
    unit's destruction check (:func:`unit_destroyed`), a Phoenixborn's destruction check
    (:func:`pb_check`)."""
    while s.pend_n[b] > 0:
        if s.done[b] == 1:
            # the game is over: units left dying still leave play (no window opens any more)
            for k in range(s.pend_n[b]):
                u = s.pend[b, k, 1]
                if s.pend[b, k, 0] == S.PK_CHECK_UNIT and in_play(s, b, u) \
                        and s.wounds[b, u] >= unit_life(s, t, b, u):
                    s.seat[b, s.i_cont[b, u] // NZ, S.S_UNITS_LOST] += 1
                    leave_play(s, t, b, u)
            s.pend_n[b] = 0
            return
        k = s.pend_n[b] - 1
        kind = s.pend[b, k, 0]
        x = s.pend[b, k, 1]
        n = s.pend[b, k, 2]
        src = s.pend[b, k, 3]
        dk = s.pend[b, k, 4]
        s.pend_n[b] = k
        if kind == S.PK_DMG_UNIT:
            unit_receives(s, t, b, prm, x, n, src, dk)
        elif kind == S.PK_DMG_PB:
            pb_receives(s, t, b, prm, x, n, src, dk)
        elif kind == S.PK_CHECK_UNIT:
            unit_destroyed(s, t, b, prm, x, src)
        else:
            pb_check(s, t, b, x)


@njit(cache=True)
def pb_check(s, t, b, q):
    """q's Phoenixborn is destroyed if its wounds reached its life (rules 111, 113, 140); the game
    ends when one seat is left."""
    if s.alive[b, q] == 1 and s.pb_wounds[b, q] >= t.card_life[s.pb_card[b, q]]:
        s.alive[b, q] = 0
        if alive_count(s, b) == 1:
            for w in range(s.players[b]):
                if s.alive[b, w] == 1:
                    # AMB-4 variant pb_double_ko = draw: the last one is down at the same time
                    if t.rule_opt[S.OPT_KO_DRAW] == 1 and s.pb_wounds[b, w] >= t.card_life[s.pb_card[b, w]]:
                        end_game(s, b, -1, END_PB)
                    else:
                        end_game(s, b, w, END_PB)


@njit(cache=True)
def in_play(s, b, u):
    """Unit u is on a battlefield."""
    return u >= 0 and s.i_cont[b, u] >= 0 and s.i_cont[b, u] % NZ == Z_BATTLEFIELD


@njit(cache=True)
def has_ability(s, t, b, u):
    """Unit u has its (not inexhaustible) ability text: it is unexhausted (rule 104) and no
    Reflections in the Water is under it (§2 #75)."""
    return s.exhaust[b, u] == 0 and not B.reflected(s, t, b, u)


@njit(cache=True)
def has_alteration(s, t, b, u, effect):
    """An alteration with ``effect`` is attached under unit u."""
    for j in range(s.i_card.shape[1]):
        if s.i_parent[b, j] == u and t.card_effect[s.i_card[b, j]] == effect:
            return True
    return False


@njit(cache=True)
def pay_trigger(s, b, p, cost):
    """Pay the magic of a triggered ability or reaction (no action) from p's active dice; False
    (nothing paid) if it cannot be paid."""
    use = s.scratch[b, 6]
    if not plan_payment(s, b, p, cost, use):
        return False
    spend_dice(s, b, p, use)
    return True


@njit(cache=True)
def can_pay(s, b, p, cost):
    """p's active dice can pay the magic of ``cost``."""
    return plan_payment(s, b, p, cost, s.scratch[b, 6])


@njit(cache=True)
def protect_prevention(s, t, b, prm, q, u, n):
    """Window W-WOULD-RECV (checklist §2 #35): q's unit u would receive n damage; q may spend
    status tokens of its unexhausted Protect copies (an exhausted spell has no text, rule 106) to
    prevent 1 damage each. A copy left with no token is discarded (W-STATE). Returns the damage
    prevented."""
    c = q * NZ + Z_SPELLBOARD
    avail = 0
    for k in range(s.cont_n[b, c]):
        i = s.cont[b, c, k]
        if t.card_effect[s.i_card[b, i]] == S.E_PROTECT and s.exhaust[b, i] == 0:
            avail += s.status[b, i]
    if avail == 0:
        return 0
    want = min(B.protect_amount(s, t, b, prm, q, u, n, avail), n, avail)
    if want <= 0:
        return 0
    left = want
    k = 0
    while k < s.cont_n[b, c]:
        i = s.cont[b, c, k]
        if left > 0 and t.card_effect[s.i_card[b, i]] == S.E_PROTECT and s.exhaust[b, i] == 0:
            m = min(left, np.int32(s.status[b, i]))
            s.status[b, i] -= m
            left -= m
        if t.card_effect[s.i_card[b, i]] == S.E_PROTECT and s.status[b, i] == 0:
            s.exhaust[b, i] = 0
            place(s, b, i, s.i_owner[b, i] * NZ + Z_DISCARD)  # swap-remove: look at slot k again
        else:
            k += 1
    log(s, b, S.EV_PREVENT, q, u, want)
    return want


@njit(cache=True)
def unit_receives(s, t, b, prm, u, n, src, dk):
    """Unit u is dealt n damage (rule 120's steps for one unit): nothing if it left play; Magic
    Guard keeps an opponent's spell damage off (§2 #24); Protect may prevent some (W-WOULD-RECV);
    then the received-triggers (W-RECV) and the wound tokens (rule 110):

    * False Demon's Illusion (inexhaustible): damage from a unit's attack or counter destroys it;
    * Living Doll's Pain Link (while it has its ability): its controller may pay 1 basic to deal
      damage equal to the damage received, at most its life, to a unit or Phoenixborn;
    * Leech Warrior's Shadow Drain: its controller may move one die of a player from the active
      to the exhausted pool.

    The destruction check is the frame under this one (:func:`deal_unit`)."""
    if n <= 0 or not in_play(s, b, u):
        return
    q = s.i_cont[b, u] // NZ
    card = s.i_card[b, u]
    e = t.card_effect[card]
    if dk == S.DK_SPELL and src != q and (t.card_kw[card] & S.KW_MAGIC_GUARD) != 0:
        return
    n -= protect_prevention(s, t, b, prm, q, u, n)
    if n <= 0:
        return
    log(s, b, S.EV_DAMAGE, src, u, n)
    S.tally_landed_unit(s, b, src, q, n)
    if e == S.E_FALSE_DEMON and dk == S.DK_ATTACK and illusion_active(s, t, b, u):
        s.wounds[b, u] = max(np.int32(s.wounds[b, u]) + n, unit_life(s, t, b, u))
        log(s, b, S.EV_TRIGGER, q, card, u)
        return
    s.wounds[b, u] += n
    if e == S.E_LIVING_DOLL and has_ability(s, t, b, u) and can_pay(s, b, q, t.card_act[card]):
        x = min(n, unit_life(s, t, b, u))
        tgt = B.target_unit_or_pb(s, t, b, prm, q, x, True, False)
        if tgt != -2 and pay_trigger(s, b, q, t.card_act[card]):
            log(s, b, S.EV_TRIGGER, q, card, tgt)
            if tgt >= 0:
                if not veiled(s, t, b, prm, q, tgt):
                    if s.i_cont[b, tgt] // NZ != q:
                        S.tally_damage(s, b, q, card, x)
                    deal_unit(s, b, tgt, x, q, S.DK_ABILITY)
            else:
                S.tally_damage(s, b, q, card, x)
                deal_pb(s, b, next_alive(s, b, q), x, q, S.DK_ABILITY)
    elif e == S.E_LEECH_WARRIOR and has_ability(s, t, b, u):
        d = B.leech_die(s, b, prm, q)
        if d >= 0:
            o = d // NDICE
            s.die_loc[b, o, d % NDICE] = L_EXHAUSTED
            log(s, b, S.EV_TRIGGER, q, card, -5)  # -5: an opposing die
            if s.ev.shape[1] > 1:
                log(s, b, S.EV_DIE, o, s.die_type[b, o, d % NDICE], s.die_face[b, o, d % NDICE])


@njit(cache=True)
def illusion_active(s, t, b, u):
    """False Demon u still has Illusion: Bring Forth under it removes it (§2 #72)."""
    for j in range(s.i_card.shape[1]):
        if s.i_parent[b, j] == u and t.card_effect[s.i_card[b, j]] == S.E_BRING_FORTH:
            return False
    return True


@njit(cache=True)
def pb_receives(s, t, b, prm, q, n, src, dk):
    """q's Phoenixborn is dealt n damage: wound tokens (rule 110), then the window after it
    received damage (W-PB-RECV: :func:`pb_damaged`). The destruction check is the frame under
    this one, so a reaction's damage resolves first (rule 137)."""
    if n <= 0 or s.alive[b, q] == 0:
        return
    if redirect(s, t, b, prm, q, n, src, dk):
        return
    s.pb_wounds[b, q] += n
    S.tally_landed_pb(s, b, src, q, n)
    log(s, b, S.EV_PB_DAMAGE, src, q, n)
    pb_damaged(s, t, b, prm, q, n, dk == S.DK_ATTACK)


@njit(cache=True)
def veiled(s, t, b, prm, p, u):
    """Window W-TARGET (§2 #67, AMB-31): p's spell, ability or dice power has chosen unit u as its
    target (costs paid, before it resolves). If u's controller is an opponent holding Golden
    Veil (1 natural class + 1 charm class, a reaction: player turns only, one per player-turn)
    and plays it, the effect is cancelled (its costs stay paid, rule 148). Attacks and attaching
    alterations do not target (rules 129, 149). Returns True if cancelled."""
    if u < 0 or not in_play(s, b, u) or s.phase[b] != PH_TURNS:
        return False
    q = s.i_cont[b, u] // NZ
    if q == p or s.react_used[b, q] > 0:
        return False
    c = q * NZ + Z_HAND
    for k in range(s.cont_n[b, c]):
        i = s.cont[b, c, k]
        ci = s.i_card[b, i]
        if t.card_effect[ci] != S.E_GOLDEN_VEIL or t.card_impl[ci] == 0 or not can_pay(s, b, q, t.card_cost[ci]):
            continue
        if not B.use_veil(s, t, b, prm, q, u):
            return False
        pay_trigger(s, b, q, t.card_cost[ci])
        place(s, b, i, q * NZ + Z_DISCARD)
        s.react_used[b, q] += 1
        s.card[b, q, ci, C_PLAYED] += 1
        log(s, b, EV_REACTION, q, ci, u)
        return True
    return False


@njit(cache=True)
def redirect(s, t, b, prm, q, n, src, dk):
    """Window W-PB-WOULD (§2 #68): q's Phoenixborn would be dealt n damage while q has a unit; q
    may play Redirect (1 charm class, no action; a reaction: player turns only, one per
    player-turn) to have that damage dealt to a unit of q's instead, from the same source. The
    FAQ 2.0 wording ("would be dealt") and the first printing ("would take") agree here: no
    Phoenixborn damage is prevented in the core set. Returns True if redirected."""
    if s.phase[b] != PH_TURNS or s.react_used[b, q] > 0 or zone_n(s, b, q, Z_BATTLEFIELD) == 0:
        return False
    c = q * NZ + Z_HAND
    for k in range(s.cont_n[b, c]):
        i = s.cont[b, c, k]
        ci = s.i_card[b, i]
        if t.card_effect[ci] != S.E_REDIRECT or t.card_impl[ci] == 0 or not can_pay(s, b, q, t.card_cost[ci]):
            continue
        u = B.redirect_target(s, t, b, prm, q, n)
        if u < 0:
            return False
        pay_trigger(s, b, q, t.card_cost[ci])
        place(s, b, i, q * NZ + Z_DISCARD)
        s.react_used[b, q] += 1
        s.card[b, q, ci, C_PLAYED] += 1
        log(s, b, EV_REACTION, q, ci, u)
        deal_unit(s, b, u, n, src, dk)
        return True
    return False


@njit(cache=True)
def milled(s, t, b, prm, q):
    """Window W-MILL (§2 #9): seat q discarded from its draw pile (meditation, Purge, Heart's
    Pull). Each opponent's Enchanted Violinist (with its ability) may pay 1 basic to put 1 wound
    token on a unit (AMB-20 default, the errata); with the first printing (``enchanted_violinist
    = printed``, which costs only the main action to play) it deals 1 damage instead."""
    for r in range(s.players[b]):
        if r == q or s.alive[b, r] == 0:
            continue
        c = r * NZ + Z_BATTLEFIELD
        for k in range(s.cont_n[b, c]):
            v = s.cont[b, c, k]
            cv = s.i_card[b, v]
            if t.card_effect[cv] != S.E_ENCHANTED_VIOLINIST or not has_ability(s, t, b, v):
                continue
            if not can_pay(s, b, r, t.card_act[cv]):
                continue
            u = B.target_wound(s, t, b, prm, r)
            if u < 0:
                continue
            pay_trigger(s, b, r, t.card_act[cv])
            log(s, b, S.EV_TRIGGER, r, cv, u)
            if veiled(s, t, b, prm, r, u):
                continue
            if t.card_cost[cv, CO_BASIC] == 0:  # the first printing: damage
                if s.i_cont[b, u] // NZ != r:
                    S.tally_damage(s, b, r, cv, 1)
                deal_unit(s, b, u, 1, r, S.DK_ABILITY)
            else:
                wound_unit(s, b, u, 1, r)
    run_pending(s, t, b, prm)


@njit(cache=True)
def unit_entered(s, t, b, prm, q, u):
    """Window W-ENTER-OPP (§2 #17): unit u entered q's battlefield. Each Blue Jaguar of another
    seat (with its ability) may pay 1 basic to exhaust it (1 exhaustion token); several Jaguars
    may each do so."""
    for r in range(s.players[b]):
        if r == q or s.alive[b, r] == 0:
            continue
        c = r * NZ + Z_BATTLEFIELD
        for k in range(s.cont_n[b, c]):
            j = s.cont[b, c, k]
            cj = s.i_card[b, j]
            if t.card_effect[cj] != S.E_BLUE_JAGUAR or not has_ability(s, t, b, j):
                continue
            if not in_play(s, b, u) or not can_pay(s, b, r, t.card_act[cj]):
                continue
            if not B.use_gaze(s, t, b, prm, r, u):
                continue
            pay_trigger(s, b, r, t.card_act[cj])
            s.exhaust[b, u] += 1
            log(s, b, S.EV_TRIGGER, r, cj, u)


@njit(cache=True)
def unit_destroyed(s, t, b, prm, u, src):
    """Unit u's destruction check (rules 111-112, 120): if it is in play with wounds at least its
    life it is destroyed (``src``: the seat whose spell, attack, counter, ability or dice power
    did it, -1 none). In order: Silver Snake's Consume (inexhaustible: a Snake of ``src`` gains 1
    status token when ``src`` destroys an opponent's unit, and a destroyed ally is removed from
    the game instead of discarded), then it leaves play (:func:`leave_play`), then the destroyed
    window W-DESTROYED (:func:`destroyed_window`) and the leaves-play window W-LEAVES (Jessa's
    Screams, :func:`left_play`)."""
    if not in_play(s, b, u) or s.wounds[b, u] < unit_life(s, t, b, u):
        return
    destroy_unit(s, t, b, prm, u, src, False)


@njit(cache=True)
def destroy_unit(s, t, b, prm, u, src, remove):
    """Destroy unit u (see :func:`unit_destroyed`); ``remove``: a destroyed ally is removed from
    the game instead of discarded (Fade Away)."""
    q = s.i_cont[b, u] // NZ
    card = s.i_card[b, u]
    log(s, b, EV_DESTROYED, q, card, u)
    s.seat[b, q, S.S_UNITS_LOST] += 1
    consumed = False
    snake = -1
    if src >= 0 and src != q:
        c = src * NZ + Z_BATTLEFIELD
        for k in range(s.cont_n[b, c]):
            v = s.cont[b, c, k]
            if t.card_effect[s.i_card[b, v]] == S.E_SILVER_SNAKE:
                s.status[b, v] += 1
                consumed = True
                snake = s.i_card[b, v]
    mark_respark(s, t, b, u)
    leave_play(s, t, b, u)
    respark(s, t, b, prm)
    if (consumed or remove) and ally_in_play(t, card):
        place(s, b, u, s.i_owner[b, u] * NZ + S.Z_REMOVED)
    if consumed:
        log(s, b, S.EV_TRIGGER, src, snake, u)
    destroyed_window(s, t, b, prm, q, card, u)
    left_play(s, t, b, prm, q)


@njit(cache=True)
def destroyed_window(s, t, b, prm, q, card, u):
    """Window W-DESTROYED: q's unit ``card`` (instance u, already out of play) was destroyed.

    * Butterfly Monk's Last Blessing (inexhaustible): 1 wound off a unit or Phoenixborn;
    * Gilder's Inheritance (inexhaustible): may put 1 status token on a unit;
    * Chant of Revenge: q may exhaust each unexhausted copy to deal 1 damage to a unit or
      Phoenixborn (an ability of a ready spell: also at the end of the round, FAQ);
    * reactions, in the player turns phase and once per player-turn (rules 123-124): Final Cry
      (2 damage to a unit or Phoenixborn) or Summon Sleeping Widows (up to 2 Sleeping Widows onto
      q's battlefield; the destroyed unit still fills its slot, FAQ)."""
    e = t.card_effect[card]
    if e == S.E_BUTTERFLY_MONK:
        h = B.heal_target(s, t, b, prm, q)
        if h >= 0:
            s.wounds[b, h] -= 1
        elif h == -1 and s.pb_wounds[b, q] > 0:
            s.pb_wounds[b, q] -= 1
        log(s, b, S.EV_TRIGGER, q, card, h)
    elif e == S.E_GILDER:
        g = B.status_target(s, t, b, prm, q)
        if g >= 0:
            s.status[b, g] += 1
            log(s, b, S.EV_TRIGGER, q, card, g)
    c = q * NZ + Z_SPELLBOARD
    for k in range(s.cont_n[b, c]):
        i = s.cont[b, c, k]
        ci = s.i_card[b, i]
        if t.card_effect[ci] == S.E_CHANT_OF_REVENGE and s.exhaust[b, i] == 0:
            tgt = B.target_unit_or_pb(s, t, b, prm, q, 1, True, True)
            if tgt == -2:
                break
            s.exhaust[b, i] += 1
            log(s, b, S.EV_TRIGGER, q, ci, tgt)
            if tgt >= 0:
                if not veiled(s, t, b, prm, q, tgt):
                    if s.i_cont[b, tgt] // NZ != q:
                        S.tally_damage(s, b, q, ci, 1)
                    deal_unit(s, b, tgt, 1, q, S.DK_SPELL)
            else:
                S.tally_damage(s, b, q, ci, 1)
                deal_pb(s, b, next_alive(s, b, q), 1, q, S.DK_SPELL)
            # each unexhausted copy (focus) may answer the same destruction
    if s.phase[b] != PH_TURNS or s.react_used[b, q] > 0:
        return
    c = q * NZ + Z_HAND
    for k in range(s.cont_n[b, c]):
        i = s.cont[b, c, k]
        ci = s.i_card[b, i]
        ei = t.card_effect[ci]
        if t.card_impl[ci] == 0 or not (ei == S.E_FINAL_CRY or ei == S.E_SUMMON_SLEEPING_WIDOWS):
            continue
        if not can_pay(s, b, q, t.card_cost[ci]):
            continue
        if ei == S.E_FINAL_CRY:
            tgt = B.target_unit_or_pb(s, t, b, prm, q, 2, True, True)
            if tgt == -2:
                continue
        else:
            room = t.card_bf[s.pb_card[b, q]] - zone_n(s, b, q, Z_BATTLEFIELD) - 1
            tgt = min(room, 2)
            if tgt <= 0 or conjuration_in_pile(s, b, q, t.card_conj[ci]) < 0 \
                    or not B.play_widows(s, b, prm, q):
                continue
        pay_trigger(s, b, q, t.card_cost[ci])
        place(s, b, i, q * NZ + Z_DISCARD)
        s.react_used[b, q] += 1
        s.card[b, q, ci, C_PLAYED] += 1
        log(s, b, EV_REACTION, q, ci, tgt)
        if ei == S.E_FINAL_CRY:
            if tgt >= 0:
                if not veiled(s, t, b, prm, q, tgt):
                    if s.i_cont[b, tgt] // NZ != q:
                        S.tally_damage(s, b, q, ci, 2)
                    deal_unit(s, b, tgt, 2, q, S.DK_SPELL)
            else:
                S.tally_damage(s, b, q, ci, 2)
                deal_pb(s, b, next_alive(s, b, q), 2, q, S.DK_SPELL)
        else:
            for _ in range(tgt):
                j = conjuration_in_pile(s, b, q, t.card_conj[ci])
                if j == u:  # the widow just destroyed went back to the pile: take another
                    j = other_in_pile(s, b, q, t.card_conj[ci], u)
                if j < 0:
                    break
                place(s, b, j, q * NZ + Z_BATTLEFIELD)
                unit_enters(s, t, b, prm, q, j)
                s.seat[b, q, S.S_SUMMONED] += 1
                unit_entered(s, t, b, prm, q, j)
        return


@njit(cache=True)
def mark_respark(s, t, b, u):
    """Note (in scratch row 7: count, then instances) the alterations with Respark under unit u,
    before it leaves play and they are discarded (rule 118)."""
    n = 0
    for j in range(s.i_card.shape[1]):
        if u >= 0 and s.i_parent[b, j] == u and t.card_respark[s.i_card[b, j], CO_BASIC] > 0:
            n += 1
            s.scratch[b, 7, n] = j
    s.scratch[b, 7, 0] = n


@njit(cache=True)
def respark(s, t, b, prm):
    """Respark (rule 118, AMB-23; E10): during the player turns phase, the owner of each
    alteration just discarded from play (noted by :func:`mark_respark`) may pay its Respark cost
    from its own active dice to take it back into hand instead."""
    n = s.scratch[b, 7, 0]
    s.scratch[b, 7, 0] = 0
    if s.phase[b] != PH_TURNS:
        return
    for k in range(1, n + 1):
        j = s.scratch[b, 7, k]
        o = s.i_owner[b, j]
        cost = t.card_respark[s.i_card[b, j]]
        if s.i_cont[b, j] != o * NZ + Z_DISCARD or not can_pay(s, b, o, cost):
            continue
        if not B.use_respark(s, b, prm, o, cost[CO_BASIC]):
            continue
        pay_trigger(s, b, o, cost)
        place(s, b, j, o * NZ + Z_HAND)
        log(s, b, S.EV_TRIGGER, o, s.i_card[b, j], -4)  # -4: back to hand


@njit(cache=True)
def ally_in_play(t, card):
    """An ally, or a Strange Copy (an action spell that is a temporary ally while in play: our
    reading for Consume and Fear; out of play it is an action spell again)."""
    return t.card_type[card] == T_ALLY or t.card_effect[card] == S.E_STRANGE_COPY


@njit(cache=True)
def send_back(s, t, b, prm, u):
    """Unit u leaves play without being destroyed (Fear, §2 #53): a conjuration goes back to its
    owner's conjuration pile, an ally to its owner's hand (tokens cleared, alterations and dice
    off: rules 116-117); then the leaves-play window (W-LEAVES)."""
    q = s.i_cont[b, u] // NZ
    mark_respark(s, t, b, u)
    leave_play(s, t, b, u)
    respark(s, t, b, prm)
    if ally_in_play(t, s.i_card[b, u]):
        place(s, b, u, s.i_owner[b, u] * NZ + Z_HAND)
    log(s, b, S.EV_LEAVES, q, s.i_card[b, u], u)
    left_play(s, t, b, prm, q)


@njit(cache=True)
def other_in_pile(s, b, p, card, skip):
    """An instance of conjuration ``card`` in p's pile other than ``skip``, or -1."""
    c = p * NZ + Z_CONJ
    for k in range(s.cont_n[b, c]):
        j = s.cont[b, c, k]
        if j != skip and s.i_card[b, j] == card:
            return j
    return -1


@njit(cache=True)
def left_play(s, t, b, prm, q):
    """Window W-LEAVES: a unit of q left play (destroyed, sent back, Fade Away; at the end of the
    round too). Jessa Na Ni's Screams of the Departed (an ability with no exhaust cost, so it
    repeats; none while Jessa is exhausted, AMB-32): each opponent with Jessa may pay 1 basic to
    deal 1 damage to q's Phoenixborn."""
    for r in range(s.players[b]):
        if r == q or s.alive[b, r] == 0:
            continue
        pb = s.pb_card[b, r]
        if t.card_effect[pb] != S.E_SCREAMS or t.card_impl[pb] == 0 or s.pb_exhaust[b, r] > 0:
            continue
        if not can_pay(s, b, r, t.card_act[pb]) or not B.use_screams(s, t, b, prm, r, q):
            continue
        pay_trigger(s, b, r, t.card_act[pb])
        log(s, b, EV_PB_ABILITY, r, S.E_SCREAMS, q)
        S.tally_damage(s, b, r, pb, 1)
        deal_pb(s, b, q, 1, r, S.DK_ABILITY)


@njit(cache=True)
def unit_enters(s, t, b, prm, p, j):
    """Conjuration j enters p's battlefield with no tokens (rule 69)."""
    s.wounds[b, j] = 0
    s.exhaust[b, j] = 0
    s.status[b, j] = 0
    s.tmp_atk[b, j] = 0
    s.tmp_flag[b, j] = 0


@njit(cache=True)
def settle(s, t, b, prm, src):
    """Check every unit in play for destruction (after a life change: rule 111) and resolve."""
    for q in range(s.players[b]):
        c = q * NZ + Z_BATTLEFIELD
        for k in range(s.cont_n[b, c]):
            u = s.cont[b, c, k]
            if s.wounds[b, u] >= unit_life(s, t, b, u):
                push_frame(s, b, S.PK_CHECK_UNIT, u, 0, src, S.DK_OTHER)
    run_pending(s, t, b, prm)


@njit(cache=True)
def can_attack(s, b, p):
    """p may attack (rules 74-75, AMB-6): the main action is unused and p has at least one
    unexhausted unit."""
    if s.main_used[b, p] == 1:
        return False
    c = p * NZ + Z_BATTLEFIELD
    for k in range(s.cont_n[b, c]):
        if s.exhaust[b, s.cont[b, c, k]] == 0:
            return True
    return False


@njit(cache=True)
def ability_card(s, t, b, u):
    """Unit u's card while its (not inexhaustible) triggered abilities work, else -1: none under
    Reflections in the Water (§2 #75). Noted when it deals damage, before it may leave play."""
    return -1 if B.reflected(s, t, b, u) else s.i_card[b, u]


@njit(cache=True)
def aftershock(s, t, b, prm, p, card):
    """Hammer Knight's Aftershock 1 (checklist §2 #10, window W-DEALT): when a Hammer Knight of
    seat p deals attack or counter damage, p may put 1 wound token (not damage, rule 115) on a
    target unit. Resolved after the battle's destructions (the Knight may have been destroyed in
    that battle: the ability triggered as the damage was dealt). ``card`` is the dealing unit's
    card; anything but a Hammer Knight does nothing."""
    if card < 0 or t.card_effect[card] != E_HAMMER_KNIGHT:
        return
    u = B.target_wound(s, t, b, prm, p)
    if u < 0:
        return
    log(s, b, EV_AFTERSHOCK, p, u, 0)
    if not veiled(s, t, b, prm, p, u):
        wound_unit(s, b, u, 1, p)
    run_pending(s, t, b, prm)


@njit(cache=True)
def attack_pb(s, t, b, prm, p):
    """Attack a Phoenixborn (rules 74-83, L660-706; E1) as p's main action: p declares attackers
    (DP7: at least one unexhausted unit, rule 75) against the next opponent's Phoenixborn (rule
    76); the defender may block each attacker with at most one unexhausted unit (rule 77, AMB-7);
    the attackers resolve one at a time in the order the attacker chose (rule 78):

    * unblocked: its attack is dealt to the Phoenixborn, then it gets 1 exhaustion (rule 79);
    * blocked, no counter: its attack is dealt to the blocker, it gets 1 exhaustion, the blocker
      none (rule 80);
    * blocked and countered (the defender's choice, rule 82, AMB-15): both deal their attack at
      the same time (rule 119) and each survivor gets 1 exhaustion (rule 81).

    An attacker that left play deals nothing (AMB-13); a blocker gone before its battle takes no
    damage and the attacker is still exhausted (AMB-12 default). The game ends as soon as the
    Phoenixborn is destroyed (the attacking seat orders the destructions, rule 135)."""
    s.main_used[b, p] = 1
    q = next_alive(s, b, p)
    att = s.scratch[b, 0]
    blk = s.scratch[b, 1]
    na = B.choose_attackers(s, t, b, prm, p, att)
    after_declare(s, t, b, prm, p, q, att, na, True)
    B.choose_blockers(s, t, b, prm, q, att, na, blk)
    for k in range(na):
        if s.tmp_flag[b, att[k]] == 1:  # Bypass (Hypnotize): it cannot be blocked
            blk[k] = -1
    resolve_pb_attack(s, t, b, prm, p, q, att, na, blk)


@njit(cache=True)
def after_declare(s, t, b, prm, p, q, att, na, at_pb):
    """The windows of declared attackers (before blocks or guards; FAQ: not after them):

    * W-DECL, Blood Archer's Blood Oath: an attacking Archer (with its ability) may take 2 wound
      tokens for +2 attack until the end of the turn (§2 #8);
    * W-POSTDECL, the attacking seat first, then the defender: Maeoni's Strike (1 basic and
      exhausting Maeoni: +2 attack to a unit until the end of the turn, §2 #4) and each
      unexhausted Empower copy (1 basic and exhausting it: +1 attack to a unit until the end of
      the turn, then may draw 1 and discard 1; Focus 1: may re-roll an exhausted die into the
      active pool, §2 #32)."""
    for k in range(na):
        a = att[k]
        if t.card_effect[s.i_card[b, a]] == S.E_BLOOD_ARCHER and has_ability(s, t, b, a) \
                and B.use_blood_oath(s, t, b, prm, p, q, a, at_pb):
            s.tmp_atk[b, a] += 2
            log(s, b, S.EV_TRIGGER, p, s.i_card[b, a], a)
            wound_unit(s, b, a, 2, p)
            run_pending(s, t, b, prm)
            if s.done[b] == 1:
                return
    for m in range(2):
        r = p if m == 0 else q
        pb = s.pb_card[b, r]
        if t.card_effect[pb] == S.E_STRIKE and t.card_impl[pb] == 1 and s.pb_exhaust[b, r] == 0 \
                and can_pay(s, b, r, t.card_act[pb]):
            u = B.buff_target(s, t, b, prm, r, p, att, na, True)
            if u >= 0:
                log_cost(s, b, r, t.card_act[pb], 1)
                pay_trigger(s, b, r, t.card_act[pb])
                s.pb_exhaust[b, r] += 1
                s.tmp_atk[b, u] += 2
                log(s, b, EV_PB_ABILITY, r, S.E_STRIKE, u)
        c = r * NZ + Z_SPELLBOARD
        for k in range(s.cont_n[b, c]):
            i = s.cont[b, c, k]
            ci = s.i_card[b, i]
            if t.card_effect[ci] != S.E_EMPOWER or s.exhaust[b, i] > 0 or not can_pay(s, b, r, t.card_act[ci]):
                continue
            u = B.buff_target(s, t, b, prm, r, p, att, na, False)
            if u < 0:
                continue
            log_cost(s, b, r, t.card_act[ci], 1)
            pay_trigger(s, b, r, t.card_act[ci])
            s.exhaust[b, i] += 1
            s.tmp_atk[b, u] += 1
            s.card[b, r, ci, C_ACTIVATED] += 1
            log(s, b, EV_ACTIVATE, r, ci, u)
            if B.loot(s, b, prm, r) and draw(s, b, r):
                place(s, b, B.discard_for_cost(s, t, b, prm, r), r * NZ + Z_DISCARD)
            if copies_on_spellboard(s, b, r, ci) >= 2 and dice_count(s, b, r, L_EXHAUSTED) > 0:
                roll_die(s, b, r, B.die_to_reroll(s, b, prm, r))


@njit(cache=True)
def battle_advantage(s, t, b, u):
    """Unit u has Battle Advantage (a keyword: lost under Reflections in the Water)."""
    return (t.card_kw[s.i_card[b, u]] & S.KW_BATTLE_ADVANTAGE) != 0 and not B.reflected(s, t, b, u)


@njit(cache=True)
def battle_hit(s, t, b, prm, x, y, n, px, py):
    """Unit x (seat px) deals its n battle damage to unit y (seat py) on its own, with y's Spiked
    Skin answering, and resolves it (one side of a battle with Battle Advantage)."""
    push_frame(s, b, S.PK_CHECK_UNIT, x, 0, py, S.DK_ATTACK)
    push_frame(s, b, S.PK_CHECK_UNIT, y, 0, px, S.DK_ATTACK)
    if n > 0 and has_alteration(s, t, b, y, S.E_SPIKED_ARMOR):
        push_frame(s, b, S.PK_DMG_UNIT, x, 2, py, S.DK_ABILITY)
    push_frame(s, b, S.PK_DMG_UNIT, y, n, px, S.DK_ATTACK)
    S.tally_damage(s, b, px, s.i_card[b, x], n)
    run_pending(s, t, b, prm)


@njit(cache=True)
def resolve_pb_attack(s, t, b, prm, p, q, att, na, blk):
    """Resolve p's declared attack on q's Phoenixborn: attackers ``att[:na]`` in that order,
    ``blk[k]`` blocking attacker k (-1 = unblocked); see :func:`attack_pb`."""
    s.seat[b, p, S_ATTACKS] += 1
    log(s, b, EV_ATTACK, p, q, na)
    for k in range(na):
        a = att[k]
        if s.i_cont[b, a] != p * NZ + Z_BATTLEFIELD:
            continue
        d = blk[k]
        if d < 0:
            dmg = unit_attack(s, t, b, a)
            s.exhaust[b, a] += 1
            log(s, b, EV_HIT_PB, a, q, dmg)
            S.tally_damage(s, b, p, s.i_card[b, a], dmg)
            deal_pb(s, b, q, dmg, p, S.DK_ATTACK)
            run_pending(s, t, b, prm)
            if s.done[b] == 1:
                return
            if dmg > 0:
                aftershock(s, t, b, prm, p, ability_card(s, t, b, a))
        elif s.i_cont[b, d] != q * NZ + Z_BATTLEFIELD:
            s.exhaust[b, a] += 1
        else:
            counter = s.exhaust[b, d] == 0 and B.choose_counter(s, t, b, prm, q, d, a)
            dealt_a = unit_attack(s, t, b, a)
            dealt_d = unit_attack(s, t, b, d) if counter else 0
            card_a = ability_card(s, t, b, a)
            card_d = ability_card(s, t, b, d)
            log(s, b, EV_BATTLE, a, d, 1 if counter else 0)
            ba_a = battle_advantage(s, t, b, a)
            ba_d = counter and battle_advantage(s, t, b, d)
            if ba_a != ba_d:
                # Battle Advantage (rule 119, AMB-28): that side's damage resolves first and a
                # unit it destroys deals nothing
                first, second = (a, d) if ba_a else (d, a)
                pf, ps = (p, q) if ba_a else (q, p)
                n1 = dealt_a if ba_a else dealt_d
                battle_hit(s, t, b, prm, first, second, n1, pf, ps)
                if s.done[b] == 1:
                    return
                n2 = 0
                if in_play(s, b, second) and (second == a or counter):
                    n2 = unit_attack(s, t, b, second)
                    battle_hit(s, t, b, prm, second, first, n2, ps, pf)
                    if s.done[b] == 1:
                        return
                if ba_a:
                    dealt_d = n2
                else:
                    dealt_a = n2
                if in_play(s, b, a):
                    s.exhaust[b, a] += 1
                if counter and in_play(s, b, d):
                    s.exhaust[b, d] += 1
                if dealt_a > 0:
                    aftershock(s, t, b, prm, p, card_a)
                if dealt_d > 0:
                    aftershock(s, t, b, prm, q, card_d)
                continue
            # simultaneous damage (rule 119): both are dealt before either is checked; the
            # attacking seat orders, the opponent's unit first (AMB-14: its frames on top)
            own_first = t.rule_opt[S.OPT_DDR_OWN_FIRST] == 1  # AMB-14 variant: own on top
            push_frame(s, b, S.PK_CHECK_UNIT, d if own_first else a, 0, p if own_first else q, S.DK_ATTACK)
            push_frame(s, b, S.PK_CHECK_UNIT, a if own_first else d, 0, q if own_first else p, S.DK_ATTACK)
            push_frame(s, b, S.PK_DMG_UNIT, a, dealt_d, q, S.DK_ATTACK)
            push_frame(s, b, S.PK_DMG_UNIT, d, dealt_a, p, S.DK_ATTACK)
            S.tally_damage(s, b, p, s.i_card[b, a], dealt_a)
            S.tally_damage(s, b, q, s.i_card[b, d], dealt_d)
            # Spiked Skin (Spiked Armor, §2 #77): dealt when the battle damage is dealt
            if dealt_a > 0 and has_alteration(s, t, b, d, S.E_SPIKED_ARMOR):
                push_frame(s, b, S.PK_DMG_UNIT, a, 2, q, S.DK_ABILITY)
            if dealt_d > 0 and has_alteration(s, t, b, a, S.E_SPIKED_ARMOR):
                push_frame(s, b, S.PK_DMG_UNIT, d, 2, p, S.DK_ABILITY)
            run_pending(s, t, b, prm)
            if s.done[b] == 1:
                return
            gone_d = not in_play(s, b, d)
            gone_a = not in_play(s, b, a)
            if not gone_a:
                s.exhaust[b, a] += 1
            if counter and not gone_d:
                s.exhaust[b, d] += 1
            if dealt_a > 0:
                aftershock(s, t, b, prm, p, card_a)
            if dealt_d > 0:
                aftershock(s, t, b, prm, q, card_d)


@njit(cache=True)
def attack_unit(s, t, b, prm, p, target):
    """Attack a unit (rules 84-94, L1335-1389) as p's main action: p declares attackers (DP7),
    all against one unit of the opponent (``target``, exhausted or not: rule 86); the defender
    may guard (DP8) with its Phoenixborn (even exhausted, any number of times: rule 88, AMB-16)
    or an unexhausted unit with Unit Guard (rule 89), one guard per attack; then
    :func:`resolve_unit_attack`."""
    s.main_used[b, p] = 1
    q = s.i_cont[b, target] // NZ
    att = s.scratch[b, 0]
    na = B.choose_attackers(s, t, b, prm, p, att)
    after_declare(s, t, b, prm, p, q, att, na, False)
    guard = B.choose_guard(s, t, b, prm, q, att, na, target)
    for k in range(na):
        if s.tmp_flag[b, att[k]] == 1:  # Bypass (Hypnotize): the attack cannot be guarded
            guard = -1
    resolve_unit_attack(s, t, b, prm, p, q, att, na, target, guard)


@njit(cache=True)
def resolve_unit_attack(s, t, b, prm, p, q, att, na, target, guard):
    """Resolve p's attack with ``att[:na]`` on q's unit ``target``; ``guard`` = -1 none, -2 q's
    Phoenixborn, else the guarding unit, which becomes the target (rules 87-89).

    * The Phoenixborn as target: the summed attack is dealt to it, each attacker gets 1
      exhaustion; a Phoenixborn never counters (rule 90).
    * An exhausted target, or no counter: the summed attack is dealt to the target; the
      attackers are exhausted, the target is not (rule 92).
    * Counter (the defender's choice, unexhausted target: rule 91): battle; the summed attack
      goes to the target while the target's attack is split among the attackers as its
      controller chooses, at the same time (rules 93, 119); every surviving participant gets 1
      exhaustion.

    A target gone before the damage takes none and the attackers are still exhausted (our
    reading, as AMB-12 for blockers)."""
    s.seat[b, p, S_ATTACKS] += 1
    log(s, b, EV_ATTACK, p, q, na)
    total = np.int32(0)
    for k in range(na):
        if s.i_cont[b, att[k]] == p * NZ + Z_BATTLEFIELD:
            total += unit_attack(s, t, b, att[k])
    if guard == -2:
        log(s, b, EV_HIT_PB, -1, q, total)
        for k in range(na):
            if s.i_cont[b, att[k]] == p * NZ + Z_BATTLEFIELD:
                s.exhaust[b, att[k]] += 1
                S.tally_damage(s, b, p, s.i_card[b, att[k]], unit_attack(s, t, b, att[k]))
        deal_pb(s, b, q, total, p, S.DK_ATTACK)
        run_pending(s, t, b, prm)
        for k in range(na):
            a = att[k]
            if s.done[b] == 0 and s.i_cont[b, a] == p * NZ + Z_BATTLEFIELD and unit_attack(s, t, b, a) > 0:
                aftershock(s, t, b, prm, p, ability_card(s, t, b, a))
        return
    tgt = guard if guard >= 0 else target
    counter = False
    if s.i_cont[b, tgt] == q * NZ + Z_BATTLEFIELD:
        counter = s.exhaust[b, tgt] == 0 and B.choose_counter(s, t, b, prm, q, tgt, att[0])
        # Battle Advantage: the attackers' sum has it only if every attacker has it (AMB-28)
        ba_att = True
        for k in range(na):
            if in_play(s, b, att[k]) and not battle_advantage(s, t, b, att[k]):
                ba_att = False
        if ba_att != (counter and battle_advantage(s, t, b, tgt)):
            log(s, b, EV_BATTLE, -1, tgt, 1 if counter else 0)
            unit_battle_in_turn(s, t, b, prm, p, q, att, na, tgt, counter, ba_att)
            return
        # simultaneous damage (rule 119): every frame is pushed before any resolves; the
        # attacking seat orders, the opponent's unit first (AMB-14: its frames on top)
        own_first = t.rule_opt[S.OPT_DDR_OWN_FIRST] == 1  # AMB-14 variant: own units on top
        if own_first:
            push_frame(s, b, S.PK_CHECK_UNIT, tgt, 0, p, S.DK_ATTACK)
        for k in range(na):
            if s.i_cont[b, att[k]] == p * NZ + Z_BATTLEFIELD:
                push_frame(s, b, S.PK_CHECK_UNIT, att[k], 0, q, S.DK_ATTACK)
        if not own_first:
            push_frame(s, b, S.PK_CHECK_UNIT, tgt, 0, p, S.DK_ATTACK)
        if counter:
            dmg = s.scratch[b, 4]
            B.split_counter(s, t, b, prm, q, tgt, att, na, dmg)
            for k in range(na):
                if s.i_cont[b, att[k]] == p * NZ + Z_BATTLEFIELD:
                    push_frame(s, b, S.PK_DMG_UNIT, att[k], dmg[k], q, S.DK_ATTACK)
                    S.tally_damage(s, b, q, s.i_card[b, tgt], dmg[k])
                    if dmg[k] > 0 and has_alteration(s, t, b, att[k], S.E_SPIKED_ARMOR):
                        push_frame(s, b, S.PK_DMG_UNIT, tgt, 2, p, S.DK_ABILITY)
        push_frame(s, b, S.PK_DMG_UNIT, tgt, total, p, S.DK_ATTACK)
        for k in range(na):
            if s.i_cont[b, att[k]] == p * NZ + Z_BATTLEFIELD:
                S.tally_damage(s, b, p, s.i_card[b, att[k]], unit_attack(s, t, b, att[k]))
        # Spiked Skin (Spiked Armor, §2 #77): 2 damage to each attacker that dealt it damage
        if total > 0 and has_alteration(s, t, b, tgt, S.E_SPIKED_ARMOR):
            for k in range(na):
                a = att[k]
                if s.i_cont[b, a] == p * NZ + Z_BATTLEFIELD and unit_attack(s, t, b, a) > 0:
                    push_frame(s, b, S.PK_DMG_UNIT, a, 2, q, S.DK_ABILITY)
        log(s, b, EV_BATTLE, -1, tgt, 1 if counter else 0)
    # Aftershock: note which units dealt damage before any of them leaves play
    card_t = ability_card(s, t, b, tgt)
    countered = counter and unit_attack(s, t, b, tgt) > 0
    knights = 0
    knight_card = -1
    for k in range(na):
        a = att[k]
        if s.i_cont[b, a] == p * NZ + Z_BATTLEFIELD and unit_attack(s, t, b, a) > 0 \
                and ability_card(s, t, b, a) >= 0 and t.card_effect[s.i_card[b, a]] == E_HAMMER_KNIGHT:
            knights += 1
            knight_card = s.i_card[b, a]
    run_pending(s, t, b, prm)
    if s.done[b] == 1:
        return
    gone_t = not in_play(s, b, tgt)
    for k in range(na):
        a = att[k]
        if s.i_cont[b, a] == p * NZ + Z_BATTLEFIELD:
            s.exhaust[b, a] += 1
    if counter and not gone_t:
        s.exhaust[b, tgt] += 1
    for _ in range(knights):
        aftershock(s, t, b, prm, p, knight_card)
    if countered:
        aftershock(s, t, b, prm, q, card_t)


@njit(cache=True)
def unit_battle_in_turn(s, t, b, prm, p, q, att, na, tgt, counter, ba_att):
    """A battle on unit ``tgt`` where one side has Battle Advantage (rule 119, AMB-28): that side
    deals its damage and finishes its resolution first; a unit it destroys deals nothing (the
    attackers' sum is taken from the survivors). Then survivors are exhausted and Aftershock
    resolves, as in :func:`resolve_unit_attack`."""
    dmg = s.scratch[b, 4]
    countered = False
    total = np.int32(0)
    if not ba_att:  # the countering target strikes first
        B.split_counter(s, t, b, prm, q, tgt, att, na, dmg)
        countered = unit_attack(s, t, b, tgt) > 0
        for k in range(na):
            if in_play(s, b, att[k]):
                battle_hit(s, t, b, prm, tgt, att[k], dmg[k], q, p)
                if s.done[b] == 1:
                    return
    knights = 0
    knight_card = -1
    for k in range(na):
        a = att[k]
        if in_play(s, b, a) and in_play(s, b, tgt):
            total += unit_attack(s, t, b, a)
            if unit_attack(s, t, b, a) > 0 and ability_card(s, t, b, a) >= 0 \
                    and t.card_effect[s.i_card[b, a]] == E_HAMMER_KNIGHT:
                knights += 1
                knight_card = s.i_card[b, a]
    if in_play(s, b, tgt):
        for k in range(na):
            if in_play(s, b, att[k]):
                push_frame(s, b, S.PK_CHECK_UNIT, att[k], 0, q, S.DK_ATTACK)
                if total > 0 and has_alteration(s, t, b, tgt, S.E_SPIKED_ARMOR) \
                        and unit_attack(s, t, b, att[k]) > 0:
                    push_frame(s, b, S.PK_DMG_UNIT, att[k], 2, q, S.DK_ABILITY)
        push_frame(s, b, S.PK_CHECK_UNIT, tgt, 0, p, S.DK_ATTACK)
        push_frame(s, b, S.PK_DMG_UNIT, tgt, total, p, S.DK_ATTACK)
        for k in range(na):
            if in_play(s, b, att[k]):
                S.tally_damage(s, b, p, s.i_card[b, att[k]], unit_attack(s, t, b, att[k]))
        run_pending(s, t, b, prm)
        if s.done[b] == 1:
            return
    if ba_att and counter and in_play(s, b, tgt):  # the attackers struck first
        B.split_counter(s, t, b, prm, q, tgt, att, na, dmg)
        countered = unit_attack(s, t, b, tgt) > 0
        for k in range(na):
            if in_play(s, b, att[k]):
                battle_hit(s, t, b, prm, tgt, att[k], dmg[k], q, p)
                if s.done[b] == 1:
                    return
    for k in range(na):
        if in_play(s, b, att[k]):
            s.exhaust[b, att[k]] += 1
    if counter and in_play(s, b, tgt):
        s.exhaust[b, tgt] += 1
    for _ in range(knights):
        aftershock(s, t, b, prm, p, knight_card)
    if countered:
        aftershock(s, t, b, prm, q, ability_card(s, t, b, tgt))


# ---------------------------------------------------------------------------------------------
# Side actions: dice powers and meditation (checklist §1.12-1.13)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def return_dice_from(s, b, i):
    """Dice on card i go back to their owners' exhausted pools (rule 29: when the card leaves play)."""
    for q in range(s.players[b]):
        for d in range(NDICE):
            if s.die_loc[b, q, d] == L_ON_CARD and s.die_host[b, q, d] == i:
                s.die_loc[b, q, d] = L_EXHAUSTED
                s.die_host[b, q, d] = -1


@njit(cache=True)
def power_die(s, b, p, dt):
    """An active die of type dt showing its power symbol, or -1 (rule 98)."""
    for d in range(NDICE):
        if s.die_loc[b, p, d] == L_ACTIVE and s.die_type[b, p, d] == dt and s.die_face[b, p, d] == F_POWER:
            return d
    return -1


@njit(cache=True)
def dice_power_moves(s, t, b, p, legal, n):
    """Append p's legal dice-power moves to ``legal`` (side action: rule 98), one per target:
    natural, 1 damage to any unit (rule 102); charm, a die onto one of p's units (rule 100);
    ceremonial, an ally from p's discard pile (rule 99); illusion, one of the next opponent's
    active dice (rule 101, AMB-3 default: any die). Returns the new count."""
    if s.side_left[b, p] <= 0:
        return n
    if power_die(s, b, p, DT_NATURAL) >= 0:
        for q in range(s.players[b]):
            c = q * NZ + Z_BATTLEFIELD
            for k in range(s.cont_n[b, c]):
                legal[n] = MV_NATURAL * MAXI + s.cont[b, c, k]
                n += 1
    if power_die(s, b, p, DT_CHARM) >= 0:
        c = p * NZ + Z_BATTLEFIELD
        for k in range(s.cont_n[b, c]):
            legal[n] = MV_CHARM * MAXI + s.cont[b, c, k]
            n += 1
    if power_die(s, b, p, DT_CEREMONIAL) >= 0:
        c = p * NZ + Z_DISCARD
        for k in range(s.cont_n[b, c]):
            i = s.cont[b, c, k]
            if t.card_type[s.i_card[b, i]] == T_ALLY:
                legal[n] = MV_CEREMONIAL * MAXI + i
                n += 1
    if power_die(s, b, p, DT_ILLUSION) >= 0:
        q = next_alive(s, b, p)
        for d in range(NDICE):
            if s.die_loc[b, q, d] == L_ACTIVE:
                legal[n] = MV_ILLUSION * MAXI + q * NDICE + d
                n += 1
    return n


@njit(cache=True)
def use_dice_power(s, t, b, p, kind, x):
    """Resolve a dice-power move (rules 98-102): the side action is used and the power die that
    pays is exhausted (the die that pays is the die that is used); then its effect on ``x``."""
    s.side_left[b, p] -= 1
    dt = DT_NATURAL
    if kind == MV_CHARM:
        dt = DT_CHARM
    elif kind == MV_CEREMONIAL:
        dt = DT_CEREMONIAL
    elif kind == MV_ILLUSION:
        dt = DT_ILLUSION
    d = power_die(s, b, p, dt)
    if s.ev.shape[1] > 1:
        log(s, b, S.EV_COST, p, 2, 0)
        log(s, b, S.EV_PAID, p, dt, F_POWER)
    s.die_loc[b, p, d] = L_EXHAUSTED
    s.seat[b, p, S_DICE_SPENT] += 1
    s.seat[b, p, S.S_DICE_POWERS] += 1
    log(s, b, EV_DICE_POWER, p, dt, x)
    if kind == MV_NATURAL:
        deal_unit(s, b, x, 1, p, S.DK_DICE)  # resolved by the caller's run_pending
    elif kind == MV_CHARM:
        # the die leaves the pools and sits on the unit (rule 100, AMB-29)
        s.die_loc[b, p, d] = L_ON_CARD
        s.die_host[b, p, d] = x
    elif kind == MV_CEREMONIAL:
        place(s, b, x, p * NZ + Z_HAND)
        dmg = t.card_attack[s.i_card[b, x]]
        if dmg > 0:  # 0 attack: no damage at all (FAQ, rule 99); resolved by run_pending
            deal_pb(s, b, p, dmg, p, S.DK_DICE)
    else:
        q = x // NDICE
        s.die_loc[b, q, x % NDICE] = L_EXHAUSTED
        if s.ev.shape[1] > 1:
            log(s, b, S.EV_DIE, q, s.die_type[b, q, x % NDICE], s.die_face[b, q, x % NDICE])


@njit(cache=True)
def meditate(s, t, b, p, src, ns, dice, faces, nd):
    """Meditate (rules 95-97, L1411-1417, AMB-10; E17) as p's side action: discard ``ns`` cards,
    each ``src[k]`` an instance in p's hand or on p's spellboard (any copy, exhausted or not), or
    -1 for the top card of p's draw pile; then set up to that many different active dice
    ``dice[:nd]`` to ``faces[:nd]``. The discards (and their effects: a Butterfly Monk's life
    falls with its summon copies) resolve before any die changes. Returns the cards discarded."""
    s.side_left[b, p] -= 1
    s.seat[b, p, S.S_MEDITATIONS] += 1
    if s.ev.shape[1] > 1:
        log(s, b, S.EV_COST, p, 2, 0)
    done = 0
    for k in range(ns):
        i = src[k]
        if i < 0:
            c = p * NZ + Z_DRAW
            if s.cont_n[b, c] == 0:
                continue
            i = s.cont[b, c, s.cont_n[b, c] - 1]
        s.exhaust[b, i] = 0
        s.status[b, i] = 0
        place(s, b, i, p * NZ + Z_DISCARD)
        done += 1
    for q in range(s.players[b]):
        c = q * NZ + Z_BATTLEFIELD
        for k in range(s.cont_n[b, c]):
            u = s.cont[b, c, k]
            if s.wounds[b, u] >= unit_life(s, t, b, u):  # resolved by the caller's run_pending
                push_frame(s, b, S.PK_CHECK_UNIT, u, 0, -1, S.DK_OTHER)
    for k in range(min(nd, done)):
        if s.die_loc[b, p, dice[k]] == L_ACTIVE:
            s.die_face[b, p, dice[k]] = faces[k]
    log(s, b, EV_MEDITATE, p, done, min(nd, done))
    if s.ev.shape[1] > 1:
        for k in range(min(nd, done)):
            if s.die_loc[b, p, dice[k]] == L_ACTIVE:
                log(s, b, S.EV_DIE, p, s.die_type[b, p, dice[k]], s.die_face[b, p, dice[k]])
    return done


# ---------------------------------------------------------------------------------------------
# Action spells (checklist §2, action spells; rule 53)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def opposing_units(s, b, p):
    """Units on the battlefields of p's opponents."""
    n = 0
    for q in range(s.players[b]):
        if q != p and s.alive[b, q] == 1:
            n += zone_n(s, b, q, Z_BATTLEFIELD)
    return n


@njit(cache=True)
def units_in_play(s, b):
    """Units on every battlefield."""
    n = 0
    for q in range(s.players[b]):
        n += zone_n(s, b, q, Z_BATTLEFIELD)
    return n


@njit(cache=True)
def alteration_host_exists(s, t, b, p):
    """A unit in play may take p's alteration (an opponent's Magic Guard unit may not, rule 127)."""
    for q in range(s.players[b]):
        c = q * NZ + Z_BATTLEFIELD
        for k in range(s.cont_n[b, c]):
            if B._may_host(s, t, b, p, q, s.cont[b, c, k]):
                return True
    return False


@njit(cache=True)
def alteration_target_exists(s, t, b, p, c):
    """A unit in play may take p's alteration c (:func:`bots.may_attach`: Magic Guard, Massive
    Growth's attack limit, Bring Forth's Illusion)."""
    for q in range(s.players[b]):
        cq = q * NZ + Z_BATTLEFIELD
        for k in range(s.cont_n[b, cq]):
            if B.may_attach(s, t, b, p, c, s.cont[b, cq, k]):
                return True
    return False


@njit(cache=True)
def first_ally_in(s, t, b, c):
    """Whether container c holds an ally."""
    for k in range(s.cont_n[b, c]):
        if t.card_type[s.i_card[b, s.cont[b, c, k]]] == T_ALLY:
            return True
    return False


@njit(cache=True)
def action_possible(s, t, b, p, c):
    """The action spell c would do something now (AMB-11 default: no card is played for nothing):
    Sleight of Hand needs a card to draw, Steady Gaze a unit, Mist Typhoon an opposing unit or a
    card to draw, Bound Soul an ally in p's discard pile, Refresh an exhausted unit, Call Upon the
    Realms an active die; Molten Gold and One Hundred Blades can always reach a Phoenixborn, and
    Hidden Power always has the die that paid for it."""
    e = t.card_effect[c]
    if e == E_SLEIGHT_OF_HAND:
        return zone_n(s, b, p, Z_DRAW) > 0
    if e == E_STEADY_GAZE:
        return units_in_play(s, b) > 0
    if e == E_MIST_TYPHOON:
        return opposing_units(s, b, p) > 0 or zone_n(s, b, p, Z_DRAW) > 0
    if e == E_BOUND_SOUL:
        return first_ally_in(s, t, b, p * NZ + Z_DISCARD)
    if e == E_REFRESH:
        for q in range(s.players[b]):
            c = q * NZ + Z_BATTLEFIELD
            for k in range(s.cont_n[b, c]):
                if s.exhaust[b, s.cont[b, c, k]] > 0:
                    return True
        return False
    if e == E_CALL_UPON_THE_REALMS:
        return dice_count(s, b, p, L_ACTIVE) > 0  # before paying: its cost uses no die
    if e == E_HIDDEN_POWER:
        return True  # the die paying for it is exhausted by then (FAQ: it may come back)
    if e == S.E_OUT_OF_THE_MIST:
        return spell_unit_target_exists(s, t, b, p)
    if e == S.E_FEAR:  # an opposing unit it may target (not a Magic Guard one)
        return B.target_fear(s, t, b, prm_none(), p) >= 0
    if e == S.E_SEAL:
        return B.target_seal(s, t, b, p) >= 0
    if e == S.E_OPEN_MEMORIES:
        return zone_n(s, b, p, Z_DRAW) > 0
    if e == S.E_TRANSFER:
        return B.plan_transfer(s, t, b, prm_none(), p) >= 0
    if e == S.E_STRANGE_COPY:  # a free slot and a model with attack (0 tokens: it would die)
        return zone_n(s, b, p, Z_BATTLEFIELD) < t.card_bf[s.pb_card[b, p]] and B.copy_model(s, t, b, prm_none(), p) >= 0
    return e == E_MOLTEN_GOLD or e == E_ONE_HUNDRED_BLADES


@njit(cache=True)
def transfer_token(s, t, b, prm, p, move):
    """Transfer (§2 #65): one token moves from a non-Phoenixborn card of a player to another
    non-Phoenixborn card that player controls; ``move`` = kind * MAXI * MAXI + source * MAXI +
    destination, kind 0 wound, 1 exhaustion, 2 status. A move is not a placement (no trigger),
    but its results are checked: a Protect left with no status token is discarded, a unit whose
    wounds reach its life (a Strange Copy losing a status token) is destroyed (rule 111)."""
    kind = move // (MAXI * MAXI)
    x = (move // MAXI) % MAXI
    y = move % MAXI
    if kind == 0:
        s.wounds[b, x] -= 1
        s.wounds[b, y] += 1
    elif kind == 1:
        s.exhaust[b, x] -= 1
        s.exhaust[b, y] += 1
    else:
        s.status[b, x] -= 1
        s.status[b, y] += 1
    log(s, b, S.EV_SPELL, p, s.i_card[b, x], y)
    if t.card_effect[s.i_card[b, x]] == S.E_PROTECT and s.status[b, x] == 0 \
            and s.i_cont[b, x] % NZ == Z_SPELLBOARD:
        s.exhaust[b, x] = 0
        place(s, b, x, s.i_owner[b, x] * NZ + Z_DISCARD)
    settle(s, t, b, prm, p)


@njit(cache=True)
def last_played(s, b, p, c):
    """The instance of card c that p just put on its battlefield (the last one in the list)."""
    cb = p * NZ + Z_BATTLEFIELD
    for k in range(s.cont_n[b, cb] - 1, -1, -1):
        if s.i_card[b, s.cont[b, cb, k]] == c:
            return s.cont[b, cb, k]
    return -1


@njit(cache=True)
def spell_blocked(s, t, b, p, u):
    """Magic Guard (Seaside Raven, inexhaustible): p's spell cannot affect u, an opponent's unit
    with it (§2 #24); its damage is kept off in :func:`unit_receives`."""
    return s.i_cont[b, u] // NZ != p and (t.card_kw[s.i_card[b, u]] & S.KW_MAGIC_GUARD) != 0


@njit(cache=True)
def spell_unit_target_exists(s, t, b, p):
    """A unit p's spell may target: any unit but an opponent's Magic Guard unit (§2 #24)."""
    for q in range(s.players[b]):
        c = q * NZ + Z_BATTLEFIELD
        for k in range(s.cont_n[b, c]):
            if q == p or (t.card_kw[s.i_card[b, s.cont[b, c, k]]] & S.KW_MAGIC_GUARD) == 0:
                return True
    return False


@njit(cache=True)
def damage_opposing_units(s, t, b, p, n):
    """Queue n spell damage from p to every unit p's opponents control (simultaneous: every
    destruction check goes under every damage frame; the caller runs :func:`run_pending`)."""
    for q in range(s.players[b]):
        if q == p or s.alive[b, q] == 0:
            continue
        c = q * NZ + Z_BATTLEFIELD
        for k in range(s.cont_n[b, c]):
            push_frame(s, b, S.PK_CHECK_UNIT, s.cont[b, c, k], 0, p, S.DK_SPELL)
    for q in range(s.players[b]):
        if q == p or s.alive[b, q] == 0:
            continue
        c = q * NZ + Z_BATTLEFIELD
        for k in range(s.cont_n[b, c]):
            push_frame(s, b, S.PK_DMG_UNIT, s.cont[b, c, k], n, p, S.DK_SPELL)


@njit(cache=True)
def resolve_action(s, t, b, prm, p, c):
    """Resolve action spell c played by p (its targets are chosen after paying, rule 52):

    * molten_gold: places 3 wounds (not damage: rule 115) on one chosen unit or Phoenixborn;
    * sleight_of_hand: draw 3 (no damage for missing cards, rule 37);
    * steady_gaze: 2 exhaustion tokens on a target unit (rule 103);
    * mist_typhoon: 1 damage to every opposing unit; may draw 1;
    * one_hundred_blades: 1 damage to a target Phoenixborn and to every opposing unit; draw 1
      (FAQ: the draw comes before the damage resolves, rule 136);
    * bound_soul: an ally from p's discard pile into hand;
    * refresh: every exhaustion token removed from a target unit;
    * call_upon_the_realms: three of p's active dice set to faces p chooses;
    * hidden_power: two of p's exhausted dice (the one just paid included, FAQ) moved to the
      active pool on faces p chooses."""
    e = t.card_effect[c]
    q = next_alive(s, b, p)
    if e == E_MOLTEN_GOLD:
        u = B.target_molten_gold(s, t, b, prm, p)
        if u < 0:
            s.pb_wounds[b, q] += 3  # wound tokens, not damage (rule 115): no reaction
            push_frame(s, b, S.PK_CHECK_PB, q, 0, p, S.DK_SPELL)
        elif not spell_blocked(s, t, b, p, u) and not veiled(s, t, b, prm, p, u):
            wound_unit(s, b, u, 3, p)
    elif e == E_SLEIGHT_OF_HAND:
        for _ in range(3):
            draw(s, b, p)
    elif e == E_STEADY_GAZE:
        u = B.target_exhaust(s, t, b, prm, p)
        if not spell_blocked(s, t, b, p, u) and not veiled(s, t, b, prm, p, u):
            s.exhaust[b, u] += 2
    elif e == E_MIST_TYPHOON:
        S.tally_damage(s, b, p, c, opposing_units(s, b, p))
        damage_opposing_units(s, t, b, p, 1)
        draw(s, b, p)  # optional: the bots always draw
    elif e == E_ONE_HUNDRED_BLADES:
        draw(s, b, p)
        S.tally_damage(s, b, p, c, 1 + opposing_units(s, b, p))
        deal_pb(s, b, q, 1, p, S.DK_SPELL)
        damage_opposing_units(s, t, b, p, 1)
    elif e == E_BOUND_SOUL:
        place(s, b, B.target_ally_in_discard(s, t, b, prm, p), p * NZ + Z_HAND)
    elif e == E_REFRESH:
        u = B.target_refresh(s, t, b, prm, p)
        if not veiled(s, t, b, prm, p, u):
            s.exhaust[b, u] = 0
    elif e == E_CALL_UPON_THE_REALMS:
        for _ in range(3):
            d = B.die_to_set(s, b, prm, p)
            if d >= 0:
                s.die_face[b, p, d] = B.face_to_set(s, b, prm, p, d)
                if s.ev.shape[1] > 1:
                    log(s, b, S.EV_DIE, p, s.die_type[b, p, d], s.die_face[b, p, d])
    elif e == E_HIDDEN_POWER:
        for _ in range(2):
            d = B.die_to_reroll(s, b, prm, p)
            if d >= 0:
                s.die_loc[b, p, d] = L_ACTIVE
                s.die_face[b, p, d] = B.face_to_set(s, b, prm, p, d)
                if s.ev.shape[1] > 1:
                    log(s, b, S.EV_DIE, p, s.die_type[b, p, d], s.die_face[b, p, d])
    elif e == S.E_OUT_OF_THE_MIST:
        # X = the units p controls, counted as the spell resolves
        x = zone_n(s, b, p, Z_BATTLEFIELD)
        u = B.target_spell_damage(s, t, b, prm, p, x)
        log(s, b, S.EV_SPELL, p, c, u)
        if veiled(s, t, b, prm, p, u):
            return  # Golden Veil cancels all of it, the draw too
        if x > 0:
            if u >= 0 and s.i_cont[b, u] // NZ != p:
                S.tally_damage(s, b, p, c, x)
            deal_unit(s, b, u, x, p, S.DK_SPELL)
        draw(s, b, p)  # optional: the bots always draw
    elif e == S.E_FEAR:
        u = B.target_fear(s, t, b, prm, p)
        log(s, b, S.EV_SPELL, p, c, u)
        if not veiled(s, t, b, prm, p, u):
            send_back(s, t, b, prm, u)
    elif e == S.E_SEAL:
        x = B.choose_seal(s, t, b, prm, p)
        card = s.i_card[b, x]
        o = s.i_cont[b, x] // NZ
        log(s, b, S.EV_SPELL, p, c, x)
        cs = o * NZ + Z_SPELLBOARD
        for k in range(s.cont_n[b, cs]):
            if s.i_card[b, s.cont[b, cs, k]] == card:
                s.exhaust[b, s.cont[b, cs, k]] += 1
    elif e == S.E_TRANSFER:
        move = B.plan_transfer(s, t, b, prm, p)
        transfer_token(s, t, b, prm, p, move)
    elif e == S.E_STRANGE_COPY:
        # on p's battlefield (AMB-19) with status tokens equal to a chosen opposing unit's attack
        i = last_played(s, b, p, c)
        u = B.copy_model(s, t, b, prm, p)
        s.status[b, i] = unit_attack(s, t, b, u)
        log(s, b, S.EV_SPELL, p, c, u)
    elif e == S.E_OPEN_MEMORIES:
        x = B.choose_tutor(s, t, b, prm, p)
        place(s, b, x, p * NZ + Z_HAND)
        shuffle(s, b, p * NZ + Z_DRAW, S.RS_DECK)
        log(s, b, S.EV_SPELL, p, c, x)


# ---------------------------------------------------------------------------------------------
# Phoenixborn abilities (checklist §2, Phoenixborn abilities)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def pb_ability_possible(s, t, b, p, use):
    """p's Phoenixborn ability can be used now as a side action: it is implemented (Water Blast,
    Slash, Shadow Target, Heart's Pull), the Phoenixborn is unexhausted (its cost exhausts it, and
    an exhausted Phoenixborn has no ability: rules 105, 108), the side action is left, the cost's
    discards and magic can be paid, and it can do something (AMB-11): a unit to blast, an
    opposing ready spell to exhaust, a card to draw; Slash can always reach a unit or, with no
    opposing unit, the opposing Phoenixborn."""
    pb = s.pb_card[b, p]
    if t.card_impl[pb] == 0 or s.pb_exhaust[b, p] > 0 or s.side_left[b, p] <= 0:
        return False
    if zone_n(s, b, p, Z_HAND) < t.card_act[pb, CO_DISCARD]:
        return False
    e = t.card_effect[pb]
    q = next_alive(s, b, p)
    if e == E_WATER_BLAST and units_in_play(s, b) == 0:
        return False
    if e == E_SHADOW_TARGET and zone_n(s, b, q, Z_SPELLBOARD) == 0:
        return False
    if e == E_HEARTS_PULL and zone_n(s, b, p, Z_DRAW) == 0:
        return False
    return plan_payment(s, b, p, t.card_act[pb], use)


@njit(cache=True)
def use_pb_ability(s, t, b, prm, p, use):
    """Use p's Phoenixborn ability (after :func:`pb_ability_possible` planned the dice): pay (side
    action, exhaust the Phoenixborn, the dice, the discards the bot picks), then:

    * water_blast (Aradel): 2 damage to a target unit;
    * slash (Coal): 1 damage to one chosen unit; with no opposing unit, to the other Phoenixborn;
    * shadow_target (Noah): exhausts (1 token) one chosen ready spell of the opponent (an ability:
      Spell Guard does not stop it);
    * hearts_pull (Saria): draw 1; if drawn, a target player discards the top card of their draw
      pile (the bots aim at the opponent, AMB-30)."""
    pb = s.pb_card[b, p]
    if s.ev.shape[1] > 1:
        log(s, b, S.EV_COST, p, 2, 1 + 2 * t.card_act[pb, CO_DISCARD])
    spend_dice(s, b, p, use)
    s.side_left[b, p] -= 1
    s.pb_exhaust[b, p] += 1
    for _ in range(t.card_act[pb, CO_DISCARD]):
        place(s, b, B.discard_for_cost(s, t, b, prm, p), p * NZ + Z_DISCARD)
    e = t.card_effect[pb]
    q = next_alive(s, b, p)
    log(s, b, EV_PB_ABILITY, p, e, 0)
    if e == E_WATER_BLAST or e == E_SLASH:
        u = B.target_damage(s, t, b, prm, p, 2 if e == E_WATER_BLAST else 1, e == E_SLASH)
        if u < 0:
            S.tally_damage(s, b, p, pb, 1)
            deal_pb(s, b, q, 1, p, S.DK_ABILITY)
        elif not veiled(s, t, b, prm, p, u):
            if s.i_cont[b, u] // NZ != p:
                S.tally_damage(s, b, p, pb, 2 if e == E_WATER_BLAST else 1)
            deal_unit(s, b, u, 2 if e == E_WATER_BLAST else 1, p, S.DK_ABILITY)
        run_pending(s, t, b, prm)
    elif e == E_SHADOW_TARGET:
        s.exhaust[b, B.target_ready_spell(s, t, b, prm, p, q)] += 1
    elif e == E_HEARTS_PULL:
        if draw(s, b, p):
            c = q * NZ + Z_DRAW
            if s.cont_n[b, c] > 0:
                place(s, b, s.cont[b, c, s.cont_n[b, c] - 1], q * NZ + Z_DISCARD)
                milled(s, t, b, prm, q)


@njit(cache=True)
def ally_enters(s, t, b, prm, p, i):
    """What an ally does as it enters play (window W-ENTER): Iron Worker's Resourceful puts 1
    status token on it (inexhaustible); Stormwind Sniper's Ambush may hit one chosen unit or
    Phoenixborn for 2 (the bots always do: a unit it destroys, else the most valuable opposing
    unit, else the opposing Phoenixborn)."""
    e = t.card_effect[s.i_card[b, i]]
    if e == E_IRON_WORKER:
        s.status[b, i] += 1
    elif e == E_STORMWIND_SNIPER:
        u = B.target_damage(s, t, b, prm, p, 2, True)
        if u < 0:
            S.tally_damage(s, b, p, s.i_card[b, i], 2)
            deal_pb(s, b, next_alive(s, b, p), 2, p, S.DK_ABILITY)
        elif not veiled(s, t, b, prm, p, u):
            if s.i_cont[b, u] // NZ != p:
                S.tally_damage(s, b, p, s.i_card[b, i], 2)
            deal_unit(s, b, u, 2, p, S.DK_ABILITY)
        run_pending(s, t, b, prm)


@njit(cache=True)
def overtime_worker(s, t, b, p):
    """An Iron Worker of p's with a status token to spend on Overtime (an extra side action), or
    -1 (checklist §2 #11: inexhaustible, any time in p's turn)."""
    c = p * NZ + Z_BATTLEFIELD
    for k in range(s.cont_n[b, c]):
        u = s.cont[b, c, k]
        if t.card_effect[s.i_card[b, u]] == E_IRON_WORKER and s.status[b, u] > 0:
            return u
    return -1


# ---------------------------------------------------------------------------------------------
# Unit abilities (checklist §2, allies and conjurations)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def unit_ability_possible(s, t, b, p, u, use):
    """p's unit u can use its activated ability now: implemented (Rose Fire Dancer's Distract,
    Three-Eyed Owl's Memory Drain), u unexhausted (an exhausted unit has no ability and the cost
    exhausts it: rules 104, 108), the action its cost names still available, the magic payable,
    and something to do (AMB-11): a unit to exhaust, a card in the opponent's hand."""
    c = s.i_card[b, u]
    if t.card_effect[c] == S.E_BLOOD_PUPPET:  # Self Inflict: no exhaust cost (§2 #16)
        return (has_ability(s, t, b, u) and action_free(s, b, p, t.card_act[c])
                and plan_payment(s, b, p, t.card_act[c], use))
    if t.card_impl[c] == 0 or s.exhaust[b, u] > 0 or t.card_act[c, CO_EXHAUST] == 0:
        return False
    if B.reflected(s, t, b, u):  # Reflections in the Water: no ability (§2 #75)
        return False
    if not action_free(s, b, p, t.card_act[c]):
        return False
    e = t.card_effect[c]
    if e == E_ROSE_FIRE_DANCER:
        if units_in_play(s, b) == 0:
            return False
    elif e == E_THREE_EYED_OWL:
        if zone_n(s, b, next_alive(s, b, p), Z_HAND) == 0:
            return False
    else:
        return False
    return plan_payment(s, b, p, t.card_act[c], use)


@njit(cache=True)
def use_unit_ability(s, t, b, prm, p, u, use):
    """Use unit u's ability (after :func:`unit_ability_possible` planned the dice): pay (the
    action, an exhaustion token on u, the dice), then:

    * rose_fire_dancer (Distract): 1 exhaustion token on a target unit;
    * three_eyed_owl (Memory Drain): a target player discards a card of their own choice from
      hand (the bots aim at the opponent, AMB-30; the victim's bot picks the card);
    * blood_puppet (Self Inflict, side action + 1 basic, no exhaust): 1 damage to itself."""
    c = s.i_card[b, u]
    log_cost(s, b, p, t.card_act[c], 0 if t.card_effect[c] == S.E_BLOOD_PUPPET else 1)
    spend_dice(s, b, p, use)
    use_action(s, b, p, t.card_act[c])
    e = t.card_effect[c]
    log(s, b, EV_UNIT_ABILITY, p, c, u)
    if e == S.E_BLOOD_PUPPET:  # Self Inflict: 1 damage to itself
        deal_unit(s, b, u, 1, p, S.DK_ABILITY)
        return
    s.exhaust[b, u] += 1
    if e == E_ROSE_FIRE_DANCER:
        v = B.target_exhaust(s, t, b, prm, p)
        if not veiled(s, t, b, prm, p, v):
            s.exhaust[b, v] += 1
    else:
        q = next_alive(s, b, p)
        place(s, b, B.discard_for_cost(s, t, b, prm, q), q * NZ + Z_DISCARD)


# ---------------------------------------------------------------------------------------------
# Reactions (checklist §1.17, rules 122-125)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def pb_damaged(s, t, b, prm, q, amount, by_attack):
    """The window after q's Phoenixborn received ``amount`` damage (W-PB-RECV): q may play one
    reaction spell from hand, paying its magic with no action (rules 57, 122): Shadow Counter
    (only after damage from an attack: 6 damage to a target opposing unit) or Sympathy Pain (3
    damage to a target unit or Phoenixborn). A seat plays at most one reaction per player-turn
    (rule 123, AMB-9), only in the player turns phase (rule 124, AMB-8), and only for damage
    above 0. The reaction's damage resolves before the damage that triggered it is checked
    (rule 137: a nested resolution finishes first), so a reacting seat can win first.
    The reaction's damage goes on the pending stack above the triggering damage's destruction
    check, and a reaction's damage opens the same windows (:func:`run_pending`)."""
    if amount <= 0 or s.phase[b] != PH_TURNS or s.react_used[b, q] > 0 or s.done[b] == 1:
        return
    use = s.scratch[b, 2]
    c = q * NZ + Z_HAND
    for k in range(s.cont_n[b, c]):
        i = s.cont[b, c, k]
        card = s.i_card[b, i]
        if t.card_type[card] != T_REACTION or t.card_impl[card] == 0:
            continue
        e = t.card_effect[card]
        if e != E_SHADOW_COUNTER and e != S.E_SYMPATHY_PAIN:
            continue
        if e == E_SHADOW_COUNTER and not by_attack:
            continue
        if not plan_payment(s, b, q, t.card_cost[card], use):
            continue
        target = B.reaction_target(s, t, b, prm, q, e)
        if target == -2:
            continue
        spend_dice(s, b, q, use)
        place(s, b, i, q * NZ + Z_DISCARD)
        s.react_used[b, q] += 1
        s.card[b, q, card, C_PLAYED] += 1
        log(s, b, EV_REACTION, q, card, target)
        dmg = 6 if e == E_SHADOW_COUNTER else 3
        if target >= 0:
            if not veiled(s, t, b, prm, q, target):
                if s.i_cont[b, target] // NZ != q:
                    S.tally_damage(s, b, q, card, dmg)
                deal_unit(s, b, target, dmg, q, S.DK_SPELL)
        else:
            S.tally_damage(s, b, q, card, dmg)
            deal_pb(s, b, next_alive(s, b, q), dmg, q, S.DK_SPELL)
        return


# ---------------------------------------------------------------------------------------------
# Prepare phase (checklist §1.5)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def prepare_phase(s, t, b, prm):
    """Prepare phase (rules 32-37, L597-615), all seats together: 1. roll every exhausted die into
    the active pool (dice kept active keep their faces, rule 28); 2. discard any cards from hand
    (DP2); 3. draw up to 5 cards. Each card a seat cannot draw
    from an empty draw pile deals 1 damage to its Phoenixborn (fatigue); the damage is
    simultaneous, the token holder orders the destructions (AMB-4)."""
    s.phase[b] = PH_PREPARE
    players = s.players[b]
    for p in range(players):
        if s.alive[b, p] == 0:
            continue
        rolled = 0
        for d in range(NDICE):
            if s.die_loc[b, p, d] == L_EXHAUSTED:
                roll_die(s, b, p, d)
                rolled += 1
        log(s, b, EV_ROLL, p, rolled, 0)
        log_dice(s, b, p, L_ACTIVE)
    for p in range(players):
        if s.alive[b, p] == 0:
            continue
        c = p * NZ + Z_HAND
        k = 0
        while k < s.cont_n[b, c]:
            i = s.cont[b, c, k]
            if B.discard_in_prepare(s, t, b, prm, p, i):
                place(s, b, i, p * NZ + Z_DISCARD)  # swap-remove: slot k now holds another card
                log(s, b, EV_DISCARD, p, s.i_card[b, i], 0)
            else:
                k += 1
    for p in range(players):
        if s.alive[b, p] == 0:
            continue
        drawn = 0
        missing = 0
        while zone_n(s, b, p, Z_HAND) + missing < HAND_DRAW:
            if draw(s, b, p):
                drawn += 1
            else:
                missing += 1
        log(s, b, EV_DRAW, p, drawn, missing)
        if missing > 0:
            damage_pb(s, b, p, missing)
            s.seat[b, p, S_FATIGUE] += missing
            log(s, b, EV_FATIGUE, p, missing, s.pb_wounds[b, p])
    resolve_pb_destruction(s, t, b, s.first[b], END_FATIGUE)


# ---------------------------------------------------------------------------------------------
# Player turns phase (checklist §1.6)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def begin_turn(s, b, p):
    """Start p's turn: one main action and one side action to use (rule 38); each seat may play
    one reaction per player-turn (rule 123, AMB-9), so the reaction counts reset."""
    s.cur[b] = p
    s.main_used[b, p] = 0
    s.side_left[b, p] = 1
    for q in range(s.players[b]):
        s.react_used[b, q] = 0
    s.turn[b] += 1
    s.seat[b, p, S_TURNS] += 1


@njit(cache=True)
def take_pass(s, b, p):
    """Pass as the main action (rule 44): it does nothing but count towards ending the phase."""
    s.main_used[b, p] = 1
    s.pass_run[b] += 1
    s.seat[b, p, S_PASSES] += 1
    log(s, b, EV_PASS, p, s.pass_run[b], 0)


@njit(cache=True)
def end_turn(s, b, p):
    """End p's turn (rule 41): a main action other than a pass breaks the run of passes; the
    turn goes to the next seat clockwise. Returns True if the phase is over: every seat still in
    the game has passed, one after another (rules 42-43, L630-634: a seat that passed may act
    again while the others go on)."""
    s.tmp_atk[b, :] = 0  # "until the end of the turn" bonuses end (AMB-25)
    s.tmp_flag[b, :] = 0  # Bypass too
    over = s.pass_run[b] >= alive_count(s, b)
    s.cur[b] = next_alive(s, b, p)
    return over


@njit(cache=True)
def legal_moves(s, t, b, p, side, legal, use):
    """The moves seat p may make now as its main action (``side`` False) or a side action
    (``side`` True), written to ``legal`` as ``kind * MAXI + instance`` (MV_PLAY: a card from
    hand; MV_ACTIVATE: a ready spell copy on the spellboard; MV_ATTACK_PB: attack a Phoenixborn;
    MV_ATTACK_UNIT: attack that opposing unit; side actions also MV_MEDITATE and the dice powers,
    see :func:`dice_power_moves`); returns how many."""
    n = 0
    c = p * NZ + Z_HAND
    for k in range(s.cont_n[b, c]):
        i = s.cont[b, c, k]
        if t.card_cost[s.i_card[b, i], CO_SIDE if side else CO_MAIN] == 1 and playable(s, t, b, p, i, use):
            legal[n] = MV_PLAY * MAXI + i
            n += 1
    if not side:
        if can_attack(s, b, p):
            legal[n] = MV_ATTACK_PB * MAXI
            n += 1
            q = next_alive(s, b, p)
            cq = q * NZ + Z_BATTLEFIELD
            for k in range(s.cont_n[b, cq]):
                legal[n] = MV_ATTACK_UNIT * MAXI + s.cont[b, cq, k]
                n += 1
    c = p * NZ + Z_SPELLBOARD
    for k in range(s.cont_n[b, c]):
        i = s.cont[b, c, k]
        if t.card_act[s.i_card[b, i], CO_SIDE if side else CO_MAIN] == 1 and can_activate(s, t, b, p, i, use):
            legal[n] = MV_ACTIVATE * MAXI + i
            n += 1
    c = p * NZ + Z_BATTLEFIELD
    for k in range(s.cont_n[b, c]):
        u = s.cont[b, c, k]
        if t.card_act[s.i_card[b, u], CO_SIDE if side else CO_MAIN] == 1 and unit_ability_possible(s, t, b, p, u, use):
            legal[n] = MV_UNIT_ABILITY * MAXI + u
            n += 1
    if side:
        if pb_ability_possible(s, t, b, p, use):
            legal[n] = MV_PB_ABILITY * MAXI
            n += 1
        n = dice_power_moves(s, t, b, p, legal, n)
        if s.side_left[b, p] > 0:
            legal[n] = MV_MEDITATE * MAXI
            n += 1
    return n


@njit(cache=True)
def make_move(s, t, b, prm, p, move, use):
    """Make a move from :func:`legal_moves` (re-planning its payment first)."""
    i = move % MAXI
    if move // MAXI == MV_ATTACK_PB:
        attack_pb(s, t, b, prm, p)
    elif move // MAXI == MV_ATTACK_UNIT:
        attack_unit(s, t, b, prm, p, i)
    elif move // MAXI == MV_UNIT_ABILITY:
        unit_ability_possible(s, t, b, p, i, use)
        use_unit_ability(s, t, b, prm, p, i, use)
    elif move // MAXI == MV_PB_ABILITY:
        pb_ability_possible(s, t, b, p, use)
        use_pb_ability(s, t, b, prm, p, use)
    elif move // MAXI == MV_MEDITATE:
        src = s.scratch[b, 0]
        dice = s.scratch[b, 1]
        faces = s.scratch[b, 4]
        ns = B.plan_meditation(s, t, b, prm, p, src, dice, faces)
        top = False
        for k in range(ns):
            top = top or (src[k] < 0 and zone_n(s, b, p, Z_DRAW) > 0)
        meditate(s, t, b, p, src, ns, dice, faces, ns)
        if top:
            run_pending(s, t, b, prm)
            milled(s, t, b, prm, p)
    elif move // MAXI >= MV_NATURAL and move // MAXI <= MV_ILLUSION:
        n0 = s.pend_n[b]
        use_dice_power(s, t, b, p, move // MAXI, i)
        if move // MAXI == MV_NATURAL and veiled(s, t, b, prm, p, i):
            s.pend_n[b] = n0  # Golden Veil: the die stays spent, its damage is cancelled
    elif move // MAXI == MV_PLAY:
        playable(s, t, b, p, i, use)
        play_card(s, t, b, prm, p, i, use)
    else:
        can_activate(s, t, b, p, i, use)
        activate(s, t, b, prm, p, i, use)
    run_pending(s, t, b, prm)  # what the move queued (damage, destruction checks) resolves now


@njit(cache=True)
def free_actions(s, t, b, prm, p):
    """Abilities p may use on its own turn for no action (window W-FREE, checklist rule 47):
    Anchornaut's Throw 1: exhaust an unexhausted Anchornaut (it has its ability only while
    unexhausted, rule 104) to deal 1 damage to a target unit. The bots use them at the start of
    the turn (balanced: only to destroy an opposing unit)."""
    c = p * NZ + Z_BATTLEFIELD
    k = 0
    while k < s.cont_n[b, c] and s.done[b] == 0:
        u = s.cont[b, c, k]
        k += 1
        if t.card_effect[s.i_card[b, u]] != E_ANCHORNAUT or not has_ability(s, t, b, u) \
                or units_in_play(s, b) == 0:
            continue
        v = B.target_throw(s, t, b, prm, p)
        if v < 0:
            continue
        s.exhaust[b, u] += 1
        log(s, b, EV_THROW, p, u, v)
        if not veiled(s, t, b, prm, p, v):
            if s.i_cont[b, v] // NZ != p:
                S.tally_damage(s, b, p, s.i_card[b, u], 1)
            deal_unit(s, b, v, 1, p, S.DK_ABILITY)
        run_pending(s, t, b, prm)
        k = 0  # a battlefield list may have changed (swap-remove): look again; used ones are exhausted


@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def take_turn(s, t, b, prm, p):
    """One turn of seat p (rules 38-46): the bot's side action, if it takes one (DP4; taken
    before the main action for now), then its main action among the legal moves, else a pass
    (rule 44: a seat must pass when nothing else is legal). In a lookahead run a lookahead bot
    may replace the heuristic's main action by playing the options out (lookahead.py)."""
    if before_main(s, t, b, prm, p):
        return True
    legal = s.scratch[b, 2]
    n = legal_moves(s, t, b, p, False, legal, s.scratch[b, 3])
    move = B.choose_main(s, t, b, prm, p, legal, n)
    move = L.main_hook(s, t, b, p, prm, move, n, 0)
    return main_action(s, t, b, prm, p, move)


@njit(cache=True)
def before_main(s, t, b, prm, p):
    """The start of p's turn up to its main action: the turn begins, free actions, the side
    action (and Overtime's extra ones); True if the game ended there."""
    begin_turn(s, b, p)
    free_actions(s, t, b, prm, p)
    legal = s.scratch[b, 2]
    use = s.scratch[b, 3]
    n = legal_moves(s, t, b, p, True, legal, use)
    move = B.choose_side(s, t, b, prm, p, legal, n)
    if move >= 0:
        make_move(s, t, b, prm, p, move, use)
        # Overtime: each status token an Iron Worker gives up is one more side action
        while s.done[b] == 0 and s.side_left[b, p] == 0:
            w = overtime_worker(s, t, b, p)
            if w < 0:
                break
            s.side_left[b, p] = 1
            n = legal_moves(s, t, b, p, True, legal, use)
            move = B.choose_side(s, t, b, prm, p, legal, n)
            if move < 0:
                s.side_left[b, p] = 0
                break
            s.status[b, w] -= 1
            log(s, b, EV_OVERTIME, p, w, s.status[b, w])
            make_move(s, t, b, prm, p, move, use)
    return s.done[b] == 1


@njit(cache=True)
def main_action(s, t, b, prm, p, move):
    """Make p's main action ``move`` (a move of :func:`legal_moves`, -1 = pass) and end the
    turn; True if that ended the player turns phase (:func:`end_turn`). A lookahead's playout
    starts here with the option it plays out."""
    if move < 0:
        take_pass(s, b, p)
    else:
        make_move(s, t, b, prm, p, move, s.scratch[b, 3])
        s.pass_run[b] = 0
    return end_turn(s, b, p)


@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def player_turns_phase(s, t, b, prm):
    """Player turns phase (rules 38-47): turns go clockwise from the first player until every
    seat has passed in a row."""
    turns_from(s, t, b, prm, start_player_turns(s, t, b), TURN_GUARD)


@njit(cache=True)
def start_player_turns(s, t, b):
    """The start of the player turns phase (before the first turn); returns the seat to play first."""
    s.phase[b] = PH_TURNS
    s.pass_run[b] = 0
    # Iron Worker's Resourceful: 1 status token at the start of the phase (W-PTP)
    for q in range(s.players[b]):
        c = q * NZ + Z_BATTLEFIELD
        for k in range(s.cont_n[b, c]):
            if t.card_effect[s.i_card[b, s.cont[b, c, k]]] == E_IRON_WORKER:
                s.status[b, s.cont[b, c, k]] += 1
    p = s.first[b]
    if s.alive[b, p] == 0:
        p = next_alive(s, b, p)
    return p


@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def turns_from(s, t, b, prm, p, guard):
    """Turns from seat p's on, clockwise, until the phase ends (every seat passed in a row), the
    game ends, or ``guard`` turns were played. A lookahead's playout continues the phase here from
    the seat after the one deciding."""
    for _ in range(guard):
        if take_turn(s, t, b, prm, p) or s.done[b] == 1:
            return
        p = s.cur[b]


# ---------------------------------------------------------------------------------------------
# Recovery phase (checklist §1.19)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def recovery_phase(s, t, b, prm):
    """Recovery phase (rules 130-134, L642-659), in order: 1. every unit removes wound tokens up
    to its recover value (Phoenixborn do not recover); 2. every card in play and every
    Phoenixborn loses exactly one exhaustion token; 3. each seat may exhaust any of its active
    dice (DP13; the dice kept stay on their faces, rule 28); 4. the first-player token passes to
    the left. Then the end-of-round effects (AMB-5: :func:`end_of_round_effects`)."""
    s.phase[b] = PH_RECOVERY
    players = s.players[b]
    for p in range(players):
        c = p * NZ + Z_BATTLEFIELD
        for k in range(s.cont_n[b, c]):
            i = s.cont[b, c, k]
            rec = np.int32(t.card_recover[s.i_card[b, i]])
            for j in range(s.i_card.shape[1]):  # alterations' recover bonus (rule 126)
                if s.i_parent[b, j] == i and s.i_cont[b, j] >= 0 and s.i_cont[b, j] % NZ == Z_ATTACHED:
                    rec += t.card_mod[s.i_card[b, j], 2]
            healed = min(np.int32(s.wounds[b, i]), max(rec, 0))
            s.wounds[b, i] -= healed
            log(s, b, EV_RECOVER, p, i, healed)
    for p in range(players):
        for z in (Z_BATTLEFIELD, Z_SPELLBOARD, Z_ATTACHED):
            c = p * NZ + z
            for k in range(s.cont_n[b, c]):
                i = s.cont[b, c, k]
                if s.exhaust[b, i] > 0:
                    s.exhaust[b, i] -= 1
        if s.pb_exhaust[b, p] > 0:
            s.pb_exhaust[b, p] -= 1
    for p in range(players):
        if s.alive[b, p] == 0:
            continue
        kept = 0
        for d in range(NDICE):
            if s.die_loc[b, p, d] == L_ACTIVE:
                if B.keep_die(s, b, prm, p, d):
                    kept += 1
                else:
                    s.die_loc[b, p, d] = L_EXHAUSTED
        log(s, b, EV_KEEP_DICE, p, kept, 0)
        log_dice(s, b, p, L_ACTIVE)
    s.first[b] = next_alive(s, b, s.first[b])
    log(s, b, EV_TOKEN, s.first[b], 0, 0)
    end_of_round_effects(s, t, b, prm)
    end_of_round(s, t, b)
    if s.ev.shape[1] > 1 and s.done[b] == 0:
        for p in range(players):
            if s.alive[b, p] != 0:
                log(s, b, S.EV_PB_STATUS, p, s.pb_card[b, p], s.pb_wounds[b, p])


@njit(cache=True)
def end_of_round_effects(s, t, b, prm):
    """End-of-round effects after recovery step 4 (rule 134, AMB-5), each seat's in turn from the
    new first-player token holder (who orders them): every die on a card goes back to its
    owner's exhausted pool (rule 100); Fleeting cards are discarded (Massive Growth; §2 #74);
    a unit with Fade Away under it is destroyed, an ally then removed from the game (§2 #73);
    each Blood Puppet puts 1 wound token on its controller's Phoenixborn (Cursed, §2 #16). Then
    every unit whose life fell to its wounds is destroyed (rule 111). No reaction is played
    (AMB-8); abilities (Chant of Revenge, Jessa's Screams) still trigger."""
    for p in range(s.players[b]):
        for d in range(NDICE):
            if s.die_loc[b, p, d] == L_ON_CARD:
                s.die_loc[b, p, d] = L_EXHAUSTED
                s.die_host[b, p, d] = -1
    n = s.players[b]
    for k in range(1, n + 1):
        p = (s.first[b] + k) % n  # the token holder's opponents first, its own last (AMB-4)
        if s.alive[b, p] == 0:
            continue
        c = p * NZ + Z_BATTLEFIELD
        j = 0
        while j < s.cont_n[b, c] and s.done[b] == 0:
            u = s.cont[b, c, j]
            fade = False
            for a in range(s.i_card.shape[1]):
                if s.i_parent[b, a] == u and s.i_cont[b, a] % NZ == Z_ATTACHED:
                    ea = t.card_effect[s.i_card[b, a]]
                    if ea == S.E_FADE_AWAY:
                        fade = True
                    elif (t.card_kw[s.i_card[b, a]] & S.KW_FLEETING) != 0:
                        s.i_parent[b, a] = -1
                        place(s, b, a, s.i_owner[b, a] * NZ + Z_DISCARD)
                        log(s, b, S.EV_END_OF_ROUND, p, s.i_card[b, a], u)
            if fade:
                log(s, b, S.EV_END_OF_ROUND, p, s.i_card[b, u], u)
                destroy_unit(s, t, b, prm, u, p, True)  # controlled by the unit's controller
                run_pending(s, t, b, prm)
                j = 0  # the list changed (swap-remove): look again
            elif (t.card_kw[s.i_card[b, u]] & S.KW_FLEETING) != 0:
                # a Fleeting unit (Strange Copy) is discarded: it leaves play, not destroyed
                log(s, b, S.EV_END_OF_ROUND, p, s.i_card[b, u], u)
                leave_play(s, t, b, u)
                left_play(s, t, b, prm, p)
                run_pending(s, t, b, prm)
                j = 0
            else:
                j += 1
        for j in range(s.cont_n[b, c]):
            u = s.cont[b, c, j]
            # Cursed is not inexhaustible: an exhausted Puppet has no ability text (rule 104)
            if t.card_effect[s.i_card[b, u]] == S.E_BLOOD_PUPPET and has_ability(s, t, b, u):
                s.pb_wounds[b, p] += 1  # wound tokens, not damage (rule 115)
                log(s, b, S.EV_END_OF_ROUND, p, s.i_card[b, u], u)
                push_frame(s, b, S.PK_CHECK_PB, p, 0, -1, S.DK_OTHER)
        run_pending(s, t, b, prm)
    if s.done[b] == 0:
        settle(s, t, b, prm, -1)


@njit(cache=True)
def end_of_round(s, t, b):
    """The charm-dice step of the end of the round (rule 100) and a last destruction sweep with no
    window; :func:`end_of_round_effects` runs first and does the work (kept for its callers)."""
    for p in range(s.players[b]):
        for d in range(NDICE):
            if s.die_loc[b, p, d] == L_ON_CARD:
                s.die_loc[b, p, d] = L_EXHAUSTED
                s.die_host[b, p, d] = -1
    for p in range(s.players[b]):
        c = p * NZ + Z_BATTLEFIELD
        k = 0
        while k < s.cont_n[b, c]:
            if not destroy_if_dead(s, t, b, s.cont[b, c, k]):
                k += 1  # a destroyed unit's slot now holds another unit: look at it again


# ---------------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------------

@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def play_game(s, t, b, prm, check):
    """Play game b to its end: rounds of prepare, player turns and recovery (rule 30) until one
    Phoenixborn is left, or the round cap (rule 142: the rules have none; a draw). Returns the
    invariant violations seen after each phase when ``check``."""
    bad = 0
    if check:
        bad += count_violations(s, t, b)
    return bad + play_on(s, t, b, prm, check, True)


@njit(cache=True)
def keep_round(s, t, b):
    """Keep the life left on every Phoenixborn (0 once destroyed) at the end of round ``rnd``,
    or when the game ends in it, while the history has room (ROUND_HIST); note the cards played
    for the first time in it."""
    r = s.rnd[b] - 1
    if r >= 0:
        note_first_round(s.card, b, s.players[b], C_PLAYED, C_FIRST_ROUND, r + 1)
    if r < 0 or r >= ROUND_HIST:
        return
    for p in range(s.players[b]):
        life = np.int32(t.card_life[s.pb_card[b, p]]) - s.pb_wounds[b, p]
        s.score_hist[b, r, p] = max(life, 0) if s.alive[b, p] else 0


@njit(cache=True, hooks=True)  # on the way to a lookahead hook (simlab.games.jit)
def play_on(s, t, b, prm, check, keep):
    """Play whole rounds of game b (prepare, player turns, recovery) until it ends or the round
    cap; the invariant violations seen after each phase when ``check``. A lookahead's playout
    plays the rest of the game here after finishing the round it decided in; ``keep``: keep the
    life left round by round (the game itself, not a playout)."""
    bad = 0
    while s.done[b] == 0:
        s.rnd[b] += 1
        if s.rnd[b] > ROUND_LIMIT:
            end_game(s, b, -1, END_LIMIT)
            break
        log(s, b, EV_ROUND, s.rnd[b], s.first[b], 0)
        prepare_phase(s, t, b, prm)
        if check:
            bad += count_violations(s, t, b)
        if s.done[b] == 0:
            player_turns_phase(s, t, b, prm)
            if check:
                bad += count_violations(s, t, b)
        if s.done[b] == 0:
            recovery_phase(s, t, b, prm)
            if check:
                bad += count_violations(s, t, b)
        if keep:
            keep_round(s, t, b)
    return bad


# The shared compiled batch driver (kernel.play_batch) plays this game's rows. The game is not
# in simlab.games' registry yet (not playable from scenarios until its cards have effects).
register_game(State, StateType, setup, play_game)
