"""Cracks and the cards about objects: attacks on walls, doors and Stone Blocks (R122-R127),
Shatter, Universal Solvent, Wall of Fire.

C = ../shared/reference/wizwar/rules_checklist.md (R = rule, A = ambiguity); each test names the
rule or card clause it checks, in our words. Board: the kit's two open sectors side by side
(5 rows x 10 columns, p2_wrap); blue (seat 0) has its base at (2,2), red (seat 1) at (2,7).
"""

from __future__ import annotations

import pytest

from simlab.games.wizwar import board as B
from simlab.games.wizwar import rules as R
from simlab.games.wizwar import state as S
from simlab.games.wizwar.state import O_OBJECT
from tests.games.wizwar.kit import Position, face
from tests.games.wizwar.test_cards_walls import SHUT, door_east, kind, ready, side, wall_east

N, E, SO, W = 0, 1, 2, 3


def object_opts(pos, x, p=0):
    """Seat p's O_OBJECT options at target x."""
    return [o for o in pos.options(p) if o[0] == O_OBJECT and o[2] == x]


def hit(pos, x, how, name=None, boost=-1, p=0):
    """Seat p takes its O_OBJECT option at x of kind ``how`` with card ``name`` (None: a punch)."""
    for o in object_opts(pos, x, p):
        card = -1 if o[1] < 0 else int(pos.st.inst_card[0, o[1]])
        if o[4] == how and o[3] == boost and (card == -1 if name is None else card == pos.ct.names.index(name)):
            pos.do(p, o)
            return
    raise AssertionError(f"no {name} at {x}: {object_opts(pos, x, p)}")


def block(pos, row, col):
    """Fill map square (row, col) with a Stone Block (cast by seat 0's card)."""
    return pos.R.stone_block(pos.st, pos.t, 0, pos.geo, pos.sq(row, col))


# ------------------------------------------------------------------------------------------------
# Cracks (R122-R127)
# ------------------------------------------------------------------------------------------------

def test_three_damage_make_one_crack_and_the_rest_is_lost():
    """R123: every 3 damage of one attack make a crack, the remainder is lost: a Fireball (5
    damage) at a wall makes 1 crack, a Powerthrust boosted to 7 damage makes 2."""
    pos = ready(blue=face(wall_east(2, 2)))
    e = side(pos, 2, 2, E)
    pos.give(0, "Fireball")
    hit(pos, e, R.OBJ_SPELL, "Fireball")
    assert pos.st.crack[0, e] == 1 and kind(pos, e) == B.WALL
    assert pos.st.attacked[0] == 1  # the turn's attack (R49)
    pos.start_turn(0)
    pos.give(0, "Powerthrust")
    en = pos.give(0, "Energy 5")
    hit(pos, e, R.OBJ_SPELL, "Powerthrust", boost=en)
    assert pos.st.crack[0, e] == 3
    assert any("2 crack(s), 3 on it now" in line for line in pos.log())


def test_a_stone_wall_breaks_at_five_cracks_and_its_bare_columns_go():
    """R124, R126, R127, A-13: the fifth crack destroys a stone wall: the border is open, the
    cracks are gone with it and a column no other wall touches is removed."""
    pos = ready(blue=face(*SHUT, wall_east(2, 2)))
    e = side(pos, 2, 2, E)
    pos.st.crack[0, e] = 4
    assert pos.st.column[0, 2, 3] == 1  # the wall's north end, in open ground
    pos.give(0, "Fireball")
    hit(pos, e, R.OBJ_SPELL, "Fireball")
    assert kind(pos, e) == B.OPEN and pos.st.crack[0, e] == 0
    assert pos.st.column[0, 2, 3] == 0 and pos.st.column[0, 3, 3] == 0
    assert S.count_violations(pos.st, pos.t, 0) == 0


def test_a_door_breaks_at_three_cracks():
    """R124: a door takes 3 cracks: two cracks leave it standing, the third opens the border."""
    pos = ready(blue=face(door_east(2, 2)))
    e = side(pos, 2, 2, E)
    pos.st.crack[0, e] = 2
    pos.give(0, "Ka-Bong!")
    hit(pos, e, R.OBJ_SPELL, "Ka-Bong!")
    assert kind(pos, e) == B.OPEN


def test_outer_walls_are_never_targets():
    """R125: outer walls are indestructible: no option aims at them, and a forced crack leaves
    them standing with no crack."""
    pos = ready(at=(0, 0))
    e = side(pos, 0, 0, N)
    assert kind(pos, e) == B.OUTER
    pos.give(0, "Fireball")
    assert object_opts(pos, e) == []
    assert not pos.R.crack_object(pos.st, 0, pos.geo, e, 9)
    assert kind(pos, e) == B.OUTER and pos.st.crack[0, e] == 0


def test_stone_block_breaks_at_eight_cracks():
    """Stone Block's card: 8 cracks destroy it; the square is empty again and can be entered."""
    pos = ready(red_at=(4, 9))
    assert block(pos, 2, 3)
    x = -1 - pos.sq(2, 3)
    pos.st.fill_crack[0, pos.sq(2, 3)] = 7
    pos.give(0, "Fireball")
    hit(pos, x, R.OBJ_SPELL, "Fireball")
    assert pos.st.fill[0, pos.sq(2, 3)] == 0
    assert all(kind(pos, side(pos, 2, 3, d)) == B.OPEN for d in range(4))
    assert (S.O_STEP, E, 0, 0, 0) in pos.options(0)
    assert S.count_violations(pos.st, pos.t, 0) == 0


