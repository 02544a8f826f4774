"""Treasures, points and the neutral spells that move them or cards.

C = ../shared/reference/wizwar/rules_checklist.md (R = rule, A = ambiguity). Test board: open;
blue (seat 0) base (2,2), treasures 0, 1 on (0,0), (4,4); red (seat 1) base (2,7), treasures 2, 3
on (0,5), (4,9).
"""

from __future__ import annotations

import pytest

from simlab.games.wizwar import bots as BT
from simlab.games.wizwar import rules as R
from simlab.games.wizwar import state as S
from simlab.games.wizwar.state import O_DROP, O_NEUTRAL, O_PICKUP, O_STEP
from tests.games.wizwar.kit import Position

pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")


def carry(pos, p, j):
    """Seat p carries treasure j."""
    st = pos.st
    st.tr_sq[0, j], st.tr_carrier[0, j], st.carrying[0, p] = -1, p, j


def test_treasures_start_on_their_squares():
    """R23: two treasures per colour on the sector's treasure start squares."""
    pos = Position()
    assert [int(x) for x in pos.st.tr_sq[0, :4]] == [pos.sq(0, 0), pos.sq(4, 4), pos.sq(0, 5), pos.sq(4, 9)]


def test_pick_up_is_free_and_ends_move_and_cast():
    """R114, R116: picking up a treasure from one's square costs no MP and ends Move and Cast at
    once."""
    pos = Position()
    pos.put(0, 0, 5)
    pos.start_turn(0)
    assert (O_PICKUP, 2, 0, 0, 0) in pos.options(0)
    pos.do(0, (O_PICKUP, 2, 0, 0, 0))
    assert pos.st.carrying[0, 0] == 2 and pos.st.tr_sq[0, 2] == -1 and pos.st.mp[0] == 3
    assert pos.st.mc_over[0] == 1


def test_one_treasure_at_a_time():
    """R118: a wizard carries at most one treasure (no pick-up offered while carrying)."""
    pos = Position()
    carry(pos, 0, 3)
    pos.put(0, 0, 5)
    pos.start_turn(0)
    assert O_PICKUP not in pos.kinds(0)
    assert (O_DROP, 3, 0, 0, 0) in pos.options(0)


def test_treasure_moves_with_its_carrier_and_drops_free():
    """R119: a carried treasure goes where the wizard goes and may be dropped for no MP."""
    pos = Position()
    carry(pos, 0, 2)
    pos.start_turn(0)
    pos.do(0, next(o for o in pos.options(0) if o[0] == O_STEP))
    mp = int(pos.st.mp[0])
    pos.do(0, (O_DROP, 2, 0, 0, 0))
    assert pos.st.tr_sq[0, 2] == pos.st.pos[0, 0] and pos.st.mp[0] == mp


def test_enemy_treasure_on_base_scores_and_two_points_win():
    """R2, R120, R1, R159: each enemy treasure lying on one's base is 1 VP; 2 VP wins at once."""
    pos = Position()
    st = pos.st
    carry(pos, 0, 2)
    pos.start_turn(0)
    pos.do(0, (O_DROP, 2, 0, 0, 0))  # blue stands on its base (2,2)
    assert R.points(st, pos.t, 0, 0) == 1 and not st.done[0]
    assert st.seat[0, 0, S.S_DELIVERED] == 1
    carry(pos, 0, 3)
    pos.do(0, (O_DROP, 3, 0, 0, 0))
    assert st.done[0] and st.winner[0] == 0 and S.END_REASONS[st.end_reason[0]] == "points"


def test_own_treasure_on_own_base_scores_nothing():
    """R2, R117: only enemy treasures score; a wizard may carry its own treasure home."""
    pos = Position()
    carry(pos, 0, 0)
    pos.start_turn(0)
    pos.do(0, (O_DROP, 0, 0, 0, 0))
    assert R.points(pos.st, pos.t, 0, 0) == 0


def test_picking_a_treasure_off_a_base_loses_the_point():
    """R121: a treasure moved off a base stops scoring at once (red takes its own treasure back
    from blue's base)."""
    pos = Position()
    st = pos.st
    st.tr_sq[0, 2] = pos.sq(2, 2)
    assert R.points(st, pos.t, 0, 0) == 1
    pos.put(1, 2, 2)
    pos.start_turn(1)
    pos.do(1, (O_PICKUP, 2, 0, 0, 0))
    assert R.points(st, pos.t, 0, 0) == 0


