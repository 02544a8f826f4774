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

Every card effect is implemented now (docs/ashes.md), but no figure from these studies is
committed yet: the bots are first-cut stand-ins that score moves with fixed numbers, so the win
rates and card values describe these bots as much as the decks.
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

__all__ = ["deck_label", "deck_seats", "deck_matchups", "deck_ratings", "first_player_advantage",
           "round_lengths", "end_reason_shares", "card_value_cases", "card_value_scenario", "card_values",
           "section_decks", "section_card_value", "REPORT_SECTIONS", "AVOID_PATH"]

AVOID_PATH = "seats.0.params.avoid_card"
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
    return lf.with_columns(deck_name=key.replace_strict(names, return_dtype=pl.String),
                           game_key=pl.col("variant_id").cast(pl.Int64) * _GAME_KEY + pl.col("game_id"))


def _as_bots(seats: pl.LazyFrame | pl.DataFrame) -> pl.LazyFrame:
    """Decks in the shape the shared matchup functions read: ``bot`` = the deck, one pooled
    variant, game ids unique across the study's variants."""
    return (deck_seats(seats)
            .with_columns(bot=pl.col("deck_name"), variant=pl.lit("all decks"), game_id=pl.col("game_key")))


def deck_matchups(seats: pl.LazyFrame | pl.DataFrame, alpha: float = 0.05) -> pl.DataFrame:
    """Win rate of each deck against each other deck over every game they met in (both seat
    orders pooled; mirrors are not a matchup), with its interval
    (:func:`simlab.analysis.matchup_matrix`: Wilson, Clopper-Pearson below 30 games).

    Returns:
        columns ``deck, opponent, n, win_rate, ci_low, ci_high, wins``; a draw counts 0 for both.
    """
    out = matchup_matrix(_as_bots(seats), alpha=alpha)
    return out.drop("variant").rename({"bot": "deck"})


def deck_ratings(seats: pl.LazyFrame | pl.DataFrame, alpha: float = 0.05) -> pl.DataFrame:
    """Bradley-Terry ratings of the decks (:func:`simlab.analysis.bradley_terry`: log-odds,
    the first deck alphabetically fixed at 0, Wald intervals), mirrors left out.

    Returns:
        columns ``deck, rating, ci_low, ci_high, games, se, comparisons``, best first.
    """
    return bradley_terry(_as_bots(seats), alpha=alpha).rename({"bot": "deck"})


def _game_decks(seats: pl.LazyFrame | pl.DataFrame) -> pl.LazyFrame:
    """One row per game: ``game_key``, ``deck_0``, ``deck_1`` (seat 0's and seat 1's deck)."""
    ds = deck_seats(seats)
    return (ds.filter(pl.col("seat") == 0).select("game_key", pl.col("deck_name").alias("deck_0"))
            .join(ds.filter(pl.col("seat") == 1).select("game_key", pl.col("deck_name").alias("deck_1")),
                  on="game_key"))


def _games(games: pl.LazyFrame | pl.DataFrame, seats: pl.LazyFrame | pl.DataFrame) -> pl.DataFrame:
    g = games.lazy().with_columns(game_key=pl.col("variant_id").cast(pl.Int64) * _GAME_KEY + pl.col("game_id"))
    return g.join(_game_decks(seats), on="game_key").collect()


def first_player_advantage(games: pl.LazyFrame | pl.DataFrame, seats: pl.LazyFrame | pl.DataFrame,
                           alpha: float = 0.05) -> pl.DataFrame:
    """How often the seat that took the first-player token at setup (rule 23) wins, with its
    interval (:func:`simlab.analysis.proportion_ci`), over all games and over mirror games alone
    (the same deck on both sides: only the token differs). A fair start is 50%; draws count as
    not won.

    Returns:
        columns ``games`` ("all" / "mirrors"), ``n``, ``first_wins``, ``draws``, ``win_rate``,
        ``ci_low``, ``ci_high``.
    """
    g = _games(games, seats)
    rows = []
    for label, part in (("all", g), ("mirrors", g.filter(pl.col("deck_0") == pl.col("deck_1")))):
        n = part.height
        wins = int((part["winner"] == part["first_player"]).sum()) if n else 0
        lo, hi = proportion_ci(wins, n, alpha=alpha) if n else (float("nan"), float("nan"))
        rows.append({"games": label, "n": n, "first_wins": wins, "draws": int((part["winner"] < 0).sum()) if n else 0,
                     "win_rate": wins / n if n else float("nan"), "ci_low": float(lo), "ci_high": float(hi)})
    return pl.DataFrame(rows)


def round_lengths(games: pl.LazyFrame | pl.DataFrame, seats: pl.LazyFrame | pl.DataFrame) -> pl.DataFrame:
    """Game length in rounds, all games pooled and per pairing (seat orders pooled), from
    :func:`simlab.analysis.game_lengths`.

    Returns:
        columns ``pairing`` ("all" or "A vs B", decks sorted), ``n``, ``mean_rounds``,
        ``sd_rounds``, ``p10``, ``p50``, ``p90``, ``min_rounds``, ``max_rounds``.
    """
    g = _games(games, seats)
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


