"""Running studies: chunking, parallel workers, Parquet parts, manifest, resume.

Every variant plays the same game ids ``0 .. games-1`` (paired seeds: common random numbers).
The ids are split into chunks; each chunk is one task that a joblib worker plays and writes
itself (three Parquet files, atomically), so memory stays bounded by one chunk per worker.
A game's randomness depends only on ``(seed_words, game_id)``, so the tables do not depend on
n_jobs, chunk size or the order in which chunks finish.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import math
import os
import re
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl
from joblib import Parallel, cpu_count, delayed
from tqdm import tqdm

from simlab.games.base import CardTable, GameSpec, root_seed_words
from simlab.results import PART_GLOB, TABLES, Results, file_sha256, make_tables, sort_keys, write_json, write_table
from simlab.scenario import Scenario, ScenarioError, format_path, game_import_ref, load_scenario, resolve_game

__all__ = ["run_scenario", "simulate", "default_chunk_size", "ChunkPlan", "LEDGER", "BACKENDS"]

#: Where a study's chunks run: ``local`` (loky processes) or ``dask`` (a Dask cluster).
BACKENDS = ("local", "dask")

#: The part ledger of a results directory: one JSON line per finished chunk, appended by the
#: parent process after the chunk's three Parquet files are in place (rows, bytes and SHA-256 of
#: each). ``resume`` trusts a part only when its files match its ledger line.
LEDGER = "parts.jsonl"

# Names of the files simlab writes in a results directory's table folders (a part, or a part's
# temporary name while it is written). Only these are ever deleted there.
_PART_FILE = re.compile(r"^v\d{3,}-c\d{5,}\.parquet(\.tmp\d+)?$")
# Seeds and game ids are stored as Int64 columns.
_INT64_LIMIT = 2**63

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
    """Worker processes for a request: None or -1 = every core; n > 0 = n, at most the cores.

    More workers than cores only adds processes that wait for a core (and memory for each), so
    a larger request is capped; what ran is recorded in the manifest (``n_jobs``, with the
    request as ``n_jobs_requested``). joblib's other negative values (-2 = all but one, ...)
    are refused rather than guessed at.

    Raises:
        ValueError: 0, below -1, or not an int.
    """
    cores = max(1, cpu_count())
    if n_jobs is None or n_jobs == -1:
        return cores
    if isinstance(n_jobs, bool) or not isinstance(n_jobs, int) or n_jobs <= 0:
        raise ValueError(f"n_jobs: expected a positive number of workers or -1 (all cores), got {n_jobs!r}")
    return min(n_jobs, cores)


def _check_seed(seed: Any, what: str = "seed") -> int:
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or not 0 <= seed < _INT64_LIMIT:
        raise ValueError(f"{what}: must be an int in [0, 2**63), got {seed!r}")
    return int(seed)


class ChunkPlan:
    """The chunks of game ids of a study, computed on demand rather than listed.

    Chunk ``i`` is ``(i, start, stop)``. The plan is a few segments of equal-sized chunks (one
    per :meth:`extend`, the adaptive rounds), so 10**12 games cost no more memory than 10.
    """

    def __init__(self, n_games: int, chunk_size: int):
        self.chunk_size = chunk_size
        self.games = 0
        self._segments: list[tuple[int, int, int]] = []  # (first chunk index, first game id, stop game id)
        self._len = 0
        self.extend(n_games)

    def extend(self, new_total: int) -> None:
        """Add chunks for game ids ``games .. new_total - 1`` (nothing if ``new_total <= games``)."""
        if new_total <= self.games:
            return
        self._segments.append((self._len, self.games, new_total))
        self._len += math.ceil((new_total - self.games) / self.chunk_size)
        self.games = new_total

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, i: int) -> tuple[int, int, int]:
        if not 0 <= i < self._len:
            raise IndexError(f"chunk {i} out of range (plan has {self._len})")
        first, start, stop = next(seg for seg in reversed(self._segments) if seg[0] <= i)
        s = start + (i - first) * self.chunk_size
        return i, s, min(stop, s + self.chunk_size)

    def iter_from(self, i: int) -> Iterator[tuple[int, int, int]]:
        """Chunks ``i, i + 1, ...`` to the end of the plan."""
        for k in range(i, self._len):
            yield self[k]


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


_WATCHED_PARENT: int | None = None


def _watch_parent(parent_pid: int) -> None:
    """In a worker process: exit as soon as the parent (the runner) is gone.

    loky's idle workers wait minutes for their next task, and a busy one would finish its
    queued chunks, writing parts nobody records; after a SIGKILL of the runner both must stop.
    A daemon thread polls ``os.getppid()`` (an orphan is re-parented, so its ppid changes) and
    ends the process; in the runner itself (n_jobs=1) there is nothing to watch.
    """
    global _WATCHED_PARENT
    if os.getpid() == parent_pid or _WATCHED_PARENT == parent_pid:
        return
    _WATCHED_PARENT = parent_pid

    def watch() -> None:
        while os.getppid() == parent_pid:
            time.sleep(0.2)
        os._exit(1)

    threading.Thread(target=watch, name="simlab-parent-watch", daemon=True).start()


def _parent_alive(parent_pid: int) -> bool:
    return os.getpid() == parent_pid or os.getppid() == parent_pid


def _run_chunk_to_disk(
    game_ref: Any, task: _Task, seed: int, seed_words: np.ndarray, out: str, parent_pid: int
) -> tuple[str, dict[str, dict[str, Any]], int]:
    """Worker: play one chunk and write its three Parquet parts.

    Returns:
        ``(stem, {table: {"rows", "bytes", "sha256"}}, games)``, for the parent's ledger.
    """
    _watch_parent(parent_pid)
    spec = resolve_game(game_ref)
    tables = _play(spec, task, seed, seed_words)
    return task.stem, _write_parts(tables, Path(out), task.stem, parent_pid), task.stop - task.start


def _write_parts(tables: dict[str, pl.DataFrame], out: Path, stem: str,
                 parent_pid: int | None = None) -> dict[str, dict[str, Any]]:
    """Write one chunk's three Parquet parts; returns the ledger record of each table."""
    records = {}
    # games last: a chunk counts as done only when all three files exist (and the ledger says so).
    for t in ("seats", "cards", "games"):
        if parent_pid is not None and not _parent_alive(parent_pid):  # nobody would record it: write nothing
            os._exit(1)
        records[t] = write_table(tables[t], out / t / f"{stem}.parquet")
    return records


