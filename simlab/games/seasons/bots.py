"""Seasons bots: a parameter vector per seat and the compiled decisions that read it.

Every decision the rules ask a player for goes through one function here. With ``random = 1``
each decision is a uniformly random legal choice (the fuzzing bot); otherwise a heuristic reads
its weights and thresholds from the parameter vector. Cards are scored by one yardstick,
``card_score`` (printed prestige, the effect's estimated worth ``card_value``, an engine bonus
that fades as the game runs out, minus the cost), used for the draft, the pile split, keeping
drawn cards and the summoning order.
"""

from __future__ import annotations

from simlab.games.base import BotPreset
from simlab.games.jit import njit
from simlab.games.kernel import coin, rand
from simlab.games.seasons import state as S
from simlab.games.seasons.state import (
    B_EXCHANGE,
    B_GAUGE,
    C_DECK,
    E_BALANCE_ISHTAR,
    E_CRYSTAL_ORB,
    E_DAMNED_SOUL,
    E_DIE_MALICE,
    E_DRAGON_SKULL,
    E_FAIRY_MONOLITH,
    E_GLUTTON_CAULDRON,
    E_IDOL_FAMILIAR,
    E_JEWEL_ANCIENTS,
    E_KAIRN,
    E_NECROTIC_KRISS,
    E_POTION_DREAMS,
    E_POTION_KNOWLEDGE,
    E_POTION_LIFE,
    E_POTION_POWER,
    E_POTION_RESURRECTION,
    E_TREE_LIGHT,
    K_FAMILIAR,
    K_ITEM,
    NEN,
    TM_ACTIVATED,
    WATER,
    Z_HAND,
    Z_PICK,
    Z_PLAY,
    can_activate,
    can_move_season,
    can_summon,
    energy_total,
    hand_n,
    in_play,
    reserve_size,
    season_of,
    spendable,
    zone_of,
)

PARAMS = {
    "random": 0.0,        # 1 = uniformly random legal choices
    "w_prestige": 0.8,    # card score: weight on printed prestige
    "w_effect": 1.0,      # ... on the effect's estimated worth (data.BOT_HINTS)
    "w_engine": 2.0,      # ... bonus for engine cards, scaled by the share of the game left
    "w_cost": 2.5,        # ... penalty per energy of summoning cost (3 crystals count as 1)
    "keep_min": 1.0,      # keep a drawn card (else discard it) when its score is at least this
    "die_energy": 1.0,    # die choice: worth of an energy that fits in the reserve
    "die_need": 0.5,      # ... extra for an energy a hand card needs
    "die_crystal": 1.0,   # ... of a crystal
    "die_gauge": 3.0,     # ... of a gauge star when the gauge blocks summoning (a quarter otherwise)
    "die_draw": 2.0,      # ... of a card draw
    "die_trans": 0.7,     # ... of the transmute circle, per energy held that is not needed
    "trans_min": 2.0,     # transmute an unneeded energy when it pays at least this many crystals
    "max_bonus": 2.0,     # bonuses the bot may use (0-3; each costs prestige at the end)
    "bonus_min": 10.0,    # use a bonus to enable a summon only for a card scoring at least this
    "bonus_trans": 6.0,   # late in year III: transmute bonus when holding this many spare energies
    "early_engine": 3.0,  # pile split: how strongly engine and cheap cards go to year I
    "tokval_1": -2.0,     # value of keeping each special-ability token (choice of 1 among 3)
    "tokval_2": 8.0,
    "tokval_3": -1.0,
    "tokval_4": 8.0,
    "tokval_5": 3.0,
    "tokval_6": 3.0,
    "tokval_7": 6.0,
    "tokval_8": 5.0,
    "tokval_9": 0.0,
    "tokval_10": 3.0,
    "tokval_11": 9.0,
    "tokval_12": 1.0,
    "fixed_token": -1.0,  # a study fixes the token this bot holds: 1-12, 0 = none, -1 = keep 1 of 3
    "pips_mean": 2.0,     # endgame: season spaces time moves a round (the dice average 2 pips)
    "end_energy": 1.2,    # ... energies a turn the bot expects to gain towards its hand cards
    "end_gauge": 0.4,     # ... gauge stars a turn it expects
    "die_need_late": 2.0, # die choice: extra worth of a needed energy, growing as the game ends
    "late_cheap": 1.0,    # pile split: 1 = the cheapest non-engine cards go to year III (time to summon)
    "early_bonus": 1.0,   # bonuses used before the endgame (the rest only when a summon pays for it)
    "tok_gain_min": 8.0,  # tokens 3 and 9 (they cost prestige): least card worth they must enable
    "tok6_min": 9.0,      # token 6: least crystals the transmutation it allows must pay
    "tok8_water": 2.0,    # token 8: extra worth of a water energy while the bot banks 4 for it
    "tok10_lead": 6.0,    # token 10 in year III: move forward (end sooner) when ahead by this much
    "need_sum": 4.0,      # from this year on energies kept for the hand add up over its cards (4: never)
    "rollouts": 0.0,      # lookahead bot (lookahead.py): games played out per season die; 0 = off
    "look_z": 1.5,        # ... an option replaces the heuristic's only when its playouts beat it by
    #                       more than look_z standard errors (paired)
    "look_summons": 1.0,  # ... 1: it also plays out each summon (and holding); 0: the season die only
}
(P_RANDOM, P_W_PRESTIGE, P_W_EFFECT, P_W_ENGINE, P_W_COST, P_KEEP_MIN, P_DIE_ENERGY, P_DIE_NEED,
 P_DIE_CRYSTAL, P_DIE_GAUGE, P_DIE_DRAW, P_DIE_TRANS, P_TRANS_MIN, P_MAX_BONUS, P_BONUS_MIN,
 P_BONUS_TRANS, P_EARLY_ENGINE, P_TOKVAL1) = range(18)
P_FIXED_TOKEN = P_TOKVAL1 + 12
(P_PIPS_MEAN, P_END_ENERGY, P_END_GAUGE, P_DIE_NEED_LATE, P_LATE_CHEAP, P_EARLY_BONUS, P_TOK_GAIN_MIN,
 P_TOK6_MIN, P_TOK8_WATER, P_TOK10_LEAD, P_NEED_SUM, P_ROLLOUTS, P_LOOK_Z, P_LOOK_SUMMONS) = range(
    P_FIXED_TOKEN + 1, P_FIXED_TOKEN + 15)
NPARAM = len(PARAMS)
assert list(PARAMS).index("need_sum") == P_NEED_SUM and list(PARAMS).index("look_summons") == P_LOOK_SUMMONS

PRESETS = {
    "balanced": BotPreset("balanced", "scores cards by prestige, effect and cost; transmutes spare energy "
                          "worth 2+; one bonus before the endgame, a second to summon at the end",
                          {}),
    "crystal_rush": BotPreset("crystal_rush", "takes crystal faces, transmutes everything, favours instant "
                              "crystal cards, up to two bonuses",
                              {"die_crystal": 1.6, "trans_min": 1.0, "w_engine": 0.0, "w_effect": 1.3,
                               "die_trans": 1.2, "max_bonus": 3.0, "early_bonus": 2.0, "bonus_trans": 4.0,
                               "die_gauge": 1.5}),
    "engine": BotPreset("engine", "builds permanent/activated engines early, hoards energy and gauge",
                        {"w_engine": 5.0, "die_gauge": 3.0, "die_energy": 1.4, "trans_min": 3.0,
                         "keep_min": 0.0, "early_engine": 6.0, "bonus_min": 8.0}),
    "random": BotPreset("random", "uniformly random legal choices (rules fuzzing)", {"random": 1.0}),
}

# Allowed ranges of the lookahead bot's parameters (a scenario or preset file outside them is an
# error): each playout is a game, so a choice costs rollouts x options games.
LIMITS = {"rollouts": (0.0, 1024.0), "look_z": (0.0, 10.0), "look_summons": (0.0, 1.0)}

# The parameters `simlab tune` searches, with the range it searches and preset files must keep to
# (the token values and the counts of bonuses are choices a study fixes, not tuned).
TUNABLE = {
    "w_prestige": (0.0, 3.0), "w_effect": (0.0, 3.0), "w_engine": (0.0, 8.0), "w_cost": (0.0, 6.0),
    "keep_min": (-2.0, 6.0), "die_energy": (0.0, 3.0), "die_need": (0.0, 3.0), "die_crystal": (0.0, 3.0),
    "die_gauge": (0.0, 6.0), "die_draw": (0.0, 5.0), "die_trans": (0.0, 3.0), "trans_min": (0.0, 5.0),
    "bonus_min": (0.0, 20.0), "bonus_trans": (0.0, 12.0), "early_engine": (0.0, 10.0),
    "end_energy": (0.0, 3.0), "end_gauge": (0.0, 2.0), "die_need_late": (0.0, 5.0),
    "tok_gain_min": (0.0, 16.0), "tok6_min": (0.0, 16.0), "tok8_water": (0.0, 5.0), "tok10_lead": (0.0, 15.0),
}


