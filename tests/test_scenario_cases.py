"""[[cases]] and [card_effects] scenario extensions, and adaptive (--target-ci) runs."""

from __future__ import annotations

import json

import pytest

from simlab import load_results, run_scenario
from simlab.scenario import ScenarioError, parse_scenario

AVOID = 'game = "toy_game:AVOID_GAME"\ngames = 50\nseed = 1\n'


def test_cases_combine_with_players_and_sweep(tmp_path):
    text = """\
game = "toy"
games = 10
players = [2, 3]
[[seats]]
bot = "greedy"
[[cases]]
label = "weak red"
"cards.Red.power" = 0
[[cases]]
"seats.0.bot" = "random"
"setup.exclude" = ["Blue"]
[sweep]
"variants.bonus_mode" = ["plain", "double"]
"""
    scn = parse_scenario(text, tmp_path / "s.toml")
    labels = [v.label for v in scn.variants()]
    assert labels[:4] == [
        "players=2 weak red variants.bonus_mode=plain",
        "players=2 weak red variants.bonus_mode=double",
        "players=2 seats.0.bot=random setup.exclude=[Blue] variants.bonus_mode=plain",
        "players=2 seats.0.bot=random setup.exclude=[Blue] variants.bonus_mode=double",
    ]
    assert len(labels) == 8 and labels[4].startswith("players=3 weak red")
    v = scn.variants()
    assert v[0].case == "weak red" and v[0].cards.rows[0] == {"name": "Red", "power": 0}
    assert v[3].seat_labels == ["random", "random"] and v[3].cards.names == ["Red", "Green Dragon"]
    assert v[3].setup == {"exclude": ["Blue"]} and v[3].describe()["case"] == v[3].case


def test_card_effects_expand_into_in_and_out_arms(tmp_path):
    text = AVOID + """\
players = [2, 3]
[[seats]]
bot = "greedy"
[card_effects]
cards = "all"
focal_seat = 1
"""
    scn = parse_scenario(text, tmp_path / "s.toml")
    v = scn.variants()
    assert len(v) == 2 * 3 * 2
    red_in, red_out = v[0], v[1]
    assert red_in.label == "players=2 card=Red arm=in" and red_out.label == "players=2 card=Red arm=out"
    assert red_in.setup == {"include": ["Red"]} and red_out.setup == {"exclude": ["Red"]}
    # every bot row except the focal one avoids the card (given by name, stored as its id)
    assert red_in.seat_params == [{"avoid_card": "Red"}, {}]
    assert red_in.bots[:, 2].tolist() == [0.0, -1.0] and red_out.bots[:, 2].tolist() == [-1.0, -1.0]
    assert v[6].label == "players=3 card=Red arm=in" and v[6].bots[:, 2].tolist() == [0.0, -1.0, 0.0]
    info = scn.card_effects
    assert info["cards"] == ["Red", "Blue", "Green Dragon"] and info["focal_seat"] == 1
    assert info["correction"] == "holm"
    assert [g["base"] for g in info["groups"]] == ["players=2", "players=3"]
    assert info["arms"]["Blue"] == ["players=2 card=Blue arm=in", "players=2 card=Blue arm=out"]


def test_card_effects_keep_other_setup_and_record_manifest(tmp_path):
    text = AVOID + """\
chunk_size = 25
[[seats]]
bot = "greedy"
[[seats]]
bot = "random"
[setup]
exclude = ["Blue"]
[card_effects]
cards = ["Red"]
"""
    scn = parse_scenario(text, tmp_path / "s.toml")
    assert [v.setup for v in scn.variants()] == [
        {"exclude": ["Blue"], "include": ["Red"]},
        {"exclude": ["Blue", "Red"]},
    ]
    out = run_scenario(scn, out=tmp_path / "r", n_jobs=1, quiet=True)
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["card_effects"]["arms"] == {"Red": ["players=2 card=Red arm=in", "players=2 card=Red arm=out"]}
    assert [v["case"] for v in manifest["variants"]] == ["card=Red arm=in", "card=Red arm=out"]
    seats = load_results(out).collect("seats")
    cards = load_results(out).collect("cards").join(seats, on=["variant", "game_id", "seat"])
    # in the "in" arm only the focal bot (row 0) ever takes Red; in the "out" arm nobody can
    red = cards.filter(cards["card"] == "Red")
    assert set(red["variant"]) == {"players=2 card=Red arm=in"} and set(red["bot_row"]) == {0}


