"""Mentalism instants: Brain Burn, Psychic Storm, Share Life, Thought Steal, Absorb Spell; Add.

C = ../shared/reference/wizwar/rules_checklist.md (R = rule, A = ambiguity); card facts from
../shared/reference/wizwar/cards.json (card text beats the rulebook, L3). Test boards are open
faces: blue (seat 0) is slot A (map rows 0-4, columns 0-4), red (seat 1) slot B.
"""

from __future__ import annotations

import pytest

from simlab.games.wizwar import bots as BT
from simlab.games.wizwar import rules as R
from simlab.games.wizwar import state as S
from simlab.games.wizwar.sight import in_storm, line_of_sight
from simlab.games.wizwar.state import O_AREA, O_ATTACK, O_NEUTRAL
from tests.games.wizwar.kit import Position, face

pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")

NEVER = {"counter_min": 99}   # the bots counter only lethal damage


def card_of(pos, name):
    return pos.ct.names.index(name)


def carry_item(pos, p, name):
    """Seat p carries a copy of item ``name`` (without playing it)."""
    i = pos.give(p, name)
    S.place(pos.st, 0, i, S.items_of(p))
    return i


def cast(pos, kind, i, x, y=-1, p=0):
    pos.do(p, (kind, i, x, y, 0))


# ------------------------------------------------------------------------------- Brain Burn

def brain_burn_ready(life=15, params=None):
    pos = Position(params=params)
    pos.put(1, 2, 4)
    pos.st.life[0, 1] = life
    pos.start_turn(0)
    return pos, pos.give(0, "Brain Burn")


def test_brain_burn_damage_is_the_hand_left_items_excluded():
    """Brain Burn (card text; C 2 G1): magical damage equal to the cards left in the target's
    hand; carried items do not count. Worth keeping, all four cards stay: 4 damage, the attack's
    own (damage dealt by the caster)."""
    pos, i = brain_burn_ready(params=NEVER)
    for name in ("Fireball", "Powerthrust", "Ka-Bong!", "Zot!"):
        pos.give(1, name)
    carry_item(pos, 1, "Lifestone")
    cast(pos, O_ATTACK, i, 1)
    assert pos.st.life[0, 1] == 11
    assert len(pos.hand(1)) == 4
    assert pos.st.seat[0, 0, S.S_DMG_DEALT] == 4 and pos.st.seat[0, 0, S.S_ATTACK_SPELLS] == 1


def test_brain_burn_target_discards_first():
    """Brain Burn: the target may first discard any hand cards; the damage counts what is left.
    The defender bot (C 2.3, a hook per defender choice) sheds its cheapest cards until the hit
    would not kill: life 3 and five cards -> two left, 2 damage."""
    pos, i = brain_burn_ready(life=3, params=NEVER)
    for name in ("Fireball", "Powerthrust", "Ka-Bong!", "Zot!", "Meditate"):
        pos.give(1, name)
    cast(pos, O_ATTACK, i, 1)
    assert pos.st.life[0, 1] == 1
    assert pos.hand(1) == ["Fireball", "Ka-Bong!"] or pos.hand(1) == ["Fireball", "Powerthrust"]
    assert any("before Brain Burn" in line for line in pos.log())


def test_brain_burn_held_shield_counts_as_the_damage_it_stops():
    """Brain Burn with a Shield in hand: the Shield is one of the cards counted, but it reduces
    the hit by 3 (energy 1 + 2, A-4), so the bot keeps its cards: 5 counted, 2 suffered."""
    pos, i = brain_burn_ready(life=3, params=NEVER)
    for name in ("Shield", "Fireball", "Powerthrust", "Ka-Bong!", "Zot!"):
        pos.give(1, name)
    cast(pos, O_ATTACK, i, 1)
    assert pos.st.life[0, 1] == 1
    assert "Shield" not in pos.hand(1) and len(pos.hand(1)) == 4


