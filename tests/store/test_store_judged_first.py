"""The player's file is judged before anything can write it: alone and read only first,
then with its log, read only. A log left by another database is set aside and never
applied (the player's file keeps its bytes), a log or index that is a link or a folder is
set aside and keeping goes on, a table lost is made again and a table of other columns
sets the file aside with every row it holds salvaged; a bad page costs only its rows, and
a header alone wrong costs nothing."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from store_support import a_record, counts, db, hand_row, put_rows

from game.core.files import Notice
from game.session import Session
from game.store.db import FILE_NAME
from game.store.keeper import Keeper

HANDS = 60


def a_move(seed: int = 1) -> Session:
    session = Session.start("pisti", {"players": 2}, "easy", seed=seed)
    session.state.apply(session.state.legal_actions()[0])
    return session


@pytest.fixture
def home(tmp_path) -> Path:
    """A database with hands and a match in progress, all of it in the one file."""
    home = tmp_path / "home"
    put_rows(home, *(hand_row(a_record(seed=i % 7), deal=i) for i in range(HANDS)))
    keeper = Keeper(lambda code: None, home)
    keeper.match_changed(a_move())
    keeper.close()
    assert not (home / f"{FILE_NAME}-wal").exists()
    shutil.rmtree(home / "backups")  # what is kept without one (restored: test_store_backups)
    return home


def start(home: Path) -> tuple[Keeper, list[Notice]]:
    told: list[Notice] = []
    keeper = Keeper(told.append, home)
    return keeper, told


def other_database_log(tmp_path: Path) -> tuple[bytes, bytes]:
    """The -wal and -shm another program's database leaves when it is killed."""
    other = tmp_path / "other.sqlite3"
    c = sqlite3.connect(other, isolation_level=None)
    c.execute("PRAGMA journal_mode=WAL")
    c.execute("PRAGMA wal_autocheckpoint=0")
    c.execute("CREATE TABLE notes (body TEXT)")
    c.executemany("INSERT INTO notes VALUES (?)", [("x" * 900,)] * 40)
    wal, shm = Path(f"{other}-wal").read_bytes(), Path(f"{other}-shm").read_bytes()
    c.close()
    return wal, shm


def test_a_log_left_by_another_database_never_changes_the_players_file(home, tmp_path):
    path = home / FILE_NAME
    wal, shm = other_database_log(tmp_path)
    Path(f"{path}-wal").write_bytes(wal)
    Path(f"{path}-shm").write_bytes(shm)
    before = path.read_bytes()
    keeper, told = start(home)
    assert [n.code for n in told] == ["db_log_aside"], told
    assert "kept as" in told[0].detail
    assert len(keeper.entries()) == HANDS
    assert keeper.load_match() is not None
    keeper.close()
    assert path.read_bytes() == before, "the player's file keeps every byte"
    kept = [p for p in home.iterdir() if p.name.startswith(f"{FILE_NAME}-wal.broken-")
            and not p.name.endswith("-shm")]  # fmt: skip
    assert [p.read_bytes() for p in kept] == [wal], "the log is kept whole, apart"


def test_a_log_of_the_players_own_file_is_applied(home):
    """A kill leaves the last hands in the log: they are the player's, and kept."""
    path = home / FILE_NAME
    spare = home.parent / "spare"
    spare.mkdir()
    c = sqlite3.connect(path, isolation_level=None)
    c.execute("PRAGMA wal_autocheckpoint=0")
    c.execute("INSERT INTO hands (at, game) SELECT at, game FROM hands LIMIT 1")
    for name in (FILE_NAME, f"{FILE_NAME}-wal", f"{FILE_NAME}-shm"):
        shutil.copy(home / name, spare / name)  # as a kill leaves them
    c.close()
    keeper, told = start(spare)
    assert told == []
    assert len(keeper.store.read("SELECT id FROM hands")) == HANDS + 1
    keeper.close()


