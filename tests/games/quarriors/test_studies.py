"""Every committed Quarriors study runs end to end at a tiny size: scenario -> results -> report."""

from __future__ import annotations

from pathlib import Path

import pytest

from simlab.report import render_report
from simlab.runner import run_scenario

SCENARIOS = sorted((Path(__file__).parents[3] / "scenarios").glob("quarriors_*.toml"))


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_study_runs_and_reports(tmp_path, scenario):
    out = run_scenario(scenario, games=24, n_jobs=1, quiet=True, out=tmp_path / "results")
    report = render_report(out, tmp_path / "report")
    text = (report / "report.md").read_text(encoding="utf-8")
    assert "95%" in text or "interval" in text
    for png in report.glob("*.png"):
        assert png.stat().st_size > 0
    assert (report / "index.html").exists()
