"""Seasons event codes -> a readable game log (``simlab replay seasons``)."""

from __future__ import annotations

import numpy as np

from simlab.games.base import CardTable
from simlab.games.seasons import data
from simlab.games.seasons import rules as R
from simlab.games.seasons import state as S

_EN = ("water", "earth", "fire", "air")
_ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV"}
_PILE = {S.Z_HAND: "hand (year I)", S.Z_LIB2: "Library II", S.Z_LIB3: "Library III"}
_BONUS = {S.B_EXCHANGE: "exchange 2 energies", S.B_TRANSMUTE: "transmute +1", S.B_GAUGE: "gauge +1",
          S.B_DRAW2: "draw 2 keep 1", S.B_DRAW: "draw a card (Olaf's Knowledge)"}


def describe_face(ct: CardTable, season: int, die: int, face: int) -> str:
    """Short text of a season die face: '2 water, 3 crystals, star, transmute, draw (2 pips)'."""
    a = ct.arrays
    parts = []
    for e in range(S.NEN):
        n = int(a["face_energy"][season, die, face, e])
        if n:
            parts.append(f"{n} {_EN[e]}")
    cr = int(a["face_crystals"][season, die, face])
    if cr:
        parts.append(f"{cr} crystals")
    fl = int(a["face_flags"][season, die, face])
    if fl & S.FF_STAR:
        parts.append("star")
    if fl & S.FF_TRANS:
        parts.append("transmute")
    if fl & S.FF_DRAW:
        parts.append("draw")
    return f"{', '.join(parts) or 'nothing'} ({int(a['face_pips'][season, die, face])} pips)"