def test_attacks_on_objects_need_sight_or_reach():
    """R76, R69, A-28: a spell needs sight of the wall (its midpoint), a punch a wall on a side
    of the wizard's square; a punch makes no crack (1 damage), so it is listed only when it
    would (a Mightstone may roll enough)."""
    pos = ready(blue=face(wall_east(2, 3)))
    e = side(pos, 2, 3, E)
    pos.give(0, "Fireball")
    assert [o[4] for o in object_opts(pos, e)] == [R.OBJ_SPELL]
    pos.put(0, 2, 3)
    assert R.OBJ_PUNCH not in [o[4] for o in object_opts(pos, e)]
    pos.give(0, "Mightstone")
    pos.do(0, next(o for o in pos.options(0) if o[0] == S.O_ITEM))
    assert R.OBJ_PUNCH in [o[4] for o in object_opts(pos, e)]


def test_no_object_attack_in_the_first_turn_or_after_the_attack():
    """R49, R51: hitting a wall is the turn's one attack: none before the wizard's first turn
    is over and none once it has attacked."""
    pos = ready(blue=face(wall_east(2, 2)))
    e = side(pos, 2, 2, E)
    pos.give(0, "Fireball")
    pos.st.attacked[0] = 1
    assert object_opts(pos, e) == []
    pos.st.attacked[0] = 0
    pos.st.first_done[0, 0] = 0
    assert object_opts(pos, e) == []


def test_thrown_boomstone_cracks_and_rock_lands_before_the_wall():
    """L13 (throwing), R123: a Boomstone (4 damage) makes one crack and is gone; a Large Rock
    makes none (2 damage) unless Shatter lasts, and lands on the square before the wall."""
    pos = ready(blue=face(wall_east(2, 3)))
    e = side(pos, 2, 3, E)
    i = pos.give(0, "Boomstone")
    pos.do(0, (S.O_ITEM, i, 0, 0, 0))
    hit(pos, e, R.OBJ_THROW, "Boomstone")
    assert pos.st.crack[0, e] == 1 and pos.st.c_cont[0, i] == S.Z_DISCARD


def test_shatter_makes_a_crack_per_point():
    """Shatter's card: while it lasts the caster's damage to objects makes one crack per point:
    a Fireball then breaks a stone wall at once (5 cracks); a Large Rock makes 2 and lands
    before the wall (L13)."""
    pos = ready(blue=face(wall_east(2, 3), wall_east(1, 3)))
    pos.give(0, "Shatter")
    pos.do(0, next(o for o in pos.options(0) if o[0] == S.O_NEUTRAL))
    assert S.spell_on(pos.st, pos.t, 0, S.E_SHATTER, 0) >= 0
    e = side(pos, 2, 3, E)
    pos.give(0, "Fireball")
    hit(pos, e, R.OBJ_SPELL, "Fireball")
    assert kind(pos, e) == B.OPEN
    pos.start_turn(0)
    e2 = side(pos, 1, 3, E)
    i = pos.give(0, "Large Rock")
    pos.do(0, (S.O_ITEM, i, 0, 0, 0))
    hit(pos, e2, R.OBJ_THROW, "Large Rock")
    assert pos.st.crack[0, e2] == 2
    assert pos.st.c_sq[0, i] == pos.sq(1, 3)


def test_shatter_is_maintained_for_its_energy():
    """Shatter's card, R83, R90: a temporary spell on oneself; boosted by an energy card it
    carries that many tokens and ends when the last one comes off in its caster's Time Passes."""
    pos = ready()
    i = pos.give(0, "Shatter")
    en = pos.give(0, "Energy 4")
    pos.do(0, (S.O_NEUTRAL, i, 0, en, 0))
    assert pos.st.m_tokens[0, i] == 4 and pos.st.c_cont[0, i] == S.maint_of(0)
    for _ in range(4):
        R.time_passes(pos.st, pos.t, 0, 0, pos.prm)
    assert S.spell_on(pos.st, pos.t, 0, S.E_SHATTER, 0) < 0


def test_shatter_counts_only_for_its_caster():
    """Shatter's card: "you deal": another wizard's Fireball at a wall still makes 1 crack."""
    pos = ready(blue=face(wall_east(2, 3)), red_at=(2, 3))
    pos.give(0, "Shatter")
    pos.do(0, next(o for o in pos.options(0) if o[0] == S.O_NEUTRAL))
    pos.start_turn(1)
    e = side(pos, 2, 3, E)
    pos.give(1, "Fireball")
    hit(pos, e, R.OBJ_SPELL, "Fireball", p=1)
    assert pos.st.crack[0, e] == 1


def test_balanced_bot_casts_shatter_before_a_fireball_that_then_breaks_the_wall():
    """Shatter, bots: with a Fireball in hand and a wall whose fall saves many steps, the
    balanced bot casts Shatter first (the Fireball alone makes one crack)."""
    edits = [wall_east(r, 2) for r in range(4)]
    pos = ready(blue=face(*SHUT, *edits), params={"break_min": 2.0}, red_at=(4, 9))
    pos.st.tr_sq[0, 0] = pos.sq(0, 0)
    i = pos.give(0, "Shatter")
    pos.give(0, "Fireball")
    pos.R.enumerate_options(pos.st, pos.t, 0, pos.geo, 0)
    k = pos.R.BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    assert tuple(int(v) for v in pos.st.opt[0, k])[:2] == (S.O_NEUTRAL, i)


