"""Transformations (R101, R167) and the Mutation school: Golem, Werewolf, Gnome and Slime Form on
the shared form mechanism (State.form) that Mist Body uses too.

C = ../shared/reference/wizwar/rules_checklist.md (R = rule, A = ambiguity, 2.2 = card table);
card = the card's text in ../shared/reference/wizwar/cards.json (our words here).
Test board: open; blue (seat 0) base (2,2), red (seat 1) base (2,7).
"""

from __future__ import annotations

import pytest

from simlab.games.wizwar import bots as BT
from simlab.games.wizwar import rules as R
from simlab.games.wizwar import state as S
from simlab.games.wizwar.state import (
    O_ATTACK,
    O_BOOST,
    O_END_SPELL,
    O_NEUTRAL,
    O_PICKUP,
    O_PUNCH,
    O_STEP,
)
from tests.games.wizwar.kit import Position, face

pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")
NEVER = {"counter_min": 99}  # bots that never spend a counter on their own


def cast(pos, p, name, boost=None):
    """Seat p casts the form ``name`` on itself from its hand (boosted by a card ``boost`` given to
    it first); returns the spell's instance."""
    i = pos.give(p, name)
    y = pos.give(p, boost) if boost else -1
    pos.do(p, (O_NEUTRAL, i, p, y, 0))
    return i


def zot(pos, p, q, energy_card):
    """Seat p casts Zot! at q for damage, boosted by ``energy_card``."""
    pos.start_turn(p)
    pos.do(p, (O_ATTACK, pos.give(p, "Zot!"), q, pos.give(p, energy_card), 0))


def script_dice(pos, rolls):
    """Make the next d4 rolls of game 0 come out as ``rolls`` (search the dice stream's seeds)."""
    st = pos.st
    from simlab.games.base import randbelow
    for seed in range(1, 200000):
        trial = st.rng.copy()
        trial[0, S.RS_DICE] = seed
        if all(1 + randbelow(trial, 0, S.RS_DICE, 4) == r for r in rolls):
            st.rng[0, S.RS_DICE] = seed
            return
    raise AssertionError("no seed gives those rolls")


def form_of(pos, p):
    """The effect name of seat p's form ('' for none)."""
    f = int(pos.st.form[0, p])
    return S.EFFECTS[f] if f else ""


# ------------------------------------------------------------------------------------------
# The shared mechanism (R37, R101, R167)
# ------------------------------------------------------------------------------------------

def test_a_new_transformation_ends_the_old_one_of_another_kind():
    """R101: a wizard holds one transformation at a time; a new one (Golem Form) ends the previous
    one (Mist Body), and the wizard's form is the new one."""
    pos = Position()
    pos.start_turn(0)
    m = cast(pos, 0, "Mist Body", boost="Energy 5")
    assert form_of(pos, 0) == "mist_body"
    g = cast(pos, 0, "Golem Form")
    assert pos.st.c_cont[0, m] == S.Z_DISCARD and pos.st.c_cont[0, g] == S.maint_of(0)
    assert form_of(pos, 0) == "golem_form"


def test_form_ends_with_its_spell_and_the_base_move_changes_mid_turn():
    """R37, R167: casting a form in one's turn changes the movement points left by the new base
    move minus the old (Golem: 2, so 3 -> 2); ending it gives them back and the wizard takes back
    its own shape (no form)."""
    pos = Position()
    pos.start_turn(0)
    g = cast(pos, 0, "Golem Form")
    assert pos.st.mp[0] == 2
    pos.do(0, (O_END_SPELL, g, -1, 0, 0))
    assert pos.st.mp[0] == 3 and form_of(pos, 0) == ""


def test_move_and_cast_starts_with_the_forms_base_move():
    """R32, Golem Form (card): a golem's Move and Cast starts with base move 2 (Speedstone + 1)."""
    pos = Position(bots=["random"], params={"end_floor": 1.0})  # ends at once
    pos.start_turn(0)
    cast(pos, 0, "Golem Form", boost="Energy 4")
    pos.st.first_done[0, 0] = 1
    R.move_and_cast(pos.st, pos.t, 0, pos.geo, 0, pos.prm)
    assert pos.st.mp[0] == 2


