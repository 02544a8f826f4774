"""Wiz-War rules (compiled): setup, the turn's three phases, attacks, counters, treasures, victory.

Citations: R-numbers, examples and A-numbers of the rule specification
(../shared/reference/wizwar/rules_checklist.md), which paraphrases the Hungarian rulebook.

A turn (R26, R27): Time Passes (stun token, R30), Move and Cast (movement points, one speed
boost, one attack, any number of neutral spells; R31-R36, R49, R66), Discard and Draw (R168-R170).
During Move and Cast the rules list the legal options (:func:`enumerate_options`) and the seat's
bot picks one (``bots.choose_option``) until it ends the phase, picks up a treasure (R116) or hits
the action guard. In play the bot first makes its view of the decision (``bots.decision_view``)
and the listing leaves out attacks on walls, doors and blocks it could never take
(:func:`list_options`, ``bots.choose_in_view``): the same choices, less work. Reactions
(counters) are asked of the bots where the rules open a window.
"""

from __future__ import annotations

import numpy as np

from simlab.games.base import randbelow, stream_seed
from simlab.games.jit import njit
from simlab.games.kernel import forget, note_first_round, register_game
from simlab.games.wizwar import bots as BT
from simlab.games.wizwar import state as S
from simlab.games.wizwar.board import DOOR, Geometry
from simlab.games.wizwar.movement import (
    SIGHT_ONLY,
    away_side,
    bolt_path,
    distances,
    push_dest,
    step,
    step_unlocked,
    straight,
    teleport_squares,
    walk_length,
    walk_violations,
)
from simlab.games.wizwar.rotation import rotate_sector, slot_colour, turn_violations
from simlab.games.wizwar.sight import adjacent, in_storm, line_of_sight, near, sees_bent, sees_border, sees_through
from simlab.games.wizwar.state import (
    DRAW_MAX,
    E_ABSORB_SPELL,
    E_ACID_BATH,
    E_ADD,
    E_ADRENALINE,
    E_AROUND_THE_CORNER,
    E_ASTRAL_PROJECTION,
    E_BIG_MAN_FORM,
    E_BLOODSHARD,
    E_BOOBY_TRAP,
    E_BOOMSTONE,
    E_BRAIN_BURN,
    E_BRAINSTONE,
    E_CREATE_DOOR,
    E_CREATE_WALL,
    E_DESTROY_WALL,
    E_DISEASE,
    E_DISPEL,
    E_DROP_OBJECT,
    E_DUST_CLOUD,
    E_EXTRA_ARMS,
    E_FEATHERWEIGHT,
    E_FIRE_CLOAK,
    E_FIRE_DARTS,
    E_FIREBALL,
    E_FLOOD,
    E_FOG,
    E_GLOBE_OF_PAIN,
    E_GLUE,
    E_GNOME_FORM,
    E_GOLEM_FORM,
    E_GRAVITY,
    E_HANDFUL_OF_TACKS,
    E_HEAVE_HO,
    E_INVISIBLE,
    E_KA_BONG,
    E_LARGE_ROCK,
    E_LIFESTONE,
    E_LIGHTNING_BOLT,
    E_MAD_DASH,
    E_MASTER_KEY,
    E_MEDITATE,
    E_MENTAL_FORCE,
    E_MIGHTSTONE,
    E_MIST_BODY,
    E_NULL_POWDER,
    E_PAIN_LINK,
    E_PASS_THROUGH_WALL,
    E_PICK_LOCK,
    E_POWERSTONE,
    E_POWERTHRUST,
    E_PSYCHIC_STORM,
    E_ROSEBUSH,
    E_ROTATE_SECTOR,
    E_SEAL_DOOR,
    E_SHARE_LIFE,
    E_SHATTER,
    E_SLIME_FORM,
    E_SLOW_DEATH,
    E_SPEEDSTONE,
    E_SPELLSTONE,
    E_STONE_BLOCK,
    E_STONE_DEAD,
    E_STONE_SPIKES,
    E_STRENGTH,
    E_STRETCH,
    E_SWAP,
    E_TELEPORT,
    E_THORNBUSH,
    E_THOUGHT_STEAL,
    E_UNIVERSAL_SOLVENT,
    E_VISIONSTONE,
    E_WALL_OF_FIRE,
    E_WALLIVORE,
    E_WATERBOLT,
    E_WEREWOLF_FORM,
    E_WINDRIDER,
    E_WIZARDBLADE,
    E_YOINK,
    E_ZOT,
    END_ALL_DEAD,
    END_LAST_ALIVE,
    END_POINTS,
    END_ROUND_LIMIT,
    MAX_ACTIONS,
    MAX_LIFE,
    MAXOPT,
    MAXP,
    NTR,
    O_ADD,
    O_AREA,
    O_ATTACK,
    O_BLADE,
    O_BOOST,
    O_DROP,
    O_END,
    O_END_SPELL,
    O_GATHER,
    O_HEAVE,
    O_ITEM,
    O_ITEM_DROP,
    O_ITEM_PICK,
    O_NEUTRAL,
    O_OBJECT,
    O_PICKUP,
    O_PUNCH,
    O_STEP,
    O_STRETCH,
    O_TACKS,
    O_TEAR,
    O_THROW,
    O_UNLOCK,
    ROUND_LIMIT,
    RS_DECK,
    RS_DICE,
    RS_SETUP,
    START_HAND,
    START_LIFE,
    T_ATTACK,
    T_ITEM,
    T_NEUTRAL,
    WIN_VP,
    Z_DECK,
    Z_DECK1,
    Z_DISCARD,
    Z_DISCARD1,
    Z_FLOOR,
    Z_MAINT0,
    attack_open,
    carried,
    counters_only,
    deck_zones,
    fill_bits,
    form_speed,
    hand_limit,
    hand_of,
    hand_size,
    is_form,
    items_of,
    log,
    maint_of,
    move_bit,
    place,
    shuffle_deck,
    spell_on,
    stuck,
)

# Trace event codes (trace.py turns them into text): (turn, seat, code, a, x, y)
(EV_SETUP, EV_TREASURE, EV_TURN, EV_STUNNED, EV_MOVE, EV_BOOST, EV_PICKUP, EV_DROP, EV_PUNCH, EV_CAST,
 EV_COUNTER, EV_DAMAGE, EV_STUN, EV_DEATH, EV_DRAW, EV_DISCARD, EV_RESHUFFLE, EV_TAKE_HAND, EV_END,
 EV_MAD_DASH, EV_NO_EFFECT, EV_ITEM, EV_ITEM_DROP, EV_ITEM_PICK, EV_THROW, EV_STONES, EV_LIFESTONE,
 EV_ROLL, EV_UNLOCK, EV_RELOCK,
 EV_SHIFT, EV_BOLT, EV_EVADE, EV_STORM, EV_SHARE_LIFE, EV_STEAL, EV_ABSORB, EV_ADD,
 EV_SPELL_BEGINS, EV_SPELL_ENDS, EV_TOKEN, EV_ACID, EV_PAIN_LINK, EV_CLOAK, EV_FLOOD,
 EV_WALL_GONE, EV_WALL_MADE, EV_BLOCK) = range(48)
# helper thaum: EV_BACKLASH: a = the caster hurt by Backlash, x = the energy
# EV_INVISIBLE: a = the invisible wizard, x = its d4 roll, y = 1 if the attack is evaded
# EV_SLOW_DEATH: a = the cursed wizard that drew a card
# EV_TAKE_ITEM: a = the seat that takes, x = the item's card, y = the seat it is taken from
# EV_WARD: a = the treasure's owner who casts Ward, x = the wizard it hurts, y = its d4 roll
# EV_TEAR: a = the wizard torn at, x = the d4 roll, y = -1 failed, -2 an item (EV_TAKE_ITEM
# follows), else the treasure taken
# EV_FEATHER: a = the wizard pushed instead of hurt, x = squares pushed, y = damage left
(EV_BACKLASH, EV_INVISIBLE, EV_SLOW_DEATH, EV_TAKE_ITEM, EV_WARD, EV_TEAR, EV_FEATHER) = range(48, 55)
EV_FORM_ROLL, EV_FORM_HIT = 55, 56  # helper forms
(EV_EARTH_WALL, EV_SIGHT, EV_ROTATE, EV_EAT, EV_DOOR_MADE, EV_SEAL) = range(57, 63)
# helper sight: EV_EARTH_WALL a = the seat it shields, x = the attacker; EV_SIGHT a = how the next
# spell sees (SEE_BENT, SEE_ASTRAL), x = Astral Projection's square, y = 0 readied / 1 used;
# EV_ROTATE a = slot turned, x = clockwise quarter turns, y = the sector's colour; EV_EAT a = the
# wall eaten (Wallivore), x = life after; EV_DOOR_MADE a = the border, x = the colour it is open to;
# EV_SEAL a = the door, x = 1 sealed / 0 the seal is gone
(EV_HIT_OBJECT, EV_CRACK, EV_OBJECT_GONE, EV_FIRE_MADE, EV_FIRE_BURNS, EV_BLADE,
 EV_BUSH, EV_BUSH_HURTS, EV_DUST, EV_GLUE, EV_TACKS, EV_TRAP) = range(63, 75)  # helper objects
# EV_SHIFT: a = seat moved by a card, x = from, y = to; EV_BOLT: a = square the bolt enters;
# EV_EVADE: a = seat that evades, x = the attacking seat
# why a maintained spell ended (EV_SPELL_ENDS y)
WHY_TOKENS, WHY_OWNER, WHY_ENDED, WHY_DEATH, WHY_WATER, WHY_REPLACED, WHY_LIMIT = range(7)
FIRE_SPELL, FIRE_ITEM = 1, 2  # what is Fire about an attack (attacked_window)
# EV_WALL_GONE / EV_WALL_MADE: a = border destroyed / walled; EV_BLOCK: a = square filled
# EV_FORM_ROLL: a = seat, x = d4 roll, y = ROLL_*; EV_FORM_HIT: a = victim, x = damage, y = HIT_*
ROLL_WEREWOLF, ROLL_GNOME = 0, 1  # a werewolf's punch; a gnome's evasion
HIT_SLIME, HIT_DISEASE = 0, 1  # what deals EV_FORM_HIT damage
# EV_HIT_OBJECT: a = card (-1 a punch), x = target (border, or -1 - square), y = damage (-1 dissolved);
# EV_CRACK: a = target, x = cracks made, y = cracks on it now; EV_OBJECT_GONE: a = square emptied;
# EV_FIRE_MADE: a = border a Wall of Fire now burns on; EV_FIRE_BURNS: a = seat, x = border, y = damage;
# EV_BLADE: a = target seat, x = card discarded, y = damage; EV_BUSH: a = square, x = FILL_*;
# EV_BUSH_HURTS: a = seat, x = square, y = damage; EV_DUST: a = the side rolled, x = 1 if bumped;
# EV_GLUE: a = treasure k, or NTR + the dropped item instance glued; EV_TACKS: a = square, x = 1 collected;
# EV_TRAP: a = square, x = 0 a token laid, 1 a blank turned up, 2 the trap springs on seat y

WAY_DROP, WAY_FORCED, WAY_DEATH, WAY_LANDS = 0, 1, 2, 3  # why a treasure or item was put down


@njit(cache=True)
def geo_of(s, t, b):
    """The :class:`~simlab.games.wizwar.board.Geometry` of game b: its deal's fixed arrays from
    the tables' pool, and the game's own border kinds, door colours and columns (views of its
    State rows, so a wall made or destroyed, or a sector turned, during the game is seen through it
    at once)."""
    k = s.deal[b]
    return Geometry(t.g_sq_of[k], t.g_sq_r[k], t.g_sq_c[k], t.g_nbr[k], t.g_arrive[k], t.g_edge[k],
                    t.g_link[k], t.g_hedge[k], t.g_vedge[k], s.edge_kind[b], s.edge_doors[b],
                    t.g_edge_inner[k], t.g_edge_sq[k], t.g_edge_side[k], s.column[b], t.g_links[k],
                    t.g_sight_links[k], t.g_window[k], t.g_window_edges[k], t.g_open_dist[k],
                    s.walk_key[b], s.walk_kind[b], s.walk_doors[b], s.walk_dist[b],
                    s.graph_key[b], s.graph_kind[b], s.graph_doors[b], s.graph_adj[b])


# ---------------------------------------------------------------------------------------------
# Setup (R18-R25)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def setup(s, t, b, players, seed_words, game_id):
    """Deal game b: a board from the pool (R18-R22), wizards on their bases with life 15, their
    treasures on their start squares (R23), the shuffled deck and five cards each (R16, R24), a
    random first player (R25)."""
    for k in range(s.rng.shape[1]):
        s.rng[b, k] = stream_seed(seed_words, k, game_id)
    k = randbelow(s.rng, b, RS_SETUP, t.g_colours.shape[0])
    s.deal[b] = k
    # the game's own copy of what cards change on the board (walls, doors, columns, fillers)
    s.edge_kind[b] = t.g_edge_kind[k]
    s.column[b] = t.g_column[k]
    s.fill[b] = 0
    s.wall_by[b] = -1
    s.form[b] = 0  # no transformations, no Adrenaline, no Disease victims yet (helper forms)
    s.adrenaline[b] = 0
    s.sick_turn[b] = 0
    s.edge_doors[b] = t.g_edge_doors[k]  # door colours: Rotate Sector moves doors
    forget(s.walk_key[b])  # no searches remembered: a search depends on the deal (movement.distances)
    forget(s.graph_key[b])  # ... nor step graphs (movement.step_graph)
    forget(s.trial_key[b])  # ... nor trial turns (rotation.turn_marked)
    s.turned[b] = 0
    objects_setup(s, b)
    s.players[b] = players
    s.done[b] = 0
    s.winner[b] = -1
    s.end_reason[b] = 0
    s.ev_n[b] = 0
    s.turn[b] = 0
    s.rnd[b] = 1
    s.score_hist[b, :, :] = 0
    s.seat[b] = 0
    s.card[b] = 0
    for p in range(MAXP):
        s.colour[b, p] = t.g_colours[k, p]
        s.alive[b, p] = 1 if p < players else 0
        s.pos[b, p] = t.g_base[k, p] if p < players else -1
        s.life[b, p] = START_LIFE if p < players else 0
        s.vp_kill[b, p] = 0
        s.stun[b, p] = 0
        s.first_done[b, p] = 0
        s.brain_seen[b, p] = 0
        s.carrying[b, p] = -1
        s.seat[b, p, S.S_COLOUR] = s.colour[b, p]
        s.seat[b, p, S.S_KILLED_BY] = -1
    for j in range(NTR):
        s.tr_sq[b, j] = t.g_tstart[k, j] if j < 2 * players else -1
        s.tr_carrier[b, j] = -1
    s.cont_n[b] = 0
    s.unlocked[b] = -1
    n = t.deck.shape[0]
    for i in range(s.inst_card.shape[1]):
        s.inst_card[b, i] = t.deck[i] if i < n else -1
        s.c_cont[b, i] = -1
        s.c_sq[b, i] = -1
    s.n_inst[b] = n
    for i in range(n):
        s.deck_of[b, i] = t.deck_team[i]
        place(s, b, i, Z_DECK if t.deck_team[i] == 0 else Z_DECK1)
    shuffle_deck(s, b, RS_SETUP, Z_DECK)
    if t.n_decks[0] == 2:  # Custom Spellbook: each team shuffles its own deck (R176)
        shuffle_deck(s, b, RS_SETUP, Z_DECK1)
    s.first[b] = randbelow(s.rng, b, RS_SETUP, players)
    s.cur[b] = s.first[b]
    s.seat[b, s.first[b], S.S_FIRST] = 1
    for p in range(players):
        log(s, b, EV_SETUP, p, s.colour[b, p], s.pos[b, p])
    for j in range(2 * players):
        log(s, b, EV_TREASURE, j, s.tr_sq[b, j], 0)
    for r in range(START_HAND):
        for p in range(players):
            draw_card(s, t, b, p)


# ---------------------------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def draw_card(s, t, b, p):
    """Seat p draws the top card of its deck (the shared one, or its team's under the Custom
    Spellbook rule, R176); an empty deck is first replaced by its shuffled discard pile (R171);
    with both empty nothing is drawn (A-23). Returns the instance or -1."""
    if not s.alive[b, p]:
        return -1  # a wizard killed by Slow Death while drawing draws no more
    zd, zx = deck_zones(t, p)
    if s.cont_n[b, zd] == 0 and s.cont_n[b, zx] > 0:
        while s.cont_n[b, zx] > 0:
            place(s, b, s.cont[b, zx, s.cont_n[b, zx] - 1], zd)
        shuffle_deck(s, b, RS_DECK, zd)
        log(s, b, EV_RESHUFFLE, s.cont_n[b, zd], 1 if zd == Z_DECK1 else 0, 0)
    n = s.cont_n[b, zd]
    i = -1
    if n > 0:
        i = s.cont[b, zd, n - 1]
        place(s, b, i, hand_of(p))
        s.card[b, p, s.inst_card[b, i], S.C_ACQ] += 1
        s.seat[b, p, S.S_DRAWN] += 1
        log(s, b, EV_DRAW, p, s.inst_card[b, i], 0)
        if spell_on(s, t, b, E_SLOW_DEATH, p) >= 0:
            s.curse_due[b, p] += 1  # Slow Death: 1 damage per card drawn (slow_death_settle)
    return i


@njit(cache=True)
def discard(s, b, i):
    """Put card instance i on the discard pile (R82: spent and discarded cards go face up): the
    pile of the deck it came from, whoever held it (R176: a team discards only to its own pile)."""
    place(s, b, i, Z_DISCARD if s.deck_of[b, i] == 0 else Z_DISCARD1)
    s.c_sq[b, i] = -1


@njit(cache=True)
def spend_energy(s, t, b, p, i):
    """Discard instance i for its printed energy value (R63) and return that value, +1 for each
    Powerstone seat p carries (the stone raises every value played for speed or a spell)."""
    card = s.inst_card[b, i]
    discard(s, b, i)
    s.card[b, p, card, S.C_ENERGY] += 1
    return np.int64(t.card_energy[card]) + carried(s, t, b, p, E_POWERSTONE)


@njit(cache=True)
def gain_item(s, t, b, p, i):
    """Seat p now carries item i (played from the hand, R65, or picked up, R106). A Speedstone
    raises the base speed, and the movement points left this turn with it (R37). The first
    Brainstone a wizard gets draws it two cards."""
    place(s, b, i, items_of(p))
    s.c_sq[b, i] = -1
    e = t.card_effect[s.inst_card[b, i]]
    if e == E_SPEEDSTONE and s.cur[b] == p:
        s.mp[b] += 1
    if e == E_BRAINSTONE and s.brain_seen[b, p] == 0:
        s.brain_seen[b, p] = 1
        draw_card(s, t, b, p)
        draw_card(s, t, b, p)


@njit(cache=True)
def lose_item(s, t, b, p, i, sq, prm, living):
    """Item i leaves seat p: onto the floor of square ``sq`` (dropped, R109, R154), or to the
    discard pile when ``sq`` < 0 (spent or destroyed). A Speedstone's bonus goes with it (R37); a
    Brainstone lost by a ``living`` wizard costs it two hand cards of its choice (none on death:
    our ruling, the hand then goes to the killer or the discard pile whole)."""
    if sq >= 0:
        place(s, b, i, Z_FLOOR)
        s.c_sq[b, i] = sq
    else:
        discard(s, b, i)
    e = t.card_effect[s.inst_card[b, i]]
    if e == E_SPEEDSTONE and s.cur[b] == p:
        s.mp[b] -= 1
    if e == E_BRAINSTONE and living:
        for _ in range(2):
            j = BT.choose_discard(s, t, b, p, prm, True)
            if j < 0:
                break
            log(s, b, EV_DISCARD, p, s.inst_card[b, j], 2)
            discard(s, b, j)


@njit(cache=True)
def discard_to_limit(s, t, b, p, prm):
    """Whenever seat p holds more than the hand limit, it discards down at once (R172). Items
    cannot be discarded (R111): with no hand card left, it ends a maintained spell, then drops a
    carried item (A-14)."""
    while hand_size(s, b, p) > hand_limit(s, t, b, p):
        i = BT.choose_discard(s, t, b, p, prm, True)
        if i < 0 and s.cont_n[b, maint_of(p)] > 0:
            end_spell(s, t, b, s.cont[b, maint_of(p), 0], WHY_LIMIT)  # A-14: or end a spell
        elif i < 0:
            i = s.cont[b, items_of(p), 0]
            log(s, b, EV_ITEM_DROP, s.inst_card[b, i], s.pos[b, p], WAY_FORCED)
            lose_item(s, t, b, p, i, s.pos[b, p], prm, True)
        else:
            log(s, b, EV_DISCARD, p, s.inst_card[b, i], 1)
            discard(s, b, i)


# ---------------------------------------------------------------------------------------------
# Points and the end of the game (R1-R3, R120, R121, R159-R161)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def points(s, t, b, p):
    """Seat p's victory points: kills (R2, R161) plus each enemy treasure lying on its base (R120;
    a carried treasure scores for nobody, and one moved off a base stops scoring, R121)."""
    base = t.g_base[s.deal[b], p]
    v = np.int64(s.vp_kill[b, p])
    for j in range(2 * s.players[b]):
        if j // 2 != p and s.tr_carrier[b, j] < 0 and s.tr_sq[b, j] == base:
            v += 1
    return v


@njit(cache=True)
def check_victory(s, t, b):
    """End the game if a living wizard has 2 VP (R1, R159) or at most one wizard lives (R3).
    Dead wizards cannot win (R153, R156). Two wizards at 2 VP at once: a draw (A-7); every wizard
    dead at once: a draw (A-6)."""
    if s.done[b]:
        return
    living = 0
    last = -1
    best = -1
    at_two = 0
    for p in range(s.players[b]):
        if s.alive[b, p]:
            living += 1
            last = p
            if points(s, t, b, p) >= WIN_VP:
                at_two += 1
                best = p
    if at_two > 0:
        s.done[b] = 1
        s.end_reason[b] = END_POINTS
        s.winner[b] = best if at_two == 1 else -1
    elif living == 1:
        s.done[b] = 1
        s.end_reason[b] = END_LAST_ALIVE
        s.winner[b] = last
    elif living == 0:
        s.done[b] = 1
        s.end_reason[b] = END_ALL_DEAD
        s.winner[b] = -1
    if s.done[b]:
        log(s, b, EV_END, s.end_reason[b], s.winner[b], 0)


# ---------------------------------------------------------------------------------------------
# Treasures (R114-R121)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def put_down(s, t, b, p, way):
    """Seat p's carried treasure goes onto its square (R119 dropping, a card forcing it, A-15 on
    death); on a base it scores for the base's owner if it is an enemy's treasure (R120, A-17)."""
    if lay_treasure(s, t, b, p, s.pos[b, p], way):
        check_victory(s, t, b)


@njit(cache=True)
def lay_treasure(s, t, b, p, sq, way):
    """:func:`put_down` onto square ``sq`` without the victory check (Gravity drops every treasure
    at once, A-7; Stretch and Heave-Ho put it elsewhere); True if p carried one."""
    j = s.carrying[b, p]
    if j < 0:
        return False
    s.tr_sq[b, j] = sq
    s.tr_carrier[b, j] = -1
    s.carrying[b, p] = -1
    if way != WAY_DEATH and j // 2 != p and sq == t.g_base[s.deal[b], p]:
        s.seat[b, p, S.S_DELIVERED] += 1
    log(s, b, EV_DROP, j, sq, way)
    return True


@njit(cache=True)
def pick_up(s, t, b, p, j):
    """Seat p picks up treasure j from its square: no movement points (R114), one at a time
    (R118), and Move and Cast ends at once (R116); a golem, or a wizard with Extra Arms, pays 1 MP
    instead (their cards)."""
    s.tr_sq[b, j] = -1
    s.tr_carrier[b, j] = p
    s.carrying[b, p] = j
    paid = paid_pickup(s.form[b, p])
    if paid:
        s.mp[b] -= 1  # Golem Form, Extra Arms (cards): 1 MP instead of ending the phase
    else:
        s.mc_over[b] = 1
    s.seat[b, p, S.S_PICKED] += 1
    if j // 2 != p and s.seat[b, p, S.S_STEAL_SQ] == 0:  # results: where a treasure is first stolen
        s.seat[b, p, S.S_STEAL_SQ] = s.pos[b, p] + 1
    log(s, b, EV_PICKUP, j, s.pos[b, p], paid)


