"""One test per implemented power card effect (simlab's effect codes in cards.toml).

Card facts (costs, prestige) from ../shared/reference/seasons/cards.json; the effect each test
checks is named in its docstring, with the FAQ note it follows where there is one.
"""

from __future__ import annotations

from simlab.games.seasons import rules as R
from simlab.games.seasons import state as S
from tests.games.seasons.kit import Position


def test_amulet_of_air_gauge_plus_two():
    """Amulet of Air (2 air): enters play -> summoning gauge +2."""
    pos = Position()
    i = pos.give(0, "Amulet of Air", "hand")
    pos.set(0, energy=(0, 0, 0, 2), gauge=1)
    pos.begin_turn(0)
    pos.summon(0, i)
    assert pos.gauge(0) == 3 and sum(pos.energy(0)) == 0


def test_amulet_of_fire_draws_four_keeps_one():
    """Amulet of Fire: draw 4, one into hand, the others discarded."""
    pos = Position()
    top = pos.on_top("Olaf's Blessed Statue", "Amulet of Air", "Kairn the Destroyer", "Runic Cube of Eolis")
    pos.put(0, "Amulet of Fire")
    where = sorted(pos.where(i)[1] for i in top)
    assert where == ["discard"] * 3 + ["hand"]
    # the bot's best: Olaf's Statue (20 crystals, cheap) over Runic Cube (30 prestige, costly)
    assert pos.names(0, "hand") == ["Olaf's Blessed Statue"]


def test_amulet_of_earth_nine_crystals():
    """Amulet of Earth: +9 crystals."""
    pos = Position()
    pos.put(0, "Amulet of Earth")
    assert pos.crystals(0) == 9


def test_balance_of_ishtar_corrected_three_energies_nine_crystals():
    """Balance of Ishtar, corrected printing (default): costs 2 crystals; activated, 3 identical
    energies -> 9 crystals; Purse of Io adds 1 per energy (cards.json note)."""
    pos = Position()
    i = pos.give(0, "Balance of Ishtar", "hand")
    pos.set(0, energy=(3, 1, 0, 0), crystals=2, gauge=2)
    pos.begin_turn(0)
    pos.summon(0, i)
    assert pos.crystals(0) == 0
    pos.activate(0, i)
    assert pos.crystals(0) == 9 and pos.energy(0) == [0, 1, 0, 0]
    assert not R.can_activate(pos.st, pos.t, 0, 0, i)  # turned: once a round
    pos.give(0, "Purse of Io", "play")
    pos.st.c_tap[0, i] = 0
    pos.set(0, energy=(0, 3, 0, 0))
    pos.activate(0, i)
    assert pos.crystals(0) == 9 + 12


def test_balance_of_ishtar_first_printing_variant():
    """Balance of Ishtar, first printing (data variant): costs 6 crystals, 4 identical -> 12."""
    pos = Position(variants={"balance_ishtar": "first_printing"})
    i = pos.give(0, "Balance of Ishtar", "hand")
    pos.set(0, energy=(3, 0, 0, 0), crystals=6, gauge=1)
    pos.begin_turn(0)
    pos.summon(0, i)
    assert not R.can_activate(pos.st, pos.t, 0, 0, i)
    pos.set(0, energy=(4, 0, 0, 0))
    pos.activate(0, i)
    assert pos.crystals(0) == 12


def test_staff_of_spring_three_crystals_per_summon_from_hand():
    """Staff of Spring: +3 crystals per card summoned from hand; not for a card put into play by
    another card (cards.json FAQ note: Potion of Dreams)."""
    pos = Position()
    pos.give(0, "Staff of Spring", "play")
    i = pos.give(0, "Runic Cube of Eolis", "hand")
    pos.set(0, crystals=20, gauge=5)
    pos.begin_turn(0)
    pos.summon(0, i)
    assert pos.crystals(0) == 3
    pot = pos.give(0, "Potion of Dreams", "play")
    pos.give(0, "Amulet of Air", "hand")
    pos.activate(0, pot)
    assert pos.names(0, "play").count("Amulet of Air") == 1 and pos.crystals(0) == 3


def test_temporal_boots_move_the_season():
    """Temporal Boots: the season token moves 1-3 spaces either way (not before year I space 1;
    the heuristic moves forward 1 outside year III; in year III back 3 when behind, forward 3
    when well ahead)."""
    pos = Position()
    pos.put(0, "Temporal Boots")
    assert pos.st.month[0] == 2
    pos = Position(month=2, year=3)
    pos.set(1, crystals=20)
    pos.put(0, "Temporal Boots")
    assert (pos.st.month[0], pos.st.year[0]) == (11, 2)
    pos = Position(month=2, year=3)
    pos.set(0, crystals=20)
    pos.put(0, "Temporal Boots")
    assert (pos.st.month[0], pos.st.year[0]) == (5, 3)


def test_purse_of_io_one_more_crystal_per_energy():
    """Purse of Io: +1 crystal per energy transmuted."""
    pos = Position()
    pos.give(0, "Purse of Io", "play")
    pos.set(0, energy=(0, 2, 0, 0))
    pos.begin_turn(0)
    R.transmute(pos.st, pos.t, 0, 0, S.EARTH, 2)
    assert pos.crystals(0) == 2 * (3 + 1)


def test_divine_chalice_puts_the_best_of_four_into_play_free():
    """Divine Chalice: draw 4, one into play free (gauge permitting, its effect applies), the rest
    discarded (cards.json FAQ note)."""
    pos = Position()
    top = pos.on_top("Olaf's Blessed Statue", "Amulet of Air", "Kairn the Destroyer", "Purse of Io")
    pos.set(0, gauge=2)
    pos.put(0, "Divine Chalice")
    assert pos.where(top[0]) == (0, "play") and pos.crystals(0) == 20
    assert [pos.where(i)[1] for i in top[1:]] == ["discard"] * 3
    pos2 = Position()
    top = pos2.on_top("Olaf's Blessed Statue", "Amulet of Air", "Kairn the Destroyer", "Purse of Io")
    pos2.set(0, gauge=1)  # the Chalice fills the gauge: the chosen card is discarded
    pos2.put(0, "Divine Chalice")
    assert all(pos2.where(i)[1] == "discard" for i in top)


