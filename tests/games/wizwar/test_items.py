"""Items: playing, carrying, dropping, picking up, the stones, thrown weapons, Null Powder.

C = ../shared/reference/wizwar/rules_checklist.md (R = rule, A = ambiguity, 2.2 = card table).
Test board: open; blue (seat 0) base (2,2), red (seat 1) base (2,7).
"""

from __future__ import annotations

import pytest

from simlab.games.wizwar import rules as R
from simlab.games.wizwar import state as S
from simlab.games.wizwar.state import O_ATTACK, O_BOOST, O_ITEM, O_ITEM_DROP, O_ITEM_PICK, O_NEUTRAL, O_PUNCH, O_THROW
from tests.games.wizwar.kit import Position

pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")
NEVER = {"counter_min": 99}


def carry_item(pos, p, name):
    """Seat p carries a copy of ``name`` (played from its hand)."""
    i = pos.give(p, name)
    S.place(pos.st, 0, i, S.items_of(p))
    return i


def test_play_item_counts_toward_the_limit():
    """R65, R107, R173: an item is played from the hand (any number a turn) and carried; carried
    items count toward the hand limit, so fewer cards are drawn."""
    pos = Position()
    i = pos.give(0, "Lifestone")
    pos.start_turn(0)
    pos.do(0, (O_ITEM, i, 0, 0, 0))
    assert pos.st.c_cont[0, i] == S.items_of(0)
    for name in ("Fireball", "Zot!", "Shield", "Energy 4", "Energy 5"):
        pos.give(0, name)
    assert S.hand_size(pos.st, 0, 0) == 6
    R.discard_and_draw(pos.st, pos.t, 0, 0, pos.prm[0])
    assert S.hand_size(pos.st, 0, 0) == 7 and len(pos.hand(0)) == 6


def test_drop_and_pick_up_an_item():
    """R109: dropping a carried item is free; R106: picking a dropped item up from one's square
    costs 1 MP; R110: several items may share a square."""
    pos = Position()
    i = carry_item(pos, 0, "Mightstone")
    j = carry_item(pos, 0, "Bloodshard")
    pos.start_turn(0)
    pos.do(0, (O_ITEM_DROP, i, 0, 0, 0))
    pos.do(0, (O_ITEM_DROP, j, 0, 0, 0))
    assert pos.st.mp[0] == 3
    assert pos.st.c_sq[0, i] == pos.st.c_sq[0, j] == pos.st.pos[0, 0]
    pos.do(0, (O_ITEM_PICK, i, 0, 0, 0))
    assert pos.st.mp[0] == 2 and pos.st.c_cont[0, i] == S.items_of(0) and pos.st.c_sq[0, i] == -1
    pos.st.mp[0] = 0
    assert O_ITEM_PICK not in pos.kinds(0)


def test_pick_up_over_the_limit_makes_room_with_a_hand_card():
    """R107, A-14: a pick-up that would pass the limit is paid for with a hand card (items are
    never discarded, R111)."""
    pos = Position()
    i = carry_item(pos, 0, "Mightstone")
    pos.start_turn(0)
    pos.do(0, (O_ITEM_DROP, i, 0, 0, 0))
    for name in ("Fireball", "Zot!", "Shield", "Energy 4", "Energy 5", "Energy 6", "Powerthrust"):
        pos.give(0, name)
    pos.do(0, (O_ITEM_PICK, i, 0, 0, 0))
    assert S.hand_size(pos.st, 0, 0) == 7 and len(pos.hand(0)) == 6


