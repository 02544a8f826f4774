"""Quarriors batch state, the codes the kernel uses, and the helpers that move dice.

Every die of a game is an entity (index ``d`` < ``n_dice``) that sits in exactly one
*container*: one of a player's five zones or a card's place in the Wilds. Containers keep a list
of their dice so that a draw from a bag or a move is O(1) (swap-remove), and the number of dice
in the game never changes (checked by ``count_violations``).

Container index: ``p * NZ + zone`` for player ``p`` (zones BAG, ACTIVE, READY, USED, ASIDE) and
``WILDS0 + slot`` for the card in Wilds slot ``slot``. Slots: 0 Basic Quiddity, 1 Assistant,
2 Portal, 3-9 the seven creature cards, 10-12 the three spell cards (rulebook, Příprava hry).
"""

from __future__ import annotations

import numpy as np
from numba.experimental import structref

from simlab.games.base import ArrayStruct, ArrayStructProxy, define_struct, mix64
from simlab.games.jit import njit
from simlab.games.kernel import MAX_SEATS, QUALITY_COLUMNS, KernelLayout, kernel_arrays

MAXP = 4
NZ = 5
Z_BAG, Z_ACTIVE, Z_READY, Z_USED, Z_ASIDE = 0, 1, 2, 3, 4
NSLOT = 13
SLOT_BASIC, SLOT_ASSISTANT, SLOT_PORTAL = 0, 1, 2
SLOT_CREATURE0, N_CREATURE_SLOTS = 3, 7
SLOT_SPELL0, N_SPELL_SLOTS = 10, 3
WILDS0 = MAXP * NZ
NC = WILDS0 + NSLOT
MAX_EXTRA_Q = 3  # compensation setup: extra Basic Quiddity dice a seat may start with (setup key extra_quiddity)
# 8 quiddity + 4 assistants per player (+ the compensation's extra quiddity); 2 assistants,
# 5 portals, 50 in the Wilds
MAXD = (12 + MAX_EXTRA_Q) * MAXP + 57

# Random streams of one game. RS_KEY is never drawn from: every draw of the game's dice is a hash
# of it and a stable address (die_hash: the turn, the die, the die's n-th roll in that turn), and
# at the start of every turn the seats' tie-break streams are re-made from it and the turn number
# (kernel.turn_streams). Two variants of one game (common random numbers) therefore draw the same
# dice from their bags and roll the same faces on them, turn by turn, however their earlier turns
# differed (issue 11; quarriors 1.3.0). Before, one bag stream and one dice stream were drawn in
# event order, so the arms drifted apart after their first different decision.
RS_SETUP, RS_KEY, RS_BOT0 = 0, 1, 2
NSTREAM = RS_BOT0 + MAX_SEATS  # the seats' tie-break streams last (kernel.rand)
ADDR_SEAT, ADDR_WILDS = 1 << 12, 1 << 16  # die addresses (d_addr): owner * ADDR_SEAT + place
ROUND_HIST = 64  # rounds of glory kept per game (results: seats.round_scores); later rounds are not kept

# Card kinds and face kinds.
K_BASIC, K_CREATURE, K_SPELL = 0, 1, 2
F_Q, F_CREATURE, F_SPELL, F_DRAW, F_REROLL, F_QDRAW, F_QORREROLL = 0, 1, 2, 3, 4, 5, 6

# Spell timing.
T_NONE, T_CAST, T_ATTACH, T_REACTION, T_IMMEDIATE = 0, 1, 2, 3, 4

# Points of the owner's turn where cast and attach spells are offered (rules.cast_spells).
CAST_BEFORE_ATTACK, CAST_AFTER_ATTACK, CAST_BEFORE_SUMMON = 0, 1, 2

