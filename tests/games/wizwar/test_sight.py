"""Line of sight and adjacency (compiled code, run interpreted in tests).

C = ../shared/reference/wizwar/rules_checklist.md (R = rule, A = ambiguity); L<n> = rulebook page n.
Coordinates are map (row, column); the blue sector is slot A (columns 0-4), red slot B.
"""

from __future__ import annotations

import itertools

import numpy as np

from simlab.games.wizwar import board as B
from simlab.games.wizwar.sight import (
    LINKS_NONE,
    LINKS_ORTHOGONAL,
    LINKS_STRAIGHT,
    _through,
    adjacent,
    column_at,
    line_of_sight,
    sees_border,
)
from tests.games.wizwar.kit import CLOSED_NS, board, face

BLUE, RED = 1 << 0, 1 << 1
# blue walls between columns 2 and 3 in rows 0-3: a direct line from red into blue's west half
# through those rows is blocked, so only a line around the map through the wrap can see there
WALL_C23 = ((1, 12, "|"), (3, 12, "|"), (5, 12, "|"), (7, 12, "|"))


def test_open_room_sees_everything_inside():
    """R76 (L10): a line from centre to centre with nothing on it is clear; R78: treasures do not
    block sight."""
    bd = board()
    g, sq = bd.geo, bd.square
    for a, b in itertools.combinations([sq(r, c) for r in range(5) for c in range(5)], 2):
        assert line_of_sight(g, a, b, BLUE) and line_of_sight(g, b, a, BLUE)


def test_wall_on_the_line_blocks():
    """R77 (L10): any part of a wall on the line blocks it."""
    bd = board(blue=face((3, 8, "|"), *CLOSED_NS))  # a wall between (1,1) and (1,2)
    g, sq = bd.geo, bd.square
    assert not line_of_sight(g, sq(1, 0), sq(1, 3), BLUE)
    assert not line_of_sight(g, sq(0, 0), sq(2, 3), BLUE)   # crosses that wall segment at a slant
    assert line_of_sight(g, sq(0, 0), sq(0, 4), BLUE)       # the row above passes it
    assert line_of_sight(g, sq(2, 0), sq(2, 4), BLUE)


def test_column_blocks_a_line_through_a_corner():
    """R77 (L10: "the column included") and A-13: a line through a grid corner is blocked if a wall
    touches that corner (a column stands there), clear if the corner is bare."""
    bare = board()
    assert line_of_sight(bare.geo, bare.square(0, 0), bare.square(1, 1), BLUE)
    assert line_of_sight(bare.geo, bare.square(0, 0), bare.square(2, 2), BLUE)
    # a wall between (0,1) and (1,1): it ends on the corner between (0,0), (0,1), (1,0), (1,1)
    bd = board(blue=face((2, 5, "---"), *CLOSED_NS))
    g, sq = bd.geo, bd.square
    assert column_at(g, 1, 1) and not column_at(g, 2, 2)
    assert not line_of_sight(g, sq(0, 0), sq(1, 1), BLUE)
    assert not line_of_sight(g, sq(0, 0), sq(2, 2), BLUE)
    assert not line_of_sight(g, sq(1, 0), sq(0, 1), BLUE)  # the other diagonal meets the same column
    assert line_of_sight(g, sq(0, 0), sq(0, 2), BLUE)      # along the row above the wall
    assert line_of_sight(g, sq(0, 0), sq(1, 0), BLUE)


def test_doors_block_sight_unless_open_to_the_viewer():
    """R47 (L8): one may cast through an open door; doors are closed (R43) except one's own
    sector doors (R46), so a door blocks the sight of everyone but its owners."""
    bd = board(blue=face((3, 8, "D"), *CLOSED_NS))  # a door between (1,1) and (1,2)
    g, sq = bd.geo, bd.square
    assert line_of_sight(g, sq(1, 0), sq(1, 3), BLUE)
    assert not line_of_sight(g, sq(1, 0), sq(1, 3), RED)
    assert adjacent(g, sq(1, 1), sq(1, 2), BLUE) and not adjacent(g, sq(1, 1), sq(1, 2), RED)


