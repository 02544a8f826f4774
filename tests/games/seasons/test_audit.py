"""Rule deviations found by the independent audit (issue #8, Seasons part), one test each.

Sources: F = ../shared/reference/seasons/rules_facts.md (its section "Not on a readable English
page" for the round structure, the end of year III and the tie), cards.json for card texts and
FAQ notes, EK = the Enchanted Kingdom rulebook (../shared/rules/seasons_enchanted_kingdom_rules_cs.txt).
"""

from __future__ import annotations

import numpy as np

from simlab.games.seasons import bots as B
from simlab.games.seasons import rules as R
from simlab.games.seasons import state as S
from tests.games.seasons.kit import Position


def _differing_face(pos, season_a, season_b, what):
    """A (die slot, face) whose ``what`` ('energy', 'pips') differs between the two seasons' dice."""
    a = pos.ct.arrays
    for k in range(3):
        for f in range(6):
            da, db = pos.st.dice[0, season_a, k], pos.st.dice[0, season_b, k]
            if what == "pips":
                if a["face_pips"][season_a, da, f] != a["face_pips"][season_b, db, f]:
                    return k, f
            elif (not np.array_equal(a["face_energy"][season_a, da, f], a["face_energy"][season_b, db, f])
                  or a["face_crystals"][season_a, da, f] != a["face_crystals"][season_b, db, f]):
                return k, f
    raise AssertionError("no differing face")


# -- 1. the dice rolled stay the round's dice after a mid-round season change -----------------------

def test_die_taken_after_a_mid_round_season_change_shows_the_rolled_face():
    """F: Board, time and years (the round's dice are rolled at its start): after token 10 or
    Temporal Boots move the season token mid-round, a die applied later in the round still gives
    the face rolled on the winter die, not the face of the spring die in the same slot."""
    pos = Position(params={"trans_min": 99.0})
    st = pos.st
    R.roll_season_dice(st, pos.t, 0)
    k, f = _differing_face(pos, 0, 1, "energy")
    st.roll[0, k] = f
    R.move_season(st, pos.t, 0, pos.prm, 3)  # winter -> spring mid-round (token 10, Boots)
    assert S.season_of(st.month[0]) == 1
    pos.set(0, gauge=15)
    pos.begin_turn(0)
    R.apply_die(st, pos.t, 0, 0, pos.prm, k)
    die = st.dice[0, 0, k]
    a = pos.ct.arrays
    assert pos.energy(0) == [int(x) for x in a["face_energy"][0, die, f]]
    assert pos.crystals(0) == int(a["face_crystals"][0, die, f])


def test_time_moves_by_the_pips_of_the_die_rolled_not_the_new_season_die():
    """F: the die left unchosen sets the time move at round end; its pips are those of the die on
    the table (the winter die rolled), even after a mid-round change to spring. The bots' reading
    of the die left (``end_pips``) agrees."""
    pos = Position()
    st = pos.st
    R.roll_season_dice(st, pos.t, 0)
    k, f = _differing_face(pos, 0, 1, "pips")
    st.roll[0, k] = f
    st.taken[0, :] = 1
    st.taken[0, k] = 0
    R.move_season(st, pos.t, 0, pos.prm, 3)
    pips = int(pos.ct.arrays["face_pips"][0, st.dice[0, 0, k], f])
    assert B.end_pips(st, pos.t, 0) == (pips, pips)
    month = int(st.month[0])
    R.move_time(st, pos.t, 0, pos.prm)
    assert int(st.month[0]) == month + pips


# -- 2. Staff of Spring and Yjang's Forgotten Vase ------------------------------------------------

def test_staff_of_spring_does_not_pay_for_its_own_summoning():
    """cards.json, Staff of Spring: crystals for each *other* card summoned while it is in play;
    the Staff is not in play before its own summoning resolves."""
    pos = Position()
    i = pos.give(0, "Staff of Spring", "hand")
    pos.set(0, energy=(0, 3, 0, 0), gauge=1)
    pos.begin_turn(0)
    pos.summon(0, i)
    assert pos.crystals(0) == 0


