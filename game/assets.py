"""Finding and loading the game's pictures and sounds.

The art lives outside the Python package, in ``sprites/`` and ``sounds/`` at the top of
the repository. Three places can hold them, tried in this order:

1. a PyInstaller bundle: ``sys._MEIPASS/sprites`` (build with
   ``--add-data sprites:sprites --add-data sounds:sounds``);
2. a source checkout (or editable install): the folders beside ``game/``;
3. an installed wheel: pyproject's ``[tool.setuptools.data-files]`` puts them in
   ``<prefix>/share/pasha-pisti/``; the wheel's file list (``importlib.metadata``) says
   exactly where, whatever the install scheme.

Cards are SVG, rendered by pygame's nanosvg at the pixel size the table needs, so they are
sharp at any window size and on high-DPI screens. The four-colour deck (clubs green,
diamonds blue) is a second set of generated SVG files in ``sprites/cards-4c/``; hearts
and spades are the same in both decks.

``python -m game.assets --sheet FILE.png`` writes a contact sheet of the whole deck.
"""

from __future__ import annotations

import io
import logging
import os
import site
import sys
import sysconfig
from collections import OrderedDict
from pathlib import Path

import pygame

from game.cards import DECK, card_text

log = logging.getLogger(__name__)

DIST_NAME = "pasha-pisti"
KINDS = ("sprites", "sounds")
_MARKERS = {"sprites": "cards/AS.svg", "sounds": "deal.wav"}
SOUND_NAMES = (
    "deal", "flip", "place", "slide_back", "capture", "pisti", "stop", "win", "lose",
)  # fmt: skip
FOUR_COLOUR_SUITS = "CD"


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


def candidate_dirs(kind: str) -> list[Path]:
    """Every place ``kind`` may live, most specific first."""
    if kind not in KINDS:
        raise AssetError(f"unknown asset kind {kind!r}: use one of {', '.join(KINDS)}")
    dirs: list[Path] = []
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        dirs.append(Path(bundle) / kind)
    dirs.append(Path(__file__).resolve().parent.parent / kind)
    return dirs + _installed_dirs(kind)


def asset_dir(kind: str) -> Path:
    """The folder holding ``sprites`` or ``sounds``; raises AssetError naming where it looked."""
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


class CardArt:
    """Renders the deck at any pixel size and keeps the last few sizes.

    ``render(size)`` returns ``{0..51: face, "back": back}``; call it again after a resize.
    The returned surfaces are shared by the cache: blit them, do not draw on them.
    """

    KEEP_SIZES = 4

    def __init__(self, sprites: Path | None = None) -> None:
        self.sprites = sprites or asset_dir("sprites")
        self._svg: dict[Path, bytes] = {}
        self._faces: OrderedDict[tuple, dict[int, pygame.Surface]] = OrderedDict()
        self._backs: OrderedDict[tuple, pygame.Surface] = OrderedDict()

    def card_file(self, card: int, four_colour: bool = False) -> Path:
        text = card_text(card)
        if four_colour and text[-1] in FOUR_COLOUR_SUITS:
            return self.sprites / "cards-4c" / f"{text}.svg"
        return self.sprites / "cards" / f"{text}.svg"

    def back_file(self, back: str) -> Path:
        path = self.sprites / "cards" / f"back-{back}.svg"
        if not path.is_file():
            names = ", ".join(back_names(self.sprites))
            raise AssetError(f"there is no card back called {back!r}; choose one of: {names}")
        return path

    def render_file(self, path: Path, size: tuple[int, int]) -> pygame.Surface:
        """One SVG at exactly ``size`` pixels (nanosvg keeps the aspect, so we adjust)."""
        data = self._svg.get(path)
        if data is None:
            try:
                data = self._svg[path] = path.read_bytes()
            except OSError as exc:
                raise AssetError(f"cannot read {path}: {exc.strerror}") from None
        w, h = int(size[0]), int(size[1])
        if w < 1 or h < 1:
            raise ValueError(f"a card must be at least 1x1 pixels, not {w}x{h}")
        surf = pygame.image.load_sized_svg(io.BytesIO(data), (w, h))
        if surf.get_size() != (w, h):
            surf = pygame.transform.smoothscale(
                surf.convert_alpha() if _has_display() else surf, (w, h)
            )
        return surf.convert_alpha() if _has_display() else surf

    def faces(self, size: tuple[int, int], four_colour: bool = False) -> dict[int, pygame.Surface]:
        key = (tuple(size), bool(four_colour))
        if key not in self._faces:
            self._faces[key] = {
                c: self.render_file(self.card_file(c, four_colour), size) for c in DECK
            }
            _trim(self._faces, self.KEEP_SIZES * 2)
        self._faces.move_to_end(key)
        return self._faces[key]

    def back(self, size: tuple[int, int], back: str = "red") -> pygame.Surface:
        key = (tuple(size), back)
        if key not in self._backs:
            self._backs[key] = self.render_file(self.back_file(back), size)
            _trim(self._backs, self.KEEP_SIZES * 2)
        self._backs.move_to_end(key)
        return self._backs[key]

    def render(
        self, size: tuple[int, int], four_colour: bool = False, back: str = "red"
    ) -> dict[int | str, pygame.Surface]:
        out: dict[int | str, pygame.Surface] = dict(self.faces(size, four_colour))
        out["back"] = self.back(size, back)
        return out


