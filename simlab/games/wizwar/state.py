"""Wiz-War batch state, the codes the kernel uses, and the helpers that move cards.

Every Magic card of a game is an *instance* (index ``i`` < ``n_inst``) that sits in exactly one
*container*: the deck, the discard pile, a seat's hand, the items a seat carries (R65, R104), or
the floor (dropped items, each on a square: ``c_sq``). Containers keep a list of their
instances, so a draw or a move is O(1) (swap-remove); the top of the deck is the last entry.

The board of a game is one deal from the tables' pool of assembled boards (``deal``). What cards
can change lives in the game's own rows, copied from the deal at setup: the border kinds
(``edge_kind``: Destroy Wall, Create Wall, Stone Block), the grid-corner columns derived from
them (``column``, A-13) and the square fillers (``fill``); ``rules.geo_of`` builds the game's
Geometry from them.
"""

from __future__ import annotations

import numpy as np
from numba.experimental import structref

from simlab.games.base import ArrayStruct, ArrayStructProxy, define_struct
from simlab.games.jit import njit
from simlab.games.kernel import KernelLayout, kernel_arrays, shuffle_list
from simlab.games.wizwar.board import DOOR, WALL
from simlab.games.wizwar.movement import SIGHT_ONLY

MAXP = 4
MAXI = 176          # card instances: 12 cantrips + 6 schools x 24 = 156 (R4; Giant Book of Spells), or
#                     two decks of 12 cantrips + 3 schools (Custom Spellbook, R176): 2 x 84 = 168
NTR = 2 * MAXP      # treasures: two per colour (R4, R23); treasure k belongs to seat k // 2
Z_DECK, Z_DISCARD, Z_HAND0 = 0, 1, 2
Z_ITEMS0 = Z_HAND0 + MAXP
Z_FLOOR = Z_ITEMS0 + MAXP
Z_MAINT0 = Z_FLOOR + 1    # the maintained spells of seat 0..3 (temporary and permanent spells in front
#                           of their caster, R83-R86)
Z_DECK1 = Z_MAINT0 + MAXP  # the second team's deck and discard pile (Custom Spellbook, R176)
Z_DISCARD1 = Z_DECK1 + 1
# containers: deck, discard, hand of seat 0..3, items of seat 0..3, floor, maintained spells of
# seat 0..3, deck 1, discard 1
NZONE = Z_DISCARD1 + 1

START_LIFE = 15     # R6, R25
MAX_LIFE = 20       # R152
HAND_LIMIT = 7      # R169, R173 (hand + maintained spells + carried items)
START_HAND = 5      # R24
DRAW_MAX = 2        # R169
BASE_SPEED = 3      # R32
WIN_VP = 2          # R1
ROUND_LIMIT = 60    # safety cap on rounds, then a draw counted as its own end reason
ROUND_HIST = 64     # rounds of points kept per game (results: seats.round_scores)
MAX_ACTIONS = 40    # per Move and Cast phase: a guard against bots that never end the phase
MAXOPT = 320        # legal options of one decision (rules.enumerate_options)
WALKS = 32          # searches a game remembers (movement.distances): of a balanced game's searches, 72%
#                     at 2 players and 20% at 4 repeat one of its last 32 on the same board (16 answered
#                     none at 4 players: a decision's trial turns searched more than 16 boards)
GRAPHS = 8          # step graphs a game remembers (movement.step_graph): one per colour mask and board
#                     searched (the board as it is and the trial turns' boards)
TRIALS = 12         # trial sector turns a game remembers (rotation.turn_marked): every turn of every slot
#                     (4 x 3 at 4 players; 8 answered none there); 95% of a balanced two-player game's
#                     trials and 92% of a four-player game's repeat one of its last 12

# Random streams of one game: setup (deal, colours, first player, first shuffle), dice (d4: no
# implemented card rolls yet), reshuffles of the discard pile, then the seats' tie-breaks.
RS_SETUP, RS_DICE, RS_DECK = 0, 1, 2
NGAME_STREAMS = 3

# Card types (cards.toml `type`, R60)
T_ATTACK, T_COUNTER, T_NEUTRAL, T_ITEM, T_ENERGY, T_UNKNOWN = 0, 1, 2, 3, 4, 5
TYPES = ("attack", "counter", "neutral", "item", "energy", "unknown")

# Effect codes the rules implement (and tests cover). Every other card stays out of the deck.
IMPLEMENTED = frozenset({
    "energy", "zot", "fireball", "powerthrust", "stone_dead", "ka_bong", "fire_darts",
    "full_shield", "shield", "negate_neutral", "meditate", "drop_object", "mad_dash",
    "speedstone", "lifestone", "powerstone", "spellstone", "bloodshard", "mightstone", "large_rock",
    "boomstone", "null_powder", "pick_lock", "master_key", "brainstone",
    "windrider", "teleport", "lightning_bolt", "waterbolt", "mental_force",
    # helper "mind" (Mentalism instants)
    "brain_burn", "psychic_storm", "share_life", "thought_steal", "absorb_spell", "add",
    # maintained spells (helper "maint")
    "acid_bath", "stone_spikes", "fog", "flood", "mist_body", "pain_link", "fire_cloak", "dispel",
    "destroy_wall", "create_wall", "stone_block",
    # helper "thaum"
    "anti_anti", "backlash", "invisible", "slow_death", "globe_of_pain", "yoink",
    "gravity", "swap", "ward", "strength", "stretch", "heave_ho",
    "featherweight",
    # helper "forms"
    "golem_form", "werewolf_form", "gnome_form", "slime_form", "extra_arms", "adrenaline", "disease",
    "big_man_form",
    # helper "sight"
    "wall_of_earth", "around_the_corner", "astral_projection", "visionstone", "rotate_sector",
    "wallivore", "pass_through_wall", "create_door", "seal_door",
    # helper "objects"
    "shatter", "universal_solvent", "wall_of_fire", "wizardblade", "rosebush", "thornbush", "dust_cloud",
    "glue", "handful_of_tacks", "booby_trap",
})
# Effect codes used by the compiled rules (index = code); any other effect is E_OTHER.
EFFECTS = ("other", "energy", "zot", "fireball", "powerthrust", "stone_dead", "ka_bong", "fire_darts",
           "full_shield", "shield", "negate_neutral", "meditate", "drop_object", "mad_dash",
           "speedstone", "lifestone", "powerstone", "spellstone", "bloodshard", "mightstone", "large_rock",
           "boomstone", "null_powder", "pick_lock", "master_key", "brainstone",
           # codes given before their rules exist (not in IMPLEMENTED until they do)
           "brain_burn", "psychic_storm", "share_life", "thought_steal", "absorb_spell", "add",
           "acid_bath", "pain_link", "stone_spikes", "fog", "flood", "dispel", "fire_cloak", "mist_body",
           "windrider", "teleport", "lightning_bolt", "waterbolt", "mental_force",
           "destroy_wall", "create_wall", "stone_block",
           # helper "sight"
           "around_the_corner", "astral_projection", "visionstone", "rotate_sector", "wall_of_earth",
           "pass_through_wall", "wallivore", "create_door", "seal_door",
           # helper "objects"
           "shatter", "wizardblade", "universal_solvent", "rosebush", "thornbush", "dust_cloud",
           "handful_of_tacks", "glue", "booby_trap", "wall_of_fire",
           # helper "forms"
           "gnome_form", "adrenaline", "big_man_form", "extra_arms", "golem_form", "slime_form",
           "werewolf_form", "disease",
           # helper "thaum"
           "ward", "swap", "anti_anti", "backlash", "globe_of_pain", "slow_death", "yoink", "invisible",
           "gravity", "featherweight", "heave_ho", "stretch", "strength")
