"""Movement on the assembled map (compiled): steps, shortest-path distances and paths.

All functions take the board's :class:`~simlab.games.wizwar.board.Geometry` and the mover's
colour bit (``1 << colour``): a door is open to whoever's bit is in its mask (doors of one's own
sector, R46; later also Pick Lock / Master Key / Create Door). Rules: one step = 1 movement point
to an orthogonal neighbour, never diagonally, never through a wall or a closed door (R33, L7);
stepping off an open side of the map, or through a portal, is one step like any other (R39,
R40, L7). Objects that block movement (Stone Block, ...) come with the objects, later.
"""

from __future__ import annotations

import numpy as np

from simlab.games.jit import njit
from simlab.games.kernel import lowest_bit, memory_slot, same_bytes

__all__ = ["ALL_DOORS", "SIGHT_ONLY", "passes", "walks", "border_open", "step", "step_unlocked", "distances",
           "walk_length",
           "distances_around", "walk_key", "walk_violations", "step_graph",
           "path", "straight", "bolt_path", "away_side", "push_dest", "teleport_squares"]

ALL_DOORS = 0x0F  # a colour mask that opens every printed door (validation: reachability)

# border kinds (board.OPEN, board.DOOR); repeated here as plain ints for the compiled code
_OPEN = 0
_DOOR = 2
SIGHT_ONLY = 0x20  # a bit on the sides of a square a Rosebush or Thornbush fills: sight stops, steps pass


@njit(cache=True)
def passes(k, mask, bit):
    """True if a border of kind ``k`` (door owner mask ``mask``) lets the holder of colour mask
    ``bit`` through: open, or a door whose owners include one of its colours (R43, R46). Walls and
    outer walls never (R33, R42). Scalars only: passing arrays to a compiled helper costs a
    reference count per array per call, which made the breadth-first search 6x slower."""
    return k == _OPEN or (k == _DOOR and (mask & bit) != 0)


@njit(cache=True)
def walks(k, mask, bit):
    """:func:`passes` for a step: the bit SIGHT_ONLY (on the sides of a square a bush fills)
    blocks sight (:mod:`sight` uses :func:`passes`) but not movement."""
    return passes(k & ~SIGHT_ONLY, mask, bit)


@njit(cache=True)
def border_open(geo, e, bit):
    """:func:`walks` for border ``e`` of the board ``geo``."""
    return walks(geo.edge_kind[e], geo.edge_doors[e], bit)


@njit(cache=True)
def step(geo, sq, d, bit):
    """The square one step from ``sq`` across side ``d``, or -1 if that step is not allowed.
    A linked step (wrap or portal) crosses two border records, the exit on each side; both
    must be open to the mover (an exit may carry a door)."""
    t = geo.nbr[sq, d]
    if t < 0 or not border_open(geo, geo.edge[sq, d], bit) or not border_open(geo, geo.edge[t, geo.arrive[sq, d]], bit):
        return -1
    return t


@njit(cache=True)
def step_unlocked(geo, sq, d, bit, unlocked):
    """The square one step from ``sq`` across side ``d`` for a mover with colour mask ``bit``,
    or -1 (R33, R39, R40, R43, R46): as :func:`step`, and the door border ``unlocked``
    (Pick Lock, Master Key) lets it through as a door open to it (R44). Only the lock is
    picked: a square beyond that a Stone Block filled after the unlock (its FILLED bit on the
    door's border) or a door sealed since still stops the step (found by ``simlab check``: a
    wizard walked into a Stone Block this way in 1 of 1,000,000 random two-player games)."""
    t = geo.nbr[sq, d]
    if t < 0:
        return -1
    e = geo.edge[sq, d]
    f = geo.edge[t, geo.arrive[sq, d]]
    ok_e = walks(geo.edge_kind[e], geo.edge_doors[e] | (bit if e == unlocked else 0), bit)
    ok_f = walks(geo.edge_kind[f], geo.edge_doors[f] | (bit if f == unlocked else 0), bit)
    if ok_e and ok_f:
        return t
    return -1


