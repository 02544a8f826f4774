"""The shared kernel toolkit (simlab.games.kernel, base, compile_cache) that every game plays through."""

import re
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from numba import typeof, types
from numba.core import config
from numba.experimental import structref

import simlab.games as games
from simlab.games import compile_cache, kernel
from simlab.games.base import (
    ArrayStruct,
    ArrayStructProxy,
    borrowed,
    choose_variants,
    define_struct,
    randbelow,
    seat_frame,
)
from simlab.games.jit import njit
from simlab.games.quarriors import rules as QR
from simlab.games.quarriors import state as QS
from simlab.games.seasons import state as SS


def _tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def test_source_hash_changes_with_any_game_source(tmp_path):
    """numba checks only the defining file's time, so a cached rules function would keep an old
    bots function it calls: the cache folder is named by a hash of every source instead."""
    root = _tree(tmp_path, {"base.py": "A = 1\n", "g/rules.py": "def f(): pass\n", "g/bots.py": "W = 1\n"})
    before = compile_cache.source_hash(root)
    assert compile_cache.source_hash(root) == before  # stable
    (root / "g/bots.py").write_text("W = 2\n")
    assert compile_cache.source_hash(root) != before
    (root / "g/bots.py").write_text("W = 1\n")
    assert compile_cache.source_hash(root) == before
    (root / "g/new.py").write_text("")
    assert compile_cache.source_hash(root) != before
    (root / "g/cards.toml").write_text("x = 1\n")  # data reaches kernels as arrays, not code
    (root / "g/new.py").unlink()
    assert compile_cache.source_hash(root) == before


def test_a_studies_edit_keeps_the_compiled_kernels(tmp_path):
    """A game's studies.py (report sections, scenario writers) is never compiled, so editing it
    keeps the cache folder; one that mentions numba counts like any source; and no module under
    simlab/games imports a studies module (else a kernel could see its code)."""
    root = _tree(tmp_path, {"g/rules.py": "def f(): pass\n", "g/studies.py": "def section(ctx): pass\n"})
    before = compile_cache.source_hash(root)
    (root / "g/studies.py").write_text("def section(ctx): return 1\n")
    assert compile_cache.source_hash(root) == before
    (root / "g/studies.py").write_text("from numba import njit\n")
    assert compile_cache.source_hash(root) != before
    games = Path(compile_cache.__file__).parent
    for path in games.rglob("*.py"):
        if path.name != "studies.py":
            text = path.read_text(encoding="utf-8")
            for mod in re.findall(r"^\s*(?:from|import)\s+([\w.]+)", text, re.M):
                assert not mod.endswith("studies"), f"{path} imports {mod}"
            assert not re.search(r"^\s*from\s+[\w.]+\s+import\s+.*\bstudies\b", text, re.M), path


def test_cache_dir_location(tmp_path):
    h = compile_cache.source_hash()
    assert compile_cache.cache_dir({"SIMLAB_CACHE_DIR": str(tmp_path), "NUMBA_CACHE_DIR": "/x"}) == \
        tmp_path / f"numba-{h}"
    assert compile_cache.cache_dir({"NUMBA_CACHE_DIR": str(tmp_path)}) == tmp_path / "simlab" / f"numba-{h}"
    assert compile_cache.cache_dir({"XDG_CACHE_HOME": str(tmp_path)}) == tmp_path / "simlab" / f"numba-{h}"


def test_game_kernels_cache_in_the_hashed_folder():
    """Importing simlab.games points numba there before any game function is defined."""
    assert config.CACHE_DIR == str(games.CACHE_DIR)
    assert games.CACHE_DIR.name == f"numba-{compile_cache.source_hash()}"
    if not config.DISABLE_JIT:
        assert str(QR.play_game._cache._cache_path).startswith(str(games.CACHE_DIR))
        assert str(kernel.play_batch._cache._cache_path).startswith(str(games.CACHE_DIR))