def test_forms_end_on_death_and_invariants_hold():
    """R154: a dead wizard's maintained spells are discarded, its form with them (the invariant
    check counts a form without its spell)."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 4)
    pos.start_turn(1)
    cast(pos, 1, "Golem Form")
    assert S.count_violations(pos.st, pos.t, 0) == 0
    pos.st.life[0, 1] = 1
    pos.st.form[0, 1] = 0  # break it: the check notices
    assert S.count_violations(pos.st, pos.t, 0) == 1
    pos.st.form[0, 1] = S.E_GOLEM_FORM
    R.hurt(pos.st, pos.t, 0, 0, 1, 5, pos.prm)
    assert not pos.st.alive[0, 1] and form_of(pos, 1) == ""
    assert S.count_violations(pos.st, pos.t, 0) == 0


# ------------------------------------------------------------------------------------------
# Golem Form
# ------------------------------------------------------------------------------------------

def test_golem_punches_for_two():
    """Golem Form (card): a golem's punch deals 2 physical damage (R57: 1 unchanged)."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 3)
    pos.start_turn(0)
    cast(pos, 0, "Golem Form")
    pos.do(0, (O_PUNCH, 1, 0, 0, 0))
    assert pos.st.life[0, 1] == 13


def test_golem_takes_two_less_from_each_source():
    """Golem Form (card): a golem takes 2 less from each source of harm (a Zot! of 4 hurts 2, one
    of 2 not at all: R147 damage reduced to 0 is none)."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 4)
    pos.start_turn(1)
    cast(pos, 1, "Golem Form", boost="Energy 4")
    zot(pos, 0, 1, "Energy 4")
    assert pos.st.life[0, 1] == 13
    pos.st.attacked[0] = 0
    pos.do(0, (O_ATTACK, pos.give(0, "Zot!"), 1, -1, 0))
    assert pos.st.life[0, 1] == 13


def test_golem_casts_counters_only():
    """Golem Form (card): golems may only cast counter spells: no attack spell, no neutral spell,
    no Add, no Pick Lock; punching, items and the speed boost stay."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 3)
    pos.start_turn(0)
    cast(pos, 0, "Golem Form")
    for name in ("Fireball", "Meditate", "Mist Body", "Energy 5"):
        pos.give(0, name)
    kinds = pos.kinds(0)
    assert O_PUNCH in kinds and O_BOOST in kinds
    assert O_ATTACK not in kinds and O_NEUTRAL not in kinds


def test_golem_treasure_pickup_costs_one_mp_and_the_phase_goes_on():
    """Golem Form (card), R114, R116: picking up a treasure costs a golem 1 MP instead of ending
    its Move and Cast; with no MP left it cannot pick one up."""
    pos = Position()
    pos.put(0, 2, 6)
    j = 2  # red's first treasure, moved under the blue wizard
    pos.st.tr_sq[0, j] = pos.sq(2, 6)
    pos.start_turn(0)
    cast(pos, 0, "Golem Form")
    assert pos.st.mp[0] == 2
    pos.do(0, (O_PICKUP, j, 0, 0, 0))
    assert pos.st.carrying[0, 0] == j and pos.st.mc_over[0] == 0 and pos.st.mp[0] == 1
    assert "for 1 MP (a golem)" in "\n".join(pos.log())
    R.put_down(pos.st, pos.t, 0, 0, R.WAY_DROP)
    pos.st.mp[0] = 0
    assert O_PICKUP not in pos.kinds(0)


# ------------------------------------------------------------------------------------------
# Werewolf Form
# ------------------------------------------------------------------------------------------

def test_werewolf_moves_four():
    """Werewolf Form (card), R37: a werewolf's base move is 4 (MP left 3 -> 4 when cast)."""
    pos = Position()
    pos.start_turn(0)
    cast(pos, 0, "Werewolf Form")
    assert pos.st.mp[0] == 4


@pytest.mark.parametrize("roll", [1, 4])
def test_werewolf_punches_for_a_d4_roll(roll):
    """Werewolf Form (card), R7: a werewolf's punch deals physical damage equal to a d4 roll."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 3)
    pos.start_turn(0)
    cast(pos, 0, "Werewolf Form")
    script_dice(pos, [roll])
    pos.do(0, (O_PUNCH, 1, 0, 0, 0))
    assert pos.st.life[0, 1] == 15 - roll
    assert f"rolls {roll} for its punch" in "\n".join(pos.log())


def test_werewolf_casts_counters_only():
    """Werewolf Form (card): werewolves can only cast counter spells (no attack or neutral spell)."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 3)
    pos.start_turn(0)
    cast(pos, 0, "Werewolf Form")
    for name in ("Zot!", "Meditate"):
        pos.give(0, name)
    kinds = pos.kinds(0)
    assert O_PUNCH in kinds and not kinds & {O_ATTACK, O_NEUTRAL}