(E_OTHER, E_ENERGY, E_ZOT, E_FIREBALL, E_POWERTHRUST, E_STONE_DEAD, E_KA_BONG, E_FIRE_DARTS,
 E_FULL_SHIELD, E_SHIELD, E_NEGATE_NEUTRAL, E_MEDITATE, E_DROP_OBJECT, E_MAD_DASH,
 E_SPEEDSTONE, E_LIFESTONE, E_POWERSTONE, E_SPELLSTONE, E_BLOODSHARD, E_MIGHTSTONE, E_LARGE_ROCK,
 E_BOOMSTONE, E_NULL_POWDER, E_PICK_LOCK, E_MASTER_KEY, E_BRAINSTONE,
 E_BRAIN_BURN, E_PSYCHIC_STORM, E_SHARE_LIFE, E_THOUGHT_STEAL, E_ABSORB_SPELL, E_ADD,
 E_ACID_BATH, E_PAIN_LINK, E_STONE_SPIKES, E_FOG, E_FLOOD, E_DISPEL, E_FIRE_CLOAK, E_MIST_BODY,
 E_WINDRIDER, E_TELEPORT, E_LIGHTNING_BOLT, E_WATERBOLT, E_MENTAL_FORCE,
 E_DESTROY_WALL, E_CREATE_WALL, E_STONE_BLOCK,
 E_AROUND_THE_CORNER, E_ASTRAL_PROJECTION, E_VISIONSTONE, E_ROTATE_SECTOR, E_WALL_OF_EARTH, E_PASS_THROUGH_WALL,
 E_WALLIVORE, E_CREATE_DOOR, E_SEAL_DOOR,
 E_SHATTER, E_WIZARDBLADE, E_UNIVERSAL_SOLVENT, E_ROSEBUSH, E_THORNBUSH, E_DUST_CLOUD, E_HANDFUL_OF_TACKS, E_GLUE,
 E_BOOBY_TRAP, E_WALL_OF_FIRE,
 E_GNOME_FORM, E_ADRENALINE, E_BIG_MAN_FORM, E_EXTRA_ARMS, E_GOLEM_FORM, E_SLIME_FORM, E_WEREWOLF_FORM, E_DISEASE,
 E_WARD, E_SWAP, E_ANTI_ANTI, E_BACKLASH, E_GLOBE_OF_PAIN, E_SLOW_DEATH, E_YOINK, E_INVISIBLE, E_GRAVITY,
 E_FEATHERWEIGHT, E_HEAVE_HO, E_STRETCH, E_STRENGTH) = range(len(EFFECTS))

# A bit added to a border's kind (State.edge_kind) on every side of a square a Stone Block fills:
# movement and sight pass only kinds OPEN and DOOR exactly, so the bit blocks both (rules.py,
# "walls cards"); KIND masks it off to read the printed or created kind underneath.
FILLED = 0x10
KIND = 0x0F
# helper sight: a bit added to a door's kind while Seal Door lasts: movement and sight pass only
# kinds OPEN and DOOR exactly, so nobody opens or unlocks it (A-35: its owner neither); KIND
# masks it off, so the door can still be destroyed (card text)
SEALED = 0x40  # (0x20 is movement.SIGHT_ONLY, the bushes)
# What fills a square (State.fill): nothing, a Stone Block (no step, no sight), a Rosebush or a
# Thornbush (sight stops at the movement.SIGHT_ONLY bit on their sides, steps pass); helper objects
FILL_NONE, FILL_BLOCK, FILL_ROSE, FILL_THORN, FILL_DUST, FILL_TACKS = 0, 1, 2, 3, 4, 5
STEP_RANDOM = 4  # O_STEP's side when leaving a Dust Cloud: the d4 chooses it (helper objects)


@njit(cache=True)
def fill_bits(f):
    """The bit a filler of kind f puts on its square's sides: FILLED (a Stone Block: no step,
    no sight) or SIGHT_ONLY (a bush or Dust Cloud: no sight); 0 for an empty square or one with
    tacks (rules.py, rotation.py)."""
    if f == FILL_BLOCK:
        return FILLED
    if f == FILL_ROSE or f == FILL_THORN or f == FILL_DUST:
        return SIGHT_ONLY
    return 0  # empty, or Handful of Tacks (an item on the floor: no bit)

# Options of a decision: rows of (kind, a, x, y, z) in State.opt
O_END, O_STEP, O_BOOST, O_PICKUP, O_DROP, O_PUNCH, O_ATTACK, O_NEUTRAL, O_ITEM, O_ITEM_DROP, O_ITEM_PICK, \
    O_THROW, O_UNLOCK = range(13)