def test_adjacency_is_orthogonal_and_needs_an_open_border():
    """R69, R79 (L10, FAQ errata): squares are never diagonally adjacent; adjacent squares share a
    border with no wall; the viewer's own square counts as in range."""
    bd = board(blue=face((3, 8, "|")))
    g, sq = bd.geo, bd.square
    assert adjacent(g, sq(1, 1), sq(1, 1), BLUE)
    assert adjacent(g, sq(1, 1), sq(2, 1), BLUE)
    assert not adjacent(g, sq(1, 1), sq(2, 2), BLUE)  # diagonal, although in sight
    assert line_of_sight(g, sq(1, 1), sq(2, 2), BLUE)
    assert not adjacent(g, sq(1, 1), sq(1, 2), BLUE)  # walled
    assert not adjacent(g, sq(1, 1), sq(1, 3), BLUE)


def test_linked_squares_are_adjacent_and_see_each_other():
    """R41, R80 (L10): for casting and sight the two squares linked across the wrap or a portal
    count as adjacent."""
    bd = board("p3_portals")
    g, sq = bd.geo, bd.square
    pairs = [(sq(2, 4), sq(5, 7)), (sq(2, 0), sq(9, 7)), (sq(0, 2), sq(9, 2)), (sq(7, 0), sq(7, 9))]
    for a, b in pairs:
        assert adjacent(g, a, b, BLUE) and adjacent(g, b, a, BLUE)
        assert line_of_sight(g, a, b, BLUE) and line_of_sight(g, b, a, BLUE)


def test_sight_wraps_straight_through_the_edge():
    """A-12 default: a line continues straight through a wrap (the far side laid against the
    exit). Here the direct line is walled off but the wrapped one is clear, also at a slant."""
    bd = board(blue=face(*WALL_C23))
    g, sq = bd.geo, bd.square
    viewer = sq(2, 9)
    assert line_of_sight(g, viewer, sq(2, 1), RED)   # through red's east exit into blue's west exit
    assert line_of_sight(g, sq(1, 8), sq(3, 1), RED)  # slanted, crossing the seam at row 2


def test_link_sight_variants():
    """A-12 variants: `link_los=orthogonal` lets sight through a link only along the row or column
    through the exit; with links off only the direct line counts."""
    bd = board(blue=face(*WALL_C23))
    g, sq = bd.geo, bd.square
    assert line_of_sight(g, sq(2, 9), sq(2, 1), RED, LINKS_ORTHOGONAL)
    assert not line_of_sight(g, sq(1, 8), sq(3, 1), RED, LINKS_ORTHOGONAL)
    assert not line_of_sight(g, sq(2, 9), sq(2, 1), RED, LINKS_NONE)
    assert not line_of_sight(g, sq(1, 8), sq(3, 1), RED, LINKS_NONE)  # the direct lines are walled
    assert adjacent(g, sq(2, 9), sq(2, 0), RED)  # adjacency across the link is not a sight variant (R41)


def test_sight_to_a_wall_runs_to_its_middle():
    """R76 (L10): to aim at a wall or door the line goes to the wall itself, not to a square;
    the wall aimed at does not hide itself, any other wall on the way does (R77), and a door
    on the way hides it from everyone the door is closed to (R47)."""
    bd = board(blue=face((3, 8, "|"), (3, 12, "D"), *CLOSED_NS))  # a wall east of (1,1), a door east of (1,2)
    g, sq = bd.geo, bd.square
    wall, door = g.edge[sq(1, 1), B.E], g.edge[sq(1, 2), B.E]
    assert sees_border(g, sq(1, 0), wall, RED) and sees_border(g, sq(1, 2), wall, RED)
    assert sees_border(g, sq(1, 4), door, RED) and sees_border(g, sq(1, 2), door, RED)
    assert not sees_border(g, sq(1, 0), door, RED)  # the wall is in the way
    assert sees_border(g, sq(3, 0), wall, RED)       # at a slant, clear
    assert not sees_border(g, sq(1, 4), wall, RED)   # behind blue's door
    assert sees_border(g, sq(1, 4), wall, BLUE)
    assert sees_border(g, sq(4, 0), g.edge[sq(0, 0), B.N], RED)  # an outer wall, along column 0


