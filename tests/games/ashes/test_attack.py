"""Attacking a Phoenixborn (checklist §1.10, rules 74-83; E1) and units leaving play (110-117)."""

from __future__ import annotations

import numpy as np

from simlab.games.ashes import bots as B
from simlab.games.ashes import data
from simlab.games.ashes import rules as R
from simlab.games.ashes import state as S
from tests.games.ashes.kit import Position


def coal_vs_maeoni():
    """Coal (seat 0) against Maeoni (seat 1)."""
    pos = Position(decks=("The Iron Men", "The Snakes in Silver"))
    R.begin_turn(pos.st, 0, 0)
    return pos


def attack(pos, attackers, blockers):
    """Seat 0 attacks seat 1's Phoenixborn with ``attackers`` (in order), ``blockers`` per attacker."""
    att = np.array(attackers + [0] * 8, np.int16)
    blk = np.array(blockers + [-1] * 8, np.int16)
    pos.st.main_used[0, 0] = 1
    R.resolve_pb_attack(pos.st, pos.t, 0, pos.prm, 0, 1, att, len(attackers), blk)


def test_worked_example_attack_on_maeoni():
    """E1, the rulebook's p.7 example (L660-706, L897-1038): two Iron Workers (2/2/1) and an Iron
    Rhino (5/4/0) attack Maeoni. The Silver Snake (1 status: attack 1) blocks Worker A, a Gilder
    (1/2/0) blocks the Rhino, Worker B is unblocked. Maeoni takes 2; the Gilder counters, is
    destroyed and goes back to its owner's conjuration pile; the Rhino has 1 wound; Worker A
    deals 2 to the Snake and takes 1; every attacker has 1 exhaustion token. Worker A resolves
    first here (the attacker's order, rule 78): the destroyed Gilder's Inheritance (optional) puts
    its status token on the Snake, which would otherwise strike Worker A with attack 2."""
    pos = coal_vs_maeoni()
    wa = pos.take(0, "Iron Worker", "battlefield")
    wb = pos.take(0, "Iron Worker", "battlefield")
    rhino = pos.take(0, "Iron Rhino", "battlefield")
    snake = pos.take(1, "Silver Snake", "battlefield")
    gilder = pos.take(1, "Gilder", "battlefield")
    pos.st.status[0, snake] = 1
    attack(pos, [wa, rhino, wb], [snake, gilder, -1])
    assert pos.st.pb_wounds[0, 1] == 2
    assert pos.st.status[0, snake] == 2  # Inheritance (§2 #20): the offer taken
    assert gilder in pos.instances(1, "conjuration_pile") and pos.st.wounds[0, gilder] == 0
    assert pos.st.wounds[0, rhino] == 1 and pos.st.wounds[0, wa] == 1 and pos.st.wounds[0, snake] == 2
    assert [pos.st.exhaust[0, i] for i in (wa, wb, rhino)] == [1, 1, 1]
    assert pos.st.exhaust[0, snake] == 1  # it countered and survived (rule 81)
    assert pos.violations() == 0


def test_block_without_counter_exhausts_only_the_attacker():
    """Rule 80 (L688-698) and rule 82 (countering is the defender's choice, AMB-15): a blocker that
    does not counter takes the attack and no exhaustion; the attacker is exhausted."""
    pos = coal_vs_maeoni()
    pos.prm[1, B.BP_COUNTER] = 0
    wa = pos.take(0, "Iron Worker", "battlefield")
    snake = pos.take(1, "Silver Snake", "battlefield")
    pos.st.status[0, snake] = 3
    attack(pos, [wa], [snake])
    assert pos.st.wounds[0, snake] == 2 and pos.st.exhaust[0, snake] == 0
    assert pos.st.wounds[0, wa] == 0 and pos.st.exhaust[0, wa] == 1
    assert pos.st.pb_wounds[0, 1] == 0


def test_ally_destroyed_in_battle_goes_to_its_owners_discard():
    """Rules 111-112, 117 (L1761-1765, L1841-1848): a countered Iron Worker with 2 wounds is
    destroyed and discarded to its owner's discard pile, tokens removed."""
    pos = coal_vs_maeoni()
    wa = pos.take(0, "Iron Worker", "battlefield")
    gilder = pos.take(1, "Gilder", "battlefield")
    pos.st.wounds[0, wa] = 1
    attack(pos, [wa], [gilder])
    assert wa in pos.instances(0, "discard")
    assert pos.st.wounds[0, wa] == 0 and pos.st.exhaust[0, wa] == 0
    assert gilder in pos.instances(1, "conjuration_pile")


