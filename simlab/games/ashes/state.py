"""Ashes batch state, the codes the kernel uses, and the helpers that move cards and dice.

Every card a seat brings is an *instance*: seat p's 30 deck cards are instances
``p * MAXI_P + 0 .. 29`` and its conjuration pile follows from ``p * MAXI_P + DECK`` on (the
Phoenixborn is not an instance: ``pb_*`` fields). An instance sits in exactly one *container*,
a seat's zone (draw pile, hand, discard pile, spellboard, battlefield, conjuration pile,
attached = an alteration under a unit, removed from the game). Containers keep a list of their
cards so that moving a card is O(1) (swap-remove); the top of the draw pile is the last entry.
Checklist rule 9 lists the zones; rule 71: the *owner* of an instance is the seat whose deck or
pile it started in (``inst_owner``), which may differ from the seat whose zone holds it.

Dice: 10 per seat, each with a type (DT_*), a face (F_POWER, F_CLASS, F_BASIC) and a location
(active pool, exhausted pool, or on a card: checklist rules 26-29).
"""

from __future__ import annotations

import numpy as np
from numba.experimental import structref

from simlab.games.base import ArrayStruct, ArrayStructProxy, define_struct
from simlab.games.jit import njit
from simlab.games.kernel import MAX_SEATS, KernelLayout, kernel_arrays

MAXP = MAX_SEATS
DECK = 30              # deck cards per seat (checklist rule 10)
HAND_DRAW = 5          # the prepare phase draws up to this many (rule 35)
MAX_CONJ = 30          # conjuration-pile instances per seat (precons hold at most 20)
MAXI_P = DECK + MAX_CONJ
MAXI = MAXP * MAXI_P   # instances per game
NDICE = 10             # dice per seat (rule 10)
FIRST_FIVE = 5
NSCRATCH = 8           # working rows of ``scratch`` (6, 7: payments of triggered abilities)
PEND = 64              # depth of the pending-event stack (checklist §6 ``ev_stack``)

# Zones (containers) of a seat: container index = p * NZ + zone
Z_DRAW, Z_HAND, Z_DISCARD, Z_SPELLBOARD, Z_BATTLEFIELD, Z_CONJ, Z_ATTACHED, Z_REMOVED = range(8)
NZ = 8
NC = MAXP * NZ
ZONE_NAMES = ("draw", "hand", "discard", "spellboard", "battlefield", "conjuration_pile",
              "attached", "removed")

# Dice: types (cards.toml [dice] order), faces, locations
DT_CEREMONIAL, DT_CHARM, DT_ILLUSION, DT_NATURAL = range(4)
NDT = 4
DIE_TYPES = ("ceremonial", "charm", "illusion", "natural")
F_POWER, F_CLASS, F_BASIC = 0, 1, 2
FACE_NAMES = ("power", "class", "basic")
DIE_FACES = (F_POWER, F_CLASS, F_CLASS, F_CLASS, F_BASIC, F_BASIC)  # one die's six faces (rule 24)
L_ACTIVE, L_EXHAUSTED, L_ON_CARD = 0, 1, 2

# Card types and placements (cards.toml `type`, `placement`)
CARD_TYPES = ("phoenixborn", "ally", "conjuration", "ready_spell", "action_spell", "reaction_spell",
              "alteration_spell")
T_PHOENIXBORN, T_ALLY, T_CONJURATION, T_READY, T_ACTION, T_REACTION, T_ALTERATION = range(7)
PLACEMENTS = ("none", "battlefield", "spellboard", "unit", "discard")
P_NONE, P_BATTLEFIELD, P_SPELLBOARD, P_UNIT, P_DISCARD = range(5)

# A cost as a vector (cards.toml cost strings, parsed by data.py): actions and exhaust as 0/1,
# discards and magic as counts; class and power by dice type.
CO_MAIN, CO_SIDE, CO_EXHAUST, CO_DISCARD, CO_BASIC = range(5)
CO_CLASS = 5           # + dice type: class symbols of that type
CO_POWER = CO_CLASS + NDT  # + dice type: power symbols of that type
NCOST = CO_POWER + NDT

