"""Thaumaturgy, Mutation and two Conjuration cards (helper "thaum"): Anti-Anti, Backlash, ...

C = ../shared/reference/wizwar/rules_checklist.md (R = rule, A = ambiguity, 2.2 = card table);
card = the card's text in ../shared/reference/wizwar/cards.json (our words here).
Test board: open; blue (seat 0) base (2,2), red (seat 1) base (2,7).
"""

from __future__ import annotations

import pytest

from simlab.games.wizwar import rules as R
from simlab.games.wizwar import state as S
from simlab.games.wizwar.state import O_ATTACK, O_NEUTRAL, O_PUNCH, O_THROW
from tests.games.wizwar.kit import CLOSED_NS, Position, face

pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")
ALWAYS = {"counter_min": 0}  # bots that counter every hit
NEVER = {"counter_min": 99}


def ready(params=None, players=2, red=(2, 4)):
    """Blue (seat 0) to move on its base (2,2), red (seat 1) in its sight at ``red``."""
    pos = Position(players=players, params=params)
    pos.put(1, *red)
    pos.start_turn(0)
    return pos


def carry_item(pos, p, name):
    """Seat p carries a copy of ``name``."""
    i = pos.give(p, name)
    S.place(pos.st, 0, i, S.items_of(p))
    return i


def carry_treasure(pos, p, j):
    """Seat p carries treasure j."""
    pos.st.tr_sq[0, j] = -1
    pos.st.tr_carrier[0, j] = p
    pos.st.carrying[0, p] = j


def played(pos, p, name):
    """How often seat p played card ``name`` for its effect."""
    return int(pos.st.card[0, p, pos.ct.names.index(name), S.C_PLAYED])


# ------------------------------------------------------------------------------------------
# Anti-Anti (card; A-8: the response window one level deeper)
# ------------------------------------------------------------------------------------------

def test_anti_anti_cancels_a_full_shield_and_the_spell_hits():
    """Anti-Anti (card): the caster cancels the counter aimed at its spell; the spell then takes
    effect (A-8: spell, counter, Anti-Anti). Both counters are discarded."""
    pos = ready(ALWAYS)
    fb = pos.give(0, "Fireball")
    aa = pos.give(0, "Anti-Anti")
    fs = pos.give(1, "Full Shield")
    pos.do(0, (O_ATTACK, fb, 1, -1, 0))
    assert pos.st.life[0, 1] == 10
    assert pos.st.c_cont[0, aa] == S.Z_DISCARD and pos.st.c_cont[0, fs] == S.Z_DISCARD
    assert pos.st.seat[0, 0, S.S_COUNTERED] == 0 and played(pos, 0, "Anti-Anti") == 1


def test_anti_anti_cancels_negate_neutral():
    """Anti-Anti (card): a Negate Neutral aimed at the caster's neutral spell is cancelled, and
    the spell (Drop Object on red's treasure) takes effect."""
    pos = ready(ALWAYS)
    carry_treasure(pos, 1, 0)
    do = pos.give(0, "Drop Object")
    pos.give(0, "Anti-Anti")
    pos.give(1, "Negate Neutral")
    pos.do(0, (O_NEUTRAL, do, 1, -1, -1))
    assert played(pos, 1, "Negate Neutral") == 1 and played(pos, 0, "Anti-Anti") == 1
    assert pos.st.carrying[0, 1] == -1 and pos.st.tr_sq[0, 0] == pos.sq(2, 4)


def test_anti_anti_does_not_answer_null_powder():
    """Anti-Anti (card: a counter *spell*): Null Powder is an item, so a spell it cancels stays
    cancelled and Anti-Anti stays in the hand (our ruling)."""
    pos = ready(ALWAYS)
    fb = pos.give(0, "Fireball")
    aa = pos.give(0, "Anti-Anti")
    carry_item(pos, 1, "Null Powder")
    pos.do(0, (O_ATTACK, fb, 1, -1, 0))
    assert pos.st.life[0, 1] == 15 and pos.st.c_cont[0, aa] == S.hand_of(0)


def test_anti_anti_against_absorb_spell_keeps_the_card_with_the_caster_pile():
    """Anti-Anti (card) against Absorb Spell (a counter spell): the absorb is cancelled, so the
    spell hits and its card is not taken."""
    pos = ready(ALWAYS)
    fb = pos.give(0, "Fireball")
    pos.give(0, "Anti-Anti")
    pos.give(1, "Absorb Spell")
    pos.do(0, (O_ATTACK, fb, 1, -1, 0))
    assert pos.st.life[0, 1] == 10 and pos.st.c_cont[0, fb] == S.Z_DISCARD


def test_balanced_keeps_anti_anti_for_a_cheap_neutral_spell():
    """Anti-Anti (bot): the balanced bot spends it on attack spells and spells worth 1.5 or more,
    not to save a Mad Dash; the random bot may play it."""
    pos = ready(ALWAYS)
    md = pos.give(0, "Mad Dash")
    aa = pos.give(0, "Anti-Anti")
    pos.give(1, "Negate Neutral")
    pos.do(0, (O_NEUTRAL, md, 0, -1, 0))
    assert pos.st.c_cont[0, aa] == S.hand_of(0)


# ------------------------------------------------------------------------------------------
# Backlash (card; A-5)
# ------------------------------------------------------------------------------------------

