"""Bots: presets, legal random play, no reading of hidden information.

C = ../shared/reference/wizwar/rules_checklist.md (section 4: bots).
"""

from __future__ import annotations

import numpy as np
import pytest

from simlab.games.base import root_seed_words
from simlab.games.wizwar import GAME
from simlab.games.wizwar import bots as BT
from simlab.games.wizwar import state as S
from simlab.games.wizwar.state import O_ATTACK, O_DROP, O_PICKUP, O_STEP
from tests.games.wizwar.kit import Position

pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")


def test_presets_and_parameters():
    """Design guide 3: named presets including `random`; unknown names refused."""
    assert {"balanced", "random", "runner", "brawler"} <= set(GAME.bots)
    assert GAME.bot_vector("random")[BT.P_RANDOM] == 1.0
    with pytest.raises(KeyError):
        GAME.bot_vector("balanced", {"nope": 1})


def _copy(pos):
    return S.State(**{k: v.copy() for k, v in pos.st._arrays.items()})


def test_decisions_ignore_hidden_cards():
    """C 4.1: a bot's choice does not depend on other seats' hands or the deck order: swapping
    the opponent's hand with deck cards and shuffling the deck changes no decision."""
    for seed in range(6):
        pos = Position(seed=seed, keep_hands=True)
        pos.put(1, 2, 4)
        pos.start_turn(0)
        before = _copy(pos)
        pos.R.enumerate_options(pos.st, pos.t, 0, pos.geo, 0)
        k1 = BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
        choice = tuple(pos.st.opt[0, k1])
        st = before
        h = S.hand_of(1)
        rng = np.random.default_rng(seed)
        for k in range(st.cont_n[0, h]):  # swap red's hand for the deck's first cards
            a, b = st.cont[0, h, k], st.cont[0, S.Z_DECK, k]
            st.inst_card[0, a], st.inst_card[0, b] = st.inst_card[0, b], st.inst_card[0, a]
        n = st.cont_n[0, S.Z_DECK]
        perm = rng.permutation(n)
        deck = st.cont[0, S.Z_DECK, :n].copy()
        cards = st.inst_card[0, deck].copy()
        st.inst_card[0, deck] = cards[perm]
        pos.R.enumerate_options(st, pos.t, 0, pos.geo, 0)
        k2 = BT.choose_option(st, pos.t, 0, pos.geo, 0, pos.prm[0])
        assert tuple(st.opt[0, k2]) == choice


def test_balanced_walks_to_a_treasure_and_home():
    """C 4.3: the heuristic steps toward the nearest enemy treasure, picks it up, and with a
    treasure walks home and drops it on its base."""
    pos = Position()
    pos.put(0, 1, 5)  # south of red's treasure on (0,5)
    pos.start_turn(0)
    pos.options(0)
    k = BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    assert tuple(pos.st.opt[0, k])[:2] == (O_STEP, 0)
    pos.put(0, 0, 5)
    pos.options(0)
    k = BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    assert pos.st.opt[0, k, 0] == O_PICKUP
    pos.st.tr_sq[0, 2], pos.st.tr_carrier[0, 2], pos.st.carrying[0, 0] = -1, 0, 2
    pos.put(0, 2, 2)
    pos.options(0)
    k = BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    assert pos.st.opt[0, k, 0] == O_DROP


def test_balanced_attacks_a_target_in_sight():
    """C 4.3 step 4: with an attack spell and an enemy in sight, the heuristic attacks."""
    pos = Position()
    pos.give(0, "Fireball")
    pos.put(1, 2, 4)
    pos.start_turn(0)
    pos.options(0)
    k = BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    assert pos.st.opt[0, k, 0] == O_ATTACK


def test_random_bot_plays_legal_games():
    """C 4.5: random bots at 2-4 players break no invariant and every game ends."""
    ct = GAME.load_cards(variants={"schools": "all"})
    for players in (2, 3, 4):
        bots = GAME.bot_matrix([("random", None)] * players)
        r = GAME.play(np.arange(3), root_seed_words(11), players, bots, ct, check=True)
        assert (r["games"]["violations"] == 0).all()
        assert (r["games"]["turns"] > 0).all()


