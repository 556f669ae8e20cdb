"""Empty-pile places on the table: a faint rounded outline with a mark or a short label.

Foundations show the suit they wait for (``mark="H"``), a single foundation an ``"A"`` or
the four-suit ``"any"`` mark; other piles may carry a word (``label="Stock"``).
"""

from __future__ import annotations

import io
from functools import lru_cache

import pygame

from game.assets.art.glow import corner_radius

MARKS = ("C", "D", "H", "S", "A", "any")


def _mark(name: str, side: int, alpha: int) -> pygame.Surface:
    from game.assets import asset_dir, read_bytes

    data = read_bytes(asset_dir("sprites") / "marks" / f"{name}.svg")
    surf = pygame.image.load_sized_svg(io.BytesIO(data), (side, side))
    surf.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    return surf


@lru_cache(maxsize=64)
def slot(
    size: tuple[int, int], mark: str | None = None, label: str | None = None
) -> pygame.Surface:
    """An empty pile's place, ``size`` pixels, to blit where the pile's bottom card goes."""
    if mark is not None and mark not in MARKS:
        raise ValueError(f"unknown slot mark {mark!r}; use one of {', '.join(MARKS)}")
    w, h = max(4, int(size[0])), max(4, int(size[1]))
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = corner_radius((w, h))
    line = max(1, round(w / 60))
    pygame.draw.rect(surf, (0, 0, 0, 45), surf.get_rect(), border_radius=radius)
    pygame.draw.rect(surf, (255, 255, 255, 80), surf.get_rect(), line, border_radius=radius)
    inset = surf.get_rect().inflate(-4 * line - 2, -4 * line - 2)
    pygame.draw.rect(surf, (255, 255, 255, 28), inset, line, border_radius=max(1, radius - 2))
    if mark is not None:
        side = round(w * (0.5 if mark != "any" else 0.62))
        icon = _mark(mark, side, 60)
        surf.blit(icon, icon.get_rect(center=(w // 2, h // 2 - (h // 12 if label else 0))))
    if label:
        if not pygame.font.get_init():
            pygame.font.init()
        points = max(9, round(w * 0.17))
        font = _font(points)
        while points > 8 and font.size(label)[0] > w - 6:
            points -= 1
            font = _font(points)
        text = font.render(label, True, (255, 255, 255))
        text.set_alpha(110)
        y = h - h // 6 if mark else h // 2
        surf.blit(text, text.get_rect(center=(w // 2, y)))
    return surf


def forget_fonts() -> None:
    """The cached fonts belong to a font module that was quit (see ``theme.forget_fonts``)."""
    _font.cache_clear()


@lru_cache(maxsize=16)
def _font(size: int) -> pygame.font.Font:
    """The screen font, or pygame's own if the install lost it (the game carries on)."""
    from game.assets import AssetError, font_file

    try:
        return pygame.font.Font(font_file(), size)
    except (AssetError, OSError, pygame.error):
        return pygame.font.Font(None, size)
