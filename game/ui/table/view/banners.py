"""A game's big words over the table for a moment (a headline event): the words and the
line under them in one box on a near-solid backing, put where it covers no card, no seat
label and no button when the felt has such a place, else in the felt's middle."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.table.model.layout import Layout

BACKING = 225  # the box's opacity at full strength: the cards under it do not show through
FREE_AREAS = ("table", "topbar", "panel", "message")  # areas a banner may lie over


SCALES = (0.5, 0.4, 0.32)  # the words' height in card heights: smaller where that clears the cards


def draw(surface: pygame.Surface, banner, layout: Layout, buttons: list[pygame.Rect]):
    """Draw ``banner`` (its age fades it in and out); returns its box and its words' rects."""
    k = min(1.0, banner.age * 5) * min(1.0, (banner.seconds - banner.age) * 3)
    scale, box = _fitting(banner, layout, buttons)
    big, sub = _words(banner, layout, int(layout.card[1] * scale * (0.8 + 0.2 * k)))
    size = big.get_height()
    box = _box(big, sub).move_to(center=box.center)
    veil = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(veil, (10, 20, 14, int(BACKING * k)), veil.get_rect(), border_radius=18)
    pygame.draw.rect(veil, (*theme.GOLD, int(160 * k)), veil.get_rect(), 2, border_radius=18)
    surface.blit(veil, box)
    parts = [(big, box.y + size * 0.3)]
    if sub is not None:
        parts.append((sub, box.y + size * 0.3 + big.get_height() + size // 8))
    words = []
    for img, y in parts:
        img.set_alpha(int(255 * k))
        at = img.get_rect(midtop=(box.centerx, y))
        surface.blit(img, at)
        words.append(at)
    return box, words


def _words(banner, layout: Layout, size: int) -> tuple[pygame.Surface, pygame.Surface | None]:
    """The big words at ``size`` and the line under them, wrapped no wider than the felt's
    middle needs (a little more than the big words)."""
    big = theme.font(size, True).render(banner.text, True, banner.colour)
    if not banner.sub:
        return big, None
    room = min(layout.areas["message"].w - size, max(big.get_width(), size * 4))
    return big, theme.wrapped(banner.sub, max(theme.READABLE, size // 3), theme.INK, room)


_found: dict[tuple, tuple[object, Layout, tuple[float, pygame.Rect]]] = {}


def _fitting(banner, layout: Layout, buttons: list[pygame.Rect]) -> tuple[float, pygame.Rect]:
    """Where the banner goes, found once while the same banner lies over the same layout
    and buttons: the search renders its words three times and tries every place on the
    felt, and a banner stays up for a hundred frames."""
    key = (id(banner), id(layout), tuple(tuple(b) for b in buttons))
    kept = _found.get(key)
    if kept is None or kept[0] is not banner or kept[1] is not layout:
        if len(_found) > 8:
            _found.clear()
        kept = _found[key] = (banner, layout, _search(banner, layout, buttons))
    return kept[2]


def _search(banner, layout: Layout, buttons: list[pygame.Rect]) -> tuple[float, pygame.Rect]:
    """The largest scale whose box finds a place over no card, and that place; else the
    full scale in the felt's middle (its backing keeps the words readable)."""
    for scale in SCALES:
        box = _box(*_words(banner, layout, int(layout.card[1] * scale)))
        found = place(layout, buttons, box.size)
        if found is not None:
            return scale, found
    return SCALES[0], middle(
        layout, buttons, _box(*_words(banner, layout, int(layout.card[1] * SCALES[0])))
    )


def _box(big: pygame.Surface, sub: pygame.Surface | None) -> pygame.Rect:
    """The box around the big words and the line under them, with its margins."""
    size = big.get_height()
    high = big.get_height() + (sub.get_height() + size // 8 if sub else 0)
    wide = max(big.get_width(), sub.get_width() if sub else 0)
    return pygame.Rect(0, 0, wide + size, high + size * 0.6)


def place(layout: Layout, buttons: list[pygame.Rect], size: tuple[int, int]):
    """A box of ``size`` on the felt, nearest its middle, over no pile, label or button;
    None where there is none."""
    centre = middle(layout, [], pygame.Rect((0, 0), size)).center
    busy = [s.area for s in layout.spots.values()]
    busy += [r for n, r in layout.areas.items() if n not in FREE_AREAS]
    busy += [b.inflate(12, 12) for b in buttons]
    felt = layout.areas["table"].inflate(-8, -8)
    step = max(6, size[1] // 6)
    best, best_d = None, float("inf")
    for y in range(felt.top, felt.bottom - size[1] + 1, step):
        for x in range(felt.left, felt.right - size[0] + 1, step):
            box = pygame.Rect((x, y), size)
            d = (box.centerx - centre[0]) ** 2 + (box.centery - centre[1]) ** 2
            if d < best_d and box.collidelist(busy) < 0:
                best, best_d = box, d
    return best


def middle(layout: Layout, buttons: list[pygame.Rect], box: pygame.Rect) -> pygame.Rect:
    """``box`` in the felt's middle, moved aside where a button on the felt would cover
    it: to its left when there is room, else above it."""
    message = layout.areas["message"]
    area = message.union(layout.areas["topbar"])
    box = box.move_to(center=(message.centerx, (area.top + area.bottom) // 2))
    for rect in [b.inflate(12, 12) for b in buttons]:
        if not box.colliderect(rect):
            continue
        if rect.left - box.w >= message.left:
            box.right = rect.left
        else:
            box.bottom = rect.top
    return box
