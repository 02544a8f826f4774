"""Seasons (Libellud 2012) with the Enchanted Kingdom expansion: 2-4 players."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from simlab.games.base import CardTable, GameSpec, play_in_batches, play_traced, seat_frame
from simlab.games.rounds import round_columns
from simlab.games.seasons import bots as B
from simlab.games.seasons import data
from simlab.games.seasons import lookahead as L
from simlab.games.seasons import rules as R  # noqa: F401  (importing it registers the game's setup and play_game with the kernel)
from simlab.games.seasons import state as S
from simlab.games.seasons.trace import format_events
from simlab.presets import with_preset_files

__all__ = ["GAME", "play", "replay"]

# 0.1.0: first version: all rules, 70 power cards, 12 tokens, 10 enchantments; first-cut bots.
# 0.2.0: the audit's fixes (issue #8): the dice rolled stay the round's dice after a mid-round
# season change; Staff of Spring / Yjang's Vase not for their own summoning; Argos' Embrace once per
# taking; Fairy Monolith returns what fits; Selenia's Codex mandatory; Crystal Orb / Divine Chalice
# check Mesodae's Lantern first; all dice chosen before the turns, then interleaved actions
# (transmute to pay a crystal cost); the final season move fires its triggers; ties go to more
# cards in play (`tied_top`, `tie_break` columns); Dragon Skull may count itself; trace fixes.
# 0.2.1: setup clears the energy kept on cards (a game played after the first 512 of a chunk could
#   start with a card holding energy from the previous game in its row)
# 0.2.2: a card that shrinks the reserve (Statue of Eolis, Mesodae's Lantern) makes its owner
#   discard the excess at once
# 0.2.3: each player's standing kept round by round (games: margin, lead_changes, lead_round,
#   winner_deficit; seats: round_scores); cards: first_round (first summoned) and pick (place in
#   the prelude draft); play is the same as 0.2.2's, game for game
VERSION = "0.2.3"
SUB_BATCH = 512    # games held in memory at once by one worker (state is ~20 KB a game)
_SEAT_STATS = [c for c in S.SEAT_COLUMNS if c != "prestige"]  # prestige is the `score` column


def play(game_ids, seed_words, players: int, bots: np.ndarray, cards: CardTable,
         rotate: bool = False, check: bool = False) -> dict[str, dict[str, np.ndarray]]:
    """Play the games ``game_ids`` and return the games, seats and cards tables (see GameSpec)."""
    tables = data.tables(cards)
    tie_shared = bool(tables.rules[S.R_TIE_SHARED])

    def extract(st, ids, players_, rows, rotate_, check_, viol):
        return _extract(st, ids, players_, rows, rotate_, check_, viol, tie_shared)

    return play_in_batches("seasons", game_ids, seed_words, players, bots, tables,
                           new_state=S.new_state, extract=extract,
                           n_params=B.NPARAM, sub_batch=SUB_BATCH, rotate=rotate, check=check,
                           lookahead=(B.P_ROLLOUTS, L.play_out))


def _extract(st: S.State, ids: np.ndarray, players: int, rows: int, rotate: bool, check: bool,
             viol: np.ndarray, tie_shared: bool = False) -> dict[str, dict[str, np.ndarray]]:
    """Copy one sub-batch's results out of the state into flat columns. ``tied_top`` (games):
    the best prestige was reached by several seats, whatever the tie rule made of it;
    ``tie_break`` (seats): 1 = ties go to more cards in play, 0 = shared (setup ``tie_break``)."""
    m = ids.shape[0]
    winner = st.winner[:m].astype(np.int8)
    games = {"game_id": ids.copy(), "winner": winner, "turns": st.turn[:m].astype(np.int32),
             "end_reason": st.end_reason[:m].astype(np.int8),
             "rounds": st.rnd[:m].astype(np.int32), "enchantment": st.enchant[:m].astype(np.int8)}
    if check:
        games["violations"] = viol.astype(np.int32)
    seats = seat_frame(ids, players, rows, rotate, winner)  # game_id, seat, bot_row, won
    stats = st.seat[:m, :players, :]
    score = stats[..., S.S_PRESTIGE]
    seats |= {"score": score.reshape(-1).astype(np.float64), "won": seats.pop("won")}
    best = score.max(axis=1, keepdims=True)
    top = score == best
    games["tied_top"] = (top.sum(axis=1) > 1).astype(np.int8)
    # the sharers of a shared win: the tied seats, under the cards rule only those with the most
    # cards in play among them
    cards_in = np.where(top, stats[..., S.S_IN_PLAY], -1)
    sharer = top if tie_shared else top & (cards_in == cards_in.max(axis=1, keepdims=True))
    seats["shared_win"] = ((winner[:, None] < 0) & sharer).reshape(-1).astype(np.int8)
    seats["tie_break"] = np.full(m * players, 0 if tie_shared else 1, np.int8)
    quality, curves = round_columns(st.score_hist[:m, :, :players], st.rnd[:m], score, winner)
    games |= {k: v for k, v in quality.items() if k != "rounds"}
    seats["round_scores"] = curves
    for name in _SEAT_STATS:
        seats[name] = stats[..., S.SEAT_COLUMNS.index(name)].reshape(-1).astype(np.int32)
    # cards: one row per (game, seat, card type) seen in the draft or in play
    cs = st.card[:m, :players, :, :]
    g_i, p_i, c_i = np.nonzero((cs[..., S.C_SEEN] > 0) | (cs[..., S.C_ACQ] > 0) | (cs[..., S.C_PLAYED] > 0))
    sel = cs[g_i, p_i, c_i]
    cards = {"game_id": ids[g_i], "seat": p_i.astype(np.int8), "card": c_i.astype(np.int16),
             "acquired": sel[:, S.C_ACQ].astype(np.int32), "played": sel[:, S.C_PLAYED].astype(np.int32)}
    for name, k in zip(S.CARD_COLUMNS, (S.C_DRAFTED, S.C_DRAWN, S.C_ACT, S.C_SEEN, S.C_FIRST_ROUND, S.C_PICK),
                       strict=True):
        cards[name] = sel[:, k].astype(np.int32)
    return {"games": games, "seats": seats, "cards": cards}


def replay(game_id: int, seed_words, players: int, bots: np.ndarray, cards: CardTable,
           bot_names: list[str] | None = None) -> list[str]:
    """The readable log of one game: draft, piles, tokens, every die, gain, summon, activation,
    transmutation and time move, then the score breakdown."""
    st, viol = play_traced(S.new_state, data.tables(cards), game_id, seed_words, players, bots,
                           lookahead=(B.P_ROLLOUTS, L.play_out))
    names = bot_names or [f"bot {p % len(bots)}" for p in range(players)]
    lines = format_events(st.ev[0], int(st.ev_n[0]), cards, names)
    lines.append("Final prestige (crystals + cards in play + hand + bonus penalty + token):")
    for p in range(players):
        v = st.seat[0, p]
        tok = int(v[S.S_TOKEN])
        lines.append(
            f"  P{p + 1} ({names[p]}): {int(v[S.S_PRESTIGE])} = {int(v[S.S_CRYSTALS])} crystals "
            f"+ {int(v[S.S_CARD_PRESTIGE])} card prestige {int(v[S.S_HAND_PENALTY]):+d} hand "
            f"-{int(v[S.S_BONUS_PENALTY])} bonuses ({int(v[S.S_BONUSES])}) {int(v[S.S_TOKEN_VALUE]):+d} token"
            + (f" {tok}{' used' if v[S.S_TOKEN_USED] else ' unused'}" if tok > 0 else ""))
    if viol:
        lines.append(f"!! {viol} invariant violations")
    return lines


GAME = GameSpec(
    name="seasons",
    title="Seasons + Enchanted Kingdom",
    version=VERSION,
    players=(2, 3, 4),
    bots=B.PRESETS,
    bot_params=B.PARAMS,
    default_bot="balanced",
    data_variants=data.variant_choices(),
    load_cards=data.load_cards,
    play=play,
    replay=replay,
    seat_columns=("shared_win", "tie_break") + tuple(_SEAT_STATS),
    card_columns=S.CARD_COLUMNS,
    end_reasons=S.END_REASONS,
    tunable=B.TUNABLE,
    limits=B.LIMITS,
    lookahead_param="rollouts",
    score_unit="prestige",
    first_round_verb="summoned",
)
# the tuned presets committed with the game (simlab tune; docs/tuning.md)
GAME = with_preset_files(GAME, Path(__file__).parent / "presets")
