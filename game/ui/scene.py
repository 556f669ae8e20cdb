"""The scene protocol: one screen at a time (menu, table, summary, settings)."""

from __future__ import annotations

from typing import Any

import pygame


class Scene:
    """A screen. ``active`` is True while something moves (the loop then runs at full rate)."""

    def __init__(self, app: Any) -> None:
        self.app = app  # the game.ui.app.App that shows it (not imported: app imports us)

    @property
    def active(self) -> bool:
        return False

    def resize(self, size: tuple[int, int]) -> None:
        """Recompute every rect for a new window size."""

    def handle(self, event: pygame.event.Event) -> None:
        """React to one input event."""

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole screen."""

    def leave(self) -> None:
        """Release what the scene holds (threads) when another replaces it."""
