"""Analysis of result tables (polars), written once against the common games/seats/cards schema."""

from simlab.analysis.stats import proportion_ci
from simlab.analysis.winrates import win_rates

__all__ = ["proportion_ci", "win_rates"]