# Why many small helpers here are inline="always" (game_left, turns_left, deficit, card_worth,
# alive_limit, ...): an out-of-line compiled call increfs and decrefs the state and the tables, and
# the bots call these once per hand card or die face; inlining them measured 2p 10,350 -> 11,300
# games/s (docs/seasons.md, "Speed").
@njit(cache=True, inline="always")
def game_left(s, b):
    """Share of the game still to play (1 at the start, about 0 in the last round)."""
    elapsed = (s.year[b] - 1) * 12 + s.month[b] - 1
    return max(0.0, (36.0 - elapsed) / 36.0)


@njit(cache=True, inline="always")
def late(s, b):
    """Year III, fall: any round may be the last."""
    return s.year[b] >= 3 and s.month[b] >= 10


@njit(cache=True, inline="always")
def months_left(s, b):
    """Season-wheel spaces before the game ends: 36 at the start, 1 on year III's last space (the
    round that moves time past it is the last one)."""
    return 36 - ((s.year[b] - 1) * 12 + s.month[b] - 1)


@njit(cache=True, inline="always")
def turns_left(s, b, prm):
    """Turns p can still expect, this one included (time moves about ``pips_mean`` a round)."""
    return max(1.0, months_left(s, b) / prm[P_PIPS_MEAN])


@njit(cache=True)
def end_pips(s, t, b):
    """Least and most pips among this round's season dice nobody has taken yet (the die left
    moves time; the dice rolled at the round's start); (0, 0) when none is left."""
    se = s.roll_season[b]
    lo = 99
    hi = 0
    for k in range(s.players[b] + 1):
        if s.taken[b, k]:
            continue
        pp = t.face_pips[se, s.dice[b, se, k], s.roll[b, k]]
        lo = min(lo, pp)
        hi = max(hi, pp)
    if hi == 0:
        return 0, 0
    return lo, hi


@njit(cache=True)
def last_turn(s, t, b):
    """This round surely ends the game: whichever die is left moves time past year III's end."""
    if s.year[b] < 3:
        return False
    lo, hi = end_pips(s, t, b)
    return hi > 0 and lo >= months_left(s, b)


@njit(cache=True)
def near_end(s, t, b):
    """This round may end the game (a die still untaken would move time past year III's end)."""
    if s.year[b] < 3:
        return False
    lo, hi = end_pips(s, t, b)
    return hi >= months_left(s, b) or months_left(s, b) <= 1


@njit(cache=True, inline="always")
def alive_limit(s, b, p, prm):
    """The most energies a hand card may lack and still be ``card_alive``; -1 when the full
    gauge leaves no card alive. It does not depend on the card, so loops over the hand compute
    it once rather than once per card (the same float, so the same comparisons)."""
    tl = turns_left(s, b, prm) - 1.0
    g = s.gauge[b, p]
    if g <= in_play(s, b, p) and prm[P_END_GAUGE] * tl < 1.0:
        return -1.0
    return prm[P_END_ENERGY] * tl + 0.01


@njit(cache=True, inline="always")
def alive_with(s, t, b, p, card, lim):
    """``card_alive`` given ``alive_limit`` (deficits are never negative, so -1 kills all)."""
    d, tot = deficit(s, t, b, p, card)
    return not (d > lim)


@njit(cache=True)
def card_alive(s, t, b, p, prm, card):
    """Whether p can still expect to summon hand card ``card`` before the end: the energies it
    lacks (``end_energy`` a turn) and, if the gauge is full, a star (``end_gauge`` a turn) must
    come within the turns left. Always true early in the game."""
    return alive_with(s, t, b, p, card, alive_limit(s, b, p, prm))


@njit(cache=True, inline="always")
def saving_water(s, b, p):
    """p holds token 8 unused: it banks 4 water to discard for it."""
    return s.token[b, p] == 8 and not s.token_used[b, p]


@njit(cache=True)
def keep_of(s, t, b, p, prm, e):
    """Energies of type e p keeps: what its most demanding live hand card needs, and 4 water
    while it saves them for token 8."""
    return keep_n(s, b, p, e, need_of(s, t, b, p, prm, e))


@njit(cache=True, inline="always")
def keep_n(s, b, p, e, n):
    """``keep_of`` given ``need_of(e)``."""
    if e == WATER:
        if saving_water(s, b, p):
            n = max(n, 4)
    return n


@njit(cache=True)
def card_score(s, t, b, p, prm, card):
    """The heuristic worth of a card type for p (``card_worth``); in year III a card p could not
    summon in time (``card_alive``) is worth -10: held, it would cost 5 at the end (token 5
    aside). So the rules' choices that read it discard such a card first (token 2, Argos'
    Embrace) and the bot does not keep it."""
    lim = 0.0
    if s.year[b] >= 3:  # the limit is only read in year III (it divides by pips_mean)
        lim = alive_limit(s, b, p, prm)
    return card_score_lim(s, t, b, p, prm, card, lim)


@njit(cache=True, inline="always")
def card_score_lim(s, t, b, p, prm, card, lim):
    """``card_score`` given ``alive_limit`` (loops over a container compute it once)."""
    if s.year[b] >= 3:
        if s.token[b, p] != 5:
            if not alive_with(s, t, b, p, card, lim):
                return -2.0 * S.HAND_PENALTY
    return card_worth(s, t, b, p, prm, card)


@njit(cache=True, inline="always")
def card_worth(s, t, b, p, prm, card):
    """The heuristic worth of a card type (higher is better), whether or not p can pay for it."""
    pc = s.players[b] - 2
    cost = 0.0
    for e in range(NEN):
        cost += t.card_cost[pc, card, e]
    cost += t.card_cost[pc, card, 4] / 3.0
    return (prm[P_W_PRESTIGE] * t.card_prestige[card] + prm[P_W_EFFECT] * t.card_value[card]
            + prm[P_W_ENGINE] * t.card_engine[card] * game_left(s, b) - prm[P_W_COST] * cost)


@njit(cache=True)
def need_of(s, t, b, p, prm, e):
    """Energies of type e p keeps for summoning: what its most demanding hand card costs in year
    I, the sum over its hand cards from year ``need_sum`` on (every card must come out before
    the end); in year III only cards it can still summon count (``card_alive``)."""
    c = zone_of(p, Z_HAND)
    pc = s.players[b] - 2
    n = 0
    tot = 0
    endgame = s.year[b] >= 3
    for k in range(s.cont_n[b, c]):
        card = t.inst_card[s.cont[b, c, k]]
        x = t.card_cost[pc, card, e]
        if x > 0 and (not endgame or card_alive(s, t, b, p, prm, card)):
            n = max(n, x)
            tot += x
    return tot if s.year[b] >= prm[P_NEED_SUM] else n


@njit(cache=True)
def need_all(s, t, b, p, prm):
    """``need_of`` for the four energy types from one hand scan, each card's ``card_alive``
    tested once: a die choice, a gain/lose choice or a spare count needs all four, and four
    separate scans (each testing every card in year III) cost as much as the rest of the turn."""
    c = zone_of(p, Z_HAND)
    pc = s.players[b] - 2
    yr = s.year[b]
    endgame = yr >= 3
    lim = 0.0
    if endgame:
        lim = alive_limit(s, b, p, prm)
    n0 = 0
    n1 = 0
    n2 = 0
    n3 = 0
    t0 = 0
    t1 = 0
    t2 = 0
    t3 = 0
    for k in range(s.cont_n[b, c]):
        card = t.inst_card[s.cont[b, c, k]]
        x0 = t.card_cost[pc, card, 0]
        x1 = t.card_cost[pc, card, 1]
        x2 = t.card_cost[pc, card, 2]
        x3 = t.card_cost[pc, card, 3]
        if x0 + x1 + x2 + x3 == 0:
            continue  # costs are never negative: no type needs it (need_of skips it too)
        if endgame:
            if not alive_with(s, t, b, p, card, lim):
                continue
        n0 = max(n0, x0)
        n1 = max(n1, x1)
        n2 = max(n2, x2)
        n3 = max(n3, x3)
        t0 += x0
        t1 += x1
        t2 += x2
        t3 += x3
    if yr >= prm[P_NEED_SUM]:
        return (t0, t1, t2, t3)
    return (n0, n1, n2, n3)


@njit(cache=True)
def pick_from(s, t, b, p, prm, c):
    """The card in container c p likes best (random bot: any), -1 if empty."""
    n = s.cont_n[b, c]
    if n == 0:
        return -1
    if prm[P_RANDOM] > 0:
        return s.cont[b, c, rand(s, b, p, n)]
    best = -1
    best_v = -1e18
    endgame = c == S.C_REVEAL and s.year[b] >= 3 and s.token[b, p] != 5
    lim = alive_limit(s, b, p, prm)
    for k in range(n):
        i = s.cont[b, c, k]
        card = t.inst_card[i]
        v = card_score_lim(s, t, b, p, prm, card, lim) + 1e-6 * rand(s, b, p, 1024)
        if endgame and not alive_with(s, t, b, p, card, lim):
            # a revealed card mostly goes to hand: one that cannot come out costs 5 at the end
            # (Divine Chalice's free card is the exception this simplification misjudges)
            v -= 100.0
        if v > best_v:
            best_v = v
            best = i
    return best