# Effect codes, one per card (names in cards.toml). Order is the data's; values are ours.
EFFECTS = (
    "none", "assistant_reroll",
    "death_cantrip", "death_charm", "death_incantation", "death_spell",
    "growth_cantrip", "growth_charm", "growth_incantation", "growth_spell",
    "life_cantrip", "life_charm", "life_incantation", "life_spell",
    "shaping_cantrip", "shaping_charm", "shaping_incantation", "shaping_spell",
    "victory_cantrip", "victory_charm", "victory_incantation", "victory_spell",
    "deathdealer", "mighty_deathdealer", "strong_deathdealer",
    "defender_of_the_pale", "mighty_defender_of_the_pale", "strong_defender_of_the_pale",
    "devotee_of_the_holy_query", "mighty_devotee_of_the_holy_query", "strong_devotee_of_the_holy_query",
    "ghostly_spirit", "mighty_ghostly_spirit", "strong_ghostly_spirit",
    "primordial_ooze", "mighty_primordial_ooze", "strong_primordial_ooze",
    "quake_dragon", "mighty_quake_dragon", "strong_quake_dragon",
    "questing_wizard", "mighty_questing_wizard", "strong_questing_wizard",
    "scavenging_goblin", "mighty_scavenging_goblin", "strong_scavenging_goblin",
    "warrior_of_the_quay", "mighty_warrior_of_the_quay", "strong_warrior_of_the_quay",
    "witching_hag", "mighty_witching_hag", "strong_witching_hag",
)
(E_NONE, E_ASSISTANT,
 E_DEATH_CANTRIP, E_DEATH_CHARM, E_DEATH_INCANTATION, E_DEATH_SPELL,
 E_GROWTH_CANTRIP, E_GROWTH_CHARM, E_GROWTH_INCANTATION, E_GROWTH_SPELL,
 E_LIFE_CANTRIP, E_LIFE_CHARM, E_LIFE_INCANTATION, E_LIFE_SPELL,
 E_SHAPING_CANTRIP, E_SHAPING_CHARM, E_SHAPING_INCANTATION, E_SHAPING_SPELL,
 E_VICTORY_CANTRIP, E_VICTORY_CHARM, E_VICTORY_INCANTATION, E_VICTORY_SPELL,
 E_DEATHDEALER, E_M_DEATHDEALER, E_S_DEATHDEALER,
 E_DEFENDER, E_M_DEFENDER, E_S_DEFENDER,
 E_DEVOTEE, E_M_DEVOTEE, E_S_DEVOTEE,
 E_GHOST, E_M_GHOST, E_S_GHOST,
 E_OOZE, E_M_OOZE, E_S_OOZE,
 E_QUAKE, E_M_QUAKE, E_S_QUAKE,
 E_WIZARD, E_M_WIZARD, E_S_WIZARD,
 E_GOBLIN, E_M_GOBLIN, E_S_GOBLIN,
 E_WARRIOR, E_M_WARRIOR, E_S_WARRIOR,
 E_HAG, E_M_HAG, E_S_HAG) = range(len(EFFECTS))

NEFFECT = len(EFFECTS) + 1
ANY_ATTACH = len(EFFECTS)  # column of State.present: some attach spell is in the Wilds

# Die flags (bit set, cleared when the die leaves the Ready Area or is rolled).
FL_SAFE = 1        # returned to the Ready Area during a battle: cannot be damaged again (FAQ)
FL_ZERO_ATK = 2    # Life Incantation: attack 0 for the rest of the turn
FL_DECLINED = 4    # its immediate effect was declined this roll

# Seat counters (results `seats` table, in this order after score/won).
SEAT_COLUMNS = (
    "glory", "turns_taken", "captured", "culled_quiddity", "culled_assistant", "culled_other",
    "summoned", "scored", "creatures_lost", "creatures_destroyed", "spells_cast",
    "first_score_turn", "dice_owned", "quiddity_owned", "ready_at_end", "summoned_l3",
    "dice_owned_t3", "quiddity_owned_t3", "dice_owned_t6", "quiddity_owned_t6",
    "dice_owned_t9", "quiddity_owned_t9",
)
(S_GLORY, S_TURNS, S_CAPTURED, S_CULL_Q, S_CULL_A, S_CULL_O, S_SUMMONED, S_SCORED, S_LOST,
 S_KILLS, S_SPELLS, S_FIRST_SCORE, S_OWNED, S_Q_OWNED, S_READY_END, S_SUMMONED_L3,
 S_OWNED_T3, S_Q_OWNED_T3, S_OWNED_T6, S_Q_OWNED_T6, S_OWNED_T9, S_Q_OWNED_T9) = range(len(SEAT_COLUMNS))
SNAPSHOT_TURNS = (3, 6, 9)  # own turns at whose start the collection is counted (deck composition)
NSEAT = len(SEAT_COLUMNS)

