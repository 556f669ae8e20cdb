"""Finding the game's pictures, sounds and font, wherever the game was installed.

The art lives in ``sprites/``, ``sounds/`` and ``fonts/`` at the top of the repository.
Built, it is package data: a wheel (pyproject's ``package-dir``) puts it in folders,
``game/assets/data/<kind>``, found with ``importlib.resources``. The one-file executable
(the recipe in ``build/``) unpacks every file it holds at every start, so it carries the
pictures and sounds as one archive, ``game/assets/data/assets.zip``, with a folder per
kind; the fonts stay files, since FreeType reads them as it draws. A source checkout (or
an editable install) has neither: there the same call on the ``game`` package finds the
folders beside it.

A kind's place is a :class:`~importlib.resources.abc.Traversable`: a ``Path``, or a
``zipfile.Path`` inside the archive. Code that draws or plays a file reads its bytes
(``read_bytes``), which both give.

``python -m game.cli.sheet FILE.png`` writes a contact sheet of the whole deck, and
``python -m game.cli.sheet --list`` says where the assets were found.
"""

from __future__ import annotations

import zipfile
import zlib
from collections.abc import Iterator
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

KINDS = ("sprites", "sounds", "fonts")
ARCHIVE = "assets.zip"  # in game/assets/data/, where the executable carries it
ARCHIVED = ("sprites", "sounds")  # the kinds an archive may hold
_MARKERS = {"sprites": "cards/AS.svg", "sounds": "deal.wav", "fonts": "DejaVuSans.ttf"}


class AssetError(RuntimeError):
    """An asset folder or file is missing; the message says where we looked."""


def candidate_dirs(kind: str) -> list[Traversable]:
    """Every place ``kind`` may live: the packaged copy (a folder, or the executable's
    archive), then the source checkout's folder."""
    if kind not in KINDS:
        raise AssetError(f"unknown asset kind {kind!r}: use one of {', '.join(KINDS)}")
    packaged = Path(str(resources.files(__name__) / "data"))
    beside_the_code = Path(str(resources.files("game"))).parent / kind
    archive = packaged / ARCHIVE
    inside = [_archived(archive, kind)] if kind in ARCHIVED and archive.is_file() else []
    return [packaged / kind, *inside, beside_the_code]


@cache
def _archived(archive: Path, kind: str) -> Traversable:
    """``kind``'s folder in the archive, the same object for every caller (the pictures
    rendered from it are cached by it)."""
    return _opened(archive) / f"{kind}/"


@cache
def _opened(archive: Path) -> Traversable:
    """The archive, opened once for the process."""
    try:
        return zipfile.Path(archive)
    except (OSError, zipfile.BadZipFile) as err:
        raise AssetError(f"cannot open {archive}: {err}") from None


def asset_dir(kind: str) -> Traversable:
    """The place holding ``sprites``, ``sounds`` or ``fonts``; raises AssetError naming
    where it looked."""
    tried = candidate_dirs(kind)
    for place in tried:
        if (place / _MARKERS[kind]).is_file():
            return place
    where = "\n  ".join(str(p) for p in tried)
    raise AssetError(f"cannot find the game's {kind}; looked in:\n  {where}")


def read_bytes(file: Traversable) -> bytes:
    """A file's bytes, from a folder or an archive; AssetError says which file and why."""
    try:
        return file.read_bytes()
    except OSError as err:
        reason = err.strerror or str(err)
    except KeyError:  # no such member in the archive
        reason = "No such file"
    except (zipfile.BadZipFile, zlib.error) as err:
        reason = f"damaged ({err})"
    raise AssetError(f"cannot read {file}: {reason}")


def files_in(place: Traversable) -> Iterator[Traversable]:
    """Every file under ``place``, in a folder or an archive."""
    for entry in place.iterdir():
        if entry.is_dir():
            yield from files_in(entry)
        elif entry.is_file():
            yield entry


def back_names(sprites: Traversable | None = None) -> list[str]:
    """Names of the card backs, e.g. ``['blue', 'red']``."""
    folder = (sprites or asset_dir("sprites")) / "cards"
    stems = (p.name.removesuffix(".svg") for p in folder.iterdir() if p.name.endswith(".svg"))
    return sorted(s.removeprefix("back-") for s in stems if s.startswith("back-"))


def font_file(bold: bool = False) -> Path:
    """The screen font (DejaVu Sans, shipped with its licence in ``fonts/``): a file on
    disk, which FreeType reads as it draws (the fonts are never archived)."""
    return Path(str(asset_dir("fonts"))) / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
