"""Line of sight and adjacency on the assembled map (compiled).

Rules (rulebook page 10; checklist R76-R80, A-12, A-13):

* LOS is a straight line from the centre of the viewer's square to the centre of the target's
  square; any part of a wall on the line blocks it, the columns at the wall ends included (R76,
  R77). A closed door is part of the wall; a door open to the viewer (its own sector's doors,
  R46) lets sight through (R47: casting through an open door).
* Columns (A-13): a column stands on every grid corner touched by a wall, a door or an outer
  wall; a line through such a corner is blocked, a line through a bare corner is not.
* Objects and treasures do not block sight (R78); square fillers come with the objects, later.
* Links (R41, R80, A-12 default): across a wrap or a portal the two linked squares are adjacent,
  and a line may continue straight through one link, as if the far side were laid against the
  exit (turned for a portal). A line that leaves the map anywhere else is blocked. Variants
  (``links``): LINKS_ORTHOGONAL (only along the row or column through the exit), LINKS_NONE.
* A wall, door or border line aimed at (Create Wall, Destroy Wall, ...): the line runs to its
  midpoint instead (R76), and the target does not hide itself (:func:`sees_border`).

Geometry: doubled integer coordinates, so the centre of square (row r, column c) is
(x, y) = (2c + 1, 2r + 1), a border's midpoint has one even coordinate, and grid lines lie at
even x or y. A line from a centre to a centre or a midpoint never runs along a grid line; its
crossings with the grid lines are exact fractions (numerator, common denominator), so no
floating point is involved.
"""

from __future__ import annotations

import numpy as np

from simlab.games.jit import njit
from simlab.games.wizwar.movement import passes

__all__ = ["line_of_sight", "sees_border", "adjacent", "column_at", "LINKS_NONE", "LINKS_STRAIGHT",
           "LINKS_ORTHOGONAL", "sees_through", "sees_bent", "near"]

# How sight passes wrap and portal links: not at all; straight on through one link (default);
# only along the row or column through the exit (variant link_los=orthogonal)
LINKS_NONE, LINKS_STRAIGHT, LINKS_ORTHOGONAL = 0, 1, 2

_DX = np.array([0, 1, 0, -1], np.int64)  # x step of side N, E, S, W
_DY = np.array([-1, 0, 1, 0], np.int64)  # y step
_OPEN = 0
# columns of a row of Geometry.links (board.link_rows): the exit's square and side, the quarter
# turns and the shift that lay the far side against the exit, the seam (the exit's border line:
# its x for an east or west exit, its y for north or south) and the exit's row (E/W) or column (N/S)
LK_SQUARE, LK_SIDE, LK_TURN, LK_TX, LK_TY, LK_SEAM, LK_CELL = 0, 1, 2, 3, 4, 5, 6
_WALL, _DOOR = 1, 2  # board.WALL, board.DOOR: what Visionstone's sight may pass (sees_through)


@njit(cache=True)
def column_at(geo, i, j):
    """True if a column stands on grid corner (row line i, column line j) (A-13): some wall,
    door or outer wall touches it (``Geometry.column``). Off the map: True."""
    H, W = geo.sq_of.shape
    return not (0 <= i <= H and 0 <= j <= W) or geo.column[i, j] != 0


@njit(cache=True)
def _turn(x, y, q):
    """(x, y) turned clockwise by q quarter turns (y grows southwards)."""
    for _ in range(q % 4):
        x, y = -y, x
    return x, y


@njit(cache=True, inline="always")
def _through(lk, n, x0, y0, x1, y1, links):
    """Where the line from (x0, y0) to the point (x1, y1) of the far side of link ``n`` (a row of
    ``geo.links``) goes once that side is laid against the exit: the end point (X1, Y1) in the
    near side's coordinates, and the line's crossing with the seam (the exit's border line) at
    tsn / tsd of the way. tsd = 0: the line cannot pass this link (it misses the seam, or crosses
    it off the exit's own border or on a corner column, or it is slanted under
    LINKS_ORTHOGONAL), before any grid walk."""
    bx, by = _turn(x1, y1, np.int64(lk[n, LK_TURN]))
    X1 = bx + np.int64(lk[n, LK_TX])
    Y1 = by + np.int64(lk[n, LK_TY])
    d = lk[n, LK_SIDE]
    u0, u1, v0, v1 = (x0, X1, y0, Y1) if d == 1 or d == 3 else (y0, Y1, x0, X1)
    no = (X1, Y1, np.int64(0), np.int64(0))
    if u1 == u0:
        return no
    tsn = (np.int64(lk[n, LK_SEAM]) - u0) * (1 if u1 > u0 else -1)
    tsd = abs(u1 - u0)
    if tsn <= 0 or tsn >= tsd:
        return no  # the line does not pass this exit's border line
    if links == LINKS_ORTHOGONAL and X1 != x0 and Y1 != y0:
        return no  # variant: only along the row or column through the exit
    # where the line meets the seam, along it (2 * tsd a cell): on the exit's own border,
    # strictly between its corner columns (tested here once, not again in the grid walk)
    along = v0 * tsd + tsn * (v1 - v0)
    cell = np.int64(lk[n, LK_CELL])
    if along <= 2 * tsd * cell or along >= 2 * tsd * (cell + 1):
        return no
    return X1, Y1, tsn, tsd