def test_full_shield_cancels_brain_burn():
    """R143, Full Shield (a spell targeting you): the target cancels Brain Burn as it is cast when
    its hand would hurt (5 cards); counted as countered for the caster, a counter for the target."""
    pos, i = brain_burn_ready()
    for name in ("Full Shield", "Fireball", "Powerthrust", "Ka-Bong!", "Zot!"):
        pos.give(1, name)
    cast(pos, O_ATTACK, i, 1)
    assert pos.st.life[0, 1] == 15
    assert pos.st.seat[0, 0, S.S_COUNTERED] == 1 and pos.st.seat[0, 1, S.S_COUNTERS] == 1
    assert pos.st.card[0, 0, card_of(pos, "Brain Burn"), S.C_PLAYED] == 1


def test_brain_burn_on_an_empty_hand_does_nothing():
    """Brain Burn: no cards left, no damage (R147: damage 0 is no damage)."""
    pos, i = brain_burn_ready()
    cast(pos, O_ATTACK, i, 1)
    assert pos.st.life[0, 1] == 15
    assert any("has no effect" in line for line in pos.log())


# ---------------------------------------------------------------------------- Psychic Storm

def test_storm_area_is_the_square_and_its_map_neighbours():
    """Psychic Storm (card text): the target square and its orthogonal neighbours, through
    walls, not diagonally, not across a wrap-around (p2_wrap links (2,0) with (2,9))."""
    pos = Position()
    g = pos.geo
    c = pos.sq(2, 3)
    assert in_storm(g, c, c) and in_storm(g, c, pos.sq(2, 4)) and in_storm(g, c, pos.sq(1, 3))
    assert not in_storm(g, c, pos.sq(1, 4)) and not in_storm(g, c, pos.sq(2, 5))
    assert not in_storm(g, pos.sq(2, 0), pos.sq(2, 9))


def test_storm_hits_every_wizard_in_the_area_through_walls():
    """Psychic Storm: the spell's energy (a boost replaces 1, R92) as magical damage to each
    wizard on the target square or next to it, even behind a wall; a diagonal one is missed.
    Four players: on (2,3), behind the wall at (2,4), diagonal at (1,4); the caster at (0,3)."""
    wall = face((5, 16, "|"))  # a wall between (2,3) and (2,4)
    pos = Position(players=4, blue=wall, params=NEVER)
    pos.put(0, 0, 3)
    pos.put(1, 2, 4)
    pos.put(2, 2, 3)
    pos.put(3, 1, 4)
    pos.start_turn(0)
    i = pos.give(0, "Psychic Storm")
    e4 = pos.give(0, "Energy 4")
    cast(pos, O_AREA, i, pos.sq(2, 3), e4)
    assert [int(v) for v in pos.st.life[0, :4]] == [15, 11, 11, 15]
    assert pos.st.seat[0, 0, S.S_DMG_DEALT] == 8 and pos.st.seat[0, 0, S.S_ATTACKS] == 1
    assert pos.st.attacked[0] == 1


def test_storm_does_not_wrap():
    """Psychic Storm does not cross a wrap-around edge: a storm on (2,0) misses (2,9)."""
    pos = Position(params=NEVER)
    pos.put(0, 2, 2)
    pos.put(1, 2, 9)
    pos.start_turn(0)
    i = pos.give(0, "Psychic Storm")
    R.cast_storm(pos.st, pos.t, 0, pos.geo, 0, i, pos.sq(2, 0), -1, pos.prm)
    assert pos.st.life[0, 1] == 15


def test_storm_hits_the_caster_too_without_counting_as_damage_dealt():
    """Psychic Storm (card text): the caster caught in its own storm suffers the damage too; the
    results count only damage to others as dealt."""
    pos = Position(params=NEVER)
    pos.put(0, 2, 2)
    pos.put(1, 2, 3)
    pos.start_turn(0)
    i = pos.give(0, "Psychic Storm")
    e4 = pos.give(0, "Energy 4")
    cast(pos, O_AREA, i, pos.sq(2, 3), e4)
    assert pos.st.life[0, 0] == 11 and pos.st.life[0, 1] == 11
    assert pos.st.seat[0, 0, S.S_DMG_DEALT] == 4 and pos.st.seat[0, 0, S.S_DMG_TAKEN] == 4


