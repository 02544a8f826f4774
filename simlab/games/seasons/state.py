"""Seasons batch state, the codes the kernel uses, and the helpers that move cards and energy.

Every power card of a game is an entity (index ``i`` < ``n_inst``, two copies of each card in
the deck) that sits in exactly one *container*: the draw pile, the discard pile, the reveal area
(cards being looked at), the box (cards not in this game), or one of a player's zones. Containers
keep a list of their cards so that moving a card is O(1) (swap-remove); the top of the draw pile
is the last entry of its list, so drawing keeps the pile's order. The number of cards never
changes (checked by ``count_violations``).

Container index: C_DECK, C_DISCARD, C_REVEAL, C_BOX, then ``PL0 + p * NZ + zone`` for player p
(zones HAND, LIB2, LIB3 = Library II / III piles, PLAY, PACKET = the draft packet numbered by
packet, PICK = cards drafted so far).

Energies: 0 water, 1 earth, 2 fire, 3 air. Seasons: 0 winter, 1 spring, 2 summer, 3 fall; the
season wheel's spaces are months 1-12 (1-3 winter, ...).
"""

from __future__ import annotations

import numpy as np
from numba.experimental import structref

from simlab.games.base import ArrayStruct, ArrayStructProxy, define_struct
from simlab.games.jit import njit
from simlab.games.kernel import MAX_SEATS, KernelLayout, kernel_arrays

MAXP = 4
MAXI = 140             # card instances: 70 cards x 2 copies
NTYPE = 70             # card types: base 1-50 then Enchanted Kingdom 1-20
NTOKEN = 12            # special-ability tokens 1-12 (index 0-11)
NENCH = 10             # enchantments 1-10 (index 0-9)
NEN = 4                # energy types
WATER, EARTH, FIRE, AIR = 0, 1, 2, 3
ENERGY_NAMES = ("water", "earth", "fire", "air")
SEASON_NAMES = ("winter", "spring", "summer", "fall")
NSEASON = 4
NDIE = 5               # dice per season in the box
MAXDICE = MAXP + 1     # dice rolled per round
RESERVE = 7            # energy reserve size (R: player board)
GRIMOIRE_RESERVE = 10  # with Bespelled Grimoire in play
MAX_GAUGE = 15
MAX_BONUS = 3
HAND_PENALTY = 5       # prestige lost per card left in hand
TOKEN5_HAND = 3        # ... gained instead with token 5

# Containers
C_DECK, C_DISCARD, C_REVEAL, C_BOX = 0, 1, 2, 3
PL0 = 4
Z_HAND, Z_LIB2, Z_LIB3, Z_PLAY, Z_PACKET, Z_PICK = range(6)
NZ = 6
NC = PL0 + MAXP * NZ

# Random streams per game: setup/shuffles, season dice, reshuffles during play, one per seat.
RS_SETUP, RS_DICE, RS_DECK, RS_BOT0 = 0, 1, 2, 3
NSTREAM = RS_BOT0 + MAX_SEATS  # the seats' tie-break streams last (kernel.rand)

# Card kinds and timing bits
K_ITEM, K_FAMILIAR = 0, 1
TM_ENTER, TM_PERMANENT, TM_ACTIVATED = 1, 2, 4

