"""Seat advantage, game length, end reasons, matchups and Bradley-Terry on synthetic tables."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from analysis.synth import seats_frame, two_player_seats
from simlab.analysis import bradley_terry, end_reasons, game_lengths, matchup_matrix, seat_advantage


def test_seat_advantage_recovers_first_player_edge():
    rng = np.random.default_rng(10)
    seats = pl.concat([
        two_player_seats(rng.random(8000) < 0.55, variant="edge"),
        two_player_seats(rng.random(8000) < 0.50, variant="fair"),
    ])
    out = seat_advantage(seats.lazy())
    assert out.columns[:6] == ["variant", "seat", "n", "win_rate", "ci_low", "ci_high"]
    edge = out.filter(pl.col("variant") == "edge").sort("seat")
    assert edge["n"].to_list() == [8000, 8000]
    assert edge["ci_low"][0] <= 0.55 <= edge["ci_high"][0]
    assert edge["ci_low"][0] > 0.5
    assert edge["win_rate"].sum() == pytest.approx(1.0)
    fair = out.filter(pl.col("variant") == "fair")
    assert (fair["ci_low"] <= 0.5).all() and (fair["ci_high"] >= 0.5).all()


def test_seat_advantage_counts_shared_wins_one_over_k():
    # game 0: seats 0 and 1 share the win of a 3-player game; game 1: seat 2 wins
    seats = seats_frame(
        [0, 0, 0, 1, 1, 1], [0, 1, 2, 0, 1, 2], [0, 1, 2, 0, 1, 2], ["a", "b", "c"] * 2,
        [False, False, False, False, False, True], shared_win=[1, 1, 0, 0, 0, 0], players=3,
    )
    out = seat_advantage(seats).sort("seat")
    assert out["win_rate"].to_list() == pytest.approx([0.25, 0.25, 0.5])


def test_game_lengths_percentiles():
    turns = np.arange(1, 101)
    games = pl.DataFrame({"game_id": np.arange(100), "variant": ["v"] * 100, "turns": turns.astype(np.int32)})
    out = game_lengths(games.lazy())
    row = out.row(0, named=True)
    assert row["n"] == 100
    assert row["mean_turns"] == pytest.approx(50.5)
    assert row["sd_turns"] == pytest.approx(turns.std(ddof=1))
    assert row["p10"] == pytest.approx(np.percentile(turns, 10))
    assert row["p50"] == pytest.approx(50.5)
    assert row["p90"] == pytest.approx(np.percentile(turns, 90))


def test_end_reasons_shares_and_labels():
    codes = [0] * 70 + [1] * 30 + [0] * 10
    variant = ["x"] * 100 + ["y"] * 10
    games = pl.DataFrame({"game_id": np.arange(110), "variant": variant, "end_reason": np.array(codes, np.int16)})
    labels = ("glory", "empty_cards", "turn_limit")
    out = end_reasons(games, labels)
    assert out.columns[:6] == ["variant", "end_reason", "n", "share", "ci_low", "ci_high"]
    x = out.filter(pl.col("variant") == "x")
    assert x["end_reason"].to_list() == list(labels)
    assert x["n"].to_list() == [70, 30, 0]
    assert x["share"].to_list() == pytest.approx([0.7, 0.3, 0.0])
    assert (x["ci_low"] <= x["share"]).all() and (x["share"] <= x["ci_high"]).all()
    y = out.filter(pl.col("variant") == "y")
    assert y["n"].to_list() == [10, 0, 0]
    # a results manifest works as labels too
    same = end_reasons(games, {"game": {"end_reasons": list(labels)}})
    assert same.equals(out)


def _random_pair_games(rng, strengths, n_games):
    """Two-player games between random distinct bots; P(i beats j) = logistic(s_i - s_j)."""
    names = sorted(strengths)
    s = np.array([strengths[b] for b in names])
    a = rng.integers(0, len(names), n_games)
    b = (a + rng.integers(1, len(names), n_games)) % len(names)
    win_a = rng.random(n_games) < 1 / (1 + np.exp(-(s[a] - s[b])))
    g = np.repeat(np.arange(n_games), 2)
    bot_idx = np.column_stack([a, b]).ravel()
    won = np.column_stack([win_a, ~win_a]).ravel()
    return seats_frame(g, np.tile([0, 1], n_games), np.tile([0, 1], n_games),
                       np.asarray(names, dtype=object)[bot_idx], won)


def test_matchup_matrix_two_player():
    rng = np.random.default_rng(11)
    truth = {"a": 0.0, "b": 0.8, "c": -0.4}
    seats = _random_pair_games(rng, truth, 15000)
    out = matchup_matrix(seats)
    assert out.columns[:7] == ["variant", "bot", "opponent", "n", "win_rate", "ci_low", "ci_high"]
    assert out.height == 6
    for row in out.iter_rows(named=True):
        p = 1 / (1 + np.exp(-(truth[row["bot"]] - truth[row["opponent"]])))
        assert row["ci_low"] <= p <= row["ci_high"]
        back = out.filter((pl.col("bot") == row["opponent"]) & (pl.col("opponent") == row["bot"])).row(0, named=True)
        assert row["win_rate"] + back["win_rate"] == pytest.approx(1.0)
        assert row["n"] == back["n"]


def test_matchup_matrix_multiplayer_by_hand():
    # game 0: a, b, c; a wins. game 1: a, a, b; b wins. game 2: b, c; c and b share.
    seats = seats_frame(
        [0, 0, 0, 1, 1, 1, 2, 2], [0, 1, 2, 0, 1, 2, 0, 1], [0, 1, 2, 0, 0, 1, 0, 1],
        ["a", "b", "c", "a", "a", "b", "b", "c"],
        [True, False, False, False, False, True, False, False], shared_win=[0, 0, 0, 0, 0, 0, 1, 1],
    )
    out = {(r["bot"], r["opponent"]): r for r in matchup_matrix(seats).iter_rows(named=True)}
    assert set(out) == {("a", "b"), ("b", "a"), ("a", "c"), ("c", "a"), ("b", "c"), ("c", "b")}
    assert out[("a", "b")]["n"] == 2 and out[("a", "b")]["win_rate"] == pytest.approx(0.5)
    assert out[("b", "a")]["win_rate"] == pytest.approx(0.5)
    assert out[("b", "c")]["n"] == 2 and out[("b", "c")]["win_rate"] == pytest.approx(0.25)
    assert out[("c", "a")]["n"] == 1 and out[("c", "a")]["win_rate"] == 0.0


def test_bradley_terry_recovers_known_strengths():
    rng = np.random.default_rng(12)
    truth = {"alpha": 0.0, "beta": 0.5, "gamma": -0.3, "delta": 1.0}
    seats = _random_pair_games(rng, truth, 20000)
    out = bradley_terry(seats.lazy())
    assert out.columns[:5] == ["bot", "rating", "ci_low", "ci_high", "games"]
    assert out["bot"].to_list() == ["delta", "beta", "alpha", "gamma"]  # sorted by rating
    ref = out.filter(pl.col("bot") == "alpha").row(0, named=True)
    assert ref["rating"] == 0.0 and ref["ci_low"] == ref["ci_high"] == 0.0
    for row in out.iter_rows(named=True):
        assert row["ci_low"] <= truth[row["bot"]] <= row["ci_high"]
        if row["bot"] != "alpha":
            assert 0.02 < row["se"] < 0.06
    assert out["games"].sum() == 40000


def test_bradley_terry_multiplayer_luce_winners():
    # 3-player games, winner drawn with probability proportional to exp(strength) (Luce):
    # winner-versus-loser comparisons then estimate the same strengths.
    rng = np.random.default_rng(13)
    names = np.array(["a", "b", "c", "d"], dtype=object)
    s = np.array([0.0, 0.6, -0.5, 0.3])
    n = 8000
    who = np.argsort(rng.random((n, 4)), axis=1)[:, :3]
    w = np.exp(s[who])
    cum = np.cumsum(w / w.sum(axis=1, keepdims=True), axis=1)
    winner = (rng.random((n, 1)) > cum).sum(axis=1)
    won = np.arange(3)[None, :] == winner[:, None]
    seats = seats_frame(np.repeat(np.arange(n), 3), np.tile([0, 1, 2], n), np.tile([0, 1, 2], n),
                        names[who].ravel(), won.ravel(), players=3)
    out = {r["bot"]: r["rating"] for r in bradley_terry(seats).iter_rows(named=True)}
    for i, b in enumerate(names):
        assert out[b] == pytest.approx(s[i], abs=0.1)


def test_bradley_terry_unbeaten_bot_has_no_finite_rating():
    seats = two_player_seats(np.ones(50, bool), bots=("a", "b"))  # a always wins
    out = bradley_terry(seats)
    row = out.filter(pl.col("bot") == "b").row(0, named=True)
    assert np.isnan(row["rating"])


def test_seat_game_win_rates_are_game_clustered():
    """issue 11, "Errors to fix" 2: a bot in both seats of a 2-player game wins exactly one of its
    two seat-games every game, so its win rate is 50% with no uncertainty at all; treating the
    seat-games as independent gave a +-0.7-point interval. A bot in one seat keeps Wilson's."""
    from analysis.synth import two_player_seats
    from simlab.analysis import win_rates

    rng = np.random.default_rng(14)
    mirror = two_player_seats(rng.random(10_000) < 0.55, bots=("a", "a"))
    r = win_rates(mirror, by=("variant", "bot")).row(0, named=True)
    assert r["win_rate"] == 0.5 and r["ci_low"] == pytest.approx(0.5) and r["ci_high"] == pytest.approx(0.5)
    assert r["games"] == 10_000 and r["n"] == 20_000
    one = win_rates(two_player_seats(rng.random(10_000) < 0.55), by=("variant", "bot")).row(0, named=True)
    assert 0.01 < one["ci_high"] - one["ci_low"] < 0.03


