"""cards.toml and the deck (data.py).

C = ../shared/reference/wizwar/rules_checklist.md (R = rule, A = ambiguity, section 2 = cards).
"""

from __future__ import annotations

from collections import Counter

import pytest

from simlab.games.wizwar import data
from simlab.games.wizwar import state as S


def _deck(ct):
    return Counter(ct.names[i] for i in ct.arrays["deck"])


def test_card_rows_and_school_totals():
    """C 2.1: 92 rows (90 names, Energy split by value); each school block holds 24 copies, the
    White Cantrip class 12 (Thaumaturgy's 24 include Dagger, which has no text)."""
    raw = data.raw_data()["card"]
    assert len(raw) == 92
    totals = Counter()
    for c in raw:
        for school, n in c["copies"].items():
            totals[school] += n
    assert totals["cantrip"] == 12
    assert all(totals[s] == 24 for s in data.SCHOOLS[1:])
    dagger = next(c for c in raw if c["name"] == "Dagger")
    assert "text_missing" in dagger["uncertain"]


def test_first_game_deck_is_cantrips_plus_three_schools():
    """R16, R17: the default deck is the White Cantrips with Alchemy, Elemental and Mentalism;
    only implemented cards enter it (state.IMPLEMENTED), every copy of those does."""
    ct = data.load_cards()
    deck = _deck(ct)
    assert ct.variant_choices["deck"] == "cantrip+alchemy+elemental+mentalism"
    assert deck["Fireball"] == 3 and deck["Powerthrust"] == 2 and deck["Zot!"] == 1
    assert deck["Energy 4"] == 4 and deck["Energy 5"] == 2 and deck["Energy 6"] == 1
    assert "Ka-Bong!" not in deck  # Conjuration is not in the first game
    assert "Homunculus" not in deck  # not implemented (a suspect text): never in play
    for row in ct.rows:
        assert (row["in_deck"] > 0) <= row["implemented"]


def test_all_schools_and_chosen_schools():
    """R179 (Giant Book of Spells) as variant schools=all; R16: any three schools by setup."""
    every = _deck(data.load_cards(variants={"schools": "all"}))
    assert every["Ka-Bong!"] == 2 and every["Powerthrust"] == 3 and every["Full Shield"] == 2
    ct = data.load_cards(setup={"schools": ["conjuration", "mutation", "thaumaturgy"]})
    deck = _deck(ct)
    assert deck["Ka-Bong!"] == 2 and deck["Mad Dash"] == 1 and "Fireball" not in deck
    assert len(ct.arrays["deck"]) <= S.MAXI


@pytest.mark.parametrize("setup,err", [({"schools": ["alchemy"]}, ValueError),
                                       ({"schools": ["alchemy", "elemental", "cooking"]}, KeyError),
                                       ({"decks": []}, KeyError)])
def test_bad_setup_is_refused(setup, err):
    """Validation names the bad value."""
    with pytest.raises(err):
        data.load_cards(setup=setup)


def test_card_override_and_variants():
    """Overrides of a printed energy value; the Shield variant (A-4); unknown names refused."""
    ct = data.load_cards(cards={"Powerthrust": {"energy": 3}}, variants={"shield": "rulebook_example"})
    assert ct.arrays["card_energy"][ct.names.index("Powerthrust")] == 3
    assert ct.arrays["shield_plus"][0] == 1
    with pytest.raises(KeyError):
        data.load_cards(cards={"Nope": {"energy": 1}})
    with pytest.raises(KeyError):
        data.load_cards(cards={"Zot!": {"copies": 1}})


def test_deal_pool_shapes():
    """R18-R23: every deal of the pool has the seats' bases and two treasure start squares each
    inside the seat's own sector, on the arrangement's map."""
    pool = data.deal_pool(3, size=8)
    assert pool["g_nbr"].shape[0] == 8
    for k in range(8):
        for p in range(3):
            assert pool["g_base"][k, p] >= 0
            assert (pool["g_tstart"][k, 2 * p: 2 * p + 2] >= 0).all()
        assert pool["g_base"][k, 3] == -1
