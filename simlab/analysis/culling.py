"""Quarriors culling study: the value of a cull, deck composition, and three player claims.

Works on the Quarriors `seats` table (columns documented in docs/quarriors.md).
"""

from __future__ import annotations

from collections.abc import Mapping

import polars as pl

from simlab.analysis.stats import clustered_contrast, paired_difference
from simlab.analysis.winrates import win_value

__all__ = ["cull_arms", "policy_arms", "cull_value", "composition_over_turns", "first_scorer_edge", "level3_swing"]

DELTA_PATH = "seats.0.params.cull_delta"
POLICY_PATH = "seats.0.params.cull_policy"


def cull_arms(manifest: Mapping) -> dict[str, tuple[str, str]]:
    """Pairs of variants that differ only in the focal bot's ``cull_delta`` (from a study's
    manifest): ``"<rest of label>: one more cull"`` -> (delta +1 variant, delta 0 variant) and
    ``"... one fewer cull"`` -> (delta -1 variant, delta 0 variant)."""
    by_rest: dict[tuple, dict[float, str]] = {}
    for v in manifest["variants"]:
        sweep = v.get("sweep", {})
        if DELTA_PATH not in sweep:
            continue
        rest = tuple(sorted((k, str(x)) for k, x in sweep.items() if k != DELTA_PATH)) + (("players", v["players"]),)
        by_rest.setdefault(rest, {})[float(sweep[DELTA_PATH])] = v["label"]
    arms = {}
    for rest, labels in by_rest.items():
        if 0.0 not in labels:
            continue
        name = " ".join(f"{k.split('.')[-1]}={x}" for k, x in rest)
        if 1.0 in labels:
            arms[f"{name}: one more cull"] = (labels[1.0], labels[0.0])
        if -1.0 in labels:
            arms[f"{name}: one fewer cull"] = (labels[-1.0], labels[0.0])
    return arms


def policy_arms(manifest: Mapping, field_policy: int = 1) -> dict[str, tuple[str, str]]:
    """Pairs of variants that differ only in the focal bot's ``cull_policy``, each against the field's
    own policy (``field_policy``, Basic Quiddity first in the culling study) at the same player count
    and the usual number of culls: ``"<players>p: policy <p> vs <field>"`` -> (variant, field variant).
    Every variant of a study replays the same game ids, so the pairs share their seeds."""
    field: dict[int, str] = {}
    others: list[tuple[int, int, str]] = []
    for v in manifest["variants"]:
        sweep = v.get("sweep", {})
        if POLICY_PATH not in sweep or float(sweep.get(DELTA_PATH, 0)) != 0.0:
            continue
        pol = int(sweep[POLICY_PATH])
        if pol == field_policy:
            field[int(v["players"])] = v["label"]
        else:
            others.append((int(v["players"]), pol, v["label"]))
    return {f"{players}p: policy {pol} vs {field_policy}": (label, field[players])
            for players, pol, label in sorted(others) if players in field}


def cull_value(seats: pl.LazyFrame | pl.DataFrame, arms: Mapping[str, tuple[str, str]],
               focal_bot_row: int = 0, alpha: float = 0.05) -> pl.DataFrame:
    """Paired change in the focal bot's win rate between two variants run on the same seeds.

    Args:
        seats: the seats table.
        arms: label -> (variant_treated, variant_baseline), e.g.
            ``{"one extra cull": ("... cull_delta=1", "... cull_delta=0")}``.
        focal_bot_row: the bot row whose seat is compared (rotation moves it between seats).

    Returns:
        [comparison, n, win_treated, win_baseline, diff, ci_low, ci_high, p_value, se,
        variance_reduction (:func:`~simlab.analysis.stats.paired_difference`), identical]: the
        interval is a paired normal interval on per-game differences (same game ids in both variants);
        ``identical`` marks a pair whose every game has the same outcome (the two arms played the same
        games, so there is nothing to test).
    """
    focal = win_value(seats).filter(pl.col("bot_row") == focal_bot_row)
    rows = []
    for label, (treated, base) in arms.items():
        a = focal.filter(pl.col("variant") == treated).select("game_id", "win")
        b = focal.filter(pl.col("variant") == base).select("game_id", pl.col("win").alias("win_b"))
        j = a.join(b, on="game_id").collect()
        res = paired_difference(j["win"].to_numpy(), j["win_b"].to_numpy(), alpha=alpha)
        rows.append({"comparison": label, "n": res["n"], "win_treated": float(j["win"].mean()),
                     "win_baseline": float(j["win_b"].mean()), "diff": res["diff"],
                     "ci_low": res["ci_low"], "ci_high": res["ci_high"], "p_value": res["p_value"],
                     "se": res["se"], "variance_reduction": res["variance_reduction"],
                     # the same games (e.g. one fewer cull for a bot that never culls): nothing to test
                     "identical": bool(j.height > 0 and (j["win"] == j["win_b"]).all())})
    return pl.DataFrame(rows)


