"""The duel's computer player: it sees only its seat's view."""

from __future__ import annotations

from game.core.agents import BaseAgent, SeatView
from game.core.types import TABLE, Action

from .rules import DRAW_PASS, strength, taken

KEEP = 8  # a ten or better is worth keeping: a leader holding only those draws instead


class ThriftyDuel(BaseAgent):
    """Leads its weakest card (an 8 taking the best pool card), or draws and passes the lead
    holding only cards worth keeping; answers with the weakest card that takes the trick,
    or its weakest card when none does."""

    name = "thrifty"

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        moves = sorted(
            (a for a in legal if a.card is not None),
            key=lambda a: (strength(a.card), [-strength(c) for c in taken(a)]),
        )
        table = view.observation().piles.get(TABLE, [])
        if table:
            takes = [a for a in moves if strength(a.card) > strength(table[-1])]
            return (takes or moves)[0]
        if DRAW_PASS in legal and (not moves or strength(moves[0].card) >= KEEP):
            return DRAW_PASS
        return moves[0]
