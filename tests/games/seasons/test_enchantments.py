"""Enchanted Kingdom enchantments 1-10 (EK: Karty očarování), one test each, plus setup."""

from __future__ import annotations

import numpy as np
import pytest

from simlab.games.base import root_seed_words
from simlab.games.seasons import GAME, data
from simlab.games.seasons import rules as R
from simlab.games.seasons import state as S
from tests.games.seasons.kit import Position


def test_one_enchantment_random_fixed_or_none():
    """EK: Karty očarování: one enchantment a game, drawn at random or agreed (setup)."""
    seen = set()
    pos = Position(enchantment="random")
    for g in range(60):
        R.setup(pos.st, pos.t, 0, 2, root_seed_words(1), g)
        seen.add(int(pos.st.enchant[0]))
    assert seen == set(range(10))
    assert Position(enchantment="Drought").st.enchant[0] == S.EN_DROUGHT
    assert Position(enchantment="none").st.enchant[0] == -1
    with pytest.raises(KeyError, match="enchantment"):
        data.load_cards(setup={"enchantment": "Drougth"})


def prelude(ench: str, players: int = 2) -> Position:
    pos = Position(players=players, enchantment=ench)
    R.prelude(pos.st, pos.t, 0, pos.prm)
    return pos


def test_elemental_construction_keep_nine_of_eighteen():
    """Elemental Construction: 18 dealt, keep 9 without passing, the rest back into the pile."""
    pos = prelude("Elemental Construction")
    for p in range(2):
        assert [len(pos.names(p, z)) for z in ("hand", "lib2", "lib3")] == [3, 3, 3]
    assert pos.st.cont_n[0, S.C_DISCARD] == 0
    assert pos.st.cont_n[0, S.C_DECK] == pos.st.n_inst[0] - 18
    assert pos.violations() == 0


def test_extended_experience_twelve_cards_piles_of_four():
    """Extended Experience: 12 dealt and drafted, three piles of 4."""
    pos = prelude("Extended Experience")
    for p in range(2):
        assert [len(pos.names(p, z)) for z in ("hand", "lib2", "lib3")] == [4, 4, 4]


def test_natural_selection_first_pick_and_one_more_discarded():
    """Natural Selection: 11 dealt, the first pick discarded, one more discarded after the
    draft: 9 left in three piles of 3."""
    pos = prelude("Natural Selection")
    for p in range(2):
        assert [len(pos.names(p, z)) for z in ("hand", "lib2", "lib3")] == [3, 3, 3]
        assert pos.st.card[0, p, :, S.C_DRAFTED].sum() == 9
    assert pos.st.cont_n[0, S.C_DISCARD] == 4


def test_entangling_roots_one_summon_from_hand_per_turn():
    """Entangling Roots: at most one card summoned from hand per turn."""
    pos = Position(enchantment="Entangling Roots")
    a = pos.give(0, "Runic Cube of Eolis", "hand")
    b = pos.give(0, "Amulet of Earth", "hand")
    pos.set(0, energy=(0, 2, 0, 0), crystals=20, gauge=5)
    pos.begin_turn(0)
    pos.summon(0, a)
    assert not pos.can_summon(0, b)
    pos.begin_turn(0)
    assert pos.can_summon(0, b)


def test_nature_spirit_one_more_energy_from_hand():
    """Nature Spirit: summoning from hand costs one more energy of choice, even crystal-only
    cards; Hand of Fortune may pay it (EK notes)."""
    pos = Position(enchantment="Nature Spirit")
    i = pos.give(0, "Amulet of Earth", "hand")
    pos.set(0, energy=(0, 2, 0, 0), gauge=3)
    pos.begin_turn(0)
    assert not pos.can_summon(0, i)
    pos.set(0, energy=(1, 2, 0, 0))
    pos.summon(0, i)
    assert sum(pos.energy(0)) == 0
    j = pos.give(0, "Runic Cube of Eolis", "hand")
    pos.set(0, crystals=20)
    assert not pos.can_summon(0, j)
    pos.give(0, "Hand of Fortune", "play")
    assert not pos.can_summon(0, j)  # 1 energy: Hand of Fortune never goes below 1
    k = pos.give(0, "Amulet of Earth", "hand")
    pos.set(0, energy=(0, 2, 0, 0))
    assert pos.can_summon(0, k)  # 2 earth + 1 of choice, minus 1 (Hand of Fortune)