def test_silver_snake_consumes_an_ally_it_destroys():
    """Checklist §2 #25 (Consume, inexhaustible): a Silver Snake whose counter destroys an
    opposing ally gains 1 status token (its attack) and the ally is removed from the game instead
    of discarded; the surviving Snake is exhausted (rule 81)."""
    pos = coal_vs_maeoni()
    wa = pos.take(0, "Iron Worker", "battlefield")
    snake = pos.take(1, "Silver Snake", "battlefield")
    pos.st.status[0, snake] = 2
    attack(pos, [wa], [snake])
    assert wa in pos.instances(0, "removed") and pos.st.status[0, snake] == 3
    assert pos.st.wounds[0, snake] == 2 and pos.st.exhaust[0, snake] == 1
    assert pos.violations() == 0


def test_leaving_play_clears_tokens_and_discards_alterations():
    """E12 / rules 116-117, 128 (L1837-1848): a destroyed conjuration with tokens and an alteration
    attached: the tokens go, the alteration goes to its owner's discard pile, the conjuration to
    its owner's conjuration pile."""
    pos = Position(decks=("The Iron Men", "The Mist Guardian"))
    spirit = pos.take(1, "Mist Spirit", "battlefield")
    armor = pos.take(1, "Root Armor", "attached")
    pos.st.i_parent[0, armor] = spirit
    assert S.unit_life(pos.st, pos.t, 0, spirit) == 3
    pos.st.exhaust[0, spirit] = 1
    pos.st.status[0, spirit] = 1
    pos.st.wounds[0, spirit] = 3
    assert R.destroy_if_dead(pos.st, pos.t, 0, spirit)
    assert spirit in pos.instances(1, "conjuration_pile") and armor in pos.instances(1, "discard")
    assert pos.st.i_parent[0, armor] == -1
    assert (pos.st.wounds[0, spirit], pos.st.exhaust[0, spirit], pos.st.status[0, spirit]) == (0, 0, 0)
    assert pos.violations() == 0


def test_destroyed_blocker_and_departed_attacker():
    """AMB-12 default: a blocker gone before its battle takes no damage and the attacker is still
    exhausted. AMB-13: an attacker gone before it resolves deals nothing."""
    pos = coal_vs_maeoni()
    wa = pos.take(0, "Iron Worker", "battlefield")
    wb = pos.take(0, "Iron Worker", "battlefield")
    gilder = pos.take(1, "Gilder", "battlefield")
    R.place(pos.st, 0, gilder, pos.zone(1, "conjuration_pile"))
    R.place(pos.st, 0, wb, pos.zone(0, "discard"))
    attack(pos, [wa, wb], [gilder, -1])
    assert pos.st.exhaust[0, wa] == 1 and pos.st.pb_wounds[0, 1] == 0


def test_attack_ends_the_game_when_the_phoenixborn_falls():
    """Rules 113, 140 (L1765-1767, L1950-1955): the Phoenixborn destroyed, its player loses at
    once; later attackers do not resolve."""
    pos = coal_vs_maeoni()
    pos.st.pb_wounds[0, 1] = 20  # Maeoni: life 22
    wa = pos.take(0, "Iron Worker", "battlefield")
    wb = pos.take(0, "Iron Worker", "battlefield")
    attack(pos, [wa, wb], [-1, -1])
    assert pos.st.done[0] == 1 and pos.st.winner[0] == 0 and pos.st.end_reason[0] == S.END_PB
    assert pos.st.exhaust[0, wb] == 0


def test_attack_needs_an_unexhausted_unit():
    """Rules 75 and 152, AMB-6: an attack needs at least one unexhausted unit; exhausted units
    neither attack nor block."""
    pos = coal_vs_maeoni()
    assert not R.can_attack(pos.st, 0, 0)
    wa = pos.take(0, "Iron Worker", "battlefield")
    pos.st.exhaust[0, wa] = 1
    assert not R.can_attack(pos.st, 0, 0)
    pos.st.exhaust[0, wa] = 0
    assert R.can_attack(pos.st, 0, 0)
    for bots in ("balanced", "random"):
        pos.prm[1] = [B.PRESETS[bots][k] for k in B.PARAMS]
        tired = pos.take(1, "Gilder", "battlefield")
        pos.st.exhaust[0, tired] = 1
        blk = np.zeros(8, np.int16)
        att = np.array([wa] + [0] * 7, np.int16)
        for _ in range(20):
            B.choose_blockers(pos.st, pos.t, 0, pos.prm, 1, att, 1, blk)
            assert blk[0] != tired