def test_equally_near_treasures_are_chosen_at_random():
    """Bots (checklist 4): a wizard with several enemy treasures at the same distance picks among
    them at random. A fixed order (lowest seat first) sent every wizard after seat 0's treasures,
    and seat 0 lost more often on the mirrored `open` boards (18.3% against about 27% at 4
    players, n = 1,000 games each, before this rule)."""
    pos = Position(players=4)
    st, t = pos.st, pos.t
    me = st.pos[0, 3]
    from simlab.games.wizwar.movement import distances
    field = distances(pos.geo, me, 1 << int(st.colour[0, 3]))
    near = min(int(field[st.tr_sq[0, j]]) for j in range(6))
    tied = {int(st.tr_sq[0, j]) for j in range(6) if field[st.tr_sq[0, j]] == near}
    assert len(tied) >= 2  # the open board: several enemy treasures equally near
    picked = {int(BT.goal_square(st, t, 0, pos.geo, 3)) for _ in range(60)}
    assert picked == tied


def test_avoid_card_never_plays_the_card_but_may_spend_it():
    """The card-value study's arm (bot parameter avoid_card): the option stays legal, but the bot
    never casts the avoided spell; a spell card may still be spent for its energy value, while an
    avoided pure energy card is never spent."""
    pos = Position(params={"avoid_card": "Fireball"})
    pos.give(0, "Fireball")
    pos.put(1, 2, 4)
    pos.start_turn(0)
    opts = pos.options(0)
    assert any(o[0] == O_ATTACK for o in opts)  # still legal
    k = BT.choose_option(pos.st, pos.t, 0, pos.geo, 0, pos.prm[0])
    assert pos.st.opt[0, k, 0] != O_ATTACK
    fireball = pos.ct.names.index("Fireball")
    assert BT.avoided(pos.prm[0], fireball) and not BT.avoided(pos.prm[0], pos.ct.names.index("Zot!"))
    # the card as a boost: allowed for a spell, refused for an avoided energy card
    e4 = Position(params={"avoid_card": "Energy 4"})
    i = e4.give(0, "Energy 4")
    e4.start_turn(0)
    e4.options(0)
    boosts = [k for k in range(e4.st.opt_n[0]) if e4.st.opt[0, k, 0] == S.O_BOOST and e4.st.opt[0, k, 1] == i]
    assert boosts and all(BT.avoids_option(e4.st, e4.t, 0, e4.prm[0], k) for k in boosts)
    fb = Position(params={"avoid_card": "Fireball"})
    j = fb.give(0, "Fireball")
    fb.start_turn(0)
    fb.options(0)
    boosts = [k for k in range(fb.st.opt_n[0]) if fb.st.opt[0, k, 0] == S.O_BOOST and fb.st.opt[0, k, 1] == j]
    assert not any(BT.avoids_option(fb.st, fb.t, 0, fb.prm[0], k) for k in boosts)


def test_avoid_card_covers_counters():
    """An avoided counter is never played: Full Shield against a lethal Fireball."""
    pos = Position(params={"avoid_card": "Full Shield"})
    pos.give(1, "Full Shield")
    pos.st.life[0, 1] = 3
    fireball = pos.ct.names.index("Fireball")
    assert BT.choose_full_shield(pos.st, pos.t, 0, 1, pos.prm[1], fireball, 1) == -1
    plain = Position()
    i = plain.give(1, "Full Shield")
    plain.st.life[0, 1] = 3
    assert BT.choose_full_shield(plain.st, plain.t, 0, 1, plain.prm[1], fireball, 1) == i


