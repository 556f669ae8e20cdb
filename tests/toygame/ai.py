"""The duel's computer players: they see only their seat's view."""

from __future__ import annotations

from game.core.agents import BaseAgent, SeatView
from game.core.types import TABLE, Action

from .rules import strength

KEEP = 8  # a ten or better is worth keeping: a leader holding only those draws instead


class ThriftyDuel(BaseAgent):
    """Leads its weakest card, or draws and passes the lead when all it holds is worth
    keeping; answers with the weakest card that takes the trick, or its weakest card when
    none does."""

    name = "thrifty"

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        moves = sorted((a for a in legal if a.card is not None), key=lambda a: strength(a.card))
        draws = [a for a in legal if a.card is None]
        table = view.observation().piles.get(TABLE, [])
        if table:
            takes = [a for a in moves if strength(a.card) > strength(table[-1])]
            return takes[0] if takes else moves[0]
        if draws and (not moves or strength(moves[0].card) >= KEEP):
            return draws[0]
        return moves[0]