def test_balanced_blocker_prefers_a_survivor_or_a_killer():
    """DP8 heuristic: a Gilder (1/2) would die to a Rhino (5) without killing it, so the balanced
    defender with a healthy Phoenixborn does not block; with its Phoenixborn low it chump-blocks."""
    pos = coal_vs_maeoni()
    rhino = pos.take(0, "Iron Rhino", "battlefield")
    gilder = pos.take(1, "Gilder", "battlefield")
    att = np.array([rhino] + [0] * 7, np.int16)
    blk = np.zeros(8, np.int16)
    B.choose_blockers(pos.st, pos.t, 0, pos.prm, 1, att, 1, blk)
    assert blk[0] == -1
    pos.st.pb_wounds[0, 1] = 15  # 7 left; 5 incoming would leave 2 <= chump_life 5
    B.choose_blockers(pos.st, pos.t, 0, pos.prm, 1, att, 1, blk)
    assert blk[0] == gilder


# --- attacking a unit (checklist §1.11, rules 84-94; E2) -----------------------------------------

def attack_unit(pos, attackers, target, guard=-1):
    """Seat 0 attacks seat 1's unit ``target`` with ``attackers``; ``guard``: -1, -2 (PB) or a unit."""
    att = np.array(attackers + [0] * 8, np.int16)
    pos.st.main_used[0, 0] = 1
    R.resolve_unit_attack(pos.st, pos.t, 0, pos.prm, 0, 1, att, len(attackers), target, guard)


def test_worked_example_attack_on_silver_snake():
    """E2, the rulebook's p.8 example (L1085-1334): two Iron Workers attack a Silver Snake with 4
    status (4/4/3); no guard; the Snake counters and splits its 4 damage 2 + 2. All three are
    destroyed together: the Workers go to their owner's discard pile (AMB-14 default: the
    attacking seat resolves the opposing Snake first, so Consume does not remove them), the
    Snake to its owner's conjuration pile."""
    pos = coal_vs_maeoni()
    wa = pos.take(0, "Iron Worker", "battlefield")
    wb = pos.take(0, "Iron Worker", "battlefield")
    snake = pos.take(1, "Silver Snake", "battlefield")
    pos.st.status[0, snake] = 4
    attack_unit(pos, [wa, wb], snake)
    assert wa in pos.instances(0, "discard") and wb in pos.instances(0, "discard")
    assert snake in pos.instances(1, "conjuration_pile")
    assert pos.violations() == 0


def test_worked_example_e2_with_own_units_first():
    """E2 under AMB-14's variant ``ddr_order = own_first``: the attacking seat resolves its own
    Workers first, while the Snake is still in play, so Consume removes them from the game."""
    pos = coal_vs_maeoni()
    pos.t = data.tables(data.load_cards(variants={"ddr_order": "own_first"},
                                        setup={"decks": ["The Iron Men", "The Snakes in Silver"]}))
    wa = pos.take(0, "Iron Worker", "battlefield")
    wb = pos.take(0, "Iron Worker", "battlefield")
    snake = pos.take(1, "Silver Snake", "battlefield")
    pos.st.status[0, snake] = 4
    attack_unit(pos, [wa, wb], snake)
    assert wa in pos.instances(0, "removed") and wb in pos.instances(0, "removed")
    assert snake in pos.instances(1, "conjuration_pile") and pos.violations() == 0


def test_phoenixborn_guard_takes_the_summed_attack():
    """Rules 87, 88 and 90 (L1346-1352, L1358-1362): the defender's Phoenixborn, even exhausted,
    guards; the summed attack goes to it, every attacker is exhausted, no counter."""
    pos = coal_vs_maeoni()
    wa = pos.take(0, "Iron Worker", "battlefield")
    rhino = pos.take(0, "Iron Rhino", "battlefield")
    gilder = pos.take(1, "Gilder", "battlefield")
    pos.st.pb_exhaust[0, 1] = 1
    attack_unit(pos, [rhino, wa], gilder, guard=-2)
    assert pos.st.pb_wounds[0, 1] == 7
    assert pos.st.exhaust[0, wa] == 1 and pos.st.exhaust[0, rhino] == 1
    assert pos.st.wounds[0, gilder] == 0 and pos.st.wounds[0, wa] == 0


