"""Issue 37: what the executable says about itself on each system, from the recipe in
build/. The spec is run here with PyInstaller's build steps stood in for, once as Windows,
macOS and Linux would run it, so each system's icon, version details and (on macOS) app
bundle are checked on this machine: the file name carries the version, Windows gets the
.ico and a version resource naming the title, version and licence, macOS an .icns made
from the icon's SVG and an app bundle whose Info.plist says the version; every
catalogue folder (a game's own too), the desktop entry and the package metadata go in."""

from __future__ import annotations

import io
import struct
import sys
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build" / "pasha_pisti.spec"
sys.path.insert(0, str(ROOT / "build"))
import exe_info  # noqa: E402

from game import APP_ID, TITLE  # noqa: E402
from game.games import GAMES  # noqa: E402
from game.version import version  # noqa: E402

pytest.importorskip("PyInstaller", reason="the recipe is PyInstaller's (pip install -e .[dev])")


class Step:
    """A stand-in for one of PyInstaller's build steps: it keeps what it was given."""

    def __init__(self, made: dict, kind: str) -> None:
        self.made, self.kind = made, kind

    def __call__(self, *args, **kwargs):
        self.made.setdefault(self.kind, []).append((args, kwargs))
        return _Built()


class _Built:
    pure = scripts = binaries = datas = ()


def run_spec(platform: str, work: Path, monkeypatch) -> dict:
    """The recipe as PyInstaller runs it on ``platform``; what each step was given."""
    monkeypatch.setattr(sys, "platform", platform)
    made: dict = {}
    namespace = {"SPECPATH": str(SPEC.parent), "workpath": str(work), "__file__": str(SPEC)}
    for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE"):
        namespace[kind] = Step(made, kind)
    exec(compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec"), namespace)
    return made


def test_the_executable_is_named_with_its_version():
    assert exe_info.exe_name("linux") == f"pasha-pisti-{version()}"
    assert exe_info.exe_name("win32") == f"pasha-pisti-{version()}.exe"
    assert exe_info.version_numbers()[:3] == tuple(int(n) for n in version().split("."))


def test_windows_gets_the_icon_and_the_version_details_explorer_shows(tmp_path, monkeypatch):
    made = run_spec("win32", tmp_path, monkeypatch)
    (exe,) = made["EXE"]
    kwargs = exe[1]
    assert kwargs["name"] == f"pasha-pisti-{version()}.exe"
    assert Path(kwargs["icon"]) == ROOT / "sprites" / "icon.ico"
    assert Path(kwargs["icon"]).read_bytes()[:4] == b"\0\0\1\0"  # an ICO file
    structs = ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct",
               "VarFileInfo", "VarStruct")  # fmt: skip
    strings, fixed = {}, {}
    read = {name: (lambda *a, **k: (a, k)) for name in structs}
    read["StringStruct"] = lambda key, value: strings.setdefault(key, value)
    read["FixedFileInfo"] = lambda **numbers: fixed.update(numbers)
    eval(Path(kwargs["version"]).read_text(encoding="utf-8"), read)  # as PyInstaller reads it
    assert strings["ProductName"] == strings["FileDescription"] == TITLE
    assert strings["ProductVersion"] == strings["FileVersion"] == version()
    assert strings["OriginalFilename"] == f"pasha-pisti-{version()}.exe"
    assert "MIT licence" in strings["LegalCopyright"]
    assert fixed["filevers"] == fixed["prodvers"] == exe_info.version_numbers()
    assert kwargs["console"] is False  # no console window behind the game
    assert "BUNDLE" not in made


def test_macos_gets_an_app_bundle_with_the_icon_and_the_version(tmp_path, monkeypatch):
    made = run_spec("darwin", tmp_path, monkeypatch)
    (bundle,) = made["BUNDLE"]
    kwargs = bundle[1]
    assert kwargs["bundle_identifier"] == APP_ID and kwargs["version"] == version()
    plist = kwargs["info_plist"]
    assert plist["CFBundleShortVersionString"] == plist["CFBundleVersion"] == version()
    assert plist["LSApplicationCategoryType"] == "public.app-category.card-games"
    icns = Path(kwargs["icon"]).read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    sides = dict(exe_info.ICNS_TYPES)
    at, seen = 8, set()
    while at < len(icns):
        kind, size = icns[at : at + 4].decode(), struct.unpack(">I", icns[at + 4 : at + 8])[0]
        picture = pygame.image.load(io.BytesIO(icns[at + 8 : at + size]), "icon.png")
        assert picture.get_size() == (sides[kind], sides[kind]), kind
        seen.add(kind)
        at += size
    assert seen == set(sides)
    names = [step[1]["name"] for step in made["EXE"]]
    assert names == [f"pasha-pisti-{version()}", "pasha-pisti"]  # the one file, the app's


def test_linux_bundles_every_catalogue_the_desktop_entry_and_the_metadata(tmp_path, monkeypatch):
    made = run_spec("linux", tmp_path, monkeypatch)
    (analysis,) = made["Analysis"]
    datas = {dest.replace("\\", "/") for _, dest in analysis[1]["datas"]}
    catalogues = {p.relative_to(ROOT).as_posix() for p in (ROOT / "game").rglob("locale")}
    assert catalogues <= datas and "game/desktop" in datas
    assert any(d.startswith("pasha_pisti") for d in datas), "the version's metadata"
    hidden = set(analysis[1]["hiddenimports"])
    assert {f"game.ui.scenes.{m}" for m in ("menu", "table")} <= hidden
    assert {where.partition(":")[0] for where in GAMES} <= hidden, "every registered game's spec"
    assert {"ssl", "_hashlib"} <= set(analysis[1]["excludes"])
    assert made["EXE"][0][1]["icon"] is None and "BUNDLE" not in made


def test_the_executable_carries_each_registered_games_words_art_and_data(tmp_path):
    """The recipe's data follow the registry: each registered game's own ``locale/``,
    ``art/`` and ``data/`` (those it has), placed where a wheel puts them; a folder no
    registry line names stays out."""
    from game.games import SHIPPED, folder_of

    (tmp_path / "game" / "text" / "locale").mkdir(parents=True)
    (tmp_path / "game" / "desktop").mkdir()
    (tmp_path / "game" / "games" / "stray" / "art").mkdir(parents=True)
    want = {"game/text/locale", "game/desktop"}
    for where in GAMES:
        for kind in SHIPPED:
            tmp_path.joinpath(*folder_of(where), kind).mkdir(parents=True)
            want.add("/".join((*folder_of(where), kind)))
    datas = exe_info.game_data(tmp_path)
    assert {dest for _, dest in datas} == want
    assert all(Path(src) == tmp_path / dest for src, dest in datas)