def test_syllas_each_opponent_sacrifices_a_card():
    """Syllas the Faithful: every opponent sacrifices one card in play (its least valued)."""
    pos = Position(players=3)
    pos.give(1, "Amulet of Air", "play")
    cheap = pos.give(1, "Potion of Power", "play")
    pos.put(0, "Syllas the Faithful")
    assert pos.where(cheap) == (-1, "discard")
    assert pos.names(1, "play") == ["Amulet of Air"] and pos.names(2, "play") == []


def test_figrim_collects_a_crystal_at_each_change_of_season():
    """Figrim the Avaricious: at each change of season each opponent gives 1 crystal if able."""
    pos = Position(players=3, month=3)
    pos.give(0, "Figrim the Avaricious", "play")
    pos.set(1, crystals=5)
    R.move_season(pos.st, pos.t, 0, pos.prm, 1)
    assert pos.crystals(0) == 1 and pos.crystals(1) == 4 and pos.crystals(2) == 0


def test_figrim_costs_depend_on_players():
    """Figrim's crystal cost: 3/6/9 for 2/3/4 players (cards.json cost_by_player_count)."""
    for players, cost in ((2, 3), (3, 6), (4, 9)):
        pos = Position(players=players)
        i = pos.give(0, "Figrim the Avaricious", "hand")
        pos.set(0, crystals=cost, gauge=1)
        pos.begin_turn(0)
        pos.summon(0, i)
        assert pos.crystals(0) == 0


def test_naria_keeps_one_and_deals_one_to_each_opponent():
    """Naria the Prophetess: draw one card per player, keep one, give one to each opponent."""
    pos = Position(players=3)
    pos.put(0, "Naria the Prophetess")
    assert [len(pos.names(p, "hand")) for p in range(3)] == [1, 1, 1]


def test_wondrous_chest_three_crystals_with_four_energies():
    """Wondrous Chest: at round end, 4+ reserve energies -> +3 crystals."""
    pos = Position()
    pos.give(0, "Wondrous Chest", "play")
    pos.set(0, energy=(1, 1, 1, 0))
    R.round_end(pos.st, pos.t, 0, pos.prm)
    assert pos.crystals(0) == 0
    pos.set(0, energy=(1, 1, 1, 1))
    R.round_end(pos.st, pos.t, 0, pos.prm)
    assert pos.crystals(0) == 3


def test_beggars_horn_energy_when_nearly_empty():
    """Beggar's Horn: at round end, at most 1 reserve energy -> +1 energy."""
    pos = Position()
    pos.give(0, "Beggar's Horn", "play")
    pos.set(0, energy=(1, 0, 0, 0))
    R.round_end(pos.st, pos.t, 0, pos.prm)
    assert sum(pos.energy(0)) == 2
    R.round_end(pos.st, pos.t, 0, pos.prm)
    assert sum(pos.energy(0)) == 2


def test_kairn_one_energy_opponents_lose_four():
    """Kairn the Destroyer: activated, pay 1 energy: every opponent loses 4 crystals (to 0)."""
    pos = Position(players=3)
    k = pos.give(0, "Kairn the Destroyer", "play")
    pos.set(0, energy=(0, 1, 0, 0))
    pos.set(1, crystals=10)
    pos.set(2, crystals=2)
    pos.begin_turn(0)
    pos.activate(0, k)
    assert pos.crystals(1) == 6 and pos.crystals(2) == 0 and sum(pos.energy(0)) == 0


def test_amsug_each_player_takes_back_a_magic_item():
    """Amsug Longneck: every player (the owner too) takes one magic item in play back to hand;
    familiars stay; a player without items is unaffected."""
    pos = Position(players=3)
    pos.give(0, "Amulet of Earth", "play")
    pos.give(1, "Runic Cube of Eolis", "play")
    pos.give(2, "Kairn the Destroyer", "play")
    pos.put(0, "Amsug Longneck")
    assert pos.names(0, "hand") == ["Amulet of Earth"] and pos.names(1, "hand") == ["Runic Cube of Eolis"]
    assert pos.names(2, "play") == ["Kairn the Destroyer"]


def test_bespelled_grimoire_two_energies_and_reserve_of_ten():
    """Bespelled Grimoire: +2 energies; the reserve holds 10 (EK: reserve extension), back to 7
    when it leaves play (excess discarded)."""
    pos = Position()
    g = pos.put(0, "Bespelled Grimoire")
    assert sum(pos.energy(0)) == 2
    R.gain_energy(pos.st, pos.t, 0, 0, pos.prm, S.WATER, 9)
    assert sum(pos.energy(0)) == 10
    R.sacrifice(pos.st, pos.t, 0, 0, pos.prm, g)
    assert sum(pos.energy(0)) == 7
    assert pos.violations() == 0


def test_ragfields_helm_twenty_for_strictly_most_cards():
    """Ragfield's Helm: game end, strictly most cards in play -> +20 crystals; a tie gives none."""
    pos = Position()
    pos.give(0, "Ragfield's Helm", "play")
    pos.give(0, "Amulet of Air", "play")
    pos.give(1, "Amulet of Fire", "play")
    assert pos.score()[0, S.S_END_CRYSTALS] == 20
    pos = Position()
    pos.give(0, "Ragfield's Helm", "play")
    pos.give(1, "Amulet of Fire", "play")
    assert pos.score()[0, S.S_END_CRYSTALS] == 0


