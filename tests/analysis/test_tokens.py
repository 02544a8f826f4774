"""Token fair values on synthetic games whose true answer is known."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from simlab.analysis.tokens import token_values


def _arms(n, effect, used_share, rng):
    """2-player games: the focal seat (bot row 0) scores X without a token; with the token its
    effect adds ``effect`` prestige and (when used) the printed value 5; the opponent scores Y."""
    x = np.round(rng.normal(100, 10, n))
    y = np.round(rng.normal(100, 10, n))
    used = rng.random(n) < used_share
    printed = 5.0
    swt = x + effect + np.round(rng.normal(0, 4, n))  # the token arm's game goes its own way too
    score_tok = swt + printed * used
    rows = []
    for variant, focal, extra in (("none", x, False), ("tok", score_tok, True)):
        won0 = focal > y
        won1 = y > focal
        shared = focal == y
        d = {"variant": [variant] * (2 * n), "game_id": np.repeat(np.arange(n), 2),
             "bot_row": np.tile([0, 1], n), "score": np.column_stack([focal, y]).reshape(-1),
             "won": np.column_stack([won0, won1]).reshape(-1),
             "shared_win": np.column_stack([shared, shared]).reshape(-1).astype(np.int8)}
        if extra:
            d["score_without_token"] = np.column_stack([swt, y]).reshape(-1)
            d["token_used"] = np.column_stack([used, np.zeros(n, bool)]).reshape(-1)
        else:
            d["score_without_token"] = np.column_stack([x, y]).reshape(-1)
            d["token_used"] = np.zeros(2 * n, bool)
        rows.append(pl.DataFrame(d))
    return pl.concat(rows), printed


def test_fair_value_recovers_minus_the_effect():
    """The effect adds +3 prestige, so the token is fair at a printed value of -3 (always used);
    printed 5 is mispriced. The effect's own prestige is estimated at +3."""
    rng = np.random.default_rng(5)
    seats, printed = _arms(20_000, 3.0, 1.0, rng)
    out = token_values(seats, {"T": ("tok", "none", printed)}, n_boot=200).row(0, named=True)
    assert out["ci_low"] <= -3 <= out["ci_high"]
    assert out["ci_high"] - out["ci_low"] < 2.0
    assert out["mispriced"]
    assert out["effect_ci_low"] < 3.0 < out["effect_ci_high"]
    assert out["win_token"] > out["win_none"]


def test_a_fairly_priced_token_is_not_flagged():
    """No effect, used in every game: the fair value is about 0; a printed value of 0 is fair."""
    rng = np.random.default_rng(6)
    seats, _ = _arms(20_000, 0.0, 1.0, rng)
    seats = seats.with_columns(score=pl.when(pl.col("variant") == "tok").then(pl.col("score_without_token"))
                               .otherwise(pl.col("score")))
    out = token_values(seats, {"T": ("tok", "none", 0.0)}, n_boot=200).row(0, named=True)
    assert out["ci_low"] <= 0 <= out["ci_high"] and not out["mispriced"]


def test_token_arms_groups_the_sweep_by_players_and_case():
    from simlab.analysis.tokens import TOKEN_PATH, token_arms

    variants = []
    for players in (2, 3):
        for case in ("balanced", "engine"):
            for tok in (-1, 0, 4, 7):
                variants.append({"label": f"p{players} {case} t{tok}", "players": players, "case": case,
                                 "sweep": {TOKEN_PATH: tok}, "case_values": {"seats.0.bot": case}})
    variants.append({"label": "unrelated", "players": 2, "sweep": {}})
    groups = token_arms({"variants": variants})
    assert len(groups) == 4
    g = next(g for g in groups if g["players"] == 3 and g["case"] == "engine")
    assert g["arms"] == {4: ("p3 engine t4", "p3 engine t0", None), 7: ("p3 engine t7", "p3 engine t0", None)}
    assert g["keep"] == "p3 engine t-1" and g["label"] == "players=3 engine"


