"""cards.toml -> validated numpy tables for the Ashes kernel, and deck validation.

Deck rules (checklist rules 10-14, rulebook L1981-2083): a Phoenixborn, exactly 30 cards, at
most 3 copies of a name, Phoenixborn-unique cards only with their Phoenixborn, 10 dice of any
mix of types, and for every conjuration the deck's cards can bring in, exactly its limit of
copies in the conjuration pile. The First Five (rule 18) are 5 different names from the deck.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources
from typing import Any

import numpy as np

from simlab.games.ashes import state as S
from simlab.games.base import CardTable, choose_variants

MAX_COPIES = 3         # copies of one name per deck (rule 11)
SEAT_DECK_KEYS = tuple(f"deck_{p}" for p in range(S.MAXP))
SEAT_SWAP_KEYS = tuple(f"swap_{p}" for p in range(S.MAXP))
SETUP_KEYS = ("decks",) + SEAT_DECK_KEYS + SEAT_SWAP_KEYS
DECK_KEYS = ("phoenixborn", "cards", "dice", "conjurations", "first_five")
DEFAULT_DECKS = ("The Iron Men", "The Mist Guardian")

_COST_TERM = re.compile(r"^(?:(M)|(S)|(X)|D(\d+)|(\d+)B|(\d+)(Ce|Ch|Il|Na)-([cp]))$")
_STATX = {"": S.SX_NONE, "life": S.SX_LIFE, "attack": S.SX_ATTACK}
_SYMBOL = {"Ce": S.DT_CEREMONIAL, "Ch": S.DT_CHARM, "Il": S.DT_ILLUSION, "Na": S.DT_NATURAL}


@lru_cache(maxsize=1)
def raw_data() -> dict[str, Any]:
    """The parsed cards.toml (cached; treat as read-only)."""
    text = resources.files("simlab.games.ashes").joinpath("cards.toml").read_text("utf-8")
    return tomllib.loads(text)


def variant_choices() -> dict[str, tuple[str, ...]]:
    """Documented data variants: name -> allowed values (first is the default)."""
    return {k: tuple(v["values"]) for k, v in raw_data()["variants"].items()}


def card_names() -> list[str]:
    """Card names, index = card id (cards.toml order)."""
    return [c["name"] for c in raw_data()["card"]]


def effect_codes() -> list[str]:
    """Our effect codes, index = the ``card_effect`` value the kernel reads."""
    return list(S.EFFECTS)


def deck_titles() -> list[str]:
    """The six precon decks' titles."""
    return [d["title"] for d in raw_data()["deck"]]


def parse_cost(text: str, where: str = "cost") -> np.ndarray:
    """A cost string in our shorthand (``"M+1Ce-p+1Na-c+1B"``) as a vector (state.CO_* columns).

    Raises:
        ValueError: a term that is not M, S, X, Dn, nB or n<die>-c / n<die>-p.
    """
    out = np.zeros(S.NCOST, np.int8)
    if not text:
        return out
    for term in text.split("+"):
        m = _COST_TERM.match(term)
        if not m:
            raise ValueError(f"{where}: bad cost term {term!r} in {text!r}; expected M, S, X, Dn, nB, "
                             f"or n followed by Ce/Ch/Il/Na and -c (class) or -p (power)")
        main, side, exh, disc, basic, n, die, kind = m.groups()
        if main:
            out[S.CO_MAIN] = 1
        elif side:
            out[S.CO_SIDE] = 1
        elif exh:
            out[S.CO_EXHAUST] = 1
        elif disc:
            out[S.CO_DISCARD] += int(disc)
        elif basic:
            out[S.CO_BASIC] += int(basic)
        else:
            col = (S.CO_POWER if kind == "p" else S.CO_CLASS) + _SYMBOL[die]
            out[col] += int(n)
    return out


def _by_name() -> dict[str, dict[str, Any]]:
    return {c["name"]: c for c in raw_data()["card"]}


def _precon(title: str) -> dict[str, Any]:
    for d in raw_data()["deck"]:
        if d["title"] == title:
            return d
    raise ValueError(f"unknown deck {title!r}; expected one of {deck_titles()} or a deck table "
                     f"with keys {list(DECK_KEYS)}")


