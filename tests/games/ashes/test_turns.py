"""Player turns (checklist §1.6-1.9): paying magic, playing allies and ready spells, passing."""

from __future__ import annotations

import copy

import numpy as np

from simlab.games.ashes import data
from simlab.games.ashes import rules as R
from simlab.games.ashes import state as S
from tests.games.ashes.kit import Position


def can_pay(pos, p, name, act=False):
    """Whether seat p can pay card ``name``'s play cost (or activation) from its active dice."""
    use = np.zeros(S.NDICE, np.int16)
    cost = (pos.t.card_act if act else pos.t.card_cost)[pos.card_id(name)]
    return bool(R.plan_payment(pos.st, 0, p, cost, use)), use


def test_hammer_knight_payment():
    """E6 / rule 25 (L1614-1643, L1556-1579): Hammer Knight is paid with a ceremonial power, a
    natural class (or natural power) and any die for the basic; never without a ceremonial power
    face (a ceremonial class does not pay a power cost)."""
    pos = Position()
    pos.dice(0, [("ceremonial", "power"), ("natural", "class"), ("charm", "basic")])
    assert can_pay(pos, 0, "Hammer Knight")[0]
    pos.dice(0, [("ceremonial", "power"), ("natural", "power"), ("natural", "class")])
    assert can_pay(pos, 0, "Hammer Knight")[0]  # power pays its class; class pays basic
    pos.dice(0, [("ceremonial", "class"), ("natural", "class"), ("natural", "basic"), ("charm", "power")])
    assert not can_pay(pos, 0, "Hammer Knight")[0]


def test_symbol_hierarchy():
    """Rule 25: basic symbols pay only basic costs; a class symbol pays only its own type's class;
    only active dice pay (rule 27)."""
    pos = Position()
    pos.dice(0, [("natural", "basic")] * 5)
    assert not can_pay(pos, 0, "Summon Iron Rhino")[0]  # M + 1 natural class
    pos.dice(0, [("ceremonial", "class")] * 5)
    assert not can_pay(pos, 0, "Summon Iron Rhino")[0]
    pos.dice(0, [], [("natural", "class")] * 5)
    assert not can_pay(pos, 0, "Summon Iron Rhino")[0]  # exhausted dice cannot pay
    pos.dice(0, [("natural", "power")])
    assert can_pay(pos, 0, "Summon Iron Rhino")[0]


def test_greedy_keeps_the_flexible_dice():
    """DP5: basic costs take basic faces first, so power faces stay for what only they can pay."""
    pos = Position()
    pos.dice(0, [("ceremonial", "power"), ("natural", "basic"), ("natural", "basic")])
    ok, use = can_pay(pos, 0, "Iron Worker")  # M + 2 basic
    assert ok and use[0] == 0 and use[1] == 1 and use[2] == 1


def test_play_an_ally_spends_dice_and_the_main_action():
    """Rules 26, 46, 48, 54 (L1437-1448, L1540-1548, L1614-1643): playing Iron Worker pays 2 basic
    (the dice go to the exhausted pool) and the main action, and puts it on the battlefield."""
    pos = Position()
    pos.dice(0, [("natural", "basic"), ("ceremonial", "basic"), ("natural", "class")])
    R.begin_turn(pos.st, 0, 0)
    i = pos.take(0, "Iron Worker", "hand")
    use = np.zeros(S.NDICE, np.int16)
    assert R.playable(pos.st, pos.t, 0, 0, i, use)
    R.play_card(pos.st, pos.t, 0, pos.prm, 0, i, use)
    assert i in pos.instances(0, "battlefield")
    assert pos.active(0) == [("natural", "class")]
    assert pos.st.main_used[0, 0] == 1
    j = pos.take(0, "Anchornaut", "hand")
    pos.dice(0, [("natural", "basic")] * 3)
    assert not R.playable(pos.st, pos.t, 0, 0, j, use)  # the main action is used


def test_full_battlefield_refuses_an_ally():
    """Rule 67 (L1798-1805): Jessa's battlefield holds 5 units; with 5 Blood Puppets on it a Leech
    Warrior cannot be played, with one gone it can."""
    pos = Position(decks=("The Bloodwoods Queen", "The Iron Men"))
    pos.dice(0, [("ceremonial", "class")] * 5 + [("charm", "basic")] * 5)
    R.begin_turn(pos.st, 0, 0)
    for _ in range(5):
        pos.take(0, "Blood Puppet", "battlefield")
    assert pos.violations() == 0
    i = pos.take(0, "Leech Warrior", "hand")
    use = np.zeros(S.NDICE, np.int16)
    assert not R.playable(pos.st, pos.t, 0, 0, i, use)
    R.place(pos.st, 0, pos.instances(0, "battlefield")[0], pos.zone(0, "conjuration_pile"))
    assert R.playable(pos.st, pos.t, 0, 0, i, use)


