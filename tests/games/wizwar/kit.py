"""Small boards for Wiz-War movement and sight tests: an open 5x5 face with edits."""

from __future__ import annotations

from simlab.games.wizwar import board as B

OPEN_FACE = [
    "+---+---+   +---+---+",
    "| T                 |",
    "+   +   +   +   +   +",
    "|                   |",
    "+   +   +   +   +   +",
    "          H",
    "+   +   +   +   +   +",
    "|                   |",
    "+   +   +   +   +   +",
    "|                 T |",
    "+---+---+   +---+---+",
]


# the north and south exits walled: no line can leave the blue sector through them, so a test
# about one wall or door is not answered by a line that wraps around the map instead
CLOSED_NS = ((0, 9, "---"), (10, 9, "---"))


def face(*edits: tuple[int, int, str]) -> list[str]:
    """OPEN_FACE with (line, column, text) replacements, 0-based line and column."""
    lines = [ln.ljust(21) for ln in OPEN_FACE]
    for line, col, text in edits:
        lines[line] = lines[line][:col] + text + lines[line][col + len(text):]
    return lines


def board(arrangement: str = "p2_wrap", blue: list[str] | None = None, others: list[str] | None = None,
          colours: tuple[int, ...] = (0, 1, 2, 3), rotations: tuple[int, ...] = (0, 0, 0, 0)) -> B.Board:
    """A board of the arrangement with the blue face ``blue`` and every other face ``others``
    (default: open faces), colours in slot order, no rotation unless asked."""
    faces = {c: B.parse_sector(blue if c == "blue" and blue else others or OPEN_FACE, c) for c in B.COLOURS}
    arr = B.arrangements()[arrangement]
    return B.assemble(B.BoardSet("test", "", "", faces), arr, colours[:arr.players], rotations[:arr.players])


class Position:
    """A one-game batch of Wiz-War in a hand-made position (game row 0), with the trace on.

    The board is ``board(arrangement, blue, others)`` with colours in slot order, so seat 0 is
    blue (slot A), seat 1 red (slot B), ...; the deck holds every implemented card of all schools
    (``variants``/``setup`` may change that). After setup every hand is put back on the deck, so a
    test gives each seat exactly the cards it needs (:meth:`give`)."""

    def __init__(self, players: int = 2, arrangement: str | None = None, blue: list[str] | None = None,
                 bots: list[str] | None = None, params: dict | None = None, seed: int = 0,
                 variants: dict | None = None, setup: dict | None = None, keep_hands: bool = False):
        import numpy as np

        from simlab.games.base import root_seed_words
        from simlab.games.wizwar import GAME, data
        from simlab.games.wizwar import rules as R
        from simlab.games.wizwar import state as S

        self.R, self.S = R, S
        arrangement = arrangement or {2: "p2_wrap", 3: "p3_portals", 4: "p4_wrap"}[players]
        self.board = board(arrangement, blue=blue)
        self.ct = data.load_cards(variants={"schools": "all", **(variants or {})}, setup=setup)
        self.t = data.tables(self.ct, players, pool=data.pool_from_boards([self.board]))
        self.st = S.new_state(1, trace_events=5000, ncard=len(self.ct.names), board=S.board_shape(self.t))
        bots = bots or ["balanced"] * players
        self.prm = np.zeros((S.MAXP, len(GAME.bot_params)))
        for p in range(players):
            self.prm[p] = GAME.bot_vector(bots[p % len(bots)], params)
        self.players = players
        with np.errstate(over="ignore"):
            R.setup(self.st, self.t, 0, players, root_seed_words(seed), 0)
        self.geo = R.geo_of(self.st, self.t, 0)
        if not keep_hands:
            for p in range(players):
                while self.st.cont_n[0, S.hand_of(p)]:
                    i = self.st.cont[0, S.hand_of(p), 0]
                    S.place(self.st, 0, i, S.Z_DECK if self.st.deck_of[0, i] == 0 else S.Z_DECK1)
        for p in range(players):
            self.st.first_done[0, p] = 1  # most tests play a later turn (R51 is tested on its own)
        self.st.cur[0] = 0

    def sq(self, row: int, col: int) -> int:
        """Square index at map (row, col)."""
        return self.board.square(row, col)

    def put(self, p: int, row: int, col: int) -> None:
        """Stand seat p's wizard on map square (row, col)."""
        self.st.pos[0, p] = self.sq(row, col)

    def give(self, p: int, name: str) -> int:
        """Move a copy of card ``name`` from the deck or discard pile into seat p's hand; returns
        the instance."""
        S = self.S
        card = self.ct.names.index(name)
        for z in (S.Z_DECK, S.Z_DISCARD, S.Z_DECK1, S.Z_DISCARD1):
            for k in range(self.st.cont_n[0, z]):
                i = self.st.cont[0, z, k]
                if self.st.inst_card[0, i] == card:
                    S.place(self.st, 0, i, S.hand_of(p))
                    return int(i)
        raise AssertionError(f"no free copy of {name!r}")

    def hand(self, p: int) -> list[str]:
        """Names of the cards in seat p's hand, sorted."""
        h = self.S.hand_of(p)
        return sorted(self.ct.names[self.st.inst_card[0, self.st.cont[0, h, k]]]
                      for k in range(self.st.cont_n[0, h]))

    def start_turn(self, p: int = 0) -> None:
        """Begin seat p's Move and Cast by hand: fresh movement points and turn flags."""
        st = self.st
        st.cur[0] = p
        st.mp[0] = self.S.BASE_SPEED
        for f in (st.boosted, st.attacked, st.moved, st.stunned, st.no_pickup, st.mc_over):
            f[0] = 0

    def options(self, p: int = 0) -> list[tuple[int, ...]]:
        """The legal options of seat p now, as (kind, a, x, y, z) tuples."""
        self.R.enumerate_options(self.st, self.t, 0, self.geo, p)
        return [tuple(int(v) for v in self.st.opt[0, k]) for k in range(self.st.opt_n[0])]

    def kinds(self, p: int = 0) -> set[int]:
        """The kinds of seat p's legal options now."""
        return {o[0] for o in self.options(p)}

    def do(self, p: int, option: tuple[int, ...]) -> None:
        """Carry out a legal option (it must be listed by :meth:`options`)."""
        opts = self.options(p)
        assert option in opts, f"{option} is not legal: {opts}"
        self.R.do_option(self.st, self.t, 0, self.geo, p, opts.index(option), self.prm)

    def log(self) -> list[str]:
        """The readable trace so far."""
        from simlab.games.wizwar.trace import format_events
        return format_events(self.st.ev[0], int(self.st.ev_n[0]), self.ct,
                             [f"bot{p}" for p in range(self.players)], self.t.g_sq_r[0], self.t.g_sq_c[0],
                             self.st.colour[0])
