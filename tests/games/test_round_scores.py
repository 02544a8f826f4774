"""Per-round scores of Seasons, Ashes and Wiz-War, and when each card is first used in every game
(issue 11): every engine keeps each seat's score at the end of every round, the results carry the
score curves and game-quality columns, and the cards table the round a seat first bought,
summoned, played or cast each card (Seasons: its place in the prelude draft too).

Quarriors tracks its quality figures in the engine and has its own tests
(quarriors/test_compensation.py); these three hand their history to
simlab.games.rounds.round_columns."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from simlab import get_game
from simlab.games.base import play_traced, root_seed_words
from simlab.games.rounds import ROUND_GAME_COLUMNS, round_columns

SEEDS = root_seed_words(11)
GAMES = {"seasons": 60, "ashes": 60, "wizwar": 24}


def _play(name, players, n, bots=("random",)):
    spec = get_game(name)
    res = spec.play(np.arange(n), SEEDS, players, spec.bot_matrix([(b, None) for b in bots]),
                    spec.load_cards(), rotate=True)
    return pl.DataFrame(res["games"]), pl.DataFrame(res["seats"])


def _cases():
    for name in GAMES:
        for players in get_game(name).players:
            yield name, players


@pytest.mark.parametrize(("name", "players"), list(_cases()))
def test_every_round_is_kept_and_the_last_holds_the_final_score(name, players):
    spec = get_game(name)
    games, seats = _play(name, players, GAMES[name], bots=(spec.default_bot, "random"))
    assert set(ROUND_GAME_COLUMNS) <= set(games.columns) and "round_scores" in seats.columns
    rounds = np.minimum(games["rounds"].to_numpy(), 60)  # Ashes and Wiz-War stop at 60 rounds
    assert (rounds >= 1).all()
    lengths = seats["round_scores"].list.len().to_numpy()
    assert np.array_equal(lengths, np.repeat(np.minimum(rounds, 64), players))
    # the round the game ends in holds the final score (the results' score column)
    assert (seats["round_scores"].list.last() == seats["score"].cast(pl.Int64)).all()
    # the games table's quality columns are the reference computed from the kept history
    hist = np.zeros((games.height, 64, players), np.int16)
    for row in seats.iter_rows(named=True):
        hist[row["game_id"], : len(row["round_scores"]), row["seat"]] = row["round_scores"]
    final = seats["score"].to_numpy().reshape(games.height, players)
    ref, _ = round_columns(hist, rounds, final, games["winner"].to_numpy())
    for col in ("margin", "lead_changes", "lead_round", "winner_deficit"):
        assert np.array_equal(games[col].to_numpy(), ref[col]), col


def test_seasons_standing_is_the_prestige_a_game_would_score_now():
    """rules.standing (the curve's value at a round's end) is final_scoring's formula without
    the end-of-game card effects: after the game it equals every player's final prestige."""
    from simlab.games.seasons import data, rules, state

    spec = get_game("seasons")
    cards = spec.load_cards()
    tables = data.tables(cards)
    for game_id, players in ((0, 2), (1, 3), (2, 4), (3, 4)):
        st, _ = play_traced(state.new_state, tables, game_id, SEEDS, players, spec.bot_matrix([("balanced", None)]))
        for p in range(players):
            assert rules.standing(st, tables, 0, p) == st.seat[0, p, state.S_PRESTIGE]


def test_seasons_curve_follows_the_crystals_round_by_round():
    """A round's value moves with the crystals and cards in play: the curves are not flat and
    the standings of the rounds before the last differ from the final prestige in some games."""
    games, seats = _play("seasons", 3, 40, bots=("balanced",))
    firsts = seats["round_scores"].list.first()
    assert firsts.min() < 0  # round 1: the prelude's cards still in hand cost 5 prestige each
    later = seats["round_scores"].list.get(-2) != seats["score"].cast(pl.Int64)
    assert later.any()


def test_ashes_curve_is_the_life_left_on_each_phoenixborn():
    games, seats = _play("ashes", 2, 60, bots=("balanced",))
    values = seats["round_scores"].explode()
    assert values.min() >= 0 and values.max() <= 25
    decided = games.filter(pl.col("winner") >= 0)["game_id"]
    loser = seats.filter(pl.col("game_id").is_in(decided.implode()) & (pl.col("won") == 0))
    assert (loser["round_scores"].list.last() == 0).all()  # a destroyed Phoenixborn has no life left


def test_wizwar_curve_counts_points_and_dead_wizards_as_minus_one():
    games, seats = _play("wizwar", 3, 30, bots=("balanced",))
    values = seats["round_scores"].explode()
    assert values.min() >= -1 and values.max() <= 4
    won = seats.filter(pl.col("won") == 1)
    assert (won["round_scores"].list.last() >= 2).all() or games["end_reason"].max() > 0