def test_storm_kill_scores_for_the_caster():
    """R56, R157: a wizard killed by the storm is the caster's kill (its point, its hand)."""
    pos = Position(players=3, params=NEVER)
    pos.put(0, 0, 3)
    pos.put(1, 2, 3)
    pos.st.life[0, 1] = 3
    pos.give(1, "Fireball")
    pos.start_turn(0)
    i = pos.give(0, "Psychic Storm")
    e4 = pos.give(0, "Energy 4")
    cast(pos, O_AREA, i, pos.sq(2, 3), e4)
    assert not pos.st.alive[0, 1] and pos.st.seat[0, 1, S.S_KILLED_BY] == 0
    assert pos.st.vp_kill[0, 0] == 1 and "Fireball" in pos.hand(0)


def test_full_shield_cannot_answer_the_storm_but_shield_reduces_each_hit():
    """Full Shield cancels a spell targeting you; the storm targets a square (our ruling), so it
    hits. Shield reduces damage from one source (A-4: energy + 2) for the wizard that plays it."""
    pos = Position(players=3, params={"counter_min": 0})
    pos.put(0, 0, 3)
    pos.put(1, 2, 3)
    pos.put(2, 2, 4)
    pos.give(1, "Full Shield")
    pos.give(2, "Shield")
    pos.start_turn(0)
    i = pos.give(0, "Psychic Storm")
    e4 = pos.give(0, "Energy 4")
    cast(pos, O_AREA, i, pos.sq(2, 3), e4)
    assert pos.st.life[0, 1] == 11 and pos.hand(1) == ["Full Shield"]
    assert pos.st.life[0, 2] == 14 and pos.hand(2) == []


def test_storm_options_need_sight_of_the_square_and_catch_someone():
    """R70: the target square in sight; the options offered are the squares whose storm catches
    another wizard (a documented smaller set), each unboosted and with each energy card."""
    pos = Position(params=NEVER)
    pos.put(0, 2, 2)
    pos.put(1, 2, 4)
    pos.start_turn(0)
    i = pos.give(0, "Psychic Storm")
    e4 = pos.give(0, "Energy 4")
    squares = {o[2] for o in pos.options(0) if o[0] == O_AREA}
    assert squares == {pos.sq(2, 4), pos.sq(1, 4), pos.sq(3, 4), pos.sq(2, 3), pos.sq(2, 5)}
    assert (O_AREA, i, pos.sq(2, 4), e4, 0) in pos.options(0)
    pos.st.attacked[0] = 1  # R49: the one attack of the turn is used
    assert O_AREA not in pos.kinds(0)


def test_balanced_bot_storms_an_enemy_but_not_itself_to_death():
    """The balanced bot casts a boosted storm at an enemy it can hurt, and never picks a storm
    that would kill itself."""
    pos = Position(params=NEVER)
    pos.put(0, 2, 2)
    pos.put(1, 2, 4)
    pos.start_turn(0)
    pos.give(0, "Psychic Storm")
    pos.give(0, "Energy 4")
    pos.options(0)
    k = BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    assert pos.st.opt[0, k, 0] == O_AREA and pos.st.opt[0, k, 3] >= 0
    assert not in_storm(pos.geo, int(pos.st.opt[0, k, 2]), pos.sq(2, 2))


# ------------------------------------------------------------------------------- Share Life

def share_ready(mine, theirs, counter=None):
    pos = Position()
    pos.put(1, 2, 4)
    pos.st.life[0, 0], pos.st.life[0, 1] = mine, theirs
    if counter:
        pos.give(1, counter)
    pos.start_turn(0)
    return pos, pos.give(0, "Share Life")


def test_share_life_pools_and_splits_odd_point_to_caster():
    """Share Life (card text): both lives added and split evenly, the odd point to the caster:
    5 + 12 = 17 -> caster 9, target 8."""
    pos, i = share_ready(5, 12)
    cast(pos, O_NEUTRAL, i, 1)
    assert pos.st.life[0, 0] == 9 and pos.st.life[0, 1] == 8
    assert pos.st.card[0, 0, card_of(pos, "Share Life"), S.C_PLAYED] == 1


def test_share_life_never_passes_the_cap():
    """R152 (life cap 20): 20 + 19 -> caster 20, target 19; both at most 20 stay so."""
    pos, i = share_ready(19, 20)
    cast(pos, O_NEUTRAL, i, 1)
    assert pos.st.life[0, 0] == 20 and pos.st.life[0, 1] == 19


