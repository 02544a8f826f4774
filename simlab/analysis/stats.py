"""Statistics shared by every analysis.

Intervals for proportions (Wilson, Clopper-Pearson), for paired and unpaired differences,
multiple-comparison control (Holm, Benjamini-Hochberg), a sample-size planner and an
equivalence test (TOST).
"""

from __future__ import annotations

import numpy as np
import polars as pl
from scipy import stats
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import proportion_confint

__all__ = [
    "proportion_ci",
    "paired_difference",
    "difference_ci",
    "adjust",
    "games_for_half_width",
    "equivalence",
    "excludes",
    "clustered_contrast",
    "equivalence_verdict",
    "cochran_q",
    "WIN_RATE_MARGIN",
    "PRESTIGE_MARGIN",
]

SMALL_N = 30  # below this many trials: exact (Clopper-Pearson) interval, t instead of normal

#: Equivalence margin for win rates and their differences: a result within +-1 percentage point
#: of fair (or of the other arm) is called "fair" / "no difference", and only by an equivalence test.
WIN_RATE_MARGIN = 0.01
#: Equivalence margin for prestige-valued quantities (a token's worth against its printed value).
PRESTIGE_MARGIN = 1.0
#: Power the games-needed planner aims for in an equivalence test when the true difference is 0.
EQUIVALENCE_POWER = 0.8


def proportion_ci(successes, trials, alpha: float = 0.05, method: str = "auto"):
    """Confidence interval of a proportion (arrays allowed).

    Args:
        successes: number of successes (wins), scalar or array.
        trials: number of trials (games), scalar or array; 0 gives NaN bounds.
        alpha: 1 - confidence level.
        method: "wilson", "beta" (Clopper-Pearson) or "auto": Wilson, but Clopper-Pearson where
            fewer than 30 trials.

    Returns:
        (low, high) as float arrays.
    """
    k = np.asarray(successes, dtype=float)
    n = np.asarray(trials, dtype=float)
    safe_n = np.where(n > 0, n, 1.0)
    if method == "auto":
        lo_w, hi_w = proportion_confint(k, safe_n, alpha=alpha, method="wilson")
        lo_b, hi_b = proportion_confint(k, safe_n, alpha=alpha, method="beta")
        lo = np.where(n < SMALL_N, lo_b, lo_w)
        hi = np.where(n < SMALL_N, hi_b, hi_w)
    elif method in ("wilson", "beta"):
        lo, hi = proportion_confint(k, safe_n, alpha=alpha, method=method)
    else:
        raise ValueError(f"method: bad value {method!r}; expected 'auto', 'wilson' or 'beta'")
    lo = np.where(n > 0, lo, np.nan)
    hi = np.where(n > 0, hi, np.nan)
    return lo, hi


def _norm_or_t_quantile(alpha: float, df: float | None) -> float:
    """Two-sided critical value: Student t with ``df`` degrees of freedom, or normal when None."""
    if df is None:
        return float(stats.norm.ppf(1.0 - alpha / 2.0))
    return float(stats.t.ppf(1.0 - alpha / 2.0, df))


