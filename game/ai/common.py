"""What every computer player shares: seeding, the agent base class, a random player.

An AI must decide the same way whenever it sees the same thing, whatever the
hidden cards are. So each decision draws from an rng seeded by the agent's seed
and a hash of the public observation (history, visible piles, counts), never
from anything a seat may not know.
"""

from __future__ import annotations

import hashlib
import random

from game.ai.base import SeatView
from game.rules.base import Observation


def observation_key(obs: Observation) -> str:
    """A stable text of everything the observation shows (hidden cards are None)."""
    piles = ";".join(f"{k}:{','.join('?' if c is None else str(c) for c in v)}"
                     for k, v in sorted(obs.piles.items()))  # fmt: skip
    return f"{obs.game}|{obs.seat}|{obs.players}|{obs.to_move}|{piles}|{'/'.join(obs.history)}"


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

    def choose(self, view: SeatView) -> str:
        raise NotImplementedError

    def stop_call(self, view: SeatView) -> str | None:
        """No Stop call by default."""
        return None

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


class RandomAgent(BaseAgent):
    """Any legal move, uniformly; calls Stop at random too (a floor for the arena)."""

    name = "random"

    def choose(self, view: SeatView) -> str:
        acts = [a for a in view.legal_actions() if not a.startswith("stop ")]
        return self.rng(view).choice(acts or view.legal_actions())

    def stop_call(self, view: SeatView) -> str | None:
        calls = view.legal_actions()
        if not calls:
            return None
        rng = self.rng(view, salt="stop")
        return rng.choice(calls) if rng.random() < 0.5 else None


class FlipAgent(BaseAgent):
    """The book version has one move, so every level plays it the same way."""

    name = "flip"

    def choose(self, view: SeatView) -> str:
        acts = view.legal_actions()
        return "flip" if "flip" in acts else acts[0]
