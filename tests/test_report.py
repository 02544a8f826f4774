"""The report stage: charts, report.md / index.html from a toy results directory, the CLI."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from matplotlib.figure import Figure

import simlab.analysis
from simlab import load_results, run_scenario
from simlab.cli import main
from simlab.report import charts, render_report

STUDY = """\
name = "toy_report"
game = "toy_game:AVOID_GAME"
games = 240
seed = 7
players = 2
chunk_size = 120
analyses = ["winrates", "seats", "matchups", "cards", "card_effects"]

[[seats]]
bot = "greedy"
[[seats]]
bot = "random"

[card_effects]
cards = ["Red", "Green Dragon"]
"""

INTERVAL = r"\d+\.\d% \(\d+\.\d-\d+\.\d\)"


@pytest.fixture
def results(tmp_path, write_scenario):
    return run_scenario(write_scenario(STUDY), out=tmp_path / "results", n_jobs=1, quiet=True)


def test_render_report_files_numbers_and_charts(results, tmp_path):
    out = render_report(results, tmp_path / "report")
    md = (out / "report.md").read_text()
    page = (out / "index.html").read_text()
    assert out == tmp_path / "report"

    # header
    manifest = load_results(results).manifest
    assert "# Study report: toy_report" in md
    assert "Toy Dice" in md and "version 1.0" in md and f"simlab version: {manifest['simlab_version']}" in md
    assert "Seed: 7" in md and "Games per variant: 240" in md and "Variants: 4" in md
    assert re.search(r"on 1 worker\(s\), \d+ cores available", md)
    assert 'cards = ["Red", "Green Dragon"]' in md  # scenario text

    # headline sentences: value, interval and n
    assert re.search(rf"greedy wins {INTERVAL} of 240 games against random", md)
    assert re.search(rf"seat 0 wins {INTERVAL} of 240 games", md)
    assert re.search(rf"{INTERVAL} of 240 games end by (highest_total|tie)", md)
    assert "Bonferroni-corrected" in md and "m=8 comparisons" in md
    assert "Holm" in md and "| card | win in | win out | difference |" in md
    for section in ("## Win rate by bot and variant", "## Seat advantage", "## Game length", "## How games end",
                    "## Matchups", "### Bradley-Terry ratings", "## Cards", "## Card effects (causal)"):
        assert section in md
    # every percentage in a bullet comes with an interval
    for line in md.splitlines():
        if line.startswith("- ") and re.search(r"\d%", line) and "fair share" not in line:
            assert re.search(r"\(-?\d+\.\d+(-| to )-?\d+\.\d+\)", line), line

    # charts: every PNG the page references exists, and markdown references the same ones
    images = re.findall(r'<img src="([^"]+)"', page)
    assert {"winrates.png", "seats.png", "game_length.png", "card_effects_0.png"} <= set(images)
    assert any(i.startswith("matchups_") for i in images) and any(i.startswith("cards_") for i in images)
    for name in images:
        assert (out / name).is_file() and (out / name).read_bytes()[:4] == b"\x89PNG"
        assert f"]({name})" in md
    assert page.startswith("<!DOCTYPE html>") and '<table class="sortable">' in page and "<style>" in page
    assert "http" not in page  # self-contained: nothing fetched from elsewhere


def test_card_effects_show_the_in_arm_purchase_rate_and_the_effect_per_purchase(results, tmp_path):
    """Issue 11: next to the effect per availability, how often the focal bot bought the card in the
    in arm, and the effect per purchase; the baseline (what the out arm gets instead) is named."""
    md = (render_report(results, tmp_path / "rep_ce") / "report.md").read_text()
    assert "bought in the in arm" in md and "per purchase (95%)" in md
    assert "not \"no card\"" in md
    table = md[md.index("| card | win in | win out |"):]
    row = next(line for line in table.splitlines() if line.startswith("| Green Dragon | "))
    assert re.search(r"\| \d+\.\d% \| [+-]\d+\.\d pts \(", row)


def test_default_out_dir_and_sections_from_manifest(results, tmp_path, monkeypatch):
    manifest_path = results / "manifest.json"
    manifest = json.loads(manifest_path.read_text())
    manifest["analyses"] = ["winrates", "nonsense"]
    manifest["card_effects"] = None
    manifest_path.write_text(json.dumps(manifest))
    monkeypatch.chdir(tmp_path)
    out = render_report(results)
    assert out == Path("reports") / "toy_report"
    md = (out / "report.md").read_text()
    assert "## Win rate by bot and variant" in md and "## Seat advantage" not in md
    assert "Unknown analyses ignored: ['nonsense']" in md
    assert sorted(p.name for p in out.glob("*.png")) == ["winrates.png"]


def test_missing_analysis_function_is_reported_not_fatal(results, tmp_path, monkeypatch):
    monkeypatch.delattr(simlab.analysis, "bradley_terry")
    md = (render_report(results, tmp_path / "r") / "report.md").read_text()
    assert "Section `matchups` skipped: simlab.analysis.bradley_terry is not available" in md
    assert "## Cards" in md


def test_unfinished_study_is_refused(results, tmp_path):
    manifest_path = results / "manifest.json"
    manifest = json.loads(manifest_path.read_text())
    manifest["status"] = "running"
    manifest_path.write_text(json.dumps(manifest))
    with pytest.raises(ValueError, match="did not finish"):
        render_report(results, tmp_path / "r")


def test_charts_return_figures():
    wr = pl.DataFrame({"variant": ["a", "a", "b", "b"], "bot": ["x", "y", "x", "y"], "n": [10] * 4,
                       "win_rate": [0.6, 0.4, 0.5, 0.5], "ci_low": [0.3, 0.2, 0.2, 0.2],
                       "ci_high": [0.8, 0.7, 0.8, 0.8]})
    seats = wr.rename({"bot": "seat"}).with_columns(pl.Series("seat", [0, 1, 0, 1]))
    games = pl.DataFrame({"variant": ["a"] * 5, "turns": [3, 4, 4, 5, 9]})
    matrix = pl.DataFrame({"variant": ["a", "a"], "bot": ["x", "y"], "opponent": ["y", "x"], "n": [10, 10],
                           "win_rate": [0.6, 0.4], "ci_low": [0.3, 0.2], "ci_high": [0.8, 0.7]})
    metrics = pl.DataFrame({"card": ["A", "B", "C"], "iwd": [0.1, -0.02, float("nan")],
                            "iwd_ci_low": [0.05, -0.1, float("nan")], "iwd_ci_high": [0.15, 0.06, float("nan")]})
    effects = pl.DataFrame({"card": ["A", "B"], "diff": [0.05, 0.0], "ci_low": [0.01, -0.02],
                            "ci_high": [0.09, 0.02], "flagged": [True, False]})
    figs = [
        charts.win_rate_chart(wr, fair=0.5),
        charts.seat_advantage_chart(seats, fair={"a": 0.5, "b": 0.5}),
        charts.game_length_chart(games),
        charts.matchup_heatmap(matrix, variant="a"),
        charts.card_ranking_chart(metrics),
        charts.card_effects_chart(effects),
        charts.metric_by_variant_chart(wr, "win_rate", group="bot", reference=0.5),
        charts.metric_by_variant_chart(wr.head(0), "win_rate"),
    ]
    assert all(isinstance(f, Figure) for f in figs)


def test_the_first_screen_answers_the_scenarios_question(tmp_path, write_scenario):
    """Issue 11: the report opens with the question, the answer with interval and n, the first-player
    advantage and the caveat, before the study's details; the question is wording, not the study
    (changing it does not stop a --resume)."""
    text = STUDY.replace('analyses = ', 'question = "Does the greedy bot beat the random one?"\nanalyses = ')
    res = run_scenario(write_scenario(text), out=tmp_path / "results", n_jobs=1, quiet=True)
    md = (render_report(res, tmp_path / "rep") / "report.md").read_text()
    box = md.split("\n- Game: ")[0]
    assert box.startswith("# Study report: toy_report\n\n> **Question:** Does the greedy bot beat the random one?")
    assert "**Answer:**" in box and "First-player advantage" in box and "Caveat: these are simulated games" in box
    assert re.search(INTERVAL, box) and "n = " in box
    again = write_scenario(text.replace("Does the greedy", "Is the greedy"))
    run_scenario(again, out=tmp_path / "results", n_jobs=1, quiet=True, resume=True)


def test_a_question_added_to_the_scenario_after_the_run_is_used_only_if_the_study_is_the_same(tmp_path,
                                                                                               write_scenario):
    from simlab.report.firstscreen import question

    path = write_scenario(STUDY)
    res = run_scenario(path, out=tmp_path / "results", n_jobs=1, quiet=True)
    manifest = json.loads((tmp_path / "results" / "manifest.json").read_text())
    manifest["scenario"]["path"] = str(path)
    assert question(manifest) != "Which bot wins?"
    path.write_text(STUDY.replace("games = 240", 'question = "Which bot wins?"\ngames = 2400'))
    assert question(manifest) == "Which bot wins?"  # wording and the game count: the same study
    path.write_text(STUDY.replace("seed = 7", 'question = "Which bot wins?"\nplayers = 3\nseed = 7')
                    .replace("players = 2\n", ""))
    assert question(manifest) != "Which bot wins?"  # another study now: its question is not this one's
    assert res is not None


def test_charts_of_many_variants_fit_the_page_width_and_sort_categories_by_value():
    """Issue 11: 45 variants made a 5,800-px strip with cut labels; now such charts grow down, at most
    900 px wide, and categories are sorted by value (no lines joining them)."""
    n = 45
    labels = [f"players={2 + i // 15} seats.0.params.cull_policy={i % 5} seats.0.params.cull_delta={(i // 5) % 3 - 1}"
              for i in range(n)]
    seats = pl.DataFrame({"variant": np.repeat(labels, 2), "seat": np.tile([0, 1], n),
                          "win_rate": np.linspace(0.3, 0.7, 2 * n), "ci_low": np.linspace(0.28, 0.68, 2 * n),
                          "ci_high": np.linspace(0.32, 0.72, 2 * n)})
    fig = charts.seat_advantage_chart(seats, fair=0.5)
    assert fig.get_size_inches()[0] * fig.dpi <= 900
    table = pl.DataFrame({"variant": labels, "win_rate": np.random.default_rng(0).random(n),
                          "ci_low": np.zeros(n), "ci_high": np.ones(n)})
    fig = charts.metric_by_variant_chart(table)
    assert fig.get_size_inches()[0] * fig.dpi <= 900
    ax = fig.axes[0]
    shown = [t.get_text() for t in ax.get_yticklabels()]
    assert len(set(shown)) == n  # short labels that still tell the variants apart
    assert shown == [charts.short_label(v) for v in table.sort("win_rate")["variant"].to_list()]
    assert all(line.get_linestyle() == "None" for line in ax.get_lines() if len(line.get_xdata()) > 1)


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_report_and_run_with_report(capsys, results, tmp_path, write_scenario):
    code, out, err = run(capsys, "report", results, "--out", tmp_path / "rep")
    assert code == 0, err
    assert f"report: {tmp_path / 'rep' / 'index.html'}" in out and (tmp_path / "rep" / "report.md").is_file()

    code, _, err = run(capsys, "report", tmp_path / "nope")
    assert code == 2 and err.startswith("simlab: error: ") and "no such results directory" in err
    (tmp_path / "empty").mkdir()
    code, _, err = run(capsys, "report", tmp_path / "empty")
    assert code == 2 and "no manifest.json" in err and "Traceback" not in err

    path = write_scenario(STUDY.replace("games = 240", "games = 60"), name="small")
    code, out, err = run(capsys, "run", path, "--out", tmp_path / "r2", "--jobs", "1", "--quiet",
                         "--report", "--report-out", tmp_path / "rep2")
    assert code == 0, err
    assert f"report: {tmp_path / 'rep2' / 'index.html'}" in out and (tmp_path / "rep2" / "index.html").is_file()

    code, _, err = run(capsys, "run", path, "--out", tmp_path / "r3", "--report-out", tmp_path / "x")
    assert code == 2 and "--report-out needs --report" in err
    code, _, err = run(capsys, "run", path, "--out", tmp_path / "r3", "--target-ci", "0.9")
    assert code == 2 and "--target-ci" in err
    code, _, err = run(capsys, "run", path, "--out", tmp_path / "r3", "--max-games", "100")
    assert code == 2 and "--max-games needs --target-ci" in err


def test_a_never_acquired_card_is_not_counted_as_excluding_zero(tmp_path):
    """issue 11, "Errors to fix" 1: polars orders NaN above every number, so a card with no IWD
    (never acquired: no interval) was counted among the cards whose interval excludes zero."""
    from types import SimpleNamespace

    import numpy as np

    from simlab.report.render import Doc, _Ctx, _section_cards
    from tests.analysis.synth import two_player_seats

    rng = np.random.default_rng(1)
    n = 400
    seats = two_player_seats(rng.random(n) < 0.5)
    g, seat = seats["game_id"].to_numpy(), seats["seat"].to_numpy()
    acquired = {"Bought": rng.integers(0, 2, 2 * n), "Shunned": np.zeros(2 * n, np.int64)}
    cards = pl.concat([pl.DataFrame({"variant": "v", "game_id": g, "seat": seat, "card": card,
                                     "acquired": acq, "played": acq}) for card, acq in acquired.items()])
    ctx = _Ctx(results=SimpleNamespace(seats=seats.lazy(), cards=cards.lazy()), manifest={}, out_dir=tmp_path,
               doc=Doc())
    _section_cards(ctx)
    md = ctx.doc.markdown()
    assert "1 of 2 cards have no IWD" in md
    found = re.search(r"1 cards with an IWD; (\d+) have a 95% interval that excludes zero", md)
    assert found and found.group(1) == "0"  # "Bought" is bought at random: no real IWD


def test_fair_and_no_difference_come_only_from_an_equivalence_test():
    """issue 11, "Errors to fix" 5: an interval that includes the fair share is not evidence of
    fairness. A small sample is "inconclusive" with the games that would settle +-1 point; only a
    TOST inside the stated margin (+-1 point of win rate, +-1 prestige for tokens) says "within"."""
    from simlab.report.render import _fair_verdict
    from simlab.report.tokens import _verdict

    rows = [{"name": "small", "wins": 52, "n": 100}, {"name": "large", "wins": 500_100, "n": 1_000_000}]
    small, large = _fair_verdict(rows, lambda r: 0.5, "{name}")
    assert "no difference from the fair share" not in small and "inconclusive" in small
    assert re.search(r"about [\d,]+ games would settle ±1 point", small)
    assert "within ±1 point (equivalence test, TOST p = " in large
    token = {"mispriced": False, "effect_modelled": True, "n": 25_000, "printed": 3.0, "fair_value": 2.9}
    assert _verdict({**token, "worth": 0.1, "se": 0.2}).startswith("fair (within ±1 prestige, TOST")
    wide = _verdict({**token, "worth": 0.1, "se": 3.0})
    assert wide.startswith("inconclusive") and "paired games would settle it" in wide
    assert _verdict({**token, "effect_modelled": False, "worth": 3.0, "se": 0.2}) == (
        "effect not modelled: worth = printed value")


def _token_study(n, effects, rng):
    """A 2-player token study (the design of seasons_tokens.toml) on synthetic games: the focal seat
    (bot row 0) scores X holding none; with token t its effect adds ``effects[t]`` (an array per
    game, plus noise where it is not 0) and its printed value 3 once used (always); the opponent
    scores Y in every arm."""
    from simlab.analysis.tokens import TOKEN_PATH

    x, y = np.round(rng.normal(100, 8, n)), np.round(rng.normal(100, 8, n))
    frames, variants = [], []
    for t in [0, *effects]:
        swt = x + (np.round(effects[t] + rng.normal(0, 3, n) * (effects[t] != 0)) if t else 0)
        focal = swt + (3.0 if t else 0.0)
        frames.append(pl.DataFrame({
            "variant": f"token={t}", "game_id": np.repeat(np.arange(n), 2), "bot_row": np.tile([0, 1], n),
            "score": np.column_stack([focal, y]).ravel(), "won": np.column_stack([focal > y, y > focal]).ravel(),
            "shared_win": np.repeat(focal == y, 2).astype(np.int8),
            "score_without_token": np.column_stack([swt, y]).ravel(),
            "token_used": np.column_stack([np.full(n, t > 0), np.zeros(n, bool)]).ravel(),
            "token_printed": np.full(2 * n, 3.0)}))
        variants.append({"label": f"token={t}", "players": 2, "sweep": {TOKEN_PATH: t}})
    return pl.concat(frames), variants


def test_token_report_tests_interactions_instead_of_calling_wide_intervals_consistent(tmp_path):
    """issue 11, "Errors to fix" 4: token 1's effect is worth 8 prestige with enchantment 0 and 1
    with enchantment 1, so its fair value depends on the enchantment (Cochran's Q); token
    2's effect is +2 with both. The old rule called any pair "consistent" unless the verdicts
    pointed in opposite directions. Token 3 changes nothing (effect not modelled) and is not ranked."""
    from types import SimpleNamespace

    import numpy as np

    from simlab.report.render import Doc, _Ctx
    from simlab.report.tokens import section_tokens

    rng = np.random.default_rng(4)
    n = 4_000
    ench = np.arange(n) % 2
    seats, variants = _token_study(n, {1: np.where(ench == 0, 8.0, 1.0), 2: np.full(n, 2.0),
                                       3: np.zeros(n)}, rng)
    games = pl.concat([pl.DataFrame({"variant": v["label"], "game_id": np.arange(n), "enchantment": ench})
                       for v in variants])
    ctx = _Ctx(results=SimpleNamespace(seats=seats.lazy(), games=games.lazy()),
               manifest={"game": {"name": "seasons"}, "variants": variants}, out_dir=tmp_path, doc=Doc())
    section_tokens(ctx)
    md = ctx.doc.markdown()
    assert "### Robustness: enchantments (fair value by enchantment)" in md and "consistent" not in md
    line = next(row for row in md.splitlines() if row.startswith("| 1 | 2 |"))
    assert "**depends on enchantment**" in line
    line = next(row for row in md.splitlines() if row.startswith("| 2 | 2 |"))
    assert "dependence not shown" in line
    assert "Not ranked (effect not modelled: worth = printed value): token 3" in md
    assert (tmp_path / "token_by_enchantment.png").is_file()


def test_the_first_screen_counts_every_game_after_a_resume(results, tmp_path, write_scenario):
    """A resumed run plays only what the interrupted one left (its manifest's games_played): the
    first screen must count the games in the results, not that part (the re-run token study said
    2,956,250 games of its 3,150,000)."""
    total = load_results(results).games.select(pl.len()).collect().item()
    part = sorted((results / "games").glob("*.parquet"))[0]
    part.unlink()  # one chunk lost: the resume re-runs that chunk only
    run_scenario(write_scenario(STUDY), out=results, n_jobs=1, quiet=True, resume=True)
    manifest = load_results(results).manifest
    assert manifest["timing"]["games_played"] == 120 < total
    md = (render_report(results, tmp_path / "rep") / "report.md").read_text()
    n_variants = len(manifest["variants"])
    assert f"> {total:,} games in {n_variants} variant(s);" in md
    assert "the last run: it resumed an interrupted one and kept its" in md


def test_game_quality_part_with_units_kingmaker_and_card_timing(tmp_path, write_scenario):
    """A 3-player Quarriors study between two bots: the seats section's game-quality part names
    the game's unit (glory), gives the kingmaker share at 3 seats, draws the score curves by seat
    and by bot, and the card tables give the round each card is first bought."""
    path = write_scenario('name = "t_quality"\ngame = "quarriors"\ngames = 300\nseed = 3\nplayers = 3\n'
                          'analyses = ["seats", "cards"]\n[[seats]]\nbot = "greedy"\n[[seats]]\nbot = "curve"\n'
                          '[[seats]]\nbot = "greedy"\n')
    out = run_scenario(path, out=tmp_path / "res", n_jobs=1, quiet=True)
    rep = render_report(out, tmp_path / "rep")
    md = (rep / "report.md").read_text()
    assert "## Game quality" in md and "margin (glory)" in md and "points" not in md.split("## Game quality")[1][:400]
    assert re.search(r"kingmaker position in \d+\.\d% \(", md)
    assert (rep / "score_curves.png").exists() and (rep / "score_curves_bots.png").exists()
    assert "round first bought" in md and "bought if acquired" not in md