def validate_deck(deck: Mapping[str, Any]) -> None:
    """Check a deck against the deck-building rules (checklist rules 10-14, 18).

    Args:
        deck: ``phoenixborn`` (name), ``cards`` (name -> copies), ``dice`` (type -> count),
            ``conjurations`` (name -> copies), ``first_five`` (5 names).

    Raises:
        ValueError: naming the bad card, count or die and what the rules allow.
    """
    cards = _by_name()
    for key in deck:
        if key not in DECK_KEYS and key != "title":
            raise ValueError(f"deck: unknown key {key!r}; expected one of {list(DECK_KEYS)}")
    pb = deck.get("phoenixborn")
    if pb not in cards or cards[pb]["type"] != "phoenixborn":
        pbs = [n for n, c in cards.items() if c["type"] == "phoenixborn"]
        raise ValueError(f"deck 'phoenixborn': {pb!r} is not a Phoenixborn; expected one of {pbs}")
    total = 0
    for name, n in dict(deck.get("cards", {})).items():
        c = cards.get(name)
        if c is None:
            raise ValueError(f"deck 'cards': unknown card {name!r}; expected a name from cards.toml")
        if c["type"] in ("phoenixborn", "conjuration"):
            raise ValueError(f"deck 'cards': {name!r} is a {c['type']}; a deck holds only spells and allies "
                             f"(conjurations go in 'conjurations')")
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= MAX_COPIES:
            raise ValueError(f"deck 'cards': {name!r} x {n!r}; expected 1 to {MAX_COPIES} copies of a name")
        if c.get("unique", pb) != pb:
            raise ValueError(f"deck 'cards': {name!r} may be used only with {c['unique']}, not {pb}")
        total += n
    if total != S.DECK:
        raise ValueError(f"deck 'cards': {total} cards; a deck holds exactly {S.DECK}")
    ndice = 0
    for die, n in dict(deck.get("dice", {})).items():
        if die not in S.DIE_TYPES:
            raise ValueError(f"deck 'dice': unknown dice type {die!r}; expected one of {list(S.DIE_TYPES)}")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise ValueError(f"deck 'dice': {die} x {n!r}; expected a count from 0 to {S.NDICE}")
        ndice += n
    if ndice != S.NDICE:
        raise ValueError(f"deck 'dice': {ndice} dice; a deck has exactly {S.NDICE} (any mix of types)")
    # every conjuration the deck can bring in, at its limit; nothing else (rule 13)
    needed: dict[str, int] = {}
    for name in deck["cards"]:
        for conj in cards[name].get("conjurations", []):
            needed[conj] = cards[conj]["limit"]
    pile = dict(deck.get("conjurations", {}))
    for name, n in pile.items():
        if name not in needed:
            raise ValueError(f"deck 'conjurations': {name!r} is not brought in by any card of the deck; "
                             f"expected only {sorted(needed)}")
        if n != needed[name]:
            raise ValueError(f"deck 'conjurations': {name!r} x {n!r}; expected exactly its limit {needed[name]}")
        if cards[name].get("unique", pb) != pb:
            raise ValueError(f"deck 'conjurations': {name!r} may be used only with {cards[name]['unique']}, not {pb}")
    for name in needed:
        if name not in pile:
            raise ValueError(f"deck 'conjurations': {name!r} is missing; expected {needed[name]} copies "
                             f"(its limit) for the deck's cards that bring it in")
    if sum(needed.values()) > S.MAX_CONJ:
        raise ValueError(f"deck 'conjurations': {sum(needed.values())} cards; the engine holds at most {S.MAX_CONJ}")
    ff = list(deck.get("first_five", []))
    if len(ff) != S.FIRST_FIVE:
        raise ValueError(f"deck 'first_five': {len(ff)} cards; expected exactly {S.FIRST_FIVE}")
    for k, name in enumerate(ff):
        if name not in deck["cards"]:
            raise ValueError(f"deck 'first_five': {name!r} is not in the deck")
        if name in ff[:k]:
            raise ValueError(f"deck 'first_five': {name!r} twice; the First Five are 5 different names")


def swap_card(deck: Mapping[str, Any], out: str, into: str) -> dict[str, Any]:
    """A copy of ``deck`` (a deck table) with every copy of ``out`` replaced by as many of
    ``into`` (the deck-swap study's arm), its conjuration pile rebuilt for the new cards.

    The First Five: if ``out`` was one of them, ``into`` takes its slot, unless it is a reaction
    spell (the checklist's DP1 picks no reactions for the opening); then the deck's first card
    that is neither a reaction nor already among the five does.

    Raises:
        ValueError: ``out`` not in the deck, ``into`` unknown, already in the deck, or not legal
            for the deck's Phoenixborn (the message names the card and what was expected).
    """
    cards = _by_name()
    held = dict(deck["cards"])
    if out not in held:
        raise ValueError(f"swap: {out!r} is not in the deck; expected one of {sorted(held)}")
    c = cards.get(into)
    if c is None or c["type"] in ("phoenixborn", "conjuration"):
        raise ValueError(f"swap: {into!r} is not a deck card; expected a spell or ally name from cards.toml")
    if into in held:
        raise ValueError(f"swap: {into!r} is already in the deck; expected a card the deck does not hold")
    if c.get("unique", deck["phoenixborn"]) != deck["phoenixborn"]:
        raise ValueError(f"swap: {into!r} may be used only with {c['unique']}, not {deck['phoenixborn']}")
    new_cards = {(into if n == out else n): k for n, k in held.items()}
    conj: dict[str, int] = {}
    for name in new_cards:
        for cj in cards[name].get("conjurations", []):
            conj[cj] = cards[cj]["limit"]
    ff = list(deck["first_five"])
    if out in ff:
        k = ff.index(out)
        if c["type"] != "reaction_spell":
            ff[k] = into
        else:
            ff[k] = next(n for n in new_cards if n not in ff and cards[n]["type"] != "reaction_spell")
    return {"phoenixborn": deck["phoenixborn"], "cards": new_cards, "dice": dict(deck["dice"]),
            "conjurations": conj, "first_five": ff}


