"""What a printed bonus is really worth: fair values of Seasons special-ability tokens.

Groundwork for the token study (issue: Seasons with Enchanted Kingdom). The design it expects:
two variants on the same seeds, one where the focal seat holds the token and one where it holds
none. Because a token's printed prestige only adds to the final score (and only if the token was
used), the focal seat's win rate for *any* printed value can be recomputed from the recorded
``score_without_token`` and the opponents' scores, without re-simulating; the fair value is the
printed value at which the focal seat wins exactly as often as without a token.

Seats columns used: ``variant``, ``game_id``, ``bot_row``, ``score``, ``won`` (and
``shared_win`` when present), and in the token arm ``token_used`` and ``score_without_token``.
Caveat for reports: if a bot's choices depend on the printed value (e.g. whether to use the
token), the recomputation holds its choices fixed at the value it was run with.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import polars as pl

from simlab.analysis.stats import paired_difference
from simlab.analysis.winrates import win_value

__all__ = ["token_values"]


def _win_at(v: float, margin: np.ndarray) -> np.ndarray:
    """Result of a used-token game at printed value v: 1 above its margin, 0 below, 1/2 at a tie
    (scores are integers; the ramp between m - 1/2 and m + 1/2 makes the curve continuous)."""
    return np.clip(v - margin + 0.5, 0.0, 1.0)


def _fair_value(margin: np.ndarray, used: np.ndarray, win_unused: np.ndarray, target_wins: float,
                weights: np.ndarray) -> float:
    """Printed value v at which the weighted wins of the token arm reach ``target_wins``.

    A game where the token was used is won once v exceeds its margin (best opposing score minus
    the focal score without the token); a game where it was not used keeps its recorded result.
    The wins rise monotonically with v, so bisection finds the crossing.
    """
    fixed = float(np.sum(weights[~used] * win_unused[~used]))
    m, w = margin[used], weights[used]
    if w.sum() <= 0:
        return float("nan")
    need = target_wins - fixed
    lo, hi = float(m.min()) - 1.0, float(m.max()) + 1.0
    if need <= 0:
        return lo
    if need >= w.sum():
        return float("inf")
    for _ in range(50):
        mid = 0.5 * (lo + hi)
        if float(np.sum(w * _win_at(mid, m))) < need:
            lo = mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


def token_values(seats: pl.LazyFrame | pl.DataFrame, arms: Mapping[str, tuple[str, str, float]],
                 focal_bot_row: int = 0, n_boot: int = 400, alpha: float = 0.05, seed: int = 0) -> pl.DataFrame:
    """Fair prestige value of each token, with a paired bootstrap interval, next to its printed value.

    Args:
        seats: the seats table of a study holding both arms of every token.
        arms: token label -> (variant with the token, variant without, printed value).
        focal_bot_row: the bot row whose seat holds the token.
        n_boot: bootstrap resamples of games (paired: a game is resampled in both arms together).

    Returns:
        one row per token: [token, n, printed, used_share, win_none, win_token (at the printed
        value), fair_value, ci_low, ci_high, mispriced (printed outside the interval),
        effect_prestige (mean score gain of the effect alone, token arm without the printed value
        minus the no-token arm), effect_ci_low, effect_ci_high].
    """
    lf = win_value(seats)
    rng = np.random.default_rng(seed)
    rows = []
    for label, (with_v, none_v, printed) in arms.items():
        tok = lf.filter(pl.col("variant") == with_v)
        opp = (tok.filter(pl.col("bot_row") != focal_bot_row).group_by("game_id")
               .agg(opp_best=pl.col("score").max()))
        focal = (tok.filter(pl.col("bot_row") == focal_bot_row)
                 .select("game_id", "win", "token_used", "score_without_token").join(opp, on="game_id"))
        base = (lf.filter((pl.col("variant") == none_v) & (pl.col("bot_row") == focal_bot_row))
                .select("game_id", pl.col("win").alias("win_none"), pl.col("score").alias("score_none")))
        j = focal.join(base, on="game_id").sort("game_id").collect()
        n = j.height
        if n == 0:
            raise ValueError(f"token {label!r}: no paired games between {with_v!r} and {none_v!r}")
        used = j["token_used"].cast(pl.Boolean).to_numpy()
        margin = (j["opp_best"] - j["score_without_token"]).cast(pl.Float64).to_numpy()
        win_tok = j["win"].to_numpy()
        win_none = j["win_none"].to_numpy()
        ones = np.ones(n)
        fair = _fair_value(margin, used, win_tok, float(win_none.sum()), ones)
        boots = np.empty(n_boot)
        for i in range(n_boot):
            w = rng.multinomial(n, np.full(n, 1.0 / n)).astype(float)
            boots[i] = _fair_value(margin, used, win_tok, float((w * win_none).sum()), w)
        lo, hi = np.nanquantile(boots, [alpha / 2, 1 - alpha / 2])
        effect = paired_difference(j["score_without_token"].cast(pl.Float64).to_numpy(),
                                   j["score_none"].cast(pl.Float64).to_numpy(), alpha=alpha)
        at_printed = np.where(used, _win_at(printed, margin), win_tok).mean()
        rows.append({"token": label, "n": n, "printed": float(printed), "used_share": float(used.mean()),
                     "win_none": float(win_none.mean()), "win_token": float(at_printed), "fair_value": fair,
                     "ci_low": float(lo), "ci_high": float(hi), "mispriced": bool(printed < lo or printed > hi),
                     "effect_prestige": effect["diff"], "effect_ci_low": effect["ci_low"],
                     "effect_ci_high": effect["ci_high"]})
    return pl.DataFrame(rows)
