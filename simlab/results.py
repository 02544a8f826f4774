"""The result tables: their schema, how a chunk's arrays become tables, writing and reading.

A study directory holds three long tables, each split into one Parquet file per chunk, plus
``manifest.json``::

    results/<study>/
      manifest.json
      parts.jsonl                     the part ledger: rows, bytes, SHA-256 of each finished part
      games/v000-c00000.parquet ...   one row per game
      seats/v000-c00000.parquet ...   one row per (game, seat)
      cards/v000-c00000.parquet ...   one row per (game, seat, card) the game reports

Columns (every table starts with the same key columns):

========== ======= ===============================================================
column      dtype   meaning
========== ======= ===============================================================
game_id     Int64   game index within the variant (the same ids in every variant)
variant_id  Int32   index of the variant in the scenario
variant     String  variant label, e.g. ``players=2 seats.0.params.cull_policy=1``
players     Int8    number of seats
seed        Int64   the study seed
version     String  the game's version (rules + data)
========== ======= ===============================================================

``games``: + ``winner`` (Int8, seat or -1 shared/draw), ``turns`` (Int32), ``end_reason`` (Int16,
index into the game's ``end_reasons``) [+ ``violations`` (Int32) when played with checks].

``seats``: + ``seat`` (Int8), ``bot_row`` (Int16, bot row that played the seat), ``bot``
(String, its preset name), ``score`` (Float64), ``won`` (Boolean), then the game's
``seat_columns`` as the game reports them.

``cards``: + ``seat`` (Int8), ``card_id`` (Int32), ``card`` (String, card name), ``acquired``
(Int32), ``played`` (Int32), then the game's ``card_columns``.

What ``resume`` and ``overwrite`` do with these files: docs/results.md.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

__all__ = [
    "TABLES",
    "PART_GLOB",
    "KEY_COLUMNS",
    "GAMES_COLUMNS",
    "SEATS_COLUMNS",
    "CARDS_COLUMNS",
    "Results",
    "make_tables",
    "write_table",
    "write_json",
    "file_sha256",
    "load_results",
    "sort_keys",
]

TABLES = ("games", "seats", "cards")

#: The file names of a table's parts (``v000-c00000.parquet``): only these are read, so a file
#: of the user's in a table folder is neither read nor deleted.
PART_GLOB = "v*-c*.parquet"

KEY_COLUMNS: dict[str, pl.DataType] = {
    "game_id": pl.Int64,
    "variant_id": pl.Int32,
    "variant": pl.String,
    "players": pl.Int8,
    "seed": pl.Int64,
    "version": pl.String,
}
GAMES_COLUMNS: dict[str, pl.DataType] = {
    "winner": pl.Int8,
    "turns": pl.Int32,
    "end_reason": pl.Int16,
}
SEATS_COLUMNS: dict[str, pl.DataType] = {
    "seat": pl.Int8,
    "bot_row": pl.Int16,
    "bot": pl.String,
    "score": pl.Float64,
    "won": pl.Boolean,
}
CARDS_COLUMNS: dict[str, pl.DataType] = {
    "seat": pl.Int8,
    "card_id": pl.Int32,
    "card": pl.String,
    "acquired": pl.Int32,
    "played": pl.Int32,
}


def sort_keys(table: str) -> list[str]:
    """Columns that identify a row of ``table`` (for a canonical sort)."""
    return {
        "games": ["variant_id", "game_id"],
        "seats": ["variant_id", "game_id", "seat"],
        "cards": ["variant_id", "game_id", "seat", "card_id"],
    }[table]


def make_tables(
    raw: Mapping[str, Mapping[str, np.ndarray]],
    *,
    variant_id: int,
    variant: str,
    players: int,
    seed: int,
    version: str,
    seat_labels: Sequence[str],
    card_names: Sequence[str],
) -> dict[str, pl.DataFrame]:
    """Turn one ``GameSpec.play`` result into the three result tables (see module docstring)."""
    out: dict[str, pl.DataFrame] = {}
    for table, fixed in (("games", GAMES_COLUMNS), ("seats", SEATS_COLUMNS), ("cards", CARDS_COLUMNS)):
        cols = dict(raw[table])
        n = len(cols["game_id"])
        data: dict[str, Any] = {
            "game_id": pl.Series("game_id", np.asarray(cols.pop("game_id")), dtype=pl.Int64),
            "variant_id": pl.repeat(variant_id, n, dtype=pl.Int32, eager=True),
            "variant": pl.repeat(variant, n, dtype=pl.String, eager=True),
            "players": pl.repeat(players, n, dtype=pl.Int8, eager=True),
            "seed": pl.repeat(seed, n, dtype=pl.Int64, eager=True),
            "version": pl.repeat(version, n, dtype=pl.String, eager=True),
        }
        if table == "seats":
            rows = np.asarray(cols["bot_row"])
            labels = np.asarray(list(seat_labels), dtype=object)
            cols["bot"] = labels[rows] if n else np.array([], dtype=object)
        if table == "cards":
            ids = np.asarray(cols.pop("card"))
            cols["card_id"] = ids
            names = np.asarray(list(card_names), dtype=object)
            cols["card"] = names[ids] if n else np.array([], dtype=object)
        for name, dtype in fixed.items():
            data[name] = pl.Series(
                name,
                np.asarray(cols.pop(name)) if dtype != pl.String else list(cols.pop(name)),
                dtype=dtype,
                strict=False,
            )
        for name, arr in cols.items():
            # a game's list columns (seats.round_scores) arrive as polars Series
            data[name] = arr.alias(name) if isinstance(arr, pl.Series) else pl.Series(name, np.asarray(arr))
        out[table] = pl.DataFrame(data)
    return out


def _atomic_write(path: Path, write) -> None:
    """Write through a temporary name and ``os.replace``: readers see the old file or the new one.

    An ``OSError`` (read-only folder, full disk, ...) leaves no temporary file behind and is
    raised again as an ``OSError`` whose message names ``path``, for the one-line CLI error.
    """
    tmp = path.with_name(f"{path.name}.tmp{os.getpid()}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write(tmp)
        os.replace(tmp, path)
    except OSError as exc:
        raise OSError(exc.errno, f"cannot write {path}: {exc.strerror or exc}") from None
    finally:
        try:
            tmp.unlink()
        except OSError:
            pass


def file_sha256(path: str | Path) -> str:
    """Hex SHA-256 of a file's bytes (the checksum ``resume`` checks every finished part with)."""
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def write_table(df: pl.DataFrame, path: str | Path) -> dict[str, Any]:
    """Write ``df`` as Parquet atomically (temporary name, then ``os.replace``).

    Returns:
        ``{"rows": ..., "bytes": ..., "sha256": ...}`` of the file as written, the record a
        results directory's part ledger keeps so that ``resume`` can check the part later.
    """
    path = Path(path)
    record: dict[str, Any] = {"rows": df.height}

    def write(tmp: Path) -> None:
        df.write_parquet(tmp, compression="zstd", statistics=True)
        record["bytes"] = tmp.stat().st_size
        record["sha256"] = file_sha256(tmp)

    _atomic_write(path, write)
    return record


