"""The book version as the menu, the table and the arena see it (RULES.md §4)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from game.core.agents import Agent
from game.core.design import CARD_RATIO, Design
from game.core.spec import GameSpec, Phrase
from game.core.types import DISCARDS, STOCKS, Action, PileId
from game.games.book import words
from game.games.book.ai import FlipAgent
from game.games.book.lessons import LESSONS
from game.games.book.rules import BookGame


def design(pos: dict[int, str], options: dict[str, Any], sides: dict[int, int]) -> Design:
    d = Design(8.2, 6.0)
    for seat, where in pos.items():
        y = 0.42 if where == "top" else 4.15
        label_y = 0.02 if where == "top" else y + CARD_RATIO + 0.05
        d.stock_row(seat, 0.4, y, 8, 0.3, label_y)
    d.area("actions", 0.4, 2.45, 7.4, 1.1, "actions")
    return d


def seat_cards(piles: dict[PileId, list[int | None]], seat: int) -> int:
    return len(piles.get(STOCKS[seat], [])) + len(piles.get(DISCARDS[seat], []))


def panel_counts(piles: dict[PileId, list[int | None]], seat: int, side: int) -> list[Phrase]:
    return [
        Phrase("count.stock", {"n": len(piles.get(STOCKS[seat], []))}),
        Phrase("count.discard", {"n": len(piles.get(DISCARDS[seat], []))}),
    ]


class BookSpec(GameSpec[BookGame]):
    """The book version: two players flip, nobody chooses (so no levels, hints or coach)."""

    id = "pisha-pasha-book"
    state = BookGame
    lessons = LESSONS
    agents: ClassVar[dict[str, Callable[[int | None], Agent]]] = {
        lv: FlipAgent for lv in ("easy", "medium", "hard", "expert", "random", "flip")
    }
    baseline = "flip"
    autoplay = True
    words = words

    design = staticmethod(design)
    seat_cards = staticmethod(seat_cards)
    panel_counts = staticmethod(panel_counts)
    summary_lines = staticmethod(words.summary_lines)
    breakdown = staticmethod(words.breakdown)

    def variant(self, state: BookGame) -> Phrase | None:
        return None  # one way to play: no variant to name beside the game's name

    def prompt(self, state: BookGame) -> Phrase:
        return Phrase("prompt.flip")

    def hint(self, state: BookGame, action: Action, seat: int) -> Phrase | None:
        return Phrase("hint.flip")
