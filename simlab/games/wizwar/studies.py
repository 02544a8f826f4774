"""Wiz-War studies: how far the treasures are on each board set, and what each triple of schools
does to the game.

Game-specific studies live beside the game (design guide section 6). The statistics are the
shared ones of :mod:`simlab.analysis` (Wilson intervals, Newcombe differences, Holm); this module
shapes the Wiz-War result tables for them and renders the report section ``wizwar_schools``
(:data:`REPORT_SECTIONS`, found by ``simlab report``).

Schools study (scenarios/wizwar_schools.toml, written by :func:`schools_scenario`): a ``[sweep]``
of ``setup.schools`` over the 20 triples of the six schools (R16), crossed with the player counts
2, 3 and 4 (and, optionally, the data variant ``board_set``). Every game is described by
:func:`game_facts`: its length in rounds, how it was won (:data:`OUTCOMES`) and whether the first
player (drawn at random, R25) won. Seats keep the colour of their sector, so the seat-by-seat win
rates of the plain report measure the board's colours, not the turn order: this section reports the
turn order (the first player) and the colours separately.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import lru_cache
from itertools import combinations
from typing import Any

import numpy as np
import polars as pl
from scipy import stats as st

from simlab.analysis import WIN_RATE_MARGIN, adjust, difference_ci, equivalence_verdict, proportion_ci
from simlab.games.wizwar import board as BD
from simlab.games.wizwar import state as S
from simlab.games.wizwar.board import BASE, COLOURS, DOOR, SIZE, TREASURE, WALL, board_sets, build_board
from simlab.games.wizwar.data import FIRST_GAME, POOL, POOL_SEED, SCHOOLS, raw_data
from simlab.games.wizwar.movement import distances

__all__ = ["treasure_round_trips", "school_triples", "schools_scenario", "game_facts", "school_cells",
           "school_effects", "first_player_edge", "colour_edge", "section_schools", "REPORT_SECTIONS",
           "OUTCOMES", "SCHOOLS_PATH", "deck_coverage", "spellbook_cases", "spellbook_scenario",
           "spellbook_games", "spellbook_splits", "school_ratings", "school_matrix", "section_spellbooks",
           "square_events", "own_sector_share", "board_heatmap"]

SCHOOLS_PATH = "setup.schools"
#: How a game ended, from the winner's point of view: ``treasure`` (2 points, all from enemy
#: treasures on its base, R120), ``kills`` (all from kills, R55), ``mixed`` (one of each),
#: ``last_alive`` (R3), ``draw`` (everyone dead, two wizards at 2 points at once, or the round cap:
#
OUTCOMES = ("treasure", "kills", "mixed", "last_alive", "draw")


def treasure_round_trips(board_set: str, players: int, deals: int, seed: int = 0) -> dict[str, float]:
    """Each wizard's shortest walk from its base to the nearest enemy treasure start square and
    back, with only its own doors open (R46), over ``deals`` boards dealt with seeds
    ``seed .. seed + deals - 1`` (:func:`~simlab.games.wizwar.board.build_board`).

    Returns:
        mean, min and max of the round trip over wizards that can reach some enemy treasure;
        ``shut_out``: wizards that can reach none; ``cut_off_deals``: deals in which some wizard
        cannot reach some enemy treasure start square.
    """
    trips: list[int] = []
    shut_out = cut_off = 0
    for k in range(deals):
        bd = build_board(players, seed + k, board_set)
        any_cut = False
        for c in bd.colours:
            dist = distances(bd.geo, bd.base(c), 1 << c)
            reach = [int(dist[t]) for o in bd.colours if o != c for t in bd.treasure_starts(o)]
            ok = [d for d in reach if d >= 0]
            any_cut |= len(ok) < len(reach)
            if ok:
                trips.append(2 * min(ok))
            else:
                shut_out += 1
        cut_off += any_cut
    arr = np.array(trips, float)
    nan = float("nan")
    return {"mean": float(arr.mean()) if len(arr) else nan, "min": float(arr.min()) if len(arr) else nan,
            "max": float(arr.max()) if len(arr) else nan, "shut_out": shut_out, "cut_off_deals": cut_off}


# ---------------------------------------------------------------------------------------------
# Schools study
# ---------------------------------------------------------------------------------------------

def school_triples() -> list[tuple[str, str, str]]:
    """The 20 triples of the six schools (R16), in a fixed order."""
    return list(combinations(SCHOOLS[1:], 3))


def schools_scenario(games: int = 5, seed: int = 41) -> str:
    """The text of scenarios/wizwar_schools.toml: every triple at 2, 3 and 4 players on every
    shipped board set, balanced bots."""
    rows = "".join("    [" + ", ".join(f'"{x}"' for x in t) + "],\n" for t in school_triples())
    sets = board_sets()
    n = games * len(school_triples()) * 3 * len(sets)
    v = len(school_triples()) * 3 * len(sets)
    return f"""# Wiz-War: how each triple of schools changes the game (written by
# simlab.games.wizwar.studies.schools_scenario; a test checks it is current). The deck is the White
# Cantrips plus three schools (R16); each of the 20 triples of the six schools is played at 2, 3
# and 4 players by balanced bots, on each of the {len(sets)} shipped board sets (the extracted layouts,
# low confidence, and the designed ones), so the report can say which answers survive another
# board. The report (analyses = ["wizwar_schools"]) leads with game length in rounds, how games
# are won (treasure points, kill points, last wizard alive) and draws per triple, what each school
# changes (games with it against games without), then the first player's edge and the edge of
# each board colour, with intervals and n, and a heat map of deaths and thefts. Only the cards the
# engine implements are in the deck (docs/wizwar.md): the report says how many.
#
# Small default size (CI): {v} variants x {games} games = {n:,} games. The committed report
# (reports/wizwar_schools) ran with --games 1000.
name = "wizwar_schools"
game = "wizwar"
games = {games}
seed = {seed}
players = [2, 3, 4]
analyses = ["wizwar_schools"]
question = "What does each triple of Wiz-War schools do to game length, how games are won and the first player?"

[[seats]]
bot = "balanced"

