"""The report section of the Seasons special-ability token study (``analyses = ["tokens"]``).

Expects the design of scenarios/seasons_tokens.toml: the focal bot (row 0) holds a fixed token
(``seats.0.params.fixed_token`` swept over 1-12), none (0) or keeps 1 of 3 (-1); every other seat
holds none; the same seeds in every arm. Fair values come from
:func:`simlab.analysis.tokens.token_values` (recomputed from the final scores), robustness from the
same function per bot preset (``[[cases]]``) and per enchantment (the games' ``enchantment``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import polars as pl

from simlab.analysis.culling import cull_value
from simlab.analysis.stats import PRESTIGE_MARGIN, adjust, cochran_q, equivalence_verdict
from simlab.analysis.tokens import token_arms, token_keep, token_values
from simlab.report import charts

#: bootstrap resamples of every fair-value interval, splits included (issue 11: at least 2,000)
N_BOOT = 2000
N_BOOT_SPLIT = 2000
#: the verdict of a token whose effect the bots never profit from (its effect prestige is exactly 0
#: in every game, e.g. token 11's information): its worth is its printed value, not a finding
NOT_MODELLED = "effect not modelled: worth = printed value"


def _pts(x: float, digits: int = 1) -> str:
    return "n/a" if x is None or not np.isfinite(x) else f"{x:+.{digits}f}"


def _iv(lo: float, hi: float, digits: int = 1) -> str:
    """``(lo to hi)``; an infinite bound (no printed value is enough in some resamples) is "unbounded"."""
    if lo is None or hi is None or np.isnan(lo) or np.isnan(hi):
        return "(n/a)"

    def side(x: float) -> str:
        return f"{x:.{digits}f}" if np.isfinite(x) else "unbounded"

    return f"({side(lo)} to {side(hi)})"


def _pct(x: float) -> str:
    return "n/a" if x is None or not np.isfinite(x) else f"{100 * x:.1f}%"


def _token_info(game: str) -> dict[int, str]:
    """Token number -> short description (Seasons' data file)."""
    if game != "seasons":
        return {}
    from simlab.games.seasons.data import raw_data

    return {int(t["id"]): str(t.get("summary", "")) for t in raw_data()["token"]}


def _enchantments(game: str) -> list[str]:
    if game != "seasons":
        return []
    from simlab.games.seasons.data import enchantment_names

    return enchantment_names()


def _verdict(r: dict[str, Any]) -> str:
    """How the printed value compares with the fair value, in words."""
    if not r.get("effect_modelled", True):
        return NOT_MODELLED
    if not r["mispriced"]:
        # "fair" only from an equivalence test: printed - fair within +-1 prestige (TOST)
        v = equivalence_verdict(r["worth"], r.get("se", float("nan")), r["n"], PRESTIGE_MARGIN, different=False)
        if v["verdict"] == "equivalent":
            return f"fair (within ±{PRESTIGE_MARGIN:g} prestige, TOST p = {v['p_tost']:.2g})"
        return (f"inconclusive (not shown mispriced, nor fair within ±{PRESTIGE_MARGIN:g} prestige"
                + (f"; about {v['games_needed']:,} paired games would settle it" if v["games_needed"] else "")
                + ")")
    # printed above the fair value: the token gives more than a balanced price would (too generous)
    if r["printed"] > r["ci_high"]:
        return f"**too generous** by {r['printed'] - r['fair_value']:.1f} (balanced at {r['fair_value']:+.1f})"
    return f"**too stingy** by {r['fair_value'] - r['printed']:.1f} (balanced at {r['fair_value']:+.1f})"


def section_tokens(ctx) -> None:
    """Fair values, mispricing, robustness and the keep-1-of-3 choice."""
    doc = ctx.doc
    doc.heading("Special-ability tokens: fair values")
    groups = token_arms(ctx.manifest)
    if not groups:
        doc.para("This study does not sweep `seats.0.params.fixed_token` over 0 and token numbers, so there is "
                 "no token experiment to report.")
        return
    game = (ctx.manifest.get("game") or {}).get("name", "")
    info = _token_info(game)
    # one read of the columns the analyses need; every arm is then a filter of this frame in memory
    cols = ["variant", "game_id", "bot_row", "score", "won", "shared_win", "token", "token_used",
            "token_printed", "score_without_token", "token_choice_1", "token_choice_2", "token_choice_3",
            "cards_in_play", "tie_break"]  # the last two: the engine's tie rule (Seasons 0.2.0 on)
    have = ctx.results.seats.collect_schema().names()
    seats = ctx.results.seats.select([c for c in cols if c in have]).collect().lazy()
    cases = list(dict.fromkeys(g["case"] for g in groups))
    main_case = cases[0]
    doc.para(
        "Design: the focal bot (bot row 0; seats rotate, so it sits in every position equally often) holds one "
        "fixed token in each arm, or none; every other seat holds none; every arm replays the same game seeds. "
        "The **fair value** of a token is the printed prestige at which the focal bot would win exactly as often "
        "holding it as holding none. The printed value only adds to the final score when the token was used "
        "(EK rules; token 5 is permanent), so the win rate at any printed value is recomputed from the recorded "
        "`score_without_token` and the best opposing score, without re-simulating (a tie for first is settled "
        "as the engine does: from Seasons 0.2.0 the tied player with more cards in play wins and equal cards "
        "share, 1/k of a k-way tie; results without the `tie_break` column share every tie). "
        "Intervals are 95% paired bootstrap intervals over games "
        f"({N_BOOT} resamples). **Worth** = printed - fair: what holding the token is worth in prestige-"
        "equivalents (the table a bot can use to keep 1 of 3). **Effect prestige** (score-neutral value) is the "
        "mean prestige the effect itself adds (score without the token's printed value, minus the score "
        "holding none). A token is called **mispriced** only when the focal bot's win rate at the printed "
        "value differs from its win rate holding none after a Holm correction over the 12 tokens of a player "
        "count, and the printed value lies outside the fair value's interval; it is called **fair** only when an "
        f"equivalence test (TOST) puts printed - fair within ±{PRESTIGE_MARGIN:g} prestige, and otherwise "
        "**inconclusive**. Where some resamples reach no fair value at any printed value, the interval is "
        "printed as unbounded on that side. A token whose effect the bots never profit from (its effect "
        "prestige is exactly 0 in every game) is labelled \"" + NOT_MODELLED + "\" and not ranked."
    )
    doc.para(
        "Caveat: the recomputation holds the bots' choices fixed. The bots' token rules never read the printed "
        "value (they use a token when its effect helps by the bot's own estimate), so the recomputed numbers are "
        "exact for these bots; a player who would stop using a token once its price changed is not modelled. "
        "The numbers describe the token in these bots' hands, not under perfect play."
    )
    main_rows: list[dict[str, Any]] = []
    mispriced: list[str] = []
    n_paired = 0
    for g in [g for g in groups if g["case"] == main_case]:
        vals = token_values(seats, g["arms"], n_boot=N_BOOT).with_columns(players=pl.lit(g["players"]))
        rows = vals.to_dicts()
        main_rows += rows
        doc.heading(f"Tokens: {g['label']}", 3)
        bad = [r for r in rows if r["mispriced"] and r["effect_modelled"]]
        sentences = [
            f"Token {r['token']} ({info.get(int(r['token']), '')}): printed {r['printed']:+.0f}, fair "
            f"{_pts(r['fair_value'])} {_iv(r['ci_low'], r['ci_high'])}: {_verdict(r)} points; the focal bot "
            f"wins {_pct(r['win_token'])} holding it vs {_pct(r['win_none'])} holding none "
            f"(difference {100 * r['diff']:+.1f} points, Holm p = {r['p_adjusted']:.3g}, n = {r['n']:,} paired games)."
            for r in bad]
        doc.para(f"{len(bad)} of {len(rows)} tokens are mispriced at {g['players']} players.")
        big = sorted(bad, key=lambda r: -abs(r["worth"]))[:1]
        # one answer line for every player count (the box holds a few lines: issue 11)
        mispriced.append(f"{len(bad)} of {len(rows)} at {g['players']} players"
                         + "".join(f" (furthest: token {r['token']} printed {r['printed']:+.0f}, fair "
                                   f"{_pts(r['fair_value'])} {_iv(r['ci_low'], r['ci_high'])})" for r in big))
        n_paired = rows[0]["n"]
        doc.bullets(sentences)
        doc.table(
            ["token", "effect", "printed", "fair value", "95% interval", "worth", "used", "win holding",
             "win none", "difference (pts)", "p (Holm)", "verdict", "effect prestige (95%)", "n"],
            [[r["token"], info.get(int(r["token"]), ""), f"{r['printed']:+.0f}", _pts(r["fair_value"]),
              _iv(r["ci_low"], r["ci_high"]), _pts(r["worth"]), _pct(r["used_share"]), _pct(r["win_token"]),
              _pct(r["win_none"]), f"{100 * r['diff']:+.1f}", f"{r['p_adjusted']:.3g}", _verdict(r),
              f"{_pts(r['effect_prestige'])} {_iv(r['effect_ci_low'], r['effect_ci_high'])}", f"{r['n']:,}"]
             for r in rows])
    if mispriced:
        ctx.answer("Tokens mispriced (Holm over each player count's tokens, paired): " + "; ".join(mispriced)
                   + f"; n = {n_paired:,} paired games per token.", rank=11)
    if main_rows:
        table = pl.DataFrame(main_rows)
        ctx.save(charts.token_values_chart(table), "token_values",
                 "Fair value of each token with 95% intervals next to its printed value")
        _summary(ctx, table, info)
    _robust_cases(ctx, seats, groups, cases, main_rows)
    _robust_enchantments(ctx, seats, [g for g in groups if g["case"] == main_case], game)
    _keep(ctx, seats, [g for g in groups if g["case"] == main_case and g["keep"]], main_rows, info)


def _worth_cell(r: dict[str, Any]) -> str:
    """Worth (printed - fair) with its interval (the fair value's interval, mirrored)."""
    return f"{_pts(r['worth'])} {_iv(r['printed'] - r['ci_high'], r['printed'] - r['ci_low'])}"


def _summary(ctx, table: pl.DataFrame, info: dict[int, str]) -> None:
    """One line per token across player counts."""
    doc = ctx.doc
    doc.heading("Summary across player counts", 3)
    lines = []
    for tok in sorted(set(table["token"].to_list()), key=int):
        part = table.filter(pl.col("token") == tok).sort("players").to_dicts()
        cells = "; ".join(f"{r['players']}p fair {_pts(r['fair_value'])} {_iv(r['ci_low'], r['ci_high'])}"
                          + (" (mispriced)" if r["mispriced"] and r["effect_modelled"] else "") for r in part)
        lines.append(f"Token {tok} ({info.get(int(tok), '')}), printed {part[0]['printed']:+.0f}: {cells}.")
    doc.bullets(lines)
    # In the game every player keeps a token, so a designer compares the tokens with each other:
    # rank them by worth and show the printed value that would give each the median worth.
    players = sorted(set(table["players"].to_list()))
    # tokens whose effect is not modelled are worth their printed value by construction: not ranked
    wide = (table.filter(pl.col("fair_value").is_finite() & pl.col("effect_modelled"))
            .select("token", "players", "printed", "fair_value", "worth", "ci_low", "ci_high"))
    unmodelled = sorted(set(table.filter(~pl.col("effect_modelled"))["token"].to_list()), key=int)
    median = {p: float(wide.filter(pl.col("players") == p)["worth"].median()) for p in players}
    mean_worth = wide.group_by("token").agg(pl.col("worth").mean().alias("mean")).sort("mean", descending=True)
    rows = []
    for tok in mean_worth["token"].to_list():
        part = {r["players"]: r for r in wide.filter(pl.col("token") == tok).to_dicts()}
        rows.append([tok, info.get(int(tok), ""), f"{next(iter(part.values()))['printed']:+.0f}"]
                    + [_worth_cell(part[p]) if p in part else "n/a" for p in players]
                    + [" / ".join(f"{part[p]['fair_value'] + median[p]:+.0f}" if p in part else "n/a"
                                  for p in players)])
    for p in players:
        part = wide.filter(pl.col("players") == p).sort("worth", descending=True).to_dicts()
        if len(part) > 1:
            ctx.answer(f"{p} players, the tokens against each other (worth = printed - fair, what holding it is "
                       f"worth in prestige; median {median[p]:+.1f}): most " + ", ".join(
                           f"token {r['token']} {r['worth']:+.1f}" for r in part[:3]) + "; least " + ", ".join(
                           f"token {r['token']} {r['worth']:+.1f}" for r in part[-2:])
                       + (f"; token {', '.join(map(str, unmodelled))} not ranked (effect not modelled)"
                          if unmodelled else "") + ".", rank=5 + p)
    doc.para("Tokens against each other. In the game every player keeps a token, so what matters to a designer "
             "is how the tokens compare: **worth** (printed - fair, with its 95% interval) is what holding each "
             "is worth over holding none, in prestige-equivalents. The last column is the printed value that "
             "would give each token the median worth at each player count (median "
             + ", ".join(f"{median[p]:+.1f} at {p}p" for p in players)
             + "); it holds the bots' choices fixed, including which token they keep, so it is a starting "
             "point for a re-priced study (setup `token_prestige`), not a final answer.")
    if unmodelled:
        doc.para("Not ranked (" + NOT_MODELLED + "): " + ", ".join(
            f"token {t} ({info.get(int(t), '')})" for t in unmodelled) + ". The bots never profit from these "
            "effects (their effect prestige is exactly 0 in every game), so the study measures only the printed "
            "prestige.")
    doc.table(["token", "effect", "printed"] + [f"worth {p}p (95%)" for p in players]
              + [f"printed for median worth ({'/'.join(f'{p}p' for p in players)})"], rows)


def _robust_cases(ctx, seats, groups, cases, main_rows) -> None:
    """The fair value per bot preset (the ``[[cases]]`` of the study), with a heterogeneity test."""
    if len(cases) < 2:
        return
    per = [{**r, "players": r["players"], "level": cases[0]} for r in main_rows]
    for g in groups:
        if g["case"] == cases[0]:
            continue
        per += [{**r, "players": g["players"], "level": g["case"]}
                for r in token_values(seats, g["arms"], n_boot=N_BOOT_SPLIT).to_dicts()]
    _interaction(ctx, per, "preset", "bot presets",
                 "The same experiment with every seat played by another preset (focal bot "
                 "and field alike). The presets replay the same seeds, so their estimates are positively "
                 "correlated and the test below (which assumes independent estimates) is conservative: a "
                 "dependence it finds is real, and it may miss some.", "token_by_preset")


def _robust_enchantments(ctx, seats, groups, game: str) -> None:
    """The fair value per enchantment (one is drawn at random per game), with a heterogeneity test."""
    names = _enchantments(game)
    games = ctx.results.games
    if not names or "enchantment" not in games.collect_schema().names():
        return
    ench = games.select("variant", "game_id", "enchantment").collect()
    per: list[dict[str, Any]] = []
    for g in groups:
        some_variant = next(iter(g["arms"].values()))[1]
        ids = ench.filter(pl.col("variant") == some_variant)
        for e in sorted(set(ids["enchantment"].to_list())):
            if e < 0:
                continue
            keep = ids.filter(pl.col("enchantment") == e)["game_id"]
            sub = seats.filter(pl.col("game_id").is_in(keep.implode()))
            per += [{**r, "players": g["players"], "level": names[e]}
                    for r in token_values(sub, g["arms"], n_boot=N_BOOT_SPLIT).to_dicts()]
    _interaction(ctx, per, "enchantment", "enchantments",
                 "Each game draws one of the 10 enchantments at random, the same in "
                 "every arm of a seed, so each enchantment's games form a paired sub-study.", "token_by_enchantment")


def _interaction(ctx, per: list[dict[str, Any]], factor: str, heading: str, design: str, chart: str) -> None:
    """Fair value of each token per level of ``factor``, with Cochran's Q per token and player count.

    Replaces the old check that called a level "consistent" unless the verdicts pointed in
    opposite directions (it could not fail with wide intervals): the estimates per level are shown
    with their intervals, and a token "depends on <factor>" when the heterogeneity test rejects
    after a Holm correction over the tokens and player counts tested.
    """
    if not per:
        return
    doc = ctx.doc
    doc.heading(f"Robustness: {heading} (fair value by {factor})", 3)
    keys = sorted({(r["players"], r["token"]) for r in per}, key=lambda k: (k[0], int(k[1])))
    tests = {}
    for k in keys:
        rs = [r for r in per if (r["players"], r["token"]) == k]
        if not any(r.get("effect_modelled", True) for r in rs):
            rs = []  # the bots never profit from it at any level: worth = printed value everywhere
        tests[k] = cochran_q([r["fair_value"] for r in rs], [r["se"] for r in rs]) | {"rows": rs}
    reject, p_adj = adjust([t["p_value"] for t in tests.values()], method="holm")
    depends = []
    rows = []
    for (k, t), rej, pa in zip(tests.items(), reject, p_adj, strict=True):
        players, tok = k
        cells = "; ".join(f"{r['level']} {_pts(r['fair_value'])} {_iv(r['ci_low'], r['ci_high'])}"
                          for r in sorted(t["rows"], key=lambda r: r["fair_value"]))
        if not t["rows"]:
            verdict = NOT_MODELLED
        elif rej:
            verdict = f"**depends on {factor}**"
            depends.append(f"token {tok} at {players}p")
        elif np.isfinite(t["p_value"]):
            verdict = "dependence not shown (inconclusive)"
        else:
            verdict = "no test (fewer than 2 bounded estimates)"
        rows.append([tok, players, f"{t['q']:.1f} on {t['df']} df" if np.isfinite(t["q"]) else "n/a",
                     f"{pa:.3g}" if np.isfinite(pa) else "n/a",
                     f"{100 * t['i2']:.0f}%" if np.isfinite(t["i2"]) else "n/a", verdict, cells])
    doc.para(design + f" For each token and player count: the fair value at each {factor} with its 95% interval "
             "(lowest first), and Cochran's Q heterogeneity test on those estimates (inverse-variance weights "
             "from the intervals; unbounded intervals left out), Holm-corrected over the "
             f"{len(rows)} tests. A token **depends on {factor}** when the corrected test rejects; otherwise its "
             f"dependence is not shown, which is not evidence that it is the same at every {factor}. I² is the "
             "share of the spread beyond chance.")
    doc.para(f"Depends on {factor}: " + (", ".join(depends) + "." if depends else "no token (inconclusive)."))
    doc.table(["token", "players", "Q", "p (Holm)", "I²", "verdict", f"fair value by {factor} (95%)"], rows)
    table = pl.DataFrame([{"token": str(r["token"]) + f" ({r['players']}p)", "level": r["level"],
                           "fair_value": float(r["fair_value"])} for r in per])
    ctx.save(charts.value_heatmap(table, row="token", col="level", value="fair_value",
                                  title=f"Fair value (prestige) of each token by {factor}", unit="prestige"),
             chart, f"Heat map of each token's fair value by {factor}")


def _keep(ctx, seats, groups, main_rows, info) -> None:
    """The keep-1-of-3 choice in the ``fixed_token = -1`` arm."""
    if not groups:
        return
    doc = ctx.doc
    doc.heading("Keeping 1 of 3 tokens", 3)
    doc.para("In the `fixed_token = -1` arm the focal bot is dealt 3 tokens and keeps 1 after the prelude (EK), "
             "choosing by its `tokval_<n>` table; the other seats hold none. Keep share = games it kept the token "
             "/ games it was dealt it; the win rate when kept is selected by the bot's own choice, so it is an "
             "association, not the token's value (that is the fair value above). The study's worth column "
             "(printed - fair) is the table this bot should use instead; the last line of each table gives it "
             "as bot parameters.")
    worth = {(r["players"], r["token"]): r["worth"] for r in main_rows}
    for g in groups:
        k = token_keep(seats, g["keep"]).to_dicts()
        doc.para(f"**{g['label']}**:")
        doc.table(["token", "effect", "dealt", "kept", "keep share (95%)", "used when kept", "win when kept (95%)",
                   "worth (study)"],
                  [[r["token"], info.get(int(r["token"]), ""), f"{r['dealt']:,}", f"{r['kept']:,}",
                    f"{_pct(r['keep_share'])} {_iv(100 * r['keep_ci_low'], 100 * r['keep_ci_high'])}",
                    _pct(r["used_share"]),
                    f"{_pct(r['win_kept'])} {_iv(100 * r['win_ci_low'], 100 * r['win_ci_high'])}"
                    if r["kept"] else "n/a", _pts(worth.get((g["players"], r["token"]), float("nan")))]
                   for r in k])
        none_v = next(iter(g["arms"].values()))[1]
        # the paired change of the focal bot's win rate between two arms (the shared helper)
        d = cull_value(seats, {"keep": (g["keep"], none_v)}).row(0, named=True)
        doc.para(f"Keeping 1 of 3 (vs holding none) changes the focal bot's win rate by {100 * d['diff']:+.1f} "
                 f"points {_iv(100 * d['ci_low'], 100 * d['ci_high'])} over {d['n']:,} paired games.")
        table = ", ".join(f"tokval_{t} = {round(worth[(g['players'], t)], 1)}"
                          for t in sorted(t for (p, t) in worth if p == g["players"])
                          if np.isfinite(worth[(g["players"], t)]))
        doc.code(f"params = {{ {table} }}", "toml")
