"""Per-round scores and the game-quality columns computed from them (issue 11).

A game that keeps every seat's score at the end of each round (its state's history, shape
(games, rounds kept, seats)) hands it to :func:`round_columns` in its ``extract``; the result
tables then carry:

* games: ``rounds`` (rounds begun: the last one may be cut short by the end of the game),
  ``margin`` (best final score minus the second best), ``lead_changes`` (how often the sole
  leader at the end of a round differs from the previous sole leader; tied rounds have no leader
  and change nothing), ``lead_round`` (the round from whose end on the winner led alone for good;
  -1 without a single winner or when the winner did not lead alone at the end), and
  ``winner_deficit`` (the most the winner trailed the best other seat by at the end of a round,
  0 if never; -1 without a single winner): a comeback is a win with ``winner_deficit > 0``;
* seats: ``round_scores``, the seat's score at the end of each round kept (a list).

Pure numpy on whole sub-batches. An engine can instead track the figures round by round as it
plays (:func:`simlab.games.kernel.track_round`, 1 µs a game cheaper than this in Python; Quarriors
does) and take only :func:`round_scores` and :func:`margins` from here; its tests check that the
two agree.
"""

from __future__ import annotations

import numpy as np
import polars as pl
import pyarrow as pa

__all__ = ["ROUND_GAME_COLUMNS", "round_columns", "round_scores", "margins"]

ROUND_GAME_COLUMNS = ("rounds", "margin", "lead_changes", "lead_round", "winner_deficit")


def round_columns(hist: np.ndarray, rounds: np.ndarray, final: np.ndarray,
                  winner: np.ndarray) -> tuple[dict[str, np.ndarray], pl.Series]:
    """The games-table columns and the seats' ``round_scores`` from a score history.

    Args:
        hist: (m, R, players) scores at the end of each round (rounds past ``rounds`` ignored).
        rounds: (m,) rounds begun in each game (more than R: only the first R are kept).
        final: (m, players) final scores (the margin is taken from these, whatever R).
        winner: (m,) the winning seat, -1 for a shared win or a draw.

    Returns:
        ``({column: int16 array (m,)}, round_scores)``: the five :data:`ROUND_GAME_COLUMNS`, and a
        list column with one row per game and seat (seat-major within a game, as the seats table).
    """
    hist = np.asarray(hist)
    rounds = np.asarray(rounds, np.int64)
    winner = np.asarray(winner, np.int64)
    kept = np.minimum(rounds, hist.shape[1])
    hist = hist[:, : max(int(kept.max(initial=0)), 1)]  # only the rounds some game reached
    m, r_max, players = hist.shape
    valid = np.arange(r_max)[None, :] < kept[:, None]                      # (m, R)
    rows = np.arange(m)

    top = hist.max(axis=2)
    sole = (hist == top[..., None]).sum(axis=2) == 1
    leader = np.where(valid & sole, hist.argmax(axis=2), -1)               # (m, R), -1: tie or past the end
    # forward-fill the last sole leader, then count the rounds where it changes
    at = np.where(leader >= 0, np.arange(r_max)[None, :], -1)
    at = np.maximum.accumulate(at, axis=1)
    filled = np.where(at >= 0, leader[rows[:, None], np.maximum(at, 0)], -1)
    changes = ((filled[:, 1:] != filled[:, :-1]) & (filled[:, :-1] >= 0)).sum(axis=1)

    has_winner = winner >= 0
    w = np.maximum(winner, 0)
    leads = (leader == w[:, None]) & valid
    not_lead = valid & ~leads
    last_not = np.where(not_lead.any(axis=1), r_max - 1 - np.argmax(not_lead[:, ::-1], axis=1), -1)
    lead_round = np.where(last_not == kept - 1, -1, last_not + 2)           # 1-based round
    lead_round = np.where(has_winner & (kept > 0), lead_round, -1)

    mine = hist[rows, :, w]                                                # (m, R)
    # the best other seat: the top score, or the second best where the winner holds the top alone
    second = np.sort(hist, axis=2)[:, :, -2] if players > 1 else hist[:, :, 0]
    others = np.where((leader == w[:, None]) | (valid & sole & (hist.argmax(axis=2) == w[:, None])), second, top)
    gap = np.where(valid, others.astype(np.int64) - mine, 0)
    deficit = np.where(has_winner, np.clip(gap.max(axis=1, initial=0), 0, None), -1)

    margin = margins(final)

    games = {"rounds": rounds, "margin": margin, "lead_changes": changes, "lead_round": lead_round,
             "winner_deficit": deficit}
    games = {k: v.astype(np.int16) for k, v in games.items()}

    return games, round_scores(hist, kept)


def margins(final: np.ndarray) -> np.ndarray:
    """Best final score minus the second best, per game (int16)."""
    final = np.asarray(final)
    if final.shape[1] < 2:
        return np.zeros(final.shape[0], np.int16)
    srt = np.sort(final, axis=1)
    return (srt[:, -1].astype(np.int64) - srt[:, -2]).astype(np.int16)


def round_scores(hist: np.ndarray, kept: np.ndarray) -> pl.Series:
    """The seats' ``round_scores`` list column: row (game, seat) holds the seat's scores at the
    end of the game's first ``kept`` rounds (``hist``: (m, R, players), seat-major rows)."""
    hist = np.asarray(hist)
    m, r_max, players = hist.shape
    kept = np.minimum(np.asarray(kept, np.int64), r_max)
    valid = np.arange(r_max)[None, :] < kept[:, None]
    per_seat = np.broadcast_to(valid[:, None, :], (m, players, r_max))
    values = hist.transpose(0, 2, 1)[per_seat].astype(np.int16)             # game, seat, round order
    offsets = np.concatenate([[0], np.cumsum(np.repeat(kept, players))]).astype(np.int32)
    return pl.from_arrow(pa.ListArray.from_arrays(pa.array(offsets), pa.array(values))).alias("round_scores")