def test_universal_solvent_dissolves_a_wall_and_is_no_attack():
    """Universal Solvent's card: thrown at a wall (or a block), both are destroyed at once; it
    is not an attack, so the turn's attack stays unused (R49); never at an outer wall (R125)."""
    pos = ready(blue=face(wall_east(2, 3)), at=(2, 3))
    e = side(pos, 2, 3, E)
    i = pos.give(0, "Universal Solvent")
    pos.do(0, (S.O_ITEM, i, 0, 0, 0))
    assert object_opts(pos, side(pos, 2, 3, N)) == []  # an open border is no target
    hit(pos, e, R.OBJ_SOLVENT, "Universal Solvent")
    assert kind(pos, e) == B.OPEN and pos.st.attacked[0] == 0
    assert pos.st.c_cont[0, i] == S.Z_DISCARD
    pos = ready(at=(0, 0))
    i = pos.give(0, "Universal Solvent")
    pos.do(0, (S.O_ITEM, i, 0, 0, 0))
    assert object_opts(pos, side(pos, 0, 0, N)) == []


def test_universal_solvent_dissolves_a_stone_block_even_in_the_first_turn():
    """Universal Solvent's card: any object (a Stone Block too, in sight of one of its sides);
    not an attack, so it may be thrown in the wizard's first turn (R51 limits attacks only)."""
    pos = ready(red_at=(4, 9))
    assert block(pos, 2, 3)
    pos.st.first_done[0, 0] = 0
    i = pos.give(0, "Universal Solvent")
    pos.do(0, (S.O_ITEM, i, 0, 0, 0))
    hit(pos, -1 - pos.sq(2, 3), R.OBJ_SOLVENT, "Universal Solvent")
    assert pos.st.fill[0, pos.sq(2, 3)] == 0
    assert any("dissolves it" in line for line in pos.log())


def test_universal_solvent_energy_variant():
    """Checklist 2.4: Universal Solvent's energy value is uncertain (4, or 0): 4 by default, and
    a scenario's card override gives 0."""
    from simlab.games.wizwar import data
    ct = data.load_cards(variants={"schools": "all"})
    k = ct.names.index("Universal Solvent")
    assert ct.arrays["card_energy"][k] == 4
    ct0 = data.load_cards(variants={"schools": "all"}, cards={"Universal Solvent": {"energy": 0}})
    assert ct0.arrays["card_energy"][k] == 0


def test_balanced_bot_dissolves_the_wall_in_its_way():
    """Universal Solvent, bots: the balanced bot throws its solvent at a wall whose fall saves
    at least break_min steps on its walk."""
    edits = [wall_east(r, 2) for r in range(4)]
    pos = ready(blue=face(*SHUT, *edits), params={"break_min": 2.0}, red_at=(4, 9))
    pos.st.tr_sq[0, 0] = pos.sq(0, 0)
    i = pos.give(0, "Universal Solvent")
    pos.do(0, (S.O_ITEM, i, 0, 0, 0))
    pos.R.enumerate_options(pos.st, pos.t, 0, pos.geo, 0)
    k = pos.R.BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    o = tuple(int(v) for v in pos.st.opt[0, k])
    assert o[0] == O_OBJECT and o[1] == i and o[2] == side(pos, 2, 2, E)


def test_balanced_bot_breaks_a_wall_only_when_it_clearly_pays():
    """Bot parameter break_min: the balanced bot fireballs a wall that stands between it and
    its goal when breaking it saves at least break_min steps, and leaves it alone when the
    parameter asks for more than it saves."""
    # a wall east of blue's base with a long detour: walls on the east side of column 2, rows 0-3
    edits = [wall_east(r, 2) for r in range(4)]
    for big, want in ((2.0, True), (99.0, False)):
        pos = ready(blue=face(*SHUT, *edits), params={"break_min": big}, red_at=(4, 9))
        pos.st.pos[0, 1] = pos.sq(4, 9)
        pos.st.tr_sq[0, 0] = pos.sq(0, 0)  # blue's own treasures out of the way
        pos.give(0, "Fireball")
        pos.st.stun[0, 0] = 0
        e = side(pos, 2, 2, E)
        pos.st.crack[0, e] = 4
        pos.R.enumerate_options(pos.st, pos.t, 0, pos.geo, 0)
        k = pos.R.BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
        o = tuple(int(v) for v in pos.st.opt[0, k])
        assert (o[0] == O_OBJECT and o[2] == e) == want, o


@pytest.mark.parametrize("seed", range(3))
def test_random_bot_can_pick_object_options(seed):
    """The random bot picks among every option kind, O_OBJECT included."""
    pos = ready(blue=face(wall_east(2, 2)), params={"random": 1.0})
    pos.give(0, "Fireball")
    assert any(o[0] == O_OBJECT for o in pos.options(0))


# ------------------------------------------------------------------------------------------------
# Wall of Fire
# ------------------------------------------------------------------------------------------------

def fire_wall(pos, e, p=0):
    """Seat p casts Wall of Fire on border e; returns the instance."""
    i = pos.give(p, "Wall of Fire")
    pos.do(p, (S.O_NEUTRAL, i, p, -1, e))
    return i


def test_wall_of_fire_stands_on_a_free_border_in_sight_and_is_permanent():
    """Wall of Fire's card, R135, R136, R83: on a border line between two squares with no wall
    on it (not on a wall or an outer wall), in sight; a permanent spell: no token comes off in
    its caster's Time Passes."""
    pos = ready(blue=face(wall_east(2, 2)))
    i = pos.give(0, "Wall of Fire")
    z = {o[4] for o in pos.options(0) if o[0] == S.O_NEUTRAL and o[1] == i}
    assert side(pos, 2, 2, N) in z and side(pos, 2, 2, E) not in z
    S.place(pos.st, 0, i, S.Z_DECK)
    e = side(pos, 2, 2, N)
    i = fire_wall(pos, e)
    assert pos.st.fire_by[0, e] == i and S.fire_on(pos.st, 0, e)
    for _ in range(3):
        R.time_passes(pos.st, pos.t, 0, 0, pos.prm)
    assert S.fire_on(pos.st, 0, e)
    assert any("Wall of Fire now burns" in line for line in pos.log())