# ------------------------------------------------------------------------------------------
# Gnome Form
# ------------------------------------------------------------------------------------------

def test_gnome_moves_two_and_may_still_cast():
    """Gnome Form (card), R37: a gnome's base move is 2 (3 -> 2 when cast); unlike a golem it may
    cast any spell (the card restricts nothing)."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 4)
    pos.start_turn(0)
    cast(pos, 0, "Gnome Form")
    assert pos.st.mp[0] == 2
    pos.give(0, "Zot!")
    assert O_ATTACK in pos.kinds(0)


def red_gnome(at, roll):
    """Red (seat 1) on map square ``at`` has become a gnome; blue's turn starts and the next d4
    roll is ``roll``."""
    pos = Position(params=NEVER)
    pos.put(1, *at)
    pos.start_turn(1)
    cast(pos, 1, "Gnome Form")
    pos.start_turn(0)
    script_dice(pos, [roll])
    return pos


@pytest.mark.parametrize("roll,hit", [(1, False), (2, False), (3, True), (4, True)])
def test_gnome_evades_a_punch_on_one_or_two(roll, hit):
    """Gnome Form (card), R149: each time a gnome is attacked it rolls the d4 and evades the
    attack on 1-2 (no damage); on 3-4 the attack lands."""
    pos = red_gnome((2, 3), roll)
    pos.do(0, (O_PUNCH, 1, 0, 0, 0))
    assert pos.st.life[0, 1] == (14 if hit else 15)
    assert pos.st.attacked[0] == 1  # the evaded attack is still the turn's attack (R144)


def test_gnome_evades_an_attack_spell():
    """Gnome Form (card): an attack spell is evaded the same way (roll 1)."""
    pos = red_gnome((2, 4), 1)
    pos.do(0, (O_ATTACK, pos.give(0, "Fireball"), 1, -1, 0))
    assert pos.st.life[0, 1] == 15 and "evades the attack" in "\n".join(pos.log())


def test_gnome_evades_a_psychic_storm():
    """Gnome Form (card): Psychic Storm is an attack too; a gnome in it rolls (roll 2: evaded)."""
    pos = red_gnome((2, 4), 2)
    pos.do(0, (S.O_AREA, pos.give(0, "Psychic Storm"), pos.sq(2, 4), pos.give(0, "Energy 4"), 0))
    assert pos.st.life[0, 1] == 15


def test_gnome_form_cast_as_a_counter_when_attacked():
    """Gnome Form (card): when attacked, the wizard may cast it as a counter; it transforms at once
    and rolls for that attack (roll 1: the Fireball is evaded)."""
    pos = Position(params=NEVER)
    pos.prm[1] = Position(params={}).prm[1]  # red counters big hits (counter_min 3)
    pos.put(1, 2, 4)
    g = pos.give(1, "Gnome Form")
    pos.start_turn(0)
    script_dice(pos, [1])
    pos.do(0, (O_ATTACK, pos.give(0, "Fireball"), 1, -1, 0))
    assert pos.st.c_cont[0, g] == S.maint_of(1) and form_of(pos, 1) == "gnome_form"
    assert pos.st.life[0, 1] == 15


# ------------------------------------------------------------------------------------------
# Slime Form
# ------------------------------------------------------------------------------------------

BLUE_DOOR = face((3, 4, "D"))  # a blue door between (1,0) and (1,1)


def test_slime_passes_doors_closed_to_it():
    """Slime Form (card): a slime ignores doors when moving (base move 3, unchanged)."""
    pos = Position(blue=BLUE_DOOR)
    pos.put(1, 1, 1)
    pos.start_turn(1)
    assert not any(o[0] == O_STEP and o[1] == 3 for o in pos.options(1))
    cast(pos, 1, "Slime Form")
    assert pos.st.mp[0] == 3
    pos.do(1, (O_STEP, 3, 0, 0, 0))
    assert pos.st.pos[0, 1] == pos.sq(1, 0)


def carry(pos, p, j):
    """Seat p's wizard holds treasure j."""
    pos.st.tr_sq[0, j] = -1
    pos.st.tr_carrier[0, j] = p
    pos.st.carrying[0, p] = j


