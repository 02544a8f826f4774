"""The movement and geometry cards: Windrider, Teleport, Lightning Bolt, Waterbolt, Mental Force.

C = ../shared/reference/wizwar/rules_checklist.md (R = rule, A = ambiguity, 2.2 G1/G4 and 2.3 =
the card taxonomy and its simplifications); each test names the card clause it checks, in our
words. Board: the kit's two open sectors side by side (5 rows x 10 columns, p2_wrap: the west
edge of blue wraps to the east edge of red); blue (seat 0) has its base at (2,2), red (seat 1)
at (2,7). Walls and doors are drawn into blue's face with ``kit.face``: the border west of
column c of row r is character 4c of line 2r+1, the border north of row r is characters
4c+1..4c+3 of line 2r.
"""

from __future__ import annotations

import pytest

from simlab.games.wizwar import bots as BT
from simlab.games.wizwar import movement as M
from simlab.games.wizwar import state as S
from simlab.games.wizwar.sight import line_of_sight
from simlab.games.wizwar.state import O_ATTACK, O_BOOST, O_NEUTRAL, O_STEP
from tests.games.wizwar.kit import Position, face

NEVER = {"counter_min": 99}   # the bots counter only lethal damage
ALWAYS = {"counter_min": 0}   # ... or everything


def wall_east(row: int, col: int) -> tuple[int, int, str]:
    """A face edit: a stone wall on the east side of blue's square (row, col)."""
    return (2 * row + 1, 4 * (col + 1), "|")


def door_east(row: int, col: int) -> tuple[int, int, str]:
    """A face edit: a (blue) door on the east side of blue's square (row, col)."""
    return (2 * row + 1, 4 * (col + 1), "D")


def ready(blue=None, params=None, at=(2, 2), red_at=(2, 4), players=2):
    pos = Position(blue=blue, params=params, players=players)
    pos.put(0, *at)
    pos.put(1, *red_at)
    pos.start_turn(0)
    return pos


def card_opts(pos, name, kind, p=0):
    """Seat p's options of ``kind`` that play its card ``name``."""
    card = pos.ct.names.index(name)
    return [o for o in pos.options(p) if o[0] == kind and pos.st.inst_card[0, o[1]] == card]


def where(pos, p):
    """(row, column) of seat p's wizard."""
    sq = int(pos.st.pos[0, p])
    return int(pos.t.g_sq_r[0, sq]), int(pos.t.g_sq_c[0, sq])


# ------------------------------------------------------------------------------------------------
# Windrider (2.2 G4, A-25)
# ------------------------------------------------------------------------------------------------

def test_windrider_moves_exactly_energy_squares_straight():
    """Windrider: a straight line of exactly as many squares as the spell's energy (1 unboosted,
    R91; the boost's value, R92), orthogonal only (A-25); no movement points are spent, and the
    wizard has moved (R140)."""
    pos = ready(red_at=(0, 9))
    i = pos.give(0, "Windrider")
    e4 = pos.give(0, "Energy 4")
    dests = {(o[3], o[4]) for o in card_opts(pos, "Windrider", O_NEUTRAL)}
    assert (-1, pos.sq(2, 3)) in dests and (-1, pos.sq(1, 2)) in dests
    assert (e4, pos.sq(2, 6)) in dests and (e4, pos.sq(2, 7)) not in dests  # exactly 4 east
    assert all(o[2] == 0 for o in card_opts(pos, "Windrider", O_NEUTRAL))
    pos.do(0, (O_NEUTRAL, i, 0, e4, pos.sq(2, 6)))
    assert where(pos, 0) == (2, 6)
    assert pos.st.mp[0] == S.BASE_SPEED and pos.st.moved[0] == 1
    assert pos.st.c_cont[0, e4] == S.Z_DISCARD and pos.st.c_cont[0, i] == S.Z_DISCARD
    assert any("is moved (2,2) -> (2,6)" in line for line in pos.log())
    assert any("casts Windrider at P1 blue (bot0) (energy 4)" in line for line in pos.log())  # the boost's value