@njit(cache=True)
def distances(geo, src, bit):
    """Steps from ``src`` to every square for a mover with colour mask ``bit`` (breadth-first
    search, one movement point per step, R33/R39/R40); -1 = unreachable. Every allowed step can
    be walked back the same way, so this is also the distance *to* ``src`` from each square.

    A game's Geometry remembers its last searches (``walk_*``, rows of the State): a search asked
    again on the same board is answered from there, a copy of the same answer. The answer depends
    only on ``src``, ``bit``, the deal (fixed for the game: ``rules.setup`` forgets every search)
    and the border kinds and door colours, so those are compared whole, byte for byte: a wall
    made, a door sealed or a sector turned (a bot's trial turn too) is simply another board.
    Of a balanced game's searches, 72% at two players and 20% at four are answered so
    (state.WALKS; docs/speed.md)."""
    if geo.walk_key.shape[0] == 0:
        return _search(geo, src, bit, _NO_AVOID)
    return geo.walk_dist[_remembered(geo, src, bit)].copy()


@njit(cache=True)
def walk_length(geo, src, dst, bit):
    """``distances(geo, src, bit)[dst]`` without the copy of the whole answer: the steps between
    two squares (-1: no walk), for callers that read one square of a search."""
    if geo.walk_key.shape[0] == 0:
        return _search(geo, src, bit, _NO_AVOID)[dst]
    return geo.walk_dist[_remembered(geo, src, bit), dst]


@njit(cache=True)
def _remembered(geo, src, bit):
    """The slot of the game's memory (``geo.walk_*``) that holds the search from ``src`` with
    mask ``bit`` on the board as it is now: found, or searched into the oldest slot."""
    # the board's arrays are read where used, never bound to a name: a name counts a reference
    # to its array at every call (the same in sight._clear and step_graph)
    key = walk_key(src, bit)
    for j in range(geo.walk_key.shape[0] - 1):
        if geo.walk_key[j] == key and same_bytes(geo.walk_kind[j], geo.edge_kind) \
                and same_bytes(geo.walk_doors[j], geo.edge_doors):
            return j
    j = memory_slot(geo.walk_key, key)
    geo.walk_kind[j] = geo.edge_kind
    geo.walk_doors[j] = geo.edge_doors
    if geo.graph_key.shape[0] > 0 and geo.nbr.shape[0] <= 128:
        _graph_search(step_graph(geo, bit), src, geo.walk_dist[j])
    else:
        _search_into(geo, src, bit, _NO_AVOID, geo.walk_dist[j])
    return j


@njit(cache=True)
def step_graph(geo, bit):
    """The step graph of the board as it is now for a mover with colour mask ``bit``: for each
    square, the squares one allowed step away (:func:`step`) as a bit set over the squares, two
    words (up to 128 squares: a map of four sectors has 100). A game's Geometry remembers its
    last graphs (``graph_*``) by mask and board as :func:`distances` remembers searches: a
    search missed on a board already seen walks the graph, a few word operations a square,
    instead of testing every border again (4x faster at 2 players, measured; docs/speed.md)."""
    for j in range(geo.graph_key.shape[0] - 1):
        if geo.graph_key[j] == bit and same_bytes(geo.graph_kind[j], geo.edge_kind) \
                and same_bytes(geo.graph_doors[j], geo.edge_doors):
            return geo.graph_adj[j]
    j = memory_slot(geo.graph_key, bit)
    geo.graph_kind[j] = geo.edge_kind
    geo.graph_doors[j] = geo.edge_doors
    _build_graph(geo, bit, geo.graph_adj[j])
    return geo.graph_adj[j]


@njit(cache=True)
def _build_graph(geo, bit, adj):
    """:func:`step_graph` worked out into ``adj`` (squares x 2 words)."""
    nbr, arrive, edge, kind, doors = geo.nbr, geo.arrive, geo.edge, geo.edge_kind, geo.edge_doors
    ne = kind.shape[0]
    ok = np.empty(ne + 1, np.uint64)  # each border once (1: it lets the mover by); [ne]: no square
    for e in range(ne):
        ok[e] = np.uint64(walks(kind[e], doors[e], bit))
    ok[ne] = 0
    for s in range(nbr.shape[0]):
        a0 = np.uint64(0)
        a1 = np.uint64(0)
        for d in range(4):
            t = np.int64(nbr[s, d])
            here = max(t, 0)
            # as _search_into: a step crosses both exits' borders (the same one on a plain step)
            go = ok[edge[s, d] if t >= 0 else ne] & ok[edge[here, arrive[s, d]] if t >= 0 else ne]
            bitt = go << np.uint64(t & 63)
            if t >= 64:
                a1 |= bitt
            else:
                a0 |= bitt
        adj[s, 0] = a0
        adj[s, 1] = a1


