"""Every committed study runs end to end at a tiny size: scenario -> results -> report."""

from __future__ import annotations

from pathlib import Path

import pytest

from simlab.report import render_report
from simlab.runner import run_scenario

SCENARIOS = sorted((Path(__file__).parents[1] / "scenarios").glob("*.toml"))
GAMES = {"quarriors": 24, "seasons": 12, "ashes": 4, "wizwar": 12}  # per variant; the token study has 126
# variants, the Ashes card-value study 396


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_study_runs_and_reports(tmp_path, scenario):
    game = scenario.stem.split("_")[0]
    out = run_scenario(scenario, games=GAMES[game], n_jobs=1, quiet=True, out=tmp_path / "results")
    report = render_report(out, tmp_path / "report")
    text = (report / "report.md").read_text(encoding="utf-8")
    assert "95%" in text or "interval" in text
    for png in report.glob("*.png"):
        assert png.stat().st_size > 0
    if scenario.stem == "seasons_tokens":
        # all 12 tokens, at each player count, with fair values, intervals and printed values
        assert "Special-ability tokens: fair values" in text and (report / "token_values.png").exists()
        for players in (2, 3, 4):
            assert f"### Tokens: players={players} balanced" in text
        assert "Robustness: bot presets" in text and "Robustness: enchantments" in text
        assert "Keeping 1 of 3 tokens" in text and "Tokens against each other" in text
    assert (report / "index.html").exists()
