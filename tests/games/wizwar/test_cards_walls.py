"""The cards that change the board: Destroy Wall, Create Wall, Stone Block, and the game's own
copy of the board they change.

C = ../shared/reference/wizwar/rules_checklist.md (R = rule, A = ambiguity, 2.2 G5 = the card
taxonomy); each test names the card clause it checks, in our words. Board: the kit's two open
sectors side by side (5 rows x 10 columns, p2_wrap: the west edge of blue wraps to the east edge
of red, row 2 only); blue (seat 0) has its base at (2,2), red (seat 1) at (2,7). Walls and doors
are drawn into blue's face with ``kit.face``: the border west of column c of row r is character
4c of line 2r+1, the border north of row r is characters 4c+1..4c+3 of line 2r.
"""

from __future__ import annotations

import numpy as np
import pytest

from simlab.games.wizwar import board as B
from simlab.games.wizwar import bots as BT
from simlab.games.wizwar import movement as M
from simlab.games.wizwar import state as S
from simlab.games.wizwar.sight import line_of_sight, sees_border
from simlab.games.wizwar.state import O_NEUTRAL, O_STEP
from tests.games.wizwar.kit import CLOSED_NS, Position, face

N, E, SO, W = 0, 1, 2, 3
SHUT = (*CLOSED_NS, (5, 0, "|"))  # blue's wrap exits walled: no line of sight around through a link


def wall_east(row: int, col: int) -> tuple[int, int, str]:
    """A face edit: a stone wall on the east side of blue's square (row, col)."""
    return (2 * row + 1, 4 * (col + 1), "|")


def wall_north(row: int, col: int) -> tuple[int, int, str]:
    """A face edit: a stone wall on the north side of blue's square (row, col)."""
    return (2 * row, 4 * col + 1, "---")


def door_east(row: int, col: int) -> tuple[int, int, str]:
    """A face edit: a (blue) door on the east side of blue's square (row, col)."""
    return (2 * row + 1, 4 * (col + 1), "D")


def ready(blue=None, params=None, at=(2, 2), red_at=(2, 9)):
    pos = Position(blue=blue, params=params)
    pos.put(0, *at)
    pos.put(1, *red_at)
    pos.start_turn(0)
    return pos


def side(pos, row: int, col: int, d: int) -> int:
    """The border on side d of map square (row, col)."""
    return int(pos.t.g_edge[0, pos.sq(row, col), d])


def targets(pos, name, p=0):
    """The targets (option z) of seat p's card ``name``."""
    card = pos.ct.names.index(name)
    return {o[4] for o in pos.options(p) if o[0] == O_NEUTRAL and pos.st.inst_card[0, o[1]] == card}


def cast(pos, name, z, p=0):
    """Seat p casts its card ``name`` (already in hand) at z."""
    card = pos.ct.names.index(name)
    opt = next(o for o in pos.options(p) if o[0] == O_NEUTRAL and pos.st.inst_card[0, o[1]] == card and o[4] == z)
    pos.do(p, opt)


def kind(pos, e: int) -> int:
    return int(pos.st.edge_kind[0, e])


# ------------------------------------------------------------------------------------------------
# The game's own board (A-13, R42)
# ------------------------------------------------------------------------------------------------

def test_game_board_is_a_copy_of_the_deal():
    """Each game changes its own copy of the border kinds and columns (set up from the deal),
    never the tables' pool: a wall made in one game is gone when a game is set up again."""
    pos = ready()
    e = side(pos, 2, 2, N)
    pos.give(0, "Create Wall")
    cast(pos, "Create Wall", e)
    assert kind(pos, e) == B.WALL
    assert pos.t.g_edge_kind[0, e] == B.OPEN
    assert (pos.st.column[0] != pos.t.g_column[0]).any()
    with np.errstate(over="ignore"):
        pos.R.setup(pos.st, pos.t, 0, 2, np.array([1, 2], np.uint32), 1)
    assert kind(pos, e) == B.OPEN and (pos.st.column[0] == pos.t.g_column[0]).all()
    assert (pos.st.fill[0] == 0).all() and (pos.st.wall_by[0] == -1).all()


