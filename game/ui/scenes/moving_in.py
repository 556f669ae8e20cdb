"""The first start on the previous version's files, when moving them in takes more than a
moment: how far it is, in hands and as a bar, while the window goes on answering; then
the game opens as it always does. Closing the window abandons the moving in (see
``game.store.moving_in.MovingIn``), so nothing the player owns is lost."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.store.moving_in import MovingIn
from game.text import number, say, say_n
from game.ui import page, theme
from game.ui.scene import Scene


class MovingInScene(Scene):
    """The old files moving in, shown; ``then`` opens the game once they are in."""

    name = "moving_in"

    def __init__(self, app, job: MovingIn, then: Callable[[], None]) -> None:
        super().__init__(app)
        self.job, self.then = job, then

    @property
    def active(self) -> bool:
        return True  # (the thread's progress is read every frame)

    def words(self) -> str:
        """How far it is: the old files read, then the hands moved in so far."""
        if not self.job.total:
            return say("moving_in.reading")
        done, total = (number(n, 0) for n in (self.job.done, self.job.total))
        return say_n("moving_in.hands", self.job.total, done=done, total=total)

    def spoken(self) -> str:
        return f"{say('title.moving_in')}. {self.words()} {say('moving_in.after')}"

    def update(self, dt: float) -> None:
        if self.job.ended:
            self.then()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        page.backdrop(surface, say("title.moving_in"))
        panel = pygame.Rect(int(w * 0.15), int(h * 0.3), int(w * 0.7), int(h * 0.36))
        page.box(surface, panel)
        size = max(theme.READABLE, h // 32)
        at = (panel.centerx, panel.y + h // 14)
        theme.text(surface, self.words(), size, theme.INK, at, "center", width=panel.w - 40)
        bar = pygame.Rect(panel.x + 30, panel.centery - h // 60, panel.w - 60, h // 30)
        pygame.draw.rect(surface, theme.PANEL_EDGE, bar, 2, border_radius=bar.h // 2)
        if self.job.total:
            filled = bar.inflate(-6, -6)
            filled.w = int(filled.w * min(1.0, self.job.done / self.job.total))
            pygame.draw.rect(surface, theme.GOLD, filled, border_radius=filled.h // 2)
        after = theme.wrapped(say("moving_in.after"), h // 36, theme.INK_DIM, panel.w - 60)
        surface.blit(after, after.get_rect(midbottom=(panel.centerx, panel.bottom - h // 30)))

    def leave(self) -> None:
        """Left before the files are in (the window closed): the moving in abandoned."""
        self.job.close()
