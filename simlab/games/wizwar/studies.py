"""Wiz-War studies that need only the board: how far the treasures are on each board set.

Game-specific studies live beside the game (design guide section 6); this one reads boards only.
"""

from __future__ import annotations

import numpy as np

from simlab.games.wizwar.board import build_board
from simlab.games.wizwar.movement import distances

__all__ = ["treasure_round_trips"]


def treasure_round_trips(board_set: str, players: int, deals: int, seed: int = 0) -> dict[str, float]:
    """Each wizard's shortest walk from its base to the nearest enemy treasure start square and
    back, with only its own doors open (R46), over ``deals`` boards dealt with seeds
    ``seed .. seed + deals - 1`` (:func:`~simlab.games.wizwar.board.build_board`).

    Returns:
        mean, min and max of the round trip over wizards that can reach some enemy treasure;
        ``shut_out``: wizards that can reach none; ``cut_off_deals``: deals in which some wizard
        cannot reach some enemy treasure start square.
    """
    trips: list[int] = []
    shut_out = cut_off = 0
    for k in range(deals):
        bd = build_board(players, seed + k, board_set)
        any_cut = False
        for c in bd.colours:
            dist = distances(bd.geo, bd.base(c), 1 << c)
            reach = [int(dist[t]) for o in bd.colours if o != c for t in bd.treasure_starts(o)]
            ok = [d for d in reach if d >= 0]
            any_cut |= len(ok) < len(reach)
            if ok:
                trips.append(2 * min(ok))
            else:
                shut_out += 1
        cut_off += any_cut
    arr = np.array(trips, float)
    nan = float("nan")
    return {"mean": float(arr.mean()) if len(arr) else nan, "min": float(arr.min()) if len(arr) else nan,
            "max": float(arr.max()) if len(arr) else nan, "shut_out": shut_out, "cut_off_deals": cut_off}
