"""Computer players thinking off the UI thread, so the window stays responsive.

Each question (choose a move, call Stop or not, a hint for the human) is handed
to a one-thread executor with a :class:`SeatView` of a *clone* of the state: the AI can never
touch the live hand, and the table polls for the answer every frame.
"""

from __future__ import annotations

import contextlib
import time
from concurrent.futures import Future, ThreadPoolExecutor

from game.ai import make_agent
from game.ai.base import Agent, SeatView
from game.rules.base import GameState


def _ask_choose(agent: Agent, state: GameState, seat: int) -> str:
    return agent.choose(SeatView(state, seat))


def _ask_hint(agent: Agent, state: GameState, seat: int) -> str:
    """The Expert's move for ``seat``; a Stop call first when one is open to it."""
    view = SeatView(state, seat)
    if any(a.startswith("stop ") for a in view.legal_actions()):
        call = agent.stop_call(view)
        if call:
            return call
    return agent.choose(view)


def _ask_stops(agents: list[tuple[int, Agent]], state: GameState) -> str | None:
    for seat, agent in agents:
        call = agent.stop_call(SeatView(state, seat))
        if call:
            return call
    return None


def _agent(game: str, level: str, seed: int, players: int) -> Agent:
    try:
        return make_agent(game, level, seed, players=players)
    except TypeError:  # an older make_agent(game, level, seed)
        return make_agent(game, level, seed)


class Opponents:
    """The agents of one match (per player) and the pending question, if any."""

    def __init__(self, game: str, level: str, players: int, seed: int | None) -> None:
        base = seed if seed is not None else int(time.time())
        self.agents = {p: _agent(game, level, base + p, players) for p in range(1, players)}
        self._hint_args = (game, "expert", base + 97, players)
        self.hint_agent: Agent | None = None
        self.hint_pending: Future | None = None
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai")
        self.pending: Future | None = None
        self.kind = ""
        self.seat: int | None = None
        self.started = 0.0

    def ask_move(self, state: GameState, seat: int, player: int) -> None:
        self._submit("choose", seat, _ask_choose, self.agents[player], state.clone(), seat)

    def ask_stop(self, state: GameState, callers: list[tuple[int, int]]) -> None:
        """``callers``: (seat, player) pairs of AI seats that may call Stop."""
        agents = [(seat, self.agents[p]) for seat, p in callers]
        self._submit("stop", None, _ask_stops, agents, state.clone())

    def ask_hint(self, state: GameState, seat: int) -> None:
        """The Expert's move for the human's seat, through its own SeatView of a clone."""
        if self.hint_agent is None:
            self.hint_agent = _agent(*self._hint_args)
        self.hint_pending = self._pool.submit(_ask_hint, self.hint_agent, state.clone(), seat)

    def hint_answer(self) -> tuple[bool, str | None]:
        """(True, action) once the hint is ready (action None if the Expert failed)."""
        if self.hint_pending is None or not self.hint_pending.done():
            return False, None
        future, self.hint_pending = self.hint_pending, None
        try:
            return True, future.result()
        except Exception:
            return True, None

    def _submit(self, kind: str, seat: int | None, fn, *args) -> None:
        self.kind, self.seat, self.started = kind, seat, time.monotonic()
        self.pending = self._pool.submit(fn, *args)

    def answer(self, wait: float = 0.0) -> tuple[bool, str | None]:
        """(True, answer) once the pending question is answered; (False, None) before."""
        if self.pending is None:
            return False, None
        if not self.pending.done():
            if wait <= 0:
                return False, None
            with contextlib.suppress(Exception):
                self.pending.result(timeout=wait)
            if not self.pending.done():
                return False, None
        future, self.pending = self.pending, None
        try:
            return True, future.result()
        except Exception:
            return True, None

    @property
    def thinking(self) -> bool:
        return self.pending is not None

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
