"""Board files, sector rotation and board assembly.

C = ../shared/reference/wizwar/rules_checklist.md (R = rule, A = ambiguity register);
boards.md = ../shared/reference/wizwar/boards.md; L<n> = rulebook page n.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from simlab.games.wizwar import board as B
from simlab.games.wizwar.movement import ALL_DOORS, distances

FRAME = """\
+---+---+   +---+---+
| T                 |
+   +   +   +   +   +
|                   |
+   +   +   +   +   +
          H
+   +   +   +   +   +
|                   |
+   +   +   +   +   +
|                 T |
+---+---+   +---+---+"""


def _set_text(blue: str = FRAME, others: str = FRAME, head: str = "set test\nconfidence design\n") -> str:
    body = head
    for colour in B.COLOURS:
        body += f"\nsector {colour}\n{blue if colour == 'blue' else others}\n"
    return body


def _edit(text: str, line: int, col: int, new: str) -> str:
    """Replace characters of a drawing at 1-based (line, col)."""
    lines = text.split("\n")
    s = lines[line - 1].ljust(21)
    lines[line - 1] = s[:col - 1] + new + s[col - 1 + len(new):]
    return "\n".join(lines)


def _error(text: str) -> str:
    with pytest.raises(B.BoardError) as info:
        B.parse_board_set(text, "x.txt")
    return str(info.value)


# ------------------------------------------------------------------------------------------
# Parser: the shipped files


@pytest.mark.parametrize("name", B.board_sets())
def test_shipped_sets_parse_and_redraw_identically(name):
    """docs/wizwar.md "Board files": every shipped set parses, and drawing a parsed sector gives
    the file's lines back (the format is lossless). Sector anatomy (R13, boards.md): one base,
    two treasure start squares, exits in the middle of each edge."""
    bs = B.board_set(name)
    text = (B._FILES / f"{name}.txt").read_text("utf-8").split("\n")
    for colour, sec in bs.sectors.items():
        start = text.index(f"sector {colour}") + 1
        assert sec.drawing() == [ln.rstrip().ljust(21) for ln in text[start:start + 11]]
        assert len(sec.square(B.BASE)) == 1 and len(sec.square(B.TREASURE)) == 2
        for d, (r, c) in enumerate(((0, 2), (2, 4), (4, 2), (2, 0))):
            assert sec.sides[r, c, d] != B.WALL or name == "never"  # every shipped exit is open or a door


def test_extracted_set_is_the_default_and_marked_low_confidence():
    """boards.md: the extracted faces are LOW confidence placeholders; C 3.3 / section 7: they are
    the default set, the others are sensitivity variants."""
    assert B.board_sets()[0] == "extracted"
    assert B.board_set("extracted").confidence == "low"
    assert set(B.board_sets()) >= {"extracted", "open", "corridor", "gated"}


def test_extracted_blue_reads_as_boards_md():
    """boards.md (blue, front): base at the centre, treasures at (1,1) and (3,3), a door at the
    east and south exits and between (3,3) and (3,4)."""
    blue = B.board_set("extracted").sectors["blue"]
    assert blue.square(B.BASE) == [(2, 2)]
    assert blue.square(B.TREASURE) == [(1, 1), (3, 3)]
    assert blue.sides[2, 4, B.E] == B.DOOR and blue.sides[4, 2, B.S] == B.DOOR
    assert blue.sides[3, 3, B.E] == B.DOOR == blue.sides[3, 4, B.W]
    assert blue.sides[2, 0, B.W] == B.OPEN and blue.sides[2, 1, B.E] == B.WALL


def test_trailing_spaces_may_be_stripped():
    """docs/wizwar.md: an editor that strips trailing spaces does not break a drawing."""
    text = "\n".join(line.rstrip() for line in _set_text().split("\n"))
    assert B.parse_board_set(text).sectors["red"].sides[2, 4, B.E] == B.OPEN


# ------------------------------------------------------------------------------------------
# Parser: malformed drawings, each error names file, line and column

# the blue drawing starts at line 5 of _set_text(): "set", "confidence", "", "sector blue"
BLUE = 5


@pytest.mark.parametrize("line, col, new, expect", [
    (0, 5, "x", "x.txt:5:5: got 'x', expected '+' (a corner)"),
    (2, 6, "-x-", "x.txt:7:6: got '-x-', expected '---' (wall), '   ' (open) or 'DDD' (door)"),
    (1, 5, "/", "x.txt:6:5: got '/', expected '|' (wall), ' ' (open) or 'D' (door)"),
    (3, 6, " Q ", "x.txt:8:6: got ' Q ', expected '   ' (corridor), ' H ' (home base) or ' T ' (treasure start)"),
    (1, 21, " |", "x.txt:6:22: line is 22 characters long, expected at most 21"),
    (0, 2, "   ", "x.txt:5:2: the sector's frame must be a wall except at the exit"),
    (3, 1, " ", "x.txt:8:1: the sector's frame must be a wall except at the exit"),
    (10, 14, "DDD", "x.txt:15:14: the sector's frame must be a wall except at the exit"),
])
def test_malformed_drawing_names_file_line_column(line, col, new, expect):
    """docs/wizwar.md "Board files": a malformed character is reported with file, line and column
    (1-based) and what was expected; the frame is closed except at the mid-edge exits (R13)."""
    assert _error(_set_text(blue=_edit(FRAME, line + 1, col, new))).startswith(expect)


def test_base_and_treasure_counts():
    """R13/R23: a sector has one home base and two treasure start squares."""
    no_base = _edit(FRAME, 6, 10, "   ")
    assert "has 0 home base 'H', expected 1" in _error(_set_text(blue=no_base))
    two_bases = _edit(FRAME, 4, 10, " H ")
    assert "has 2 home base 'H', expected 1" in _error(_set_text(blue=two_bases))
    three_t = _edit(FRAME, 4, 10, " T ")
    assert _error(_set_text(blue=three_t)) == "x.txt:4: sector 'blue' has 3 treasure start squares 'T', expected 2"


def test_unreachable_square_is_named():
    """C 3.3 validation: every square is reachable from the base with all doors open; the message
    names the square's line and column."""
    walled = FRAME.split("\n")
    walled[1] = "| T |               |"
    walled[2] = "+---+   +   +   +   +"
    msg = _error(_set_text(blue="\n".join(walled)))
    assert msg.startswith("x.txt:6:3: square (row 0, column 0) of sector 'blue' cannot be reached")
    # a door does not cut a square off: doors are open for this check
    walled[1] = "| T D               |"
    walled[2] = "+DDD+   +   +   +   +"
    assert B.parse_board_set(_set_text(blue="\n".join(walled))).sectors["blue"].sides[0, 0, B.E] == B.DOOR


