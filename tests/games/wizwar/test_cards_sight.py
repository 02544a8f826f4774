"""The cards that bend sight, move the casting point or block one attack's line: Wall of Earth,
Around the Corner, Astral Projection, Visionstone.

C = ../shared/reference/wizwar/rules_checklist.md (R = rule, A = ambiguity, 2.2 = the card
taxonomy, 2.3 = the simplifications); each test names the card clause it checks, in our words.
Board: the kit's two open sectors side by side (5 rows x 10 columns, p2_wrap); blue (seat 0) has
its base at (2,2), red (seat 1) at (2,7). Walls are drawn into blue's face with ``kit.face``.
"""

from __future__ import annotations

import numpy as np
import pytest

from simlab.games.wizwar import board as B
from simlab.games.wizwar import bots as BT
from simlab.games.wizwar import rules as R
from simlab.games.wizwar import state as S
from simlab.games.wizwar.sight import line_of_sight, sees_bent, sees_through
from simlab.games.wizwar.state import O_ATTACK, O_ITEM, O_NEUTRAL, O_PUNCH, O_THROW
from tests.games.wizwar.kit import CLOSED_NS, Position, face

SHUT = (*CLOSED_NS, (5, 0, "|"))  # blue's wrap exits walled: no line of sight around through a link
ALWAYS = {"counter_min": 0}


def wall_east(row: int, col: int) -> tuple[int, int, str]:
    """A face edit: a stone wall on the east side of blue's square (row, col)."""
    return (2 * row + 1, 4 * (col + 1), "|")


def wall_north(row: int, col: int) -> tuple[int, int, str]:
    """A face edit: a stone wall on the north side of blue's square (row, col)."""
    return (2 * row, 4 * col + 1, "---")


def ready(blue=None, params=None, at=(2, 2), red_at=(2, 4), bots=None, seed=0):
    pos = Position(blue=blue, params=params, bots=bots, seed=seed)
    pos.put(0, *at)
    pos.put(1, *red_at)
    pos.start_turn(0)
    return pos


def card_opts(pos, kind, name, p=0):
    """Seat p's options of ``kind`` that play its card ``name``."""
    card = pos.ct.names.index(name)
    return [o for o in pos.options(p) if o[0] == kind and pos.st.inst_card[0, o[1]] == card]


def attack(pos, name, target=1, p=0):
    """Seat p casts its attack spell ``name`` (unboosted) at ``target``."""
    opt = next(o for o in card_opts(pos, O_ATTACK, name, p) if o[2] == target and o[3] == -1 and o[4] == 0)
    pos.do(p, opt)


def events(pos, code):
    return [tuple(int(v) for v in e) for e in pos.st.ev[0, : pos.st.ev_n[0]] if e[2] == code]


# ------------------------------------------------------------------------------------------------
# Wall of Earth (Co1 El2; C 2.2 G5, a tier-3 counter)
# ------------------------------------------------------------------------------------------------

def test_wall_of_earth_blocks_a_spell_from_another_square():
    """Wall of Earth: a momentary wall on a border the attack's line crosses blocks one attack
    spell from another square; then it collapses (the board is unchanged). The attack is used
    (R144) and counted as countered."""
    pos = ready()
    fb = pos.give(0, "Fireball")
    we = pos.give(1, "Wall of Earth")
    kinds = pos.st.edge_kind[0].copy()
    attack(pos, "Fireball")
    assert pos.st.life[0, 1] == 15
    assert pos.st.c_cont[0, fb] == S.Z_DISCARD and pos.st.c_cont[0, we] == S.Z_DISCARD
    assert pos.st.attacked[0] == 1 and pos.st.seat[0, 0, S.S_COUNTERED] == 1
    assert (pos.st.edge_kind[0] == kinds).all()
    assert events(pos, R.EV_EARTH_WALL) == [(0, 0, R.EV_EARTH_WALL, 1, 0, 0)]
    assert any("wall of earth" in line for line in pos.log())


def test_wall_of_earth_cannot_block_an_attack_from_the_same_square():
    """Wall of Earth stands on a border between two squares: an attack from the target's own
    square crosses none, so it cannot be blocked."""
    pos = ready(red_at=(2, 2))
    pos.give(0, "Fireball")
    we = pos.give(1, "Wall of Earth")
    attack(pos, "Fireball")
    assert pos.st.life[0, 1] == 10
    assert pos.st.c_cont[0, we] == S.Z_HAND0 + 1


def test_wall_of_earth_cannot_block_a_punch():
    """Wall of Earth cannot block an attack that is not a line-of-sight one: a punch (adjacent
    range, R57, R69) lands."""
    pos = ready(params=ALWAYS, red_at=(2, 3))
    we = pos.give(1, "Wall of Earth")
    pos.do(0, (O_PUNCH, 1, 0, 0, 0))
    assert pos.st.life[0, 1] == 14
    assert pos.st.c_cont[0, we] == S.Z_HAND0 + 1


def test_wall_of_earth_blocks_a_thrown_rock():
    """Wall of Earth blocks a thrown item (a line-of-sight attack, R100); our ruling: the Large
    Rock falls back on the thrower's square."""
    pos = ready(params=ALWAYS)
    rock = pos.give(0, "Large Rock")
    pos.do(0, next(o for o in pos.options(0) if o[0] == S.O_ITEM and o[1] == rock))
    pos.give(1, "Wall of Earth")
    pos.do(0, (O_THROW, rock, 1, 0, 0))
    assert pos.st.life[0, 1] == 15
    assert pos.st.c_cont[0, rock] == S.Z_FLOOR and pos.st.c_sq[0, rock] == pos.sq(2, 2)