def test_negate_neutral_cancels_share_life():
    """R143, A-8: the target, which would lose life, cancels Share Life with Negate Neutral."""
    pos, i = share_ready(5, 12, counter="Negate Neutral")
    cast(pos, O_NEUTRAL, i, 1)
    assert pos.st.life[0, 0] == 5 and pos.st.life[0, 1] == 12
    assert pos.st.seat[0, 0, S.S_COUNTERED] == 1 and pos.st.seat[0, 1, S.S_COUNTERS] == 1


def test_share_life_needs_sight_and_the_bot_casts_it_when_behind():
    """R70: Share Life at another wizard in sight; the balanced bot casts it when it gains 2 or
    more life."""
    wall = face((3, 12, "|"), (5, 12, "|"), (7, 12, "|"), (5, 0, "|"))  # (2,2) cannot see (2,4)
    pos = Position(blue=wall)
    pos.put(1, 2, 4)
    pos.start_turn(0)
    pos.give(0, "Share Life")
    assert O_NEUTRAL not in pos.kinds(0)
    pos.put(1, 4, 1)
    pos.st.life[0, 0] = 4
    pos.options(0)
    k = BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    assert pos.st.opt[0, k, 0] == O_NEUTRAL


# ---------------------------------------------------------------------------- Thought Steal

def steal_ready(theirs, mine=(), counter=None):
    pos = Position()
    pos.put(1, 2, 4)
    for name in theirs:
        pos.give(1, name)
    for name in mine:
        pos.give(0, name)
    if counter:
        pos.give(1, counter)
    pos.start_turn(0)
    return pos, pos.give(0, "Thought Steal")


def test_thought_steal_takes_the_two_best_then_discards_to_the_limit():
    """Thought Steal (card text): look at the hand, take up to 2 cards, then discard down to the
    hand limit (R172). The bot takes Fireball and Powerthrust (its card values) and, at 8 cards,
    discards its cheapest."""
    pos, i = steal_ready(("Fireball", "Powerthrust", "Energy 4", "Meditate"),
                         mine=("Energy 4", "Energy 5", "Energy 6", "Meditate", "Mad Dash", "Drop Object"))
    acq = int(pos.st.card[0, 0, card_of(pos, "Fireball"), S.C_ACQ])  # setup's deal counted too
    cast(pos, O_NEUTRAL, i, 1)
    assert pos.hand(1) == ["Energy 4", "Meditate"]
    assert "Fireball" in pos.hand(0) and "Powerthrust" in pos.hand(0)
    assert len(pos.hand(0)) == 7 and "Mad Dash" not in pos.hand(0)
    assert pos.st.card[0, 0, card_of(pos, "Fireball"), S.C_ACQ] == acq + 1


def test_thought_steal_leaves_carried_items():
    """Thought Steal: carried items cannot be taken (card text); an empty hand gives nothing."""
    pos, i = steal_ready(())
    carry_item(pos, 1, "Lifestone")
    cast(pos, O_NEUTRAL, i, 1)
    assert pos.hand(0) == [] and pos.st.cont_n[0, S.items_of(1)] == 1


def test_negate_neutral_cancels_thought_steal():
    """R143, A-8: the target cancels Thought Steal with Negate Neutral; its hand stays."""
    pos, i = steal_ready(("Fireball", "Powerthrust"), counter="Negate Neutral")
    cast(pos, O_NEUTRAL, i, 1)
    assert pos.hand(1) == ["Fireball", "Powerthrust"] and pos.hand(0) == []
    assert pos.st.seat[0, 0, S.S_COUNTERED] == 1


def test_thought_steal_decision_reads_only_the_hand_size():
    """Checklist 4.1: outside the effect, the caster's bot sees only the size of the target's
    hand; swapping the target's cards for others leaves the score of the spell unchanged."""
    pos, i = steal_ready(("Fireball", "Powerthrust"))
    card = card_of(pos, "Thought Steal")
    before = BT.mind_neutral_score(pos.st, pos.t, 0, 0, card, 1)
    h = S.hand_of(1)
    while pos.st.cont_n[0, h]:
        S.place(pos.st, 0, pos.st.cont[0, h, 0], S.Z_DECK)
    pos.give(1, "Energy 4")
    pos.give(1, "Meditate")
    assert BT.mind_neutral_score(pos.st, pos.t, 0, 0, card, 1) == before > 0


