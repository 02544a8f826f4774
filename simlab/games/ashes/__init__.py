"""Ashes: Rise of the Phoenixborn (Plaid Hat Games 2015), 1st edition core set: 2 players.

Registered as ``ashes``. Every card effect is implemented (docs/ashes.md); the bots are heuristic
presets over the checklist's decision points (bots.py), and the committed studies report what
holds under every preset.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from simlab.games.ashes import bots as B
from simlab.games.ashes import data
from simlab.games.ashes import lookahead as L
from simlab.games.ashes import rules as R  # noqa: F401  (importing it registers the game's setup and play_game with the kernel)
from simlab.games.ashes import state as S
from simlab.games.ashes.trace import format_events
from simlab.games.base import BotPreset, CardTable, GameSpec, play_in_batches, play_traced, seat_frame
from simlab.games.rounds import round_columns
from simlab.presets import with_preset_files

__all__ = ["GAME", "play", "replay"]

# 0.1.0: first registered version: the rules of docs/ashes.md (41 of 78 effects), presets
#        balanced, aggro, control and random, result counters.
# 0.2.0: every card effect (78 of 78), damage and destruction through the pending-frame stack and
#        its windows; the seat damage counters count where damage lands.
# 0.2.1: the balanced, aggro and control bots meditate (DP9) and use the charm dice power (DP10);
#        parameters meditate, meditate_min, meditate_max and charm.
# 0.3.0: bots: attacks scored by attack_score (lethal on the Phoenixborn, blockers held back against
#        a lethal threat, trades net of the counter), allies scored as units; parameters
#        avoid_ability, avoid_power, lethal, attack_margin, w_unit, w_pb_dmg, pass_threshold,
#        w_spellboard, pb_blocked; preset builder. The replay names the dice rolled, kept and set and
#        the cost paid for every action (trace events only: play is the same with tracing on or off).
# 0.3.1: the life left on each Phoenixborn kept round by round (games: margin, lead_changes,
#        lead_round, winner_deficit; seats: round_scores); cards: first_round (first played); play
#        is the same as 0.3.0's, game for game
VERSION = "0.3.1"
SUB_BATCH = 256    # games held in memory at once by one worker (state is ~60 KB a game)

# seats table: the seat's Phoenixborn (card id) and precon (index in data.deck_titles(), -1 =
# a custom deck), the kernel's counters, and units_destroyed (the opponents' units_lost)
EXTRA_SEAT_COLUMNS = ("phoenixborn", "deck") + S.SEAT_COLUMNS + ("units_destroyed",)


def play(game_ids, seed_words, players: int, bots: np.ndarray, cards: CardTable,
         rotate: bool = False, check: bool = False) -> dict[str, dict[str, np.ndarray]]:
    """Play the games ``game_ids`` and return the games, seats and cards tables (see GameSpec)."""
    if players != 2:
        raise ValueError(f"ashes: players must be 2, got {players}")
    deck_id = cards.arrays["seat_deck_id"]
    card_life = cards.arrays["card_life"]

    def extract(st, ids, players_, rows, rotate_, check_, viol):
        return _extract(st, ids, players_, rows, rotate_, check_, viol, deck_id, card_life)

    return play_in_batches("ashes", game_ids, seed_words, players, bots, data.tables(cards),
                           new_state=S.new_state, extract=extract,
                           n_params=len(B.PARAMS), sub_batch=SUB_BATCH, rotate=rotate, check=check,
                           lookahead=(B.BP_ROLLOUTS, L.play_out))


def _extract(st: S.State, ids: np.ndarray, players: int, rows: int, rotate: bool, check: bool,
             viol: np.ndarray, deck_id: np.ndarray, card_life: np.ndarray) -> dict[str, dict[str, np.ndarray]]:
    """Copy one sub-batch's results out of the state into flat columns.

    ``score`` is the life the seat's Phoenixborn has left (0 once destroyed), so the winner has
    the best score (a double-KO winner's unresolved Phoenixborn also counts 0: AMB-4)."""
    m = ids.shape[0]
    winner = st.winner[:m].astype(np.int8)
    first = st.seat[:m, :players, S.S_WENT_FIRST].argmax(axis=1)
    games = {"game_id": ids.copy(), "winner": winner, "turns": st.turn[:m].astype(np.int32),
             "end_reason": st.end_reason[:m].astype(np.int8), "rounds": st.rnd[:m].astype(np.int32),
             "first_player": first.astype(np.int8)}
    if check:
        games["violations"] = viol.astype(np.int32)
    seats = seat_frame(ids, players, rows, rotate, winner)  # game_id, seat, bot_row, won
    pb = st.pb_card[:m, :players].astype(np.int64)
    life = card_life[pb].astype(np.int32) - st.pb_wounds[:m, :players]
    score = np.clip(life, 0, None) * st.alive[:m, :players]
    seats |= {"score": score.reshape(-1).astype(np.int16), "won": seats.pop("won")}
    quality, curves = round_columns(st.score_hist[:m, :, :players], np.minimum(st.rnd[:m], S.ROUND_LIMIT),
                                    score, winner)
    games |= {k: v for k, v in quality.items() if k != "rounds"}
    seats["round_scores"] = curves
    seats["phoenixborn"] = pb.reshape(-1).astype(np.int16)
    seats["deck"] = np.tile(deck_id[:players], m).astype(np.int16)
    stats = st.seat[:m, :players, :]
    for k, name in enumerate(S.SEAT_COLUMNS):
        seats[name] = stats[..., k].reshape(-1).astype(np.int32)
    lost = stats[..., S.S_UNITS_LOST]
    seats["units_destroyed"] = (lost.sum(axis=1, keepdims=True) - lost).reshape(-1).astype(np.int32)
    # cards: one row per (game, seat, card) in the seat's deck or conjuration pile, its
    # Phoenixborn, or any card with a counter (a card taken from an opponent)
    cs = st.card[:m, :players, :, :]
    keep = (cs > 0).any(axis=-1)
    g_i, p_i = np.nonzero(np.ones((m, players), bool))
    keep[g_i, p_i, pb[g_i, p_i]] = True
    conj = st.i_card[:m].reshape(m, S.MAXP, S.MAXI_P)[:, :players, S.DECK:]
    gg, pp, kk = np.nonzero(conj >= 0)
    keep[gg, pp, conj[gg, pp, kk]] = True
    g_i, p_i, c_i = np.nonzero(keep)
    sel = cs[g_i, p_i, c_i]
    cards = {"game_id": ids[g_i], "seat": p_i.astype(np.int8), "card": c_i.astype(np.int16),
             "acquired": sel[:, S.C_ACQ].astype(np.int32), "played": sel[:, S.C_PLAYED].astype(np.int32)}
    for name, k in zip(S.CARD_COLUMNS, (S.C_DRAWN, S.C_FIRST_FIVE, S.C_ACTIVATED, S.C_DAMAGE, S.C_FIRST_ROUND),
                       strict=True):
        cards[name] = sel[:, k].astype(np.int32)
    return {"games": games, "seats": seats, "cards": cards}


def replay(game_id: int, seed_words, players: int, bots: np.ndarray, cards: CardTable,
           bot_names: list[str] | None = None) -> list[str]:
    """The readable log of one game: setup, first-player roll, every draw, play, activation,
    attack, dice power, reaction and destruction, then each Phoenixborn's wounds."""
    if players != 2:
        raise ValueError(f"ashes: players must be 2, got {players}")
    st, viol = play_traced(S.new_state, data.tables(cards), game_id, seed_words, players, bots,
                           lookahead=(B.BP_ROLLOUTS, L.play_out))
    names = bot_names or [f"bot {p % len(bots)}" for p in range(players)]
    lines = format_events(st.ev[0], int(st.ev_n[0]), cards, st.i_card[0], names)
    lines.append("Phoenixborn wounds: " + ", ".join(
        f"P{p + 1} {cards.names[int(st.pb_card[0, p])]} {int(st.pb_wounds[0, p])}" for p in range(players)))
    if viol:
        lines.append(f"!! {viol} invariant violations")
    return lines


GAME = GameSpec(
    name="ashes",
    title="Ashes: Rise of the Phoenixborn",
    version=VERSION,
    players=(2,),
    bots={k: BotPreset(k, B.DESCRIPTIONS[k], v) for k, v in B.PRESETS.items()},
    bot_params={k: B.PRESETS["balanced"][k] for k in B.PARAMS},
    default_bot="balanced",
    data_variants=data.variant_choices(),
    load_cards=data.load_cards,
    play=play,
    replay=replay,
    seat_columns=EXTRA_SEAT_COLUMNS,
    card_columns=S.CARD_COLUMNS,
    end_reasons=S.END_REASONS,
    card_params=("avoid_card",),
    tunable=B.TUNABLE,
    limits=B.LIMITS,
    lookahead_param="rollouts",
    score_unit="Phoenixborn life",
)
# the tuned presets committed with the game (simlab tune; docs/tuning.md)
GAME = with_preset_files(GAME, Path(__file__).parent / "presets")