O_AREA = 13  # an attack spell aimed at a square (Psychic Storm)
O_ADD = 14   # Add: two cards' energy values as one boost of a spell or of speed
O_END_SPELL = 15  # end one of one's own maintained spells (R84, R88), or one by Null Powder
O_TEAR = 16  # helper thaum: Strength's attack, tearing a treasure or item from a wizard in one's square
O_STRETCH = 17  # helper thaum: Stretch, a pick-up, drop or punch anywhere in sight
STRETCH_TREASURE, STRETCH_ITEM, STRETCH_DROP, STRETCH_PUNCH = range(4)  # O_STRETCH modes (x)
O_HEAVE = 18  # helper thaum: Heave-Ho, throwing one's carried treasure at a wizard or a square in sight
O_GATHER = 19  # helper forms: Extra Arms' 1-MP pick-up of all items and treasure a (-1 none)
O_OBJECT = 20  # helper objects: damage or dissolve a wall, door or filled square (R122-R127)
O_BLADE = 21   # helper objects: a Wizardblade attack on a wizard
O_TACKS = 22   # helper objects: drop a carried Handful of Tacks (x = 0) or collect dropped ones (x = 1)
NKIND = 23
# O_STEP: a = side (STEP_RANDOM: out of a Dust Cloud); O_BOOST: a = card instance; O_PICKUP:
# a = treasure; O_PUNCH: a = target seat;
# O_ATTACK / O_NEUTRAL: a = card instance, x = target seat, y = boosting instance (-1), z = mode
# (Zot!: 0 damage, 1 stun; Drop Object: -1 the treasure, else the carried item instance to drop);
# O_ITEM: a = item instance played from the hand (R65); O_ITEM_DROP: a = carried item dropped
# (R109); O_ITEM_PICK: a = item on the floor of one's square picked up for 1 MP (R106);
# O_THROW: a = carried thrown weapon, x = target seat (R100, R113); O_UNLOCK: a = Pick Lock in
# the hand or a carried Master Key, x = the door's border (R43);
# O_AREA: a = attack spell instance, x = target square, y = boosting instance (-1)
# O_TEAR: a = the wizard in one's square, x = -1 its treasure, else its carried item instance
# O_STRETCH: a = Stretch instance, x = mode (STRETCH_*), y = the treasure, floor item or seat
# punched, z = the square a treasure is put down on
# O_HEAVE: a = Heave-Ho instance, x = the target wizard (-1: a square), y = the target square
# O_OBJECT: a = the attack spell, thrown item or Universal Solvent (-1: a punch), x = the target
# (a border e >= 0, or a filled square sq as -1 - sq), y = boosting instance (-1; Wizardblade: the
# card discarded for its energy), z = how (rules.OBJ_*)
# O_BLADE: a = the carried Wizardblade, x = target seat, y = the hand card discarded for its energy
# O_TACKS: a = the Handful of Tacks instance, x = 0 drop / 1 collect, z = the square
# O_ADD: a = the boosted attack spell instance (-1: a speed boost), x = its target seat (or
# square for Psychic Storm), y and z = the two cards whose energy values Add combines

# Seat counters (results `seats` table, in this order after score/won)
SEAT_COLUMNS = (
    "vp", "vp_kill", "vp_treasure", "life_end", "died", "killed_by", "turns_taken", "first_player",
    "colour", "damage_dealt", "damage_taken", "attacks", "punches", "attack_spells", "countered",
    "counters_played", "speed_boosts", "steps", "treasures_picked", "treasures_delivered",
    "cards_drawn", "death_square", "steal_square",
)
(S_VP, S_VP_KILL, S_VP_TREASURE, S_LIFE_END, S_DIED, S_KILLED_BY, S_TURNS, S_FIRST, S_COLOUR,
 S_DMG_DEALT, S_DMG_TAKEN, S_ATTACKS, S_PUNCHES, S_ATTACK_SPELLS, S_COUNTERED, S_COUNTERS, S_BOOSTS,
 S_STEPS, S_PICKED, S_DELIVERED, S_DRAWN, S_DEATH_SQ, S_STEAL_SQ) = range(len(SEAT_COLUMNS))
# S_DEATH_SQ / S_STEAL_SQ hold a square + 1 (0 = never): where the wizard died, and where it first
# picked up an enemy's treasure. The results give them as board rows and columns (death_row,
# death_col, steal_row, steal_col; -1 = never) for the board heat map (studies.square_events).
SQUARE_SEAT_COLUMNS = ("death_square", "steal_square")
NSEAT = len(SEAT_COLUMNS)

# Per seat and card counters (results `cards` table): acquired = drawn or taken, played = for its
# effect, energy = spent for its energy value (speed or spell boost, R36, R92, R63)
# first_round: the round the seat first cast the card (0 = never; kernel.note_first_round)
CARD_COLUMNS = ("energy", "first_round")
C_ACQ, C_PLAYED, C_ENERGY, C_FIRST_ROUND = 0, 1, 2, 3
NCARDSTAT = 4

END_REASONS = ("points", "last_alive", "all_dead", "round_limit")
END_POINTS, END_LAST_ALIVE, END_ALL_DEAD, END_ROUND_LIMIT = 0, 1, 2, 3


