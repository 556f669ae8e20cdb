"""A panel of wrapped text (the rules, the keys) that scrolls, and that the arrow keys read
a line at a time for the ear."""

from __future__ import annotations

import pygame

from game.text import say, say_n
from game.ui import theme
from game.ui.widget_base import Label, Widget, panel, text_of


class ScrollText(Widget):
    """A panel of wrapped text (rules, help) the wheel and Page Up/Down scroll, and the
    arrow keys read a line at a time (``read``): the line read is marked and scrolled into
    view, and the voice says it (the focus ring tells of it as of a focus)."""

    reads = True
    SPLIT = "\n"  # what separates the parts the arrows read (the rules: paragraphs)
    READING = "speech.reading.lines"

    def __init__(self, body: Label) -> None:
        super().__init__("")
        self.body = body
        self.offset = 0
        self.line = -1  # the part read last (none yet)
        self.edge = 0  # -1 or 1 when the last step went past the first or the last part
        self._mark: tuple[tuple, tuple[int, int]] | None = None  # the part read, and where
        self._image: pygame.Surface | None = None
        self._made_for: tuple | None = None

    def parts(self) -> list[str]:
        """What the arrows read, in order: the body's lines (or paragraphs), blanks left out."""
        return [p.strip() for p in text_of(self.body).split(self.SPLIT) if p.strip()]

    def spoken(self) -> str:
        """The panel for the ear when it opens: how many parts, and how to read them."""
        return say_n(self.READING, len(self.parts()))

    def spoken_line(self) -> str:
        """The part just read, or where the reading ended (the first or last part)."""
        if self.edge:
            return say("speech.list.last" if self.edge > 0 else "speech.list.first")
        parts = self.parts()
        return parts[self.line] if 0 <= self.line < len(parts) else self.spoken()

    def read(self, by: int) -> None:
        """The next part (``by`` 1) or the one before (-1), scrolled into view."""
        n = len(self.parts())
        if not n:
            return
        line = max(0, min(n - 1, self.line + by))
        self.edge = by if line == self.line else 0
        self.line = line
        top, height = self._marked()
        room = self.rect.h - 24
        if top < self.offset or top + height > self.offset + room:
            self.offset = max(0, min(self.max_offset, top - room // 4))

    def _marked(self) -> tuple[int, int]:
        """The part read last: its top and height, worked out again only when the panel's
        size, its text or the part changes."""
        key = (self.rect.size, text_of(self.body), self.line)
        if self._mark is None or self._mark[0] != key:
            self._mark = (key, self._place(min(self.line, len(self.parts()) - 1)))
        return self._mark[1]

    def _place(self, index: int) -> tuple[int, int]:
        """Where part ``index`` lies in the rendered text: its top and its height."""
        width, size = max(40, self.rect.w - 28), max(13, min(28, self.rect.h // 24))
        f = theme.font(size)
        chunks = text_of(self.body).split(self.SPLIT)
        shown = [i for i, c in enumerate(chunks) if c.strip()]
        at = shown[index]
        before = self.SPLIT.join(chunks[:at]) + self.SPLIT if at else ""
        top = f.render(before, True, theme.INK, wraplength=width).get_height() if at else 0
        height = f.render(chunks[at], True, theme.INK, wraplength=width).get_height()
        return top, height

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
        panel(surface, self.rect, theme.PANEL, theme.PANEL_EDGE)
        img = self._render()
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-8, -8))
        surface.blit(img, (self.rect.x + 14, self.rect.y + 12 - self.offset))
        if self.line >= 0 and self.parts():  # the part the arrows read last
            top, height = self._marked()
            bar = pygame.Rect(self.rect.x + 6, self.rect.y + 12 - self.offset + top, 4, height)
            pygame.draw.rect(surface, theme.GOLD, bar, border_radius=2)
        surface.set_clip(clip)
        if self.max_offset:
            track = self.rect.h - 24
            knob_h = max(20, track * self.rect.h // (img.get_height() + 24))
            y = self.rect.y + 12 + (track - knob_h) * self.offset // self.max_offset
            pygame.draw.rect(
                surface, theme.PANEL_EDGE, (self.rect.right - 10, y, 5, knob_h), border_radius=2
            )
