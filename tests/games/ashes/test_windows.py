"""The damage and destruction windows (rule 120's resolution on the pending stack, checklist
§1.17) and the cards that use them; each test sets an exact position."""

from __future__ import annotations

import numpy as np

from simlab.games.ashes import rules as R
from simlab.games.ashes import state as S
from tests.games.ashes.kit import Position


def turn_of(decks, p=0):
    """A position in the player turns phase, seat p's turn."""
    pos = Position(decks=decks)
    pos.st.phase[0] = S.PH_TURNS
    R.begin_turn(pos.st, 0, p)
    return pos


def hit(pos, u, n, src, dk=S.DK_ABILITY):
    """Deal n damage to unit u from seat src and resolve everything it sets off."""
    R.deal_unit(pos.st, 0, u, n, src, dk)
    R.run_pending(pos.st, pos.t, 0, pos.prm)


def test_final_cry_answers_a_destroyed_unit():
    """§2 #66 (window W-DESTROYED, rules 122-124): when one of your units is destroyed, Final Cry
    (1 ceremonial power, no action) deals 2 damage: the balanced bot destroys an opposing 2-life
    unit with it. One reaction per player-turn: a second copy stays in hand."""
    pos = turn_of(("The Bloodwoods Queen", "The Iron Men"), p=1)
    a = pos.take(0, "Final Cry", "hand")
    b = pos.take(0, "Final Cry", "hand")
    pos.dice(0, [("ceremonial", "power"), ("ceremonial", "power")])
    doll = pos.take(0, "Living Doll", "battlefield")
    worker = pos.take(1, "Iron Worker", "battlefield")
    pos.st.exhaust[0, doll] = 1  # no Pain Link: only the destruction matters here
    hit(pos, doll, 3, 1)
    assert doll in pos.instances(0, "discard") and worker in pos.instances(1, "discard")
    assert a in pos.instances(0, "discard") and b in pos.instances(0, "hand")
    assert pos.st.react_used[0, 0] == 1 and len(pos.active(0)) == 1
    assert pos.violations() == 0


def test_reaction_to_a_reactions_damage():
    """Rule 137 with W-DESTROYED: a reaction's damage opens the windows again. Seat 1's Shadow
    Counter destroys seat 0's Living Doll; seat 0 answers with Final Cry on the opposing
    Phoenixborn, which it finishes (2 life left): a nested resolution finishes first."""
    pos = turn_of(("The Bloodwoods Queen", "The Shadows of Viros"), p=0)
    pos.take(1, "Shadow Counter", "hand")
    pos.dice(1, [("illusion", "class"), ("natural", "basic")])
    pos.take(0, "Final Cry", "hand")
    pos.dice(0, [("ceremonial", "power")])
    doll = pos.take(0, "Living Doll", "battlefield")
    pos.st.exhaust[0, doll] = 1
    pos.st.pb_wounds[0, 1] = 18  # Noah: life 20
    R.pb_damaged(pos.st, pos.t, 0, pos.prm, 1, 2, True)
    R.run_pending(pos.st, pos.t, 0, pos.prm)
    assert doll in pos.instances(0, "discard")
    assert pos.st.done[0] == 1 and pos.st.winner[0] == 0


def test_no_destroyed_reaction_outside_the_turns_phase():
    """AMB-8 (rule 124): Final Cry is not played when the unit is destroyed outside the player
    turns phase."""
    pos = turn_of(("The Bloodwoods Queen", "The Iron Men"), p=1)
    pos.st.phase[0] = S.PH_RECOVERY
    fc = pos.take(0, "Final Cry", "hand")
    pos.dice(0, [("ceremonial", "power")])
    doll = pos.take(0, "Living Doll", "battlefield")
    pos.st.exhaust[0, doll] = 1
    hit(pos, doll, 3, 1)
    assert fc in pos.instances(0, "hand")


