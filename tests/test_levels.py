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


CASES = """\
name = "toy_cases"
game = "toy_game:GAME"
games = 50
players = 2

[[seats]]
bot = "greedy"

[[cases]]
label = "greedy"
"seats.0.bot" = "greedy"

[[cases]]
label = "random"
"seats.0.bot" = "random"

[levels]
weak = { greedy = "random" }
none = { random = "random" }
"""


def test_a_level_leaves_out_the_variants_it_does_not_change():
    # the "random" case has no greedy seat: at level weak it would replay the study's own games
    base = parse_scenario(CASES)
    weak = parse_scenario(CASES, level="weak")
    assert [v.label for v in base.variants()] == ["players=2 greedy", "players=2 random"]
    assert [v.label for v in weak.variants()] == ["players=2 greedy"]
    assert weak.variants()[0].seat_labels == ["random", "random"]
    # a level whose presets play in no variant changes nothing: an error naming the level
    text = CASES.replace('none = { random = "random" }', 'none = { greedy = "greedy" }').replace(
        '"seats.0.bot" = "greedy"', '"seats.0.bot" = "random"')
    text = text.replace('[[seats]]\nbot = "greedy"', '[[seats]]\nbot = "random"')
    with pytest.raises(ScenarioError, match=r"level 'weak' changes no variant: none of its presets \['greedy'\]"):
        parse_scenario(text, level="weak")


def test_token_fair_values_are_headlines_in_prestige():
    """The token study's headlines: each token's fair value in its first case, shown when the token
    section calls it mispriced, with the direction of printed minus fair (too generous > 0)."""
    import numpy as np
    import polars as pl

    from tests.analysis.test_tokens import _arms

    seats, printed = _arms(20_000, 3.0, 1.0, np.random.default_rng(5))  # fair at -3, printed 5
    names = {"tok": "players=2 balanced t1", "none": "players=2 balanced t0"}
    seats = seats.with_columns(variant=pl.col("variant").replace(names), token_printed=pl.lit(printed))
    path = "seats.0.params.fixed_token"
    variants = [{"label": names["tok"], "players": 2, "case": "balanced", "sweep": {path: 1}},
                {"label": names["none"], "players": 2, "case": "balanced", "sweep": {path: 0}},
                # a later case is not a headline (the section's first case is)
                {"label": "players=2 engine t1", "players": 2, "case": "engine", "sweep": {path: 1}},
                {"label": "players=2 engine t0", "players": 2, "case": "engine", "sweep": {path: 0}}]

    class Res:
        pass

    res = Res()
    res.seats = seats.lazy()
    hl = headlines(res, {"analyses": ["tokens"], "variants": variants}).row(0, named=True)
    assert hl["headline"] == "2p balanced: token 1 fair value" and hl["unit"] == "prestige"
    assert hl["ci_low"] <= -3 <= hl["ci_high"] and hl["shown"]
    assert hl["direction"] == pytest.approx(printed - hl["diff"]) and hl["direction"] > 0


def test_estimates_print_in_their_unit():
    from simlab.report.levels import _pts

    assert _pts(0.052, 0.04, 0.064) == "+5.2 (+4.0 to +6.4)"
    assert _pts(-11.8, -12.2, -11.3, "prestige") == "-11.8 (-12.2 to -11.3)"
    assert _pts(-11.8, float("-inf"), -11.3, "prestige") == "-11.8 (unbounded to -11.3)"
