"""The player's statistics, never stored: derived from the hands they played, a
:class:`Line` per game, variant, player count and level, the hands folded in play order
(streaks, the last 50 results) on top of the lines moved in from the previous version. A
hand with take-backs is counted apart (it neither extends nor breaks a streak); a hand
given up counts as lost, without points."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from game.core.drawable import is_drawable
from game.core.schema import MAX_COUNT, Field, read_fields

LAST = 50


@dataclass
class Line:
    """The counts of one game, variant, player count and level."""

    hands: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0
    points: int = 0  # the player's side's points, all hands
    best: int = 0  # the best hand's points
    streak: int = 0  # hands won in a row now
    best_streak: int = 0
    matches: int = 0
    matches_won: int = 0
    takeback_hands: int = 0
    takeback_won: int = 0
    last: list[int] = field(default_factory=list)  # recent results: 1 won, 0 drawn, -1 lost
    counts: dict[str, int] = field(default_factory=dict)  # the game's own (``stats.count.*``)

    @property
    def win_rate(self) -> float:
        return self.won / self.hands if self.hands else 0.0

    @property
    def average(self) -> float:
        return self.points / self.hands if self.hands else 0.0

    def add(self, hand: Any) -> None:
        """One more hand, as it was played."""
        if hand.match_won is not None:
            self.matches += 1
            self.matches_won += hand.match_won
        if hand.took_back:
            self.takeback_hands += 1
            self.takeback_won += hand.result == 1
            return
        self.hands += 1
        self.won += hand.result == 1
        self.lost += hand.result == -1
        self.drawn += hand.result == 0
        self.points += hand.points
        if not hand.given_up:
            self.best = max(self.best, hand.points)
        self.streak = self.streak + 1 if hand.result == 1 else 0
        self.best_streak = max(self.best_streak, self.streak)
        self.last = ([*self.last, hand.result])[-LAST:]
        for name, n in hand.counts.items():
            self.counts[name] = self.counts.get(name, 0) + n


LINE_FIELDS = {n: Field(0, int, low=0, high=MAX_COUNT) for n in Line.__dataclass_fields__}
LINE_FIELDS["last"] = Field(
    [], list, check=lambda v: [x for x in v if type(x) is int and x in (-1, 0, 1)][-LAST:]
)
LINE_FIELDS["counts"] = Field({}, dict, check=lambda counts: good_counts(counts))


def read_line(data: Any) -> tuple[Line, list[str]]:
    """A line of statistics from JSON (moved in, or carried in the database)."""
    values, problems = read_fields(data, LINE_FIELDS, "a line of statistics")
    line = Line(**values)
    if not problems and not _adds_up(line):
        problems = ["a line of statistics counts more hands won, lost or drawn than it has"]
    return line, problems


def _adds_up(line: Line) -> bool:
    """A line no play can give (9 won of 3 hands: a 300% win rate) is not a line."""
    parts = (line.won, line.lost, line.drawn, line.best_streak, line.takeback_hands)
    return (
        line.won + line.lost + line.drawn <= line.hands
        and all(n <= line.hands for n in parts)
        and line.streak <= line.best_streak
        and line.takeback_won <= line.takeback_hands
        and line.matches_won <= line.hands
    )


def fold(hands: Iterable[Any], lines: dict | None = None) -> dict[Any, Line]:
    """Each hand added to its key's line, in play order (``lines``: where they start)."""
    lines = dict(lines or {})
    for hand in hands:
        lines.setdefault(hand.key, Line()).add(hand)
    return lines


def good_counts(counts: dict) -> dict[str, int]:
    """The counts named by short text and held as whole numbers in range; the rest left out."""
    return {
        k: v
        for k, v in counts.items()
        if isinstance(k, str) and len(k) <= 40 and is_drawable(k)
        and type(v) is int and 0 <= v <= MAX_COUNT
    }  # fmt: skip


def line_text(line: Line) -> str:
    return json.dumps(asdict(line), sort_keys=True)