def test_windrider_stopped_by_walls_and_doors():
    """Windrider may not cross a wall or a door (card text: even a door of one's own sector,
    which walking passes, R46); a line that would is not offered in that direction."""
    pos = ready(blue=face(wall_east(2, 3), door_east(3, 2)), at=(2, 2), red_at=(0, 9))
    pos.give(0, "Windrider")
    e4 = pos.give(0, "Energy 4")
    dests = {(o[3], o[4]) for o in card_opts(pos, "Windrider", O_NEUTRAL)}
    assert (-1, pos.sq(2, 3)) in dests           # one square east: before the wall
    assert all(d[1] != pos.sq(2, 6) for d in dests)  # four east would cross it
    pos.put(0, 3, 2)
    assert (O_STEP, 1, 0, 0, 0) in pos.options(0)  # walking through its own door is allowed
    dests = {(o[3], o[4]) for o in card_opts(pos, "Windrider", O_NEUTRAL)}
    assert (-1, pos.sq(3, 3)) not in dests and (e4, pos.sq(3, 6)) not in dests


def test_windrider_passes_no_wizard_but_may_stop_on_one():
    """Windrider: the caster may not move through another wizard (card text); stopping on its
    square is not moving through it (R34: wizards may share a square)."""
    pos = ready(red_at=(2, 3))
    pos.give(0, "Windrider")
    e4 = pos.give(0, "Energy 4")
    dests = {(o[3], o[4]) for o in card_opts(pos, "Windrider", O_NEUTRAL)}
    assert (-1, pos.sq(2, 3)) in dests
    assert (e4, pos.sq(2, 6)) not in dests


def test_windrider_line_continues_through_a_wrap():
    """Windrider: a wrap link continues the straight line (our ruling, as sight does, A-12): two
    squares west from (2,1) end on (2,9) of the far edge."""
    pos = ready(at=(2, 1), red_at=(0, 7))
    i = pos.give(0, "Windrider")
    e = pos.give(0, "Energy 4")
    dests = {o[4] for o in card_opts(pos, "Windrider", O_NEUTRAL) if o[3] == e}
    assert pos.sq(2, 7) in dests  # (2,1) -> (2,0) -> (2,9) -> (2,8) -> (2,7)
    pos.do(0, (O_NEUTRAL, i, 0, e, pos.sq(2, 7)))
    assert where(pos, 0) == (2, 7)


def test_windrider_not_after_a_stunned_attack_and_bars_a_stunned_attack():
    """R141, E11: a stunned wizard that attacked may not leave its square, by a spell either
    (Windrider, Teleport); R140:
    one that moved (Windrider included) may not attack."""
    pos = ready(red_at=(2, 3))
    pos.st.stunned[0] = 1
    pos.st.attacked[0] = 1
    pos.give(0, "Windrider")
    pos.give(0, "Teleport")
    assert not card_opts(pos, "Windrider", O_NEUTRAL)
    assert not card_opts(pos, "Teleport", O_NEUTRAL)  # E11: no Teleport out of the square either
    pos.st.attacked[0] = 0
    i = pos.give(0, "Fireball")
    opt = next(o for o in card_opts(pos, "Windrider", O_NEUTRAL) if o[4] == pos.sq(1, 2))
    pos.do(0, opt)
    assert not [o for o in pos.options(0) if o[0] == O_ATTACK and o[1] == i]


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # the interpreted random streams wrap around
def test_windrider_can_be_negated():
    """R66, A-8: Windrider is a neutral spell: another wizard's Negate Neutral may cancel it (the
    wizard stays and the card is spent). The random bot negates on a coin flip: some seed does."""
    for seed in range(20):
        pos = Position(seed=seed, bots=["balanced", "random"])
        pos.put(1, 2, 4)
        pos.start_turn(0)
        i = pos.give(0, "Windrider")
        pos.give(1, "Negate Neutral")
        pos.do(0, (O_NEUTRAL, i, 0, -1, pos.sq(1, 2)))
        if pos.hand(1) == []:
            assert where(pos, 0) == (2, 2) and pos.st.moved[0] == 0
            assert pos.st.seat[0, 0, S.S_COUNTERED] == 1
            return
        assert where(pos, 0) == (1, 2)
    pytest.fail("Negate Neutral was never played in 20 seeds")


# ------------------------------------------------------------------------------------------------
# Teleport (2.2 G4, A-26)
# ------------------------------------------------------------------------------------------------