# Effect codes (cards.toml `effect`). Order is the kernel's numbering; append only.
EFFECTS = (
    "amulet_air", "amulet_fire", "amulet_earth", "amulet_water", "balance_ishtar", "staff_spring",
    "temporal_boots", "purse_io", "divine_chalice", "syllas", "figrim", "naria", "wondrous_chest",
    "beggars_horn", "die_malice", "kairn", "amsug", "grimoire", "ragfield_helm", "hand_fortune",
    "lewis", "runic_cube", "potion_power", "potion_dreams", "potion_knowledge", "potion_life",
    "hourglass", "scepter", "olaf_statue", "yjang_vase", "elemental_amulet", "tree_light",
    "arcano_leech", "crystal_orb", "glutton_cauldron", "vampiric_crown", "dragon_skull",
    "demon_argos", "titus", "air_elemental", "thieving_fairies", "cursed_treatise",
    "idol_familiar", "necrotic_kriss", "lantern_xidit", "sealed_chest", "mirror_seasons",
    "pendant_ragnor", "sid", "damned_soul",
    "heart_argos", "horn_plenty", "fairy_monolith", "selenia_codex", "scroll_ishtar",
    "mesodae_lantern", "statue_eolis", "familiar_catcher", "io_transmuter", "throne_renewal",
    "potion_resurrection", "jewel_ancients", "shield_zira", "steadfast_die", "amulet_time",
    "arcane_telescope", "argos_hawk", "raven", "warden_argos", "ratty",
)
(E_AMULET_AIR, E_AMULET_FIRE, E_AMULET_EARTH, E_AMULET_WATER, E_BALANCE_ISHTAR, E_STAFF_SPRING,
 E_TEMPORAL_BOOTS, E_PURSE_IO, E_DIVINE_CHALICE, E_SYLLAS, E_FIGRIM, E_NARIA, E_WONDROUS_CHEST,
 E_BEGGARS_HORN, E_DIE_MALICE, E_KAIRN, E_AMSUG, E_GRIMOIRE, E_RAGFIELD_HELM, E_HAND_FORTUNE,
 E_LEWIS, E_RUNIC_CUBE, E_POTION_POWER, E_POTION_DREAMS, E_POTION_KNOWLEDGE, E_POTION_LIFE,
 E_HOURGLASS, E_SCEPTER, E_OLAF_STATUE, E_YJANG_VASE, E_ELEMENTAL_AMULET, E_TREE_LIGHT,
 E_ARCANO_LEECH, E_CRYSTAL_ORB, E_GLUTTON_CAULDRON, E_VAMPIRIC_CROWN, E_DRAGON_SKULL,
 E_DEMON_ARGOS, E_TITUS, E_AIR_ELEMENTAL, E_THIEVING_FAIRIES, E_CURSED_TREATISE,
 E_IDOL_FAMILIAR, E_NECROTIC_KRISS, E_LANTERN_XIDIT, E_SEALED_CHEST, E_MIRROR_SEASONS,
 E_PENDANT_RAGNOR, E_SID, E_DAMNED_SOUL,
 E_HEART_ARGOS, E_HORN_PLENTY, E_FAIRY_MONOLITH, E_SELENIA_CODEX, E_SCROLL_ISHTAR,
 E_MESODAE_LANTERN, E_STATUE_EOLIS, E_FAMILIAR_CATCHER, E_IO_TRANSMUTER, E_THRONE_RENEWAL,
 E_POTION_RESURRECTION, E_JEWEL_ANCIENTS, E_SHIELD_ZIRA, E_STEADFAST_DIE, E_AMULET_TIME,
 E_ARCANE_TELESCOPE, E_ARGOS_HAWK, E_RAVEN, E_WARDEN_ARGOS, E_RATTY) = range(len(EFFECTS))
NEFFECT = len(EFFECTS)

# Effects the rules implement (and tests cover). Cards with any other effect are left out of the
# deck; forcing one in (setup `include`) is refused with an error (data.py).
IMPLEMENTED = frozenset({
    "amulet_air", "amulet_fire", "amulet_earth", "balance_ishtar", "staff_spring",
    "temporal_boots", "purse_io", "divine_chalice", "syllas", "figrim", "naria", "wondrous_chest",
    "beggars_horn", "kairn", "amsug", "grimoire", "ragfield_helm", "hand_fortune", "lewis",
    "runic_cube", "potion_power", "potion_dreams", "potion_knowledge", "potion_life", "hourglass",
    "scepter", "olaf_statue", "yjang_vase", "tree_light", "arcano_leech", "vampiric_crown",
    "dragon_skull", "demon_argos", "titus", "air_elemental", "thieving_fairies",
    "cursed_treatise", "idol_familiar", "necrotic_kriss", "lantern_xidit", "sealed_chest",
    "pendant_ragnor", "sid",
    "mesodae_lantern", "argos_hawk", "warden_argos", "ratty", "amulet_time",
    "amulet_water", "glutton_cauldron", "jewel_ancients", "fairy_monolith", "die_malice",
    "steadfast_die", "damned_soul", "heart_argos", "horn_plenty", "statue_eolis",
    "io_transmuter", "throne_renewal", "potion_resurrection", "selenia_codex",
    "familiar_catcher", "scroll_ishtar", "crystal_orb", "arcane_telescope",
    "elemental_amulet", "mirror_seasons", "shield_zira", "raven",
})

# Enchantments (index = printed number - 1)
(EN_ELEMENTAL_CONSTRUCTION, EN_EXTENDED_EXPERIENCE, EN_NATURAL_SELECTION, EN_ENTANGLING_ROOTS,
 EN_NATURE_SPIRIT, EN_ARGOS_EMBRACE, EN_IO_BOUNTY, EN_OLAF_KNOWLEDGE, EN_DROUGHT,
 EN_VISION_DESTINY) = range(NENCH)
ENCHANTMENT_CODES = ("elemental_construction", "extended_experience", "natural_selection",
                     "entangling_roots", "nature_spirit", "argos_embrace", "io_bounty",
                     "olaf_knowledge", "drought", "vision_destiny")
IMPLEMENTED_ENCHANTMENTS = frozenset(ENCHANTMENT_CODES)
IMPLEMENTED_TOKENS = frozenset(range(1, 13))