# Effect codes (cards.toml `effect`), in cards.toml order; the kernel reads the index. Append only.
EFFECTS = (
    "water_blast", "slash", "screams_of_the_departed", "strike", "shadow_target", "hearts_pull",
    "anchornaut", "blood_archer", "enchanted_violinist", "hammer_knight", "iron_worker",
    "leech_warrior", "living_doll", "rose_fire_dancer", "stormwind_sniper", "blood_puppet",
    "blue_jaguar", "butterfly_monk", "false_demon", "gilder", "iron_rhino", "masked_wolf",
    "mist_spirit", "seaside_raven", "silver_snake", "sleeping_widow", "three_eyed_owl",
    "abundance", "blood_transfer", "chant_of_revenge", "cut_the_strings", "empower",
    "expand_energy", "hypnotize", "protect", "purge", "shifting_mist", "small_sacrifice",
    "strengthen", "summon_blood_puppet", "summon_blue_jaguar", "summon_butterfly_monk",
    "summon_false_demon", "summon_gilder", "summon_iron_rhino", "summon_masked_wolf",
    "summon_mist_spirit", "summon_seaside_raven", "summon_silver_snake", "summon_three_eyed_owl",
    "bound_soul", "call_upon_the_realms", "fear", "hidden_power", "mist_typhoon", "molten_gold",
    "one_hundred_blades", "open_memories", "out_of_the_mist", "refresh", "seal", "sleight_of_hand",
    "steady_gaze", "strange_copy", "transfer", "final_cry", "golden_veil", "redirect",
    "shadow_counter", "summon_sleeping_widows", "sympathy_pain", "bring_forth", "fade_away",
    "massive_growth", "reflections_in_the_water", "root_armor", "spiked_armor", "undying_heart",
)
NEFFECT = len(EFFECTS)
(E_SUMMON_BLUE_JAGUAR, E_SUMMON_BUTTERFLY_MONK, E_SUMMON_FALSE_DEMON, E_SUMMON_GILDER,
 E_SUMMON_IRON_RHINO, E_SUMMON_MASKED_WOLF, E_SUMMON_MIST_SPIRIT, E_SUMMON_SEASIDE_RAVEN,
 E_SUMMON_SILVER_SNAKE, E_SUMMON_THREE_EYED_OWL) = (EFFECTS.index(c) for c in (
    "summon_blue_jaguar", "summon_butterfly_monk", "summon_false_demon", "summon_gilder",
    "summon_iron_rhino", "summon_masked_wolf", "summon_mist_spirit", "summon_seaside_raven",
    "summon_silver_snake", "summon_three_eyed_owl"))

(E_STORMWIND_SNIPER, E_IRON_WORKER, E_HAMMER_KNIGHT, E_ANCHORNAUT) = (EFFECTS.index(c) for c in (
    "stormwind_sniper", "iron_worker", "hammer_knight", "anchornaut"))
(E_ROSE_FIRE_DANCER, E_THREE_EYED_OWL) = (EFFECTS.index(c) for c in ("rose_fire_dancer", "three_eyed_owl"))
(E_SHADOW_COUNTER, E_SYMPATHY_PAIN) = (EFFECTS.index(c) for c in ("shadow_counter", "sympathy_pain"))
(E_EXPAND_ENERGY, E_PURGE, E_SHIFTING_MIST, E_STRENGTHEN) = (EFFECTS.index(c) for c in (
    "expand_energy", "purge", "shifting_mist", "strengthen"))
(E_WATER_BLAST, E_SLASH, E_SHADOW_TARGET, E_HEARTS_PULL) = (EFFECTS.index(c) for c in (
    "water_blast", "slash", "shadow_target", "hearts_pull"))
(E_REFRESH, E_CALL_UPON_THE_REALMS, E_HIDDEN_POWER) = (EFFECTS.index(c) for c in (
    "refresh", "call_upon_the_realms", "hidden_power"))
(E_MOLTEN_GOLD, E_SLEIGHT_OF_HAND, E_STEADY_GAZE, E_MIST_TYPHOON, E_ONE_HUNDRED_BLADES,
 E_BOUND_SOUL) = (EFFECTS.index(c) for c in (
    "molten_gold", "sleight_of_hand", "steady_gaze", "mist_typhoon", "one_hundred_blades",
    "bound_soul"))
(E_SCREAMS, E_STRIKE, E_BLOOD_ARCHER, E_ENCHANTED_VIOLINIST, E_LEECH_WARRIOR, E_LIVING_DOLL,
 E_BLOOD_PUPPET, E_BLUE_JAGUAR, E_BUTTERFLY_MONK, E_FALSE_DEMON, E_GILDER, E_SEASIDE_RAVEN,
 E_SILVER_SNAKE) = (EFFECTS.index(c) for c in (
    "screams_of_the_departed", "strike", "blood_archer", "enchanted_violinist", "leech_warrior",
    "living_doll", "blood_puppet", "blue_jaguar", "butterfly_monk", "false_demon", "gilder",
    "seaside_raven", "silver_snake"))
(E_ABUNDANCE, E_BLOOD_TRANSFER, E_CHANT_OF_REVENGE, E_CUT_THE_STRINGS, E_EMPOWER, E_HYPNOTIZE,
 E_PROTECT, E_SMALL_SACRIFICE, E_SUMMON_BLOOD_PUPPET) = (EFFECTS.index(c) for c in (
    "abundance", "blood_transfer", "chant_of_revenge", "cut_the_strings", "empower", "hypnotize",
    "protect", "small_sacrifice", "summon_blood_puppet"))
(E_FEAR, E_OPEN_MEMORIES, E_OUT_OF_THE_MIST, E_SEAL, E_STRANGE_COPY, E_TRANSFER) = (
    EFFECTS.index(c) for c in ("fear", "open_memories", "out_of_the_mist", "seal", "strange_copy",
                               "transfer"))
