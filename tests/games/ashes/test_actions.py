"""Action spells implemented so far (checklist §2 action spells #51, 55-57, 62-63; rule 53)."""

from __future__ import annotations

import numpy as np

from simlab.games.ashes import rules as R
from simlab.games.ashes import state as S
from tests.games.ashes.kit import Position

USE = np.zeros(S.NDICE, np.int16)


def play(pos, card, dice, p=0):
    """Seat p plays action spell ``card`` (a name, taken into hand, or an instance already in hand)
    with the given active dice; it must be legal."""
    pos.dice(p, dice)
    R.begin_turn(pos.st, 0, p)
    i = pos.take(p, card, "hand") if isinstance(card, str) else card
    assert R.playable(pos.st, pos.t, 0, p, i, USE)
    R.play_card(pos.st, pos.t, 0, pos.prm, p, i, USE)
    return i


def test_action_spell_goes_to_the_discard_pile():
    """Rule 53 (L1467-1497): an action spell is paid, put in the discard pile and resolved; the
    main action is used. One Hundred Blades (Coal): 1 damage to the opposing Phoenixborn and to
    every opposing unit, and a card drawn."""
    pos = Position()
    spirit = pos.take(1, "Mist Spirit", "battlefield")
    jaguar = pos.take(1, "Blue Jaguar", "battlefield")
    i = pos.take(0, "One Hundred Blades", "hand")
    hand = len(pos.instances(0, "hand"))
    play(pos, i, [("natural", "basic"), ("ceremonial", "class")])
    assert i in pos.instances(0, "discard") and pos.st.main_used[0, 0] == 1
    assert pos.st.pb_wounds[0, 1] == 1 and pos.st.pb_wounds[0, 0] == 0
    assert spirit in pos.instances(1, "conjuration_pile") and pos.st.wounds[0, jaguar] == 1
    assert len(pos.instances(0, "hand")) == hand  # the spell left, a card came


def test_molten_gold_places_wounds():
    """Checklist §2 #56 and rule 115 (L1771-1777): Molten Gold costs 2 natural power symbols and
    places 3 wound tokens (not damage): on an opposing unit they destroy if it is worth it
    (a Hammer Knight, 4/3), else on the opposing Phoenixborn (an Iron Rhino has 4 life)."""
    pos = Position(decks=("The Snakes in Silver", "The Iron Men"))
    rhino = pos.take(1, "Iron Rhino", "battlefield")
    play(pos, "Molten Gold", [("natural", "power")] * 2)
    assert pos.st.wounds[0, rhino] == 0 and pos.st.pb_wounds[0, 1] == 3
    knight = pos.take(1, "Hammer Knight", "battlefield")
    play(pos, "Molten Gold", [("natural", "power")] * 2)
    assert knight in pos.instances(1, "discard") and pos.st.pb_wounds[0, 1] == 3
    pos.dice(0, [("natural", "power"), ("natural", "class")])
    R.begin_turn(pos.st, 0, 0)
    assert not R.playable(pos.st, pos.t, 0, 0, pos.take(0, "Molten Gold", "hand"), USE)


def test_sleight_of_hand_draws_three_without_fatigue():
    """Checklist §2 #62 and rule 37 (L613-615): draw 3; an empty draw pile deals no damage outside
    the prepare phase, and with no card to draw the spell is not offered (AMB-11)."""
    pos = Position(decks=("The Shadows of Viros", "The Iron Men"))
    i = pos.take(0, "Sleight Of Hand", "hand")
    pos.move_all(0, "draw", "discard", keep=2)
    play(pos, i, [("illusion", "power"), ("ceremonial", "basic")])
    assert len(pos.instances(0, "draw")) == 0 and pos.st.pb_wounds[0, 0] == 0
    pos.dice(0, [("illusion", "power"), ("ceremonial", "basic")])
    R.begin_turn(pos.st, 0, 0)
    i = next(i for i in pos.instances(0, "discard") if pos.st.i_card[0, i] == pos.card_id("Sleight Of Hand"))
    R.place(pos.st, 0, i, pos.zone(0, "hand"))
    assert not R.playable(pos.st, pos.t, 0, 0, i, USE)


def test_steady_gaze_exhausts_twice():
    """Checklist §2 #63 and rule 103: 2 exhaustion tokens on the opposing unexhausted unit with the
    most attack; recovery removes only one (rule 131)."""
    pos = Position(decks=("The Mist Guardian", "The Iron Men"))
    knight = pos.take(1, "Hammer Knight", "battlefield")
    worker = pos.take(1, "Iron Worker", "battlefield")
    play(pos, "Steady Gaze", [("illusion", "class")] * 2)
    assert pos.st.exhaust[0, knight] == 2 and pos.st.exhaust[0, worker] == 0
    R.recovery_phase(pos.st, pos.t, 0, pos.prm)
    assert pos.st.exhaust[0, knight] == 1


def test_mist_typhoon_hits_every_opposing_unit():
    """Checklist §2 #55: 1 damage to every opposing unit (own units untouched), then a card drawn."""
    pos = Position(decks=("The Mist Guardian", "The Iron Men"))
    mine = pos.take(0, "Mist Spirit", "battlefield")
    anchor = pos.take(1, "Anchornaut", "battlefield")
    knight = pos.take(1, "Hammer Knight", "battlefield")
    i = pos.take(0, "Mist Typhoon", "hand")
    draw = len(pos.instances(0, "draw"))
    play(pos, i, [("illusion", "class"), ("natural", "class")])
    assert anchor in pos.instances(1, "discard") and pos.st.wounds[0, knight] == 1
    assert mine in pos.instances(0, "battlefield") and pos.st.wounds[0, mine] == 0
    assert len(pos.instances(0, "draw")) == draw - 1


def test_bound_soul_recalls_an_ally():
    """Checklist §2 #51: the ally with the most attack and life from your discard pile into hand;
    with no ally there the spell is not offered (AMB-11)."""
    pos = Position(decks=("The Shadows of Viros", "The Iron Men"))
    pos.dice(0, [("ceremonial", "class")])
    R.begin_turn(pos.st, 0, 0)
    spell = pos.take(0, "Bound Soul", "hand")
    assert not R.playable(pos.st, pos.t, 0, 0, spell, USE)
    sniper = pos.take(0, "Stormwind Sniper", "discard")
    R.place(pos.st, 0, spell, pos.zone(0, "discard"))
    play(pos, "Bound Soul", [("ceremonial", "class")])
    assert sniper in pos.instances(0, "hand")