def test_summon_sleeping_widows_fills_the_free_slots():
    """§2 #70: after one of its units is destroyed, a seat may answer with Summon Sleeping Widows
    (2 ceremonial class) for at most 2 Widows on its battlefield; the destroyed unit still counts
    for its slot (FAQ): with one slot free besides it, one Widow comes in."""
    pos = turn_of(("The Shadows of Viros", "The Iron Men"), p=1)
    pos.take(0, "Summon Sleeping Widows", "hand")
    pos.dice(0, [("ceremonial", "class"), ("ceremonial", "class")])
    units = [pos.take(0, "Masked Wolf", "battlefield") for _ in range(4)]
    hit(pos, units[0], 1, 1)  # Noah's battlefield 6: 3 units and the dead one's slot leave 2
    widows = [i for i in pos.instances(0, "battlefield")
              if pos.ct.names[pos.st.i_card[0, i]] == "Sleeping Widow"]
    assert len(widows) == 2 and len(pos.instances(0, "battlefield")) == 5
    pos2 = turn_of(("The Shadows of Viros", "The Iron Men"), p=1)
    pos2.take(0, "Summon Sleeping Widows", "hand")
    pos2.dice(0, [("ceremonial", "class"), ("ceremonial", "class")])
    units = [pos2.take(0, "Masked Wolf", "battlefield") for _ in range(5)]
    hit(pos2, units[0], 1, 1)
    assert len(pos2.instances(0, "battlefield")) == 5  # 4 left + 1 Widow: the dead one's slot
    assert pos2.violations() == 0


def test_chant_of_revenge_exhausts_for_one_damage():
    """§2 #30: when your unit is destroyed, an unexhausted Chant of Revenge may be exhausted to deal
    1 damage to a unit or Phoenixborn; it works at the end of the round too (an ability, not a
    reaction), and an exhausted copy does nothing (rule 106)."""
    pos = turn_of(("The Iron Men", "The Mist Guardian"), p=1)
    chant = pos.take(0, "Chant Of Revenge", "spellboard")
    worker = pos.take(0, "Iron Worker", "battlefield")
    spirit = pos.take(1, "Mist Spirit", "battlefield")
    pos.st.phase[0] = S.PH_RECOVERY
    hit(pos, worker, 2, 1)
    assert spirit in pos.instances(1, "conjuration_pile") and pos.st.exhaust[0, chant] == 1
    worker2 = pos.take(0, "Iron Worker", "battlefield")
    hit(pos, worker2, 2, 1)
    assert pos.st.pb_wounds[0, 1] == 0  # exhausted: no second damage


def test_last_blessing_heals_one_wound():
    """§2 #18 (Last Blessing, inexhaustible): a destroyed Butterfly Monk removes 1 wound from a
    unit or Phoenixborn; exhausted, it still does (E13)."""
    pos = turn_of(("The Mist Guardian", "The Iron Men"), p=1)
    pos.take(0, "Summon Butterfly Monk", "spellboard")
    monk = pos.take(0, "Butterfly Monk", "battlefield")
    spirit = pos.take(0, "Mist Spirit", "battlefield")
    pos.st.exhaust[0, monk] = 1
    pos.st.pb_wounds[0, 0] = 4
    hit(pos, monk, 1, 1)
    assert monk in pos.instances(0, "conjuration_pile") and pos.st.pb_wounds[0, 0] == 3
    monk = pos.take(0, "Butterfly Monk", "battlefield")
    pos.take(0, "Summon Butterfly Monk", "spellboard")  # life 2
    pos.st.exhaust[0, spirit] = 0
    other = pos.take(0, "Butterfly Monk", "battlefield")
    pos.st.wounds[0, other] = 1
    hit(pos, monk, 2, 1)
    assert pos.st.wounds[0, other] == 0 and pos.st.pb_wounds[0, 0] == 3  # a unit's wound first
    assert pos.violations() == 0


def test_jessa_screams_when_an_opposing_unit_leaves_play():
    """§2 #3 (W-LEAVES): each time an opponent's unit leaves play, Jessa may pay 1 basic to deal
    1 damage to that opponent's Phoenixborn; no exhaust cost, so it repeats."""
    pos = turn_of(("The Bloodwoods Queen", "The Iron Men"), p=0)
    pos.dice(0, [("ceremonial", "basic")] * 5)
    w1 = pos.take(1, "Iron Worker", "battlefield")
    w2 = pos.take(1, "Iron Worker", "battlefield")
    hit(pos, w1, 2, 0)
    hit(pos, w2, 2, 0)
    assert pos.st.pb_wounds[0, 1] == 2 and len(pos.active(0)) == 3
    own = pos.take(0, "Living Doll", "battlefield")
    pos.st.exhaust[0, own] = 1
    hit(pos, own, 3, 1)
    assert pos.st.pb_wounds[0, 0] == 0 and pos.st.pb_wounds[0, 1] == 2  # not for its own units


