"""Setup (checklist §1.2): First Five, draw pile, conjuration pile, dice, first player."""

from __future__ import annotations

import numpy as np

from simlab.games.ashes import rules as R
from simlab.games.ashes import state as S
from simlab.games.base import root_seed_words
from tests.games.ashes.kit import Position


def test_first_five_in_hand_rest_shuffled_into_the_draw_pile():
    """Checklist rules 18-20 (L413-421): the suggested First Five (5 different names) start in
    hand, the other 25 cards form the draw pile, the conjuration pile is set aside."""
    pos = Position()
    assert pos.names(0, "hand") == sorted(
        ["Anchornaut", "Hammer Knight", "Iron Worker", "Expand Energy", "Summon Iron Rhino"])
    assert len(pos.instances(0, "draw")) == 25
    assert pos.names(0, "conjuration_pile") == ["Iron Rhino"] * 5
    assert pos.names(1, "conjuration_pile") == sorted(["Blue Jaguar"] * 5 + ["Butterfly Monk"] * 5
                                                      + ["Mist Spirit"] * 10)
    orders = set()
    for g in range(4):
        R.setup(pos.st, pos.t, 0, 2, root_seed_words(3), g)
        orders.add(tuple(pos.st.i_card[0, pos.instances(0, "draw")]))
    assert len(orders) == 4  # shuffled per game


def test_first_five_refuses_a_repeated_name():
    """Checklist rule 18 / E18 (L413-417): a First Five naming a card twice is refused, the
    repeated name is not taken."""
    pos = Position()
    pos.move_all(0, "hand", "draw")
    hk = pos.card_id("Hammer Knight")
    ff = np.array([hk, hk, pos.card_id("Anchornaut"), pos.card_id("Protect"), pos.card_id("Strengthen")],
                  np.int16)
    assert R.take_first_five(pos.st, pos.t, 0, 0, ff) == 1
    assert len(pos.instances(0, "hand")) == 4


def test_all_dice_start_exhausted_then_the_first_roll_fills_the_pool():
    """Checklist rules 22-23 (L426-427, L602-605): the 10 dice start exhausted, so the first roll
    rolls all 10; with AMB-2's default the final roll is the active pool."""
    pos = Position()
    for p in range(2):
        assert np.all(pos.st.die_loc[0, p] == S.L_ACTIVE)
        assert sorted(pos.st.die_type[0, p].tolist()) == sorted(pos.t.seat_dice[p].tolist())


def test_first_player_rolled_most_basic_symbols():
    """Checklist rule 23 / E24 (L602-605, AMB-2): the seat showing the most basic symbols takes the
    token; ties re-roll until broken. Over many games the token holder always shows strictly more
    basic symbols than the other seat, and some games needed a re-roll."""
    pos = Position()
    rerolls = 0
    firsts = [0, 0]
    for g in range(200):
        R.setup(pos.st, pos.t, 0, 2, root_seed_words(11), g)
        basic = [(pos.st.die_face[0, p] == S.F_BASIC).sum() for p in range(2)]
        f = pos.st.first[0]
        assert basic[f] > basic[1 - f]
        rerolls += pos.st.first_rolls[0] > 1
        firsts[f] += 1
    assert rerolls > 0
    assert min(firsts) > 50  # both seats win the roll


def test_first_roll_tie_rerolls_both():
    """E24: with 3 basic symbols each, both seats re-roll; the roll counter shows it."""
    pos = Position()
    st = pos.st  # all dice active (nothing to roll first) showing 3 basic symbols each
    st.first_rolls[0] = 0
    for p in range(2):
        st.die_loc[0, p, :] = S.L_ACTIVE
        st.die_face[0, p, :] = S.F_CLASS
        st.die_face[0, p, :3] = S.F_BASIC
    R.first_player_roll(st, 0)
    assert st.first_rolls[0] >= 2
    basic = [(st.die_face[0, p] == S.F_BASIC).sum() for p in range(2)]
    assert basic[st.first[0]] > basic[1 - st.first[0]]


def test_first_roll_unique_winner_keeps_the_roll():
    """E24: 4 basic against 2: the 4 takes the token at once, nobody re-rolls."""
    pos = Position()
    st = pos.st
    st.first_rolls[0] = 0
    st.die_loc[0, :2, :] = S.L_ACTIVE
    st.die_face[0, :2, :] = S.F_CLASS
    st.die_face[0, 0, :2] = S.F_BASIC
    st.die_face[0, 1, :4] = S.F_BASIC
    faces = st.die_face[0, :2].copy()
    R.first_player_roll(st, 0)
    assert st.first[0] == 1 and st.first_rolls[0] == 1
    assert np.array_equal(st.die_face[0, :2], faces)
