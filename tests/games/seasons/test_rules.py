"""Seasons base rules: setup, prelude, dice, reserve, gauge, summoning, time, bonuses, scoring.

F = ../shared/reference/seasons/rules_facts.md (section named in each docstring);
EK = the Enchanted Kingdom rulebook (../shared/rules/seasons_enchanted_kingdom_rules_cs.txt).
"""

from __future__ import annotations

import numpy as np
import pytest

from simlab.games.base import root_seed_words
from simlab.games.seasons import GAME, data
from simlab.games.seasons import rules as R
from simlab.games.seasons import state as S
from tests.games.seasons.kit import Position


def test_setup_deck_wheel_dice_and_tokens():
    """F: Components, Board (setup: year I, space 1), Dice pool (players + 1 dice per season kept
    all game); EK: Žetony zvláštních schopností (3 random tokens each)."""
    pos = Position(players=3)
    st = pos.st
    implemented = [r for r in pos.ct.rows if r["in_deck"]]
    assert st.cont_n[0, S.C_DECK] == 2 * len(implemented) == st.n_inst[0]
    assert (st.month[0], st.year[0]) == (1, 1)
    for se in range(4):
        dice = st.dice[0, se, :4]
        assert len(set(dice.tolist())) == 4 and dice.max() < 5
    R.setup(st, pos.t, 0, 3, root_seed_words(5), 7)
    dealt = st.token_deal[0, :3].reshape(-1)
    assert len(set(dealt.tolist())) == 9 and dealt.min() >= 1 and dealt.max() <= 12


def test_unimplemented_cards_left_out_and_refused(monkeypatch):
    """docs/seasons.md: cards whose effect is not implemented are not in the deck, and a scenario
    forcing one in is refused with a clear error (every card is implemented now, so the test
    withdraws one)."""
    monkeypatch.setattr(S, "IMPLEMENTED", S.IMPLEMENTED - {"raven"})
    ct = data.load_cards()
    row = {r["card"]: r for r in ct.rows}
    assert not row["Raven the Usurper"]["implemented"] and not row["Raven the Usurper"]["in_deck"]
    assert row["Amulet of Earth"]["in_deck"]
    with pytest.raises(ValueError, match="not implemented"):
        data.load_cards(setup={"include": ["Raven the Usurper"]})
    with pytest.raises(KeyError, match="unknown setup key"):
        data.load_cards(setup={"decks": "full"})
    beginner = data.load_cards(setup={"deck": "beginner", "expansion_cards": False})
    assert all(r["number"] <= 30 and r["set"] == "base" for r in beginner.rows if r["in_deck"])


def test_prelude_draft_passes_left_and_makes_three_piles():
    """F: Prelude: 9 cards each, pick one and pass the rest to the left, then 3 piles of 3: year I
    to hand, years II and III under the Library tokens. Two Olaf's Blessed Statues dealt to P1:
    P1 picks one and passes the other to P2."""
    pos = Position(players=2)
    pos.on_top("Olaf's Blessed Statue", "Olaf's Blessed Statue")  # top of the pile: P1's packet
    R.prelude(pos.st, pos.t, 0, pos.prm)
    for p in range(2):
        assert [len(pos.names(p, z)) for z in ("hand", "lib2", "lib3")] == [3, 3, 3]
        statue = pos.card_id("Olaf's Blessed Statue")
        assert pos.st.card[0, p, statue, S.C_DRAFTED] == 1
        assert pos.st.card[0, :, :, S.C_DRAFTED][p].sum() == 9
    assert pos.violations() == 0


def test_token_kept_is_one_of_the_three_dealt():
    """EK: after the prelude each player keeps one of its 3 tokens (bots: the per-token table)."""
    pos = Position(players=2, params={"tokval_7": 50.0})
    pos.st.token_deal[0, 0] = (3, 7, 12)
    pos.st.token_deal[0, 1] = (1, 2, 4)
    R.prelude(pos.st, pos.t, 0, pos.prm)
    assert pos.st.token[0, 0] == 7
    assert pos.st.token[0, 1] in (1, 2, 4)


