"""Nothing a user owns is lost and bad input never gives a traceback (issue #12, "Nothing lost").

Every test here is played on the toy game (tests/toy_game.py). The guarantees themselves are
written down in docs/results.md ("Resume, overwrite and what simlab deletes").
"""

from __future__ import annotations

import errno
import json
import math
import os
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import polars as pl
import pytest

import simlab.runner
from simlab import load_results, run_scenario, simulate
from simlab.cli import main
from simlab.report import render_report
from simlab.scenario import ScenarioError, parse_scenario

ROOT = Path(__file__).parents[1]

STUDY = """\
name = "safe"
game = "toy"
games = 50
seed = 4
players = 2
chunk_size = 10
[[seats]]
bot = "greedy"
"""


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(err: str) -> str:
    """The CLI's error: exactly one line ``simlab: error: ...`` and no traceback."""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("simlab: error: "), err
    assert "Traceback" not in err
    return lines[0]


def interrupted(out: Path) -> None:
    """Make a finished study look interrupted (as after a SIGKILL): status back to running."""
    path = out / "manifest.json"
    m = json.loads(path.read_text())
    m["status"] = "running"
    path.write_text(json.dumps(m))


def _bytes(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.glob("*/*.parquet"))}


# ------------------------------------------------------------------------------------------
# 1. --resume checks every finished part against the manifest


