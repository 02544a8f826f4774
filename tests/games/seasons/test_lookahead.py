"""Seasons' lookahead bot (simlab/games/seasons/lookahead.py; issue 14): it takes its season die and
its summons by playing each option out. It must read nothing hidden (the draw pile, the opponents'
hands and Library piles, future dice), leave the real game untouched, hold when it says it holds,
and change nothing when it is off."""

from __future__ import annotations

import numpy as np
import pytest

import simlab
from simlab.games.base import root_seed_words
from simlab.games.kernel import MAX_SEATS, playout_params
from simlab.games.seasons import GAME, data
from simlab.games.seasons import bots as B
from simlab.games.seasons import lookahead as L
from simlab.games.seasons import rules as R
from simlab.games.seasons import state as S


def _matrix(preset: str, **params) -> np.ndarray:
    return np.ascontiguousarray(np.vstack([GAME.bot_vector(preset, params)] * S.MAXP))


def _position(seed: int, rounds: int):
    """A real 2-player game after its prelude and ``rounds`` rounds, at the next round's die choice
    (dice rolled). Returns (state, tables, prm, p, heuristic's die)."""
    t = data.tables(GAME.load_cards())
    st = S.new_state(2)  # row 1: the playouts' scratch row
    base = _matrix("balanced_tuned_2p")
    R.setup(st, t, 0, 2, root_seed_words(seed), 0)
    R.prelude(st, t, 0, base)
    for _ in range(rounds):
        R.play_round(st, t, 0, base)
    st.rnd[0] += 1
    R.roll_season_dice(st, t, 0)
    p = int(st.first[0])
    st.cur[0] = p
    choice = int(B.choose_die(st, t, 0, p, base[p]))
    return st, t, _matrix("balanced_tuned_2p", rollouts=6, look_z=0.0), p, choice


def _snapshot(st):
    return {name: getattr(st, name)[0].copy() for name in S.State._fields}


def _restore(st, snap):
    for name, row in snap.items():
        getattr(st, name)[0] = row


def _scramble_hidden(st, p, rng):
    """Deal the cards p cannot see (draw pile, opponents' hands and Library piles) anew, each place
    keeping its size, and change every random stream but p's own."""
    conts = [S.C_DECK] + [S.zone_of(q, z) for q in range(int(st.players[0])) if q != p
                          for z in (S.Z_HAND, S.Z_LIB2, S.Z_LIB3)]
    pool = np.concatenate([st.cont[0, c, :st.cont_n[0, c]] for c in conts])
    pool = rng.permutation(pool)
    k = 0
    for c in conts:
        for j in range(int(st.cont_n[0, c])):
            i = pool[k]
            st.cont[0, c, j], st.c_cont[0, i], st.c_pos[0, i] = i, c, j
            k += 1
    own = st.rng.shape[1] - MAX_SEATS + p
    for k in range(st.rng.shape[1]):
        if k != own:
            st.rng[0, k] = rng.integers(0, 2**63, dtype=np.uint64)


def test_die_choice_and_playout_values_ignore_hidden_information():
    rng = np.random.default_rng(9)
    changed_hands = 0
    for seed, rounds in ((1, 1), (2, 3), (3, 5), (4, 7)):
        st, t, prm, p, choice = _position(seed, rounds)
        before = _snapshot(st)
        rprm = playout_params(prm, p, B.P_ROLLOUTS)
        u = np.uint64(77)
        dice = [k for k in range(3) if not st.taken[0, k]]
        values = [[L.playout(st, t, 0, p, rprm, u, k, L.DIE, die) for k in range(3)] for die in dice]
        picked = int(L.look_die(st, t, 0, p, prm, choice, 0, 0))
        opp_hand = S.zone_of(1 - p, S.Z_HAND)
        for _ in range(2):
            _restore(st, before)
            _scramble_hidden(st, p, rng)
            changed_hands += not np.array_equal(st.cont[0, opp_hand], before["cont"][opp_hand])
            assert [[L.playout(st, t, 0, p, rprm, u, k, L.DIE, die) for k in range(3)] for die in dice] == values
            assert int(L.look_die(st, t, 0, p, prm, choice, 0, 0)) == picked
    assert changed_hands >= 4  # the scramble really dealt the opponent other cards


def test_looking_ahead_leaves_the_real_game_untouched():
    st, t, prm, p, choice = _position(2, 3)
    before = _snapshot(st)
    L.look_die(st, t, 0, p, prm, choice, 0, 0)
    own = st.rng.shape[1] - MAX_SEATS + p
    for name, row in before.items():
        now = getattr(st, name)[0]
        if name == "rng":
            assert np.array_equal(np.delete(now, own), np.delete(row, own)) and now[own] != row[own]
        else:
            assert np.array_equal(now, row), name


def _summon_position(seed: int, rounds: int):
    """A real 2-player game at the first player's first summon decision of a round after
    ``rounds`` rounds (dice taken, the turn started): (state, tables, prm, p, heuristic's card),
    or None when the heuristic has nothing to summon there."""
    st, t, prm, p, _ = _position(seed, rounds)
    base = _matrix("balanced_tuned_2p")
    R.choose_dice(st, t, 0, base, 0)
    R.start_turn(st, t, 0, base, p)
    choice = int(B.choose_summon(st, t, 0, p, base[p]))
    return (st, t, prm, p, choice) if choice >= 0 else None