def paired_difference(x, y, alpha: float = 0.05) -> dict:
    """Difference of means of paired per-game outcomes (common random numbers).

    ``x[i]`` and ``y[i]`` are the outcome of the same game (same ``game_id``, same random streams)
    under two variants: 0/1 wins, or fractional (a k-way shared win worth 1/k). The interval is
    built on the per-game differences ``d = x - y``: ``mean(d) +- q * sd(d) / sqrt(n)``, with ``q``
    from the normal distribution, or from Student's t with n - 1 degrees of freedom when fewer
    than 30 pairs (then the p-value equals the paired t-test's, ``scipy.stats.ttest_rel``).
    Pairing removes the variance the two variants share, so the interval is narrower than the
    unpaired one (:func:`difference_ci`) whenever the outcomes are positively correlated.

    Args:
        x: outcomes under the first variant (1-D array-like).
        y: outcomes of the same games under the second variant, same length and order.
        alpha: 1 - confidence level.

    Returns:
        dict with ``diff`` (mean(x) - mean(y)), ``ci_low``, ``ci_high``, ``se`` (standard error of
        the mean difference), ``n`` (pairs) and ``p_value`` (two-sided, H0: no difference); also
        ``mean_x``, ``mean_y``, ``sd`` (per-game sd of the differences) and ``variance_reduction``,
        ``1 - var(d) / (var(x) + var(y))``: the share of the unpaired variance that pairing removed
        (0 for independent arms, 1 when every game gives both arms the same outcome; NaN when
        neither arm varies). NaN when n == 0 (and
        the interval and p-value are NaN when n == 1). When every difference is equal the
        interval collapses to that value and the p-value is 1 if it is 0, else 0.
    """
    x = np.asarray(x, dtype=float).ravel()
    y = np.asarray(y, dtype=float).ravel()
    if x.shape != y.shape:
        raise ValueError(f"x and y must have the same length, got {x.size} and {y.size}")
    n = int(x.size)
    nan = float("nan")
    out = {"diff": nan, "ci_low": nan, "ci_high": nan, "se": nan, "n": n, "p_value": nan,
           "mean_x": nan, "mean_y": nan, "sd": nan, "variance_reduction": nan}
    if n == 0:
        return out
    d = x - y
    diff = float(d.mean())
    out.update(diff=diff, mean_x=float(x.mean()), mean_y=float(y.mean()))
    if n < 2:
        return out
    sd = float(d.std(ddof=1))
    se = sd / np.sqrt(n)
    unpaired = float(x.var(ddof=1) + y.var(ddof=1))
    out.update(sd=sd, se=se, variance_reduction=1.0 - sd * sd / unpaired if unpaired > 0 else nan)
    df = n - 1 if n < SMALL_N else None
    if se == 0.0:
        out.update(ci_low=diff, ci_high=diff, p_value=1.0 if diff == 0.0 else 0.0)
        return out
    q = _norm_or_t_quantile(alpha, df)
    z = diff / se
    p = 2.0 * (stats.norm.sf(abs(z)) if df is None else stats.t.sf(abs(z), df))
    out.update(ci_low=diff - q * se, ci_high=diff + q * se, p_value=float(p))
    return out


def difference_ci(k1, n1, k2, n2, alpha: float = 0.05) -> dict:
    """Difference of two independent proportions, ``k1/n1 - k2/n2``, with its interval (unpaired).

    The interval is Newcombe's hybrid score interval (Newcombe 1998, method 10): it combines the
    two Wilson intervals (statsmodels ``proportion_confint(method="wilson")``), so it stays inside
    [-1, 1] and behaves well near 0 and 1 and for small n. The p-value is the two-sided pooled
    z-test of equal proportions. Counts may be fractional (shared wins) and array-like (then every
    value is an array, element by element).

    Args:
        k1, n1: successes and trials of the first group.
        k2, n2: successes and trials of the second group.
        alpha: 1 - confidence level.

    Returns:
        dict with ``diff``, ``ci_low``, ``ci_high``, ``se`` (unpooled standard error
        ``sqrt(p1(1-p1)/n1 + p2(1-p2)/n2)``), ``p_value`` and ``p1``, ``p2``; floats for scalar
        input. NaN where n1 or n2 is 0.
    """
    k1, n1, k2, n2 = (np.asarray(v, dtype=float) for v in (k1, n1, k2, n2))
    scalar = all(v.ndim == 0 for v in (k1, n1, k2, n2))
    k1, n1, k2, n2 = np.broadcast_arrays(*(np.atleast_1d(v) for v in (k1, n1, k2, n2)))
    ok = (n1 > 0) & (n2 > 0)
    s1 = np.where(n1 > 0, n1, 1.0)
    s2 = np.where(n2 > 0, n2, 1.0)
    p1 = k1 / s1
    p2 = k2 / s2
    l1, u1 = proportion_confint(k1, s1, alpha=alpha, method="wilson")
    l2, u2 = proportion_confint(k2, s2, alpha=alpha, method="wilson")
    diff = p1 - p2
    lo = diff - np.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    hi = diff + np.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    se = np.sqrt(p1 * (1 - p1) / s1 + p2 * (1 - p2) / s2)
    pooled = (k1 + k2) / (s1 + s2)
    se0 = np.sqrt(pooled * (1 - pooled) * (1 / s1 + 1 / s2))
    with np.errstate(divide="ignore", invalid="ignore"):
        z = np.where(se0 > 0, diff / np.where(se0 > 0, se0, 1.0), 0.0)
    p_value = 2.0 * stats.norm.sf(np.abs(z))
    out = {"diff": diff, "ci_low": lo, "ci_high": hi, "se": se, "p_value": p_value, "p1": p1, "p2": p2}
    out = {k: np.where(ok, v, np.nan) for k, v in out.items()}
    if scalar:
        out = {k: float(v[0]) for k, v in out.items()}
    return out


