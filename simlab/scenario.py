"""Scenario files: a study described as TOML data, parsed and validated before anything runs.

A scenario names a game, how many games to play per variant, the seed, the player count(s), the
bots in each seat and any data overrides. Optional ``[sweep]`` entries turn one file into a grid
of variants (the cartesian product of players values and sweep values). Everything is checked up
front: unknown keys, wrong types, bot presets and parameters, cards and their fields, data
variants, setup options (by actually building every variant's card table) and sweep paths. Every
problem is a :class:`ScenarioError` that names the file, the line, the key, the bad value and
what was expected.

Example::

    name = "quarriors_culling"
    game = "quarriors"
    games = 10000
    seed = 1
    players = 2
    [[seats]]
    bot = "greedy"
    params = { cull_policy = 2.0 }
    [sweep]
    "seats.0.params.cull_policy" = [0, 1, 2, 3]

``[[cases]]`` lists variants explicitly (each a table of the same dotted paths as ``[sweep]``,
plus an optional ``label``), and ``[card_effects]`` expands into an "in" and an "out" case per
card (the card forced into the setup with every other bot avoiding it, or excluded). Players,
cases and sweep combinations combine as a cartesian product.
"""

from __future__ import annotations

import copy
import difflib
import importlib
import itertools
import math
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from simlab.games import _MODULES, get_game
from simlab.games.base import CardTable, GameSpec

__all__ = [
    "Scenario",
    "ScenarioError",
    "Variant",
    "check_study_name",
    "load_scenario",
    "parse_scenario",
    "resolve_game",
]

SWEEP_ROOTS = ("seats", "cards", "variants", "setup")


class ScenarioError(ValueError):
    """A scenario file (or scenario argument) is invalid; the message says where and why."""


# --------------------------------------------------------------------------------------------
# Games by name, import path or object


def resolve_game(game: str | GameSpec) -> GameSpec:
    """The :class:`GameSpec` for a registry name, a ``"module:ATTR"`` import path or a spec.

    Raises:
        KeyError: unknown name, module or attribute (the message lists the registered games).
    """
    if isinstance(game, GameSpec):
        return game
    if not isinstance(game, str):
        raise TypeError(f"expected a game name or GameSpec, got {type(game).__name__}")
    if game in _MODULES or ":" not in game:
        return get_game(game)
    module, _, attr = game.partition(":")
    try:
        obj = getattr(importlib.import_module(module), attr or "GAME")
    except (ImportError, AttributeError) as exc:
        raise KeyError(f"cannot import game {game!r}: {exc}") from None
    if not isinstance(obj, GameSpec):
        raise KeyError(f"{game!r} is not a GameSpec")
    return obj


def game_import_ref(game: str | GameSpec) -> str | GameSpec:
    """What to send to worker processes so they can rebuild the game without the registry.

    Registry names become ``"module:GAME"`` (workers may not share the parent's registry);
    a :class:`GameSpec` object is sent as is (pickled).
    """
    if isinstance(game, str):
        if game in _MODULES:
            return f"{_MODULES[game]}:GAME"
        return game
    return game


# --------------------------------------------------------------------------------------------
# Schema


class SeatModel(BaseModel):
    """One ``[[seats]]`` entry: a bot preset and optional parameter overrides."""

    model_config = ConfigDict(extra="forbid", strict=True)

    bot: str | None = None
    params: dict[str, float | str] = Field(default_factory=dict)


CORRECTIONS = ("holm", "fdr_bh", "bonferroni", "none")


class CardEffectsModel(BaseModel):
    """``[card_effects]``: one in/out pair of cases per card (see :func:`card_effect_cases`)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    cards: str | list[str] = "all"
    focal_seat: int = Field(default=0, ge=0)
    correction: str = "holm"

    @field_validator("cards")
    @classmethod
    def _cards(cls, v: str | list[str]) -> str | list[str]:
        if isinstance(v, str) and v != "all":
            raise ValueError(f'expected "all" or a list of card names, got {v!r}')
        if isinstance(v, list) and not v:
            raise ValueError("expected \"all\" or a non-empty list of card names")
        if isinstance(v, list) and len(set(v)) != len(v):
            raise ValueError(f"card names repeat in {v!r}")
        return v

    @field_validator("correction")
    @classmethod
    def _correction(cls, v: str) -> str:
        if v not in CORRECTIONS:
            raise ValueError(f"expected one of {list(CORRECTIONS)}")
        return v


class ScenarioModel(BaseModel):
    """The top level of a scenario file (see the module docstring)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    name: str | None = None
    game: str
    games: int = Field(gt=0)
    seed: int = Field(default=0, ge=0, lt=2**63)
    players: Any = None
    out: str | None = None
    chunk_size: int | None = Field(default=None, gt=0)
    rotate_seats: bool = True
    analyses: list[str] = Field(default_factory=list)
    question: str | None = None  # what the report's first screen answers (wording only)
    seats: list[SeatModel] = Field(default_factory=lambda: [SeatModel()], min_length=1)
    cards: dict[str, dict[str, Any]] = Field(default_factory=dict)
    variants: dict[str, Any] = Field(default_factory=dict)
    setup: dict[str, Any] = Field(default_factory=dict)
    sweep: dict[str, list[Any]] = Field(default_factory=dict)
    cases: list[dict[str, Any]] = Field(default_factory=list)
    card_effects: CardEffectsModel | None = None
    # bot levels (issue 14): level name -> {preset: replacement}; "{players}" in a replacement is
    # the variant's player count. `simlab run --level NAME` runs the study with the replacements.
    levels: dict[str, dict[str, str]] = Field(default_factory=dict)

    @field_validator("levels")
    @classmethod
    def _levels(cls, v: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
        for name in v:
            if not re.fullmatch(r"[a-z][a-z0-9_]{0,29}", name):
                raise ValueError(f"level name {name!r}: expected lower-case letters, digits and _ "
                                 "(at most 30, starting with a letter)")
        return v

    @field_validator("name")
    @classmethod
    def _name(cls, v: str | None) -> str | None:
        if v is not None:
            check_study_name(v)
        return v

    @field_validator("players")
    @classmethod
    def _players(cls, v: Any) -> Any:
        if v is None:
            return v
        if isinstance(v, int) and not isinstance(v, bool):
            return v
        if isinstance(v, list) and v and all(isinstance(x, int) and not isinstance(x, bool) for x in v):
            return v
        raise ValueError(f"expected an int or a non-empty list of ints, got {v!r}")

    @field_validator("variants")
    @classmethod
    def _variants(cls, v: dict[str, Any]) -> dict[str, Any]:
        for key, val in v.items():
            if not isinstance(val, str | int | float | bool):
                raise ValueError(f"variant {key!r} must be a string or number, got {val!r}")
        return v

    @field_validator("sweep")
    @classmethod
    def _sweep(cls, v: dict[str, list[Any]]) -> dict[str, list[Any]]:
        for key, vals in v.items():
            if not vals:
                raise ValueError(f"sweep {key!r} has no values")
        return v


# A study name becomes a folder name (results/<name>, reports/<name>): one plain path component,
# so that no name can reach outside those folders ('../x', 'a/b', NUL) or hide ('.x').
_STUDY_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}$")


def check_study_name(name: str) -> str:
    """Return ``name`` if it is a safe study (folder) name.

    Raises:
        ValueError: otherwise, saying what is allowed.
    """
    if not isinstance(name, str) or not _STUDY_NAME.match(name):
        raise ValueError(
            "a study name is a folder name: 1-100 letters, digits, '_', '-' or '.', "
            "not starting with '.' or '-' (no '/', '\\', '..' or control characters)"
        )
    return name


_MODEL_FIELDS = {
    (): list(ScenarioModel.model_fields),
    ("seats",): list(SeatModel.model_fields),
    ("card_effects",): list(CardEffectsModel.model_fields),
}


# --------------------------------------------------------------------------------------------
# Error locations


_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def format_path(loc: tuple | list) -> str:
    """``("seats", 0, "bot")`` -> ``seats[0].bot``; keys that are not bare TOML keys are quoted."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            key = part if _BARE.match(part) else '"' + part + '"'
            out += ("." if out else "") + key
    return out


def find_line(source: str, loc: tuple | list) -> int | None:
    """Best-effort 1-based line where the key at ``loc`` is written (text search), else None."""
    if not source:
        return None
    lines = source.splitlines()
    idx = 0
    found = False
    prev = None
    for part in loc:
        if isinstance(part, int):
            if prev is None:
                continue
            pat = re.compile(r"^\s*\[\[\s*\"?" + re.escape(str(prev)) + r"\"?\s*\]\]")
            hits = [i for i, line in enumerate(lines) if pat.match(line)]
            if len(hits) > part:
                idx, found = hits[part], True
            continue
        key = re.escape(str(part))
        pat = re.compile(r"(^|[\s.{,\[])(\"|')?" + key + r"(\"|')?\s*(=|\]|\.)")
        for i in range(idx, len(lines)):
            if pat.search(lines[i]):
                idx, found = i, True
                break
        prev = part
    return idx + 1 if found else None


def _error(scn_path: str, source: str, loc: tuple | list, message: str) -> ScenarioError:
    line = find_line(source, loc)
    where = f"{scn_path}:{line}" if line else scn_path
    key = format_path(loc)
    return ScenarioError(f"{where}: {key}: {message}" if key else f"{where}: {message}")


def _pydantic_errors(scn_path: str, source: str, exc: ValidationError) -> ScenarioError:
    messages = []
    for err in exc.errors():
        loc = tuple(err["loc"])
        if err["type"] == "extra_forbidden":
            parent = tuple(p for p in loc[:-1] if not isinstance(p, int))
            allowed = _MODEL_FIELDS.get(parent, [])
            bad = loc[-1]
            near = difflib.get_close_matches(str(bad), allowed, n=1)
            hint = f"did you mean {near[0]!r}? " if near else ""
            msg = f"unknown key {bad!r}; {hint}expected one of {allowed}"
        elif err["type"] == "missing":
            msg = "required key is missing"
        else:
            text = err["msg"]
            if text.startswith("Value error, "):
                text = text[len("Value error, ") :]
            msg = f"{text}, got {err.get('input')!r}"
        messages.append(str(_error(scn_path, source, loc, msg)))
    return ScenarioError("\n".join(messages))


# --------------------------------------------------------------------------------------------
# Variants


@dataclass
class Variant:
    """One cell of a study: a player count and one combination of sweep values.

    Attributes:
        index: position in :meth:`Scenario.variants` (``variant_id`` in the results).
        label: stable human-readable label, e.g. ``"players=2 seats.0.params.cull_policy=1"``.
        players: number of seats.
        bots: float64 array (players, n_params), one row per seat (before rotation).
        seat_labels: preset name of each bot row.
        seat_params: parameter overrides of each bot row.
        cards: the variant's data table.
        rotate: seat s of game g plays bot row (s + g) % players.
        sweep: the sweep values of this variant (path -> value).
        card_overrides, data_variants, setup: what was passed to ``load_cards``.
        case: label of the ``[[cases]]`` / ``[card_effects]`` case, or None.
        case_values: the case's path -> value settings.
        base: the label without the case part (players and sweep values).
    """

    index: int
    label: str
    players: int
    bots: np.ndarray
    seat_labels: list[str]
    seat_params: list[dict[str, float]]
    cards: CardTable
    rotate: bool = True
    sweep: dict[str, Any] = field(default_factory=dict)
    card_overrides: dict[str, dict[str, Any]] = field(default_factory=dict)
    data_variants: dict[str, str] = field(default_factory=dict)
    setup: dict[str, Any] = field(default_factory=dict)
    case: str | None = None
    case_values: dict[str, Any] = field(default_factory=dict)
    base: str = ""

    def describe(self) -> dict[str, Any]:
        """JSON-friendly summary for the manifest."""
        return {
            "index": self.index,
            "label": self.label,
            "players": self.players,
            "bots": self.seat_labels,
            "bot_params": self.seat_params,
            "rotate": self.rotate,
            "sweep": self.sweep,
            "cards": self.card_overrides,
            "variants": self.data_variants,
            "setup": self.setup,
            "case": self.case,
            "case_values": self.case_values,
        }


def _variant_value(val: Any) -> str:
    if isinstance(val, bool):
        return "true" if val else "false"
    return str(val)


def _label_value(val: Any) -> str:
    if isinstance(val, float) and val.is_integer():
        return str(int(val))
    if isinstance(val, list):
        return "[" + ",".join(_label_value(v) for v in val) + "]"
    return str(val)


def _message(exc: Exception) -> str:
    if isinstance(exc, KeyError) and exc.args:
        return str(exc.args[0])
    return str(exc)


@dataclass
class Scenario:
    """A parsed and validated scenario.

    Attributes:
        path: the file it came from (None when parsed from a string).
        source: the file's text (stored in the manifest).
        model: the validated schema object.
        data: the parsed TOML as a dict.
        spec: the game.
        game_ref: what workers use to rebuild the game (import path or the spec itself).
        name: study name (``name`` key, default: file stem).
        out: results directory (``out`` key, default ``results/<name>``).
    """

    path: Path | None
    source: str
    model: ScenarioModel
    data: dict[str, Any]
    spec: GameSpec
    game_ref: Any
    name: str
    out: Path
    _variants: list[Variant] = field(default_factory=list, repr=False)
    card_effects: dict[str, Any] | None = None

    @property
    def games(self) -> int:
        return self.model.games

    @property
    def seed(self) -> int:
        return self.model.seed

    @property
    def chunk_size(self) -> int | None:
        return self.model.chunk_size

    @property
    def players(self) -> list[int]:
        p = self.model.players
        return list(p) if isinstance(p, list) else [p]

    def variants(self) -> list[Variant]:
        """Every variant: players values x cases x sweep combinations, in a stable order."""
        return list(self._variants)


def _apply_sweep(base: dict[str, Any], path: str, value: Any) -> None:
    """Set ``value`` at a sweep ``path`` inside ``base`` (keys seats/cards/variants/setup)."""
    root, _, rest = path.partition(".")
    if root == "seats":
        idx, _, tail = rest.partition(".")
        seat = base["seats"][int(idx)]
        if tail == "bot":
            seat["bot"] = value
        else:
            seat["params"][tail.partition(".")[2]] = value
    elif root == "cards":
        card, _, fld = rest.rpartition(".")
        base["cards"].setdefault(card, {})[fld] = value
    elif root == "variants":
        base["variants"][rest] = value
    elif root == "setup":
        base["setup"][rest] = value


def _check_sweep_path(spec: GameSpec, model: ScenarioModel, path: str) -> str | None:
    """Why ``path`` does not resolve, or None if it does."""
    root, _, rest = path.partition(".")
    if root not in SWEEP_ROOTS or not rest:
        return f"sweep path must look like one of {[r + '.…' for r in SWEEP_ROOTS]}"
    if root == "seats":
        parts = rest.split(".")
        if not parts[0].isdigit() or int(parts[0]) >= len(model.seats):
            return f"seat index {parts[0]!r} out of range; the scenario has {len(model.seats)} seat(s)"
        if parts[1:] == ["bot"]:
            return None
        if len(parts) == 3 and parts[1] == "params":
            if parts[2] not in spec.bot_params:
                return f"unknown bot parameter {parts[2]!r}; expected one of {sorted(spec.bot_params)}"
            return None
        return "expected seats.<index>.bot or seats.<index>.params.<name>"
    if root == "cards":
        card, _, fld = rest.rpartition(".")
        if not card or not fld:
            return "expected cards.<card name>.<field>"
        return None
    if root == "variants":
        if rest not in spec.data_variants:
            return f"unknown data variant {rest!r}; expected one of {sorted(spec.data_variants)}"
    return None


def _check_values(spec: GameSpec, path: str, values: list[Any]) -> str | None:
    root, _, rest = path.partition(".")
    if root == "seats" and rest.endswith(".bot"):
        bad = [v for v in values if v not in spec.bots]
        if bad:
            return f"unknown bot preset {bad[0]!r}; expected one of {sorted(spec.bots)}"
    if root == "seats" and ".params." in rest:
        name = rest.rpartition(".")[2]
        card_params = tuple(getattr(spec, "card_params", ()))
        bad = [
            v
            for v in values
            if isinstance(v, bool)
            or not (isinstance(v, int | float) or (isinstance(v, str) and name in card_params))
        ]
        if bad:
            what = "numbers or card names" if name in card_params else "numbers"
            return f"bot parameter values must be {what}, got {bad[0]!r}"
        # TOML reads nan and inf; a bot would silently play nonsense with either.
        bad = [v for v in values if isinstance(v, float) and not math.isfinite(v)]
        if bad:
            return f"bot parameter {name!r} must be a finite number, got {bad[0]!r}"
        cards = _all_card_names(spec)
        unknown = [v for v in values if isinstance(v, str) and v not in cards]
        if unknown:
            return (f"unknown card {unknown[0]!r} for bot parameter {name!r}; "
                    f"expected a name from `simlab cards {spec.name}`")
    if root == "variants":
        allowed = list(spec.data_variants[rest])
        bad = [v for v in values if _variant_value(v) not in allowed]
        if bad:
            return f"bad value {bad[0]!r} for data variant {rest!r}; expected one of {allowed}"
    return None


def _all_card_names(spec: GameSpec) -> list[str]:
    return list(spec.load_cards().names)


def _resolve_params(spec: GameSpec, params: dict[str, Any], table: CardTable) -> dict[str, float]:
    """Bot parameters as numbers: card names (``card_params``) become the card's id in ``table``
    (-1 when the card is not in this variant's table)."""
    out = {}
    for key, val in params.items():
        if isinstance(val, str):
            out[key] = float(table.names.index(val)) if val in table.names else -1.0
        else:
            out[key] = float(val)
    return out


def _merge_names(current: Any, add: str | None = None, remove: str | None = None) -> list[Any]:
    names = list(current) if isinstance(current, list) else []
    names = [n for n in names if n != remove and n != add]
    return names + ([add] if add is not None else [])


def card_effect_case(data: dict[str, Any], card: str, arm: str, focal: int, players: int,
                     out: str = "exclude") -> None:
    """Turn variant ``data`` into the ``arm`` ("in" or "out") of ``card``'s experiment, in place.

    "in": every bot row except ``focal`` gets ``avoid_card = card`` (the seats list is first
    expanded to one entry per player), and with ``out = "exclude"`` the card is added to
    ``setup.include`` (and dropped from ``setup.exclude``). "out": with ``out = "exclude"`` the
    card is added to ``setup.exclude`` (and dropped from ``setup.include``); with ``out =
    "avoid"`` (the game's ``card_effect_out``) it stays in and every bot row avoids it.
    """
    setup = data["setup"]
    if arm == "in" or out == "avoid":
        if arm == "in" and out == "exclude":
            setup["include"] = _merge_names(setup.get("include"), add=card)
            if "exclude" in setup:
                setup["exclude"] = _merge_names(setup["exclude"], remove=card)
        if len(data["seats"]) == 1:
            data["seats"] = [copy.deepcopy(data["seats"][0]) for _ in range(players)]
        for i, seat in enumerate(data["seats"]):
            if i != focal or arm == "out":
                seat["params"]["avoid_card"] = card
    else:
        setup["exclude"] = _merge_names(setup.get("exclude"), add=card)
        if "include" in setup:
            setup["include"] = _merge_names(setup["include"], remove=card)


def _build(
    spec: GameSpec,
    model: ScenarioModel,
    scn_path: str,
    source: str,
    level: str | None = None,
) -> tuple[list[Variant], dict[str, Any] | None]:
    """Validate everything game-specific and build every variant (and the card-effect arms)."""

    def err(loc, msg):
        return _error(scn_path, source, loc, msg)

    players = model.players if isinstance(model.players, list) else [model.players]
    for i, p in enumerate(players):
        if p not in spec.players:
            loc = ("players",) if not isinstance(model.players, list) else ("players",)
            raise err(
                loc,
                f"{spec.name} is played by {list(spec.players)} players, got {p}"
                + (f" (players[{i}])" if isinstance(model.players, list) else ""),
            )
    for i, seat in enumerate(model.seats):
        bot = seat.bot or spec.default_bot
        if bot not in spec.bots:
            raise err(("seats", i, "bot"), f"unknown bot preset {bot!r}; expected one of {sorted(spec.bots)}")
        for key, val in seat.params.items():
            if key not in spec.bot_params:
                raise err(
                    ("seats", i, "params", key),
                    f"unknown bot parameter {key!r}; expected one of {sorted(spec.bot_params)}",
                )
            why = _check_values(spec, f"seats.{i}.params.{key}", [val])
            if why:
                raise err(("seats", i, "params", key), why)
    for p in players:
        if len(model.seats) != 1 and len(model.seats) < p:
            raise err(
                ("seats",),
                f"{len(model.seats)} seats given for {p} players; expected 1 (used for every seat) "
                f"or at least {p} (a game of p players uses the first p)",
            )
    for key, val in model.variants.items():
        if key not in spec.data_variants:
            raise err(
                ("variants", key),
                f"unknown data variant {key!r}; expected one of {sorted(spec.data_variants)}",
            )
        allowed = list(spec.data_variants[key])
        if _variant_value(val) not in allowed:
            raise err(("variants", key), f"bad value {val!r}; expected one of {allowed}")
    for path, values in model.sweep.items():
        why = _check_sweep_path(spec, model, path) or _check_values(spec, path, values)
        if why:
            raise err(("sweep", path), f"{why}, got {path!r} = {values!r}")

    base = {
        "seats": [{"bot": s.bot or spec.default_bot, "params": dict(s.params)} for s in model.seats],
        "cards": copy.deepcopy(model.cards),
        "variants": {k: _variant_value(v) for k, v in model.variants.items()},
        "setup": copy.deepcopy(model.setup),
    }

    def load(data: dict[str, Any]) -> CardTable:
        return spec.load_cards(
            cards=copy.deepcopy(data["cards"]) or None,
            variants=dict(data["variants"]) or None,
            setup=copy.deepcopy(data["setup"]) or None,
        )

    # Base data: on failure, find the override responsible to point at the right line.
    try:
        load(base)
    except (KeyError, ValueError, TypeError) as exc:
        loc: tuple = ("cards",)
        for section in ("cards", "variants", "setup"):
            for key in base[section]:
                probe = {"cards": {}, "variants": {}, "setup": {}}
                probe[section] = {key: base[section][key]}
                try:
                    load(probe)
                except (KeyError, ValueError, TypeError):
                    loc = (section, key)
                    if section == "cards" and _loads(load, {"cards": {key: {}}, "variants": {}, "setup": {}}):
                        for fld, val in base["cards"][key].items():
                            try:
                                load({"cards": {key: {fld: val}}, "variants": {}, "setup": {}})
                            except (KeyError, ValueError, TypeError):
                                loc = (section, key, fld)
                                break
                    break
            else:
                continue
            break
        raise err(loc, _message(exc)) from None

    # [[cases]]: explicit variants, each a table of sweep paths -> one value, plus a label.
    cases: list[tuple[str, dict[str, Any], tuple | None]] = []  # (label, values, card-effect arm)
    for i, case in enumerate(model.cases):
        values = {k: v for k, v in case.items() if k != "label"}
        label = case.get("label")
        if label is not None and (not isinstance(label, str) or not label.strip()):
            raise err(("cases", i, "label"), f"label must be a non-empty string, got {label!r}")
        if not values:
            raise err(("cases", i), "a case sets no path; expected e.g. \"seats.0.bot\" = \"random\"")
        for path, val in values.items():
            why = _check_sweep_path(spec, model, path) or _check_values(spec, path, [val])
            if why:
                raise err(("cases", i, path), f"{why}, got {path!r} = {val!r}")
            if path in model.sweep:
                raise err(("cases", i, path), f"{path!r} is set by both [sweep] and [[cases]]; set it in one")
        label = label or " ".join(f"{k}={_label_value(v)}" for k, v in values.items())
        cases.append((label, values, None))

    effects_info = None
    if model.card_effects is not None:
        ce = model.card_effects
        card_params = tuple(getattr(spec, "card_params", ()))
        if "avoid_card" not in spec.bot_params or "avoid_card" not in card_params:
            raise err(("card_effects",), f"{spec.name} bots have no 'avoid_card' card parameter, "
                      "which [card_effects] needs")
        if ce.focal_seat >= max(len(model.seats), min(players)):
            raise err(("card_effects", "focal_seat"), f"focal seat {ce.focal_seat} out of range; "
                      f"the smallest game has {min(players)} seats")
        clash = [k for k in model.sweep if k in ("setup.include", "setup.exclude") or k.endswith(".avoid_card")]
        if clash:
            raise err(("card_effects",), f"[sweep] {clash[0]!r} would override the card-effect arms; remove it")
        all_names = _all_card_names(spec)
        names = all_names if ce.cards == "all" else list(ce.cards)
        for name in names:
            if name not in all_names:
                raise err(("card_effects", "cards"), f"unknown card {name!r}; expected a name from "
                          f"`simlab cards {spec.name}`")
        chosen, skipped = [], []
        for name in names:
            ok = True
            for arm in ("in", "out"):
                probe = copy.deepcopy(base)
                card_effect_case(probe, name, arm, ce.focal_seat, min(players), spec.card_effect_out)
                try:
                    table = load(probe)
                except (KeyError, ValueError, TypeError) as exc:
                    if ce.cards != "all":
                        raise err(("card_effects", "cards"), f"card {name!r}, arm {arm!r}: {_message(exc)}") from None
                    ok = False
                    break
                # a card left in the game for both arms must be in it at all to be measured
                if spec.card_effect_out == "avoid" and not any(
                        r.get("card") == name and r.get("in_deck", 1) for r in table.rows):
                    if ce.cards != "all":
                        raise err(("card_effects", "cards"), f"card {name!r} is not in this setup's deck "
                                  f"(`simlab cards {spec.name}`: in_deck 0), so no bot can play it")
                    ok = False
                    break
            (chosen if ok else skipped).append(name)
        if not chosen:
            raise err(("card_effects", "cards"), "no card can be both included and excluded in this setup")
        for name in chosen:
            for arm in ("in", "out"):
                cases.append((f"card={name} arm={arm}", {}, (name, arm)))
        effects_info = {"cards": chosen, "skipped": skipped, "focal_seat": ce.focal_seat,
                        "correction": ce.correction, "out": spec.card_effect_out}
    seen: set[str] = set()
    for i, (label, _, _) in enumerate(cases):
        if label in seen:
            raise err(("cases",), f"two cases share the label {label!r}; labels must be unique")
        seen.add(label)

    sweep_keys = list(model.sweep)
    combos = list(itertools.product(*(model.sweep[k] for k in sweep_keys)))
    variants: list[Variant] = []
    groups: dict[str, dict[str, list[str]]] = {}
    for p in players:
        for case_label, case_values, arm in cases or [(None, {}, None)]:
            for combo in combos:
                data = copy.deepcopy(base)
                if arm is not None:
                    card_effect_case(data, arm[0], arm[1], model.card_effects.focal_seat, p, spec.card_effect_out)
                for path, value in case_values.items():
                    _apply_sweep(data, path, copy.deepcopy(value))
                for path, value in zip(sweep_keys, combo, strict=True):
                    _apply_sweep(data, path, copy.deepcopy(value))
                sweep_part = [f"{k}={_label_value(v)}" for k, v in zip(sweep_keys, combo, strict=True)]
                base_label = " ".join([f"players={p}"] + sweep_part)
                label = " ".join([f"players={p}"] + ([case_label] if case_label else []) + sweep_part)
                where: tuple = ("sweep",) if sweep_keys else ("seats",)
                if case_label is not None:
                    where = ("card_effects",) if arm is not None else ("cases", _case_index(cases, case_label))
                if len(data["seats"]) != 1 and len(data["seats"]) < p:
                    raise err(where, f"variant {label!r}: {len(data['seats'])} seats for {p} players")
                seats = data["seats"][:p] if len(data["seats"]) >= p else [data["seats"][0]] * p
                if level is not None:  # the level's presets replace the study's (labels stay the same)
                    swap = model.levels[level]
                    if not any(st["bot"] in swap for st in seats):
                        # no seat changes: the level would replay the study's own games (same seeds),
                        # so it leaves the variant out and its report compares only what it changed
                        continue
                    seats = [dict(st, bot=swap[st["bot"]].replace("{players}", str(p))) if st["bot"] in swap else st
                             for st in seats]
                    for st in seats:
                        if st["bot"] not in spec.bots:
                            raise err(("levels", level), f"variant {label!r}: level {level!r} names preset "
                                      f"{st['bot']!r}, which {spec.name} does not have; expected one of "
                                      f"{sorted(spec.bots)}")
                try:
                    table = load(data)
                except (KeyError, ValueError, TypeError) as exc:
                    loc = where
                    if case_label is None:
                        loc = ("sweep", sweep_keys[0]) if sweep_keys else ("cards",)
                        for k in sweep_keys:
                            if k.split(".")[0] in ("cards", "variants", "setup"):
                                loc = ("sweep", k)
                                break
                    raise err(loc, f"variant {label!r}: {_message(exc)}") from None
                try:
                    bots = spec.bot_matrix([(s["bot"], _resolve_params(spec, s["params"], table)) for s in seats])
                except (KeyError, ValueError, TypeError) as exc:
                    raise err(where, f"variant {label!r}: {_message(exc)}") from None
                if arm is not None:
                    groups.setdefault(base_label, {}).setdefault(arm[0], ["", ""])[0 if arm[1] == "in" else 1] = label
                variants.append(
                    Variant(
                        index=len(variants),
                        label=label,
                        players=p,
                        bots=bots,
                        seat_labels=[s["bot"] for s in seats],
                        seat_params=[
                            {k: (v if isinstance(v, str) else float(v)) for k, v in s["params"].items()}
                            for s in seats
                        ],
                        cards=table,
                        rotate=model.rotate_seats,
                        sweep=dict(zip(sweep_keys, combo, strict=True)),
                        card_overrides=data["cards"],
                        data_variants=data["variants"],
                        setup=data["setup"],
                        case=case_label,
                        case_values=dict(case_values),
                        base=base_label,
                    )
                )
    if effects_info is not None and groups:
        effects_info["groups"] = [{"base": b, "arms": arms} for b, arms in groups.items()]
        effects_info["arms"] = effects_info["groups"][0]["arms"]
    return variants, effects_info


def _case_index(cases: list, label: str) -> int:
    return next(i for i, c in enumerate(cases) if c[0] == label)


def _loads(load, data) -> bool:
    try:
        load(data)
    except (KeyError, ValueError, TypeError):
        return False
    return True


def parse_scenario(text: str, path: str | Path = "<scenario>", *, game: GameSpec | None = None,
                   level: str | None = None) -> Scenario:
    """Parse and fully validate scenario TOML ``text`` (``path`` is used in messages only).

    Args:
        text: the TOML source.
        path: where it came from, for error messages and the default name.
        game: use this spec instead of resolving the ``game`` key (tests, notebooks).
        level: one of the scenario's ``[levels]``: its presets replace the study's in every seat;
            the study is named ``<name>-<level>`` and goes to ``<out>-<level>``. A variant in which
            no seat plays a preset the level replaces is left out (it would be the same games).

    Raises:
        ScenarioError: anything wrong, with file, line, key, value and what was expected.
    """
    scn_path = str(path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{scn_path}: invalid TOML: {exc}") from None
    if game is not None and "game" not in data:
        data["game"] = game.name
    try:
        model = ScenarioModel.model_validate(data)
    except ValidationError as exc:
        raise _pydantic_errors(scn_path, text, exc) from None
    try:
        spec = game if game is not None else resolve_game(model.game)
    except KeyError as exc:
        raise _error(scn_path, text, ("game",), _message(exc)) from None
    if model.players is None:
        model.players = 2 if 2 in spec.players else spec.players[0]
    if level is not None and level not in model.levels:
        raise _error(scn_path, text, ("levels",), f"unknown level {level!r}; expected one of "
                     f"{sorted(model.levels)}" if model.levels else
                     f"unknown level {level!r}: the scenario has no [levels] table")
    for lv, swap in model.levels.items():
        for src, dst in swap.items():
            if src not in spec.bots:
                raise _error(scn_path, text, ("levels", lv, src), f"unknown bot preset {src!r}; expected one of "
                             f"{sorted(spec.bots)}")
            if not isinstance(dst, str):
                raise _error(scn_path, text, ("levels", lv, src), f"expected a preset name, got {dst!r}")
    variants, effects = _build(spec, model, scn_path, text, level)
    if level is not None and not variants:
        raise _error(scn_path, text, ("levels", level), f"level {level!r} changes no variant: none of its presets "
                     f"{sorted(model.levels[level])} plays in this study")
    stem = Path(scn_path).stem if scn_path != "<scenario>" else "scenario"
    name = model.name or stem
    if not model.name:
        try:
            check_study_name(name)
        except ValueError as exc:
            raise _error(scn_path, text, (), f"the study name would be the file name {stem!r}, but {exc}; "
                         "set a name with the `name` key") from None
    out = Path(model.out) if model.out else Path("results") / name
    if level is not None:
        name, out = f"{name}-{level}", out.with_name(f"{out.name}-{level}")
        data = dict(data, level=level)  # part of the study: its fingerprint and manifest say so
    return Scenario(
        path=Path(path) if scn_path != "<scenario>" else None,
        source=text,
        model=model,
        data=data,
        spec=spec,
        game_ref=game if game is not None else game_import_ref(model.game),
        name=name,
        out=out,
        _variants=variants,
        card_effects=effects,
    )


def load_scenario(path: str | Path, *, game: GameSpec | None = None, level: str | None = None) -> Scenario:
    """Read and fully validate a scenario file (see :func:`parse_scenario`).

    Raises:
        ScenarioError: unreadable file or anything invalid in it.
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(f"{path}: cannot read scenario: {exc.strerror or exc}") from None
    return parse_scenario(text, path, game=game, level=level)