def test_unit_guard_becomes_the_target():
    """Rule 89 (L1353-1357): an unexhausted unit with Unit Guard takes the target's place; an
    exhausted one, or a unit without Unit Guard, cannot guard."""
    pos = coal_vs_maeoni()
    wa = pos.take(0, "Iron Worker", "battlefield")
    snake = pos.take(1, "Silver Snake", "battlefield")
    gilder = pos.take(1, "Gilder", "battlefield")
    assert B._can_guard(pos.st, pos.t, 0, gilder, snake)
    assert not B._can_guard(pos.st, pos.t, 0, snake, gilder)  # no Unit Guard
    pos.st.exhaust[0, gilder] = 1
    assert not B._can_guard(pos.st, pos.t, 0, gilder, snake)
    pos.st.exhaust[0, gilder] = 0
    attack_unit(pos, [wa], snake, guard=gilder)
    assert gilder in pos.instances(1, "conjuration_pile")  # 2 damage on 2 life; it countered 1
    assert pos.st.wounds[0, snake] == 0 and pos.st.wounds[0, wa] == 1 and pos.st.exhaust[0, wa] == 1


def test_exhausted_target_cannot_counter():
    """Rule 92 (L1366-1374): an exhausted target takes the summed attack and deals none; the
    attackers are exhausted, the target gets no more exhaustion."""
    pos = coal_vs_maeoni()
    wa = pos.take(0, "Iron Worker", "battlefield")
    snake = pos.take(1, "Silver Snake", "battlefield")
    pos.st.status[0, snake] = 3
    pos.st.exhaust[0, snake] = 1
    attack_unit(pos, [wa], snake)
    assert pos.st.wounds[0, snake] == 2 and pos.st.exhaust[0, snake] == 1
    assert pos.st.wounds[0, wa] == 0 and pos.st.exhaust[0, wa] == 1


def test_counter_split_kills_what_it_can():
    """Rule 93 (L1375-1389): the countering unit's controller splits its attack; the balanced bot
    destroys the attackers needing the least damage first: a Snake with attack 3 destroys the
    Iron Worker (2 life) and puts the last point on the Hammer Knight (3 life)."""
    pos = coal_vs_maeoni()
    wa = pos.take(0, "Iron Worker", "battlefield")   # life 2
    hk = pos.take(0, "Hammer Knight", "battlefield")  # life 3
    snake = pos.take(1, "Silver Snake", "battlefield")
    pos.st.status[0, snake] = 3  # attack 3: cannot destroy both (2 + 3)
    dmg = np.zeros(8, np.int16)
    att = np.array([hk, wa] + [0] * 6, np.int16)
    B.split_counter(pos.st, pos.t, 0, pos.prm, 1, snake, att, 2, dmg)
    assert dmg[0] + dmg[1] == 3 and dmg[1] == 2  # the Worker dies, the rest to the Knight


def test_balanced_guard_choice():
    """DP8: with the target about to die, a surviving Unit Guard guards; without one, the
    Phoenixborn guards while it stays above chump_life; a target that survives is not guarded."""
    pos = coal_vs_maeoni()
    wa = pos.take(0, "Iron Worker", "battlefield")
    snake = pos.take(1, "Silver Snake", "battlefield")  # 0 status: X attack 0, life 4
    att = np.array([wa] + [0] * 7, np.int16)
    assert B.choose_guard(pos.st, pos.t, 0, pos.prm, 1, att, 1, snake) == -1  # 2 < 4
    pos.st.wounds[0, snake] = 2
    assert B.choose_guard(pos.st, pos.t, 0, pos.prm, 1, att, 1, snake) == -2
    pos.take(1, "Gilder", "battlefield")
    assert B.choose_guard(pos.st, pos.t, 0, pos.prm, 1, att, 1, snake) == -2  # a Gilder dies to 2
    pos.st.pb_wounds[0, 1] = 16  # 6 left: 2 damage leaves 4 <= 5
    assert B.choose_guard(pos.st, pos.t, 0, pos.prm, 1, att, 1, snake) == -1


def test_hammer_knight_aftershock():
    """Checklist §2 #10 (L456-458): when Hammer Knight deals attack or counter damage its
    controller may put 1 wound token on a target unit. Attacking Maeoni unblocked, its Aftershock
    destroys a wounded Gilder; blocking and countering a Silver Snake (destroyed by the 4
    damage), it wounds the other Gilder."""
    pos = coal_vs_maeoni()
    knight = pos.take(0, "Hammer Knight", "battlefield")
    gilder = pos.take(1, "Gilder", "battlefield")
    pos.st.wounds[0, gilder] = 1
    attack(pos, [knight], [-1])
    assert pos.st.pb_wounds[0, 1] == 4 and gilder in pos.instances(1, "conjuration_pile")
    # countering: seat 1 attacks; the Knight blocks and counters
    snake = pos.take(1, "Silver Snake", "battlefield")
    pos.st.status[0, snake] = 1
    spare = pos.take(1, "Gilder", "battlefield")
    pos.st.exhaust[0, knight] = 0
    att = np.array([snake] + [0] * 7, np.int16)
    blk = np.array([knight] + [-1] * 7, np.int16)
    R.resolve_pb_attack(pos.st, pos.t, 0, pos.prm, 1, 0, att, 1, blk)
    assert snake in pos.instances(1, "conjuration_pile")
    assert pos.st.wounds[0, spare] == 1


