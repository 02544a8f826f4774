"""simlab tune (simlab.tuning) and tuned preset files (simlab.presets), issue 14.

The tuner is checked on a game with a planted optimum (tests/toy_game.py, ``PLANTED``: the best
bot has aim 3.7 and lean 8.0); preset files are validated like scenarios.
"""

from __future__ import annotations

import dataclasses
import math
import tomllib
from pathlib import Path

import numpy as np
import pytest
import toy_game

import simlab.tuning as T
from simlab.cli import main
from simlab.games import get_game
from simlab.presets import TUNED_MARK, PresetFileError, read_preset_file, with_preset_files
from simlab.scenario import parse_scenario

PLANTED = "toy_game:PLANTED"
SMALL = dict(budget=6_000, games_per_candidate=500, popsize=4, fresh_games=500, seed=5)


def test_the_tuner_finds_the_planted_optimum_and_proves_the_gain_on_fresh_seeds():
    res = T.tune(PLANTED, "plain", budget=60_000, games_per_candidate=500, fresh_games=5_000, seed=3)
    assert res.params["aim"] == pytest.approx(toy_game.PLANTED_OPTIMUM["aim"], abs=0.5)
    assert res.params["lean"] == pytest.approx(toy_game.PLANTED_OPTIMUM["lean"], abs=0.5)
    gain = res.fresh["gain"]
    assert gain["n"] == 5_000 and gain["ci_low"] > 0.2  # the plain bot is 8.7 points of total away
    assert res.fresh["handset"]["p"] == pytest.approx(0.5, abs=0.03)  # plain against itself
    assert len(res.search) == 60_000 // (6 * 500)  # 2 parameters: CMA-ES's popsize 4 + 3 ln 2 = 6


def test_fresh_seeds_share_no_game_with_the_search():
    # the search's words and the fresh evaluation's differ, so game 0 of each is another game
    assert not np.array_equal(T._seed_words(5, 0), T._seed_words(5, 1))
    spec = toy_game.PLANTED
    m = np.array([[1.0, 2.0], [1.0, 2.0]])
    table = spec.load_cards()
    a = T._focal_wins(spec, 2, m, table, T._seed_words(5, 0), 0, 200)
    b = T._focal_wins(spec, 2, m, table, T._seed_words(5, 1), 0, 200)
    assert not np.array_equal(a, b)


def test_candidates_of_a_generation_play_the_same_games():
    # common random numbers: two identical candidates get identical results game by game
    spec = toy_game.PLANTED
    table = spec.load_cards()
    m = np.array([[3.0, 7.0], [1.0, 2.0]])
    wins = T._play_many(spec, 2, [m, m.copy()], table, T._seed_words(1, 0), 4_000, 2_500, 1)
    assert np.array_equal(wins[0], wins[1]) and wins[0].size == 2_500


def test_the_same_arguments_give_the_same_preset_whatever_the_jobs(tmp_path):
    one = T.tune(PLANTED, "plain", n_jobs=1, out=tmp_path / "a.toml", **SMALL)
    two = T.tune(PLANTED, "plain", n_jobs=2, out=tmp_path / "b.toml", **SMALL)
    assert one.params == two.params and one.fresh["gain"] == two.fresh["gain"]


def _body(path: Path) -> str:
    # the file without the lines that are about this run, not the result
    return "\n".join(x for x in path.read_text().splitlines()
                     if not x.startswith(("search_seconds", "command")))


def test_a_stopped_search_resumes_to_the_same_file(tmp_path, monkeypatch):
    whole = tmp_path / "whole.toml"
    T.tune(PLANTED, "plain", out=whole, **SMALL)
    out = tmp_path / "stopped.toml"
    real = T._play_many
    calls = {"n": 0}

    def stop_in_generation_2(*a, **k):
        calls["n"] += 1
        if calls["n"] == 2:
            raise KeyboardInterrupt
        return real(*a, **k)

    monkeypatch.setattr(T, "_play_many", stop_in_generation_2)
    with pytest.raises(KeyboardInterrupt):
        T.tune(PLANTED, "plain", out=out, **SMALL)
    monkeypatch.setattr(T, "_play_many", real)
    assert not out.exists() and T._state_path(out).exists()  # nothing half-written, the state kept
    T.tune(PLANTED, "plain", out=out, resume=True, **SMALL)
    assert _body(out) == _body(whole).replace("whole", "stopped")
    assert not T._state_path(out).exists()


