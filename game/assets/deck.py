"""The card deck rendered from its SVG sources at any pixel size.

Cards are SVG, rendered by pygame's nanosvg at the pixel size the table needs, so they
are sharp at any window size and on high-DPI screens. Besides the classic faces there
is a four-colour deck (clubs green, diamonds blue: ``sprites/cards-4c/``, hearts and
spades as classic) and a high-contrast deck (``sprites/cards-hc/``).
"""

from __future__ import annotations

import io
from collections import OrderedDict
from importlib.resources.abc import Traversable

import pygame

from game.assets import AssetError, asset_dir, back_names, read_bytes
from game.core.cards import DECK, card_text

FOUR_COLOUR_SUITS = "CD"
FACES = ("classic", "four_colour", "high_contrast")


class DeckRenderer:
    """Renders the deck at any pixel size and keeps the last few sizes.

    ``render(size)`` returns ``{0..51: face, "back": back}``; call it again after a resize.
    The returned surfaces are shared by the cache: blit them, do not draw on them.
    """

    KEEP_SIZES = 4

    def __init__(self, sprites: Traversable | None = None) -> None:
        self.sprites = sprites or asset_dir("sprites")
        self._svg: dict[str, bytes] = {}
        self._faces: OrderedDict[tuple, dict[int, pygame.Surface]] = OrderedDict()
        self._backs: OrderedDict[tuple, pygame.Surface] = OrderedDict()

    def card_file(self, card: int, faces: str | bool = "classic") -> Traversable:
        """The SVG of ``card`` in a face style (``True`` means the four-colour deck)."""
        text = card_text(card)
        if faces is True or faces == "four_colour":
            if text[-1] in FOUR_COLOUR_SUITS:
                return self.sprites / "cards-4c" / f"{text}.svg"
        elif faces == "high_contrast":
            return self.sprites / "cards-hc" / f"{text}.svg"
        return self.sprites / "cards" / f"{text}.svg"

    def back_file(self, back: str) -> Traversable:
        path = self.sprites / "cards" / f"back-{back}.svg"
        if not path.is_file():
            names = ", ".join(back_names(self.sprites))
            raise AssetError(f"there is no card back called {back!r}; choose one of: {names}")
        return path

    def render_file(self, path: Traversable, size: tuple[int, int]) -> pygame.Surface:
        """One SVG at exactly ``size`` pixels (nanosvg keeps the aspect, so we adjust)."""
        data = self._svg.get(str(path))
        if data is None:
            data = self._svg[str(path)] = read_bytes(path)
        w, h = int(size[0]), int(size[1])
        if w < 1 or h < 1:
            raise ValueError(f"a card must be at least 1x1 pixels, not {w}x{h}")
        try:
            surf = pygame.image.load_sized_svg(io.BytesIO(data), (w, h))
        except (pygame.error, ValueError) as exc:
            raise AssetError(f"cannot draw {path}: {exc}") from None
        if surf.get_size() != (w, h):
            surf = pygame.transform.smoothscale(_in_window_format(surf), (w, h))
        return _opaque_where_covered(_in_window_format(surf))

    def faces(
        self, size: tuple[int, int], four_colour: str | bool = False
    ) -> dict[int, pygame.Surface]:
        key = (tuple(size), four_colour)
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
        self, size: tuple[int, int], four_colour: str | bool = False, back: str = "red"
    ) -> dict[int | str, pygame.Surface]:
        out: dict[int | str, pygame.Surface] = dict(self.faces(size, four_colour).items())
        out["back"] = self.back(size, back)
        return out


def _trim(cache: OrderedDict, keep: int) -> None:
    while len(cache) > keep:
        cache.popitem(last=False)


def _opaque_where_covered(surf: pygame.Surface) -> pygame.Surface:
    """Every pixel the art covers wholly made opaque: nanosvg leaves the card's paper, and
    what is drawn on it, at alpha 253 or 254, which a blit must blend and which hides
    nothing drawn under it (a shadow), where alpha 255 is a copy."""
    if not surf.get_flags() & pygame.SRCALPHA:
        return surf
    covered = pygame.mask.from_surface(surf, 252)
    full = covered.to_surface(setcolor=(0, 0, 0, 255), unsetcolor=(0, 0, 0, 0))
    surf.blit(full, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)
    return surf


def _in_window_format(surf: pygame.Surface) -> pygame.Surface:
    """The picture in the window's pixel format (quicker to draw), once a window has given
    one (``Window.get_surface``); as it is before that, or headless without a window."""
    try:
        return surf.convert_alpha()
    except pygame.error:
        return surf
