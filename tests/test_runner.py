"""The runner: chunked Parquet output, manifest, resume, independence from n_jobs and chunking."""

from __future__ import annotations

import json

import numpy as np
import polars as pl
import pytest

from simlab import load_results, run_scenario, simulate
from simlab.scenario import ScenarioError, parse_scenario

SWEEP = """\
game = "toy"
games = 90
seed = 5
players = [2, 3]
chunk_size = 20
[[seats]]
bot = "random"
[sweep]
"cards.Red.power" = [1, 6]
"""


def _tables(out) -> dict[str, pl.DataFrame]:
    return load_results(out).collect_all(sort=True)


def _assert_same(a: dict, b: dict) -> None:
    for t in a:
        assert a[t].equals(b[t]), t


def test_run_writes_parts_and_manifest(tmp_path, toy):
    scn = parse_scenario(SWEEP, tmp_path / "s.toml")
    out = run_scenario(scn, out=tmp_path / "r", n_jobs=1, quiet=True)
    for t in ("games", "seats", "cards"):
        files = sorted(p.name for p in (out / t).iterdir())
        assert files[0] == "v000-c00000.parquet" and len(files) == 4 * 5
    m = json.loads((out / "manifest.json").read_text())
    assert m["status"] == "complete"
    assert m["game"]["name"] == "toy" and m["game"]["version"] == "1.0"
    assert m["seed"] == 5 and len(m["seed_words"]) == 4
    assert m["plan"] == {"games": 90, "chunk_size": 20, "chunks": 5, "variants": 4}
    assert [v["label"] for v in m["variants"]][:2] == [
        "players=2 cards.Red.power=1",
        "players=2 cards.Red.power=6",
    ]
    assert m["scenario"]["source"] == SWEEP and m["scenario"]["parsed"]["games"] == 90
    assert m["timing"]["games_played"] == 360 and m["timing"]["games_per_s"] > 0
    t = _tables(out)
    assert t["games"].height == 360 and t["seats"].height == 90 * 2 * 2 + 90 * 3 * 2
    assert t["games"]["game_id"].unique().sort().to_list() == list(range(90))
    assert set(t["seats"]["bot"].unique()) == {"random"}
    assert t["cards"]["card"].dtype == pl.String and "card_id" in t["cards"].columns
    assert (t["seats"]["seed"] == 5).all() and (t["cards"]["version"] == "1.0").all()


def test_paired_seeds_across_variants(tmp_path):
    out = run_scenario(parse_scenario(SWEEP, tmp_path / "s.toml"), out=tmp_path / "r", n_jobs=1, quiet=True)
    seats = _tables(out)["seats"]
    # Red's power does not change the dice: the same game ids roll the same dice in both variants.
    a = seats.filter(pl.col("variant_id") == 0).select("game_id", "seat", "dice_rolled")
    b = seats.filter(pl.col("variant_id") == 1).select("game_id", "seat", "dice_rolled")
    assert a.equals(b)


def test_independent_of_jobs_and_chunks(tmp_path):
    base = _tables(
        run_scenario(parse_scenario(SWEEP, tmp_path / "s.toml"), out=tmp_path / "a", n_jobs=1, quiet=True)
    )
    other = SWEEP.replace("chunk_size = 20", "chunk_size = 33")
    par = _tables(
        run_scenario(parse_scenario(other, tmp_path / "s.toml"), out=tmp_path / "b", n_jobs=2, quiet=True)
    )
    _assert_same(base, par)


