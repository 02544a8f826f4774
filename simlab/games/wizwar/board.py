"""Wiz-War boards: sector drawings and arrangements (plain text) -> the assembled map as arrays.

A *sector* is one 5 x 5 face of a sector board, drawn in 11 lines of 21 characters (the grid
format is documented in docs/wizwar.md, "Board files"); a *board set* is one face per colour;
an *arrangement* says where the sector slots lie for a player count and how the exits on the
edge of the map are linked (wrap-around or portal pairs). :func:`assemble` deals the sectors to
the slots (random order and orientation from a seed, rulebook page 4, setup step 2) and builds a
:class:`Board`: numpy arrays that the compiled movement and sight code (``movement.py``,
``sight.py``) reads.

Rule references: R-numbers and A-numbers are the rules checklist
(../shared/reference/wizwar/rules_checklist.md); ``L7`` = rulebook page 7
(../shared/rules/wizwar_rules_hu.txt).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import NamedTuple

import numpy as np

from simlab.games.wizwar.movement import ALL_DOORS, distances

__all__ = [
    "COLOURS", "SIDES", "N", "E", "S", "W", "OPEN", "WALL", "DOOR", "OUTER",
    "CORRIDOR", "BASE", "TREASURE", "LINK_NONE", "LINK_WRAP", "PORTAL_COLOURS",
    "BoardError", "Sector", "BoardSet", "Arrangement", "Board", "Geometry",
    "parse_sector", "parse_board_set", "parse_arrangements", "board_set", "board_sets",
    "arrangements", "default_arrangement", "assemble", "build_board", "columns", "read_board_file",
]

COLOURS = ("blue", "red", "yellow", "green")  # colour index = position; a door's owners are a bit mask of these
SIDES = "NESW"
N, E, S, W = 0, 1, 2, 3
DR = (-1, 0, 1, 0)  # row step of each side
DC = (0, 1, 0, -1)  # column step of each side

# Border kinds (edge_kind). OUTER = a wall on the edge of the map: indestructible (R42, L13).
OPEN, WALL, DOOR, OUTER = 0, 1, 2, 3
# Square markers of a sector drawing
CORRIDOR, BASE, TREASURE = 0, 1, 2
# Link kinds across an exit on the edge of the map (Board.link); portals are 2 + portal colour
LINK_NONE, LINK_WRAP = 0, 1
PORTAL_COLOURS = ("purple", "cyan")  # the box's two portal pairs (R4)

SIZE = 5            # squares per sector side
LINES = 2 * SIZE + 1  # lines of a sector drawing
WIDTH = 4 * SIZE + 1  # characters per line
MID = SIZE // 2     # the exit in the middle of each sector edge
_HSEG = {"---": WALL, "   ": OPEN, "DDD": DOOR}
_VSEG = {"|": WALL, " ": OPEN, "D": DOOR}
_CELL = {"": CORRIDOR, "H": BASE, "T": TREASURE}


class BoardError(ValueError):
    """A board file or arrangement is malformed; the message names file, line and column."""


def _where(path: str, line: int, col: int | None = None) -> str:
    return f"{path}:{line}" + (f":{col}" if col is not None else "")


# --------------------------------------------------------------------------------------------
# Sectors


@dataclass(frozen=True, eq=False)
class Sector:
    """One sector face: 5 x 5 squares, row 0 = north.

    Attributes:
        colour: the sector board's colour (its owner's colour, R18).
        cells: int8 (5, 5): CORRIDOR, BASE or TREASURE (treasure start square) per square.
        sides: int8 (5, 5, 4): OPEN, WALL or DOOR on side N, E, S, W of each square, as drawn
            (a border shared by two squares has the same kind on both sides).
        where: "file:line" of the drawing, for messages.
    """

    colour: str
    cells: np.ndarray
    sides: np.ndarray
    where: str = ""

    def rotated(self, quarter_turns: int) -> Sector:
        """The sector turned clockwise by ``quarter_turns`` x 90 degrees (R20 random orientation,
        Rotate Sector). Square (r, c) goes to (c, 4 - r) per quarter turn and its side d to d + 1."""
        k = quarter_turns % 4
        cells = np.rot90(self.cells, -k).copy()
        sides = np.roll(np.rot90(self.sides, -k, axes=(0, 1)), k, axis=2).copy()
        return Sector(self.colour, cells, sides, self.where)

    def drawing(self) -> list[str]:
        """The sector in the board-file grid format (11 lines of 21 characters)."""
        hseg = {v: k for k, v in _HSEG.items()}
        vseg = {v: k for k, v in _VSEG.items()}
        cell = {CORRIDOR: "   ", BASE: " H ", TREASURE: " T "}
        out = []
        for r in range(SIZE + 1):
            rr = min(r, SIZE - 1)
            d = N if r < SIZE else S
            out.append("+" + "+".join(hseg[int(self.sides[rr, c, d])] for c in range(SIZE)) + "+")
            if r < SIZE:
                row = ""
                for c in range(SIZE):
                    row += vseg[int(self.sides[r, c, W])] + cell[int(self.cells[r, c])]
                out.append(row + vseg[int(self.sides[r, SIZE - 1, E])])
        return out

    def square(self, marker: int) -> list[tuple[int, int]]:
        """(row, column) of every square with ``marker`` (BASE, TREASURE)."""
        return [(int(r), int(c)) for r, c in zip(*np.nonzero(self.cells == marker), strict=True)]


def parse_sector(lines: list[str], colour: str, path: str = "<text>", first_line: int = 1) -> Sector:
    """Parse one sector drawing (11 lines; ``first_line`` = the file line of the first one).

    Raises:
        BoardError: naming file, line and column of the first malformed character, a frame that is
            not closed outside the four mid-edge exits, not exactly one base and two treasure start
            squares, or a square that cannot be reached from the base with every door open.
    """
    if len(lines) < LINES:
        raise BoardError(f"{_where(path, first_line + len(lines))}: sector {colour!r} ends after "
                         f"{len(lines)} lines of its drawing, expected {LINES} lines")
    grid = []
    for i, raw in enumerate(lines[:LINES]):
        text = raw.rstrip("\r\n").rstrip()
        if len(text) > WIDTH:
            raise BoardError(f"{_where(path, first_line + i, WIDTH + 1)}: line is {len(text)} characters "
                             f"long, expected at most {WIDTH} (a sector drawing is {WIDTH} wide)")
        grid.append(text.ljust(WIDTH))
    hline = np.zeros((SIZE + 1, SIZE), np.int8)  # border on the north of row r (r = 5: south of row 4)
    vline = np.zeros((SIZE, SIZE + 1), np.int8)  # border on the west of column c (c = 5: east of col 4)
    cells = np.zeros((SIZE, SIZE), np.int8)
    for i, text in enumerate(grid):
        line_no = first_line + i

        def bad(col: int, got: str, expected: str, line_no=line_no) -> BoardError:
            return BoardError(f"{_where(path, line_no, col + 1)}: got {got!r}, expected {expected}")

        r = i // 2
        for c in range(SIZE + 1):
            x = 4 * c
            if i % 2 == 0:
                if text[x] != "+":
                    raise bad(x, text[x], "'+' (a corner)")
                if c < SIZE:
                    seg = text[x + 1:x + 4]
                    if seg not in _HSEG:
                        raise bad(x + 1, seg, "'---' (wall), '   ' (open) or 'DDD' (door)")
                    hline[r, c] = _HSEG[seg]
            else:
                if text[x] not in _VSEG:
                    raise bad(x, text[x], "'|' (wall), ' ' (open) or 'D' (door)")
                vline[r, c] = _VSEG[text[x]]
                if c < SIZE:
                    seg = text[x + 1:x + 4]
                    if seg.strip() not in _CELL:
                        raise bad(x + 1, seg, "'   ' (corridor), ' H ' (home base) or ' T ' (treasure start)")
                    cells[r, c] = _CELL[seg.strip()]
    # The frame is wall except the exit in the middle of each edge (sector anatomy, R13; boards.md)
    frame = [(0, c, hline[0, c], 0, 4 * c + 1) for c in range(SIZE)]
    frame += [(SIZE, c, hline[SIZE, c], 2 * SIZE, 4 * c + 1) for c in range(SIZE)]
    frame += [(r, 0, vline[r, 0], 2 * r + 1, 0) for r in range(SIZE)]
    frame += [(r, SIZE, vline[r, SIZE], 2 * r + 1, 4 * SIZE) for r in range(SIZE)]
    for a, b, kind, li, col in frame:
        along = b if li in (0, 2 * SIZE) else a
        if along != MID and kind != WALL:
            raise BoardError(f"{_where(path, first_line + li, col + 1)}: the sector's frame must be a wall "
                             f"except at the exit in the middle of each edge")
    sides = np.zeros((SIZE, SIZE, 4), np.int8)
    sides[:, :, N] = hline[:SIZE]
    sides[:, :, S] = hline[1:]
    sides[:, :, W] = vline[:, :SIZE]
    sides[:, :, E] = vline[:, 1:]
    sector = Sector(colour, cells, sides, _where(path, first_line - 1))
    for marker, want, name in ((BASE, 1, "home base 'H'"), (TREASURE, 2, "treasure start squares 'T'")):
        found = len(sector.square(marker))
        if found != want:
            raise BoardError(f"{_where(path, first_line - 1)}: sector {colour!r} has {found} {name}, expected {want}")
    unreached = _unreached_in_sector(sector)
    if unreached:
        r, c = unreached[0]
        raise BoardError(f"{_where(path, first_line + 2 * r + 1, 4 * c + 3)}: square (row {r}, column {c}) of "
                         f"sector {colour!r} cannot be reached from its base, even with every door open")
    return sector


def _unreached_in_sector(sector: Sector) -> list[tuple[int, int]]:
    """Squares of the sector not reachable from its base inside the sector, doors open."""
    (start,) = sector.square(BASE)
    seen = {start}
    todo = [start]
    while todo:
        r, c = todo.pop()
        for d in range(4):
            rr, cc = r + DR[d], c + DC[d]
            if 0 <= rr < SIZE and 0 <= cc < SIZE and sector.sides[r, c, d] != WALL and (rr, cc) not in seen:
                seen.add((rr, cc))
                todo.append((rr, cc))
    return [(r, c) for r in range(SIZE) for c in range(SIZE) if (r, c) not in seen]


# --------------------------------------------------------------------------------------------
# Board sets and arrangements (files)


@dataclass(frozen=True)
class BoardSet:
    """One face per colour, read from a board file (``boards/<name>.txt``)."""

    name: str
    confidence: str
    source: str
    sectors: dict[str, Sector]


@dataclass(frozen=True)
class Arrangement:
    """Sector slots for a player count and the links of the exits on the edge of the map.

    Attributes:
        slots: rows of the slot grid; a letter is a slot, '.' no sector.
        portals: (portal colour, (slot, side), (slot, side)) per portal pair.
    """

    name: str
    players: int
    slots: tuple[str, ...]
    portals: tuple[tuple[str, tuple[str, int], tuple[str, int]], ...] = ()
    default: bool = False
    confidence: str = ""
    where: str = ""
    letters: tuple[str, ...] = field(init=False)

    def __post_init__(self):
        object.__setattr__(self, "letters", tuple(sorted(ch for row in self.slots for ch in row if ch != ".")))

    def slot_at(self, row: int, col: int) -> str | None:
        """The slot letter at slot-grid (row, col), None off the grid or where there is no sector."""
        if 0 <= row < len(self.slots) and 0 <= col < len(self.slots[0]) and self.slots[row][col] != ".":
            return self.slots[row][col]
        return None

    def slot_pos(self, letter: str) -> tuple[int, int]:
        for r, row in enumerate(self.slots):
            if letter in row:
                return r, row.index(letter)
        raise KeyError(letter)

    def edge_exits(self) -> list[tuple[str, int]]:
        """(slot, side) of every exit on the edge of the map (no sector beyond that side)."""
        out = []
        for letter in self.letters:
            r, c = self.slot_pos(letter)
            out += [(letter, d) for d in range(4) if self.slot_at(r + DR[d], c + DC[d]) is None]
        return out


def _header(lines: list[str], i: int) -> tuple[str, str]:
    key, _, value = lines[i].strip().partition(" ")
    return key, value.strip()


def _content_lines(text: str) -> list[str]:
    return text.replace("\r\n", "\n").split("\n")


def parse_board_set(text: str, path: str = "<text>") -> BoardSet:
    """Parse a board file: ``set``, ``confidence``, ``source`` lines and one ``sector <colour>``
    block (the header and its 11-line drawing) per colour. ``#`` starts a comment line.

    Raises:
        BoardError: naming file and line of an unknown key, unknown or repeated colour, missing
            colour, and any error of :func:`parse_sector`.
    """
    lines = _content_lines(text)
    meta = {"set": "", "confidence": "", "source": ""}
    sectors: dict[str, Sector] = {}
    i = 0
    while i < len(lines):
        if not lines[i].strip() or lines[i].lstrip().startswith("#"):
            i += 1
            continue
        key, value = _header(lines, i)
        if key == "sector":
            if value not in COLOURS:
                raise BoardError(f"{_where(path, i + 1)}: sector colour {value!r} unknown, expected one of "
                                 f"{', '.join(COLOURS)}")
            if value in sectors:
                raise BoardError(f"{_where(path, i + 1)}: sector {value!r} is drawn twice (first at "
                                 f"{sectors[value].where})")
            sectors[value] = parse_sector(lines[i + 1:i + 1 + LINES], value, path, i + 2)
            i += 1 + LINES
            continue
        if key not in meta:
            raise BoardError(f"{_where(path, i + 1)}: unknown key {key!r}, expected one of "
                             f"{', '.join(list(meta) + ['sector'])}")
        meta[key] = value
        i += 1
    missing = [c for c in COLOURS if c not in sectors]
    if missing:
        raise BoardError(f"{path}: no sector drawn for {', '.join(missing)}; a board set needs all of "
                         f"{', '.join(COLOURS)}")
    if not meta["set"]:
        raise BoardError(f"{path}: missing 'set <name>' line")
    return BoardSet(meta["set"], meta["confidence"], meta["source"], sectors)


def _exit_ref(token: str, where: str) -> tuple[str, int]:
    letter, dot, side = token.partition(".")
    if not dot or len(letter) != 1 or side not in ("N", "E", "S", "W"):
        raise BoardError(f"{where}: exit {token!r} malformed, expected <slot letter>.<N|E|S|W> (e.g. A.E)")
    return letter, SIDES.index(side)


def parse_arrangements(text: str, path: str = "<text>") -> dict[str, Arrangement]:
    """Parse an arrangements file: blocks opened by ``arrangement <name>`` with ``players``,
    ``slots``, optional ``portal``, ``default`` and ``confidence`` lines.

    Raises:
        BoardError: naming file and line of a malformed or inconsistent entry (unknown key, bad
            slot grid, portal on an exit that is not on the edge of the map or is used twice, a
            wrap with no free exit opposite, two defaults for one player count).
    """
    lines = _content_lines(text)
    out: dict[str, Arrangement] = {}
    cur: dict | None = None

    def close():
        if cur is not None:
            arr = _make_arrangement(cur, path)
            out[arr.name] = arr

    for i, raw in enumerate(lines):
        where = _where(path, i + 1)
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        key, value = _header(lines, i)
        if key == "arrangement":
            close()
            if value in out:
                raise BoardError(f"{where}: arrangement {value!r} defined twice")
            cur = {"name": value, "where": where, "portals": [], "line": i + 1}
            continue
        if cur is None:
            raise BoardError(f"{where}: {key!r} before any 'arrangement <name>' line")
        if key == "players":
            if value not in ("2", "3", "4"):
                raise BoardError(f"{where}: players {value!r}, expected 2, 3 or 4")
            cur["players"] = int(value)
        elif key == "slots":
            rows = value.split()
            if not rows or len({len(r) for r in rows}) != 1 or any(ch != "." and not ch.isalpha()
                                                                    for r in rows for ch in r):
                raise BoardError(f"{where}: slots {value!r}, expected rows of equal length made of slot "
                                 f"letters and '.', separated by spaces (e.g. 'A. BC')")
            cur["slots"] = (tuple(rows), where)
        elif key == "portal":
            parts = value.split()
            if len(parts) != 3 or parts[0] not in PORTAL_COLOURS:
                raise BoardError(f"{where}: portal {value!r}, expected '<{'|'.join(PORTAL_COLOURS)}> "
                                 f"<slot>.<side> <slot>.<side>'")
            cur["portals"].append((parts[0], _exit_ref(parts[1], where), _exit_ref(parts[2], where), where))
        elif key == "default":
            if value not in ("yes", "no"):
                raise BoardError(f"{where}: default {value!r}, expected yes or no")
            cur["default"] = value == "yes"
        elif key == "confidence":
            cur["confidence"] = value
        else:
            raise BoardError(f"{where}: unknown key {key!r}, expected one of arrangement, players, slots, "
                             f"portal, default, confidence")
    close()
    for p in (2, 3, 4):
        defaults = [a.name for a in out.values() if a.players == p and a.default]
        if len(defaults) > 1:
            raise BoardError(f"{path}: {len(defaults)} default arrangements for {p} players "
                             f"({', '.join(defaults)}), expected at most one")
    return out


def _make_arrangement(cur: dict, path: str) -> Arrangement:
    where = cur["where"]
    for key in ("players", "slots"):
        if key not in cur:
            raise BoardError(f"{where}: arrangement {cur['name']!r} has no {key!r} line")
    rows, slots_where = cur["slots"]
    letters = [ch for r in rows for ch in r if ch != "."]
    if len(letters) != len(set(letters)) or len(letters) != cur["players"]:
        raise BoardError(f"{slots_where}: slots {' '.join(rows)!r} name {len(letters)} slots "
                         f"({'repeated letters, ' if len(letters) != len(set(letters)) else ''}"
                         f"expected {cur['players']} different letters, one per player)")
    arr = Arrangement(cur["name"], cur["players"], tuple(rows),
                      tuple((c, a, b) for c, a, b, _ in cur["portals"]),
                      cur.get("default", False), cur.get("confidence", ""), where)
    if not _slots_connected(arr):
        raise BoardError(f"{slots_where}: the slots {' '.join(rows)!r} do not form one connected map")
    edge = set(arr.edge_exits())
    used: dict[tuple[str, int], str] = {}
    colours = [c for c, _, _, _ in cur["portals"]]
    for colour, a, b, pwhere in cur["portals"]:
        if colours.count(colour) > 1:
            raise BoardError(f"{pwhere}: portal colour {colour!r} used for {colours.count(colour)} pairs, "
                             f"expected one pair per colour")
        for end in (a, b):
            name = f"{end[0]}.{SIDES[end[1]]}"
            if end[0] not in arr.letters:
                raise BoardError(f"{pwhere}: portal end {name}: no slot {end[0]!r} in slots {' '.join(rows)!r}")
            if end not in edge:
                raise BoardError(f"{pwhere}: portal end {name} is not an exit on the edge of the map "
                                 f"(another sector lies beyond it)")
            if end in used:
                raise BoardError(f"{pwhere}: exit {name} is already linked by the {used[end]} portal")
            used[end] = colour
    for end in arr.edge_exits():
        if end not in used:
            partner = _wrap_partner(arr, end)
            if partner is None or partner in used:
                raise BoardError(f"{where}: exit {end[0]}.{SIDES[end[1]]} of arrangement {arr.name!r} wraps "
                                 f"onto no free exit at the other end of its row or column; give it a portal")
    return arr


def _slots_connected(arr: Arrangement) -> bool:
    start = arr.letters[0]
    seen, todo = {start}, [start]
    while todo:
        r, c = arr.slot_pos(todo.pop())
        for d in range(4):
            nb = arr.slot_at(r + DR[d], c + DC[d])
            if nb is not None and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return len(seen) == len(arr.letters)


def _wrap_partner(arr: Arrangement, end: tuple[str, int]) -> tuple[str, int] | None:
    """The exit a wrap from ``end`` lands on: walking off one side re-enters on the opposite side
    of the map (R39, L7): the last slot in the opposite direction along the same slot row/column,
    entered through its far side. None if that side is not on the edge (cannot happen in a
    connected grid walked this way, kept for safety)."""
    letter, d = end
    r, c = arr.slot_pos(letter)
    back = (d + 2) % 4
    while arr.slot_at(r + DR[back], c + DC[back]) is not None:
        r, c = r + DR[back], c + DC[back]
    partner = (arr.slot_at(r, c), back)
    return partner if partner in arr.edge_exits() else None


_FILES = resources.files("simlab.games.wizwar") / "boards"


@cache
def board_set(name: str) -> BoardSet:
    """The shipped board set ``name`` (``boards/<name>.txt``).

    Raises:
        BoardError: unknown name (the message lists the shipped sets).
    """
    names = board_sets()
    if name not in names:
        raise BoardError(f"board set {name!r} unknown, expected one of {', '.join(names)}")
    file = _FILES / f"{name}.txt"
    return parse_board_set(file.read_text("utf-8"), f"boards/{name}.txt")


def board_sets() -> tuple[str, ...]:
    """Names of the shipped board sets, the default ('extracted') first."""
    names = sorted(p.name[:-4] for p in _FILES.iterdir() if p.name.endswith(".txt") and p.name != "arrangements.txt")
    return tuple(sorted(names, key=lambda n: (n != "extracted", n)))


@lru_cache(maxsize=1)
def arrangements() -> dict[str, Arrangement]:
    """The shipped arrangements (``boards/arrangements.txt``) by name."""
    return parse_arrangements((_FILES / "arrangements.txt").read_text("utf-8"), "boards/arrangements.txt")


def default_arrangement(players: int) -> Arrangement:
    """The default arrangement for ``players`` (ambiguity A-1)."""
    for arr in arrangements().values():
        if arr.players == players and arr.default:
            return arr
    raise BoardError(f"players {players!r}: no default arrangement, expected 2, 3 or 4 players")


# --------------------------------------------------------------------------------------------
# The assembled board


class Geometry(NamedTuple):
    """The assembled map as the arrays the compiled movement and sight code reads.

    Squares are numbered row by row over the map (void slots have no squares); sides are
    N, E, S, W = 0..3; ``B`` squares, ``NE`` borders, map ``H`` x ``W`` squares.
    """

    sq_of: np.ndarray       # int16 (H, W): square at (row, col) of the map, -1 = no square (void slot)
    sq_r: np.ndarray        # int16 (B,): map row of the square
    sq_c: np.ndarray        # int16 (B,): map column of the square
    nbr: np.ndarray         # int16 (B, 4): square across side d, links (wrap, portal) included; -1 = none
    arrive: np.ndarray      # int8 (B, 4): the side of nbr[b, d] one enters through (portals turn)
    edge: np.ndarray        # int16 (B, 4): border record on side d of the square
    link: np.ndarray        # int8 (B, 4): LINK_NONE, LINK_WRAP or 2 + portal colour across side d
    hedge: np.ndarray       # int16 (H + 1, W): border north of map (row, col) (row H: south of the last row); -1 none
    vedge: np.ndarray       # int16 (H, W + 1): border west of map (row, col) (col W: east of the last column); -1 none
    edge_kind: np.ndarray   # int8 (NE,): OPEN, WALL, DOOR or OUTER
    edge_doors: np.ndarray  # int8 (NE,): doors: bit mask of the colours the door is open to (R46, A-11)
    edge_inner: np.ndarray  # int8 (NE,): 1 = between two squares of the map, 0 = on the edge of the map
    edge_sq: np.ndarray     # int16 (NE,): a square the border lies on (either one, for a border between two)
    edge_side: np.ndarray   # int8 (NE,): the side of edge_sq the border is on
    column: np.ndarray      # int8 (H + 1, W + 1): 1 = a column stands on grid corner (row line, column line)
    #                         touched by a wall, door or outer wall; also 1 off the map). Derived from
    #                         the borders by `columns`; rebuild it whenever a border changes.
    links: np.ndarray       # int16 (NL, 7): one row per link (link != LINK_NONE), in square-then-side
    #                         order, what a line of sight through it needs (`link_rows`; sight.LK_*)
    sight_links: np.ndarray  # uint8 (B, B + NE): for a viewer's square and a target point (a square's
    #                         centre, or B + a border's midpoint), the links a straight line may pass
    #                         (bit n: row n of links, bit 7: row 7 or later; `link_sight`): sight
    #                         tries no other link
    window: np.ndarray      # int16 (B, 10): how many squares the 3 x 3 block of the map around the square
    #                         holds, then those squares in map order, -1 after (`windows`)
    window_edges: np.ndarray  # int16 (B, 37): how many borders lie on the sides of those squares, then
    #                         each of them once, -1 after (`windows`)
    open_dist: np.ndarray   # int8 (B, B): steps between two squares with every border open (links
    #                         included; `open_distances`): no walk on the board is shorter
    walk_key: np.ndarray    # int64 (WALKS + 1,): the game's remembered searches (State.walk_key; the
    walk_kind: np.ndarray   # int8 (WALKS, NE)    walk_* rows of its State), read and written by
    walk_doors: np.ndarray  # int8 (WALKS, NE)    movement.distances; empty (nothing remembered)
    walk_dist: np.ndarray   # int16 (WALKS, NSQ)  on a Board's own Geometry
    graph_key: np.ndarray   # int64 (GRAPHS + 1,): the game's remembered step graphs (State.graph_*:
    graph_kind: np.ndarray  # int8 (GRAPHS, NE)    for each colour mask and board, the squares one
    graph_doors: np.ndarray  # int8 (GRAPHS, NE)   step away from each square, movement.step_graph);
    graph_adj: np.ndarray   # uint64 (GRAPHS, NSQ, 2)  empty on a Board's own Geometry


@dataclass(frozen=True, eq=False)
class Board:
    """An assembled board: which sector lies where, and its :class:`Geometry`.

    Attributes:
        set_name, arrangement: where the faces and the slots came from.
        colours: colour index of the sector in each slot (slots in letter order).
        rotations: clockwise quarter turns of each slot's sector.
        sq_colour: int8 (B,): colour index of the sector the square belongs to.
        sq_base: int8 (B,): colour index whose home base the square is, -1.
        sq_treasure: int8 (B,): colour index whose treasure start square it is, -1.
        sides: int8 (H, W, 4): the drawn half of each map cell's side (OPEN, WALL, DOOR) as dealt,
            before sector joins are merged (Rotate Sector merges them again, R131-R134).
    """

    set_name: str
    arrangement: Arrangement
    colours: tuple[int, ...]
    rotations: tuple[int, ...]
    geo: Geometry
    sq_colour: np.ndarray
    sq_base: np.ndarray
    sq_treasure: np.ndarray
    sides: np.ndarray | None = None

    @property
    def n_squares(self) -> int:
        return int(self.geo.sq_r.shape[0])

    @property
    def shape(self) -> tuple[int, int]:
        return tuple(self.geo.sq_of.shape)

    def square(self, row: int, col: int) -> int:
        """Square index at map (row, col); -1 where there is none."""
        return int(self.geo.sq_of[row, col])

    def base(self, colour: int | str) -> int:
        """Square of a colour's home base."""
        c = COLOURS.index(colour) if isinstance(colour, str) else colour
        return int(np.flatnonzero(self.sq_base == c)[0])

    def treasure_starts(self, colour: int | str) -> list[int]:
        """The two treasure start squares of a colour."""
        c = COLOURS.index(colour) if isinstance(colour, str) else colour
        return [int(x) for x in np.flatnonzero(self.sq_treasure == c)]


