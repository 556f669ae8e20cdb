"""The command line and the exports keep to files of their own: every path the game is
told to write (``--state-file``, ``--export-history``, ``--speech-log``) is refused with a
clear message when it is the database, one of its logs, a copy set aside, the settings or
a backup (and the file is left as it was); exports never follow a link out of the game's
folder and never write over another export."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from store_support import a_record, hand_row, put_rows

from game.__main__ import main, parse_args
from game.store.db import BACKUPS, FILE_NAME
from game.store.keeper import Keeper

OWN = [
    FILE_NAME,
    f"{FILE_NAME}-wal",
    f"{FILE_NAME}-shm",
    f"{FILE_NAME}-journal",
    "settings.json",
    f"{FILE_NAME}.broken-20261202-101010",
    f"{BACKUPS}/pasha-pisti-20261201-090000.sqlite3",
]


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    home = tmp_path / "home"
    put_rows(home, hand_row(a_record(seed=3), deal=3))
    monkeypatch.setenv("PASHA_PISTI_HOME", str(home))
    return home


@pytest.mark.parametrize("name", OWN)
@pytest.mark.parametrize("flag", ["--state-file", "--export-history", "--speech-log"])
def test_the_command_line_refuses_each_of_the_games_own_files(home, name, flag, capsys):
    path = home / name
    path.parent.mkdir(exist_ok=True)
    if not path.exists():
        path.write_bytes(b"the player's own")
    before = path.read_bytes()
    with pytest.raises(SystemExit) as out:
        main([flag, str(path)])
    assert out.value.code == 2
    said = capsys.readouterr().err
    assert "the game's own" in said, said
    assert "name another file" in said, said
    assert path.read_bytes() == before


def test_the_database_under_another_name_is_refused_too(home, capsys):
    other = home.parent / "history.json"
    os.link(home / FILE_NAME, other)  # the same file, a hard link
    with pytest.raises(SystemExit):
        parse_args(["--export-history", str(other)])
    assert "the game's own database" in capsys.readouterr().err


def test_a_file_of_the_players_own_is_written(home, capsys):
    out = home / "my-history.json"
    assert main(["--export-history", str(out)]) == 0
    assert "1 hands written" in capsys.readouterr().out
    assert out.stat().st_size > 0


def test_exports_never_follow_a_link_out_of_the_games_folder(home):
    outside = home.parent / "outside"
    outside.mkdir()
    (home / "exports").symlink_to(outside)
    keeper = Keeper(lambda n: None, home)
    job = keeper.export("history")
    assert job.wait(30)
    assert job.paths is None
    assert "is a link" in job.error
    keeper.close()
    assert list(outside.iterdir()) == []


@pytest.mark.parametrize("what", ["history", "statistics"])
def test_two_exports_in_one_second_are_both_kept(home, what):
    keeper = Keeper(lambda n: None, home)
    jobs = keeper.export(what), keeper.export(what)
    assert all(job.wait(30) for job in jobs)
    keeper.close()
    first, second = (job.paths for job in jobs)
    assert len({*first, *second}) == 4, "four files of four names"
    assert all(p.stat().st_size > 0 and p.parent == home / "exports" for p in (*first, *second))


def test_a_hands_export_twice_in_one_second_keeps_both(home, monkeypatch):
    from ui_support import DT, make_app

    app = make_app(home, monkeypatch, keep=True)
    try:
        screen = app.goto("history")
        app.step(DT)
        screen.export_selected()
        screen.export_selected()
        assert screen.message_good, screen.message
    finally:
        app.scene.leave()
    assert len(list((home / "exports").glob("hand-*.json"))) == 2