def test_hand_of_fortune_one_energy_less_never_below_one():
    """Hand of Fortune: summoning costs 1 energy less, never below 1 energy (FAQ note)."""
    pos = Position()
    pos.give(0, "Hand of Fortune", "play")
    i = pos.give(0, "Amulet of Fire", "hand")
    j = pos.give(0, "Cursed Treatise of Arus", "hand")
    pos.set(0, energy=(0, 0, 1, 0), gauge=3)
    pos.begin_turn(0)
    assert pos.can_summon(0, i)
    assert not pos.can_summon(0, j)  # costs 1 water: stays 1
    pos.summon(0, i)
    assert sum(pos.energy(0)) == 0


def test_lewis_greyface_copies_an_opponents_reserve():
    """Lewis Greyface: gain the same energies as one opponent's reserve (the richest)."""
    pos = Position(players=3)
    pos.set(1, energy=(1, 0, 0, 0))
    pos.set(2, energy=(0, 2, 1, 0))
    pos.put(0, "Lewis Greyface")
    assert pos.energy(0) == [0, 2, 1, 0] and pos.energy(2) == [0, 2, 1, 0]
    assert pos.violations() == 0


def test_runic_cube_only_prestige():
    """Runic Cube of Eolis: no effect, 30 prestige at the end."""
    pos = Position()
    pos.put(0, "Runic Cube of Eolis")
    assert pos.crystals(0) == 0 and pos.score()[0, S.S_CARD_PRESTIGE] == 30


def test_potion_of_power_card_and_gauge():
    """Potion of Power: activated, sacrificed: draw 1 card (kept) and gauge +2."""
    pos = Position()
    i = pos.give(0, "Potion of Power", "play")
    pos.set(0, gauge=1)
    pos.begin_turn(0)
    pos.activate(0, i)
    assert pos.where(i) == (-1, "discard") and len(pos.names(0, "hand")) == 1 and pos.gauge(0) == 3


def test_potion_of_dreams_free_summon_for_all_energies():
    """Potion of Dreams: activated, sacrificed with all reserve energies: a hand card into play
    free (its effect applies)."""
    pos = Position()
    i = pos.give(0, "Potion of Dreams", "play")
    statue = pos.give(0, "Olaf's Blessed Statue", "hand")
    pos.set(0, energy=(1, 0, 1, 0), gauge=1)
    pos.begin_turn(0)
    pos.activate(0, i)
    assert pos.where(statue) == (0, "play") and pos.crystals(0) == 20 and sum(pos.energy(0)) == 0


def test_potion_of_knowledge_five_energies():
    """Potion of Knowledge: activated, sacrificed: +5 energies."""
    pos = Position()
    i = pos.give(0, "Potion of Knowledge", "play")
    pos.begin_turn(0)
    pos.activate(0, i)
    assert sum(pos.energy(0)) == 5 and pos.where(i)[1] == "discard"


def test_potion_of_life_four_crystals_per_energy():
    """Potion of Life: activated, sacrificed: each reserve energy -> 4 crystals; Purse of Io adds
    1 each (cards.json FAQ note)."""
    pos = Position()
    i = pos.give(0, "Potion of Life", "play")
    pos.set(0, energy=(1, 1, 1, 0))
    pos.begin_turn(0)
    pos.activate(0, i)
    assert pos.crystals(0) == 12 and sum(pos.energy(0)) == 0
    pos = Position()
    pos.give(0, "Purse of Io", "play")
    i = pos.give(0, "Potion of Life", "play")
    pos.set(0, energy=(1, 1, 1, 0))
    pos.begin_turn(0)
    pos.activate(0, i)
    assert pos.crystals(0) == 15


def test_hourglass_of_time_energy_per_change_of_season():
    """Hourglass of Time: +1 energy at each change of season."""
    pos = Position(month=3)
    pos.give(0, "Hourglass of Time", "play")
    R.move_season(pos.st, pos.t, 0, pos.prm, 2)
    assert sum(pos.energy(0)) == 1


def test_scepter_of_greatness_three_per_other_item():
    """Scepter of Greatness: +3 crystals per other magic item in play (familiars do not count)."""
    pos = Position()
    pos.give(0, "Amulet of Air", "play")
    pos.give(0, "Purse of Io", "play")
    pos.give(0, "Kairn the Destroyer", "play")
    pos.put(0, "Scepter of Greatness")
    assert pos.crystals(0) == 6


def test_olafs_blessed_statue_twenty_crystals():
    """Olaf's Blessed Statue: +20 crystals."""
    pos = Position()
    pos.put(0, "Olaf's Blessed Statue")
    assert pos.crystals(0) == 20


def test_yjangs_vase_energy_per_summon():
    """Yjang's Forgotten Vase: +1 energy per card summoned from hand."""
    pos = Position()
    pos.give(0, "Yjang's Forgotten Vase", "play")
    i = pos.give(0, "Runic Cube of Eolis", "hand")
    pos.set(0, crystals=20, gauge=2)
    pos.begin_turn(0)
    pos.summon(0, i)
    assert sum(pos.energy(0)) == 1


def test_tree_of_light_both_modes():
    """Tree of Light: activated, either 3 crystals -> 1 energy, or 1 energy -> may transmute."""
    pos = Position()
    i = pos.give(0, "Tree of Light", "play")
    pos.set(0, crystals=5)
    pos.begin_turn(0)
    pos.activate(0, i, mode=1)
    assert pos.crystals(0) == 2 and sum(pos.energy(0)) == 1
    pos.st.c_tap[0, i] = 0
    pos.activate(0, i, mode=2)
    assert sum(pos.energy(0)) == 0 and pos.st.can_trans[0] == 1


def test_arcano_leech_toll_on_opponents_summons():
    """Arcano Leech: an opponent pays the owner 1 crystal before summoning from hand (ruling:
    without that crystal it cannot summon)."""
    pos = Position()
    pos.give(1, "Arcano Leech", "play")
    i = pos.give(0, "Amulet of Earth", "hand")
    pos.set(0, energy=(0, 2, 0, 0), gauge=1)
    pos.begin_turn(0)
    assert not pos.can_summon(0, i)
    pos.set(0, crystals=1)
    pos.summon(0, i)
    assert pos.crystals(1) == 1 and pos.crystals(0) == 9


