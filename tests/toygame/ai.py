"""The duel's computer players: they see only their seat's view."""

from __future__ import annotations

from game.core.agents import BaseAgent, SeatView
from game.core.types import TABLE, Action

from .rules import strength


class ThriftyDuel(BaseAgent):
    """Leads its weakest card; answers with the weakest card that takes the trick, or its
    weakest card when none does."""

    name = "thrifty"

    def choose(self, view: SeatView) -> Action:
        moves = sorted(view.legal_actions(), key=lambda a: strength(a.card))
        table = view.observation().piles.get(TABLE, [])
        if table:
            takes = [a for a in moves if strength(a.card) > strength(table[-1])]
            return takes[0] if takes else moves[0]
        return moves[0]
