"""What a report shows before any scrolling: the study's question, its answer, the numbers that
matter, the first-player advantage and the caveat (issue 11: "every report leads with its answer").

Sections add their key sentences with ``ctx.answer(text, rank)`` while they compute them; the
renderer puts the best-ranked few in the answer box at the top of the page.
"""

from __future__ import annotations

import re
import subprocess
import tomllib
from pathlib import Path
from typing import Any

import polars as pl

MAX_ANSWERS = 5


def question(manifest: dict[str, Any]) -> str:
    """The study's question: the scenario's ``question`` key, else the first sentence of the comment
    block that opens the scenario file (every committed scenario opens with its question), else a
    generic one."""
    scenario = manifest.get("scenario") or {}
    source = scenario.get("source") or ""
    for text in (source, _same_study_on_disk(scenario)):
        try:
            q = tomllib.loads(text).get("question")
        except tomllib.TOMLDecodeError:
            q = None
        if isinstance(q, str) and q.strip():
            return q.strip()
    lines = []
    for line in source.splitlines():
        if not line.startswith("#"):
            break
        text = line.lstrip("#").strip()
        if not text and lines:
            break
        lines.append(text)
    text = " ".join(t for t in lines if t)
    m = re.match(r"(.+?[?.])(\s|$)", text)
    if m:
        return m.group(1)
    return "How do the bots, seats and variants of this study fare?"


def _same_study_on_disk(scenario: dict[str, Any]) -> str:
    """The scenario file the study was run from, if it is still there and still describes the same
    study (a question added later is wording, not a change of study); else ""."""
    path, parsed = scenario.get("path"), scenario.get("parsed")
    try:
        text = Path(path).read_text(encoding="utf-8") if path and parsed else ""
        disk = tomllib.loads(text)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return ""
    wording = ("out", "chunk_size", "question", "games", "seed")  # run overrides and wording
    same = {k: v for k, v in disk.items() if k not in wording} == {k: v for k, v in parsed.items() if k not in wording}
    return text if same else ""


def first_player(seats: pl.LazyFrame, alpha: float = 0.05) -> list[dict[str, Any]]:
    """The first player's win rate per player count, pooled over the variants.

    When the seats table records who went first (a ``first_player`` column: Ashes' first-player
    roll, Wiz-War's random first player), that seat is the first player; otherwise seat 1 (index
    0) is, and ``balance`` = 1 - (largest - smallest seat win rate), as Ludii reports it (1 is
    perfectly even). Returns one dict per player count: players, n, win_rate, ci_low, ci_high,
    fair, balance (None when the first player is recorded: a seat then also stands for its colour,
    deck or bot, so the seat gap is not a turn-order figure), recorded (bool).
    """
    from simlab.analysis.winrates import win_rates

    names = seats.collect_schema().names()
    if "players" not in names:
        return []
    recorded = "first_player" in names
    by = ("players", "first_player") if recorded else ("players", "seat")
    tab = win_rates(seats, by=by, alpha=alpha).sort(*by).to_dicts()
    out = []
    for p in sorted({int(r["players"]) for r in tab}):
        rows = [r for r in tab if int(r["players"]) == p]
        first = next((r for r in rows if int(r[by[1]]) == (1 if recorded else 0)), None)
        if first is None:
            continue
        games = first["n"]  # one first player (or one seat 1) per game
        fair = sum(r["wins"] for r in rows) / games / p if games else float("nan")
        rates = [r["win_rate"] for r in rows]
        out.append({"players": p, "n": int(games), "win_rate": first["win_rate"], "ci_low": first["ci_low"],
                    "ci_high": first["ci_high"], "fair": fair,
                    "balance": None if recorded else 1.0 - (max(rates) - min(rates)), "recorded": recorded})
    return out


def source_stamp() -> str:
    """The simlab version and, when simlab runs from a git checkout, its commit (``+dirty`` when the
    working tree differs): what rendered this report."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        ver = version("simlab")
    except PackageNotFoundError:
        ver = "unknown"
    root = Path(__file__).resolve().parents[2]
    try:
        commit = subprocess.run(["git", "-C", str(root), "rev-parse", "--short=10", "HEAD"], capture_output=True,
                                text=True, timeout=10, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no", "simlab"],
                               capture_output=True, text=True, timeout=10, check=True).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return f"simlab {ver}"
    return f"simlab {ver}, commit {commit}" + ("+dirty" if dirty else "")


def caveat(manifest: dict[str, Any]) -> str:
    """These are bots, not people."""
    bots = sorted({str(b) for v in manifest.get("variants", []) for b in v.get("bots", [])})
    who = ", ".join(bots) if bots else "heuristic bots"
    return (f"Caveat: these are simulated games between heuristic bots ({who}), not people; a number holds for "
            "these bots and this engine version, and says most about the game where the bots play it sensibly.")
