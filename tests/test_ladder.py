"""simlab ladder (simlab.ladder): a round robin with Bradley-Terry ratings, issue 14."""

from __future__ import annotations

import json

import pytest

from simlab.cli import main
from simlab.ladder import ELO_PER_LOGIT, ladder

PLANTED = "toy_game:PLANTED"


def _planted_with_levels():
    import dataclasses

    import toy_game

    from simlab.games.base import BotPreset

    bots = {"plain": toy_game.PLANTED.bots["plain"],
            "close": BotPreset("close", "", {"aim": 3.0, "lean": 7.0}),
            "best": BotPreset("best", "", {"aim": 3.7, "lean": 8.0})}
    return dataclasses.replace(toy_game.PLANTED, bots=bots)


def test_the_ladder_orders_bots_by_their_distance_from_the_planted_optimum():
    lad = ladder(_planted_with_levels(), games=3_000, seed=2)
    assert lad.ratings["bot"].to_list() == ["best", "close", "plain"]
    # the reference (first alphabetically) is fixed at 0 and its interval is a point
    best = lad.ratings.row(0, named=True)
    assert best["elo"] == 0 and best["elo_low"] == best["elo_high"] == 0
    assert [r["upper"] for r in lad.rungs.iter_rows(named=True)] == ["best", "close"]
    # close is 1.7 points of total from best, plain 7.0 more from close: the lower rung is much wider
    gaps = lad.rungs["elo_gap"].to_list()
    assert 0 < gaps[0] < gaps[1]
    for r in lad.rungs.iter_rows(named=True):
        assert r["n"] == 3_000 and r["ci_low"] < r["win_rate"] < r["ci_high"] and r["win_rate"] > 0.5


def test_head_to_head_rates_of_a_pair_add_up_to_one_without_draws():
    lad = ladder(_planted_with_levels(), games=500, seed=1)
    h = {(r["bot"], r["opponent"]): r["win_rate"] for r in lad.head_to_head.iter_rows(named=True)}
    assert h[("best", "plain")] + h[("plain", "best")] == pytest.approx(1.0)


def test_elo_scale():
    import math

    assert ELO_PER_LOGIT * math.log(10.0) == pytest.approx(400.0)


@pytest.mark.parametrize("argv, message", [
    (["--bots", "greedy"], "at least two different presets"),
    (["--bots", "greedy,ghost"], "unknown bot preset 'ghost'"),
    (["--games", "3"], "at least 10 games per pair"),
    (["--players", "9"], "played by [2, 3, 4] players, got 9"),
])
def test_cli_ladder_bad_input(capsys, argv, message):
    assert main(["ladder", "toy_game:GAME", "--quiet", "--jobs", "1", *argv]) == 2
    assert message in capsys.readouterr().err


def test_cli_ladder_prints_ratings_and_rungs(capsys):
    assert main(["ladder", "toy_game:GAME", "--games", "200", "--jobs", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "Bradley-Terry ratings" in out and "how much skill matters" in out
    assert main(["ladder", "toy_game:GAME", "--games", "200", "--jobs", "1", "--quiet", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {r["bot"] for r in data["ratings"]} == {"greedy", "random"} and len(data["rungs"]) == 1
