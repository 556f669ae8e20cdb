"""A question the table asks over the cards, a button per answer: a call's ways (a call
pressed that can be made more than one way) or the choices moves declare, when one
gesture means several legal moves that differ only by their choice (an 8 and the suit it
names). While one is asked, the phase is DECIDING: it is derived from the model's
``asking``, one value, never a flag beside it. The questions, the choices and their words
are the game's spec's; nothing here knows a game. The model answers (``TableModel.answer``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from game.core.spec import Call, GameSpec
from game.core.state import GameState
from game.core.types import Action
from game.text import say
from game.text.names import Namer
from game.text.words import phrase


@dataclass(frozen=True, eq=False)
class Answer:
    """One answer: its button's words (worded when drawn, in the language of now), the
    move it makes and the table cards it takes (lit on the felt while it has the focus)."""

    words: Callable[[], str]
    action: Action
    takes: tuple[int, ...] = ()


@dataclass(frozen=True, eq=False)
class Asking:
    """The question over the table and its answers (Cancel is always offered besides)."""

    question: Callable[[], str]
    answers: tuple[Answer, ...]

    @property
    def about(self) -> tuple[int, ...]:
        """Every table card some answer takes: the chooser keeps clear of them."""
        return tuple(dict.fromkeys(c for a in self.answers for c in a.takes))

    def taking(self, card: int) -> list[Action]:
        """The answers' moves that take ``card``."""
        return [a.action for a in self.answers if card in a.takes]


def call_asked(call: Call, seat: int) -> Asking:
    """The ways to make ``call``, for the player's ``seat``."""
    answers = tuple(Answer(partial(say, c.words), c.make(seat)) for c in call.choices)
    return Asking(lambda: say(call.question), answers)


def choices_asked(spec: GameSpec, state: GameState, namer: Namer, actions: list[Action]) -> Asking:
    """Which of ``actions`` (one gesture's moves, each declaring its own choice) is meant,
    in the game's words for its question and each choice."""

    def words(a: Action) -> Callable[[], str]:
        return lambda: phrase(spec.choice_words(a), namer)

    answers = tuple(Answer(words(a), a, state.where(a).takes) for a in actions)
    return Asking(lambda: phrase(spec.choice_question(state, actions), namer), answers)


def told_apart_by_choice(actions: list[Action]) -> bool:
    """Several moves that one gesture means and only their declared choices tell apart."""
    return len(actions) > 1 and all(a.choice is not None for a in actions)
