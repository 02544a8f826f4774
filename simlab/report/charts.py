"""Charts for reports: one function per chart, each returns a matplotlib ``Figure``.

The functions take the DataFrames of :mod:`simlab.analysis` (or the raw ``games`` table) and
draw them; they never compute statistics themselves. Figures are built with
``matplotlib.figure.Figure`` directly (no pyplot state, Agg canvas), so they are safe to create
in scripts, tests and worker processes; save them with ``fig.savefig(path)``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import polars as pl  # noqa: E402
from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

__all__ = [
    "win_rate_chart",
    "seat_advantage_chart",
    "game_length_chart",
    "score_curve_chart",
    "matchup_heatmap",
    "card_ranking_chart",
    "card_effects_chart",
    "metric_by_variant_chart",
    "token_values_chart",
]

HIGHLIGHT = "#d62728"
PLAIN = "#1f77b4"
MUTED = "#9a9a9a"
MANY = 12  # more categories than this: drawn as rows (the chart grows down, never wider than the page)


def _figure(width: float = 7.0, height: float = 4.0) -> tuple[Figure, object]:
    fig = Figure(figsize=(width, height), dpi=100, layout="constrained")
    FigureCanvasAgg(fig)
    return fig, fig.add_subplot()


def _errors(df: pl.DataFrame, y: str, lo: str, hi: str) -> np.ndarray:
    """(2, n) non-negative error-bar lengths from interval bounds (NaN -> 0)."""
    v = df[y].cast(pl.Float64).to_numpy()
    low = np.nan_to_num(v - df[lo].cast(pl.Float64).to_numpy(), nan=0.0)
    high = np.nan_to_num(df[hi].cast(pl.Float64).to_numpy() - v, nan=0.0)
    return np.vstack([np.clip(low, 0, None), np.clip(high, 0, None)])


def short_label(label: str) -> str:
    """A variant label without the scenario's paths: "players=2 seats.0.params.cull_policy=1" ->
    "2p cull_policy=1" (the full label stays in the report's tables and appendix)."""
    label = re.sub(r"\bplayers=(\d+)", r"\1p", label)
    label = re.sub(r"\bseats\.(\d+)\.params\.", lambda m: "" if m.group(1) == "0" else f"seat {m.group(1)} ", label)
    return re.sub(r"\b(setup|cards)\.", "", label)


def _short(label: str, width: int = 40) -> str:
    label = short_label(label)
    return label if len(label) <= width else label[: width - 1] + "…"


def _empty(fig: Figure, ax, message: str) -> Figure:
    ax.text(0.5, 0.5, message, ha="center", va="center", transform=ax.transAxes)
    ax.set_axis_off()
    return fig


def metric_by_variant_chart(
    table: pl.DataFrame,
    y: str = "win_rate",
    *,
    x: str = "variant",
    lo: str = "ci_low",
    hi: str = "ci_high",
    group: str | None = None,
    title: str = "",
    ylabel: str | None = None,
    reference: float | None = None,
    percent: bool = True,
    order: Sequence[str] | None = None,
) -> Figure:
    """A metric against the variant (or any ``x``) with interval bars, one line per ``group``.

    Args:
        table: one row per (x, group) with the columns ``y``, ``lo`` and ``hi``.
        reference: draw a dashed horizontal line there (e.g. a fair share of 0.5).
        percent: show ``y`` in percent.
        order: the categories in this order (first at the top or left) instead of by value.
    """
    # categories sorted by value (their mean over the groups), never joined by lines
    ranked = (table.group_by(pl.col(x).cast(pl.String).alias("_x")).agg(pl.col(y).cast(pl.Float64).mean())
              .sort(y, "_x", nulls_last=True)) if not table.is_empty() else table
    xs = (list(order) if order is not None else ranked["_x"].to_list()) if not table.is_empty() else []
    flat = len(xs) > MANY  # many categories: one row each, so the page width never has to grow
    fig, ax = _figure(9.0, max(3.0, 0.26 * len(xs) + 1.5)) if flat else _figure(max(6.0, 0.7 * len(xs) + 3), 4.2)
    if table.is_empty():
        return _empty(fig, ax, "no data")
    scale = 100.0 if percent else 1.0
    groups = list(dict.fromkeys(table[group].to_list())) if group else [None]
    offsets = np.linspace(-0.2, 0.2, len(groups)) if len(groups) > 1 else [0.0]
    for off, g in zip(offsets, groups, strict=True):
        part = table if g is None else table.filter(pl.col(group) == g)
        pos = np.array([xs.index(v) for v in part[x].cast(pl.String).to_list()], dtype=float) + off
        yv = part[y].cast(pl.Float64).to_numpy() * scale
        err = _errors(part, y, lo, hi) * scale
        if flat:
            ax.errorbar(yv, pos, xerr=err, fmt="o", capsize=3, label=None if g is None else str(g))
        else:
            ax.errorbar(pos, yv, yerr=err, fmt="o", capsize=4, label=None if g is None else str(g))
    unit = ylabel or (f"{y} (%)" if percent else y)
    if flat:
        if reference is not None:
            ax.axvline(reference * scale, color=MUTED, linestyle="--", linewidth=1)
        ax.set_yticks(range(len(xs)), [_short(v, 60) for v in xs], fontsize="small")
        ax.set_xlabel(unit)
        ax.grid(axis="x", alpha=0.3)
    else:
        if reference is not None:
            ax.axhline(reference * scale, color=MUTED, linestyle="--", linewidth=1)
        ax.set_xticks(range(len(xs)), [_short(v, 28) for v in xs], rotation=30 if len(xs) > 3 else 0,
                      ha="right" if len(xs) > 3 else "center")
        ax.set_ylabel(unit)
        ax.grid(axis="y", alpha=0.3)
    ax.set_title(title or f"{y} by {x} (95% intervals)")
    if group:
        ax.legend(title=group, fontsize="small")
    return fig


def win_rate_chart(table: pl.DataFrame, *, fair: float | None = None) -> Figure:
    """Win rate by bot and variant with 95% interval bars (``win_rates(seats)`` output)."""
    fig = metric_by_variant_chart(table, "win_rate", group="bot" if "bot" in table.columns else None,
                                  title="Win rate by bot and variant (95% intervals)",
                                  ylabel="win rate (%)", reference=fair)
    return fig


def seat_advantage_chart(table: pl.DataFrame, *, fair: dict[str, float] | float | None = None) -> Figure:
    """Win rate of each seat per variant (``seat_advantage(seats)`` output) with intervals.

    Args:
        fair: the fair share (1/players), one number or per variant; drawn as dashed marks.
    """
    variants = list(dict.fromkeys(table["variant"].to_list())) if not table.is_empty() else []
    flat = len(variants) > MANY  # many variants: one row each, so the page width never has to grow
    fig, ax = (_figure(9.0, max(3.0, 0.3 * len(variants) + 1.5)) if flat
               else _figure(max(6.0, 1.2 * max(1, len(variants)) + 4), 4.2))
    if table.is_empty():
        return _empty(fig, ax, "no data")
    seats = sorted(set(table["seat"].to_list()))
    width = 0.8 / max(1, len(seats))
    bar = ax.barh if flat else ax.bar
    for j, s in enumerate(seats):
        part = table.filter(pl.col("seat") == s)
        pos = np.array([variants.index(v) for v in part["variant"].to_list()]) - 0.4 + width * (j + 0.5)
        err = _errors(part, "win_rate", "ci_low", "ci_high") * 100
        bar(pos, part["win_rate"].to_numpy() * 100, width * 0.9, label=f"seat {s}", capsize=2,
            **({"xerr": err} if flat else {"yerr": err}))
    for i, v in enumerate(variants):
        share = fair.get(v) if isinstance(fair, dict) else fair
        if share is not None:
            (ax.vlines if flat else ax.hlines)(share * 100, i - 0.45, i + 0.45, colors="black", linestyles="--",
                                               linewidth=1)
    if flat:
        ax.set_yticks(range(len(variants)), [_short(v, 60) for v in variants], fontsize="small")
        ax.invert_yaxis()
        ax.set_xlabel("win rate (%)")
        ax.grid(axis="x", alpha=0.3)
    else:
        ax.set_xticks(range(len(variants)), [_short(v, 28) for v in variants],
                      rotation=30 if len(variants) > 3 else 0, ha="right" if len(variants) > 3 else "center")
        ax.set_ylabel("win rate (%)")
        ax.grid(axis="y", alpha=0.3)
    ax.set_title("Win rate by seat (95% intervals; dashed: fair share)")
    ax.legend(fontsize="small")
    return fig


def game_length_chart(games: pl.DataFrame | pl.LazyFrame, *, column: str = "turns") -> Figure:
    """Histogram of game length (``games.turns``), one outline per variant."""
    # the count of games of each length, not every game (bounded memory whatever the study size)
    lf = games.lazy()
    df = lf.group_by("variant", column).agg(k=pl.len()).collect(engine="streaming")
    fig, ax = _figure(7.0, 4.0)
    if df.is_empty():
        return _empty(fig, ax, "no games")
    lo, hi = int(df[column].min()), int(df[column].max())
    bins = np.arange(lo - 0.5, hi + 1.5, max(1, int(np.ceil((hi - lo + 1) / 60))))
    variants = lf.select("variant").unique(maintain_order=True).collect()["variant"].to_list()
    for v in variants[:8]:
        part = df.filter(pl.col("variant") == v)
        ax.hist(part[column].to_numpy(), bins=bins, weights=part["k"].to_numpy(), histtype="step", density=True,
                linewidth=1.5, label=_short(v, 40))
    units = {"turns": "turns (all players together)", "rounds": "rounds (every player one turn)"}
    ax.set_xlabel(units.get(column, column))
    ax.set_ylabel("share of games")
    title = f"Game length ({column})"
    if len(variants) > 8:
        title += f"; first 8 of {len(variants)} variants"
    ax.set_title(title)
    if len(variants) > 1:
        ax.legend(fontsize="small")
    return fig


def score_curve_chart(curves: pl.DataFrame, *, label: str = "seat", unit: str = "points") -> Figure:
    """Mean score at the end of each round, one line per ``label`` value (seat or bot), with
    95% interval bands (``curves``: :func:`simlab.analysis.quality.score_curves`); ``unit`` is
    what the score counts (the y axis's unit)."""
    fig, ax = _figure(7.0, 4.0)
    if curves.is_empty():
        return _empty(fig, ax, "no rounds")
    for (key,), part in curves.sort(label, "round").group_by(label, maintain_order=True):
        x = part["round"].to_numpy()
        ax.plot(x, part["mean"].to_numpy(), marker="o", markersize=3, label=f"{label} {key}")
        ax.fill_between(x, part["ci_low"].to_numpy(), part["ci_high"].to_numpy(), alpha=0.2)
    ax.set_xlabel("round (every player has had a turn)")
    ax.set_ylabel(f"mean score at the end of the round ({unit})")
    ax.set_title("Score by round (95% intervals)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize="small")
    return fig


def matchup_heatmap(table: pl.DataFrame, *, variant: str | None = None) -> Figure:
    """Win rate of each bot (rows) against each opponent (columns), from ``matchup_matrix``."""
    df = table
    if variant is not None and "variant" in df.columns:
        df = df.filter(pl.col("variant") == variant)
    bots = sorted(set(df["bot"].to_list()) | set(df["opponent"].to_list())) if not df.is_empty() else []
    fig, ax = _figure(max(4.5, 1.1 * len(bots) + 2.5), max(3.5, 0.9 * len(bots) + 2))
    if not bots:
        return _empty(fig, ax, "no matchups")
    grid = np.full((len(bots), len(bots)), np.nan)
    n = np.zeros_like(grid)
    for row in df.iter_rows(named=True):
        i, j = bots.index(row["bot"]), bots.index(row["opponent"])
        # several variants: pool by n-weighted mean
        if np.isnan(grid[i, j]):
            grid[i, j], n[i, j] = row["win_rate"], row["n"]
        else:
            tot = n[i, j] + row["n"]
            grid[i, j] = (grid[i, j] * n[i, j] + row["win_rate"] * row["n"]) / tot if tot else grid[i, j]
            n[i, j] = tot
    im = ax.imshow(grid * 100, cmap="RdBu_r", vmin=0, vmax=100)
    for i in range(len(bots)):
        for j in range(len(bots)):
            if not np.isnan(grid[i, j]):
                ax.text(j, i, f"{100 * grid[i, j]:.1f}", ha="center", va="center", fontsize="small")
    ax.set_xticks(range(len(bots)), bots, rotation=30, ha="right")
    ax.set_yticks(range(len(bots)), bots)
    ax.set_xlabel("opponent")
    ax.set_ylabel("bot")
    ax.set_title("Win rate (%) of bot against opponent" + (f"\n{variant}" if variant else ""))
    fig.colorbar(im, ax=ax, label="win rate (%)")
    return fig


def value_heatmap(table: pl.DataFrame, *, row: str, col: str, value: str, title: str, unit: str) -> Figure:
    """A grid of ``value`` by ``row`` (y) and ``col`` (x), cells annotated, diverging colours
    centred on 0; columns sorted by their mean value, rows in order of appearance."""
    rows = list(dict.fromkeys(table[row].to_list())) if not table.is_empty() else []
    means = table.filter(pl.col(value).is_finite()).group_by(col).agg(pl.col(value).mean()).sort(value)
    cols = means[col].to_list()
    fig, ax = _figure(max(6.0, 0.9 * len(cols) + 3), max(3.5, 0.32 * len(rows) + 2))
    if not rows or not cols:
        return _empty(fig, ax, "no values")
    grid = np.full((len(rows), len(cols)), np.nan)
    for r in table.filter(pl.col(value).is_finite()).iter_rows(named=True):
        grid[rows.index(r[row]), cols.index(r[col])] = r[value]
    lim = float(np.nanmax(np.abs(grid))) if np.isfinite(grid).any() else 1.0
    im = ax.imshow(grid, cmap="RdBu_r", vmin=-lim, vmax=lim, aspect="auto")
    for i in range(len(rows)):
        for j in range(len(cols)):
            if np.isfinite(grid[i, j]):
                ax.text(j, i, f"{grid[i, j]:.0f}", ha="center", va="center", fontsize="x-small")
    ax.set_xticks(range(len(cols)), [_short(str(c), 20) for c in cols], rotation=30, ha="right")
    ax.set_yticks(range(len(rows)), [_short(str(r), 24) for r in rows], fontsize="small")
    ax.set_title(title)
    fig.colorbar(im, ax=ax, label=unit)
    return fig


def _interval_rows(ax, df: pl.DataFrame, label: str, y: str, lo: str, hi: str, flagged: Sequence[bool],
                   scale: float = 100.0) -> None:
    names = [_short(str(v), 32) for v in df[label].to_list()]
    pos = np.arange(len(names))[::-1]
    err = _errors(df, y, lo, hi) * scale
    colors = [HIGHLIGHT if f else PLAIN for f in flagged]
    vals = df[y].cast(pl.Float64).to_numpy() * scale
    for k in range(len(names)):
        ax.errorbar(vals[k], pos[k], xerr=err[:, k : k + 1], fmt="o", color=colors[k], capsize=3)
    ax.axvline(0, color=MUTED, linestyle="--", linewidth=1)
    ax.set_yticks(pos, names)
    ax.grid(axis="x", alpha=0.3)


def card_ranking_chart(metrics: pl.DataFrame, *, by: str = "iwd", label: str = "card", top: int = 40) -> Figure:
    """Cards ranked by ``by`` (IWD by default) with 95% intervals; cards whose interval excludes
    zero are highlighted (red). At most ``top`` cards: the top and bottom halves of the ranking."""
    lo, hi = f"{by}_ci_low", f"{by}_ci_high"
    df = metrics.filter(pl.col(by).is_not_null() & pl.col(by).is_not_nan()).sort(by, descending=True)
    if df.height > top:
        df = pl.concat([df.head(top // 2), df.tail(top - top // 2)])
    fig, ax = _figure(7.5, max(3.0, 0.28 * df.height + 1.5))
    if df.is_empty():
        return _empty(fig, ax, "no card metrics")
    flagged = ((df[lo] > 0) | (df[hi] < 0)).fill_null(False).to_list()
    _interval_rows(ax, df, label, by, lo, hi, flagged)
    ax.set_xlabel(f"{by} (percentage points, 95% interval)")
    ax.set_title(f"Cards ranked by {by} (red: interval excludes 0, uncorrected)")
    return fig


def card_effects_chart(effects: pl.DataFrame, *, label: str = "card") -> Figure:
    """Causal effect of each card (win rate with the card in the game minus without), with 95%
    intervals; cards flagged after the multiple-comparison correction are highlighted (red)."""
    df = effects.sort("diff", descending=True) if not effects.is_empty() else effects
    fig, ax = _figure(7.5, max(3.0, 0.3 * df.height + 1.5))
    if df.is_empty():
        return _empty(fig, ax, "no card effects")
    flagged = df["flagged"].fill_null(False).to_list() if "flagged" in df.columns else [False] * df.height
    _interval_rows(ax, df, label, "diff", "ci_low", "ci_high", flagged)
    ax.set_xlabel("win rate in - win rate out (percentage points, 95% interval)")
    ax.set_title("Card effects on the focal bot\n(red: real after the multiple-comparison correction)", fontsize=10)
    return fig


def token_values_chart(table: pl.DataFrame, *, label: str = "token", group: str = "players") -> Figure:
    """Fair prestige value of each token (dot, 95% interval) next to its printed value (cross),
    one colour per ``group`` value (``token_values`` output with a ``group`` column added)."""
    fig, ax = _figure(8.0, 4.5)
    if table.is_empty():
        return _empty(fig, ax, "no token values")
    names = list(dict.fromkeys(table[label].to_list()))
    groups = list(dict.fromkeys(table[group].to_list()))
    width = 0.8 / max(1, len(groups))
    for j, g in enumerate(groups):
        part = table.filter(pl.col(group) == g)
        pos = np.array([names.index(t) for t in part[label].to_list()]) - 0.4 + width * (j + 0.5)
        vals = part["fair_value"].to_numpy()
        err = np.abs(np.vstack([vals - part["ci_low"].to_numpy(), part["ci_high"].to_numpy() - vals]))
        ax.errorbar(pos, vals, yerr=err, fmt="o", capsize=3, label=f"fair value, {group}={g}")
    printed = table.group_by(label, maintain_order=True).agg(pl.col("printed").first())
    ax.scatter([names.index(t) for t in printed[label].to_list()], printed["printed"].to_numpy(), marker="x",
               s=80, color="black", zorder=5, label="printed value")
    ax.set_xticks(range(len(names)), [str(n) for n in names])
    ax.set_xlabel(label)
    ax.set_ylabel("prestige points")
    ax.set_title("Fair value (holding the token wins as often as holding none) vs printed, 95% intervals",
                 fontsize=10)
    ax.axhline(0, color=MUTED, linewidth=1)
    ax.grid(axis="y", alpha=0.3)
    ax.legend(fontsize="small")
    return fig