@njit(cache=True)
def worst_in(s, t, b, p, prm, c, familiar_only):
    """The card in container c p likes least (random bot: any), -1 if none qualifies."""
    n = s.cont_n[b, c]
    best = -1
    best_v = 1e18
    nopt = 0
    for k in range(n):
        i = s.cont[b, c, k]
        card = t.inst_card[i]
        if familiar_only and t.card_kind[card] != K_FAMILIAR:
            continue
        if prm[P_RANDOM] > 0:
            nopt += 1
            if rand(s, b, p, nopt) == 0:
                best = i
            continue
        v = card_score(s, t, b, p, prm, card)
        if c == zone_of(p, Z_PLAY):
            v = t.card_prestige[card] + 0.5 * t.card_engine[card] * 3 * game_left(s, b)
        elif c == zone_of(p, Z_HAND) and s.year[b] >= 3 and not card_alive(s, t, b, p, prm, card):
            v -= 100.0  # it would stay in hand anyway
        v += 1e-6 * rand(s, b, p, 1024)
        if v < best_v:
            best_v = v
            best = i
    return best


@njit(cache=True)
def split_piles(s, t, b, p, prm, per_pile):
    """Order p's drafted cards into year I (hand), II and III piles of ``per_pile`` each: engine
    and cheap cards early, expensive prestige cards late. Writes the order to scratch row 0."""
    c = zone_of(p, Z_PICK)
    n = s.cont_n[b, c]
    keys = s.scratch[b, 1]
    order = s.scratch[b, 0]
    pc = s.players[b] - 2
    for k in range(n):
        i = s.cont[b, c, k]
        order[k] = i
        card = t.inst_card[i]
        if prm[P_RANDOM] > 0:
            keys[k] = rand(s, b, p, 1000)
        else:
            cost = 0
            for e in range(NEN):
                cost += t.card_cost[pc, card, e]
            v = -prm[P_EARLY_ENGINE] * t.card_engine[card] * 10 + cost * 10 + t.card_prestige[card]
            keys[k] = int(v)
    # insertion sort by key (at most 18 cards)
    for a in range(1, n):
        ki = keys[a]
        oi = order[a]
        j = a - 1
        while j >= 0 and keys[j] > ki:
            keys[j + 1] = keys[j]
            order[j + 1] = order[j]
            j -= 1
        keys[j + 1] = ki
        order[j + 1] = oi
    if prm[P_LATE_CHEAP] > 0 and prm[P_RANDOM] == 0 and n == 3 * per_pile:
        # year III leaves few turns to summon: its pile takes the cheapest of the later cards
        # (engine cards stay early), year II the expensive ones
        for a in range(per_pile, n):
            card = t.inst_card[order[a]]
            cost = 0
            for e in range(NEN):
                cost += t.card_cost[pc, card, e]
            keys[a] = int(-10.0 * cost - 100.0 * t.card_engine[card])
        for a in range(per_pile + 1, n):
            ki = keys[a]
            oi = order[a]
            j = a - 1
            while j >= per_pile and keys[j] > ki:
                keys[j + 1] = keys[j]
                order[j + 1] = order[j]
                j -= 1
            keys[j + 1] = ki
            order[j + 1] = oi
    return n


@njit(cache=True)
def keep_drawn(s, t, b, p, prm, card):
    """Whether p keeps a drawn card (else it is discarded)."""
    if prm[P_RANDOM] > 0:
        return coin(s, b, p)
    if s.token[b, p] == 5:
        return True  # with token 5 each card left in hand pays prestige instead of costing it
    if card_score(s, t, b, p, prm, card) < prm[P_KEEP_MIN] or not card_alive(s, t, b, p, prm, card):
        return False
    # a card left in hand costs 5 prestige: the energies and gauge spaces this card and the live
    # hand cards still need must come within the turns left
    tl = turns_left(s, b, prm) - 0.5
    pc = s.players[b] - 2
    load = 0.0 - energy_total(s, b, p)
    n = 1
    for e in range(NEN):
        load += t.card_cost[pc, card, e]
    c = zone_of(p, Z_HAND)
    lim = alive_limit(s, b, p, prm)
    for k in range(s.cont_n[b, c]):
        h = t.inst_card[s.cont[b, c, k]]
        if alive_with(s, t, b, p, h, lim):
            n += 1
            for e in range(NEN):
                load += t.card_cost[pc, h, e]
    short = n - (s.gauge[b, p] - in_play(s, b, p))
    return load <= prm[P_END_ENERGY] * tl and short <= prm[P_END_GAUGE] * tl + 0.5


@njit(cache=True)
def energy_worth(s, t, b, p, prm, e):
    """How much p wants one more energy of type e (gain choice; lowest is discarded first)."""
    return energy_worth_n(s, t, b, p, prm, e, need_of(s, t, b, p, prm, e))


@njit(cache=True)
def energy_worth_n(s, t, b, p, prm, e, need):
    """``energy_worth`` given ``need_of(e)`` (the choices over the four types scan the hand once)."""
    v = t.transmute[season_of(s.month[b]), e] + 0.5 * t.transmute[(season_of(s.month[b]) + 1) % 4, e]
    held = s.energy[b, p, e]
    if need > held:
        v += 3.0
    if e == WATER and saving_water(s, b, p) and spendable(s, t, b, p, WATER) < 4:
        v += prm[P_TOK8_WATER]
    return v


@njit(cache=True)
def choose_gain(s, t, b, p, prm):
    """Energy type p takes when it may choose."""
    if prm[P_RANDOM] > 0:
        return rand(s, b, p, NEN)
    best = 0
    best_v = -1e9
    needs = need_all(s, t, b, p, prm)
    for e in range(NEN):
        v = energy_worth_n(s, t, b, p, prm, e, needs[e]) + 1e-6 * rand(s, b, p, 1024)
        if v > best_v:
            best_v = v
            best = e
    return best


@njit(cache=True)
def choose_lose(s, t, b, p, prm):
    """Energy type p gives up when it must discard one of its choice (it holds at least one)."""
    if prm[P_RANDOM] > 0:
        k = rand(s, b, p, energy_total(s, b, p))
        for e in range(NEN):
            if k < s.energy[b, p, e]:
                return e
            k -= s.energy[b, p, e]
        return 0
    best = -1
    best_v = 1e9
    needs = need_all(s, t, b, p, prm)
    for e in range(NEN):
        if s.energy[b, p, e] == 0:
            continue
        need = needs[e]
        v = energy_worth_n(s, t, b, p, prm, e, need)
        if s.energy[b, p, e] > keep_n(s, b, p, e, need):
            v -= 3.0
        if v < best_v:
            best_v = v
            best = e
    return best


@njit(cache=True)
def face_worth(s, t, b, p, prm, season, die, face):
    """The heuristic worth of taking a season die showing ``face``."""
    return face_worth_n(s, t, b, p, prm, season, die, face, need_all(s, t, b, p, prm), near_end(s, t, b))


@njit(cache=True)
def face_worth_n(s, t, b, p, prm, season, die, face, needs, ne):
    """``face_worth`` given ``need_all`` and ``near_end``, which do not depend on the face: a
    die choice computes them once for all its dice and faces."""
    room = reserve_size(s, t, b, p) - energy_total(s, b, p)
    v = 0.0
    got = 0
    gl = game_left(s, b)
    water = spendable(s, t, b, p, WATER)
    for e in range(NEN):
        n = t.face_energy[season, die, face, e]
        need = needs[e] - s.energy[b, p, e]
        for _ in range(n):
            if got < room:
                if need > 0:
                    v += prm[P_DIE_ENERGY] + prm[P_DIE_NEED] + prm[P_DIE_NEED_LATE] * (1.0 - gl)
                    need -= 1
                else:
                    v += prm[P_DIE_ENERGY] * (0.4 if ne else 1.0)
                if e == WATER and saving_water(s, b, p) and water < 4:
                    v += prm[P_TOK8_WATER]
                    water += 1
            got += 1
    v += prm[P_DIE_CRYSTAL] * t.face_crystals[season, die, face]
    fl = t.face_flags[season, die, face]
    if fl & S.FF_STAR and s.gauge[b, p] < S.MAX_GAUGE:
        blocked = s.gauge[b, p] <= in_play(s, b, p) and hand_n(s, b, p) > 0
        v += prm[P_DIE_GAUGE] * (1.0 if blocked else 0.25 * game_left(s, b))
    if fl & S.FF_DRAW:
        # a card drawn late is rarely summoned in time (token 5 pays for it in hand)
        v += prm[P_DIE_DRAW] * (1.0 if s.token[b, p] == 5 else max(0.1, min(1.0, 3.0 * gl - 0.3)))
    if fl & S.FF_TRANS:
        v += prm[P_DIE_TRANS] * spare_n(s, b, p, needs)
    return v


