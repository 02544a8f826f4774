"""Ashes bot parameters and decisions (docs/ashes.md, "Bots").

The checklist's §3 lists 15 decision points and a 22-value parameter vector; the decisions here
are those the rules ask for (DP2-DP15), scored with base numbers that the parameters below tilt
(most of §3.2's vector; docs/ashes.md lists which are not here yet). No decision reads hidden
information (AMB-24): not the opponent's hand, not any draw pile's order.
"""

from __future__ import annotations

import numpy as np

from simlab.games.ashes import state as S
from simlab.games.jit import njit
from simlab.games.kernel import coin, rand

# Checklist §3.2 names. aggression (DP3/DP7): 0-1 weight of attacking the Phoenixborn against
# attacking units, as multipliers 2 * aggression and 2 * (1 - aggression) of the balanced scores
# (0.5 = the balanced scores unchanged); w_summon (DP3/DP4): multiplier of a summon's score;
# avoid_card (a card id, -1 none): the bot never plays that card (the card-value study's arm);
# meditate (DP9: 0 off, 1 on), meditate_min (DP9: the least worth of the card a meditation is
# for), meditate_max (DP9: most cards per meditation), charm (DP10: 0 off, 1 on).
# The ability and dice-power studies' arms (every bot, the random one included, obeys them):
# avoid_ability (0 off, 1 = never use the bot's own Phoenixborn's ability: not as a main or side
# move, nor the optional triggers Screams of the Departed and Strike); avoid_power (-1 none, else a
# dice type index state.DT_*: never use that dice power as a side action).
# Attacks (DP3/DP7, see :func:`attack_score`): lethal (0 off, 1 on): attack the Phoenixborn with
# everything when the attackers' damage left after the defender blocks its biggest attackers
# with each unexhausted unit would destroy it, and hold back blockers when the opponent's
# unexhausted units threaten our Phoenixborn's remaining life; attack_margin: least (value
# killed - value lost to the counter) for an attack on a unit; w_unit: value per point of a
# unit's attack + remaining life in that trade; w_pb_dmg: a Phoenixborn attack's score grows by
# w_pb_dmg x (expected unblocked damage / its remaining life); pass_threshold (DP3): pass when
# the best main-action score is at or below it; w_spellboard (DP3/DP4): multiplier of the score
# of playing a ready spell (an engine); pb_blocked: the score (before the style weight) of a
# Phoenixborn attack when the defender has an unexhausted unit to block each attacker (50, the
# plain attack's score: 15, holding the units back, lost 45.5% of 3,600 games head to head).
PARAMS = ("random", "keep_dice", "discard_dead", "chump_life", "counter_policy", "aggression",
          "w_summon", "avoid_card", "meditate", "meditate_min", "meditate_max", "charm",
          "avoid_ability", "avoid_power", "lethal", "attack_margin", "w_unit", "w_pb_dmg",
          "pass_threshold", "w_spellboard", "pb_blocked", "rollouts", "look_options", "look_z")
BP_RANDOM, BP_KEEP_DICE, BP_DISCARD_DEAD, BP_CHUMP_LIFE, BP_COUNTER, BP_AGGRESSION, BP_W_SUMMON, \
    BP_AVOID_CARD, BP_MEDITATE, BP_MEDITATE_MIN, BP_MEDITATE_MAX, BP_CHARM, BP_AVOID_ABILITY, \
    BP_AVOID_POWER, BP_LETHAL, BP_ATTACK_MARGIN, BP_W_UNIT, BP_W_PB_DMG, BP_PASS_THRESHOLD, \
    BP_W_SPELLBOARD, BP_PB_BLOCKED, BP_ROLLOUTS, BP_LOOK_OPTIONS, BP_LOOK_Z = range(len(PARAMS))
_BASE = {"random": 0.0, "keep_dice": 1.0, "discard_dead": 1.0, "chump_life": 5.0, "counter_policy": 2.0,
         "aggression": 0.5, "w_summon": 1.0, "avoid_card": -1.0, "meditate": 1.0, "meditate_min": 4.0,
         "meditate_max": 2.0, "charm": 1.0, "avoid_ability": 0.0, "avoid_power": -1.0, "lethal": 1.0,
         "attack_margin": 0.0, "w_unit": 1.0, "w_pb_dmg": 1.0, "pass_threshold": 0.0, "w_spellboard": 1.0,
         "pb_blocked": 50.0,
         # the lookahead bot (lookahead.py): games played out per option of the main action (0 =
         # off); the moves it plays out besides the heuristic's and passing; an option replaces
         # the heuristic's move only when its playouts beat it by more than look_z standard errors
         "rollouts": 0.0, "look_options": 4.0, "look_z": 1.5}
PRESETS = {
    "balanced": dict(_BASE),
    "random": _BASE | {"random": 1.0},
    # races the Phoenixborn: attacks it before summoning (0.9 * 2 * 50 = 90 > 0.8 * 100), rarely
    # chump-blocks (checklist §3.2 aggro: aggression 0.9, chump_life 3 -> 2 on our scale)
    "aggro": _BASE | {"aggression": 0.9, "w_summon": 0.8, "chump_life": 2.0, "w_pb_dmg": 1.5},
    # builds a board and trades units: unit attacks weigh 1.6x, Phoenixborn attacks 0.4x (below
    # most spells), summons 1.2x, blocks early (checklist §3.2 control: aggression 0.2)
    "control": _BASE | {"aggression": 0.2, "w_summon": 1.2, "chump_life": 8.0, "attack_margin": 1.0,
                        "w_unit": 1.4},
    # develops first: ready spells and summons weigh more (checklist §3.2 builder)
    "builder": _BASE | {"w_spellboard": 1.6, "w_summon": 1.5},
}

# The parameters `simlab tune` searches, with the range it searches and preset files must keep to
# (the on/off switches and the study arms are choices, not tuned).
TUNABLE = {
    "chump_life": (0.0, 10.0), "aggression": (0.0, 1.0), "w_summon": (0.0, 3.0), "meditate_min": (0.0, 10.0),
    "meditate_max": (0.0, 5.0), "attack_margin": (-3.0, 5.0), "w_unit": (0.0, 3.0), "w_pb_dmg": (0.0, 3.0),
    "pass_threshold": (-3.0, 3.0), "w_spellboard": (0.0, 3.0), "pb_blocked": (0.0, 100.0),
}
# Allowed ranges of the lookahead bot's parameters (a scenario or preset file outside them is an
# error): each playout is the rest of a game, so a main action costs rollouts x options of them.
LIMITS = {"rollouts": (0.0, 1024.0), "look_options": (0.0, 12.0), "look_z": (0.0, 10.0)}
DESCRIPTIONS = {
    "balanced": "fixed scores per move: summon, attack, then the best card (docs/ashes.md)",
    "random": "uniformly random legal moves and choices (fuzzing the rules)",
    "aggro": "balanced scores tilted towards attacking the Phoenixborn, few chump blocks",
    "control": "balanced scores tilted towards summons and attacks on units, early blocks",
    "builder": "balanced scores tilted towards ready spells and summons",
}

KEEP_NONE, KEEP_POWER, KEEP_ALL = 0, 1, 2  # DP13: exhaust all / keep power faces / keep all




@njit(cache=True)
def move_score(s, t, b, move):
    """The balanced bot's stand-in for the checklist's scored choice: a summon (a unit now, the
    tempo of w_summon) first, then an ally (90 + its attack and life); then an attack on the
    Phoenixborn if its attackers have any attack (50), or on a unit they can destroy (40 + its
    attack and life; the heuristic presets score attacks with :func:`attack_score`); then card
    plays, the one with the most magic symbols first. 0 = not worth a main action."""
    i = move % S.MAXI
    kind = move // S.MAXI
    if kind == S.MV_ACTIVATE:
        return activation_worth(s, t, b, s.cur[b], i)
    if kind == S.MV_UNIT_ABILITY:
        return unit_ability_worth(s, t, b, s.cur[b], i)
    if kind == S.MV_ATTACK_PB or kind == S.MV_ATTACK_UNIT:
        p = s.cur[b]
        c = p * S.NZ + S.Z_BATTLEFIELD
        atk = 0
        for k in range(s.cont_n[b, c]):
            u = s.cont[b, c, k]
            if s.exhaust[b, u] == 0:
                atk += S.unit_attack(s, t, b, u)
        if kind == S.MV_ATTACK_PB:
            return 50 if atk > 0 else 0
        life = S.unit_life(s, t, b, i) - s.wounds[b, i]
        return 40 + S.unit_attack(s, t, b, i) + life if atk >= life else 0
    c = s.i_card[b, i]
    if t.card_type[c] == S.T_ACTION:
        return action_worth(s, t, b, s.cur[b], c)
    if t.card_type[c] == S.T_ALTERATION:
        return alteration_worth(s, t, b, s.cur[b], c)
    if t.card_type[c] == S.T_ALLY:  # a unit now, like a summon (100) but paid with a card
        return 90 + t.card_attack[c] + t.card_life[c]
    cost = 1
    for j in range(S.CO_BASIC, S.NCOST):
        cost += t.card_cost[c, j]
    return cost


@njit(cache=True)
def power_move(dt):
    """The side-action move kind of dice type dt's power (state.DT_*), -1 for none."""
    if dt == S.DT_CEREMONIAL:
        return S.MV_CEREMONIAL
    if dt == S.DT_CHARM:
        return S.MV_CHARM
    if dt == S.DT_ILLUSION:
        return S.MV_ILLUSION
    if dt == S.DT_NATURAL:
        return S.MV_NATURAL
    return -1


@njit(cache=True)
def drop_avoided(s, b, prm, p, legal, n):
    """Remove from ``legal[:n]`` the moves the bot avoids: plays of ``avoid_card`` (the card-value
    study), its Phoenixborn's ability when ``avoid_ability`` is 1, the dice power of type
    ``avoid_power``; returns the new count."""
    avoid = int(prm[p, BP_AVOID_CARD])
    no_pb = prm[p, BP_AVOID_ABILITY] > 0.5
    no_power = power_move(int(prm[p, BP_AVOID_POWER]))
    if avoid < 0 and not no_pb and no_power < 0:
        return n
    m = 0
    for k in range(n):
        mv = legal[k]
        kind = mv // S.MAXI
        if avoid >= 0 and kind == S.MV_PLAY and s.i_card[b, mv % S.MAXI] == avoid:
            continue
        if (no_pb and kind == S.MV_PB_ABILITY) or kind == no_power:
            continue
        legal[m] = mv
        m += 1
    return m


@njit(cache=True)
def style_weight(prm, p, move):
    """The preset's tilt of a move's score: ``2 * aggression`` for an attack on the Phoenixborn,
    ``2 * (1 - aggression)`` for an attack on a unit, ``w_summon`` for an activation (1 for the
    balanced bot)."""
    kind = move // S.MAXI
    if kind == S.MV_ATTACK_PB:
        return 2.0 * prm[p, BP_AGGRESSION]
    if kind == S.MV_ATTACK_UNIT:
        return 2.0 * (1.0 - prm[p, BP_AGGRESSION])
    if kind == S.MV_ACTIVATE:
        return prm[p, BP_W_SUMMON]
    return 1.0


@njit(cache=True)
def choose_main(s, t, b, prm, p, legal, n):
    """DP3: which of the ``n`` legal moves ``legal[:n]`` to make as the main action, or -1 to
    pass. The balanced bot takes the best by :func:`move_score` times :func:`style_weight`
    (first on ties); the random bot picks uniformly among the moves and passing. Neither plays
    ``avoid_card``."""
    n = drop_avoided(s, b, prm, p, legal, n)
    if n == 0:
        return -1
    if prm[p, BP_RANDOM] > 0.5:
        k = rand(s, b, p, n + 1)
        return -1 if k == n else legal[k]
    best = -1
    best_score = max(0.0, prm[p, BP_PASS_THRESHOLD])
    att = np.empty(S.MAXI_P, np.int64)
    for k in range(n):
        sc = main_score(s, t, b, prm, p, legal[k], att)
        if sc > best_score:
            best, best_score = legal[k], sc
    return best


@njit(cache=True)
def main_score(s, t, b, prm, p, move, att):
    """The balanced bot's score of ``move`` as p's main action (:func:`choose_main`; the
    lookahead ranks its options by it): :func:`attack_score` for an attack, else
    :func:`move_score` x the style and spell weights. ``att``: working room for the attackers."""
    kind = move // S.MAXI
    if kind == S.MV_ATTACK_PB or kind == S.MV_ATTACK_UNIT:
        return attack_score(s, t, b, prm, p, move, att)
    return move_score(s, t, b, move) * style_weight(prm, p, move) * _spell_weight(s, t, b, prm, p, move)