class StateLayout(KernelLayout):
    """Batch state of B Wiz-War games; the leading axis of every field is the game."""

    deal: np.ndarray       # int16 (B,): the board of this game (index into the tables' deal pool)
    players: np.ndarray    # int8 (B,)
    colour: np.ndarray     # int8 (B, MAXP): colour index of seat p (its sector, doors and treasures)
    first: np.ndarray      # int8 (B,): first player (R25)
    cur: np.ndarray        # int8 (B,): seat whose turn it is
    turn: np.ndarray       # int32 (B,): player turns started so far
    rnd: np.ndarray        # int32 (B,): rounds started (a round begins with the first player)
    score_hist: np.ndarray  # int16 (B, ROUND_HIST, MAXP): each seat's points at the end of each round
    #                         (-1 once dead, as the score; rules.keep_round), for the results'
    #                         round_scores and game-quality columns (simlab.games.rounds)
    pos: np.ndarray        # int16 (B, MAXP): square of seat p's wizard (-1 dead)
    life: np.ndarray       # int16 (B, MAXP)
    alive: np.ndarray      # int8 (B, MAXP)
    vp_kill: np.ndarray    # int8 (B, MAXP): kill points (never lost, R161)
    stun: np.ndarray       # int8 (B, MAXP): stun tokens (R9, R30)
    first_done: np.ndarray  # int8 (B, MAXP): seat p has finished its first turn (R51)
    brain_seen: np.ndarray  # int8 (B, MAXP): seat p has had a Brainstone before (its draw is once)
    carrying: np.ndarray   # int8 (B, MAXP): treasure carried by seat p, -1 (R118: at most one)
    tr_sq: np.ndarray      # int16 (B, NTR): where treasure k lies; -1 = in a wizard's hands
    tr_carrier: np.ndarray  # int8 (B, NTR): the seat holding treasure k, or -1
    inst_card: np.ndarray  # int16 (B, MAXI): card id of instance i (-1 = no instance)
    c_cont: np.ndarray     # int8 (B, MAXI): container of instance i
    c_pos: np.ndarray      # int16 (B, MAXI): index of i in its container's list
    c_sq: np.ndarray       # int16 (B, MAXI): square of a dropped item on the floor (-1 elsewhere)
    cont: np.ndarray       # int16 (B, NZONE, MAXI): instances in each container, first cont_n valid
    cont_n: np.ndarray     # int16 (B, NZONE)
    n_inst: np.ndarray     # int16 (B,): card instances in this game
    mp: np.ndarray         # int16 (B,): movement points left this phase (R32)
    boosted: np.ndarray    # int8 (B,): the speed boost of this turn is used (R36)
    attacked: np.ndarray   # int8 (B,): attacks made this turn (R49: one, Adrenaline two; R144)
    moved: np.ndarray      # int8 (B,): the wizard has moved this turn (stun, R140)
    stunned: np.ndarray    # int8 (B,): the active wizard is stunned this turn (R30)
    no_pickup: np.ndarray  # int8 (B,): no treasure pick-up for the rest of the turn (Mad Dash)
    mc_over: np.ndarray    # int8 (B,): the Move and Cast phase has ended (R116)
    unlocked: np.ndarray   # int16 (B,): a door border unlocked for the active wizard until it
    #                        passes through (Pick Lock, Master Key; R44), -1
    opt: np.ndarray        # int16 (B, MAXOPT, 5): legal options of the current decision
    opt_n: np.ndarray      # int16 (B,)
    view_num: np.ndarray   # float64 (B, 7): the active bot's view of the decision (bots.decision_view)
    view_field: np.ndarray  # int16 (B, 2, NSQ): its walking distances to its goal and from its square
    view_seen: np.ndarray  # int64 (B, 33, 2): its walks with a wall, door or block gone (a cache)
    deck_of: np.ndarray    # int8 (B, MAXI): the deck card instance i belongs to and is discarded to
    #                        (0; 1 = the second team's, Custom Spellbook R176)
    no_move: np.ndarray    # int8 (B,): the active wizard may not move again this turn (Teleport)
    m_tokens: np.ndarray   # int8 (B, MAXI): energy tokens left on maintained spell i (R83, R87)
    m_target: np.ndarray   # int8 (B, MAXI): the wizard maintained spell i affects (its caster for a
    #                        spell on oneself), -1 for a global spell (R97)
    edge_kind: np.ndarray  # int8 (B, NE): the game's border kinds (board.OPEN/WALL/DOOR/OUTER), plus
    #                        rules.FILLED on the sides of a filled square; copied from the deal at setup
    column: np.ndarray     # int8 (B, H + 1, W + 1): the game's grid-corner columns, kept in step
    #                        with edge_kind (rules.rebuild_columns)
    fill: np.ndarray       # int8 (B, NSQ): what fills the square (FILL_*: 1 = a Stone Block)
    wall_by: np.ndarray    # int16 (B, NE): the Create Wall instance that made this wall, -1 (the hook
    #                        for maintained spells, R89: ending it removes the wall)
    # helper objects
    crack: np.ndarray      # int8 (B, NE): cracks on a wall or door (R123), 0 again once it is gone
    fill_crack: np.ndarray  # int8 (B, NSQ): cracks on the object filling a square (Stone Block: 8)
    fire_by: np.ndarray    # int16 (B, NE): the Wall of Fire instance burning on border e, -1 (it acts
    #                        only while that instance lies in a maint container, R89)
    glue_tr: np.ndarray    # int16 (B, NTR): the Glue instance holding treasure k, -1 (while maintained)
    glue_item: np.ndarray  # int16 (B, MAXI): the Glue instance holding dropped item i, -1
    acted: np.ndarray      # int8 (B,): the active wizard has taken an option this Move and Cast
    trap_by: np.ndarray    # int16 (B, NSQ): the Booby Trap instance whose token lies on the square, -1
    trap_real: np.ndarray  # int8 (B, NSQ): 1 if that token is the real trap (hidden from the others' bots)
    stop_turn: np.ndarray  # int32 (B,): stop the game before turn stop_turn starts (0: never): the
    #                        replay's board pictures (a game is deterministic, so the replay plays it
    #                        again up to that turn and draws the state)
    # helper thaum
    curse_due: np.ndarray  # int8 (B, MAXP): cards seat p drew under Slow Death whose 1 damage each
    #                        is still to be dealt (rules.slow_death_settle, where the bots' params are)
    # helper forms
    form: np.ndarray       # int8 (B, MAXP): effect code (E_*) of the transformation on seat p's wizard,
    #                        0 = none (R101: at most one); kept by rules.set_form as its spell begins/ends
    adrenaline: np.ndarray  # int8 (B, MAXP): Adrenaline spells affecting seat p's wizard (two attacks a turn)
    sick_turn: np.ndarray  # int32 (B, MAXP): the game turn (State.turn) in which Disease last hurt seat p's
    #                        wizard (once a turn per victim), 0 = never
    # helper sight
    bend: np.ndarray       # int8 (B,): Around the Corner was cast this turn and no spell has bent yet
    eye: np.ndarray        # int16 (B,): the square Astral Projection lets the next spell be cast
    #                        from this turn, -1
    edge_doors: np.ndarray  # int8 (B, NE): the game's door owner masks (a door turned by Rotate Sector
    #                        keeps its colours), copied from the deal at setup
    turned: np.ndarray     # int8 (B, 4): clockwise quarter turns of each slot's sector since the deal
    #                        (slot = map row of sectors x sectors per row + column; Rotate Sector)
    m_border: np.ndarray   # int16 (B, MAXI): the door maintained spell i seals (Seal Door), -1
    # the game's last searches (movement.distances' memo; no game rule reads them): what each
    # searched from and with which colour mask (walk_key), the board it searched (border kinds and
    # door colours as they were), and its answer; walk_key[b, WALKS] is the slot written next
    walk_key: np.ndarray   # int64 (B, WALKS + 1): movement.walk_key of each slot, -1 = empty
    walk_kind: np.ndarray  # int8 (B, WALKS, NE)
    walk_doors: np.ndarray  # int8 (B, WALKS, NE)
    walk_dist: np.ndarray  # int16 (B, WALKS, NSQ)
    # the game's last step graphs (movement.step_graph; no game rule reads them): the colour mask
    # (graph_key; [b, GRAPHS] the slot written next), the board, and each square's neighbours one
    # allowed step away as a bit set over the squares (two words: up to 128 squares)
    graph_key: np.ndarray  # int64 (B, GRAPHS + 1), -1 = empty
    graph_kind: np.ndarray  # int8 (B, GRAPHS, NE)
    graph_doors: np.ndarray  # int8 (B, GRAPHS, NE)
    graph_adj: np.ndarray  # uint64 (B, GRAPHS, NSQ, 2)
    # the game's last trial turns of a sector (rotation.turn_marked, a bot's Rotate Sector trials;
    # no game rule reads them): slot x 4 + quarter turns (trial_key; [b, TRIALS] the slot written
    # next), the board before ([..., 0, :]) and after ([..., 1, :]) and where each square went
    trial_key: np.ndarray  # int64 (B, TRIALS + 1), -1 = empty
    trial_kind: np.ndarray  # int8 (B, TRIALS, 2, NE): border kinds
    trial_doors: np.ndarray  # int8 (B, TRIALS, 2, NE): door colours
    trial_fill: np.ndarray  # int8 (B, TRIALS, 2, NSQ): square fillers
    trial_turned: np.ndarray  # int8 (B, TRIALS, 4): the slots' turns before
    trial_sqmap: np.ndarray  # int16 (B, TRIALS, NSQ): the square each square's contents went to
    # scratch rows of one bot decision (no game rule reads them; their contents before a use are
    # never read): written where a fresh array per call cost an allocation (docs/speed.md)
    mark_kind: np.ndarray  # int8 (B, NE): rotation.walk_marks, the board a trial turn puts back
    mark_doors: np.ndarray  # int8 (B, NE)
    mark_fill: np.ndarray  # int8 (B, NSQ)
    mark_pos: np.ndarray   # int16 (B, MAXP)
    mark_tr: np.ndarray    # int16 (B, NTR)
    mark_turned: np.ndarray  # int8 (B, 4)
    prep_goal: np.ndarray  # int64 (B, MAXP): bots.walls_prep, the enemies' threatening goals
    prep_walk: np.ndarray  # int64 (B, MAXP): ... their walks' lengths
    prep_from: np.ndarray  # int16 (B, MAXP, NSQ): ... distances from their squares
    prep_to: np.ndarray    # int16 (B, MAXP, NSQ): ... distances to their goals
    opt_score: np.ndarray  # float64 (B, MAXOPT): bots.choose_in_view, each option's score
    look: np.ndarray       # int8 (B, MAXP + 1): ... its sight answers (bots._looks_at, _sees_enemy)
    seen: np.ndarray       # int8 (B, MAXP): rules.list_options, sees_wizard's answers
    aims: np.ndarray       # int64 (B, 45): rules.objects_options, the walls, doors and blocks aimed at