(E_FINAL_CRY, E_GOLDEN_VEIL, E_REDIRECT, E_SUMMON_SLEEPING_WIDOWS) = (EFFECTS.index(c) for c in (
    "final_cry", "golden_veil", "redirect", "summon_sleeping_widows"))
(E_BRING_FORTH, E_FADE_AWAY, E_MASSIVE_GROWTH, E_REFLECTIONS, E_SPIKED_ARMOR) = (
    EFFECTS.index(c) for c in ("bring_forth", "fade_away", "massive_growth",
                               "reflections_in_the_water", "spiked_armor"))

# Effects the rules implement (and tests cover). A vanilla unit's "effect" is its body alone.
IMPLEMENTED = frozenset({
    "summon_blue_jaguar", "summon_butterfly_monk", "summon_false_demon", "summon_gilder",
    "summon_iron_rhino", "summon_masked_wolf", "summon_mist_spirit", "summon_seaside_raven",
    "summon_silver_snake", "summon_three_eyed_owl", "iron_rhino", "masked_wolf", "mist_spirit",
    "sleeping_widow", "molten_gold", "sleight_of_hand", "steady_gaze", "mist_typhoon",
    "one_hundred_blades", "bound_soul", "root_armor", "undying_heart", "water_blast", "slash",
    "shadow_target", "hearts_pull", "expand_energy", "purge", "shifting_mist", "strengthen",
    "shadow_counter", "sympathy_pain", "rose_fire_dancer", "three_eyed_owl", "stormwind_sniper",
    "iron_worker", "hammer_knight", "anchornaut", "refresh", "call_upon_the_realms", "hidden_power",
    # the damage / destruction windows (rules.run_pending)
    "final_cry", "summon_sleeping_widows", "chant_of_revenge", "butterfly_monk", "gilder",
    "silver_snake", "screams_of_the_departed", "protect", "living_doll", "leech_warrior",
    "false_demon", "fade_away", "massive_growth", "bring_forth", "reflections_in_the_water",
    "spiked_armor", "out_of_the_mist", "fear", "seal", "open_memories",
    "blood_transfer", "small_sacrifice", "cut_the_strings", "hypnotize", "abundance",
    "summon_blood_puppet", "blood_puppet", "strike", "empower", "blood_archer",
    "redirect", "enchanted_violinist", "blue_jaguar", "strange_copy",
    "transfer", "golden_veil", "seaside_raven",
})

# Rule variants the kernel reads (Tables.rule_opt; cards.toml [variants]): 1 = the non-default value
OPT_DDR_OWN_FIRST, OPT_KO_DRAW = range(2)   # ddr_order = own_first (AMB-14); pb_double_ko = draw (AMB-4)
NOPT = 2

# Keywords (cards.toml `keywords`) as bits of Tables.card_kw
KEYWORDS = ("unit_guard", "battle_advantage", "magic_guard", "spell_guard", "bypass", "illusion",
            "fleeting", "respark")
KW_UNIT_GUARD, KW_BATTLE_ADVANTAGE, KW_MAGIC_GUARD, KW_SPELL_GUARD, KW_BYPASS, KW_ILLUSION, \
    KW_FLEETING, KW_RESPARK = (1 << k for k in range(len(KEYWORDS)))

# X stats (cards.toml `stat_x`)
SX_NONE, SX_LIFE, SX_ATTACK = 0, 1, 2

# Random streams per game: setup/shuffles, each seat's dice (so two variants on the same seeds
# roll the same dice: common random numbers), reshuffles in play, then the seats' tie-breaks.
RS_SETUP = 0
RS_DICE0 = 1           # + seat
RS_DECK = RS_DICE0 + MAXP
NGAME_STREAMS = RS_DECK + 1
NSTREAM = NGAME_STREAMS + MAX_SEATS

# Phases of a round (checklist rule 30)
PH_SETUP, PH_PREPARE, PH_TURNS, PH_RECOVERY = range(4)

END_REASONS = ("pb_destroyed", "fatigue", "round_limit")
END_PB, END_FATIGUE, END_LIMIT = range(3)
ROUND_LIMIT = 60       # safety cap: the rules have none (checklist rule 142); a draw
ROUND_HIST = 64        # rounds of Phoenixborn life kept per game (results: seats.round_scores)

# Seat counters (results `seats` table, after score/won)
# damage_dealt: damage from the seat (its units, spells, abilities, Phoenixborn and dice powers)
# that landed on opposing units and Phoenixborns, counted as it is received (rules.unit_receives,
# rules.pb_receives: after Magic Guard, Protect and Redirect; wound tokens placed without damage
# are not damage); damage_taken: damage its Phoenixborn received from any source, its own
# included (fatigue included, as in fatigue_damage); units_summoned: conjurations it brought
# into play (a Blood Puppet put on an opponent's battlefield counts for the seat that summoned
# it); units_lost: its units destroyed; dice_powers: dice powers it used; meditations: times it
# meditated; went_first: 1 for the seat that took the first-player token at setup (rule 23).
SEAT_COLUMNS = ("pb_wounds", "fatigue_damage", "cards_played", "passes", "turns_taken",
                "cards_drawn", "dice_spent", "attacks", "damage_dealt", "damage_taken",
                "units_summoned", "units_lost", "dice_powers", "meditations", "went_first")
