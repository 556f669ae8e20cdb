"""The book version's lesson: a few sentences and one flip (see game.core.lesson)."""

from __future__ import annotations

from game.core.cards import CARD_TEXT
from game.core.lesson import Lesson, Step, Wait


def _stocks(first: list[str], second: list[str]) -> list[list[str]]:
    """Both stocks, top first: the named cards, then the rest of the pack shared out."""
    named = set(first) | set(second)
    rest = [c for c in CARD_TEXT if c not in named]
    a, b = list(first), list(second)
    for i, card in enumerate(rest):
        (a if len(a) < 26 and (i % 2 == 0 or len(b) >= 26) else b).append(card)
    return [a, b]


FLIP = Lesson(
    id="book-flip",
    title="lesson.book.title",
    setup={"stocks": _stocks(["9H", "4C"], ["5H", "KS"])},
    steps=(
        Step(("lesson.book.intro",), Wait.READ, glow=("stock0", "stock1")),
        Step(("lesson.book.flip",), Wait.MOVE, ("flip",), ("stock0",), "lesson.book.wrong"),
        Step(("lesson.book.same_suit",), Wait.READ, glow=("discard0", "stock0")),
        Step(("lesson.book.end",), Wait.READ),
    ),
)

LESSONS = (FLIP,)