def test_columns_rebuilt_when_a_wall_comes_and_goes():
    """A-13, R77, R127: a line through a bare grid corner passes; once Create Wall puts a wall
    touching that corner a column stands there and the line is blocked; Destroy Wall removes
    the wall and its column, and the line passes again."""
    pos = ready(blue=face(*SHUT), red_at=(1, 1))
    me, red = pos.sq(2, 2), pos.sq(1, 1)
    assert line_of_sight(pos.geo, me, red, 1)  # centre to centre through corner (row line 2, column line 2)
    e = side(pos, 2, 2, W)
    pos.give(0, "Create Wall")
    cast(pos, "Create Wall", e)
    assert pos.st.column[0, 2, 2] == 1
    assert not line_of_sight(pos.geo, me, red, 1)
    pos.give(0, "Destroy Wall")
    cast(pos, "Destroy Wall", e)
    assert pos.st.column[0, 2, 2] == 0
    assert line_of_sight(pos.geo, me, red, 1)


# ------------------------------------------------------------------------------------------------
# Destroy Wall (2.2 G5)
# ------------------------------------------------------------------------------------------------

def test_destroy_wall_removes_a_wall_and_shortens_the_walk():
    """Destroy Wall: one wall segment in sight is gone: the border is open, a step across it
    is legal and walking distances shrink (R33); the card goes to the discard pile."""
    pos = ready(blue=face(wall_east(2, 2)))
    e = side(pos, 2, 2, E)
    i = pos.give(0, "Destroy Wall")
    assert (O_STEP, E, 0, 0, 0) not in pos.options(0)
    far = M.distances(pos.geo, pos.sq(2, 2), 1)[pos.sq(2, 3)]
    assert e in targets(pos, "Destroy Wall")
    cast(pos, "Destroy Wall", e)
    assert kind(pos, e) == B.OPEN
    assert (O_STEP, E, 0, 0, 0) in pos.options(0)
    assert far > 1 and M.distances(pos.geo, pos.sq(2, 2), 1)[pos.sq(2, 3)] == 1
    assert pos.st.c_cont[0, i] == S.Z_DISCARD
    assert any("is destroyed" in line for line in pos.log())


def test_destroy_wall_destroys_a_door():
    """Destroy Wall: or one door (card text): the door is gone, an open border."""
    pos = ready(blue=face(door_east(2, 2)))
    e = side(pos, 2, 2, E)
    pos.give(0, "Destroy Wall")
    assert kind(pos, e) == B.DOOR and e in targets(pos, "Destroy Wall")
    cast(pos, "Destroy Wall", e)
    assert kind(pos, e) == B.OPEN


def test_destroy_wall_hurts_wizards_next_to_it_and_is_no_attack():
    """Destroy Wall: every wizard adjacent to the wall suffers 2 physical damage, the caster too
    (card text: "any wizard"); it is not an attack (the turn's attack stays unused, R49), and
    the damage is not evaded (A-5: the caster is its source)."""
    pos = ready(blue=face(wall_east(2, 2)), red_at=(2, 3))
    e = side(pos, 2, 2, E)
    pos.give(0, "Destroy Wall")
    cast(pos, "Destroy Wall", e)
    assert pos.st.life[0, 0] == S.START_LIFE - 2 and pos.st.life[0, 1] == S.START_LIFE - 2
    assert pos.st.attacked[0] == 0
    assert pos.st.seat[0, 0, S.S_DMG_DEALT] == 2  # red's 2, not its own


def test_destroy_wall_spares_wizards_not_next_to_it():
    """Destroy Wall: a wizard one square farther from the wall takes nothing."""
    pos = ready(blue=face(wall_east(2, 2)), at=(2, 1), red_at=(2, 4))
    pos.give(0, "Destroy Wall")
    cast(pos, "Destroy Wall", side(pos, 2, 2, E))
    assert pos.st.life[0, 0] == S.START_LIFE and pos.st.life[0, 1] == S.START_LIFE