def test_teleport_squares_within_four_grid_steps_through_walls_no_wrap():
    """Teleport: any square up to 4 orthogonal steps away on the grid, walls and doors ignored,
    never across a wrap or portal (A-26)."""
    pos = ready(blue=face(wall_east(2, 2), (4, 9, "---")), red_at=(0, 9))  # walls east and south
    pos.give(0, "Teleport")
    dests = {o[4] for o in card_opts(pos, "Teleport", O_NEUTRAL)}
    want = {pos.sq(r, c) for r in range(5) for c in range(10) if 1 <= abs(r - 2) + abs(c - 2) <= 4}
    assert dests == want and pos.sq(2, 3) in dests and pos.sq(3, 2) in dests
    pos.put(0, 2, 0)
    dests = {o[4] for o in card_opts(pos, "Teleport", O_NEUTRAL)}
    assert pos.sq(2, 9) not in dests  # adjacent across the wrap, but not on the grid


def test_teleport_moves_and_ends_movement():
    """Teleport: the caster is placed on the chosen square and may not move again this turn (no
    step, no speed boost, no Windrider); it has moved (R140). A new turn lifts the ban."""
    pos = ready(red_at=(0, 9))
    i = pos.give(0, "Teleport")
    pos.give(0, "Windrider")
    pos.give(0, "Energy 4")
    pos.do(0, (O_NEUTRAL, i, 0, -1, pos.sq(0, 4)))
    assert where(pos, 0) == (0, 4)
    kinds = pos.kinds(0)
    assert O_STEP not in kinds and O_BOOST not in kinds
    assert not card_opts(pos, "Windrider", O_NEUTRAL)
    assert pos.st.moved[0] == 1


def test_teleport_flag_reset_each_turn():
    """Teleport's ban holds for this turn only: Move and Cast starts with movement allowed."""
    pos = ready(red_at=(0, 9))
    pos.st.no_move[0] = 1
    pos.prm[0, BT.P_RANDOM] = 0.0
    pos.R.move_and_cast(pos.st, pos.t, 0, pos.geo, 0, pos.prm)
    assert pos.st.no_move[0] == 0


def test_teleport_counter_evades_out_of_sight():
    """Teleport as a counter: attacked, the wizard teleports; out of the attacker's sight the
    attack is evaded (R149: no damage). The attack is used (R144) and counted as countered."""
    walls = face(wall_east(0, 1), wall_east(1, 1), wall_east(2, 1), wall_east(3, 1), (5, 0, "|"))
    pos = ready(blue=walls, at=(2, 2), red_at=(2, 3), params=ALWAYS)
    f = pos.give(0, "Fireball")
    tp = pos.give(1, "Teleport")
    pos.do(0, (O_ATTACK, f, 1, -1, 0))
    assert pos.st.life[0, 1] == S.START_LIFE
    assert pos.st.c_cont[0, tp] == S.Z_DISCARD
    assert where(pos, 1)[1] <= 1  # behind the wall line
    assert not line_of_sight(pos.geo, pos.st.pos[0, 0], pos.st.pos[0, 1], 1)
    assert pos.st.attacked[0] == 1
    assert pos.st.seat[0, 0, S.S_COUNTERED] == 1 and pos.st.seat[0, 1, S.S_COUNTERS] == 1
    assert any("the attack is evaded" in line for line in pos.log())


def test_teleport_counter_not_played_when_no_square_hides():
    """Teleport as a counter evades only if sight is broken: on the open board every square
    within reach stays in the attacker's sight, so the bot keeps the card and takes the hit."""
    pos = ready(at=(0, 2), red_at=(2, 1), params=ALWAYS)  # every square within 4 of (2,1) in sight
    f = pos.give(0, "Fireball")
    tp = pos.give(1, "Teleport")
    pos.do(0, (O_ATTACK, f, 1, -1, 0))
    assert pos.st.life[0, 1] == S.START_LIFE - 5
    assert pos.st.c_cont[0, tp] == S.hand_of(1)


def test_teleport_counter_not_for_small_hits():
    """Bots: the balanced bot teleports away only from a hit of at least its counter threshold."""
    walls = face(wall_east(0, 1), wall_east(1, 1), wall_east(2, 1), wall_east(3, 1), (5, 0, "|"))
    pos = ready(blue=walls, at=(2, 2), red_at=(2, 3), params=NEVER)
    z = pos.give(0, "Zot!")
    pos.give(1, "Teleport")
    pos.do(0, (O_ATTACK, z, 1, -1, 0))
    assert pos.st.life[0, 1] == S.START_LIFE - 1
    assert "Teleport" in pos.hand(1)


