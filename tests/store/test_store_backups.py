"""Backups the game restores from: a copy of the database by SQLite's online backup at a
start whose check found the file sound, at most once a day, the newest few kept, in the
game's folder; a damaged file is restored from the newest sound backup with what the
damaged file still holds added, and the player told from when and how much."""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path

import pytest
from store_support import a_record, hand_row, put_rows

from game.core.files import Notice
from game.store import backup
from game.store.db import FILE_NAME
from game.store.keeper import Keeper

HANDS = 40


def start(home: Path) -> tuple[Keeper, list[Notice]]:
    told: list[Notice] = []
    return Keeper(told.append, home), told


def opened_and_closed(home: Path) -> list[Notice]:
    keeper, told = start(home)
    keeper.close()  # (waits for the backup's thread)
    return told


def hands_in(path: Path) -> int:
    with sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True) as c:
        return c.execute("SELECT count(*) FROM hands").fetchone()[0]


@pytest.fixture
def home(tmp_path) -> Path:
    home = tmp_path / "home"
    put_rows(home, *(hand_row(a_record(seed=i % 5), deal=i) for i in range(HANDS)))
    return home


def dated(path: Path, days_ago: float) -> Path:
    """The backup renamed as if it had been made ``days_ago``."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() - days_ago * 86400))
    older = path.with_name(f"{backup.PREFIX}{stamp}{backup.SUFFIX}")
    os.rename(path, older)
    return older


def test_a_clean_start_makes_one_backup_a_day_and_keeps_the_last_few(home):
    assert opened_and_closed(home) == []
    (first,) = backup.copies(home)
    assert first.parent == home / "backups"
    assert hands_in(first) == HANDS
    opened_and_closed(home)
    assert backup.copies(home) == [first], "once a day"
    for days in range(1, backup.KEEP + 2):
        dated(backup.copies(home)[0], days)
        opened_and_closed(home)
    found = backup.copies(home)
    assert len(found) == backup.KEEP
    assert all(hands_in(p) == HANDS for p in found)
    with sqlite3.connect(found[0]) as c:
        assert c.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_a_damaged_file_is_restored_from_the_newest_backup(home):
    opened_and_closed(home)
    (copy,) = backup.copies(home)
    path = home / FILE_NAME
    path.write_bytes(os.urandom(path.stat().st_size))  # nothing of it can be read
    keeper, told = start(home)
    assert [n.code for n in told] == ["db_set_aside", "db_restored"], told
    assert told[1].detail.startswith(backup.when_text(copy)), told[1]
    assert f"{HANDS} hands; 0 more" in told[1].detail
    assert len(keeper.entries()) == HANDS
    assert sum(line.hands for line in keeper.statistics().values()) == HANDS
    keeper.close()


def test_what_the_damaged_file_still_holds_is_added_to_the_backup(home):
    opened_and_closed(home)
    later = 400
    put_rows(home, *(hand_row(a_record([], seed=i % 5), deal=100 + i) for i in range(later)))
    path = home / FILE_NAME
    data = bytearray(path.read_bytes())
    size = int.from_bytes(data[16:18], "big")
    bad = len(data) // size - 3  # one page among the later hands
    data[bad * size : (bad + 1) * size] = b"\xa5" * size
    path.write_bytes(bytes(data))
    keeper, told = start(home)
    assert [n.code for n in told] == ["db_set_aside", "db_restored"], told
    kept = len(keeper.entries())
    keeper.close()
    assert HANDS + later * 0.8 <= kept < HANDS + later, kept
    assert f"{HANDS} hands; {kept - HANDS} more read" in told[1].detail, told[1]


def test_a_damaged_backup_is_passed_over_for_an_older_sound_one(home):
    opened_and_closed(home)
    (sound,) = backup.copies(home)
    sound = dated(sound, 2)
    newer = home / "backups" / time.strftime(f"{backup.PREFIX}%Y%m%d-%H%M%S{backup.SUFFIX}")
    newer.write_bytes(b"SQLite format 3\0" + os.urandom(8000))
    (home / FILE_NAME).write_bytes(b"\0" * 9000)
    keeper, told = start(home)
    assert [n.code for n in told] == ["db_set_aside", "db_restored"], told
    assert told[1].detail.startswith(backup.when_text(sound))
    assert len(keeper.entries()) == HANDS
    keeper.close()


def test_a_backups_folder_that_is_a_link_is_never_written(home, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (home / "backups").symlink_to(outside)
    assert opened_and_closed(home) == []
    assert list(outside.iterdir()) == []
    assert backup.copies(home) == []
