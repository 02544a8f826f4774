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

from collections.abc import Mapping
from itertools import combinations
from typing import Any

import numpy as np
import polars as pl
from scipy import stats as st

from simlab.analysis import WIN_RATE_MARGIN, adjust, difference_ci, equivalence_verdict, proportion_ci
from simlab.games.wizwar import state as S
from simlab.games.wizwar.board import COLOURS, build_board
from simlab.games.wizwar.data import FIRST_GAME, SCHOOLS, raw_data
from simlab.games.wizwar.movement import distances

__all__ = ["treasure_round_trips", "school_triples", "schools_scenario", "game_facts", "school_cells",
           "school_effects", "first_player_edge", "colour_edge", "section_schools", "REPORT_SECTIONS",
           "OUTCOMES", "SCHOOLS_PATH", "deck_coverage"]

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


def schools_scenario(games: int = 20, seed: int = 41) -> str:
    """The text of scenarios/wizwar_schools.toml: every triple at 2, 3 and 4 players, balanced bots."""
    rows = "".join("    [" + ", ".join(f'"{x}"' for x in t) + "],\n" for t in school_triples())
    n = games * len(school_triples()) * 3
    return f"""# Wiz-War: how each triple of schools changes the game (written by
# simlab.games.wizwar.studies.schools_scenario; a test checks it is current). The deck is the White
# Cantrips plus three schools (R16); each of the 20 triples of the six schools is played at 2, 3
# and 4 players by balanced bots. The report (analyses = ["wizwar_schools"]) leads with game length
# in rounds, how games are won (treasure points, kill points, last wizard alive) and draws per
# triple, what each school changes (games with it against games without), then the first player's
# edge and the edge of each board colour, with intervals and n. Only the cards the engine
# implements are in the deck (docs/wizwar.md): the report says how many.
#
# Small default size (CI): 60 variants x {games} games = {n:,} games. Add
# `"variants.board_set" = ["extracted", "open", "corridor", "maze"]` to the sweep to see which
# answers survive another board.
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
    player's win rate with its exact binomial p-value against 1/players (``p_first``) and
    Holm's adjustment over every cell (``p_first_holm``)."""
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
        flo, fhi = proportion_ci(k, n, alpha=alpha)
        row |= {"first_rate": k / n, "first_low": float(flo), "first_high": float(fhi),
                "p_first": float(st.binomtest(k, n, 1 / int(players)).pvalue)}
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
    """The first player's win rate per player count and board set, all triples pooled, against
    a fair 1/players: Wilson interval, exact binomial p-value, and the equivalence verdict with a
    margin of :data:`~simlab.analysis.WIN_RATE_MARGIN` (only "equivalent" may be read as no edge)."""
    rows = []
    for (players, board_set), part in facts.group_by("players", "board_set", maintain_order=True):
        n, k = part.height, int(part["first_won"].sum())
        lo, hi = proportion_ci(k, n, alpha=alpha)
        fair = 1 / int(players)
        p = float(st.binomtest(k, n, fair).pvalue)
        rate = k / n
        se = float(np.sqrt(max(rate * (1 - rate), 1e-12) / n))
        v = equivalence_verdict(rate - fair, se, n, WIN_RATE_MARGIN, alpha=alpha, different=p < alpha)
        rows.append({"players": int(players), "board_set": board_set, "n": n, "first_rate": rate,
                     "ci_low": float(lo), "ci_high": float(hi), "fair": fair, "p_value": p,
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


def deck_coverage(schools: str) -> tuple[int, int]:
    """(copies whose effect the engine implements, all copies) in the deck of ``schools`` (a
    :func:`game_facts` label: ``alchemy+elemental+mentalism`` or ``all``), White Cantrips included."""
    chosen = ["cantrip", *(SCHOOLS[1:] if schools == "all" else schools.split("+"))]
    k = n = 0
    for c in raw_data()["card"]:
        copies = sum(c["copies"].get(sc, 0) for sc in chosen)
        n += copies
        k += copies if c["effect"] in S.IMPLEMENTED else 0
    return k, n


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
    cov = [deck_coverage(x) for x in facts["schools"].unique().to_list()]
    lo = min(k / n for k, n in cov)
    hi = max(k / n for k, n in cov)
    full = all(k == n for k, n in cov)
    if full:
        return ("**Bots, not players:** every card of these decks is implemented, but every number here is how "
                "simlab's heuristic bots play Wiz-War, on board data nobody has checked against the printed "
                "boards (docs/wizwar.md).")
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
            lo, hi = (r["d_rounds_low"], r["d_rounds_high"]) if r["d_rounds"] > 0 else \
                (-r["d_rounds_high"], -r["d_rounds_low"])
            bits.append(f"{school.capitalize()} {word} {players}-player games by {abs(r['d_rounds']):.1f} rounds "
                        f"{_iv(lo, hi, 1)}{_robust(rs, sets)}")
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
    lead.append("**The first player** (drawn at random, R25): " + "; ".join(fp) + ".")
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
    # what a school changes, how games are won, and the seats (first player and colours, joined)
    n_len = len(lead) - 4
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
               "last alive", "draw", "first player wins", "Holm p (vs fair)"],
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
    doc.heading("The first player's win rate, all triples pooled", 3)
    doc.table(["players", "board set", "games", "first player wins", "fair", "p (exact binomial)", "verdict"],
              [[r["players"], r["board_set"], f"{r['n']:,}",
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


REPORT_SECTIONS = {"wizwar_schools": section_schools}