@njit(cache=True)
def choose_die(s, t, b, p, prm):
    """Index of the rolled die p takes (among those not taken)."""
    nd = s.players[b] + 1
    season = s.roll_season[b]  # the dice on the table
    best = -1
    best_v = -1e18
    nopt = 0
    rnd = prm[P_RANDOM] > 0
    needs = (0, 0, 0, 0)
    ne = False
    if not rnd:
        needs = need_all(s, t, b, p, prm)
        ne = near_end(s, t, b)
    for k in range(nd):
        if s.taken[b, k]:
            continue
        if rnd:
            nopt += 1
            if rand(s, b, p, nopt) == 0:
                best = k
            continue
        v = (face_worth_n(s, t, b, p, prm, season, s.dice[b, season, k], s.roll[b, k], needs, ne)
             + 1e-6 * rand(s, b, p, 1024))
        if v > best_v:
            best_v = v
            best = k
    return best


@njit(cache=True)
def choose_token(s, t, b, p, prm):
    """Which of p's three dealt tokens to keep (index 0-2), by the per-token value table."""
    best = -1
    best_v = -1e18
    nopt = 0
    for k in range(3):
        tok = s.token_deal[b, p, k]
        if tok <= 0:
            continue
        if prm[P_RANDOM] > 0:
            nopt += 1
            if rand(s, b, p, nopt) == 0:
                best = k
            continue
        v = prm[P_TOKVAL1 + tok - 1] + 1e-6 * rand(s, b, p, 1024)
        if v > best_v:
            best_v = v
            best = k
    return best


@njit(cache=True)
def spare_energy(s, t, b, p, prm):
    """Energies p holds beyond what its most demanding hand card needs."""
    return spare_n(s, b, p, need_all(s, t, b, p, prm))


@njit(cache=True, inline="always")
def spare_n(s, b, p, needs):
    """``spare_energy`` given ``need_all``."""
    n = 0
    for e in range(NEN):
        n += max(0, s.energy[b, p, e] - needs[e])
    return n


@njit(cache=True)
def transmute_count(s, t, b, p, prm, e):
    """How many energies of type e p transmutes now (it may transmute)."""
    have = s.energy[b, p, e]
    if have == 0:
        return 0
    if prm[P_RANDOM] > 0:
        return rand(s, b, p, have + 1)
    value = t.transmute[season_of(s.month[b]), e] + s.trans_extra[b]
    if last_turn(s, t, b):
        # energy is worth nothing at the end but token 8's water, or 3 a piece with Lantern of Xidit
        if value <= 3 * S.count_effect(s, t, b, p, S.E_LANTERN_XIDIT):
            return 0
        return have - (min(have, 4) if e == WATER and saving_water(s, b, p) else 0)
    if value < prm[P_TRANS_MIN] and not near_end(s, t, b):
        return 0
    return max(0, have - keep_of(s, t, b, p, prm, e))


@njit(cache=True)
def activation_order(s, t, b, p, prm, k):
    """Random bot: a random starting index into p's cards in play; heuristic bot: 0."""
    if prm[P_RANDOM] > 0:
        return rand(s, b, p, max(k, 1))
    return 0


@njit(cache=True)
def card_activatable(t, card):
    return (t.card_timing[card] & TM_ACTIVATED) != 0


# ---------------------------------------------------------------------------------------------
# Summoning, activations and bonuses
# ---------------------------------------------------------------------------------------------

@njit(cache=True, inline="always")
def deficit(s, t, b, p, card):
    """Energies p lacks for card's printed energy cost (type by type), and its total energy cost."""
    pc = s.players[b] - 2
    d = 0
    tot = 0
    for e in range(NEN):
        c = t.card_cost[pc, card, e]
        tot += c
        d += max(0, c - s.energy[b, p, e])
    return d, tot


@njit(cache=True)
def choose_summon(s, t, b, p, prm):
    """The hand card p summons next (best score among the summonable ones), or -1."""
    c = zone_of(p, Z_HAND)
    plan = s.scratch[b, 4]
    best = -1
    best_v = -1e18
    nopt = 0
    lim = alive_limit(s, b, p, prm)
    for k in range(s.cont_n[b, c]):
        i = s.cont[b, c, k]
        if not can_summon(s, t, b, p, i, plan):
            continue
        if prm[P_RANDOM] > 0:
            nopt += 1
            if rand(s, b, p, nopt) == 0:
                best = i
            continue
        v = card_score_lim(s, t, b, p, prm, t.inst_card[i], lim) + 1e-6 * rand(s, b, p, 1024)
        if v > best_v:
            best_v = v
            best = i
    if prm[P_RANDOM] > 0 and nopt > 0 and rand(s, b, p, nopt + 1) == 0:
        return -1  # summoning is optional
    return best


@njit(cache=True)
def crystal_short_card(s, t, b, p, prm):
    """(hand card, crystals short): p's best-scoring hand card (score above ``keep_min``) that
    only crystals keep from being summoned now, so transmuting first could pay for it; (-1, 0)
    for none. The random bot never plans this (it transmutes at random)."""
    if prm[P_RANDOM] > 0:
        return -1, 0
    c = zone_of(p, Z_HAND)
    plan = s.scratch[b, 4]
    best = -1
    best_short = 0
    best_v = prm[P_KEEP_MIN]
    lim = alive_limit(s, b, p, prm)
    rich = s.crystals[b, p]
    for k in range(s.cont_n[b, c]):
        i = s.cont[b, c, k]
        if can_summon(s, t, b, p, i, plan):
            continue
        s.crystals[b, p] = rich + 1000
        ok = can_summon(s, t, b, p, i, plan)
        s.crystals[b, p] = rich
        if not ok:
            continue
        v = card_score_lim(s, t, b, p, prm, t.inst_card[i], lim)
        if v > best_v:
            leech = 0
            for q in range(s.players[b]):
                if q != p:
                    leech += S.count_effect(s, t, b, q, S.E_ARCANO_LEECH)
            best_v = v
            best = i
            best_short = plan[4] + leech - rich
    return best, best_short


@njit(cache=True)
def best_hand_card(s, t, b, p, prm):
    """p's favourite hand card and its score (-1 if the hand is empty)."""
    c = zone_of(p, Z_HAND)
    best = -1
    best_v = -1e18
    lim = alive_limit(s, b, p, prm)
    for k in range(s.cont_n[b, c]):
        i = s.cont[b, c, k]
        v = card_score_lim(s, t, b, p, prm, t.inst_card[i], lim)
        if v > best_v:
            best_v = v
            best = i
    return best, best_v


@njit(cache=True)
def bonus_cost(s, t, b, p):
    """Prestige the next bonus costs at the end (the track's step)."""
    n = s.bonus_n[b, p]
    if n >= S.MAX_BONUS:
        return 1e9
    return t.rules[S.R_BONUS1 + n] - (t.rules[S.R_BONUS1 + n - 1] if n > 0 else 0)


@njit(cache=True)
def bonus_fix(s, t, b, p, card):
    """The bonus that makes hand card ``card`` summonable now: gauge +1 when the gauge is the only
    obstacle, or the 2-energy exchange when at most 2 energies are of the wrong type; -1 none."""
    plan = s.scratch[b, 4]
    pc = s.players[b] - 2
    if s.gauge[b, p] <= in_play(s, b, p):
        if s.gauge[b, p] < S.MAX_GAUGE and s.gauge[b, p] == in_play(s, b, p) and \
                S.pay_plan(s, t, b, p, card, True, plan):
            return B_GAUGE
        return -1
    d, tot = deficit(s, t, b, p, card)
    if 0 < d <= 2 and energy_total(s, b, p) >= tot and s.crystals[b, p] >= t.card_cost[pc, card, 4]:
        # try the exchange on the reserve, check the cost, put the reserve back
        e0 = s.energy[b, p, 0]
        e1 = s.energy[b, p, 1]
        e2 = s.energy[b, p, 2]
        e3 = s.energy[b, p, 3]
        for _ in range(2):
            give, want = exchange_swap(s, t, b, p, card)
            if give < 0:
                break
            s.energy[b, p, give] -= 1
            s.energy[b, p, want] += 1
        ok = S.pay_plan(s, t, b, p, card, True, plan)
        s.energy[b, p, 0] = e0
        s.energy[b, p, 1] = e1
        s.energy[b, p, 2] = e2
        s.energy[b, p, 3] = e3
        if ok:
            return B_EXCHANGE
    return -1


@njit(cache=True, inline="always")
def end_worth(s, t, b, p, prm, card):
    """What summoning ``card`` is worth now that the game ends soon: its prestige, the 5 it
    would cost left in hand, and half its effect's worth (little time left to enjoy it)."""
    return t.card_prestige[card] + S.HAND_PENALTY + 0.5 * prm[P_W_EFFECT] * t.card_value[card]


