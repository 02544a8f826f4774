"""Set up exact Quarriors positions for rule tests.

    pos = Position(players=2, wilds=["Witching Hag", ...])   # fixed Wilds, every die in the Wilds
    d = pos.give(0, "Strong Witching Hag", "ready", face=("creature", 1))
    R.score_phase(pos.st, pos.t, 0, 0, pos.prm)
    pos.names(0, "active")  ->  ["Scavenging Goblin"]

Every player's dice start back on their cards in the Wilds (Basic Quiddity on its card), so a test
gives each player exactly the dice it needs; the number of dice in the game never changes.
"""

from __future__ import annotations

import numpy as np

from simlab.games.base import root_seed_words
from simlab.games.quarriors import GAME, data
from simlab.games.quarriors import rules as R
from simlab.games.quarriors import state as S
from simlab.games.quarriors.trace import format_events

ZONES = {"bag": S.Z_BAG, "active": S.Z_ACTIVE, "ready": S.Z_READY, "used": S.Z_USED, "aside": S.Z_ASIDE}
KINDS = {"q": S.F_Q, "creature": S.F_CREATURE, "spell": S.F_SPELL, "draw": S.F_DRAW,
         "reroll": S.F_REROLL, "q_draw": S.F_QDRAW, "q_or_reroll": S.F_QORREROLL}

DEFAULT_CREATURES = ["Scavenging Goblin", "Warrior of the Quay", "Witching Hag", "Devotee of the Holy Query",
                     "Ghostly Spirit", "Deathdealer", "Quake Dragon"]
DEFAULT_SPELLS = ["Death Charm", "Growth Charm", "Life Spell"]


class Position:
    """A one-game batch in a hand-made position (game row 0), with trace on."""

    def __init__(self, players: int = 2, wilds: list[str] | None = None, bots: list[str] | None = None,
                 params: dict | None = None, seed: int = 0, variants: dict | None = None, cards: dict | None = None):
        wilds = list(wilds or [])
        self.ct = data.load_cards(cards=cards, variants=variants)
        names = self.ct.names
        kinds = {n: r["kind"] for n, r in zip(names, (r for r in self.ct.rows), strict=True)}
        classes = {n: r["class"] for n, r in zip(names, self.ct.rows, strict=True)}
        creatures = [w for w in wilds if kinds[w] == "creature"]
        spells = [w for w in wilds if kinds[w] == "spell"]
        for default, chosen, need in ((DEFAULT_CREATURES, creatures, 7), (DEFAULT_SPELLS, spells, 3)):
            for n in default:
                if len(chosen) >= need:
                    break
                if classes[n] not in {classes[c] for c in chosen}:
                    chosen.append(n)
        include = creatures + spells
        self.ct = data.load_cards(cards=cards, variants=variants, setup={"include": include})
        self.t = data.tables(self.ct)
        self.st = S.new_state(1, trace_events=5000)
        bots = bots or ["greedy"] * players
        self.prm = np.zeros((S.MAXP, len(GAME.bot_params)))
        for p in range(players):
            self.prm[p] = GAME.bot_vector(bots[p % len(bots)], params)
        self.players = players
        R.setup(self.st, self.t, 0, players, root_seed_words(seed), 0)
        # return every player's dice to the Wilds: tests hand out exactly what they need
        for p in range(players):
            for z in range(S.NZ):
                c = S.zone_of(p, z)
                while self.st.cont_n[0, c] > 0:
                    d = self.st.cont[0, c, 0]
                    R.place(self.st, 0, d, S.WILDS0 + self.st.d_slot[0, d])
        self.st.ev_n[0] = 0
        self.st.captures[0] = 1

    # -- lookups -----------------------------------------------------------------------------------
    def card_id(self, name: str) -> int:
        return self.ct.names.index(name)

    def slot(self, name: str) -> int:
        cid = self.card_id(name)
        slots = [s for s in range(S.NSLOT) if self.st.slot_card[0, s] == cid]
        assert slots, f"{name} is not in the Wilds"
        return slots[0]

    def face(self, name: str, kind: str, level: int | None = None, burst: int | None = None,
             q: int | None = None) -> int:
        """Index of the first face of ``name``'s die matching the description."""
        dt = self.t.card_die[self.card_id(name)]
        for f in range(6):
            if self.t.f_kind[dt, f] != KINDS[kind]:
                continue
            if level is not None and self.t.f_level[dt, f] != level:
                continue
            if burst is not None and self.t.f_burst[dt, f] != burst:
                continue
            if q is not None and self.t.f_q[dt, f] != q:
                continue
            return f
        raise AssertionError(f"{name}: no face {kind} level={level} burst={burst} q={q}")

    # -- moving dice -------------------------------------------------------------------------------
    def give(self, player: int, name: str, zone: str, face: int | tuple | None = None, n: int = 1) -> int:
        """Move n dice of card ``name`` from the Wilds into a player's zone showing ``face`` (an index
        or a tuple of face() arguments); returns the last die moved."""
        c = S.WILDS0 + self.slot(name)
        d = -1
        for _ in range(n):
            assert self.st.cont_n[0, c] > 0, f"no {name} dice left in the Wilds"
            d = int(self.st.cont[0, c, self.st.cont_n[0, c] - 1])
            R.place(self.st, 0, d, S.zone_of(player, ZONES[zone]))
            if face is not None:
                self.st.d_face[0, d] = face if isinstance(face, int) else self.face(name, *face)
        return d

    def attach(self, spell_die: int, creature_die: int) -> None:
        self.st.d_attach[0, spell_die] = creature_die

    def move(self, d: int, player: int, zone: str) -> None:
        R.place(self.st, 0, d, S.zone_of(player, ZONES[zone]))

    # -- reading the position ----------------------------------------------------------------------
    def dice(self, player: int, zone: str) -> list[int]:
        c = S.zone_of(player, ZONES[zone])
        return [int(self.st.cont[0, c, i]) for i in range(self.st.cont_n[0, c])]

    def names(self, player: int, zone: str) -> list[str]:
        return sorted(self.ct.names[self.st.slot_card[0, self.st.d_slot[0, d]]] for d in self.dice(player, zone))

    def wilds(self, name: str) -> int:
        return int(self.st.cont_n[0, S.WILDS0 + self.slot(name)])

    def zone_of_die(self, d: int) -> tuple[int, str]:
        c = int(self.st.d_cont[0, d])
        if c >= S.WILDS0:
            return -1, "wilds"
        return c // S.NZ, {v: k for k, v in ZONES.items()}[c % S.NZ]

    def glory(self, player: int) -> int:
        return int(self.st.glory[0, player])

    def log(self) -> list[str]:
        return format_events(self.st.ev[0], int(self.st.ev_n[0]), self.st.slot_card[0], self.ct,
                             [f"p{p}" for p in range(self.players)])

    def violations(self) -> int:
        return int(S.count_violations(self.st, self.t, 0))

    def begin_turn(self, player: int) -> None:
        """Reset the per-turn counters as play_turn does, without playing."""
        self.st.cur[0] = player
        self.st.pool[0] = 0
        self.st.captures[0] = 1
        self.st.discount[0] = 0
        self.st.scored_n[0] = 0
        self.st.warrior_n[0] = 0
        self.st.hit[0, :] = 0