def test_balanced_bot_walls_off_only_a_hit_worth_it():
    """The balanced bot raises Wall of Earth against a hit of counter_min (3) or more, not
    against a 1-damage Zot!; the random bot may raise it (a coin flip)."""
    pos = ready()
    pos.give(0, "Zot!")
    we = pos.give(1, "Wall of Earth")
    attack(pos, "Zot!")
    assert pos.st.life[0, 1] == 14 and pos.st.c_cont[0, we] == S.Z_HAND0 + 1
    used = set()
    for seed in range(8):
        pos = ready(bots=["balanced", "random"], seed=seed)
        pos.give(0, "Zot!")
        we = pos.give(1, "Wall of Earth")
        attack(pos, "Zot!")
        used.add(int(pos.st.c_cont[0, we]))
    assert used == {S.Z_DISCARD, S.Z_HAND0 + 1}


def chosen(pos, p=0):
    """The option seat p's bot takes now."""
    pos.R.enumerate_options(pos.st, pos.t, 0, pos.geo, p)
    k = BT.choose_option(pos.st, pos.t, 0, pos.geo, p, pos.prm[p])
    return tuple(int(v) for v in pos.st.opt[0, k])


def named(pos, option, name):
    return pos.st.inst_card[0, option[1]] == pos.ct.names.index(name)


def targets(pos, name, p=0):
    """The wizards seat p's attack spell ``name`` may be aimed at now."""
    return {o[2] for o in card_opts(pos, O_ATTACK, name, p)}


# A corner: a wall on the north side of blue's (1,1) puts columns on both its ends, so the line
# from (0,0) to (2,2), which runs through the corner of (0,0) and (1,1), is blocked; (0,2) and
# (2,0) see both squares.
CORNER = (*SHUT, wall_north(1, 1))


def corner(**kw):
    return ready(blue=face(*CORNER), at=(0, 0), red_at=(2, 2), **kw)


# ------------------------------------------------------------------------------------------------
# Around the Corner (Ca1 Co1 Th1; C 2.2 G8, 2.3)
# ------------------------------------------------------------------------------------------------

def test_around_the_corner_geometry():
    """C 2.3: a target is seen around one corner when some square centre m that the caster sees
    sees the target; a straight line is not needed."""
    pos = corner()
    a, c = pos.sq(0, 0), pos.sq(2, 2)
    assert not line_of_sight(pos.geo, a, c, 1)
    assert sees_bent(pos.geo, a, c, 1, False)
    assert not sees_bent(pos.geo, a, c, 1, True)  # under Fog each leg reaches one square


def test_around_the_corner_lets_one_spell_bend():
    """Around the Corner: after it, one spell of the turn is aimed around a corner (a standing
    effect, our ruling); that spell uses it up."""
    pos = corner()
    pos.give(0, "Fireball")
    atc = pos.give(0, "Around the Corner")
    assert 1 not in targets(pos, "Fireball")
    pos.do(0, (O_NEUTRAL, atc, 0, -1, 0))
    assert pos.st.bend[0] == 1 and targets(pos, "Fireball") == {1}
    attack(pos, "Fireball")
    assert pos.st.life[0, 1] == 10 and pos.st.bend[0] == 0
    assert [e[3:] for e in events(pos, R.EV_SIGHT)] == [(R.SEE_BENT, -1, 0), (R.SEE_BENT, -1, 1)]
    assert any("around one corner" in line for line in pos.log())


def test_around_the_corner_is_kept_by_a_spell_in_plain_sight():
    """Around the Corner (our ruling): a spell at a wizard the caster sees does not use the bend
    up; it lasts until a spell needs it or the turn ends."""
    pos = corner()
    pos.give(0, "Zot!")
    atc = pos.give(0, "Around the Corner")
    pos.do(0, (O_NEUTRAL, atc, 0, -1, 0))
    pos.put(1, 0, 2)
    attack(pos, "Zot!")
    assert pos.st.life[0, 1] == 14 and pos.st.bend[0] == 1


def test_bend_and_astral_square_end_with_the_turn():
    """Around the Corner and Astral Projection serve a spell of the turn they are cast in: Move
    and Cast clears them."""
    pos = corner()
    pos.st.bend[0] = 1
    pos.st.eye[0] = pos.sq(0, 2)
    pos.st.mc_over[0] = 1
    R.move_and_cast(pos.st, pos.t, 0, pos.geo, 0, pos.prm)
    assert pos.st.bend[0] == 0 and pos.st.eye[0] == -1


def test_balanced_bends_for_an_attack():
    """Bots: the balanced bot casts Around the Corner when it then can hit a wizard it does not
    see (Fireball, 5), and not when nothing hides."""
    pos = corner()
    pos.give(0, "Fireball")
    pos.give(0, "Around the Corner")
    assert named(pos, chosen(pos), "Around the Corner")
    pos.put(1, 0, 2)  # in plain sight: the bend is not worth a card
    assert not named(pos, chosen(pos), "Around the Corner")


def test_random_bot_can_bend():
    """Bots: the random bot picks Around the Corner like any other option."""
    pos = corner(params={"random": 1.0})
    pos.give(0, "Around the Corner")
    assert any(named(pos, chosen(pos), "Around the Corner") for _ in range(80))


# ------------------------------------------------------------------------------------------------
# Astral Projection (Me2; C 2.2 G4)
# ------------------------------------------------------------------------------------------------