@pytest.mark.parametrize("players", [2, 3, 4])
def test_opened_walk_equals_the_walk_on_the_board_with_the_target_gone(players):
    """bots.opened_walk works out the walk with a border gone from the two walks the bot has
    already (one step added, taken at most once) instead of trying it on the board: the same
    steps as a search on a copy of the board with that border open, for every border (between
    squares, on the map's edge; walls, doors of any colour, Stone Block sides) and for Stone
    Block targets, on a board with walls and doors scattered at random; the board is as before."""
    from simlab.games.wizwar import board as B
    from simlab.games.wizwar.movement import distances

    pos = Position(players)
    st, geo = pos.st, pos.geo
    rng = np.random.default_rng(players)
    ne = geo.edge_kind.shape[0]
    for e in range(ne):
        if geo.edge_inner[e] and geo.edge_kind[e] != B.OUTER:
            st.edge_kind[0, e] = rng.choice([B.OPEN, B.OPEN, B.WALL, B.DOOR, B.WALL | S.FILLED])
            st.edge_doors[0, e] = rng.integers(0, 16)
    nsq = geo.nbr.shape[0]
    tried = shorter = 0
    for _ in range(6):
        me, goal = (int(v) for v in rng.integers(0, nsq, 2))
        st.pos[0, 0] = me
        bit = int(rng.choice([1, 2, 4, 8]))
        to_goal, from_me = distances(geo, goal, bit), distances(geo, me, bit)
        base = to_goal[me] if to_goal[me] >= 0 else 1000
        for x in list(range(ne)) + [-1 - int(z) for z in rng.integers(0, nsq, 4)]:
            kinds = st.edge_kind[0].copy()
            if x >= 0:
                kinds[x] = kinds[x] & S.FILLED
            else:
                for d in range(4):
                    kinds[geo.edge[-1 - x, d]] &= S.KIND
            want = distances(geo._replace(edge_kind=kinds), goal, bit)[me]
            want = want if want >= 0 else 1000
            before = st.edge_kind[0].copy()
            assert BT.opened_walk(st, 0, geo, 0, x, goal, bit, to_goal, from_me) == want, (x, me, goal, bit)
            assert (st.edge_kind[0] == before).all()
            tried += 1
            shorter += want < base
    assert tried > 6 * ne and shorter > 0  # some borders gone shorten the walk


def _clutter(pos, players, rng, kinds, cracks=False):
    """Walls and doors at random on the borders between squares (kinds drawn from ``kinds``,
    door colours at random, 0-2 cracks if ``cracks``), two Stone Blocks, and each wizard on a
    random square."""
    from simlab.games.wizwar import board as B

    st, geo = pos.st, pos.geo
    for e in range(geo.edge_kind.shape[0]):
        if geo.edge_inner[e] and geo.edge_kind[e] != B.OUTER:
            st.edge_kind[0, e] = rng.choice(kinds)
            st.edge_doors[0, e] = rng.integers(0, 16)
            if cracks:
                st.crack[0, e] = rng.integers(0, 3)
    nsq = geo.nbr.shape[0]
    for sq in rng.integers(0, nsq, 2):
        for d in range(4):
            st.edge_kind[0, geo.edge[sq, d]] |= S.FILLED  # a Stone Block
        st.fill[0, sq] = S.FILL_BLOCK
    for p in range(players):
        st.pos[0, p] = rng.integers(0, nsq)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_target_is_aimed_at_when_an_open_board_would_not_shorten_the_walk_enough(players):
    """Geometry.open_dist holds the steps between two squares with every border open (links
    included): a search on the board with every border open, on every arrangement. No walk with
    a wall, door or block gone is shorter, so when the bot's walk to its goal less that is under
    break_min, bots.aims_possible is False and aims_wanted keeps none of the targets around it;
    random boards, goals and break_min 0, 2 and 4, both answers seen."""
    from simlab.games.wizwar import board as B
    from simlab.games.wizwar import rules as R
    from simlab.games.wizwar.movement import ALL_DOORS, distances

    for arr in B.arrangements().values():
        if arr.players == players:
            g = B.assemble(B.board_set("open"), arr, list(range(players)), [0] * players).geo
            opened = g._replace(edge_kind=np.zeros_like(g.edge_kind))
            for sq in range(g.nbr.shape[0]):
                assert (g.open_dist[sq] == distances(opened, sq, ALL_DOORS)).all()
    answers = set()
    for seed in range(30):
        pos = Position(players, seed=seed, params={"break_min": 2.0 * (seed % 3)})
        st, geo = pos.st, pos.geo
        rng = np.random.default_rng(seed)
        _clutter(pos, players, rng, [B.OPEN, B.OPEN, B.WALL, B.DOOR])
        pos.start_turn(0)
        BT.decision_view(st, pos.t, 0, geo, 0, pos.prm[0])
        me = int(st.pos[0, 0])
        near, nn = R.window_borders(geo, me)
        win, nw = R.window_squares(geo, me)
        tg = np.array([x for x in near[:nn]] + [-1 - int(q) for q in win[:nw]], np.int64)
        tg = tg[[S.crack_limit(st, 0, int(x)) > 0 for x in tg]]
        possible = BT.aims_possible(st, 0, geo, 0)
        answers.add(bool(possible))
        if not possible:
            assert BT.aims_wanted(st, pos.t, 0, geo, 0, tg.copy(), len(tg)) == 0, seed
    assert answers == {True, False}


