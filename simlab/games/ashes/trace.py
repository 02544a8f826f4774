"""Ashes event codes -> a readable game log (``simlab replay ashes``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from simlab.games.ashes import bots as B
from simlab.games.ashes import data
from simlab.games.ashes import rules as _rules  # noqa: F401  (registers the game with kernel.play_batch)
from simlab.games.ashes import state as S
from simlab.games.base import CardTable, play_traced, root_seed_words

_ACTION = {1: "main action", 2: "side action"}
# the events that pay a cost: the dice spent (EV_PAID) and the rest (EV_COST) before them go on their line
_PAYS = frozenset((S.EV_PLAY, S.EV_ACTIVATE, S.EV_PB_ABILITY, S.EV_UNIT_ABILITY, S.EV_DICE_POWER,
                   S.EV_REACTION, S.EV_TRIGGER, S.EV_MEDITATE, S.EV_EXTRA))


def die_name(dt: int, face: int) -> str:
    """A die by its type and face in the game's words, e.g. ``"charm power"``."""
    return f"{S.DIE_TYPES[dt]} {S.FACE_NAMES[face]}"


def dice_text(dice: Sequence[tuple[int, int]], counts: bool = True) -> str:
    """Dice (type, face) grouped by type then face (power, class, basic), each with its count
    (``"ceremonial power x2, natural basic x1"``; ``counts=False`` writes x1 as nothing)."""
    groups: dict[tuple[int, int], int] = {}
    for key in sorted(dice):
        groups[key] = groups.get(key, 0) + 1
    return ", ".join(die_name(dt, f) + (f" x{k}" if counts or k > 1 else "") for (dt, f), k in groups.items())


def paid_text(dice: Sequence[tuple[int, int]], cost: np.ndarray | None) -> str:
    """The dice that paid a cost. With the cost's CO_* vector, each part of the magic cost with
    the dice that paid it, in the order the engine assigns them (rules.plan_payment): power
    costs, then class costs (a class die, else a power die of the type), then basic costs (any
    die), e.g. ``"illusion power, 1 basic [charm basic]"``; without it (or if the dice do not
    match it), the dice alone."""
    if not dice:
        return "no dice"
    plain = dice_text(dice, counts=False)
    if cost is None:
        return plain
    left = sorted(dice)
    parts: list[str] = []

    def take(dt: int, face: int) -> tuple[int, int] | None:
        for k, (t, f) in enumerate(left):
            if f == face and (dt < 0 or t == dt):
                return left.pop(k)
        return None

    for dt in range(S.NDT):
        for _ in range(int(cost[S.CO_POWER + dt])):
            if take(dt, S.F_POWER) is None:
                return plain
            parts.append(die_name(dt, S.F_POWER))
    for dt in range(S.NDT):
        for _ in range(int(cost[S.CO_CLASS + dt])):
            die = take(dt, S.F_CLASS) or take(dt, S.F_POWER)
            if die is None:
                return plain
            parts.append(die_name(dt, S.F_CLASS) + ("" if die[1] == S.F_CLASS else f" [{die_name(*die)}]"))
    n = int(cost[S.CO_BASIC])
    if n:
        basic = [take(-1, S.F_BASIC) or take(-1, S.F_CLASS) or take(-1, S.F_POWER) for _ in range(n)]
        if any(d is None for d in basic):
            return plain
        parts.append(f"{n} basic [{dice_text(basic, counts=False)}]")  # type: ignore[arg-type]
    return plain if left else ", ".join(parts)


_POWER = {S.DT_NATURAL: "natural power: 1 damage to", S.DT_CHARM: "charm power: a die onto",
          S.DT_CEREMONIAL: "ceremonial power: back to hand", S.DT_ILLUSION: "illusion power: exhausts"}