ADJUST_METHODS = ("holm", "fdr_bh", "bonferroni", "none")
_ADJUST_ALIASES = {None: "none", "bh": "fdr_bh", "fdr": "fdr_bh", "benjamini-hochberg": "fdr_bh"}


def adjust(p_values, method: str | None = "holm", alpha: float = 0.05) -> tuple[np.ndarray, np.ndarray]:
    """Multiple-comparison correction of a family of p-values.

    Uses statsmodels ``multipletests``. ``"holm"`` (Holm-Bonferroni step-down) controls the
    family-wise error rate: the chance of flagging any true null is at most ``alpha``.
    ``"fdr_bh"`` (Benjamini-Hochberg) controls the false discovery rate: the expected share of
    flagged results that are true nulls is at most ``alpha``. ``"bonferroni"`` and ``"none"``
    (no correction: reject where p < alpha) are also accepted. NaN p-values are left out of the
    family, get a NaN adjusted p-value and are never rejected.

    Args:
        p_values: array-like of raw p-values.
        method: "holm", "fdr_bh" (aliases "bh", "fdr"), "bonferroni" or "none" (or None).
        alpha: family-wise error rate (holm, bonferroni) or false discovery rate (fdr_bh).

    Returns:
        (reject, p_adjusted): a bool array (True = significant after correction) and the adjusted
        p-values, both in the input order.
    """
    method = _ADJUST_ALIASES.get(method, method)
    if method not in ADJUST_METHODS:
        raise ValueError(f"method: bad value {method!r}; expected one of {list(ADJUST_METHODS)}")
    p = np.asarray(p_values, dtype=float).ravel()
    reject = np.zeros(p.shape, dtype=bool)
    p_adj = np.full(p.shape, np.nan)
    ok = np.isfinite(p)
    if ok.any():
        if method == "none":
            reject[ok] = p[ok] < alpha
            p_adj[ok] = p[ok]
        else:
            rej, padj, _, _ = multipletests(p[ok], alpha=alpha, method=method)
            reject[ok] = rej
            p_adj[ok] = padj
    return reject, p_adj