# ---------------------------------------------------------------------------------------------
# Damage and death (R55-R57, R145-R158)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def kill(s, t, b, q, killer, prm):
    """Wizard q dies (R153): it leaves the board, its treasure (A-15) and its items (R154) fall
    on its square, and a killer by a direct attack scores 1 VP and takes its hand, then discards over the limit
    (R56, R157, R172); otherwise its hand is discarded (R158). It is out of the game."""
    put_down(s, t, b, q, WAY_DEATH)
    end_spells_with(s, t, b, q, WHY_DEATH)  # R154: its maintained spells (and those on it) end
    c = items_of(q)
    while s.cont_n[b, c] > 0:  # R154: carried items fall on the death square
        i = s.cont[b, c, s.cont_n[b, c] - 1]
        log(s, b, EV_ITEM_DROP, s.inst_card[b, i], s.pos[b, q], WAY_DEATH)
        lose_item(s, t, b, q, i, s.pos[b, q], prm[q], False)
    s.alive[b, q] = 0
    s.seat[b, q, S.S_DEATH_SQ] = s.pos[b, q] + 1  # results: the square the wizard died on
    s.pos[b, q] = -1
    s.stun[b, q] = 0
    s.seat[b, q, S.S_DIED] = 1
    s.seat[b, q, S.S_KILLED_BY] = killer
    log(s, b, EV_DEATH, q, killer, 0)
    h = hand_of(q)
    if killer >= 0 and killer != q:
        s.vp_kill[b, killer] += 1
        log(s, b, EV_TAKE_HAND, killer, s.cont_n[b, h], q)
        while s.cont_n[b, h] > 0:
            i = s.cont[b, h, s.cont_n[b, h] - 1]
            place(s, b, i, hand_of(killer))
            s.card[b, killer, s.inst_card[b, i], S.C_ACQ] += 1
        discard_to_limit(s, t, b, killer, prm[killer])
    else:
        while s.cont_n[b, h] > 0:
            discard(s, b, s.cont[b, h, s.cont_n[b, h] - 1])
    check_victory(s, t, b)


@njit(cache=True)
def hurt(s, t, b, src, q, amount, prm):
    """``amount`` damage from one source to wizard q (``src``: the attacking seat whose attack
    deals it, or -1 for damage that is not the attack's own, A-5). A Bloodshard takes 1 off each
    source, Golem Form 2 (:func:`form_cut`); then q may reduce it with Shield counters (energy + 2
    each, A-4; any number, R151);
    damage reduced to 0 is no damage (R147). Life falls by the rest; at 0 or less q dies, killed
    by src if there is one (R55, R157, R158). Returns the damage dealt."""
    amount -= carried(s, t, b, q, E_BLOODSHARD) + form_cut(s, b, q)
    if amount > 0 and src >= 0 and src != q and s.alive[b, src]:
        amount = featherweight(s, t, b, src, q, amount)  # points turned into a push
    while amount > 0 and s.alive[b, q]:
        i, boost = BT.choose_shield(s, t, b, q, prm[q], amount)
        if i < 0:
            break
        e = 1  # R91: a spell's energy is 1 unless boosted (R92: the boost replaces it)
        if boost >= 0:
            e = spend_energy(s, t, b, q, boost)
        cut = e + t.shield_plus[0]
        s.card[b, q, s.inst_card[b, i], S.C_PLAYED] += 1
        s.seat[b, q, S.S_COUNTERS] += 1
        log(s, b, EV_COUNTER, q, s.inst_card[b, i], cut)
        discard(s, b, i)
        amount -= cut
    if amount <= 0 or not s.alive[b, q]:
        return 0
    s.life[b, q] -= amount
    if src >= 0 and src != q:  # a caster caught in its own Psychic Storm deals itself no damage
        s.seat[b, src, S.S_DMG_DEALT] += amount
    s.seat[b, q, S.S_DMG_TAKEN] += amount
    log(s, b, EV_DAMAGE, q, amount, s.life[b, q])
    if s.life[b, q] <= 0:
        kill(s, t, b, q, src, prm)
    return amount


@njit(cache=True)
def deal_damage(s, t, b, src, q, amount, fire, prm):
    """Damage of seat src's attack to wizard q (:func:`hurt`). Fire damage that q suffers
    destroys every Magic Stone it carries (:func:`burn_stones`). Then what answers an attack's
    damage does (Pain Link, Fire Cloak: :func:`retaliate`). Returns the attack's damage."""
    back = retaliation(s, t, b, src, q)  # read before q may die
    dealt = hurt(s, t, b, src, q, amount, prm)
    if fire and dealt > 0 and s.alive[b, q]:
        burn_stones(s, t, b, q, prm)
    if back and dealt > 0:
        retaliate(s, t, b, src, q, dealt, back, prm)
    return dealt


@njit(cache=True)
def burn_stones(s, t, b, q, prm):
    """Wizard q suffered fire damage: every Magic Stone it carries is destroyed (R98); each
    Boomstone destroyed so then deals q 4 magical fire damage, which is no attack (A-5: no kill
    point)."""
    c = items_of(q)
    boom = 0
    k = 0
    gone = 0
    while k < s.cont_n[b, c]:
        i = s.cont[b, c, k]
        card = s.inst_card[b, i]
        if t.card_stone[card]:
            if t.card_effect[card] == E_BOOMSTONE:
                boom += 1
            lose_item(s, t, b, q, i, -1, prm[q], True)
            gone += 1
        else:
            k += 1
    if gone:
        log(s, b, EV_STONES, q, gone, boom)
    for _ in range(boom):
        if s.alive[b, q]:
            hurt(s, t, b, -1, q, 4, prm)
    if s.alive[b, q]:
        discard_to_limit(s, t, b, q, prm[q])


# ---------------------------------------------------------------------------------------------
# Move and Cast: legal options (R31-R36, R49-R59, R65-R67, R114-R119, R140-R142)
# ---------------------------------------------------------------------------------------------

@njit(cache=True, inline="always")
def add_opt(s, b, kind, a, x, y, z):
    """Append one legal option to the decision buffer (silently full at MAXOPT)."""
    n = s.opt_n[b]
    if n < MAXOPT:
        s.opt[b, n, 0] = kind
        s.opt[b, n, 1] = a
        s.opt[b, n, 2] = x
        s.opt[b, n, 3] = y
        s.opt[b, n, 4] = z
        s.opt_n[b] = n + 1


@njit(cache=True)
def add_boosted(s, t, b, kind, p, i, x):
    """Options (kind, i, x, boost, 0) of seat p's spell i at x: unboosted (boost -1) and with
    each other hand card that has an energy value (R92)."""
    add_opt(s, b, kind, i, x, -1, 0)
    h = hand_of(p)
    for k in range(s.cont_n[b, h]):
        i2 = s.cont[b, h, k]
        if i2 != i and t.card_energy[s.inst_card[b, i2]] > 0:
            add_opt(s, b, kind, i, x, i2, 0)


@njit(cache=True)
def begin_attack_spell(s, t, b, p, i, boost):
    """Seat p casts attack spell i as its attack (R49; used even if cancelled, R144): counted,
    discarded (R82: an instant spell goes with its energy cards), and its energy: 1, the
    boosting card's value (R91, R92) or Add's combined value (``boost`` <= -2, cast_add)."""
    s.attacked[b] += 1
    s.seat[b, p, S.S_ATTACKS] += 1
    s.seat[b, p, S.S_ATTACK_SPELLS] += 1
    s.card[b, p, s.inst_card[b, i], S.C_PLAYED] += 1
    discard(s, b, i)
    if boost >= 0:
        return spend_energy(s, t, b, p, boost)
    if boost <= -2:
        return -2 - boost
    return 1


@njit(cache=True)
def attackable(s, t, b, q):
    """Wizard q can be the target of an attack, or be hit by one: alive and not in Mist Body
    (card text, A-37: it cannot be attacked)."""
    return s.alive[b, q] == 1 and spell_on(s, t, b, E_MIST_BODY, q) < 0


@njit(cache=True)
def can_attack(s, b, p):
    """The active seat may still make its attack: one per turn (R49; two with Adrenaline), never
    in its own first turn (R51, A-3), and a stunned wizard that has moved may not (R140; with
    Adrenaline once): :func:`state.attack_open`."""
    return attack_open(s, b, p)


@njit(cache=True)
def attack_effect(e):
    """True for the attack spells the rules implement (each aimed at one wizard in sight)."""
    return (e == E_ZOT or e == E_FIREBALL or e == E_POWERTHRUST or e == E_STONE_DEAD or e == E_KA_BONG
            or e == E_FIRE_DARTS or e == E_BRAIN_BURN or e == E_ACID_BATH or e == E_SLOW_DEATH)


@njit(cache=True)
def uses_energy(e):
    """The spell's effect depends on its energy, so boosting it can matter (R92); for the others
    a boost is a legal waste of a card, not offered."""
    return (e == E_ZOT or e == E_POWERTHRUST or e == E_STONE_DEAD or e == E_FIRE_DARTS
            or e == E_ACID_BATH or e == E_SLOW_DEATH  # curses: energy = their duration (R83)
            or e == E_GLOBE_OF_PAIN)


@njit(cache=True)
def enumerate_options(s, t, b, geo, p):
    """List the active seat's legal options in State.opt (kinds O_*, see state.py)."""
    s.view_num[b, BT.V_ACTIVE] = 0  # no bot's view: the whole listing
    list_options(s, t, b, geo, p)


@njit(cache=True)
def list_options(s, t, b, geo, p):
    """:func:`enumerate_options` after the bot's view of the decision (``bots.decision_view``):
    attacks on walls, doors and blocks it could never take are left out (``bots.aims_wanted``);
    the rest is the whole listing, in its order."""
    s.opt_n[b] = 0
    add_opt(s, b, O_END, 0, 0, 0, 0)
    me = s.pos[b, p]
    bit = 1 << s.colour[b, p]
    players = s.players[b]
    fog = spell_on(s, t, b, E_FOG, -1) >= 0  # Fog: sight reaches one square (A-32)
    flood = spell_on(s, t, b, E_FLOOD, -1) >= 0  # Flood: no Fire spell or item may be played
    seen = s.seen[b]  # sees_wizard's answers for this listing (a scratch row of the game)
    seen[:] = -1
    cseen = spell_seen(s, t, b, geo, p, fog, seen)  # ... for spells (Visionstone, a bend, Astral Projection)
    # R32, R33: a step per movement point; R141: a stunned wizard that attacked stays put
    if s.mp[b] > 0 and s.no_move[b] == 0 and not stuck(s, b, p):
        mbit = move_bit(s, t, b, p)  # Mist Body passes doors (A-37)
        if s.fill[b, me] == S.FILL_DUST:
            add_opt(s, b, O_STEP, S.STEP_RANDOM, 0, 0, 0)  # Dust Cloud: the die picks the way out
        else:
            for d in range(4):
                if step_unlocked(geo, me, d, mbit, s.unlocked[b]) >= 0 and big_man_lets(s, t, b, geo, p, d):
                    add_opt(s, b, O_STEP, d, 0, 0, 0)
    # R43: a door closed to the wizard opens only by a card: Pick Lock (a mundane neutral spell)
    # or a carried Master Key, aimed at a door in sight (R76: the line runs to the door)
    if s.unlocked[b] < 0:
        key = -1
        ci0 = items_of(p)
        for k in range(s.cont_n[b, ci0]):
            if t.card_effect[s.inst_card[b, s.cont[b, ci0, k]]] == E_MASTER_KEY:
                key = s.cont[b, ci0, k]
        h0 = hand_of(p)
        for k in range(s.cont_n[b, h0] + 1):
            i = key
            if k < s.cont_n[b, h0]:
                i = s.cont[b, h0, k]
                if t.card_effect[s.inst_card[b, i]] != E_PICK_LOCK:
                    continue
            if i < 0:
                continue
            kinds, doors = geo.edge_kind, geo.edge_doors
            for e in range(kinds.shape[0]):
                if kinds[e] == DOOR and (doors[e] & bit) == 0 and sees_border(geo, me, e, bit) \
                        and (not fog or touches(geo, me, e)):
                    add_opt(s, b, O_UNLOCK, i, e, 0, 0)
    h = hand_of(p)
    nh = s.cont_n[b, h]
    # R36: once per turn, one card with an energy value for that many movement points
    if s.boosted[b] == 0 and s.no_move[b] == 0:  # after Teleport no movement is left to boost
        for k in range(nh):
            i = s.cont[b, h, k]
            if t.card_energy[s.inst_card[b, i]] > 0:
                add_opt(s, b, O_BOOST, i, 0, 0, 0)
    grav = spell_on(s, t, b, E_GRAVITY, -1) >= 0  # Gravity: no pick-ups while it lasts
    # R114, R118: pick up a treasure from one's square when carrying none
    if (s.carrying[b, p] < 0 and s.no_pickup[b] == 0 and not grav
            and (s.mp[b] > 0 or paid_pickup(s.form[b, p]) == 0)):
        for j in range(2 * players):
            if s.tr_carrier[b, j] < 0 and s.tr_sq[b, j] == me and not S.maintained(s, b, s.glue_tr[b, j]):
                add_opt(s, b, O_PICKUP, j, 0, 0, 0)
    if s.carrying[b, p] >= 0:
        add_opt(s, b, O_DROP, s.carrying[b, p], 0, 0, 0)  # R119
    # items: play any number from the hand (R65), drop carried ones for free (R109), pick up
    # dropped ones from one's square for 1 MP each (R106)
    for k in range(nh):
        i = s.cont[b, h, k]
        if t.card_type[s.inst_card[b, i]] == T_ITEM and not (flood and t.card_fire[s.inst_card[b, i]]):
            add_opt(s, b, O_ITEM, i, 0, 0, 0)
    ci = items_of(p)
    for k in range(s.cont_n[b, ci]):
        add_opt(s, b, O_ITEM_DROP, s.cont[b, ci, k], 0, 0, 0)
    if s.mp[b] > 0 and not grav:
        for k in range(s.cont_n[b, Z_FLOOR]):
            i = s.cont[b, Z_FLOOR, k]
            if s.c_sq[b, i] == me and pickable(s, t, b, i):
                add_opt(s, b, O_ITEM_PICK, i, 0, 0, 0)
    mist = spell_on(s, t, b, E_MIST_BODY, p) >= 0  # Mist Body: no attack
    if can_attack(s, b, p) and not mist:
        geo_attack_options(s, t, b, geo, p, fog, cseen)
    if can_attack(s, b, p) and not mist:
        for q in range(players):
            if q == p or not attackable(s, t, b, q):
                continue
            # R57: punch a wizard in one's square or an adjacent one (R69, R79)
            if adjacent(geo, me, s.pos[b, q], bit):
                add_opt(s, b, O_PUNCH, q, 0, 0, 0)
            # thrown weapons at a wizard in sight (R100, R113)
            for k in range(s.cont_n[b, ci]):
                i = s.cont[b, ci, k]
                e = t.card_effect[s.inst_card[b, i]]
                if (e == E_LARGE_ROCK or e == E_BOOMSTONE) and sees_wizard(s, t, b, geo, p, q, fog, seen):
                    add_opt(s, b, O_THROW, i, q, 0, 0)
            if not sees_wizard(s, t, b, geo, p, q, fog, cseen):
                continue
            # attack spells in sight (R59, R70); each with or without one boost (R92)
            for k in range(nh):
                i = s.cont[b, h, k]
                card = s.inst_card[b, i]
                e = t.card_effect[card]
                if t.card_type[card] != T_ATTACK or not attack_effect(e) or (flood and t.card_fire[card]):
                    continue
                add_opt(s, b, O_ATTACK, i, q, -1, 0)
                if e == E_ZOT:
                    add_opt(s, b, O_ATTACK, i, q, -1, 1)  # Zot!'s other mode: two stun tokens
                if uses_energy(e):
                    for k2 in range(nh):
                        i2 = s.cont[b, h, k2]
                        if i2 != i and t.card_energy[s.inst_card[b, i2]] > 0:
                            add_opt(s, b, O_ATTACK, i, q, i2, 0)
    # neutral spells, any number per turn (R66), also when stunned (R142)
    for k in range(nh):
        i = s.cont[b, h, k]
        card = s.inst_card[b, i]
        e = t.card_effect[card]
        if t.card_type[card] != T_NEUTRAL:
            continue
        if e == E_MEDITATE or e == E_MAD_DASH:
            add_opt(s, b, O_NEUTRAL, i, p, -1, 0)
        elif e == E_DROP_OBJECT:
            # another wizard in sight; the caster names its treasure (-1) or one carried item
            for q in range(players):
                if q == p or not s.alive[b, q] or not sees_wizard(s, t, b, geo, p, q, fog, cseen):
                    continue
                if s.carrying[b, q] >= 0:
                    add_opt(s, b, O_NEUTRAL, i, q, -1, -1)
                cq = items_of(q)
                for k2 in range(s.cont_n[b, cq]):
                    add_opt(s, b, O_NEUTRAL, i, q, -1, s.cont[b, cq, k2])
        elif e == E_SHARE_LIFE or e == E_THOUGHT_STEAL:
            mind_neutral_options(s, t, b, geo, p, i, fog, cseen)
        elif e == E_DESTROY_WALL or e == E_CREATE_WALL or e == E_STONE_BLOCK:
            walls_options(s, t, b, geo, p, i, e)
        elif e == E_AROUND_THE_CORNER or e == E_ASTRAL_PROJECTION or e == E_ROTATE_SECTOR \
                or e == E_WALLIVORE or e == E_PASS_THROUGH_WALL or e == E_CREATE_DOOR or e == E_SEAL_DOOR:
            sight_options(s, t, b, geo, p, i, e, fog, cseen)
    geo_move_options(s, t, b, geo, p)
    maint_options(s, t, b, geo, p, fog, seen)
    thaum_options(s, t, b, geo, p, fog, seen, mist)
    forms_options(s, t, b, geo, p, fog, seen)
    objects_options(s, t, b, geo, p, fog)
    if can_attack(s, b, p) and not mist:
        storm_options(s, t, b, geo, p)  # last: a full buffer cuts only these
    add_options(s, t, b, p)
    gather_options(s, t, b, p)
    forms_filter(s, t, b, p)


# ---------------------------------------------------------------------------------------------
# Spells
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def spend_counter(s, t, b, q, c, prm):
    """Seat q plays counter c (a hand card, or a carried Null Powder, which is discarded)."""
    s.card[b, q, s.inst_card[b, c], S.C_PLAYED] += 1
    s.seat[b, q, S.S_COUNTERS] += 1
    log(s, b, EV_COUNTER, q, s.inst_card[b, c], 0)
    if s.c_cont[b, c] == items_of(q):
        lose_item(s, t, b, q, c, -1, prm, True)
    else:
        discard(s, b, c)


@njit(cache=True)
def cast_attack(s, t, b, geo, p, i, q, boost, mode, prm):
    """Seat p casts attack spell i at wizard q (R52-R54, R59): the attack is used even if the
    spell is cancelled (R144); q may answer with Full Shield (R53, R143); otherwise it hits
    (R54). Energy is 1 or the boosting card's value (R91, R92)."""
    card = s.inst_card[b, i]
    e = t.card_effect[card]
    energy = begin_attack_spell(s, t, b, p, i, boost)
    log(s, b, EV_CAST, card, q, energy)
    sight_spent(s, t, b, geo, p, q)
    if e == E_LIGHTNING_BOLT:
        lightning_bolt(s, t, b, geo, p, mode, energy, prm)  # aimed at no one: no Full Shield
        return
    if e == E_DISEASE:
        disease(s, t, b, geo, p, i, energy, prm)  # on oneself: no Full Shield
        return
    # the counter window (A-8): only the target's counters answer an attack spell yet
    if backlash(s, t, b, p, q, card, energy, prm):
        s.seat[b, p, S.S_COUNTERED] += 1
        return
    c = BT.choose_full_shield(s, t, b, q, prm[q], card, energy)
    if c >= 0:
        spend_counter(s, t, b, q, c, prm[q])
        if not anti_anti(s, t, b, p, c, card, prm):
            s.seat[b, p, S.S_COUNTERED] += 1
            absorb_taken(s, t, b, q, c, card, prm[q])
            return
    if absorb_window(s, t, b, geo, p, card, s.pos[b, q], q, 0, prm):
        return
    if teleport_evades(s, t, b, geo, p, q, card, energy, prm):
        s.seat[b, p, S.S_COUNTERED] += 1
        return
    if earth_wall(s, t, b, p, q, BT.target_damage(s, t, b, card, energy, q),
                  (e == E_MENTAL_FORCE or e == E_WATERBOLT) and s.carrying[b, q] >= 0, prm):
        return
    curse = e == E_ACID_BATH or e == E_SLOW_DEATH
    hit = 0 if curse else BT.spell_damage(t, card, energy)  # a curse hurts later
    if attacked_window(s, t, b, p, q, hit, FIRE_SPELL if t.card_fire[card] else 0, prm):
        s.seat[b, p, S.S_COUNTERED] += 1
        return
    if curse:
        begin_spell(s, t, b, p, i, q, energy)  # a curse: it stays in front of the caster
    elif e == E_ZOT:
        if mode == 1:
            s.stun[b, q] += 2  # stunned for two turns: two stun tokens (R9, R30)
            log(s, b, EV_STUN, q, 2, 0)
        else:
            deal_damage(s, t, b, p, q, energy, 0, prm)
    elif e == E_FIREBALL:
        deal_damage(s, t, b, p, q, 5, 1, prm)
    elif e == E_POWERTHRUST:
        deal_damage(s, t, b, p, q, energy + 2, 0, prm)
    elif e == E_STONE_DEAD:
        stones = 0
        c = items_of(q)
        for k in range(s.cont_n[b, c]):
            stones += t.card_stone[s.inst_card[b, s.cont[b, c, k]]]
        deal_damage(s, t, b, p, q, energy + stones, 0, prm)
    elif e == E_KA_BONG:
        if deal_damage(s, t, b, p, q, 4, 0, prm) > 0 and s.alive[b, q]:
            s.stun[b, q] += 1
            log(s, b, EV_STUN, q, 1, 0)
    elif e == E_FIRE_DARTS:
        # one dart per point of energy, each its own source (so each is shielded on its own)
        for _ in range(energy):
            if not s.alive[b, q]:
                break
            deal_damage(s, t, b, p, q, 1, 1, prm)
    elif e == E_WATERBOLT:
        waterbolt(s, t, b, geo, p, q, energy, mode, prm)
    elif e == E_MENTAL_FORCE:
        mental_force(s, t, b, geo, p, q, energy, prm)
    elif e == E_BRAIN_BURN:
        brain_burn(s, t, b, p, q, card, prm)
    elif e == E_GLOBE_OF_PAIN:
        deal_damage(s, t, b, p, q, energy, 0, prm)  # magical damage = its energy, to q alone


@njit(cache=True)
def throw(s, t, b, p, i, q, prm):
    """Seat p throws its carried weapon i at wizard q as its attack (R100, R113): Large Rock
    deals 2 physical damage and lands on q's square; Boomstone deals 4 magical fire damage and is
    discarded; a stone spike of p's Stone Spikes (i: the maintained spell) deals 3 physical damage.
    A thrown item is no spell: only damage counters (Shield) and attack reactions (Pain Link,
    Flood) answer it."""
    card = s.inst_card[b, i]
    e = t.card_effect[card]
    s.attacked[b] += 1
    s.seat[b, p, S.S_ATTACKS] += 1
    if e != E_STONE_SPIKES:  # a spike is no card played: Stone Spikes was counted when cast
        s.card[b, p, card, S.C_PLAYED] += 1
    log(s, b, EV_THROW, card, q, 0)
    sq = s.pos[b, q]
    dmg = 2 if e == E_LARGE_ROCK else (3 if e == E_STONE_SPIKES else 4)
    if e != E_BOOMSTONE:
        dmg *= strength_factor(s, t, b, p)  # physical damage: Strength doubles it
    if earth_wall(s, t, b, p, q, dmg, False, prm):
        # blocked by Wall of Earth (our ruling): the rock falls back on the thrower's square,
        # a Boomstone bursts on the wall (immune to damage), a spike shatters
        if e == E_LARGE_ROCK:
            lose_item(s, t, b, p, i, s.pos[b, p], prm[p], True)
        elif e == E_BOOMSTONE:
            lose_item(s, t, b, p, i, -1, prm[p], True)
        return
    if attacked_window(s, t, b, p, q, dmg, 0, prm):
        return
    if e == E_STONE_SPIKES:
        deal_damage(s, t, b, p, q, dmg, 0, prm)  # the spike shatters; the spell stays
    elif e == E_LARGE_ROCK:
        lose_item(s, t, b, p, i, sq, prm[p], True)
        deal_damage(s, t, b, p, q, dmg, 0, prm)
    else:
        lose_item(s, t, b, p, i, -1, prm[p], True)
        deal_damage(s, t, b, p, q, 4, 1, prm)


