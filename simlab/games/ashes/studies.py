"""Ashes studies: which precon deck wins, and what each card is worth to its deck.

Game-specific studies live beside the game (design guide section 6). The statistics are the
shared ones of :mod:`simlab.analysis` (Wilson intervals, Bradley-Terry, paired differences, Holm);
this module only shapes the Ashes result tables for them, writes the two scenarios' variant lists
and renders the two report sections (``analyses = ["ashes_decks"]`` and
``["ashes_card_value"]``; :data:`REPORT_SECTIONS`, found by ``simlab report``).

Scenario shapes:

* decks (scenarios/ashes_decks.toml): ``[sweep]`` over ``setup.deck_0`` and ``setup.deck_1``,
  every precon in both, so every pairing is played in both seat orders, mirrors included; seats
  are not rotated (a seat keeps its deck; in Ashes the seat order does not decide who starts, the
  first-player roll does: rule 23).
* card value (scenarios/ashes_card_value.toml, written by :func:`card_value_scenario`): one
  ``[[cases]]`` entry per (deck, card of the deck) with ``seats.0.params.avoid_card`` = the card
  (the seat-0 bot never plays it), plus one per deck with ``avoid_card = -1`` (the baseline),
  crossed with ``setup.deck_1`` over the six precons. Every variant plays the same game ids on the
  same random streams, so the baseline and the card's arm are paired game by game.

* deck swap (scenarios/ashes_deck_swap.toml, written by :func:`deck_swap_scenario`): the
  published deck and one case per (card of the deck, legal core-set card it does not hold) with
  ``setup.swap_0 = [out, into]``, crossed with ``setup.deck_1`` over the six precons.

Every number describes how simlab's heuristic bots play the decks; the decks study runs every
preset and :func:`robust_matchups` keeps what all of them agree on.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import polars as pl

from simlab.analysis import (
    adjust,
    bradley_terry,
    end_reasons,
    game_lengths,
    matchup_matrix,
    paired_difference,
    proportion_ci,
)
from simlab.games.ashes import data
from simlab.games.ashes import state as S
from simlab.report.render import pairing_words

__all__ = ["deck_label", "deck_seats", "deck_matchups", "deck_ratings", "first_player_advantage",
           "round_lengths", "end_reason_shares", "card_value_cases", "card_value_scenario", "card_values",
           "presets", "robust_matchups", "ability_label", "power_label", "deck_swap_cases", "deck_swap_scenario",
           "deck_swaps", "section_decks", "section_card_value", "section_deck_swap", "REPORT_SECTIONS",
           "AVOID_PATH", "ABILITY_PATH", "POWER_PATH", "SWAP_PATH"]

AVOID_PATH = "seats.0.params.avoid_card"
ABILITY_PATH = "seats.0.params.avoid_ability"
POWER_PATH = "seats.0.params.avoid_power"
SWAP_PATH = "setup.swap_0"
_LEAD_MAX = 5  # matchups named in the answer box (the rest are in the table)
_GAME_KEY = 1 << 32  # game_id space per variant when variants are pooled (ids stay unique)


def deck_label(deck_id: int, phoenixborn: int) -> str:
    """A seat's deck as a label: the precon's title, or ``custom (<Phoenixborn>)``."""
    titles = data.deck_titles()
    if 0 <= deck_id < len(titles):
        return titles[deck_id]
    return f"custom ({data.card_names()[phoenixborn]})"


def deck_seats(seats: pl.LazyFrame | pl.DataFrame) -> pl.LazyFrame:
    """The seats table with ``deck_name`` (:func:`deck_label`) and ``game_key`` (a game id unique
    across variants: ``variant_id * 2**32 + game_id``), for pooling the variants of a study."""
    lf = seats.lazy()
    pairs = lf.select("deck", "phoenixborn").unique().collect()
    mapping = {(int(d), int(p)): deck_label(int(d), int(p)) for d, p in pairs.iter_rows()}
    key = pl.col("deck").cast(pl.Int64) * 1000 + pl.col("phoenixborn").cast(pl.Int64)
    names = {d * 1000 + p: v for (d, p), v in mapping.items()}
    presets = lf.group_by("variant_id").agg(preset=pl.col("bot").unique().sort().str.join(" vs "))
    return (lf.join(presets, on="variant_id", how="left")
            .with_columns(deck_name=key.replace_strict(names, return_dtype=pl.String),
                          game_key=pl.col("variant_id").cast(pl.Int64) * _GAME_KEY + pl.col("game_id")))


def presets(seats: pl.LazyFrame | pl.DataFrame) -> list[str]:
    """The bot presets of a study's games, in a stable order: ``balanced`` first, then by name
    (a game between two presets is labelled ``a vs b``)."""
    found = deck_seats(seats).select("preset").unique().collect()["preset"].to_list()
    return sorted(found, key=lambda x: (x != "balanced", x))


def _preset(seats: pl.LazyFrame | pl.DataFrame, preset: str | None) -> pl.LazyFrame:
    """``seats`` restricted to the games of one preset (all when ``preset`` is None)."""
    if preset is None:
        return seats.lazy()
    ds = deck_seats(seats).filter(pl.col("preset") == preset)
    return ds.drop("preset", "deck_name", "game_key")


def _as_bots(seats: pl.LazyFrame | pl.DataFrame) -> pl.LazyFrame:
    """Decks in the shape the shared matchup functions read: ``bot`` = the deck, one pooled
    variant, game ids unique across the study's variants."""
    return (deck_seats(seats)
            .with_columns(bot=pl.col("deck_name"), variant=pl.lit("all decks"), game_id=pl.col("game_key")))


def deck_matchups(seats: pl.LazyFrame | pl.DataFrame, alpha: float = 0.05,
                  preset: str | None = None) -> pl.DataFrame:
    """Win rate of each deck against each other deck over every game they met in (both seat
    orders pooled; mirrors are not a matchup), with its interval
    (:func:`simlab.analysis.matchup_matrix`: Wilson, Clopper-Pearson below 30 games), over the
    games of one bot ``preset`` (:func:`presets`) or of all.

    Returns:
        columns ``deck, opponent, n, win_rate, ci_low, ci_high, wins``; a draw counts 0 for both.
    """
    out = matchup_matrix(_as_bots(_preset(seats, preset)), alpha=alpha)
    return out.drop("variant").rename({"bot": "deck"})