def test_sight_turns_with_a_portal():
    """A-12 default with R40: through a portal the line goes on as if the far portal's square lay
    against the exit, turned to match (A.E's portal comes out of C.N heading south)."""
    bd = board("p3_portals")
    g, sq = bd.geo, bd.square
    assert line_of_sight(g, sq(2, 3), sq(6, 7), BLUE)      # east through the purple portal, then south
    assert line_of_sight(g, sq(2, 1), sq(9, 7), BLUE)      # along the whole line
    assert not line_of_sight(g, sq(2, 3), sq(6, 9), BLUE)  # off that line: it would cross an outer wall
    assert not line_of_sight(g, sq(0, 0), sq(9, 9), BLUE)  # no straight line across the missing quadrant


def test_a_closed_door_on_an_exit_blocks_sight_through_the_link():
    """R43/R47 with R41: a door on an exit is crossed by the linked line; closed to non-owners."""
    # blue's west exit, on the edge of the map, is a door; a wall in blue's row 2 stops the direct line
    bd = board(blue=face((5, 0, "D"), (5, 12, "|")))
    g, sq = bd.geo, bd.square
    assert line_of_sight(g, sq(2, 9), sq(2, 0), BLUE)
    assert not line_of_sight(g, sq(2, 9), sq(2, 0), RED)
    assert not adjacent(g, sq(2, 9), sq(2, 0), RED)


def test_sight_is_symmetric_on_shipped_boards():
    """R76: a centre-to-centre line is the same line both ways, so sight is symmetric (same
    viewer rights); checked on seeded boards of every shipped set."""
    for name in B.board_sets():
        bd = B.build_board(3, 11, name)
        g = bd.geo
        bit = 1 << bd.colours[0]
        squares = range(0, bd.n_squares, 4)
        for a, b in itertools.combinations(squares, 2):
            assert line_of_sight(g, a, b, bit) == line_of_sight(g, b, a, bit)


