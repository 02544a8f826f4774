"""Maintained spells (temporary spells in front of their caster) and the cards that need them:
Acid Bath, Stone Spikes, Fog, Flood, Mist Body, Pain Link, Fire Cloak, Dispel, Null Powder.

C = ../shared/reference/wizwar/rules_checklist.md (R = rule, A = ambiguity, 2.2 = card table);
card = the card's text in ../shared/reference/wizwar/cards.json (our words here).
Test board: open; blue (seat 0) base (2,2), red (seat 1) base (2,7).
"""

from __future__ import annotations

import pytest

from simlab.games.wizwar import rules as R
from simlab.games.wizwar import state as S
from simlab.games.wizwar.state import O_ATTACK, O_END_SPELL, O_ITEM, O_NEUTRAL, O_PUNCH, O_STEP, O_THROW
from tests.games.wizwar.kit import Position, face

pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")
NEVER = {"counter_min": 99}  # bots that never spend a Shield or Full Shield on their own


def carry_item(pos, p, name):
    """Seat p carries a copy of ``name``."""
    i = pos.give(p, name)
    S.place(pos.st, 0, i, S.items_of(p))
    return i


def cast(pos, p, name, boost=None, target=None, z=0):
    """Seat p casts neutral spell ``name`` from its hand (on itself unless ``target``), boosted by
    a card ``boost`` given to it first; returns the spell's instance."""
    i = pos.give(p, name)
    y = pos.give(p, boost) if boost else -1
    pos.do(p, (O_NEUTRAL, i, p if target is None else target, y, z))
    return i


def maintained(pos, p):
    """Names of seat p's maintained spells."""
    c = S.maint_of(p)
    return sorted(pos.ct.names[pos.st.inst_card[0, pos.st.cont[0, c, k]]] for k in range(pos.st.cont_n[0, c]))


def next_turn_of(pos, p):
    """Seat p's Time Passes, then a fresh Move and Cast by hand."""
    R.time_passes(pos.st, pos.t, 0, p, pos.prm)
    stunned = pos.st.stunned[0]
    pos.start_turn(p)
    pos.st.stunned[0] = stunned


# ------------------------------------------------------------------------------------------
# Maintained spells: the rules (R29, R81-R90, R154, R173, A-14, A-34)
# ------------------------------------------------------------------------------------------

