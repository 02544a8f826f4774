"""The contract every game must pass: :func:`check_game`.

Use it in each game's tests::

    from simlab.testing import check_game

    def test_contract():
        check_game("quarriors")
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np
import polars as pl

from simlab.games.base import GameSpec, root_seed_words
from simlab.results import TABLES
from simlab.runner import simulate
from simlab.scenario import resolve_game

__all__ = ["check_game", "check_tables", "check_golden_replay", "check_interpreted_matches"]


def _fail(spec: GameSpec, where: str, msg: str) -> None:
    raise AssertionError(f"{spec.name} {where}: {msg}")


def check_tables(
    spec: GameSpec,
    raw: dict,
    game_ids: np.ndarray,
    players: int,
    n_rows: int,
    n_cards: int,
    *,
    rotate: bool,
    where: str = "",
) -> None:
    """Check one ``play`` result against the contract (raises AssertionError)."""
    n = len(game_ids)
    for t in TABLES:
        if t not in raw:
            _fail(spec, where, f"play() result has no {t!r} table")
        lengths = {k: len(v) for k, v in raw[t].items()}
        if len(set(lengths.values())) > 1:
            _fail(spec, where, f"{t} columns have different lengths: {lengths}")
    g, s, c = raw["games"], raw["seats"], raw["cards"]
    need = {
        "games": ["game_id", "winner", "turns", "end_reason"],
        "seats": ["game_id", "seat", "bot_row", "score", "won", *spec.seat_columns],
        "cards": ["game_id", "seat", "card", "acquired", "played", *spec.card_columns],
    }
    for t, cols in need.items():
        missing = [col for col in cols if col not in raw[t]]
        if missing:
            _fail(spec, where, f"{t} table lacks columns {missing}")

    if len(g["game_id"]) != n or not np.array_equal(np.sort(g["game_id"]), np.sort(game_ids)):
        _fail(spec, where, f"games table must have one row per game id ({n}), got {len(g['game_id'])}")
    if "violations" in g:
        bad = np.flatnonzero(np.asarray(g["violations"]) != 0)
        if bad.size:
            _fail(
                spec,
                where,
                f"{bad.size} game(s) broke invariants, e.g. game_id "
                f"{int(g['game_id'][bad[0]])} ({int(g['violations'][bad[0]])} violations)",
            )
    turns = np.asarray(g["turns"])
    if (turns <= 0).any():
        _fail(spec, where, f"turns must be > 0, got {turns.min()}")
    reasons = np.asarray(g["end_reason"])
    hi = len(spec.end_reasons) if spec.end_reasons else None
    if (reasons < 0).any() or (hi is not None and (reasons >= hi).any()):
        _fail(spec, where, f"end_reason outside [0, {hi}): {np.unique(reasons).tolist()}")

    if len(s["game_id"]) != n * players:
        _fail(spec, where, f"seats must have games*players = {n * players} rows, got {len(s['game_id'])}")
    seats = pl.DataFrame(
        {
            "game_id": np.asarray(s["game_id"], dtype=np.int64),
            "seat": np.asarray(s["seat"], dtype=np.int64),
            "bot_row": np.asarray(s["bot_row"], dtype=np.int64),
            "score": np.asarray(s["score"], dtype=np.float64),
            "won": np.asarray(s["won"]).astype(bool),
        }
    ).sort(["game_id", "seat"])
    games = pl.DataFrame(
        {
            "game_id": np.asarray(g["game_id"], dtype=np.int64),
            "winner": np.asarray(g["winner"], dtype=np.int64),
        }
    )
    seat_ok = seats.group_by("game_id").agg(pl.col("seat").sort().alias("seats"))
    wrong = seat_ok.filter(pl.col("seats") != pl.lit(list(range(players))))
    if wrong.height:
        _fail(
            spec,
            where,
            f"game {wrong['game_id'][0]} has seats {wrong['seats'][0].to_list()}, expected 0..{players - 1}",
        )
    expect_row = (seats["seat"] + seats["game_id"]) % n_rows if rotate else seats["seat"]
    if not (seats["bot_row"] == expect_row).all():
        _fail(spec, where, f"bot_row must be {'(seat + game_id) % rows' if rotate else 'seat'}")

    j = seats.join(games, on="game_id").with_columns(pl.col("score").max().over("game_id").alias("best"))
    bad = j.filter((pl.col("winner") < -1) | (pl.col("winner") >= players))
    if bad.height:
        _fail(spec, where, f"winner out of range in game {bad['game_id'][0]}: {bad['winner'][0]}")
    bad = j.filter((pl.col("seat") == pl.col("winner")) & (pl.col("score") != pl.col("best")))
    if bad.height:
        _fail(
            spec,
            where,
            f"game {bad['game_id'][0]}: winner seat {bad['seat'][0]} has score "
            f"{bad['score'][0]} but the best score is {bad['best'][0]}",
        )
    bad = j.filter(
        ((pl.col("winner") >= 0) & (pl.col("won") != (pl.col("seat") == pl.col("winner"))))
        | ((pl.col("winner") == -1) & pl.col("won") & (pl.col("score") != pl.col("best")))
    )
    if bad.height:
        _fail(spec, where, f"game {bad['game_id'][0]}: won flags do not match winner {bad['winner'][0]}")

    card = np.asarray(c["card"])
    if card.size and ((card < 0) | (card >= n_cards)).any():
        _fail(spec, where, f"cards table references card ids outside [0, {n_cards})")
    cseat = np.asarray(c["seat"])
    if cseat.size and ((cseat < 0) | (cseat >= players)).any():
        _fail(spec, where, "cards table references seats outside the game")
    if card.size and not np.isin(np.asarray(c["game_id"]), game_ids).all():
        _fail(spec, where, "cards table references unknown game ids")
    for col in ("acquired", "played"):
        if (np.asarray(c[col]) < 0).any():
            _fail(spec, where, f"cards.{col} has negative counts")


def check_game(game: str | GameSpec, n_games: int = 300, seed: int = 0) -> None:
    """Play ``game`` with random and default bots and check the contract.

    For every allowed player count, with the ``random`` preset and with the default bot:
    play with ``check=True`` (no invariant violations), every game ended, the winner has the
    best score and ``won`` flags agree, seat and card tables are consistent. Then the same seed
    must give identical tables with n_jobs 1 and 2 and with different chunk sizes.

    Raises:
        AssertionError: the first broken rule, naming the game, player count and bot.
    """
    spec = resolve_game(game)
    words = root_seed_words(seed)
    cards = spec.load_cards()
    ids = np.arange(n_games, dtype=np.int64)
    if "random" not in spec.bots:
        _fail(spec, "bots", f"every game needs a 'random' preset, got {sorted(spec.bots)}")
    for players in spec.players:
        for preset in dict.fromkeys(["random", spec.default_bot]):
            for rotate in (True, False):
                bots = spec.bot_matrix([(preset, None)] * players)
                where = f"[players={players} bot={preset} rotate={rotate}]"
                raw = spec.play(ids, words, players, bots, cards, rotate=rotate, check=True)
                if "violations" not in raw["games"]:
                    _fail(spec, where, "play(check=True) must add a 'violations' column to games")
                check_tables(spec, raw, ids, players, players, len(cards.names), rotate=rotate, where=where)
        # Chunking must not matter: the same ids in one batch or in pieces give the same rows.
        half = n_games // 2
        bots = spec.bot_matrix([(spec.default_bot, None)] * players)
        whole = spec.play(ids, words, players, bots, cards, rotate=True)
        a = spec.play(ids[:half], words, players, bots, cards, rotate=True)
        b = spec.play(ids[half:], words, players, bots, cards, rotate=True)
        for t in TABLES:
            if not _same_rows(whole[t], a[t], b[t]):
                _fail(spec, f"[players={players}]", f"{t} table differs when the batch is split in two")

    players = 2 if 2 in spec.players else spec.players[0]
    n = min(n_games, 200)
    runs = {
        "n_jobs=1 chunk=n": simulate(spec, n, players=players, seed=seed, n_jobs=1, chunk_size=n),
        "n_jobs=2 chunk=n/3": simulate(
            spec, n, players=players, seed=seed, n_jobs=2, chunk_size=max(1, n // 3)
        ),
        "n_jobs=1 chunk=7": simulate(spec, n, players=players, seed=seed, n_jobs=1, chunk_size=7),
    }
    ref_name, ref = next(iter(runs.items()))
    ref_tables = ref.collect_all(sort=True)
    for name, res in runs.items():
        for t, df in res.collect_all(sort=True).items():
            if not df.equals(ref_tables[t]):
                _fail(spec, "[determinism]", f"{t} table differs between {ref_name!r} and {name!r}")


def _canon(table: dict) -> pl.DataFrame:
    df = pl.DataFrame({k: np.asarray(v) for k, v in table.items()})
    keys = [k for k in ("game_id", "seat", "card") if k in df.columns]
    return df.sort(keys, maintain_order=True)


def _same_rows(whole: dict, a: dict, b: dict) -> bool:
    joined = pl.concat([_canon(a), _canon(b)])
    keys = [k for k in ("game_id", "seat", "card") if k in joined.columns]
    return _canon(whole).equals(joined.sort(keys, maintain_order=True))


def check_golden_replay(game: str | GameSpec, seed: int, players: int, bots: Sequence[str], path: Path) -> None:
    """The readable log of game 0 at ``seed`` must equal the stored file ``path`` (written when
    missing or when SIMLAB_UPDATE_GOLDEN=1): a rules or data change that alters it is deliberate."""
    spec = resolve_game(game)
    names = list(bots)
    lines = spec.replay(0, root_seed_words(seed), players, spec.bot_matrix([(n, None) for n in names]),
                        spec.load_cards(), bot_names=names)
    text = "\n".join(lines) + "\n"
    path = Path(path)
    if os.environ.get("SIMLAB_UPDATE_GOLDEN") == "1" or not path.exists():
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"{path.name} changed: review the diff, then update"
    assert "invariant violations" not in text


def _tables_for_comparison(game: str, bots_by_players: Mapping[int, Sequence[str]], n_games: int, seed: int):
    """Tables of a few games per player count (run by check_interpreted_matches in a subprocess)."""
    spec = resolve_game(game)
    cards = spec.load_cards()
    return {players: spec.play(np.arange(n_games), root_seed_words(seed), players,
                               spec.bot_matrix([(b, None) for b in bots]), cards, rotate=True)
            for players, bots in bots_by_players.items()}


def check_interpreted_matches(game: str, bots_by_players: Mapping[int, Sequence[str]], n_games: int = 3,
                              seed: int = 3) -> None:
    """The same rule code run as plain Python (NUMBA_DISABLE_JIT=1) gives tables identical to the
    compiled run: the interpreted baseline of ``simlab bench`` is fair, and debugging in Python
    sees the real rules. ``game`` is a registered name (both runs are fresh processes)."""
    code = ("import pickle, sys; from simlab.testing import _tables_for_comparison; "
            f"sys.stdout.buffer.write(pickle.dumps(_tables_for_comparison({game!r}, "
            f"{dict(bots_by_players)!r}, {n_games}, {seed})))")

    def run(env_extra: dict) -> dict:
        res = subprocess.run([sys.executable, "-c", code], capture_output=True, check=True,
                             env={**os.environ, **env_extra})
        return pickle.loads(res.stdout)

    compiled = run({})
    interpreted = run({"NUMBA_DISABLE_JIT": "1"})
    for players, tables in compiled.items():
        for name, cols in tables.items():
            for col, arr in cols.items():
                assert np.array_equal(arr, interpreted[players][name][col]), (players, name, col)