def test_round_rolls_players_plus_one_dice_and_leaves_one():
    """F: Board, time and years: roll players + 1 dice of the season, each player takes one in
    turn from the first player, the die left moves time by its pips; the first player passes."""
    pos = Position(players=3)
    st = pos.st
    R.play_round(st, pos.t, 0, pos.prm)
    assert st.taken[0, :4].sum() == 3
    left = int(np.flatnonzero(st.taken[0, :4] == 0)[0])
    pips = pos.t.face_pips[0, st.dice[0, 0, left], st.roll[0, left]]
    assert st.month[0] == 1 + pips
    assert st.first[0] == 1
    assert st.seat[0, :3, S.S_TURNS].tolist() == [1, 1, 1]


def test_die_face_applies_energy_crystals_star_transmute():
    """F: Die faces: energy icons into the reserve, the number as crystals, the star +1 gauge,
    the circle allows transmuting this turn."""
    pos = Position(players=2)
    st = pos.st
    # winter die 1 face 0: 1 fire, star, transmute; winter die 1 face 2: 2 water, 3 crystals
    st.dice[0, 0, 0] = 0
    st.roll[0, 0] = 0
    pos.begin_turn(0)
    R.apply_die(st, pos.t, 0, 0, pos.prm, 0)
    assert pos.energy(0) == [0, 0, 1, 0] and pos.gauge(0) == 1 and st.can_trans[0] == 1
    st.roll[0, 0] = 2
    R.apply_die(st, pos.t, 0, 1, pos.prm, 0)
    assert pos.energy(1) == [2, 0, 0, 0] and pos.crystals(1) == 3
    assert pos.violations() == 0


def test_die_card_face_draws_keep_or_discard():
    """F: Die faces: the card symbol draws a power card, kept or discarded."""
    pos = Position(players=2)
    st = pos.st
    st.dice[0, 0, 0] = 0
    st.roll[0, 0] = 4  # winter die 1 face 5: draw
    top = pos.on_top("Olaf's Blessed Statue")[0]
    pos.begin_turn(0)
    R.apply_die(st, pos.t, 0, 0, pos.prm, 0)
    assert pos.where(top) == (0, "hand")
    assert st.seat[0, 0, S.S_DRAWN] == 1


def test_reserve_holds_seven_excess_discarded():
    """F: Player board: the reserve holds 7 energies; the excess is discarded at once."""
    pos = Position()
    pos.set(0, energy=(3, 3, 0, 0))
    R.gain_energy(pos.st, pos.t, 0, 0, pos.prm, S.FIRE, 3)
    assert sum(pos.energy(0)) == 7
    assert pos.violations() == 0


def test_gauge_stops_at_fifteen():
    """F: Player board: the summoning gauge runs 0-15."""
    pos = Position()
    pos.set(0, gauge=14)
    R.change_gauge(pos.st, 0, 0, 3)
    assert pos.gauge(0) == 15


@pytest.mark.parametrize("month,energy,value", [(1, S.EARTH, 3), (4, S.FIRE, 3), (7, S.AIR, 3),
                                                (10, S.WATER, 3), (1, S.WATER, 1), (7, S.WATER, 2)])
def test_transmutation_rates_by_season(month, energy, value):
    """F: Transmutation table: the energy missing from a season's dice pays 3, the rare one 2."""
    pos = Position(month=month)
    e = [0, 0, 0, 0]
    e[energy] = 2
    pos.set(0, energy=tuple(e))
    pos.begin_turn(0)
    assert R.transmute(pos.st, pos.t, 0, 0, energy, 2) == 2 * value
    assert pos.crystals(0) == 2 * value and sum(pos.energy(0)) == 0


def test_summoning_needs_gauge_above_cards_in_play_and_the_cost():
    """F: Player board, summoning: the gauge must exceed the cards in play, then pay the cost."""
    pos = Position()
    i = pos.give(0, "Amulet of Earth", "hand")
    pos.set(0, energy=(0, 2, 0, 0), gauge=0)
    pos.begin_turn(0)
    assert not pos.can_summon(0, i)
    pos.set(0, gauge=1)
    assert pos.can_summon(0, i)
    pos.set(0, energy=(0, 1, 0, 1))
    assert not pos.can_summon(0, i)
    pos.set(0, energy=(0, 2, 0, 1))
    pos.summon(0, i)
    assert pos.energy(0) == [0, 0, 0, 1] and pos.crystals(0) == 9
    j = pos.give(0, "Olaf's Blessed Statue", "hand")
    pos.set(0, energy=(3, 0, 0, 0))
    assert not pos.can_summon(0, j)  # gauge 1, one card in play
    assert pos.violations() == 0


