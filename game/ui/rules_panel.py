"""The rules panel: a game's rules text with its pictures beside the paragraphs they
illustrate, drawn with the game's own card art; the wheel, the arrow keys and
PageUp/PageDown scroll it. The pictures are each game's data (``GameSpec.rules_figures``);
this widget knows no game."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.core.cards import parse_card
from game.core.design import CARD_RATIO
from game.core.figures import Figure
from game.core.spec import Phrase
from game.text import say
from game.text.words import phrase
from game.ui import cardart, theme
from game.ui.scroll_text import ScrollText
from game.ui.table.model.hint_state import PULSE_SECONDS
from game.ui.table.view import hint_arrow
from game.ui.widgets import Label, text_of

Style = Callable[[], tuple[str, str]]  # (card faces, card back) as the settings say


class RulesPanel(ScrollText):
    """Rules text in a column, the figures in a column beside it, scrolled together; the
    arrow keys read it a paragraph at a time."""

    SPLIT = "\n\n"
    READING = "speech.reading.paragraphs"

    def __init__(
        self, body: Label, figures: Callable[[], Sequence[Figure]], style: Style | None = None
    ) -> None:
        super().__init__(body)
        self.figures = figures
        self.style = style or (lambda: ("classic", "red"))
        self.art = cardart.CardArt()
        self.placed: list[pygame.Rect] = []  # where each figure went, in the content picture
        self._spans: list[tuple[int, int]] = []  # each paragraph's top and height there

    def _render(self) -> pygame.Surface:
        body = text_of(self.body)
        figures = tuple(self.figures())
        key = (self.rect.w, self.rect.h, body, figures, self.style())
        if self._image is None or self._made_for != key:
            self._image = self._compose(body, figures)
            self._made_for = key
        return self._image

    def text_size(self) -> int:
        return max(14, min(28, self.rect.h // 24))

    def line_tops(self) -> list[int]:
        """Each paragraph's lines (the figures beside them are not cut at a line)."""
        self._render()
        step = theme.font(self.text_size()).get_linesize()
        return [top + k * step for top, high in self._spans for k in range(max(1, high // step))]

    def _compose(self, body: str, figures: tuple[Figure, ...]) -> pygame.Surface:
        size = self.text_size()
        width = max(80, self.rect.w - 32)
        gap = size
        text_w = int(width * 0.56) if figures else width
        paragraphs = [theme.wrapped(p, size, theme.INK, text_w) for p in body.split("\n\n")]
        tops, y = [], 0
        for img in paragraphs:
            tops.append(y)
            y += img.get_height() + int(size * 0.8)
        self._spans = [(t, img.get_height()) for t, img in zip(tops, paragraphs, strict=True)]
        drawn: list[tuple[pygame.Surface, int]] = []
        self.placed, bottom = [], 0
        fig_w = width - text_w - gap
        for fig in figures:
            img = self._figure(fig, fig_w, size)
            at = max(tops[min(fig.near, len(tops) - 1)], bottom + gap if drawn else 0)
            drawn.append((img, at))
            self.placed.append(pygame.Rect(text_w + gap, at, img.get_width(), img.get_height()))
            bottom = at + img.get_height()
        out = pygame.Surface((width, max(y, bottom, 1)), pygame.SRCALPHA)
        for img, top in zip(paragraphs, tops, strict=True):
            out.blit(img, (0, top))
        for img, top in drawn:
            out.blit(img, (text_w + gap, top))
        return out

    def _place(self, index: int) -> tuple[int, int]:
        self._render()
        chunks = text_of(self.body).split(self.SPLIT)
        shown = [i for i, c in enumerate(chunks) if c.strip()]
        return self._spans[shown[index]]

    def _figure(self, fig: Figure, width: int, size: int) -> pygame.Surface:
        return figure_image(fig, width, size, self.art, self.style())


def figure_image(
    fig: Figure, width: int, size: int, art: cardart.CardArt, style: tuple[str, str]
) -> pygame.Surface:
    """One figure ``width`` wide, its caption over its cards, on a darker ground (text
    ``size``); the rules panel and the lessons both draw them."""
    unit = max(20, min(int(width / fig.width), int(size * 3.4)))
    card = (unit, round(unit * CARD_RATIO))
    art.configure(card, *style)
    pad = size // 2
    caption = theme.wrapped(say(fig.caption), int(size * 0.85), theme.GOLD, width - 2 * pad)
    top = pad + caption.get_height() + pad
    pic_w = round(fig.width * unit)
    out = pygame.Surface((width, top + round(fig.height * unit) + pad), pygame.SRCALPHA)
    pygame.draw.rect(out, (0, 0, 0, 70), out.get_rect(), border_radius=10)
    out.blit(caption, (pad, pad))
    left = (width - pic_w) // 2
    rects = []
    for p in fig.cards:
        rect = pygame.Rect(left + round(p.x * unit), top + round(p.y * unit), *card)
        rects.append(rect)
        if p.card == "":
            out.blit(cardart.slot(card), rect)
        elif p.card == "back":
            out.blit(art.back(), rect)
        else:
            out.blit(art.face(parse_card(p.card)), rect)
    for arrow in fig.pointers:
        hint_arrow.arrow(out, rects[arrow.src], rects[arrow.dst], card, PULSE_SECONDS)
    small = max(theme.READABLE, int(size * 0.72))
    for tag in fig.tags:
        words = phrase(Phrase(tag.key, dict(tag.params)))
        colour = theme.GOLD if tag.strong else theme.INK
        big = max(theme.READABLE, int(size * 0.85))
        img = theme.rendered(words, big if tag.strong else small, colour, tag.strong)
        pos = (left + round(tag.x * unit), top + round(tag.y * unit))
        out.blit(img, img.get_rect(midtop=pos))
    return out
