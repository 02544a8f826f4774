"""Board studies (docs/wizwar.md, "What the shipped sets mean for walking")."""

from __future__ import annotations

import math

from simlab.games.wizwar.studies import treasure_round_trips


def test_round_trips_on_designed_sets():
    """The open set: base (centre) to the nearest enemy treasure (a corner of a neighbouring
    sector) is 5 steps each way on every deal; the gated set: every enemy treasure is behind a
    door of its owner (R43, R46), so no wizard reaches one without a key."""
    assert treasure_round_trips("open", 2, 5) == {"mean": 10.0, "min": 10.0, "max": 10.0, "shut_out": 0,
                                                  "cut_off_deals": 0}
    gated = treasure_round_trips("gated", 3, 3)
    assert gated["shut_out"] == 9 and gated["cut_off_deals"] == 3 and math.isnan(gated["mean"])


def test_maze_set_makes_treasure_runs_long():
    """docs/wizwar.md, the maze set: the treasures lie on a winding inner path with one way in, so
    the shortest treasure run is at least 22 squares (9+ steps from the nearest exit, twice)."""
    r = treasure_round_trips("maze", 3, 10)
    assert r["min"] >= 22 and r["shut_out"] == 0


def test_round_trips_on_extracted_set_match_the_checklist_estimate():
    """Checklist 3.6 (an independent estimate): with the extracted faces, walking from one's
    base to the closest enemy treasure and back takes 14 to 16 squares on average (10-24)."""
    r = treasure_round_trips("extracted", 2, 40)
    assert 13 <= r["mean"] <= 17 and r["min"] >= 10 and r["max"] <= 24


# ---------------------------------------------------------------------------------------------
# The schools study (simlab.games.wizwar.studies, report section wizwar_schools)

import numpy as np  # noqa: E402
import polars as pl  # noqa: E402
import pytest  # noqa: E402

from simlab.games.wizwar import studies  # noqa: E402

_SCEN = __import__("pathlib").Path(__file__).parents[3] / "scenarios"


def _manifest(labels_schools: dict[str, list[str] | None], board_set: str | None = None) -> dict:
    return {"variants": [{"label": lab, "setup": {"schools": sch} if sch else {},
                          "variants": {"board_set": board_set} if board_set else {}}
                         for lab, sch in labels_schools.items()]}


def test_schools_scenario_is_current_and_covers_every_triple():
    """R16: three of the six schools; 20 triples x 3 player counts x 5 board sets = 300 variants;
    the shipped file is what schools_scenario() writes (regenerate it when the study changes)."""
    from simlab.scenario import load_scenario

    assert (_SCEN / "wizwar_schools.toml").read_text() == studies.schools_scenario()
    variants = load_scenario(_SCEN / "wizwar_schools.toml").variants()
    assert len(variants) == 300 and len(studies.school_triples()) == 20
    assert {v.players for v in variants} == {2, 3, 4}
    assert {v.data_variants["board_set"] for v in variants} == {"extracted", "corridor", "gated", "maze", "open"}
    assert len({tuple(v.setup["schools"]) for v in variants}) == 20


def test_game_facts_sorts_every_ending():
    """How a game was won, from the winner's points (R1, R120: treasures on one's base; R55: kills;
    R3: last wizard alive; A-6/A-7/A-30: draws), and whether the first player (R25) won."""
    games = pl.DataFrame({"variant": ["v"] * 5, "players": [2] * 5, "game_id": [0, 1, 2, 3, 4],
                          "rounds": [5, 6, 7, 8, 60], "winner": [0, 1, 0, 1, -1], "end_reason": [0, 0, 0, 1, 3]})
    seats = pl.DataFrame({
        "variant": ["v"] * 10, "game_id": [g for g in range(5) for _ in (0, 1)], "seat": [0, 1] * 5,
        "first_player": [1, 0, 1, 0, 0, 1, 1, 0, 0, 1], "colour": [0, 2] * 5,
        "vp_kill": [0, 0, 0, 2, 1, 0, 0, 0, 0, 0], "vp_treasure": [2, 0, 0, 0, 1, 0, 0, 0, 0, 0],
        "won": [1, 0, 0, 1, 1, 0, 0, 1, 0, 0]})
    f = studies.game_facts(games, seats, _manifest({"v": ["alchemy", "mutation", "elemental"]})).sort("game_id")
    assert f["outcome"].to_list() == ["treasure", "kills", "mixed", "last_alive", "draw"]
    assert f["first_won"].to_list() == [1, 0, 0, 0, 0]
    assert f["schools"][0] == "alchemy+elemental+mutation" and f["board_set"][0] == "extracted"


