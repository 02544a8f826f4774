"""Ashes' lookahead bot (simlab/games/ashes/lookahead.py; issue 14): it takes its main action by
playing each option out. It must read nothing hidden (the opponent's hand, any draw pile's order,
future dice), leave the real game untouched, and change nothing when it is off."""

from __future__ import annotations

import tomllib
from pathlib import Path

import numpy as np
import pytest

import simlab
from simlab.games.ashes import GAME, data
from simlab.games.ashes import bots as B
from simlab.games.ashes import lookahead as L
from simlab.games.ashes import rules as R
from simlab.games.ashes import state as S
from simlab.games.base import root_seed_words
from simlab.games.kernel import MAX_SEATS, playout_params


def _matrix(preset: str, **params) -> np.ndarray:
    return np.ascontiguousarray(np.vstack([GAME.bot_vector(preset, params)] * S.MAXP))


def _position(seed: int, rounds: int, turns: int):
    """A real game after ``rounds`` whole rounds and ``turns`` turns of the next round's player
    turns phase, at the next seat's main action (its side action taken). Returns (state, tables,
    prm, p, legal moves, heuristic's move), or None when the game ended before."""
    t = data.tables(GAME.load_cards())
    st = S.new_state(2)  # row 1: the playouts' scratch row
    base = _matrix("balanced_tuned_2p")
    R.setup(st, t, 0, 2, root_seed_words(seed), 0)
    for _ in range(rounds):
        st.rnd[0] += 1
        R.prepare_phase(st, t, 0, base)
        if st.done[0]:
            return None
        R.player_turns_phase(st, t, 0, base)
        if st.done[0]:
            return None
        R.recovery_phase(st, t, 0, base)
        if st.done[0]:
            return None
    st.rnd[0] += 1
    R.prepare_phase(st, t, 0, base)
    if st.done[0]:
        return None
    p = int(R.start_player_turns(st, t, 0))
    for _ in range(turns):
        if R.take_turn(st, t, 0, base, p) or st.done[0]:
            return None
        p = int(st.cur[0])
    if R.before_main(st, t, 0, base, p):
        return None
    legal = st.scratch[0, 2]
    n = int(R.legal_moves(st, t, 0, p, False, legal, st.scratch[0, 3]))
    choice = int(B.choose_main(st, t, 0, base, p, legal, n))
    prm = _matrix("balanced_tuned_2p", rollouts=4, look_z=0.0)
    return st, t, prm, p, n, choice


def _positions():
    found = []
    for seed in range(1, 30):
        for rounds, turns in ((0, 0), (1, 1), (2, 2), (3, 1), (4, 3)):
            pos = _position(seed, rounds, turns)
            if pos is not None and pos[4] >= 2:  # something to decide: two moves at least
                found.append(pos)
        if len(found) >= 5:
            return found
    assert len(found) >= 4, "too few positions with a main action to decide"
    return found


def _snapshot(st):
    return {name: getattr(st, name)[0].copy() for name in S.State._fields}


def _restore(st, snap):
    for name, row in snap.items():
        getattr(st, name)[0] = row


def _deal(st, conts, pool):
    k = 0
    for c in conts:
        for j in range(int(st.cont_n[0, c])):
            i = pool[k]
            st.cont[0, c, j], st.i_cont[0, i], st.i_pos[0, i] = i, c, j
            k += 1


def _scramble_hidden(st, p, rng):
    """Deal the opponent's hand and draw pile anew (each keeping its size), shuffle p's own draw
    pile, and change every random stream but p's own."""
    q = 1 - p
    conts = [S.zone_of(q, S.Z_HAND), S.zone_of(q, S.Z_DRAW)]
    pool = np.concatenate([st.cont[0, c, :st.cont_n[0, c]] for c in conts])
    _deal(st, conts, rng.permutation(pool))
    own = S.zone_of(p, S.Z_DRAW)
    _deal(st, [own], rng.permutation(st.cont[0, own, :st.cont_n[0, own]]))
    stream = st.rng.shape[1] - MAX_SEATS + p
    for k in range(st.rng.shape[1]):
        if k != stream:
            st.rng[0, k] = rng.integers(0, 2**63, dtype=np.uint64)


def _options(st, t, p, prm, n, choice):
    options = np.empty(n + 2, np.int64)
    m = int(L.main_options(st, t, 0, p, prm, choice, n, options))
    return [int(o) for o in options[:m]]


def test_the_options_are_the_heuristics_move_the_next_best_and_passing():
    for st, t, prm, p, n, choice in _positions():
        options = _options(st, t, p, prm, n, choice)
        assert options[0] == choice
        assert len(set(options)) == len(options)
        assert (-1 in options) and len(options) <= 2 + int(prm[p, B.BP_LOOK_OPTIONS])
        legal = {int(m) for m in st.scratch[0, 2, :n]}
        assert all(o in legal for o in options if o >= 0)


