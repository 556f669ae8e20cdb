"""Time at the table: what happens as frames pass. The show moves its cards on, the
computer waits a moment and then thinks, the call window runs out, the player's forced
move plays itself after a beat, Auto flips, and once a hand's end has been shown the
summary's turn comes. The player may hurry the computer's turn (never a call window).

These are the model's own methods (:class:`TableClock`, one of the classes
:class:`~game.ui.table.model.table_model.TableModel` is made of), so a frame walks into
the model once.
The clock moves the hand on only through the model's own parts (its pace, its stage, its
call window) and the referee; what the table is doing stays the model's phase.
"""

from __future__ import annotations

from game.core.referee import Ask, Awaiting
from game.core.types import DRAW
from game.ui.table.model.hint_state import PULSE_SECONDS
from game.ui.table.model.model_core import ModelCore
from game.ui.table.model.pace import AI_PAUSE, HAND_END_PAUSE
from game.ui.table.model.phase import Doing

MESSAGE_FRESH = 0.7  # a fresh note is drawn brighter this long


class TableClock(ModelCore):
    """The model as frames pass: the hand moves on, the computer is hurried."""

    def running(self) -> bool:
        """Something moves or will soon (the loop then runs at full rate)."""
        hint = self.hints.shown
        return (
            self.phase.moving_on
            or self.show.glide is not None
            or self.window.open
            or bool(self.hooks.banners or self.hooks.peeks or self.hooks.landed)
            or self.state.is_over
            or self.thinker.hint_pending is not None
            or (hint is not None and hint.age < PULSE_SECONDS)
            or self.message_age < MESSAGE_FRESH
        )

    def tick(self, dt: float) -> None:
        """A frame: the model's parts age and take in the worker's answers, then the hand moves
        on (not while an overlay or a call's choices cover the table)."""
        self.update(dt)
        if self.phase.doing in (Doing.PAUSED, Doing.DECIDING):
            return
        if self.pace.hurrying:
            self._hurry_on()
        self._flow_on()
        if self.window.open and not self.director.held():
            self._window_runs(dt)
        if self.show.advance(dt) or self.hooks.peeks:
            return
        self.stage.landed()
        if self.state.is_over:
            self._toward_summary(dt)
        elif not self.director.held():
            self._move_on(dt)

    def _move_on(self, dt: float) -> None:
        """The rules' turn: a computer's answer (one thought during a call window waits for
        its end), the next question."""
        if self.window.open and self.state.to_move != self.human:
            return
        if self.thinker.busy:
            self._poll_answer()
            return
        q = self.referee.question()
        if self.state.is_over:
            return
        if q is None:
            if self.referee.person_may_call and not self.window.open:
                self._window_over()  # a window with no time left (a resumed hand)
            elif self.phase.doing is Doing.FORCED:
                self._forced_plays(dt)
            return
        pace = self.options().pace
        if q.kind is Ask.MOVE and self.pace.ai_pause > 0:
            self.pace.ai_pause -= dt
            return
        self.pace.ai_pause = AI_PAUSE.get(pace, 0.25)
        self.thinker.ask(q)

    def _poll_answer(self) -> None:
        got = self.thinker.answer()
        if got is None:
            return
        question, action = got
        events = self.referee.answer(question, action)
        if events:
            self.apply_events(events, self.state.history[-1])
            if question.kind is Ask.MOVE and self.calls_in_play and not self.state.is_over:
                self.window.start(self.options().call_window)

    def _window_runs(self, dt: float) -> None:
        """The call window's time, from the moment the move began to show: it ends once its
        length has run and the move has been seen (landed, and a grace after) and heard (its
        words said); meanwhile the next computer seat thinks its move."""
        landed = not (self.show.busy or self.hooks.peeks)
        if self.window.tick(dt, landed, self.director.saying_move()):
            self._window_over()
        elif not self.thinker.busy:
            ahead = self.referee.ahead()
            if ahead is not None:
                self.thinker.ask(ahead)

    def let_stand(self) -> bool:
        """Space, or a click on the felt, during a call window: it closes now, as if it had
        run out, and the move stands (True: there was one to close)."""
        if not self.window.open:
            return False
        self._window_over()
        return True

    def _window_over(self) -> None:
        self.window.shut()
        if self.referee.awaiting is Awaiting.CALLS and self.referee.person_may_call:
            self.apply_events(self.referee.close_window(), None)

    def _toward_summary(self, dt: float) -> None:
        """The hand's end has been shown: after a pause the player can see, the summary."""
        self.pace.end_timer += dt
        pause = HAND_END_PAUSE if self.options().pace != "instant" else 0.0
        if self.director.watching or self.pace.summed_up or self.pace.end_timer < pause:
            return
        self.pace.summed_up = True
        w = self.state.winner
        won = w is not DRAW and w == self.state.side_of(self.human)
        self.sound("win" if won else "lose")
        self.director.on_summary()

    def _forced_plays(self, dt: float) -> None:
        """What plays itself: the one-move game's flips (Auto) at its speed, a forced move at
        once or after a beat the player can see (the spec's ``plays_itself``); a forced move
        right after the player's own moves on without a beat, so a run of them flows as one."""
        action, p = self.my_actions()[0], self.pace
        if self.auto_on and self.spec.autoplay:
            p.auto_timer += dt
            due = p.auto_timer >= 1.2 - self.options().auto_flip_speed * 1.15
        elif self.spec.plays_itself(action) == "now" or self._runs_on():
            due = True
        else:
            p.turn_beat += dt
            due = p.turn_beat >= AI_PAUSE.get(self.options().pace, 0.25)
        if due:
            p.auto_timer = p.turn_beat = 0.0
            self.perform(action)

    def _flow_on(self) -> None:
        """A run of the player's forced moves flows as one: while the last of them is shown,
        the next one is made, and its cards fly the moment the others land."""
        show = self.show
        if (
            not show.step_forced
            or show.queue
            or self.state.is_over
            or self.director.held()
            or self.coach.busy
        ):
            return
        if (
            self.state.to_move == self.human
            and self.referee.question() is None
            and self.plays_itself()
        ):
            self.perform(self.state.legal_actions()[0])

    def _runs_on(self) -> bool:
        """The last move made was the player's own (not a call): their turn runs on."""
        past = self.referee.past
        return bool(past) and past[-1].by == self.human and not past[-1].action.is_call

    # ---------------------------------------------------------------------- hurrying
    def computer_playing(self) -> bool:
        """A computer seat is to move (or its move is still being shown): hurrying applies."""
        st, d = self.state, self.director
        if d.watching or not d.hurries or st.is_over or d.covered() or self.dealing:
            return False
        return st.to_move is not None and st.to_move != self.human

    def may_hurry(self) -> bool:
        """The computer plays and no call window runs: the player may hurry it."""
        return self.computer_playing() and not self.window.open and not self.pace.hurrying

    def hurry(self) -> bool:
        """The player asks to see the computer's current turn finished at once: its cards land
        without flying and it moves without pausing. A call window still runs its full time,
        so hurrying never costs the player a call."""
        if not self.computer_playing() or self.window.open:
            return False
        self.pace.hurrying = True
        return True

    def _hurry_on(self) -> None:
        if not self.computer_playing() and not self.show.busy:
            self.pace.hurrying = False
            return
        self.stage.land_now()
        self.pace.ai_pause = 0.0
