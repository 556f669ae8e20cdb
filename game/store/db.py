"""The player's keepings in one SQLite database in the preference folder: the match in
progress, every finished hand, the statistics moved in from the previous version. Each
change is one transaction; two windows take turns at its write lock (waiting up to
:data:`BUSY_SECONDS`); a kill leaves the last committed change. A file that is no database
of this game is set aside, never overwritten, what could be read of it kept; a newer
version's is only read. The schema's version is ``PRAGMA user_version``."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
import struct
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from game.core.files import Notice, set_aside

FILE_NAME = "pasha-pisti.sqlite3"
APPLICATION_ID = 0x50415348  # "PASH" in ``PRAGMA application_id``: the file is the game's
BUSY_SECONDS = 5.0
OWNER_BYTE = 0x40000000 + 1024  # in the page SQLite keeps for its locks and never for data
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (  # version 1
        "CREATE TABLE match (id INTEGER PRIMARY KEY CHECK (id = 1), save TEXT NOT NULL)",
        "CREATE TABLE match_aside (at REAL NOT NULL, why TEXT NOT NULL, save TEXT NOT NULL)",
        """CREATE TABLE hands (id INTEGER PRIMARY KEY, at REAL, game TEXT, players INTEGER,
            level TEXT, options TEXT, seat INTEGER, result INTEGER, points INTEGER,
            score TEXT, deal INTEGER, took_back INTEGER, given_up INTEGER, match_won INTEGER,
            counts TEXT, record BLOB, counted INTEGER, match_id TEXT, hand_no INTEGER,
            UNIQUE (match_id, hand_no, deal))""",
        "CREATE TABLE carried (game TEXT, players INTEGER, level TEXT, options TEXT, line TEXT)",
    ),
    (  # version 2: each hand's par, kept apart from it (one lost is worked out again)
        """CREATE TABLE par (hand_id INTEGER PRIMARY KEY, seed INTEGER, mine REAL, mean REAL,
            low REAL, high REAL, spread REAL, results TEXT)""",
    ),
)
VERSION = len(MIGRATIONS)
SALVAGED = ("match", "hands", "carried")  # the tables read back from a damaged file
PLAIN = {  # SQLite's words for what went wrong, as a player would say them
    "SQLITE_FULL": "the disk is full",
    "SQLITE_READONLY": "the folder or the file is read-only",
    "SQLITE_CANTOPEN": "the file cannot be opened for writing (a read-only folder?)",
    "SQLITE_BUSY": "another window held the file too long",
}


def plain(err: BaseException) -> str:
    name = "_".join(getattr(err, "sqlite_errorname", "").split("_")[:2])  # its main code
    return PLAIN.get(name) or getattr(err, "strerror", None) or str(err)


class StoreError(Exception):
    """The database refused a change or a read (a full disk, a read-only folder)."""


class Unusable(Exception):
    """The file is no database this version can use; the message says why."""


class Newer(Unusable):
    """A later version's database: read as it is, never changed."""


class Store:
    """The open database: one connection for the window's life."""

    def __init__(self, path: Path, conn: sqlite3.Connection, writable: bool = True) -> None:
        self.path, self.conn, self.writable = path, conn, writable
        self._owner: Any = None  # the open file whose lock holds the match (claim_match)
        self._owns = False

    @contextlib.contextmanager
    def change(self, durable: bool = False) -> Iterator[sqlite3.Connection]:
        """One transaction, the write lock taken first; ``durable``: on the disk after it."""
        if not self.writable:
            raise StoreError("the database is read only")
        c = self.conn
        try:
            c.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
            c.execute("BEGIN IMMEDIATE")
            try:
                yield c
                c.execute("COMMIT")
            finally:
                if c.in_transaction:
                    c.execute("ROLLBACK")
        except sqlite3.Error as err:
            raise StoreError(plain(err)) from None
        if durable:  # the log back into the file while no move waits (may fail: no harm)
            with contextlib.suppress(sqlite3.Error):
                c.execute("PRAGMA wal_checkpoint(PASSIVE)")

    def read(self, sql: str, *args: Any) -> list[tuple]:
        try:
            return self.conn.execute(sql, args).fetchall()
        except (sqlite3.Error, ValueError) as err:  # ValueError: a name that is not UTF-8
            raise StoreError(plain(err)) from None

    def claim_match(self) -> bool:
        """True while this window holds the match in progress: the operating system's lock
        on a byte of the database file's lock page, which ends with the process however it
        ends (no lock file). The file stays open until after the connection is closed."""
        if not self._owns and self.writable:
            with contextlib.suppress(OSError):
                if self._owner is None:
                    self._owner = open(self.path, "rb+")  # noqa: SIM115 (held until close)
                _lock(self._owner.fileno())
                self._owns = True
        return self._owns

    def close(self) -> None:
        """The connection first: closing another handle of the file drops SQLite's locks."""
        with contextlib.suppress(sqlite3.Error):
            self.conn.close()
        if self._owner is not None:
            self._owner.close()
            self._owner = None


