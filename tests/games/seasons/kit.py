"""Set up exact Seasons positions for rule tests.

    pos = Position(players=2, enchantment="none")       # deck shuffled, nothing dealt yet
    i = pos.give(0, "Amulet of Earth", "hand")           # a copy from the draw pile
    pos.set(0, energy=(0, 2, 0, 0), gauge=1)             # water, earth, fire, air
    pos.summon(0, i)                                      # pays and applies the effect
    pos.crystals(0) -> 9

The draw pile holds every card not given out; the number of cards never changes, and energy
given with ``set`` is booked as entering the reserve so that the conservation check holds.
"""

from __future__ import annotations

import numpy as np

from simlab.games.base import root_seed_words
from simlab.games.seasons import GAME, data
from simlab.games.seasons import rules as R
from simlab.games.seasons import state as S
from simlab.games.seasons.trace import format_events

ZONES = {"hand": S.Z_HAND, "lib2": S.Z_LIB2, "lib3": S.Z_LIB3, "play": S.Z_PLAY, "pick": S.Z_PICK}
ENERGY = {"water": S.WATER, "earth": S.EARTH, "fire": S.FIRE, "air": S.AIR}


class Position:
    """A one-game batch in a hand-made position (game row 0), with trace on."""

    def __init__(self, players: int = 2, bots: list[str] | None = None, params: dict | None = None,
                 seed: int = 0, variants: dict | None = None, cards: dict | None = None,
                 enchantment: str = "none", month: int = 1, year: int = 1, setup: dict | None = None):
        self.ct = data.load_cards(cards=cards, variants=variants,
                                  setup={"enchantment": enchantment, **(setup or {})})
        self.t = data.tables(self.ct)
        self.st = S.new_state(1, trace_events=20000)
        bots = bots or ["balanced"] * players
        self.prm = np.zeros((S.MAXP, len(GAME.bot_params)))
        for p in range(players):
            self.prm[p] = GAME.bot_vector(bots[p % len(bots)], params)
        self.players = players
        R.setup(self.st, self.t, 0, players, root_seed_words(seed), 0)
        self.st.token_deal[0] = 0
        self.st.month[0] = month
        self.st.year[0] = year
        self.st.roll_season[0] = S.season_of(month)  # as if this season's dice were rolled
        self.st.ev_n[0] = 0
        self.plan = np.zeros(8, np.int16)

    # -- lookups -----------------------------------------------------------------------------------
    def card_id(self, name: str) -> int:
        return self.ct.names.index(name)

    def instances(self, container: int) -> list[int]:
        return [int(self.st.cont[0, container, k]) for k in range(self.st.cont_n[0, container])]

    def zone(self, p: int, z: str) -> int:
        return S.zone_of(p, ZONES[z])

    def names(self, p: int, z: str) -> list[str]:
        return sorted(self.ct.names[self.t.inst_card[i]] for i in self.instances(self.zone(p, z)))

    def where(self, i: int) -> tuple[int, str]:
        c = int(self.st.c_cont[0, i])
        if c < S.PL0:
            return -1, {S.C_DECK: "deck", S.C_DISCARD: "discard", S.C_REVEAL: "reveal", S.C_BOX: "box"}[c]
        p, z = divmod(c - S.PL0, S.NZ)
        return p, {v: k for k, v in ZONES.items()}.get(z, "packet")

    # -- moving cards ------------------------------------------------------------------------------
    def give(self, p: int, name: str, zone: str) -> int:
        """Move a copy of ``name`` from the draw pile (or discard pile) into p's zone; the draw
        pile keeps its order (the card is taken from the bottom-most copy)."""
        cid = self.card_id(name)
        for c in (S.C_DECK, S.C_DISCARD):
            order = self.instances(c)
            for i in order:
                if self.t.inst_card[i] == cid:
                    R.place(self.st, 0, i, self.zone(p, zone))
                    self._restore(c, [j for j in order if j != i])
                    return i
        raise AssertionError(f"no copy of {name} left in the draw or discard pile")

    def _restore(self, c: int, order: list[int]) -> None:
        for k, j in enumerate(order):
            self.st.cont[0, c, k] = j
            self.st.c_pos[0, j] = k

    def on_top(self, *names: str) -> list[int]:
        """Put copies of these cards on top of the draw pile, the first name on top."""
        out = []
        for name in reversed(names):
            cid = self.card_id(name)
            i = next(i for i in self.instances(S.C_DECK) + self.instances(S.C_DISCARD)
                     if self.t.inst_card[i] == cid and i not in out)
            if self.st.c_cont[0, i] != S.C_DECK:
                R.place(self.st, 0, i, S.C_DECK)
            order = [j for j in self.instances(S.C_DECK) if j != i] + [i]
            self._restore(S.C_DECK, order)
            out.append(i)
        return out[::-1]

    def set(self, p: int, energy: tuple[int, int, int, int] | None = None, crystals: int | None = None,
            gauge: int | None = None) -> None:
        st = self.st
        if energy is not None:
            before = int(st.energy[0, p].sum())
            st.energy[0, p] = energy
            st.e_in[0] += int(sum(energy)) - before
        if crystals is not None:
            st.crystals[0, p] = crystals
        if gauge is not None:
            st.gauge[0, p] = gauge

    def begin_turn(self, p: int) -> None:
        """Reset the per-turn flags as play_turn does, without playing."""
        self.st.cur[0] = p
        self.st.can_trans[0] = 0
        self.st.trans_extra[0] = 0
        self.st.summons[0] = 0
        self.st.vision_used[0] = 0

    # -- rules shortcuts ---------------------------------------------------------------------------
    def can_summon(self, p: int, i: int) -> bool:
        return bool(S.can_summon(self.st, self.t, 0, p, i, self.plan))

    def summon(self, p: int, i: int) -> None:
        assert self.can_summon(p, i), f"cannot summon {self.ct.names[self.t.inst_card[i]]}"
        R.summon(self.st, self.t, 0, p, self.prm, i, self.plan)

    def activate(self, p: int, i: int, mode: int = 1) -> None:
        assert S.can_activate(self.st, self.t, 0, p, i), f"cannot activate {self.ct.names[self.t.inst_card[i]]}"
        R.activate(self.st, self.t, 0, p, self.prm, i, mode)

    def energy(self, p: int) -> list[int]:
        return [int(x) for x in self.st.energy[0, p]]

    def crystals(self, p: int) -> int:
        return int(self.st.crystals[0, p])

    def gauge(self, p: int) -> int:
        return int(self.st.gauge[0, p])

    def log(self) -> list[str]:
        return format_events(self.st.ev[0], int(self.st.ev_n[0]), self.ct, [f"p{p}" for p in range(self.players)])

    def violations(self) -> int:
        return int(S.count_violations(self.st, self.t, 0))

    def score(self) -> np.ndarray:
        R.final_scoring(self.st, self.t, 0)
        return self.st.seat[0, : self.players]

    def put(self, p: int, name: str) -> int:
        """Put a copy of ``name`` into p's play (raising the gauge if it must) and apply its
        when-enters-play effect."""
        n_play = len(self.instances(self.zone(p, "play")))
        if self.st.gauge[0, p] <= n_play:
            self.st.gauge[0, p] = n_play + 1
        i = self.give(p, name, "play")
        R.resolve_enter(self.st, self.t, 0, p, self.prm, i)
        return i
