"""What an AI may see, and what it must answer.

An AI never holds a :class:`GameState`: it gets a :class:`SeatView`, which
passes on only that seat's observation, the legal actions and ``resample``.
That keeps every opponent honest by construction.
"""

from __future__ import annotations

import random
from typing import Protocol

from game.rules.base import GameState, Observation


class SeatView:
    """One seat's window on a hand."""

    __slots__ = ("_state", "seat")

    def __init__(self, state: GameState, seat: int) -> None:
        self._state = state
        self.seat = seat

    @property
    def game(self) -> str:
        return self._state.game

    @property
    def players(self) -> int:
        return self._state.players

    @property
    def options(self) -> dict:
        return dict(self._state.options)

    def observation(self) -> Observation:
        return self._state.observation(self.seat)

    def legal_actions(self) -> list[str]:
        """Legal actions now; Stop calls are kept only when this seat may make them."""
        acts = self._state.legal_actions()
        if self._state.to_move == self.seat:
            return [a for a in acts if not a.startswith("stop ") or _caller(a) == self.seat]
        return [a for a in acts if a.startswith("stop ") and _caller(a) == self.seat]

    def resample(self, rng: random.Random) -> GameState:
        """A full state consistent with what this seat knows (for search)."""
        return self._state.resample(self.seat, rng)


def _caller(action: str) -> int:
    return int(action.split()[1])


class Agent(Protocol):
    """A computer player. ``choose`` is called when its seat is to move;
    ``stop_call`` after another seat's move, where a Stop call is open
    (return a ``stop N ...`` action or None)."""

    name: str

    def choose(self, view: SeatView) -> str: ...

    def stop_call(self, view: SeatView) -> str | None: ...