def test_token_keep_counts_dealt_kept_and_wins():
    from simlab.analysis.tokens import token_keep

    # 4 games, focal bot row 0: dealt (2, 4, 7) three times and (4, 5, 6) once; keeps 4 each time
    seats = pl.DataFrame({
        "variant": ["k"] * 8, "game_id": np.repeat(np.arange(4), 2), "bot_row": [0, 1] * 4,
        "won": [True, False, False, True, True, False, False, True], "shared_win": [0] * 8,
        "token": [4, -1] * 4, "token_used": [1, 0, 1, 0, 0, 0, 1, 0],
        "token_choice_1": [2, -1, 2, -1, 2, -1, 4, -1], "token_choice_2": [4, -1, 4, -1, 4, -1, 5, -1],
        "token_choice_3": [7, -1, 7, -1, 7, -1, 6, -1]})
    k = {r["token"]: r for r in token_keep(seats, "k").to_dicts()}
    assert set(k) == {2, 4, 5, 6, 7}
    assert k[4]["dealt"] == 4 and k[4]["kept"] == 4 and k[4]["keep_share"] == 1.0
    assert k[4]["win_kept"] == 0.5 and k[4]["used_share"] == 0.75
    assert k[2]["dealt"] == 3 and k[2]["kept"] == 0 and k[2]["keep_ci_high"] < 0.8


def test_a_token_that_changes_nothing_is_worth_nothing_with_three_way_ties():
    """3 players, many ties for first (shared wins worth 1/k): a used token with no effect and
    printed value 0 reproduces the no-token win rate exactly, and its fair value is 0."""
    rng = np.random.default_rng(11)
    n = 4000
    scores = rng.integers(0, 4, size=(n, 3))  # ties are common
    best = scores.max(axis=1, keepdims=True)
    won = (scores == best) & ((scores == best).sum(axis=1, keepdims=True) == 1)
    shared = ((scores == best) & ~won).astype(np.int8)
    frames = []
    for variant in ("none", "tok"):
        frames.append(pl.DataFrame({
            "variant": [variant] * 3 * n, "game_id": np.repeat(np.arange(n), 3), "bot_row": np.tile([0, 1, 2], n),
            "score": scores.reshape(-1), "won": won.reshape(-1), "shared_win": shared.reshape(-1),
            "score_without_token": scores.reshape(-1),
            "token_used": np.tile([variant == "tok", False, False], n)}))
    out = token_values(pl.concat(frames), {"T": ("tok", "none", 0.0)}, n_boot=50).row(0, named=True)
    assert out["win_token"] == out["win_none"] and out["diff"] == 0.0
    assert abs(out["fair_value"]) < 1e-9 and not out["mispriced"]


def test_recomputed_ties_follow_the_engines_cards_in_play_rule():
    """Seasons breaks a tie for first by cards in play (docs/seasons.md, F: tie at the end): with the
    ``tie_break`` column set, a used token that ties the opponent at its printed value wins the games
    where the focal seat has more cards in play and loses those with fewer; ties are shared only
    without the column (results from before the rule)."""
    n = 40
    focal_cards = np.where(np.arange(n) % 2 == 0, 5, 3)  # half the games more cards, half fewer
    rows = []
    for variant, focal in (("none", np.full(n, 90.0)), ("tok", np.full(n, 100.0))):
        d = {"variant": [variant] * (2 * n), "game_id": np.repeat(np.arange(n), 2),
             "bot_row": np.tile([0, 1], n), "score": np.column_stack([focal, np.full(n, 100.0)]).reshape(-1),
             "won": np.column_stack([np.zeros(n, bool), np.ones(n, bool)]).reshape(-1),
             "shared_win": np.zeros(2 * n, np.int8),
             "score_without_token": np.column_stack([np.full(n, 95.0), np.full(n, 100.0)]).reshape(-1),
             "token_used": np.column_stack([np.full(n, variant == "tok"), np.zeros(n, bool)]).reshape(-1),
             "cards_in_play": np.column_stack([focal_cards, np.full(n, 4)]).reshape(-1),
             "tie_break": np.ones(2 * n, np.int8)}
        rows.append(pl.DataFrame(d))
    seats = pl.concat(rows)
    by_cards = token_values(seats, {"T": ("tok", "none", 5.0)}, n_boot=20).row(0, named=True)
    assert by_cards["win_token"] == 0.5  # at +5 the focal seat ties 100: wins the 5-card games only
    shared = token_values(seats.drop("tie_break"), {"T": ("tok", "none", 5.0)}, n_boot=20).row(0, named=True)
    assert shared["win_token"] == 0.5  # every tie shared: half a win each
    seats1 = seats.with_columns(cards_in_play=pl.when(pl.col("bot_row") == 0).then(5).otherwise(4))
    assert token_values(seats1, {"T": ("tok", "none", 5.0)}, n_boot=20)["win_token"][0] == 1.0
    assert token_values(seats1.drop("tie_break"), {"T": ("tok", "none", 5.0)}, n_boot=20)["win_token"][0] == 0.5