def test_passing_wall_of_fire_burns_for_4_and_scores_no_kill():
    """Wall of Fire's card, R98, R158, A-5: a wizard stepping across it suffers 4 magical fire
    damage, which destroys its Magic Stones; it is no attack, so a death there scores nobody a
    kill point."""
    pos = ready(red_at=(1, 2))
    e = side(pos, 2, 2, N)
    fire_wall(pos, e)
    pos.start_turn(1)
    stone = pos.give(1, "Speedstone")
    pos.do(1, (S.O_ITEM, stone, 0, 0, 0))
    pos.do(1, (S.O_STEP, SO, 0, 0, 0))
    assert pos.st.life[0, 1] == S.START_LIFE - 4
    assert pos.st.c_cont[0, stone] == S.Z_DISCARD
    pos.st.life[0, 1] = 4
    pos.do(1, (S.O_STEP, N, 0, 0, 0))
    assert pos.st.alive[0, 1] == 0 and pos.st.vp_kill[0, 0] == 0


def test_wall_of_fire_blocks_neither_sight_nor_steps_nor_makes_columns():
    """A-13 and the card (silent on sight): a Wall of Fire makes no column, and lines of sight
    and steps cross it."""
    pos = ready(blue=face(*SHUT), red_at=(1, 2))
    e = side(pos, 2, 2, N)
    cols = pos.st.column[0].copy()
    fire_wall(pos, e)
    assert (pos.st.column[0] == cols).all()
    assert R.line_of_sight(pos.geo, pos.sq(2, 2), pos.sq(1, 2), 1)
    assert (S.O_STEP, N, 0, 0, 0) in pos.options(0)


def test_no_wall_where_a_wall_of_fire_burns():
    """R136: Create Wall is not offered on a border a Wall of Fire burns on, nor a second Wall
    of Fire."""
    pos = ready()
    e = side(pos, 2, 2, N)
    fire_wall(pos, e)
    i = pos.give(0, "Create Wall")
    assert e not in {o[4] for o in pos.options(0) if o[0] == S.O_NEUTRAL and o[1] == i}
    assert not R.fire_free(pos.st, 0, pos.geo, e)


def test_flood_and_the_casters_death_end_a_wall_of_fire():
    """R96 (Water ends Fire spells; Flood's card), R154: Flood puts out every Wall of Fire, and
    a dead caster's Wall of Fire ends."""
    pos = ready()
    e = side(pos, 2, 2, N)
    fire_wall(pos, e)
    R.flood_board(pos.st, pos.t, 0)
    assert not S.fire_on(pos.st, 0, e)
    e2 = side(pos, 2, 2, W)
    fire_wall(pos, e2)
    R.kill(pos.st, pos.t, 0, 0, -1, pos.prm)
    assert not S.fire_on(pos.st, 0, e2)


def bot_step(pos, goal):
    """The balanced bot's choice for seat 0 with red's treasures put on ``goal`` (row, col)."""
    pos.st.tr_sq[0, 2] = pos.sq(*goal)
    pos.st.tr_sq[0, 3] = pos.sq(*goal)
    pos.start_turn(0)
    pos.R.enumerate_options(pos.st, pos.t, 0, pos.geo, 0)
    k = pos.R.BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    return tuple(int(v) for v in pos.st.opt[0, k])


def test_balanced_bot_walks_around_a_wall_of_fire_and_through_it_when_it_must():
    """Wall of Fire, bots: a step across it costs 4 damage: the balanced bot takes an equally
    good step instead; when it is the only step toward the goal it still takes it (a fixed
    penalty left bots waiting behind it until the round cap)."""
    pos = ready(red_at=(2, 4))
    fire_wall(pos, side(pos, 2, 2, E), p=1)
    pos.put(1, 4, 9)
    assert bot_step(pos, (1, 4)) == (S.O_STEP, N, 0, 0, 0)
    assert bot_step(pos, (2, 6)) == (S.O_STEP, E, 0, 0, 0)
    pos.st.life[0, 0] = 4
    assert bot_step(pos, (2, 6)) != (S.O_STEP, E, 0, 0, 0)  # it would die


def test_balanced_bot_burns_the_way_of_an_enemy_carrying_its_treasure():
    """Wall of Fire, bots: the balanced bot casts it on the way of an enemy that carries one of
    its treasures home."""
    pos = ready(at=(2, 4), red_at=(2, 3))
    pos.st.tr_sq[0, 0] = -1
    pos.st.tr_carrier[0, 0] = 1
    pos.st.carrying[0, 1] = 0
    i = pos.give(0, "Wall of Fire")
    pos.R.enumerate_options(pos.st, pos.t, 0, pos.geo, 0)
    k = pos.R.BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    o = tuple(int(v) for v in pos.st.opt[0, k])
    assert o[0] == S.O_NEUTRAL and o[1] == i


# ------------------------------------------------------------------------------------------------
# Wizardblade
# ------------------------------------------------------------------------------------------------

def armed(pos, p=0):
    """Seat p plays a Wizardblade from its hand (now carried); returns the instance."""
    i = pos.give(p, "Wizardblade")
    pos.do(p, (S.O_ITEM, i, 0, 0, 0))
    return i


def test_wizardblade_hits_an_adjacent_wizard_for_the_discarded_cards_energy():
    """Wizardblade's card, A-24 (range adjacent): the turn's attack (R49) at a wizard on an
    adjacent square, discarding one hand card: damage equal to that card's energy value."""
    pos = ready(red_at=(2, 3))
    blade = armed(pos)
    c = pos.give(0, "Energy 5")
    assert (S.O_BLADE, blade, 1, c, 0) in pos.options(0)
    pos.do(0, (S.O_BLADE, blade, 1, c, 0))
    assert pos.st.life[0, 1] == S.START_LIFE - 5
    assert pos.st.c_cont[0, c] == S.Z_DISCARD and pos.st.c_cont[0, blade] == S.items_of(0)
    assert pos.st.attacked[0] == 1
    assert any("Wizardblade" in line and "5 damage" in line for line in pos.log())