def test_backlash_cancels_and_hurts_the_caster_by_the_energy():
    """Backlash (card): the attack spell aimed at its player is cancelled as it is cast, and its
    caster suffers magical damage equal to the spell's energy (here boosted to 4)."""
    pos = ready(ALWAYS)
    pt = pos.give(0, "Powerthrust")
    e4 = pos.give(0, "Energy 4")
    bl = pos.give(1, "Backlash")
    pos.do(0, (O_ATTACK, pt, 1, e4, 0))
    assert pos.st.life[0, 1] == 15 and pos.st.life[0, 0] == 11
    assert pos.st.c_cont[0, bl] == S.Z_DISCARD and pos.st.seat[0, 0, S.S_COUNTERED] == 1
    assert pos.st.attacked[0] == 1  # R144: the cancelled attack is used
    assert any("Backlash" in ln for ln in pos.log())


def test_backlash_kill_scores_no_point():
    """Backlash (card: not an attack), A-5: a caster killed by it gives nobody a kill point."""
    pos = ready(ALWAYS, players=3)
    pos.st.life[0, 0] = 3
    pt = pos.give(0, "Powerthrust")
    e4 = pos.give(0, "Energy 4")
    pos.give(1, "Backlash")
    pos.do(0, (O_ATTACK, pt, 1, e4, 0))
    assert not pos.st.alive[0, 0] and pos.st.vp_kill[0, 1] == 0 and pos.st.seat[0, 0, S.S_KILLED_BY] == -1


def test_anti_anti_answers_backlash():
    """Anti-Anti (card) against Backlash (a counter spell aimed at the caster's spell): the
    Backlash is cancelled, no damage comes back and the spell hits."""
    pos = ready(ALWAYS)
    pt = pos.give(0, "Powerthrust")
    e4 = pos.give(0, "Energy 4")
    pos.give(0, "Anti-Anti")
    pos.give(1, "Backlash")
    pos.do(0, (O_ATTACK, pt, 1, e4, 0))
    assert pos.st.life[0, 0] == 15 and pos.st.life[0, 1] == 9


def test_balanced_backlashes_a_big_hit_but_not_a_small_one():
    """Backlash (bot): the balanced bot answers a 5-damage Fireball (it would cancel it anyway)
    but keeps Backlash against an unboosted 1-damage Zot!."""
    pos = ready()
    z = pos.give(0, "Zot!")
    bl = pos.give(1, "Backlash")
    pos.do(0, (O_ATTACK, z, 1, -1, 0))
    assert pos.st.c_cont[0, bl] == S.hand_of(1) and pos.st.life[0, 1] == 14
    pos.start_turn(0)
    fb = pos.give(0, "Fireball")
    pos.do(0, (O_ATTACK, fb, 1, -1, 0))
    assert pos.st.c_cont[0, bl] == S.Z_DISCARD and pos.st.life[0, 1] == 14 and pos.st.life[0, 0] == 14


# ------------------------------------------------------------------------------------------
# Invisible (card)
# ------------------------------------------------------------------------------------------

def rolls(pos, name="Invisible"):
    """The d4 rolls the trace records for Invisible, as (roll, evaded)."""
    ev = pos.st.ev[0, : pos.st.ev_n[0]]
    return [(int(e[4]), int(e[5])) for e in ev if e[2] == R.EV_INVISIBLE]


def test_invisible_is_a_maintained_spell_on_oneself():
    """Invisible (card: temporary, R83): cast on oneself it lies in front of its caster with its
    energy as tokens."""
    pos = ready()
    i = pos.give(0, "Invisible")
    e4 = pos.give(0, "Energy 4")
    pos.do(0, (O_NEUTRAL, i, 0, e4, 0))
    assert pos.st.c_cont[0, i] == S.maint_of(0) and pos.st.m_tokens[0, i] == 4


@pytest.mark.parametrize("seed", range(12))
def test_invisible_evades_on_two_to_four(seed):
    """Invisible (card): each attack on the invisible wizard rolls a d4; on 2-4 the attack is
    evaded (no damage), on 1 it hits."""
    pos = Position(seed=seed)
    pos.put(1, 2, 3)
    pos.start_turn(1)
    i = pos.give(1, "Invisible")
    pos.do(1, (O_NEUTRAL, i, 1, -1, 0))
    pos.start_turn(0)
    pos.do(0, (O_PUNCH, 1, 0, 0, 0))
    [(roll, evaded)] = rolls(pos)
    assert evaded == (roll >= 2)
    assert pos.st.life[0, 1] == (15 if roll >= 2 else 14)
    assert pos.st.attacked[0] == 1


def test_invisible_rolls_against_attack_spells_and_throws():
    """Invisible (card: each time you are attacked): attack spells and thrown items roll too."""
    pos = Position(seed=3)
    pos.put(1, 2, 4)
    pos.start_turn(1)
    i = pos.give(1, "Invisible")
    e4 = pos.give(1, "Energy 4")
    pos.do(1, (O_NEUTRAL, i, 1, e4, 0))
    pos.start_turn(0)
    fb = pos.give(0, "Fireball")
    pos.do(0, (O_ATTACK, fb, 1, -1, 0))
    pos.start_turn(0)
    rock = carry_item(pos, 0, "Large Rock")
    pos.do(0, (O_THROW, rock, 1, 0, 0))
    assert len(rolls(pos)) == 2


def test_invisible_cast_as_a_counter_rolls_for_that_attack():
    """Invisible (card: may be cast as a counter when attacked): the balanced target casts it
    against a hit worth a counter and rolls at once for that attack."""
    pos = ready(ALWAYS)
    i = pos.give(1, "Invisible")
    fb = pos.give(0, "Fireball")
    pos.do(0, (O_ATTACK, fb, 1, -1, 0))
    assert pos.st.c_cont[0, i] == S.maint_of(1) and len(rolls(pos)) == 1
    assert played(pos, 1, "Invisible") == 1