@pytest.mark.parametrize("S", [QS, SS], ids=["quarriors", "seasons"])
def test_state_has_the_kernel_fields(S):
    st = S.new_state(3, trace_events=10)
    kernel_fields = list(kernel.KernelLayout.__annotations__)
    assert [f for f in S.State._fields if f in kernel_fields] == kernel_fields
    assert st.rng.shape == (3, S.NSTREAM) and S.NSTREAM == S.RS_BOT0 + kernel.MAX_SEATS
    assert st.seat.shape[:2] == (3, kernel.MAX_SEATS) and st.ev.shape == (3, 10, 6)
    assert S.new_state(2).ev.shape == (2, 1, 6)  # one slot: tracing off


def test_rand_and_coin_use_the_seats_own_streams():
    """Seat p's tie-breaks come from the last MAX_SEATS streams (p-th of them), never from the
    game's setup/dice streams, so a bot's choices do not shift the dice (common random numbers)."""
    st = QS.new_state(1)
    st.rng[0, :] = np.arange(1, QS.NSTREAM + 1, dtype=np.uint64) * np.uint64(977)
    copy = st.rng.copy()
    for p in range(kernel.MAX_SEATS):
        got = [int(kernel.rand(st, 0, p, 1000)) for _ in range(5)]
        want = [int(randbelow(copy, 0, QS.RS_BOT0 + p, 1000)) for _ in range(5)]
        assert got == want
        assert bool(kernel.coin(st, 0, p)) == (int(randbelow(copy, 0, QS.RS_BOT0 + p, 2)) == 1)
    assert np.array_equal(st.rng[0, : QS.RS_BOT0], copy[0, : QS.RS_BOT0])  # game streams untouched


def test_seat_frame_rotates_bot_rows():
    ids = np.array([10, 11], np.int64)
    f = seat_frame(ids, 3, 2, True, np.array([1, -1], np.int8))
    assert f["game_id"].tolist() == [10, 10, 10, 11, 11, 11]
    assert f["seat"].tolist() == [0, 1, 2, 0, 1, 2]
    assert f["bot_row"].tolist() == [0, 1, 0, 1, 0, 1]  # (seat + game) % rows
    assert f["won"].tolist() == [0, 1, 0, 0, 0, 0]
    assert seat_frame(ids, 3, 2, False, np.array([0, 0], np.int8))["bot_row"].tolist() == [0, 1, 0] * 2


def test_choose_variants_names_the_bad_key_and_value():
    allowed = {"face": ("a", "b")}
    assert choose_variants("g", allowed, None) == {"face": "a"}
    assert choose_variants("g", allowed, {"face": "b"}) == {"face": "b"}
    with pytest.raises(KeyError, match="unknown data variant 'fcae' for g; expected one of \\['face'\\]"):
        choose_variants("g", allowed, {"fcae": "b"})
    with pytest.raises(ValueError, match="data variant 'face': bad value 'c'; expected one of \\['a', 'b'\\]"):
        choose_variants("g", allowed, {"face": "c"})


@pytest.mark.parametrize("name", ["quarriors", "seasons", "ashes"])
def test_a_games_result_does_not_depend_on_its_place_in_the_chunk(name, monkeypatch):
    """Games after the first sub-batch of a play() call must come out as if played alone (Seasons
    0.2.0 let a card keep the energy stored on it by the row's previous game: found by
    `simlab check` from game 512 on). Sub-batches of 3 so that 9 games cross two boundaries."""
    spec = games.get_game(name)
    module = __import__(f"simlab.games.{name}", fromlist=["SUB_BATCH"])
    monkeypatch.setattr(module, "SUB_BATCH", 3)
    words = np.random.SeedSequence(4).generate_state(4, dtype=np.uint64)
    bots = spec.bot_matrix([("random", None), (spec.default_bot, None)])
    cards = spec.load_cards()
    together = spec.play(np.arange(9, dtype=np.int64), words, 2, bots, cards, check=True)
    for start in (3, 6):
        alone = spec.play(np.arange(start, start + 3, dtype=np.int64), words, 2, bots, cards, check=True)
        for table in ("games", "seats"):
            rows = np.isin(together[table]["game_id"], np.arange(start, start + 3))
            for col, values in alone[table].items():
                whole = together[table][col]
                if isinstance(whole, pl.Series):  # a list column (seats.round_scores)
                    assert whole.filter(pl.Series(rows)).equals(values), (table, col, start)
                    continue
                assert np.array_equal(whole[rows], values), (table, col, start)
    assert together["games"]["violations"].sum() == 0


