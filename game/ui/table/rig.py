"""One table put together: the model, its view, the controller, the buttons, the voice and
the computer's thinker, with the player's input routed by the table's phase. The table,
the lesson and the replay each build a rig; none of them assembles a table by hand.

Input goes to an open overlay first (the game menu, a call's choices, a question), then to
the voice's keys, the buttons and the controller. Input while cards fly is never thrown
away: the cards land at once and the input then acts on the table as it lies.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ai.coach import Advice
from game.core.agents import Agent
from game.core.match import Match
from game.core.referee import Referee
from game.core.spec import GameSpec
from game.core.types import Action
from game.store.settings import Settings
from game.ui import cardart
from game.ui.scene import Scene
from game.ui.table.input.buttons import Navigation, TableControls
from game.ui.table.input.controller import TableController
from game.ui.table.model.table_model import TableModel
from game.ui.table.model.thinker import Thinker
from game.ui.table.view.table_view import TableView
from game.ui.table.voice.speech import TableSpeech

NUMBER_KEYS = {getattr(pygame, f"K_{i}"): i - 1 for i in range(1, 10)}
ARROWS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)
ENTER = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)


def _nowhere() -> None:
    """A replay's table has no game menu to go anywhere from."""


WATCHING = Navigation(_nowhere, _nowhere, _nowhere, _nowhere)


class RigDirector:
    """A table's director as its rig answers for it: the table's own overlays cover it, its
    voice hears the moves and waits on them, the coach's advice is worded as a hint, and
    nothing is held or vetted. Each scene's director builds on it (``game/ui/scenes``)."""

    caption: str | None = None
    watching = False
    hurries = True
    panel_room = (0, 0)

    def __init__(self) -> None:
        self._rig: TableRig | None = None

    def attach(self, rig: TableRig) -> None:
        """The rig made for this director (before its model, which asks the director)."""
        self._rig = rig

    @property
    def rig(self) -> TableRig:
        assert self._rig is not None, "a director is asked only once its rig is made"
        return self._rig

    def covered(self) -> bool:
        return self.rig.controls.paused

    def held(self) -> bool:
        return False

    def held_for_good(self) -> bool:
        return False

    def plays_for_me(self) -> bool:
        return False

    def vet(self, action: Action) -> bool:
        return True

    def saying_move(self) -> bool:
        return self.rig.speech is not None and self.rig.speech.saying_move()

    def on_move(self, action: Action) -> None:
        pass

    def on_change(self) -> None:
        pass

    def on_summary(self) -> None:
        pass

    def on_line(self, line: str, seat: int | None) -> None:
        """Said as the table's voice says a move; a replay's, as each move is shown."""
        if self.rig.speech is not None:
            self.rig.speech.line(line, seat)
        elif self.watching:
            self.rig.app.speak(line, interrupt=False)

    def on_told(self) -> None:
        if not self.watching:
            self.rig.app.save_settings()

    def hint_words(self, advice: Advice) -> str:
        return self.rig.model.hint_words(advice)