def test_destroy_wall_never_aims_at_outer_walls():
    """R42, R125: an outer wall is indestructible; Destroy Wall does not offer it, and a forced
    call leaves it standing (no effect)."""
    pos = ready(at=(0, 0))
    e = side(pos, 0, 0, N)
    assert kind(pos, e) == B.OUTER
    i = pos.give(0, "Destroy Wall")
    assert e not in targets(pos, "Destroy Wall")
    pos.R.walls_effect(pos.st, pos.t, 0, pos.geo, 0, i, S.E_DESTROY_WALL, e, pos.prm)
    assert kind(pos, e) == B.OUTER
    assert any("has no effect" in line for line in pos.log())


def test_destroy_wall_needs_sight_of_the_wall():
    """R76: the line runs from the caster's square to the wall's midpoint; a wall behind
    another wall is not offered."""
    target = side(pos := ready(blue=face(wall_east(1, 3))), 1, 3, E)
    pos.give(0, "Destroy Wall")
    assert target in targets(pos, "Destroy Wall")
    pos = ready(blue=face(wall_east(1, 3), wall_north(2, 3)))
    pos.give(0, "Destroy Wall")
    assert not sees_border(pos.geo, pos.sq(2, 2), target, 1)
    assert target not in targets(pos, "Destroy Wall")


def test_destroy_wall_can_be_negated():
    """A-8, A-9: Destroy Wall is a neutral spell; a wizard who sees the caster may cancel it
    with Negate Neutral, and then the wall stands (a random bot decides: over a few seeds it
    both lets the spell through and cancels it)."""
    outcomes = set()
    for seed in range(12):
        pos = Position(params={"random": 1.0}, blue=face(wall_east(2, 2)), seed=seed)
        pos.put(0, 2, 2)
        pos.put(1, 1, 2)
        pos.start_turn(0)
        e = side(pos, 2, 2, E)
        pos.give(0, "Destroy Wall")
        n = pos.give(1, "Negate Neutral")
        cast(pos, "Destroy Wall", e)
        cancelled = pos.st.c_cont[0, n] == S.Z_DISCARD
        assert (kind(pos, e) == B.WALL) == cancelled
        assert pos.st.seat[0, 0, S.S_COUNTERED] == int(cancelled)
        outcomes.add(bool(cancelled))
    assert outcomes == {True, False}


# ------------------------------------------------------------------------------------------------
# Create Wall (2.2 G5)
# ------------------------------------------------------------------------------------------------

def test_create_wall_blocks_steps_and_changes_distances():
    """Create Wall: a stone wall on a free border line; no step crosses it (R33) and walking
    distances grow; the wall records the card that made it (R89: a maintained creation)."""
    pos = ready()
    e = side(pos, 2, 2, N)
    i = pos.give(0, "Create Wall")
    before = M.distances(pos.geo, pos.sq(2, 2), 1)[pos.sq(1, 2)]
    cast(pos, "Create Wall", e)
    assert kind(pos, e) == B.WALL and pos.st.wall_by[0, e] == i
    assert (O_STEP, N, 0, 0, 0) not in pos.options(0)
    assert before == 1 and M.distances(pos.geo, pos.sq(2, 2), 1)[pos.sq(1, 2)] == 3
    assert any("a stone wall now stands" in line for line in pos.log())


def test_create_wall_only_on_a_free_border_between_two_squares():
    """Create Wall: not on a border that already holds a wall or a door (card text), and not
    on the map's edge (outer wall; our option set leaves out wrap exits too)."""
    pos = ready(blue=face(wall_east(2, 2), door_east(2, 1)))
    pos.give(0, "Create Wall")
    got = targets(pos, "Create Wall")
    assert side(pos, 2, 2, E) not in got and side(pos, 2, 2, W) not in got
    assert side(pos, 2, 2, N) in got and side(pos, 2, 2, SO) in got
    pos = ready(at=(0, 0))
    pos.give(0, "Create Wall")
    got = targets(pos, "Create Wall")
    assert side(pos, 0, 0, N) not in got and side(pos, 0, 0, E) in got


def test_create_wall_needs_sight_of_the_border():
    """R76: the line runs to the border's midpoint: the sides of a wizard behind a wall are not
    offered."""
    pos = ready(blue=face(wall_east(2, 3), *SHUT), red_at=(2, 4))
    pos.give(0, "Create Wall")
    got = targets(pos, "Create Wall")
    assert not got & {side(pos, 2, 4, d) for d in range(4)}