def test_seasons_setup_clears_what_the_previous_game_left_on_the_cards():
    """A game starts with no energy kept on any card (Seasons 0.2.1; the row may be reused)."""
    from simlab.games.base import root_seed_words
    from simlab.games.seasons import data as SD
    from simlab.games.seasons import rules as SR

    t = SD.tables(games.get_game("seasons").load_cards())
    st = SS.new_state(1)
    st.c_store[0, :, :] = 2
    st.c_tap[0, :] = 1
    st.c_copy[0, :] = 5
    st.die_of[0, :] = 1
    SR.setup(st, t, 0, 2, root_seed_words(1), 0)
    assert not st.c_store.any() and not st.c_tap.any()
    assert (st.c_copy == -1).all() and (st.die_of == -1).all()


def test_lookahead_bots_are_marked_rows_with_the_same_values():
    bots = np.arange(12.0).reshape(2, 6)
    marked = kernel.lookahead_bots(bots)
    assert np.array_equal(marked, bots) and isinstance(marked, kernel.LookaheadParams)
    assert marked.flags.c_contiguous  # row-major like any run's: only the type marks it
    marked[0, 0] = 99.0
    assert bots[0, 0] == 0.0  # a copy: the caller's rows are untouched
    rows = kernel.param_rows(bots, 4)
    assert type(rows) is np.ndarray and rows.flags.c_contiguous and rows.shape == (4, 6)
    rows = kernel.param_rows(marked, 4)
    assert isinstance(rows, kernel.LookaheadParams) and rows.shape == (4, 6)
    assert typeof(marked) == kernel.LookaheadArray(types.float64, 2, "C")
    assert typeof(marked) != typeof(bots)


def test_copy_row_copies_every_field_but_the_trace():
    st = QS.new_state(3, trace_events=10)
    rng = np.random.default_rng(0)
    for name in QS.State._fields:
        arr = getattr(st, name)
        arr[...] = rng.integers(0, 100, size=arr.shape).astype(arr.dtype)
    before = {name: getattr(st, name).copy() for name in QS.State._fields}
    _copy(st, 1, 2)
    for name in QS.State._fields:
        arr = getattr(st, name)
        assert np.array_equal(arr[:2], before[name][:2]), name  # the source and other rows untouched
        want = before[name][2] if name == "ev" else before[name][1]
        assert np.array_equal(arr[2], want), name


@njit(cache=False)
def _copy(s, src, dst):
    kernel.copy_row(s, src, dst)


def test_reseed_row_depends_on_the_seed_and_the_rollout_only():
    st = QS.new_state(2)
    kernel.reseed_row(st, 1, np.uint64(7), 3)
    first = st.rng[1].copy()
    st.rng[0] = 99  # the real game's streams do not enter
    kernel.reseed_row(st, 1, np.uint64(7), 3)
    assert np.array_equal(st.rng[1], first) and len(set(first.tolist())) == first.size
    kernel.reseed_row(st, 1, np.uint64(7), 4)
    assert not np.array_equal(st.rng[1], first)


class _PairLayout:
    a: np.ndarray  # int64 (B,)
    b: np.ndarray  # float64 (B, 2)


@structref.register
class _PairType(ArrayStruct):
    pass


class _Pair(ArrayStructProxy):
    pass


define_struct(_Pair, _PairType, _PairLayout)