class TableRig:
    """A table's model, view, controller, buttons, voice and thinker. ``nav`` is what the
    game menu can do beyond the table; a replay's rig only watches (no input, no voice)."""

    def __init__(
        self,
        app,
        spec: GameSpec,
        match: Match,
        referee: Referee,
        options: Callable[[], Settings],
        director: RigDirector,
        nav: Navigation | None = None,
        hint_agent: Agent | None = None,
        art: cardart.CardArt | None = None,
    ) -> None:
        director.attach(self)
        self.app = app
        self.watching = director.watching
        self.speech: TableSpeech | None = None
        self.thinker = Thinker(hint_agent)
        play, size = app.audio.play, app.size
        self.model = m = TableModel(
            spec, match, referee, self.thinker, options, play, size, director
        )
        self.art = art or cardart.CardArt()
        self.view = TableView(m, self.art)
        self.controller = TableController(m, self.view.card_at, self.view.drop_target,
                                          self.view.card_home)  # fmt: skip
        self.controls = TableControls(m, nav or WATCHING)
        self.controls.rules.style = lambda: (app.settings.faces, app.settings.card_back)
        self.view.controls = self.controls
        if not self.watching:  # a replay says each move as it is shown, nothing else
            self.speech = TableSpeech(m, self.controller, app.voice, self.controls)
        self.on_escape: Callable[[], None] = self.controls.escape
        self.holds_window: Callable[[], bool] = lambda: False  # besides the pointer on a call
        self._moves_seen = -1
        self._overlaid = True  # the last frame had an overlay over the whole table

    # ------------------------------------------------------------------ frame
    @property
    def active(self) -> bool:
        return self.model.running() or self.controller.drag is not None

    def resize(self, size: tuple[int, int]) -> None:
        self.model.resize(size)
        o = self.app.settings
        self.art.configure(self.model.layout.card, o.faces, o.card_back)
        self.controls.place(self.model.layout)

    def update(self, dt: float) -> None:
        m = self.model
        m.window.held = self.holds_window() or self.controls.call_hovered(self.controller.hover)
        m.tick(dt)
        moves = len(m.state.history)
        if moves != self._moves_seen and m.human_may_act():  # the focus follows play
            self._moves_seen = moves
            self.controller.follow_play()
        self.controller.settle_focus()
        self.controller.forget_stale_note()
        if self.speech is not None:
            self.speech.update()

    def draw(self, surface: pygame.Surface, again: bool = False) -> None:
        """``again``: the surface holds this rig's last frame, nothing drawn over it since
        (see ``TableView.draw``); a frame after an overlay over the whole table (the game
        menu, a question) is drawn whole all the same."""
        with self.model.one_phase():
            self.view.draw(surface, self.controller.pointer(), again and not self._overlaid)
            drawn = [] if self.watching else self.controls.draw(surface)
        self._overlaid = drawn is None
        self.view.painted += drawn or []

    def leave(self) -> None:
        self.thinker.close()
        if self.speech is not None:  # the app's voice shortens no other table's moves
            self.speech.left()
            self.app.voice.summarise_with(None)

    # ------------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event) -> bool:
        """Route one input event; True when the table used it."""
        if event.type == pygame.KEYDOWN and self.speech is not None:
            self.speech.keyed()  # (what the key does is said at once)
        if self.controls.overlay_open():
            self.controls.handle(event)
            return True
        if self.speech is not None and self.speech.asks(event):
            self._land()  # (T reads the table as it lies now, never a card still flying)
            return self.speech.key(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if not self.controller.escape():
                self.on_escape()
            return True
        if self.controls.handle(event):
            return True
        self._catch_up(event)
        c = self.controller
        if event.type == pygame.MOUSEMOTION:
            c.motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            c.press(event.pos, event)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            c.release(event.pos)
        elif event.type == pygame.KEYDOWN:
            return self._key(event)
        else:
            return False
        return True

    def _catch_up(self, event: pygame.event.Event) -> None:
        """A press or a key that acts on the table, while cards fly (or a dropped card
        glides home): the cards land at once, and the input then acts on the table as it
        lies, never thrown away."""
        acting = event.type == pygame.MOUSEBUTTONDOWN or (
            event.type == pygame.KEYDOWN and (event.key in ENTER or event.key in NUMBER_KEYS)
        )
        if acting:
            self._land()

    def _land(self) -> None:
        """Cards in flight (or a dropped card gliding home) land at once."""
        m = self.model
        if not m.phase.at_rest or m.show.glide is not None:
            m.stage.land_now()
            m.hooks.peeks.clear()
            m.stage.landed()

    def _key(self, event: pygame.event.Event) -> bool:
        c, m, key = self.controller, self.model, event.key
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        calls = {pygame.key.key_code(call.key): i for i, call in enumerate(self.controls.calls())}
        moves = {pygame.key.key_code(move.key): i for i, move in enumerate(m.spec.moves)}
        if ctrl and key == pygame.K_z:
            m.undo()
        elif ctrl and key == pygame.K_y:
            m.redo()
        elif key in ENTER:
            c.activate()
        elif key == pygame.K_TAB:
            c.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif key in ARROWS:
            dx = (key == pygame.K_RIGHT) - (key == pygame.K_LEFT)
            dy = (key == pygame.K_DOWN) - (key == pygame.K_UP)
            c.focus_towards(dx, dy)
        elif key in NUMBER_KEYS:
            c.number_key(NUMBER_KEYS[key])
        elif key == pygame.K_h and self.controls.hint_btn.visible:
            m.ask_hint()
        elif key in calls and not ctrl:
            m.press_call(calls[key])
        elif key in moves and not ctrl:
            m.press_move(moves[key])
        elif key == pygame.K_F1 or getattr(event, "unicode", "") == "?":
            self.controls.open_help()
        else:
            return False
        return True

    def cursor(self) -> int:
        """A hand over what can be picked up or clicked, else the arrow."""
        c, pos = self.controller, self.controller.hover
        if c.drag or any(w.visible and w.rect.collidepoint(pos) for w in self.controls.widgets()):
            return pygame.SYSTEM_CURSOR_HAND
        hit = self.view.card_at(pos) if self.model.takes_moves() else None
        if hit is None:
            return pygame.SYSTEM_CURSOR_ARROW
        pid, index = hit
        if c.click_moves(pid) or c.movable(pid, index):
            return pygame.SYSTEM_CURSOR_HAND
        return pygame.SYSTEM_CURSOR_ARROW


class RiggedScene(Scene):
    """A scene around a table rig (``self.rig``), its parts at hand by name."""

    rig: TableRig
    model = property(lambda self: self.rig.model)
    view = property(lambda self: self.rig.view)
    controller = property(lambda self: self.rig.controller)
    controls = property(lambda self: self.rig.controls)
    speech = property(lambda self: self.rig.speech)
    thinker = property(lambda self: self.rig.thinker)
    art = property(lambda self: self.rig.art)
    state = property(lambda self: self.model.state)
    human = property(lambda self: self.model.human)

    def cursor(self) -> int:
        return self.rig.cursor()

    def spoken_question(self) -> tuple[str, str] | None:
        """The question over the table (its words, the answer the focus is on), which the
        app's voice says when it opens and F3 repeats."""
        return self.rig.controls.asked()