def test_crystal_cost_paid_from_the_track():
    """F: Player board: costs in crystals are paid from the crystal track."""
    pos = Position()
    i = pos.give(0, "Runic Cube of Eolis", "hand")
    pos.set(0, crystals=19, gauge=1)
    pos.begin_turn(0)
    assert not pos.can_summon(0, i)
    pos.set(0, crystals=25)
    pos.summon(0, i)
    assert pos.crystals(0) == 5


def test_new_year_takes_library_cards_and_game_ends_after_year_three():
    """F: Board, time and years: passing space 12 starts a new year and each player takes its
    Library pile; the game ends when year III is over."""
    pos = Position(month=11)
    a = pos.give(0, "Amulet of Air", "lib2")
    b = pos.give(1, "Amulet of Fire", "lib3")
    R.move_season(pos.st, pos.t, 0, pos.prm, 3)
    assert (pos.st.month[0], pos.st.year[0]) == (2, 2)
    assert pos.where(a) == (0, "hand") and pos.where(b) == (1, "lib3")
    pos.st.year[0] = 3
    pos.st.month[0] = 12
    R.move_season(pos.st, pos.t, 0, pos.prm, 1)
    assert pos.st.ending[0] == 1


def test_full_game_lasts_three_years():
    """F: Board, time and years: about 18 rounds, ending after year III; every player has as many
    turns as rounds."""
    raw = GAME.play(np.arange(20), root_seed_words(2), 2, GAME.bot_matrix([("balanced", None)] * 2),
                    GAME.load_cards(), check=True)
    rounds = raw["games"]["rounds"]
    assert (raw["games"]["violations"] == 0).all()
    assert 12 <= rounds.min() and rounds.max() <= 36
    assert (raw["games"]["turns"] == 2 * rounds).all()
    assert (raw["games"]["end_reason"] == 0).all()


def test_change_of_season_fires_once_per_season():
    """F: 'Change of season' triggers fire when the time move changes season (Hourglass of Time)."""
    pos = Position(month=2)
    pos.give(0, "Hourglass of Time", "play")
    R.move_season(pos.st, pos.t, 0, pos.prm, 1)  # space 3: still winter
    assert sum(pos.energy(0)) == 0
    R.move_season(pos.st, pos.t, 0, pos.prm, 1)  # space 4: spring
    assert sum(pos.energy(0)) == 1


def test_bonus_penalty_and_at_most_three():
    """F: Bonus track: at most 3 bonuses; -5, -12, -20 prestige at the end for 1, 2, 3."""
    for n, pen in ((0, 0), (1, 5), (2, 12), (3, 20)):
        pos = Position()
        pos.st.bonus_n[0, 0] = n
        sc = pos.score()
        assert sc[0, S.S_BONUS_PENALTY] == pen
        assert sc[0, S.S_PRESTIGE] == -pen


def test_bonus_penalty_variant():
    """cards.toml [variants.bonus_penalty]: a study may probe 5/10/15."""
    pos = Position(variants={"bonus_penalty": "5/10/15"})
    pos.st.bonus_n[0, 0] = 3
    assert pos.score()[0, S.S_BONUS_PENALTY] == 15


