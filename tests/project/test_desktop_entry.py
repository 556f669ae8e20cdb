"""The game in the desktop's menu, the freedesktop way. The entry and the metainfo
in game/desktop/ pass the validators software centres and distributions use; ``pasha-pisti
--install-desktop-entry`` puts them, and the icon at the theme's sizes, under the user's
``$XDG_DATA_HOME`` with an ``Exec`` that starts this very copy, ``--remove-desktop-entry``
takes exactly those files away, and a place that is not the user's own is refused with a
message and exit 2. (A screenshot of a desktop's menu is not possible here: these tests
read the files as a desktop would.)"""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pygame
import pytest
from desktop_tools import entry_keys, exec_words, validate

from game import APP_ID
from game.cli import desktop
from game.ui.start import window_hints
from game.version import version

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "game" / "desktop"
DESKTOP = SOURCE / f"{APP_ID}.desktop"
METAINFO = SOURCE / f"{APP_ID}.metainfo.xml"
LANG = "{http://www.w3.org/XML/1998/namespace}lang"
REFUSED = "The menu entry was not changed"


def run_game(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    """``python -m game`` as a player's terminal would start it, in English."""
    return subprocess.run(
        [sys.executable, "-m", "game", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def player(tmp_path: Path, **extra: str) -> dict[str, str]:
    """An environment with a home of its own and no desktop settings but ``extra``."""
    drop = ("XDG_DATA_HOME", "XDG_DATA_DIRS", "HOME", "LANGUAGE", "LC_ALL", "LC_MESSAGES")
    env = {k: v for k, v in os.environ.items() if k not in drop}
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    env.update(HOME=str(home), LANG="en_GB.UTF-8", SDL_VIDEODRIVER="dummy")
    env.update(extra)
    return env


def metainfo() -> ET.Element:
    return ET.parse(METAINFO).getroot()


# ----------------------------------------------------------------- the files themselves
def test_the_entry_and_the_metainfo_pass_the_freedesktop_validators():
    validate("desktop", DESKTOP)
    validate("metainfo", METAINFO)


def test_one_app_id_names_the_entry_icon_window_and_metainfo(monkeypatch):
    keys = entry_keys(DESKTOP.read_text(encoding="utf-8"))
    assert keys["Icon"] == keys["StartupWMClass"] == APP_ID
    root = metainfo()
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == DESKTOP.name
    for name in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"):
        monkeypatch.delenv(name, raising=False)
    window_hints()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == os.environ["SDL_VIDEO_WAYLAND_WMCLASS"] == APP_ID


def test_the_entry_is_a_card_game_named_and_found_in_english_turkish_and_german():
    keys = entry_keys(DESKTOP.read_text(encoding="utf-8"))
    assert keys["Categories"] == "Game;CardGame;"
    assert keys["Type"] == "Application"
    assert keys["Terminal"] == "false"
    for key in ("Name", "Comment", "GenericName", "Keywords"):
        assert keys[key], key
        assert keys[f"{key}[tr]"], key
        assert keys[f"{key}[de]"], key
    assert "pisti" in keys["Keywords"].split(";")
    assert "pişti" in keys["Keywords[tr]"].split(";")
    assert {"Kartenspiel", "Pişti"} <= set(keys["Keywords[de]"].split(";"))
    assert keys["Comment[de]"] == "Pishe Pasha und Pişti gegen den Computer"


def test_the_metainfo_describes_the_game_in_every_language_with_pictures_that_exist():
    root = metainfo()
    for tag in ("name", "summary", "developer_name"):
        assert root.findtext(tag), tag
    summaries = {s.get(LANG) for s in root.findall("summary")}
    assert summaries == {None, "tr", "de"}
    for part in ("description/p", "description/ul/li", "screenshots/screenshot/caption"):
        found = [p.get(LANG) for p in root.findall(part)]
        assert {lang: found.count(lang) for lang in found} == dict.fromkeys(
            (None, "tr", "de"), found.count(None)
        ), part
    assert root.find("content_rating").get("type") == "oars-1.1"
    shots = root.findall("screenshots/screenshot/image")
    assert len(shots) >= 3
    for image in shots:
        name = image.text.rsplit("/docs/screenshots/", 1)[1]
        assert (ROOT / "docs" / "screenshots" / name).is_file(), image.text
    assert root.find("screenshots/screenshot").get("type") == "default"
    assert root.find("releases/release").get("version") == version()


# ----------------------------------------------------------------- installing
def test_installing_into_a_temporary_xdg_data_home_writes_the_entry_and_exec_starts_this_copy(
    tmp_path,
):
    xdg = tmp_path / "xdg"
    done = run_game(["--install-desktop-entry"], player(tmp_path, XDG_DATA_HOME=str(xdg)))
    assert done.returncode == 0, done.stderr
    assert "desktop's menu" in done.stdout
    assert sorted(p.relative_to(xdg).as_posix() for p in xdg.rglob("*") if p.is_file()) == sorted(
        desktop.installed_names()
    )
    entry = xdg / "applications" / DESKTOP.name
    validate("desktop", entry)
    keys = entry_keys(entry.read_text(encoding="utf-8"))
    words = exec_words(keys["Exec"])
    assert words == [str(Path(sys.executable).parent / "pasha-pisti")]  # this venv's script
    assert keys["TryExec"] == words[0]
    started = subprocess.run([*words, "--version"], capture_output=True, text=True, timeout=60)
    assert started.stdout.strip() == f"pasha-pisti {version()}"
    template = entry_keys(DESKTOP.read_text(encoding="utf-8"))
    assert {k: v for k, v in keys.items() if k not in ("Exec", "TryExec")} == {
        k: v for k, v in template.items() if k != "Exec"
    }
    assert (xdg / "metainfo" / METAINFO.name).read_bytes() == METAINFO.read_bytes()
    svg = xdg / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"
    assert svg.read_bytes() == (ROOT / "sprites" / "icon.svg").read_bytes()
    for n in desktop.ICON_SIZES:
        icon = pygame.image.load(xdg / "icons" / "hicolor" / f"{n}x{n}" / "apps" / f"{APP_ID}.png")
        assert icon.get_size() == (n, n)
        assert icon.get_at((n // 2, n // 2)).a == 255, n  # the picture, not an empty square


def test_removing_takes_away_its_files_and_nothing_else(tmp_path):
    xdg = tmp_path / "xdg"
    env = player(tmp_path, XDG_DATA_HOME=str(xdg))
    assert run_game(["--install-desktop-entry"], env).returncode == 0
    others = [xdg / "applications" / "other.desktop", xdg / "icons/hicolor/48x48/apps/other.png"]
    for other in others:
        other.write_text("someone else's")
    done = run_game(["--remove-desktop-entry"], env)
    assert done.returncode == 0, done.stderr
    assert "no longer in your desktop's menu" in done.stdout
    assert sorted(p for p in xdg.rglob("*") if p.is_file()) == sorted(others)
    again = run_game(["--remove-desktop-entry"], env)
    assert again.returncode == 0
    assert "nothing to remove" in again.stdout


def test_a_relative_xdg_data_home_is_ignored_as_the_xdg_spec_says(tmp_path):
    done = run_game(["--install-desktop-entry"], player(tmp_path, XDG_DATA_HOME="not/absolute"))
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "home" / ".local" / "share" / "applications" / DESKTOP.name).is_file()
    assert not (ROOT / "not").exists()


def _bad_place(tmp_path: Path, how: str) -> dict[str, str]:
    afile = tmp_path / "afile"
    afile.write_text("x")
    if how == "a system folder":
        return {"XDG_DATA_HOME": "/usr/share"}
    if how == "a folder every user shares":
        shared = tmp_path / "shared"
        return {"XDG_DATA_HOME": str(shared / "mine"), "XDG_DATA_DIRS": f"{shared}:/usr/share"}
    if how == "a file instead of a folder":
        return {"XDG_DATA_HOME": str(afile)}
    if how == "a folder under a file":
        return {"XDG_DATA_HOME": str(afile / "share")}
    if how == "a file where the entry's folder goes":
        xdg = tmp_path / "xdg"
        xdg.mkdir()
        (xdg / "applications").write_text("x")
        return {"XDG_DATA_HOME": str(xdg)}
    return {"HOME": ""}  # no home at all


PLACES = [
    "a system folder",
    "a folder every user shares",
    "a file instead of a folder",
    "a folder under a file",
    "no home",
]
INSTALL, REMOVE = "--install-desktop-entry", "--remove-desktop-entry"


@pytest.mark.parametrize(
    ("flag", "how"),
    [(INSTALL, how) for how in [*PLACES, "a file where the entry's folder goes"]]
    + [(REMOVE, how) for how in PLACES],
)
def test_a_place_that_is_not_the_players_own_is_refused_with_a_message_and_exit_2(
    tmp_path, how, flag
):
    env = player(tmp_path, **_bad_place(tmp_path, how))
    before = sorted(tmp_path.rglob("*"))
    done = run_game([flag], env)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert REFUSED in done.stderr
    assert "Traceback" not in done.stderr
    assert sorted(tmp_path.rglob("*")) == before  # nothing made, nothing taken


def test_the_flags_are_for_freedesktop_systems_and_say_so_elsewhere(monkeypatch, capsys):
    monkeypatch.setattr(sys, "platform", "win32")
    assert desktop.main("install") == desktop.BAD_PLACE
    assert "Linux" in capsys.readouterr().err


# ----------------------------------------------------------------- the Exec line
@pytest.mark.parametrize(
    "words",
    [
        ["/home/ayşe/.local/bin/pasha-pisti"],
        ["/opt/My Games/pasha-pisti"],
        ['/tmp/a"b$c`d\\e%f (g)/python', "-m", "game"],
    ],
)
def test_exec_quotes_each_word_as_the_desktop_entry_spec_asks(tmp_path, words):
    value = desktop.exec_value(words)
    assert exec_words(value) == words
    made = desktop.desktop_file(DESKTOP.read_text(encoding="utf-8"), words, None)
    entry = tmp_path / DESKTOP.name
    entry.write_text(made, encoding="utf-8")
    validate("desktop", entry)


def test_the_frozen_executable_points_the_entry_at_itself(monkeypatch):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", "/home/ayşe/Games/pasha-pisti-0.2.0")
    assert desktop.command() == (["/home/ayşe/Games/pasha-pisti-0.2.0"], None)


def test_a_checkout_run_without_installing_starts_in_its_own_folder(tmp_path, monkeypatch):
    python = tmp_path / "bin" / "python3"
    monkeypatch.setattr(sys, "executable", str(python))
    words, folder = desktop.command()
    assert words == [str(python), "-m", "game"]
    assert folder == ROOT
    keys = entry_keys(desktop.desktop_file(DESKTOP.read_text(encoding="utf-8"), words, folder))
    assert keys["Path"] == str(ROOT)
