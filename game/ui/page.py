"""What the pages around the table share: the felt with a title, and dark boxes on it."""

from __future__ import annotations

import pygame

from game.ui import cardart, theme

BOX_TINT = (10, 30, 20)


def backdrop(surface: pygame.Surface, title: str, size: float = 0.055, y: float = 0.07) -> None:
    """The felt and the page's title (``size`` and ``y`` as fractions of the height)."""
    w, h = surface.get_size()
    surface.blit(cardart.felt((w, h)), (0, 0))
    theme.text(
        surface, title, int(h * size), theme.GOLD, (w // 2, int(h * y)), "center", True,
        width=w // 2,
    )  # fmt: skip


def box(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 190, radius: int = 12) -> None:
    """A dark panel with an edge, for lists and forms to stand out from the felt."""
    theme.veil(surface, rect, alpha, radius, BOX_TINT)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 2, border_radius=radius)