# Per seat and Wilds card counters (results `cards` table, after acquired/played).
# first_round: the round the seat first bought a die of the card (0 = never; kernel.note_first_round)
CARD_COLUMNS = ("scored", "destroyed", "culled", "owned_end", "glory_from", "first_round")
(C_ACQ, C_PLAYED, C_SCORED, C_DESTROYED, C_CULLED, C_OWNED, C_GLORY, C_FIRST_ROUND) = range(8)
NCARDSTAT = 8

END_REASONS = ("glory", "empty_cards", "turn_limit")
END_GLORY, END_EMPTY, END_LIMIT = 0, 1, 2
NSCRATCH = 12
TURN_LIMIT = 400  # safety cap on total turns; never reached by sane bots (counted in results)


class StateLayout(KernelLayout):
    """Batch state of B Quarriors games; the leading axis of every field is the game."""

    d_slot: np.ndarray     # int8 (B, MAXD): Wilds slot (card) of die d; -1 = die not in game
    d_cont: np.ndarray     # int16 (B, MAXD): container holding die d
    d_pos: np.ndarray      # int16 (B, MAXD): index of d in its container's list
    d_face: np.ndarray     # int8 (B, MAXD): face showing, 0-5
    d_attach: np.ndarray   # int16 (B, MAXD): attached spell -> the creature die it sits by; -1
    d_copy: np.ndarray     # int8 (B, MAXD): Strong Ooze copying slot s's die (-1 none)
    d_copyface: np.ndarray  # int8 (B, MAXD): ... showing this face of it
    d_atk: np.ndarray      # int8 (B, MAXD): attack bonus until end of turn (Death Cantrip)
    d_def: np.ndarray      # int8 (B, MAXD): defense bonus until end of turn (Life Spell)
    d_flag: np.ndarray     # int8 (B, MAXD): FL_* bits
    n_dice: np.ndarray     # int16 (B,): dice in this game (12 * players + 57)
    cont: np.ndarray       # int16 (B, NC, MAXD): dice in each container, first cont_n valid
    cont_n: np.ndarray     # int16 (B, NC): number of dice in each container
    slot_card: np.ndarray  # int16 (B, NSLOT): card id in each Wilds slot
    present: np.ndarray    # int8 (B, NEFFECT): effect e is on a card in the Wilds (lets the
    #                        rules skip scans for cards that are not in this game)
    glory: np.ndarray      # int16 (B, MAXP)
    players: np.ndarray    # int8 (B,)
    cur: np.ndarray        # int8 (B,): player whose turn it is
    turn: np.ndarray       # int32 (B,): turns started so far (all players)
    pool: np.ndarray       # int16 (B,): quiddity gained this turn and not yet spent
    captures: np.ndarray   # int8 (B,): captures still allowed this turn
    discount: np.ndarray   # int8 (B,): capture cost reduction this turn (Mighty Questing Wizard)
    scored_n: np.ndarray   # int8 (B,): creatures scored this turn (Victory Charm)
    warrior_n: np.ndarray  # int8 (B,): Warriors of the Quay summoned this turn (Mighty WotQ)
    life_charm: np.ndarray  # int8 (B, MAXP): Life Charm cast this turn by player p
    cull_adj: np.ndarray   # int8 (B, MAXP): the bot's one-off cull_delta has been applied
    hit: np.ndarray        # int8 (B, MAXP): p lost a creature to the current attack (Victory Spell)
    d_addr: np.ndarray     # int32 (B, MAXD): die d's stable address: owner * ADDR_SEAT + its place in
    #                        the owner's collection (the starting dice first, then each capture in
    #                        turn); ADDR_WILDS + d while it was never owned
    acq_n: np.ndarray      # int16 (B, MAXP): dice player p has acquired so far (its next address)
    d_turn: np.ndarray     # int32 (B, MAXD): the turn d_rolls counts for (-1: none yet)
    d_rolls: np.ndarray    # int16 (B, MAXD): rolls of die d this turn
    d_prio: np.ndarray     # uint64 (B, MAXD): die d's draw priority when its bag was last shuffled
    bag_ok: np.ndarray     # int8 (B, MAXP): p's bag has its priorities (shuffled this turn, no die added since)
    bag_turn: np.ndarray   # int32 (B, MAXP): the turn p's bag was last shuffled in
    bag_epoch: np.ndarray  # int16 (B, MAXP): shuffles of p's bag in that turn
    rounds: np.ndarray     # int16 (B,): rounds begun (a round: every player's turn once, from seat 0)
    glory_hist: np.ndarray  # int16 (B, ROUND_HIST, MAXP): glory at the end of each round (the
    #                         last one when the game ends inside it)
    quality: np.ndarray    # int32 (B, QUALITY_COLUMNS): lead changes and the like, every round (kernel.track_round)
    scratch: np.ndarray    # int16 (B, NSCRATCH, MAXD): working lists of the phases (rules.py
    #                        numbers the rows), so that no phase allocates per turn