def slime_through_blue_door(p, j):
    """Seat p, a slime carrying treasure j, steps west from (1,1) through the blue door."""
    pos = Position(blue=BLUE_DOOR)
    pos.put(p, 1, 1)
    carry(pos, p, j)
    pos.start_turn(p)
    cast(pos, p, "Slime Form")
    pos.do(p, (O_STEP, 3, 0, 0, 0))
    assert pos.st.pos[0, p] == pos.sq(1, 0)
    return pos


def test_slime_drops_its_treasure_at_a_closed_door():
    """Slime Form (card): moving through a closed door (red's slime, a blue door) makes a slime
    drop its carried treasure; it stays on the square the slime leaves (our ruling)."""
    pos = slime_through_blue_door(1, 0)
    assert pos.st.carrying[0, 1] == -1 and pos.st.tr_sq[0, 0] == pos.sq(1, 1)


def test_slime_keeps_its_treasure_through_its_own_door():
    """Slime Form (card), R46: a door of the slime's own colour is open to it, not closed."""
    pos = slime_through_blue_door(0, 2)
    assert pos.st.carrying[0, 0] == 2


def test_slime_oozes_over_wizards_in_the_square_it_enters():
    """Slime Form (card), A-5: entering a square a slime deals each wizard there 1 physical damage;
    it is no attack (the turn's attack stays unused) and kills score no point."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 3)
    pos.start_turn(0)
    cast(pos, 0, "Slime Form")
    pos.do(0, (O_STEP, 1, 0, 0, 0))
    assert pos.st.life[0, 1] == 14 and pos.st.attacked[0] == 0
    assert "the slime oozes over" in "\n".join(pos.log())
    pos.st.life[0, 1] = 1
    pos.do(0, (O_STEP, 3, 0, 0, 0))
    pos.do(0, (O_STEP, 1, 0, 0, 0))
    assert not pos.st.alive[0, 1] and pos.st.vp_kill[0, 0] == 0


def test_slime_cannot_attack_and_casts_counters_only():
    """Slime Form (card): slimes cannot attack (no punch, no throw) and may only cast counters."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 3)
    pos.start_turn(0)
    cast(pos, 0, "Slime Form")
    pos.give(0, "Zot!")
    pos.give(0, "Meditate")
    rock = pos.give(0, "Large Rock")
    pos.do(0, (S.O_ITEM, rock, 0, 0, 0))
    assert not pos.kinds(0) & {O_ATTACK, O_NEUTRAL, O_PUNCH, S.O_THROW}


# ------------------------------------------------------------------------------------------
# Extra Arms
# ------------------------------------------------------------------------------------------

def drop_items(pos, p, names, at):
    """Lay copies of items ``names`` (from seat p's supply) on the floor of map square ``at``;
    returns their instances."""
    out = []
    for name in names:
        i = pos.give(p, name)
        S.place(pos.st, 0, i, S.Z_FLOOR)
        pos.st.c_sq[0, i] = pos.sq(*at)
        out.append(i)
    return out


def test_extra_arms_items_stop_counting_toward_the_hand_limit():
    """Extra Arms (card), R173: while it lasts carried items do not count toward the hand limit
    (the spell itself, maintained, still does: R86)."""
    pos = Position()
    pos.start_turn(0)
    for name in ("Speedstone", "Lifestone", "Powerstone"):
        S.place(pos.st, 0, pos.give(0, name), S.items_of(0))
    cast(pos, 0, "Extra Arms")
    assert S.hand_size(pos.st, 0, 0) == 1
    for _ in range(6):
        pos.give(0, "Energy 4")
    R.discard_to_limit(pos.st, pos.t, 0, 0, pos.prm[0])
    assert S.hand_size(pos.st, 0, 0) == 7 and pos.st.cont_n[0, S.items_of(0)] == 3


