"""The ``simlab`` command line: games, cards, run, report, replay, bench, compile, check, tune,
ladder.

User mistakes (bad scenario, unknown game/card/bot, numbers out of range, existing output or
report) and what the disk refuses (read-only folder, full disk, a file in the way) print one line
``simlab: error: <message>`` on stderr and exit with status 2, without a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

__all__ = ["main", "format_table"]


class UserError(Exception):
    """A mistake in the command line that is not covered by argparse."""


def _msg(exc: BaseException) -> str:
    if isinstance(exc, KeyError) and exc.args:
        return str(exc.args[0])
    if isinstance(exc, OSError) and exc.strerror:
        # "[Errno 28] ..." is noise for a user; name the file when the message does not.
        name = exc.filename
        return f"{name}: {exc.strerror}" if name and str(name) not in exc.strerror else exc.strerror
    if isinstance(exc, MemoryError):
        return "out of memory" + (f": {exc}" if str(exc) else "") + "; try fewer games per chunk or fewer --jobs"
    return str(exc)


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, list | tuple):
        return ",".join(_cell(v) for v in value)
    if value is None:
        return ""
    return str(value)


def format_table(rows: Sequence[dict[str, Any]]) -> str:
    """Rows of dicts as an aligned text table (columns in first-seen order)."""
    cols: list[str] = []
    for row in rows:
        for key in row:
            if key not in cols:
                cols.append(key)
    cells = [[_cell(row.get(c)) for c in cols] for row in rows]
    widths = [max([len(c)] + [len(r[i]) for r in cells]) for i, c in enumerate(cols)]

    def line(values: Sequence[str]) -> str:
        return "  ".join(v.ljust(w) for v, w in zip(values, widths, strict=True)).rstrip()

    out = [line(cols), line(["-" * w for w in widths])]
    out += [line(r) for r in cells]
    return "\n".join(out)


def _default_players(spec) -> int:
    return 2 if 2 in spec.players else spec.players[0]


def _check_seed(seed: int | None, what: str = "--seed") -> None:
    # A study stores its seed (and game ids) in Int64 columns: replay and bench take the same range.
    if seed is not None and not 0 <= seed < 2**63:
        raise UserError(f"{what}: expected an int in [0, 2**63), got {seed}")


def _check_jobs(jobs: int | None) -> None:
    # -1 = every core, n > 0 = n workers (capped at the cores); joblib's other negatives are refused.
    if jobs is not None and jobs != -1 and jobs <= 0:
        raise UserError(f"--jobs: expected a positive number of workers or -1 (all cores), got {jobs}")


def _names(text: str | None) -> list[str] | None:
    """A comma-separated option (``--bots a,b``) as a list of names; None when not given."""
    return [t.strip() for t in text.split(",")] if text else None


def _parse_kv(items: Sequence[str] | None, what: str) -> dict[str, str]:
    out = {}
    for item in items or []:
        key, sep, val = item.partition("=")
        if not sep or not key:
            raise UserError(f"{what}: expected NAME=VALUE, got {item!r}")
        out[key.strip()] = val.strip()
    return out


# --------------------------------------------------------------------------------------------
# Commands


def cmd_games(args: argparse.Namespace) -> int:
    from simlab.games import game_names
    from simlab.scenario import resolve_game

    rows = []
    for name in game_names():
        try:
            spec = resolve_game(name)
        except Exception as exc:  # a game under construction must not break the listing
            rows.append({"name": name, "title": f"(unavailable: {exc})"})
            continue
        rows.append(
            {
                "name": spec.name,
                "title": spec.title,
                "version": spec.version,
                "players": list(spec.players),
                "bots": sorted(spec.bots),
                "default bot": spec.default_bot,
            }
        )
    print(format_table(rows))
    return 0


def cmd_cards(args: argparse.Namespace) -> int:
    from simlab.scenario import resolve_game

    spec = resolve_game(args.game)
    variants = _parse_kv(args.variant, "--variant")
    table = spec.load_cards(variants=variants or None)
    print(format_table(table.rows))
    return 0


def _announce_compile(spec) -> None:
    """Say so before a first run compiles a game's kernels (minutes of silence look like a hang)."""
    from simlab.games import CACHE_DIR, COMPILE_SECONDS, kernels_cached

    if kernels_cached(spec.name) is False:
        secs = COMPILE_SECONDS.get(spec.name)
        if not secs:
            about = "a few minutes"
        else:
            about = f"about {secs} s" if secs < 120 else f"about {round(secs / 60)} min"
            about += " on a 2-core machine"
        print(f"simlab: compiling the {spec.title} engine for this version of simlab (first run only, {about}; "
              f"cached in {CACHE_DIR}) ...", file=sys.stderr, flush=True)