def test_vampiric_crown_draw_gives_energies_equal_to_prestige():
    """Vampiric Crown: discard a hand card or draw one (kept): energies = its prestige."""
    pos = Position()
    top = pos.on_top("Amulet of Air")[0]  # prestige 6
    pos.put(0, "Vampiric Crown")
    assert pos.where(top) == (0, "hand") and sum(pos.energy(0)) == 6


def test_dragon_skull_three_cards_for_fifteen():
    """Dragon Skull: activated, sacrifice 3 cards in play -> +15; the bot gives its 3 least valued,
    here the potions (the Skull itself may be one of the three: test_audit.py)."""
    pos = Position()
    sk = pos.give(0, "Dragon Skull", "play")
    for n in ("Potion of Power", "Potion of Life", "Potion of Knowledge"):
        pos.give(0, n, "play")
    pos.begin_turn(0)
    pos.activate(0, sk)
    assert pos.names(0, "play") == ["Dragon Skull"] and pos.crystals(0) == 15


def test_demon_of_argos_opponents_lose_gauge_and_draw():
    """Demon of Argos: opponents' gauge -1 and each draws a card (kept); a player left with more
    cards than gauge keeps them (FAQ note)."""
    pos = Position()
    pos.set(1, gauge=1)
    pos.give(1, "Amulet of Air", "play")
    pos.put(0, "Demon of Argos")
    assert pos.gauge(1) == 0 and len(pos.names(1, "hand")) == 1
    assert pos.names(1, "play") == ["Amulet of Air"]
    pos.set(0, gauge=1)
    assert pos.violations() == 0  # the over-gauge allowance is recorded


def test_titus_deepgaze_tolls_and_leaves_when_unpaid():
    """Titus Deepgaze: round end, each opponent gives 1 crystal; one who cannot -> Titus is
    sacrificed (cards.json notes)."""
    pos = Position()
    ti = pos.give(0, "Titus Deepgaze", "play")
    pos.set(1, crystals=1)
    R.round_end(pos.st, pos.t, 0, pos.prm)
    assert pos.crystals(0) == 1 and pos.where(ti) == (0, "play")
    R.round_end(pos.st, pos.t, 0, pos.prm)
    assert pos.where(ti) == (-1, "discard")


def test_air_elemental_opponents_energies_become_air():
    """Air Elemental: every opponent's reserve energies become air."""
    pos = Position()
    pos.set(1, energy=(2, 1, 1, 0))
    pos.set(0, energy=(1, 0, 0, 0))
    pos.put(0, "Air Elemental")
    assert pos.energy(1) == [0, 0, 0, 4] and pos.energy(0) == [1, 0, 0, 0]


def test_thieving_fairies_collect_on_activation():
    """Thieving Fairies: an opponent activating a card gives the owner 1 crystal (if able), and
    the owner gains 1 more."""
    pos = Position()
    pos.give(1, "Thieving Fairies", "play")
    k = pos.give(0, "Potion of Knowledge", "play")
    pos.set(0, crystals=3)
    pos.begin_turn(0)
    pos.activate(0, k)
    assert pos.crystals(0) == 2 and pos.crystals(1) == 2


def test_cursed_treatise_gains_and_loses_energies_when_sacrificed():
    """Cursed Treatise of Arus: +2 energies, +10 crystals, gauge +1; sacrificed -> all reserve
    energies discarded; -10 prestige."""
    pos = Position()
    pos.set(0, gauge=1)
    i = pos.put(0, "Cursed Treatise of Arus")
    assert sum(pos.energy(0)) == 2 and pos.crystals(0) == 10 and pos.gauge(0) == 2
    R.sacrifice(pos.st, pos.t, 0, 0, pos.prm, i)
    assert sum(pos.energy(0)) == 0


def test_idol_of_the_familiar_corrected_and_first_printing():
    """Idol of the Familiar: corrected printing +10 crystals on entering play (default); the first
    printing has none (variant); activated: +1 crystal per own familiar."""
    pos = Position()
    pos.give(0, "Kairn the Destroyer", "play")
    i = pos.put(0, "Idol of the Familiar")
    assert pos.crystals(0) == 10
    pos.begin_turn(0)
    pos.activate(0, i)
    assert pos.crystals(0) == 11
    pos = Position(variants={"idol_familiar": "first_printing"})
    pos.put(0, "Idol of the Familiar")
    assert pos.crystals(0) == 0


def test_necrotic_kriss_familiar_for_four_energies():
    """Necrotic Kriss: activated, discard a familiar from hand (or sacrifice one) -> +4 energies."""
    pos = Position()
    k = pos.give(0, "Necrotic Kriss", "play")
    pos.begin_turn(0)
    assert not R.can_activate(pos.st, pos.t, 0, 0, k)
    f = pos.give(0, "Kairn the Destroyer", "hand")
    pos.activate(0, k)
    assert pos.where(f)[1] == "discard" and sum(pos.energy(0)) == 4


def test_lantern_of_xidit_three_per_reserve_energy_at_end():
    """Lantern of Xidit: game end, +3 crystals per reserve energy."""
    pos = Position()
    pos.give(0, "Lantern of Xidit", "play")
    pos.set(0, energy=(2, 1, 0, 0))
    assert pos.score()[0, S.S_END_CRYSTALS] == 9


def test_sealed_chest_only_magic_items():
    """Sealed Chest of Urm: game end, only magic items in play -> +20 crystals."""
    pos = Position()
    pos.give(0, "Sealed Chest of Urm", "play")
    pos.give(0, "Amulet of Air", "play")
    assert pos.score()[0, S.S_END_CRYSTALS] == 20
    pos.give(0, "Kairn the Destroyer", "play")
    pos.st.crystals[0, 0] = 0
    assert pos.score()[0, S.S_END_CRYSTALS] == 0


