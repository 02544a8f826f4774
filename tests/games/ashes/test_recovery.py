"""Recovery phase (checklist §1.19, rules 130-134, L642-659; worked situation E15)."""

from __future__ import annotations

from simlab.games.ashes import bots as B
from simlab.games.ashes import rules as R
from simlab.games.ashes import state as S
from tests.games.ashes.kit import Position


def test_recover_wounds_then_one_exhaustion_token():
    """E15 / rules 130-131: each unit removes wounds up to its recover value (Hammer Knight 1,
    Iron Worker 1, Iron Rhino 0); then every card in play and each Phoenixborn loses exactly one
    exhaustion token; Phoenixborn wounds stay (PBs do not recover)."""
    pos = Position()
    hk = pos.take(0, "Hammer Knight", "battlefield")
    rhino = pos.take(0, "Iron Rhino", "battlefield")
    spell = pos.take(0, "Protect", "spellboard")
    pos.st.wounds[0, hk] = 2
    pos.st.wounds[0, rhino] = 3
    pos.st.exhaust[0, hk] = 2
    pos.st.exhaust[0, spell] = 1
    pos.st.pb_exhaust[0, 0] = 1
    pos.st.pb_wounds[0, 0] = 4
    R.recovery_phase(pos.st, pos.t, 0, pos.prm)
    assert pos.st.wounds[0, hk] == 1 and pos.st.wounds[0, rhino] == 3
    assert pos.st.exhaust[0, hk] == 1 and pos.st.exhaust[0, spell] == 0
    assert pos.st.pb_exhaust[0, 0] == 0 and pos.st.pb_wounds[0, 0] == 4


def test_alteration_adds_recover_and_life():
    """E7 / rule 126 (L1666-1692): an alteration's bonus values apply while it is attached:
    Undying Heart under a Leech Warrior (3 life, recover 3) gives 5 life and recover 5."""
    pos = Position(decks=("The Bloodwoods Queen", "The Iron Men"))
    leech = pos.take(0, "Leech Warrior", "battlefield")
    heart = pos.take(0, "Undying Heart", "attached")
    pos.st.i_parent[0, heart] = leech
    assert S.unit_life(pos.st, pos.t, 0, leech) == 5
    pos.st.wounds[0, leech] = 4
    assert pos.violations() == 0
    R.recovery_phase(pos.st, pos.t, 0, pos.prm)
    assert pos.st.wounds[0, leech] == 0
    pos.st.wounds[0, leech] = 4
    R.place(pos.st, 0, heart, pos.zone(0, "discard"))
    pos.st.i_parent[0, heart] = -1
    assert S.unit_life(pos.st, pos.t, 0, leech) == 3
    assert pos.violations() == 1  # 4 wounds on a 3-life unit: it should have been destroyed


def test_dice_kept_or_exhausted_and_the_token_passes():
    """Rules 28, 132-133: at step 3 each seat may exhaust any active dice (DP13); kept dice keep
    their faces into the next round; the first-player token passes to the left."""
    pos = Position()
    pos.dice(0, [("ceremonial", "power"), ("natural", "class"), ("natural", "basic")])
    pos.dice(1, [("illusion", "power"), ("natural", "basic")])
    pos.prm[0, B.BP_KEEP_DICE] = B.KEEP_POWER
    pos.prm[1, B.BP_KEEP_DICE] = B.KEEP_ALL
    pos.st.first[0] = 0
    R.recovery_phase(pos.st, pos.t, 0, pos.prm)
    assert pos.active(0) == [("ceremonial", "power")]
    assert pos.active(1) == [("illusion", "power"), ("natural", "basic")]
    assert pos.st.first[0] == 1
    R.prepare_phase(pos.st, pos.t, 0, pos.prm)  # the next round rolls only the exhausted dice
    assert ("ceremonial", "power") in pos.active(0) and len(pos.active(0)) == 10
    R.recovery_phase(pos.st, pos.t, 0, pos.prm)
    assert pos.st.first[0] == 0