def test_main_choice_and_playout_values_ignore_hidden_information():
    rng = np.random.default_rng(9)
    changed_hands = 0
    for st, t, prm, p, n, choice in _positions():
        before = _snapshot(st)
        rprm = playout_params(prm, p, B.BP_ROLLOUTS)
        u = np.uint64(77)
        options = _options(st, t, p, prm, n, choice)
        values = [[L.playout(st, t, 0, p, rprm, u, k, o) for k in range(3)] for o in options]
        picked = int(L.look_main(st, t, 0, p, prm, choice, n, 0))
        opp_hand = S.zone_of(1 - p, S.Z_HAND)
        for _ in range(2):
            _restore(st, before)
            _scramble_hidden(st, p, rng)
            changed_hands += not np.array_equal(st.cont[0, opp_hand], before["cont"][opp_hand])
            assert _options(st, t, p, prm, n, choice) == options
            assert [[L.playout(st, t, 0, p, rprm, u, k, o) for k in range(3)] for o in options] == values
            assert int(L.look_main(st, t, 0, p, prm, choice, n, 0)) == picked
    assert changed_hands >= 4  # the scramble really dealt the opponent other cards


def test_looking_ahead_leaves_the_real_game_untouched():
    st, t, prm, p, n, choice = _positions()[1]
    before = _snapshot(st)
    L.look_main(st, t, 0, p, prm, choice, n, 0)
    own = st.rng.shape[1] - MAX_SEATS + p
    for name, row in before.items():
        now = getattr(st, name)[0]
        if name == "rng":
            assert np.array_equal(np.delete(now, own), np.delete(row, own)) and now[own] != row[own]
        else:
            assert np.array_equal(now, row), name


def test_a_high_look_z_keeps_the_heuristics_move_and_rollouts_0_plays_nothing_out():
    st, t, prm, p, n, choice = _positions()[0]
    prm[:, B.BP_LOOK_Z] = 10.0  # nothing beats the heuristic's move by 10 standard errors
    assert int(L.look_main(st, t, 0, p, prm, choice, n, 0)) == choice
    before = st.rng[0].copy()
    prm[:, B.BP_ROLLOUTS] = 0.0
    assert int(L.look_main(st, t, 0, p, prm, choice, n, 0)) == choice
    assert np.array_equal(st.rng[0], before)  # no playout drew its seed


def test_default_runs_play_exactly_as_before():
    plain = simlab.simulate("ashes", 20, bots=["balanced_tuned_2p", "balanced"], seed=3)
    hooked = simlab.simulate("ashes", 20, bots=[("balanced_tuned_2p", {"rollouts": 0.5}), "balanced"], seed=3)
    for table in ("games", "seats", "cards"):
        a, b = plain.collect(table), hooked.collect(table)
        cols = [c for c in a.columns if "bot" not in c and c != "variant"]
        assert a.select(cols).equals(b.select(cols)), table


def test_a_lookahead_run_is_reproducible_however_it_is_chunked_and_replays():
    bots = [("balanced_tuned_2p", {"rollouts": 2}), "balanced"]
    one = simlab.simulate("ashes", 6, bots=bots, seed=4, chunk_size=6)
    other = simlab.simulate("ashes", 6, bots=bots, seed=4, chunk_size=4)
    for table in ("games", "seats"):
        assert one.collect(table).equals(other.collect(table))
    lines = GAME.replay(0, root_seed_words(1), 2, GAME.bot_matrix([("lookahead_2p", {"rollouts": 2}),
                                                                     ("balanced", None)]),
                        GAME.load_cards(), ["LOOK", "BAL"])
    assert lines and not any("invariant" in line for line in lines)


@pytest.mark.parametrize("key, value", [("rollouts", -1), ("rollouts", 2000), ("look_z", 11),
                                        ("look_options", 13)])
def test_lookahead_parameters_out_of_range_are_errors(key, value):
    with pytest.raises(ValueError, match=f"{key}.*out of range"):
        GAME.bot_vector("balanced", {key: value})


def test_the_committed_lookahead_preset_is_the_tuned_preset_looking_ahead():
    look, tuned = GAME.bots["lookahead_2p"].params, GAME.bots["balanced_tuned_2p"].params
    assert GAME.is_lookahead("lookahead_2p") and not GAME.is_lookahead("balanced_tuned_2p")
    keys = {"rollouts": 32.0, "look_options": 4.0, "look_z": 1.5}
    assert {k: look[k] for k in keys} == keys
    for key, value in tuned.items():
        if key not in keys:
            assert look[key] == value, key
    # the files themselves: the tuned preset's [params] and the lookahead keys, nothing else
    folder = Path(data.__file__).parent / "presets"
    files = {name: tomllib.loads((folder / f"{name}.toml").read_text())["params"]
             for name in ("lookahead_2p", "balanced_tuned_2p")}
    assert files["lookahead_2p"] == files["balanced_tuned_2p"] | keys
