"""Quarriors' lookahead bot (simlab/games/quarriors/lookahead.py; issue 14).

What a reader should be convinced of: the bot reads nothing hidden (its choices and its playouts'
values stay the same when everything it cannot see is scrambled), it never touches the real game
while it looks ahead, a run with it is reproducible however it is chunked, runs without it play
exactly as before, it takes a winning capture the heuristic misses, and bad parameters are errors.
"""

from __future__ import annotations

import numpy as np
import pytest

import simlab
from simlab.games.base import root_seed_words
from simlab.games.kernel import MAX_SEATS, playout_params
from simlab.games.quarriors import GAME, data
from simlab.games.quarriors import bots as B
from simlab.games.quarriors import lookahead as L
from simlab.games.quarriors import rules as R
from simlab.games.quarriors import state as S
from simlab.presets import PresetFileError, read_preset_file

from .kit import Position

ROLLOUTS = 6


def _params(rollouts: int = ROLLOUTS, **extra) -> np.ndarray:
    row = GAME.bot_vector("greedy_tuned_2p", {"rollouts": rollouts, "look_z": 0.0, **extra})
    return np.ascontiguousarray(np.vstack([row] * S.MAXP))


def _snapshot(st) -> dict[str, np.ndarray]:
    return {name: getattr(st, name)[0].copy() for name in S.State._fields}


def _restore(st, snap) -> None:
    for name, row in snap.items():
        getattr(st, name)[0] = row


def _scramble_hidden(st, p: int, rng: np.random.Generator) -> None:
    """Change everything seat p cannot see: the order of the dice in every bag, and every random
    stream of the game except p's own (future rolls and draws, the other seats' tie-breaks)."""
    for q in range(int(st.players[0])):
        c = S.zone_of(q, S.Z_BAG)
        n = int(st.cont_n[0, c])
        order = rng.permutation(st.cont[0, c, :n])
        st.cont[0, c, :n] = order
        st.d_pos[0, order] = np.arange(n)
    own = st.rng.shape[1] - MAX_SEATS + p
    for k in range(st.rng.shape[1]):
        if k != own:
            st.rng[0, k] = rng.integers(0, 2**63, dtype=np.uint64)


def _position(seed: int, turns: int, stage: str):
    """A real game (seed, game id 0) after ``turns`` turns, stopped at the next player's capture
    or summon decision. Returns (state, tables, prm, p, choice, a0, a1)."""
    t = data.tables(GAME.load_cards())
    st = S.new_state(2)  # row 1: the playouts' scratch row
    prm = _params()
    base = np.ascontiguousarray(np.vstack([GAME.bot_vector("greedy_tuned_2p")] * S.MAXP))
    R.setup(st, t, 0, 2, root_seed_words(seed), 0)
    for _ in range(turns):
        R.play_turn(st, t, 0, base)
    p = int(R.begin_turn(st, 0))
    R.score_phase(st, t, 0, p, base)
    R.roll_phase(st, t, 0, p, base)
    if stage == "summon":
        R.summon_start(st, t, 0, p, base)
        R.summon_costs(st, t, 0, p, R.mighty_warrior_in_wilds(st, t, 0))
        budget = int(R.available_quiddity(st, t, 0, p))
        choice = int(B.choose_summon(st, t, 0, p, base[p], budget, 0, st.scratch[0, 5]))
        return st, t, prm, p, choice, budget, 0
    R.summon_phase(st, t, 0, p, base)
    R.attack_phase(st, t, 0, p, base)
    R.cast_spells(st, t, 0, p, base, S.CAST_AFTER_ATTACK)
    budget = int(R.available_quiddity(st, t, 0, p))
    choice = int(B.choose_capture(st, t, 0, p, base[p], budget, st.discount[0], 99))
    return st, t, prm, p, choice, budget, int(st.discount[0])


def _decide(stage, st, t, prm, p, choice, a0, a1) -> int:
    look = L.look_capture if stage == "capture" else L.look_summon
    return int(look(st, t, 0, p, prm, choice, a0, a1))


