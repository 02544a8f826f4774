"""The cards that bend sight, move the casting point or block one attack's line: Wall of Earth,
Around the Corner, Astral Projection, Visionstone.

C = ../shared/reference/wizwar/rules_checklist.md (R = rule, A = ambiguity, 2.2 = the card
taxonomy, 2.3 = the simplifications); each test names the card clause it checks, in our words.
Board: the kit's two open sectors side by side (5 rows x 10 columns, p2_wrap); blue (seat 0) has
its base at (2,2), red (seat 1) at (2,7). Walls are drawn into blue's face with ``kit.face``.
"""

from __future__ import annotations

from simlab.games.wizwar import rules as R
from simlab.games.wizwar import state as S
from simlab.games.wizwar.state import O_ATTACK, O_PUNCH, O_THROW
from tests.games.wizwar.kit import CLOSED_NS, Position

SHUT = (*CLOSED_NS, (5, 0, "|"))  # blue's wrap exits walled: no line of sight around through a link
ALWAYS = {"counter_min": 0}


def wall_east(row: int, col: int) -> tuple[int, int, str]:
    """A face edit: a stone wall on the east side of blue's square (row, col)."""
    return (2 * row + 1, 4 * (col + 1), "|")


def wall_north(row: int, col: int) -> tuple[int, int, str]:
    """A face edit: a stone wall on the north side of blue's square (row, col)."""
    return (2 * row, 4 * col + 1, "---")


def ready(blue=None, params=None, at=(2, 2), red_at=(2, 4), bots=None, seed=0):
    pos = Position(blue=blue, params=params, bots=bots, seed=seed)
    pos.put(0, *at)
    pos.put(1, *red_at)
    pos.start_turn(0)
    return pos


def card_opts(pos, kind, name, p=0):
    """Seat p's options of ``kind`` that play its card ``name``."""
    card = pos.ct.names.index(name)
    return [o for o in pos.options(p) if o[0] == kind and pos.st.inst_card[0, o[1]] == card]


def attack(pos, name, target=1, p=0):
    """Seat p casts its attack spell ``name`` (unboosted) at ``target``."""
    opt = next(o for o in card_opts(pos, O_ATTACK, name, p) if o[2] == target and o[3] == -1 and o[4] == 0)
    pos.do(p, opt)


def events(pos, code):
    return [tuple(int(v) for v in e) for e in pos.st.ev[0, : pos.st.ev_n[0]] if e[2] == code]


# ------------------------------------------------------------------------------------------------
# Wall of Earth (Co1 El2; C 2.2 G5, a tier-3 counter)
# ------------------------------------------------------------------------------------------------

def test_wall_of_earth_blocks_a_spell_from_another_square():
    """Wall of Earth: a momentary wall on a border the attack's line crosses blocks one attack
    spell from another square; then it collapses (the board is unchanged). The attack is used
    (R144) and counted as countered."""
    pos = ready()
    fb = pos.give(0, "Fireball")
    we = pos.give(1, "Wall of Earth")
    kinds = pos.st.edge_kind[0].copy()
    attack(pos, "Fireball")
    assert pos.st.life[0, 1] == 15
    assert pos.st.c_cont[0, fb] == S.Z_DISCARD and pos.st.c_cont[0, we] == S.Z_DISCARD
    assert pos.st.attacked[0] == 1 and pos.st.seat[0, 0, S.S_COUNTERED] == 1
    assert (pos.st.edge_kind[0] == kinds).all()
    assert events(pos, R.EV_EARTH_WALL) == [(0, 0, R.EV_EARTH_WALL, 1, 0, 0)]
    assert any("wall of earth" in line for line in pos.log())


def test_wall_of_earth_cannot_block_an_attack_from_the_same_square():
    """Wall of Earth stands on a border between two squares: an attack from the target's own
    square crosses none, so it cannot be blocked."""
    pos = ready(red_at=(2, 2))
    pos.give(0, "Fireball")
    we = pos.give(1, "Wall of Earth")
    attack(pos, "Fireball")
    assert pos.st.life[0, 1] == 10
    assert pos.st.c_cont[0, we] == S.Z_HAND0 + 1


def test_wall_of_earth_cannot_block_a_punch():
    """Wall of Earth cannot block an attack that is not a line-of-sight one: a punch (adjacent
    range, R57, R69) lands."""
    pos = ready(params=ALWAYS, red_at=(2, 3))
    we = pos.give(1, "Wall of Earth")
    pos.do(0, (O_PUNCH, 1, 0, 0, 0))
    assert pos.st.life[0, 1] == 14
    assert pos.st.c_cont[0, we] == S.Z_HAND0 + 1


def test_wall_of_earth_blocks_a_thrown_rock():
    """Wall of Earth blocks a thrown item (a line-of-sight attack, R100); our ruling: the Large
    Rock falls back on the thrower's square."""
    pos = ready(params=ALWAYS)
    rock = pos.give(0, "Large Rock")
    pos.do(0, next(o for o in pos.options(0) if o[0] == S.O_ITEM and o[1] == rock))
    pos.give(1, "Wall of Earth")
    pos.do(0, (O_THROW, rock, 1, 0, 0))
    assert pos.st.life[0, 1] == 15
    assert pos.st.c_cont[0, rock] == S.Z_FLOOR and pos.st.c_sq[0, rock] == pos.sq(2, 2)


def test_balanced_bot_walls_off_only_a_hit_worth_it():
    """The balanced bot raises Wall of Earth against a hit of counter_min (3) or more, not
    against a 1-damage Zot!; the random bot may raise it (a coin flip)."""
    pos = ready()
    pos.give(0, "Zot!")
    we = pos.give(1, "Wall of Earth")
    attack(pos, "Zot!")
    assert pos.st.life[0, 1] == 14 and pos.st.c_cont[0, we] == S.Z_HAND0 + 1
    used = set()
    for seed in range(8):
        pos = ready(bots=["balanced", "random"], seed=seed)
        pos.give(0, "Zot!")
        we = pos.give(1, "Wall of Earth")
        attack(pos, "Zot!")
        used.add(int(pos.st.c_cont[0, we]))
    assert used == {S.Z_DISCARD, S.Z_HAND0 + 1}