def test_balanced_casts_invisible_when_carrying_a_treasure_in_sight():
    """Invisible (bot): the balanced bot casts it on itself when it carries a treasure in an
    enemy's sight, and not otherwise."""
    pos = ready()
    i = pos.give(0, "Invisible")
    opts = pos.options(0)
    k = R.BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    assert opts[k][:2] != (O_NEUTRAL, i)
    pos.put(0, 1, 1)
    carry_treasure(pos, 0, 2)
    opts = pos.options(0)
    k = R.BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    assert opts[k][:2] == (O_NEUTRAL, i)


# ------------------------------------------------------------------------------------------
# Slow Death (card; R169, A-5)
# ------------------------------------------------------------------------------------------

def curse(pos, boost="Energy 4"):
    """Blue casts Slow Death at red (boosted by ``boost``); returns the spell's instance."""
    sd = pos.give(0, "Slow Death")
    y = pos.give(0, boost) if boost else -1
    pos.do(0, (O_ATTACK, sd, 1, y, 0))
    return sd


def test_slow_death_is_a_curse_in_front_of_its_caster():
    """Slow Death (card: temporary attack curse, R83): it lies in front of the caster with its
    energy as tokens, affecting its target; casting it deals no damage and uses the attack."""
    pos = ready(NEVER)
    sd = curse(pos)
    assert pos.st.c_cont[0, sd] == S.maint_of(0) and pos.st.m_target[0, sd] == 1
    assert pos.st.m_tokens[0, sd] == 4 and pos.st.life[0, 1] == 15 and pos.st.attacked[0] == 1


def test_slow_death_hurts_one_per_card_drawn():
    """Slow Death (card): 1 magical damage each time the target draws a card; Discard and Draw's
    two cards cost 2 life (R169)."""
    pos = ready(NEVER)
    curse(pos)
    R.discard_and_draw(pos.st, pos.t, 0, 1, pos.prm[1])
    R.slow_death_settle(pos.st, pos.t, 0, 1, pos.prm)
    assert len(pos.hand(1)) == 2 and pos.st.life[0, 1] == 13


def test_slow_death_counts_meditate_draws_and_its_kill_scores_nothing():
    """Slow Death (card) with Meditate's three draws; A-5: the death it causes is nobody's
    kill (no kill point, no hand taken)."""
    pos = ready(NEVER, players=3)
    curse(pos)
    pos.st.life[0, 1] = 2
    pos.start_turn(1)
    md = pos.give(1, "Meditate")
    pos.do(1, (O_NEUTRAL, md, 1, -1, 0))
    R.slow_death_settle(pos.st, pos.t, 0, 1, pos.prm)
    assert not pos.st.alive[0, 1] and pos.st.vp_kill[0, 0] == 0 and pos.st.seat[0, 1, S.S_KILLED_BY] == -1


def test_cursed_balanced_bot_draws_fewer():
    """Slow Death (card: the target is not forced to draw), R169 (draw *up to* two): the cursed
    balanced bot keeps 4 life above the cards it draws; uncursed it draws both."""
    pos = ready(NEVER)
    pos.st.life[0, 1] = 5
    R.discard_and_draw(pos.st, pos.t, 0, 1, pos.prm[1])
    assert len(pos.hand(1)) == 2
    pos = ready(NEVER)
    curse(pos)
    pos.st.life[0, 1] = 5
    R.discard_and_draw(pos.st, pos.t, 0, 1, pos.prm[1])
    R.slow_death_settle(pos.st, pos.t, 0, 1, pos.prm)
    assert len(pos.hand(1)) == 1 and pos.st.life[0, 1] == 4


def test_slow_death_damage_comes_in_the_game_turn():
    """Slow Death (card) in a played turn: the target's own Discard and Draw costs it life."""
    pos = ready(NEVER)
    curse(pos)
    pos.st.cur[0] = 1
    before = int(pos.st.seat[0, 1, S.S_DRAWN])
    R.play_turn(pos.st, pos.t, 0, pos.geo, 1, pos.prm)
    drawn = int(pos.st.seat[0, 1, S.S_DRAWN]) - before
    assert drawn >= 1 and pos.st.life[0, 1] == 15 - drawn


def test_balanced_casts_boosted_slow_death():
    """Slow Death (bot): the balanced bot casts it boosted by an Energy 4 at a wizard in sight
    (about 6 damage over the spell's life), not unboosted."""
    pos = ready(NEVER)
    sd = pos.give(0, "Slow Death")
    e4 = pos.give(0, "Energy 4")
    opts = pos.options(0)
    k = R.BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    assert opts[k] == (O_ATTACK, sd, 1, e4, 0)


# ------------------------------------------------------------------------------------------
# Globe of Pain (card; checklist 2.2: BFS with the caster's door rights, no sight)
# ------------------------------------------------------------------------------------------

# a wall between (2,2) and (2,3), the west, north and south exits walled: blue's base sees no
# square east of the wall in row 2 (not even around the map through a link)
WALLED = [(5, 12, "|"), (5, 0, "|"), *CLOSED_NS]


def globe_options(pos, p=0):
    """The Globe of Pain options of seat p as (target, boost)."""
    card = pos.ct.names.index("Globe of Pain")
    return {(o[2], o[3]) for o in pos.options(p) if o[0] == O_ATTACK and pos.st.inst_card[0, o[1]] == card}


