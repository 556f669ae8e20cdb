"""The settings screen: one row per setting whose declaration (game/store/settings.py)
gives it one, in the declaration's order, with its label, its values' words and its
explanation from there. Changes apply at once and are saved when leaving."""

from __future__ import annotations

import webbrowser
from collections.abc import Callable
from functools import partial

import pygame

from game.core.files import kept_aside
from game.store.settings import About, rows, settings_dir
from game.text import number, say, say_n
from game.ui import page, theme
from game.ui.scene import Scene
from game.ui.widgets import Button, Cycler, FocusRing, Slider, Toggle, Widget, text_of
from game.version import version

MARGIN = 16  # between a long explanation and the window's sides


class SettingsScene(Scene):
    """The player's settings, each row built from its setting's declaration."""

    name = "settings"

    def __init__(self, app, back_to: Scene | None = None) -> None:
        super().__init__(app)
        self.back_to = back_to
        self.about = dict(rows(type(app.settings)))
        self.row_of: dict[str, Widget] = {
            name: self._row(name, a) for name, a in self.about.items()
        }
        self.rows: list[Widget] = list(self.row_of.values())
        self.done = Button(lambda: say("button.done"), self.leave_screen)
        self.aside = kept_aside(settings_dir())  # what was set aside, for the player to see
        self.message = ""  # what opening their folder did
        self.aside_btn = Button(
            lambda: say_n("button.kept_aside", len(self.aside)),
            self.open_aside,
            help_text=lambda: self.message or say_n("settings.aside_help", len(self.aside)),
        )
        self.aside_btn.visible = bool(self.aside)
        self.ring = FocusRing(lambda: [*self.rows, *self._buttons()])

    def _buttons(self) -> list[Widget]:
        return [self.aside_btn, self.done] if self.aside_btn.visible else [self.done]

    def open_aside(self) -> None:
        """The folder of the copies set aside, opened in the desktop's file manager (the
        standard library's ``webbrowser`` hands a folder's address to it); where none
        opens, the folder's path is said and shown."""
        folder = settings_dir()
        try:
            opened = webbrowser.open(folder.resolve().as_uri())
        except Exception:  # (a desktop with no handler at all)
            opened = False
        key = "settings.aside_opened" if opened else "settings.aside_where"
        self.message = say(key, folder=str(folder), n=len(self.aside))
        self.app.speak(self.message)

    def _row(self, name: str, about: About) -> Widget:
        """A toggle, a choice or a slider for the setting ``name``."""
        app = self.app
        change = partial(app.change_setting, name)

        def help_text() -> str:
            return " ".join(filter(None, (say(about.help), app.setting_note(name))))

        def word(words: Callable[[], str]) -> Callable[[], str]:
            """A value's words, or why the setting cannot change now (no sound device)."""
            return lambda: app.setting_blocked(name) or words()

        if about.row == "slider":
            return Slider(
                lambda: say(about.label, n=number(app.setting(name))),
                _fraction(about, app.setting(name)),
                lambda v: change(_value(about, v)),
                help_text,
            )
        label = partial(say, about.label)
        if about.row == "toggle":
            on, off = word(partial(say, "option.on")), word(partial(say, "option.off"))
            return Toggle(label, app.setting(name), change, on, off, help_text)
        names = [word(partial(about.word, v)) for v in about.choices]
        return Cycler(label, about.choices, names, app.setting(name), change, help_text)

    def _follow(self) -> None:
        """Show each setting as it is now (F2 and F11 change some from anywhere). A setting
        that cannot change now (no sound device) is still focused and read, saying why."""
        for name, row in self.row_of.items():
            row.locked = self.app.setting_blocked(name) is not None
            value = self.app.setting(name)
            if isinstance(row, Cycler):
                row.set_value(value)
            elif isinstance(row, Slider) and not row.dragging:
                row.value = _fraction(self.about[name], value)

    def leave_screen(self) -> None:
        self.app.save_settings()
        if self.back_to is not None:
            self.app.show(self.back_to, leave=True, back=True)
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
        y = self.panel.bottom - int(row * 1.4)
        if self.aside_btn.visible:  # side by side: what was set aside, then Done
            bw = min(300, (pw - 3 * row) // 2)
            self.aside_btn.rect = pygame.Rect(w // 2 - bw - row // 2, y, bw, row)
            self.done.rect = pygame.Rect(w // 2 + row // 2, y, min(220, bw), row)
        else:
            self.done.rect = pygame.Rect(w // 2 - 110, y, 220, row)
        if self.back_to is not None:
            self.back_to.resize(size)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave_screen()
            return
        if self.ring.handle(event):
            return
        for wdg in [*self.rows, *self._buttons()]:
            if wdg.handle(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        _w, h = surface.get_size()
        self._follow()
        self.ring.sync()
        page.backdrop(surface, say("title.settings"), 0.06, 0.065)
        page.box(surface, self.panel, 200, 16)
        for wdg in [*self.rows, *self._buttons()]:
            wdg.draw(surface)
        focused = self.ring.current() or next((r for r in self.rows if r.hover), None)
        below = self.panel.bottom
        if focused is not None and focused.help:
            below = self._explain(surface, text_of(focused.help), int(h * 0.026))
        self._about(surface, below)

    def _about(self, surface: pygame.Surface, above: int) -> None:
        """The About line at the foot of the screen (which version this is, its licence),
        unless a long explanation already fills the room below ``above``."""
        w, h = surface.get_size()
        size = max(theme.READABLE, int(h * 0.022))
        if h - 6 - theme.font(size).get_linesize() < above:
            return
        words = say("settings.about", version=version())
        theme.text(surface, words, size, theme.INK_DIM, (w // 2, h - 6), "midbottom", width=w - 24)

    def _explain(self, surface: pygame.Surface, words: str, size: int) -> int:
        """The focused row's explanation under the panel: one line, or lines as wide as the
        window at the smallest readable size when one line would have to shrink below it
        (Read aloud's engine, or how to get one). Returns where the words end."""
        w = surface.get_width()
        if theme.fit_text(words, max(theme.READABLE, size), self.panel.w) >= theme.READABLE:
            where = (w // 2, self.panel.bottom + 10)
            drawn = theme.text(
                surface, words, size, theme.HINT, where, "midtop", width=self.panel.w
            )
            return drawn.bottom
        top, room = self.panel.bottom + 4, w - 2 * MARGIN
        for line in theme.wrap_lines(words, theme.font(theme.READABLE), room):
            where = (w // 2, top)
            drawn = theme.text(
                surface, line, theme.READABLE, theme.HINT, where, "midtop", width=room
            )
            top = drawn.bottom
        return top


def _fraction(about: About, value: float) -> float:
    """Where ``value`` sits on a slider over the setting's range (0 to 1)."""
    low, high = about.schema.low, about.schema.high
    assert low is not None, "a slider's setting has a range"
    assert high is not None, "a slider's setting has a range"
    return max(0.0, min(1.0, (value - low) / (high - low)))


def _value(about: About, fraction: float) -> float:
    """The setting's value at ``fraction`` of its slider, in its steps."""
    low, high = about.schema.low, about.schema.high
    assert low is not None, "a slider's setting has a range"
    assert high is not None, "a slider's setting has a range"
    return round(round((low + (high - low) * fraction) / about.step) * about.step, 9)