def test_pendant_of_ragnor_energy_per_other_item():
    """Pendant of Ragnor: +1 energy per other magic item in play."""
    pos = Position()
    pos.give(0, "Amulet of Air", "play")
    pos.give(0, "Purse of Io", "play")
    pos.put(0, "Pendant of Ragnor")
    assert sum(pos.energy(0)) == 2


def test_sid_nightshade_takes_five_when_richest():
    """Sid Nightshade: if strictly richest in crystals, each opponent gives 5 (or all it has)."""
    pos = Position(players=3)
    pos.set(0, crystals=20)
    pos.set(1, crystals=10)
    pos.set(2, crystals=3)
    pos.put(0, "Sid Nightshade")
    assert (pos.crystals(0), pos.crystals(1), pos.crystals(2)) == (28, 5, 0)
    pos = Position()
    pos.set(0, crystals=10)
    pos.set(1, crystals=10)
    pos.put(0, "Sid Nightshade")
    assert pos.crystals(0) == 10


def test_mesodaes_lantern_smaller_reserve_three_per_round():
    """Mesodae's Lantern (EK): reserve -1 while in play (decreased-reserve marker), +3 crystals at
    each round end, cannot be put into play by another card (EK notes)."""
    pos = Position()
    lant = pos.give(0, "Mesodae's Lantern", "play")
    R.gain_energy(pos.st, pos.t, 0, 0, pos.prm, S.WATER, 9)
    assert sum(pos.energy(0)) == 6
    R.round_end(pos.st, pos.t, 0, pos.prm)
    assert pos.crystals(0) == 3
    R.place(pos.st, 0, lant, S.C_DECK)
    pos.set(0, gauge=3)
    assert not R.enter_free(pos.st, pos.t, 0, 0, lant)


def test_argos_hawk_enter_and_sacrifice():
    """Argos Hawk (EK): +10 crystals and gauge +1; activated, sacrificed: every opponent's gauge
    -1 and +6 crystals."""
    pos = Position()
    pos.set(1, gauge=2)
    pos.set(0, gauge=1)
    h = pos.put(0, "Argos Hawk")
    assert pos.crystals(0) == 10 and pos.gauge(0) == 2
    pos.begin_turn(0)
    pos.activate(0, h)
    assert pos.gauge(1) == 1 and pos.crystals(1) == 6 and pos.where(h)[1] == "discard"


def test_warden_of_argos_everyone_loses_four_energies():
    """Warden of Argos (EK): the owner picks: all players discard 4 energies (all if fewer), or
    all discard a hand card; the heuristic picks what hurts the opponents more."""
    pos = Position(players=3)
    pos.set(1, energy=(3, 3, 0, 0))
    pos.set(2, energy=(1, 1, 0, 0))
    pos.put(0, "Warden of Argos")
    assert sum(pos.energy(1)) == 2 and sum(pos.energy(2)) == 0
    pos = Position()
    pos.give(1, "Amulet of Air", "hand")
    pos.put(0, "Warden of Argos")
    assert pos.names(1, "hand") == []


def test_ratty_nightshade_takes_two_from_each_opponent():
    """Ratty Nightshade (EK): up to 2 reserve energies taken from each opponent."""
    pos = Position(players=3)
    pos.set(1, energy=(3, 0, 0, 0))
    pos.set(2, energy=(0, 0, 1, 0))
    pos.put(0, "Ratty Nightshade")
    assert sum(pos.energy(0)) == 3 and sum(pos.energy(1)) == 1 and sum(pos.energy(2)) == 0
    assert pos.violations() == 0


def test_amulet_of_time_energies_and_card_swap():
    """Amulet of Time (EK): +2 energies; discard X hand cards and draw X (X may be 0)."""
    pos = Position()
    weak = pos.give(0, "Potion of Power", "hand")
    pos.prm[0, 5] = 100.0  # keep_min: every hand card counts as unwanted
    pos.put(0, "Amulet of Time")
    assert sum(pos.energy(0)) == 2 and pos.where(weak)[1] == "discard"
    assert len(pos.names(0, "hand")) == 1


# ---------------------------------------------------------------------------------------------
# Second batch: energy kept on cards, die replacements, round-end and season triggers, searches
# ---------------------------------------------------------------------------------------------

def test_amulet_of_water_four_energies_spendable_not_reserve():
    """Amulet of Water: 4 energies of choice kept on the card; spendable on costs (and token 8)
    like reserve energies but not part of the reserve; gone when it leaves play (FAQ note)."""
    pos = Position()
    a = pos.put(0, "Amulet of Water")
    assert int(pos.st.c_store[0, a].sum()) == 4 and sum(pos.energy(0)) == 0
    pos.st.c_store[0, a] = (2, 2, 0, 0)
    i = pos.give(0, "Amulet of Earth", "hand")
    pos.set(0, gauge=3)
    pos.begin_turn(0)
    pos.summon(0, i)
    assert pos.st.c_store[0, a].tolist() == [2, 0, 0, 0] and pos.crystals(0) == 9
    R.sacrifice(pos.st, pos.t, 0, 0, pos.prm, a)
    assert int(pos.st.c_store[0, a].sum()) == 0
    assert pos.violations() == 0


def test_glutton_cauldron_seventh_energy_pays_out():
    """Glutton Cauldron: activated, 1 reserve energy onto it; at 7 it is sacrificed, the 7
    energies go to the reserve and +15 crystals (FAQ note)."""
    pos = Position()
    c = pos.give(0, "Glutton Cauldron", "play")
    pos.set(0, energy=(0, 0, 1, 0), gauge=1)
    pos.st.c_store[0, c] = (6, 0, 0, 0)
    pos.st.e_in[0] += 6
    pos.begin_turn(0)
    pos.activate(0, c)
    assert pos.where(c)[1] == "discard" and pos.crystals(0) == 15
    assert pos.energy(0) == [6, 0, 1, 0]
    assert pos.violations() == 0