def format_events(ev: np.ndarray, n: int, ct: CardTable, inst_card: np.ndarray,
                  bot_names: Sequence[str]) -> list[str]:
    """Turn the first ``n`` trace events of one game into lines of text; ``inst_card`` is the
    game's instance -> card id row (``state.i_card[b]``)."""
    names = ct.names

    def who(p: int) -> str:
        return f"P{p + 1} ({bot_names[p]})" if 0 <= p < len(bot_names) else f"P{p + 1}"

    def inst(i: int) -> str:
        return f"{names[int(inst_card[i])]} #{i}" if 0 <= i < len(inst_card) else f"#{i}"

    cost_of = ct.arrays["card_cost"]
    act_of = ct.arrays["card_act"]
    life = ct.arrays["card_life"]
    lines: list[str] = []
    paying: dict[int, dict[str, Any]] = {}  # seat -> the cost it is paying (EV_COST, EV_PAID)
    listed: list[tuple[int, int]] = []  # the dice (EV_DIE) listed after the line before them
    listed_for = -1  # the event code of that line

    def list_dice() -> None:
        if not listed:
            return
        text = dice_text(listed)
        if listed_for == S.EV_ROLL:
            lines[-1] += f"; active dice ({len(listed)}): {text}"
        elif listed_for == S.EV_FIRST_ROLL:
            lines[-1] += f"; rolled {len(listed)} dice: {text}"
        elif listed_for == S.EV_MEDITATE:
            lines[-1] += f"; faces set: {text}"
        elif listed_for in (S.EV_PLAY, S.EV_ACTIVATE):  # Shifting Mist, Call Upon the Realms, ...
            lines[-1] += f"; dice now showing: {text}"
        elif listed_for in (S.EV_DICE_POWER, S.EV_TRIGGER):  # the die an illusion power or a Leech exhausts
            lines[-1] += f"; that die showed {dice_text(listed, counts=False)}"
        else:
            lines[-1] += f": {text}"
        listed.clear()

    def paid(p: int, code: int, card: int) -> None:
        pay = paying.pop(p, None)
        if pay is None:
            return
        parts = []
        if pay["action"] is not None:
            parts.append(_ACTION.get(pay["action"], "no action"))
        elif code == S.EV_REACTION:
            parts.append("no action")
        elif code == S.EV_ACTIVATE:
            parts.append("its optional extra cost")  # Summon Mist Spirit's second spirit
        if pay["flags"] & 1:
            parts.append("1 exhaustion token")
        if pay["flags"] >> 1:
            parts.append(f"discards {pay['flags'] >> 1}")
        cost = None
        if code == S.EV_PLAY or code == S.EV_REACTION:
            cost = cost_of[card]
        elif (code == S.EV_ACTIVATE or code == S.EV_UNIT_ABILITY) and pay["action"] is not None:
            cost = act_of[card]
        head = ", ".join(parts)
        if code == S.EV_MEDITATE and not pay["dice"]:
            lines[-1] += f" ({head})"  # meditation costs no magic
            return
        lines[-1] += f" ({head}; paid: " if head else " (paid: "
        lines[-1] += paid_text(pay["dice"], cost) + ")"

    for rnd, cur, code, a, x, y in ev[:n]:
        rnd, cur, code, a, x, y = int(rnd), int(cur), int(code), int(a), int(x), int(y)
        if code == S.EV_DIE:
            listed.append((x, y))
            continue
        list_dice()
        listed_for = code
        if code == S.EV_PAID:
            paying.setdefault(a, {"action": None, "flags": 0, "dice": []})["dice"].append((x, y))
            continue
        if code == S.EV_COST:
            pay = paying.setdefault(a, {"action": None, "flags": 0, "dice": []})
            pay["action"], pay["flags"] = x, y
            continue
        if code == S.EV_SETUP:
            lines.append(f"setup: {a} players")
        elif code == S.EV_FIRST_ROLL:
            lines.append(f"  first-player roll {y}: {who(a)} shows {x} basic")
        elif code == S.EV_FIRST_PLAYER:
            lines.append(f"  {who(a)} takes the first-player token ({x} basic)")
        elif code == S.EV_ROUND:
            lines.append(f"round {a} (first player {who(x)})")
        elif code == S.EV_ROLL:
            lines.append(f"  {who(a)} rolls {x} exhausted dice")
        elif code == S.EV_DISCARD:
            lines.append(f"  {who(a)} discards {names[x]}")
        elif code == S.EV_DRAW:
            lines.append(f"  {who(a)} draws {x}" + (f", {y} missing" if y else ""))
        elif code == S.EV_FATIGUE:
            lines.append(f"  {who(a)} fatigue: {x} damage (wounds {y})")
        elif code == S.EV_PASS:
            lines.append(f"  {who(a)} passes ({x} in a row)")
        elif code == S.EV_PLAY:
            lines.append(f"  {who(a)} plays {names[x]}")
        elif code == S.EV_ACTIVATE:
            if y < 0:
                lines.append(f"  {who(a)} activates {names[x]}")
            elif names[x].startswith("Summon"):
                lines.append(f"  {who(a)} activates {names[x]}: {inst(y)} enters play")
            else:
                lines.append(f"  {who(a)} activates {names[x]} on {inst(y)}")
        elif code == S.EV_REACTION:
            target = inst(y) if y >= 0 else "the opposing Phoenixborn"
            lines.append(f"    {who(a)} reacts with {names[x]} on {target}")
        elif code == S.EV_THROW:
            lines.append(f"  {who(a)}'s {inst(x)} throws: 1 damage to {inst(y)}")
        elif code == S.EV_AFTERSHOCK:
            lines.append(f"    {who(a)}'s Aftershock: 1 wound on {inst(x)}")
        elif code == S.EV_OVERTIME:
            lines.append(f"  {who(a)} spends a status token of {inst(x)} for another side action")
        elif code == S.EV_UNIT_ABILITY:
            lines.append(f"  {who(a)} uses {inst(y)}'s ability")
        elif code == S.EV_PB_ABILITY:
            ability = S.EFFECTS[x].replace("_", " ").title().replace("'S", "'s").replace(" Of ", " of ")
            lines.append(f"  {who(a)} uses the Phoenixborn ability {ability}")
        elif code == S.EV_DICE_POWER:
            target = f"P{y // S.NDICE + 1}'s die {y % S.NDICE}" if x == S.DT_ILLUSION else inst(y)
            lines.append(f"  {who(a)} {_POWER[x]} {target}")
        elif code == S.EV_MEDITATE:
            # y: the dice the seat chose to set; only active ones change (rules.meditate), listed after
            lines.append(f"  {who(a)} meditates: {x} card{'' if x == 1 else 's'} discarded")
        elif code == S.EV_ATTACK:
            lines.append(f"  {who(a)} attacks {who(x)} with {y} unit{'' if y == 1 else 's'}")
        elif code == S.EV_HIT_PB:
            src = inst(a) if a >= 0 else "the attackers"
            lines.append(f"    {src} deal {y} to {who(x)}'s Phoenixborn")
        elif code == S.EV_BATTLE:
            src = inst(a) if a >= 0 else "the attackers"
            lines.append(f"    battle: {src} vs {inst(x)}" + (" (countered)" if y else ""))
        elif code == S.EV_DESTROYED:
            lines.append(f"    {inst(y)} of {who(a)} is destroyed")
        elif code == S.EV_RECOVER:
            if y:
                lines.append(f"  {inst(x)} recovers {y}")
        elif code == S.EV_KEEP_DICE:
            lines.append(f"  {who(a)} keeps {x} active {'die' if x == 1 else 'dice'}")
        elif code == S.EV_TOKEN:
            lines.append(f"  first-player token to {who(a)}")
        elif code == S.EV_END:
            reason = S.END_REASONS[x]
            lines.append(f"game over: {who(a) if a >= 0 else 'draw'} wins ({reason})" if a >= 0
                         else f"game over: draw ({reason})")
        elif code == S.EV_DAMAGE:
            lines.append(f"    {inst(x)} receives {y} damage" + (f" from {who(a)}" if a >= 0 else ""))
        elif code == S.EV_PB_DAMAGE:
            lines.append(f"    {who(x)}'s Phoenixborn receives {y} damage" + (f" from {who(a)}" if a >= 0 else ""))
        elif code == S.EV_PREVENT:
            lines.append(f"    {who(a)}'s Protect prevents {y} damage to {inst(x)}")
        elif code == S.EV_TRIGGER:
            special = {-1: "a Phoenixborn", -4: "its owner's hand (Respark)", -5: "an opposing die"}
            target = inst(y) if y >= 0 else special.get(y, "nothing")
            lines.append(f"    {who(a)}: {names[x]} triggers on {target}")
        elif code == S.EV_LEAVES:
            lines.append(f"    {inst(y)} of {who(a)} leaves play")
        elif code == S.EV_END_OF_ROUND:
            lines.append(f"  end of round: {names[x]} of {who(a)} ({inst(y)})")
        elif code == S.EV_SPELL:
            target = inst(y) if y >= 0 else (f"{who(-y - 2)}" if y <= -2 else "a Phoenixborn")
            lines.append(f"    {names[x]} resolves on {target}")
        elif code == S.EV_EXTRA:
            lines.append(f"    {who(a)} pays for {names[x]}'s optional extra")
        elif code == S.EV_PB_STATUS:
            lines.append(f"  end of round {rnd}: {who(a)}'s {names[x]} {y}/{int(life[x])} wounds")
        else:
            lines.append(f"  event {code} ({a}, {x}, {y}) by {who(cur)}")
        if code in _PAYS:
            paid(a, code, x)
    list_dice()
    return lines


def replay(seed: int, game_id: int = 0, bots: Sequence[str] = ("balanced", "balanced"),
           setup: Mapping[str, Any] | None = None) -> tuple[list[str], int]:
    """Play one 2-player game with the trace on (compiled driver, every invariant checked) and
    return its log and the invariant violations seen."""
    for name in bots:
        if name not in B.PRESETS:
            raise ValueError(f"unknown ashes bot {name!r}; expected one of {sorted(B.PRESETS)}")
    ct = data.load_cards(setup=setup)
    rows = np.array([[B.PRESETS[name][k] for k in B.PARAMS] for name in bots], np.float64)
    st, bad = play_traced(S.new_state, data.tables(ct), game_id, root_seed_words(seed), 2, rows)
    return format_events(st.ev[0], int(st.ev_n[0]), ct, st.i_card[0], list(bots)), bad