S_PB_WOUNDS, S_FATIGUE, S_PLAYED, S_PASSES, S_TURNS, S_DRAWN, S_DICE_SPENT, S_ATTACKS, \
    S_DMG_DEALT, S_DMG_TAKEN, S_SUMMONED, S_UNITS_LOST, S_DICE_POWERS, S_MEDITATIONS, \
    S_WENT_FIRST = range(len(SEAT_COLUMNS))
NSEAT = len(SEAT_COLUMNS)

# Per seat and card counters (results `cards` table: acquired = copies in the deck, played, then
# these): drawn (First Five not included), in the First Five, activated, and dealt damage (times
# a copy, or the Phoenixborn, assigned damage above 0 to an opposing unit or Phoenixborn: counted
# when the card assigns it, before any prevention or Redirect, so a hit Magic Guard or Protect
# stops still counts; Spiked Armor's damage and dice powers count for no card)
# first_round: the round the seat first played the card (0 = never; kernel.note_first_round)
C_ACQ, C_PLAYED, C_DRAWN, C_ACTIVATED, C_FIRST_FIVE, C_DAMAGE, C_FIRST_ROUND = range(7)
NCARDSTAT = 7
CARD_COLUMNS = ("drawn", "first_five", "activated", "dealt_damage", "first_round")
NCARD_MAX = 96         # card ids (78 in the core set) with room for data overrides

# Move kinds (rules.legal_moves): a move is kind * MAXI + instance (or target)
MV_PLAY, MV_ACTIVATE, MV_ATTACK_PB, MV_ATTACK_UNIT, MV_MEDITATE, MV_NATURAL, MV_CHARM, MV_CEREMONIAL, \
    MV_ILLUSION, MV_PB_ABILITY, MV_UNIT_ABILITY = range(11)

# Trace events (code, a, b, c)
EV_SETUP, EV_FIRST_ROLL, EV_FIRST_PLAYER, EV_ROUND, EV_ROLL, EV_DRAW, EV_FATIGUE, EV_PASS, \
    EV_PLAY, EV_RECOVER, EV_KEEP_DICE, EV_TOKEN, EV_END, EV_DISCARD, EV_ACTIVATE, EV_ATTACK, \
    EV_BATTLE, EV_DESTROYED, EV_HIT_PB, EV_DICE_POWER, EV_MEDITATE, EV_PB_ABILITY, EV_REACTION, \
    EV_UNIT_ABILITY, EV_OVERTIME, EV_AFTERSHOCK, EV_THROW = range(27)
# Events of the damage/destruction windows and the cards using them (appended: codes above stay)
EV_PREVENT, EV_TRIGGER, EV_DAMAGE, EV_PB_DAMAGE, EV_LEAVES, EV_END_OF_ROUND, EV_SPELL = range(27, 34)
# Dice and costs in the replay (appended): EV_DIE (seat, dice type, face) lists one die of the
# line before it (the pool after a roll, the dice kept at recovery, the faces a meditation set);
# EV_PAID (seat, dice type, face) one die spent for the cost of the next action line of that seat;
# EV_COST (seat, action: 0 none / 1 main / 2 side, exhaustion token (bit 0) + discards << 1) the
# rest of that cost; EV_EXTRA (seat, card) an optional extra cost paid (Purge's Focus 1 card);
# EV_PB_STATUS (seat, Phoenixborn card, wounds) each seat's Phoenixborn at the end of a round.
EV_DIE, EV_PAID, EV_COST, EV_EXTRA, EV_PB_STATUS = range(34, 39)

# The pending-event stack (rule 120's damage and destruction resolution without recursion):
# frame = (kind, target, amount, source seat, damage kind). A unit target is its instance, a
# Phoenixborn target the seat. Frames pushed while one resolves sit on top, so a nested
# resolution finishes first (rule 137).
PK_DMG_UNIT, PK_DMG_PB, PK_CHECK_UNIT, PK_CHECK_PB = range(4)
# Damage kinds (who deals it decides Illusion, Shadow Counter, Magic Guard, Spiked Skin)
DK_ATTACK, DK_SPELL, DK_ABILITY, DK_DICE, DK_OTHER = range(5)