[sweep]
"{SCHOOLS_PATH}" = [
{rows}]
"variants.board_set" = [{", ".join(f'"{x}"' for x in sets)}]
"""


def _variant_info(manifest: Mapping[str, Any]) -> pl.DataFrame:
    """variant label -> schools (``alchemy+elemental+mentalism``; ``all`` for every school) and board set."""
    rows = []
    for v in manifest.get("variants", []):
        setup = v.get("setup") or {}
        data_variants = v.get("variants") or {}
        chosen = setup.get("schools")
        if chosen is None:
            chosen = SCHOOLS[1:] if data_variants.get("schools") == "all" else FIRST_GAME
        label = "all" if len(chosen) == len(SCHOOLS) - 1 else "+".join(sorted(chosen))
        rows.append({"variant": v["label"], "schools": label,
                     "board_set": str(data_variants.get("board_set", "extracted"))})
    return pl.DataFrame(rows, schema={"variant": pl.String, "schools": pl.String, "board_set": pl.String})


def game_facts(games: pl.LazyFrame | pl.DataFrame, seats: pl.LazyFrame | pl.DataFrame,
               manifest: Mapping[str, Any]) -> pl.DataFrame:
    """One row per game: ``variant, players, schools, board_set, game_id, rounds, outcome``
    (:data:`OUTCOMES`), ``first_won`` (1 when the first player won, R25) and ``first_colour``."""
    info = _variant_info(manifest)
    first = (seats.lazy().filter(pl.col("first_player") == 1)
             .select("variant", "game_id", first_seat=pl.col("seat"), first_colour=pl.col("colour")))
    win = (seats.lazy().select("variant", "game_id", winner=pl.col("seat"), vk=pl.col("vp_kill"),
                               vt=pl.col("vp_treasure")))
    g = games.lazy().select("variant", "players", "game_id", "rounds", "winner", "end_reason")
    out = (g.join(first, on=["variant", "game_id"], how="left")
           .join(win, on=["variant", "game_id", "winner"], how="left")
           .join(info.lazy(), on="variant", how="left")
           .with_columns(outcome=pl.when(pl.col("winner") < 0).then(pl.lit("draw"))
                         .when(pl.col("end_reason") == 1).then(pl.lit("last_alive"))
                         .when(pl.col("vk") == 0).then(pl.lit("treasure"))
                         .when(pl.col("vt") <= 0).then(pl.lit("kills"))
                         .otherwise(pl.lit("mixed")),
                         first_won=(pl.col("winner") == pl.col("first_seat")).cast(pl.Int64))
           .select("variant", "players", "schools", "board_set", "game_id", "rounds", "outcome",
                   "first_won", "first_colour"))
    return out.collect()


def _mean_ci(x: np.ndarray, alpha: float) -> tuple[float, float, float]:
    """Mean of ``x`` with its t interval."""
    n = len(x)
    if n == 0:
        return (float("nan"),) * 3
    m = float(x.mean())
    if n < 2:
        return m, float("nan"), float("nan")
    h = float(st.t.ppf(1 - alpha / 2, n - 1) * x.std(ddof=1) / np.sqrt(n))
    return m, m - h, m + h


def school_cells(facts: pl.DataFrame, alpha: float = 0.05) -> pl.DataFrame:
    """Per player count, board set and triple of schools: ``n`` games, ``rounds`` (mean, t
    interval), the share of each outcome (:data:`OUTCOMES`; Wilson intervals) and the first
    player's share of the decided games (draws left out, as in :func:`first_player_edge`) with
    its exact binomial p-value against 1/players (``p_first``) and Holm's adjustment over every
    cell (``p_first_holm``)."""
    rows = []
    for (players, board_set, schools), part in facts.group_by("players", "board_set", "schools", maintain_order=True):
        n = part.height
        m, lo, hi = _mean_ci(part["rounds"].to_numpy().astype(float), alpha)
        row: dict[str, Any] = {"players": int(players), "board_set": board_set, "schools": schools, "n": n,
                               "rounds": m, "rounds_low": lo, "rounds_high": hi}
        counts = part["outcome"].value_counts()
        got = dict(zip(counts["outcome"].to_list(), counts["count"].to_list(), strict=True))
        for o in OUTCOMES:
            k = got.get(o, 0)
            clo, chi = proportion_ci(k, n, alpha=alpha)
            row |= {o: k / n, f"{o}_low": float(clo), f"{o}_high": float(chi)}
        k = int(part["first_won"].sum())
        nd = n - got.get("draw", 0)
        flo, fhi = proportion_ci(k, nd, alpha=alpha) if nd else (float("nan"), float("nan"))
        row |= {"first_rate": k / nd if nd else float("nan"), "first_low": float(flo), "first_high": float(fhi),
                "p_first": float(st.binomtest(k, nd, 1 / int(players)).pvalue) if nd else float("nan")}
        rows.append(row)
    out = pl.DataFrame(rows).sort("players", "board_set", "schools")
    _, p_holm = adjust(out["p_first"].to_numpy(), "holm", alpha)
    return out.with_columns(p_first_holm=pl.Series(p_holm))


def school_effects(facts: pl.DataFrame, alpha: float = 0.05) -> pl.DataFrame:
    """What each school changes, per player count and board set: games whose deck holds the
    school against games whose deck does not (each school is in 10 of the 20 triples). ``d_rounds``
    (Welch interval), ``d_treasure`` and ``d_kills`` (share of games won that way, Newcombe
    intervals) and ``d_draw``; each with a p-value and Holm's adjustment over every row and
    measure of the table. Only triples (not ``all``) count."""
    rows = []
    tri = facts.filter(pl.col("schools") != "all")
    for (players, board_set), part in tri.group_by("players", "board_set", maintain_order=True):
        for school in SCHOOLS[1:]:
            has = part["schools"].str.contains(school, literal=True)
            a, b = part.filter(has), part.filter(~has)
            if a.height < 2 or b.height < 2:
                continue
            ra, rb = a["rounds"].to_numpy().astype(float), b["rounds"].to_numpy().astype(float)
            w = st.ttest_ind(ra, rb, equal_var=False)
            ci = w.confidence_interval(1 - alpha)
            row = {"players": int(players), "board_set": board_set, "school": school, "n_with": a.height,
                   "n_without": b.height, "d_rounds": float(ra.mean() - rb.mean()),
                   "d_rounds_low": float(ci.low), "d_rounds_high": float(ci.high), "p_rounds": float(w.pvalue)}
            for o in ("treasure", "kills", "draw"):
                d = difference_ci(int((a["outcome"] == o).sum()), a.height, int((b["outcome"] == o).sum()),
                                  b.height, alpha=alpha)
                row |= {f"d_{o}": float(d["diff"]), f"d_{o}_low": float(d["ci_low"]),
                        f"d_{o}_high": float(d["ci_high"]), f"p_{o}": float(d["p_value"])}
            rows.append(row)
    if not rows:
        return pl.DataFrame()
    out = pl.DataFrame(rows).sort("players", "board_set", "school")
    cols = ["p_rounds", "p_treasure", "p_kills", "p_draw"]
    flat = np.concatenate([out[c].to_numpy() for c in cols])
    _, holm = adjust(flat, "holm", alpha)
    return out.with_columns([pl.Series(f"{c}_holm", holm[i * out.height:(i + 1) * out.height])
                             for i, c in enumerate(cols)])


def first_player_edge(facts: pl.DataFrame, alpha: float = 0.05) -> pl.DataFrame:
    """The first player's share of the decided games per player count and board set, all
    triples pooled, against a fair 1/players: Wilson interval, exact binomial p-value, and the
    equivalence verdict with a margin of :data:`~simlab.analysis.WIN_RATE_MARGIN` (only
    "equivalent" may be read as no edge). Draws (``outcome == "draw"``) are left out and counted
    (``draws``): against all games, a board where most games hit the round cap made every seat
    look handicapped (the first player "won 22% against a fair 50%" on ``gated``)."""
    rows = []
    if "outcome" not in facts.columns:
        facts = facts.with_columns(outcome=pl.lit("won"))
    for (players, board_set), whole in facts.group_by("players", "board_set", maintain_order=True):
        part = whole.filter(pl.col("outcome") != "draw")
        if part.height == 0:
            continue
        n, k = part.height, int(part["first_won"].sum())
        lo, hi = proportion_ci(k, n, alpha=alpha)
        fair = 1 / int(players)
        p = float(st.binomtest(k, n, fair).pvalue)
        rate = k / n
        se = float(np.sqrt(max(rate * (1 - rate), 1e-12) / n))
        v = equivalence_verdict(rate - fair, se, n, WIN_RATE_MARGIN, alpha=alpha, different=p < alpha)
        rows.append({"players": int(players), "board_set": board_set, "n": n, "draws": whole.height - n,
                     "first_rate": rate, "ci_low": float(lo), "ci_high": float(hi), "fair": fair, "p_value": p,
                     "verdict": v["verdict"], "games_needed": v["games_needed"]})
    return pl.DataFrame(rows).sort("players", "board_set")


def colour_edge(seats: pl.LazyFrame | pl.DataFrame, manifest: Mapping[str, Any], alpha: float = 0.05) -> pl.DataFrame:
    """Win rate of each board colour (the wizard's own sector, its doors and treasures) per
    player count and board set, with Wilson intervals, and per group a chi-square test that all
    colours in play win equally often (``p_equal``). Draws count as no win."""
    info = _variant_info(manifest)
    lf = (seats.lazy().join(info.lazy(), on="variant", how="left")
          .group_by("players", "board_set", "colour")
          .agg(n=pl.len(), wins=pl.col("won").cast(pl.Float64).sum())
          .sort("players", "board_set", "colour").collect())
    lo, hi = proportion_ci(lf["wins"].to_numpy(), lf["n"].to_numpy(), alpha=alpha)
    out = lf.with_columns(colour_name=pl.col("colour").cast(pl.Int64).replace_strict(
        dict(enumerate(COLOURS)), return_dtype=pl.String), win_rate=pl.col("wins") / pl.col("n"),
        ci_low=pl.Series(lo), ci_high=pl.Series(hi))
    pvals = {}
    for (players, board_set), part in out.group_by("players", "board_set"):
        table = np.vstack([part["wins"].to_numpy(), part["n"].to_numpy() - part["wins"].to_numpy()])
        pvals[(players, board_set)] = (float(st.chi2_contingency(table)[1])
                                       if part.height > 1 and table.min(axis=1).sum() > 0 else float("nan"))
    return out.with_columns(p_equal=pl.struct("players", "board_set").map_elements(
        lambda r: pvals[(r["players"], r["board_set"])], return_dtype=pl.Float64))


#: Cards left out by default because their text is missing or suspect (checklist 2.4): a deck
#: without them is the complete deck the engine can play, and the reports say so.
DATA_PROBLEMS = frozenset({"dagger", "homunculus", "fools_gold"})


def deck_coverage(schools: str) -> tuple[int, int]:
    """(copies whose effect the engine implements, all copies) in the deck of ``schools`` (a
    :func:`game_facts` label: ``alchemy+elemental+mentalism`` or ``all``), White Cantrips included."""
    k, n, _ = _deck_counts(schools)
    return k, n


def _deck_counts(schools: str) -> tuple[int, int, int]:
    """:func:`deck_coverage` and the copies of :data:`DATA_PROBLEMS` cards in that deck."""
    chosen = ["cantrip", *(SCHOOLS[1:] if schools == "all" else schools.split("+"))]
    k = n = bad = 0
    for c in raw_data()["card"]:
        copies = sum(c["copies"].get(sc, 0) for sc in chosen)
        n += copies
        k += copies if c["effect"] in S.IMPLEMENTED else 0
        bad += copies if c["effect"] in DATA_PROBLEMS else 0
    return k, n, bad


# ---------------------------------------------------------------------------------------------
# Report section


def _pct(x: float) -> str:
    return "n/a" if x is None or np.isnan(x) else f"{100 * x:.1f}%"


def _iv(lo: float, hi: float, scale: float = 100.0, digits: int = 1) -> str:
    if lo is None or hi is None or np.isnan(lo) or np.isnan(hi):
        return "(n/a)"
    if lo >= 0:
        return f"({scale * lo:.{digits}f}-{scale * hi:.{digits}f})"
    return f"({scale * lo:+.{digits}f} to {scale * hi:+.{digits}f})"


def _school_name(label: str) -> str:
    return "all schools" if label == "all" else " + ".join(x.capitalize() for x in label.split("+"))


def _coverage_caveat(facts: pl.DataFrame) -> str:
    cov = [_deck_counts(x) for x in facts["schools"].unique().to_list()]
    lo = min(k / n for k, n, _ in cov)
    hi = max(k / n for k, n, _ in cov)
    if all(k == n for k, n, _ in cov):
        return ("**Bots, not players:** every card of these decks is implemented, but every number here is how "
                "simlab's heuristic bots play Wiz-War, on board data nobody has checked against the printed "
                "boards (docs/wizwar.md).")
    if all(k + bad == n for k, n, bad in cov):
        return ("**Bots, not players:** every card of these decks with a known text is implemented; the copies of "
                "Dagger, Homunculus and Fool's Gold (text missing or suspect, checklist 2.4) are left out, at most "
                f"{max(bad for _, _, bad in cov)} of a deck. Every number here is how simlab's heuristic bots play "
                "Wiz-War, on board data nobody has checked against the printed boards (docs/wizwar.md).")
    return (f"**Not publishable as the game's balance:** the engine implements {100 * lo:.0f}-{100 * hi:.0f}% of the "
            "cards of these decks (docs/wizwar.md lists the rest; they stay out of the deck), so a triple "
            "measures the engine's coverage of its schools as much as the schools. The board data is unchecked "
            "(docs/wizwar.md, 'The board data caveat').")


def _robust(rows: list[dict[str, Any]], sets: list[str]) -> str:
    """'on every board set' when a finding shows on all board sets of the study, else which."""
    if len(sets) < 2:
        return ""
    got = sorted({r["board_set"] for r in rows})
    return " on every board set" if got == sets else f" (board sets {', '.join(got)} only: not robust)"


def _short_answers(cells: pl.DataFrame, facts: pl.DataFrame, effects: pl.DataFrame, fpe: pl.DataFrame,
                   colours: pl.DataFrame, sets: list[str]) -> list[str]:
    """The schools study's first screen when it has many cells (player count x board set): each
    answer counted over the cells, one example with its interval and n, and what holds on every
    board set; the per-cell lists follow in the section."""
    out = []
    groups = list(cells.group_by("players", "board_set", maintain_order=True))
    n_cells = len(groups)
    short, long_ = Counter(), Counter()
    differ = 0
    for (players, board_set), part in groups:
        part = part.sort("rounds")
        short[part["schools"][0]] += 1
        long_[part["schools"][-1]] += 1
        runs = [g["rounds"].to_numpy() for _, g in facts.filter(
            (pl.col("players") == players) & (pl.col("board_set") == board_set)).group_by("schools")]
        if len(runs) > 1 and len({float(x.mean()) for x in runs}) > 1 and st.kruskal(*runs).pvalue < 0.05:
            differ += 1
    (fast, nf), (slow, ns) = short.most_common(1)[0], long_.most_common(1)[0]
    ex = cells.filter(pl.col("players") == cells["players"].min())
    ex = ex.filter(pl.col("board_set") == ("extracted" if "extracted" in sets else sets[0])).sort("rounds")
    a, z = ex.row(0, named=True), ex.row(ex.height - 1, named=True)
    out.append(f"Game length: the triples differ in {differ} of {n_cells} cells (player count x board set, "
               f"Kruskal-Wallis); the shortest games come with {_school_name(fast)} in {nf} cells, the longest "
               f"with {_school_name(slow)} in {ns}; e.g. {a['players']} players on {a['board_set']} boards: "
               f"{a['rounds']:.1f} rounds {_iv(a['rounds_low'], a['rounds_high'], 1)} with "
               f"{_school_name(a['schools'])} to {z['rounds']:.1f} {_iv(z['rounds_low'], z['rounds_high'], 1)} "
               f"with {_school_name(z['schools'])}, n = {a['n']:,} games each.")
    if effects.height:
        shown = effects.filter(pl.col("p_rounds_holm") < 0.05)
        robust: dict[tuple[str, str], list[int]] = {}
        partial = 0
        for (school, players), part in shown.group_by("school", "players", maintain_order=True):
            signs = set(np.sign(part["d_rounds"].to_numpy()).tolist())
            if len(signs) == 1 and sorted(part["board_set"].unique().to_list()) == sets:
                word = "lengthens" if signs.pop() > 0 else "shortens"
                robust.setdefault((school, word), []).append(int(players))
            else:
                partial += 1
        said = [f"{school.capitalize()} {word} games at {', '.join(str(p) for p in sorted(ps))} players"
                for (school, word), ps in sorted(robust.items())]
        out.append("What a school changes (games with it against games without, Holm): on every board set, "
                   + ("; ".join(said) if said else "nothing") + f"; {partial} more effects show on some board sets "
                   "only. The size depends on the board (the table below).")
    pooled = facts.group_by("players").agg(pl.len().alias("n"),
                                           *[(pl.col("outcome") == o).mean().alias(o) for o in OUTCOMES])
    out.append("How games are won (all triples and board sets pooled): " + "; ".join(
        f"{r['players']} players: treasure {_pct(r['treasure'])}, kills {_pct(r['kills'])}, one of each "
        f"{_pct(r['mixed'])}, last wizard alive {_pct(r['last_alive'])}, draw {_pct(r['draw'])} (n = {r['n']:,})"
        for r in pooled.sort("players").iter_rows(named=True)) + ".")
    verdicts = Counter()
    for r in fpe.iter_rows(named=True):
        if r["verdict"] == "different":
            verdicts["an edge" if r["first_rate"] > r["fair"] else "a handicap"] += 1
        else:
            verdicts["no edge (equivalent within 1 point)" if r["verdict"] == "equivalent"
                     else "neither shown nor ruled out"] += 1
    without = sorted({r["board_set"] for r in fpe.iter_rows(named=True)
                      if not (r["verdict"] == "different" and r["first_rate"] > r["fair"])})
    e = fpe.filter(pl.col("board_set") == ("extracted" if "extracted" in sets else sets[0])).row(0, named=True)
    cols = colours.group_by("players", "board_set").agg(pl.col("p_equal").first())
    uneven = cols.filter(pl.col("p_equal") < 0.05)
    out.append("The first player (share of the decided games): " + ", ".join(
        f"{k} in {v}" for k, v in verdicts.most_common()) + f" of {fpe.height} cells"
               + (f" (not on: {', '.join(without)})" if without else " (on every board set)")
               + f"; e.g. {e['players']} players on {e['board_set']} boards: {_pct(e['first_rate'])} "
               f"{_iv(e['ci_low'], e['ci_high'])} against a fair {_pct(e['fair'])}, n = {e['n']:,}. Board colours win "
               f"unequally (chi-square p < 0.05) in {uneven.height} of {cols.height} cells ("
               + ", ".join(f"{b}: {n}" for b, n in sorted(Counter(uneven['board_set'].to_list()).items()))
               + "); a colour edge measures the sector drawings, which are unchecked data.")
    return out


def section_schools(ctx) -> None:
    """Report section ``wizwar_schools``: the answer first (game length per triple, what each
    school changes, how games are won, the first player's edge and the board colours' edge), then
    the tables and charts behind it. A finding is called robust only when it holds on every
    board set of the study."""
    doc = ctx.doc
    facts = game_facts(ctx.results.games, ctx.results.seats, ctx.manifest)
    sets = sorted(facts["board_set"].unique().to_list())
    cells = school_cells(facts)
    effects = school_effects(facts)
    fpe = first_player_edge(facts)
    colours = colour_edge(ctx.results.seats, ctx.manifest)
    doc.heading("What each triple of schools does to the game")
    lead = []
    # game length: shortest and longest triple per player count (first board set listed) and the
    # schools whose presence changes it after Holm
    for (players, board_set), part in cells.group_by("players", "board_set", maintain_order=True):
        part = part.sort("rounds")
        a, z = part.row(0, named=True), part.row(part.height - 1, named=True)
        runs = [g["rounds"].to_numpy() for _, g in facts.filter(
            (pl.col("players") == players) & (pl.col("board_set") == board_set)).group_by("schools")]
        p_kw = float(st.kruskal(*runs).pvalue) if len(runs) > 1 and len({float(x.mean()) for x in runs}) > 1 \
            else float("nan")
        differ = (f"; the triples differ in length (Kruskal-Wallis p = {p_kw:.2g})" if p_kw < 0.05 else
                  f"; no difference between the triples is shown (Kruskal-Wallis p = {p_kw:.2g})")
        where = f", {board_set} boards" if len(sets) > 1 else ""
        lead.append(f"**{players} players{where}:** games last {a['rounds']:.1f} rounds "
                    f"{_iv(a['rounds_low'], a['rounds_high'], 1)} with {_school_name(a['schools'])} (shortest) to "
                    f"{z['rounds']:.1f} {_iv(z['rounds_low'], z['rounds_high'], 1)} with "
                    f"{_school_name(z['schools'])} (longest), n = {a['n']:,} and {z['n']:,} games{differ}.")
    if effects.height:
        shown = effects.filter(pl.col("p_rounds_holm") < 0.05)
        by_school: dict[tuple[str, int], list[dict[str, Any]]] = {}
        for r in shown.iter_rows(named=True):
            by_school.setdefault((r["school"], r["players"]), []).append(r)
        bits = []
        for (school, players), rs in by_school.items():
            r = rs[0]
            signs = {np.sign(x["d_rounds"]) for x in rs}
            if len(signs) > 1:
                continue
            word = "lengthens" if r["d_rounds"] > 0 else "shortens"

            def size(x: dict[str, Any]) -> str:
                lo, hi = (x["d_rounds_low"], x["d_rounds_high"]) if x["d_rounds"] > 0 else \
                    (-x["d_rounds_high"], -x["d_rounds_low"])
                where = f" ({x['board_set']})" if len(sets) > 1 else ""
                return f"{abs(x['d_rounds']):.1f} rounds {_iv(lo, hi, 1)}{where}"
            # one board set's number would read as the answer for all: give the smallest and largest
            ordered = sorted(rs, key=lambda x: abs(x["d_rounds"]))
            amount = size(ordered[0]) if len(ordered) == 1 else f"{size(ordered[0])} to {size(ordered[-1])}"
            bits.append(f"{school.capitalize()} {word} {players}-player games by {amount}{_robust(rs, sets)}")
        lead.append("**What a school changes** (games with it against games without, Holm over every school, "
                    "player count and measure): " + ("; ".join(bits) + "." if bits else
                                                     "no school changes game length by more than chance shows."))
    pooled = facts.group_by("players").agg(pl.len().alias("n"),
                                           *[(pl.col("outcome") == o).mean().alias(o) for o in OUTCOMES])
    lead.append("**How games are won** (all triples pooled): " + "; ".join(
        f"{r['players']} players: treasure {_pct(r['treasure'])}, kills {_pct(r['kills'])}, one of each "
        f"{_pct(r['mixed'])}, last wizard alive {_pct(r['last_alive'])}, draw {_pct(r['draw'])} (n = {r['n']:,})"
        for r in pooled.sort("players").iter_rows(named=True)) + ".")
    fp = []
    for r in fpe.iter_rows(named=True):
        where = f" ({r['board_set']})" if len(sets) > 1 else ""
        if r["verdict"] == "different":
            word = "an edge" if r["first_rate"] > r["fair"] else "a handicap"
        elif r["verdict"] == "equivalent":
            word = f"no edge (equivalent to fair within {100 * WIN_RATE_MARGIN:.0f} point)"
        else:
            word = f"no edge shown, and none ruled out ({r['games_needed']:,} games would decide)"
        fp.append(f"{r['players']} players{where}: {_pct(r['first_rate'])} {_iv(r['ci_low'], r['ci_high'])} against a "
                  f"fair {_pct(r['fair'])}, n = {r['n']:,}: {word}")
    lead.append("**The first player** (drawn at random, R25; share of the decided games, draws left out): "
                + "; ".join(fp) + ".")
    col = []
    for (players, board_set), part in colours.group_by("players", "board_set", maintain_order=True):
        part = part.sort("win_rate")
        lo_r, hi_r = part.row(0, named=True), part.row(part.height - 1, named=True)
        where = f" ({board_set})" if len(sets) > 1 else ""
        col.append(f"{players} players{where}: {hi_r['colour_name']} {_pct(hi_r['win_rate'])} "
                   f"{_iv(hi_r['ci_low'], hi_r['ci_high'])} to {lo_r['colour_name']} {_pct(lo_r['win_rate'])} "
                   f"{_iv(lo_r['ci_low'], lo_r['ci_high'])}, chi-square p = {lo_r['p_equal']:.2g}")
    lead.append("**The board colours** (a wizard's own sector; fair = 1/players): " + "; ".join(col)
                + ". A colour edge measures the sector drawings, which are unchecked data.")
    doc.bullets(lead)
    # the answer box holds five sentences: the caveat, game length (one per player count, joined),
    # what a school changes, how games are won, and the seats (first player and colours, joined);
    # with several board sets the per-cell lists run to screens, so the box counts them instead
    n_len = len(lead) - 4
    if cells.select("players", "board_set").unique().height > 3:
        for k, text in enumerate(_short_answers(cells, facts, effects, fpe, colours, sets)):
            ctx.answer(text, rank=10 + k)
    else:
        ctx.answer("Game length: " + " ".join(x.replace("**", "") for x in lead[:n_len]), rank=10)
        ctx.answer(lead[n_len].replace("**", ""), rank=11)
        ctx.answer(lead[n_len + 1].replace("**", ""), rank=12)
        ctx.answer(" ".join(x.replace("**", "") for x in lead[n_len + 2:]), rank=13)
    caveat = _coverage_caveat(facts)
    ctx.answer(caveat.replace("**", ""), rank=0)
    doc.para(caveat)

    if effects.height:
        doc.heading("What each school changes: games with it minus games without (95% intervals)", 3)
        doc.table(["players", "board set", "school", "games with / without", "rounds", "Holm p",
                   "won by treasure (points)", "won by kills (points)", "draws (points)"],
                  [[r["players"], r["board_set"], r["school"], f"{r['n_with']:,} / {r['n_without']:,}",
                    f"{r['d_rounds']:+.2f} {_iv(r['d_rounds_low'], r['d_rounds_high'], 1, 2)}",
                    f"{r['p_rounds_holm']:.3g}",
                    *[f"{100 * r[f'd_{o}']:+.1f} {_iv(r[f'd_{o}_low'], r[f'd_{o}_high'])} "
                      f"(Holm p {r[f'p_{o}_holm']:.2g})" for o in ("treasure", "kills", "draw")]]
                   for r in effects.iter_rows(named=True)])
        doc.para("Each school is in 10 of the 20 triples; its row compares the games of those 10 with the games of "
                 "the other 10 (Welch interval for rounds, Newcombe intervals for shares). Holm's correction runs "
                 "over every row and measure of this table.")
    doc.heading("Per triple: length, how games are won, the first player (95% intervals)", 3)
    doc.table(["players", "board set", "schools", "games", "rounds", "treasure", "kills", "one of each",
               "last alive", "draw", "first player (decided games)", "Holm p (vs fair)"],
              [[r["players"], r["board_set"], _school_name(r["schools"]), f"{r['n']:,}",
                f"{r['rounds']:.1f} {_iv(r['rounds_low'], r['rounds_high'], 1)}",
                *[f"{_pct(r[o])} {_iv(r[f'{o}_low'], r[f'{o}_high'])}" for o in OUTCOMES],
                f"{_pct(r['first_rate'])} {_iv(r['first_low'], r['first_high'])}", f"{r['p_first_holm']:.2g}"]
               for r in cells.iter_rows(named=True)])
    try:
        from simlab.report import charts
        chart = cells.with_columns(triple=pl.col("schools").map_elements(_school_name, return_dtype=pl.String),
                                   players=pl.col("players").cast(pl.String) + " players")
        for board_set in sets:
            part = chart.filter(pl.col("board_set") == board_set)
            ctx.save(charts.metric_by_variant_chart(part, "rounds", x="triple", lo="rounds_low", hi="rounds_high",
                                                    group="players", percent=False, ylabel="rounds",
                                                    title=f"Game length by triple of schools ({board_set} boards, "
                                                          "95% intervals)"),
                     f"wizwar_rounds_{board_set}",
                     f"Mean rounds per game for each triple of schools, {board_set} boards")
    except Exception as exc:  # a chart is a convenience: the table above carries the numbers
        doc.para(f"(chart skipped: {exc})")
    doc.heading("The first player's share of the decided games, all triples pooled", 3)
    doc.table(["players", "board set", "decided games", "draws", "first player wins", "fair", "p (exact binomial)",
               "verdict"],
              [[r["players"], r["board_set"], f"{r['n']:,}", f"{r['draws']:,}",
                f"{_pct(r['first_rate'])} {_iv(r['ci_low'], r['ci_high'])}", _pct(r["fair"]), f"{r['p_value']:.2g}",
                r["verdict"]] for r in fpe.iter_rows(named=True)])
    doc.heading("Win rate by board colour (the wizard's own sector), all triples pooled", 3)
    doc.table(["players", "board set", "colour", "seat-games", "win rate", "chi-square p (all colours equal)"],
              [[r["players"], r["board_set"], r["colour_name"], f"{r['n']:,}",
                f"{_pct(r['win_rate'])} {_iv(r['ci_low'], r['ci_high'])}", f"{r['p_equal']:.2g}"]
               for r in colours.iter_rows(named=True)])
    doc.para("Seats keep their colour (seat p plays the p-th colour of the deal), so the plain report's "
             "seat-by-seat win rates are these colour rates, not turn order. The designed board sets draw the "
             "four colours as mirror images of one face: a colour edge there would point at a rule or bot "
             "asymmetry, not at the drawing.")
    # margin, lead changes, comebacks and kingmaker positions from the per-round points
    info = _variant_info(ctx.manifest)
    groups = {r["variant"]: f"{ctx.players_of(r['variant'])}p, {r['board_set']} boards"
              for r in info.sort("board_set").iter_rows(named=True)}
    groups = dict(sorted(groups.items(), key=lambda kv: kv[1]))
    ctx.game_quality(groups, "players, board set", "Game quality by player count and board set (all triples pooled)")
    section_board(ctx)




# ---------------------------------------------------------------------------------------------
# Where on the board: deaths and treasure thefts on each sector face (the board heat map)
# ---------------------------------------------------------------------------------------------

EVENTS = ("death", "steal")


@lru_cache(maxsize=32)
def _face_frame(players: int, set_name: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For every deal of the pool (data.deal_pool) and map square (row, col): the colour of the
    sector face there, and the square's row and column on that face as printed (the deal's quarter
    turns undone: Sector.rotated sends (r, c) to (c, 4 - r), so one turn back is (r, c) -> (4 - c, r)).
    Arrays (POOL, H, W); -1 where there is no square."""
    boards = [build_board(players, np.random.SeedSequence([POOL_SEED, players, k]), set_name) for k in range(POOL)]
    h, w = boards[0].shape
    face = np.full((POOL, h, w), -1, np.int8)
    fr = np.full((POOL, h, w), -1, np.int8)
    fc = np.full((POOL, h, w), -1, np.int8)
    for k, bd in enumerate(boards):
        for letter, colour, rot in zip(bd.arrangement.letters, bd.colours, bd.rotations, strict=True):
            r0, c0 = (x * SIZE for x in bd.arrangement.slot_pos(letter))
            r, c = np.meshgrid(np.arange(SIZE), np.arange(SIZE), indexing="ij")
            for _ in range(rot):
                r, c = SIZE - 1 - c, r
            face[k, r0:r0 + SIZE, c0:c0 + SIZE] = colour
            fr[k, r0:r0 + SIZE, c0:c0 + SIZE] = r
            fc[k, r0:r0 + SIZE, c0:c0 + SIZE] = c
    return face, fr, fc


def square_events(games: pl.LazyFrame | pl.DataFrame, seats: pl.LazyFrame | pl.DataFrame,
                  manifest: Mapping[str, Any]) -> pl.DataFrame:
    """One row per death (R153) and per first theft of an enemy treasure (R113) of a wizard:
    ``variant, players, board_set, game_id, seat, colour`` (the wizard's), ``event`` (:data:`EVENTS`),
    ``face`` (the colour of the sector face it happened on), ``face_row, face_col`` (the square on
    that face as printed, whatever the deal's turns) and ``own`` (1 = in the wizard's own sector).

    Positions are those of the board as dealt: a sector turned during the game (Rotate Sector) is
    not followed."""
    info = _variant_info(manifest)
    rows = (seats.lazy().join(games.lazy().select("variant", "game_id", "deal", "players"),
                              on=["variant", "game_id"])
            .join(info.lazy(), on="variant", how="left")
            .select("variant", "players", "board_set", "game_id", "seat", "colour", "deal",
                    *[f"{e}_{x}" for e in EVENTS for x in ("row", "col")]).collect())
    parts = []
    for (players, set_name), part in rows.group_by("players", "board_set", maintain_order=True):
        face, fr, fc = _face_frame(int(players), str(set_name))
        for e in EVENTS:
            hit = part.filter(pl.col(f"{e}_row") >= 0)
            k, r, c = (hit[x].to_numpy().astype(np.int64) for x in ("deal", f"{e}_row", f"{e}_col"))
            parts.append(hit.select("variant", "players", "board_set", "game_id", "seat", "colour")
                         .with_columns(event=pl.lit(e), face=pl.Series(face[k, r, c], dtype=pl.Int8),
                                       face_row=pl.Series(fr[k, r, c], dtype=pl.Int8),
                                       face_col=pl.Series(fc[k, r, c], dtype=pl.Int8)))
    schema = {"variant": pl.String, "players": pl.Int64, "board_set": pl.String, "game_id": pl.Int64,
              "seat": pl.Int64, "colour": pl.Int64, "event": pl.String, "face": pl.Int8, "face_row": pl.Int8,
              "face_col": pl.Int8}
    if not parts:
        return pl.DataFrame(schema={**schema, "own": pl.Int8})
    out = pl.concat([p.cast(schema) for p in parts])  # type: ignore[arg-type]
    return out.with_columns(own=(pl.col("face") == pl.col("colour")).cast(pl.Int8))


def own_sector_share(events: pl.DataFrame, event: str = "death", alpha: float = 0.05) -> pl.DataFrame:
    """Per player count and board set: how many ``event`` rows, and the share that happened in the
    wizard's own sector with a game-clustered interval (a ratio estimator with cluster-robust
    variance: the deaths of one game are not independent)."""
    z = float(st.norm.ppf(1 - alpha / 2))
    rows = []
    ev = events.filter(pl.col("event") == event)
    for (players, set_name), part in ev.group_by("players", "board_set", maintain_order=True):
        per_game = part.group_by("variant", "game_id").agg(d=pl.len(), o=pl.col("own").sum())
        d, o = per_game["d"].to_numpy().astype(float), per_game["o"].to_numpy().astype(float)
        g = d.shape[0]
        share = o.sum() / d.sum()
        se = float(np.sqrt(g / max(g - 1, 1) * np.sum((o - share * d) ** 2)) / d.sum()) if g > 1 else float("nan")
        rows.append({"players": players, "board_set": set_name, "n": int(d.sum()), "games": g, "share": share,
                     "ci_low": max(0.0, share - z * se), "ci_high": min(1.0, share + z * se),
                     "fair": 1.0 / players})
    return pl.DataFrame(rows, schema={"players": pl.Int64, "board_set": pl.String, "n": pl.Int64, "games": pl.Int64,
                                      "share": pl.Float64, "ci_low": pl.Float64, "ci_high": pl.Float64,
                                      "fair": pl.Float64}).sort("board_set", "players")


def board_heatmap(events: pl.DataFrame, set_name: str):
    """A figure of the four sector faces of ``set_name`` as printed (walls and doors drawn), one
    row per event (deaths, first thefts): each square shaded by its share of that event's rows on
    that face, all player counts pooled. H = base, T = treasure start."""
    from matplotlib.figure import Figure

    faces = BD.board_set(set_name).sectors
    fig = Figure(figsize=(10.0, 5.6), dpi=100, layout="constrained")
    axes = fig.subplots(len(EVENTS), len(COLOURS))
    ev = events.filter(pl.col("board_set") == set_name)
    names = {"death": "deaths", "steal": "first thefts of a treasure"}
    short = {"death": "deaths", "steal": "thefts"}
    for i, e in enumerate(EVENTS):
        for j, colour in enumerate(COLOURS):
            ax = axes[i, j]
            part = ev.filter((pl.col("event") == e) & (pl.col("face") == j))
            grid = np.zeros((SIZE, SIZE))
            for r, c, n in part.group_by("face_row", "face_col").len().iter_rows():
                grid[r, c] = n
            total = grid.sum()
            im = ax.imshow(grid / total if total else grid, cmap="Reds", vmin=0, vmax=max(0.05, grid.max() / total)
                           if total else 1, extent=(0, SIZE, SIZE, 0))
            sec = faces[colour]
            for r in range(SIZE):
                for c in range(SIZE):
                    for d, (x0, y0, x1, y1) in enumerate(((c, r, c + 1, r), (c + 1, r, c + 1, r + 1),
                                                          (c, r + 1, c + 1, r + 1), (c, r, c, r + 1))):
                        kind = int(sec.sides[r, c, d])
                        if kind in (WALL, DOOR):
                            ax.plot([x0, x1], [y0, y1], color="black" if kind == WALL else "tab:blue",
                                    lw=2.2 if kind == WALL else 1.5, ls="-" if kind == WALL else "--")
                    mark = {BASE: "H", TREASURE: "T"}.get(int(sec.cells[r, c]), "")
                    if mark:
                        ax.text(c + 0.5, r + 0.5, mark, ha="center", va="center", fontsize="small")
            ax.set_xticks([])
            ax.set_yticks([])
            ax.set_title(f"{colour} face: {names[e]}\n(n = {int(total):,})", fontsize="small")
        fig.colorbar(im, ax=list(axes[i]), label=f"share of the face's {short[e]}", shrink=0.8)
    fig.suptitle(f"Where wizards die and steal treasures, {set_name} boards (faces as printed; "
                 "black: wall, blue dashes: door)", fontsize="medium")
    return fig


def section_board(ctx) -> None:
    """Part of the schools section: the heat map of deaths and thefts per board set, and the share
    of deaths in the dying wizard's own sector."""
    doc = ctx.doc
    events = square_events(ctx.results.games, ctx.results.seats, ctx.manifest)
    doc.heading("Where on the board wizards die and treasures are taken", 3)
    if events.is_empty():
        doc.para("No wizard died and no treasure was taken in these games.")
        return
    own = own_sector_share(events)
    doc.table(["players", "board set", "deaths", "in the victim's own sector", "share of the board (fair)"],
              [[r["players"], r["board_set"], f"{r['n']:,}", f"{_pct(r['share'])} {_iv(r['ci_low'], r['ci_high'])}",
                _pct(r["fair"])] for r in own.iter_rows(named=True)])
    doc.para("Intervals are clustered by game (the deaths of one game are not independent). The fair share is "
             "what deaths spread evenly over the sectors would give; wizards do not spend equal time in every "
             "sector, so a difference says where they die, not why. The maps below show each face as printed "
             "(the deal's turns undone), all player counts pooled; a sector turned during a game by Rotate "
             "Sector is placed as dealt.")
    for set_name in sorted(events["board_set"].unique().to_list()):
        try:
            ctx.save(board_heatmap(events, set_name), f"wizwar_board_{set_name}",
                     f"Deaths and first treasure thefts on each sector face, {set_name} boards")
        except Exception as exc:  # a chart is a convenience: the table above carries the numbers
            doc.para(f"(chart skipped: {exc})")


# ---------------------------------------------------------------------------------------------
# Spellbook study: school against school under the Custom Spellbook rule (R176)
# ---------------------------------------------------------------------------------------------

def _label(schools) -> str:
    return "+".join(sorted(schools))


def spellbook_cases() -> list[dict[str, Any]]:
    """The ``[[cases]]`` of the spellbook study: each of the 20 triples as deck 0 against the
    other three schools as deck 1 (R176: the two decks split the six schools), so each of the 10
    splits is played with either deck on either team."""
    cases = []
    for t in school_triples():
        rest = [x for x in SCHOOLS[1:] if x not in t]
        cases.append({"label": f"{_label(t)} vs {_label(rest)}", "setup.schools": list(t), "setup.schools_1": rest})
    return cases


def spellbook_scenario(games: int = 50, seed: int = 43) -> str:
    """The text of scenarios/wizwar_spellbooks.toml (2 players, one deck each, balanced bots)."""
    lines = [
        "# Wiz-War: school against school under the Custom Spellbook rule (R176): each player has a deck",
        "# of its own, the cantrips plus three schools, and the two decks split the six schools. Written",
        "# by simlab.games.wizwar.studies.spellbook_scenario (a test checks it is current). Each of the",
        "# 20 triples is deck 0 (seat 0) once against the other three schools, so every split is played",
        "# with each deck in each seat (the seat's board colour cancels out). The report",
        "# (analyses = [\"wizwar_spellbooks\"]) leads with Bradley-Terry ratings of the schools (a deck's",
        "# strength is the sum of its schools'), the splits shown after Holm's correction, and the",
        "# school-against-school matrix. Only implemented cards are in the decks: the report says how many.",
        "#",
        f"# Small default size (CI): 20 cases x {games} games = {20 * games:,} games. The committed report",
        "# (reports/wizwar_spellbooks) ran with --games 10000 (extracted boards).",
        'name = "wizwar_spellbooks"',
        'game = "wizwar"',
        f"games = {games}",
        f"seed = {seed}",
        "players = 2",
        "rotate_seats = false",
        'analyses = ["wizwar_spellbooks"]',
        'question = "Under the Custom Spellbook rule, which Wiz-War schools make the stronger deck?"',
        "",
        "[[seats]]",
        'bot = "balanced"',
        "",
    ]
    for case in spellbook_cases():
        lines.append("[[cases]]")
        lines.append(f'"label" = "{case["label"]}"')
        for k in ("setup.schools", "setup.schools_1"):
            lines.append(f'"{k}" = [' + ", ".join(f'"{x}"' for x in case[k]) + "]")
        lines.append("")
    return "\n".join(lines)


def spellbook_games(seats: pl.LazyFrame | pl.DataFrame, manifest: Mapping[str, Any]) -> pl.DataFrame:
    """One row per two-deck game: ``variant, game_id, deck0, deck1`` (school labels) and
    ``result`` (1 deck 0 won, 0 deck 1 won, None a draw). Seat p plays deck p % 2 (R176)."""
    rows = []
    for v in manifest.get("variants", []):
        setup = v.get("setup") or {}
        if "schools_1" not in setup:
            continue
        first = setup.get("schools") or list(FIRST_GAME)
        rows.append({"variant": v["label"], "deck0": _label(first), "deck1": _label(setup["schools_1"])})
    info = pl.DataFrame(rows, schema={"variant": pl.String, "deck0": pl.String, "deck1": pl.String})
    wins = (seats.lazy().group_by("variant", "game_id")
            .agg(w0=(pl.col("won").cast(pl.Float64) * (pl.col("seat") % 2 == 0)).sum(),
                 w1=(pl.col("won").cast(pl.Float64) * (pl.col("seat") % 2 == 1)).sum())
            .collect())
    return (wins.join(info, on="variant", how="inner")
            .with_columns(result=pl.when(pl.col("w0") > pl.col("w1")).then(1)
                          .when(pl.col("w1") > pl.col("w0")).then(0).otherwise(None))
            .select("variant", "game_id", "deck0", "deck1", "result"))


def spellbook_splits(games: pl.DataFrame, alpha: float = 0.05) -> pl.DataFrame:
    """Per split of the schools (both deck orders pooled): the share of decisive games won by the
    deck holding the alphabetically first school, ``rate`` (Wilson interval), ``n`` decisive games,
    ``draws``, the exact binomial p-value against 50% and Holm's adjustment over the splits."""
    g = games.with_columns(side=pl.when(pl.col("deck0") < pl.col("deck1")).then(pl.col("deck0"))
                           .otherwise(pl.col("deck1")),
                           other=pl.when(pl.col("deck0") < pl.col("deck1")).then(pl.col("deck1"))
                           .otherwise(pl.col("deck0")))
    g = g.with_columns(side_won=pl.when(pl.col("deck0") == pl.col("side")).then(pl.col("result"))
                       .otherwise(1 - pl.col("result")))
    out = (g.group_by("side", "other").agg(n=pl.col("side_won").is_not_null().sum(),
                                           wins=pl.col("side_won").sum(), draws=pl.col("side_won").is_null().sum())
           .sort("side"))
    n, k = out["n"].to_numpy(), out["wins"].fill_null(0).to_numpy()
    lo, hi = proportion_ci(k, n, alpha=alpha)
    p = np.array([st.binomtest(int(a), int(m), 0.5).pvalue if m else 1.0 for a, m in zip(k, n, strict=True)])
    _, holm = adjust(p, "holm", alpha)
    return out.with_columns(rate=pl.Series(np.where(n > 0, k / np.maximum(n, 1), np.nan)), ci_low=pl.Series(lo),
                            ci_high=pl.Series(hi), p_value=pl.Series(p), p_holm=pl.Series(holm))


def school_ratings(games: pl.DataFrame, alpha: float = 0.05) -> pl.DataFrame:
    """Bradley-Terry ratings of the schools under the Custom Spellbook rule: a logistic model of
    the decisive games, log-odds(deck 0 wins) = seat + sum of deck 0's school ratings - sum of deck
    1's, ratings centred on 0 (the cantrips are in both decks and cancel). Returns ``school,
    rating, ci_low, ci_high`` (log-odds, Wald intervals of the centred ratings) sorted by rating,
    plus one row ``school = "(seat 1)"``: deck 0's seat effect, which in this study mixes the first
    seat's board colours in; ``p_schools``: the likelihood-ratio test that every school rates 0."""
    import statsmodels.api as sm

    g = games.filter(pl.col("result").is_not_null())
    names = list(SCHOOLS[1:])
    if g.height < 10:
        return pl.DataFrame(schema={"school": pl.String, "rating": pl.Float64, "ci_low": pl.Float64,
                                    "ci_high": pl.Float64})
    x = np.zeros((g.height, len(names)))
    for j, sch in enumerate(names):
        x[:, j] = (g["deck0"].str.contains(sch, literal=True).cast(pl.Int8).to_numpy()
                   - g["deck1"].str.contains(sch, literal=True).cast(pl.Int8).to_numpy())
    design = np.column_stack([np.ones(g.height), x[:, :-1]])  # the last school is the reference (0)
    fit = sm.Logit(g["result"].to_numpy().astype(float), design).fit(disp=0)
    beta = np.append(fit.params[1:], 0.0)
    cov = np.zeros((len(names), len(names)))
    cov[:-1, :-1] = fit.cov_params()[1:, 1:]
    centre = np.eye(len(names)) - 1.0 / len(names)
    r = centre @ beta
    se = np.sqrt(np.diag(centre @ cov @ centre.T))
    z = st.norm.ppf(1 - alpha / 2)
    rows = [{"school": sch, "rating": float(r[j]), "ci_low": float(r[j] - z * se[j]),
             "ci_high": float(r[j] + z * se[j])} for j, sch in enumerate(names)]
    seat_se = float(np.sqrt(fit.cov_params()[0, 0]))
    rows.append({"school": "(seat 1)", "rating": float(fit.params[0]), "ci_low": float(fit.params[0] - z * seat_se),
                 "ci_high": float(fit.params[0] + z * seat_se)})
    # the likelihood-ratio test of all school ratings = 0 (against the seat-only model)
    return pl.DataFrame(rows).sort("rating", descending=True).with_columns(p_schools=pl.lit(float(fit.llr_pvalue)))


def school_matrix(games: pl.DataFrame, alpha: float = 0.05) -> pl.DataFrame:
    """School against school: for each ordered pair (``school``, ``opponent``) the decisive games
    in which they were in different decks, and the share won by ``school``'s deck (Wilson)."""
    g = games.filter(pl.col("result").is_not_null())
    rows = []
    for a in SCHOOLS[1:]:
        for o in SCHOOLS[1:]:
            if a == o:
                continue
            a0 = g["deck0"].str.contains(a, literal=True) & g["deck1"].str.contains(o, literal=True)
            a1 = g["deck1"].str.contains(a, literal=True) & g["deck0"].str.contains(o, literal=True)
            n = int(a0.sum() + a1.sum())
            k = int(g.filter(a0)["result"].sum() + (g.filter(a1)["result"] == 0).sum())
            lo, hi = proportion_ci(k, n, alpha=alpha) if n else (float("nan"), float("nan"))
            rows.append({"school": a, "opponent": o, "n": n, "wins": k, "win_rate": k / n if n else float("nan"),
                         "ci_low": float(lo), "ci_high": float(hi)})
    return pl.DataFrame(rows)


def section_spellbooks(ctx) -> None:
    """Report section ``wizwar_spellbooks``: the schools' Bradley-Terry ratings first (which school
    makes a deck stronger, with intervals), then the splits shown after Holm's correction and the
    school-against-school matrix."""
    doc = ctx.doc
    games = spellbook_games(ctx.results.seats, ctx.manifest)
    doc.heading("Which schools make the stronger deck (Custom Spellbook, two decks)?")
    if games.is_empty():
        doc.para("No variant of this study sets `setup.schools_1`, so no game was played with two decks.")
        return
    ratings = school_ratings(games)
    splits = spellbook_splits(games)
    n_dec = int(games["result"].is_not_null().sum())
    lead = []
    sch = ratings.filter(pl.col("school") != "(seat 1)")
    if sch.height:
        top, bottom = sch.row(0, named=True), sch.row(sch.height - 1, named=True)
        p_all = float(top["p_schools"])
        differ = (f"the schools differ (likelihood-ratio test, p = {p_all:.2g})" if p_all < 0.05 else
                  f"no difference between the schools is shown (likelihood-ratio test, p = {p_all:.2g})")
        lead.append(f"**Ratings** (Bradley-Terry log-odds, a deck's strength is the sum of its schools'; "
                    f"{n_dec:,} decisive games): {differ}; highest {top['school'].capitalize()} "
                    f"{top['rating']:+.2f} ({top['ci_low']:+.2f} to {top['ci_high']:+.2f}), lowest "
                    f"{bottom['school'].capitalize()} {bottom['rating']:+.2f} ({bottom['ci_low']:+.2f} to "
                    f"{bottom['ci_high']:+.2f}).")
    shown = splits.filter(pl.col("p_holm") < 0.05)
    lead.append("**Splits** (the six schools in two decks, both seat orders pooled, Holm over the 10 splits): "
                + ("; ".join(f"{_school_name(r['side'] if r['rate'] > 0.5 else r['other'])} beats "
                             f"{_school_name(r['other'] if r['rate'] > 0.5 else r['side'])} in "
                             f"{_pct(max(r['rate'], 1 - r['rate']))} of {r['n']:,} decisive games"
                             for r in shown.iter_rows(named=True)) if shown.height
                   else "no split is won by one side more often than chance shows") + ".")
    draws = int(games["result"].is_null().sum())
    lead.append(f"**Draws**: {draws:,} of {games.height:,} games ({_pct(draws / games.height)}), left out of the "
                "ratings and the splits.")
    doc.bullets(lead)
    for k, text in enumerate(lead):
        ctx.answer(text.replace("**", ""), rank=10 + k)
    labels = sorted(set(games["deck0"].to_list()) | set(games["deck1"].to_list()))
    cov = [deck_coverage(x) for x in labels]
    caveat = _coverage_caveat(pl.DataFrame({"schools": labels})) if cov else ""
    ctx.answer(caveat.replace("**", ""), rank=0)
    doc.para(caveat)
    doc.heading("School ratings (log-odds, 95% Wald intervals, centred on 0)", 3)
    doc.table(["school", "rating", "interval"],
              [[r["school"], f"{r['rating']:+.2f}", f"({r['ci_low']:+.2f} to {r['ci_high']:+.2f})"]
               for r in ratings.iter_rows(named=True)])
    doc.para("A deck's log-odds of beating the other deck is the seat term plus the sum of its three schools' "
             "ratings minus the sum of the other deck's. The seat term '(seat 1)' is deck 0's edge from playing "
             "seat 1, which also carries seat 1's board colours (docs/wizwar.md, schools study).")
    doc.heading("Splits: the deck with the first-named school's win rate (decisive games, 95% Wilson)", 3)
    doc.table(["deck", "against", "decisive games", "draws", "win rate", "Holm p"],
              [[_school_name(r["side"]), _school_name(r["other"]), f"{r['n']:,}", f"{r['draws']:,}",
                f"{_pct(r['rate'])} {_iv(r['ci_low'], r['ci_high'])}", f"{r['p_holm']:.2g}"]
               for r in splits.iter_rows(named=True)])
    mm = school_matrix(games)
    names = list(SCHOOLS[1:])
    cell = {(r["school"], r["opponent"]): f"{_pct(r['win_rate'])} {_iv(r['ci_low'], r['ci_high'])} n={r['n']}"
            for r in mm.iter_rows(named=True)}
    doc.heading("School against school: the row school's deck's win rate when the column school is in the "
                "other deck (decisive games, 95% Wilson)", 3)
    doc.table(["school \\ opponent", *names], [[a, *[cell.get((a, o), "") for o in names]] for a in names])
    doc.para("Each pair of schools meets in 6 of the 10 splits (the other four schools fill the two decks), so "
             "a cell also carries the schools that shared the decks; the ratings above separate them.")
    try:
        from simlab.report import charts
        ctx.save(charts.matchup_heatmap(mm.rename({"school": "bot"})), "wizwar_school_matrix",
                 "Win rate of the deck holding each school against the deck holding each other school")
    except Exception as exc:  # a chart is a convenience: the table above carries the numbers
        doc.para(f"(chart skipped: {exc})")


REPORT_SECTIONS = {"wizwar_schools": section_schools, "wizwar_spellbooks": section_spellbooks}
