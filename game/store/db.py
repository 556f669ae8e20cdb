"""The player's keepings in one SQLite database in the preference folder: the match in
progress, every finished hand, the statistics moved in from the previous version. Each
change is one transaction; two windows take turns at its write lock (waiting up to
:data:`BUSY_SECONDS`); a kill leaves the last committed change. A file that is no database
of this game is set aside, never overwritten, what could be read of it kept; a newer
version's is only read. The schema's version is ``PRAGMA user_version``."""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import stat
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from game.core.files import Notice, set_aside
from game.store import backup, salvage
from game.store.salvage import Rows

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
PLAIN = {  # SQLite's words for what went wrong, as a player would say them
    "SQLITE_FULL": "the disk is full",
    "SQLITE_READONLY": "the folder or the file is read-only",
    "SQLITE_CANTOPEN": "the file cannot be opened for writing (a read-only folder?)",
    "SQLITE_BUSY": "another window or program is using the file",
}


BACKUPS = backup.FOLDER  # the folder, in the game's, of the database's daily copies
SETTINGS = "settings.json"


def own_file(path: Path, folder: Path) -> str | None:
    """What ``path`` is among the game's own files in ``folder`` (its database, the
    database's logs, a copy set aside, the settings, a backup), or None: a file the
    command line may write."""
    try:
        where, home = path.resolve(), folder.resolve()
    except (OSError, RuntimeError):
        return None
    kinds = {
        FILE_NAME: "database",
        **{f"{FILE_NAME}{end}": "database's log" for end in ("-wal", "-shm", "-journal")},
        SETTINGS: "settings",
    }
    if home / BACKUPS in where.parents:
        return "backup"
    if where.parent == home:
        if where.name in kinds:
            return kinds[where.name]
        if where.name.startswith((f"{FILE_NAME}.", f"{SETTINGS}.")):
            return "copy set aside"
    for name, kind in kinds.items():  # the same file under another name (a hard link)
        with contextlib.suppress(OSError):
            if os.path.samefile(where, home / name):
                return kind
    return None


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
        self.backing_up: Any = None  # the thread making the day's backup, if one is

    @contextlib.contextmanager
    def change(
        self, durable: bool = False, wait: float = BUSY_SECONDS
    ) -> Iterator[sqlite3.Connection]:
        """One transaction, the write lock taken first (waiting up to ``wait`` seconds for
        another window's); ``durable``: on the disk after it."""
        if not self.writable:
            raise StoreError("the database is read only")
        c = self.conn
        try:
            c.execute(f"PRAGMA busy_timeout = {int(wait * 1000)}")
            c.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
            c.execute("BEGIN IMMEDIATE")
            try:
                yield c
                c.execute("COMMIT")
            finally:
                if c.in_transaction:
                    c.execute("ROLLBACK")
        except sqlite3.Error as err:
            raise StoreError(self.why(err)) from None
        if durable:  # the log back into the file while no move waits (may fail: no harm)
            with contextlib.suppress(sqlite3.Error):
                c.execute("PRAGMA wal_checkpoint(PASSIVE)")

    def why(self, err: sqlite3.Error) -> str:
        """What stopped a change, as the player would say it: a full disk (SQLite may call
        it an I/O error), a read-only file or folder, another program holding the file."""
        name = getattr(err, "sqlite_errorname", "")
        with contextlib.suppress(OSError):
            if name.startswith(("SQLITE_FULL", "SQLITE_IOERR")) and _nearly_full(self.path):
                return PLAIN["SQLITE_FULL"]
            if name.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN")):
                if not os.access(self.path, os.W_OK):
                    return "the file is read-only"
                if not os.access(self.path.parent, os.W_OK):
                    return "the folder is read-only"
        return plain(err)

    def read(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
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
        """The backup's thread, then the connection: closing another handle of the file
        drops SQLite's locks."""
        if self.backing_up is not None:  # first: the last connection puts its log back
            self.backing_up.join()
            self.backing_up = None
        with contextlib.suppress(sqlite3.Error):
            self.conn.close()
        if self._owner is not None:
            self._owner.close()
            self._owner = None


def _nearly_full(path: Path) -> bool:
    return shutil.disk_usage(path.parent).free < 1024 * 1024


def _lock(fd: int) -> None:
    if sys.platform == "win32":  # os.name "nt", spelled so the checker knows msvcrt's names
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
Done = Callable[[], list[Notice]]  # what a fill returns: the notices, once committed
Fill = Callable[[sqlite3.Connection], Done]


def open_store(folder: Path, fill: Fill) -> tuple[Store | None, list[Notice]]:
    """The database in ``folder``, made or brought up to this version (a new one is filled
    by ``fill`` in its first transaction; what fill returns runs once that is committed),
    and the notices for the player."""
    path = folder / FILE_NAME
    told: list[Notice] = []
    existed = os.path.isfile(path) and os.path.getsize(path) > 0
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
    if existed and not told and store.writable and backup.due(folder):  # a clean start
        store.backing_up = backup.in_background(path, folder)
    return store, told + done()


def _opened(path: Path, fill: Fill, told: list[Notice]) -> tuple[Store, Done]:
    """The database judged (:func:`_judged`, nothing written), then opened and brought up
    to this version. A second window opening it at the same moment is waited for, up to
    :data:`BUSY_SECONDS`: SQLite gives up at once, without its busy wait, where waiting
    could deadlock (one making the file a WAL one while the other reads it)."""
    deadline = time.monotonic() + BUSY_SECONDS
    while True:
        store = None
        try:
            found = _judged(path, told)
            store = _connect(path)
            return store, _migrate(store, fill, found, told)
        except sqlite3.OperationalError as err:
            if store is not None:
                store.close()
            if not _busy(err) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)
        except BaseException:
            if store is not None:
                store.close()
            raise