def test_jewel_of_the_ancients_three_stored_or_minus_ten():
    """Jewel of the Ancients: activated, 3 identical energies -> 1 kept on it, 2 discarded; game
    end: 3+ kept -> +35 crystals, else -10."""
    pos = Position()
    j = pos.give(0, "Jewel of the Ancients", "play")
    pos.set(0, energy=(3, 0, 0, 0), crystals=20, gauge=1)
    pos.begin_turn(0)
    pos.activate(0, j)
    assert pos.energy(0) == [0, 0, 0, 0] and pos.st.c_store[0, j].tolist() == [1, 0, 0, 0]
    assert pos.score()[0, S.S_END_CRYSTALS] == -10
    pos = Position()
    j = pos.give(0, "Jewel of the Ancients", "play")
    pos.st.c_store[0, j] = (1, 1, 1, 0)
    pos.st.e_in[0] += 3
    assert pos.score()[0, S.S_END_CRYSTALS] == 35


def test_fairy_monolith_stores_at_round_end_and_returns():
    """Fairy Monolith (EK): at round end may store 1 reserve energy; activated, returns its
    energies to the reserve (at least 1)."""
    pos = Position()
    m = pos.give(0, "Fairy Monolith", "play")
    pos.set(0, energy=(2, 1, 0, 0), gauge=1)
    R.round_end(pos.st, pos.t, 0, pos.prm)
    assert int(pos.st.c_store[0, m].sum()) == 1 and sum(pos.energy(0)) == 2
    pos.begin_turn(0)
    pos.activate(0, m)
    assert int(pos.st.c_store[0, m].sum()) == 0 and sum(pos.energy(0)) == 3
    assert pos.violations() == 0


def test_die_of_malice_rerolls_the_taken_die_for_two_crystals():
    """Die of Malice: activated instead of using the season die: re-roll it, use the new face,
    +2 crystals (the heuristic re-rolls a face worth less than an average roll plus 2)."""
    pos = Position()
    m = pos.give(0, "Die of Malice", "play")
    pos.set(0, gauge=1)
    pos.st.die_k[0] = 0
    pos.begin_turn(0)
    R.activate(pos.st, pos.t, 0, 0, pos.prm, m, 1)
    assert pos.crystals(0) == 2 and pos.st.c_tap[0, m] == 1
    assert any("die 1:" in line for line in pos.log())


def test_steadfast_die_replaces_the_die():
    """Steadfast Die (EK): instead of the die's actions, gauge +1 or one energy or transmute."""
    pos = Position(params={"die_gauge": 50.0})
    pos.give(0, "Steadfast Die", "play")
    pos.give(0, "Runic Cube of Eolis", "hand")
    pos.set(0, gauge=1)
    st = pos.st
    st.roll[0, :3] = 2
    st.dice[0, 0, :3] = 0  # winter die 1 face 3: 2 water, 3 crystals
    st.taken[0, :] = 0
    R.play_turn(st, pos.t, 0, pos.prm, 0)
    assert pos.gauge(0) == 2 and sum(pos.energy(0)) == 0 and pos.crystals(0) == 0


def test_damned_soul_passes_left_and_costs_three_a_round():
    """Damned Soul of Onys: +10 crystals and 1 water; activated, pay 1 water: passes to the left
    player, who keeps it even beyond its gauge; round end: its owner loses 3 crystals."""
    pos = Position()
    d = pos.put(0, "Damned Soul of Onys")
    assert pos.crystals(0) == 10 and pos.energy(0) == [1, 0, 0, 0]
    pos.begin_turn(0)
    pos.activate(0, d)
    assert pos.where(d) == (1, "play") and pos.st.c_tap[0, d] == 0
    pos.set(1, crystals=5)
    R.round_end(pos.st, pos.t, 0, pos.prm)
    assert pos.crystals(1) == 2 and pos.crystals(0) == 10
    assert pos.violations() == 0


def test_heart_of_argos_one_earth_per_round_with_activations():
    """Heart of Argos (EK): activating cards charges one earth (once a round), paid at round end."""
    pos = Position()
    pos.give(0, "Heart of Argos", "play")
    a = pos.give(0, "Potion of Knowledge", "play")
    b = pos.give(0, "Potion of Power", "play")
    pos.set(0, gauge=5)
    pos.begin_turn(0)
    pos.activate(0, a)
    pos.activate(0, b)
    before = pos.energy(0)[S.EARTH]
    R.round_end(pos.st, pos.t, 0, pos.prm)
    assert pos.energy(0)[S.EARTH] == before + 1


def test_horn_of_plenty_discard_one_five_for_earth():
    """Horn of Plenty (EK): round end, discard 1 energy if any; +5 crystals if it was earth."""
    pos = Position()
    pos.give(0, "Horn of Plenty", "play")
    pos.set(0, energy=(1, 1, 0, 0), gauge=1)
    R.round_end(pos.st, pos.t, 0, pos.prm)
    assert pos.energy(0) == [1, 0, 0, 0] and pos.crystals(0) == 5
    R.round_end(pos.st, pos.t, 0, pos.prm)
    assert pos.energy(0) == [0, 0, 0, 0] and pos.crystals(0) == 5
    R.round_end(pos.st, pos.t, 0, pos.prm)
    assert pos.crystals(0) == 5


def test_statue_of_eolis_smaller_reserve_and_season_gift():
    """Statue of Eolis (EK): reserve -1; at a change of season, one energy or 2 crystals."""
    pos = Position(month=3)
    pos.give(0, "Statue of Eolis", "play")
    pos.set(0, gauge=1)
    assert S.reserve_size(pos.st, pos.t, 0, 0) == 6
    R.move_season(pos.st, pos.t, 0, pos.prm, 1)
    assert sum(pos.energy(0)) + pos.crystals(0) // 2 == 1