# Bonuses (R: bonus track; ids as BGA's): 1 exchange 2 energies, 2 transmute +1 crystal each,
# 3 gauge +1, 4 draw 2 keep 1 on a card face, 5 draw a card (Olaf's Knowledge).
B_EXCHANGE, B_TRANSMUTE, B_GAUGE, B_DRAW2, B_DRAW = 1, 2, 3, 4, 5

# Seat counters (results `seats` table, in this order after score/won).
SEAT_COLUMNS = (
    "prestige", "crystals", "card_prestige", "hand_penalty", "bonus_penalty", "token_value",
    "token", "token_used", "token_printed", "score_without_token", "token_choice_1",
    "token_choice_2", "token_choice_3", "bonuses", "summoned", "activations", "transmuted",
    "transmute_crystals", "energy_gained", "energy_lost", "cards_drawn", "cards_in_play",
    "cards_in_hand", "gauge", "turns_taken", "dice_crystals", "endgame_crystals",
)
(S_PRESTIGE, S_CRYSTALS, S_CARD_PRESTIGE, S_HAND_PENALTY, S_BONUS_PENALTY, S_TOKEN_VALUE,
 S_TOKEN, S_TOKEN_USED, S_TOKEN_PRINTED, S_WITHOUT_TOKEN, S_TOKCH1, S_TOKCH2, S_TOKCH3,
 S_BONUSES, S_SUMMONED, S_ACTIVATIONS, S_TRANSMUTED, S_TRANS_CRYSTALS, S_EN_GAINED,
 S_EN_LOST, S_DRAWN, S_IN_PLAY, S_IN_HAND, S_GAUGE, S_TURNS, S_DICE_CRYSTALS,
 S_END_CRYSTALS) = range(len(SEAT_COLUMNS))
NSEAT = len(SEAT_COLUMNS)

# Per seat and card type counters (results `cards` table: acquired, played, then these).
# first_round: the round the seat first summoned the card (0 = never; kernel.note_first_round);
# pick: its place in the seat's prelude draft, 1 = first pick (0 = not drafted; a card drafted
# twice keeps the earlier pick)
CARD_COLUMNS = ("drafted", "drawn", "activations", "seen", "first_round", "pick")
C_ACQ, C_PLAYED, C_DRAFTED, C_DRAWN, C_ACT, C_SEEN, C_FIRST_ROUND, C_PICK = range(8)
NCARDSTAT = 8

END_REASONS = ("year_three_over", "round_limit")
END_YEARS, END_LIMIT = 0, 1
ROUND_LIMIT = 200      # safety cap; the season wheel ends a game in about 18 rounds
ROUND_HIST = 64        # rounds of standings kept per game (results: seats.round_scores)
NSCRATCH = 6