def test_protect_prevents_damage_and_is_discarded_empty():
    """§2 #35 (W-ENTER, W-WOULD-RECV, W-STATE): Protect comes into play holding 3 status tokens;
    before damage lands on one of its controller's units, each token given up stops 1 point (the
    balanced bot spends only to save the unit); emptied, it goes to the discard pile; exhausted,
    it stops nothing (rule 106); wound tokens are not damage (rule 115, E21)."""
    pos = turn_of(("The Iron Men", "The Mist Guardian"), p=0)
    pr = pos.take(0, "Protect", "hand")
    pos.dice(0, [("natural", "class"), ("ceremonial", "class")])
    use = np.zeros(S.NDICE, np.int16)
    assert R.playable(pos.st, pos.t, 0, 0, pr, use)
    R.play_card(pos.st, pos.t, 0, pos.prm, 0, pr, use)
    assert pos.st.status[0, pr] == 3
    knight = pos.take(0, "Hammer Knight", "battlefield")  # life 3
    hit(pos, knight, 4, 1)
    assert pos.st.wounds[0, knight] == 2 and pos.st.status[0, pr] == 1  # 2 prevented: it lives
    hit(pos, knight, 1, 1)
    assert pos.st.wounds[0, knight] == 2 and pr in pos.instances(0, "discard")
    R.wound_unit(pos.st, 0, knight, 1, 1)
    R.run_pending(pos.st, pos.t, 0, pos.prm)
    assert knight in pos.instances(0, "discard")
    pos2 = turn_of(("The Iron Men", "The Mist Guardian"), p=0)
    pr2 = pos2.take(0, "Protect", "spellboard")
    pos2.st.status[0, pr2] = 3
    pos2.st.exhaust[0, pr2] = 1
    k2 = pos2.take(0, "Hammer Knight", "battlefield")
    hit(pos2, k2, 3, 1)
    assert k2 in pos2.instances(0, "discard") and pos2.st.status[0, pr2] == 3


def test_living_doll_pain_link_hits_back():
    """§2 #13 (W-RECV): when the Living Doll receives damage, its controller may pay 1 basic to
    deal that much damage (at most its life) to a unit or Phoenixborn, even when the hit destroys
    the Doll; wound tokens do not trigger it (rule 115)."""
    pos = turn_of(("The Bloodwoods Queen", "The Iron Men"), p=1)
    pos.dice(0, [("charm", "basic")])
    doll = pos.take(0, "Living Doll", "battlefield")
    knight = pos.take(1, "Hammer Knight", "battlefield")
    hit(pos, doll, 5, 1)
    assert doll in pos.instances(0, "discard")
    assert knight in pos.instances(1, "discard")  # 3 (its life) on a 3-life Knight
    assert pos.active(0) == []
    pos2 = turn_of(("The Bloodwoods Queen", "The Iron Men"), p=1)
    pos2.dice(0, [("charm", "basic")])
    doll2 = pos2.take(0, "Living Doll", "battlefield")
    R.wound_unit(pos2.st, 0, doll2, 1, 1)
    R.run_pending(pos2.st, pos2.t, 0, pos2.prm)
    assert len(pos2.active(0)) == 1


def test_leech_warrior_drains_a_die():
    """§2 #12 (W-RECV): when the Leech Warrior receives damage, one active die of a target player
    goes to the exhausted pool (the balanced bot takes the opponent's power face); not while it is
    exhausted (rule 104)."""
    pos = turn_of(("The Bloodwoods Queen", "The Iron Men"), p=1)
    leech = pos.take(0, "Leech Warrior", "battlefield")
    pos.dice(1, [("natural", "basic"), ("ceremonial", "power")])
    hit(pos, leech, 1, 1)
    assert pos.active(1) == [("natural", "basic")] and pos.st.wounds[0, leech] == 1
    pos.st.exhaust[0, leech] = 1
    hit(pos, leech, 1, 1)
    assert pos.active(1) == [("natural", "basic")]