def test_balanced_bot_teleports_onto_a_treasure():
    """Bots: with no movement points left, the balanced bot teleports onto the enemy treasure it
    walks to (red's at (0,5)) rather than ending the phase."""
    pos = ready(at=(1, 4), red_at=(4, 9))
    pos.st.mp[0] = 0
    i = pos.give(0, "Teleport")
    pos.R.enumerate_options(pos.st, pos.t, 0, pos.geo, 0)
    k = BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    assert tuple(int(v) for v in pos.st.opt[0, k]) == (O_NEUTRAL, i, 0, -1, pos.sq(0, 5))


def test_balanced_bot_keeps_teleport_for_a_small_shortcut():
    """Bots: a Teleport that saves only 2 steps and does not land on the goal is kept (as a
    counter): red's treasures on (4,9) and (0,9) are 5 steps away through the wrap; the best
    teleport, onto (2,0), saves 2."""
    pos = ready(at=(2, 2), red_at=(2, 7))
    pos.st.tr_sq[0, 2] = pos.sq(4, 9)
    pos.st.tr_sq[0, 3] = pos.sq(0, 9)
    pos.st.mp[0] = 0
    pos.give(0, "Teleport")
    pos.R.enumerate_options(pos.st, pos.t, 0, pos.geo, 0)
    k = BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    assert pos.st.opt[0, k, 0] == S.O_END


# ------------------------------------------------------------------------------------------------
# Lightning Bolt (2.2 G1, 2.3 exact ray walk)
# ------------------------------------------------------------------------------------------------

def test_bolt_path_reverses_at_walls_and_reenters_the_square():
    """Lightning Bolt's ray: straight on for its energy; at a wall it turns back and re-enters
    the square it is in (that counts as one of its squares)."""
    pos = ready(blue=face(wall_east(2, 3)))
    path = M.bolt_path(pos.geo, pos.sq(2, 2), 1, 4)
    assert [where_sq(pos, s) for s in path] == [(2, 3), (2, 3), (2, 2), (2, 1)]


def where_sq(pos, sq):
    return int(pos.t.g_sq_r[0, sq]), int(pos.t.g_sq_c[0, sq])


def test_lightning_bolt_damage_stun_and_kill_credit():
    """Lightning Bolt: 3 damage to a wizard it passes through and one stun token (R9); the damage
    is the caster's (damage_dealt, and a kill scores, R56). No target: x = -1."""
    pos = ready(red_at=(2, 4), params=NEVER)
    i = pos.give(0, "Lightning Bolt")
    e = pos.give(0, "Energy 4")
    assert (O_ATTACK, i, -1, -1, 1) not in pos.options(0)  # 1 square: does not reach (2,4)
    pos.do(0, (O_ATTACK, i, -1, e, 1))
    assert pos.st.life[0, 1] == S.START_LIFE - 3 and pos.st.stun[0, 1] == 1
    assert pos.st.seat[0, 0, S.S_DMG_DEALT] == 3 and pos.st.seat[0, 0, S.S_ATTACK_SPELLS] == 1
    assert pos.st.attacked[0] == 1
    pos2 = ready(red_at=(2, 4), params=NEVER)
    pos2.st.life[0, 1] = 3
    i = pos2.give(0, "Lightning Bolt")
    e = pos2.give(0, "Energy 4")
    pos2.do(0, (O_ATTACK, i, -1, e, 1))
    assert not pos2.st.alive[0, 1] and pos2.st.vp_kill[0, 0] == 1


def test_lightning_bolt_each_pass_hits_caster_only_on_return():
    """Lightning Bolt: each pass through a wizard deals 3 again (bounced off a wall: twice), yet
    a single stun token; the caster is hit when the bolt comes back through its square, and that
    damage is no one's attack (damage_dealt counts only the other wizard's)."""
    pos = ready(blue=face(wall_east(2, 3)), red_at=(2, 3), params=NEVER)
    i = pos.give(0, "Lightning Bolt")
    e = pos.give(0, "Energy 4")
    pos.do(0, (O_ATTACK, i, -1, e, 1))
    assert pos.st.life[0, 1] == S.START_LIFE - 6 and pos.st.stun[0, 1] == 1
    assert pos.st.life[0, 0] == S.START_LIFE - 3 and pos.st.stun[0, 0] == 1
    assert pos.st.seat[0, 0, S.S_DMG_DEALT] == 6


