"""Heuristic bot decisions on exact positions: meditation (checklist §3 DP9), the charm dice
power (DP10), and no decision reading hidden information (AMB-24)."""

from __future__ import annotations

import numpy as np

from simlab.games.ashes import bots as B
from simlab.games.ashes import rules as R
from simlab.games.ashes import state as S
from tests.games.ashes.kit import Position

P = {k: j for j, k in enumerate(B.PARAMS)}


def side_choice(pos, p=0):
    """The bot's side-action move as (kind, x), (-1, -1) for none."""
    legal = np.zeros(S.MAXI_P, np.int16)
    use = np.zeros(S.NDICE, np.int16)
    n = R.legal_moves(pos.st, pos.t, 0, p, True, legal, use)
    m = int(B.choose_side(pos.st, pos.t, 0, pos.prm, p, legal, n))
    return (-1, -1) if m < 0 else (m // S.MAXI, m % S.MAXI)


def plan(pos, p=0):
    src, dice, faces = (np.zeros(S.NDICE, np.int64) for _ in range(3))
    ns = B.plan_meditation(pos.st, pos.t, 0, pos.prm, p, src, dice, faces)
    return [int(x) for x in src[:ns]], [int(x) for x in dice[:ns]], [int(x) for x in faces[:ns]]


def monk_position():
    """Seat 0 (Mist Guardian) holds Summon Butterfly Monk on its spellboard (1 natural power to
    activate) and no natural power face: one natural die on basic, one on class."""
    pos = Position(decks=("The Mist Guardian", "The Iron Men"))
    R.begin_turn(pos.st, 0, 0)
    monk = pos.take(0, "Summon Butterfly Monk", "spellboard")
    pos.dice(0, [("natural", "class"), ("natural", "basic"), ("illusion", "basic")])
    return pos, monk


def test_meditates_to_pay_for_the_wanted_summon():
    """DP9: the summon cannot be paid; one card (the unseen top of the long draw pile, the
    checklist's default source) sets the natural die on basic to its power face; then the main
    action summons the Monk."""
    pos, monk = monk_position()
    assert side_choice(pos) == (S.MV_MEDITATE, 0)
    src, dice, faces = plan(pos)
    assert src == [-1] and dice == [1] and faces == [S.F_POWER]
    legal = np.zeros(S.MAXI_P, np.int16)
    use = np.zeros(S.NDICE, np.int16)
    R.make_move(pos.st, pos.t, 0, pos.prm, 0, S.MV_MEDITATE * S.MAXI, use)
    assert ("natural", "power") in pos.active(0)
    n = R.legal_moves(pos.st, pos.t, 0, 0, False, legal, use)
    assert B.choose_main(pos.st, pos.t, 0, pos.prm, 0, legal, n) == S.MV_ACTIVATE * S.MAXI + monk
    assert pos.violations() == 0


def test_meditation_discards_the_least_valued_card_never_the_wanted_one():
    """DP9 source order: a card the bot never plays (``avoid_card``, valued like a dead card, DP2)
    before the top of the draw pile; with a short draw pile the top is no source and the least
    valued hand card goes; the wanted summon never."""
    pos, monk = monk_position()
    pos.take(0, "Root Armor", "hand")
    pos.prm[0, P["avoid_card"]] = pos.card_id("Root Armor")
    src, dice, _ = plan(pos)
    assert pos.ct.names[pos.st.i_card[0, src[0]]] == "Root Armor" and dice == [1]
    pos.prm[0, P["avoid_card"]] = -1
    pos.move_all(0, "draw", "discard", keep=3)
    src, _, _ = plan(pos)
    value = {i: B._hand_value(pos.st, pos.t, 0, pos.prm, 0, i) for i in pos.instances(0, "hand")}
    assert src[0] in value and value[src[0]] == min(value.values()) and monk not in src


def test_no_meditation_when_the_dice_pay_or_the_parameter_is_off():
    """DP9: nothing to fix (a natural power face is active) or ``meditate`` 0: no meditation."""
    pos, _ = monk_position()
    pos.prm[0, P["meditate"]] = 0
    assert plan(pos)[0] == [] and side_choice(pos)[0] != S.MV_MEDITATE
    pos, _ = monk_position()
    pos.dice(0, [("natural", "power"), ("natural", "basic")])
    assert plan(pos)[0] == [] and side_choice(pos)[0] != S.MV_MEDITATE


def charm_position():
    """Seat 0 (Bloodwoods Queen) with one unexhausted unit and a charm die on its power face; the
    opposing Phoenixborn is left with the unit's attack + 1 life."""
    pos = Position(decks=("The Bloodwoods Queen", "The Iron Men"))
    R.begin_turn(pos.st, 0, 0)
    u = pos.take(0, "Leech Warrior", "battlefield")
    pos.move_all(0, "hand", "discard")
    pos.dice(0, [("charm", "power"), ("ceremonial", "basic")])
    atk = int(S.unit_attack(pos.st, pos.t, 0, u))
    pos.st.pb_wounds[0, 1] = pos.t.card_life[pos.st.pb_card[0, 1]] - atk - 1
    return pos, u


def test_charm_die_makes_the_attack_lethal():
    """DP10: the +1 attack of the charm die makes the attack on the Phoenixborn lethal."""
    pos, u = charm_position()
    assert side_choice(pos) == (S.MV_CHARM, u)
    pos.prm[0, P["charm"]] = 0
    assert side_choice(pos) != (S.MV_CHARM, u)


def test_charm_die_keeps_a_unit_alive_or_is_not_wasted():
    """DP10: no lethal attack (the Phoenixborn has life to spare), no kill and no threat: no
    charm; an opposing unexhausted Iron Worker (attack 2) facing the Leech Warrior with 2 life
    left: the die goes on the Warrior (3 life)."""
    pos, u = charm_position()
    pos.st.pb_wounds[0, 1] = 0
    assert side_choice(pos)[0] != S.MV_CHARM
    pos.take(1, "Iron Worker", "battlefield")
    pos.st.wounds[0, u] = 1
    assert side_choice(pos) == (S.MV_CHARM, u)


def test_charm_die_kept_for_the_card_it_pays():
    """DP10: the charm die is the only die that pays the Blood Archer in hand (1 charm class) and
    no attack outscores it (the Warrior is exhausted): the die is kept for the Archer, though the
    +1 life would save the Warrior."""
    pos, u = charm_position()
    pos.st.pb_wounds[0, 1] = 0
    pos.take(1, "Iron Worker", "battlefield")
    pos.st.wounds[0, u] = 1
    pos.st.exhaust[0, u] = 1
    pos.take(0, "Blood Archer", "hand")
    pos.dice(0, [("charm", "power"), ("ceremonial", "class"), ("ceremonial", "basic"), ("ceremonial", "basic")])
    assert side_choice(pos)[0] != S.MV_CHARM
    pos.dice(0, [("charm", "power"), ("charm", "class"), ("ceremonial", "class"), ("ceremonial", "basic"),
                 ("ceremonial", "basic")])
    assert side_choice(pos) == (S.MV_CHARM, u)


def _decisions(pos, p=0):
    """Every new decision's output for seat p: side choice, meditation plan, charm scores."""
    charm = [float(B.charm_score(pos.st, pos.t, 0, pos.prm, p, u)) for u in pos.instances(p, "battlefield")]
    return side_choice(pos, p), plan(pos, p), charm


def _scramble_hidden(pos, p, seed):
    """Swap the opponent's hand with cards of its draw pile and shuffle both draw piles' order
    (card identities moved between instances; sizes unchanged)."""
    rng = np.random.default_rng(seed)
    st = pos.st
    q = 1 - p
    hand, draw = pos.instances(q, "hand"), pos.instances(q, "draw")
    for a, b in zip(hand, draw, strict=False):
        st.i_card[0, a], st.i_card[0, b] = st.i_card[0, b], st.i_card[0, a]
    for r in (p, q):
        ids = pos.instances(r, "draw")
        cards = st.i_card[0, ids].copy()
        st.i_card[0, ids] = cards[rng.permutation(len(ids))]


def test_new_decisions_ignore_hidden_information():
    """AMB-24 (checklist §3): meditation (DP9) and the charm power (DP10) read neither the
    opponent's hand nor any draw pile's order: scrambling them changes no decision."""
    positions = [monk_position()[0], charm_position()[0]]
    pos, u = charm_position()
    pos.st.pb_wounds[0, 1] = 0
    pos.take(1, "Iron Worker", "battlefield")
    pos.st.wounds[0, u] = 1
    positions.append(pos)
    for seed, pos in enumerate(positions):
        before = _decisions(pos)
        _scramble_hidden(pos, 0, seed)
        assert _decisions(pos) == before