def assemble(faces: BoardSet, arrangement: Arrangement, colours: list[int] | tuple[int, ...],
             rotations: list[int] | tuple[int, ...]) -> Board:
    """Build the board with sector ``colours[i]`` turned ``rotations[i]`` quarter turns in slot
    ``arrangement.letters[i]``.

    Borders: where two sectors meet their drawn halves are one border (R131): a wall if either
    half is a wall, else a door if either is a door (open to the colour of each sector that shows
    it, A-11), else open. On the edge of the map a wall is an OUTER wall (R42); an exit is linked
    by its portal or wraps to the other end of its row or column (R39, R40, A-1).

    Raises:
        BoardError: a colour count that does not match the slots, or a board on which some
            square cannot be reached from the others with every door open.
    """
    if len(colours) != arrangement.players or len(rotations) != arrangement.players:
        raise BoardError(f"arrangement {arrangement.name!r} has {arrangement.players} slots, got "
                         f"{len(colours)} colours and {len(rotations)} rotations")
    if len(set(colours)) != len(colours) or any(not 0 <= c < len(COLOURS) for c in colours):
        raise BoardError(f"colours {list(colours)!r}: expected different colour indexes 0..3")
    srows, scols = len(arrangement.slots), len(arrangement.slots[0])
    H, Wd = srows * SIZE, scols * SIZE
    sq_of = np.full((H, Wd), -1, np.int16)
    cell = np.zeros((H, Wd), np.int8)
    sides = np.zeros((H, Wd, 4), np.int8)
    owner = np.full((H, Wd), -1, np.int8)
    for letter, colour, rot in zip(arrangement.letters, colours, rotations, strict=True):
        sec = faces.sectors[COLOURS[colour]].rotated(rot)
        r0, c0 = (x * SIZE for x in arrangement.slot_pos(letter))
        cell[r0:r0 + SIZE, c0:c0 + SIZE] = sec.cells
        sides[r0:r0 + SIZE, c0:c0 + SIZE] = sec.sides
        owner[r0:r0 + SIZE, c0:c0 + SIZE] = colour
    rr, cc = np.nonzero(owner >= 0)  # row-major order
    nsq = len(rr)
    sq_of[rr, cc] = np.arange(nsq, dtype=np.int16)

    def at(r, c):
        return int(sq_of[r, c]) if 0 <= r < H and 0 <= c < Wd else -1

    hedge = np.full((H + 1, Wd), -1, np.int16)
    vedge = np.full((H, Wd + 1), -1, np.int16)
    kinds: list[int] = []
    doors: list[int] = []
    inner: list[int] = []

    def border(a: tuple[int, int], da: int, b: tuple[int, int], db: int) -> int:
        """Record the border between map cells a (its side da) and b (its side db)."""
        halves = [(p, d) for p, d in ((a, da), (b, db)) if at(*p) >= 0]
        if not halves:
            return -1
        drawn = [int(sides[p[0], p[1], d]) for p, d in halves]
        mask = 0
        if WALL in drawn:
            kind = WALL
        elif DOOR in drawn:
            kind = DOOR
            for (p, _), k in zip(halves, drawn, strict=True):
                if k == DOOR:
                    mask |= 1 << int(owner[p])
        else:
            kind = OPEN
        if len(halves) == 1 and kind == WALL:
            kind = OUTER
        kinds.append(kind)
        doors.append(mask)
        inner.append(int(len(halves) == 2))
        return len(kinds) - 1

    for r in range(H + 1):
        for c in range(Wd):
            hedge[r, c] = border((r - 1, c), S, (r, c), N)
    for r in range(H):
        for c in range(Wd + 1):
            vedge[r, c] = border((r, c - 1), E, (r, c), W)
    nbr = np.full((nsq, 4), -1, np.int16)
    arrive = np.full((nsq, 4), -1, np.int8)
    edge = np.full((nsq, 4), -1, np.int16)
    link = np.zeros((nsq, 4), np.int8)
    for s in range(nsq):
        r, c = int(rr[s]), int(cc[s])
        edge[s] = (hedge[r, c], vedge[r, c + 1], hedge[r + 1, c], vedge[r, c])
        for d in range(4):
            t = at(r + DR[d], c + DC[d])
            if t >= 0:
                nbr[s, d], arrive[s, d] = t, (d + 2) % 4
    # Links of the exits on the edge of the map: portals first, then wrap-around
    portal_of = {}
    for pc, a, b in arrangement.portals:
        portal_of[a] = (b, 2 + PORTAL_COLOURS.index(pc))
        portal_of[b] = (a, 2 + PORTAL_COLOURS.index(pc))
    for end in arrangement.edge_exits():
        partner, kind = portal_of.get(end, (None, LINK_WRAP))
        if partner is None:
            partner = _wrap_partner(arrangement, end)
        s, d = _exit_square(arrangement, sq_of, end)
        t, a = _exit_square(arrangement, sq_of, partner)
        nbr[s, d], arrive[s, d], link[s, d] = t, a, kind
    kind = np.array(kinds, np.int8)
    edge_sq = np.full(len(kinds), -1, np.int16)
    edge_side = np.full(len(kinds), -1, np.int8)
    for s in range(nsq):
        edge_sq[edge[s]] = s
        edge_side[edge[s]] = np.arange(4)
    links = link_rows(link, nbr, arrive, rr, cc)
    geo = Geometry(sq_of, rr.astype(np.int16), cc.astype(np.int16), nbr, arrive, edge, link, hedge, vedge,
                   kind, np.array(doors, np.int8), np.array(inner, np.int8), edge_sq, edge_side,
                   columns(hedge, vedge, kind), links, link_sight(links, rr, cc, edge_sq, edge_side),
                   *windows(sq_of, rr, cc, edge, edge_sq, edge_side), open_distances(nbr), *no_walks())
    board = Board(faces.name, arrangement, tuple(int(c) for c in colours), tuple(int(x) % 4 for x in rotations),
                  geo, owner[rr, cc].astype(np.int8),
                  np.where(cell[rr, cc] == BASE, owner[rr, cc], -1).astype(np.int8),
                  np.where(cell[rr, cc] == TREASURE, owner[rr, cc], -1).astype(np.int8), sides)
    _check_reachable(board)
    return board