def test_spellboard_names_and_focus_stacking():
    """Rules 60-61 (L1644-1651, L1798-1805): Noah's spellboard holds 3 names; a fourth name is
    refused, but a copy of a name already there stacks under it without a slot."""
    deck = copy.deepcopy(next(d for d in data.raw_data()["deck"] if d["title"] == "The Shadows of Viros"))
    deck["cards"]["Purge"] = deck["cards"].pop("Bound Soul")  # a fourth ready spell name
    pos = Position(decks=(deck, "The Iron Men"))
    pos.dice(0, [("illusion", "power")] * 10)
    for name in ("Summon Masked Wolf", "Summon False Demon", "Small Sacrifice"):
        pos.take(0, name, "spellboard")
    use = np.zeros(S.NDICE, np.int16)
    R.begin_turn(pos.st, 0, 0)
    purge = pos.take(0, "Purge", "hand")
    assert not R.playable(pos.st, pos.t, 0, 0, purge, use)
    wolf = pos.take(0, "Summon Masked Wolf", "hand")
    assert R.playable(pos.st, pos.t, 0, 0, wolf, use)
    R.play_card(pos.st, pos.t, 0, pos.prm, 0, wolf, use)
    assert S.copies_on_spellboard(pos.st, 0, 0, pos.card_id("Summon Masked Wolf")) == 2
    assert S.spellboard_names(pos.st, 0, 0) == 3
    assert pos.violations() == 0


def test_pass_sequence_ends_the_phase():
    """E16 (L1390-1402, L627-634): P0 passes, P1 acts, P0 acts again (legal after a pass), P0
    passes, P1 passes: only two passes in a row end the phase."""
    pos = Position()
    st = pos.st
    st.pass_run[0] = 0
    R.begin_turn(st, 0, 0)
    R.take_pass(st, 0, 0)
    assert not R.end_turn(st, 0, 0) and st.cur[0] == 1
    R.begin_turn(st, 0, 1)
    st.pass_run[0] = 0  # P1 takes a main action other than a pass
    assert not R.end_turn(st, 0, 1) and st.cur[0] == 0
    R.begin_turn(st, 0, 0)
    st.pass_run[0] = 0  # P0 acts again
    assert not R.end_turn(st, 0, 0)
    R.begin_turn(st, 0, 1)
    R.take_pass(st, 0, 1)
    assert not R.end_turn(st, 0, 1)
    R.begin_turn(st, 0, 0)
    R.take_pass(st, 0, 0)
    assert R.end_turn(st, 0, 0)


def test_must_pass_when_nothing_is_legal():
    """Rule 44 (L587-589): with no legal main action the seat passes; a turn resets the action
    budget (rule 38) and the reactions counted per player-turn (rule 123)."""
    pos = Position()
    pos.dice(0, [])
    pos.st.react_used[0, 1] = 1
    R.take_turn(pos.st, pos.t, 0, pos.prm, 0)
    assert pos.st.pass_run[0] == 1 and pos.st.seat[0, 0, S.S_PASSES] == 1
    assert pos.st.react_used[0, 1] == 0


def test_turns_phase_runs_until_both_pass():
    """Rules 38-42 and AMB-18: the phase plays turns clockwise from the first player until both
    pass in a row. The balanced bot plays Hammer Knight, attacks with it the same round (no
    summoning sickness: 4 damage to the undefended Phoenixborn, the Knight exhausted), plays
    Anchornaut with the last basic die, and passes rather than attack with 0 attack."""
    pos = Position()
    pos.dice(0, [("ceremonial", "power"), ("natural", "class"), ("natural", "basic"), ("natural", "basic")])
    pos.dice(1, [])
    pos.move_all(1, "hand", "discard")  # seat 1 has nothing to play (summons cost only M)
    pos.st.first[0] = 0
    R.player_turns_phase(pos.st, pos.t, 0, pos.prm)
    assert pos.names(0, "battlefield") == ["Anchornaut", "Hammer Knight"]
    assert pos.active(0) == []
    assert pos.st.pb_wounds[0, 1] == 4 and pos.st.seat[0, 0, S.S_ATTACKS] == 1
    knight = next(i for i in pos.instances(0, "battlefield") if pos.st.i_card[0, i] == pos.card_id("Hammer Knight"))
    assert pos.st.exhaust[0, knight] == 1
    assert pos.st.pass_run[0] == 2 and pos.st.seat[0, 1, S.S_PASSES] == 3
    assert pos.violations() == 0