def cmd_run(args: argparse.Namespace) -> int:
    from simlab.results import load_results
    from simlab.runner import run_scenario
    from simlab.scenario import load_scenario

    if args.resume and args.overwrite:
        raise UserError("--resume and --overwrite contradict each other: --resume keeps the finished parts, "
                        "--overwrite deletes them; give one")
    _check_jobs(args.jobs)
    _check_seed(args.seed)
    if args.scheduler is not None and args.backend != "dask":
        raise UserError("--scheduler needs --backend dask")
    if args.report_out is not None and not args.report:
        raise UserError("--report-out needs --report")
    if args.max_games is not None and args.target_ci is None:
        raise UserError("--max-games needs --target-ci")
    if args.target_ci is not None and not 0 < args.target_ci < 0.5:
        raise UserError(f"--target-ci: expected a half-width in (0, 0.5), e.g. 0.01, got {args.target_ci}")
    if args.max_games is not None and args.max_games <= 0:
        raise UserError(f"--max-games must be positive, got {args.max_games}")
    kwargs = {}
    if args.target_ci is not None:
        kwargs = {"target_ci": args.target_ci, "max_games": args.max_games}
    scenario = load_scenario(args.scenario, level=args.level)
    _announce_compile(scenario.spec)
    if args.report:
        from simlab.report import check_report_target

        # Before the run: a study of hours must not end in "the report is in the way".
        # (scenario.name was checked to be a safe folder name when the file was read.)
        check_report_target(args.report_out or Path("reports") / scenario.name, overwrite=args.overwrite)
    out = run_scenario(
        scenario,
        games=args.games,
        n_jobs=args.jobs,
        seed=args.seed,
        out=args.out,
        resume=args.resume,
        quiet=args.quiet,
        overwrite=args.overwrite,
        backend=args.backend,
        scheduler=args.scheduler,
        **kwargs,
    )
    manifest = load_results(out).manifest
    timing = manifest.get("timing", {})
    plan = manifest.get("plan", {})
    adaptive = manifest.get("adaptive")
    print(f"results: {out}")
    games = adaptive["games"] if adaptive else plan.get("games")
    print(
        f"games: {games} per variant x {plan.get('variants')} variant(s); "
        f"played now: {timing.get('games_played')}"
    )
    if adaptive:
        print(
            f"adaptive: target half-width {adaptive['target_ci']}, max {adaptive['max_games']} games; "
            f"took {adaptive['games']} games per variant, achieved half-width {adaptive['max_half_width']:.4f} "
            f"({'met' if adaptive['met'] else 'NOT met: max games reached'})"
        )
    print(f"time: {timing.get('wall_seconds')} s ({timing.get('games_per_s')} games/s); "
          f"compiling the game first: {timing.get('compile_seconds')} s")
    if not args.quiet:
        _print_summary(load_results(out))
    if args.report:
        from simlab.report import render_report

        where = render_report(out, args.report_out, overwrite=args.overwrite)
        print(f"report: {where / 'index.html'} (and report.md)")
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    from simlab.report import render_report

    if not args.results.is_dir():
        raise UserError(f"{args.results}: no such results directory")
    where = render_report(args.results, args.out, overwrite=args.overwrite)
    print(f"report: {where / 'index.html'}")
    print(f"markdown: {where / 'report.md'}")
    return 0


def _print_summary(results) -> None:
    """Win rate by bot and by seat, with 95% intervals and n, for each variant."""
    from simlab.analysis import win_rates

    for by in (("variant", "bot"), ("variant", "seat")):
        table = win_rates(results.seats, by=by)
        print(f"win rate by {by[1]} (95% interval, n seats):")
        for row in table.iter_rows(named=True):
            print(f"  [{row['variant']}] {by[1]} {row[by[1]]}: {100 * row['win_rate']:.1f}% "
                  f"({100 * row['ci_low']:.1f}-{100 * row['ci_high']:.1f}), n={row['n']}")