@structref.register
class StateType(ArrayStruct):
    """Numba type of :class:`State`."""


class State(ArrayStructProxy):
    """The batch state (fields: :class:`StateLayout`), a StructRef passed by reference."""



define_struct(State, StateType, StateLayout)


def new_state(batch: int, trace_events: int = 0) -> State:
    """Allocate the state of ``batch`` games (zeroed; ``setup`` fills it)."""
    z = np.zeros
    return State(
        d_slot=np.full((batch, MAXD), -1, np.int8), d_cont=z((batch, MAXD), np.int16),
        d_pos=z((batch, MAXD), np.int16), d_face=z((batch, MAXD), np.int8),
        d_attach=np.full((batch, MAXD), -1, np.int16), d_copy=np.full((batch, MAXD), -1, np.int8),
        d_copyface=z((batch, MAXD), np.int8), d_atk=z((batch, MAXD), np.int8),
        d_def=z((batch, MAXD), np.int8), d_flag=z((batch, MAXD), np.int8),
        n_dice=z(batch, np.int16), cont=z((batch, NC, MAXD), np.int16), cont_n=z((batch, NC), np.int16),
        slot_card=z((batch, NSLOT), np.int16), present=z((batch, NEFFECT), np.int8), glory=z((batch, MAXP), np.int16),
        players=z(batch, np.int8), cur=z(batch, np.int8), turn=z(batch, np.int32),
        pool=z(batch, np.int16), captures=z(batch, np.int8), discount=z(batch, np.int8),
        scored_n=z(batch, np.int8), warrior_n=z(batch, np.int8),
        life_charm=z((batch, MAXP), np.int8), cull_adj=z((batch, MAXP), np.int8), hit=z((batch, MAXP), np.int8),
        d_addr=z((batch, MAXD), np.int32), acq_n=z((batch, MAXP), np.int16),
        d_turn=np.full((batch, MAXD), -1, np.int32), d_rolls=z((batch, MAXD), np.int16),
        d_prio=z((batch, MAXD), np.uint64), bag_ok=z((batch, MAXP), np.int8),
        bag_turn=np.full((batch, MAXP), -1, np.int32), bag_epoch=z((batch, MAXP), np.int16),
        rounds=z(batch, np.int16), glory_hist=z((batch, ROUND_HIST, MAXP), np.int16),
        quality=z((batch, QUALITY_COLUMNS), np.int32),
        # the kernel's arrays allocated last, as before the toolkit (allocation order moved speed)
        **kernel_arrays(batch, RS_BOT0, NSEAT, (NSLOT, NCARDSTAT), trace_events),
        scratch=z((batch, NSCRATCH, MAXD), np.int16),
    )


class TablesLayout:
    """The game's data as arrays (built by data.py); index = card id or die id."""

    card_kind: np.ndarray    # int8 (N,)
    card_class: np.ndarray   # int8 (N,)
    card_die: np.ndarray     # int8 (N,): die id
    card_cost: np.ndarray    # int16 (N,)
    card_glory: np.ndarray   # int16 (N,)
    card_effect: np.ndarray  # int16 (N,): E_* code
    card_timing: np.ndarray  # int8 (N,): T_* for spells
    card_force: np.ndarray   # int8 (N,): setup: 1 = must be in the Wilds, -1 = excluded, 0 = random
    f_kind: np.ndarray       # int8 (T, 6): F_* per die id and face
    f_q: np.ndarray          # int8 (T, 6): quiddity on the face
    f_level: np.ndarray      # int8 (T, 6)
    f_atk: np.ndarray        # int8 (T, 6): -1 = set by the card (Primordial Ooze)
    f_def: np.ndarray        # int8 (T, 6)
    f_burst: np.ndarray      # int8 (T, 6): 0, 1 or 2
    f_draw: np.ndarray       # int8 (T, 6): dice to draw and roll
    f_others: np.ndarray     # int8 (T, 6): other dice to re-roll
    die_in_wilds: np.ndarray  # int8 (T,)
    die_per_player: np.ndarray  # int8 (T,)
    basic_cards: np.ndarray  # int16 (3,): card ids of Basic Quiddity, Assistant, Portal
    # Compensation setup options (setup keys start_glory, extra_quiddity, first_turn_dice; the
    # rulebook's game is 0, 0, 6 for every seat)
    seat_glory: np.ndarray   # int16 (MAXP,): glory seat p starts with
    seat_extra_q: np.ndarray  # int8 (MAXP,): extra Basic Quiddity dice in seat p's starting bag
    seat_first_draw: np.ndarray  # int8 (MAXP,): dice seat p draws in its first turn's roll phase


