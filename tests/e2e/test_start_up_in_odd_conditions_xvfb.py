"""Start-up in a real X window (Xvfb, xdotool): the real program started without a usable
display, with a display that comes up late, with a broken card file, on an 800x480
screen and with an absurd ``--size``.

Without Xvfb or xdotool these tests are skipped, except on CI (``CI`` set), where they
fail: ``.ci/run`` installs the tools, and a gate that silently skips is no gate.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest
from xvfb import TOOLS, free_display, need_tools, player_env, run, start_xvfb, stop

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [pytest.mark.xvfb, pytest.mark.slow]  # a real window: the full run


@pytest.fixture(autouse=True)
def tools() -> None:
    """Every command here runs under ``timeout``, so it is needed too."""
    need_tools((*TOOLS, "timeout"))


def env_for(home: Path, **extra: str) -> dict[str, str]:
    """The player's environment, silent: these tests look at the window, never listen."""
    return player_env(home, SDL_AUDIODRIVER="dummy", **extra)


def window_of(pid: int, env: dict, seconds: float = 30) -> str:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        found = subprocess.run(
            ["timeout", "3", "xdotool", "search", "--sync", "--onlyvisible", "--pid", str(pid)],
            env=env,
            capture_output=True,
            text=True,
            timeout=10,
        ).stdout.split()
        if found:
            return found[0]
    raise AssertionError(f"no visible window from process {pid} within {seconds:.0f} s")


def geometry(window: str, env: dict) -> pygame.Rect:
    out = run(["xdotool", "getwindowgeometry", window], env)
    x, y = map(int, re.search(r"Position: (-?\d+),(-?\d+)", out).groups())
    w, h = map(int, re.search(r"Geometry: (\d+)x(\d+)", out).groups())
    return pygame.Rect(x, y, w, h)


# ----------------------------------------------------------------- no usable display
def test_xvfb_display_unset_message_and_exit_1(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "game"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env_for(tmp_path),
        timeout=60,
    )
    assert done.returncode == 1
    assert "no display to open the game's window on" in done.stderr
    assert "Traceback" not in done.stderr


def test_xvfb_display_of_a_dead_server_message_and_exit_1(tmp_path):
    server, display = start_xvfb((1280, 800))
    server.terminate()
    server.wait(10)
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "game"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env_for(tmp_path, DISPLAY=display),
        timeout=60,
    )
    assert done.returncode == 1
    assert f"DISPLAY {display}" in done.stderr
    assert "no display to open the game's window on" in done.stderr
    assert "Traceback" not in done.stderr
    assert time.monotonic() - start < 15


def test_xvfb_display_that_comes_up_late_is_tried_again(tmp_path):
    """The X server is not there yet when the game starts (a session still starting):
    the game tries again and opens its window instead of running invisible."""
    display = free_display(range(400, 700))  # apart from test_start_up_in_odd_conditions's
    snippet = (
        "import sys, time; import pygame; from game.__main__ import main; "
        "print('ready', flush=True); sys.exit(main(['--first-frame-exit']))"
    )
    game = subprocess.Popen(
        [sys.executable, "-c", snippet],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env_for(tmp_path, DISPLAY=display),
    )
    server = None
    try:
        assert game.stdout.readline().strip() == "ready"
        time.sleep(0.2)  # the game has looked for the display and found none
        server = subprocess.Popen(
            ["Xvfb", display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        out, err = game.communicate(timeout=60)
        assert game.returncode == 0, err
        assert "first-frame" in out
    finally:
        stop(game)
        stop(server)


# ----------------------------------------------------------------- broken art
def test_xvfb_corrupt_card_file_message_before_any_window(tmp_path):
    copy = tmp_path / "copy"
    copy.mkdir()
    for name in ("game", "sprites", "sounds", "fonts"):
        shutil.copytree(ROOT / name, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
    (copy / "sprites" / "cards" / "QH.svg").write_bytes(b"<svg><path d='M 0 0 L")
    server, display = start_xvfb((1280, 800))
    try:
        done = subprocess.run(
            [sys.executable, "-m", "game", "--game", "pishe-pasha"],
            capture_output=True,
            text=True,
            cwd=copy,
            env=env_for(tmp_path / "home", DISPLAY=display),
            timeout=60,
        )
    finally:
        stop(server)
    assert done.returncode == 1
    assert "The game's pictures are damaged or missing" in done.stderr
    assert "QH.svg" in done.stderr
    assert "Traceback" not in done.stderr


# ----------------------------------------------------------------- small screens, huge sizes
@pytest.mark.slow
@pytest.mark.parametrize("args", [[], ["--size", "20000x20000"], ["--game", "pisti"]])
def test_xvfb_800x480_screen_the_window_fits_with_its_top_bar_visible(tmp_path, args):
    screen = pygame.Rect(0, 0, 800, 480)
    server, display = start_xvfb(screen.size)
    env = env_for(tmp_path, DISPLAY=display)
    game = None
    try:
        game = subprocess.Popen(
            [sys.executable, "-m", "game", *args],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        window = window_of(game.pid, env)
        rect = geometry(window, env)
        assert screen.contains(rect), f"the window {rect} leaves the 800x480 screen"
        shot = tmp_path / "shot.png"
        for _ in range(30):  # until the first frames are drawn
            subprocess.run(
                ["timeout", "10", "import", "-window", "root", str(shot)],
                env=env,
                check=True,
                timeout=20,
            )
            img = pygame.image.load(str(shot))
            top = [img.get_at((x, rect.y + 3))[:3] for x in range(rect.x + 5, rect.right - 5, 7)]
            if sum(1 for c in top if sum(c) > 30) > len(top) // 2:
                break
            time.sleep(0.3)
        else:
            raise AssertionError(f"the window's top rows stay black ({shot})")
        if os.environ.get("E2E_SHOT"):
            shutil.copy(shot, os.environ["E2E_SHOT"])
        assert game.poll() is None, game.stderr.read().decode(errors="replace")
    finally:
        stop(game)
        stop(server)