@njit(cache=True)
def _graph_search(adj, src, dist):
    """Breadth-first search over the step graph ``adj`` from ``src`` into ``dist`` (-1 =
    unreachable), a level at a time: the squares one step beyond the frontier are the union of
    its squares' neighbour sets less those reached before."""
    one = np.uint64(1)
    zero = np.uint64(0)
    dist[:] = -1
    dist[src] = 0
    v0 = one << np.uint64(src) if src < 64 else zero
    v1 = one << np.uint64(src - 64) if src >= 64 else zero
    f0, f1 = v0, v1
    level = 0
    while (f0 | f1) != zero:
        level += 1
        n0, n1 = zero, zero
        while f0 != zero:
            s = lowest_bit(f0)
            n0 |= adj[s, 0]
            n1 |= adj[s, 1]
            f0 &= f0 - one
        while f1 != zero:
            s = lowest_bit(f1) + 64
            n0 |= adj[s, 0]
            n1 |= adj[s, 1]
            f1 &= f1 - one
        n0 &= ~v0
        n1 &= ~v1
        v0 |= n0
        v1 |= n1
        f0, f1 = n0, n1
        while n0 != zero:
            dist[lowest_bit(n0)] = level
            n0 &= n0 - one
        while n1 != zero:
            dist[lowest_bit(n1) + 64] = level
            n1 &= n1 - one


@njit(cache=True, inline="always")
def walk_key(src, bit):
    """The key :func:`distances` remembers a search by: its square and colour mask (never -1, the
    empty slot's key: squares are -1 or more and masks 0 or more)."""
    return (np.int64(src) + 1) | (np.int64(bit) << 20)


@njit(cache=True)
def walk_violations(geo):
    """How many searches remembered for the board as it is now (:func:`distances`) differ from a
    new search: 0 unless the memory went stale (an invariant ``simlab check`` counts)."""
    keys = geo.walk_key
    bad = 0
    for j in range(keys.shape[0] - 1):
        if keys[j] < 0 or not (same_bytes(geo.walk_kind[j], geo.edge_kind)
                               and same_bytes(geo.walk_doors[j], geo.edge_doors)):
            continue
        fresh = _search(geo, (keys[j] & ((1 << 20) - 1)) - 1, keys[j] >> 20, _NO_AVOID)
        if not same_bytes(fresh, geo.walk_dist[j]):
            bad += 1
    graphs = geo.graph_key
    for j in range(graphs.shape[0] - 1):  # ... and step graphs (step_graph)
        if graphs[j] < 0 or not (same_bytes(geo.graph_kind[j], geo.edge_kind)
                                 and same_bytes(geo.graph_doors[j], geo.edge_doors)):
            continue
        fresh = np.empty_like(geo.graph_adj[j])
        _build_graph(geo, graphs[j], fresh)
        if not (fresh == geo.graph_adj[j]).all():
            bad += 1
    return bad


@njit(cache=True)
def distances_around(geo, src, bit, avoid):
    """:func:`distances` by walks that never enter a square with ``avoid[square] != 0`` (the
    squares themselves get no distance): a bot's way around a square that would kill it."""
    return _search(geo, src, bit, avoid)


_NO_AVOID = np.zeros(0, np.int8)


@njit(cache=True)
def _search(geo, src, bit, avoid):
    """The breadth-first search behind :func:`distances` (``avoid`` empty: every square)."""
    dist = np.empty(geo.nbr.shape[0], np.int16)
    _search_into(geo, src, bit, avoid, dist)
    return dist


@njit(cache=True)
def _search_into(geo, src, bit, avoid, dist):
    """:func:`_search` written to ``dist`` (one place per square)."""
    # the arrays are read out of the named tuple once: each read costs a reference count
    nbr, arrive, edge, kind, doors = geo.nbr, geo.arrive, geo.edge, geo.edge_kind, geo.edge_doors
    n = nbr.shape[0]
    check = avoid.shape[0] > 0
    dist[:] = -1
    queue = np.empty(n, np.int16)
    dist[src] = 0
    queue[0] = src
    head, tail = 0, 1
    while head < tail:
        s = queue[head]
        head += 1
        for d in range(4):
            t = nbr[s, d]
            if t < 0 or dist[t] >= 0 or (check and avoid[t] != 0):
                continue
            e, f = edge[s, d], edge[t, arrive[s, d]]  # a linked step crosses both exits' borders
            # (a plain step crosses one border, recorded once: e == f, asked once)
            if walks(kind[e], doors[e], bit) and (f == e or walks(kind[f], doors[f], bit)):
                dist[t] = dist[s] + 1
                queue[tail] = t
                tail += 1