def test_create_wall_on_a_door_is_no_effect():
    """Create Wall: a border that holds a door by the time the spell resolves keeps it (card
    text: never on an occupied border line)."""
    pos = ready(blue=face(door_east(2, 2)))
    i = pos.give(0, "Create Wall")
    e = side(pos, 2, 2, E)
    pos.R.walls_effect(pos.st, pos.t, 0, pos.geo, 0, i, S.E_CREATE_WALL, e, pos.prm)
    assert kind(pos, e) == B.DOOR and pos.st.wall_by[0, e] == -1


# ------------------------------------------------------------------------------------------------
# Stone Block (2.2 G5, A-36)
# ------------------------------------------------------------------------------------------------

def test_stone_block_blocks_movement_and_sight():
    """Stone Block: fills an empty square; no wizard steps into it (R33) and no line of sight
    crosses it (A-36); walking around it is longer."""
    pos = ready(blue=face(*SHUT), red_at=(2, 5))
    q = pos.sq(2, 3)
    pos.give(0, "Stone Block")
    assert line_of_sight(pos.geo, pos.sq(2, 2), pos.sq(2, 5), 1)
    assert q in targets(pos, "Stone Block")
    cast(pos, "Stone Block", q)
    assert pos.st.fill[0, q] == 1
    assert (O_STEP, E, 0, 0, 0) not in pos.options(0)
    assert not line_of_sight(pos.geo, pos.sq(2, 2), pos.sq(2, 5), 1)
    assert M.distances(pos.geo, pos.sq(2, 2), 1)[pos.sq(2, 4)] == 4
    assert any("a stone block fills (2,3)" in line for line in pos.log())


def test_stone_block_is_not_a_wall():
    """Stone Block: it is not a wall (card text): Destroy Wall does not aim at its sides; a
    wall under its side destroyed still leaves the square blocked."""
    pos = ready(blue=face(wall_east(2, 3)))
    q = pos.sq(2, 3)
    pos.give(0, "Stone Block")
    cast(pos, "Stone Block", q)
    pos.give(0, "Destroy Wall")
    got = targets(pos, "Destroy Wall")
    assert side(pos, 2, 3, W) not in got and side(pos, 2, 3, N) not in got
    e = side(pos, 2, 3, E)
    assert e in got
    cast(pos, "Destroy Wall", e)
    assert kind(pos, e) & S.KIND == B.OPEN
    assert M.step(pos.geo, pos.sq(2, 4), W, 1) == -1


def test_stone_block_only_on_an_empty_square():
    """Stone Block: only an empty square: not one with a wizard, a treasure or a dropped item
    (card text), nor a base (our ruling)."""
    pos = ready(red_at=(2, 3))
    st = pos.st
    st.tr_sq[0, 2] = pos.sq(1, 2)   # a red treasure north of blue
    pos.give(0, "Stone Block")
    got = targets(pos, "Stone Block")
    assert pos.sq(2, 3) not in got and pos.sq(1, 2) not in got
    assert pos.sq(3, 2) in got
    pos.put(0, 2, 1)                 # next to its own base (2,2)
    assert pos.sq(2, 2) not in targets(pos, "Stone Block")
    rock = pos.give(1, "Large Rock")
    S.place(st, 0, rock, S.Z_FLOOR)
    st.c_sq[0, rock] = pos.sq(3, 1)
    assert pos.sq(3, 1) not in targets(pos, "Stone Block")


# ------------------------------------------------------------------------------------------------
# Bots
# ------------------------------------------------------------------------------------------------

def _long_wall(gap_row: int):
    """Walls on the column line between columns 2 and 3 of blue except at ``gap_row``, and the
    west wrap of row 2 closed: the way east is through the gap."""
    edits = [wall_east(r, 2) for r in range(5) if r != gap_row]
    return face(*edits, (5, 0, "|"))


def _red_treasures_at(pos, row, col):
    for j in (2, 3):
        pos.st.tr_sq[0, j] = pos.sq(row, col)


