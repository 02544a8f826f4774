"""Tuning a bot preset: search its parameters for the highest win rate against a field.

``simlab tune GAME --preset P --against FIELD`` runs CMA-ES (the ``cma`` package, made for noisy
objectives) over the game's tunable parameters (``GameSpec.tunable``, each scaled to [0, 1] by its
range) starting from preset ``P``'s values:

* each generation, every candidate plays the same block of games (same game ids, same random
  streams: common random numbers, so candidates are compared on paired seeds) in seat 0's bot row
  against the field, with seats rotated so it sits in every seat equally often; its score is its
  win share (a k-way shared win is 1/k);
* the search spends ``budget`` games; after each generation its state is saved next to the output
  file, so a stopped search resumes (``--resume``) where it stopped, with the same result;
* the winner is the distribution's mean at the end (CMA-ES's estimate of the optimum, less
  flattered by lucky games than the best single candidate). It is then re-evaluated on fresh
  seeds that the search never used, against the field, and so is the hand-set preset on the same
  fresh games: the gain is their paired difference with its interval, and the win rates have
  theirs. No credit for overfitting the search's games.

The result is a preset file (:mod:`simlab.games.presets`) that records how it was made.
Everything is a function of the arguments: the same call gives the same file, whatever ``n_jobs``.
"""

from __future__ import annotations

import math
import os
import pickle
import shlex
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from simlab.analysis.stats import paired_difference, proportion_ci
from simlab.games.base import GameSpec
from simlab.presets import TUNED_MARK, PresetFileError, read_preset_file
from simlab.runner import _n_jobs
from simlab.scenario import game_import_ref, resolve_game

__all__ = ["tune", "TuneResult"]

#: games per task when a candidate's block is split between workers
_TASK_GAMES = 2_000


@dataclass
class TuneResult:
    """What :func:`tune` found.

    Attributes:
        game, preset, name: the game, the hand-set preset searched from, the new preset's name.
        params: the tuned values of the searched parameters.
        search: per generation: games used, the best and mean candidate score (win share on
            that generation's games; optimistic, they chose the candidate).
        fresh: re-evaluation on fresh seeds: ``tuned`` and ``handset`` win rates with intervals,
            ``gain`` (paired difference, tuned - hand-set, with its interval and p-value), ``n``.
        out: the preset file written (None when not written).
    """

    game: str
    preset: str
    name: str
    params: dict[str, float]
    search: list[dict[str, float]] = field(default_factory=list)
    fresh: dict[str, Any] = field(default_factory=dict)
    out: Path | None = None


def _seed_words(seed: int, purpose: int) -> np.ndarray:
    # the search's games (purpose 0) and the fresh evaluation's (purpose 1) come from independent
    # streams of the seed, so the fresh games share nothing with the searched ones
    return np.random.SeedSequence(seed, spawn_key=(purpose,)).generate_state(4, dtype=np.uint64)


def _field_rows(spec: GameSpec, against: Sequence[str], players: int) -> np.ndarray:
    rows = [spec.bot_vector(against[i % len(against)]) for i in range(players - 1)]
    return np.stack(rows)


def _focal_wins(game_ref: Any, players: int, bots: np.ndarray, table: Any, words: np.ndarray,
                start: int, stop: int) -> np.ndarray:
    """Win share of bot row 0 in each of games ``start .. stop-1`` (seats rotated)."""
    import polars as pl

    from simlab.analysis.winrates import win_value

    spec = resolve_game(game_ref)
    seats = spec.play(np.arange(start, stop, dtype=np.int64), words, players, bots, table, rotate=True)["seats"]
    cols = ["game_id", "bot_row", "won", *(["shared_win"] if "shared_win" in seats else [])]
    # the study's own rule for a shared win (1/k to each sharer), on one game's seats at a time
    frame = pl.DataFrame({c: np.asarray(seats[c]) for c in cols}).with_columns(variant=pl.lit(0))
    focal = (win_value(frame).filter(pl.col("bot_row") == 0).group_by("game_id").agg(pl.col("win").sum())
             .sort("game_id").collect())
    out = np.zeros(stop - start)
    out[focal["game_id"].to_numpy() - start] = focal["win"].to_numpy()
    return out


def _rate(wins: np.ndarray) -> dict[str, float]:
    """Win rate of one bot over ``wins`` (one value per game, one seat per game: Wilson's interval)."""
    lo, hi = proportion_ci(float(wins.sum()), wins.size)
    return {"p": float(wins.mean()), "ci_low": float(lo), "ci_high": float(hi), "n": int(wins.size)}


def _blocks(n_games: int, first: int) -> list[tuple[int, int]]:
    return [(s, min(s + _TASK_GAMES, first + n_games)) for s in range(first, first + n_games, _TASK_GAMES)]