def test_argos_embrace_keeping_a_card_costs_five_crystals():
    """Argos' Embrace: keeping a card taken into hand costs 5 crystals; with 4 or fewer the player
    sacrifices or discards a card (the new one if it has nothing else); Library cards are free."""
    pos = Position(enchantment="Argos' Embrace")
    pos.set(0, crystals=7)
    top = pos.on_top("Olaf's Blessed Statue")[0]
    pos.begin_turn(0)
    R.draw_must_keep(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.crystals(0) == 2 and pos.where(top) == (0, "hand")
    pos.on_top("Amulet of Air")
    R.draw_must_keep(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.crystals(0) == 2 and len(pos.names(0, "hand")) == 1
    lib = pos.give(0, "Purse of Io", "lib2")
    R.move_season(pos.st, pos.t, 0, pos.prm, 12)
    assert pos.where(lib) == (0, "hand") and pos.crystals(0) == 2


def test_argos_embrace_rulebook_example_amulet_of_fire_costs_one_card_only():
    """EK rulebook example under Argos' Embrace: Amulet of Fire draws 4 cards but the player keeps
    only one, so it pays 5 crystals once (not 20)."""
    pos = Position(enchantment="Argos' Embrace")
    pos.set(0, crystals=12)
    pos.on_top("Olaf's Blessed Statue", "Amulet of Air", "Kairn the Destroyer", "Runic Cube of Eolis")
    pos.put(0, "Amulet of Fire")
    assert len(pos.names(0, "hand")) == 1
    assert pos.crystals(0) == 12 - 5


def test_ios_bounty_one_more_crystal_per_transmuted_energy():
    """Io's Bounty: +1 crystal per energy transmuted, on top of Purse of Io."""
    pos = Position(enchantment="Io's Bounty")
    pos.give(0, "Purse of Io", "play")
    pos.set(0, energy=(0, 2, 0, 0))
    pos.begin_turn(0)
    R.transmute(pos.st, pos.t, 0, 0, S.EARTH, 2)
    assert pos.crystals(0) == 2 * (3 + 1 + 1)


def test_olafs_knowledge_draw_bonus():
    """Olaf's Knowledge: a fifth bonus, draw a card (keep or discard), still at most 3 bonuses."""
    pos = Position(enchantment="Olaf's Knowledge", params={"max_bonus": 1.0})
    st = pos.st
    st.dice[0, 0, 0] = 0
    st.roll[0, 0] = 3  # 2 air, star
    st.taken[0, :] = 0
    R.play_turn(st, pos.t, 0, pos.prm, 0)
    assert st.bonus_n[0, 0] == 1 and st.seat[0, 0, S.S_DRAWN] == 1


def test_drought_strikes_the_crystal_leader_once_a_year():
    """Drought: entering summer, the strict crystal leader sacrifices a card or loses a reserve
    space for good (no card: the reserve); once a year; a tie spares everyone."""
    pos = Position(enchantment="Drought", month=6)
    pos.set(0, crystals=10, energy=(4, 3, 0, 0))
    R.move_season(pos.st, pos.t, 0, pos.prm, 1)
    assert pos.st.reduced[0, 0] == 1 and sum(pos.energy(0)) == 6
    R.move_season(pos.st, pos.t, 0, pos.prm, -3)
    R.move_season(pos.st, pos.t, 0, pos.prm, 3)
    assert pos.st.reduced[0, 0] == 1  # once a year
    pos = Position(enchantment="Drought", month=6)
    pos.set(0, crystals=10)
    pot = pos.give(0, "Potion of Power", "play")
    pos.set(0, gauge=1)
    R.move_season(pos.st, pos.t, 0, pos.prm, 2)
    assert pos.where(pot)[1] == "discard" and pos.st.reduced[0, 0] == 0
    pos = Position(enchantment="Drought", month=6)
    pos.set(0, crystals=10)
    pos.set(1, crystals=10)
    R.move_season(pos.st, pos.t, 0, pos.prm, 1)
    assert pos.st.reduced[0].sum() == 0


def test_vision_of_destiny_pay_five_to_discard_the_top_card():
    """Vision of Destiny: after the die, pay 5 crystals (needs 5) to discard the top card, once a
    turn (the random bot uses it; the heuristic does not)."""
    pos = Position(enchantment="Vision of Destiny", bots=["random", "random"])
    top = pos.on_top("Olaf's Blessed Statue")[0]
    pos.set(0, crystals=4)
    pos.begin_turn(0)
    for _ in range(20):
        R.vision_of_destiny(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.where(top) == (-1, "deck")
    pos.set(0, crystals=10)
    for _ in range(40):
        R.vision_of_destiny(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.where(top) == (-1, "discard") and pos.crystals(0) == 5


@pytest.mark.parametrize("ench", data.enchantment_names())
def test_every_enchantment_plays_clean(ench):
    """Each enchantment fixed by setup: random and default bots play 3-player games with no
    invariant violations."""
    ct = GAME.load_cards(setup={"enchantment": ench})
    for bot in ("random", "balanced"):
        raw = GAME.play(np.arange(40), root_seed_words(4), 3, GAME.bot_matrix([(bot, None)] * 3), ct, check=True)
        assert (raw["games"]["violations"] == 0).all()
        assert (raw["games"]["enchantment"] == data.enchantment_names().index(ench)).all()