@structref.register
class StateType(ArrayStruct):
    """Numba type of :class:`State`."""


class State(ArrayStructProxy):
    """The batch state (fields: :class:`StateLayout`), a StructRef passed by reference."""


define_struct(State, StateType, StateLayout)


def board_shape(t) -> tuple[int, int, int, int]:
    """(squares, borders, map rows, map columns) of the deals of tables ``t`` (:func:`new_state`)."""
    return t.g_sq_r.shape[1], t.g_edge_kind.shape[1], t.g_sq_of.shape[1], t.g_sq_of.shape[2]


def _memory_keys(batch: int, slots: int) -> np.ndarray:
    """Keys of an empty memory of ``slots`` answers per game (State.walk_key, trial_key): -1 in
    every slot, and 0, the slot written next, in the last column (``rules.setup`` sets the same)."""
    keys = np.full((batch, slots + 1), -1, np.int64)
    keys[:, slots] = 0
    return keys


def new_state(batch: int, trace_events: int = 0, ncard: int = 92,
              board: tuple[int, int, int, int] = (1, 1, 1, 1)) -> State:
    """Allocate the state of ``batch`` games (``setup`` fills it); ``ncard`` card rows; ``board``
    the deals' shape (:func:`board_shape`) for the game's own copy of the mutable board."""
    z = np.zeros
    nsq, ne, h, w = board
    return State(
        deal=z(batch, np.int16), players=z(batch, np.int8), colour=z((batch, MAXP), np.int8),
        first=z(batch, np.int8), cur=z(batch, np.int8), turn=z(batch, np.int32), rnd=z(batch, np.int32),
        pos=np.full((batch, MAXP), -1, np.int16), life=z((batch, MAXP), np.int16), alive=z((batch, MAXP), np.int8),
        vp_kill=z((batch, MAXP), np.int8), stun=z((batch, MAXP), np.int8), first_done=z((batch, MAXP), np.int8),
        brain_seen=z((batch, MAXP), np.int8),
        carrying=np.full((batch, MAXP), -1, np.int8), tr_sq=np.full((batch, NTR), -1, np.int16),
        tr_carrier=np.full((batch, NTR), -1, np.int8), inst_card=np.full((batch, MAXI), -1, np.int16),
        c_cont=np.full((batch, MAXI), -1, np.int8), c_pos=z((batch, MAXI), np.int16),
        c_sq=np.full((batch, MAXI), -1, np.int16),
        cont=z((batch, NZONE, MAXI), np.int16), cont_n=z((batch, NZONE), np.int16), n_inst=z(batch, np.int16),
        mp=z(batch, np.int16), boosted=z(batch, np.int8), attacked=z(batch, np.int8), moved=z(batch, np.int8),
        stunned=z(batch, np.int8), no_pickup=z(batch, np.int8), mc_over=z(batch, np.int8),
        unlocked=np.full(batch, -1, np.int16),
        opt=z((batch, MAXOPT, 5), np.int16), opt_n=z(batch, np.int16),
        view_num=z((batch, 7), np.float64), view_field=z((batch, 2, nsq), np.int16),
        view_seen=z((batch, 33, 2), np.int64),
        deck_of=z((batch, MAXI), np.int8), no_move=z(batch, np.int8),
        m_tokens=z((batch, MAXI), np.int8), m_target=np.full((batch, MAXI), -1, np.int8),
        edge_kind=z((batch, ne), np.int8), column=z((batch, h + 1, w + 1), np.int8), fill=z((batch, nsq), np.int8),
        wall_by=np.full((batch, ne), -1, np.int16),
        # helper objects
        crack=z((batch, ne), np.int8), fill_crack=z((batch, nsq), np.int8),
        fire_by=np.full((batch, ne), -1, np.int16), glue_tr=np.full((batch, NTR), -1, np.int16),
        glue_item=np.full((batch, MAXI), -1, np.int16), acted=z(batch, np.int8),
        trap_by=np.full((batch, nsq), -1, np.int16), trap_real=z((batch, nsq), np.int8),
        stop_turn=z(batch, np.int32),
        curse_due=z((batch, MAXP), np.int8),  # helper thaum
        # helper forms
        form=z((batch, MAXP), np.int8), adrenaline=z((batch, MAXP), np.int8),
        sick_turn=z((batch, MAXP), np.int32),
        # helper sight
        bend=z(batch, np.int8), eye=np.full(batch, -1, np.int16),
        edge_doors=z((batch, ne), np.int8), turned=z((batch, 4), np.int8),
        m_border=np.full((batch, MAXI), -1, np.int16),
        score_hist=z((batch, ROUND_HIST, MAXP), np.int16),
        walk_key=_memory_keys(batch, WALKS), walk_kind=z((batch, WALKS, ne), np.int8),
        walk_doors=z((batch, WALKS, ne), np.int8), walk_dist=z((batch, WALKS, nsq), np.int16),
        graph_key=_memory_keys(batch, GRAPHS), graph_kind=z((batch, GRAPHS, ne), np.int8),
        graph_doors=z((batch, GRAPHS, ne), np.int8), graph_adj=z((batch, GRAPHS, nsq, 2), np.uint64),
        trial_key=_memory_keys(batch, TRIALS), trial_kind=z((batch, TRIALS, 2, ne), np.int8),
        trial_doors=z((batch, TRIALS, 2, ne), np.int8), trial_fill=z((batch, TRIALS, 2, nsq), np.int8),
        trial_turned=z((batch, TRIALS, 4), np.int8), trial_sqmap=z((batch, TRIALS, nsq), np.int16),
        mark_kind=z((batch, ne), np.int8), mark_doors=z((batch, ne), np.int8), mark_fill=z((batch, nsq), np.int8),
        mark_pos=z((batch, MAXP), np.int16), mark_tr=z((batch, NTR), np.int16), mark_turned=z((batch, 4), np.int8),
        prep_goal=z((batch, MAXP), np.int64), prep_walk=z((batch, MAXP), np.int64),
        prep_from=z((batch, MAXP, nsq), np.int16), prep_to=z((batch, MAXP, nsq), np.int16),
        opt_score=z((batch, MAXOPT), np.float64), look=z((batch, MAXP + 1), np.int8), seen=z((batch, MAXP), np.int8),
        aims=z((batch, 45), np.int64),
        **kernel_arrays(batch, NGAME_STREAMS, NSEAT, (ncard, NCARDSTAT), trace_events),
    )


