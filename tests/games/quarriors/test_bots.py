"""Bot parameters that studies rely on: avoid_card, cull_delta, cull policies, presets."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from simlab.games import get_game
from simlab.games.base import root_seed_words
from simlab.games.quarriors import rules as R
from tests.games.quarriors.kit import Position

GAME = get_game("quarriors")


def _play(bots, n=400, setup=None, players=2, seed=1):
    ct = GAME.load_cards(setup=setup)
    res = GAME.play(np.arange(n), root_seed_words(seed), players, GAME.bot_matrix(bots), ct, check=True)
    assert res["games"]["violations"].sum() == 0
    return ct, res


def test_avoid_card_is_never_acquired():
    """A seat with avoid_card never captures that card's dice; the other seat does."""
    ct, res = _play([("greedy", None), ("greedy", {"avoid_card": "Quake Dragon"})],
                    setup={"include": ["Quake Dragon"]})
    cards = pl.DataFrame(res["cards"]).filter(pl.col("card") == ct.names.index("Quake Dragon"))
    by_seat = dict(cards.group_by("seat").agg(pl.col("acquired").sum()).iter_rows())
    assert by_seat[1] == 0 and by_seat[0] > 0


def test_avoid_card_name_is_checked():
    with pytest.raises(KeyError, match="Quake Dragonn"):
        GAME.bot_vector("greedy", {"avoid_card": "Quake Dragonn"})
    with pytest.raises(ValueError, match="cull_delta"):
        GAME.bot_vector("greedy", {"cull_delta": "one"})


@pytest.mark.parametrize("delta,expected", [(-1, 1), (0, 2), (1, 3)])
def test_cull_delta_changes_the_first_scoring_only(delta, expected):
    """cull_delta = -1/0/+1: one fewer / the usual / one more cull at the first scoring (R: Fáze 1
    allows one cull per scored creature); later scorings are untouched."""
    pos = Position(players=2, params={"cull_delta": delta, "cull_policy": 1, "cull_keep_quiddity": 0})
    pos.give(0, "Scavenging Goblin", "ready", face=("creature", 1), n=2)
    pos.give(0, "Basic Quiddity", "used", n=6)
    pos.begin_turn(0)
    R.score_phase(pos.st, pos.t, 0, 0, pos.prm)
    assert 6 - pos.names(0, "used").count("Basic Quiddity") == expected
    # second scoring: back to one cull per creature
    pos.give(0, "Scavenging Goblin", "ready", face=("creature", 1), n=2)
    before = pos.names(0, "used").count("Basic Quiddity")
    pos.begin_turn(0)
    R.score_phase(pos.st, pos.t, 0, 0, pos.prm)
    assert before - pos.names(0, "used").count("Basic Quiddity") == 2


@pytest.mark.parametrize("preset,slot_name", [("cull_quiddity_first", "Basic Quiddity"),
                                              ("cull_assistant_first", "Assistant")])
def test_cull_policies_pick_their_die(preset, slot_name):
    pos = Position(players=2, bots=[preset, "greedy"], params={"cull_keep_quiddity": 0})
    pos.give(0, "Scavenging Goblin", "ready", face=("creature", 1))
    pos.give(0, "Basic Quiddity", "used", n=2)
    pos.give(0, "Assistant", "used", n=2)
    pos.begin_turn(0)
    R.score_phase(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.names(0, "used").count(slot_name) == 1


def test_cull_none_never_culls_and_weakest_takes_the_cheapest():
    """cull_none never culls in phase 1 (cards whose abilities cull are left out of the Wilds)."""
    _, res = _play([("cull_none", None), ("cull_weakest", None)],
                   setup={"exclude": ["Ghostly Spirit", "Strong Questing Wizard", "Shaping Incantation"]})
    seats = pl.DataFrame(res["seats"])
    none = seats.filter(pl.col("bot_row") == 0)
    culled = pl.col("culled_quiddity") + pl.col("culled_assistant") + pl.col("culled_other")
    assert none.select(culled).sum().item() == 0
    weakest = seats.filter(pl.col("bot_row") == 1)
    assert weakest["culled_quiddity"].sum() > 0


def test_collection_snapshots_and_level3_counter():
    """dice/quiddity owned at the start of own turns 3, 6, 9 (-1 when the game ended before)."""
    _, res = _play([("greedy", None), ("greedy", None)])
    seats = pl.DataFrame(res["seats"])
    reached = seats.filter(pl.col("turns_taken") >= 9)
    assert (reached["dice_owned_t9"] >= reached["quiddity_owned_t9"]).all()
    assert (reached["dice_owned_t9"] > 0).all()
    short = seats.filter(pl.col("turns_taken") < 9)
    assert (short["dice_owned_t9"] == -1).all()
    assert (seats["quiddity_owned_t3"] <= 8).all() and seats["summoned_l3"].sum() > 0


def test_every_preset_plays_every_player_count():
    for players in (2, 3, 4):
        for preset in GAME.bots:
            _play([(preset, None)] * players, n=30, players=players)