def test_lightning_bolt_reverses_at_a_door_and_crosses_a_wrap():
    """Lightning Bolt: a door stops it like a wall (R43: doors are closed; even the caster's own);
    a wrap link continues the straight line (our ruling, as for sight, A-12)."""
    pos = ready(blue=face(door_east(2, 2)), red_at=(2, 3), params=NEVER)
    pos.give(0, "Lightning Bolt")
    pos.give(0, "Energy 4")
    assert not card_opts(pos, "Lightning Bolt", O_ATTACK)  # east: straight back, nobody hit
    pos2 = ready(at=(2, 0), red_at=(2, 9), params=NEVER)
    i = pos2.give(0, "Lightning Bolt")
    pos2.do(0, (O_ATTACK, i, -1, -1, 3))
    assert pos2.st.life[0, 1] == S.START_LIFE - 3


def test_lightning_bolt_not_full_shielded_but_shielded_per_pass():
    """Full Shield cancels a spell targeting its player; the bolt targets no one, so it is not
    asked. Shield reduces damage from one source: each pass is its own hit."""
    pos = ready(blue=face(wall_east(2, 3)), red_at=(2, 3), params=ALWAYS)
    i = pos.give(0, "Lightning Bolt")
    e = pos.give(0, "Energy 4")
    fs = pos.give(1, "Full Shield")
    sh = pos.give(1, "Shield")
    pos.do(0, (O_ATTACK, i, -1, e, 1))
    assert pos.st.c_cont[0, fs] == S.hand_of(1)
    assert pos.st.c_cont[0, sh] == S.Z_DISCARD
    assert pos.st.life[0, 1] == S.START_LIFE - 3  # the first pass shielded, the second not


# ------------------------------------------------------------------------------------------------
# Waterbolt (2.2 G1, 2.3 knock-back)
# ------------------------------------------------------------------------------------------------

def test_waterbolt_damage_equal_to_energy():
    """Waterbolt: water damage equal to the spell's energy (1 unboosted, R91; its printed 3 is
    only its value as energy for other spells, R93); boosted by Energy 4: 4."""
    pos = ready(params=NEVER)
    i = pos.give(0, "Waterbolt")
    pos.do(0, (O_ATTACK, i, 1, -1, 0))
    assert pos.st.life[0, 1] == S.START_LIFE - 1
    pos = ready(params=NEVER)
    i = pos.give(0, "Waterbolt")
    e = pos.give(0, "Energy 4")
    pos.do(0, (O_ATTACK, i, 1, e, 0))
    assert pos.st.life[0, 1] == S.START_LIFE - 4 and pos.st.seat[0, 0, S.S_DMG_DEALT] == 4


def test_waterbolt_knock_back_straight_away():
    """Waterbolt's knock-back: the target moves straight away from the caster, E squares (here
    all 4 energy as push, no damage); across the open sector join."""
    pos = ready(red_at=(2, 4), params=NEVER)
    i = pos.give(0, "Waterbolt")
    e = pos.give(0, "Energy 4")
    pos.do(0, (O_ATTACK, i, 1, e, 4))
    assert where(pos, 1) == (2, 8) and pos.st.life[0, 1] == S.START_LIFE


def test_waterbolt_push_stops_at_a_wall_rest_is_damage():
    """Waterbolt (2.3): the push stops at the first wall; the option offered is the longest push
    the walls allow with the rest of the energy as damage (1 square + 3 damage)."""
    pos = ready(at=(1, 1), red_at=(1, 3), params=NEVER)
    i = pos.give(0, "Waterbolt")
    e = pos.give(0, "Energy 4")
    zs = {o[4] for o in card_opts(pos, "Waterbolt", O_ATTACK) if o[3] == e}
    assert zs == {0, 1}  # all damage, or 1 square (the frame east of (1,4)) + 3 damage
    pos.do(0, (O_ATTACK, i, 1, e, 1))
    assert where(pos, 1) == (1, 4) and pos.st.life[0, 1] == S.START_LIFE - 3


