"""Our own small widgets, drawn in the table's style: buttons, cyclers, toggles, a slider,
a scrolling text panel. Each gets its rect from the scene on every resize and
answers ``handle(event)`` with True when it used the event.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.ui import theme


def _panel(surface: pygame.Surface, rect: pygame.Rect, fill, edge, radius: int = 10) -> None:
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, edge, rect, 2, border_radius=radius)


class Button:
    """A rounded button; ``on_click`` runs on release over it."""

    def __init__(self, label: str, on_click: Callable[[], None], danger: bool = False) -> None:
        self.label = label
        self.on_click = on_click
        self.danger = danger
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.enabled = True
        self.visible = True
        self.hover = False
        self.pressed = False
        self.progress: float | None = None  # a draining bar (the Stop window)

    def handle(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self.rect.collidepoint(event.pos)
            return self.pressed
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            self.pressed = False
            if self.rect.collidepoint(event.pos):
                self.on_click()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        if self.danger:
            fill = theme.RED_LIGHT if self.hover else theme.RED
        else:
            fill = theme.BUTTON_HOVER if self.hover else theme.BUTTON
        if self.pressed:
            fill = theme.BUTTON_DOWN
        if not self.enabled:
            fill = theme.DISABLED
        radius = max(6, self.rect.h // 4)
        shadow = self.rect.move(0, 3)
        pygame.draw.rect(surface, (0, 0, 0, 60), shadow, border_radius=radius)
        _panel(surface, self.rect, fill, theme.BUTTON_EDGE, radius)
        if self.progress is not None:
            bar = self.rect.inflate(-radius, 0)
            bar.h = max(3, self.rect.h // 10)
            bar.bottom = self.rect.bottom - 4
            bar.w = int(bar.w * max(0.0, min(1.0, self.progress)))
            pygame.draw.rect(surface, theme.GOLD, bar, border_radius=2)
        size = theme.fit_text(self.label, int(self.rect.h * 0.5), self.rect.w - 12, True)
        colour = theme.INK if self.enabled else theme.INK_DIM
        theme.text(surface, self.label, size, colour, self.rect.center, "center", True)


class Cycler:
    """A labelled choice among values; click or arrows step through them."""

    def __init__(
        self,
        label: str,
        values: Sequence[Any],
        names: Sequence[str] | None = None,
        value: Any = None,
        on_change: Callable[[Any], None] | None = None,
    ) -> None:
        self.label = label
        self.values = list(values)
        self.names = list(names) if names else [str(v) for v in values]
        self.index = self.values.index(value) if value in self.values else 0
        self.on_change = on_change
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hover = False
        self.visible = True
        self.label_frac = 0.45

    @property
    def value(self) -> Any:
        return self.values[self.index]

    def set_value(self, value: Any) -> None:
        if value in self.values:
            self.index = self.values.index(value)

    def step(self, by: int) -> None:
        self.index = (self.index + by) % len(self.values)
        if self.on_change:
            self.on_change(self.value)

    def _halves(self) -> tuple[pygame.Rect, pygame.Rect]:
        box = self._box()
        left = pygame.Rect(box.x, box.y, box.h, box.h)
        right = pygame.Rect(box.right - box.h, box.y, box.h, box.h)
        return left, right

    def _box(self) -> pygame.Rect:
        return pygame.Rect(
            self.rect.x + self.rect.w * 0.45, self.rect.y, self.rect.w * 0.55, self.rect.h
        )

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self._box().collidepoint(event.pos):
                left, _ = self._halves()
                self.step(-1 if left.collidepoint(event.pos) else 1)
                return True
        elif event.type == pygame.MOUSEWHEEL and self.hover:
            self.step(-1 if event.y > 0 else 1)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        size = int(self.rect.h * 0.48)
        theme.text(
            surface, self.label, size, theme.INK, (self.rect.x, self.rect.centery), "midleft"
        )
        box = self._box()
        fill = theme.BUTTON_HOVER if self.hover else theme.BUTTON
        _panel(surface, box, fill, theme.BUTTON_EDGE, max(6, box.h // 4))
        left, right = self._halves()
        for r, pts in (
            (left, ((0.62, 0.28), (0.38, 0.5), (0.62, 0.72))),
            (right, ((0.38, 0.28), (0.62, 0.5), (0.38, 0.72))),
        ):
            pygame.draw.polygon(
                surface, theme.GOLD, [(r.x + r.w * a, r.y + r.h * b) for a, b in pts]
            )
        name = self.names[self.index]
        fs = theme.fit_text(name, size, box.w - 2 * box.h, True)
        theme.text(surface, name, fs, theme.INK, box.center, "center", True)


class Toggle(Cycler):
    """An on/off choice."""

    def __init__(self, label: str, value: bool, on_change=None) -> None:
        super().__init__(label, [True, False], ["On", "Off"], value, on_change)


class Slider:
    """A value between 0 and 1, dragged along a groove."""

    def __init__(self, label: str, value: float, on_change=None) -> None:
        self.label = label
        self.value = value
        self.on_change = on_change
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.dragging = False
        self.visible = True
        self.label_frac = 0.45

    def _groove(self) -> pygame.Rect:
        x = self.rect.x + self.rect.w * self.label_frac
        return pygame.Rect(x, self.rect.centery - 3, self.rect.right - x - 8, 6)

    def _set_from(self, x: int) -> None:
        g = self._groove()
        self.value = max(0.0, min(1.0, (x - g.x) / max(1, g.w)))
        if self.on_change:
            self.on_change(self.value)

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self._groove().inflate(16, self.rect.h).collidepoint(event.pos):
                self.dragging = True
                self._set_from(event.pos[0])
                return True
        elif event.type == pygame.MOUSEMOTION and self.dragging:
            self._set_from(event.pos[0])
            return True
        elif event.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        size = int(self.rect.h * 0.48)
        theme.text(
            surface, self.label, size, theme.INK, (self.rect.x, self.rect.centery), "midleft"
        )
        g = self._groove()
        pygame.draw.rect(surface, theme.FELT_DARK, g, border_radius=3)
        filled = g.copy()
        filled.w = int(g.w * self.value)
        pygame.draw.rect(surface, theme.GOLD, filled, border_radius=3)
        pygame.draw.circle(
            surface, theme.INK, (g.x + filled.w, g.centery), max(6, self.rect.h // 4)
        )


class ScrollText:
    """A panel of wrapped text the mouse wheel scrolls (the rules summaries)."""

    def __init__(self, body: str) -> None:
        self.body = body
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.offset = 0
        self._image: pygame.Surface | None = None
        self._made_for: tuple[int, int] | None = None

    def _render(self) -> pygame.Surface:
        key = (self.rect.w, self.rect.h)
        if self._image is None or self._made_for != key:
            size = max(14, min(30, self.rect.h // 22))
            f = theme.font(size)
            self._image = f.render(self.body, True, theme.INK, wraplength=self.rect.w - 24)
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
        _panel(surface, self.rect, theme.PANEL, theme.PANEL_EDGE)
        img = self._render()
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-8, -8))
        surface.blit(img, (self.rect.x + 12, self.rect.y + 12 - self.offset))
        surface.set_clip(clip)
        if self.max_offset:
            track = self.rect.h - 24
            knob_h = max(20, track * self.rect.h // (img.get_height() + 24))
            y = self.rect.y + 12 + (track - knob_h) * self.offset // self.max_offset
            pygame.draw.rect(
                surface, theme.PANEL_EDGE, (self.rect.right - 10, y, 5, knob_h), border_radius=2
            )


def column(rect: pygame.Rect, widgets: Sequence[Any], row_h: int, gap: int) -> None:
    """Stack widgets top to bottom inside ``rect``."""
    y = rect.y
    for w in widgets:
        w.rect = pygame.Rect(rect.x, y, rect.w, row_h)
        y += row_h + gap
