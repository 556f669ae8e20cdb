"""Daily copies of the player's database, the way a browser keeps its bookmarks': made by
SQLite's online backup (a whole, consistent copy even while a window writes) at a start
whose check found the file sound, at most once a day, the newest :data:`KEEP` kept, in
the game's folder's ``backups``. A damaged file is restored from the newest copy that is
sound, and what the damaged file still holds is added to it (:mod:`game.store.db`)."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
import threading
import time
from datetime import datetime
from pathlib import Path

FOLDER = "backups"
KEEP = 3
EVERY = 24 * 3600.0  # seconds between two copies
PREFIX, SUFFIX = "pasha-pisti-", ".sqlite3"
STEP = 512  # pages copied at a time: another window's change goes on between steps


def copies(folder: Path) -> list[Path]:
    """The backups in the game's ``folder``, newest first (by the time in their names)."""
    where = folder / FOLDER
    try:
        if not stat.S_ISDIR(os.lstat(where).st_mode):  # a link or a file: not ours to read
            return []
        found = [p for p in where.iterdir() if p.name.startswith(PREFIX) and p.suffix == SUFFIX]
    except OSError:
        return []
    return sorted(
        (p for p in found if _when(p) is not None), key=lambda p: _when(p) or 0.0, reverse=True
    )


def _when(path: Path) -> float | None:
    stamp = path.name.removeprefix(PREFIX).removesuffix(SUFFIX)[:15]
    try:
        return datetime.strptime(stamp, "%Y%m%d-%H%M%S").timestamp()
    except ValueError:
        return None


def when_text(path: Path) -> str:
    """The backup's time as the player reads it (their local time)."""
    return datetime.fromtimestamp(_when(path) or 0).strftime("%Y-%m-%d %H:%M")


def due(folder: Path, now: float | None = None) -> bool:
    """No backup yet, or the newest is a day old."""
    found = copies(folder)
    return not found or (now or time.time()) - (_when(found[0]) or 0) >= EVERY


def make(database: Path, folder: Path) -> Path | None:
    """A copy of ``database`` in the backups (older copies past :data:`KEEP` removed);
    None when it cannot be made (a full disk: the copy is removed, nothing else changes)."""
    where = folder / FOLDER
    with contextlib.suppress(FileExistsError, OSError):
        where.mkdir()
    try:
        if not stat.S_ISDIR(os.lstat(where).st_mode):
            return None
    except OSError:
        return None
    final = where / time.strftime(f"{PREFIX}%Y%m%d-%H%M%S{SUFFIX}")
    part = final.with_name(final.name + ".part")
    try:
        source = sqlite3.connect(database.resolve().as_uri() + "?mode=ro", uri=True)
        target = sqlite3.connect(part)
        try:
            source.backup(target, pages=STEP, sleep=0.001)
        finally:
            target.close()
            source.close()
        if os.path.lexists(final):
            raise OSError("a backup of that second is there already")
        os.replace(part, final)
    except (sqlite3.Error, OSError):
        with contextlib.suppress(OSError):
            part.unlink()
        return None
    for old in copies(folder)[KEEP:]:
        with contextlib.suppress(OSError):
            old.unlink()
    return final


def in_background(database: Path, folder: Path) -> threading.Thread:
    """:func:`make` on a thread of its own (a large history takes seconds to copy)."""
    thread = threading.Thread(target=make, args=(database, folder), name="backup", daemon=True)
    thread.start()
    return thread


def restore(backup: Path, database: Path) -> None:
    """``database`` (a new file) made a copy of ``backup``."""
    source = sqlite3.connect(backup.resolve().as_uri() + "?mode=ro&immutable=1", uri=True)
    target = sqlite3.connect(database)
    try:
        source.backup(target)
    finally:
        target.close()
        source.close()