@njit(cache=True)
def negated(s, t, b, geo, p, card, q, prm):
    """The counter window of a neutral spell (A-8): the target (if another wizard) may cancel it
    with Full Shield (a spell aimed at it) or Negate Neutral, then the other living wizards in
    clockwise order from the caster may use Negate Neutral if they see the caster or the target
    (A-9). True if the spell is cancelled (R143)."""
    n = s.players[b]
    fog = spell_on(s, t, b, E_FOG, -1) >= 0
    glob = is_global(t.card_effect[card])  # R97: everyone sees a global spell
    for r in range(n):
        w = q if r == 0 else (p + r) % n
        if r > 0 and w == q:
            continue
        if w == p or not s.alive[b, w]:
            continue
        sees = glob or in_sight(s, t, b, geo, s.pos[b, w], s.pos[b, p], 1 << s.colour[b, w], fog) or \
            in_sight(s, t, b, geo, s.pos[b, w], s.pos[b, q], 1 << s.colour[b, w], fog)
        c = BT.choose_negate(s, t, b, w, prm[w], p, card, q, sees)
        if c >= 0:
            spend_counter(s, t, b, w, c, prm[w])
            if anti_anti(s, t, b, p, c, card, prm):
                continue
            s.seat[b, p, S.S_COUNTERED] += 1
            absorb_taken(s, t, b, w, c, card, prm[w])
            return True
    return False


@njit(cache=True)
def cast_neutral(s, t, b, geo, p, i, q, boost, z, prm):
    """Seat p casts neutral spell i (R66) at wizard q (itself for Meditate and Mad Dash)."""
    card = s.inst_card[b, i]
    e = t.card_effect[card]
    s.card[b, p, card, S.C_PLAYED] += 1
    discard(s, b, i)
    energy = 1
    if boost >= 0:
        energy = spend_energy(s, t, b, p, boost)  # Windrider's squares (chosen with the option)
    log(s, b, EV_CAST, card, q, energy)
    sight_spent(s, t, b, geo, p, q)
    if negated(s, t, b, geo, p, card, q, prm):
        return
    if maint_neutral(s, t, b, p, i, q, energy, z, prm):
        return
    if thaum_neutral(s, t, b, geo, p, i, q, energy, z, prm):
        return
    if e == E_MEDITATE:
        # draw three, then discard down to the hand limit; the turn goes on
        for _ in range(3):
            draw_card(s, t, b, p)
        discard_to_limit(s, t, b, p, prm[p])
    elif e == E_MAD_DASH:
        # remaining movement doubled; any carried treasure dropped; no pick-up this turn
        s.mp[b] = 2 * s.mp[b] if s.mp[b] > 0 else s.mp[b]
        s.no_pickup[b] = 1
        log(s, b, EV_MAD_DASH, s.mp[b], 0, 0)
        put_down(s, t, b, p, WAY_FORCED)
    elif e == E_DROP_OBJECT:
        # the caster chose the treasure (z = -1) or one carried item; it lands on q's square
        if z < 0 and s.carrying[b, q] >= 0:
            put_down(s, t, b, q, WAY_FORCED)  # A-17 if that square is a base
        elif z >= 0 and s.c_cont[b, z] == items_of(q):
            log(s, b, EV_ITEM_DROP, s.inst_card[b, z], s.pos[b, q], WAY_FORCED)
            lose_item(s, t, b, q, z, s.pos[b, q], prm[q], True)
            discard_to_limit(s, t, b, q, prm[q])
        else:
            log(s, b, EV_NO_EFFECT, card, q, 0)
    elif e == E_WINDRIDER or e == E_TELEPORT:
        geo_self_move(s, b, p, z, e == E_TELEPORT)
    elif e == E_WATERBOLT:
        water_hits(s, t, b, p)  # on oneself (A-29)
    elif e == E_SHARE_LIFE:
        share_life(s, b, p, q)
    elif e == E_THOUGHT_STEAL:
        thought_steal(s, t, b, p, q, prm)
    elif e == E_SHATTER or e == E_WALL_OF_FIRE or e == E_GLUE or e == E_BOOBY_TRAP or creation(e):
        objects_neutral(s, t, b, geo, p, i, e, energy, z)
    elif sight_effect(s, t, b, geo, p, i, e, z):
        pass
    else:
        walls_effect(s, t, b, geo, p, i, e, z, prm)


# ---------------------------------------------------------------------------------------------
# --- mind cards ---
# Brain Burn, Psychic Storm, Share Life, Thought Steal, Absorb Spell (Mentalism instants), Add
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def take_cast_card(s, t, b, w, card, prm):
    """Absorb Spell: seat w takes the cancelled spell card into its hand (card text), then
    discards down to its hand limit (R172). The spell was discarded when cast (its boosting
    card with it, and that one stays discarded): the copy of ``card`` nearest the top of the
    discard pile is the one just cast."""
    for k in range(s.cont_n[b, Z_DISCARD] - 1, -1, -1):
        i = s.cont[b, Z_DISCARD, k]
        if s.inst_card[b, i] == card:
            place(s, b, i, hand_of(w))
            s.card[b, w, card, S.C_ACQ] += 1
            log(s, b, EV_ABSORB, w, card, 0)
            discard_to_limit(s, t, b, w, prm)
            return


@njit(cache=True)
def absorb_taken(s, t, b, w, c, card, prm):
    """After seat w cancelled spell ``card`` with counter instance c: if c was Absorb Spell,
    w takes the spell card."""
    if t.card_effect[s.inst_card[b, c]] == E_ABSORB_SPELL:
        take_cast_card(s, t, b, w, card, prm)


@njit(cache=True)
def absorb_window(s, t, b, geo, p, card, tsq, skip, hit, prm):
    """The rest of an attack spell's counter window (A-8): after the target (seat ``skip``, -1
    if none), the other living wizards clockwise from the caster p may cancel it with Absorb
    Spell if they see the caster or the target square ``tsq`` (A-9). ``hit``: the damage a
    wizard standing in a Psychic Storm centred on ``tsq`` would take (0: not an area). True if
    the spell is cancelled (R143); the absorber takes the card."""
    n = s.players[b]
    for r in range(1, n):
        w = (p + r) % n
        if w == skip or not s.alive[b, w]:
            continue
        bit = 1 << s.colour[b, w]
        fog = spell_on(s, t, b, E_FOG, -1) >= 0  # Fog: sight reaches one square (A-32)
        if not (in_sight(s, t, b, geo, s.pos[b, w], s.pos[b, p], bit, fog)
                or in_sight(s, t, b, geo, s.pos[b, w], tsq, bit, fog)):
            continue
        want = hit > 0 and in_storm(geo, tsq, s.pos[b, w]) and \
            (hit >= s.life[b, w] or hit >= prm[w, BT.P_COUNTER_MIN] + 1)
        c = BT.choose_absorb(s, t, b, w, prm[w], card, want)
        if c >= 0:
            spend_counter(s, t, b, w, c, prm[w])
            if anti_anti(s, t, b, p, c, card, prm):
                continue
            s.seat[b, p, S.S_COUNTERED] += 1
            take_cast_card(s, t, b, w, card, prm[w])
            return True
    return False


@njit(cache=True)
def brain_burn(s, t, b, p, q, card, prm):
    """Brain Burn hits wizard q: q first discards any hand cards it chooses (no maintained spells
    exist yet), then suffers magical damage equal to the hand cards it still holds; carried items
    do not count (card text)."""
    while s.alive[b, q]:
        i = BT.choose_brain_burn(s, t, b, q, prm[q])
        if i < 0:
            break
        log(s, b, EV_DISCARD, q, s.inst_card[b, i], 3)
        discard(s, b, i)
    n = s.cont_n[b, hand_of(q)]
    if n > 0:
        deal_damage(s, t, b, p, q, n, 0, prm)
    else:
        log(s, b, EV_NO_EFFECT, card, q, 0)


@njit(cache=True)
def storm_options(s, t, b, geo, p):
    """Psychic Storm options (O_AREA): its target square must be in sight (R70). Offered: the
    squares in sight whose storm catches another living wizard (the storm covers the square and
    its four map neighbours, in_storm), each unboosted and with each energy-valued hand card
    (R92). Squares that catch nobody else are legal but pointless, and not offered."""
    me = s.pos[b, p]
    bit = 1 << s.colour[b, p]
    h = hand_of(p)
    nh = s.cont_n[b, h]
    nsq = geo.sq_r.shape[0]
    fog = -2  # Fog lasts (A-32): looked up at the first storm card (-2: not yet)
    # the wizards a storm may catch: the other living ones not in Mist Body (it cannot be
    # attacked); one scan per wizard, not one per square and card
    prey = np.zeros(MAXP, np.bool_)
    for k in range(nh):
        i = s.cont[b, h, k]
        if t.card_effect[s.inst_card[b, i]] != E_PSYCHIC_STORM:
            continue
        if fog == -2:
            fog = 1 if spell_on(s, t, b, E_FOG, -1) >= 0 else 0
            for q in range(s.players[b]):
                prey[q] = q != p and attackable(s, t, b, q)
        for sq in range(nsq):
            caught = False
            for q in range(s.players[b]):
                if prey[q] and in_storm(geo, sq, s.pos[b, q]):
                    caught = True
            if not caught or not in_sight(s, t, b, geo, me, sq, bit, fog == 1):
                continue
            add_opt(s, b, O_AREA, i, sq, -1, 0)
            for k2 in range(nh):
                i2 = s.cont[b, h, k2]
                if i2 != i and t.card_energy[s.inst_card[b, i2]] > 0:
                    add_opt(s, b, O_AREA, i, sq, i2, 0)


@njit(cache=True)
def cast_storm(s, t, b, geo, p, i, sq, boost, prm):
    """Seat p casts Psychic Storm i at square ``sq`` as its attack (R49, R144). It targets a
    square, not a wizard, so Full Shield and Null Powder (a spell targeting you) cannot answer
    it; Absorb Spell can (absorb_window). Otherwise every wizard on the square or a map neighbour
    of it suffers magical damage equal to the spell's energy, each its own hit (Shield and
    Bloodshard apply per wizard): the others clockwise from the caster, then the caster if it
    stands in the storm (card text). Evasion does not exist yet (the card cannot be evaded)."""
    card = s.inst_card[b, i]
    energy = begin_attack_spell(s, t, b, p, i, boost)
    log(s, b, EV_STORM, card, sq, energy)
    if absorb_window(s, t, b, geo, p, card, sq, -1, energy, prm):
        return
    n = s.players[b]
    for r in range(1, n + 1):
        w = (p + r) % n  # r == n: the caster, last
        if s.done[b]:
            break
        # a wizard in Mist Body cannot be attacked (card text, A-37)
        if attackable(s, t, b, w) and in_storm(geo, sq, s.pos[b, w]) and not gnome_evades(s, b, w):
            deal_damage(s, t, b, p, w, energy, 0, prm)


@njit(cache=True)
def mind_neutral_options(s, t, b, geo, p, i, fog, seen):
    """Share Life and Thought Steal (instance i): at another living wizard in sight (R70; under
    Fog ``fog``, A-32; ``seen``: see :func:`sees_wizard`)."""
    for q in range(s.players[b]):
        if q != p and s.alive[b, q] and sees_wizard(s, t, b, geo, p, q, fog, seen):
            add_opt(s, b, O_NEUTRAL, i, q, -1, 0)


@njit(cache=True)
def share_life(s, b, p, q):
    """Share Life: the caster's and wizard q's life are added and split evenly, the odd point to
    the caster (card text). Both are at most 20, so neither can pass the cap (R152)."""
    total = s.life[b, p] + s.life[b, q]
    s.life[b, q] = total // 2
    s.life[b, p] = total - total // 2
    log(s, b, EV_SHARE_LIFE, s.life[b, p], q, s.life[b, q])


@njit(cache=True)
def thought_steal(s, t, b, p, q, prm):
    """Thought Steal: the caster looks at q's hand and takes up to two of its cards (never
    carried items), then discards down to its hand limit (card text, R172)."""
    for _ in range(2):
        i = BT.choose_steal(s, t, b, p, q, prm[p])
        if i < 0:
            break
        place(s, b, i, hand_of(p))
        s.card[b, p, s.inst_card[b, i], S.C_ACQ] += 1
        log(s, b, EV_STEAL, p, s.inst_card[b, i], q)
    discard_to_limit(s, t, b, p, prm[p])


@njit(cache=True)
def add_pair(s, t, b, p, skip1, skip2):
    """The two hand cards of seat p (not ``skip1``, ``skip2``) with the highest energy values,
    the pair Add offers to combine (-1, -1 if fewer than two have a value)."""
    h = hand_of(p)
    c1 = -1
    c2 = -1
    for k in range(s.cont_n[b, h]):
        i = s.cont[b, h, k]
        v = t.card_energy[s.inst_card[b, i]]
        if i == skip1 or i == skip2 or v <= 0:
            continue
        if c1 < 0 or v > t.card_energy[s.inst_card[b, c1]]:
            c2 = c1
            c1 = i
        elif c2 < 0 or v > t.card_energy[s.inst_card[b, c2]]:
            c2 = i
    return c1, c2


@njit(cache=True)
def first_add(s, t, b, p):
    """The first Add in seat p's hand (copies are alike), or -1."""
    h = hand_of(p)
    for k in range(s.cont_n[b, h]):
        if t.card_effect[s.inst_card[b, s.cont[b, h, k]]] == E_ADD:
            return s.cont[b, h, k]
    return -1


@njit(cache=True, inline="always")
def add_options(s, t, b, p):
    """Add options (O_ADD; card text: two cards' energy values combined boost one spell or
    action; FAQ: the exception to one card per boost, R36, R92). Offered (a smaller set): the pair
    of highest values for the turn's speed boost, and for every unboosted attack option already
    listed whose spell uses its energy (Zot!'s damage mode, Powerthrust, Stone Dead, Fire Darts,
    Psychic Storm)."""
    ad = first_add(s, t, b, p)
    if ad < 0:
        return
    if s.boosted[b] == 0:
        c1, c2 = add_pair(s, t, b, p, ad, -1)
        if c2 >= 0:
            add_opt(s, b, O_ADD, -1, 0, c1, c2)
    n = s.opt_n[b]
    for k in range(n):
        kind = s.opt[b, k, 0]
        i = s.opt[b, k, 1]
        if (kind != O_ATTACK and kind != O_AREA) or s.opt[b, k, 3] != -1 or s.opt[b, k, 4] != 0:
            continue
        e = t.card_effect[s.inst_card[b, i]]
        if kind == O_ATTACK and not uses_energy(e):
            continue
        c1, c2 = add_pair(s, t, b, p, ad, i)
        if c2 >= 0:
            add_opt(s, b, O_ADD, i, s.opt[b, k, 2], c1, c2)


@njit(cache=True)
def cast_add(s, t, b, geo, p, a, x, c1, c2, prm):
    """Seat p casts Add (a neutral spell, R66) with hand cards c1 and c2: both are discarded for
    their printed energy values, whose sum boosts attack spell ``a`` cast at ``x`` (a seat, or a
    square for Psychic Storm) or, with ``a`` < 0, is the turn's speed boost (R36). No further
    values are added (card text), so a Powerstone adds nothing. If Add is cancelled (a neutral
    spell's counter window, A-8) its cards are spent and the spell is cast unboosted, or the
    speed boost is not used."""
    ad = first_add(s, t, b, p)
    card = s.inst_card[b, ad]
    s.card[b, p, card, S.C_PLAYED] += 1
    discard(s, b, ad)
    v = np.int64(t.card_energy[s.inst_card[b, c1]]) + t.card_energy[s.inst_card[b, c2]]
    s.card[b, p, s.inst_card[b, c1], S.C_ENERGY] += 1
    s.card[b, p, s.inst_card[b, c2], S.C_ENERGY] += 1
    log(s, b, EV_ADD, s.inst_card[b, c1], s.inst_card[b, c2], v)
    discard(s, b, c1)
    discard(s, b, c2)
    if negated(s, t, b, geo, p, card, p, prm):
        v = 0
    if a < 0:
        if v > 0:
            s.mp[b] += v
            s.boosted[b] = 1
            s.seat[b, p, S.S_BOOSTS] += 1
            log(s, b, EV_BOOST, card, v, s.mp[b])
        return
    boost = -2 - v if v > 0 else -1
    if t.card_effect[s.inst_card[b, a]] == E_PSYCHIC_STORM:
        cast_storm(s, t, b, geo, p, a, x, boost, prm)
    else:
        cast_attack(s, t, b, geo, p, a, x, boost, 0, prm)


# ---------------------------------------------------------------------------------------------
# The turn
# ---------------------------------------------------------------------------------------------

# --- geo cards ---
# Windrider, Teleport, Lightning Bolt, Waterbolt, Mental Force: cards that move wizards or shoot
# along the grid (checklist 2.2 G1, G4; 2.3 rays and forced movement). Their bot choices are
# the "geo cards" block of bots.py; the walks themselves are in movement.py.

@njit(cache=True)
def shift(s, b, q, dest):
    """A card moves wizard q to square ``dest`` (a carried treasure goes with it)."""
    log(s, b, EV_SHIFT, q, s.pos[b, q], dest)
    s.pos[b, q] = dest


@njit(cache=True)
def occupied(s, b, p, sq):
    """True if a living wizard other than seat p stands on ``sq``."""
    for w in range(s.players[b]):
        if w != p and s.alive[b, w] and s.pos[b, w] == sq:
            return True
    return False


@njit(cache=True)
def windrider_dest(s, b, geo, p, d, n):
    """Where Windrider of energy ``n`` takes seat p across side ``d``: exactly ``n`` squares in
    a straight line (A-25: orthogonal), crossing no wall, door or outer wall and passing no
    other wizard (card text; it may stop on one, R34); -1 if the line is blocked before."""
    sq = s.pos[b, p]
    for j in range(n):
        nxt, nd = straight(geo, sq, d, 0, True)
        if nxt < 0 or (j < n - 1 and occupied(s, b, p, nxt)):
            return -1
        sq = nxt
        d = nd
    return sq


@njit(cache=True)
def geo_move_options(s, t, b, geo, p):
    """Neutral options of Windrider (per side and boost: the square it ends on), Teleport (every
    square within 4 grid steps, A-26; no boost, its effect ignores energy) and Waterbolt on
    oneself (A-29). No Windrider or Teleport after a Teleport this turn, nor for a stunned wizard
    that attacked (R141)."""
    moving = not (s.no_move[b] == 1 or stuck(s, b, p))
    h = hand_of(p)
    nh = s.cont_n[b, h]
    for k in range(nh):
        i = s.cont[b, h, k]
        e = t.card_effect[s.inst_card[b, i]]
        if e == E_WATERBOLT:
            # A-29: aimed at oneself it is no attack; the water puts out one's Fire spells, and
            # a knock-back away from one's own square has no direction (so no energy choice)
            add_opt(s, b, O_NEUTRAL, i, p, -1, 0)
        elif not moving:
            continue
        elif e == E_WINDRIDER:
            for k2 in range(-1, nh):
                y = -1 if k2 < 0 else s.cont[b, h, k2]
                if y == i or (y >= 0 and t.card_energy[s.inst_card[b, y]] <= 0):
                    continue
                n = BT.boost_energy(s, t, b, p, y)
                for d in range(4):
                    dest = windrider_dest(s, b, geo, p, d, n)
                    if dest >= 0 and not big_man_on(s, b, dest, p):  # Big Man Form: not his square
                        add_opt(s, b, O_NEUTRAL, i, p, y, dest)
        elif e == E_TELEPORT:
            for sq in teleport_squares(geo, s.pos[b, p]):
                if s.fill[b, sq] == 0 and not big_man_on(s, b, sq, p):  # a Stone Block, a big man fill it
                    add_opt(s, b, O_NEUTRAL, i, p, -1, sq)


@njit(cache=True)
def geo_self_move(s, b, p, dest, teleport):
    """Windrider or Teleport carries seat p to ``dest``: it has moved (R140); after Teleport it
    may not move again this turn (card text)."""
    shift(s, b, p, dest)
    s.moved[b] = 1
    if teleport:
        s.no_move[b] = 1


@njit(cache=True)
def bolt_hits_other(s, b, geo, p, d, n):
    """True if a Lightning Bolt of energy ``n`` shot across side ``d`` enters a square of another
    living wizard."""
    for sq in bolt_path(geo, s.pos[b, p], d, n):
        if occupied(s, b, p, sq):
            return True
    return False


@njit(cache=True)
def geo_attack_options(s, t, b, geo, p, fog, seen):
    """Attack options of Lightning Bolt (per side and boost, where the bolt would enter another
    wizard's square), Waterbolt (per wizard in sight and boost: all damage, or the longest push
    the walls allow with the rest as damage) and Mental Force (per wizard in sight that can be
    moved, and boost). Every energy card may boost them (R92). ``fog``: Fog lasts (A-32);
    ``seen``: see :func:`sees_wizard`."""
    h = hand_of(p)
    nh = s.cont_n[b, h]
    me = s.pos[b, p]
    for k in range(nh):
        i = s.cont[b, h, k]
        e = t.card_effect[s.inst_card[b, i]]
        if e != E_LIGHTNING_BOLT and e != E_WATERBOLT and e != E_MENTAL_FORCE:
            continue
        for k2 in range(-1, nh):
            y = -1 if k2 < 0 else s.cont[b, h, k2]
            if y == i or (y >= 0 and t.card_energy[s.inst_card[b, y]] <= 0):
                continue
            n = BT.boost_energy(s, t, b, p, y)
            if e == E_LIGHTNING_BOLT:
                for d in range(4):
                    if bolt_hits_other(s, b, geo, p, d, n):
                        add_opt(s, b, O_ATTACK, i, -1, y, d)
                continue
            for q in range(s.players[b]):
                # in sight (under Fog, A-32), and not in Mist Body (it cannot be attacked)
                if q == p or not attackable(s, t, b, q) \
                        or not sees_wizard(s, t, b, geo, p, q, fog, seen):
                    continue
                qbit = 1 << s.colour[b, q]
                if e == E_WATERBOLT:
                    add_opt(s, b, O_ATTACK, i, q, y, 0)
                    d = away_side(geo, me, s.pos[b, q])
                    if d >= 0:
                        run = push_run(geo, s.pos[b, q], d, n, qbit)[1]
                        if run > 0:
                            add_opt(s, b, O_ATTACK, i, q, y, run)
                else:
                    for d in range(4):
                        if step(geo, s.pos[b, q], d, qbit) >= 0:
                            add_opt(s, b, O_ATTACK, i, q, y, 0)
                            break


@njit(cache=True)
def lightning_bolt(s, t, b, geo, p, d, energy, prm):
    """Lightning Bolt shot by seat p across side ``d`` with ``energy`` squares (card text;
    checklist 2.3: exact ray walk): each square it enters, 3 damage to every wizard there, once
    per pass, each pass its own damage (Shield answers each); it turns back at walls and doors
    (:func:`movement.bolt_path`), so the caster is hit only when it comes back. Each wizard that
    suffered damage gets one stun token. Damage to the caster is not its attack's (no credit)."""
    hit = np.zeros(MAXP, np.int8)
    for sq in bolt_path(geo, s.pos[b, p], d, energy):
        if s.done[b]:
            break
        log(s, b, EV_BOLT, sq, 0, 0)
        for q in range(s.players[b]):
            if s.pos[b, q] == sq and attackable(s, t, b, q) and not gnome_evades(s, b, q):
                if deal_damage(s, t, b, p if q != p else -1, q, 3, 0, prm) > 0:
                    hit[q] = 1
    for q in range(s.players[b]):
        if hit[q] and s.alive[b, q]:
            s.stun[b, q] += 1
            log(s, b, EV_STUN, q, 1, 0)


@njit(cache=True)
def waterbolt(s, t, b, geo, p, q, energy, push, prm):
    """Waterbolt of seat p hits wizard q: it ends q's Fire spells (:func:`water_hits`), deals
    ``energy - push`` water damage, then knocks q ``push`` squares straight away from p along
    the dominant axis, stopping at the first border q may not cross (checklist 2.3)."""
    water_hits(s, t, b, q)
    if energy - push > 0:
        deal_damage(s, t, b, p, q, energy - push, 0, prm)
    if push > 0 and s.alive[b, q]:
        d = away_side(geo, s.pos[b, p], s.pos[b, q])
        if d >= 0:
            dest = push_dest(geo, s.pos[b, q], d, push, 1 << s.colour[b, q])
            if dest != s.pos[b, q]:
                shift(s, b, q, dest)


@njit(cache=True)
def mental_force(s, t, b, geo, p, q, energy, prm):
    """Mental Force of seat p moves wizard q up to energy + 3 steps under q's own movement rules
    (card text), to a square the caster chooses (A-31, ``bots.force_dest``)."""
    dest = BT.force_dest(s, t, b, geo, p, prm[p], q, energy + 3)
    if dest >= 0:
        shift(s, b, q, dest)