def test_a_resume_with_other_arguments_is_refused_naming_them(tmp_path, monkeypatch):
    out = tmp_path / "p.toml"
    monkeypatch.setattr(T, "_play_many", lambda *a, **k: (_ for _ in ()).throw(KeyboardInterrupt))
    with pytest.raises(KeyboardInterrupt):
        T.tune(PLANTED, "plain", out=out, **SMALL)
    monkeypatch.undo()
    with pytest.raises(ValueError, match=r"seed: 5 then, 6 now"):
        T.tune(PLANTED, "plain", out=out, resume=True, **(SMALL | {"seed": 6}))
    with pytest.raises(ValueError, match="contradict"):
        T.tune(PLANTED, "plain", out=out, resume=True, overwrite=True, **SMALL)


def test_no_resume_without_a_stopped_search(tmp_path):
    with pytest.raises(ValueError, match="no stopped search"):
        T.tune(PLANTED, "plain", out=tmp_path / "x.toml", resume=True, **SMALL)
    with pytest.raises(ValueError, match="needs --out"):
        T.tune(PLANTED, "plain", resume=True, **SMALL)


def test_a_users_file_is_never_replaced(tmp_path):
    mine = tmp_path / "mine.toml"
    mine.write_text("# my notes\n")
    with pytest.raises(ValueError, match="exists; pass --overwrite"):
        T.tune(PLANTED, "plain", out=mine, **SMALL)
    with pytest.raises(ValueError, match="not a preset file written by simlab tune"):
        T.tune(PLANTED, "plain", out=mine, overwrite=True, **SMALL)
    assert mine.read_text() == "# my notes\n"
    made = tmp_path / "made.toml"
    T.tune(PLANTED, "plain", out=made, **SMALL)
    T.tune(PLANTED, "plain", out=made, overwrite=True, **(SMALL | {"seed": 9}))  # simlab's own: replaced
    assert "seed = 9" in made.read_text()


@pytest.mark.parametrize("kwargs, message", [
    ({"budget": 100}, r"--budget: 100 games do not pay for one generation of 4 candidates x 500 games"),
    ({"budget": 0}, r"--budget: expected a whole number of games, at least 1, got 0"),
    ({"popsize": 1}, r"--popsize: expected at least 2"),
    ({"params": ["aim", "depth"]}, r"--params: 'depth' is not a tunable parameter of toy_planted"),
    ({"against": ["plain", "ghost"]}, r"--against: unknown bot preset 'ghost'"),
    ({"players": 7}, r"--players: toy_planted is played by \[2, 3, 4\] players, got 7"),
    ({"name": "plain"}, r"--name: preset 'plain' already exists"),
    ({"sigma": 0.0}, r"--sigma"),
])
def test_bad_arguments_name_the_argument(kwargs, message):
    with pytest.raises((ValueError, KeyError), match=message):
        T.tune(PLANTED, "plain", **(SMALL | kwargs))


def test_the_written_file_is_a_preset_a_scenario_can_name(tmp_path):
    folder = tmp_path / "presets"
    res = T.tune(PLANTED, "plain", out=folder / "sharp.toml", name="sharp", **SMALL)
    data = tomllib.loads(res.out.read_text())
    assert data["tuning"]["made_by"] == TUNED_MARK and data["based_on"] == "plain"
    assert data["tuning"]["gain_ci"][0] <= data["tuning"]["gain"] <= data["tuning"]["gain_ci"][1]
    spec = with_preset_files(toy_game.PLANTED, folder)
    assert spec.bots["sharp"].params["aim"] == pytest.approx(res.params["aim"], abs=1e-4)
    scn = parse_scenario('name = "s"\nplayers = 2\ngames = 10\n[[seats]]\nbot = "sharp"\n[[seats]]\nbot = "plain"\n',
                         game=spec)
    row = scn.variants()[0].bots[0]
    assert row[0] == pytest.approx(res.params["aim"], abs=1e-4)


def _preset(tmp_path, text: str) -> Path:
    p = tmp_path / "p.toml"
    p.write_text(text)
    return p


GOOD = 'game = "toy_planted"\nname = "sharp"\nbased_on = "plain"\n[params]\naim = 3.5\n'