def test_resume_reruns_empty_truncated_and_garbage_parts(tmp_path, capsys):
    """A 0-byte, a truncated and a garbage part are re-run on resume, each named with its reason."""
    scn = parse_scenario(STUDY, tmp_path / "s.toml")
    full = run_scenario(scn, out=tmp_path / "full", n_jobs=1, quiet=True)
    out = run_scenario(scn, out=tmp_path / "part", n_jobs=1, quiet=True)
    interrupted(out)
    (out / "games" / "v000-c00001.parquet").write_bytes(b"")
    seats = out / "seats" / "v000-c00002.parquet"
    seats.write_bytes(seats.read_bytes()[: seats.stat().st_size // 2])
    (out / "cards" / "v000-c00003.parquet").write_bytes(b"PAR1 this is not parquet PAR1")
    capsys.readouterr()
    run_scenario(scn, out=out, n_jobs=1, quiet=True, resume=True)
    err = capsys.readouterr().err
    m = json.loads((out / "manifest.json").read_text())
    assert m["status"] == "complete" and m["timing"]["games_played"] == 30
    reruns = {r["part"]: r["why"] for r in m["resume"]["rerun"]}
    assert set(reruns) == {"v000-c00001", "v000-c00002", "v000-c00003"}
    assert "games" in reruns["v000-c00001"] and "0 bytes" in reruns["v000-c00001"]
    assert "seats" in reruns["v000-c00002"] and "checksum" in reruns["v000-c00002"]
    assert "cards" in reruns["v000-c00003"]
    for part in reruns:
        assert f"re-running {part}" in err
    assert load_results(out).collect("games").height == 50
    assert _bytes(out) == _bytes(full)


def test_resume_reruns_parts_not_in_the_ledger(tmp_path):
    """A part the manifest never recorded (a worker wrote it after the parent died) is re-run."""
    scn = parse_scenario(STUDY, tmp_path / "s.toml")
    out = run_scenario(scn, out=tmp_path / "r", n_jobs=1, quiet=True)
    interrupted(out)
    ledger = out / "parts.jsonl"
    lines = ledger.read_text().splitlines()
    ledger.write_text("\n".join(lines[:-1]) + "\n" + lines[-1][:7])  # last record cut mid-line
    run_scenario(scn, out=out, n_jobs=1, quiet=True, resume=True)
    m = json.loads((out / "manifest.json").read_text())
    assert [r["part"] for r in m["resume"]["rerun"]] == ["v000-c00004"]
    assert "not recorded" in m["resume"]["rerun"][0]["why"]
    assert m["timing"]["games_played"] == 10


# ------------------------------------------------------------------------------------------
# 2. a resume must be the same study


def test_resume_with_another_scenario_is_refused(tmp_path):
    """Same name, seed and plan but another bot: refused, naming the key that differs."""
    out = run_scenario(parse_scenario(STUDY, tmp_path / "s.toml"), out=tmp_path / "r", n_jobs=1, quiet=True)
    interrupted(out)
    before = _bytes(out)
    other = parse_scenario(STUDY.replace('bot = "greedy"', 'bot = "random"'), tmp_path / "s.toml")
    with pytest.raises(ScenarioError, match=r"cannot resume: .*seats\[0\]\.bot"):
        run_scenario(other, out=out, n_jobs=1, quiet=True, resume=True)
    assert _bytes(out) == before
    m = json.loads((out / "manifest.json").read_text())
    assert len(m["fingerprint"]) == 64


def test_resume_of_a_directory_written_before_the_ledger(tmp_path):
    """An older manifest (no fingerprint, no parts.jsonl): another scenario is still refused (the
    fingerprint comes from the scenario it stored) and the same one re-runs every part."""
    scn = parse_scenario(STUDY, tmp_path / "s.toml")
    full = run_scenario(scn, out=tmp_path / "full", n_jobs=1, quiet=True)
    out = run_scenario(scn, out=tmp_path / "r", n_jobs=1, quiet=True)
    m = json.loads((out / "manifest.json").read_text())
    del m["fingerprint"], m["ledger"]
    m["status"] = "running"
    (out / "manifest.json").write_text(json.dumps(m))
    (out / "parts.jsonl").unlink()
    other = parse_scenario(STUDY.replace("seed = 4", "seed = 4\nrotate_seats = false"), tmp_path / "s.toml")
    with pytest.raises(ScenarioError, match=r"cannot resume: .*rotate_seats \('<not set>' before, False now\)"):
        run_scenario(other, out=out, n_jobs=1, quiet=True, resume=True)
    run_scenario(scn, out=out, n_jobs=1, quiet=True, resume=True)
    m = json.loads((out / "manifest.json").read_text())
    assert m["resume"]["rerun_count"] == 5 and m["timing"]["games_played"] == 50
    assert _bytes(out) == _bytes(full)


def test_resume_and_overwrite_together_are_refused(tmp_path, capsys):
    path = tmp_path / "s.toml"
    path.write_text(STUDY)
    code, _, err = run(capsys, "run", path, "--out", tmp_path / "r", "--resume", "--overwrite", "--quiet")
    assert code == 2 and "--resume" in one_line_error(err) and "--overwrite" in err
    assert not (tmp_path / "r").exists()


# ------------------------------------------------------------------------------------------
# 3. only ever delete what simlab wrote


def test_overwrite_refuses_a_directory_that_is_not_a_results_directory(tmp_path, capsys):
    mine = tmp_path / "mine"
    (mine / "games").mkdir(parents=True)
    (mine / "games" / "notes.txt").write_text("precious")
    path = tmp_path / "s.toml"
    path.write_text(STUDY)
    code, _, err = run(capsys, "run", path, "--out", mine, "--overwrite", "--quiet", "--jobs", "1")
    assert code == 2 and "not a simlab results directory" in one_line_error(err)
    assert (mine / "games" / "notes.txt").read_text() == "precious"


def test_overwrite_keeps_user_files_inside_a_results_directory(tmp_path):
    scn = parse_scenario(STUDY, tmp_path / "s.toml")
    out = run_scenario(scn, out=tmp_path / "r", n_jobs=1, quiet=True)
    (out / "games" / "notes.txt").write_text("mine")
    (out / "seats" / "my_extra.parquet").write_bytes(b"mine too")
    run_scenario(scn, out=out, n_jobs=1, quiet=True, overwrite=True, games=20)
    assert (out / "games" / "notes.txt").read_text() == "mine"
    assert (out / "seats" / "my_extra.parquet").read_bytes() == b"mine too"
    assert sorted(p.name for p in (out / "games").glob("v*.parquet")) == ["v000-c00000.parquet", "v000-c00001.parquet"]


@pytest.mark.parametrize("name", ["../escape", "a/b", "a\\b", "nul\u0000byte", "..", ".hidden", ""])
def test_unsafe_study_names_are_refused(tmp_path, name):
    text = STUDY.replace('name = "safe"', f"name = {json.dumps(name)}")
    with pytest.raises(ScenarioError, match=r":1: name: .*got " + __import__("re").escape(repr(name))):
        parse_scenario(text, tmp_path / "s.toml")


@pytest.fixture
def finished(tmp_path):
    scn = parse_scenario(STUDY, tmp_path / "s.toml")
    return run_scenario(scn, out=tmp_path / "results", n_jobs=1, quiet=True)


def test_report_keeps_the_users_files(finished, tmp_path):
    """`report --out DIR` into a folder of the user's: their PNGs stay, a name clash is refused."""
    folder = tmp_path / "pictures"
    folder.mkdir()
    (folder / "holiday.png").write_bytes(b"\x89PNG mine")
    out = render_report(finished, folder)
    assert (out / "holiday.png").read_bytes() == b"\x89PNG mine" and (out / "report.md").is_file()

    other = tmp_path / "other"
    other.mkdir()
    (other / "winrates.png").write_bytes(b"\x89PNG mine")
    with pytest.raises(FileExistsError, match="winrates.png"):
        render_report(finished, other, overwrite=True)
    assert (other / "winrates.png").read_bytes() == b"\x89PNG mine"
    assert sorted(p.name for p in other.iterdir()) == ["winrates.png"]


def test_report_is_not_replaced_without_overwrite(finished, tmp_path):
    out = render_report(finished, tmp_path / "rep")
    (out / "stale_chart.png").write_bytes(b"\x89PNG old")  # a chart an earlier report listed
    md = out / "report.md"
    md.write_text(md.read_text() + "\n![old](stale_chart.png)\n")
    (out / "notes.md").write_text("mine")
    before = md.read_text()
    with pytest.raises(FileExistsError, match="--overwrite"):
        render_report(finished, out)
    assert md.read_text() == before
    render_report(finished, out, overwrite=True)
    assert not (out / "stale_chart.png").exists()  # simlab's own old chart
    assert (out / "notes.md").read_text() == "mine"
    assert not [p for p in out.iterdir() if p.name.startswith(".")]


def test_run_report_does_not_replace_a_committed_report(finished, tmp_path, capsys):
    rep = render_report(finished, tmp_path / "rep")
    before = (rep / "report.md").read_text()
    path = tmp_path / "s2.toml"
    path.write_text(STUDY)
    code, _, err = run(capsys, "run", path, "--out", tmp_path / "r2", "--quiet", "--jobs", "1",
                       "--report", "--report-out", rep)
    assert code == 2 and "--overwrite" in one_line_error(err) and str(rep) in err
    assert (rep / "report.md").read_text() == before
    assert not (tmp_path / "r2").exists()  # refused before anything ran


# ------------------------------------------------------------------------------------------
# 4. no tracebacks: disks, paths, sizes, seeds


def test_out_naming_a_file(tmp_path, capsys):
    path = tmp_path / "s.toml"
    path.write_text(STUDY)
    target = tmp_path / "file.txt"
    target.write_text("x")
    code, _, err = run(capsys, "run", path, "--out", target, "--quiet")
    assert code == 2 and "file.txt" in one_line_error(err) and "not a directory" in err
    code, _, err = run(capsys, "run", path, "--out", target / "sub", "--quiet", "--jobs", "1")
    assert code == 2 and "file.txt" in one_line_error(err)
    assert target.read_text() == "x"


def test_read_only_directory(tmp_path, capsys, monkeypatch):
    """Cannot create the results folder: one line, exit 2, nothing left behind."""
    path = tmp_path / "s.toml"
    path.write_text(STUDY)
    real_mkdir = Path.mkdir

    def read_only(self, *args, **kwargs):
        if tmp_path / "ro" in (self, *self.parents):
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        return real_mkdir(self, *args, **kwargs)

    monkeypatch.setattr(Path, "mkdir", read_only)
    code, _, err = run(capsys, "run", path, "--out", tmp_path / "ro" / "deep" / "r", "--quiet", "--jobs", "1")
    assert code == 2 and "Permission denied" in one_line_error(err) and "ro" in err
    assert not (tmp_path / "ro").exists()


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_really_read_only_directory(tmp_path, capsys):
    path = tmp_path / "s.toml"
    path.write_text(STUDY)
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o555)
    try:
        code, _, err = run(capsys, "run", path, "--out", ro / "r", "--quiet", "--jobs", "1")
        assert code == 2 and "Permission denied" in one_line_error(err)
        assert list(ro.iterdir()) == []
    finally:
        ro.chmod(0o755)


def test_full_disk(tmp_path, capsys, monkeypatch):
    """ENOSPC while writing a part: one line naming the file, exit 2, no temporary files left."""
    path = tmp_path / "s.toml"
    path.write_text(STUDY)

    def full(self, file, *args, **kwargs):
        Path(file).write_bytes(b"half")
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(pl.DataFrame, "write_parquet", full)
    code, _, err = run(capsys, "run", path, "--out", tmp_path / "r", "--quiet", "--jobs", "1")
    line = one_line_error(err)
    assert code == 2 and "No space left on device" in line and ".parquet" in line
    assert not list((tmp_path / "r").rglob("*.tmp*"))


def test_full_disk_before_the_start_leaves_no_folder(tmp_path, capsys, monkeypatch):
    path = tmp_path / "s.toml"
    path.write_text(STUDY)

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(simlab.runner, "write_json", full)
    code, _, err = run(capsys, "run", path, "--out", tmp_path / "a" / "r", "--quiet", "--jobs", "1")
    assert code == 2 and "No space left on device" in one_line_error(err)
    assert not (tmp_path / "a").exists()


def test_enormous_games_plan_is_lazy(tmp_path, monkeypatch):
    """10**12 games in chunks of 10 is 10**11 chunks: the plan must not be built up front."""
    from simlab.runner import ChunkPlan

    plan = ChunkPlan(10**12, 10)
    assert len(plan) == 10**11 and plan[10**11 - 1] == (10**11 - 1, 10**12 - 10, 10**12)
    calls = []
    real = simlab.runner._run_chunk_to_disk

    def stop_after_two(game_ref, task, *args):
        calls.append(task.stem)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(game_ref, task, *args)

    monkeypatch.setattr(simlab.runner, "_run_chunk_to_disk", stop_after_two)
    scn = parse_scenario(STUDY, tmp_path / "s.toml")
    with pytest.raises(KeyboardInterrupt):
        run_scenario(scn, out=tmp_path / "r", games=10**12, n_jobs=1, quiet=True)
    assert calls == ["v000-c00000", "v000-c00001"]
    with pytest.raises(ScenarioError, match="games"):
        run_scenario(scn, out=tmp_path / "r2", games=2**63, n_jobs=1, quiet=True)


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"seed": 2**64}, r"seed: .*2\*\*63.*18446744073709551616"),
        ({"seed": -1}, "seed"),
        ({"seed": 1.5}, "seed"),
        ({"chunk_size": -5}, r"chunk_size: .*-5"),
        ({"chunk_size": 0}, "chunk_size"),
        ({"n_jobs": 0}, r"n_jobs: .*0"),
        ({"n_jobs": -100}, r"n_jobs: .*-100"),
        ({"bots": [("greedy", {"dice": float("nan")})]}, r"dice.*nan"),
        ({"bots": [("greedy", {"random": float("inf")})]}, r"random.*inf"),
    ],
)
def test_simulate_bad_arguments(toy, kwargs, match):
    with pytest.raises(ValueError, match=match):
        simulate(toy, 10, **kwargs)


