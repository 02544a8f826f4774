"""Attacks, counters, damage and death.

C = ../shared/reference/wizwar/rules_checklist.md (R = rule, E = worked example, A = ambiguity).
The test board is open (no inner walls); blue (seat 0) has its base at (2,2), red (seat 1) at
(2,7).
"""

from __future__ import annotations

import pytest

from simlab.games.wizwar import rules as R
from simlab.games.wizwar import state as S
from simlab.games.wizwar.state import O_ATTACK, O_PUNCH
from tests.games.wizwar.kit import Position, face

NEVER = {"counter_min": 99}   # the bots counter only lethal damage
ALWAYS = {"counter_min": 0}   # ... or everything


def attack(pos, name, target=1, boost=-1, mode=0, p=0):
    """Seat p casts its card ``name`` at ``target`` (with an optional boosting instance)."""
    card = pos.ct.names.index(name)
    opt = next(o for o in pos.options(p) if o[0] == O_ATTACK and pos.st.inst_card[0, o[1]] == card
               and o[2] == target and o[3] == boost and o[4] == mode)
    pos.do(p, opt)


def ready(params=None, variants=None, red_at=(2, 4)):
    pos = Position(params=params, variants=variants)
    pos.put(1, *red_at)
    pos.start_turn(0)
    return pos


def test_punch_one_damage_adjacent_only():
    """R57, R69, R79: a punch deals 1 to a wizard in one's square or orthogonally next to it,
    never diagonally."""
    pos = ready(NEVER, red_at=(1, 3))  # diagonal to (2,2)
    assert O_PUNCH not in pos.kinds(0)
    pos.put(1, 2, 2)  # same square
    assert (O_PUNCH, 1, 0, 0, 0) in pos.options(0)
    pos.put(1, 2, 3)
    pos.do(0, (O_PUNCH, 1, 0, 0, 0))
    assert pos.st.life[0, 1] == 14
    assert pos.st.attacked[0] == 1


def test_attack_spells_need_line_of_sight():
    """R67, R70, R77: an attack spell needs its target in sight; a wall between blocks it."""
    # walls east of column 2 in rows 1-3 of blue's sector: (2,2) cannot see (2,4)
    # (and its west exit walled, so no line wraps around the map to red's other side)
    wall = face((3, 12, "|"), (5, 12, "|"), (7, 12, "|"), (5, 0, "|"))
    pos = Position(blue=wall, params=NEVER)
    pos.put(1, 2, 4)
    pos.give(0, "Fireball")
    pos.start_turn(0)
    assert O_ATTACK not in pos.kinds(0)
    pos.put(1, 4, 1)  # on blue's side of the wall
    assert O_ATTACK in pos.kinds(0)


def test_zot_energy_damage_and_boost_replaces_energy():
    """Zot! deals its energy; R91, R92: unboosted energy is 1, a boost replaces it (Energy 5:
    5 damage, not 6)."""
    pos = ready(NEVER)
    pos.give(0, "Zot!")
    attack(pos, "Zot!")
    assert pos.st.life[0, 1] == 14
    pos2 = ready(NEVER)
    pos2.give(0, "Zot!")
    e5 = pos2.give(0, "Energy 5")
    attack(pos2, "Zot!", boost=e5)
    assert pos2.st.life[0, 1] == 10
    assert pos2.st.c_cont[0, e5] == S.Z_DISCARD


def test_zot_stun_mode_two_tokens():
    """Zot!'s other mode: the target is stunned for two turns (two stun tokens, R9, R30)."""
    pos = ready(NEVER)
    pos.give(0, "Zot!")
    attack(pos, "Zot!", mode=1)
    assert pos.st.stun[0, 1] == 2 and pos.st.life[0, 1] == 15


def test_fireball_powerthrust_stone_dead():
    """Fireball 5 (E3); Powerthrust energy + 2 (3 unboosted, 6 with an Energy 4); Stone Dead
    energy + magic stones carried (none can be carried yet)."""
    pos = ready(NEVER)
    pos.give(0, "Fireball")
    attack(pos, "Fireball")
    assert pos.st.life[0, 1] == 10
    pos = ready(NEVER)
    pos.give(0, "Powerthrust")
    attack(pos, "Powerthrust")
    assert pos.st.life[0, 1] == 12
    pos = ready(NEVER)
    pos.give(0, "Powerthrust")
    e4 = pos.give(0, "Energy 4")
    attack(pos, "Powerthrust", boost=e4)
    assert pos.st.life[0, 1] == 9
    pos = ready(NEVER)
    pos.give(0, "Stone Dead")
    attack(pos, "Stone Dead")
    assert pos.st.life[0, 1] == 14


def test_ka_bong_stuns_only_if_it_damaged():
    """Ka-Bong!: 4 damage and one stun token if the target took damage; shielded to 0, no stun
    (R147: secondary effects need damage)."""
    pos = ready(NEVER)
    pos.give(0, "Ka-Bong!")
    attack(pos, "Ka-Bong!")
    assert pos.st.life[0, 1] == 11 and pos.st.stun[0, 1] == 1
    pos = ready(ALWAYS)
    pos.give(0, "Ka-Bong!")
    pos.give(1, "Shield")
    pos.give(1, "Shield")
    attack(pos, "Ka-Bong!")
    assert pos.st.life[0, 1] == 15 and pos.st.stun[0, 1] == 0