class StateLayout(KernelLayout):
    """Batch state of B Ashes games; the leading axis of every field is the game."""

    i_card: np.ndarray     # int16 (B, MAXI): card id of instance i (-1 = no such instance)
    i_owner: np.ndarray    # int8 (B, MAXI): owner seat (the deck or pile it started in; rule 71)
    i_cont: np.ndarray     # int16 (B, MAXI): container holding i (p * NZ + zone; -1 none)
    i_pos: np.ndarray      # int16 (B, MAXI): index of i in its container's list
    i_parent: np.ndarray   # int16 (B, MAXI): unit an attached alteration is under (-1 none)
    wounds: np.ndarray     # int8 (B, MAXI): wound tokens on i (rule 110)
    exhaust: np.ndarray    # int8 (B, MAXI): exhaustion tokens on i (rule 103)
    status: np.ndarray     # int8 (B, MAXI): status tokens on i (rule 121)
    tmp_atk: np.ndarray    # int8 (B, MAXI): attack bonus of unit i until the end of the turn
    #                        (Strengthen; AMB-25: cleared when the player-turn ends)
    cont: np.ndarray       # int16 (B, NC, MAXI_P): instances in each container, first cont_n valid
    cont_n: np.ndarray     # int16 (B, NC): number of instances in each container
    n_conj: np.ndarray     # int16 (B, MAXP): conjuration instances seat p brought (its pile size)
    pb_card: np.ndarray    # int16 (B, MAXP): card id of seat p's Phoenixborn
    pb_wounds: np.ndarray  # int16 (B, MAXP): wound tokens on p's Phoenixborn
    pb_exhaust: np.ndarray  # int8 (B, MAXP): exhaustion tokens on p's Phoenixborn
    die_type: np.ndarray   # int8 (B, MAXP, NDICE): DT_* of each of p's dice
    die_face: np.ndarray   # int8 (B, MAXP, NDICE): F_* face showing
    die_loc: np.ndarray    # int8 (B, MAXP, NDICE): L_ACTIVE / L_EXHAUSTED / L_ON_CARD
    die_host: np.ndarray   # int16 (B, MAXP, NDICE): instance a die sits on (L_ON_CARD), else -1
    players: np.ndarray    # int8 (B,): seats in the game
    alive: np.ndarray      # int8 (B, MAXP): 1 = still in the game (rule 140)
    first: np.ndarray      # int8 (B,): first-player token holder (rules 23, 133)
    cur: np.ndarray        # int8 (B,): seat whose turn it is
    phase: np.ndarray      # int8 (B,): PH_* of the round
    rnd: np.ndarray        # int32 (B,): rounds started
    turn: np.ndarray       # int32 (B,): player turns taken (all seats)
    pass_run: np.ndarray   # int8 (B,): consecutive turns whose main action was a pass (rule 42)
    main_used: np.ndarray  # int8 (B, MAXP): the main action of p's current turn is used (rule 38)
    side_left: np.ndarray  # int8 (B, MAXP): side actions p may still take this turn (rule 38)
    react_used: np.ndarray  # int8 (B, MAXP): reaction spells p played this player-turn (rule 123)
    first_rolls: np.ndarray  # int16 (B,): first-player rolls made, re-rolls included (rule 23)
    scratch: np.ndarray    # int16 (B, NSCRATCH, MAXI_P): working lists, so no phase allocates
    pend: np.ndarray       # int16 (B, PEND, 5): pending damage / destruction frames (PK_* ...)
    pend_n: np.ndarray     # int16 (B,): frames on the pending stack
    tmp_flag: np.ndarray   # int8 (B, MAXI): until-end-of-turn flags of unit i (1 = Bypass)
    score_hist: np.ndarray  # int16 (B, ROUND_HIST, MAXP): life left on each Phoenixborn at the end of
    #                         each round (0 once destroyed; rules.keep_round), for the results'
    #                         round_scores and game-quality columns (simlab.games.rounds)


@structref.register
class StateType(ArrayStruct):
    """Numba type of :class:`State`."""


class State(ArrayStructProxy):
    """The batch state (fields: :class:`StateLayout`), a StructRef passed by reference."""


define_struct(State, StateType, StateLayout)


