"""Running studies: chunking, parallel workers, Parquet parts, manifest, resume.

Every variant plays the same game ids ``0 .. games-1`` (paired seeds: common random numbers).
The ids are split into chunks; each chunk is one task that a joblib worker plays and writes
itself (three Parquet files, atomically), so memory stays bounded by one chunk per worker.
A game's randomness depends only on ``(seed_words, game_id)``, so the tables do not depend on
n_jobs, chunk size or the order in which chunks finish.
"""

from __future__ import annotations

import json
import math
import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl
from joblib import Parallel, cpu_count, delayed
from tqdm import tqdm

from simlab.games.base import CardTable, GameSpec, root_seed_words
from simlab.results import TABLES, Results, make_tables, sort_keys, write_json, write_table
from simlab.scenario import Scenario, ScenarioError, game_import_ref, load_scenario, resolve_game

__all__ = ["run_scenario", "simulate", "default_chunk_size"]

_MIN_CHUNK = 2000
_MAX_CHUNK = 20000


def _simlab_version() -> str:
    from simlab import __version__

    return __version__


def default_chunk_size(n_games: int, n_jobs: int) -> int:
    """About four chunks per worker, clamped to [2000, 20000] games (and to ``n_games``)."""
    size = math.ceil(n_games / (4 * max(1, n_jobs)))
    return max(1, min(n_games, max(_MIN_CHUNK, min(_MAX_CHUNK, size))))


def _n_jobs(n_jobs: int | None) -> int:
    if n_jobs is None or n_jobs == 0:
        return max(1, cpu_count())
    if n_jobs < 0:
        return max(1, cpu_count() + 1 + n_jobs)
    return n_jobs


@dataclass(frozen=True)
class _Task:
    """One chunk of one variant: everything a worker needs (small and picklable)."""

    variant_id: int
    chunk: int
    start: int
    stop: int
    label: str
    players: int
    bots: np.ndarray
    seat_labels: tuple[str, ...]
    cards: CardTable
    rotate: bool

    @property
    def stem(self) -> str:
        return f"v{self.variant_id:03d}-c{self.chunk:05d}"


def _play(spec: GameSpec, task: _Task, seed: int, seed_words: np.ndarray, check: bool = False):
    game_ids = np.arange(task.start, task.stop, dtype=np.int64)
    kwargs = {"rotate": task.rotate}
    if check:
        kwargs["check"] = True
    raw = spec.play(game_ids, seed_words, task.players, task.bots, task.cards, **kwargs)
    return make_tables(
        raw,
        variant_id=task.variant_id,
        variant=task.label,
        players=task.players,
        seed=seed,
        version=spec.version,
        seat_labels=task.seat_labels,
        card_names=task.cards.names,
    )


def _run_chunk_to_disk(game_ref: Any, task: _Task, seed: int, seed_words: np.ndarray, out: str) -> int:
    """Worker: play one chunk and write its three Parquet parts; returns the number of games."""
    spec = resolve_game(game_ref)
    tables = _play(spec, task, seed, seed_words)
    # games last: a chunk counts as done only when all three files exist.
    for t in ("seats", "cards", "games"):
        write_table(tables[t], Path(out) / t / f"{task.stem}.parquet")
    return task.stop - task.start


def _run_chunk_in_memory(game_ref: Any, task: _Task, seed: int, seed_words: np.ndarray):
    spec = resolve_game(game_ref)
    return task.variant_id, task.chunk, _play(spec, task, seed, seed_words)


def _chunks(n_games: int, chunk_size: int) -> list[tuple[int, int]]:
    return [(s, min(n_games, s + chunk_size)) for s in range(0, n_games, chunk_size)]


def _execute(fn, tasks: list[_Task], args: tuple, n_jobs: int, progress: tqdm | None):
    """Yield ``fn(game_ref, task, *args)`` results, in-process for n_jobs=1, else via loky."""
    if n_jobs == 1 or len(tasks) <= 1:
        gen = (fn(args[0], t, *args[1:]) for t in tasks)
    else:
        par = Parallel(n_jobs=min(n_jobs, len(tasks)), backend="loky", return_as="generator_unordered")
        gen = par(delayed(fn)(args[0], t, *args[1:]) for t in tasks)
    yield from gen


