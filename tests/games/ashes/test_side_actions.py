"""Side actions: dice powers (checklist §1.13, rules 98-102) and meditation (§1.12, rules 95-97)."""

from __future__ import annotations

import numpy as np

from simlab.games.ashes import bots as B
from simlab.games.ashes import rules as R
from simlab.games.ashes import state as S
from tests.games.ashes.kit import Position


def moves(pos, p=0):
    """Seat p's legal side moves as (kind, x)."""
    legal = np.zeros(S.MAXI_P, np.int16)
    use = np.zeros(S.NDICE, np.int16)
    n = R.legal_moves(pos.st, pos.t, 0, p, True, legal, use)
    return [(int(m) // S.MAXI, int(m) % S.MAXI) for m in legal[:n]]


def start(decks=("The Iron Men", "The Mist Guardian")):
    pos = Position(decks=decks)
    R.begin_turn(pos.st, 0, 0)
    return pos


def test_natural_power_deals_one_damage():
    """Rules 98 and 102 (L219-226, L248-253): a side action exhausting a natural die showing its
    power deals 1 damage to a target unit; a 1-life Mist Spirit is destroyed and returns to its
    pile. The side action is then used."""
    pos = start()
    spirit = pos.take(1, "Mist Spirit", "battlefield")
    pos.dice(0, [("natural", "class")])
    assert (S.MV_NATURAL, spirit) not in moves(pos)  # a class face is no power
    pos.dice(0, [("natural", "power")])
    assert (S.MV_NATURAL, spirit) in moves(pos)
    R.use_dice_power(pos.st, pos.t, 0, 0, S.MV_NATURAL, spirit)
    R.run_pending(pos.st, pos.t, 0, pos.prm)  # make_move resolves what a move queued
    assert spirit in pos.instances(1, "conjuration_pile")
    assert pos.active(0) == [] and pos.st.side_left[0, 0] == 0
    assert moves(pos) == []  # no side action left


def test_illusion_power_exhausts_an_opposing_die():
    """Rule 101 (L244-246, L292-295; AMB-3 default: any die): one die of the opponent's active
    pool moves to the exhausted pool."""
    pos = start()
    pos.dice(0, [("illusion", "power")])
    pos.dice(1, [("natural", "basic"), ("illusion", "power")])
    assert [m for m in moves(pos) if m[0] == S.MV_ILLUSION] == [(S.MV_ILLUSION, 10), (S.MV_ILLUSION, 11)]
    R.use_dice_power(pos.st, pos.t, 0, 0, S.MV_ILLUSION, 1 * S.NDICE + 1)
    assert pos.active(1) == [("natural", "basic")]


def test_ceremonial_power_recalls_an_ally_and_hurts_its_phoenixborn():
    """Rule 99 (L236-256): an ally from your discard pile into hand, then your Phoenixborn takes
    damage equal to its attack; a 0-attack ally deals none (FAQ)."""
    pos = start()
    knight = pos.take(0, "Hammer Knight", "discard")
    anchor = pos.take(0, "Anchornaut", "discard")
    pos.take(0, "Protect", "discard")  # not an ally: no move
    pos.dice(0, [("ceremonial", "power"), ("ceremonial", "power")])
    assert sorted(x for k, x in moves(pos) if k == S.MV_CEREMONIAL) == sorted([knight, anchor])
    R.use_dice_power(pos.st, pos.t, 0, 0, S.MV_CEREMONIAL, knight)
    R.run_pending(pos.st, pos.t, 0, pos.prm)
    assert knight in pos.instances(0, "hand") and pos.st.pb_wounds[0, 0] == 4
    pos.st.side_left[0, 0] = 1
    R.use_dice_power(pos.st, pos.t, 0, 0, S.MV_CEREMONIAL, anchor)
    assert anchor in pos.instances(0, "hand") and pos.st.pb_wounds[0, 0] == 4


def test_charm_die_on_a_unit_until_the_end_of_round():
    """Rules 29 and 100 (L240-265; AMB-29): the charm die sits on your unit, in neither pool: +1
    attack and +1 life; at the end of the round (after recovery step 4, AMB-5) it returns to the
    exhausted pool, and a unit whose life then falls to its wounds is destroyed."""
    pos = start(("The Snakes in Silver", "The Iron Men"))
    gilder = pos.take(0, "Gilder", "battlefield")
    pos.dice(0, [("charm", "power")])
    R.use_dice_power(pos.st, pos.t, 0, 0, S.MV_CHARM, gilder)
    assert S.unit_attack(pos.st, pos.t, 0, gilder) == 2 and S.unit_life(pos.st, pos.t, 0, gilder) == 3
    assert pos.active(0) == [] and S.dice_count(pos.st, 0, 0, S.L_ON_CARD) == 1
    pos.st.wounds[0, gilder] = 2  # survives only thanks to the die
    assert pos.violations() == 0
    R.recovery_phase(pos.st, pos.t, 0, pos.prm)  # Gilder recovers 0
    assert gilder in pos.instances(0, "conjuration_pile")
    assert S.dice_count(pos.st, 0, 0, S.L_ON_CARD) == 0 and S.dice_count(pos.st, 0, 0, S.L_EXHAUSTED) == 10


def test_charm_die_returns_when_its_unit_leaves_play():
    """Rule 29 / 116 (FAQ): a die on a card goes to its owner's exhausted pool when the card leaves."""
    pos = start(("The Snakes in Silver", "The Iron Men"))
    gilder = pos.take(0, "Gilder", "battlefield")
    pos.dice(0, [("charm", "power")])
    R.use_dice_power(pos.st, pos.t, 0, 0, S.MV_CHARM, gilder)
    pos.st.wounds[0, gilder] = 3
    assert R.destroy_if_dead(pos.st, pos.t, 0, gilder)
    assert S.dice_count(pos.st, 0, 0, S.L_ON_CARD) == 0
    assert pos.violations() == 0


def test_meditate_discards_then_sets_faces():
    """E17 / rules 95-96 (L1411-1417, AMB-10): as the side action, discard a hand card, the top
    card of the draw pile and a ready spell from the spellboard, then set 3 different active dice
    to chosen faces."""
    pos = start()
    hand = pos.instances(0, "hand")[0]
    spell = pos.take(0, "Protect", "spellboard")
    top = pos.instances(0, "draw")[-1]
    pos.st.exhaust[0, spell] = 1  # an exhausted ready spell may be discarded too
    pos.dice(0, [("natural", "basic"), ("ceremonial", "basic"), ("natural", "class")])
    src = np.array([hand, -1, spell], np.int16)
    dice = np.array([0, 1, 2], np.int16)
    faces = np.array([S.F_POWER, S.F_POWER, S.F_POWER], np.int16)
    assert R.meditate(pos.st, pos.t, 0, 0, src, 3, dice, faces, 3) == 3
    assert {hand, top, spell} <= set(pos.instances(0, "discard"))
    assert pos.st.exhaust[0, spell] == 0
    assert pos.active(0) == [("ceremonial", "power"), ("natural", "power"), ("natural", "power")]
    assert pos.st.side_left[0, 0] == 0
    assert pos.violations() == 0


def test_meditating_away_a_summon_copy_can_destroy_a_monk_first():
    """Rule 96 (FAQ order) with §2 #18: the discards resolve before any die changes, so a Butterfly
    Monk whose life falls to its wounds (one copy of its summon left the spellboard) is destroyed."""
    pos = start(("The Mist Guardian", "The Iron Men"))
    monk = pos.take(0, "Butterfly Monk", "battlefield")
    a = pos.take(0, "Summon Butterfly Monk", "spellboard")
    pos.take(0, "Summon Butterfly Monk", "spellboard")
    pos.st.wounds[0, monk] = 1
    assert pos.violations() == 0
    R.meditate(pos.st, pos.t, 0, 0, np.array([a], np.int16), 1, np.zeros(1, np.int16),
               np.zeros(1, np.int16), 1)
    R.run_pending(pos.st, pos.t, 0, pos.prm)
    assert monk in pos.instances(0, "conjuration_pile")


def test_balanced_side_choices():
    """DP10: the balanced bot uses the natural power only to destroy an opposing unit, prefers a
    summon, and never pings its own units."""
    pos = start()
    mine = pos.take(0, "Iron Rhino", "battlefield")
    spirit = pos.take(1, "Mist Spirit", "battlefield")
    pos.dice(0, [("natural", "power")])
    legal = np.array([S.MV_NATURAL * S.MAXI + mine, S.MV_NATURAL * S.MAXI + spirit], np.int16)
    assert B.choose_side(pos.st, pos.t, 0, pos.prm, 0, legal, 2) == legal[1]
    assert B.choose_side(pos.st, pos.t, 0, pos.prm, 0, legal, 1) == -1