def swap_candidates(title: str) -> list[str]:
    """Every deck card of the core set that can replace a card of the precon ``title`` in the
    deck-swap study: legal for its Phoenixborn and not already in the deck (cards.toml order)."""
    deck = _precon(title)
    return [n for n, c in _by_name().items()
            if c["type"] not in ("phoenixborn", "conjuration") and n not in deck["cards"]
            and c.get("unique", deck["phoenixborn"]) == deck["phoenixborn"]]


def load_cards(cards: Mapping[str, Mapping[str, Any]] | None = None,
               variants: Mapping[str, str] | None = None,
               setup: Mapping[str, Any] | None = None) -> CardTable:
    """Build the engine's tables.

    Args:
        cards: per-card data overrides (none are supported yet: any entry is an error).
        variants: documented data variants, e.g. ``{"enchanted_violinist": "printed"}``.
        setup: ``decks``: one deck per seat (a precon title, or a table with the keys of
            :func:`validate_deck`), reused round-robin when shorter than the seats; default the
            Iron Men against the Mist Guardian. ``deck_0`` .. ``deck_3``: seat k's deck alone
            (overrides ``decks`` for that seat; a scenario sweeps them to pair decks).
            ``swap_0`` .. ``swap_3``: ``[out, into]``, seat k's deck with every copy of card
            ``out`` replaced by ``into`` (:func:`swap_card`; the deck-swap study).

    Raises:
        KeyError: unknown setup key.
        ValueError: a bad variant value or an illegal deck.
    """
    raw = raw_data()
    rows = [dict(c) for c in raw["card"]]
    names = [c["name"] for c in rows]
    by_name = {n: i for i, n in enumerate(names)}
    if cards:
        raise KeyError(f"card overrides are not supported for ashes yet; got {sorted(cards)}")
    chosen = choose_variants("ashes", variant_choices(), variants)
    if chosen["enchanted_violinist"] == "printed":
        rows[by_name["Enchanted Violinist"]]["cost"] = "M"
    opts = {"decks": list(DEFAULT_DECKS)}
    for key, val in (setup or {}).items():
        if key not in SETUP_KEYS:
            raise KeyError(f"unknown setup key {key!r} for ashes; expected one of {list(SETUP_KEYS)}")
        opts[key] = val
    decks = opts["decks"]
    if not isinstance(decks, list) or not 1 <= len(decks) <= S.MAXP:
        raise ValueError(f"setup 'decks': expected a list of 1 to {S.MAXP} decks (one per seat), got {decks!r}")
    decks = [decks[p % len(decks)] for p in range(S.MAXP)]
    for p, key in enumerate(SEAT_DECK_KEYS):
        if key in opts:
            decks[p] = opts[key]
    titles = deck_titles()
    deck_ids = []
    for p, d in enumerate(decks):
        if not isinstance(d, str | Mapping):
            raise ValueError(f"setup deck of seat {p}: expected a precon title or a deck table, got {d!r}")
        deck_ids.append(titles.index(d) if isinstance(d, str) and d in titles else -1)
    decks = [_precon(d) if isinstance(d, str) else d for d in decks]
    for p, key in enumerate(SEAT_SWAP_KEYS):
        if key in opts:
            pair = opts[key]
            if not (isinstance(pair, list | tuple) and len(pair) == 2 and all(isinstance(x, str) for x in pair)):
                raise ValueError(f"setup {key!r}: expected [card out, card in] (two card names), got {pair!r}")
            validate_deck(decks[p])
            decks[p] = swap_card(decks[p], pair[0], pair[1])
            deck_ids[p] = -1
    for d in decks:
        validate_deck(d)

    nc = len(rows)
    if nc > S.NCARD_MAX:
        raise ValueError(f"cards.toml has {nc} cards; the engine holds at most {S.NCARD_MAX}")
    effects = effect_codes()
    for c in rows:
        if c["effect"] not in effects:
            raise ValueError(f"card {c['name']!r}: unknown effect {c['effect']!r}; expected one of state.EFFECTS")
    summoner = {c["conjurations"][0]: by_name[c["name"]] for c in rows
                if c["type"] == "ready_spell" and "conjurations" in c}
    types = [S.CARD_TYPES.index(c["type"]) for c in rows]
    place = [S.PLACEMENTS.index(c.get("placement", "none")) for c in rows]
    arrays = dict(
        card_type=np.array(types, np.int8),
        card_place=np.array(place, np.int8),
        card_cost=np.stack([parse_cost(c.get("cost", ""), f"card {c['name']!r} cost") for c in rows]),
        card_act=np.stack([parse_cost(c.get("activation", ""), f"card {c['name']!r} activation")
                           for c in rows]),
        card_attack=np.array([c.get("attack", 0) for c in rows], np.int8),
        card_life=np.array([c.get("life", 0) for c in rows], np.int8),
        card_recover=np.array([c.get("recover", 0) for c in rows], np.int8),
        card_bf=np.array([c.get("battlefield", 0) for c in rows], np.int8),
        card_sb=np.array([c.get("spellboard", 0) for c in rows], np.int8),
        card_mod=np.array([[c.get("attack_mod", 0), c.get("life_mod", 0), c.get("recover_mod", 0)]
                           for c in rows], np.int8),
        card_limit=np.array([c.get("limit", 0) for c in rows], np.int8),
        card_unique=np.array([by_name[c["unique"]] if "unique" in c else -1 for c in rows], np.int16),
        card_effect=np.array([effects.index(c["effect"]) for c in rows], np.int16),
        card_focus=np.array([c.get("focus", 0) for c in rows], np.int8),
        card_conj=np.array([by_name[c["conjurations"][0]] if "conjurations" in c else -1 for c in rows], np.int16),
        card_summoner=np.array([summoner.get(n, -1) for n in names], np.int16),
        card_statx=np.array([_STATX[c.get("stat_x", "")] for c in rows], np.int8),
        card_impl=np.array([c["effect"] in S.IMPLEMENTED for c in rows], np.int8),
        card_kw=np.array([sum(1 << S.KEYWORDS.index(k) for k in c.get("keywords", [])) for c in rows], np.int16),
        card_respark=np.stack([parse_cost(c.get("respark", ""), f"card {c['name']!r} respark")
                               for c in rows]),
        rule_opt=np.array([chosen["ddr_order"] == "own_first", chosen["pb_double_ko"] == "draw"], np.int8),
    )
    seat_pb = np.zeros(S.MAXP, np.int16)
    seat_deck = np.zeros((S.MAXP, S.DECK), np.int16)
    seat_conj = np.full((S.MAXP, S.MAX_CONJ), -1, np.int16)
    seat_dice = np.zeros((S.MAXP, S.NDICE), np.int8)
    seat_ff = np.zeros((S.MAXP, S.FIRST_FIVE), np.int16)
    for p in range(S.MAXP):
        d = decks[p]
        seat_pb[p] = by_name[d["phoenixborn"]]
        seat_deck[p] = [by_name[n] for n, k in d["cards"].items() for _ in range(k)]
        conj = [by_name[n] for n, k in d["conjurations"].items() for _ in range(k)]
        seat_conj[p, :len(conj)] = conj
        seat_dice[p] = [S.DIE_TYPES.index(t) for t, k in d["dice"].items() for _ in range(k)]
        seat_ff[p] = [by_name[n] for n in d["first_five"]]
    arrays.update(seat_pb=seat_pb, seat_deck=seat_deck, seat_conj=seat_conj, seat_dice=seat_dice,
                  seat_ff=seat_ff)
    # results only (not a kernel table): each seat's precon index in deck_titles(), -1 = custom
    arrays["seat_deck_id"] = np.array(deck_ids, np.int16)
    table_rows = [{"card": c["name"], "type": c["type"], "cost": c.get("cost", ""),
                   "activation": c.get("activation", ""), "attack": c.get("attack", ""),
                   "life": c.get("life", ""), "recover": c.get("recover", ""), "effect": c["effect"],
                   "implemented": c["effect"] in S.IMPLEMENTED} for c in rows]
    return CardTable(rows=table_rows, names=names, arrays=arrays, variant_choices=chosen)


def tables(ct: CardTable) -> S.Tables:
    """The kernel's :class:`~simlab.games.ashes.state.Tables` from a CardTable."""
    return S.Tables(**{k: ct.arrays[k] for k in S.Tables._fields})