def _sampled_sight(bd: B.Board, a: int, b: int, bit: int) -> bool:
    """An independent, slow reference for the direct line (no links), R76/R77/A-13: walk the
    segment in tiny steps (integer numerators, exact) and look at each change of square. A change across
    one border needs that border open to the viewer and between two squares; a diagonal change
    means the line went through a corner, which needs no column there. Step 1/1000 of a square is
    far finer than the least distance (1/40) a centre-to-centre line on a 10 x 10 map can pass a
    corner by without touching it."""
    g = bd.geo
    H, W = bd.shape
    r0, c0, r1, c1 = int(g.sq_r[a]), int(g.sq_c[a]), int(g.sq_r[b]), int(g.sq_c[b])
    steps = 1000 * (abs(r1 - r0) + abs(c1 - c0))
    prev = (r0, c0)
    two = 2 * steps  # a point is (X / steps, Y / steps) in doubled coordinates
    for k in range(1, steps + 1):
        Y = (2 * r0 + 1) * steps + k * 2 * (r1 - r0)
        X = (2 * c0 + 1) * steps + k * 2 * (c1 - c0)
        if X % two == 0 or Y % two == 0:
            continue  # exactly on a grid line: judge by the squares on either side
        cell = (Y // two, X // two)
        if cell == prev:
            continue
        (pr, pc), (nr, nc) = prev, cell
        if not (0 <= nr < H and 0 <= nc < W) or g.sq_of[nr, nc] < 0:
            return False
        if pr != nr and pc != nc:  # through the corner shared by both squares
            if g.column[max(pr, nr), max(pc, nc)]:
                return False
        else:
            e = g.vedge[pr, max(pc, nc)] if pr == nr else g.hedge[max(pr, nr), pc]
            if g.edge_inner[e] == 0 or not (g.edge_kind[e] == B.OPEN
                                            or g.edge_kind[e] == B.DOOR and g.edge_doors[e] & bit):
                return False
        prev = cell
    return True


def test_direct_sight_matches_a_sampled_reference():
    """R76, R77, A-13: the exact integer walk agrees with a slow sampled walk on every tested pair
    of squares of seeded boards (direct lines only; links are tested above)."""
    cases = ((2, 1, "extracted"), (3, 2, "corridor"), (4, 3, "extracted"), (4, 4, "gated"), (3, 5, "open"))
    for players, seed, name in cases:
        bd = B.build_board(players, seed, name)
        bit = 1 << bd.colours[0]
        for a, b in itertools.combinations(range(0, bd.n_squares, 3), 2):
            assert line_of_sight(bd.geo, a, b, bit, LINKS_NONE) == _sampled_sight(bd, a, b, bit), (name, a, b)


def _crossed_links(g: B.Geometry, a: int, pt: int) -> int:
    """The links a line from square a's centre to target point pt may pass, as ``_through`` (the
    code that runs at every failed direct line) says, one link at a time."""
    nsq = len(g.sq_r)
    if pt < nsq:
        x1, y1 = 2 * int(g.sq_c[pt]) + 1, 2 * int(g.sq_r[pt]) + 1
    else:
        s, d = int(g.edge_sq[pt - nsq]), int(g.edge_side[pt - nsq])
        x1, y1 = 2 * int(g.sq_c[s]) + 1 + B.DC[d], 2 * int(g.sq_r[s]) + 1 + B.DR[d]
    x0, y0 = 2 * int(g.sq_c[a]) + 1, 2 * int(g.sq_r[a]) + 1
    bits = 0
    for n in range(len(g.links)):
        if _through(g.links, n, x0, y0, x1, y1, LINKS_STRAIGHT)[3] > 0:
            bits |= 1 << min(n, 7)  # bit 7: row 7 and every row after it
    return bits


def test_links_a_line_may_pass_are_worked_out_once_a_deal():
    """A-12: ``Geometry.sight_links`` (board.link_sight, numpy, every pair at once) names exactly the
    links ``_through`` lets a straight line pass, for every viewer's square and every square centre
    and border midpoint, on boards of every player count and shipped set; a failed direct line
    tries only those (sight._sees_point): about one a pair, of 6 to 8."""
    cases = ((2, 1, "extracted"), (3, 2, "corridor"), (4, 3, "extracted"), (4, 4, "gated"), (2, 5, "maze"),
             (3, 6, "open"))
    for players, seed, name in cases:
        g = B.build_board(players, seed, name).geo
        nsq, ne = len(g.sq_r), len(g.edge_sq)
        assert g.sight_links.shape == (nsq, nsq + ne) and len(g.links) > 0
        for a in range(0, nsq, 3):
            for pt in range(nsq + ne):
                assert int(g.sight_links[a, pt]) == _crossed_links(g, a, pt), (name, a, pt)
        tried = np.unpackbits(g.sight_links).sum() / g.sight_links.size
        assert 0.5 < tried < 2 < len(g.links)


def test_sight_through_links_is_the_same_with_every_link_tried():
    """The table only skips links that cannot be passed: on seeded boards with random walls and doors,
    line_of_sight and sees_border give the same answers with the table as with every bit set."""
    rng = np.random.default_rng(3)
    for players, name in ((2, "extracted"), (4, "gated"), (3, "maze")):
        bd = B.build_board(players, 7, name)
        g = bd.geo
        kinds = g.edge_kind.copy()
        inner = np.flatnonzero(g.edge_inner == 1)
        kinds[rng.choice(inner, len(inner) // 4, replace=False)] = B.WALL
        cols = B.columns(g.hedge, g.vedge, kinds)
        plain = g._replace(edge_kind=kinds, column=cols)
        every = plain._replace(sight_links=np.full_like(g.sight_links, 255))
        bit = 1 << bd.colours[0]
        for a in range(0, bd.n_squares, 2):
            for c in range(bd.n_squares):
                for links in (LINKS_STRAIGHT, LINKS_ORTHOGONAL):
                    assert line_of_sight(plain, a, c, bit, links) == line_of_sight(every, a, c, bit, links)
            for e in range(0, len(g.edge_sq), 3):
                assert sees_border(plain, a, e, bit) == sees_border(every, a, e, bit)
