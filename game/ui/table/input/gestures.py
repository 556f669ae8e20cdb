"""The mouse's gestures at the table: a card lifted and dragged, and double clicks."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.core.types import PileId

DRAG_THRESHOLD = 5
DOUBLE_CLICK = 0.4


@dataclass
class Drag:
    """A card lifted by the mouse: where it came from and where it is."""

    card: int
    src: PileId
    index: int
    grab: pygame.Vector2  # pointer minus card top-left at the press
    pos: pygame.Vector2  # card top-left now
    home: pygame.Vector2  # where it lies in its pile
    press: tuple[int, int]
    moved: bool = False

    def follow(self, pointer: tuple[int, int]) -> None:
        if not self.moved:
            dx, dy = pointer[0] - self.press[0], pointer[1] - self.press[1]
            self.moved = dx * dx + dy * dy >= DRAG_THRESHOLD**2
        self.pos = pygame.Vector2(pointer) - self.grab


class ClickTimer:
    """Double clicks: a press on the card of the pile clicked last (a press and release
    without dragging) that ``event.clicks`` counts as a second, or, where SDL gives no
    count, within 0.4 s of it. A reset (a drag, a question asked over the table) makes the
    next press a single click whatever SDL counts: SDL knows nothing of what came between."""

    def __init__(self, now: Callable[[], float]) -> None:
        """``now``: the table's own clock (its frames' seconds), so a double click is
        timed as the table saw it, whatever else kept the machine busy."""
        self.now = now
        self.last: tuple | None = None
        self.when = -10.0

    def clicked(self, pid: PileId, card: int | None = None) -> None:
        self.last, self.when = (pid, card), self.now()

    def reset(self) -> None:
        self.last, self.when = None, self.now() - 10.0

    def is_double(self, event: pygame.event.Event, pid: PileId, card: int | None = None) -> bool:
        if (pid, card) != self.last:
            return False
        clicks = getattr(event, "clicks", None)
        recent = self.now() - self.when <= DOUBLE_CLICK
        double = (clicks is not None and clicks >= 2) or recent
        if double:
            self.reset()
        return double
