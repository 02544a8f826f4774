"""Synthetic result tables (seats, cards, games) with known true answers, for the analysis tests."""

from __future__ import annotations

import numpy as np
import polars as pl

KEYS = {"seed": 0, "version": "test"}


def seats_frame(game_id, seat, bot_row, bot, won, variant="v", shared_win=None, players=2) -> pl.DataFrame:
    """A ``seats`` table from per-row arrays (variant may be an array too)."""
    n = len(game_id)
    data = {
        "game_id": np.asarray(game_id, np.int64),
        "variant_id": np.zeros(n, np.int32),
        "variant": np.broadcast_to(np.asarray(variant, dtype=object), (n,)).tolist(),
        "players": np.full(n, players, np.int8),
        "seed": np.zeros(n, np.int64),
        "version": ["test"] * n,
        "seat": np.asarray(seat, np.int8),
        "bot_row": np.asarray(bot_row, np.int16),
        "bot": list(bot) if not isinstance(bot, str) else [bot] * n,
        "score": np.zeros(n),
        "won": np.asarray(won, bool),
    }
    if shared_win is not None:
        data["shared_win"] = np.asarray(shared_win, np.int8)
    return pl.DataFrame(data)


def two_player_seats(win0, variant="v", bots=("a", "b"), rotate=False) -> pl.DataFrame:
    """Two-player games where seat 0 wins where ``win0`` is True (else seat 1)."""
    win0 = np.asarray(win0, bool)
    g = np.repeat(np.arange(win0.size), 2)
    seat = np.tile([0, 1], win0.size)
    row = (seat + g) % 2 if rotate else seat
    won = np.column_stack([win0, ~win0]).ravel()
    return seats_frame(g, seat, row, np.asarray(bots, dtype=object)[row], won, variant=variant)
