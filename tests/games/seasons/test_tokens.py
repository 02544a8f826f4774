"""Enchanted Kingdom special-ability tokens 1-12 (EK: Žetony zvláštních schopností, Popis
žetonů). One test per token, plus the use-once / value-counts-only-if-used rules."""

from __future__ import annotations

from simlab.games.seasons import rules as R
from simlab.games.seasons import state as S
from tests.games.seasons.kit import Position


def use(pos: Position, p: int, tok: int) -> None:
    pos.st.token[0, p] = tok
    pos.begin_turn(p)
    assert R.token_legal(pos.st, pos.t, 0, p), f"token {tok} not legal here"
    R.use_token(pos.st, pos.t, 0, p, pos.prm)


def test_token_value_counts_only_if_used_and_once():
    """EK: used once a game, flipped; its printed value counts at the end only if used."""
    pos = Position()
    pos.st.token[0, 0] = 11
    sc = pos.score()
    assert sc[0, S.S_TOKEN_VALUE] == 0 and sc[0, S.S_TOKEN_PRINTED] == 9 and sc[0, S.S_TOKEN] == 11
    use(pos, 0, 11)
    assert not R.token_legal(pos.st, pos.t, 0, 0)
    sc = pos.score()
    assert sc[0, S.S_TOKEN_VALUE] == 9 and sc[0, S.S_PRESTIGE] == 9 and sc[0, S.S_WITHOUT_TOKEN] == 0


def test_token_1_draw_keep_or_discard_minus_five():
    """Token 1: draw a card, keep or discard it; -5 prestige."""
    pos = Position()
    top = pos.on_top("Olaf's Blessed Statue")[0]
    use(pos, 0, 1)
    assert pos.where(top) == (0, "hand")
    pos.st.c_cont[0, top]  # kept in hand: the -5 hand penalty applies too
    sc = pos.score()
    assert sc[0, S.S_TOKEN_VALUE] == -5 and sc[0, S.S_PRESTIGE] == -5 - 5


def test_token_2_sacrifice_or_discard_plus_six():
    """Token 2: sacrifice or discard one of your power cards; +6 prestige."""
    pos = Position()
    h = pos.give(0, "Potion of Power", "hand")
    use(pos, 0, 2)
    assert pos.where(h)[1] == "discard"
    assert pos.score()[0, S.S_PRESTIGE] == 6


def test_token_3_two_energies_minus_five():
    """Token 3: +2 energies of choice; -5 prestige."""
    pos = Position()
    use(pos, 0, 3)
    assert sum(pos.energy(0)) == 2 and pos.score()[0, S.S_TOKEN_VALUE] == -5


def test_token_4_gauge_back_not_below_cards_in_play():
    """Token 4: gauge -1, never below the cards in play (EK: Důležité); +10 prestige."""
    pos = Position()
    pos.st.token[0, 0] = 4
    pos.set(0, gauge=1)
    pos.give(0, "Amulet of Air", "play")
    assert not R.token_legal(pos.st, pos.t, 0, 0)
    pos.set(0, gauge=2)
    use(pos, 0, 4)
    assert pos.gauge(0) == 1 and pos.score()[0, S.S_TOKEN_VALUE] == 10


def test_token_5_plus_three_per_card_in_hand():
    """Token 5: +3 instead of -5 per card left in hand; permanent (not flipped), printed 0."""
    pos = Position()
    pos.st.token[0, 0] = 5
    pos.st.token_used[0, 0] = 1  # kept: permanent (prelude sets this)
    pos.give(0, "Amulet of Air", "hand")
    pos.give(0, "Amulet of Fire", "hand")
    assert not R.token_legal(pos.st, pos.t, 0, 0)
    sc = pos.score()
    assert sc[0, S.S_HAND_PENALTY] == 6 and sc[0, S.S_PRESTIGE] == 6 and sc[0, S.S_TOKEN_USED] == 1


def test_token_6_transmute_with_one_extra_crystal():
    """Token 6: may transmute this turn, +1 crystal per energy; 0 prestige."""
    pos = Position()
    pos.set(0, energy=(0, 2, 0, 0))
    use(pos, 0, 6)
    assert pos.st.can_trans[0] == 1
    R.transmute(pos.st, pos.t, 0, 0, S.EARTH, 2)
    assert pos.crystals(0) == 2 * (3 + 1)