# ------------------------------------------------------------------------------ Absorb Spell

def test_absorb_spell_cancels_an_attack_and_takes_the_card():
    """Absorb Spell (card text): cancel a spell being cast, take that spell card into one's hand;
    the boosting card stays discarded. Counted as countered / a counter played."""
    pos = Position()
    pos.put(1, 2, 4)
    pos.give(1, "Absorb Spell")
    pos.start_turn(0)
    i = pos.give(0, "Powerthrust")
    e5 = pos.give(0, "Energy 5")
    acq = int(pos.st.card[0, 1, card_of(pos, "Powerthrust"), S.C_ACQ])  # setup's deal counted too
    cast(pos, O_ATTACK, i, 1, e5)
    assert pos.st.life[0, 1] == 15
    assert pos.hand(1) == ["Powerthrust"] and pos.st.c_cont[0, e5] == S.Z_DISCARD
    assert pos.st.seat[0, 0, S.S_COUNTERED] == 1 and pos.st.seat[0, 1, S.S_COUNTERS] == 1
    assert pos.st.card[0, 1, card_of(pos, "Powerthrust"), S.C_ACQ] == acq + 1
    assert pos.st.card[0, 1, card_of(pos, "Absorb Spell"), S.C_PLAYED] == 1


def test_absorb_spell_by_a_wizard_in_sight_that_is_not_the_target():
    """A-8, A-9: after the target, another wizard that sees the caster or the target may absorb
    an attack spell (the bot does when the card is worth more than Absorb Spell: Fireball)."""
    pos = Position(players=3, params=NEVER)
    pos.put(0, 2, 2)
    pos.put(1, 2, 3)
    pos.put(2, 1, 1)
    pos.give(2, "Absorb Spell")
    pos.start_turn(0)
    i = pos.give(0, "Fireball")
    cast(pos, O_ATTACK, i, 1)
    assert pos.st.life[0, 1] == 15 and pos.hand(2) == ["Fireball"]


def test_absorb_spell_needs_sight_when_not_the_target():
    """A-9: a wizard seeing neither the caster nor the target cannot absorb."""
    wall = face((2, 0, "+---+---+---+---+   +"))  # a wall along the north side of row 1
    pos = Position(players=3, blue=wall, params=NEVER)
    pos.put(0, 2, 2)
    pos.put(1, 2, 3)
    pos.put(2, 0, 1)
    bit = 1 << int(pos.st.colour[0, 2])
    assert not line_of_sight(pos.geo, pos.sq(0, 1), pos.sq(2, 2), bit)
    assert not line_of_sight(pos.geo, pos.sq(0, 1), pos.sq(2, 3), bit)
    pos.give(2, "Absorb Spell")
    pos.start_turn(0)
    i = pos.give(0, "Fireball")
    cast(pos, O_ATTACK, i, 1)
    assert pos.st.life[0, 1] == 10 and pos.hand(2) == ["Absorb Spell"]


def test_absorb_spell_cancels_a_neutral_spell():
    """Absorb Spell answers any spell being cast: the target of Share Life absorbs it (it would
    lose life) and keeps the Share Life card."""
    pos, i = share_ready(5, 12, counter="Absorb Spell")
    cast(pos, O_NEUTRAL, i, 1)
    assert pos.st.life[0, 0] == 5 and pos.st.life[0, 1] == 12
    assert pos.hand(1) == ["Share Life"] and pos.st.seat[0, 0, S.S_COUNTERED] == 1


