"""The Custom Spellbook optional rule (R176, rulebook p. 17): two teams, each with its own deck of
one cantrip class and three schools drafted from one box, each drawing and discarding only from
its own deck. simlab: setup key ``schools_1`` names the second team's schools; seat p plays on
team p % 2 (docs/wizwar.md)."""

from __future__ import annotations

import numpy as np
import pytest

from simlab.games.base import root_seed_words
from simlab.games.wizwar import GAME, data
from simlab.games.wizwar import rules as R
from simlab.games.wizwar import state as S
from tests.games.wizwar.kit import Position

pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")

A = ["alchemy", "elemental", "mentalism"]
B = ["conjuration", "mutation", "thaumaturgy"]


def test_two_decks_are_built_from_disjoint_schools():
    """R176: each deck is a cantrip class plus three schools; together they hold the cards of
    both single decks, each card marked with its team; n_decks = 2."""
    one = data.load_cards(setup={"schools": A})
    other = data.load_cards(setup={"schools": B})
    two = data.load_cards(setup={"schools": A, "schools_1": B})
    team = two.arrays["deck_team"]
    assert two.arrays["n_decks"][0] == 2 and one.arrays["n_decks"][0] == 1
    assert sorted(two.arrays["deck"][team == 0]) == sorted(one.arrays["deck"])
    assert sorted(two.arrays["deck"][team == 1]) == sorted(other.arrays["deck"])
    assert (one.arrays["deck_team"] == 0).all()
    assert two.variant_choices["deck"] == ("cantrip+alchemy+elemental+mentalism | "
                                           "cantrip+conjuration+mutation+thaumaturgy")


@pytest.mark.parametrize("setup,err,match", [
    ({"schools": A, "schools_1": ["alchemy", "mutation", "thaumaturgy"]}, ValueError,
     r"school 'alchemy' is already in the first deck.*R176"),
    ({"schools_1": ["alchemy", "conjuration", "mutation"]}, ValueError, r"'alchemy' is already in the first deck"),
    ({"schools_1": "mutation"}, ValueError, r"setup 'schools_1': expected a list of three school names"),
    ({"schools_1": 3}, ValueError, r"expected a list of three school names, got 3"),
    ({"schools_1": ["mutation", "necromancy", "conjuration"]}, KeyError, r"unknown school 'necromancy'"),
    ({"schools_1": ["mutation", "conjuration"]}, ValueError, r"three different schools"),
    ({"schools": 7}, ValueError, r"setup 'schools': expected a list"),
])
def test_bad_second_decks_are_refused(setup, err, match):
    """Bad input names the key, the value and what was expected."""
    with pytest.raises(err, match=match):
        data.load_cards(setup=setup)


def test_second_deck_and_giant_book_do_not_mix():
    """R179 (all schools in one deck) leaves nothing to split between two teams."""
    with pytest.raises(ValueError, match=r"cannot be combined with the variant schools = 'all'"):
        data.load_cards(variants={"schools": "all"}, setup={"schools_1": B})


def _team_of_cards(st, b, zone):
    return {int(st.deck_of[b, st.cont[b, zone, k]]) for k in range(st.cont_n[b, zone])}


def test_each_team_draws_only_from_its_own_deck():
    """R176: after setup seat 0's five cards come from deck 0 and seat 1's from deck 1; each deck
    is shuffled on its own; draws come off the drawer's deck."""
    pos = Position(players=2, setup={"schools": A, "schools_1": B}, keep_hands=True)
    st = pos.st
    assert _team_of_cards(st, 0, S.hand_of(0)) == {0} and _team_of_cards(st, 0, S.hand_of(1)) == {1}
    assert _team_of_cards(st, 0, S.Z_DECK) == {0} and _team_of_cards(st, 0, S.Z_DECK1) == {1}
    n0, n1 = st.cont_n[0, S.Z_DECK], st.cont_n[0, S.Z_DECK1]
    i = R.draw_card(st, pos.t, 0, 1)
    assert st.deck_of[0, i] == 1 and st.cont_n[0, S.Z_DECK] == n0 and st.cont_n[0, S.Z_DECK1] == n1 - 1


def test_cards_go_back_to_their_own_discard_pile_and_reshuffle_alone():
    """R176 with R171: a card of team 1's deck held by seat 0 (e.g. taken from a victim, R157) is
    discarded to team 1's pile; when team 1's deck runs out only its own pile is reshuffled."""
    pos = Position(players=2, setup={"schools": A, "schools_1": B})
    st, t = pos.st, pos.t
    i = int(st.cont[0, S.Z_DECK1, 0])
    S.place(st, 0, i, S.hand_of(0))
    R.discard(st, 0, i)
    assert st.c_cont[0, i] == S.Z_DISCARD1
    while st.cont_n[0, S.Z_DECK1]:  # empty team 1's deck into its discard pile
        R.discard(st, 0, int(st.cont[0, S.Z_DECK1, 0]))
    in_pile = int(st.cont_n[0, S.Z_DISCARD1])
    shared_pile = int(st.cont_n[0, S.Z_DISCARD])
    R.draw_card(st, t, 0, 1)
    assert st.cont_n[0, S.Z_DECK1] == in_pile - 1 and st.cont_n[0, S.Z_DISCARD1] == 0
    assert st.cont_n[0, S.Z_DISCARD] == shared_pile
    assert any("second team" in line for line in pos.log())
    assert S.count_violations(st, t, 0) == 0


@pytest.mark.parametrize("players", [2, 4])
def test_whole_games_keep_every_card_in_its_own_deck(players):
    """Balanced and random bots play whole games under the rule with every invariant checked
    after every turn (cards never cross into the other deck's piles); seats 0 and 2 share deck
    0, seats 1 and 3 deck 1."""
    ct = GAME.load_cards(setup={"schools": A, "schools_1": B})
    for preset in ("balanced", "random"):
        bots = GAME.bot_matrix([(preset, None)] * players)
        raw = GAME.play(np.arange(40), root_seed_words(3), players, bots, ct, check=True)
        assert (np.asarray(raw["games"]["violations"]) == 0).all()
