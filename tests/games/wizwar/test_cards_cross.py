"""Cards built in separate sets meeting each other: Fog (A-32) limits the sight of every card
that needs sight, and a wizard in Mist Body cannot be attacked by any attack (card text, A-37),
whichever set the attack came from.

Test board: open; blue (seat 0) base (2,2), red (seat 1) base (2,7)."""

from __future__ import annotations

import pytest

from simlab.games.wizwar.state import O_AREA, O_ATTACK, O_NEUTRAL
from tests.games.wizwar.kit import Position
from tests.games.wizwar.test_cards_maint import NEVER, cast

pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")


@pytest.mark.parametrize("name,kind", [("Share Life", O_NEUTRAL), ("Thought Steal", O_NEUTRAL),
                                       ("Waterbolt", O_ATTACK), ("Mental Force", O_ATTACK),
                                       ("Psychic Storm", O_AREA)])
def test_fog_limits_the_sight_of_every_card(name, kind):
    """Fog: a wizard three squares away in an open row is out of sight, and so is every square
    whose Psychic Storm would catch it, so no card that needs sight of it (or of its square) is
    offered; one square away it is."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 5)
    i = pos.give(0, name)
    pos.start_turn(0)
    assert any(o[0] == kind and o[1] == i for o in pos.options(0))
    cast(pos, 0, "Fog")
    assert not any(o[0] == kind and o[1] == i for o in pos.options(0))
    pos.put(1, 2, 3)
    assert any(o[0] == kind and o[1] == i for o in pos.options(0))


@pytest.mark.parametrize("name", ["Waterbolt", "Mental Force"])
def test_mist_body_cannot_be_targeted_by_any_attack(name):
    """Mist Body: no attack spell of any set is offered at the wizard in it."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 4)
    i = pos.give(1, name)
    pos.start_turn(0)
    cast(pos, 0, "Mist Body")
    pos.start_turn(1)
    assert not any(o[0] == O_ATTACK and o[1] == i and o[2] == 0 for o in pos.options(1))


def test_psychic_storm_and_lightning_bolt_pass_over_mist_body():
    """Mist Body: an area or a ray that covers the wizard in it does not hurt it."""
    pos = Position(params=NEVER)
    pos.put(1, 2, 4)
    pos.start_turn(0)
    cast(pos, 0, "Mist Body")
    pos.start_turn(1)
    i = pos.give(1, "Psychic Storm")
    e = pos.give(1, "Energy 5")
    # not offered where it would catch only the wizard in Mist Body; cast there anyway, no harm
    assert not any(o[0] == O_AREA and o[1] == i for o in pos.options(1))
    from simlab.games.wizwar import rules as R
    R.cast_storm(pos.st, pos.t, 0, pos.geo, 1, i, pos.sq(2, 2), e, pos.prm)
    assert pos.st.life[0, 0] == 15
    pos.start_turn(1)
    bolt = pos.give(1, "Lightning Bolt")
    e6 = pos.give(1, "Energy 6")
    bolts = [o for o in pos.options(1) if o[0] == O_ATTACK and o[1] == bolt and o[3] == e6]
    assert bolts  # offered where the ray would enter another wizard's square
    for o in bolts:
        if o[4] == 3:  # west, along the row towards blue
            pos.do(1, o)
    assert pos.st.life[0, 0] == 15