def _bot_rows(spec: GameSpec, bots, players: int) -> tuple[np.ndarray, list[str], list[dict]]:
    if bots is None:
        bots = [spec.default_bot]
    if isinstance(bots, str | tuple):
        bots = [bots]
    entries = []
    for b in bots:
        if isinstance(b, str):
            entries.append((b, None))
        else:
            name, params = b
            entries.append((name, dict(params or {})))
    if len(entries) not in (1, players):
        raise ValueError(f"{len(entries)} bots given for {players} players; expected 1 or {players}")
    if len(entries) == 1:
        entries = entries * players
    matrix = spec.bot_matrix(entries)
    return matrix, [e[0] for e in entries], [dict(e[1] or {}) for e in entries]


def simulate(
    game: str | GameSpec,
    n_games: int,
    *,
    players: int = 2,
    bots: list | None = None,
    seed: int = 0,
    n_jobs: int | None = 1,
    cards: dict | None = None,
    variants: dict | None = None,
    setup: dict | None = None,
    rotate_seats: bool = True,
    chunk_size: int | None = None,
) -> Results:
    """Play ``n_games`` games in memory and return their tables (for notebooks and tests).

    Args:
        game: registry name, ``"module:ATTR"`` path or a :class:`GameSpec`.
        n_games: number of games (game ids ``0 .. n_games-1``).
        players: seats per game.
        bots: preset names or ``(name, {param: value})`` tuples, one for all seats or one per
            seat; default the game's ``default_bot``.
        seed: study seed.
        n_jobs: worker processes (1 = in-process, None = all cores).
        cards, variants, setup: passed to ``load_cards``.
        rotate_seats: seat s of game g plays bot (s + g) % players.
        chunk_size: games per task (results do not depend on it).

    Returns:
        :class:`~simlab.results.Results` with the tables sorted by variant, game, seat, card.
    """
    spec = resolve_game(game)
    if not isinstance(n_games, int) or n_games <= 0:
        raise ValueError(f"n_games must be a positive int, got {n_games!r}")
    if players not in spec.players:
        raise ValueError(f"{spec.name} is played by {list(spec.players)} players, got {players}")
    if seed < 0:
        raise ValueError(f"seed must be >= 0, got {seed}")
    jobs = _n_jobs(n_jobs)
    matrix, labels, _ = _bot_rows(spec, bots, players)
    table = spec.load_cards(cards=cards, variants=variants, setup=setup)
    size = chunk_size or default_chunk_size(n_games, jobs)
    tasks = [
        _Task(0, i, s, e, f"players={players}", players, matrix, tuple(labels), table, rotate_seats)
        for i, (s, e) in enumerate(_chunks(n_games, size))
    ]
    ref = game_import_ref(game)
    parts = sorted(
        _execute(_run_chunk_in_memory, tasks, (ref, seed, root_seed_words(seed)), jobs, None),
        key=lambda r: (r[0], r[1]),
    )
    frames = {
        t: pl.concat([p[2][t] for p in parts], how="vertical").sort(sort_keys(t), maintain_order=True)
        for t in TABLES
    }
    manifest = {
        "game": spec.name,
        "version": spec.version,
        "seed": seed,
        "games": n_games,
        "players": players,
        "bots": labels,
    }
    return Results.from_frames(frames, manifest)


def _half_widths(out_dir: Path, n_games: int) -> dict[str, float]:
    """95% interval half-width of bot row 0's win rate per variant, over game ids < n_games."""
    from simlab.analysis import win_rates

    seats = pl.scan_parquet(str(out_dir / "seats" / "*.parquet")).filter(pl.col("game_id") < n_games)
    table = win_rates(seats, by=("variant", "bot_row")).filter(pl.col("bot_row") == 0)
    return {r["variant"]: (r["ci_high"] - r["ci_low"]) / 2 for r in table.iter_rows(named=True)}


def _scenario_dict(scn: Scenario) -> dict[str, Any]:
    return json.loads(json.dumps(scn.data, default=str))