@njit(cache=True)
def bonus_for_summon(s, t, b, p, prm):
    """A (hand card, bonus) pair where the bonus makes that card summonable (``bonus_fix``):
    before the endgame only the first ``early_bonus`` bonuses, for a card scoring at least
    ``bonus_min``; in year III's last turns any bonus whose prestige cost the card's end worth
    (``end_worth``) beats. (-1, 0) for none."""
    if prm[P_RANDOM] > 0:
        c = zone_of(p, Z_HAND)
        n = s.cont_n[b, c]
        if n == 0 or rand(s, b, p, 6) != 0:
            return -1, 0
        return s.cont[b, c, rand(s, b, p, n)], B_GAUGE if coin(s, b, p) else B_EXCHANGE
    if s.year[b] >= 3 and turns_left(s, b, prm) <= 2.0:
        c = zone_of(p, Z_HAND)
        cost = bonus_cost(s, t, b, p)
        best = -1
        best_w = 0
        best_v = cost + 1.0
        for k in range(s.cont_n[b, c]):
            i = s.cont[b, c, k]
            card = t.inst_card[i]
            v = end_worth(s, t, b, p, prm, card)
            if v > best_v:
                w = bonus_fix(s, t, b, p, card)
                if w >= 0:
                    best_v = v
                    best = i
                    best_w = w
        return best, best_w
    if s.bonus_n[b, p] >= prm[P_EARLY_BONUS]:
        return -1, 0
    i, v = best_hand_card(s, t, b, p, prm)
    if i < 0 or v < prm[P_BONUS_MIN]:
        return -1, 0
    w = bonus_fix(s, t, b, p, t.inst_card[i])
    if w < 0:
        return -1, 0
    return i, w


@njit(cache=True)
def exchange_swap(s, t, b, p, card):
    """Bonus 1 aimed at ``card``: one (give, want) energy swap, or (-1, -1) when none helps."""
    pc = s.players[b] - 2
    want = -1
    for e in range(NEN):
        if s.energy[b, p, e] < t.card_cost[pc, card, e]:
            want = e
            break
    if want < 0:
        return -1, -1
    give = -1
    for e in range(NEN):
        keep = t.card_cost[pc, card, e]
        if e == WATER and saving_water(s, b, p):
            keep += 4  # banked for token 8
        if s.energy[b, p, e] > keep:
            give = e
            break
    if give < 0 and s.energy[b, p, WATER] > t.card_cost[pc, card, WATER]:
        give = WATER
    if give < 0:
        return -1, -1
    return give, want


@njit(cache=True)
def want_activation(s, t, b, p, prm, i):
    """Whether (and how: the mode) the heuristic activates card i now; 0 = no."""
    card = S.eff_card(s, t, b, i)
    e = t.card_effect[card]
    lt = late(s, b)
    if e == E_BALANCE_ISHTAR:
        n = t.rules[S.R_ISHTAR_N]
        x = ishtar_energy(s, t, b, p, prm, n)
        if s.energy[b, p, x] - need_of(s, t, b, p, prm, x) >= n or lt or \
                energy_total(s, b, p) >= reserve_size(s, t, b, p) - 1:
            return 1
        return 0
    if e == E_KAIRN:
        hurt = 0
        for q in range(s.players[b]):
            if q != p:
                hurt += min(4, s.crystals[b, q])
        return 1 if spare_energy(s, t, b, p, prm) >= 1 and hurt >= 6 else 0
    if e == E_POTION_POWER:
        if lt or (s.year[b] >= 3 and turns_left(s, b, prm) < 3.0):
            return 0  # its card must be kept: too late to summon it
        blocked = s.gauge[b, p] <= in_play(s, b, p) and hand_n(s, b, p) > 0
        return 1 if blocked or (hand_n(s, b, p) == 0 and s.year[b] < 3) else 0
    if e == E_POTION_DREAMS:
        k = dreams_target(s, t, b, p, prm)
        if k < 0:
            return 0
        d, tot = deficit(s, t, b, p, t.inst_card[k])
        return 1 if tot >= 3 and d >= 2 and energy_total(s, b, p) <= 3 else 0
    if e == E_POTION_KNOWLEDGE:
        room = reserve_size(s, t, b, p) - energy_total(s, b, p)
        return 1 if room >= 4 and not lt else 0
    if e == E_POTION_LIFE:
        n = energy_total(s, b, p)
        return 1 if n >= 5 or (lt and n >= 2) else 0
    if e == E_TREE_LIGHT:
        if not s.can_trans[b] and spare_energy(s, t, b, p, prm) >= 4:
            return 2 if energy_total(s, b, p) >= 1 else 0
        k, v = best_hand_card(s, t, b, p, prm)
        if k >= 0 and s.crystals[b, p] >= 6 and not lt:
            d, tot = deficit(s, t, b, p, t.inst_card[k])
            if d == 1 and energy_total(s, b, p) < reserve_size(s, t, b, p):
                return 1
        return 0
    if e == E_DRAGON_SKULL:
        if not lt:
            return 0
        return 1 if lowest_three(s, t, b, p, -1) <= 9 else 0
    if e == E_IDOL_FAMILIAR:
        return 1
    if e == E_NECROTIC_KRISS:
        k = familiar_to_lose(s, t, b, p, i, prm)
        if k < 0 or reserve_size(s, t, b, p) - energy_total(s, b, p) < 2:
            return 0
        weak = card_score(s, t, b, p, prm, t.inst_card[k]) < prm[P_KEEP_MIN]
        if s.c_cont[b, k] == zone_of(p, Z_HAND) and (lt or weak):
            return 1
        return 0
    if e == E_GLUTTON_CAULDRON:
        return 1 if spare_energy(s, t, b, p, prm) >= 1 and not lt else 0
    if e == E_JEWEL_ANCIENTS:
        n = s.c_store[b, i, 0] + s.c_store[b, i, 1] + s.c_store[b, i, 2] + s.c_store[b, i, 3]
        return 1 if n < 3 and jewel_energy(s, t, b, p, prm) >= 0 else 0
    if e == E_FAIRY_MONOLITH:
        n = s.c_store[b, i, 0] + s.c_store[b, i, 1] + s.c_store[b, i, 2] + s.c_store[b, i, 3]
        room = reserve_size(s, t, b, p) - energy_total(s, b, p)
        k, v = best_hand_card(s, t, b, p, prm)
        short = k >= 0 and deficit(s, t, b, p, t.inst_card[k])[0] > 0
        return 1 if n >= 1 and room >= 1 and (short or (lt and s.can_trans[b])) else 0
    if e == E_CRYSTAL_ORB:
        return 1 if energy_total(s, b, p) >= 4 and s.gauge[b, p] > in_play(s, b, p) and not lt else 0
    if e == E_DAMNED_SOUL:
        return 1  # pass the -5 prestige and the -3 a round to the left
    if e == E_POTION_RESURRECTION:
        return 1 if not lt and s.cont_n[b, S.C_DISCARD] >= 3 else 0
    if e == S.E_MIRROR_SEASONS:
        return mirror_mode(s, t, b, p, prm)
    return 0  # Argos Hawk, Arcane Telescope: never worth it to the heuristic


@njit(cache=True)
def choose_activation(s, t, b, p, prm):
    """(card, mode) p activates next, or (-1, 0)."""
    c = zone_of(p, Z_PLAY)
    n = s.cont_n[b, c]
    if prm[P_RANDOM] > 0:
        if n == 0 or coin(s, b, p):
            return -1, 0
        start = rand(s, b, p, n)
        for d in range(n):
            i = s.cont[b, c, (start + d) % n]
            if can_activate(s, t, b, p, i):
                mode = 1
                e = t.card_effect[S.eff_card(s, t, b, i)]
                if e == E_TREE_LIGHT:
                    can1 = s.crystals[b, p] >= 3
                    can2 = energy_total(s, b, p) >= 1
                    mode = 1 if can1 and (not can2 or coin(s, b, p)) else 2
                elif e == E_CRYSTAL_ORB:
                    mode = 1 if s.crystals[b, p] < 3 or coin(s, b, p) else 2
                elif e == S.E_MIRROR_SEASONS:
                    mode = mirror_mode(s, t, b, p, prm)
                    if mode == 0:
                        return -1, 0
                return i, mode
        return -1, 0
    for k in range(n):
        i = s.cont[b, c, k]
        if can_activate(s, t, b, p, i):
            m = want_activation(s, t, b, p, prm, i)
            if m > 0:
                return i, m
    return -1, 0


@njit(cache=True)
def lowest_three(s, t, b, p, exclude):
    """Sum of the three lowest printed prestiges among p's cards in play (but ``exclude``)."""
    c = zone_of(p, Z_PLAY)
    a1 = 999
    a2 = 999
    a3 = 999
    for k in range(s.cont_n[b, c]):
        i = s.cont[b, c, k]
        if i == exclude:
            continue
        v = t.card_prestige[t.inst_card[i]]
        if v < a1:
            a3 = a2
            a2 = a1
            a1 = v
        elif v < a2:
            a3 = a2
            a2 = v
        elif v < a3:
            a3 = v
    return a1 + a2 + a3


