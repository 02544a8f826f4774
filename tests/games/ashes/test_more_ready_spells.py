"""Ready spells Blood Transfer, Small Sacrifice, Cut the Strings, Hypnotize, Abundance, Summon
Blood Puppet and Blood Puppet's Self Inflict (checklist §2 #16, #28, #29, #31, #34, #38, #40)."""

from __future__ import annotations

import numpy as np

from simlab.games.ashes import rules as R
from simlab.games.ashes import state as S
from tests.games.ashes.kit import Position


def start(decks, p=0):
    pos = Position(decks=decks)
    pos.st.phase[0] = S.PH_TURNS
    R.begin_turn(pos.st, 0, p)
    return pos


def activate(pos, p, i, dice):
    pos.dice(p, dice)
    use = np.zeros(S.NDICE, np.int16)
    assert R.can_activate(pos.st, pos.t, 0, p, i, use)
    R.activate(pos.st, pos.t, 0, pos.prm, p, i, use)
    assert pos.st.exhaust[0, i] == 1


def puppet(pos, p, side):
    j = next(i for i in pos.instances(p, "conjuration_pile")
             if pos.ct.names[pos.st.i_card[0, i]] == "Blood Puppet")
    R.place(pos.st, 0, j, S.zone_of(side, S.Z_BATTLEFIELD))
    return j


def test_blood_transfer_moves_wounds():
    """§2 #29: 2 damage to your own unit; if dealt, 2 wounds come off another of your units (or 1
    off your Phoenixborn). Not offered without a unit of yours (AMB-11)."""
    pos = start(("The Bloodwoods Queen", "The Iron Men"))
    bt = pos.take(0, "Blood Transfer", "spellboard")
    assert not R.can_activate(pos.st, pos.t, 0, 0, bt, np.zeros(S.NDICE, np.int16))
    leech = pos.take(0, "Leech Warrior", "battlefield")  # life 3
    archer = pos.take(0, "Blood Archer", "battlefield")  # life 3
    pos.st.wounds[0, archer] = 2
    pos.st.exhaust[0, leech] = 1  # no Shadow Drain in the way
    activate(pos, 0, bt, [("ceremonial", "class"), ("charm", "class")])
    assert pos.st.wounds[0, leech] == 2 and pos.st.wounds[0, archer] == 0
    assert pos.st.main_used[0, 0] == 0 and pos.st.side_left[0, 0] == 0  # a side action


def test_small_sacrifice_trades_one_for_one():
    """§2 #38: 1 damage to your unit; if dealt, 1 damage to an opposing unit (Focus 1's exhaust
    mode is not offered)."""
    pos = start(("The Shadows of Viros", "The Mist Guardian"))
    ss = pos.take(0, "Small Sacrifice", "spellboard")
    wolf = pos.take(0, "Masked Wolf", "battlefield")
    spirit = pos.take(1, "Mist Spirit", "battlefield")
    activate(pos, 0, ss, [("ceremonial", "class")])
    assert wolf in pos.instances(0, "conjuration_pile")  # 1 life: it dies, the damage was dealt
    assert spirit in pos.instances(1, "conjuration_pile")


def test_cut_the_strings_discards_an_alteration_but_not_opposing_spell_guard():
    """§2 #31: 2 damage to your unit; if dealt, discard an alteration; an opponent's Massive Growth
    (Spell Guard) is out of reach, a Fade Away on your own unit is not."""
    pos = start(("The Bloodwoods Queen", "The Mist Guardian"))
    cts = pos.take(0, "Cut The Strings", "spellboard")
    leech = pos.take(0, "Leech Warrior", "battlefield")
    pos.st.exhaust[0, leech] = 1
    spirit = pos.take(1, "Mist Spirit", "battlefield")
    mg = pos.take(1, "Massive Growth", "attached")
    pos.st.i_parent[0, mg] = spirit
    assert not R.can_activate(pos.st, pos.t, 0, 0, cts, np.zeros(S.NDICE, np.int16))
    ua = pos.take(0, "Undying Heart", "attached")
    pos.st.i_parent[0, ua] = leech
    R.place(pos.st, 0, ua, S.zone_of(0, S.Z_ATTACHED))
    activate(pos, 0, cts, [("ceremonial", "class"), ("charm", "basic")])
    assert ua in pos.instances(0, "discard") and mg in pos.instances(1, "attached")
    assert pos.st.wounds[0, leech] == 2 and pos.violations() == 0


def test_hypnotize_gives_bypass_for_the_turn():
    """§2 #34: the unit gains Bypass until the end of the turn: it cannot be blocked (nor an attack
    with it guarded)."""
    pos = start(("The Snakes in Silver", "The Iron Men"))
    hy = pos.take(0, "Hypnotize", "spellboard")
    gilder = pos.take(0, "Gilder", "battlefield")
    pos.take(1, "Hammer Knight", "battlefield")
    activate(pos, 0, hy, [("charm", "class"), ("charm", "class")])
    assert pos.st.tmp_flag[0, gilder] == 1
    R.attack_pb(pos.st, pos.t, 0, pos.prm, 0)
    assert pos.st.pb_wounds[0, 1] == 1  # the Knight would block and kill a plain Gilder
    R.end_turn(pos.st, 0, 0)
    assert pos.st.tmp_flag[0, gilder] == 0


