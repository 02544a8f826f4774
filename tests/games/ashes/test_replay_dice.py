"""The replay names the dice: each pool rolled, the dice kept at recovery, the faces meditation
sets, and the cost paid for every play, activation and ability (trace.py; EV_DIE, EV_PAID,
EV_COST, EV_PB_STATUS)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

from simlab.games.ashes import state as S
from simlab.games.ashes import trace

REFERENCE = Path("/work/shared/reference/ashes/core_cards.json")
DIE = re.compile(r"\b(ceremonial|charm|illusion|natural) (power|class|basic)(?: x(\d+))?")
GROUP = re.compile(r"\b(ceremonial|charm|illusion|natural) (power|class|basic) x(\d+)")


@pytest.fixture(scope="module")
def seed1() -> list[str]:
    lines, bad = trace.replay(1)
    assert bad == 0
    return lines


def round_lines(lines: list[str], rnd: int) -> list[str]:
    start = lines.index(next(line for line in lines if line.startswith(f"round {rnd} ")))
    end = next((k for k in range(start + 1, len(lines)) if lines[k].startswith("round ")), len(lines))
    return lines[start:end]


def test_paid_text_maps_each_cost_part_to_its_dice():
    """The cost parts in the engine's order (power, class, basic) with the dice that paid them;
    dice that do not fit the cost are listed alone."""
    cost = np.zeros(S.NCOST, np.int8)
    cost[S.CO_POWER + S.DT_ILLUSION] = 1
    cost[S.CO_BASIC] = 1
    dice = [(S.DT_CHARM, S.F_BASIC), (S.DT_ILLUSION, S.F_POWER)]
    assert trace.paid_text(dice, cost) == "illusion power, 1 basic [charm basic]"
    cost[S.CO_BASIC] = 0
    cost[S.CO_CLASS + S.DT_CHARM] = 1
    assert trace.paid_text(dice, cost) == "charm basic, illusion power"  # a basic face pays no class cost
    assert trace.paid_text([], cost) == "no dice"
    pool = [(S.DT_NATURAL, S.F_BASIC), (S.DT_CEREMONIAL, S.F_POWER), (S.DT_CEREMONIAL, S.F_POWER)]
    assert trace.dice_text(pool) == "ceremonial power x2, natural basic x1"


def test_round_2_names_every_die_rolled(seed1):
    """After the prepare-phase roll of round 2 each seat's whole active pool is listed by type
    and face: 10 dice, all of them rolled (both seats exhausted every die in round 1)."""
    rolls = [line for line in round_lines(seed1, 2) if " rolls " in line]
    assert len(rolls) == 2
    for line in rolls:
        m = re.search(r"rolls (\d+) exhausted dice; active dice \((\d+)\): (.*)$", line)
        assert m, line
        groups = GROUP.findall(m.group(3))
        assert sum(int(k) for _, _, k in groups) == int(m.group(2)) == 10
        assert len(groups) == len(m.group(3).split(", "))  # nothing but dice


def test_first_round_dice_come_from_the_setup_roll(seed1):
    """Round 1 rolls no exhausted die: its pools are the first-player roll's, listed there and
    again at the prepare phase; the basic symbols shown match the pool listed."""
    for line in (x for x in seed1 if "first-player roll" in x):
        shown = int(re.search(r"shows (\d+) basic", line).group(1))
        groups = GROUP.findall(line)
        assert sum(int(k) for _, _, k in groups) == 10
        assert sum(int(k) for _, f, k in groups if f == "basic") == shown
    for line in (x for x in round_lines(seed1, 1) if " rolls " in x):
        assert "rolls 0 exhausted dice; active dice (10): " in line


def test_kept_dice_and_meditation_faces_are_named():
    """Recovery lists the dice each seat keeps (as many as it says); a meditation that sets dice
    names the faces set."""
    for seed in (1, 2, 3):
        lines, _ = trace.replay(seed, 0, bots=("aggro", "control"))
        for line in (x for x in lines if " keeps " in x):
            kept = int(re.search(r"keeps (\d+) active di(c)?e", line).group(1))
            assert sum(int(k) for _, _, k in GROUP.findall(line)) == kept, line
        for line in (x for x in lines if " meditates: " in x):
            n = int(re.search(r"meditates: (\d+) cards? discarded", line).group(1))
            assert "(side action)" in line
            assert sum(int(k) for _, _, k in GROUP.findall(line)) <= n, line  # at most 1 die per card


def _reference_costs() -> dict[str, list[dict]]:
    return {c["name"]: c["cost"] or [] for c in json.loads(REFERENCE.read_text(encoding="utf-8"))}


def _pays(dice: list[tuple[str, str]], cost: list[dict]) -> bool:
    """The dice pay exactly the magic of ``cost`` (rule 25: a power face pays a power, class or
    basic cost of its type; a class face a class cost of its type or a basic cost; a basic face
    a basic cost)."""
    left = list(dice)

    def take(kind: str, faces: tuple[str, ...]) -> bool:
        for face in faces:
            for k, (t, f) in enumerate(left):
                if f == face and (kind == "any" or t == kind):
                    del left[k]
                    return True
        return False

    magic = [c for c in cost if c["kind"] == "magic"]
    for part in sorted(magic, key=lambda c: ("power", "class", "basic").index(c["class"])):
        faces = {"power": ("power",), "class": ("class", "power"), "basic": ("basic", "class", "power")}[part["class"]]
        kind = part["dice"] if part["class"] != "basic" else "any"
        for _ in range(part["n"]):
            if not take(kind, faces):
                return False
    return not left


@pytest.mark.skipif(not REFERENCE.exists(), reason="the shared Ashes reference is not on this machine")
@pytest.mark.parametrize("seed,bots", [(1, "balanced,balanced"), (2, "aggro,control"), (3, "random,balanced")])
def test_every_play_carries_its_cost(seed, bots):
    """Each "plays" line says which action it took and which dice paid it, and those dice pay the
    card's printed cost exactly (the reference card list, not the engine's table)."""
    costs = _reference_costs()
    lines, bad = trace.replay(seed, 0, bots=tuple(bots.split(",")))
    assert bad == 0
    plays = [line for line in lines if " plays " in line]
    assert plays
    for line in plays:
        m = re.search(r" plays (.+?) \((main|side) action; paid: (.*)\)$", line)
        assert m, line
        card, action, paid = m.groups()
        cost = costs[card]
        assert any(c["kind"] == action for c in cost), line
        paid = re.sub(r"[a-z0-9 ]+ \[([^\]]*)\]", r"\1", paid)  # a cost part -> the dice that paid it
        dice = [(t, f) for t, f, k in DIE.findall(paid) for _ in range(int(k or 1))]
        assert _pays(dice, cost), line


def test_actions_and_abilities_carry_their_cost(seed1):
    """Activations, Phoenixborn abilities and dice powers say what they paid; a dice power pays
    its own power die with the side action."""
    for line in seed1:
        if " uses the Phoenixborn ability " in line or re.search(r" (natural|charm|ceremonial|illusion) power: ", line):
            assert "paid: " in line, line
        if re.search(r"\) (natural|charm|ceremonial|illusion) power: ", line):
            kind = re.search(r"\) (\w+) power: ", line).group(1)
            assert f"(side action; paid: {kind} power)" in line, line
    assert any(" activates " in line and "paid: " in line for line in seed1)
    for line in (x for x in seed1 if "illusion power: exhausts" in x):
        assert DIE.search(line.split("; that die showed ")[1]), line


def test_end_of_round_phoenixborn_wounds(seed1):
    """Each completed round ends with each Phoenixborn's wounds out of its life."""
    status = [line for line in seed1 if line.startswith("  end of round ") and " wounds" in line]
    rounds = [line for line in seed1 if line.startswith("round ")]
    assert len(status) >= 2 * (len(rounds) - 1)
    assert re.fullmatch(r"  end of round 1: P1 \(balanced\)'s .+ \d+/\d+ wounds", status[0])