def test_file_level_errors():
    """docs/wizwar.md: unknown keys and colours, a colour drawn twice or missing, a short
    drawing and a missing 'set' line are refused with the line."""
    assert _error(_set_text(head="set t\ncolour red\n")).startswith("x.txt:2: unknown key 'colour', expected one of")
    bad_colour = _set_text().replace("sector green", "sector pink")
    assert "sector colour 'pink' unknown, expected one of blue, red, yellow, green" in _error(bad_colour)
    twice = _set_text().replace("sector green", "sector red")
    assert "sector 'red' is drawn twice (first at x.txt:" in _error(twice)
    missing = _set_text().split("\nsector green")[0]
    assert _error(missing) == "x.txt: no sector drawn for green; a board set needs all of blue, red, yellow, green"
    short = "set t\nsector blue\n" + "\n".join(FRAME.split("\n")[:9])
    assert "sector 'blue' ends after 9 lines of its drawing, expected 11" in _error(short)
    assert _error(_set_text(head="confidence low\n")) == "x.txt: missing 'set <name>' line"


def test_unknown_board_set_names_the_choices():
    with pytest.raises(B.BoardError, match="board set 'nope' unknown, expected one of extracted, corridor"):
        B.board_set("nope")


# ------------------------------------------------------------------------------------------
# Arrangements


def _arr_error(text: str) -> str:
    with pytest.raises(B.BoardError) as info:
        B.parse_arrangements(text, "a.txt")
    return str(info.value)


def test_shipped_arrangements():
    """C A-1 defaults: 2p line with wrap, 3p L with two portal pairs on the four exits of the
    half-empty bands, 4p square with wrap; variants p2_crossover and p3_bandwrap."""
    arr = B.arrangements()
    assert {B.default_arrangement(p).name for p in (2, 3, 4)} == {"p2_wrap", "p3_portals", "p4_wrap"}
    assert arr["p3_portals"].portals == (("purple", ("A", B.E), ("C", B.N)), ("cyan", ("A", B.W), ("C", B.S)))
    assert arr["p2_crossover"].players == 2 and len(arr["p2_crossover"].portals) == 2
    assert arr["p3_bandwrap"].portals == ()