def test_when_extra_arms_ends_the_items_count_again():
    """Extra Arms (card), R172, R173, A-14: when it ends (here its last token in Time Passes) the
    carried items count again and the wizard discards down to the limit at once."""
    pos = Position()
    pos.start_turn(0)
    for name in ("Speedstone", "Lifestone", "Powerstone"):
        S.place(pos.st, 0, pos.give(0, name), S.items_of(0))
    cast(pos, 0, "Extra Arms")
    for _ in range(6):
        pos.give(0, "Energy 4")
    R.time_passes(pos.st, pos.t, 0, 0, pos.prm)
    assert S.hand_size(pos.st, 0, 0) == 7 and len(pos.hand(0)) == 4


def test_extra_arms_gathers_all_items_and_a_treasure_for_one_mp():
    """Extra Arms (card), R106, R116: for 1 MP the wizard picks up every item on its square and one
    treasure, and its Move and Cast goes on; a treasure alone also costs 1 MP and ends nothing."""
    pos = Position()
    pos.put(0, 2, 6)
    pos.st.tr_sq[0, 2] = pos.sq(2, 6)
    items = drop_items(pos, 0, ["Speedstone", "Lifestone"], (2, 6))
    pos.start_turn(0)
    cast(pos, 0, "Extra Arms")
    pos.do(0, (S.O_GATHER, 2, 0, 0, 0))
    assert all(pos.st.c_cont[0, i] == S.items_of(0) for i in items)
    assert pos.st.carrying[0, 0] == 2 and pos.st.mc_over[0] == 0 and pos.st.mp[0] == 3  # 3 - 1 + Speedstone
    R.put_down(pos.st, pos.t, 0, 0, R.WAY_DROP)
    pos.do(0, (O_PICKUP, 2, 0, 0, 0))
    assert pos.st.mc_over[0] == 0 and pos.st.mp[0] == 2


def test_extra_arms_punch_hits_everyone_in_reach():
    """Extra Arms (card), R69: a punch affects every wizard within reach (own and adjacent
    squares), not only the one aimed at; one attack (R49)."""
    pos = Position(players=3, params=NEVER)
    me = (int(pos.t.g_sq_r[0, pos.st.pos[0, 0]]), int(pos.t.g_sq_c[0, pos.st.pos[0, 0]]))
    pos.put(1, *me)
    pos.put(2, *me)
    pos.start_turn(0)
    cast(pos, 0, "Extra Arms")
    pos.do(0, (O_PUNCH, 1, 0, 0, 0))
    assert pos.st.life[0, 1] == 14 and pos.st.life[0, 2] == 14
    assert pos.st.seat[0, 0, S.S_ATTACKS] == 1


# ------------------------------------------------------------------------------------------
# Adrenaline
# ------------------------------------------------------------------------------------------

