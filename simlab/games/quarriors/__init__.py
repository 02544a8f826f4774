"""Quarriors! (WizKids 2011), base set: 2-4 players, 53 cards, 130 dice."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from simlab.games.base import CardTable, GameSpec, play_in_batches, play_traced, seat_frame
from simlab.games.kernel import quality_columns
from simlab.games.quarriors import bots as B
from simlab.games.quarriors import data
from simlab.games.quarriors import lookahead as L
from simlab.games.quarriors import rules as R  # noqa: F401  (importing it registers the game's setup and play_game with the kernel)
from simlab.games.quarriors import state as S
from simlab.games.quarriors.trace import format_events
from simlab.games.rounds import margins, round_scores
from simlab.presets import with_preset_files

__all__ = ["GAME", "play", "replay"]

# 1.1: avoid_card, cull_delta, level-3 and collection counters
# 1.2: Strong Primordial Ooze may keep its copy at the start of its owner's turn (was forced to
#      re-copy) and copies anew when put back into the Ready Area; data variant deathdealer_face6
#      dropped (contradicts the rulebook's phase-3 example); Life Charm answers any destruction on an
#      opponent's turn; Mighty Ghostly Spirit is set aside even under Life Charm; Shaping Cantrip
#      allowed under one's own Life Charm; spells offered before summoning and after the attack
#      (bot parameter early_spells), Growth Charm castable outside the capture
# 1.3: common random numbers kept aligned across variants (every turn's bag picks, faces and
#      tie-breaks keyed to the turn: kernel.turn_streams), so every game differs from 1.2's;
#      glory per round (games: rounds, margin, lead changes, ...; seats: round_scores); the
#      compensation setup options start_glory, extra_quiddity and first_turn_dice
# 1.3.1: cards: first_round, the round a seat first bought a die of the card; play is the same as
#      1.3.0's, game for game
VERSION = "1.3.1"
SUB_BATCH = 1024  # games held in memory at once by one worker (state is ~13 KB a game)
_SEAT_STATS = [c for c in S.SEAT_COLUMNS if c != "glory"]  # glory is the `score` column
EXTRA_SEAT_COLUMNS = ("shared_win",) + tuple(_SEAT_STATS)


def play(game_ids, seed_words, players: int, bots: np.ndarray, cards: CardTable,
         rotate: bool = False, check: bool = False) -> dict[str, dict[str, np.ndarray]]:
    """Play the games ``game_ids`` and return the games, seats and cards tables (see GameSpec)."""
    return play_in_batches("quarriors", game_ids, seed_words, players, bots, data.tables(cards),
                           new_state=S.new_state, extract=_extract,
                           n_params=B.NPARAM, sub_batch=SUB_BATCH, rotate=rotate, check=check,
                           lookahead=(B.P_ROLLOUTS, L.play_out))


def _extract(st: S.State, ids: np.ndarray, players: int, rows: int, rotate: bool, check: bool,
             viol: np.ndarray) -> dict[str, dict[str, np.ndarray]]:
    """Copy one sub-batch's results out of the state into flat columns."""
    m = ids.shape[0]
    winner = st.winner[:m].astype(np.int8)
    games = {"game_id": ids.copy(), "winner": winner, "turns": st.turn[:m].astype(np.int32),
             "end_reason": st.end_reason[:m].astype(np.int8)}
    if check:
        games["violations"] = viol.astype(np.int32)
    seats = seat_frame(ids, players, rows, rotate, winner)  # game_id, seat, bot_row, won
    glory = st.glory[:m, :players]
    rounds = st.rounds[:m]
    games |= {"rounds": rounds.astype(np.int16), "margin": margins(glory),
              **quality_columns(st.quality[:m], rounds, winner)}
    ready = st.seat[:m, :players, S.S_READY_END]
    best = glory.max(axis=1, keepdims=True)
    best_ready = np.where(glory == best, ready, -1).max(axis=1, keepdims=True)
    shared = (winner[:, None] < 0) & (glory == best) & (ready == best_ready)
    seats |= {"score": glory.reshape(-1).astype(np.int16), "won": seats.pop("won"),
              "shared_win": shared.reshape(-1).astype(np.int8),
              "round_scores": round_scores(st.glory_hist[:m, :, :players], rounds)}
    for name in _SEAT_STATS:
        seats[name] = st.seat[:m, :players, S.SEAT_COLUMNS.index(name)].reshape(-1).astype(np.int32)
    cs = st.card[:m, :players, :, :]
    cards = {"game_id": np.repeat(ids, players * S.NSLOT),
             "seat": np.tile(np.repeat(np.arange(players, dtype=np.int8), S.NSLOT), m),
             "card": np.repeat(st.slot_card[:m], players, axis=0).reshape(-1).astype(np.int16),
             "acquired": cs[..., S.C_ACQ].reshape(-1).astype(np.int32),
             "played": cs[..., S.C_PLAYED].reshape(-1).astype(np.int32)}
    for name, k in zip(S.CARD_COLUMNS, (S.C_SCORED, S.C_DESTROYED, S.C_CULLED, S.C_OWNED, S.C_GLORY,
                                        S.C_FIRST_ROUND),
                       strict=True):
        cards[name] = cs[..., k].reshape(-1).astype(np.int32)
    return {"games": games, "seats": seats, "cards": cards}


def replay(game_id: int, seed_words, players: int, bots: np.ndarray, cards: CardTable,
           bot_names: list[str] | None = None) -> list[str]:
    """The readable log of one game: every draw, roll, choice, summon, attack, score, cull, capture."""
    st, viol = play_traced(S.new_state, data.tables(cards), game_id, seed_words, players, bots,
                           lookahead=(B.P_ROLLOUTS, L.play_out))
    names = bot_names or [f"bot {p % len(bots)}" for p in range(players)]
    lines = format_events(st.ev[0], int(st.ev_n[0]), st.slot_card[0], cards, names)
    lines.append("Final glory: " + ", ".join(f"P{p + 1} {int(st.glory[0, p])}" for p in range(players)))
    if viol:
        lines.append(f"!! {viol} invariant violations")
    return lines


GAME = GameSpec(
    name="quarriors",
    title="Quarriors!",
    version=VERSION,
    players=(2, 3, 4),
    bots=B.PRESETS,
    bot_params=B.PARAMS,
    default_bot="greedy",
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
    score_unit="glory",
    first_round_verb="bought",
)
# the tuned presets committed with the game (simlab tune; docs/tuning.md)
GAME = with_preset_files(GAME, Path(__file__).parent / "presets")