@pytest.mark.parametrize(
    "argv, key",
    [
        (["replay", "toy", "--seed", str(2**64)], "--seed"),
        (["bench", "toy", "--seed", str(2**64)], "--seed"),
        (["replay", "toy", "--seed", "1", "--game-id", str(2**64)], "--game-id"),
        (["replay", "toy", "--seed", "1", "--game-id", "-3"], "--game-id"),
        (["replay", "toy", "--seed", "1", "--players", "0"], "got 0"),
    ],
)
def test_cli_numbers_out_of_range(capsys, argv, key):
    code, _, err = run(capsys, *argv)
    assert code == 2 and key in one_line_error(err)


# ------------------------------------------------------------------------------------------
# 5. nonsense numbers


@pytest.mark.parametrize("value", ["nan", "inf", "-inf"])
def test_non_finite_bot_parameters_are_refused(tmp_path, value):
    text = STUDY + f"params = {{ dice = {value} }}\n"
    with pytest.raises(ScenarioError, match=rf"seats\[0\]\.params\.dice: .*finite.*{value}"):
        parse_scenario(text, tmp_path / "s.toml")
    sweep = STUDY + f'[sweep]\n"seats.0.params.random" = [0, {value}]\n'
    with pytest.raises(ScenarioError, match=r"random.*finite"):
        parse_scenario(sweep, tmp_path / "s.toml")