def _chosen(pos, p=0):
    pos.R.enumerate_options(pos.st, pos.t, 0, pos.geo, p)
    k = BT.choose_option(pos.st, pos.t, 0, pos.geo, p, pos.prm[p])
    return tuple(int(v) for v in pos.st.opt[0, k])


def test_balanced_destroys_a_wall_that_saves_three_steps():
    """Bots: the balanced bot casts Destroy Wall when the walk to its goal gets 3 or more steps
    shorter (here 4), not when it saves 2."""
    pos = ready(blue=_long_wall(4))
    _red_treasures_at(pos, 0, 6)
    i = pos.give(0, "Destroy Wall")
    o = _chosen(pos)
    assert o[0] == O_NEUTRAL and o[1] == i
    pos = ready(blue=_long_wall(3))
    _red_treasures_at(pos, 0, 6)
    pos.give(0, "Destroy Wall")
    assert _chosen(pos)[0] == O_STEP


def test_balanced_walls_in_an_enemy_carrying_its_treasure():
    """Bots: the balanced bot casts Create Wall on the border an enemy carrying one of its
    treasures must cross on its shortest way home, and Stone Block on the square it must enter."""
    for card, target in (("Create Wall", lambda pos: side(pos, 2, 4, E)), ("Stone Block", lambda pos: pos.sq(2, 5))):
        pos = ready(red_at=(2, 4))
        st = pos.st
        st.carrying[0, 1] = 0
        st.tr_carrier[0, 0] = 1
        st.tr_sq[0, 0] = -1
        i = pos.give(0, card)
        o = _chosen(pos)
        assert o[0] == O_NEUTRAL and o[1] == i and o[4] == target(pos), card


def test_random_bot_can_play_the_walls_cards():
    """Bots: the random bot picks walls options like any other (uniform kind, then option)."""
    pos = ready(params={"random": 1.0}, red_at=(2, 4))
    pos.give(0, "Create Wall")
    seen = set()
    for _ in range(60):
        seen.add(_chosen(pos)[0])
    assert O_NEUTRAL in seen


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_games_with_the_walls_cards_keep_the_invariants():
    """check_game style: games of the elemental deck (all three cards in it) between random
    and balanced bots play the walls cards and keep every invariant (no violations)."""
    from simlab.games.base import root_seed_words
    from simlab.games.wizwar import GAME, data

    ct = data.load_cards()
    bots = np.stack([GAME.bot_vector("random"), GAME.bot_vector("balanced")])
    out = GAME.play(np.arange(30), root_seed_words(11), 2, bots, ct, check=True)
    assert int(out["games"]["violations"].sum()) == 0
    played = {}
    for c, n in zip(out["cards"]["card"], out["cards"]["played"], strict=True):
        played[ct.names[c]] = played.get(ct.names[c], 0) + int(n)
    assert played["Create Wall"] + played["Destroy Wall"] + played["Stone Block"] > 0


def test_teleport_never_lands_in_a_stone_block():
    """Stone Block fills its square (card text): Teleport, which ignores walls (A-26), is not
    offered onto it, and a Teleport counter does not evade into it."""
    pos = ready(blue=face(*SHUT), red_at=(2, 5))
    q = pos.sq(2, 3)
    pos.give(0, "Stone Block")
    cast(pos, "Stone Block", q)
    pos.give(0, "Teleport")
    got = targets(pos, "Teleport")
    assert pos.sq(2, 4) in got and q not in got


def test_invariants_check_the_game_board():
    """check_game invariants (A-13): the columns agree with the border kinds after walls come
    and go; a column out of step, or a wizard on a filled square, is a violation."""
    pos = ready(red_at=(2, 5))
    pos.give(0, "Create Wall")
    cast(pos, "Create Wall", side(pos, 2, 2, N))
    pos.give(0, "Stone Block")
    cast(pos, "Stone Block", pos.sq(2, 3))
    assert S.count_violations(pos.st, pos.t, 0) == 0
    pos.st.column[0, 2, 2] ^= 1
    assert S.count_violations(pos.st, pos.t, 0) == 1
    pos.st.column[0, 2, 2] ^= 1
    pos.put(1, 2, 3)
    assert S.count_violations(pos.st, pos.t, 0) == 1
