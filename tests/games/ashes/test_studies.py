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
    assert "first-player roll" in box and "Bots, not players" in box
    assert "## Which precon deck wins?" in md and "Matchups" in md
    # the life left round by round gives the game-quality table, one row per bot preset
    assert "### Game quality by bot preset" in md and "margin (Phoenixborn life)" in md


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
    assert box.count("Most valuable card of each deck") == 1 and "Bots, not players" in box


def test_shipped_scenarios_parse_and_the_generated_files_are_current():
    """ashes_decks: 36 pairings (both seat orders, mirrors) x 4 presets; ashes_card_value.toml
    and ashes_deck_swap.toml equal what card_value_scenario() and deck_swap_scenario() write
    (regenerate them when a precon changes); quickstart parses."""
    decks = load_scenario(SCENARIOS / "ashes_decks.toml").variants()
    assert len(decks) == 4 * 36
    assert {v.sweep["seats.0.bot"] for v in decks} == {"balanced", "aggro", "control", "builder"}
    assert (SCENARIOS / "ashes_card_value.toml").read_text() == studies.card_value_scenario()
    cv = load_scenario(SCENARIOS / "ashes_card_value.toml")
    titles = studies.data.deck_titles()
    # per deck: the baseline, each card, the Phoenixborn ability, each of its two dice types
    assert len(cv.variants()) == 6 * sum(1 + len(studies.deck_cards(d)) + 1 + 2 for d in titles)
    assert (SCENARIOS / "ashes_deck_swap.toml").read_text() == studies.deck_swap_scenario()
    sw = load_scenario(SCENARIOS / "ashes_deck_swap.toml")
    assert len(sw.variants()) == 6 * (1 + 10 * 45)
    load_scenario(SCENARIOS / "ashes_quickstart.toml")


def test_robust_matchups_need_every_preset(tmp_path):
    """Two presets on two decks: a pairing is 'under every preset' only when both presets'
    Holm-corrected binomial tests reject the same way; the rows carry one column per preset,
    the favoured deck's win rate is at least 50% on average, and the report names both presets
    in its first screen."""
    scn = parse_scenario(f'name = "t_rob"\ngame = "ashes"\ngames = 30\nseed = 4\nrotate_seats = false\n'
                         f'analyses = ["ashes_decks"]\n[sweep]\n"seats.0.bot" = ["balanced", "aggro"]\n'
                         f'"setup.deck_0" = {TWO}\n"setup.deck_1" = {TWO}\n')
    run_scenario(scn, out=tmp_path / "res", n_jobs=1, quiet=True)
    res = load_results(tmp_path / "res")
    assert studies.presets(res.seats) == ["balanced", "aggro"]
    rob = studies.robust_matchups(res.seats)
    assert rob.height == 1 and {"balanced", "aggro", "balanced_rate", "aggro_rate"} <= set(rob.columns)
    r = rob.row(0, named=True)
    assert (r["balanced_rate"] + r["aggro_rate"]) / 2 >= 0.5
    for pr in ("balanced", "aggro"):
        mm = studies.deck_matchups(res.seats, preset=pr)
        fav = mm.filter(pl.col("deck") == r["favoured"]).row(0, named=True)
        assert abs(fav["win_rate"] - r[f"{pr}_rate"]) < 1e-12 and fav["n"] == 60
    if r["presets_shown"] == 2:
        assert r["verdict"] == f"{r['favoured']} beats {r['opponent']} under every preset"
    else:
        assert r["verdict"] in ("not shown under every preset", "presets disagree")
    md = (render_report(tmp_path / "res", tmp_path / "rep") / "report.md").read_text()
    box = md.split("\n- Game: ")[0]
    assert "What holds under all 2 presets (balanced, aggro)" in box
    assert "Per preset" in box and "balanced: " in box and "aggro: " in box