@pytest.mark.parametrize("text, message", [
    (GOOD + "colour = 1\n", r"params.colour: unknown bot parameter 'colour'"),
    (GOOD.replace("aim = 3.5", "aim = nan"), r"params.aim: expected a finite number, got nan"),
    (GOOD.replace("aim = 3.5", "aim = inf"), r"params.aim: expected a finite number, got inf"),
    (GOOD.replace("aim = 3.5", 'aim = "high"'), r"params.aim: expected a finite number, got 'high'"),
    (GOOD.replace("aim = 3.5", "aim = 11.0"), r"params.aim: 11.0 is out of range; expected 0.0 to 10.0"),
    (GOOD.replace("toy_planted", "quarriors"), r"game: this file is for 'quarriors', not 'toy_planted'"),
    (GOOD.replace('"sharp"', '"Sharp Bot"'), r"name: 'Sharp Bot' is not a preset name"),
    (GOOD.replace('"plain"', '"ghost"'), r"based_on: unknown bot preset 'ghost'"),
    ("speed = 3\n" + GOOD, r"unknown key 'speed'"),
    (GOOD + "[tuning\n", r"invalid TOML"),
])
def test_bad_preset_files_name_file_key_and_value(tmp_path, text, message):
    path = _preset(tmp_path, text)
    with pytest.raises(PresetFileError, match=message) as info:
        read_preset_file(path, toy_game.PLANTED)
    assert str(path) in str(info.value)


def test_a_preset_file_may_not_take_an_existing_name(tmp_path):
    (tmp_path / "a.toml").write_text(GOOD.replace('"sharp"', '"plain"'))
    with pytest.raises(PresetFileError, match="preset 'plain' already exists"):
        with_preset_files(toy_game.PLANTED, tmp_path)


def test_a_preset_file_keeps_its_base_presets_values():
    spec = dataclasses.replace(toy_game.PLANTED, bots=toy_game.PLANTED.bots | {
        "far": toy_game.BotPreset("far", "", {"aim": 9.0, "lean": 1.0})})
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "x.toml"
        p.write_text('game = "toy_planted"\nname = "near"\nbased_on = "far"\n[params]\naim = 4.0\n')
        preset, _ = read_preset_file(p, spec)
    assert preset.params == {"aim": 4.0, "lean": 1.0}


def test_cli_tune_prints_the_fresh_comparison_and_writes_the_file(tmp_path, capsys):
    out = tmp_path / "t.toml"
    code = main(["tune", PLANTED, "--preset", "plain", "--budget", "6000", "--games-per-candidate", "500",
                 "--popsize", "4", "--fresh-games", "500", "--jobs", "1", "--out", str(out), "--quiet"])
    text = capsys.readouterr().out
    assert code == 0 and out.exists()
    assert "fresh games" in text and "gain (paired, tuned - hand-set)" in text and "95% interval" in text
    assert main(["tune", PLANTED, "--preset", "plain", "--out", str(out), "--quiet"]) == 2
    assert "exists; pass --overwrite" in capsys.readouterr().err


def test_cli_tune_refuses_an_unknown_preset(capsys):
    assert main(["tune", PLANTED, "--preset", "sharpest", "--quiet"]) == 2
    assert "unknown bot preset 'sharpest'" in capsys.readouterr().err


@pytest.mark.parametrize("game", ["quarriors", "seasons", "ashes", "wizwar"])
def test_every_game_has_tunable_parameters_within_their_ranges(game):
    spec = get_game(game)
    assert spec.tunable, game
    for key, (lo, hi) in spec.tunable.items():
        assert key in spec.bot_params and lo < hi
        for name, preset in spec.bots.items():
            val = preset.params.get(key, spec.bot_params[key])
            assert lo <= val <= hi and math.isfinite(val), (name, key, val)


@pytest.mark.parametrize("game, preset, players", [
    ("quarriors", "greedy_tuned_2p", 2), ("quarriors", "greedy_tuned_3p", 3), ("quarriors", "greedy_tuned_4p", 4),
    ("seasons", "balanced_tuned_2p", 2), ("seasons", "balanced_tuned_3p", 3), ("seasons", "balanced_tuned_4p", 4),
    ("ashes", "balanced_tuned_2p", 2), ("wizwar", "balanced_tuned_2p", 2),
])
def test_committed_tuned_presets_beat_their_hand_set_preset_on_fresh_seeds(game, preset, players):
    # what each file records of its own re-evaluation (docs/tuning.md): the gain's interval excludes 0
    spec = get_game(game)
    assert preset in spec.bots
    path = Path(__file__).parents[1] / "simlab" / "games" / game / "presets" / f"{preset}.toml"
    preset_obj, tuning = read_preset_file(path, spec)
    assert tuning["made_by"] == TUNED_MARK and tuning["players"] == players
    assert tuning["simlab_game_version"] == spec.version, "re-tune after an engine change"
    assert tuning["fresh_games"] >= 20_000 and tuning["gain_ci"][0] > 0
    assert f"--out simlab/games/{game}/presets/{preset}.toml" in tuning["command"]
    for key, value in preset_obj.params.items():
        assert spec.bots[preset].params[key] == value
