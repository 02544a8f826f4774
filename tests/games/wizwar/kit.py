"""Small boards for Wiz-War movement and sight tests: an open 5x5 face with edits."""

from __future__ import annotations

from simlab.games.wizwar import board as B

OPEN_FACE = [
    "+---+---+   +---+---+",
    "| T                 |",
    "+   +   +   +   +   +",
    "|                   |",
    "+   +   +   +   +   +",
    "          H",
    "+   +   +   +   +   +",
    "|                   |",
    "+   +   +   +   +   +",
    "|                 T |",
    "+---+---+   +---+---+",
]


# the north and south exits walled: no line can leave the blue sector through them, so a test
# about one wall or door is not answered by a line that wraps around the map instead
CLOSED_NS = ((0, 9, "---"), (10, 9, "---"))


def face(*edits: tuple[int, int, str]) -> list[str]:
    """OPEN_FACE with (line, column, text) replacements, 0-based line and column."""
    lines = [ln.ljust(21) for ln in OPEN_FACE]
    for line, col, text in edits:
        lines[line] = lines[line][:col] + text + lines[line][col + len(text):]
    return lines


def board(arrangement: str = "p2_wrap", blue: list[str] | None = None, others: list[str] | None = None,
          colours: tuple[int, ...] = (0, 1, 2, 3), rotations: tuple[int, ...] = (0, 0, 0, 0)) -> B.Board:
    """A board of the arrangement with the blue face ``blue`` and every other face ``others``
    (default: open faces), colours in slot order, no rotation unless asked."""
    faces = {c: B.parse_sector(blue if c == "blue" and blue else others or OPEN_FACE, c) for c in B.COLOURS}
    arr = B.arrangements()[arrangement]
    return B.assemble(B.BoardSet("test", "", "", faces), arr, colours[:arr.players], rotations[:arr.players])