def games_for_half_width(half_width: float, p: float = 0.5, alpha: float = 0.05,
                         paired_sd: float | None = None) -> int:
    """Games needed for a confidence interval of +-``half_width`` (sample-size planner).

    Normal approximation: ``n = ceil((z * sd / half_width) ** 2)`` with ``z`` the two-sided
    normal quantile (1.96 for alpha = 0.05) and ``sd = sqrt(p (1 - p))`` for a win rate near
    ``p`` (p = 0.5 is the worst case), or ``sd = paired_sd`` for a paired difference between two
    variants on common random numbers, where ``paired_sd`` is the per-game sd of the outcome
    differences (the ``sd`` key of :func:`paired_difference` on a pilot run). Example: +-1 point
    on a win rate near 50% needs 9,604 games.

    Args:
        half_width: target half-width of the interval, in proportion units (0.01 = 1 point).
        p: expected win rate (ignored when ``paired_sd`` is given).
        alpha: 1 - confidence level.
        paired_sd: per-game sd of paired differences, or None for a single win rate.

    Returns:
        the number of games (int, at least 1).
    """
    if not half_width > 0:
        raise ValueError(f"half_width must be > 0, got {half_width!r}")
    if paired_sd is None:
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"p must be in [0, 1], got {p!r}")
        sd = float(np.sqrt(p * (1.0 - p)))
    else:
        if paired_sd < 0:
            raise ValueError(f"paired_sd must be >= 0, got {paired_sd!r}")
        sd = float(paired_sd)
    z = _norm_or_t_quantile(alpha, None)
    # round before ceil so that float noise (e.g. 9604.0000001) does not add a game
    return max(1, int(np.ceil(round((z * sd / half_width) ** 2, 9))))


def equivalence(diff: float, se: float, margin: float, alpha: float = 0.05) -> dict:
    """Two one-sided tests (TOST): is a difference "balanced within +-margin"?

    Tests H0: ``diff <= -margin`` or ``diff >= margin`` against H1: ``-margin < diff < margin``
    with two one-sided normal (z) tests on ``diff / se``; the TOST p-value is the larger of the two.
    ``equivalent`` is True when it is below ``alpha``, which is the same as the ``1 - 2 alpha``
    (90% for alpha = 0.05) confidence interval lying inside (-margin, margin). Feed it ``diff``
    and ``se`` from :func:`paired_difference` or :func:`difference_ci`, or a win rate minus its
    fair share (e.g. 0.5) and its standard error.

    Args:
        diff: estimated difference.
        se: its standard error (> 0).
        margin: equivalence margin (> 0), in the same units as ``diff``.
        alpha: significance level of each one-sided test.

    Returns:
        dict with ``p_value`` (TOST), ``equivalent`` (bool), ``p_lower`` (H0: diff <= -margin),
        ``p_upper`` (H0: diff >= margin), and ``ci_low``/``ci_high`` (the 1 - 2 alpha interval).
    """
    if not margin > 0:
        raise ValueError(f"margin must be > 0, got {margin!r}")
    diff = float(diff)
    se = float(se)
    if not np.isfinite(diff) or not np.isfinite(se) or se < 0:
        nan = float("nan")
        return {"p_value": nan, "equivalent": False, "p_lower": nan, "p_upper": nan,
                "ci_low": nan, "ci_high": nan}
    if se == 0:
        inside = -margin < diff < margin
        p_lower = 0.0 if diff > -margin else 1.0
        p_upper = 0.0 if diff < margin else 1.0
        return {"p_value": max(p_lower, p_upper), "equivalent": bool(inside), "p_lower": p_lower,
                "p_upper": p_upper, "ci_low": diff, "ci_high": diff}
    p_lower = float(stats.norm.sf((diff + margin) / se))
    p_upper = float(stats.norm.cdf((diff - margin) / se))
    p_value = max(p_lower, p_upper)
    q = float(stats.norm.ppf(1.0 - alpha))
    return {"p_value": p_value, "equivalent": bool(p_value < alpha), "p_lower": p_lower,
            "p_upper": p_upper, "ci_low": diff - q * se, "ci_high": diff + q * se}


def excludes(lo, hi, value=0.0) -> np.ndarray:
    """Whether the interval (lo, hi) lies wholly above or below ``value`` (arrays allowed).

    A NaN bound (no interval: a card never acquired, a token never used) never excludes
    anything. This is done in numpy on purpose: polars orders NaN above every number, so
    ``pl.col("ci_low") > 0`` is true for a NaN bound. Infinite bounds are kept (an unbounded
    interval excludes nothing on its open side).
    """
    lo = np.asarray(lo, dtype=float)
    hi = np.asarray(hi, dtype=float)
    value = np.asarray(value, dtype=float)
    ok = ~(np.isnan(lo) | np.isnan(hi) | np.isnan(value))
    with np.errstate(invalid="ignore"):
        return ok & ((lo > value) | (hi < value))