@pytest.mark.parametrize("text, expect", [
    ("players 2", "a.txt:1: 'players' before any 'arrangement <name>' line"),
    ("arrangement x\nplayers 5\nslots AB", "a.txt:2: players '5', expected 2, 3 or 4"),
    ("arrangement x\nplayers 2\nslots A BC", "a.txt:3: slots 'A BC', expected rows of equal length"),
    ("arrangement x\nplayers 3\nslots AB", "a.txt:3: slots 'AB' name 2 slots (expected 3 different letters"),
    ("arrangement x\nplayers 2\nslots A. .B", "a.txt:3: the slots 'A. .B' do not form one connected map"),
    ("arrangement x\nplayers 2\nslots AB\nportal red A.N B.S",
     "a.txt:4: portal 'red A.N B.S', expected '<purple|cyan>"),
    ("arrangement x\nplayers 2\nslots AB\nportal cyan A.Q B.S", "a.txt:4: exit 'A.Q' malformed"),
    ("arrangement x\nplayers 2\nslots AB\nportal cyan A.E B.S", "a.txt:4: portal end A.E is not an exit on the edge"),
    ("arrangement x\nplayers 2\nslots AB\nportal cyan A.N B.S\nportal purple A.N B.N",
     "a.txt:5: exit A.N is already linked by the cyan portal"),
    ("arrangement x\nplayers 2\nslots AB\nportal cyan A.N B.S\nportal cyan B.N A.S",
     "a.txt:4: portal colour 'cyan' used for 2 pairs"),
    ("arrangement x\nplayers 3\nslots A. BC\nportal cyan A.E C.S",
     "a.txt:1: exit A.W of arrangement 'x' wraps onto no free exit"),
    ("arrangement x\nplayers 2\nslots AB\nside left", "a.txt:4: unknown key 'side'"),
    ("arrangement x\nplayers 2", "a.txt:1: arrangement 'x' has no 'slots' line"),
    ("arrangement x\nplayers 2\nslots AB\ndefault yes\narrangement y\nplayers 2\nslots AB\ndefault yes",
     "a.txt: 2 default arrangements for 2 players (x, y)"),
])
def test_malformed_arrangements(text, expect):
    """docs/wizwar.md "Board files": arrangement errors name file and line; portals sit on exits
    on the edge of the map, one pair per colour, each exit linked once (R40, R4: two pairs);
    every other edge exit must wrap onto a free exit (R39)."""
    assert _arr_error(text).startswith(expect)


# ------------------------------------------------------------------------------------------
# Rotation


def test_rotation_quarter_turn_and_identity():
    """R20 (random orientation), Rotate Sector (C G5): a clockwise quarter turn sends square
    (r, c) to (c, 4 - r) and each side to the next one clockwise; four turns change nothing."""
    blue = B.board_set("extracted").sectors["blue"]
    one = blue.rotated(1)
    assert one.square(B.BASE) == [(2, 2)]
    assert sorted(one.square(B.TREASURE)) == [(1, 3), (3, 1)]  # (1,1) -> (1,3), (3,3) -> (3,1)
    assert one.sides[4, 2, B.S] == B.DOOR  # the east exit's door is now at the south exit
    assert one.sides[2, 0, B.W] == B.DOOR  # the south exit's door is now at the west exit
    assert one.sides[3, 1, B.S] == B.DOOR  # the door east of (3,3) is now south of (3,1)
    assert blue.rotated(4).drawing() == blue.drawing() == blue.rotated(2).rotated(2).drawing()
    assert blue.rotated(3).drawing() == blue.rotated(-1).drawing()
    for k in range(4):  # a rotated drawing still parses (borders stay consistent)
        rot = blue.rotated(k)
        again = B.parse_sector(rot.drawing(), "blue")
        assert np.array_equal(again.sides, rot.sides) and np.array_equal(again.cells, rot.cells)


# ------------------------------------------------------------------------------------------
# Assembly


def _open_set() -> B.BoardSet:
    return B.board_set("open")