def _busy(err: sqlite3.Error) -> bool:
    return getattr(err, "sqlite_errorname", "").startswith(("SQLITE_BUSY", "SQLITE_LOCKED"))


def _judged(path: Path, told: list[Notice]) -> Rows | None:
    """The file judged before anything can write it: first alone (read only, its log not
    read), then with its log (read only: a read-only connection never checkpoints). A file
    that cannot be used is set aside with its log, what can be read of it returned; a log
    that does not belong to the file (another database's, or damaged) is set aside alone,
    never applied. A log or index that is a link or a folder is set aside first."""
    _stray_logs(path, told)
    try:
        if os.path.getsize(path) == 0:
            return None
    except FileNotFoundError:
        return None
    try:
        _check_read_only(path, "?mode=ro&immutable=1")
    except Unusable as alone:
        if isinstance(alone, Newer):
            raise
        try:  # read again with its locks: another window may have been checkpointing
            _check_read_only(path, "?mode=ro")
        except Newer:
            raise
        except Unusable:
            found = salvage.salvage(path, shape(1), shape())
            told.append(_aside(path, str(alone)))
            _restored(path, found, told)
            return found
        return None
    if os.path.isfile(f"{path}-wal") and os.path.getsize(f"{path}-wal") > 0:
        try:
            _check_read_only(path, "?mode=ro")
        except Newer:
            raise
        except Unusable as err:
            told.append(_log_aside(path, str(err)))
    return None


def _restored(path: Path, found: Rows, told: list[Notice]) -> None:
    """The new file made a copy of the newest sound backup, if there is one (what was
    salvaged is added to it as the file is brought up to this version), and the player
    told from when, and how many hands each gave."""
    for copy in backup.copies(path.parent):
        try:
            _check_read_only(copy, "?mode=ro&immutable=1")
            conn = sqlite3.connect(copy.resolve().as_uri() + "?mode=ro&immutable=1", uri=True)
            try:
                ids = {r[0] for r in conn.execute("SELECT id FROM hands")}
            finally:
                conn.close()
            backup.restore(copy, path)
        except (Unusable, sqlite3.Error, OSError):
            with contextlib.suppress(OSError):
                path.unlink()  # (a copy cut short: the next backup, or a new file)
            continue
        more = sum(1 for row in found["hands"][1] if row[0] not in ids)
        detail = (
            f"{backup.when_text(copy)}: {len(ids)} hands; {more} more read from the damaged file"
        )
        told.append(Notice("db_restored", detail))
        return


def shape(version: int = VERSION) -> dict[str, tuple[str, ...]]:
    """Each table's columns at ``version``."""
    return salvage.shapes(MIGRATIONS[:version])


def _check_read_only(path: Path, query: str) -> None:
    conn = sqlite3.connect(path.resolve().as_uri() + query, BUSY_SECONDS, uri=True)
    conn.isolation_level = None
    try:
        _check(conn)
    finally:
        conn.close()


def _stray_logs(path: Path, told: list[Notice]) -> None:
    """A ``-wal``, ``-shm`` or ``-journal`` that is no file (a link, a folder) set aside."""
    for end in ("-wal", "-shm", "-journal"):
        log = Path(f"{path}{end}")
        with contextlib.suppress(FileNotFoundError):
            mode = os.lstat(log).st_mode
            if not stat.S_ISREG(mode):
                what = "a link" if stat.S_ISLNK(mode) else "not a file"
                kept = set_aside(log)
                if kept is None:
                    raise OSError(f"{log.name} is {what}, and it cannot be set aside")
                told.append(Notice("db_log_aside", f"{log.name} was {what} (kept as {kept.name})"))


def _log_aside(path: Path, why: str) -> Notice:
    """The log (and its index) set aside: the file is used as it was before it."""
    kept = set_aside(Path(f"{path}-wal"))
    if kept is None:
        raise OSError(f"its log {why}, and it cannot be set aside")
    with contextlib.suppress(OSError):
        os.rename(f"{path}-shm", f"{kept}-shm")
    return Notice("db_log_aside", f"{path.name}-wal: {why} (kept as {kept.name})")


