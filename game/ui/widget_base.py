"""What every widget is: a label (a string, or a function of no argument so a change of
language shows at once), a rect, visibility, the keyboard focus and a hint line; and the
panel and focus ring they are drawn with."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui import theme

Label = str | Callable[[], str]


def text_of(label: Label) -> str:
    return label() if callable(label) else label


def panel(surface: pygame.Surface, rect: pygame.Rect, fill, edge, radius: int = 10) -> None:
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, edge, rect, 2, border_radius=radius)


def focus_ring(surface: pygame.Surface, rect: pygame.Rect) -> None:
    box = rect.inflate(8, 8)
    pygame.draw.rect(surface, theme.FOCUS, box, 3, border_radius=max(6, box.h // 4))


class Widget:
    """What every widget has: a rect, visibility, the keyboard focus and a hint line."""

    reads = False  # a text the arrow keys read line by line (ScrollText)

    def __init__(self, label: Label, help_text: Label | None = None) -> None:
        self.label = label
        self.help = help_text
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.visible = True
        self.enabled = True
        self.locked = False  # shown, focused and read, but cannot be changed now
        self.focused = False
        self.hover = False
        self.label_frac = 0.45  # the share of a row its label takes, beside its value

    @property
    def focusable(self) -> bool:
        return self.visible and self.enabled

    def read(self, by: int) -> None:
        """Up or Down on a text that reads: the next line or the one before."""

    def activate(self) -> None:
        """Enter or Space while focused."""

    def step(self, by: int) -> bool:
        """Left or Right while focused; True when it changed something."""
        return False

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError
