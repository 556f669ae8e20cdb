"""What the executable says about itself on each system, from the recipe in
build/. The spec is run here with PyInstaller's build steps stood in for, once as Windows,
macOS and Linux would run it, so each system's icon, version details and (on macOS) app
bundle are checked on this machine: the file name carries the version, Windows gets the
.ico and a version resource naming the title, version and licence, macOS an .icns made
from the icon's SVG and an app bundle whose Info.plist says the version; every
compiled catalogue (a game's own too), the desktop entry, the package metadata and the
art archive go in. On Linux the bundle leaves out what the game never imports and the
libraries the system has, and stores pygame's libraries uncompressed (exe_contents.py)."""

from __future__ import annotations

import io
import struct
import sys
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "build" / "pasha_pisti.spec"
sys.path.insert(0, str(ROOT / "build"))
import exe_contents  # noqa: E402
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
    assert kwargs["bundle_identifier"] == APP_ID
    assert kwargs["version"] == version()
    plist = kwargs["info_plist"]
    assert plist["CFBundleShortVersionString"] == plist["CFBundleVersion"] == version()
    assert plist["LSApplicationCategoryType"] == "public.app-category.card-games"
    icns = Path(kwargs["icon"]).read_bytes()
    assert icns[:4] == b"icns"
    assert struct.unpack(">I", icns[4:8])[0] == len(icns)
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
    sources = [Path(source) for source, _ in analysis[1]["datas"]]
    compiled = (ROOT / "game").rglob("locale/*/LC_MESSAGES/*.mo")
    catalogues = {p.parent.relative_to(ROOT).as_posix() for p in compiled}
    assert len(catalogues) >= 2
    assert catalogues <= datas
    assert "game/desktop" in datas
    assert not [p for p in sources if p.suffix == ".po"], "only the compiled catalogues"
    metadata = [p for p in sources if p.parent.name.startswith("pasha_pisti")]
    assert [p.name for p in metadata] in (["PKG-INFO"], ["METADATA"]), "the version's, alone"
    assert {p.name for p in sources} >= {"assets.zip", "fonts"}
    hidden = set(analysis[1]["hiddenimports"])
    assert {f"game.ui.scenes.{m}" for m in ("menu", "table")} <= hidden
    assert {where.partition(":")[0] for where in GAMES} <= hidden, "every registered game's spec"
    assert {"ssl", "_hashlib", "multiprocessing", "unicodedata"} <= set(analysis[1]["excludes"])
    assert not {"sqlite3", "_sqlite3", "csv", "_csv"} & set(analysis[1]["excludes"])
    exe = made["EXE"][0][1]
    assert exe["icon"] is None
    assert "BUNDLE" not in made
    assert exe["cdict"] == {"EXTENSION": True}, "only what linux_binaries tags is compressed"


def test_linux_stores_all_but_three_libraries_and_takes_libstdcxx_from_the_system():
    toc = [
        ("libpython3.11.so.1.0", "/p", "BINARY"),
        ("libstdc++.so.6", "/s", "BINARY"),
        ("pygame_ce.libs/libSDL2-2-50d19f93.0.so.0.3200.10", "/l", "BINARY"),
        ("pygame_ce.libs/libjpeg-a5e764f6.so.62.4.0", "/j", "BINARY"),
        ("pygame/base.cpython-311-x86_64-linux-gnu.so", "/b", "EXTENSION"),
        ("libSDL2-2-50d19f93.0.so.0.3200.10", "pygame_ce.libs/libSDL2-2-50d19f93.0.so.0.3200.10",
         "SYMLINK"),
    ]  # fmt: skip
    kept = exe_contents.linux_binaries(exe_contents.without_library_links(toc, "linux"))
    assert [(dest, kind) for dest, _, kind in kept] == [
        ("libpython3.11.so.1.0", "BINARY"),  # stored
        ("pygame_ce.libs/libSDL2-2-50d19f93.0.so.0.3200.10", "BINARY"),
        ("pygame_ce.libs/libjpeg-a5e764f6.so.62.4.0", "EXTENSION"),  # compressed
        ("pygame/base.cpython-311-x86_64-linux-gnu.so", "BINARY"),
    ]
    assert exe_contents.without_library_links(toc, "win32") == toc


def test_the_executable_carries_each_registered_games_words_art_and_data(tmp_path):
    """The recipe's data follow the registry: each registered game's own ``art/`` and
    ``data/`` (those it has; its ``locale/`` goes as compiled catalogues, the test above),
    placed where a wheel puts them; a folder no registry line names stays out."""
    from game.games import SHIPPED, folder_of

    (tmp_path / "game" / "text" / "locale").mkdir(parents=True)
    (tmp_path / "game" / "desktop").mkdir()
    (tmp_path / "game" / "games" / "stray" / "art").mkdir(parents=True)
    want = {"game/desktop"}
    for where in GAMES:
        for kind in SHIPPED:
            if kind == "locale":
                continue
            tmp_path.joinpath(*folder_of(where), kind).mkdir(parents=True)
            want.add("/".join((*folder_of(where), kind)))
    datas = exe_info.game_data(tmp_path)
    assert {dest for _, dest in datas} == want
    assert all(Path(src) == tmp_path / dest for src, dest in datas)
