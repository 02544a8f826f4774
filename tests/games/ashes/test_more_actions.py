"""Action spells Out of the Mist, Fear, Seal, Open Memories (checklist §2 #53, #58, #59, #61;
rule 53; E3)."""

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


def cast(pos, p, name, dice):
    """Seat p plays ``name`` from hand with exactly ``dice`` active; returns the instance."""
    i = pos.take(p, name, "hand")
    pos.dice(p, dice)
    use = np.zeros(S.NDICE, np.int16)
    assert R.playable(pos.st, pos.t, 0, p, i, use)
    R.play_card(pos.st, pos.t, 0, pos.prm, p, i, use)
    return i


def test_out_of_the_mist_deals_one_per_own_unit_as_a_side_action():
    """§2 #59: a side action (illusion and natural power) dealing X damage to a unit, X = the
    caster's units in play, then a draw; the main action stays unused."""
    pos = start(("The Mist Guardian", "The Iron Men"))
    for _ in range(3):
        pos.take(0, "Mist Spirit", "battlefield")
    knight = pos.take(1, "Hammer Knight", "battlefield")
    hand = len(pos.instances(0, "hand"))
    oom = cast(pos, 0, "Out Of The Mist", [("illusion", "power"), ("natural", "power")])
    assert knight in pos.instances(1, "discard") and oom in pos.instances(0, "discard")
    assert len(pos.instances(0, "hand")) == hand + 1  # the spell came and went, one drawn
    assert pos.st.main_used[0, 0] == 0 and pos.st.side_left[0, 0] == 0


def test_fear_sends_a_unit_back_and_jessa_screams():
    """§2 #53 (Jessa-unique): an opposing conjuration goes back to its owner's pile, an ally to its
    owner's hand; it leaves play without being destroyed, so Jessa's Screams (W-LEAVES) may
    follow (1 basic: 1 damage to that opponent's Phoenixborn)."""
    pos = start(("The Bloodwoods Queen", "The Iron Men"))
    knight = pos.take(1, "Hammer Knight", "battlefield")
    pos.st.wounds[0, knight] = 2
    cast(pos, 0, "Fear", [("ceremonial", "basic")] * 4)
    assert knight in pos.instances(1, "hand") and pos.st.wounds[0, knight] == 0
    assert pos.st.pb_wounds[0, 1] == 1
    rhino = pos.take(1, "Iron Rhino", "battlefield")
    pos.st.main_used[0, 0] = 0
    cast(pos, 0, "Fear", [])
    assert rhino in pos.instances(1, "conjuration_pile")


def test_seal_exhausts_a_spell_and_its_copies():
    """E3 (L1467-1497): Seal (main action, illusion and charm class) puts an exhaustion token on
    one ready spell of the opponent and on each of that spell's copies; Spell Guard (Summon
    Silver Snake) keeps it off (§2 #49)."""
    pos = start(("The Cloudsea Siren", "The Snakes in Silver"))
    snakes = [pos.take(1, "Summon Silver Snake", "spellboard") for _ in range(2)]
    gilders = [pos.take(1, "Summon Gilder", "spellboard") for _ in range(2)]
    seal = cast(pos, 0, "Seal", [("illusion", "class"), ("charm", "class")])
    assert seal in pos.instances(0, "discard")
    assert [pos.st.exhaust[0, i] for i in gilders] == [1, 1]
    assert [pos.st.exhaust[0, i] for i in snakes] == [0, 0]
    pos.st.main_used[0, 0] = 0
    i = pos.take(0, "Seal", "hand")
    pos.dice(0, [("illusion", "class"), ("charm", "class")])
    assert not R.playable(pos.st, pos.t, 0, 0, i, np.zeros(S.NDICE, np.int16))  # nothing to seal


def test_open_memories_takes_any_card_then_shuffles():
    """§2 #58: search your draw pile for one card into hand, then shuffle the pile."""
    pos = start(("The Snakes in Silver", "The Iron Men"))
    before = len(pos.instances(0, "draw"))
    cast(pos, 0, "Open Memories", [("charm", "class"), ("natural", "basic")])
    assert len(pos.instances(0, "draw")) == before - 2  # one taken for the spell, one tutored
    assert pos.violations() == 0


def test_strange_copy_is_a_fleeting_temporary_ally():
    """§2 #64 (AMB-19): Strange Copy goes onto the caster's battlefield with status tokens equal to
    a chosen opposing unit's attack; its attack and life are those tokens; no alteration may go
    under it; no Blue Jaguar Gaze for it (FAQ); at the end of the round it is discarded
    (Fleeting). Not played without a model with attack (AMB-11)."""
    pos = start(("The Cloudsea Siren", "The Mist Guardian"))
    sc = pos.take(0, "Strange Copy", "hand")
    pos.dice(0, [("illusion", "class"), ("illusion", "class")])
    assert not R.playable(pos.st, pos.t, 0, 0, sc, np.zeros(S.NDICE, np.int16))
    pos.take(1, "Blue Jaguar", "battlefield")
    pos.dice(1, [("natural", "basic")] * 3)
    R.place(pos.st, 0, sc, S.zone_of(0, S.Z_DISCARD))
    cast(pos, 0, "Strange Copy", [("illusion", "class"), ("illusion", "class")])
    copy = [i for i in pos.instances(0, "battlefield") if pos.ct.names[pos.st.i_card[0, i]] == "Strange Copy"]
    assert len(copy) == 1
    i = copy[0]
    assert pos.st.status[0, i] == 2 and S.unit_attack(pos.st, pos.t, 0, i) == 2
    assert S.unit_life(pos.st, pos.t, 0, i) == 2 and pos.st.exhaust[0, i] == 0
    assert not B.may_attach(pos.st, pos.t, 0, 1, pos.card_id("Root Armor"), i)
    pos.st.phase[0] = S.PH_RECOVERY
    R.end_of_round_effects(pos.st, pos.t, 0, pos.prm)
    assert i in pos.instances(0, "discard") and pos.violations() == 0


def test_transfer_moves_one_token_between_a_players_cards():
    """§2 #65: one token (wound, exhaustion or status) moves from a non-Phoenixborn card of a
    player to another card that player controls; a unit whose wounds reach its life is then
    destroyed (rule 111). The balanced bot moves an opposing unit's wound onto another opposing
    unit it finishes."""
    pos = start(("The Snakes in Silver", "The Iron Men"))
    worker = pos.take(1, "Iron Worker", "battlefield")
    knight = pos.take(1, "Hammer Knight", "battlefield")
    pos.st.wounds[0, worker] = 1
    pos.st.wounds[0, knight] = 2
    cast(pos, 0, "Transfer", [("charm", "class"), ("natural", "basic")])
    assert (worker in pos.instances(1, "discard")) != (knight in pos.instances(1, "discard"))
    assert pos.violations() == 0


def test_transfer_is_not_offered_without_a_token_to_move():
    """AMB-11: with no token on any card in play, Transfer would do nothing and is not offered."""
    pos = start(("The Snakes in Silver", "The Iron Men"))
    pos.take(1, "Iron Worker", "battlefield")
    pos.take(1, "Hammer Knight", "battlefield")
    i = pos.take(0, "Transfer", "hand")
    pos.dice(0, [("charm", "class"), ("natural", "basic")])
    assert not R.playable(pos.st, pos.t, 0, 0, i, np.zeros(S.NDICE, np.int16))
