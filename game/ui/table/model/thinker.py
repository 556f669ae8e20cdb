"""Computer players thinking off the UI thread, so the window stays responsive.

The referee hands out :class:`~game.core.referee.Question` objects that carry a
private copy of the hand; the thinker answers them on a one-thread executor and
the table polls for the answer every frame. Hints for the human are asked the
same way, from an Expert of their own.
"""

from __future__ import annotations

import contextlib
import time
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import wait as wait_for
from dataclasses import dataclass

from game.ai.coach import Advice, advise
from game.core.agents import Agent, SeatView
from game.core.referee import Ask, Question
from game.core.state import GameState
from game.core.types import Action


@dataclass
class Pending:
    question: Question
    future: Future
    started: float


def _hint(agent: Agent, state: GameState, seat: int, calls_too: bool) -> Advice | None:
    """The coach's move for ``seat`` and why (the Expert's, for a game without a coach);
    a call first when one is open to it and wanted."""
    view = SeatView(state, seat)
    if calls_too and view.calls():
        call = agent.call(view)
        if call is not None:
            return Advice(call)
    if not view.legal_actions():
        return None
    return advise(state, seat) or Advice(agent.choose(view))


class Thinker:
    """One worker thread for the computer players' questions and the hints."""

    def __init__(self, hint_agent: Agent | None = None) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai")
        self.pending: Pending | None = None
        self.hint_agent = hint_agent
        self.hint_pending: Future | None = None
        self._work: set[Future] = set()  # what else was given it (the coach's questions)

    @property
    def busy(self) -> bool:
        return self.pending is not None

    @property
    def seats(self) -> tuple[int, ...]:
        return self.pending.question.seats if self.pending else ()

    @property
    def kind(self) -> Ask | None:
        return self.pending.question.kind if self.pending else None

    def ask(self, question: Question) -> None:
        future = self._pool.submit(question.answer)
        self.pending = Pending(question, future, time.monotonic())

    def answer(self, wait: float = 0.0) -> tuple[Question, Action | None] | None:
        """(question, answer) once the pending question is answered; None before."""
        if self.pending is None:
            return None
        future = self.pending.future
        if not future.done() and wait > 0:
            with contextlib.suppress(Exception):
                future.result(timeout=wait)
        if not future.done():
            return None
        pending, self.pending = self.pending, None
        try:
            return pending.question, future.result()
        except Exception:
            return pending.question, None

    def ask_hint(self, state: GameState, seat: int, calls_too: bool) -> None:
        if self.hint_agent is not None:
            self.hint_pending = self._pool.submit(
                _hint, self.hint_agent, state.clone(), seat, calls_too
            )

    def hint_answer(self) -> tuple[bool, Advice | None]:
        """(True, advice) once the hint is ready (None if the search failed)."""
        if self.hint_pending is None or not self.hint_pending.done():
            return False, None
        future, self.hint_pending = self.hint_pending, None
        try:
            return True, future.result()
        except Exception:
            return True, None

    def submit(self, fn, *args) -> Future:
        """Any other work for the worker thread (the coach)."""
        future = self._pool.submit(fn, *args)
        self._work = {f for f in self._work if not f.done()} | {future}
        return future

    def wait(self, timeout: float = 60.0) -> bool:
        """Block until the work now given to the worker thread is done: the next frame
        takes its answers in. What steps a table frame by frame without a screen (a test,
        a benchmark) joins the thinking so, instead of watching a clock (False: it was
        not done within ``timeout`` seconds)."""
        futures = {self.pending.future} if self.pending is not None else set()
        futures |= {f for f in (self.hint_pending, *self._work) if f is not None}
        return not wait_for(futures, timeout).not_done

    def forget(self) -> None:
        """Drop what is pending (a take-back, a new hand): late answers are ignored."""
        self.pending = None
        self.hint_pending = None

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
