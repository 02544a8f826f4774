"""Quarriors event codes -> a readable game log (``simlab replay quarriors``)."""

from __future__ import annotations

import numpy as np

from simlab.games.base import CardTable
from simlab.games.quarriors import rules as R
from simlab.games.quarriors import state as S

_ZONE = {S.Z_BAG: "bag", S.Z_ACTIVE: "Active Pool", S.Z_READY: "Ready Area", S.Z_USED: "used pile",
         S.Z_ASIDE: "set aside"}
_IMM = {S.F_DRAW: "draw", S.F_REROLL: "re-roll", S.F_QDRAW: "quiddity and draw", S.F_QORREROLL: "re-roll",
        S.F_SPELL: "immediate spell", S.F_Q: "draw instead of quiddity"}


def describe_face(ct: CardTable, card: int, face: int) -> str:
    """Short text of a die face: '2Q', 'L2 4/4*', 'spell**', 'draw 2', ..."""
    a = ct.arrays
    dt = a["card_die"][card]
    k = a["f_kind"][dt, face]
    bu = "*" * int(a["f_burst"][dt, face])
    if k == S.F_Q:
        return f"{a['f_q'][dt, face]}Q{bu}"
    if k == S.F_CREATURE:
        at, df = a["f_atk"][dt, face], a["f_def"][dt, face]
        stats = "?/?" if at < 0 else f"{at}/{df}"
        return f"L{a['f_level'][dt, face]} {stats}{bu}"
    if k == S.F_SPELL:
        return f"spell{bu}"
    if k == S.F_DRAW:
        return f"draw {a['f_draw'][dt, face]}{bu}"
    if k == S.F_REROLL:
        extra = f" +{a['f_others'][dt, face]} other" if a["f_others"][dt, face] else ""
        draw = f" +draw {a['f_draw'][dt, face]}" if a["f_draw"][dt, face] else ""
        return f"re-roll{extra}{draw}{bu}"
    if k == S.F_QDRAW:
        return f"{a['f_q'][dt, face]}Q+draw {a['f_draw'][dt, face]}{bu}"
    return f"{a['f_q'][dt, face]}Q or re-roll{bu}"


def format_events(ev: np.ndarray, n: int, slot_card: np.ndarray, ct: CardTable,
                  bot_names: list[str]) -> list[str]:
    """Turn the first ``n`` trace events of one game into lines of text."""
    names = ct.names

    def die(slot: int) -> str:
        return names[int(slot_card[slot])] if slot >= 0 else "-"

    def who(p: int) -> str:
        return f"P{p + 1} ({bot_names[p]})" if 0 <= p < len(bot_names) else f"P{p + 1}"

    effect_names = S.EFFECTS
    lines: list[str] = []
    rolls: list[str] = []

    def flush() -> None:
        if rolls:
            lines.append("    rolls: " + ", ".join(rolls))
            rolls.clear()

    for turn, p, code, a, b, c in ev[:n]:
        if code != R.EV_ROLL:
            flush()
        if code == R.EV_SETUP:
            lines.append(f"Wilds: {die(a)} ({c} dice, cost {ct.rows[b]['cost']})")
        elif code == R.EV_TURN:
            lines.append(f"--- turn {turn}: {who(a)}, own turn {b}")
        elif code == R.EV_SCORE:
            lines.append(f"  scores {die(a)} for {b} glory" + (" (Strong Deathdealer ability)" if c else ""))
        elif code == R.EV_GLORY:
            lines.append(f"    +{a} glory -> {c}")
        elif code == R.EV_CULL:
            lines.append(f"  culls {die(a)} back to the Wilds")
        elif code == R.EV_DRAW:
            lines.append(f"  draws {die(a)} into the Active Pool")
        elif code == R.EV_ROLL:
            tag = {0: "", 1: " (drawn)", 2: " (re-roll)"}[int(c)]
            rolls.append(f"{die(a)} {describe_face(ct, int(slot_card[a]), int(b))}{tag}")
        elif code == R.EV_IMMEDIATE:
            lines.append(f"  immediate: {die(a)} {_IMM.get(int(c), '?')}")
        elif code == R.EV_DECLINE:
            lines.append(f"  keeps {die(a)} {describe_face(ct, int(slot_card[a]), int(b))} (no immediate effect)")
        elif code == R.EV_READY:
            lines.append(f"  readies spell {die(a)}")
        elif code == R.EV_SUMMON:
            lines.append(f"  summons {die(a)} {describe_face(ct, int(slot_card[a]), int(b))} for {c}+ quiddity")
        elif code == R.EV_CAST:
            target = f" on {who(int(c))}'s {die(b)}" if b >= 0 else ""
            lines.append(f"  casts {die(a)}{target}")
        elif code == R.EV_ATTACH:
            lines.append(f"  attaches {die(a)} to {die(b)}")
        elif code == R.EV_ATTACK:
            lines.append(f"  attacks {who(a)} with {b}")
        elif code == R.EV_BLOCK:
            lines.append(f"    {die(a)} (defense {b}) blocks {c}")
        elif code == R.EV_DESTROY:
            lines.append(f"    {who(a)}'s {die(b)} is destroyed -> {_ZONE.get(int(c), '?')}")
        elif code == R.EV_CAPTURE:
            lines.append(f"  captures {die(a)} for {b} quiddity")
        elif code == R.EV_ABILITY:
            lines.append(f"    ability {effect_names[a]}: {die(b)} ({c})")
        elif code == R.EV_REACTION:
            lines.append(f"    {who(int(c))} reacts: {effect_names[a]}" + (f" on {die(b)}" if b >= 0 else ""))
        elif code == R.EV_END:
            reason = S.END_REASONS[a]
            lines.append(f"=== game over ({reason}): " + ("shared win" if b < 0 else f"{who(int(b))} wins"))
    flush()
    return lines