@njit(cache=True)
def want_bonus_transmute(s, t, b, p, prm):
    """Bonus 2 (transmute, +1 crystal each) in year III's last season with ``bonus_trans`` spare
    energies, or on the last turn when the energies pay more than the bonus costs."""
    if prm[P_RANDOM] > 0:
        return rand(s, b, p, 8) == 0
    if s.bonus_n[b, p] >= prm[P_MAX_BONUS] or not late(s, b):
        return False
    if spare_energy(s, t, b, p, prm) >= prm[P_BONUS_TRANS]:
        return True
    if not last_turn(s, t, b):
        return False
    # the last turn: the energies are lost otherwise; worth it when they pay more than it costs
    se = season_of(s.month[b])
    gain = 0.0
    for e in range(NEN):
        n = s.energy[b, p, e] - (min(s.energy[b, p, e], 4) if e == WATER and saving_water(s, b, p) else 0)
        gain += n * (t.transmute[se, e] + 1)
    return gain >= bonus_cost(s, t, b, p) + 2.0


@njit(cache=True)
def want_bonus_draw2(s, t, b, p, prm):
    """Bonus 4 (draw 2 keep 1 on a card face): the random bot only."""
    if prm[P_RANDOM] > 0:
        return rand(s, b, p, 8) == 0
    return False


@njit(cache=True)
def want_bonus_draw(s, t, b, p, prm):
    """Olaf's Knowledge's draw bonus: only with an empty hand early in the game."""
    if prm[P_RANDOM] > 0:
        return rand(s, b, p, 8) == 0
    return hand_n(s, b, p) == 0 and s.year[b] == 1 and s.bonus_n[b, p] < prm[P_MAX_BONUS]


# ---------------------------------------------------------------------------------------------
# Card effects' choices
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def time_move_choice(s, t, b, p, prm, maxd):
    """Spaces to move the season token: 1-3 either way (Temporal Boots, maxd 3) or exactly 2
    either way (token 10, maxd 2). In year III the heuristic moves forward (the game ends
    sooner) when ahead by ``tok10_lead`` plus 5 a live hand card, else back (more rounds to
    play); earlier it moves forward by 1 (token 10: 2)."""
    exact = maxd == 2
    if prm[P_RANDOM] > 0:
        nopt = 0
        best = 0
        for d in range(-maxd, maxd + 1):
            if d == 0 or (exact and abs(d) != 2) or not can_move_season(s, b, d):
                continue
            nopt += 1
            if rand(s, b, p, nopt) == 0:
                best = d
        return best
    if s.year[b] == 3:
        # ahead with nothing left to summon: end sooner; otherwise more rounds to catch up
        if lead(s, t, b, p) >= prm[P_TOK10_LEAD] + S.HAND_PENALTY * (hand_n(s, b, p) - dead_in_hand(s, t, b, p, prm)):
            return maxd
        if can_move_season(s, b, -maxd):
            return -maxd
    return maxd if exact else 1


@njit(cache=True)
def item_to_take_back(s, t, b, p, prm):
    """Amsug Longneck: the magic item p takes back into hand (it must if it has one): the
    heuristic picks one with a when-enters-play effect it can enjoy again, else the lowest
    prestige."""
    c = zone_of(p, Z_PLAY)
    best = -1
    best_v = 1e18
    nopt = 0
    for k in range(s.cont_n[b, c]):
        i = s.cont[b, c, k]
        card = t.inst_card[i]
        if t.card_kind[card] != K_ITEM:
            continue
        if prm[P_RANDOM] > 0:
            nopt += 1
            if rand(s, b, p, nopt) == 0:
                best = i
            continue
        v = t.card_prestige[card] + 0.01 * rand(s, b, p, 64)
        if t.card_timing[card] & S.TM_ENTER:
            v -= t.card_value[card]
        if v < best_v:
            best_v = v
            best = i
    return best


@njit(cache=True)
def richest_opponent(s, b, p):
    """Lewis Greyface: the opponent with the most reserve energies (-1 if none has any)."""
    best = -1
    most = 0
    for q in range(s.players[b]):
        if q != p and energy_total(s, b, q) > most:
            most = energy_total(s, b, q)
            best = q
    return best


@njit(cache=True)
def crown_discard(s, t, b, p, prm):
    """Vampiric Crown: the hand card p discards for energies, or -1 to draw instead."""
    c = zone_of(p, Z_HAND)
    n = s.cont_n[b, c]
    if n == 0:
        return -1
    if prm[P_RANDOM] > 0:
        return -1 if coin(s, b, p) else s.cont[b, c, rand(s, b, p, n)]
    best = -1
    best_v = 2.5
    for k in range(n):
        i = s.cont[b, c, k]
        card = t.inst_card[i]
        v = t.card_prestige[card] - 0.5 * card_score(s, t, b, p, prm, card)
        if t.card_prestige[card] >= 3 and v > best_v:
            best_v = v
            best = i
    return best


@njit(cache=True)
def warden_energy(s, t, b, p, prm):
    """Warden of Argos: True = everyone discards 4 energies, False = everyone discards a card."""
    if prm[P_RANDOM] > 0:
        return coin(s, b, p)
    gain_e = -min(4, energy_total(s, b, p))
    gain_h = -2 * min(1, hand_n(s, b, p))
    for q in range(s.players[b]):
        if q != p:
            gain_e += min(4, energy_total(s, b, q))
            gain_h += 2 * min(1, hand_n(s, b, q))
    return gain_e >= gain_h


@njit(cache=True)
def choose_steal(s, t, b, p, prm, q):
    """Ratty Nightshade: the energy type p takes from q (q holds at least one)."""
    return best_energy_of(s, t, b, p, prm, s.energy[b, q])


@njit(cache=True)
def best_energy_of(s, t, b, p, prm, have):
    """The type p would most like to gain (``energy_worth``) among those ``have`` (4 counts)
    holds; the random bot any of them."""
    best = -1
    best_v = -1e9
    for e in range(NEN):
        if have[e] == 0:
            continue
        v = energy_worth(s, t, b, p, prm, e)
        if prm[P_RANDOM] > 0:
            v = rand(s, b, p, 100)
        if v > best_v:
            best_v = v
            best = e
    return best


@njit(cache=True)
def amulet_time_swaps(s, t, b, p, prm):
    """Amulet of Time: how many hand cards p discards and redraws (its unwanted ones)."""
    c = zone_of(p, Z_HAND)
    n = s.cont_n[b, c]
    if prm[P_RANDOM] > 0:
        return rand(s, b, p, n + 1)
    k = 0
    for j in range(n):
        if card_score(s, t, b, p, prm, t.inst_card[s.cont[b, c, j]]) < prm[P_KEEP_MIN]:
            k += 1
    return k


@njit(cache=True)
def ishtar_energy(s, t, b, p, prm, n):
    """Balance of Ishtar: the energy type (held n+ times) p turns into crystals."""
    best = -1
    best_v = 1e9
    needs = need_all(s, t, b, p, prm)
    for e in range(NEN):
        if s.energy[b, p, e] < n:
            continue
        v = needs[e] - s.energy[b, p, e]
        if e == WATER and saving_water(s, b, p) and s.energy[b, p, e] - n < 4:
            v += 100.0  # banked for token 8
        if prm[P_RANDOM] > 0:
            v = rand(s, b, p, 100)
        if v < best_v:
            best_v = v
            best = e
    return best


@njit(cache=True)
def dreams_target(s, t, b, p, prm):
    """Potion of Dreams: the hand card p puts into play free (its most expensive good card)."""
    c = zone_of(p, Z_HAND)
    n = s.cont_n[b, c]
    if n == 0:
        return -1
    if prm[P_RANDOM] > 0:
        return s.cont[b, c, rand(s, b, p, n)]
    best = -1
    best_v = -1e18
    for k in range(n):
        i = s.cont[b, c, k]
        card = t.inst_card[i]
        if t.card_effect[card] == S.E_MESODAE_LANTERN:
            continue
        d, tot = deficit(s, t, b, p, card)
        v = card_worth(s, t, b, p, prm, card) + 2.0 * tot + t.card_cost[s.players[b] - 2, card, 4] / 2.0
        if v > best_v:
            best_v = v
            best = i
    return best


@njit(cache=True)
def familiar_to_lose(s, t, b, p, exclude, prm):
    """Necrotic Kriss: the familiar p discards from hand (preferred) or sacrifices from play."""
    best = -1
    best_v = 1e18
    for z in (Z_HAND, Z_PLAY):
        c = zone_of(p, z)
        for k in range(s.cont_n[b, c]):
            i = s.cont[b, c, k]
            card = t.inst_card[i]
            if i == exclude or t.card_kind[card] != K_FAMILIAR:
                continue
            v = card_score(s, t, b, p, prm, card) if z == Z_HAND else 10.0 + t.card_prestige[card]
            if prm[P_RANDOM] > 0:
                v = rand(s, b, p, 100)
            if v < best_v:
                best_v = v
                best = i
    return best


