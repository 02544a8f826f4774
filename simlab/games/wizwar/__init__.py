"""Wiz-War (Fantasy Flight Games, 8th edition, 2011): 2-4 wizards, a shared Magic deck, a maze.

The playable core: turns, movement, punches, the simplest attack spells and counters, treasures
and points. Cards whose effects are not implemented stay out of the deck (``state.IMPLEMENTED``);
docs/wizwar.md lists the rules and cards in and out.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from simlab.games.base import CardTable, GameSpec, play_in_batches, play_traced, seat_frame
from simlab.games.rounds import round_columns
from simlab.games.wizwar import bots as B
from simlab.games.wizwar import data
from simlab.games.wizwar import rules as R  # noqa: F401  (importing it registers setup and play_game with the kernel)
from simlab.games.wizwar import state as S
from simlab.games.wizwar.render import LEGEND, render
from simlab.games.wizwar.trace import format_events
from simlab.presets import with_preset_files

__all__ = ["GAME", "play", "replay"]

# 0.3.2: each seat's points kept round by round (games: margin, lead_changes, lead_round,
#        winner_deficit; seats: round_scores); cards: first_round (first cast); play is the same as
#        0.3.1's, game for game
# 0.3.3: a door unlocked by Pick Lock or Master Key no longer lets its wizard into a square a Stone
#        Block filled after the unlock (movement.step_unlocked); found by simlab check in 1 of
#        1,000,000 random two-player games
VERSION = "0.3.3"
SUB_BATCH = 512  # games held in memory at once by one worker (state is ~25 KB a game)
# vp is the `score` column (dead wizards: -1); the squares become board rows and columns (_squares)
_SEAT_STATS = [c for c in S.SEAT_COLUMNS if c != "vp" and c not in S.SQUARE_SEAT_COLUMNS]


def _new_state(ncard: int, tables: S.Tables):
    shape = S.board_shape(tables)

    def make(batch: int, trace_events: int = 0) -> S.State:
        return S.new_state(batch, trace_events, ncard, shape)
    return make


def play(game_ids, seed_words, players: int, bots: np.ndarray, cards: CardTable,
         rotate: bool = False, check: bool = False) -> dict[str, dict[str, np.ndarray]]:
    """Play the games ``game_ids`` and return the games, seats and cards tables (see GameSpec)."""
    in_deck = np.flatnonzero(np.bincount(cards.arrays["deck"], minlength=len(cards.names)))

    tables = data.tables(cards, players)

    def extract(st, ids, players, rows, rotate, check, viol):
        return _extract(st, ids, players, rows, rotate, check, viol, in_deck, tables)

    return play_in_batches("wizwar", game_ids, seed_words, players, bots, tables,
                           new_state=_new_state(len(cards.names), tables), extract=extract,
                           n_params=B.NPARAM, sub_batch=SUB_BATCH, rotate=rotate, check=check)


def _extract(st: S.State, ids: np.ndarray, players: int, rows: int, rotate: bool, check: bool,
             viol: np.ndarray, in_deck: np.ndarray, tables: S.Tables) -> dict[str, dict[str, np.ndarray]]:
    """Copy one sub-batch's results out of the state into flat columns (cards: only those in
    the deck)."""
    m = ids.shape[0]
    winner = st.winner[:m].astype(np.int8)
    games = {"game_id": ids.copy(), "winner": winner, "turns": st.turn[:m].astype(np.int32),
             "end_reason": st.end_reason[:m].astype(np.int8), "rounds": np.minimum(st.rnd[:m], S.ROUND_LIMIT)
             .astype(np.int32), "deal": st.deal[:m].astype(np.int16)}
    if check:
        games["violations"] = viol.astype(np.int32)
    seats = seat_frame(ids, players, rows, rotate, winner)
    vp = st.seat[:m, :players, S.S_VP]
    score = np.where(st.alive[:m, :players] == 1, vp, -1)  # a dead wizard cannot win (R153)
    seats |= {"score": score.reshape(-1).astype(np.int16), "won": seats.pop("won")}
    quality, curves = round_columns(st.score_hist[:m, :, :players], games["rounds"], score, winner)
    games |= {k: v for k, v in quality.items() if k != "rounds"}
    seats["round_scores"] = curves
    for name in _SEAT_STATS:
        seats[name] = st.seat[:m, :players, S.SEAT_COLUMNS.index(name)].reshape(-1).astype(np.int32)
    seats |= _squares(st, m, players, tables)
    nc = in_deck.shape[0]
    cs = st.card[:m, :players][:, :, in_deck, :]
    cards = {"game_id": np.repeat(ids, players * nc),
             "seat": np.tile(np.repeat(np.arange(players, dtype=np.int8), nc), m),
             "card": np.tile(in_deck, m * players).astype(np.int16),
             "acquired": cs[..., S.C_ACQ].reshape(-1).astype(np.int32),
             "played": cs[..., S.C_PLAYED].reshape(-1).astype(np.int32),
             "energy": cs[..., S.C_ENERGY].reshape(-1).astype(np.int32),
             "first_round": cs[..., S.C_FIRST_ROUND].reshape(-1).astype(np.int32)}
    return {"games": games, "seats": seats, "cards": cards}


def _squares(st: S.State, m: int, players: int, tables: S.Tables) -> dict[str, np.ndarray]:
    """Where each wizard died and first picked up an enemy's treasure, as rows and columns of the
    board's map (-1 = never): the board heat map's data (studies.square_events). The map is the
    dealt one, so a square keeps its place whatever the deal's sector order and turns."""
    out = {}
    deal = st.deal[:m].astype(np.int64)[:, None]
    for col, what in zip(S.SQUARE_SEAT_COLUMNS, ("death", "steal"), strict=True):
        sq = st.seat[:m, :players, S.SEAT_COLUMNS.index(col)].astype(np.int64) - 1
        seen = sq >= 0
        at = np.where(seen, sq, 0)
        out[f"{what}_row"] = np.where(seen, tables.g_sq_r[deal, at], -1).reshape(-1).astype(np.int8)
        out[f"{what}_col"] = np.where(seen, tables.g_sq_c[deal, at], -1).reshape(-1).astype(np.int8)
    return out