def clustered_contrast(rows: pl.LazyFrame | pl.DataFrame, flag: str, value: str = "win",
                       cluster: str = "game_id", by: tuple[str, ...] = (), strata: tuple[str, ...] = (),
                       alpha: float = 0.05) -> pl.DataFrame:
    """Mean ``value`` of rows with ``flag`` true minus rows with it false, with a game-clustered interval.

    Rows are seat-games; the seats of one game fall in both groups (the first scorer and the
    others, a card's buyers and non-buyers) and their outcomes are dependent (in a 2-player game
    one seat's win is the other's loss), so the rows are not independent draws. The variance is
    the cluster-robust (sandwich, CR1) variance with the games (``cluster``) as clusters: each
    row's influence on the estimate is summed over its game, and the variance is
    ``G / (G - 1) * sum_g u_g^2`` over the G games. This is the variance statsmodels' OLS of
    ``value`` on ``flag`` with ``cov_type="cluster"`` gives (up to its small-sample factor). The
    same sum with every row its own cluster is the naive variance, returned as ``se_naive``.

    With ``strata`` (e.g. the seat), the difference is taken within each stratum and combined
    with Mantel-Haenszel weights ``n_yes n_no / (n_yes + n_no)``, so a factor that moves both
    the flag and the outcome (seat order) cannot create a difference on its own; strata with an
    empty group get no weight.

    Args:
        rows: one row per seat-game with the columns ``flag`` (bool), ``value``, ``cluster``,
            ``by`` and ``strata``.
        flag: the column splitting the rows into the two groups.
        value: the outcome (0/1 wins, or a shared win 1/k).
        cluster: the game key; rows sharing it are one cluster (give every key that makes a
            game unique, e.g. by=("variant",) with cluster="game_id").
        by: separate contrasts per value of these columns.
        strata: compare within these columns and combine.
        alpha: 1 - confidence level.

    Returns:
        one row per ``by`` group: [*by, n_yes, win_yes, n_no, win_no (pooled means), diff,
        se, ci_low, ci_high, p_value (normal, two-sided), se_naive, games]; NaN where a group
        is empty.
    """
    lf = rows.lazy()
    if not by:
        lf = lf.with_columns(_all=pl.lit(0))
    cells = [*(by or ["_all"]), *strata]
    # one row per (group, stratum, game): the sums every later step needs (memory: games, not seats)
    per_game = lf.group_by(*cells, cluster).agg(*cluster_sums(flag, value)).collect()
    return contrast_from_sums(per_game, by=by, strata=strata, cluster=cluster, alpha=alpha)


def cluster_sums(flag: str, value: str = "win") -> list[pl.Expr]:
    """The per-game aggregations :func:`contrast_from_sums` needs (rows of the two groups, their
    sums and sums of squares), to use in a ``group_by(..., game).agg(...)`` that may compute other
    per-game sums in the same pass (``card_metrics`` does, so the seat-game table is read once)."""
    yes, y = pl.col(flag).cast(pl.Boolean), pl.col(value).cast(pl.Float64)
    return [yes.sum().cast(pl.Float64).alias("a1"), y.filter(yes).sum().alias("b1"),
            (y**2).filter(yes).sum().alias("c1"), (~yes).sum().cast(pl.Float64).alias("a0"),
            y.filter(~yes).sum().alias("b0"), (y**2).filter(~yes).sum().alias("c0")]