def test_yjang_vase_does_not_pay_for_its_own_summoning():
    """cards.json, Yjang's Forgotten Vase: an energy for each card summoned after it; its own
    summoning gives nothing."""
    pos = Position()
    i = pos.give(0, "Yjang's Forgotten Vase", "hand")
    pos.set(0, energy=(1, 1, 1, 0), gauge=1)
    pos.begin_turn(0)
    pos.summon(0, i)
    assert sum(pos.energy(0)) == 0


# -- 3. Argos' Embrace charges once per taking ----------------------------------------------------

def test_argos_embrace_charges_once_when_one_effect_takes_two_cards():
    """EK: Argos' Embrace costs 5 crystals each time a player takes one or more cards into hand:
    Amulet of Time swapping 2 hand cards costs 5, not 10."""
    pos = Position(enchantment="Argos' Embrace")
    pos.give(0, "Potion of Power", "hand")
    pos.give(0, "Potion of Life", "hand")
    pos.prm[0, B.P_KEEP_MIN] = 100.0  # every hand card unwanted: both are swapped
    pos.set(0, crystals=20, gauge=2)
    pos.put(0, "Amulet of Time")
    assert len(pos.names(0, "hand")) == 2
    assert pos.crystals(0) == 15


# -- 4. Fairy Monolith returns what the player chooses --------------------------------------------

def test_fairy_monolith_returns_only_what_fits():
    """cards.json, Fairy Monolith: return any number (at least one) of its stored energies; the
    bot returns no more than its reserve holds, the rest stays stored (not destroyed)."""
    pos = Position()
    m = pos.give(0, "Fairy Monolith", "play")
    pos.set(0, energy=(2, 2, 1, 0), gauge=1)  # 5 of 7: room for 2
    pos.st.c_store[0, m] = (0, 4, 0, 0)
    pos.st.e_in[0] += 4
    pos.begin_turn(0)
    pos.activate(0, m)
    assert sum(pos.energy(0)) == 7 and int(pos.st.c_store[0, m].sum()) == 2
    assert pos.violations() == 0


# -- 5. Selenia's Codex is mandatory --------------------------------------------------------------

def test_selenia_codex_must_take_back_an_eligible_item():
    """cards.json, Selenia's Codex: return a magic item with an energy in its cost to hand; not an
    option when such an item is in play (the bot picks which), even one the bot would not want
    back (Staff of Spring: no entering effect)."""
    pos = Position()
    a = pos.give(0, "Staff of Spring", "play")
    pos.set(0, gauge=2)
    pos.put(0, "Selenia's Codex")
    assert pos.where(a) == (0, "hand")


# -- 6. Crystal Orb and Divine Chalice check the card can enter first -----------------------------

def test_crystal_orb_does_not_pay_for_mesodaes_lantern():
    """cards.json, Crystal Orb; EK, Mesodae's Lantern (only summoned from hand): the Orb cannot put
    the Lantern into play, so the player keeps its 4 energies and the card goes back on top."""
    pos = Position()
    o = pos.give(0, "Crystal Orb", "play")
    top = pos.on_top("Mesodae's Lantern")[0]
    pos.set(0, energy=(2, 2, 0, 0), gauge=3)
    pos.prm[0, B.P_RANDOM] = 1.0  # the random bot says yes half the time: try until it would
    for _ in range(20):
        pos.st.c_tap[0, o] = 0
        pos.begin_turn(0)
        R.activate(pos.st, pos.t, 0, 0, pos.prm, o, 1)
        assert sum(pos.energy(0)) == 4 and pos.where(top) == (-1, "deck")
    assert pos.violations() == 0


def test_divine_chalice_skips_a_card_that_cannot_enter():
    """cards.json, Divine Chalice: one of the 4 drawn cards enters play; Mesodae's Lantern cannot
    enter that way, so another drawn card does rather than none."""
    pos = Position()
    top = pos.on_top("Mesodae's Lantern", "Amulet of Air", "Kairn the Destroyer", "Purse of Io")
    pos.prm[0, B.P_W_PRESTIGE] = 50.0  # the bot would love the Lantern (high prestige)
    pos.set(0, gauge=2)
    pos.put(0, "Divine Chalice")
    assert pos.where(top[0])[1] == "discard"
    assert sum(pos.where(i) == (0, "play") for i in top[1:]) == 1