def test_astral_projection_squares():
    """Astral Projection: an empty square within 3 steps on the map, walls ignored (C 2.2:
    Manhattan 3); offered (a smaller set) only where a wizard unseen now would be seen. (1,1) is
    behind the wall from (0,0) yet offered; (0,2) sees red; a filled square is not empty."""
    pos = corner()
    ap = pos.give(0, "Astral Projection")
    zs = {o[4] for o in card_opts(pos, O_NEUTRAL, "Astral Projection")}
    assert {pos.sq(1, 1), pos.sq(0, 2), pos.sq(2, 0), pos.sq(1, 2)} <= zs
    assert all(abs(int(pos.t.g_sq_r[0, z])) + abs(int(pos.t.g_sq_c[0, z])) <= 3 for z in zs)
    assert pos.sq(0, 0) not in zs
    pos.st.fill[0, pos.sq(0, 2)] = 1
    assert pos.sq(0, 2) not in {o[4] for o in card_opts(pos, O_NEUTRAL, "Astral Projection")}
    pos.st.fill[0, pos.sq(0, 2)] = 0
    pos.put(1, 0, 1)  # red in plain sight: nothing to gain, nothing offered
    assert not card_opts(pos, O_NEUTRAL, "Astral Projection")
    assert ap >= 0


def test_astral_projection_casts_one_spell_from_its_square():
    """Astral Projection: the next spell is aimed as though the caster stood on the chosen
    square; that spell uses it up."""
    pos = corner()
    pos.give(0, "Fireball")
    ap = pos.give(0, "Astral Projection")
    assert 1 not in targets(pos, "Fireball")
    pos.do(0, (O_NEUTRAL, ap, 0, -1, pos.sq(0, 2)))
    assert pos.st.eye[0] == pos.sq(0, 2) and targets(pos, "Fireball") == {1}
    attack(pos, "Fireball")
    assert pos.st.life[0, 1] == 10 and pos.st.eye[0] == -1
    assert pos.st.pos[0, 0] == pos.sq(0, 0)  # the caster does not move
    assert any("as if cast from (0,2)" in line for line in pos.log())


def test_balanced_projects_for_an_attack():
    """Bots: the balanced bot casts Astral Projection to a square from which it can hit a wizard
    it does not see; the random bot can pick it."""
    pos = corner()
    pos.give(0, "Fireball")
    pos.give(0, "Astral Projection")
    opt = chosen(pos)
    assert named(pos, opt, "Astral Projection")
    assert line_of_sight(pos.geo, opt[4], pos.sq(2, 2), 1)
    rnd = corner(params={"random": 1.0})
    rnd.give(0, "Astral Projection")
    assert any(named(rnd, chosen(rnd), "Astral Projection") for _ in range(80))


# ------------------------------------------------------------------------------------------------
# Visionstone (Al1; C 2.2 G5, a magic stone)
# ------------------------------------------------------------------------------------------------

def behind_one_wall(**kw):
    """Blue on (2,0), red on (2,3), a stone wall east of (2,1) between them."""
    return ready(blue=face(*SHUT, wall_east(2, 1)), at=(2, 0), red_at=(2, 3), **kw)


def carry(pos, name, p=0):
    i = pos.give(p, name)
    pos.do(p, next(o for o in pos.options(p) if o[0] == O_ITEM and o[1] == i))
    return i


def test_visionstone_line_passes_one_wall_only():
    """Visionstone (C 3.4): the line may pass one stone wall or door between squares, not two,
    never the map's edge."""
    pos = behind_one_wall()
    a = pos.sq(2, 0)
    assert not line_of_sight(pos.geo, a, pos.sq(2, 3), 1)
    assert sees_through(pos.geo, a, pos.sq(2, 3), 1)
    two = ready(blue=face(*SHUT, wall_east(2, 1), wall_east(2, 2)), at=(2, 0), red_at=(2, 3))
    assert not sees_through(two.geo, two.sq(2, 0), two.sq(2, 3), 1)


def test_visionstone_spells_through_a_wall_not_throws():
    """Visionstone: its carrier casts spells through one wall or door; thrown items still need
    sight (the card: not throw items)."""
    pos = behind_one_wall()
    pos.give(0, "Fireball")
    carry(pos, "Large Rock")
    assert 1 not in targets(pos, "Fireball")
    carry(pos, "Visionstone")
    assert targets(pos, "Fireball") == {1}
    assert not [o for o in pos.options(0) if o[0] == O_THROW]
    attack(pos, "Fireball")
    assert pos.st.life[0, 1] == 10


def test_balanced_casts_through_its_visionstone():
    """Bots: a balanced bot carrying a Visionstone aims its attack through the wall."""
    pos = behind_one_wall()
    pos.give(0, "Fireball")
    carry(pos, "Visionstone")
    assert named(pos, chosen(pos), "Fireball")


# ------------------------------------------------------------------------------------------------
# Rotate Sector (Ca1 Th1; C 2.2 G5, R131-R134, A-24)
# ------------------------------------------------------------------------------------------------

def side(pos, row, col, d):
    """The border on side d (N, E, S, W = 0..3) of map square (row, col)."""
    return int(pos.t.g_edge[0, pos.sq(row, col), d])


def kind_at(pos, row, col, d):
    return int(pos.st.edge_kind[0, side(pos, row, col, d)])


def rotate(pos, slot, k):
    from simlab.games.wizwar.rotation import rotate_sector
    rotate_sector(pos.st, pos.t, 0, pos.geo, slot, k)


def snapshot(pos):
    st = pos.st
    return [a[0].copy() for a in (st.edge_kind, st.edge_doors, st.wall_by, st.column, st.fill, st.pos, st.tr_sq,
                                  st.c_sq)]


@pytest.mark.parametrize("k,where", [(1, (0, 4, 2)), (2, (4, 4, 3)), (3, (4, 0, 0))])
def test_rotate_sector_moves_an_inner_wall(k, where):
    """Rotate Sector (board.Sector.rotated): a clockwise quarter turn takes square (r, c) of the
    sector to (c, 4 - r) and side d to d + 1. Blue's wall east of (0,0), worked by hand: 90
    degrees clockwise -> south of (0,4); 180 -> west of (4,4); 90 counter-clockwise -> north
    of (4,0). The old place is open; the columns follow (A-13)."""
    pos = ready(blue=face(wall_east(0, 0)))
    rotate(pos, 0, k)
    assert kind_at(pos, *where) == B.WALL
    assert kind_at(pos, 0, 0, 1) == B.OPEN
    assert S.board_violations(pos.st, pos.t, 0) == 0