def test_wizardblade_reaches_only_adjacent_wizards():
    """A-24: the default range is adjacent: a wizard two squares away is not offered."""
    pos = ready(red_at=(2, 4))
    armed(pos)
    pos.give(0, "Energy 5")
    assert S.O_BLADE not in pos.kinds(0)


def test_wizardblade_makes_a_crack_per_damage_point():
    """Wizardblade's card: against objects one crack per point: a discarded Energy 5 breaks a
    stone wall on a side of the wizard's square at once (R124: 5 cracks)."""
    pos = ready(blue=face(wall_east(2, 2)))
    blade = armed(pos)
    c = pos.give(0, "Energy 5")
    e = side(pos, 2, 2, E)
    pos.do(0, (O_OBJECT, blade, e, c, R.OBJ_BLADE))
    assert kind(pos, e) == B.OPEN


def test_balanced_bot_strikes_with_the_wizardblade():
    """Wizardblade, bots: next to an enemy at low life, the balanced bot strikes with it."""
    pos = ready(red_at=(2, 3))
    armed(pos)
    pos.give(0, "Energy 6")
    pos.st.life[0, 1] = 5
    pos.R.enumerate_options(pos.st, pos.t, 0, pos.geo, 0)
    k = pos.R.BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    assert int(pos.st.opt[0, k, 0]) == S.O_BLADE


# ------------------------------------------------------------------------------------------------
# Rosebush, Thornbush
# ------------------------------------------------------------------------------------------------

def bush(pos, name, row, col, p=0):
    """Seat p casts Rosebush or Thornbush on map square (row, col); returns the instance."""
    i = pos.give(p, name)
    pos.do(p, (S.O_NEUTRAL, i, p, -1, pos.sq(row, col)))
    return i


@pytest.mark.parametrize("name", ["Rosebush", "Thornbush"])
def test_a_bush_fills_an_empty_square_and_blocks_sight_not_steps(name):
    """Rosebush, Thornbush (their cards), R130, A-36: one fills an empty square in sight (not a
    base, not a wizard's square); no line of sight passes the square, but a wizard may step in."""
    pos = ready(blue=face(*SHUT), red_at=(2, 4))
    i = pos.give(0, name)
    z = {o[4] for o in pos.options(0) if o[0] == S.O_NEUTRAL and o[1] == i}
    assert pos.sq(2, 3) in z and pos.sq(2, 2) not in z and pos.sq(2, 4) not in z
    assert R.line_of_sight(pos.geo, pos.sq(2, 2), pos.sq(2, 4), 1)
    pos.do(0, (S.O_NEUTRAL, i, 0, -1, pos.sq(2, 3)))
    assert not R.line_of_sight(pos.geo, pos.sq(2, 2), pos.sq(2, 4), 1)
    assert (S.O_STEP, E, 0, 0, 0) in pos.options(0)
    assert S.count_violations(pos.st, pos.t, 0) == 0


def test_entering_a_rosebush_costs_3_physical():
    """Rosebush's card: whoever enters its square suffers 3 physical damage (no attack)."""
    pos = ready(red_at=(4, 9))
    bush(pos, "Rosebush", 2, 3)
    pos.do(0, (S.O_STEP, E, 0, 0, 0))
    assert pos.st.pos[0, 0] == pos.sq(2, 3) and pos.st.life[0, 0] == S.START_LIFE - 3
    assert pos.st.mc_over[0] == 0
    assert S.count_violations(pos.st, pos.t, 0) == 0


def test_entering_a_thornbush_ends_the_phase_with_1_damage_and_a_stun():
    """Thornbush's card, A-18: entering ends the Move and Cast phase, 1 physical damage and a
    stun token."""
    pos = ready(red_at=(4, 9))
    bush(pos, "Thornbush", 2, 3)
    pos.do(0, (S.O_STEP, E, 0, 0, 0))
    assert pos.st.life[0, 0] == S.START_LIFE - 1 and pos.st.stun[0, 0] == 1 and pos.st.mc_over[0] == 1


def test_one_crack_or_one_fire_damage_destroys_a_bush():
    """Rosebush, Thornbush (their cards): 1 crack destroys one (a Ka-Bong!, 4 damage), and so
    does 1 fire damage (Fire Darts at energy 1: no crack, but fire)."""
    pos = ready(red_at=(4, 9))
    bush(pos, "Rosebush", 2, 3)
    pos.give(0, "Ka-Bong!")
    hit(pos, -1 - pos.sq(2, 3), R.OBJ_SPELL, "Ka-Bong!")
    assert pos.st.fill[0, pos.sq(2, 3)] == 0
    assert R.line_of_sight(pos.geo, pos.sq(2, 2), pos.sq(2, 4), 1)
    pos.start_turn(0)
    bush(pos, "Thornbush", 1, 2)
    pos.give(0, "Fire Darts")
    hit(pos, -1 - pos.sq(1, 2), R.OBJ_SPELL, "Fire Darts")
    assert pos.st.fill[0, pos.sq(1, 2)] == 0
    assert S.count_violations(pos.st, pos.t, 0) == 0