@njit(cache=True)
def _spell_weight(s, t, b, prm, p, move):
    """``w_spellboard`` for playing a ready spell, ``w_summon`` for playing an ally, else 1."""
    if move // S.MAXI == S.MV_PLAY:
        kind = t.card_type[s.i_card[b, move % S.MAXI]]
        if kind == S.T_READY:
            return prm[p, BP_W_SPELLBOARD]
        if kind == S.T_ALLY:
            return prm[p, BP_W_SUMMON]
    return 1.0


@njit(cache=True)
def pb_left(s, t, b, q):
    """Life q's Phoenixborn has left."""
    return np.int32(t.card_life[s.pb_card[b, q]]) - s.pb_wounds[b, q]


@njit(cache=True)
def _ready_units(s, b, q):
    """Unexhausted units q controls (the blockers it could use)."""
    c = q * S.NZ + S.Z_BATTLEFIELD
    m = 0
    for k in range(s.cont_n[b, c]):
        if s.exhaust[b, s.cont[b, c, k]] == 0:
            m += 1
    return m


@njit(cache=True)
def unblocked_damage(s, t, b, att, na, q):
    """Damage attackers ``att[:na]`` (highest attack first) deal q's Phoenixborn when q blocks the
    biggest of them with each of its unexhausted units (a public-information estimate)."""
    dmg = 0
    for k in range(_ready_units(s, b, q), na):
        dmg += S.unit_attack(s, t, b, att[k])
    return dmg


@njit(cache=True)
def blockers_needed(s, t, b, p):
    """How many blockers p must keep so that the opponent's unexhausted units' attack, its biggest
    attackers blocked, stays below p's Phoenixborn's remaining life (0 = no threat)."""
    q = _opponent(s, b, p)
    c = q * S.NZ + S.Z_BATTLEFIELD
    n = s.cont_n[b, c]
    a = np.empty(max(n, 1), np.int64)
    m = 0
    total = 0
    for k in range(n):
        u = s.cont[b, c, k]
        if s.exhaust[b, u] == 0:
            a[m] = S.unit_attack(s, t, b, u)
            total += a[m]
            m += 1
    left = pb_left(s, t, b, p)
    srt = np.sort(a[:m])
    need = 0
    while total >= left and need < m:
        total -= srt[m - 1 - need]
        need += 1
    return need


@njit(cache=True)
def attack_set(s, t, b, prm, p, att):
    """The balanced bot's attackers (DP7), highest attack first, written to ``att``; returns how
    many (0 = none worth sending). Every unexhausted unit with attack > 0; with ``lethal`` on and
    the attack not lethal on the opponent's Phoenixborn (:func:`unblocked_damage`), the units
    with the most remaining life stay back as blockers while the opponent threatens lethal
    (:func:`blockers_needed`; p's unexhausted units with no attack count as blockers)."""
    c = p * S.NZ + S.Z_BATTLEFIELD
    n = 0
    idle = 0
    for k in range(s.cont_n[b, c]):
        u = s.cont[b, c, k]
        if s.exhaust[b, u] > 0:
            continue
        if S.unit_attack(s, t, b, u) > 0:
            att[n] = u
            n += 1
        else:
            idle += 1
    _sort_by_attack(s, t, b, att, n)
    if prm[p, BP_LETHAL] < 0.5 or n == 0:
        return n
    q = _opponent(s, b, p)
    if unblocked_damage(s, t, b, att, n, q) >= pb_left(s, t, b, q):
        return n
    hold = blockers_needed(s, t, b, p) - idle
    while hold > 0 and n > 0:
        best = 0
        for k in range(1, n):
            if S.unit_life(s, t, b, att[k]) - s.wounds[b, att[k]] > \
                    S.unit_life(s, t, b, att[best]) - s.wounds[b, att[best]]:
                best = k
        for k in range(best, n - 1):
            att[k] = att[k + 1]
        n -= 1
        hold -= 1
    return n


@njit(cache=True)
def _sort_by_attack(s, t, b, att, n):
    """Order ``att[:n]`` by attack, highest first (insertion sort, stable)."""
    for k in range(1, n):
        u = att[k]
        a = S.unit_attack(s, t, b, u)
        j = k - 1
        while j >= 0 and S.unit_attack(s, t, b, att[j]) < a:
            att[j + 1] = att[j]
            j -= 1
        att[j + 1] = u


@njit(cache=True)
def _unit_worth(s, t, b, u):
    """A unit's attack plus remaining life (the trade value, before ``w_unit``)."""
    return S.unit_attack(s, t, b, u) + S.unit_life(s, t, b, u) - s.wounds[b, u]


@njit(cache=True)
def attack_score(s, t, b, prm, p, move, att):
    """DP3/DP7: the heuristic bot's score of an attack move with :func:`attack_set`'s attackers
    (0 = none, not worth it). On the Phoenixborn: 10000 when lethal (``lethal`` on: the damage
    left after optimal-ish blocks destroys it), else 50 x (1 + ``w_pb_dmg`` x unblocked damage /
    remaining life) x the style weight (``pb_blocked`` x the style weight when the defender has a
    blocker for every attacker). On a unit the attackers can destroy: gain = ``w_unit``
    x (its attack + remaining life - the attackers its counter would destroy, same measure, when
    it is unexhausted), played when gain >= ``attack_margin``, scored 40 + gain x the style
    weight."""
    na = attack_set(s, t, b, prm, p, att)
    if na == 0:
        return 0.0
    q = _opponent(s, b, p)
    if move // S.MAXI == S.MV_ATTACK_PB:
        left = max(pb_left(s, t, b, q), 1)
        dmg = unblocked_damage(s, t, b, att, na, q)
        if prm[p, BP_LETHAL] > 0.5 and dmg >= left:
            return 10000.0
        if dmg == 0:  # every attacker can be blocked: pb_blocked (50; 15 is below most card plays)
            return prm[p, BP_PB_BLOCKED] * style_weight(prm, p, move)
        return 50.0 * (1.0 + prm[p, BP_W_PB_DMG] * dmg / left) * style_weight(prm, p, move)
    i = move % S.MAXI
    atk = 0
    for k in range(na):
        atk += S.unit_attack(s, t, b, att[k])
    if atk < S.unit_life(s, t, b, i) - s.wounds[b, i]:
        return 0.0
    lost = 0
    if s.exhaust[b, i] == 0:
        counter = S.unit_attack(s, t, b, i)
        for _ in range(na):  # the defender kills the cheapest attackers first (split_counter)
            best = -1
            best_need = 0
            for k in range(na):
                need = S.unit_life(s, t, b, att[k]) - s.wounds[b, att[k]]
                if need <= counter and (best < 0 or need < best_need):
                    best, best_need = k, need
            if best < 0:
                break
            counter -= best_need
            lost += _unit_worth(s, t, b, att[best])
            att[best], att[na - 1] = att[na - 1], att[best]
            na -= 1
    gain = prm[p, BP_W_UNIT] * (_unit_worth(s, t, b, i) - lost)
    if gain < prm[p, BP_ATTACK_MARGIN]:
        return 0.0
    return (40.0 + gain) * style_weight(prm, p, move)


