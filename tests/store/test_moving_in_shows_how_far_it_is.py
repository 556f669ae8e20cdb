"""A long history of the previous version moves in on a thread of its own: the window
opens at once, shows how far it is (hands and a bar) and goes on answering, then opens
the game as it always does with every hand in. Closed before the end, nothing is lost:
the old files stay as they were, no database is left half made, and the next start
moves them in."""

from __future__ import annotations

import json
import shutil
import threading
import time
from pathlib import Path

import pygame
import pytest
from ui_support import DT, key, release

from game.__main__ import parse_args
from game.store import moving_in
from game.store.db import FILE_NAME
from game.ui import start
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.moving_in import MovingInScene

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "previous-version" / "four-hands"
HANDS = 1200
HELD_AT = 500


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    """The previous version's files, with a history of :data:`HANDS` hands."""
    home = tmp_path / "home"
    shutil.copytree(FIXTURE, home)
    old = json.loads((home / "history.json").read_text())
    first = old["hands"][0]
    old["hands"] = [{**first, "when": first["when"] + i, "deal": i + 1} for i in range(HANDS)]
    (home / "history.json").write_text(json.dumps(old))
    monkeypatch.setenv("PASHA_PISTI_HOME", str(home))
    monkeypatch.setattr(start, "MOMENT", 0.0)  # shown however fast this machine is
    return home


@pytest.fixture
def gate(monkeypatch) -> threading.Event:
    """Moving in held at :data:`HELD_AT` hands until the test sets the event (or the
    moving in is stopped)."""
    opened = threading.Event()
    told = moving_in.MovingIn._progress
    monkeypatch.setattr(moving_in, "EVERY", 100)

    def progress(self, done, total):
        told(self, done, total)
        while done == HELD_AT and not opened.is_set() and not self._stop.is_set():
            time.sleep(0.005)
        told(self, done, total)

    monkeypatch.setattr(moving_in.MovingIn, "_progress", progress)
    return opened


def held(app) -> MovingInScene:
    scene = app.scene
    assert isinstance(scene, MovingInScene)
    deadline = time.monotonic() + 30
    while scene.job.done < HELD_AT and time.monotonic() < deadline:
        app.step(DT)
        time.sleep(0.005)
    return scene


def test_the_window_shows_how_far_moving_in_is_and_then_opens_the_game(home, gate):
    app = start.open_app(parse_args(["--size", "960x600", "--lang", "en"]))
    try:
        scene = held(app)
        assert scene.words() == f"Moving your history in: {HELD_AT} of {HANDS:,} hands"
        assert "Nothing is lost if you close the window" in scene.spoken()
        assert app.step(DT), "the window goes on while the hands move in"
        key(app, pygame.K_DOWN)
        assert app.scene is scene
        assert app.keeper is None
        gate.set()
        deadline = time.monotonic() + 60
        while not isinstance(app.scene, MenuScene) and time.monotonic() < deadline:
            app.step(DT)
            time.sleep(0.005)
        assert isinstance(app.scene, MenuScene), "the game opens once the files are in"
        assert len(app.keeper.entries()) == HANDS
        assert any("moved into pasha-pisti.sqlite3" in n for n in app.notices)
        assert (home / "history.json.moved-in").exists()
    finally:
        release(app)


def test_closing_the_window_while_moving_in_loses_nothing(home, gate):
    before = {p.name: p.read_bytes() for p in home.iterdir()}
    app = start.open_app(parse_args(["--size", "960x600", "--lang", "tr"]))
    try:
        scene = held(app)
        assert scene.words() == f"Geçmişin taşınıyor: {HELD_AT} / 1.200 el"
        app.leave_scenes()  # as closing the window leaves them
        assert scene.job.ended
    finally:
        release(app)
    after = {p.name: p.read_bytes() for p in home.iterdir()}
    assert after == before, "the old files as they were; no database half made"
    assert not (home / FILE_NAME).exists()
    gate.set()
    again = start.open_app(parse_args(["--size", "960x600", "--lang", "en"]))
    try:
        deadline = time.monotonic() + 60
        while not isinstance(again.scene, MenuScene) and time.monotonic() < deadline:
            again.step(DT)
            time.sleep(0.005)
        assert len(again.keeper.entries()) == HANDS, "the next start moves them in"
    finally:
        release(again)


def test_a_short_history_moves_in_before_the_first_frame(tmp_path, monkeypatch):
    home = tmp_path / "home"
    shutil.copytree(FIXTURE, home)
    monkeypatch.setenv("PASHA_PISTI_HOME", str(home))
    monkeypatch.setattr(start, "MOMENT", 5.0)  # a moment, however loaded this machine is
    app = start.open_app(parse_args(["--size", "960x600", "--lang", "en"]))
    try:
        assert isinstance(app.scene, MenuScene), "no moving-in screen for a moment's work"
        assert len(app.keeper.entries()) == 3
        assert any("moved into pasha-pisti.sqlite3" in n for n in app.notices)
    finally:
        release(app)
