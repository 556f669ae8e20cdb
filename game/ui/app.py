"""The window, the loop and the scene manager.

``step(dt)`` processes the event queue, advances the scene and draws one frame:
the real loop calls it, and the tests call it with posted mouse events. The
loop sleeps when nothing moves (a low frame rate and no redraw), so an idle
table costs next to no CPU.
"""

from __future__ import annotations

import contextlib
import os
import warnings
from pathlib import Path
from typing import Any

import pygame

from game import TITLE
from game.settings import Settings, load_settings, save_settings
from game.ui.audio import Audio
from game.ui.scene import Scene

MIN_SIZE = (960, 600)
DEFAULT_SIZE = (1280, 800)
BUSY_FPS, IDLE_FPS = 60, 8


class App:
    """One window and the scene on it."""

    def __init__(
        self,
        size: tuple[int, int] = DEFAULT_SIZE,
        state_file: str | None = None,
        settings: Settings | None = None,
    ) -> None:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        pygame.init()
        loaded, problem = load_settings() if settings is None else (settings, None)
        self.settings = loaded
        self.notice = problem
        self.state_file = Path(state_file) if state_file else None
        self._set_icon()
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption(TITLE)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            self.window = pygame.Window.from_display_module()
        self.window.minimum_size = MIN_SIZE
        self.audio = Audio(self.settings.sound)
        self.clock = pygame.time.Clock()
        self.running = True
        self.dirty = True
        self._was_active = True
        self.cursor = None
        self.scene: Scene = Scene(self)
        if self.settings.fullscreen:
            self.set_fullscreen(True)

    @staticmethod
    def _set_icon() -> None:
        try:
            from game.art.icon import set_window_icon

            set_window_icon()
        except Exception:
            pass

    @property
    def size(self) -> tuple[int, int]:
        """The size scenes lay out for: never below ``MIN_SIZE`` (a smaller screen clips)."""
        w, h = self.screen.get_size()
        return max(MIN_SIZE[0], w), max(MIN_SIZE[1], h)

    def switch(self, scene: Scene, leave: bool = True) -> None:
        """Show ``scene``; ``leave=False`` keeps the old one's resources (table -> summary)."""
        if leave:
            self.scene.leave()
        self.scene = scene
        scene.resize(self.size)
        self.dirty = True

    # ----------------------------------------------------------------- window
    def set_fullscreen(self, on: bool) -> None:
        try:
            if on:
                self.window.set_fullscreen(desktop=True)
            else:
                self.window.set_windowed()
        except pygame.error:
            return
        self.settings.fullscreen = on
        self.screen = pygame.display.get_surface()
        self.scene.resize(self.size)

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.settings.fullscreen)

    def save_settings(self) -> None:
        problem = save_settings(self.settings)
        if problem:
            self.notice = problem

    def quit(self) -> None:
        self.running = False

    def write_state(self, state: Any) -> None:
        """``--state-file``: the hand's record and report after every applied action."""
        if self.state_file is None:
            return
        from game.record import write_json_atomic

        report = {
            "to_move": state.to_move,
            "over": state.is_over,
            "winner": state.winner,
            "score": list(state.score),
            "state": state.report(),
        }
        write_json_atomic(self.state_file, {"record": state.record(), "report": report})

    def _keep_minimum(self) -> None:
        """A window manager may ignore the minimum-size hint: grow the window back."""
        w, h = self.window.size
        if (w >= MIN_SIZE[0] and h >= MIN_SIZE[1]) or self.settings.fullscreen:
            return
        with contextlib.suppress(pygame.error):
            self.window.minimum_size = MIN_SIZE
            self.window.size = (max(MIN_SIZE[0], w), max(MIN_SIZE[1], h))

    # ----------------------------------------------------------------- loop
    def _global(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.QUIT:
            self.running = False
            return True
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._keep_minimum()
            self.screen = pygame.display.get_surface()
            self.scene.resize(self.size)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return True
        return False

    def step(self, dt: float, first: list[pygame.event.Event] | None = None) -> bool:
        """Handle queued events, advance by ``dt`` and draw one frame; False once quitting.

        ``first``: events already taken off the queue (by the idle wait), handled first."""
        for event in (first or []) + pygame.event.get():
            self.dirty = True
            if not self._global(event):
                self.scene.handle(event)
        self.scene.update(dt)
        active = self.scene.active
        if self.dirty or active or self._was_active:
            self.scene.draw(self.screen)
            pygame.display.flip()
            self.dirty = False
        self._was_active = active
        self._update_cursor()
        return self.running

    def _update_cursor(self) -> None:
        want = getattr(self.scene, "cursor", lambda: pygame.SYSTEM_CURSOR_ARROW)()
        if want != self.cursor:
            self.cursor = want
            with contextlib.suppress(pygame.error):
                pygame.mouse.set_cursor(want)

    def run(self) -> None:
        """The real loop: full rate while something moves, a few frames a second when idle."""
        dt, first = 0.0, []
        while self.step(dt, first):
            first = []
            if self.scene.active:
                dt = min(0.1, self.clock.tick(BUSY_FPS) / 1000.0)
                continue
            event = pygame.event.wait(1000 // IDLE_FPS)
            if event.type != pygame.NOEVENT:
                first = [event]
            dt = min(0.1, self.clock.tick() / 1000.0)
        self.scene.leave()
        self.save_settings()
        pygame.quit()