def test_balanced_bot_avoids_a_rosebush_when_it_can():
    """Rosebush, bots: a step into one costs 3 damage: the balanced bot takes an equally good
    step instead, and goes through when it is the only step toward its goal."""
    pos = ready(red_at=(2, 4))
    bush(pos, "Rosebush", 2, 3, p=1)
    pos.put(1, 4, 9)
    assert bot_step(pos, (1, 4)) == (S.O_STEP, N, 0, 0, 0)
    assert bot_step(pos, (2, 6)) == (S.O_STEP, E, 0, 0, 0)


def test_balanced_bot_walks_around_a_rosebush_that_would_kill_it():
    """Rosebush, bots: at 3 life a step into a Rosebush could kill, so the balanced bot never
    takes it; its walking distance then goes around the bush (``bots.lethal_squares``,
    ``movement.distances_around``), so a step along the detour counts as progress. Before, the
    distance went through the bush, no other step made progress and the wizard waited for the
    round cap (measured in the commit that added it)."""
    pos = ready(red_at=(4, 9))
    bush(pos, "Rosebush", 2, 3)
    pos.st.life[0, 0] = 3
    step = bot_step(pos, (2, 6))
    assert step in ((S.O_STEP, N, 0, 0, 0), (S.O_STEP, SO, 0, 0, 0))
    pos.st.life[0, 0] = 4  # the bush no longer kills: straight through is the only progress
    assert bot_step(pos, (2, 6)) == (S.O_STEP, E, 0, 0, 0)


def test_distances_around_skips_the_avoided_squares_only():
    """movement.distances_around: the squares marked are never entered, every other distance
    is a shortest walk that avoids them; with nothing marked it equals movement.distances."""
    import numpy as np

    from simlab.games.wizwar.movement import distances, distances_around

    pos = ready(red_at=(4, 9))
    bit = 1
    plain = distances(pos.geo, pos.sq(2, 6), bit)
    avoid = np.zeros(plain.shape[0], np.int8)
    assert (distances_around(pos.geo, pos.sq(2, 6), bit, avoid) == plain).all()
    avoid[pos.sq(2, 3)] = 1
    around = distances_around(pos.geo, pos.sq(2, 6), bit, avoid)
    assert around[pos.sq(2, 3)] == -1
    assert plain[pos.sq(2, 2)] == 4 and around[pos.sq(2, 2)] == 6
    assert around[pos.sq(1, 2)] == plain[pos.sq(1, 2)] == 5


@pytest.mark.parametrize("name", ["Rosebush", "Thornbush", "Dust Cloud"])
def test_balanced_bot_plants_a_bush_in_the_way_of_its_treasure_thief(name):
    """Rosebush, Thornbush, Dust Cloud, bots: the balanced bot fills a square next to an enemy carrying
    one of its treasures when that square lies on the enemy's shortest walk home."""
    pos = ready(at=(2, 4), red_at=(2, 3))
    pos.st.tr_sq[0, 0] = -1
    pos.st.tr_carrier[0, 0] = 1
    pos.st.carrying[0, 1] = 0
    i = pos.give(0, name)
    pos.R.enumerate_options(pos.st, pos.t, 0, pos.geo, 0)
    k = pos.R.BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    o = tuple(int(v) for v in pos.st.opt[0, k])
    assert o[0] == S.O_NEUTRAL and o[1] == i


# ------------------------------------------------------------------------------------------------
# Dust Cloud
# ------------------------------------------------------------------------------------------------

def test_dust_cloud_blocks_sight_in_and_out_but_not_entering():
    """Dust Cloud's card, A-36: it fills an empty square; no line of sight into or out of it;
    a wizard enters it normally (1 MP, no damage)."""
    pos = ready(blue=face(*SHUT), red_at=(2, 4))
    bush(pos, "Dust Cloud", 2, 3)
    assert pos.st.fill[0, pos.sq(2, 3)] == S.FILL_DUST
    assert not R.line_of_sight(pos.geo, pos.sq(2, 2), pos.sq(2, 4), 1)
    pos.do(0, (S.O_STEP, E, 0, 0, 0))
    assert pos.st.pos[0, 0] == pos.sq(2, 3) and pos.st.life[0, 0] == S.START_LIFE
    assert not R.line_of_sight(pos.geo, pos.sq(2, 3), pos.sq(2, 4), 1)
    assert S.count_violations(pos.st, pos.t, 0) == 0


def test_leaving_a_dust_cloud_goes_where_the_die_says():
    """Dust Cloud's card, E15: the only step out of it is a random one (one option); the d4
    picks the side; a wall there is a bump: 1 MP spent, the wizard stays. Over seeds both a
    bump (north of (0,1): the outer wall) and a way out happen."""
    bumped = moved = False
    for seed in range(12):
        pos = Position(blue=face(*SHUT), seed=seed)
        pos.put(0, 0, 2)
        pos.put(1, 4, 9)
        pos.start_turn(0)
        bush(pos, "Dust Cloud", 0, 1)
        pos.put(0, 0, 1)
        steps = [o for o in pos.options(0) if o[0] == S.O_STEP]
        assert steps == [(S.O_STEP, S.STEP_RANDOM, 0, 0, 0)]
        pos.do(0, steps[0])
        if pos.st.pos[0, 0] == pos.sq(0, 1):
            bumped = True
            assert pos.st.mp[0] == S.BASE_SPEED - 1
        else:
            moved = True
    assert bumped and moved


def test_dust_cloud_takes_no_crack():
    """R125: a Dust Cloud's card gives no crack limit: it is indestructible (not a target)."""
    pos = ready(red_at=(4, 9))
    bush(pos, "Dust Cloud", 2, 3)
    pos.give(0, "Fireball")
    assert object_opts(pos, -1 - pos.sq(2, 3)) == []