def test_io_transmuter_crystal_face_allows_transmuting_plus_two():
    """Io's Transmuter (EK): a die that gives crystals allows transmuting; +2 crystals at round
    end if it was used (once, not per energy)."""
    pos = Position()
    pos.give(0, "Io's Transmuter", "play")
    pos.set(0, energy=(0, 2, 0, 0), gauge=1)
    st = pos.st
    st.dice[0, 0, 0] = 0
    st.roll[0, 0] = 2  # 2 water, 3 crystals, no circle
    pos.begin_turn(0)
    R.apply_die(st, pos.t, 0, 0, pos.prm, 0)
    assert st.can_trans[0] == 1
    R.transmute(st, pos.t, 0, 0, S.EARTH, 2)
    assert pos.crystals(0) == 3 + 6
    R.round_end(st, pos.t, 0, pos.prm)
    assert pos.crystals(0) == 3 + 6 + 2


def test_throne_of_renewal_swap_a_card_and_a_bonus_back():
    """Throne of Renewal (EK): discard a hand card (required), draw one, bonus track 1 back."""
    pos = Position()
    h = pos.give(0, "Potion of Power", "hand")
    pos.st.bonus_n[0, 0] = 2
    pos.put(0, "Throne of Renewal")
    assert pos.where(h)[1] == "discard" and len(pos.names(0, "hand")) == 1 and pos.st.bonus_n[0, 0] == 1
    pos = Position()
    pos.st.bonus_n[0, 0] = 1
    pos.put(0, "Throne of Renewal")  # empty hand: nothing happens
    assert pos.st.bonus_n[0, 0] == 1 and pos.names(0, "hand") == []


def test_potion_of_resurrection_takes_one_of_five_discards():
    """Potion of Resurrection (EK): sacrificed, one of the top 5 discards into hand; the remaining
    four go under the discard pile (not the Potion itself, ruling)."""
    pos = Position()
    for n in ("Amulet of Fire", "Olaf's Blessed Statue", "Potion of Power"):
        R.place(pos.st, 0, pos.give(0, n, "hand"), S.C_DISCARD)
    p = pos.give(0, "Potion of Resurrection", "play")
    pos.set(0, gauge=1)
    pos.begin_turn(0)
    pos.activate(0, p)
    assert len(pos.names(0, "hand")) == 1 and pos.where(p)[1] == "discard"
    n = pos.st.cont_n[0, S.C_DISCARD]
    assert int(pos.st.cont[0, S.C_DISCARD, n - 1]) == p  # the others went under it
    assert pos.violations() == 0


def test_selenia_codex_takes_back_an_item_with_energy_cost():
    """Selenia's Codex (EK): a magic item whose cost has an energy goes back to hand."""
    pos = Position()
    a = pos.give(0, "Amulet of Earth", "play")
    pos.set(0, gauge=1)
    pos.put(0, "Selenia's Codex")
    assert pos.where(a) == (0, "hand")


def test_familiar_catcher_reveals_until_a_familiar():
    """Familiar Catcher (EK): reveal until a familiar; keep it or discard it and try once more
    (the second must be kept); the other revealed cards are discarded."""
    pos = Position()
    top = pos.on_top("Amulet of Air", "Kairn the Destroyer")
    pos.put(0, "Familiar Catcher")
    assert pos.where(top[1]) == (0, "hand") and pos.where(top[0])[1] == "discard"


def test_scroll_of_ishtar_reveals_until_an_item_of_the_named_energy():
    """Scroll of Ishtar (EK): name an energy (the bot: the one it holds most of), reveal until a
    magic item costing it; keep or retry once."""
    pos = Position()
    pos.set(0, energy=(0, 0, 0, 3))
    top = pos.on_top("Kairn the Destroyer", "Amulet of Fire", "Amulet of Air")
    pos.put(0, "Scroll of Ishtar")
    assert pos.where(top[2]) == (0, "hand")
    assert pos.where(top[0])[1] == "discard" and pos.where(top[1])[1] == "discard"


def test_crystal_orb_both_modes():
    """Crystal Orb: activated, either look at the top card and put it into play for 4 energies
    (gauge permitting) or leave it, or pay 3 crystals to discard it."""
    pos = Position()
    o = pos.give(0, "Crystal Orb", "play")
    top = pos.on_top("Olaf's Blessed Statue")[0]
    pos.set(0, energy=(2, 2, 0, 0), gauge=2)
    pos.begin_turn(0)
    pos.activate(0, o, mode=1)
    assert pos.where(top) == (0, "play") and pos.crystals(0) == 20 and sum(pos.energy(0)) == 0
    pos.st.c_tap[0, o] = 0
    top = pos.on_top("Amulet of Air")[0]
    pos.activate(0, o, mode=2)
    assert pos.where(top)[1] == "discard" and pos.crystals(0) == 17


def test_arcane_telescope_reorders_top_three_for_two_crystals():
    """Arcane Telescope (EK): activated, pay 2 crystals: reorder the top 3 cards."""
    pos = Position()
    tel = pos.give(0, "Arcane Telescope", "play")
    top = pos.on_top("Potion of Power", "Amulet of Air", "Olaf's Blessed Statue")
    pos.set(0, crystals=3, gauge=1)
    pos.begin_turn(0)
    pos.activate(0, tel)
    n = pos.st.cont_n[0, S.C_DECK]
    assert pos.crystals(0) == 1 and int(pos.st.cont[0, S.C_DECK, n - 1]) == top[2]


def test_elemental_amulet_one_effect_per_energy_type_paid():
    """Elemental Amulet: pay any subset of the 4 energies (the bots pay every type they hold);
    water +2 energies, earth +5 crystals, fire a card, air gauge +1; Hand of Fortune makes one
    more type count as paid; put into play free, all four apply (FAQ notes)."""
    pos = Position()
    i = pos.give(0, "Elemental Amulet", "hand")
    pos.set(0, energy=(1, 1, 0, 1), gauge=1)
    pos.begin_turn(0)
    pos.summon(0, i)
    assert sum(pos.energy(0)) == 2 and pos.crystals(0) == 5 and pos.gauge(0) == 2
    assert pos.st.seat[0, 0, S.S_DRAWN] == 0
    pos = Position()
    pos.give(0, "Hand of Fortune", "play")
    i = pos.give(0, "Elemental Amulet", "hand")
    pos.set(0, energy=(1, 0, 0, 0), gauge=2)
    pos.begin_turn(0)
    pos.summon(0, i)
    assert sum(pos.energy(0)) == 2 and pos.crystals(0) == 5  # water paid, earth free
    pos = Position()
    pos.put(0, "Elemental Amulet")
    assert sum(pos.energy(0)) == 2 and pos.crystals(0) == 5 and pos.st.seat[0, 0, S.S_DRAWN] == 1


