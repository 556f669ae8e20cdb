"""The coach's gate before a move: in coach mode a move with a choice is weighed first, off
the UI thread, and a costly one is questioned before it is made."""

from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from game.core.types import Action


@dataclass
class Weighing:
    """A move the coach is weighing: the move, how many moves the hand had, the work."""

    action: Action
    moves: int
    future: Future


@dataclass(frozen=True)
class Warning:
    """A move the coach questions: it would lose ``loss`` points against ``better``;
    ``seen`` is what the search saw after each (for the reason it gives)."""

    action: Action
    loss: float
    better: Action
    seen: dict[Action, Any]


QUESTIONS_A_HAND = 2  # more would hold the hand up too often: its Review shows them all


@dataclass
class CoachGate:
    """The move being weighed, or the one being questioned (never both); and how often the
    coach has asked, for it asks at most ``QUESTIONS_A_HAND`` times (a gate lasts a hand)."""

    weighing: Weighing | None = None
    warning: Warning | None = None
    asked: int = 0
    kept_news: bool = False  # a question was kept for the Review for the first time

    @property
    def busy(self) -> bool:
        return self.weighing is not None or self.warning is not None

    def weigh(self, action: Action, moves: int, future: Future) -> None:
        self.weighing = Weighing(action, moves, future)

    def verdict(self, moves_now: int, threshold: float) -> Action | None:
        """Once the weighing is done: the move to make now (it costs little, or the coach
        has asked enough), or None (the hand moved on, or the move is
        questioned: ``warning`` is set)."""
        w = self.weighing
        if w is None or not w.future.done():
            return None
        self.weighing = None
        if w.moves != moves_now:
            return None
        try:
            values = w.future.result()
        except Exception:
            values = {}
        if values and w.action in values:
            better = max(values, key=lambda a: (values[a], str(a)))
            loss = values[better] - values[w.action]
            if loss > threshold and better != w.action and self._may_ask():
                self.warning = Warning(w.action, loss, better, getattr(values, "seen", {}))
                return None
        return w.action

    def _may_ask(self) -> bool:
        """Whether the coach may ask once more (counted when it may); the first time it
        may not, ``kept_news`` is set."""
        self.asked += 1
        self.kept_news = self.asked == QUESTIONS_A_HAND + 1
        return self.asked <= QUESTIONS_A_HAND

    def answered(self) -> Action | None:
        """The questioned move, once the player has answered (it is theirs to make or not)."""
        warning, self.warning = self.warning, None
        return warning.action if warning is not None else None
