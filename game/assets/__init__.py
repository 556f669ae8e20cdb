"""Finding the game's pictures, sounds and font, wherever the game was installed.

The art lives outside the Python package, in ``sprites/``, ``sounds/`` and ``fonts/`` at
the top of the repository. Three places can hold them, tried in this order:

1. a PyInstaller bundle: ``sys._MEIPASS/sprites`` (the recipe in ``build/`` adds them);
2. a source checkout (or editable install): the folders beside ``game/``;
3. an installed wheel: pyproject's ``[tool.setuptools.data-files]`` puts them in
   ``<prefix>/share/pasha-pisti/``; the wheel's file list (``importlib.metadata``) says
   exactly where, whatever the install scheme.

``python -m game.cli.sheet FILE.png`` writes a contact sheet of the whole deck, and
``python -m game.cli.sheet --list`` says where the assets were found.
"""

from __future__ import annotations

import site
import sys
import sysconfig
from pathlib import Path

DIST_NAME = "pasha-pisti"
KINDS = ("sprites", "sounds", "fonts")
_MARKERS = {"sprites": "cards/AS.svg", "sounds": "deal.wav", "fonts": "DejaVuSans.ttf"}


class AssetError(RuntimeError):
    """An asset folder or file is missing; the message says where we looked."""


def _is_asset_dir(path: Path, kind: str) -> bool:
    return (path / _MARKERS[kind]).is_file()


def _installed_dirs(kind: str) -> list[Path]:
    """Where an installed wheel put ``share/pasha-pisti/<kind>``."""
    found: list[Path] = []
    try:
        from importlib import metadata

        files = metadata.files(DIST_NAME) or []
    except Exception:  # no such distribution, or unreadable metadata
        files = []
    for entry in files:
        parts = Path(str(entry)).parts
        for i in range(len(parts) - 2):
            if parts[i : i + 3] == ("share", DIST_NAME, kind):
                located = Path(str(entry.locate())).resolve()
                found.append(located.parents[len(parts) - i - 4])
                break
        if found:
            break
    bases = [sys.prefix, getattr(site, "USER_BASE", None) or "", sysconfig.get_path("data")]
    found += [Path(b) / "share" / DIST_NAME / kind for b in bases if b]
    return found


def _near_dirs(kind: str) -> list[Path]:
    """The bundle's folder and the source tree's: quick to check, so tried first."""
    if kind not in KINDS:
        raise AssetError(f"unknown asset kind {kind!r}: use one of {', '.join(KINDS)}")
    bundle = getattr(sys, "_MEIPASS", None)
    dirs = [Path(bundle) / kind] if bundle else []
    return dirs + [Path(__file__).resolve().parent.parent.parent / kind]


def candidate_dirs(kind: str) -> list[Path]:
    """Every place ``kind`` may live, most specific first."""
    return _near_dirs(kind) + _installed_dirs(kind)


def asset_dir(kind: str) -> Path:
    """The folder holding ``sprites`` or ``sounds``; raises AssetError naming where it looked.
    The installed wheel's metadata (some milliseconds to read) is read only if needed."""
    for path in _near_dirs(kind):
        if _is_asset_dir(path, kind):
            return path
    tried = candidate_dirs(kind)
    for path in tried:
        if _is_asset_dir(path, kind):
            return path
    where = "\n  ".join(str(p) for p in tried)
    raise AssetError(f"cannot find the game's {kind}; looked in:\n  {where}")


def back_names(sprites: Path | None = None) -> list[str]:
    """Names of the card backs, e.g. ``['blue', 'red']``."""
    folder = (sprites or asset_dir("sprites")) / "cards"
    return sorted(p.stem[len("back-") :] for p in folder.glob("back-*.svg"))


def font_file(bold: bool = False) -> Path:
    """The screen font (DejaVu Sans, shipped with its licence in ``fonts/``)."""
    return asset_dir("fonts") / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