@njit(cache=True)
def teleport_evades(s, t, b, geo, p, q, card, energy, prm):
    """Teleport as a counter: wizard q, attacked by seat p with spell ``card``, may teleport
    (up to 4 grid steps, A-26); if p no longer sees it, the attack is evaded (card text, R149).
    The bot only teleports out of sight. True if evaded."""
    i, dest = BT.choose_teleport_counter(s, t, b, geo, q, prm[q], p, card, energy)
    if i < 0:
        return False
    spend_counter(s, t, b, q, i, prm[q])
    shift(s, b, q, dest)
    if still_reaches(s, t, b, geo, p, dest, card):
        return False
    log(s, b, EV_EVADE, q, p, 0)
    return True


# --- maint cards ---
# Maintained spells (R81-R90) and the cards that need them: Acid Bath, Stone Spikes, Fog, Flood,
# Mist Body, Pain Link, Fire Cloak, Dispel, Null Powder's second use. A maintained spell is a card
# instance in its caster's maint container (state.maint_of) with energy tokens (m_tokens) and
# the wizard it affects (m_target, -1 global); its effects last exactly while it lies there.

@njit(cache=True)
def is_global(e):
    """Global spells (R97): every wizard sees them for countering and dispelling."""
    return e == E_FOG or e == E_FLOOD or e == E_GRAVITY


@njit(cache=True)
def touches(geo, a, e):
    """Border e is a side of square a (Fog: a door one can see without looking past one's square)."""
    for d in range(4):
        if geo.edge[a, d] == e:
            return True
    return False


@njit(cache=True)
def in_sight(s, t, b, geo, a, c, bit, fog):
    """Line of sight from square a to square c for a viewer with door mask ``bit`` as the rules
    use it: the geometric line (R76, R77) and, while Fog lasts (``fog``), only to one's own square
    and the eight around it on the map (A-32), or a square adjacent across a link (R41); never past
    a big man (:func:`big_man_between`)."""
    if fog:
        k = s.deal[b]
        if (abs(t.g_sq_r[k, a] - t.g_sq_r[k, c]) > 1 or abs(t.g_sq_c[k, a] - t.g_sq_c[k, c]) > 1) \
                and not adjacent(geo, a, c, bit):
            return False
    if big_man_between(s, t, b, a, c):  # Big Man Form: no sight past him
        return False
    return line_of_sight(geo, a, c, bit)


@njit(cache=True)
def sees_wizard(s, t, b, geo, p, q, fog, seen):
    """:func:`in_sight` from seat p's square to wizard q's, remembered in ``seen[q]`` (-1: not yet
    tested, 0/1) for the rest of one :func:`enumerate_options`: the listing changes neither the
    board nor a position, and several card blocks ask the same question."""
    if seen[q] < 0:
        seen[q] = 1 if in_sight(s, t, b, geo, s.pos[b, p], s.pos[b, q], 1 << s.colour[b, p], fog) else 0
    return seen[q] == 1


@njit(cache=True)
def begin_spell(s, t, b, p, i, q, energy):
    """Spell i of seat p becomes maintained (R83): it lies in front of p with as many energy
    tokens as its energy (1 unboosted, R91; the boosting card is already discarded), fixed now
    (R87), affecting wizard q (p itself for a spell on oneself, -1 for a global one)."""
    place(s, b, i, maint_of(p))
    s.c_sq[b, i] = -1
    s.m_tokens[b, i] = max(1, min(energy, 100))
    s.m_target[b, i] = q
    log(s, b, EV_SPELL_BEGINS, s.inst_card[b, i], q, s.m_tokens[b, i])
    e = t.card_effect[s.inst_card[b, i]]
    if is_form(e):
        set_form(s, b, q, e)
    elif e == E_ADRENALINE:
        s.adrenaline[b, q] += 1


@njit(cache=True)
def end_spell(s, t, b, i, why):
    """Maintained spell i ends: it is discarded and all its effects end (R89; our effects are
    read from the maint containers, so nothing else is left to undo). No implemented spell is
    aimed at another spell, so none ends with it (Dispel's "and the spells on it")."""
    owner = s.c_cont[b, i] - Z_MAINT0
    log(s, b, EV_SPELL_ENDS, s.inst_card[b, i], owner, why)
    q = s.m_target[b, i]
    e = t.card_effect[s.inst_card[b, i]]
    if q >= 0 and s.form[b, q] == e:
        set_form(s, b, q, 0)  # the wizard takes back its own shape (R167)
    elif q >= 0 and e == E_ADRENALINE:
        s.adrenaline[b, q] -= 1
    unseal(s, t, b, i)  # Seal Door: the door opens to its owner again
    discard(s, b, i)
    s.m_tokens[b, i] = 0
    s.m_target[b, i] = -1


@njit(cache=True)
def end_spells_with(s, t, b, q, why):
    """A dead wizard's maintained spells are discarded (R154), and so are the spells that affect
    it (our ruling: an Acid Bath on a dead wizard has nothing left to do)."""
    for p in range(s.players[b]):
        c = maint_of(p)
        k = 0
        while k < s.cont_n[b, c]:
            i = s.cont[b, c, k]
            if p == q or s.m_target[b, i] == q:
                end_spell(s, t, b, i, why)  # the last entry moves into slot k
            else:
                k += 1


@njit(cache=True)
def maint_time_passes(s, t, b, p, prm):
    """The maintained part of seat p's Time Passes: first the effects that happen in it (R28:
    each Acid Bath of p deals its target 2 magical damage, no attack of p's, A-5), then one energy
    token comes off each of p's temporary spells and a spell without tokens ends (R29, R83, R90)."""
    c = maint_of(p)
    n = s.cont_n[b, c]
    if n == 0:
        return
    mine = np.empty(n, np.int64)
    for k in range(n):
        mine[k] = s.cont[b, c, k]
    for k in range(n):
        i = mine[k]
        q = s.m_target[b, i]
        if s.c_cont[b, i] == c and t.card_effect[s.inst_card[b, i]] == E_ACID_BATH and q >= 0 and s.alive[b, q]:
            log(s, b, EV_ACID, q, 2, 0)
            hurt(s, t, b, -1, q, 2, prm)
        if s.done[b]:
            return
    for k in range(n):
        i = mine[k]
        if s.c_cont[b, i] != c:
            continue  # ended meanwhile (its target died)
        e_i = t.card_effect[s.inst_card[b, i]]
        if permanent_spell(e_i) or e_i == E_SEAL_DOOR:
            continue  # a permanent spell loses no token (R83; Seal Door, checklist 2.2)
        s.m_tokens[b, i] -= 1
        log(s, b, EV_TOKEN, s.inst_card[b, i], s.m_tokens[b, i], 0)
        if s.m_tokens[b, i] <= 0:
            end_spell(s, t, b, i, WHY_TOKENS)


@njit(cache=True)
def end_by_choice(s, t, b, p, i, powder, prm):
    """Seat p ends maintained spell i in its turn: one of its own (R84, R88), or any seat's by
    discarding its carried Null Powder (``powder``; the item's second use)."""
    if powder >= 0:
        s.card[b, p, s.inst_card[b, powder], S.C_PLAYED] += 1
        log(s, b, EV_ITEM, s.inst_card[b, powder], 1, 0)
        lose_item(s, t, b, p, powder, -1, prm[p], True)
        end_spell(s, t, b, i, WHY_ENDED)
    else:
        end_spell(s, t, b, i, WHY_OWNER)


@njit(cache=True)
def water_hits(s, t, b, q):
    """Wizard q is affected by a Water spell or suffers water damage (Waterbolt, Flood): Fire
    spells on it end (R96), the Acid Bath on it washes off (its card), and its Fire Cloak is
    destroyed (its card: it then does not burn the attacker)."""
    for p in range(s.players[b]):
        c = maint_of(p)
        k = 0
        while k < s.cont_n[b, c]:
            i = s.cont[b, c, k]
            card = s.inst_card[b, i]
            if s.m_target[b, i] == q and (t.card_effect[card] == E_ACID_BATH or t.card_fire[card]):
                end_spell(s, t, b, i, WHY_WATER)
            else:
                k += 1
    c = items_of(q)
    k = 0
    while k < s.cont_n[b, c]:
        i = s.cont[b, c, k]
        if t.card_effect[s.inst_card[b, i]] == E_FIRE_CLOAK:
            log(s, b, EV_FLOOD, s.inst_card[b, i], q, 0)
            discard(s, b, i)
        else:
            k += 1


@njit(cache=True)
def flood_board(s, t, b):
    """Flood: every wizard is in water (:func:`water_hits`) and every Fire item lying on the
    floor is destroyed; Fire spells of any kind end (on wizards, and Walls of Fire)."""
    for q in range(s.players[b]):
        if s.alive[b, q]:
            water_hits(s, t, b, q)
    k = 0
    while k < s.cont_n[b, Z_FLOOR]:
        i = s.cont[b, Z_FLOOR, k]
        if t.card_fire[s.inst_card[b, i]]:
            log(s, b, EV_FLOOD, s.inst_card[b, i], -1, 0)
            discard(s, b, i)
        else:
            k += 1
    end_fire_walls(s, t, b)  # and Handfuls of Tacks are washed away


@njit(cache=True)
def retaliation(s, t, b, src, q):
    """What answers damage of seat src's attack to wizard q, read before q may die: bit 1 =
    q's Pain Link lasts; bit 2 = q carries a Fire Cloak and src stands on q's square or an
    adjacent one. 0 for damage that is no attack of another wizard's."""
    if src < 0 or src == q or not s.alive[b, src]:
        return 0
    r = 0
    if spell_on(s, t, b, E_PAIN_LINK, q) >= 0:
        r |= 1
    if carried(s, t, b, q, E_FIRE_CLOAK) > 0:
        geo = geo_of(s, t, b)
        if adjacent(geo, s.pos[b, q], s.pos[b, src], 1 << s.colour[b, q]):
            r |= 2
    return r


@njit(cache=True)
def retaliate(s, t, b, src, q, amount, back, prm):
    """After src's attack dealt ``amount`` to q: Pain Link deals src the same damage, and a Fire
    Cloak 2 magical fire damage (each card's text). Neither is src's or q's attack, so neither
    scores a kill (A-5) nor answers back again. Nothing comes back once the attack has ended the
    game (R159: it ends at once)."""
    if s.done[b]:
        return
    if back & 1 and s.alive[b, src]:
        log(s, b, EV_PAIN_LINK, src, amount, 0)
        hurt(s, t, b, -1, src, amount, prm)
    if back & 2 and s.alive[b, src]:
        log(s, b, EV_CLOAK, src, 2, 0)
        if hurt(s, t, b, -1, src, 2, prm) > 0 and s.alive[b, src]:
            burn_stones(s, t, b, src, prm)  # magical fire (R98)


@njit(cache=True)
def counter_cast(s, t, b, q, i, prm):
    """Seat q casts neutral spell i from its hand as a counter to an attack on it (Pain Link,
    Flood, Invisible: their cards): played, discarded as cast, and open to Negate Neutral (A-8).
    True if it was not cancelled (the caller then maintains it, begin_spell)."""
    card = s.inst_card[b, i]
    s.card[b, q, card, S.C_PLAYED] += 1
    s.seat[b, q, S.S_COUNTERS] += 1
    log(s, b, EV_COUNTER, q, card, 0)
    discard(s, b, i)
    return not negated(s, t, b, geo_of(s, t, b), q, card, q, prm)


@njit(cache=True)
def attacked_window(s, t, b, p, q, dmg, fire, prm):
    """Wizard q is being attacked by seat p (a spell that was not cancelled, a punch or a throw)
    for about ``dmg`` damage (``fire``: FIRE_SPELL for a Fire attack spell, FIRE_ITEM for a punch
    with a Fire Cloak, else 0): q may cast Pain Link on itself or Flood as a counter (their
    cards), or Gnome Form, and a gnome may evade it (:func:`gnome_evades`).
    Flood cancels a Fire attack spell (our ruling: the Fire spell ends as it is cast) and
    destroys the Fire Cloak of a punch, which then lands without it. A counter-cast neutral spell
    may itself be negated (A-8). True if the attack is cancelled."""
    if not s.alive[b, q]:
        return False
    if gnome_evades(s, b, q):
        return True
    if invisible_evades(s, t, b, p, q, dmg, prm):
        return True
    featherweight_counter(s, t, b, q, dmg, prm)
    i = BT.choose_attack_reaction(s, t, b, q, prm[q], dmg, fire > 0)
    if i < 0 or not counter_cast(s, t, b, q, i, prm):
        return False
    e = t.card_effect[s.inst_card[b, i]]
    if e == E_FLOOD:
        flood_board(s, t, b)
        begin_spell(s, t, b, q, i, -1, 1)
        return fire == FIRE_SPELL
    if e == E_GNOME_FORM:  # its card: cast as a counter when attacked, then it rolls at once
        begin_form(s, t, b, q, i, 1)
        return gnome_evades(s, b, q)
    begin_spell(s, t, b, q, i, q, 1)  # Pain Link on oneself
    return False


@njit(cache=True)
def maint_neutral(s, t, b, p, i, q, energy, z, prm):
    """The neutral spells of this block, cast by seat p (not negated): Stone Spikes, Pain Link and
    Mist Body on oneself, Fog and Flood (global), Dispel (ends spell z). False for other spells."""
    e = t.card_effect[s.inst_card[b, i]]
    if e == E_STONE_SPIKES or e == E_PAIN_LINK:
        begin_spell(s, t, b, p, i, p, energy)
    elif is_form(e):
        begin_form(s, t, b, p, i, energy)  # Mist Body and the Mutation forms (helper forms)
    elif e == E_ADRENALINE:
        begin_spell(s, t, b, p, i, q, energy)  # on the wizard it targets (helper forms)
    elif e == E_FOG:
        begin_spell(s, t, b, p, i, -1, energy)
    elif e == E_FLOOD:
        flood_board(s, t, b)
        begin_spell(s, t, b, p, i, -1, energy)
    elif e == E_DISPEL:
        if z >= 0 and s.c_cont[b, z] >= Z_MAINT0:
            end_spell(s, t, b, z, WHY_ENDED)
        else:
            log(s, b, EV_NO_EFFECT, s.inst_card[b, i], q, 0)
    else:
        return False
    return True


@njit(cache=True)
def maint_options(s, t, b, geo, p, fog, seen):
    """Options of this block for the active seat p (appended by :func:`enumerate_options`):
    casting Stone Spikes, Pain Link, Mist Body, Fog, Flood (each unboosted or with one energy
    card: the energy is the duration, R83); Dispel at a maintained spell whose wizard p sees
    (A-33; a global one always, R97); ending its own maintained spells (R84, R88) or any with a
    carried Null Powder; throwing a stone spike (the turn's attack) at a wizard in sight."""
    h = hand_of(p)
    nh = s.cont_n[b, h]
    players = s.players[b]
    flood = spell_on(s, t, b, E_FLOOD, -1) >= 0
    for k in range(nh):
        i = s.cont[b, h, k]
        card = s.inst_card[b, i]
        e = t.card_effect[card]
        if t.card_type[card] != T_NEUTRAL or (flood and t.card_fire[card]):
            continue
        if e == E_STONE_SPIKES or e == E_PAIN_LINK or is_form(e) or e == E_FOG or e == E_FLOOD:
            add_boosted(s, t, b, O_NEUTRAL, p, i, p)
        elif e == E_DISPEL:
            for w in range(players):
                c = maint_of(w)
                for k2 in range(s.cont_n[b, c]):
                    j = s.cont[b, c, k2]
                    q = s.m_target[b, j]
                    if w == p:
                        continue  # one's own spell ends for free (R88)
                    if q < 0:
                        add_opt(s, b, O_NEUTRAL, i, p, -1, j)
                    elif sees_wizard(s, t, b, geo, p, q, fog, seen):
                        add_opt(s, b, O_NEUTRAL, i, q, -1, j)
    c = maint_of(p)
    for k in range(s.cont_n[b, c]):
        add_opt(s, b, O_END_SPELL, s.cont[b, c, k], -1, 0, 0)
    ci = items_of(p)
    for k in range(s.cont_n[b, ci]):
        powder = s.cont[b, ci, k]
        if t.card_effect[s.inst_card[b, powder]] != E_NULL_POWDER:
            continue
        for w in range(players):
            cw = maint_of(w)
            for k2 in range(s.cont_n[b, cw]):
                if w != p:  # one's own spell ends for free (R88)
                    add_opt(s, b, O_END_SPELL, s.cont[b, cw, k2], powder, 0, 0)
        break  # one Null Powder is enough to list every use
    spikes = spell_on(s, t, b, E_STONE_SPIKES, p)
    if spikes >= 0 and can_attack(s, b, p) and spell_on(s, t, b, E_MIST_BODY, p) < 0:
        for q in range(players):
            if q == p or not attackable(s, t, b, q):
                continue
            if sees_wizard(s, t, b, geo, p, q, fog, seen):
                add_opt(s, b, O_THROW, spikes, q, 0, 0)


# --- walls cards ---
# Destroy Wall, Create Wall, Stone Block: cards that change the board during a game (checklist
# 2.2 G5). They change the game's own rows (State.edge_kind, column, fill), which the game's
# Geometry reads (geo_of). A filled square is modelled by the FILLED bit on its four sides: no
# step, bolt or line of sight crosses a side with that bit (movement.passes wants kind OPEN or
# DOOR exactly), and its corners get columns, so a line through a corner of the block is blocked
# too (A-36 says "when it enters the square": a line that only grazes a corner is our departure).

FILLED = S.FILLED  # bit added to edge_kind on the sides of a square a Stone Block fills
KIND = S.KIND      # the printed or created kind under that bit (board.OPEN, WALL, DOOR, OUTER)
_WALL = 1


@njit(cache=True)
def rebuild_column(s, b, geo, i, j):
    """Recompute the column on grid corner (row line i, column line j) of game b from its
    border kinds (A-13, ``state.column_due``); corners off the grid are left alone."""
    if 0 <= i <= geo.vedge.shape[0] and 0 <= j <= geo.hedge.shape[1]:
        s.column[b, i, j] = S.column_due(s.edge_kind[b], geo.hedge, geo.vedge, i, j)


@njit(cache=True)
def border_changed(s, b, geo, e):
    """Border e of game b changed kind: rebuild the columns on its two end corners (A-13, R127:
    a column goes with the last wall touching it)."""
    r = np.int64(geo.sq_r[geo.edge_sq[e]])
    c = np.int64(geo.sq_c[geo.edge_sq[e]])
    d = geo.edge_side[e]
    if d == 0:
        rebuild_column(s, b, geo, r, c)
        rebuild_column(s, b, geo, r, c + 1)
    elif d == 1:
        rebuild_column(s, b, geo, r, c + 1)
        rebuild_column(s, b, geo, r + 1, c + 1)
    elif d == 2:
        rebuild_column(s, b, geo, r + 1, c)
        rebuild_column(s, b, geo, r + 1, c + 1)
    else:
        rebuild_column(s, b, geo, r, c)
        rebuild_column(s, b, geo, r + 1, c)


@njit(cache=True)
def destroyable(s, b, e):
    """True if border e is a wall or a door Destroy Wall may take (card text); outer walls are
    indestructible (R42, R125)."""
    k = s.edge_kind[b, e] & KIND
    return k == _WALL or k == DOOR


@njit(cache=True)
def buildable(s, b, geo, e):
    """True if Create Wall may stand on border e: a border line between two squares of the map
    with no wall or door on it (card text). Links at the map's edge are not offered (our
    smaller option set: such an exit is two border records)."""
    return geo.edge_inner[e] != 0 and (s.edge_kind[b, e] & KIND) == 0 and not S.fire_on(s, b, e)  # R136


@njit(cache=True)
def empty_square(s, t, b, q):
    """True if square q is empty for Stone Block: no wizard, treasure, dropped item or block on
    it (card text), and no base (our ruling: a filled base could never be reached again)."""
    if s.fill[b, q]:
        return False
    k = s.deal[b]
    for p in range(s.players[b]):
        if s.pos[b, p] == q or t.g_base[k, p] == q:
            return False
    for j in range(2 * s.players[b]):
        if s.tr_sq[b, j] == q:
            return False
    for n in range(s.cont_n[b, Z_FLOOR]):
        if s.c_sq[b, s.cont[b, Z_FLOOR, n]] == q:
            return False
    return True


@njit(cache=True, inline="always")
def window_borders(geo, me):
    """The borders on the sides of square ``me`` and of the 8 squares around it on the map, each
    once (an array and its length; ``Geometry.window_edges``): where Destroy Wall and attacks on
    walls look (a smaller option set than all of sight, which saves a sight test per border of
    the map)."""
    return geo.window_edges[me, 1:], np.int64(geo.window_edges[me, 0])


@njit(cache=True, inline="always")
def window_squares(geo, me):
    """The squares of the 3 x 3 block of the map around square ``me`` (an array and its length;
    ``Geometry.window``)."""
    return geo.window[me, 1:], np.int64(geo.window[me, 0])


@njit(cache=True)
def walls_options(s, t, b, geo, p, i, e):
    """The options of walls card i (effect e) in seat p's hand, as O_NEUTRAL rows (a = i,
    x = p, y = -1, z = the border or square aimed at; R76: in sight of the border's midpoint or
    the square's centre). A documented smaller set, never an illegal one: Destroy Wall aims at
    walls and doors on the sides of the caster's square and the 8 around it; Create
    Wall (and Create Door, at its door sites) at the sides of the squares the caster and the
    wizards it sees stand on; Stone Block at
    the squares next to them."""
    me = s.pos[b, p]
    bit = 1 << s.colour[b, p]
    if e == E_DESTROY_WALL:
        # when none could score above nothing in the bot's view (bots.destroy_futile), the first
        # is listed alone: the decision is the same (the first walls option still prepares the
        # scoring as it did; the others were never taken and drew nothing), with fewer sight tests
        futile = BT.destroy_futile(s, b, geo, p)
        near, nn = window_borders(geo, me)
        for m in range(nn):
            f = near[m]
            if destroyable(s, b, f) and sees_border(geo, me, f, bit):
                add_opt(s, b, O_NEUTRAL, i, p, -1, f)
                if futile:
                    break
        return
    for q in range(s.players[b]):
        if not s.alive[b, q]:
            continue
        w = s.pos[b, q]
        if q != p and not line_of_sight(geo, me, w, bit):
            continue  # around wizards in sight only (a smaller set: one test saves eight)
        for d in range(4):
            if e == E_CREATE_WALL or e == E_CREATE_DOOR or e == E_SEAL_DOOR:
                f = geo.edge[w, d]
                if creation_site(s, b, geo, e, f) and sees_border(geo, me, f, bit):
                    dup = False  # two wizards side by side share a border
                    for n in range(s.opt_n[b]):
                        if s.opt[b, n, 0] == O_NEUTRAL and s.opt[b, n, 1] == i and s.opt[b, n, 4] == f:
                            dup = True
                    if not dup:
                        add_opt(s, b, O_NEUTRAL, i, p, -1, f)
            else:
                v = geo.nbr[w, d]
                if v >= 0 and empty_square(s, t, b, v) and line_of_sight(geo, me, v, bit):
                    dup = False
                    for n in range(s.opt_n[b]):
                        if s.opt[b, n, 0] == O_NEUTRAL and s.opt[b, n, 1] == i and s.opt[b, n, 4] == v:
                            dup = True
                    if not dup:
                        add_opt(s, b, O_NEUTRAL, i, p, -1, v)


@njit(cache=True)
def destroy_wall(s, t, b, geo, p, e, prm):
    """Destroy Wall (card text): border e, a wall or a door, is gone (open; a Stone Block's
    bit stays), its columns are rebuilt (R127), and every wizard adjacent to it (on either square
    it lies between, across a link too) suffers 2 physical damage: not an attack, so no counter
    that answers attacks and no evasion (card text); the caster is credited as its source
    (R157) unless it hurts itself."""
    if not destroyable(s, b, e):
        return False
    s.edge_kind[b, e] = s.edge_kind[b, e] & ~(KIND | S.SEALED)  # a filler's bits stay; a seal goes
    s.wall_by[b, e] = -1
    s.crack[b, e] = 0  # its cracks go with it (R126)
    border_changed(s, b, geo, e)
    u = geo.edge_sq[e]
    v = geo.nbr[u, geo.edge_side[e]]
    log(s, b, EV_WALL_GONE, e, 0, 0)
    for q in range(s.players[b]):
        if s.alive[b, q] and (s.pos[b, q] == u or s.pos[b, q] == v):
            hurt(s, t, b, p if q != p else -1, q, 2, prm)
    return True


@njit(cache=True)
def create_wall(s, b, geo, i, e):
    """Create Wall (card text): a stone wall on free border e; its columns are rebuilt (A-13).
    The wall records the instance that made it (wall_by): Create Wall is a maintained creation
    (R89) and ending it removes the wall; until maintained spells exist the wall stays for the
    game and only Destroy Wall removes it (cracks are not modelled)."""
    if (s.edge_kind[b, e] & KIND) != 0:
        return False
    s.edge_kind[b, e] = s.edge_kind[b, e] | _WALL
    s.wall_by[b, e] = i
    border_changed(s, b, geo, e)
    log(s, b, EV_WALL_MADE, e, 0, 0)
    return True


