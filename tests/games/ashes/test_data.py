"""cards.toml and deck validation (checklist §1.2, rules 10-15 and 18; worked situations E18, E19)."""

from __future__ import annotations

import copy

import numpy as np
import pytest

from simlab.games.ashes import data
from simlab.games.ashes import state as S


def precon(title: str) -> dict:
    """A mutable copy of a precon deck table."""
    return copy.deepcopy(next(d for d in data.raw_data()["deck"] if d["title"] == title))


def test_cards_toml_holds_the_core_set():
    """Checklist rule 1 and §2: 6 Phoenixborn, 60 deck cards (9 allies, 23 ready, 15 action, 6
    reaction, 7 alteration spells) and 12 conjurations; 4 dice types of 6 faces: 1 power, 3 class,
    2 basic (rule 24, dice.json)."""
    cards = data.raw_data()["card"]
    kinds = [c["type"] for c in cards]
    assert kinds.count("phoenixborn") == 6 and kinds.count("conjuration") == 12
    assert len(cards) - 18 == 60
    assert (kinds.count("ally"), kinds.count("ready_spell"), kinds.count("action_spell"),
            kinds.count("reaction_spell"), kinds.count("alteration_spell")) == (9, 23, 15, 6, 7)
    dice = data.raw_data()["dice"]
    assert sorted(dice) == sorted(S.DIE_TYPES)
    for d in dice.values():
        assert sorted(d["faces"]) == sorted(["power", "class", "class", "class", "basic", "basic"])


def test_phoenixborn_values():
    """Checklist rule 3 and §2 table: battlefield / life / spellboard of the six Phoenixborn."""
    ct = data.load_cards()
    a = ct.arrays
    want = {"Aradel Summergaard": (8, 16, 4), "Coal Roarkwin": (6, 15, 5), "Jessa Na Ni": (5, 18, 4),
            "Maeoni Viper": (3, 22, 4), "Noah Redmoon": (6, 20, 3), "Saria Guideman": (5, 20, 4)}
    for name, (bf, life, sb) in want.items():
        i = ct.names.index(name)
        assert (a["card_bf"][i], a["card_life"][i], a["card_sb"][i]) == (bf, life, sb), name


def test_costs_parse_into_symbol_vectors():
    """Checklist E6/E9 and rule 49: Hammer Knight costs main + 1 ceremonial power + 1 natural
    class + 1 basic; Summon Iron Rhino's activation is main + exhaust + 6 basic; Coal's Slash is
    side + discard 1."""
    ct = data.load_cards()
    a = ct.arrays
    hk = a["card_cost"][ct.names.index("Hammer Knight")]
    assert hk[S.CO_MAIN] == 1 and hk[S.CO_BASIC] == 1
    assert hk[S.CO_POWER + S.DT_CEREMONIAL] == 1 and hk[S.CO_CLASS + S.DT_NATURAL] == 1
    assert hk.sum() == 4
    rhino = a["card_act"][ct.names.index("Summon Iron Rhino")]
    assert (rhino[S.CO_MAIN], rhino[S.CO_EXHAUST], rhino[S.CO_BASIC]) == (1, 1, 6)
    slash = a["card_act"][ct.names.index("Coal Roarkwin")]
    assert (slash[S.CO_SIDE], slash[S.CO_DISCARD]) == (1, 1)


def test_bad_cost_term_is_named():
    """A cost term outside our shorthand is refused with the term and what was expected."""
    with pytest.raises(ValueError, match=r"bad cost term '2Xx-c'.*expected M, S, X"):
        data.parse_cost("M+2Xx-c")


def test_conjuration_limits_and_uniques():
    """Checklist rules 12-13: conjuration limits (Mist Spirit 10, Sleeping Widow 6, Silver Snake 3,
    Seaside Raven 2, the others 5) and the Phoenixborn-unique cards."""
    by = {c["name"]: c for c in data.raw_data()["card"]}
    limits = {n: c["limit"] for n, c in by.items() if c["type"] == "conjuration"}
    assert limits.pop("Mist Spirit") == 10 and limits.pop("Sleeping Widow") == 6
    assert limits.pop("Silver Snake") == 3 and limits.pop("Seaside Raven") == 2
    assert set(limits.values()) == {5}
    uniques = {n: c["unique"] for n, c in by.items() if "unique" in c}
    assert uniques == {"Fear": "Jessa Na Ni", "One Hundred Blades": "Coal Roarkwin",
                       "Summon Blue Jaguar": "Aradel Summergaard", "Summon Masked Wolf": "Noah Redmoon",
                       "Masked Wolf": "Noah Redmoon", "Summon Seaside Raven": "Saria Guideman",
                       "Seaside Raven": "Saria Guideman", "Summon Silver Snake": "Maeoni Viper",
                       "Silver Snake": "Maeoni Viper"}


