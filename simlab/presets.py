"""Bot presets kept in TOML files: the tuned presets ``simlab tune`` writes.

A preset file names its game, the preset's name and the parameter values it sets (the rest keep
the game's defaults)::

    game = "quarriors"
    name = "greedy_tuned_2p"
    description = "greedy, tuned against greedy at 2 players"
    based_on = "greedy"

    [params]
    w_cost = 1.31
    min_cost = 2.4

    [tuning]          # optional: how the preset was made (free-form, kept for the record)
    made_by = "simlab tune"

Each game ships the files in its ``presets/`` folder; they are loaded with the game
(:func:`with_preset_files`), so ``simlab games`` lists them and a scenario names them like any
preset. Files are validated like scenarios: an unknown key or parameter, a value that is not a
finite number, or a value outside the parameter's tuning range is an error naming the file, the
key, the value and what was expected.
"""

from __future__ import annotations

import dataclasses
import math
import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from simlab.games.base import BotPreset, GameSpec

__all__ = ["PresetFileError", "read_preset_file", "with_preset_files", "TUNED_MARK"]

#: the ``[tuning]`` entry simlab writes into the files it makes (``--overwrite`` replaces only those)
TUNED_MARK = "simlab tune"

_NAME = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
_KEYS = {"game", "name", "description", "based_on", "params", "tuning"}


class PresetFileError(ValueError):
    """A preset file is invalid; the message names the file, the key and what was expected."""


def read_preset_file(path: str | Path, spec: GameSpec) -> tuple[BotPreset, dict[str, Any]]:
    """Read and validate one preset file for game ``spec``.

    Returns:
        the preset (its ``params`` are complete overrides of the game's defaults: the
        ``based_on`` preset's values, then the file's) and the file's ``[tuning]`` table.

    Raises:
        PresetFileError: unreadable file, bad TOML, unknown key, another game, bad name, unknown
            base preset or parameter, a value that is not a finite number or is out of range.
    """
    path = Path(path)

    def fail(msg: str) -> PresetFileError:
        return PresetFileError(f"{path}: {msg}")

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise fail(f"cannot read preset file: {exc.strerror or exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise fail(f"invalid TOML: {exc}") from None
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise fail(f"unknown key {unknown[0]!r}; expected some of {sorted(_KEYS)}")
    for key in ("game", "name"):
        if not isinstance(data.get(key), str):
            raise fail(f"{key}: expected a string, got {data.get(key)!r}")
    if data["game"] != spec.name:
        raise fail(f"game: this file is for {data['game']!r}, not {spec.name!r}")
    name = data["name"]
    if not _NAME.match(name):
        raise fail(f"name: {name!r} is not a preset name; expected lower-case letters, digits and _ "
                   "(at most 40, starting with a letter)")
    based_on = data.get("based_on", spec.default_bot)
    if based_on not in spec.bots:
        raise fail(f"based_on: unknown bot preset {based_on!r}; expected one of {sorted(spec.bots)}")
    params = data.get("params", {})
    if not isinstance(params, dict):
        raise fail(f"params: expected a table of parameter = number, got {params!r}")
    ranges: Mapping[str, tuple[float, float]] = spec.tunable
    values = dict(spec.bots[based_on].params)
    for key, val in params.items():
        if key not in spec.bot_params:
            raise fail(f"params.{key}: unknown bot parameter {key!r}; expected one of {sorted(spec.bot_params)}")
        if isinstance(val, bool) or not isinstance(val, int | float) or not math.isfinite(val):
            raise fail(f"params.{key}: expected a finite number, got {val!r}")
        if key in ranges or key in spec.limits:
            lo, hi = ranges[key] if key in ranges else spec.limits[key]
            if not lo <= val <= hi:
                raise fail(f"params.{key}: {val!r} is out of range; expected {lo} to {hi}")
        values[key] = float(val)
    tuning = data.get("tuning", {})
    if not isinstance(tuning, dict):
        raise fail(f"tuning: expected a table, got {tuning!r}")
    description = data.get("description", f"{based_on} with tuned parameters")
    if not isinstance(description, str):
        raise fail(f"description: expected a string, got {description!r}")
    return BotPreset(name, description, values), tuning


def with_preset_files(spec: GameSpec, folder: str | Path) -> GameSpec:
    """``spec`` with the presets of every ``*.toml`` file in ``folder`` added to its bots.

    Raises:
        PresetFileError: a bad file, or a file whose name clashes with another preset.
    """
    folder = Path(folder)
    if not folder.is_dir():
        return spec
    bots = dict(spec.bots)
    for path in sorted(folder.glob("*.toml")):
        preset, _ = read_preset_file(path, spec)
        if preset.name in bots:
            raise PresetFileError(f"{path}: name: preset {preset.name!r} already exists for {spec.name}")
        bots[preset.name] = preset
    return dataclasses.replace(spec, bots=bots)