@pytest.mark.parametrize(
    ("extra", "expect"),
    [
        ('[[cases]]\n"seats.0.params.nope" = 1\n', ["s.toml:5:", "cases[0]", "unknown bot parameter 'nope'"]),
        ('[[cases]]\n"seats.0.bot" = "gredy"\n', ["s.toml:5:", "cases[0]", "unknown bot preset 'gredy'"]),
        ('[[cases]]\nlabel = "x"\n', ["s.toml:4:", "cases[0]", "sets no path"]),
        ('[[cases]]\nlabel = 3\n"seats.0.bot" = "random"\n', ["cases[0].label", "non-empty string"]),
        ('[[cases]]\nlabel = "a"\n"cards.Red.power" = 1\n[[cases]]\nlabel = "a"\n"cards.Red.power" = 2\n',
         ["cases", "share the label 'a'"]),
        ('[[cases]]\n"cards.Red.power" = -1\n', ["cases[0]", "non-negative"]),
        ('[[cases]]\n"setup.exclude" = ["Purple"]\n', ["cases[0]", "Purple"]),
        ('[sweep]\n"cards.Red.power" = [1, 2]\n[[cases]]\n"cards.Red.power" = 1\n', ["set by both"]),
        ("[[cases]]\n\"seats.0.params.dice\" = 'Red'\n", ["cases[0]", "must be numbers, got 'Red'"]),
        ('[card_effects]\ncards = ["Red"]\n', ["s.toml:4:", "card_effects", "no 'avoid_card'"]),
    ],
)
def test_bad_cases(write_scenario, extra, expect):
    path = write_scenario('game = "toy"\ngames = 10\nseed = 1\n' + extra, name="s")
    with pytest.raises(ScenarioError) as info:
        run_scenario(path, n_jobs=1, quiet=True)
    message = str(info.value)
    for part in expect:
        assert part in message, (part, message)


@pytest.mark.parametrize(
    ("extra", "expect"),
    [
        ('[card_effects]\ncards = ["Purple"]\n', ["s.toml:5:", "card_effects.cards", "unknown card 'Purple'"]),
        ('[card_effects]\ncards = "some"\n', ["card_effects.cards", '"all"']),
        ("[card_effects]\ncards = []\n", ["card_effects.cards", "non-empty"]),
        ("[card_effects]\nfocal_seat = 2\n", ["card_effects.focal_seat", "out of range"]),
        ('[card_effects]\ncorrection = "tukey"\n', ["card_effects.correction", "holm"]),
        ('[card_effects]\ncardz = "all"\n', ["card_effects.cardz", "unknown key", "did you mean 'cards'"]),
        ('[sweep]\n"setup.exclude" = [["Red"]]\n[card_effects]\n', ["override the card-effect arms"]),
        ("[[seats]]\nparams = { avoid_card = 'Purple' }\n", ["seats[0].params.avoid_card", "unknown card 'Purple'"]),
    ],
)
def test_bad_card_effects(write_scenario, extra, expect):
    path = write_scenario(AVOID + extra, name="s")
    with pytest.raises(ScenarioError) as info:
        run_scenario(path, n_jobs=1, quiet=True)
    message = str(info.value)
    for part in expect:
        assert part in message, (part, message)


def test_list_setup_values_in_sweep_and_card_names_as_params(tmp_path):
    text = AVOID + """\
[[seats]]
bot = "greedy"
[[seats]]
bot = "random"
params = { avoid_card = "Blue" }
[sweep]
"setup.exclude" = [[], ["Red"], ["Red", "Blue"]]
"""
    v = parse_scenario(text, tmp_path / "s.toml").variants()
    assert [x.cards.names for x in v] == [["Red", "Blue", "Green Dragon"], ["Blue", "Green Dragon"], ["Green Dragon"]]
    # the name resolves to the card's id in each variant's own table (-1 if it is not there)
    assert [x.bots[1, 2] for x in v] == [1.0, 0.0, -1.0]


ADAPTIVE = """\
game = "toy"
games = 100
seed = 9
chunk_size = 40
[[seats]]
bot = "greedy"
[[seats]]
bot = "random"
[sweep]
"cards.Red.power" = [1, 5]
"""