def _play_many(game_ref: Any, players: int, matrices: list[np.ndarray], table: Any, words: np.ndarray,
               first: int, n_games: int, n_jobs: int, progress: Any = None) -> list[np.ndarray]:
    """Per matrix, bot row 0's win share in each of ``n_games`` games from game id ``first``."""
    from joblib import Parallel, delayed

    tasks = [(m, s, e) for m in range(len(matrices)) for s, e in _blocks(n_games, first)]
    if n_jobs <= 1:
        gen = (_focal_wins(game_ref, players, matrices[m], table, words, s, e) for m, s, e in tasks)
    else:
        gen = Parallel(n_jobs=n_jobs, backend="loky", return_as="generator")(
            delayed(_focal_wins)(game_ref, players, matrices[m], table, words, s, e) for m, s, e in tasks)
    parts: list[list[np.ndarray]] = [[] for _ in matrices]
    for (m, s, e), wins in zip(tasks, gen, strict=True):  # results come in task order
        parts[m].append(wins)
        if progress is not None:
            progress.update(e - s)
    return [np.concatenate(p) for p in parts]


def _state_path(out: Path) -> Path:
    return out.with_name(out.name + ".tune-state")


def _check_out(out: Path, overwrite: bool, spec: GameSpec) -> None:
    """Refuse to replace a file simlab did not write (a user's data is sacred)."""
    if out.is_dir():
        raise ValueError(f"--out {out}: is a directory; expected a file name ending in .toml")
    if out.suffix != ".toml":
        raise ValueError(f"--out {out}: expected a file name ending in .toml")
    if not out.exists():
        return
    if not overwrite:
        raise ValueError(f"--out {out}: the file exists; pass --overwrite to replace a preset simlab tuned")
    if (_tuned_file(out, spec) or {}).get("made_by") != TUNED_MARK:
        raise ValueError(f"--out {out}: not a preset file written by simlab tune; not replacing it")


def _tuned_file(path: Path, spec: GameSpec) -> dict[str, Any] | None:
    """A valid preset file's ``[tuning]`` table plus its ``name``; None for any other file."""
    try:
        preset, tuning = read_preset_file(path, spec)
    except PresetFileError:
        return None
    return {**tuning, "name": preset.name}


def _fmt(x: float) -> str:
    # five significant digits: enough to re-make the preset, and a p-value of 1e-200 stays non-zero
    return repr(float(f"{float(x):.5g}"))


def _preset_text(spec: GameSpec, result: TuneResult, based_on: str, description: str,
                 record: dict[str, Any]) -> str:
    lines = [
        f"# Tuned by simlab tune: {description}.",
        "# Re-made by the command in [tuning].command (same arguments, same file).",
        f'game = "{spec.name}"',
        f'name = "{result.name}"',
        f'description = "{description}"',
        f'based_on = "{based_on}"',
        "",
        "[params]",
    ]
    lines += [f"{k} = {_fmt(v)}" for k, v in result.params.items()]
    lines += ["", "[tuning]", f'made_by = "{TUNED_MARK}"']
    for key, val in record.items():
        if isinstance(val, str):
            lines.append(f"{key} = {_toml_str(val)}")
        elif isinstance(val, list):
            lines.append(f"{key} = [{', '.join(_toml_str(v) if isinstance(v, str) else _fmt(v) for v in val)}]")
        elif isinstance(val, bool):
            lines.append(f"{key} = {'true' if val else 'false'}")
        elif isinstance(val, int):
            lines.append(f"{key} = {val}")
        else:
            lines.append(f"{key} = {_fmt(val)}")
    return "\n".join(lines) + "\n"