def deck_ratings(seats: pl.LazyFrame | pl.DataFrame, alpha: float = 0.05,
                 preset: str | None = None) -> pl.DataFrame:
    """Bradley-Terry ratings of the decks (:func:`simlab.analysis.bradley_terry`: log-odds,
    the first deck alphabetically fixed at 0, Wald intervals), mirrors left out, over the games
    of one bot ``preset`` or of all.

    Returns:
        columns ``deck, rating, ci_low, ci_high, games, se, comparisons``, best first.
    """
    return bradley_terry(_as_bots(_preset(seats, preset)), alpha=alpha).rename({"bot": "deck"})


def robust_matchups(seats: pl.LazyFrame | pl.DataFrame, alpha: float = 0.05) -> pl.DataFrame:
    """Which matchups every bot preset agrees on.

    For each preset and each unordered pairing of different decks, an exact binomial test of
    the first deck's win rate against 50% (draws count as not won), Holm-corrected over the
    preset's pairings (:func:`simlab.analysis.adjust`). A pairing's ``verdict`` is
    ``"A beats B under every preset"`` when the test rejects in the same direction under each
    preset, ``"presets disagree"`` when two presets reject in opposite directions, and
    ``"not shown under every preset"`` otherwise.

    Returns:
        columns ``favoured, opponent, presets_shown, verdict`` and per preset ``<preset>`` (the
        favoured deck's win rate with interval and n, as text) and ``<preset>_rate``; sorted with
        the agreed pairings first, then by the lowest win rate of the favoured deck descending.
    """
    from scipy.stats import binomtest

    names = presets(seats)
    per: dict[tuple[str, str], dict[str, Any]] = {}
    for pr in names:
        mm = deck_matchups(seats, alpha=alpha, preset=pr).filter(pl.col("deck") < pl.col("opponent"))
        rows = list(mm.iter_rows(named=True))
        ps = [binomtest(int(round(r["wins"])), int(r["n"]), 0.5).pvalue if r["n"] else 1.0 for r in rows]
        reject, _ = adjust(ps, method="holm", alpha=alpha) if rows else ([], [])
        for r, rej in zip(rows, reject, strict=True):
            sign = (1 if r["win_rate"] > 0.5 else -1) if rej else 0
            per.setdefault((r["deck"], r["opponent"]), {})[pr] = (sign, r)
    out = []
    for (a, b), by in per.items():
        signs = [by[pr][0] if pr in by else 0 for pr in names]
        mean = np.mean([by[pr][1]["win_rate"] for pr in by])
        fav, opp, flip = (a, b, False) if mean >= 0.5 else (b, a, True)
        if all(x == signs[0] != 0 for x in signs):
            verdict = f"{fav} beats {opp} under every preset"
        elif 1 in signs and -1 in signs:
            verdict = "presets disagree"
        else:
            verdict = "not shown under every preset"
        row = {"favoured": fav, "opponent": opp, "presets_shown": sum(x != 0 for x in signs), "verdict": verdict}
        for pr in names:
            if pr in by:
                r = by[pr][1]
                w, lo, hi = ((1 - r["win_rate"], 1 - r["ci_high"], 1 - r["ci_low"]) if flip
                             else (r["win_rate"], r["ci_low"], r["ci_high"]))
                row[pr] = f"{_pct(w)} {_iv(lo, hi)} n={r['n']:,}"
                row[f"{pr}_rate"] = float(w)
            else:
                row[pr], row[f"{pr}_rate"] = "", float("nan")
        out.append(row)
    if not out:
        return pl.DataFrame(schema={"favoured": pl.String, "opponent": pl.String, "presets_shown": pl.Int64,
                                    "verdict": pl.String})
    df = pl.DataFrame(out)
    low = pl.min_horizontal([pl.col(f"{pr}_rate") for pr in names])
    agreed = pl.col("verdict").str.ends_with("every preset") & ~pl.col("verdict").str.starts_with("not")
    return (df.with_columns(_agreed=agreed, _low=low)
            .sort("_agreed", "_low", descending=[True, True]).drop("_agreed", "_low"))


def _game_decks(seats: pl.LazyFrame | pl.DataFrame) -> pl.LazyFrame:
    """One row per game: ``game_key``, ``deck_0``, ``deck_1`` (seat 0's and seat 1's deck)."""
    ds = deck_seats(seats)
    return (ds.filter(pl.col("seat") == 0).select("game_key", pl.col("deck_name").alias("deck_0"))
            .join(ds.filter(pl.col("seat") == 1).select("game_key", pl.col("deck_name").alias("deck_1")),
                  on="game_key"))


def _games(games: pl.LazyFrame | pl.DataFrame, seats: pl.LazyFrame | pl.DataFrame,
           preset: str | None = None) -> pl.DataFrame:
    g = games.lazy().with_columns(game_key=pl.col("variant_id").cast(pl.Int64) * _GAME_KEY + pl.col("game_id"))
    return g.join(_game_decks(_preset(seats, preset)), on="game_key").collect()


def first_player_advantage(games: pl.LazyFrame | pl.DataFrame, seats: pl.LazyFrame | pl.DataFrame,
                           alpha: float = 0.05, preset: str | None = None) -> pl.DataFrame:
    """How often the seat that took the first-player token at setup (rule 23) wins, with its
    interval (:func:`simlab.analysis.proportion_ci`), over all games and over mirror games alone
    (the same deck on both sides: only the token differs). A fair start is 50%; draws count as
    not won.

    Returns:
        columns ``games`` ("all" / "mirrors"), ``n``, ``first_wins``, ``draws``, ``win_rate``,
        ``ci_low``, ``ci_high``; over the games of one bot ``preset`` or of all.
    """
    g = _games(games, seats, preset)
    rows = []
    for label, part in (("all", g), ("mirrors", g.filter(pl.col("deck_0") == pl.col("deck_1")))):
        n = part.height
        wins = int((part["winner"] == part["first_player"]).sum()) if n else 0
        lo, hi = proportion_ci(wins, n, alpha=alpha) if n else (float("nan"), float("nan"))
        rows.append({"games": label, "n": n, "first_wins": wins, "draws": int((part["winner"] < 0).sum()) if n else 0,
                     "win_rate": wins / n if n else float("nan"), "ci_low": float(lo), "ci_high": float(hi)})
    return pl.DataFrame(rows)


