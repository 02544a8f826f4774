"""A study's report: ``report.md`` and a self-contained ``index.html`` with PNG charts beside them.

:func:`render_report` reads a results directory (tables + ``manifest.json``), runs the analyses
the scenario asked for (its ``analyses`` list, stored in the manifest) through
:mod:`simlab.analysis`, and writes the same document twice, as Markdown and as HTML. Every
headline number is printed with its 95% interval and n, next to a plain-language sentence; a
difference is only called real when its interval excludes zero (after the correction the sentence
names, where many comparisons are made).

Sections (``analyses`` names):

- ``winrates``: win rate by bot and variant, compared with the fair share 1/players
  (Bonferroni-corrected intervals over all the comparisons made).
- ``seats``: seat advantage, game lengths, end reasons.
- ``matchups``: bot-vs-opponent matrix and Bradley-Terry ratings.
- ``cards``: card metrics ranked by IWD (top and bottom tables).
- ``card_effects``: the causal in/out experiment of a ``[card_effects]`` scenario (Holm).
- ``culling``: the Quarriors culling study (:mod:`simlab.report.culling`).
- ``tokens``: the Seasons special-ability token study (:mod:`simlab.report.tokens`).

A game may add its own sections beside its rules (design guide section 6): the
``REPORT_SECTIONS`` of ``simlab.games.<game>.studies`` (:func:`game_sections`), e.g. Ashes'
``ashes_decks`` and ``ashes_card_value``; they render first, right after the title.
"""

from __future__ import annotations

import html
import math
import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from statistics import NormalDist
from typing import Any

import numpy as np
import polars as pl

from simlab.analysis.stats import WIN_RATE_MARGIN
from simlab.report import charts, firstscreen

__all__ = ["render_report", "check_report_target", "SECTIONS", "AnalysisUnavailable"]

SECTIONS = ("winrates", "seats", "matchups", "cards", "card_effects", "culling", "tokens")
DEFAULT_SECTIONS = ("winrates", "seats")
ALPHA = 0.05
ALL_CARDS_MAX = 100  # the cards section lists every card when a game has at most this many
WIN_MARGIN = WIN_RATE_MARGIN  # equivalence margin of win rates and their differences
MARGIN_WORDS = f"{100 * WIN_MARGIN:g} point"


class AnalysisUnavailable(RuntimeError):
    """A function of :mod:`simlab.analysis` that a section needs is not installed."""


def _analysis(name: str) -> Callable[..., Any]:
    import simlab.analysis as analysis

    fn = getattr(analysis, name, None)
    if fn is None:
        raise AnalysisUnavailable(f"simlab.analysis.{name} is not available in this installation")
    return fn


# --------------------------------------------------------------------------------------------
# Number formatting


def pct(x: float | None, digits: int = 1) -> str:
    """0.5412 -> ``54.1%``."""
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "n/a"
    return f"{100 * x:.{digits}f}%"


def interval(lo: float | None, hi: float | None, *, scale: float = 100.0, digits: int = 1) -> str:
    """``(53.8-54.4)``; ``(-1.2 to 3.4)`` when a bound is negative."""
    if lo is None or hi is None or math.isnan(lo) or math.isnan(hi):
        return "(n/a)"
    a, b = f"{scale * lo:.{digits}f}", f"{scale * hi:.{digits}f}"
    return f"({a} to {b})" if lo < 0 or hi < 0 else f"({a}-{b})"


def count(n: float | int | None) -> str:
    """200000 -> ``200,000``."""
    if n is None or (isinstance(n, float) and math.isnan(n)):
        return "n/a"
    return f"{int(round(n)):,}"


def points(x: float | None, digits: int = 1) -> str:
    """A difference of proportions in percentage points with its sign: ``+3.2 pts``."""
    if x is None or math.isnan(x):
        return "n/a"
    return f"{100 * x:+.{digits}f} pts"


def equivalence_words(v: dict[str, Any], margin: str) -> str:
    """The words for a non-different result (``equivalence_verdict``): "within +-margin" only when
    the equivalence test (TOST) shows it, else "inconclusive" with the games that would settle it."""
    if v["verdict"] == "equivalent":
        return f"within ±{margin} (equivalence test, TOST p = {_num(v['p_tost'])})"
    needed = (f"; about {count(v['games_needed'])} games would settle ±{margin} (at 80% power "
              "if the true difference is 0)") if v.get("games_needed") else ""
    return f"inconclusive: neither a difference nor equivalence within ±{margin} is shown{needed}"


def pairing_words(reductions: Sequence[float]) -> str:
    """How much of the variance pairing on the same seeds removed, over a study's comparisons
    (``variance_reduction`` of :func:`~simlab.analysis.stats.paired_difference`), as a sentence."""
    v = np.asarray([x for x in reductions if x is not None and np.isfinite(x)], float)
    if not v.size:
        return ""
    return (f"Pairing on the same seeds removed {100 * np.median(v):.0f}% of the variance an unpaired "
            f"comparison would have (median over {v.size} comparisons; {100 * v.min():.0f}-{100 * v.max():.0f}%), "
            f"so each interval is {100 * (1 - np.sqrt(1 - np.median(v))):.0f}% narrower than unpaired.")


def _num(x: Any, digits: int = 3) -> str:
    if x is None:
        return ""
    if isinstance(x, bool):
        return "yes" if x else "no"
    if isinstance(x, int):
        return f"{x:,}"
    if isinstance(x, float):
        if math.isnan(x):
            return "n/a"
        return f"{x:.{digits}g}" if abs(x) < 1e-3 and x != 0 else f"{x:,.{digits}f}"
    return str(x)


# --------------------------------------------------------------------------------------------
# A tiny document model written as Markdown and as HTML


