"""A surface redrawn only when what it shows changes.

Most of a frame is the same as the last one: the felt, the cards lying still, the
side panel. Each is drawn once into a layer and blitted whole until its key (a
tuple of what it shows, compared by equality) changes, so a frame costs a few
large blits, not hundreds of small alpha ones.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

Draw = Callable[[pygame.Surface, object], None]


class Layer:
    """One cached surface and the key it was drawn for."""

    def __init__(self) -> None:
        self.key: object = None
        self.surface: pygame.Surface | None = None
        self.draws = 0
        self.data: object = None  # what the last draw made beside the picture (its rects)

    def get(self, key: object, size: tuple[int, int], draw: Draw) -> pygame.Surface:
        """The layer for ``key``, redrawn if stale by ``draw(surface, old_key)`` onto an
        opaque surface; ``old_key`` (None for a new surface) lets it redraw only a part."""
        if self.surface is None or self.surface.get_size() != size:
            self.surface = pygame.Surface(size)
            self.key = None
        if key != self.key or self.key is None:
            draw(self.surface, self.key)
            self.key = key
            self.draws += 1
        return self.surface