def test_globe_of_pain_needs_no_sight_only_six_steps():
    """Globe of Pain (card): its target is a wizard within 6 movement of the caster, around
    corners (a walk of 4 steps behind a wall), no sight needed; it deals its energy as magical
    damage to the target alone."""
    pos = Position(blue=face(*WALLED))
    pos.put(1, 2, 4)
    pos.start_turn(0)
    g = pos.give(0, "Globe of Pain")
    fb = pos.give(0, "Fireball")
    e4 = pos.give(0, "Energy 4")
    assert (O_ATTACK, fb, 1, -1, 0) not in pos.options(0)  # no sight
    assert globe_options(pos) == {(1, -1), (1, e4)}
    pos.do(0, (O_ATTACK, g, 1, e4, 0))
    assert pos.st.life[0, 1] == 11 and pos.st.life[0, 0] == 15


def test_globe_of_pain_out_of_reach_at_seven_steps():
    """Globe of Pain (card: within 6 movement): a wizard 7 steps away is not a target, even in
    sight; at 6 steps it is (the west exit walled: no shorter way round the map)."""
    pos = Position(blue=face((5, 0, "|"), *CLOSED_NS))
    pos.put(1, 2, 9)
    pos.start_turn(0)
    pos.give(0, "Globe of Pain")
    assert globe_options(pos) == set()
    pos.put(1, 2, 8)
    assert (1, -1) in globe_options(pos)


def test_globe_of_pain_evaded_by_teleporting_out_of_reach():
    """Globe of Pain (card) and Teleport as a counter (R149): the globe needs no sight, so a
    Teleport evades it only out of 6 steps of the caster's walk."""
    pos = Position(blue=face((5, 0, "|"), *CLOSED_NS))
    geo, st, t = pos.geo, pos.st, pos.t
    card = pos.ct.names.index("Globe of Pain")
    assert R.still_reaches(st, t, 0, geo, 0, pos.sq(2, 8), card)
    assert not R.still_reaches(st, t, 0, geo, 0, pos.sq(2, 9), card)


def test_balanced_casts_a_boosted_globe_behind_a_wall():
    """Globe of Pain (bot): the balanced bot casts it, boosted, at an enemy it cannot see."""
    pos = Position(blue=face(*WALLED), params=NEVER)
    pos.put(1, 2, 4)
    pos.start_turn(0)
    g = pos.give(0, "Globe of Pain")
    e4 = pos.give(0, "Energy 4")
    opts = pos.options(0)
    k = R.BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    assert opts[k] == (O_ATTACK, g, 1, e4, 0)


# ------------------------------------------------------------------------------------------
# Yoink! (card)
# ------------------------------------------------------------------------------------------

def test_yoink_takes_a_carried_item_into_ones_own_items():
    """Yoink! (card): one item carried by a wizard in sight becomes one of the caster's carried
    items (a Speedstone's movement point moves with it to the active caster, R37)."""
    pos = ready(NEVER)
    ss = carry_item(pos, 1, "Speedstone")
    y = pos.give(0, "Yoink!")
    mp = pos.st.mp[0]
    pos.do(0, (O_NEUTRAL, y, 1, -1, ss))
    assert pos.st.c_cont[0, ss] == S.items_of(0) and pos.st.mp[0] == mp + 1
    assert pos.st.c_cont[0, y] == S.Z_DISCARD


def test_yoink_offers_items_not_treasures_and_needs_sight():
    """Yoink! (card: not a treasure; range: sight): only carried items of a wizard in sight."""
    pos = Position(blue=face(*WALLED))
    pos.put(1, 2, 4)
    pos.start_turn(0)
    carry_treasure(pos, 1, 2)
    rock = carry_item(pos, 1, "Large Rock")
    y = pos.give(0, "Yoink!")
    assert not any(o[0] == O_NEUTRAL and o[1] == y for o in pos.options(0))  # out of sight
    pos.put(1, 2, 1)
    assert [o for o in pos.options(0) if o[0] == O_NEUTRAL and o[1] == y] == [(O_NEUTRAL, y, 1, -1, rock)]


def test_yoink_of_a_brainstone_costs_the_victim_two_cards():
    """Yoink! (card) with Brainstone's loss rule: the wizard who loses a Brainstone discards two
    hand cards; the caster's first Brainstone draws it two."""
    pos = ready(NEVER)
    bs = carry_item(pos, 1, "Brainstone")
    pos.st.brain_seen[0, 1] = 1
    for name in ("Zot!", "Shield", "Energy 4"):
        pos.give(1, name)
    y = pos.give(0, "Yoink!")
    pos.do(0, (O_NEUTRAL, y, 1, -1, bs))
    assert len(pos.hand(1)) == 1 and len(pos.hand(0)) == 2 and pos.st.c_cont[0, bs] == S.items_of(0)


def test_balanced_yoinks_a_valuable_item_and_the_target_negates_it():
    """Yoink! (bot): the balanced bot casts it at a carried item worth 2 or more; a target that
    holds Negate Neutral cancels it when it would lose an item worth 2.5 or more."""
    pos = ready(NEVER)
    ss = carry_item(pos, 1, "Speedstone")
    y = pos.give(0, "Yoink!")
    opts = pos.options(0)
    k = R.BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    assert opts[k] == (O_NEUTRAL, y, 1, -1, ss)
    nn = pos.give(1, "Negate Neutral")
    pos.do(0, opts[k])
    assert pos.st.c_cont[0, ss] == S.items_of(1) and pos.st.c_cont[0, nn] == S.Z_DISCARD


