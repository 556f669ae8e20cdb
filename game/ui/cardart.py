"""Card pictures at the table's exact card size, and the table art, for the screens.

The table asks for a size on every resize; pictures are rendered from the SVG
at that size (never scaled), lazily per card so a resize costs only the cards
on screen, and kept for the process: every screen at a size it had before shares them.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import lru_cache
from importlib.resources.abc import Traversable

import pygame

from game.assets import asset_dir
from game.assets.art import glow
from game.assets.art.felt import felt as _felt
from game.assets.art.slots import slot as _slot
from game.assets.deck import DeckRenderer
from game.core.cards import DECK


class CardArt:
    """Faces and backs at one size, in one face style (classic, four-colour, high contrast).

    Each screen keeps its own CardArt for its own size, but the pictures are shared by
    every CardArt in the process (see :class:`_Pictures`): opening the menu, a table or a
    replay again draws cards rendered the first time, not each SVG afresh."""

    def __init__(self, faces: str = "classic", back: str = "red") -> None:
        self.size = (0, 0)
        self.faces = faces
        self.back_name = back
        # a Traversable is not declared hashable; the folders assets give (Paths) are
        self._pictures = _pictures(asset_dir("sprites"))  # type: ignore[arg-type]
        self._faces: dict[int, pygame.Surface] = {}
        self._back: pygame.Surface | None = None

    def configure(self, size: tuple[int, int], faces: str, back: str) -> None:
        if (size, faces, back) != (self.size, self.faces, self.back_name):
            self.size, self.faces, self.back_name = size, faces, back
            self._faces = self._pictures.faces(size, faces)
            self._back = None

    def warm(self) -> None:
        """Render the whole deck now (about 0.1 s), so no frame of the game waits to
        render a card the first time it turns up."""
        for card in DECK:
            self.face(card)
        self.back()

    def face(self, card: int) -> pygame.Surface:
        img = self._faces.get(card)
        if img is None:
            img = self._faces[card] = self._pictures.render_face(card, self.size, self.faces)
        return img

    def back(self) -> pygame.Surface:
        if self._back is None:
            self._back = self._pictures.deck.back(self.size, self.back_name)
        return self._back

    def picture(self, card: int | None, face_up: bool) -> pygame.Surface:
        return self.face(card) if face_up and card is not None else self.back()


class _Pictures:
    """The card faces rendered in this process from one sprites folder, by size and face
    style, each rendered when first asked for; the last few sizes are kept (a window
    resized back and forth, the menu's small fan beside the table's cards). The
    surfaces are shared: blit them, never draw on them."""

    KEEP = 8

    def __init__(self, sprites: Traversable) -> None:
        self.deck = DeckRenderer(sprites)
        self._faces: OrderedDict[tuple, dict[int, pygame.Surface]] = OrderedDict()

    def faces(self, size: tuple[int, int], style: str) -> dict[int, pygame.Surface]:
        """The (growing) faces at ``size`` in ``style``."""
        key = (tuple(size), style)
        found = self._faces.get(key)
        if found is None:
            found = self._faces[key] = {}
            while len(self._faces) > self.KEEP:
                self._faces.popitem(last=False)
        self._faces.move_to_end(key)
        return found

    def render_face(self, card: int, size: tuple[int, int], style: str) -> pygame.Surface:
        return self.deck.render_file(self.deck.card_file(card, style), size)


@lru_cache(maxsize=4)
def _pictures(sprites: Traversable) -> _Pictures:
    return _Pictures(sprites)


@lru_cache(maxsize=32)
def shadow(size: tuple[int, int], strength: float = 1.0) -> tuple[pygame.Surface, tuple[int, int]]:
    """A soft shadow (its own faded copy, so cached art is never changed) and its offset."""
    p = glow.pad(size)
    dx, dy = glow.shadow_offset(size)
    img = glow.card_shadow(size).copy()
    if strength < 1:
        img.fill((255, 255, 255, int(255 * strength)), special_flags=pygame.BLEND_RGBA_MULT)
    return img, (dx - p, dy - p)


@lru_cache(maxsize=256)
def solid_inside(picture: pygame.Surface) -> pygame.Rect | None:
    """The part of a card's picture, inside its rounded corners, that is wholly opaque
    (what it hides of anything drawn under it), relative to the picture; None: none is."""
    w, h = picture.get_size()
    k = glow.corner_radius((w, h)) + 2
    inner = pygame.Rect(k, k, w - 2 * k, h - 2 * k)
    if inner.w <= 0 or inner.h <= 0 or not picture.get_flags() & pygame.SRCALPHA:
        return inner if inner.w > 0 and inner.h > 0 else None
    solid = pygame.mask.from_surface(picture.subsurface(inner), 254)
    return inner if solid.count() == inner.w * inner.h else None


def reach(size: tuple[int, int]) -> int:
    """How far past a card's rect its shadow or glow can be drawn."""
    dx, dy = glow.shadow_offset(size)
    return glow.pad(size) + max(dx, dy)


def halo(
    size: tuple[int, int], colour: tuple[int, int, int], drop: bool = False
) -> tuple[pygame.Surface, int]:
    """A glow around a card (selection) or a drop-target mark, and its padding."""
    img = glow.drop_highlight(size, colour) if drop else glow.card_glow(size, colour)
    return img, glow.pad(size)


def slot(size: tuple[int, int], mark: str | None = None, label: str | None = None):
    """An empty pile's place."""
    return _slot(size, mark, label)


def felt(size: tuple[int, int]) -> pygame.Surface:
    return _felt(size)