def format_events(ev: np.ndarray, n: int, ct: CardTable, bot_names: list[str]) -> list[str]:
    """Turn the first ``n`` trace events of one game into lines of text."""
    names = ct.names
    enchants = data.enchantment_names()
    by_effect = {int(e): names[k] for k, e in enumerate(ct.arrays["card_effect"])}
    steadfast = {1: "summoning gauge +1", 2: "one energy", 3: "may transmute"}
    lines: list[str] = []
    pending: list[str] = []
    pending_who = [-1]

    def who(p: int) -> str:
        return f"P{p + 1} ({bot_names[p]})" if 0 <= p < len(bot_names) else f"P{p + 1}"

    def flush() -> None:
        if pending:
            lines.append(f"    {who(pending_who[0])} energy: " + ", ".join(pending))
            pending.clear()

    for rnd, cur, code, a, x, y in ev[:n]:
        rnd, cur, code, a, x, y = int(rnd), int(cur), int(code), int(a), int(x), int(y)
        if code in (R.EV_ENERGY, R.EV_LOSE_ENERGY):
            if pending and pending_who[0] != y:
                flush()
            pending_who[0] = y
            pending.append(f"{'+' if code == R.EV_ENERGY else '-'}{x} {_EN[a]}")
            continue
        flush()
        if code == R.EV_SETUP:
            lines.append(f"Setup: {x} power cards in the deck; enchantment: "
                         f"{enchants[a] if a >= 0 else 'none'}")
        elif code == R.EV_TOKENS_DEALT:
            lines.append(f"  {who(y % 10)} is dealt tokens {a}, {x}, {y // 10}")
        elif code == R.EV_DRAFT:
            lines.append(f"  draft: {who(x)} picks {names[a]}")
        elif code == R.EV_PILE:
            lines.append(f"  {who(y)} puts {names[a]} into {_PILE[x]}")
        elif code == R.EV_TOKEN_KEEP:
            lines.append(f"  {who(x)} keeps token {a}")
        elif code == R.EV_ROUND:
            lines.append(f"=== round {a}: year {_ROMAN.get(y, y)}, {S.SEASON_NAMES[S.season_of(x) if x else 0]} "
                         f"(space {x})")
        elif code == R.EV_ROLL:
            lines.append(f"  die {a + 1}: {S.SEASON_NAMES[x // 10]} die {x % 10 + 1} shows "
                         f"{describe_face(ct, x // 10, x % 10, y)}")
        elif code == R.EV_TAKE:
            lines.append(f"- {who(y)} takes {S.SEASON_NAMES[a // 10]} die {a % 10 + 1}: "
                         f"{describe_face(ct, a // 10, a % 10, x)}")
        elif code == R.EV_CRYSTALS:
            lines.append(f"    {who(y)} {'+' if a >= 0 else ''}{a} crystals -> {x}")
        elif code == R.EV_GAUGE:
            lines.append(f"    {who(y)} summoning gauge {'+' if a >= 0 else ''}{a} -> {x}")
        elif code == R.EV_DRAW:
            # draw_revealed logs (card, player, must keep)
            lines.append(f"    {who(x)} draws {names[a]}" + (" (must keep)" if y else ""))
        elif code == R.EV_TRANSMUTE:
            lines.append(f"    {who(cur)} transmutes {x} {_EN[a]} into {y} crystals")
        elif code == R.EV_SUMMON:
            lines.append(f"    {who(y)} {'puts into play free' if x else 'summons'} {names[a]}")
        elif code == R.EV_ACTIVATE:
            lines.append(f"    {who(y)} activates {names[a]}")
        elif code == R.EV_SACRIFICE:
            lines.append(f"    {who(x)} sacrifices {names[a]}")
        elif code == R.EV_DISCARD:
            lines.append(f"    {who(x)} discards {names[a]}")
        elif code == R.EV_BONUS:
            lines.append(f"    {who(y)} uses bonus {x}/3: {_BONUS.get(a, a)}")
        elif code == R.EV_TOKEN_USE:
            if a == 10 and x != 0:
                lines.append(f"      token 10 moves the season token {x:+d} spaces")
            else:
                lines.append(f"    {who(y)} uses special-ability token {a}")
        elif code == R.EV_TIME:
            where = (f"space {x} ({S.SEASON_NAMES[S.season_of(x)]}), year {_ROMAN.get(y, y)}" if y <= 3
                     else "past the end of year III")
            lines.append(f"  time moves {a:+d} -> {where}")
        elif code == R.EV_SEASON:
            lines.append(f"  change of season: {S.SEASON_NAMES[a]}")
        elif code == R.EV_YEAR:
            lines.append(f"  year {_ROMAN.get(a, a)} {'(moved back)' if x else 'begins: Library cards to hand'}")
        elif code == R.EV_EFFECT:
            card = by_effect.get(a, S.EFFECTS[a])
            if a == S.E_STEADFAST_DIE:
                lines.append(f"    {who(y)} uses {card} instead of the die: {steadfast.get(x, x)}")
            elif a == S.E_SHIELD_ZIRA:
                lines.append(f"    {who(y)} sacrifices {card} instead of {names[x]} (+10 crystals)")
            elif a == S.E_RAVEN:
                lines.append(f"    {who(y)}'s {card} mimics {names[x]}")
            else:
                lines.append(f"    {card} takes effect for {who(y)}")
        elif code == R.EV_TO_HAND:
            how = {0: "takes", 1: "takes back from play", 2: "takes from the Library"}[y]
            lines.append(f"    {who(x)} {how} {names[a]} into hand")
        elif code == R.EV_STEAL:
            lines.append(f"    {who(x)} gives {who(y)} {a} crystals")
        elif code == R.EV_DROUGHT:
            lines.append(f"  Drought strikes {who(a)}: " + ("sacrifices a card" if x else "reserve -1"))
        elif code == R.EV_VISION:
            lines.append(f"    {who(x)} pays 5 crystals to discard {names[a]} (Vision of Destiny)")
        elif code == R.EV_PASS:
            lines.append(f"    {who(x)} passes {names[a]} to {who(y)}")
        elif code == R.EV_TURN:
            lines.append(f"- {who(a)}'s turn")
        elif code == R.EV_SCORE:
            pass
        elif code == R.EV_END:
            lines.append(f"=== game over ({S.END_REASONS[a]}): " + ("shared win" if x < 0 else f"{who(x)} wins"))
    flush()
    return lines