# ------------------------------------------------------------------------------------------
# Gravity (card; R97, A-7, A-17)
# ------------------------------------------------------------------------------------------

def test_gravity_drops_every_item_and_treasure():
    """Gravity (card: global, temporary): every wizard drops all its carried items and its
    treasure on its own square; the spell lies in front of its caster, affecting the board."""
    pos = ready(NEVER, players=3)
    carry_treasure(pos, 1, 0)
    rock = carry_item(pos, 1, "Large Rock")
    ss = carry_item(pos, 0, "Speedstone")
    g = pos.give(0, "Gravity")
    mp = pos.st.mp[0]
    pos.do(0, (O_NEUTRAL, g, 0, -1, 0))
    assert pos.st.carrying[0, 1] == -1 and pos.st.tr_sq[0, 0] == pos.sq(2, 4)
    assert pos.st.c_cont[0, rock] == S.Z_FLOOR and pos.st.c_sq[0, rock] == pos.sq(2, 4)
    assert pos.st.c_cont[0, ss] == S.Z_FLOOR and pos.st.mp[0] == mp - 1  # R37: the bonus goes
    assert pos.st.c_cont[0, g] == S.maint_of(0) and pos.st.m_target[0, g] == -1


def test_no_pick_up_while_gravity_lasts():
    """Gravity (card): while it lasts nobody picks up a treasure or an item; once it ends they
    may again (R114, R106)."""
    pos = ready(NEVER)
    rock = carry_item(pos, 0, "Large Rock")
    g = pos.give(0, "Gravity")
    pos.do(0, (O_NEUTRAL, g, 0, -1, 0))
    pos.start_turn(1)
    pos.put(1, 2, 2)
    pos.st.tr_sq[0, 0] = pos.sq(2, 2)
    assert not {S.O_PICKUP, S.O_ITEM_PICK} & pos.kinds(1)
    R.time_passes(pos.st, pos.t, 0, 0, pos.prm)  # the caster's Time Passes: its one token goes
    assert pos.st.c_cont[0, g] == S.Z_DISCARD
    pos.start_turn(1)
    assert (S.O_ITEM_PICK, rock, 0, 0, 0) in pos.options(1) and S.O_PICKUP in pos.kinds(1)


def test_gravity_two_treasures_on_bases_at_once_is_a_draw():
    """Gravity (card), A-17, A-7: treasures that fall on their bases score there, all at once;
    two wizards reaching 2 points by the same fall is a draw."""
    pos = Position(params=NEVER)
    pos.start_turn(0)
    pos.put(1, 2, 7)  # red on its base with blue's treasure; blue on its base with red's
    carry_treasure(pos, 0, 2)
    carry_treasure(pos, 1, 0)
    pos.st.vp_kill[0, 0] = 1
    pos.st.vp_kill[0, 1] = 1
    g = pos.give(0, "Gravity")
    pos.do(0, (O_NEUTRAL, g, 0, -1, 0))
    assert pos.st.done[0] == 1 and pos.st.winner[0] == -1 and pos.st.end_reason[0] == S.END_POINTS


def test_gravity_is_global_for_negate_neutral():
    """Gravity (card: global), R97: every wizard sees it for countering, so a wizard out of
    sight of the caster may negate it."""
    pos = Position(blue=face(*WALLED), params=ALWAYS)
    pos.put(1, 2, 4)
    pos.start_turn(0)
    carry_treasure(pos, 1, 0)  # red keeps the treasure it carries: it negates
    nn = pos.give(1, "Negate Neutral")
    g = pos.give(0, "Gravity")
    pos.do(0, (O_NEUTRAL, g, 0, -1, 0))
    assert pos.st.c_cont[0, nn] == S.Z_DISCARD and pos.st.carrying[0, 1] == 0


def test_balanced_casts_gravity_at_a_thief_and_not_while_carrying():
    """Gravity (bot): the balanced bot casts it when an enemy carries its treasure, not when it
    carries one itself away from home."""
    pos = ready(NEVER)
    g = pos.give(0, "Gravity")
    carry_treasure(pos, 1, 0)
    opts = pos.options(0)
    k = R.BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    assert opts[k] == (O_NEUTRAL, g, 0, -1, 0)
    pos.put(0, 1, 1)
    carry_treasure(pos, 0, 3)
    opts = pos.options(0)
    k = R.BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    assert opts[k][:2] != (O_NEUTRAL, g)


# ------------------------------------------------------------------------------------------
# Swap (card)
# ------------------------------------------------------------------------------------------

def test_swap_trades_squares_and_ends_movement():
    """Swap (card): the caster and a wizard in sight trade squares (a carried treasure goes
    along); the caster may not move again this turn."""
    pos = ready(NEVER, red=(2, 6))
    carry_treasure(pos, 1, 0)
    sw = pos.give(0, "Swap")
    pos.do(0, (O_NEUTRAL, sw, 1, -1, 0))
    assert pos.st.pos[0, 0] == pos.sq(2, 6) and pos.st.pos[0, 1] == pos.sq(2, 2)
    assert pos.st.carrying[0, 1] == 0
    assert S.O_STEP not in pos.kinds(0) and S.O_BOOST not in pos.kinds(0)


def test_swap_needs_sight_and_movement_left_to_use():
    """Swap (card: range sight; no more movement after it): no Swap at a wizard out of sight,
    nor after a Teleport (no_move)."""
    pos = Position(blue=face(*WALLED))
    pos.put(1, 2, 4)
    pos.start_turn(0)
    sw = pos.give(0, "Swap")
    assert not any(o[1] == sw for o in pos.options(0))
    pos.put(1, 2, 1)
    assert (O_NEUTRAL, sw, 1, -1, 0) in pos.options(0)
    pos.st.no_move[0] = 1
    assert not any(o[1] == sw for o in pos.options(0))