def _facts(rng, shift: dict[str, float], n_per: int = 60, players: int = 2, board_set: str = "extracted"):
    rows = []
    for t in studies.school_triples():
        label = "+".join(sorted(t))
        extra = sum(shift.get(s, 0.0) for s in t)
        for k in range(n_per):
            rows.append({"variant": label, "players": players, "schools": label, "board_set": board_set,
                         "game_id": k, "rounds": int(round(10 + extra + rng.normal(0, 2))),
                         "outcome": "treasure" if rng.random() < 0.6 else "last_alive",
                         "first_won": int(rng.random() < 1 / players), "first_colour": 0})
    return pl.DataFrame(rows)


def test_school_effects_find_a_school_that_lengthens_games_and_only_it():
    """A school that adds 3 rounds to every game it is in is shown (Holm p < 0.05, interval around
    +3); schools that change nothing are not shown after Holm's correction."""
    f = _facts(np.random.default_rng(3), {"mutation": 3.0})
    eff = studies.school_effects(f)
    assert eff.height == 6
    mut = eff.filter(pl.col("school") == "mutation").row(0, named=True)
    assert mut["p_rounds_holm"] < 0.05 and mut["d_rounds_low"] < 3.0 < mut["d_rounds_high"] + 0.5
    assert mut["n_with"] == mut["n_without"] == 600
    others = eff.filter(pl.col("school") != "mutation")
    assert (others["d_rounds"].abs() < 1.5).all()  # each non-mutation contrast mixes in mutation's shift
    cells = studies.school_cells(f)
    assert cells.height == 20 and (cells["n"] == 60).all()
    share = sum(cells[o] for o in studies.OUTCOMES)
    assert np.allclose(share.to_numpy(), 1.0)
    assert (cells["rounds_low"] <= cells["rounds"]).all() and (cells["rounds"] <= cells["rounds_high"]).all()


def test_first_player_edge_verdicts():
    """The first player's edge is 'different' when the exact binomial test rejects a fair 1/p,
    'equivalent' only inside the 1-point margin with enough games, else 'inconclusive'."""
    def facts(k, n, players):
        return pl.DataFrame({"players": [players] * n, "board_set": ["extracted"] * n,
                             "first_won": [1] * k + [0] * (n - k)})
    edge = studies.first_player_edge(facts(4500, 10_000, 3)).row(0, named=True)
    assert edge["verdict"] == "different" and edge["ci_low"] > 1 / 3
    fair = studies.first_player_edge(facts(100_000, 200_000, 2)).row(0, named=True)
    assert fair["verdict"] == "equivalent"
    small = studies.first_player_edge(facts(21, 40, 2)).row(0, named=True)
    assert small["verdict"] == "inconclusive" and small["games_needed"] > 40


def test_first_player_edge_leaves_draws_out():
    """A-30: a game at the round cap is a draw, won by nobody. The first player's edge is measured
    on the decided games: 4,000 wins of 8,000 decided games with 12,000 draws is no edge (against
    all 20,000 games it would read as a 20% 'handicap'), and the draws are counted."""
    n = 20_000
    f = pl.DataFrame({"players": [2] * n, "board_set": ["gated"] * n,
                      "first_won": [1] * 4_000 + [0] * (n - 4_000),
                      "outcome": ["treasure"] * 8_000 + ["draw"] * 12_000})
    r = studies.first_player_edge(f).row(0, named=True)
    assert r["n"] == 8_000 and r["draws"] == 12_000 and r["first_rate"] == 0.5
    assert r["verdict"] != "different"