class StateLayout(KernelLayout):
    """Batch state of B Seasons games; the leading axis of every field is the game."""

    c_cont: np.ndarray     # int16 (B, MAXI): container holding card instance i (-1 unused)
    c_pos: np.ndarray      # int16 (B, MAXI): index of i in its container's list
    c_tap: np.ndarray      # int8 (B, MAXI): 1 = activated (turned) this round
    c_mark: np.ndarray     # int8 (B, MAXI): per-card round flag (Heart of Argos charged, Io's
    #                        Transmuter used); cleared when the card moves and at round end
    c_copy: np.ndarray     # int16 (B, MAXI): Raven the Usurper in play -> the magic item it
    #                        mimics (its effects apply to the Raven; -1 none)
    inst_eff: np.ndarray   # int16 (B, MAXI): printed effect code of instance i (set by setup), so
    #                        ``place`` can keep ``eff_n`` without the tables
    eff_n: np.ndarray      # int8 (B, MAXP, NEFFECT): p's cards in play with each effect, a Raven
    #                        counted under the effect it mimics; kept by ``place`` and
    #                        ``set_copy`` so ``count_effect`` is one read instead of a scan of
    #                        the play zone (checked against a scan by ``count_violations``)
    c_store: np.ndarray    # int8 (B, MAXI, NEN): energies kept on a card in play (Amulet of
    #                        Water, Glutton Cauldron, Jewel of the Ancients, Fairy Monolith)
    cont: np.ndarray       # int16 (B, NC, MAXI): cards in each container, first cont_n valid
    cont_n: np.ndarray     # int16 (B, NC): number of cards in each container
    n_inst: np.ndarray     # int16 (B,): card instances in this game (deck size before the deal)
    energy: np.ndarray     # int16 (B, MAXP, NEN): energies in p's reserve by type
    crystals: np.ndarray   # int32 (B, MAXP): crystal track
    gauge: np.ndarray      # int8 (B, MAXP): summoning gauge, 0-15
    over: np.ndarray       # int8 (B, MAXP): cards in play may exceed the gauge by this much
    #                        (a gauge lowered by an opponent's card: no sacrifice, R/FAQ)
    reduced: np.ndarray    # int8 (B, MAXP): permanent decreased-reserve markers (Drought)
    bonus_n: np.ndarray    # int8 (B, MAXP): bonuses used (0-3)
    token_deal: np.ndarray  # int8 (B, MAXP, 3): the 3 tokens dealt (ids 1-12; 0 = none)
    token: np.ndarray      # int8 (B, MAXP): token kept (1-12; 0 = none)
    token_used: np.ndarray  # int8 (B, MAXP): the kept token was used (token 5: permanent, 1)
    players: np.ndarray    # int8 (B,)
    enchant: np.ndarray    # int8 (B,): enchantment in play (0-9; -1 none)
    month: np.ndarray      # int8 (B,): season token on the wheel, 1-12
    year: np.ndarray       # int8 (B,): 1-3 (4 = the game is over)
    ending: np.ndarray     # int8 (B,): the game ends at the end of this round (year III passed)
    drought_year: np.ndarray  # int8 (B,): last year Drought struck
    first: np.ndarray      # int8 (B,): first player of the round
    cur: np.ndarray        # int8 (B,): player whose turn it is
    rnd: np.ndarray        # int32 (B,): rounds started
    turn: np.ndarray       # int32 (B,): turns taken (all players)
    dice: np.ndarray       # int8 (B, NSEASON, MAXDICE): dice of each season in this game (0-4)
    roll: np.ndarray       # int8 (B, MAXDICE): face (0-5) of each die rolled this round
    taken: np.ndarray      # int8 (B, MAXDICE): 1 = die already taken this round
    die_k: np.ndarray      # int8 (B,): die the current player took (Die of Malice re-rolls it)
    die_of: np.ndarray     # int8 (B, MAXP): die each player took this round (-1 not yet)
    roll_season: np.ndarray  # int8 (B,): season of the dice rolled this round: they stay the
    #                        round's dice (faces, pips) even if the season token moves mid-round
    can_trans: np.ndarray  # int8 (B,): current player may transmute this turn/round
    io_trans: np.ndarray   # int8 (B,): ... and only through Io's Transmuter (its +2 at round end)
    trans_extra: np.ndarray  # int8 (B,): extra crystals per energy transmuted this turn
    summons: np.ndarray    # int8 (B,): cards summoned from hand this turn (Entangling Roots)
    vision_used: np.ndarray  # int8 (B,): Vision of Destiny used this turn
    hold: np.ndarray       # int8 (B,): the current player summons no more this turn (a lookahead's
    #                        choice to hold its cards: lookahead.look_summon; 0 in every other run)
    e_in: np.ndarray       # int32 (B,): energies that entered reserves (conservation check)
    e_out: np.ndarray      # int32 (B,): energies that left reserves
    scratch: np.ndarray    # int16 (B, NSCRATCH, MAXI): working lists, so no phase allocates
    score_hist: np.ndarray  # int16 (B, ROUND_HIST, MAXP): each player's standing at the end of each
    #                         round (rules.standing; the last round holds the final prestige), for
    #                         the results' round_scores and game-quality columns (simlab.games.rounds)


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
        c_cont=np.full((batch, MAXI), -1, np.int16), c_pos=z((batch, MAXI), np.int16),
        c_tap=z((batch, MAXI), np.int8), c_mark=z((batch, MAXI), np.int8),
        c_store=z((batch, MAXI, NEN), np.int8), c_copy=np.full((batch, MAXI), -1, np.int16),
        inst_eff=np.full((batch, MAXI), -1, np.int16), eff_n=z((batch, MAXP, NEFFECT), np.int8),
        cont=z((batch, NC, MAXI), np.int16), cont_n=z((batch, NC), np.int16),
        n_inst=z(batch, np.int16), energy=z((batch, MAXP, NEN), np.int16),
        crystals=z((batch, MAXP), np.int32), gauge=z((batch, MAXP), np.int8),
        over=z((batch, MAXP), np.int8), reduced=z((batch, MAXP), np.int8),
        bonus_n=z((batch, MAXP), np.int8), token_deal=z((batch, MAXP, 3), np.int8),
        token=z((batch, MAXP), np.int8), token_used=z((batch, MAXP), np.int8),
        players=z(batch, np.int8), enchant=z(batch, np.int8), month=z(batch, np.int8),
        year=z(batch, np.int8), ending=z(batch, np.int8), drought_year=z(batch, np.int8),
        first=z(batch, np.int8), cur=z(batch, np.int8), rnd=z(batch, np.int32),
        turn=z(batch, np.int32), dice=z((batch, NSEASON, MAXDICE), np.int8),
        roll=z((batch, MAXDICE), np.int8), taken=z((batch, MAXDICE), np.int8),
        die_k=z(batch, np.int8), die_of=np.full((batch, MAXP), -1, np.int8),
        roll_season=z(batch, np.int8),
        can_trans=z(batch, np.int8), io_trans=z(batch, np.int8), trans_extra=z(batch, np.int8),
        summons=z(batch, np.int8),
        vision_used=z(batch, np.int8), hold=z(batch, np.int8), e_in=z(batch, np.int32), e_out=z(batch, np.int32),
        # the kernel's arrays allocated last, as before the toolkit (allocation order moved speed)
        **kernel_arrays(batch, RS_BOT0, NSEAT, (NTYPE, NCARDSTAT), trace_events),
        scratch=z((batch, NSCRATCH, MAXI), np.int16),
        score_hist=z((batch, ROUND_HIST, MAXP), np.int16),
    )


