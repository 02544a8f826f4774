"""cards.toml -> validated numpy tables for the kernel, the deck, and the pool of dealt boards."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources
from typing import Any

import numpy as np

from simlab.games.base import CardTable, choose_variants
from simlab.games.wizwar import board as BD
from simlab.games.wizwar import state as S

__all__ = ["SCHOOLS", "FIRST_GAME", "raw_data", "variant_choices", "load_cards", "tables", "deal_pool",
           "pool_from_boards"]

SCHOOLS = ("cantrip", "alchemy", "conjuration", "elemental", "mentalism", "mutation", "thaumaturgy")
FIRST_GAME = ("alchemy", "elemental", "mentalism")  # R17: the rulebook's recommended first game
OVERRIDABLE = ("energy",)
SETUP_KEYS = ("schools", "schools_1")
POOL = 128          # boards dealt per player count and board set (docs/wizwar.md, "Boards in play")
POOL_SEED = 20111   # fixed: the pool is data, the same in every study


@lru_cache(maxsize=1)
def raw_data() -> dict[str, Any]:
    """The parsed cards.toml (cached; treat as read-only)."""
    text = resources.files("simlab.games.wizwar").joinpath("cards.toml").read_text("utf-8")
    return tomllib.loads(text)


def variant_choices() -> dict[str, tuple[str, ...]]:
    """Documented data variants: name -> allowed values (first is the default)."""
    return {k: tuple(v["values"]) for k, v in raw_data()["variants"].items()}


def _school_list(setup: Mapping[str, Any], key: str) -> tuple[str, ...]:
    """The three schools named by setup ``key``, checked (R16), in the rulebook's order."""
    val = setup[key]
    if not isinstance(val, list | tuple) or not all(isinstance(v, str) for v in val):
        raise ValueError(f"setup {key!r}: expected a list of three school names, got {val!r}")
    bad = [v for v in val if v not in SCHOOLS[1:]]
    if bad:
        raise KeyError(f"setup {key!r}: unknown school {bad[0]!r}; expected names from {list(SCHOOLS[1:])}")
    if len(val) != 3 or len(set(val)) != 3:
        raise ValueError(f"setup {key!r}: expected three different schools (R16), got {list(val)!r}")
    return tuple(sorted(val, key=SCHOOLS.index))


def _schools(chosen: dict[str, str], setup: Mapping[str, Any] | None) -> tuple[str, ...]:
    """The schools shuffled into the deck: White Cantrips plus three (R16) or all (R179)."""
    if setup and "schools" in setup:
        return ("cantrip",) + _school_list(setup, "schools")
    return ("cantrip",) + (FIRST_GAME if chosen["schools"] == "first_game" else SCHOOLS[1:])


def _second_deck(chosen: dict[str, str], first: tuple[str, ...],
                 setup: Mapping[str, Any] | None) -> tuple[str, ...] | None:
    """The second team's schools under the Custom Spellbook rule (R176), or None (one shared
    deck). Its cantrips are the Black class, the same twelve cards as the White (R14). The two
    teams draft the schools of one box, so no school is in both decks."""
    if not setup or "schools_1" not in setup:
        return None
    if chosen["schools"] == "all" and "schools" not in setup:
        raise ValueError("setup 'schools_1' (the Custom Spellbook, R176) cannot be combined with the variant "
                         "schools = 'all' (the Giant Book of Spells, R179); name the first deck's three "
                         "schools with setup 'schools'")
    second = _school_list(setup, "schools_1")
    both = [x for x in second if x in first]
    if both:
        raise ValueError(f"setup 'schools_1': school {both[0]!r} is already in the first deck {list(first[1:])}; "
                         "the two decks split the schools of one box (R176)")
    return ("cantrip",) + second


