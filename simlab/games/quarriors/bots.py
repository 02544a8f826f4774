"""Quarriors bots: a parameter vector per seat and the compiled decisions that read it.

Every decision the rules ask a player for goes through one function here. With ``random = 1``
each decision is a uniformly random legal choice (the fuzzing bot); otherwise the heuristic
reads its weights and policies from the parameter vector.
"""

from __future__ import annotations

from simlab.games.base import BotPreset
from simlab.games.jit import njit
from simlab.games.kernel import coin, rand
from simlab.games.quarriors import state as S
from simlab.games.quarriors.state import (
    F_CREATURE,
    F_Q,
    F_QDRAW,
    F_QORREROLL,
    F_SPELL,
    K_CREATURE,
    K_SPELL,
    SLOT_ASSISTANT,
    SLOT_BASIC,
    SLOT_PORTAL,
    WILDS0,
    Z_ACTIVE,
    Z_READY,
    Z_USED,
    burst,
    card_of,
    effect,
    face_kind,
    glory_value,
    keep,
    level,
    zone_of,
)

# Parameter names and defaults, in kernel order (index constants below).
PARAMS = {
    "random": 0.0,           # 1 = uniformly random legal choices
    "w_cost": 1.0,           # capture score: weight on the die's cost
    "w_glory": 0.0,          # ... on the card's glory
    "w_spell": 0.0,          # ... bonus for spell dice
    "w_portal": 0.0,         # ... bonus for Portal dice
    "min_cost": 2.0,         # never capture dice cheaper than this (Basic Quiddity, Assistant)
    "max_portals": 2.0,      # own at most this many Portal dice
    "curve": 0.0,            # 1 = curve buyer: prefer costs near curve_base + curve_slope * turn
    "curve_base": 3.0,
    "curve_slope": 0.5,
    "w_curve": 1.5,          # penalty per quiddity away from the curve's target cost
    "summon_first": 1.0,     # 1 = summon all affordable creatures; 0 = keep quiddity for the best capture
    "cull_policy": 1.0,      # 0 none, 1 quiddity_first, 2 assistant_first, 3 weakest, 4 expected value
    "cull_keep_quiddity": 4.0,  # never cull Basic Quiddity below this many owned
    "defend": 0.0,           # 0 smart (a survivor absorbs, else the cheapest), 1 cheapest, 2 toughest first
    "use_spells": 1.0,       # cast spells on own turn
    "use_reactions": 1.0,    # cast reaction spells on opponents' turns
    "dragon_reroll": 0.0,    # Quake Dragon's 3-quiddity-or-re-roll face: 1 = re-roll
    "wizard_draw": 1.0,      # Questing Wizard: take its draw option instead of quiddity
    "avoid_card": -1.0,      # never acquire dice of this card (a card name in scenarios; -1 none)
    "cull_delta": 0.0,       # one extra (+1) or one fewer (-1) cull at the bot's first scoring
    "early_spells": 0.0,     # 1 = also offer Death/Shaping/Victory spells needing no own creature
    #                          before summoning (e.g. remove a Mighty Defender of the Pale first)
    "rollouts": 0.0,         # lookahead bot (lookahead.py): games played out per option; 0 = off
    "look_options": 4.0,     # ... captures it plays out besides the heuristic's choice and none
    "look_z": 1.0,           # ... an option replaces the heuristic's choice only when its playouts
    #                          beat it by more than look_z standard errors (paired)
}
(P_RANDOM, P_W_COST, P_W_GLORY, P_W_SPELL, P_W_PORTAL, P_MIN_COST, P_MAX_PORTALS, P_CURVE,
 P_CURVE_BASE, P_CURVE_SLOPE, P_W_CURVE, P_SUMMON_FIRST, P_CULL, P_KEEP_Q, P_DEFEND, P_SPELLS,
 P_REACTIONS, P_DRAGON_REROLL, P_WIZARD_DRAW, P_AVOID, P_CULL_DELTA, P_EARLY_SPELLS,
 P_ROLLOUTS, P_LOOK_OPTIONS, P_LOOK_Z) = range(len(PARAMS))
NPARAM = len(PARAMS)

CULL_NONE, CULL_QUIDDITY, CULL_ASSISTANT, CULL_WEAKEST, CULL_EV = 0, 1, 2, 3, 4

