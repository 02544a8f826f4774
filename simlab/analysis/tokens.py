"""What a printed bonus is really worth: fair values of Seasons special-ability tokens.

Groundwork for the token study (issue: Seasons with Enchanted Kingdom). The design it expects:
two variants on the same seeds, one where the focal seat holds the token and one where it holds
none. Because a token's printed prestige only adds to the final score (and only if the token was
used), the focal seat's win rate for *any* printed value can be recomputed from the recorded
``score_without_token`` and the opponents' scores, without re-simulating; the fair value is the
printed value at which the focal seat wins exactly as often as without a token.

Seats columns used: ``variant``, ``game_id``, ``bot_row``, ``score``, ``won`` (and
``shared_win`` when present), and in the token arm ``token_used`` and ``score_without_token``.
A recomputed tie for first follows the engine's tie rule: with a ``tie_break`` column equal to 1
(Seasons from version 0.2, setup ``tie_break = "cards_in_play"``) the tied player with more
``cards_in_play`` wins and only equal cards share; without the column, or 0, ties are shared.
Caveat for reports: if a bot's choices depend on the printed value (e.g. whether to use the
token), the recomputation holds its choices fixed at the value it was run with.

:func:`token_arms` reads the arms from a study's manifest (the design of
``scenarios/seasons_tokens.toml``: the focal bot's ``fixed_token`` swept over -1, 0 and 1-12);
:func:`token_keep` describes the keep-1-of-3 choice of the ``fixed_token = -1`` arm.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import polars as pl
from scipy import stats

from simlab.analysis.stats import adjust, excludes, paired_difference, proportion_ci
from simlab.analysis.winrates import win_value

__all__ = ["token_values", "token_arms", "token_keep", "tie_share", "TOKEN_PATH"]

#: The sweep path of the token study: the token the focal bot (row 0) holds (1-12, 0 none,
#: -1 the normal keep-1-of-3).
TOKEN_PATH = "seats.0.params.fixed_token"


def _win_at(v: float, margin: np.ndarray, tie: np.ndarray) -> np.ndarray:
    """Result of a used-token game at printed value v: 1 above its margin, 0 below, the tie share
    (1/k of a k-way tie for first) at it; linear between whole points, so the curve is continuous.
    Scores, margins and printed values are whole numbers in play."""
    k = np.floor(v)
    f = v - k

    def at(x):
        return np.where(margin < x, 1.0, np.where(margin == x, tie, 0.0))

    return (1.0 - f) * at(k) + f * at(k + 1) if f else at(k)


def _fair_values(per: np.ndarray, shared_fixed: np.ndarray, target_wins: np.ndarray, lo: int) -> np.ndarray:
    """Printed value v at which the token arm's wins reach ``target_wins``, for B resamples at once.

    ``per[b, k]`` is the number of games of resample b where the token was used with margin
    ``lo + k`` (best opposing score minus the focal score without the token); ``shared_fixed[b, k]``
    is the sum of their tie shares for k < L, and at k = L the wins of the games where the token
    was not used (they keep their recorded result). A used-token game is won once v exceeds its
    margin and shared at it, so at whole v the wins are W(v) = fixed + (games with margin < v) +
    (tie shares with margin = v), which never decreases: the crossing is found from cumulative
    sums and interpolated linearly between whole points. Returns NaN where no game used the
    token, +inf where no printed value is enough, and one below the lowest margin where holding
    the token with no printed value already wins as often.
    """
    per = np.atleast_2d(per).astype(float)
    shared_fixed = np.atleast_2d(shared_fixed).astype(float)
    target = np.atleast_1d(np.asarray(target_wins, dtype=float))
    n_b, n_l = per.shape
    shared, fixed = shared_fixed[:, :n_l], shared_fixed[:, n_l]
    total = per.sum(axis=1)
    need = target - fixed
    # W(lo), ..., W(lo + L): used games below each whole value plus the tie shares at it
    wk = np.concatenate([np.zeros((n_b, 1)), np.cumsum(per, axis=1)], axis=1) + np.concatenate(
        [shared, np.zeros((n_b, 1))], axis=1)
    i = np.minimum((wk < need[:, None]).sum(axis=1), n_l)
    rows = np.arange(n_b)
    prev = np.where(i > 0, wk[rows, np.maximum(i - 1, 0)], 0.0)
    with np.errstate(divide="ignore", invalid="ignore"):
        inside = lo + i - 1 + (need - prev) / (wk[rows, i] - prev)
    lowest = lo + np.argmax(per > 0, axis=1) - 1.0
    return np.where(total <= 0, np.nan, np.where(need <= 0, lowest, np.where(need >= total, np.inf, inside)))


def _bootstrap_fair(code: np.ndarray, n_l: int, shared_fixed_w: np.ndarray, win_none: np.ndarray, lo: int,
                    n_boot: int, rng: np.random.Generator) -> np.ndarray:
    """Fair values of ``n_boot`` paired bootstrap resamples of games (a game is drawn with both arms).

    Vectorised: the fair value depends on a game only through its (margin bin, tie share or
    recorded result, no-token result), which take a few hundred distinct values, so drawing n
    games with replacement is drawing multinomial counts of those game types (the same
    distribution as resampling the games themselves); every resample's bin counts are then one
    matrix product. 2,000 resamples of 25,000 games take well under a second.
    """
    n = code.size
    types, counts = np.unique(np.column_stack([code, shared_fixed_w, win_none]), axis=0, return_counts=True)
    draws = rng.multinomial(n, counts / n, size=n_boot).astype(float)  # (B, types)
    onehot = np.zeros((types.shape[0], n_l + 1))
    onehot[np.arange(types.shape[0]), types[:, 0].astype(np.int64)] = 1.0
    per = draws @ onehot[:, :n_l]
    sf = draws @ (onehot * types[:, 1:2])
    return _fair_values(per, sf, draws @ types[:, 2], lo)


def tie_share(n_best: np.ndarray, focal_cards: np.ndarray, opp_cards: np.ndarray, n_cards: np.ndarray,
              by_cards: np.ndarray | bool) -> np.ndarray:
    """The focal seat's share of a tie for first with ``n_best`` opponents (per game).

    Under the cards rule (``by_cards``) the tied player with more cards in play wins: the focal seat
    wins (1) with more cards than the tied opponents' best ``opp_cards``, loses (0) with fewer, and
    shares with the ``n_cards`` opponents holding as many (1 / (1 + n_cards)). Otherwise the tie is
    shared by all: 1 / (1 + n_best)."""
    n_best = np.asarray(n_best, dtype=float)
    shared = 1.0 / (1.0 + n_best)
    f = np.asarray(focal_cards, dtype=float)
    o = np.asarray(opp_cards, dtype=float)
    cards = np.where(f > o, 1.0, np.where(f < o, 0.0, 1.0 / (1.0 + np.asarray(n_cards, dtype=float))))
    return np.where(by_cards, cards, shared)


def token_values(seats: pl.LazyFrame | pl.DataFrame, arms: Mapping[str, tuple[str, str, float | None]],
                 focal_bot_row: int = 0, n_boot: int = 2000, alpha: float = 0.05, seed: int = 0,
                 correction: str = "holm") -> pl.DataFrame:
    """Fair prestige value of each token, with a paired bootstrap interval, next to its printed value.

    Args:
        seats: the seats table of a study holding both arms of every token.
        arms: token label -> (variant with the token, variant without, printed value); a printed
            value of None is read from the token arm's ``token_printed`` column.
        focal_bot_row: the bot row whose seat holds the token.
        n_boot: bootstrap resamples of games (paired: a game is resampled in both arms together).
        correction: multiple-comparison correction over the tokens of this call (``adjust``).

    Returns:
        one row per token: [token, n, printed, used_share, win_none, win_token (at the printed
        value), diff (win_token - win_none, paired), p_value, p_adjusted, fair_value, ci_low,
        ci_high (percentile bootstrap, inf where the resamples are unbounded), se (the interval's
        half-width / z: a standard error for heterogeneity tests), worth (printed - fair: what
        holding the token is worth in prestige, the keep table of a bot), mispriced (the paired
        win-rate difference at the printed value survives the correction and the printed value
        lies outside the interval),
        effect_prestige (mean score gain of the effect alone, token arm without the printed value
        minus the no-token arm), effect_ci_low, effect_ci_high, effect_modelled (False when the
        token arm's score without the printed value equals the no-token score in every game: the
        bots never profit from the effect, so the token is worth its printed value)].
    """
    seats = seats.lazy()
    rng = np.random.default_rng(seed)
    rows = []
    for label, (with_v, none_v, printed) in arms.items():
        # the two arms first, then the win values: win_value's window (shared wins per game) would
        # otherwise run over every variant of the study for every arm
        lf = win_value(seats.filter(pl.col("variant").is_in([with_v, none_v])))
        tok = lf.filter(pl.col("variant") == with_v)
        names = tok.collect_schema().names()
        by_cards = "tie_break" in names and "cards_in_play" in names
        top = pl.col("score") == pl.col("score").max()
        top_cards = pl.col("cards_in_play").filter(top) if by_cards else pl.lit(0)
        opp = (tok.filter(pl.col("bot_row") != focal_bot_row).group_by("game_id")
               .agg(opp_best=pl.col("score").max(), n_best=top.sum(),
                    opp_cards=top_cards.max(), n_cards=(top_cards == top_cards.max()).sum()))
        extra = ["cards_in_play", "tie_break"] if by_cards else []
        focal = (tok.filter(pl.col("bot_row") == focal_bot_row)
                 .select("game_id", "win", "token_used", "score_without_token", *extra,
                         *(["token_printed"] if printed is None else [])).join(opp, on="game_id"))
        base = (lf.filter((pl.col("variant") == none_v) & (pl.col("bot_row") == focal_bot_row))
                .select("game_id", pl.col("win").alias("win_none"), pl.col("score").alias("score_none")))
        j = focal.join(base, on="game_id").sort("game_id").collect()
        n = j.height
        if n == 0:
            raise ValueError(f"token {label!r}: no paired games between {with_v!r} and {none_v!r}")
        if printed is None:
            printed = float(j["token_printed"][0])
        used = j["token_used"].cast(pl.Boolean).to_numpy()
        margin = (j["opp_best"] - j["score_without_token"]).cast(pl.Float64).to_numpy()
        if not np.all(margin == np.round(margin)):
            raise ValueError(f"token {label!r}: scores must be whole numbers to recompute wins")
        # share of a tie for first, by the engine's tie rule (module docstring)
        if by_cards:
            tie = tie_share(j["n_best"].to_numpy(), j["cards_in_play"].to_numpy(), j["opp_cards"].to_numpy(),
                            j["n_cards"].to_numpy(), j["tie_break"].to_numpy() == 1)
        else:
            tie = 1.0 / (1.0 + j["n_best"].cast(pl.Float64).to_numpy())
        win_tok = j["win"].to_numpy()
        win_none = j["win_none"].to_numpy()
        # bin k < L: used with margin lo + k (weight: its tie share); bin L: unused (weight: its result)
        lo_m = int(margin[used].min()) if used.any() else 0
        n_l = int(margin[used].max()) - lo_m + 1 if used.any() else 1
        code = np.where(used, margin - lo_m, n_l).astype(np.int64)
        sf_w = np.where(used, tie, win_tok)
        width = n_l + 1
        fair = float(_fair_values(np.bincount(code, minlength=width)[None, :n_l],
                                  np.bincount(code, weights=sf_w, minlength=width)[None, :],
                                  win_none.sum(), lo_m)[0])
        boots = _bootstrap_fair(code, n_l, sf_w, win_none, lo_m, n_boot, rng)
        kept = boots[~np.isnan(boots)]
        # a token never used in a resample has no fair value there (NaN): too many -> no interval.
        # Infinite resamples (no printed value is enough) stay in: an order statistic, not an
        # interpolation, so an unbounded side comes out as inf ("unbounded") rather than NaN.
        lo, hi = (np.quantile(kept, [alpha / 2, 1 - alpha / 2], method="inverted_cdf")
                  if kept.size >= 0.9 * n_boot else (float("nan"), float("nan")))
        z = float(stats.norm.ppf(1 - alpha / 2))
        # the interval's half-width as a standard error (heterogeneity tests); unbounded -> inf
        se = (hi - lo) / (2 * z) if np.isfinite(lo) and np.isfinite(hi) else (float("nan") if np.isnan(lo)
                                                                                else float("inf"))
        effect = paired_difference(j["score_without_token"].cast(pl.Float64).to_numpy(),
                                   j["score_none"].cast(pl.Float64).to_numpy(), alpha=alpha)
        at_printed = np.where(used, _win_at(printed, margin, tie), win_tok)
        test = paired_difference(at_printed, win_none, alpha=alpha)
        rows.append({"token": label, "n": n, "printed": float(printed), "used_share": float(used.mean()),
                     "win_none": float(win_none.mean()), "win_token": float(at_printed.mean()),
                     "diff": test["diff"], "p_value": test["p_value"], "fair_value": fair,
                     "ci_low": float(lo), "ci_high": float(hi), "se": float(se),
                     "worth": float(printed - fair),
                     # the bots never profit from the effect (e.g. token 11's information): worth = printed
                     "effect_modelled": bool(np.any(j["score_without_token"].to_numpy()
                                                    != j["score_none"].to_numpy())),
                     "effect_prestige": effect["diff"], "effect_ci_low": effect["ci_low"],
                     "effect_ci_high": effect["ci_high"]})
    out = pl.DataFrame(rows)
    p = np.nan_to_num(out["p_value"].to_numpy(), nan=1.0)
    flagged, p_adj = adjust(p, method=correction, alpha=alpha)
    # numpy, not polars: a NaN interval (a token never used) must not count as excluding the printed value
    outside = excludes(out["ci_low"].to_numpy(), out["ci_high"].to_numpy(), out["printed"].to_numpy())
    mispriced = np.asarray(flagged, dtype=bool) & outside.astype(bool)
    out = out.with_columns(p_adjusted=pl.Series(p_adj), mispriced=pl.Series(mispriced))
    return out.select("token", "n", "printed", "used_share", "win_none", "win_token", "diff", "p_value",
                      "p_adjusted", "fair_value", "ci_low", "ci_high", "se", "worth", "mispriced",
                      "effect_prestige", "effect_ci_low", "effect_ci_high", "effect_modelled")


def token_arms(manifest: Mapping, path: str = TOKEN_PATH) -> list[dict]:
    """The token study's arms, grouped by everything but the token (from a study's manifest).

    Variants whose sweep (or case) sets ``path`` are grouped by player count, case and the other
    sweep values. Returns one dict per group: ``label`` (e.g. ``"players=2"``), ``players``,
    ``case``, ``arms`` (token number -> (variant holding it, variant holding none, None)) ready
    for :func:`token_values`, and ``keep`` (the ``-1`` variant's label, or None).
    """
    groups: dict[tuple, dict] = {}
    for v in manifest["variants"]:
        values = {**v.get("sweep", {}), **v.get("case_values", {})}
        if path not in values:
            continue
        rest = tuple(sorted((k, str(x)) for k, x in values.items() if k != path))
        key = (v["players"], v.get("case") or "", rest)
        label = " ".join([f"players={v['players']}"] + ([v["case"]] if v.get("case") else [])
                         + [f"{k.split('.')[-1]}={x}" for k, x in rest if k.split(".")[-1] != "bot"])
        g = groups.setdefault(key, {"label": label, "players": v["players"], "case": v.get("case"),
                                    "by_token": {}})
        g["by_token"][int(float(values[path]))] = v["label"]
    out = []
    for g in groups.values():
        tokens = g.pop("by_token")
        if 0 not in tokens:
            continue
        g["arms"] = {t: (lab, tokens[0], None) for t, lab in sorted(tokens.items()) if t > 0}
        g["keep"] = tokens.get(-1)
        out.append(g)
    return out


def token_keep(seats: pl.LazyFrame | pl.DataFrame, variant: str, focal_bot_row: int = 0,
               alpha: float = 0.05) -> pl.DataFrame:
    """The keep-1-of-3 choice (EK: three tokens dealt, one kept after the prelude) in one variant.

    Returns one row per token: [token, dealt (games in which it was among the three), kept,
    keep_share (kept / dealt) with keep_ci_low/high, used_share (of the games kept), win_kept
    (the focal seat's win rate when it kept the token) with win_ci_low/high].
    """
    lf = win_value(seats.lazy().filter(pl.col("variant") == variant)).filter(pl.col("bot_row") == focal_bot_row)
    df = lf.select("token", "token_used", "win", "token_choice_1", "token_choice_2", "token_choice_3").collect()
    choices = np.column_stack([df[f"token_choice_{k}"].to_numpy() for k in (1, 2, 3)])
    kept_tok = df["token"].to_numpy()
    rows = []
    for t in sorted(set(choices.ravel().tolist()) - {-1, 0}):
        dealt = int((choices == t).any(axis=1).sum())
        sel = kept_tok == t
        kept = int(sel.sum())
        wins = float(df["win"].to_numpy()[sel].sum())
        rows.append({"token": int(t), "dealt": dealt, "kept": kept, "wins": wins,
                     "used_share": float(df["token_used"].to_numpy()[sel].mean()) if kept else float("nan")})
    out = pl.DataFrame(rows, schema={"token": pl.Int64, "dealt": pl.Int64, "kept": pl.Int64,
                                     "wins": pl.Float64, "used_share": pl.Float64})
    klo, khi = proportion_ci(out["kept"].to_numpy(), out["dealt"].to_numpy(), alpha=alpha)
    wlo, whi = proportion_ci(out["wins"].to_numpy(), out["kept"].to_numpy(), alpha=alpha)
    return out.with_columns(
        keep_share=pl.col("kept") / pl.col("dealt"), keep_ci_low=pl.Series(klo), keep_ci_high=pl.Series(khi),
        win_kept=pl.col("wins") / pl.col("kept"), win_ci_low=pl.Series(wlo), win_ci_high=pl.Series(whi))
