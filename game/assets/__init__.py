"""Finding the game's pictures, sounds and font, wherever the game was installed.

The art lives in ``sprites/``, ``sounds/`` and ``fonts/`` at the top of the repository.
Built, it is package data: a wheel (pyproject's ``package-dir``) and the PyInstaller
bundle (the recipe in ``build/``) both put it in ``game/assets/data/<kind>``, found with
``importlib.resources``. A source checkout (or an editable install) has no such folder:
there the same call on the ``game`` package finds the folders beside it.

``python -m game.cli.sheet FILE.png`` writes a contact sheet of the whole deck, and
``python -m game.cli.sheet --list`` says where the assets were found.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

KINDS = ("sprites", "sounds", "fonts")
_MARKERS = {"sprites": "cards/AS.svg", "sounds": "deal.wav", "fonts": "DejaVuSans.ttf"}


class AssetError(RuntimeError):
    """An asset folder or file is missing; the message says where we looked."""


def candidate_dirs(kind: str) -> list[Path]:
    """Every place ``kind`` may live: the packaged copy, then the source checkout's. Both
    are folders on disk (pygame opens files by name), as they are for a wheel installed
    in site-packages, an editable install, the bundle and a checkout."""
    if kind not in KINDS:
        raise AssetError(f"unknown asset kind {kind!r}: use one of {', '.join(KINDS)}")
    packaged = resources.files(__name__) / "data" / kind
    beside_the_code = resources.files("game").parent / kind
    return [Path(str(place)) for place in (packaged, beside_the_code)]


def asset_dir(kind: str) -> Path:
    """The folder holding ``sprites``, ``sounds`` or ``fonts``; raises AssetError naming
    where it looked."""
    tried = candidate_dirs(kind)
    for path in tried:
        if (path / _MARKERS[kind]).is_file():
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