def _lock(fd: int) -> None:
    if os.name == "nt":
        import msvcrt

        os.lseek(fd, OWNER_BYTE, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        return
    import fcntl

    if sys.platform.startswith("linux"):  # the open file's own lock, apart from SQLite's
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    else:  # flock and SQLite's locks share one table here: one byte no one else locks
        fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, OWNER_BYTE)


# ----------------------------------------------------------------- opening
Fill = Callable[[sqlite3.Connection], Callable[[], list[Notice]]]


def open_store(folder: Path, fill: Fill) -> tuple[Store | None, list[Notice]]:
    """The database in ``folder``, made or brought up to this version (a new one is filled
    by ``fill`` in its first transaction; what fill returns runs once that is committed),
    and the notices for the player."""
    path = folder / FILE_NAME
    told: list[Notice] = []
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(FileNotFoundError):
            mode = os.lstat(path).st_mode  # a link, folder or device is set aside, not used
            if not stat.S_ISREG(mode):
                told.append(_aside(path, "it was a link" if stat.S_ISLNK(mode) else "not a file"))
        store, done = _opened(path, fill, told)
    except Newer:
        return _read_only(path), [*told, Notice("db_newer")]
    except (sqlite3.Error, OSError, StoreError) as err:
        return _read_only(path), [*told, Notice("not_kept", plain(err))]
    return store, told + done()


def _opened(path: Path, fill: Fill, told: list[Notice]) -> tuple[Store, Callable]:
    """The database checked and brought up to this version. A second window opening it at
    the same moment is waited for, up to :data:`BUSY_SECONDS`: SQLite gives up at once,
    without its busy wait, where waiting could deadlock (one making the file a WAL one
    while the other reads it)."""
    deadline = time.monotonic() + BUSY_SECONDS
    while True:
        store = _connect(path)
        try:
            return _checked(store, path, fill, told)
        except sqlite3.OperationalError as err:
            store.close()
            if not _busy(err) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)
        except BaseException:
            store.close()
            raise


def _busy(err: sqlite3.Error) -> bool:
    return getattr(err, "sqlite_errorname", "").startswith(("SQLITE_BUSY", "SQLITE_LOCKED"))


def _checked(store: Store, path: Path, fill: Fill, told: list[Notice]) -> tuple[Store, Callable]:
    """``store`` checked (a file not the game's set aside, what can be read of it kept) and
    migrated; the notices go to ``told``."""
    salvage = None
    try:
        _check(store.conn)
    except Newer:
        raise
    except Unusable as err:
        store.close()
        salvage = _salvage(path)
        told.append(_aside(path, str(err)))
        store = _connect(path)
    try:
        return store, _migrate(store, fill, salvage)
    except BaseException:
        store.close()  # (the one made after setting the file aside: _opened closes the first)
        raise


def _connect(path: Path, query: str = "") -> Store:
    uri = path.resolve().as_uri() + query
    conn = sqlite3.connect(uri if query else path, BUSY_SECONDS, uri=bool(query))
    conn.isolation_level = None  # transactions are begun and ended by Store.change
    conn.text_factory = lambda b: b.decode("utf-8", "surrogateescape")  # damaged: refused later
    return Store(path, conn, writable=not query)