def _options(stage, st, p, budget) -> list[int]:
    if stage == "capture":
        return [-1] + [slot for slot in range(S.NSLOT) if st.cont_n[0, S.WILDS0 + slot] > 0][:4]
    a = S.zone_of(p, S.Z_ACTIVE)
    return [-1] + [int(st.cont[0, a, i]) for i in range(st.cont_n[0, a]) if 0 <= st.scratch[0, 5, i] <= budget]


@pytest.mark.parametrize("stage", ["capture", "summon"])
def test_choices_and_playout_values_ignore_hidden_information(stage):
    rng = np.random.default_rng(5)
    checked = 0
    for seed, turns in ((1, 4), (2, 6), (3, 9), (4, 12), (5, 7), (6, 10)):
        st, t, prm, p, choice, a0, a1 = _position(seed, turns, stage)
        options = _options(stage, st, p, a0)
        if len(options) < 2 or st.done[0]:
            continue
        before = _snapshot(st)
        kind = L.CAPTURE if stage == "capture" else L.SUMMON
        rprm = playout_params(prm, p, B.P_ROLLOUTS)
        u = np.uint64(0x1234_5678_9ABC)
        values = [[L.playout(st, t, 0, p, rprm, u, k, kind, o) for k in range(3)] for o in options]
        picked = _decide(stage, st, t, prm, p, choice, a0, a1)
        for _ in range(2):
            _restore(st, before)
            _scramble_hidden(st, p, rng)
            assert [[L.playout(st, t, 0, p, rprm, u, k, kind, o) for k in range(3)] for o in options] == values
            assert _decide(stage, st, t, prm, p, choice, a0, a1) == picked
        checked += 1
    assert checked >= 3, "too few positions with a real choice"


def test_playouts_differ_with_the_seats_own_stream():
    # the control for the test above: what the bot may read (its own stream) does change its playouts
    st, t, prm, p, choice, a0, a1 = _position(3, 9, "capture")
    rprm = playout_params(prm, p, B.P_ROLLOUTS)
    values = {tuple(L.playout(st, t, 0, p, rprm, np.uint64(u), k, L.CAPTURE, -1) for k in range(8)) for u in (1, 2)}
    assert len(values) == 2


@pytest.mark.parametrize("stage", ["capture", "summon"])
def test_looking_ahead_leaves_the_real_game_untouched(stage):
    # a position with a real choice (with one option the bot decides without a playout or a draw)
    for seed, turns in ((2, 6), (1, 4), (3, 9), (4, 12), (5, 7), (6, 10)):
        st, t, prm, p, choice, a0, a1 = _position(seed, turns, stage)
        if len(_options(stage, st, p, a0)) >= 2 and not st.done[0]:
            break
    else:
        pytest.fail("no position with a real choice")
    before = _snapshot(st)
    _decide(stage, st, t, prm, p, choice, a0, a1)
    own = st.rng.shape[1] - MAX_SEATS + p
    for name, row in before.items():
        now = getattr(st, name)[0]
        if name == "rng":  # the one thing it may change: its own stream, one draw per decision
            assert np.array_equal(np.delete(now, own), np.delete(row, own))
            assert now[own] != row[own]
        else:
            assert np.array_equal(now, row), name


def test_the_heuristics_choice_stands_without_rollouts_or_a_scratch_row():
    st, t, prm, p, choice, a0, a1 = _position(2, 6, "capture")
    assert int(L.look_capture(st, t, 0, p, _params(rollouts=0), choice, a0, a1)) == choice
    st1 = S.new_state(1)  # no scratch row: game 0 is the last row, the bot keeps the heuristic's choice
    for name in S.State._fields:
        getattr(st1, name)[0] = getattr(st, name)[0]
    assert int(L.look_capture(st1, t, 0, p, prm, choice, a0, a1)) == choice


