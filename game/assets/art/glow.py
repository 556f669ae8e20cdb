"""Soft light and shade around a card: its shadow, the selection glow, drop-target marks.

Each is a rounded rectangle blurred with ``pygame.transform.gaussian_blur`` on a surface
``pad`` pixels larger than the card on every side; blit it at the card's top-left minus
``pad(size)`` (plus an offset for the shadow). Cached per size and colour.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

SELECT = (255, 214, 90)
DROP_OK = (120, 230, 140)


def corner_radius(size: tuple[int, int]) -> int:
    """The cards' corner radius at this size (the SVGs use 15 of 250 units)."""
    return max(2, round(size[0] * 15 / 250))


def pad(size: tuple[int, int]) -> int:
    """How far a glow or shadow reaches past the card's edge."""
    return max(3, round(size[0] * 0.09))


def _blurred_card(size: tuple[int, int], colour, alpha: int, grow: int, blur: int):
    p = pad(size)
    w, h = size
    surf = pygame.Surface((w + 2 * p, h + 2 * p), pygame.SRCALPHA)
    rect = pygame.Rect(p - grow, p - grow, w + 2 * grow, h + 2 * grow)
    pygame.draw.rect(surf, (*colour, alpha), rect, border_radius=corner_radius(size) + grow)
    if blur > 0:
        surf = pygame.transform.gaussian_blur(surf, blur, repeat_edge_pixels=False)
    return surf


@lru_cache(maxsize=16)
def card_shadow(size: tuple[int, int], strength: int = 110) -> pygame.Surface:
    """A soft dark shadow; blit at (card.x - pad + offset, card.y - pad + offset)."""
    return _blurred_card((size[0], size[1]), (0, 0, 0), strength, 0, max(1, pad(size) // 2))


def shadow_offset(size: tuple[int, int]) -> tuple[int, int]:
    """Light from the top left: the shadow falls a little right and down."""
    return max(1, round(size[0] * 0.02)), max(1, round(size[0] * 0.035))


@lru_cache(maxsize=16)
def card_glow(size: tuple[int, int], colour: tuple[int, int, int] = SELECT) -> pygame.Surface:
    """A warm halo for the selected or dragged card; blit at card.topleft - pad."""
    size = (size[0], size[1])
    p = pad(size)
    halo = _blurred_card(size, colour, 235, max(1, p // 2), max(1, p // 2))
    w, h = size
    ring = pygame.Rect(p - 1, p - 1, w + 2, h + 2)
    width = max(2, round(w / 45))
    pygame.draw.rect(halo, (*colour, 255), ring, width, border_radius=corner_radius(size) + 1)
    return halo


@lru_cache(maxsize=16)
def drop_highlight(size: tuple[int, int], colour: tuple[int, int, int] = DROP_OK) -> pygame.Surface:
    """A legal drop target: a tinted, glowing outline over the slot or top card."""
    size = (size[0], size[1])
    p = pad(size)
    surf = _blurred_card(size, colour, 150, max(1, p // 3), max(1, p // 3))
    w, h = size
    inner = pygame.Rect(p, p, w, h)
    radius = corner_radius(size)
    pygame.draw.rect(surf, (*colour, 0), inner, border_radius=radius)
    pygame.draw.rect(surf, (*colour, 55), inner, border_radius=radius)
    pygame.draw.rect(surf, (*colour, 240), inner, max(2, round(w / 40)), border_radius=radius)
    return surf