@njit(cache=True)
def stone_block(s, t, b, geo, q):
    """Stone Block (card text): square q is filled; no wizard may step in (R33) and no line of
    sight passes it (A-36): every side of q gets the FILLED bit and its columns are rebuilt. It
    is not a wall (Destroy Wall cannot aim at it); cracks are not modelled, so it stays."""
    if not empty_square(s, t, b, q):
        return False
    s.fill[b, q] = 1
    for d in range(4):
        f = geo.edge[q, d]
        s.edge_kind[b, f] = s.edge_kind[b, f] | FILLED
        border_changed(s, b, geo, f)
    log(s, b, EV_BLOCK, q, 0, 0)
    return True


@njit(cache=True)
def walls_effect(s, t, b, geo, p, i, e, z, prm):
    """Carry out walls card i (effect e) aimed at z once no counter cancelled it (no effect if
    its target no longer qualifies)."""
    done = True
    if e == E_DESTROY_WALL:
        done = destroy_wall(s, t, b, geo, p, z, prm)
    elif e == E_CREATE_WALL:
        done = create_wall(s, b, geo, i, z)
    elif e == E_STONE_BLOCK:
        done = stone_block(s, t, b, geo, z)
    if not done:
        log(s, b, EV_NO_EFFECT, s.inst_card[b, i], 0, 0)


# --- forms cards ---
# Transformations (R101, R167) and the Mutation school: Golem, Werewolf, Gnome, Slime Form (and
# Mist Body, built before, on the same mechanism). A wizard's form is State.form[p], the effect
# code of the transformation spell that affects it (0: none); begin_spell and end_spell keep it
# (set_form), so a form lasts exactly as long as its maintained spell. What a form changes: the
# base move (state.form_speed, read by move_and_cast), the punch (form_punch), damage taken
# (form_cut), the door mask (state.move_bit), the cards one may cast (forms_filter), evasion
# (gnome_evades) and what entering a square does (entered). Their bot side is "forms cards" in
# bots.py.

@njit(cache=True)
def set_form(s, b, q, e):
    """Wizard q's form becomes e (0: its own shape again). During q's own turn its movement
    points left change by the new base move minus the old (R37; they may fall to 0 or below)."""
    if s.cur[b] == q:
        s.mp[b] += form_speed(e) - form_speed(s.form[b, q])
    s.form[b, q] = e


@njit(cache=True)
def begin_form(s, t, b, p, i, energy):
    """Seat p casts transformation i on itself (each such card names only its caster here): its
    current transformation ends first (R101: one at a time, the new one ends the old)."""
    f = s.form[b, p]
    if f != 0:
        old = spell_on(s, t, b, f, p)
        if old >= 0:
            end_spell(s, t, b, old, WHY_REPLACED)
    begin_spell(s, t, b, p, i, p, energy)


@njit(cache=True)
def form_punch(s, b, p):
    """A punch's own damage (R57: 1) in seat p's form: a golem's 2 (Golem Form), a big man's 3
    (Big Man Form), a werewolf's d4 roll (Werewolf Form). Items add to it as to any punch (Mightstone, Fire Cloak)."""
    f = s.form[b, p]
    if f == E_GOLEM_FORM:
        return 2
    if f == E_BIG_MAN_FORM:
        return 3
    if f == E_WEREWOLF_FORM:
        roll = 1 + randbelow(s.rng, b, RS_DICE, 4)  # R7: the d4
        log(s, b, EV_FORM_ROLL, p, roll, ROLL_WEREWOLF)
        return roll
    return 1


@njit(cache=True)
def paid_pickup(f):
    """Not 0 if a wizard in form f picks up a treasure for 1 MP without ending Move and Cast: 1
    for Golem Form, 2 for Extra Arms (their cards; the trace tells them apart); 0: R116."""
    if f == E_GOLEM_FORM:
        return 1
    if f == E_EXTRA_ARMS:
        return 2
    return 0


@njit(cache=True, inline="always")
def form_cut(s, b, q):
    """Damage wizard q's form takes off each source: 2 for a golem (Golem Form), else 0."""
    return 2 if s.form[b, q] == E_GOLEM_FORM else 0


@njit(cache=True)
def gnome_evades(s, b, q):
    """Gnome Form: each time a gnome is attacked it rolls the d4 and evades the attack on 1-2
    (R149: an evaded attack does not affect it). False for any other wizard (no roll)."""
    if s.form[b, q] != E_GNOME_FORM or not s.alive[b, q]:
        return False
    roll = 1 + randbelow(s.rng, b, RS_DICE, 4)
    log(s, b, EV_FORM_ROLL, q, roll, ROLL_GNOME)
    return roll <= 2


@njit(cache=True)
def forms_filter(s, t, b, p):
    """Remove from the listed options what seat p's form forbids: a golem, werewolf or slime
    casts counter spells only (their cards), so no attack or neutral spell, no Add and no Pick
    Lock (a spell, though mundane); items, thrown weapons, the speed boost and ending one's own
    spells are no casting and stay. A slime cannot attack either: no punch, no throw."""
    f = s.form[b, p]
    if not counters_only(f):
        return
    m = 0
    for k in range(s.opt_n[b]):
        kind = s.opt[b, k, 0]
        drop = kind == O_ATTACK or kind == O_NEUTRAL or kind == O_AREA or kind == O_ADD
        if kind == O_UNLOCK and t.card_effect[s.inst_card[b, s.opt[b, k, 1]]] == E_PICK_LOCK:
            drop = True
        if f == E_SLIME_FORM and (kind == O_PUNCH or kind == O_THROW):
            drop = True
        if not drop:
            for c in range(5):
                s.opt[b, m, c] = s.opt[b, k, c]
            m += 1
    s.opt_n[b] = m


@njit(cache=True)
def before_step(s, t, b, geo, p, d):
    """What seat p's form does as it steps across side d, before it moves: a big man pushes the
    wizards ahead (:func:`big_man_push`); a slime passing a door closed to it (another colour's,
    R46, and not unlocked for it) drops its carried treasure, on the square it leaves (Slime Form;
    our ruling: the treasure cannot follow it through the door)."""
    if s.form[b, p] == E_BIG_MAN_FORM:
        big_man_push(s, b, geo, p, d)
    if s.form[b, p] != E_SLIME_FORM or s.carrying[b, p] < 0:
        return
    src = s.pos[b, p]
    nb = geo.nbr[src, d]
    bit = 1 << s.colour[b, p]
    e = geo.edge[src, d]
    f = geo.edge[nb, geo.arrive[src, d]]
    closed = (geo.edge_kind[e] == DOOR and e != s.unlocked[b] and (geo.edge_doors[e] & bit) == 0) \
        or (geo.edge_kind[f] == DOOR and f != s.unlocked[b] and (geo.edge_doors[f] & bit) == 0)
    if closed:
        put_down(s, t, b, p, WAY_FORCED)


@njit(cache=True)
def forms_options(s, t, b, geo, p, fog, seen):
    """Options of this block's spells that are not forms (those are listed with the maintained
    spells): Adrenaline on oneself or a wizard in sight (its card; R70) and, while the attack is
    open, Disease on oneself (an attack spell, O_ATTACK with x = p); each unboosted or with one
    energy card (the energy is its duration, R83)."""
    h = hand_of(p)
    nh = s.cont_n[b, h]
    for k in range(nh):
        i = s.cont[b, h, k]
        if t.card_effect[s.inst_card[b, i]] != E_ADRENALINE:
            continue
        for q in range(s.players[b]):
            if s.alive[b, q] and (q == p or sees_wizard(s, t, b, geo, p, q, fog, seen)):
                add_boosted(s, t, b, O_NEUTRAL, p, i, q)
    if not can_attack(s, b, p) or s.form[b, p] == E_MIST_BODY:
        return
    for k in range(nh):  # Disease: an attack spell on oneself
        i = s.cont[b, h, k]
        if t.card_effect[s.inst_card[b, i]] == E_DISEASE:
            add_boosted(s, t, b, O_ATTACK, p, i, p)


@njit(cache=True)
def big_man_on(s, b, sq, p):
    """A living big man other than seat p stands on square ``sq`` (Big Man Form)."""
    for w in range(s.players[b]):
        if w != p and s.form[b, w] == E_BIG_MAN_FORM and s.alive[b, w] and s.pos[b, w] == sq:
            return True
    return False


@njit(cache=True)
def push_square(s, b, geo, p, d, q):
    """Where wizard q ahead of big man p, stepping across side d, is pushed: one square straight
    on from q's square along the big man's heading, by q's own movement rules (R33, R46: walls and
    doors closed to q stop it); -1 if it cannot go (or would enter another big man's square)."""
    src = s.pos[b, p]
    nxt = geo.nbr[src, d]
    if nxt < 0:
        return -1
    dest, _ = straight(geo, nxt, (geo.arrive[src, d] + 2) % 4, 1 << s.colour[b, q], False)
    if dest < 0 or big_man_on(s, b, dest, p):
        return -1
    return dest


@njit(cache=True)
def big_man_lets(s, t, b, geo, p, d):
    """Seat p may step across side d as far as big men go (Big Man Form): nobody enters a big
    man's square; a big man steps only if every wizard on the square ahead can be pushed on (a
    blocked push stops him: checklist 2.2 G9)."""
    dst = geo.nbr[s.pos[b, p], d]
    if dst < 0 or big_man_on(s, b, dst, p):
        return False
    if s.form[b, p] != E_BIG_MAN_FORM:
        return True
    for q in range(s.players[b]):
        if q != p and s.alive[b, q] and s.pos[b, q] == dst and push_square(s, b, geo, p, d, q) < 0:
            return False
    return True


@njit(cache=True)
def big_man_push(s, b, geo, p, d):
    """Big man p steps across side d: every wizard on the square ahead is pushed one square on
    (Big Man Form; checklist 2.2 G9: one square per step, straight ahead; its treasure goes with
    it). The pushed wizard's path is not its own step (no Slime or Disease effect)."""
    dst = geo.nbr[s.pos[b, p], d]
    for q in range(s.players[b]):
        if q != p and s.alive[b, q] and s.pos[b, q] == dst:
            to = push_square(s, b, geo, p, d, q)
            if to >= 0:
                shift(s, b, q, to)


@njit(cache=True)
def big_man_between(s, t, b, a, c):
    """A big man stands on a square that the straight map line from the centre of square a to
    the centre of square c passes through (Big Man Form: he blocks sight past him; lines ending
    on his square still reach him, and a line that only touches his square's edge or corner is
    not blocked). Map coordinates: a line seen across a wrap or portal link is tested as drawn
    on the map (our simplification)."""
    k = s.deal[b]
    x0 = 2.0 * t.g_sq_c[k, a] + 1.0
    y0 = 2.0 * t.g_sq_r[k, a] + 1.0
    dx = 2.0 * t.g_sq_c[k, c] + 1.0 - x0
    dy = 2.0 * t.g_sq_r[k, c] + 1.0 - y0
    for w in range(s.players[b]):
        m = s.pos[b, w]
        if s.form[b, w] != E_BIG_MAN_FORM or not s.alive[b, w] or m == a or m == c:
            continue
        xm = 2.0 * t.g_sq_c[k, m]
        ym = 2.0 * t.g_sq_r[k, m]
        lo = 0.0
        hi = 1.0
        for side in range(4):  # clip the segment to the square's box (Liang-Barsky)
            if side == 0:
                pp, qq = -dx, x0 - xm
            elif side == 1:
                pp, qq = dx, xm + 2.0 - x0
            elif side == 2:
                pp, qq = -dy, y0 - ym
            else:
                pp, qq = dy, ym + 2.0 - y0
            if pp == 0.0:
                if qq <= 0.0:
                    hi = -1.0  # parallel, outside or along an edge
            elif pp < 0.0:
                lo = max(lo, qq / pp)
            else:
                hi = min(hi, qq / pp)
        if hi - lo > 1e-9:
            return True
    return False


@njit(cache=True)
def punch_lands(s, t, b, p, q, prm):
    """Seat p's punch at wizard q (R57): 1 damage or its form's (:func:`form_punch`), + a d4 per
    Mightstone (R7), + 2 fire with a Fire Cloak; q's attack reactions answer it first (a gnome
    may evade it, a Flood destroys the cloak)."""
    dmg = form_punch(s, b, p)
    for _ in range(carried(s, t, b, p, E_MIGHTSTONE)):
        roll = 1 + randbelow(s.rng, b, RS_DICE, 4)  # Mightstone: + a d4 (R7)
        log(s, b, EV_ROLL, roll, 0, 0)
        dmg += roll
    dmg *= strength_factor(s, t, b, p)  # Strength doubles physical damage (thaum cards)
    cloak = carried(s, t, b, p, E_FIRE_CLOAK)  # Fire Cloak: the punch burns for 2 more
    if attacked_window(s, t, b, p, q, dmg + 2 * cloak, FIRE_ITEM if cloak else 0, prm):
        log(s, b, EV_PUNCH, q, 0, 0)  # evaded (Gnome Form, Invisible)
        return
    cloak = carried(s, t, b, p, E_FIRE_CLOAK)  # a Flood cast against it destroyed it
    dmg += 2 * cloak
    log(s, b, EV_PUNCH, q, dmg, 0)
    deal_damage(s, t, b, p, q, dmg, cloak > 0, prm)


@njit(cache=True)
def arms_punch(s, t, b, geo, p, q, prm):
    """Extra Arms: the punch of seat p (already landed on q) affects every other wizard within its
    reach too (R69: its square and the adjacent ones), each as its own hit (our ruling: own rolls,
    own counters), clockwise from p."""
    n = s.players[b]
    bit = 1 << s.colour[b, p]
    for r in range(1, n):
        w = (p + r) % n
        if s.done[b] or not s.alive[b, p]:
            break
        if w != q and attackable(s, t, b, w) and adjacent(geo, s.pos[b, p], s.pos[b, w], bit):
            punch_lands(s, t, b, p, w, prm)


@njit(cache=True)
def gather_options(s, t, b, p):
    """Extra Arms: for 1 MP the wizard picks up every item on its square and, if it carries none,
    one treasure there (a = the treasure, -1 items only; card text). A treasure alone is the
    ordinary O_PICKUP, which then costs 1 MP too (:func:`paid_pickup`)."""
    if s.form[b, p] != E_EXTRA_ARMS or s.mp[b] <= 0:
        return
    me = s.pos[b, p]
    items = False
    for k in range(s.cont_n[b, Z_FLOOR]):
        if s.c_sq[b, s.cont[b, Z_FLOOR, k]] == me:
            items = True
            break
    if not items:
        return
    add_opt(s, b, O_GATHER, -1, 0, 0, 0)
    if s.carrying[b, p] < 0 and s.no_pickup[b] == 0:
        for j in range(2 * s.players[b]):
            if s.tr_carrier[b, j] < 0 and s.tr_sq[b, j] == me:
                add_opt(s, b, O_GATHER, j, 0, 0, 0)


@njit(cache=True)
def gather(s, t, b, p, j, prm):
    """Extra Arms' pick-up for 1 MP: every item on seat p's square (they do not count toward the
    hand limit while it lasts) and treasure j (-1 none) without ending Move and Cast."""
    s.mp[b] -= 1
    me = s.pos[b, p]
    k = 0
    while k < s.cont_n[b, Z_FLOOR]:
        i = s.cont[b, Z_FLOOR, k]
        if s.c_sq[b, i] == me:
            log(s, b, EV_ITEM_PICK, s.inst_card[b, i], me, 1)
            s.card[b, p, s.inst_card[b, i], S.C_ACQ] += 1
            gain_item(s, t, b, p, i)  # the last floor entry moves into slot k
        else:
            k += 1
    discard_to_limit(s, t, b, p, prm[p])
    if j >= 0 and s.carrying[b, p] < 0:
        s.mp[b] += 1  # the treasure comes with the same movement point
        pick_up(s, t, b, p, j)


@njit(cache=True)
def over_limits(s, t, b, prm):
    """Every living wizard over its hand limit discards down at once (R172). Needed where a
    spell ends outside its wizard's own actions: when Extra Arms ends (its tokens, Dispel, Null
    Powder, a new transformation) the carried items count again (R173)."""
    if s.done[b]:
        return
    for q in range(s.players[b]):
        if s.alive[b, q] and hand_size(s, b, q) > hand_limit(s, t, b, q):
            discard_to_limit(s, t, b, q, prm[q])


@njit(cache=True)
def entered(s, t, b, p, prm):
    """Seat p has stepped into a square. A slime deals 1 physical damage to each other wizard
    there (Slime Form); a carrier of Disease 3 physical damage to each other wizard there not yet
    hurt by Disease this turn (its card). Neither is an attack (not evadable; A-5: no kill
    point)."""
    slime = s.form[b, p] == E_SLIME_FORM
    sick = spell_on(s, t, b, E_DISEASE, p) >= 0
    if not slime and not sick:
        return
    for q in range(s.players[b]):
        if q == p or s.pos[b, q] != s.pos[b, p]:
            continue
        if slime and s.alive[b, q] and not s.done[b]:
            log(s, b, EV_FORM_HIT, q, 1, HIT_SLIME)
            hurt(s, t, b, -1, q, 1, prm)
        if sick and s.alive[b, q] and not s.done[b] and s.sick_turn[b, q] != s.turn[b]:
            s.sick_turn[b, q] = s.turn[b]
            log(s, b, EV_FORM_HIT, q, 3, HIT_DISEASE)
            hurt(s, t, b, -1, q, 3, prm)


@njit(cache=True)
def disease(s, t, b, geo, p, i, energy, prm):
    """Seat p casts Disease i on itself as its attack (begin_attack_spell has used the attack: the
    card says only on the cast turn). It names no target, so no Full Shield answers it; Absorb
    Spell of a wizard who sees p may (A-9). Otherwise it is maintained with ``energy`` tokens and
    :func:`entered` does the rest."""
    if absorb_window(s, t, b, geo, p, s.inst_card[b, i], s.pos[b, p], p, 0, prm):
        return
    begin_spell(s, t, b, p, i, p, energy)


# --- thaum cards ---
# Anti-Anti, Backlash, Invisible, Slow Death, Globe of Pain, Yoink!, Gravity, Swap, Ward, Strength,
# Stretch, Heave-Ho, Featherweight (checklist 2.2: Thaumaturgy, Mutation and two of Conjuration).
# Their bot choices are the "thaum cards" block of bots.py.

@njit(cache=True)
def punch(s, t, b, p, a, prm):
    """Seat p punches wizard a as its attack (R57), from an adjacent square or by Stretch (the
    caller counts it as the turn's attack in State.attacked; Adrenaline allows two), then
    :func:`punch_lands` deals it (1 damage or the form's, + a d4 per Mightstone, doubled by
    Strength, + 2 fire with a Fire Cloak)."""
    s.seat[b, p, S.S_ATTACKS] += 1
    s.seat[b, p, S.S_PUNCHES] += 1
    punch_lands(s, t, b, p, a, prm)


@njit(cache=True)
def anti_anti(s, t, b, p, c, card, prm):
    """Seat p's spell ``card`` was just answered by counter instance c (already spent): p may
    cancel that counter with Anti-Anti (card text), which no counter answers in turn ("it cannot
    be cancelled"). Only a counter *spell* qualifies: Null Powder is an item (our ruling). The
    window goes one level deeper (A-8: spell, counter, Anti-Anti). True if the counter is
    cancelled: the spell goes on as if it had not been played."""
    if not s.alive[b, p] or t.card_type[s.inst_card[b, c]] == T_ITEM:
        return False
    aa = BT.choose_anti_anti(s, t, b, p, prm[p], card)
    if aa < 0:
        return False
    spend_counter(s, t, b, p, aa, prm[p])
    return True


@njit(cache=True)
def backlash(s, t, b, p, q, card, energy, prm):
    """Wizard q, the target of seat p's attack spell ``card`` cast with ``energy``, may cancel
    it with Backlash as it is cast; p then suffers magical damage equal to that energy (card
    text). Backlash is no attack (so no kill point, A-5, and no evasion); p may answer it with
    Anti-Anti. True if the spell is cancelled."""
    if not s.alive[b, q]:
        return False
    c = BT.choose_backlash(s, t, b, q, prm[q], card, energy)
    if c < 0:
        return False
    spend_counter(s, t, b, q, c, prm[q])
    if anti_anti(s, t, b, p, c, card, prm):
        return False
    log(s, b, EV_BACKLASH, p, energy, 0)
    hurt(s, t, b, -1, p, energy, prm)
    return True
GLOBE_REACH = BT.GLOBE_REACH  # Globe of Pain: the target within 6 movement of the caster (card text)


@njit(cache=True)
def still_reaches(s, t, b, geo, p, sq, card):
    """After its target teleported to ``sq`` (R149), does seat p's attack spell ``card`` still
    reach it: Globe of Pain within GLOBE_REACH steps of p's walk (it needs no sight), every
    other spell in p's sight (under Fog, A-32)."""
    if t.card_effect[card] == E_GLOBE_OF_PAIN:
        d = walk_length(geo, s.pos[b, p], sq, move_bit(s, t, b, p))
        return 0 <= d <= GLOBE_REACH
    return in_sight(s, t, b, geo, s.pos[b, p], sq, 1 << s.colour[b, p], spell_on(s, t, b, E_FOG, -1) >= 0)


@njit(cache=True)
def thaum_options(s, t, b, geo, p, fog, seen, mist):
    """Options of this block's cards in seat p's hand (appended by :func:`enumerate_options`;
    ``fog``, ``seen``: see :func:`sees_wizard`; ``mist``: p is in Mist Body, no attack). Globe
    of Pain at every wizard within GLOBE_REACH steps of p's own walk (no sight needed), and
    Invisible on oneself, each unboosted or with one energy card (R92; Invisible's energy is its
    duration, R83), Gravity (global) likewise; Yoink! at each item carried by a wizard in sight;
    Swap with each wizard in sight while p may still move; Strength on oneself and, while it
    lasts, its tearing attack (O_TEAR; not while Gravity lasts: tearing takes possession)."""
    h = hand_of(p)
    nh = s.cont_n[b, h]
    walk = s.pos[b, :0]  # the caster's walking distances, found at the first Globe (empty view)
    for k in range(nh):
        i = s.cont[b, h, k]
        e = t.card_effect[s.inst_card[b, i]]
        if e == E_GLOBE_OF_PAIN and can_attack(s, b, p) and not mist:
            if walk.shape[0] == 0:
                walk = distances(geo, s.pos[b, p], move_bit(s, t, b, p))
            for q in range(s.players[b]):
                d = walk[s.pos[b, q]] if q != p and attackable(s, t, b, q) else -1
                if 0 <= d <= GLOBE_REACH:
                    add_boosted(s, t, b, O_ATTACK, p, i, q)
        elif e == E_INVISIBLE or e == E_GRAVITY or e == E_STRENGTH:
            add_boosted(s, t, b, O_NEUTRAL, p, i, p)
        elif e == E_SWAP and s.no_move[b] == 0 and not (s.stunned[b] == 1 and s.attacked[b] == 1):
            # another wizard in sight, unless p may not move any more (Teleport, R141)
            for q in range(s.players[b]):
                if q != p and s.alive[b, q] and sees_wizard(s, t, b, geo, p, q, fog, seen):
                    add_opt(s, b, O_NEUTRAL, i, q, -1, 0)
        elif e == E_YOINK:
            # one carried item (never a treasure) of another wizard in sight
            for q in range(s.players[b]):
                if q != p and s.alive[b, q] and sees_wizard(s, t, b, geo, p, q, fog, seen):
                    cq = items_of(q)
                    for k2 in range(s.cont_n[b, cq]):
                        add_opt(s, b, O_NEUTRAL, i, q, -1, s.cont[b, cq, k2])
    stretch_options(s, t, b, geo, p, fog, seen, mist)
    if can_attack(s, b, p) and not mist and s.carrying[b, p] >= 0:
        heave_options(s, t, b, geo, p, fog, seen)
    if can_attack(s, b, p) and not mist and strength_factor(s, t, b, p) == 2 \
            and spell_on(s, t, b, E_GRAVITY, -1) < 0:
        # Strength's attack: tear a treasure (when carrying none) or an item from a wizard in
        # one's own square (card text)
        for q in range(s.players[b]):
            if q == p or not attackable(s, t, b, q) or s.pos[b, q] != s.pos[b, p]:
                continue
            if s.carrying[b, q] >= 0 and s.carrying[b, p] < 0:
                add_opt(s, b, O_TEAR, q, -1, 0, 0)
            cq = items_of(q)
            for k2 in range(s.cont_n[b, cq]):
                add_opt(s, b, O_TEAR, q, s.cont[b, cq, k2], 0, 0)


