"""Statistics shared by every analysis: intervals for proportions."""

from __future__ import annotations

import numpy as np
from statsmodels.stats.proportion import proportion_confint

__all__ = ["proportion_ci"]

SMALL_N = 30  # below this many trials the exact (Clopper-Pearson) interval is used


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