class TablesLayout:
    """The game's data as arrays (built by data.py): the cards and the pool of dealt boards.

    Card arrays: index = card id (row of cards.toml). Board arrays: leading axis = deal in the
    pool (every deal of one arrangement has the same shapes; NSQ squares, NE borders, an H x W map),
    the other axes as in :class:`simlab.games.wizwar.board.Geometry`.
    """

    card_type: np.ndarray    # int8 (N,): T_*
    card_effect: np.ndarray  # int8 (N,): E_* (E_OTHER for effects the rules do not know)
    card_energy: np.ndarray  # int8 (N,): printed energy value (R63)
    card_fire: np.ndarray    # int8 (N,): 1 = Fire trait (R96)
    card_stone: np.ndarray   # int8 (N,): 1 = Magic Stone trait (R98)
    deck: np.ndarray         # int16 (D,): card id of each card of the deck, D <= MAXI (implemented only)
    deck_team: np.ndarray    # int8 (D,): the deck each card belongs to (0, or 1 = the second team's, R176)
    n_decks: np.ndarray      # int8 (1,): 1 shared deck (R16), or 2 (Custom Spellbook: seat p draws from p % 2)
    shield_plus: np.ndarray  # int8 (1,): Shield reduces by energy + this (A-4: 2 card text, 1 rulebook)
    g_sq_of: np.ndarray      # int16 (K, H, W)
    g_sq_r: np.ndarray       # int16 (K, NSQ)
    g_sq_c: np.ndarray       # int16 (K, NSQ)
    g_nbr: np.ndarray        # int16 (K, NSQ, 4)
    g_arrive: np.ndarray     # int8 (K, NSQ, 4)
    g_edge: np.ndarray       # int16 (K, NSQ, 4)
    g_link: np.ndarray       # int8 (K, NSQ, 4)
    g_hedge: np.ndarray      # int16 (K, H + 1, W)
    g_vedge: np.ndarray      # int16 (K, H, W + 1)
    g_edge_kind: np.ndarray  # int8 (K, NE)
    g_edge_doors: np.ndarray  # int8 (K, NE)
    g_edge_inner: np.ndarray  # int8 (K, NE)
    g_edge_sq: np.ndarray    # int16 (K, NE)
    g_edge_side: np.ndarray  # int8 (K, NE)
    g_column: np.ndarray     # int8 (K, H + 1, W + 1)
    g_links: np.ndarray      # int16 (K, NL, 7): a row per link, what sight through it needs (Geometry.links)
    g_sight_links: np.ndarray  # uint8 (K, NSQ, NSQ + NE): the links a line may pass (Geometry.sight_links)
    g_window: np.ndarray     # int16 (K, NSQ, 10): Geometry.window
    g_window_edges: np.ndarray  # int16 (K, NSQ, 37): Geometry.window_edges
    g_open_dist: np.ndarray  # int8 (K, NSQ, NSQ): Geometry.open_dist
    g_colours: np.ndarray    # int8 (K, MAXP): colour of seat p in the deal (-1 beyond the players)
    g_base: np.ndarray       # int16 (K, MAXP): base square of seat p
    g_tstart: np.ndarray     # int16 (K, NTR): start square of treasure k (seat k // 2)
    # helper sight
    g_sides: np.ndarray      # int8 (K, H, W, 4): the drawn half of each map cell's side as dealt (board.Board.sides)


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
def hand_of(p):
    """Container index of seat p's hand."""
    return Z_HAND0 + p


@njit(cache=True)
def place(s, b, i, c):
    """Move card instance i of game b into container c (O(1): swap-remove from its old list)."""
    old = s.c_cont[b, i]
    if old >= 0:
        k = s.c_pos[b, i]
        last = s.cont_n[b, old] - 1
        moved = s.cont[b, old, last]
        s.cont[b, old, k] = moved
        s.c_pos[b, moved] = k
        s.cont_n[b, old] = last
    k = s.cont_n[b, c]
    s.cont[b, c, k] = i
    s.c_pos[b, i] = k
    s.cont_n[b, c] = k + 1
    s.c_cont[b, i] = c


@njit(cache=True)
def shuffle_deck(s, b, stream, z=Z_DECK):
    """Shuffle the deck list ``z`` (the shared deck, or the second team's, R176) of game b on
    random stream ``stream`` and re-index its positions."""
    n = s.cont_n[b, z]
    row = s.cont[b, z]
    shuffle_list(s.rng, b, stream, row, n)
    for k in range(n):
        s.c_pos[b, row[k]] = k