def test_swap_card_keeps_the_deck_legal():
    """A swap replaces every copy, rebuilds the conjuration pile (a summoning card brings its
    conjurations in, the removed one takes its own out), keeps the First Five's slots (a reaction
    spell does not open, checklist DP1, so the deck's next non-reaction card does), and names bad
    input."""
    data = studies.data
    viros = data._precon("The Shadows of Viros")
    d = data.swap_card(viros, "Summon False Demon", "Summon Iron Rhino")
    data.validate_deck(d)
    assert d["cards"]["Summon Iron Rhino"] == viros["cards"]["Summon False Demon"]
    assert "Summon False Demon" not in d["cards"]
    assert "Iron Rhino" in d["conjurations"] and "False Demon" not in d["conjurations"]
    assert d["first_five"][viros["first_five"].index("Summon False Demon")] == "Summon Iron Rhino"
    d2 = data.swap_card(viros, "Sleight Of Hand", "Molten Gold")  # an action spell may open
    assert "Molten Gold" in d2["first_five"]
    d3 = data.swap_card(viros, "Bring Forth", "Golden Veil")  # a reaction may not
    assert "Golden Veil" not in d3["first_five"] and len(set(d3["first_five"])) == 5
    assert d3["first_five"][0] == "Bound Soul"  # the deck's first card not yet among the five
    data.validate_deck(d3)
    for out, into, msg in (("Nope", "Anchornaut", "not in the deck"),
                           ("Fade Away", "Fear", "only with Jessa Na Ni"),
                           ("Fade Away", "Bound Soul", "already in the deck"),
                           ("Fade Away", "False Demon", "not a deck card")):
        with pytest.raises(ValueError, match=msg):
            data.swap_card(viros, out, into)
    with pytest.raises(ValueError, match="swap_0"):
        data.load_cards(setup={"swap_0": "Fade Away"})
    ct = data.load_cards(setup={"deck_0": "The Shadows of Viros", "swap_0": ["Fade Away", "Anchornaut"]})
    assert ct.arrays["seat_deck_id"][0] == -1  # a swapped precon is a custom deck
    assert (ct.arrays["seat_deck"][0] == ct.names.index("Anchornaut")).sum() == viros["cards"]["Fade Away"]


def test_deck_swaps_are_paired_against_the_published_deck(tmp_path):
    """Three swap arms and the published deck against one opponent: each swap's value is the
    paired difference over the same 8 games, Holm runs over the swaps, and the report leads with
    the best three."""
    text = studies.deck_swap_scenario(deck="The Shadows of Viros", games=8, seed=5,
                                      opponents=["The Iron Men"], name="t_swap")
    scn = parse_scenario(text)
    keep = {"The Shadows of Viros as published", "The Shadows of Viros | Fade Away -> Anchornaut",
            "The Shadows of Viros | Fade Away -> Hammer Knight", "The Shadows of Viros | Bound Soul -> Expand Energy"}
    scn._variants = [v for v in scn.variants() if v.case in keep]
    for k, v in enumerate(scn._variants):
        v.index = k
    run_scenario(scn, out=tmp_path / "res", n_jobs=1, quiet=True)
    res = load_results(tmp_path / "res")
    sw = studies.deck_swaps(res.seats, res.manifest)
    assert sw.height == 3 and (sw["n"] == 8).all()
    assert set(zip(sw["out"], sw["into"], strict=True)) == {("Fade Away", "Anchornaut"), ("Fade Away", "Hammer Knight"),
                                                            ("Bound Soul", "Expand Energy")}
    s0 = res.seats.filter(pl.col("seat") == 0).collect()
    base = s0.filter(pl.col("variant").str.contains("The Shadows of Viros as published", literal=True))["won"].mean()
    assert np.allclose(sw["win_published"], base)
    v = sw.row(0, named=True)
    arm = s0.filter(pl.col("variant").str.contains(f"Viros | {v['out']} -> {v['into']}", literal=True))["won"].mean()
    assert abs(v["value"] - (arm - base)) < 1e-12 and sw["value"].is_sorted(descending=True)
    md = (render_report(tmp_path / "res", tmp_path / "rep") / "report.md").read_text()
    assert "Best three swaps for The Shadows of Viros" in md.split("\n- Game: ")[0]