def contrast_from_sums(per_game: pl.DataFrame, by: tuple[str, ...] = (), strata: tuple[str, ...] = (),
                       cluster: str = "game_id", alpha: float = 0.05) -> pl.DataFrame:
    """:func:`clustered_contrast` from a table of per-game sums: one row per (``by``, ``strata``,
    ``cluster``) with the columns of :func:`cluster_sums` (other columns are ignored). Without
    ``by``, the table has a constant column ``_all``."""
    key = list(by) or ["_all"]
    cells = [*key, *strata]
    per_game = per_game.lazy()
    st = (per_game.group_by(cells).agg(n1=pl.col("a1").sum(), s1=pl.col("b1").sum(), q1=pl.col("c1").sum(),
                                       n0=pl.col("a0").sum(), s0=pl.col("b0").sum(), q0=pl.col("c0").sum())
          .with_columns(h=pl.when((pl.col("n1") > 0) & (pl.col("n0") > 0))
                        .then(pl.col("n1") * pl.col("n0") / (pl.col("n1") + pl.col("n0"))).otherwise(0.0))
          .with_columns(w=pl.col("h") / pl.col("h").sum().over(key),
                        p1=pl.col("s1") / pl.col("n1"), p0=pl.col("s0") / pl.col("n0")))
    # a game's influence on sum_s w_s (p1_s - p0_s): its rows' deviations from their group's mean
    u = (pl.when(pl.col("w") > 0)
         .then(pl.col("w") * ((pl.col("b1") - pl.col("p1") * pl.col("a1")) / pl.col("n1")
                              - (pl.col("b0") - pl.col("p0") * pl.col("a0")) / pl.col("n0"))).otherwise(0.0))
    var = (per_game.join(st.select(*cells, "w", "p1", "p0", "n1", "n0"), on=cells).with_columns(_u=u)
           .group_by(*key, cluster).agg(u=pl.col("_u").sum())
           .group_by(key).agg(games=pl.len(), ss=(pl.col("u") ** 2).sum()))
    # the same sum with every row its own cluster: sum of squared deviations within each group
    dev1 = pl.col("q1") - 2 * pl.col("p1") * pl.col("s1") + pl.col("n1") * pl.col("p1") ** 2
    dev0 = pl.col("q0") - 2 * pl.col("p0") * pl.col("s0") + pl.col("n0") * pl.col("p0") ** 2
    naive = st.group_by(key).agg(
        N=(pl.col("n1") + pl.col("n0")).sum(),
        ss_naive=pl.when(pl.col("w") > 0).then(pl.col("w") ** 2 * (dev1 / pl.col("n1") ** 2
                                                                   + dev0 / pl.col("n0") ** 2)).otherwise(0.0).sum())
    est = st.group_by(key).agg(
        diff=pl.when(pl.col("h").sum() > 0).then((pl.col("w") * (pl.col("p1") - pl.col("p0")))
                                                 .filter(pl.col("w") > 0).sum()).otherwise(float("nan")),
        n_yes=pl.col("n1").sum(), n_no=pl.col("n0").sum(),
        win_yes=pl.col("s1").sum() / pl.col("n1").sum(), win_no=pl.col("s0").sum() / pl.col("n0").sum())
    out = est.join(var, on=key).join(naive, on=key).sort(key).collect()
    return _finish_contrast(out, by, alpha)


_MOMENT_COLS = ("a1", "b1", "a0", "b0")


def cluster_moments() -> list[pl.Expr]:
    """Per-key sums over the games of a per-game table of :func:`cluster_sums` (one row per key
    and game): the group totals and every product of two of (a1, b1, a0, b0). Sums add up over
    batches of games, so :func:`contrast_from_moments` gives :func:`contrast_from_sums`' answer
    (without strata) from tables read a batch at a time: memory bounded by the batch, not the
    study (issue 12: a report of 100 million games on a laptop)."""
    out = [pl.len().cast(pl.Float64).alias("games"),
           *(pl.col(c).sum().alias(f"sum_{c}") for c in ("a1", "b1", "c1", "a0", "b0", "c0"))]
    for i, x in enumerate(_MOMENT_COLS):
        for y in _MOMENT_COLS[i:]:
            out.append((pl.col(x) * pl.col(y)).sum().alias(f"m_{x}{y}"))
    return out


