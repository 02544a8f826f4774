"""The Dask backend (issue #12, "A cluster through Dask"): a LocalCluster of 2 worker processes
gives the same Parquet parts, byte for byte, as the local backend; resume works the same; a worker
killed mid-chunk gets its chunk re-run and the result is complete and identical."""

from __future__ import annotations

import dataclasses
import json
import os
import signal
from pathlib import Path

import numpy as np
import pytest
import toy_game

from simlab.results import load_results
from simlab.runner import LEDGER, run_scenario

distributed = pytest.importorskip("distributed")
dask = pytest.importorskip("dask")

STUDY = """\
name = "dask_toy"
game = "{game}"
games = 400
seed = 11
players = 3
chunk_size = 40

[[seats]]
bot = "greedy"

[[seats]]
bot = "random"

[[seats]]
bot = "greedy"
"""

KILL_AT = 200  # the chunk starting at this game id kills its worker the first time it is played


def _killer_play(game_ids, seed_words, players, bots, cards, rotate=False, check=False):
    """The toy game, but the first worker to play the chunk at KILL_AT dies (SIGKILL) mid-chunk;
    a marker file (SIMLAB_TEST_KILL_MARKER) makes it happen once only."""
    marker = os.environ.get("SIMLAB_TEST_KILL_MARKER")
    if marker and len(game_ids) and int(game_ids[0]) == KILL_AT and not os.path.exists(marker):
        Path(marker).write_text(str(os.getpid()))
        os.kill(os.getpid(), signal.SIGKILL)
    return toy_game.play(game_ids, seed_words, players, bots, cards, rotate=rotate, check=check)


KILLER = dataclasses.replace(toy_game.GAME, play=_killer_play)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """A LocalCluster of 2 single-threaded worker processes (shared by this module's tests)."""
    marker = tmp_path_factory.mktemp("kill") / "killed"
    saved = dict(os.environ)
    os.environ["SIMLAB_TEST_KILL_MARKER"] = str(marker)  # the workers inherit it
    tests = str(Path(__file__).parent)  # the workers import toy_game and this module by name
    os.environ["PYTHONPATH"] = os.pathsep.join([tests, *os.environ.get("PYTHONPATH", "").split(os.pathsep)])
    try:
        with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                      dashboard_address=":0") as c:
            yield c, marker
    finally:
        os.environ.clear()
        os.environ.update(saved)


def _ledger(out: Path) -> dict[str, dict]:
    lines = [json.loads(line) for line in (out / LEDGER).read_text().splitlines()]
    return {rec["part"]: rec["tables"] for rec in lines}


def _run(write_scenario, out: Path, game: str = "toy", **kw) -> Path:
    path = write_scenario(STUDY.format(game=game), name=out.name)
    return run_scenario(path, out=out, quiet=True, **kw)


def test_dask_parts_equal_local_byte_for_byte(cluster, write_scenario, tmp_path):
    """Same seed: every part's SHA-256 (and so every table) equals the local backend's."""
    c, _ = cluster
    local = _run(write_scenario, tmp_path / "local", n_jobs=1)
    dask = _run(write_scenario, tmp_path / "dask", backend="dask", scheduler=c.scheduler_address)
    assert _ledger(dask) == _ledger(local) and len(_ledger(local)) == 10
    for t in ("games", "seats", "cards"):
        for part in (local / t).glob("*.parquet"):
            assert (dask / t / part.name).read_bytes() == part.read_bytes()
    manifest = load_results(dask).manifest
    assert manifest["backend"]["name"] == "dask" and manifest["backend"]["workers"] == 2
    assert manifest["status"] == "complete"


def test_dask_resume_reruns_only_missing_parts(cluster, write_scenario, tmp_path):
    """--resume on the Dask backend keeps verified parts and plays the missing ones, as locally."""
    c, _ = cluster
    out = _run(write_scenario, tmp_path / "study", backend="dask", scheduler=c.scheduler_address)
    before = _ledger(out)
    for t in ("games", "seats", "cards"):
        (out / t / "v000-c00003.parquet").unlink()
    path = tmp_path / "study.toml"
    run_scenario(path, out=out, quiet=True, resume=True, backend="dask", scheduler=c.scheduler_address)
    manifest = load_results(out).manifest
    assert manifest["timing"]["games_played"] == 40 and manifest["resume"]["kept"] == 9
    assert _ledger(out) == before


def test_worker_killed_mid_chunk_result_complete_and_identical(cluster, write_scenario, tmp_path):
    """A worker dies (SIGKILL) while playing a chunk: the scheduler re-runs that chunk on a worker
    that lives, and the study is complete and identical to the local run."""
    c, marker = cluster
    game = "test_dask:KILLER"
    marker.write_text("the in-process reference run must not kill the test process")
    local = _run(write_scenario, tmp_path / "local", game=game, n_jobs=1)
    marker.unlink()
    dask = _run(write_scenario, tmp_path / "dask", game=game, backend="dask", scheduler=c.scheduler_address)
    assert marker.exists(), "the chunk never killed its worker"
    assert _ledger(dask) == _ledger(local)
    games = load_results(dask).games.collect()
    assert games.height == 400 and np.array_equal(np.sort(games["game_id"].to_numpy()), np.arange(400))


def test_local_cluster_started_without_address(write_scenario, tmp_path):
    """backend="dask" without a scheduler starts (and stops) a LocalCluster of n_jobs processes."""
    local = _run(write_scenario, tmp_path / "local", n_jobs=1)
    dask = _run(write_scenario, tmp_path / "dask", backend="dask", n_jobs=2)
    assert _ledger(dask) == _ledger(local)
    assert load_results(dask).manifest["backend"]["scheduler"] == "LocalCluster"


def test_cli_backend_dask(cluster, write_scenario, tmp_path, capsys):
    """`simlab run SCENARIO --backend dask --scheduler ADDRESS` runs the study on the cluster; a
    scheduler without the Dask backend, or one nobody listens at, is a one-line error (exit 2)."""
    from simlab.cli import main

    c, _ = cluster
    path = write_scenario(STUDY.format(game="toy"), name="cli")
    out = tmp_path / "cli_out"
    code = main(["run", str(path), "--out", str(out), "--quiet", "--backend", "dask", "--scheduler",
                 c.scheduler_address])
    assert code == 0, capsys.readouterr().err
    assert load_results(out).manifest["backend"]["scheduler"] == c.scheduler_address
    capsys.readouterr()
    code = main(["run", str(path), "--out", str(tmp_path / "x"), "--scheduler", c.scheduler_address])
    err = capsys.readouterr().err
    assert code == 2 and err.strip() == "simlab: error: --scheduler needs --backend dask"
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):  # a quick failure for the test
        code = main(["run", str(path), "--out", str(tmp_path / "y"), "--backend", "dask", "--scheduler",
                     "tcp://127.0.0.1:9"])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("simlab: error: --scheduler tcp://127.0.0.1:9: cannot connect")
    assert len(err.strip().splitlines()) == 1 and not (tmp_path / "y").exists()