def test_waterbolt_push_dominant_axis_ties_north_south():
    """Waterbolt (2.3): the push runs along the axis of the larger distance; a tie goes along the
    rows' axis (north-south): from (2,2) a wizard on (1,3) is pushed north."""
    pos = ready(red_at=(1, 3), params=NEVER)
    assert M.away_side(pos.geo, pos.sq(2, 2), pos.sq(1, 3)) == 0
    assert M.away_side(pos.geo, pos.sq(2, 2), pos.sq(1, 4)) == 1
    i = pos.give(0, "Waterbolt")
    pos.do(0, (O_ATTACK, i, 1, -1, 1))
    assert where(pos, 1) == (0, 3)


def test_waterbolt_full_shield_cancels_and_kill_credit():
    """R143, R144: Full Shield cancels Waterbolt (no damage, no push; the attack is used); a
    lethal Waterbolt scores the kill (R56)."""
    pos = ready(params=ALWAYS)
    i = pos.give(0, "Waterbolt")
    e = pos.give(0, "Energy 4")
    pos.give(1, "Full Shield")
    pos.do(0, (O_ATTACK, i, 1, e, 0))
    assert pos.st.life[0, 1] == S.START_LIFE and pos.st.attacked[0] == 1
    assert pos.st.seat[0, 0, S.S_COUNTERED] == 1
    pos = ready(params=NEVER)
    pos.st.life[0, 1] = 4
    i = pos.give(0, "Waterbolt")
    e = pos.give(0, "Energy 4")
    pos.do(0, (O_ATTACK, i, 1, e, 0))
    assert not pos.st.alive[0, 1] and pos.st.vp_kill[0, 0] == 1


def test_waterbolt_carried_treasure_goes_with_the_pushed_wizard():
    """Waterbolt: a pushed wizard keeps its treasure (it moves, R114-R118 unchanged)."""
    pos = ready(red_at=(2, 4), params=NEVER)
    pos.st.carrying[0, 1] = 0
    pos.st.tr_carrier[0, 0] = 1
    pos.st.tr_sq[0, 0] = -1
    i = pos.give(0, "Waterbolt")
    pos.do(0, (O_ATTACK, i, 1, -1, 1))
    assert where(pos, 1) == (2, 5) and pos.st.carrying[0, 1] == 0
    assert S.count_violations(pos.st, pos.t, 0) == 0


def test_waterbolt_on_oneself_is_no_attack():
    """A-29: Waterbolt aimed at oneself is allowed and is no attack (it does not use the turn's
    attack, and is offered even after it); it is a neutral spell there, so Negate Neutral
    applies (R66). It deals no damage to the caster and moves nothing."""
    pos = ready(params=NEVER)
    pos.st.attacked[0] = 1
    i = pos.give(0, "Waterbolt")
    assert card_opts(pos, "Waterbolt", O_NEUTRAL) == [(O_NEUTRAL, i, 0, -1, 0)]
    assert not card_opts(pos, "Waterbolt", O_ATTACK)
    pos.do(0, (O_NEUTRAL, i, 0, -1, 0))
    assert pos.st.life[0, 0] == S.START_LIFE and where(pos, 0) == (2, 2)
    assert pos.st.c_cont[0, i] == S.Z_DISCARD and pos.st.seat[0, 0, S.S_ATTACKS] == 0


def test_balanced_bot_keeps_waterbolt_off_itself():
    """Bots: with no lasting Fire spell in the game, Waterbolt on oneself does nothing, so the
    balanced bot never casts it so (it ends the phase instead)."""
    pos = ready(params=NEVER)
    pos.st.attacked[0] = 1
    pos.st.mp[0] = 0
    pos.give(0, "Waterbolt")
    pos.R.enumerate_options(pos.st, pos.t, 0, pos.geo, 0)
    k = BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    assert pos.st.opt[0, k, 0] == S.O_END


# ------------------------------------------------------------------------------------------------
# Mental Force (2.2 G1, A-31)
# ------------------------------------------------------------------------------------------------

