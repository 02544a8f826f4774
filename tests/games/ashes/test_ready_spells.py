"""Ready spells other than summons (checklist §2 #33, #36, #37, #39; rules 55, 62-63, 108)."""

from __future__ import annotations

import numpy as np

from simlab.games.ashes import rules as R
from simlab.games.ashes import state as S
from tests.games.ashes.kit import Position

USE = np.zeros(S.NDICE, np.int16)


def act(pos, i, p=0):
    """Seat p activates ready spell copy i, which must be legal."""
    assert R.can_activate(pos.st, pos.t, 0, p, i, USE)
    R.activate(pos.st, pos.t, 0, pos.prm, p, i, USE)


def test_expand_energy_rerolls_an_exhausted_die():
    """§2 #33 (L538-540): main action + exhaust the copy: one exhausted die is re-rolled into the
    active pool; with no exhausted die it is not offered (AMB-11)."""
    pos = Position()
    spell = pos.take(0, "Expand Energy", "spellboard")
    R.begin_turn(pos.st, 0, 0)
    pos.dice(0, [("natural", "basic")] * 10)
    assert not R.can_activate(pos.st, pos.t, 0, 0, spell, USE)
    pos.dice(0, [("natural", "basic")] * 9)
    act(pos, spell)
    assert S.dice_count(pos.st, 0, 0, S.L_ACTIVE) == 10
    assert pos.st.exhaust[0, spell] == 1 and pos.st.main_used[0, 0] == 1


def test_purge_mills_the_opponent():
    """§2 #36: main action, exhaust, 1 charm class: the opponent discards the top of its draw pile."""
    pos = Position(decks=("The Cloudsea Siren", "The Iron Men"))
    spell = pos.take(0, "Purge", "spellboard")
    pos.dice(0, [("charm", "class")])
    R.begin_turn(pos.st, 0, 0)
    top = pos.instances(1, "draw")[-1]
    act(pos, spell)
    assert top in pos.instances(1, "discard")


def test_shifting_mist_sets_two_faces():
    """§2 #37: side action + exhaust: two of your active dice set to chosen faces (the balanced
    bot chooses power symbols)."""
    pos = Position(decks=("The Mist Guardian", "The Iron Men"))
    spell = pos.take(0, "Shifting Mist", "spellboard")
    pos.dice(0, [("natural", "basic"), ("illusion", "class"), ("natural", "basic")])
    R.begin_turn(pos.st, 0, 0)
    act(pos, spell)
    assert pos.active(0) == [("illusion", "power"), ("natural", "basic"), ("natural", "power")]
    assert pos.st.side_left[0, 0] == 0 and pos.st.main_used[0, 0] == 0


def test_strengthen_until_the_end_of_the_turn():
    """§2 #39 and AMB-25: side action + exhaust: +2 attack to a unit until the end of the turn;
    with three copies (Focus 2) +3."""
    pos = Position()
    knight = pos.take(0, "Hammer Knight", "battlefield")
    a = pos.take(0, "Strengthen", "spellboard")
    R.begin_turn(pos.st, 0, 0)
    act(pos, a)
    assert S.unit_attack(pos.st, pos.t, 0, knight) == 6
    R.end_turn(pos.st, 0, 0)
    assert S.unit_attack(pos.st, pos.t, 0, knight) == 4
    pos.take(0, "Strengthen", "spellboard")
    c = pos.take(0, "Strengthen", "spellboard")
    R.begin_turn(pos.st, 0, 0)
    act(pos, c)
    assert S.unit_attack(pos.st, pos.t, 0, knight) == 7


def test_strengthened_attack_hits_harder():
    """A whole turn: the balanced bot strengthens its Hammer Knight as its side action, then
    attacks the Phoenixborn with 6."""
    pos = Position()
    knight = pos.take(0, "Hammer Knight", "battlefield")
    pos.take(0, "Strengthen", "spellboard")
    pos.dice(0, [])
    pos.move_all(0, "hand", "discard")
    R.take_turn(pos.st, pos.t, 0, pos.prm, 0)
    assert pos.st.pb_wounds[0, 1] == 6 and pos.st.exhaust[0, knight] == 1
    assert pos.st.tmp_atk[0, knight] == 0