def cmd_replay(args: argparse.Namespace) -> int:
    from simlab.games.base import root_seed_words
    from simlab.scenario import resolve_game

    _check_seed(args.seed)
    _check_seed(args.game_id, "--game-id")  # game ids are Int64 like seeds, from 0
    spec = resolve_game(args.game)
    players = _default_players(spec) if args.players is None else args.players
    if players not in spec.players:
        raise UserError(f"{spec.name} is played by {list(spec.players)} players, got {players}")
    _announce_compile(spec)
    names = _names(args.bots) or [spec.default_bot]
    if len(names) not in (1, players):
        raise UserError(f"--bots: {len(names)} bots given for {players} players; expected 1 or {players}")
    if len(names) == 1:
        names = names * players
    bots = spec.bot_matrix([(n, None) for n in names])
    cards = spec.load_cards()
    extra = {}
    if args.board:
        import inspect

        if "boards" not in inspect.signature(spec.replay).parameters:
            raise UserError(f"--board: {spec.name} has no board to draw (only wizwar does)")
        extra["boards"] = [b.strip() for b in args.board.split(",") if b.strip()]
        bad = [b for b in extra["boards"] if b not in ("start", "end", "each") and not (b.isdigit() and int(b) > 0)]
        if bad:
            raise UserError(f"--board: {bad[0]!r}; expected start, end, each or turn numbers from 1, "
                            "comma-separated")
    for line in spec.replay(args.game_id, root_seed_words(args.seed), players, bots, cards, bot_names=names,
                            **extra):
        print(line)
    return 0


def _time_play(spec, players: int, n_games: int, start: int, seed: int, bot: str | None = None) -> float:
    from simlab.games.base import root_seed_words

    bots = spec.bot_matrix([(bot or spec.default_bot, None)] * players)
    cards = spec.load_cards()
    words = root_seed_words(seed)
    t0 = time.perf_counter()
    for s in range(start, start + n_games, 10000):
        ids = np.arange(s, min(start + n_games, s + 10000), dtype=np.int64)
        spec.play(ids, words, players, bots, cards)
    return time.perf_counter() - t0


def _warm(spec) -> dict[str, float]:
    """Compile (or load from the cache) what a game's runs, checks, replays and lookahead runs (a
    game with a lookahead preset) use: one game of each kind, timed. Returns seconds per kind."""
    from simlab.games.base import root_seed_words

    players = _default_players(spec)
    bots = spec.bot_matrix([(spec.default_bot, None)] * players)
    cards, words, ids = spec.load_cards(), root_seed_words(0), np.arange(1, dtype=np.int64)
    out = {}
    kinds = [("run", lambda: spec.play(ids, words, players, bots, cards)),
             ("check", lambda: spec.play(ids, words, players, bots, cards, check=True)),
             ("replay", lambda: spec.replay(0, words, players, bots, cards))]
    look = [b for b in sorted(spec.bots) if spec.is_lookahead(b)]
    if look and spec.lookahead_param:
        # a lookahead bot's runs compile the turn a second time (simlab.games.kernel): one game with
        # one playout per option compiles it without the playouts' cost
        la = spec.bot_matrix([(look[0], {spec.lookahead_param: 1.0})] + [(spec.default_bot, None)] * (players - 1))
        kinds.append(("lookahead", lambda: spec.play(ids, words, players, la, cards)))
    for kind, call in kinds:
        t0 = time.perf_counter()
        call()
        out[kind] = time.perf_counter() - t0
    return out


def _compile_events() -> Any:
    """Record numba's compile events (numba.core.event): per function, seconds spent compiling."""
    from numba.core import event

    return event.install_recorder("numba:compile")


def _top_compiles(records, n: int = 10) -> list[dict[str, Any]]:
    """The n functions that took longest to compile, in seconds of their own (a function's compile
    time less that of the functions compiled inside it)."""
    stack: list[list[Any]] = []  # [label, start, seconds spent in nested compiles]
    spent: dict[str, float] = {}
    for ts, ev in records:
        if ev.is_start:
            func = getattr((ev.data or {}).get("dispatcher"), "py_func", None)
            stack.append([f"{getattr(func, '__module__', '')}.{getattr(func, '__qualname__', '?')}", ts, 0.0])
        elif ev.is_end and stack:
            label, start, nested = stack.pop()
            spent[label] = spent.get(label, 0.0) + (ts - start) - nested
            if stack:
                stack[-1][2] += ts - start
    return [{"function": k, "seconds": round(v, 2)} for k, v in sorted(spent.items(), key=lambda kv: -kv[1])[:n]]


