"""Prepare phase (checklist §1.5, rules 32-37, L597-615) and the double KO (AMB-4)."""

from __future__ import annotations

import numpy as np

from simlab.games.ashes import bots as B
from simlab.games.ashes import data
from simlab.games.ashes import rules as R
from simlab.games.ashes import state as S
from tests.games.ashes.kit import Position


def test_roll_only_exhausted_dice():
    """Rules 28 and 33 (L600-602, L650-653): exhausted dice are rolled into the active pool; dice
    kept active keep their faces."""
    pos = Position()
    pos.dice(0, [("ceremonial", "power")] * 3, [("natural", "basic")] * 7)
    R.prepare_phase(pos.st, pos.t, 0, pos.prm)
    assert np.all(pos.st.die_loc[0, 0] == S.L_ACTIVE)
    assert np.all(pos.st.die_face[0, 0, :3] == S.F_POWER)


def test_draw_up_to_five_and_fatigue():
    """E14 (L606-612): hand 2 and draw pile 1: draw 1 and take 2 damage; no draw and no damage
    with a hand of 6 (no hand limit, rule 143)."""
    pos = Position()
    pos.prm[:, B.BP_DISCARD_DEAD] = 0  # both seats keep their hands (DP2)
    pos.move_all(0, "hand", "discard", keep=2)
    pos.move_all(0, "draw", "discard", keep=1)
    pos.take(1, "Summon Mist Spirit", "hand")
    assert len(pos.instances(1, "hand")) == 6
    R.prepare_phase(pos.st, pos.t, 0, pos.prm)
    assert len(pos.instances(0, "hand")) == 3 and len(pos.instances(0, "draw")) == 0
    assert pos.st.pb_wounds[0, 0] == 2 and pos.st.seat[0, 0, S.S_FATIGUE] == 2
    assert len(pos.instances(1, "hand")) == 6 and pos.st.pb_wounds[0, 1] == 0
    assert pos.st.done[0] == 0


def test_no_fatigue_outside_the_prepare_phase():
    """Rule 37 (L613-615): failing to draw during a turn does nothing."""
    pos = Position()
    pos.move_all(0, "draw", "discard")
    assert not R.draw(pos.st, 0, 0)
    assert pos.st.pb_wounds[0, 0] == 0


def test_prepare_discard_is_a_choice_before_the_draw():
    """Rule 34 (L606-607): cards discarded in prepare go to the discard pile before drawing up
    to 5 (the balanced bot discards cards it cannot play: here the Iron Men's Expand Energy and
    Summon Iron Rhino, with Coal's 5 spellboard slots taken by other names, rule 60)."""
    pos = Position(decks=("The Iron Men", "The Mist Guardian"))
    for name in ("Chant Of Revenge", "Protect", "Strengthen"):
        pos.take(0, name, "spellboard")
    for name in ("Shifting Mist", "Summon Mist Spirit"):  # two more names (seat 1's copies)
        R.place(pos.st, 0, pos.take(1, name, "discard"), pos.zone(0, "spellboard"))
    assert {"Expand Energy", "Summon Iron Rhino"} <= set(pos.names(0, "hand"))
    R.prepare_phase(pos.st, pos.t, 0, pos.prm)
    assert {"Expand Energy", "Summon Iron Rhino"} <= set(pos.names(0, "discard"))
    assert len(pos.instances(0, "hand")) == 5


def test_double_fatigue_ko_goes_to_the_token_holder():
    """Rule 36 and 139 with AMB-4's default (L611-612, L1904-1909): fatigue is simultaneous; when
    both Phoenixborn are destroyed the first-player token holder orders the destructions,
    resolves the opponent's first and wins."""
    for first in (0, 1):
        pos = Position()
        pos.st.first[0] = first
        for p in range(2):
            pos.move_all(p, "draw", "discard")
            pos.move_all(p, "hand", "discard")
            pos.st.pb_wounds[0, p] = pos.t.card_life[pos.st.pb_card[0, p]] - 1
        R.prepare_phase(pos.st, pos.t, 0, pos.prm)
        assert pos.st.done[0] == 1 and pos.st.winner[0] == first
        assert pos.st.end_reason[0] == S.END_FATIGUE


def test_single_fatigue_ko():
    """Rules 36 and 140: one Phoenixborn destroyed by fatigue loses; the other seat wins."""
    pos = Position()
    pos.st.first[0] = 1
    pos.move_all(0, "draw", "discard")
    pos.move_all(0, "hand", "discard")
    pos.st.pb_wounds[0, 0] = 14  # Coal, life 15: 5 missing cards
    R.prepare_phase(pos.st, pos.t, 0, pos.prm)
    assert pos.st.done[0] == 1 and pos.st.winner[0] == 1


def test_double_fatigue_ko_draw_variant():
    """AMB-4's variant ``pb_double_ko = draw``: both Phoenixborn destroyed by the same fatigue end
    the game in a draw."""
    pos = Position()
    pos.t = data.tables(data.load_cards(variants={"pb_double_ko": "draw"},
                                        setup={"decks": ["The Iron Men", "The Mist Guardian"]}))
    for p in range(2):
        pos.move_all(p, "draw", "discard")
        pos.move_all(p, "hand", "discard")
        pos.st.pb_wounds[0, p] = pos.t.card_life[pos.st.pb_card[0, p]] - 1
    R.prepare_phase(pos.st, pos.t, 0, pos.prm)
    assert pos.st.done[0] == 1 and pos.st.winner[0] == -1