@njit(cache=True)
def drought_sacrifice(s, t, b, p, prm):
    """Drought: the card p sacrifices, or -1 to lose a reserve space instead."""
    c = zone_of(p, Z_PLAY)
    if s.cont_n[b, c] == 0:
        return -1
    if prm[P_RANDOM] > 0:
        return -1 if coin(s, b, p) else s.cont[b, c, rand(s, b, p, s.cont_n[b, c])]
    i = worst_in(s, t, b, p, prm, c, False)
    if t.card_prestige[t.inst_card[i]] <= 2 and t.card_engine[t.inst_card[i]] == 0:
        return i
    return -1


@njit(cache=True)
def want_vision(s, t, b, p, prm, top_card):
    """Vision of Destiny: pay 5 crystals to discard the visible top card (random bot only)."""
    if prm[P_RANDOM] > 0:
        return rand(s, b, p, 4) == 0
    return False


# ---------------------------------------------------------------------------------------------
# Special-ability token use (EK)
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def payable_gain(s, t, b, p, prm, extra_gauge, extra_energy):
    """The best worth (``card_score``, or ``end_worth`` in year III's last turns) among p's hand
    cards that ``extra_gauge`` more gauge spaces and ``extra_energy`` energies of its choice would
    make summonable now; also how many such cards. (-1e9, 0) if none."""
    c = zone_of(p, Z_HAND)
    pc = s.players[b] - 2
    plan = s.scratch[b, 4]
    room = s.gauge[b, p] + extra_gauge - in_play(s, b, p)
    if room <= 0:
        return -1e9, 0
    endgame = s.year[b] >= 3 and turns_left(s, b, prm) <= 2.0
    best = -1e9
    n = 0
    for k in range(s.cont_n[b, c]):
        i = s.cont[b, c, k]
        card = t.inst_card[i]
        if extra_energy == 0:
            if not S.pay_plan(s, t, b, p, card, True, plan):
                continue
        else:
            d, tot = deficit(s, t, b, p, card)
            if d == 0 or d > extra_energy or s.crystals[b, p] < t.card_cost[pc, card, 4]:
                continue
            if energy_total(s, b, p) + extra_energy > reserve_size(s, t, b, p):
                continue
        v = end_worth(s, t, b, p, prm, card) if endgame else card_score(s, t, b, p, prm, card)
        n += 1
        best = max(best, v)
    return best, n


@njit(cache=True)
def lead(s, t, b, p):
    """p's prestige so far (crystals, cards in play, -5 a hand card) minus its best opponent's."""
    best = -1e9
    mine = 0.0
    for q in range(s.players[b]):
        c = zone_of(q, Z_PLAY)
        v = 1.0 * s.crystals[b, q] - S.HAND_PENALTY * hand_n(s, b, q)
        for k in range(s.cont_n[b, c]):
            v += t.card_prestige[t.inst_card[s.cont[b, c, k]]]
        if q == p:
            mine = v
        elif v > best:
            best = v
    return mine - best


@njit(cache=True)
def dead_in_hand(s, t, b, p, prm):
    """How many of p's hand cards it cannot expect to summon before the end."""
    c = zone_of(p, Z_HAND)
    n = 0
    lim = alive_limit(s, b, p, prm)
    for k in range(s.cont_n[b, c]):
        if not alive_with(s, t, b, p, t.inst_card[s.cont[b, c, k]], lim):
            n += 1
    return n


@njit(cache=True)
def want_token(s, t, b, p, prm, stage):
    """Whether p uses its (legal, unused) token now; stage 0 = just after the die (before the
    summons), 1 = at the end of its turn. The rules never read the token's printed prestige (a
    study recomputes the scores for other printed values, exact only if play does not depend on
    it); they weigh the effect against fixed internal thresholds:

    1 draw a card: with a gauge space no hand card will take and half the game to play;
    2 lose a card: once a hand card cannot be summoned in time (year III), else in the last season;
    3 two energies: when they make a hand card worth ``tok_gain_min`` summonable now;
    4 gauge -1: when the spaces beyond the live hand cards are not needed (2 spare, 1 in year
      III; in the endgame before summoning if a space beyond the payable cards is free, else
      at the end of the turn);
    6 transmute +1: when the transmutation pays ``tok6_min`` crystals, or anything on the last turn;
    7, 11, 12: at once (crystals, no effect, the top cards reordered);
    8 discard 4 water: as soon as it can (the bot banks water for it, ``saving_water``);
    9 gauge +2: when the gauge blocks a payable hand card worth ``tok_gain_min`` (or two cards);
    10 season +-2: in year III's last season (``time_move_choice`` picks the way)."""
    if prm[P_RANDOM] > 0:
        return rand(s, b, p, 4) == 0
    tok = s.token[b, p]
    lt = late(s, b)
    if tok == 1:
        return (stage == 0 and s.gauge[b, p] - in_play(s, b, p) > hand_n(s, b, p)
                and game_left(s, b) >= 0.5)
    if tok == 2:
        if s.year[b] >= 3 and dead_in_hand(s, t, b, p, prm) > 0:
            return stage == 1
        return stage == 1 and (lt or near_end(s, t, b))
    if tok == 3:
        if stage != 0:
            return False
        v, n = payable_gain(s, t, b, p, prm, 0, 2)
        return v >= prm[P_TOK_GAIN_MIN]
    if tok == 4:
        ending = near_end(s, t, b) or lt
        if stage == 0:
            # the last turns: before summoning, if the spaces beyond what it can pay for now
            # are not needed (a full gauge would forbid the token later)
            v, n = payable_gain(s, t, b, p, prm, 0, 0)
            return ending and s.gauge[b, p] - in_play(s, b, p) - 1 >= n
        if ending:
            return True
        spare = s.gauge[b, p] - in_play(s, b, p) - (hand_n(s, b, p) - dead_in_hand(s, t, b, p, prm))
        return spare >= 2 or (spare >= 1 and s.year[b] >= 3) or s.gauge[b, p] == S.MAX_GAUGE
    if tok == 6:
        if stage != 0 or s.can_trans[b]:
            return False
        se = season_of(s.month[b])
        gain = 0.0
        lt1 = last_turn(s, t, b)
        needs = need_all(s, t, b, p, prm)
        for e in range(NEN):
            keep = keep_n(s, b, p, e, needs[e]) if not lt1 else 0
            gain += max(0, s.energy[b, p, e] - keep) * (t.transmute[se, e] + 1)
        return gain >= prm[P_TOK6_MIN] or (lt1 and gain > 0)
    if tok == 7 or tok == 11 or tok == 12:
        return stage == 0
    if tok == 8:
        if stage == 1:
            return True
        return spendable(s, t, b, p, WATER) - need_of(s, t, b, p, prm, WATER) >= 4
    if tok == 9:
        if stage != 0 or s.gauge[b, p] > in_play(s, b, p):
            return False
        v, n = payable_gain(s, t, b, p, prm, 2, 0)
        return v >= prm[P_TOK_GAIN_MIN] or n >= 2
    if tok == 10:
        return stage == 1 and (lt or near_end(s, t, b))
    return False


@njit(cache=True)
def top_of_deck(s, b):
    n = s.cont_n[b, C_DECK]
    return s.cont[b, C_DECK, n - 1] if n > 0 else -1


# ---------------------------------------------------------------------------------------------
# Second batch of card choices
# ---------------------------------------------------------------------------------------------

@njit(cache=True)
def die_mean_worth(s, t, b, p, prm, season, die, needs, ne):
    """The mean ``face_worth_n`` of a die's six faces (needs and near_end given, computed once)."""
    v = 0.0
    for f in range(6):
        v += face_worth_n(s, t, b, p, prm, season, die, f, needs, ne)
    return v / 6.0


@njit(cache=True)
def malice_to_use(s, t, b, p, prm):
    """Die of Malice: an untapped copy p activates to re-roll its taken die (it gains 2 crystals
    and the new face), or -1: when the face is worth less than an average roll plus 2 crystals."""
    if S.count_effect(s, t, b, p, E_DIE_MALICE) == 0:
        return -1  # asked every turn: the effect table spares the scan of the play zone
    c = zone_of(p, Z_PLAY)
    m = -1
    for k in range(s.cont_n[b, c]):
        i = s.cont[b, c, k]
        if t.card_effect[S.eff_card(s, t, b, i)] == E_DIE_MALICE and not s.c_tap[b, i]:
            m = i
            break
    if m < 0:
        return -1
    if prm[P_RANDOM] > 0:
        return m if coin(s, b, p) else -1
    se = s.roll_season[b]
    k = s.die_k[b]
    die = s.dice[b, se, k]
    needs = need_all(s, t, b, p, prm)
    ne = near_end(s, t, b)
    now = face_worth_n(s, t, b, p, prm, se, die, s.roll[b, k], needs, ne)
    if now < die_mean_worth(s, t, b, p, prm, se, die, needs, ne) + 2 * prm[P_DIE_CRYSTAL]:
        return m
    return -1


