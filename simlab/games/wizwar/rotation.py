"""Rotate Sector on a game's own board (compiled; helper "sight", checklist 2.2 G5, R131-R134).

A sector (one 5 x 5 slot of the map) turns 90 degrees either way or 180 degrees. Everything that
lies in it turns with it: the borders between two of its squares (their kinds, created walls and
door colours), Stone Blocks, wizards, treasures on the floor and dropped items. The borders on its
frame (the joins with other sectors and the map's edge) are merged again from the two drawn
halves as at assembly (R131, ``board.assemble``): a created wall there is lost (R133) and a
destroyed drawn wall comes back (R134). Portals and wrap-arounds belong to the slots, so they
stay (R132). Columns are rebuilt on every corner of the slot (A-13).

The geometry is the board's: square (r, c) of a sector goes to (c, 4 - r) per clockwise quarter
turn and its side d to d + 1 (``board.Sector.rotated``). The drawn halves of the dealt board
(``Tables.g_sides``) and the turns each slot has made since (``State.turned``) give the drawn
half of any side now.
"""

from __future__ import annotations

import numpy as np

from simlab.games.jit import njit
from simlab.games.kernel import memory_slot, same_bytes
from simlab.games.wizwar.board import DC as _DC
from simlab.games.wizwar.board import DOOR as _DOOR
from simlab.games.wizwar.board import DR as _DR
from simlab.games.wizwar.board import OPEN as _OPEN
from simlab.games.wizwar.board import OUTER as _OUTER
from simlab.games.wizwar.board import SIZE, Geometry
from simlab.games.wizwar.board import WALL as _WALL
from simlab.games.wizwar.movement import SIGHT_ONLY
from simlab.games.wizwar.state import FILLED, MAXP, Z_FLOOR, Z_MAINT0, column_due, fill_bits


@njit(cache=True)
def turn_cell(r, c, d, k):
    """Local square (r, c) of a sector and its side d after ``k`` clockwise quarter turns."""
    for _ in range(k % 4):
        r, c = c, SIZE - 1 - r
        d = (d + 1) % 4
    return r, c, d


