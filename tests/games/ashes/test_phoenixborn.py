"""Phoenixborn abilities (checklist §2 #1, #2, #5, #6; rules 105, 108)."""

from __future__ import annotations

import numpy as np

from simlab.games.ashes import rules as R
from simlab.games.ashes import state as S
from tests.games.ashes.kit import Position

USE = np.zeros(S.NDICE, np.int16)


def start(decks):
    pos = Position(decks=decks)
    R.begin_turn(pos.st, 0, 0)
    return pos


def use(pos):
    """Seat 0 uses its Phoenixborn's ability, which must be legal."""
    assert R.pb_ability_possible(pos.st, pos.t, 0, 0, USE)
    R.use_pb_ability(pos.st, pos.t, 0, pos.prm, 0, USE)


def test_water_blast():
    """§2 #1 (Aradel, L89-92): side action, exhaust Aradel, 1 natural class: 2 damage to a target
    unit. Exhausted, Aradel has no ability until recovery (rules 105, 108, 131)."""
    pos = start(("The Mist Guardian", "The Iron Men"))
    worker = pos.take(1, "Iron Worker", "battlefield")
    pos.dice(0, [("natural", "class")])
    use(pos)
    assert worker in pos.instances(1, "discard")
    assert pos.st.pb_exhaust[0, 0] == 1 and pos.st.side_left[0, 0] == 0 and pos.active(0) == []
    pos.take(1, "Iron Worker", "battlefield")
    pos.dice(0, [("natural", "class")])
    R.begin_turn(pos.st, 0, 0)
    assert not R.pb_ability_possible(pos.st, pos.t, 0, 0, USE)
    R.recovery_phase(pos.st, pos.t, 0, pos.prm)
    R.begin_turn(pos.st, 0, 0)
    pos.dice(0, [("natural", "class")])
    assert R.pb_ability_possible(pos.st, pos.t, 0, 0, USE)


def test_water_blast_needs_a_unit():
    """AMB-11: with no unit in play Water Blast would do nothing, so it is not offered."""
    pos = start(("The Mist Guardian", "The Iron Men"))
    pos.dice(0, [("natural", "class")])
    assert not R.pb_ability_possible(pos.st, pos.t, 0, 0, USE)


def test_slash_discards_then_hits_a_unit_or_the_undefended_phoenixborn():
    """§2 #2 (Coal, L363-368): side action and discard 1 card: 1 damage to a target unit, or to the
    opposing Phoenixborn when the opponent has no unit."""
    pos = start(("The Iron Men", "The Mist Guardian"))
    hand = len(pos.instances(0, "hand"))
    use(pos)
    assert pos.st.pb_wounds[0, 1] == 1 and len(pos.instances(0, "hand")) == hand - 1
    assert len(pos.instances(0, "discard")) == 1
    pos.st.pb_exhaust[0, 0] = 0
    R.begin_turn(pos.st, 0, 0)
    spirit = pos.take(1, "Mist Spirit", "battlefield")
    use(pos)
    assert spirit in pos.instances(1, "conjuration_pile") and pos.st.pb_wounds[0, 1] == 1
    pos.move_all(0, "hand", "discard")
    pos.st.pb_exhaust[0, 0] = 0
    R.begin_turn(pos.st, 0, 0)
    assert not R.pb_ability_possible(pos.st, pos.t, 0, 0, USE)  # nothing to discard


def test_shadow_target_exhausts_an_opposing_ready_spell():
    """§2 #5 (Noah): 1 exhaustion token on a ready spell on the opponent's spellboard, which then
    cannot be activated (rule 108)."""
    pos = start(("The Shadows of Viros", "The Iron Men"))
    pos.dice(0, [("ceremonial", "class")])
    assert not R.pb_ability_possible(pos.st, pos.t, 0, 0, USE)  # no opposing ready spell
    rhino = pos.take(1, "Summon Iron Rhino", "spellboard")
    use(pos)
    assert pos.st.exhaust[0, rhino] == 1
    R.begin_turn(pos.st, 0, 1)
    pos.dice(1, [("natural", "basic")] * 6)
    assert not R.can_activate(pos.st, pos.t, 0, 1, rhino, USE)


def test_hearts_pull_draws_and_mills():
    """§2 #6 (Saria): draw 1; having drawn, the opponent discards the top card of its draw pile."""
    pos = start(("The Cloudsea Siren", "The Iron Men"))
    pos.dice(0, [("charm", "class")])
    top = pos.instances(1, "draw")[-1]
    hand = len(pos.instances(0, "hand"))
    use(pos)
    assert len(pos.instances(0, "hand")) == hand + 1 and top in pos.instances(1, "discard")


# --- unit abilities (checklist §2 #14, #27; rules 104, 108) -------------------------------------