PRESETS = {
    "greedy": BotPreset("greedy", "captures the most expensive die it can afford; culls Basic Quiddity first",
                        {}),
    "curve": BotPreset("curve", "buys along a cost curve that rises with the turn; culls Basic Quiddity first",
                       {"curve": 1.0, "w_cost": 0.5}),
    "cull_none": BotPreset("cull_none", "greedy buyer that never culls", {"cull_policy": 0.0}),
    "cull_quiddity_first": BotPreset("cull_quiddity_first", "greedy; culls Basic Quiddity, then Assistants",
                                     {"cull_policy": 1.0}),
    "cull_assistant_first": BotPreset("cull_assistant_first", "greedy; culls Assistants, then Basic Quiddity",
                                      {"cull_policy": 2.0}),
    "cull_weakest": BotPreset("cull_weakest", "greedy; culls the cheapest die in the used pile",
                              {"cull_policy": 3.0}),
    "cull_ev": BotPreset("cull_ev", "greedy; culls a die whose expected value is below its collection's mean",
                         {"cull_policy": 4.0}),
    "random": BotPreset("random", "uniformly random legal choices (rules fuzzing)", {"random": 1.0}),
}

# The parameters `simlab tune` searches, with the range it searches and preset files must keep to
# (the scores are sums of weight x cost/glory/flags, so weights beyond 3 only rescale them; the
# policies and flags are choices, not tuned).
TUNABLE = {
    "w_cost": (0.0, 3.0), "w_glory": (-1.0, 3.0), "w_spell": (-3.0, 3.0), "w_portal": (-3.0, 3.0),
    "min_cost": (0.0, 6.0), "max_portals": (0.0, 4.0), "curve_base": (1.0, 8.0), "curve_slope": (0.0, 1.5),
    "w_curve": (0.0, 4.0), "cull_keep_quiddity": (0.0, 8.0),
}

# Allowed ranges of the lookahead bot's parameters (a scenario or preset file outside them is an
# error): each playout is a game, so a choice costs rollouts x options games.
LIMITS = {"rollouts": (0.0, 1024.0), "look_options": (0.0, 12.0), "look_z": (0.0, 10.0)}


@njit(cache=True)
def die_value(s, t, b, d):
    """A die's expected worth when drawn, in quiddity-equivalents: its faces' quiddity, with
    creature faces worth their glory and level and spell faces worth 1.5 (cull_ev's yardstick)."""
    dt = t.card_die[card_of(s, b, d)]
    g = t.card_glory[card_of(s, b, d)]
    v = 0.0
    for f in range(6):
        k = t.f_kind[dt, f]
        if k == F_Q or k == F_QDRAW or k == F_QORREROLL:
            v += t.f_q[dt, f]
        elif k == F_CREATURE:
            v += 0.75 * g + 0.5 * t.f_level[dt, f]
        elif k == F_SPELL:
            v += 1.5
        else:
            v += 1.2  # draw / re-roll faces
    return v / 6.0


@njit(cache=True, inline="always")
def owned(s, b, p, slot):
    """Dice of Wilds slot ``slot`` player p owns (bag, active, ready, used, aside)."""
    n = 0
    for z in range(S.NZ):
        c = zone_of(p, z)
        for i in range(s.cont_n[b, c]):
            if s.d_slot[b, s.cont[b, c, i]] == slot:
                n += 1
    return n


@njit(cache=True)
def choose_cull(s, t, b, p, prm):
    """Die in p's used pile to cull (return to the Wilds), or -1 to stop culling."""
    c = zone_of(p, Z_USED)
    n = s.cont_n[b, c]
    if n == 0:
        return -1
    if prm[P_RANDOM] > 0:
        k = rand(s, b, p, n + 1)
        return -1 if k == n else s.cont[b, c, k]
    pol = int(prm[P_CULL])
    if pol == CULL_NONE:
        return -1
    can_q = owned(s, b, p, SLOT_BASIC) > prm[P_KEEP_Q]
    best = -1
    best_v = 1e9
    if pol == CULL_EV:
        total = 0.0
        cnt = 0
        for z in range(S.NZ):
            cz = zone_of(p, z)
            for i in range(s.cont_n[b, cz]):
                total += die_value(s, t, b, s.cont[b, cz, i])
                cnt += 1
        mean = total / max(cnt, 1)
    for i in range(n):
        d = s.cont[b, c, i]
        slot = s.d_slot[b, d]
        if slot == SLOT_BASIC and not can_q:
            continue
        if pol == CULL_QUIDDITY:
            v = 0.0 if slot == SLOT_BASIC else (1.0 if slot == SLOT_ASSISTANT else 1e8)
        elif pol == CULL_ASSISTANT:
            v = 0.0 if slot == SLOT_ASSISTANT else (1.0 if slot == SLOT_BASIC else 1e8)
        elif pol == CULL_WEAKEST:
            v = t.card_cost[card_of(s, b, d)] + 0.01 * (slot != SLOT_BASIC)
            if slot == SLOT_PORTAL:
                v += 2.0  # Portals are cheap for what they do: not "weak"
        else:
            v = die_value(s, t, b, d)
            if v >= mean:
                v = 1e8
        if v < best_v:
            best_v = v
            best = d
    if best_v >= 1e8:
        return -1
    return best