class TablesLayout:
    """The game's data as arrays (built by data.py); index = card type, token or die."""

    card_kind: np.ndarray    # int8 (NTYPE,): K_ITEM / K_FAMILIAR
    card_cost: np.ndarray    # int8 (3, NTYPE, 5): cost for 2/3/4 players: water, earth, fire, air, crystals
    card_prestige: np.ndarray  # int16 (NTYPE,)
    card_effect: np.ndarray  # int16 (NTYPE,): E_* code
    card_timing: np.ndarray  # int8 (NTYPE,): TM_* bits
    card_value: np.ndarray   # float64 (NTYPE,): the bots' estimate of the effect, in prestige
    card_engine: np.ndarray  # float64 (NTYPE,): 1 = an engine card (permanent/activated economy)
    inst_card: np.ndarray    # int16 (NI,): card type of each instance in the deck
    token_prestige: np.ndarray  # int16 (13,): printed value of token id 1-12 (index 0 unused)
    token_pool: np.ndarray   # int8 (NT,): token ids dealt from (empty = no tokens)
    enchant_pool: np.ndarray  # int8 (NE,): enchantments drawn from (empty = none)
    face_energy: np.ndarray  # int8 (NSEASON, NDIE, 6, NEN): energies on each die face
    face_crystals: np.ndarray  # int8 (NSEASON, NDIE, 6)
    face_flags: np.ndarray   # int8 (NSEASON, NDIE, 6): 1 gauge star, 2 transmute, 4 draw
    face_pips: np.ndarray    # int8 (NSEASON, NDIE, 6)
    transmute: np.ndarray    # int8 (NSEASON, NEN): crystals per energy transmuted
    rules: np.ndarray        # int16 (8,): R_* rule switches from data variants


(R_ISHTAR_N, R_ISHTAR_CRYSTALS, R_IDOL_ENTER, R_BONUS1, R_BONUS2, R_BONUS3, R_TIE_SHARED,
 R_DIE_PER_TURN) = range(8)
FF_STAR, FF_TRANS, FF_DRAW = 1, 2, 4


@structref.register
class TablesType(ArrayStruct):
    """Numba type of :class:`Tables`."""


class Tables(ArrayStructProxy):
    """The game's data tables (fields: :class:`TablesLayout`), a StructRef."""



define_struct(Tables, TablesType, TablesLayout)


# ---------------------------------------------------------------------------------------------
# Container helpers
# ---------------------------------------------------------------------------------------------

# Why many helpers here are inline="always": an out-of-line compiled call increfs and decrefs
# the state (and tables) with atomic ops, and these helpers run thousands of times a game; perf
# measured the reference counting at a third of the run before they were inlined (docs/seasons.md,
# "Speed"). Reading a field inside a branch (``x if c else y``, ``a and b``) is also counted
# across blocks, which numba cannot prune: read it once into a local.

@njit(cache=True, inline="always")
def zone_of(p, z):
    """Container index of player p's zone z."""
    return PL0 + p * NZ + z


@njit(cache=True, inline="always")
def play_effect(s, b, i):
    """Effect code card i has in play: its own, or for a Raven the Usurper the mimicked item's
    (``eff_card`` without the tables)."""
    c = s.c_copy[b, i]
    if c < 0:
        c = i
    return s.inst_eff[b, c]


