"""Action spells and alterations implemented so far (checklist §2 #51, 55-57, 62-63, 76, 78;
rules 53, 56, 126-127)."""

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


# --- alterations (checklist §1.18, rules 56, 126-128; E7) -----------------------------------------

def test_root_armor_is_a_side_action_attached_under_a_unit():
    """E7 (L1666-1692): Root Armor costs the side action and a natural class symbol and goes under
    a unit, whose life is then 2 higher; the main action is still free."""
    pos = Position(decks=("The Mist Guardian", "The Iron Men"))
    spirit = pos.take(0, "Mist Spirit", "battlefield")
    armor = pos.take(0, "Root Armor", "hand")
    pos.dice(0, [("natural", "class")])
    R.begin_turn(pos.st, 0, 0)
    legal = np.zeros(S.MAXI_P, np.int16)
    n = R.legal_moves(pos.st, pos.t, 0, 0, True, legal, USE)
    assert S.MV_PLAY * S.MAXI + armor in legal[:n]
    n = R.legal_moves(pos.st, pos.t, 0, 0, False, legal, USE)
    assert S.MV_PLAY * S.MAXI + armor not in legal[:n]  # not a main-action play
    assert R.playable(pos.st, pos.t, 0, 0, armor, USE)
    R.play_card(pos.st, pos.t, 0, pos.prm, 0, armor, USE)
    assert armor in pos.instances(0, "attached") and pos.st.i_parent[0, armor] == spirit
    assert S.unit_life(pos.st, pos.t, 0, spirit) == 3
    assert pos.st.side_left[0, 0] == 0 and pos.st.main_used[0, 0] == 0
    assert pos.violations() == 0


def test_undying_heart_needs_a_unit_and_respects_magic_guard():
    """Rules 126-127 (FAQ): an alteration needs a unit to go under; an opponent's Seaside Raven
    (Magic Guard) cannot take it. Undying Heart adds 2 life and 2 recover."""
    pos = Position(decks=("The Bloodwoods Queen", "The Cloudsea Siren"))
    heart = pos.take(0, "Undying Heart", "hand")
    pos.dice(0, [("charm", "class"), ("ceremonial", "basic")])
    R.begin_turn(pos.st, 0, 0)
    assert not R.playable(pos.st, pos.t, 0, 0, heart, USE)  # no unit in play
    pos.take(1, "Seaside Raven", "battlefield")
    assert not R.playable(pos.st, pos.t, 0, 0, heart, USE)  # only an opposing Magic Guard unit
    doll = pos.take(0, "Living Doll", "battlefield")
    assert R.playable(pos.st, pos.t, 0, 0, heart, USE)
    R.play_card(pos.st, pos.t, 0, pos.prm, 0, heart, USE)
    assert S.unit_life(pos.st, pos.t, 0, doll) == 5
    pos.st.wounds[0, doll] = 3
    R.recovery_phase(pos.st, pos.t, 0, pos.prm)
    assert pos.st.wounds[0, doll] == 0  # recover 1 + 2


def test_refresh_removes_every_exhaustion_token():
    """Checklist §2 #60: all exhaustion tokens leave a target unit (the balanced bot picks its own
    exhausted unit with the most attack); with no exhausted unit it is not offered (AMB-11)."""
    pos = Position(decks=("The Snakes in Silver", "The Iron Men"))
    pos.dice(0, [("charm", "class"), ("natural", "basic")])
    R.begin_turn(pos.st, 0, 0)
    spell = pos.take(0, "Refresh", "hand")
    snake = pos.take(0, "Silver Snake", "battlefield")
    assert not R.playable(pos.st, pos.t, 0, 0, spell, USE)
    pos.st.status[0, snake] = 2
    pos.st.exhaust[0, snake] = 2
    play(pos, spell, [("charm", "class"), ("natural", "basic")])
    assert pos.st.exhaust[0, snake] == 0


def test_call_upon_the_realms_sets_three_faces():
    """Checklist §2 #52: three of your active dice set to chosen faces (power symbols for the
    balanced bot); it costs only the main action."""
    pos = Position(decks=("The Snakes in Silver", "The Iron Men"))
    play(pos, "Call Upon The Realms", [("charm", "basic"), ("natural", "class"), ("natural", "basic"),
                                       ("charm", "class")])
    assert pos.active(0) == [("charm", "class"), ("charm", "power"), ("natural", "power"), ("natural", "power")]


def test_hidden_power_brings_back_the_die_that_paid():
    """Checklist §2 #54 (FAQ): two exhausted dice move to the active pool on chosen faces, the die
    just paid for it included."""
    pos = Position(decks=("The Cloudsea Siren", "The Iron Men"))
    pos.dice(0, [("illusion", "class")], [("charm", "basic")])
    R.begin_turn(pos.st, 0, 0)
    i = pos.take(0, "Hidden Power", "hand")
    assert R.playable(pos.st, pos.t, 0, 0, i, USE)
    R.play_card(pos.st, pos.t, 0, pos.prm, 0, i, USE)
    assert pos.active(0) == [("charm", "power"), ("illusion", "power")]
    assert S.dice_count(pos.st, 0, 0, S.L_EXHAUSTED) == 8