def test_strike_and_empower_after_attackers_are_declared():
    """§2 #4 and #32 (W-POSTDECL, before blocks): Maeoni's Strike (1 basic, exhausting her) gives
    an attacker +2 attack and an unexhausted Empower (1 basic, exhausting it) +1, then its
    controller may draw 1 and discard 1; the bonuses end with the turn (AMB-25)."""
    pos = Position(decks=("The Snakes in Silver", "The Iron Men"))
    R.begin_turn(pos.st, 0, 0)
    emp = pos.take(0, "Empower", "spellboard")
    gilder = pos.take(0, "Gilder", "battlefield")
    pos.dice(0, [("natural", "basic")] * 4)
    hand = len(pos.instances(0, "hand"))
    R.attack_pb(pos.st, pos.t, 0, pos.prm, 0)
    assert pos.st.pb_wounds[0, 1] == 1 + 2 + 1
    assert pos.st.pb_exhaust[0, 0] == 1 and pos.st.exhaust[0, emp] == 1
    assert len(pos.active(0)) == 2 and len(pos.instances(0, "hand")) == hand
    R.end_turn(pos.st, 0, 0)
    assert S.unit_attack(pos.st, pos.t, 0, gilder) == 1


def test_blood_oath_trades_wounds_for_attack():
    """§2 #8 (W-DECL): an attacking Blood Archer may take 2 wound tokens for +2 attack this turn
    (the balanced bot does it against an undefended Phoenixborn)."""
    pos = Position(decks=("The Bloodwoods Queen", "The Iron Men"))
    R.begin_turn(pos.st, 0, 0)
    archer = pos.take(0, "Blood Archer", "battlefield")
    R.attack_pb(pos.st, pos.t, 0, pos.prm, 0)
    assert pos.st.pb_wounds[0, 1] == 5 and pos.st.wounds[0, archer] == 2


def test_battle_advantage_strikes_first():
    """Rule 119 with AMB-28: a unit with Battle Advantage deals its battle damage and finishes its
    resolution first; a unit it destroys deals nothing. A Seaside Raven (3/2) blocked and
    countered by a Hammer Knight (4/3) survives; a Raven countering an Iron Worker (2/2) attack
    takes nothing; a Blood Archer attack is not sped up when it attacks with a unit lacking it."""
    pos = Position(decks=("The Cloudsea Siren", "The Iron Men"))
    R.begin_turn(pos.st, 0, 0)
    raven = pos.take(0, "Seaside Raven", "battlefield")
    knight = pos.take(1, "Hammer Knight", "battlefield")
    att = np.array([raven] + [0] * 7, np.int16)
    blk = np.array([knight] + [-1] * 7, np.int16)
    R.resolve_pb_attack(pos.st, pos.t, 0, pos.prm, 0, 1, att, 1, blk)
    assert knight in pos.instances(1, "discard") and pos.st.wounds[0, raven] == 0
    assert pos.st.exhaust[0, raven] == 1
    R.begin_turn(pos.st, 0, 1)
    pos.st.exhaust[0, raven] = 0
    worker = pos.take(1, "Iron Worker", "battlefield")
    att = np.array([worker] + [0] * 7, np.int16)
    R.resolve_unit_attack(pos.st, pos.t, 0, pos.prm, 1, 0, att, 1, raven, -1)
    assert worker in pos.instances(1, "discard") and pos.st.wounds[0, raven] == 0
    assert pos.violations() == 0
    pos2 = Position(decks=("The Bloodwoods Queen", "The Iron Men"))
    R.begin_turn(pos2.st, 0, 0)
    archer = pos2.take(0, "Blood Archer", "battlefield")
    doll = pos2.take(0, "Living Doll", "battlefield")
    w2 = pos2.take(1, "Iron Worker", "battlefield")
    att = np.array([archer, doll] + [0] * 6, np.int16)
    R.resolve_unit_attack(pos2.st, pos2.t, 0, pos2.prm, 0, 1, att, 2, w2, -1)
    assert w2 in pos2.instances(1, "discard")
    assert pos2.st.wounds[0, archer] + pos2.st.wounds[0, doll] == 2  # simultaneous: it struck back