@njit(cache=True, inline="always")
def capture_score(s, t, b, p, prm, slot, cost):
    """The heuristic's score for capturing a die of ``slot`` at ``cost`` (higher is better)."""
    # every field read up front: inlined into choose_capture's loop (docs/quarriors.md, Speed)
    card = s.slot_card[b, slot]
    turns = s.seat[b, p, S.S_TURNS]
    glory = t.card_glory[card]
    kind = t.card_kind[card]
    printed = t.card_cost[card]
    sc = prm[P_W_COST] * cost + prm[P_W_GLORY] * glory
    if kind == K_SPELL:
        sc += prm[P_W_SPELL]
    if slot == SLOT_PORTAL:
        sc += prm[P_W_PORTAL]
    if prm[P_CURVE] > 0:
        target = prm[P_CURVE_BASE] + prm[P_CURVE_SLOPE] * turns
        sc -= prm[P_W_CURVE] * abs(printed - target)
    return sc


@njit(cache=True)
def choose_capture(s, t, b, p, prm, budget, discount, max_cost):
    """Wilds slot to capture with ``budget`` quiddity (costs reduced by ``discount``; only cards
    whose printed cost is at most ``max_cost``), or -1 to capture nothing."""
    best = -1
    best_sc = -1e18
    nopt = 0
    for slot in range(S.NSLOT):
        if s.cont_n[b, WILDS0 + slot] == 0:
            continue
        card = s.slot_card[b, slot]
        if t.card_cost[card] > max_cost or card == prm[P_AVOID]:
            continue
        cost = max(0, t.card_cost[card] - discount)
        if cost > budget:
            continue
        if prm[P_RANDOM] > 0:
            nopt += 1
            if rand(s, b, p, nopt) == 0:  # reservoir sampling: uniform over legal slots
                best = slot
            continue
        if t.card_cost[card] < prm[P_MIN_COST]:
            continue
        if slot == SLOT_PORTAL and owned(s, b, p, SLOT_PORTAL) >= prm[P_MAX_PORTALS]:
            continue
        sc = capture_score(s, t, b, p, prm, slot, cost) + 1e-6 * rand(s, b, p, 1024)
        if sc > best_sc:
            best_sc = sc
            best = slot
    if prm[P_RANDOM] > 0 and rand(s, b, p, nopt + 1) == 0:
        best = -1  # capturing is optional (phase 5)
    keep(s, t)
    return best


@njit(cache=True)
def choose_defender(s, t, b, q, prm, cands, n, defs, glories, total):
    """Which of the n candidate creatures (dice ``cands``, defense ``defs``) q blocks with."""
    if prm[P_RANDOM] > 0:
        return rand(s, b, q, n)
    pol = int(prm[P_DEFEND])
    best = 0
    if pol == 0:
        # a creature that survives the whole remaining attack absorbs it: pick the cheapest such
        surv = -1
        for i in range(n):
            if defs[i] > total and (surv < 0 or glories[i] < glories[surv]):
                surv = i
        if surv >= 0:
            return surv
    for i in range(1, n):
        if pol == 2:
            if defs[i] > defs[best]:
                best = i
        elif glories[i] < glories[best] or (glories[i] == glories[best] and defs[i] > defs[best]):
            best = i
    return best


@njit(cache=True)
def want_immediate(s, t, b, p, prm, d, kind):
    """Whether p uses the immediate effect of die d (face kind ``kind``) now."""
    if prm[P_RANDOM] > 0:
        return coin(s, b, p)
    if kind == F_QORREROLL:
        return prm[P_DRAGON_REROLL] > 0
    if kind == F_Q:  # Questing Wizard's burst face: draw instead of quiddity
        return prm[P_WIZARD_DRAW] > 0
    return True


