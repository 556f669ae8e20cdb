"""Guided lessons as data: a prepared deal and the steps that walk a newcomer through it.

A game's folder lists its lessons (``lessons.py``) and its spec carries them; one
tutorial scene plays any of them on the real table. A step says a sentence or two
(phrase keys), makes some piles glow, and waits for one of a few things: one of the
expected moves (record texts), any legal move, the computer to play on, the rest of
the hand to play itself, or simply the player's "Next". Computer seats follow the
lesson's script, so the deal goes as the lesson was written.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from game.core.agents import SeatView
from game.core.figures import Figure
from game.core.types import Action, PileId


class Wait(enum.Enum):
    """What a step waits for before the lesson goes on."""

    MOVE = "move"  # one of the step's expected moves
    ANY = "any"  # any legal move
    WATCH = "watch"  # the computer plays until the player may act (or make a call)
    READ = "read"  # nothing on the table: the player presses Next
    FINISH = "finish"  # the rest of the hand plays itself (the player may play too), to its end


@dataclass(frozen=True)
class Step:
    """One instruction: its words, what glows, what it waits for, and why another move is not it."""

    text: tuple[str, ...]
    wait: Wait = Wait.MOVE
    expect: tuple[str, ...] = ()
    glow: tuple[str, ...] = ()  # pile ids as text ("stock0", "found2")
    wrong: str = "lesson.wrong"
    figure: Figure | None = None  # a picture under the words (game.core.figures)

    @property
    def piles(self) -> tuple[PileId, ...]:
        return tuple(PileId.parse(p) for p in self.glow)

    def accepts(self, action: Action) -> bool:
        """Whether the player's move is this step's (a READ or WATCH step takes none)."""
        if self.wait in (Wait.ANY, Wait.FINISH):
            return True
        return self.wait is Wait.MOVE and str(action) in self.expect


@dataclass(frozen=True)
class Lesson:
    """A prepared deal (a record's setup and options) and the steps played on it; the human
    sits at seat 0 and the computer seats follow ``script`` in order."""

    id: str
    title: str  # phrase key
    setup: dict[str, Any]
    steps: tuple[Step, ...]
    options: dict[str, Any] = field(default_factory=dict)
    script: tuple[str, ...] = ()  # the computer's moves and calls, in order

    def __post_init__(self) -> None:
        for step in self.steps:
            if step.wait is Wait.MOVE and not step.expect:
                raise ValueError(f"lesson {self.id}: a move step expects no move")


class Script:
    """A computer player that makes the lesson's scripted moves in order: the next one when it
    is legal, else its first legal move; it makes a call only where the script says so."""

    name = "lesson"

    def __init__(self, moves: tuple[str, ...], done: int = 0) -> None:
        self.moves = moves
        self.done = done

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        if self.done < len(self.moves):
            wanted = next((a for a in legal if str(a) == self.moves[self.done]), None)
            if wanted is not None:
                self.done += 1
                return wanted
        return legal[0]

    def call(self, view: SeatView) -> Action | None:
        if self.done >= len(self.moves):
            return None
        wanted = next((a for a in view.calls() if str(a) == self.moves[self.done]), None)
        if wanted is not None:
            self.done += 1
        return wanted