@njit(cache=True)
def drawn_half(s, t, b, r, c, d):
    """The drawn half (OPEN, WALL, DOOR) on side d of map cell (r, c) now: the dealt drawing
    turned by the turns its slot has made since the deal."""
    r0 = (r // SIZE) * SIZE
    c0 = (c // SIZE) * SIZE
    k = s.turned[b, slot_of_rc(t, r, c)]
    lr, lc, ld = turn_cell(r - r0, c - c0, d, 4 - k)  # back to where it was dealt
    return t.g_sides[s.deal[b], r0 + lr, c0 + lc, ld]


@njit(cache=True)
def slot_of_rc(t, r, c):
    """The slot index of map cell (r, c): sector row x sectors per row + sector column."""
    return (r // SIZE) * (t.g_sq_of.shape[2] // SIZE) + c // SIZE


@njit(cache=True)
def slot_colour(s, t, b, r, c):
    """Colour of the sector lying on map cell (r, c): the colour of the wizard whose base is in
    that slot (every slot holds one player's sector)."""
    k = s.deal[b]
    want = slot_of_rc(t, r, c)
    for p in range(s.players[b]):
        q = t.g_base[k, p]
        if slot_of_rc(t, t.g_sq_r[k, q], t.g_sq_c[k, q]) == want:
            return s.colour[b, p]
    return 0


@njit(cache=True)
def _inside(r, c, r0, c0):
    return r0 <= r < r0 + SIZE and c0 <= c < c0 + SIZE


@njit(cache=True)
def board_marks(s, b):
    """Copies of everything :func:`rotate_sector` changes in game b, for :func:`put_back`: a bot
    tries a turn on the game's own board and undoes it (turning back is no undo: the frame is
    merged again from the drawings, R133/R134). Kept beside rotate_sector so the two lists agree."""
    return (s.edge_kind[b].copy(), s.edge_doors[b].copy(), s.wall_by[b].copy(), s.column[b].copy(),
            s.fill[b].copy(), s.pos[b].copy(), s.tr_sq[b].copy(), s.c_sq[b].copy(), s.turned[b].copy(),
            s.m_border[b].copy(), s.crack[b].copy(), s.fire_by[b].copy(), s.fill_crack[b].copy(),
            s.trap_by[b].copy(), s.trap_real[b].copy(), s.unlocked[b], s.eye[b])


@njit(cache=True)
def walk_marks(s, b):
    """:func:`board_marks` of only what a search and the bots' goal_square read (border kinds
    and door colours, the fillers whose sides they mark, wizards, treasures, the slots' turns);
    the other places hold empty arrays. A trial turn given these (:func:`turn_marked`) turns
    only those: a bot's trial for walks, about half the work.

    The copies are the game's scratch rows ``State.mark_*`` (one trial at a time: a bot puts
    each back before the next), the empty places empty views: no allocation, against 9 a trial
    (a third of a balanced game's allocations; docs/speed.md)."""
    s.mark_kind[b] = s.edge_kind[b]
    s.mark_doors[b] = s.edge_doors[b]
    s.mark_fill[b] = s.fill[b]
    s.mark_pos[b] = s.pos[b]
    s.mark_tr[b] = s.tr_sq[b]
    s.mark_turned[b] = s.turned[b]
    return (s.mark_kind[b], s.mark_doors[b], s.wall_by[b, :0], s.column[b, :0],
            s.mark_fill[b], s.mark_pos[b], s.mark_tr[b], s.c_sq[b, :0], s.mark_turned[b],
            s.m_border[b, :0], s.crack[b, :0], s.fire_by[b, :0], s.fill_crack[b, :0], s.trap_by[b, :0],
            s.trap_real[b, :0], s.unlocked[b], s.eye[b])


@njit(cache=True)
def put_back(s, b, m):
    """Restore game b from :func:`board_marks` or :func:`walk_marks`."""
    s.edge_kind[b] = m[0]
    s.edge_doors[b] = m[1]
    s.fill[b] = m[4]
    s.pos[b] = m[5]
    s.tr_sq[b] = m[6]
    s.turned[b] = m[8]
    if m[3].shape[0] == 0:
        return  # walk_marks: nothing else was turned
    s.wall_by[b] = m[2]
    s.column[b] = m[3]
    s.c_sq[b] = m[7]
    s.m_border[b] = m[9]
    s.crack[b] = m[10]
    s.fire_by[b] = m[11]
    s.fill_crack[b] = m[12]
    s.trap_by[b] = m[13]
    s.trap_real[b] = m[14]
    s.unlocked[b] = m[15]
    s.eye[b] = m[16]


@njit(cache=True)
def rotate_sector(s, t, b, geo, slot, k):
    """Turn the sector in ``slot`` by ``k`` clockwise quarter turns (1, 2 or 3) on game b's board
    (module docstring). The map's squares keep their numbers; what lies on them moves."""
    turn_marked(s, t, b, geo, slot, k, board_marks(s, b))


@njit(cache=True)
def turn_marked(s, t, b, geo, slot, k, marks):
    """:func:`rotate_sector` given ``marks``, the :func:`board_marks` of game b as it is now: a
    bot's trial turn, which keeps the marks to put the board back, reads the board before the
    turn from them instead of copying its arrays a second time. Given :func:`walk_marks`, only
    what they hold is turned (a trial for walks: what a search and goal_square read).

    A trial for walks is remembered (``State.trial_*``): the same turn of the same board (border
    kinds, door colours, fillers and the slots' turns, compared whole) is then laid down from
    memory, and the wizards and treasures moved square by square as the turn moved them. A
    balanced bot holding Rotate Sector tries every turn at every decision: 95% of its trials at
    two players and 92% at four repeat one of the game's last 12 (state.TRIALS; docs/speed.md)."""
    if marks[3].shape[0] == 0:
        j = _remembered_turn(s, b, slot, k, marks)
        if j >= 0:
            _lay_turn(s, b, slot, k, j)
            return
        sqmap = _turn(s, t, b, geo, slot, k, marks)
        _remember_turn(s, b, slot, k, marks, sqmap)
        return
    _turn(s, t, b, geo, slot, k, marks)


@njit(cache=True)
def _remembered_turn(s, b, slot, k, marks):
    """The memory slot holding this turn of the board in ``marks`` (:func:`walk_marks`), -1."""
    return _find_turn(s, b, slot, k, marks[0], marks[1], marks[4], marks[8])


@njit(cache=True)
def remembered_turn(s, b, slot, k):
    """The memory slot holding this turn of game b's board as it is now (:func:`turn_marked`),
    -1: where a bot's trial can read the board after the turn without making it."""
    return _find_turn(s, b, slot, k, s.edge_kind[b], s.edge_doors[b], s.fill[b], s.turned[b])


@njit(cache=True)
def _find_turn(s, b, slot, k, kind, doors, fill, turned):
    keys = s.trial_key[b]
    for j in range(keys.shape[0] - 1):
        if (keys[j] == slot * 4 + k and same_bytes(s.trial_kind[b, j, 0], kind)
                and same_bytes(s.trial_doors[b, j, 0], doors) and same_bytes(s.trial_fill[b, j, 0], fill)
                and same_bytes(s.trial_turned[b, j], turned)):
            return j
    return -1


@njit(cache=True)
def turned_geo(geo, kind, doors):
    """``geo`` with the border kinds and door colours ``kind`` and ``doors`` (a remembered
    turn's board after it, ``State.trial_kind[b, j, 1]``): what a search reads of the board.
    Its other fields (columns, fillers' marks elsewhere) are the board's as it is."""
    return Geometry(geo.sq_of, geo.sq_r, geo.sq_c, geo.nbr, geo.arrive, geo.edge, geo.link, geo.hedge, geo.vedge,
                    kind, doors, geo.edge_inner, geo.edge_sq, geo.edge_side, geo.column, geo.links, geo.sight_links,
                    geo.window, geo.window_edges, geo.open_dist, geo.walk_key, geo.walk_kind, geo.walk_doors,
                    geo.walk_dist, geo.graph_key, geo.graph_kind, geo.graph_doors, geo.graph_adj)


@njit(cache=True)
def _lay_turn(s, b, slot, k, j):
    """Lay down remembered turn j: the board after it, and the wizards and treasures moved."""
    s.edge_kind[b] = s.trial_kind[b, j, 1]
    s.edge_doors[b] = s.trial_doors[b, j, 1]
    s.fill[b] = s.trial_fill[b, j, 1]
    s.turned[b, slot] = (s.turned[b, slot] + k) % 4
    _move_pieces(s, b, s.trial_sqmap[b, j])


@njit(cache=True)
def _remember_turn(s, b, slot, k, marks, sqmap):
    """Remember the turn just made from the board in ``marks``, in place of the oldest."""
    j = memory_slot(s.trial_key[b], slot * 4 + k)
    s.trial_kind[b, j, 0] = marks[0]
    s.trial_doors[b, j, 0] = marks[1]
    s.trial_fill[b, j, 0] = marks[4]
    s.trial_turned[b, j] = marks[8]
    s.trial_kind[b, j, 1] = s.edge_kind[b]
    s.trial_doors[b, j, 1] = s.edge_doors[b]
    s.trial_fill[b, j, 1] = s.fill[b]
    s.trial_sqmap[b, j] = sqmap


@njit(cache=True)
def turn_violations(s, t, b, geo):
    """How many remembered turns of the board as it is now (:func:`turn_marked`) differ from the
    turn made anew: 0 unless the memory went stale (an invariant ``simlab check`` counts). Each is
    made and put back; the board is left as it was."""
    bad = 0
    keys = s.trial_key[b]
    for j in range(keys.shape[0] - 1):
        if keys[j] < 0:
            continue
        marks = walk_marks(s, b)
        if _remembered_turn(s, b, keys[j] // 4, keys[j] % 4, marks) != j:
            continue
        sqmap = _turn(s, t, b, geo, keys[j] // 4, keys[j] % 4, marks)
        if not (same_bytes(s.edge_kind[b], s.trial_kind[b, j, 1])
                and same_bytes(s.edge_doors[b], s.trial_doors[b, j, 1])
                and same_bytes(s.fill[b], s.trial_fill[b, j, 1]) and same_bytes(sqmap, s.trial_sqmap[b, j])):
            bad += 1
        put_back(s, b, marks)
    return bad


@njit(cache=True)
def _move_pieces(s, b, sqmap):
    """Wizards and treasures on the floor to where a turn moved their squares."""
    for p in range(s.players[b]):
        q = s.pos[b, p]
        if q >= 0:
            s.pos[b, p] = sqmap[q]
    for j in range(s.tr_sq.shape[1]):
        q = s.tr_sq[b, j]
        if q >= 0:
            s.tr_sq[b, j] = sqmap[q]


@njit(cache=True)
def _turn(s, t, b, geo, slot, k, marks):
    """:func:`turn_marked` worked out; returns where the turn moved each square."""
    full = marks[3].shape[0] > 0
    H, W = geo.sq_of.shape
    sw = W // SIZE
    r0 = (slot // sw) * SIZE
    c0 = (slot % sw) * SIZE
    nsq = geo.sq_r.shape[0]
    kind0, doors0, by0, fill0 = marks[0], marks[1], marks[2], marks[4]
    crack0 = marks[10]  # the objects cards' marks turn with their walls and squares
    fire0, fcrack0, trap0, real0 = marks[11], marks[12], marks[13], marks[14]
    sqmap = np.arange(nsq, dtype=np.int16)  # squares are int16 everywhere (State.pos, trial_sqmap)
    # border -> its border after the turn (-1 on the frame), -2 elsewhere: for sealed doors only
    emap = np.full(kind0.shape[0] if full else 0, -2)
    for lr in range(SIZE):
        for lc in range(SIZE):
            a = geo.sq_of[r0 + lr, c0 + lc]
            nr, nc, _ = turn_cell(lr, lc, 0, k)
            a2 = geo.sq_of[r0 + nr, c0 + nc]
            sqmap[a] = a2
            s.fill[b, a2] = fill0[a]
            if full:
                s.fill_crack[b, a2] = fcrack0[a]
                s.trap_by[b, a2] = trap0[a]
                s.trap_real[b, a2] = real0[a]
            for d in range(4):
                if not _inside(r0 + lr + _DR[d], c0 + lc + _DC[d], r0, c0):
                    if full:
                        emap[geo.edge[a, d]] = -1
                    continue  # a frame border: merged again below
                e = geo.edge[a, d]
                _, _, d2 = turn_cell(lr, lc, d, k)
                e2 = geo.edge[a2, d2]
                s.edge_kind[b, e2] = kind0[e] & ~(FILLED | SIGHT_ONLY)  # a Seal Door's bit turns with its door
                s.edge_doors[b, e2] = doors0[e]
                if full:
                    emap[e] = e2
                    s.wall_by[b, e2] = by0[e]
                    s.crack[b, e2] = crack0[e]
                    s.fire_by[b, e2] = fire0[e]
    s.turned[b, slot] = (s.turned[b, slot] + k) % 4
    own = slot_colour(s, t, b, r0, c0)
    for lr in range(SIZE):
        for lc in range(SIZE):
            r = r0 + lr
            c = c0 + lc
            a = geo.sq_of[r, c]
            for d in range(4):
                rn = r + _DR[d]
                cn = c + _DC[d]
                e = geo.edge[a, d]
                if not _inside(rn, cn, r0, c0):
                    # R131 as board.assemble: a wall if either half is one, else a door (open to
                    # the colour of each sector drawing it, A-11), else open; one half: outer wall
                    h1 = drawn_half(s, t, b, r, c, d)
                    two = 0 <= rn < H and 0 <= cn < W and geo.sq_of[rn, cn] >= 0
                    h2 = drawn_half(s, t, b, rn, cn, (d + 2) % 4) if two else _OPEN
                    kind = _OPEN
                    mask = 0
                    if h1 == _WALL or h2 == _WALL:
                        kind = _WALL if two else _OUTER
                    elif h1 == _DOOR or h2 == _DOOR:
                        kind = _DOOR
                        if h1 == _DOOR:
                            mask |= 1 << own
                        if h2 == _DOOR:
                            mask |= 1 << slot_colour(s, t, b, rn, cn)
                    s.edge_kind[b, e] = kind
                    s.edge_doors[b, e] = mask
                    if full:
                        s.wall_by[b, e] = -1  # R133: a created wall on a moved join is lost
                        s.fire_by[b, e] = -1  # ... a Wall of Fire too (our reading of R133)
                        s.crack[b, e] = 0  # R134: a damaged join wall is repaired
                # a filler's sides (state.fill_bits: a Stone Block's FILLED, a bush's SIGHT_ONLY), on
                # this square or the one across a join
                s.edge_kind[b, e] |= fill_bits(s.fill[b, a])
                if geo.link[a, d] == 0 and geo.nbr[a, d] >= 0:
                    s.edge_kind[b, e] |= fill_bits(s.fill[b, geo.nbr[a, d]])
    _move_pieces(s, b, sqmap)
    if not full:
        return sqmap
    for n in range(s.cont_n[b, Z_FLOOR]):
        i = s.cont[b, Z_FLOOR, n]
        s.c_sq[b, i] = sqmap[s.c_sq[b, i]]
    for z in range(Z_MAINT0, Z_MAINT0 + MAXP):  # Seal Door: the sealed door turned, or lost on the frame
        for n in range(s.cont_n[b, z]):
            i = s.cont[b, z, n]
            f = s.m_border[b, i]
            if f >= 0 and emap[f] != -2:
                s.m_border[b, i] = emap[f]
    if s.eye[b] >= 0:
        s.eye[b] = sqmap[s.eye[b]]
    u = s.unlocked[b]
    if u >= 0 and _inside(geo.sq_r[geo.edge_sq[u]], geo.sq_c[geo.edge_sq[u]], r0, c0):
        s.unlocked[b] = -1  # our ruling: a door that turns away locks again
    hedge, vedge = geo.hedge, geo.vedge
    for i in range(r0, r0 + SIZE + 1):
        for j in range(c0, c0 + SIZE + 1):
            s.column[b, i, j] = column_due(s.edge_kind[b], hedge, vedge, i, j)
    return sqmap