# -- 7. round structure: dice chosen up front, then turns with interleaved actions ----------------

def test_all_dice_are_chosen_before_the_first_turn():
    """F (round structure): every player takes a die in turn order from the first player before
    the first turn; so the second player's die is taken before the first player's turn."""
    pos = Position()
    st = pos.st
    st.first[0] = 1
    R.roll_season_dice(st, pos.t, 0)
    R.choose_dice(st, pos.t, 0, pos.prm, 0)
    assert st.die_of[0, 1] >= 0 and st.die_of[0, 0] >= 0 and st.die_of[0, 0] != st.die_of[0, 1]
    assert int(st.taken[0].sum()) == 2
    lines = [x for x in pos.log() if "takes" in x and "die" in x]
    assert lines[0].startswith("- P2") and lines[1].startswith("- P1")


def test_transmute_first_to_pay_a_crystal_cost_in_the_same_turn():
    """F (round structure): after the die, summons and transmutation come in any order, so a
    player may transmute energy into crystals and then pay a crystal cost: Runic Cube of Eolis
    (20 crystals) with 18 crystals, 1 fire (2 crystals in winter) and transmutation allowed."""
    pos = Position(params={"trans_min": 99.0})  # the bot would not transmute fire for its own sake
    cube = pos.give(0, "Runic Cube of Eolis", "hand")
    pos.set(0, energy=(0, 0, 1, 0), crystals=18, gauge=1)
    pos.begin_turn(0)
    pos.st.can_trans[0] = 1
    R.turn_actions(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.where(cube) == (0, "play") and pos.crystals(0) == 0


# -- 8. the final season move fires change-of-season effects --------------------------------------

def test_final_time_move_fires_change_of_season_effects():
    """F (end of year III): the last time move past space 12 of year III is a change of season:
    Figrim takes 1 crystal from each opponent, Hourglass of Time gives an energy."""
    pos = Position(month=12, year=3)
    pos.give(0, "Figrim the Avaricious", "play")
    pos.give(0, "Hourglass of Time", "play")
    pos.set(0, gauge=2)
    pos.set(1, crystals=5)
    R.move_season(pos.st, pos.t, 0, pos.prm, 2)
    assert pos.st.ending[0] == 1
    assert pos.crystals(0) == 1 and pos.crystals(1) == 4 and sum(pos.energy(0)) == 1


# -- 9. ties on prestige ---------------------------------------------------------------------------

def _tied_position(setup=None):
    pos = Position(setup=setup)
    pos.give(0, "Amulet of Air", "play")
    pos.give(0, "Amulet of Earth", "play")
    pos.give(1, "Amulet of Fire", "play")
    seat = pos.score()
    pos.set(1, crystals=int(seat[0, S.S_PRESTIGE] - seat[1, S.S_PRESTIGE]))
    seat = pos.score()
    assert seat[0, S.S_PRESTIGE] == seat[1, S.S_PRESTIGE]
    return pos


def test_tied_prestige_goes_to_more_cards_in_play():
    """F (tie at the end, medium confidence): the tied player with more power cards in play wins."""
    pos = _tied_position()
    assert int(pos.st.winner[0]) == 0


def test_tied_prestige_shared_as_a_variant():
    """Setup variant ``tie_break = "shared"``: equal best prestige shares the win."""
    pos = _tied_position({"tie_break": "shared"})
    assert int(pos.st.winner[0]) == -1


# -- 10. Dragon Skull may count itself -------------------------------------------------------------

def test_dragon_skull_may_sacrifice_itself_as_one_of_three():
    """cards.json, Dragon Skull: sacrifice 3 power cards for 15 crystals; the card names no
    exception, so the Skull (a power card in play) may be one of the three (ruling)."""
    pos = Position()
    sk = pos.give(0, "Dragon Skull", "play")
    pos.give(0, "Potion of Power", "play")
    pos.give(0, "Potion of Life", "play")
    pos.set(0, gauge=3)
    pos.begin_turn(0)
    pos.activate(0, sk)
    assert pos.names(0, "play") == [] and pos.crystals(0) == 15


# -- 11. the replay's draw lines and Air Elemental -------------------------------------------------

def test_replay_names_the_drawing_player_and_must_keep_right():
    """The trace of a card draw names who drew and says "(must keep)" only for a forced keep."""
    pos = Position()
    top = pos.on_top("Amulet of Air", "Amulet of Earth")
    pos.begin_turn(1)
    R.draw_keep_or_discard(pos.st, pos.t, 0, 1, pos.prm)
    R.draw_must_keep(pos.st, pos.t, 0, 0, pos.prm)
    draws = [x.strip() for x in pos.log() if " draws " in x]
    assert draws == ["P2 (p1) draws Amulet of Air", "P1 (p0) draws Amulet of Earth (must keep)"]
    assert pos.where(top[1]) == (0, "hand")


def test_replay_logs_air_elementals_conversion():
    """Air Elemental: every opponent's energies become air; the replay shows the change."""
    pos = Position()
    pos.set(1, energy=(1, 2, 0, 0))
    pos.put(0, "Air Elemental")
    assert pos.energy(1) == [0, 0, 0, 3]
    assert any("P2 (p1) energy: -1 water, -2 earth, +3 air" in x for x in pos.log())
    assert pos.violations() == 0


# -- 9 (analysis). the token study applies the engine's tie rule ----------------------------------

def test_token_study_breaks_ties_by_cards_in_play():
    """The token fair value recomputes winners from final scores; a tie at printed value v goes to
    the tied player with more cards in play (the engine's default tie rule), shared only when the
    cards are equal too, or under the shared variant."""
    from simlab.analysis.tokens import tie_share
    n_best = np.array([1, 1, 2])
    focal_cards = np.array([5, 3, 4])
    opp_cards = np.array([4, 3, 6])
    n_cards = np.array([1, 1, 1])
    assert tie_share(n_best, focal_cards, opp_cards, n_cards, True).tolist() == [1.0, 0.5, 0.0]
    assert tie_share(n_best, focal_cards, opp_cards, n_cards, False).tolist() == [0.5, 0.5, 1 / 3]


def test_die_per_turn_structure_is_a_setup_variant():
    """Setup ``round_structure``: "dice_first" (default, F round structure) takes both dice before
    any turn; "die_per_turn" (the structure before 0.2.0) takes each die at its turn's start, so
    the first player's turn begins before the second player's die is taken. A bad value is an
    error naming the key and the values expected."""
    def order(setup):
        pos = Position(setup=setup)
        st = pos.st
        R.play_round(st, pos.t, 0, pos.prm)
        lines = pos.log()
        takes = [k for k, x in enumerate(lines) if x.startswith("- P") and " takes " in x]
        turn1 = lines.index("- P1 (p0)'s turn")
        return takes, turn1
    takes, turn1 = order(None)
    assert len(takes) == 2 and takes[1] < turn1  # both dice taken before the first turn
    takes, turn1 = order({"round_structure": "die_per_turn"})
    assert len(takes) == 2 and takes[0] > turn1 and takes[1] > takes[0] + 2  # P1's turn between
    try:
        Position(setup={"tie_break": "coin"})
    except ValueError as err:
        assert "tie_break" in str(err) and "cards_in_play" in str(err)
    else:
        raise AssertionError("a bad tie_break was accepted")


def test_a_card_that_shrinks_the_reserve_makes_its_owner_discard_the_excess_at_once():
    """F: Player board: energies over the reserve's size are discarded at once. Game 18951 (seed 0,
    4 balanced bots): P1 summons Statue of Eolis holding 7 energies; the reserve is then 6."""
    from simlab.games import get_game
    from simlab.games.base import root_seed_words

    spec = get_game("seasons")
    bots = spec.bot_matrix([("balanced", None)] * 4)
    r = spec.play(np.array([18951], np.int64), root_seed_words(0), 4, bots, spec.load_cards(), rotate=True,
                  check=True)
    assert r["games"]["violations"][0] == 0
