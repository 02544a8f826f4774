"""Card metrics, paired card effects and rankings on synthetic tables with known answers."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from analysis.synth import seats_frame, two_player_seats
from simlab.analysis import card_effects, card_metrics, rank_cards


def cards_frame(game_id, seat, card, acquired, played, variant="v") -> pl.DataFrame:
    n = len(game_id)
    return pl.DataFrame({
        "game_id": np.asarray(game_id, np.int64),
        "variant": [variant] * n,
        "seat": np.asarray(seat, np.int8),
        "card_id": np.zeros(n, np.int32),
        "card": [card] * n if isinstance(card, str) else list(card),
        "acquired": np.asarray(acquired, np.int32),
        "played": np.asarray(played, np.int32),
    })


@pytest.fixture(scope="module")
def boost_study():
    """20,000 two-player games. "Boost" is in every game and each seat acquires it with
    probability 1/2; acquiring it adds exactly 5 points to the seat's chance of beating a seat
    without it, so win_rate_acquired - win_rate_not_acquired = 0.525 - 0.475 = 0.05.
    "Null" is in a random half of the games, acquired with probability 0.3, no effect."""
    rng = np.random.default_rng(20)
    n = 20000
    acq = rng.random((n, 2)) < 0.5
    p0 = 0.5 + 0.05 * (acq[:, 0].astype(float) - acq[:, 1])
    seats = two_player_seats(rng.random(n) < p0)
    g = np.repeat(np.arange(n), 2)
    seat = np.tile([0, 1], n)
    a = acq.ravel().astype(int)
    boost = cards_frame(g, seat, "Boost", a, 2 * a)
    present = np.repeat(rng.random(n) < 0.5, 2)
    null_acq = (rng.random(2 * n) < 0.3).astype(int)
    null = cards_frame(g[present], seat[present], "Null", null_acq[present], 0 * null_acq[present])
    return seats, pl.concat([boost, null]), int(present.sum() // 2)


def test_card_metrics_recovers_a_five_point_card(boost_study):
    seats, cards, _ = boost_study
    out = card_metrics(seats.lazy(), cards.lazy())
    b = out.filter(pl.col("card") == "Boost").row(0, named=True)
    assert b["games"] == 20000 and b["games_available"] == 20000 and b["availability"] == 1.0
    assert b["seats_available"] == b["n_available"] == 40000
    assert b["n_acquired"] + b["n_not_acquired"] == 40000
    assert b["n_unavailable"] == 0 and np.isnan(b["win_rate_unavailable"])
    assert b["played_per_game"] == pytest.approx(2 * b["acquired_rate"])
    assert b["acquired_rate"] == pytest.approx(0.5, abs=0.01)
    assert b["win_rate_available"] == pytest.approx(0.5)  # two seats, one winner
    assert b["win_rate_acquired_ci_low"] <= 0.525 <= b["win_rate_acquired_ci_high"]
    assert b["win_rate_not_acquired_ci_low"] <= 0.475 <= b["win_rate_not_acquired_ci_high"]
    assert b["iwd"] == pytest.approx(b["win_rate_acquired"] - b["win_rate_not_acquired"])
    assert b["iwd_ci_low"] <= 0.05 <= b["iwd_ci_high"]
    assert b["iwd_ci_low"] > 0
    assert b["iwd_p_value"] < 1e-6


def test_card_metrics_null_card(boost_study):
    seats, cards, games_with_null = boost_study
    n = card_metrics(seats, cards).filter(pl.col("card") == "Null").row(0, named=True)
    assert n["games_available"] == games_with_null
    assert n["availability"] == pytest.approx(games_with_null / 20000)
    assert n["n_available"] + n["n_unavailable"] == 40000
    assert n["acquired_rate"] == pytest.approx(0.3, abs=0.015)
    assert n["played_per_game"] == 0
    assert n["iwd_ci_low"] <= 0 <= n["iwd_ci_high"]
    for g in ("available", "unavailable"):
        assert n[f"win_rate_{g}_ci_low"] <= 0.5 <= n[f"win_rate_{g}_ci_high"]


def test_card_metrics_by_hand_with_shared_wins_and_two_variants():
    # variant v: game 0 (seats 0,1 share the win), game 1 (seat 1 wins); card X only in game 0,
    # acquired by seat 0 only. variant w: one game, X absent.
    seats = pl.concat([
        seats_frame([0, 0, 1, 1], [0, 1, 0, 1], [0, 1, 0, 1], ["a", "b"] * 2, [0, 0, 0, 1],
                    variant="v", shared_win=[1, 1, 0, 0]),
        seats_frame([0, 0], [0, 1], [0, 1], ["a", "b"], [1, 0], variant="w", shared_win=[0, 0]),
    ])
    cards = pl.concat([
        cards_frame([0, 0], [0, 1], "X", [2, 0], [3, 1], variant="v"),
        cards_frame([0, 0], [0, 1], "Y", [0, 0], [0, 0], variant="w"),
    ])
    out = card_metrics(seats, cards)
    assert out.select("variant", "card").rows() == [("v", "X"), ("w", "Y")]
    x = out.row(0, named=True)
    assert (x["games"], x["games_available"], x["availability"]) == (2, 1, 0.5)
    assert (x["n_available"], x["n_unavailable"], x["n_acquired"], x["n_not_acquired"]) == (2, 2, 1, 1)
    assert x["acquired_rate"] == 0.5 and x["played_per_game"] == 2.0 and x["acquired_per_game"] == 1.0
    assert x["win_rate_available"] == 0.5 and x["win_rate_unavailable"] == 0.5
    assert x["win_rate_acquired"] == 0.5 and x["win_rate_not_acquired"] == 0.5 and x["iwd"] == 0.0
    y = out.row(1, named=True)
    assert y["n_acquired"] == 0 and np.isnan(y["win_rate_acquired"]) and np.isnan(y["iwd"])


def _effects_study(rng, n_games, n_null, real_diff=0.05):
    """A baseline variant plus one "in" variant per card, all on the same game_ids and shared
    random numbers (bot rows rotated, so the focal bot alternates seats). The focal bot wins
    50% of baseline games; "Real" lifts it to 50% + real_diff; null cards re-draw a random 30%
    of the games at 50%, leaving the win rate unchanged."""
    u = rng.random(n_games)
    base = u < 0.5
    variants = {"base": base, "real_in": u < 0.5 + real_diff}
    for i in range(n_null):
        redo = rng.random(n_games) < 0.3
        variants[f"null{i}_in"] = np.where(redo, rng.random(n_games) < 0.5, base)
    frames = []
    for label, focal_wins in variants.items():
        seat0_is_focal = np.arange(n_games) % 2 == 0  # bot_row = (seat + game_id) % 2
        win0 = np.where(seat0_is_focal, focal_wins, ~focal_wins)
        frames.append(two_player_seats(win0, variant=label, rotate=True))
    arms = {"Real": ("real_in", "base")} | {f"Null {i}": (f"null{i}_in", "base") for i in range(n_null)}
    return pl.concat(frames), arms


@pytest.fixture(scope="module")
def effects_study():
    return _effects_study(np.random.default_rng(21), 1000, 200)


def test_card_effects_finds_a_five_point_card(effects_study):
    seats, arms = effects_study
    out = card_effects(seats, {"Real": arms["Real"]})
    r = out.row(0, named=True)
    assert r["n"] == 1000
    assert r["win_in"] - r["win_out"] == pytest.approx(r["diff"])
    assert r["ci_low"] <= 0.05 <= r["ci_high"]
    assert r["ci_low"] > 0
    assert r["flagged"]


def test_card_effects_paired_on_shared_seeds():
    seats, arms = _effects_study(np.random.default_rng(22), 3000, 0)
    r = card_effects(seats.lazy(), arms).row(0, named=True)
    assert r["win_out"] == pytest.approx(0.5, abs=0.03)
    assert r["ci_low"] <= 0.05 <= r["ci_high"] and r["ci_low"] > 0
    # pairing: the interval is far narrower than two independent samples of 3000 games would give
    unpaired_half_width = 1.96 * np.sqrt(2 * 0.25 / 3000)
    assert (r["ci_high"] - r["ci_low"]) / 2 < 0.5 * unpaired_half_width


def test_card_effects_controls_false_flags_among_null_cards(effects_study):
    seats, arms = effects_study
    holm = card_effects(seats, arms, correction="holm")
    assert holm.height == 201
    assert holm["diff"].to_list() == sorted(holm["diff"].to_list(), reverse=True)
    flagged = set(holm.filter("flagged")["card"].to_list())
    assert "Real" in flagged
    assert len(flagged - {"Real"}) <= 2
    assert (holm["p_adjusted"] >= holm["p_value"]).all()
    bh = card_effects(seats, arms, correction="fdr_bh")
    assert "Real" in set(bh.filter("flagged")["card"].to_list())
    assert bh.filter(pl.col("flagged") & (pl.col("card") != "Real")).height <= 3
    raw = card_effects(seats, arms, correction="none")
    false_raw = raw.filter(pl.col("flagged") & (pl.col("card") != "Real")).height
    assert 3 <= false_raw <= 20  # about alpha * 200 = 10 without correction
    nulls = raw.filter(pl.col("card") != "Real")
    coverage = ((nulls["ci_low"] <= 0) & (nulls["ci_high"] >= 0)).mean()
    assert coverage >= 0.9


def test_card_effects_uses_the_focal_bot_row_not_the_seat():
    seats, arms = _effects_study(np.random.default_rng(23), 2000, 0, real_diff=0.1)
    focal = card_effects(seats, arms, focal_bot_row=0).row(0, named=True)
    other = card_effects(seats, arms, focal_bot_row=1).row(0, named=True)
    assert focal["diff"] == pytest.approx(-other["diff"])
    assert focal["ci_low"] <= 0.1 <= focal["ci_high"]


def test_card_effects_unknown_variant():
    seats, _ = _effects_study(np.random.default_rng(24), 50, 0)
    with pytest.raises(ValueError, match="unknown variant 'nope'"):
        card_effects(seats, {"Real": ("nope", "base")})


def test_rank_cards_within_variant_nan_last():
    metrics = pl.DataFrame({
        "variant": ["v", "v", "v", "w", "w"],
        "card": ["A", "B", "C", "A", "B"],
        "iwd": [0.01, float("nan"), 0.05, -0.02, 0.03],
        "acquired_rate": [0.2, 0.9, 0.5, 0.3, 0.1],
    })
    out = rank_cards(metrics)
    assert out.columns == ["rank", "variant", "card", "iwd", "acquired_rate"]
    assert out.select("variant", "card", "rank").rows() == [
        ("v", "C", 1), ("v", "A", 2), ("v", "B", 3), ("w", "B", 1), ("w", "A", 2)]
    by_rate = rank_cards(metrics.filter(pl.col("variant") == "v").drop("variant"), by="acquired_rate")
    assert by_rate["card"].to_list() == ["B", "C", "A"]
    assert by_rate["rank"].to_list() == [1, 2, 3]
    with pytest.raises(ValueError, match="unknown column"):
        rank_cards(metrics, by="nope")


def test_iwd_interval_is_game_clustered():
    """issue 11, "Errors to fix" 2: when exactly one seat of each 2-player game acquires the card,
    the buyer's win is the other seat's loss (perfect anti-correlation between the groups), so the
    IWD's variance is twice the independent-rows variance: the interval is sqrt(2) times as wide
    as the naive (Newcombe) one."""
    from simlab.analysis import difference_ci

    rng = np.random.default_rng(21)
    n = 20_000
    buyer = rng.integers(0, 2, n)
    buyer_wins = rng.random(n) < 0.55
    win0 = np.where(buyer == 0, buyer_wins, ~buyer_wins)
    seats = two_player_seats(win0)
    acq = np.column_stack([buyer == 0, buyer == 1]).ravel().astype(int)
    cards = cards_frame(np.repeat(np.arange(n), 2), np.tile([0, 1], n), "Solo", acq, acq)
    r = card_metrics(seats, cards).row(0, named=True)
    naive = difference_ci(buyer_wins.sum(), n, n - buyer_wins.sum(), n)
    assert r["iwd"] == pytest.approx(naive["diff"])
    width, naive_width = r["iwd_ci_high"] - r["iwd_ci_low"], naive["ci_high"] - naive["ci_low"]
    assert width / naive_width == pytest.approx(np.sqrt(2), rel=0.01)


def test_card_metrics_in_batches_of_games_gives_the_same_table(boost_study, monkeypatch):
    """Issue 12 (a report's memory bounded whatever the study size): card_metrics reads a variant
    a batch of games at a time and adds up per-card sums and second moments; the table, the
    game-clustered IWD interval included, is the same whatever the batch (20,000 games in one
    batch against batches of 777 games)."""
    from simlab.analysis import cards as C

    seats, cards, _ = boost_study
    whole = card_metrics(seats, cards)
    monkeypatch.setattr(C, "GAMES_PER_BATCH", 777)
    batched = card_metrics(seats, cards)
    assert whole.columns == batched.columns and whole.height == batched.height == 2
    for c in whole.columns:
        a, b = whole[c].to_numpy(), batched[c].to_numpy()
        if a.dtype.kind in "fiu":
            assert np.allclose(a.astype(float), b.astype(float), rtol=1e-9, atol=1e-12, equal_nan=True), c
        else:
            assert (a == b).all(), c


def test_contrast_from_moments_equals_contrast_from_sums():
    """stats.contrast_from_moments (per-card sums and second moments, added over batches) gives
    contrast_from_sums' difference, clustered and naive standard errors, interval and p-value,
    including a card whose 'no' group is empty (NaN, as before)."""
    from simlab.analysis.stats import cluster_moments, cluster_sums, contrast_from_moments, contrast_from_sums

    rng = np.random.default_rng(3)
    n = 2_000
    rows = {"card": [], "game_id": [], "_acq": [], "win": []}
    for g in range(n):
        for seat in range(3):
            for card, p in (("x", 0.3), ("always", 1.0)):
                acq = bool(rng.random() < p)
                rows["card"].append(card)
                rows["game_id"].append(g)
                rows["_acq"].append(acq)
                rows["win"].append(float(rng.random() < 0.3 + 0.2 * acq))
    per_game = pl.DataFrame(rows).group_by("card", "game_id").agg(*cluster_sums("_acq", "win"))
    ref = contrast_from_sums(per_game, by=("card",))
    halves = [per_game.filter(pl.col("game_id") < 700), per_game.filter(pl.col("game_id") >= 700)]
    moments = (pl.concat([h.group_by("card").agg(*cluster_moments()) for h in halves])
               .group_by("card").agg(pl.all().sum()))
    new = contrast_from_moments(moments, by=("card",))
    assert ref.columns == new.columns
    for c in ref.columns[1:]:
        assert np.allclose(ref[c].to_numpy().astype(float), new[c].to_numpy().astype(float),
                           rtol=1e-9, atol=1e-12, equal_nan=True), c
    assert np.isnan(new.filter(pl.col("card") == "always")["se"][0])