def load_cards(cards: Mapping[str, Mapping[str, Any]] | None = None,
               variants: Mapping[str, str] | None = None,
               setup: Mapping[str, Any] | None = None) -> CardTable:
    """Build the engine's card tables and the deck.

    Args:
        cards: per-card data overrides, e.g. ``{"Powerthrust": {"energy": 3}}`` (field: energy).
        variants: documented data variants (``schools``, ``board_set``, ``shield``).
        setup: ``{"schools": [three school names]}``: the deck's schools besides the cantrips.

    Raises:
        KeyError: unknown card, field, variant, setup key or school (message lists what is allowed).
        ValueError: a bad value.
    """
    raw = raw_data()
    rows = [dict(c) for c in raw["card"]]
    names = [c["name"] for c in rows]
    by_name = {n: i for i, n in enumerate(names)}
    chosen = choose_variants("wizwar", variant_choices(), variants)
    for name, fields in (cards or {}).items():
        if name not in by_name:
            raise KeyError(f"unknown card {name!r} for wizwar; expected a name from `simlab cards wizwar`")
        for fld, val in fields.items():
            if fld not in OVERRIDABLE:
                raise KeyError(f"card {name!r}: unknown field {fld!r}; expected one of {list(OVERRIDABLE)}")
            if not isinstance(val, int) or isinstance(val, bool) or not 0 <= val <= 9:
                raise ValueError(f"card {name!r}: bad {fld} {val!r}; expected an integer from 0 to 9")
            rows[by_name[name]][fld] = val
    for key in setup or {}:
        if key not in SETUP_KEYS:
            raise KeyError(f"unknown setup key {key!r} for wizwar; expected one of {list(SETUP_KEYS)}")
    schools = _schools(chosen, setup)
    second = _second_deck(chosen, schools, setup)
    chosen["deck"] = "+".join(schools) + ("" if second is None else " | " + "+".join(second))
    deck, team = [], []
    for k, books in enumerate((schools,) if second is None else (schools, second)):
        for i, c in enumerate(rows):
            if c["effect"] in S.IMPLEMENTED:
                copies = sum(c["copies"].get(sc, 0) for sc in books)
                deck += [i] * copies
                team += [k] * copies
    if len(deck) > S.MAXI:
        raise ValueError(f"deck of {len(deck)} cards exceeds the engine's {S.MAXI}")
    arrays = dict(
        card_type=np.array([S.TYPES.index(c["type"]) for c in rows], np.int8),
        card_effect=np.array([S.EFFECTS.index(c["effect"]) if c["effect"] in S.EFFECTS else S.E_OTHER
                              for c in rows], np.int8),
        card_energy=np.array([c["energy"] for c in rows], np.int8),
        card_fire=np.array([int("fire" in c["traits"]) for c in rows], np.int8),
        card_stone=np.array([int("magic_stone" in c["traits"]) for c in rows], np.int8),
        deck=np.array(deck, np.int16),
        deck_team=np.array(team, np.int8),
        n_decks=np.array([1 if second is None else 2], np.int8),
        shield_plus=np.array([2 if chosen["shield"] == "card" else 1], np.int8),
    )
    table_rows = [
        {"card": c["name"], "effect": c["effect"], "type": c["type"], "range": c["range"],
         "duration": c["duration"], "energy": c["energy"],
         "copies": sum(c["copies"].values()), "in_deck": deck.count(i),
         "implemented": c["effect"] in S.IMPLEMENTED, "uncertain": ",".join(c["uncertain"])}
        for i, c in enumerate(rows)
    ]
    return CardTable(rows=table_rows, names=names, arrays=arrays, variant_choices=chosen)


def pool_from_boards(boards: list[BD.Board]) -> dict[str, np.ndarray]:
    """The tables' board arrays (``g_*``) for a list of assembled boards of one arrangement:
    seat p plays the p-th smallest colour of each board (so, with the random slot order of
    :func:`board.build_board`, seats sit in random slots, A-2)."""
    geos, colours, bases, tstarts = [], [], [], []
    for bd in boards:
        players = len(bd.colours)
        geos.append(bd.geo)
        cs = sorted(bd.colours)
        colours.append(cs + [-1] * (S.MAXP - players))
        bases.append([bd.base(c) for c in cs] + [-1] * (S.MAXP - players))
        ts = []
        for c in cs:
            ts += bd.treasure_starts(c)
        tstarts.append(ts + [-1] * (S.NTR - len(ts)))
    out = {f"g_{f}": np.stack([getattr(g, f) for g in geos]) for f in BD.Geometry._fields}
    out["g_colours"] = np.array(colours, np.int8)
    out["g_base"] = np.array(bases, np.int16)
    out["g_tstart"] = np.array(tstarts, np.int16)
    out["g_sides"] = np.stack([bd.sides for bd in boards]).astype(np.int8)  # helper sight: Rotate Sector
    return out


@lru_cache(maxsize=16)
def deal_pool(players: int, board_set: str = "extracted", size: int = POOL) -> dict[str, np.ndarray]:
    """``size`` boards dealt as the rulebook's setup does (:func:`board.build_board`: random
    colours, slot order and rotations; R18, R20, A-21), stacked on a leading axis. Seeded by a
    fixed seed: the pool is part of the data. Cached per player count and board set."""
    return pool_from_boards([BD.build_board(players, np.random.SeedSequence([POOL_SEED, players, k]), board_set)
                             for k in range(size)])


def tables(ct: CardTable, players: int, pool: dict[str, np.ndarray] | None = None) -> S.Tables:
    """The kernel's :class:`~simlab.games.wizwar.state.Tables` for a CardTable and player count
    (``pool``: board arrays of one's own, e.g. a test's hand-made board)."""
    if pool is None:
        pool = deal_pool(players, ct.variant_choices.get("board_set", "extracted"))
    return S.Tables(**{k: (ct.arrays[k] if k in ct.arrays else pool[k]) for k in S.Tables._fields})