def test_gauge_bonus_lets_a_card_be_summoned():
    """F: Bonus track, bonus 3: +1 summoning gauge (the bot spends it on a good card)."""
    pos = Position(params={"bonus_min": 0.0})
    i = pos.give(0, "Amulet of Earth", "hand")
    pos.set(0, energy=(0, 2, 0, 0), gauge=0)
    pos.begin_turn(0)
    R.summon_phase(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.where(i) == (0, "play") and pos.st.bonus_n[0, 0] == 1


def test_exchange_bonus_swaps_two_energies():
    """F: Bonus track, bonus 1: exchange up to 2 reserve energies for others."""
    pos = Position(params={"bonus_min": 0.0})
    i = pos.give(0, "Amulet of Earth", "hand")
    pos.set(0, energy=(2, 0, 0, 0), gauge=1)
    pos.begin_turn(0)
    R.summon_phase(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.where(i) == (0, "play") and pos.st.bonus_n[0, 0] == 1
    assert pos.energy(0) == [0, 0, 0, 0]


def test_transmute_bonus_adds_one_crystal_each():
    """F: Bonus track, bonus 2: transmute this turn with +1 crystal per energy."""
    pos = Position(month=10, year=3, params={"bonus_trans": 3.0})
    pos.set(0, energy=(3, 0, 0, 0))
    pos.begin_turn(0)
    R.transmute_phase(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.st.bonus_n[0, 0] == 1 and pos.crystals(0) == 3 * (3 + 1)


def test_end_scoring_crystals_cards_hand_penalty():
    """F: End of game scoring: crystals + printed prestige in play - 5 per card in hand."""
    pos = Position()
    pos.set(0, crystals=40)
    pos.give(0, "Amulet of Air", "play")      # 6
    pos.give(0, "Cursed Treatise of Arus", "play")  # -10
    pos.give(0, "Olaf's Blessed Statue", "hand")
    pos.give(0, "Amulet of Fire", "hand")
    sc = pos.score()
    assert sc[0, S.S_CARD_PRESTIGE] == -4
    assert sc[0, S.S_HAND_PENALTY] == -10
    assert sc[0, S.S_PRESTIGE] == 40 - 4 - 10


def test_tie_is_a_shared_win():
    """Ruling (docs/seasons.md): equal best prestige shares the win (winner -1)."""
    pos = Position()
    pos.set(0, crystals=10)
    pos.set(1, crystals=10)
    pos.score()
    assert pos.st.winner[0] == -1
    pos.set(1, crystals=11)
    pos.score()
    assert pos.st.winner[0] == 1


def test_empty_draw_pile_reshuffles_the_discard_pile():
    """F: Prelude / EK terminology: when the draw pile is empty, the discard pile is shuffled
    into a new draw pile."""
    pos = Position()
    st = pos.st
    while st.cont_n[0, S.C_DECK] > 1:
        R.place(st, 0, st.cont[0, S.C_DECK, 0], S.C_DISCARD)
    R.draw_top(st, 0, S.C_REVEAL)
    assert st.cont_n[0, S.C_DECK] == 0
    i = R.draw_top(st, 0, S.C_REVEAL)
    assert i >= 0 and st.cont_n[0, S.C_DISCARD] == 0
    assert pos.violations() == 0


def test_violation_counter_catches_broken_state():
    """The invariant check is not vacuous: energy conjured outside the rules is caught, and so are
    a reserve over its size and more cards in play than the gauge."""
    pos = Position()
    assert pos.violations() == 0
    pos.st.energy[0, 0, 0] += 1
    assert pos.violations() >= 1
    pos.st.energy[0, 0, 0] -= 1
    pos.give(0, "Amulet of Air", "play")
    assert pos.violations() == 1


def test_first_roll_faces_are_uniform():
    """F: Die faces (the physical dice are fair d6, unlike BGA's 1-5 roll): over many first
    rounds each face index comes up 1/6 of the time (within 4 standard errors)."""
    raw = np.zeros(6)
    pos = Position()
    for g in range(600):
        R.setup(pos.st, pos.t, 0, 2, root_seed_words(9), g)
        R.roll_season_dice(pos.st, pos.t, 0)
        for k in range(3):
            raw[pos.st.roll[0, k]] += 1
    n = raw.sum()
    se = np.sqrt(n * (1 / 6) * (5 / 6))
    assert np.all(np.abs(raw - n / 6) < 4 * se)


@pytest.mark.parametrize("season", range(4))
def test_dice_data_matches_the_published_totals(season):
    """F: Die faces, per-season totals over the 30 faces: main energy 24 icons, second 12, rare 6,
    missing 0; crystals 22; stars 15; transmute 10; draw 3; mean pips 2.0 (Board, time and years).
    F: Transmutation: the missing energy pays 3, the rare one 2, the others 1."""
    a = data.load_cards().arrays
    energy = a["face_energy"][season].reshape(-1, 4).sum(axis=0)
    assert sorted(energy.tolist()) == [0, 6, 12, 24]
    assert a["face_crystals"][season].sum() == 22
    flags = a["face_flags"][season]
    assert ((flags & S.FF_STAR) > 0).sum() == 15
    assert ((flags & S.FF_TRANS) > 0).sum() == 10
    assert ((flags & S.FF_DRAW) > 0).sum() == 3
    assert a["face_pips"][season].mean() == 2.0
    rates = a["transmute"][season]
    assert rates[int(np.argmin(energy))] == 3 and rates[int(np.argsort(energy)[1])] == 2
