"""The heuristic bots' attack and pass parameters (checklist §3 DP3, DP7) on exact positions:
lethal, attack_margin, w_unit, w_pb_dmg, pass_threshold, w_spellboard and the builder preset."""

from __future__ import annotations

import numpy as np

from simlab.games.ashes import bots as B
from simlab.games.ashes import rules as R
from simlab.games.ashes import state as S
from tests.games.ashes.kit import Position

P = {k: j for j, k in enumerate(B.PARAMS)}


def board(mine, theirs, my_life=None, their_life=None):
    """Seat 0 (Iron Men) with units ``mine`` and seat 1 (Mist Guardian) with ``theirs`` on the
    battlefield, all unexhausted, seat 0 to act; the Phoenixborns' remaining life as given."""
    pos = Position(decks=("The Iron Men", "The Mist Guardian"))
    R.begin_turn(pos.st, 0, 0)
    a = [pos.take(0, n, "battlefield") for n in mine]
    d = [pos.take(1, n, "battlefield") for n in theirs]
    for p, life in ((0, my_life), (1, their_life)):
        if life is not None:
            pos.st.pb_wounds[0, p] = pos.t.card_life[pos.st.pb_card[0, p]] - life
    return pos, a, d


def score(pos, move, p=0):
    att = np.zeros(S.MAXI_P, np.int64)
    return float(B.attack_score(pos.st, pos.t, 0, pos.prm, p, move, att))


def attackers(pos, p=0):
    att = np.zeros(S.MAXI_P, np.int64)
    n = B.attack_set(pos.st, pos.t, 0, pos.prm, p, att)
    return sorted(int(u) for u in att[:n])


PB = S.MV_ATTACK_PB * S.MAXI


def test_lethal_attack_on_the_phoenixborn_beats_everything():
    """Hammer Knight (4) and Iron Worker (2) against one blocker: the Knight is blocked, the
    Worker's 2 damage destroys a Phoenixborn with 2 life left: scored 10000 (lethal on), the
    plain 50 x (1 + w_pb_dmg x 2/2) = 100 with lethal off."""
    pos, _, _ = board(["Hammer Knight", "Iron Worker"], ["Mist Spirit"], their_life=2)
    assert score(pos, PB) == 10000.0
    pos.prm[0, P["lethal"]] = 0
    assert score(pos, PB) == 100.0
    pos.prm[0, P["lethal"]] = 1
    pos.st.pb_wounds[0, 1] -= 1  # 3 life left: not lethal
    assert score(pos, PB) < 10000.0


def test_w_pb_dmg_scales_the_phoenixborn_attack():
    """The Phoenixborn attack's score grows with w_pb_dmg x unblocked damage / remaining life."""
    pos, _, _ = board(["Hammer Knight", "Iron Worker"], ["Mist Spirit"], their_life=8)
    base = score(pos, PB)
    assert base == 50.0 * (1 + 2 / 8)
    pos.prm[0, P["w_pb_dmg"]] = 2.0
    assert score(pos, PB) == 50.0 * (1 + 2 * 2 / 8)
    pos.prm[0, P["w_pb_dmg"]] = 0.0
    assert score(pos, PB) == 50.0


def test_phoenixborn_attack_into_a_blocker_for_every_attacker_scores_low():
    """Iron Worker against one unexhausted Mist Spirit: no damage would get through: pb_blocked
    (at 15, below the kill of the Spirit, 42; at 50, the default, the Phoenixborn attack is
    chosen); with the Spirit exhausted, 50 x (1 + 2 / 16)."""
    pos, _, (spirit,) = board(["Iron Worker"], ["Mist Spirit"], their_life=16)
    assert B.PRESETS["balanced"]["pb_blocked"] == 50.0
    pos.prm[0, P["pb_blocked"]] = 15.0
    assert score(pos, PB) == 15.0
    assert score(pos, S.MV_ATTACK_UNIT * S.MAXI + spirit) == 42.0
    legal = np.array([PB, S.MV_ATTACK_UNIT * S.MAXI + spirit], np.int16)
    assert B.choose_main(pos.st, pos.t, 0, pos.prm, 0, legal.copy(), 2) == legal[1]
    pos.prm[0, P["pb_blocked"]] = 50.0  # the default: the attack on the Phoenixborn again
    assert score(pos, PB) == 50.0
    assert B.choose_main(pos.st, pos.t, 0, pos.prm, 0, legal.copy(), 2) == PB
    pos.prm[0, P["pb_blocked"]] = 15.0
    pos.st.exhaust[0, spirit] = 1
    assert score(pos, PB) == 56.25


def test_blockers_held_back_against_a_lethal_threat():
    """The opponent's unexhausted Blue Jaguar (2) and Mist Spirit (1) threaten 3 on a Phoenixborn
    with 3 life: one blocker must stay; the unit with the most life (Hammer Knight) stays back,
    Iron Worker attacks. With lethal off, or our life high, both attack."""
    pos, (knight, worker), _ = board(["Hammer Knight", "Iron Worker"], ["Blue Jaguar", "Mist Spirit"], my_life=3)
    assert B.blockers_needed(pos.st, pos.t, 0, 0) == 1
    assert attackers(pos) == [worker]
    pos.prm[0, P["lethal"]] = 0
    assert attackers(pos) == sorted([knight, worker])
    pos.prm[0, P["lethal"]] = 1
    pos.st.pb_wounds[0, 0] = 0
    assert B.blockers_needed(pos.st, pos.t, 0, 0) == 0
    assert attackers(pos) == sorted([knight, worker])