def test_rotate_sector_merges_its_exits_again():
    """R131, R132: blue's north and south exits are drawn as walls; turned 90 degrees clockwise
    the north wall lies on the join with red (a wall: either half is one) and the south wall on
    the map's edge (an outer wall, R42); the open west and east exits come round to the north and
    south. The links (wrap-arounds) stay where they are."""
    pos = ready(blue=face(*CLOSED_NS))
    links = pos.t.g_nbr[0].copy()
    rotate(pos, 0, 1)
    assert kind_at(pos, 2, 4, 1) == B.WALL
    assert kind_at(pos, 2, 0, 3) == B.OUTER
    assert kind_at(pos, 0, 2, 0) == B.OPEN and kind_at(pos, 4, 2, 2) == B.OPEN
    assert (pos.t.g_nbr[0] == links).all()
    assert S.board_violations(pos.st, pos.t, 0) == 0


def test_rotate_sector_moves_what_lies_on_it():
    """Rotate Sector: wizards, treasures, dropped items and Stone Blocks on the sector turn with
    it (they lie on its squares); a door keeps its colour; what lies on another sector stays."""
    pos = ready(blue=face((3, 8, "D")), at=(0, 0), red_at=(2, 7))  # a blue door east of (1,1)
    rock = pos.give(0, "Large Rock")
    S.place(pos.st, 0, rock, S.Z_FLOOR)
    pos.st.c_sq[0, rock] = pos.sq(0, 1)
    pos.st.fill[0, pos.sq(3, 3)] = 1
    pos.st.tr_sq[0, 0] = pos.sq(0, 0)
    rotate(pos, 0, 1)
    assert pos.st.pos[0, 0] == pos.sq(0, 4) and pos.st.pos[0, 1] == pos.sq(2, 7)
    assert pos.st.tr_sq[0, 0] == pos.sq(0, 4)
    assert pos.st.c_sq[0, rock] == pos.sq(1, 4)
    assert pos.st.fill[0, pos.sq(3, 1)] == 1 and pos.st.fill[0, pos.sq(3, 3)] == 0
    e = side(pos, 1, 3, 2)  # (1,1) east -> (1,3) south
    assert pos.st.edge_kind[0, e] == B.DOOR and pos.st.edge_doors[0, e] == 1 << int(pos.st.colour[0, 0])
    assert S.board_violations(pos.st, pos.t, 0) == 0


def test_four_quarter_turns_give_the_board_back():
    """Rotate Sector: four quarter turns (or two half turns, or a turn and its reverse) give back
    every border kind, door colour, created wall, column, filler and position."""
    pos = ready(blue=face(wall_east(0, 0), wall_north(3, 1), (3, 8, "D"), *CLOSED_NS), at=(0, 1))
    pos.st.fill[0, pos.sq(4, 3)] = 1  # a Stone Block: the fill and its sides' bit, as the card sets them
    for d in range(4):
        pos.st.edge_kind[0, side(pos, 4, 3, d)] |= S.FILLED
    pos.st.edge_kind[0, side(pos, 1, 2, 2)] = B.WALL  # a created wall inside the sector
    pos.st.wall_by[0, side(pos, 1, 2, 2)] = 7
    for i in range(5):
        for j in range(11):
            pos.st.column[0, i, j] = S.column_due(pos.st.edge_kind[0], pos.t.g_hedge[0], pos.t.g_vedge[0], i, j)
    start = snapshot(pos)
    for turns in ((1, 1, 1, 1), (2, 2), (1, 3), (3, 1)):
        for k in turns:
            rotate(pos, 0, k)
        assert all((a == b).all() for a, b in zip(start, snapshot(pos), strict=True)), turns
        assert pos.st.turned[0, 0] == 0


def test_a_trial_turn_is_the_turn_and_puts_the_board_back():
    """The balanced bot's trial of Rotate Sector (rotation.turn_marked, which reads the board
    before the turn from the marks it keeps to undo it) leaves the board exactly as
    rotate_sector does, for every slot and turn; put_back restores every marked array."""
    from simlab.games.wizwar.rotation import board_marks, put_back, turn_marked
    for slot in range(2):
        for k in (1, 2, 3):
            pos = ready(blue=face(wall_east(0, 0), (3, 8, "D"), *CLOSED_NS), at=(0, 1), red_at=(2, 7))
            pos.st.fill[0, pos.sq(4, 3)] = 1
            before = board_marks(pos.st, 0)
            rotate(pos, slot, k)
            turned = board_marks(pos.st, 0)
            put_back(pos.st, 0, before)
            marks = board_marks(pos.st, 0)
            turn_marked(pos.st, pos.t, 0, pos.geo, slot, k, marks)
            for a, b in zip(turned, board_marks(pos.st, 0), strict=True):
                assert np.array_equal(a, b), (slot, k)
            put_back(pos.st, 0, marks)
            for a, b in zip(before, board_marks(pos.st, 0), strict=True):
                assert np.array_equal(a, b), (slot, k)


