"""The referee: whose move it is, the call window, asking the computer players, undo.

One referee drives every hand the program plays: the table (which asks its
questions on a worker thread), the arena and the smoke check (which answer them
at once). A hand is always in one of three phases:

* ``CALLS``: the last move opened calls (a game's interrupt). Computer seats that may
  call are asked once; a human caller gets the table's timed window. The
  window closes when nobody calls (:meth:`Referee.close_window`) or when the
  seat to move moves on. Ordinary moves never carry other seats' calls.
* ``MOVE``: the seat to move decides.
* ``OVER``: the hand has an outcome.

Every applied action pushes a snapshot, so a seat's moves can be taken back
(with the computer moves that followed) and made again.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.core.agents import Agent, SeatView
from game.core.match import Match
from game.core.state import GameState, parse_or_refuse
from game.core.types import ACCEPT, Action, Code, Event, IllegalAction, Refusal


class Awaiting(enum.Enum):
    """What the referee waits for: the calls on the last move, a move, or nothing (over).
    The table's own phase (what the table is doing) is derived from it and more."""

    CALLS = "calls"
    MOVE = "move"
    OVER = "over"


class Ask(enum.Enum):
    """What a question asks for: a seat's move, or the calls on another seat's move."""

    MOVE = "move"
    CALL = "call"


@dataclass
class Question:
    """What the referee wants a computer player to decide, on a private copy of the hand.

    ``answer()`` may run on any thread; the result goes back through
    :meth:`Referee.answer`, which ignores it if the hand moved on meanwhile."""

    kind: Ask
    seats: tuple[int, ...]
    moves: int  # how many actions the hand had when asked
    ask: Callable[[], Action | None]

    def answer(self) -> Action | None:
        return self.ask()


@dataclass
class Snapshot:
    state: GameState
    action: Action
    by: int  # the seat that acted
    _choice: bool | None = None

    @property
    def had_choice(self) -> bool:
        """The seat had more than one move here: the move was a decision of theirs, not
        one forced on them (worked out once, when first asked: the table asks each frame)."""
        if self._choice is None:
            self._choice = len(self.state.legal_actions()) > 1
        return self._choice

    def is_move_of(self, seat: int, choice: bool = False) -> bool:
        """A move ``seat`` made (a call is not), and with ``choice`` one they chose."""
        return self.by == seat and not self.action.is_call and (not choice or self.had_choice)


def _ask_move(agent: Agent, state: GameState, seat: int) -> Action:
    return agent.choose(SeatView(state, seat))


def _ask_calls(agents: list[tuple[int, Agent]], state: GameState) -> Action | None:
    for seat, agent in agents:
        call = agent.call(SeatView(state, seat))
        if call is not None:
            return call
    return None