def _run_chunk_tables(game_ref: Any, task: _Task, seed: int, seed_words: np.ndarray):
    """Dask worker: play one chunk and return its tables; the client writes them (docs/cluster.md).

    No parent watch here: a Dask worker's parent is its nanny, and the scheduler, not this
    process tree, decides when a worker's result is no longer wanted.
    """
    spec = resolve_game(game_ref)
    return task.stem, _play(spec, task, seed, seed_words), task.stop - task.start


def _run_chunk_in_memory(game_ref: Any, task: _Task, seed: int, seed_words: np.ndarray, parent_pid: int):
    _watch_parent(parent_pid)
    spec = resolve_game(game_ref)
    return task.variant_id, task.chunk, _play(spec, task, seed, seed_words)


def _execute(fn, tasks, args: tuple, workers: int, backend: str = "local"):
    """Yield ``fn(game_ref, task, *args)`` for each task, in-process for 1 worker, else via loky
    (or, with ``backend="dask"``, on the current Dask client's cluster through joblib's Dask backend).

    ``tasks`` may be a lazy iterator: joblib takes a few tasks ahead of the workers only.
    """
    if backend == "dask":
        from joblib import parallel_config

        with parallel_config(backend="dask"):
            # n_jobs=-1: every thread of the cluster; results come back as chunks finish
            par = Parallel(n_jobs=-1, return_as="generator_unordered")
            yield from par(delayed(fn)(args[0], t, *args[1:]) for t in tasks)
        return
    if workers <= 1:
        gen = (fn(args[0], t, *args[1:]) for t in tasks)
    else:
        par = Parallel(n_jobs=workers, backend="loky", return_as="generator_unordered")
        gen = par(delayed(fn)(args[0], t, *args[1:]) for t in tasks)
    yield from gen


