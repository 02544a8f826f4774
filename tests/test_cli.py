"""The command line: output, exit codes, no tracebacks for user mistakes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from simlab.cli import format_table, main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_toy(capsys):
    code, out, _ = run(capsys, "games")
    assert code == 0
    line = next(line for line in out.splitlines() if line.startswith("toy "))
    assert "Toy Dice" in line and "1.0" in line and "2,3,4" in line and "greedy,random" in line


def test_cards_and_variant(capsys):
    code, out, _ = run(capsys, "cards", "toy", "--variant", "bonus_mode=double")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["name", "power"]
    assert lines[2].split() == ["Red", "2"] and lines[4].split() == ["Green", "Dragon", "6"]
    code, _, err = run(capsys, "cards", "toy", "--variant", "bonus_mode=triple")
    assert code == 2 and err.startswith("simlab: error: ") and "triple" in err
    code, _, err = run(capsys, "cards", "nope")
    assert code == 2 and "unknown game 'nope'" in err and "Traceback" not in err


def test_run_command(capsys, write_scenario, tmp_path):
    path = write_scenario()
    out_dir = tmp_path / "out"
    code, out, err = run(
        capsys, "run", str(path), "--out", str(out_dir), "--jobs", "1", "--games", "30", "--quiet"
    )
    assert code == 0, err
    assert f"results: {out_dir}" in out and "games: 30 per variant" in out and "games/s" in out
    code, _, err = run(capsys, "run", str(path), "--out", str(out_dir), "--jobs", "1", "--quiet")
    assert code == 2 and "already exists" in err
    code, _, err = run(
        capsys, "run", str(path), "--out", str(out_dir), "--jobs", "1", "--quiet", "--overwrite"
    )
    assert code == 0, err


def test_run_bad_scenario_exit_2(capsys, write_scenario, tmp_path):
    path = write_scenario('game = "toy"\ngames = 10\n[[seats]]\nbot = "gredy"\n')
    code, out, err = run(capsys, "run", str(path), "--out", str(tmp_path / "o"))
    assert code == 2 and out == ""
    assert err.strip() == (
        f"simlab: error: {path}:4: seats[0].bot: unknown bot preset 'gredy'; "
        "expected one of ['greedy', 'random']"
    )
    assert not (tmp_path / "o").exists()


def test_replay(capsys):
    code, out, _ = run(
        capsys, "replay", "toy", "--seed", "3", "--players", "3", "--bots", "greedy,random,greedy"
    )
    assert code == 0 and out.startswith("toy game 0, 3 players") and "seat 2" in out
    code, out2, _ = run(
        capsys, "replay", "toy", "--seed", "3", "--players", "3", "--bots", "greedy,random,greedy"
    )
    assert out2 == out
    code, _, err = run(capsys, "replay", "toy", "--seed", "3", "--players", "9")
    assert code == 2 and "[2, 3, 4]" in err
    code, _, err = run(capsys, "replay", "toy", "--seed", "3", "--bots", "greedy,greedy,greedy")
    assert code == 2 and "--bots" in err


def test_bench_json(capsys):
    code, out, err = run(capsys, "bench", "toy_game:GAME", "--games", "300", "--json")
    assert code == 0, err
    data = json.loads(out)
    for key in (
        "games_per_s",
        "interpreted_games_per_s",
        "speedup",
        "games",
        "players",
        "seconds",
        "warmup_seconds",
    ):
        assert key in data
    assert data["games"] == 300 and data["players"] == 2 and data["interpreted_games"] == 20
    assert data["games_per_s"] > 0 and data["interpreted_games_per_s"] > 0 and data["speedup"] > 0
    assert data["bot"] == "greedy"


def test_bench_names_the_bot_it_measures(capsys):
    code, out, err = run(capsys, "bench", "toy_game:GAME", "--games", "50", "--bot", "random", "--json")
    assert code == 0, err
    assert json.loads(out)["bot"] == "random"
    code, _, err = run(capsys, "bench", "toy_game:GAME", "--games", "50", "--bot", "wizard")
    assert code == 2 and "--bot" in err and "'wizard'" in err and "greedy" in err


def test_argparse_errors_exit_2(capsys):
    with pytest.raises(SystemExit) as info:
        main(["run"])
    assert info.value.code == 2


def test_python_dash_m(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "simlab", "--version"], capture_output=True, text=True)
    assert proc.returncode == 0 and proc.stdout.startswith("simlab ")


def test_format_table():
    text = format_table([{"a": 1, "bb": 2.5}, {"a": 100, "c": [1, 2]}])
    assert text.splitlines() == ["a    bb   c", "---  ---  ---", "1    2.5", "100       1,2"]


def _in_empty_cache(code: str, cache: Path) -> subprocess.CompletedProcess:
    """Run ``code`` in a fresh compiled-mode Python whose kernel cache folder is ``cache`` (empty)."""
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_DISABLE_JIT"}
    env["SIMLAB_CACHE_DIR"] = str(cache)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)


def test_compiling_message_on_a_cold_cache(tmp_path):
    """A first run says it is compiling (issue #13): with an empty cache folder the game's kernels
    are not cached, and the CLI prints what it is doing, for how long and where it caches. (Checked
    without compiling: only the announcement runs.)"""
    code = ("import sys; from simlab import cli; from simlab.games import get_game, kernels_cached; "
            "print(kernels_cached('quarriors'), kernels_cached('no_such_game')); "
            "cli._announce_compile(get_game('seasons'))")
    proc = _in_empty_cache(code, tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["False", "None"]
    assert "simlab: compiling the Seasons + Enchanted Kingdom engine for this version of simlab (first run only, " \
           "about 35 s on a 2-core machine; cached in " + str(tmp_path) in proc.stderr


def test_a_compiled_run_marks_the_kernels_cached(tmp_path):
    """After a compiled run the message is not printed again: the run leaves a mark in the cache
    folder of this version of the sources (play_game has no cache entry of its own, so looking
    for one said "compiling" before every run). Checked on the mark itself, without compiling."""
    code = ("from simlab.games import CACHE_DIR, kernels_cached, mark_compiled; "
            "before = kernels_cached('seasons'); mark_compiled('seasons'); mark_compiled('no_such_game'); "
            "print(before, kernels_cached('seasons'), kernels_cached('quarriors'), "
            "sorted(p.name for p in CACHE_DIR.glob('*.compiled')))")
    proc = _in_empty_cache(code, tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().split(maxsplit=3) == ["False", "True", "False", "['seasons.compiled']"]


def test_play_marks_the_game_compiled(monkeypatch):
    import simlab.games as games
    from simlab.games import base

    seen = []
    monkeypatch.setattr(games, "mark_compiled", lambda name, kind="run": seen.append((name, kind)))
    from numba.core import config

    monkeypatch.setattr(config, "DISABLE_JIT", False)
    base._compiled("quarriors")
    base._compiled("seasons", "lookahead")  # a lookahead run's kernels are marked apart
    monkeypatch.setattr(config, "DISABLE_JIT", True)
    base._compiled("seasons")  # interpreted runs compile nothing
    assert seen == [("quarriors", "run"), ("seasons", "lookahead")]


def test_no_compiling_message_when_cached(monkeypatch, capsys):
    import simlab.games as games
    from simlab import cli

    monkeypatch.setattr(games, "kernels_cached", lambda name: True)
    cli._announce_compile(games.get_game("quarriors"))
    monkeypatch.setattr(games, "kernels_cached", lambda name: None)  # interpreted, or not a registered game
    cli._announce_compile(games.get_game("quarriors"))
    assert capsys.readouterr().err == ""


def test_compile_warms_the_cache_and_names_the_slowest_functions(capsys):
    """`simlab compile GAME --json` (issue #13): seconds per kind of use (runs, checks, replays, and
    lookahead runs for a game with a lookahead preset) and the functions that took longest to
    compile; a second call finds everything in the cache."""
    assert main(["compile", "quarriors", "--json"]) == 0
    first = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert [r["game"] for r in first] == ["quarriors"]
    assert set(first[0]["by_kind"]) == {"run", "check", "replay", "lookahead"}
    assert all({"function", "seconds"} <= set(t) for t in first[0]["top_functions"])
    assert main(["compile", "quarriors"]) == 0
    assert capsys.readouterr().out.startswith("quarriors: ")


def test_compile_refuses_an_unknown_game(capsys):
    assert main(["compile", "quarriors", "chess"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err


def test_compile_side_by_side(capsys):
    """`simlab compile --jobs 2 A B` compiles each game in its own process (issue #13: the test
    suite and a fresh machine pay the first compile once per core, not once per game) and reports
    every game; bad --jobs values are refused with the flag named."""
    assert main(["compile", "quarriors", "seasons", "--jobs", "2", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert [r["game"] for r in rows] == ["quarriors", "seasons"]
    assert main(["compile", "quarriors", "--jobs", "0"]) == 2
    assert "--jobs must be at least 1, got 0" in capsys.readouterr().err
    assert main(["compile", "quarriors", "--cold", "--jobs", "2"]) == 2
    assert "drop --jobs" in capsys.readouterr().err


def test_every_argument_has_help():
    """``simlab COMMAND --help`` explains every argument and option a user can pass."""
    import argparse

    from simlab.cli import build_parser

    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    missing = [f"{name} {a.dest}" for name, parser in sub.choices.items() for a in parser._actions
               if not isinstance(a, argparse._HelpAction) and not a.help]
    assert missing == []
