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
        if top < self.offset or top + height > self.offset + self.room:
            self.offset = self._snap(top - self.room // 4, down=True)

    def _marked(self) -> tuple[int, int]:
        """The part read last: its top and height, worked out again only when the panel's
        size, its text or the part changes."""
        key = (self.rect.size, text_of(self.body), self.line)
        if self._mark is None or self._mark[0] != key:
            self._mark = (key, self._place(min(self.line, len(self.parts()) - 1)))
        return self._mark[1]

    def _place(self, index: int) -> tuple[int, int]:
        """Where part ``index`` lies in the rendered text: its top and its height."""
        width = max(40, self.rect.w - 28)
        f = theme.font(self.text_size())
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
            self._image = theme.font(self.text_size()).render(
                body, True, theme.INK, wraplength=max(40, self.rect.w - 28)
            )
            self._made_for = key
        return self._image

    def text_size(self) -> int:
        return max(13, min(28, self.rect.h // 24))

    def line_tops(self) -> list[int]:
        """Where each line of the content begins: the panel is scrolled to one, and shows
        only whole lines."""
        step = theme.font(self.text_size()).get_linesize()
        return list(range(0, self._render().get_height(), step))

    @property
    def room(self) -> int:
        return self.rect.h - 24

    @property
    def max_offset(self) -> int:
        """The first line from which the rest of the content fits the panel."""
        over = self._render().get_height() - self.room
        if over <= 0:
            return 0
        return next((top for top in self.line_tops() if top >= over), over)

    def _snap(self, offset: int, down: bool) -> int:
        """``offset`` moved to a line's top (the one at or above it, or at or below it)."""
        offset = max(0, min(self.max_offset, offset))
        tops = [*self.line_tops(), self.max_offset]
        if down:
            return max((top for top in tops if top <= offset), default=0)
        return min((top for top in tops if top >= offset), default=self.max_offset)

    def scroll(self, by: int) -> None:
        self.offset = self._snap(self.offset + by, down=by < 0)

    def _shown(self) -> int:
        """How much of the content shows from the offset: down to the last whole line."""
        if self._render().get_height() - self.offset <= self.room:
            return self.room  # the rest fits whole (a figure below the last line too)
        step = theme.font(self.text_size()).get_linesize()
        ends = [top + step - self.offset for top in self.line_tops() if top >= self.offset]
        whole = [end for end in ends if end <= self.room]
        return max(whole, default=self.room)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y * 40)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            self.scroll(40 if event.key == pygame.K_DOWN else self._shown())
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_PAGEUP):
            self.scroll(-40 if event.key == pygame.K_UP else -self._shown())
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        panel(surface, self.rect, theme.PANEL, theme.PANEL_EDGE)
        img = self._render()
        clip = surface.get_clip()
        surface.set_clip(
            pygame.Rect(self.rect.x + 4, self.rect.y + 12, self.rect.w - 8, self._shown())
        )
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
