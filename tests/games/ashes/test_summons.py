"""Activating summoning ready spells (checklist rules 50, 55, 62-63, 67, 69, 108; E5, E8, E9)."""

from __future__ import annotations

import numpy as np

from simlab.games.ashes import rules as R
from simlab.games.ashes import state as S
from tests.games.ashes.kit import Position

USE = np.zeros(S.NDICE, np.int16)


def act(pos, i):
    """Seat 0 activates ready spell copy i, which must be legal."""
    assert R.can_activate(pos.st, pos.t, 0, 0, i, USE)
    R.activate(pos.st, pos.t, 0, pos.prm, 0, i, USE)


def maeoni():
    pos = Position(decks=("The Snakes in Silver", "The Iron Men"))
    R.begin_turn(pos.st, 0, 0)
    return pos


def test_summon_silver_snake():
    """E5 (L1598-1613, L1709-1737): activation = main action + exhaust the copy + a charm power
    and a natural power; a Silver Snake moves from the conjuration pile to the battlefield."""
    pos = maeoni()
    spell = pos.take(0, "Summon Silver Snake", "spellboard")
    pos.dice(0, [("charm", "power"), ("natural", "class"), ("natural", "basic")])
    assert not R.can_activate(pos.st, pos.t, 0, 0, spell, USE)  # no natural power face
    pos.dice(0, [("charm", "power"), ("natural", "power"), ("natural", "basic")])
    assert R.can_activate(pos.st, pos.t, 0, 0, spell, USE)
    R.activate(pos.st, pos.t, 0, pos.prm, 0, spell, USE)
    assert pos.names(0, "battlefield") == ["Silver Snake"]
    assert len(pos.instances(0, "conjuration_pile")) == 5 + 3 - 1
    assert pos.st.exhaust[0, spell] == 1 and pos.st.main_used[0, 0] == 1
    assert pos.active(0) == [("natural", "basic")]
    snake = pos.instances(0, "battlefield")[0]
    assert S.unit_attack(pos.st, pos.t, 0, snake) == 0  # X = its status tokens (none)
    assert pos.violations() == 0


def test_an_exhausted_copy_cannot_be_activated():
    """Rules 62 and 108 (L1651-1656, L1531-1532): the cost exhausts the copy, so it is used once a
    round; the next turn it is still exhausted until recovery removes the token."""
    pos = maeoni()
    spell = pos.take(0, "Summon Silver Snake", "spellboard")
    pos.dice(0, [("charm", "power"), ("natural", "power")] * 2)
    act(pos, spell)
    R.begin_turn(pos.st, 0, 0)
    assert not R.can_activate(pos.st, pos.t, 0, 0, spell, USE)
    R.recovery_phase(pos.st, pos.t, 0, pos.prm)
    R.begin_turn(pos.st, 0, 0)
    pos.dice(0, [("charm", "power"), ("natural", "power")])
    assert R.can_activate(pos.st, pos.t, 0, 0, spell, USE)


def test_focus_snakes_get_status():
    """E8 / rules 62-63 (L1644-1665, L1693-1708): with two copies each copy is activated on its own
    and each new Snake gets 1 status token (Focus 1), so attack 1; with three, 2 (Focus 2)."""
    pos = maeoni()
    a = pos.take(0, "Summon Silver Snake", "spellboard")
    b = pos.take(0, "Summon Silver Snake", "spellboard")
    pos.dice(0, [("charm", "power"), ("natural", "power")] * 3)
    act(pos, a)
    R.begin_turn(pos.st, 0, 0)
    assert R.can_activate(pos.st, pos.t, 0, 0, b, USE)
    R.activate(pos.st, pos.t, 0, pos.prm, 0, b, USE)
    snakes = pos.instances(0, "battlefield")
    assert [S.unit_attack(pos.st, pos.t, 0, i) for i in snakes] == [1, 1]
    pos.take(0, "Summon Silver Snake", "spellboard")
    R.place(pos.st, 0, snakes[0], pos.zone(0, "conjuration_pile"))
    c = pos.instances(0, "spellboard")[-1]
    R.begin_turn(pos.st, 0, 0)
    act(pos, c)
    assert sorted(S.unit_attack(pos.st, pos.t, 0, i) for i in pos.instances(0, "battlefield")) == [1, 2]


def test_iron_rhino_focus_lowers_the_cost():
    """E9 (L114-124, L1554-1590): Summon Iron Rhino's activation costs 6 basic with one copy, 5
    with two, 4 with three."""
    pos = Position()
    R.begin_turn(pos.st, 0, 0)
    copies = []
    for n, need in ((1, 6), (2, 5), (3, 4)):
        copies.append(pos.take(0, "Summon Iron Rhino", "spellboard"))
        cost = np.zeros(S.MAXI_P, np.int16)
        R.activation_cost(pos.st, pos.t, 0, 0, copies[0], cost)
        assert cost[S.CO_BASIC] == need, n
        pos.dice(0, [("ceremonial", "basic")] * (need - 1))
        assert not R.can_activate(pos.st, pos.t, 0, 0, copies[0], USE)
        pos.dice(0, [("ceremonial", "basic")] * need)
        assert R.can_activate(pos.st, pos.t, 0, 0, copies[0], USE)


