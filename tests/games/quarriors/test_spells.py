"""Rule tests for the 20 spell cards, plus the exact probabilities of dice and setup.

Sections cited as R: <Czech heading> from the rulebook (Kouzla, Připojení kouzel, Kouzla reakcí,
Okamžitý efekt, Fáze 3, Příprava hry); card behaviour is described in our own words.
"""

from __future__ import annotations

import numpy as np
import pytest

from simlab.games.base import root_seed_words
from simlab.games.quarriors import data
from simlab.games.quarriors import rules as R
from simlab.games.quarriors import state as S
from tests.games.quarriors.kit import Position

# A Wilds with creatures of every level 1-3 (Quake Dragon has an L3 face) and no surprises
CREATURES = ["Scavenging Goblin", "Warrior of the Quay", "Witching Hag", "Devotee of the Holy Query",
             "Ghostly Spirit", "Deathdealer", "Quake Dragon"]


def wilds(*spells: str) -> list[str]:
    return CREATURES + list(spells)


def stage0(pos: Position, p: int) -> None:
    R.cast_spells(pos.st, pos.t, 0, p, pos.prm, S.CAST_BEFORE_ATTACK)


def stage1(pos: Position, p: int) -> None:
    R.cast_spells(pos.st, pos.t, 0, p, pos.prm, S.CAST_AFTER_ATTACK)


def level(pos: Position, d: int) -> int:
    return int(S.level(pos.st, pos.t, 0, d))


# ---------------------------------------------------------------------------------------------
# Phase 3: readying spells; immediate spells
# ---------------------------------------------------------------------------------------------

def test_readying_spell_icons_is_free():
    """R: Fáze 3 / Kouzla: spell icons move to the Ready Area without paying any quiddity;
    an immediate spell (Growth Spell) is never readied."""
    pos = Position(players=2, wilds=wilds("Death Charm", "Life Spell", "Shaping Charm"),
                   params={"use_spells": 0})
    spells = [pos.give(0, n, "active", face=("spell",)) for n in ("Death Charm", "Life Spell", "Shaping Charm")]
    q = pos.give(0, "Basic Quiddity", "active", face=0, n=2)
    pos.begin_turn(0)
    before = R.available_quiddity(pos.st, pos.t, 0, 0)
    R.summon_phase(pos.st, pos.t, 0, 0, pos.prm)
    assert all(pos.zone_of_die(d) == (0, "ready") for d in spells)
    assert pos.zone_of_die(q) == (0, "active")
    assert R.available_quiddity(pos.st, pos.t, 0, 0) == before == 2
    assert pos.violations() == 0