@njit(cache=True)
def side_score(s, t, b, p, move):
    """The balanced bot's worth of a side-action move (0 = not worth it): a summon 100; the
    natural power on an opposing unit it destroys 30 + the unit's attack; the illusion power on
    an opposing die 10, 20 on a power face; the ceremonial power 15 while the Phoenixborn keeps
    more than ``chump_life`` after the ally's attack. Meditation and the charm power are scored
    in :func:`choose_side` (they need the parameters: DP9, DP10)."""
    kind = move // S.MAXI
    x = move % S.MAXI
    if kind == S.MV_ACTIVATE:
        return activation_worth(s, t, b, p, x)
    if kind == S.MV_PLAY:
        return move_score(s, t, b, move)
    if kind == S.MV_PB_ABILITY:
        return pb_ability_worth(s, t, b, p)
    if kind == S.MV_UNIT_ABILITY:
        return unit_ability_worth(s, t, b, p, x)
    if kind == S.MV_NATURAL:
        mine = s.i_cont[b, x] // S.NZ == p
        if not mine and S.unit_life(s, t, b, x) - s.wounds[b, x] <= 1:
            return 30 + S.unit_attack(s, t, b, x)
        return 0
    if kind == S.MV_ILLUSION:
        return 20 if s.die_face[b, x // S.NDICE, x % S.NDICE] == S.F_POWER else 10
    if kind == S.MV_CEREMONIAL:
        left = t.card_life[s.pb_card[b, p]] - s.pb_wounds[b, p]
        return 15 if left - t.card_attack[s.i_card[b, x]] > 5 else 0
    return 0


@njit(cache=True)
def choose_side(s, t, b, prm, p, legal, n):
    """DP4: which legal side-action move to take, or -1 for none. Balanced: the best by
    :func:`side_score` (times :func:`style_weight`) if above 0; random: a coin flip, then a
    uniform pick. Neither plays ``avoid_card``."""
    n = drop_avoided(s, b, prm, p, legal, n)
    if n == 0:
        return -1
    if prm[p, BP_RANDOM] > 0.5:
        return legal[rand(s, b, p, n)] if coin(s, b, p) else -1
    best = -1
    best_score = 0.0
    src = np.empty(S.NDICE, np.int64)
    dice = np.empty(S.NDICE, np.int64)
    faces = np.empty(S.NDICE, np.int64)
    for k in range(n):
        kind = legal[k] // S.MAXI
        if kind == S.MV_MEDITATE:  # DP9: only when it pays for the wanted card
            sc = MEDITATE_SCORE if plan_meditation_heuristic(s, t, b, prm, p, src, dice, faces) > 0 else 0.0
        elif kind == S.MV_CHARM:  # DP10
            sc = charm_score(s, t, b, prm, p, legal[k] % S.MAXI)
        else:
            sc = side_score(s, t, b, p, legal[k]) * style_weight(prm, p, legal[k]) \
                * _spell_weight(s, t, b, prm, p, legal[k])
        if sc > best_score:
            best, best_score = legal[k], sc
    return best


@njit(cache=True)
def plan_meditation(s, t, b, prm, p, src, dice, faces):
    """DP9: the heuristic presets' plan is :func:`plan_meditation_heuristic`. The random bot: 1 or
    2 cards, each from a uniform source among p's hand cards, the top of its draw pile (-1) and
    its spellboard copies, not repeating a card; then as many different active dice, each set to a
    uniform face. Returns the card count."""
    if prm[p, BP_RANDOM] < 0.5:
        return plan_meditation_heuristic(s, t, b, prm, p, src, dice, faces)
    want = 1 + rand(s, b, p, 2)
    cand = s.scratch[b, 5]
    ns = 0
    for _ in range(want):
        m = 0
        for z in (S.Z_HAND, S.Z_SPELLBOARD):
            c = p * S.NZ + z
            for k in range(s.cont_n[b, c]):
                i = s.cont[b, c, k]
                dup = False
                for j in range(ns):
                    if src[j] == i:
                        dup = True
                if not dup:
                    cand[m] = i
                    m += 1
        if s.cont_n[b, p * S.NZ + S.Z_DRAW] > 0:
            cand[m] = -1
            m += 1
        if m == 0:
            break
        src[ns] = cand[rand(s, b, p, m)]
        ns += 1
    nd = 0
    for d in range(S.NDICE):
        if nd < ns and s.die_loc[b, p, d] == S.L_ACTIVE and coin(s, b, p):
            dice[nd] = d
            faces[nd] = rand(s, b, p, 3)
            nd += 1
    for k in range(nd, ns):
        dice[k] = 0
        faces[k] = s.die_face[b, p, 0]  # unchanged: fewer dice than cards is allowed (AMB-10)
    return ns


@njit(cache=True)
def keep_die(s, b, prm, p, d):
    """DP13: keep active die d of seat p into the next round (else it is exhausted and re-rolled)."""
    if prm[p, BP_RANDOM] > 0.5:
        return coin(s, b, p)
    policy = int(prm[p, BP_KEEP_DICE])
    if policy == KEEP_ALL:
        return True
    if policy == KEEP_POWER:
        return s.die_face[b, p, d] == S.F_POWER
    return False


@njit(cache=True)
def discard_in_prepare(s, t, b, prm, p, i):
    """DP2: discard hand card i in the prepare phase? The balanced bot discards dead cards: those
    the engine cannot play now (card types whose effects are not implemented yet, a ready spell
    whose name finds no spellboard slot, a fourth copy, and the card it never plays,
    ``avoid_card``: held, it would only take the place of a new card) unless ``discard_dead`` is
    0; the random bot flips a coin."""
    if prm[p, BP_RANDOM] > 0.5:
        return coin(s, b, p)
    if prm[p, BP_DISCARD_DEAD] < 0.5:
        return False
    return _dead(s, t, b, p, i) or s.i_card[b, i] == int(prm[p, BP_AVOID_CARD])


@njit(cache=True)
def _dead(s, t, b, p, i):
    """Hand card i cannot be played by the engine now: a card type or effect not implemented yet,
    a ready spell whose name finds no spellboard slot, a fourth copy."""
    c = s.i_card[b, i]
    kind = t.card_type[c]
    if kind == S.T_ALLY:
        return False
    if kind == S.T_ACTION or kind == S.T_ALTERATION or kind == S.T_REACTION:
        return t.card_impl[c] == 0
    if kind != S.T_READY:
        return True
    m = S.copies_on_spellboard(s, b, p, c)
    if m >= 3:
        return True
    return m == 0 and S.spellboard_names(s, b, p) >= t.card_sb[s.pb_card[b, p]]


@njit(cache=True)
def choose_attackers(s, t, b, prm, p, att):
    """DP7: p's attackers in the order they will resolve, written to ``att``; returns how many (at
    least 1, AMB-6). Balanced: :func:`attack_set` (highest attack first: later attackers may be
    lost to reactions); if it is empty, one unit. Random: each unexhausted
    unit joins on a coin flip, one uniform pick if none joined."""
    c = p * S.NZ + S.Z_BATTLEFIELD
    n = 0
    if prm[p, BP_RANDOM] > 0.5:
        for k in range(s.cont_n[b, c]):
            u = s.cont[b, c, k]
            if s.exhaust[b, u] == 0 and coin(s, b, p):
                att[n] = u
                n += 1
    else:
        n = attack_set(s, t, b, prm, p, att)
    if n == 0:
        m = 0
        for k in range(s.cont_n[b, c]):
            if s.exhaust[b, s.cont[b, c, k]] == 0:
                m += 1
        pick = rand(s, b, p, m)
        for k in range(s.cont_n[b, c]):
            u = s.cont[b, c, k]
            if s.exhaust[b, u] == 0:
                if pick == 0:
                    att[0] = u
                    n = 1
                    break
                pick -= 1
    _sort_by_attack(s, t, b, att, n)  # resolution order: highest attack first
    return n


@njit(cache=True)
def choose_blockers(s, t, b, prm, q, att, na, blk):
    """DP8: defender q's blocker for each attacker (``blk[k]`` = unit or -1), each unexhausted unit
    blocking at most one attacker (rule 77). Balanced: a blocker that survives the hit or kills the
    attacker (both best); otherwise a chump block while q's Phoenixborn would be left at or below
    ``chump_life``. Random: uniform over no block and the unused eligible units."""
    c = q * S.NZ + S.Z_BATTLEFIELD
    n = s.cont_n[b, c]
    incoming = 0
    for k in range(na):
        incoming += S.unit_attack(s, t, b, att[k])
    left = np.int32(t.card_life[s.pb_card[b, q]]) - s.pb_wounds[b, q]
    for k in range(na):
        blk[k] = -1
        a = att[k]
        atk = S.unit_attack(s, t, b, a)
        if prm[q, BP_RANDOM] > 0.5:
            m = 0
            for j in range(n):
                u = s.cont[b, c, j]
                if s.exhaust[b, u] == 0 and not _blocking(blk, k, u):
                    m += 1
            pick = rand(s, b, q, m + 1)
            if pick < m:
                for j in range(n):
                    u = s.cont[b, c, j]
                    if s.exhaust[b, u] == 0 and not _blocking(blk, k, u):
                        if pick == 0:
                            blk[k] = u
                            break
                        pick -= 1
            continue
        best = -1
        best_score = 0
        chump = -1
        for j in range(n):
            u = s.cont[b, c, j]
            if s.exhaust[b, u] > 0 or _blocking(blk, k, u):
                continue
            survives = S.unit_life(s, t, b, u) - s.wounds[b, u] > atk
            kills = S.unit_attack(s, t, b, u) >= S.unit_life(s, t, b, a) - s.wounds[b, a]
            score = 2 * int(kills) + int(survives)
            if score > best_score:
                best, best_score = u, score
            if chump < 0:
                chump = u
        if best >= 0:
            blk[k] = best
            incoming -= atk
        elif chump >= 0 and atk > 0 and left - incoming <= prm[q, BP_CHUMP_LIFE]:
            blk[k] = chump
            incoming -= atk


@njit(cache=True)
def _blocking(blk, k, u):
    """Unit u already blocks one of the first k attackers."""
    for j in range(k):
        if blk[j] == u:
            return True
    return False


@njit(cache=True)
def choose_counter(s, t, b, prm, q, blocker, attacker):
    """DP8: does defender q's blocker counter? ``counter_policy`` 0 never, 2 always, 1 unless the
    blocker deals no damage; the random bot flips a coin."""
    if prm[q, BP_RANDOM] > 0.5:
        return coin(s, b, q)
    policy = int(prm[q, BP_COUNTER])
    if policy == 0:
        return False
    if policy == 2:
        return True
    return S.unit_attack(s, t, b, blocker) > 0


@njit(cache=True)
def choose_guard(s, t, b, prm, q, att, na, target):
    """DP8: defender q's guard against an attack on its unit ``target``: -1 none, -2 its
    Phoenixborn, or an unexhausted Unit Guard unit of q. Balanced: only when the target would be
    destroyed: a Unit Guard that survives the summed attack, else the Phoenixborn when the target
    is worth at least the damage and the Phoenixborn stays above ``chump_life``. Random: uniform
    over none, the Phoenixborn and the eligible Unit Guards."""
    c = q * S.NZ + S.Z_BATTLEFIELD
    total = 0
    for k in range(na):
        total += S.unit_attack(s, t, b, att[k])
    if prm[q, BP_RANDOM] > 0.5:
        m = 0
        for j in range(s.cont_n[b, c]):
            u = s.cont[b, c, j]
            if _can_guard(s, t, b, u, target):
                m += 1
        pick = rand(s, b, q, m + 2)
        if pick == 0:
            return -1
        if pick == 1:
            return -2
        pick -= 2
        for j in range(s.cont_n[b, c]):
            u = s.cont[b, c, j]
            if _can_guard(s, t, b, u, target):
                if pick == 0:
                    return u
                pick -= 1
        return -1
    if total < S.unit_life(s, t, b, target) - s.wounds[b, target]:
        return -1
    for j in range(s.cont_n[b, c]):
        u = s.cont[b, c, j]
        if _can_guard(s, t, b, u, target) and S.unit_life(s, t, b, u) - s.wounds[b, u] > total:
            return u
    left = np.int32(t.card_life[s.pb_card[b, q]]) - s.pb_wounds[b, q]
    value = S.unit_attack(s, t, b, target) + S.unit_life(s, t, b, target)
    if value >= total and left - total > prm[q, BP_CHUMP_LIFE]:
        return -2
    return -1


@njit(cache=True)
def _can_guard(s, t, b, u, target):
    """Unit u may guard (rule 89): unexhausted, has Unit Guard, is not the target itself."""
    return (u != target and s.exhaust[b, u] == 0 and (t.card_kw[s.i_card[b, u]] & S.KW_UNIT_GUARD) != 0
            and not reflected(s, t, b, u))


@njit(cache=True)
def reflected(s, t, b, u):
    """Unit u has Reflections in the Water under it: it has none of its abilities and keywords
    except the inexhaustible ones (checklist §2 #75; Unit Guard goes, Magic Guard stays)."""
    for j in range(s.i_card.shape[1]):
        if s.i_parent[b, j] == u and t.card_effect[s.i_card[b, j]] == S.E_REFLECTIONS:
            return True
    return False


@njit(cache=True)
def split_counter(s, t, b, prm, q, tgt, att, na, dmg):
    """DP8: how the countering unit ``tgt`` splits its attack among the attackers (``dmg[k]`` to
    attacker k; rule 93). Balanced: destroy the attackers needing the least damage first, the
    rest on the first attacker. Random: each point to a uniform attacker."""
    left = S.unit_attack(s, t, b, tgt)
    for k in range(na):
        dmg[k] = 0
    if na == 0 or left <= 0:
        return
    if prm[q, BP_RANDOM] > 0.5:
        for _ in range(left):
            dmg[rand(s, b, q, na)] += 1
        return
    while left > 0:
        best = -1
        need_best = 1 << 30
        for k in range(na):
            if dmg[k] > 0:
                continue
            need = S.unit_life(s, t, b, att[k]) - s.wounds[b, att[k]]
            if need <= left and need < need_best:
                best, need_best = k, need
        if best < 0:
            dmg[0] += left
            return
        dmg[best] = need_best
        left -= need_best


@njit(cache=True)
def unit_value(s, t, b, u):
    """A unit's worth for targeting: attack plus remaining life (checklist §3.2 ``w_unit`` = 1)."""
    return S.unit_attack(s, t, b, u) + S.unit_life(s, t, b, u) - s.wounds[b, u]


@njit(cache=True)
def target_molten_gold(s, t, b, prm, p):
    """DP6 for Molten Gold: the most valuable opposing unit its 3 wounds destroy if worth at least
    4, else -1 = the opposing Phoenixborn (AMB-22: bots aim at the opponent). Random: uniform over
    the opposing units and the Phoenixborn."""
    q = (p + 1) % s.players[b]
    while s.alive[b, q] == 0:
        q = (q + 1) % s.players[b]
    c = q * S.NZ + S.Z_BATTLEFIELD
    n = s.cont_n[b, c]
    if prm[p, BP_RANDOM] > 0.5:
        k = rand(s, b, p, n + 1)
        return -1 if k == n else s.cont[b, c, k]
    best = -1
    best_v = 3
    for k in range(n):
        u = s.cont[b, c, k]
        if S.unit_life(s, t, b, u) - s.wounds[b, u] <= 3 and unit_value(s, t, b, u) > best_v \
                and _spell_may_target(s, t, b, p, u):
            best, best_v = u, unit_value(s, t, b, u)
    return best


@njit(cache=True)
def random_unit(s, b, p):
    """A uniform pick among every unit in play (the caller knows one exists), on p's stream."""
    m = 0
    for q in range(s.players[b]):
        m += s.cont_n[b, q * S.NZ + S.Z_BATTLEFIELD]
    k = rand(s, b, p, m)
    for q in range(s.players[b]):
        c = q * S.NZ + S.Z_BATTLEFIELD
        if k < s.cont_n[b, c]:
            return s.cont[b, c, k]
        k -= s.cont_n[b, c]
    return -1


@njit(cache=True)
def target_exhaust(s, t, b, prm, p):
    """DP6 for Steady Gaze: the opposing unexhausted unit with the most attack, else any opposing
    unit, else p's own first unit (the spell was legal, so a unit exists). Random: uniform over all
    units in play."""
    if prm[p, BP_RANDOM] > 0.5:
        return random_unit(s, b, p)
    best = -1
    best_v = -1
    for q in range(s.players[b]):
        c = q * S.NZ + S.Z_BATTLEFIELD
        for k in range(s.cont_n[b, c]):
            u = s.cont[b, c, k]
            v = 0 if q == p else 100 + (50 if s.exhaust[b, u] == 0 else 0) + S.unit_attack(s, t, b, u)
            if v > best_v:
                best, best_v = u, v
    return best


@njit(cache=True)
def target_ally_in_discard(s, t, b, prm, p):
    """DP15 for Bound Soul: the ally in p's discard pile with the most attack and life (random:
    uniform among them)."""
    c = p * S.NZ + S.Z_DISCARD
    m = 0
    best = -1
    best_v = -1
    for k in range(s.cont_n[b, c]):
        i = s.cont[b, c, k]
        card = s.i_card[b, i]
        if t.card_type[card] != S.T_ALLY:
            continue
        m += 1
        v = t.card_attack[card] + t.card_life[card]
        if v > best_v:
            best, best_v = i, v
    if prm[p, BP_RANDOM] > 0.5:
        k = rand(s, b, p, m)
        for j in range(s.cont_n[b, c]):
            i = s.cont[b, c, j]
            if t.card_type[s.i_card[b, i]] == S.T_ALLY:
                if k == 0:
                    return i
                k -= 1
    return best


@njit(cache=True)
def action_worth(s, t, b, p, c):
    """The balanced bot's worth of playing action spell c now (0 = not worth the main action)."""
    e = t.card_effect[c]
    q = (p + 1) % s.players[b]
    cq = q * S.NZ + S.Z_BATTLEFIELD
    if e == S.E_MOLTEN_GOLD:
        return 30 if target_molten_gold(s, t, b, np.zeros((S.MAXP, len(PARAMS))), p) >= 0 else 20
    if e == S.E_ONE_HUNDRED_BLADES:
        return 20
    if e == S.E_SLEIGHT_OF_HAND:
        return 10
    if e == S.E_BOUND_SOUL:
        return 8
    if e == S.E_REFRESH:
        c = p * S.NZ + S.Z_BATTLEFIELD
        for k in range(s.cont_n[b, c]):
            u = s.cont[b, c, k]
            if s.exhaust[b, u] > 0 and S.unit_attack(s, t, b, u) > 0:
                return 16
        return 0
    if e == S.E_HIDDEN_POWER:
        return 7
    if e == S.E_CALL_UPON_THE_REALMS:
        return 0
    if e == S.E_STEADY_GAZE:
        for k in range(s.cont_n[b, cq]):
            if s.exhaust[b, s.cont[b, cq, k]] == 0:
                return 15
        return 0
    if e == S.E_OUT_OF_THE_MIST:
        x = s.cont_n[b, p * S.NZ + S.Z_BATTLEFIELD]
        u = target_spell_damage(s, t, b, np.zeros((S.MAXP, len(PARAMS))), p, x)
        if u < 0 or s.i_cont[b, u] // S.NZ == p:
            return 0
        return 30 + S.unit_attack(s, t, b, u) if S.unit_life(s, t, b, u) - s.wounds[b, u] <= x else 10
    if e == S.E_FEAR:
        u = target_fear(s, t, b, np.zeros((S.MAXP, len(PARAMS))), p)
        return 0 if u < 0 else 20 + unit_value(s, t, b, u)
    if e == S.E_SEAL:
        return 14
    if e == S.E_TRANSFER:
        return transfer_worth(s, t, b, p)
    if e == S.E_STRANGE_COPY:
        u = copy_model(s, t, b, np.zeros((S.MAXP, len(PARAMS))), p)
        return 0 if u < 0 else 8 + 3 * S.unit_attack(s, t, b, u)
    if e == S.E_OPEN_MEMORIES:
        return 9
    if e == S.E_MIST_TYPHOON:
        kills = 0
        for k in range(s.cont_n[b, cq]):
            u = s.cont[b, cq, k]
            if S.unit_life(s, t, b, u) - s.wounds[b, u] <= 1:
                kills += 1
        return 10 + 10 * kills
    return 0


@njit(cache=True)
def alteration_host(s, t, b, prm, p, c):
    """DP6 for alteration c: the unit it goes under (one exists: :func:`may_attach`). Balanced:
    Fade Away and Reflections in the Water on the most valuable opposing unit (removal, ability
    loss), the others on p's own unit with the highest value (attack + remaining life); if none
    fits, any unit that may take it. Random: uniform over every unit that may take it."""
    e = t.card_effect[c]
    hostile = e == S.E_FADE_AWAY or e == S.E_REFLECTIONS
    m = 0
    best = -1
    best_v = -1000
    for q in range(s.players[b]):
        cq = q * S.NZ + S.Z_BATTLEFIELD
        for k in range(s.cont_n[b, cq]):
            u = s.cont[b, cq, k]
            if not may_attach(s, t, b, p, c, u):
                continue
            m += 1
            v = unit_value(s, t, b, u) if (q == p) != hostile else unit_value(s, t, b, u) - 1000
            if v > best_v:
                best, best_v = u, v
    if prm[p, BP_RANDOM] > 0.5 and m > 0:
        pick = rand(s, b, p, m)
        for q in range(s.players[b]):
            cq = q * S.NZ + S.Z_BATTLEFIELD
            for k in range(s.cont_n[b, cq]):
                u = s.cont[b, cq, k]
                if may_attach(s, t, b, p, c, u):
                    if pick == 0:
                        return u
                    pick -= 1
    return best


@njit(cache=True)
def may_attach(s, t, b, p, c, u):
    """p's alteration c may go under unit u (rules 56, 127; checklist §3.3): not under an
    opponent's Magic Guard unit; Massive Growth only under a unit with attack 2 or less; Bring
    Forth only under a unit that has Illusion (and no Bring Forth yet)."""
    q = s.i_cont[b, u] // S.NZ
    if not _may_host(s, t, b, p, q, u) or t.card_effect[s.i_card[b, u]] == S.E_STRANGE_COPY:
        return False  # Magic Guard; no alteration on a Strange Copy (§2 #64)
    e = t.card_effect[c]
    if e == S.E_MASSIVE_GROWTH:
        return S.unit_attack(s, t, b, u) <= 2
    if e == S.E_BRING_FORTH:
        if (t.card_kw[s.i_card[b, u]] & S.KW_ILLUSION) == 0:
            return False
        for j in range(s.i_card.shape[1]):
            if s.i_parent[b, j] == u and t.card_effect[s.i_card[b, j]] == S.E_BRING_FORTH:
                return False
    return True


@njit(cache=True)
def _may_host(s, t, b, p, q, u):
    """Unit u of seat q may take p's alteration: Magic Guard keeps opponents' spells off (rule 127)."""
    return q == p or (t.card_kw[s.i_card[b, u]] & S.KW_MAGIC_GUARD) == 0


@njit(cache=True)
def target_damage(s, t, b, prm, p, dmg, pb_if_no_unit):
    """DP6 for n damage to a target unit (Water Blast 2, Slash 1): balanced, the most valuable
    opposing unit it destroys, else the most valuable opposing unit, else (Slash, the opponent
    has no unit) -1 = the opposing Phoenixborn, else p's own least valuable unit; random: uniform
    over the legal targets."""
    q = (p + 1) % s.players[b]
    cq = q * S.NZ + S.Z_BATTLEFIELD
    if s.cont_n[b, cq] == 0 and pb_if_no_unit:
        return -1
    if prm[p, BP_RANDOM] > 0.5:
        return random_unit(s, b, p)
    best = -1
    best_v = -1000
    for r in range(s.players[b]):
        c = r * S.NZ + S.Z_BATTLEFIELD
        for k in range(s.cont_n[b, c]):
            u = s.cont[b, c, k]
            v = unit_value(s, t, b, u)
            if r == p:
                v = -v - 500
            elif S.unit_life(s, t, b, u) - s.wounds[b, u] <= dmg:
                v += 100
            if v > best_v:
                best, best_v = u, v
    return best


@njit(cache=True)
def target_ready_spell(s, t, b, prm, p, q):
    """DP6 for Shadow Target: an unexhausted ready spell copy on q's spellboard (a summon first),
    else any copy; random: uniform."""
    c = q * S.NZ + S.Z_SPELLBOARD
    n = s.cont_n[b, c]
    if prm[p, BP_RANDOM] > 0.5:
        return s.cont[b, c, rand(s, b, p, n)]
    best = s.cont[b, c, 0]
    best_v = -1
    for k in range(n):
        i = s.cont[b, c, k]
        v = (2 if s.exhaust[b, i] == 0 else 0) + (1 if t.card_conj[s.i_card[b, i]] >= 0 else 0)
        if v > best_v:
            best, best_v = i, v
    return best


@njit(cache=True)
def discard_for_cost(s, t, b, prm, p):
    """DP5 for a discard cost (Slash): a dead card if p holds one, else the last card in hand;
    random: uniform."""
    c = p * S.NZ + S.Z_HAND
    n = s.cont_n[b, c]
    if prm[p, BP_RANDOM] > 0.5:
        return s.cont[b, c, rand(s, b, p, n)]
    for k in range(n):
        i = s.cont[b, c, k]
        if _dead(s, t, b, p, i):
            return i
    return s.cont[b, c, n - 1]


@njit(cache=True)
def pb_ability_worth(s, t, b, p):
    """The balanced bot's worth of its Phoenixborn ability now (0 = not worth the side action):
    Water Blast / Slash 30 to destroy an opposing unit; Slash 10 on an undefended Phoenixborn
    when a dead card pays the discard; Water Blast 10 on any opposing unit; Shadow Target 15 on
    an unexhausted opposing ready spell; Heart's Pull 10."""
    pb = s.pb_card[b, p]
    e = t.card_effect[pb]
    q = (p + 1) % s.players[b]
    cq = q * S.NZ + S.Z_BATTLEFIELD
    if e == S.E_HEARTS_PULL:
        return 10
    if e == S.E_SHADOW_TARGET:
        c = q * S.NZ + S.Z_SPELLBOARD
        for k in range(s.cont_n[b, c]):
            if s.exhaust[b, s.cont[b, c, k]] == 0:
                return 15
        return 0
    dmg = 2 if e == S.E_WATER_BLAST else 1
    kill = False
    for k in range(s.cont_n[b, cq]):
        u = s.cont[b, cq, k]
        if S.unit_life(s, t, b, u) - s.wounds[b, u] <= dmg:
            kill = True
    if kill:
        return 30
    if e == S.E_SLASH:
        ch = p * S.NZ + S.Z_HAND
        for k in range(s.cont_n[b, ch]):
            if _dead(s, t, b, p, s.cont[b, ch, k]) and s.cont_n[b, cq] == 0:
                return 10
        return 0
    return 10 if s.cont_n[b, cq] > 0 else 0


@njit(cache=True)
def die_to_reroll(s, b, prm, p):
    """DP15 for Expand Energy: which exhausted die to re-roll (one exists): the first, or a
    uniform one for the random bot."""
    m = 0
    for d in range(S.NDICE):
        if s.die_loc[b, p, d] == S.L_EXHAUSTED:
            m += 1
    k = rand(s, b, p, m) if prm[p, BP_RANDOM] > 0.5 else 0
    for d in range(S.NDICE):
        if s.die_loc[b, p, d] == S.L_EXHAUSTED:
            if k == 0:
                return d
            k -= 1
    return -1


@njit(cache=True)
def die_to_set(s, b, prm, p):
    """DP15 for Shifting Mist: which active die to set: the first not showing its power symbol
    (-1 if all do); random: a uniform active die."""
    if prm[p, BP_RANDOM] > 0.5:
        m = S.dice_count(s, b, p, S.L_ACTIVE)
        k = rand(s, b, p, m)
        for d in range(S.NDICE):
            if s.die_loc[b, p, d] == S.L_ACTIVE:
                if k == 0:
                    return d
                k -= 1
    for d in range(S.NDICE):
        if s.die_loc[b, p, d] == S.L_ACTIVE and s.die_face[b, p, d] != S.F_POWER:
            return d
    return -1


@njit(cache=True)
def face_to_set(s, b, prm, p, d):
    """DP15: the face to set a die to: the power symbol (it pays everything its type and basic
    costs can ask), a uniform face for the random bot."""
    if prm[p, BP_RANDOM] > 0.5:
        return rand(s, b, p, 3)
    return S.F_POWER


@njit(cache=True)
def target_strengthen(s, t, b, prm, p):
    """DP6 for Strengthen: p's unexhausted unit with the most attack (it may still attack this
    turn), else p's first unit, else any unit (the spell is legal, so one exists); random:
    uniform over the units in play."""
    if prm[p, BP_RANDOM] > 0.5:
        return random_unit(s, b, p)
    c = p * S.NZ + S.Z_BATTLEFIELD
    best = -1
    best_v = -1
    for k in range(s.cont_n[b, c]):
        u = s.cont[b, c, k]
        v = (100 if s.exhaust[b, u] == 0 else 0) + S.unit_attack(s, t, b, u)
        if v > best_v:
            best, best_v = u, v
    if best < 0:
        return random_unit(s, b, p)
    return best


@njit(cache=True)
def activation_worth(s, t, b, p, i):
    """The balanced bot's worth of activating ready spell copy i: a summon 100 (a unit now);
    Strengthen 12 on an own unexhausted unit with attack (before attacking); Purge 6; Expand
    Energy 8; Shifting Mist 0 (fixing faces waits for the heuristics of DP9)."""
    e = t.card_effect[s.i_card[b, i]]
    if e == S.E_STRENGTHEN:
        c = p * S.NZ + S.Z_BATTLEFIELD
        for k in range(s.cont_n[b, c]):
            u = s.cont[b, c, k]
            if s.exhaust[b, u] == 0 and S.unit_attack(s, t, b, u) > 0:
                return 12
        return 0
    if e == S.E_PURGE:
        return 6
    if e == S.E_EXPAND_ENERGY:
        return 8
    if e == S.E_SHIFTING_MIST:
        return 0
    if t.card_conj[s.i_card[b, i]] < 0 or e == S.E_SUMMON_BLOOD_PUPPET:
        return ready_effect_worth(s, t, b, p, i)
    return 100


@njit(cache=True)
def reaction_target(s, t, b, prm, q, e):
    """DP11: the target of q's reaction with effect e, or -2 not to play it; -1 = the opposing
    Phoenixborn. Balanced: Shadow Counter (6) on the most valuable opposing unit it destroys,
    else the most valuable opposing unit (none: not played); Sympathy Pain (3) on the opposing
    Phoenixborn when that is lethal, else the most valuable opposing unit it destroys, else the
    opposing Phoenixborn. Random: a coin flip to play, then a uniform legal target."""
    avoid = int(prm[q, BP_AVOID_CARD])
    if avoid >= 0 and t.card_effect[avoid] == e:
        return -2  # the card the bot never plays (avoid_card)
    o = (q + 1) % s.players[b]
    c = o * S.NZ + S.Z_BATTLEFIELD
    n = s.cont_n[b, c]
    dmg = 6 if e == S.E_SHADOW_COUNTER else 3
    if prm[q, BP_RANDOM] > 0.5:
        if not coin(s, b, q):
            return -2
        if e == S.E_SHADOW_COUNTER:
            return -2 if n == 0 else s.cont[b, c, rand(s, b, q, n)]
        k = rand(s, b, q, n + 1)
        return -1 if k == n else s.cont[b, c, k]
    if e == S.E_SYMPATHY_PAIN and t.card_life[s.pb_card[b, o]] - s.pb_wounds[b, o] <= dmg:
        return -1
    best = -2
    best_v = -1
    for k in range(n):
        u = s.cont[b, c, k]
        v = unit_value(s, t, b, u) + (100 if S.unit_life(s, t, b, u) - s.wounds[b, u] <= dmg else 0)
        if v > best_v:
            best, best_v = u, v
    if e == S.E_SYMPATHY_PAIN and best_v < 100:
        return -1
    return best


@njit(cache=True)
def unit_ability_worth(s, t, b, p, u):
    """The balanced bot's worth of unit u's ability: Distract 14 on an unexhausted opposing unit
    with attack (it can then neither attack nor block); Memory Drain 9."""
    e = t.card_effect[s.i_card[b, u]]
    if e == S.E_THREE_EYED_OWL:
        return 9
    if e == S.E_BLOOD_PUPPET:
        return 5  # on p's own battlefield (it is p's move): wear down the curse
    q = (p + 1) % s.players[b]
    c = q * S.NZ + S.Z_BATTLEFIELD
    for k in range(s.cont_n[b, c]):
        v = s.cont[b, c, k]
        if s.exhaust[b, v] == 0 and S.unit_attack(s, t, b, v) > 0:
            return 14
    return 0


@njit(cache=True)
def target_wound(s, t, b, prm, p):
    """DP12 for Aftershock's 1 wound: the most valuable opposing unit it destroys, else the most
    valuable opposing unit, else -1 (declined: it never wounds its own side); random: a coin flip,
    then a uniform opposing unit."""
    q = (p + 1) % s.players[b]
    c = q * S.NZ + S.Z_BATTLEFIELD
    n = s.cont_n[b, c]
    if n == 0:
        return -1
    if prm[p, BP_RANDOM] > 0.5:
        return s.cont[b, c, rand(s, b, p, n)] if coin(s, b, p) else -1
    best = -1
    best_v = -1
    for k in range(n):
        u = s.cont[b, c, k]
        v = unit_value(s, t, b, u) + (100 if S.unit_life(s, t, b, u) - s.wounds[b, u] <= 1 else 0)
        if v > best_v:
            best, best_v = u, v
    return best


@njit(cache=True)
def target_throw(s, t, b, prm, p):
    """DP12 for Anchornaut's Throw (1 damage, optional): balanced, the most valuable opposing unit
    it destroys, else -1 (kept for later); random: a coin flip, then a uniform unit in play."""
    if prm[p, BP_RANDOM] > 0.5:
        return random_unit(s, b, p) if coin(s, b, p) else -1
    q = (p + 1) % s.players[b]
    c = q * S.NZ + S.Z_BATTLEFIELD
    best = -1
    best_v = -1
    for k in range(s.cont_n[b, c]):
        u = s.cont[b, c, k]
        if S.unit_life(s, t, b, u) - s.wounds[b, u] <= 1 and unit_value(s, t, b, u) > best_v:
            best, best_v = u, unit_value(s, t, b, u)
    return best


@njit(cache=True)
def target_refresh(s, t, b, prm, p):
    """DP6 for Refresh: p's exhausted unit with the most attack, else any exhausted unit (the
    spell was legal, so one exists); random: a uniform exhausted unit."""
    m = 0
    best = -1
    best_v = -1000
    for q in range(s.players[b]):
        c = q * S.NZ + S.Z_BATTLEFIELD
        for k in range(s.cont_n[b, c]):
            u = s.cont[b, c, k]
            if s.exhaust[b, u] == 0:
                continue
            m += 1
            v = S.unit_attack(s, t, b, u) + (0 if q == p else -100)
            if v > best_v:
                best, best_v = u, v
    if prm[p, BP_RANDOM] > 0.5:
        k = rand(s, b, p, m)
        for q in range(s.players[b]):
            c = q * S.NZ + S.Z_BATTLEFIELD
            for j in range(s.cont_n[b, c]):
                u = s.cont[b, c, j]
                if s.exhaust[b, u] > 0:
                    if k == 0:
                        return u
                    k -= 1
    return best


# ---------------------------------------------------------------------------------------------
# Decisions of the damage and destruction windows (DP11, DP12)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def _opponent(s, b, p):
    """The next seat still in the game after p."""
    q = (p + 1) % s.players[b]
    while s.alive[b, q] == 0 and q != p:
        q = (q + 1) % s.players[b]
    return q


@njit(cache=True)
def target_unit_or_pb(s, t, b, prm, p, dmg, optional, spell):
    """DP11/DP12 for ``dmg`` damage to a unit or Phoenixborn (Pain Link, Chant of Revenge, Final
    Cry): a unit instance, -1 the opposing Phoenixborn, -2 decline (only when ``optional``).
    Balanced: the opposing Phoenixborn when lethal, else the most valuable opposing unit it
    destroys (for a ``spell``, not a Magic Guard unit), else the opposing Phoenixborn. Random: a
    coin flip to decline, then uniform over the opposing units and the opposing Phoenixborn."""
    o = _opponent(s, b, p)
    c = o * S.NZ + S.Z_BATTLEFIELD
    n = s.cont_n[b, c]
    if prm[p, BP_RANDOM] > 0.5:
        if optional and not coin(s, b, p):
            return -2
        k = rand(s, b, p, n + 1)
        return -1 if k == n else s.cont[b, c, k]
    if t.card_life[s.pb_card[b, o]] - s.pb_wounds[b, o] <= dmg:
        return -1
    best = -1
    best_v = -1
    for k in range(n):
        u = s.cont[b, c, k]
        if S.unit_life(s, t, b, u) - s.wounds[b, u] <= dmg and unit_value(s, t, b, u) > best_v \
                and (not spell or _spell_may_target(s, t, b, p, u)):
            best, best_v = u, unit_value(s, t, b, u)
    return best


@njit(cache=True)
def protect_amount(s, t, b, prm, q, u, n, avail):
    """DP12 for Protect: how many of ``avail`` status tokens q spends to prevent ``n`` damage to
    its unit u. Balanced: only to save u from destruction (the least that does), else none;
    random: uniform 0..min(n, avail)."""
    if prm[q, BP_RANDOM] > 0.5:
        return rand(s, b, q, min(n, avail) + 1)
    left = S.unit_life(s, t, b, u) - s.wounds[b, u]
    need = n - left + 1
    if need <= 0 or need > avail:
        return 0
    return need


@njit(cache=True)
def leech_die(s, b, prm, p):
    """DP12 for Leech Warrior's Shadow Drain: the opponent's active die to exhaust as
    ``seat * NDICE + die`` (a power face first), -1 none; random: a coin flip, then uniform."""
    o = _opponent(s, b, p)
    m = S.dice_count(s, b, o, S.L_ACTIVE)
    if m == 0:
        return -1
    if prm[p, BP_RANDOM] > 0.5:
        if not coin(s, b, p):
            return -1
        k = rand(s, b, p, m)
        for d in range(S.NDICE):
            if s.die_loc[b, o, d] == S.L_ACTIVE:
                if k == 0:
                    return o * S.NDICE + d
                k -= 1
    best = -1
    for d in range(S.NDICE):
        if s.die_loc[b, o, d] == S.L_ACTIVE:
            if best < 0 or s.die_face[b, o, d] < s.die_face[b, o, best]:
                best = d
    return o * S.NDICE + best


@njit(cache=True)
def heal_target(s, t, b, prm, p):
    """DP12 for Last Blessing (1 wound off): p's unit with the most wounds, else -1 = p's
    Phoenixborn, or -3 when nothing of p's is wounded; random: uniform over p's wounded units
    and its Phoenixborn."""
    c = p * S.NZ + S.Z_BATTLEFIELD
    best = -1
    best_w = 0
    m = 0
    for k in range(s.cont_n[b, c]):
        u = s.cont[b, c, k]
        if s.wounds[b, u] > 0:
            m += 1
            if s.wounds[b, u] > best_w:
                best, best_w = u, s.wounds[b, u]
    if prm[p, BP_RANDOM] > 0.5:
        k = rand(s, b, p, m + 1)
        if k < m:
            for j in range(s.cont_n[b, c]):
                u = s.cont[b, c, j]
                if s.wounds[b, u] > 0:
                    if k == 0:
                        return u
                    k -= 1
        return -1 if s.pb_wounds[b, p] > 0 else -3
    if best >= 0:
        return best
    return -1 if s.pb_wounds[b, p] > 0 else -3


@njit(cache=True)
def status_target(s, t, b, prm, p):
    """DP12 for Inheritance (1 status token, optional): p's Silver Snake (status is its attack),
    else its Iron Worker (an Overtime), else -1 (declined); random: a coin flip, then a uniform
    unit of p."""
    c = p * S.NZ + S.Z_BATTLEFIELD
    n = s.cont_n[b, c]
    if n == 0:
        return -1
    if prm[p, BP_RANDOM] > 0.5:
        return s.cont[b, c, rand(s, b, p, n)] if coin(s, b, p) else -1
    best = -1
    for k in range(n):
        u = s.cont[b, c, k]
        e = t.card_effect[s.i_card[b, u]]
        if e == S.E_SILVER_SNAKE:
            return u
        if e == S.E_IRON_WORKER:
            best = u
    return best


@njit(cache=True)
def play_widows(s, b, prm, p):
    """DP11 for Summon Sleeping Widows: balanced always (two units for two dice); random: a coin."""
    if prm[p, BP_RANDOM] > 0.5:
        return coin(s, b, p)
    return True


@njit(cache=True)
def use_screams(s, t, b, prm, p, q):
    """DP12 for Jessa's Screams (1 basic: 1 damage to q's Phoenixborn): balanced when p keeps at
    least 2 other active dice or the damage is lethal; random: a coin flip; never with
    ``avoid_ability``."""
    if prm[p, BP_AVOID_ABILITY] > 0.5:
        return False
    if prm[p, BP_RANDOM] > 0.5:
        return coin(s, b, p)
    if t.card_life[s.pb_card[b, q]] - s.pb_wounds[b, q] <= 1:
        return True
    return S.dice_count(s, b, p, S.L_ACTIVE) >= 3


@njit(cache=True)
def alteration_worth(s, t, b, p, c):
    """The balanced bot's worth of playing alteration c: Fade Away 20 + the value of the opposing
    unit it will destroy; Reflections 6 on an opposing unit; the others 12 when p's own unit can
    take them (Massive Growth 16: +4/+4 for a round), else 0."""
    u = alteration_host(s, t, b, np.zeros((S.MAXP, len(PARAMS))), p, c)
    if u < 0:
        return 0
    mine = s.i_cont[b, u] // S.NZ == p
    e = t.card_effect[c]
    if e == S.E_FADE_AWAY:
        return 0 if mine else 20 + unit_value(s, t, b, u)
    if e == S.E_REFLECTIONS:
        return 0 if mine else 6
    if not mine:
        return 0
    return 16 if e == S.E_MASSIVE_GROWTH else 12


# ---------------------------------------------------------------------------------------------
# Action spells (DP6, DP15)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def _spell_may_target(s, t, b, p, u):
    """p's spell may target unit u: not an opponent's Magic Guard unit (§2 #24)."""
    return s.i_cont[b, u] // S.NZ == p or (t.card_kw[s.i_card[b, u]] & S.KW_MAGIC_GUARD) == 0


@njit(cache=True)
def target_spell_damage(s, t, b, prm, p, dmg):
    """DP6 for a spell's ``dmg`` damage to a unit (Out of the Mist; one target exists): balanced,
    the most valuable opposing unit it destroys, else the most valuable opposing unit, else p's
    own least valuable unit; random: uniform over the units the spell may target."""
    m = 0
    best = -1
    best_v = -100000
    for q in range(s.players[b]):
        c = q * S.NZ + S.Z_BATTLEFIELD
        for k in range(s.cont_n[b, c]):
            u = s.cont[b, c, k]
            if not _spell_may_target(s, t, b, p, u):
                continue
            m += 1
            v = unit_value(s, t, b, u)
            if q == p:
                v = -v - 1000
            elif S.unit_life(s, t, b, u) - s.wounds[b, u] <= dmg:
                v += 100
            if v > best_v:
                best, best_v = u, v
    if prm[p, BP_RANDOM] > 0.5 and m > 0:
        k = rand(s, b, p, m)
        for q in range(s.players[b]):
            c = q * S.NZ + S.Z_BATTLEFIELD
            for j in range(s.cont_n[b, c]):
                u = s.cont[b, c, j]
                if _spell_may_target(s, t, b, p, u):
                    if k == 0:
                        return u
                    k -= 1
    return best


@njit(cache=True)
def target_fear(s, t, b, prm, p):
    """DP6 for Fear (an opponent's unit, not a Magic Guard one; one exists): balanced, the most
    valuable; random: uniform."""
    o = _opponent(s, b, p)
    c = o * S.NZ + S.Z_BATTLEFIELD
    m = 0
    best = -1
    best_v = -1000
    for k in range(s.cont_n[b, c]):
        u = s.cont[b, c, k]
        if not _spell_may_target(s, t, b, p, u):
            continue
        m += 1
        if unit_value(s, t, b, u) > best_v:
            best, best_v = u, unit_value(s, t, b, u)
    if prm[p, BP_RANDOM] > 0.5 and m > 0:
        k = rand(s, b, p, m)
        for j in range(s.cont_n[b, c]):
            u = s.cont[b, c, j]
            if _spell_may_target(s, t, b, p, u):
                if k == 0:
                    return u
                k -= 1
    return best


@njit(cache=True)
def target_seal(s, t, b, p):
    """A ready spell copy on the opponent's spellboard that p's Seal may exhaust (not a Spell Guard
    spell, §2 #49), an unexhausted summon first, else an unexhausted one; -1 if none is
    unexhausted (AMB-11: Seal would do nothing)."""
    o = _opponent(s, b, p)
    c = o * S.NZ + S.Z_SPELLBOARD
    best = -1
    best_v = 0
    for k in range(s.cont_n[b, c]):
        i = s.cont[b, c, k]
        card = s.i_card[b, i]
        if s.exhaust[b, i] > 0 or (t.card_kw[card] & S.KW_SPELL_GUARD) != 0:
            continue
        v = 1 + (2 if t.card_conj[card] >= 0 else 0) + S.copies_on_spellboard(s, b, o, card)
        if v > best_v:
            best, best_v = i, v
    return best


@njit(cache=True)
def choose_seal(s, t, b, prm, p):
    """DP6 for Seal: the ready spell to exhaust with its copies (:func:`target_seal`); random:
    uniform over the opponent's unexhausted copies Seal may reach."""
    if prm[p, BP_RANDOM] > 0.5:
        o = _opponent(s, b, p)
        c = o * S.NZ + S.Z_SPELLBOARD
        m = 0
        for k in range(s.cont_n[b, c]):
            i = s.cont[b, c, k]
            if s.exhaust[b, i] == 0 and (t.card_kw[s.i_card[b, i]] & S.KW_SPELL_GUARD) == 0:
                m += 1
        k = rand(s, b, p, m)
        for j in range(s.cont_n[b, c]):
            i = s.cont[b, c, j]
            if s.exhaust[b, i] == 0 and (t.card_kw[s.i_card[b, i]] & S.KW_SPELL_GUARD) == 0:
                if k == 0:
                    return i
                k -= 1
    return target_seal(s, t, b, p)


@njit(cache=True)
def choose_tutor(s, t, b, prm, p):
    """DP15 for Open Memories (p searches its own draw pile, so it may see it): balanced, the
    ally with the most attack and life, else the first ready spell not yet on p's spellboard,
    else the top card; random: uniform."""
    c = p * S.NZ + S.Z_DRAW
    n = s.cont_n[b, c]
    if prm[p, BP_RANDOM] > 0.5:
        return s.cont[b, c, rand(s, b, p, n)]
    best = s.cont[b, c, n - 1]
    best_v = 0
    for k in range(n):
        i = s.cont[b, c, k]
        card = s.i_card[b, i]
        v = 0
        if t.card_type[card] == S.T_ALLY:
            v = 20 + t.card_attack[card] + t.card_life[card]
        elif t.card_type[card] == S.T_READY and S.copies_on_spellboard(s, b, p, card) == 0:
            v = 10
        if v > best_v:
            best, best_v = i, v
    return best


# ---------------------------------------------------------------------------------------------
# Ready spells that hurt their own side, Abundance, Blood Puppet (DP6, DP15)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def sacrifice_unit(s, t, b, prm, p, e):
    """DP15: p's own unit to damage (Blood Transfer 2, Small Sacrifice 1, Cut the Strings 2; p has
    one). Balanced: a Blood Puppet first (it curses p), else the unit of least value that survives
    the damage, else the least valuable; random: uniform over p's units."""
    c = p * S.NZ + S.Z_BATTLEFIELD
    n = s.cont_n[b, c]
    if prm[p, BP_RANDOM] > 0.5:
        return s.cont[b, c, rand(s, b, p, n)]
    dmg = 1 if e == S.E_SMALL_SACRIFICE else 2
    best = s.cont[b, c, 0]
    best_v = 1 << 20
    for k in range(n):
        u = s.cont[b, c, k]
        v = unit_value(s, t, b, u)
        if t.card_effect[s.i_card[b, u]] == S.E_BLOOD_PUPPET:
            v -= 10000
        elif S.unit_life(s, t, b, u) - s.wounds[b, u] <= dmg:
            v += 1000
        if v < best_v:
            best, best_v = u, v
    return best


@njit(cache=True)
def transfer_heal(s, t, b, prm, p, hurt):
    """DP15 for Blood Transfer: another unit of p's to lose 2 wounds (the most wounded), else -1 =
    p's Phoenixborn loses 1, -3 nothing to heal."""
    c = p * S.NZ + S.Z_BATTLEFIELD
    best = -1
    best_w = 0
    for k in range(s.cont_n[b, c]):
        u = s.cont[b, c, k]
        if u != hurt and s.wounds[b, u] > best_w:
            best, best_w = u, s.wounds[b, u]
    if best >= 0 and (best_w >= 2 or s.pb_wounds[b, p] == 0):
        return best
    return -1 if s.pb_wounds[b, p] > 0 else -3


@njit(cache=True)
def strings_target(s, t, b, p, mode):
    """DP6 for Cut the Strings: an alteration it may discard (not a Spell Guard one an opponent
    controls, §2 #31): a Fade Away under p's own unit first, then an opposing unit's alteration
    other than Fade Away or Reflections, then any; -1 none. ``mode`` > 0: the first it may
    discard (the random bot's pick)."""
    best = -1
    best_v = 0
    for a in range(s.i_card.shape[1]):
        u = s.i_parent[b, a]
        if u < 0 or s.i_cont[b, a] < 0 or s.i_cont[b, a] % S.NZ != S.Z_ATTACHED:
            continue
        q = s.i_cont[b, u] // S.NZ
        card = s.i_card[b, a]
        if q != p and (t.card_kw[card] & S.KW_SPELL_GUARD) != 0:
            continue
        e = t.card_effect[card]
        if q == p:
            v = 30 if (e == S.E_FADE_AWAY or e == S.E_REFLECTIONS) else 1
        else:
            v = 1 if (e == S.E_FADE_AWAY or e == S.E_REFLECTIONS) else 20
        if mode > 0:
            return a
        if v > best_v:
            best, best_v = a, v
    return best


@njit(cache=True)
def puppet_side(s, t, b, prm, p):
    """DP15 for Summon Blood Puppet: the seat whose battlefield takes it (a free slot needed), -1
    none. Balanced: the opponent (Cursed hurts its controller), else p; random: a uniform seat
    with room."""
    o = _opponent(s, b, p)
    room_o = s.cont_n[b, o * S.NZ + S.Z_BATTLEFIELD] < t.card_bf[s.pb_card[b, o]]
    room_p = s.cont_n[b, p * S.NZ + S.Z_BATTLEFIELD] < t.card_bf[s.pb_card[b, p]]
    if prm[p, BP_RANDOM] > 0.5 and room_o and room_p:
        return o if coin(s, b, p) else p
    if room_o:
        return o
    return p if room_p else -1


@njit(cache=True)
def abundance_draws(s, b, prm, q):
    """DP15 for Abundance: how many of its 2 cards seat q draws (each one not drawn costs 1
    damage). Balanced: 2; random: uniform 0-2."""
    if prm[q, BP_RANDOM] > 0.5:
        return rand(s, b, q, 3)
    return 2


@njit(cache=True)
def ready_effect_worth(s, t, b, p, i):
    """The balanced bot's worth of the non-summon ready spells: Small Sacrifice 25 when its 1
    damage destroys an opposing unit and the own unit survives it (or is a Blood Puppet); Blood
    Transfer 8 when the own unit survives and 2 wounds come off another unit (or 1 off the
    Phoenixborn); Cut the Strings 18 for a Fade Away on p's unit or an opposing unit's bonus;
    Hypnotize 11 with an unexhausted unit with attack; Abundance 8 when the opponent's draw pile
    is short (its damage); Summon Blood Puppet 30 onto the opponent's battlefield."""
    e = t.card_effect[s.i_card[b, i]]
    z = np.zeros((S.MAXP, len(PARAMS)))
    c = p * S.NZ + S.Z_BATTLEFIELD
    if e == S.E_SUMMON_BLOOD_PUPPET:
        return 30 if puppet_side(s, t, b, z, p) != p else 0
    if e == S.E_ABUNDANCE:
        o = _opponent(s, b, p)
        focus = min(S.copies_on_spellboard(s, b, p, s.i_card[b, i]) - 1, 2)
        if s.cont_n[b, p * S.NZ + S.Z_DRAW] + focus < 2:
            return 0  # it would hurt its own Phoenixborn
        return 8 if s.cont_n[b, o * S.NZ + S.Z_DRAW] < 2 else 0
    if e == S.E_HYPNOTIZE:
        for k in range(s.cont_n[b, c]):
            u = s.cont[b, c, k]
            if s.exhaust[b, u] == 0 and S.unit_attack(s, t, b, u) > 0:
                return 11
        return 0
    if e == S.E_SMALL_SACRIFICE and S.copies_on_spellboard(s, b, p, s.i_card[b, i]) >= 2 \
            and sacrifice_exhaust(s, t, b, z, p) >= 0:
        return 12
    u = sacrifice_unit(s, t, b, z, p, e)
    puppet = t.card_effect[s.i_card[b, u]] == S.E_BLOOD_PUPPET
    dmg = 1 if e == S.E_SMALL_SACRIFICE else 2
    if not puppet and S.unit_life(s, t, b, u) - s.wounds[b, u] <= dmg:
        return 0
    if e == S.E_SMALL_SACRIFICE:
        v = target_spell_damage(s, t, b, z, p, 1)
        if v >= 0 and s.i_cont[b, v] // S.NZ != p and S.unit_life(s, t, b, v) - s.wounds[b, v] <= 1:
            return 25
        return 0
    if e == S.E_BLOOD_TRANSFER:
        h = transfer_heal(s, t, b, z, p, u)
        return 8 if h >= 0 or h == -1 else 0
    a = strings_target(s, t, b, p, -1)
    if a < 0:
        return 0
    q = s.i_cont[b, s.i_parent[b, a]] // S.NZ
    ea = t.card_effect[s.i_card[b, a]]
    if q == p:
        return 18 if (ea == S.E_FADE_AWAY or ea == S.E_REFLECTIONS) else 0
    return 0 if (ea == S.E_FADE_AWAY or ea == S.E_REFLECTIONS) else 18


# ---------------------------------------------------------------------------------------------
# After attackers are declared (DP12): Blood Oath, Strike, Empower
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def use_blood_oath(s, t, b, prm, p, q, a, at_pb):
    """DP12 for Blood Archer's Blood Oath (2 wound tokens for +2 attack): balanced, only on an
    unwounded Archer attacking a Phoenixborn whose side has no unexhausted unit to block it (it
    then survives with 1 life); random: a coin flip."""
    if prm[p, BP_RANDOM] > 0.5:
        return coin(s, b, p)
    if not at_pb or S.unit_life(s, t, b, a) - s.wounds[b, a] <= 2:
        return False
    c = q * S.NZ + S.Z_BATTLEFIELD
    for k in range(s.cont_n[b, c]):
        if s.exhaust[b, s.cont[b, c, k]] == 0:
            return False
    return True


@njit(cache=True)
def buff_target(s, t, b, prm, r, p, att, na, strike):
    """DP12 for Strike and Empower (an attack bonus after attackers are declared by p): the unit
    seat r buffs, -1 to decline; ``strike`` says the rules ask about r's Phoenixborn's Strike
    (else an Empower copy). Balanced: the attacking seat, when it keeps at least 2 other active
    dice, buffs its attacker with the most attack; the defender declines. Random: a coin flip,
    then a uniform unit in play. A bot with ``avoid_ability`` declines Strike (not Empower)."""
    if strike and prm[r, BP_AVOID_ABILITY] > 0.5:
        return -1
    if prm[r, BP_RANDOM] > 0.5:
        m = 0
        for q in range(s.players[b]):
            m += s.cont_n[b, q * S.NZ + S.Z_BATTLEFIELD]
        if m == 0 or not coin(s, b, r):
            return -1
        return random_unit(s, b, r)
    if r != p or S.dice_count(s, b, r, S.L_ACTIVE) < 3 or na == 0:
        return -1
    best = att[0]
    for k in range(na):
        if S.unit_attack(s, t, b, att[k]) > S.unit_attack(s, t, b, best):
            best = att[k]
    return best


@njit(cache=True)
def loot(s, b, prm, p):
    """DP12 for Empower's draw-then-discard: balanced yes; random: a coin flip."""
    if prm[p, BP_RANDOM] > 0.5:
        return coin(s, b, p)
    return True


# ---------------------------------------------------------------------------------------------
# Redirect, Blue Jaguar's Gaze (DP11, DP12)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def redirect_target(s, t, b, prm, q, n):
    """DP11 for Redirect: q's unit to take the n damage meant for its Phoenixborn, -1 not to play
    it. Balanced: when n is at least 3 or lethal, the least valuable unit of q's that survives it,
    else (lethal only) the least valuable unit; random: a coin flip, then a uniform unit of q's."""
    c = q * S.NZ + S.Z_BATTLEFIELD
    m = s.cont_n[b, c]
    if m == 0:
        return -1
    if prm[q, BP_RANDOM] > 0.5:
        return s.cont[b, c, rand(s, b, q, m)] if coin(s, b, q) else -1
    lethal = t.card_life[s.pb_card[b, q]] - s.pb_wounds[b, q] <= n
    if n < 3 and not lethal:
        return -1
    best = -1
    best_v = 1 << 20
    cheapest = -1
    cheap_v = 1 << 20
    for k in range(m):
        u = s.cont[b, c, k]
        v = unit_value(s, t, b, u)
        if S.unit_life(s, t, b, u) - s.wounds[b, u] > n and v < best_v:
            best, best_v = u, v
        if v < cheap_v:
            cheapest, cheap_v = u, v
    if best >= 0:
        return best
    return cheapest if lethal else -1


@njit(cache=True)
def use_gaze(s, t, b, prm, r, u):
    """DP12 for Blue Jaguar's Gaze (1 basic: exhaust unit u that entered an opponent's
    battlefield): balanced when u has attack and r keeps at least 2 other active dice; random: a
    coin flip."""
    if prm[r, BP_RANDOM] > 0.5:
        return coin(s, b, r)
    return S.unit_attack(s, t, b, u) > 0 and S.dice_count(s, b, r, S.L_ACTIVE) >= 3


@njit(cache=True)
def copy_model(s, t, b, prm, p):
    """DP15 for Strange Copy: the opposing unit whose attack sets its status tokens (attack 1 or
    more), -1 none. Balanced: the most attack; random: uniform among those with attack."""
    o = _opponent(s, b, p)
    c = o * S.NZ + S.Z_BATTLEFIELD
    m = 0
    best = -1
    best_a = 0
    for k in range(s.cont_n[b, c]):
        u = s.cont[b, c, k]
        a = S.unit_attack(s, t, b, u)
        if a > 0:
            m += 1
            if a > best_a:
                best, best_a = u, a
    if prm[p, BP_RANDOM] > 0.5 and m > 0:
        k = rand(s, b, p, m)
        for j in range(s.cont_n[b, c]):
            u = s.cont[b, c, j]
            if S.unit_attack(s, t, b, u) > 0:
                if k == 0:
                    return u
                k -= 1
    return best


# ---------------------------------------------------------------------------------------------
# Transfer (DP15): which token moves where
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def _tokens(s, b, i, kind):
    if kind == 0:
        return s.wounds[b, i]
    if kind == 1:
        return s.exhaust[b, i]
    return s.status[b, i]


@njit(cache=True)
def _transfer_score(s, t, b, p, q, kind, x, y):
    """The balanced bot's worth of moving one token of ``kind`` from x to y (both seat q's)."""
    y_unit = s.i_cont[b, y] % S.NZ == S.Z_BATTLEFIELD
    x_unit = s.i_cont[b, x] % S.NZ == S.Z_BATTLEFIELD
    ex = t.card_effect[s.i_card[b, x]]
    if q != p:
        if kind == 0 and y_unit and s.wounds[b, y] + 1 >= S.unit_life(s, t, b, y):
            return 20 + unit_value(s, t, b, y)
        if kind == 2 and x_unit and (ex == S.E_SILVER_SNAKE or ex == S.E_STRANGE_COPY) and not y_unit:
            return 8
        if kind == 2 and ex == S.E_PROTECT and s.status[b, x] == 1:
            return 8
        return 0
    if y_unit:
        return 0
    if kind == 1 and x_unit and S.unit_attack(s, t, b, x) > 0:
        return 9
    if kind == 0 and x_unit:
        return 5 + s.wounds[b, x]
    return 0


@njit(cache=True)
def plan_transfer(s, t, b, prm, p):
    """DP15 for Transfer: the move as ``kind * MAXI * MAXI + source * MAXI + destination``, -1 if
    no token can move (AMB-11). Balanced: the best by a fixed score (a wound onto an opposing unit
    it destroys; a status token off an opposing Silver Snake, Strange Copy or nearly spent
    Protect; one's own unit's exhaustion or wound onto one's own spell), with 0 scores the first
    legal move; random: uniform over every legal move."""
    best = -1
    best_v = -1
    rnd = prm[p, BP_RANDOM] > 0.5
    cards = np.empty(3 * S.MAXI_P, np.int64)
    pick = -1
    for pass_ in range(2 if rnd else 1):
        n = 0
        if pass_ == 1:
            total = 0
            for q in range(s.players[b]):
                m = _cards_in_play(s, b, q, cards)
                for a in range(m):
                    for kind in range(3):
                        if _tokens(s, b, cards[a], kind) > 0:
                            total += m - 1
            if total == 0:
                return -1
            pick = rand(s, b, p, total)
        for q in range(s.players[b]):
            m = _cards_in_play(s, b, q, cards)
            for a in range(m):
                x = cards[a]
                for kind in range(3):
                    if _tokens(s, b, x, kind) <= 0:
                        continue
                    for c2 in range(m):
                        y = cards[c2]
                        if y == x:
                            continue
                        mv = kind * S.MAXI * S.MAXI + x * S.MAXI + y
                        if pass_ == 1:
                            if n == pick:
                                return mv
                            n += 1
                            continue
                        v = _transfer_score(s, t, b, p, q, kind, x, y)
                        if v > best_v:
                            best, best_v = mv, v
    return best


@njit(cache=True)
def _cards_in_play(s, b, q, out):
    """Seat q's non-Phoenixborn cards in play (battlefield, spellboard, attached) into ``out``."""
    m = 0
    for z in (S.Z_BATTLEFIELD, S.Z_SPELLBOARD, S.Z_ATTACHED):
        c = q * S.NZ + z
        for k in range(s.cont_n[b, c]):
            out[m] = s.cont[b, c, k]
            m += 1
    return m


@njit(cache=True)
def transfer_worth(s, t, b, p):
    """The balanced bot's worth of playing Transfer: its best move's score (0: not worth it)."""
    m = plan_transfer(s, t, b, np.zeros((S.MAXP, len(PARAMS))), p)
    if m < 0:
        return 0
    kind = m // (S.MAXI * S.MAXI)
    x = (m // S.MAXI) % S.MAXI
    y = m % S.MAXI
    q = s.i_cont[b, x] // S.NZ
    return _transfer_score(s, t, b, p, q, kind, x, y)


@njit(cache=True)
def use_veil(s, t, b, prm, q, u):
    """DP11 for Golden Veil: cancel an opponent's effect on q's unit u? Balanced: when u is worth
    at least 4 (attack + remaining life); random: a coin flip."""
    if prm[q, BP_RANDOM] > 0.5:
        return coin(s, b, q)
    return unit_value(s, t, b, u) >= 4


@njit(cache=True)
def use_respark(s, b, prm, o, basic):
    """DP12 for Respark: balanced when seat o keeps at least one active die beyond the cost;
    random: a coin flip."""
    if prm[o, BP_RANDOM] > 0.5:
        return coin(s, b, o)
    return S.dice_count(s, b, o, S.L_ACTIVE) > basic


@njit(cache=True)
def pay_extra(s, b, prm, p):
    """DP15 for an optional extra basic (Mist Spirit's second spirit, Purge's Focus 1 card):
    balanced when p keeps at least 2 other active dice; random: a coin flip."""
    if prm[p, BP_RANDOM] > 0.5:
        return coin(s, b, p)
    return S.dice_count(s, b, p, S.L_ACTIVE) >= 3


@njit(cache=True)
def gilder_target(s, t, b, prm, p):
    """DP15 for Summon Gilder's optional 1 damage: balanced, the most valuable opposing unit it
    destroys, else the most valuable opposing unit, else -1; random: a coin flip, then uniform
    over the units p's spell may target."""
    o = _opponent(s, b, p)
    c = o * S.NZ + S.Z_BATTLEFIELD
    if prm[p, BP_RANDOM] > 0.5 and not coin(s, b, p):
        return -1
    best = -1
    best_v = -1
    for k in range(s.cont_n[b, c]):
        u = s.cont[b, c, k]
        if not _spell_may_target(s, t, b, p, u):
            continue
        v = unit_value(s, t, b, u) + (100 if S.unit_life(s, t, b, u) - s.wounds[b, u] <= 1 else 0)
        if v > best_v:
            best, best_v = u, v
    if prm[p, BP_RANDOM] > 0.5 and best >= 0:
        return target_spell_damage(s, t, b, prm, p, 1)
    return best


@njit(cache=True)
def sacrifice_exhaust(s, t, b, prm, p):
    """DP15 for Small Sacrifice's Focus 1 mode: ``own * MAXI + opposing`` (both unexhausted) to
    exhaust instead of the damage, -1 for the damage mode. Balanced: when the damage could not
    destroy an opposing unit, the opposing unexhausted unit with the most attack (3 or more)
    against its own unexhausted unit of least value; random: a coin flip, then uniform picks."""
    o = _opponent(s, b, p)
    co = o * S.NZ + S.Z_BATTLEFIELD
    cp = p * S.NZ + S.Z_BATTLEFIELD
    mine = -1
    mine_v = 1 << 20
    n_mine = 0
    for k in range(s.cont_n[b, cp]):
        u = s.cont[b, cp, k]
        if s.exhaust[b, u] == 0:
            n_mine += 1
            if unit_value(s, t, b, u) < mine_v:
                mine, mine_v = u, unit_value(s, t, b, u)
    theirs = -1
    best_a = 0
    n_theirs = 0
    for k in range(s.cont_n[b, co]):
        v = s.cont[b, co, k]
        if s.exhaust[b, v] == 0 and _spell_may_target(s, t, b, p, v):
            n_theirs += 1
            if S.unit_attack(s, t, b, v) > best_a:
                theirs, best_a = v, S.unit_attack(s, t, b, v)
    if mine < 0 or n_theirs == 0:
        return -1
    if prm[p, BP_RANDOM] > 0.5:
        if not coin(s, b, p):
            return -1
        a = s.cont[b, cp, 0]
        k = rand(s, b, p, n_mine)
        for j in range(s.cont_n[b, cp]):
            u = s.cont[b, cp, j]
            if s.exhaust[b, u] == 0:
                if k == 0:
                    a = u
                k -= 1
        k = rand(s, b, p, n_theirs)
        for j in range(s.cont_n[b, co]):
            v = s.cont[b, co, j]
            if s.exhaust[b, v] == 0 and _spell_may_target(s, t, b, p, v):
                if k == 0:
                    return a * S.MAXI + v
                k -= 1
        return -1
    for k in range(s.cont_n[b, co]):
        v = s.cont[b, co, k]
        if S.unit_life(s, t, b, v) - s.wounds[b, v] <= 1 and _spell_may_target(s, t, b, p, v):
            return -1  # the damage mode destroys something
    if theirs < 0 or best_a < 3:
        return -1
    return mine * S.MAXI + theirs


@njit(cache=True)
def target_own_unit(s, t, b, prm, p):
    """DP6 for Hypnotize (one of p's units; one exists): balanced, the unexhausted one with the
    most attack (it may still attack this turn); random: uniform over p's units."""
    c = p * S.NZ + S.Z_BATTLEFIELD
    if prm[p, BP_RANDOM] > 0.5:
        return s.cont[b, c, rand(s, b, p, s.cont_n[b, c])]
    best = s.cont[b, c, 0]
    best_v = -1
    for k in range(s.cont_n[b, c]):
        u = s.cont[b, c, k]
        v = (100 if s.exhaust[b, u] == 0 else 0) + S.unit_attack(s, t, b, u)
        if v > best_v:
            best, best_v = u, v
    return best


# ---------------------------------------------------------------------------------------------
# DP9 meditation and DP10 charm power (heuristic presets)
# ---------------------------------------------------------------------------------------------

MEDITATE_SCORE = 12   # DP9: a side action worth less than a kill or a summon, more than an illusion on a basic face
MEDITATE_DECK_MIN = 10  # DP9 meditate_src: the top of the draw pile is a source while the pile holds this many


@njit(cache=True)
def _payable_faces(s, b, p, cost, face, excl):
    """p's active dice, showing ``face[d]`` instead of their own faces and without die ``excl``
    (-1 none), can pay the magic of ``cost``: the greedy of rules.plan_payment (checklist DP5,
    exact as the symbol sets are nested, rule 25) on counts. Reads only p's own dice."""
    pw = np.zeros(S.NDT, np.int64)
    cl = np.zeros(S.NDT, np.int64)
    basic = 0
    for d in range(S.NDICE):
        if d == excl or s.die_loc[b, p, d] != S.L_ACTIVE:
            continue
        dt = s.die_type[b, p, d]
        if face[d] == S.F_POWER:
            pw[dt] += 1
        elif face[d] == S.F_CLASS:
            cl[dt] += 1
        else:
            basic += 1
    for dt in range(S.NDT):
        need = cost[S.CO_POWER + dt]
        if pw[dt] < need:
            return False
        pw[dt] -= need
    for dt in range(S.NDT):
        need = cost[S.CO_CLASS + dt]
        u = min(cl[dt], need)
        cl[dt] -= u
        need -= u
        if pw[dt] < need:
            return False
        pw[dt] -= need
    need = cost[S.CO_BASIC] - min(basic, cost[S.CO_BASIC])
    u = min(cl.sum(), need)
    need -= u
    return pw.sum() >= need


@njit(cache=True)
def _want_cost(s, t, b, p, i, cost):
    """If p could use ``i`` as its main action but for the dice, its magic cost into ``cost`` and
    its worth (DP3's scores); else 0. Candidates: an ally in hand with a battlefield slot, a
    ready spell in hand with a spellboard slot (rules 60-61), an unexhausted summoning spell on
    the spellboard with its conjuration left and a slot (rules 67, 69). Its printed cost: the
    Iron Rhino's focus discount is ignored (it only errs towards not meditating)."""
    c = s.i_card[b, i]
    z = s.i_cont[b, i] % S.NZ
    bf_free = S.zone_n(s, b, p, S.Z_BATTLEFIELD) < t.card_bf[s.pb_card[b, p]]
    if z == S.Z_HAND:
        if t.card_cost[c, S.CO_MAIN] != 1 or t.card_cost[c, S.CO_DISCARD] > 0 or t.card_cost[c, S.CO_EXHAUST] > 0:
            return 0.0
        kind = t.card_type[c]
        if kind == S.T_ALLY:
            if not bf_free:
                return 0.0
        elif kind == S.T_READY:
            if _dead(s, t, b, p, i):
                return 0.0
        else:
            return 0.0
        for k in range(S.NCOST):
            cost[k] = t.card_cost[c, k]
        return move_score(s, t, b, S.MV_PLAY * S.MAXI + i)
    if z != S.Z_SPELLBOARD or s.exhaust[b, i] > 0 or t.card_impl[c] == 0:
        return 0.0
    conj = t.card_conj[c]
    if conj < 0 or t.card_act[c, S.CO_MAIN] != 1 or t.card_effect[c] == S.E_SUMMON_BLOOD_PUPPET or not bf_free:
        return 0.0
    if t.card_act[c, S.CO_DISCARD] > 0:
        return 0.0
    left = False
    cz = p * S.NZ + S.Z_CONJ
    for k in range(s.cont_n[b, cz]):
        if s.i_card[b, s.cont[b, cz, k]] == conj:
            left = True
    if not left:
        return 0.0
    for k in range(S.NCOST):
        cost[k] = t.card_act[c, k]
    return activation_worth(s, t, b, p, i)


@njit(cache=True)
def _wanted(s, t, b, prm, p, excl, cost, best_now):
    """DP9/DP10: the instance p most wants to use as its main action this turn among
    :func:`_want_cost`'s candidates (ties: the first), its cost left in ``cost``; ``best_now[0]``
    gets the best worth among the candidates p can pay now without die ``excl``, the attack on the
    Phoenixborn included (DP3's scores times the preset's tilt). Returns -1 if none."""
    tmp = np.zeros(S.NCOST, np.int64)
    face = s.die_face[b, p].copy()
    best = -1
    best_w = 0.0
    best_now[0] = move_score(s, t, b, S.MV_ATTACK_PB * S.MAXI) * style_weight(prm, p, S.MV_ATTACK_PB * S.MAXI)
    avoid = int(prm[p, BP_AVOID_CARD])
    for z in (S.Z_HAND, S.Z_SPELLBOARD):
        c = p * S.NZ + z
        for k in range(s.cont_n[b, c]):
            i = s.cont[b, c, k]
            if s.i_card[b, i] == avoid:
                continue
            w = _want_cost(s, t, b, p, i, tmp)
            if z == S.Z_SPELLBOARD:
                w *= prm[p, BP_W_SUMMON]
            if w <= 0:
                continue
            if _payable_faces(s, b, p, tmp, face, excl):
                if w > best_now[0]:
                    best_now[0] = w
            if w > best_w:
                best, best_w = i, w
                for j in range(S.NCOST):
                    cost[j] = tmp[j]
    return best


@njit(cache=True)
def _hand_value(s, t, b, prm, p, i):
    """DP9: how much p values keeping hand card i: -1 dead (DP2) or avoided, else 1 + its magic
    symbols (DP3's fallback score)."""
    c = s.i_card[b, i]
    if _dead(s, t, b, p, i) or c == int(prm[p, BP_AVOID_CARD]):
        return -1
    v = 1
    for j in range(S.CO_BASIC, S.NCOST):
        v += t.card_cost[c, j]
    return v


@njit(cache=True)
def plan_meditation_heuristic(s, t, b, prm, p, src, dice, faces):
    """DP9 for the heuristic presets: meditate when the card p most wants to play this turn
    (:func:`_wanted`, worth at least ``meditate_min`` and more than what it can pay now) is not
    payable and setting k <= ``meditate_max`` dice to their power face pays it (a power symbol pays
    everything a class or basic symbol of its die pays, rule 25, so the power face is the face the
    cost needs); k discards, in the order of checklist DP9's meditate_src: dead or avoided hand
    cards, the top of the draw pile while it holds MEDITATE_DECK_MIN cards (unseen: no hidden
    information is read), then hand cards worth less than the wanted card, least first; never the
    wanted card. Dice tried: basic faces first, then class. Returns the card count, 0 = do not
    meditate."""
    if prm[p, BP_MEDITATE] < 0.5:
        return 0
    cost = np.zeros(S.NCOST, np.int64)
    best_now = np.zeros(1)
    want = _wanted(s, t, b, prm, p, -1, cost, best_now)
    if want < 0:
        return 0
    face = s.die_face[b, p].copy()
    if _payable_faces(s, b, p, cost, face, -1):
        return 0
    w = _want_cost(s, t, b, p, want, np.zeros(S.NCOST, np.int64))
    if s.i_cont[b, want] % S.NZ == S.Z_SPELLBOARD:
        w *= prm[p, BP_W_SUMMON]
    if w < prm[p, BP_MEDITATE_MIN] or w <= best_now[0]:
        return 0
    # the discard sources, least valued first (value -1 dead, 0 the unseen top card)
    hand = p * S.NZ + S.Z_HAND
    nh = s.cont_n[b, hand]
    wv = _hand_value(s, t, b, prm, p, want) if s.i_cont[b, want] % S.NZ == S.Z_HAND else 1 << 30
    cand = np.empty(nh + 1, np.int64)
    val = np.empty(nh + 1, np.int64)
    m = 0
    for k in range(nh):
        i = s.cont[b, hand, k]
        v = _hand_value(s, t, b, prm, p, i)
        if i != want and (v < 0 or v < wv):
            cand[m] = i
            val[m] = v
            m += 1
    if S.zone_n(s, b, p, S.Z_DRAW) >= MEDITATE_DECK_MIN:
        cand[m] = -1
        val[m] = 0
        m += 1
    order = np.argsort(val[:m], kind="mergesort")
    kmax = min(int(prm[p, BP_MEDITATE_MAX]), m)
    # the dice, basic faces first (they pay least), then class
    ndc = 0
    dc = np.empty(S.NDICE, np.int64)
    for f in (S.F_BASIC, S.F_CLASS):
        for d in range(S.NDICE):
            if s.die_loc[b, p, d] == S.L_ACTIVE and s.die_face[b, p, d] == f:
                dc[ndc] = d
                ndc += 1
    for k in range(1, kmax + 1):
        if k == 1:
            for x in range(ndc):
                face[dc[x]] = S.F_POWER
                if _payable_faces(s, b, p, cost, face, -1):
                    dice[0] = dc[x]
                    faces[0] = S.F_POWER
                    src[0] = cand[order[0]]
                    return 1
                face[dc[x]] = s.die_face[b, p, dc[x]]
        elif k == 2:
            for x in range(ndc):
                for y in range(x + 1, ndc):
                    face[dc[x]] = S.F_POWER
                    face[dc[y]] = S.F_POWER
                    if _payable_faces(s, b, p, cost, face, -1):
                        dice[0], dice[1] = dc[x], dc[y]
                        faces[0] = S.F_POWER
                        faces[1] = S.F_POWER
                        src[0] = cand[order[0]]
                        src[1] = cand[order[1]]
                        return 2
                    face[dc[x]] = s.die_face[b, p, dc[x]]
                    face[dc[y]] = s.die_face[b, p, dc[y]]
    return 0


@njit(cache=True)
def _charm_die(s, b, p):
    """The die the charm power spends (rules.power_die: the first active charm die on its power
    face), or -1."""
    for d in range(S.NDICE):
        if s.die_loc[b, p, d] == S.L_ACTIVE and s.die_type[b, p, d] == S.DT_CHARM and s.die_face[b, p, d] == S.F_POWER:
            return d
    return -1


@njit(cache=True)
def charm_score(s, t, b, prm, p, u):
    """DP10 for the heuristic presets: the worth of the charm power's die on p's unit u (+1 attack
    and +1 life until the end of the round, rule 100), 0 = not worth it: 60 when the extra point
    of attack makes the attack on the opposing Phoenixborn lethal (p's unexhausted attack, u
    unexhausted with it); 25 + the unit's value when it lets p's attackers destroy an opposing
    unit they could not; 10 + u's value when an opposing unexhausted unit's attack would just
    destroy u and the +1 life keeps it alive. Never when the die is needed to pay for the card p
    wants to play this turn (:func:`_wanted`, when it scores no less than the attack on the
    Phoenixborn, so that it is the main action) and can pay with it but not without it."""
    if prm[p, BP_CHARM] < 0.5:
        return 0.0
    d = _charm_die(s, b, p)
    if d < 0:
        return 0.0
    cost = np.zeros(S.NCOST, np.int64)
    best_now = np.zeros(1)
    want = _wanted(s, t, b, prm, p, -1, cost, best_now)
    face = s.die_face[b, p].copy()
    atk_pb = move_score(s, t, b, S.MV_ATTACK_PB * S.MAXI) * style_weight(prm, p, S.MV_ATTACK_PB * S.MAXI)
    if (want >= 0 and _payable_faces(s, b, p, cost, face, -1) and not _payable_faces(s, b, p, cost, face, d)
            and _want_cost(s, t, b, p, want, np.zeros(S.NCOST, np.int64)) >= atk_pb):
        return 0.0  # the die pays for the main action p wants (DP5: keep what a held card needs)
    o = _opponent(s, b, p)
    atk = 0
    c = p * S.NZ + S.Z_BATTLEFIELD
    for k in range(s.cont_n[b, c]):
        v = s.cont[b, c, k]
        if s.exhaust[b, v] == 0:
            atk += S.unit_attack(s, t, b, v)
    if s.exhaust[b, u] == 0 and atk > 0:
        left = t.card_life[s.pb_card[b, o]] - s.pb_wounds[b, o]
        if atk < left <= atk + 1:
            return 60.0
        best = 0.0
        co = o * S.NZ + S.Z_BATTLEFIELD
        for k in range(s.cont_n[b, co]):
            v = s.cont[b, co, k]
            life = S.unit_life(s, t, b, v) - s.wounds[b, v]
            if atk < life <= atk + 1:
                best = max(best, 25.0 + unit_value(s, t, b, v))
        if best > 0:
            return best
    mine = S.unit_life(s, t, b, u) - s.wounds[b, u]
    co = o * S.NZ + S.Z_BATTLEFIELD
    for k in range(s.cont_n[b, co]):
        v = s.cont[b, co, k]
        if s.exhaust[b, v] == 0 and S.unit_attack(s, t, b, v) == mine:
            return 10.0 + unit_value(s, t, b, u)
    return 0.0