def test_balanced_bot_tries_to_leave_a_dust_cloud():
    """Dust Cloud, bots: inside a cloud with a goal to walk to, the balanced bot rolls its way out."""
    pos = ready(red_at=(4, 9))
    pos.st.tr_sq[0, 2] = pos.sq(2, 6)
    pos.st.tr_sq[0, 3] = pos.sq(2, 6)
    bush(pos, "Dust Cloud", 2, 3)
    pos.put(0, 2, 3)
    pos.R.enumerate_options(pos.st, pos.t, 0, pos.geo, 0)
    k = pos.R.BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    assert tuple(int(v) for v in pos.st.opt[0, k]) == (S.O_STEP, S.STEP_RANDOM, 0, 0, 0)


# ------------------------------------------------------------------------------------------------
# Glue
# ------------------------------------------------------------------------------------------------

def test_glued_treasure_cannot_be_picked_up_while_glue_lasts():
    """Glue's card, R83, R89: an uncarried treasure in sight is glued for as many of the
    caster's turns as its energy: no pick-up option while it lasts, and again once it ends."""
    pos = ready(red_at=(0, 0))
    j = 0  # blue's treasure on (0,0)
    assert pos.st.tr_sq[0, j] == pos.sq(0, 0)
    i = pos.give(0, "Glue")
    assert (S.O_NEUTRAL, i, 0, -1, j) in pos.options(0)
    pos.do(0, (S.O_NEUTRAL, i, 0, -1, j))
    pos.start_turn(1)
    assert S.O_PICKUP not in pos.kinds(1)
    R.time_passes(pos.st, pos.t, 0, 0, pos.prm)  # its one token comes off: Glue ends
    assert S.O_PICKUP in pos.kinds(1)
    assert any("Glue holds treasure" in line for line in pos.log())


def test_glue_holds_a_dropped_item_and_never_a_carried_one():
    """Glue's card: a dropped item in sight cannot be picked up; carried treasures and items are
    never offered as targets."""
    pos = ready(red_at=(2, 3))
    rock = pos.give(1, "Large Rock")
    S.place(pos.st, 0, rock, S.Z_FLOOR)
    pos.st.c_sq[0, rock] = pos.sq(2, 3)
    pos.st.tr_sq[0, 2] = -1
    pos.st.tr_carrier[0, 2] = 1
    pos.st.carrying[0, 1] = 2
    i = pos.give(0, "Glue")
    z = {o[4] for o in pos.options(0) if o[0] == S.O_NEUTRAL and o[1] == i}
    assert S.NTR + rock in z and 2 not in z
    pos.do(0, (S.O_NEUTRAL, i, 0, -1, S.NTR + rock))
    pos.start_turn(1)
    assert S.O_ITEM_PICK not in pos.kinds(1)


def test_balanced_bot_glues_its_treasure_when_an_enemy_is_near():
    """Glue, bots: with an enemy a few steps from one of its treasures, the balanced bot glues it."""
    pos = ready(at=(1, 1), red_at=(0, 2))
    i = pos.give(0, "Glue")
    pos.R.enumerate_options(pos.st, pos.t, 0, pos.geo, 0)
    k = pos.R.BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    o = tuple(int(v) for v in pos.st.opt[0, k])
    assert o[0] == S.O_NEUTRAL and o[1] == i and o[4] == 0


# ------------------------------------------------------------------------------------------------
# Handful of Tacks
# ------------------------------------------------------------------------------------------------

def carried_tacks(pos, p=0):
    """Seat p plays a Handful of Tacks (now carried); returns the instance."""
    i = pos.give(p, "Handful of Tacks")
    pos.do(p, (S.O_ITEM, i, 0, 0, 0))
    return i


def test_tacks_are_dropped_on_an_adjacent_empty_square_and_hurt_who_enters():
    """Handful of Tacks' card: dropped on one empty square (ours: adjacent, R69), which they
    fill; whoever enters it suffers 3 physical damage; they cannot be picked up as an item."""
    pos = ready(red_at=(2, 4))
    i = carried_tacks(pos)
    drops = {o[4] for o in pos.options(0) if o[0] == S.O_TACKS and o[2] == 0}
    assert drops == {pos.sq(1, 2), pos.sq(3, 2), pos.sq(2, 1), pos.sq(2, 3)}
    pos.do(0, (S.O_TACKS, i, 0, 0, pos.sq(2, 3)))
    assert pos.st.fill[0, pos.sq(2, 3)] == S.FILL_TACKS and pos.st.c_sq[0, i] == pos.sq(2, 3)
    pos.start_turn(1)
    pos.do(1, (S.O_STEP, W, 0, 0, 0))
    assert pos.st.life[0, 1] == S.START_LIFE - 3
    assert S.O_ITEM_PICK not in pos.kinds(1)
    assert S.count_violations(pos.st, pos.t, 0) == 0


def test_tacks_are_collected_by_a_whole_move_and_cast_next_to_them():
    """Handful of Tacks' card: a wizard next to them at the start of its Move and Cast may spend
    the whole phase collecting them (carried again, the phase ends); not after doing anything."""
    pos = ready(red_at=(4, 9))
    i = carried_tacks(pos)
    pos.do(0, (S.O_TACKS, i, 0, 0, pos.sq(2, 3)))
    pos.start_turn(0)
    pos.st.acted[0] = 0
    assert (S.O_TACKS, i, 1, 0, pos.sq(2, 3)) in pos.options(0)
    pos.st.acted[0] = 1
    assert (S.O_TACKS, i, 1, 0, pos.sq(2, 3)) not in pos.options(0)
    pos.st.acted[0] = 0
    pos.do(0, (S.O_TACKS, i, 1, 0, pos.sq(2, 3)))
    assert pos.st.c_cont[0, i] == S.items_of(0) and pos.st.fill[0, pos.sq(2, 3)] == 0
    assert pos.st.mc_over[0] == 1


