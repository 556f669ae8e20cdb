"""The book version has one move, so every level plays it the same way."""

from __future__ import annotations

from game.core.agents import BaseAgent, SeatView
from game.core.types import Action
from game.games.book.kinds import FLIP


class FlipAgent(BaseAgent):
    name = "flip"

    def choose(self, view: SeatView) -> Action:
        return FLIP
