"""What a Read aloud key said, shown for a moment as a caption at the foot of the window:
a sighted player beside a screen reader, or one checking what was said, reads it too. With
Read aloud off, the keys show how to switch it on instead of doing nothing."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import theme

SHOWN_LEAST = 2.5  # seconds a caption stays, and longer for a long one
SHOWN_MOST = 9.0
CHARS_PER_SECOND = 18.0  # a comfortable reading pace
MOST_LINES = 4  # a long answer (the whole table) is cut to its first lines


@dataclass
class Caption:
    """The words shown, how long they stay and how long they have been up."""

    text: str
    seconds: float = 0.0
    age: float = 0.0

    def __post_init__(self) -> None:
        if not self.seconds:
            self.seconds = min(SHOWN_MOST, SHOWN_LEAST + len(self.text) / CHARS_PER_SECOND)

    @property
    def up(self) -> bool:
        return self.age < self.seconds


def draw(surface: pygame.Surface, caption: Caption) -> pygame.Rect:
    """The caption centred at the foot of ``surface``, on a solid dark box over whatever
    lies there (a translucent one let the hint line's words show through its own); it
    goes after a few seconds. Returns the box."""
    w, h = surface.get_size()
    size = max(theme.READABLE, min(24, h // 34))
    width = w - 8  # the whole foot: most captions keep to one line, clear of the seat labels
    fnt = theme.font(size)
    lines = theme.wrap_lines(theme.safe(caption.text), fnt, width - 2 * size)
    if len(lines) > MOST_LINES:
        lines = [*lines[: MOST_LINES - 1], lines[MOST_LINES - 1] + " …"]
    img = theme.wrapped("\n".join(lines), size, theme.INK, width - 2 * size)
    # a bar across the foot: its first line covers the hint line whole, clear of the seats
    box = pygame.Rect(0, 0, width, img.get_height() + size // 2)
    box.midbottom = (w // 2, h - 2)
    pygame.draw.rect(surface, theme.PANEL, box, border_radius=10)
    pygame.draw.rect(surface, theme.PANEL_EDGE, box, 2, border_radius=10)
    surface.blit(img, img.get_rect(center=box.center))
    return box