@njit(cache=True, inline="always")
def deck_zones(t, p):
    """(deck, discard pile) seat p draws from: the shared ones, or under the Custom Spellbook
    rule (R176) its team's; seat p plays on team p % 2."""
    if t.n_decks[0] == 2 and p % 2 == 1:
        return Z_DECK1, Z_DISCARD1
    return Z_DECK, Z_DISCARD


@njit(cache=True, inline="always")
def items_of(p):
    """Container index of the items seat p carries."""
    return Z_ITEMS0 + p


@njit(cache=True, inline="always")
def maint_of(p):
    """Container index of seat p's maintained spells (R86)."""
    return Z_MAINT0 + p


@njit(cache=True)
def hand_size(s, b, p):
    """Cards counting toward seat p's hand limit: hand cards, maintained spells and carried items
    (R86, R107, R173; not the items while Extra Arms lasts)."""
    items = s.cont_n[b, Z_ITEMS0 + p]
    if s.form[b, p] == E_EXTRA_ARMS:
        items = 0  # Extra Arms (card): carried items stop counting toward the hand limit
    return s.cont_n[b, Z_HAND0 + p] + items + s.cont_n[b, Z_MAINT0 + p]


@njit(cache=True, inline="always")
def spell_on(s, t, b, effect, q):
    """A maintained spell with ``effect`` affecting wizard q (any seat's; q = -1: a global one),
    or -1. Maintained spells act only while they lie in a maint container (R89)."""
    for p in range(s.players[b]):
        c = Z_MAINT0 + p
        for k in range(s.cont_n[b, c]):
            i = s.cont[b, c, k]
            if t.card_effect[s.inst_card[b, i]] == effect and s.m_target[b, i] == q:
                return i
    return -1


@njit(cache=True)
def hand_limit(s, t, b, p):
    """Seat p's hand limit: 7 (R169), 2 more per Brainstone carried."""
    return HAND_LIMIT + 2 * carried(s, t, b, p, E_BRAINSTONE)


@njit(cache=True)
def carried(s, t, b, p, effect):
    """Number of items with ``effect`` that seat p carries."""
    c = Z_ITEMS0 + p
    n = 0
    for k in range(s.cont_n[b, c]):
        if t.card_effect[s.inst_card[b, s.cont[b, c, k]]] == effect:
            n += 1
    return n


@njit(cache=True)
def move_bit(s, t, b, p):
    """Door mask for seat p's steps: its own colour (R45, R46), every door while Mist Body lasts
    (its FAQ errata, A-37: only stone walls stop the mist) or Slime Form (card: it ignores doors)."""
    f = s.form[b, p]
    if f == E_MIST_BODY or f == E_SLIME_FORM:
        return (1 << MAXP) - 1
    return 1 << s.colour[b, p]


# helper forms: transformations (R101, R167)
@njit(cache=True)
def is_form(e):
    """Effect e is a Transformation (checklist 2.2 traits): a wizard has at most one (R101)."""
    return (e == E_MIST_BODY or e == E_GOLEM_FORM or e == E_WEREWOLF_FORM or e == E_GNOME_FORM
            or e == E_SLIME_FORM or e == E_BIG_MAN_FORM or e == E_EXTRA_ARMS)


@njit(cache=True)
def form_speed(e):
    """Base move of a wizard in form e (each form's card; no form or one that names none: R32)."""
    if e == E_GOLEM_FORM or e == E_GNOME_FORM:
        return 2
    if e == E_WEREWOLF_FORM:
        return 4
    return BASE_SPEED  # Slime and Big Man: 3 by their cards, as the unchanged wizard


@njit(cache=True)
def counters_only(e):
    """Form e allows casting counter spells only (Golem, Werewolf, Slime cards)."""
    return e == E_GOLEM_FORM or e == E_WEREWOLF_FORM or e == E_SLIME_FORM


@njit(cache=True, inline="always")
def attacks_allowed(s, b, p):
    """Attacks seat p may make in a turn: one (R49), two while Adrenaline affects it (card)."""
    return 2 if s.adrenaline[b, p] > 0 else 1


@njit(cache=True)
def attack_open(s, b, p):
    """The active seat p may still attack: not in its own first turn (R51, A-3), fewer attacks
    than allowed so far; a stunned wizard that has moved may not (R140), with Adrenaline it may
    once (attack and move, its card)."""
    if s.first_done[b, p] != 1:
        return False
    n = attacks_allowed(s, b, p)
    if s.stunned[b] == 1 and s.moved[b] == 1:
        n -= 1
    return s.attacked[b] < n


@njit(cache=True)
def stuck(s, b, p):
    """The active seat p is stunned and has made all its attacks, so it may not move (R141;
    with Adrenaline: two attacks without moving, its card)."""
    return s.stunned[b] == 1 and s.attacked[b] >= attacks_allowed(s, b, p)