@njit(cache=True)
def choose_reroll(s, t, b, p, prm, exclude):
    """A die in p's Active Pool worth re-rolling (not ``exclude``), or -1.

    Heuristic: a creature or spell die showing one quiddity (its icon faces are worth more);
    never a Basic Quiddity die (its expected roll equals what it shows, give or take)."""
    c = zone_of(p, Z_ACTIVE)
    n = s.cont_n[b, c]
    if prm[P_RANDOM] > 0:
        if n <= 1:
            return -1
        k = rand(s, b, p, n)
        d = s.cont[b, c, k]
        return -1 if d == exclude else d
    best = -1
    for i in range(n):
        d = s.cont[b, c, i]
        if d == exclude:
            continue
        slot = s.d_slot[b, d]
        if slot == SLOT_BASIC or slot == SLOT_PORTAL:
            continue
        dt = t.card_die[card_of(s, b, d)]
        f = s.d_face[b, d]
        if t.f_kind[dt, f] == F_Q and t.f_q[dt, f] <= 1 and t.card_kind[card_of(s, b, d)] == K_CREATURE:
            best = d
            break
    return best


@njit(cache=True, inline="always")
def creature_rank(s, t, b, d):
    """How much a player values its creature d (glory first, then level)."""
    return 10 * glory_value(s, t, b, d) + level(s, t, b, d)


@njit(cache=True)
def choose_ooze_copy(s, t, b, p, prm, d, may_keep):
    """The opposing creature p's Strong Primordial Ooze d copies, or -1 for none.

    On entering the Ready Area (``may_keep`` False) it must copy one if any opponent has a
    creature; at the start of p's turn (``may_keep`` True) p may change the copy or keep it (-1).
    Heuristic: the creature worth the most (creature_rank), kept unless another is strictly
    better; the random bot picks uniformly among the creatures (and keeping, when it may)."""
    best = -1
    best_r = -1
    nopt = 0
    if may_keep:
        nopt = 1  # keeping the current copy is one of the random bot's options
    for k in range(1, s.players[b]):
        c = zone_of((p + k) % s.players[b], Z_READY)
        for i in range(s.cont_n[b, c]):
            o = s.cont[b, c, i]
            if face_kind(s, t, b, o) != F_CREATURE:
                continue
            if prm[P_RANDOM] > 0:
                nopt += 1
                if rand(s, b, p, nopt) == 0:  # reservoir sampling over the options
                    best = o
                continue
            r = creature_rank(s, t, b, o)
            if r > best_r:
                best_r = r
                best = o
    if may_keep and prm[P_RANDOM] == 0 and best >= 0 and best_r <= creature_rank(s, t, b, d):
        best = -1  # no opposing creature is worth more than the copy it has
    keep(s, t)
    return best


@njit(cache=True)
def block_cost(s, t, b, q, d):
    """What q loses when creature d is destroyed blocking: the glory it would score, but nearly
    nothing for a die that comes back at once (Strong Ghostly Spirit, or under q's Life Charm).
    Ties go to the tougher blocker (choose_defender), which soaks more of the attack."""
    e = effect(s, t, b, d)
    if e == S.E_S_GHOST or s.life_charm[b, q]:
        return 0
    return glory_value(s, t, b, d)


@njit(cache=True)
def choose_summon(s, t, b, p, prm, budget, reserve, costs):
    """A die in p's Active Pool to summon (``costs[i]`` = cost of the i-th active die, -1 if
    not summonable), or -1. ``reserve`` quiddity is kept back for a capture."""
    c = zone_of(p, Z_ACTIVE)
    n = s.cont_n[b, c]
    best = -1
    best_r = -1
    nopt = 0
    for i in range(n):
        if costs[i] < 0 or costs[i] > budget:
            continue
        d = s.cont[b, c, i]
        if prm[P_RANDOM] > 0:
            nopt += 1
            if rand(s, b, p, nopt) == 0:
                best = d
            continue
        if budget - costs[i] < reserve:
            continue
        r = creature_rank(s, t, b, d)
        if r > best_r:
            best_r = r
            best = d
    if prm[P_RANDOM] > 0 and rand(s, b, p, nopt + 1) == 0:
        best = -1  # summoning is optional (phase 3)
    keep(s, t)
    return best