def _toml_str(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def tune(
    game: str | GameSpec,
    preset: str,
    *,
    against: Sequence[str] | None = None,
    players: int = 2,
    budget: int = 200_000,
    games_per_candidate: int = 2_000,
    popsize: int | None = None,
    sigma: float = 0.2,
    params: Sequence[str] | None = None,
    fresh_games: int = 20_000,
    seed: int = 0,
    n_jobs: int = 1,
    name: str | None = None,
    out: str | Path | None = None,
    resume: bool = False,
    overwrite: bool = False,
    progress: bool = False,
    command: str | None = None,
) -> TuneResult:
    """Search preset ``preset``'s tunable parameters for the highest win rate against ``against``.

    Args:
        game: registry name, ``"module:ATTR"`` path or a :class:`GameSpec`.
        preset: the hand-set preset to start from (and to compare with).
        against: the field's presets (seats 1.. take them in turn); default the preset itself.
        players: seats per game.
        budget: games the search may play (generations x candidates x games per candidate).
        games_per_candidate: games each candidate plays in a generation (all on the same seeds).
        popsize: candidates per generation (default CMA-ES's 4 + 3 ln(dimension)).
        sigma: initial step, as a share of each parameter's range.
        params: the parameters to search (default all of the game's tunable ones).
        fresh_games: games of the final re-evaluation on fresh seeds.
        seed: seeds the games and the search.
        n_jobs: worker processes.
        name: the new preset's name (default ``<preset>_tuned_<players>p``).
        out: the preset file to write (None: write nothing); its search state is kept beside it
            as ``<out>.tune-state`` while the search runs, so ``resume=True`` can finish it.
        resume: finish a stopped search with the same arguments.
        overwrite: replace ``out`` if it is a preset file simlab tuned (never any other file).
        progress: show a progress bar (games played).
        command: the command line recorded in the file (default: this process's).

    Raises:
        ValueError / KeyError: bad arguments (the message names the argument, value and what was
            expected), a resume whose arguments differ from the stopped search's.
    """
    import cma

    spec = resolve_game(game)
    if preset not in spec.bots:
        raise KeyError(f"--preset: unknown bot preset {preset!r} for {spec.name}; expected one of {sorted(spec.bots)}")
    against = list(against or [preset])
    for a in against:
        if a not in spec.bots:
            raise KeyError(f"--against: unknown bot preset {a!r} for {spec.name}; expected one of {sorted(spec.bots)}")
    if players not in spec.players:
        raise ValueError(f"--players: {spec.name} is played by {list(spec.players)} players, got {players}")
    if not spec.tunable:
        raise ValueError(f"{spec.name} has no tunable bot parameters")
    names = list(params) if params else list(spec.tunable)
    for p in names:
        if p not in spec.tunable:
            raise KeyError(f"--params: {p!r} is not a tunable parameter of {spec.name}; expected some of "
                           f"{sorted(spec.tunable)}")
    for key, val, least in (("--budget", budget, 1), ("--games-per-candidate", games_per_candidate, 10),
                            ("--fresh-games", fresh_games, 10)):
        if isinstance(val, bool) or not isinstance(val, int) or val < least:
            raise ValueError(f"{key}: expected a whole number of games, at least {least}, got {val!r}")
    dim = len(names)
    lam = popsize if popsize is not None else 4 + int(3 * math.log(dim))
    if isinstance(lam, bool) or not isinstance(lam, int) or lam < 2:
        raise ValueError(f"--popsize: expected at least 2 candidates, got {popsize!r}")
    if not (isinstance(sigma, int | float) and 0 < sigma <= 1):
        raise ValueError(f"--sigma: expected a share of the range in (0, 1], got {sigma!r}")
    generations = budget // (lam * games_per_candidate)
    if generations < 1:
        raise ValueError(f"--budget: {budget} games do not pay for one generation of {lam} candidates x "
                         f"{games_per_candidate} games; expected at least {lam * games_per_candidate}")
    name = name or f"{preset}_tuned_{players}p"
    remaking = (out is not None and overwrite and Path(out).is_file()
                and (_tuned_file(Path(out), spec) or {}).get("name") == name)
    if name in spec.bots and not remaking:
        raise ValueError(f"--name: preset {name!r} already exists for {spec.name}; choose another name")
    out_path = Path(out) if out is not None else None
    if out_path is not None:
        if resume and overwrite:
            raise ValueError("--resume and --overwrite contradict each other: --resume finishes the stopped "
                             "search, --overwrite starts again")
        if not resume:
            _check_out(out_path, overwrite, spec)
        elif out_path.exists():
            raise ValueError(f"--out {out_path}: the search already finished (the file exists); nothing to resume")
    elif resume:
        raise ValueError("--resume needs --out (the search state is kept beside the output file)")
    jobs = _n_jobs(n_jobs)

    lo = np.array([spec.tunable[p][0] for p in names])
    hi = np.array([spec.tunable[p][1] for p in names])
    base = spec.bot_vector(preset)
    index = [list(spec.bot_params).index(p) for p in names]
    x0 = np.clip((base[index] - lo) / (hi - lo), 0.0, 1.0)
    field_rows = _field_rows(spec, against, players)
    table = spec.load_cards()
    ref = game_import_ref(game)
    args = {"game": spec.name, "version": spec.version, "preset": preset, "against": against,
            "players": players, "budget": budget, "games_per_candidate": games_per_candidate,
            "popsize": lam, "sigma": float(sigma), "params": names, "seed": int(seed), "name": name}

    def vector(x: np.ndarray) -> np.ndarray:
        v = base.copy()
        v[index] = lo + np.clip(x, 0.0, 1.0) * (hi - lo)
        return v

    state_file = _state_path(out_path) if out_path is not None else None
    if resume:
        if state_file is None or not state_file.exists():
            raise ValueError(f"--resume: no stopped search beside {out_path} (expected {state_file})")
        with state_file.open("rb") as fh:
            saved = pickle.load(fh)
        diffs = [f"{k}: {saved['args'].get(k)!r} then, {v!r} now" for k, v in args.items()
                 if saved["args"].get(k) != v]
        if diffs:
            raise ValueError("--resume: the stopped search had other arguments: " + "; ".join(diffs))
        es, history, gen0 = saved["es"], saved["history"], saved["generation"]
    else:
        es = cma.CMAEvolutionStrategy(list(x0), float(sigma), {
            "bounds": [0.0, 1.0], "popsize": lam, "seed": int(seed) % (2**31 - 2) + 1, "verbose": -9})
        history, gen0 = [], 0

    if jobs > 1:  # compile (or load the cache) here once, before the workers each would
        spec.play(np.zeros(1, np.int64), _seed_words(seed, 0), players, np.vstack([base, field_rows]), table,
                  rotate=True)
    def save(generation: int) -> None:
        if state_file is None:
            return
        tmp = state_file.with_name(state_file.name + ".tmp")
        with tmp.open("wb") as fh:
            pickle.dump({"args": args, "es": es, "history": history, "generation": generation}, fh)
        os.replace(tmp, state_file)  # never a half-written state

    if not resume and out_path is not None:
        out_path.parent.mkdir(parents=True, exist_ok=True)
        save(0)  # from here on a stopped search can be resumed
    bar = None
    total = generations * lam * games_per_candidate + 2 * fresh_games
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=total, initial=gen0 * lam * games_per_candidate, unit="game",
                   desc=f"tuning {spec.name} {preset}", file=sys.stderr)
    train = _seed_words(seed, 0)
    t0 = time.perf_counter()
    for gen in range(gen0, generations):
        xs = es.ask()
        mats = [np.vstack([vector(np.asarray(x)), field_rows]) for x in xs]
        wins = _play_many(ref, players, mats, table, train, gen * games_per_candidate, games_per_candidate,
                          jobs, bar)
        scores = [float(w.mean()) for w in wins]
        es.tell(xs, [-s for s in scores])
        history.append({"generation": gen + 1, "games": (gen + 1) * lam * games_per_candidate,
                        "best": max(scores), "mean": float(np.mean(scores))})
        save(gen + 1)
    search_seconds = time.perf_counter() - t0
    best = vector(np.asarray(es.result.xfavorite))
    tuned = {p: float(best[i]) for p, i in zip(names, index, strict=True)}

    # fresh seeds: the tuned and the hand-set preset on the same new games against the same field
    mats = [np.vstack([best, field_rows]), np.vstack([base, field_rows])]
    w_tuned, w_hand = _play_many(ref, players, mats, table, _seed_words(seed, 1), 0, fresh_games, jobs, bar)
    if bar is not None:
        bar.close()
    gain = paired_difference(w_tuned, w_hand)
    fresh = {
        "n": fresh_games,
        "tuned": _rate(w_tuned),
        "handset": _rate(w_hand),
        "gain": gain,
    }
    result = TuneResult(spec.name, preset, name, tuned, history, fresh)
    if out_path is not None:
        field_desc = ", ".join(against)
        description = f"{preset} tuned against {field_desc} at {players} players"
        t, h = fresh["tuned"], fresh["handset"]
        record = {
            "command": command or shlex.join(["simlab", *sys.argv[1:]]),
            "simlab_game_version": spec.version,
            "against": against,
            "players": players,
            "seed": int(seed),
            "search_games": generations * lam * games_per_candidate,
            "generations": generations,
            "popsize": lam,
            "games_per_candidate": games_per_candidate,
            "search_seconds": round(search_seconds, 1),
            "fresh_games": fresh_games,
            "fresh_win_rate": t["p"],
            "fresh_win_rate_ci": [t["ci_low"], t["ci_high"]],
            "handset_win_rate": h["p"],
            "handset_win_rate_ci": [h["ci_low"], h["ci_high"]],
            "gain": gain["diff"],
            "gain_ci": [gain["ci_low"], gain["ci_high"]],
            "gain_p_value": gain["p_value"],
        }
        text = _preset_text(spec, result, preset, description, record)
        tmp = out_path.with_name(out_path.name + ".tmp")
        tmp.write_text(text, encoding="utf-8")
        try:
            read_preset_file(tmp, spec)  # what we wrote must read back as a valid preset
        except PresetFileError as exc:
            tmp.unlink()
            raise RuntimeError(f"simlab tune wrote an invalid preset file: {exc}") from None
        os.replace(tmp, out_path)
        if state_file is not None and state_file.exists():
            state_file.unlink()  # simlab wrote it; the finished file now holds the result
        result.out = out_path
    return result