@pytest.mark.parametrize("what", ["-wal", "-shm", "-journal"])
@pytest.mark.parametrize("how", ["a folder", "a link"])
def test_a_log_that_is_no_file_is_set_aside_and_keeping_goes_on(home, what, how):
    log = home / f"{FILE_NAME}{what}"
    if how == "a folder":
        log.mkdir()
    else:
        log.symlink_to(home.parent / "elsewhere")
    keeper, told = start(home)
    assert [n.code for n in told] == ["db_log_aside"], told
    keeper.match_changed(a_move(seed=3))
    keeper.hand_abandoned(a_move(seed=4))
    keeper.close()
    assert counts(home)[0] == HANDS + 1, "the hand is kept"


@pytest.mark.parametrize("table", ["hands", "match", "carried"])
def test_a_lost_table_is_made_again_and_keeping_goes_on(home, table):
    c = sqlite3.connect(home / FILE_NAME, isolation_level=None)
    c.execute(f"DROP TABLE {table}")
    c.close()
    keeper, told = start(home)
    assert told == [Notice("db_repaired", table)]
    keeper.match_changed(a_move(seed=3))
    assert keeper.load_match() is not None, "the match is kept"
    keeper.hand_abandoned(a_move(seed=4))
    keeper.close()
    assert counts(home)[0] == (1 if table == "hands" else HANDS + 1)
    keeper, told = start(home)
    assert told == [], "repaired once"
    keeper.close()


def test_a_table_of_other_columns_sets_the_file_aside_with_every_row_kept(home):
    c = sqlite3.connect(home / FILE_NAME, isolation_level=None)
    c.execute("DROP TABLE carried")
    c.execute("CREATE TABLE carried (something TEXT)")
    c.close()
    keeper, told = start(home)
    assert [n.code for n in told] == ["db_set_aside"]
    assert "other columns" in told[0].detail
    assert len(keeper.entries()) == HANDS
    assert keeper.load_match() is not None
    keeper.statistics()
    keeper.close()
    with db(home) as c:
        assert next(r[1] for r in c.execute("PRAGMA table_info(carried)")) == "game"


def page_size(path: Path) -> int:
    return int.from_bytes(path.read_bytes()[16:18], "big")


def test_a_bad_page_in_a_large_database_costs_only_its_own_rows(tmp_path):
    home, n = tmp_path / "big", 3000
    put_rows(home, *(hand_row(a_record([], seed=i % 5), deal=i % 9000) for i in range(n)))
    path = home / FILE_NAME
    data = bytearray(path.read_bytes())
    size = page_size(path)
    pages = len(data) // size
    per_page = n / pages
    bad = pages // 2
    data[bad * size : (bad + 1) * size] = b"\x5a" * size  # one page of garbage
    path.write_bytes(bytes(data))
    keeper, told = start(home)
    assert told[0].code == "db_set_aside", told
    kept = len(keeper.entries())
    keeper.close()
    assert n - 2 * per_page - 1 <= kept < n, (kept, per_page)


def test_a_file_cut_after_its_third_page_keeps_the_match(home):
    path = home / FILE_NAME
    path.write_bytes(path.read_bytes()[: 3 * page_size(path)])
    keeper, told = start(home)
    assert told[0].code == "db_set_aside", told
    assert keeper.load_match() is not None, "the match's page was whole"
    keeper.close()


@pytest.mark.parametrize("byte", [68, 16, 0], ids=["application id", "page size", "magic"])
def test_a_file_whose_header_alone_is_wrong_keeps_every_row(home, byte):
    path = home / FILE_NAME
    data = bytearray(path.read_bytes())
    data[byte] ^= 0x08
    path.write_bytes(bytes(data))
    keeper, told = start(home)
    assert told[0].code == "db_set_aside", told
    assert len(keeper.entries()) == HANDS
    assert keeper.load_match() is not None
    keeper.close()