def _summon_positions():
    found = [pos for seed in range(1, 40) for rounds in (2, 4, 6) if (pos := _summon_position(seed, rounds))]
    assert len(found) >= 4, "too few positions with a summon to decide"
    return found[:6]


def test_summon_choice_and_playout_values_ignore_hidden_information():
    rng = np.random.default_rng(11)
    for st, t, prm, p, choice in _summon_positions():
        before = _snapshot(st)
        rprm = playout_params(prm, p, B.P_ROLLOUTS)
        u = np.uint64(91)
        options = [choice, -1]
        values = [[L.playout(st, t, 0, p, rprm, u, k, L.SUMMON, o) for k in range(3)] for o in options]
        picked = int(L.look_summon(st, t, 0, p, prm, choice, 0, 0))
        held = int(st.hold[0])
        assert held == (picked < 0)  # holding is remembered for the rest of the turn
        for _ in range(2):
            _restore(st, before)
            _scramble_hidden(st, p, rng)
            assert [[L.playout(st, t, 0, p, rprm, u, k, L.SUMMON, o) for k in range(3)] for o in options] == values
            assert int(L.look_summon(st, t, 0, p, prm, choice, 0, 0)) == picked


def test_looking_ahead_at_a_summon_leaves_the_real_game_untouched():
    st, t, prm, p, choice = _summon_positions()[0]
    prm[:, B.P_LOOK_Z] = 10.0  # the heuristic's card stands (nothing beats it by 10 standard errors)
    before = _snapshot(st)
    assert int(L.look_summon(st, t, 0, p, prm, choice, 0, 0)) == choice
    own = st.rng.shape[1] - MAX_SEATS + p
    for name, row in before.items():
        now = getattr(st, name)[0]
        if name == "rng":
            assert np.array_equal(np.delete(now, own), np.delete(row, own)) and now[own] != row[own]
        elif name != "scratch":  # working lists (the cost plans of the cards it considered)
            assert np.array_equal(now, row), name


def test_holding_summons_nothing_more_this_turn_and_ends_with_the_turn():
    st, t, prm, p, choice = _summon_positions()[0]
    base = _matrix("balanced_tuned_2p")
    bonus = int(st.bonus_n[0, p])
    st.hold[0] = 1
    R.summon_phase(st, t, 0, p, base)  # activations may still happen; summons and bonuses for them not
    assert int(st.summons[0]) == 0 and int(st.bonus_n[0, p]) == bonus
    R.start_turn(st, t, 0, base, 1 - p)  # the next player's turn clears it
    assert int(st.hold[0]) == 0
    st2, t2, _, p2, choice2 = _summon_positions()[0]
    R.summon_phase(st2, t2, 0, p2, base)  # without the hold, the heuristic summons its card
    assert int(st2.summons[0]) >= 1


def test_look_summons_0_looks_ahead_at_the_die_only():
    st, t, prm, p, choice = _summon_positions()[0]
    prm[:, B.P_LOOK_SUMMONS] = 0.0
    before = _snapshot(st)
    assert int(L.look_summon(st, t, 0, p, prm, choice, 0, 0)) == choice
    assert np.array_equal(st.rng[0], before["rng"])  # no playout drew its seed


def test_default_runs_play_exactly_as_before():
    plain = simlab.simulate("seasons", 20, bots=["balanced_tuned_2p", "balanced"], seed=3)
    hooked = simlab.simulate("seasons", 20, bots=[("balanced_tuned_2p", {"rollouts": 0.5}), "balanced"], seed=3)
    for table in ("games", "seats", "cards"):
        a, b = plain.collect(table), hooked.collect(table)
        cols = [c for c in a.columns if "bot" not in c and c != "variant"]
        assert a.select(cols).equals(b.select(cols)), table


def test_a_lookahead_run_is_reproducible_however_it_is_chunked_and_replays():
    bots = [("balanced_tuned_2p", {"rollouts": 2}), "balanced"]
    one = simlab.simulate("seasons", 6, bots=bots, seed=4, chunk_size=6)
    other = simlab.simulate("seasons", 6, bots=bots, seed=4, chunk_size=4)
    for table in ("games", "seats"):
        assert one.collect(table).equals(other.collect(table))
    lines = GAME.replay(0, root_seed_words(1), 2, GAME.bot_matrix([("lookahead_2p", {"rollouts": 2}),
                                                                     ("balanced", None)]),
                        GAME.load_cards(), ["LOOK", "BAL"])
    assert not any("invariant" in line for line in lines)


@pytest.mark.parametrize("key, value", [("rollouts", -1), ("rollouts", 2000), ("look_z", 11), ("look_summons", 2)])
def test_lookahead_parameters_out_of_range_are_errors(key, value):
    with pytest.raises(ValueError, match=f"{key}.*out of range"):
        GAME.bot_vector("balanced", {key: value})


def test_the_committed_lookahead_preset_is_the_tuned_preset_looking_ahead():
    look, tuned = GAME.bots["lookahead_2p"].params, GAME.bots["balanced_tuned_2p"].params
    assert GAME.is_lookahead("lookahead_2p") and not GAME.is_lookahead("balanced_tuned_2p")
    for key, value in tuned.items():
        assert look[key] == value, key
