"""What a computer player may see, and what it must answer.

An AI never holds a :class:`GameState`: it gets a :class:`SeatView`, which
passes on only that seat's observation, its legal actions and calls, and
``resample``. That keeps every opponent honest by construction.

An AI must decide the same way whenever it sees the same thing, whatever the
hidden cards are. So each decision draws from an rng seeded by the agent's seed
and a hash of the public observation (history, visible piles, counts), never
from anything a seat may not know.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any, Protocol

from game.core.state import GameState, Observation
from game.core.types import Action


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
    def options(self) -> dict[str, Any]:
        return dict(self._state.options)

    def observation(self) -> Observation:
        return self._state.observation(self.seat)

    def legal_actions(self) -> list[Action]:
        """This seat's moves now (none when another seat is to move)."""
        if self._state.to_move != self.seat:
            return []
        return self._state.legal_actions()

    def calls(self) -> list[Action]:
        """The calls this seat may make now (out of turn, on another seat's move)."""
        return [a for a in self._state.calls() if a.actor == self.seat]

    def resample(self, rng: random.Random) -> GameState:
        """A full state consistent with what this seat knows (for search)."""
        return self._state.resample(self.seat, rng)


class Agent(Protocol):
    """A computer player. ``choose`` is called when its seat is to move; ``call``
    when a call is open to it (return one of ``view.calls()`` or None)."""

    name: str

    def choose(self, view: SeatView) -> Action: ...

    def call(self, view: SeatView) -> Action | None: ...


def observation_key(obs: Observation) -> str:
    """A stable text of everything the observation shows (hidden cards are None)."""
    piles = ";".join(
        f"{k}:{','.join('?' if c is None else str(c) for c in v)}"
        for k, v in sorted((str(k), v) for k, v in obs.piles.items())
    )
    history = "/".join(str(a) for a in obs.history)
    return f"{obs.game}|{obs.seat}|{obs.players}|{obs.to_move}|{piles}|{history}"


def decision_rng(seed: int, obs: Observation, salt: str = "") -> random.Random:
    """The rng for one decision: agent seed plus a hash of the public observation."""
    text = f"{seed}|{salt}|{observation_key(obs)}".encode()
    digest = hashlib.blake2b(text, digest_size=8).digest()
    return random.Random(int.from_bytes(digest, "big"))


class BaseAgent:
    """Holds the seed and level name; subclasses implement ``choose``."""

    name = "agent"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = 0 if seed is None else int(seed)

    def rng(self, view: SeatView, obs: Observation | None = None, salt: str = "") -> random.Random:
        return decision_rng(self.seed, obs or view.observation(), salt)

    def choose(self, view: SeatView) -> Action:
        raise NotImplementedError

    def call(self, view: SeatView) -> Action | None:
        """No call by default."""
        return None

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


class RandomAgent(BaseAgent):
    """Any legal move, uniformly; calls at random too (a floor for the arena)."""

    name = "random"

    def choose(self, view: SeatView) -> Action:
        return self.rng(view).choice(view.legal_actions())

    def call(self, view: SeatView) -> Action | None:
        calls = view.calls()
        if not calls:
            return None
        rng = self.rng(view, salt="call")
        return rng.choice(calls) if rng.random() < 0.5 else None