def write_json(obj: Any, path: str | Path) -> None:
    """Write ``obj`` as indented JSON atomically."""
    text = json.dumps(obj, indent=2, default=_json_default) + "\n"
    _atomic_write(Path(path), lambda tmp: tmp.write_text(text, encoding="utf-8"))


def _json_default(obj: Any) -> Any:
    if isinstance(obj, np.ndarray):
        return obj.tolist()
    if isinstance(obj, np.generic):
        return obj.item()
    if isinstance(obj, Path):
        return str(obj)
    raise TypeError(f"not JSON serialisable: {type(obj).__name__}")


@dataclass
class Results:
    """The three result tables of a study, as polars LazyFrames, plus its manifest.

    ``load_results`` scans Parquet files lazily; ``simulate`` wraps in-memory DataFrames.
    Either way ``games``, ``seats`` and ``cards`` are LazyFrames and :meth:`collect` gives
    DataFrames.
    """

    games: pl.LazyFrame
    seats: pl.LazyFrame
    cards: pl.LazyFrame
    manifest: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_frames(cls, frames: Mapping[str, pl.DataFrame], manifest: dict | None = None) -> Results:
        return cls(*(frames[t].lazy() for t in TABLES), manifest=manifest or {})

    def table(self, name: str) -> pl.LazyFrame:
        """One table by name (``"games"``, ``"seats"`` or ``"cards"``)."""
        if name not in TABLES:
            raise KeyError(f"unknown table {name!r}; expected one of {list(TABLES)}")
        return getattr(self, name)

    def collect(self, name: str, *, sort: bool = False) -> pl.DataFrame:
        """One table as a DataFrame, optionally in canonical order (variant, game, seat, card)."""
        lf = self.table(name)
        if sort:
            lf = lf.sort(sort_keys(name), maintain_order=True)
        return lf.collect()

    def collect_all(self, *, sort: bool = False) -> dict[str, pl.DataFrame]:
        """All three tables as DataFrames."""
        return {t: self.collect(t, sort=sort) for t in TABLES}

    def to_pandas(self, name: str, *, sort: bool = False):
        """One table as a pandas DataFrame (needs pandas and pyarrow, both dependencies)."""
        return self.collect(name, sort=sort).to_pandas()


def load_results(directory: str | Path) -> Results:
    """Open a study directory written by ``simlab run`` (lazily; nothing is read yet).

    Raises:
        FileNotFoundError: no manifest or no Parquet parts.
    """
    root = Path(directory)
    manifest_path = root / "manifest.json"
    if not manifest_path.is_file():
        raise FileNotFoundError(f"{root}: no manifest.json; not a simlab results directory")
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    frames = {}
    for t in TABLES:
        if not any((root / t).glob(PART_GLOB)):
            raise FileNotFoundError(f"{root / t}: no Parquet parts ({PART_GLOB})")
        frames[t] = pl.scan_parquet(str(root / t / PART_GLOB))
    return Results(frames["games"], frames["seats"], frames["cards"], manifest=manifest)