@njit(cache=True)
def place(s, b, i, c):
    """Move card instance i of game b to the top of container c (O(1): swap-remove from its old
    list; taking the top card of a pile keeps the pile's order). Keeps ``eff_n`` when the card
    leaves or enters a play zone."""
    old = s.c_cont[b, i]
    if old >= 0:
        if old >= PL0 and (old - PL0) % NZ == Z_PLAY:
            s.eff_n[b, (old - PL0) // NZ, play_effect(s, b, i)] -= 1
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
    s.c_tap[b, i] = 0
    s.c_mark[b, i] = 0
    s.c_copy[b, i] = -1
    if c >= PL0 and (c - PL0) % NZ == Z_PLAY:
        s.eff_n[b, (c - PL0) // NZ, s.inst_eff[b, i]] += 1


@njit(cache=True)
def set_copy(s, b, i, k):
    """Raven the Usurper i now mimics card k (-1: nothing); ``eff_n`` follows when i is in play."""
    c = s.c_cont[b, i]
    playing = c >= PL0 and (c - PL0) % NZ == Z_PLAY
    if playing:
        s.eff_n[b, (c - PL0) // NZ, play_effect(s, b, i)] -= 1
    s.c_copy[b, i] = k
    if playing:
        s.eff_n[b, (c - PL0) // NZ, play_effect(s, b, i)] += 1


@njit(cache=True, inline="always")
def card_of(t, i):
    """Card type of instance i."""
    return t.inst_card[i]


@njit(cache=True, inline="always")
def eff_card(s, t, b, i):
    """Card type whose effects card i has in play: its own, or for a Raven the Usurper the magic
    item it mimics (EK: Havran usurpátor)."""
    c = s.c_copy[b, i]
    if c < 0:
        c = i
    return t.inst_card[c]  # one field read, not one per branch (see ``log``)


@njit(cache=True)
def owner_of(s, b, i):
    """Player whose zone holds card i, or -1."""
    c = s.c_cont[b, i]
    if c < PL0:
        return -1
    return (c - PL0) // NZ


@njit(cache=True, inline="always")
def in_play(s, b, p):
    """Number of p's cards in play."""
    return s.cont_n[b, zone_of(p, Z_PLAY)]


@njit(cache=True, inline="always")
def hand_n(s, b, p):
    """Number of cards in p's hand."""
    return s.cont_n[b, zone_of(p, Z_HAND)]


@njit(cache=True, inline="always")
def count_effect(s, t, b, p, code):
    """Copies of cards with effect ``code`` p has in play (a Raven counts as what it mimics).

    Read from the table ``eff_n`` that ``place`` and ``set_copy`` keep: the scan it replaces
    (``count_effect_scan``) was the engine's main cost, called from reserve sizes, costs,
    transmute rates and triggers."""
    return s.eff_n[b, p, code]


@njit(cache=True)
def count_effect_scan(s, t, b, p, code):
    """``count_effect`` by scanning p's play zone (the invariant check compares the two)."""
    c = zone_of(p, Z_PLAY)
    n = 0
    for k in range(s.cont_n[b, c]):
        if t.card_effect[eff_card(s, t, b, s.cont[b, c, k])] == code:
            n += 1
    return n


@njit(cache=True, inline="always")
def energy_total(s, b, p):
    """Energies in p's reserve."""
    return s.energy[b, p, 0] + s.energy[b, p, 1] + s.energy[b, p, 2] + s.energy[b, p, 3]


@njit(cache=True, inline="always")
def amulet_water(s, t, b, p, e):
    """Energies of type e on p's Amulets of Water: spendable like reserve energies, though not
    part of the reserve (cards.json FAQ note)."""
    if s.eff_n[b, p, E_AMULET_WATER] == 0:
        return 0  # the usual case: no scan
    c = zone_of(p, Z_PLAY)
    n = 0
    for k in range(s.cont_n[b, c]):
        i = s.cont[b, c, k]
        if t.card_effect[eff_card(s, t, b, i)] == E_AMULET_WATER:
            n += s.c_store[b, i, e]
    return n


@njit(cache=True, inline="always")
def spendable(s, t, b, p, e):
    """Energies of type e p can spend on a cost: reserve plus Amulet of Water."""
    return s.energy[b, p, e] + amulet_water(s, t, b, p, e)


@njit(cache=True, inline="always")
def reserve_size(s, t, b, p):
    """Size of p's energy reserve: 7, or 10 with a Bespelled Grimoire in play (never more),
    minus one per decreased-reserve marker (Mesodae's Lantern, Statue of Eolis, Drought)."""
    size = RESERVE
    if count_effect(s, t, b, p, E_GRIMOIRE) > 0:
        size = GRIMOIRE_RESERVE
    size -= count_effect(s, t, b, p, E_MESODAE_LANTERN) + count_effect(s, t, b, p, E_STATUE_EOLIS)
    size -= s.reduced[b, p]
    return max(size, 0)


@njit(cache=True, inline="always")
def season_of(month):
    """Season (0 winter .. 3 fall) of a wheel space 1-12."""
    return (month - 1) // 3


@njit(cache=True, inline="always")
def log(s, b, code, a, x, y):
    """Append a trace event when tracing (ev has room); a no-op in batch runs."""
    # the batch run's whole cost is this one read: a field read inside a condition would be
    # reference-counted across branches (atomic ops numba cannot prune)
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
def count_violations(s, t, b):
    """Invariant checks: cards conserved and consistently indexed; energy conserved (what entered
    reserves minus what left equals what they hold); no negative energy or crystals; reserves
    within their size; gauge within 0-15; cards in play never above the gauge (beyond the
    documented allowance ``over``); at most 3 bonuses; the effect-count table ``eff_n`` equal to
    a scan of every play zone."""
    bad = 0
    for p in range(MAXP):
        for code in range(NEFFECT):
            if s.eff_n[b, p, code] != count_effect_scan(s, t, b, p, code):
                bad += 1
    total = 0
    for c in range(NC):
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
    held = 0
    for p in range(s.players[b]):
        for e in range(NEN):
            if s.energy[b, p, e] < 0:
                bad += 1
        et = energy_total(s, b, p)
        held += et
        if et > reserve_size(s, t, b, p):
            bad += 1
        if s.crystals[b, p] < 0:
            bad += 1
        if s.gauge[b, p] < 0 or s.gauge[b, p] > MAX_GAUGE:
            bad += 1
        if in_play(s, b, p) > s.gauge[b, p] + s.over[b, p]:
            bad += 1
        if s.bonus_n[b, p] < 0 or s.bonus_n[b, p] > MAX_BONUS:
            bad += 1
    for i in range(s.n_inst[b]):
        for e in range(NEN):
            if s.c_store[b, i, e] < 0:
                bad += 1
            held += s.c_store[b, i, e]
            if s.c_store[b, i, e] != 0 and s.c_cont[b, i] < PL0:
                bad += 1  # only cards in play keep energies
    if held != s.e_in[b] - s.e_out[b]:
        bad += 1
    return bad


# ---------------------------------------------------------------------------------------------
# Legality checks shared by the rules and the bots
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def identical_energy(s, b, p, n):
    """An energy type p holds at least n of (the first such type), -1 if none."""
    for e in range(NEN):
        if s.energy[b, p, e] >= n:
            return e
    return -1


@njit(cache=True)
def has_familiar_to_lose(s, t, b, p, exclude):
    """p has a familiar in hand or in play (other than card ``exclude``): Necrotic Kriss."""
    for z in (Z_HAND, Z_PLAY):
        c = zone_of(p, z)
        for k in range(s.cont_n[b, c]):
            i = s.cont[b, c, k]
            if i != exclude and t.card_kind[t.inst_card[i]] == K_FAMILIAR:
                return True
    return False


@njit(cache=True, inline="always")
def can_activate(s, t, b, p, i):
    """Card i of p may be activated now: in play, untapped, with an activated effect that is
    implemented and whose cost p can pay."""
    card = eff_card(s, t, b, i)
    if s.c_cont[b, i] != zone_of(p, Z_PLAY) or s.c_tap[b, i] or not (t.card_timing[card] & TM_ACTIVATED):
        return False
    e = t.card_effect[card]
    if e == E_BALANCE_ISHTAR:
        return identical_energy(s, b, p, t.rules[R_ISHTAR_N]) >= 0
    if e == E_KAIRN:
        return energy_total(s, b, p) >= 1
    if e == E_TREE_LIGHT:
        return s.crystals[b, p] >= 3 or energy_total(s, b, p) >= 1
    if e == E_DRAGON_SKULL:
        return in_play(s, b, p) >= 3  # any three power cards, the Skull included (ruling)
    if e == E_NECROTIC_KRISS:
        return has_familiar_to_lose(s, t, b, p, i)
    if e == E_GLUTTON_CAULDRON:
        return energy_total(s, b, p) >= 1
    if e == E_JEWEL_ANCIENTS:
        for x in range(NEN):
            if spendable(s, t, b, p, x) >= 3:
                return True
        return False
    if e == E_FAIRY_MONOLITH:
        n = 0
        for x in range(NEN):
            n += s.c_store[b, i, x]
        return n >= 1
    if e == E_CRYSTAL_ORB:
        return s.cont_n[b, C_DECK] + s.cont_n[b, C_DISCARD] > 0 and (
            s.crystals[b, p] >= 3 or energy_total(s, b, p) >= 4)
    if e == E_DAMNED_SOUL:
        return s.energy[b, p, WATER] >= 1
    if e == E_MIRROR_SEASONS:
        return s.crystals[b, p] >= 1 and energy_total(s, b, p) >= 1
    if e == E_ARCANE_TELESCOPE:
        return s.crystals[b, p] >= 2 and s.cont_n[b, C_DECK] > 0
    if (e == E_IDOL_FAMILIAR or e == E_POTION_POWER or e == E_POTION_DREAMS
            or e == E_POTION_KNOWLEDGE or e == E_POTION_LIFE or e == E_ARGOS_HAWK
            or e == E_POTION_RESURRECTION):
        return True
    return False


@njit(cache=True)
def elemental_plan(s, t, b, p, card, extra, plan):
    """Elemental Amulet's optional cost: one energy of any subset of the four types, each type
    paid giving its effect (FAQ note). Every bot pays one of each type it can (all four effects
    are gains); each Hand of Fortune lets one more type count as paid for free, as long as at
    least one energy is paid; Nature Spirit's extra energy drops one type from the subset when
    nothing else is spare. ``plan[6]`` gets the mask of types whose effect applies."""
    mask = 0
    paid = 0
    for e in range(NEN):
        plan[e] = 0
        if spendable(s, t, b, p, e) >= 1:
            plan[e] = 1
            mask |= 1 << e
            paid += 1
    free = count_effect(s, t, b, p, E_HAND_FORTUNE)
    spare = 0
    for e in range(NEN):
        spare += spendable(s, t, b, p, e) - plan[e]
    if extra > 0 and spare < extra:
        if free > 0:
            free -= 1  # Hand of Fortune covers Nature Spirit's energy
            extra = 0
        else:
            for e in range(NEN):
                if plan[e] == 1 and paid >= 2:
                    plan[e] = 0
                    mask &= ~(1 << e)
                    paid -= 1
                    spare += 1
                    break
    if extra > 0 and spare < extra:
        return False
    for e in range(NEN):
        if free > 0 and not (mask & (1 << e)):
            mask |= 1 << e
            free -= 1
    if paid == 0:
        return False
    plan[4] = 0
    plan[5] = extra
    plan[6] = mask
    leech = 0
    for q in range(s.players[b]):
        if q != p:
            leech += count_effect(s, t, b, q, E_ARCANO_LEECH)
    return s.crystals[b, p] >= leech


@njit(cache=True)
def pay_plan(s, t, b, p, card, from_hand, plan):
    """Whether p can pay card's summoning cost now; fills ``plan`` (a row of at least 6: energies
    of each type to pay, crystals, then the number of energies of choice still to pay).

    Hand of Fortune lowers the energy cost by 1 per copy, never below 1 energy; Nature Spirit adds
    one energy of choice to cards summoned from hand (Hand of Fortune may cover it, EK); Arcano
    Leech makes the summoner pay 1 crystal to each Leech's owner first (ruling: a player without
    that crystal cannot summon from hand)."""
    pc = s.players[b] - 2
    extra = 1 if (from_hand and s.enchant[b] == EN_NATURE_SPIRIT) else 0
    if t.card_effect[card] == E_ELEMENTAL_AMULET:
        return elemental_plan(s, t, b, p, card, extra, plan)
    total = extra
    for e in range(NEN):
        total += t.card_cost[pc, card, e]
    red = 0
    if total >= 2:
        red = min(count_effect(s, t, b, p, E_HAND_FORTUNE), total - 1)
    # spendable energies read once (pay_plan runs for every hand card at every summon check)
    sp = (spendable(s, t, b, p, 0), spendable(s, t, b, p, 1), spendable(s, t, b, p, 2),
          spendable(s, t, b, p, 3))
    for e in range(NEN):
        c = t.card_cost[pc, card, e]
        have = sp[e]
        short = max(0, c - have)
        use = min(red, short)
        c -= use
        red -= use
        if c > have:
            return False
        plan[e] = c
    use = min(red, extra)
    extra -= use
    red -= use
    # leftover reductions spare the energy worth most in crystals this season
    while red > 0:
        best = -1
        best_v = -1
        for e in range(NEN):
            if plan[e] > 0:
                v = t.transmute[season_of(s.month[b]), e]
                if v > best_v:
                    best_v = v
                    best = e
        if best < 0:
            break
        plan[best] -= 1
        red -= 1
    spare = 0
    for e in range(NEN):
        spare += sp[e] - plan[e]
    if spare < extra:
        return False
    plan[5] = extra
    leech = 0
    if from_hand:
        for q in range(s.players[b]):
            if q != p:
                leech += count_effect(s, t, b, q, E_ARCANO_LEECH)
    plan[4] = t.card_cost[pc, card, 4]
    if s.crystals[b, p] < plan[4] + leech:
        return False
    return True


@njit(cache=True, inline="always")
def can_summon(s, t, b, p, i, plan):
    """p may summon hand card i now: gauge above the cards in play (F: summoning), at most one
    summon from hand per turn under Entangling Roots (EK), and the cost payable (``plan``)."""
    if s.c_cont[b, i] != zone_of(p, Z_HAND):
        return False
    if s.gauge[b, p] <= in_play(s, b, p):
        return False
    if s.enchant[b] == EN_ENTANGLING_ROOTS and s.summons[b] >= 1:
        return False
    return pay_plan(s, t, b, p, t.inst_card[i], True, plan)


@njit(cache=True)
def can_move_season(s, b, delta):
    """The season token may not move back before year I's first space (ruling)."""
    return (s.year[b] - 1) * 12 + s.month[b] + delta >= 1