@njit(cache=False)
def _borrowed_use(st):
    sb = borrowed(st)
    sb.a[0] = 7  # writes reach the caller's arrays
    total = 0.0
    for i in range(sb.b.shape[0]):
        total += sb.b[i, 0] + sb.b[i, 1] + sb.a[i]
    return total


def test_borrowed_reads_and_writes_the_same_arrays():
    """play_batch hands the rules views of the state without reference counts
    (base.borrowed): the same memory, so the same numbers, and writes land in the caller's
    arrays (compiled and interpreted alike)."""
    a = np.array([1, 2, 3], np.int64)
    b = np.arange(6, dtype=np.float64).reshape(3, 2)
    st = _Pair(a=a, b=b)
    assert _borrowed_use(st) == 7 + 2 + 3 + b.sum()
    assert a[0] == 7
    assert borrowed(st) is st  # from Python: the struct itself


@pytest.mark.skipif(config.DISABLE_JIT, reason="numba's runtime counts compiled code's arrays only")
@pytest.mark.parametrize("name", ["quarriors", "seasons", "ashes", "wizwar"])
def test_a_run_frees_every_array_it_allocates(name):
    """The kernels' reference counts balance: every array a run allocates is freed once the
    results are dropped (simlab.games.jit prunes counts around calls as around a raise; a pair
    pruned wrongly would leak, or free an array still in use and change the games, which the
    golden replays would show)."""
    import gc

    from numba.core.runtime import _nrt_python, rtsys

    spec = games.get_game(name)
    words = np.random.SeedSequence(5).generate_state(4, dtype=np.uint64)
    bots = spec.bot_matrix([(spec.default_bot, None)] * 2)
    cards = spec.load_cards()
    spec.play(np.arange(2, dtype=np.int64), words, 2, bots, cards)  # compiled (or loaded) first
    gc.collect()
    _nrt_python.memsys_enable_stats()
    try:
        before = rtsys.get_allocation_stats()
        res = spec.play(np.arange(6, dtype=np.int64), words, 2, bots, cards)
        assert res["games"]["game_id"].shape[0] == 6
        del res
        gc.collect()
        after = rtsys.get_allocation_stats()
    finally:
        _nrt_python.memsys_disable_stats()
    allocated = after.alloc - before.alloc
    assert allocated > 0
    assert after.free - before.free == allocated
    assert after.mi_free - before.mi_free == after.mi_alloc - before.mi_alloc


@njit(cache=False)
def _same(a, b):
    return kernel.same_bytes(a, b)


@njit(cache=False)
def _lowest(x):
    return kernel.lowest_bit(x)


def test_lowest_bit_finds_each_member_of_a_bit_set():
    """kernel.lowest_bit: the index of the lowest set bit of an unsigned 64-bit word, compiled
    (one instruction) and in Python alike, for every single bit and for mixed words."""
    for low in (_lowest, kernel.lowest_bit):
        for i in range(64):
            assert low(np.uint64(1) << np.uint64(i)) == i
            assert low(np.uint64(0xFFFFFFFFFFFFFFFF) << np.uint64(i)) == i
        assert low(np.uint64(0b1011000)) == 3


def test_same_bytes_compares_whole_rows():
    rows = np.zeros((3, 115), np.int8)
    rows[1, :] = np.arange(115)
    rows[2, :] = rows[1]
    for same in (_same, kernel.same_bytes):  # compiled (one memcmp) and in Python
        assert same(rows[1], rows[2]) and same(rows[0], rows[0].copy())
        assert not same(rows[0], rows[1])
        rows[2, 114] = 0  # the last byte only
        assert not same(rows[1], rows[2])
        rows[2, 114] = 114
        assert not same(rows[1], rows[1, :-1].copy())  # another length
        wide = np.arange(40, dtype=np.int16)
        assert same(wide, wide.copy()) and not same(wide, wide[::-1].copy())
    if not config.DISABLE_JIT:
        with pytest.raises(Exception, match="same_bytes"):
            _same(rows[1], np.zeros(115, np.int16))  # one dtype only