def test_a_trial_for_walks_turns_what_a_search_reads_and_nothing_else():
    """rotation.walk_marks (the balanced bot's Rotate Sector score): a trial turn that turns only
    what a search and goal_square read leaves the border kinds, door colours, fillers, wizards,
    treasures and the slots' turns as the whole turn does, touches nothing else (created walls,
    cracks, Walls of Fire, columns...), and put_back restores the board, for every slot and turn."""
    from simlab.games.wizwar.rotation import board_marks, put_back, turn_marked, walk_marks
    walked = (0, 1, 4, 5, 6, 8)  # board_marks' places of what a trial for walks turns
    for slot in range(2):
        for k in (1, 2, 3):
            pos = ready(blue=face(wall_east(0, 0), (3, 8, "D"), *CLOSED_NS), at=(0, 1), red_at=(2, 7))
            st = pos.st
            st.fill[0, pos.sq(4, 3)] = 1
            e = side(pos, 1, 1, 1)
            st.crack[0, e], st.wall_by[0, e], st.fire_by[0, side(pos, 3, 3, 2)] = 2, 5, 7
            before = board_marks(st, 0)
            rotate(pos, slot, k)
            turned = board_marks(st, 0)
            put_back(st, 0, before)
            marks = walk_marks(st, 0)
            turn_marked(st, pos.t, 0, pos.geo, slot, k, marks)
            now = board_marks(st, 0)
            for i in range(len(before)):
                want = turned[i] if i in walked else before[i]
                assert np.array_equal(want, now[i]), (slot, k, i)
            assert any(not np.array_equal(turned[i], before[i]) for i in walked)
            put_back(st, 0, marks)
            for a, b in zip(before, board_marks(st, 0), strict=True):
                assert np.array_equal(a, b), (slot, k)


def test_rotate_sector_loses_created_join_walls_and_repairs_drawn_ones():
    """R133: a created wall on the join of a sector that turns is lost; R134: a destroyed drawn
    wall on such a join is repaired (here blue's east exit, when red turns)."""
    pos = ready(blue=face((5, 20, "|")))
    e = side(pos, 2, 4, 1)
    pos.st.edge_kind[0, e] = B.OPEN  # destroyed (Destroy Wall)
    f = side(pos, 0, 4, 1)
    pos.st.edge_kind[0, f] = B.WALL  # created on the join (Create Wall)
    pos.st.wall_by[0, f] = 5
    rotate(pos, 1, 2)
    assert pos.st.edge_kind[0, e] == B.WALL
    assert pos.st.edge_kind[0, f] == B.WALL and pos.st.wall_by[0, f] == -1  # drawn frame: a wall anyway
    g = side(pos, 2, 4, 1)
    rotate(pos, 0, 2)  # blue turns: its open west exit comes east, red's west half is open
    assert pos.st.edge_kind[0, g] == B.OPEN and pos.st.wall_by[0, f] == -1
    assert S.board_violations(pos.st, pos.t, 0) == 0


def test_rotate_sector_options_and_cast():
    """Rotate Sector: any sector (range anywhere, A-24), 90 degrees either way or 180 (three
    options per sector); cast as a neutral spell it turns the sector and says so in the log."""
    pos = ready(blue=face(wall_east(0, 0)))
    rs = pos.give(0, "Rotate Sector")
    zs = sorted(o[4] for o in card_opts(pos, O_NEUTRAL, "Rotate Sector"))
    assert zs == [1, 2, 3, 5, 6, 7]
    pos.do(0, (O_NEUTRAL, rs, 0, -1, 1))
    assert kind_at(pos, 0, 4, 2) == B.WALL
    assert any("blue sector turns 90 degrees clockwise" in line for line in pos.log())


def test_the_bots_trial_turn_puts_every_board_mark_back():
    """Bots: scoring Rotate Sector turns the sector on the game's own board and back; every mark
    the turn moves must come back with it, the objects cards' too (cracks R123, Wall of Fire,
    Booby Trap tokens, a Stone Block's cracks). Found by check_game: a trial turn that put back
    the walls but not their cracks left cracks on open borders (invariant R123-R125)."""
    pos = ready(blue=face((5, 20, "|")), red_at=(4, 9))
    for j in (2, 3):
        pos.st.tr_sq[0, j] = pos.sq(2, 5)
    f = side(pos, 2, 4, 1)
    pos.st.crack[0, f] = 2
    pos.st.fire_by[0, side(pos, 1, 1, 1)] = 0
    pos.st.trap_by[0, pos.sq(3, 3)] = 0
    pos.st.trap_real[0, pos.sq(3, 3)] = 1
    before = {k: getattr(pos.st, k)[0].copy() for k in ("edge_kind", "crack", "fire_by", "trap_by", "trap_real",
                                                       "fill", "fill_crack", "wall_by", "column")}
    pos.give(0, "Rotate Sector")
    chosen(pos)  # scores every option, Rotate Sector's trial turns included
    for k, v in before.items():
        assert np.array_equal(getattr(pos.st, k)[0], v), k


def test_balanced_turns_a_sector_that_shortens_its_walk():
    """Bots: the balanced bot casts Rotate Sector when its walk to its goal gets 3 or more steps
    shorter: blue's east exit is walled, so red's treasures on (2,5) are 7 steps away (round by
    the wrap); with blue turned an open exit faces red (3 steps). The random bot can pick it."""
    pos = ready(blue=face((5, 20, "|")), red_at=(4, 9))
    for j in (2, 3):
        pos.st.tr_sq[0, j] = pos.sq(2, 5)
    pos.give(0, "Rotate Sector")
    opt = chosen(pos)
    assert named(pos, opt, "Rotate Sector")
    assert pos.st.edge_kind[0, side(pos, 2, 4, 1)] == B.WALL  # the trial turn was put back
    rnd = ready(params={"random": 1.0})
    rnd.give(0, "Rotate Sector")
    assert any(named(rnd, chosen(rnd), "Rotate Sector") for _ in range(80))


# ------------------------------------------------------------------------------------------------
# Wallivore (Mu2; C 2.2 G5, A-24) and Pass Through Wall (Th1; C 2.2 G4, R125)
# ------------------------------------------------------------------------------------------------

