"""Finished hands as the database keeps them, and what comes from them: History and the
statistics per game, variant, player count and level (a :class:`StatsKey`).

Statistics are never stored: they are folded from the counted hands in the order they
were played (streaks, the last 50 results), on top of the lines moved in from the
previous version. A hand played with take-backs is counted apart (it neither extends nor
breaks a streak); a hand given up counts as lost, without points. Every value read back
passes the border (:func:`read_hand`): a damaged or edited database shows no bad value.
"""

from __future__ import annotations

import json
import time
import zlib
from dataclasses import asdict, dataclass, field, replace
from functools import lru_cache
from typing import Any

from game.core.drawable import is_drawable
from game.core.files import FileProblem, parse_json
from game.core.schema import MAX_COUNT, MAX_DEAL, MAX_WHEN, Field, read_fields
from game.core.state import non_default_options
from game.core.types import DRAW

LAST = 50
COLUMNS = (
    "at", "game", "players", "level", "options", "seat", "result", "points", "score", "deal",
    "took_back", "given_up", "match_won", "counts", "record", "counted", "match_id", "hand_no",
)  # fmt: skip
INSERT = f"INSERT OR IGNORE INTO hands ({', '.join(COLUMNS)}) VALUES ({','.join('?' * 18)})"
LISTED = "id, " + ", ".join(COLUMNS[:14])  # what read_hand reads: all but the record


@dataclass(frozen=True, order=True)
class StatsKey:
    """A line of statistics: the game, player count, level and the options that differ
    from the game's defaults, as (name, value) pairs in name order."""

    game: str
    players: int
    level: str
    options: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, game: str, players: int, level: str, options: dict[str, Any]) -> StatsKey:
        return cls(game, players, level, tuple(sorted(options.items())))

    @property
    def choices(self) -> dict[str, Any]:
        return dict(self.options)

    @property
    def options_text(self) -> str:
        return json.dumps(self.choices, sort_keys=True)

    def at(self, level: str) -> StatsKey:
        """The same game and variant at another level (the chart by level)."""
        return replace(self, level=level)


def key_of(session: Any) -> StatsKey:
    """The line a session's hands are counted in."""
    st = session.state
    options = non_default_options(type(st), st.options)
    return StatsKey.of(st.game, st.players, session.level, options)


@dataclass(frozen=True)
class Hand:
    """One finished (or given up) hand of the person: a row of ``hands``."""

    key: StatsKey
    seat: int
    result: int  # 1 won, 0 drawn, -1 lost
    points: int
    score: tuple[int, ...] = ()
    deal: int = 0
    record: dict = field(default_factory=dict, compare=False)  # empty when listed
    counts: dict[str, int] = field(default_factory=dict)
    took_back: bool = False
    given_up: bool = False
    match_won: bool | None = None  # it ended a match played to a target: won or not
    match: tuple[str, int] | None = None  # (match id, hand number): counted once at most
    at: float = field(default_factory=time.time)
    counted: bool = True  # in the statistics (a hand moved in was counted by its file)
    id: int = 0  # its row's, once read back

    @classmethod
    def of(cls, session: Any, given_up: bool = False) -> Hand:
        st, m, seat = session.state, session.match, session.human
        w, side = st.winner, st.side_of(seat)
        result = -1 if given_up else (0 if w in (None, DRAW) else (1 if w == side else -1))
        ended = not given_up and m.hand_finished and m.is_over and bool(m.target)
        return cls(
            key=key_of(session),
            seat=seat,
            result=result,
            points=0 if given_up else m.hand_points()[m.team_of(0)],
            score=tuple(st.score),
            deal=m.deal_no,
            record=st.record(),
            counts=dict(session.spec.counts(st, seat)),
            took_back=session.took_back or session.referee.took_back,
            given_up=given_up,
            match_won=(m.winner == m.team_of(0)) if ended else None,
            match=(session.id, m.hand_no),
        )

    def row(self) -> tuple:
        """The values of :data:`COLUMNS`."""
        k = self.key
        packed = zlib.compress(json.dumps(self.record, separators=(",", ":")).encode())
        return (
            self.at, k.game, k.players, k.level, k.options_text, self.seat, self.result,
            self.points, json.dumps(list(self.score)), self.deal, self.took_back,
            self.given_up, self.match_won, json.dumps(self.counts, sort_keys=True), packed,
            self.counted, *(self.match or (None, None)),
        )  # fmt: skip