def test_balanced_swaps_onto_its_goal():
    """Swap (bot): the balanced bot swaps with a wizard standing on its goal (red on red's
    treasure, out of reach of its 3 movement points), not with one beside it."""
    pos = ready(NEVER, red=(2, 3))
    sw = pos.give(0, "Swap")
    opts = pos.options(0)
    k = R.BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    assert opts[k][:2] != (O_NEUTRAL, sw)
    pos.st.tr_sq[0, 2] = pos.sq(2, 2)  # already on blue's base: not a goal
    pos.st.tr_sq[0, 3] = pos.sq(4, 6)  # blue's goal, in its sight, more than 3 steps away
    pos.put(0, 0, 2)
    pos.put(1, 4, 6)
    opts = pos.options(0)
    k = R.BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    assert opts[k] == (O_NEUTRAL, sw, 1, -1, 0)


# ------------------------------------------------------------------------------------------
# Ward (card; A-5)
# ------------------------------------------------------------------------------------------

def ward_events(pos):
    """(owner, hurt wizard, roll) of every Ward cast so far."""
    ev = pos.st.ev[0, : pos.st.ev_n[0]]
    return [(int(e[3]), int(e[4]), int(e[5])) for e in ev if e[2] == R.EV_WARD]


@pytest.mark.parametrize("seed", range(8))
def test_ward_hurts_the_thief_and_may_make_it_drop(seed):
    """Ward (card): when a wizard picks up one of its treasures, the owner in sight deals it 3
    magical damage; it rolls a d4 and drops the treasure on 1-2. (Bot: the balanced owner always
    casts it.)"""
    pos = Position(seed=seed)
    pos.put(1, 2, 4)
    pos.start_turn(1)
    pos.st.tr_sq[0, 0] = pos.sq(2, 4)
    w = pos.give(0, "Ward")
    pos.do(1, (S.O_PICKUP, 0, 0, 0, 0))
    [(owner, thief, roll)] = ward_events(pos)
    assert (owner, thief) == (0, 1) and pos.st.life[0, 1] == 12 and pos.st.c_cont[0, w] == S.Z_DISCARD
    assert pos.st.carrying[0, 1] == (-1 if roll <= 2 else 0)
    if roll <= 2:
        assert pos.st.tr_sq[0, 0] == pos.sq(2, 4)


def test_ward_needs_sight_and_is_no_kill():
    """Ward (card: range sight): an owner out of sight cannot cast it; A-5: a thief killed by it
    gives no kill point."""
    pos = Position(blue=face(*WALLED))
    pos.put(1, 2, 4)
    pos.start_turn(1)
    pos.st.tr_sq[0, 0] = pos.sq(2, 4)
    w = pos.give(0, "Ward")
    pos.do(1, (S.O_PICKUP, 0, 0, 0, 0))
    assert pos.st.c_cont[0, w] == S.hand_of(0) and ward_events(pos) == []
    pos = Position(players=3)
    pos.put(1, 2, 4)
    pos.start_turn(1)
    pos.st.life[0, 1] = 2
    pos.st.tr_sq[0, 0] = pos.sq(2, 4)
    pos.give(0, "Ward")
    pos.do(1, (S.O_PICKUP, 0, 0, 0, 0))
    assert not pos.st.alive[0, 1] and pos.st.vp_kill[0, 0] == 0


def test_no_ward_for_ones_own_treasure():
    """Ward (card: one of *your* treasures): a wizard picking up its own treasure is not warded
    by anyone."""
    pos = Position()
    pos.put(1, 2, 4)
    pos.start_turn(1)
    pos.st.tr_sq[0, 2] = pos.sq(2, 4)
    pos.give(0, "Ward")
    pos.do(1, (S.O_PICKUP, 2, 0, 0, 0))
    assert ward_events(pos) == [] and pos.st.carrying[0, 1] == 2


# ------------------------------------------------------------------------------------------
# Strength (card)
# ------------------------------------------------------------------------------------------

def strong(pos, p=0):
    """Seat p casts Strength on itself (unboosted); returns the spell's instance."""
    i = pos.give(p, "Strength")
    pos.do(p, (O_NEUTRAL, i, p, -1, 0))
    return i


def test_strength_doubles_a_punch_and_a_thrown_rock_not_a_boomstone():
    """Strength (card: temporary on oneself): physical damage its wizard deals is doubled (a
    punch 2, a Large Rock 4); the Boomstone's magical damage is not."""
    pos = ready(NEVER, red=(2, 3))
    i = strong(pos)
    assert pos.st.c_cont[0, i] == S.maint_of(0)
    pos.do(0, (O_PUNCH, 1, 0, 0, 0))
    assert pos.st.life[0, 1] == 13
    pos.start_turn(0)
    rock = carry_item(pos, 0, "Large Rock")
    pos.do(0, (O_THROW, rock, 1, 0, 0))
    assert pos.st.life[0, 1] == 9
    pos.start_turn(0)
    boom = carry_item(pos, 0, "Boomstone")
    pos.do(0, (O_THROW, boom, 1, 0, 0))
    assert pos.st.life[0, 1] == 5