def _compile_child(game: str, env: dict[str, str]) -> dict[str, Any]:
    """Compile one game in a child process (``simlab compile GAME --json``) and return its JSON row."""
    env = dict(env)
    env.pop("NUMBA_DISABLE_JIT", None)
    proc = subprocess.run([sys.executable, "-m", "simlab", "compile", game, "--json", "--inner"], env=env,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise UserError(f"compiling {game} failed: {proc.stderr.strip().splitlines()[-1:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])[0]


def cmd_compile(args: argparse.Namespace) -> int:
    from simlab.games import game_names

    names = args.games or game_names()
    unknown = [g for g in names if g not in game_names()]
    if unknown:
        raise UserError(f"unknown game {unknown[0]!r}; expected one of {game_names()}")
    if args.jobs < 1:
        raise UserError(f"--jobs must be at least 1, got {args.jobs}")
    if args.cold and args.jobs > 1:
        raise UserError("--cold measures one game at a time (games compiled side by side slow each other); "
                        "drop --jobs")
    if args.cold and not args.inner:
        # a fresh cache folder per game, in a child process: the cache folder is fixed at import
        import tempfile

        results = []
        for g in names:
            with tempfile.TemporaryDirectory(prefix="simlab-cold-") as tmp:
                results.append(_compile_child(g, dict(os.environ, SIMLAB_CACHE_DIR=tmp)) | {"cold": True})
    elif args.jobs > 1 and len(names) > 1 and not args.inner:
        # several games side by side, one child process each (numba compiles in one thread): the
        # shared cache folder takes each game's machine code as its child finishes
        from concurrent.futures import ThreadPoolExecutor

        if not args.json:
            print(f"simlab: compiling {', '.join(names)} ({args.jobs} at a time; first run only) ...",
                  file=sys.stderr, flush=True)
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            # each game already has a core: no helper processes beside them (simlab.games.warm)
            results = list(pool.map(lambda g: _compile_child(g, dict(os.environ, SIMLAB_COMPILE_HELPER="0")), names))
    else:
        from simlab.scenario import resolve_game

        results = []
        for g in names:
            spec = resolve_game(g)
            if not args.json:
                _announce_compile(spec)
            with _compile_events() as rec:
                secs = _warm(spec)
            results.append({"game": g, "seconds": round(sum(secs.values()), 1),
                            "by_kind": {k: round(v, 1) for k, v in secs.items()},
                            "top_functions": _top_compiles(rec.buffer)})
    if args.json:
        print(json.dumps(results))
    else:
        for r in results:
            kinds = ", ".join(f"{k} {v:.1f} s" for k, v in r["by_kind"].items())
            top = ", ".join(f"{t['function'].rsplit('.', 1)[-1]} {t['seconds']:.0f} s" for t in r["top_functions"][:3])
            print(f"{r['game']}: {r['seconds']:.1f} s ({kinds})" + (" from a cold cache" if args.cold else "")
                  + (f"; slowest to compile: {top}" if top else "; all from the cache"))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from simlab.scenario import resolve_game

    _check_seed(args.seed)
    spec = resolve_game(args.game)
    players = _default_players(spec) if args.players is None else args.players
    if players not in spec.players:
        raise UserError(f"{spec.name} is played by {list(spec.players)} players, got {players}")
    if args.games <= 0:
        raise UserError(f"--games must be positive, got {args.games}")
    bot = args.bot or spec.default_bot
    if bot not in spec.bots:
        raise UserError(f"--bot: unknown bot preset {bot!r} for {spec.name}; expected one of {sorted(spec.bots)}")

    if not args.interpreted_only:
        _announce_compile(spec)
    if args.interpreted_only:
        secs = _time_play(spec, players, args.games, 0, args.seed, bot)
        result = {
            "games": args.games,
            "players": players,
            "seconds": secs,
            "games_per_s": args.games / secs if secs > 0 else None,
            "jit_disabled": os.environ.get("NUMBA_DISABLE_JIT") == "1",
        }
        print(json.dumps(result))
        return 0

    warm = _time_play(spec, players, 8, 0, args.seed, bot)  # first call compiles (or loads the cache)
    secs = _time_play(spec, players, args.games, 8, args.seed, bot)
    compiled = args.games / secs if secs > 0 else float("inf")

    m = args.interpreted_games or max(20, args.games // 200)
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    cmd = [
        sys.executable,
        "-m",
        "simlab",
        "bench",
        args.game,
        "--interpreted-only",
        "--games",
        str(m),
        "--players",
        str(players),
        "--seed",
        str(args.seed),
        "--bot",
        bot,
        "--json",
    ]
    interp = None
    interp_secs = None
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if proc.returncode == 0 and proc.stdout.strip():
        sub = json.loads(proc.stdout.strip().splitlines()[-1])
        interp, interp_secs = sub["games_per_s"], sub["seconds"]
    else:
        print(f"simlab: warning: interpreted run failed: {proc.stderr.strip()[-500:]}", file=sys.stderr)

    result = {
        "game": spec.name,
        "version": spec.version,
        "players": players,
        "bot": bot,
        "games": args.games,
        "seconds": secs,
        "warmup_seconds": warm,
        "games_per_s": compiled,
        "interpreted_games": m,
        "interpreted_seconds": interp_secs,
        "interpreted_games_per_s": interp,
        "speedup": (compiled / interp) if interp else None,
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{spec.title} ({spec.name} {spec.version}), {players} players, bot {bot}")
        print(f"compile/warm-up: {warm:.2f} s")
        print(f"compiled:    {compiled:12,.0f} games/s  ({args.games} games in {secs:.2f} s, one core)")
        if interp:
            print(f"interpreted: {interp:12,.0f} games/s  ({m} games, NUMBA_DISABLE_JIT=1)")
            print(f"speedup:     {compiled / interp:12,.1f}x")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    """Play games with every invariant checked; exit 1 when any game broke one."""
    from simlab.scenario import resolve_game
    from simlab.testing import check_invariants

    _check_seed(args.seed)
    _check_jobs(args.jobs)
    spec = resolve_game(args.game)
    players = None if args.players is None else [args.players]
    bots = _names(args.bots)
    _announce_compile(spec)
    # the bar only where someone watches it (a terminal), and never with --quiet
    progress = not args.quiet and sys.stderr.isatty()
    rep = check_invariants(args.game, args.games, players=players, bots=bots, seed=args.seed, n_jobs=args.jobs,
                           progress=progress, first_game=args.first_game)
    ids = f" (game ids {rep.first_game} to {rep.first_game + rep.games - 1})" if rep.first_game else ""
    print(f"check {rep.game}: seed {rep.seed}, {rep.games} games per player count and bot{ids}, "
          "every invariant checked")
    rows = []
    for (p, b), n in rep.groups.items():
        bad = [v for v in rep.violations if v.players == p and v.bot == b]
        rows.append({"players": p, "bot": b, "games": n, "games with violations": len(bad),
                     "violations": sum(v.count for v in bad)})
    print(format_table(rows))
    rate = rep.total_games / rep.seconds if rep.seconds > 0 else float("inf")
    print(f"total: {rep.total_games} games, {len(rep.violations)} with violations "
          f"({sum(v.count for v in rep.violations)} violations), {rep.seconds:.1f} s ({rate:,.1f} games/s; "
          f"compiling the game first: {rep.compile_seconds:.1f} s)")
    for v in rep.violations:
        replay = " ".join(["simlab", "replay", args.game, *v.replay_args[1:]])
        print(f"violation: game {v.game_id} (players={v.players}, bot={v.bot}): {v.count} invariant "
              f"violation(s); replay: {replay}")
    return 0 if rep.ok else 1


def cmd_tune(args: argparse.Namespace) -> int:
    """Search a preset's parameters for the highest win rate against a field (simlab.tuning)."""
    from simlab.scenario import resolve_game
    from simlab.tuning import tune

    _check_seed(args.seed)
    _check_jobs(args.jobs)
    spec = resolve_game(args.game)
    against, params = _names(args.against), _names(args.params)
    players = args.players if args.players is not None else _default_players(spec)
    out = args.out if args.out is not None else Path(f"{args.name or f'{args.preset}_tuned_{players}p'}.toml")
    _announce_compile(spec)
    res = tune(args.game, args.preset, against=against, players=players, budget=args.budget,
               games_per_candidate=args.games_per_candidate, popsize=args.popsize, params=params,
               fresh_games=args.fresh_games, seed=args.seed, n_jobs=args.jobs, name=args.name, out=out,
               resume=args.resume, overwrite=args.overwrite, progress=not args.quiet and sys.stderr.isatty())
    f = res.fresh
    if args.json:
        print(json.dumps({"game": res.game, "preset": res.preset, "name": res.name, "params": res.params,
                          "search": res.search, "fresh": f, "out": str(res.out)}, default=float))
        return 0
    last = res.search[-1] if res.search else {}
    print(f"tune {res.game}: {res.preset} against {', '.join(against or [res.preset])} at {players} players; "
          f"{len(res.search)} generations, {last.get('games', 0):,} search games")
    print(format_table([{"parameter": k, "hand-set": float(spec.bot_vector(res.preset)[list(spec.bot_params).index(k)]),
                         "tuned": round(v, 4)} for k, v in res.params.items()]))
    rows = []
    for label, r in (("tuned", f["tuned"]), ("hand-set", f["handset"])):
        rows.append({"bot": label, "win rate": f"{r['p']:.4f}", "95% interval": f"{r['ci_low']:.4f}-{r['ci_high']:.4f}",
                     "n": r["n"]})
    print(f"on {f['n']:,} fresh games (seeds the search never used), against the same field:")
    print(format_table(rows))
    g = f["gain"]
    pval = "< 1e-300" if g["p_value"] == 0 else f"= {g['p_value']:.2g}"  # 0.0: below what a double holds
    print(f"gain (paired, tuned - hand-set): {g['diff']:+.4f} ({g['ci_low']:+.4f} to {g['ci_high']:+.4f}), "
          f"p {pval}, n = {g['n']:,} paired games")
    print(f"wrote {res.out}")
    return 0


def cmd_ladder(args: argparse.Namespace) -> int:
    """Round robin of bots with Bradley-Terry ratings (simlab.ladder)."""
    from simlab.ladder import ladder
    from simlab.scenario import resolve_game

    _check_seed(args.seed)
    _check_jobs(args.jobs)
    spec = resolve_game(args.game)
    bots = _names(args.bots)
    players = args.players if args.players is not None else _default_players(spec)
    _announce_compile(spec)
    lad = ladder(args.game, bots, players=players, games=args.games, seed=args.seed, n_jobs=args.jobs,
                 progress=not args.quiet and sys.stderr.isatty())
    if args.json:
        print(json.dumps({"game": lad.game, "players": lad.players, "games_per_pair": lad.games_per_pair,
                          "seed": lad.seed, "ratings": lad.ratings.to_dicts(), "rungs": lad.rungs.to_dicts(),
                          "head_to_head": lad.head_to_head.to_dicts()}))
        return 0
    print(f"ladder {lad.game}: {lad.players} players, {lad.games_per_pair:,} games per pair (seats rotated), "
          f"seed {lad.seed}")
    print("Bradley-Terry ratings on an Elo scale (400 = odds of 10 to 1; the first bot alphabetically is 0):")
    print(format_table([{"bot": r["bot"], "elo": _num(r["elo"], 0), "95% interval":
                         f"{_num(r['elo_low'], 0)} to {_num(r['elo_high'], 0)}", "games": r["games"]}
                        for r in lad.ratings.iter_rows(named=True)]))
    print("how much skill matters: each rung's head-to-head win rate against the rung below")
    print(format_table([{"upper": r["upper"], "lower": r["lower"], "elo gap": _num(r["elo_gap"], 0),
                         "win rate": _num(r["win_rate"], 3), "95% interval":
                         f"{_num(r['ci_low'], 3)}-{_num(r['ci_high'], 3)}", "n": r["n"]}
                        for r in lad.rungs.iter_rows(named=True)]))
    return 0


def _num(x: float | None, digits: int) -> str:
    return "n/a" if x is None or x != x else f"{x:.{digits}f}"


# --------------------------------------------------------------------------------------------
# Parser


GAME_HELP = "a registered game (simlab games lists them)"


def build_parser() -> argparse.ArgumentParser:
    from simlab import __version__

    p = argparse.ArgumentParser(
        prog="simlab", description="Monte Carlo balance analytics for tabletop games."
    )
    p.add_argument("--version", action="version", version=f"simlab {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    s = sub.add_parser("games", help="list the registered games")
    s.set_defaults(func=cmd_games)

    s = sub.add_parser("cards", help="print a game's card table")
    s.add_argument("game", help=GAME_HELP)
    s.add_argument("--variant", action="append", metavar="NAME=VALUE", help="data variant (repeatable)")
    s.set_defaults(func=cmd_cards)

    s = sub.add_parser("run", help="run a scenario file")
    s.add_argument("scenario", type=Path, help="the scenario file (TOML; README, Scenario format)")
    s.add_argument("--games", type=int, help="games per variant (overrides the file)")
    s.add_argument("--jobs", type=int,
                   help="worker processes: n (at most the cores), -1 = all cores (the default), 1 = in-process")
    s.add_argument("--seed", type=int, help="study seed (overrides the file)")
    s.add_argument("--out", type=Path, help="results directory (overrides the file)")
    s.add_argument("--resume", action="store_true",
                   help="finish an interrupted run of the same scenario (finished parts are checked first)")
    s.add_argument("--overwrite", action="store_true",
                   help="replace existing results (and, with --report, an existing report); "
                   "only files simlab wrote are deleted")
    s.add_argument("--quiet", action="store_true", help="no progress bar")
    s.add_argument("--target-ci", type=float, metavar="W",
                   help="adaptive: add games until every variant's 95%% half-width of bot row 0's win rate is <= W")
    s.add_argument("--max-games", type=int, metavar="N",
                   help="adaptive: at most N games per variant (default 10x games)")
    s.add_argument("--backend", choices=["local", "dask"], default="local",
                   help="where the chunks run: local worker processes (the default) or a Dask cluster "
                   '(pip install "simlab[dask]"; docs/cluster.md)')
    s.add_argument("--scheduler", metavar="ADDRESS",
                   help="--backend dask: the scheduler, e.g. tcp://host:8786 (default: start a LocalCluster "
                   "of --jobs processes)")
    s.add_argument("--level", help="one of the scenario's [levels]: its bot presets replace the study's "
                   "(e.g. the tuned ones); results go to <out>-<level> (docs/tuning.md)")
    s.add_argument("--report", action="store_true", help="write a report after the run")
    s.add_argument("--report-out", type=Path, metavar="DIR", help="report directory (default reports/<study>)")
    s.set_defaults(func=cmd_run)

    s = sub.add_parser("report", help="write report.md and index.html from a results directory")
    s.add_argument("results", type=Path, metavar="RESULTS_DIR", help="a results directory simlab run wrote")
    s.add_argument("--out", type=Path, help="report directory (default reports/<study name>)")
    s.add_argument("--overwrite", action="store_true", help="replace a report that is already there")
    s.set_defaults(func=cmd_report)

    s = sub.add_parser("replay", help="print the log of one seeded game")
    s.add_argument("game", help=GAME_HELP)
    s.add_argument("--seed", type=int, required=True, help="the study seed the game was played with")
    s.add_argument("--game-id", type=int, default=0,
                   help="the game id within that seed (the games table's game_id; default 0)")
    s.add_argument("--players", type=int, help="players (default 2)")
    s.add_argument("--bots", help="comma-separated bot presets, one or one per seat")
    s.add_argument("--board", help="draw the board (Wiz-War): start, end, each, or turn numbers, "
                                   "comma-separated (e.g. start,5,end)")
    s.set_defaults(func=cmd_replay)

    s = sub.add_parser("bench", help="games/s of the compiled kernel vs the interpreted code")
    s.add_argument("game", help=GAME_HELP)
    s.add_argument("--games", type=int, default=20000,
                   help="compiled games to time on one core (default 20000); the interpreted run "
                        "plays 1/200 of them, at least 20")
    s.add_argument("--players", type=int, help="players (default 2)")
    s.add_argument("--seed", type=int, default=0, help="seed (default 0)")
    s.add_argument("--bot", help="bot preset every seat plays (default the game's default bot)")
    s.add_argument("--json", action="store_true", help="print one JSON object")
    s.add_argument("--interpreted-games", type=int, help=argparse.SUPPRESS)
    s.add_argument("--interpreted-only", action="store_true", help=argparse.SUPPRESS)
    s.set_defaults(func=cmd_bench)

    s = sub.add_parser("compile", help="compile the games' kernels into the cache now (first run only)")
    s.add_argument("games", nargs="*", help="game names (default: every registered game)")
    s.add_argument("--cold", action="store_true",
                   help="measure a first compile: each game in a child process with an empty cache folder")
    s.add_argument("--json", action="store_true",
                   help="print JSON: seconds per game and kind, and the slowest functions to compile")
    s.add_argument("--jobs", type=int, default=1,
                   help="games compiled side by side, each in its own process (default 1)")
    s.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    s.set_defaults(func=cmd_compile)

    s = sub.add_parser("check", help="play many games with every invariant checked; exit 1 on any violation")
    s.add_argument("game", help=GAME_HELP)
    s.add_argument("--games", type=int, default=10000, help="games per player count and bot (default 10000)")
    s.add_argument("--players", type=int, help="one player count (default every count the game allows)")
    s.add_argument("--bots", help="comma-separated bot presets, each played by every seat (default random and "
                   "the game's default bot)")
    s.add_argument("--seed", type=int, default=0, help="seed (default 0)")
    s.add_argument("--first-game", type=int, default=0,
                   help="first game id (default 0): checks of disjoint id ranges add up, so a long check can be split")
    s.add_argument("--jobs", type=int, default=-1,
                   help="worker processes: n (at most the cores), -1 = all cores (the default), 1 = in-process")
    s.add_argument("--quiet", action="store_true", help="no progress bar")
    s.set_defaults(func=cmd_check)

    s = sub.add_parser("tune", help="search a bot preset's parameters for the highest win rate (CMA-ES) and "
                       "write a tuned preset file")
    s.add_argument("game", help=GAME_HELP)
    s.add_argument("--preset", required=True, help="the hand-set preset to start from")
    s.add_argument("--against", help="comma-separated presets of the field, seats 1.. in turn (default: the "
                   "preset itself)")
    s.add_argument("--players", type=int, help="players per game (default 2)")
    s.add_argument("--budget", type=int, default=200_000, help="games the search may play (default 200000)")
    s.add_argument("--games-per-candidate", type=int, default=2_000,
                   help="games each candidate plays per generation, on the same seeds (default 2000)")
    s.add_argument("--popsize", type=int, help="candidates per generation (default 4 + 3 ln(parameters))")
    s.add_argument("--params", help="comma-separated parameters to search (default every tunable one)")
    s.add_argument("--fresh-games", type=int, default=20_000,
                   help="games of the final check on fresh seeds, tuned and hand-set each (default 20000)")
    s.add_argument("--seed", type=int, default=0, help="seed (default 0)")
    s.add_argument("--jobs", type=int, default=-1,
                   help="worker processes: n (at most the cores), -1 = all cores (the default), 1 = in-process")
    s.add_argument("--name", help="the tuned preset's name (default <preset>_tuned_<players>p)")
    s.add_argument("--out", type=Path, help="the preset file to write (default <name>.toml here); the search "
                   "state is kept beside it until the search ends")
    s.add_argument("--resume", action="store_true", help="finish a stopped search (same arguments)")
    s.add_argument("--overwrite", action="store_true", help="replace a preset file simlab tune wrote")
    s.add_argument("--quiet", action="store_true", help="no progress bar")
    s.add_argument("--json", action="store_true", help="print one JSON object")
    s.set_defaults(func=cmd_tune)

    s = sub.add_parser("ladder", help="round robin of bots: Bradley-Terry ratings and the gap between rungs")
    s.add_argument("game", help=GAME_HELP)
    s.add_argument("--bots", help="comma-separated presets (default every preset of the game but its slow "
                   "lookahead bots, such as quarriors lookahead_2p)")
    s.add_argument("--players", type=int, help="players per game (default 2); a pair's bots take turns in the seats")
    s.add_argument("--games", type=int, default=2_000, help="games per pair of bots (default 2000)")
    s.add_argument("--seed", type=int, default=0, help="seed (default 0)")
    s.add_argument("--jobs", type=int, default=-1,
                   help="worker processes: n (at most the cores), -1 = all cores (the default), 1 = in-process")
    s.add_argument("--quiet", action="store_true", help="no progress bar")
    s.add_argument("--json", action="store_true", help="print one JSON object")
    s.set_defaults(func=cmd_ladder)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    from simlab.scenario import ScenarioError

    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except BrokenPipeError:
        # output piped into a reader that stopped early (e.g. `| head`): not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except (ScenarioError, UserError, KeyError, ValueError, OSError, MemoryError) as exc:
        # OSError covers an existing or missing path, a read-only folder and a full disk.
        print(f"simlab: error: {_msg(exc)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("simlab: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
