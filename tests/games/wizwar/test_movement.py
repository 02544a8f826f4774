"""Movement: steps, distances and shortest paths (compiled code, run interpreted in tests).

C = ../shared/reference/wizwar/rules_checklist.md (R = rule, A = ambiguity); L<n> = rulebook page n.
"""

from __future__ import annotations

import numpy as np

from simlab.games.wizwar import board as B
from simlab.games.wizwar.movement import (
    ALL_DOORS,
    distances,
    path,
    step,
    step_graph,
    walk_key,
    walk_length,
    walk_violations,
)
from tests.games.wizwar.kit import board, face

BLUE, RED = 1 << 0, 1 << 1


def test_orthogonal_steps_only_and_walls_block():
    """R33 (L7): one movement point moves one square orthogonally, never diagonally, never
    through a wall."""
    # a wall east of (1,1)
    bd = board(blue=face((3, 8, "|")))
    g, sq = bd.geo, bd.square
    assert step(g, sq(1, 1), B.E, BLUE) == -1
    assert step(g, sq(1, 1), B.S, BLUE) == sq(2, 1)
    dist = distances(g, sq(1, 1), BLUE)
    assert dist[sq(2, 2)] == 2  # diagonal neighbour: two steps
    assert dist[sq(1, 2)] == 3  # around the wall
    assert step(g, sq(0, 0), B.N, BLUE) == -1  # outer wall


def test_doors_open_only_to_their_sector_owner():
    """R43, R46 (L8): doors are closed, except that a wizard's own sector doors are open to it;
    passing one costs no extra movement point (R45)."""
    # (0,0) closed in by walls, with a door on its east side
    bd = board(blue=face((1, 4, "D"), (2, 1, "---")))
    g, sq = bd.geo, bd.square
    assert step(g, sq(0, 1), B.W, BLUE) == sq(0, 0)
    assert step(g, sq(0, 1), B.W, RED) == -1
    assert distances(g, sq(0, 0), BLUE)[sq(0, 2)] == 2
    assert distances(g, sq(0, 0), RED)[sq(0, 2)] == -1
    assert distances(g, sq(0, 0), ALL_DOORS)[sq(4, 9)] >= 0


def test_walking_off_the_map_wraps_for_one_point():
    """R39, example E2 (L7): a wizard walking off the map through an open side comes back in at
    the far side; that costs one movement point, as any step does."""
    bd = board()
    g, sq = bd.geo, bd.square
    assert step(g, sq(2, 9), B.E, RED) == sq(2, 0)
    assert distances(g, sq(2, 9), RED)[sq(2, 0)] == 1
    assert distances(g, sq(0, 2), BLUE)[sq(4, 2)] == 1  # north exit to south exit of the same sector
    assert list(path(g, sq(2, 8), sq(2, 1), RED)) == [sq(2, 9), sq(2, 0), sq(2, 1)]


def test_portal_step_comes_out_of_the_other_portal():
    """R40, example E2 (L7): walking into a portal exits from the portal of the same colour, for
    1 MP; A-1 default p3_portals: the purple pair links A.E and C.N."""
    bd = board("p3_portals")
    g, sq = bd.geo, bd.square
    assert step(g, sq(2, 4), B.E, BLUE) == sq(5, 7)
    assert step(g, sq(5, 7), B.N, BLUE) == sq(2, 4)
    assert distances(g, sq(2, 3), BLUE)[sq(6, 7)] == 3
    assert list(path(g, sq(2, 3), sq(6, 7), BLUE)) == [sq(2, 4), sq(5, 7), sq(6, 7)]


def test_a_door_on_an_exit_guards_the_link():
    """R43/R46 with R39: a door drawn on an exit is crossed when wrapping; closed to others."""
    bd = board(blue=face((5, 20, "D")))  # blue's east exit is a door; it faces red across the join
    g, sq = bd.geo, bd.square
    assert step(g, sq(2, 4), B.E, RED) == -1 and step(g, sq(2, 4), B.E, BLUE) == sq(2, 5)
    bd = board(blue=face((5, 0, "D")))  # blue's west exit is a door on the edge of the map
    g, sq = bd.geo, bd.square
    assert step(g, sq(2, 9), B.E, RED) == -1 and step(g, sq(2, 9), B.E, BLUE) == sq(2, 0)


def test_path_is_shortest_and_empty_when_blocked():
    bd = board(blue=face((1, 4, "D"), (2, 1, "---")))
    g, sq = bd.geo, bd.square
    p = path(g, sq(4, 4), sq(0, 1), BLUE)
    assert len(p) == distances(g, sq(4, 4), BLUE)[sq(0, 1)] and p[-1] == sq(0, 1)
    assert np.all(np.abs(np.diff(np.r_[sq(4, 4), p].astype(int))) > 0)
    assert len(path(g, sq(2, 2), sq(0, 0), RED)) == 0
    assert len(path(g, sq(2, 2), sq(2, 2), RED)) == 0