def adrenaline_next_to_red(stunned=False):
    """Blue (seat 0) with Adrenaline on itself next to red (seat 1), in its Move and Cast."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 3)
    pos.start_turn(0)
    pos.st.stunned[0] = 1 if stunned else 0
    cast(pos, 0, "Adrenaline")
    return pos


def test_adrenaline_allows_two_attacks_a_turn():
    """Adrenaline (card), R49: while it lasts the target may attack twice a turn (two punches),
    not three times; when it ends, one attack again."""
    pos = adrenaline_next_to_red()
    pos.do(0, (O_PUNCH, 1, 0, 0, 0))
    pos.do(0, (O_PUNCH, 1, 0, 0, 0))
    assert pos.st.life[0, 1] == 13 and O_PUNCH not in pos.kinds(0)
    pos.start_turn(0)
    R.time_passes(pos.st, pos.t, 0, 0, pos.prm)  # its one token comes off: it ends
    pos.start_turn(0)
    pos.do(0, (O_PUNCH, 1, 0, 0, 0))
    assert O_PUNCH not in pos.kinds(0) and pos.st.adrenaline[0, 0] == 0


def test_adrenaline_targets_a_wizard_in_sight():
    """Adrenaline (card), R70: it may target oneself or another wizard in sight, not one out of
    sight."""
    pos = Position(blue=face((5, 12, "|"), (5, 8, "|")))  # walls west and east of blue's base (2,2)
    pos.put(1, 1, 2)
    pos.start_turn(0)
    a = pos.give(0, "Adrenaline")
    assert {o[2] for o in pos.options(0) if o[:2] == (O_NEUTRAL, a)} == {0, 1}
    pos.put(1, 2, 7)
    assert {o[2] for o in pos.options(0) if o[:2] == (O_NEUTRAL, a)} == {0}


def test_stunned_with_adrenaline_attacks_once_and_moves():
    """Adrenaline (card), R140, R141: a stunned target may attack once and move."""
    pos = adrenaline_next_to_red(stunned=True)
    pos.do(0, (O_PUNCH, 1, 0, 0, 0))
    assert O_STEP in pos.kinds(0)
    pos.do(0, (O_STEP, 3, 0, 0, 0))
    assert O_PUNCH not in pos.kinds(0)


def test_stunned_with_adrenaline_attacks_twice_without_moving():
    """Adrenaline (card), R141: a stunned target may attack twice, and then not move."""
    pos = adrenaline_next_to_red(stunned=True)
    pos.do(0, (O_PUNCH, 1, 0, 0, 0))
    pos.do(0, (O_PUNCH, 1, 0, 0, 0))
    assert pos.st.life[0, 1] == 13 and O_STEP not in pos.kinds(0)


# ------------------------------------------------------------------------------------------
# Disease
# ------------------------------------------------------------------------------------------

def diseased_blue(red_at=(2, 3), red_life=15):
    """Blue (seat 0) has cast Disease on itself this turn (turn 1); red stands on ``red_at``."""
    pos = Position(params=NEVER)
    pos.put(1, *red_at)
    pos.st.life[0, 1] = red_life
    pos.st.turn[0] = 1
    pos.start_turn(0)
    d = pos.give(0, "Disease")
    pos.do(0, (O_ATTACK, d, 0, -1, 0))
    return pos, d


def test_disease_is_cast_on_oneself_as_the_attack():
    """Disease (card; A-24 attack): cast on oneself it is maintained and uses the turn's attack."""
    pos, d = diseased_blue()
    assert pos.st.c_cont[0, d] == S.maint_of(0) and pos.st.m_target[0, d] == 0
    assert pos.st.attacked[0] == 1 and O_PUNCH not in pos.kinds(0)


def test_disease_strikes_wizards_in_squares_entered_once_a_turn():
    """Disease (card): each time the carrier enters a square, each other wizard there takes 3
    physical damage, once per turn per wizard (stepping out and back in: no more)."""
    pos, _ = diseased_blue()
    pos.do(0, (O_STEP, 1, 0, 0, 0))
    assert pos.st.life[0, 1] == 12 and "Disease strikes" in "\n".join(pos.log())
    pos.do(0, (O_STEP, 3, 0, 0, 0))
    pos.do(0, (O_STEP, 1, 0, 0, 0))
    assert pos.st.life[0, 1] == 12
    pos.st.turn[0] = 3
    pos.start_turn(0)
    pos.do(0, (O_STEP, 3, 0, 0, 0))
    pos.do(0, (O_STEP, 1, 0, 0, 0))
    assert pos.st.life[0, 1] == 9


def test_disease_uses_the_attack_only_on_its_cast_turn_and_kills_score_nothing():
    """Disease (card), A-5: on later turns the attack is free again; a death from Disease is no
    attack's, so it scores no kill point."""
    pos, _ = diseased_blue(red_life=3)
    pos.st.turn[0] = 3
    pos.start_turn(0)
    assert O_PUNCH in pos.kinds(0)
    pos.do(0, (O_STEP, 1, 0, 0, 0))
    assert not pos.st.alive[0, 1] and pos.st.vp_kill[0, 0] == 0


# ------------------------------------------------------------------------------------------
# Big Man Form
# ------------------------------------------------------------------------------------------

def big_blue(red_at):
    """Blue (seat 0) has become a big man on its base (2,2); red stands on ``red_at``."""
    pos = Position(params=NEVER)
    pos.put(1, *red_at)
    pos.start_turn(0)
    cast(pos, 0, "Big Man Form")
    return pos


def test_big_man_moves_three_and_punches_for_three():
    """Big Man Form (card): base move 3 (unchanged from 3) and a punch of 3 physical damage."""
    pos = big_blue((2, 3))
    assert pos.st.mp[0] == 3
    pos.do(0, (O_PUNCH, 1, 0, 0, 0))
    assert pos.st.life[0, 1] == 12