def test_all_in_when_lethal_despite_the_threat():
    """Lethal beats holding back: the same threat, but the opponent's Phoenixborn has 2 life and
    the Worker gets through."""
    pos, (knight, worker), _ = board(["Hammer Knight", "Iron Worker"], ["Mist Spirit"], my_life=1, their_life=2)
    assert attackers(pos) == sorted([knight, worker])


def test_attack_margin_refuses_an_even_trade():
    """Iron Worker (2/2) on an unexhausted Blue Jaguar (2/2): it destroys the Jaguar and dies to
    its counter, gain 0: taken at attack_margin 0 (the balanced bot), refused at 1 (control)."""
    pos, _, (jaguar,) = board(["Iron Worker"], ["Blue Jaguar"])
    move = S.MV_ATTACK_UNIT * S.MAXI + jaguar
    assert score(pos, move) == 40.0
    pos.prm[0, P["attack_margin"]] = 1.0
    assert score(pos, move) == 0.0
    assert B.PRESETS["control"]["attack_margin"] == 1.0


def test_w_unit_scales_a_free_kill():
    """Iron Worker on Mist Spirit (1/1, its counter does not destroy the Worker): gain = w_unit x 2."""
    pos, _, (spirit,) = board(["Iron Worker"], ["Mist Spirit"])
    move = S.MV_ATTACK_UNIT * S.MAXI + spirit
    assert score(pos, move) == 42.0
    pos.prm[0, P["w_unit"]] = 2.0
    assert score(pos, move) == 44.0


def main_choice(pos, p=0):
    legal = np.zeros(S.MAXI_P, np.int16)
    use = np.zeros(S.NDICE, np.int16)
    n = R.legal_moves(pos.st, pos.t, 0, p, False, legal, use)
    return int(B.choose_main(pos.st, pos.t, 0, pos.prm, p, legal, n))


def test_pass_threshold_passes_below_it():
    """With a unit to attack with, the balanced bot acts; with pass_threshold above every score it
    passes (-1)."""
    pos, _, _ = board(["Iron Worker"], ["Mist Spirit"])
    assert main_choice(pos) >= 0
    pos.prm[0, P["pass_threshold"]] = 1e9
    assert main_choice(pos) == -1


def test_w_spellboard_weighs_ready_spells():
    """_spell_weight: w_spellboard on a ready-spell play, 1 otherwise; the builder preset."""
    pos, _, _ = board([], [])
    i = pos.take(0, "Summon Iron Rhino", "hand")
    j = pos.take(0, "Anchornaut", "hand")
    pos.prm[0, P["w_spellboard"]] = 1.6
    assert B._spell_weight(pos.st, pos.t, 0, pos.prm, 0, S.MV_PLAY * S.MAXI + i) == 1.6
    assert B._spell_weight(pos.st, pos.t, 0, pos.prm, 0, S.MV_PLAY * S.MAXI + j) == 1.0
    assert B.PRESETS["builder"]["w_spellboard"] == 1.6 and B.PRESETS["builder"]["w_summon"] == 1.5


def test_w_unit_turns_the_choice_to_the_trade():
    """Iron Worker against an exhausted Mist Spirit (no blocker, no counter): the Phoenixborn
    attack (50 x (1 + 2 / 16) = 56.25) beats killing the Spirit (40 + 2) at w_unit 1; at w_unit 9
    the kill (40 + 18) is chosen."""
    pos, _, (spirit,) = board(["Iron Worker"], ["Mist Spirit"], their_life=16)
    pos.st.exhaust[0, spirit] = 1
    unit = S.MV_ATTACK_UNIT * S.MAXI + spirit
    legal = np.array([PB, unit], np.int16)
    assert score(pos, PB) == 56.25
    assert B.choose_main(pos.st, pos.t, 0, pos.prm, 0, legal.copy(), 2) == PB
    pos.prm[0, P["w_unit"]] = 9.0
    assert B.choose_main(pos.st, pos.t, 0, pos.prm, 0, legal.copy(), 2) == unit


def test_w_spellboard_turns_the_choice_to_the_ready_spell():
    """A ready spell against an ally: the ally (a unit, 90 + its attack and life) wins at
    w_spellboard 1; weighted enough, the ready spell does."""
    pos, _, _ = board([], [])
    i = S.MV_PLAY * S.MAXI + pos.take(0, "Summon Iron Rhino", "hand")
    j = S.MV_PLAY * S.MAXI + pos.take(0, "Anchornaut", "hand")
    si = float(B.move_score(pos.st, pos.t, 0, i))
    sj = float(B.move_score(pos.st, pos.t, 0, j))
    assert 0 < si < sj
    legal = np.array([j, i], np.int16)
    assert B.choose_main(pos.st, pos.t, 0, pos.prm, 0, legal.copy(), 2) == j
    pos.prm[0, P["w_spellboard"]] = 2 * sj / si
    assert B.choose_main(pos.st, pos.t, 0, pos.prm, 0, legal.copy(), 2) == i


def test_attack_decisions_ignore_hidden_information():
    """AMB-24: the attack set and scores read neither the opponent's hand nor any draw pile's
    order: scrambling them changes nothing."""
    from tests.games.ashes.test_bots import _scramble_hidden

    pos, _, (jaguar, spirit) = board(["Hammer Knight", "Iron Worker"], ["Blue Jaguar", "Mist Spirit"], my_life=3)
    moves = [PB, S.MV_ATTACK_UNIT * S.MAXI + jaguar, S.MV_ATTACK_UNIT * S.MAXI + spirit]
    before = attackers(pos), [score(pos, m) for m in moves]
    _scramble_hidden(pos, 0, 3)
    assert (attackers(pos), [score(pos, m) for m in moves]) == before