def test_lead_for_good_and_kingmaker_reach_the_report(tmp_path):
    """A small Seasons study's report has the game-quality part with its own unit."""
    from simlab import simulate
    from simlab.analysis import game_quality

    res = simulate("seasons", 150, players=3, bots=["balanced"], seed=5)
    q = game_quality(res.games.with_columns(variant=pl.lit("a")), res.seats.with_columns(variant=pl.lit("a")))
    row = q.row(0, named=True)
    assert row["n"] == 150 and row["kingmaker_n"] > 0 and 0 <= row["kingmaker"] <= 1
    assert row["margin"] > 0 and row["lead_changes"] >= 0


# what first_round times in each game: the counter whose first rise it notes
_FIRST_OF = {"quarriors": "acquired", "seasons": "played", "ashes": "played", "wizwar": "played"}


@pytest.mark.parametrize("name", list(_FIRST_OF))
def test_first_round_is_the_round_a_card_was_first_bought_or_played(name):
    spec = get_game(name)
    players = max(spec.players)
    res = spec.play(np.arange(30), SEEDS, players, spec.bot_matrix([(spec.default_bot, None)]),
                    spec.load_cards(), rotate=True)
    games = pl.DataFrame(res["games"]).select("game_id", "rounds")
    cards = pl.DataFrame(res["cards"]).join(games, on="game_id")
    used = pl.col(_FIRST_OF[name]) > 0
    assert "first_round" in spec.card_columns
    assert (cards.filter(~used)["first_round"] == 0).all()           # never used: 0
    hit = cards.filter(used)
    assert hit.height > 0
    assert ((hit["first_round"] >= 1) & (hit["first_round"] <= hit["rounds"])).all()
    assert hit["first_round"].n_unique() > 1                          # not one round for every card


def test_seasons_pick_is_the_place_in_the_prelude_draft():
    spec = get_game("seasons")
    res = spec.play(np.arange(40), SEEDS, 3, spec.bot_matrix([("balanced", None)]), spec.load_cards(), rotate=True)
    cards = pl.DataFrame(res["cards"])
    assert (cards.filter(pl.col("drafted") == 0)["pick"] == 0).all()
    drafted = cards.filter(pl.col("drafted") > 0)
    assert drafted["pick"].min() >= 1
    # each seat's picks are distinct places 1, 2, ... (a card drafted twice keeps its first place)
    per_seat = drafted.group_by("game_id", "seat").agg(n=pl.len(), u=pl.col("pick").n_unique(),
                                                       top=pl.col("pick").max(), picks=pl.col("drafted").sum())
    assert (per_seat["n"] == per_seat["u"]).all() and (per_seat["top"] >= per_seat["n"]).all()
    # 9 cards a seat (12 under Extended Experience); the deck holds copies, so a seat may draft
    # a card more than once: its rows are fewer than its picks, and the last place is at most 12
    assert per_seat["picks"].is_in([9, 12]).all() and (per_seat["top"] <= 12).all()


def test_card_metrics_average_the_timing_over_the_seats_that_used_the_card():
    from simlab.analysis import card_metrics

    seats = pl.DataFrame({"variant": "a", "game_id": [0, 0, 1, 1], "seat": [0, 1, 0, 1],
                          "won": [True, False, False, True], "score": [1, 0, 0, 1]})
    cards = pl.DataFrame({"variant": "a", "game_id": [0, 0, 1, 1], "seat": [0, 1, 0, 1], "card": "X",
                          "acquired": [1, 1, 0, 1], "played": [1, 0, 0, 2],
                          "first_round": [3, 0, 0, 5], "pick": [2, 7, 0, 4]})
    m = card_metrics(seats, cards).row(0, named=True)
    assert m["first_round_mean"] == pytest.approx(4.0) and m["first_round_n"] == 2
    assert m["pick_mean"] == pytest.approx(13 / 3) and m["pick_n"] == 3
    # used: the acquiring seats that also played it (game 0 seat 0, game 1 seat 1) over the 3 acquirers
    assert m["used_n"] == 2 and m["used_rate"] == pytest.approx(2 / 3)
    extra = cards.with_columns(acquired=pl.Series([1, 1, 0, 0]))  # game 1 seat 1 played it unacquired
    m = card_metrics(seats, extra).row(0, named=True)
    assert m["first_round_n"] == 2 and m["used_n"] == 1 and m["used_rate"] == pytest.approx(1 / 2)
    plain = card_metrics(seats, cards.drop("first_round", "pick"))
    assert "first_round_mean" not in plain.columns