def test_flood_washes_the_tacks_away():
    """Handful of Tacks' card, Flood: water destroys dropped tacks (the square is empty again)."""
    pos = ready(red_at=(4, 9))
    i = carried_tacks(pos)
    pos.do(0, (S.O_TACKS, i, 0, 0, pos.sq(2, 3)))
    R.flood_board(pos.st, pos.t, 0)
    assert pos.st.fill[0, pos.sq(2, 3)] == 0 and pos.st.c_cont[0, i] == S.Z_DISCARD


def test_balanced_bot_drops_tacks_in_the_way_of_its_treasure_thief():
    """Handful of Tacks, bots: the balanced bot drops its tacks on a square on the shortest walk
    home of an enemy carrying one of its treasures."""
    pos = ready(at=(2, 4), red_at=(2, 3))
    pos.st.tr_sq[0, 0] = -1
    pos.st.tr_carrier[0, 0] = 1
    pos.st.carrying[0, 1] = 0
    i = carried_tacks(pos)
    pos.R.enumerate_options(pos.st, pos.t, 0, pos.geo, 0)
    k = pos.R.BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    o = tuple(int(v) for v in pos.st.opt[0, k])
    assert o[0] == S.O_TACKS and o[1] == i and o[2] == 0


# ------------------------------------------------------------------------------------------------
# Booby Trap
# ------------------------------------------------------------------------------------------------

def laid(pos, p=0):
    """Seat p casts Booby Trap; returns (instance, the real token's square, the blanks' squares)."""
    i = pos.give(p, "Booby Trap")
    pos.do(p, (S.O_NEUTRAL, i, p, -1, 0))
    sqs = [q for q in range(pos.st.trap_by.shape[1]) if pos.st.trap_by[0, q] == i]
    real = [q for q in sqs if pos.st.trap_real[0, q]]
    return i, real[0], [q for q in sqs if not pos.st.trap_real[0, q]]


def test_booby_trap_lays_four_tokens_one_real_on_empty_squares():
    """Booby Trap's card: 4 tokens on 4 different empty squares (no wizard, base or treasure),
    one of them the trap; a permanent spell (no token lost in Time Passes)."""
    pos = ready(red_at=(4, 9))
    i, real, blanks = laid(pos)
    assert len(blanks) == 3 and real not in blanks
    for q in [real, *blanks]:
        assert q not in (pos.sq(2, 2), pos.sq(2, 7), pos.sq(4, 9)) and pos.st.fill[0, q] == 0
        assert all(pos.st.tr_sq[0, j] != q for j in range(4))
    R.time_passes(pos.st, pos.t, 0, 0, pos.prm)
    assert S.maintained(pos.st, 0, i)


def test_an_enemy_on_the_real_token_takes_4_and_every_token_goes():
    """Booby Trap's card, R158: an enemy entering the real token's square suffers 4 magical
    damage (no attack: no kill point), the spell ends and all its tokens are discarded; a
    blank token entered is discarded alone; the caster's own tokens never trigger for it."""
    pos = ready(red_at=(4, 9))
    i, real, blanks = laid(pos)
    pos.st.pos[0, 0] = real
    pos.R.sprung(pos.st, pos.t, 0, 0, real, pos.prm)
    assert pos.st.life[0, 0] == S.START_LIFE and S.maintained(pos.st, 0, i)
    pos.st.pos[0, 1] = blanks[0]
    pos.R.sprung(pos.st, pos.t, 0, 1, blanks[0], pos.prm)
    assert pos.st.trap_by[0, blanks[0]] == -1 and S.maintained(pos.st, 0, i)
    pos.st.pos[0, 1] = real
    pos.R.sprung(pos.st, pos.t, 0, 1, real, pos.prm)
    assert pos.st.life[0, 1] == S.START_LIFE - 4
    assert not S.maintained(pos.st, 0, i) and (pos.st.trap_by[0] == -1).all()
    assert any("springs" in line for line in pos.log())


def test_other_bots_fear_each_token_by_the_number_left():
    """Booby Trap, bots (hidden information): another seat's bot rates each face-down token as
    the trap with chance 1 / tokens left (1/4 at first), the owner's bot not at all."""
    pos = ready(red_at=(4, 9))
    i, real, blanks = laid(pos)
    assert pos.R.BT.trap_risk(pos.st, 0, 1, real) == pytest.approx(0.25)
    assert pos.R.BT.trap_risk(pos.st, 0, 1, blanks[0]) == pytest.approx(0.25)
    assert pos.R.BT.trap_risk(pos.st, 0, 0, real) == 0.0
    pos.st.trap_by[0, blanks[0]] = -1
    assert pos.R.BT.trap_risk(pos.st, 0, 1, real) == pytest.approx(1 / 3)


def test_balanced_bot_lays_a_booby_trap():
    """Booby Trap, bots: the balanced bot casts it when a treasure of its own lies with a free
    square next to it, the real token beside that treasure."""
    pos = ready(red_at=(4, 9))
    i = pos.give(0, "Booby Trap")
    pos.R.enumerate_options(pos.st, pos.t, 0, pos.geo, 0)
    k = pos.R.BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    assert tuple(int(v) for v in pos.st.opt[0, k])[:2] == (S.O_NEUTRAL, i)
    pos.R.do_option(pos.st, pos.t, 0, pos.geo, 0, k, pos.prm)
    real = [q for q in range(pos.st.trap_by.shape[1]) if pos.st.trap_by[0, q] == i and pos.st.trap_real[0, q]][0]
    assert any(pos.geo.nbr[pos.st.tr_sq[0, j], d] == real for j in (0, 1) for d in range(4))