def _check(conn: sqlite3.Connection) -> None:
    """Unusable when the file is not the game's database, is damaged or is newer. Read in
    one transaction: another window's first change lands wholly before it or after it."""
    try:
        conn.execute("BEGIN")
        try:
            app = conn.execute("PRAGMA application_id").fetchone()[0]
            tables = conn.execute("SELECT 1 FROM sqlite_master").fetchone()
            if app != APPLICATION_ID and (app or tables):
                raise Unusable("it is not a file of this game")
            if conn.execute("PRAGMA user_version").fetchone()[0] > VERSION:
                raise Newer("it was written by a newer version of the game")
            verdict = conn.execute("PRAGMA quick_check(1)").fetchone()[0]
        finally:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
    except sqlite3.OperationalError:
        raise  # not the file's fault: a folder that cannot be written, a disk that fails
    except (sqlite3.DatabaseError, ValueError) as err:
        raise Unusable(f"it cannot be read ({err})") from None
    if verdict != "ok":
        raise Unusable(f"it is damaged ({verdict})")


class _Text(bytes):
    """A text value as its bytes, put back as text (UTF-8 or not)."""


def _salvage(path: Path) -> dict[str, list[tuple]] | None:
    """What can be read of a damaged database of this game and version, table by table:
    through SQLite (its log included), or from its bytes mended in memory (cut short:
    padded to whole pages, its header made to say so) if that reads more. None for any
    other file (never mix another program's rows into ours)."""
    try:
        data = bytearray(path.read_bytes())
        app, version = struct.unpack(">Ii", data[68:72] + data[60:64])
    except (OSError, struct.error):
        return None
    if app != APPLICATION_ID or version != VERSION:
        return None
    found = _rows(sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True))
    with contextlib.suppress(sqlite3.Error, ValueError, struct.error):
        size = struct.unpack(">H", data[16:18])[0]
        size = 65536 if size == 1 else size
        pages = -(-len(data) // size)
        data = data.ljust(pages * size, b"\0")
        data[18:20], data[28:32] = b"\1\1", struct.pack(">I", pages)  # no log; this size
        memory = sqlite3.connect(":memory:")
        memory.deserialize(bytes(data))
        mended = _rows(memory)
        found = {t: max(found[t], mended[t], key=len) for t in SALVAGED}
    return found


def _rows(conn: sqlite3.Connection) -> dict[str, list[tuple]]:
    conn.text_factory = _Text
    rows: dict[str, list[tuple]] = {t: [] for t in SALVAGED}
    for table in SALVAGED:
        with contextlib.suppress(sqlite3.DatabaseError, ValueError):
            rows[table].extend(conn.execute(f"SELECT * FROM {table}"))
    conn.close()
    return rows


def _aside(path: Path, why: str) -> Notice:
    """Set the file aside (with its log and index, which belong to it) and say so."""
    kept = set_aside(path)
    if kept is None:
        raise OSError(f"{why}, and it cannot be set aside")
    for end in ("-wal", "-shm"):
        with contextlib.suppress(OSError):
            os.rename(f"{path}{end}", f"{kept}{end}")
    return Notice("db_set_aside", f"{why} (kept as {kept.name})")


def _migrate(store: Store, fill: Fill, salvage: dict | None) -> Callable[[], list[Notice]]:
    c = store.conn
    c.execute("PRAGMA journal_mode=WAL")
    if c.execute("PRAGMA user_version").fetchone()[0] == VERSION:
        return lambda: []
    with store.change() as c:
        version = c.execute("PRAGMA user_version").fetchone()[0]
        if version > VERSION:  # another window of a newer version came first
            raise Newer("it was written by a newer version of the game")
        for sql in (s for step in MIGRATIONS[version:] for s in step):
            c.execute(sql)
        c.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        c.execute(f"PRAGMA user_version = {VERSION}")
        for table, rows in (salvage or {}).items():
            for row in rows:
                marks = ",".join("CAST(? AS TEXT)" if type(v) is _Text else "?" for v in row)
                with contextlib.suppress(sqlite3.Error):
                    c.execute(f"INSERT INTO {table} VALUES ({marks})", row)
        return fill(c) if version == 0 and salvage is None else lambda: []


def _read_only(path: Path) -> Store | None:
    """The database as it is, to show what it holds without changing it, if it can be read."""
    for query in ("?mode=ro", "?immutable=1"):
        with contextlib.suppress(sqlite3.Error, OSError, ValueError):
            if path.is_file() and not path.is_symlink():
                store = _connect(path, query)
                store.conn.execute("SELECT 1 FROM sqlite_master").fetchone()
                return store
    return None