@pytest.mark.parametrize("players", [2, 3])
def test_the_view_leaves_out_only_attacks_on_objects_the_bot_never_takes(players):
    """rules.move_and_cast makes the bot's view first (bots.decision_view) and the listing then
    leaves out walls, doors and blocks no attack on which could score above nothing
    (bots.aims_wanted). With break_min 0, 2 and 4, on boards with walls, doors and Stone Blocks
    at random, hands of attack
    spells, energy cards and Shatter, and carried throwing items, Solvent and Wizardblade: the
    same option is taken as from the whole listing (rules.enumerate_options, bots.choose_option),
    with the same random draws; the listing is the whole one less some rows; every row left out
    attacks a wall, door or block, or is a Destroy Wall after the first when none could gain
    enough (bots.destroy_futile), and scores below nothing in the whole listing."""
    from simlab.games.wizwar import board as B
    from simlab.games.wizwar.state import O_NEUTRAL, O_OBJECT

    dropped = kept = walls = 0
    for seed in range(24):
        pos = Position(players, seed=seed, params={"break_min": 2.0 * (seed % 3)})  # 0, 2, 4 steps
        st, geo = pos.st, pos.geo
        rng = np.random.default_rng(seed)
        _clutter(pos, players, rng, [B.OPEN, B.OPEN, B.WALL, B.WALL, B.DOOR], cracks=True)
        for name in rng.choice(["Fireball", "Lightning Bolt", "Fire Darts", "Energy 5", "Energy 6", "Shatter",
                                "Destroy Wall", "Zot!"], 5, replace=False):
            pos.give(0, str(name))
        for name in rng.choice(["Large Rock", "Boomstone", "Universal Solvent", "Mightstone", "Wizardblade"],
                               2, replace=False):
            S.place(st, 0, pos.give(0, str(name)), S.items_of(0))
        pos.start_turn(0)
        whole, seen = _copy(pos), _copy(pos)
        pos.R.enumerate_options(whole, pos.t, 0, geo, 0)
        k1 = BT.choose_option(whole, pos.t, 0, geo, 0, pos.prm[0])
        BT.decision_view(seen, pos.t, 0, geo, 0, pos.prm[0])
        pos.R.list_options(seen, pos.t, 0, geo, 0)
        k2 = BT.choose_in_view(seen, pos.t, 0, geo, 0, pos.prm[0])
        rows1 = [tuple(int(v) for v in whole.opt[0, k]) for k in range(whole.opt_n[0])]
        rows2 = [tuple(int(v) for v in seen.opt[0, k]) for k in range(seen.opt_n[0])]
        assert rows1[k1] == rows2[k2], seed
        assert (whole.rng == seen.rng).all(), seed
        it = iter(enumerate(rows1))
        left_out = []
        for row in rows2:  # rows2 is rows1 with some rows left out, in order
            k, r = next(it)
            while r != row:
                left_out.append(k)
                k, r = next(it)
        left_out += [k for k, _ in it]
        goal, here = int(whole.view_num[0, BT.V_GOAL]), int(whole.view_num[0, BT.V_HERE])
        blocked = whole.view_num[0, BT.V_BLOCKED] == 1
        prep = BT.walls_prep(whole, pos.t, 0, geo, 0, False)
        for k in left_out:
            if rows1[k][0] == O_NEUTRAL:  # a Destroy Wall after the first (bots.destroy_futile)
                assert pos.ct.names[whole.inst_card[0, rows1[k][1]]] == "Destroy Wall"
                assert BT.walls_score(whole, pos.t, 0, geo, 0, pos.prm[0], k, goal, whole.view_field[0, 0], here,
                                      *prep) < 0
                walls += 1
                continue
            assert rows1[k][0] == O_OBJECT
            assert BT.object_score(whole, pos.t, 0, geo, 0, pos.prm[0], k, goal, here, blocked) < 0
        dropped += len(left_out)
        kept += sum(r[0] == O_OBJECT for r in rows2)
    assert dropped > 0 and kept > 0 and walls > 0  # every kind of row left out occurs
