"""What a Read aloud key said, shown for a moment as a caption at the foot of the window:
a sighted player beside a screen reader, or one checking what was said, reads it too. With
Read aloud off, the keys show how to switch it on instead of doing nothing.

The caption keeps to the foot the table's layout leaves under the seat labels (its message
line), so it never hides the player's own label: a sentence longer than one line is shown
a line at a time, as subtitles are, each line for its share of the reading time."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pygame

from game.ui import theme

SHOWN_LEAST = 2.5  # seconds a caption stays, and longer for a long one
SHOWN_MOST = 20.0
CHARS_PER_SECOND = 18.0  # a comfortable reading pace
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


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

    def line_now(self, lines: list[str]) -> str:
        """The line up at this age: each stays for its share of the caption's time, by
        its length and a second's reading besides (a short last line is not a flash)."""
        weights = [len(line) + CHARS_PER_SECOND for line in lines]
        done, total = 0.0, sum(weights)
        for line, weight in zip(lines, weights, strict=True):
            done += weight
            if self.age < self.seconds * done / total:
                return line
        return lines[-1]


def foot_height(h: int) -> int:
    """The height of the window's foot: the table's message line, under every seat label,
    and the caption over it."""
    return max(26, min(96, int(h * 0.046)))


def foot(size: tuple[int, int]) -> pygame.Rect:
    """Where a caption goes: the foot, across the whole width of the window."""
    w, h = size
    return pygame.Rect(4, h - foot_height(h), w - 8, foot_height(h) - 2)


def text_size(size: tuple[int, int]) -> int:
    """The caption's font size: large on a large window, one line within the foot."""
    room = foot(size).h
    px = max(theme.READABLE, min(24, size[1] // 34))
    while px > theme.READABLE and theme.font(px).get_linesize() + 4 > room:
        px -= 1
    return px


def sentence_lines(text: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """``text`` in lines no wider than ``width``, a new line at a sentence's start where
    the sentence would not fit whole on the line: a line shown alone then rarely starts
    in the middle of one."""
    lines: list[str] = []
    for sentence in SENTENCE_END.split(text):
        joined = f"{lines[-1]} {sentence}" if lines else sentence
        if lines and fnt.size(joined)[0] <= width:
            lines[-1] = joined
        else:
            lines.extend(theme.wrap_lines(sentence, fnt, width))
    return lines


def draw(surface: pygame.Surface, caption: Caption) -> pygame.Rect:
    """The caption's line of the moment on a solid dark bar over the foot (a translucent
    one let the hint line's words show through its own); it goes after a few seconds.
    Returns the bar."""
    box, size = foot(surface.get_size()), text_size(surface.get_size())
    room = box.w - 2 * size
    lines = sentence_lines(theme.safe(caption.text), theme.font(size), room) or [""]
    pygame.draw.rect(surface, theme.PANEL, box, border_radius=10)
    pygame.draw.rect(surface, theme.PANEL_EDGE, box, 2, border_radius=10)
    theme.text(surface, caption.line_now(lines), size, theme.INK, box.center, "center", width=room)
    return box