def test_two_player_line_wraps_at_the_edges():
    """R39 (L7): walking off an open side re-enters on the opposite side; A-1 default p2_wrap:
    two sectors in a row, A.W <-> B.E, A.N <-> A.S, B.N <-> B.S."""
    bd = B.assemble(_open_set(), B.arrangements()["p2_wrap"], [0, 1], [0, 0])
    g = bd.geo
    assert bd.shape == (5, 10) and bd.n_squares == 50
    west, east = bd.square(2, 0), bd.square(2, 9)
    assert g.nbr[east, B.E] == west and g.arrive[east, B.E] == B.W and g.link[east, B.E] == B.LINK_WRAP
    assert g.nbr[west, B.W] == east and g.arrive[west, B.W] == B.E
    assert g.nbr[bd.square(0, 7), B.N] == bd.square(4, 7) and g.link[bd.square(0, 7), B.N] == B.LINK_WRAP
    assert g.nbr[bd.square(0, 6), B.N] == -1  # no exit there: an outer wall
    assert g.edge_kind[g.edge[bd.square(0, 6), B.N]] == B.OUTER
    # the join between the sectors: one border record shared by both squares (R131)
    a, b = bd.square(2, 4), bd.square(2, 5)
    assert g.edge[a, B.E] == g.edge[b, B.W] and g.edge_inner[g.edge[a, B.E]] == 1
    assert g.nbr[a, B.E] == b and g.link[a, B.E] == B.LINK_NONE
    # walls where the frames meet are one wall, not outer (they can be destroyed, R131, E9)
    assert g.edge_kind[g.edge[bd.square(0, 4), B.E]] == B.WALL
    assert g.edge_kind[g.edge[bd.square(0, 4), B.N]] == B.OUTER


def test_three_player_l_portals():
    """R40 (L7): where an open side has no opposite side a portal links it to the same-coloured
    portal; A-1 default p3_portals: A.E <-> C.N purple, A.W <-> C.S cyan, the rest wraps."""
    bd = B.assemble(_open_set(), B.arrangements()["p3_portals"], [2, 0, 3], [0, 0, 0])
    g = bd.geo
    assert bd.n_squares == 75 and bd.square(0, 7) == -1  # the missing quadrant
    ae, cn = bd.square(2, 4), bd.square(5, 7)
    assert g.nbr[ae, B.E] == cn and g.arrive[ae, B.E] == B.N and g.link[ae, B.E] == 2  # purple
    assert g.nbr[cn, B.N] == ae and g.arrive[cn, B.N] == B.E
    aw, cs = bd.square(2, 0), bd.square(9, 7)
    assert g.nbr[aw, B.W] == cs and g.link[aw, B.W] == 3 and g.arrive[aw, B.W] == B.S  # cyan
    an, bs = bd.square(0, 2), bd.square(9, 2)
    assert g.nbr[an, B.N] == bs and g.link[an, B.N] == B.LINK_WRAP
    bw, ce = bd.square(7, 0), bd.square(7, 9)
    assert g.nbr[bw, B.W] == ce and g.link[bw, B.W] == B.LINK_WRAP
    assert bd.base("yellow") == bd.square(2, 2) and bd.sq_colour[bd.square(7, 7)] == 3


def test_portals_stay_with_the_slots_when_sectors_turn():
    """R132 (L14): portals stay in place when a sector is rotated: links belong to slots."""
    arr = B.arrangements()["p3_portals"]
    a = B.assemble(_open_set(), arr, [0, 1, 2], [0, 0, 0])
    b = B.assemble(_open_set(), arr, [0, 1, 2], [1, 3, 2])
    assert np.array_equal(a.geo.nbr, b.geo.nbr) and np.array_equal(a.geo.link, b.geo.link)