def test_false_demon_illusion_breaks_on_attack_damage_only():
    """§2 #19 (Illusion, inexhaustible): a False Demon (life 4) receiving damage from a unit's
    attack or counter is destroyed; 1 damage from a spell or ability only wounds it."""
    pos = turn_of(("The Shadows of Viros", "The Iron Men"), p=1)
    demon = pos.take(0, "False Demon", "battlefield")
    hit(pos, demon, 1, 1, S.DK_ABILITY)
    assert pos.st.wounds[0, demon] == 1
    hit(pos, demon, 1, 1, S.DK_ATTACK)
    assert demon in pos.instances(0, "conjuration_pile")


def test_redirect_moves_phoenixborn_damage_to_a_unit():
    """§2 #68 (W-PB-WOULD): damage on its way to a seat's Phoenixborn, while that seat has a unit,
    may be turned onto one of its units by Redirect (1 charm class, a reaction); the Phoenixborn
    takes none. The balanced bot redirects 3 or more, or lethal damage."""
    pos = turn_of(("The Bloodwoods Queen", "The Iron Men"), p=1)
    rd = pos.take(0, "Redirect", "hand")
    pos.dice(0, [("charm", "class")])
    leech = pos.take(0, "Leech Warrior", "battlefield")
    archer = pos.take(0, "Blood Archer", "battlefield")
    pos.st.exhaust[0, leech] = 1
    R.deal_pb(pos.st, 0, 0, 2, 1, S.DK_ATTACK)
    R.run_pending(pos.st, pos.t, 0, pos.prm)
    assert pos.st.pb_wounds[0, 0] == 2 and rd in pos.instances(0, "hand")  # 2: not worth it
    pos.st.pb_wounds[0, 0] = 16  # Jessa: life 18, so 3 more is lethal
    R.deal_pb(pos.st, 0, 0, 3, 1, S.DK_SPELL)
    R.run_pending(pos.st, pos.t, 0, pos.prm)
    assert rd in pos.instances(0, "discard") and pos.st.pb_wounds[0, 0] == 16
    assert leech in pos.instances(0, "discard") or archer in pos.instances(0, "discard")


def test_enchanted_violinist_wounds_after_an_opponent_mills():
    """§2 #9 (W-MILL, AMB-20 default): after an opponent discards from its draw pile (here Saria's
    own Purge makes it), the Violinist's controller may pay 1 basic to put 1 wound token on a
    unit; a seat discarding from its own pile does not wake its own Violinist."""
    pos = turn_of(("The Cloudsea Siren", "The Iron Men"), p=0)
    pos.take(0, "Enchanted Violinist", "battlefield")
    purge = pos.take(0, "Purge", "spellboard")
    worker = pos.take(1, "Iron Worker", "battlefield")
    pos.st.wounds[0, worker] = 1
    pos.dice(0, [("charm", "class"), ("charm", "basic")])
    R.milled(pos.st, pos.t, 0, pos.prm, 0)
    assert pos.st.wounds[0, worker] == 1
    use = np.zeros(S.NDICE, np.int16)
    assert R.can_activate(pos.st, pos.t, 0, 0, purge, use)
    R.activate(pos.st, pos.t, 0, pos.prm, 0, purge, use)
    assert worker in pos.instances(1, "discard") and pos.active(0) == []


def test_blue_jaguar_gaze_exhausts_an_entering_unit():
    """§2 #17 (W-ENTER-OPP): when a unit enters an opponent's battlefield, a Blue Jaguar's
    controller may pay 1 basic to exhaust it."""
    pos = turn_of(("The Mist Guardian", "The Iron Men"), p=1)
    pos.take(0, "Blue Jaguar", "battlefield")
    pos.dice(0, [("natural", "basic")] * 3)
    knight = pos.take(1, "Hammer Knight", "hand")
    pos.dice(1, [("ceremonial", "power"), ("natural", "class"), ("natural", "basic")])
    use = np.zeros(S.NDICE, np.int16)
    assert R.playable(pos.st, pos.t, 0, 1, knight, use)
    R.play_card(pos.st, pos.t, 0, pos.prm, 1, knight, use)
    assert pos.st.exhaust[0, knight] == 1 and len(pos.active(0)) == 2