@contextlib.contextmanager
def _dask_client(scheduler: str | None, workers: int) -> Iterator[dict[str, Any]]:
    """A Dask client for a run: connected to ``scheduler``, or to a LocalCluster of ``workers``
    single-threaded processes started (and stopped) here. Yields what the manifest records."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ValueError('backend "dask" needs dask.distributed: pip install "simlab[dask]"') from None
    with contextlib.ExitStack() as stack:
        if scheduler is None:
            # one thread per process: the kernels hold the GIL; the dashboard on any free port
            cluster = stack.enter_context(LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                                       dashboard_address=":0"))
            client = stack.enter_context(Client(cluster))
        else:
            try:
                # waits dask's distributed.comm.timeouts.connect (30 s unless configured)
                client = stack.enter_context(Client(scheduler))
            except (OSError, TimeoutError, ValueError) as exc:
                raise OSError(errno.ECONNREFUSED, f"--scheduler {scheduler}: cannot connect to a Dask "
                              f"scheduler there ({exc})") from None
        threads = sum(client.nthreads().values())
        yield {"name": "dask", "scheduler": scheduler or "LocalCluster", "workers": len(client.nthreads()),
               "threads": threads}


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
            params = dict(params or {})
            for key, val in params.items():
                # nan compares false with every threshold and inf swamps every weight: a bot
                # with either plays nonsense without failing, so refuse them.
                if isinstance(val, float | np.floating) and not math.isfinite(val):
                    raise ValueError(f"bot parameter {key!r} of {name!r}: expected a finite number, got {val!r}")
            entries.append((name, params))
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
    if isinstance(n_games, bool) or not isinstance(n_games, int) or not 0 < n_games < _INT64_LIMIT:
        raise ValueError(f"n_games must be a positive int below 2**63, got {n_games!r}")
    if players not in spec.players:
        raise ValueError(f"{spec.name} is played by {list(spec.players)} players, got {players}")
    seed = _check_seed(seed)
    if chunk_size is not None and (isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size <= 0):
        raise ValueError(f"chunk_size: expected a positive number of games, got {chunk_size!r}")
    jobs = _n_jobs(n_jobs)
    matrix, labels, _ = _bot_rows(spec, bots, players)
    table = spec.load_cards(cards=cards, variants=variants, setup=setup)
    plan = ChunkPlan(n_games, chunk_size or default_chunk_size(n_games, jobs))
    tasks = [
        _Task(0, i, s, e, f"players={players}", players, matrix, tuple(labels), table, rotate_seats)
        for i, s, e in plan.iter_from(0)
    ]
    ref = game_import_ref(game)
    workers = min(jobs, len(tasks))
    parts = sorted(
        _execute(_run_chunk_in_memory, tasks, (ref, seed, root_seed_words(seed), os.getpid()), workers),
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


def _contrasts(manifest: dict[str, Any]) -> tuple[dict[str, tuple[str, str]], int]:
    """The paired contrasts a study asks about (issue 11: an adaptive run targets them, not a win
    rate): its ``[card_effects]`` arms, and in a culling sweep the one-cull and policy arms. Returns
    label -> (variant, baseline variant) and the focal bot row."""
    from simlab.analysis.culling import cull_arms, policy_arms

    info = manifest.get("card_effects") or {}
    groups = info.get("groups") or ([{"base": "", "arms": info["arms"]}] if info.get("arms") else [])
    arms = {f"{g.get('base') or ''} {card}".strip(): (v_in, v_out)
            for g in groups for card, (v_in, v_out) in g["arms"].items()}
    return arms | cull_arms(manifest) | policy_arms(manifest), int(info.get("focal_seat", 0))


def _half_widths(out_dir: Path, n_games: int, manifest: dict[str, Any]) -> dict[str, float]:
    """95% interval half-widths over game ids < n_games: of each paired contrast the study asks
    about (:func:`_contrasts`) when it has some, else of bot row 0's win rate per variant."""
    from simlab.analysis import win_rates
    from simlab.analysis.culling import cull_value

    seats = pl.scan_parquet(str(out_dir / "seats" / PART_GLOB)).filter(pl.col("game_id") < n_games)
    arms, focal = _contrasts(manifest)
    if arms:
        table = cull_value(seats, arms, focal_bot_row=focal)  # a paired difference per contrast
        return {r["comparison"]: (r["ci_high"] - r["ci_low"]) / 2 for r in table.iter_rows(named=True)}
    table = win_rates(seats, by=("variant", "bot_row")).filter(pl.col("bot_row") == 0)
    return {r["variant"]: (r["ci_high"] - r["ci_low"]) / 2 for r in table.iter_rows(named=True)}


