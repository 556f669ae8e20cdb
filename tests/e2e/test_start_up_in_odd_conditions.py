"""Start-up and assets: no display, broken art, no sound device, odd arguments.
The real program (``python -m game``) is started where the player would start it; the
in-process tests cover what needs a table in play. The same checks in a real X window are
in ``test_start_up_in_odd_conditions_xvfb.py``.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest
from memory_peak import PEAK
from ui_support import DT, make_app, open_table, settle
from xvfb import free_display, player_env

from game.__main__ import main as game_main
from game.__main__ import run_app
from game.assets import AssetError
from game.core.files import Notice
from game.store.keeper import Keeper
from game.ui import app as app_module
from game.ui import window
from game.ui.app import LARGEST, MIN_SIZE, fit_to_screen
from game.ui.cardart import CardArt

ROOT = Path(__file__).resolve().parents[2]
# Displays with no server, apart from the xvfb tests', which start one on their pick.
DISPLAYS = range(150, 400)


def python(args: list[str], env: dict, cwd: Path = ROOT, timeout: float = 60):
    """This interpreter run as the player would run it, its output captured as text."""
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, cwd=cwd, env=env, timeout=timeout
    )


def play(args: list[str], env: dict, cwd: Path = ROOT, timeout: float = 60):
    """The real program, ``python -m game``, with ``args``."""
    return python(["-m", "game", *args], env, cwd, timeout)


# ----------------------------------------------------------------- no display
def test_start_with_display_unset_says_so_and_exits_1(tmp_path):
    done = play([], player_env(tmp_path), timeout=30)
    assert done.returncode == 1
    assert "no display to open the game's window on" in done.stderr
    assert "DISPLAY unset" in done.stderr
    assert "Traceback" not in done.stderr


def test_start_with_display_naming_no_server_retries_then_exits_1(tmp_path):
    start = time.monotonic()
    done = play([], player_env(tmp_path, DISPLAY=free_display(DISPLAYS)), timeout=30)
    assert done.returncode == 1
    assert "no display to open the game's window on" in done.stderr
    assert "Traceback" not in done.stderr
    assert time.monotonic() - start < 10


def test_start_with_a_video_driver_that_is_not_there_says_so(tmp_path):
    env = player_env(tmp_path, SDL_VIDEODRIVER="x11", DISPLAY=free_display(DISPLAYS))
    done = play([], env, timeout=30)
    assert done.returncode == 1
    assert "the game's window cannot be opened" in done.stderr
    assert "Traceback" not in done.stderr


def test_start_refuses_an_offscreen_fallback_but_not_a_driver_asked_for(monkeypatch):
    monkeypatch.setattr(app_module.pygame.display, "get_driver", lambda: "offscreen")
    monkeypatch.setattr(window.time, "sleep", lambda s: None)
    monkeypatch.delenv("SDL_VIDEODRIVER")
    monkeypatch.setenv("DISPLAY", ":1")
    tries = []
    monkeypatch.setattr(app_module.pygame.display, "init", lambda: tries.append(1))
    monkeypatch.setattr(app_module.pygame.display, "quit", lambda: None)
    with pytest.raises(window.NoDisplay, match="DISPLAY :1"):
        window.refuse_invisible_window()
    assert len(tries) == 4  # tried again before giving up
    monkeypatch.setenv("SDL_VIDEODRIVER", "offscreen")
    window.refuse_invisible_window()  # asked for: tests and the smoke check


# ----------------------------------------------------------------- window size
def test_start_size_20000x20000_does_not_allocate_gigabytes(tmp_path):
    snippet = PEAK + (
        "from game.__main__ import main; "
        "code = main(['--size', '20000x20000', '--first-frame-exit']); "
        "print(code, peak_kb())"
    )
    done = python(
        ["-c", snippet],
        player_env(tmp_path, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"),
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    code, max_kb = done.stdout.splitlines()[-1].split()
    assert code == "0"
    assert int(max_kb) < 800 * 1024, f"{int(max_kb) // 1024} MB"


def test_start_window_size_is_clamped_to_the_largest_and_to_the_screen(monkeypatch):
    assert fit_to_screen((20000, 20000)) == LARGEST  # headless: only the absolute limit
    assert fit_to_screen((1, 1)) == (320, 240)
    monkeypatch.setattr(app_module.pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(app_module.pygame.display, "get_desktop_sizes", lambda: [(800, 480)])
    w, h = fit_to_screen((20000, 20000))
    assert w <= 800
    assert h <= 480 - 32
    assert fit_to_screen((1280, 800)) == (w, h)
    assert fit_to_screen(MIN_SIZE) == (w, h)  # below the minimum when the screen is


# ----------------------------------------------------------------- --state-file
def state_file_targets(tmp_path: Path) -> dict[str, Path]:
    folder = tmp_path / "a-folder"
    folder.mkdir()
    regular = tmp_path / "a-file"
    regular.write_text("x")
    return {
        "a folder": folder,
        "a path under a regular file": regular / "state.json",
        "a path the system refuses": Path("/proc/version/state.json"),
    }


@pytest.mark.parametrize(
    "what", ["a folder", "a path under a regular file", "a path the system refuses"]
)
def test_start_state_file_that_cannot_be_written_gives_a_notice_not_a_traceback(
    tmp_path, monkeypatch, what
):
    target = state_file_targets(tmp_path)[what]
    app = make_app(tmp_path / "home", monkeypatch, keep=True)
    app.state_file = target
    table = open_table(app, "pisti", {"players": 2}, seed=4)
    settle(app, table)
    table.model.perform(table.state.legal_actions()[0])
    settle(app, table)
    assert len(table.state.history) >= 1
    assert app.state_file is None  # given up on, once
    assert sum("state file cannot be written" in n for n in app.notices) == 1
    assert app.running
    table.leave()


def test_start_state_file_that_is_a_folder_real_program(tmp_path):
    """Refused at the door, before a window opens (tests/store/test_store_door.py has the rest)."""
    folder = tmp_path / "state"
    folder.mkdir()
    done = play(
        ["--game", "pisti", "--seed", "3", "--state-file", str(folder), "--first-frame-exit"],
        player_env(tmp_path, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"),
    )
    assert done.returncode == 2, done.stderr
    assert "--state-file" in done.stderr
    assert "is a folder" in done.stderr
    assert "Traceback" not in done.stderr


# ----------------------------------------------------------------- broken art
def project_copy(tmp_path: Path) -> Path:
    """The program and its art, copied so a test can break the copy."""
    copy = tmp_path / "game-copy"
    copy.mkdir()
    for name in ("game", "sprites", "sounds", "fonts"):
        shutil.copytree(ROOT / name, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
    return copy


def break_art(copy: Path, how: str) -> str:
    """Break the copy's art; returns what the message must name."""
    card = copy / "sprites" / "cards" / "7H.svg"
    if how == "missing sprites folder":
        shutil.rmtree(copy / "sprites")
        return "cannot find the game's sprites"
    if how == "one corrupt card":
        card.write_bytes(b"<svg this is not")
        return "7H.svg"
    if how == "one truncated card":
        card.write_bytes(card.read_bytes()[:300])
        return "7H.svg"
    if how == "one missing card":
        (copy / "sprites" / "cards-hc" / "QS.svg").unlink()
        return "QS.svg"
    if how == "one missing back":
        (copy / "sprites" / "cards" / "back-blue.svg").unlink()
        return "back"
    (copy / "sprites" / "marks" / "H.svg").unlink()
    return "H.svg"