def replay(game_id: int, seed_words, players: int, bots: np.ndarray, cards: CardTable,
           bot_names: list[str] | None = None, boards: Sequence[str | int] = ()) -> list[str]:
    """The readable log of one game: the deal, every step, boost, pick-up, attack, counter,
    damage, draw and discard, and the end.

    ``boards`` asks for pictures of the board (render.py: wizards, treasures lying on it,
    Stone Blocks ``#``, dropped items ``i``, walls and doors as they stand then): ``"start"``,
    ``"end"``, ``"each"`` (before every turn) or turn numbers (the board as that turn begins).
    """
    tables = data.tables(cards, players)
    st, viol = play_traced(_new_state(len(cards.names), tables), tables, game_id, seed_words, players, bots)
    names = bot_names or [f"bot {p % len(bots)}" for p in range(players)]
    k = int(st.deal[0])
    lines = [f"Board: set {cards.variant_choices.get('board_set', 'extracted')}, deal {k} of the pool; "
             f"deck {cards.variant_choices.get('deck')} ({len(cards.arrays['deck'])} cards)"]
    log = format_events(st.ev[0], int(st.ev_n[0]), cards, names, tables.g_sq_r[k], tables.g_sq_c[k],
                        st.colour[0], tables.g_edge_sq[k], tables.g_edge_side[k])
    turns = int(st.turn[0])
    wanted = _board_turns(boards, turns)
    if wanted:
        board = _dealt_board(cards, players, k)
        pictures = {}
        for n, turn in enumerate(sorted(wanted)):
            snap = st if turn > turns else _snapshot(cards, tables, game_id, seed_words, players, bots, turn)
            when = "at the end of the game" if turn > turns else f"as turn {turn} begins"
            legend = f" ({LEGEND}; # stone block, i dropped item)" if n == 0 else ""
            pictures[turn] = [f"  board {when}{legend}:", *("    " + ln for ln in _picture(snap, board, players))]
        out = []
        for line in log:
            if line.startswith("--- turn "):
                out += pictures.get(int(line.split()[2].rstrip(",")), [])
            out.append(line)
        log = out + pictures.get(turns + 1, [])
    lines += log
    lines.append("Final points: " + ", ".join(
        f"P{p + 1} {int(st.seat[0, p, S.S_VP])}" + ("" if st.alive[0, p] else " (dead)") for p in range(players)))
    if viol:
        lines.append(f"!! {viol} invariant violations")
    return lines


