"""A tiny fake game implementing the full GameSpec contract, for the foundation's tests.

Each seat rolls ``dice`` six-sided dice (the ``random`` preset rolls a random number of them,
1..dice) and acquires one random card whose ``power`` is added to its total. The highest total
wins; a tie on the best total is a draw (winner -1, nobody won).

Setup: ``exclude`` removes cards.

``AVOID_GAME`` (``"toy_game:AVOID_GAME"``, name ``toy_avoid``) is the same game with a third bot
parameter ``avoid_card`` (a card id, -1 = none; scenarios give a card name, ``card_params``):
when the random pick is that card the bot takes the next card instead (no extra random draw).
It also accepts ``setup.include`` (names are checked; every card not excluded is in play), so
``[card_effects]`` studies can run on it.
"""

from __future__ import annotations

import dataclasses
import functools

import numpy as np

from simlab.games.base import BotPreset, CardTable, GameSpec

_CARDS = {"Red": {"power": 1}, "Blue": {"power": 2}, "Green Dragon": {"power": 3}}
_VARIANTS = {"bonus_mode": ("plain", "double")}
_SETUP_KEYS = ("exclude",)


def load_cards(cards=None, variants=None, setup=None, setup_keys=_SETUP_KEYS) -> CardTable:
    data = {name: dict(row) for name, row in _CARDS.items()}
    for name, fields in (cards or {}).items():
        if name not in data:
            raise KeyError(f"unknown card {name!r}; expected one of {sorted(data)}")
        for key, val in fields.items():
            if key not in data[name]:
                raise KeyError(f"unknown field {key!r} of card {name!r}; expected one of ['power']")
            if isinstance(val, bool) or not isinstance(val, int) or val < 0:
                raise ValueError(f"{name}.{key} must be a non-negative int, got {val!r}")
            data[name][key] = val
    choices = {k: v[0] for k, v in _VARIANTS.items()}
    for key, val in (variants or {}).items():
        if key not in _VARIANTS:
            raise KeyError(f"unknown data variant {key!r}; expected one of {sorted(_VARIANTS)}")
        if val not in _VARIANTS[key]:
            raise ValueError(f"bad value {val!r} for {key!r}; expected one of {list(_VARIANTS[key])}")
        choices[key] = val
    for key, val in (setup or {}).items():
        if key not in setup_keys:
            raise KeyError(f"unknown setup option {key!r}; expected one of {list(setup_keys)}")
        for name in val:
            if name not in _CARDS:
                raise KeyError(f"setup.{key}: unknown card {name!r}")
        if key == "exclude":
            for name in val:
                data.pop(name, None)
    names = list(data)
    power = np.array([data[n]["power"] for n in names], dtype=np.int64)
    if choices["bonus_mode"] == "double":
        power = power * 2
    rows = [{"name": n, "power": int(p)} for n, p in zip(names, power, strict=True)]
    return CardTable(rows=rows, names=names, arrays={"power": power}, variant_choices=choices)


def _rng(seed_words, game_id):
    return np.random.default_rng([int(w) for w in seed_words] + [int(game_id)])


def play(game_ids, seed_words, players, bots, cards, rotate=False, check=False):
    n = len(game_ids)
    n_rows = bots.shape[0]
    power = cards.arrays["power"]
    winner = np.empty(n, np.int8)
    end_reason = np.empty(n, np.int16)
    s_game = np.repeat(np.asarray(game_ids, np.int64), players)
    s_seat = np.tile(np.arange(players, dtype=np.int8), n)
    s_row = np.empty(n * players, np.int16)
    score = np.empty(n * players, np.int32)
    won = np.zeros(n * players, np.int8)
    dice_rolled = np.empty(n * players, np.int32)
    c_card = np.empty(n * players, np.int32)
    for i, gid in enumerate(game_ids):
        rng = _rng(seed_words, gid)
        for s in range(players):
            k = i * players + s
            row = (s + gid) % n_rows if rotate else s
            dice = int(bots[row, 0])
            if bots[row, 1] > 0:
                dice = int(rng.integers(1, dice + 1))
            card = int(rng.integers(0, len(power)))
            if bots.shape[1] > 2 and card == int(bots[row, 2]) and len(power) > 1:
                card = (card + 1) % len(power)
            s_row[k] = row
            dice_rolled[k] = dice
            c_card[k] = card
            score[k] = int(rng.integers(1, 7, size=dice).sum()) + int(power[card])
        sc = score[i * players : (i + 1) * players]
        best = np.flatnonzero(sc == sc.max())
        if best.size == 1:
            winner[i] = best[0]
            won[i * players + best[0]] = 1
            end_reason[i] = 0
        else:
            winner[i] = -1
            end_reason[i] = 1
    games = {
        "game_id": np.asarray(game_ids, np.int64),
        "winner": winner,
        "turns": np.ones(n, np.int32),
        "end_reason": end_reason,
    }
    if check:
        games["violations"] = np.zeros(n, np.int32)
    return {
        "games": games,
        "seats": {
            "game_id": s_game,
            "seat": s_seat,
            "bot_row": s_row,
            "score": score,
            "won": won,
            "dice_rolled": dice_rolled,
        },
        "cards": {
            "game_id": s_game.copy(),
            "seat": s_seat.copy(),
            "card": c_card,
            "acquired": np.ones(n * players, np.int32),
            "played": np.ones(n * players, np.int32),
            "bonus": power[c_card].astype(np.int32),
        },
    }


