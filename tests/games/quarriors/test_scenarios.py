"""Quarriors studies through the CLI: bad scenarios fail fast and write nothing; resume is exact."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from simlab.cli import main
from simlab.results import load_results

GOOD = """
game = "quarriors"
games = 40
seed = 7
players = 2
chunk_size = 10
[[seats]]
bot = "greedy"
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "study.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("text,needle", [
    (GOOD + '[cards."Quake Dragonn"]\ncost = 7\n', "unknown card 'Quake Dragonn'"),
    (GOOD.replace("players = 2", "players = 5"), "players"),
    (GOOD.replace("games = 40", "gmaes = 40"), "gmaes"),
    (GOOD.replace("games = 40", "games = -3"), "games"),
    (GOOD + '[variants]\nquesting_wizard_draw = "3"\n', "questing_wizard_draw"),
    (GOOD + '[setup]\ninclude = ["Quake Dragon", "Strong Quake Dragon"]\n', "Quake Dragon"),
    (GOOD.replace('bot = "greedy"', 'bot = "greedy"\nparams = { cull_polcy = 2 }'), "cull_polcy"),
])
def test_bad_scenario_fails_fast_and_writes_nothing(tmp_path, capsys, text, needle):
    """Unknown card, 5 players, misspelt key, negative games, bad variant, two cards of one class,
    misspelt bot parameter: exit 2, the message names the problem, no results directory."""
    out = tmp_path / "out"
    code = main(["run", str(write(tmp_path, text)), "--out", str(out), "--quiet"])
    err = capsys.readouterr().err
    assert code == 2
    assert needle in err and "Traceback" not in err
    assert not out.exists()


def test_resume_after_interruption_gives_identical_tables(tmp_path, capsys):
    """An interrupted run (chunks missing) finished with --resume equals an uninterrupted run."""
    path = write(tmp_path, GOOD)
    full, part = tmp_path / "full", tmp_path / "part"
    assert main(["run", str(path), "--out", str(full), "--jobs", "1", "--quiet"]) == 0
    assert main(["run", str(path), "--out", str(part), "--jobs", "2", "--quiet"]) == 0
    for table in ("games", "seats", "cards"):
        for f in sorted((part / table).glob("*.parquet"))[1::2]:
            f.unlink()
    assert main(["run", str(path), "--out", str(part), "--resume", "--quiet"]) == 0
    a, b = load_results(full), load_results(part)
    for table in ("games", "seats", "cards"):
        x = a.collect(table, sort=True)
        y = b.collect(table, sort=True)
        assert x.equals(y), table
    assert isinstance(a.collect("seats"), pl.DataFrame)