def round_lengths(games: pl.LazyFrame | pl.DataFrame, seats: pl.LazyFrame | pl.DataFrame,
                  preset: str | None = None) -> pl.DataFrame:
    """Game length in rounds, all games pooled and per pairing (seat orders pooled), from
    :func:`simlab.analysis.game_lengths`.

    Returns:
        columns ``pairing`` ("all" or "A vs B", decks sorted), ``n``, ``mean_rounds``,
        ``sd_rounds``, ``p10``, ``p50``, ``p90``, ``min_rounds``, ``max_rounds``; over the games of
        one bot ``preset`` or of all.
    """
    g = _games(games, seats, preset)
    a, b = pl.min_horizontal("deck_0", "deck_1"), pl.max_horizontal("deck_0", "deck_1")
    g = g.with_columns(turns=pl.col("rounds"), pairing=pl.concat_str([a, pl.lit(" vs "), b]))
    both = pl.concat([g.with_columns(variant=pl.lit("all")), g.with_columns(variant=pl.col("pairing"))])
    out = game_lengths(both.select("variant", "turns"))
    out = out.rename({"variant": "pairing", "mean_turns": "mean_rounds", "sd_turns": "sd_rounds",
                      "min_turns": "min_rounds", "max_turns": "max_rounds"})
    return out.sort(pl.col("pairing") != "all", "pairing")


def end_reason_shares(games: pl.LazyFrame | pl.DataFrame, alpha: float = 0.05) -> pl.DataFrame:
    """How the games ended (a Phoenixborn destroyed in play, by fatigue, or the round cap:
    ``state.END_REASONS``), all variants pooled (:func:`simlab.analysis.end_reasons`).

    Returns:
        columns ``end_reason, n, share, ci_low, ci_high``.
    """
    out = end_reasons(games.lazy().with_columns(variant=pl.lit("all")), S.END_REASONS, alpha=alpha)
    return out.select("end_reason", "n", "share", "ci_low", "ci_high")


# --------------------------------------------------------------------------------------------
# What each card is worth to its deck


def deck_cards(title: str) -> list[str]:
    """The different card names of a precon, in its list's order."""
    return list(data._precon(title)["cards"])


def ability_label(deck: str) -> str:
    """The card-value study's name for a precon's Phoenixborn ability arm."""
    pb = data._precon(deck)["phoenixborn"]
    effect = data._by_name()[pb]["effect"]
    return f"{pb}'s ability ({effect.replace('_', ' ').title()})"


def power_label(die_type: int) -> str:
    """The card-value study's name for a dice-power arm (``state.DIE_TYPES`` index)."""
    return f"{S.DIE_TYPES[die_type]} dice power"


