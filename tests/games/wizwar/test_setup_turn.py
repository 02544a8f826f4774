"""Setup and the turn: movement points, speed boost, the attack limits, stun, Discard and Draw.

C = ../shared/reference/wizwar/rules_checklist.md (R = rule, E = worked example, A = ambiguity).
"""

from __future__ import annotations

import numpy as np
import pytest

from simlab.games.base import root_seed_words
from simlab.games.wizwar import data
from simlab.games.wizwar import rules as R
from simlab.games.wizwar import state as S
from simlab.games.wizwar.state import O_ATTACK, O_BOOST, O_END, O_PUNCH, O_STEP
from tests.games.wizwar.kit import Position

# the interpreted random streams wrap uint64 arithmetic by design
pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")


def test_setup_places_wizards_treasures_and_deals_five():
    """R6, R23-R25: wizards on their bases at 15 life, two treasures of each colour on its
    sector's start squares, five cards each from the shuffled deck, a first player."""
    ct = data.load_cards()
    t = data.tables(ct, 3)
    st = S.new_state(2, ncard=len(ct.names), board=S.board_shape(t))
    for b in range(2):
        with np.errstate(over="ignore"):
            R.setup(st, t, b, 3, root_seed_words(5), b)
        k = st.deal[b]
        for p in range(3):
            assert st.pos[b, p] == t.g_base[k, p]
            assert st.life[b, p] == 15 and st.alive[b, p]
            assert st.cont_n[b, S.hand_of(p)] == 5
            assert list(st.tr_sq[b, 2 * p: 2 * p + 2]) == list(t.g_tstart[k, 2 * p: 2 * p + 2])
        assert st.cont_n[b, S.Z_DECK] == len(ct.arrays["deck"]) - 15
        assert 0 <= st.first[b] < 3 and st.cur[b] == st.first[b]
        assert S.count_violations(st, t, b) == 0


def test_three_movement_points_then_no_step():
    """R32, R33: three movement points a turn, one per orthogonal step."""
    pos = Position()
    pos.start_turn(0)
    for _ in range(3):
        steps = [o for o in pos.options(0) if o[0] == O_STEP]
        assert steps
        pos.do(0, steps[0])
    assert pos.st.mp[0] == 0
    assert O_STEP not in pos.kinds(0)
    assert pos.st.seat[0, 0, S.S_STEPS] == 3


def test_speed_boost_once_per_turn():
    """R36, R63: once a turn, discard one card with an energy value for that many movement
    points (a spell's printed energy counts too); a second boost is not offered."""
    pos = Position()
    e4 = pos.give(0, "Energy 4")
    pt = pos.give(0, "Powerthrust")  # printed energy 2
    pos.give(0, "Zot!")              # no energy value: never a boost
    pos.start_turn(0)
    boosts = {o[1] for o in pos.options(0) if o[0] == O_BOOST}
    assert boosts == {e4, pt}
    pos.do(0, (O_BOOST, e4, 0, 0, 0))
    assert pos.st.mp[0] == 7
    assert pos.st.c_cont[0, e4] == S.Z_DISCARD
    assert O_BOOST not in pos.kinds(0)
    assert pos.st.card[0, 0, pos.ct.names.index("Energy 4"), S.C_ENERGY] == 1


def test_no_attack_in_own_first_turn():
    """R51, A-3: a wizard cannot attack in its own first turn (punch or spell)."""
    pos = Position()
    pos.give(0, "Zot!")
    pos.put(1, 2, 3)  # next to blue's base (2,2), in sight
    pos.st.first_done[0, 0] = 0
    pos.start_turn(0)
    assert not pos.kinds(0) & {O_PUNCH, O_ATTACK}
    pos.st.first_done[0, 0] = 1
    assert {O_PUNCH, O_ATTACK} <= pos.kinds(0)


def test_one_attack_per_turn():
    """R49, R59: one attack a turn; after a punch no attack spell, and no second punch."""
    pos = Position()
    pos.give(0, "Fireball")
    pos.put(1, 2, 3)
    pos.start_turn(0)
    pos.do(0, (O_PUNCH, 1, 0, 0, 0))
    assert pos.st.life[0, 1] == 14
    assert not pos.kinds(0) & {O_PUNCH, O_ATTACK}


