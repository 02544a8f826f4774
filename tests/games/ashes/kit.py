"""Set up exact Ashes positions for rule tests (game row 0 of a one-game batch, trace on).

    pos = Position(decks=["The Iron Men", "The Mist Guardian"])   # dealt as setup deals
    pos.dice(0, [("ceremonial", "power"), ("natural", "class")])  # seat 0's active pool
    i = pos.take(0, "Hammer Knight", "hand")                       # a copy into a zone
"""

from __future__ import annotations

import numpy as np

from simlab.games.ashes import bots as B
from simlab.games.ashes import data
from simlab.games.ashes import rules as R
from simlab.games.ashes import state as S
from simlab.games.base import root_seed_words

ZONES = dict(zip(S.ZONE_NAMES, range(S.NZ), strict=True))
FACES = dict(zip(S.FACE_NAMES, range(3), strict=True))


class Position:
    """A one-game batch dealt by ``rules.setup``, then edited by hand."""

    def __init__(self, decks=("The Iron Men", "The Mist Guardian"), players: int = 2, seed: int = 0,
                 game_id: int = 0, bots=("balanced", "balanced")):
        self.ct = data.load_cards(setup={"decks": list(decks)})
        self.t = data.tables(self.ct)
        self.st = S.new_state(1, trace_events=5000)
        self.prm = np.zeros((S.MAXP, len(B.PARAMS)))
        for p in range(S.MAXP):
            pre = B.PRESETS[bots[p % len(bots)]]
            self.prm[p] = [pre[k] for k in B.PARAMS]
        R.setup(self.st, self.t, 0, players, root_seed_words(seed), game_id)

    def card_id(self, name: str) -> int:
        return self.ct.names.index(name)

    def zone(self, p: int, z: str) -> int:
        return S.zone_of(p, ZONES[z])

    def instances(self, p: int, z: str) -> list[int]:
        c = self.zone(p, z)
        return [int(self.st.cont[0, c, k]) for k in range(self.st.cont_n[0, c])]

    def names(self, p: int, z: str) -> list[str]:
        return sorted(self.ct.names[self.st.i_card[0, i]] for i in self.instances(p, z))

    def take(self, p: int, name: str, z: str) -> int:
        """Move one of seat p's instances of ``name`` into zone z, taken from the draw pile,
        else the conjuration pile, the discard pile, the hand (never from a card in play)."""
        card = self.card_id(name)
        for src in ("draw", "conjuration_pile", "discard", "hand"):
            if src == z:
                continue
            for i in self.instances(p, src):
                if self.st.i_card[0, i] == card:
                    R.place(self.st, 0, i, self.zone(p, z))
                    return i
        raise LookupError(f"no {name} of seat {p} left outside play and {z}")

    def move_all(self, p: int, src: str, dst: str, keep: int = 0) -> None:
        """Move all but ``keep`` cards of p's zone src into zone dst."""
        while self.st.cont_n[0, self.zone(p, src)] > keep:
            R.place(self.st, 0, self.instances(p, src)[-1], self.zone(p, dst))

    def dice(self, p: int, active: list[tuple[str, str]], exhausted: list[tuple[str, str]] = ()) -> None:
        """Set seat p's 10 dice: the listed (type, face) dice active, then exhausted, the rest
        exhausted showing basic."""
        spec = [(d, f, S.L_ACTIVE) for d, f in active] + [(d, f, S.L_EXHAUSTED) for d, f in exhausted]
        assert len(spec) <= S.NDICE
        for d in range(S.NDICE):
            typ, face, loc = spec[d] if d < len(spec) else ("natural", "basic", S.L_EXHAUSTED)
            self.st.die_type[0, p, d] = S.DIE_TYPES.index(typ)
            self.st.die_face[0, p, d] = FACES[face]
            self.st.die_loc[0, p, d] = loc
            self.st.die_host[0, p, d] = -1

    def active(self, p: int) -> list[tuple[str, str]]:
        return sorted((S.DIE_TYPES[self.st.die_type[0, p, d]], S.FACE_NAMES[self.st.die_face[0, p, d]])
                      for d in range(S.NDICE) if self.st.die_loc[0, p, d] == S.L_ACTIVE)

    def violations(self) -> int:
        return int(S.count_violations(self.st, self.t, 0))