@pytest.mark.parametrize("name", ["Growth Cantrip", "Growth Incantation", "Growth Spell"])
def test_immediate_growth_spell_is_not_readied(name):
    """R: Okamžitý efekt; FAQ: an immediate Growth spell is used right after the roll or not at all:
    when it was not used, phase 3 leaves it in the Active Pool (it is never readied), and phase 6
    sweeps it to the used pile."""
    pos = Position(players=2, wilds=wilds(name))
    g = pos.give(0, name, "active", face=("spell",))
    pos.begin_turn(0)
    pos.st.d_flag[0, g] |= S.FL_DECLINED  # its owner let the moment pass
    R.immediate_effects(pos.st, pos.t, 0, 0, pos.prm)
    R.summon_phase(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.zone_of_die(g) == (0, "active")
    assert pos.st.pool[0] == 0
    R.cleanup_phase(pos.st, pos.t, 0, 0)
    assert pos.zone_of_die(g) == (0, "used")
    assert pos.violations() == 0


def test_growth_cantrip_gives_two_quiddity_and_a_second_capture():
    """Growth Cantrip (immediate): spent at once for 2 quiddity and one extra capture this turn;
    the player then captures two dice in phase 5."""
    pos = Position(players=2, wilds=wilds("Growth Cantrip"))
    g = pos.give(0, "Growth Cantrip", "active", face=("spell",))
    pos.give(0, "Basic Quiddity", "active", face=5, n=4)  # 8 quiddity
    pos.begin_turn(0)
    R.immediate_effects(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.zone_of_die(g) == (0, "used")
    assert pos.st.pool[0] == 2 and pos.st.captures[0] == 2
    R.capture_phase(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.st.seat[0, 0, S.S_CAPTURED] == 2
    # 10 quiddity: the Quake Dragon (8), then a Scavenging Goblin (2)
    assert sorted(n for n in pos.names(0, "used") if n != "Basic Quiddity") == [
        "Growth Cantrip", "Quake Dragon", "Scavenging Goblin"]
    assert pos.violations() == 0


def test_growth_incantation_rerolls_two_different_other_dice():
    """Growth Incantation (immediate): 2 quiddity, and up to 2 *other* dice are re-rolled, each at
    most once (engine fix: the same die used to be re-rolled twice)."""
    for seed in range(20):
        pos = Position(players=2, wilds=wilds("Growth Incantation"), seed=seed)
        g = pos.give(0, "Growth Incantation", "active", face=("spell",))
        pos.give(0, "Scavenging Goblin", "active", face=("q",))
        pos.give(0, "Witching Hag", "active", face=("q", None, None, 1))
        pos.begin_turn(0)
        R.immediate_effects(pos.st, pos.t, 0, 0, pos.prm)
        assert pos.zone_of_die(g) == (0, "used")
        rerolls = [p for line in pos.log() if line.startswith("    rolls:")
                   for p in line[11:].split(", ") if p.endswith("(re-roll)")]
        assert sum("Scavenging Goblin" in r for r in rerolls) == 1, (seed, rerolls)
        assert sum("Witching Hag" in r for r in rerolls) == 1, (seed, rerolls)
        assert not any("Growth Incantation" in r for r in rerolls)
        assert pos.st.pool[0] >= 2
        assert pos.violations() == 0


def test_growth_spell_gains_two_and_draws_one():
    """Growth Spell (immediate): 2 quiddity, then draw and roll one die from the bag."""
    pos = Position(players=2, wilds=wilds("Growth Spell"))
    g = pos.give(0, "Growth Spell", "active", face=("spell",))
    q = pos.give(0, "Basic Quiddity", "bag")
    pos.begin_turn(0)
    R.immediate_effects(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.zone_of_die(g) == (0, "used")
    assert pos.zone_of_die(q) == (0, "active")
    assert pos.st.pool[0] == 2
    assert pos.violations() == 0


def test_growth_spell_is_spent_before_the_draw():
    """Growth Spell, FAQ: the die goes to the used pile before the new die is drawn, so with an
    empty bag and used pile it is itself poured back into the bag and drawn."""
    pos = Position(players=2, wilds=wilds("Growth Spell"), seed=3)
    pos.give(0, "Growth Spell", "active", face=("spell",))
    pos.begin_turn(0)
    R.immediate_effects(pos.st, pos.t, 0, 0, pos.prm)
    assert any("Growth Spell" in line and "(drawn)" in line for line in pos.log())
    assert pos.st.pool[0] >= 2
    assert pos.violations() == 0


def test_growth_charm_is_cast_for_three_quiddity_and_spent():
    """Growth Charm (cast): readied, later spent to the used pile for 3 quiddity, here to capture
    a 7-cost die with 4 quiddity of dice."""
    pos = Position(players=2, wilds=["Questing Wizard"] + CREATURES[:6] + ["Growth Charm"])
    charm = pos.give(0, "Growth Charm", "ready", face=("spell",))
    pos.give(0, "Basic Quiddity", "active", face=5, n=2)
    pos.begin_turn(0)
    R.capture_phase(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.zone_of_die(charm) == (0, "used")
    assert "Questing Wizard" in pos.names(0, "used")
    assert pos.names(0, "active") == []
    assert pos.violations() == 0


# ---------------------------------------------------------------------------------------------
# Death
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("bursts, bonus", [(1, 2), (2, 3)])
def test_death_cantrip_attack_bonus_depends_on_burst(bursts, bonus):
    """Death Cantrip (cast): every creature in the caster's Ready Area gets +2 attack (single
    burst) or +3 (double burst) for the turn; the die is spent to the used pile."""
    pos = Position(players=2, wilds=wilds("Death Cantrip"))
    hag = pos.give(0, "Witching Hag", "ready", face=("creature", 1))
    gob = pos.give(0, "Scavenging Goblin", "ready", face=("creature", 1, 0))
    spell = pos.give(0, "Death Cantrip", "ready", face=("spell", None, bursts))
    pos.give(1, "Devotee of the Holy Query", "ready", face=("creature", 1))
    pos.begin_turn(0)
    stage0(pos, 0)
    assert pos.zone_of_die(spell) == (0, "used")
    assert R.attack_of(pos.st, pos.t, 0, hag) == 3 + bonus
    assert R.attack_of(pos.st, pos.t, 0, gob) == 2 + bonus
    R.cleanup_phase(pos.st, pos.t, 0, 0)  # "for the rest of the turn"
    assert R.attack_of(pos.st, pos.t, 0, hag) == 3
    assert pos.violations() == 0


@pytest.mark.parametrize("bursts, bonus", [(1, 3), (2, 5)])
def test_death_charm_attaches_and_leaves_when_creature_scores(bursts, bonus):
    """Death Charm (attach), R: Připojení kouzel: attached on the owner's turn, it stays by the
    creature (+3/+3 single burst, +5/+5 double burst) and goes to the used pile when it scores."""
    pos = Position(players=2, wilds=wilds("Death Charm"))
    hag = pos.give(0, "Witching Hag", "ready", face=("creature", 1))
    charm = pos.give(0, "Death Charm", "ready", face=("spell", None, bursts))
    pos.begin_turn(0)
    stage0(pos, 0)
    assert pos.st.d_attach[0, charm] == hag and pos.zone_of_die(charm) == (0, "ready")
    assert R.attack_of(pos.st, pos.t, 0, hag) == 3 + bonus
    assert R.defense_of(pos.st, pos.t, 0, hag, False) == 3 + bonus
    R.cleanup_phase(pos.st, pos.t, 0, 0)
    assert pos.st.d_attach[0, charm] == hag  # still attached next turn
    pos.begin_turn(0)
    R.score_phase(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.zone_of_die(hag) == (0, "used") and pos.zone_of_die(charm) == (0, "used")
    assert pos.st.d_attach[0, charm] == -1
    assert pos.violations() == 0


def test_death_incantation_single_burst_only_level_two_or_less():
    """Death Incantation (cast), single burst: destroys one creature of level 2 or less; a level 3
    creature is out of reach, so with only that target the spell stays ready."""
    pos = Position(players=2, wilds=wilds("Death Incantation"))
    spell = pos.give(0, "Death Incantation", "ready", face=("spell", None, 1))
    dragon = pos.give(1, "Quake Dragon", "ready", face=("creature", 3))
    pos.begin_turn(0)
    stage0(pos, 0)
    assert pos.zone_of_die(spell) == (0, "ready") and pos.zone_of_die(dragon) == (1, "ready")
    hag = pos.give(1, "Witching Hag", "ready", face=("creature", 2))
    stage0(pos, 0)
    assert pos.zone_of_die(spell) == (0, "used")
    assert pos.zone_of_die(hag) == (1, "used") and pos.zone_of_die(dragon) == (1, "ready")
    assert pos.violations() == 0


def test_death_incantation_double_burst_any_level():
    """Death Incantation (cast), double burst: destroys one creature of any level."""
    pos = Position(players=2, wilds=wilds("Death Incantation"))
    spell = pos.give(0, "Death Incantation", "ready", face=("spell", None, 2))
    dragon = pos.give(1, "Quake Dragon", "ready", face=("creature", 3))
    pos.begin_turn(0)
    stage0(pos, 0)
    assert level(pos, dragon) == 3
    assert pos.zone_of_die(dragon) == (1, "used")
    assert pos.zone_of_die(spell) == (0, "used")
    assert pos.violations() == 0


def test_death_spell_one_creature_of_defense_six_or_less_per_opponent():
    """Death Spell (cast): in each opponent's Ready Area one creature with defense 6 or less is
    destroyed; defense 7 is out of reach (limit inclusive at 6)."""
    pos = Position(players=3, wilds=wilds("Death Spell"))
    spell = pos.give(0, "Death Spell", "ready", face=("spell", None, 1))
    hag = pos.give(1, "Witching Hag", "ready", face=("creature", 2))           # 4/5
    big = pos.give(1, "Quake Dragon", "ready", face=("creature", 3))           # 8/7
    six = pos.give(2, "Quake Dragon", "ready", face=("creature", 2))           # 6/6
    assert R.defense_of(pos.st, pos.t, 0, six, False) == 6
    pos.begin_turn(0)
    stage0(pos, 0)
    assert pos.zone_of_die(spell) == (0, "used")
    assert pos.zone_of_die(hag) == (1, "used") and pos.zone_of_die(big) == (1, "ready")
    assert pos.zone_of_die(six) == (2, "used")
    assert pos.violations() == 0


# ---------------------------------------------------------------------------------------------
# Life
# ---------------------------------------------------------------------------------------------

def test_life_cantrip_attaches_plus_four_defense_and_leaves_when_destroyed():
    """Life Cantrip (attach): +4 defense while attached; when the creature is destroyed the spell
    goes to the used pile with it (R: Připojení kouzel)."""
    pos = Position(players=2, wilds=wilds("Life Cantrip"))
    dev = pos.give(0, "Devotee of the Holy Query", "ready", face=("creature", 1))  # 0/3
    lc = pos.give(0, "Life Cantrip", "ready", face=("spell",))
    pos.begin_turn(0)
    stage0(pos, 0)
    assert pos.st.d_attach[0, lc] == dev
    assert R.defense_of(pos.st, pos.t, 0, dev, False) == 7
    R.cleanup_phase(pos.st, pos.t, 0, 0)
    # player 1 attacks with 6 (Witching Hag L2 4 + Scavenging Goblin 2): absorbed
    hag = pos.give(1, "Witching Hag", "ready", face=("creature", 2))
    pos.give(1, "Scavenging Goblin", "ready", face=("creature", 1, 0))
    pos.begin_turn(1)
    R.attack_phase(pos.st, pos.t, 0, 1, pos.prm)
    assert any("attacks P1 (p0) with 6" in line for line in pos.log())
    assert pos.zone_of_die(dev) == (0, "ready") and pos.zone_of_die(lc) == (0, "ready")
    # add a Deathdealer (3): 9 destroys it, and the Cantrip follows it to the used pile
    pos.give(1, "Deathdealer", "ready", face=("creature", 1))
    R.attack_phase(pos.st, pos.t, 0, 1, pos.prm)
    assert pos.zone_of_die(dev) == (0, "used") and pos.zone_of_die(lc) == (0, "used")
    assert pos.st.d_attach[0, lc] == -1 and pos.zone_of_die(hag) == (1, "ready")
    assert pos.violations() == 0


def test_life_charm_reaction_sends_destroyed_creatures_to_active_pool():
    """Life Charm (reaction, R: Kouzla reakcí): cast on an opponent's turn when a creature is about
    to die; for the rest of that turn the owner's destroyed creatures go to the Active Pool."""
    pos = Position(players=2, wilds=wilds("Life Charm"))
    dev = pos.give(0, "Devotee of the Holy Query", "ready", face=("creature", 1))  # 0/3
    charm = pos.give(0, "Life Charm", "ready", face=("spell",))
    pos.give(1, "Witching Hag", "ready", face=("creature", 2))  # attack 4
    pos.begin_turn(1)
    R.attack_phase(pos.st, pos.t, 0, 1, pos.prm)
    assert pos.zone_of_die(charm) == (0, "used")
    assert pos.zone_of_die(dev) == (0, "active")
    R.cleanup_phase(pos.st, pos.t, 0, 1)
    assert pos.st.life_charm[0, 0] == 0  # lasts this turn only
    assert pos.violations() == 0


def test_life_charm_not_cast_on_own_turn():
    """Life Charm, R: Kouzla reakcí: never cast on its owner's own turn; a creature destroyed then
    goes to the used pile as usual."""
    pos = Position(players=2, wilds=wilds("Life Charm"))
    dev = pos.give(0, "Devotee of the Holy Query", "ready", face=("creature", 1))
    charm = pos.give(0, "Life Charm", "ready", face=("spell",))
    pos.begin_turn(0)
    stage0(pos, 0)
    stage1(pos, 0)
    R.destroy(pos.st, pos.t, 0, dev, -1, pos.prm)
    assert pos.zone_of_die(charm) == (0, "ready")
    assert pos.zone_of_die(dev) == (0, "used")
    assert pos.violations() == 0


def test_life_incantation_reduces_strongest_attacker_to_zero():
    """Life Incantation (reaction): on an opponent's turn, one attacking creature's attack becomes
    0 for the rest of the turn (here the Witching Hag: 4 + 3 becomes 3, too little for defense 5)."""
    pos = Position(players=2, wilds=wilds("Life Incantation"))
    mine = pos.give(0, "Witching Hag", "ready", face=("creature", 2))  # 4/5
    li = pos.give(0, "Life Incantation", "ready", face=("spell",))
    hag = pos.give(1, "Witching Hag", "ready", face=("creature", 2))  # attack 4
    dd = pos.give(1, "Deathdealer", "ready", face=("creature", 1))    # attack 3
    pos.begin_turn(1)
    R.attack_phase(pos.st, pos.t, 0, 1, pos.prm)
    assert pos.zone_of_die(li) == (0, "used")
    assert pos.zone_of_die(mine) == (0, "ready")
    assert R.attack_of(pos.st, pos.t, 0, hag) == 0 and R.attack_of(pos.st, pos.t, 0, dd) == 3
    assert any("attacks P1 (p0) with 3" in line for line in pos.log())
    R.cleanup_phase(pos.st, pos.t, 0, 1)
    assert R.attack_of(pos.st, pos.t, 0, hag) == 4
    assert pos.violations() == 0


def test_life_spell_gives_all_own_creatures_plus_four_defense():
    """Life Spell (reaction): on an opponent's turn all the caster's creatures get +4 defense for
    the turn; the attack of 4 is then absorbed and nothing dies."""
    pos = Position(players=2, wilds=wilds("Life Spell"))
    dev = pos.give(0, "Devotee of the Holy Query", "ready", face=("creature", 1))  # 0/3
    gob = pos.give(0, "Scavenging Goblin", "ready", face=("creature", 1, 0))       # 2/2
    ls = pos.give(0, "Life Spell", "ready", face=("spell",))
    pos.give(1, "Witching Hag", "ready", face=("creature", 2))  # attack 4
    pos.begin_turn(1)
    R.attack_phase(pos.st, pos.t, 0, 1, pos.prm)
    assert pos.zone_of_die(ls) == (0, "used")
    assert pos.zone_of_die(dev) == (0, "ready") and pos.zone_of_die(gob) == (0, "ready")
    assert R.defense_of(pos.st, pos.t, 0, dev, False) == 7
    assert R.defense_of(pos.st, pos.t, 0, gob, False) == 6
    R.cleanup_phase(pos.st, pos.t, 0, 1)
    assert R.defense_of(pos.st, pos.t, 0, dev, False) == 3
    assert pos.violations() == 0


def test_life_reactions_not_cast_on_own_turn():
    """R: Kouzla reakcí: Life Charm, Life Incantation and Life Spell are not cast on their owner's
    own turn (neither before nor after the attack)."""
    pos = Position(players=2, wilds=wilds("Life Spell"))
    pos.give(0, "Witching Hag", "ready", face=("creature", 2))
    ls = pos.give(0, "Life Spell", "ready", face=("spell",))
    pos.give(1, "Quake Dragon", "ready", face=("creature", 3))
    pos.begin_turn(0)
    stage0(pos, 0)
    R.attack_phase(pos.st, pos.t, 0, 0, pos.prm)
    stage1(pos, 0)
    assert pos.zone_of_die(ls) == (0, "ready")
    for name in ("Life Charm", "Life Incantation"):
        pos2 = Position(players=2, wilds=wilds(name))
        pos2.give(0, "Witching Hag", "ready", face=("creature", 2))
        sp = pos2.give(0, name, "ready", face=("spell",))
        pos2.give(1, "Quake Dragon", "ready", face=("creature", 3))
        pos2.begin_turn(0)
        stage0(pos2, 0)
        R.attack_phase(pos2.st, pos2.t, 0, 0, pos2.prm)
        stage1(pos2, 0)
        assert pos2.zone_of_die(sp) == (0, "ready"), name


# ---------------------------------------------------------------------------------------------
# Shaping
# ---------------------------------------------------------------------------------------------

def test_shaping_cantrip_returns_destroyed_creature_on_opponents_turn():
    """Shaping Cantrip (reaction): on an opponent's turn a just destroyed creature comes back to the
    Ready Area at the same face; it cannot be damaged again in that battle (FAQ); a spell attached
    to it still goes to the used pile (R: Připojení kouzel: always; engine fix)."""
    pos = Position(players=2, wilds=wilds("Shaping Cantrip", "Victory Cantrip"))
    dev = pos.give(0, "Devotee of the Holy Query", "ready", face=("creature", 1))  # 0/3
    face = int(pos.st.d_face[0, dev])
    vc = pos.give(0, "Victory Cantrip", "ready", face=("spell",))
    pos.attach(vc, dev)
    sc = pos.give(0, "Shaping Cantrip", "ready", face=("spell",))
    pos.give(1, "Witching Hag", "ready", face=("creature", 2))  # attack 4
    pos.begin_turn(1)
    R.attack_phase(pos.st, pos.t, 0, 1, pos.prm)
    assert pos.zone_of_die(sc) == (0, "used")
    assert pos.zone_of_die(dev) == (0, "ready") and pos.st.d_face[0, dev] == face
    assert pos.st.d_flag[0, dev] & S.FL_SAFE
    assert pos.zone_of_die(vc) == (0, "used") and pos.st.d_attach[0, vc] == -1
    assert pos.violations() == 0


def test_shaping_cantrip_not_cast_on_own_turn():
    """Shaping Cantrip, R: Kouzla reakcí: on its owner's own turn it cannot be cast, so a creature
    destroyed then goes to the used pile (engine fix: it used to be cast)."""
    pos = Position(players=2, wilds=wilds("Shaping Cantrip"))
    hag = pos.give(0, "Witching Hag", "ready", face=("creature", 1))
    sc = pos.give(0, "Shaping Cantrip", "ready", face=("spell",))
    pos.begin_turn(0)
    stage0(pos, 0)
    R.destroy(pos.st, pos.t, 0, hag, -1, pos.prm)
    assert pos.zone_of_die(hag) == (0, "used")
    assert pos.zone_of_die(sc) == (0, "ready")
    assert pos.violations() == 0


def test_shaping_charm_rotates_creatures_up_one_level():
    """Shaping Charm (cast): every creature of the caster turns to a face one level higher where
    its die has one (Scavenging Goblin has only level 1 faces and stays)."""
    pos = Position(players=2, wilds=wilds("Shaping Charm"))
    hag = pos.give(0, "Witching Hag", "ready", face=("creature", 1))
    dragon = pos.give(0, "Quake Dragon", "ready", face=("creature", 2))
    gob = pos.give(0, "Scavenging Goblin", "ready", face=("creature", 1, 0))
    charm = pos.give(0, "Shaping Charm", "ready", face=("spell",))
    pos.begin_turn(0)
    stage0(pos, 0)
    assert pos.zone_of_die(charm) == (0, "used")
    assert (level(pos, hag), level(pos, dragon), level(pos, gob)) == (2, 3, 1)
    assert R.attack_of(pos.st, pos.t, 0, hag) == 4 and R.defense_of(pos.st, pos.t, 0, dragon, False) == 7
    assert pos.violations() == 0


def test_shaping_incantation_on_score_culls_and_captures_up_to_three_more():
    """Shaping Incantation (attach): when its creature scores, a die is culled from the used pile
    (here a Basic Quiddity, cost 0) to capture a die costing at most 3 more; the spell leaves with
    the creature."""
    pos = Position(players=2, wilds=wilds("Shaping Incantation"), bots=["cull_none", "greedy"])
    hag = pos.give(0, "Witching Hag", "ready", face=("creature", 1))
    si = pos.give(0, "Shaping Incantation", "ready", face=("spell",))
    q = pos.give(0, "Basic Quiddity", "used")
    pos.begin_turn(0)
    stage0(pos, 0)
    assert pos.st.d_attach[0, si] == hag
    basic_before = pos.wilds("Basic Quiddity")
    pos.begin_turn(0)
    R.score_phase(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.glory(0) == 3
    assert pos.zone_of_die(q) == (-1, "wilds") and pos.wilds("Basic Quiddity") == basic_before + 1
    assert pos.zone_of_die(si) == (0, "used") and pos.zone_of_die(hag) == (0, "used")
    new = [n for n in pos.names(0, "used") if n not in ("Witching Hag", "Shaping Incantation")]
    assert len(new) == 1
    assert 0 < pos.ct.rows[pos.card_id(new[0])]["cost"] <= 3
    assert pos.st.captures[0] == 1  # the phase-5 capture is still available
    assert pos.violations() == 0


def test_shaping_spell_destroys_an_opposing_spell():
    """Shaping Spell (cast): destroys a spell in another player's Ready Area (to its owner's used
    pile); an attached Death Charm stops adding its bonus."""
    pos = Position(players=2, wilds=wilds("Shaping Spell", "Death Charm"))
    ss = pos.give(0, "Shaping Spell", "ready", face=("spell",))
    hag = pos.give(1, "Witching Hag", "ready", face=("creature", 1))
    dc = pos.give(1, "Death Charm", "ready", face=("spell", None, 1))
    pos.attach(dc, hag)
    assert R.attack_of(pos.st, pos.t, 0, hag) == 6
    pos.begin_turn(0)
    stage0(pos, 0)
    assert pos.zone_of_die(ss) == (0, "used")
    assert pos.zone_of_die(dc) == (1, "used") and pos.st.d_attach[0, dc] == -1
    assert pos.zone_of_die(hag) == (1, "ready") and R.attack_of(pos.st, pos.t, 0, hag) == 3
    assert pos.violations() == 0


# ---------------------------------------------------------------------------------------------
# Victory
# ---------------------------------------------------------------------------------------------

def test_victory_cantrip_adds_two_glory_when_its_creature_scores():
    """Victory Cantrip (attach): its creature scores 2 more glory; then both go to the used pile."""
    pos = Position(players=2, wilds=wilds("Victory Cantrip"))
    hag = pos.give(0, "Witching Hag", "ready", face=("creature", 1))
    vc = pos.give(0, "Victory Cantrip", "ready", face=("spell",))
    pos.begin_turn(0)
    stage0(pos, 0)
    assert pos.st.d_attach[0, vc] == hag
    R.cleanup_phase(pos.st, pos.t, 0, 0)
    pos.begin_turn(0)
    R.score_phase(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.glory(0) == 3 + 2
    assert pos.zone_of_die(vc) == (0, "used") and pos.zone_of_die(hag) == (0, "used")
    assert pos.violations() == 0


def test_victory_charm_needs_two_scored_creatures():
    """Victory Charm (cast): +1 glory per creature scored this turn, castable only after scoring 2
    or more; with one scored creature it stays ready."""
    pos = Position(players=2, wilds=wilds("Victory Charm"))
    pos.give(0, "Witching Hag", "ready", face=("creature", 1))
    vc = pos.give(0, "Victory Charm", "ready", face=("spell",))
    pos.begin_turn(0)
    R.score_phase(pos.st, pos.t, 0, 0, pos.prm)
    stage0(pos, 0)
    assert pos.glory(0) == 3 and pos.zone_of_die(vc) == (0, "ready")
    pos.give(0, "Witching Hag", "ready", face=("creature", 1))
    pos.give(0, "Scavenging Goblin", "ready", face=("creature", 1, 0))
    pos.begin_turn(0)
    R.score_phase(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.glory(0) == 3 + 3 + 2
    stage0(pos, 0)
    assert pos.glory(0) == 8 + 2 and pos.zone_of_die(vc) == (0, "used")
    assert pos.violations() == 0


def test_victory_incantation_gives_three_glory():
    """Victory Incantation (cast): +3 glory; the die is spent to the used pile."""
    pos = Position(players=2, wilds=wilds("Victory Incantation"))
    vi = pos.give(0, "Victory Incantation", "ready", face=("spell",))
    pos.begin_turn(0)
    stage0(pos, 0)
    assert pos.glory(0) == 3 and pos.zone_of_die(vi) == (0, "used")
    assert pos.violations() == 0


def test_victory_spell_only_after_attack_one_glory_per_opponent_hit():
    """Victory Spell (cast): only after the attack phase; +1 glory per opponent who lost a creature
    to the attack, at most 1 per opponent (player 2 loses two, player 3 none: +1)."""
    pos = Position(players=3, wilds=wilds("Victory Spell"))
    pos.give(0, "Witching Hag", "ready", face=("creature", 2))  # attack 4
    vs = pos.give(0, "Victory Spell", "ready", face=("spell",))
    g1 = pos.give(1, "Scavenging Goblin", "ready", face=("creature", 1, 0))
    g2 = pos.give(1, "Scavenging Goblin", "ready", face=("creature", 1, 0))
    dv = pos.give(2, "Devotee of the Holy Query", "ready", face=("creature", 2, 1))  # 2/4 +2
    pos.begin_turn(0)
    pos.st.hit[0, 1] = 1  # even with a creature already lost, not before the attack
    stage0(pos, 0)
    assert pos.zone_of_die(vs) == (0, "ready")
    R.attack_phase(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.zone_of_die(g1) == (1, "used") and pos.zone_of_die(g2) == (1, "used")
    assert pos.zone_of_die(dv) == (2, "ready")
    stage1(pos, 0)
    assert pos.glory(0) == 1 and pos.zone_of_die(vs) == (0, "used")
    assert pos.violations() == 0


def test_victory_spell_ignores_creatures_destroyed_by_spells():
    """Victory Spell counts creatures destroyed by the caster's attacks, not by a Death
    Incantation cast with no creature to attack (engine fix)."""
    pos = Position(players=2, wilds=wilds("Death Incantation", "Victory Spell"))
    pos.give(0, "Death Incantation", "ready", face=("spell", None, 2))
    vs = pos.give(0, "Victory Spell", "ready", face=("spell",))
    hag = pos.give(1, "Witching Hag", "ready", face=("creature", 1))
    pos.begin_turn(0)
    stage0(pos, 0)
    assert pos.zone_of_die(hag) == (1, "used")
    R.attack_phase(pos.st, pos.t, 0, 0, pos.prm)
    stage1(pos, 0)
    assert pos.glory(0) == 0 and pos.zone_of_die(vs) == (0, "ready")
    assert pos.violations() == 0


# ---------------------------------------------------------------------------------------------
# Mighty Devotee of the Holy Query: not a target of opposing spells (burst face)
# ---------------------------------------------------------------------------------------------

def test_mighty_devotee_burst_cannot_be_targeted_by_opposing_spells():
    """Mighty Devotee of the Holy Query, burst face: opposing Death Incantation and Death Spell
    cannot target it; on its plain face it can be destroyed."""
    ws = ["Mighty Devotee of the Holy Query"] + [c for c in CREATURES if "Devotee" not in c]
    for spell in ("Death Incantation", "Death Spell"):
        pos = Position(players=2, wilds=ws + [spell])
        sp = pos.give(0, spell, "ready", face=("spell", None, 2))
        dev = pos.give(1, "Mighty Devotee of the Holy Query", "ready", face=("creature", 2, 1))
        pos.begin_turn(0)
        stage0(pos, 0)
        assert pos.zone_of_die(dev) == (1, "ready") and pos.zone_of_die(sp) == (0, "ready"), spell
        pos.st.d_face[0, dev] = pos.face("Mighty Devotee of the Holy Query", "creature", 2, 0)
        stage0(pos, 0)
        assert pos.zone_of_die(dev) == (1, "used") and pos.zone_of_die(sp) == (0, "used"), spell
        assert pos.violations() == 0


def test_mighty_devotee_burst_attack_not_zeroed_by_life_incantation():
    """Mighty Devotee of the Holy Query, burst face, attacking: the defender's Life Incantation
    cannot target it (so it is not cast at all when the Devotee is the only attacker)."""
    ws = ["Mighty Devotee of the Holy Query"] + [c for c in CREATURES if "Devotee" not in c]
    pos = Position(players=2, wilds=ws + ["Life Incantation"])
    gob = pos.give(0, "Scavenging Goblin", "ready", face=("creature", 1, 0))  # 2/2
    li = pos.give(0, "Life Incantation", "ready", face=("spell",))
    pos.give(1, "Mighty Devotee of the Holy Query", "ready", face=("creature", 2, 1))  # attack 2
    pos.begin_turn(1)
    R.attack_phase(pos.st, pos.t, 0, 1, pos.prm)
    assert pos.zone_of_die(li) == (0, "ready")
    assert pos.zone_of_die(gob) == (0, "used")
    assert pos.violations() == 0


# ---------------------------------------------------------------------------------------------
# Exact probabilities: dice and setup
# ---------------------------------------------------------------------------------------------

def test_basic_quiddity_die_distribution():
    """Basic Quiddity die: five faces of 1 quiddity and one of 2. Over 60,000 rolls (fixed seed)
    the faces are uniform (chi-square, 5 df, below 20.52 = the 0.1% critical value) and the share
    of 2s is 1/6 within 5 standard errors."""
    pos = Position(players=2, wilds=wilds(), seed=12345)
    dice = [pos.give(0, "Basic Quiddity", "active") for _ in range(8)]
    dt = pos.t.card_die[pos.card_id("Basic Quiddity")]
    assert sorted(int(pos.t.f_q[dt, f]) for f in range(6)) == [1, 1, 1, 1, 1, 2]
    assert all(pos.t.f_kind[dt, f] == S.F_Q for f in range(6))
    faces = np.zeros(6, np.int64)
    n = 60_000
    for i in range(n):
        d = dice[i % 8]
        S.roll(pos.st, 0, d)
        faces[pos.st.d_face[0, d]] += 1
    expected = n / 6
    chi2 = float(((faces - expected) ** 2 / expected).sum())
    assert chi2 < 20.52, faces
    twos = int(sum(faces[f] for f in range(6) if pos.t.f_q[dt, f] == 2))
    se = (n * (1 / 6) * (5 / 6)) ** 0.5
    assert abs(twos - n / 6) < 5 * se
    # and the quiddity a die gives is what its face shows
    d = dice[0]
    pos.st.d_face[0, d] = 5
    assert R.die_quiddity(pos.st, pos.t, 0, d) == pos.t.f_q[dt, 5]


# spell and creature faces per die (reference dice.json, face counts)
FACE_COUNTS = {
    "basic_quiddity": (0, 0), "assistant": (0, 2), "portal": (0, 0),
    "death_spell": (3, 0), "growth_spell": (3, 0), "life_spell": (3, 0), "shaping_spell": (3, 0),
    "victory_spell": (2, 0),
    "deathdealer": (0, 3), "defender_of_the_pale": (0, 3), "devotee_of_the_holy_query": (0, 4),
    "ghostly_spirit": (0, 3), "primordial_ooze": (0, 3), "quake_dragon": (0, 3), "questing_wizard": (0, 3),
    "scavenging_goblin": (0, 4), "warrior_of_the_quay": (0, 3), "witching_hag": (0, 3),
}


def test_spell_and_creature_faces_per_die():
    """cards.toml: number of spell and creature faces on each die, so P(spell icon) = k/6 (Death
    Spell die 3/6 with bursts 1,1,2; Victory die 2/6; Scavenging Goblin 4/6 creature ...)."""
    raw = data.raw_data()
    ct = data.load_cards()
    t = data.tables(ct)
    ids = [d["id"] for d in raw["die"]]
    assert sorted(ids) == sorted(FACE_COUNTS)
    for i, did in enumerate(ids):
        kinds = list(t.f_kind[i])
        assert (kinds.count(S.F_SPELL), kinds.count(S.F_CREATURE)) == FACE_COUNTS[did], did
    death = ids.index("death_spell")
    assert sorted(int(t.f_burst[death, f]) for f in range(6) if t.f_kind[death, f] == S.F_SPELL) == [1, 1, 2]
    # every spell card rolls its spell icon with the probability of its die
    for r, name in zip(ct.rows, ct.names, strict=True):
        if r["kind"] == "spell":
            assert FACE_COUNTS[r["die"]][0] >= 2, name


def _setup_state(players: int, seed: int, game: int, st=None, t=None):
    t = t if t is not None else data.tables(data.load_cards())
    st = st if st is not None else S.new_state(1)
    R.setup(st, t, 0, players, root_seed_words(seed), game)
    return st, t


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_wilds_and_bags(players):
    """R: Příprava hry: the Wilds hold the 3 basic cards, 7 creature cards of distinct classes and
    3 spell cards of distinct classes with 5 dice each; 2 Assistants and 5 Portals; the Basic
    Quiddity card is empty; each player has 8 Basic Quiddity and 4 Assistants in the bag."""
    ct = data.load_cards()
    t = data.tables(ct)
    st = S.new_state(1)
    for seed in range(5):
        for game in range(4):
            _setup_state(players, seed, game, st, t)
            cards = [int(c) for c in st.slot_card[0]]
            assert [ct.names[c] for c in cards[:3]] == ["Basic Quiddity", "Assistant", "Portal"]
            creatures = cards[S.SLOT_CREATURE0:S.SLOT_CREATURE0 + 7]
            spells = cards[S.SLOT_SPELL0:S.SLOT_SPELL0 + 3]
            assert all(ct.rows[c]["kind"] == "creature" for c in creatures)
            assert all(ct.rows[c]["kind"] == "spell" for c in spells)
            assert len({ct.rows[c]["class"] for c in creatures}) == 7
            assert len({ct.rows[c]["class"] for c in spells}) == 3
            n_wilds = [int(st.cont_n[0, S.WILDS0 + s]) for s in range(S.NSLOT)]
            assert n_wilds == [0, 2, 5] + [5] * 10
            for p in range(players):
                bag = [int(st.cont[0, S.zone_of(p, S.Z_BAG), i]) for i in range(st.cont_n[0, S.zone_of(p, S.Z_BAG)])]
                slots = sorted(int(st.d_slot[0, d]) for d in bag)
                assert slots == [S.SLOT_BASIC] * 8 + [S.SLOT_ASSISTANT] * 4
                for z in (S.Z_ACTIVE, S.Z_READY, S.Z_USED, S.Z_ASIDE):
                    assert st.cont_n[0, S.zone_of(p, z)] == 0
            assert st.n_dice[0] == 12 * players + 57
            assert S.count_violations(st, t, 0) == 0


def test_setup_class_and_tier_frequencies():
    """R: Příprava hry (turn cards until 7 creature / 3 spell classes are out): over 20,000 setups
    each of the 10 creature classes is in the Wilds with probability 7/10 and each of its 3 cards
    (basic/Mighty/Strong) 7/30; each of the 5 spell classes 3/5 and each of its 4 cards 3/20;
    tolerance 5 standard errors."""
    ct = data.load_cards()
    t = data.tables(ct)
    st = S.new_state(1)
    n = 20_000
    words = root_seed_words(2024)
    counts = np.zeros(len(ct.names), np.int64)
    for g in range(n):
        R.setup(st, t, 0, 2, words, g)
        for c in st.slot_card[0, 3:]:
            counts[c] += 1
    classes: dict[str, list[int]] = {}
    for i, r in enumerate(ct.rows):
        if r["kind"] != "basic":
            classes.setdefault(r["class"], []).append(i)
    assert len(classes) == 15
    for cls, members in classes.items():
        kind = ct.rows[members[0]]["kind"]
        assert len(members) == (3 if kind == "creature" else 4)
        p_class = 7 / 10 if kind == "creature" else 3 / 5
        k = counts[members].sum()
        assert abs(k / n - p_class) < 5 * (p_class * (1 - p_class) / n) ** 0.5, (cls, k / n)
        # given the class, each of its cards is the first one turned with equal chance
        share = 1 / len(members)
        assert np.all(np.abs(counts[members] / k - share) < 5 * (share * (1 - share) / k) ** 0.5), cls
        p_card = p_class / len(members)
        for c in members:
            assert abs(counts[c] / n - p_card) < 5 * (p_card * (1 - p_card) / n) ** 0.5, (ct.names[c], counts[c] / n)


# ---------------------------------------------------------------------------------------------
# Rulings on timing and on reactions that meet other replacements (docs/quarriors.md, Rulings)
# ---------------------------------------------------------------------------------------------

def test_life_charm_answers_a_death_incantation():
    """Life Charm is a reaction, cast at any time of an opponent's turn (R: Kouzla reakcí), so it
    answers a Death Incantation as well as an attack: the destroyed creature goes to its owner's
    Active Pool. (The engine used to offer reactions only against attacks.)"""
    pos = Position(players=2, wilds=wilds("Death Incantation", "Life Charm"))
    spell = pos.give(0, "Death Incantation", "ready", face=("spell", None, 1))
    hag = pos.give(1, "Witching Hag", "ready", face=("creature", 2))
    charm = pos.give(1, "Life Charm", "ready", face=("spell",))
    pos.begin_turn(0)
    stage0(pos, 0)
    assert pos.zone_of_die(spell) == (0, "used") and pos.zone_of_die(charm) == (1, "used")
    assert pos.zone_of_die(hag) == (1, "active")
    assert pos.violations() == 0


def test_mighty_ghostly_spirit_is_set_aside_even_under_life_charm():
    """Ruling: Life Charm sends destroyed creatures to the Active Pool *instead of the used pile*
    (card text); a destroyed Mighty Ghostly Spirit is not bound for the used pile (it is set aside),
    so its own ability wins. (The engine used to let Life Charm win.)"""
    pos = Position(players=2, wilds=["Mighty Ghostly Spirit", "Devotee of the Holy Query", "Life Charm"])
    ghost = pos.give(1, "Mighty Ghostly Spirit", "ready", face=("creature", 1))
    dev = pos.give(1, "Devotee of the Holy Query", "ready", face=("creature", 1))
    pos.begin_turn(0)
    pos.st.life_charm[0, 1] = 1  # p1 cast Life Charm earlier this turn
    R.destroy(pos.st, pos.t, 0, ghost, 0, pos.prm)
    R.destroy(pos.st, pos.t, 0, dev, 0, pos.prm)
    assert pos.zone_of_die(ghost) == (1, "aside")
    assert pos.zone_of_die(dev) == (1, "active")  # the charm still covers other creatures
    assert pos.violations() == 0


def test_shaping_cantrip_under_life_charm_is_the_bots_choice():
    """Shaping Cantrip and Life Charm both replace the trip to the used pile, so under its own Life
    Charm a player may still return the creature with Shaping Cantrip: the engine offers it (the
    random bot takes it in some games), the heuristic keeps the Cantrip (the creature comes back to
    the Active Pool anyway). (The engine used to forbid it.)"""
    outcomes = set()
    for seed in range(12):
        pos = Position(players=2, wilds=wilds("Shaping Cantrip", "Life Charm"), bots=["random"], seed=seed)
        dev = pos.give(1, "Devotee of the Holy Query", "ready", face=("creature", 1))
        pos.give(1, "Shaping Cantrip", "ready", face=("spell",))
        pos.begin_turn(0)
        pos.st.life_charm[0, 1] = 1
        R.destroy(pos.st, pos.t, 0, dev, 0, pos.prm)
        outcomes.add(pos.zone_of_die(dev)[1])
    assert outcomes == {"ready", "active"}
    pos = Position(players=2, wilds=wilds("Shaping Cantrip", "Life Charm"))
    dev = pos.give(1, "Devotee of the Holy Query", "ready", face=("creature", 1))
    sc = pos.give(1, "Shaping Cantrip", "ready", face=("spell",))
    pos.begin_turn(0)
    pos.st.life_charm[0, 1] = 1
    R.destroy(pos.st, pos.t, 0, dev, 0, pos.prm)
    assert pos.zone_of_die(dev) == (1, "active") and pos.zone_of_die(sc) == (1, "ready")


def test_spells_may_be_cast_before_summoning():
    """R: Kouzla: a readied spell may be cast at any time of its owner's turn, so also before
    summoning. With ``early_spells`` the bot first destroys the opposing Mighty Defender of the Pale
    with Death Incantation, and its level-1 Witching Hag then costs 1 instead of 2; the default bot
    casts after summoning and cannot afford the Hag. (The engine used to cast only after summoning.)"""
    for early, summoned in ((1, True), (0, False)):
        pos = Position(players=2, wilds=["Mighty Defender of the Pale", "Witching Hag", "Death Incantation"],
                       params={"early_spells": early})
        wall = pos.give(1, "Mighty Defender of the Pale", "ready", face=("creature", 1, 1))
        spell = pos.give(0, "Death Incantation", "active", face=("spell", None, 1))
        hag = pos.give(0, "Witching Hag", "active", face=("creature", 1))
        pos.give(0, "Basic Quiddity", "active", face=0)  # 1 quiddity
        pos.begin_turn(0)
        R.summon_phase(pos.st, pos.t, 0, 0, pos.prm)
        assert pos.zone_of_die(spell) == (0, "used") and pos.zone_of_die(wall) == (1, "used")
        assert (pos.zone_of_die(hag) == (0, "ready")) == summoned
        assert pos.violations() == 0


def test_growth_charm_may_be_cast_outside_the_capture():
    """Growth Charm is a cast spell (R: Kouzla: any time of the owner's turn), not only a capture
    aid: the engine offers it before summoning too, where the random bot casts it in some games
    (its 3 quiddity then pays for the summon). The heuristic keeps it for the capture. (The engine
    used to offer it only in phase 5.)"""
    cast_early = 0
    for seed in range(12):
        pos = Position(players=2, wilds=wilds("Growth Charm"), bots=["random"], seed=seed)
        charm = pos.give(0, "Growth Charm", "active", face=("spell",))
        pos.begin_turn(0)
        R.summon_phase(pos.st, pos.t, 0, 0, pos.prm)
        cast_early += pos.zone_of_die(charm) == (0, "used")
    assert 0 < cast_early < 12
    pos = Position(players=2, wilds=wilds("Growth Charm"))
    charm = pos.give(0, "Growth Charm", "active", face=("spell",))
    pos.begin_turn(0)
    R.summon_phase(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.zone_of_die(charm) == (0, "ready")
