"""The scene protocol: one screen at a time (menu, table, summary, settings)."""

from __future__ import annotations

from typing import Any

import pygame


class Scene:
    """A screen. ``active`` is True while something moves (the loop then runs at full rate).
    ``back_to``: the scene it was opened over and returns to, if any."""

    back_to: Scene | None = None

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

    @property
    def beneath(self) -> Scene | None:
        """The scene this one is drawn over and goes back to (a summary's finished table,
        Settings opened at the table): left with it when both are left for good."""
        return self.back_to