def test_gated_treasures_need_the_owner_or_a_key():
    """docs/wizwar.md, the gated set: every treasure start square lies behind a door of its own
    sector, so an enemy cannot walk to it without opening the door (R43, R46)."""
    bd = B.build_board(4, 3, "gated")
    for colour in bd.colours:
        base = bd.base(colour)
        for t in bd.treasure_starts(colour):
            assert distances(bd.geo, base, 1 << colour)[t] > 0
            for other in bd.colours:
                if other != colour:
                    assert distances(bd.geo, bd.base(other), 1 << other)[t] == -1


def test_walks_are_symmetric_on_every_board():
    """Every allowed step can be walked back (a wrap or portal leads both ways, a door is one
    border for both sides), so the walk from a to b is as long as from b to a, for every colour
    mask, with doors and walls scattered at random. The bots rely on it: bots.opened_walk and
    walls_score join a walk from the goal to one side of a border with the walk from their own
    square to the other."""
    rng = np.random.default_rng(5)
    for name in B.board_sets():
        for arr_name, arr in B.arrangements().items():
            bd = B.build_board(arr.players, 3, name, arr_name)
            g = bd.geo
            n = g.nbr.shape[0]
            kinds, doors = g.edge_kind.copy(), g.edge_doors.copy()
            for e in range(kinds.shape[0]):
                if kinds[e] != B.OUTER and rng.random() < 0.3:
                    kinds[e] = rng.choice([B.OPEN, B.WALL, B.DOOR])
                    doors[e] = rng.integers(0, 16)
            for geo in (g, g._replace(edge_kind=kinds, edge_doors=doors)):
                for bit in (BLUE, RED, 1 << 2, 1 << 3, ALL_DOORS):
                    d = np.array([distances(geo, a, bit) for a in range(n)])
                    assert (d == d.T).all(), (name, arr_name, bit)


def _remembering(geo, slots, graphs=2):
    """``geo`` with a memory of ``slots`` searches and ``graphs`` step graphs, as a game's
    Geometry has (State.walk_*, graph_*)."""
    ne, n = geo.edge_kind.shape[0], geo.nbr.shape[0]

    def keys(k):
        key = np.full(k + 1, -1, np.int64)
        key[k] = 0
        return key

    return geo._replace(edge_kind=geo.edge_kind.copy(), edge_doors=geo.edge_doors.copy(), walk_key=keys(slots),
                        walk_kind=np.zeros((slots, ne), np.int8), walk_doors=np.zeros((slots, ne), np.int8),
                        walk_dist=np.zeros((slots, n), np.int16), graph_key=keys(graphs),
                        graph_kind=np.zeros((graphs, ne), np.int8), graph_doors=np.zeros((graphs, ne), np.int8),
                        graph_adj=np.zeros((graphs, n, 2), np.uint64))


def test_a_search_walks_the_remembered_step_graph():
    """movement.step_graph: each square's neighbours one allowed step away (movement.step), as
    a bit set; a search missed by a game's memory walks it level by level and finds what the
    border-by-border search finds, on every board set at 2, 3 and 4 players with random walls,
    doors and door colours, for every square and colour mask. A graph is remembered per mask
    and board (a changed border is another board), the oldest forgotten first; simlab check's
    invariant (walk_violations) counts a stale graph."""
    rng = np.random.default_rng(3)
    for players in (2, 3, 4):
        for name in B.board_sets():
            bd = B.build_board(players, int(rng.integers(0, 99)), name)
            for _ in range(2):
                geo = _remembering(bd.geo, 1, graphs=2)
                for e in range(geo.edge_kind.shape[0]):
                    if geo.edge_kind[e] != B.OUTER and rng.random() < 0.25:
                        geo.edge_kind[e] = rng.choice([B.OPEN, B.WALL, B.DOOR])
                        geo.edge_doors[e] = rng.integers(0, 16)
                plain = bd.geo._replace(edge_kind=geo.edge_kind, edge_doors=geo.edge_doors)
                n = geo.nbr.shape[0]
                for bit in (BLUE, RED, 1 << 3, ALL_DOORS):
                    adj = step_graph(geo, bit)
                    for sq in range(n):
                        near = {int(t) for d in range(4) if (t := step(plain, sq, d, bit)) >= 0}
                        got = {t for t in range(n) if (int(adj[sq, t >> 6]) >> (t & 63)) & 1}
                        assert got == near, (players, name, sq, bit)
                    for src in range(n):
                        assert (distances(geo, src, bit) == distances(plain, src, bit)).all(), (players, name, bit)
                    assert walk_violations(geo) == 0
    # remembered per mask and board, the oldest forgotten first
    geo = _remembering(B.build_board(2, 1).geo, 4, graphs=2)
    key = geo.graph_key
    step_graph(geo, BLUE)
    step_graph(geo, RED)
    assert list(key) == [BLUE, RED, 0]
    step_graph(geo, BLUE)
    assert key[2] == 0  # found: nothing written
    e = int(np.flatnonzero(geo.edge_kind == B.OPEN)[0])
    geo.edge_kind[e] = B.WALL  # another board: a new graph in the oldest slot
    step_graph(geo, BLUE)
    assert list(key) == [BLUE, RED, 1] and geo.graph_kind[0, e] == B.WALL
    geo.graph_adj[0, 0, 0] ^= np.uint64(1 << 40)  # a stale graph of the board as it is now
    assert walk_violations(geo) == 1