def windows(sq_of: np.ndarray, sq_r: np.ndarray, sq_c: np.ndarray, edge: np.ndarray, edge_sq: np.ndarray,
            edge_side: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``Geometry.window`` and ``window_edges``: for each square, the squares of the 3 x 3 block
    of the map around it (map order: row by row), and the borders on their sides, each once (in
    the order of the squares, then N, E, S, W: a border is listed from the square and side it is
    recorded on, or from the block's square if that one lies outside the block), each row led by
    its count. Where Destroy Wall and attacks on walls look (rules.window_squares, window_borders):
    fixed by the deal (a turned sector keeps its squares' and borders' numbers), so worked out
    once a deal instead of once a listing."""
    H, W = sq_of.shape
    nsq = sq_r.shape[0]
    r0, c0 = sq_r.astype(np.int64), sq_c.astype(np.int64)
    cand = np.full((nsq, 9), -1, np.int64)
    for k, (dr, dc) in enumerate((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)):
        r, c = r0 + dr, c0 + dc
        on = (r >= 0) & (r < H) & (c >= 0) & (c < W)
        cand[on, k] = sq_of[r[on], c[on]]
    win = _packed(cand, cand >= 0)
    sq = np.repeat(win[:, 1:], 4, axis=1)  # (nsq, 36): each block square once per side
    side = np.tile(np.arange(4), 9)[None, :]
    f = np.where(sq >= 0, edge[np.maximum(sq, 0), side], -1)
    o = edge_sq[np.maximum(f, 0)]
    inside = (np.abs(r0[o] - r0[:, None]) <= 1) & (np.abs(c0[o] - c0[:, None]) <= 1)
    keep = (sq >= 0) & (((o == sq) & (edge_side[np.maximum(f, 0)] == side)) | ~inside)
    return win, _packed(f, keep)


def open_distances(nbr: np.ndarray) -> np.ndarray:
    """``Geometry.open_dist``: the steps between every two squares if every border were open
    (one breadth-first search a square over ``nbr``, links included; -1 unreachable). A walk on
    the board, with any walls, doors or blocks, or any one of them gone, is never shorter: a
    bot's bound for what breaking a wall could gain (``bots.aims_possible``). Fixed by the deal."""
    n = nbr.shape[0]
    step = np.zeros((n, n), np.float32)  # step[s, t] = 1: one step from s to t
    for d in range(4):
        on = nbr[:, d] >= 0
        step[np.flatnonzero(on), nbr[on, d]] = 1.0
    dist = np.full((n, n), -1, np.int8)
    reached = np.eye(n, dtype=bool)
    dist[reached] = 0
    front, level = reached.copy(), 0
    while front.any():  # every source at once, a level at a time
        level += 1
        front = ((front.astype(np.float32) @ step) > 0) & ~reached
        dist[front] = level
        reached |= front
    return dist


def _packed(values: np.ndarray, keep: np.ndarray) -> np.ndarray:
    """int16 rows: how many of each row's ``values`` are kept, then those in order, -1 after."""
    out = np.full((values.shape[0], values.shape[1] + 1), -1, np.int16)
    out[:, 0] = keep.sum(axis=1)
    order = np.argsort(~keep, axis=1, kind="stable")  # the kept first, in their order
    packed = np.take_along_axis(values, order, axis=1)
    out[:, 1:] = np.where(np.take_along_axis(keep, order, axis=1), packed, -1)
    return out


def no_walks() -> tuple[np.ndarray, ...]:
    """The ``walk_*`` and ``graph_*`` fields of a Geometry that remembers no searches (a Board's
    own)."""
    return (np.zeros(0, np.int64), np.zeros((0, 0), np.int8), np.zeros((0, 0), np.int8),
            np.zeros((0, 0), np.int16), np.zeros(0, np.int64), np.zeros((0, 0), np.int8),
            np.zeros((0, 0), np.int8), np.zeros((0, 0, 2), np.uint64))


def link_rows(link: np.ndarray, nbr: np.ndarray, arrive: np.ndarray, sq_r: np.ndarray,
              sq_c: np.ndarray) -> np.ndarray:
    """``Geometry.links``: a row per linked side (square e, side d), in square-then-side order, of
    what a line of sight through it needs (sight.py, A-12): e, d; the clockwise quarter turns q
    and the shift (tx, ty) (doubled coordinates) that lay the far side against the exit, its
    inward direction along d; the seam, the exit's border line (x for an east or west exit, y
    for north or south); and the exit's row (E/W) or column (N/S). Fixed by the arrangement and
    the squares' places, so a game computes it once per deal instead of once per sight line."""
    rows = []
    for e, d in np.argwhere(link != LINK_NONE):
        e, d = int(e), int(d)
        p, arr = int(nbr[e, d]), int(arrive[e, d])
        q = (d - (arr + 2)) % 4
        px, py = 2 * int(sq_c[p]) + 1, 2 * int(sq_r[p]) + 1
        for _ in range(q):  # clockwise, y grows southwards (sight._turn)
            px, py = -py, px
        ex = 2 * int(sq_c[e]) + 1 + 2 * DC[d]
        ey = 2 * int(sq_r[e]) + 1 + 2 * DR[d]
        if d in (E, W):
            seam, cell = 2 * int(sq_c[e]) + (2 if d == E else 0), int(sq_r[e])
        else:
            seam, cell = 2 * int(sq_r[e]) + (2 if d == S else 0), int(sq_c[e])
        rows.append((e, d, q, ex - px, ey - py, seam, cell))
    return np.array(rows, np.int16).reshape(-1, 7)


def link_sight(links: np.ndarray, sq_r: np.ndarray, sq_c: np.ndarray, edge_sq: np.ndarray,
               edge_side: np.ndarray) -> np.ndarray:
    """``Geometry.sight_links``: for every viewer's square and target point (each square's centre,
    then each border's midpoint), the bit set of the links (rows of ``links``) whose border line a
    straight line from the viewer to the point, laid across that link, crosses on the exit's own
    border between its corner columns: what ``sight._through`` works out before any wall is
    looked at. Walls, doors and columns change in play; these crossings depend only on the deal,
    so a failed direct line tries only the links set here (about one a pair at 2 to 4 players)
    instead of all 6 to 8 (a test checks every pair against ``_through``). The same integer
    arithmetic, every pair of a link at once. One byte a pair keeps a deal's table small in the
    cache: bit 7 stands for rows 7 and later together (a board of more than 8 links tries all of
    those when it is set)."""
    x0 = (2 * sq_c.astype(np.int64) + 1)[:, None]
    y0 = (2 * sq_r.astype(np.int64) + 1)[:, None]
    es = edge_sq.astype(np.int64)
    px = np.concatenate([2 * sq_c.astype(np.int64) + 1, 2 * sq_c[es].astype(np.int64) + 1 + np.take(DC, edge_side)])
    py = np.concatenate([2 * sq_r.astype(np.int64) + 1, 2 * sq_r[es].astype(np.int64) + 1 + np.take(DR, edge_side)])
    out = np.zeros((len(sq_r), len(px)), np.uint8)
    for n, (_, d, q, tx, ty, seam, cell) in enumerate(links.astype(np.int64)):
        bx, by = px, py
        for _ in range(q % 4):  # clockwise, y grows southwards (sight._turn)
            bx, by = -by, bx
        X1, Y1 = (bx + tx)[None, :], (by + ty)[None, :]
        u0, u1, v0, v1 = (x0, X1, y0, Y1) if d in (E, W) else (y0, Y1, x0, X1)
        tsn = (seam - u0) * np.sign(u1 - u0)
        tsd = np.abs(u1 - u0)
        along = v0 * tsd + tsn * (v1 - v0)
        ok = (tsd > 0) & (tsn > 0) & (tsn < tsd) & (along > 2 * tsd * cell) & (along < 2 * tsd * (cell + 1))
        out[ok] |= np.uint8(1 << min(n, 7))
    return out


def columns(hedge: np.ndarray, vedge: np.ndarray, kind: np.ndarray) -> np.ndarray:
    """int8 (H + 1, W + 1): 1 where a column stands (A-13): a grid corner touched by any border
    that is not open (wall, door, outer wall; R77 "the column included"), or by no border at all
    (off the map)."""
    H, W = vedge.shape[0], hedge.shape[1]
    blocked = np.zeros((H + 1, W + 1), np.int8)
    touched = np.zeros((H + 1, W + 1), np.int8)
    for (i0, j0, arr) in ((0, 0, hedge), (0, 1, hedge), (0, 0, vedge), (1, 0, vedge)):
        # hedge[i, j] touches corners (i, j) and (i, j + 1); vedge[i, j] touches (i, j) and (i + 1, j)
        rows, cols = arr.shape
        present = arr >= 0
        wall = present & (kind[np.maximum(arr, 0)] != OPEN)
        touched[i0:i0 + rows, j0:j0 + cols] |= present
        blocked[i0:i0 + rows, j0:j0 + cols] |= wall
    return (blocked | (touched == 0)).astype(np.int8)


def _exit_square(arr: Arrangement, sq_of: np.ndarray, end: tuple[str, int]) -> tuple[int, int]:
    """(square, side) of a slot's exit: the middle square of that slot edge."""
    letter, d = end
    r0, c0 = (x * SIZE for x in arr.slot_pos(letter))
    r = r0 + (0 if d == N else SIZE - 1 if d == S else MID)
    c = c0 + (0 if d == W else SIZE - 1 if d == E else MID)
    return int(sq_of[r, c]), d


def _check_reachable(board: Board) -> None:
    dist = distances(board.geo, 0, ALL_DOORS)
    missing = np.flatnonzero(dist < 0)
    if len(missing):
        s = int(missing[0])
        raise BoardError(f"board set {board.set_name!r} in arrangement {board.arrangement.name!r}: square "
                         f"(row {board.geo.sq_r[s]}, column {board.geo.sq_c[s]}) of the "
                         f"{COLOURS[board.sq_colour[s]]} sector cannot be reached from the rest of the map "
                         f"even with every door open")


def build_board(players: int, seed: int | np.random.SeedSequence, board_set_name: str = "extracted",
                arrangement: str | None = None, colours: list[int] | None = None) -> Board:
    """Deal a board at random, as the rulebook's setup does (L4 setup step 2, R20, A-21): the
    players' sectors (``colours``, default: ``players`` colours drawn at random, R18) go face down
    to the slots in a random order, each turned 0, 90, 180 or 270 degrees at random.

    Args:
        players: 2, 3 or 4.
        seed: an int or SeedSequence; the same seed deals the same board.
        board_set_name: a shipped board set (:func:`board_sets`).
        arrangement: a shipped arrangement name; default: the player count's default.
        colours: colour indexes in play, one per player.
    """
    arr = default_arrangement(players) if arrangement is None else arrangements().get(arrangement)
    if arr is None:
        raise BoardError(f"arrangement {arrangement!r} unknown, expected one of {', '.join(arrangements())}")
    if arr.players != players:
        raise BoardError(f"arrangement {arr.name!r} is for {arr.players} players, got players = {players}")
    rng = np.random.default_rng(seed)
    if colours is None:
        colours = sorted(rng.choice(len(COLOURS), size=players, replace=False).tolist())
    order = rng.permutation(len(colours))
    rotations = rng.integers(0, 4, size=players)
    return assemble(board_set(board_set_name), arr, [colours[i] for i in order], rotations.tolist())


def read_board_file(path: str | Path) -> BoardSet:
    """Parse a user's board file (same format as the shipped sets)."""
    p = Path(path)
    return parse_board_set(p.read_text("utf-8"), str(p))
