"""A yes/no question drawn over a screen, answered with the mouse or the keys.

While it is open it takes every key and click: Yes/No buttons, Y or N, Esc for no,
Tab or the arrows between the buttons and Enter for the focused one. The focus starts
on No, so an Enter pressed out of habit never throws anything away.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.text import say
from game.ui import theme
from game.ui.widgets import Button, FocusRing, text_of

_INPUT = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


class Question:
    """The question's words, what Yes does, and what No does (closing it, at least)."""

    def __init__(
        self,
        words: Callable[[], str],
        on_yes: Callable[[], None],
        on_no: Callable[[], None] | None = None,
    ) -> None:
        self.words = words
        self.on_yes = on_yes
        self.on_no = on_no or (lambda: None)
        self.open = True
        self.yes_btn = Button(lambda: say("button.yes"), self.yes)
        self.no_btn = Button(lambda: say("button.no"), self.no)
        self.buttons = [self.yes_btn, self.no_btn]
        self.ring = FocusRing(lambda: self.buttons)
        self.ring.shown, self.ring.index = True, 1
        self.box = pygame.Rect(0, 0, 0, 0)

    def asked(self) -> tuple[str, str]:
        """The question and the answer the focus is on, for the voice."""
        focused = self.ring.current()
        return self.words(), text_of(focused.label) if focused is not None else ""

    def yes(self) -> None:
        self.open = False
        self.on_yes()

    def no(self) -> None:
        self.open = False
        self.on_no()

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        bw, bh = max(120, w // 6), max(34, h // 16)
        self.box = pygame.Rect(0, 0, min(w - 40, max(520, w // 2)), bh * 5)
        self.box.center = (w // 2, h // 2)
        y = self.box.bottom - bh - bh // 2
        self.yes_btn.rect = pygame.Rect(w // 2 - bw - 10, y, bw, bh)
        self.no_btn.rect = pygame.Rect(w // 2 + 10, y, bw, bh)

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the question took the event (every input, while it is open)."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_n):
                self.no()
                return True
            if event.key == pygame.K_y:
                self.yes()
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.ring.move(1)
                return True
        if self.ring.handle(event):
            return True
        for b in self.buttons:
            if b.handle(event):
                return True
        return event.type in _INPUT

    def draw(self, surface: pygame.Surface) -> None:
        theme.veil(surface, surface.get_rect(), 150)
        box = self.box
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=14)
        pygame.draw.rect(surface, theme.GOLD, box, 2, border_radius=14)
        words = pygame.Rect(box.x + 24, box.y + 12, box.w - 48, self.yes_btn.rect.y - box.y - 20)
        size = max(theme.MIN_SIZE, min(24, self.yes_btn.rect.h * 6 // 10))
        img = theme.wrapped(self.words(), size, theme.INK, words.w)
        while img.get_height() > words.h and size > theme.MIN_SIZE:
            size -= 1
            img = theme.wrapped(self.words(), size, theme.INK, words.w)
        surface.blit(img, img.get_rect(center=words.center))
        self.ring.sync()
        for b in self.buttons:
            b.draw(surface)
