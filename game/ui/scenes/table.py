"""The card table scene: a session's match on a :class:`TableRig`.

Every frame the rig moves the table on and draws it; input goes to the rig, which routes it
by the table's phase. Leaving the table (the summary, the menu) goes through the app,
never by importing another scene.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.core.files import Notice
from game.session import Session
from game.store.settings import Settings
from game.text import number, say
from game.text.log_lines import LogLine
from game.ui.table.input.buttons import Navigation
from game.ui.table.rig import RigDirector, RiggedScene, TableRig


class PlayDirector(RigDirector):
    """A hand played: every change is kept, and its end opens the summary."""

    def __init__(self, scene: TableScene) -> None:
        super().__init__()
        self.scene = scene

    def on_change(self) -> None:
        self.scene._changed()

    def on_summary(self) -> None:
        self.scene._summary()


class TableScene(RiggedScene):
    """A match in progress, one hand on the table at a time."""

    name = "table"

    def __init__(self, app, session: Session) -> None:
        super().__init__(app)
        self.session = session
        nav = Navigation(self.new_hand, self.main_menu, self.settings, app.quit, None, self.learn)
        self.rig = TableRig(app, session.spec, session.match, session.referee,
                            self.table_settings, PlayDirector(self), nav,
                            session.hint_agent())  # fmt: skip
        m = self.model
        if session.redo_lost:  # the save's take-backs could not be kept: say so once
            session.redo_lost = False
            m.log.aside(LogLine.said("log.redo_lost"))
        self.resize(app.size)
        self.rig.art.warm()
        self._changed()

    # ------------------------------------------------------------------ wiring
    def table_settings(self) -> Settings:
        """The player's settings, read live: the Settings screen may change them mid-hand."""
        return self.app.settings

    match = property(lambda self: self.model.match)

    def _changed(self) -> None:
        """After every move: the match is saved and the state file written."""
        self.session.took_back = self.session.took_back or self.session.referee.took_back
        self.app.match_changed(self.session)

    def _summary(self) -> None:
        """The hand's end has been shown: its summary (the keeper counted the hand when its
        last move was made, in ``_changed``)."""
        self.app.goto("summary", table=self, leave=False)

    def review(self, back) -> None:
        """The coach's review of the hand just played."""
        self.app.goto(
            "review",
            record=self.state.record(),
            seat=self.human,
            back=back,
            deal=self.match.deal_no,
            against_par=self._against_par(),
            leave=False,
        )

    def _against_par(self) -> Callable[[], float | None] | None:
        """The hand's result against its par for the review, once worked out (None
        meanwhile); None for a hand whose par this window does not work out."""
        keeper, session = self.app.keeper, self.session
        if keeper is None or not keeper.par_line(session):
            return None

        def against() -> float | None:
            found = keeper.par_for(session)
            return None if found is None else found.against

        return against

    # ------------------------------------------------------------------ navigation
    def next_hand(self) -> None:
        self.session.next_hand()
        self._new_table()

    def new_hand(self) -> None:
        """The game menu's "New hand": a hand abandoned mid-way counts as lost, and the log
        says so under its moves."""
        if self.app.give_up_hand(self.session):
            self.model.log.add(LogLine.said("log.given_up", n=self.match.hand_no + 1))
        self.session.deal_again(self.session.match.deal_no + 1)
        self._new_table()

    def _new_table(self) -> None:
        self.thinker.forget()
        self.model.start_hand()
        self.resize(self.app.size)
        self._changed()

    def main_menu(self) -> None:
        """The match is saved after every move: leaving keeps it for "Continue"."""
        if self.state.history and not self.match.is_over:
            self.app.notice(Notice("match_kept" if self.match.target else "hand_kept"))
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
        return self.rig.active

    def resize(self, size: tuple[int, int]) -> None:
        self.rig.resize(size)

    def update(self, dt: float) -> None:
        self.rig.update(dt)
        if self.model.coach.warning is not None and self.controls.question is None:
            self._coach_question()

    def _coach_question(self) -> None:
        """The coach thinks a move is costly: ask before making it."""
        from game.ai.coach import reason
        from game.ui.record_words import move_words, reason_words

        m = self.model
        warning = m.coach.warning
        record = self.state.record()
        index = len(record["actions"])
        why = reason(self.state, self.human, warning.action, warning.better, warning.seen,
                     warning.loss)  # fmt: skip

        def words() -> str:
            played = move_words(record, index, warning.action, self.human)
            best = move_words(record, index, warning.better, self.human)
            because = reason_words(record, index, why, self.human)
            loss = number(warning.loss)
            return say("question.coach", loss=loss, played=played, better=best, why=because)

        self.controls.ask(words, lambda: m.coach_answered(True), lambda: m.coach_answered(False))

    def handle(self, event: pygame.event.Event) -> None:
        self.rig.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        """Only what moved is drawn afresh when the window still shows this table's last
        frame (see ``App.shows_alone``)."""
        self.rig.draw(surface, surface is self.app.screen and self.app.shows_alone(self))

    def leave(self) -> None:
        self.rig.leave()