def test_the_link_list_names_every_linked_side_once():
    """Geometry.links (what sight.py walks for lines through a wrap or portal, R41, A-12): a row
    for every (square, side) whose link is not LINK_NONE, once, in square-then-side order, on
    every arrangement; the dealt pool of each player count carries the same rows per deal. On
    the two-player line, red's east exit in row 2 leads to blue's west exit: no turn, the far
    side shifted 10 squares east (20 in doubled coordinates), the seam at x = 20, in row 2."""
    from simlab.games.wizwar import data as D
    from simlab.games.wizwar import sight as SG

    for name, arr in B.arrangements().items():
        g = B.assemble(_open_set(), arr, list(range(arr.players)), [1] * arr.players).geo
        want = [(s, d) for s in range(g.link.shape[0]) for d in range(4) if g.link[s, d] != B.LINK_NONE]
        assert [(int(r[SG.LK_SQUARE]), int(r[SG.LK_SIDE])) for r in g.links] == want, name
        assert g.links.dtype == np.int16 and g.links.shape == (len(want), 7)
    for players in (2, 3, 4):
        pool = D.deal_pool(players, size=3)
        for k in range(3):
            assert np.array_equal(pool["g_links"][k][:, :2], np.argwhere(pool["g_link"][k] != 0)), (players, k)
    bd = B.assemble(_open_set(), B.arrangements()["p2_wrap"], [0, 1], [0, 0])
    east = bd.square(2, 9)
    row = [r for r in bd.geo.links if r[SG.LK_SQUARE] == east and r[SG.LK_SIDE] == B.E]
    assert [int(v) for v in row[0][2:]] == [0, 20, 0, 20, 2]


def test_the_window_around_each_square_is_worked_out_once_a_deal():
    """Geometry.window / window_edges (where Destroy Wall and attacks on walls look: the 3 x 3
    block of the map around the caster's square, and the borders on its squares' sides) hold
    what a direct walk over the block gives, in its order: squares row by row; for each, its
    sides N, E, S, W, a border listed once, from the square and side it is recorded on or from
    the block's square if that one lies outside the block. Every arrangement and turn, and the
    dealt pools."""
    from simlab.games.wizwar import data as D

    def walked(g, me):
        H, W = g.sq_of.shape
        r0, c0 = int(g.sq_r[me]), int(g.sq_c[me])
        win = [int(g.sq_of[r, c]) for r in range(max(0, r0 - 1), min(H, r0 + 2))
               for c in range(max(0, c0 - 1), min(W, c0 + 2)) if g.sq_of[r, c] >= 0]
        near = []
        for sq in win:
            for d in range(4):
                f = int(g.edge[sq, d])
                o = int(g.edge_sq[f])
                inside = abs(int(g.sq_r[o]) - r0) <= 1 and abs(int(g.sq_c[o]) - c0) <= 1
                if (o == sq and g.edge_side[f] == d) or not inside:
                    near.append(f)
        return win, near

    geos = []
    for name, arr in B.arrangements().items():
        for rots in itertools.islice(itertools.product(range(4), repeat=arr.players), 0, None, 7):
            geos.append(B.assemble(_open_set(), arr, list(range(arr.players)), rots).geo)
    for players in (2, 3, 4):
        pool = D.deal_pool(players, size=2)
        geos += [B.Geometry(*(pool[f"g_{f}"][k] for f in B.Geometry._fields)) for k in range(2)]
    for g in geos:
        assert g.window.dtype == g.window_edges.dtype == np.int16
        for me in range(g.sq_r.shape[0]):
            win, near = walked(g, me)
            assert g.window[me, 0] == len(win) and list(g.window[me, 1:1 + len(win)]) == win
            assert (g.window[me, 1 + len(win):] == -1).all()
            assert g.window_edges[me, 0] == len(near) and list(g.window_edges[me, 1:1 + len(near)]) == near
            assert len(set(near)) == len(near) and (g.window_edges[me, 1 + len(near):] == -1).all()


def test_doors_belong_to_the_sector_that_shows_them():
    """R46 (L8): doors in one's own sector are open for their owner; A-11: a door on a join shown
    by one sector belongs to that sector, one shown by both is open to both owners."""
    arr = B.arrangements()["p2_wrap"]
    ext = B.board_set("extracted")
    # blue turned so its east-exit door faces red's west exit (open) across the join
    bd = B.assemble(ext, arr, [0, 1], [0, 0])
    g = bd.geo
    e = g.edge[bd.square(2, 4), B.E]
    assert g.edge_kind[e] == B.DOOR and g.edge_doors[e] == 1 << 0
    # two blue-like faces with doors on both halves of the join: open to both colours
    both = B.BoardSet("t", "", "", {c: ext.sectors["blue"] for c in B.COLOURS})
    bd2 = B.assemble(both, arr, [1, 3], [0, 2])  # the second one turned: its door-east exit faces west
    e2 = bd2.geo.edge[bd2.square(2, 4), B.E]
    assert bd2.geo.edge_kind[e2] == B.DOOR and bd2.geo.edge_doors[e2] == (1 << 1) | (1 << 3)