@pytest.mark.parametrize("title", data.deck_titles())
def test_every_precon_validates(title):
    """Checklist rule 15 / E19: each of the six suggested decks is legal and loads into the seats'
    tables (30 cards, 10 dice, the conjuration pile at its limits, the First Five)."""
    d = precon(title)
    data.validate_deck(d)
    ct = data.load_cards(setup={"decks": [title]})
    by = {c["name"]: c for c in data.raw_data()["card"]}
    assert ct.names[ct.arrays["seat_pb"][0]] == d["phoenixborn"]
    assert len(ct.arrays["seat_deck"][0]) == 30
    assert sorted(ct.arrays["seat_dice"][0].tolist()) == sorted(
        S.DIE_TYPES.index(t) for t, n in d["dice"].items() for _ in range(n))
    conj = ct.arrays["seat_conj"][0]
    assert (conj >= 0).sum() == sum(by[n]["limit"] for n in d["conjurations"])
    assert len(set(ct.arrays["seat_ff"][0].tolist())) == 5


def test_deck_needs_exactly_30_cards():
    """Checklist rule 10 (L1981-1989): a deck holds exactly 30 cards."""
    d = precon("The Iron Men")
    d["cards"]["Anchornaut"] = 2
    with pytest.raises(ValueError, match=r"29 cards; a deck holds exactly 30"):
        data.validate_deck(d)


def test_at_most_three_copies():
    """Checklist rule 11 (L1985-1989): at most 3 copies of a name."""
    d = precon("The Iron Men")
    d["cards"]["Anchornaut"] = 4
    d["cards"]["Protect"] = 2
    with pytest.raises(ValueError, match=r"'Anchornaut' x 4; expected 1 to 3 copies"):
        data.validate_deck(d)


def test_unique_card_only_with_its_phoenixborn():
    """Checklist rule 12 (L2015-2029): One Hundred Blades is Coal's; in Aradel's deck it is refused."""
    d = precon("The Mist Guardian")
    d["cards"]["Steady Gaze"] = 2
    d["cards"]["One Hundred Blades"] = 1
    with pytest.raises(ValueError, match=r"'One Hundred Blades' may be used only with Coal Roarkwin"):
        data.validate_deck(d)


def test_deck_needs_ten_dice():
    """Checklist rules 10 and 14 (L2030-2033): 10 dice, any mix of types; unknown types refused."""
    d = precon("The Iron Men")
    d["dice"] = {"ceremonial": 9}
    with pytest.raises(ValueError, match=r"9 dice; a deck has exactly 10"):
        data.validate_deck(d)
    d["dice"] = {"ceremonial": 10}
    data.validate_deck(d)
    d["dice"] = {"fire": 10}
    with pytest.raises(ValueError, match=r"unknown dice type 'fire'"):
        data.validate_deck(d)


def test_conjuration_pile_at_its_limits():
    """Checklist rule 13 (L2070-2083): each conjuration the deck brings in, exactly its limit;
    missing, short and foreign conjurations are refused."""
    d = precon("The Iron Men")
    d["conjurations"] = {"Iron Rhino": 4}
    with pytest.raises(ValueError, match=r"'Iron Rhino' x 4; expected exactly its limit 5"):
        data.validate_deck(d)
    d["conjurations"] = {}
    with pytest.raises(ValueError, match=r"'Iron Rhino' is missing"):
        data.validate_deck(d)
    d["conjurations"] = {"Iron Rhino": 5, "Mist Spirit": 10}
    with pytest.raises(ValueError, match=r"'Mist Spirit' is not brought in"):
        data.validate_deck(d)


def test_first_five_rejects_duplicates():
    """Checklist rule 18 / E18 (L413-417): the First Five are 5 different names from the deck."""
    d = precon("The Iron Men")
    d["first_five"] = ["Anchornaut", "Anchornaut", "Hammer Knight", "Iron Worker", "Protect"]
    with pytest.raises(ValueError, match=r"'Anchornaut' twice"):
        data.validate_deck(d)
    d["first_five"] = ["Anchornaut", "Hammer Knight", "Iron Worker", "Protect"]
    with pytest.raises(ValueError, match=r"4 cards; expected exactly 5"):
        data.validate_deck(d)


def test_phoenixborn_and_unknown_cards_named():
    """Bad input names the bad value: a non-Phoenixborn, an unknown card, a conjuration in the deck."""
    d = precon("The Iron Men")
    d["phoenixborn"] = "Iron Worker"
    with pytest.raises(ValueError, match=r"'Iron Worker' is not a Phoenixborn"):
        data.validate_deck(d)
    d = precon("The Iron Men")
    d["cards"]["Fireball"] = d["cards"].pop("Protect")
    with pytest.raises(ValueError, match=r"unknown card 'Fireball'"):
        data.validate_deck(d)
    d = precon("The Iron Men")
    d["cards"]["Iron Rhino"] = d["cards"].pop("Protect")
    with pytest.raises(ValueError, match=r"'Iron Rhino' is a conjuration"):
        data.validate_deck(d)


def test_setup_and_variant_errors():
    """Unknown setup keys, decks and variant values are refused with what was expected."""
    with pytest.raises(KeyError, match=r"unknown setup key 'deck'"):
        data.load_cards(setup={"deck": "x"})
    with pytest.raises(ValueError, match=r"unknown deck 'Nope'"):
        data.load_cards(setup={"decks": ["Nope"]})
    ct = data.load_cards(variants={"enchanted_violinist": "printed"})
    v = ct.arrays["card_cost"][ct.names.index("Enchanted Violinist")]
    assert v[S.CO_MAIN] == 1 and v[S.CO_BASIC] == 0  # checklist AMB-20: the first printing
    assert np.all(ct.arrays["card_limit"][ct.arrays["card_type"] == S.T_CONJURATION] > 0)
