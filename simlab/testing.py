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
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import polars as pl

from simlab.games.base import GameSpec, root_seed_words
from simlab.results import TABLES
from simlab.runner import ChunkPlan, _execute, _n_jobs, _Task, _watch_parent, default_chunk_size, simulate
from simlab.scenario import game_import_ref, resolve_game

__all__ = [
    "check_game",
    "check_tables",
    "check_golden_replay",
    "check_interpreted_matches",
    "check_invariants",
    "CheckReport",
    "Violation",
]


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
    df = pl.DataFrame({k: v if isinstance(v, pl.Series) else np.asarray(v) for k, v in table.items()})
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
                other = interpreted[players][name][col]
                same = arr.equals(other) if isinstance(arr, pl.Series) else np.array_equal(arr, other)
                assert same, (players, name, col)


# --------------------------------------------------------------------------------------------
# simlab check: many games with every invariant checked


@dataclass(frozen=True)
class Violation:
    """A game that broke invariants: ``simlab replay`` with :attr:`replay_args` plays it again."""

    game: str
    players: int
    bot: str
    seed: int
    game_id: int
    count: int

    @property
    def replay_args(self) -> list[str]:
        """The ``simlab replay`` arguments that print this game's log (with its ``!!`` lines)."""
        return [self.game, "--seed", str(self.seed), "--game-id", str(self.game_id),
                "--players", str(self.players), "--bots", self.bot]


@dataclass
class CheckReport:
    """What :func:`check_invariants` played and found."""

    game: str
    seed: int
    games: int
    #: the first game id checked (ids ``first_game .. first_game + games - 1``)
    first_game: int = 0
    #: games played per (players, bot preset), in the order they were checked
    groups: dict[tuple[int, str], int] = field(default_factory=dict)
    violations: list[Violation] = field(default_factory=list)
    #: seconds playing the games (compiling the game's kernels first is in compile_seconds)
    seconds: float = 0.0
    compile_seconds: float = 0.0

    @property
    def total_games(self) -> int:
        """Games played over every player count and bot."""
        return sum(self.groups.values())

    @property
    def ok(self) -> bool:
        """No game broke an invariant."""
        return not self.violations


def _check_chunk(game_ref, task: _Task, seed_words: np.ndarray, parent_pid: int):
    """Worker: play one chunk with ``check=True``; keep only the games that broke invariants."""
    _watch_parent(parent_pid)
    spec = resolve_game(game_ref)
    ids = np.arange(task.start, task.stop, dtype=np.int64)
    games = spec.play(ids, seed_words, task.players, task.bots, task.cards, rotate=task.rotate, check=True)["games"]
    if "violations" not in games:
        raise ValueError(f"{spec.name}: play(check=True) must add a 'violations' column to the games table")
    viol = np.asarray(games["violations"])
    bad = np.flatnonzero(viol != 0)
    found = [(int(games["game_id"][i]), int(viol[i])) for i in bad]
    return task.variant_id, len(ids), found


def check_invariants(
    game: str | GameSpec,
    games: int = 10_000,
    *,
    players: Sequence[int] | None = None,
    bots: Sequence[str] | None = None,
    seed: int = 0,
    n_jobs: int | None = 1,
    progress: bool = False,
    first_game: int = 0,
) -> CheckReport:
    """Play ``games`` games per player count and bot preset with every invariant checked.

    Every seat of a game plays the same preset, so ``simlab replay ... --bots PRESET`` replays a
    violation exactly (game ids ``first_game .. first_game + games - 1`` at ``seed``, as in a
    study). Checks of disjoint id ranges at one seed add up to one check of their union: a long
    check can be split over several runs.

    Args:
        game: registry name, ``"module:ATTR"`` or a :class:`GameSpec`.
        games: games per (player count, bot).
        players: player counts (default every count the game allows).
        bots: bot presets (default ``random`` and the game's default bot).
        seed: study seed.
        n_jobs: worker processes (1 = in-process, None or -1 = all cores).
        progress: show a progress bar of games played.
        first_game: the first game id (default 0).

    Raises:
        ValueError: unknown player count or bot, games not positive, bad seed, n_jobs or
            first_game.
    """
    from tqdm import tqdm

    spec = resolve_game(game)
    if isinstance(games, bool) or not isinstance(games, int) or not 0 < games < 2**63:
        raise ValueError(f"--games: expected a positive number of games, got {games!r}")
    if isinstance(first_game, bool) or not isinstance(first_game, int) or not 0 <= first_game < 2**63 - games:
        raise ValueError(f"--first-game: expected a game id in [0, 2**63 - games), got {first_game!r}")
    if not 0 <= seed < 2**63:
        raise ValueError(f"--seed: expected an int in [0, 2**63), got {seed}")
    counts = list(spec.players) if players is None else list(players)
    for p in counts:
        if p not in spec.players:
            raise ValueError(f"--players: {spec.name} is played by {list(spec.players)} players, got {p}")
    presets = list(dict.fromkeys(["random", spec.default_bot] if bots is None else bots))
    for b in presets:
        if b not in spec.bots:
            raise ValueError(f"--bots: unknown bot preset {b!r}; expected one of {sorted(spec.bots)}")
    jobs = _n_jobs(n_jobs)
    cards = spec.load_cards()
    groups = [(p, b) for p in counts for b in presets]
    plan = ChunkPlan(games, default_chunk_size(games, jobs))

    def tasks() -> Iterator[_Task]:
        for g, (p, b) in enumerate(groups):
            bot_rows = spec.bot_matrix([(b, None)] * p)
            for i, start, stop in plan.iter_from(0):
                yield _Task(g, i, first_game + start, first_game + stop, f"players={p} bot={b}", p, bot_rows,
                            (b,) * p, cards, True)

    report = CheckReport(spec.name, int(seed), games, first_game, {g: 0 for g in groups})
    workers = min(jobs, len(plan) * len(groups))
    # Compile (or load numba's cache) here first, so that the workers find the cache instead of all
    # compiling at once, and so that the timing is of playing, not compiling.
    t0 = time.perf_counter()
    warm_bots = spec.bot_matrix([(presets[0], None)] * counts[0])
    spec.play(np.zeros(1, np.int64), root_seed_words(seed), counts[0], warm_bots, cards, rotate=True, check=True)
    report.compile_seconds = time.perf_counter() - t0
    t0 = time.perf_counter()
    args = (game_import_ref(game), root_seed_words(seed), os.getpid())
    with tqdm(total=games * len(groups), unit="game", unit_scale=True, disable=not progress,
              desc=f"check {spec.name}") as bar:
        for g, n, found in _execute(_check_chunk, tasks(), args, workers):
            p, b = groups[g]
            report.groups[(p, b)] += n
            report.violations += [Violation(spec.name, p, b, int(seed), gid, k) for gid, k in found]
            bar.update(n)
    report.seconds = time.perf_counter() - t0
    report.violations.sort(key=lambda v: (v.players, presets.index(v.bot), v.game_id))
    return report
