"""Analysis of result tables (polars), written once against the common games/seats/cards schema."""

from simlab.analysis.cards import card_effects, card_metrics, rank_cards
from simlab.analysis.matchups import bradley_terry, end_reasons, game_lengths, matchup_matrix, seat_advantage
from simlab.analysis.quality import game_quality, has_rounds, score_curves
from simlab.analysis.stats import (
    PRESTIGE_MARGIN,
    WIN_RATE_MARGIN,
    adjust,
    clustered_contrast,
    cochran_q,
    difference_ci,
    equivalence,
    equivalence_verdict,
    excludes,
    games_for_half_width,
    paired_difference,
    proportion_ci,
)
from simlab.analysis.winrates import win_rates, win_value

__all__ = [
    "proportion_ci",
    "paired_difference",
    "difference_ci",
    "adjust",
    "clustered_contrast",
    "cochran_q",
    "games_for_half_width",
    "equivalence",
    "equivalence_verdict",
    "WIN_RATE_MARGIN",
    "PRESTIGE_MARGIN",
    "excludes",
    "win_rates",
    "win_value",
    "seat_advantage",
    "game_lengths",
    "end_reasons",
    "matchup_matrix",
    "bradley_terry",
    "card_metrics",
    "card_effects",
    "rank_cards",
    "has_rounds",
    "game_quality",
    "score_curves",
]
