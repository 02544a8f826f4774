"""Result tables: schema, atomic writes, loading."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from simlab import load_results, simulate
from simlab.results import (
    CARDS_COLUMNS,
    GAMES_COLUMNS,
    KEY_COLUMNS,
    SEATS_COLUMNS,
    Results,
    make_tables,
    write_table,
)


def test_schema_of_simulated_tables(toy):
    res = simulate(toy, 20, players=2, seed=1)
    tables = res.collect_all()
    for name, fixed, extra in (
        ("games", GAMES_COLUMNS, ()),
        ("seats", SEATS_COLUMNS, toy.seat_columns),
        ("cards", CARDS_COLUMNS, toy.card_columns),
    ):
        df = tables[name]
        expected = list(KEY_COLUMNS) + list(fixed) + list(extra)
        assert df.columns == expected, name
        for col, dtype in {**KEY_COLUMNS, **fixed}.items():
            assert df.schema[col] == dtype, (name, col)


def test_make_tables_labels():
    raw = {
        "games": {
            "game_id": np.array([4]),
            "winner": np.array([1]),
            "turns": np.array([3]),
            "end_reason": np.array([0]),
        },
        "seats": {
            "game_id": np.array([4, 4]),
            "seat": np.array([0, 1]),
            "bot_row": np.array([1, 0]),
            "score": np.array([2, 5]),
            "won": np.array([0, 1]),
        },
        "cards": {
            "game_id": np.array([4]),
            "seat": np.array([1]),
            "card": np.array([2]),
            "acquired": np.array([1]),
            "played": np.array([0]),
            "x": np.array([0.5]),
        },
    }
    t = make_tables(
        raw,
        variant_id=3,
        variant="players=2",
        players=2,
        seed=7,
        version="v",
        seat_labels=["a", "b"],
        card_names=["A", "B", "C"],
    )
    assert t["seats"]["bot"].to_list() == ["b", "a"]
    assert t["seats"]["won"].to_list() == [False, True]
    assert t["cards"]["card"].to_list() == ["C"] and t["cards"]["card_id"].to_list() == [2]
    assert t["cards"]["x"].to_list() == [0.5]
    assert t["games"]["variant_id"].to_list() == [3] and t["games"]["seed"].to_list() == [7]


def test_write_table_atomic(tmp_path):
    df = pl.DataFrame({"a": [1, 2]})
    path = tmp_path / "sub" / "t.parquet"
    write_table(df, path)
    assert pl.read_parquet(path).equals(df)
    assert [p.name for p in path.parent.iterdir()] == ["t.parquet"]


def test_load_results_errors(tmp_path):
    with pytest.raises(FileNotFoundError, match="manifest"):
        load_results(tmp_path)


def test_results_interface(toy):
    res = simulate(toy, 5)
    assert isinstance(res, Results) and isinstance(res.table("cards"), pl.LazyFrame)
    with pytest.raises(KeyError):
        res.table("nope")
    assert res.collect("games", sort=True)["game_id"].to_list() == [0, 1, 2, 3, 4]
