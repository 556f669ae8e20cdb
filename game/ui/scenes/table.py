"""The card table scene: puts a session's model, controller, view and buttons together.

Input goes to the buttons first, then to the controller; every frame the model
moves on and the view draws it. Leaving the table (the summary, the menu) goes
through the app, never by importing another scene.
"""

from __future__ import annotations

from functools import partial

import pygame

from game.session import Session
from game.store.settings import Settings
from game.text import number, say
from game.ui import cardart
from game.ui.scene import Scene
from game.ui.table.controller import TableController
from game.ui.table.controls import Navigation, TableControls
from game.ui.table.hints import hint_text
from game.ui.table.model import TableModel
from game.ui.table.speech import TableSpeech
from game.ui.table.thinker import Thinker
from game.ui.table.view import TableView

NUMBER_KEYS = {getattr(pygame, f"K_{i}"): i - 1 for i in range(1, 10)}


class TableScene(Scene):
    """A match in progress, one hand on the table at a time."""

    name = "table"

    def __init__(self, app, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.thinker = Thinker(session.hint_agent())
        self.model = TableModel(
            session.spec,
            session.match,
            session.referee,
            self.thinker,
            self.table_settings,
            app.audio.play,
            app.size,
        )
        self.model.on_change = self._changed
        self.model.hint_words = partial(hint_text, self.model)
        self.model.on_hand_over = self._hand_over
        self.art = cardart.CardArt()
        self.view = TableView(self.model, self.art)
        self.controller = TableController(
            self.model, self.view.card_at, self.view.drop_target, self.view.card_home
        )
        nav = Navigation(self.new_hand, self.main_menu, self.settings, app.quit, None, self.learn)
        self.controls = TableControls(self.model, nav)
        self.controls.rules.style = lambda: (app.settings.faces, app.settings.card_back)
        self.view.controller, self.view.controls = self.controller, self.controls
        self.speech = TableSpeech(self.model, self.controller, app.voice, self.controls)
        self._moves_seen = -1
        self.resize(app.size)
        self.art.warm()
        self._changed()

    # ------------------------------------------------------------------ wiring
    def table_settings(self) -> Settings:
        """The player's settings, read live: the Settings screen may change them mid-hand."""
        return self.app.settings

    @property
    def state(self):
        return self.model.state

    @property
    def match(self):
        return self.model.match

    @property
    def human(self) -> int:
        return self.model.human

    def _changed(self) -> None:
        """After every move: the match is saved and the state file written."""
        self.session.took_back = self.session.took_back or self.session.referee.took_back
        self.app.match_changed(self.session)

    def _hand_over(self) -> None:
        """The summary, after the table's pause (the hand was counted when it ended)."""
        self.app.goto("summary", table=self, leave=False)

    def review(self, back) -> None:
        """The coach's review of the hand just played."""
        self.app.goto(
            "review",
            record=self.state.record(),
            seat=self.human,
            back=back,
            deal=self.match.deal_no,
            leave=False,
        )

    # ------------------------------------------------------------------ navigation
    def next_hand(self) -> None:
        self.session.next_hand()
        self.thinker.forget()
        self.model.start_hand()
        self.resize(self.app.size)
        self._changed()

    def new_hand(self) -> None:
        """The game menu's "New hand": a hand abandoned mid-way counts as lost."""
        if self.state.history and not self.state.is_over:
            self.app.hand_abandoned(self.session)
        self.session.deal_again(self.session.match.deal_no + 1)
        self.thinker.forget()
        self.model.start_hand()
        self.resize(self.app.size)
        self._changed()

    def main_menu(self) -> None:
        """The match is saved after every move: leaving keeps it for "Continue"."""
        if self.state.history and not self.match.is_over:
            self.app.notice("match_kept")
        self.app.goto("menu")

    def learn(self) -> None:
        """The game's lessons, on a table of their own; Leave comes back here."""
        self.controls.close_menu()
        if self.model.spec.lessons:
            self.app.goto("lesson", game=self.model.spec.id, back=self, leave=False)

    def settings(self) -> None:
        self.controls.close_menu()
        self.app.goto("settings", back_to=self, leave=False)

    # ------------------------------------------------------------------ frame
    @property
    def active(self) -> bool:
        c = self.controller
        return self.model.active or c.drag is not None

    def resize(self, size: tuple[int, int]) -> None:
        self.model.resize(size)
        o = self.app.settings
        self.art.configure(self.model.layout.card, o.faces, o.card_back)
        self.controls.place(self.model.layout)

    def update(self, dt: float) -> None:
        self.model.window_hold = self.controls.stop_hovered(self.controller.hover)
        self.model.update(dt)
        self._follow_play()
        self.controller.settle_focus()
        self.speech.update()
        if self.model.warning is not None and self.controls.question is None:
            self._coach_question()

    def _follow_play(self) -> None:
        """Once a move has been shown and the player may act, the focus follows play."""
        moves = len(self.state.history)
        if moves != self._moves_seen and self.model.human_may_act():
            self._moves_seen = moves
            self.controller.follow_play()

    def _coach_question(self) -> None:
        """The coach thinks a move is costly: ask before making it."""
        from game.ai.coach import reason
        from game.ui.scenes.review import move_words, reason_words

        m = self.model
        action, loss, better, seen = m.warning
        record = self.state.record()
        index = len(record["actions"])
        why = reason(self.state, self.human, action, better, seen)

        def words() -> str:
            played = move_words(record, index, action, self.human)
            best = move_words(record, index, better, self.human)
            because = reason_words(record, index, why, self.human)
            return say("question.coach", loss=number(loss), played=played, better=best, why=because)

        def yes() -> None:
            m.warning = None
            m.perform(action, confirmed=True)

        self.controls.ask(words, yes, on_no=self._coach_declined)

    def _coach_declined(self) -> None:
        self.model.warning = None

    def handle(self, event: pygame.event.Event) -> None:
        if self.controls.overlay_open() or self.model.choosing:
            self.controls.handle(event)
            return
        if self.speech.key(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if not self.controller.escape():
                self.controls.escape()
            return
        if self.controls.handle(event):
            return
        c = self.controller
        if event.type == pygame.MOUSEMOTION:
            c.motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            c.press(event.pos, event)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            c.release(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _key(self, event: pygame.event.Event) -> None:
        c, m, key = self.controller, self.model, event.key
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if ctrl and key == pygame.K_z:
            m.undo()
        elif ctrl and key == pygame.K_y:
            m.redo()
        elif key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            c.activate()
        elif key == pygame.K_TAB:
            c.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            dx = (key == pygame.K_RIGHT) - (key == pygame.K_LEFT)
            dy = (key == pygame.K_DOWN) - (key == pygame.K_UP)
            c.focus_towards(dx, dy)
        elif key in NUMBER_KEYS:
            c.number_key(NUMBER_KEYS[key])
        elif key == pygame.K_h:
            m.request_hint()
        elif key == pygame.K_s and self.controls.stop_btn.visible:
            m.press_stop()
        elif key == pygame.K_F1 or getattr(event, "unicode", "") == "?":
            self.controls.open_help()

    def cursor(self) -> int:
        """A hand over what can be picked up or clicked, else the arrow."""
        c, pos = self.controller, self.controller.hover
        if c.drag or any(w.visible and w.rect.collidepoint(pos) for w in self.controls.widgets()):
            return pygame.SYSTEM_CURSOR_HAND
        if not self.model.human_may_act():
            return pygame.SYSTEM_CURSOR_ARROW
        hit = self.view.card_at(pos)
        if hit is None:
            return pygame.SYSTEM_CURSOR_ARROW
        pid, index = hit
        clickable = pid.seat == self.human and bool(c.moves_from(pid, None))
        if clickable or c.movable(pid, index):
            return pygame.SYSTEM_CURSOR_HAND
        return pygame.SYSTEM_CURSOR_ARROW

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface)
        self.controls.draw(surface)

    def leave(self) -> None:
        self.thinker.close()
