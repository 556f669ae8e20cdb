"""The window, the loop, and the routes between scenes.

``step(dt)`` processes the event queue, advances the scene and draws one frame:
the real loop calls it, and the tests call it with posted events. The loop
sleeps when nothing moves, so an idle table costs next to no CPU. Scenes never
import each other: they ask the app to ``goto`` a scene by name.
"""

from __future__ import annotations

import contextlib
import logging
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game import TITLE
from game.core.drawable import drawable
from game.core.files import Notice
from game.store.settings import Settings, load_settings, save_settings
from game.text import say, set_language
from game.ui import caption, theme
from game.ui.audio import Audio
from game.ui.scene import Scene
from game.ui.voice import Voice
from game.ui.widgets import FocusRing
from game.ui.window import (  # noqa: F401 (the window's limits, read through the app too)
    DEFAULT_SIZE,
    LARGEST,
    MIN_SIZE,
    TITLE_BAR,
    NoDisplay,
    close_window,
    fit_position,
    fit_to_screen,
    open_window,
    refuse_invisible_window,
    screen_size,
)

if TYPE_CHECKING:  # the keeper is opened after the first frame (game.ui.start.keep)
    from game.core.state import GameState
    from game.session import Session
    from game.store.keeper import Keeper

log = logging.getLogger(__name__)
BUSY_FPS, IDLE_FPS = 60, 8
SPEECH_KEYS = (pygame.K_F2, pygame.K_F3)  # Read aloud on/off, say the last sentence again
FAREWELL_AT_MOST = 6.0  # seconds the window waits for its goodbye to be said
GOOD_NEWS = frozenset({"match_kept", "hand_kept", "moved_in"})  # something done, not trouble


def _safely(name: str, keeping: Callable[..., None], *args: Any) -> None:
    """A keeper's write that fails is logged: the player's files must never halt the game
    (the keeper tells the player what it could not keep)."""
    try:
        keeping(*args)
    except Exception as err:
        log.warning("%s failed: %s", name, err)