@pytest.mark.parametrize("seed", range(8))
def test_strength_tears_a_treasure_on_two_to_four(seed):
    """Strength (card): as its attack, its wizard tries to tear a treasure from a wizard in its
    own square; a d4 of 2-4 succeeds and the treasure is now its own to carry."""
    pos = Position(seed=seed, params=NEVER)
    pos.put(1, 2, 2)
    pos.start_turn(0)
    strong(pos)
    carry_treasure(pos, 1, 0)
    pos.do(0, (S.O_TEAR, 1, -1, 0, 0))
    ev = [e for e in pos.st.ev[0, : pos.st.ev_n[0]] if e[2] == R.EV_TEAR]
    roll = int(ev[0][4])
    assert pos.st.attacked[0] == 1
    if roll >= 2:
        assert pos.st.carrying[0, 0] == 0 and pos.st.carrying[0, 1] == -1 and pos.st.tr_carrier[0, 0] == 0
    else:
        assert pos.st.carrying[0, 1] == 0 and pos.st.carrying[0, 0] == -1


def test_strength_tears_an_item_and_not_a_second_treasure():
    """Strength (card): a carried item may be torn away too; a wizard already carrying a
    treasure cannot tear another; only from a wizard in the same square."""
    pos = Position(seed=2, params=NEVER)
    pos.put(1, 2, 3)
    pos.start_turn(0)
    strong(pos)
    carry_treasure(pos, 1, 0)
    rock = carry_item(pos, 1, "Large Rock")
    assert S.O_TEAR not in pos.kinds(0)  # an adjacent square is not the same square
    pos.put(1, 2, 2)
    carry_treasure(pos, 0, 3)
    assert [o for o in pos.options(0) if o[0] == S.O_TEAR] == [(S.O_TEAR, 1, rock, 0, 0)]


def test_balanced_casts_strength_and_tears_a_treasure_away():
    """Strength (bot): in the square of an enemy carrying its treasure, the balanced bot casts
    Strength, then tears the treasure (its attack)."""
    pos = Position(params=NEVER)
    pos.put(0, 2, 5)
    pos.put(1, 2, 5)
    pos.start_turn(0)
    carry_treasure(pos, 1, 0)
    i = pos.give(0, "Strength")
    opts = pos.options(0)
    k = R.BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    assert opts[k] == (O_NEUTRAL, i, 0, -1, 0)
    pos.do(0, opts[k])
    opts = pos.options(0)
    k = R.BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    assert opts[k] == (S.O_TEAR, 1, -1, 0, 0)


# ------------------------------------------------------------------------------------------
# Stretch (card; R106, R116, A-17)
# ------------------------------------------------------------------------------------------

def stretch_opts(pos, p=0):
    """Seat p's Stretch options as (mode, object, square)."""
    return {(o[2], o[3], o[4]) for o in pos.options(p) if o[0] == S.O_STRETCH}


def test_stretch_picks_up_a_treasure_in_sight_and_ends_move_and_cast():
    """Stretch (card): a treasure lying on a square in sight is picked up from afar; as a
    pick-up it costs no MP and ends Move and Cast (R114, R116)."""
    pos = ready(NEVER)
    st = pos.give(0, "Stretch")
    pos.st.tr_sq[0, 2] = pos.sq(2, 5)
    assert (S.STRETCH_TREASURE, 2, 0) in stretch_opts(pos)
    pos.do(0, (S.O_STRETCH, st, S.STRETCH_TREASURE, 2, 0))
    assert pos.st.carrying[0, 0] == 2 and pos.st.mc_over[0] == 1 and pos.st.mp[0] == 3


def test_stretch_picks_up_an_item_for_one_mp():
    """Stretch (card: picking up still costs movement points), R106: a dropped item in sight is
    carried for 1 MP."""
    pos = ready(NEVER)
    rock = pos.give(0, "Large Rock")
    S.place(pos.st, 0, rock, S.Z_FLOOR)
    pos.st.c_sq[0, rock] = pos.sq(1, 4)
    st = pos.give(0, "Stretch")
    pos.do(0, (S.O_STRETCH, st, S.STRETCH_ITEM, rock, 0))
    assert pos.st.c_cont[0, rock] == S.items_of(0) and pos.st.mp[0] == 2


def test_stretch_puts_a_treasure_down_on_ones_base_and_scores():
    """Stretch (card: drop a carried treasure on any square in sight), A-17: put down on the
    wizard's own base, an enemy treasure scores there."""
    pos = ready(NEVER)
    pos.put(0, 2, 4)
    pos.put(1, 4, 9)
    pos.st.vp_kill[0, 0] = 1
    carry_treasure(pos, 0, 2)
    st = pos.give(0, "Stretch")
    assert (S.STRETCH_DROP, 2, pos.sq(2, 2)) in stretch_opts(pos)
    pos.do(0, (S.O_STRETCH, st, S.STRETCH_DROP, 2, pos.sq(2, 2)))
    assert pos.st.tr_sq[0, 2] == pos.sq(2, 2) and pos.st.done[0] == 1 and pos.st.winner[0] == 0


def test_stretch_punches_a_wizard_in_sight_as_the_attack():
    """Stretch (card: as an attack, punch any target in sight), R57: 1 damage from afar; the
    turn's attack is used."""
    pos = ready(NEVER, red=(2, 6))
    st = pos.give(0, "Stretch")
    assert S.O_PUNCH not in pos.kinds(0)
    pos.do(0, (S.O_STRETCH, st, S.STRETCH_PUNCH, 1, 0))
    assert pos.st.life[0, 1] == 14 and pos.st.attacked[0] == 1
    assert not any(o[2] == S.STRETCH_PUNCH for o in stretch_opts(pos))


