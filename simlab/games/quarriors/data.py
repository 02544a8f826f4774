"""cards.toml -> validated numpy tables for the kernel, with scenario overrides applied."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources
from typing import Any

import numpy as np

from simlab.games.base import CardTable, choose_variants
from simlab.games.quarriors import state as S

_FACE_KINDS = {"q": S.F_Q, "creature": S.F_CREATURE, "spell": S.F_SPELL, "draw": S.F_DRAW,
               "reroll": S.F_REROLL, "q_draw": S.F_QDRAW, "q_or_reroll": S.F_QORREROLL}
_KINDS = {"basic": S.K_BASIC, "creature": S.K_CREATURE, "spell": S.K_SPELL}
_TIMINGS = {"": S.T_NONE, "cast": S.T_CAST, "attach": S.T_ATTACH, "reaction": S.T_REACTION,
            "immediate": S.T_IMMEDIATE}
OVERRIDABLE = ("cost", "glory")
SETUP_KEYS = ("include", "exclude", "start_glory", "extra_quiddity", "first_turn_dice")
# Compensation setup options (issue 11): per seat, seat 1 first; a list shorter than the table is
# padded with the rulebook's value. key -> (rulebook value, lowest, highest, what it is).
SEAT_OPTIONS = {
    "start_glory": (0, 0, 10, "glory the seat starts with"),
    "extra_quiddity": (0, 0, S.MAX_EXTRA_Q, "extra Basic Quiddity dice in the seat's starting bag"),
    "first_turn_dice": (6, 1, 6, "dice the seat draws in its first turn"),
}


@lru_cache(maxsize=1)
def raw_data() -> dict[str, Any]:
    """The parsed cards.toml (cached; treat as read-only)."""
    text = resources.files("simlab.games.quarriors").joinpath("cards.toml").read_text("utf-8")
    return tomllib.loads(text)


# Variants that were offered once and dropped, with the reason (named in the error message).
RETIRED_VARIANTS = {
    "deathdealer_face6": "dropped in quarriors 1.2: its 'L1_3_2' value contradicts the rulebook's "
                         "phase-3 example, which rolls a level-2 Strong Deathdealer; the die keeps its "
                         "level-2 face",
}


def variant_choices() -> dict[str, tuple[str, ...]]:
    """Documented data variants: name -> allowed values (first is the default)."""
    return {k: tuple(v["values"]) for k, v in raw_data()["variants"].items()}


def _apply_variants(cards: list[dict], dice: dict[str, dict], chosen: dict[str, str]) -> None:
    """Apply the selected data variants to copies of the card and die rows."""
    if chosen["questing_wizard_draw"] == "2":
        dice["questing_wizard"]["faces"][0]["draw"] = 2
    if chosen["strong_quake_dragon"] == "8/4":
        for c in cards:
            if c["name"] == "Strong Quake Dragon":
                c["cost"], c["glory"] = 8, 4
    if chosen["scavenging_goblin_attack"] == "1":
        for f in dice["scavenging_goblin"]["faces"]:
            if f["kind"] == "creature":
                f["attack"] = 1
    if chosen["victory_die_face3"] == "draw2":
        dice["victory_spell"]["faces"][2] = {"kind": "draw", "draw": 2, "burst": 0}


def load_cards(cards: Mapping[str, Mapping[str, Any]] | None = None,
               variants: Mapping[str, str] | None = None,
               setup: Mapping[str, Any] | None = None) -> CardTable:
    """Build the engine's tables.

    Args:
        cards: per-card data overrides, e.g. ``{"Portal": {"cost": 3}}`` (fields: cost, glory).
        variants: documented data variants, e.g. ``{"questing_wizard_draw": "2"}``.
        setup: ``{"include": [names], "exclude": [names]}``: cards forced into or kept out of
            the Wilds (other creature and spell cards are drawn by the rulebook's procedure);
            and the compensation options, each a list of integers per seat (seat 1 first,
            padded with the rulebook's value): ``start_glory`` (0-10, rulebook 0),
            ``extra_quiddity`` (extra Basic Quiddity dice in the starting bag, 0-3, rulebook 0),
            ``first_turn_dice`` (dice drawn in the seat's first turn, 1-6, rulebook 6).

    Raises:
        KeyError: unknown card, field, variant or setup key (message lists what is allowed).
        ValueError: a bad value (negative cost, two included cards of one class, ...).
    """
    raw = raw_data()
    rows = [dict(c) for c in raw["card"]]
    dice = {d["id"]: {**d, "faces": [dict(f) for f in d["faces"]]} for d in raw["die"]}
    names = [c["name"] for c in rows]
    by_name = {n: i for i, n in enumerate(names)}

    chosen = choose_variants("quarriors", variant_choices(), variants, retired=RETIRED_VARIANTS)
    _apply_variants(rows, dice, chosen)

    for name, fields in (cards or {}).items():
        if name not in by_name:
            raise KeyError(f"unknown card {name!r} for quarriors; expected a name from `simlab cards quarriors`")
        for field, val in fields.items():
            if field not in OVERRIDABLE:
                raise KeyError(f"card {name!r}: unknown field {field!r}; expected one of {list(OVERRIDABLE)}")
            if not isinstance(val, int) or isinstance(val, bool) or val < 0 or val > 30:
                raise ValueError(f"card {name!r}: bad {field} {val!r}; expected an integer from 0 to 30")
            rows[by_name[name]][field] = val

    force = np.zeros(len(rows), np.int8)
    seat_opts = {k: np.full(S.MAXP, v[0], np.int16) for k, v in SEAT_OPTIONS.items()}
    for key, val in (setup or {}).items():
        if key not in SETUP_KEYS:
            raise KeyError(f"unknown setup key {key!r} for quarriors; expected one of {list(SETUP_KEYS)}")
        if key in SEAT_OPTIONS:
            seat_opts[key][:] = _seat_option(key, val)
            continue
        if isinstance(val, str) or not all(isinstance(v, str) for v in val):
            raise ValueError(f"setup {key!r}: expected a list of card names, got {val!r}")
        for n in val:
            if n not in by_name:
                raise KeyError(f"setup {key!r}: unknown card {n!r}; expected a name from `simlab cards quarriors`")
            if rows[by_name[n]]["kind"] == "basic":
                raise ValueError(f"setup {key!r}: {n!r} is a basic card, always in the Wilds")
            force[by_name[n]] = 1 if key == "include" else -1
    _check_setup(rows, force)

    die_ids = [d["id"] for d in raw["die"]]
    die_index = {d: i for i, d in enumerate(die_ids)}
    nt = len(die_ids)
    fk = np.zeros((nt, 6), np.int8)
    fq, fl, fa, fd, fb, fdr, fo = (np.zeros((nt, 6), np.int8) for _ in range(7))
    for i, did in enumerate(die_ids):
        for j, f in enumerate(dice[did]["faces"]):
            fk[i, j] = _FACE_KINDS[f["kind"]]
            fq[i, j] = f.get("q", 0)
            fl[i, j] = f.get("level", 0)
            fa[i, j] = f.get("attack", 0)
            fd[i, j] = f.get("defense", 0)
            fb[i, j] = f.get("burst", 0)
            fdr[i, j] = f.get("draw", 0)
            fo[i, j] = f.get("others", 0)
    arrays = dict(
        card_kind=np.array([_KINDS[c["kind"]] for c in rows], np.int8),
        card_class=np.array([sorted({c["class"] for c in rows}).index(c["class"]) for c in rows], np.int8),
        card_die=np.array([die_index[c["die"]] for c in rows], np.int8),
        card_cost=np.array([c["cost"] for c in rows], np.int16),
        card_glory=np.array([c["glory"] for c in rows], np.int16),
        card_effect=np.array([S.EFFECTS.index(c["effect"]) for c in rows], np.int16),
        card_timing=np.array([_TIMINGS[c.get("timing", "")] for c in rows], np.int8),
        card_force=force,
        f_kind=fk, f_q=fq, f_level=fl, f_atk=fa, f_def=fd, f_burst=fb, f_draw=fdr, f_others=fo,
        die_in_wilds=np.array([dice[d]["in_wilds"] for d in die_ids], np.int8),
        die_per_player=np.array([dice[d]["per_player"] for d in die_ids], np.int8),
        basic_cards=np.array([by_name["Basic Quiddity"], by_name["Assistant"], by_name["Portal"]], np.int16),
        seat_glory=seat_opts["start_glory"].astype(np.int16),
        seat_extra_q=seat_opts["extra_quiddity"].astype(np.int8),
        seat_first_draw=seat_opts["first_turn_dice"].astype(np.int8),
    )
    table_rows = [
        {"card": c["name"], "class": c["class"], "tier": c["tier"], "kind": c["kind"], "cost": c["cost"],
         "glory": c["glory"], "timing": c.get("timing", ""), "die": c["die"],
         "setup": {1: "include", -1: "exclude"}.get(int(force[i]), "")}
        for i, c in enumerate(rows)
    ]
    return CardTable(rows=table_rows, names=names, arrays=arrays, variant_choices=chosen)


def _seat_option(key: str, val: Any) -> np.ndarray:
    """A compensation option's per-seat values, validated and padded to MAXP seats."""
    default, lo, hi, what = SEAT_OPTIONS[key]
    expected = (f"expected a list of 1 to {S.MAXP} integers from {lo} to {hi} ({what}, seat 1 first; "
                f"the rulebook's value is {default})")
    if not isinstance(val, (list, tuple)) or not 1 <= len(val) <= S.MAXP:
        raise ValueError(f"setup {key!r}: got {val!r}; {expected}")
    for v in val:
        if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
            raise ValueError(f"setup {key!r}: bad value {v!r} in {val!r}; {expected}")
    out = np.full(S.MAXP, default, np.int16)
    out[: len(val)] = val
    return out


def _check_setup(rows: list[dict], force: np.ndarray) -> None:
    """Forced cards must leave a legal Wilds: one card per class, 7 creatures and 3 spells."""
    for kind, need in (("creature", S.N_CREATURE_SLOTS), ("spell", S.N_SPELL_SLOTS)):
        classes: dict[str, str] = {}
        for i, c in enumerate(rows):
            if c["kind"] == kind and force[i] == 1:
                if c["class"] in classes:
                    raise ValueError(f"setup 'include': {classes[c['class']]!r} and {c['name']!r} are both "
                                     f"of class {c['class']!r}; the Wilds hold one card per class")
                classes[c["class"]] = c["name"]
        if len(classes) > need:
            raise ValueError(f"setup 'include': {len(classes)} {kind} cards; the Wilds hold {need}")
        open_classes = {c["class"] for i, c in enumerate(rows) if c["kind"] == kind and force[i] >= 0}
        if len(open_classes) < need:
            raise ValueError(f"setup 'exclude' leaves {len(open_classes)} {kind} classes; the Wilds need {need}")


def tables(ct: CardTable) -> S.Tables:
    """The kernel's :class:`~simlab.games.quarriors.state.Tables` from a CardTable."""
    return S.Tables(**{k: ct.arrays[k] for k in S.Tables._fields})