def test_absorb_spell_cancels_a_psychic_storm():
    """Absorb Spell against Psychic Storm (a square target, so no Full Shield): a caught wizard
    in sight absorbs a big storm; nobody is hurt and it holds the Psychic Storm card."""
    pos = Position(players=3, params={"counter_min": 3})
    pos.put(0, 0, 3)
    pos.put(1, 2, 3)
    pos.put(2, 2, 4)
    pos.give(2, "Absorb Spell")
    pos.start_turn(0)
    i = pos.give(0, "Psychic Storm")
    e5 = pos.give(0, "Energy 5")
    cast(pos, O_AREA, i, pos.sq(2, 3), e5)
    assert [int(v) for v in pos.st.life[0, :3]] == [15, 15, 15]
    assert pos.hand(2) == ["Psychic Storm"] and pos.st.seat[0, 0, S.S_COUNTERED] == 1


def test_bots_prefer_the_cheaper_cancel():
    """Against a spell they want cancelled, bots play Absorb Spell when its worth less the spell
    card taken is below the other counter's worth: over Full Shield against Fireball, but
    Negate Neutral rather than Absorb against a cheap Meditate; unwanted, Absorb only for gain."""
    pos = Position()
    nn = pos.give(1, "Negate Neutral")
    pos.give(1, "Full Shield")
    ab = pos.give(1, "Absorb Spell")
    fireball = card_of(pos, "Fireball")
    meditate = card_of(pos, "Meditate")
    assert BT.choose_full_shield(pos.st, pos.t, 0, 1, pos.prm[1], fireball, 1) == ab
    assert BT.cancel_card(pos.st, pos.t, 0, meditate, True, nn, ab) == nn
    assert BT.cancel_card(pos.st, pos.t, 0, meditate, False, nn, ab) == -1
    assert BT.cancel_card(pos.st, pos.t, 0, fireball, False, nn, ab) == ab


# ------------------------------------------------------------------------------------------ Add

def add_ready(params=None, bots=None):
    pos = Position(params=params, bots=bots)
    pos.put(1, 2, 4)
    pos.start_turn(0)
    ad = pos.give(0, "Add")
    return pos, ad, pos.give(0, "Energy 4"), pos.give(0, "Energy 5")


def test_add_combines_two_values_into_one_spell_boost():
    """Add (card text; FAQ: the exception to one card per boost, R92): Energy 4 and Energy 5
    boost Powerthrust to energy 9 (11 damage); Add's own value does not count. Add is played,
    the two cards spent for their energy."""
    pos, ad, e4, e5 = add_ready(NEVER)
    i = pos.give(0, "Powerthrust")
    pos.do(0, (S.O_ADD, i, 1, e5, e4))
    assert pos.st.life[0, 1] == 4
    for c in (ad, e4, e5, i):
        assert pos.st.c_cont[0, c] == S.Z_DISCARD
    assert pos.st.card[0, 0, card_of(pos, "Add"), S.C_PLAYED] == 1
    assert pos.st.card[0, 0, card_of(pos, "Energy 4"), S.C_ENERGY] == 1
    assert pos.st.card[0, 0, card_of(pos, "Energy 5"), S.C_ENERGY] == 1


def test_add_boosts_speed_once():
    """Add boosts one action: the turn's speed boost (R36), 9 movement points; no other speed
    boost is then offered."""
    pos, ad, e4, e5 = add_ready()
    e6 = pos.give(0, "Energy 6")
    assert [o for o in pos.options(0) if o[0] == S.O_ADD] == [(S.O_ADD, -1, 0, e6, e5)]
    pos.do(0, (S.O_ADD, -1, 0, e6, e5))
    assert pos.st.boosted[0] == 1 and pos.st.seat[0, 0, S.S_BOOSTS] == 1
    assert pos.st.mp[0] == 3 + 11  # the best pair: Energy 6 + Energy 5
    assert S.O_BOOST not in pos.kinds(0) and S.O_ADD not in pos.kinds(0)


def test_add_gets_no_powerstone_bonus():
    """Add: no further energy values can be added (card text), so a carried Powerstone (+1 to a
    value played for speed or a spell) adds nothing to the combined value."""
    pos, ad, e4, e5 = add_ready()
    carry_item(pos, 0, "Powerstone")
    pos.do(0, (S.O_ADD, -1, 0, e5, e4))
    assert pos.st.mp[0] == 3 + 9