def test_a_game_remembers_its_searches_board_by_board():
    """movement.distances answers a search asked again on the same board from the game's memory
    (the same answer, as a copy the caller may write to); a border kind or door colour changed is
    another board, searched anew, and the old board's answers come back with it; the oldest
    search is forgotten first. Random walls, doors and door colours on every board set, against
    a Geometry that remembers nothing."""
    rng = np.random.default_rng(11)
    for name in B.board_sets():
        bd = B.build_board(2, 3, name, "p2_wrap")
        geo = _remembering(bd.geo, 4)
        key, n = geo.walk_key, geo.nbr.shape[0]
        boards = []
        for _ in range(3):
            kinds, doors = bd.geo.edge_kind.copy(), bd.geo.edge_doors.copy()
            for e in range(kinds.shape[0]):
                if kinds[e] != B.OUTER and rng.random() < 0.3:
                    kinds[e] = rng.choice([B.OPEN, B.WALL, B.DOOR])
                    doors[e] = rng.integers(0, 16)
            boards.append((kinds, doors))
        for step_no in range(200):
            kinds, doors = boards[rng.integers(0, 3)]
            geo.edge_kind[:], geo.edge_doors[:] = kinds, doors
            src, bit = int(rng.integers(0, n)), int(rng.choice([BLUE, RED, 1 << 2, ALL_DOORS]))
            fresh = distances(bd.geo._replace(edge_kind=kinds, edge_doors=doors), src, bit)
            kept = [j for j in range(4) if key[j] == walk_key(src, bit) and (geo.walk_kind[j] == kinds).all()
                    and (geo.walk_doors[j] == doors).all()]
            written = key[4]
            got = distances(geo, src, bit)
            assert (got == fresh).all(), (name, step_no)
            if kept:  # answered from memory: nothing written, and the answer is a copy
                assert key[4] == written
                got[:] = 99
                assert (geo.walk_dist[kept[0]] == fresh).all()
            else:  # searched and remembered in the oldest slot
                assert key[written] == walk_key(src, bit) and key[4] == (written + 1) % 4
                assert (geo.walk_dist[written] == fresh).all()
            assert walk_violations(geo) == 0
        # a stale answer is counted by simlab check's invariant
        j = int(np.flatnonzero(key[:4] >= 0)[0])
        geo.edge_kind[:], geo.edge_doors[:] = geo.walk_kind[j], geo.walk_doors[j]
        geo.walk_dist[j, 0] += 1
        assert walk_violations(geo) == 1
    # a Board's own Geometry remembers nothing
    assert bd.geo.walk_key.shape[0] == 0
    assert (distances(bd.geo, 0, BLUE) == distances(bd.geo, 0, BLUE)).all()


def test_a_walk_length_is_one_square_of_the_remembered_search():
    """movement.walk_length(geo, src, dst, bit) is distances(geo, src, bit)[dst], read from the
    game's memory without copying the answer: found there, or searched into the oldest slot
    as distances would (the same slot written next); on a Board's own Geometry, a plain search."""
    rng = np.random.default_rng(5)
    bd = B.build_board(2, 3, B.board_sets()[0], "p2_wrap")
    n = bd.geo.nbr.shape[0]
    for src in range(0, n, 7):
        for dst in range(n):
            assert walk_length(bd.geo, src, dst, BLUE) == distances(bd.geo, src, BLUE)[dst]
    geo, twin = _remembering(bd.geo, 4), _remembering(bd.geo, 4)
    for _ in range(300):
        src, dst, bit = int(rng.integers(0, n)), int(rng.integers(0, n)), int(rng.choice([BLUE, RED]))
        if rng.random() < 0.2:  # another board now and then: a door opened or shut
            e = int(rng.integers(0, geo.edge_kind.shape[0]))
            if geo.edge_kind[e] != B.OUTER:
                for g in (geo, twin):
                    g.edge_kind[e] = B.DOOR if g.edge_kind[e] != B.DOOR else B.OPEN
                    g.edge_doors[e] = BLUE
        assert walk_length(geo, src, dst, bit) == distances(twin, src, bit)[dst]
        assert (geo.walk_key == twin.walk_key).all() and (geo.walk_dist == twin.walk_dist).all()
    assert walk_violations(geo) == 0