def test_golden_veil_cancels_a_targeting_effect():
    """§2 #67 (W-TARGET, AMB-31, rule 148): once an opposing effect (spell, ability or dice power)
    has picked one of a seat's units, Golden Veil (natural class + charm class, a reaction)
    cancels all of it; its costs stay paid. Here Aradel's Water Blast on the Silver Snake: the
    Snake keeps no wound and Aradel stays exhausted."""
    pos = turn_of(("The Mist Guardian", "The Snakes in Silver"), p=0)
    veil = pos.take(1, "Golden Veil", "hand")
    pos.dice(1, [("natural", "class"), ("charm", "class")])
    snake = pos.take(1, "Silver Snake", "battlefield")
    pos.st.status[0, snake] = 2  # attack 2 + life 4: worth veiling
    pos.dice(0, [("natural", "class")])
    use = np.zeros(S.NDICE, np.int16)
    assert R.pb_ability_possible(pos.st, pos.t, 0, 0, use)
    R.use_pb_ability(pos.st, pos.t, 0, pos.prm, 0, use)
    assert pos.st.wounds[0, snake] == 0 and veil in pos.instances(1, "discard")
    assert pos.st.pb_exhaust[0, 0] == 1 and pos.active(0) == [] and pos.st.react_used[0, 1] == 1


def test_consume_ignores_own_units_and_anonymous_destructions():
    """§2 #25: Consume counts only an opponent's unit destroyed by the Snake's side; the Snake's
    own unit destroyed by its own side, or a unit whose life fell with nobody's effect (rule 111:
    no source), gives no status token and is discarded as usual."""
    pos = turn_of(("The Snakes in Silver", "The Iron Men"), p=0)
    snake = pos.take(0, "Silver Snake", "battlefield")
    gilder = pos.take(0, "Gilder", "battlefield")
    hit(pos, gilder, 2, 0)
    assert pos.st.status[0, snake] == 1  # Gilder's Inheritance, not Consume (its own unit)
    worker = pos.take(1, "Iron Worker", "battlefield")
    pos.st.wounds[0, worker] = 2
    R.settle(pos.st, pos.t, 0, pos.prm, -1)
    assert worker in pos.instances(1, "discard") and pos.st.status[0, snake] == 1


def test_redirected_attack_damage_is_no_phoenixborn_damage():
    """§2 #68 with E4: attack damage redirected onto a unit never reached the Phoenixborn, so
    Shadow Counter (after Phoenixborn damage from an attack) has nothing to answer; Redirect and
    Shadow Counter are both reactions, one per player-turn in any case."""
    pos = turn_of(("The Bloodwoods Queen", "The Iron Men"), p=1)
    rd = pos.take(0, "Redirect", "hand")
    pos.dice(0, [("charm", "class")])
    archer = pos.take(0, "Blood Archer", "battlefield")
    rhino = pos.take(1, "Iron Rhino", "battlefield")
    pos.st.pb_wounds[0, 0] = 14  # Jessa: 4 left, the Rhino's 5 is lethal
    att = np.array([rhino] + [0] * 7, np.int16)
    blk = np.full(8, -1, np.int16)
    R.resolve_pb_attack(pos.st, pos.t, 0, pos.prm, 1, 0, att, 1, blk)
    assert rd in pos.instances(0, "discard") and pos.st.pb_wounds[0, 0] == 14
    assert archer in pos.instances(0, "discard") and pos.st.done[0] == 0


def test_protect_in_a_battle_saves_the_blocker():
    """§2 #35 inside a battle (rule 120's received step): the blocker's controller spends Protect
    tokens against the attacker's damage, so the blocker survives its counter."""
    pos = turn_of(("The Iron Men", "The Snakes in Silver"), p=1)
    pr = pos.take(0, "Protect", "spellboard")
    pos.st.status[0, pr] = 3
    knight = pos.take(0, "Hammer Knight", "battlefield")  # 4/3
    snake = pos.take(1, "Silver Snake", "battlefield")
    pos.st.status[0, snake] = 4  # attack 4
    att = np.array([snake] + [0] * 7, np.int16)
    blk = np.array([knight] + [-1] * 7, np.int16)
    R.resolve_pb_attack(pos.st, pos.t, 0, pos.prm, 1, 0, att, 1, blk)
    assert knight in pos.instances(0, "battlefield") and pos.st.wounds[0, knight] == 2
    assert pos.st.status[0, pr] == 1 and snake in pos.instances(1, "conjuration_pile")  # countered