def test_no_summon_without_a_conjuration_or_a_slot():
    """Rules 67 and 69 with AMB-11's default (L2419-2421, L1798-1805): a summon that would place
    nothing is not offered: an empty conjuration pile, or a full battlefield."""
    pos = maeoni()
    spell = pos.take(0, "Summon Silver Snake", "spellboard")
    pos.dice(0, [("charm", "power"), ("natural", "power")])
    for _ in range(3):
        pos.take(0, "Gilder", "battlefield")  # Maeoni's battlefield: 3
    assert not R.can_activate(pos.st, pos.t, 0, 0, spell, USE)
    pos.move_all(0, "battlefield", "conjuration_pile")
    for _ in range(3):
        pos.take(0, "Silver Snake", "removed")
    assert not R.can_activate(pos.st, pos.t, 0, 0, spell, USE)


def test_butterfly_monk_life_counts_the_summon_copies():
    """Checklist §2 #18: a Butterfly Monk's life X is the number of Summon Butterfly Monk copies on
    its controller's spellboard."""
    pos = Position(decks=("The Mist Guardian", "The Iron Men"))
    monk = pos.take(0, "Butterfly Monk", "battlefield")
    for n in (1, 2, 3):
        pos.take(0, "Summon Butterfly Monk", "spellboard")
        assert S.unit_life(pos.st, pos.t, 0, monk) == n


def test_masked_wolf_is_a_side_action():
    """Rules 40 and 46 (L590, L635-641): Summon Masked Wolf's activation uses the side action, so
    the same turn still has its main action; a second side activation is refused."""
    pos = Position(decks=("The Shadows of Viros", "The Iron Men"))
    a = pos.take(0, "Summon Masked Wolf", "spellboard")
    b = pos.take(0, "Summon Masked Wolf", "spellboard")
    pos.dice(0, [("illusion", "class"), ("ceremonial", "basic")] * 2)
    R.begin_turn(pos.st, 0, 0)
    assert R.can_activate(pos.st, pos.t, 0, 0, a, USE)
    R.activate(pos.st, pos.t, 0, pos.prm, 0, a, USE)
    assert pos.st.main_used[0, 0] == 0 and pos.st.side_left[0, 0] == 0
    assert not R.can_activate(pos.st, pos.t, 0, 0, b, USE)
    assert pos.names(0, "battlefield") == ["Masked Wolf"]


def test_bots_summon_in_whole_turns():
    """Rules 38-46: in a turn the bot may take a side activation and then a main one."""
    pos = Position(decks=("The Shadows of Viros", "The Iron Men"))
    pos.take(0, "Summon Masked Wolf", "spellboard")
    pos.take(0, "Summon False Demon", "spellboard")
    pos.dice(0, [("illusion", "class"), ("ceremonial", "basic"), ("illusion", "class"), ("illusion", "basic")])
    R.take_turn(pos.st, pos.t, 0, pos.prm, 0)
    assert pos.names(0, "battlefield") == ["False Demon", "Masked Wolf"]
    assert pos.st.card[0, 0, pos.card_id("Summon Masked Wolf"), S.C_ACTIVATED] == 1
    assert pos.violations() == 0


def test_mist_spirit_second_spirit_for_one_basic():
    """§2 #47: Summon Mist Spirit may pay 1 basic more for a second Mist Spirit (the balanced bot
    does when 2 other dice stay active)."""
    pos = Position(decks=("The Mist Guardian", "The Iron Men"))
    R.begin_turn(pos.st, 0, 0)
    spell = pos.take(0, "Summon Mist Spirit", "spellboard")
    pos.dice(0, [("illusion", "class")] + [("natural", "basic")] * 3)
    act(pos, spell)
    assert pos.names(0, "battlefield") == ["Mist Spirit", "Mist Spirit"] and len(pos.active(0)) == 2


def test_summon_gilder_damage_even_with_a_full_battlefield():
    """§2 #44 (FAQ, AMB-11): Summon Gilder may deal 1 damage to a unit; it is offered and the
    damage happens even when no Gilder can be placed (full battlefield)."""
    pos = maeoni()
    spell = pos.take(0, "Summon Gilder", "spellboard")
    for _ in range(3):
        pos.take(0, "Silver Snake", "battlefield")  # Maeoni's battlefield: 3
    spirit = pos.take(1, "Iron Worker", "battlefield")
    pos.st.wounds[0, spirit] = 1
    pos.dice(0, [("natural", "class")])
    act(pos, spell)
    assert spirit in pos.instances(1, "removed")  # destroyed by a spell of the Snakes' side: Consume
    assert "Gilder" not in pos.names(0, "battlefield")


def test_purge_focus_mills_one_more_for_a_basic():
    """§2 #36 (Focus 1): with 2 copies, Purge may pay 1 basic for a second card off the target's
    draw pile."""
    pos = Position(decks=("The Cloudsea Siren", "The Iron Men"))
    R.begin_turn(pos.st, 0, 0)
    purge = pos.take(0, "Purge", "spellboard")
    pos.take(0, "Purge", "spellboard")
    before = len(pos.instances(1, "draw"))
    pos.dice(0, [("charm", "class")] + [("natural", "basic")] * 3)
    act(pos, purge)
    assert len(pos.instances(1, "draw")) == before - 2