def test_nobody_enters_a_big_mans_square():
    """Big Man Form (card): no one can enter his square (red next to him has no step into it)."""
    pos = big_blue((2, 3))
    pos.start_turn(1)
    assert not any(o[:2] == (O_STEP, 3) for o in pos.options(1))
    assert any(o[:2] == (O_STEP, 1) for o in pos.options(1))


def test_nobody_teleports_into_a_big_mans_square():
    """Big Man Form (card): no one can enter his square, by Teleport either."""
    pos = big_blue((2, 4))
    pos.start_turn(1)
    tp = pos.give(1, "Teleport")
    dests = {o[4] for o in pos.options(1) if o[:2] == (O_NEUTRAL, tp)}
    assert pos.sq(2, 3) in dests and pos.sq(2, 2) not in dests


def test_big_man_pushes_the_wizard_ahead():
    """Big Man Form (card; 2.2 G9 treatment): stepping into a wizard's square he pushes it one
    square on, straight ahead; its treasure goes with it."""
    pos = big_blue((2, 3))
    carry(pos, 1, 0)
    pos.do(0, (O_STEP, 1, 0, 0, 0))
    assert pos.st.pos[0, 0] == pos.sq(2, 3) and pos.st.pos[0, 1] == pos.sq(2, 4)
    assert pos.st.carrying[0, 1] == 0


def test_a_blocked_push_stops_the_big_man():
    """Big Man Form (2.2 G9 treatment): if the wizard ahead cannot be pushed on (a wall behind it),
    the big man cannot step into its square."""
    pos = Position(params=NEVER, blue=face((5, 16, "|")))  # a wall east of (2,3)
    pos.put(1, 2, 3)
    pos.start_turn(0)
    cast(pos, 0, "Big Man Form")
    assert not any(o[:2] == (O_STEP, 1) for o in pos.options(0))


def test_big_man_blocks_sight_past_him_but_is_seen():
    """Big Man Form (card; A-36): he blocks the line of sight through his square, so no spell is
    cast past him at the wizard behind; a line ending on his square still reaches him."""
    pos = Position(players=3, params=NEVER)
    pos.put(0, 2, 1)
    pos.put(1, 2, 2)
    pos.put(2, 2, 3)
    pos.start_turn(1)
    cast(pos, 1, "Big Man Form")
    pos.start_turn(0)
    z = pos.give(0, "Zot!")
    targets = {o[2] for o in pos.options(0) if o[:2] == (O_ATTACK, z)}
    assert targets == {1}
    assert not R.big_man_between(pos.st, pos.t, 0, pos.sq(1, 1), pos.sq(1, 3))  # a line beside him


# ------------------------------------------------------------------------------------------
# Bots
# ------------------------------------------------------------------------------------------

def bot_choice(pos, p):
    """The option seat p's bot takes now."""
    opts = pos.options(p)
    k = BT.choose_option(pos.st, pos.t, 0, pos.geo, p, pos.prm[p])
    return opts[k]


def test_balanced_casts_golem_form_next_to_an_enemy():
    """Bots (Golem Form): with an enemy within reach, no attack spell in the hand and the attack
    still to come, the balanced bot becomes a golem (a 2-damage punch) rather than punch for 1."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 3)
    pos.start_turn(0)
    g = pos.give(0, "Golem Form")
    assert bot_choice(pos, 0)[:2] == (O_NEUTRAL, g)
    pos.give(0, "Fireball")  # an attack spell it could no longer cast: not a golem then
    assert bot_choice(pos, 0)[:2] != (O_NEUTRAL, g)


@pytest.mark.parametrize("name", ["Golem Form", "Werewolf Form", "Gnome Form", "Slime Form", "Extra Arms",
                                  "Adrenaline", "Disease", "Big Man Form"])
def test_random_bot_can_pick_each_form(name):
    """Bots: the random bot picks every kind of option it is offered, casting a form included."""
    pos = Position(bots=["random"], params={"end_floor": 0.0})
    pos.start_turn(0)
    i = pos.give(0, name)
    picked = set()
    for _ in range(60):
        picked.add(bot_choice(pos, 0)[:2])
    assert (O_NEUTRAL, i) in picked or (O_ATTACK, i) in picked


def test_balanced_casts_werewolf_form_to_reach_an_enemy():
    """Bots (Werewolf Form): an enemy 4 steps away is out of a punch's reach at speed 3 but not
    at a werewolf's 4: the balanced bot transforms."""
    pos = Position(params=NEVER)
    pos.put(0, 2, 2)
    pos.put(1, 2, 6)
    pos.start_turn(0)
    w = pos.give(0, "Werewolf Form")
    assert bot_choice(pos, 0)[:2] == (O_NEUTRAL, w)


