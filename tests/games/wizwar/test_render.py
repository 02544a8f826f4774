"""The text picture of the board (docs/wizwar.md, "Reading a board picture")."""

from __future__ import annotations

from simlab.games.wizwar import board as B
from simlab.games.wizwar.render import render
from tests.games.wizwar.kit import OPEN_FACE, board


def test_sector_picture_matches_its_drawing():
    """A board picture uses the board-file grid: with nothing on it, each sector's part of the
    picture is its drawing (extracted blue in slot A, unturned)."""
    bd = B.assemble(B.board_set("extracted"), B.arrangements()["p2_wrap"], [0, 1], [0, 0])
    pic = render(bd)
    assert len(pic) == 11 and max(len(x) for x in pic) == 41
    blue = B.board_set("extracted").sectors["blue"].drawing()
    # the join column (x = 20) shows the combined border; the rest is blue's own drawing
    assert [ln.ljust(41)[:20] for ln in pic] == [ln[:20] for ln in blue]


def test_wizards_treasures_objects_and_portals():
    """Wizards are capitals, several on a square '*'; treasures small letters; H base; portal
    exits show the portal colour (R40: A.E and C.N purple in p3_portals)."""
    bd = board("p3_portals", colours=(0, 1, 2))
    sq = bd.square
    pic = render(bd, {"blue": sq(2, 2), "red": sq(7, 8), 2: sq(7, 8)}, [(1, sq(2, 2)), (3, sq(0, 0))],
                 {sq(4, 4): "o"})
    pic = [ln.ljust(41) for ln in pic]
    assert pic[5][9:12] == "Br "  # blue wizard on its base with a red treasure
    assert pic[15][33:36] == "*  "
    assert pic[1][1:4] == " g " and pic[9][17:20] == " To"
    assert pic[5][20] == "p" and pic[10][29:32] == " p "
    assert pic[0].rstrip() == OPEN_FACE[0]
    assert pic[1][21:].strip() == ""  # nothing drawn beside sector A where no sector lies
