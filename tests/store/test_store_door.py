"""Bad places refused at the door: ``--state-file``, ``--speech-log`` and
``--export-history`` write only regular files, never through a symbolic link and never
onto a FIFO, a device or a folder; a path whose folder cannot be made or written is
refused with a clear message and exit 2 before the first frame, never a traceback. And
``--game pisha-pasha-book --players 2`` saves settings that load."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest
from store_support import a_record, hand_row, put_rows
from xvfb import player_env

from game.store.settings import load_settings

ROOT = Path(__file__).resolve().parents[2]
FLAGS = ("--state-file", "--speech-log", "--export-history")


def game(args: list[str], home: Path, timeout: float = 60) -> subprocess.CompletedProcess:
    env = player_env(home, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)  # fmt: skip


def bad_places(tmp: Path) -> dict[str, tuple[str, str]]:
    """Each bad place, and words the refusal must hold."""
    regular = tmp / "regular.txt"
    regular.write_text("x")
    os.mkfifo(tmp / "fifo")
    (tmp / "folder").mkdir()
    (tmp / "link").symlink_to(regular)
    (tmp / "dangling").symlink_to(tmp / "nowhere")
    locked = tmp / "locked"
    locked.mkdir()
    return {
        "a FIFO": (str(tmp / "fifo"), "not a regular file"),
        "a device": ("/dev/null", "not a regular file"),
        "a folder": (str(tmp / "folder"), "is a folder"),
        "a link": (str(tmp / "link"), "symbolic link"),
        "a dangling link": (str(tmp / "dangling"), "symbolic link"),
        "under a regular file": (str(regular / "sub" / "x"), "cannot be reached"),
        "in /proc": ("/proc/x/log.txt", "cannot be written"),
        "in a read-only place": ("/proc/self/log.txt", "cannot be written"),
    }


@pytest.mark.parametrize("flag", FLAGS)
def test_a_bad_place_is_refused_at_the_door_with_exit_2(tmp_path, flag):
    places = bad_places(tmp_path)
    fifo = os.stat(tmp_path / "fifo").st_mode
    for what, (path, words) in places.items():
        done = game([flag, path, "--first-frame-exit"], tmp_path / "home")
        assert done.returncode == 2, (what, done.stderr)
        assert f"argument {flag}: " in done.stderr, (what, done.stderr)
        assert words in done.stderr, (what, done.stderr)
        assert "Traceback" not in done.stderr, what
    assert os.stat(tmp_path / "fifo").st_mode == fifo, "the FIFO is still a FIFO"
    assert (tmp_path / "link").is_symlink()
    assert (tmp_path / "regular.txt").read_text() == "x"
    assert not (tmp_path / "nowhere").exists(), "nothing was made through the link"


def test_a_good_place_whose_folder_is_missing_is_made(tmp_path):
    log = tmp_path / "new" / "folder" / "speech.log"
    done = game(["--speech-log", str(log), "--first-frame-exit"], tmp_path / "home")
    assert done.returncode == 0, done.stderr
    assert log.parent.is_dir()


def test_the_book_game_with_two_players_saves_settings_that_load(tmp_path):
    home = tmp_path / "home"
    for _ in range(2):
        done = game(["--game", "pisha-pasha-book", "--players", "2", "--first-frame-exit"], home)
        assert done.returncode == 0, done.stderr
    settings, problem = load_settings(home / "settings.json")
    assert problem is None
    assert settings.last_game == "pisha-pasha-book"
    assert not list(home.glob("settings.json.broken*"))


def _hands(home: Path) -> None:
    put_rows(home, hand_row(a_record(seed=3), deal=3), hand_row(a_record(seed=4), result=-1))


@pytest.mark.parametrize("suffix", [".json", ".csv"])
def test_export_history_from_the_command_line(tmp_path, suffix):
    home = tmp_path / "home"
    _hands(home)
    out = tmp_path / f"history{suffix}"
    done = game(["--export-history", str(out)], home)
    assert done.returncode == 0, done.stderr
    assert "2 hands written to" in done.stdout
    if suffix == ".json":
        hands = json.loads(out.read_text())["hands"]
        assert [h["result"] for h in hands] == ["won", "lost"]
        assert hands[0]["record"] == a_record(seed=3)
        assert hands[0]["deal"] == 3
        when = datetime.fromisoformat(hands[0]["when"])
        assert when.timestamp() == 1_700_000_000
        assert when.utcoffset() is not None
    else:
        rows = list(csv.DictReader(io.StringIO(out.read_text())))
        assert [r["result"] for r in rows] == ["won", "lost"]
        assert json.loads(rows[0]["record"]) == a_record(seed=3)
        assert datetime.fromisoformat(rows[0]["when"]).timestamp() == 1_700_000_000


def test_export_history_of_a_damaged_database_still_writes_what_it_can(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / "pasha-pisti.sqlite3").write_bytes(b"garbage, not a database")
    out = tmp_path / "h.json"
    done = game(["--export-history", str(out)], home)
    assert done.returncode == 0, done.stderr
    assert "0 hands written" in done.stdout
    assert "could not be used" in done.stderr
    assert json.loads(out.read_text())["hands"] == []