@njit(cache=True, inline="always")
def _clear(geo, x0, y0, x1, y1, bit, n, tsn, tsd, allow):
    """True if the line from the centre (x0, y0) of the viewer's square to the point (x1, y1) (doubled
    coordinates: a square's centre or a border's midpoint) is clear: directly (``n`` < 0), or
    through link ``n`` of ``geo.links`` (the far side laid against that exit; (x1, y1) and the
    seam crossing tsn / tsd as :func:`_through` gives them). The end point itself is never an
    obstacle (a wall aimed at does not hide itself). ``allow``: how many stone walls or doors
    between two squares of the map (or columns) the line may pass (Visionstone: 1; else 0)."""
    through = allow > 0
    e = -1
    d = 0
    q = 0
    tx = np.int64(0)
    ty = np.int64(0)
    p = 0
    arr = 0
    if n >= 0:
        lk = geo.links
        e = np.int64(lk[n, LK_SQUARE])
        d = np.int64(lk[n, LK_SIDE])
        q = np.int64(lk[n, LK_TURN])
        tx = np.int64(lk[n, LK_TX])
        ty = np.int64(lk[n, LK_TY])
        p = geo.nbr[e, d]
        arr = geo.arrive[e, d]
    # each array is read from the named tuple where it is used, not bound to a name: a name would
    # count a reference to each array at every call (six pairs a line, measured in the compiled
    # code), a read inside one block is pruned
    H, W = geo.sq_of.shape
    dx = x1 - x0
    dy = y1 - y0
    for axis in range(2):
        # axis 0: crossings of vertical grid lines x = 2k; axis 1: horizontal lines y = 2k
        u0, u1, du, v0, dv = (x0, x1, dx, y0, dy) if axis == 0 else (y0, y1, dy, x0, dx)
        if du == 0:
            continue
        sgn = 1 if du > 0 else -1
        den = abs(du)
        # grid lines strictly between the ends (an end on a grid line is a border aimed at)
        lo = min(u0, u1) // 2 + 1
        hi = (max(u0, u1) + 1) // 2 - 1
        for k in range(lo, hi + 1):
            tn = (2 * k - u0) * sgn
            U = 2 * k * den
            V = v0 * den + (2 * k - u0) * dv * sgn
            X, Y = (U, V) if axis == 0 else (V, U)
            if e >= 0:
                side = tn * tsd - tsn * den
                if side == 0:
                    # on the seam: _through has placed the crossing on the exit's own border,
                    # away from its corner columns; both halves of that border must let sight by
                    f, g = geo.edge[e, d], geo.edge[p, arr]
                    if not (passes(geo.edge_kind[f], geo.edge_doors[f], bit)
                            and passes(geo.edge_kind[g], geo.edge_doors[g], bit)):
                        return False
                    continue
                if side > 0:
                    # beyond the seam: back to the far side's own map coordinates
                    X, Y = _turn(X - den * tx, Y - den * ty, 4 - q)
            # blocked at a corner by a column; on a border by a wall or closed door, or by leaving
            # the map (a border with a square on one side only: the seam was handled above)
            two = 2 * den
            i = Y // two
            j = X // two
            if X % two == 0 and Y % two == 0:
                if not (0 <= i <= H and 0 <= j <= W):
                    return False
                if geo.column[i, j] != 0:
                    if through and axis == 1:
                        continue  # a corner lies on both axes' grid lines: counted on axis 0
                    if allow > 0:
                        allow -= 1
                        continue
                    return False
                continue
            if X % two == 0:
                f = geo.vedge[i, j] if 0 <= i < H and 0 <= j <= W else -1
            else:
                f = geo.hedge[i, j] if 0 <= i <= H and 0 <= j < W else -1
            if f < 0 or geo.edge_inner[f] == 0:
                return False
            kf = geo.edge_kind[f]
            if not passes(kf, geo.edge_doors[f], bit):
                if allow > 0 and (kf == _WALL or kf == _DOOR):
                    allow -= 1
                    continue
                return False
    return True


