"""Wiz-War bots: a parameter vector per seat and the compiled decisions that read it.

Every decision the rules ask a seat for goes through one function here. The rules list the legal
options (``rules.enumerate_options``) or say which counters are allowed; a bot only picks. (In
Move and Cast the heuristic's view of the decision is made first, :func:`decision_view`, and the
listing leaves out the attacks on walls, doors and blocks it would score below nothing,
:func:`aims_wanted`; the choice is the one the whole listing would give.) With
``random = 1`` each decision is a uniformly random legal choice (the fuzzing bot); otherwise the
heuristic scores the options with the weights below.

What a bot may read (checklist 4.1): its own hand, every wizard's position, life, stun tokens,
points and carried treasure, the board, the treasures, and the number of cards in others' hands.
Never another seat's hand or the deck order (``tests/games/wizwar/test_bots.py`` checks that
shuffling the hidden cards does not change a decision).
"""

from __future__ import annotations

import numpy as np

from simlab.games.base import BotPreset
from simlab.games.jit import njit
from simlab.games.kernel import coin, rand
from simlab.games.wizwar.board import DOOR
from simlab.games.wizwar.movement import (
    away_side,
    bolt_path,
    distances,
    distances_around,
    push_dest,
    step_unlocked,
    teleport_squares,
    walk_length,
    walks,
)
from simlab.games.wizwar.rotation import put_back, remembered_turn, turn_marked, turned_geo, walk_marks
from simlab.games.wizwar.sight import adjacent, in_storm, line_of_sight, sees_bent
from simlab.games.wizwar.state import (
    DRAW_MAX,
    E_ABSORB_SPELL,
    E_ACID_BATH,
    E_ADD,
    E_ADRENALINE,
    E_ANTI_ANTI,
    E_AROUND_THE_CORNER,
    E_ASTRAL_PROJECTION,
    E_BACKLASH,
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
    E_ENERGY,
    E_EXTRA_ARMS,
    E_FEATHERWEIGHT,
    E_FIRE_CLOAK,
    E_FIRE_DARTS,
    E_FIREBALL,
    E_FLOOD,
    E_FOG,
    E_FULL_SHIELD,
    E_GLOBE_OF_PAIN,
    E_GLUE,
    E_GNOME_FORM,
    E_GOLEM_FORM,
    E_GRAVITY,
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
    E_NEGATE_NEUTRAL,
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
    E_SHIELD,
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
    E_VISIONSTONE,
    E_WALL_OF_EARTH,
    E_WALL_OF_FIRE,
    E_WALLIVORE,
    E_WARD,
    E_WATERBOLT,
    E_WEREWOLF_FORM,
    E_WINDRIDER,
    E_YOINK,
    E_ZOT,
    FILL_DUST,
    FILL_ROSE,
    FILL_TACKS,
    FILL_THORN,
    FILLED,
    KIND,
    MAXP,
    NKIND,
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
    SEALED,
    STEP_RANDOM,
    STRETCH_DROP,
    STRETCH_ITEM,
    STRETCH_TREASURE,
    T_ATTACK,
    T_ENERGY,
    attack_open,
    carried,
    crack_limit,
    crossed_fire,
    hand_limit,
    hand_of,
    hand_size,
    is_form,
    items_of,
    maint_of,
    maintained,
    move_bit,
    spell_on,
    stuck,
)

__all__ = ["PARAMS", "PRESETS", "NPARAM", "choose_option", "choose_shield", "choose_full_shield",
           "choose_negate", "choose_discard", "card_value", "choose_absorb", "choose_brain_burn",
           "choose_steal", "choose_attack_reaction"]

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
    "avoid_card": -1.0,    # never play this card for its effect (a card name in scenarios; -1 none):
    #                        the card-value study's arm. It may still be spent for its energy value,
    #                        except a pure energy card, whose only use that is
    "break_min": 4.0,      # least steps a broken (or dissolved) wall, door or block must save on the
    #                        walk to the goal before the bot attacks it (helper objects, R122-R127)
}
(P_RANDOM, P_W_TREASURE, P_W_KILL, P_KILL_BONUS, P_ATTACK_MIN, P_COUNTER_MIN, P_KEEP_MIN,
 P_END_FLOOR, P_AVOID, P_BREAK_MIN) = range(len(PARAMS))
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

# The parameters `simlab tune` searches, with the range it searches and preset files must keep to.
TUNABLE = {
    "w_treasure": (0.0, 3.0), "w_kill": (0.0, 3.0), "kill_bonus": (0.0, 10.0), "attack_min": (0.0, 5.0),
    "counter_min": (0.0, 8.0), "keep_min": (0.0, 4.0), "break_min": (0.0, 10.0),
}


GLOBE_REACH = 6  # Globe of Pain: its target within 6 movement of the caster (card text)


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
    elif e == E_TELEPORT or e == E_LIGHTNING_BOLT or e == E_WATERBOLT:
        v = 2.5
    elif e == E_WINDRIDER or e == E_MENTAL_FORCE:
        v = 1.5
    elif e == E_DESTROY_WALL or e == E_CREATE_WALL or e == E_STONE_BLOCK:
        v = 1.5
    elif is_form(e):
        v = 1.5  # the Mutation forms (helper forms); Mist Body above
    else:
        v = sight_card_value(e, thaum_card_value(e, mind_card_value(e, v)))
    return v


@njit(cache=True)
def sight_card_value(e, v):
    """card_value of the cards that bend sight or block a line (``v`` for any other effect)."""
    if e == E_WALL_OF_EARTH or e == E_VISIONSTONE:
        v = 2.5
    elif e == E_AROUND_THE_CORNER or e == E_ASTRAL_PROJECTION or e == E_ROTATE_SECTOR:
        v = 1.0
    elif e == E_WALLIVORE or e == E_PASS_THROUGH_WALL or e == E_CREATE_DOOR or e == E_SEAL_DOOR:
        v = 1.5
    return v


@njit(cache=True)
def seal_score(s, t, b, geo, p, card, f):
    """Score of Seal Door on door f: the steps it adds to the walk home of an enemy carrying one
    of the bot's treasures (tried on the game's board and put back; shut out entirely counts as
    10), worth it from 2 steps on."""
    k = s.deal[b]
    best = 0
    for q in range(s.players[b]):
        j = s.carrying[b, q]
        if q == p or not s.alive[b, q] or j < 0 or j // 2 != p:
            continue
        home = t.g_base[k, q]
        bit = move_bit(s, t, b, q)
        before = walk_length(geo, home, s.pos[b, q], bit)
        old = s.edge_kind[b, f]
        s.edge_kind[b, f] = old | SEALED
        after = walk_length(geo, home, s.pos[b, q], bit)
        s.edge_kind[b, f] = old
        gain = 10 if after < 0 <= before else after - before
        best = max(best, gain)
    if best < 2:
        return -1.0
    return 2.0 * best - 0.3 * card_value(t, card)


@njit(cache=True)
def wall_side_score(s, t, b, geo, p, prm, card, d, goal, field, here):
    """Score of Wallivore or Pass Through Wall at the wall on side d of the bot's square, or of
    Create Door at border d: the steps it takes off the walk to the goal (Pass Through Wall: the
    square beyond, reached for free; Wallivore and Create Door: the walk with the wall gone or the
    bot's own door there, tried and put back), worth it from 3 steps on; Wallivore's 2 life also
    count when the bot is hurt (life 18 or less). Create Door to shut others out is not tried."""
    me = s.pos[b, p]
    gain = 0
    e = t.card_effect[card]
    if e == E_PASS_THROUGH_WALL:
        v = geo.nbr[me, d]
        if v >= 0 and field[v] >= 0:
            gain = here - field[v]
    elif goal >= 0:
        f = d if e == E_CREATE_DOOR else geo.edge[me, d]
        old = s.edge_kind[b, f]
        oldm = s.edge_doors[b, f]
        s.edge_kind[b, f] = DOOR if e == E_CREATE_DOOR else old & FILLED  # the bot's door, or no wall
        s.edge_doors[b, f] = (1 << s.colour[b, p]) if e == E_CREATE_DOOR else oldm
        after = walk_length(geo, goal, me, move_bit(s, t, b, p))
        s.edge_kind[b, f] = old
        s.edge_doors[b, f] = oldm
        if after >= 0:
            gain = here - after
    sc = -1.0
    if gain >= 3:
        sc = prm[P_W_TREASURE] * gain
    if t.card_effect[card] == E_WALLIVORE and s.life[b, p] <= 18:
        sc = max(sc, 0.0) + 1.0
    return sc - 0.3 * card_value(t, card) if sc > 0 else -1.0