@structref.register
class TablesType(ArrayStruct):
    """Numba type of :class:`Tables`."""


class Tables(ArrayStructProxy):
    """The game's data tables (fields: :class:`TablesLayout`), a StructRef."""



define_struct(Tables, TablesType, TablesLayout)


# ---------------------------------------------------------------------------------------------
# Container and die helpers
# ---------------------------------------------------------------------------------------------

@njit(cache=True, inline="always")
def keep(s, t):
    """A use of the state and the tables at the end of a compiled function (``t`` may be None).

    Numba holds a reference to an argument until its last use; when that last use lies inside a
    branch (or after an early return) the reference is counted with atomic operations that its
    pruning pass cannot remove (a fifth of the run time, measured with perf; docs/quarriors.md,
    Speed). A last use on the common path lets the pass drop the pair."""
    s.n_dice  # noqa: B018 (the use is the point; an assignment could be removed as dead)
    if t is not None:
        t.basic_cards  # noqa: B018


@njit(cache=True, inline="always")
def zone_of(p, z):
    """Container index of player p's zone z."""
    return p * NZ + z


@njit(cache=True, inline="always")
def place(s, b, d, c):
    """Move die d of game b into container c (O(1): swap-remove from its current list)."""
    old = s.d_cont[b, d]
    if old >= 0:
        i = s.d_pos[b, d]
        last = s.cont_n[b, old] - 1
        moved = s.cont[b, old, last]
        s.cont[b, old, i] = moved
        s.d_pos[b, moved] = i
        s.cont_n[b, old] = last
    k = s.cont_n[b, c]
    s.cont[b, c, k] = d
    s.d_pos[b, d] = k
    s.cont_n[b, c] = k + 1
    s.d_cont[b, d] = c


@njit(cache=True, inline="always")
def owner_of(s, b, d):
    """Player holding die d, or -1 when it is in the Wilds."""
    c = s.d_cont[b, d]
    p = c // NZ
    if c >= WILDS0:
        p = -1
    return p


@njit(cache=True, inline="always")
def refill_bag(s, b, p):
    """Empty player p's used pile into the bag (rulebook, phase 2: the bag ran out)."""
    used = zone_of(p, Z_USED)
    bag = zone_of(p, Z_BAG)
    while s.cont_n[b, used] > 0:
        d = s.cont[b, used, s.cont_n[b, used] - 1]
        place(s, b, d, bag)
    s.bag_ok[b, p] = 0  # dice entered the bag: shuffle before the next draw
    return 0


@njit(cache=True, inline="always")
def die_hash(s, b, d, j):
    """A 64-bit random number at the address (this turn, die d's place in its owner's
    collection, j) of game b: a hash of the game's key stream (RS_KEY), not a draw, so it is the
    same in every variant of the game."""
    a = (np.uint64(s.turn[b]) * np.uint64(0x9E3779B97F4A7C15)
         + np.uint64(s.d_addr[b, d]) * np.uint64(0xD1B54A32D192ED03) + np.uint64(j) * np.uint64(0x8CB92BA72F3D8DD7))
    return mix64(s.rng[b, RS_KEY] ^ a)