def _board_turns(boards: Sequence[str | int], turns: int) -> set[int]:
    """Turn numbers whose start to draw (turns + 1 = the end of the game)."""
    out: set[int] = set()
    for b in boards:
        if b == "start":
            out.add(1)
        elif b == "end":
            out.add(turns + 1)
        elif b == "each":
            out |= set(range(1, turns + 1)) | {turns + 1}
        elif isinstance(b, int) or (isinstance(b, str) and b.isdigit()):
            n = int(b)
            if n < 1:
                raise ValueError(f"board: turn {n}; expected a turn number from 1")
            out.add(min(n, turns + 1))
        else:
            raise ValueError(f"board: {b!r}; expected 'start', 'end', 'each' or turn numbers")
    return out


def _dealt_board(cards: CardTable, players: int, k: int):
    """Deal k of the pool as a Board (the pool is dealt with fixed seeds: data.deal_pool)."""
    from simlab.games.wizwar import board as BD

    return BD.build_board(players, np.random.SeedSequence([data.POOL_SEED, players, k]),
                          cards.variant_choices.get("board_set", "extracted"))


def _snapshot(cards: CardTable, tables, game_id: int, seed_words, players: int, bots: np.ndarray, turn: int):
    """The state of the same game just before turn ``turn`` starts (the game is deterministic)."""
    from simlab.games.kernel import play_batch

    st = _new_state(len(cards.names), tables)(1, trace_events=2)
    st.stop_turn[0] = turn
    with np.errstate(over="ignore"):
        play_batch(st, tables, np.array([game_id], np.int64), np.ascontiguousarray(seed_words, dtype=np.uint64),
                   players, np.ascontiguousarray(bots, dtype=np.float64), False, False, np.zeros(1, np.int32))
    return st


def _picture(st, board, players: int) -> list[str]:
    """The board of game 0 of ``st`` as text: its own walls and doors, wizards, treasures lying on
    squares, Stone Blocks and dropped items."""
    from dataclasses import replace

    ne = board.geo.edge_kind.shape[0]
    geo = board.geo._replace(edge_kind=(st.edge_kind[0, :ne] & S.KIND).astype(board.geo.edge_kind.dtype))
    now = replace(board, geo=geo)
    wizards = {int(st.colour[0, p]): int(st.pos[0, p]) for p in range(players) if st.alive[0, p]}
    treasures = [(int(st.colour[0, j // 2]), int(st.tr_sq[0, j])) for j in range(2 * players) if st.tr_sq[0, j] >= 0]
    objects = {int(q): "#" for q in np.flatnonzero(st.fill[0, :geo.sq_r.shape[0]])}
    for n in range(int(st.cont_n[0, S.Z_FLOOR])):
        objects.setdefault(int(st.c_sq[0, st.cont[0, S.Z_FLOOR, n]]), "i")
    return render(now, wizards, treasures, objects)


GAME = GameSpec(
    name="wizwar",
    title="Wiz-War (8th edition)",
    version=VERSION,
    players=(2, 3, 4),
    bots=B.PRESETS,
    bot_params=B.PARAMS,
    card_params=("avoid_card",),
    card_effect_out="avoid",
    default_bot="balanced",
    data_variants=data.variant_choices(),
    load_cards=data.load_cards,
    play=play,
    replay=replay,
    seat_columns=tuple(_SEAT_STATS),
    card_columns=S.CARD_COLUMNS,
    end_reasons=S.END_REASONS,
    tunable=B.TUNABLE,
    score_unit="victory points",
    first_round_verb="cast",
)
# the tuned presets committed with the game (simlab tune; docs/tuning.md)
GAME = with_preset_files(GAME, Path(__file__).parent / "presets")