def new_state(batch: int, trace_events: int = 0) -> State:
    """Allocate the state of ``batch`` games (zeroed; ``rules.setup`` fills it)."""
    z = np.zeros
    return State(
        **kernel_arrays(batch, NGAME_STREAMS, NSEAT, (NCARD_MAX, NCARDSTAT), trace_events),
        i_card=np.full((batch, MAXI), -1, np.int16), i_owner=z((batch, MAXI), np.int8),
        i_cont=np.full((batch, MAXI), -1, np.int16), i_pos=z((batch, MAXI), np.int16),
        i_parent=np.full((batch, MAXI), -1, np.int16), wounds=z((batch, MAXI), np.int8),
        exhaust=z((batch, MAXI), np.int8), status=z((batch, MAXI), np.int8),
        tmp_atk=z((batch, MAXI), np.int8),
        cont=z((batch, NC, MAXI_P), np.int16), cont_n=z((batch, NC), np.int16),
        n_conj=z((batch, MAXP), np.int16), pb_card=z((batch, MAXP), np.int16),
        pb_wounds=z((batch, MAXP), np.int16), pb_exhaust=z((batch, MAXP), np.int8),
        die_type=z((batch, MAXP, NDICE), np.int8), die_face=z((batch, MAXP, NDICE), np.int8),
        die_loc=z((batch, MAXP, NDICE), np.int8),
        die_host=np.full((batch, MAXP, NDICE), -1, np.int16),
        players=z(batch, np.int8), alive=z((batch, MAXP), np.int8), first=z(batch, np.int8),
        cur=z(batch, np.int8), phase=z(batch, np.int8), rnd=z(batch, np.int32),
        turn=z(batch, np.int32), pass_run=z(batch, np.int8), main_used=z((batch, MAXP), np.int8),
        side_left=z((batch, MAXP), np.int8), react_used=z((batch, MAXP), np.int8),
        first_rolls=z(batch, np.int16), scratch=z((batch, NSCRATCH, MAXI_P), np.int16),
        pend=z((batch, PEND, 5), np.int16), pend_n=z(batch, np.int16), tmp_flag=z((batch, MAXI), np.int8),
        score_hist=z((batch, ROUND_HIST, MAXP), np.int16),
    )


class TablesLayout:
    """The game's data as arrays (built by data.py); index = card id unless said otherwise."""

    card_type: np.ndarray    # int8 (NCARD,): T_*
    card_place: np.ndarray   # int8 (NCARD,): P_*
    card_cost: np.ndarray    # int8 (NCARD, NCOST): play cost (CO_* columns)
    card_act: np.ndarray     # int8 (NCARD, NCOST): activation / trigger cost (zeros = none)
    card_attack: np.ndarray  # int8 (NCARD,): unit attack (-1 = X)
    card_life: np.ndarray    # int8 (NCARD,): unit or Phoenixborn life (-1 = X)
    card_recover: np.ndarray  # int8 (NCARD,): unit recover
    card_bf: np.ndarray      # int8 (NCARD,): Phoenixborn battlefield value
    card_sb: np.ndarray      # int8 (NCARD,): Phoenixborn spellboard value
    card_mod: np.ndarray     # int8 (NCARD, 3): alteration attack / life / recover bonus
    card_limit: np.ndarray   # int8 (NCARD,): conjuration limit (0 = not a conjuration)
    card_unique: np.ndarray  # int16 (NCARD,): card id of the only Phoenixborn allowed (-1 any)
    card_effect: np.ndarray  # int16 (NCARD,): effect code (data.EFFECTS index)
    card_focus: np.ndarray   # int8 (NCARD,): highest Focus level the card has
    card_conj: np.ndarray    # int16 (NCARD,): the conjuration a card brings in (-1 none)
    card_summoner: np.ndarray  # int16 (NCARD,): a conjuration's summoning spell (-1 none)
    card_statx: np.ndarray   # int8 (NCARD,): SX_* (which stat is X)
    card_impl: np.ndarray    # int8 (NCARD,): 1 = its effect is implemented (state.IMPLEMENTED)
    card_kw: np.ndarray      # int16 (NCARD,): KW_* bits
    card_respark: np.ndarray  # int8 (NCARD, NCOST): Respark cost (zeros = no Respark; rule 118)
    rule_opt: np.ndarray     # int8 (NOPT,): rule variants the kernel reads (OPT_*; 0 = default)
    seat_pb: np.ndarray      # int16 (MAXP,): card id of each seat's Phoenixborn
    seat_deck: np.ndarray    # int16 (MAXP, DECK): card id of each seat's 30 deck cards
    seat_conj: np.ndarray    # int16 (MAXP, MAX_CONJ): conjuration pile card ids (-1 = none)
    seat_dice: np.ndarray    # int8 (MAXP, NDICE): die type of each seat's 10 dice
    seat_ff: np.ndarray      # int16 (MAXP, FIRST_FIVE): the seat's First Five card ids


@structref.register
class TablesType(ArrayStruct):
    """Numba type of :class:`Tables`."""


class Tables(ArrayStructProxy):
    """The game's data tables (fields: :class:`TablesLayout`), a StructRef."""


define_struct(Tables, TablesType, TablesLayout)


# ---------------------------------------------------------------------------------------------
# Container helpers
# ---------------------------------------------------------------------------------------------

@njit(cache=True, inline="always")
def zone_of(p, z):
    """Container index of seat p's zone z."""
    return p * NZ + z


@njit(cache=True)
def place(s, b, i, c):
    """Move instance i of game b to the end (top) of container c: O(1) swap-remove from its old
    list, so taking the top of a pile keeps the pile's order."""
    old = s.i_cont[b, i]
    if old >= 0:
        k = s.i_pos[b, i]
        last = s.cont_n[b, old] - 1
        moved = s.cont[b, old, last]
        s.cont[b, old, k] = moved
        s.i_pos[b, moved] = k
        s.cont_n[b, old] = last
    k = s.cont_n[b, c]
    s.cont[b, c, k] = i
    s.i_pos[b, i] = k
    s.cont_n[b, c] = k + 1
    s.i_cont[b, i] = c


