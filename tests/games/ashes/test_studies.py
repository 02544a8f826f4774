"""The Ashes studies (simlab.games.ashes.studies) on tiny runs: deck matchups with intervals,
Bradley-Terry, first-player advantage, lengths and end reasons; the paired card values with
Holm's correction; the report sections leading the report; the shipped scenarios."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl
import pytest

from simlab.games.ashes import studies
from simlab.report.render import render_report
from simlab.results import load_results
from simlab.runner import run_scenario
from simlab.scenario import load_scenario, parse_scenario

SCENARIOS = Path(__file__).parents[3] / "scenarios"
TWO = '["The Iron Men", "The Shadows of Viros"]'


@pytest.fixture(scope="module")
def decks_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("decks") / "res"
    scn = parse_scenario(f'name = "t_decks"\ngame = "ashes"\ngames = 6\nseed = 1\nrotate_seats = false\n'
                         f'analyses = ["ashes_decks"]\n[sweep]\n"setup.deck_0" = {TWO}\n"setup.deck_1" = {TWO}\n')
    run_scenario(scn, out=out, n_jobs=1, quiet=True)
    return out


def test_deck_matchups_pool_seat_orders_and_skip_mirrors(decks_run):
    """Each deck meets the other in both seat orders (2 variants x 6 games = 12 games); the two
    win rates add up to 1 less the draws; mirrors are not matchups; intervals bracket the rate."""
    res = load_results(decks_run)
    mm = studies.deck_matchups(res.seats)
    assert mm.height == 2 and set(mm["deck"]) == {"The Iron Men", "The Shadows of Viros"}
    assert (mm["n"] == 12).all()
    assert (mm["ci_low"] <= mm["win_rate"]).all() and (mm["win_rate"] <= mm["ci_high"]).all()
    assert mm["wins"].sum() <= 12
    bt = studies.deck_ratings(res.seats)
    assert set(bt["deck"]) == set(mm["deck"])


def test_first_player_lengths_and_end_reasons(decks_run):
    """First-player advantage over all games (24) and mirrors (12), rounds per pairing, the end
    reasons' shares summing to 1."""
    res = load_results(decks_run)
    fpa = studies.first_player_advantage(res.games, res.seats)
    assert fpa["games"].to_list() == ["all", "mirrors"] and fpa["n"].to_list() == [24, 12]
    g = res.games.collect()
    assert fpa["first_wins"][0] == int((g["winner"] == g["first_player"]).sum())
    lengths = studies.round_lengths(res.games, res.seats)
    assert lengths["pairing"][0] == "all" and lengths["n"][0] == 24
    assert set(lengths["pairing"][1:]) == {"The Iron Men vs The Iron Men", "The Iron Men vs The Shadows of Viros",
                                          "The Shadows of Viros vs The Shadows of Viros"}
    er = studies.end_reason_shares(res.games)
    assert er["end_reason"].to_list() == ["pb_destroyed", "fatigue", "round_limit"]
    assert abs(er["share"].sum() - 1) < 1e-9


def test_decks_report_leads_with_the_answer(decks_run, tmp_path):
    """The report's first section, before the study's details, names the strongest deck and the
    first-player advantage, and says no figure is committed yet."""
    out = render_report(decks_run, tmp_path / "rep")
    md = (out / "report.md").read_text()
    box = md.split("\n- Game: ")[0]  # the first screen: title and the answer box
    assert box.startswith("# Study report:") and "**Answer:**" in box
    assert "first-player roll" in box and "No Ashes figure is committed yet" in box
    assert "## Which precon deck wins?" in md and "Matchups" in md


def test_card_values_are_paired_and_holm_corrected(tmp_path):
    """Seat 0 plays the Iron Men with and without each of three cards against two opponents:
    each card's value is paired over 2 x 5 games; every effect is implemented now (Spiked Armor's
    too), so each card reports a finite value; Holm runs over the deck's cards."""
    text = studies.card_value_scenario(games=5, seed=2, decks=["The Iron Men"],
                                       opponents=["The Mist Guardian", "The Iron Men"], name="t_cards")
    scn = parse_scenario(text)
    keep = {"The Iron Men | all cards", "The Iron Men | without Anchornaut", "The Iron Men | without Hammer Knight",
            "The Iron Men | without Spiked Armor"}
    scn._variants = [v for v in scn.variants() if v.case in keep]
    for k, v in enumerate(scn._variants):
        v.index = k
    run_scenario(scn, out=tmp_path / "res", n_jobs=1, quiet=True)
    res = load_results(tmp_path / "res")
    vals = studies.card_values(res.seats, res.manifest, cards=res.cards)
    assert set(vals["card"]) == {"Anchornaut", "Hammer Knight", "Spiked Armor"}
    assert (vals["n"] == 10).all()
    spiked = vals.filter(pl.col("card") == "Spiked Armor").row(0, named=True)
    assert spiked["implemented"] and np.isfinite(spiked["value"])
    assert vals.filter(pl.col("card") == "Anchornaut")["played_per_game"][0] > 0
    assert (vals["p_adjusted"].fill_nan(1.0) >= vals["p_value"].fill_nan(1.0)).all()
    md = (render_report(tmp_path / "res", tmp_path / "rep") / "report.md").read_text()
    box = md.split("\n- Game: ")[0]  # the first screen: title and the answer box
    assert box.count("most valuable") == 1 and "No Ashes figure is committed yet" in box


def test_shipped_scenarios_parse_and_the_card_value_file_is_current():
    """ashes_decks: 36 pairings (both seat orders, mirrors); ashes_card_value.toml equals what
    card_value_scenario() writes (regenerate it when a precon changes); quickstart parses."""
    assert len(load_scenario(SCENARIOS / "ashes_decks.toml").variants()) == 36
    assert (SCENARIOS / "ashes_card_value.toml").read_text() == studies.card_value_scenario()
    cv = load_scenario(SCENARIOS / "ashes_card_value.toml")
    assert len(cv.variants()) == 6 * sum(1 + len(studies.deck_cards(d)) for d in studies.data.deck_titles())
    load_scenario(SCENARIOS / "ashes_quickstart.toml")
