"""Nothing the player owns is lost. The settings
and the database (the match in progress, the hands, the statistics) each survive (1) the
other one broken, (2) a disk that refuses a save (the database's full disk and read-only
home: tests/store/test_store_full_disk.py), and (3) the game killed in the middle of saving."""

from __future__ import annotations

import errno
import json
import os
import random
import signal
import sqlite3
import time
from pathlib import Path

import pytest
from store_support import counts, dump
from ui_support import DT

from game.session import Session
from game.store import settings as store
from game.store.db import FILE_NAME
from game.store.keeper import Keeper
from game.store.settings import Settings, load_settings, save_settings
from game.ui.app import App
from game.ui.scenes import install_routes
from game.ui.start import keep


def played_session(moves: int = 4, seed: int = 4) -> Session:
    session = Session.start("pisti", {"players": 2, "target": 101}, "easy", seed=seed)
    for _ in range(moves):
        session.state.apply(session.state.legal_actions()[0])
    return session


def finish(session: Session) -> Session:
    while not session.state.is_over:
        session.state.apply(session.state.legal_actions()[0])
    return session


def fill_home(home: Path) -> dict[str, bytes]:
    """Settings and a database written by the game itself (a finished hand, a match in
    progress); the bytes of each."""
    home.mkdir(exist_ok=True)
    settings = Settings(level="hard", pace="fast", language="en", lessons_offered=True)
    save_settings(settings, home / store.FILE_NAME)  # a returning player: offered lessons
    keeper = Keeper(lambda code: None, home)
    keeper.match_changed(finish(played_session(seed=9)))
    keeper.match_changed(played_session())
    keeper.close()
    return {name: (home / name).read_bytes() for name in (store.FILE_NAME, FILE_NAME)}


def loaded(home: Path) -> dict[str, object]:
    """What the game makes of each (a comparable form)."""
    settings, _ = load_settings(home / store.FILE_NAME)
    return {"settings": settings, "database": dump(home)}


def start_app(home: Path) -> App:
    app = App((1280, 800))
    install_routes(app)
    keep(app)
    app.goto("menu")
    app.step(DT)
    return app


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "prefs"
    monkeypatch.setenv("PASHA_PISTI_HOME", str(folder))
    return folder


def _other_program(p: Path) -> None:
    p.unlink()
    with sqlite3.connect(p) as c:
        c.execute("CREATE TABLE notes (text)")


def _newer(p: Path) -> None:
    with sqlite3.connect(p) as c:
        c.execute("PRAGMA user_version = 99")


DAMAGE = {
    "garbage": lambda p: p.write_bytes(b"\x00\xff{{{not json"),
    "truncated": lambda p: p.write_bytes(p.read_bytes()[: len(p.read_bytes()) // 2]),
    "a folder in its place": lambda p: (p.unlink(), p.mkdir()),
    "a link in its place": lambda p: (
        p.rename(p.with_name("elsewhere")),
        p.symlink_to("elsewhere"),
    ),
    "NaN inside": lambda p: p.write_text(p.read_text().replace("{", '{"x": NaN, ', 1)),
    "nested 1000 deep": lambda p: p.write_text("[" * 1000 + "]" * 1000),
    "another program's database": _other_program,
    "a newer version's database": _newer,
}
ONLY = {  # damage only one of the two files can have (a settings file may be a link)
    "a link in its place": FILE_NAME,
    "NaN inside": store.FILE_NAME,
    "nested 1000 deep": store.FILE_NAME,
    "another program's database": FILE_NAME,
    "a newer version's database": FILE_NAME,
}
CASES = [(n, d) for n in (store.FILE_NAME, FILE_NAME) for d in DAMAGE if ONLY.get(d, n) == n]


@pytest.mark.parametrize(("broken", "damage"), CASES)
def test_keeps_each_file_when_the_other_is_broken(home, broken, damage):
    original = fill_home(home)
    before = loaded(home)
    path = home / broken
    DAMAGE[damage](path)
    damaged = path.read_bytes() if path.is_file() and not path.is_symlink() else None
    app = start_app(home)
    assert app.notices, "the player is told"
    app.save_settings()  # what the game writes next must not cost the other anything
    app.goto("menu")
    app.step(DT)
    app.scene.leave()
    app.keeper.close()
    after = loaded(home)
    other = FILE_NAME if broken == store.FILE_NAME else store.FILE_NAME
    what = "database" if other == FILE_NAME else "settings"
    assert after[what] == before[what], f"{other} changed when {broken} was broken"
    if other == store.FILE_NAME:
        assert (home / other).read_bytes() == original[other]
    if damage == "a newer version's database":
        assert path.read_bytes() == damaged, "a newer version's file is left as it is"
        return
    kept = [p for p in home.iterdir() if p.name.startswith(broken + ".broken")]
    assert kept, f"the broken {broken} was not kept"
    if damaged is not None:
        assert any(p.is_file() and p.read_bytes() == damaged for p in kept)


def refuse_replace(monkeypatch) -> None:
    """The disk refuses every save of a file (full), the way ``os.replace`` would fail."""

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", full)


def test_keeps_settings_when_the_disk_refuses_the_save(home, monkeypatch):
    original = fill_home(home)
    refuse_replace(monkeypatch)
    problem = save_settings(Settings(level="easy"), home / store.FILE_NAME)
    assert problem
    assert problem.code == "settings_not_saved"
    assert problem.detail.startswith("No space")
    assert (home / store.FILE_NAME).read_bytes() == original[store.FILE_NAME]
    assert not list(home.glob("*.tmp"))


def _player(home: Path) -> None:
    """In a child process: save settings and play on, moves and whole hands, for ever."""
    keeper = Keeper(lambda code: None, home)
    i = 0
    while True:
        i += 1
        save_settings(Settings(call_window=1.0 + (i % 50) / 10), home / store.FILE_NAME)
        session = played_session(moves=0, seed=i)
        for _ in range(i % 30):
            session.state.apply(session.state.legal_actions()[0])
            keeper.match_changed(session)
        if i % 3 == 0:
            keeper.match_changed(finish(session))


@pytest.mark.skipif(not hasattr(os, "fork"), reason="kills a forked player (POSIX)")
def test_keeps_every_file_whole_when_killed_in_the_middle_of_saving(home):
    fill_home(home)
    rng = random.Random(11)
    for _ in range(30):
        pid = os.fork()
        if pid == 0:  # the child saves until it is killed
            try:
                _player(home)
            finally:
                os._exit(0)
        time.sleep(rng.uniform(0.005, 0.15))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        json.loads((home / store.FILE_NAME).read_text(encoding="utf-8"))  # never torn
        settings, problem = load_settings(home / store.FILE_NAME)
        assert problem is None
        assert 1.0 <= settings.call_window <= 6.0
        told: list[str] = []
        keeper = Keeper(told.append, home)
        assert keeper.load_match() is not None
        assert told == []
        keeper.close()
        listed, counted = counts(home)
        assert listed == counted, "statistics and History always agree"
    assert not list(home.glob("*.broken*"))
