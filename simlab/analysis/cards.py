"""Card metrics over any game's card table, paired card effects, and card rankings.

The ``cards`` table has one row per (game, seat, card available in that game): a card with no
rows in a game was not available in it. Win values count a k-way shared win as 1/k
(:func:`simlab.analysis.winrates.win_value`).
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import polars as pl

from simlab.analysis.stats import (
    adjust,
    cluster_moments,
    cluster_sums,
    contrast_from_moments,
    paired_difference,
    proportion_ci,
)
from simlab.analysis.winrates import win_value

__all__ = ["card_metrics", "card_effects", "rank_cards"]

_GROUPS = ("available", "unavailable", "acquired", "not_acquired")
#: games of one variant read at a time by :func:`card_metrics` (its memory is bounded by a batch)
GAMES_PER_BATCH = 50_000
#: cards-table columns timing a card (0 = never): the round a seat first bought, summoned, played
#: or cast it (every game), and its place in the prelude draft (Seasons)
TIMING_COLUMNS = ("first_round", "pick")


def card_metrics(seats: pl.LazyFrame | pl.DataFrame, cards: pl.LazyFrame | pl.DataFrame,
                 alpha: float = 0.05) -> pl.DataFrame:
    """Availability, pick and play rates and win rates of every card in every variant.

    A *seat-game* is one seat in one game. For each (variant, card) the seat-games split into
    those where the card was available (the game has rows for it) or not, and the available
    ones into those where the seat acquired it (``acquired > 0``) or not. Win rates are win
    value (shared wins 1/k) per seat-game, with intervals from ``proportion_ci`` (Wilson;
    Clopper-Pearson below 30 seat-games). ``iwd`` ("improvement when drawn", here: when
    acquired) compares the seats that acquired the card with the seats that could have but did
    not; it is observational (strong seats may buy more), so use :func:`card_effects` on paired
    variants for causal effects. Works for any game; rows of ``cards`` repeated for the same
    (game, seat, card) are summed first.

    Args:
        seats: the ``seats`` table.
        cards: the ``cards`` table.
        alpha: 1 - confidence level.

    Returns:
        one row per (variant, card), sorted by variant and card, with columns:

        - ``variant``, ``card`` (+ ``card_id`` when the table has it);
        - ``games``: games in the variant; ``games_available``: games where the card was
          available; ``availability`` = games_available / games;
        - ``seats_available``: seat-games where it was available (= ``n_available``);
        - ``acquired_rate``: share of available seat-games with acquired > 0;
        - ``acquired_per_game`` and ``played_per_game``: mean ``acquired`` / ``played`` over
          available seat-games;
        - ``n_available``, ``win_rate_available``, ``win_rate_available_ci_low``,
          ``win_rate_available_ci_high``: seats in games with the card;
        - ``n_unavailable``, ``win_rate_unavailable`` (+ ``_ci_low``, ``_ci_high``): seats in
          the variant's games without the card (NaN when it was always available);
        - ``n_acquired``, ``win_rate_acquired`` (+ ci): seats that acquired it;
        - ``n_not_acquired``, ``win_rate_not_acquired`` (+ ci): seats where it was available
          but acquired == 0;
        - ``iwd`` = win_rate_acquired - win_rate_not_acquired, ``iwd_ci_low``, ``iwd_ci_high``
          (game-clustered normal interval, :func:`~simlab.analysis.stats.clustered_contrast`:
          the seats of one game are dependent) and ``iwd_p_value`` (two-sided, same variance).

        - where the cards table has them (:data:`TIMING_COLUMNS`): ``first_round_mean``, the
          mean round in which a seat first bought, summoned, played or cast the card, over the
          ``first_round_n`` seat-games that did; ``pick_mean``, the mean place of the card in
          the prelude draft (1 = first pick; Seasons), over ``pick_n`` seat-games that drafted it;
          ``used_n``, the seat-games that acquired the card and also bought/played it, and
          ``used_rate`` = used_n / n_acquired (the rest held it; a card can enter play without
          being acquired first, so first_round_n may exceed used_n).

        Rates with n = 0 are NaN.
    """
    cl = cards.lazy()
    names = cl.collect_schema().names()
    has_id = "card_id" in names
    # group on the integer ids when the tables have them (the runner writes both): hashing
    # strings over every seat-game row costs twice the time and memory; names are joined at the end
    sl = seats.lazy()
    vk = "variant_id" if "variant_id" in names and "variant_id" in sl.collect_schema().names() else "variant"

    def seat_wins(part: pl.LazyFrame) -> pl.LazyFrame:
        # win values of a batch of whole games: the rows are picked before win_value, whose
        # shared-win window would otherwise run over every game of the study for every batch
        return win_value(part).select(*dict.fromkeys([vk, "variant"]), "game_id", "seat", "win")

    # one variant at a time below (the Parquet scan reads only its rows): memory is bounded by the
    # largest variant, not the study (seasons_cards: 87 million card rows in 3 variants)
    keys = sl.select(vk).unique().collect()[vk].sort().to_list()
    ck = "card"
    if has_id and keys:  # card_id is the key only where it names one card (tables a user builds may reuse ids)
        card_names = pl.concat([
            cl.filter(pl.col(vk) == k).group_by(vk, "card_id")
            .agg(pl.col("card").first(), _names=pl.col("card").n_unique()).collect(engine="streaming")
            for k in keys])
        if card_names["_names"].max() in (None, 1):
            ck, card_names = "card_id", card_names.drop("_names").lazy()

    def totals_of(sw_v: pl.LazyFrame) -> pl.DataFrame:
        return sw_v.group_by(vk).agg(
            *([pl.col("variant").first()] if vk != "variant" else []),
            games=pl.col("game_id").n_unique(), seat_games=pl.len(), wins_total=pl.col("win").sum(),
        ).collect()

    # the rounds a seat first bought/played the card and its prelude pick, where the game keeps
    # them (0 = never): a seat's earliest, then summed with a count per card, so means add up
    timing = [c for c in TIMING_COLUMNS if c in names]
    seat_timing = [pl.col(c).filter(pl.col(c) > 0).min() for c in timing]
    game_timing = [e for c in timing for e in (pl.col(c).sum().alias(f"_{c}_sum"), pl.col(c).count().alias(f"_{c}_n"))]
    if "first_round" in timing:  # seats that acquired the card and then used it
        game_timing.append((pl.col("_acq") & pl.col("first_round").is_not_null()).sum().alias("_used_n"))

    def per_game_of(cl_v: pl.LazyFrame, sw_v: pl.LazyFrame) -> pl.DataFrame:
        # one pass over the seat-games: per (variant, card, game) the sums both the rates and the
        # game-clustered IWD need (memory: card-games, not seat-games; the table is not read twice)
        return (
            cl_v.group_by(vk, "game_id", "seat", ck)
            .agg(pl.col("acquired").sum(), pl.col("played").sum(), *seat_timing)
            .join(sw_v.select(vk, "game_id", "seat", "win"), on=[vk, "game_id", "seat"], how="inner")
            .with_columns(_acq=pl.col("acquired") > 0)
            .group_by(vk, ck, "game_id")
            .agg(*cluster_sums("_acq", "win"), pl.col("acquired").sum(), pl.col("played").sum(), *game_timing)
            .collect(engine="streaming")
        )

    # a batch of games at a time (issue 12): the per-game sums are reduced at once to per-card sums
    # and second moments (stats.cluster_moments), which add up over batches, so memory is bounded
    # by a batch, not by the variant or the study; the clustered IWD comes from the moments
    sums = [pl.col("acquired").sum(), pl.col("played").sum(),
            *(pl.col(f"_{c}_{k}").sum() for c in timing for k in ("sum", "n")),
            *([pl.col("_used_n").sum()] if "first_round" in timing else [])]
    parts, total_parts = [], []
    if keys:
        spans = sl.group_by(vk).agg(lo=pl.col("game_id").min(), hi=pl.col("game_id").max()).collect()
        for k, lo, hi in spans.sort(vk).iter_rows():
            for start in range(int(lo), int(hi) + 1, GAMES_PER_BATCH):
                pick = (pl.col(vk) == k) & pl.col("game_id").is_between(start, start + GAMES_PER_BATCH - 1)
                sw_b = seat_wins(sl.filter(pick))
                parts.append(per_game_of(cl.filter(pick), sw_b).group_by(vk, ck).agg(*cluster_moments(), *sums))
                total_parts.append(totals_of(sw_b))  # a batch holds whole games: the counts add up
    else:
        parts.append(per_game_of(cl, seat_wins(sl)).group_by(vk, ck).agg(*cluster_moments(), *sums))
        total_parts.append(totals_of(seat_wins(sl)))
    moments = pl.concat(parts).group_by(vk, ck).agg(pl.all().sum())
    totals = (pl.concat(total_parts).group_by(vk)
              .agg(*([pl.col("variant").first()] if vk != "variant" else []),
                   pl.col("games", "seat_games", "wins_total").sum()).lazy())
    if ck == "card":
        card_names = (cl.group_by(vk, "card").agg(pl.col("card_id").first()) if has_id
                      else moments.lazy().select(vk, ck).unique())
    timing_means = [e for c in timing for e in (
        pl.when(pl.col(f"_{c}_n") > 0).then(pl.col(f"_{c}_sum").cast(pl.Float64) / pl.col(f"_{c}_n"))
        .otherwise(float("nan")).alias(f"{c}_mean"),
        pl.col(f"_{c}_n").cast(pl.Int64).alias(f"{c}_n"))]
    if "first_round" in timing:
        timing_means.append(pl.col("_used_n").cast(pl.Int64).alias("used_n"))
    out = (
        moments.lazy()
        .select(
            vk, ck, *timing_means,
            games_available=pl.col("games").cast(pl.Int64),
            n_available=pl.col("sum_a1") + pl.col("sum_a0"),
            wins_available=pl.col("sum_b1") + pl.col("sum_b0"),
            n_acquired=pl.col("sum_a1"),
            wins_acquired=pl.col("sum_b1"),
            acquired_per_game=pl.col("acquired").cast(pl.Float64) / (pl.col("sum_a1") + pl.col("sum_a0")),
            played_per_game=pl.col("played").cast(pl.Float64) / (pl.col("sum_a1") + pl.col("sum_a0")),
        )
        .join(totals, on=vk, how="left")
        .join(card_names, on=[vk, ck], how="left")
        .with_columns(
            n_unavailable=pl.col("seat_games") - pl.col("n_available"),
            wins_unavailable=pl.col("wins_total") - pl.col("wins_available"),
            n_not_acquired=pl.col("n_available") - pl.col("n_acquired"),
            wins_not_acquired=pl.col("wins_available") - pl.col("wins_acquired"),
        )
        .sort("variant", "card")
        .collect()
    )
    cols: dict[str, np.ndarray] = {}
    for g in _GROUPS:
        k = out[f"wins_{g}"].to_numpy().astype(float)
        n = out[f"n_{g}"].to_numpy().astype(float)
        # the "unavailable" wins are a difference of float sums: clip the rounding noise
        k = np.clip(k, 0.0, n)
        lo, hi = proportion_ci(k, n, alpha=alpha)
        with np.errstate(divide="ignore", invalid="ignore"):
            cols[f"win_rate_{g}"] = np.where(n > 0, k / np.where(n > 0, n, 1.0), np.nan)
        cols[f"win_rate_{g}_ci_low"] = lo
        cols[f"win_rate_{g}_ci_high"] = hi
        cols[f"_k_{g}"] = k
    # IWD: the seats of one game fall in both groups (buyers and non-buyers), so its interval is
    # game-clustered (issue 11: the naive interval treated them as independent)
    d = (contrast_from_moments(moments, by=(vk, ck), alpha=alpha)
         .join(out.select(vk, ck), on=[vk, ck], how="right")
         .with_columns(diff=pl.col("win_yes") - pl.col("win_no")))
    out = out.with_columns(
        *(pl.Series(name, v, dtype=pl.Float64) for name, v in cols.items() if not name.startswith("_")),
        availability=pl.col("games_available") / pl.col("games"),
        seats_available=pl.col("n_available"),
        acquired_rate=pl.col("n_acquired") / pl.col("n_available"),
        iwd=d["diff"].cast(pl.Float64),
        iwd_ci_low=d["ci_low"].cast(pl.Float64),
        iwd_ci_high=d["ci_high"].cast(pl.Float64),
        iwd_p_value=d["p_value"].cast(pl.Float64),
    )
    order = ["variant", "card", *(["card_id"] if has_id else []), "games", "games_available", "availability",
             "seats_available", "acquired_rate", "acquired_per_game", "played_per_game"]
    for g in _GROUPS:
        order += [f"n_{g}", f"win_rate_{g}", f"win_rate_{g}_ci_low", f"win_rate_{g}_ci_high"]
    order += ["iwd", "iwd_ci_low", "iwd_ci_high", "iwd_p_value"]
    order += [f"{c}_{k}" for c in timing for k in ("mean", "n")]
    if "first_round" in timing:
        out = out.with_columns(used_rate=pl.when(pl.col("n_acquired") > 0)
                               .then(pl.col("used_n") / pl.col("n_acquired")).otherwise(float("nan")))
        order += ["used_n", "used_rate"]
    counts = {"games", "games_available", "seats_available", *(f"n_{g}" for g in _GROUPS)}
    return out.select(pl.col(c).cast(pl.Int64) if c in counts else pl.col(c) for c in order)


def card_effects(seats: pl.LazyFrame | pl.DataFrame, arms: Mapping[str, tuple[str, str]],
                 focal_bot_row: int = 0, correction: str = "holm", alpha: float = 0.05) -> pl.DataFrame:
    """Causal effect of each card on the focal bot's win rate, from paired variants.

    For each card, ``arms[card] = (variant_in, variant_out)`` names two variants of the study
    that differ only in that card (e.g. the focal bot may buy it, or the card is in the game,
    versus not). Because every variant plays the same game_ids on the same random streams, the
    focal seat's outcome (the seat whose ``bot_row == focal_bot_row``; its win value, a k-way
    shared win 1/k; the mean over seats if that bot row holds several) is paired by game_id,
    and the difference is estimated with :func:`~simlab.analysis.stats.paired_difference`
    (normal interval on per-game differences, t below 30 pairs). The p-values of all cards form
    one family, corrected with :func:`~simlab.analysis.stats.adjust`.

    Args:
        seats: the ``seats`` table holding every variant named in ``arms``.
        arms: card name -> (variant_in, variant_out) variant labels.
        focal_bot_row: the bot row whose seat is measured.
        correction: "holm" (family-wise error), "fdr_bh" (Benjamini-Hochberg false discovery
            rate), "bonferroni" or "none".
        alpha: level of the intervals and of the correction.

    Returns:
        columns ``card, n, win_in, win_out, diff, ci_low, ci_high, p_value, p_adjusted,
        flagged`` (+ ``se``, ``variance_reduction``, ``variant_in``, ``variant_out``), sorted by diff descending:
        ``n`` games present in both variants, ``win_in``/``win_out`` the focal win rate over
        them, ``diff`` = win_in - win_out and its interval (not corrected for multiplicity),
        ``p_value`` raw two-sided, ``p_adjusted`` after the correction, ``flagged`` = rejected
        after the correction at ``alpha``.

    Raises:
        ValueError: a variant label of ``arms`` is not in ``seats``.
    """
    focal = (
        win_value(seats)
        .filter(pl.col("bot_row") == focal_bot_row)
        .group_by("variant", "game_id")
        .agg(pl.col("win").mean())
        .collect()
    )
    by_variant = {key[0]: df.select("game_id", "win")
                  for key, df in focal.partition_by("variant", as_dict=True).items()}
    known = set(seats.lazy().select(pl.col("variant").unique()).collect()["variant"].to_list())
    rows = []
    for card, (v_in, v_out) in arms.items():
        for v in (v_in, v_out):
            if v not in known:
                raise ValueError(f"arms[{card!r}]: unknown variant {v!r}; expected one of {sorted(known)}")
        empty = pl.DataFrame(schema={"game_id": pl.Int64, "win": pl.Float64})
        paired = (
            by_variant.get(v_in, empty)
            .join(by_variant.get(v_out, empty), on="game_id", suffix="_out")
            .sort("game_id")
        )
        r = paired_difference(paired["win"].to_numpy(), paired["win_out"].to_numpy(), alpha=alpha)
        rows.append({"card": card, "n": r["n"], "win_in": r["mean_x"], "win_out": r["mean_y"],
                     "diff": r["diff"], "ci_low": r["ci_low"], "ci_high": r["ci_high"],
                     "p_value": r["p_value"], "se": r["se"], "variance_reduction": r["variance_reduction"],
                     "variant_in": v_in, "variant_out": v_out})
    schema = {"card": pl.String, "n": pl.Int64, "win_in": pl.Float64, "win_out": pl.Float64,
              "diff": pl.Float64, "ci_low": pl.Float64, "ci_high": pl.Float64, "p_value": pl.Float64,
              "se": pl.Float64, "variance_reduction": pl.Float64, "variant_in": pl.String, "variant_out": pl.String}
    out = pl.DataFrame(rows, schema=schema)
    reject, p_adj = adjust(out["p_value"].to_numpy(), method=correction or "none", alpha=alpha)
    out = out.with_columns(p_adjusted=pl.Series(p_adj, dtype=pl.Float64),
                           flagged=pl.Series(reject, dtype=pl.Boolean))
    out = out.sort(pl.col("diff").fill_nan(None), descending=True, nulls_last=True)
    return out.select("card", "n", "win_in", "win_out", "diff", "ci_low", "ci_high", "p_value",
                      "p_adjusted", "flagged", "se", "variance_reduction", "variant_in", "variant_out")


def rank_cards(metrics: pl.DataFrame, by: str = "iwd", descending: bool = True) -> pl.DataFrame:
    """Sort a card table (from :func:`card_metrics` or :func:`card_effects`) and number the rows.

    Args:
        metrics: a DataFrame with a ``card`` column and the column ``by``.
        by: the column to rank on, e.g. "iwd", "acquired_rate", "win_rate_acquired", "diff".
        descending: largest first (default).

    Returns:
        ``metrics`` with a leading ``rank`` column (1 = first; ties broken by the order of
        appearance), ranked within each variant when there is a ``variant`` column, sorted by
        variant then rank. Rows where ``by`` is NaN or null come last.
    """
    if by not in metrics.columns:
        raise ValueError(f"by: unknown column {by!r}; expected one of {metrics.columns}")
    key = pl.col(by)
    if metrics.schema[by].is_float():
        key = key.fill_nan(None)
    group = ["variant"] if "variant" in metrics.columns else []
    sort_cols = [*group, key]
    out = metrics.sort(sort_cols, descending=[False] * len(group) + [descending], nulls_last=True,
                       maintain_order=True)
    rank = pl.int_range(1, pl.len() + 1, dtype=pl.Int64)
    out = out.with_columns((rank.over(group) if group else rank).alias("rank"))
    return out.select("rank", *metrics.columns)
