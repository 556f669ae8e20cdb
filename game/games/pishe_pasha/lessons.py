"""Pishe Pasha's guided lessons: prepared deals and their steps (see game.core.lesson).

The first lesson is a whole short hand: foundations, turning, loading, a card sent up
by a single click, your own discard coming back, the discard pile turned over as a new
stock, and the win. The Stop lesson catches North twice, once forcing the play and once
ending its turn; the Keep lesson shows a load that would throw a good card away; the
last is played by three, on the one foundation, loading onto either opponent.
"""

from __future__ import annotations

from typing import Any

from game.core.cards import CARD_TEXT
from game.core.lesson import Lesson, Step, Wait


def deal(
    stocks: list[list[str]], rest_to: tuple[int, ...] = (1,), **piles: list[list[str]]
) -> dict[str, Any]:
    """A record setup: the named stocks (top first), every other card dealt in turn under
    the stocks of the seats ``rest_to``."""
    named = {c for s in stocks for c in s}
    named |= {c for group in piles.values() for pile in group for c in pile}
    stocks = [list(s) for s in stocks]
    for i, card in enumerate(c for c in CARD_TEXT if c not in named):
        stocks[rest_to[i % len(rest_to)]].append(card)
    return {"stocks": stocks, "discards": [[] for _ in stocks], **piles}


def _step(key: str, *expect: str, glow: str = "", wait: Wait = Wait.MOVE, wrong: str = "") -> Step:
    return Step(
        (f"lesson.pp.{key}",),
        wait,
        expect,
        tuple(glow.split()),
        wrong or "lesson.wrong",
    )


BASICS = Lesson(
    id="pishe-basics",
    title="lesson.pp.basics",
    setup=deal([["AC", "9D", "QH", "3C", "2C"], ["8S", "KD", "10C"]]),
    script=("turn", "turned>0", "turn", "turned>D", "turn", "turned>D"),
    steps=(
        _step("welcome", glow="stock0 stock1", wait=Wait.READ),
        _step("turn", "turn", glow="stock0", wrong="lesson.pp.wrong.turn"),
        _step("ace", "turned>F", glow="turned0 found0", wrong="lesson.pp.wrong.foundation"),
        _step("turn_again", "turn", glow="stock0", wrong="lesson.pp.wrong.turn"),
        _step("discard", "turned>D", glow="turned0 discard0"),
        _step("watch_load", glow="discard0", wait=Wait.WATCH),
        _step("loaded", glow="discard0 discard1", wait=Wait.READ),
        _step("turn_yours", "turn", glow="stock0", wrong="lesson.pp.wrong.turn"),
        _step("load", "turned>1", glow="turned0 discard1", wrong="lesson.pp.wrong.load"),
        _step("when_not", glow="discard1", wait=Wait.READ),
        _step("after_load", "turn", glow="stock0", wrong="lesson.pp.wrong.turn"),
        _step("no_fit", "turned>D", glow="turned0 discard0"),
        _step("watch_north", glow="stock1 discard1", wait=Wait.WATCH),
        _step("turn_yours", "turn", glow="stock0", wrong="lesson.pp.wrong.turn"),
        _step("first", "turned>F", glow="turned0 found0", wrong="lesson.pp.wrong.foundation"),
        _step("back_in_play", "discard>F", glow="discard0 found0", wrong="lesson.pp.wrong.first"),
        _step("recycle", "turn", glow="stock0 discard0", wrong="lesson.pp.wrong.turn"),
        _step("load_down", "turned>1", glow="turned0 discard1", wrong="lesson.pp.wrong.load"),
        _step("last", "turn", glow="stock0", wrong="lesson.pp.wrong.turn"),
        _step("last_load", "turned>1", glow="turned0 discard1", wrong="lesson.pp.wrong.load"),
        _step("won", glow="stock1 discard1", wait=Wait.READ),
    ),
)

STOP = Lesson(
    id="pishe-stop",
    title="lesson.pp.stop",
    options={"stop_rule": True},
    setup=deal(
        [["3H", "JS", "6C"], ["2H", "AS", "5C"]],
        foundations=[[], [], ["AH"], []],
        discards=[["4D"], ["9C"]],
    )
    | {"to_move": 1},
    script=("turn", "turned>D", "turn", "turned>D", "stop 1 end"),
    steps=(
        _step("stop_intro", glow="found2", wait=Wait.READ),
        _step("stop_watch", glow="found2 discard1", wait=Wait.WATCH),
        _step("stop_call", "stop 0 force", glow="found2 discard1", wrong="lesson.pp.wrong.stop"),
        _step("stop_forced", glow="found2 stock1", wait=Wait.WATCH),
        _step("stop_call_end", "stop 0 end", glow="discard1", wrong="lesson.pp.wrong.stop_end"),
        _step("stop_ended", glow="stock1", wait=Wait.READ),
        _step("stop_turn", "turn", glow="stock0", wrong="lesson.pp.wrong.turn"),
        _step("stop_fault", "turned>D", glow="turned0 discard0", wrong="lesson.pp.wrong.fault"),
        _step("stop_caught", glow="stock0 found2", wait=Wait.WATCH),
        _step("stop_end", wait=Wait.READ),
    ),
)

# your 3♥ is one card from the hearts foundation: keep it rather than load it away
KEEP = Lesson(
    id="pishe-keep",
    title="lesson.pp.keep",
    setup=deal(
        [["2H", "9C"], []],
        foundations=[[], [], ["AH"], []],
        discards=[["3H"], ["4S"]],
    ),
    steps=(
        _step("keep_intro", glow="discard0 discard1 found2", wait=Wait.READ),
        _step("keep_turn", "turn", glow="stock0 discard0", wrong="lesson.pp.wrong.keep"),
        _step("keep_up", "turned>F", glow="turned0 found2", wrong="lesson.pp.wrong.foundation"),
        _step("keep_kept", "discard>F", glow="discard0 found2", wrong="lesson.pp.wrong.first"),
        _step("keep_end", wait=Wait.READ),
    ),
)


# three seats: you, West (left) and East (right), the hand under way on the one foundation
VARIANTS = Lesson(
    id="pishe-variants",
    title="lesson.pp.variants",
    setup=deal(
        [["6H", "AS", "9C"], ["QS"], ["4D"]],
        rest_to=(1, 2),
        foundations=[["AD", "2S", "3H", "4C", "5C"]],
        discards=[[], ["KD"], ["2C"]],
    ),
    script=("turn", "turned>D", "turn", "turned>D"),
    steps=(
        _step("single", glow="found0 stock1 stock2", wait=Wait.READ),
        _step("turn", "turn", glow="stock0", wrong="lesson.pp.wrong.turn"),
        _step("single_up", "turned>F", glow="turned0 found0", wrong="lesson.pp.wrong.foundation"),
        _step("turn_again", "turn", glow="stock0", wrong="lesson.pp.wrong.turn"),
        _step(
            "wrap_load",
            "turned>1",
            "turned>2",
            glow="turned0 discard1 discard2",
            wrong="lesson.pp.wrong.load_either",
        ),
        _step("after_load", "turn", glow="stock0", wrong="lesson.pp.wrong.turn"),
        _step("three_discard", "turned>D", glow="turned0 discard0"),
        _step("three_watch", glow="stock1 stock2", wait=Wait.WATCH),
        _step("three", wait=Wait.READ),
    ),
)

LESSONS = (BASICS, STOP, KEEP, VARIANTS)