def test_balanced_stretches_for_a_treasure_in_sight():
    """Stretch (bot): the balanced bot picks up an enemy treasure in sight with Stretch."""
    pos = ready(NEVER)
    st = pos.give(0, "Stretch")
    pos.st.tr_sq[0, 2] = pos.sq(2, 6)
    opts = pos.options(0)
    k = R.BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    assert opts[k] == (S.O_STRETCH, st, S.STRETCH_TREASURE, 2, 0)


# ------------------------------------------------------------------------------------------
# Heave-Ho (card; R99, A-17)
# ------------------------------------------------------------------------------------------

def test_heave_ho_damage_is_the_distance_and_the_treasure_lands_there():
    """Heave-Ho (card): the carried treasure thrown at a wizard in sight deals physical damage
    equal to the squares thrown (diagonals as a wizard moves: 2 rows + 2 columns = 4) and lands
    on the target's square; it is the turn's attack."""
    pos = ready(NEVER, red=(0, 4))
    carry_treasure(pos, 0, 2)
    h = pos.give(0, "Heave-Ho")
    pos.do(0, (S.O_HEAVE, h, 1, pos.sq(0, 4), 0))
    assert pos.st.life[0, 1] == 11 and pos.st.carrying[0, 0] == -1
    assert pos.st.tr_sq[0, 2] == pos.sq(0, 4) and pos.st.attacked[0] == 1


def test_heave_ho_is_mundane_no_counter_answers_it():
    """Heave-Ho (card: mundane), R99: Full Shield, Negate Neutral and Backlash do not answer it."""
    pos = ready(ALWAYS, red=(2, 5))
    carry_treasure(pos, 0, 2)
    fs = pos.give(1, "Full Shield")
    pos.give(1, "Backlash")
    h = pos.give(0, "Heave-Ho")
    pos.do(0, (S.O_HEAVE, h, 1, pos.sq(2, 5), 0))
    assert pos.st.life[0, 1] == 12 and pos.st.c_cont[0, fs] == S.hand_of(1)


def test_heave_ho_onto_ones_base_scores():
    """Heave-Ho (card: at an empty square), A-17: an enemy treasure thrown onto one's own base
    lands there and scores."""
    pos = ready(NEVER, red=(4, 9))
    pos.put(0, 2, 5)
    pos.st.vp_kill[0, 0] = 1
    carry_treasure(pos, 0, 2)
    h = pos.give(0, "Heave-Ho")
    assert (S.O_HEAVE, h, -1, pos.sq(2, 2), 0) in pos.options(0)
    opts = pos.options(0)
    k = R.BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    assert opts[k] == (S.O_HEAVE, h, -1, pos.sq(2, 2), 0)  # the balanced bot scores so
    pos.do(0, opts[k])
    assert pos.st.tr_sq[0, 2] == pos.sq(2, 2) and pos.st.done[0] == 1 and pos.st.winner[0] == 0


def test_heave_ho_doubled_by_strength():
    """Heave-Ho (card: physical damage) with Strength (card: doubled): 3 squares deal 6."""
    pos = ready(NEVER, red=(2, 5))
    strong(pos)
    carry_treasure(pos, 0, 2)
    h = pos.give(0, "Heave-Ho")
    pos.do(0, (S.O_HEAVE, h, 1, pos.sq(2, 5), 0))
    assert pos.st.life[0, 1] == 9


# ------------------------------------------------------------------------------------------
# Featherweight (card; checklist 2.3 forced movement)
# ------------------------------------------------------------------------------------------

def test_featherweight_cast_as_a_counter_turns_damage_into_a_push():
    """Featherweight (card: cast as a counter when attacked, temporary): each point of damage
    moves its wizard one square straight away from the attacker instead (checklist 2.3); the
    balanced target casts it against a hit worth a counter."""
    pos = ready(red=(2, 4))
    fw = pos.give(1, "Featherweight")
    pt = pos.give(0, "Powerthrust")
    pos.do(0, (O_ATTACK, pt, 1, -1, 0))  # 3 damage
    assert pos.st.c_cont[0, fw] == S.maint_of(1)
    assert pos.st.life[0, 1] == 15 and pos.st.pos[0, 1] == pos.sq(2, 7)


def test_featherweight_blocked_push_leaves_the_rest_as_damage():
    """Featherweight (card: unable to move, the remaining damage is suffered): a wall two squares
    behind stops the push; the rest is damage."""
    pos = Position(params=NEVER)  # the frame's wall east of (1,4)
    pos.put(0, 1, 1)
    pos.put(1, 1, 3)
    pos.start_turn(1)
    fw = pos.give(1, "Featherweight")
    R.begin_spell(pos.st, pos.t, 0, 1, fw, 1, 2)
    pos.start_turn(0)
    fb = pos.give(0, "Fireball")
    pos.do(0, (O_ATTACK, fb, 1, -1, 0))  # 5 damage: 1 square, then the wall
    assert pos.st.pos[0, 1] == pos.sq(1, 4) and pos.st.life[0, 1] == 11


def test_featherweight_in_the_same_square_is_plain_damage():
    """Featherweight (card) with no direction (our ruling: an attacker on the same square pushes
    nowhere): the damage is suffered."""
    pos = ready(NEVER, red=(2, 2))
    fw = pos.give(1, "Featherweight")
    R.begin_spell(pos.st, pos.t, 0, 1, fw, 1, 2)
    pos.do(0, (O_PUNCH, 1, 0, 0, 0))
    assert pos.st.life[0, 1] == 14 and pos.st.pos[0, 1] == pos.sq(2, 2)