def card_value_cases(decks: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """The ``[[cases]]`` of the card-value study: per deck one baseline (``avoid_card = -1``)
    and one case per different card of the deck (the seat-0 bot never plays it)."""
    cases = []
    for deck in decks or data.deck_titles():
        cases.append({"label": f"{deck} | all cards", "setup.deck_0": deck, AVOID_PATH: -1})
        for card in deck_cards(deck):
            cases.append({"label": f"{deck} | without {card}", "setup.deck_0": deck, AVOID_PATH: card})
    return cases


def card_value_scenario(games: int = 20, seed: int = 11, decks: Sequence[str] | None = None,
                        opponents: Sequence[str] | None = None, name: str = "ashes_card_value") -> str:
    """The TOML text of the card-value study (scenarios/ashes_card_value.toml is this with the
    defaults): the :func:`card_value_cases` crossed with ``setup.deck_1`` over ``opponents``
    (default every precon), balanced bots, seats not rotated."""
    opp = list(opponents or data.deck_titles())
    q = json.dumps
    lines = [
        "# What each card is worth to its deck (Ashes). Generated by",
        "# simlab.games.ashes.studies.card_value_scenario(); a test checks it is current.",
        "# Seat 0 plays the focal deck; in each deck's cases its bot never plays one card",
        "# (avoid_card), against every precon in seat 1. The same game ids replay on the same",
        "# random streams in every variant, so each card's arm is paired with the deck's baseline.",
        "# Small default size (CI); raise `games` for real figures. No figure is committed yet: every",
        "# card effect is implemented, but the bots are first-cut stand-ins (docs/ashes.md).",
        f"name = {q(name)}", 'game = "ashes"', f"games = {games}", f"seed = {seed}", "players = 2",
        "rotate_seats = false", 'analyses = ["ashes_card_value"]', "",
        "[[seats]]", 'bot = "balanced"', "[[seats]]", 'bot = "balanced"', "",
        "[sweep]", f'"setup.deck_1" = [{", ".join(q(d) for d in opp)}]', "",
    ]
    for case in card_value_cases(decks):
        lines.append("[[cases]]")
        lines += [f"{q(k)} = {q(v)}" for k, v in case.items()]
        lines.append("")
    return "\n".join(lines)


def _variant_info(manifest: Mapping[str, Any]) -> pl.DataFrame:
    """variant label -> focal deck (seat 0), opponent deck (seat 1), avoided card ("" = none)."""
    names = data.card_names()
    rows = []
    for v in manifest.get("variants", []):
        setup = v.get("setup") or {}
        decks = setup.get("decks") or list(data.DEFAULT_DECKS)
        d0 = setup.get("deck_0", decks[0])
        d1 = setup.get("deck_1", decks[1 % len(decks)])
        avoid = (v.get("bot_params") or [{}])[0].get("avoid_card", -1)
        if not isinstance(avoid, str):
            avoid = names[int(avoid)] if int(avoid) >= 0 else ""
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
              "p_value": pl.Float64, "p_adjusted": pl.Float64, "flagged": pl.Boolean,
              "played_per_game": pl.Float64, "implemented": pl.Boolean}
    df = pl.DataFrame(out, schema=schema)
    return df.sort("deck", pl.col("value").fill_nan(None), descending=[False, True], nulls_last=True)


def _card_rows() -> list[dict[str, Any]]:
    return data.load_cards().rows


def implemented_share() -> tuple[int, int]:
    """(cards whose effect the engine implements, all cards) in cards.toml."""
    rows = _card_rows()
    return sum(bool(r["implemented"]) for r in rows), len(rows)


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
    return (f"**No Ashes figure is committed yet:** the engine implements all {n} card effects (docs/ashes.md), "
            "but the bots are first-cut stand-ins that score moves with fixed numbers, so these numbers describe "
            "the bots as much as the decks; quote none until the studies run at full size with better bots.")


