"""The settings screen: sound, pace, highlights, deck colours, card back, fullscreen."""

from __future__ import annotations

import pygame

from game.settings import BACKS, PACES
from game.ui import cardart, theme
from game.ui.scene import Scene
from game.ui.widgets import Button, Cycler, Slider, Toggle, column


class SettingsScene(Scene):
    """Changes apply at once and are saved when leaving."""

    def __init__(self, app, back_to: Scene | None = None) -> None:
        super().__init__(app)
        s = app.settings
        self.back_to = back_to
        self.rows = [
            Toggle("Sound", s.sound, self._sound),
            Cycler(
                "Animation pace",
                PACES,
                [p.capitalize() for p in PACES],
                s.pace,
                lambda v: setattr(s, "pace", v),
            ),
            Toggle(
                "Highlight compulsory plays", s.highlights, lambda v: setattr(s, "highlights", v)
            ),
            Toggle("Four-colour deck", s.four_colour, lambda v: setattr(s, "four_colour", v)),
            Cycler(
                "Card back",
                BACKS,
                [b.capitalize() for b in BACKS],
                s.card_back,
                lambda v: setattr(s, "card_back", v),
            ),
            Toggle("Fullscreen (F11)", s.fullscreen, self._fullscreen),
            Slider("Stop window (1-4 s)", (s.stop_window - 1) / 3, self._stop_window),
        ]
        self.done = Button("Done", self.leave_screen)

    def _sound(self, on: bool) -> None:
        self.app.settings.sound = on
        self.app.audio.set_enabled(on)

    def _fullscreen(self, on: bool) -> None:
        self.app.set_fullscreen(on)

    def _stop_window(self, v: float) -> None:
        self.app.settings.stop_window = round(1 + 3 * v, 1)

    def leave_screen(self) -> None:
        from game.ui.scenes.menu import MenuScene

        self.app.save_settings()
        self.app.switch(self.back_to or MenuScene(self.app))

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        pw = min(680, int(w * 0.6))
        row = max(34, h // 18)
        self.panel = pygame.Rect(w // 2 - pw // 2, int(h * 0.16), pw, int(h * 0.74))
        column(self.panel.inflate(-row, -row), self.rows, row, row // 3)
        self.done.rect = pygame.Rect(w // 2 - 110, self.panel.bottom - int(row * 1.6), 220, row)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave_screen()
            return
        for wdg in [*self.rows, self.done]:
            if wdg.handle(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(cardart.felt((w, h)), (0, 0))
        theme.text(
            surface, "Settings", int(h * 0.07), theme.GOLD, (w // 2, int(h * 0.09)), "center", True
        )
        veil = pygame.Surface(self.panel.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (10, 30, 20, 200), veil.get_rect(), border_radius=16)
        surface.blit(veil, self.panel)
        pygame.draw.rect(surface, theme.PANEL_EDGE, self.panel, 2, border_radius=16)
        for wdg in [*self.rows, self.done]:
            wdg.draw(surface)
