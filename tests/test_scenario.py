"""Scenario parsing and validation: every mistake is a ScenarioError naming file, line and key."""

from __future__ import annotations

import pytest

from simlab.runner import run_scenario
from simlab.scenario import ScenarioError, find_line, load_scenario

BASE = 'name = "s"\ngame = "toy"\ngames = 10\n'


def _err(write_scenario, text: str) -> str:
    path = write_scenario(text)
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    return str(info.value)


def test_valid_scenario_builds_variants(write_scenario):
    text = BASE + (
        'players = [2, 3]\n[[seats]]\nbot = "greedy"\n'
        '[sweep]\n"seats.0.params.dice" = [2, 4]\n"cards.Red.power" = [0, 7]\n'
    )
    scn = load_scenario(write_scenario(text))
    vs = scn.variants()
    assert len(vs) == 8
    assert [v.index for v in vs] == list(range(8))
    assert vs[0].label == "players=2 seats.0.params.dice=2 cards.Red.power=0"
    assert vs[-1].label == "players=3 seats.0.params.dice=4 cards.Red.power=7"
    assert vs[-1].bots.shape == (3, 2) and (vs[-1].bots[:, 0] == 4).all()
    assert vs[1].cards.arrays["power"][vs[1].cards.names.index("Red")] == 7
    assert vs[0].seat_labels == ["greedy", "greedy"]
    assert scn.name == "s" and str(scn.out) == "results/s"


def test_defaults(write_scenario):
    scn = load_scenario(write_scenario('game = "toy"\ngames = 5\n', name="my_study"))
    assert scn.name == "my_study" and scn.seed == 0 and scn.players == [2]
    (v,) = scn.variants()
    assert v.rotate and v.seat_labels == ["greedy", "greedy"] and v.label == "players=2"


def test_one_seat_per_player(write_scenario):
    text = BASE + 'players = 2\n[[seats]]\nbot = "greedy"\n[[seats]]\nbot = "random"\nparams = { dice = 5 }\n'
    (v,) = load_scenario(write_scenario(text)).variants()
    assert v.seat_labels == ["greedy", "random"]
    assert v.bots.tolist() == [[3.0, 0.0], [5.0, 1.0]]


@pytest.mark.parametrize(
    ("extra", "expect"),
    [
        ("gamez = 3\n", ["scn.toml:4:", "gamez", "unknown key", "expected one of"]),
        ("seeed = 3\n", ["scn.toml:4:", "did you mean 'seed'"]),
        ('[[seats]]\nbot = "greedy"\nparms = {}\n', ["scn.toml:6:", "seats[0].parms", "unknown key"]),
        ("players = 5\n", ["scn.toml:4:", "players", "[2, 3, 4]", "got 5"]),
        ('[[seats]]\nbot = "gredy"\n', ["scn.toml:5:", "seats[0].bot", "'gredy'", "['greedy', 'random']"]),
        ("[[seats]]\nparams = { dise = 1 }\n", ["scn.toml:5:", "seats[0].params.dise", "'dice'"]),
        ("[cards.Purple]\npower = 1\n", ["scn.toml:4:", "cards.Purple", "unknown card 'Purple'"]),
        ('[cards."Green Dragon"]\npowr = 1\n', ["scn.toml:5:", 'cards."Green Dragon".powr', "'powr'"]),
        (
            '[variants]\nbonus_mode = "triple"\n',
            ["scn.toml:5:", "variants.bonus_mode", "'triple'", "'plain'"],
        ),
        ('[variants]\nbonus = "plain"\n', ["variants.bonus", "unknown data variant"]),
        ('[setup]\ninclude = ["Red"]\n', ["scn.toml:5:", "setup.include", "unknown setup option"]),
        ('[sweep]\n"seats.0.params.nope" = [1]\n', ["scn.toml:5:", "sweep", "nope"]),
        ('[sweep]\n"seats.3.params.dice" = [1]\n', ["sweep", "out of range"]),
        ('[sweep]\n"players" = [2, 3]\n', ["sweep", "must look like"]),
        ('[sweep]\n"cards.Red.power" = [1, -1]\n', ["scn.toml:5:", "cards.Red.power=-1", "non-negative"]),
        ('[sweep]\n"variants.bonus_mode" = ["plain", "x"]\n', ["sweep", "'x'"]),
        ('[sweep]\n"cards.Red.power" = []\n', ["sweep", "no values"]),
        ("players = [2, 3]\n[[seats]]\n[[seats]]\n", ["seats", "2 seats given for 3 players"]),
        ("chunk_size = 0\n", ["chunk_size", "greater than 0"]),
        ("rotate_seats = 1\n", ["rotate_seats", "boolean"]),
        ("analyses = 'winrates'\n", ["analyses", "list"]),
    ],
)
def test_bad_scenarios(write_scenario, extra, expect):
    msg = _err(write_scenario, BASE + extra)
    for part in expect:
        assert part in msg, f"{part!r} not in {msg!r}"


@pytest.mark.parametrize(
    ("text", "expect"),
    [
        ('game = "toy"\ngames = -5\n', ["scn.toml:2:", "games", "greater than 0", "-5"]),
        ('game = "toy"\ngames = 0\n', ["games", "greater than 0"]),
        ('game = "toy"\ngames = "10"\n', ["games", "valid integer", "'10'"]),
        ('game = "toy"\ngames = 10\nseed = -1\n', ["scn.toml:3:", "seed", "-1"]),
        ('game = "toyy"\ngames = 10\n', ["scn.toml:1:", "game", "unknown game 'toyy'", "toy"]),
        ("games = 10\n", ["game", "missing"]),
        ('game = "toy"\ngames = [10\n', ["invalid TOML"]),
    ],
)
def test_bad_top_level(write_scenario, text, expect):
    msg = _err(write_scenario, text)
    for part in expect:
        assert part in msg, f"{part!r} not in {msg!r}"


def test_missing_file(tmp_path):
    with pytest.raises(ScenarioError, match="cannot read"):
        load_scenario(tmp_path / "nope.toml")


def test_bad_scenario_writes_nothing(write_scenario, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = write_scenario(BASE + '[cards.Purple]\npower = 1\nout = "res"\n')
    with pytest.raises(ScenarioError):
        run_scenario(path, quiet=True)
    assert not (tmp_path / "res").exists() and not (tmp_path / "results").exists()


def test_find_line():
    src = 'game = "x"\n[[seats]]\nbot = "a"\n[[seats]]\nbot = "b"\n[cards."A B"]\ncost = 1\n'
    assert find_line(src, ("game",)) == 1
    assert find_line(src, ("seats", 1, "bot")) == 5
    assert find_line(src, ("cards", "A B", "cost")) == 7
    assert find_line(src, ("nothing",)) is None
