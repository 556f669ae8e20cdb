"""What can still be read of a damaged database of the game, table by table and row range
by row range: a bad page costs only the rows it held, the match and the hands are read
apart (one lost never takes the other), and a file whose header alone is wrong (its
application id, its page size, its first bytes) is read from its bytes mended in memory.
A file holding no table of the game's shape gives nothing: another program's rows are
never mixed into the player's."""

from __future__ import annotations

import contextlib
import sqlite3
import struct
import time
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

TABLES = ("match", "hands", "carried")  # the tables read back from a damaged file
CHUNK = 256  # rows read by one query
MEND_LIMIT = 512 * 1024 * 1024  # bytes: a larger file is read only as SQLite can
SALVAGE_SECONDS = 4.0  # all the reading of one file: damage that loops cannot stall a start
MAGIC = b"SQLite format 3\0"

Rows = dict[
    str, tuple[tuple[str, ...], list[tuple[Any, ...]]]
]  # table: (its columns, rows: rowid first)


class Text(bytes):
    """A text value as its bytes, put back as text (UTF-8 or not)."""


@lru_cache(maxsize=4)
def shapes(steps: tuple[tuple[str, ...], ...]) -> dict[str, tuple[str, ...]]:
    """Each table's columns after ``steps`` (the migrations), read from a database made in
    memory by them: the one place a table's shape is written is its migration."""
    memory = sqlite3.connect(":memory:")
    for sql in (s for step in steps for s in step):
        memory.execute(sql)
    names = [r[0] for r in memory.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    found = {t: tuple(r[1] for r in memory.execute(f"PRAGMA table_info({t})")) for t in names}
    memory.close()
    return found


def salvage(path: Path, first: dict[str, tuple[str, ...]], current: dict[str, Any]) -> Rows:
    """What ``path`` still holds of each of :data:`TABLES` whose columns include the game's
    first version's (``first``): through SQLite (the file alone, then with its log) and
    from its bytes mended; for each table, whichever reads more."""
    uri = path.resolve().as_uri()
    found: Rows = {t: ((), []) for t in TABLES}
    deadline = time.monotonic() + SALVAGE_SECONDS
    for query in ("?mode=ro&immutable=1", "?mode=ro"):
        with contextlib.suppress(sqlite3.Error, OSError):
            _better(found, _read(sqlite3.connect(uri + query, uri=True), first, current, deadline))
    with contextlib.suppress(OSError, sqlite3.Error, ValueError, struct.error, MemoryError):
        if path.stat().st_size <= MEND_LIMIT:
            for data in mended(path.read_bytes()):
                memory = sqlite3.connect(":memory:")
                memory.deserialize(data)
                _better(found, _read(memory, first, current, deadline))
    return found


def _better(found: Rows, more: Rows) -> None:
    for table, rows in more.items():
        if len(rows[1]) > len(found[table][1]):
            found[table] = rows


def mended(data: bytes) -> Iterator[bytes]:
    """The file's bytes as SQLite can open them: the first bytes SQLite's, no log, whole
    pages (those cut off as zeros, so the schema's pages are there to be found bad) and a
    page count that says so; its own page size first, then the game's."""
    sizes = [struct.unpack(">H", data[16:18])[0]]
    sizes = [65536 if s == 1 else s for s in sizes]
    for size in dict.fromkeys([*sizes, 4096]):
        if size < 512 or size > 65536 or size & (size - 1):
            continue
        pages = -(-len(data) // size)
        said = struct.unpack(">I", data[28:32])[0]  # a file cut short: its pages as zeros
        pages = said if pages < said <= MEND_LIMIT // size else pages
        fixed = bytearray(data.ljust(pages * size, b"\0"))
        fixed[0:16], fixed[16:18] = MAGIC, struct.pack(">H", 1 if size == 65536 else size)
        fixed[18:20], fixed[21:24] = b"\1\1", b"\x40\x20\x20"
        fixed[28:32] = struct.pack(">I", pages)
        if bytes(fixed[44:48]) not in (b"\0\0\0\1", b"\0\0\0\2", b"\0\0\0\3", b"\0\0\0\4"):
            fixed[44:48] = b"\0\0\0\4"
        if bytes(fixed[56:60]) not in (b"\0\0\0\1", b"\0\0\0\2", b"\0\0\0\3"):
            fixed[56:60] = b"\0\0\0\1"
        yield bytes(fixed)


def _read(
    conn: sqlite3.Connection, first: dict[str, Any], current: dict[str, Any], deadline: float
) -> Rows:
    """Each table of the game's shape, in rowid ranges (:func:`ranged`), until
    ``deadline``: past it SQLite interrupts every query, so a file whose damage makes
    reading loop keeps what was read by then."""
    rows: Rows = {t: ((), []) for t in TABLES}
    conn.set_progress_handler(lambda: time.monotonic() > deadline, 10_000)
    try:
        for table in TABLES:
            try:
                conn.text_factory = lambda b: b.decode("utf-8", "replace")
                have = {r[1] for r in conn.execute(f"PRAGMA table_info({table})")}
            except (sqlite3.Error, ValueError):
                continue
            if not set(first.get(table, ())) <= have or not have:
                continue  # not the game's table: never mixed in
            columns = [c for c in current[table] if c in have]
            conn.text_factory = Text
            rows[table] = (tuple(columns), list(ranged(conn, table, columns, deadline)))
    finally:
        conn.close()
    return rows


def ranged(
    conn: sqlite3.Connection, table: str, columns: list[str], deadline: float = float("inf")
) -> Iterator[tuple[Any, ...]]:
    """``table``'s rows (rowid first, then ``columns``) in rowid order, past any damage: a
    read that fails goes on from the first rowid after the bad page that can be reached
    (found by doubling the step, then halving it back); until ``deadline`` (damage can
    make each step past it a single rowid)."""
    sql = f"SELECT rowid, {', '.join(columns)} FROM {table} WHERE rowid >= ? ORDER BY rowid"
    start, leap = -(2**63), 1
    while time.monotonic() <= deadline:
        last = None
        try:
            for row in conn.execute(f"{sql} LIMIT {CHUNK}", (start,)):
                if not isinstance(row[0], int) or row[0] < start or row[0] == last:
                    continue  # a damaged tree out of order: no row twice, and on, never back
                last = row[0]
                yield row
            if last is None or last >= 2**63 - 1:
                return
            start, leap = last + 1, 1
        except (sqlite3.Error, ValueError):
            if last is None:  # failed where a read began well: leap on, further each time
                bad, leap = start + leap - 1, leap * 2
            else:
                bad, leap = last + 1, 1
            past = _past(conn, sql, bad) if bad < 2**63 - 1 else None
            if past is None:
                return
            start = past


def _past(conn: sqlite3.Connection, sql: str, bad: int) -> int | None:
    """The first rowid after ``bad`` (one that cannot be read) from which a read begins
    well (rows or none: the end); None when none does (the damage runs to the end)."""
    step = 1
    while not _starts(conn, sql, bad + step):
        step *= 2
        if bad + step >= 2**63:
            return None
    low, good = bad + step // 2, bad + step  # a read fails from low, begins well at good
    while good - low > 1:
        middle = (low + good) // 2
        low, good = (low, middle) if _starts(conn, sql, middle) else (middle, good)
    return good


def _starts(conn: sqlite3.Connection, sql: str, start: int) -> bool:
    """True when a read from ``start`` begins well (a row, or none: the end)."""
    try:
        conn.execute(f"{sql} LIMIT 1", (start,)).fetchone()
    except (sqlite3.Error, ValueError):
        return False
    return True
