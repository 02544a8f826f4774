"""The results counters on the pending-frame damage: a seat's damage_dealt and damage_taken are
counted where damage lands (after Protect and Redirect), units_lost where a unit is destroyed.
Counters only: play is tested elsewhere."""

from __future__ import annotations

from simlab.games.ashes import rules as R
from simlab.games.ashes import state as S
from tests.games.ashes.kit import Position


def turn_of(decks, p=0):
    pos = Position(decks=decks)
    pos.st.phase[0] = S.PH_TURNS
    R.begin_turn(pos.st, 0, p)
    return pos


def seat(pos, p, col):
    return int(pos.st.seat[0, p, col])


def test_dealt_damage_is_counted_after_protect():
    """Seat 1 hits a 3-life unit for 4 and Protect stops 2: 2 land (dealt), the unit lives; a
    second hit destroys it (units_lost)."""
    pos = turn_of(("The Iron Men", "The Mist Guardian"), p=0)
    pr = pos.take(0, "Protect", "spellboard")
    pos.st.status[0, pr] = 2
    knight = pos.take(0, "Hammer Knight", "battlefield")  # life 3
    R.deal_unit(pos.st, 0, knight, 4, 1, S.DK_ABILITY)
    R.run_pending(pos.st, pos.t, 0, pos.prm)
    assert pos.st.wounds[0, knight] == 2
    assert seat(pos, 1, S.S_DMG_DEALT) == 2 and seat(pos, 0, S.S_UNITS_LOST) == 0
    R.deal_unit(pos.st, 0, knight, 1, 1, S.DK_ABILITY)
    R.run_pending(pos.st, pos.t, 0, pos.prm)
    assert knight in pos.instances(0, "discard")
    assert seat(pos, 1, S.S_DMG_DEALT) == 3 and seat(pos, 0, S.S_UNITS_LOST) == 1
    assert seat(pos, 0, S.S_DMG_TAKEN) == 0 and seat(pos, 0, S.S_DMG_DEALT) == 0


def test_redirected_damage_is_dealt_to_the_unit_not_taken():
    """Redirect turns 3 Phoenixborn damage onto a unit: the source seat dealt 3, the Phoenixborn
    took none; damage a seat deals its own Phoenixborn is taken, not dealt; fatigue is taken."""
    pos = turn_of(("The Bloodwoods Queen", "The Iron Men"), p=1)
    pos.take(0, "Redirect", "hand")
    pos.dice(0, [("charm", "class")])
    pos.take(0, "Leech Warrior", "battlefield")
    pos.take(0, "Blood Archer", "battlefield")
    pos.st.pb_wounds[0, 0] = 16  # 3 more is lethal: the balanced bot redirects
    R.deal_pb(pos.st, 0, 0, 3, 1, S.DK_SPELL)
    R.run_pending(pos.st, pos.t, 0, pos.prm)
    assert pos.st.pb_wounds[0, 0] == 16
    assert seat(pos, 1, S.S_DMG_DEALT) == 3 and seat(pos, 0, S.S_DMG_TAKEN) == 0
    R.deal_pb(pos.st, 0, 1, 2, 0, S.DK_ATTACK)
    R.deal_pb(pos.st, 0, 0, 1, 0, S.DK_DICE)
    R.run_pending(pos.st, pos.t, 0, pos.prm)
    assert seat(pos, 0, S.S_DMG_DEALT) == 2 and seat(pos, 1, S.S_DMG_TAKEN) == 2
    assert seat(pos, 0, S.S_DMG_TAKEN) == 1
    R.damage_pb(pos.st, 0, 1, 2)  # fatigue
    assert seat(pos, 1, S.S_DMG_TAKEN) == 4 and seat(pos, 0, S.S_DMG_DEALT) == 2
