"""The duel's computer players: they see only their seat's view."""

from __future__ import annotations

from game.core.agents import BaseAgent, SeatView
from game.core.cards import suit
from game.core.types import TABLE, Action

from .rules import SHORT_PACK, named_suit, strength, taker

KEEP = 8  # a ten or better is worth keeping: a leader holding only those draws instead


class ThriftyDuel(BaseAgent):
    """Leads its weakest card, or draws and passes the lead when all it holds is worth
    keeping; leading an 8, names the suit the other hand is least likely to hold (the one
    with fewest cards this seat has not seen); answers with the weakest card that takes
    the trick, or its weakest card when none does."""

    name = "thrifty"

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        seen = view.observation()
        moves = sorted((a for a in legal if a.card is not None), key=lambda a: strength(a.card))
        draws = [a for a in legal if a.card is None]
        table = seen.piles.get(TABLE, [])
        if table:
            named = seen.info.get("named")
            takes = [a for a in moves if not taker(table[-1], a.card, named)]
            return takes[0] if takes else moves[0]
        if draws and (not moves or strength(moves[0].card) >= KEEP):
            return draws[0]
        weakest = [a for a in moves if a.card == moves[0].card]
        return min(weakest, key=lambda a: (unseen(seen, named_suit(a)), a.text))


def unseen(seen, named: int | None) -> int:
    """How many cards of suit ``named`` this seat has not seen (0 for no suit named)."""
    if named is None:
        return 0
    known = [c for pile in seen.piles.values() for c in pile if c is not None]
    return sum(suit(c) == named for c in SHORT_PACK) - sum(suit(c) == named for c in known)
