"""A panel of wrapped text the wheel and the arrow keys scroll: the rules, the keys."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.widgets import Label, Widget, text_of


class ScrollText(Widget):
    """A panel of wrapped text the wheel and the arrow keys scroll (rules, help)."""

    def __init__(self, body: Label) -> None:
        super().__init__("")
        self.body = body
        self.offset = 0
        self._image: pygame.Surface | None = None
        self._made_for: tuple | None = None

    @property
    def focusable(self) -> bool:
        return False

    def _render(self) -> pygame.Surface:
        body = text_of(self.body)
        key = (self.rect.w, self.rect.h, body)
        if self._image is None or self._made_for != key:
            size = max(13, min(28, self.rect.h // 24))
            self._image = theme.font(size).render(
                body, True, theme.INK, wraplength=max(40, self.rect.w - 28)
            )
            self._made_for = key
        return self._image

    @property
    def max_offset(self) -> int:
        return max(0, self._render().get_height() - self.rect.h + 24)

    def scroll(self, by: int) -> None:
        self.offset = max(0, min(self.max_offset, self.offset + by))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y * 40)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            self.scroll(40 if event.key == pygame.K_DOWN else self.rect.h - 40)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_PAGEUP):
            self.scroll(-40 if event.key == pygame.K_UP else -(self.rect.h - 40))
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.PANEL, self.rect, border_radius=10)
        pygame.draw.rect(surface, theme.PANEL_EDGE, self.rect, 2, border_radius=10)
        img = self._render()
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-8, -8))
        surface.blit(img, (self.rect.x + 14, self.rect.y + 12 - self.offset))
        surface.set_clip(clip)
        if self.max_offset:
            track = self.rect.h - 24
            knob_h = max(20, track * self.rect.h // (img.get_height() + 24))
            y = self.rect.y + 12 + (track - knob_h) * self.offset // self.max_offset
            pygame.draw.rect(
                surface, theme.PANEL_EDGE, (self.rect.right - 10, y, 5, knob_h), border_radius=2
            )
