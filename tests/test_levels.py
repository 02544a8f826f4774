"""Bot levels (issue 14): `[levels]` in a scenario, `simlab run --level`, and the report's
robustness section that re-estimates every headline at each level."""

from __future__ import annotations

import pytest

from simlab import load_results, run_scenario
from simlab.cli import main
from simlab.report import render_report
from simlab.report.levels import _verdict, headlines
from simlab.scenario import ScenarioError, parse_scenario

STUDY = """\
name = "toy_levels"
game = "toy_game:AVOID_GAME"
games = 300
seed = 3
players = [2, 3]
analyses = ["winrates", "card_effects"]

[[seats]]
bot = "greedy"
[[seats]]
bot = "greedy"
[[seats]]
bot = "greedy"

[card_effects]
cards = ["Red", "Green Dragon"]

[levels]
weak = { greedy = "random" }
"""


def test_a_level_replaces_the_presets_and_keeps_labels_games_and_seeds():
    base = parse_scenario(STUDY)
    weak = parse_scenario(STUDY, level="weak")
    assert weak.name == "toy_levels-weak" and str(weak.out).endswith("results/toy_levels-weak")
    assert weak.data["level"] == "weak" and "level" not in base.data
    assert [v.label for v in weak.variants()] == [v.label for v in base.variants()]
    for v in weak.variants():
        assert set(v.seat_labels) == {"random"}
        assert v.bots[:, 1].tolist() == [1.0] * v.players  # the random preset's switch
    # a card-effect arm keeps its own parameters (the avoided card) on the new preset
    assert any(row[2] >= 0 for v in weak.variants() for row in v.bots)


def test_players_placeholder_names_a_preset_per_player_count():
    text = STUDY.replace('weak = { greedy = "random" }', 'sized = { greedy = "g{players}" }')
    with pytest.raises(ScenarioError, match=r"level 'sized' names preset 'g2', which toy_avoid does not have"):
        parse_scenario(text, level="sized")


@pytest.mark.parametrize("text, level, message", [
    (STUDY, "strong", r"unknown level 'strong'; expected one of \['weak'\]"),
    (STUDY.replace("[levels]\nweak = { greedy = \"random\" }\n", ""), "weak", "the scenario has no \\[levels\\] table"),
    (STUDY.replace("weak = { greedy", "weak = { hero"), None, r"unknown bot preset 'hero'"),
    (STUDY.replace("weak =", "Weak ="), None, r"level name 'Weak'"),
])
def test_bad_levels_are_named(text, level, message):
    with pytest.raises(ScenarioError, match=message):
        parse_scenario(text, level=level)


def test_verdicts():
    assert _verdict([0.05, 0.04], [True, True]) == "robust"
    assert _verdict([0.05, -0.04], [True, True]) == "bot-dependent"
    assert _verdict([0.05, 0.01], [True, False]) == "bot-dependent"
    assert _verdict([0.01, -0.01], [False, False]) == "not shown at any level"


def test_the_study_report_compares_its_headlines_at_every_level(tmp_path, write_scenario):
    path = write_scenario(STUDY)
    base = run_scenario(path, out=tmp_path / "r", n_jobs=1, quiet=True)
    # before the level is run, the report says so and how to run it
    md = (render_report(base, tmp_path / "rep0") / "report.md").read_text()
    assert "## Robustness across bot levels" in md and "not run yet" in md and "--level weak" in md
    assert main(["run", str(path), "--level", "weak", "--out", str(tmp_path / "r-weak"), "--jobs", "1",
                 "--quiet"]) == 0
    weak = load_results(tmp_path / "r-weak")
    assert weak.manifest["study"] == "toy_levels-weak"
    assert weak.manifest["scenario"]["parsed"]["level"] == "weak"
    md = (render_report(base, tmp_path / "rep") / "report.md").read_text()
    assert "## Robustness across bot levels" in md
    assert "| headline | study's bots | weak | change, weak | verdict |" in md
    hl = headlines(load_results(base), load_results(base).manifest)
    assert set(hl["headline"]) == {"players=2: card Red", "players=2: card Green Dragon",
                                   "players=3: card Red", "players=3: card Green Dragon"}
    n = hl.height
    assert md.index(f"of {n} headline contrasts") < md.index("## Win rate")  # on the first screen
    # a level's own report does not compare levels
    md_weak = (render_report(tmp_path / "r-weak", tmp_path / "rep-weak") / "report.md").read_text()
    assert "Robustness across bot levels" not in md_weak


def test_a_level_run_of_another_study_is_not_compared(tmp_path, write_scenario):
    base = run_scenario(write_scenario(STUDY), out=tmp_path / "r", n_jobs=1, quiet=True)
    other = write_scenario(STUDY.replace("seed = 3", "seed = 4"))
    run_scenario(parse_scenario(other.read_text(), other, level="weak"), out=tmp_path / "r-weak", n_jobs=1,
                 quiet=True)
    md = (render_report(base, tmp_path / "rep") / "report.md").read_text()
    assert "it has another seed" in md and "No level can be compared yet" in md


def test_culling_headlines_read_in_the_culling_sections_words():
    from simlab.report.levels import _culling_name

    assert _culling_name("2p: policy 0 vs 1") == "2p: cull none vs cull quiddity_first"
    assert _culling_name("cull_policy=4 players=3: one fewer cull") == "3p, cull ev: one fewer cull"