def card_value_cases(decks: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """The ``[[cases]]`` of the card-value study: per deck one baseline (nothing avoided), one
    case per different card of the deck (the seat-0 bot never plays it: ``avoid_card``), one
    where it never uses its Phoenixborn's ability (``avoid_ability``) and one per dice type of
    the deck where it never uses that dice power (``avoid_power``). Every case sets all three."""
    cases = []
    for deck in decks or data.deck_titles():
        def case(label, card=-1, ability=0, power=-1, deck=deck):
            return {"label": f"{deck} | {label}", "setup.deck_0": deck, AVOID_PATH: card,
                    ABILITY_PATH: ability, POWER_PATH: power}
        cases.append(case("all cards"))
        for card in deck_cards(deck):
            cases.append(case(f"without {card}", card=card))
        cases.append(case(f"without {ability_label(deck)}", ability=1))
        for die in data._precon(deck)["dice"]:
            t = S.DIE_TYPES.index(die)
            cases.append(case(f"without the {power_label(t)}", power=t))
    return cases


def card_value_scenario(games: int = 20, seed: int = 11, decks: Sequence[str] | None = None,
                        opponents: Sequence[str] | None = None, name: str = "ashes_card_value") -> str:
    """The TOML text of the card-value study (scenarios/ashes_card_value.toml is this with the
    defaults): the :func:`card_value_cases` crossed with ``setup.deck_1`` over ``opponents``
    (default every precon), balanced bots, seats not rotated."""
    opp = list(opponents or data.deck_titles())
    lines = [
        "# What each card is worth to its deck (Ashes). Generated by",
        "# simlab.games.ashes.studies.card_value_scenario(); a test checks it is current.",
        "# Seat 0 plays the focal deck; in each deck's cases its bot never plays one card",
        "# (avoid_card), never uses its Phoenixborn's ability (avoid_ability) or never uses one of",
        "# its dice powers (avoid_power), against every precon in seat 1. The same game ids replay",
        "# on the same random streams in every variant, so each arm is paired with the deck's",
        "# baseline. Small default size (CI); the committed report ran with --games 1000.",
    ]
    question = "What is each card, each Phoenixborn ability and each dice power worth to its precon deck?"
    return "\n".join(lines + _study_lines(name, games, seed, "ashes_card_value", question, opp,
                                          card_value_cases(decks)))


def _study_lines(name: str, games: int, seed: int, analysis: str, question: str, opponents: Sequence[str],
                 cases: Sequence[Mapping[str, Any]]) -> list[str]:
    """The TOML lines of a generated Ashes study after its comment: two balanced seats, seats not
    rotated, ``setup.deck_1`` swept over ``opponents``, one ``[[cases]]`` table per case."""
    q = json.dumps
    lines = [f"name = {q(name)}", 'game = "ashes"', f"games = {games}", f"seed = {seed}", "players = 2",
             "rotate_seats = false", f"analyses = [{q(analysis)}]", f"question = {q(question)}", "",
             "[[seats]]", 'bot = "balanced"', "[[seats]]", 'bot = "balanced"', "",
             "[sweep]", f'"setup.deck_1" = [{", ".join(q(d) for d in opponents)}]', ""]
    for case in cases:
        lines.append("[[cases]]")
        lines += [f"{q(k)} = {q(v)}" for k, v in case.items()]
        lines.append("")
    return lines


def _variant_info(manifest: Mapping[str, Any]) -> pl.DataFrame:
    """variant label -> focal deck (seat 0), opponent deck (seat 1), avoided card ("" = none)."""
    names = data.card_names()
    rows = []
    for v in manifest.get("variants", []):
        setup = v.get("setup") or {}
        decks = setup.get("decks") or list(data.DEFAULT_DECKS)
        d0 = setup.get("deck_0", decks[0])
        d1 = setup.get("deck_1", decks[1 % len(decks)])
        prm = (v.get("bot_params") or [{}])[0]
        avoid = prm.get("avoid_card", -1)
        if not isinstance(avoid, str):
            avoid = names[int(avoid)] if int(avoid) >= 0 else ""
        if not avoid and int(prm.get("avoid_ability", 0)) and isinstance(d0, str):
            avoid = ability_label(d0)
        if not avoid and int(prm.get("avoid_power", -1)) >= 0:
            avoid = power_label(int(prm["avoid_power"]))
        rows.append({"variant": v["label"], "deck": d0 if isinstance(d0, str) else "custom",
                     "opponent": d1 if isinstance(d1, str) else "custom", "avoid": avoid})
    return pl.DataFrame(rows, schema={"variant": pl.String, "deck": pl.String, "opponent": pl.String,
                                      "avoid": pl.String})


def card_values(seats: pl.LazyFrame | pl.DataFrame, manifest: Mapping[str, Any],
                cards: pl.LazyFrame | pl.DataFrame | None = None, correction: str = "holm",
                alpha: float = 0.05) -> pl.DataFrame:
    """What each card is worth to its deck: the paired change in the deck's (seat 0's) win rate
    when its bot never plays the card, over the same games (game id and opponent) as the deck's
    baseline (:func:`simlab.analysis.paired_difference`), p-values corrected over each deck's
    cards (:func:`simlab.analysis.adjust`, Holm by default).

    Args:
        seats: the study's seats table.
        manifest: its manifest (the variants' setup and bot parameters name deck, opponent and card).
        cards: the cards table, for how often the baseline plays the card (optional).
        correction: "holm", "fdr_bh", "bonferroni" or "none".
        alpha: level of the intervals and of the correction.

    Returns:
        columns ``deck, card, n, win_with, win_without, value, ci_low, ci_high, p_value,
        p_adjusted, flagged, played_per_game, implemented`` sorted by deck, then value
        descending: ``value`` = win_with - win_without (the card's worth in win-rate points),
        ``n`` paired games, ``flagged`` = its interval excludes 0 after the correction,
        ``implemented`` = the engine has the card's effect (without it an action spell or an
        alteration is never played, so its value is exactly 0; an ally is a plain body and a ready
        spell an inert spellboard card).
    """
    info = _variant_info(manifest)
    focal = (seats.lazy().filter(pl.col("seat") == 0)
             .select("variant", "game_id", pl.col("won").cast(pl.Float64).alias("win"))
             .join(info.lazy(), on="variant").collect())
    played = {}
    if cards is not None:
        names = data.card_names()
        cl = cards.lazy()
        col = "card_id" if "card_id" in cl.collect_schema().names() else "card"
        base_variants = info.filter(pl.col("avoid") == "")["variant"].to_list()
        per = (cl.filter((pl.col("seat") == 0) & pl.col("variant").is_in(base_variants))
               .join(info.lazy(), on="variant")
               .group_by("deck", col).agg(pl.col("played").sum(), pl.col("game_id").count())
               .collect())
        n_games = focal.filter(pl.col("avoid") == "").group_by("deck").agg(n=pl.len())
        n_of = dict(n_games.iter_rows())
        played = {(d, names[int(c)]): p / max(n_of.get(d, 1), 1) for d, c, p, _ in per.iter_rows()}
    implemented = {r["card"]: bool(r["implemented"]) for r in _card_rows()}
    implemented |= {power_label(t): True for t in range(len(S.DIE_TYPES))}
    implemented |= {ability_label(d): True for d in data.deck_titles()}
    out = []
    for deck in focal["deck"].unique(maintain_order=True).to_list():
        part = focal.filter(pl.col("deck") == deck)
        base = part.filter(pl.col("avoid") == "").select("opponent", "game_id", "win")
        rows = []
        for card in [c for c in part["avoid"].unique(maintain_order=True).to_list() if c]:
            arm = part.filter(pl.col("avoid") == card).select("opponent", "game_id", pl.col("win").alias("without"))
            paired = base.join(arm, on=["opponent", "game_id"]).sort("opponent", "game_id")
            r = paired_difference(paired["win"].to_numpy(), paired["without"].to_numpy(), alpha=alpha)
            rows.append({"deck": deck, "card": card, "n": r["n"], "win_with": r["mean_x"],
                         "win_without": r["mean_y"], "value": r["diff"], "ci_low": r["ci_low"],
                         "ci_high": r["ci_high"], "p_value": r["p_value"],
                         "variance_reduction": r["variance_reduction"],
                         "played_per_game": played.get((deck, card), float("nan")),
                         "implemented": implemented.get(card, False)})
        if rows:
            reject, p_adj = adjust([r["p_value"] for r in rows], method=correction, alpha=alpha)
            for r, rej, pa in zip(rows, reject, p_adj, strict=True):
                r["p_adjusted"] = float(pa)
                r["flagged"] = bool(rej)
            out += rows
    schema = {"deck": pl.String, "card": pl.String, "n": pl.Int64, "win_with": pl.Float64,
              "win_without": pl.Float64, "value": pl.Float64, "ci_low": pl.Float64, "ci_high": pl.Float64,
              "p_value": pl.Float64, "variance_reduction": pl.Float64, "p_adjusted": pl.Float64,
              "flagged": pl.Boolean, "played_per_game": pl.Float64, "implemented": pl.Boolean}
    df = pl.DataFrame(out, schema=schema)
    return df.sort("deck", pl.col("value").fill_nan(None), descending=[False, True], nulls_last=True)


def _card_rows() -> list[dict[str, Any]]:
    return data.load_cards().rows


def implemented_share() -> tuple[int, int]:
    """(cards whose effect the engine implements, all cards) in cards.toml."""
    rows = _card_rows()
    return sum(bool(r["implemented"]) for r in rows), len(rows)


# --------------------------------------------------------------------------------------------
# Deck swaps: for one precon, every card swapped for every other legal card of the core set


def deck_swap_cases(deck: str) -> list[dict[str, Any]]:
    """The ``[[cases]]`` of the deck-swap study for the precon ``deck``: the deck as published,
    then one case per (card of the deck, card that can replace it: :func:`data.swap_candidates`)
    with ``setup.swap_0 = [out, into]`` (every copy of ``out`` becomes ``into``:
    :func:`data.swap_card`)."""
    cases = [{"label": f"{deck} as published", "setup.deck_0": deck}]
    for out in deck_cards(deck):
        for into in data.swap_candidates(deck):
            cases.append({"label": f"{deck} | {out} -> {into}", "setup.deck_0": deck, SWAP_PATH: [out, into]})
    return cases


def deck_swap_scenario(deck: str = "The Shadows of Viros", games: int = 10, seed: int = 13,
                       opponents: Sequence[str] | None = None, name: str = "ashes_deck_swap") -> str:
    """The TOML text of the deck-swap study (scenarios/ashes_deck_swap.toml is this with the
    defaults): :func:`deck_swap_cases` crossed with ``setup.deck_1`` over ``opponents`` (default
    every precon), balanced bots, seats not rotated."""
    opp = list(opponents or data.deck_titles())
    lines = [
        f"# Which single-card swap improves {deck} most? (Ashes) Generated by",
        "# simlab.games.ashes.studies.deck_swap_scenario(); a test checks it is current.",
        "# Seat 0 plays the deck as published, then with every copy of one of its cards replaced by",
        "# as many copies of another legal core-set card (setup.swap_0 = [out, in]; the First Five",
        "# keep their slots: data.swap_card), against every precon in seat 1. Every variant plays the",
        "# same game ids on the same random streams, so each swap is paired with the published deck.",
        "# Small default size (CI); the committed report ran with --games 100.",
    ]
    question = f"Which one-card swap (all copies of a card for another core-set card) makes {deck} win most?"
    return "\n".join(lines + _study_lines(name, games, seed, "ashes_deck_swap", question, opp, deck_swap_cases(deck)))


def deck_swaps(seats: pl.LazyFrame | pl.DataFrame, manifest: Mapping[str, Any], correction: str = "holm",
               alpha: float = 0.05) -> pl.DataFrame:
    """Every swap's paired change in the deck's (seat 0's) win rate against the published deck
    over the same games and opponents (:func:`simlab.analysis.paired_difference`), p-values
    corrected over all swaps (:func:`simlab.analysis.adjust`, Holm by default).

    Returns:
        columns ``deck, out, into, n, win_published, win_swapped, value, ci_low, ci_high,
        p_value, p_adjusted, flagged``, best swap first.
    """
    rows = []
    for v in manifest.get("variants", []):
        setup = v.get("setup") or {}
        pair = setup.get("swap_0") or ["", ""]
        rows.append({"variant": v["label"], "deck": str(setup.get("deck_0", "")),
                     "opponent": str(setup.get("deck_1", "")), "out": pair[0], "into": pair[1]})
    info = pl.DataFrame(rows, schema={"variant": pl.String, "deck": pl.String, "opponent": pl.String,
                                      "out": pl.String, "into": pl.String})
    focal = (seats.lazy().filter(pl.col("seat") == 0)
             .select("variant", "game_id", pl.col("won").cast(pl.Float64).alias("win"))
             .join(info.lazy(), on="variant").collect())
    out = []
    for deck in focal["deck"].unique(maintain_order=True).to_list():
        part = focal.filter(pl.col("deck") == deck)
        base = part.filter(pl.col("out") == "").select("opponent", "game_id", "win")
        arms = part.filter(pl.col("out") != "")
        for (o, i), arm in arms.group_by(["out", "into"], maintain_order=True):
            paired = base.join(arm.select("opponent", "game_id", pl.col("win").alias("swapped")),
                               on=["opponent", "game_id"]).sort("opponent", "game_id")
            r = paired_difference(paired["swapped"].to_numpy(), paired["win"].to_numpy(), alpha=alpha)
            out.append({"deck": deck, "out": o, "into": i, "n": r["n"], "win_published": r["mean_y"],
                        "win_swapped": r["mean_x"], "value": r["diff"], "ci_low": r["ci_low"],
                        "ci_high": r["ci_high"], "p_value": r["p_value"],
                        "variance_reduction": r["variance_reduction"]})
    schema = {"deck": pl.String, "out": pl.String, "into": pl.String, "n": pl.Int64, "win_published": pl.Float64,
              "win_swapped": pl.Float64, "value": pl.Float64, "ci_low": pl.Float64, "ci_high": pl.Float64,
              "p_value": pl.Float64, "variance_reduction": pl.Float64, "p_adjusted": pl.Float64,
              "flagged": pl.Boolean}
    if not out:
        return pl.DataFrame(schema=schema)
    reject, p_adj = adjust([r["p_value"] for r in out], method=correction, alpha=alpha)
    for r, rej, pa in zip(out, reject, p_adj, strict=True):
        r["p_adjusted"], r["flagged"] = float(pa), bool(rej)
    return pl.DataFrame(out, schema=schema).sort(pl.col("value").fill_nan(None), descending=True, nulls_last=True)


# --------------------------------------------------------------------------------------------
# Report sections (simlab report; ctx is simlab.report.render's context: doc, results, manifest)


def _pct(x: float) -> str:
    return "n/a" if x is None or np.isnan(x) else f"{100 * x:.1f}%"


def _iv(lo: float, hi: float) -> str:
    if lo is None or hi is None or np.isnan(lo) or np.isnan(hi):
        return "(n/a)"
    return f"({100 * lo:.1f}-{100 * hi:.1f})" if lo >= 0 else f"({100 * lo:+.1f} to {100 * hi:+.1f})"


def _caveat() -> str:
    k, n = implemented_share()
    if k < n:
        return (f"**Not publishable:** the engine implements {k} of {n} card effects (docs/ashes.md); a card "
                "without its effect is never played or plays as a plain body, so these numbers measure the "
                "engine's coverage of each deck as much as the decks.")
    return (f"**Bots, not players:** the engine implements all {n} card effects, but every number here is how "
            "these heuristic bots (docs/ashes.md, 'Bots') play the decks. Strong human play can differ; trust "
            "most the conclusions that hold under every preset.")


def _preset_lead(ratings: pl.DataFrame, fpa: Mapping[str, Any], mean_rounds: float, preset: str) -> str:
    """One preset's answer: the strongest and weakest deck, the first player's win rate, length."""
    fin = ratings.filter(pl.col("rating").is_not_nan())
    tail = (f"the seat that won the first-player roll won {_pct(fpa['win_rate'])} "
            f"{_iv(fpa['ci_low'], fpa['ci_high'])} of {fpa['n']:,} games; games last {mean_rounds:.1f} rounds "
            "on average.")
    if fin.height < 2:
        return (f"**{preset} bots:** too few decks or games for ratings (a deck that won or lost every comparison "
                f"has no finite rating); {tail}")
    best, worst = fin.row(0, named=True), fin.row(fin.height - 1, named=True)
    sep = best["ci_low"] > worst["ci_high"]
    return (f"**{preset} bots:** **{best['deck']}** rates highest and **{worst['deck']}** lowest (Bradley-Terry "
            f"log-odds {best['rating']:+.2f} {_ivr(best)} vs {worst['rating']:+.2f} {_ivr(worst)}; "
            + ("intervals apart" if sep else "their intervals overlap: the order is not settled")
            + f"); {tail}")


def _preset_brief(ratings: pl.DataFrame, fpa: Mapping[str, Any], preset: str) -> str:
    """One preset in a few words for the answer box."""
    fin = ratings.filter(pl.col("rating").is_not_nan())
    first = f"first player {_pct(fpa['win_rate'])} {_iv(fpa['ci_low'], fpa['ci_high'])}, n={fpa['n']:,}"
    if fin.height < 2:
        return f"{preset}: no finite ratings, {first}"
    best, worst = fin.row(0, named=True), fin.row(fin.height - 1, named=True)
    return (f"{preset}: {best['deck']} {best['rating']:+.2f} {_ivr(best)} / {worst['deck']} "
            f"{worst['rating']:+.2f} {_ivr(worst)}, {first}")


def section_decks(ctx) -> None:
    """Report section ``ashes_decks``: the answer first (per bot preset the strongest and
    weakest deck by Bradley-Terry and the first-player advantage; with several presets, the
    matchups and rankings every preset agrees on), then per preset the matchup matrix with
    intervals, the ratings and the first-player advantage, then game length and end reasons."""
    doc = ctx.doc
    seats, games = ctx.results.seats, ctx.results.games
    names = presets(seats)
    doc.heading("Which precon deck wins?")
    per = {}
    for pr in names:
        ratings = deck_ratings(seats, preset=pr)
        fpa = first_player_advantage(games, seats, preset=pr)
        lengths = round_lengths(games, seats, preset=pr)
        per[pr] = (ratings, fpa, lengths)
    lead = [_preset_lead(r, f.row(0, named=True), ln.row(0, named=True)["mean_rounds"], pr)
            for pr, (r, f, ln) in per.items()]
    robust = robust_matchups(seats) if len(names) > 1 else None
    if robust is not None:
        agreed = robust.filter(pl.col("verdict").str.ends_with("under every preset")
                               & ~pl.col("verdict").str.starts_with("not shown"))
        tops = {pr: r.filter(pl.col("rating").is_not_nan()) for pr, (r, _, _) in per.items()}
        firsts = {t.row(0, named=True)["deck"] for t in tops.values() if t.height}
        lasts = {t.row(t.height - 1, named=True)["deck"] for t in tops.values() if t.height}
        same = []
        if len(firsts) == 1:
            same.append(f"{next(iter(firsts))} rates highest under every preset")
        if len(lasts) == 1:
            same.append(f"{next(iter(lasts))} rates lowest under every preset")
        fp = [f.row(0, named=True) for _, f, _ in per.values()]
        if all(r["ci_low"] > 0.5 for r in fp):
            same.append("the first player wins more than half the games under every preset")
        elif all(r["ci_high"] < 0.5 for r in fp):
            same.append("the first player wins less than half the games under every preset")
        agreed_txt = "; ".join(
            f"{r['favoured']} beats {r['opponent']} "
            f"({_pct(min(r[f'{pr}_rate'] for pr in names))}-{_pct(max(r[f'{pr}_rate'] for pr in names))})"
            for r in agreed.head(_LEAD_MAX).iter_rows(named=True))
        if agreed.height > _LEAD_MAX:
            agreed_txt += f"; and {agreed.height - _LEAD_MAX} more (the table 'Matchups under every preset')"
        lead.insert(0, f"**What holds under all {len(names)} presets ({', '.join(names)}):** "
                    + ("; ".join(same) + ". " if same else "no deck is first or last under every preset. ")
                    + (f"{agreed.height} of {robust.height} matchups are shown the same way by every preset "
                       f"(Holm over each preset's pairings): {agreed_txt}." if agreed.height
                       else f"None of the {robust.height} matchups is shown the same way by every preset."))
    doc.bullets(lead)
    if robust is None:
        ctx.answer(lead[0].replace("**", ""), rank=10)
    else:  # the box holds few sentences: what all presets agree on, then one line for the presets
        ctx.answer(lead[0].replace("**", ""), rank=10)
        ctx.answer("Per preset (highest / lowest deck by Bradley-Terry log-odds; the first player's win rate): "
                   + "; ".join(_preset_brief(r, f.row(0, named=True), pr) for pr, (r, f, _) in per.items()) + ".",
                   rank=11)
    ctx.answer(_caveat(), rank=0)
    doc.para(_caveat())

    if robust is not None:
        doc.heading("Matchups under every preset (favoured deck's win rate, 95% Wilson interval)", 3)
        doc.table(["favoured", "opponent", *names, "verdict"],
                  [[r["favoured"], r["opponent"], *[r[pr] for pr in names], r["verdict"]]
                   for r in robust.iter_rows(named=True)])
        doc.para("A matchup is 'shown' under a preset when an exact binomial test against 50% rejects after "
                 "Holm's correction over that preset's pairings; both seat orders are pooled.")

    for pr, (ratings, fpa, lengths) in per.items():
        suffix = f" ({pr} bots)"
        doc.heading("Matchups" + suffix + ": row deck's win rate against the column deck, 95% Wilson interval", 3)
        mm = deck_matchups(seats, preset=pr)
        decks = sorted(set(mm["deck"].to_list()) | set(mm["opponent"].to_list()))
        cell = {(r["deck"], r["opponent"]): f"{_pct(r['win_rate'])} {_iv(r['ci_low'], r['ci_high'])} n={r['n']}"
                for r in mm.iter_rows(named=True)}
        doc.table(["deck \\ opponent", *decks],
                  [[d, *[cell.get((d, o), "mirror" if d == o else "") for o in decks]] for d in decks])
        try:
            from simlab.report import charts
            ctx.save(charts.matchup_heatmap(mm.rename({"deck": "bot"})), f"ashes_matchups_{pr.replace(' ', '_')}",
                     f"Win rate of each deck against each other deck, {pr} bots")
        except Exception as exc:  # a chart is a convenience: the table above carries the numbers
            doc.para(f"(chart skipped: {exc})")
        doc.para("Both seat orders are pooled; a draw (round cap) counts as a win for neither.")

        doc.heading("Bradley-Terry ratings" + suffix + " (log-odds, first deck alphabetically = 0)", 3)
        doc.table(["deck", "rating", "95% interval", "games"],
                  [[r["deck"], f"{r['rating']:+.2f}", _ivr(r), f"{r['games']:,}"]
                   for r in ratings.iter_rows(named=True)])

        doc.heading("First-player advantage" + suffix, 3)
        doc.table(["games", "n", "first player won", "95% interval", "draws"],
                  [[r["games"], f"{r['n']:,}", _pct(r["win_rate"]), _iv(r["ci_low"], r["ci_high"]), r["draws"]]
                   for r in fpa.iter_rows(named=True)])
        doc.para("The first player is the seat that took the token at setup (rule 23), not seat 0; 50% is a fair "
                 "start. Mirrors hold the deck fixed, so only the token differs there.")

        doc.heading("Game length in rounds" + suffix, 3)
        doc.table(["pairing", "n", "mean", "p10", "median", "p90", "max"],
                  [[r["pairing"], f"{r['n']:,}", f"{r['mean_rounds']:.1f}", f"{r['p10']:.0f}", f"{r['p50']:.0f}",
                    f"{r['p90']:.0f}", r["max_rounds"]] for r in lengths.iter_rows(named=True)])
    # margin (life left on the winner's Phoenixborn), lead changes, comebacks: the per-round scores
    groups = {v["label"]: " vs ".join(sorted(set(v.get("bots") or []))) or v["label"] for v in ctx.variants}
    ctx.game_quality(groups, "bots", "Game quality by bot preset (all pairings pooled)")
    doc.heading("End reasons (all games)", 3)
    er = end_reason_shares(games)
    doc.table(["end reason", "games", "share", "95% interval"],
              [[r["end_reason"], f"{r['n']:,}", _pct(r["share"]), _iv(r["ci_low"], r["ci_high"])]
               for r in er.iter_rows(named=True)])


def _ivr(r: Mapping[str, Any]) -> str:
    """A rating's interval."""
    if np.isnan(r["ci_low"]) or np.isnan(r["ci_high"]):
        return "(n/a)"
    return f"({r['ci_low']:+.2f} to {r['ci_high']:+.2f})"


def section_card_value(ctx) -> None:
    """Report section ``ashes_card_value``: per deck the card worth most (and whether any card's
    value is shown after Holm's correction) first, then every card's paired value."""
    doc = ctx.doc
    vals = card_values(ctx.results.seats, ctx.manifest, cards=ctx.results.cards)
    doc.heading("What is each card worth to its deck?")
    lead = []
    special = pl.col("card").str.ends_with("dice power") | pl.col("card").str.contains("'s ability (", literal=True)
    for deck in vals["deck"].unique(maintain_order=True).to_list():
        part = vals.filter(pl.col("deck") == deck)
        cards_ = part.filter(~special)
        extra = part.filter(special)
        top = cards_.row(0, named=True) if cards_.height else None
        flagged = cards_.filter(pl.col("flagged"))
        missing = int((~cards_["implemented"]).sum())
        text = f"**{deck}**: "
        if top is not None:
            text += (f"most valuable card **{top['card']}** ({100 * top['value']:+.1f} win-rate points "
                     f"{_iv(top['ci_low'], top['ci_high'])}, n={top['n']:,}); "
                     + (f"{flagged.height} of {cards_.height} cards shown to matter after Holm's correction"
                        if flagged.height else f"no card of {cards_.height} shown to matter after Holm's correction"))
        if extra.height:
            text += "; " + ", ".join(f"{r['card']} {100 * r['value']:+.1f} {_iv(r['ci_low'], r['ci_high'])}"
                                     + (" (shown)" if r["flagged"] else "") for r in extra.iter_rows(named=True))
        if missing:
            text += f"; the effects of {missing} of its cards are not implemented yet"
        lead.append(text + ".")
    doc.bullets(lead)
    # the answer box holds few sentences: the best card of each deck, then the abilities, then the
    # dice powers, each across the six decks
    def brief(r):
        return f"{r['card']} {100 * r['value']:+.1f} {_iv(r['ci_low'], r['ci_high'])}" + ("*" if r["flagged"] else "")
    decks = vals["deck"].unique(maintain_order=True).to_list()
    best = [f"{d}: {brief(vals.filter((pl.col('deck') == d) & ~special).row(0, named=True))}" for d in decks
            if vals.filter((pl.col("deck") == d) & ~special).height]
    n = int(vals["n"].max()) if vals.height else 0
    if best:
        ctx.answer(f"Most valuable card of each deck, in win-rate points (n={n:,} paired games each; * = shown after "
                   "Holm's correction over the deck's arms): " + "; ".join(best) + ".", rank=20)
    abil = vals.filter(pl.col("card").str.contains("'s ability (", literal=True))
    if abil.height:
        ctx.answer("Phoenixborn abilities: " + "; ".join(brief(r) for r in abil.sort("value", descending=True)
                                                         .iter_rows(named=True))
                   + ". A negative value means these bots would win more never using it.", rank=21)
    powers = vals.filter(pl.col("card").str.ends_with("dice power"))
    if powers.height:
        ranked = powers.sort("value", descending=True).iter_rows(named=True)
        ctx.answer("Dice powers: " + "; ".join(f"{r['deck']}'s {brief(r)}" for r in ranked) + ".", rank=22)
    ctx.answer(_caveat(), rank=0)
    doc.para(_caveat())
    doc.para("Value = the deck's (seat 0's) win rate with the card minus without it (its bot never plays the "
             "card; for an ability or a dice power, never uses it), on the same games and opponents; 95% "
             "intervals of the paired difference, uncorrected; 'shown' = Holm-adjusted p < 0.05 within the "
             "deck's arms (cards, ability and dice powers together).")
    doc.para(pairing_words(vals["variance_reduction"].to_list()))
    for deck in vals["deck"].unique(maintain_order=True).to_list():
        part = vals.filter(pl.col("deck") == deck)
        doc.heading(deck, 3)
        doc.table(["card", "value (pts)", "95% interval", "win with", "win without", "Holm p", "shown",
                   "played / game", "implemented"],
                  [[r["card"], f"{100 * r['value']:+.1f}", _iv(r["ci_low"], r["ci_high"]), _pct(r["win_with"]),
                    _pct(r["win_without"]), "n/a" if np.isnan(r["p_adjusted"]) else f"{r['p_adjusted']:.3f}",
                    "yes" if r["flagged"] else "no",
                    "" if np.isnan(r["played_per_game"]) else f"{r['played_per_game']:.2f}",
                    "yes" if r["implemented"] else "no"] for r in part.iter_rows(named=True)])


def section_deck_swap(ctx) -> None:
    """Report section ``ashes_deck_swap``: the best three swaps first (with interval, n and
    whether Holm's correction over all swaps shows them), the worst, then every swap and the
    mean value of swapping each card out and each card in."""
    doc = ctx.doc
    sw = deck_swaps(ctx.results.seats, ctx.manifest)
    doc.heading("Which one-card swap helps the deck most?")
    if sw.height == 0:
        doc.para("No swap arms in these results.")
        return
    deck = sw["deck"][0]
    shown = sw.filter(pl.col("flagged") & (pl.col("value") > 0))
    worse = sw.filter(pl.col("flagged") & (pl.col("value") < 0))

    def fmt(r):
        return (f"{r['out']} -> {r['into']}: {100 * r['value']:+.1f} win-rate points {_iv(r['ci_low'], r['ci_high'])}, "
                f"n={r['n']:,}" + (" (shown after Holm)" if r["flagged"] else ""))
    lead = [f"**Best three swaps for {deck}** (of {sw.height:,}; its published win rate "
            f"{_pct(sw['win_published'][0])} over n={sw['n'][0]:,} games against the six precons): "
            + "; ".join(fmt(r) for r in sw.head(3).iter_rows(named=True)) + ".",
            f"{shown.height} swaps are shown to help and {worse.height} to hurt after Holm's correction over all "
            f"{sw.height:,}; the worst is {fmt(sw.row(sw.height - 1, named=True))}."]
    doc.bullets(lead)
    for k, line in enumerate(lead):
        ctx.answer(line.replace("**", ""), rank=10 + k)
    ctx.answer(_caveat(), rank=0)
    doc.para(_caveat())
    doc.para("Value = the deck's (seat 0's) win rate with the swap minus as published, over the same games and "
             "opponents (paired; 95% interval uncorrected); 'shown' = Holm-adjusted p < 0.05 over all swaps. "
             "All copies of the card go out and as many of the new card come in; the First Five keep their slots.")
    doc.para(pairing_words(sw["variance_reduction"].to_list()))
    for col, title, label in (("out", "Swapping a card out: mean over its replacements", "card out"),
                              ("into", "Bringing a card in: mean over the cards it replaces", "card in")):
        doc.heading(title, 3)
        per = (sw.group_by(col).agg(pl.len().alias("swaps"), pl.col("value").mean().alias("mean"),
                                    pl.col("value").max().alias("best"), pl.col("flagged").sum().alias("shown"))
               .sort("mean", descending=True))
        doc.table([label, "swaps", "mean value (pts)", "best (pts)", "shown (either way)"],
                  [[r[col], r["swaps"], f"{100 * r['mean']:+.1f}", f"{100 * r['best']:+.1f}", r["shown"]]
                   for r in per.iter_rows(named=True)])
    doc.heading("Every swap", 3)
    doc.table(["out", "in", "value (pts)", "95% interval", "win swapped", "Holm p", "shown", "n"],
              [[r["out"], r["into"], f"{100 * r['value']:+.1f}", _iv(r["ci_low"], r["ci_high"]),
                _pct(r["win_swapped"]), f"{r['p_adjusted']:.3f}", "yes" if r["flagged"] else "no", f"{r['n']:,}"]
               for r in sw.iter_rows(named=True)])


#: Report sections this game adds to ``simlab report`` (an ``analyses`` name -> renderer); they
#: lead the report, before the study's details.
REPORT_SECTIONS = {"ashes_decks": section_decks, "ashes_card_value": section_card_value,
                   "ashes_deck_swap": section_deck_swap}
