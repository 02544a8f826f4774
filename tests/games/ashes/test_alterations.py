"""Alteration spells and the end-of-round effects (checklist §2 #72-#77, rules 56, 126-128,
134; AMB-5, AMB-8)."""

from __future__ import annotations

import numpy as np

from simlab.games.ashes import bots as B
from simlab.games.ashes import rules as R
from simlab.games.ashes import state as S
from tests.games.ashes.kit import Position


def start(decks, p=0):
    pos = Position(decks=decks)
    pos.st.phase[0] = S.PH_TURNS
    R.begin_turn(pos.st, 0, p)
    return pos


def attach(pos, p, name, host):
    """Put one of p's ``name`` alterations under ``host`` (controlled by the host's controller)."""
    i = pos.take(p, name, "hand")
    q = pos.st.i_cont[0, host] // S.NZ
    R.place(pos.st, 0, i, S.zone_of(q, S.Z_ATTACHED))
    pos.st.i_parent[0, i] = host
    return i


def end_round(pos):
    pos.st.phase[0] = S.PH_RECOVERY
    R.end_of_round_effects(pos.st, pos.t, 0, pos.prm)


def test_fade_away_destroys_at_end_of_round_and_removes_an_ally():
    """§2 #73 (W-EOR, AMB-5): the unit under Fade Away is destroyed at the end of the round, an
    ally then removed from the game; the balanced bot plays it on the opposing unit."""
    pos = start(("The Shadows of Viros", "The Iron Men"))
    knight = pos.take(1, "Hammer Knight", "battlefield")
    fa = pos.take(0, "Fade Away", "hand")
    pos.dice(0, [("illusion", "class")])
    use = np.zeros(S.NDICE, np.int16)
    assert R.playable(pos.st, pos.t, 0, 0, fa, use)
    R.play_card(pos.st, pos.t, 0, pos.prm, 0, fa, use)
    assert pos.st.i_parent[0, fa] == knight and fa in pos.instances(1, "attached")
    end_round(pos)
    assert knight in pos.instances(1, "removed") and fa in pos.instances(0, "discard")
    assert pos.violations() == 0


def test_massive_growth_only_on_small_units_and_fleeting():
    """§2 #74: Massive Growth (+4/+4) goes only under a unit with attack 2 or less and is
    discarded at the end of the round (Fleeting); a unit left with wounds at its life is then
    destroyed (rule 111)."""
    pos = start(("The Mist Guardian", "The Iron Men"))
    spirit = pos.take(0, "Mist Spirit", "battlefield")
    knight = pos.take(1, "Hammer Knight", "battlefield")
    assert B.may_attach(pos.st, pos.t, 0, 0, pos.card_id("Massive Growth"), spirit)
    assert not B.may_attach(pos.st, pos.t, 0, 0, pos.card_id("Massive Growth"), knight)  # attack 4
    mg = attach(pos, 0, "Massive Growth", spirit)
    assert S.unit_attack(pos.st, pos.t, 0, spirit) == 5 and S.unit_life(pos.st, pos.t, 0, spirit) == 5
    pos.st.wounds[0, spirit] = 2
    end_round(pos)
    assert mg in pos.instances(0, "discard") and spirit in pos.instances(0, "conjuration_pile")


def test_bring_forth_needs_illusion_and_removes_it():
    """§2 #72: Bring Forth (+2/+1) goes only under a unit with Illusion (False Demon) and removes
    it: attack damage then only wounds the Demon."""
    pos = start(("The Shadows of Viros", "The Iron Men"))
    demon = pos.take(0, "False Demon", "battlefield")
    wolf = pos.take(0, "Masked Wolf", "battlefield")
    bf = pos.card_id("Bring Forth")
    assert B.may_attach(pos.st, pos.t, 0, 0, bf, demon) and not B.may_attach(pos.st, pos.t, 0, 0, bf, wolf)
    attach(pos, 0, "Bring Forth", demon)
    assert not B.may_attach(pos.st, pos.t, 0, 0, bf, demon)
    assert S.unit_attack(pos.st, pos.t, 0, demon) == 3 and S.unit_life(pos.st, pos.t, 0, demon) == 5
    R.deal_unit(pos.st, 0, demon, 2, 1, S.DK_ATTACK)
    R.run_pending(pos.st, pos.t, 0, pos.prm)
    assert pos.st.wounds[0, demon] == 2


def test_reflections_takes_away_abilities_but_not_inexhaustible_ones():
    """§2 #75: a unit with Reflections in the Water has no Unit Guard and no Pain Link, while an
    inexhaustible ability (Last Blessing) still works."""
    pos = start(("The Bloodwoods Queen", "The Mist Guardian"), p=1)
    doll = pos.take(0, "Living Doll", "battlefield")
    pos.dice(0, [("charm", "basic")])
    attach(pos, 1, "Reflections In The Water", doll)
    R.deal_unit(pos.st, 0, doll, 1, 1, S.DK_ABILITY)
    R.run_pending(pos.st, pos.t, 0, pos.prm)
    assert len(pos.active(0)) == 1 and pos.st.pb_wounds[0, 1] == 0  # no Pain Link
    pos2 = start(("The Mist Guardian", "The Iron Men"), p=1)
    monk = pos2.take(0, "Butterfly Monk", "battlefield")
    pos2.take(0, "Summon Butterfly Monk", "spellboard")
    target = pos2.take(0, "Mist Spirit", "battlefield")
    assert B._can_guard(pos2.st, pos2.t, 0, monk, target)
    attach(pos2, 0, "Reflections In The Water", monk)
    assert not B._can_guard(pos2.st, pos2.t, 0, monk, target)
    pos2.st.pb_wounds[0, 0] = 2
    R.deal_unit(pos2.st, 0, monk, 1, 1, S.DK_ABILITY)
    R.run_pending(pos2.st, pos2.t, 0, pos2.prm)
    assert pos2.st.pb_wounds[0, 0] == 1  # Last Blessing (inexhaustible) still fires