def _scenario_dict(scn: Scenario) -> dict[str, Any]:
    return json.loads(json.dumps(scn.data, default=str))


def _effective_scenario(parsed: dict[str, Any], games: Any, seed: Any) -> dict[str, Any]:
    """The study a scenario describes once the run's overrides are applied.

    ``out`` (where, not what), ``chunk_size`` (checked through the plan; results do not
    depend on it) and ``question`` (the report's wording) are left out.
    """
    eff = {k: v for k, v in parsed.items() if k not in ("out", "chunk_size", "question")}
    eff["games"] = games
    eff["seed"] = seed
    return eff


def _fingerprint(effective: dict[str, Any]) -> str:
    """SHA-256 of the effective scenario as canonical JSON."""
    text = json.dumps(effective, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _differences(before: Any, now: Any, loc: tuple = ()) -> list[tuple[tuple, Any, Any]]:
    """Where two parsed scenarios differ: ``(path, before, now)`` at the deepest differing keys."""
    if isinstance(before, dict) and isinstance(now, dict):
        out = []
        for key in list(before) + [k for k in now if k not in before]:
            out += _differences(before.get(key, "<not set>"), now.get(key, "<not set>"), (*loc, key))
        return out
    if isinstance(before, list) and isinstance(now, list) and len(before) == len(now):
        out = []
        for i, (b, n) in enumerate(zip(before, now, strict=True)):
            out += _differences(b, n, (*loc, i))
        return out
    return [] if before == now else [(loc, before, now)]


def _is_results_dir(out_dir: Path) -> bool:
    """Whether ``out_dir`` holds a manifest that simlab wrote (a results directory)."""
    try:
        manifest = json.loads((out_dir / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(manifest, dict) and "simlab_version" in manifest and "plan" in manifest


def _delete_results(out_dir: Path) -> None:
    """Delete what simlab wrote in a results directory, and nothing else.

    That is ``manifest.json``, the part ledger and the part files of the three tables (known by
    their names, ``v000-c00000.parquet`` and their temporary names); any other file stays.
    """
    for t in TABLES:
        folder = out_dir / t
        if folder.is_dir():
            for f in folder.iterdir():
                if _PART_FILE.match(f.name) and f.is_file():
                    f.unlink()
    (out_dir / LEDGER).unlink(missing_ok=True)
    (out_dir / "manifest.json").unlink(missing_ok=True)


def _read_ledger(out_dir: Path) -> dict[str, dict[str, Any]]:
    """The ledger's records by part stem (the last record of a stem wins; a torn line is skipped)."""
    records: dict[str, dict[str, Any]] = {}
    try:
        text = (out_dir / LEDGER).read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return records
    for line in text.splitlines():
        try:
            rec = json.loads(line)
        except ValueError:
            continue  # the runner was killed while appending this line
        if isinstance(rec, dict) and isinstance(rec.get("part"), str):
            records[rec["part"]] = rec
    return records


def _part_problem(out_dir: Path, task: _Task, rec: dict[str, Any] | None) -> str | None:
    """Why a finished chunk cannot be kept on resume (None: its three files are as recorded)."""
    if rec is None:
        return f"not recorded in the manifest's part ledger ({LEDGER})"
    if (rec.get("start"), rec.get("stop")) != (task.start, task.stop):
        return f"recorded for game ids {rec.get('start')}..{rec.get('stop')}, planned {task.start}..{task.stop}"
    tables = rec.get("tables") or {}
    rows = (tables.get("games") or {}).get("rows")
    if rows != task.stop - task.start:
        return f"games part recorded with {rows} rows, expected {task.stop - task.start}"
    for t in TABLES:
        want = tables.get(t) or {}
        path = out_dir / t / f"{task.stem}.parquet"
        try:
            size = path.stat().st_size
        except OSError:
            return f"{t} part is missing"
        if size == 0:
            return f"{t} part is 0 bytes (recorded {want.get('bytes')} bytes, {want.get('rows')} rows)"
        if size != want.get("bytes") or file_sha256(path) != want.get("sha256"):
            return f"{t} part does not match its checksum in the ledger ({size} bytes, recorded {want.get('bytes')})"
    return None


def _prepare_dir(out_dir: Path) -> list[Path]:
    """Create ``out_dir`` and its table folders; return the folders this call created.

    Raises:
        OSError: with a message naming the folder (a file in the way, no permission, full disk).
    """
    missing = []
    probe = out_dir
    while not probe.exists():
        if probe.is_symlink():  # a dangling link: do not create through it
            raise OSError(errno.ENOENT, f"{probe}: a broken symbolic link is in the way of {out_dir}")
        missing.append(probe)
        probe = probe.parent
    if not probe.is_dir():
        raise NotADirectoryError(
            errno.ENOTDIR, f"cannot create the results directory {out_dir}: {probe} is a file, not a directory"
        )
    created: list[Path] = []
    try:
        for folder in reversed(missing):
            folder.mkdir()
            created.append(folder)
        for t in TABLES:
            if not (out_dir / t).is_dir():
                (out_dir / t).mkdir()
                created.append(out_dir / t)
    except OSError as exc:
        _remove_empty(created)
        raise OSError(exc.errno, f"cannot create the results directory {out_dir}: {exc.strerror or exc}") from None
    return created


def _remove_empty(folders: list[Path]) -> None:
    """Remove folders this run created, deepest first, if they are still empty."""
    for folder in sorted(folders, key=lambda f: len(f.parts), reverse=True):
        try:
            folder.rmdir()
        except OSError:
            pass


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
    backend: str = "local",
    scheduler: str | None = None,
) -> Path:
    """Run a study and write its tables under ``out`` (see :mod:`simlab.results`).

    Arguments given here override the scenario file's values. What ``resume`` and ``overwrite``
    guarantee is written down in docs/results.md.

    Args:
        scenario: path to a TOML scenario or a parsed :class:`~simlab.scenario.Scenario`.
        games: games per variant.
        n_jobs: worker processes (None or -1 = all cores, 1 = in-process, n = at most n and at
            most the cores).
        seed: study seed.
        out: results directory.
        resume: finish an interrupted run of the same study: every finished part is checked
            against the part ledger (rows, bytes, SHA-256) and re-run if it does not match; a
            different scenario (fingerprint), seed, plan or game version is refused.
        quiet: no progress bar.
        overwrite: delete an existing study's tables, ledger and manifest first (only files
            simlab wrote; a directory without a simlab manifest is refused).
        target_ci: adaptive run: after the planned games, keep adding chunks (continuing the
            game ids, so the tables stay reproducible) until the 95% interval half-width of every
            paired contrast the study asks about (its ``[card_effects]`` arms; a culling sweep's
            one-cull and policy arms) is at most ``target_ci``; a study without such contrasts
            targets bot row 0's win rate in every variant. Every variant gets the
            same game ids (paired comparisons stay paired). The manifest's ``adaptive`` entry
            records the games it took and the half-widths achieved.
        max_games: adaptive cap on games per variant (default 10x ``games``).
        backend: ``"local"`` (loky worker processes on this machine) or ``"dask"`` (the chunks run
            on a Dask cluster through joblib's Dask backend; needs ``pip install "simlab[dask]"``;
            the tables are the same byte for byte, see docs/cluster.md).
        scheduler: with ``backend="dask"``, the scheduler address (``tcp://host:8786``); None
            starts a LocalCluster of ``n_jobs`` worker processes for the run.

    Returns:
        The results directory.

    Raises:
        ScenarioError: invalid scenario or overrides, or a resume of another study.
        ValueError: ``resume`` and ``overwrite`` together, or a bad ``n_jobs``.
        FileExistsError: ``out`` is not empty and neither resume nor overwrite was given, or
            ``overwrite`` of a directory that is not a results directory.
        OSError: the results cannot be written (the message names the file).
    """
    if resume and overwrite:
        raise ValueError("--resume and --overwrite contradict each other: resume keeps the finished "
                         "parts, overwrite deletes them; give one")
    scn = scenario if isinstance(scenario, Scenario) else load_scenario(scenario)
    src = str(scn.path or "<scenario>")
    n_games = scn.games if games is None else games
    if isinstance(n_games, bool) or not isinstance(n_games, int) or not 0 < n_games < _INT64_LIMIT:
        raise ScenarioError(f"{src}: games: must be a positive int below 2**63, got {n_games!r}")
    study_seed = scn.seed if seed is None else seed
    if isinstance(study_seed, bool) or not isinstance(study_seed, int) or not 0 <= study_seed < _INT64_LIMIT:
        raise ScenarioError(f"{src}: seed: must be an int in [0, 2**63), got {study_seed!r}")
    if target_ci is not None:
        if isinstance(target_ci, bool) or not isinstance(target_ci, int | float) or not 0 < target_ci < 0.5:
            raise ScenarioError(f"{src}: target_ci: expected a half-width in (0, 0.5), got {target_ci!r}")
        target_ci = float(target_ci)
        max_games = 10 * n_games if max_games is None else max_games
        if (isinstance(max_games, bool) or not isinstance(max_games, int)
                or not n_games <= max_games < _INT64_LIMIT):
            raise ScenarioError(f"{src}: max_games: must be an int >= games ({n_games}) and below 2**63, "
                                f"got {max_games!r}")
    elif max_games is not None:
        raise ScenarioError(f"{src}: max_games: only meaningful with target_ci")
    if backend not in BACKENDS:
        raise ValueError(f"backend: expected one of {list(BACKENDS)}, got {backend!r}")
    if scheduler is not None and backend != "dask":
        raise ValueError("scheduler: only meaningful with backend 'dask'")
    out_dir = Path(out) if out is not None else scn.out
    jobs = _n_jobs(n_jobs)
    spec = scn.spec
    variants = scn.variants()
    seed_words = root_seed_words(study_seed)
    effective = _effective_scenario(_scenario_dict(scn), n_games, study_seed)
    fingerprint = _fingerprint(effective)

    manifest_path = out_dir / "manifest.json"
    previous = None
    if out_dir.exists() and not out_dir.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, f"{out_dir}: is a file, not a directory; "
                                 "the results go into a directory")
    nonempty = out_dir.is_dir() and any(out_dir.iterdir())
    is_results = nonempty and _is_results_dir(out_dir)
    if nonempty and resume:
        if not is_results:
            raise FileExistsError(f"{out_dir}: cannot resume: no simlab manifest.json in a non-empty directory")
        previous = json.loads(manifest_path.read_text(encoding="utf-8"))
    elif nonempty and overwrite and not is_results:
        raise FileExistsError(f"{out_dir}: is not a simlab results directory (no manifest.json of a run); "
                              "refusing to delete anything in it; choose another --out")
    elif nonempty and not overwrite:
        raise FileExistsError(
            f"{out_dir} already exists and is not empty; "
            + ("use --resume to finish it or --overwrite to replace it" if is_results
               else "it is not a simlab results directory; choose another --out")
        )

    chunk_size = scn.chunk_size
    if chunk_size is None and previous is not None:
        chunk_size = previous.get("plan", {}).get("chunk_size")
    chunk_size = chunk_size or default_chunk_size(n_games, jobs)
    chunk_plan = ChunkPlan(n_games, chunk_size)
    plan = {"games": n_games, "chunk_size": chunk_size, "chunks": len(chunk_plan), "variants": len(variants)}
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
        before_eff = _effective_scenario(
            (previous.get("scenario") or {}).get("parsed") or {}, previous.get("plan", {}).get("games"),
            previous.get("seed"),
        )
        # Manifests older than the fingerprint: compute it from the scenario they stored.
        if (previous.get("fingerprint") or _fingerprint(before_eff)) != fingerprint:
            diffs = _differences(before_eff, effective)
            where = "; ".join(
                f"{format_path(loc) or '(whole file)'} ({b!r} before, {n!r} now)" for loc, b, n in diffs[:5]
            )
            more = f"; and {len(diffs) - 5} more" if len(diffs) > 5 else ""
            mismatch.append(f"the scenario (at {where}{more})" if diffs else "the scenario fingerprint")
        if mismatch:
            raise ScenarioError(
                f"{out_dir}: cannot resume: {', '.join(mismatch)} differ from the interrupted run; "
                "use --overwrite to start again"
            )

    # Compile (or load from numba's cache) in this process before the workers start, so that they
    # find the cache instead of all compiling at once, and so that games/s excludes compilation.
    # Done before any folder is made: a game that cannot play leaves nothing behind.
    t_warm = time.perf_counter()
    if variants:
        v0 = variants[0]
        resolve_game(scn.game_ref).play(np.zeros(1, np.int64), seed_words, v0.players, v0.bots, v0.cards)
    compile_seconds = time.perf_counter() - t_warm

    workers = 1 if jobs == 1 else min(jobs, len(chunk_plan) * max(1, len(variants)))
    manifest: dict[str, Any] = {
        "study": scn.name,
        "status": "running",
        "scenario": {"path": src, "parsed": _scenario_dict(scn), "source": scn.source},
        "fingerprint": fingerprint,
        "game": {
            "name": spec.name,
            "title": spec.title,
            "version": spec.version,
            "end_reasons": list(spec.end_reasons),
            "bot_params": list(spec.bot_params),
            "score_unit": spec.score_unit,
            "first_round_verb": spec.first_round_verb,
        },
        "simlab_version": _simlab_version(),
        "seed": study_seed,
        "seed_words": [int(w) for w in seed_words],
        "rotate_seats": scn.model.rotate_seats,
        "analyses": list(scn.model.analyses),
        "variants": variant_info,
        "card_effects": scn.card_effects,
        "plan": plan,
        "ledger": LEDGER,
        "n_jobs": workers,
        "n_jobs_requested": n_jobs,
        "cpu_count": cpu_count(),
        "started": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
    }
    if target_ci is not None:
        manifest["adaptive"] = {"target_ci": target_ci, "max_games": max_games, "games": n_games,
                                "chunks": len(chunk_plan), "rounds": []}

    stack = contextlib.ExitStack()
    if backend == "dask":
        # Connect (or start the LocalCluster) before any folder is made: a cluster that cannot be
        # reached leaves nothing behind.
        manifest["backend"] = stack.enter_context(_dask_client(scheduler, jobs))
        manifest["n_jobs"] = manifest["backend"]["threads"]
    else:
        manifest["backend"] = {"name": "local"}
    with stack:
        ledger: dict[str, dict[str, Any]] = _read_ledger(out_dir) if previous is not None else {}
        if overwrite and is_results:
            _delete_results(out_dir)
        created = _prepare_dir(out_dir)
        try:
            for t in TABLES:
                for stale in (out_dir / t).glob("*.parquet.tmp*"):
                    if _PART_FILE.match(stale.name):
                        stale.unlink()
            write_json(manifest, manifest_path)
        except OSError as exc:
            if previous is None:
                manifest_path.unlink(missing_ok=True)
                _remove_empty(created)
            raise OSError(exc.errno, f"cannot start the run in {out_dir}: {exc.strerror or exc}") from None

        current = n_games
        rounds: list[dict[str, Any]] = []
        played = 0
        skipped = 0
        done = 0
        reruns: list[dict[str, str]] = []
        n_reruns = 0
        planned = 0
        chunks_done = 0
        disable = quiet or not sys.stderr.isatty()

        def round_tasks(first_chunk: int) -> Iterator[_Task]:
            """This round's tasks, lazily; on resume, verified finished parts are skipped."""
            nonlocal skipped, n_reruns
            for v in variants:
                for i, s, e in chunk_plan.iter_from(first_chunk):
                    task = _Task(v.index, i, s, e, v.label, v.players, v.bots, tuple(v.seat_labels), v.cards, v.rotate)
                    if previous is not None and any((out_dir / t / f"{task.stem}.parquet").exists() for t in TABLES):
                        why = _part_problem(out_dir, task, ledger.get(task.stem))
                        if why is None:
                            skipped += 1
                            bar.update(e - s)
                            continue
                        n_reruns += 1
                        if len(reruns) < 100:
                            reruns.append({"part": task.stem, "why": why})
                        if n_reruns <= 20:
                            tqdm.write(f"simlab: resume: re-running {task.stem}: {why}", file=sys.stderr)
                        elif n_reruns == 21:
                            tqdm.write("simlab: resume: more parts to re-run; see the manifest's resume entry",
                                       file=sys.stderr)
                    yield task

        if backend == "dask":
            fn, fn_args = _run_chunk_tables, (scn.game_ref, study_seed, seed_words)
        else:
            fn, fn_args = _run_chunk_to_disk, (scn.game_ref, study_seed, seed_words, str(out_dir), os.getpid())
        t0 = time.perf_counter()
        with (
            tqdm(total=0, unit="game", unit_scale=True, disable=disable, desc=scn.name) as bar,
            open(out_dir / LEDGER, "a", encoding="utf-8") as ledger_file,
        ):
            while True:
                bar.total += len(variants) * (chunk_plan.games - planned)
                planned = chunk_plan.games
                bar.refresh()
                first, done = done, len(chunk_plan)
                for stem, result, n in _execute(fn, round_tasks(first), fn_args, workers, backend):
                    # dask: the tables come back to this process, which writes them (docs/cluster.md)
                    records = _write_parts(result, out_dir, stem) if backend == "dask" else result
                    v_idx, c_idx = (int(x[1:]) for x in stem.split("-"))
                    _, s, e = chunk_plan[c_idx]
                    line = {"part": stem, "variant": v_idx, "chunk": c_idx, "start": s, "stop": e, "tables": records}
                    # One line per finished chunk, flushed at once: a SIGKILL loses at most the chunks
                    # whose line was not written yet, and resume re-runs those.
                    try:
                        ledger_file.write(json.dumps(line) + "\n")
                        ledger_file.flush()
                    except OSError as exc:
                        raise OSError(exc.errno, f"cannot write {out_dir / LEDGER}: {exc.strerror or exc}") from None
                    bar.update(n)
                    played += n
                    chunks_done += 1
                    bar.set_postfix(chunks=chunks_done, refresh=False)
                if target_ci is None:
                    break
                widths = _half_widths(out_dir, current, manifest)
                worst = max((w for w in widths.values() if w == w), default=0.0)  # NaN: a contrast with no games
                rounds.append({"games": current, "max_half_width": round(worst, 6)})
                manifest["adaptive"] = {
                    "target_ci": target_ci,
                    "max_games": max_games,
                    "games": current,
                    "chunks": len(chunk_plan),
                    "rounds": rounds,
                    "target": "paired contrasts" if _contrasts(manifest)[0] else "bot row 0's win rate",
                    "half_widths": {k: round(w, 6) for k, w in widths.items()},
                    "max_half_width": round(worst, 6),
                    "met": worst <= target_ci,
                }
                if worst <= target_ci or current >= max_games:
                    break
                # Grow by the factor the half-width needs (it shrinks like 1/sqrt(n)), at least a chunk.
                want = math.ceil(current * (worst / target_ci) ** 2 * 1.05)
                new_total = min(max_games, max(current + chunk_size, want))
                chunk_plan.extend(new_total)
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
        if previous is not None:
            manifest["resume"] = {"kept": skipped, "rerun_count": n_reruns, "rerun": reruns}
        write_json(manifest, manifest_path)
        return out_dir