@pytest.mark.parametrize("jobs", ["0", "-2", "-100"])
def test_nonsense_jobs_are_refused(tmp_path, capsys, jobs):
    path = tmp_path / "s.toml"
    path.write_text(STUDY)
    code, _, err = run(capsys, "run", path, "--out", tmp_path / "r", "--jobs", jobs, "--quiet")
    expected = f"--jobs: expected a positive number of workers or -1 (all cores), got {jobs}"
    assert code == 2 and expected in one_line_error(err)
    assert not (tmp_path / "r").exists()


def test_manifest_records_the_workers_that_ran(tmp_path):
    from joblib import cpu_count

    scn = parse_scenario(STUDY, tmp_path / "s.toml")
    out = run_scenario(scn, out=tmp_path / "r", n_jobs=1000, quiet=True)
    m = json.loads((out / "manifest.json").read_text())
    assert m["n_jobs_requested"] == 1000 and m["n_jobs"] == min(cpu_count(), 5)
    out = run_scenario(scn, out=tmp_path / "r1", n_jobs=1, quiet=True)
    m = json.loads((out / "manifest.json").read_text())
    assert m["n_jobs_requested"] == 1 and m["n_jobs"] == 1


# ------------------------------------------------------------------------------------------
# 6. workers stop when their parent dies