class App:
    """One window and the scene on it, and the player's things kept between runs.

    ``size`` (``--size``) wins over the size the window had when it last closed; without
    either the window opens at the default size, centred."""

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        state_file: str | None = None,
        settings: Settings | None = None,
    ) -> None:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        pygame.display.init()
        pygame.font.init()
        theme.forget_fonts()
        refuse_invisible_window()
        loaded, problem = load_settings() if settings is None else (settings, None)
        self.settings = loaded
        self.lang_for_run: str | None = None  # --lang: this run only, never saved
        set_language(self.settings.lang)
        self.notes: list[Notice] = []  # what the player was told: phrase and detail, not words
        if problem:
            self.notice(problem)
        self.state_file = Path(state_file) if state_file else None
        last = self.settings.window()
        want = fit_to_screen(size or (last[0] if last else DEFAULT_SIZE))
        self._asked = fit_position(last[1], want) if last else None  # see _placed
        self._frame, self._placing = (0, 0), time.monotonic() + 2.0
        self.window = open_window(want, self._asked)
        self.window.title = say("app.title") or TITLE
        self._set_icon()
        self.screen = self.window.get_surface()
        self.window.minimum_size = fit_to_screen(MIN_SIZE)
        self.window.show()
        self.audio = Audio(self.settings.sound)
        self.voice = Voice(self.settings)
        FocusRing.on_focus = self.voice.widget
        self.clock = pygame.time.Clock()
        self.running = True
        self._leaving_by: float | None = None  # quitting: the clock time the goodbye ends by
        self.dirty = True
        self._alone: Scene | None = None  # the scene whose frame the screen holds, as drawn
        self._was_active = True
        self.cursor: int | None = None  # the system cursor shown
        self.scene: Scene = Scene(self)
        self.routes: dict[str, Callable[..., Scene]] = {}
        self.after_frame: list[Callable[[], None]] = []  # once a frame is on screen (start)
        self.keeper: Keeper | None = None  # the player's keepings (game.ui.start.keep)
        if self.settings.fullscreen:
            self.set_fullscreen(True)

    def _set_icon(self) -> None:
        try:
            from game.assets.art.icon import set_window_icon

            set_window_icon(self.window)
        except Exception:
            pass

    def _remember_window(self) -> None:
        """The windowed size and place, for the next start (a fullscreen one is not it)."""
        if self.settings.fullscreen:
            return
        with contextlib.suppress(pygame.error, AttributeError):
            pygame.event.pump()  # a move or resize just before closing is known to SDL
            x, y = self.window.position
            self.settings.remember_window(
                self.window.size, (x - self._frame[0], y - self._frame[1])
            )

    def _placed(self, event: pygame.event.Event) -> None:
        """The first move of the window, as it appears, is the window manager placing it:
        its frame where the game asked, the window inside lower by the title bar. The place
        is remembered less that, or the window would creep down by the title bar at every
        start (openbox)."""
        asked, self._asked = self._asked, None
        if asked is None:
            return
        dx, dy = event.x - asked[0], event.y - asked[1]
        if abs(dx) <= 64 and 0 <= dy <= 128 and time.monotonic() < self._placing:
            self._frame = (dx, dy)

    @property
    def size(self) -> tuple[int, int]:
        """The size scenes lay out for: the window's own."""
        return self.screen.get_size()

    # ----------------------------------------------------------------- notices
    def notice(self, notice: Notice) -> None:
        """A message for the player from the stores."""
        self.notes.append(notice)

    @property
    def notices(self) -> list[str]:
        """The notices in the language shown now (a switch of language rewords them)."""
        return [say(f"notice.{n.code}", detail=drawable(n.detail)) for n in self.notes]

    @property
    def notice_good(self) -> bool:
        """The last notice is good news (drawn calm, not red)."""
        return bool(self.notes) and self.notes[-1].code in GOOD_NEWS

    # ----------------------------------------------------------------- routes
    def route(self, name: str, factory: Callable[..., Scene]) -> None:
        self.routes[name] = factory

    def goto(self, name: str, leave: bool = True, **kwargs: Any) -> Scene:
        """Show the scene called ``name``, made with ``kwargs`` (``scene=`` shows one that
        exists); ``leave=False`` keeps the old one's resources (the table under its summary)."""
        scene = kwargs.pop("scene", None) or self.routes[name](self, **kwargs)
        self.show(scene, leave)
        return scene

    def show(self, scene: Scene, leave: bool = True, back: bool = False) -> None:
        """``back``: the player goes back to ``scene`` (Settings closed over the table), and
        the voice says so."""
        if leave and scene is not self.scene:
            self.leave_scenes(until=scene)
        self.scene = scene
        scene.resize(self.size)
        self.dirty = True
        self._alone = None
        self.voice.entered(scene, back)

    switch = show

    def leave_scenes(self, until: Scene | None = None) -> None:
        """Leave the scene shown and each one it is drawn over, but ``until`` (the one shown
        next) and those it is drawn over in turn: no table's worker thread outlives the
        last screen that showed it."""
        kept: list[Scene] = []
        while until is not None:
            kept.append(until)
            until = until.beneath
        gone: Scene | None = self.scene
        while gone is not None and not any(gone is k for k in kept):
            gone.leave()
            gone = gone.beneath

    def speak(self, text: str, interrupt: bool = True) -> None:
        """Say ``text`` aloud when Read aloud is on (any scene, the tutorial)."""
        self.voice.speak(text, interrupt)

    # ----------------------------------------------------------------- the player's things
    def setting(self, name: str) -> Any:
        """A setting as the Settings screen shows it: what the app made of the stored value
        (the system's language for "", Read aloud as it is: a screen reader turns it on)."""
        shown = {"language": lambda: self.lang, "speech": lambda: self.voice.on}
        return shown[name]() if name in shown else getattr(self.settings, name)

    def change_setting(self, name: str, value: Any) -> None:
        """Keep a setting the player changed, applied at once where the app holds it."""
        appliers: dict[str, Callable[[Any], None]] = {
            "language": self.set_language,
            "sound": self._set_sound,
            "fullscreen": self.set_fullscreen,
            "speech": self.voice.set_on,
        }
        apply = appliers.get(name)
        if apply is None:
            setattr(self.settings, name, value)
        else:
            apply(value)

    def setting_note(self, name: str) -> str:
        """What the Settings screen adds to a setting's explanation: the speech engine
        found, or how to get one."""
        if name != "speech":
            return ""
        engine = self.voice.engine
        return say("settings.speech.engine", name=engine) if engine else say("settings.speech.none")

    def setting_blocked(self, name: str) -> str | None:
        """Why a setting cannot be changed now (there is no sound device), or None."""
        if name == "sound" and not self.audio.available:
            return say("settings.sound.none")
        return None

    def _set_sound(self, on: bool) -> None:
        self.settings.sound = on
        self.audio.set_enabled(on)

    def match_changed(self, session: Session) -> None:
        """After every move: the state file (``--state-file``) and the saved match."""
        self.write_state(session.state)
        if self.keeper is not None:
            _safely("match_changed", self.keeper.match_changed, session)

    def give_up_hand(self, session: Session) -> bool:
        """The one way an unfinished hand is left for good (the game menu's New hand, a new
        game started over the saved one): a hand with a move made is kept as given up and
        counted as a lost hand (the keeper's ``hand_abandoned``). True if it was."""
        from game.session import hand_in_play

        if not hand_in_play(session.state):
            return False
        if self.keeper is not None:
            _safely("hand_abandoned", self.keeper.hand_abandoned, session)
        return True

    @property
    def lang(self) -> str:
        """The language the game speaks now: the command line's for this run, else the
        player's setting."""
        return self.lang_for_run or self.settings.lang

    def use_language_for_run(self, lang: str) -> None:
        """``--lang``: speak ``lang`` until the game closes, keeping the player's setting."""
        self.lang_for_run = lang
        self._speak_language()

    def set_language(self, lang: str) -> None:
        """The player chose a language in Settings: kept, and it ends a ``--lang``."""
        self.settings.language = lang
        self.lang_for_run = None
        self._speak_language()

    def _speak_language(self) -> None:
        set_language(self.lang)
        with contextlib.suppress(pygame.error):
            self.window.title = say("app.title")
        self.scene.resize(self.size)
        self._alone = None

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
        self._follow_window()

    def _follow_window(self) -> None:
        """Lay out for the size the window really has: its surface, asked for again after
        a resize or a mode change, has it."""
        with contextlib.suppress(pygame.error):
            self.screen = self.window.get_surface()
        self.scene.resize(self.size)
        self.dirty = True
        self._alone = None

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.settings.fullscreen)

    def save_settings(self) -> None:
        problem = save_settings(self.settings)
        if problem:
            self.notice(problem)

    def quit(self) -> None:
        """Quit, saying what is kept: a player who cannot see the window close hears that
        the game ends and that Continue takes the match up (the window waits for those words,
        a few seconds at most; any key or click ends the wait)."""
        if self._leaving_by is not None:
            return
        if not self.voice.on:
            self.running = False
            return
        kept = self.keeper is not None and self.keeper.saved_match() is not None
        self.speak(say("speech.quit.kept" if kept else "speech.quit"), interrupt=True)
        self._leaving_by = time.monotonic() + FAREWELL_AT_MOST

    def _farewell(self, events: list[pygame.event.Event]) -> bool:
        """While the goodbye is said: True once it is over (said, cut short, or too long)."""
        if any(e.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.QUIT) for e in events):
            return True
        assert self._leaving_by is not None
        return self.voice.quiet() or time.monotonic() >= self._leaving_by

    def write_state(self, state: GameState) -> None:
        """``--state-file``: the hand's record and report after every applied action."""
        if self.state_file is None:
            return
        from game.core.files import write_json_atomic

        report = {
            "to_move": state.to_move,
            "over": state.is_over,
            "winner": state.winner,
            "score": list(state.score),
            "state": state.report(),
        }
        try:
            write_json_atomic(self.state_file, {"record": state.record(), "report": report})
        except OSError as err:
            self.state_file = None
            self.notice(Notice("state_file", str(err.strerror or err)))

    def _fit_placed(self) -> None:
        """The window as the window manager placed it kept inside the screen, title bar
        included (SDL's position may be the frame's, the title bar not counted in the
        size): a foot or right edge past the screen's is brought in by making the window
        smaller, never by moving it (see open_window)."""
        screen = screen_size()
        if screen is None or self.settings.fullscreen:
            return
        with contextlib.suppress(pygame.error):
            (x, y), (w, h) = self.window.position, self.window.size
            fits = (min(w, screen[0] - max(0, x)), min(h, screen[1] - max(0, y) - TITLE_BAR))
            if fits != (w, h) and fits[0] >= 320 and fits[1] >= 240:
                self.window.size = fits
                self._follow_window()

    def _keep_minimum(self) -> None:
        """A window manager may ignore the minimum-size hint: grow the window back."""
        w, h = self.window.size
        low = fit_to_screen(MIN_SIZE)
        if (w >= low[0] and h >= low[1]) or self.settings.fullscreen:
            return
        with contextlib.suppress(pygame.error):
            self.window.minimum_size = low
            self.window.size = (max(low[0], w), max(low[1], h))

    # ----------------------------------------------------------------- loop
    def _global(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.WINDOWMOVED and self._asked is not None:
            self._placed(event)
        if event.type == pygame.WINDOWMOVED and time.monotonic() < self._placing:
            self._fit_placed()
        if event.type == pygame.QUIT:
            self.quit()
            return True
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._keep_minimum()
            self._follow_window()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return True
        if event.type == pygame.KEYDOWN and event.key in SPEECH_KEYS:
            if event.key == pygame.K_F2:
                self.voice.toggle()
            else:
                self.voice.repeat()
            return True
        return False

    def step(self, dt: float, first: list[pygame.event.Event] | None = None) -> bool:
        """Handle queued events, advance by ``dt`` and draw one frame; False once quitting.

        ``first``: events already taken off the queue (by the idle wait), handled first."""
        events = (first or []) + pygame.event.get()
        if self._leaving_by is not None:
            self.running = not self._farewell(events)
            return self.running
        for event in events:
            self.dirty = True
            if not self._global(event):
                self.scene.handle(event)
        self.scene.update(dt)
        self.voice.follow(self.scene)
        self.voice.tell(self.notices)
        active = self.voice.age(dt) or self.scene.active
        if self.dirty or active or self._was_active:
            self.scene.draw(self.screen)
            self._alone = self.scene
            if self.voice.caption is not None:
                caption.draw(self.screen, self.voice.caption)
                self._alone = None
            self.window.flip()
            self.dirty = False
            while self.after_frame:
                self.after_frame.pop(0)()
        self._was_active = active
        self._update_cursor()
        return self.running

    def shows_alone(self, scene: Scene) -> bool:
        """Whether the screen still holds the last frame ``scene`` drew, nothing drawn over
        it since (no caption, no other scene, the same window surface): the scene may then
        draw only what changed."""
        return self._alone is scene

    def _update_cursor(self) -> None:
        want = getattr(self.scene, "cursor", lambda: pygame.SYSTEM_CURSOR_ARROW)()
        if want != self.cursor:
            self.cursor = want
            with contextlib.suppress(pygame.error):
                pygame.mouse.set_cursor(want)

    def run(self) -> None:
        """The real loop: full rate while something moves, a few frames a second when idle."""
        dt, first = 0.0, list[pygame.event.Event]()
        while self.step(dt, first):
            first = []
            if self.scene.active:
                dt = min(0.1, self.clock.tick(BUSY_FPS) / 1000.0)
                continue
            event = pygame.event.wait(1000 // IDLE_FPS)
            if event.type != pygame.NOEVENT:
                first = [event]
            dt = min(0.1, self.clock.tick() / 1000.0)
        self.close()

    def close(self) -> None:
        self.leave_scenes()
        if self.keeper is not None:
            _safely("closing", self.keeper.close)
        self._remember_window()
        self.voice.close()
        self.save_settings()
        close_window(self.window)
        pygame.quit()