def test_dead_wizards_treasure_stays_an_enemy_treasure():
    """A-16: the treasures of an eliminated wizard still score for whoever brings them home."""
    pos = Position(players=3)
    st = pos.st
    st.alive[0, 1], st.pos[0, 1] = 0, -1
    st.tr_sq[0, 2] = st.pos[0, 0]
    assert R.points(st, pos.t, 0, 0) == 1


def test_drop_object_makes_the_target_drop_its_treasure():
    """Drop Object (C 2.2 G11): a wizard in sight drops its carried treasure on its square;
    dropped on a base, it scores for the base's owner (A-17)."""
    pos = Position(params={"counter_min": 99})
    st = pos.st
    carry(pos, 1, 1)   # red carries blue's treasure, standing on red's base (2,7)
    pos.put(1, 2, 7)
    i = pos.give(0, "Drop Object")
    pos.start_turn(0)
    pos.do(0, (O_NEUTRAL, i, 1, -1, -1))
    assert st.carrying[0, 1] == -1 and st.tr_sq[0, 1] == pos.sq(2, 7)
    assert R.points(st, pos.t, 0, 1) == 1
    assert st.c_cont[0, i] == S.Z_DISCARD


def test_drop_object_needs_a_carrier_in_sight():
    """R67: Drop Object needs a legal target: another wizard in sight carrying something."""
    pos = Position()
    pos.give(0, "Drop Object")
    pos.start_turn(0)
    assert O_NEUTRAL not in pos.kinds(0)


def test_negate_neutral_cancels_drop_object():
    """R53, R143, A-8: the target may cancel a neutral spell as it is cast with Negate Neutral;
    the spell is discarded without effect."""
    pos = Position()
    carry(pos, 1, 1)
    pos.put(1, 2, 5)
    i = pos.give(0, "Drop Object")
    pos.give(1, "Negate Neutral")
    pos.start_turn(0)
    pos.do(0, (O_NEUTRAL, i, 1, -1, -1))
    assert pos.st.carrying[0, 1] == 1
    assert pos.st.seat[0, 1, S.S_COUNTERS] == 1 and pos.st.seat[0, 0, S.S_COUNTERED] == 1


def test_negate_neutral_needs_sight_when_not_the_target():
    """A-9: a wizard that is not the target may negate a neutral spell only if it sees the caster
    or the target (the rules pass ``sees``; no bot plays Negate Neutral without it)."""
    for bot in ("random", "balanced"):
        pos = Position(players=3, bots=[bot] * 3)
        carry(pos, 1, 0)
        pos.give(2, "Negate Neutral")
        card = pos.ct.names.index("Drop Object")
        for _ in range(20):
            assert BT.choose_negate(pos.st, pos.t, 0, 2, pos.prm[2], 0, card, 1, False) == -1
        if bot == "balanced":
            assert BT.choose_negate(pos.st, pos.t, 0, 2, pos.prm[2], 0, card, 1, True) == -1  # not its business
            pos.give(1, "Negate Neutral")
            assert BT.choose_negate(pos.st, pos.t, 0, 1, pos.prm[1], 0, card, 1, True) >= 0


def test_meditate_draws_three_then_discards_to_the_limit():
    """Meditate (C 2.2 G10): draw three, then discard down to the hand limit (R172); the turn
    goes on."""
    pos = Position()
    i = pos.give(0, "Meditate")
    for name in ("Fireball", "Zot!", "Shield", "Energy 4", "Energy 5"):
        pos.give(0, name)
    pos.start_turn(0)
    drawn = int(pos.st.seat[0, 0, S.S_DRAWN])
    pos.do(0, (O_NEUTRAL, i, 0, -1, 0))
    assert len(pos.hand(0)) == 7
    assert pos.st.mc_over[0] == 0 and pos.st.seat[0, 0, S.S_DRAWN] == drawn + 3


def test_mad_dash_doubles_drops_and_forbids_pick_up():
    """Mad Dash (C 2.2 G4): remaining MP doubled, the carried treasure dropped, no pick-up for the
    rest of the turn."""
    pos = Position()
    st = pos.st
    carry(pos, 0, 2)
    pos.put(0, 0, 5)
    i = pos.give(0, "Mad Dash")
    pos.start_turn(0)
    pos.do(0, next(o for o in pos.options(0) if o[0] == O_STEP and o[1] == 2))  # south
    pos.do(0, next(o for o in pos.options(0) if o[0] == O_STEP and o[1] == 0))  # back north
    pos.do(0, (O_NEUTRAL, i, 0, -1, 0))
    assert st.mp[0] == 2 and st.carrying[0, 0] == -1 and st.tr_sq[0, 2] == pos.sq(0, 5)
    assert O_PICKUP not in pos.kinds(0)
