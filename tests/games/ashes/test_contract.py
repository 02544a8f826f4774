"""Ashes against the game contract: check_game, golden replays, compiled == interpreted, the
result tables, deck selection from a scenario and the bot presets."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from simlab.games import get_game
from simlab.games.ashes import bots as B
from simlab.games.ashes import data
from simlab.games.base import root_seed_words
from simlab.scenario import ScenarioError, parse_scenario
from simlab.testing import check_game, check_golden_replay, check_interpreted_matches

GOLDEN = Path(__file__).parents[2] / "golden"
GAME = get_game("ashes")


def test_check_game_ashes():
    """Random and balanced bots: invariants hold after every phase (30 deck cards and 10 dice per
    seat each in one place, conjurations within their limits, wounds below life, battlefield and
    spellboard limits: state.count_violations), games end, winners have the best score (life
    left), n_jobs and chunking agree."""
    check_game(GAME, n_games=30)


def _play(n=12, bots=("balanced", "aggro"), setup=None, seed=8):
    return GAME.play(np.arange(n), root_seed_words(seed), 2, GAME.bot_matrix([(b, None) for b in bots]),
                     GAME.load_cards(setup=setup), rotate=True, check=True)


def test_seat_card_and_game_tables():
    """Seats carry the Phoenixborn, the precon, damage, units and actions; units_destroyed is the
    opponent's units_lost; exactly one seat went first (games.first_player); the cards table has
    the Phoenixborn, every deck card (acquired copies sum to 30) and First Five counts summing to 5."""
    raw = _play(setup={"decks": ["The Iron Men", "The Shadows of Viros"]})
    g, s, c = raw["games"], raw["seats"], raw["cards"]
    assert (g["violations"] == 0).all() and (g["rounds"] >= 1).all()
    names = GAME.load_cards().names
    titles = data.deck_titles()
    assert [names[k] for k in s["phoenixborn"][:2]] == ["Coal Roarkwin", "Noah Redmoon"]
    assert [titles[k] for k in s["deck"][:2]] == ["The Iron Men", "The Shadows of Viros"]
    assert np.array_equal(s["units_destroyed"].reshape(-1, 2), s["units_lost"].reshape(-1, 2)[:, ::-1])
    assert (s["went_first"].reshape(-1, 2).sum(axis=1) == 1).all()
    assert np.array_equal(s["went_first"].reshape(-1, 2).argmax(axis=1), g["first_player"])
    assert (s["damage_taken"] >= s["fatigue_damage"]).all() and s["damage_dealt"].sum() > 0
    for gid in range(3):
        for seat in (0, 1):
            rows = (c["game_id"] == gid) & (c["seat"] == seat)
            assert c["acquired"][rows].sum() == 30 and c["first_five"][rows].sum() == 5
            assert s["phoenixborn"][2 * gid + seat] in c["card"][rows]
    assert c["dealt_damage"].sum() > 0


def test_score_is_life_left_and_the_winner_has_the_best():
    """score = the Phoenixborn's life left, 0 once destroyed."""
    raw = _play(n=10)
    s, g = raw["seats"], raw["games"]
    life = GAME.load_cards().arrays["card_life"][s["phoenixborn"]]
    assert (s["score"] <= life).all() and (s["score"] >= 0).all()
    win = g["winner"] >= 0
    loser_score = s["score"].reshape(-1, 2)[np.arange(len(win)), 1 - np.clip(g["winner"], 0, 1)]
    assert (loser_score[win] == 0).all()


def test_presets_are_vectors_over_the_decision_points():
    """balanced, aggro, control and random differ only in parameters of bots.PARAMS; balanced is
    the neutral tilt (aggression 0.5, w_summon 1), aggro attacks the Phoenixborn more than
    control, and every preset plays legal games."""
    # the hand-set presets; the rest come from the tuned preset files (simlab tune, docs/tuning.md)
    assert set(B.PRESETS) == {"balanced", "random", "aggro", "control", "builder"}
    # (and the lookahead bot's, lookahead_2p: the tuned preset looking ahead, test_lookahead.py)
    assert set(GAME.bots) - set(B.PRESETS) == {"balanced_tuned_2p", "lookahead_2p"}
    for name in B.PRESETS:
        assert set(B.PRESETS[name]) == set(B.PARAMS)
    assert B.PRESETS["balanced"]["aggression"] == 0.5 and B.PRESETS["balanced"]["w_summon"] == 1.0
    assert B.PRESETS["aggro"]["aggression"] > B.PRESETS["balanced"]["aggression"] > B.PRESETS["control"]["aggression"]
    raw = _play(n=16, bots=("aggro", "control"), setup={"decks": ["The Iron Men"]})
    s = raw["seats"]
    aggro = s["bot_row"] == 0
    assert s["attacks"][aggro].sum() > 0 and s["attacks"][~aggro].sum() > 0