def test_takes_the_capture_that_wins_the_game_now():
    # Three creature cards are empty and a fourth has one die left: capturing it ends the game
    # (four empty cards) while player 1 leads on glory. The heuristic, set to love Portals, buys a
    # Portal; every playout of the winning capture wins, so the lookahead takes it.
    pos = Position(players=2, params={"w_portal": 3.0, "w_cost": 0.0, "w_glory": 0.0, "max_portals": 4.0,
                                      "min_cost": 0.0, "rollouts": 8.0, "look_z": 1.0, "look_options": 12.0})
    st = S.new_state(2)
    for name in S.State._fields:
        if name not in ("ev", "ev_n"):
            getattr(st, name)[0] = getattr(pos.st, name)[0]
    pos.st = st
    creatures = [pos.ct.names[st.slot_card[0, s]] for s in range(S.SLOT_CREATURE0, S.SLOT_CREATURE0 + 7)]
    for name in creatures[:3]:
        pos.give(1, name, "used", n=int(st.cont_n[0, S.WILDS0 + pos.slot(name)]))
    last = creatures[3]
    pos.give(1, last, "used", n=int(st.cont_n[0, S.WILDS0 + pos.slot(last)]) - 1)
    pos.give(0, "Basic Quiddity", "bag", n=8)
    st.glory[0, 0], st.glory[0, 1] = 12, 3
    t = pos.t
    budget = 12
    st.pool[0] = budget
    prm = np.ascontiguousarray(pos.prm)
    heuristic = int(B.choose_capture(st, t, 0, 0, prm[0], budget, 0, 99))
    assert heuristic == S.SLOT_PORTAL
    winning = pos.slot(last)
    assert int(L.look_capture(st, t, 0, 0, prm, heuristic, budget, 0)) == winning


def test_default_runs_play_exactly_as_before():
    # rollouts 0.5 switches the lookahead's compiled path and scratch row on and every decision
    # off (fewer than one playout): the games must be the same as without it
    plain = simlab.simulate("quarriors", 30, bots=["greedy_tuned_2p", "greedy"], seed=3)
    hooked = simlab.simulate("quarriors", 30, bots=[("greedy_tuned_2p", {"rollouts": 0.5}), "greedy"], seed=3)
    for table in ("games", "seats", "cards"):
        a, b = plain.collect(table), hooked.collect(table)
        cols = [c for c in a.columns if "bot" not in c and c != "variant"]
        assert a.select(cols).equals(b.select(cols)), table


def test_a_lookahead_run_is_reproducible_however_it_is_chunked():
    bots = [("greedy_tuned_2p", {"rollouts": 2}), "greedy"]
    one = simlab.simulate("quarriors", 12, bots=bots, seed=4, chunk_size=12)
    other = simlab.simulate("quarriors", 12, bots=bots, seed=4, chunk_size=5)
    jobs = simlab.simulate("quarriors", 12, bots=bots, seed=4, chunk_size=4, n_jobs=2)
    for table in ("games", "seats"):
        assert one.collect(table).equals(other.collect(table))
        assert one.collect(table).equals(jobs.collect(table))
    assert one.collect("games")["turns"].min() > 4


def test_replay_shows_the_lookahead_game():
    bots = GAME.bot_matrix([("lookahead_2p", {"rollouts": 2}), ("greedy_tuned_2p", None)])
    lines = GAME.replay(0, root_seed_words(1), 2, bots, GAME.load_cards(), ["LOOK", "TUNED"])
    assert lines[-1].startswith("Final glory")
    assert not any("invariant" in line for line in lines)


@pytest.mark.parametrize("key, value", [("rollouts", -1), ("rollouts", 5000), ("look_options", 13),
                                        ("look_z", -0.5)])
def test_lookahead_parameters_out_of_range_are_errors(key, value, tmp_path):
    with pytest.raises(ValueError, match=f"{key}.*out of range"):
        GAME.bot_vector("greedy", {key: value})
    path = tmp_path / "bad.toml"
    path.write_text(f'game = "quarriors"\nname = "bad"\n[params]\n{key} = {value}\n')
    with pytest.raises(PresetFileError, match=f"params.{key}.*out of range"):
        read_preset_file(path, GAME)


def test_the_committed_lookahead_preset_is_the_tuned_preset_looking_ahead():
    look, tuned = GAME.bots["lookahead_2p"].params, GAME.bots["greedy_tuned_2p"].params
    assert look["rollouts"] >= 1 and GAME.is_lookahead("lookahead_2p")
    assert not GAME.is_lookahead("greedy_tuned_2p")
    for key, value in tuned.items():
        assert look[key] == value, key
