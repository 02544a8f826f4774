"""A text picture of the board with wizards, treasures and objects, for replays and debugging.

The picture uses the board-file grid (docs/wizwar.md): '+' corners, '---' and '|' walls,
'DDD' and 'D' doors; exits on the edge of the map are gaps, a portal exit shows its colour's
letter ('p' purple, 'c' cyan). Each square is three characters:

1. a wizard: its colour's capital initial (B, R, Y, G), '*' for several;
2. a treasure lying there: its owner's small initial (b, r, y, g), '$' for several; else 'H' on
   a home base, 'T' on a treasure start square;
3. an object: the character the caller gives for that square.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from simlab.games.wizwar import board as B
from simlab.games.wizwar.board import Board

__all__ = ["render", "LEGEND"]

LEGEND = ("B/R/Y/G wizard (* several), b/r/y/g treasure ($ several), H home base, T treasure start, "
          "DDD/D door, p/c purple/cyan portal exit")

_H = {B.OPEN: "   ", B.WALL: "---", B.OUTER: "---", B.DOOR: "DDD"}
_V = {B.OPEN: " ", B.WALL: "|", B.OUTER: "|", B.DOOR: "D"}


def _colour(c: int | str) -> int:
    return B.COLOURS.index(c) if isinstance(c, str) else int(c)


def render(board: Board, wizards: Mapping[int | str, int] | None = None,
           treasures: Iterable[tuple[int | str, int]] = (), objects: Mapping[int, str] | None = None) -> list[str]:
    """The board as ``2 H + 1`` lines of ``4 W + 1`` characters (H x W squares).

    Args:
        board: the assembled board.
        wizards: colour -> square of each wizard on the board.
        treasures: (owner colour, square) of each treasure lying on the board.
        objects: square -> one character for an object there.
    """
    g = board.geo
    H, W = board.shape
    who: dict[int, str] = {}
    for c, s in (wizards or {}).items():
        who[s] = "*" if s in who else B.COLOURS[_colour(c)][0].upper()
    loot: dict[int, str] = {}
    for c, s in treasures:
        loot[s] = "$" if s in loot else B.COLOURS[_colour(c)][0]
    objects = objects or {}

    def portal(s: int, d: int) -> str | None:
        k = int(g.link[s, d]) if s >= 0 else 0
        return B.PORTAL_COLOURS[k - 2][0] if k >= 2 else None

    out = []
    for r in range(H + 1):
        line = ""
        for c in range(W + 1):
            near = [g.sq_of[i, j] for i in (r - 1, r) for j in (c - 1, c) if 0 <= i < H and 0 <= j < W]
            line += "+" if any(s >= 0 for s in near) else " "
            if c < W:
                e = g.hedge[r, c]
                if e < 0:
                    line += "   "
                    continue
                s = g.sq_of[r, c] if r < H else -1
                p = portal(s, B.N) if s >= 0 else portal(g.sq_of[r - 1, c], B.S)
                line += f" {p} " if p else _H[int(g.edge_kind[e])]
        out.append(line.rstrip())
        if r == H:
            break
        line = ""
        for c in range(W + 1):
            e = g.vedge[r, c]
            if e < 0:
                line += " "
            else:
                s = g.sq_of[r, c] if c < W else -1
                p = portal(s, B.W) if s >= 0 else portal(g.sq_of[r, c - 1], B.E)
                line += p if p else _V[int(g.edge_kind[e])]
            if c < W:
                s = int(g.sq_of[r, c])
                if s < 0:
                    line += "   "
                    continue
                mark = loot.get(s) or ("H" if board.sq_base[s] >= 0 else "T" if board.sq_treasure[s] >= 0 else " ")
                line += who.get(s, " ") + mark + objects.get(s, " ")[:1]
        out.append(line.rstrip())
    return out