ART = [
    "missing sprites folder",
    "one corrupt card",
    "one truncated card",
    "one missing card",
    "one missing back",
    "one missing mark",
]


@pytest.mark.parametrize("how", ART)
def test_start_with_broken_art_names_the_file_before_a_hand_starts(tmp_path, how):
    copy = project_copy(tmp_path)
    named = break_art(copy, how)
    if how == "missing sprites folder" and any(
        (Path(p) / "share" / "pasha-pisti" / "sprites").is_dir() for p in (sys.prefix,)
    ):
        pytest.skip("an installed copy of the art would be found instead")
    state = tmp_path / "state.json"
    done = play(
        ["--game", "pisti", "--seed", "2", "--state-file", str(state)],
        player_env(tmp_path / "home", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"),
        cwd=copy,
    )
    assert done.returncode == 1
    assert "The game's pictures are damaged or missing" in done.stderr
    assert named in done.stderr
    assert "Reinstall" in done.stderr
    assert "Traceback" not in done.stderr
    assert not state.exists()  # no hand was dealt


def test_start_the_copy_itself_is_the_program_that_runs(tmp_path):
    copy = project_copy(tmp_path)
    done = python(["-c", "import game; print(game.__file__)"], player_env(tmp_path), cwd=copy)
    assert Path(done.stdout.strip()).is_relative_to(copy)


def test_art_broken_mid_game_keeps_the_match_saved(tmp_path, monkeypatch, capsys):
    """A card file that goes missing while the game runs: the loop stops with a message
    naming it, and the match, saved after every move, continues from the menu."""
    app = make_app(tmp_path, monkeypatch, keep=True)
    table = open_table(app, "pisti", {"players": 2}, seed=8)
    for _ in range(3):
        settle(app, table)
        table.model.perform(table.state.legal_actions()[0])
    settle(app, table)
    made = [str(a) for a in table.state.history]
    assert len(made) >= 3

    def lost(self, card):
        raise AssetError("cannot read /x/sprites/cards/7H.svg: No such file or directory")

    monkeypatch.setattr(CardArt, "face", lost)
    monkeypatch.setattr(CardArt, "back", lost)
    table.resize(app.size)
    pygame.event.post(pygame.event.Event(pygame.VIDEOEXPOSE))
    assert run_app(app) == 1
    err = capsys.readouterr().err
    assert "7H.svg" in err
    assert "Continue" in err
    told: list[Notice] = []
    session = Keeper(told.append, tmp_path).load_match()
    assert told == []
    assert [str(a) for a in session.state.history] == made


def test_start_args_that_are_not_a_size_are_refused_by_the_parser(capsys):
    for bad in ("20000", "axb", "0x0", "-5x10", "1e9x1e9"):
        with pytest.raises(SystemExit) as stop:
            game_main([f"--size={bad}", "--first-frame-exit"])
        assert stop.value.code == 2
        assert "size must" in capsys.readouterr().err


# ----------------------------------------------------------------- sound
def test_no_sound_device_one_quiet_log_line_and_settings_shows_no_sound(tmp_path):
    snippet = (
        "from game.ui.app import App; from game.ui.scenes import install_routes; "
        "app = App((800, 600)); install_routes(app); s = app.goto('settings'); "
        "s.draw(app.screen); app.audio.play('deal'); "
        "print(app.audio.available, s.row_of['sound'].locked, s.row_of['sound'].names[0]())"
    )
    done = python(
        ["-c", snippet],
        player_env(tmp_path, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="alsa", AUDIODEV="hw:99"),
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "True", "No", "sound", "device"]
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("sound is off:"), done.stderr
    assert "ALSA lib" not in done.stderr


def test_with_a_sound_device_settings_offers_sound(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, sound=True)
    assert app.audio.available  # the dummy audio driver of the tests
    screen = app.goto("settings")
    screen.draw(app.screen)
    assert not screen.row_of["sound"].locked
    app.step(DT)


def test_start_state_file_that_can_be_written_holds_the_hand_from_the_start(tmp_path):
    state = tmp_path / "state.json"
    done = play(
        ["--game", "pisti", "--seed", "3", "--state-file", str(state), "--first-frame-exit"],
        player_env(tmp_path, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"),
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(state.read_text())["record"]["game"] == "pisti"


def test_verbose_logs_every_level_and_quiet_logs_only_warnings():
    import logging

    from game.__main__ import configure_logging, parse_args

    assert parse_args(["--verbose"]).verbose
    assert not parse_args([]).verbose
    try:
        configure_logging(True)
        assert logging.getLogger().level == logging.DEBUG
        configure_logging(False)
        assert logging.getLogger().level == logging.WARNING
    finally:
        configure_logging(False)