def test_mental_force_moves_target_up_to_energy_plus_three_by_walking_rules():
    """Mental Force: the target moves up to energy + 3 steps as it would walk (walls block, R33);
    the balanced caster takes it as far from its goal as it can (A-31). It is an attack spell
    (A-24): it uses the turn's attack."""
    walls = face(wall_east(1, 3), wall_east(2, 3), wall_east(3, 3))
    pos = ready(blue=walls, red_at=(2, 3), params=NEVER)
    start = int(pos.st.pos[0, 1])
    goal = BT.goal_square(pos.st, pos.t, 0, pos.geo, 1)
    i = pos.give(0, "Mental Force")
    pos.do(0, (O_ATTACK, i, 1, -1, 0))
    walk = M.distances(pos.geo, start, 1 << int(pos.st.colour[0, 1]))
    dest = int(pos.st.pos[0, 1])
    assert 0 < walk[dest] <= 4
    assert walk[pos.sq(2, 4)] > 1  # the wall east of (2,3) makes the target walk around
    f = M.distances(pos.geo, goal, 1 << int(pos.st.colour[0, 1]))
    best = max(int(f[s]) for s in range(len(walk)) if 0 < walk[s] <= 4)
    assert f[dest] == best
    assert pos.st.attacked[0] == 1 and pos.st.seat[0, 0, S.S_ATTACK_SPELLS] == 1
    assert pos.st.life[0, 1] == S.START_LIFE


def test_mental_force_boost_and_stunned_target():
    """Mental Force: energy from a boost (R92: Energy 4 gives up to 7 steps); a stunned wizard
    may still be moved by others (A-22)."""
    pos = ready(red_at=(2, 4), params=NEVER)
    pos.st.stun[0, 1] = 1
    start = int(pos.st.pos[0, 1])
    goal = BT.goal_square(pos.st, pos.t, 0, pos.geo, 1)
    i = pos.give(0, "Mental Force")
    e = pos.give(0, "Energy 4")
    pos.do(0, (O_ATTACK, i, 1, e, 0))
    bit = 1 << int(pos.st.colour[0, 1])
    walk = M.distances(pos.geo, start, bit)
    f = M.distances(pos.geo, goal, bit)
    dest = int(pos.st.pos[0, 1])
    assert 0 < walk[dest] <= 7 and f[dest] == max(int(f[s]) for s in range(len(walk)) if 0 < walk[s] <= 7)
    assert f[dest] > max(int(f[s]) for s in range(len(walk)) if 0 < walk[s] <= 4)  # the boost mattered


def test_mental_force_full_shielded_by_a_treasure_carrier():
    """R143: Full Shield cancels Mental Force; the balanced bot spends it when it carries a
    treasure (being dragged away costs it the run home)."""
    pos = ready(red_at=(2, 4), params=NEVER)
    pos.st.carrying[0, 1] = 0
    pos.st.tr_carrier[0, 0] = 1
    pos.st.tr_sq[0, 0] = -1
    i = pos.give(0, "Mental Force")
    pos.give(1, "Full Shield")
    pos.do(0, (O_ATTACK, i, 1, -1, 0))
    assert where(pos, 1) == (2, 4) and pos.hand(1) == []


def test_mental_force_needs_sight():
    """Mental Force reaches a wizard in sight only (range: line of sight, R70)."""
    walls = face(wall_east(1, 2), wall_east(2, 2), wall_east(3, 2), (5, 0, "|"))
    pos = ready(blue=walls, red_at=(2, 4), params=NEVER)
    pos.give(0, "Mental Force")
    assert not card_opts(pos, "Mental Force", O_ATTACK)
    pos.put(1, 4, 2)
    assert card_opts(pos, "Mental Force", O_ATTACK)


# ------------------------------------------------------------------------------------------------
# Bots and whole games
# ------------------------------------------------------------------------------------------------

def test_balanced_bot_bolts_a_wizard_in_line():
    """Bots: the balanced bot shoots a Lightning Bolt that hits an enemy and not itself."""
    pos = ready(red_at=(2, 4), params=NEVER)
    i = pos.give(0, "Lightning Bolt")
    e = pos.give(0, "Energy 4")
    pos.R.enumerate_options(pos.st, pos.t, 0, pos.geo, 0)
    k = BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    assert tuple(int(v) for v in pos.st.opt[0, k]) == (O_ATTACK, i, -1, e, 1)
