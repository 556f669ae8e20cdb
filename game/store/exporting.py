"""An export written on a thread of its own: History's every hand with its record takes
seconds to read and write at 200,000 hands, and the window goes on drawing and answering
meanwhile. The hands are read through a read-only connection of the thread's own (an
export never writes the database); the files land in the exports folder as
``game.export`` names them."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from game import export
from game.stats import Line
from game.store import hands
from game.store.hands import Hand, StatsKey


class Stopped(Exception):
    """The window closed while the export was read: nothing is written."""


class Reader:
    """The hands of a database file as :func:`game.export.history` reads them (as it reads
    a keeper), through ``conn``; ``stop`` set ends the reading at the next hand."""

    def __init__(self, conn: sqlite3.Connection, stop: threading.Event) -> None:
        self.conn, self.stop = conn, stop
        self.read = self.total = 0  # records read so far, of the hands listed

    def played(self) -> list[Hand]:
        rows = self.conn.execute(f"SELECT {hands.LISTED} FROM hands ORDER BY id").fetchall()
        found = [h for h in map(hands.read_hand, rows) if h is not None]
        self.total = len(found)
        return found

    def record(self, hand_id: int) -> dict[str, Any]:
        if self.stop.is_set():
            raise Stopped
        self.read += 1
        row = self.conn.execute("SELECT record FROM hands WHERE id = ?", (hand_id,)).fetchone()
        return hands.unpacked(row[0]) if row else {}


class Exporting:
    """``what`` (history, statistics) written as JSON and CSV in ``folder``'s exports, on
    a thread: History read from the database at ``path``, the statistics from ``lines``
    (folded already). :attr:`done` once it has ended, then :attr:`paths` or :attr:`error`."""

    def __init__(
        self, folder: Path, path: Path | None, what: str, lines: dict[StatsKey, Line] | None = None
    ):
        self.folder, self.path, self.what, self.lines = folder, path, what, lines
        self.paths: tuple[Path, Path] | None = None
        self.error: str | None = None
        self._reader: Reader | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"export-{what}", daemon=True)
        self._thread.start()

    @property
    def done(self) -> bool:
        return not self._thread.is_alive()

    def _run(self) -> None:
        try:
            rows = self._rows()
            if not self._stop.is_set():
                self.paths = export.to_folder(self.folder, self.what, rows)
        except Stopped:
            return
        except OSError as err:
            self.error = err.strerror or str(err)
        except (sqlite3.Error, ValueError) as err:
            self.error = str(err)

    def _rows(self) -> list[dict[str, Any]]:
        if self.what != "history":
            return export.statistics(self.lines or {})
        if self.path is None:
            raise ValueError("nothing is kept in this window")

        def read(conn: sqlite3.Connection) -> list[dict[str, Any]]:
            self._reader = Reader(conn, self._stop)
            return export.history(self._reader)

        return _read_only(self.path, read)

    @property
    def progress(self) -> tuple[int, int]:
        """Hands read so far, of how many (0 of 0 before they are listed, or for the
        statistics)."""
        reader = self._reader
        return (0, 0) if reader is None else (reader.read, reader.total)

    def wait(self, seconds: float | None = None) -> bool:
        """Ended within ``seconds`` (None: however long it takes)."""
        self._thread.join(seconds)
        return self.done

    def close(self) -> None:
        """The export abandoned if it is still reading (nothing written), its thread ended."""
        self._stop.set()
        self._thread.join()


T = TypeVar("T")  # what a read-only read returns


def _read_only(path: Path, read: Callable[[sqlite3.Connection], T]) -> T:
    uri = path.resolve().as_uri() + "?mode=ro"
    conn = sqlite3.connect(uri, uri=True, timeout=5.0)
    conn.text_factory = lambda b: b.decode("utf-8", "surrogateescape")  # as the keeper reads
    try:
        return read(conn)
    finally:
        conn.close()