def test_mirror_of_the_seasons_converts_identical_energies():
    """Mirror of the Seasons: activated, pay X crystals: X identical energies become X of another
    type."""
    pos = Position()
    m = pos.give(0, "Mirror of the Seasons", "play")
    pos.set(0, energy=(3, 0, 0, 0), crystals=5, gauge=1)
    pos.begin_turn(0)
    pos.activate(0, m, mode=0 * 100 + S.EARTH * 10 + 2)
    assert pos.energy(0) == [1, 2, 0, 0] and pos.crystals(0) == 3


def test_mirror_heuristic_enables_a_summon():
    """Mirror of the Seasons (bot): converts a surplus type into what its best hand card lacks."""
    pos = Position()
    pos.give(0, "Mirror of the Seasons", "play")
    i = pos.give(0, "Amulet of Earth", "hand")
    pos.set(0, energy=(2, 0, 0, 0), crystals=2, gauge=2)
    pos.begin_turn(0)
    R.summon_phase(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.where(i) == (0, "play") and pos.crystals(0) == 9


def test_shield_of_zira_sacrificed_instead_for_ten_crystals():
    """Shield of Zira (EK): instead of sacrificing (or being made to discard) one of your cards,
    sacrifice the Shield for +10 crystals; a potion sacrificed for its own effect stays in play."""
    pos = Position()
    sh = pos.give(1, "Shield of Zira", "play")
    keep = pos.give(1, "Potion of Power", "play")  # the card Syllas would take
    pos.set(1, gauge=2)
    pos.put(0, "Syllas the Faithful")
    assert pos.where(sh)[1] == "discard" and pos.where(keep) == (1, "play") and pos.crystals(1) == 10
    pos = Position()
    pos.give(0, "Shield of Zira", "play")
    pot = pos.give(0, "Potion of Knowledge", "play")
    pos.set(0, gauge=2)
    pos.begin_turn(0)
    pos.activate(0, pot)
    assert pos.where(pot) == (0, "play") and sum(pos.energy(0)) == 5 and pos.crystals(0) == 10


def test_raven_the_usurper_mimics_an_opponents_item():
    """Raven the Usurper (EK): pay the cost of an opponent's magic item and have its effects (its
    entering effect at once, not its prestige); sacrificed when that item leaves play."""
    pos = Position()
    purse = pos.give(1, "Purse of Io", "play")
    pos.give(1, "Amulet of Earth", "play")
    pos.set(1, gauge=2)
    pos.set(0, energy=(0, 2, 1, 1), gauge=1)
    r = pos.put(0, "Raven the Usurper")
    assert int(pos.st.c_copy[0, r]) in (purse, pos.instances(pos.zone(1, "play"))[1])
    copied = pos.ct.names[pos.t.inst_card[int(pos.st.c_copy[0, r])]]
    if copied == "Amulet of Earth":
        assert pos.crystals(0) == 9 and pos.energy(0) == [0, 0, 1, 1]
    else:
        assert pos.energy(0) == [0, 2, 0, 0]
    pos = Position()
    purse = pos.give(1, "Purse of Io", "play")
    pos.set(1, gauge=1)
    pos.set(0, energy=(0, 2, 1, 1), gauge=1)
    r = pos.put(0, "Raven the Usurper")
    assert int(pos.st.c_copy[0, r]) == purse
    pos.begin_turn(0)
    R.transmute(pos.st, pos.t, 0, 0, S.EARTH, 2)
    assert pos.crystals(0) == 2 * (3 + 1)
    assert pos.score()[0, S.S_CARD_PRESTIGE] == 2  # the Raven's own prestige
    R.sacrifice(pos.st, pos.t, 0, 1, pos.prm, purse)
    assert pos.where(r)[1] == "discard"
    assert pos.violations() == 0


def test_effect_count_table_follows_cards_and_ravens():
    """``count_effect`` reads a per-player table that ``place`` and ``set_copy`` keep: it equals a
    scan of the play zone as cards enter and leave play and a Raven starts and stops mimicking,
    and ``count_violations`` notices a table that drifted from the scan."""
    pos = Position()
    purse = pos.give(1, "Purse of Io", "play")
    pos.set(1, gauge=1)
    pos.set(0, energy=(0, 2, 1, 1), gauge=1)

    def agree():
        for p in range(S.MAXP):
            for code in range(S.NEFFECT):
                assert S.count_effect(pos.st, pos.t, 0, p, code) == \
                    S.count_effect_scan(pos.st, pos.t, 0, p, code), (p, S.EFFECTS[code])

    assert S.count_effect(pos.st, pos.t, 0, 1, S.E_PURSE_IO) == 1
    r = pos.put(0, "Raven the Usurper")
    assert int(pos.st.c_copy[0, r]) == purse
    assert S.count_effect(pos.st, pos.t, 0, 0, S.E_PURSE_IO) == 1
    assert S.count_effect(pos.st, pos.t, 0, 0, S.E_RAVEN) == 0
    agree()
    R.sacrifice(pos.st, pos.t, 0, 1, pos.prm, purse)  # the Raven goes with the item it mimics
    assert S.count_effect(pos.st, pos.t, 0, 0, S.E_PURSE_IO) == 0
    assert S.count_effect(pos.st, pos.t, 0, 1, S.E_PURSE_IO) == 0
    agree()
    assert pos.violations() == 0
    pos.st.eff_n[0, 0, S.E_GRIMOIRE] += 1
    assert pos.violations() > 0
