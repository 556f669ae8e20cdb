"""Issue 11: nothing the player owns is lost. The settings, the match in progress, the
statistics and the history each survive (1) a broken neighbour file, (2) a disk that
refuses a save, and (3) the game killed in the middle of saving.
"""

from __future__ import annotations

import errno
import json
import os
import random
import signal
import time
from pathlib import Path

import pytest
from ui_support import DT

from game.session import Session
from game.store import history, saves, stats
from game.store import settings as store
from game.store.settings import Settings, load_settings, save_settings
from game.ui.app import App
from game.ui.keeping import Keeper
from game.ui.scenes import install_routes

FILES = {
    "settings": store.FILE_NAME,
    "match": saves.FILE_NAME,
    "stats": stats.FILE_NAME,
    "history": history.FILE_NAME,
}


def played_session(moves: int = 4, seed: int = 4) -> Session:
    session = Session.start("pisti", {"players": 2, "target": 101}, "easy", seed=seed)
    for _ in range(moves):
        session.state.apply(session.state.legal_actions()[0])
    return session


def fill_home(home: Path) -> dict[str, bytes]:
    """Every file the player owns, written by the game itself; their bytes."""
    home.mkdir(exist_ok=True)
    settings = Settings(level="hard", pace="fast", language="en", lessons_offered=True)
    save_settings(settings, home / store.FILE_NAME)  # a returning player: offered lessons
    session = played_session()
    saves.save_match(session)
    counts = stats.Stats()
    finished = played_session(moves=48, seed=9).state
    key = stats.key_of("pisti", finished.options, 2, "easy", type(finished))
    counts.count_hand(key, finished, 0, 0, took_back=False, team_points=finished.score[0])
    counts.save()
    hands = history.History()
    hands.add(history.History.entry(finished.record(), "pisti", 2, "easy", 0, 1, [3, 1], 7))
    hands.save()
    return {what: (home / name).read_bytes() for what, name in FILES.items()}


def loaded(home: Path) -> dict[str, object]:
    """What the game makes of each file (a comparable form)."""
    settings, _ = load_settings(home / store.FILE_NAME)
    session, _ = saves.load_match()
    counts, _ = stats.Stats.load()
    hands, _ = history.History.load()
    return {
        "settings": settings,
        "match": None if session is None else [str(a) for a in session.state.history],
        "stats": counts.lines,
        "history": hands.entries,
    }


def start_app(home: Path) -> App:
    app = App((1280, 800))
    install_routes(app)
    Keeper(app)
    app.goto("menu")
    app.step(DT)
    return app


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "prefs"
    monkeypatch.setenv("PASHA_PISTI_HOME", str(folder))
    return folder


DAMAGE = {
    "garbage": lambda p: p.write_bytes(b"\x00\xff{{{not json"),
    "truncated": lambda p: p.write_bytes(p.read_bytes()[: len(p.read_bytes()) // 2]),
    "a folder in its place": lambda p: (p.unlink(), p.mkdir()),
    "NaN inside": lambda p: p.write_text(p.read_text().replace("{", '{"x": NaN, ', 1)),
    "nested 1000 deep": lambda p: p.write_text("[" * 1000 + "]" * 1000),
}


@pytest.mark.parametrize("damage", list(DAMAGE))
@pytest.mark.parametrize("broken", list(FILES))
def test_keeps_every_file_when_a_neighbour_file_is_broken(home, broken, damage):
    original = fill_home(home)
    before = loaded(home)
    path = home / FILES[broken]
    DAMAGE[damage](path)
    damaged = path.read_bytes() if path.is_file() else None
    app = start_app(home)
    assert app.notices, "the player is told"
    app.save_settings()  # what the game writes next must not cost the others anything
    app.goto("menu")
    app.step(DT)
    after = loaded(home)
    for what, name in FILES.items():
        if what == broken:
            continue
        assert after[what] == before[what], f"{what} changed when {broken} was broken"
        if what != "settings":
            assert (home / name).read_bytes() == original[what], what
    kept = [p for p in home.iterdir() if p.name.startswith(FILES[broken] + ".broken")]
    assert kept, f"the broken {broken} file was not kept"
    if damaged is not None:
        assert any(p.is_file() and p.read_bytes() == damaged for p in kept)
    app.scene.leave()


def refuse_replace(monkeypatch) -> None:
    """The disk refuses every save (full), the way ``os.replace`` would fail."""

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", full)


def test_keeps_settings_when_the_disk_refuses_the_save(home, monkeypatch):
    original = fill_home(home)
    refuse_replace(monkeypatch)
    problem = save_settings(Settings(level="easy"), home / store.FILE_NAME)
    assert problem and problem.startswith("settings_not_saved|No space")
    assert (home / store.FILE_NAME).read_bytes() == original["settings"]
    assert not list(home.glob("*.tmp"))


def test_keeps_the_match_and_statistics_when_the_disk_refuses_the_save(home, monkeypatch):
    original = fill_home(home)
    app = start_app(home)
    session = played_session(moves=6)
    refuse_replace(monkeypatch)
    app.match_changed(session)  # after a move: the save fails, the player is told
    assert any("could not be saved" in n for n in app.notices)
    finished = played_session(moves=48, seed=9)
    session.match.hand = finished.state
    session.referee.restart(finished.state)
    app.hand_over(session)  # statistics and history: both fail, both told
    assert any("Statistics not saved" in n for n in app.notices)
    assert any("History not saved" in n for n in app.notices)
    assert app.running
    for what, name in FILES.items():
        assert (home / name).read_bytes() == original[what], what
    assert not list(home.glob("*.tmp"))
    app.scene.leave()


def _saver(home: Path) -> None:
    """In a child process: save every file over and over, each time a bit different."""
    session = played_session(moves=2)
    counts, _ = stats.Stats.load()
    i = 0
    while True:
        i += 1
        save_settings(Settings(call_window=1.0 + (i % 50) / 10), home / store.FILE_NAME)
        session.state.apply(session.state.legal_actions()[0]) if not session.state.is_over else 0
        saves.save_match(session)
        next(iter(counts.lines.values())).points = i
        counts.save()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="kills a forked saver (POSIX)")
def test_keeps_every_file_whole_when_killed_in_the_middle_of_saving(home):
    fill_home(home)
    rng = random.Random(11)
    strays_seen = 0
    for _ in range(30):
        pid = os.fork()
        if pid == 0:  # the child saves until it is killed
            try:
                _saver(home)
            finally:
                os._exit(0)
        time.sleep(rng.uniform(0.002, 0.06))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        strays_seen += len(list(home.glob("*.tmp")))
        for name in (store.FILE_NAME, saves.FILE_NAME, stats.FILE_NAME):
            json.loads((home / name).read_text(encoding="utf-8"))  # never torn
        settings, problem = load_settings(home / store.FILE_NAME)
        assert problem is None and 1.0 <= settings.call_window <= 6.0
        session, problem = saves.load_match()
        assert problem is None and session is not None
        counts, problem = stats.Stats.load()
        assert problem is None and counts.lines
        assert not list(home.glob("*.tmp")), "the next start removes what a kill left"
    assert not list(home.glob("*.broken*"))
    print(f"{strays_seen} temporary files left by 30 kills, all removed at the next start")
