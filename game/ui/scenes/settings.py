"""The settings screen: language, sound, pace and motion, cards and colours, the table's
helps (highlights, automatic forced moves, faults shown, take-backs), the Stop window."""

from __future__ import annotations

import pygame

from game.store.settings import BACKS, CARD_SCALES, COACH_THRESHOLDS, FACES, PACES, STOP_WINDOW
from game.text import LANGUAGES, NATIVE_NAMES, number, say, say_n
from game.ui import page, theme
from game.ui.scene import Scene
from game.ui.widgets import Button, Cycler, FocusRing, Slider, Toggle, Widget


def _on_off(label_key: str, value: bool, change, help_key: str) -> Toggle:
    return Toggle(
        lambda: say(label_key),
        value,
        change,
        lambda: say("option.on"),
        lambda: say("option.off"),
        lambda: say(help_key),
    )


class SettingsScene(Scene):
    """Changes apply at once and are saved when leaving."""

    name = "settings"

    def __init__(self, app, back_to: Scene | None = None) -> None:
        super().__init__(app)
        s = app.settings
        self.back_to = back_to
        span = STOP_WINDOW[1] - STOP_WINDOW[0]
        self.sound = _on_off("settings.sound", s.sound, self._sound, "settings.sound.help")
        self.speech = Toggle(
            lambda: say("settings.speech"),
            app.voice.on,
            app.voice.set_on,
            lambda: say("option.on"),
            lambda: say("option.off"),
            self._speech_help,
        )
        self.rows: list[Widget] = [
            Cycler(
                lambda: say("settings.language"),
                LANGUAGES,
                [NATIVE_NAMES[lang] for lang in LANGUAGES],
                s.lang,
                app.set_language,
                lambda: say("settings.language.help"),
            ),
            self.sound,
            Cycler(
                lambda: say("settings.pace"),
                PACES,
                [lambda p=p: say(f"settings.pace.{p}") for p in PACES],
                s.pace,
                lambda v: setattr(s, "pace", v),
                lambda: say("settings.pace.help"),
            ),
            _on_off(
                "settings.reduced_motion",
                s.reduced_motion,
                lambda v: setattr(s, "reduced_motion", v),
                "settings.reduced_motion.help",
            ),
            Cycler(
                lambda: say("settings.card_size"),
                CARD_SCALES,
                [lambda k=k: say(f"settings.card_size.{int(k * 100)}") for k in CARD_SCALES],
                s.card_scale,
                self._card_scale,
                lambda: say("settings.card_size.help"),
            ),
            Cycler(
                lambda: say("settings.faces"),
                FACES,
                [lambda f=f: say(f"settings.faces.{f}") for f in FACES],
                s.faces,
                lambda v: setattr(s, "faces", v),
                lambda: say("settings.faces.help"),
            ),
            Cycler(
                lambda: say("settings.back"),
                BACKS,
                [lambda b=b: say(f"settings.back.{b}") for b in BACKS],
                s.card_back,
                lambda v: setattr(s, "card_back", v),
                lambda: say("settings.back.help"),
            ),
            _on_off(
                "settings.highlights",
                s.highlights,
                lambda v: setattr(s, "highlights", v),
                "settings.highlights.help",
            ),
            _on_off(
                "settings.auto_play",
                s.auto_play,
                lambda v: setattr(s, "auto_play", v),
                "settings.auto_play.help",
            ),
            _on_off(
                "settings.hand_keys",
                s.hand_keys,
                lambda v: setattr(s, "hand_keys", v),
                "settings.hand_keys.help",
            ),
            _on_off(
                "settings.take_backs",
                s.take_backs,
                lambda v: setattr(s, "take_backs", v),
                "settings.take_backs.help",
            ),
            _on_off(
                "settings.coach", s.coach, lambda v: setattr(s, "coach", v), "settings.coach.help"
            ),
            Cycler(
                lambda: say("settings.coach_threshold"),
                COACH_THRESHOLDS,
                [
                    lambda t=t: say_n("settings.coach_threshold.value", int(t))
                    for t in COACH_THRESHOLDS
                ],
                s.coach_threshold,
                lambda v: setattr(s, "coach_threshold", v),
                lambda: say("settings.coach_threshold.help"),
            ),
            _on_off(
                "settings.show_faults",
                s.show_faults,
                lambda v: setattr(s, "show_faults", v),
                "settings.show_faults.help",
            ),
            Slider(
                self._stop_label,
                (s.stop_window - STOP_WINDOW[0]) / span,
                self._stop_window,
                lambda: say("settings.stop_window.help"),
            ),
            _on_off(
                "settings.fullscreen", s.fullscreen, app.set_fullscreen, "settings.fullscreen.help"
            ),
            self.speech,
        ]
        self.done = Button(lambda: say("button.done"), self.leave_screen)
        self.ring = FocusRing(lambda: [*self.rows, self.done])

    def _sound(self, on: bool) -> None:
        self.app.settings.sound = on
        self.app.audio.set_enabled(on)

    def _speech_help(self) -> str:
        """What Read aloud does, and the engine that speaks (or how to get one)."""
        engine = self.app.voice.engine
        found = say("settings.speech.engine", name=engine) if engine else ""
        return " ".join((say("settings.speech.help"), found or say("settings.speech.none")))

    def _card_scale(self, value: float) -> None:
        self.app.settings.card_scale = value

    def _stop_label(self) -> str:
        return say("settings.stop_window", n=number(self.app.settings.stop_window))

    def _stop_window(self, v: float) -> None:
        low, high = STOP_WINDOW
        self.app.settings.stop_window = round(low + (high - low) * v, 1)

    def leave_screen(self) -> None:
        self.app.save_settings()
        if self.back_to is not None:
            self.app.show(self.back_to, leave=True)
        else:
            self.app.goto("menu")

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        pw = min(760, int(w * 0.66))
        row = max(18, min(44, int(h * 0.8 / (1.2 * len(self.rows) + 3))))  # help line below
        gap = max(3, row // 5)
        top = int(h * 0.13)
        self.panel = pygame.Rect(w // 2 - pw // 2, top, pw, (row + gap) * len(self.rows) + row * 3)
        inner = self.panel.inflate(-row, -row)
        for i, wdg in enumerate(self.rows):
            wdg.rect = pygame.Rect(inner.x, inner.y + i * (row + gap), inner.w, row)
            wdg.label_frac = 0.52
        self.done.rect = pygame.Rect(w // 2 - 110, self.panel.bottom - int(row * 1.4), 220, row)
        if self.back_to is not None:
            self.back_to.resize(size)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave_screen()
            return
        if self.ring.handle(event):
            return
        for wdg in [*self.rows, self.done]:
            if wdg.handle(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        self.sound.enabled = self.app.audio.available
        if not self.sound.enabled:
            self.sound.names = [lambda: say("settings.sound.none")] * 2
        self.speech.set_value(self.app.voice.on)  # F2 may have changed it
        self.ring.sync()
        page.backdrop(surface, say("title.settings"), 0.06, 0.065)
        page.box(surface, self.panel, 200, 16)
        for wdg in [*self.rows, self.done]:
            wdg.draw(surface)
        focused = self.ring.current() or next((r for r in self.rows if r.hover), None)
        if focused is not None and focused.help:
            theme.text(
                surface,
                focused.help(),
                int(h * 0.026),
                theme.HINT,
                (w // 2, self.panel.bottom + 10),
                "midtop",
                width=self.panel.w,
            )