def test_win_rates_in_batches_of_games_give_the_same_table(monkeypatch):
    """Issue 12 (a report's memory bounded whatever the study size): a seats table over
    winrates.BATCH_SEATS rows is read a variant and a batch of games at a time; with shared wins
    (1/k each), a bot in two seats of a game (the game-clustered interval) and two variants, the
    table is the one a single pass gives (batches of 333 games against one pass)."""
    from simlab.analysis import win_rates
    from simlab.analysis import winrates as W

    rng = np.random.default_rng(15)
    n = 3_000
    g = np.repeat(np.arange(n), 3)
    seat = np.tile([0, 1, 2], n)
    winner = rng.integers(0, 3, n)
    shared = rng.random(n) < 0.1  # seats 0 and 1 share the win
    won = (seat == np.repeat(winner, 3)) & ~np.repeat(shared, 3)
    share = np.repeat(shared, 3) & (seat < 2)
    bots = np.array(["a", "a", "b"], dtype=object)[seat]
    variant = np.where(g < 1_700, "v1", "v2").astype(object)
    seats = seats_frame(g, seat, seat, bots, won, variant=variant, shared_win=share, players=3)
    whole = {by: win_rates(seats, by=by) for by in (("variant", "bot"), ("variant", "seat"), ("bot",))}
    monkeypatch.setattr(W, "BATCH_SEATS", 100)
    monkeypatch.setattr(W, "GAMES_PER_BATCH", 333)
    for by, a in whole.items():
        b = win_rates(seats, by=by)
        assert a.columns == b.columns and a.height == b.height
        for c in a.columns:
            x, y = a[c].to_numpy(), b[c].to_numpy()
            if x.dtype.kind in "fiu":
                assert np.allclose(x.astype(float), y.astype(float), rtol=1e-9, atol=1e-12), (by, c)
            else:
                assert (x == y).all(), (by, c)
    r = whole[("variant", "bot")].filter((pl.col("variant") == "v1") & (pl.col("bot") == "a")).row(0, named=True)
    assert r["games"] == 1_700 and r["n"] == 3_400