def test_dead_wizard_drops_its_items():
    """R154, R157: a dead wizard's items fall on its square; the killer takes only the hand."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 3)
    i = carry_item(pos, 1, "Speedstone")
    pos.give(1, "Zot!")
    pos.st.life[0, 1] = 1
    pos.start_turn(0)
    sq = pos.st.pos[0, 1]
    pos.do(0, (O_PUNCH, 1, 0, 0, 0))
    assert pos.st.c_cont[0, i] == S.Z_FLOOR and pos.st.c_sq[0, i] == sq
    assert pos.hand(0) == ["Zot!"]


def test_speedstone_base_speed_and_mid_turn_change():
    """Speedstone: base move + 1. R37: gaining or losing it during the turn changes the movement
    points left by the same amount (they may fall to 0)."""
    pos = Position()
    carry_item(pos, 0, "Speedstone")
    pos.st.cur[0] = 0
    assert S.carried(pos.st, pos.t, 0, 0, S.E_SPEEDSTONE) == 1
    pos.start_turn(0)
    pos.st.mp[0] = 3 + 1
    j = pos.give(0, "Speedstone")
    pos.do(0, (O_ITEM, j, 0, 0, 0))
    assert pos.st.mp[0] == 5
    pos.st.mp[0] = 0
    pos.do(0, (O_ITEM_DROP, j, 0, 0, 0))
    assert pos.st.mp[0] == -1
    assert not [o for o in pos.options(0) if o[0] in (1, O_ITEM_PICK)]  # no step, no pick-up


def test_lifestone_heals_in_time_passes_up_to_20():
    """Lifestone: +1 life at the start of one's turn (R28, A-34), never above 20 (R152)."""
    pos = Position()
    carry_item(pos, 0, "Lifestone")
    pos.st.life[0, 0] = 10
    R.time_passes(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.st.life[0, 0] == 11
    pos.st.life[0, 0] = 20
    R.time_passes(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.st.life[0, 0] == 20


def test_powerstone_raises_boosts():
    """Powerstone: +1 to the energy value of every card played for speed or a spell boost."""
    pos = Position(params=NEVER)
    carry_item(pos, 0, "Powerstone")
    e4 = pos.give(0, "Energy 4")
    pos.start_turn(0)
    pos.do(0, (O_BOOST, e4, 0, 0, 0))
    assert pos.st.mp[0] == 3 + 5
    pos.put(1, 2, 4)
    zot = pos.give(0, "Zot!")
    e5 = pos.give(0, "Energy 5")
    pos.do(0, (O_ATTACK, zot, 1, e5, 0))
    assert pos.st.life[0, 1] == 15 - 6


def test_spellstone_draws_one_more():
    """Spellstone: one extra card in Discard and Draw, still within the hand limit."""
    pos = Position()
    carry_item(pos, 0, "Spellstone")
    R.discard_and_draw(pos.st, pos.t, 0, 0, pos.prm[0])
    assert len(pos.hand(0)) == 3


def test_bloodshard_takes_one_off_each_source():
    """Bloodshard: each source of damage deals 1 less (a punch: none; Fire Darts: 1 per dart)."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 3)
    carry_item(pos, 1, "Bloodshard")
    pos.start_turn(0)
    pos.do(0, (O_PUNCH, 1, 0, 0, 0))
    assert pos.st.life[0, 1] == 15
    pos.start_turn(0)
    fb = pos.give(0, "Fireball")
    pos.do(0, (O_ATTACK, fb, 1, -1, 0))
    assert pos.st.life[0, 1] == 11


def test_mightstone_adds_a_die_to_the_punch():
    """Mightstone: a punch deals 1 + a d4 (R7)."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 3)
    carry_item(pos, 0, "Mightstone")
    pos.start_turn(0)
    pos.do(0, (O_PUNCH, 1, 0, 0, 0))
    assert 2 <= 15 - pos.st.life[0, 1] <= 5


def test_fire_destroys_stones_and_boomstone_explodes():
    """R98: fire damage destroys all magic stones the victim carries; a Boomstone destroyed so
    deals its carrier 4 magical fire damage (A-5: no kill point for that part). Items without the
    trait stay."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 4)
    s1 = carry_item(pos, 1, "Lifestone")
    s2 = carry_item(pos, 1, "Boomstone")
    keep = carry_item(pos, 1, "Bloodshard")
    pos.start_turn(0)
    fb = pos.give(0, "Fireball")
    pos.do(0, (O_ATTACK, fb, 1, -1, 0))
    st = pos.st
    assert st.c_cont[0, s1] == S.Z_DISCARD and st.c_cont[0, s2] == S.Z_DISCARD
    assert st.c_cont[0, keep] == S.items_of(1)
    assert st.life[0, 1] == 15 - 4 - 3  # Fireball 5 - 1 (Bloodshard), explosion 4 - 1
    assert st.seat[0, 0, S.S_DMG_DEALT] == 4


def test_stone_dead_counts_the_targets_stones():
    """Stone Dead: energy + the magic stones the target carries."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 4)
    carry_item(pos, 1, "Lifestone")
    carry_item(pos, 1, "Speedstone")
    pos.start_turn(0)
    sd = pos.give(0, "Stone Dead")
    pos.do(0, (O_ATTACK, sd, 1, -1, 0))
    assert pos.st.life[0, 1] == 15 - 3


def test_thrown_large_rock_lands_on_the_target_square():
    """Large Rock (R100, R113): thrown as the attack for 2 physical damage, lands on the target's
    square; a thrown item is no spell, Full Shield cannot stop it (only damage counters)."""
    pos = Position(params={"counter_min": 0})
    pos.put(1, 2, 4)
    rock = carry_item(pos, 0, "Large Rock")
    pos.give(1, "Full Shield")
    pos.start_turn(0)
    pos.do(0, (O_THROW, rock, 1, 0, 0))
    assert pos.st.life[0, 1] == 13
    assert pos.st.c_cont[0, rock] == S.Z_FLOOR and pos.st.c_sq[0, rock] == pos.sq(2, 4)
    assert pos.st.attacked[0] == 1 and O_THROW not in pos.kinds(0)
    assert pos.hand(1) == ["Full Shield"]


def test_thrown_boomstone_is_fire_and_discarded():
    """Boomstone thrown: 4 magical fire damage, then discarded; its fire destroys the target's
    stones."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 4)
    boom = carry_item(pos, 0, "Boomstone")
    ls = carry_item(pos, 1, "Lifestone")
    pos.start_turn(0)
    pos.do(0, (O_THROW, boom, 1, 0, 0))
    assert pos.st.life[0, 1] == 11
    assert pos.st.c_cont[0, boom] == S.Z_DISCARD and pos.st.c_cont[0, ls] == S.Z_DISCARD


def test_null_powder_cancels_a_spell_at_its_carrier():
    """Null Powder: discarded from the items to cancel a line-of-sight spell aimed at its
    carrier (R143), like Full Shield."""
    pos = Position(params={"counter_min": 0})
    pos.put(1, 2, 4)
    np_ = carry_item(pos, 1, "Null Powder")
    pos.start_turn(0)
    fb = pos.give(0, "Fireball")
    pos.do(0, (O_ATTACK, fb, 1, -1, 0))
    assert pos.st.life[0, 1] == 15 and pos.st.c_cont[0, np_] == S.Z_DISCARD


def test_drop_object_takes_an_item():
    """Drop Object: the caster may name a carried item instead of the treasure; it falls on the
    target's square."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 4)
    it = carry_item(pos, 1, "Speedstone")
    pos.start_turn(0)
    d = pos.give(0, "Drop Object")
    pos.do(0, (O_NEUTRAL, d, 1, -1, it))
    assert pos.st.c_cont[0, it] == S.Z_FLOOR and pos.st.c_sq[0, it] == pos.sq(2, 4)


def test_boomstone_explosion_kill_scores_nothing():
    """R158, R160, A-5: a wizard killed by its own exploding Boomstone (set off by the attacker's
    fire) gives the attacker no kill point, and its hand is discarded, not taken."""
    pos = Position(players=3, params=NEVER)
    pos.put(1, 2, 4)
    carry_item(pos, 1, "Boomstone")
    pos.give(1, "Zot!")
    pos.st.life[0, 1] = 6
    pos.start_turn(0)
    fb = pos.give(0, "Fireball")
    pos.do(0, (O_ATTACK, fb, 1, -1, 0))
    st = pos.st
    assert not st.alive[0, 1] and st.vp_kill[0, 0] == 0
    assert st.seat[0, 1, S.S_KILLED_BY] == -1
    assert pos.hand(0) == [] and pos.hand(1) == []
    assert S.count_violations(st, pos.t, 0) == 0


def test_brainstone_limit_draw_once_and_loss():
    """Brainstone: hand limit + 2 while carried; the first time a wizard gets it, it draws two;
    losing it costs two hand cards of its choice; getting it again draws nothing."""
    pos = Position()
    st = pos.st
    i = pos.give(0, "Brainstone")
    pos.start_turn(0)
    pos.do(0, (O_ITEM, i, 0, 0, 0))
    assert len(pos.hand(0)) == 2 and S.hand_limit(st, pos.t, 0, 0) == 9
    for _ in range(4):
        R.draw_card(st, pos.t, 0, 0)
    R.discard_and_draw(st, pos.t, 0, 0, pos.prm[0])
    assert S.hand_size(st, 0, 0) == 9  # 1 item + 8 cards, within 9
    pos.do(0, (O_ITEM_DROP, i, 0, 0, 0))
    assert len(pos.hand(0)) == 6 and S.hand_limit(st, pos.t, 0, 0) == 7
    n = len(pos.hand(0))
    pos.do(0, (O_ITEM_PICK, i, 0, 0, 0))
    assert len(pos.hand(0)) == n  # no second draw


def test_brainstone_burnt_costs_two_cards():
    """R98 with Brainstone: fire destroys it, and its loss costs two hand cards."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 4)
    carry_item(pos, 1, "Brainstone")
    for name in ("Zot!", "Shield", "Energy 4"):
        pos.give(1, name)
    pos.start_turn(0)
    fb = pos.give(0, "Fireball")
    pos.do(0, (O_ATTACK, fb, 1, -1, 0))
    assert len(pos.hand(1)) == 1 and S.carried(pos.st, pos.t, 0, 1, S.E_BRAINSTONE) == 0
