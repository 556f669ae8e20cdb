"""The rules of every game, behind one interface (:class:`GameState`).

Pure Python: nothing here imports pygame, so the AI, the record tool and the
tests run without a display.
"""

from __future__ import annotations

import random
from typing import Any

from game.rules.base import Event, GameState, IllegalAction, Observation
from game.rules.book import BookGame
from game.rules.pishe_pasha import PishePasha
from game.rules.pisti import Pisti

GAMES: dict[str, type[GameState]] = {
    "pishe-pasha": PishePasha,
    "pisha-pasha-book": BookGame,
    "pisti": Pisti,
}

TITLES = {
    "pishe-pasha": "Pishe Pasha",
    "pisha-pasha-book": "Pisha Pasha (book version)",
    "pisti": "Pişti",
}


def game_class(game: str) -> type[GameState]:
    """The class for a record's game name; ValueError names the known ones."""
    try:
        return GAMES[game]
    except (KeyError, TypeError):
        known = ", ".join(GAMES)
        raise ValueError(f"unknown game {game!r} (known games: {known})") from None


def new_hand(
    game: str,
    players: int = 2,
    options: dict[str, Any] | None = None,
    rng: random.Random | int | None = None,
) -> GameState:
    """A freshly shuffled hand of ``game``."""
    cls = game_class(game)
    if players not in cls.PLAYERS:
        allowed = ", ".join(map(str, cls.PLAYERS))
        raise ValueError(f"{TITLES[game]} is played by {allowed} players, not {players}")
    return cls.new(players, options, rng)


__all__ = [
    "GAMES",
    "TITLES",
    "BookGame",
    "Event",
    "GameState",
    "IllegalAction",
    "Observation",
    "PishePasha",
    "Pisti",
    "game_class",
    "new_hand",
]