@njit(cache=True)
def path(geo, src, dst, bit):
    """A shortest walk from ``src`` to ``dst`` as the squares entered (``src`` excluded, ``dst``
    last); empty if ``src == dst`` or unreachable. At a fork the first side in N, E, S, W order
    is taken (bots that want another choice read :func:`distances` themselves)."""
    field = distances(geo, dst, bit)
    if field[src] <= 0:
        return np.empty(0, np.int16)
    out = np.empty(field[src], np.int16)
    s = src
    for i in range(out.shape[0]):
        for d in range(4):
            t = step(geo, s, d, bit)
            if t >= 0 and field[t] == field[s] - 1:
                s = t
                break
        out[i] = s
    return out


# --- geo cards: straight lines, rays and pushes (Windrider, Lightning Bolt, Waterbolt) ---

@njit(cache=True)
def straight(geo, sq, d, bit, doors_block):
    """One square straight on from ``sq`` across side ``d``: (square, heading after the step),
    or (-1, d) if the border stops it. A wrap or portal link continues the line: the heading
    after it points away from the side one arrives through (a portal turns it), as a line of
    sight continues through one link (A-12). ``doors_block``: every door stops the line
    (Windrider, a bolt: R43 doors are closed); otherwise doors open to ``bit`` let it through
    (a wizard pushed under normal movement rules, R33, R46)."""
    t = geo.nbr[sq, d]
    if t < 0:
        return -1, d
    e = geo.edge[sq, d]
    f = geo.edge[t, geo.arrive[sq, d]]
    if doors_block:
        ok = geo.edge_kind[e] == _OPEN and geo.edge_kind[f] == _OPEN
    else:
        ok = walks(geo.edge_kind[e], geo.edge_doors[e], bit) and walks(geo.edge_kind[f], geo.edge_doors[f], bit)
    if not ok:
        return -1, d
    return t, (geo.arrive[sq, d] + 2) % 4


@njit(cache=True)
def bolt_path(geo, src, d, n):
    """The ``n`` squares a bolt shot from ``src`` across side ``d`` enters, in order (Lightning
    Bolt): straight on through open borders and links; at a wall, a door or an outer wall it
    turns back and re-enters the square it is in, which counts as one of its squares."""
    out = np.empty(n, np.int16)
    sq = src
    for i in range(n):
        nxt, nd = straight(geo, sq, d, 0, True)
        if nxt < 0:
            d = (d + 2) % 4
        else:
            sq = nxt
            d = nd
        out[i] = sq
    return out


@njit(cache=True)
def away_side(geo, a, b):
    """The side a push from square ``a`` drives a wizard on square ``b`` towards: straight away
    from ``a`` along the axis of the larger map distance, rows (north-south) on a tie
    (checklist 2.3, forced movement); -1 if ``a == b``. Map coordinates: a target seen across a
    link is pushed by where it stands on the map."""
    dr = np.int64(geo.sq_r[b]) - geo.sq_r[a]
    dc = np.int64(geo.sq_c[b]) - geo.sq_c[a]
    if dr == 0 and dc == 0:
        return -1
    if abs(dr) >= abs(dc):
        return 2 if dr > 0 else 0
    return 1 if dc > 0 else 3


@njit(cache=True)
def push_dest(geo, sq, d, n, bit):
    """Where a wizard (colour mask ``bit``) on ``sq`` ends when pushed ``n`` squares across side
    ``d`` and on straight: it stops before the first border its own movement may not cross
    (R33: walls, closed doors; wizards never block, R34); links continue the line."""
    for _ in range(n):
        nxt, nd = straight(geo, sq, d, bit, False)
        if nxt < 0:
            break
        sq = nxt
        d = nd
    return sq


@njit(cache=True)
def teleport_squares(geo, src, reach=4):
    """Squares within ``reach`` orthogonal steps of ``src`` on the map grid, walls and doors
    ignored, no wrap or portal (checklist 2.2 G4, A-26): every square at Manhattan distance 1 to
    ``reach`` (Teleport 4; Astral Projection 3)."""
    H, W = geo.sq_of.shape
    r0 = np.int64(geo.sq_r[src])
    c0 = np.int64(geo.sq_c[src])
    out = np.empty(2 * reach * (reach + 1) + 1, np.int16)
    n = 0
    for dr in range(-reach, reach + 1):
        for dc in range(-reach, reach + 1):
            m = abs(dr) + abs(dc)
            r = r0 + dr
            c = c0 + dc
            if 1 <= m <= reach and 0 <= r < H and 0 <= c < W and geo.sq_of[r, c] >= 0:
                out[n] = geo.sq_of[r, c]
                n += 1
    return out[:n]