_SLOW_RUN = """\
import sys
from pathlib import Path
sys.path.insert(0, {tests!r})
import simlab.games
simlab.games._MODULES["toy"] = "toy_game"
from simlab.runner import run_scenario
from simlab.scenario import parse_scenario
scn = parse_scenario({text!r}, "slow.toml")
run_scenario(scn, out={out!r}, n_jobs=2, quiet=True)
"""


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(x) for x in text.split()]


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_text(errors="replace")
    except OSError:  # it has just exited
        return ""


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux /proc")
def test_workers_stop_when_the_parent_is_killed(tmp_path):
    out = tmp_path / "r"
    text = STUDY.replace("games = 50", "games = 10000000").replace("chunk_size = 10", "chunk_size = 500")
    code = _SLOW_RUN.format(tests=str(Path(__file__).parent), text=text, out=str(out))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(Path(__file__).parent)]))
    proc = subprocess.Popen([sys.executable, "-c", code], cwd=tmp_path, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            done = len(list((out / "games").glob("*.parquet"))) if (out / "games").is_dir() else 0
            workers = [c for c in _children(proc.pid) if "resource_tracker" not in _cmdline(c)]
            if done >= 4 and len(workers) >= 2:
                break
            assert proc.poll() is None, "the run ended early"
            time.sleep(0.1)
        else:
            pytest.fail("the run did not get going")
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(_alive(w) for w in workers):
            time.sleep(0.1)
        assert not any(_alive(w) for w in workers), "workers outlived their parent"
        parts = sorted((out / "games").glob("*.parquet"))
        time.sleep(1.5)
        assert sorted((out / "games").glob("*.parquet")) == parts
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for w in workers:  # only if the test failed: do not leave them running
            if _alive(w):
                os.kill(w, signal.SIGKILL)


# ------------------------------------------------------------------------------------------
# 7. install: every game's data ships, pyarrow is a dependency


def test_every_games_data_file_is_package_data():
    """pyproject's package-data globs cover every data file under simlab/games/<game>/."""
    import fnmatch

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    package_data = config["tool"]["setuptools"]["package-data"]
    data_files = [p for p in (ROOT / "simlab" / "games").rglob("*")
                  if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts]
    assert any(p.name == "cards.toml" for p in data_files)
    for path in data_files:
        pkg_dir = path.parent
        while not (pkg_dir / "__init__.py").exists():  # e.g. wizwar/boards/*.txt belongs to wizwar
            pkg_dir = pkg_dir.parent
        package = ".".join(pkg_dir.relative_to(ROOT).parts)
        rel = path.relative_to(pkg_dir).as_posix()
        globs = [g for key, globs in package_data.items() if fnmatch.fnmatchcase(package, key) for g in globs]
        assert any(fnmatch.fnmatchcase(rel, g) for g in globs), f"{path.relative_to(ROOT)} would not ship"
    deps = {d.split(">")[0].split("=")[0].split("<")[0].strip() for d in config["project"]["dependencies"]}
    assert {"pyarrow", "pandas"} <= deps


def test_to_pandas_works(toy, tmp_path):
    """Results.to_pandas and pandas.read_parquet on a part (pyarrow is a dependency)."""
    import pandas

    df = simulate(toy, 5, seed=1).to_pandas("games")
    assert len(df) == 5 and math.isfinite(float(df["turns"].mean()))
    out = run_scenario(parse_scenario(STUDY, tmp_path / "s.toml"), out=tmp_path / "r", n_jobs=1, quiet=True)
    assert len(pandas.read_parquet(out / "games" / "v000-c00000.parquet")) == 10