def test_wallivore_eats_a_wall_beside_its_caster():
    """Wallivore: a stone wall bordering the caster's square (A-24) is destroyed (its columns go
    with it, R127), then the caster gains 2 life; doors and outer walls are no stone walls to eat
    (R125)."""
    pos = ready(blue=face(wall_east(2, 2), (4, 9, "DDD")), red_at=(4, 9))  # and a door on its north side
    pos.st.life[0, 0] = 10
    wv = pos.give(0, "Wallivore")
    assert {o[4] for o in card_opts(pos, O_NEUTRAL, "Wallivore")} == {1}
    pos.do(0, (O_NEUTRAL, wv, 0, -1, 1))
    assert kind_at(pos, 2, 2, 1) == B.OPEN and pos.st.life[0, 0] == 12
    assert S.board_violations(pos.st, pos.t, 0) == 0
    assert any("eats the wall" in line for line in pos.log())
    edge = ready(at=(0, 0), red_at=(4, 9))
    edge.give(0, "Wallivore")
    assert not card_opts(edge, O_NEUTRAL, "Wallivore")  # (0,0) north and west: outer walls


def test_wallivore_life_capped_at_20():
    """Wallivore's 2 life stop at 20 (R152)."""
    pos = ready(blue=face(wall_east(2, 2)), red_at=(4, 9))
    pos.st.life[0, 0] = 19
    wv = pos.give(0, "Wallivore")
    pos.do(0, (O_NEUTRAL, wv, 0, -1, 1))
    assert pos.st.life[0, 0] == 20


def test_pass_through_wall_crosses_one_wall():
    """Pass Through Wall: the caster crosses the wall beside it once (the wall stays; no movement
    point spent, our ruling; it counts as moving, R140); never an outer wall (R125), never into a
    filled square."""
    pos = ready(blue=face(wall_east(2, 2)), red_at=(4, 9))
    ptw = pos.give(0, "Pass Through Wall")
    assert {o[4] for o in card_opts(pos, O_NEUTRAL, "Pass Through Wall")} == {1}
    pos.do(0, (O_NEUTRAL, ptw, 0, -1, 1))
    assert pos.st.pos[0, 0] == pos.sq(2, 3) and pos.st.mp[0] == 3 and pos.st.moved[0] == 1
    assert kind_at(pos, 2, 2, 1) == B.WALL
    full = ready(blue=face(wall_east(2, 2)), red_at=(4, 9))
    full.st.fill[0, full.sq(2, 3)] = 1
    full.give(0, "Pass Through Wall")
    assert not card_opts(full, O_NEUTRAL, "Pass Through Wall")
    edge = ready(at=(0, 0), red_at=(4, 9))
    edge.give(0, "Pass Through Wall")
    assert not card_opts(edge, O_NEUTRAL, "Pass Through Wall")


def test_balanced_uses_wall_cards_where_they_pay():
    """Bots: the balanced bot passes through a wall that saves it 3 or more steps (red's treasures
    just beyond a long wall), eats a wall when hurt, and the random bot can pick both."""
    blue = face(*[wall_east(r, 2) for r in range(4)])  # (0..3, 2) | (0..3, 3): way round by row 4
    pos = ready(blue=blue, at=(0, 2), red_at=(4, 9))
    for j in (2, 3):
        pos.st.tr_sq[0, j] = pos.sq(0, 3)
    pos.give(0, "Pass Through Wall")
    assert named(pos, chosen(pos), "Pass Through Wall")
    hurt = ready(blue=face(wall_east(2, 2)), red_at=(4, 9))
    hurt.st.life[0, 0] = 9
    hurt.give(0, "Wallivore")
    hurt.st.mp[0] = 0  # nothing better to do
    assert named(hurt, chosen(hurt), "Wallivore")
    for name in ("Wallivore", "Pass Through Wall"):
        rnd = ready(blue=face(wall_east(2, 2)), red_at=(4, 9), params={"random": 1.0})
        rnd.give(0, name)
        assert any(named(rnd, chosen(rnd), name) for _ in range(80))


# ------------------------------------------------------------------------------------------------
# Create Door (Co1; C 2.2 G5)
# ------------------------------------------------------------------------------------------------

def test_create_door_on_a_stone_wall_or_free_border():
    """Create Door: a door on a stone wall or a free border line between two squares, in sight
    (R76); not on a door, an outer wall or a filled square's side. Like a door of the caster's
    own sector (R46) it is open to the caster and locked for everyone else."""
    pos = ready(blue=face(wall_east(2, 2), (4, 9, "DDD")), at=(2, 2), red_at=(2, 4))
    cd = pos.give(0, "Create Door")
    zs = {o[4] for o in card_opts(pos, O_NEUTRAL, "Create Door")}
    assert side(pos, 2, 2, 1) in zs and side(pos, 2, 2, 2) in zs  # the wall and a free side
    assert side(pos, 2, 2, 0) not in zs  # already a door
    assert side(pos, 2, 4, 1) in zs  # beside red, in sight
    f = side(pos, 2, 2, 1)
    pos.do(0, (O_NEUTRAL, cd, 0, -1, f))
    assert pos.st.edge_kind[0, f] == B.DOOR
    assert pos.st.edge_doors[0, f] == 1 << int(pos.st.colour[0, 0])
    from simlab.games.wizwar.movement import border_open
    red_bit = 1 << int(pos.st.colour[0, 1])
    assert border_open(pos.geo, f, 1 << int(pos.st.colour[0, 0]))
    assert not border_open(pos.geo, f, red_bit)
    assert S.board_violations(pos.st, pos.t, 0) == 0
    assert any("blue door is created" in line for line in pos.log())


