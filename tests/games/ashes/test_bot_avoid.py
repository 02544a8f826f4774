"""The ability and dice-power studies' bot parameters: ``avoid_ability`` (the bot never uses its
Phoenixborn's ability, optional triggers included) and ``avoid_power`` (never that dice power)."""

from __future__ import annotations

import numpy as np
import pytest

from simlab.games.ashes import GAME, data
from simlab.games.ashes import bots as B
from simlab.games.ashes import state as S
from simlab.games.base import play_traced, root_seed_words

P = {k: j for j, k in enumerate(B.PARAMS)}
GAMES = 30  # traced games per arm (the trace names the power type and the ability used)


def _events(deck_0, deck_1, bots, games=GAMES, seed=11):
    """(code, player, x) of every trace event of ``games`` games of deck_0 against deck_1."""
    ct = GAME.load_cards(setup={"decks": [deck_0, deck_1]})
    out = []
    for g in range(games):
        st, viol = play_traced(S.new_state, data.tables(ct), g, root_seed_words(seed), 2, np.stack(bots))
        assert viol == 0
        ev = st.ev[0, :int(st.ev_n[0])]
        out.append(ev[:, [2, 3, 4]].copy())
    return np.concatenate(out), ct


def _vec(preset, **kw):
    v = GAME.bot_vector(preset).copy()
    for k, x in kw.items():
        v[P[k]] = x
    return v


def test_drop_avoided_removes_the_ability_and_the_power_moves():
    """The legal-move filter of DP3/DP4: MV_PB_ABILITY with avoid_ability, the move kind of the
    avoided dice type (DT_* -> MV_*), nothing else."""
    from tests.games.ashes.kit import Position

    pos = Position()
    kinds = [S.MV_ATTACK_PB, S.MV_MEDITATE, S.MV_NATURAL, S.MV_CHARM, S.MV_CEREMONIAL, S.MV_ILLUSION,
             S.MV_PB_ABILITY, S.MV_UNIT_ABILITY]
    moves = np.array([k * S.MAXI for k in kinds], np.int16)
    power = {S.DT_CEREMONIAL: S.MV_CEREMONIAL, S.DT_CHARM: S.MV_CHARM, S.DT_ILLUSION: S.MV_ILLUSION,
             S.DT_NATURAL: S.MV_NATURAL}

    def left():
        legal = moves.copy()
        n = B.drop_avoided(pos.st, 0, pos.prm, 0, legal, len(legal))
        return sorted(int(m) // S.MAXI for m in legal[:n])

    assert left() == sorted(kinds)
    pos.prm[0, P["avoid_ability"]] = 1
    assert left() == sorted(k for k in kinds if k != S.MV_PB_ABILITY)
    pos.prm[0, P["avoid_ability"]] = 0
    for dt, mv in power.items():
        pos.prm[0, P["avoid_power"]] = dt
        assert left() == sorted(k for k in kinds if k != mv)
        assert int(B.power_move(dt)) == mv
    pos.prm[0, P["avoid_power"]] = -1
    assert left() == sorted(kinds)


@pytest.mark.parametrize("preset", ["balanced", "random"])
@pytest.mark.parametrize("deck", data.deck_titles())
def test_avoid_ability_never_uses_the_phoenixborn_ability(preset, deck):
    """Seat 0 with avoid_ability = 1 logs no use of its Phoenixborn ability (side action or
    optional trigger: Jessa's Screams, Maeoni's Strike) in GAMES games of its deck against itself,
    while the same seeds without it do use it; seat 1 (the default bot) is unaffected in kind."""
    base = _vec(preset)
    ev, _ = _events(deck, deck, [base, base])
    used = ((ev[:, 0] == S.EV_PB_ABILITY) & (ev[:, 1] == 0)).sum()
    assert used > 0
    ev, _ = _events(deck, deck, [_vec(preset, avoid_ability=1), base])
    assert ((ev[:, 0] == S.EV_PB_ABILITY) & (ev[:, 1] == 0)).sum() == 0
    assert ((ev[:, 0] == S.EV_PB_ABILITY) & (ev[:, 1] == 1)).sum() > 0


def test_avoid_ability_keeps_empower():
    """Maeoni's deck: declining Strike with avoid_ability still lets the balanced bot activate its
    Empower copies in the same window (the rules ask about Strike first, then each Empower)."""
    ev, ct = _events("The Snakes in Silver", "The Snakes in Silver",
                     [_vec("balanced", avoid_ability=1), _vec("balanced")], games=60)
    empower = ct.names.index("Empower")
    assert ((ev[:, 0] == S.EV_ACTIVATE) & (ev[:, 1] == 0) & (ev[:, 2] == empower)).sum() > 0


@pytest.mark.parametrize("preset", ["balanced", "random"])
@pytest.mark.parametrize("dt", [S.DT_CEREMONIAL, S.DT_CHARM, S.DT_ILLUSION, S.DT_NATURAL])
def test_avoid_power_never_uses_that_dice_power(preset, dt):
    """Seat 0 with avoid_power = dt logs no dice power of type dt over the six precons (each deck
    against the next), while the same seeds without it do; its other powers are still used."""
    titles = data.deck_titles()
    base = _vec(preset)
    n_base = n_avoid = other = 0
    for k, deck in enumerate(titles):
        opp = titles[(k + 1) % len(titles)]
        ev, _ = _events(deck, opp, [base, base], games=8)
        n_base += ((ev[:, 0] == S.EV_DICE_POWER) & (ev[:, 1] == 0) & (ev[:, 2] == dt)).sum()
        ev, _ = _events(deck, opp, [_vec(preset, avoid_power=dt), base], games=8)
        mine = (ev[:, 0] == S.EV_DICE_POWER) & (ev[:, 1] == 0)
        n_avoid += (mine & (ev[:, 2] == dt)).sum()
        other += (mine & (ev[:, 2] != dt)).sum()
    assert n_base > 0
    assert n_avoid == 0
    assert other > 0
