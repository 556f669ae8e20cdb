"""Pişti's lesson: captures by rank, the jack, a pişti and a jack pişti, the face-down cards,
the deals that follow and the pack's shown bottom card, the end of the hand and its scoring
(see game.core.lesson). The first deal is prepared; the rest of the hand plays itself."""

from __future__ import annotations

from dataclasses import replace

from game.core.cards import CARD_TEXT
from game.core.lesson import Lesson, Step, Wait
from game.games.pisti.figures import SCORING

TABLE = ["5S", "8D", "QC", "7H"]  # three face down, the 7♥ face up on top
YOU = ["7S", "9H", "JD", "JH"]
NORTH = ["9S", "KC", "JC", "2D"]
BOTTOM = "6D"
# the rules panel's scoring cards, without its line of other points (the step says those)
SCORING_CARDS = replace(SCORING, height=1.4 + 0.45, tags=SCORING.tags[:4])


def _deck(*named: str) -> list[str]:
    """All 52 cards in dealing order: the named ones first, the shown bottom card last."""
    rest = [c for c in CARD_TEXT if c not in named and c != BOTTOM]
    return [*named, *rest, BOTTOM]


def _step(key: str, *expect: str, glow: str = "", wait: Wait = Wait.MOVE) -> Step:
    return Step((f"lesson.pisti.{key}",), wait, expect, tuple(glow.split()), "lesson.pisti.wrong")


BASICS = Lesson(
    id="pisti-basics",
    title="lesson.pisti.title",
    setup={"players": 2, "deck": _deck(*TABLE, *YOU, *NORTH)},
    script=("9S", "KC", "JC"),
    steps=(
        _step("intro", glow="table", wait=Wait.READ),
        _step("capture", "7S", glow="table"),
        _step("pisti", "9H", glow="table"),
        _step("jack", "JD", glow="table"),
        _step("jack_pisti", "JH", glow="table"),
        _step("bottom", glow="pack", wait=Wait.READ),
        _step("play_on", glow="table", wait=Wait.FINISH),
        Step(("lesson.pisti.scoring_cards",), Wait.READ, glow=("won0",), figure=SCORING_CARDS),
        _step("match", wait=Wait.READ),
    ),
)

# four hands of four after the table's four: you, right, your partner across, left
PARTNERS = Lesson(
    id="pisti-partners",
    title="lesson.pisti.partners",
    setup={
        "players": 4,
        "deck": _deck(
            *("3H", "6S", "QD", "5H"),
            *("4S", "8C", "9D", "KH"),
            *("10S", "2D", "7C", "AC"),
            *("3C", "6H", "JS", "QS"),
            *("4D", "7S", "9C", "KD"),
        ),
    },
    script=("2D", "JS"),
    steps=(
        _step("partners_intro", glow="hand2 won0", wait=Wait.READ),
        _step("partners_play", "8C", glow="table"),
        _step("partners_watch", glow="table hand2", wait=Wait.WATCH),
        _step("partners_won", glow="won0", wait=Wait.READ),
        _step("partners_pisti", "4S", glow="table"),
    ),
)

LESSONS = (BASICS, PARTNERS)
