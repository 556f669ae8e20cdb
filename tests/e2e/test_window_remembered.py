"""The window opens as large as, and where, the player left it (as PySolFC, KPatience
and Aisleriot do), kept on the screen; ``--size`` still wins. The real program in a
real X window (Xvfb, xdotool) for the window, the settings file alone for the checks."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
import warnings
from pathlib import Path

import pygame
import pytest
from xvfb import TOOLS, need_tools, player_env, run, start_xvfb, stop, wait_for

from game.store.settings import Settings, from_data
from game.ui.app import App

ROOT = Path(__file__).resolve().parents[2]


def test_window_fields_out_of_range_fall_back_alone():
    settings, problems = from_data(
        {"window_width": 99_999, "window_height": "600", "window_x": 12, "window_y": -3.5}
    )
    assert (settings.window_width, settings.window_height) == (0, 0)
    assert (settings.window_x, settings.window_y) == (12, 0)
    assert settings.window() is None, "no size remembered: the default size, centred"
    assert len(problems) == 3


def test_remembering_a_window_keeps_its_numbers_in_range():
    s = Settings()
    s.remember_window((20_000, 700), (-99_999, 40))
    assert s.window() == ((7680, 700), (-16384, 40))
    assert from_data(json.loads(json.dumps(s.__dict__)))[1] == []


def test_the_remembered_size_opens_unless_a_size_is_asked_for(tmp_path, monkeypatch):
    monkeypatch.setenv("PASHA_PISTI_HOME", str(tmp_path))
    remembered = Settings(sound=False, window_width=1000, window_height=650)
    app = App(settings=remembered)
    assert app.size == (1000, 650)
    app.window.size = (1100, 700)
    app.close()
    assert json.loads((tmp_path / "settings.json").read_text())["window_width"] == 1100
    app = App((960, 600), settings=Settings(sound=False, window_width=1000, window_height=650))
    assert app.size == (960, 600)
    app.close()


def test_the_app_draws_on_its_own_pygame_window_not_the_display_modules(tmp_path, monkeypatch):
    """``pygame.Window`` (pygame-ce 2.5): no ``set_mode``, no deprecated bridge to it."""
    monkeypatch.setenv("PASHA_PISTI_HOME", str(tmp_path))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        app = App((960, 600), settings=Settings(sound=False, language="tr"))
    try:
        assert isinstance(app.window, pygame.Window)
        assert pygame.display.get_surface() is None, "the display module opened no window"
        assert app.screen is app.window.get_surface()
        assert app.window.title == "Pasha & Pişti"
        assert app.window.resizable
        app.window.size = (1000, 640)
        app.step(0.0)
        assert app.size == app.screen.get_size() == (1000, 640)
    finally:
        app.scene.leave()
        app.window.destroy()  # while SDL is up (see game.ui.window.close_window)


# ----------------------------------------------------------------- the real window
def window_of(pid: int, env: dict) -> str:
    end = time.monotonic() + 30
    while time.monotonic() < end:
        found = run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(pid)], env)
        if found.split():
            return found.split()[0]
    raise AssertionError(f"no window from process {pid}")


def geometry(window: str, env: dict) -> tuple[int, int, int, int]:
    out = run(["xdotool", "getwindowgeometry", window], env)
    x, y = map(int, re.search(r"Position: (-?\d+),(-?\d+)", out).groups())
    w, h = map(int, re.search(r"Geometry: (\d+)x(\d+)", out).groups())
    return x, y, w, h


class Game:
    """The real program on the X server; closed as a desktop closes it (SIGTERM)."""

    def __init__(self, env: dict, *args: str) -> None:
        self.env = env
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "game", "--lang", "en", *args],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.window = window_of(self.proc.pid, env)

    def geometry(self) -> tuple[int, int, int, int]:
        return geometry(self.window, self.env)

    def close(self) -> None:
        self.proc.terminate()
        assert self.proc.wait(20) == 0


@pytest.fixture
def desktop(tmp_path):
    need_tools((*TOOLS, "timeout"))
    server, display = start_xvfb((1280, 800))
    env = player_env(tmp_path, DISPLAY=display, SDL_AUDIODRIVER="dummy")
    yield env, tmp_path
    stop(server)


@pytest.mark.xvfb
@pytest.mark.slow
def test_the_window_opens_as_large_and_where_it_was_left_and_size_still_wins(desktop):
    env, home = desktop
    game = Game(env)
    try:

        def place() -> None:  # again until it holds: the game centres its new window
            run(["xdotool", "windowsize", game.window, "1000", "650"], env)
            run(["xdotool", "windowmove", game.window, "100", "60"], env)

        place()
        wait_for("the window moved", lambda: game.geometry() == (100, 60, 1000, 650), 30, place)
        time.sleep(0.5)  # the game's loop sees where its window went
    finally:
        game.close()
    saved = json.loads((home / "settings.json").read_text())
    assert [saved[f"window_{k}"] for k in ("x", "y", "width", "height")] == [100, 60, 1000, 650]
    game = Game(env)
    try:
        assert game.geometry() == (100, 60, 1000, 650)
    finally:
        game.close()
    game = Game(env, "--size", "960x600")
    try:
        assert game.geometry() == (100, 60, 960, 600)
    finally:
        game.close()
    assert json.loads((home / "settings.json").read_text())["window_width"] == 960


@pytest.mark.xvfb
@pytest.mark.slow
def test_a_window_left_off_the_screen_comes_back_within_it(desktop):
    env, home = desktop
    far = Settings(window_width=3000, window_height=2000, window_x=5000, window_y=-900)
    (home / "settings.json").write_text(json.dumps(far.__dict__))
    game = Game(env)
    try:
        x, y, w, h = game.geometry()
        assert pygame.Rect(0, 0, 1280, 800).contains((x, y, w, h)), (x, y, w, h)
        assert w >= 1200, "as large as the screen allows"
        assert h >= 700, "as large as the screen allows"
    finally:
        game.close()


@pytest.mark.xvfb
@pytest.mark.slow
def test_the_window_stays_where_it_was_under_a_window_manager(desktop):
    """Openbox puts a window's frame where the game asks and the window inside it lower,
    by the title bar: the game remembers its window less that, so it no longer creeps
    down the screen by the title bar's height at every start."""
    env, home = desktop
    need_tools(("openbox",))
    wm = subprocess.Popen(["openbox"], env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL)  # fmt: skip
    try:
        time.sleep(1.0)  # the manager takes the screen
        settings = Settings(window_width=900, window_height=600, window_x=100, window_y=60)
        (home / "settings.json").write_text(json.dumps(settings.__dict__))
        seen = []
        for _ in range(3):
            game = Game(env)
            try:
                time.sleep(0.8)  # placed by the manager, seen by the game
                seen.append(game.geometry())
            finally:
                game.close()
            saved = json.loads((home / "settings.json").read_text())
            assert (saved["window_x"], saved["window_y"]) == (100, 60), seen
        assert seen[0] == seen[1] == seen[2], f"the window moved between starts: {seen}"
    finally:
        stop(wm)