def test_colour_edge_tests_the_colours_against_each_other():
    """Win rate per board colour with Wilson intervals and one chi-square test per player count."""
    seats = pl.DataFrame({"variant": ["v"] * 400, "players": [2] * 400, "colour": [0, 3] * 200,
                          "won": [1, 0] * 150 + [0, 1] * 50})
    out = studies.colour_edge(seats, _manifest({"v": None}))
    assert out["colour_name"].to_list() == ["blue", "green"]
    assert out["win_rate"].to_list() == [0.75, 0.25]
    assert out["p_equal"][0] < 1e-6


def test_deck_coverage_counts_copies():
    """The deck of a triple counts the 12 White Cantrips and 24 copies per school (checklist 2.1)."""
    k, n = studies.deck_coverage("alchemy+elemental+mentalism")
    assert n == 84 and 0 < k <= n
    assert studies.deck_coverage("all")[1] == 156


def test_coverage_caveat_names_the_cards_left_out_for_their_text():
    """Every card with a known text is built (issue #10); the caveat says that the decks lack only
    the data problems of checklist 2.4, and still that these are bots on unchecked boards."""
    k, n, bad = studies._deck_counts("all")
    assert bad == 3 and k + bad == n
    text = studies._coverage_caveat(pl.DataFrame({"schools": ["all", "alchemy+elemental+mentalism"]}))
    assert "Not publishable" not in text and "Dagger, Homunculus and Fool's Gold" in text
    assert "bots" in text and "board data" in text


@pytest.mark.parametrize("players", [2, 3])
def test_schools_report_leads_with_the_answers(tmp_path, players):
    """A tiny schools run: the report's first screen says how long games last per triple, how
    games are won, the first player's rate (turn order, not seat 1) and the colours' edge, and
    says that the deck is not complete."""
    from simlab.report.render import render_report
    from simlab.runner import run_scenario
    from simlab.scenario import parse_scenario

    scn = parse_scenario(f'name = "t_schools"\ngame = "wizwar"\ngames = 4\nseed = 2\nplayers = {players}\n'
                         'analyses = ["wizwar_schools"]\n[[seats]]\nbot = "balanced"\n[sweep]\n'
                         '"setup.schools" = [["alchemy", "elemental", "mentalism"], '
                         '["conjuration", "mutation", "thaumaturgy"]]\n')
    out = tmp_path / "res"
    run_scenario(scn, out=out, n_jobs=1, quiet=True)
    render_report(out, tmp_path / "rep")
    md = (tmp_path / "rep" / "report.md").read_text()
    box = md.split("\n- Game: ")[0]
    assert f"{players} players: games last" in box and "How games are won" in box
    assert "The first player" in box and "The board colours" in box
    assert "the first player's win rate" in box and "seat 1's win rate" not in box
    assert "Bots, not players" in box and "Not publishable" not in box
    # the per-round points give the game-quality table, pooled by player count and board set
    assert "### Game quality by player count and board set" in md
    assert f"| {players}p, extracted boards |" in md and "margin (victory points)" in md
    if players >= 3:
        assert "kingmaker position in" in md


def test_face_frame_undoes_each_deals_turns():
    """The heat map puts each map square back on its sector face as printed (R20: the deal turns
    each sector at random): in every deal of the pool, the map's bases and treasure start squares
    land on the face's own base and treasure squares, and each face square appears once."""
    from simlab.games.wizwar import board as BD
    from simlab.games.wizwar.data import POOL, POOL_SEED

    for players, set_name in ((2, "extracted"), (4, "extracted"), (3, "open")):
        face, fr, fc = studies._face_frame(players, set_name)
        faces = BD.board_set(set_name).sectors
        for k in range(0, POOL, 17):
            bd = BD.build_board(players, np.random.SeedSequence([POOL_SEED, players, k]), set_name)
            for q in range(bd.n_squares):
                r, c = int(bd.geo.sq_r[q]), int(bd.geo.sq_c[q])
                sec = faces[BD.COLOURS[face[k, r, c]]]
                cell = int(sec.cells[fr[k, r, c], fc[k, r, c]])
                assert (cell == BD.BASE) == (bd.sq_base[q] >= 0)
                assert (cell == BD.TREASURE) == (bd.sq_treasure[q] >= 0)
            for colour in bd.colours:
                where = face[k] == colour
                assert where.sum() == 25
                assert len(set(zip(fr[k][where].tolist(), fc[k][where].tolist(), strict=True))) == 25