def _connect(path: Path, query: str = "") -> Store:
    uri = path.resolve().as_uri() + query
    conn = sqlite3.connect(uri if query else path, BUSY_SECONDS, uri=bool(query))
    conn.isolation_level = None  # transactions are begun and ended by Store.change
    conn.text_factory = lambda b: b.decode("utf-8", "surrogateescape")  # damaged: refused later
    return Store(path, conn, writable=not query)


def _check(conn: sqlite3.Connection) -> None:
    """Unusable when the file is not the game's database, is damaged, is newer or holds a
    table of other columns than its version's (a table missing is made again). Read in
    one transaction: another window's first change lands wholly before it or after it."""
    try:
        conn.execute("BEGIN")
        try:
            app = conn.execute("PRAGMA application_id").fetchone()[0]
            tables = conn.execute("SELECT 1 FROM sqlite_master").fetchone()
            if app != APPLICATION_ID and (app or tables):
                raise Unusable("it is not a file of this game")
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > VERSION:
                raise Newer("it was written by a newer version of the game")
            verdict = conn.execute("PRAGMA quick_check(1)").fetchone()[0]
            if verdict == "ok" and version:
                _check_shape(conn, version)
        finally:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
    except sqlite3.OperationalError:
        raise  # not the file's fault: a folder that cannot be written, a disk that fails
    except (sqlite3.DatabaseError, ValueError) as err:
        raise Unusable(f"it cannot be read ({err})") from None
    if verdict != "ok":
        raise Unusable(f"it is damaged ({verdict})")


def _check_shape(conn: sqlite3.Connection, version: int) -> None:
    for table, columns in shape(version).items():
        have = tuple(r[1] for r in conn.execute(f"PRAGMA table_info({table})"))
        if have and have != columns:
            raise Unusable(f"its table {table} has other columns than the game's")


def _missing(conn: sqlite3.Connection) -> list[str]:
    have = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    return [t for t in shape() if t not in have]


def _aside(path: Path, why: str) -> Notice:
    """Set the file aside (with its log and index, which belong to it) and say so."""
    kept = set_aside(path)
    if kept is None:
        raise OSError(f"{why}, and it cannot be set aside")
    for end in ("-wal", "-shm"):
        with contextlib.suppress(OSError):
            os.rename(f"{path}{end}", f"{kept}{end}")
    return Notice("db_set_aside", f"{why} (kept as {kept.name})")


def _migrate(
    store: Store, fill: Fill, found: Rows | None, told: list[Notice]
) -> Callable[[], list[Notice]]:
    """The file brought up to this version in one transaction: the migrations it lacks, a
    table it lost made again (the player told), what was salvaged put back."""
    c = store.conn
    c.execute("PRAGMA journal_mode=WAL")
    current = c.execute("PRAGMA user_version").fetchone()[0] == VERSION
    if current and not found and not _missing(c):
        return lambda: []
    with store.change() as c:
        version = c.execute("PRAGMA user_version").fetchone()[0]
        if version > VERSION:  # another window of a newer version came first
            raise Newer("it was written by a newer version of the game")
        lost = _missing(c) if version else []
        for sql in (s for step in MIGRATIONS[version:] for s in step):
            c.execute(sql)
        for table in lost:
            c.execute(_table_sql(table))
        c.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        c.execute(f"PRAGMA user_version = {VERSION}")
        _put_back(c, found or {})
        done = fill(c) if version == 0 and found is None else lambda: []
    if lost:
        told.append(Notice("db_repaired", ", ".join(lost)))
    return done


def _table_sql(table: str) -> str:
    """How ``table`` is made as this version has it (every migration applied)."""
    memory = sqlite3.connect(":memory:")
    for sql in (s for step in MIGRATIONS for s in step):
        memory.execute(sql)
    made = memory.execute("SELECT sql FROM sqlite_master WHERE name = ?", (table,)).fetchone()
    memory.close()
    return str(made[0])


def _put_back(c: sqlite3.Connection, found: Rows) -> None:
    """Salvaged rows, each with its own rowid: a row already there (from a backup) stays
    once; the match salvaged replaces a backup's (it is the newer)."""
    for table, (columns, rows) in found.items():
        if not rows:
            continue
        how = "REPLACE" if table == "match" else "IGNORE"
        names = ", ".join(("rowid", *columns))
        for row in rows:
            marks = ",".join("CAST(? AS TEXT)" if type(v) is salvage.Text else "?" for v in row)
            with contextlib.suppress(sqlite3.Error, OverflowError):
                c.execute(f"INSERT OR {how} INTO {table} ({names}) VALUES ({marks})", row)


def _read_only(path: Path) -> Store | None:
    """The database as it is, to show what it holds without changing it, if it can be read."""
    for query in ("?mode=ro", "?immutable=1"):
        with contextlib.suppress(sqlite3.Error, OSError, ValueError):
            if path.is_file() and not path.is_symlink():
                store = _connect(path, query)
                store.conn.execute("SELECT 1 FROM sqlite_master").fetchone()
                return store
    return None