def test_balanced_makes_a_door_through_a_wall_on_its_way():
    """Bots: the balanced bot creates its own door in a wall beside it that saves 3 or more
    steps (the long wall of the Pass Through Wall test); the random bot can pick it."""
    blue = face(*[wall_east(r, 2) for r in range(4)])
    pos = ready(blue=blue, at=(0, 2), red_at=(4, 9))
    for j in (2, 3):
        pos.st.tr_sq[0, j] = pos.sq(0, 3)
    pos.give(0, "Create Door")
    opt = chosen(pos)
    assert named(pos, opt, "Create Door") and opt[4] == side(pos, 0, 2, 1)
    rnd = ready(params={"random": 1.0})
    rnd.give(0, "Create Door")
    assert any(named(rnd, chosen(rnd), "Create Door") for _ in range(80))


# ------------------------------------------------------------------------------------------------
# Seal Door (Th1; C 2.2 G5, A-35)
# ------------------------------------------------------------------------------------------------

def sealed_pos(**kw):
    """Blue on (2,2) with its own door on the east side; red on (2,4); no sight round the map."""
    return ready(blue=face(*SHUT, (5, 12, "D")), **kw)


def test_seal_door_shuts_its_door_for_everyone():
    """Seal Door: the door cannot be opened or unlocked by anyone, its owner neither (A-35): blue
    may no longer step through its own door, and a Pick Lock is not offered for it; sight through
    it is gone (a closed door, R43)."""
    pos = sealed_pos()
    f = side(pos, 2, 2, 1)
    sd = pos.give(0, "Seal Door")
    assert f in {o[4] for o in card_opts(pos, O_NEUTRAL, "Seal Door")}
    assert (S.O_STEP, 1, 0, 0, 0) in pos.options(0)
    pos.do(0, (O_NEUTRAL, sd, 0, -1, f))
    assert (S.O_STEP, 1, 0, 0, 0) not in pos.options(0)
    assert not line_of_sight(pos.geo, pos.sq(2, 2), pos.sq(2, 3), 1 << int(pos.st.colour[0, 0]))
    assert pos.st.c_cont[0, sd] == S.Z_MAINT0 and pos.st.m_border[0, sd] == f
    pos.st.cur[0] = 1
    pos.give(1, "Pick Lock")
    pos.start_turn(1)
    assert S.O_UNLOCK not in pos.kinds(1)
    assert S.board_violations(pos.st, pos.t, 0) == 0
    assert any("is sealed" in line for line in pos.log())