DeckRenderer = CardArt


def _trim(cache: OrderedDict, keep: int) -> None:
    while len(cache) > keep:
        cache.popitem(last=False)


def _has_display() -> bool:
    return pygame.display.get_init() and pygame.display.get_surface() is not None


_silence_reported = False


def _report_silence(reason: str) -> None:
    """Say once per run why there is no sound, then keep quiet about it."""
    global _silence_reported
    if not _silence_reported:
        _silence_reported = True
        log.warning("sound is off: %s", reason)


class Sounds:
    """The game's sound effects; silent (never failing) when there is no audio device."""

    def __init__(self, folder: Path | None = None, enabled: bool = True, volume: float = 0.8):
        self._folder = folder
        self._enabled = enabled
        self._volume = volume
        self._sounds: dict[str, pygame.mixer.Sound] | None = None

    @property
    def enabled(self) -> bool:
        return self._enabled

    @property
    def available(self) -> bool:
        """True when the mixer started and at least one sound loaded."""
        return bool(self._load())

    def set_enabled(self, on: bool) -> None:
        self._enabled = bool(on)
        if not on and self._sounds and pygame.mixer.get_init():
            pygame.mixer.stop()

    def set_volume(self, volume: float) -> None:
        self._volume = min(1.0, max(0.0, float(volume)))
        for sound in (self._sounds or {}).values():
            sound.set_volume(self._volume)

    def play(self, name: str) -> None:
        """Play a named effect if sound is on and working; unknown names are a bug."""
        if name not in SOUND_NAMES:
            raise ValueError(f"no sound called {name!r}; known: {', '.join(SOUND_NAMES)}")
        if not self._enabled:
            return
        sound = self._load().get(name)
        if sound is not None:
            sound.play()

    def _load(self) -> dict[str, pygame.mixer.Sound]:
        if self._sounds is not None:
            return self._sounds
        self._sounds = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
            folder = self._folder or asset_dir("sounds")
        except (pygame.error, AssetError, OSError) as exc:
            _report_silence(str(exc).strip() or type(exc).__name__)
            return self._sounds
        for name in SOUND_NAMES:
            try:
                sound = pygame.mixer.Sound(str(folder / f"{name}.wav"))
            except (pygame.error, FileNotFoundError) as exc:
                _report_silence(f"cannot load {name}.wav: {exc}")
                continue
            sound.set_volume(self._volume)
            self._sounds[name] = sound
        return self._sounds


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m game.assets", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--sheet", metavar="FILE.png", help="write a contact sheet of the deck")
    parser.add_argument(
        "--sizes", default="70x98,210x294", help="card sizes, e.g. 70x98,210x294 (default)"
    )
    parser.add_argument("--list", action="store_true", help="print where the assets were found")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    try:
        if args.list or not args.sheet:
            for kind in KINDS:
                folder = asset_dir(kind)
                count = sum(1 for p in folder.rglob("*") if p.is_file())
                print(f"{kind}: {folder} ({count} files)")
        if args.sheet:
            from game.art.contact_sheet import parse_sizes, write_sheet

            write_sheet(Path(args.sheet), parse_sizes(args.sizes))
            print(f"wrote {args.sheet}")
    except (AssetError, ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