def test_stunned_wizard_moves_or_attacks_not_both():
    """R30, R140, R141, E11: a stun token is spent in Time Passes and the wizard is stunned; once
    it has moved it may not attack, and once it has attacked it may not leave its square."""
    pos = Position()
    pos.st.stun[0, 0] = 2
    R.time_passes(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.st.stun[0, 0] == 1
    pos.put(1, 2, 4)
    pos.give(0, "Fireball")
    pos.start_turn(0)
    pos.st.stunned[0] = 1
    step = next(o for o in pos.options(0) if o[0] == O_STEP and o[1] == 1)  # east, toward red
    pos.do(0, step)
    assert O_ATTACK not in pos.kinds(0) and O_PUNCH not in pos.kinds(0)
    # the other order: attack first (E11: Fireball), then no step
    pos.start_turn(0)
    pos.st.stunned[0] = 1
    fb = next(o for o in pos.options(0) if o[0] == O_ATTACK)
    pos.do(0, fb)
    assert O_STEP not in pos.kinds(0)


def test_move_cast_move():
    """R35, E3: movement points may be spent before and after an attack (red steps 2, Fireballs
    blue for 5, steps 1 more)."""
    pos = Position(params={"counter_min": 99})
    pos.give(0, "Fireball")
    pos.put(1, 0, 2)
    pos.start_turn(0)
    for _ in range(2):
        pos.do(0, next(o for o in pos.options(0) if o[0] == O_STEP and o[1] == 3))  # west
    pos.do(0, (O_ATTACK, pos.options(0)[[o[0] for o in pos.options(0)].index(O_ATTACK)][1], 1, -1, 0))
    assert pos.st.life[0, 1] == 10
    assert O_STEP in pos.kinds(0) and pos.st.mp[0] == 1


def test_discard_and_draw_up_to_two_within_limit():
    """R168, R169, R173: draw up to two cards without passing the hand limit of 7."""
    pos = Position(params={"keep_min": 0})
    for name in ("Fireball", "Fireball", "Zot!", "Shield", "Energy 4", "Energy 5"):
        pos.give(0, name)
    R.discard_and_draw(pos.st, pos.t, 0, 0, pos.prm[0])
    assert len(pos.hand(0)) == 7
    R.discard_and_draw(pos.st, pos.t, 0, 0, pos.prm[0])
    assert len(pos.hand(0)) == 7  # full: no draw
    pos2 = Position()
    R.discard_and_draw(pos2.st, pos2.t, 0, 0, pos2.prm[0])
    assert len(pos2.hand(0)) == 2


def test_empty_deck_reshuffles_the_discard_pile():
    """R171: when the deck runs out, the discard pile is shuffled to form a new one; with no card
    in either, the draw gets nothing (A-23)."""
    pos = Position()
    st = pos.st
    while st.cont_n[0, S.Z_DECK] > 1:
        S.place(st, 0, st.cont[0, S.Z_DECK, 0], S.Z_DISCARD)
    n = int(st.cont_n[0, S.Z_DISCARD])
    R.draw_card(st, pos.t, 0, 0)
    assert st.cont_n[0, S.Z_DECK] == 0
    assert R.draw_card(st, pos.t, 0, 0) >= 0
    assert st.cont_n[0, S.Z_DECK] == n - 1 and st.cont_n[0, S.Z_DISCARD] == 0
    while st.cont_n[0, S.Z_DECK]:
        S.place(st, 0, st.cont[0, S.Z_DECK, 0], S.hand_of(1))
    assert R.draw_card(st, pos.t, 0, 0) == -1


def test_round_limit_is_a_draw_with_its_own_reason():
    """A-30: a game still running after 60 rounds ends drawn with end reason round_limit."""
    pos = Position(bots=["random", "random"])
    pos.st.rnd[0] = S.ROUND_LIMIT + 1
    R.play_game(pos.st, pos.t, 0, pos.prm, False)
    assert pos.st.done[0] and pos.st.winner[0] == -1
    assert S.END_REASONS[pos.st.end_reason[0]] == "round_limit"


def test_turn_order_skips_the_dead_and_counts_rounds():
    """R26: turns pass clockwise; a dead wizard has no turns (R153); a round starts with the
    first player."""
    pos = Position(players=3)
    st = pos.st
    st.first[0], st.cur[0], st.rnd[0] = 0, 0, 1
    st.alive[0, 1] = 0
    st.pos[0, 1] = -1
    R.next_seat(st, 0)
    assert st.cur[0] == 2 and st.rnd[0] == 1
    R.next_seat(st, 0)
    assert st.cur[0] == 0 and st.rnd[0] == 2


def test_end_option_always_there():
    """R31: the active player may stop at any time (O_END is always legal)."""
    pos = Position()
    pos.start_turn(0)
    assert pos.options(0)[0][0] == O_END