def composition_over_turns(seats: pl.LazyFrame | pl.DataFrame, by: tuple[str, ...] = ("variant", "bot")
                           ) -> pl.DataFrame:
    """Mean dice and Basic Quiddity owned at the start of own turns 3, 6 and 9, per group.

    Seats whose game ended before a snapshot turn (value -1) are left out of that turn's mean;
    ``n`` says how many seats each mean rests on.

    Returns:
        [*by, turn, n, dice_owned, quiddity_owned, quiddity_share] (long format).
    """
    lf = seats.lazy()
    parts = []
    for turn in (3, 6, 9):
        d, q = f"dice_owned_t{turn}", f"quiddity_owned_t{turn}"
        parts.append(
            lf.filter(pl.col(d) >= 0).group_by(list(by)).agg(
                n=pl.len(), dice_owned=pl.col(d).mean(), quiddity_owned=pl.col(q).mean(),
                quiddity_share=(pl.col(q) / pl.col(d)).mean(),
            ).with_columns(turn=pl.lit(turn, pl.Int8))
        )
    return pl.concat(parts).collect().sort([*by, "turn"]).select([*by, "turn", "n", "dice_owned",
                                                                   "quiddity_owned", "quiddity_share"])


def first_scorer_edge(seats: pl.LazyFrame | pl.DataFrame, alpha: float = 0.05) -> pl.DataFrame:
    """Claim: the first player to score keeps a lasting edge.

    The first scorer of a game is the seat whose first score came earliest in play order
    (own turn number, then seat). Seat order moves both the chance of scoring first and the
    chance of winning (the first seat plays first), so the first scorer is compared with the
    others *within each seat* and the seat differences are combined (Mantel-Haenszel weights;
    :func:`~simlab.analysis.stats.clustered_contrast` with ``strata=("seat",)``). The seats of one
    game are dependent, so the interval is game-clustered. Still observational: a strong start
    both scores early and wins.

    Returns:
        one row per variant: [variant, n_yes, win_yes, n_no, win_no, diff (within seat), se,
        ci_low, ci_high, p_value, se_naive, games, diff_unstratified (first scorer minus the
        others, seats pooled: what seat order adds)].
    """
    df = win_value(seats).select("variant", "game_id", "seat", "first_score_turn", "win").collect()
    order = pl.when(pl.col("first_score_turn") > 0).then(pl.col("first_score_turn") * 8 + pl.col("seat")
                                                          ).otherwise(10**6)
    df = df.with_columns(order=order).with_columns(
        first_scorer=(pl.col("order") == pl.col("order").min().over("variant", "game_id")) & (pl.col("order") < 10**6))
    within = clustered_contrast(df, "first_scorer", by=("variant",), strata=("seat",), alpha=alpha)
    pooled = clustered_contrast(df, "first_scorer", by=("variant",), alpha=alpha)
    return within.join(pooled.select("variant", diff_unstratified="diff"), on="variant", how="left")


def level3_swing(seats: pl.LazyFrame | pl.DataFrame, alpha: float = 0.05) -> pl.DataFrame:
    """Claim: level-3 creatures swing games. Win rate of seats that summoned at least one level-3
    creature against seats that summoned none (observational, per variant; game-clustered
    interval, since the seats of one game fall in both groups).

    Returns:
        one row per variant: [variant, n_yes, win_yes, n_no, win_no, diff, se, ci_low, ci_high,
        p_value, se_naive, games].
    """
    df = (win_value(seats).with_columns(level3=pl.col("summoned_l3") > 0)
          .select("variant", "game_id", "level3", "win").collect())
    return clustered_contrast(df, "level3", by=("variant",), alpha=alpha)
