"""Token fair values on synthetic games whose true answer is known."""

from __future__ import annotations

import numpy as np
import polars as pl

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
