"""Wiz-War event codes -> a readable game log (``simlab replay wizwar``)."""

from __future__ import annotations

import numpy as np

from simlab.games.base import CardTable
from simlab.games.wizwar import rules as R
from simlab.games.wizwar import state as S
from simlab.games.wizwar.board import COLOURS

_WAYS = {R.WAY_DROP: "drops", R.WAY_FORCED: "is made to drop", R.WAY_DEATH: "falls from the dead wizard:",
         R.WAY_LANDS: "lands:"}


_WHY = {R.WHY_TOKENS: " (no energy token left)", R.WHY_OWNER: " (its caster ends it)",
        R.WHY_ENDED: "", R.WHY_DEATH: " (death)", R.WHY_WATER: " (washed off by water)",
        R.WHY_REPLACED: " (a new transformation)", R.WHY_LIMIT: " (over the hand limit)"}


def format_events(ev: np.ndarray, n: int, ct: CardTable, bot_names: list[str], sq_r: np.ndarray,
                  sq_c: np.ndarray, colours: np.ndarray, edge_sq: np.ndarray | None = None,
                  edge_side: np.ndarray | None = None) -> list[str]:
    """Turn the first ``n`` trace events of one game into lines of text. Squares are written as
    (row, column) of the map, row 0 north; a door as a square and the side it is on."""
    names = ct.names

    def who(p: int) -> str:
        p = int(p)
        col = COLOURS[int(colours[p])] if 0 <= p < len(colours) and colours[p] >= 0 else "?"
        return f"P{p + 1} {col} ({bot_names[p]})" if 0 <= p < len(bot_names) else f"P{p + 1}"

    def sq(x: int) -> str:
        return f"({int(sq_r[x])},{int(sq_c[x])})" if x >= 0 else "-"

    def door(e: int) -> str:
        if edge_sq is None or edge_side is None:
            return f"#{int(e)}"
        return f"{sq(int(edge_sq[int(e)]))}{'NESW'[int(edge_side[int(e)])]}"

    def treasure(j: int) -> str:
        return f"treasure {COLOURS[int(colours[int(j) // 2])]}#{int(j) % 2 + 1}"

    lines: list[str] = []
    for turn, p, code, a, x, y in ev[:n]:
        if code == R.EV_SETUP:
            lines.append(f"{who(a)} starts on its base {sq(y)}")
        elif code == R.EV_TREASURE:
            lines.append(f"  {treasure(a)} on {sq(x)}")
        elif code == R.EV_TURN:
            lines.append(f"--- turn {turn}, round {x}: {who(a)}, life {y}")
        elif code == R.EV_STUNNED:
            lines.append(f"  stunned this turn ({x} stun tokens left)")
        elif code == R.EV_MOVE:
            lines.append(f"  moves {sq(a)} -> {sq(x)} ({y} MP left)")
        elif code == R.EV_BOOST:
            lines.append(f"  speed boost: discards {names[a]} for {x} MP ({y} MP)")
        elif code == R.EV_PICKUP:
            then = {1: " for 1 MP (a golem)", 2: " with its extra arms"}.get(int(y), "; Move and Cast ends")
            lines.append(f"  picks up {treasure(a)} on {sq(x)}{then}")
        elif code == R.EV_DROP:
            lines.append(f"  {_WAYS.get(int(y), 'drops')} {treasure(a)} on {sq(x)}")
        elif code == R.EV_PUNCH:
            lines.append(f"  punches {who(a)}")
        elif code == R.EV_CAST:
            at = f" at {who(x)}" if x >= 0 else ""
            lines.append(f"  casts {names[a]}{at} (energy {y})")
        elif code == R.EV_COUNTER:
            extra = f", reduces by {y}" if y else ""
            lines.append(f"    {who(a)} counters with {names[x]}{extra}")
        elif code == R.EV_DAMAGE:
            lines.append(f"    {who(a)} takes {x} damage, life {y}")
        elif code == R.EV_STUN:
            lines.append(f"    {who(a)} gets {x} stun token(s)")
        elif code == R.EV_DEATH:
            by = f" killed by {who(x)}" if x >= 0 else ""
            lines.append(f"    {who(a)} dies{by}")
        elif code == R.EV_TAKE_HAND:
            lines.append(f"    {who(a)} takes the {x} hand card(s) of {who(y)}")
        elif code == R.EV_DRAW:
            lines.append(f"  {who(a)} draws {names[x]}")
        elif code == R.EV_DISCARD:
            why = {1: " (over the hand limit)", 2: " (Brainstone lost)", 3: " (before Brain Burn)"}.get(int(y), "")
            lines.append(f"  {who(a)} discards {names[x]}{why}")
        elif code == R.EV_RESHUFFLE:
            which = " of the second team (Custom Spellbook)" if x == 1 else ""
            lines.append(f"  the discard pile{which} is shuffled into a new deck ({a} cards)")
        elif code == R.EV_MAD_DASH:
            lines.append(f"    movement doubled: {a} MP")
        elif code == R.EV_NO_EFFECT:
            lines.append(f"    {names[a]} has no effect")
        elif code == R.EV_ITEM:
            if x == 1:
                lines.append(f"  discards the item {names[a]} to end a spell")
            else:
                lines.append(f"  plays the item {names[a]} (now carried)")
        elif code == R.EV_ITEM_DROP:
            lines.append(f"  {_WAYS.get(int(y), 'drops')} item {names[a]} on {sq(x)}")
        elif code == R.EV_ITEM_PICK:
            cost = " (extra arms: all items for 1 MP)" if y == 1 else " (1 MP)"
            lines.append(f"  picks up item {names[a]} on {sq(x)}{cost}")
        elif code == R.EV_THROW:
            lines.append(f"  throws {names[a]} at " + (who(x) if x >= 0 else "a square"))
        elif code == R.EV_STONES:
            boom = f", {y} Boomstone(s) explode" if y else ""
            lines.append(f"    fire destroys {x} magic stone(s) of {who(a)}{boom}")
        elif code == R.EV_LIFESTONE:
            lines.append(f"  Lifestone: life {x}")
        elif code == R.EV_ROLL:
            lines.append(f"    Mightstone rolls {a}")
        elif code == R.EV_UNLOCK:
            lines.append(f"  {names[a]} unlocks the door {door(x)}")
        elif code == R.EV_RELOCK:
            lines.append(f"  the door {door(a)} locks again behind the wizard")
        elif code == R.EV_SHIFT:
            lines.append(f"    {who(a)} is moved {sq(x)} -> {sq(y)}")
        elif code == R.EV_BOLT:
            lines.append(f"    the bolt enters {sq(a)}")
        elif code == R.EV_EVADE:
            lines.append(f"    {who(a)} is out of {who(x)}'s sight: the attack is evaded")
        elif code == R.EV_STORM:
            lines.append(f"  casts {names[a]} at the square {sq(x)} (energy {y})")
        elif code == R.EV_SHARE_LIFE:
            lines.append(f"    life shared: caster {a}, {who(x)} {y}")
        elif code == R.EV_STEAL:
            lines.append(f"    {who(a)} takes {names[x]} from the hand of {who(y)}")
        elif code == R.EV_ABSORB:
            lines.append(f"    {who(a)} takes the cancelled {names[x]} into its hand")
        elif code == R.EV_ADD:
            lines.append(f"  casts Add: {names[a]} and {names[x]} discarded for {y} energy")
        elif code == R.EV_SPELL_BEGINS:
            on = "the whole board" if x < 0 else who(x)
            lines.append(f"    {names[a]} is maintained on {on} ({y} energy token(s))")
        elif code == R.EV_SPELL_ENDS:
            lines.append(f"    {names[a]} of {who(x)} ends{_WHY.get(int(y), '')}")
        elif code == R.EV_TOKEN:
            lines.append(f"  {names[a]} loses an energy token ({x} left)")
        elif code == R.EV_ACID:
            lines.append(f"  Acid Bath burns {who(a)} for {x}")
        elif code == R.EV_PAIN_LINK:
            lines.append(f"    Pain Link: {who(a)} suffers the {x} damage too")
        elif code == R.EV_CLOAK:
            lines.append(f"    Fire Cloak burns {who(a)} for {x}")
        elif code == R.EV_FLOOD:
            where = "on the floor" if x < 0 else f"of {who(x)}"
            lines.append(f"    water destroys {names[a]} {where}")
        elif code == R.EV_WALL_GONE:
            lines.append(f"    the wall or door {door(a)} is destroyed")
        elif code == R.EV_WALL_MADE:
            lines.append(f"    a stone wall now stands on {door(a)}")
        elif code == R.EV_BLOCK:
            lines.append(f"    a stone block fills {sq(a)}")
        elif code == R.EV_BACKLASH:
            lines.append(f"    Backlash: {who(a)} suffers the spell's {x} energy as damage")
        elif code == R.EV_INVISIBLE:
            lines.append(f"    {who(a)} is invisible: rolls {x}, " + ("the attack is evaded" if y else "hit"))
        elif code == R.EV_SLOW_DEATH:
            lines.append(f"    Slow Death: {who(a)} suffers {x} for the card drawn")
        elif code == R.EV_TAKE_ITEM:
            lines.append(f"    {who(a)} takes the item {names[x]} of {who(y)} (now carried)")
        elif code == R.EV_WARD:
            drop = ": it drops the treasure" if y <= 2 else ""
            lines.append(f"    {who(a)} casts Ward on {who(x)}: 3 damage, rolls {y}{drop}")
        elif code == R.EV_TEAR:
            what = "fails" if y == -1 else ("tears away an item" if y == -2 else f"tears away {treasure(y)}")
            lines.append(f"  Strength: tries to tear from {who(a)}, rolls {x}: {what}")
        elif code == R.EV_FEATHER:
            rest = f", {y} damage left" if y else ""
            lines.append(f"    Featherweight: {who(a)} is pushed {x} square(s) instead{rest}")
        elif code == R.EV_FORM_ROLL:
            if y == R.ROLL_WEREWOLF:
                lines.append(f"    the werewolf {who(a)} rolls {x} for its punch")
            else:
                lines.append(f"    the gnome {who(a)} rolls {x}: " + ("evades the attack" if x <= 2 else "is hit"))
        elif code == R.EV_FORM_HIT:
            what = "the slime oozes over" if y == R.HIT_SLIME else "Disease strikes"
            lines.append(f"    {what} {who(a)} for {x}")
        elif code == R.EV_EARTH_WALL:
            lines.append(f"    a wall of earth rises in the line from {who(x)} to {who(a)}, "
                         "blocks the attack and collapses")
        elif code == R.EV_DOOR_MADE:
            lines.append(f"    a {COLOURS[int(x)]} door is created on {door(a)}")
        elif code == R.EV_SEAL:
            lines.append(f"    the door {door(a)} is " + ("sealed" if x else "no longer sealed"))
        elif code == R.EV_EAT:
            lines.append(f"    eats the wall {door(a)} and gains 2 life (life {x})")
        elif code == R.EV_ROTATE:
            turn = {1: "90 degrees clockwise", 2: "180 degrees", 3: "90 degrees counter-clockwise"}[int(x)]
            lines.append(f"    the {COLOURS[int(y)]} sector turns {turn}")
        elif code == R.EV_SIGHT:
            how = "around one corner" if a == R.SEE_BENT else f"as if cast from {sq(x)}"
            lines.append(f"    {'the spell is aimed' if y else 'one spell this turn may be aimed'} {how}")
        elif code == R.EV_HIT_OBJECT:
            what = f"the square {sq(-1 - int(x))}" if x < 0 else f"the wall or door {door(x)}"
            how = "a punch" if a < 0 else names[a]
            done = "dissolves it" if y < 0 else f"{y} damage"
            lines.append(f"  attacks {what} with {how}: {done}" if y >= 0 else f"  throws {how} at {what}: {done}")
        elif code == R.EV_CRACK:
            lines.append(f"    {x} crack(s), {y} on it now" if x > 0 else "    no crack")
        elif code == R.EV_OBJECT_GONE:
            lines.append(f"    the object filling {sq(a)} is destroyed")
        elif code == R.EV_FIRE_MADE:
            lines.append(f"    a Wall of Fire now burns on {door(a)}")
        elif code == R.EV_FIRE_BURNS:
            lines.append(f"    {who(a)} passes the Wall of Fire on {door(x)}: {y} fire damage")
        elif code == R.EV_BLADE:
            lines.append(f"  strikes {who(a)} with the Wizardblade, discarding {names[x]}: {y} damage")
        elif code == R.EV_BUSH:
            what = {S.FILL_ROSE: "Rosebush", S.FILL_THORN: "Thornbush"}.get(int(x), "Dust Cloud")
            lines.append(f"    a {what} fills {sq(a)}")
        elif code == R.EV_BUSH_HURTS:
            lines.append(f"    {who(a)} enters the bush or tacks on {sq(x)}: {y} physical damage")
        elif code == R.EV_DUST:
            bump = ": bumps into the wall (1 MP)" if x else ""
            lines.append(f"  leaves the Dust Cloud: the die says {'NESW'[int(a)]}{bump}")
        elif code == R.EV_GLUE:
            what = treasure(int(a)) if a < S.NTR else "a dropped item"
            lines.append(f"    Glue holds {what} in place")
        elif code == R.EV_TACKS:
            lines.append(f"  {'collects the tacks from' if x else 'drops a Handful of Tacks on'} {sq(a)}")
        elif code == R.EV_TRAP:
            text = ("    a Booby Trap token is laid on {}", "    a blank Booby Trap token on {} is discarded",
                    "    the Booby Trap on {} springs: 4 magical damage")[int(x)]
            lines.append(text.format(sq(a)))
        elif code == R.EV_END:
            reason = S.END_REASONS[int(a)]
            lines.append(f"=== game over ({reason}): " + ("draw" if x < 0 else f"{who(x)} wins"))
    return lines