def test_abundance_draws_and_hurts_the_short_decks():
    """§2 #28 (rule 37's exception): every player may draw up to 2 and takes 1 damage per card
    not drawn; with 2 copies (Focus 1) the caster's own damage is 1 lower."""
    pos = start(("The Cloudsea Siren", "The Iron Men"))
    ab = pos.take(0, "Abundance", "spellboard")
    pos.take(0, "Abundance", "spellboard")
    pos.move_all(1, "draw", "discard", keep=1)
    pos.move_all(0, "draw", "discard", keep=0)
    activate(pos, 0, ab, [])
    assert pos.st.pb_wounds[0, 1] == 1 and pos.st.pb_wounds[0, 0] == 1


def test_summon_blood_puppet_on_the_opponents_side_and_self_inflict():
    """§2 #40 and #16: the Blood Puppet goes onto a target player's battlefield (the balanced bot:
    the opponent's, AMB-30), owned by the summoner; its controller may use Self Inflict (side
    action + 1 basic) for 1 damage to it; destroyed, it goes back to its owner's pile (rule 70)."""
    pos = start(("The Bloodwoods Queen", "The Iron Men"))
    sp = pos.take(0, "Summon Blood Puppet", "spellboard")
    activate(pos, 0, sp, [("ceremonial", "class")])
    pup = pos.instances(1, "battlefield")[0]
    assert pos.ct.names[pos.st.i_card[0, pup]] == "Blood Puppet" and pos.st.i_owner[0, pup] == 0
    R.begin_turn(pos.st, 0, 1)
    pos.dice(1, [("natural", "basic"), ("natural", "basic")])
    for _ in range(2):
        use = np.zeros(S.NDICE, np.int16)
        assert R.unit_ability_possible(pos.st, pos.t, 0, 1, pup, use)
        R.use_unit_ability(pos.st, pos.t, 0, pos.prm, 1, pup, use)
        R.run_pending(pos.st, pos.t, 0, pos.prm)
        pos.st.side_left[0, 1] = 1
    assert pup in pos.instances(0, "conjuration_pile") and pos.violations() == 0


def test_small_sacrifice_focus_exhausts_both_instead():
    """§2 #38 Focus 1: with 2 copies and both units unexhausted, Small Sacrifice may exhaust one's
    own unit and an opposing unit instead of the damage (the balanced bot does when the damage
    destroys nothing and the opposing unit has 3 or more attack)."""
    pos = start(("The Shadows of Viros", "The Iron Men"))
    ss = pos.take(0, "Small Sacrifice", "spellboard")
    pos.take(0, "Small Sacrifice", "spellboard")
    wolf = pos.take(0, "Masked Wolf", "battlefield")
    knight = pos.take(1, "Hammer Knight", "battlefield")
    activate(pos, 0, ss, [("ceremonial", "class")])
    assert pos.st.exhaust[0, wolf] == 1 and pos.st.exhaust[0, knight] == 1
    assert pos.st.wounds[0, wolf] == 0 and pos.st.wounds[0, knight] == 0


def test_masked_wolf_focus_pays_with_an_illusion_power():
    """§2 #46 Focus 1: with 2 copies, Summon Masked Wolf may be paid with an illusion power symbol
    instead of an illusion class symbol and 1 basic."""
    pos = start(("The Shadows of Viros", "The Iron Men"))
    a = pos.take(0, "Summon Masked Wolf", "spellboard")
    pos.dice(0, [("illusion", "power")])
    assert not R.can_activate(pos.st, pos.t, 0, 0, a, np.zeros(S.NDICE, np.int16))
    pos.take(0, "Summon Masked Wolf", "spellboard")
    activate(pos, 0, a, [("illusion", "power")])
    assert pos.names(0, "battlefield") == ["Masked Wolf"] and pos.active(0) == []


def test_abundance_double_ko_goes_to_the_caster():
    """§2.1 #15 with AMB-4: Abundance can destroy both Phoenixborn at once; the seat whose turn it
    is orders the destructions, its opponent's first, so the caster wins."""
    pos = start(("The Cloudsea Siren", "The Iron Men"))
    ab = pos.take(0, "Abundance", "spellboard")
    pos.move_all(0, "draw", "discard")
    pos.move_all(1, "draw", "discard")
    pos.st.pb_wounds[0, 0] = 19  # Saria: life 20
    pos.st.pb_wounds[0, 1] = 14  # Coal: life 15
    activate(pos, 0, ab, [])
    assert pos.st.done[0] == 1 and pos.st.winner[0] == 0
