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


def test_replay_draws_the_board_when_asked(capsys):
    """Issue 10: `simlab replay wizwar --board start,3,end` draws the board before turn 1 (the
    wizards on their bases, every treasure on its start square), before turn 3, and after the
    last turn, with the walls, wizards and treasures as they stand then; the pictures come right
    before the turn they show, and the log is otherwise the plain replay."""
    from simlab.cli import main

    assert main(["replay", "wizwar", "--seed", "1", "--board", "start,3,end"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert main(["replay", "wizwar", "--seed", "1"]) == 0
    plain = capsys.readouterr().out.splitlines()
    heads = [i for i, ln in enumerate(out) if ln.startswith("  board ")]
    assert len(heads) == 3
    assert "as turn 1 begins" in out[heads[0]] and "as turn 3 begins" in out[heads[1]]
    assert "at the end of the game" in out[heads[2]]
    first_turn = next(i for i, ln in enumerate(out) if ln.startswith("--- turn 1,"))
    assert heads[0] < first_turn and not any(ln.startswith("--- turn") for ln in out[heads[0]:first_turn])
    start = out[heads[0] + 1:first_turn]
    picture = "\n".join(start)
    assert picture.count("H") >= 2 and picture.count("R") + picture.count("Y") + picture.count("B") \
        + picture.count("G") >= 2
    kept = [ln for ln in out if not ln.startswith("    ") and not ln.startswith("  board ")]
    assert kept == [ln for ln in plain if not ln.startswith("    ")]


def test_replay_board_option_refuses_bad_input(capsys):
    """Bad input: a game without a board, or a word that is not start, end, each or a turn."""
    from simlab.cli import main

    assert main(["replay", "quarriors", "--seed", "1", "--board", "start"]) == 2
    assert "--board: quarriors has no board to draw" in capsys.readouterr().err
    assert main(["replay", "wizwar", "--seed", "1", "--board", "middle"]) == 2
    assert "--board: 'middle'; expected start, end, each or turn numbers" in capsys.readouterr().err