def test_resume_is_byte_identical(tmp_path):
    scn = parse_scenario(SWEEP, tmp_path / "s.toml")
    full = run_scenario(scn, out=tmp_path / "full", n_jobs=1, quiet=True)
    part = run_scenario(scn, out=tmp_path / "part", n_jobs=1, quiet=True)
    removed = [
        "games/v000-c00001.parquet",
        "seats/v002-c00004.parquet",
        "cards/v003-c00000.parquet",
        "games/v001-c00002.parquet",
        "seats/v001-c00002.parquet",
        "cards/v001-c00002.parquet",
    ]
    for r in removed:
        (part / r).unlink()
    (part / "games" / "v000-c00003.parquet.tmp999").write_bytes(b"junk")
    before = {p: p.stat().st_mtime_ns for p in (part / "games").glob("*.parquet")}
    run_scenario(scn, out=part, n_jobs=2, quiet=True, resume=True)
    m = json.loads((part / "manifest.json").read_text())
    assert m["status"] == "complete" and m["timing"]["games_played"] == 3 * 20 + 10
    assert not list(part.rglob("*.tmp*"))
    for t in ("games", "seats", "cards"):
        names = sorted(p.name for p in (full / t).glob("*.parquet"))
        assert names == sorted(p.name for p in (part / t).glob("*.parquet"))
        for name in names:
            assert (full / t / name).read_bytes() == (part / t / name).read_bytes(), f"{t}/{name}"
    # untouched chunks were not rewritten
    assert (part / "games" / "v000-c00000.parquet").stat().st_mtime_ns == before[
        part / "games" / "v000-c00000.parquet"
    ]


def test_existing_output_is_refused(tmp_path):
    scn = parse_scenario(SWEEP.replace("games = 90", "games = 10"), tmp_path / "s.toml")
    out = run_scenario(scn, out=tmp_path / "r", n_jobs=1, quiet=True)
    with pytest.raises(FileExistsError, match="--resume"):
        run_scenario(scn, out=out, n_jobs=1, quiet=True)
    (out / "notes.txt").write_text("mine")
    run_scenario(scn, out=out, n_jobs=1, quiet=True, overwrite=True, seed=9)
    assert (out / "notes.txt").read_text() == "mine"
    assert (_tables(out)["games"]["seed"] == 9).all()
    with pytest.raises(ScenarioError, match="cannot resume"):
        run_scenario(scn, out=out, n_jobs=1, quiet=True, resume=True, seed=10)


def test_overrides_validated(tmp_path):
    scn = parse_scenario(SWEEP, tmp_path / "s.toml")
    with pytest.raises(ScenarioError, match="games"):
        run_scenario(scn, out=tmp_path / "r", games=0, quiet=True)
    with pytest.raises(ScenarioError, match="seed"):
        run_scenario(scn, out=tmp_path / "r", seed=-1, quiet=True)
    assert not (tmp_path / "r").exists()


def test_default_out_is_results_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    scn = parse_scenario('name = "abc"\ngame = "toy"\ngames = 4\n', tmp_path / "s.toml")
    out = run_scenario(scn, quiet=True, n_jobs=1)
    assert out.as_posix() == "results/abc" and (tmp_path / "results/abc/manifest.json").is_file()


def test_simulate_in_memory(toy):
    res = simulate(toy, 50, players=3, bots=["greedy", ("random", {"dice": 5}), "greedy"], seed=2)
    seats = res.collect("seats")
    assert seats.height == 150 and isinstance(res.games, pl.LazyFrame)
    assert set(seats["bot"]) == {"greedy", "random"}
    # rotation: seat s of game g plays bot row (s + g) % 3
    assert (seats["bot_row"] == (seats["seat"].cast(pl.Int64) + seats["game_id"]) % 3).all()
    same = simulate(
        "toy",
        50,
        players=3,
        bots=["greedy", ("random", {"dice": 5}), "greedy"],
        seed=2,
        n_jobs=2,
        chunk_size=9,
    )
    _assert_same(res.collect_all(), same.collect_all())
    fixed = simulate(toy, 10, rotate_seats=False).collect("seats")
    assert (fixed["bot_row"] == fixed["seat"].cast(pl.Int16)).all()
    other = simulate(toy, 50, players=3, seed=3).collect("seats")
    assert not np.array_equal(other["score"].to_numpy(), seats["score"].to_numpy())


def test_simulate_bad_input(toy):
    with pytest.raises(ValueError, match="players"):
        simulate(toy, 10, players=5)
    with pytest.raises(KeyError, match="gredy"):
        simulate(toy, 10, bots=["gredy"])
    with pytest.raises(ValueError, match="n_games"):
        simulate(toy, 0)
    with pytest.raises(KeyError, match="Purple"):
        simulate(toy, 10, cards={"Purple": {"power": 1}})