def test_rose_fire_dancer_distracts():
    """§2 #14 (L158-160): side action + exhaust the Dancer: 1 exhaustion token on a target unit
    (the balanced bot picks the opposing unexhausted unit with the most attack); an exhausted
    Dancer has no ability (rule 104)."""
    pos = start(("The Cloudsea Siren", "The Iron Men"))
    dancer = pos.take(0, "Rose Fire Dancer", "battlefield")
    knight = pos.take(1, "Hammer Knight", "battlefield")
    assert R.unit_ability_possible(pos.st, pos.t, 0, 0, dancer, USE)
    R.use_unit_ability(pos.st, pos.t, 0, pos.prm, 0, dancer, USE)
    assert pos.st.exhaust[0, knight] == 1 and pos.st.exhaust[0, dancer] == 1
    assert pos.st.side_left[0, 0] == 0
    pos.st.side_left[0, 0] = 1
    assert not R.unit_ability_possible(pos.st, pos.t, 0, 0, dancer, USE)


def test_three_eyed_owl_memory_drain():
    """§2 #27: main action + exhaust the Owl: the opponent discards a card of its own choice (its
    bot discards a dead card first)."""
    pos = start(("The Cloudsea Siren", "The Mist Guardian"))
    owl = pos.take(0, "Three-Eyed Owl", "battlefield")
    hand = len(pos.instances(1, "hand"))
    assert R.unit_ability_possible(pos.st, pos.t, 0, 0, owl, USE)
    R.use_unit_ability(pos.st, pos.t, 0, pos.prm, 0, owl, USE)
    assert len(pos.instances(1, "hand")) == hand - 1 and pos.st.main_used[0, 0] == 1
    pos.move_all(1, "hand", "draw")
    pos.st.exhaust[0, owl] = 0
    R.begin_turn(pos.st, 0, 0)
    assert not R.unit_ability_possible(pos.st, pos.t, 0, 0, owl, USE)  # nothing to discard


# --- abilities on entering play and Overtime (checklist §2 #11, #15) ------------------------------

def play_ally(pos, name, dice):
    """Seat 0 plays ally ``name`` from hand with the given active dice (it must be legal)."""
    pos.dice(0, dice)
    i = pos.take(0, name, "hand")
    assert R.playable(pos.st, pos.t, 0, 0, i, USE)
    R.play_card(pos.st, pos.t, 0, pos.prm, 0, i, USE)
    return i


def test_stormwind_sniper_ambush():
    """§2 #15: as it enters play, Stormwind Sniper may hit one chosen unit or Phoenixborn for 2:
    a unit it destroys, else the opposing Phoenixborn when no opposing unit is left."""
    pos = start(("The Shadows of Viros", "The Iron Men"))
    worker = pos.take(1, "Iron Worker", "battlefield")
    play_ally(pos, "Stormwind Sniper", [("illusion", "class"), ("ceremonial", "class"), ("ceremonial", "basic")])
    assert worker in pos.instances(1, "discard") and pos.st.pb_wounds[0, 1] == 0
    R.begin_turn(pos.st, 0, 0)
    play_ally(pos, "Stormwind Sniper", [("illusion", "class"), ("ceremonial", "class"), ("ceremonial", "basic")])
    assert pos.st.pb_wounds[0, 1] == 2


def test_iron_worker_resourceful_and_overtime():
    """§2 #11 (L452-462): Iron Worker enters with 1 status token and gets 1 more at the start of
    each player turns phase; on its owner's turn each token can be spent for one more side action
    (Overtime): here two natural powers destroy two Mist Spirits in one turn."""
    pos = start(("The Iron Men", "The Mist Guardian"))
    worker = play_ally(pos, "Iron Worker", [("ceremonial", "basic")] * 2)
    assert pos.st.status[0, worker] == 1
    a = pos.take(1, "Mist Spirit", "battlefield")
    b = pos.take(1, "Mist Spirit", "battlefield")
    pos.dice(0, [("natural", "power")] * 2)
    pos.move_all(0, "hand", "discard")
    R.take_turn(pos.st, pos.t, 0, pos.prm, 0)
    assert a in pos.instances(1, "conjuration_pile") and b in pos.instances(1, "conjuration_pile")
    assert pos.st.status[0, worker] == 0
    pos.st.first[0] = 1
    pos.dice(0, [])
    pos.dice(1, [])
    pos.move_all(1, "hand", "discard")
    R.player_turns_phase(pos.st, pos.t, 0, pos.prm)
    assert pos.st.status[0, worker] == 1  # Resourceful at the phase start


def test_anchornaut_throw_is_free():
    """§2 #7 and rule 47 (L891-893): on its owner's turn an unexhausted Anchornaut may be exhausted
    to deal 1 damage to a target unit, using no action; an exhausted one cannot."""
    pos = start(("The Iron Men", "The Mist Guardian"))
    anchor = pos.take(0, "Anchornaut", "battlefield")
    spirit = pos.take(1, "Mist Spirit", "battlefield")
    other = pos.take(1, "Mist Spirit", "battlefield")
    R.free_actions(pos.st, pos.t, 0, pos.prm, 0)
    assert pos.st.exhaust[0, anchor] == 1
    assert (spirit in pos.instances(1, "conjuration_pile")) != (other in pos.instances(1, "conjuration_pile"))
    assert pos.st.main_used[0, 0] == 0 and pos.st.side_left[0, 0] == 1
    R.free_actions(pos.st, pos.t, 0, pos.prm, 0)
    assert len(pos.instances(1, "battlefield")) == 1  # exhausted: no second throw