@njit(cache=True)
def shuffle_bag(s, b, p):
    """Give every die in p's bag a random draw priority (die_hash, keyed to this turn, the die's
    address and how often the bag was shuffled this turn): draw_one takes the lowest, so the
    draws are a uniformly random order that depends on which dice are in the bag and not on
    their order or on earlier draws (see RS_KEY). Called by the first draw of a turn and the
    first after dice entered the bag (``bag_ok`` is cleared by whatever adds dice to a bag:
    setup, refill_bag, a capture into the bag): dice that enter mid-turn are shuffled in with
    fresh priorities for all, so every draw stays uniform."""
    if s.bag_turn[b, p] == s.turn[b]:
        s.bag_epoch[b, p] += 1
    else:
        s.bag_turn[b, p] = s.turn[b]
        s.bag_epoch[b, p] = 0
    c = zone_of(p, Z_BAG)
    salt = np.int64(s.bag_epoch[b, p]) + (1 << 20)  # apart from the rolls' addresses (1, 2, ...)
    for i in range(s.cont_n[b, c]):
        e = s.cont[b, c, i]
        s.d_prio[b, e] = die_hash(s, b, e, salt)
    s.bag_ok[b, p] = 1


@njit(cache=True)
def draw_one(s, b, p):
    """Draw one die at random from p's bag into the Active Pool; refill from the used pile when
    the bag is empty. Returns the die, or -1 when bag and used pile are both empty.

    The die with the lowest draw priority is taken (shuffle_bag)."""
    bag = zone_of(p, Z_BAG)
    if s.cont_n[b, bag] == 0:
        refill_bag(s, b, p)
    if s.bag_ok[b, p] == 0 or s.bag_turn[b, p] != s.turn[b]:
        shuffle_bag(s, b, p)
    # one exit: an early return would keep the state reference-counted across blocks
    d = -1
    best = np.uint64(0)
    for i in range(s.cont_n[b, bag]):
        e = s.cont[b, bag, i]
        if d < 0 or s.d_prio[b, e] < best:
            best = s.d_prio[b, e]
            d = e
    if d >= 0:
        place(s, b, d, zone_of(p, Z_ACTIVE))
    keep(s, None)
    return d


@njit(cache=True)
def roll(s, b, d):
    """Roll die d: a uniformly random face (the die's j-th roll this turn has its own address,
    die_hash); it forgets copies, bonuses and flags."""
    if s.d_turn[b, d] != s.turn[b]:
        s.d_turn[b, d] = s.turn[b]
        s.d_rolls[b, d] = 0
    s.d_rolls[b, d] += 1
    s.d_face[b, d] = np.int64(((die_hash(s, b, d, s.d_rolls[b, d]) >> np.uint64(32)) * np.uint64(6))
                              >> np.uint64(32))
    s.d_copy[b, d] = -1
    s.d_flag[b, d] = 0
    s.d_atk[b, d] = 0
    s.d_def[b, d] = 0


@njit(cache=True, inline="always")
def card_of(s, b, d):
    """Card id of die d (through its Wilds slot)."""
    return s.slot_card[b, s.d_slot[b, d]]


@njit(cache=True, inline="always")
def die_type(s, t, b, d):
    """Die id (row of the face tables) of die d."""
    return t.card_die[s.slot_card[b, s.d_slot[b, d]]]


# The accessors below are inlined and read every field they need on one path (no early return,
# no field read in a branch or a conditional expression): see docs/quarriors.md, Speed.

@njit(cache=True, inline="always")
def face_kind(s, t, b, d):
    """F_* kind of the face die d shows (a Strong Ooze copy shows the copied face)."""
    c = s.d_copy[b, d]
    k = t.f_kind[die_type(s, t, b, d), s.d_face[b, d]]
    if c >= 0:
        k = F_CREATURE
    return k


@njit(cache=True, inline="always")
def shown(s, b, d):
    """(card, face) that die d shows: its own, or a Strong Ooze copy's copied card and face.
    Every field is read on one path (a read inside a branch is reference-counted, see Speed)."""
    c = s.d_copy[b, d]
    slot = s.d_slot[b, d]
    f = s.d_face[b, d]
    cf = s.d_copyface[b, d]
    if c >= 0:
        slot = c
        f = cf
    return s.slot_card[b, slot], f


@njit(cache=True, inline="always")
def burst(s, t, b, d):
    """Burst glyphs (0, 1, 2) on the face die d shows."""
    card, f = shown(s, b, d)
    return t.f_burst[t.card_die[card], f]


@njit(cache=True, inline="always")
def effect(s, t, b, d):
    """Effect code governing die d (a Strong Ooze copy has the copied card's abilities)."""
    c = s.d_copy[b, d]
    slot = s.d_slot[b, d]
    if c >= 0:
        slot = c
    return t.card_effect[s.slot_card[b, slot]]