@njit(cache=True, inline="always")
def zone_n(s, b, p, z):
    """Number of instances in seat p's zone z."""
    return s.cont_n[b, p * NZ + z]


@njit(cache=True)
def spellboard_names(s, b, p):
    """Different ready-spell names on p's spellboard: copies of one name stack in one slot
    (focus), so only names count against the spellboard value (checklist rules 60-61)."""
    c = p * NZ + Z_SPELLBOARD
    n = s.cont_n[b, c]
    names = 0
    for k in range(n):
        card = s.i_card[b, s.cont[b, c, k]]
        seen = False
        for j in range(k):
            if s.i_card[b, s.cont[b, c, j]] == card:
                seen = True
                break
        if not seen:
            names += 1
    return names


@njit(cache=True)
def copies_on_spellboard(s, b, p, card):
    """Copies of ready spell ``card`` on p's spellboard (focus level = copies - 1, rule 63)."""
    c = p * NZ + Z_SPELLBOARD
    m = 0
    for k in range(s.cont_n[b, c]):
        if s.i_card[b, s.cont[b, c, k]] == card:
            m += 1
    return m


@njit(cache=True)
def unit_life(s, t, b, i):
    """Life of unit i in play (rule 114: only effects change life): printed life, or for an X
    life (Butterfly Monk) the copies of its summoning spell on its controller's spellboard
    (checklist §2 #18), plus attached alterations' bonuses (rule 126) and charm dice (rule 100)."""
    card = s.i_card[b, i]
    life = np.int32(t.card_life[card])
    if t.card_statx[card] == SX_LIFE:
        life = np.int32(copies_on_spellboard(s, b, s.i_cont[b, i] // NZ, t.card_summoner[card]))
    elif t.card_effect[card] == E_STRANGE_COPY:
        life = np.int32(s.status[b, i])  # Strange Copy: life = its status tokens (§2 #64)
    for j in range(s.i_card.shape[1]):
        if s.i_parent[b, j] == i and s.i_cont[b, j] >= 0 and s.i_cont[b, j] % NZ == Z_ATTACHED:
            life += t.card_mod[s.i_card[b, j], 1]
    return life + charm_dice_on(s, b, i)


@njit(cache=True)
def unit_attack(s, t, b, i):
    """Attack of unit i in play: printed attack, or for an X attack (Silver Snake) its status
    tokens (checklist §2 #25), plus attached alterations' bonuses (rule 126), charm dice (rule 100)
    and until-end-of-turn bonuses (Strengthen)."""
    card = s.i_card[b, i]
    atk = np.int32(t.card_attack[card])
    if t.card_statx[card] == SX_ATTACK or t.card_effect[card] == E_STRANGE_COPY:
        atk = np.int32(s.status[b, i])
    for j in range(s.i_card.shape[1]):
        if s.i_parent[b, j] == i and s.i_cont[b, j] >= 0 and s.i_cont[b, j] % NZ == Z_ATTACHED:
            atk += t.card_mod[s.i_card[b, j], 0]
    return atk + charm_dice_on(s, b, i) + s.tmp_atk[b, i]


@njit(cache=True)
def charm_dice_on(s, b, i):
    """Dice sitting on unit i (the charm power: +1 attack and +1 life each, rule 100)."""
    n = 0
    for q in range(s.die_host.shape[1]):
        for d in range(NDICE):
            if s.die_loc[b, q, d] == L_ON_CARD and s.die_host[b, q, d] == i:
                n += 1
    return n


@njit(cache=True)
def dice_count(s, b, p, loc):
    """Number of p's dice at location ``loc`` (L_*)."""
    n = 0
    for d in range(NDICE):
        if s.die_loc[b, p, d] == loc:
            n += 1
    return n


@njit(cache=True)
def log(s, b, code, a, x, y):
    """Append a trace event when tracing (ev has room); a no-op in batch runs."""
    n = s.ev.shape[1]
    if n <= 1:
        return
    k = s.ev_n[b]
    if k < n:
        s.ev[b, k, 0] = s.rnd[b]
        s.ev[b, k, 1] = s.cur[b]
        s.ev[b, k, 2] = code
        s.ev[b, k, 3] = a
        s.ev[b, k, 4] = x
        s.ev[b, k, 5] = y
        s.ev_n[b] = k + 1


@njit(cache=True)
def tally_damage(s, b, p, card, n):
    """Results counters only: seat p's ``card`` (a unit, spell, alteration or Phoenixborn card id)
    assigned n damage to an opposing unit or Phoenixborn; counted where the card assigns it,
    before prevention (Magic Guard, Protect) or Redirect. The seat's damage_dealt is counted
    where the damage lands (:func:`tally_landed_unit`, :func:`tally_landed_pb`). No effect on
    play."""
    if n > 0 and card >= 0:
        s.card[b, p, card, C_DAMAGE] += 1


@njit(cache=True)
def tally_landed_unit(s, b, src, q, n):
    """Results counters only: n damage from seat ``src`` (-1 none) landed on a unit of seat q,
    after prevention and redirection."""
    if n > 0 and src >= 0 and src != q:
        s.seat[b, src, S_DMG_DEALT] += n


@njit(cache=True)
def tally_landed_pb(s, b, src, q, n):
    """Results counters only: n damage from seat ``src`` (-1 none) landed on q's Phoenixborn,
    after Redirect: damage q took, and damage ``src`` dealt if it is an opponent."""
    if n > 0:
        s.seat[b, q, S_DMG_TAKEN] += n
        if src >= 0 and src != q:
            s.seat[b, src, S_DMG_DEALT] += n


@njit(cache=True)
def count_violations(s, t, b):
    """Invariant checks (checklist §3.3): every seat's 30 deck cards and its conjuration pile are
    each in exactly one zone and the container lists agree with ``i_cont``/``i_pos``; a
    conjuration is never in a hand, draw pile or discard pile (rule 70) and the conjurations of
    each card id stay within their limit (rule 13); 10 dice per seat, each in one location, a die
    on a card only with a host; an attached alteration under a unit in play (rule 126); no
    negative tokens; wounds below life for every unit in play and for a living Phoenixborn while
    the game goes on (rule 111, AMB-4); battlefield and spellboard within the Phoenixborn's values
    (rules 60, 67); no pending damage frame left (rules.run_pending); at most one reaction per
    seat in the current player-turn (rule 123)."""
    bad = 0
    players = s.players[b]
    seen = 0
    for c in range(players * NZ):
        n = s.cont_n[b, c]
        if n < 0 or n > MAXI_P:
            bad += 1
            continue
        seen += n
        for k in range(n):
            i = s.cont[b, c, k]
            if i < 0 or i >= MAXI or s.i_cont[b, i] != c or s.i_pos[b, i] != k:
                bad += 1
    expect = 0
    for p in range(players):
        expect += DECK + s.n_conj[b, p]
        for k in range(MAXI_P):
            i = p * MAXI_P + k
            used = k < DECK + s.n_conj[b, p]
            if used != (s.i_card[b, i] >= 0) or used != (s.i_cont[b, i] >= 0):
                bad += 1
            if not used:
                continue
            if s.i_owner[b, i] != p:
                bad += 1
            if s.wounds[b, i] < 0 or s.exhaust[b, i] < 0 or s.status[b, i] < 0:
                bad += 1
            z = s.i_cont[b, i] % NZ
            is_conj = k >= DECK
            if is_conj and (z == Z_HAND or z == Z_DRAW or z == Z_DISCARD):
                bad += 1
            if not is_conj and z == Z_CONJ:
                bad += 1
            if z == Z_BATTLEFIELD and s.wounds[b, i] >= unit_life(s, t, b, i):
                bad += 1
            # an attached alteration sits under a unit in play, and only then has a parent
            parent = s.i_parent[b, i]
            if (z == Z_ATTACHED) != (parent >= 0):
                bad += 1
            elif parent >= 0 and s.i_cont[b, parent] % NZ != Z_BATTLEFIELD:
                bad += 1
    if seen != expect:
        bad += 1
    if s.pend_n[b] != 0:  # every damage / destruction frame is resolved before a phase ends
        bad += 1
    for p in range(players):
        for d in range(NDICE):
            loc = s.die_loc[b, p, d]
            if loc < L_ACTIVE or loc > L_ON_CARD:
                bad += 1
            if (loc == L_ON_CARD) != (s.die_host[b, p, d] >= 0):
                bad += 1
        if s.pb_wounds[b, p] < 0 or s.pb_exhaust[b, p] < 0:
            bad += 1
        if s.react_used[b, p] > 1:  # at most one reaction per player-turn (rule 123)
            bad += 1
        pb = s.pb_card[b, p]
        # a living Phoenixborn is below its life; after a double KO the game ends with the
        # ordering seat's Phoenixborn never resolved (AMB-4), so only while the game goes on
        if s.done[b] == 0 and s.alive[b, p] == 1 and s.pb_wounds[b, p] >= t.card_life[pb]:
            bad += 1
        if zone_n(s, b, p, Z_BATTLEFIELD) > t.card_bf[pb]:
            bad += 1
        if spellboard_names(s, b, p) > t.card_sb[pb]:
            bad += 1
        # conjurations within their limits: per card id, the copies seat p owns
        for k in range(DECK, DECK + s.n_conj[b, p]):
            card = s.i_card[b, p * MAXI_P + k]
            m = 0
            for j in range(DECK, DECK + s.n_conj[b, p]):
                if s.i_card[b, p * MAXI_P + j] == card:
                    m += 1
            if m > t.card_limit[card]:
                bad += 1
    return bad