def test_square_events_and_own_sector_share():
    """Deaths (R153) and thefts (R113) are placed on the face they happened on; the share of deaths
    in the victim's own sector counts each death once, with an interval clustered by game."""
    players = 2
    face, fr, fc = studies._face_frame(players, "extracted")
    k = 3
    own_sq = [(r, c) for r in range(face.shape[1]) for c in range(face.shape[2]) if face[k, r, c] >= 0]
    colours = sorted({int(face[k, r, c]) for r, c in own_sq})
    at = {col: next((r, c) for r, c in own_sq if face[k, r, c] == col) for col in colours}
    n = 40
    games = pl.DataFrame({"variant": ["v"] * n, "game_id": list(range(n)), "deal": [k] * n, "players": [players] * n})
    # seat 0 (colour a) dies at home in even games, in b's sector in odd ones; seat 1 never dies
    a, b = colours
    rows = []
    for g in range(n):
        r, c = at[a] if g % 2 == 0 else at[b]
        rows.append({"variant": "v", "game_id": g, "seat": 0, "colour": a, "death_row": r, "death_col": c,
                     "steal_row": at[b][0], "steal_col": at[b][1]})
        rows.append({"variant": "v", "game_id": g, "seat": 1, "colour": b, "death_row": -1, "death_col": -1,
                     "steal_row": -1, "steal_col": -1})
    seats = pl.DataFrame(rows)
    ev = studies.square_events(games, seats, _manifest({"v": None}))
    assert ev.filter(pl.col("event") == "death").height == n
    assert ev.filter(pl.col("event") == "steal").height == n
    assert (ev.filter(pl.col("event") == "steal")["face"] == b).all()
    own = studies.own_sector_share(ev).row(0, named=True)
    assert own["n"] == n and own["games"] == n and abs(own["share"] - 0.5) < 1e-12
    assert own["ci_low"] < 0.5 < own["ci_high"] and own["ci_high"] - own["ci_low"] < 0.4
    fig = studies.board_heatmap(ev, "extracted")
    assert len(fig.axes) >= 8


# ---------------------------------------------------------------------------------------------
# The spellbook study (two decks, R176; report section wizwar_spellbooks)


def test_spellbook_scenario_is_current_and_splits_the_schools():
    """20 cases: each triple as deck 0 against the other three schools (R176 splits one box), so
    each of the 10 splits is played with either deck in either seat."""
    from simlab.scenario import load_scenario

    assert (_SCEN / "wizwar_spellbooks.toml").read_text() == studies.spellbook_scenario()
    variants = load_scenario(_SCEN / "wizwar_spellbooks.toml").variants()
    assert len(variants) == 20 and {v.players for v in variants} == {2}
    for v in variants:
        assert sorted(v.setup["schools"] + v.setup["schools_1"]) == sorted(studies.SCHOOLS[1:])
    splits = {frozenset([tuple(v.setup["schools"]), tuple(v.setup["schools_1"])]) for v in variants}
    assert len(splits) == 10


def _spellbook_games(rng, strength: dict[str, float], n_per: int = 400, seat: float = 0.0) -> pl.DataFrame:
    rows = []
    for case in studies.spellbook_cases():
        a, o = case["setup.schools"], case["setup.schools_1"]
        logit = seat + sum(strength.get(x, 0.0) for x in a) - sum(strength.get(x, 0.0) for x in o)
        p = 1 / (1 + np.exp(-logit))
        for k in range(n_per):
            rows.append({"variant": case["label"], "game_id": k, "deck0": "+".join(sorted(a)),
                         "deck1": "+".join(sorted(o)), "result": int(rng.random() < p)})
    return pl.DataFrame(rows)


