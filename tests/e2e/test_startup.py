"""The menu's first frame waits only for the menu. The other screens are
imported, and the art is checked, right after it is on screen (before any input is
handled), so a damaged install is still named before a hand starts; every screen is still
reachable by its name. ``benchmarks/startup.py`` measures the time; these tests hold the
order."""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from xvfb import player_env

from game.ui import start
from game.ui.scene import Scene
from game.ui.scenes import SCENES, scene_class

ROOT = Path(__file__).resolve().parents[2]
LATER = ("game.ui.scenes.table", "game.ui.scenes.lesson", "game.ui.scenes.replay",
         "game.ui.scenes.stats", "game.ui.rules_panel")  # fmt: skip
PROBE = f"""
import json, sys
from game.__main__ import parse_args
from game.ui.start import open_app
app = open_app(parse_args([]))
later, app.after_frame = app.after_frame, []
app.step(0.0)
before = sorted(m for m in {LATER!r} if m in sys.modules)
for work in later:
    work()
after = sorted(m for m in {LATER!r} if m in sys.modules)
print(json.dumps({{"before": before, "after": after, "scene": app.scene.name}}))
"""


def test_the_first_frame_imports_no_other_screen_and_the_rest_come_right_after(tmp_path):
    env = player_env(tmp_path, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.splitlines()[-1])
    assert seen == {"before": [], "after": sorted(LATER), "scene": "menu"}


def test_every_screen_is_routed_by_its_own_name():
    for name in SCENES:
        cls = scene_class(name)
        assert issubclass(cls, Scene)
        assert cls.name == name
    folder = ROOT / "game" / "ui" / "scenes"
    defined = {
        node.name
        for path in folder.glob("*.py")
        for node in ast.parse(path.read_text(encoding="utf-8")).body
        if isinstance(node, ast.ClassDef) and node.name.endswith("Scene")
    }
    routed = {where.split(":")[1] for where in SCENES.values()}
    assert defined == routed, "a screen no route reaches"


def test_broken_art_is_named_just_after_the_first_frame_without_a_game(tmp_path):
    copy = tmp_path / "game-copy"
    for name in ("game", "sprites", "sounds", "fonts"):
        shutil.copytree(ROOT / name, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
    (copy / "sprites" / "cards" / "7H.svg").write_bytes(b"<svg this is not")
    env = player_env(tmp_path / "home", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(
        [sys.executable, "-m", "game"], cwd=copy, env=env, capture_output=True, text=True,
        timeout=60,
    )  # fmt: skip
    assert done.returncode == 1
    assert "The game's pictures are damaged or missing" in done.stderr
    assert "7H.svg" in done.stderr
    assert "Traceback" not in done.stderr


def test_window_hints_pick_x11_shared_memory_on_linux_and_leave_a_players_own(monkeypatch):
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    start.window_hints()
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "0"
    monkeypatch.setenv("SDL_FRAMEBUFFER_ACCELERATION", "opengl")
    start.window_hints()
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "opengl"


SPOKEN_START = """
import sys
from game.__main__ import parse_args
from game.ui.start import open_app
app = open_app(parse_args(sys.argv[1:]))
for _ in range(20):
    app.step(0.05)
assert app.voice.flush(10)
"""


def test_a_game_named_at_start_is_said_from_its_table_not_after_the_menus_welcome(tmp_path):
    """``--game`` passes through the menu: the voice's first words are the table's."""
    env = player_env(tmp_path, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    log = tmp_path / "said.txt"
    args = ["--game", "pisti", "--speech-log", str(log), "--lang", "en"]
    done = subprocess.run([sys.executable, "-c", SPOKEN_START, *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 0, done.stderr
    said = [line.split("\t", 2)[2] for line in log.read_text("utf-8").splitlines()]
    assert said[0].startswith("Pişti, 2 players"), said[:2]
    assert not any("main menu" in line for line in said), said