@njit(cache=True)
def thaum_neutral(s, t, b, geo, p, i, q, energy, z, prm):
    """The neutral spells of this block, cast by seat p (not negated). False for other spells."""
    e = t.card_effect[s.inst_card[b, i]]
    if e == E_INVISIBLE or e == E_STRENGTH:
        begin_spell(s, t, b, p, i, p, energy)
    elif e == E_GRAVITY:
        begin_spell(s, t, b, p, i, -1, energy)
        gravity_falls(s, t, b, p, prm)
    elif e == E_SWAP:
        # the two wizards trade squares (carried treasures go with them); p has moved and may
        # not move again this turn (card text)
        a = s.pos[b, p]
        shift(s, b, p, s.pos[b, q])
        shift(s, b, q, a)
        s.moved[b] = 1
        s.no_move[b] = 1
    elif e == E_YOINK:
        if z >= 0 and s.c_cont[b, z] == items_of(q):
            take_item(s, t, b, p, q, z, prm)
        else:
            log(s, b, EV_NO_EFFECT, s.inst_card[b, i], q, 0)
    else:
        return False
    return True


@njit(cache=True)
def gravity_falls(s, t, b, p, prm):
    """Gravity (card): every wizard drops all its carried items and its treasure on its square,
    clockwise from the caster p. A treasure landing on a base scores there (A-17), and all of
    them land at once: two wizards reaching 2 points so is a draw (A-7)."""
    n = s.players[b]
    for r in range(n):
        q = (p + r) % n
        if not s.alive[b, q]:
            continue
        lay_treasure(s, t, b, q, s.pos[b, q], WAY_FORCED)
        c = items_of(q)
        while s.cont_n[b, c] > 0:
            i = s.cont[b, c, s.cont_n[b, c] - 1]
            log(s, b, EV_ITEM_DROP, s.inst_card[b, i], s.pos[b, q], WAY_FORCED)
            lose_item(s, t, b, q, i, s.pos[b, q], prm[q], True)
    check_victory(s, t, b)


@njit(cache=True)
def ward(s, t, b, geo, p, j, prm):
    """Seat p has just picked up treasure j: its owner, if another living wizard that sees p
    (range: sight, under Fog A-32), may cast Ward (card text): 3 magical damage to p, then p
    rolls a d4 and on 1-2 drops the treasure on its square. Ward is no attack (no kill point,
    A-5) and no spell of p's is countered, so nothing answers it (our smaller window)."""
    o = j // 2
    if o == p or not s.alive[b, o] or not s.alive[b, p]:
        return
    fog = spell_on(s, t, b, E_FOG, -1) >= 0
    if not in_sight(s, t, b, geo, s.pos[b, o], s.pos[b, p], 1 << s.colour[b, o], fog):
        return
    c = BT.choose_ward(s, t, b, o, prm[o])
    if c < 0:
        return
    spend_counter(s, t, b, o, c, prm[o])
    roll = 1 + randbelow(s.rng, b, RS_DICE, 4)
    log(s, b, EV_WARD, o, p, roll)
    hurt(s, t, b, -1, p, 3, prm)
    if s.alive[b, p] and roll <= 2 and s.carrying[b, p] == j:
        put_down(s, t, b, p, WAY_FORCED)


STRETCH_TREASURE, STRETCH_ITEM, STRETCH_DROP, STRETCH_PUNCH = (S.STRETCH_TREASURE, S.STRETCH_ITEM, S.STRETCH_DROP,
                                                               S.STRETCH_PUNCH)  # O_STRETCH modes


@njit(cache=True)
def stretch_options(s, t, b, geo, p, fog, seen, mist):
    """Stretch options (O_STRETCH, card text; a smaller set, never an illegal one): pick up a
    treasure (when carrying none) or a dropped item (1 MP) lying on another square in sight; put
    one's carried treasure down on one's own base in sight (the one drop that scores, A-17);
    punch a wizard in sight as the attack. Not offered: dropping items, or a treasure elsewhere.
    No pick-up while Gravity lasts or after Mad Dash."""
    h = hand_of(p)
    st = -1
    for k in range(s.cont_n[b, h]):
        if t.card_effect[s.inst_card[b, s.cont[b, h, k]]] == E_STRETCH:
            st = s.cont[b, h, k]  # copies are alike: one is enough to list every use
    if st < 0:
        return
    me = s.pos[b, p]
    bit = 1 << s.colour[b, p]
    grab = s.no_pickup[b] == 0 and spell_on(s, t, b, E_GRAVITY, -1) < 0
    if grab and s.carrying[b, p] < 0:
        for j in range(2 * s.players[b]):
            sq = s.tr_sq[b, j]
            if s.tr_carrier[b, j] < 0 and sq != me and in_sight(s, t, b, geo, me, sq, bit, fog):
                add_opt(s, b, O_STRETCH, st, STRETCH_TREASURE, j, 0)
    if grab and s.mp[b] > 0:
        for k in range(s.cont_n[b, Z_FLOOR]):
            i = s.cont[b, Z_FLOOR, k]
            sq = s.c_sq[b, i]
            if sq != me and in_sight(s, t, b, geo, me, sq, bit, fog):
                add_opt(s, b, O_STRETCH, st, STRETCH_ITEM, i, 0)
    home = t.g_base[s.deal[b], p]
    if s.carrying[b, p] >= 0 and home != me and in_sight(s, t, b, geo, me, home, bit, fog):
        add_opt(s, b, O_STRETCH, st, STRETCH_DROP, s.carrying[b, p], home)
    if can_attack(s, b, p) and not mist:
        for q in range(s.players[b]):
            if q != p and attackable(s, t, b, q) and sees_wizard(s, t, b, geo, p, q, fog, seen):
                add_opt(s, b, O_STRETCH, st, STRETCH_PUNCH, q, 0)


@njit(cache=True)
def stretch(s, t, b, geo, p, i, mode, y, z, prm):
    """Seat p casts Stretch i (a neutral spell, R66; card text): mode STRETCH_TREASURE picks up
    treasure y from its square in sight (no MP; Move and Cast ends, R116; Ward may answer),
    STRETCH_ITEM picks up floor item y (1 MP, R106), STRETCH_DROP puts the carried treasure y
    down on square z (on a base it scores, A-17), STRETCH_PUNCH punches wizard y as the turn's
    attack (used even if the spell is cancelled, R144). Negate Neutral may answer it (A-8; at a
    punched wizard, Full Shield too)."""
    card = s.inst_card[b, i]
    s.card[b, p, card, S.C_PLAYED] += 1
    discard(s, b, i)
    q = y if mode == STRETCH_PUNCH else p
    if mode == STRETCH_PUNCH:
        s.attacked[b] += 1
    log(s, b, EV_CAST, card, q, 1)
    if negated(s, t, b, geo, p, card, q, prm):
        return
    if mode == STRETCH_TREASURE:
        if s.tr_carrier[b, y] < 0 and s.carrying[b, p] < 0:
            pick_up(s, t, b, p, y)
            ward(s, t, b, geo, p, y, prm)
    elif mode == STRETCH_ITEM:
        if s.c_cont[b, y] == Z_FLOOR and s.mp[b] > 0:
            s.mp[b] -= 1  # R106: 1 MP, as usual (card text)
            log(s, b, EV_ITEM_PICK, s.inst_card[b, y], s.c_sq[b, y], 0)
            s.card[b, p, s.inst_card[b, y], S.C_ACQ] += 1
            gain_item(s, t, b, p, y)
            discard_to_limit(s, t, b, p, prm[p])
    elif mode == STRETCH_DROP:
        if s.carrying[b, p] == y and lay_treasure(s, t, b, p, z, WAY_DROP):
            check_victory(s, t, b)
    elif s.alive[b, y]:
        punch(s, t, b, p, y, prm)


@njit(cache=True)
def throw_distance(s, t, b, a, c):
    """Squares a treasure thrown from square a to square c travels (Heave-Ho: diagonals measured
    as a wizard moves, so the orthogonal grid distance on the map; walls do not lengthen a throw,
    and a square adjacent across a link is 1 away)."""
    k = s.deal[b]
    d = abs(np.int64(t.g_sq_r[k, a]) - t.g_sq_r[k, c]) + abs(np.int64(t.g_sq_c[k, a]) - t.g_sq_c[k, c])
    for side in range(4):
        if t.g_nbr[k, a, side] == c:
            return np.int64(1)
    return d


@njit(cache=True)
def heave_options(s, t, b, geo, p, fog, seen):
    """Heave-Ho options (O_HEAVE; a smaller set, never an illegal one): the carried treasure
    thrown at each attackable wizard in sight on another square, or at one's own base in sight
    (empty or not: it lands there and may score, A-17). Other squares and objects are not
    offered."""
    h = hand_of(p)
    hv = -1
    for k in range(s.cont_n[b, h]):
        if t.card_effect[s.inst_card[b, s.cont[b, h, k]]] == E_HEAVE_HO:
            hv = s.cont[b, h, k]
    if hv < 0:
        return
    me = s.pos[b, p]
    for q in range(s.players[b]):
        if q != p and attackable(s, t, b, q) and s.pos[b, q] != me and sees_wizard(s, t, b, geo, p, q, fog, seen):
            add_opt(s, b, O_HEAVE, hv, q, s.pos[b, q], 0)
    home = t.g_base[s.deal[b], p]
    if home != me and in_sight(s, t, b, geo, me, home, 1 << s.colour[b, p], fog):
        add_opt(s, b, O_HEAVE, hv, -1, home, 0)


@njit(cache=True)
def heave_ho(s, t, b, p, i, q, sq, prm):
    """Heave-Ho (card): seat p throws its carried treasure at wizard q (or at square ``sq``
    when q < 0) as its attack (R49). Mundane: no counter answers the card (R99); the target may
    still evade (Invisible) or reduce the damage (Shield). A wizard hit suffers physical damage
    equal to the squares thrown (doubled by Strength); the treasure lands on the target square
    (R100), where on a base it scores (A-17)."""
    card = s.inst_card[b, i]
    s.card[b, p, card, S.C_PLAYED] += 1
    s.attacked[b] += 1
    s.seat[b, p, S.S_ATTACKS] += 1
    discard(s, b, i)
    log(s, b, EV_THROW, card, q, 0)
    if q >= 0:
        sq = s.pos[b, q]
        dmg = throw_distance(s, t, b, s.pos[b, p], sq) * strength_factor(s, t, b, p)
        if not attacked_window(s, t, b, p, q, dmg, 0, prm):
            deal_damage(s, t, b, p, q, dmg, 0, prm)
    if s.alive[b, p] and lay_treasure(s, t, b, p, sq, WAY_LANDS):
        check_victory(s, t, b)


@njit(cache=True)
def push_run(geo, sq, d, n, bit):
    """A push of up to ``n`` squares from ``sq`` across side ``d`` and straight on under the
    movement rules of door mask ``bit`` (movement.straight; links continue the line): (the square
    it ends on, the squares moved) (Waterbolt's knock-back options, Featherweight)."""
    run = 0
    while run < n:
        nxt, nd = straight(geo, sq, d, bit, False)
        if nxt < 0:
            break
        sq = nxt
        d = nd
        run += 1
    return sq, run


@njit(cache=True)
def featherweight_counter(s, t, b, q, dmg, prm):
    """Wizard q is attacked (for about ``dmg``) and not yet featherweight: it may cast
    Featherweight as a counter (card text; a neutral spell cast as a counter, so Negate Neutral
    may answer it, A-8); it lasts (one token, unboosted) and this attack's damage already pushes."""
    if spell_on(s, t, b, E_FEATHERWEIGHT, q) >= 0:
        return
    c = BT.choose_featherweight(s, t, b, q, prm[q], dmg)
    if c >= 0 and counter_cast(s, t, b, q, c, prm):
        begin_spell(s, t, b, q, c, q, 1)


@njit(cache=True)
def featherweight(s, t, b, src, q, amount):
    """While wizard q's Featherweight lasts, each point of damage from seat src moves q one square
    instead (card text): straight away from src's square along the axis of the larger map
    distance (checklist 2.3, as a knock-back), under q's own movement rules (walls, closed doors
    and Stone Blocks stop it; links continue the line). Returns the damage left when q cannot
    move further (all of it when src stands on q's square: no direction)."""
    if spell_on(s, t, b, E_FEATHERWEIGHT, q) < 0:
        return amount
    geo = geo_of(s, t, b)
    sq = s.pos[b, q]
    d = away_side(geo, s.pos[b, src], sq)
    if d < 0:
        return amount
    sq, n = push_run(geo, sq, d, amount, move_bit(s, t, b, q))
    log(s, b, EV_FEATHER, q, n, amount - n)
    if n > 0:
        shift(s, b, q, sq)
    return amount - n


@njit(cache=True)
def strength_factor(s, t, b, p):
    """2 while seat p's Strength lasts (card text: physical damage it deals is doubled), else 1."""
    return 2 if spell_on(s, t, b, E_STRENGTH, p) >= 0 else 1


@njit(cache=True)
def tear(s, t, b, p, q, x, prm):
    """Strength's attack (card text): seat p tries to tear wizard q's treasure (``x`` = -1) or
    carried item x from it in their shared square: the turn's attack (R49), answered like a punch
    (Invisible, Pain Link: attacked_window); a d4 of 2-4 succeeds and p takes it. Taking
    possession is no pick-up (our reading): Move and Cast goes on and no Ward answers it."""
    s.attacked[b] += 1
    s.seat[b, p, S.S_ATTACKS] += 1
    if attacked_window(s, t, b, p, q, 0, 0, prm):
        return
    roll = 1 + randbelow(s.rng, b, RS_DICE, 4)
    if roll < 2:
        log(s, b, EV_TEAR, q, roll, -1)
    elif x < 0 and s.carrying[b, q] >= 0 and s.carrying[b, p] < 0:
        j = s.carrying[b, q]
        log(s, b, EV_TEAR, q, roll, j)
        s.tr_carrier[b, j] = p
        s.carrying[b, p] = j
        s.carrying[b, q] = -1
    elif x >= 0 and s.c_cont[b, x] == items_of(q):
        log(s, b, EV_TEAR, q, roll, -2)
        take_item(s, t, b, p, q, x, prm)


@njit(cache=True)
def take_item(s, t, b, p, q, i, prm):
    """Seat p takes item i that wizard q carries (Yoink!, Strength): it is now one of p's
    carried items (card text). q loses it as any lost item (a Speedstone's point, a Brainstone's
    two cards); p gains it as a played one (a first Brainstone draws two), then discards down to
    its limit (R172)."""
    card = s.inst_card[b, i]
    log(s, b, EV_TAKE_ITEM, p, card, q)
    lose_item(s, t, b, q, i, -1, prm[q], True)
    s.card[b, p, card, S.C_ACQ] += 1
    gain_item(s, t, b, p, i)
    discard_to_limit(s, t, b, p, prm[p])


@njit(cache=True)
def invisible_evades(s, t, b, p, q, dmg, prm):
    """Wizard q is attacked by seat p (for about ``dmg``): if it is not invisible it may cast
    Invisible now as a counter (card text; a neutral spell, so Negate Neutral may answer it,
    A-8); while Invisible lasts it rolls a d4 at each attack and evades it on 2-4 (card text),
    this attack included. True if evaded."""
    inv = spell_on(s, t, b, E_INVISIBLE, q)
    if inv < 0:
        c = BT.choose_invisible(s, t, b, q, prm[q], dmg)
        if c < 0 or not counter_cast(s, t, b, q, c, prm):
            return False
        begin_spell(s, t, b, q, c, q, 1)
    roll = 1 + randbelow(s.rng, b, RS_DICE, 4)
    log(s, b, EV_INVISIBLE, q, roll, 1 if roll >= 2 else 0)
    return roll >= 2



@njit(cache=True)
def slow_death_settle(s, t, b, p, prm):
    """Slow Death (card): its wizard suffers 1 magical damage for each card it drew
    (``State.curse_due``, counted by :func:`draw_card`), each its own hit; it is no attack, so
    a death by it scores no kill point (A-5). Settled after each of seat p's options and after
    its Discard and Draw, where the bots' parameters are at hand."""
    while s.curse_due[b, p] > 0:
        s.curse_due[b, p] -= 1
        if s.alive[b, p] and not s.done[b]:
            log(s, b, EV_SLOW_DEATH, p, 1, 0)
            hurt(s, t, b, -1, p, 1, prm)


# --- sight cards ---
# Wall of Earth, Around the Corner, Astral Projection, Visionstone (checklist 2.2 G4, G5, G8): cards
# that bend or move a spell's line of sight, or block one attack's line.

@njit(cache=True)
def earth_wall(s, t, b, p, q, dmg, extra, prm):
    """Wall of Earth as a counter (its card; checklist 2.2 G5, tier 3): wizard q, attacked by seat
    p with a line-of-sight attack (an attack spell aimed at it, or a thrown item) from another
    square, raises a momentary wall of dirt on a border the line crosses (the side of its own
    square facing the line: always in its sight). The wall blocks this attack and collapses, so
    the board does not change. An attack from q's own square crosses no border, and a punch is
    no line-of-sight attack (the card: it cannot block those). ``dmg``: the hit's damage, for the
    bot; ``extra``: the attack costs q more than damage (a spell moving it or its treasure).
    True if the attack is blocked."""
    if not s.alive[b, q] or s.pos[b, p] == s.pos[b, q]:
        return False
    i = BT.choose_earth_wall(s, t, b, q, prm[q], dmg, extra)
    if i < 0:
        return False
    spend_counter(s, t, b, q, i, prm[q])
    s.seat[b, p, S.S_COUNTERED] += 1
    log(s, b, EV_EARTH_WALL, q, p, 0)
    return True


SEE_PLAIN, SEE_STONE, SEE_BENT, SEE_ASTRAL = 1, 2, 3, 4  # how a spell reaches its target (spell_sight)


@njit(cache=True)
def extra_sight(s, t, b, geo, p, c, fog):
    """How a spell of seat p reaches square c that p does not see (R76, R77): SEE_STONE through
    one wall or door with a carried Visionstone (its card), SEE_BENT around one corner after
    Around the Corner this turn (checklist 2.3: via a square centre p sees), SEE_ASTRAL from
    Astral Projection's square (as though p stood there); 0 not at all. Fog (A-32) limits each
    line as it limits sight."""
    a = s.pos[b, p]
    bit = 1 << s.colour[b, p]
    if carried(s, t, b, p, E_VISIONSTONE) > 0 and (not fog or near(geo, a, c, bit)) \
            and sees_through(geo, a, c, bit):
        return SEE_STONE
    if s.bend[b] == 1 and sees_bent(geo, a, c, bit, fog):
        return SEE_BENT
    if s.eye[b] >= 0 and in_sight(s, t, b, geo, s.eye[b], c, bit, fog):
        return SEE_ASTRAL
    return 0


@njit(cache=True)
def spell_seen(s, t, b, geo, p, fog, seen):
    """The wizards seat p's spells reach now, as :func:`sees_wizard`'s ``seen`` (1/0 per seat):
    ``seen`` itself when p has no way to see farther (no Visionstone, no bend or Astral
    Projection readied), else a new array with :func:`extra_sight` added. Throws and punches keep
    ``seen`` (Visionstone's card: spells, not thrown items)."""
    if s.bend[b] == 0 and s.eye[b] < 0 and carried(s, t, b, p, E_VISIONSTONE) == 0:
        return seen
    out = np.zeros(MAXP, np.int8)
    for q in range(s.players[b]):
        if q == p or not s.alive[b, q]:
            continue
        if sees_wizard(s, t, b, geo, p, q, fog, seen) or extra_sight(s, t, b, geo, p, s.pos[b, q], fog) > 0:
            out[q] = 1
    return out


@njit(cache=True)
def sight_spent(s, t, b, geo, p, q):
    """Seat p casts a spell at wizard q: a bend (Around the Corner) or Astral Projection's square
    serves one spell only, the first cast at a wizard p does not see itself (our ruling:
    a spell p could aim without it does not use it up). Visionstone is never used up."""
    if (s.bend[b] == 0 and s.eye[b] < 0) or q == p or q < 0:
        return
    fog = spell_on(s, t, b, E_FOG, -1) >= 0
    c = s.pos[b, q]
    if in_sight(s, t, b, geo, s.pos[b, p], c, 1 << s.colour[b, p], fog):
        return
    way = extra_sight(s, t, b, geo, p, c, fog)
    if way == SEE_BENT:
        s.bend[b] = 0
        log(s, b, EV_SIGHT, SEE_BENT, -1, 1)
    elif way == SEE_ASTRAL:
        log(s, b, EV_SIGHT, SEE_ASTRAL, s.eye[b], 1)
        s.eye[b] = -1