class Referee:
    """Drives one hand, or a whole match when given one."""

    def __init__(
        self, state: GameState, agents: Sequence[Agent | None], match: Match | None = None
    ) -> None:
        """``agents``: a computer player or None (a person) per player of the match,
        or per seat when there is no match."""
        self.match = match
        self.agents = list(agents)
        self._start(state)

    @classmethod
    def for_match(cls, match: Match, agents: Sequence[Agent | None]) -> Referee:
        return cls(match.hand, agents, match)

    @property
    def state(self) -> GameState:
        return self._state

    @state.setter
    def state(self, state: GameState) -> None:
        """The hand being played; the match (if any) always holds the same one."""
        self._state = state
        if self.match is not None:
            self.match.hand = state

    def _start(self, state: GameState) -> None:
        self.state = state
        self.window_closed = False
        self.calls_asked = False
        self.past: list[Snapshot] = []
        self.future: list[tuple[Action, int]] = []
        self.spans: list[int] = []  # how many moves of ``future`` each take-back took
        self.took_back = False

    # ----------------------------------------------------------------- seats
    def agent_at(self, seat: int) -> Agent | None:
        player = self.match.player_at(seat) if self.match else seat
        return self.agents[player]

    def is_person(self, seat: int) -> bool:
        return self.agent_at(seat) is None

    def callers(self) -> list[int]:
        """Seats that may call now, in seat order."""
        return sorted({a.actor for a in self.state.calls() if a.actor is not None})

    @property
    def awaiting(self) -> Awaiting:
        if self.state.is_over:
            return Awaiting.OVER
        if self.state.calls() and not self.window_closed:
            return Awaiting.CALLS
        return Awaiting.MOVE

    @property
    def person_may_call(self) -> bool:
        """The call window waits for a person (the table's timed call window)."""
        return self.awaiting is Awaiting.CALLS and any(self.is_person(s) for s in self.callers())

    # ----------------------------------------------------------------- questions
    def question(self) -> Question | None:
        """What a computer player must decide now, or None: a person's move, a call
        window that waits for a person, or the end of the hand."""
        if self.awaiting is Awaiting.CALLS:
            if not self.calls_asked:
                ai = [(s, a) for s in self.callers() if (a := self.agent_at(s)) is not None]
                if ai:
                    st = self.state.clone()
                    seats = tuple(s for s, _ in ai)
                    moves = len(self.state.history)
                    return Question(Ask.CALL, seats, moves, lambda: _ask_calls(ai, st))
                self.calls_asked = True
            if self.person_may_call:
                return None
            self.close_window()
        if self.awaiting is not Awaiting.MOVE:
            return None
        seat = self.state.to_move
        agent = None if seat is None else self.agent_at(seat)
        if seat is None or agent is None:
            return None
        st = self.state.clone()
        return Question(Ask.MOVE, (seat,), len(st.history), lambda: _ask_move(agent, st, seat))

    def ahead(self) -> Question | None:
        """The next move's question while a person's call window runs, so the computer
        thinks meanwhile; its answer is applied once the window is over (a call made in
        the window makes it stale, and :meth:`answer` ignores it). None: nothing to ask."""
        seat = self.state.to_move
        if not self.person_may_call or seat is None or self.is_person(seat):
            return None
        if self.state.legal_actions() == [ACCEPT]:
            return None
        agent, st = self.agent_at(seat), self.state.clone()
        if agent is None:
            return None
        return Question(Ask.MOVE, (seat,), len(st.history), lambda: _ask_move(agent, st, seat))

    def answer(self, question: Question, action: Action | None) -> list[Event]:
        """Apply a computer player's answer; a stale or illegal one is replaced safely."""
        if question.moves != len(self.state.history) or self.state.is_over:
            return []
        if question.kind is Ask.CALL:
            self.calls_asked = True
            if action is None or action.actor is None or action not in self.state.calls():
                return []
            return self.apply(action, action.actor)
        seat = question.seats[0]
        if self.state.to_move != seat or self.awaiting is not Awaiting.MOVE:
            return []
        legal = self.state.legal_actions()
        if action is None or action not in legal:  # (checked by the rules as they make it)
            action = legal[0]
        return self.apply(action, seat)

    def close_window(self) -> list[Event]:
        """Nobody called: the window is over. A winning fault then stands (``accept``)."""
        if self.awaiting is not Awaiting.CALLS:
            return []
        self.window_closed = True
        seat = self.state.to_move
        if seat is not None and self.state.legal_actions() == [ACCEPT]:
            return self.apply(ACCEPT, seat)
        return []

    # ----------------------------------------------------------------- moves
    def refusal(self, action: Action | str, by: int) -> Refusal | None:
        """Why ``by`` may not make ``action`` now (None: it may)."""
        try:
            a = parse_or_refuse(action, self.state.ACTIONS)
        except IllegalAction as err:
            return err.refusal
        return self._not_theirs(a, by) or self.state.check(a)

    def _not_theirs(self, a: Action, by: int) -> Refusal | None:
        """Why the move is not ``by``'s to make (the hand over, another's turn or call),
        before the rules are asked whether it is legal."""
        if self.state.is_over:
            return Refusal(Code.HAND_OVER)
        if a.is_call:
            return Refusal(Code.NO_SUCH_SEAT, seat=a.actor) if a.actor != by else None
        if self.state.to_move != by:
            return Refusal(Code.NOT_YOUR_TURN, seat=by, mover=self.state.to_move)
        return None

    def apply(self, action: Action | str, by: int, redo: bool = False) -> list[Event]:
        """Make ``by``'s move (IllegalAction if refused); a fresh move forgets the redo list.
        The rules check the move once, as they make it (``GameState.apply`` refuses an
        illegal one and leaves the state as it was)."""
        a = parse_or_refuse(action, self.state.ACTIONS)
        why = self._not_theirs(a, by)
        if why is not None:
            raise IllegalAction(why)
        before = self.state.clone()
        events = self.state.apply(a)
        self.past.append(Snapshot(before, a, by))
        self.window_closed = False
        self.calls_asked = False
        if not redo:
            self.future.clear()
            self.spans.clear()
        return events

    def replay(self, actions: list[Action]) -> None:
        """Make a record's moves again (a resumed hand), each one a take-back can undo."""
        for a in actions:
            by = a.by(self.state.to_move)
            if by is None:  # the hand is over: the rules refuse it, with their reason
                self.state.apply(a)
                continue
            self.past.append(Snapshot(self.state.clone(), a, by))
            self.state.apply(a)

    def step(self) -> list[Event]:
        """Answer the pending question at once (arena, smoke check, tests)."""
        q = self.question()
        return [] if q is None else self.answer(q, q.answer())

    def play_out(self, limit: int = 100_000) -> GameState:
        """Play to the end of the hand; every seat must have a computer player."""
        for _ in range(limit):
            if self.state.is_over:
                return self.state
            q = self.question()
            if q is None:
                if self.state.is_over:  # closing the call window ended it (``accept``)
                    return self.state
                raise RuntimeError(f"seat {self.state.to_move} has no computer player")
            self.answer(q, q.answer())
        raise RuntimeError("the hand did not end")

    # ----------------------------------------------------------------- take-backs
    def can_undo(self, seat: int, choice: bool = False) -> bool:
        """A move to take back (with ``choice``: one the seat chose among others), in a
        hand not yet counted in its match."""
        if self.match is not None and self.match.hand_finished:
            return False
        return any(s.is_move_of(seat, choice) for s in self.past)

    def undo(self, seat: int, choice: bool = False) -> int:
        """Take back ``seat``'s last move (with ``choice``: their last decision, the forced
        moves after it going with it) and everything after it. Returns how many moves were
        taken back (0: there was none to take back); they are made again as one."""
        if not self.can_undo(seat, choice):
            return 0
        taken: list[tuple[Action, int]] = []
        while self.past:
            snap = self.past.pop()
            taken.append((snap.action, snap.by))
            if snap.is_move_of(seat, choice):
                self.state = snap.state
                break
        self.future[:0] = reversed(taken)
        self.spans.insert(0, len(taken))
        self.window_closed = True  # the window of the position we return to was answered
        self.calls_asked = True
        self.took_back = True
        return len(taken)

    def can_redo(self) -> bool:
        return bool(self.future)

    def redo(self, seat: int | None = None) -> list[Event]:
        """Make again the moves the last take-back took, as one (``seat``: unused, kept for
        callers that name who redoes)."""
        events: list[Event] = []
        span = self.spans.pop(0) if self.spans else len(self.future)
        for _ in range(min(span, len(self.future))):
            action, by = self.future.pop(0)
            events += self.apply(action, by, redo=True)
        return events

    # ----------------------------------------------------------------- the match
    def next_hand(self) -> GameState:
        """Deal the match's next hand (the finished one is counted first)."""
        assert self.match is not None
        self._start(self.match.next_hand())
        return self.state

    def restart(self, state: GameState) -> None:
        """Play ``state`` from here on (a numbered deal, a resumed hand)."""
        if self.match is not None:
            self.match.hand = state
        self._start(state)

    def describe(self) -> dict[str, Any]:
        """The referee's own part of the position, for saves: the window's progress and
        the moves taken back, which can be made again (each with the seat that made it)."""
        return {
            "window_closed": self.window_closed,
            "calls_asked": self.calls_asked,
            "future": [[str(a), by] for a, by in self.future],
            "spans": list(self.spans),
        }

    def restore_future(self, pairs: list[list[Any]], spans: list[Any] | None = None) -> bool:
        """The moves taken back from a save, kept only if they can be made again from
        here in order (False: they could not, and none are kept); ``spans``: how many each
        take-back took (a save without them: one take-back per move of the seat that took
        them back, as they were before take-backs reached a decision)."""
        state, future = self.state.clone(), []
        try:
            for text, by in pairs:
                action = state.ACTIONS.parse(text)
                mover = action.by(state.to_move)
                if mover != by or state.check(action) is not None:
                    return False
                state.apply(action)
                future.append((action, by))
        except (ValueError, IllegalAction):
            return False
        self.future = future
        self.spans = _spans(future, spans)
        return True


def _spans(future: list[tuple[Action, int]], spans: list[Any] | None) -> list[int]:
    """The take-backs' sizes as saved when they add up to the moves, else one per move of
    the seat that took them back."""
    if spans and all(type(n) is int and n > 0 for n in spans) and sum(spans) == len(future):
        return list(spans)
    if not future:
        return []
    seat = future[0][1]
    cuts = [0] + [i for i, (a, by) in enumerate(future) if i and by == seat and not a.is_call]
    return [b - a for a, b in zip(cuts, [*cuts[1:], len(future)], strict=True)]