def test_token_7_twelve_crystals_minus_six():
    """Token 7: +12 crystals; -6 prestige."""
    pos = Position()
    use(pos, 0, 7)
    assert pos.crystals(0) == 12 and pos.score()[0, S.S_PRESTIGE] == 6


def test_token_8_discard_four_water_plus_eighteen():
    """Token 8: discard 4 water energies; +18 prestige (needs 4 water)."""
    pos = Position()
    pos.st.token[0, 0] = 8
    pos.set(0, energy=(3, 2, 0, 0))
    assert not R.token_legal(pos.st, pos.t, 0, 0)
    pos.set(0, energy=(4, 2, 0, 0))
    use(pos, 0, 8)
    assert pos.energy(0) == [0, 2, 0, 0] and pos.score()[0, S.S_TOKEN_VALUE] == 18


def test_token_9_gauge_plus_two_minus_five():
    """Token 9: gauge +2; -5 prestige."""
    pos = Position()
    use(pos, 0, 9)
    assert pos.gauge(0) == 2 and pos.score()[0, S.S_TOKEN_VALUE] == -5


def test_token_10_season_two_spaces_plus_three():
    """Token 10: the season token 2 spaces forward or back; +3 prestige (the heuristic moves back
    in year III)."""
    pos = Position(month=11, year=3)
    use(pos, 0, 10)
    assert pos.st.month[0] == 9 and pos.score()[0, S.S_TOKEN_VALUE] == 3
    pos = Position(month=1, year=1)
    use(pos, 0, 10)
    assert pos.st.month[0] == 3


def test_token_11_look_at_hands_plus_nine():
    """Token 11: look at the other hands (no effect on the simulation); +9 prestige."""
    pos = Position()
    use(pos, 0, 11)
    assert pos.score()[0, S.S_TOKEN_VALUE] == 9


def test_token_12_reorder_top_three():
    """Token 12: look at the top 3 cards and put them back in any order (the bot's favourite on
    top); 0 prestige."""
    pos = Position()
    top = pos.on_top("Potion of Power", "Amulet of Air", "Olaf's Blessed Statue")
    use(pos, 0, 12)
    n = pos.st.cont_n[0, S.C_DECK]
    assert int(pos.st.cont[0, S.C_DECK, n - 1]) == top[2]
    assert sorted(int(x) for x in pos.st.cont[0, S.C_DECK, n - 3:n]) == sorted(top)
    assert pos.violations() == 0


def test_fixed_token_follows_the_bot_for_token_studies():
    """fixed_token (bot parameter) replaces the keep-1-of-3 choice: 1-12 that token, 0 none; with
    seats rotating, the token follows the bot row (the token study's design)."""
    import numpy as np

    from simlab.games import get_game
    from simlab.games.base import root_seed_words

    game = get_game("seasons")
    bots = game.bot_matrix([("balanced", {"fixed_token": 7}), ("balanced", {"fixed_token": 0})])
    res = game.play(np.arange(40), root_seed_words(3), 2, bots, game.load_cards(), rotate=True, check=True)
    assert res["games"]["violations"].sum() == 0
    row, token = res["seats"]["bot_row"], res["seats"]["token"]
    assert (token[row == 0] == 7).all() and (token[row == 1] == -1).all()
    score, without = res["seats"]["score"], res["seats"]["score_without_token"]
    assert (score[row == 1] == without[row == 1]).all()


def test_token_prestige_setup_reprices_a_token_and_rejects_bad_input():
    """A scenario may override any token's printed value (setup ``token_prestige``); the engine
    counts the new value when the token is used."""
    import numpy as np
    import pytest

    from simlab.games import get_game
    from simlab.games.base import root_seed_words

    game = get_game("seasons")
    table = game.load_cards(setup={"token_prestige": {"7": 4}})
    assert table.arrays["token_prestige"][7] == 4 and table.arrays["token_prestige"][8] == 18
    bots = game.bot_matrix([("balanced", {"fixed_token": 7})])
    res = game.play(np.arange(6), root_seed_words(3), 2, bots, table, rotate=True, check=True)
    used = res["seats"]["token_used"] == 1
    assert used.any() and (res["seats"]["token_value"][used] == 4).all()
    assert (res["seats"]["token_printed"] == 4).all()
    with pytest.raises(KeyError, match="unknown token '13'"):
        game.load_cards(setup={"token_prestige": {"13": 1}})
    with pytest.raises(ValueError, match="token 4: bad value 'x'"):
        game.load_cards(setup={"token_prestige": {"4": "x"}})
