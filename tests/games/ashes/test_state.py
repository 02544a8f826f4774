"""Invariants of the Ashes batch state (checklist §3.3): each broken invariant is counted."""

from __future__ import annotations

import numpy as np
import pytest

from simlab.games.ashes import rules as R
from simlab.games.ashes import state as S
from simlab.games.base import root_seed_words
from tests.games.ashes.kit import Position


def test_dealt_game_has_no_violations():
    """After setup every seat's 30 deck cards and conjuration pile are each in one zone, 10 dice."""
    pos = Position()
    assert pos.violations() == 0
    for p in range(2):
        held = sum(len(pos.instances(p, z)) for z in S.ZONE_NAMES)
        assert held == 30 + pos.st.n_conj[0, p]


@pytest.mark.parametrize("bots", [("balanced", "balanced"), ("random", "random")])
@pytest.mark.parametrize("decks", [("The Iron Men", "The Mist Guardian"),
                                   ("The Snakes in Silver", "The Shadows of Viros"),
                                   ("The Bloodwoods Queen", "The Cloudsea Siren")])
def test_whole_games_keep_the_invariants(bots, decks):
    """Games of all six precons played to their end (checked after every phase) never break an
    invariant, and end with a winner or at the round cap."""
    pos = Position(decks=decks, bots=bots)
    for g in range(4):
        R.setup(pos.st, pos.t, 0, 2, root_seed_words(7), g)
        assert R.play_game(pos.st, pos.t, 0, pos.prm, True) == 0
        assert pos.st.done[0] == 1
        assert pos.st.winner[0] in (0, 1) or pos.st.end_reason[0] == S.END_LIMIT


def test_card_in_a_wrong_list_is_counted():
    """Container lists must agree with each instance's container and position."""
    pos = Position()
    i = pos.instances(0, "hand")[0]
    pos.st.i_pos[0, i] += 1
    assert pos.violations() >= 1


def test_conjuration_never_in_hand_or_discard():
    """Checklist rule 70 (L1843-1848): a conjuration never reaches a hand or a discard pile."""
    pos = Position()
    i = pos.take(0, "Iron Rhino", "discard")
    assert pos.violations() == 1
    R.place(pos.st, 0, i, pos.zone(0, "conjuration_pile"))
    assert pos.violations() == 0


def test_unit_wounds_below_life():
    """Checklist rule 111 (L1761-1764): a unit in play has fewer wounds than life."""
    pos = Position()
    i = pos.take(0, "Hammer Knight", "battlefield")
    pos.st.wounds[0, i] = 2
    assert pos.violations() == 0
    pos.st.wounds[0, i] = 3
    assert pos.violations() == 1


def test_living_phoenixborn_below_life_and_no_negative_tokens():
    """Rules 111/140: a Phoenixborn still in a running game has wounds below life; tokens are
    never negative."""
    pos = Position()
    pos.st.pb_wounds[0, 0] = 15  # Coal Roarkwin, life 15
    assert pos.violations() == 1
    pos.st.pb_wounds[0, 0] = 0
    pos.st.exhaust[0, pos.instances(0, "hand")[0]] = -1
    assert pos.violations() == 1


def test_battlefield_and_spellboard_within_their_values():
    """Checklist rules 60 and 67 (L1798-1805): Coal's battlefield holds 6 units and his spellboard 5
    different ready-spell names; copies of a name stack (rule 61)."""
    pos = Position()
    for name in ("Anchornaut", "Anchornaut", "Anchornaut", "Iron Worker", "Iron Worker", "Iron Worker"):
        pos.take(0, name, "battlefield")
    assert pos.violations() == 0
    pos.take(0, "Hammer Knight", "battlefield")
    assert pos.violations() == 1
    pos2 = Position(decks=("The Mist Guardian", "The Iron Men"))  # Aradel: spellboard 4
    for name in ("Summon Blue Jaguar", "Summon Blue Jaguar", "Summon Mist Spirit", "Summon Butterfly Monk",
                 "Shifting Mist"):
        pos2.take(0, name, "spellboard")
    assert S.spellboard_names(pos2.st, 0, 0) == 4
    assert pos2.violations() == 0
    pos2.take(1, "Protect", "spellboard")
    pos2.take(1, "Strengthen", "spellboard")
    pos2.take(1, "Expand Energy", "spellboard")
    pos2.take(1, "Summon Iron Rhino", "spellboard")
    pos2.take(1, "Chant Of Revenge", "spellboard")
    assert pos2.violations() == 0  # Coal: 5
    pos2.take(0, "Root Armor", "spellboard")
    assert pos2.violations() == 1


def test_dice_on_a_card_need_a_host():
    """Checklist rule 29: a die on a card is in neither pool and names its host."""
    pos = Position()
    pos.st.die_loc[0, 0, 0] = S.L_ON_CARD
    assert pos.violations() == 1
    pos.st.die_host[0, 0, 0] = pos.take(0, "Iron Worker", "battlefield")
    assert pos.violations() == 0
    assert np.sum(pos.st.die_loc[0, 0] == S.L_ON_CARD) == 1


def test_batch_driver_plays_ashes():
    """The shared compiled driver (kernel.play_batch) plays a batch of Ashes games with the
    invariants checked after every phase; the same seeds give the same games."""
    from simlab.games.ashes import bots as B
    from simlab.games.ashes import data
    from simlab.games.kernel import play_batch

    t = data.tables(data.load_cards())
    bots = np.array([[B.PRESETS[n][k] for k in B.PARAMS] for n in ("balanced", "random")])
    ids = np.arange(8, dtype=np.int64)
    out = []
    for _ in range(2):
        st = S.new_state(8)
        viol = np.zeros(8, np.int32)
        with np.errstate(over="ignore"):
            play_batch(st, t, ids, root_seed_words(5), 2, bots, True, True, viol)
        assert viol.sum() == 0 and st.done.all()
        out.append((st.winner.copy(), st.rnd.copy(), st.pb_wounds.copy()))
    assert all(np.array_equal(a, b) for a, b in zip(out[0], out[1], strict=True))


def test_attached_alteration_needs_a_unit_in_play():
    """Rules 126 and 128: an alteration is attached only under a unit in play."""
    pos = Position(decks=("The Mist Guardian", "The Iron Men"))
    armor = pos.take(0, "Root Armor", "attached")
    assert pos.violations() == 1  # no parent
    spirit = pos.take(0, "Mist Spirit", "battlefield")
    pos.st.i_parent[0, armor] = spirit
    assert pos.violations() == 0
    R.place(pos.st, 0, spirit, pos.zone(0, "conjuration_pile"))
    assert pos.violations() == 1  # its unit left play without it
