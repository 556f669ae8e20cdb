"""Our own small widgets, drawn in the table's style: buttons, cyclers, toggles, a slider,
and the keyboard focus that moves between them (the scrolling text panel is
:mod:`game.ui.scroll_text`).

Each gets its rect from the scene on every resize and answers ``handle(event)``
with True when it used the event. Labels are functions of no argument (usually a
catalogue lookup), so a change of language shows at once. Every text is fitted
to its box.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.ui import theme
from game.ui.scroll_text import ScrollText
from game.ui.widget_base import Label, Widget, focus_ring, panel, text_of

__all__ = [
    "Button",
    "Cycler",
    "FocusRing",
    "Label",
    "ScrollText",
    "Slider",
    "Toggle",
    "Widget",
    "button_row",
    "text_of",
]


class Button(Widget):
    """A rounded button; ``on_click`` runs on release over it, or on Enter when focused."""

    def __init__(
        self,
        label: Label,
        on_click: Callable[[], object],
        danger: bool = False,
        help_text: Label | None = None,
    ) -> None:
        super().__init__(label, help_text)
        self.on_click = on_click
        self.danger = danger
        self.pressed = False
        self.progress: float | None = None  # a draining bar (a call's window)
        # runs on a click on the button drawn disabled, to say why it cannot act now
        self.on_refused: Callable[[], object] | None = None

    def activate(self) -> None:
        if self.visible and self.enabled:
            self.on_click()

    def handle(self, event: pygame.event.Event) -> bool:
        if self.visible and not self.enabled and self.on_refused is not None:
            return self._refused(event)
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

    def _refused(self, event: pygame.event.Event) -> bool:
        """A click on the disabled button: nothing happens but the line saying why."""
        self.hover = self.pressed = False
        clicks = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        if event.type not in clicks or event.button != 1 or not self.rect.collidepoint(event.pos):
            return False
        if event.type == pygame.MOUSEBUTTONUP and self.on_refused is not None:
            self.on_refused()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        if self.danger:
            fill = theme.RED_LIGHT if self.hover else theme.RED
        else:
            fill = theme.BUTTON_HOVER if self.hover or self.focused else theme.BUTTON
        if self.pressed:
            fill = theme.BUTTON_DOWN
        if not self.enabled:
            fill = theme.DISABLED
        radius = max(6, self.rect.h // 4)
        panel(surface, self.rect, fill, theme.BUTTON_EDGE, radius)
        if self.progress is not None:
            bar = self.rect.inflate(-radius, 0)
            bar.h = max(3, self.rect.h // 10)
            bar.bottom = self.rect.bottom - 4
            bar.w = int(bar.w * max(0.0, min(1.0, self.progress)))
            pygame.draw.rect(surface, theme.GOLD, bar, border_radius=2)
        colour = theme.INK if self.enabled else theme.INK_DIM
        words, room = text_of(self.label), self.rect.w - max(14, self.rect.h // 2)
        size = theme.fit_text(words, max(theme.READABLE, int(self.rect.h * 0.48)), room, True)
        two = None
        if size < theme.READABLE and " " in words:  # two lines, rather than tiny letters
            two = theme.font(theme.READABLE, True).render(words, True, colour, wraplength=room)
        if two is not None and two.get_height() <= self.rect.h - 4 and two.get_width() <= room:
            surface.blit(two, two.get_rect(center=self.rect.center))
        else:
            theme.text(surface, words, size, colour, self.rect.center, "center", True, room)
        if self.focused:
            focus_ring(surface, self.rect)


class Cycler(Widget):
    """A labelled choice among values; click, arrows or the wheel step through them."""

    def __init__(
        self,
        label: Label,
        values: Sequence[Any],
        names: Sequence[Label] | None = None,
        value: Any = None,
        on_change: Callable[[Any], None] | None = None,
        help_text: Label | None = None,
    ) -> None:
        super().__init__(label, help_text)
        self.values = list(values)
        self.names: list[Label] = list(names) if names else [str(v) for v in values]
        self.index = self.values.index(value) if value in self.values else 0
        self.on_change = on_change

    @property
    def value(self) -> Any:
        return self.values[self.index]

    def set_value(self, value: Any) -> None:
        if value in self.values:
            self.index = self.values.index(value)

    def step(self, by: int) -> bool:
        if self.locked:  # (its value's words say why: the voice says them again)
            return True
        self.index = (self.index + by) % len(self.values)
        if self.on_change:
            self.on_change(self.value)
        return True

    def activate(self) -> None:
        self.step(1)

    def _box(self) -> pygame.Rect:
        x = self.rect.x + self.rect.w * self.label_frac
        return pygame.Rect(x, self.rect.y, self.rect.right - x, self.rect.h)

    def _halves(self) -> tuple[pygame.Rect, pygame.Rect]:
        box = self._box()
        left = pygame.Rect(box.x, box.y, box.h, box.h)
        right = pygame.Rect(box.right - box.h, box.y, box.h, box.h)
        return left, right

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
        size = int(self.rect.h * 0.46)
        label = text_of(self.label)
        if label:
            label_w = int(self.rect.w * self.label_frac) - 10
            room = pygame.Rect(self.rect.x, self.rect.y, label_w, self.rect.h)
            _label(surface, label, size, room, theme.INK_DIM if self.locked else None)
        box = self._box()
        fill = theme.BUTTON_HOVER if self.hover or self.focused else theme.BUTTON
        panel(surface, box, theme.DISABLED if self.locked else fill, theme.BUTTON_EDGE,
              max(6, box.h // 4))  # fmt: skip
        left, right = self._halves()
        for r, pts in (
            (left, ((0.62, 0.28), (0.38, 0.5), (0.62, 0.72))),
            (right, ((0.38, 0.28), (0.62, 0.5), (0.38, 0.72))),
        ):
            if self.locked:  # greyed: no arrows to press
                break
            pygame.draw.polygon(
                surface, theme.GOLD, [(r.x + r.w * a, r.y + r.h * b) for a, b in pts]
            )
        name = text_of(self.names[self.index])
        ink = theme.INK_DIM if self.locked else theme.INK
        theme.text(surface, name, size, ink, box.center, "center", True, width=box.w - 2 * box.h)
        if self.focused:
            focus_ring(surface, box)


def _label(surface: pygame.Surface, words: str, size: int, box: pygame.Rect,
           ink: tuple | None = None) -> None:  # fmt: skip
    """A choice's label on one line, or on two at the smallest text size when one line
    would have to shrink below it (and two fit the row); ``ink``: greyed when locked."""
    ink = theme.INK if ink is None else ink
    one = theme.fit_text(words, size, max(1, box.w))
    two = theme.wrapped(words, theme.READABLE, ink, box.w) if one < theme.READABLE else None
    if two is None or two.get_height() > box.h or two.get_width() > box.w:
        theme.text(surface, words, size, ink, box.midleft, "midleft", width=box.w)
        return
    surface.blit(two, two.get_rect(midleft=box.midleft))


class Toggle(Cycler):
    """An on/off choice."""

    def __init__(
        self,
        label: Label,
        value: bool,
        on_change=None,
        on: Label = "On",
        off: Label = "Off",
        help_text: Label | None = None,
    ) -> None:
        super().__init__(label, [True, False], [on, off], value, on_change, help_text)


class Slider(Widget):
    """A value between 0 and 1, dragged along a groove or stepped with the arrows."""

    def __init__(
        self, label: Label, value: float, on_change=None, help_text: Label | None = None
    ) -> None:
        super().__init__(label, help_text)
        self.value = _finite01(value)
        self.on_change = on_change
        self.dragging = False

    def _groove(self) -> pygame.Rect:
        x = self.rect.x + self.rect.w * self.label_frac
        return pygame.Rect(x, self.rect.centery - 3, max(1, self.rect.right - x - 8), 6)

    def _set(self, value: float) -> None:
        self.value = _finite01(value)
        if self.on_change:
            self.on_change(self.value)

    def step(self, by: int) -> bool:
        self._set(self.value + 0.1 * by)
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        g = self._groove()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if g.inflate(16, self.rect.h).collidepoint(event.pos):
                self.dragging = True
                self._set((event.pos[0] - g.x) / g.w)
                return True
        elif event.type == pygame.MOUSEMOTION and self.dragging:
            self._set((event.pos[0] - g.x) / g.w)
            return True
        elif event.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        size = int(self.rect.h * 0.46)
        label_w = int(self.rect.w * self.label_frac) - 10
        theme.text(
            surface,
            text_of(self.label),
            size,
            theme.INK,
            (self.rect.x, self.rect.centery),
            "midleft",
            width=label_w,
        )
        g = self._groove()
        pygame.draw.rect(surface, theme.FELT_DARK, g, border_radius=3)
        filled = g.copy()
        filled.w = int(g.w * self.value)
        pygame.draw.rect(surface, theme.GOLD, filled, border_radius=3)
        pygame.draw.circle(
            surface, theme.INK, (g.x + filled.w, g.centery), max(6, self.rect.h // 4)
        )
        if self.focused:
            focus_ring(surface, g.inflate(12, self.rect.h // 2))


def _finite01(value: Any) -> float:
    """Clamp to 0..1; NaN, infinities and non-numbers become 0.5."""
    try:
        v = float(value)
    except (TypeError, ValueError):
        return 0.5
    return 0.5 if not math.isfinite(v) else max(0.0, min(1.0, v))


class FocusRing:
    """Keyboard focus over a list of widgets: Tab and the up/down arrows move it,
    left/right step a choice, Enter or Space presses. The focus shows only once a key
    has been used, so mouse players never see it. ``on_focus(widget, moved)`` hears of every
    focus move and change of value (the app reads them aloud)."""

    on_focus: Callable[[Widget, bool], None] | None = None

    def __init__(self, widgets: Callable[[], Sequence[Widget]]) -> None:
        self.widgets = widgets
        self.index = -1
        self.shown = False

    def _live(self) -> list[Widget]:
        return [w for w in self.widgets() if w.focusable]

    def current(self) -> Widget | None:
        live = self._live()
        if not self.shown or not live:
            return None
        return live[self.index % len(live)]

    def sync(self) -> None:
        """Mark the focused widget (call before drawing)."""
        focused = self.current()
        for w in self.widgets():
            w.focused = w is focused

    def move(self, by: int) -> None:
        live = self._live()
        if not live:
            return
        if not self.shown:
            self.shown = True
            self.index = 0 if by > 0 else len(live) - 1
        else:
            self.index = (self.index + by) % len(live)
        self.sync()
        self._tell(True)

    def _tell(self, moved: bool) -> None:
        w = self.current()
        if w is not None and FocusRing.on_focus is not None:
            FocusRing.on_focus(w, moved)

    def _reader(self) -> Widget | None:
        """The text the arrows read: the focused one, or, with no focus shown, the first."""
        focused = self.current()
        if focused is not None or self.shown:
            return focused if getattr(focused, "reads", False) else None
        return next((w for w in self._live() if getattr(w, "reads", False)), None)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            if event.type == pygame.MOUSEMOTION and self.shown:
                self.shown = False
                self.sync()
            return False
        key = event.key
        if key == pygame.K_TAB:
            self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        reader = self._reader() if key in (pygame.K_DOWN, pygame.K_UP) else None
        if reader is not None:
            reader.read(1 if key == pygame.K_DOWN else -1)
            if FocusRing.on_focus is not None:
                FocusRing.on_focus(reader, True)
            return True
        if key in (pygame.K_DOWN, pygame.K_UP):
            self.move(1 if key == pygame.K_DOWN else -1)
            return True
        w = self.current()
        if w is None:
            return False
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            if w.step(-1 if key == pygame.K_LEFT else 1):
                self.sync()
                self._tell(False)
                return True
            return False
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            w.activate()
            self.sync()
            if isinstance(w, Cycler) and w is self.current():
                self._tell(False)
            return True
        return False


def button_row(rect: pygame.Rect, buttons: Sequence[Button], gap: int) -> None:
    """Buttons side by side across ``rect``, each as wide as its words need plus an even
    share of the room left, so every label is drawn at the same size (none shrinks alone)."""
    size = int(rect.h * 0.48)
    pad = 14 + rect.h // 2
    need = [theme.font(size, True).size(text_of(b.label))[0] + pad for b in buttons]
    room = rect.w - gap * (len(buttons) - 1)
    spare = room - sum(need)
    widths = (
        [n + spare / len(buttons) for n in need]
        if spare >= 0
        else [n * room / sum(need) for n in need]
    )
    x = float(rect.x)
    for b, w in zip(buttons, widths, strict=True):
        b.rect = pygame.Rect(round(x), rect.y, round(x + w) - round(x), rect.h)
        x += w + gap
