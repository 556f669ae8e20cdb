"""What the one-file executable says about itself, for the PyInstaller recipe
(``pasha_pisti.spec``) and ``make_exe.py``: its versioned file name, the icon and version
details Windows Explorer and macOS Finder show, and the macOS app bundle's Info.plist.

The version comes from pyproject.toml, read by the game's own ``game.version`` (the one
place); the executable's file name carries it (``pasha-pisti-0.2.0``), and the bundled
package metadata lets the frozen game's ``--version`` and About line say it too.
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAME = "pasha-pisti"
# The macOS icon: (OSType, pixels) of the PNG-coded entries of an .icns file.
ICNS_TYPES = (("icp4", 16), ("icp5", 32), ("icp6", 64), ("ic07", 128), ("ic08", 256),
              ("ic09", 512), ("ic10", 1024), ("ic11", 32), ("ic12", 64), ("ic13", 256),
              ("ic14", 512))  # fmt: skip


def _game():
    """The game package of this checkout (not an installed copy elsewhere)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import game
    import game.version

    return game


def game_data(root: Path = ROOT) -> list[tuple[str, str]]:
    """(folder, place in the bundle) of the files the executable carries besides the art
    and the compiled catalogues (exe_contents.py), where a wheel puts them too: each
    registered game's own ``art/`` and ``data/`` that it has (its ``locale/`` goes as
    compiled catalogues), and the desktop entry's files."""
    _game()
    from game.games import GAMES, SHIPPED, folder_of

    kinds = [kind for kind in SHIPPED if kind != "locale"]
    games = [root.joinpath(*folder_of(where), kind) for where in GAMES for kind in kinds]
    folders = [*games, root / "game" / "desktop"]
    return [(str(p), p.relative_to(root).as_posix()) for p in folders if p.is_dir()]


def version() -> str:
    """pyproject.toml's version (refusing to build without one)."""
    found = _game().version.checkout_version(ROOT)
    if found is None:
        raise SystemExit(f"no version for {NAME} in {ROOT / 'pyproject.toml'}")
    return found


def exe_name(platform: str | None = None) -> str:
    """The executable's file name, with the version: ``pasha-pisti-0.2.0[.exe]``."""
    windows = (platform or sys.platform) == "win32"
    return f"{NAME}-{version()}" + (".exe" if windows else "")


def version_numbers() -> tuple[int, int, int, int]:
    """The version as Windows' four numbers (``0.2.0`` -> 0, 2, 0, 0)."""
    parts = [int("".join(c for c in p if c.isdigit()) or 0) for p in version().split(".")]
    return tuple(([*parts, 0, 0, 0, 0])[:4])


def windows_version(work: Path) -> str:
    """The details Windows shows in Properties and Task Manager, as the version file
    PyInstaller's ``version=`` reads (written to ``work``; its path): the title, the
    version, the licence, the file's own name."""
    title, text, nums = _game().TITLE, version(), version_numbers()
    strings = {
        "CompanyName": "The Pasha & Pişti developers",
        "ProductName": title,
        "FileDescription": title,
        "ProductVersion": text,
        "FileVersion": text,
        "LegalCopyright": "© 2026 The Pasha & Pişti developers, MIT licence",
        "OriginalFilename": exe_name("win32"),
        "InternalName": NAME,
    }
    table = ",\n          ".join(f"StringStruct({k!r}, {v!r})" for k, v in strings.items())
    file = f"""# -*- coding: utf-8 -*-
VSVersionInfo(
  ffi=FixedFileInfo(filevers={nums}, prodvers={nums}),
  kids=[
    StringFileInfo([
      StringTable('040904B0', [
          {table}])]),
    VarFileInfo([VarStruct('Translation', [0x0409, 1200])]),
  ],
)
"""
    work.mkdir(parents=True, exist_ok=True)
    path = work / "windows-version.txt"
    path.write_text(file, encoding="utf-8")
    return str(path)


def mac_info_plist() -> dict[str, object]:
    """The macOS app bundle's Info.plist entries beyond PyInstaller's own."""
    game, text = _game(), version()
    return {
        "CFBundleName": game.TITLE,
        "CFBundleDisplayName": game.TITLE,
        "CFBundleShortVersionString": text,
        "CFBundleVersion": text,
        "LSApplicationCategoryType": "public.app-category.card-games",
        "NSHumanReadableCopyright": "© 2026 The Pasha & Pişti developers, MIT licence",
        "NSHighResolutionCapable": True,
    }


def icns_bytes(png_at) -> bytes:
    """An .icns file (macOS's icon) of PNG entries; ``png_at(pixels)`` gives each PNG."""
    entries = b""
    for kind, side in ICNS_TYPES:
        data = png_at(side)
        entries += kind.encode("ascii") + struct.pack(">I", 8 + len(data)) + data
    return b"icns" + struct.pack(">I", 8 + len(entries)) + entries


def write_icns(folder: Path) -> Path:
    """The game's icon as ``folder``/icon.icns, rendered from sprites/icon.svg."""
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    _game()
    from game.assets.art.icon import icon_png

    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "icon.icns"
    path.write_bytes(icns_bytes(icon_png))
    return path


def app_icon(platform: str, work: Path) -> str | None:
    """The icon PyInstaller gives the executable: the .ico on Windows, an .icns made
    here on macOS; Linux has no file icons (the desktop entry gives the menu's)."""
    if platform == "win32":
        return str(ROOT / "sprites" / "icon.ico")
    if platform == "darwin":
        return str(write_icns(work))
    return None