def test_seal_door_is_permanent_until_ended_and_the_door_can_be_destroyed():
    """Seal Door is a permanent maintained spell (C 2.2): Time Passes takes no token off it;
    when it ends (its caster ends it, R88) the door opens to its owner again; a sealed door can
    still be destroyed (card text)."""
    pos = sealed_pos()
    f = side(pos, 2, 2, 1)
    sd = pos.give(0, "Seal Door")
    pos.do(0, (O_NEUTRAL, sd, 0, -1, f))
    for _ in range(3):
        R.maint_time_passes(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.st.c_cont[0, sd] == S.Z_MAINT0
    pos.do(0, (S.O_END_SPELL, sd, -1, 0, 0))
    assert pos.st.edge_kind[0, f] == B.DOOR and (S.O_STEP, 1, 0, 0, 0) in pos.options(0)
    sd2 = pos.give(0, "Seal Door")
    pos.do(0, (O_NEUTRAL, sd2, 0, -1, f))
    dw = pos.give(0, "Destroy Wall")
    assert f in {o[4] for o in card_opts(pos, O_NEUTRAL, "Destroy Wall")}
    pos.do(0, (O_NEUTRAL, dw, 0, -1, f))
    assert pos.st.edge_kind[0, f] == B.OPEN


def test_rotate_sector_turns_a_sealed_door_with_its_seal():
    """Seal Door and Rotate Sector: a sealed door inside a turning sector keeps its seal, and
    the spell follows it to its new border."""
    pos = ready(blue=face((3, 8, "D")), red_at=(4, 9))  # a blue door east of (1,1)
    f = side(pos, 1, 1, 1)
    sd = pos.give(0, "Seal Door")
    pos.put(0, 1, 1)
    pos.do(0, (O_NEUTRAL, sd, 0, -1, f))
    rotate(pos, 0, 1)
    g = side(pos, 1, 3, 2)
    assert pos.st.edge_kind[0, g] == B.DOOR | S.SEALED and pos.st.m_border[0, sd] == g
    pos.do(0, (S.O_END_SPELL, sd, -1, 0, 0))
    assert pos.st.edge_kind[0, g] == B.DOOR


def test_balanced_seals_the_way_home_of_a_treasure_thief():
    """Bots: the balanced bot seals a door on the way home of an enemy carrying its treasure when
    it adds 2 or more steps; the random bot can pick Seal Door."""
    # red carries a blue treasure from (2,5) home to (2,7) through its own door east of (2,5);
    # walls beside that door make the way round 4 steps longer
    pos = ready(at=(0, 0), red_at=(2, 5))
    pos.st.carrying[0, 1] = 0
    pos.st.tr_carrier[0, 0] = 1
    pos.st.tr_sq[0, 0] = -1
    f = side(pos, 2, 5, 1)
    pos.st.edge_kind[0, f] = B.DOOR
    pos.st.edge_doors[0, f] = 1 << int(pos.st.colour[0, 1])  # red's own door
    for r in (1, 3):  # walls beside it: the way round is longer
        e = side(pos, r, 5, 1)
        pos.st.edge_kind[0, e] = B.WALL
    for i in range(6):
        for j in range(11):
            pos.st.column[0, i, j] = S.column_due(pos.st.edge_kind[0], pos.t.g_hedge[0], pos.t.g_vedge[0], i, j)
    pos.give(0, "Seal Door")
    opt = chosen(pos)
    assert named(pos, opt, "Seal Door") and opt[4] == f
    rnd = sealed_pos(params={"random": 1.0})
    rnd.give(0, "Seal Door")
    assert any(named(rnd, chosen(rnd), "Seal Door") for _ in range(80))


def test_a_remembered_trial_turn_is_scored_without_laying_it_down():
    """bots.rotate_score reads a remembered turn (rotation.remembered_turn) off the memory:
    turned_goal on the board after the turn (rotation.turned_geo), with the wizards and
    treasures read where the turn moved them and each candidate's steps read from its own
    search (walks are symmetric), finds the goal and the steps to it that goal_walks finds with
    the turn laid down, with the same random draws (ties: equally near treasures), and leaves
    the board as it was. Without a turn, it agrees with goal_walks on the board as it is."""
    from simlab.games.wizwar.bots import goal_walks, move_bit, turned_goal
    from simlab.games.wizwar.movement import walk_length
    from simlab.games.wizwar.rotation import board_marks, put_back, remembered_turn, turn_marked, turned_geo, walk_marks

    def walked(st, t, geo, p):
        goal, fme = goal_walks(st, t, 0, geo, p)
        if goal < 0:
            return goal, -1
        me = st.pos[0, p]
        return goal, int(fme[goal] if fme.shape[0] > 0 else walk_length(geo, goal, me, move_bit(st, t, 0, p)))

    drawn = 0
    for slot in range(2):
        for k in (1, 2, 3):
            for at in ((0, 1), (2, 2), (4, 4)):
                pos = ready(blue=face(wall_east(0, 0), (3, 8, "D"), *CLOSED_NS), at=at, red_at=(2, 7))
                st, t, geo = pos.st, pos.t, pos.geo
                assert remembered_turn(st, 0, slot, k) == -1
                marks = walk_marks(st, 0)
                turn_marked(st, t, 0, geo, slot, k, marks)  # tried once: remembered
                put_back(st, 0, marks)
                j = remembered_turn(st, 0, slot, k)
                assert j >= 0
                before, rng = board_marks(st, 0), st.rng.copy()
                for p in range(2):
                    for turn in (True, False):
                        st.rng[:] = rng
                        if turn:
                            marks = walk_marks(st, 0)
                            turn_marked(st, t, 0, geo, slot, k, marks)
                        laid, laid_rng = walked(st, t, geo, p), st.rng.copy()
                        if turn:
                            put_back(st, 0, marks)
                        st.rng[:] = rng
                        if turn:
                            turned = turned_geo(geo, st.trial_kind[0, j, 1], st.trial_doors[0, j, 1])
                            got = turned_goal(st, t, 0, turned, p, st.trial_sqmap[0, j])
                        else:
                            got = turned_goal(st, t, 0, geo, p, st.pos[0, :0])
                        assert (int(got[0]), int(got[1])) == laid, (slot, k, at, p, turn)
                        assert np.array_equal(st.rng, laid_rng)
                        drawn += not np.array_equal(rng, laid_rng)
                        assert all(np.array_equal(a, b) for a, b in zip(before, board_marks(st, 0), strict=True))
            # carrying a treasure: the goal is home, the steps from the search out of home
            st.carrying[0, 0], st.tr_carrier[0, 2] = 2, 0
            marks = walk_marks(st, 0)
            turn_marked(st, t, 0, geo, slot, k, marks)
            laid = walked(st, t, geo, 0)
            put_back(st, 0, marks)
            turned = turned_geo(geo, st.trial_kind[0, j, 1], st.trial_doors[0, j, 1])
            got = turned_goal(st, t, 0, turned, 0, st.trial_sqmap[0, j])
            assert (int(got[0]), int(got[1])) == laid and laid[1] >= 0
    assert drawn > 0  # some goal was drawn between equally near ones


def test_a_trial_turn_is_remembered_board_by_board():
    """rotation.turn_marked remembers the bots' trial turns for walks (State.trial_*): the same
    turn of the same board is laid down from memory exactly as worked out (border kinds, door
    colours, fillers, the slots' turns, wizards and treasures) and writes nothing; a changed board
    is worked out anew; simlab check's invariant (turn_violations) counts a stale memory."""
    from simlab.games.wizwar.rotation import board_marks, put_back, turn_marked, turn_violations, walk_marks
    for slot in range(2):
        for k in (1, 2, 3):
            pos = ready(blue=face(wall_east(0, 0), (3, 8, "D"), *CLOSED_NS), at=(0, 1), red_at=(2, 7))
            st, keys = pos.st, pos.st.trial_key[0]
            st.fill[0, pos.sq(4, 3)] = 1
            before = board_marks(st, 0)
            for round_no in range(2):  # worked out, then from memory
                marks = walk_marks(st, 0)
                turn_marked(st, pos.t, 0, pos.geo, slot, k, marks)
                now = board_marks(st, 0)
                if round_no == 0:
                    worked, written = now, keys[S.TRIALS]
                    assert written == 1 and keys[0] == slot * 4 + k
                else:
                    assert keys[S.TRIALS] == written  # nothing remembered anew
                    for a, b in zip(worked, now, strict=True):
                        assert np.array_equal(a, b), (slot, k)
                put_back(st, 0, marks)
                assert all(np.array_equal(a, b) for a, b in zip(before, board_marks(st, 0), strict=True))
            assert turn_violations(st, pos.t, 0, pos.geo) == 0
            assert all(np.array_equal(a, b) for a, b in zip(before, board_marks(st, 0), strict=True))
            e = side(pos, 1, 1, 1)
            st.edge_kind[0, e] = B.WALL  # another board: worked out and remembered anew
            marks = walk_marks(st, 0)
            turn_marked(st, pos.t, 0, pos.geo, slot, k, marks)
            put_back(st, 0, marks)
            assert keys[S.TRIALS] == 2 and keys[1] == slot * 4 + k
            st.trial_fill[0, 1, 1, pos.sq(0, 0)] ^= 1  # a stale memory of the board as it is now
            assert turn_violations(st, pos.t, 0, pos.geo) == 1