@njit(cache=True)
def sight_options(s, t, b, geo, p, i, e, fog, cseen):
    """Options of Around the Corner and Astral Projection (card i, effect e) in seat p's hand, as
    O_NEUTRAL rows (x = p). Around the Corner: once, while no bend is readied. Astral Projection
    (a smaller set): the empty squares within 3 steps on the map (walls ignored, no link; bases
    left out as for Stone Block) from which p would see a living wizard its spells do not reach
    now (``cseen``: :func:`spell_seen`), while no such square is readied."""
    if e == E_AROUND_THE_CORNER:
        if s.bend[b] == 0:
            add_opt(s, b, O_NEUTRAL, i, p, -1, 0)
        return
    if e == E_WALLIVORE or e == E_PASS_THROUGH_WALL:
        wall_side_options(s, b, geo, p, i, e)
        return
    if e == E_CREATE_DOOR or e == E_SEAL_DOOR:
        walls_options(s, t, b, geo, p, i, e)  # as Create Wall's, at their sites (creation_site)
        return
    if e == E_ROTATE_SECTOR:
        # any sector (range anywhere, A-24), 90 degrees clockwise, 180, or 90 counter-clockwise
        # (z = slot * 4 + clockwise quarter turns)
        H, W = geo.sq_of.shape
        for r in range(0, H, 5):
            for c in range(0, W, 5):
                if geo.sq_of[r, c] >= 0:
                    for k in range(1, 4):
                        add_opt(s, b, O_NEUTRAL, i, p, -1, ((r // 5) * (W // 5) + c // 5) * 4 + k)
        return
    if s.eye[b] >= 0:
        return
    bit = 1 << s.colour[b, p]
    for m in teleport_squares(geo, s.pos[b, p], 3):
        if not empty_square(s, t, b, m):
            continue
        for q in range(s.players[b]):
            if q != p and s.alive[b, q] and cseen[q] == 0 and in_sight(s, t, b, geo, m, s.pos[b, q], bit, fog):
                add_opt(s, b, O_NEUTRAL, i, p, -1, m)
                break


@njit(cache=True)
def wall_side_options(s, b, geo, p, i, e):
    """Options of Wallivore and Pass Through Wall (card i, effect e) for seat p: the stone walls
    (drawn or created; never outer walls, R125, nor doors) on the sides of its square, z = the
    side. Pass Through Wall also needs a square beyond that is not filled and a wizard free to
    move (not after Teleport, R141 a stunned wizard that attacked)."""
    me = s.pos[b, p]
    for d in range(4):
        f = geo.edge[me, d]
        v = geo.nbr[me, d]
        if (s.edge_kind[b, f] & KIND) != _WALL or v < 0:
            continue
        if e == E_PASS_THROUGH_WALL and (s.fill[b, v] or s.no_move[b] or (s.stunned[b] == 1 and s.attacked[b] == 1)):
            continue
        add_opt(s, b, O_NEUTRAL, i, p, -1, d)


@njit(cache=True)
def door_site(s, b, geo, f):
    """Create Door may stand on border f (card text): a border line between two squares of the map
    that is open or a stone wall (drawn or created; no other kind of wall, no door, not a side of
    a filled square)."""
    k = s.edge_kind[b, f]
    return geo.edge_inner[f] != 0 and (k == 0 or k == _WALL)


@njit(cache=True)
def creation_site(s, b, geo, e, f):
    """Border f is a target of Create Wall (``buildable``), Create Door (``door_site``) or Seal
    Door (a door not sealed yet), card effect e."""
    if e == E_CREATE_DOOR:
        return door_site(s, b, geo, f)
    if e == E_SEAL_DOOR:
        return s.edge_kind[b, f] == DOOR
    return buildable(s, b, geo, f)


@njit(cache=True)
def seal_door(s, t, b, p, i, f):
    """Seal Door (card text; checklist 2.2: a permanent maintained spell, A-24): door f gets the
    SEALED bit while spell i lies in front of its caster: nobody opens, unlocks or passes it, its
    owner neither (A-35), not even a Mist Body; it can still be destroyed (Destroy Wall). The
    spell affects its caster for Dispel's sight (A-33 names the door: a smaller reach)."""
    if s.edge_kind[b, f] != DOOR:
        return False
    s.edge_kind[b, f] = DOOR | S.SEALED
    begin_spell(s, t, b, p, i, p, 1)
    s.m_border[b, i] = f
    log(s, b, EV_SEAL, f, 1, 0)
    return True


@njit(cache=True)
def unseal(s, t, b, i):
    """Maintained spell i ends: if it is a Seal Door still on its door, the seal goes (R89)."""
    f = s.m_border[b, i]
    s.m_border[b, i] = -1
    if f >= 0 and t.card_effect[s.inst_card[b, i]] == E_SEAL_DOOR and (s.edge_kind[b, f] & S.SEALED):
        s.edge_kind[b, f] = s.edge_kind[b, f] & ~S.SEALED
        log(s, b, EV_SEAL, f, 0, 0)


@njit(cache=True)
def create_door(s, b, geo, p, f):
    """Create Door (card text; a permanent creation, checklist 2.2): border f becomes a door open to
    the caster's colour only, as a door of its own sector (R46): locked for every other wizard. A
    stone wall it replaces is gone (a created one with it); columns stay (a door has them, A-13)."""
    if not door_site(s, b, geo, f):
        return False
    s.edge_kind[b, f] = DOOR
    s.crack[b, f] = 0  # a new door: the stone wall's cracks are gone with it
    s.edge_doors[b, f] = 1 << s.colour[b, p]
    s.wall_by[b, f] = -1
    border_changed(s, b, geo, f)
    log(s, b, EV_DOOR_MADE, f, s.colour[b, p], 0)
    return True


@njit(cache=True)
def wallivore(s, b, geo, p, d):
    """Wallivore (card text; A-24: a wall bordering one's square): the stone wall on side d of
    seat p's square is eaten (gone, as Destroy Wall leaves it: a Stone Block's bit stays, the
    columns are rebuilt, R127), then p gains 2 life (up to 20, R152). No effect if the wall is
    gone by then."""
    f = geo.edge[s.pos[b, p], d]
    if (s.edge_kind[b, f] & KIND) != _WALL:
        return False
    s.edge_kind[b, f] = s.edge_kind[b, f] & (FILLED | SIGHT_ONLY)  # a filler's bits stay (a bush's too)
    s.wall_by[b, f] = -1
    s.crack[b, f] = 0  # its cracks go with it (R126)
    border_changed(s, b, geo, f)
    s.life[b, p] = min(MAX_LIFE, s.life[b, p] + 2)
    log(s, b, EV_EAT, f, s.life[b, p], 0)
    return True


@njit(cache=True)
def sight_effect(s, t, b, geo, p, i, e, z):
    """Around the Corner readies a bend, Astral Projection its square ``z``, for one spell of this
    turn (our ruling: a standing effect until a spell uses it or the turn ends); Rotate Sector
    turns the sector of slot z // 4 by z % 4 clockwise quarter turns (``rotation.py``). False for
    other effects."""
    if e == E_CREATE_DOOR:
        if not create_door(s, b, geo, p, z):
            log(s, b, EV_NO_EFFECT, 0, p, 0)
    elif e == E_SEAL_DOOR:
        if not seal_door(s, t, b, p, i, z):
            log(s, b, EV_NO_EFFECT, 0, p, 0)
    elif e == E_WALLIVORE:
        if not wallivore(s, b, geo, p, z):
            log(s, b, EV_NO_EFFECT, 0, p, 0)
    elif e == E_PASS_THROUGH_WALL:
        # Pass Through Wall: across the wall on side z once, its effects ignored; moving, but no
        # movement point spent (the spell carries the wizard; our ruling)
        v = geo.nbr[s.pos[b, p], z]
        if v >= 0 and s.fill[b, v] == 0:
            geo_self_move(s, b, p, v, False)
    elif e == E_ROTATE_SECTOR:
        slot = z // 4
        W = geo.sq_of.shape[1] // 5
        log(s, b, EV_ROTATE, slot, z % 4, slot_colour(s, t, b, (slot // W) * 5, (slot % W) * 5))
        rotate_sector(s, t, b, geo, slot, z % 4)
    elif e == E_AROUND_THE_CORNER:
        s.bend[b] = 1
        log(s, b, EV_SIGHT, SEE_BENT, -1, 0)
    elif e == E_ASTRAL_PROJECTION:
        s.eye[b] = z
        log(s, b, EV_SIGHT, SEE_ASTRAL, z, 0)
    else:
        return False
    return True


# --- objects cards ---
# Cracks (R122-R127): attacks on walls, doors and Stone Blocks, and the cards about objects. A
# target is a border e (a wall or door, >= 0) or a filled square sq written -1 - sq (OBJ_* say
# how it is hit; option O_OBJECT). Every 3 damage of one attack make a crack, the rest is lost
# (R123); a wall goes at 5 cracks, a door at 3 (R124), a Stone Block at 8 (its card).

OBJ_SPELL, OBJ_PUNCH, OBJ_THROW, OBJ_SOLVENT, OBJ_BLADE = 0, 1, 2, 3, 4


@njit(cache=True)
def objects_setup(s, b):
    """No cracks and no Wall of Fire at the start of a game."""
    s.crack[b] = 0
    s.fill_crack[b] = 0
    s.fire_by[b] = -1
    s.glue_tr[b] = -1
    s.glue_item[b] = -1
    s.trap_by[b] = -1
    s.trap_real[b] = 0


@njit(cache=True)
def object_damage(t, e, energy):
    """Damage an attack spell (effect e) or thrown item does to an object, or 0 if it does none
    there: the damage spells at their energy (Brain Burn and Acid Bath hurt wizards only, and the
    bolts and Mental Force move along their own paths); Large Rock 2, a stone spike 3, Boomstone 4."""
    if e == E_ZOT or e == E_STONE_DEAD or e == E_FIRE_DARTS:
        return energy  # Stone Dead: a wall carries no stones; Fire Darts: all darts are one attack
    if e == E_FIREBALL:
        return 5
    if e == E_POWERTHRUST:
        return energy + 2
    if e == E_KA_BONG:
        return 4
    if e == E_LARGE_ROCK:
        return 2
    if e == E_STONE_SPIKES:
        return 3
    if e == E_BOOMSTONE:
        return 4
    return 0


@njit(cache=True)
def cracks_of(s, t, b, p, dmg, blade=False):
    """Cracks that ``dmg`` damage of one attack by seat p makes: one per 3 (R123), one per point
    while p's Shatter lasts or with a Wizardblade (``blade``; each card's text)."""
    return _cracks(dmg, blade or spell_on(s, t, b, E_SHATTER, p) >= 0)


@njit(cache=True)
def _cracks(dmg, per_point):
    """Cracks that ``dmg`` damage makes: one per 3 (R123), or one per point (``per_point``:
    Shatter lasts, or a Wizardblade's blow)."""
    return dmg if per_point else dmg // 3


@njit(cache=True)
def hit_count(s, t, b, p, x, e, dmg):
    """Cracks that ``dmg`` damage of seat p's spell or thrown item (effect e) makes on target x
    (:func:`cracks_of`); fire damage (Fireball, Fire Darts, Boomstone) of 1 or more destroys a
    bush (their cards: 1 crack or 1 fire damage)."""
    return _hits(s, b, x, e, dmg, spell_on(s, t, b, E_SHATTER, p) >= 0)


@njit(cache=True)
def _hits(s, b, x, e, dmg, shatter):
    """:func:`hit_count` with ``shatter`` (the attacker's Shatter lasts) looked up by the caller:
    the option listing asks for every target and card, and the lookup scans the maintained
    spells."""
    n = _cracks(dmg, shatter)
    fire = e == E_FIREBALL or e == E_FIRE_DARTS or e == E_BOOMSTONE
    if fire and dmg > 0 and x < 0 and s.fill[b, -1 - x] >= S.FILL_ROSE:
        return max(n, 1)
    return n


@njit(cache=True)
def destroy_object(s, b, geo, x):
    """Target x is destroyed (R126): a wall or door becomes an open border (a Stone Block's bit
    stays) and bare columns go (R127, A-13); a Stone Block or bush leaves its square empty (its
    bit stays on a side shared with another filler of the same bit)."""
    if x >= 0:
        s.edge_kind[b, x] = s.edge_kind[b, x] & ~(KIND | S.SEALED)  # a filler's bits stay; a seal goes
        s.wall_by[b, x] = -1
        s.crack[b, x] = 0
        border_changed(s, b, geo, x)
        log(s, b, EV_WALL_GONE, x, 0, 0)
        return
    q = -1 - x
    bits = fill_bits(s.fill[b, q])
    s.fill[b, q] = 0
    s.fill_crack[b, q] = 0
    for d in range(4):
        f = geo.edge[q, d]
        v = geo.nbr[q, d]
        if not (v >= 0 and fill_bits(s.fill[b, v]) == bits and geo.edge[v, geo.arrive[q, d]] == f):
            s.edge_kind[b, f] = s.edge_kind[b, f] & ~bits
            border_changed(s, b, geo, f)
    log(s, b, EV_OBJECT_GONE, q, 0, 0)


@njit(cache=True)
def crack_object(s, b, geo, x, n):
    """``n`` cracks on target x (R123); at its limit it is destroyed (R124). Outer walls and
    other indestructible things take none (R125). True if destroyed."""
    lim = S.crack_limit(s, b, x)
    if lim == 0 or n <= 0:
        log(s, b, EV_CRACK, x, 0, 0)
        return False
    if x >= 0:
        c = min(np.int64(s.crack[b, x]) + n, lim)
        s.crack[b, x] = c
    else:
        c = min(np.int64(s.fill_crack[b, -1 - x]) + n, lim)
        s.fill_crack[b, -1 - x] = c
    log(s, b, EV_CRACK, x, n, c)
    if c >= lim:
        destroy_object(s, b, geo, x)
        return True
    return False


@njit(cache=True)
def object_in_reach(s, b, geo, me, x, bit, near, fog):
    """Target x can be aimed at from square ``me``: with ``near`` (a punch) a border on a side
    of ``me`` or a block on a square across an open side (R69: adjacent); else in sight (R76: the
    line runs to a border's midpoint; a block is seen by seeing one of its sides, A-36); under Fog
    (A-32) only what a punch reaches."""
    if x >= 0:
        if near or fog:
            return touches(geo, me, x)
        return sees_border(geo, me, x, bit)
    q = -1 - x
    for d in range(4):
        if near or fog:
            if geo.nbr[me, d] == q and (s.edge_kind[b, geo.edge[me, d]] & KIND) == 0:
                return True
        elif sees_border(geo, me, geo.edge[q, d], bit):
            return True
    return False


@njit(cache=True)
def objects_options(s, t, b, geo, p, fog):
    """Options of this block for the active seat p (appended by :func:`enumerate_options`), as
    O_OBJECT rows, at the walls, doors (not outer walls, R125) and Stone Blocks on and around the
    squares of the 3 x 3 block around p (:func:`window_borders`; a documented smaller set): a
    damage attack spell (unboosted, and boosted with the hand's highest energy card), a throw
    (Boomstone, Large Rock, a stone spike) in sight, or a punch at what is adjacent (A-28), each
    only when it would make a crack (the others are legal and change nothing); and throwing a
    carried Universal Solvent, which is no attack. Also Shatter (on oneself, unboosted or with
    one energy card for a longer spell). Targets the bot's view could never want to hit are left
    out (``bots.aims_wanted``)."""
    me = s.pos[b, p]
    bit = 1 << s.colour[b, p]
    h = hand_of(p)
    nh = s.cont_n[b, h]
    ci = items_of(p)
    tacks_options(s, t, b, geo, p)
    for k in range(nh):
        i = s.cont[b, h, k]
        if t.card_effect[s.inst_card[b, i]] == E_GLUE:
            glue_options(s, t, b, geo, p, i, fog)
        if t.card_effect[s.inst_card[b, i]] == E_BOOBY_TRAP:
            add_opt(s, b, O_NEUTRAL, i, p, -1, 0)  # range anywhere: the bot lays the tokens
        if creation(t.card_effect[s.inst_card[b, i]]):
            walls_options(s, t, b, geo, p, i, t.card_effect[s.inst_card[b, i]])  # as Stone Block's squares
        if t.card_effect[s.inst_card[b, i]] == E_SHATTER:
            add_opt(s, b, O_NEUTRAL, i, p, -1, 0)  # on oneself; its energy is its duration (R83)
            for k2 in range(nh):
                i2 = s.cont[b, h, k2]
                if i2 != i and t.card_energy[s.inst_card[b, i2]] > 0:
                    add_opt(s, b, O_NEUTRAL, i, p, i2, 0)
    near, nn = window_borders(geo, me)
    fire_options(s, t, b, geo, p, fog, near, nn)
    tg = s.aims[b]  # nn + 9 at most
    ntg = 0
    if BT.aims_possible(s, b, geo, p):  # else nothing here could shorten the bot's walk enough
        for m in range(nn):
            if S.crack_limit(s, b, near[m]) > 0:
                tg[ntg] = near[m]
                ntg += 1
        win, nw = window_squares(geo, me)
        for m in range(nw):
            if S.crack_limit(s, b, -1 - win[m]) > 0:
                tg[ntg] = -1 - win[m]
                ntg += 1
    solvent = -1
    for k in range(s.cont_n[b, ci]):
        if t.card_effect[s.inst_card[b, s.cont[b, ci, k]]] == E_UNIVERSAL_SOLVENT:
            solvent = s.cont[b, ci, k]
    attack = can_attack(s, b, p) and spell_on(s, t, b, E_MIST_BODY, p) < 0
    flood = spell_on(s, t, b, E_FLOOD, -1) >= 0
    top = -1  # the hand's card with the highest energy value (the one boost listed)
    for k in range(nh):
        i = s.cont[b, h, k]
        v = t.card_energy[s.inst_card[b, i]]
        if v > 0 and (top < 0 or v > t.card_energy[s.inst_card[b, top]]):
            top = i
    spikes = spell_on(s, t, b, E_STONE_SPIKES, p)
    shatter = spell_on(s, t, b, E_SHATTER, p) >= 0  # cracks_of's lookup, once for every target
    punch = 1 + 4 * carried(s, t, b, p, E_MIGHTSTONE)  # a Mightstone can roll a 4 (R57)
    blade = -1
    for k in range(s.cont_n[b, ci]):
        if t.card_effect[s.inst_card[b, s.cont[b, ci, k]]] == E_WIZARDBLADE:
            blade = s.cont[b, ci, k]
    if blade >= 0 and attack:
        blade_options(s, t, b, geo, p, blade, 0, False)
    # sight is asked only when something could be aimed by it (the Solvent, a throw, a spike, an
    # attack spell), and then per target only at the first option that needs it (_object_seen):
    # it is the costliest test here and a pure function, so games are unchanged
    ranged = solvent >= 0 or (attack and spikes >= 0)
    if attack and not ranged:
        for k in range(s.cont_n[b, ci]):
            e = t.card_effect[s.inst_card[b, s.cont[b, ci, k]]]
            if e == E_LARGE_ROCK or e == E_BOOMSTONE:
                ranged = True
        for k in range(nh):
            card = s.inst_card[b, s.cont[b, h, k]]
            if t.card_type[card] == T_ATTACK and not (flood and t.card_fire[card]):
                ranged = True
    ntg = BT.aims_wanted(s, t, b, geo, p, tg, ntg)  # what the bot could never take is left out
    for m in range(ntg):
        x = tg[m]
        # seen: 1 or 0 once asked, -1 before; asked at the first option that needs it, so a
        # target no throw or spell would crack costs no sight test (the same options, in order)
        seen = -1
        if ranged and solvent >= 0:
            seen = _object_seen(s, b, geo, me, x, bit, fog, seen)
            if seen == 1:
                add_opt(s, b, O_OBJECT, solvent, x, -1, OBJ_SOLVENT)
        if not attack:
            continue
        if object_in_reach(s, b, geo, me, x, bit, True, fog):
            if _cracks(punch, shatter) > 0:
                add_opt(s, b, O_OBJECT, -1, x, -1, OBJ_PUNCH)
            if blade >= 0:
                blade_options(s, t, b, geo, p, blade, x, True)
        if not ranged:
            continue
        for k in range(s.cont_n[b, ci]):
            i = s.cont[b, ci, k]
            e = t.card_effect[s.inst_card[b, i]]
            if (e == E_LARGE_ROCK or e == E_BOOMSTONE) and _hits(s, b, x, e, object_damage(t, e, 0), shatter) > 0:
                seen = _object_seen(s, b, geo, me, x, bit, fog, seen)
                if seen == 1:
                    add_opt(s, b, O_OBJECT, i, x, -1, OBJ_THROW)
        if spikes >= 0 and _hits(s, b, x, E_STONE_SPIKES, 3, shatter) > 0:
            seen = _object_seen(s, b, geo, me, x, bit, fog, seen)
            if seen == 1:
                add_opt(s, b, O_OBJECT, spikes, x, -1, OBJ_THROW)
        for k in range(nh):
            i = s.cont[b, h, k]
            card = s.inst_card[b, i]
            e = t.card_effect[card]
            if t.card_type[card] != T_ATTACK or (flood and t.card_fire[card]):
                continue
            if _hits(s, b, x, e, object_damage(t, e, 1), shatter) > 0:
                seen = _object_seen(s, b, geo, me, x, bit, fog, seen)
                if seen == 1:
                    add_opt(s, b, O_OBJECT, i, x, -1, OBJ_SPELL)
            if top >= 0 and top != i and uses_energy(e) and \
                    _hits(s, b, x, e, object_damage(t, e, t.card_energy[s.inst_card[b, top]]), shatter) > 0:
                seen = _object_seen(s, b, geo, me, x, bit, fog, seen)
                if seen == 1:
                    add_opt(s, b, O_OBJECT, i, x, top, OBJ_SPELL)


@njit(cache=True)
def _object_seen(s, b, geo, me, x, bit, fog, seen):
    """``seen`` if already asked (0 or 1), else whether target x is in sight from ``me`` (1 or 0)
    for an aimed throw, spell or Solvent (:func:`object_in_reach`)."""
    if seen >= 0:
        return seen
    return 1 if object_in_reach(s, b, geo, me, x, bit, False, fog) else 0


@njit(cache=True)
def blade_options(s, t, b, geo, p, blade, x, at_object):
    """Wizardblade's attacks (its card; range adjacent, A-24): at object x (``at_object``;
    O_OBJECT) or else at every attackable wizard on the wizard's square or an adjacent one
    (O_BLADE); one row per hand card with an energy value to discard for the damage."""
    h = hand_of(p)
    me = s.pos[b, p]
    for k in range(s.cont_n[b, h]):
        c = s.cont[b, h, k]
        if t.card_energy[s.inst_card[b, c]] <= 0:
            continue
        if at_object:
            add_opt(s, b, O_OBJECT, blade, x, c, OBJ_BLADE)
            continue
        for q in range(s.players[b]):
            if q != p and attackable(s, t, b, q) and adjacent(geo, me, s.pos[b, q], 1 << s.colour[b, p]):
                add_opt(s, b, O_BLADE, blade, q, c, 0)


@njit(cache=True)
def blade_attack(s, t, b, p, a, q, c, prm):
    """Seat p attacks wizard q with its Wizardblade a (its turn's attack, R49), discarding hand
    card c: magical damage equal to c's printed energy value (its card). A weapon, not a spell:
    only damage counters (Shield) and attack reactions (Pain Link, Flood) answer it."""
    s.attacked[b] = 1
    s.seat[b, p, S.S_ATTACKS] += 1
    s.card[b, p, s.inst_card[b, a], S.C_PLAYED] += 1
    dmg = np.int64(t.card_energy[s.inst_card[b, c]])
    discard(s, b, c)
    s.card[b, p, s.inst_card[b, c], S.C_ENERGY] += 1
    log(s, b, EV_BLADE, q, s.inst_card[b, c], dmg)
    if attacked_window(s, t, b, p, q, dmg, 0, prm):
        return
    deal_damage(s, t, b, p, q, dmg, 0, prm)


@njit(cache=True)
def objects_neutral(s, t, b, geo, p, i, e, energy, z):
    """The neutral spells of this block, cast by seat p and not negated: Shatter (a temporary
    spell on oneself lasting ``energy`` of p's turns, R83); Wall of Fire on border z (a
    permanent spell of the whole board, affecting no one wizard: m_target -1), if the border is
    still free."""
    if e == E_SHATTER:
        begin_spell(s, t, b, p, i, p, energy)
    elif e == E_BOOBY_TRAP:
        booby_trap(s, t, b, p, i)
    elif e == E_GLUE:
        glue(s, t, b, p, i, energy, z)
    elif e == E_ROSEBUSH or e == E_THORNBUSH or e == E_DUST_CLOUD:
        f = S.FILL_ROSE if e == E_ROSEBUSH else (S.FILL_THORN if e == E_THORNBUSH else S.FILL_DUST)
        if not plant(s, t, b, geo, z, f):
            log(s, b, EV_NO_EFFECT, s.inst_card[b, i], 0, 0)
    elif e == E_WALL_OF_FIRE:
        if not fire_free(s, b, geo, z):
            log(s, b, EV_NO_EFFECT, s.inst_card[b, i], 0, 0)
            return
        for f in range(s.fire_by.shape[1]):
            if s.fire_by[b, f] == i:
                s.fire_by[b, f] = -1  # this instance burned there before: that wall is long gone
        s.fire_by[b, z] = i
        begin_spell(s, t, b, p, i, -1, 1)
        log(s, b, EV_FIRE_MADE, z, 0, 0)


@njit(cache=True)
def glue_options(s, t, b, geo, p, i, fog):
    """Glue's options (O_NEUTRAL, z = a treasure k, or NTR + an item instance): every treasure
    lying on the board and every dropped item on a square in sight (R76; its card: never a
    carried one), unboosted or boosted with the hand's highest energy card (its energy is its
    duration, R83; a smaller set)."""
    me = s.pos[b, p]
    bit = 1 << s.colour[b, p]
    h = hand_of(p)
    top = -1
    for k in range(s.cont_n[b, h]):
        c = s.cont[b, h, k]
        v = t.card_energy[s.inst_card[b, c]]
        if c != i and v > 0 and (top < 0 or v > t.card_energy[s.inst_card[b, top]]):
            top = c
    for j in range(2 * s.players[b] + s.cont_n[b, Z_FLOOR]):
        if j < 2 * s.players[b]:
            sq = s.tr_sq[b, j]
            z = j
            held = s.glue_tr[b, j]
        else:
            it = s.cont[b, Z_FLOOR, j - 2 * s.players[b]]
            sq = s.c_sq[b, it]
            z = NTR + it
            held = s.glue_item[b, it]
        if sq < 0 or S.maintained(s, b, held) or not in_sight(s, t, b, geo, me, sq, bit, fog):
            continue
        add_opt(s, b, O_NEUTRAL, i, p, -1, z)
        if top >= 0:
            add_opt(s, b, O_NEUTRAL, i, p, top, z)


@njit(cache=True)
def glue(s, t, b, p, i, energy, z):
    """Glue (its card) on treasure z (< NTR) or dropped item z - NTR, if still lying there: a
    temporary spell of the whole board (m_target -1) that keeps it from being picked up while it
    lasts (``state.maintained``); other ways of moving objects are not built."""
    if z < NTR:
        if s.tr_carrier[b, z] >= 0:
            log(s, b, EV_NO_EFFECT, s.inst_card[b, i], 0, 0)
            return
        s.glue_tr[b, z] = i
    else:
        if s.c_cont[b, z - NTR] != Z_FLOOR:
            log(s, b, EV_NO_EFFECT, s.inst_card[b, i], 0, 0)
            return
        s.glue_item[b, z - NTR] = i
    begin_spell(s, t, b, p, i, -1, energy)
    log(s, b, EV_GLUE, z, 0, 0)


@njit(cache=True)
def creation(e):
    """The square-filling creations of this block: Rosebush, Thornbush, Dust Cloud."""
    return e == E_ROSEBUSH or e == E_THORNBUSH or e == E_DUST_CLOUD


@njit(cache=True)
def plant(s, t, b, geo, q, f):
    """A Rosebush, Thornbush or Dust Cloud (filler kind f) fills empty square q (R130; their
    cards): sight stops at its sides both ways (the SIGHT_ONLY bit, so columns stand on its
    corners as for a Stone Block), steps pass. It stays until destroyed (as Stone Block: the
    card is discarded; a Dust Cloud has no crack limit, R125)."""
    if not empty_square(s, t, b, q):
        return False
    s.fill[b, q] = f
    for d in range(4):
        e = geo.edge[q, d]
        s.edge_kind[b, e] = s.edge_kind[b, e] | SIGHT_ONLY
        border_changed(s, b, geo, e)
    log(s, b, EV_BUSH, q, f, 0)
    return True


@njit(cache=True)
def objects_entered(s, t, b, p, prm):
    """Seat p has just stepped into its square: a Rosebush there deals 3 physical damage; a
    Thornbush ends its Move and Cast phase (A-18), deals 1 physical damage and a stun token
    (their cards: no attack and no evasion, so no kill point, R158)."""
    q = s.pos[b, p]
    f = s.fill[b, q]
    sprung(s, t, b, p, q, prm)
    if not s.alive[b, p]:
        return
    if f == S.FILL_ROSE or f == S.FILL_TACKS:
        log(s, b, EV_BUSH_HURTS, p, q, 3)
        hurt(s, t, b, -1, p, 3, prm)
    elif f == S.FILL_THORN:
        s.mc_over[b] = 1
        log(s, b, EV_BUSH_HURTS, p, q, 1)
        hurt(s, t, b, -1, p, 1, prm)
        if s.alive[b, p]:
            s.stun[b, p] += 1
            log(s, b, EV_STUN, p, 1, 0)


@njit(cache=True)
def dust_roll(s, b, geo, p, mbit):
    """Seat p tries to leave its Dust Cloud (its card, E15): a d4 picks the side (the random
    direction, L8); if a wall or closed door stands there the wizard bumps into it: 1 MP spent
    and it stays (-1). Otherwise the side, stepped as usual."""
    d = randbelow(s.rng, b, RS_DICE, 4)
    me = s.pos[b, p]
    ok = step_unlocked(geo, me, d, mbit, s.unlocked[b]) >= 0
    log(s, b, EV_DUST, d, 0 if ok else 1, 0)
    if ok:
        return d
    s.mp[b] -= 1
    s.moved[b] = 1
    return -1


@njit(cache=True)
def permanent_spell(e):
    """Maintained spells that lose no energy token in Time Passes (R83): Wall of Fire, Booby
    Trap."""
    return e == E_WALL_OF_FIRE or e == E_BOOBY_TRAP


@njit(cache=True)
def booby_trap(s, t, b, p, i):
    """Booby Trap (its card): its caster's bot lays 4 tokens on 4 different empty squares, one of
    them real (``bots.trap_squares``; range anywhere), and the spell is maintained, permanent,
    affecting no one wizard (m_target -1). Tokens of an earlier cast of this instance are gone."""
    for q in range(s.trap_by.shape[1]):
        if s.trap_by[b, q] == i:
            s.trap_by[b, q] = -1
            s.trap_real[b, q] = 0
    sqs = BT.trap_squares(s, t, b, geo_of(s, t, b), p)
    if sqs[0] < 0:
        log(s, b, EV_NO_EFFECT, s.inst_card[b, i], 0, 0)
        discard(s, b, i)
        return
    for k in range(4):
        if sqs[k] >= 0:
            s.trap_by[b, sqs[k]] = i
            s.trap_real[b, sqs[k]] = 1 if k == 0 else 0
            log(s, b, EV_TRAP, sqs[k], 0, 0)
    begin_spell(s, t, b, p, i, -1, 1)


@njit(cache=True)
def sprung(s, t, b, p, q, prm):
    """Seat p has entered square q: a token of another seat's Booby Trap lying there is turned
    up (its card): the real one deals 4 magical damage (no attack, R158) and the spell ends with
    all its tokens; a blank one is discarded."""
    i = s.trap_by[b, q]
    if i < 0 or not S.maintained(s, b, i) or s.c_cont[b, i] == maint_of(p):
        return
    if s.trap_real[b, q] == 0:
        s.trap_by[b, q] = -1
        log(s, b, EV_TRAP, q, 1, 0)
        return
    log(s, b, EV_TRAP, q, 2, p)
    for v in range(s.trap_by.shape[1]):
        if s.trap_by[b, v] == i:
            s.trap_by[b, v] = -1
            s.trap_real[b, v] = 0
    end_spell(s, t, b, i, WHY_ENDED)
    hurt(s, t, b, -1, p, 4, prm)


@njit(cache=True)
def fire_free(s, b, geo, e):
    """Wall of Fire may stand on border e: a border line between two squares of the map with no
    wall, door, block side or Wall of Fire on it (its card; R135, R136); links at the map's edge
    are left out, as for Create Wall."""
    return geo.edge_inner[e] != 0 and s.edge_kind[b, e] == 0 and not S.fire_on(s, b, e)


@njit(cache=True)
def fire_options(s, t, b, geo, p, fog, near, nn):
    """Wall of Fire's options (O_NEUTRAL, z = the border): the free borders among ``near`` (the
    3 x 3 window, :func:`window_borders`; a smaller set) in sight of their midpoint (R76; under
    Fog a side of one's own square, A-32). Not while Flood lasts (a Fire spell). Its other use,
    a counter to a Water spell, is not offered (a smaller set)."""
    if spell_on(s, t, b, E_FLOOD, -1) >= 0:
        return
    me = s.pos[b, p]
    bit = 1 << s.colour[b, p]
    h = hand_of(p)
    for k in range(s.cont_n[b, h]):
        i = s.cont[b, h, k]
        if t.card_effect[s.inst_card[b, i]] != E_WALL_OF_FIRE:
            continue
        for m in range(nn):
            f = near[m]
            if fire_free(s, b, geo, f) and object_in_reach(s, b, geo, me, f, bit, False, fog):
                add_opt(s, b, O_NEUTRAL, i, p, -1, f)
        return  # one copy lists every use


@njit(cache=True)
def through_fire(s, t, b, geo, p, src, d, prm):
    """Seat p has just stepped from ``src`` across side d: a Wall of Fire there burns it for 4
    magical fire damage (its card; no attack and no evasion, so nobody scores a kill, R158, A-5),
    which destroys its Magic Stones (R98)."""
    e = S.crossed_fire(s, b, geo, src, d)
    if e < 0:
        return
    log(s, b, EV_FIRE_BURNS, p, e, 4)
    if hurt(s, t, b, -1, p, 4, prm) > 0 and s.alive[b, p]:
        burn_stones(s, t, b, p, prm)


@njit(cache=True)
def end_fire_walls(s, t, b):
    """Water ends every Wall of Fire (Flood; R96: Water ends Fire spells) and washes away every
    dropped Handful of Tacks (its card)."""
    for e in range(s.fire_by.shape[1]):
        if S.fire_on(s, b, e):
            end_spell(s, t, b, s.fire_by[b, e], WHY_WATER)
            s.fire_by[b, e] = -1
    k = 0
    while k < s.cont_n[b, Z_FLOOR]:
        i = s.cont[b, Z_FLOOR, k]
        if t.card_effect[s.inst_card[b, i]] == E_HANDFUL_OF_TACKS and s.fill[b, s.c_sq[b, i]] == S.FILL_TACKS:
            log(s, b, EV_FLOOD, s.inst_card[b, i], -1, 0)
            s.fill[b, s.c_sq[b, i]] = 0
            discard(s, b, i)
        else:
            k += 1


@njit(cache=True)
def pickable(s, t, b, i):
    """Dropped item i may be picked up (R106): not glued (Glue's card), and not a Handful of
    Tacks filling its square (its card: collected only by a whole Move and Cast next to it)."""
    if S.maintained(s, b, s.glue_item[b, i]):
        return False
    return not (t.card_effect[s.inst_card[b, i]] == E_HANDFUL_OF_TACKS and s.fill[b, s.c_sq[b, i]] == S.FILL_TACKS)


@njit(cache=True)
def tacks_options(s, t, b, geo, p):
    """Handful of Tacks' options (O_TACKS): drop a carried one on an empty square adjacent to the
    wizard (its card: "dropped in 1 empty square"; our reading: a square in adjacent range, R69;
    R130's empty square), or, before anything else this Move and Cast (``acted``), collect one
    lying on an adjacent square (the whole phase)."""
    me = s.pos[b, p]
    bit = 1 << s.colour[b, p]
    ci = items_of(p)
    for k in range(s.cont_n[b, ci]):
        i = s.cont[b, ci, k]
        if t.card_effect[s.inst_card[b, i]] != E_HANDFUL_OF_TACKS:
            continue
        for d in range(4):
            v = geo.nbr[me, d]
            if v >= 0 and empty_square(s, t, b, v) and adjacent(geo, me, v, bit):
                add_opt(s, b, O_TACKS, i, 0, 0, v)
    if s.acted[b] == 0:
        for k in range(s.cont_n[b, Z_FLOOR]):
            i = s.cont[b, Z_FLOOR, k]
            v = s.c_sq[b, i]
            if t.card_effect[s.inst_card[b, i]] == E_HANDFUL_OF_TACKS and s.fill[b, v] == S.FILL_TACKS \
                    and v != me and adjacent(geo, me, v, bit) and not S.maintained(s, b, s.glue_item[b, i]):
                add_opt(s, b, O_TACKS, i, 1, 0, v)


@njit(cache=True)
def tacks(s, t, b, p, i, collect, q, prm):
    """Seat p drops its Handful of Tacks i on square q, which they fill (entering it costs 3
    physical damage, :func:`entered`), or collects them back (its Move and Cast ends)."""
    if collect:
        s.fill[b, q] = 0
        s.card[b, p, s.inst_card[b, i], S.C_ACQ] += 1
        log(s, b, EV_TACKS, q, 1, 0)
        gain_item(s, t, b, p, i)
        s.mc_over[b] = 1
        discard_to_limit(s, t, b, p, prm[p])
    else:
        s.card[b, p, s.inst_card[b, i], S.C_PLAYED] += 1
        log(s, b, EV_TACKS, q, 0, 0)
        lose_item(s, t, b, p, i, q, prm[p], True)
        s.fill[b, q] = S.FILL_TACKS


@njit(cache=True)
def land_before(s, b, geo, me, x, bit):
    """Where a thrown Large Rock lands after hitting target x: the last square it passed (L13),
    taken as the square on the thrower's side that the thrower sees, else the thrower's own."""
    if x >= 0:
        u = geo.edge_sq[x]
        v = geo.nbr[u, geo.edge_side[x]]
        if line_of_sight(geo, me, u, bit):
            return u
        if v >= 0 and line_of_sight(geo, me, v, bit):
            return v
        return me
    q = -1 - x
    for d in range(4):
        v = geo.nbr[q, d]
        if v >= 0 and s.fill[b, v] == 0 and sees_border(geo, me, geo.edge[q, d], bit) \
                and line_of_sight(geo, me, v, bit):
            return v
    return me


@njit(cache=True)
def hit_object(s, t, b, geo, p, a, x, y, how, prm):
    """Seat p hits target x (option O_OBJECT): an attack spell a (boost y), a punch (R57, with
    Mightstone rolls), a throw of carried item a, a Wizardblade a with card y discarded (a crack
    per point, its card), each its turn's attack (R49, A-28; no wizard is
    attacked, so no counter answers it); or Universal Solvent a, which is no attack: the solvent
    and the target are destroyed (its card; never an outer wall or a treasure, R125)."""
    card = -1 if a < 0 else s.inst_card[b, a]
    if how == OBJ_SOLVENT:
        s.card[b, p, card, S.C_PLAYED] += 1
        log(s, b, EV_HIT_OBJECT, card, x, -1)
        lose_item(s, t, b, p, a, -1, prm[p], True)
        if S.crack_limit(s, b, x) > 0:
            destroy_object(s, b, geo, x)
        return
    dmg = 0
    if how == OBJ_SPELL:
        energy = begin_attack_spell(s, t, b, p, a, y)
        dmg = object_damage(t, t.card_effect[card], energy)
    elif how == OBJ_PUNCH:
        s.attacked[b] = 1
        s.seat[b, p, S.S_ATTACKS] += 1
        s.seat[b, p, S.S_PUNCHES] += 1
        dmg = 1
        for _ in range(carried(s, t, b, p, E_MIGHTSTONE)):
            roll = 1 + randbelow(s.rng, b, RS_DICE, 4)
            log(s, b, EV_ROLL, roll, 0, 0)
            dmg += roll
    elif how == OBJ_BLADE:
        s.attacked[b] = 1
        s.seat[b, p, S.S_ATTACKS] += 1
        s.card[b, p, card, S.C_PLAYED] += 1
        dmg = np.int64(t.card_energy[s.inst_card[b, y]])
        discard(s, b, y)
        s.card[b, p, s.inst_card[b, y], S.C_ENERGY] += 1
    else:
        e = t.card_effect[card]
        s.attacked[b] = 1
        s.seat[b, p, S.S_ATTACKS] += 1
        dmg = object_damage(t, e, 0)
        if e != E_STONE_SPIKES:
            s.card[b, p, card, S.C_PLAYED] += 1
        if e == E_LARGE_ROCK:
            lose_item(s, t, b, p, a, land_before(s, b, geo, s.pos[b, p], x, 1 << s.colour[b, p]), prm[p], True)
        elif e == E_BOOMSTONE:
            lose_item(s, t, b, p, a, -1, prm[p], True)
    log(s, b, EV_HIT_OBJECT, card, x, dmg)
    if how == OBJ_BLADE or how == OBJ_PUNCH:
        crack_object(s, b, geo, x, cracks_of(s, t, b, p, dmg, how == OBJ_BLADE))
    else:
        crack_object(s, b, geo, x, hit_count(s, t, b, p, x, t.card_effect[card], dmg))




@njit(cache=True)
def do_option(s, t, b, geo, p, k, prm):
    """Carry out option k of the buffer for the active seat p."""
    kind = s.opt[b, k, 0]
    a = s.opt[b, k, 1]
    x = s.opt[b, k, 2]
    y = s.opt[b, k, 3]
    z = s.opt[b, k, 4]
    s.acted[b] = 1
    if kind == O_STEP and a == S.STEP_RANDOM:
        a = dust_roll(s, b, geo, p, move_bit(s, t, b, p))
        if a < 0:
            return
    if kind == O_STEP:
        src = s.pos[b, p]
        dst = step_unlocked(geo, src, a, move_bit(s, t, b, p), s.unlocked[b])
        before_step(s, t, b, geo, p, a)
        s.pos[b, p] = dst
        u = s.unlocked[b]
        if u >= 0 and (geo.edge[src, a] == u or geo.edge[s.pos[b, p], geo.arrive[src, a]] == u):
            s.unlocked[b] = -1  # R44: the door locks again behind the wizard
            log(s, b, EV_RELOCK, u, 0, 0)
        s.mp[b] -= 1
        s.moved[b] = 1
        s.seat[b, p, S.S_STEPS] += 1
        log(s, b, EV_MOVE, src, s.pos[b, p], s.mp[b])
        through_fire(s, t, b, geo, p, src, a, prm)
        if s.alive[b, p]:
            objects_entered(s, t, b, p, prm)  # bushes, tacks, a booby trap (objects cards)
        if s.alive[b, p]:
            entered(s, t, b, p, prm)  # a slime's or Disease's victims there (forms cards)
    elif kind == O_BOOST:
        card = s.inst_card[b, a]
        v = spend_energy(s, t, b, p, a)
        s.mp[b] += v
        s.boosted[b] = 1
        s.seat[b, p, S.S_BOOSTS] += 1
        log(s, b, EV_BOOST, card, v, s.mp[b])
    elif kind == O_PICKUP:
        pick_up(s, t, b, p, a)
        ward(s, t, b, geo, p, a, prm)
    elif kind == O_DROP:
        put_down(s, t, b, p, WAY_DROP)
    elif kind == O_PUNCH:
        s.attacked[b] += 1
        punch(s, t, b, p, a, prm)
        if s.form[b, p] == E_EXTRA_ARMS:
            arms_punch(s, t, b, geo, p, a, prm)
    elif kind == O_GATHER:
        gather(s, t, b, p, a, prm)
    elif kind == O_ATTACK:
        cast_attack(s, t, b, geo, p, a, x, y, z, prm)
    elif kind == O_NEUTRAL:
        cast_neutral(s, t, b, geo, p, a, x, y, z, prm)
    elif kind == O_ITEM:
        card = s.inst_card[b, a]
        s.card[b, p, card, S.C_PLAYED] += 1
        log(s, b, EV_ITEM, card, 0, 0)
        gain_item(s, t, b, p, a)
        discard_to_limit(s, t, b, p, prm[p])
    elif kind == O_ITEM_DROP:
        log(s, b, EV_ITEM_DROP, s.inst_card[b, a], s.pos[b, p], WAY_DROP)
        lose_item(s, t, b, p, a, s.pos[b, p], prm[p], True)
        discard_to_limit(s, t, b, p, prm[p])
    elif kind == O_ITEM_PICK:
        s.mp[b] -= 1  # R106: 1 MP
        log(s, b, EV_ITEM_PICK, s.inst_card[b, a], s.pos[b, p], 0)
        s.card[b, p, s.inst_card[b, a], S.C_ACQ] += 1
        gain_item(s, t, b, p, a)
        discard_to_limit(s, t, b, p, prm[p])  # A-14: room is made with hand cards
    elif kind == O_THROW:
        throw(s, t, b, p, a, x, prm)
    elif kind == O_AREA:
        cast_storm(s, t, b, geo, p, a, x, y, prm)
    elif kind == O_ADD:
        cast_add(s, t, b, geo, p, a, x, y, z, prm)
    elif kind == O_UNLOCK:
        # Pick Lock is mundane: no counter answers it (R99); a Master Key stays carried
        card = s.inst_card[b, a]
        s.card[b, p, card, S.C_PLAYED] += 1
        if t.card_effect[card] == E_PICK_LOCK:
            discard(s, b, a)
        s.unlocked[b] = x
        log(s, b, EV_UNLOCK, card, x, 0)
    elif kind == O_END_SPELL:
        end_by_choice(s, t, b, p, a, x, prm)
    elif kind == O_TEAR:
        tear(s, t, b, p, a, x, prm)
    elif kind == O_STRETCH:
        stretch(s, t, b, geo, p, a, x, y, z, prm)
    elif kind == O_HEAVE:
        heave_ho(s, t, b, p, a, x, y, prm)
    elif kind == O_OBJECT:
        hit_object(s, t, b, geo, p, a, x, y, z, prm)
    elif kind == O_BLADE:
        blade_attack(s, t, b, p, a, x, y, prm)
    elif kind == O_TACKS:
        tacks(s, t, b, p, a, x, z, prm)
    over_limits(s, t, b, prm)


@njit(cache=True)
def time_passes(s, t, b, p, prm):
    """Time Passes (R28-R30): first each Lifestone gives 1 life, up to 20 (R152, A-34), then the
    other effects of the wizard's cards (Acid Bath) and one token off each of its temporary
    spells (:func:`maint_time_passes`); then a stun token is discarded and the wizard is stunned
    for this turn."""
    n = carried(s, t, b, p, E_LIFESTONE)
    if n > 0 and s.life[b, p] < MAX_LIFE:
        s.life[b, p] = min(MAX_LIFE, s.life[b, p] + n)
        log(s, b, EV_LIFESTONE, p, s.life[b, p], 0)
    maint_time_passes(s, t, b, p, prm)
    over_limits(s, t, b, prm)
    s.stunned[b] = 0
    if s.stun[b, p] > 0:
        s.stun[b, p] -= 1
        s.stunned[b] = 1
        log(s, b, EV_STUNNED, p, s.stun[b, p], 0)


@njit(cache=True)
def move_and_cast(s, t, b, geo, p, prm):
    """Move and Cast (R31-R37): movement points equal to the base speed, then the bot's options
    one at a time until it ends the phase, picks up a treasure (R116) or the game ends."""
    # the base move: a form's (its card) or 3 (R32); Speedstone: + 1
    s.mp[b] = form_speed(s.form[b, p]) + carried(s, t, b, p, E_SPEEDSTONE)
    s.boosted[b] = 0
    s.attacked[b] = 0
    s.moved[b] = 0
    s.no_pickup[b] = 0
    s.mc_over[b] = 0
    s.unlocked[b] = -1
    s.no_move[b] = 0
    s.bend[b] = 0  # Around the Corner and Astral Projection last for the turn they are cast in
    s.eye[b] = -1
    s.acted[b] = 0
    for _ in range(MAX_ACTIONS):
        if s.done[b] or s.mc_over[b] or not s.alive[b, p]:
            break
        BT.decision_view(s, t, b, geo, p, prm[p])  # before the listing, which reads it
        list_options(s, t, b, geo, p)
        k = BT.choose_in_view(s, t, b, geo, p, prm[p])
        if s.opt[b, k, 0] == O_END:
            break
        do_option(s, t, b, geo, p, k, prm)
        slow_death_settle(s, t, b, p, prm)


@njit(cache=True)
def discard_and_draw(s, t, b, p, prm):
    """Discard and Draw (R168-R170): discard any cards, then draw up to two without passing the
    hand limit (R169, R173); a Spellstone allows one card more."""
    while hand_size(s, b, p) > 0:
        i = BT.choose_discard(s, t, b, p, prm, False)
        if i < 0:
            break
        log(s, b, EV_DISCARD, p, s.inst_card[b, i], 0)
        discard(s, b, i)
    n = min(DRAW_MAX + carried(s, t, b, p, E_SPELLSTONE), hand_limit(s, t, b, p) - hand_size(s, b, p))
    n = BT.draws_wanted(s, t, b, p, prm, n)  # R169: up to n (Slow Death makes fewer worth it)
    for _ in range(n):
        draw_card(s, t, b, p)


@njit(cache=True)
def play_turn(s, t, b, geo, p, prm):
    """One turn of seat p: Time Passes, Move and Cast, Discard and Draw (R27)."""
    s.turn[b] += 1
    s.seat[b, p, S.S_TURNS] += 1
    log(s, b, EV_TURN, p, s.rnd[b], s.life[b, p])
    time_passes(s, t, b, p, prm)
    if s.done[b] or not s.alive[b, p]:
        s.first_done[b, p] = 1
        return
    move_and_cast(s, t, b, geo, p, prm)
    s.unlocked[b] = -1  # an unlocked door is for the active wizard's passage only (R44, A-19)
    if not s.done[b] and s.alive[b, p]:
        discard_and_draw(s, t, b, p, prm[p])
        slow_death_settle(s, t, b, p, prm)
    s.first_done[b, p] = 1


@njit(cache=True)
def next_seat(s, b):
    """Pass the turn clockwise to the next living wizard (R26); a round starts whenever the
    turn passes the first player's seat."""
    n = s.players[b]
    q = s.cur[b]
    for _ in range(n):
        q = (q + 1) % n
        if q == s.first[b]:
            s.rnd[b] += 1
        if s.alive[b, q]:
            break
    s.cur[b] = q


@njit(cache=True)
def keep_round(s, t, b, r):
    """Keep every seat's points (-1 once dead, as the results' score: R153) at the end of round
    ``r`` (1-based), or when the game ends in it, while the history has room (ROUND_HIST); note
    the cards cast for the first time in it."""
    if r >= 1:
        note_first_round(s.card, b, s.players[b], S.C_PLAYED, S.C_FIRST_ROUND, r)
    if r < 1 or r > S.ROUND_HIST:
        return
    for p in range(s.players[b]):
        s.score_hist[b, r - 1, p] = points(s, t, b, p) if s.alive[b, p] else -1


@njit(cache=True)
def finish(s, t, b):
    """Copy the end-of-game numbers into the seat counters; the last round's points."""
    for p in range(s.players[b]):
        v = points(s, t, b, p)
        s.seat[b, p, S.S_VP] = v
        s.seat[b, p, S.S_VP_KILL] = s.vp_kill[b, p]
        s.seat[b, p, S.S_VP_TREASURE] = v - s.vp_kill[b, p]
        s.seat[b, p, S.S_LIFE_END] = max(s.life[b, p], 0)
    keep_round(s, t, b, min(s.rnd[b], ROUND_LIMIT))


@njit(cache=True)
def play_game(s, t, b, prm, check):
    """Play game b to its end; returns the number of invariant violations seen (when checking).
    A game still running after ROUND_LIMIT rounds is a draw with its own end reason (A-30)."""
    geo = geo_of(s, t, b)
    bad = 0
    if check:
        bad += S.count_violations(s, t, b) + walk_violations(geo) + turn_violations(s, t, b, geo)
    while not s.done[b]:
        if s.rnd[b] > ROUND_LIMIT:
            s.done[b] = 1
            s.winner[b] = -1
            s.end_reason[b] = END_ROUND_LIMIT
            log(s, b, EV_END, END_ROUND_LIMIT, -1, 0)
            break
        if s.stop_turn[b] > 0 and s.turn[b] + 1 >= s.stop_turn[b]:
            return bad  # the replay's picture of the board before that turn (not a game end)
        play_turn(s, t, b, geo, s.cur[b], prm)
        if check:
            bad += S.count_violations(s, t, b) + walk_violations(geo) + turn_violations(s, t, b, geo)
        if not s.done[b]:
            r = s.rnd[b]
            next_seat(s, b)
            if s.rnd[b] != r:  # the turn passed the first player's seat: round r is over
                keep_round(s, t, b, r)
    finish(s, t, b)
    return bad


# the shared batch driver (simlab.games.kernel.play_batch) plays this game through these two
register_game(S.State, S.StateType, setup, play_game)