def replay(game_id, seed_words, players, bots, cards, bot_names=None):
    out = play(np.array([game_id], np.int64), seed_words, players, bots, cards)
    lines = [f"toy game {game_id}, {players} players"]
    for s in range(players):
        lines.append(
            f"seat {s}: rolled {out['seats']['dice_rolled'][s]} dice, "
            f"card {cards.names[out['cards']['card'][s]]}, total {out['seats']['score'][s]}"
        )
    w = int(out["games"]["winner"][0])
    lines.append(f"winner: seat {w}" if w >= 0 else "draw")
    return lines


GAME = GameSpec(
    name="toy",
    title="Toy Dice",
    version="1.0",
    players=(2, 3, 4),
    bots={
        "greedy": BotPreset("greedy", "rolls all its dice", {"dice": 3.0, "random": 0.0}),
        "random": BotPreset("random", "rolls a random number of dice", {"dice": 3.0, "random": 1.0}),
    },
    bot_params={"dice": 3.0, "random": 0.0},
    default_bot="greedy",
    data_variants=_VARIANTS,
    load_cards=load_cards,
    play=play,
    replay=replay,
    seat_columns=("dice_rolled",),
    card_columns=("bonus",),
    end_reasons=("highest_total", "tie"),
)

AVOID_GAME = dataclasses.replace(
    GAME,
    name="toy_avoid",
    bot_params={"dice": 3.0, "random": 0.0, "avoid_card": -1.0},
    load_cards=functools.partial(load_cards, setup_keys=("exclude", "include")),
    card_params=("avoid_card",),
)


# --------------------------------------------------------------------------------------------
# A game with a planted optimum, for the tuner (``"toy_game:PLANTED"``): each seat's total is
# -|aim - 3.7| - |lean - 8.0| plus normal noise (sd 6); the highest total wins. The best bot
# therefore has aim = 3.7 and lean = 8.0, whoever it plays (each step of 1 towards it is worth
# about 3 points of win rate against the plain bot, so the win rate never saturates).
PLANTED_OPTIMUM = {"aim": 3.7, "lean": 8.0}


def play_planted(game_ids, seed_words, players, bots, cards, rotate=False, check=False):
    ids = np.asarray(game_ids, np.int64)
    n = ids.size
    rows = np.array([[(s + g) % bots.shape[0] if rotate else s % bots.shape[0] for s in range(players)]
                     for g in ids], dtype=np.int16).reshape(n, players)
    noise = np.stack([_rng(seed_words, g).normal(0.0, 6.0, players) for g in ids]).reshape(n, players)
    aim, lean = bots[rows, 0], bots[rows, 1]
    total = -np.abs(aim - PLANTED_OPTIMUM["aim"]) - np.abs(lean - PLANTED_OPTIMUM["lean"]) + noise
    best = total.argmax(axis=1)
    won = np.zeros((n, players), np.int8)
    won[np.arange(n), best] = 1
    return {
        "games": {"game_id": ids, "winner": best.astype(np.int8), "turns": np.ones(n, np.int32),
                  "end_reason": np.zeros(n, np.int16)},
        "seats": {"game_id": np.repeat(ids, players), "seat": np.tile(np.arange(players, dtype=np.int8), n),
                  "bot_row": rows.reshape(-1), "score": np.round(total).astype(np.int32).reshape(-1),
                  "won": won.reshape(-1)},
        "cards": {"game_id": np.zeros(0, np.int64), "seat": np.zeros(0, np.int8), "card": np.zeros(0, np.int32),
                  "acquired": np.zeros(0, np.int32), "played": np.zeros(0, np.int32)},
    }


PLANTED = dataclasses.replace(
    GAME,
    name="toy_planted",
    bots={"plain": BotPreset("plain", "aims at 1, leans at 2", {"aim": 1.0, "lean": 2.0})},
    bot_params={"aim": 1.0, "lean": 2.0},
    default_bot="plain",
    play=play_planted,
    seat_columns=(),
    card_columns=(),
    end_reasons=("highest_total",),
    tunable={"aim": (0.0, 10.0), "lean": (0.0, 10.0)},
)