def test_add_options_best_pair_for_energy_spells_only():
    """The option set (documented, smaller): the pair of highest values, for the speed boost and
    for each spell whose effect uses its energy (Powerthrust yes, Fireball no); none without two
    energy-valued cards besides Add."""
    pos, ad, e4, e5 = add_ready()
    pt = pos.give(0, "Powerthrust")
    pos.give(0, "Fireball")
    adds = {o for o in pos.options(0) if o[0] == S.O_ADD}
    assert adds == {(S.O_ADD, -1, 0, e5, e4), (S.O_ADD, pt, 1, e5, e4)}
    S.place(pos.st, 0, e4, S.Z_DECK)
    S.place(pos.st, 0, e5, S.Z_DECK)  # left: Powerthrust (value 2) alone has a value
    assert S.O_ADD not in pos.kinds(0)


def test_add_storm_and_the_bot_adds_for_a_kill():
    """Add boosts Psychic Storm too; the balanced bot casts Add when the combined value kills and
    a single card does not (life 9, Energy 4 + Energy 5)."""
    pos, ad, e4, e5 = add_ready(NEVER)
    pos.put(0, 0, 3)
    pos.st.life[0, 1] = 9
    i = pos.give(0, "Psychic Storm")
    assert (S.O_AREA, i, pos.sq(2, 4), e5, 0) in pos.options(0)
    k = BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    assert pos.st.opt[0, k, 0] == S.O_ADD and pos.st.opt[0, k, 1] == i
    R.do_option(pos.st, pos.t, 0, pos.geo, 0, k, pos.prm)
    assert not pos.st.alive[0, 1] and pos.st.vp_kill[0, 0] == 1


def test_negate_neutral_cancels_add_and_the_spell_goes_unboosted():
    """Add is a neutral spell (A-8 window: others in sight may cancel it, A-9); cancelled, its two
    cards are spent and Powerthrust is cast with energy 1 (3 damage). The random bot's coin
    decides; some seed of 0..29 cancels (deterministic)."""
    seen = False
    for seed in range(30):
        pos = Position(bots=["balanced", "random"], seed=seed)
        pos.put(1, 2, 4)
        pos.start_turn(0)
        pos.give(0, "Add")
        e4, e5 = pos.give(0, "Energy 4"), pos.give(0, "Energy 5")
        i = pos.give(0, "Powerthrust")
        pos.give(1, "Negate Neutral")
        pos.do(0, (S.O_ADD, i, 1, e5, e4))
        if pos.hand(1) == []:
            seen = True
            assert pos.st.life[0, 1] == 12 and pos.st.c_cont[0, e4] == S.Z_DISCARD
            assert pos.st.seat[0, 0, S.S_COUNTERED] == 1
            break
    assert seen


def test_share_life_target_bot_cancels_any_loss():
    """Share Life: the target's bot cancels it whenever it would lose life (10 and 9 -> 9 for
    the target), and lets it pass when it would not lose (9 and 10 -> 9 for the target)."""
    pos, i = share_ready(9, 10, counter="Negate Neutral")
    card = card_of(pos, "Share Life")
    assert BT.mind_neutral_hurts(pos.st, pos.t, 0, 0, card, 1)
    pos.st.life[0, 0], pos.st.life[0, 1] = 10, 9
    assert not BT.mind_neutral_hurts(pos.st, pos.t, 0, 0, card, 1)


def test_brain_burn_kill_scores_for_the_caster():
    """R56, R157: a wizard killed by Brain Burn is the caster's kill (its point, its hand). The
    random bot may keep its cards; some seed of 0..29 does (deterministic)."""
    for seed in range(30):
        pos = Position(bots=["balanced", "random"], seed=seed)
        pos.put(1, 2, 4)
        pos.st.life[0, 1] = 2
        for name in ("Fireball", "Powerthrust", "Zot!"):
            pos.give(1, name)
        pos.start_turn(0)
        cast(pos, O_ATTACK, pos.give(0, "Brain Burn"), 1)
        if not pos.st.alive[0, 1]:
            assert pos.st.seat[0, 1, S.S_KILLED_BY] == 0 and pos.st.vp_kill[0, 0] == 1
            assert len(pos.hand(0)) >= 2
            return
    raise AssertionError("no seed kept two cards")