def test_spiked_armor_hurts_the_units_in_battle_with_it():
    """§2 #77 (Spiked Skin, inexhaustible): a unit in battle that hurts the armoured unit takes 2
    damage back, even while the armoured unit is exhausted and so cannot counter."""
    pos = start(("The Iron Men", "The Mist Guardian"), p=1)
    worker = pos.take(0, "Iron Worker", "battlefield")
    attach(pos, 0, "Spiked Armor", worker)
    assert S.unit_life(pos.st, pos.t, 0, worker) == 4
    pos.st.exhaust[0, worker] = 1
    spirit = pos.take(1, "Mist Spirit", "battlefield")
    att = np.array([spirit] + [0] * 7, np.int16)
    pos.st.main_used[0, 1] = 1
    R.resolve_unit_attack(pos.st, pos.t, 0, pos.prm, 1, 0, att, 1, worker, -1)
    assert pos.st.wounds[0, worker] == 1 and spirit in pos.instances(1, "conjuration_pile")


def test_blood_puppet_curses_its_controller_at_end_of_round():
    """§2 #16 (Cursed, W-EOR): at the end of the round each Blood Puppet puts 1 wound token on its
    controller's Phoenixborn (the controller, not the owner: rule 71)."""
    pos = start(("The Bloodwoods Queen", "The Iron Men"))
    puppet = next(i for i in pos.instances(0, "conjuration_pile")
                  if pos.ct.names[pos.st.i_card[0, i]] == "Blood Puppet")
    R.place(pos.st, 0, puppet, S.zone_of(1, S.Z_BATTLEFIELD))  # on the opponent's side
    end_round(pos)
    assert pos.st.pb_wounds[0, 1] == 1 and pos.st.pb_wounds[0, 0] == 0
    pos.st.exhaust[0, puppet] = 1  # still exhausted after recovery: no ability text (rule 104)
    end_round(pos)
    assert pos.st.pb_wounds[0, 1] == 1
    assert pos.violations() == 0


def test_respark_takes_the_alteration_back_to_hand():
    """Rule 118 (E10, AMB-23): during the player turns phase, when a unit carrying an alteration
    with Respark leaves play, the alteration's owner may pay its Respark cost (Undying Heart: 2
    basic) to take it into hand instead of the discard pile; not outside the player turns
    phase."""
    pos = start(("The Bloodwoods Queen", "The Iron Men"), p=1)
    leech = pos.take(0, "Leech Warrior", "battlefield")
    pos.st.exhaust[0, leech] = 1
    heart = attach(pos, 0, "Undying Heart", leech)
    pos.dice(0, [("ceremonial", "basic")] * 3)
    R.deal_unit(pos.st, 0, leech, 5, 1, S.DK_ABILITY)
    R.run_pending(pos.st, pos.t, 0, pos.prm)
    assert leech in pos.instances(0, "discard") and heart in pos.instances(0, "hand")
    assert len(pos.active(0)) == 1
    pos2 = start(("The Bloodwoods Queen", "The Iron Men"), p=1)
    l2 = pos2.take(0, "Leech Warrior", "battlefield")
    h2 = attach(pos2, 0, "Undying Heart", l2)
    pos2.dice(0, [("ceremonial", "basic")] * 3)
    pos2.st.phase[0] = S.PH_RECOVERY
    pos2.st.exhaust[0, l2] = 1
    R.deal_unit(pos2.st, 0, l2, 5, 1, S.DK_ABILITY)
    R.run_pending(pos2.st, pos2.t, 0, pos2.prm)
    assert h2 in pos2.instances(0, "discard")


def test_magic_guard_keeps_opposing_spells_off():
    """§2 #24 (Magic Guard, inexhaustible): an opponent's spell cannot affect a Seaside Raven:
    Molten Gold's wounds and Mist Typhoon's damage do nothing to it."""
    pos = start(("The Iron Men", "The Cloudsea Siren"))
    raven = pos.take(1, "Seaside Raven", "battlefield")
    R.deal_unit(pos.st, 0, raven, 1, 0, S.DK_SPELL)
    R.run_pending(pos.st, pos.t, 0, pos.prm)
    assert pos.st.wounds[0, raven] == 0
    assert not R.spell_unit_target_exists(pos.st, pos.t, 0, 0)
    assert R.spell_blocked(pos.st, pos.t, 0, 0, raven) and not R.spell_blocked(pos.st, pos.t, 0, 1, raven)


def test_reflections_silences_aftershock():
    """§2 #75 with §2 #10: a Hammer Knight under Reflections in the Water has no Aftershock."""
    pos = start(("The Iron Men", "The Mist Guardian"))
    knight = pos.take(0, "Hammer Knight", "battlefield")
    attach(pos, 1, "Reflections In The Water", knight)
    spirit = pos.take(1, "Mist Spirit", "battlefield")
    other = pos.take(1, "Mist Spirit", "battlefield")
    att = np.array([knight] + [0] * 7, np.int16)
    pos.st.main_used[0, 0] = 1
    R.resolve_unit_attack(pos.st, pos.t, 0, pos.prm, 0, 1, att, 1, spirit, -1)
    assert spirit in pos.instances(1, "conjuration_pile") and other in pos.instances(1, "battlefield")