def test_unboosted_temporary_spell_ends_in_the_casters_next_time_passes():
    """R90 (worked example), R83, R91: a temporary spell cast without a boost gets one energy
    token and is discarded in its caster's next Time Passes."""
    pos = Position()
    pos.start_turn(0)
    i = cast(pos, 0, "Stone Spikes")
    assert pos.st.c_cont[0, i] == S.maint_of(0) and pos.st.m_tokens[0, i] == 1
    R.time_passes(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.st.c_cont[0, i] == S.Z_DISCARD and maintained(pos, 0) == []


def test_boosted_spell_gets_tokens_and_loses_one_per_own_time_passes():
    """R83, R92, R29: a boost of 4 puts 4 tokens on the spell (the energy card is discarded);
    only the caster's own Time Passes removes one; at 0 it ends."""
    pos = Position()
    pos.start_turn(0)
    i = cast(pos, 0, "Stone Spikes", boost="Energy 4")
    assert pos.st.m_tokens[0, i] == 4 and "Energy 4" not in pos.hand(0)
    R.time_passes(pos.st, pos.t, 0, 1, pos.prm)  # red's turn: blue's spell keeps its tokens
    assert pos.st.m_tokens[0, i] == 4
    for left in (3, 2, 1):
        R.time_passes(pos.st, pos.t, 0, 0, pos.prm)
        assert pos.st.m_tokens[0, i] == left
    R.time_passes(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.st.c_cont[0, i] == S.Z_DISCARD


def test_maintained_spells_count_toward_the_hand_limit():
    """R86, R173: maintained spells count toward the hand limit, so Discard and Draw draws less."""
    pos = Position()
    pos.start_turn(0)
    cast(pos, 0, "Stone Spikes")
    cast(pos, 0, "Pain Link")
    for name in ("Fireball", "Zot!", "Shield", "Energy 4"):
        pos.give(0, name)
    assert S.hand_size(pos.st, 0, 0) == 6
    R.discard_and_draw(pos.st, pos.t, 0, 0, pos.prm[0])
    assert S.hand_size(pos.st, 0, 0) == 7 and len(pos.hand(0)) == 5


def test_caster_may_end_own_spell_in_own_turn():
    """R84, R88, R89: the active wizard may end its own maintained spells at any time of its turn;
    the spell is discarded and its effect ends (no more spike throws). Others' spells cannot be
    ended this way."""
    pos = Position()
    pos.put(1, 2, 4)
    pos.start_turn(1)
    j = cast(pos, 1, "Pain Link")
    pos.start_turn(0)
    i = cast(pos, 0, "Stone Spikes")
    opts = pos.options(0)
    assert (O_END_SPELL, i, -1, 0, 0) in opts and not any(o[0] == O_END_SPELL and o[1] == j for o in opts)
    pos.do(0, (O_END_SPELL, i, -1, 0, 0))
    assert pos.st.c_cont[0, i] == S.Z_DISCARD
    assert O_THROW not in pos.kinds(0)


def test_dead_wizards_spells_end_and_are_not_taken():
    """R154, R157: a dead wizard's maintained spells are discarded (the killer takes only the
    hand); a spell affecting the dead wizard ends too (our ruling)."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 3)
    pos.start_turn(1)
    j = cast(pos, 1, "Stone Spikes")
    pos.start_turn(0)
    a = pos.give(0, "Acid Bath")
    pos.do(0, (O_ATTACK, a, 1, -1, 0))
    assert maintained(pos, 0) == ["Acid Bath"]
    pos.st.life[0, 1] = 1
    pos.st.attacked[0] = 0
    pos.do(0, (O_PUNCH, 1, 0, 0, 0))
    assert not pos.st.alive[0, 1]
    assert pos.st.c_cont[0, j] == S.Z_DISCARD and pos.st.c_cont[0, a] == S.Z_DISCARD
    assert maintained(pos, 0) == [] and maintained(pos, 1) == []
    assert S.count_violations(pos.st, pos.t, 0) == 0


def test_over_the_limit_with_no_hand_card_a_spell_ends_before_an_item_is_dropped():
    """R172, A-14: a wizard over the limit with an empty hand ends a maintained spell (items
    are not discarded, R111; dropping one is the last resort)."""
    pos = Position()
    pos.start_turn(0)
    i = cast(pos, 0, "Stone Spikes")
    for name in ("Lifestone", "Speedstone", "Powerstone", "Spellstone", "Bloodshard", "Mightstone"):
        carry_item(pos, 0, name)
    carry_item(pos, 0, "Master Key")  # 8 cards: 7 items and 1 spell
    R.discard_to_limit(pos.st, pos.t, 0, 0, pos.prm[0])
    assert pos.st.c_cont[0, i] == S.Z_DISCARD and pos.st.cont_n[0, S.items_of(0)] == 7


def test_time_passes_order_lifestone_then_acid_then_tokens_then_stun():
    """R28-R30, A-34: in Time Passes the Lifestone heals first, then the caster's Acid Bath
    burns (even on its last token: R28 comes before R29), then tokens come off, then a stun
    token is spent."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 4)
    pos.start_turn(0)
    a = pos.give(0, "Acid Bath")
    pos.do(0, (O_ATTACK, a, 1, -1, 0))
    carry_item(pos, 0, "Lifestone")
    pos.st.life[0, 0] = 10
    pos.st.stun[0, 0] = 1
    n0 = int(pos.st.ev_n[0])
    R.time_passes(pos.st, pos.t, 0, 0, pos.prm)
    codes = [int(c) for c in pos.st.ev[0, n0:pos.st.ev_n[0], 2]]
    order = [R.EV_LIFESTONE, R.EV_ACID, R.EV_DAMAGE, R.EV_TOKEN, R.EV_SPELL_ENDS, R.EV_STUNNED]
    assert [c for c in codes if c in order] == order
    assert pos.st.life[0, 1] == 13 and pos.st.life[0, 0] == 11


# ------------------------------------------------------------------------------------------
# Acid Bath
# ------------------------------------------------------------------------------------------

def test_acid_bath_is_an_attack_that_burns_in_the_casters_time_passes():
    """Acid Bath (card; 2.2 G2, R95 curse): an attack at a wizard in sight; while it lasts the
    target takes 2 magical damage in the caster's Time Passes; its energy is its duration (R83)."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 4)
    pos.start_turn(0)
    a = pos.give(0, "Acid Bath")
    e = pos.give(0, "Energy 4")
    pos.do(0, (O_ATTACK, a, 1, e, 0))
    assert pos.st.attacked[0] == 1 and pos.st.seat[0, 0, S.S_ATTACK_SPELLS] == 1
    assert pos.st.life[0, 1] == 15 and pos.st.m_tokens[0, a] == 4 and pos.st.m_target[0, a] == 1
    for life in (13, 11, 9, 7):
        R.time_passes(pos.st, pos.t, 0, 1, pos.prm)  # the target's own turn does nothing
        R.time_passes(pos.st, pos.t, 0, 0, pos.prm)
        assert pos.st.life[0, 1] == life
    assert maintained(pos, 0) == []


def test_acid_bath_counts_as_the_attack_only_on_the_turn_it_is_cast():
    """Acid Bath (card): in later turns the caster may attack as usual while it lasts."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 3)
    pos.start_turn(0)
    a = pos.give(0, "Acid Bath")
    pos.do(0, (O_ATTACK, a, 1, pos.give(0, "Energy 4"), 0))
    assert O_PUNCH not in pos.kinds(0)
    next_turn_of(pos, 0)
    assert O_PUNCH in pos.kinds(0) and pos.st.c_cont[0, a] == S.maint_of(0)


def test_acid_bath_damage_scores_no_kill():
    """A-5: a wizard killed by Acid Bath's damage in Time Passes gives the caster no kill point."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 4)
    pos.start_turn(0)
    a = pos.give(0, "Acid Bath")
    pos.do(0, (O_ATTACK, a, 1, -1, 0))
    pos.st.life[0, 1] = 2
    R.time_passes(pos.st, pos.t, 0, 0, pos.prm)
    assert not pos.st.alive[0, 1] and pos.st.vp_kill[0, 0] == 0


def test_acid_bath_ends_when_water_hits_its_target():
    """Acid Bath (card): water on the target washes it off (water_hits, used by Waterbolt and
    Flood)."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 4)
    pos.start_turn(0)
    a = pos.give(0, "Acid Bath")
    pos.do(0, (O_ATTACK, a, 1, pos.give(0, "Energy 5"), 0))
    R.water_hits(pos.st, pos.t, 0, 0)  # water on the caster: nothing
    assert pos.st.c_cont[0, a] == S.maint_of(0)
    R.water_hits(pos.st, pos.t, 0, 1)
    assert pos.st.c_cont[0, a] == S.Z_DISCARD


def test_acid_bath_cancelled_by_full_shield_is_discarded():
    """R143, R144: Acid Bath cancelled as it is cast is discarded, yet it was the attack."""
    pos = Position()
    pos.put(1, 2, 4)
    pos.give(1, "Full Shield")
    pos.start_turn(0)
    a = pos.give(0, "Acid Bath")
    pos.do(0, (O_ATTACK, a, 1, pos.give(0, "Energy 6"), 0))
    assert pos.st.c_cont[0, a] == S.Z_DISCARD and pos.st.attacked[0] == 1


# ------------------------------------------------------------------------------------------
# Stone Spikes
# ------------------------------------------------------------------------------------------

def test_stone_spikes_throw_three_physical_once_per_turn_while_it_lasts():
    """Stone Spikes (card; 2.2 G3): while it lasts the caster may throw a spike at a wizard in
    sight for 3 physical damage as its attack (R49: once a turn); the spell stays."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 5)
    pos.start_turn(0)
    i = cast(pos, 0, "Stone Spikes", boost="Energy 4")
    pos.do(0, (O_THROW, i, 1, 0, 0))
    assert pos.st.life[0, 1] == 12 and pos.st.attacked[0] == 1
    assert O_THROW not in pos.kinds(0)
    next_turn_of(pos, 0)
    pos.do(0, (O_THROW, i, 1, 0, 0))
    assert pos.st.life[0, 1] == 9 and pos.st.c_cont[0, i] == S.maint_of(0)


def test_stone_spikes_need_sight():
    """Stone Spikes (card): the target must be in line of sight (R70)."""
    pos = Position(blue=face((5, 12, "|"), (5, 8, "|")))  # walls both sides of the blue base
    pos.put(1, 2, 4)
    pos.start_turn(0)
    cast(pos, 0, "Stone Spikes")
    assert O_THROW not in pos.kinds(0)


# ------------------------------------------------------------------------------------------
# Fog
# ------------------------------------------------------------------------------------------

def test_fog_limits_sight_to_one_square():
    """Fog (card; 2.2 G13, A-32): while it lasts nobody sees farther than its own square and the
    eight around it; when it ends, sight is as before (R89)."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 4)
    pos.give(0, "Zot!")
    pos.start_turn(0)
    assert any(o[0] == O_ATTACK for o in pos.options(0))
    f = cast(pos, 0, "Fog")
    assert not any(o[0] == O_ATTACK for o in pos.options(0))
    pos.put(1, 3, 3)  # diagonal neighbour: still seen
    assert any(o[0] == O_ATTACK for o in pos.options(0))
    pos.put(1, 2, 4)
    pos.do(0, (O_END_SPELL, f, -1, 0, 0))
    assert any(o[0] == O_ATTACK for o in pos.options(0))


def test_fog_can_be_negated_by_anyone_global():
    """Fog (card), R97, A-9: a global spell is seen by every wizard, so Negate Neutral answers it
    even without sight of the caster."""
    for seed in range(20):  # the random bot answers on a coin flip: a seed where it answers
        pos2 = Position(blue=face((5, 12, "|"), (5, 8, "|")), bots=["balanced", "random"], seed=seed)
        pos2.put(1, 2, 7)
        n = pos2.give(1, "Negate Neutral")
        pos2.start_turn(0)
        assert not R.in_sight(pos2.st, pos2.t, 0, pos2.geo, pos2.st.pos[0, 1], pos2.st.pos[0, 0], 2, False)
        f = cast(pos2, 0, "Fog")
        if pos2.st.c_cont[0, n] == S.Z_DISCARD:
            assert pos2.st.c_cont[0, f] == S.Z_DISCARD
            return
    raise AssertionError("Negate Neutral never answered Fog")


# ------------------------------------------------------------------------------------------
# Flood
# ------------------------------------------------------------------------------------------

def test_flood_ends_fire_and_acid_and_bans_fire_cards():
    """Flood (card; 2.2 G7): every Fire item is destroyed (carried or on the floor), water ends
    Acid Bath (its card), and while it lasts no Fire spell or Fire item may be played."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 4)
    pos.start_turn(1)
    a = pos.give(1, "Acid Bath")
    pos.do(1, (O_ATTACK, a, 0, -1, 0))
    cloak = carry_item(pos, 1, "Fire Cloak")
    pos.start_turn(0)
    fb = pos.give(0, "Fireball")
    f = cast(pos, 0, "Flood")
    assert pos.st.c_cont[0, a] == S.Z_DISCARD and pos.st.c_cont[0, cloak] == S.Z_DISCARD
    fc = pos.give(0, "Fire Cloak")
    assert pos.st.c_cont[0, f] == S.maint_of(0) and pos.st.m_target[0, f] == -1
    opts = pos.options(0)
    assert not any(o[1] in (fb, fc) and o[0] in (O_ATTACK, O_ITEM) for o in opts)
    pos.do(0, (O_END_SPELL, f, -1, 0, 0))
    opts = pos.options(0)
    assert any(o[0] == O_ATTACK and o[1] == fb for o in opts) and (O_ITEM, fc, 0, 0, 0) in opts


def test_flood_as_a_counter_cancels_a_fire_attack():
    """Flood (card: castable as a counter when attacked): a Fireball is cancelled (our ruling:
    the Fire spell ends as it is cast) and Flood lasts."""
    pos = Position()
    pos.put(1, 2, 4)
    f = pos.give(1, "Flood")
    pos.start_turn(0)
    fb = pos.give(0, "Fireball")
    pos.do(0, (O_ATTACK, fb, 1, -1, 0))
    assert pos.st.life[0, 1] == 15 and pos.st.c_cont[0, f] == S.maint_of(1)
    assert pos.st.attacked[0] == 1


def test_flood_against_a_fire_cloak_punch_leaves_a_plain_punch():
    """Flood (card, counter mode) against a punch with a Fire Cloak: the cloak is destroyed (a
    Fire item) and the punch lands without its 2 fire (our ruling: only a Fire spell is
    cancelled)."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 3)
    pos.st.life[0, 1] = 3  # a lethal punch: the balanced bot answers it with Flood
    f = pos.give(1, "Flood")
    cloak = carry_item(pos, 0, "Fire Cloak")
    pos.start_turn(0)
    pos.do(0, (O_PUNCH, 1, 0, 0, 0))
    assert pos.st.c_cont[0, f] == S.maint_of(1) and pos.st.c_cont[0, cloak] == S.Z_DISCARD
    assert pos.st.life[0, 1] == 2


# ------------------------------------------------------------------------------------------
# Mist Body
# ------------------------------------------------------------------------------------------

def test_mist_body_cannot_attack_or_be_attacked():
    """Mist Body (card; R101 transformation): while it lasts the wizard cannot attack and cannot
    be attacked (no punch, spell or throw aimed at it)."""
    pos = Position()
    pos.put(1, 2, 3)
    pos.give(0, "Zot!")
    pos.give(1, "Fireball")
    pos.start_turn(0)
    m = cast(pos, 0, "Mist Body")
    assert not pos.kinds(0) & {O_ATTACK, O_PUNCH, O_THROW}
    pos.start_turn(1)
    assert not pos.kinds(1) & {O_ATTACK, O_PUNCH, O_THROW}
    pos.start_turn(0)
    pos.do(0, (O_END_SPELL, m, -1, 0, 0))
    assert {O_ATTACK, O_PUNCH} <= pos.kinds(0)


def test_mist_body_passes_closed_doors():
    """Mist Body (FAQ errata, A-37): only stone walls stop the mist, so a door closed to the
    wizard does not; its Time Passes ends it after one token (R90)."""
    pos = Position(blue=face((3, 4, "D")))  # a blue door between (1,0) and (1,1)
    pos.put(1, 1, 1)
    pos.start_turn(1)
    assert not any(o[0] == O_STEP and o[1] == 3 for o in pos.options(1))  # west: the door
    cast(pos, 1, "Mist Body")
    pos.do(1, (O_STEP, 3, 0, 0, 0))
    assert pos.st.pos[0, 1] == pos.sq(1, 0)


def test_mist_body_still_suffers_an_acid_bath_cast_before():
    """Mist Body, Acid Bath (cards): the mist cannot be attacked, but Acid Bath's later damage is
    no attack (it is one only on its cast turn), so it still burns."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 4)
    pos.start_turn(0)
    pos.do(0, (O_ATTACK, pos.give(0, "Acid Bath"), 1, pos.give(0, "Energy 4"), 0))
    pos.start_turn(1)
    cast(pos, 1, "Mist Body", boost="Energy 5")
    R.time_passes(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.st.life[0, 1] == 13


def test_a_new_mist_body_ends_the_old_one():
    """R101: one transformation at a time; a new one ends the previous."""
    pos = Position()
    pos.start_turn(0)
    m1 = cast(pos, 0, "Mist Body", boost="Energy 5")
    m2 = cast(pos, 0, "Mist Body")
    assert pos.st.c_cont[0, m1] == S.Z_DISCARD and pos.st.c_cont[0, m2] == S.maint_of(0)


# ------------------------------------------------------------------------------------------
# Pain Link
# ------------------------------------------------------------------------------------------

def test_pain_link_returns_attack_damage_to_the_attacker():
    """Pain Link (card; 2.2 G2): while it lasts, damage of a wizard's attack on the caster is
    dealt to the attacker too; that damage is no attack, so it scores no kill (A-5)."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 4)
    pos.start_turn(1)
    cast(pos, 1, "Pain Link")
    pos.st.life[0, 0] = 5
    pos.start_turn(0)
    fb = pos.give(0, "Fireball")
    pos.do(0, (O_ATTACK, fb, 1, -1, 0))
    assert pos.st.life[0, 1] == 10 and not pos.st.alive[0, 0] and pos.st.vp_kill[0, 1] == 0


def test_pain_link_returns_nothing_once_the_attack_has_won():
    """R159: the game ends as soon as the last enemy dies, so Pain Link's damage does not follow
    (our ruling)."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 4)
    pos.start_turn(1)
    cast(pos, 1, "Pain Link")
    pos.st.life[0, 1] = 5
    pos.start_turn(0)
    pos.do(0, (O_ATTACK, pos.give(0, "Fireball"), 1, -1, 0))
    assert pos.st.done[0] and pos.st.winner[0] == 0 and pos.st.life[0, 0] == 15


def test_pain_link_cast_as_a_counter_when_attacked():
    """Pain Link (card: castable on oneself as a counter when attacked): a punch's damage comes
    back to the puncher."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 3)
    pl = pos.give(1, "Pain Link")
    pos.start_turn(0)
    carry_item(pos, 0, "Mightstone")
    pos.do(0, (O_PUNCH, 1, 0, 0, 0))
    lost = 15 - int(pos.st.life[0, 1])
    assert lost >= 2 and pos.st.life[0, 0] == 15 - lost and pos.st.c_cont[0, pl] == S.maint_of(1)


def test_pain_link_does_not_return_acid_bath_damage():
    """Pain Link, Acid Bath (cards): Acid Bath's later damage is no attack (it counts as one only
    on the turn it is cast), so Pain Link does not return it."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 4)
    pos.start_turn(1)
    cast(pos, 1, "Pain Link", boost="Energy 6")
    pos.start_turn(0)
    a = pos.give(0, "Acid Bath")
    pos.do(0, (O_ATTACK, a, 1, -1, 0))
    R.time_passes(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.st.life[0, 1] == 13 and pos.st.life[0, 0] == 15


# ------------------------------------------------------------------------------------------
# Fire Cloak
# ------------------------------------------------------------------------------------------

def test_fire_cloak_punch_adds_two_fire():
    """Fire Cloak (card): the carrier punches for 2 more, as fire (R98: magic stones burn)."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 3)
    carry_item(pos, 0, "Fire Cloak")
    stone = carry_item(pos, 1, "Speedstone")
    pos.start_turn(0)
    pos.do(0, (O_PUNCH, 1, 0, 0, 0))
    assert pos.st.life[0, 1] == 12 and pos.st.c_cont[0, stone] == S.Z_DISCARD


def test_fire_cloak_burns_whoever_hurts_its_carrier_from_near():
    """Fire Cloak (card): a wizard that damages the carrier from its square or an adjacent one
    takes 2 magical fire damage afterwards; from farther away, nothing happens. No kill point
    (A-5)."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 3)
    carry_item(pos, 1, "Fire Cloak")
    pos.start_turn(0)
    pos.do(0, (O_PUNCH, 1, 0, 0, 0))
    assert pos.st.life[0, 1] == 14 and pos.st.life[0, 0] == 13
    pos.put(1, 2, 5)
    pos.start_turn(0)
    fb = pos.give(0, "Fireball")
    pos.do(0, (O_ATTACK, fb, 1, -1, 0))
    assert pos.st.life[0, 1] == 9 and pos.st.life[0, 0] == 13


def test_water_destroys_the_fire_cloak():
    """Fire Cloak (card): water damage destroys it, and it does not burn that attacker."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 3)
    cloak = carry_item(pos, 1, "Fire Cloak")
    R.water_hits(pos.st, pos.t, 0, 1)
    assert pos.st.c_cont[0, cloak] == S.Z_DISCARD
    pos.start_turn(0)
    pos.do(0, (O_PUNCH, 1, 0, 0, 0))
    assert pos.st.life[0, 0] == 15


# ------------------------------------------------------------------------------------------
# Dispel and Null Powder against every maintained spell
# ------------------------------------------------------------------------------------------

MAINTAINED = ["Stone Spikes", "Pain Link", "Mist Body", "Fog", "Flood", "Acid Bath"]


def red_spell(pos, name):
    """Red (seat 1, on (2,4)) casts ``name`` (Acid Bath at blue); returns its instance."""
    pos.put(1, 2, 4)
    pos.start_turn(1)
    if name == "Acid Bath":
        a = pos.give(1, name)
        pos.do(1, (O_ATTACK, a, 0, pos.give(1, "Energy 4"), 0))
        return a
    return cast(pos, 1, name, boost="Energy 4")


@pytest.mark.parametrize("name", MAINTAINED)
def test_dispel_ends_any_maintained_spell(name):
    """Dispel (card; 2.2 G8): ends one non-instant spell of another wizard whose wizard the
    caster sees (A-33; a global one always, R97)."""
    pos = Position(params=NEVER)
    j = red_spell(pos, name)
    pos.start_turn(0)
    d = pos.give(0, "Dispel")
    target = 0 if pos.st.m_target[0, j] < 0 else int(pos.st.m_target[0, j])
    pos.do(0, (O_NEUTRAL, d, target, -1, j))
    assert pos.st.c_cont[0, j] == S.Z_DISCARD and maintained(pos, 1) == []


def test_dispel_needs_sight_of_the_spells_wizard():
    """Dispel (card; A-33): a spell on a wizard out of sight cannot be aimed at; a global one can."""
    pos = Position(params=NEVER, blue=face((5, 12, "|"), (5, 8, "|")))
    j = red_spell(pos, "Pain Link")
    pos.put(1, 2, 7)
    pos.start_turn(0)
    d = pos.give(0, "Dispel")
    assert not any(o[0] == O_NEUTRAL and o[1] == d for o in pos.options(0))
    pos.start_turn(1)
    f = cast(pos, 1, "Fog")
    pos.start_turn(0)
    opts = [o for o in pos.options(0) if o[0] == O_NEUTRAL and o[1] == d]
    assert opts == [(O_NEUTRAL, d, 0, -1, f)] and j not in [o[4] for o in opts]


def test_null_powder_and_dispel_are_not_offered_against_ones_own_spell():
    """R88: one's own spell ends for free, so Null Powder and Dispel are not offered for it (a
    smaller option set, never an illegal one)."""
    pos = Position()
    powder = carry_item(pos, 0, "Null Powder")
    pos.start_turn(0)
    i = cast(pos, 0, "Stone Spikes")
    d = pos.give(0, "Dispel")
    opts = pos.options(0)
    assert (O_END_SPELL, i, powder, 0, 0) not in opts and not any(o[1] == d for o in opts)


@pytest.mark.parametrize("name", MAINTAINED)
def test_null_powder_ends_any_maintained_spell(name):
    """Null Powder (card, its second use): discarded in one's turn to end a non-instant spell
    (no sight needed: the card names none)."""
    pos = Position(params=NEVER)
    j = red_spell(pos, name)
    pos.put(1, 2, 8)
    powder = carry_item(pos, 0, "Null Powder")
    pos.start_turn(0)
    pos.do(0, (O_END_SPELL, j, powder, 0, 0))
    assert pos.st.c_cont[0, j] == S.Z_DISCARD and pos.st.c_cont[0, powder] == S.Z_DISCARD