def test_fire_darts_each_dart_a_source():
    """Fire Darts: one dart per energy, 1 damage each, each a separate source: one Shield stops
    one dart (R145, C 2.2 G1)."""
    pos = ready(ALWAYS)
    pos.give(0, "Fire Darts")
    e4 = pos.give(0, "Energy 4")
    pos.give(1, "Shield")
    attack(pos, "Fire Darts", boost=e4)
    assert pos.st.life[0, 1] == 12  # 4 darts, the first one shielded
    assert pos.st.seat[0, 1, S.S_COUNTERS] == 1


def test_full_shield_cancels_and_the_attack_is_used():
    """R143, R144, E12: Full Shield cancels Fireball; both cards are discarded and blue's attack
    for the turn is still used."""
    pos = ready(ALWAYS)
    fb = pos.give(0, "Fireball")
    fs = pos.give(1, "Full Shield")
    attack(pos, "Fireball")
    assert pos.st.life[0, 1] == 15
    assert pos.st.c_cont[0, fb] == S.Z_DISCARD and pos.st.c_cont[0, fs] == S.Z_DISCARD
    assert pos.st.attacked[0] == 1 and O_ATTACK not in pos.kinds(0)
    assert pos.st.seat[0, 0, S.S_COUNTERED] == 1


@pytest.mark.parametrize("variant,taken", [("card", 2), ("rulebook_example", 3)])
def test_shield_reduces_fireball(variant, taken):
    """E13, R145, R146, A-4: an unboosted Shield against Fireball (5): by the card's energy + 2
    (default) red takes 2; by the rulebook example's reading (energy + 1) it takes 3."""
    pos = ready(ALWAYS, variants={"shield": variant})
    pos.give(0, "Fireball")
    pos.give(1, "Shield")
    attack(pos, "Fireball")
    assert pos.st.life[0, 1] == 15 - taken


def test_shield_boosted_and_reduced_to_zero():
    """R92 for a counter (A-10: boosting a counter off-turn is allowed): Shield boosted by an
    Energy 4 reduces by 4 + 2 = 6; damage reduced to 0 is no damage (R147)."""
    pos = ready(ALWAYS)
    pos.give(0, "Powerthrust")
    e4a = pos.give(0, "Energy 4")
    pos.give(1, "Shield")
    e4b = pos.give(1, "Energy 4")
    attack(pos, "Powerthrust", boost=e4a)  # 4 + 2 = 6 damage
    assert pos.st.life[0, 1] == 15
    assert pos.st.c_cont[0, e4b] == S.Z_DISCARD
    ev = pos.st.ev[0, : pos.st.ev_n[0]]
    assert [int(e[5]) for e in ev if e[2] == R.EV_COUNTER] == [6]
    assert pos.st.seat[0, 1, S.S_DMG_TAKEN] == 0
    pos.put(1, 2, 3)
    pos.start_turn(0)
    pos.give(1, "Shield")
    pos.do(0, (O_PUNCH, 1, 0, 0, 0))
    assert pos.st.life[0, 1] == 15  # a punch shielded: 1 - 3 < 0, no damage


def test_kill_scores_and_takes_the_hand():
    """R55, R56, R153, R157, A-15: a direct attack that takes life to 0 kills: the killer scores
    1 VP and takes the victim's hand; the victim leaves the board and its carried treasure falls
    on its square."""
    pos = Position(players=3, params=NEVER)
    pos.put(1, 2, 4)
    pos.start_turn(0)
    pos.st.life[0, 1] = 5
    pos.give(0, "Fireball")
    pos.give(1, "Zot!")
    pos.give(1, "Meditate")
    st = pos.st
    j = 4  # a treasure of seat 2, carried by red
    st.tr_sq[0, j], st.tr_carrier[0, j], st.carrying[0, 1] = -1, 1, j
    sq = st.pos[0, 1]
    attack(pos, "Fireball")
    assert not st.alive[0, 1] and st.pos[0, 1] == -1
    assert st.vp_kill[0, 0] == 1
    assert pos.hand(0) == ["Meditate", "Zot!"] and pos.hand(1) == []
    assert st.tr_sq[0, j] == sq and st.tr_carrier[0, j] == -1
    assert st.seat[0, 1, S.S_KILLED_BY] == 0
    assert not st.done[0]  # two wizards live, blue has 1 VP
    assert S.count_violations(st, pos.t, 0) == 0


def test_last_wizard_alive_wins():
    """R3, R159: the game ends when only one wizard lives; it wins."""
    pos = ready(NEVER)
    pos.st.life[0, 1] = 1
    pos.put(1, 2, 3)
    pos.do(0, (O_PUNCH, 1, 0, 0, 0))
    assert pos.st.done[0] and pos.st.winner[0] == 0
    assert S.END_REASONS[pos.st.end_reason[0]] in ("points", "last_alive")


def test_killer_over_the_limit_discards():
    """R157, R172: the killer takes the hand and at once discards down to the hand limit."""
    pos = Position(players=3, params=NEVER)
    pos.put(1, 2, 3)
    pos.start_turn(0)
    pos.st.life[0, 1] = 1
    for name in ("Fireball", "Fireball", "Zot!", "Energy 4", "Energy 5", "Shield"):
        pos.give(0, name)
    for name in ("Powerthrust", "Powerthrust", "Meditate"):
        pos.give(1, name)
    pos.do(0, (O_PUNCH, 1, 0, 0, 0))
    assert len(pos.hand(0)) == 7