def test_a_never_used_token_with_no_interval_is_not_mispriced():
    """issue 11, "Errors to fix" 1: a token never used has no fair value (NaN interval); polars
    orders NaN above every number, so it was flagged as mispriced whenever its arm's win rate
    differed from the no-token arm's."""
    rng = np.random.default_rng(8)
    seats, printed = _arms(5_000, 8.0, 0.0, rng)  # the effect wins games, the token is never used
    out = token_values(seats, {"T": ("tok", "none", printed)}, n_boot=50).row(0, named=True)
    assert out["p_adjusted"] < 0.05  # the arms differ...
    assert np.isnan(out["ci_low"]) and np.isnan(out["ci_high"])
    assert not out["mispriced"]  # ...but no interval is no evidence of mispricing


def test_vectorised_fair_value_matches_the_definition_and_keeps_unbounded_resamples():
    """issue 11, "Errors to fix" 6: the fair value (vectorised over resamples) is the printed value
    at which the recomputed wins (_win_at) equal the no-token arm's; a token that cannot reach the
    no-token win rate at any printed value in many resamples has an unbounded (inf) upper limit,
    not a NaN interval or one computed from the finite resamples only."""
    from simlab.analysis.tokens import _win_at

    rng = np.random.default_rng(9)
    seats, printed = _arms(3_000, 2.0, 0.7, rng)
    out = token_values(seats, {"T": ("tok", "none", printed)}, n_boot=2000).row(0, named=True)
    tok = seats.filter((pl.col("variant") == "tok") & (pl.col("bot_row") == 0)).sort("game_id")
    opp = seats.filter((pl.col("variant") == "tok") & (pl.col("bot_row") == 1)).sort("game_id")
    none = seats.filter((pl.col("variant") == "none") & (pl.col("bot_row") == 0)).sort("game_id")
    margin = (opp["score"] - tok["score_without_token"]).to_numpy()
    used = tok["token_used"].to_numpy()
    recorded = (tok["won"] + 0.5 * tok["shared_win"]).to_numpy()  # a 2-way shared win is worth 1/2
    target = float((none["won"] + 0.5 * none["shared_win"]).sum())
    lo, hi = -60.0, 60.0
    for _ in range(80):  # bisection on the (continuous, non-decreasing) recomputed wins
        mid = (lo + hi) / 2
        wins = np.where(used, _win_at(mid, margin, np.full(margin.size, 0.5)), recorded).sum()
        lo, hi = (mid, hi) if wins < target else (lo, mid)
    assert out["fair_value"] == pytest.approx(lo, abs=1e-6)
    assert out["ci_low"] < out["fair_value"] < out["ci_high"]

    # rarely used (10%) with a harmful effect: in some resamples no printed value catches up
    seats, printed = _arms(400, -1.0, 0.1, np.random.default_rng(9))
    out = token_values(seats, {"T": ("tok", "none", printed)}, n_boot=2000).row(0, named=True)
    assert np.isfinite(out["fair_value"]) and np.isfinite(out["ci_low"])
    assert out["ci_high"] == np.inf  # unbounded, not the quantile of the finite resamples only


def test_a_token_whose_effect_the_bots_never_use_is_marked_not_modelled():
    """issue 11, "Errors to fix" 6: token 11's information changes no bot decision, so its effect
    prestige is exactly 0 in every game: the token's worth is its printed value, not a finding."""
    rng = np.random.default_rng(10)
    seats, printed = _arms(2_000, 0.0, 1.0, rng)
    seats = seats.with_columns(  # the token arm replays the no-token game exactly (no effect at all)
        score_without_token=pl.col("score_without_token").filter(pl.col("variant") == "none").first()
        .over("game_id", "bot_row"))
    out = token_values(seats, {"T": ("tok", "none", printed)}, n_boot=100).row(0, named=True)
    assert not out["effect_modelled"]
    seats, printed = _arms(2_000, 1.0, 1.0, rng)
    assert token_values(seats, {"T": ("tok", "none", printed)}, n_boot=100)["effect_modelled"][0]
