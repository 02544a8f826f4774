"""cards.toml -> validated numpy tables for the kernel, with scenario overrides applied."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources
from typing import Any

import numpy as np

from simlab.games.base import CardTable, choose_variants
from simlab.games.seasons import state as S

OVERRIDABLE = ("prestige", "water", "earth", "fire", "air", "crystals")
SETUP_KEYS = ("deck", "expansion_cards", "tokens", "token_prestige", "enchantment", "include", "exclude",
              "tie_break", "round_structure")
# setup options with a fixed set of values: key -> (default first, then the alternatives)
SETUP_CHOICES = {"tie_break": ("cards_in_play", "shared"), "round_structure": ("dice_first", "die_per_turn")}
DECKS = ("full", "beginner")
_KINDS = {"item": S.K_ITEM, "familiar": S.K_FAMILIAR}
_TIMING = {"enter": S.TM_ENTER, "permanent": S.TM_PERMANENT, "activated": S.TM_ACTIVATED}
_LETTER = {"w": S.WATER, "e": S.EARTH, "f": S.FIRE, "a": S.AIR}
_RES = ("water", "earth", "fire", "air", "crystals")

# The bots' rough worth of each effect, in prestige points, and whether it is an engine card
# (economy that pays over several rounds). Our estimates, tuned by play, not card text.
BOT_HINTS: dict[str, tuple[float, float]] = {
    "amulet_air": (4, 0), "amulet_fire": (3, 0), "amulet_earth": (9, 0), "balance_ishtar": (6, 1),
    "staff_spring": (6, 1), "temporal_boots": (1, 0), "purse_io": (5, 1), "divine_chalice": (8, 0),
    "syllas": (5, 0), "figrim": (4, 1), "naria": (3, 0), "wondrous_chest": (5, 1),
    "beggars_horn": (3, 1), "kairn": (4, 1), "amsug": (1, 0), "grimoire": (4, 1),
    "ragfield_helm": (6, 0), "hand_fortune": (5, 1), "lewis": (3, 0), "runic_cube": (0, 0),
    "potion_power": (4, 0), "potion_dreams": (4, 0), "potion_knowledge": (5, 0),
    "potion_life": (8, 0), "hourglass": (4, 1), "scepter": (5, 0), "olaf_statue": (20, 0),
    "yjang_vase": (4, 1), "tree_light": (4, 1), "arcano_leech": (3, 1), "vampiric_crown": (3, 0),
    "dragon_skull": (4, 0), "demon_argos": (3, 0), "titus": (4, 1), "air_elemental": (2, 0),
    "thieving_fairies": (3, 1), "cursed_treatise": (13, 0), "idol_familiar": (11, 1),
    "necrotic_kriss": (3, 1), "lantern_xidit": (8, 0), "sealed_chest": (6, 0),
    "pendant_ragnor": (3, 0), "sid": (4, 0), "mesodae_lantern": (8, 1), "argos_hawk": (11, 0),
    "warden_argos": (2, 0), "ratty": (3, 0), "amulet_time": (3, 0),
    "amulet_water": (4, 0), "glutton_cauldron": (8, 1), "jewel_ancients": (10, 1),
    "fairy_monolith": (1, 1), "die_malice": (3, 1), "steadfast_die": (3, 1), "damned_soul": (8, 0),
    "heart_argos": (2, 1), "horn_plenty": (3, 1), "statue_eolis": (3, 1), "io_transmuter": (4, 1),
    "throne_renewal": (3, 0), "potion_resurrection": (3, 0), "selenia_codex": (2, 0),
    "familiar_catcher": (3, 0), "scroll_ishtar": (3, 0), "crystal_orb": (3, 1),
    "arcane_telescope": (0, 0), "elemental_amulet": (8, 0), "mirror_seasons": (2, 1),
    "shield_zira": (6, 0),
}


@lru_cache(maxsize=1)
def raw_data() -> dict[str, Any]:
    """The parsed cards.toml (cached; treat as read-only)."""
    text = resources.files("simlab.games.seasons").joinpath("cards.toml").read_text("utf-8")
    return tomllib.loads(text)


def variant_choices() -> dict[str, tuple[str, ...]]:
    """Documented data variants: name -> allowed values (first is the default)."""
    return {k: tuple(v["values"]) for k, v in raw_data()["variants"].items()}


def card_names() -> list[str]:
    """Power card names, index = card id (base 1-50, then Enchanted Kingdom 1-20)."""
    return [c["name"] for c in raw_data()["card"]]


def enchantment_names() -> list[str]:
    return [e["name"] for e in raw_data()["enchantment"]]


def is_implemented(card: Mapping[str, Any]) -> bool:
    return card["effect"] in S.IMPLEMENTED


def _costs(c: Mapping[str, Any]) -> np.ndarray:
    """(3, 5) cost for 2, 3, 4 players."""
    out = np.zeros((3, 5), np.int8)
    for k, res in enumerate(_RES):
        out[:, k] = c["cost"].get(res, 0)
    for n, cost in c.get("cost_by_players", {}).items():
        for k, res in enumerate(_RES):
            out[int(n) - 2, k] = cost.get(res, 0)
    return out


def load_cards(cards: Mapping[str, Mapping[str, Any]] | None = None,
               variants: Mapping[str, str] | None = None,
               setup: Mapping[str, Any] | None = None) -> CardTable:
    """Build the engine's tables.

    Args:
        cards: per-card data overrides, e.g. ``{"Amulet of Earth": {"prestige": 5}}`` (fields:
            prestige and the cost's water, earth, fire, air, crystals; a player-count-dependent
            cost is replaced for every player count).
        variants: documented data variants, e.g. ``{"balance_ishtar": "first_printing"}``.
        setup: ``deck`` ("full" = base cards 1-50, "beginner" = 1-30), ``expansion_cards``
            (bool, default true: the 20 Enchanted Kingdom cards), ``tokens`` (bool, default true:
            special-ability tokens), ``token_prestige`` (a table token number -> printed prestige
            replacing the value on the token's back, e.g. ``{"8": 12}``), ``enchantment``
            ("random" default, "none", or a name),
            ``include`` / ``exclude`` (card names forced into / kept out of the deck; including
            a card whose effect is not implemented yet is an error), ``tie_break``
            ("cards_in_play" default: equal best prestige goes to the tied player with more
            cards in play; "shared": a tie shares the win), ``round_structure`` ("dice_first"
            default: every player takes a die before the first turn; "die_per_turn": each player
            takes a die at the start of its own turn, simlab's structure before version 0.2).

    Raises:
        KeyError: unknown card, field, variant, setup key or enchantment.
        ValueError: a bad value, or an unimplemented card forced into play.
    """
    raw = raw_data()
    rows = [dict(c, cost=dict(c["cost"])) for c in raw["card"]]
    names = [c["name"] for c in rows]
    by_name = {n: i for i, n in enumerate(names)}

    chosen = choose_variants("seasons", variant_choices(), variants)
    rules = np.zeros(8, np.int16)
    rules[S.R_ISHTAR_N], rules[S.R_ISHTAR_CRYSTALS] = 3, 9
    rules[S.R_IDOL_ENTER] = 10
    if chosen["balance_ishtar"] == "first_printing":
        rules[S.R_ISHTAR_N], rules[S.R_ISHTAR_CRYSTALS] = 4, 12
        rows[by_name["Balance of Ishtar"]]["cost"] = {"crystals": 6}
    if chosen["idol_familiar"] == "first_printing":
        rules[S.R_IDOL_ENTER] = 0
    if chosen["shield_zira_cost"] == "air":
        rows[by_name["Shield of Zira"]]["cost"] = {"air": 1}
    if chosen["steadfast_die_cost"] == "earth_air":
        rows[by_name["Steadfast Die"]]["cost"] = {"earth": 1, "air": 1}
    pen = [int(x) for x in chosen["bonus_penalty"].split("/")]
    rules[S.R_BONUS1], rules[S.R_BONUS2], rules[S.R_BONUS3] = pen

    for name, fields in (cards or {}).items():
        if name not in by_name:
            raise KeyError(f"unknown card {name!r} for seasons; expected a name from `simlab cards seasons`")
        row = rows[by_name[name]]
        for field, val in fields.items():
            if field not in OVERRIDABLE:
                raise KeyError(f"card {name!r}: unknown field {field!r}; expected one of {list(OVERRIDABLE)}")
            lo = -30 if field == "prestige" else 0
            if not isinstance(val, int) or isinstance(val, bool) or not lo <= val <= 60:
                raise ValueError(f"card {name!r}: bad {field} {val!r}; expected an integer from {lo} to 60")
            if field == "prestige":
                row["prestige"] = val
            else:
                row["cost"][field] = val
                for by in row.get("cost_by_players", {}).values():
                    by[field] = val

    opts = {"deck": "full", "expansion_cards": True, "tokens": True, "enchantment": "random",
            "include": [], "exclude": [], "token_prestige": {}}
    opts.update({k: v[0] for k, v in SETUP_CHOICES.items()})
    for key, val in (setup or {}).items():
        if key not in SETUP_KEYS:
            raise KeyError(f"unknown setup key {key!r} for seasons; expected one of {list(SETUP_KEYS)}")
        opts[key] = val
    for key, allowed_values in SETUP_CHOICES.items():
        if opts[key] not in allowed_values:
            raise ValueError(f"setup {key!r}: bad value {opts[key]!r}; expected one of {list(allowed_values)}")
    rules[S.R_TIE_SHARED] = opts["tie_break"] == "shared"
    rules[S.R_DIE_PER_TURN] = opts["round_structure"] == "die_per_turn"
    if opts["deck"] not in DECKS:
        raise ValueError(f"setup 'deck': bad value {opts['deck']!r}; expected one of {list(DECKS)}")
    for key in ("expansion_cards", "tokens"):
        if not isinstance(opts[key], bool):
            raise ValueError(f"setup {key!r}: expected true or false, got {opts[key]!r}")
    ench_names = enchantment_names()
    ench = opts["enchantment"]
    if ench == "random":
        enchant_pool = np.array([i for i, e in enumerate(raw["enchantment"])
                                 if e["effect"] in S.IMPLEMENTED_ENCHANTMENTS], np.int8)
    elif ench == "none":
        enchant_pool = np.zeros(0, np.int8)
    elif ench in ench_names:
        enchant_pool = np.array([ench_names.index(ench)], np.int8)
    else:
        raise KeyError(f"setup 'enchantment': unknown {ench!r}; expected 'random', 'none' or one of {ench_names}")

    force = np.zeros(len(rows), np.int8)
    for key in ("include", "exclude"):
        val = opts[key]
        if isinstance(val, str) or not all(isinstance(v, str) for v in val):
            raise ValueError(f"setup {key!r}: expected a list of card names, got {val!r}")
        for n in val:
            if n not in by_name:
                raise KeyError(f"setup {key!r}: unknown card {n!r}; expected a name from `simlab cards seasons`")
            if key == "include" and not is_implemented(rows[by_name[n]]):
                raise ValueError(f"setup 'include': {n!r} (effect {rows[by_name[n]]['effect']!r}) is not "
                                 f"implemented yet in simlab's Seasons engine; see docs/seasons.md")
            force[by_name[n]] = 1 if key == "include" else -1

    in_deck = []
    for i, c in enumerate(rows):
        base_ok = c["set"] == "base" and (opts["deck"] == "full" or c["number"] <= 30)
        ek_ok = c["set"] == "ek" and opts["expansion_cards"]
        use = (base_ok or ek_ok) and is_implemented(c)
        if force[i] == 1:
            use = True
        if force[i] == -1:
            use = False
        in_deck.append(use)
    inst = np.array([i for i, u in enumerate(in_deck) if u for _ in range(2)], np.int16)
    if inst.size < 9 * 4 + 18:
        raise ValueError(f"the deck has {inst.size} cards; the prelude of 4 players needs at least 54")

    faces_e = np.zeros((S.NSEASON, S.NDIE, 6, S.NEN), np.int8)
    faces_c = np.zeros((S.NSEASON, S.NDIE, 6), np.int8)
    faces_f = np.zeros((S.NSEASON, S.NDIE, 6), np.int8)
    faces_p = np.zeros((S.NSEASON, S.NDIE, 6), np.int8)
    for si, season in enumerate(S.SEASON_NAMES):
        dice = raw["dice"][season]
        for di in range(S.NDIE):
            for fi, code in enumerate(dice[f"die_{di + 1}"]):
                en, cr, fl, pips = code.split("|")
                for ch in en.replace("-", ""):
                    faces_e[si, di, fi, _LETTER[ch]] += 1
                faces_c[si, di, fi] = int(cr)
                faces_f[si, di, fi] = (S.FF_STAR * ("s" in fl) + S.FF_TRANS * ("t" in fl)
                                       + S.FF_DRAW * ("d" in fl))
                faces_p[si, di, fi] = int(pips)
    trans = np.array([raw["transmutation"][s] for s in S.SEASON_NAMES], np.int8)

    token_prestige = np.zeros(13, np.int16)
    for tk in raw["token"]:
        token_prestige[tk["id"]] = tk["prestige"]
    # EK: the printed value only counts if the token was used; a study may reprice any token.
    if not isinstance(opts["token_prestige"], Mapping):
        raise ValueError(f"setup 'token_prestige': expected a table of token number -> prestige, "
                         f"got {opts['token_prestige']!r}")
    for key, val in opts["token_prestige"].items():
        tid = int(key) if str(key).isdigit() else -1
        if tid not in S.IMPLEMENTED_TOKENS:
            raise KeyError(f"setup 'token_prestige': unknown token {key!r}; expected a token number "
                           f"from {min(S.IMPLEMENTED_TOKENS)} to {max(S.IMPLEMENTED_TOKENS)}")
        if not isinstance(val, int) or isinstance(val, bool) or not -60 <= val <= 60:
            raise ValueError(f"setup 'token_prestige': token {key}: bad value {val!r}; "
                             f"expected an integer from -60 to 60")
        token_prestige[tid] = val
    token_pool = (np.array(sorted(S.IMPLEMENTED_TOKENS), np.int8) if opts["tokens"]
                  else np.zeros(0, np.int8))

    arrays = dict(
        card_kind=np.array([_KINDS[c["kind"]] for c in rows], np.int8),
        card_cost=np.stack([_costs(c) for c in rows], axis=1),
        card_prestige=np.array([c["prestige"] for c in rows], np.int16),
        card_effect=np.array([S.EFFECTS.index(c["effect"]) for c in rows], np.int16),
        card_timing=np.array([sum(_TIMING[x] for x in c["timing"]) for c in rows], np.int8),
        card_value=np.array([BOT_HINTS.get(c["effect"], (0, 0))[0] for c in rows], np.float64),
        card_engine=np.array([BOT_HINTS.get(c["effect"], (0, 0))[1] for c in rows], np.float64),
        inst_card=inst, token_prestige=token_prestige, token_pool=token_pool,
        enchant_pool=enchant_pool, face_energy=faces_e, face_crystals=faces_c,
        face_flags=faces_f, face_pips=faces_p, transmute=trans, rules=rules,
    )
    table_rows = []
    for i, c in enumerate(rows):
        cost = _costs(c)
        cost_txt = " ".join(f"{res[0] if res != 'crystals' else 'c'}{cost[0, k]}"
                            for k, res in enumerate(_RES) if cost[0, k])
        if "cost_by_players" in c:
            cost_txt = "/".join(" ".join(f"{res[0] if res != 'crystals' else 'c'}{cost[n, k]}"
                                         for k, res in enumerate(_RES) if cost[n, k]) or "0"
                                for n in range(3)) + " (2/3/4p)"
        table_rows.append({"card": c["name"], "set": c["set"], "number": c["number"], "kind": c["kind"],
                           "cost": cost_txt or "0", "prestige": c["prestige"], "effect": c["effect"],
                           "implemented": is_implemented(c), "in_deck": in_deck[i]})
    return CardTable(rows=table_rows, names=names, arrays=arrays,
                     variant_choices=chosen)


def tables(ct: CardTable) -> S.Tables:
    """The kernel's :class:`~simlab.games.seasons.state.Tables` from a CardTable."""
    return S.Tables(**{k: ct.arrays[k] for k in S.Tables._fields})