@njit(cache=True)
def rotate_score(s, t, b, geo, p, prm, card, z, here):
    """Score of Rotate Sector turning slot z // 4 by z % 4 quarter turns: the steps it takes off
    the bot's walk to its goal (the goal and the bot may turn with the sector), tried on the
    game's own board and put back; worth casting from 3 steps on, less the card's worth.

    A turn the game remembers (``rotation.remembered_turn``: 95% of trials at two players) is
    not laid down: the walks are searched on the remembered board after it, the wizards and
    treasures read where it moved them (:func:`turned_goal`). The same walks and draws, so
    the same games, without copying the board out and back."""
    j = remembered_turn(s, b, z // 4, z % 4)
    if j >= 0:
        turned = turned_geo(geo, s.trial_kind[b, j, 1], s.trial_doors[b, j, 1])
        after = _walk_after(s, t, b, turned, p, s.trial_sqmap[b, j])
    else:
        marks = walk_marks(s, b)  # a trial for walks: goal_square and a search read nothing else
        turn_marked(s, t, b, geo, z // 4, z % 4, marks)
        after = _walk_after(s, t, b, geo, p, s.pos[b, :0])
        put_back(s, b, marks)
    gain = here - after
    if gain < 3:
        return -1.0
    return prm[P_W_TREASURE] * gain - 0.3 * card_value(t, card)


@njit(cache=True)
def _walk_after(s, t, b, geo, p, sqmap):
    """:func:`rotate_score`'s walk to the goal after a turn (40: no goal or no way), on the
    turned board ``geo`` with the pieces moved by ``sqmap`` (empty: already moved)."""
    goal, d = turned_goal(s, t, b, geo, p, sqmap)
    return d if goal >= 0 and d >= 0 else 40


@njit(cache=True)
def sight_score(s, t, b, geo, p, prm, card, sq, look):
    """Score of casting Around the Corner (``card``) or Astral Projection from square ``sq``: the
    best attack the bot could then make on an attackable enemy it does not see now (its attack
    spells' damage, unboosted, as the attack options are scored), less the card's worth; -1 when
    no such attack is worth ``attack_min`` or the turn's attack is used."""
    if s.attacked[b] or s.first_done[b, p] == 0 or (s.stunned[b] == 1 and s.moved[b] == 1):
        return -1.0
    bend = t.card_effect[card] == E_AROUND_THE_CORNER
    me = s.pos[b, p]
    bit = 1 << s.colour[b, p]
    h = hand_of(p)
    best = -1.0
    for q in range(s.players[b]):
        if q == p or not s.alive[b, q] or spell_on(s, t, b, E_MIST_BODY, q) >= 0 or _looks_at(s, b, geo, p, q, look):
            continue
        top = -1.0  # the best attack on q, found before the sight test (the costly part)
        for k in range(s.cont_n[b, h]):
            c = s.inst_card[b, s.cont[b, h, k]]
            if t.card_type[c] != T_ATTACK or avoided(prm, c):
                continue
            dmg = target_damage(s, t, b, c, 1, q)
            sc = prm[P_W_KILL] * dmg - 0.3 * card_value(t, c)
            if dmg >= s.life[b, q] and t.card_effect[c] != E_ACID_BATH:
                sc += prm[P_KILL_BONUS]
            if s.carrying[b, q] >= 0:
                sc += 1.0
            if dmg > 0 and sc > top:
                top = sc
        if top <= best or top < prm[P_ATTACK_MIN]:
            continue  # cannot change the answer: no need to look
        w = s.pos[b, q]
        if sees_bent(geo, me, w, bit, False) if bend else line_of_sight(geo, sq, w, bit):
            best = top
    if best < prm[P_ATTACK_MIN]:
        return -1.0
    return best - 0.3 * card_value(t, card)


@njit(cache=True)
def spell_damage(t, card, energy):
    """Damage an implemented attack spell deals at ``energy`` before counters."""
    e = t.card_effect[card]
    d = 0
    if e == E_ZOT or e == E_STONE_DEAD or e == E_FIRE_DARTS or e == E_GLOBE_OF_PAIN:
        d = energy
    elif e == E_FIREBALL:
        d = 5
    elif e == E_POWERTHRUST:
        d = energy + 2
    elif e == E_KA_BONG:
        d = 4
    elif e == E_WATERBOLT:
        d = energy  # at most: the caster may turn part of it into knock-back
    elif e == E_LIGHTNING_BOLT:
        d = 3  # one pass (the bolt may pass a wizard more than once)
    elif e == E_ACID_BATH:
        d = 2 * energy  # 2 in each of the caster's Time Passes while it lasts (energy tokens)
    elif e == E_SLOW_DEATH:
        d = (3 * energy) // 2  # 1 a card drawn, about 2 a turn, fewer near death (draws_wanted)
    return d


@njit(cache=True)
def goal_square(s, t, b, geo, p):
    """Where the heuristic walks: home with a carried treasure; else the nearest enemy treasure
    not already on its own base, or its own treasure lying on an enemy base (R117); else the
    nearest enemy wizard. -1 if nothing is reachable. Equally near goals are chosen between at
    random: a fixed order (lowest seat first) sent every wizard after seat 0's treasures and made
    seat 0 lose more often on symmetric boards (measured: 18.3% against about 27% for the others
    at 4 players on the mirrored `open` set, n = 1,000 each)."""
    return goal_walks(s, t, b, geo, p)[0]


@njit(cache=True)
def goal_walks(s, t, b, geo, p):
    """:func:`goal_square` and the walking distances from seat p's square it searched to find
    it (empty when carrying a treasure: the goal is home, found without a search)."""
    if s.carrying[b, p] >= 0:
        return t.g_base[s.deal[b], p], s.pos[b, :0]  # an empty view: no allocation
    field = distances(geo, s.pos[b, p], move_bit(s, t, b, p))
    return _goal_by(s, t, b, geo, p, s.pos[b, :0], field)[0], field


@njit(cache=True, inline="always")
def _moved(sqmap, sq):
    """Square ``sq`` after a turn that moved each square's contents to ``sqmap`` (empty: none)."""
    return sq if sqmap.shape[0] == 0 or sq < 0 else np.int64(sqmap[sq])


@njit(cache=True)
def turned_goal(s, t, b, geo, p, sqmap):
    """:func:`goal_square` as it would be after a sector turn that moved each square's wizards
    and treasures to ``sqmap`` on the board ``geo`` (the turned board), and the steps from seat
    p's square to it (-1: no goal or no way): a remembered trial turn is scored without laying
    it down and putting the board back (:func:`rotate_score`). The same reads and draws as
    :func:`goal_walks` on the turned board itself.

    Each candidate's steps are read from the search out of its square (walks are symmetric:
    tests/games/wizwar/test_movement.py), not from one search out of the bot's: treasures and
    wizards stand still while the bot walks, so their searches on a trial board are remembered
    from step to step (movement.distances), where the bot's square is new at every step."""
    me = _moved(sqmap, s.pos[b, p])
    if s.carrying[b, p] >= 0:
        home = t.g_base[s.deal[b], p]
        return home, walk_length(geo, home, me, move_bit(s, t, b, p))
    if s.players[b] > 2:
        # more candidates than the memory keeps on every trial board: one search from the bot's
        # square (measured: 4 players 20% slower the other way; docs/speed.md)
        return _goal_by(s, t, b, geo, p, sqmap, distances(geo, me, move_bit(s, t, b, p)))
    return _goal_by(s, t, b, geo, p, sqmap, s.pos[b, :0])


@njit(cache=True)
def _goal_by(s, t, b, geo, p, sqmap, field):
    """The goal of seat p not carrying a treasure (:func:`goal_square`) and the steps to it
    (-1, -1: none), the pieces moved by ``sqmap``; ``field``: the walks from p's square, or
    empty to read each candidate's own search (:func:`turned_goal`)."""
    k = s.deal[b]
    me = _moved(sqmap, s.pos[b, p])
    home = t.g_base[k, p]
    bit = move_bit(s, t, b, p)
    best = -1
    bd = 1 << 20
    ties = 0
    n = s.players[b]
    for j in range(2 * n):
        if s.tr_carrier[b, j] >= 0:
            continue
        sq = _moved(sqmap, s.tr_sq[b, j])
        owner = j // 2
        want = False
        if owner != p:
            want = sq != home
        else:
            for q in range(n):
                if q != p and sq == t.g_base[k, q]:
                    want = True
        if not want:
            continue
        d = np.int64(field[sq]) if field.shape[0] > 0 else walk_length(geo, sq, me, bit)
        if 0 <= d <= bd:
            if d < bd:
                bd = d
                best = sq
                ties = 1
            else:  # reservoir choice among the equally near (one draw per extra tie)
                ties += 1
                if rand(s, b, p, ties) == 0:
                    best = sq
    if best < 0:
        for q in range(n):
            if q == p or not s.alive[b, q]:
                continue
            w = _moved(sqmap, s.pos[b, q])
            d = np.int64(field[w]) if field.shape[0] > 0 else walk_length(geo, w, me, bit)
            if 0 <= d <= bd:
                if d < bd:
                    bd = d
                    best = w
                    ties = 1
                else:
                    ties += 1
                    if rand(s, b, p, ties) == 0:
                        best = w
    return best, (bd if best >= 0 else -1)


# --- geo cards ---
# The bot's side of Windrider, Teleport, Lightning Bolt, Waterbolt and Mental Force (rules.py
# holds their effects): option scores, and the choices made inside an effect.

@njit(cache=True)
def geo_effect(e):
    """True for the movement and geometry cards of this block."""
    return e == E_WINDRIDER or e == E_TELEPORT or e == E_LIGHTNING_BOLT or e == E_WATERBOLT or e == E_MENTAL_FORCE


@njit(cache=True)
def boost_energy(s, t, b, p, boost):
    """A spell's energy when seat p boosts it with instance ``boost`` (-1: none, energy 1, R91;
    a boost replaces it, R92; each carried Powerstone adds 1, as rules.spend_energy does)."""
    if boost < 0:
        return 1
    return np.int64(t.card_energy[s.inst_card[b, boost]]) + carried(s, t, b, p, E_POWERSTONE)


@njit(cache=True)
def goal_gain(s, t, b, geo, q, dest):
    """How many steps farther from its own goal wizard q would stand on ``dest`` than where it
    stands (negative: nearer); 0 when it has no reachable goal."""
    g = goal_square(s, t, b, geo, q)
    if g < 0:
        return 0
    f = distances(geo, g, 1 << s.colour[b, q])
    if f[dest] < 0 or f[s.pos[b, q]] < 0:
        return 0
    return np.int64(f[dest]) - f[s.pos[b, q]]


@njit(cache=True)
def force_dest(s, t, b, geo, p, prm, q, steps):
    """Mental Force: the square seat p moves wizard q to, at most ``steps`` steps away under q's
    movement rules (A-31: any path, no square twice; every square within that walking distance is
    reachable so). Balanced: the square farthest from q's goal; random: any. -1 if none."""
    bit = 1 << s.colour[b, q]
    reach = distances(geo, s.pos[b, q], bit)
    n = 0
    for sq in range(reach.shape[0]):
        if 0 < reach[sq] <= steps:
            n += 1
    if n == 0:
        return -1
    if prm[P_RANDOM] >= 0.5:
        m = rand(s, b, p, n)
        for sq in range(reach.shape[0]):
            if 0 < reach[sq] <= steps:
                if m == 0:
                    return sq
                m -= 1
    g = goal_square(s, t, b, geo, q)
    f = distances(geo, g, bit) if g >= 0 else reach
    best = -1
    bv = -1
    for sq in range(reach.shape[0]):
        if 0 < reach[sq] <= steps:
            v = f[sq] if f[sq] >= 0 else 99
            if v > bv:
                bv = v
                best = sq
    return best


@njit(cache=True)
def geo_attack_score(s, t, b, geo, p, prm, k):
    """Score of an attack option of this block (Lightning Bolt, Waterbolt, Mental Force): the
    damage it would deal (kill bonus, stun) and how far it would drive a wizard from its goal
    (weighted more for a treasure carrier), minus the cards it costs; a bolt that would hurt
    its own caster is scored down (lethal: never)."""
    a = s.opt[b, k, 1]
    q = s.opt[b, k, 2]
    y = s.opt[b, k, 3]
    z = s.opt[b, k, 4]
    card = s.inst_card[b, a]
    e = t.card_effect[card]
    energy = boost_energy(s, t, b, p, y)
    sc = -0.3 * card_value(t, card)
    if y >= 0:
        sc -= 0.3 * card_value(t, s.inst_card[b, y])
    if e == E_LIGHTNING_BOLT:
        dmg = np.zeros(MAXP, np.int64)
        for sq in bolt_path(geo, s.pos[b, p], z, energy):
            for w in range(s.players[b]):
                if s.alive[b, w] and s.pos[b, w] == sq:
                    dmg[w] += 3
        for w in range(s.players[b]):
            if dmg[w] == 0:
                continue
            if w == p:
                sc -= 2.0 * prm[P_W_KILL] * dmg[w]
                if dmg[w] >= s.life[b, p]:
                    sc -= 100.0
            else:
                sc += prm[P_W_KILL] * (dmg[w] + 1.0)  # + the stun token
                if dmg[w] >= s.life[b, w]:
                    sc += prm[P_KILL_BONUS]
                if s.carrying[b, w] >= 0:
                    sc += 1.0
        return sc
    dmg = 0
    gain = 0
    if e == E_WATERBOLT:
        dmg = energy - z
        if z > 0:
            d = away_side(geo, s.pos[b, p], s.pos[b, q])
            gain = goal_gain(s, t, b, geo, q, push_dest(geo, s.pos[b, q], d, z, 1 << s.colour[b, q]))
    elif e == E_MENTAL_FORCE:
        dest = force_dest(s, t, b, geo, p, prm, q, energy + 3)
        if dest >= 0:
            gain = goal_gain(s, t, b, geo, q, dest)
    sc += prm[P_W_KILL] * dmg
    if dmg >= s.life[b, q]:
        sc += prm[P_KILL_BONUS]
    w = 0.5 if s.carrying[b, q] < 0 else 1.0
    sc += w * prm[P_W_TREASURE] * gain
    if s.carrying[b, q] >= 0 and (dmg > 0 or gain > 0):
        sc += 1.0
    return sc


@njit(cache=True)
def geo_move_score(s, t, b, geo, p, prm, k, goal, field, here, best_attack):
    """Score of a Windrider or Teleport option (z = the square it takes the caster to): the
    steps it saves on the way to the goal, beyond what the movement points left would walk for
    Teleport (it ends movement; and only for 3 steps or more, or onto the goal: else the card is
    kept as a counter), minus the cards it costs. Stunned with an attack in view: never (R140)."""
    a = s.opt[b, k, 1]
    y = s.opt[b, k, 3]
    dest = s.opt[b, k, 4]
    card = s.inst_card[b, a]
    if t.card_effect[card] == E_WATERBOLT:
        return -1.0  # on oneself it only puts out Fire spells, and none lasts yet (A-29)
    if (s.stunned[b] == 1 and best_attack > 0) or field[dest] < 0 or goal < 0:
        return -1.0
    gain = np.float64(here - field[dest])
    if t.card_effect[card] == E_TELEPORT:
        gain -= max(np.int64(s.mp[b]), 0)
        if gain < 3 and dest != goal:
            return -1.0  # a small shortcut is worth less than keeping the card as a counter
    sc = prm[P_W_TREASURE] * gain - 0.3 * card_value(t, card)
    if y >= 0:
        sc -= 0.3 * card_value(t, s.inst_card[b, y])
    if gain < 1 or sc <= 0.3:
        return -1.0
    return sc


@njit(cache=True)
def choose_teleport_counter(s, t, b, geo, q, prm, attacker, card, energy):
    """Seat q is attacked by ``attacker`` with spell ``card``: (Teleport instance, square) to
    teleport to as a counter, or (-1, -1). Only a square out of the attacker's sight evades, so
    only such squares are chosen; the balanced bot takes the one nearest its own goal when the
    hit is worth a counter (counter_min, lethal, or a forced move of a treasure carrier)."""
    i = -1
    h = hand_of(q)
    for k in range(s.cont_n[b, h]):
        c = s.inst_card[b, s.cont[b, h, k]]
        if t.card_effect[c] == E_TELEPORT and not avoided(prm, c):
            i = s.cont[b, h, k]
    if i < 0:
        return -1, -1
    src = s.pos[b, attacker]
    abit = 1 << s.colour[b, attacker]
    sqs = teleport_squares(geo, s.pos[b, q])
    walk = np.empty(0, np.int16)  # Globe of Pain needs no sight: out of its reach instead
    if t.card_effect[card] == E_GLOBE_OF_PAIN:
        walk = distances(geo, src, move_bit(s, t, b, attacker))
    n = 0
    for j in range(sqs.shape[0]):
        seen = line_of_sight(geo, src, sqs[j], abit) if walk.shape[0] == 0 else 0 <= walk[sqs[j]] <= GLOBE_REACH
        if s.fill[b, sqs[j]] == 0 and not seen:  # never into a Stone Block
            sqs[n] = sqs[j]
            n += 1
    if n == 0:
        return -1, -1
    if prm[P_RANDOM] >= 0.5:
        if not coin(s, b, q):
            return -1, -1
        return i, sqs[rand(s, b, q, n)]
    dmg = spell_damage(t, card, energy)
    e = t.card_effect[card]
    if not (dmg >= s.life[b, q] or dmg >= prm[P_COUNTER_MIN]
            or ((e == E_MENTAL_FORCE or e == E_WATERBOLT) and s.carrying[b, q] >= 0)):
        return -1, -1
    g = goal_square(s, t, b, geo, q)
    f = distances(geo, g if g >= 0 else s.pos[b, q], 1 << s.colour[b, q])
    best = sqs[0]
    bv = 1 << 20
    for j in range(n):
        v = f[sqs[j]] if f[sqs[j]] >= 0 else 1000
        if v < bv:
            bv = v
            best = sqs[j]
    return i, best


# --- walls cards ---
# The bot's side of Destroy Wall, Create Wall and Stone Block (rules.py "walls cards" holds
# their effects). Changes are tried on the game's own border kinds and undone at once.

@njit(cache=True)
def walls_effect(e):
    """True for the cards of this block."""
    return e == E_DESTROY_WALL or e == E_CREATE_WALL or e == E_STONE_BLOCK


@njit(cache=True)
def _threat_goal(s, t, b, geo, p, q):
    """Where enemy q walks if that threatens seat p's treasures: home with one of them carried,
    or to one of them lying on the board; -1 otherwise."""
    if s.carrying[b, q] >= 0:
        return goal_square(s, t, b, geo, q) if s.carrying[b, q] // 2 == p else -1
    g = goal_square(s, t, b, geo, q)
    for j in range(2 * p, 2 * p + 2):
        if g >= 0 and s.tr_carrier[b, j] < 0 and s.tr_sq[b, j] == g:
            return g
    return -1


@njit(cache=True)
def _walk(geo, q_sq, g, bitq):
    """Steps from q_sq to g (1000 when unreachable)."""
    d = walk_length(geo, g, q_sq, bitq)
    return d if d >= 0 else 1000


@njit(cache=True)
def walls_prep(s, t, b, geo, p, threats):
    """What walls_score reads, computed once per decision: per seat q (only if ``threats``) the
    goal of its walk that threatens seat p's treasures (-1: none reachable), the walk's length,
    and the distances from q's square and to that goal; row p holds the distances from p's own
    square. The arrays are the game's scratch rows (``State.prep_*``, returned): a decision's
    listing holds one set, filled at its first walls option."""
    g, walk, dfrom, dto = s.prep_goal[b], s.prep_walk[b], s.prep_from[b], s.prep_to[b]
    g[:] = -1
    walk[:] = 0
    dfrom[:] = -1
    dto[:] = -1
    for q in range(s.players[b]):
        if q == p or not s.alive[b, q] or not threats:
            continue
        gq = _threat_goal(s, t, b, geo, p, q)
        if gq < 0:
            continue
        bitq = 1 << s.colour[b, q]
        f = distances(geo, gq, bitq)
        if f[s.pos[b, q]] < 0:
            continue
        g[q] = gq
        walk[q] = f[s.pos[b, q]]
        dto[q] = f
        dfrom[q] = distances(geo, s.pos[b, q], bitq)
    bit = 1 << s.colour[b, p]
    if s.view_num[b, V_ACTIVE] == 1 and np.int64(s.view_num[b, V_BIT]) == bit:
        dfrom[p] = view_fme(s, b, geo, p)  # the view's (the same mask: no Mist Body)
    else:
        dfrom[p] = distances(geo, s.pos[b, p], bit)
    return g, walk, dfrom, dto


@njit(cache=True)
def _on_path(dfrom, dto, walk, geo, e, sq):
    """True if a shortest walk (length ``walk``, distances ``dfrom`` from its start and ``dto``
    to its goal) crosses border ``e`` (a wall to be made; ``sq`` < 0) or enters square ``sq``:
    only then can a wall or block there make it longer."""
    if sq >= 0:
        return dfrom[sq] >= 0 and dto[sq] >= 0 and dfrom[sq] + dto[sq] == walk
    u = geo.edge_sq[e]
    v = geo.nbr[u, geo.edge_side[e]]
    if v < 0:
        return False
    return (dfrom[u] >= 0 and dto[v] >= 0 and dfrom[u] + 1 + dto[v] == walk) or \
        (dfrom[v] >= 0 and dto[u] >= 0 and dfrom[v] + 1 + dto[u] == walk)


@njit(cache=True)
def _try_change(s, b, geo, e, z, mark, olds):
    """Put a wall on border z (Create Wall) or fill square z (Stone Block) for a trial
    (``mark``), or undo it (``mark`` False) from ``olds``."""
    if e == E_CREATE_WALL:
        if mark:
            olds[0] = s.edge_kind[b, z]
            s.edge_kind[b, z] = olds[0] | 1
        else:
            s.edge_kind[b, z] = olds[0]
    elif mark:
        for d in range(4):
            f = geo.edge[z, d]
            olds[d] = s.edge_kind[b, f]
            s.edge_kind[b, f] = olds[d] | FILLED
    else:
        for d in range(3, -1, -1):
            s.edge_kind[b, geo.edge[z, d]] = olds[d]


@njit(cache=True)
def walls_score(s, t, b, geo, p, prm, k, goal, field, here, wg, wwalk, wfrom, wto):
    """Score of a walls option (``wg``...``wto``: :func:`walls_prep`). Destroy Wall: the steps
    it saves on the walk to the goal (``field``: distances to it; ``here``: from the wizard's
    square), worth it from 3 on, or any wall that opens a way to a goal when none is reachable;
    not when its 2 damage would leave the caster at 4 life or less. Create Wall, Stone Block: the
    steps they add to the walk of an enemy carrying one of the seat's treasures home or walking
    to one (more for a carrier), worth it from 1 on, less the steps they add to the caster's own
    walk. Never one that cuts a wizard off from its goal: without cracks (not modelled) such a
    wall or block stays, and both wizards would wait for the round cap."""
    a = s.opt[b, k, 1]
    z = s.opt[b, k, 4]
    card = s.inst_card[b, a]
    e = t.card_effect[card]
    cost = 0.3 * card_value(t, card)
    me = s.pos[b, p]
    bit = 1 << s.colour[b, p]
    if e == E_DESTROY_WALL:
        u = geo.edge_sq[z]
        v = geo.nbr[u, geo.edge_side[z]]
        if v < 0 or geo.edge_inner[z] == 0:
            return -1.0
        if (me == u or me == v) and s.life[b, p] <= 6:
            return -1.0
        if goal < 0:
            old = s.edge_kind[b, z]
            s.edge_kind[b, z] = old & FILLED  # destroyed, tried and undone
            opens = goal_square(s, t, b, geo, p) >= 0
            s.edge_kind[b, z] = old
            return 3.0 * prm[P_W_TREASURE] - cost if opens else -1.0
        gain = here - walk_across(field, wfrom[p], u, v)
        if gain < DESTROY_GAIN_MIN:
            return -1.0
        return prm[P_W_TREASURE] * gain - cost
    sq = z if e == E_STONE_BLOCK else -1
    best_sc = -1.0
    olds = np.empty(4, np.int8)
    for q in range(s.players[b]):
        g = wg[q]
        if q == p or g < 0 or (sq >= 0 and (z == g or z == goal)):
            continue
        if not _on_path(wfrom[q], wto[q], wwalk[q], geo, z, sq):
            continue  # off every shortest walk of q: no delay
        bitq = 1 << s.colour[b, q]
        _try_change(s, b, geo, e, z, True, olds)
        after = _walk(geo, s.pos[b, q], g, bitq)
        mine = here
        if goal >= 0 and _on_path(wfrom[p], field, here, geo, z, sq):
            mine = _walk(geo, me, goal, bit)
        _try_change(s, b, geo, e, z, False, olds)
        if after >= 1000 or mine >= 1000:
            continue  # never cut a wizard off from its goal
        delay = after - wwalk[q]
        if delay >= 1:
            w = 1.5 if s.carrying[b, q] >= 0 else 1.0
            best_sc = max(best_sc, w * prm[P_W_TREASURE] * delay - prm[P_W_TREASURE] * max(mine - here, 0) - cost)
    return best_sc


@njit(cache=True)
def object_hit(s, t, b, p, k):
    """Damage option k (O_OBJECT) would do and what it costs the bot in cards: a punch's 1
    (+2.5 per Mightstone on average), an attack spell's or a throw's damage (rules.object_damage:
    the same numbers as spell_damage for the spells, Large Rock 2, spike 3, Boomstone 4);
    Universal Solvent destroys outright (1000)."""
    a = s.opt[b, k, 1]
    y = s.opt[b, k, 3]
    how = s.opt[b, k, 4]
    if how == 3:
        return 1000, 0.3 * card_value(t, s.inst_card[b, a])
    if how == 4:  # Wizardblade: the discarded card's energy value, a crack per point
        return np.int64(t.card_energy[s.inst_card[b, y]]), 0.3 * card_value(t, s.inst_card[b, y])
    cost = 0.0
    if a < 0:
        dmg = 1 + int(2.5 * carried(s, t, b, p, E_MIGHTSTONE))
    else:
        card = s.inst_card[b, a]
        e = t.card_effect[card]
        if e != E_STONE_SPIKES:
            cost = 0.3 * card_value(t, card)
        if e == E_LARGE_ROCK:
            dmg = 2
        elif e == E_STONE_SPIKES:
            dmg = 3
        elif e == E_BOOMSTONE:
            dmg = 4
        else:
            energy = 1
            if y >= 0:
                energy = t.card_energy[s.inst_card[b, y]]
                cost += 0.3 * card_value(t, s.inst_card[b, y])
            dmg = spell_damage(t, card, energy)
    return dmg, cost


@njit(cache=True, inline="always")
def walk_across(to_goal, from_me, u, v):
    """The shortest walk from the bot's square to its goal that takes the step between squares
    u and v (``from_me``, ``to_goal``: walking distances; walks are symmetric), 1000 if neither
    side is reached: the walk once a border between them is gone (it is taken at most once)."""
    best = np.int64(1000)
    if to_goal[u] >= 0 and from_me[v] >= 0:
        best = np.int64(to_goal[u]) + 1 + from_me[v]
    if to_goal[v] >= 0 and from_me[u] >= 0:
        best = min(best, np.int64(to_goal[v]) + 1 + from_me[u])
    return best


@njit(cache=True)
def opened_walk(s, b, geo, p, x, goal, bit, to_goal, from_me):
    """Steps from seat p's square to ``goal`` with target x gone: a border opened, or a Stone
    Block's sides cleared (1000: still unreachable). ``to_goal``, ``from_me``: the decision's
    walking distances (colour mask ``bit``) to the goal and from p's square.

    A border between two squares adds at most the one step across it, and a shortest walk takes
    that step at most once, so the walk is the present one or the walk to one side of the
    border, the step and the walk from the other side: no search. A block, or a border on the
    map's edge (a wrap or portal exit), is tried on the board and undone."""
    me = s.pos[b, p]
    if x >= 0 and geo.edge_inner[x] != 0:
        u = geo.edge_sq[x]
        side = geo.edge_side[x]
        v = geo.nbr[u, side]
        if v >= 0 and geo.edge[v, geo.arrive[u, side]] == x:  # the one step u <-> v crosses x
            best = np.int64(to_goal[me]) if to_goal[me] >= 0 else np.int64(1000)
            if _in_the_way(s, b, x, bit):
                best = min(best, walk_across(to_goal, from_me, u, v))
            return best
    olds = np.empty(4, np.int8)
    if x >= 0:
        olds[0] = s.edge_kind[b, x]
        s.edge_kind[b, x] = olds[0] & FILLED
    else:
        for d in range(4):
            f = geo.edge[-1 - x, d]
            olds[d] = s.edge_kind[b, f]
            s.edge_kind[b, f] = olds[d] & KIND
    d_new = walk_length(geo, goal, me, bit)
    if x >= 0:
        s.edge_kind[b, x] = olds[0]
    else:
        for d in range(3, -1, -1):
            s.edge_kind[b, geo.edge[-1 - x, d]] = olds[d]
    return np.int64(d_new) if d_new >= 0 else np.int64(1000)


@njit(cache=True, inline="always")
def _in_the_way(s, b, x, bit):
    """Border x stops a walker with colour mask ``bit`` now and would let it by once gone."""
    k, m = s.edge_kind[b, x], s.edge_doors[b, x]
    return not walks(k, m, bit) and walks(k & FILLED, m, bit)


@njit(cache=True)
def object_walk(s, t, b, geo, p, x):
    """Steps from seat p's square to its goal with target x gone (:func:`opened_walk`), kept in
    the view's cache for the rest of the decision (several options aim at one target)."""
    seen = s.view_seen
    for m in range(1, seen[b, 0, 0] + 1):
        if seen[b, m, 0] == x:
            return seen[b, m, 1]
    walk = opened_walk(s, b, geo, p, x, np.int64(s.view_num[b, V_GOAL]), np.int64(s.view_num[b, V_BIT]),
                       s.view_field[b, 0], view_fme(s, b, geo, p))
    _keep_walk(s, b, x, walk)
    return walk


@njit(cache=True, inline="always")
def _keep_walk(s, b, x, walk):
    """Add (x, walk) to the view's cache of walks with a target gone (full: not kept)."""
    seen = s.view_seen
    m = seen[b, 0, 0] + 1
    if m < seen.shape[1]:
        seen[b, m, 0] = x
        seen[b, m, 1] = walk
        seen[b, 0, 0] = m


DESTROY_GAIN_MIN = 3  # steps Destroy Wall must take off the bot's walk to be worth casting (walls_score)


@njit(cache=True, inline="always")
def _open_gain(s, b, geo, p):
    """The most steps one wall, door or block gone could take off seat p's walk to the goal of
    its view: ``here`` less the steps on an open board (``Geometry.open_dist``; no walk with one
    border or block gone is shorter). NaN without a goal, so that every bound compares false."""
    nums = s.view_num
    goal = np.int64(nums[b, V_GOAL])
    if goal < 0:
        return np.nan
    return nums[b, V_HERE] - geo.open_dist[s.pos[b, p], goal]


@njit(cache=True)
def destroy_futile(s, b, geo, p):
    """True when no Destroy Wall option can score above nothing in seat p's view
    (:func:`walls_score`): it has a goal, and the most a border gone could gain
    (:func:`_open_gain`) is under DESTROY_GAIN_MIN. False for an inactive view and without a
    goal (then a wall that opens a way is tried, with the goal's draws)."""
    return s.view_num[b, V_ACTIVE] != 0 and _open_gain(s, b, geo, p) < DESTROY_GAIN_MIN


@njit(cache=True)
def aims_possible(s, b, geo, p):
    """False when no wall, door or block could be worth attacking in seat p's view: the most a
    target gone could gain (:func:`_open_gain`) is under break_min, or there is no goal, so
    :func:`aims_wanted` would keep none (true of 113 of 116 listings a balanced two-player
    game). True for an inactive view."""
    return s.view_num[b, V_ACTIVE] == 0 or _open_gain(s, b, geo, p) >= s.view_num[b, V_BREAK_MIN]


@njit(cache=True)
def aims_wanted(s, t, b, geo, p, tg, ntg):
    """For the listing (``rules.objects_options``): keep in ``tg[:ntg]`` (walls, doors and
    blocks, in order) only the targets an attack on which, or a Universal Solvent thrown at
    which, could score above nothing in seat p's view, and return how many. The others are not
    worth listing: with no goal, or a walk to it with the target gone not break_min steps
    shorter, both :func:`object_score` and :func:`shatter_score` (the only readers of such
    options) pass them by, and an option scored below nothing is never taken and draws no
    tie-break, so the choice is the same. An inactive view (the random bot's) keeps all.
    One call per listing, with the search-free walk worked out here: a call per target that
    takes the board's tuple costs more than the walk (measured)."""
    nums = s.view_num
    if nums[b, V_ACTIVE] == 0:
        return ntg
    if nums[b, V_GOAL] < 0:
        return 0
    me = s.pos[b, p]
    bit = np.int64(nums[b, V_BIT])
    to_goal = s.view_field[b, 0]
    present = np.int64(to_goal[me]) if to_goal[me] >= 0 else np.int64(1000)
    inner, esq, eside, nbr, edge, arrive = geo.edge_inner, geo.edge_sq, geo.edge_side, geo.nbr, geo.edge, geo.arrive
    kept = 0
    for m in range(ntg):
        x = tg[m]
        walk = np.int64(-1)
        if x >= 0 and inner[x] != 0:
            u = esq[x]
            v = nbr[u, eside[x]]
            if v >= 0 and edge[v, arrive[u, eside[x]]] == x:  # opened_walk's way, without a call
                walk = present
                if _in_the_way(s, b, x, bit):  # the walks from the bot's square: at the first need
                    from_me = s.view_field[b, 1] if nums[b, V_FME] == 1 else view_fme(s, b, geo, p)
                    walk = min(walk, walk_across(to_goal, from_me, u, v))
                _keep_walk(s, b, x, walk)
        if walk < 0:
            walk = object_walk(s, t, b, geo, p, x)
        if nums[b, V_HERE] - walk >= nums[b, V_BREAK_MIN]:
            tg[kept] = x
            kept += 1
    return kept


@njit(cache=True)
def object_score(s, t, b, geo, p, prm, k, goal, here, blocked):
    """Score of an attack on a wall, door or block (O_OBJECT): only what shortens the walk to
    the goal by at least break_min steps once destroyed. An option that destroys it now scores
    the steps saved; one that only cracks it scores just above attack_min when the goal lies
    behind it and cannot be reached otherwise (``blocked``), else nothing: a wall of 5 cracks
    rarely pays one crack a turn. The walks are the decision's view's (:func:`decision_view`)."""
    x = s.opt[b, k, 2]
    if goal < 0:
        return -1.0
    dmg, cost = object_hit(s, t, b, p, k)
    n = dmg if spell_on(s, t, b, E_SHATTER, p) >= 0 or s.opt[b, k, 4] == 4 else dmg // 3
    if n <= 0:
        return -1.0
    walk = object_walk(s, t, b, geo, p, x)
    gain = here - walk
    if gain < prm[P_BREAK_MIN]:
        return -1.0
    if _breaks(s, b, x, n):
        return prm[P_W_TREASURE] * gain - cost
    if blocked:
        return prm[P_ATTACK_MIN] + 0.1 * n
    return -1.0


@njit(cache=True)
def _breaks(s, b, x, n):
    """``n`` more cracks destroy target x (R124)."""
    have = np.int64(s.crack[b, x]) if x >= 0 else np.int64(s.fill_crack[b, -1 - x])
    return have + n >= crack_limit(s, b, x)


@njit(cache=True)
def shatter_score(s, t, b, geo, p, prm, k, goal, here):
    """Score of casting Shatter (option k, O_NEUTRAL): worth it when one of the listed attacks
    on a wall, door or block would destroy it with a crack per point but not without, and that
    saves at least break_min steps (:func:`object_score`'s measure); a boost (a longer Shatter)
    only costs more. The walks are the decision's view's (:func:`decision_view`)."""
    if goal < 0 or spell_on(s, t, b, E_SHATTER, p) >= 0:
        return -1.0
    y = s.opt[b, k, 3]
    cost = 0.3 * card_value(t, s.inst_card[b, s.opt[b, k, 1]])
    if y >= 0:
        cost += 0.3 * card_value(t, s.inst_card[b, y])
    best = -1.0
    for k2 in range(s.opt_n[b]):
        if s.opt[b, k2, 0] != O_OBJECT or s.opt[b, k2, 4] >= 3:  # Solvent, Wizardblade need no Shatter
            continue
        if y >= 0 and (s.opt[b, k2, 1] == y or s.opt[b, k2, 3] == y):
            continue
        x = s.opt[b, k2, 2]
        dmg, c2 = object_hit(s, t, b, p, k2)
        if _breaks(s, b, x, dmg // 3) or not _breaks(s, b, x, dmg):
            continue
        gain = here - opened_walk(s, b, geo, p, x, goal, move_bit(s, t, b, p), s.view_field[b, 0],
                                  view_fme(s, b, geo, p))
        if gain >= prm[P_BREAK_MIN]:
            best = max(best, prm[P_W_TREASURE] * gain - cost - c2)
    return best


@njit(cache=True)
def trap_score(s, t, b, geo, p, k, square, wg, wwalk, wfrom, wto):
    """Score of a Wall of Fire option (O_NEUTRAL, z = the border) or a Rosebush or Thornbush
    (``square``: z = the square; ``wg``...: :func:`walls_prep`): worth it on a border or square
    that lies on a shortest walk of an enemy threatening the seat's treasures (more for one
    carrying a treasure home), where it hurts or makes a detour."""
    z = s.opt[b, k, 4]
    cost = 0.3 * card_value(t, s.inst_card[b, s.opt[b, k, 1]])
    best = -1.0
    for q in range(s.players[b]):
        if q == p or wg[q] < 0 or not _on_path(wfrom[q], wto[q], wwalk[q], geo, z if not square else -1,
                                               z if square else -1):
            continue
        best = max(best, (3.0 if s.carrying[b, q] >= 0 else 2.0) - cost)
    return best


@njit(cache=True)
def dust_exit_score(s, b, geo, p, prm, field, here, bit):
    """Score of trying to leave a Dust Cloud (O_STEP, STEP_RANDOM): 1 for getting out of the
    cloud (no other way leads on) plus the mean progress toward the goal over the four sides the
    die may pick (a bump makes none), at least 0.5; nothing at the goal itself."""
    if here <= 0:
        return -1.0
    me = s.pos[b, p]
    gain = 0.0
    for d in range(4):
        nxt = step_unlocked(geo, me, d, bit, s.unlocked[b])
        if nxt >= 0 and field[nxt] >= 0:
            gain += here - field[nxt]
    return max(0.5, 1.0 + prm[P_W_TREASURE] * gain / 4.0)


@njit(cache=True)
def glue_score(s, t, b, geo, p, k):
    """Score of a Glue option (O_NEUTRAL, z = treasure k or NTR + an item): worth it on one of
    the seat's own treasures lying off enemy bases that an enemy not carrying one could reach
    within 6 steps (3, more the longer it lasts), or on an enemy treasure lying on the seat's
    base (it keeps scoring, R120, and cannot be taken back, R117: 2.5); nothing on items."""
    z = s.opt[b, k, 4]
    y = s.opt[b, k, 3]
    if z >= NTR:
        return -1.0
    cost = 0.3 * card_value(t, s.inst_card[b, s.opt[b, k, 1]])
    tok = 1
    if y >= 0:
        tok = t.card_energy[s.inst_card[b, y]]
        cost += 0.3 * card_value(t, s.inst_card[b, y])
    sq = s.tr_sq[b, z]
    kd = s.deal[b]
    if z // 2 != p:
        return 2.5 + 0.3 * (tok - 1) - cost if sq == t.g_base[kd, p] else -1.0
    for q in range(s.players[b]):
        if q != p and s.alive[b, q] and sq == t.g_base[kd, q]:
            return -1.0  # glued on an enemy base it would keep scoring for that enemy
    for q in range(s.players[b]):
        if q != p and s.alive[b, q] and s.carrying[b, q] < 0:
            d = walk_length(geo, sq, s.pos[b, q], 1 << s.colour[b, q])
            if 0 <= d <= 6:
                return 3.0 + 0.3 * (tok - 1) - cost
    return -1.0


@njit(cache=True)
def hazard_step(s, b, geo, p, prm, me, d, nxt, sc):
    """The score ``sc`` (> 0: progress) of a step from ``me`` across side d into ``nxt`` less
    what it costs: a Wall of Fire crossed (4), a Rosebush or tacks entered (3), a Thornbush (1,
    a stun and the rest of the phase), a Dust Cloud (1: the way out is left to the die), the risk
    of another seat's Booby Trap token (4 x its chance), each damage point weighted w_kill. A step
    that could kill is never taken; otherwise a costly step keeps a small positive score, so it
    loses to every other step that makes progress but still beats waiting: when the only way to
    the goal passes a hazard the bot goes through (a fixed penalty made it wait for the round cap)."""
    dmg = 0.0
    cost = 0.0
    if crossed_fire(s, b, geo, me, d) >= 0:
        dmg += 4.0
    f = s.fill[b, nxt]
    if f == FILL_ROSE or f == FILL_TACKS:
        dmg += 3.0
    elif f == FILL_THORN:
        dmg += 1.0
        cost += 1.5 + s.mp[b] - 1
    elif f == FILL_DUST:
        cost += 1.0
    risk = trap_risk(s, b, p, nxt)
    if dmg + (4.0 if risk > 0 else 0.0) >= s.life[b, p]:
        return -1.0 - dmg  # it could kill the wizard
    cost += prm[P_W_KILL] * (dmg + 4.0 * risk)
    if cost <= 0:
        return sc
    return max(sc - cost, 0.05)


@njit(cache=True)
def lethal_squares(s, b, p, me, goal):
    """Squares whose entering could kill seat p (a Rosebush or tacks, 3 damage; any other seat's
    Booby Trap token, counted as the real one's 4, as :func:`hazard_step` counts them), as a mask
    for :func:`movement.distances_around`; ``me`` and ``goal`` are never in it. Element 0 is -1
    when no square is lethal (then the plain field is used). Without this the walking distance
    treats a bush as passable: a wizard at 2-3 life whose only progressing step entered a bush
    waited for the round cap (docs/wizwar.md, "hazards on a step")."""
    nsq = s.fill.shape[1]
    avoid = np.zeros(nsq, np.int8)
    life = s.life[b, p]
    found = False
    for q in range(nsq):
        if q == me or q == goal:
            continue
        dmg = 0.0
        f = s.fill[b, q]
        if f == FILL_ROSE or f == FILL_TACKS:
            dmg = 3.0
        if trap_risk(s, b, p, q) > 0:
            dmg += 4.0
        if dmg > 0 and dmg >= life:
            avoid[q] = 1
            found = True
    if not found:
        avoid[0] = -1
    return avoid


@njit(cache=True)
def trap_risk(s, b, p, sq):
    """The chance seat p gives that square ``sq`` holds a real Booby Trap of another seat: it
    sees only face-down tokens (hidden information), so 1 / the number of that trap's tokens left
    (1/4 when none has been turned up yet); 0 for its own trap or no token."""
    i = s.trap_by[b, sq]
    if not maintained(s, b, i) or s.c_cont[b, i] == maint_of(p):
        return 0.0
    n = 0
    for v in range(s.trap_by.shape[1]):
        if s.trap_by[b, v] == i:
            n += 1
    return 1.0 / n


@njit(cache=True)
def trap_squares(s, t, b, geo, p):
    """Where seat p lays its 4 Booby Trap tokens (4 different empty squares, the first the real
    one; -1 where none is left): the real one next to one of its treasures lying on the board
    (where thieves step), the blanks on the other empty squares next to its treasures and then
    anywhere, each chosen at random among the candidates (the seat's own random stream)."""
    nsq = geo.nbr.shape[0]
    out = np.full(4, -1, np.int64)
    near = np.zeros(nsq, np.int8)
    free = np.zeros(nsq, np.int8)
    kd = s.deal[b]
    for q in range(nsq):
        ok = s.fill[b, q] == 0 and s.trap_by[b, q] < 0
        for w in range(s.players[b]):
            if s.pos[b, w] == q or t.g_base[kd, w] == q:
                ok = False
        for j in range(2 * s.players[b]):
            if s.tr_sq[b, j] == q:
                ok = False
        free[q] = 1 if ok else 0
    for j in range(2 * p, 2 * p + 2):
        sq = s.tr_sq[b, j]
        if sq >= 0:
            for d in range(4):
                v = geo.nbr[sq, d]
                if v >= 0 and free[v]:
                    near[v] = 1
    for k in range(4):
        m = 0
        for q in range(nsq):
            if free[q] and (near[q] or k > 0):
                m += 1 if not near[q] or k == 0 else 4  # blanks favour the treasures' neighbours too
        if m == 0:
            break
        r = rand(s, b, p, m)
        for q in range(nsq):
            if free[q] and (near[q] or k > 0):
                w = 1 if not near[q] or k == 0 else 4
                if r < w:
                    out[k] = q
                    free[q] = 0
                    break
                r -= w
    return out


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


# A decision's view: what the heuristic reads of the board before the rules list the options
# (decision_view), so that the listing can leave out what it would never take (aims_wanted). It
# lives in the state, one row per game (no allocation, no reference counts): view_num[b, V_*]
# (V_ACTIVE 0: the listing is whole, as for the random bot and rules.enumerate_options);
# view_field[b, 0] the walking distances to the goal (from the bot's square when no goal is
# reachable), view_field[b, 1] those from the bot's square (once V_FME is 1); view_seen[b] the
# walks with a wall, door or block gone (object_walk's cache; [b, 0, 0] holds the count).
V_ACTIVE, V_GOAL, V_HERE, V_BLOCKED, V_FME, V_BREAK_MIN, V_BIT = range(7)


@njit(cache=True)
def decision_view(s, t, b, geo, p, prm):
    """Make seat p's view of the decision it is about to take in Move and Cast: its goal
    (:func:`goal_square`), the walks to it, ``here`` (the steps from the bot's square; 40 when
    the goal lies behind a door closed to it: any way in is progress), break_min and its
    walking colour mask. Made before the options are listed; it changes nothing on the board
    and draws what goal_square draws. A random bot's view is inactive."""
    nums = s.view_num
    if prm[P_RANDOM] >= 0.5:
        nums[b, V_ACTIVE] = 0
        return
    me = s.pos[b, p]
    bit = move_bit(s, t, b, p)  # for walking (Mist Body passes doors)
    goal, fme = goal_walks(s, t, b, geo, p)
    fields = s.view_field
    nums[b, V_FME] = 0
    if fme.shape[0] > 0:
        fields[b, 1] = fme
        nums[b, V_FME] = 1
    if goal < 0 and fme.shape[0] > 0:
        fields[b, 0] = fme  # no goal: the walks from the bot's square, as searched
    else:
        # the square first: a conditional inside the call's arguments would carry geo across
        # blocks in numba's IR, a reference count for each of its arrays at every decision
        src = goal if goal >= 0 else me
        fields[b, 0] = distances(geo, src, bit)
    here = fields[b, 0, me]
    nums[b, V_BLOCKED] = 1 if here < 0 else 0
    nums[b, V_ACTIVE] = 1
    nums[b, V_GOAL] = goal
    nums[b, V_HERE] = here if here >= 0 else 40
    nums[b, V_BREAK_MIN] = prm[P_BREAK_MIN]
    nums[b, V_BIT] = bit
    s.view_seen[b, 0, 0] = 0


@njit(cache=True)
def view_fme(s, b, geo, p):
    """The walking distances from seat p's square of the view, searched at the first need."""
    if s.view_num[b, V_FME] == 0:
        s.view_field[b, 1] = distances(geo, s.pos[b, p], np.int64(s.view_num[b, V_BIT]))
        s.view_num[b, V_FME] = 1
    return s.view_field[b, 1]


@njit(cache=True)
def choose_option(s, t, b, geo, p, prm):
    """Index of the option (in State.opt) seat p takes next in Move and Cast, the options listed
    whole (``rules.enumerate_options``)."""
    decision_view(s, t, b, geo, p, prm)
    return choose_in_view(s, t, b, geo, p, prm)


@njit(cache=True)
def choose_in_view(s, t, b, geo, p, prm):
    """:func:`choose_option` with the view made before the listing (``rules.move_and_cast``)."""
    if prm[P_RANDOM] >= 0.5:
        return random_option(s, b, p, prm)
    k_deal = s.deal[b]
    me = s.pos[b, p]
    bit = move_bit(s, t, b, p)  # for walking (Mist Body passes doors)
    home = t.g_base[k_deal, p]
    goal = np.int64(s.view_num[b, V_GOAL])
    field = s.view_field[b, 0]
    here = np.int64(s.view_num[b, V_HERE])
    walk, walk_here = field, here  # what a step is scored by (the other scores keep the plain field)
    if goal >= 0 and s.life[b, p] <= 7:
        avoid = lethal_squares(s, b, p, me, goal)
        if avoid[0] >= 0:  # a square on the board would kill it: walk around it where a way exists
            around = distances_around(geo, goal, bit, avoid)
            if around[me] >= 0:
                walk, walk_here = around, around[me]
    n = s.opt_n[b]
    score = s.opt_score[b, :n]  # scratch rows of the game (State): no allocation a decision
    score[:] = 0.0
    # the scratch rows walls_prep fills at the first walls option; read only once filled (prepped)
    wg, wwalk, wfrom, wto = s.prep_goal[b], s.prep_walk[b], s.prep_from[b], s.prep_to[b]
    prepped = False
    look = s.look[b]  # sight answers of this decision (_looks_at, _sees_enemy)
    look[:] = -1
    best_attack = -1e9
    for k in range(n):
        kind = s.opt[b, k, 0]
        a = s.opt[b, k, 1]
        x = s.opt[b, k, 2]
        y = s.opt[b, k, 3]
        z = s.opt[b, k, 4]
        sc = 0.0
        storm = (kind == O_AREA or kind == O_ADD) and a >= 0 and t.card_effect[s.inst_card[b, a]] == E_PSYCHIC_STORM
        if kind == O_ATTACK and (geo_effect(t.card_effect[s.inst_card[b, a]])
                                 or t.card_effect[s.inst_card[b, a]] == E_DISEASE):
            if t.card_effect[s.inst_card[b, a]] == E_DISEASE:
                sc = disease_score(s, t, b, geo, p, prm, k)
            else:
                sc = geo_attack_score(s, t, b, geo, p, prm, k)
            if sc < prm[P_ATTACK_MIN]:
                sc = -1.0
            elif sc > best_attack:
                best_attack = sc
            score[k] = sc
            continue
        if kind == O_PUNCH or kind == O_ATTACK or kind == O_THROW or kind == O_BLADE \
                or (kind == O_ADD and a >= 0 and not storm):
            q = a if kind == O_PUNCH else x
            dmg = punch_estimate(s, b, p)
            cost = 0.0
            if kind == O_BLADE:  # Wizardblade: the discarded card's energy value as damage
                dmg = np.int64(t.card_energy[s.inst_card[b, y]])
                cost += 0.3 * card_value(t, s.inst_card[b, y])
            if kind == O_THROW:
                card = s.inst_card[b, a]
                dmg = 2 if t.card_effect[card] == E_LARGE_ROCK else 4
                if t.card_effect[card] == E_STONE_SPIKES:
                    dmg = 3  # a spike of one's Stone Spikes: the spell stays
                else:
                    cost += 0.3 * card_value(t, card)
            if (kind == O_PUNCH or kind == O_THROW) and not (kind == O_THROW and dmg == 4) \
                    and spell_on(s, t, b, E_STRENGTH, p) >= 0:
                dmg *= 2  # Strength doubles physical damage (not the Boomstone's magic)
            if kind == O_ATTACK or kind == O_ADD:
                card = s.inst_card[b, a]
                energy = 1
                if kind == O_ADD:
                    energy, c = add_value(s, t, b, y, z)
                    cost += c
                elif y >= 0:
                    energy = t.card_energy[s.inst_card[b, y]]
                    cost += 0.3 * card_value(t, s.inst_card[b, y])
                dmg = target_damage(s, t, b, card, energy, q)
                cost += 0.3 * card_value(t, card)
                if kind == O_ATTACK and z == 1:
                    dmg = 0
                    sc += 1.5 * prm[P_W_KILL]  # two stun tokens
            sc += prm[P_W_KILL] * dmg - cost
            if dmg >= s.life[b, q] and not (kind == O_ATTACK and lingering(t.card_effect[s.inst_card[b, a]])):
                sc += prm[P_KILL_BONUS]
            if s.carrying[b, q] >= 0:
                sc += 1.0
            if sc < prm[P_ATTACK_MIN]:
                sc = -1.0
            elif sc > best_attack:
                best_attack = sc
        elif storm:
            sc = storm_score(s, t, b, geo, p, prm, a, x, y, z if kind == O_ADD else -1)
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
        if kind == O_STEP and a == STEP_RANDOM:
            sc = dust_exit_score(s, b, geo, p, prm, walk, walk_here, bit)
        elif kind == O_STEP:
            nxt = step_unlocked(geo, me, a, bit, s.unlocked[b])
            if walk[nxt] < 0:
                sc = -1.0
            else:
                sc = prm[P_W_TREASURE] * (walk_here - walk[nxt])
                if sc <= 0:
                    sc = -1.0
            sc = max(sc, contagion(s, t, b, p, prm, nxt))  # Disease: step onto an enemy
            if s.stunned[b] == 1 and best_attack > 0:
                sc = -1.0  # stunned: attacking now forgoes the walk (R140)
            if sc > 0:
                sc = hazard_step(s, b, geo, p, prm, me, a, nxt, sc)
        elif kind == O_BOOST:
            v = t.card_energy[s.inst_card[b, a]]
            sc = -1.0
            if here > s.mp[b] and here <= s.mp[b] + v and not stuck(s, b, p):
                sc = 1.5 * prm[P_W_TREASURE] - 0.1 * v
                if t.card_effect[s.inst_card[b, a]] != E_ENERGY:
                    sc -= 0.5
        elif kind == O_PICKUP:
            sc = pickup_score(s, t, b, p, a)
        elif kind == O_GATHER:
            sc = 1.0 if a < 0 else pickup_score(s, t, b, p, a) + 0.5  # Extra Arms: items too
        elif kind == O_DROP:
            sc = -5.0
            if me == home:
                sc = 20.0
        elif kind == O_NEUTRAL:
            card = s.inst_card[b, a]
            e = t.card_effect[card]
            sc = -1.0
            if geo_effect(e):
                sc = geo_move_score(s, t, b, geo, p, prm, k, goal, field, here, best_attack)
            elif walls_effect(e) or e == E_WALL_OF_FIRE or e == E_ROSEBUSH or e == E_THORNBUSH or e == E_DUST_CLOUD:
                if not prepped:
                    threats = False  # the enemies' walks matter only to Create Wall and Stone Block
                    for k2 in range(n):
                        if s.opt[b, k2, 0] == O_NEUTRAL and t.card_effect[s.inst_card[b, s.opt[b, k2, 1]]] != e \
                                and walls_effect(t.card_effect[s.inst_card[b, s.opt[b, k2, 1]]]):
                            threats = True
                    threats = threats or e != E_DESTROY_WALL
                    # fills the same rows wg, wwalk, wfrom and wto already name: bound again here,
                    # the four would be loop-carried, released at every option of the loop
                    walls_prep(s, t, b, geo, p, threats)
                    prepped = True
                if e == E_WALL_OF_FIRE or e == E_ROSEBUSH or e == E_THORNBUSH or e == E_DUST_CLOUD:
                    sc = trap_score(s, t, b, geo, p, k, e != E_WALL_OF_FIRE, wg, wwalk, wfrom, wto)
                else:
                    sc = walls_score(s, t, b, geo, p, prm, k, goal, field, here, wg, wwalk, wfrom, wto)
            elif e == E_MEDITATE and s.cont_n[b, hand_of(p)] <= 5:
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
            elif e == E_SHARE_LIFE or e == E_THOUGHT_STEAL:
                sc = mind_neutral_score(s, t, b, p, card, x)
            elif thaum_effect(e):
                sc = thaum_score(s, t, b, geo, p, prm, k, goal, field, here, look)
            elif e == E_AROUND_THE_CORNER or e == E_ASTRAL_PROJECTION:
                sc = sight_score(s, t, b, geo, p, prm, card, s.opt[b, k, 4], look)
            elif e == E_ROTATE_SECTOR:
                sc = rotate_score(s, t, b, geo, p, prm, card, s.opt[b, k, 4], here)
            elif e == E_SEAL_DOOR:
                sc = seal_score(s, t, b, geo, p, card, s.opt[b, k, 4])
            elif e == E_WALLIVORE or e == E_PASS_THROUGH_WALL or e == E_CREATE_DOOR:
                sc = wall_side_score(s, t, b, geo, p, prm, card, s.opt[b, k, 4], goal, field, here)
            elif e == E_SHATTER:
                sc = shatter_score(s, t, b, geo, p, prm, k, goal, here)
            elif e == E_GLUE:
                sc = glue_score(s, t, b, geo, p, k)
            elif e == E_BOOBY_TRAP:
                sc = 1.5 if trap_squares(s, t, b, geo, p)[0] >= 0 else -1.0
            else:
                sc = maint_score(s, t, b, geo, p, prm, k, field[me] < 0, look)
        elif kind == O_ADD and a < 0:
            v, c = add_value(s, t, b, s.opt[b, k, 3], s.opt[b, k, 4])
            sc = -1.0
            if here > s.mp[b] and here <= s.mp[b] + v and not stuck(s, b, p):
                sc = 1.5 * prm[P_W_TREASURE] - 0.1 * v - c
        elif kind == O_END_SPELL:
            sc = maint_score(s, t, b, geo, p, prm, k, False, look)
        elif kind == O_TEAR:
            sc = tear_score(s, t, b, p, k)
        elif kind == O_STRETCH:
            sc = stretch_score(s, t, b, p, prm, k)
        elif kind == O_HEAVE:
            sc = heave_score(s, t, b, p, prm, k)
        elif kind == O_TACKS:
            sc = -1.0 if s.opt[b, k, 2] == 1 and goal >= 0 else 0.5  # collect only with nowhere to go
            if s.opt[b, k, 2] == 0:
                if not prepped:
                    walls_prep(s, t, b, geo, p, True)  # the rows wg, ... name (above)
                    prepped = True
                sc = trap_score(s, t, b, geo, p, k, True, wg, wwalk, wfrom, wto)
        elif kind == O_OBJECT:
            sc = object_score(s, t, b, geo, p, prm, k, goal, here, s.view_num[b, V_BLOCKED] == 1)
        elif kind == O_UNLOCK:
            # worth it for a door on one of the wizard's own sides that shortens the way
            sc = -1.0
            if s.mp[b] > 0 and not stuck(s, b, p):
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
    for k in range(1, n):
        if avoids_option(s, t, b, prm, k):
            score[k] = -1e18  # the card-value study's arm: this card is never played
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
def pickup_score(s, t, b, p, j):
    """Score of seat p picking up treasure j from its square: an enemy treasure off p's base 10,
    one's own from an enemy base 8 (R117), else -5."""
    k_deal = s.deal[b]
    me = s.pos[b, p]
    if j // 2 != p:
        return 10.0 if s.tr_sq[b, j] != t.g_base[k_deal, p] else -5.0
    for q in range(s.players[b]):
        if q != p and me == t.g_base[k_deal, q]:
            return 8.0  # R117: recover one's own treasure from an enemy base
    return -5.0


@njit(cache=True)
def _sees_enemy(s, t, b, geo, p, look):
    """Some living enemy wizard has an (unfogged) line of sight to seat p. ``look[MAXP]`` keeps
    the answer for the rest of one decision (-1: not yet known; see :func:`_looks_at`)."""
    if look[MAXP] < 0:
        look[MAXP] = 0
        for q in range(s.players[b]):
            if q != p and s.alive[b, q] and line_of_sight(geo, s.pos[b, q], s.pos[b, p], 1 << s.colour[b, q]):
                look[MAXP] = 1
                break
    return look[MAXP] == 1


@njit(cache=True)
def _looks_at(s, b, geo, p, q, look):
    """Seat p has an (unfogged) line of sight to wizard q. ``look[q]`` keeps the answer for the
    rest of one decision (-1: not yet known): scoring changes no position nor border, and each
    boost of a maintained spell is a separate option asking the same question."""
    if look[q] < 0:
        look[q] = 1 if line_of_sight(geo, s.pos[b, p], s.pos[b, q], 1 << s.colour[b, p]) else 0
    return look[q] == 1


@njit(cache=True)
def _spell_worth(s, t, b, geo, p, j, look):
    """What ending maintained spell j is worth to seat p (Dispel, Null Powder, ending one's own);
    ``look``: see :func:`_looks_at`."""
    e = t.card_effect[s.inst_card[b, j]]
    owner = s.c_cont[b, j] - maint_of(0)
    q = s.m_target[b, j]
    tok = s.m_tokens[b, j]
    v = -1.0
    if owner == p:
        if e == E_SLIME_FORM and s.carrying[b, p] >= 0:
            v = 2.0  # a closed door would take the treasure from the slime (forms cards)
        if e == E_FLOOD:  # one's own Flood keeps one's Fire cards in the hand
            h = hand_of(p)
            for k in range(s.cont_n[b, h]):
                if t.card_fire[s.inst_card[b, s.cont[b, h, k]]]:
                    v = 0.5
        return v
    if lingering(e) and q == p:
        v = 2.0 * tok
    elif e == E_MIST_BODY and s.carrying[b, q] >= 0 and s.tr_carrier[b, s.carrying[b, q]] == q \
            and s.carrying[b, q] // 2 == p:
        v = 3.0  # it runs away with our treasure
    elif e == E_STONE_SPIKES:
        v = 1.0 * tok
    elif e == E_PAIN_LINK and s.attacked[b] == 0 and _looks_at(s, b, geo, p, q, look):
        v = 1.0
    return v


@njit(cache=True)
def spell_cost(s, t, b, a, y):
    """(energy, cost) of casting spell instance a boosted by instance y (-1: unboosted, energy
    1, R91): the cost is 0.3 of the worth of each card spent."""
    energy = 1
    cost = 0.3 * card_value(t, s.inst_card[b, a])
    if y >= 0:
        energy = t.card_energy[s.inst_card[b, y]]
        cost += 0.3 * card_value(t, s.inst_card[b, y])
    return energy, cost


@njit(cache=True)
def maint_score(s, t, b, geo, p, prm, k, blocked, look):
    """Score of an option of the maintained-spell cards (rules.maint_options): casting Stone
    Spikes, Pain Link, Mist Body, Fog, Flood, Dispel, or ending a spell (O_END_SPELL).
    ``blocked``: the goal lies behind a door closed to p (Mist Body walks through it); ``look``:
    the decision's sight answers (:func:`_looks_at`, :func:`_sees_enemy`)."""
    kind = s.opt[b, k, 0]
    a = s.opt[b, k, 1]
    x = s.opt[b, k, 2]
    y = s.opt[b, k, 3]
    z = s.opt[b, k, 4]
    if kind == O_END_SPELL:
        v = _spell_worth(s, t, b, geo, p, a, look)
        if x >= 0:
            v -= 0.3 * card_value(t, s.inst_card[b, x])
        return v if v > 0 else -1.0
    card = s.inst_card[b, a]
    e = t.card_effect[card]
    energy, cost = spell_cost(s, t, b, a, y)
    sc = -1.0
    if e == E_DISPEL:
        sc = _spell_worth(s, t, b, geo, p, z, look) - cost
    elif e == E_STONE_SPIKES:
        can = attack_open(s, b, p)
        if can and spell_on(s, t, b, E_STONE_SPIKES, p) < 0 and spell_on(s, t, b, E_MIST_BODY, p) < 0:
            for q in range(s.players[b]):
                if q != p and s.alive[b, q] and spell_on(s, t, b, E_MIST_BODY, q) < 0 and \
                        _looks_at(s, b, geo, p, q, look):
                    sc = 1.0 + 1.5 * (energy - 1) - cost  # a throw now, one more per extra token
    elif e == E_PAIN_LINK:
        if spell_on(s, t, b, E_PAIN_LINK, p) < 0 and s.life[b, p] <= 8 and _sees_enemy(s, t, b, geo, p, look):
            sc = 0.5 + 0.5 * (energy - 1) - cost
    elif is_form(e) and e != E_MIST_BODY:
        sc = form_score(s, t, b, geo, p, prm, e, energy, blocked, look) - cost
    elif e == E_ADRENALINE:
        sc = adrenaline_score(s, t, b, geo, p, prm, x, energy, look) - cost
    elif e == E_MIST_BODY:
        if spell_on(s, t, b, E_MIST_BODY, p) < 0:
            if s.carrying[b, p] >= 0 and _sees_enemy(s, t, b, geo, p, look):
                sc = 2.5 + 0.5 * (energy - 1) - cost
            elif blocked:
                sc = 1.0 - cost
    elif e == E_FOG:
        if spell_on(s, t, b, E_FOG, -1) < 0 and s.carrying[b, p] >= 0 and _sees_enemy(s, t, b, geo, p, look):
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
    Fire attack), Pain Link or Gnome Form (not over another form) to cast as a counter from the
    hand, or -1."""
    fl = _find(s, t, b, q, E_FLOOD, prm)
    if spell_on(s, t, b, E_FLOOD, -1) >= 0:
        fl = -1
    pl = _find(s, t, b, q, E_PAIN_LINK, prm)
    if spell_on(s, t, b, E_PAIN_LINK, q) >= 0:
        pl = -1
    gn = _find(s, t, b, q, E_GNOME_FORM, prm) if s.form[b, q] == 0 else -1  # a counter when attacked
    if fl < 0 and pl < 0 and gn < 0:
        return -1
    if prm[P_RANDOM] >= 0.5:
        if not coin(s, b, q):
            return -1
        return pl if pl >= 0 else fl if fl >= 0 else gn
    if fire and fl >= 0 and (dmg >= prm[P_COUNTER_MIN] or dmg >= s.life[b, q]):
        return fl
    if pl >= 0 and dmg >= 2:
        return pl
    if gn >= 0 and (dmg >= prm[P_COUNTER_MIN] or dmg >= s.life[b, q]):
        return gn  # half a chance to evade a big hit, and the attacks after it
    return -1


@njit(cache=True)
def choose_earth_wall(s, t, b, q, prm, dmg, extra):
    """Seat q is attacked along a line of sight for ``dmg`` damage (``extra``: the attack would
    also move q's treasure away): a Wall of Earth to block it with, or -1. Balanced: a hit of
    ``counter_min`` or more, a lethal one, or ``extra``; random: a coin flip."""
    i = _find(s, t, b, q, E_WALL_OF_EARTH, prm)
    if i < 0:
        return -1
    if prm[P_RANDOM] >= 0.5:
        return i if coin(s, b, q) else -1
    if dmg >= prm[P_COUNTER_MIN] or dmg >= s.life[b, q] or extra:
        return i
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
def _find(s, t, b, q, effect, prm):
    """An instance of ``effect`` in seat q's hand (or, for Null Powder, among its items) that
    the bot may play (not its ``avoid_card``), -1."""
    c = items_of(q) if effect == E_NULL_POWDER else hand_of(q)
    for k in range(s.cont_n[b, c]):
        i = s.cont[b, c, k]
        if t.card_effect[s.inst_card[b, i]] == effect and not avoided(prm, s.inst_card[b, i]):
            return i
    return -1


@njit(cache=True, inline="always")
def avoided(prm, card):
    """The bot never plays ``card`` for its effect (parameter avoid_card)."""
    return prm[P_AVOID] >= 0 and int(prm[P_AVOID]) == card


@njit(cache=True)
def avoids_option(s, t, b, prm, k):
    """Option k of the buffer plays the bot's avoid_card for its effect, or spends it for energy
    when it is a pure energy card (Add's own card included)."""
    if prm[P_AVOID] < 0:
        return False
    kind = s.opt[b, k, 0]
    a = s.opt[b, k, 1]
    y = s.opt[b, k, 3]
    z = s.opt[b, k, 4]
    plays = kind == O_ATTACK or kind == O_NEUTRAL or kind == O_ITEM or kind == O_THROW or kind == O_UNLOCK \
        or kind == O_AREA or kind == O_ITEM_PICK or kind == O_ADD or kind == O_STRETCH or kind == O_HEAVE \
        or kind == O_OBJECT or kind == O_BLADE
    if plays and a >= 0 and avoided(prm, s.inst_card[b, a]):
        return True
    card = int(prm[P_AVOID])
    if kind == O_ADD and t.card_effect[card] == E_ADD:
        return True
    if t.card_type[card] != T_ENERGY:
        return False
    if kind == O_BOOST:
        return s.inst_card[b, a] == card
    if (kind == O_ATTACK or kind == O_NEUTRAL or kind == O_AREA or kind == O_ADD or kind == O_OBJECT
            or kind == O_BLADE) and y >= 0 \
            and s.inst_card[b, y] == card:
        return True
    return kind == O_ADD and z >= 0 and s.inst_card[b, z] == card


@njit(cache=True)
def choose_shield(s, t, b, q, prm, amount):
    """Seat q is about to take ``amount`` damage from one source: (Shield instance, boosting
    instance) to play, or (-1, -1). Boosting a counter off-turn is allowed (A-10)."""
    i = _find(s, t, b, q, E_SHIELD, prm)
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
    i = _find(s, t, b, q, E_FULL_SHIELD, prm)
    if i < 0:
        i = _find(s, t, b, q, E_NULL_POWDER, prm)
    ab = _find(s, t, b, q, E_ABSORB_SPELL, prm)
    if i < 0 and ab < 0:
        return -1
    if prm[P_RANDOM] >= 0.5:
        if not coin(s, b, q):
            return -1
        return i if i >= 0 and (ab < 0 or coin(s, b, q)) else ab
    return cancel_card(s, t, b, card, cancel_want(s, t, b, q, prm, card, energy), i, ab)


@njit(cache=True)
def cancel_want(s, t, b, q, prm, card, energy):
    """Seat q, the target of spell ``card`` cast with ``energy``, wants it cancelled: a hit of
    counter_min + 1 or more or a lethal one, Zot!'s stun, Drop Object or Mental Force while
    carrying a treasure."""
    dmg = target_damage(s, t, b, card, energy, q)
    e = t.card_effect[card]
    return dmg >= s.life[b, q] or dmg >= prm[P_COUNTER_MIN] + 1 or (e == E_DROP_OBJECT and s.carrying[b, q] >= 0) \
        or (e == E_ZOT and dmg == 0) or (e == E_MENTAL_FORCE and s.carrying[b, q] >= 0)


@njit(cache=True)
def choose_negate(s, t, b, w, prm, caster, card, target, sees):
    """A counter of seat w against the neutral spell ``card`` of ``caster`` aimed at ``target``:
    Full Shield if w is the target, Negate Neutral if w sees the caster or the target (A-9); -1."""
    fs = -1
    if w == target:
        fs = _find(s, t, b, w, E_FULL_SHIELD, prm)
        if fs < 0:
            fs = _find(s, t, b, w, E_NULL_POWDER, prm)
    nn = _find(s, t, b, w, E_NEGATE_NEUTRAL, prm) if sees else -1
    # Absorb Spell answers any spell being cast: the target, or another wizard in sight (A-9)
    ab = _find(s, t, b, w, E_ABSORB_SPELL, prm) if sees or w == target else -1
    if fs < 0 and nn < 0 and ab < 0:
        return -1
    if prm[P_RANDOM] >= 0.5:
        if not coin(s, b, w):
            return -1
        return nn if nn >= 0 else fs if fs >= 0 else ab
    e = t.card_effect[card]
    # keep the treasure one carries; keep one's life and hand from Share Life / Thought Steal
    want = (e == E_DROP_OBJECT and target == w and s.carrying[b, w] >= 0) \
        or (target == w and mind_neutral_hurts(s, t, b, caster, card, w)) or thaum_hurts(s, t, b, card, target, w)
    return cancel_card(s, t, b, card, want, nn if nn >= 0 else fs, ab)


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



# --- mind cards ---
# Bot hooks of Brain Burn, Psychic Storm, Share Life, Thought Steal, Absorb Spell and Add.

@njit(cache=True)
def mind_card_value(e, v):
    """card_value of the Mentalism instants (``v`` for any other effect)."""
    if e == E_ABSORB_SPELL:
        v = 3.0
    elif e == E_BRAIN_BURN or e == E_PSYCHIC_STORM:
        v = 2.5
    elif e == E_THOUGHT_STEAL:
        v = 2.0
    elif e == E_SHARE_LIFE or e == E_ADD:
        v = 1.5
    return v


@njit(cache=True)
def add_value(s, t, b, c1, c2):
    """Add with hand cards c1 and c2: (the combined energy, the cost of the three cards spent as
    0.3 of their worth, Add's counted as 1.5, plus 0.1 so that a single card is preferred)."""
    v = np.int64(t.card_energy[s.inst_card[b, c1]]) + t.card_energy[s.inst_card[b, c2]]
    c = 0.3 * (card_value(t, s.inst_card[b, c1]) + card_value(t, s.inst_card[b, c2]) + 1.5) + 0.1
    return v, c


@njit(cache=True)
def target_damage(s, t, b, card, energy, q):
    """Damage spell ``card`` at ``energy`` would deal to wizard q before counters: Brain Burn
    counts q's hand cards (a public number; q may still discard some first)."""
    if t.card_effect[card] == E_BRAIN_BURN:
        return np.int64(s.cont_n[b, hand_of(q)])
    return np.int64(spell_damage(t, card, energy))


@njit(cache=True)
def storm_score(s, t, b, geo, p, prm, i, sq, boost, boost2):
    """Score of Psychic Storm (instance i) on square ``sq``: the energy on every enemy caught
    (kill bonus for a kill, 1 more for a treasure carrier), less the damage to the caster itself
    when it stands in the storm (all of it, and never a storm that would kill it) and 0.3 of the
    worth of the cards spent. ``boost2`` >= 0: Add combines ``boost`` and ``boost2``."""
    energy = 1
    sc = -0.3 * card_value(t, s.inst_card[b, i])
    if boost2 >= 0:
        energy, c = add_value(s, t, b, boost, boost2)
        sc -= c
    elif boost >= 0:
        energy = t.card_energy[s.inst_card[b, boost]]
        sc -= 0.3 * card_value(t, s.inst_card[b, boost])
    for q in range(s.players[b]):
        if not s.alive[b, q] or not in_storm(geo, sq, s.pos[b, q]):
            continue
        if q == p:
            sc -= prm[P_W_KILL] * energy
            if energy >= s.life[b, p]:
                sc -= 100.0
        else:
            sc += prm[P_W_KILL] * energy
            if energy >= s.life[b, q]:
                sc += prm[P_KILL_BONUS]
            if s.carrying[b, q] >= 0:
                sc += 1.0
    return sc


@njit(cache=True)
def mind_neutral_score(s, t, b, p, card, q):
    """Score of casting Share Life or Thought Steal at wizard q: the life the caster would gain
    (only when it gains 2 or more), or 0.8 per card it could take (q's hand size is public)."""
    e = t.card_effect[card]
    sc = -1.0
    if e == E_SHARE_LIFE:
        total = s.life[b, p] + s.life[b, q]
        gain = total - total // 2 - s.life[b, p]  # R152 holds: both are at most 20
        if gain >= 2:
            sc = gain - 0.3 * card_value(t, card)
    elif e == E_THOUGHT_STEAL:
        n = min(2, s.cont_n[b, hand_of(q)])
        if n > 0:
            sc = 0.8 * n
    return sc


@njit(cache=True)
def mind_neutral_hurts(s, t, b, caster, card, w):
    """Would the target w lose by the neutral spell ``card`` of ``caster``: Share Life when w
    would lose life, Thought Steal when w holds a card it would keep after countering."""
    e = t.card_effect[card]
    if e == E_SHARE_LIFE:
        return s.life[b, w] - (s.life[b, w] + s.life[b, caster]) // 2 >= 1
    if e == E_THOUGHT_STEAL:
        return s.cont_n[b, hand_of(w)] >= 2
    return False


@njit(cache=True)
def cancel_card(s, t, b, card, want, c, ab):
    """The counter a bot plays against spell ``card``: ``c`` (Full Shield, Null Powder or Negate
    Neutral; -1 if none) or ``ab`` (Absorb Spell; -1 if none), or -1. When it ``want``s the spell
    cancelled it plays the cheaper card: Absorb costs its worth less the spell card it takes.
    When it does not, it still absorbs a spell card worth more than Absorb Spell."""
    if ab < 0:
        return c if want else -1
    gain = card_value(t, card) - card_value(t, s.inst_card[b, ab])
    if want:
        if c >= 0 and -gain >= card_value(t, s.inst_card[b, c]):
            return c
        return ab
    return ab if gain > 0 else -1


@njit(cache=True)
def choose_absorb(s, t, b, w, prm, card, want):
    """Absorb Spell of seat w (not the target, or caught in a Psychic Storm) against spell
    ``card``: the instance to play, or -1. ``want``: the spell would hurt w enough to cancel it."""
    ab = _find(s, t, b, w, E_ABSORB_SPELL, prm)
    if ab < 0:
        return -1
    if prm[P_RANDOM] >= 0.5:
        return ab if coin(s, b, w) else -1
    return cancel_card(s, t, b, card, want, -1, ab)


@njit(cache=True)
def choose_brain_burn(s, t, b, q, prm):
    """Brain Burn hits seat q: a hand card to discard before the damage (one per card left in
    the hand), or -1 to stop. Balanced: the cheapest card worth less than a life point
    (``keep_min``), and more (Shields last) while the damage left would kill; a held Shield
    counts as the damage it would stop. Random: a random card on a coin flip."""
    h = hand_of(q)
    n = s.cont_n[b, h]
    if n == 0:
        return -1
    if prm[P_RANDOM] >= 0.5:
        return s.cont[b, h, rand(s, b, q, n)] if coin(s, b, q) else -1
    worst = -1
    wv = 1e9
    shield = _find(s, t, b, q, E_SHIELD, prm)
    for k in range(n):
        i = s.cont[b, h, k]
        v = card_value(t, s.inst_card[b, i])
        if i == shield:
            v += 100.0  # a Shield goes last: it stops more than the one point it costs
        if v < wv:
            wv = v
            worst = i
    dmg = n - carried(s, t, b, q, E_BLOODSHARD)
    if shield >= 0:
        dmg -= 1 + t.shield_plus[0]
    if dmg >= s.life[b, q] or wv < prm[P_KEEP_MIN]:
        return worst
    return -1


@njit(cache=True)
def choose_steal(s, t, b, p, q, prm):
    """Thought Steal: the card of seat q's hand seat p takes next (-1: no more). The card grants
    the look at q's hand; nothing is remembered after the effect. Balanced: the most valuable
    card; random: a random card on a coin flip."""
    h = hand_of(q)
    n = s.cont_n[b, h]
    if n == 0:
        return -1
    if prm[P_RANDOM] >= 0.5:
        return s.cont[b, h, rand(s, b, p, n)] if coin(s, b, p) else -1
    best = -1
    bv = -1e9
    for k in range(n):
        i = s.cont[b, h, k]
        v = card_value(t, s.inst_card[b, i])
        if v > bv:
            bv = v
            best = i
    return best


# --- thaum cards ---
# Bot hooks of Anti-Anti, Backlash, Invisible, Slow Death, Globe of Pain, Yoink!, Gravity, Swap,
# Ward, Strength, Stretch, Heave-Ho and Featherweight.

@njit(cache=True)
def thaum_card_value(e, v):
    """card_value of this block's cards (``v`` for any other effect)."""
    if e == E_BACKLASH:
        v = 3.0
    elif e == E_ANTI_ANTI:
        v = 2.0
    elif e == E_INVISIBLE or e == E_SLOW_DEATH or e == E_FEATHERWEIGHT:
        v = 2.0
    elif e == E_GLOBE_OF_PAIN or e == E_WARD:
        v = 2.5
    elif e == E_YOINK:
        v = 2.0
    elif e == E_GRAVITY or e == E_SWAP or e == E_STRENGTH or e == E_STRETCH or e == E_HEAVE_HO:
        v = 1.5
    return v


@njit(cache=True)
def choose_anti_anti(s, t, b, p, prm, card):
    """Seat p's spell ``card`` was countered: the Anti-Anti to cancel that counter with, or -1.
    Balanced: for an attack spell, or a spell worth 1.5 or more; random: a coin flip."""
    aa = _find(s, t, b, p, E_ANTI_ANTI, prm)
    if aa < 0:
        return -1
    if prm[P_RANDOM] >= 0.5:
        return aa if coin(s, b, p) else -1
    if t.card_type[card] == T_ATTACK or card_value(t, card) >= 1.5:
        return aa
    return -1


@njit(cache=True)
def choose_backlash(s, t, b, q, prm, card, energy):
    """Seat q is the target of attack spell ``card`` cast with ``energy``: the Backlash to
    cancel it with, or -1. Balanced: whenever it would cancel the spell anyway
    (:func:`cancel_want`), or the caster would suffer 3 or more; random: a coin flip."""
    c = _find(s, t, b, q, E_BACKLASH, prm)
    if c < 0:
        return -1
    if prm[P_RANDOM] >= 0.5:
        return c if coin(s, b, q) else -1
    if energy >= 3 or cancel_want(s, t, b, q, prm, card, energy):
        return c
    return -1


@njit(cache=True)
def thaum_effect(e):
    """The cards of this block whose own-turn options :func:`thaum_score` scores."""
    return e == E_INVISIBLE or e == E_YOINK or e == E_GRAVITY or e == E_SWAP or e == E_STRENGTH


@njit(cache=True)
def thaum_score(s, t, b, geo, p, prm, k, goal, field, here, look):
    """Score of option k of this block's cards (``goal``, ``field``, ``here``: the walk of
    :func:`choose_option`; ``look``: its sight answers). Invisible: when carrying a treasure or
    at 8 life or less in an enemy's sight (a longer spell a little more). Yoink!: an item worth 2
    or more, scored 1.5 times its worth. Gravity: :func:`gravity_worth`. Swap: the steps to the
    goal it saves beyond the movement points left (after it no more movement). Strength: when an
    enemy in p's square carries a treasure p could tear away."""
    a = s.opt[b, k, 1]
    y = s.opt[b, k, 3]
    card = s.inst_card[b, a]
    e = t.card_effect[card]
    energy, cost = spell_cost(s, t, b, a, y)
    sc = -1.0
    if e == E_STRENGTH:
        if spell_on(s, t, b, E_STRENGTH, p) < 0 and s.attacked[b] == 0 and s.first_done[b, p] == 1:
            for q in range(s.players[b]):
                if q != p and s.alive[b, q] and s.pos[b, q] == s.pos[b, p] and s.carrying[b, p] < 0 \
                        and s.carrying[b, q] >= 0:
                    sc = 4.0 - cost  # a treasure to tear away
    elif e == E_SWAP:
        d = field[s.pos[b, s.opt[b, k, 2]]]
        if d >= 0:
            sc = prm[P_W_TREASURE] * (here - d - s.mp[b]) - cost  # beyond what walking gets
    elif e == E_GRAVITY:
        if spell_on(s, t, b, E_GRAVITY, -1) < 0:
            v = gravity_worth(s, t, b, p)
            if v > 0:
                sc = v - cost
    elif e == E_YOINK:
        v = card_value(t, s.inst_card[b, s.opt[b, k, 4]])
        if v >= 2.0:
            sc = 1.5 * v - cost  # the item is ours and no longer the enemy's
    elif e == E_INVISIBLE:
        if spell_on(s, t, b, E_INVISIBLE, p) < 0 and (s.carrying[b, p] >= 0 or s.life[b, p] <= 8) \
                and _sees_enemy(s, t, b, geo, p, look):
            sc = 2.0 + 0.5 * (energy - 1) - cost
    return sc


@njit(cache=True)
def choose_invisible(s, t, b, q, prm, dmg):
    """Seat q is attacked for about ``dmg`` and is not invisible: the Invisible to cast as a
    counter, or -1 (:func:`choose_self_counter`)."""
    return choose_self_counter(s, t, b, q, prm, dmg, E_INVISIBLE)


@njit(cache=True)
def choose_featherweight(s, t, b, q, prm, dmg):
    """Seat q is attacked for about ``dmg`` and is not featherweight: the Featherweight to cast as
    a counter, or -1 (:func:`choose_self_counter`)."""
    return choose_self_counter(s, t, b, q, prm, dmg, E_FEATHERWEIGHT)


@njit(cache=True)
def choose_self_counter(s, t, b, q, prm, dmg, effect):
    """A spell with ``effect`` that seat q, attacked for about ``dmg``, casts on itself as a
    counter, or -1. Balanced: for a hit worth a counter (counter_min) or a lethal one; random: a
    coin flip."""
    c = _find(s, t, b, q, effect, prm)
    if c < 0:
        return -1
    if prm[P_RANDOM] >= 0.5:
        return c if coin(s, b, q) else -1
    if dmg >= prm[P_COUNTER_MIN] or dmg >= s.life[b, q]:
        return c
    return -1


@njit(cache=True)
def lingering(e):
    """The curses that hurt later, not as they hit (Acid Bath, Slow Death): no kill bonus."""
    return e == E_ACID_BATH or e == E_SLOW_DEATH


@njit(cache=True)
def draws_wanted(s, t, b, p, prm, n):
    """How many of the ``n`` cards it may draw seat p draws (R169: up to two). Under Slow Death
    each costs a life point (card text: the target is not forced to draw): balanced keeps 4 life
    above the cards, random draws a random number; otherwise every card."""
    if n <= 0 or spell_on(s, t, b, E_SLOW_DEATH, p) < 0:
        return n
    if prm[P_RANDOM] >= 0.5:
        return rand(s, b, p, n + 1)
    return max(0, min(n, s.life[b, p] - 4))


@njit(cache=True)
def thaum_hurts(s, t, b, card, target, w):
    """Would wizard w lose by neutral spell ``card`` aimed at ``target`` (so negate it): Yoink!
    at w when w carries an item worth 2.5 or more; Gravity when its fall costs w 3 or more
    (:func:`gravity_worth` seen from w: a treasure it carries away from home)."""
    e = t.card_effect[card]
    if e == E_GRAVITY:
        return gravity_worth(s, t, b, w) <= -3.0
    if e == E_YOINK and target == w:
        c = items_of(w)
        for k in range(s.cont_n[b, c]):
            if card_value(t, s.inst_card[b, s.cont[b, c, k]]) >= 2.5:
                return True
    return False


@njit(cache=True)
def gravity_worth(s, t, b, p):
    """What Gravity's fall is worth to seat p: 8 for each enemy carrying one of p's treasures, 3
    for each carrying another's, 6 lost if p carries one itself away from home; half the worth of
    every item the others drop, less half of p's own; 1 less for p's own pick-ups it forbids."""
    home = t.g_base[s.deal[b], p]
    v = -1.0
    for w in range(s.players[b]):
        if not s.alive[b, w]:
            continue
        j = s.carrying[b, w]
        sign = -0.5 if w == p else 0.5
        if j >= 0:
            if w == p:
                v -= 0.0 if s.pos[b, p] == home else 6.0
            else:
                v += 8.0 if j // 2 == p else 3.0
        c = items_of(w)
        for k in range(s.cont_n[b, c]):
            v += sign * card_value(t, s.inst_card[b, s.cont[b, c, k]])
    return v


@njit(cache=True)
def choose_ward(s, t, b, o, prm):
    """Seat o sees an enemy pick up one of its treasures: the Ward to cast, or -1. Balanced:
    always (3 damage and a half chance the treasure drops); random: a coin flip."""
    c = _find(s, t, b, o, E_WARD, prm)
    if c < 0 or prm[P_RANDOM] < 0.5:
        return c
    return c if coin(s, b, o) else -1


@njit(cache=True)
def tear_score(s, t, b, p, k):
    """Score of Strength's tearing attack (option k, O_TEAR): three chances in four of a treasure
    (9 for one's own, 7 for another's) or of an item (1.5 times its worth)."""
    q = s.opt[b, k, 1]
    x = s.opt[b, k, 2]
    if x < 0:
        return 0.75 * (9.0 if s.carrying[b, q] // 2 == p else 7.0)
    return 0.75 * 1.5 * card_value(t, s.inst_card[b, x])


@njit(cache=True)
def stretch_score(s, t, b, p, prm, k):
    """Score of a Stretch option (O_STRETCH), less 0.3 of the card's worth: a treasure as a
    pick-up scores (10 an enemy's not on p's base, 8 one's own from an enemy base), a floor item
    1 with room for it, a treasure put down on p's base 20 when it scores; a punch as a punch
    (damage, doubled by Strength; the kill bonus; 1 more at a treasure carrier), only from
    attack_min up (Mightstone dice not counted)."""
    a = s.opt[b, k, 1]
    mode = s.opt[b, k, 2]
    y = s.opt[b, k, 3]
    cost = 0.3 * card_value(t, s.inst_card[b, a])
    home = t.g_base[s.deal[b], p]
    sc = -1.0
    if mode == STRETCH_TREASURE:
        if y // 2 != p and s.tr_sq[b, y] != home:
            sc = 10.0 - cost
        elif y // 2 == p and s.tr_sq[b, y] != home:
            for q in range(s.players[b]):
                if q != p and s.tr_sq[b, y] == t.g_base[s.deal[b], q]:
                    sc = 8.0 - cost
    elif mode == STRETCH_ITEM:
        if hand_size(s, b, p) < hand_limit(s, t, b, p) and s.carrying[b, p] < 0:
            sc = 1.0 - cost
    elif mode == STRETCH_DROP:
        if y // 2 != p:
            sc = 20.0 - cost
    else:
        dmg = 2 if spell_on(s, t, b, E_STRENGTH, p) >= 0 else 1
        sc = prm[P_W_KILL] * dmg - cost + (prm[P_KILL_BONUS] if dmg >= s.life[b, y] else 0.0) \
            + (1.0 if s.carrying[b, y] >= 0 else 0.0)
        if sc < prm[P_ATTACK_MIN]:
            sc = -1.0
    return sc


@njit(cache=True)
def heave_score(s, t, b, p, prm, k):
    """Score of Heave-Ho (option k, O_HEAVE), less 0.3 of the card's worth: at one's own base 20
    when the treasure is an enemy's (it scores there), 5 for one's own; at a wizard the damage (the
    grid distance, doubled by Strength) as an attack, less 6 for giving up an enemy treasure one
    was carrying home, from attack_min up."""
    a = s.opt[b, k, 1]
    q = s.opt[b, k, 2]
    sq = s.opt[b, k, 3]
    j = s.carrying[b, p]
    cost = 0.3 * card_value(t, s.inst_card[b, a])
    if q < 0:
        return (20.0 if j // 2 != p else 5.0) - cost
    kd = s.deal[b]
    me = s.pos[b, p]
    dmg = abs(np.int64(t.g_sq_r[kd, me]) - t.g_sq_r[kd, sq]) + abs(np.int64(t.g_sq_c[kd, me]) - t.g_sq_c[kd, sq])
    if spell_on(s, t, b, E_STRENGTH, p) >= 0:
        dmg *= 2
    sc = prm[P_W_KILL] * dmg - cost - (6.0 if j // 2 != p else 0.0)
    if dmg >= s.life[b, q]:
        sc += prm[P_KILL_BONUS]
    return sc if sc >= prm[P_ATTACK_MIN] else -1.0


# --- forms cards ---
# The bot's side of the Mutation forms (rules.py "forms cards"): when casting one pays.

@njit(cache=True)
def _attack_spell_held(s, t, b, p):
    """Seat p holds an attack spell (a counters-only form would keep it from being cast)."""
    h = hand_of(p)
    for k in range(s.cont_n[b, h]):
        if t.card_type[s.inst_card[b, s.cont[b, h, k]]] == T_ATTACK:
            return True
    return False


@njit(cache=True)
def _enemy_within(s, t, b, geo, p, steps):
    """Some living enemy wizard stands within ``steps`` steps of seat p's walk (own doors)."""
    field = distances(geo, s.pos[b, p], 1 << s.colour[b, p])
    for q in range(s.players[b]):
        if q != p and s.alive[b, q] and spell_on(s, t, b, E_MIST_BODY, q) < 0:
            d = field[s.pos[b, q]]
            if 0 <= d <= steps:
                return True
    return False


@njit(cache=True)
def form_score(s, t, b, geo, p, prm, e, energy, blocked, look):
    """Score of casting form e (before the cards' cost), or -1. Fighting forms (Golem: punch 2 and
    2 off each hit; Werewolf: punch d4 at speed 4) pay when an enemy is within this turn's reach
    and the attack is still to come, and no attack spell in the hand would be locked away (they
    cast counters only); Gnome Form pays to a treasure carrier in an enemy's sight (it evades
    half the attacks; cast as a counter otherwise); Slime Form pays when the way to the goal is
    behind a door closed to the wizard, or doors shorten the way to an enemy treasure by 3 steps
    or more, and it carries nothing (a closed door takes the treasure).
    Longer forms (energy) score a little more; never over another form."""
    if s.form[b, p] != 0:
        return -1.0
    can = attack_open(s, b, p)
    extra = 0.2 * (energy - 1)
    if e == E_GOLEM_FORM or e == E_WEREWOLF_FORM:
        if not can or _attack_spell_held(s, t, b, p):
            return -1.0
        reach = s.mp[b] + (1 if e == E_WEREWOLF_FORM else -1)
        if reach >= 0 and _enemy_within(s, t, b, geo, p, max(reach, 1)):
            return prm[P_W_KILL] * (1.5 if e == E_WEREWOLF_FORM else 1.0) + 0.5 + extra
        return -1.0
    if e == E_GNOME_FORM:
        if s.carrying[b, p] >= 0 and _sees_enemy(s, t, b, geo, p, look):
            return 1.5 + extra
        return -1.0
    if e == E_BIG_MAN_FORM:
        if can and _enemy_within(s, t, b, geo, p, max(np.int64(s.mp[b]), 1)):
            return prm[P_W_KILL] * 2.0 + 0.3 + extra  # a punch of 3 instead of 1
        if s.carrying[b, p] >= 0 and _enemy_within(s, t, b, geo, p, 2):
            return 1.5 + extra  # running home: he pushes those in his way and hides what is behind
        return -1.0
    if e == E_EXTRA_ARMS:
        sc = -1.0
        if can:  # a punch on every enemy within reach
            n = 0
            bit = 1 << s.colour[b, p]
            for q in range(s.players[b]):
                if q != p and s.alive[b, q] and spell_on(s, t, b, E_MIST_BODY, q) < 0 and \
                        adjacent(geo, s.pos[b, p], s.pos[b, q], bit):
                    n += 1
            if n >= 2:
                sc = prm[P_W_KILL] * punch_estimate(s, b, p) * (n - 1) + 0.5
        if s.cont_n[b, items_of(p)] >= 2 and hand_size(s, b, p) >= hand_limit(s, t, b, p) - 1:
            sc = max(sc, 0.5 * s.cont_n[b, items_of(p)])  # room to draw again
        return sc + extra if sc > 0 else -1.0
    if e == E_SLIME_FORM:
        if s.carrying[b, p] < 0 and (blocked or _doors_save(s, t, b, geo, p) >= 3):
            return 1.2 * prm[P_W_TREASURE] + extra
        return -1.0
    return -1.0


@njit(cache=True)
def _doors_save(s, t, b, geo, p):
    """Steps that walking through every door (a slime) saves seat p on the way to the nearest
    enemy treasure lying off its owner's base (40 if only such a walk reaches one; 0 if none)."""
    own = distances(geo, s.pos[b, p], 1 << s.colour[b, p])
    every = distances(geo, s.pos[b, p], (1 << MAXP) - 1)
    k = s.deal[b]
    best_own = 1 << 20
    best_all = 1 << 20
    for j in range(2 * s.players[b]):
        sq = s.tr_sq[b, j]
        if j // 2 == p or s.tr_carrier[b, j] >= 0 or sq < 0 or sq == t.g_base[k, j // 2]:
            continue
        if own[sq] >= 0:
            best_own = min(best_own, np.int64(own[sq]))
        if every[sq] >= 0:
            best_all = min(best_all, np.int64(every[sq]))
    if best_all >= 1 << 20:
        return 0
    if best_own >= 1 << 20:
        return 40
    return best_own - best_all


@njit(cache=True)
def punch_estimate(s, b, p):
    """Damage a punch of seat p is expected to deal before items: its form's (Golem 2, Werewolf a
    d4, counted as 2, Big Man 3), else 1 (R57)."""
    f = s.form[b, p]
    if f == E_GOLEM_FORM or f == E_WEREWOLF_FORM:
        return 2
    if f == E_BIG_MAN_FORM:
        return 3
    return 1


@njit(cache=True)
def adrenaline_score(s, t, b, geo, p, prm, x, energy, look):
    """Score of Adrenaline on wizard x (before the cards' cost): only on oneself, when its attack
    is still open, an enemy is in sight and two attacks worth making are at hand this turn
    (attack spells, thrown weapons, or punches of 2 or more at an enemy within reach). It must
    come before the first attack, so it scores 9, above any single attack's usual score and
    below a treasure pick-up (10); a little more per extra turn. Else -1."""
    if x != p or s.adrenaline[b, p] > 0 or not attack_open(s, b, p) or not _sees_enemy(s, t, b, geo, p, look):
        return -1.0
    n = 0
    h = hand_of(p)
    for k in range(s.cont_n[b, h]):
        if t.card_type[s.inst_card[b, s.cont[b, h, k]]] == T_ATTACK:
            n += 1
    n += carried(s, t, b, p, E_LARGE_ROCK) + carried(s, t, b, p, E_BOOMSTONE)
    bit = 1 << s.colour[b, p]
    if prm[P_W_KILL] * punch_estimate(s, b, p) >= prm[P_ATTACK_MIN]:
        for q in range(s.players[b]):
            if q != p and s.alive[b, q] and spell_on(s, t, b, E_MIST_BODY, q) < 0 and \
                    adjacent(geo, s.pos[b, p], s.pos[b, q], bit):
                n += 2  # a punch can be made twice
    if n < 2:
        return -1.0
    return 9.0 + 0.2 * (energy - 1)


@njit(cache=True)
def disease_score(s, t, b, geo, p, prm, k):
    """Score of casting Disease on oneself (option k; it is the turn's attack): 3 damage per
    enemy it can walk onto this turn (within its movement points), 1 at most counted, a little
    more per extra turn, less the cards; -1 if no enemy is that near."""
    a = s.opt[b, k, 1]
    y = s.opt[b, k, 3]
    if spell_on(s, t, b, E_DISEASE, p) >= 0 or not _enemy_within(s, t, b, geo, p, max(np.int64(s.mp[b]), 0)):
        return -1.0
    energy = 1
    cost = 0.3 * card_value(t, s.inst_card[b, a])
    if y >= 0:
        energy = t.card_energy[s.inst_card[b, y]]
        cost += 0.3 * card_value(t, s.inst_card[b, y])
    return prm[P_W_KILL] * 3.0 + 0.5 * (energy - 1) - cost


@njit(cache=True)
def contagion(s, t, b, p, prm, sq):
    """Worth of seat p stepping onto square ``sq`` while it carries Disease: 3 damage to each
    enemy there not yet struck this turn (a kill is worth kill_bonus more); -1 if none."""
    if spell_on(s, t, b, E_DISEASE, p) < 0:
        return -1.0
    v = 0.0
    for q in range(s.players[b]):
        if q != p and s.alive[b, q] and s.pos[b, q] == sq and s.sick_turn[b, q] != s.turn[b]:
            v += prm[P_W_KILL] * 3.0 + (prm[P_KILL_BONUS] if s.life[b, q] <= 3 else 0.0)
    return v if v > 0 else -1.0
