"""The book version as the menu, the table and the arena see it (RULES.md §4)."""

from __future__ import annotations

from typing import Any

from game.core.design import CARD_RATIO, Design
from game.core.spec import GameSpec, Phrase
from game.core.types import DISCARDS, STOCKS
from game.games.book import words
from game.games.book.ai import FlipAgent
from game.games.book.lessons import LESSONS
from game.games.book.rules import BookGame


def design(players: int, pos: dict[int, str], options: dict[str, Any], sides) -> Design:
    d = Design(8.2, 6.0)
    for seat, where in pos.items():
        y = 0.42 if where == "top" else 4.15
        label_y = 0.02 if where == "top" else y + CARD_RATIO + 0.05
        d.stock_row(seat, 0.4, y, 8, 0.3, label_y)
    d.area("actions", 0.4, 2.45, 7.4, 1.1, "actions")
    return d


def seat_cards(piles, seat: int) -> int:
    return len(piles.get(STOCKS[seat], [])) + len(piles.get(DISCARDS[seat], []))


def panel_counts(piles, seat: int, side: int) -> list[Phrase]:
    return [
        Phrase("count.stock", {"n": len(piles.get(STOCKS[seat], []))}),
        Phrase("count.discard", {"n": len(piles.get(DISCARDS[seat], []))}),
    ]


SPEC = GameSpec(
    id="pisha-pasha-book",
    state=BookGame,
    agents={lv: FlipAgent for lv in ("easy", "medium", "hard", "expert", "random", "flip")},
    baseline="flip",
    levels=(),
    positions=lambda players: ("bottom", "top"),
    design=design,
    choices=(),
    rules_key="rules.pisha-pasha-book",
    variant=lambda state: None,  # one way to play: no variant to name beside the game's name
    prompt=lambda state, seat: Phrase("prompt.flip"),
    hint=lambda state, action, seat: Phrase("hint.flip"),
    seat_cards=seat_cards,
    panel_counts=panel_counts,
    summary_lines=words.summary_lines,
    breakdown=words.breakdown,
    autoplay=True,
    smoke=({"players": 2},),
    lessons=LESSONS,
    describe=words.describe,
    describe_outcome=words.describe_outcome,
    describe_move=words.describe_move,
    joins=words.joins,
    sound=words.sound,
)
