"""The statistics folded once as a window opens, on a thread of its own with its own
read-only connection: with a long history (200,000 hands fold in seconds) the first
summary, or the Statistics screen, then finds them folded, and the keeper brings them up to
date with the hands counted since (``Keeper.statistics``). Nothing is written here."""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from dataclasses import dataclass, field
from pathlib import Path

from game.stats import Line, fold
from game.store import hands
from game.store.hands import StatsKey


@dataclass
class Folded:
    """The statistics folded up to a row: the first counted hand's id (a reset elsewhere
    uncounts it), the last row's id, how many lines moved in they start from, the lines,
    and how many rows were not valid (said as the keeper says them)."""

    first: int | None
    last: int
    carried: int
    lines: dict[StatsKey, Line] = field(default_factory=dict)
    bad_hands: tuple[int, int] = (0, 0)  # (not valid, of rows)
    bad_carried: tuple[int, int] = (0, 0)


def fold_file(conn: sqlite3.Connection, stop: threading.Event | None = None) -> Folded | None:
    """Every counted hand of the database ``conn`` reads, folded in play order (None when
    stopped before the end)."""
    top = conn.execute("SELECT MAX(id) FROM hands").fetchone()[0] or 0
    carried_rows = conn.execute("SELECT * FROM carried").fetchall()
    lines, bad = hands.carried(carried_rows)
    sql = f"SELECT {hands.LISTED} FROM hands WHERE counted AND id <= ? ORDER BY id"
    cursor = conn.execute(sql, (top,))
    first, rows, found = None, 0, 0
    while batch := cursor.fetchmany(2000):
        if stop is not None and stop.is_set():
            return None
        read = [h for h in map(hands.read_hand, batch) if h is not None]
        rows, found = rows + len(batch), found + len(read)
        if first is None and read:
            first = read[0].id
        lines = fold(read, lines)
    return Folded(first, top, len(carried_rows), lines, (rows - found, rows),
                  (bad, len(carried_rows)))  # fmt: skip


class Warm:
    """:func:`fold_file` of ``path`` on a thread; :meth:`take` waits for it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.result: Folded | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="statistics-fold", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        with contextlib.suppress(sqlite3.Error, OSError, ValueError):
            uri = self.path.resolve().as_uri() + "?mode=ro"
            conn = sqlite3.connect(uri, uri=True, timeout=1.0)
            try:
                self.result = fold_file(conn, self._stop)
            finally:
                conn.close()

    def take(self) -> Folded | None:
        """The fold, once its thread has ended (None: it could not read the file)."""
        self._thread.join()
        result, self.result = self.result, None
        return result

    def close(self) -> None:
        self._stop.set()
        self._thread.join()
