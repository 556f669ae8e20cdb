"""The Expert's suggestion for the player, a part of the table's model: the hint on the
table and the position it was asked for (asked on the worker thread, kept while the hand
has not moved on)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.ai.coach import Advice
from game.core.state import GameState
from game.core.types import Action
from game.ui.table.model.thinker import Thinker

PULSE_SECONDS = 1.6  # a fresh hint pulses this long


@dataclass
class Hint:
    """A suggestion for the human and why (``advice``), valid while the hand still has
    ``moves`` moves; its words are made when read, in the language of the moment."""

    advice: Advice
    moves: int
    words: Callable[[Advice], str]
    age: float = 0.0

    @property
    def action(self) -> Action:
        return self.advice.action

    @property
    def text(self) -> str:
        return self.words(self.advice)


@dataclass
class Hints:
    """The hint on the table (if any) and the position it was asked for."""

    shown: Hint | None = None
    asked: int = -1

    def ask(self, thinker: Thinker, state: GameState, seat: int, calls_too: bool) -> None:
        """Ask the Expert (off the UI thread); a hint already shown for this position
        pulses again instead."""
        if thinker.hint_pending is not None:
            return
        moves = len(state.history)
        if self.shown is not None and self.shown.moves == moves:
            self.shown.age = 0.0
            return
        self.asked = moves
        thinker.ask_hint(state, seat, calls_too)

    def poll(self, thinker: Thinker, dt: float, moves: int, fits, words) -> bool:
        """The Expert's answer, kept when it is still for this position and ``fits(action)``
        (the player may make it); True when a new hint has come."""
        if self.shown is not None:
            self.shown.age += dt
        done, advice = thinker.hint_answer()
        if not done or advice is None or self.asked != moves or not fits(advice.action):
            return False
        self.shown = Hint(advice, moves, words)
        return True

    def forget(self) -> None:
        self.shown, self.asked = None, -1