@dataclass
class Doc:
    """Blocks of a report: headings, paragraphs, bullet lists, tables, images, code."""

    blocks: list[tuple[str, Any]] = field(default_factory=list)

    def heading(self, text: str, level: int = 2) -> None:
        self.blocks.append(("h", (level, text)))

    def para(self, text: str) -> None:
        self.blocks.append(("p", text))

    def bullets(self, items: Sequence[str]) -> None:
        if items:
            self.blocks.append(("ul", list(items)))

    def table(self, headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        self.blocks.append(("table", (list(headers), [[str(c) for c in r] for r in rows])))

    def image(self, file: str, alt: str) -> None:
        self.blocks.append(("img", (file, alt)))

    def code(self, text: str, lang: str = "") -> None:
        self.blocks.append(("code", (text, lang)))

    def answer(self, question: str, sentences: Sequence[str], notes: Sequence[str]) -> None:
        """The box at the top of the page: the question, the answer sentences, then notes (n,
        first-player advantage, the caveat)."""
        self.blocks.append(("answer", (question, list(sentences), list(notes))))

    def details(self, summary: str, inner: Doc) -> None:
        """A collapsed part (HTML ``<details>``; GitHub's Markdown renders it the same way)."""
        self.blocks.append(("details", (summary, inner)))

    def markdown(self) -> str:
        out: list[str] = []
        for kind, val in self.blocks:
            if kind == "answer":
                q, sentences, notes = val
                out.append("\n".join([f"> **Question:** {q}", ">", "> **Answer:**", ">"]
                                     + [f"> - {t}" for t in sentences] + [">"] + [f"> {t}  " for t in notes]))
                continue
            if kind == "details":
                out.append(f"<details><summary>{html.escape(val[0])}</summary>\n\n{val[1].markdown()}\n</details>")
                continue
            if kind == "ul" and len(val) > LONG_LIST:
                out.append(f"<details><summary>{len(val)} lines (click to open)</summary>\n\n"
                           + "\n".join(f"- {item}" for item in val) + "\n\n</details>")
                continue
            if kind == "h":
                out.append("#" * val[0] + " " + val[1])
            elif kind == "p":
                out.append(val)
            elif kind == "ul":
                out.append("\n".join(f"- {item}" for item in val))
            elif kind == "table":
                headers, rows = val
                esc = [[c.replace("|", "\\|") for c in r] for r in [headers, *rows]]
                lines = ["| " + " | ".join(esc[0]) + " |", "|" + "---|" * len(headers)]
                lines += ["| " + " | ".join(r) + " |" for r in esc[1:]]
                out.append("\n".join(lines))
            elif kind == "img":
                out.append(f"![{val[1]}]({val[0]})")
            elif kind == "code":
                fence = "```"
                while fence in val[0]:
                    fence += "`"
                out.append(f"{fence}{val[1]}\n{val[0].rstrip()}\n{fence}")
        return "\n\n".join(out) + "\n"

    def html(self, title: str) -> str:
        return (
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{html.escape(title)}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n"
            + self.html_body()
            + f"\n<script>{_JS}</script>\n</body>\n</html>\n"
        )

    def html_body(self) -> str:
        e = html.escape
        body: list[str] = []
        for kind, val in self.blocks:
            if kind == "answer":
                q, sentences, notes = val
                body.append('<section id="answer" class="answer">'
                            f"<p class=\"question\"><strong>Question:</strong> {_inline_html(q)}</p>"
                            "<p><strong>Answer:</strong></p><ul>"
                            + "".join(f"<li>{_inline_html(t)}</li>" for t in sentences) + "</ul>"
                            + "".join(f'<p class="note">{_inline_html(t)}</p>' for t in notes) + "</section>")
                continue
            if kind == "details":
                body.append(f"<details><summary>{e(val[0])}</summary>{val[1].html_body()}</details>")
                continue
            if kind == "ul" and len(val) > LONG_LIST:
                body.append(f"<details><summary>{len(val)} lines (click to open)</summary><ul>"
                            + "".join(f"<li>{_inline_html(i)}</li>" for i in val) + "</ul></details>")
                continue
            if kind == "h":
                body.append(f"<h{val[0]}>{e(val[1])}</h{val[0]}>")
            elif kind == "p":
                body.append(f"<p>{_inline_html(val)}</p>")
            elif kind == "ul":
                body.append("<ul>" + "".join(f"<li>{_inline_html(i)}</li>" for i in val) + "</ul>")
            elif kind == "table":
                headers, rows = val
                head = "".join(f'<th title="click to sort">{e(h)}</th>' for h in headers)
                trs = "".join("<tr>" + "".join(f"<td>{_inline_html(c)}</td>" for c in r) + "</tr>" for r in rows)
                # long tables get a filter box (the script below wires it and the sorting)
                filt = ('<input class="filter" type="search" placeholder="filter rows: words all present, '
                        'e.g. 2p, or n>=1000">' if len(rows) > FILTER_ROWS else "")
                body.append(f'{filt}<table class="sortable"><thead><tr>{head}</tr></thead>'
                            f"<tbody>{trs}</tbody></table>")
            elif kind == "img":
                body.append(f'<figure><img src="{e(val[0])}" alt="{e(val[1])}"></figure>')
            elif kind == "code":
                body.append(f"<pre><code>{e(val[0])}</code></pre>")
        return "\n".join(body)


LONG_LIST = 12    # bullet lists longer than this are collapsed (per-variant listings)
FILTER_ROWS = 10  # tables longer than this get a filter box

# Sorting and filtering without a server (the page stays one self-contained file): a click on a
# header sorts by that column (numbers by their first number, "n/a" last; a second click reverses);
# the filter keeps rows containing every word typed; a term "col>=x" (or <=, >, <) compares a column
# (named by the start of its header) as a number, e.g. "n>=1000".
_JS = r"""
(function(){
function num(t){var m=t.replace(/,/g,'').match(/[-+]?\d*\.?\d+(e[-+]?\d+)?/i);return m?parseFloat(m[0]):NaN;}
document.querySelectorAll('table.sortable').forEach(function(tb){
  var ths=tb.tHead.rows[0].cells;
  Array.prototype.forEach.call(ths,function(th,i){th.addEventListener('click',function(){
    var rows=Array.prototype.slice.call(tb.tBodies[0].rows),asc=th.dataset.dir!=='asc';
    Array.prototype.forEach.call(ths,function(h){delete h.dataset.dir;});th.dataset.dir=asc?'asc':'desc';
    rows.sort(function(a,b){var x=a.cells[i].textContent,y=b.cells[i].textContent,nx=num(x),ny=num(y),c;
      if(!isNaN(nx)&&!isNaN(ny))c=nx-ny;else if(!isNaN(nx))return -1;else if(!isNaN(ny))return 1;
      else c=x.localeCompare(y);return asc?c:-c;});
    rows.forEach(function(r){tb.tBodies[0].appendChild(r);});});});
  var f=tb.previousElementSibling;
  if(f&&f.classList.contains('filter'))f.addEventListener('input',function(){
    var terms=f.value.toLowerCase().split(/\s+/).filter(Boolean);
    Array.prototype.forEach.call(tb.tBodies[0].rows,function(r){
      var text=r.textContent.toLowerCase(),ok=terms.every(function(t){
        var m=t.match(/^([^<>=]+)(>=|<=|>|<)([-+.\d]+)$/);
        if(m){for(var i=0;i<ths.length;i++){if(ths[i].textContent.toLowerCase().indexOf(m[1])===0){
          var v=num(r.cells[i].textContent),w=parseFloat(m[3]);
          return m[2]==='>='?v>=w:m[2]==='<='?v<=w:m[2]==='>'?v>w:v<w;}}return false;}
        return text.indexOf(t)>=0;});
      r.style.display=ok?'':'none';});});
});})();
"""


_CSS = (
    "body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;"
    "line-height:1.45;color:#222}table{border-collapse:collapse;margin:1rem 0;font-size:.9rem}"
    "th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left}th{background:#f3f3f3}"
    "pre{background:#f6f6f6;padding:.75rem;overflow-x:auto}img{max-width:100%}"
    "code{background:#f6f6f6}"
    ".answer{background:#fff4cc;border:2px solid #e0b400;padding:.5rem 1rem;margin:1rem 0}"
    ".answer .note{font-size:.9rem;margin:.3rem 0}th{cursor:pointer}th[data-dir=asc]::after{content:' ▲'}"
    "th[data-dir=desc]::after{content:' ▼'}input.filter{margin-top:.5rem;width:30rem;max-width:100%}"
    "details{margin:.5rem 0}summary{cursor:pointer;color:#0645ad}"
)


def _inline_html(text: str) -> str:
    """Escape, then render Markdown ``**bold**`` and ``code`` spans."""
    out = html.escape(text)
    out = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", out)
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", out)


# --------------------------------------------------------------------------------------------
# Context shared by the sections


@dataclass
class _Ctx:
    results: Any
    manifest: dict[str, Any]
    out_dir: Path
    doc: Doc
    charts: list[str] = field(default_factory=list)
    answers: list[tuple[int, str]] = field(default_factory=list)
    results_dir: Path | None = None  # where the tables are (the robustness section finds the levels beside it)

    def answer(self, text: str, rank: int = 50) -> None:
        """Offer a sentence for the answer box at the top (lower rank first; the best few are shown)."""
        self.answers.append((rank, text))

    def save(self, fig, name: str, alt: str) -> None:
        file = f"{name}.png"
        fig.savefig(self.out_dir / file, dpi=100)
        self.charts.append(file)
        self.doc.image(file, alt)

    @property
    def variants(self) -> list[dict[str, Any]]:
        return list(self.manifest.get("variants", []))

    def game_quality(self, groups: Mapping[str, str], group_header: str, heading: str | None = None) -> None:
        """Render the game-quality figures pooled by group (variant label -> group label, e.g.
        the player count and board set): one table row per group, the kingmaker column at 3 or
        more seats. Nothing when the results keep no per-round scores."""
        if not _analysis("has_rounds")(self.results.games):
            return
        q = _analysis("game_quality")(self.results.games, self.results.seats, groups=dict(groups))
        order = list(dict.fromkeys(groups.values()))
        rows = sorted(q.to_dicts(), key=lambda r: order.index(r["variant"]) if r["variant"] in order else len(order))
        _quality_part(self, rows, group_header, heading or "Game quality", level=3)

    def players_of(self, label: str) -> int | None:
        for v in self.variants:
            if v.get("label") == label:
                return v.get("players")
        return None

    def bots_of(self, label: str) -> list[str]:
        for v in self.variants:
            if v.get("label") == label:
                return list(v.get("bots", []))
        return []


def _game_word(ctx: _Ctx, key: str, default: str) -> str:
    """A word the game gives its reports (``score_unit``, ``first_round_verb``): from the manifest,
    else (results written before the manifest kept it) from the registered game, else ``default``."""
    game = ctx.manifest.get("game") or {}
    if key in game:
        return str(game[key])
    try:
        from simlab.games import get_game
        return str(getattr(get_game(game.get("name", "")), key, default))
    except Exception:  # a game not registered here (a user's module): the generic word
        return default


def _ci(successes, trials, alpha: float) -> tuple[float, float]:
    lo, hi = _analysis("proportion_ci")(successes, trials, alpha=alpha)
    return float(np.asarray(lo)), float(np.asarray(hi))


def _variant_means(rows: list[dict[str, Any]]) -> dict[str, float]:
    """Average win rate of a seat-game in each variant (1/players when no game is drawn)."""
    wins: dict[str, float] = {}
    n: dict[str, float] = {}
    for r in rows:
        wins[r["variant"]] = wins.get(r["variant"], 0.0) + float(r["wins"])
        n[r["variant"]] = n.get(r["variant"], 0.0) + float(r["n"])
    return {v: wins[v] / n[v] for v in wins if n[v] > 0}


def _fair_verdict(rows: list[dict[str, Any]], fair_of: Callable[[dict], float | None], what: str) -> list[str]:
    """For each row (wins, n), whether its win rate differs from the fair share: the interval is
    Bonferroni-corrected over all rows compared (alpha / m), and only a corrected interval that
    excludes the fair share counts as a difference."""
    tested = [r for r in rows if fair_of(r) is not None and r["n"] > 0]
    m = max(1, len(tested))
    alpha = ALPHA / m
    out = []
    for r in tested:
        fair = fair_of(r)
        p = r["wins"] / r["n"]
        se = r.get("se") if r.get("se") is not None else math.sqrt(max(p * (1 - p), 1e-12) / r["n"])
        if r.get("games", r["n"]) < r["n"]:
            # several seats of one game (a bot in two seats): game-clustered normal interval (win_rates)
            z = NormalDist().inv_cdf(1 - alpha / 2)
            lo, hi = max(0.0, p - z * se), min(1.0, p + z * se)
        else:
            lo, hi = _ci(r["wins"], r["n"], alpha)
        name = what.format(**r)
        corrected = (f"Bonferroni-corrected {100 * (1 - alpha):.{1 if m < 20 else 2}f}% interval "
                     f"{interval(lo, hi)}, m={m} comparisons")
        if lo > fair:
            out.append(f"{name}: **above** the fair share of {pct(fair)} ({corrected}, excludes it).")
        elif hi < fair:
            out.append(f"{name}: **below** the fair share of {pct(fair)} ({corrected}, excludes it).")
        else:
            # "fair" only from an equivalence test at the same corrected level, never from "includes it"
            v = _analysis("equivalence_verdict")(p - fair, se, r["n"], WIN_MARGIN, alpha=alpha, different=False)
            out.append(f"{name}: fair share {pct(fair)} {interval(lo, hi)}, "
                       f"{equivalence_words(v, MARGIN_WORDS)}.")
    return out


_FAIR_NOTE = ("The fair share is the average win rate of all seats in the variant (1/players, less any "
              "drawn games). A difference is claimed only when the corrected interval excludes it; \"within "
              "±1 point\" only when an equivalence test (TOST, same corrected level) shows it; otherwise the "
              "result is inconclusive.")


# --------------------------------------------------------------------------------------------
# Sections


def _section_winrates(ctx: _Ctx) -> None:
    doc = ctx.doc
    doc.heading("Win rate by bot and variant")
    table = _analysis("win_rates")(ctx.results.seats, by=("variant", "bot"))
    rows = table.to_dicts()
    sentences = []
    for r in rows:
        bots = ctx.bots_of(r["variant"])
        opponents = [b for b in dict.fromkeys(bots) if b != r["bot"]]
        seats_played = bots.count(r["bot"]) or 1
        unit = "games" if seats_played == 1 else "seat-games"
        base = (f"{r['bot']} wins {pct(r['win_rate'])} {interval(r['ci_low'], r['ci_high'])} of "
                f"{count(r['n'])} {unit}")
        if opponents:
            base += f" against {' and '.join(opponents)}"
        else:
            base += " (every seat plays it: the fair share by construction)"
        if len(ctx.variants) > 1:
            base += f" [{r['variant']}]"
        sentences.append(base + ".")
    doc.bullets(sentences)

    means = _variant_means(rows)

    def fair(r):
        if len(set(ctx.bots_of(r["variant"]))) <= 1:
            return None
        return means.get(r["variant"])

    mixed = [r for r in rows if fair(r) is not None and r["n"] > 0]
    if mixed:
        top = max(mixed, key=lambda r: r["win_rate"] - fair(r))
        opp = [b for b in dict.fromkeys(ctx.bots_of(top["variant"])) if b != top["bot"]]
        ctx.answer(f"Strongest bot against its fair share: {top['bot']} wins {pct(top['win_rate'])} "
                   f"{interval(top['ci_low'], top['ci_high'])} against {' and '.join(opp)} (fair "
                   f"{pct(fair(top))}, n = {count(top['n'])})" + (f" [{top['variant']}]" if len(ctx.variants) > 1
                                                                  else "") + ".", rank=60)
    verdicts = _fair_verdict(rows, fair, "{bot} [{variant}]")
    if verdicts:
        doc.para("Is any bot stronger than its fair share? " + _FAIR_NOTE)
        doc.bullets(verdicts)
    doc.table(
        ["variant", "bot", "win rate", "95% interval", "n (seats)", "wins"],
        [[r["variant"], r["bot"], pct(r["win_rate"]), interval(r["ci_low"], r["ci_high"]), count(r["n"]),
          _num(float(r["wins"]), 1)] for r in rows],
    )
    ctx.save(charts.win_rate_chart(table), "winrates", "Win rate by bot and variant with 95% intervals")


def _section_seats(ctx: _Ctx) -> None:
    doc = ctx.doc
    doc.heading("Seat advantage")
    table = _analysis("seat_advantage")(ctx.results.seats)
    rows = table.to_dicts()
    for r in rows:
        r.setdefault("wins", r["win_rate"] * r["n"])
    doc.bullets([
        f"seat {r['seat']} wins {pct(r['win_rate'])} {interval(r['ci_low'], r['ci_high'])} of {count(r['n'])} "
        f"games" + (f" [{r['variant']}]" if len(ctx.variants) > 1 else "") + "."
        for r in rows
    ])
    if ctx.manifest.get("rotate_seats", True):
        doc.para("Seats were rotated (seat s of game g plays bot row (s + g) mod players), so every bot "
                 "sits in every seat equally often and seat effects are not confounded with bot strength.")

    means = _variant_means(rows)
    doc.para("Does any seat win more than its fair share? " + _FAIR_NOTE)
    doc.bullets(_fair_verdict(rows, lambda r: means.get(r["variant"]), "seat {seat} [{variant}]"))
    doc.table(
        ["variant", "seat", "win rate", "95% interval", "n (games)"],
        [[r["variant"], r["seat"], pct(r["win_rate"]), interval(r["ci_low"], r["ci_high"]), count(r["n"])]
         for r in rows],
    )
    ctx.save(charts.seat_advantage_chart(table, fair=means), "seats", "Win rate by seat with 95% intervals")

    doc.heading("Game length")
    # in rounds (every player's turn once) where the game keeps them: a designer's unit, the
    # same at every player count; else in turns of all players together
    by_rounds = _analysis("has_rounds")(ctx.results.games)
    unit = "rounds" if by_rounds else "turns"
    lengths = _analysis("game_lengths")(ctx.results.games, column=unit)
    sentences, trows = [], []
    for r in lengths.to_dicts():
        n, mean, sd = r["n"], r["mean_turns"], r["sd_turns"]
        half = 1.96 * sd / math.sqrt(n) if n and sd is not None and not math.isnan(sd) else float("nan")
        mean_ci = f"({mean - half:.2f}-{mean + half:.2f})"
        sentences.append(
            f"games last {mean:.2f} {unit} on average {mean_ci} over {count(n)} games; 80% of games take "
            f"{_num(r['p10'], 0)}-{_num(r['p90'], 0)} {unit} (median {_num(r['p50'], 0)})"
            + (f" [{r['variant']}]" if len(ctx.variants) > 1 else "") + "."
        )
        trows.append([r["variant"], f"{mean:.2f}", mean_ci, f"{sd:.2f}", _num(r["p10"], 0), _num(r["p50"], 0),
                      _num(r["p90"], 0), count(n)])
    doc.bullets(sentences)
    doc.table(["variant", f"mean {unit}", "95% interval of the mean", "sd", "p10", "median", "p90", "n (games)"],
              trows)
    ctx.save(charts.game_length_chart(ctx.results.games, column=unit), "game_length",
             f"Histogram of game length in {unit}")
    if by_rounds:
        _game_quality(ctx)

    doc.heading("How games end")
    labels = list(ctx.manifest.get("game", {}).get("end_reasons", []))
    reasons = _analysis("end_reasons")(ctx.results.games, labels)
    rrows = reasons.to_dicts()
    totals: dict[str, int] = {}
    for r in rrows:
        totals[r["variant"]] = totals.get(r["variant"], 0) + r["n"]
    doc.bullets([
        f"{pct(r['share'])} {interval(r['ci_low'], r['ci_high'])} of {count(totals[r['variant']])} games end by "
        f"{r['end_reason']}" + (f" [{r['variant']}]" if len(ctx.variants) > 1 else "") + "."
        for r in rrows
    ])
    doc.table(
        ["variant", "end reason", "share", "95% interval", "games", "n (all games)"],
        [[r["variant"], r["end_reason"], pct(r["share"]), interval(r["ci_low"], r["ci_high"]), count(r["n"]),
          count(totals[r["variant"]])] for r in rrows],
    )


def _quality_part(ctx: _Ctx, rows: list[dict[str, Any]], group_header: str, heading: str,
                  many: bool = True, level: int = 2) -> None:
    """The game-quality bullets, their definitions and one table row per variant or group."""
    doc = ctx.doc
    doc.heading(heading, level)
    unit = _game_word(ctx, "score_unit", "points")
    doc.bullets([
        f"the winner's final margin over the runner-up is {r['margin']:.2f} {unit} ({r['margin_low']:.2f}-"
        f"{r['margin_high']:.2f}) and the sole leader changes {r['lead_changes']:.2f} times a game; the winner "
        f"takes the lead for good in round {r['lead_round']:.2f} on average, only in the second half in "
        f"{pct(r['late_lead'])} {interval(r['late_lead_low'], r['late_lead_high'])}, never trails in "
        f"{pct(r['never_behind'])} {interval(r['never_behind_low'], r['never_behind_high'])} of "
        f"{count(r['decided'])} decided games, and comes back (behind at the end of the middle round) in "
        f"{pct(r['comeback'])} {interval(r['comeback_low'], r['comeback_high'])} of {count(r['comeback_n'])}"
        + (f" [{r['variant']}]" if many else "") + "."
        for r in rows])
    kings = [r for r in rows if r.get("kingmaker_n")]
    doc.bullets([
        f"at {count(r['kingmaker_n'])} decided games of 3 or more seats, the last round begins in a kingmaker "
        f"position in {pct(r['kingmaker'])} {interval(r['kingmaker_low'], r['kingmaker_high'])}: the seat that "
        "finishes last cannot catch up while the first two are within one round's gain of each other"
        + (f" [{r['variant']}]" if many else "") + "." for r in kings])
    doc.para(f"Scores ({unit}) are taken at the end of each round (every player has had a turn); a round "
             "where two seats share the top score has no leader and changes nothing."
             + (" A kingmaker position is a proxy read from the scores (the last seat out of reach of the "
                "lead by more than the game's largest one-round gain, the first two at most that far apart "
                "as the last round begins), not a measurement of what the last player did." if kings else ""))
    doc.table([group_header, "rounds", f"margin ({unit})", "lead changes", "lead for good from round",
               "lead taken late", "never behind", "comeback", "kingmaker position", "n (games)"],
              [[r["variant"], f"{r['rounds']:.2f}", f"{r['margin']:.2f} ({r['margin_low']:.2f}-{r['margin_high']:.2f})",
                f"{r['lead_changes']:.2f}", f"{r['lead_round']:.2f}", pct(r["late_lead"]), pct(r["never_behind"]),
                f"{pct(r['comeback'])} {interval(r['comeback_low'], r['comeback_high'])}",
                (f"{pct(r['kingmaker'])} {interval(r['kingmaker_low'], r['kingmaker_high'])}"
                 if r.get("kingmaker_n") else "-"), count(r["n"])]
               for r in rows])


def _game_quality(ctx: _Ctx) -> None:
    """Margin, lead changes, when the winner took the lead, comebacks, and the score curves."""
    many = len(ctx.variants) > 1
    q = _analysis("game_quality")(ctx.results.games, ctx.results.seats)
    _quality_part(ctx, q.to_dicts(), "variant", "Game quality", many=many)
    first = ctx.variants[0]["label"] if ctx.variants else None
    if _score_curves(ctx, first, "seat", "score_curves"):
        ctx.doc.para(f"The score curves show {'the first variant, ' + repr(first) + ', and ' if many else ''}the "
                     "rounds that at least half of the games reach; a round's mean is over the games still going.")
    if first and len(set(ctx.bots_of(first))) > 1:  # several bots at the table: their curves too
        _score_curves(ctx, first, "bot", "score_curves_bots")


def _score_curves(ctx: _Ctx, variant: str | None, by: str, name: str) -> bool:
    """Chart the mean score by round and ``by`` (seat or bot) over the rounds at least half the
    games reach, for one variant (all when None); whether there was anything to draw."""
    curves = _analysis("score_curves")(ctx.results.seats, variants=[variant] if variant else None, by=(by,))
    if curves.is_empty():
        return False
    shown = curves.filter(pl.col("n") >= int(curves["n"].max()) / 2)
    ctx.save(charts.score_curve_chart(shown, label=by, unit=_game_word(ctx, "score_unit", "points")), name,
             f"Mean score at the end of each round by {by}, 95% intervals")
    return True


def _section_matchups(ctx: _Ctx) -> None:
    doc = ctx.doc
    doc.heading("Matchups")
    matrix = _analysis("matchup_matrix")(ctx.results.seats)
    rows = matrix.to_dicts()
    if not [r for r in rows if r["bot"] != r["opponent"]]:
        doc.para("No game of this study seats two different bots, so there are no matchups to report.")
    doc.bullets([
        f"{r['bot']} wins {pct(r['win_rate'])} {interval(r['ci_low'], r['ci_high'])} of {count(r['n'])} games "
        f"against {r['opponent']}" + (f" [{r['variant']}]" if len(ctx.variants) > 1 else "") + "."
        for r in rows if r["bot"] != r["opponent"]
    ])
    doc.table(
        ["variant", "bot", "opponent", "win rate", "95% interval", "n"],
        [[r["variant"], r["bot"], r["opponent"], pct(r["win_rate"]), interval(r["ci_low"], r["ci_high"]),
          count(r["n"])] for r in rows],
    )
    variants = list(dict.fromkeys(matrix["variant"].to_list())) if "variant" in matrix.columns else [None]
    if matrix.is_empty():
        variants = []
    for i, v in enumerate(variants[:4]):
        ctx.save(charts.matchup_heatmap(matrix, variant=v), f"matchups_{i}", f"Matchup win rates {v or ''}")
    if len(variants) > 4:
        doc.para(f"Heatmaps are drawn for the first 4 of {len(variants)} variants; the table has them all.")

    doc.heading("Bradley-Terry ratings", 3)
    bt = _analysis("bradley_terry")(ctx.results.seats)
    brows = bt.to_dicts()
    doc.para("Bradley-Terry strengths fitted to every game of the study (log-odds scale; only differences "
             "between ratings mean anything). Two bots differ only if their intervals do not overlap "
             "(a conservative check).")
    if len(brows) > 1:
        order = sorted(brows, key=lambda r: -r["rating"])
        ctx.answer("Bradley-Terry ranking (log-odds, 95% interval): " + ", ".join(
            f"{r['bot']} {_num(r['rating'], 2)} {interval(r['ci_low'], r['ci_high'], scale=1.0, digits=2)}"
            for r in order) + f"; over {count(max(r['games'] for r in brows))} games.", rank=10)
    doc.table(
        ["bot", "rating", "95% interval", "games"],
        [[r["bot"], _num(r["rating"], 3), interval(r["ci_low"], r["ci_high"], scale=1.0, digits=3), count(r["games"])]
         for r in brows],
    )


_CARD_COLUMNS = (
    ("games_available", "games available", count),
    ("availability", "availability", pct),
    ("acquired_rate", "acquired", pct),
    ("played_per_game", "played/game", lambda x: _num(x, 2)),
    ("n_acquired", "n acquired", count),
    ("win_rate_acquired", "win rate if acquired", pct),
    ("win_rate_not_acquired", "win rate if not", pct),
)


def _card_rows(df: pl.DataFrame, verb: str = "played") -> tuple[list[str], list[list[str]]]:
    """Table rows of card metrics; ``verb`` names what the game's ``first_round`` times."""
    timing = (("used_rate", f"{verb} if acquired", pct),
              ("first_round_mean", f"round first {verb}", lambda x: _num(x, 1)),
              ("pick_mean", "draft pick (1 = first)", lambda x: _num(x, 1)))
    cols = [c for c in _CARD_COLUMNS + timing if c[0] in df.columns]
    headers = ["card"] + [c[1] for c in cols] + ["IWD", "95% interval"]
    rows = []
    for r in df.to_dicts():
        rows.append([r["card"]] + [fmt(r[c]) for c, _, fmt in cols]
                    + [points(r["iwd"]), interval(r.get("iwd_ci_low"), r.get("iwd_ci_high"))])
    return headers, rows


def _section_cards(ctx: _Ctx, top: int = 10) -> None:
    doc = ctx.doc
    doc.heading("Cards")
    metrics = _analysis("card_metrics")(ctx.results.seats, ctx.results.cards)
    verb = _game_word(ctx, "first_round_verb", "played")
    if verb == "bought" and "used_rate" in metrics.columns:
        metrics = metrics.drop("used_rate")  # buying is acquiring: the share is 100% by construction
    ranked = _analysis("rank_cards")(metrics, by="iwd")
    doc.para(
        "IWD (improvement when drawn/acquired) is the win rate of seats that acquired the card minus the win "
        "rate of seats that did not, in percentage points. It is a screening statistic, not a causal "
        "effect: strong bots and long games acquire more cards. Intervals are 95% and **uncorrected**; "
        "with many cards, about 5% of them exclude zero by chance alone. Use a `[card_effects]` study "
        "for causal claims."
    )
    if "first_round_mean" in metrics.columns:
        doc.para(f"\"Round first {verb}\" is the mean round in which a seat first {verb} the card, over the "
                 f"seats that did" + (f"; \"{verb} if acquired\" is the share of the seats that acquired it "
                                      f"(drew, drafted or took it) that {verb} it at least once, the rest held it"
                                      if verb != "bought" else "")
                 + ("; \"draft pick\" is the card's mean place in the prelude draft (1 = picked first) over the "
                    "seats that drafted it" if "pick_mean" in metrics.columns else "") + ".")
    variants = list(dict.fromkeys(ranked["variant"].to_list())) if "variant" in ranked.columns else [None]
    for i, v in enumerate(variants[:3]):
        part = ranked.filter(pl.col("variant") == v) if v is not None else ranked
        part = part.sort(pl.col("iwd").fill_nan(None), descending=True, nulls_last=True)
        if v is not None and len(variants) > 1:
            doc.heading(f"Cards: {v}", 3)
        n_cards = part.filter(pl.col("iwd").is_not_null() & pl.col("iwd").is_not_nan()).height
        if n_cards < part.height:
            doc.para(f"{part.height - n_cards} of {part.height} cards have no IWD (never acquired, or "
                     "acquired by every seat that could): they are listed last.")
        # numpy, not polars: polars orders NaN above every number (a card with no IWD is no finding)
        excl = int(_analysis("excludes")(part["iwd_ci_low"].to_numpy(), part["iwd_ci_high"].to_numpy()).sum())
        doc.para(f"{n_cards} cards with an IWD; {excl} have a 95% interval that excludes zero "
                 f"(about {0.05 * n_cards:.1f} would by chance if no card mattered).")
        if n_cards:
            best = part.row(0, named=True)
            worst = part.row(n_cards - 1, named=True)
            doc.para(f"Highest IWD: {best['card']} at {points(best['iwd'])} "
                     f"{interval(best['iwd_ci_low'], best['iwd_ci_high'])} over "
                     f"{count(best.get('games_available'))} games where it was available.")
            ctx.answer(("" if v is None or len(variants) == 1 else f"[{v}] ")
                       + f"Highest IWD (seats that acquired it vs not; observational): {best['card']} "
                       f"{points(best['iwd'])} {interval(best['iwd_ci_low'], best['iwd_ci_high'])}; lowest "
                       f"{worst['card']} {points(worst['iwd'])} {interval(worst['iwd_ci_low'], worst['iwd_ci_high'])}; "
                       f"{excl} of {n_cards} cards' intervals exclude zero (about {0.05 * n_cards:.0f} would by "
                       f"chance).", rank=20 + i)
        headers, rows = _card_rows(part.head(top), verb)
        doc.para(f"Top {min(top, part.height)} by IWD:")
        doc.table(headers, rows)
        if n_cards > top:
            headers, rows = _card_rows(part.head(n_cards).tail(top).reverse(), verb)
            doc.para(f"Bottom {top} by IWD (lowest first):")
            doc.table(headers, rows)
        if top * 2 < part.height <= ALL_CARDS_MAX:
            # every card's numbers (a game's whole card list is short enough to print in full)
            headers, rows = _card_rows(part, verb)
            doc.para(f"All {part.height} cards, by IWD:")
            doc.table(headers, rows)
        ctx.save(charts.card_ranking_chart(part), f"cards_{i}", f"Cards ranked by IWD {v or ''}")
    if len(variants) > 3:
        doc.para(f"Card tables are shown for the first 3 of {len(variants)} variants.")
    forced = sorted({c for v in ctx.variants for c in (v.get("setup") or {}).get("include", [])})
    if forced and len(variants) > 1:
        # a sensitivity study forces cards in and varies data: compare those cards across variants
        doc.heading("Forced cards across variants", 3)
        part = ranked.filter(pl.col("card").is_in(forced)).sort("card", "variant")
        doc.table(["card", "variant", "acquired", "win rate if acquired", "IWD", "95% interval", "n acquired"],
                  [[r["card"], r["variant"], pct(r["acquired_rate"]), pct(r["win_rate_acquired"]),
                    points(r["iwd"]), interval(r["iwd_ci_low"], r["iwd_ci_high"]), count(r["n_acquired"])]
                   for r in part.iter_rows(named=True)])
        for card in forced:
            rows = part.filter(pl.col("card") == card)
            if rows.height < 2:
                continue
            lo, hi = rows["iwd"].min(), rows["iwd"].max()
            # NaN bounds dropped first: polars' max would return NaN, and no interval is no evidence
            lows, highs = rows["iwd_ci_low"].drop_nans().drop_nulls(), rows["iwd_ci_high"].drop_nans().drop_nulls()
            overlap = lows.is_empty() or highs.is_empty() or lows.max() <= highs.min()
            doc.para(f"{card}: IWD ranges {points(lo)} to {points(hi)} across the variants; "
                     + ("all the intervals overlap: inconclusive (overlapping intervals do not show that the "
                        "variants are equal; that needs an equivalence test)."
                        if overlap else "some intervals do not overlap: the data variant changes this card's IWD."))


def _arm_groups(manifest: dict[str, Any]) -> list[dict[str, Any]]:
    info = manifest.get("card_effects") or {}
    groups = info.get("groups")
    if groups is None and info.get("arms"):
        groups = [{"base": "", "arms": info["arms"]}]
    return list(groups or [])


def _section_card_effects(ctx: _Ctx) -> None:
    doc = ctx.doc
    doc.heading("Card effects (causal)")
    info = ctx.manifest.get("card_effects") or {}
    groups = _arm_groups(ctx.manifest)
    if not groups:
        doc.para("This study has no `[card_effects]` experiment, so there is nothing to report here.")
        return
    focal = int(info.get("focal_seat", 0))
    correction = info.get("correction", "holm")
    fn = _analysis("card_effects")
    avoid = info.get("out") == "avoid"  # the card stays in the game in both arms (GameSpec.card_effect_out)
    use, per = ("played", "per play") if avoid else ("bought", "per purchase")
    arms_text = (
        f"**in** (only the focal bot, bot row {focal}, may play the card; every other bot avoids it) and **out** "
        f"(no bot plays it). The card stays in the deck in both arms, so both draw the same cards on the same "
        f"seeds; an avoided card may still be spent for its energy value (a pure energy card may not)"
        if avoid else
        f"**in** (the card is forced into the setup; every bot except the focal one, bot row {focal}, avoids "
        f"it) and **out** (the card is excluded, so its place goes to whatever the game's own setup draws "
        f"instead: the baseline is \"a card the setup would draw\", not \"no card\")")
    doc.para(
        f"Each card was played in two arms with the same game seeds: {arms_text}. The effect is the focal bot's "
        f"win rate in minus out; **{per}** divides it by the share of in-arm games in which the focal bot "
        f"{use} the card. "
        f"With {len(groups[0]['arms'])} cards "
        f"tested, p-values are adjusted with the **{correction.capitalize()}** correction; a card's effect is "
        f"called real only when it is flagged after that correction and its 95% interval excludes zero."
    )
    for i, group in enumerate(groups):
        arms = {card: tuple(labels) for card, labels in group["arms"].items()}
        if group.get("base") and len(groups) > 1:
            doc.heading(f"Card effects: {group['base']}", 3)
        effects = fn(ctx.results.seats, arms, focal_bot_row=focal, correction=correction)
        rows = effects.sort("diff", descending=True).to_dicts()
        taken = _acquired_in_arm(ctx, arms, focal, "played" if avoid else "acquired")
        for r in rows:
            # per purchase: the effect of having the card, over the share of in-arm games where the
            # focal bot bought it (its interval scales the same way, the share taken as known)
            r["acquired"] = rate = taken.get(r["card"], float("nan"))
            ok = rate == rate and rate > 0
            r["per_buy"], r["per_buy_low"], r["per_buy_high"] = (
                (r["diff"] / rate, r["ci_low"] / rate, r["ci_high"] / rate) if ok else (float("nan"),) * 3)
        real = [r for r in rows if r.get("flagged") and (r["ci_low"] > 0 or r["ci_high"] < 0)]
        sentences = []
        for r in real:
            direction = "raises" if r["diff"] > 0 else "lowers"
            sentences.append(
                (f"Being the only bot allowed to play {r['card']} {direction} its win rate by " if avoid else
                 f"Having {r['card']} in the game (for the focal bot only) {direction} its win rate by ")
                + f"{100 * abs(r['diff']):.1f} points {interval(r['ci_low'], r['ci_high'])}, from {pct(r['win_out'])} "
                f"to {pct(r['win_in'])} over {count(r['n'])} paired games ({correction.capitalize()}-adjusted "
                f"p = {_num(r['p_adjusted'])})."
            )
        doc.bullets(sentences)
        verdicts = {r["card"]: _analysis("equivalence_verdict")(r["diff"], r["se"], r["n"], WIN_MARGIN,
                                                                different=r in real) for r in rows}
        n_eq = sum(v["verdict"] == "equivalent" for v in verdicts.values())
        needed = [v["games_needed"] for v in verdicts.values() if v["games_needed"]]
        if rows:
            ups = [r for r in real if r["diff"] > 0]
            downs = [r for r in real if r["diff"] < 0]
            ctx.answer(("" if not group.get("base") or len(groups) == 1 else f"[{group['base']}] ")
                       + f"{len(real)} of {len(rows)} cards change the focal bot's win rate after the {correction} "
                       "correction (paired, same seeds)"
                       + (f"; most: {ups[0]['card']} {points(ups[0]['diff'])} "
                          f"{interval(ups[0]['ci_low'], ups[0]['ci_high'])}" if ups else "")
                       + (f"; least: {downs[-1]['card']} {points(downs[-1]['diff'])} "
                          f"{interval(downs[-1]['ci_low'], downs[-1]['ci_high'])}" if downs else "")
                       + f"; n = {count(rows[0]['n'])} paired games per card.", rank=10 + i)
        doc.para(pairing_words([r["variance_reduction"] for r in rows]))
        doc.para(f"{len(real)} of {len(rows)} cards have an effect that survives the {correction} correction; "
                 f"{n_eq} are shown to change the win rate by less than ±{MARGIN_WORDS} (equivalence test, "
                 f"TOST); the other {len(rows) - len(real) - n_eq} are inconclusive"
                 + (f" (up to {count(max(needed))} paired games per card would settle ±{MARGIN_WORDS})"
                    if needed else "") + ".")
        doc.table(
            ["card", "win in", "win out", "difference", "95% interval", f"{use} in the in arm",
             f"{per} (95%)", "n", "p", f"p ({correction})", "verdict"],
            [[r["card"], pct(r["win_in"]), pct(r["win_out"]), points(r["diff"]), interval(r["ci_low"], r["ci_high"]),
              pct(r["acquired"]), f"{points(r['per_buy'])} {interval(r['per_buy_low'], r['per_buy_high'])}",
              count(r["n"]), _num(r["p_value"]), _num(r["p_adjusted"]),
              {"different": "real effect", "equivalent": f"within ±{MARGIN_WORDS}"}.get(
                  verdicts[r["card"]]["verdict"], "inconclusive")]
             for r in rows],
        )
        ctx.save(charts.card_effects_chart(effects), f"card_effects_{i}", "Card effects with 95% intervals")


def _acquired_in_arm(ctx: _Ctx, arms: dict[str, tuple[str, str]], focal: int,
                     column: str = "acquired") -> dict[str, float]:
    """card -> share of its in-arm games where the focal bot row acquired it (or, with ``column =
    "played"``, played it); empty without that column in the cards table."""
    cards = ctx.results.cards
    have = cards.collect_schema().names()
    if column not in have or not arms:
        return {}
    ins = {v_in: card for card, (v_in, _) in arms.items()}
    seats = ctx.results.seats.filter(pl.col("variant").is_in(list(ins)) & (pl.col("bot_row") == focal))
    # only each in arm's own card is read (a semi-join before the grouping): grouping every card
    # of every arm first held the whole cards table in memory (5.6 GB for the 530,000 games of
    # reports/wizwar_cards)
    pairs = pl.LazyFrame({"variant": list(ins), "card": list(ins.values())},
                         schema={"variant": cards.collect_schema()["variant"], "card": cards.collect_schema()["card"]})
    got = (cards.join(pairs, on=["variant", "card"], how="semi")
           .group_by("variant", "game_id", "seat", "card").agg(pl.col(column).sum().alias("acquired"))
           .join(seats.select("variant", "game_id", "seat"), on=["variant", "game_id", "seat"], how="inner")
           .group_by("variant", "card").agg(rate=(pl.col("acquired") > 0).mean())
           .collect())
    return {r["card"]: r["rate"] for r in got.iter_rows(named=True) if ins.get(r["variant"]) == r["card"]}


_SECTION_FUNCS: dict[str, Callable[[_Ctx], None]] = {
    "winrates": _section_winrates,
    "seats": _section_seats,
    "matchups": _section_matchups,
    "cards": _section_cards,
    "card_effects": _section_card_effects,
    "culling": lambda ctx: _culling_section(ctx),
    "tokens": lambda ctx: _tokens_section(ctx),
}


def _culling_section(ctx: _Ctx) -> None:
    from simlab.report.culling import section_culling  # Quarriors-specific; imported on use

    section_culling(ctx)


def _tokens_section(ctx: _Ctx) -> None:
    from simlab.report.tokens import section_tokens  # Seasons-specific; imported on use

    section_tokens(ctx)


# --------------------------------------------------------------------------------------------
# Header


def _header(ctx: _Ctx, name: str) -> None:
    """The title, then the study's details (game, seed, timing, simlab version and commit)."""
    m = ctx.manifest
    doc = ctx.doc
    game = m.get("game", {})
    plan = m.get("plan", {})
    adaptive = m.get("adaptive") or {}
    timing = m.get("timing", {})
    doc.heading(f"Study report: {name}", 1)
    games = adaptive.get("games", plan.get("games"))
    items = [
        f"Game: {game.get('title', game.get('name'))} (`{game.get('name')}`), version {game.get('version')}",
        f"simlab version: {m.get('simlab_version')}",
        f"Seed: {m.get('seed')}",
        f"Games per variant: {count(games)}" + (
            f" (adaptive: target 95% half-width {pct(adaptive.get('target_ci'), 2)} for bot row 0, "
            f"max {count(adaptive.get('max_games'))}; achieved {pct(adaptive.get('max_half_width'), 2)})"
            if adaptive else ""),
        f"Variants: {len(ctx.variants)}",
        f"Run time: {_num(timing.get('wall_seconds'), 1)} s, {count(timing.get('games_played'))} games played "
        f"({_num(timing.get('games_per_s'), 0)} games/s) on {m.get('n_jobs')} worker(s)"
        + (f", {m.get('cpu_count')} cores available" if m.get("cpu_count") else "")
        # a resumed run plays only what the interrupted one left: its time and count are of that part
        + (f" (the last run: it resumed an interrupted one and kept its {timing['resumed_chunks_skipped']:,} "
           "finished chunks)" if timing.get("resumed_chunks_skipped") else ""),
        f"Status: {m.get('status')}; started {m.get('started')}, finished {m.get('finished')}",
    ]
    items.append(f"Rendered by {firstscreen.source_stamp()}")
    doc.bullets(items)
    doc.para("All intervals are 95% unless stated; n is the number of games (or seat-games) behind each number. "
             "The variants are listed in the appendix at the end.")


def _variant_listing(ctx: _Ctx) -> Doc:
    """Every variant of the study (the appendix)."""
    inner = Doc()
    rows = []
    for v in ctx.variants:
        rows.append([v.get("index"), v.get("label"), v.get("players"), ", ".join(map(str, v.get("bots", []))),
                     v.get("case") or ""])
    inner.table(["id", "variant", "players", "bots (by row)", "case"], rows)
    return inner


def _answer_box(ctx: _Ctx) -> None:
    """The first screen: question, answer, first-player advantage and balance, caveat."""
    m = ctx.manifest
    sentences = [t for _, t in sorted(ctx.answers, key=lambda a: a[0])[:firstscreen.MAX_ANSWERS]]
    if not sentences:
        sentences = ["This study has no analysis with a headline; the sections below list its numbers."]
    notes = []
    # Without seat rotation a seat keeps its bot, deck or setup, so seat 1's win rate mixes seat
    # order with what the seat plays: not a first-player advantage (a game section reports its own).
    # A game that records who went first (a random draw or a roll) needs no rotation for it.
    fp = firstscreen.first_player(ctx.results.seats)
    fp = [r for r in fp if r["recorded"] or m.get("rotate_seats", True)]
    if fp:
        recorded = fp[0]["recorded"]
        notes.append("First-player advantage ("
                     + ("the first player's win rate, pooled over the variants" if recorded else
                        "seat 1's win rate, pooled over the variants; balance = 1 - largest seat gap")
                     + "): " + "; ".join(
                         f"{r['players']}p {pct(r['win_rate'])} {interval(r['ci_low'], r['ci_high'])} vs fair "
                         f"{pct(r['fair'])}" + ("" if r["balance"] is None else f", balance {r['balance']:.2f}")
                         + f", n = {count(r['n'])}" for r in fp) + ".")
    # the games in the results, not the last run's count (a resumed run plays only what was left)
    n_games = ctx.results.games.select(pl.len()).collect().item()
    notes.append(f"{count(n_games)} games in {len(ctx.variants)} variant(s); "
                 f"{(m.get('game') or {}).get('title', '')} version {(m.get('game') or {}).get('version')}.")
    notes.append(firstscreen.caveat(m))
    ctx.doc.answer(firstscreen.question(m), sentences, notes)


REPORT_FILES = ("report.md", "index.html")
# What a chart file simlab writes is called (the names ctx.save makes).
_CHART_NAME = re.compile(r"^[A-Za-z0-9_.-]+\.png$")


def _is_simlab_report(out: Path) -> bool:
    """Whether ``out/report.md`` is a report that simlab wrote (its first line is our heading)."""
    try:
        with open(out / "report.md", encoding="utf-8", errors="replace") as fh:
            return fh.readline().startswith("# Study report: ")
    except OSError:
        return False


def _previous_charts(out: Path) -> set[str]:
    """The charts an earlier simlab report in ``out`` links to: the PNGs simlab wrote there.

    The report's own ``report.md`` and ``index.html`` are the list of files it wrote, so a chart
    left over from an earlier report can be removed without touching anyone else's PNG.
    """
    if not _is_simlab_report(out):
        return set()
    names: set[str] = set()
    for file, pattern in (("report.md", r"!\[[^\]]*\]\(([^)\s]+)\)"), ("index.html", r'<img src="([^"]+)"')):
        try:
            text = (out / file).read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        names |= {n for n in re.findall(pattern, text) if _CHART_NAME.match(n)}
    return names


def check_report_target(out: str | os.PathLike, overwrite: bool = False) -> None:
    """Refuse a report folder that cannot take a report (called before a run with ``--report``).

    Raises:
        FileExistsError: ``out`` is a file, holds a report and ``overwrite`` is false, or holds a
            ``report.md`` / ``index.html`` that simlab did not write.
    """
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise FileExistsError(f"{out}: exists and is not a directory")
    existing = [f for f in REPORT_FILES if (out / f).exists()]
    if not existing:
        return
    if not _is_simlab_report(out):
        raise FileExistsError(f"{out}: holds {' and '.join(existing)} that simlab did not write; "
                              "choose another report folder")
    if not overwrite:
        raise FileExistsError(f"{out}: already holds a report; use --overwrite to replace it")


def render_report(
    results_dir: str | os.PathLike, out_dir: str | os.PathLike | None = None, *, overwrite: bool = False
) -> Path:
    """Write ``report.md``, ``index.html`` and the PNG charts of a results directory.

    Nothing simlab did not write is deleted or overwritten: an existing report is replaced only
    with ``overwrite`` (and then the charts the old report linked to that the new one does not
    are removed); a file of the user's that has a chart's name stops the report. The files are
    rendered in a temporary folder inside ``out_dir`` and moved into place at the end.

    Args:
        results_dir: a directory written by ``simlab run`` (``manifest.json`` + tables).
        out_dir: where to write; default ``reports/<study name>`` (relative to the working
            directory).
        overwrite: replace a report that is already there.

    Returns:
        The report directory.

    Raises:
        FileNotFoundError: not a results directory.
        FileExistsError: a report is there and ``overwrite`` is false, or a file simlab did not
            write is in the way.
        ValueError: the study did not finish (status is not ``complete``), or its name is not a
            safe folder name (give ``out_dir``).
    """
    import shutil
    import tempfile

    from simlab.results import load_results
    from simlab.scenario import check_study_name

    results = load_results(results_dir)
    manifest = results.manifest
    if manifest.get("status") != "complete":
        raise ValueError(f"{results_dir}: the study did not finish (status {manifest.get('status')!r}); "
                         "finish it with `simlab run ... --resume` first")
    name = str(manifest.get("study") or Path(results_dir).name)
    if out_dir is None:
        try:
            check_study_name(name)
        except ValueError as exc:
            raise ValueError(f"{results_dir}: study name {name!r} cannot be a report folder ({exc}); "
                             "give the report folder (--out)") from None
    out = Path(out_dir) if out_dir is not None else Path("reports") / name
    check_report_target(out, overwrite)
    previous = _previous_charts(out) if out.is_dir() else set()
    missing = [d for d in (out, *out.parents) if not d.exists()]
    out.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".simlab-report-", dir=out))
    try:
        _render_into(staging, results, manifest, name, Path(results_dir))
        written = sorted(p.name for p in staging.iterdir())
        clash = [f for f in written if f not in REPORT_FILES and f not in previous and (out / f).exists()]
        if clash:
            raise FileExistsError(f"{out / clash[0]}: a file simlab did not write has the name of a report "
                                  "chart; move it or choose another report folder")
        for f in sorted(written, key=lambda f: f in REPORT_FILES):  # charts first, then the pages
            os.replace(staging / f, out / f)
        for stale in sorted(previous - set(written)):
            (out / stale).unlink(missing_ok=True)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        for d in missing:  # folders this call made, deepest first, if still empty
            try:
                d.rmdir()
            except OSError:
                break
        raise
    shutil.rmtree(staging, ignore_errors=True)
    return out