def test_school_ratings_recover_planted_strengths():
    """Bradley-Terry with additive team strengths: ratings planted at +0.3 (elemental) and -0.3
    (alchemy), the rest 0, and a seat term of 0.2 are recovered within their 95% intervals; the
    likelihood-ratio test finds the schools differ; with no strengths it does not (at this n)."""
    g = _spellbook_games(np.random.default_rng(5), {"elemental": 0.3, "alchemy": -0.3}, seat=0.2)
    r = {row["school"]: row for row in studies.school_ratings(g).iter_rows(named=True)}
    for school, planted in {"elemental": 0.3, "alchemy": -0.3, "mentalism": 0.0, "(seat 1)": 0.2}.items():
        assert r[school]["ci_low"] < planted < r[school]["ci_high"], school
    assert r["elemental"]["p_schools"] < 1e-6
    flat = studies.school_ratings(_spellbook_games(np.random.default_rng(6), {}, n_per=100))
    assert flat["p_schools"][0] > 0.01


def test_splits_and_school_matrix_count_both_seat_orders():
    """A split is the same two decks in either seat order: 2 x n games pooled; Holm over the 10
    splits; each pair of schools meets in 6 of the 10 splits, so 12 cases."""
    g = _spellbook_games(np.random.default_rng(7), {"elemental": 1.0}, n_per=50)
    sp = studies.spellbook_splits(g)
    assert sp.height == 10 and (sp["n"] == 100).all()
    assert (sp["p_holm"] >= sp["p_value"]).all()
    strong = sp.filter(pl.col("side").str.contains("elemental") | pl.col("other").str.contains("elemental"))
    assert strong.height == 10
    mm = studies.school_matrix(g)
    assert mm.height == 30 and (mm["n"] == 12 * 50).all()
    e = mm.filter((pl.col("school") == "elemental") & (pl.col("opponent") == "alchemy")).row(0, named=True)
    a = mm.filter((pl.col("school") == "alchemy") & (pl.col("opponent") == "elemental")).row(0, named=True)
    assert e["win_rate"] > 0.7 and abs(e["win_rate"] + a["win_rate"] - 1) < 1e-9


def test_spellbook_games_read_the_decks_and_draws():
    """Seat p plays deck p % 2 (R176); a game won by neither deck is a draw (None)."""
    seats = pl.DataFrame({"variant": ["v"] * 6, "game_id": [0, 0, 1, 1, 2, 2], "seat": [0, 1] * 3,
                          "won": [1, 0, 0, 1, 0, 0]})
    manifest = {"variants": [{"label": "v", "setup": {"schools": ["mutation", "alchemy", "elemental"],
                                                      "schools_1": ["thaumaturgy", "conjuration", "mentalism"]}}]}
    g = studies.spellbook_games(seats, manifest).sort("game_id")
    assert g["result"].to_list() == [1, 0, None]
    assert g["deck0"][0] == "alchemy+elemental+mutation" and g["deck1"][0] == "conjuration+mentalism+thaumaturgy"


def test_spellbook_report_leads_with_the_ratings(tmp_path):
    """A tiny two-deck run: the first screen gives the school ratings with the likelihood-ratio
    test, the splits after Holm, the draws and the coverage caveat."""
    from simlab.report.render import render_report
    from simlab.runner import run_scenario
    from simlab.scenario import parse_scenario

    text = studies.spellbook_scenario(games=3).replace('name = "wizwar_spellbooks"', 'name = "t_books"')
    scn = parse_scenario(text)
    out = tmp_path / "res"
    run_scenario(scn, out=out, n_jobs=1, quiet=True)
    md = (render_report(out, tmp_path / "rep") / "report.md").read_text()
    box = md.split("\n- Game: ")[0]
    assert "Ratings (Bradley-Terry log-odds" in box and "likelihood-ratio test" in box
    assert "Splits (the six schools in two decks" in box and "Draws:" in box and "Bots, not players" in box
    assert "School against school" in md


