"""A damaged database never crashes the game and is never overwritten: a file
cut short, garbage, a torn page, another program's database are set aside whole (with
what could still be read of the game's own kept in the new one) and the player is told in
plain words; a database of a newer version is left exactly as it is and read only."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from store_support import a_record, db, hand_row, put_rows

from game.core.files import Notice
from game.session import Session
from game.store.db import FILE_NAME
from game.store.keeper import Keeper

HANDS = 80


@pytest.fixture
def home(tmp_path) -> Path:
    """A database with many hands (many pages) and a match in progress, checkpointed."""
    put_rows(tmp_path, *(hand_row(a_record(seed=i), deal=i) for i in range(HANDS)))
    keeper = Keeper(lambda code: None, tmp_path)
    session = Session.start("pisti", {"players": 2}, "easy", seed=1)
    session.state.apply(session.state.legal_actions()[0])
    keeper.match_changed(session)
    keeper.close()
    assert not (tmp_path / f"{FILE_NAME}-wal").exists(), "all of it in the one file"
    shutil.rmtree(tmp_path / "backups")  # what is kept without one (restored: test_store_backups)
    return tmp_path


def start(home: Path) -> tuple[Keeper, list[str]]:
    told: list[str] = []
    keeper = Keeper(told.append, home)
    keeper.statistics(), keeper.entries(), keeper.load_match()  # what the screens read
    return keeper, told


def set_aside(home: Path, damaged: bytes) -> list[Path]:
    kept = [p for p in home.iterdir() if p.name.startswith(FILE_NAME + ".broken-")
            and not p.name.endswith(("-wal", "-shm"))]  # fmt: skip
    assert [p.read_bytes() for p in kept] == [damaged], "the damaged file is kept whole"
    return kept


def torn(data: bytes) -> bytes:
    """A page in the middle of the hands zeroed, as a lying disk leaves it."""
    middle = len(data) // 4096 // 2 * 4096
    return data[:middle] + bytes(4096) + data[middle + 4096 :]


@pytest.mark.parametrize("how", ["cut short", "a torn page"])
def test_a_damaged_database_is_set_aside_and_what_can_be_read_is_kept(home, how):
    path = home / FILE_NAME
    data = path.read_bytes()
    damaged = data[: len(data) * 6 // 10] if how == "cut short" else torn(data)
    path.write_bytes(damaged)
    keeper, told = start(home)
    assert told[0].code == "db_set_aside", told
    assert "kept as" in told[0].detail, told
    set_aside(home, damaged)
    kept = len(keeper.entries())
    assert 0 < kept <= HANDS, "the hands that could be read"
    assert kept < HANDS or how == "a torn page", "a file cut short lost its last hands"
    assert sum(line.hands for line in keeper.statistics().values()) == kept
    session = Session.start("pisti", {"players": 2}, "easy", seed=2)
    session.state.apply(session.state.legal_actions()[0])
    keeper.match_changed(session)  # and the game keeps on in the new one
    keeper.close()
    with db(home) as c:
        assert c.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


@pytest.mark.parametrize("how", ["garbage", "another program's", "empty of ours"])
def test_a_file_that_is_no_database_of_the_game_is_set_aside_never_overwritten(home, how):
    path = home / FILE_NAME
    path.unlink()
    if how == "garbage":
        path.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 20)
    else:
        with sqlite3.connect(path) as c:
            c.execute("CREATE TABLE hands (x)" if how == "empty of ours" else "CREATE TABLE t (x)")
            c.execute("INSERT INTO " + ("hands" if how == "empty of ours" else "t") + " VALUES (1)")
        sqlite3.connect(path).close()
    damaged = path.read_bytes()
    keeper, told = start(home)
    assert told[0].code == "db_set_aside", told
    set_aside(home, damaged)
    assert keeper.entries() == []
    assert keeper.load_match() is None
    keeper.close()


def test_a_newer_versions_database_is_left_as_it_is_and_read(home):
    path = home / FILE_NAME
    with sqlite3.connect(path) as c:
        c.execute("PRAGMA user_version = 7")
    sqlite3.connect(path).close()
    newer = path.read_bytes()
    keeper, told = start(home)
    assert told == [Notice("db_newer")]
    assert len(keeper.entries()) == HANDS, "what it holds is shown"
    session = keeper.load_match()
    session.state.apply(session.state.legal_actions()[0])
    keeper.match_changed(session)  # plays on: nothing is written
    keeper.close()
    assert path.read_bytes() == newer
    assert told == [Notice("db_newer")]
    assert not list(home.glob("*.broken*"))


def test_a_damaged_database_in_the_real_app_is_told_in_plain_words(home, monkeypatch):
    from ui_support import DT, make_app

    (home / FILE_NAME).write_bytes(b"\x00" * 5000)
    app = make_app(home, monkeypatch, keep=True)
    try:
        app.goto("menu")
        app.step(DT)
        assert any(n.startswith("The file that keeps your match") for n in app.notices)
        for screen in ("stats", "history", "menu"):
            app.goto(screen)
            app.step(DT)
    finally:
        app.scene.leave()