def game_sections(manifest: dict[str, Any]) -> dict[str, Callable[[Any], None]]:
    """Report sections a game keeps beside its rules (design guide section 6): the
    ``REPORT_SECTIONS`` mapping (``analyses`` name -> renderer of a context) of the game's
    ``studies`` module, ``simlab.games.<game>.studies``, when it has one. They lead the report."""
    import importlib

    from simlab.games import _MODULES

    game = (manifest.get("game") or {}).get("name")
    if game not in _MODULES:
        return {}
    try:
        module = importlib.import_module(_MODULES[game] + ".studies")
    except ModuleNotFoundError as exc:
        if exc.name != _MODULES[game] + ".studies":
            raise  # the game's studies module exists but something it imports does not
        return {}
    return dict(getattr(module, "REPORT_SECTIONS", {}))


def _render_into(out: Path, results: Any, manifest: dict[str, Any], name: str,
                 results_dir: Path | None = None) -> None:
    """Render the report's pages and charts into the (empty) folder ``out``."""
    head = Doc()
    ctx = _Ctx(results=results, manifest=manifest, out_dir=out, doc=head, results_dir=results_dir)
    _header(ctx, name)
    ctx.doc = Doc()  # the sections, rendered first so that their answers can lead the page
    wanted = list(manifest.get("analyses") or DEFAULT_SECTIONS)
    own = game_sections(manifest)
    lead = [a for a in wanted if a in own and a not in _SECTION_FUNCS]
    for section in lead:  # the game's own study sections (design guide section 6) come first
        own[section](ctx)

    if manifest.get("card_effects") and "card_effects" not in wanted:
        wanted.append("card_effects")
    unknown = [a for a in wanted if a not in _SECTION_FUNCS and a not in lead]
    for section in [a for a in SECTIONS if a in wanted]:
        try:
            _SECTION_FUNCS[section](ctx)
        except AnalysisUnavailable as exc:
            ctx.doc.para(f"Section `{section}` skipped: {exc}.")
    if unknown:
        ctx.doc.para(f"Unknown analyses ignored: {unknown}; known: {list(SECTIONS)}.")
    from simlab.report.levels import section_levels

    section_levels(ctx, results_dir)  # the headlines again at each bot level of the scenario (issue 14)

    ctx.doc.heading("Appendix")
    ctx.doc.details(f"The {len(ctx.variants)} variants of the study", _variant_listing(ctx))
    src = manifest.get("scenario", {})
    scenario = Doc()
    scenario.para(f"From `{src.get('path')}`:")
    scenario.code(src.get("source") or "", "toml")
    ctx.doc.details("The scenario file", scenario)

    sections = ctx.doc
    page = Doc(blocks=head.blocks[:1])  # the title
    ctx.doc = page
    _answer_box(ctx)
    page.blocks += head.blocks[1:] + sections.blocks
    (out / "report.md").write_text(page.markdown(), encoding="utf-8")
    (out / "index.html").write_text(page.html(f"simlab report: {name}"), encoding="utf-8")