def read_hand(row: tuple) -> Hand | None:
    """A hand from a row of :data:`LISTED`, or None when a value is not one the game
    writes (its record is read when the hand is opened: see :func:`unpack`)."""
    hand_id, at, game, players, level, options, seat, result, points, *rest = row
    score, deal, took_back, given_up, match_won, counts = rest
    key, score, counts = _key(game, players, level, options), _json(score), _counts(counts)
    if key is None or counts is None or not isinstance(score, list) or len(score) > 4:
        return None
    numbers = (hand_id, seat, result, points, deal, *score)
    if not all(type(n) is int and abs(n) <= MAX_COUNT for n in numbers) or seat >= players:
        return None
    flags = took_back in (0, 1) and given_up in (0, 1) and match_won in (None, 0, 1)
    if not flags or result not in (-1, 0, 1) or not 0 <= deal <= MAX_DEAL:
        return None
    if type(at) not in (int, float) or not 0 <= at <= MAX_WHEN:
        return None
    won = None if match_won is None else bool(match_won)
    return Hand(key, seat, result, points, tuple(score), deal, {}, counts, bool(took_back),
                bool(given_up), won, None, float(at), True, hand_id)  # fmt: skip


@lru_cache(maxsize=512)
def _key(game: Any, players: Any, level: Any, options: Any) -> StatsKey | None:
    choices = _json(options)
    if not isinstance(choices, dict) or type(players) is not int or not 2 <= players <= 4:
        return None
    texts = (game, level, *choices, *choices.values())
    if not isinstance(game, str) or not isinstance(level, str):
        return None
    if not all(type(t) in (str, int, bool) and is_drawable(str(t)) for t in texts):
        return None
    return StatsKey.of(game, players, level, choices)


@lru_cache(maxsize=512)
def _counts_of(text: str) -> tuple | None:
    counts = _json(text)
    return tuple(good_counts(counts).items()) if isinstance(counts, dict) else None


def _counts(text: Any) -> dict[str, int] | None:
    pairs = _counts_of(text) if isinstance(text, str) else None
    return None if pairs is None else dict(pairs)


def good_counts(counts: dict) -> dict[str, int]:
    """The counts named by short text and held as whole numbers in range; the rest left out."""
    return {
        k: v
        for k, v in counts.items()
        if isinstance(k, str) and len(k) <= 40 and is_drawable(k)
        and type(v) is int and 0 <= v <= MAX_COUNT
    }  # fmt: skip


def _json(text: Any) -> Any:
    try:
        return parse_json(text) if isinstance(text, str) and len(text) < 4096 else None
    except FileProblem:
        return None


def unpack(blob: Any, limit: int) -> Any:
    """A record as the database keeps it (compressed JSON) decoded, or None."""
    try:
        text = zlib.decompressobj().decompress(blob, limit) if isinstance(blob, bytes) else b""
        return parse_json(text.decode("utf-8"), "a hand's record")
    except (zlib.error, UnicodeDecodeError, FileProblem):
        return None


# ----------------------------------------------------------------- statistics
@dataclass
class Line:
    """The counts of one :class:`StatsKey`."""

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

    def add(self, hand: Hand) -> None:
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
        self.last = (self.last + [hand.result])[-LAST:]
        for name, n in hand.counts.items():
            self.counts[name] = self.counts.get(name, 0) + n


LINE_FIELDS = {n: Field(0, int, low=0, high=MAX_COUNT) for n in Line.__dataclass_fields__}
LINE_FIELDS["last"] = Field(
    [], list, check=lambda v: [x for x in v if type(x) is int and x in (-1, 0, 1)][-LAST:]
)
LINE_FIELDS["counts"] = Field({}, dict, check=good_counts)


def read_line(data: Any) -> tuple[Line, list[str]]:
    """A line of statistics from JSON (moved in, or carried in the database)."""
    values, problems = read_fields(data, LINE_FIELDS, "a line of statistics")
    return Line(**values), problems


def statistics(hands: list[Hand], carried: list[tuple]) -> tuple[dict[StatsKey, Line], int]:
    """Every line: those moved in (``carried``: key columns and the line as JSON) with the
    counted ``hands`` added in play order; and how many carried lines were not valid."""
    lines: dict[StatsKey, Line] = {}
    bad = 0
    for *columns, text in carried:
        key = _key(*columns)
        line, problems = read_line(_json(text))
        if key is None or problems:
            bad += 1
        else:
            lines[key] = line
    for hand in hands:
        lines.setdefault(hand.key, Line()).add(hand)
    return lines, bad


def line_text(line: Line) -> str:
    return json.dumps(asdict(line), sort_keys=True)