def test_game_lengths_from_counts_equal_the_quantiles_of_every_game():
    # game_lengths works from the count of games of each length (bounded memory, issue 12); its
    # mean, sd and linear-interpolation quantiles must equal polars' on the whole column
    from polars.testing import assert_frame_equal

    from simlab.analysis.matchups import game_lengths

    rng = np.random.default_rng(4)
    for _ in range(50):
        rows = [(f"v{v}", int(t)) for v in range(int(rng.integers(1, 4)))
                for t in rng.integers(1, int(rng.integers(2, 40)), int(rng.integers(1, 60)))]
        g = pl.DataFrame(rows, schema={"variant": pl.String, "turns": pl.Int32}, orient="row")
        t = pl.col("turns").cast(pl.Float64)
        direct = (g.group_by("variant").agg(
            n=pl.len().cast(pl.Int64), mean_turns=t.mean(), sd_turns=t.std(ddof=1),
            p10=t.quantile(0.1, interpolation="linear"), p50=t.quantile(0.5, interpolation="linear"),
            p90=t.quantile(0.9, interpolation="linear"), min_turns=pl.col("turns").min(),
            max_turns=pl.col("turns").max()).sort("variant"))
        assert_frame_equal(game_lengths(g), direct, check_exact=False, rel_tol=1e-9, abs_tol=1e-9)
