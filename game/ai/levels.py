"""Every computer player by game and level: :func:`make_agent`.

Levels: ``easy``, ``medium``, ``hard``, ``expert`` for each game, the
baselines ``greedy`` (Pişti) and ``always-load`` (Pishe Pasha), and ``random``.
The book version has no choices, so every level flips.
"""

from __future__ import annotations

from game.ai.base import Agent
from game.ai.common import FlipAgent, RandomAgent
from game.ai.pasha_agents import AlwaysLoad, EasyPasha, ExpertPasha, HardPasha, MediumPasha
from game.ai.pisti_agents import EasyPisti, ExpertPisti, GreedyPisti, HardPisti, MediumPisti

LEVELS = ("easy", "medium", "hard", "expert")
BASELINES = {"pisti": "greedy", "pishe-pasha": "always-load"}

_TABLE: dict[str, dict[str, type]] = {
    "pisti": {
        "easy": EasyPisti,
        "medium": MediumPisti,
        "hard": HardPisti,
        "expert": ExpertPisti,
        "greedy": GreedyPisti,
        "random": RandomAgent,
    },
    "pishe-pasha": {
        "easy": EasyPasha,
        "medium": MediumPasha,
        "hard": HardPasha,
        "expert": ExpertPasha,
        "always-load": AlwaysLoad,
        "random": RandomAgent,
    },
}


def levels_for(game: str) -> list[str]:
    """The level names :func:`make_agent` accepts for ``game``."""
    if game == "pisha-pasha-book":
        return [*LEVELS, "random"]
    if game not in _TABLE:
        raise ValueError(f"unknown game {game!r} (known: pisti, pishe-pasha, pisha-pasha-book)")
    return list(_TABLE[game])


def make_agent(game: str, level: str, seed: int | None = None, players: int = 2) -> Agent:
    """A computer player for ``game`` at ``level``; ValueError names the choices."""
    known = levels_for(game)
    if level not in known:
        raise ValueError(f"unknown level {level!r} for {game} (choose {', '.join(known)})")
    if game == "pisha-pasha-book":
        agent = FlipAgent(seed)
        agent.name = level
        return agent
    return _TABLE[game][level](seed)