def section_decks(ctx) -> None:
    """Report section ``ashes_decks``: the answer first (the strongest and weakest deck by
    Bradley-Terry, the first-player advantage), then the matchup matrix with intervals, the
    ratings, game length and end reasons."""
    doc = ctx.doc
    seats, games = ctx.results.seats, ctx.results.games
    ratings = deck_ratings(seats)
    fpa = first_player_advantage(games, seats)
    lengths = round_lengths(games, seats)
    doc.heading("Which precon deck wins?")
    fin = ratings.filter(pl.col("rating").is_not_nan())
    allg = fpa.row(0, named=True)
    mean_rounds = lengths.row(0, named=True)
    if fin.height >= 2:
        best, worst = fin.row(0, named=True), fin.row(fin.height - 1, named=True)
        sep = best["ci_low"] > worst["ci_high"]
        answer = (f"**{best['deck']}** rates highest and **{worst['deck']}** lowest (Bradley-Terry log-odds "
                  f"{best['rating']:+.2f} {_ivr(best)} vs {worst['rating']:+.2f} {_ivr(worst)}; "
                  + ("their intervals do not overlap" if sep else "their intervals overlap: the order is not settled")
                  + f"). The seat that won the first-player roll won {_pct(allg['win_rate'])} "
                  f"{_iv(allg['ci_low'], allg['ci_high'])} of {allg['n']:,} games; games last "
                  f"{mean_rounds['mean_rounds']:.1f} rounds on average.")
    else:
        answer = ("Too few decks or games for ratings (a deck that won or lost every comparison has no finite "
                  f"rating). The seat that won the first-player roll won {_pct(allg['win_rate'])} "
                  f"{_iv(allg['ci_low'], allg['ci_high'])} "
                  f"of {allg['n']:,} games.")
    doc.para(answer)
    ctx.answer(answer.replace("**", ""), rank=10)
    ctx.answer(_caveat(), rank=0)
    doc.para(_caveat())

    doc.heading("Matchups (row deck's win rate against the column deck, 95% Wilson interval)", 3)
    mm = deck_matchups(seats)
    decks = sorted(set(mm["deck"].to_list()) | set(mm["opponent"].to_list()))
    cell = {(r["deck"], r["opponent"]): f"{_pct(r['win_rate'])} {_iv(r['ci_low'], r['ci_high'])} n={r['n']}"
            for r in mm.iter_rows(named=True)}
    doc.table(["deck \\ opponent", *decks], [[d, *[cell.get((d, o), "mirror" if d == o else "") for o in decks]]
                                             for d in decks])
    try:
        from simlab.report import charts
        ctx.save(charts.matchup_heatmap(mm.rename({"deck": "bot"})), "ashes_matchups",
                 "Win rate of each deck against each other deck")
    except Exception as exc:  # a chart is a convenience: the table above carries the numbers
        doc.para(f"(chart skipped: {exc})")
    doc.para("Both seat orders are pooled; a draw (round cap) counts as a win for neither.")

    doc.heading("Bradley-Terry ratings (log-odds, first deck alphabetically = 0)", 3)
    doc.table(["deck", "rating", "95% interval", "games"],
              [[r["deck"], f"{r['rating']:+.2f}", _ivr(r), f"{r['games']:,}"] for r in ratings.iter_rows(named=True)])

    doc.heading("First-player advantage", 3)
    doc.table(["games", "n", "first player won", "95% interval", "draws"],
              [[r["games"], f"{r['n']:,}", _pct(r["win_rate"]), _iv(r["ci_low"], r["ci_high"]), r["draws"]]
               for r in fpa.iter_rows(named=True)])
    doc.para("The first player is the seat that took the token at setup (rule 23), not seat 0; 50% is a fair "
             "start. Mirrors hold the deck fixed, so only the token differs there.")

    doc.heading("Game length (rounds) and end reasons", 3)
    doc.table(["pairing", "n", "mean", "p10", "median", "p90", "max"],
              [[r["pairing"], f"{r['n']:,}", f"{r['mean_rounds']:.1f}", f"{r['p10']:.0f}", f"{r['p50']:.0f}",
                f"{r['p90']:.0f}", r["max_rounds"]] for r in lengths.iter_rows(named=True)])
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
    for deck in vals["deck"].unique(maintain_order=True).to_list():
        part = vals.filter(pl.col("deck") == deck)
        top = part.row(0, named=True)
        flagged = part.filter(pl.col("flagged"))
        lead.append(f"**{deck}**: most valuable **{top['card']}** ({100 * top['value']:+.1f} win-rate points "
                    f"{_iv(top['ci_low'], top['ci_high'])}, n={top['n']:,}); "
                    + (f"{flagged.height} of {part.height} cards shown to matter after Holm's correction"
                       if flagged.height else f"no card of {part.height} shown to matter after Holm's correction")
                    + f"; the effects of {int((~part['implemented']).sum())} of its cards are not implemented yet.")
    doc.bullets(lead)
    for line in lead:
        ctx.answer(line.replace("**", ""), rank=20)
    ctx.answer(_caveat(), rank=0)
    doc.para(_caveat())
    doc.para("Value = the deck's (seat 0's) win rate with the card minus without it (its bot never plays the "
             "card), on the same games and opponents; 95% intervals of the paired difference, uncorrected; "
             "'shown' = Holm-adjusted p < 0.05 within the deck's cards.")
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


#: Report sections this game adds to ``simlab report`` (an ``analyses`` name -> renderer); they
#: lead the report, before the study's details.
REPORT_SECTIONS = {"ashes_decks": section_decks, "ashes_card_value": section_card_value}