def test_unreachable_board_is_refused():
    """C 3.3: a board is valid only if every square can be reached; a sector whose four exits are
    walled is cut off from the map."""
    closed = FRAME.split("\n")
    closed[0] = closed[10] = "+---+---+---+---+---+"
    closed[5] = "|         H         |"
    bs = B.parse_board_set(_set_text(blue="\n".join(closed)))
    with pytest.raises(B.BoardError, match=r"square \(row \d, column \d\) of the (blue|red) sector cannot be reached"):
        B.assemble(bs, B.arrangements()["p2_wrap"], [0, 1], [0, 0])


def test_assemble_argument_errors():
    arr = B.arrangements()["p2_wrap"]
    with pytest.raises(B.BoardError, match="has 2 slots, got 3 colours"):
        B.assemble(_open_set(), arr, [0, 1, 2], [0, 0, 0])
    with pytest.raises(B.BoardError, match="expected different colour indexes"):
        B.assemble(_open_set(), arr, [1, 1], [0, 0])
    with pytest.raises(B.BoardError, match="arrangement 'p2_wrap' is for 2 players, got players = 3"):
        B.build_board(3, 0, arrangement="p2_wrap")
    with pytest.raises(B.BoardError, match="arrangement 'zz' unknown"):
        B.build_board(2, 0, arrangement="zz")


def test_build_board_is_random_but_seeded():
    """R20, A-21: order and orientation of the sectors are random, the same seed deals the same
    board, and over seeds every orientation and every colour appears."""
    a, b = B.build_board(4, 7), B.build_board(4, 7)
    assert a.colours == b.colours and a.rotations == b.rotations
    seen_rot, seen_first = set(), set()
    for seed in range(40):
        bd = B.build_board(3, seed)
        seen_rot.update(bd.rotations)
        seen_first.add(bd.colours[0])
        assert len(set(bd.colours)) == 3
    assert seen_rot == {0, 1, 2, 3} and seen_first == {0, 1, 2, 3}


@pytest.mark.parametrize("set_name", B.board_sets())
@pytest.mark.parametrize("arr_name", sorted(B.arrangements()))
def test_every_shipped_layout_is_reachable(set_name, arr_name):
    """C 3.3: every square of every shipped board set is reachable in every shipped arrangement,
    for every orientation of the sectors (all 4^players turns, colours in a few orders). The
    treasures and bases are squares, so they are reachable too (with doors open)."""
    faces, arr = B.board_set(set_name), B.arrangements()[arr_name]
    orders = list(itertools.permutations(range(4), arr.players))[::5]
    for k, rots in enumerate(itertools.product(range(4), repeat=arr.players)):
        bd = B.assemble(faces, arr, orders[k % len(orders)], rots)  # raises if not reachable
        assert (distances(bd.geo, bd.base(bd.colours[0]), ALL_DOORS) >= 0).all()


def test_columns_stand_where_walls_or_doors_meet_a_corner():
    """A-13: a column stands on every grid corner touched by a wall, a door or an outer wall;
    ``Geometry.column`` is checked against that definition corner by corner."""
    for p in (2, 3, 4):
        bd = B.build_board(p, 5)
        g = bd.geo
        H, W = bd.shape
        for i in range(H + 1):
            for j in range(W + 1):
                touching = [e for e in (g.hedge[i, j - 1] if j >= 1 else -1, g.hedge[i, j] if j < W else -1,
                                        g.vedge[i - 1, j] if i >= 1 else -1, g.vedge[i, j] if i < H else -1)
                            if e >= 0]
                want = not touching or any(g.edge_kind[e] != B.OPEN for e in touching)
                assert g.column[i, j] == want, (p, i, j)


def test_user_board_file_errors_name_the_file(tmp_path):
    """docs/wizwar.md: a user's own board file is read like a shipped set; an error names that
    file's path, line and column."""
    good = tmp_path / "mine.txt"
    good.write_text(_set_text(head="set mine\n"), "utf-8")
    assert B.read_board_file(good).name == "mine"
    bad = tmp_path / "bad.txt"
    bad.write_text(_set_text(blue=_edit(FRAME, 2, 1, "#")), "utf-8")
    with pytest.raises(B.BoardError, match=rf"^{bad}:6:1: got '#', expected '\|' \(wall\)"):
        B.read_board_file(bad)