def test_card_effects_arms_keep_the_card_in_the_deck(tmp_path):
    """Wiz-War's [card_effects] (GameSpec.card_effect_out = "avoid"): in the "in" arm only the
    focal seat may play the card, in the "out" arm no seat may; the deck is the same in both arms
    (same draws on the same seeds); cards not in the deck are skipped, or refused when named."""
    from simlab.scenario import ScenarioError, parse_scenario

    base = ('name = "t"\ngame = "wizwar"\ngames = 2\nplayers = 3\n[[seats]]\nbot = "balanced"\n'
            '[card_effects]\ncards = {cards}\n')
    scn = parse_scenario(base.format(cards='"all"'))
    by = {v.label: v for v in scn.variants()}
    vin, vout = by["players=3 card=Fireball arm=in"], by["players=3 card=Fireball arm=out"]
    assert [p.get("avoid_card") for p in vin.seat_params] == [None, "Fireball", "Fireball"]
    assert [p.get("avoid_card") for p in vout.seat_params] == ["Fireball"] * 3
    assert vin.setup == vout.setup == {}
    assert "Dagger" in scn.card_effects["skipped"] and "Fireball" in scn.card_effects["cards"]
    with pytest.raises(ScenarioError, match=r"card 'Dagger' is not in this setup's deck"):
        parse_scenario(base.format(cards='["Dagger"]'))


def test_cards_scenario_measures_every_card_in_the_deck():
    """scenarios/wizwar_cards.toml: an in and an out arm for every card in the default deck, the
    out arm keeping the card in the deck (every seat avoids it)."""
    from simlab.scenario import load_scenario

    scn = load_scenario(_SCEN / "wizwar_cards.toml")
    cards = scn.card_effects["cards"]
    assert scn.card_effects["out"] == "avoid" and len(scn.variants()) == 2 * len(cards)
    from simlab.games.wizwar import data
    in_deck = {r["card"] for r in data.load_cards().rows if r["in_deck"]}
    assert set(cards) == in_deck


def test_schools_first_screen_counts_the_cells_when_there_are_many():
    """Issue 11 (a report answers on its first screen): with 2 player counts x 2 board sets the
    answers count the cells (how many show an edge, which triple is shortest in how many) and
    name what holds on every board set, instead of one list item per cell."""
    rng = np.random.default_rng(5)
    rows = []
    fast, slow = "alchemy+elemental+mentalism", "conjuration+mutation+thaumaturgy"
    for players in (2, 3):
        for board_set in ("extracted", "open"):
            for schools, mean in ((fast, 8.0), (slow, 12.0)):
                for _ in range(400):
                    rows.append({"players": players, "board_set": board_set, "schools": schools,
                                 "rounds": int(rng.poisson(mean)), "outcome": "treasure",
                                 "first_won": int(rng.random() < (0.7 if board_set == "open" else 1 / players))})
    facts = pl.DataFrame(rows)
    colours = pl.DataFrame({"players": [2, 2, 3, 3], "board_set": ["extracted", "open"] * 2,
                            "p_equal": [1e-9, 0.5, 0.4, 0.6]})
    sets = ["extracted", "open"]
    out = studies._short_answers(studies.school_cells(facts), facts, studies.school_effects(facts),
                                 studies.first_player_edge(facts), colours, sets)
    assert out[0].startswith("Game length: the triples differ in 4 of 4 cells")
    assert "Alchemy + Elemental + Mentalism in 4 cells" in out[0]
    assert "Conjuration lengthens games at 2, 3 players" in out[1]
    assert "Mentalism shortens games at 2, 3 players" in out[1]
    assert "an edge in 2" in out[3] and "of 4 cells (not on: extracted)" in out[3]
    assert "unequally (chi-square p < 0.05) in 1 of 4 cells (extracted: 1)" in out[3]