def contrast_from_moments(moments: pl.DataFrame, by: tuple[str, ...], alpha: float = 0.05) -> pl.DataFrame:
    """:func:`contrast_from_sums` (no strata, clustered by game) from the per-key sums of
    :func:`cluster_moments` (summed over batches when the table was read in batches). A game's
    influence u = (b1 - p1 a1) / n1 - (b0 - p0 a0) / n0 is linear in its sums, so the sum of
    u squared over the games is a quadratic form in their second moments."""
    m = moments
    n1, s1, q1 = pl.col("sum_a1"), pl.col("sum_b1"), pl.col("sum_c1")
    n0, s0, q0 = pl.col("sum_a0"), pl.col("sum_b0"), pl.col("sum_c0")
    both = (n1 > 0) & (n0 > 0)
    p1, p0 = s1 / n1, s0 / n0

    def mm(x: str, y: str) -> pl.Expr:
        return pl.col(f"m_{x}{y}") if f"m_{x}{y}" in m.columns else pl.col(f"m_{y}{x}")
    # u = (b1 - p1 a1) / n1 - (b0 - p0 a0) / n0: sum over games of u^2
    e1 = (mm("b1", "b1") - 2 * p1 * mm("a1", "b1") + p1 ** 2 * mm("a1", "a1")) / n1 ** 2
    e0 = (mm("b0", "b0") - 2 * p0 * mm("a0", "b0") + p0 ** 2 * mm("a0", "a0")) / n0 ** 2
    cross = (mm("b1", "b0") - p0 * mm("b1", "a0") - p1 * mm("a1", "b0") + p1 * p0 * mm("a1", "a0")) / (n1 * n0)
    dev1 = q1 - 2 * p1 * s1 + n1 * p1 ** 2
    dev0 = q0 - 2 * p0 * s0 + n0 * p0 ** 2
    out = (m.lazy().with_columns(
        diff=pl.when(both).then(p1 - p0).otherwise(float("nan")),
        n_yes=n1, n_no=n0, win_yes=p1, win_no=p0,
        # one group empty: no contrast, NaN as contrast_from_sums gives
        ss=pl.when(both).then((e1 + e0 - 2 * cross).clip(lower_bound=0.0)).otherwise(float("nan")),
        N=n1 + n0,
        ss_naive=pl.when(both).then(dev1 / n1 ** 2 + dev0 / n0 ** 2).otherwise(float("nan")))
        .sort(list(by)).collect())
    return _finish_contrast(out, by, alpha)


def _finish_contrast(out: pl.DataFrame, by: tuple[str, ...] | None, alpha: float) -> pl.DataFrame:
    """Standard errors, interval and p-value of :func:`contrast_from_sums` and
    :func:`contrast_from_moments` from their sums (``games``, ``ss``, ``N``, ``ss_naive``)."""
    g = out["games"].to_numpy().astype(float)
    nn = out["N"].to_numpy().astype(float)
    with np.errstate(divide="ignore", invalid="ignore"):
        se = np.sqrt(np.where(g > 1, g / (g - 1), np.nan) * out["ss"].to_numpy())
        se_naive = np.sqrt(np.where(nn > 1, nn / (nn - 1), np.nan) * out["ss_naive"].to_numpy())
        diff = out["diff"].to_numpy()
        q = _norm_or_t_quantile(alpha, None)
        z = np.where(se > 0, diff / np.where(se > 0, se, 1.0), np.where(diff == 0, 0.0, np.inf))
        p = np.where(np.isfinite(diff) & np.isfinite(se), 2.0 * stats.norm.sf(np.abs(z)), np.nan)
    out = out.with_columns(se=pl.Series(se), ci_low=pl.Series(diff - q * se), ci_high=pl.Series(diff + q * se),
                           p_value=pl.Series(p), se_naive=pl.Series(se_naive),
                           n_yes=pl.col("n_yes").cast(pl.Int64), n_no=pl.col("n_no").cast(pl.Int64),
                           games=pl.col("games").cast(pl.Int64))
    return out.select(*(by or []), "n_yes", "win_yes", "n_no", "win_no", "diff", "se", "ci_low", "ci_high",
                      "p_value", "se_naive", "games")