def test_avoid_card_is_never_played():
    """avoid_card (a card name in a scenario, its id in the vector): that card's played count is 0
    for the seat that avoids it, while the same seeds without it play it."""
    names = GAME.load_cards().names
    setup = {"decks": ["The Iron Men"]}
    avoid = GAME.bot_vector("balanced", {"avoid_card": "Anchornaut"})
    assert avoid[B.PARAMS.index("avoid_card")] == names.index("Anchornaut")
    base = GAME.bot_vector("balanced")
    ct = GAME.load_cards(setup=setup)
    ids = np.arange(12)
    with_card = GAME.play(ids, root_seed_words(3), 2, np.stack([base, base]), ct)["cards"]
    without = GAME.play(ids, root_seed_words(3), 2, np.stack([avoid, base]), ct)["cards"]
    k = names.index("Anchornaut")
    assert with_card["played"][(with_card["card"] == k) & (with_card["seat"] == 0)].sum() > 0
    assert without["played"][(without["card"] == k) & (without["seat"] == 0)].sum() == 0


def test_the_avoided_card_is_discarded_in_prepare():
    """The balanced bot discards the card it never plays in the prepare phase, like a dead card
    (DP2), so that it does not take the place of a new card in hand."""
    from tests.games.ashes.kit import Position

    pos = Position()
    i = pos.take(0, "Anchornaut", "hand")
    pos.prm[0, B.PARAMS.index("avoid_card")] = pos.card_id("Anchornaut")
    assert B.discard_in_prepare(pos.st, pos.t, 0, pos.prm, 0, i)
    pos.prm[0, B.PARAMS.index("avoid_card")] = -1
    assert not B.discard_in_prepare(pos.st, pos.t, 0, pos.prm, 0, i)


def test_scenario_selects_decks_by_seat():
    """A scenario pairs decks per seat (setup.deck_0 / deck_1, swept: one arm per pairing); the
    seats table names each seat's precon."""
    scn = parse_scenario('game = "ashes"\ngames = 2\n[sweep]\n"setup.deck_0" = ["The Iron Men", '
                         '"The Cloudsea Siren"]\n"setup.deck_1" = ["The Mist Guardian"]\n')
    assert [v.cards.arrays["seat_deck_id"][:2].tolist() for v in scn.variants()] == [[1, 0], [5, 0]]


@pytest.mark.parametrize("setup,expect", [
    ('decks = ["The Iron Men", {phoenixborn = "Coal Roarkwin", cards = {"Anchornaut" = 4}, dice = {natural = 10}, '
     'first_five = []}]', r"setup\.decks: deck 'cards': 'Anchornaut' x 4; expected 1 to 3 copies"),
    ('deck_1 = "The Irn Men"', r"setup\.deck_1: unknown deck 'The Irn Men'; expected one of"),
    ('decks = [{phoenixborn = "Coal Roarkwin", cards = {"Anchornaut" = 3}, dice = {natural = 10}}]',
     r"deck 'cards': 3 cards; a deck holds exactly 30"),
    ('decks = [{phoenixborn = "Noah Redmoon", cards = {"Anchornaut" = 3}, dice = {fire = 10}}]',
     r"deck 'cards': 3 cards"),
])
def test_a_bad_deck_in_a_scenario_is_a_one_line_error(setup, expect):
    """A bad deck stops the scenario before anything runs, with one line naming the card, count or
    die and what the rules allow."""
    with pytest.raises(ScenarioError, match=expect) as exc:
        parse_scenario(f'game = "ashes"\ngames = 2\n[setup]\n{setup}\n')
    assert "\n" not in str(exc.value)


def test_a_bad_die_names_the_die():
    """The dice check names the die type."""
    deck = data._precon("The Iron Men") | {"dice": {"fire": 10}}
    with pytest.raises(ValueError, match=r"unknown dice type 'fire'; expected one of"):
        data.validate_deck(deck)


@pytest.mark.parametrize("seed,bots", [(1, "balanced,balanced"), (2, "aggro,control"), (3, "random,balanced")])
def test_golden_replay(seed, bots):
    """A rules or data change that alters these logs must update tests/golden on purpose
    (SIMLAB_UPDATE_GOLDEN=1 rewrites them)."""
    check_golden_replay(GAME, seed, 2, bots.split(","), GOLDEN / f"ashes_seed{seed}_2p.txt")


def test_interpreted_equals_compiled():
    """The same rule code with NUMBA_DISABLE_JIT=1 gives identical tables (bench's baseline is fair,
    and debugging in plain Python sees the real rules)."""
    check_interpreted_matches("ashes", {2: ["balanced", "random"]}, n_games=3)
