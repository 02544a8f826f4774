"""Doors: Pick Lock and Master Key.

C = ../shared/reference/wizwar/rules_checklist.md (R = rule, A = ambiguity). Test board: blue's
sector (seat 0, base (2,2)) with a blue door east of (2,2); red (seat 1) is the visitor.
"""

from __future__ import annotations

import pytest

from simlab.games.wizwar import movement as M
from simlab.games.wizwar import rules as R
from simlab.games.wizwar import state as S
from simlab.games.wizwar.state import O_STEP, O_UNLOCK
from tests.games.wizwar.kit import Position, face

pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")
DOOR_EAST = face((5, 12, "D"))


def setup_red(params=None):
    pos = Position(blue=DOOR_EAST, params=params)
    pos.put(1, 2, 2)
    pos.start_turn(1)
    door = int(pos.geo.edge[pos.sq(2, 2), 1])
    return pos, door


def east(pos, p=1):
    return [o for o in pos.options(p) if o[0] == O_STEP and o[1] == 1]


def test_door_closed_to_others_open_to_its_owner():
    """R43, R46: a door is closed to everyone but the owner of its sector; the owner needs no
    card (no unlock offered)."""
    pos, door = setup_red()
    assert not east(pos)
    pos.give(0, "Pick Lock")
    pos.start_turn(0)
    assert east(pos, 0) and O_UNLOCK not in pos.kinds(0)


def test_pick_lock_opens_for_one_passage():
    """R43-R45: Pick Lock unlocks a door in sight; passing costs no extra MP; the door locks
    again once the wizard is through (so it cannot walk back)."""
    pos, door = setup_red()
    i = pos.give(1, "Pick Lock")
    assert (O_UNLOCK, i, door, 0, 0) in pos.options(1)
    pos.do(1, (O_UNLOCK, i, door, 0, 0))
    assert pos.st.c_cont[0, i] == S.Z_DISCARD
    pos.do(1, east(pos)[0])
    assert pos.st.pos[0, 1] == pos.sq(2, 3) and pos.st.mp[0] == 2
    assert pos.st.unlocked[0] == -1
    assert not [o for o in pos.options(1) if o[0] == O_STEP and o[1] == 3]  # west: locked again


def test_an_unlocked_door_does_not_open_a_filled_square():
    """R44 with Stone Block (R33, A-36): Pick Lock picks the lock only. A Stone Block laid on the
    square beyond the door after the unlock fills it: no step into it, by the option list or by
    the movement helper, and the door stays unlocked for its passage when the block is gone.
    (``simlab check wizwar --games 1000000 --players 2 --bots random``: game 415,248 of seed 0
    walked into the block this way before the fix.)"""
    pos, door = setup_red()
    i = pos.give(1, "Pick Lock")
    pos.do(1, (O_UNLOCK, i, door, 0, 0))
    assert east(pos) and pos.st.unlocked[0] == door
    q = pos.sq(2, 3)
    assert R.stone_block(pos.st, pos.t, 0, pos.geo, q)
    assert pos.st.fill[0, q] == S.FILL_BLOCK and pos.st.unlocked[0] == door
    assert not east(pos)
    assert M.step_unlocked(pos.geo, pos.sq(2, 2), 1, 1 << 1, door) == -1
    R.destroy_object(pos.st, 0, pos.geo, -1 - q)  # the block gone, the picked lock still lets red through
    assert east(pos)
    pos.do(1, east(pos)[0])
    assert pos.st.pos[0, 1] == q and pos.st.unlocked[0] == -1


def test_pick_lock_is_mundane():
    """R99: a mundane action cannot be countered (Negate Neutral is not asked)."""
    pos, door = setup_red()
    pos.give(0, "Negate Neutral")
    pos.prm[0] = pos.prm[1]
    i = pos.give(1, "Pick Lock")
    pos.do(1, (O_UNLOCK, i, door, 0, 0))
    assert pos.st.unlocked[0] == door and pos.hand(0) == ["Negate Neutral"]


def test_unlocked_door_is_only_for_the_unlocking_wizard():
    """R44, R48, A-19: nobody follows through (bots never hold a door open): the unlock is the
    active wizard's; another wizard moving later finds the door locked (play_turn clears it)."""
    pos, door = setup_red()
    i = pos.give(1, "Pick Lock")
    pos.do(1, (O_UNLOCK, i, door, 0, 0))
    pos.st.first_done[0, 1] = 1
    R.play_turn(pos.st, pos.t, 0, pos.geo, 1, pos.prm)
    assert pos.st.unlocked[0] == -1


def test_master_key_unlocks_again_and_again():
    """Master Key: a carried item that unlocks doors like Pick Lock and stays carried."""
    pos, door = setup_red()
    key = pos.give(1, "Master Key")
    S.place(pos.st, 0, key, S.items_of(1))
    pos.do(1, (O_UNLOCK, key, door, 0, 0))
    pos.do(1, east(pos)[0])
    assert pos.st.c_cont[0, key] == S.items_of(1)
    pos.do(1, (O_UNLOCK, key, door, 0, 0))
    pos.do(1, next(o for o in pos.options(1) if o[0] == O_STEP and o[1] == 3))
    assert pos.st.pos[0, 1] == pos.sq(2, 2)


def test_balanced_bot_uses_a_key_for_a_shortcut():
    """C 4.3 step 5: the heuristic unlocks a door beside it when the way through is shorter."""
    from simlab.games.wizwar import bots as BT
    pos, door = setup_red()
    i = pos.give(1, "Pick Lock")
    pos.put(1, 2, 2)
    pos.st.tr_sq[0, 0] = pos.sq(2, 3)  # blue's treasure right behind the door
    pos.options(1)
    k = BT.choose_option(pos.st, pos.t, 0, pos.geo, 1, pos.prm[1])
    assert tuple(int(v) for v in pos.st.opt[0, k]) == (O_UNLOCK, i, door, 0, 0)
