"""Reaction spells (checklist §1.17, rules 57, 122-124, 137; worked situation E4)."""

from __future__ import annotations

import numpy as np

from simlab.games.ashes import rules as R
from simlab.games.ashes import state as S
from tests.games.ashes.kit import Position


def noah_vs_coal():
    """Noah's Shadows of Viros (seat 0, Shadow Counter) against the Iron Men (seat 1), during
    seat 1's turn of the player turns phase."""
    pos = Position(decks=("The Shadows of Viros", "The Iron Men"))
    pos.st.phase[0] = S.PH_TURNS
    R.begin_turn(pos.st, 0, 1)
    return pos


def attack_seat0(pos, attackers):
    att = np.array(attackers + [0] * 8, np.int16)
    blk = np.full(8, -1, np.int16)
    R.resolve_pb_attack(pos.st, pos.t, 0, pos.prm, 1, 0, att, len(attackers), blk)


def test_shadow_counter_after_attack_damage():
    """E4 (L1498-1530, L1591-1597): after an attack damages your Phoenixborn, Shadow Counter (1
    illusion class + 1 basic, no action) deals 6 damage to an opposing unit; a second reaction by
    the same seat in that turn is refused (rule 123)."""
    pos = noah_vs_coal()
    a = pos.take(0, "Shadow Counter", "hand")
    b = pos.take(0, "Shadow Counter", "hand")
    pos.dice(0, [("illusion", "class"), ("ceremonial", "basic")] * 2)
    worker = pos.take(1, "Iron Worker", "battlefield")
    rhino = pos.take(1, "Iron Rhino", "battlefield")
    attack_seat0(pos, [rhino, worker])
    assert pos.st.pb_wounds[0, 0] == 5 + 2
    assert rhino in pos.instances(1, "conjuration_pile")  # 6 damage on 4 life, after its hit
    assert a in pos.instances(0, "discard") and b in pos.instances(0, "hand")
    assert pos.st.react_used[0, 0] == 1
    assert len(pos.active(0)) == 2  # the second copy was not played
    assert pos.st.main_used[0, 0] == 0  # a reaction takes no action


def test_shadow_counter_can_kill_a_later_attacker():
    """Checklist §2.1 #4: attackers resolve one at a time, so Shadow Counter after the first hit
    destroys a later attacker before it deals its damage (AMB-13)."""
    pos = noah_vs_coal()
    pos.take(0, "Shadow Counter", "hand")
    pos.dice(0, [("illusion", "class"), ("ceremonial", "basic")])
    knight = pos.take(1, "Hammer Knight", "battlefield")
    worker = pos.take(1, "Iron Worker", "battlefield")
    attack_seat0(pos, [worker, knight])  # the Worker hits first; the bot counters the Knight
    assert knight in pos.instances(1, "discard") and pos.st.pb_wounds[0, 0] == 2


def test_no_reaction_outside_the_turns_phase_or_without_damage():
    """Rules 122 and 124 (AMB-8): no reaction in prepare or recovery, none for 0 damage, and
    Shadow Counter only for damage from an attack."""
    pos = noah_vs_coal()
    sc = pos.take(0, "Shadow Counter", "hand")
    pos.dice(0, [("illusion", "class"), ("ceremonial", "basic")])
    pos.take(1, "Iron Worker", "battlefield")
    R.pb_damaged(pos.st, pos.t, 0, pos.prm, 0, 0, True)
    R.pb_damaged(pos.st, pos.t, 0, pos.prm, 0, 1, False)
    pos.st.phase[0] = S.PH_RECOVERY
    R.pb_damaged(pos.st, pos.t, 0, pos.prm, 0, 3, True)
    assert sc in pos.instances(0, "hand") and pos.st.react_used[0, 0] == 0


def test_sympathy_pain_lethal_wins_first():
    """Rule 137 (FAQ): damage dealt by a reaction resolves first: Saria at 1 life left takes a
    lethal hit, and her Sympathy Pain (3 damage) finishes the attacker's Phoenixborn (2 life
    left) first, so Saria wins."""
    pos = Position(decks=("The Cloudsea Siren", "The Iron Men"))
    pos.st.phase[0] = S.PH_TURNS
    R.begin_turn(pos.st, 0, 1)
    pos.take(0, "Sympathy Pain", "hand")
    pos.dice(0, [("charm", "class")] * 2)
    pos.st.pb_wounds[0, 0] = 19  # Saria: life 20
    pos.st.pb_wounds[0, 1] = 13  # Coal: life 15
    worker = pos.take(1, "Iron Worker", "battlefield")
    attack_seat0(pos, [worker])
    assert pos.st.done[0] == 1 and pos.st.winner[0] == 0