@njit(cache=True)
def log(s, b, code, a, x, y):
    """Append a trace event (turn, seat, code, a, x, y) when tracing; a no-op in batch runs."""
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
    """Invariant checks: every card instance in exactly one container and consistently indexed,
    the deck's cards all accounted for, dropped items (and only they) on a valid square, carried
    items only with the living; life within 0..20 for the living, dead wizards off the board;
    wizards on valid squares; every treasure either on a square or carried by a living wizard that
    records it; no card in another deck's draw or discard pile; no negative counts; maintained
    spells only with the living, each with a token left and affecting a living wizard (or global);
    a wizard's form only while its transformation spell lasts;
    the game's board consistent (:func:`board_violations`)."""
    bad = 0
    total = 0
    for c in range(NZONE):
        n = s.cont_n[b, c]
        if n < 0:
            bad += 1
        total += n
        for k in range(n):
            i = s.cont[b, c, k]
            if s.c_cont[b, i] != c or s.c_pos[b, i] != k:
                bad += 1
    if total != s.n_inst[b]:
        bad += 1
    nsq = t.g_sq_r.shape[1]
    for i in range(s.n_inst[b]):
        on_floor = s.c_cont[b, i] == Z_FLOOR
        if on_floor != (s.c_sq[b, i] >= 0) or s.c_sq[b, i] >= nsq:
            bad += 1
        # a card is only ever in its own deck's draw and discard piles (Custom Spellbook, R176)
        c = s.c_cont[b, i]
        if (c == Z_DECK or c == Z_DISCARD) and s.deck_of[b, i] != 0:
            bad += 1
        if (c == Z_DECK1 or c == Z_DISCARD1) and s.deck_of[b, i] != 1:
            bad += 1
    for p in range(s.players[b]):
        if s.alive[b, p]:
            if s.life[b, p] <= 0 or s.life[b, p] > MAX_LIFE:
                bad += 1
            if s.pos[b, p] < 0 or s.pos[b, p] >= nsq:
                bad += 1
        elif s.pos[b, p] != -1 or s.carrying[b, p] != -1 or s.cont_n[b, Z_ITEMS0 + p] != 0:
            bad += 1
        if s.stun[b, p] < 0 or s.vp_kill[b, p] < 0:
            bad += 1
        if not s.alive[b, p] and s.cont_n[b, Z_MAINT0 + p] != 0:
            bad += 1  # R154: a dead wizard's maintained spells are discarded
        c = Z_MAINT0 + p
        for k in range(s.cont_n[b, c]):
            i = s.cont[b, c, k]
            w = s.m_target[b, i]
            if s.m_tokens[b, i] <= 0 or (w >= 0 and not s.alive[b, w]):
                bad += 1  # a temporary spell with no token left is discarded (R29)
            e = t.card_effect[s.inst_card[b, i]]
            if w >= 0 and is_form(e) and s.form[b, w] != e:
                bad += 1  # the wizard's form is its transformation's (R101)
        k = s.carrying[b, p]
        if k >= 0 and s.tr_carrier[b, k] != p:
            bad += 1
        f = s.form[b, p]  # a form lasts exactly while its transformation spell is maintained
        if f != 0 and (s.alive[b, p] == 0 or spell_on(s, t, b, f, p) < 0):
            bad += 1
        if (s.adrenaline[b, p] > 0) != (s.alive[b, p] == 1 and spell_on(s, t, b, E_ADRENALINE, p) >= 0):
            bad += 1  # Adrenaline lasts exactly while a spell of it does
    for k in range(2 * s.players[b]):
        q = s.tr_carrier[b, k]
        if q >= 0:
            if s.tr_sq[b, k] != -1 or s.carrying[b, q] != k or not s.alive[b, q]:
                bad += 1
        elif s.tr_sq[b, k] < 0 or s.tr_sq[b, k] >= nsq:
            bad += 1
        elif s.fill[b, s.tr_sq[b, k]] == FILL_BLOCK:  # a Stone Block fills only empty squares
            bad += 1
    bad += board_violations(s, t, b)
    return bad


@njit(cache=True)
def board_violations(s, t, b):
    """Invariant checks of the game's own board: no living wizard or dropped item on a square a
    Stone Block fills, cracks only on walls, doors and blocks and fewer than destroy them, and
    every grid-corner column where the border kinds put one (A-13: a
    corner touched by a border that is not open, or by none)."""
    bad = 0
    nsq = s.fill.shape[1]
    for p in range(s.players[b]):
        if s.alive[b, p] and 0 <= s.pos[b, p] < nsq and s.fill[b, s.pos[b, p]] == FILL_BLOCK:
            bad += 1
    for i in range(s.n_inst[b]):
        if 0 <= s.c_sq[b, i] < nsq and s.fill[b, s.c_sq[b, i]] == FILL_BLOCK:
            bad += 1
    # cracks only on what can take them, always fewer than destroy it (R123-R125)
    for e in range(s.crack.shape[1]):
        if s.crack[b, e] < 0 or (s.crack[b, e] > 0 and s.crack[b, e] >= crack_limit(s, b, e)):
            bad += 1
    for q in range(nsq):
        if s.fill_crack[b, q] < 0 or (s.fill_crack[b, q] > 0 and s.fill_crack[b, q] >= crack_limit(s, b, -1 - q)):
            bad += 1
    k = s.deal[b]
    hedge = t.g_hedge[k]
    vedge = t.g_vedge[k]
    H = vedge.shape[0]
    W = hedge.shape[1]
    for i in range(H + 1):
        for j in range(W + 1):
            if s.column[b, i, j] != column_due(s.edge_kind[b], hedge, vedge, i, j):
                bad += 1
    return bad


@njit(cache=True)
def column_due(kind, hedge, vedge, i, j):
    """1 if a column belongs on grid corner (row line i, column line j) under the border kinds
    ``kind`` (A-13, as board.columns): a border that is not open touches it (a wall, a door, an
    outer wall, a side of a filled square), or no border touches it (off the map); else 0."""
    H = vedge.shape[0]
    W = hedge.shape[1]
    touched = False
    for n in range(4):
        f = -1
        if n == 0 and j >= 1:
            f = hedge[i, j - 1]
        elif n == 1 and j < W:
            f = hedge[i, j]
        elif n == 2 and i >= 1:
            f = vedge[i - 1, j]
        elif n == 3 and i < H:
            f = vedge[i, j]
        if f >= 0:
            touched = True
            if kind[f] != 0:
                return 1
    return 0 if touched else 1


# helper objects
CRACKS_WALL, CRACKS_DOOR, CRACKS_BLOCK = 5, 3, 8  # R124; Stone Block's card: 8


@njit(cache=True)
def crack_limit(s, b, x):
    """Cracks that destroy target x of game b (a border e >= 0, or a filled square sq as
    -1 - sq): a stone wall 5, a door 3 (R124), a Stone Block 8 (its card); 0 for what cannot be
    damaged: open borders, outer walls (R125), empty squares."""
    if x >= 0:
        k = s.edge_kind[b, x] & KIND
        if k == WALL:
            return CRACKS_WALL
        if k == DOOR:
            return CRACKS_DOOR
        return 0
    f = s.fill[b, -1 - x]
    if f == FILL_BLOCK:
        return CRACKS_BLOCK
    if f == FILL_ROSE or f == FILL_THORN:
        return 1  # bushes: 1 crack (or 1 fire damage, rules.hit_count) destroys them (their cards)
    return 0


@njit(cache=True)
def fire_on(s, b, e):
    """A Wall of Fire burns on border e of game b: the instance recorded there still lies in a
    maint container (R89: a spell's effects last exactly while it is maintained)."""
    return maintained(s, b, s.fire_by[b, e])


@njit(cache=True)
def crossed_fire(s, b, geo, src, d):
    """The border with a burning Wall of Fire that a step from square ``src`` across side d
    passes (either record of a link), or -1."""
    e = geo.edge[src, d]
    if fire_on(s, b, e):
        return e
    dst = geo.nbr[src, d]
    if dst >= 0:
        f = geo.edge[dst, geo.arrive[src, d]]
        if fire_on(s, b, f):
            return f
    return -1


@njit(cache=True)
def maintained(s, b, i):
    """Spell instance i (or -1) is maintained: it lies in a maint container, so what it made
    still acts (R89: a Glue still holds, a Booby Trap token still counts)."""
    return i >= 0 and Z_MAINT0 <= s.c_cont[b, i] < Z_MAINT0 + MAXP