@njit(cache=True)
def _sees_point(geo, a, pt, bit, links, allow=0):
    """True if a viewer on square ``a`` sees target point ``pt``: square pt's centre, or (pt >= the
    squares) the midpoint of border pt - squares. Directly, or through one of the links the deal
    lets a line pass at all (``geo.sight_links``, the rest cannot: :func:`_through`)."""
    nsq = geo.sq_r.shape[0]
    if pt < nsq:
        x1 = 2 * np.int64(geo.sq_c[pt]) + 1
        y1 = 2 * np.int64(geo.sq_r[pt]) + 1
    else:
        s = geo.edge_sq[pt - nsq]
        d = geo.edge_side[pt - nsq]
        x1 = 2 * np.int64(geo.sq_c[s]) + 1 + _DX[d]
        y1 = 2 * np.int64(geo.sq_r[s]) + 1 + _DY[d]
    x0 = 2 * np.int64(geo.sq_c[a]) + 1
    y0 = 2 * np.int64(geo.sq_r[a]) + 1
    if _clear(geo, x0, y0, x1, y1, bit, -1, np.int64(0), np.int64(1), allow):
        return True
    if links == LINKS_NONE:
        return False
    m = np.int64(geo.sight_links[a, pt])  # about one link a pair, of 6 to 8
    if m == 0:
        return False  # no link's border lies on a straight line from a to the point (2 pairs in 5)
    lk = geo.links  # the few linked sides, listed once per board
    for n in range(lk.shape[0]):
        if (m >> min(n, 7)) & 1 == 0:
            continue  # bit 7: row 7 and every row after it (board.link_sight)
        X1, Y1, tsn, tsd = _through(lk, n, x0, y0, x1, y1, links)
        if tsd > 0 and _clear(geo, x0, y0, X1, Y1, bit, n, tsn, tsd, allow):
            return True
    return False


@njit(cache=True)
def line_of_sight(geo, a, b, bit, links=LINKS_STRAIGHT):
    """True if a viewer on square ``a`` with colour mask ``bit`` sees square ``b``: a clear line
    from centre to centre on the map, or through one wrap or portal link as ``links`` allows
    (module docstring; R76, R77, R41, A-12)."""
    if a == b:
        return True
    return _sees_point(geo, a, b, bit, links)


@njit(cache=True)
def sees_through(geo, a, b, bit, links=LINKS_STRAIGHT):
    """:func:`line_of_sight` that may pass one stone wall or door between two squares of the map
    (Visionstone's card: a spell cast through one wall or door; checklist 3.4: one blocking
    border, or one column, is ignored). Outer walls, the map's edge and the sides of a filled
    square still block."""
    if a == b:
        return True
    return _sees_point(geo, a, b, bit, links, 1)


@njit(cache=True)
def near(geo, a, c, bit):
    """Fog's reach (A-32): square c lies in the 3 x 3 block of the map around square a, or is
    adjacent to it across a link (R41)."""
    if abs(np.int64(geo.sq_r[a]) - np.int64(geo.sq_r[c])) <= 1 and \
            abs(np.int64(geo.sq_c[a]) - np.int64(geo.sq_c[c])) <= 1:
        return True
    return adjacent(geo, a, c, bit)


@njit(cache=True)
def sees_bent(geo, a, c, bit, fog):
    """True if a line of sight from square a reaches square c with one bend: some square centre
    m (not a or c) that a sees and that sees c (Around the Corner; checklist 2.3: one bend, any
    angle up to 180 degrees). ``fog``: each leg only within Fog's reach (:func:`near`)."""
    for m in range(geo.sq_r.shape[0]):
        if m == a or m == c or (fog and not (near(geo, a, m, bit) and near(geo, m, c, bit))):
            continue
        if line_of_sight(geo, a, m, bit) and line_of_sight(geo, m, c, bit):
            return True
    return False


@njit(cache=True)
def sees_border(geo, a, e, bit, links=LINKS_STRAIGHT):
    """True if a viewer on square ``a`` sees border ``e`` (a wall, door or open border line aimed
    at by Create Wall, Destroy Wall, Pick Lock, ...): the line runs to the border's midpoint
    instead of a square's centre (R76, L10), and the border itself does not block it."""
    return _sees_point(geo, a, geo.sq_r.shape[0] + e, bit, links)


@njit(cache=True)
def adjacent(geo, a, b, bit):
    """Adjacent-range test (R69, R79, R80): the same square, or a square across one side (links
    included, never diagonally) whose border lets the viewer see through."""
    if a == b:
        return True
    for d in range(4):
        if geo.nbr[a, d] == b:
            e, f = geo.edge[a, d], geo.edge[b, geo.arrive[a, d]]
            if passes(geo.edge_kind[e], geo.edge_doors[e], bit) and passes(geo.edge_kind[f], geo.edge_doors[f], bit):
                return True
    return False


@njit(cache=True)
def in_storm(geo, centre, sq):
    """True if square ``sq`` is ``centre`` or one of its four orthogonal neighbours on the map,
    through any wall, never diagonally and never across a wrap-around or a portal (Psychic Storm's
    card text): map rows and columns, not the movement links."""
    if centre < 0 or sq < 0:
        return False
    dr = abs(np.int64(geo.sq_r[centre]) - np.int64(geo.sq_r[sq]))
    dc = abs(np.int64(geo.sq_c[centre]) - np.int64(geo.sq_c[sq]))
    return dr + dc <= 1