@njit(cache=True)
def steadfast_choice(s, t, b, p, prm):
    """Steadfast Die: 0 = use the die, 1 = gauge +1, 2 = one energy, 3 = may transmute."""
    if prm[P_RANDOM] > 0:
        return rand(s, b, p, 4)
    se = s.roll_season[b]
    k = s.die_k[b]
    needs = need_all(s, t, b, p, prm)
    now = face_worth_n(s, t, b, p, prm, se, s.dice[b, se, k], s.roll[b, k], needs, near_end(s, t, b))
    blocked = s.gauge[b, p] <= in_play(s, b, p) and hand_n(s, b, p) > 0 and s.gauge[b, p] < S.MAX_GAUGE
    opts = (prm[P_DIE_GAUGE] * (1.0 if blocked else 0.25 * game_left(s, b)),
            prm[P_DIE_ENERGY] if energy_total(s, b, p) < reserve_size(s, t, b, p) else 0.0,
            prm[P_DIE_TRANS] * spare_n(s, b, p, needs) if not s.can_trans[b] else 0.0)
    best = 0
    best_v = now
    for j in range(3):
        if opts[j] > best_v:
            best_v = opts[j]
            best = j + 1
    return best


@njit(cache=True)
def codex_target(s, t, b, p, prm, exclude):
    """Selenia's Codex: the magic item p must take back (its cost has an energy, or any item under
    Nature Spirit; not a Codex); the heuristic prefers one whose entering effect it enjoys again
    and loses the least prestige and cost; -1 only when there is none (cards.json: mandatory)."""
    c = zone_of(p, Z_PLAY)
    pc = s.players[b] - 2
    best = -1
    best_v = -1e18
    nopt = 0
    for k in range(s.cont_n[b, c]):
        i = s.cont[b, c, k]
        card = t.inst_card[i]
        if i == exclude or t.card_kind[card] != K_ITEM or t.card_effect[card] == S.E_SELENIA_CODEX:
            continue
        en = t.card_cost[pc, card, 0] + t.card_cost[pc, card, 1] + t.card_cost[pc, card, 2] + t.card_cost[pc, card, 3]
        if en == 0 and s.enchant[b] != S.EN_NATURE_SPIRIT:
            continue
        if prm[P_RANDOM] > 0:
            nopt += 1
            if rand(s, b, p, nopt) == 0:
                best = i
            continue
        v = -t.card_prestige[card] - 1.0 * en  # about an energy's crystals
        if t.card_timing[card] & S.TM_ENTER:
            v += t.card_value[card]
        if v > best_v:
            best_v = v
            best = i
    return best


@njit(cache=True)
def scroll_energy(s, t, b, p, prm):
    """Scroll of Ishtar: the energy named (the one p holds most of: items it can pay for)."""
    if prm[P_RANDOM] > 0:
        return rand(s, b, p, NEN)
    best = 0
    for e in range(1, NEN):
        if spendable(s, t, b, p, e) > spendable(s, t, b, p, best):
            best = e
    return best


@njit(cache=True)
def jewel_energy(s, t, b, p, prm):
    """Jewel of the Ancients: an energy type p can spend 3 of (the least needed), -1 if none."""
    best = -1
    best_v = 1e9
    needs = need_all(s, t, b, p, prm)
    for e in range(NEN):
        if spendable(s, t, b, p, e) < 3:
            continue
        v = needs[e] - spendable(s, t, b, p, e)
        if prm[P_RANDOM] > 0:
            v = rand(s, b, p, 100)
        if v < best_v:
            best_v = v
            best = e
    return best


@njit(cache=True)
def want_orb_card(s, t, b, p, prm, card):
    """Crystal Orb: put the top card into play for 4 energies?"""
    if prm[P_RANDOM] > 0:
        return coin(s, b, p)
    return card_worth(s, t, b, p, prm, card) >= 8.0


@njit(cache=True)
def horn_energy(s, t, b, p, prm):
    """Horn of Plenty: the energy p discards at round end (earth pays 5 crystals); -1 if none."""
    if spendable(s, t, b, p, S.EARTH) > 0:
        return S.EARTH
    if energy_total(s, b, p) > 0:
        return choose_lose(s, t, b, p, prm)
    for e in range(NEN):
        if spendable(s, t, b, p, e) > 0:
            return e
    return -1


@njit(cache=True)
def monolith_count(s, t, b, p, prm, i):
    """Fairy Monolith activated: how many of its stored energies p returns (at least 1): the
    random bot any number, the heuristic as many as its reserve has room for."""
    n = s.c_store[b, i, 0] + s.c_store[b, i, 1] + s.c_store[b, i, 2] + s.c_store[b, i, 3]
    if prm[P_RANDOM] > 0:
        return 1 + rand(s, b, p, n)
    room = reserve_size(s, t, b, p) - energy_total(s, b, p)
    return max(1, min(n, room))


@njit(cache=True)
def monolith_energy(s, t, b, p, prm, i):
    """Fairy Monolith: the stored energy type p returns next (the one it wants most)."""
    return best_energy_of(s, t, b, p, prm, s.c_store[b, i])


@njit(cache=True)
def want_monolith_store(s, t, b, p, prm):
    """Fairy Monolith: store one reserve energy at round end?"""
    if prm[P_RANDOM] > 0:
        return coin(s, b, p)
    return spare_energy(s, t, b, p, prm) >= 2 and not late(s, b)


@njit(cache=True)
def statue_energy(s, t, b, p, prm):
    """Statue of Eolis: True = one energy, False = 2 crystals (and a look at the top card)."""
    if prm[P_RANDOM] > 0:
        return coin(s, b, p)
    return energy_total(s, b, p) < reserve_size(s, t, b, p) and not late(s, b)


@njit(cache=True)
def mirror_mode(s, t, b, p, prm):
    """Mirror of the Seasons: give * 100 + want * 10 + X (X crystals turn X energies of type give
    into type want), or 0 for no use. The heuristic converts a surplus type into what its best
    hand card lacks."""
    if prm[P_RANDOM] > 0:
        give = -1
        nopt = 0
        for e in range(NEN):
            if s.energy[b, p, e] > 0:
                nopt += 1
                if rand(s, b, p, nopt) == 0:
                    give = e
        if give < 0 or s.crystals[b, p] < 1:
            return 0
        want = (give + 1 + rand(s, b, p, NEN - 1)) % NEN
        x = 1 + rand(s, b, p, min(9, s.energy[b, p, give], s.crystals[b, p]))
        return give * 100 + want * 10 + x
    i, v = best_hand_card(s, t, b, p, prm)
    if i < 0 or late(s, b) or s.gauge[b, p] <= in_play(s, b, p):
        return 0
    card = t.inst_card[i]
    pc = s.players[b] - 2
    for want in range(NEN):
        short = t.card_cost[pc, card, want] - s.energy[b, p, want]
        if short <= 0:
            continue
        for give in range(NEN):
            if give == want:
                continue
            surplus = s.energy[b, p, give] - t.card_cost[pc, card, give]
            if surplus >= short and s.crystals[b, p] >= short + t.card_cost[pc, card, 4]:
                return give * 100 + want * 10 + min(short, 9)
    return 0


@njit(cache=True)
def want_shield(s, t, b, p, prm, i):
    """Shield of Zira: sacrifice it (+10 crystals) instead of losing card i?"""
    if prm[P_RANDOM] > 0:
        return coin(s, b, p)
    return True  # +10 crystals and the other card kept: always worth its 5 prestige here


@njit(cache=True)
def raven_target(s, t, b, p, prm):
    """Raven the Usurper: the opponent's magic item p mimics (paying its cost), -1 for none."""
    plan = s.scratch[b, 3]
    best = -1
    best_v = 0.0
    nopt = 0
    for q in range(s.players[b]):
        if q == p:
            continue
        c = zone_of(q, Z_PLAY)
        for k in range(s.cont_n[b, c]):
            i = s.cont[b, c, k]
            card = t.inst_card[i]
            if t.card_kind[card] != K_ITEM or not S.pay_plan(s, t, b, p, card, False, plan):
                continue
            if prm[P_RANDOM] > 0:
                nopt += 1
                if rand(s, b, p, nopt) == 0:
                    best = i
                continue
            v = prm[P_W_EFFECT] * t.card_value[card] + prm[P_W_ENGINE] * t.card_engine[card] * game_left(s, b)
            pc = s.players[b] - 2
            for e in range(NEN):
                v -= prm[P_W_COST] * t.card_cost[pc, card, e]
            v -= prm[P_W_COST] * t.card_cost[pc, card, 4] / 3.0
            if v > best_v:
                best_v = v
                best = i
    return best