@njit(cache=True)
def best_own_creature(s, t, b, p, by_defense):
    """p's most valued creature (or toughest, for Victory Cantrip), -1 if none."""
    c = zone_of(p, Z_READY)
    best = -1
    best_r = -1
    for i in range(s.cont_n[b, c]):
        d = s.cont[b, c, i]
        if face_kind(s, t, b, d) != F_CREATURE:
            continue
        r = creature_rank(s, t, b, d)
        if by_defense:
            r = t.f_def[t.card_die[card_of(s, b, d)], s.d_face[b, d]]
        if r > best_r:
            best_r = r
            best = d
    return best


@njit(cache=True)
def random_own_creature(s, t, b, p):
    """A uniformly random creature of p (the random bot's target), -1 if none."""
    c = zone_of(p, Z_READY)
    best = -1
    nopt = 0
    for i in range(s.cont_n[b, c]):
        d = s.cont[b, c, i]
        if face_kind(s, t, b, d) == F_CREATURE:
            nopt += 1
            if rand(s, b, p, nopt) == 0:
                best = d
    return best


@njit(cache=True)
def want_spell(s, t, b, p, prm):
    """Whether p casts a spell it may cast now (random bot: a coin)."""
    if prm[P_RANDOM] > 0:
        return coin(s, b, p)
    return prm[P_SPELLS] > 0


@njit(cache=True)
def spell_now(s, t, b, p, prm, e, timing, stage):
    """Whether p considers casting its spell of effect ``e`` at this point of its turn (``stage``,
    S.CAST_*). The rules allow any point; the random bot considers every one (want_spell then
    tosses its coin). The heuristic attaches and casts just before the attack, Growth Charm only
    for a capture (capture_phase), Victory Spell after the attack; with ``early_spells`` it also
    tries the spells that need no creature of its own before summoning."""
    if prm[P_RANDOM] > 0:
        return True
    if e == S.E_GROWTH_CHARM:
        return False
    if e == S.E_VICTORY_SPELL:
        return stage == S.CAST_AFTER_ATTACK
    if stage == S.CAST_BEFORE_ATTACK:
        return True
    early = (e == S.E_DEATH_INCANTATION or e == S.E_DEATH_SPELL or e == S.E_SHAPING_SPELL
             or e == S.E_VICTORY_INCANTATION or e == S.E_VICTORY_CHARM)
    return stage == S.CAST_BEFORE_SUMMON and early and timing != S.T_ATTACH and prm[P_EARLY_SPELLS] > 0


@njit(cache=True)
def want_reaction(s, t, b, q, prm):
    """Whether q casts a useful reaction spell now."""
    if prm[P_RANDOM] > 0:
        return coin(s, b, q)
    return prm[P_REACTIONS] > 0


@njit(cache=True)
def want_shaping_cantrip(s, t, b, q, prm, under_life_charm):
    """Whether q casts Shaping Cantrip on its just destroyed creature. Under q's own Life Charm
    the rules allow it too (both replace the trip to the used pile); the heuristic then keeps the
    Cantrip, since the die comes back to the Active Pool anyway."""
    if prm[P_RANDOM] > 0:
        return coin(s, b, q)
    return prm[P_REACTIONS] > 0 and not under_life_charm


@njit(cache=True)
def most_valuable_die(s, t, b, c, creature_dice_only, exclude):
    """Die in container c with the highest card cost (optionally only dice of creature cards,
    the Assistant included), or -1."""
    best = -1
    best_v = -1
    for i in range(s.cont_n[b, c]):
        d = s.cont[b, c, i]
        if d == exclude:
            continue
        card = card_of(s, b, d)
        if creature_dice_only and not (t.card_kind[card] == K_CREATURE or s.d_slot[b, d] == SLOT_ASSISTANT):
            continue
        v = t.card_cost[card]
        if v > best_v:
            best_v = v
            best = d
    return best


@njit(cache=True)
def has_burst_effect(s, t, b, d, code, min_burst):
    """Die d is governed by ``code`` and shows at least ``min_burst`` bursts."""
    return effect(s, t, b, d) == code and burst(s, t, b, d) >= min_burst


@njit(cache=True)
def active_dice(s, b, p):
    """Number of dice in p's Active Pool."""
    return s.cont_n[b, zone_of(p, Z_ACTIVE)]


@njit(cache=True)
def in_ready(s, b, p, d):
    """Die d lies in p's Ready Area."""
    return s.d_cont[b, d] == zone_of(p, Z_READY)