def _hw(out):
    return json.loads((out / "manifest.json").read_text())["adaptive"]


def test_adaptive_run_stops_at_target_and_is_reproducible(tmp_path):
    scn = parse_scenario(ADAPTIVE, tmp_path / "a.toml")
    a = run_scenario(scn, out=tmp_path / "a", n_jobs=1, quiet=True, target_ci=0.04)
    info = _hw(a)
    assert info["met"] and info["max_half_width"] <= 0.04 and 100 < info["games"] <= 1000
    assert len(info["rounds"]) >= 2 and info["rounds"][0]["games"] == 100
    assert info["rounds"][-2]["max_half_width"] > 0.04
    games = load_results(a).collect("games", sort=True)
    assert games["game_id"].n_unique() == info["games"] and games.height == 2 * info["games"]
    assert sorted(set(games["game_id"].to_list())) == list(range(info["games"]))

    b = run_scenario(scn, out=tmp_path / "b", n_jobs=2, quiet=True, target_ci=0.04)
    assert _hw(b)["games"] == info["games"]
    ta, tb = load_results(a).collect_all(sort=True), load_results(b).collect_all(sort=True)
    assert all(ta[t].equals(tb[t]) for t in ta)

    # the first 100 games are the same games a plain run plays
    plain = run_scenario(scn, out=tmp_path / "p", n_jobs=1, quiet=True)
    tp = load_results(plain).collect("seats", sort=True)
    assert tp.equals(ta["seats"].filter(ta["seats"]["game_id"] < 100))

    # resume after losing the last chunks of an adaptive run gives the same tables
    for t in ("games", "seats", "cards"):
        for f in sorted((a / t).glob("*.parquet"))[-2:]:
            f.unlink()
    run_scenario(scn, out=a, n_jobs=1, quiet=True, target_ci=0.04, resume=True)
    tr = load_results(a).collect_all(sort=True)
    assert all(ta[t].equals(tr[t]) for t in ta) and _hw(a)["games"] == info["games"]
    with pytest.raises(ScenarioError, match="adaptive settings"):
        run_scenario(scn, out=a, n_jobs=1, quiet=True, target_ci=0.05, resume=True)


def test_adaptive_run_stops_at_max_games(tmp_path, capsys):
    scn = parse_scenario(ADAPTIVE, tmp_path / "a.toml")
    out = run_scenario(scn, out=tmp_path / "a", n_jobs=1, quiet=True, target_ci=0.005, max_games=250)
    info = _hw(out)
    assert info["games"] == 250 and not info["met"] and info["max_half_width"] > 0.005
    with pytest.raises(ScenarioError, match="max_games"):
        run_scenario(scn, out=tmp_path / "b", target_ci=0.01, max_games=50)
    with pytest.raises(ScenarioError, match="target_ci"):
        run_scenario(scn, out=tmp_path / "b", target_ci=0.7)

    from simlab.cli import main

    (tmp_path / "a.toml").write_text(ADAPTIVE)
    code = main(["run", str(tmp_path / "a.toml"), "--out", str(tmp_path / "c"), "--jobs", "1", "--quiet",
                 "--target-ci", "0.05", "--max-games", "300"])
    out_text, err = capsys.readouterr()
    assert code == 0, err and "adaptive: target half-width 0.05" in out_text and "games per variant" in out_text


def test_an_adaptive_card_effects_study_targets_its_paired_contrasts(tmp_path):
    """Issue 11: a [card_effects] study asks about the in-minus-out differences, so --target-ci stops
    on their paired half-widths (not on the focal bot's win rate in each arm)."""
    text = AVOID + 'players = 2\n[[seats]]\nbot = "greedy"\n[[seats]]\nbot = "random"\n' \
        '[card_effects]\ncards = ["Red", "Green Dragon"]\n'
    scn = parse_scenario(text, tmp_path / "ce.toml")
    out = run_scenario(scn, out=tmp_path / "ce", n_jobs=1, quiet=True, target_ci=0.08, max_games=2000)
    info = _hw(out)
    assert info["target"] == "paired contrasts"
    assert set(info["half_widths"]) == {"players=2 Red", "players=2 Green Dragon"}  # group, card
    assert info["met"] and info["max_half_width"] <= 0.08