def run_scenario(
    scenario: str | Path | Scenario,
    *,
    games: int | None = None,
    n_jobs: int | None = None,
    seed: int | None = None,
    out: str | Path | None = None,
    resume: bool = False,
    quiet: bool = False,
    overwrite: bool = False,
    target_ci: float | None = None,
    max_games: int | None = None,
) -> Path:
    """Run a study and write its tables under ``out`` (see :mod:`simlab.results`).

    Arguments given here override the scenario file's values.

    Args:
        scenario: path to a TOML scenario or a parsed :class:`~simlab.scenario.Scenario`.
        games: games per variant.
        n_jobs: worker processes (None = all cores, 1 = in-process).
        seed: study seed.
        out: results directory.
        resume: keep finished chunks of an interrupted run with the same plan.
        quiet: no progress bar.
        overwrite: delete an existing study's tables and manifest first.
        target_ci: adaptive run: after the planned games, keep adding chunks (continuing the
            game ids, so the tables stay reproducible) until the 95% interval half-width of bot
            row 0's win rate is at most ``target_ci`` in every variant. Every variant gets the
            same game ids (paired comparisons stay paired). The manifest's ``adaptive`` entry
            records the games it took and the half-widths achieved.
        max_games: adaptive cap on games per variant (default 10x ``games``).

    Returns:
        The results directory.

    Raises:
        ScenarioError: invalid scenario or overrides.
        FileExistsError: ``out`` is not empty and neither resume nor overwrite was given.
    """
    scn = scenario if isinstance(scenario, Scenario) else load_scenario(scenario)
    src = str(scn.path or "<scenario>")
    n_games = scn.games if games is None else games
    if isinstance(n_games, bool) or not isinstance(n_games, int) or n_games <= 0:
        raise ScenarioError(f"{src}: games: must be a positive int, got {n_games!r}")
    study_seed = scn.seed if seed is None else seed
    if isinstance(study_seed, bool) or not isinstance(study_seed, int) or not 0 <= study_seed < 2**63:
        raise ScenarioError(f"{src}: seed: must be an int in [0, 2**63), got {study_seed!r}")
    if target_ci is not None:
        if isinstance(target_ci, bool) or not isinstance(target_ci, int | float) or not 0 < target_ci < 0.5:
            raise ScenarioError(f"{src}: target_ci: expected a half-width in (0, 0.5), got {target_ci!r}")
        target_ci = float(target_ci)
        max_games = 10 * n_games if max_games is None else max_games
        if isinstance(max_games, bool) or not isinstance(max_games, int) or max_games < n_games:
            raise ScenarioError(f"{src}: max_games: must be an int >= games ({n_games}), got {max_games!r}")
    elif max_games is not None:
        raise ScenarioError(f"{src}: max_games: only meaningful with target_ci")
    out_dir = Path(out) if out is not None else scn.out
    jobs = _n_jobs(n_jobs)
    spec = scn.spec
    variants = scn.variants()
    seed_words = root_seed_words(study_seed)

    manifest_path = out_dir / "manifest.json"
    previous = None
    nonempty = out_dir.exists() and any(out_dir.iterdir())
    if nonempty and resume:
        if manifest_path.is_file():
            previous = json.loads(manifest_path.read_text(encoding="utf-8"))
        else:
            raise FileExistsError(f"{out_dir}: cannot resume: no manifest.json in a non-empty directory")
    elif nonempty and overwrite:
        for t in TABLES:
            shutil.rmtree(out_dir / t, ignore_errors=True)
        manifest_path.unlink(missing_ok=True)
    elif nonempty:
        raise FileExistsError(
            f"{out_dir} already exists and is not empty; "
            "use --resume to finish it or --overwrite to replace it"
        )

    chunk_size = scn.chunk_size
    if chunk_size is None and previous is not None:
        chunk_size = previous.get("plan", {}).get("chunk_size")
    chunk_size = chunk_size or default_chunk_size(n_games, jobs)
    chunks = _chunks(n_games, chunk_size)
    plan = {"games": n_games, "chunk_size": chunk_size, "chunks": len(chunks), "variants": len(variants)}
    variant_info = [v.describe() for v in variants]

    if previous is not None:
        mismatch = [
            key
            for key, now, before in (
                ("game", spec.name, previous.get("game", {}).get("name")),
                ("version", spec.version, previous.get("game", {}).get("version")),
                ("seed", study_seed, previous.get("seed")),
                ("plan", plan, previous.get("plan")),
                (
                    "variants",
                    [v["label"] for v in variant_info],
                    [v["label"] for v in previous.get("variants", [])],
                ),
                (
                    "adaptive settings",
                    [target_ci, max_games] if target_ci is not None else None,
                    [previous["adaptive"]["target_ci"], previous["adaptive"]["max_games"]]
                    if previous.get("adaptive")
                    else None,
                ),
            )
            if now != before
        ]
        if mismatch:
            raise ScenarioError(
                f"{out_dir}: cannot resume: {', '.join(mismatch)} differ from the interrupted run; "
                "use --overwrite to start again"
            )

    manifest: dict[str, Any] = {
        "study": scn.name,
        "status": "running",
        "scenario": {"path": src, "parsed": _scenario_dict(scn), "source": scn.source},
        "game": {
            "name": spec.name,
            "title": spec.title,
            "version": spec.version,
            "end_reasons": list(spec.end_reasons),
            "bot_params": list(spec.bot_params),
        },
        "simlab_version": _simlab_version(),
        "seed": study_seed,
        "seed_words": [int(w) for w in seed_words],
        "rotate_seats": scn.model.rotate_seats,
        "analyses": list(scn.model.analyses),
        "variants": variant_info,
        "card_effects": scn.card_effects,
        "plan": plan,
        "n_jobs": jobs,
        "cpu_count": cpu_count(),
        "started": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
    }
    out_dir.mkdir(parents=True, exist_ok=True)
    for t in TABLES:
        (out_dir / t).mkdir(exist_ok=True)
        for stale in (out_dir / t).glob("*.parquet.tmp*"):
            stale.unlink()
    if target_ci is not None:
        manifest["adaptive"] = {"target_ci": target_ci, "max_games": max_games, "games": n_games,
                                "chunks": len(chunks), "rounds": []}
    write_json(manifest, manifest_path)

    chunk_list = [(i, s, e) for i, (s, e) in enumerate(chunks)]
    current = n_games
    rounds: list[dict[str, Any]] = []
    played = 0
    skipped = 0
    done = 0
    # Compile (or load from numba's cache) in this process before the workers start, so that they
    # find the cache instead of all compiling at once, and so that games/s excludes compilation.
    t_warm = time.perf_counter()
    if variants:
        v0 = variants[0]
        resolve_game(scn.game_ref).play(np.zeros(1, np.int64), seed_words, v0.players, v0.bots, v0.cards)
    compile_seconds = time.perf_counter() - t_warm
    t0 = time.perf_counter()
    disable = quiet or not sys.stderr.isatty()
    with tqdm(total=0, unit="game", unit_scale=True, disable=disable, desc=scn.name) as bar:
        while True:
            tasks = []
            for v in variants:
                for i, s, e in chunk_list[done:]:
                    task = _Task(
                        v.index, i, s, e, v.label, v.players, v.bots, tuple(v.seat_labels), v.cards, v.rotate
                    )
                    if resume and all((out_dir / t / f"{task.stem}.parquet").is_file() for t in TABLES):
                        skipped += 1
                        continue
                    tasks.append(task)
            done = len(chunk_list)
            bar.total += sum(t.stop - t.start for t in tasks)
            bar.refresh()
            for n in _execute(
                _run_chunk_to_disk, tasks, (scn.game_ref, study_seed, seed_words, str(out_dir)), jobs, bar
            ):
                bar.update(n)
                played += n
            if target_ci is None:
                break
            widths = _half_widths(out_dir, current)
            worst = max(widths.values())
            rounds.append({"games": current, "max_half_width": round(worst, 6)})
            manifest["adaptive"] = {
                "target_ci": target_ci,
                "max_games": max_games,
                "games": current,
                "chunks": len(chunk_list),
                "rounds": rounds,
                "half_widths": {k: round(w, 6) for k, w in widths.items()},
                "max_half_width": round(worst, 6),
                "met": worst <= target_ci,
            }
            if worst <= target_ci or current >= max_games:
                break
            # Grow by the factor the half-width needs (it shrinks like 1/sqrt(n)), at least a chunk.
            want = math.ceil(current * (worst / target_ci) ** 2 * 1.05)
            new_total = min(max_games, max(current + chunk_size, want))
            first = len(chunk_list)
            for k, (s, e) in enumerate(_chunks(new_total - current, chunk_size)):
                chunk_list.append((first + k, current + s, current + e))
            current = new_total
            manifest["adaptive"]["games"] = current
            write_json(manifest, manifest_path)
    wall = time.perf_counter() - t0
    total = played

    manifest["status"] = "complete"
    manifest["finished"] = time.strftime("%Y-%m-%dT%H:%M:%S%z")
    manifest["timing"] = {
        "wall_seconds": round(wall, 3),
        "compile_seconds": round(compile_seconds, 3),
        "games_played": total,
        "games_per_s": round(total / wall, 1) if wall > 0 else None,
        "resumed_chunks_skipped": skipped,
    }
    write_json(manifest, manifest_path)
    return out_dir