def equivalence_verdict(diff: float, se: float, n: int, margin: float, alpha: float = 0.05,
                        different: bool | None = None) -> dict:
    """What may be said about a difference: "different", "equivalent" (within +-margin) or "inconclusive".

    A non-significant test is not evidence of no difference; only an equivalence test (TOST,
    :func:`equivalence`) can say "fair" or "no difference". ``different`` is the caller's own
    test (e.g. after a multiple-comparison correction); by default the 1 - alpha normal interval
    excluding 0. When neither holds the verdict is "inconclusive", and ``games_needed`` is the
    sample size at which the TOST would have ``EQUIVALENCE_POWER`` (80%) if the true difference
    were 0: ``n = ((z_{1-alpha} + z_{1-beta/2}) sd / margin)^2`` with ``sd = se sqrt(n)`` the
    per-game sd (computed with :func:`games_for_half_width`).

    Returns:
        dict with ``verdict``, ``p_tost`` (NaN when se is not finite) and ``games_needed`` (None
        unless inconclusive with a finite se).
    """
    diff, se = float(diff), float(se)
    tost = equivalence(diff, se, margin, alpha=alpha)
    if different is None:
        q = _norm_or_t_quantile(alpha, None)
        different = bool(np.isfinite(diff) and np.isfinite(se) and abs(diff) > q * se)
    verdict = "different" if different else "equivalent" if tost["equivalent"] else "inconclusive"
    needed = None
    if verdict == "inconclusive" and np.isfinite(se) and se > 0 and n > 0:
        z = float(stats.norm.ppf(1 - alpha) + stats.norm.ppf(1 - (1 - EQUIVALENCE_POWER) / 2))
        needed = games_for_half_width(margin, alpha=2 * float(stats.norm.sf(z)), paired_sd=se * np.sqrt(n))
    return {"verdict": verdict, "p_tost": tost["p_value"], "games_needed": needed}


def cochran_q(estimates, ses) -> dict:
    """Cochran's Q heterogeneity test: do several estimates of one quantity differ by more than chance?

    ``Q = sum w_i (x_i - x_bar)^2`` with inverse-variance weights ``w_i = 1 / se_i^2`` and
    ``x_bar`` their weighted mean; under homogeneity Q follows a chi-square with k - 1 degrees of
    freedom. ``I2 = max(0, (Q - df) / Q)`` is the share of the spread beyond chance. Estimates
    whose estimate or se is not finite, or whose se is 0, are left out (``k`` counts the rest).

    Returns:
        dict with ``q``, ``df``, ``p_value``, ``i2``, ``pooled`` (the weighted mean) and ``k``;
        NaN when fewer than 2 estimates remain.
    """
    x = np.asarray(estimates, dtype=float).ravel()
    se = np.asarray(ses, dtype=float).ravel()
    ok = np.isfinite(x) & np.isfinite(se) & (se > 0)
    x, se = x[ok], se[ok]
    k = int(x.size)
    nan = float("nan")
    if k < 2:
        return {"q": nan, "df": max(k - 1, 0), "p_value": nan, "i2": nan, "pooled": float(x[0]) if k else nan,
                "k": k}
    w = 1.0 / se**2
    pooled = float(np.sum(w * x) / np.sum(w))
    q = float(np.sum(w * (x - pooled) ** 2))
    df = k - 1
    return {"q": q, "df": df, "p_value": float(stats.chi2.sf(q, df)), "i2": max(0.0, (q - df) / q) if q > 0 else 0.0,
            "pooled": pooled, "k": k}