@njit(cache=True, inline="always")
def level(s, t, b, d):
    """Level of the creature face die d shows."""
    card, f = shown(s, b, d)
    return t.f_level[t.card_die[card], f]


@njit(cache=True, inline="always")
def glory_value(s, t, b, d):
    """Glory printed on the card of creature die d (a Strong Ooze copies the glory too)."""
    c = s.d_copy[b, d]
    slot = s.d_slot[b, d]
    if c >= 0:
        slot = c
    return t.card_glory[s.slot_card[b, slot]]


@njit(cache=True)
def is_creature(s, t, b, d):
    """Die d is a creature: in a Ready Area showing a creature face (rulebook, Příšery)."""
    c = s.d_cont[b, d]
    return c < WILDS0 and c % NZ == Z_READY and face_kind(s, t, b, d) == F_CREATURE


@njit(cache=True)
def creature_count(s, t, b, p):
    """Creatures in player p's Ready Area."""
    c = zone_of(p, Z_READY)
    n = 0
    for i in range(s.cont_n[b, c]):
        if face_kind(s, t, b, s.cont[b, c, i]) == F_CREATURE:
            n += 1
    return n


@njit(cache=True)
def has_effect_ready(s, t, b, p, code, min_burst):
    """Number of creatures of player p in the Ready Area with effect ``code`` and enough bursts."""
    c = zone_of(p, Z_READY)
    n = 0
    for i in range(s.cont_n[b, c]):
        d = s.cont[b, c, i]
        if face_kind(s, t, b, d) == F_CREATURE and effect(s, t, b, d) == code and burst(s, t, b, d) >= min_burst:
            n += 1
    return n


@njit(cache=True)
def basic_quiddity_in_play(s, t, b, p):
    """Basic Quiddity dice in p's used pile and Active Pool (Primordial Ooze's ?)."""
    n = 0
    for z in (Z_USED, Z_ACTIVE):
        c = zone_of(p, z)
        for i in range(s.cont_n[b, c]):
            if s.d_slot[b, s.cont[b, c, i]] == SLOT_BASIC:
                n += 1
    return n


@njit(cache=True)
def all_creatures(s, t, b):
    """Creatures in all Ready Areas (Mighty Primordial Ooze's ?)."""
    n = 0
    for p in range(s.players[b]):
        n += creature_count(s, t, b, p)
    return n


@njit(cache=True, inline="always")
def log(s, b, code, a, x, y):
    """Append a trace event when tracing (ev has room); a no-op in batch runs."""
    # inlined, and the batch run's whole cost is this one read: a field read inside a condition
    # is reference-counted across branches (atomic ops numba cannot prune), and so is an
    # out-of-line call (see docs/quarriors.md, Speed)
    n = s.ev.shape[1]
    if n > 1:
        k = s.ev_n[b]
        if k < n:
            s.ev[b, k, 0] = s.turn[b]
            s.ev[b, k, 1] = s.cur[b]
            s.ev[b, k, 2] = code
            s.ev[b, k, 3] = a
            s.ev[b, k, 4] = x
            s.ev[b, k, 5] = y
            s.ev_n[b] = k + 1


@njit(cache=True)
def count_violations(s, t, b):
    """Invariant checks: dice conserved and consistently indexed, no negative counts,
    attachments point at creatures in the same Ready Area, glory never negative."""
    bad = 0
    total = 0
    for c in range(NC):
        n = s.cont_n[b, c]
        if n < 0:
            bad += 1
        total += n
        for i in range(n):
            d = s.cont[b, c, i]
            if s.d_cont[b, d] != c or s.d_pos[b, d] != i:
                bad += 1
    if total != s.n_dice[b]:
        bad += 1
    for d in range(s.n_dice[b]):
        a = s.d_attach[b, d]
        if a >= 0 and (s.d_cont[b, a] != s.d_cont[b, d] or s.d_cont[b, d] % NZ != Z_READY):
            bad += 1
        # a die in a Wilds slot belongs to that slot's card
        if s.d_cont[b, d] >= WILDS0 and s.d_cont[b, d] - WILDS0 != s.d_slot[b, d]:
            bad += 1
    for p in range(s.players[b]):
        if s.glory[b, p] < 0:
            bad += 1
    return bad
