"""Colours and fonts shared by every scene, so the table and its menus look like one thing."""

from __future__ import annotations

from functools import lru_cache

import pygame

FELT = (22, 92, 58)
FELT_DARK = (14, 66, 42)
FELT_LIGHT = (34, 118, 76)
PANEL = (18, 40, 30)
PANEL_EDGE = (70, 120, 90)
INK = (240, 236, 220)
INK_DIM = (170, 190, 175)
GOLD = (236, 196, 84)
RED = (200, 52, 46)
RED_LIGHT = (236, 90, 80)
SLOT = (255, 255, 255, 38)
SLOT_EDGE = (255, 255, 255, 70)
HIGHLIGHT = (255, 214, 80)
LEGAL = (120, 230, 140)
HINT = (130, 210, 255)
SHADOW = (0, 0, 0, 90)
BUTTON = (38, 78, 58)
BUTTON_HOVER = (56, 108, 80)
BUTTON_DOWN = (28, 60, 44)
BUTTON_EDGE = (150, 200, 165)
DISABLED = (90, 110, 100)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The default font (it has the Turkish letters) at a pixel size, cached."""
    f = pygame.font.Font(None, max(8, int(size)))
    f.bold = bold
    return f


def text(
    surface: pygame.Surface,
    words: str,
    size: int,
    colour,
    pos,
    anchor: str = "topleft",
    bold: bool = False,
) -> pygame.Rect:
    """Draw one line of text anchored at ``pos``; returns where it went."""
    img = rendered(words, int(size), tuple(colour), bold)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    return rect


@lru_cache(maxsize=512)
def rendered(words: str, size: int, colour: tuple, bold: bool = False) -> pygame.Surface:
    """One line of text as a picture, cached: the table redraws the same words every
    frame. Callers must not change the picture (copy it first)."""
    return font(size, bold).render(words, True, colour)


@lru_cache(maxsize=512)
def fit_text(words: str, size: int, width: int, bold: bool = False) -> int:
    """The largest font size not above ``size`` at which ``words`` fits in ``width`` pixels."""
    while size > 9 and font(size, bold).size(words)[0] > width:
        size -= 1
    return size


def veil(
    surface: pygame.Surface, rect: pygame.Rect, alpha: int, radius: int = 0, colour=(0, 0, 0)
) -> None:
    """A translucent dark box (draw.rect does not blend on the display surface).

    A square black veil darkens in place (no new surface, even full screen); a rounded
    or coloured one is a small cached picture."""
    rect = pygame.Rect(rect)
    if radius <= 0 and tuple(colour) == (0, 0, 0):
        keep = 255 - alpha
        surface.fill((keep, keep, keep), rect, special_flags=pygame.BLEND_RGB_MULT)
        return
    surface.blit(_veil_box(rect.size, alpha, radius, tuple(colour)), rect)


@lru_cache(maxsize=64)
def _veil_box(size: tuple[int, int], alpha: int, radius: int, colour: tuple) -> pygame.Surface:
    box = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(box, (*colour, alpha), box.get_rect(), border_radius=radius)
    return box
