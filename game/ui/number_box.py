"""A box for a number typed digit by digit (the menu's deal number): digits, Backspace,
Enter; while it is empty, its name as a quiet hint."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.widget_base import Widget, text_of


class NumberBox(Widget):
    """A box for a deal number: digits, Backspace, Enter."""

    def __init__(self, label, on_enter) -> None:
        super().__init__(label)
        self.digits = ""
        self.on_enter = on_enter

    def activate(self) -> None:
        if self.digits:
            self.on_enter(int(self.digits))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and self.focused:
            if event.key == pygame.K_BACKSPACE:
                self.digits = self.digits[:-1]
                return True
            ch = getattr(event, "unicode", "")
            if ch.isdigit() and len(self.digits) < 9:
                self.digits += ch
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.PANEL, self.rect, border_radius=8)
        pygame.draw.rect(
            surface,
            theme.FOCUS if self.focused else theme.PANEL_EDGE,
            self.rect,
            2,
            border_radius=8,
        )
        words = self.digits or text_of(self.label)
        typed = bool(self.digits)  # the digits stand out; the hint is quieter
        theme.text(
            surface,
            words,
            int(self.rect.h * (0.5 if typed else 0.4)),
            theme.INK if typed else theme.INK_DIM,
            self.rect.center,
            "center",
            typed,
            width=self.rect.w - 16,
        )
