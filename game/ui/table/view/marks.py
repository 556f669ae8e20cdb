"""The mark on a card that a forced move placed for the player: a ring in the colour of
moves played for the player and a tag saying so, just off the card (under it, else over
it) where that covers no pile, count badge or label, else across the card's middle, clear
of its corner indexes. It lasts a moment (the stage ages it) and fades at its end; only
the card still on top is marked."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.text import say
from game.ui import theme
from game.ui.table.model.stage import MARK_SECONDS
from game.ui.table.view import hint_arrow

if TYPE_CHECKING:
    from game.core.types import PileId
    from game.ui.table.model.reading import TableReading

FADE = 0.4  # the mark's last seconds, fading


def strength(age: float) -> float:
    """1 while the mark is fresh, then down to 0 over its last ``FADE`` seconds."""
    return max(0.0, min(1.0, (MARK_SECONDS - age) / FADE))


def draw(
    m: TableReading,
    top: Callable[[PileId], pygame.Rect],
    surface: pygame.Surface,
    drawn: list[pygame.Rect] | None = None,
) -> list[pygame.Rect]:
    """Each mark, on its pile's top card (``top``: where the view draws it); returns where
    their tags went (and adds to ``drawn`` where its rings and tags went)."""
    tags = []
    drawn = [] if drawn is None else drawn
    for item in m.hooks.marks:
        pile = m.shown.get(item.pile) if item.pile in m.layout.spots else []
        if not pile or pile[-1] != item.card:
            continue
        k = strength(item.age)
        rect = top(item.pile)
        drawn.append(hint_arrow.ring(surface, rect, m.layout.card, 1.0, _faded(theme.FORCED, k)))
        tags.append(_tag(surface, rect, k, _taken(m)))
        drawn.append(tags[-1])
    return tags


FREE_AREAS = ("table", "topbar", "panel", "message")  # areas a tag may lie over


def _taken(m: TableReading) -> list[pygame.Rect]:
    """What a tag off its card must not cover: every pile (its count badge on it) and
    every label on the felt."""
    rects = [spot.area for spot in m.layout.spots.values()]
    return rects + [r for n, r in m.layout.areas.items() if n not in FREE_AREAS]


def tag_rect(card: pygame.Rect, size: tuple[int, int], taken: list[pygame.Rect]) -> pygame.Rect:
    """Where a tag of ``size`` goes for the card at ``card``: under it, else over it, where
    it covers nothing ``taken``; else across the card's middle (its indexes are in its
    corners)."""
    pill = pygame.Rect((0, 0), size)
    gap = max(2, size[1] // 6)
    for place in ({"midtop": (card.centerx, card.bottom + gap)},
                  {"midbottom": (card.centerx, card.top - gap)}):  # fmt: skip
        off = pill.move_to(**place)
        if off.collidelist(taken) < 0:
            return off
    return pill.move_to(center=card.center)


def _tag(
    surface: pygame.Surface, card: pygame.Rect, k: float, taken: list[pygame.Rect]
) -> pygame.Rect:
    """The words on a dark pill, as wide as the card allows, where they hide nothing."""
    words = say("label.forced")
    size = max(theme.READABLE, card.w // 6)
    size = theme.fit_text(words, size, card.w + card.w // 3, True)
    img = theme.rendered(words, size, theme.FORCED, True)
    pill = tag_rect(card, img.get_rect().inflate(size // 2, size // 4).size, taken)
    tag = pygame.Surface(pill.size, pygame.SRCALPHA)
    pygame.draw.rect(tag, (20, 14, 40, 225), tag.get_rect(), border_radius=pill.h // 2)
    pygame.draw.rect(tag, theme.FORCED, tag.get_rect(), 1, border_radius=pill.h // 2)
    tag.blit(img, img.get_rect(center=tag.get_rect().center))
    tag.set_alpha(int(255 * k))
    surface.blit(tag, pill)
    return pill


def _faded(colour: tuple, k: float) -> tuple[int, int, int]:
    """``colour`` mixed toward the felt as the mark fades."""
    felt = theme.FELT
    return tuple(round(f + (c - f) * k) for c, f in zip(colour, felt, strict=True))