def test_balanced_casts_gnome_form_carrying_a_treasure_in_sight():
    """Bots (Gnome Form): carrying a treasure in an enemy's sight, the balanced bot becomes a gnome
    (half the attacks on it miss)."""
    pos = Position(params=NEVER)
    pos.put(0, 2, 4)
    pos.put(1, 2, 7)
    pos.st.tr_sq[0, 2] = -1
    pos.st.tr_carrier[0, 2] = 0
    pos.st.carrying[0, 0] = 2
    pos.start_turn(0)
    g = pos.give(0, "Gnome Form")
    assert bot_choice(pos, 0)[:2] == (O_NEUTRAL, g)


def test_balanced_becomes_a_slime_to_pass_a_closed_door_and_ends_it_with_a_treasure():
    """Bots (Slime Form): with its way behind a door closed to it and nothing carried, the balanced
    bot becomes a slime; once it carries a treasure it ends the form (a closed door would take it)."""
    pos = Position(params=NEVER, blue=face((3, 4, "D"), (2, 1, "---"), (4, 1, "---")))
    pos.put(1, 1, 0)  # red in blue's corner pocket, walled in but for the blue door
    pos.start_turn(1)
    sl = pos.give(1, "Slime Form")
    assert bot_choice(pos, 1)[:2] == (O_NEUTRAL, sl)
    pos.do(1, (O_NEUTRAL, sl, 1, -1, 0))
    carry(pos, 1, 0)
    assert bot_choice(pos, 1)[:2] == (O_END_SPELL, sl)


def test_balanced_grows_extra_arms_with_two_enemies_in_reach():
    """Bots (Extra Arms): with two enemies within a punch's reach and the attack to come, the
    balanced bot grows extra arms first (one punch, two hits)."""
    pos = Position(players=3, params=NEVER)
    me = (int(pos.t.g_sq_r[0, pos.st.pos[0, 0]]), int(pos.t.g_sq_c[0, pos.st.pos[0, 0]]))
    pos.put(1, *me)
    pos.put(2, *me)
    pos.start_turn(0)
    x = pos.give(0, "Extra Arms")
    assert bot_choice(pos, 0)[:2] == (O_NEUTRAL, x)


def test_balanced_casts_adrenaline_next_to_an_enemy():
    """Bots (Adrenaline): with two attack spells in the hand, an enemy in sight and its attack
    open, the balanced bot casts Adrenaline on itself before attacking; with one, it does not."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 4)
    pos.start_turn(0)
    a = pos.give(0, "Adrenaline")
    pos.give(0, "Fireball")
    assert bot_choice(pos, 0)[:2] != (O_NEUTRAL, a)
    pos.give(0, "Ka-Bong!")
    assert bot_choice(pos, 0)[:3] == (O_NEUTRAL, a, 0)


def test_balanced_catches_disease_near_an_enemy_and_steps_onto_it():
    """Bots (Disease): with an enemy within its walk this turn the balanced bot casts Disease on
    itself, then steps onto the enemy's square."""
    pos = Position(params=NEVER)
    pos.put(1, 3, 2)  # south of blue's base (2,2); blue's goal lies east
    pos.st.turn[0] = 1
    pos.start_turn(0)
    d = pos.give(0, "Disease")
    assert bot_choice(pos, 0)[:3] == (O_ATTACK, d, 0)
    pos.do(0, (O_ATTACK, d, 0, -1, 0))
    assert bot_choice(pos, 0)[:2] == (O_STEP, 2)


def test_balanced_becomes_a_big_man_next_to_an_enemy():
    """Bots (Big Man Form): with an enemy within reach and its attack open, the balanced bot
    becomes a big man (a punch of 3)."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 3)
    pos.start_turn(0)
    g = pos.give(0, "Big Man Form")
    assert bot_choice(pos, 0)[:2] == (O_NEUTRAL, g)
