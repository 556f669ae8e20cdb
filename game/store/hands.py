"""Finished hands as the database keeps them (a row each) and reads them back for History
and the statistics (:mod:`game.stats` folds them), each value through the border
(:func:`read_hand`), and the key of a line of statistics (:class:`StatsKey`)."""

from __future__ import annotations

import json
import time
import zlib
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from game.core.drawable import is_drawable
from game.core.files import FileProblem, parse_json
from game.core.schema import MAX_COUNT, MAX_DEAL, MAX_WHEN
from game.core.state import non_default_options
from game.core.types import DRAW
from game.stats import Line, good_counts, read_line

COLUMNS = (
    "at", "game", "players", "level", "options", "seat", "result", "points", "score", "deal",
    "took_back", "given_up", "match_won", "counts", "record", "counted", "match_id", "hand_no",
)  # fmt: skip
INSERT = f"INSERT OR IGNORE INTO hands ({', '.join(COLUMNS)}) VALUES ({','.join('?' * 18)})"
RECORD_LIMIT = 8 * 1024 * 1024  # a record unpacked: far above any hand's
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
    record: dict[str, Any] = field(default_factory=dict, compare=False)  # empty when listed
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
        points = 0 if given_up else m.hand_points()[m.team_of(0)]
        took_back = session.took_back or session.referee.took_back
        won = (m.winner == m.team_of(0)) if ended else None
        return cls(key_of(session), seat, result, points, tuple(st.score), m.deal_no,
                   st.record(), dict(session.spec.counts(st, seat)), took_back, given_up,
                   won, (session.id, m.hand_no))  # fmt: skip

    def row(self) -> tuple[Any, ...]:
        """The values of :data:`COLUMNS`."""
        k = self.key
        packed = zlib.compress(json.dumps(self.record, separators=(",", ":")).encode())
        return (
            self.at, k.game, k.players, k.level, k.options_text, self.seat, self.result,
            self.points, json.dumps(list(self.score)), self.deal, self.took_back,
            self.given_up, self.match_won, json.dumps(self.counts, sort_keys=True), packed,
            self.counted, *(self.match or (None, None)),
        )  # fmt: skip


def read_hand(row: tuple[Any, ...]) -> Hand | None:
    """A hand from a row of :data:`LISTED`, or None when a value is not one the game
    writes (its record is read when the hand is opened)."""
    hand_id, at, game, players, level, options, seat, result, points, *rest = row
    score, deal, took_back, given_up, match_won, counts = rest
    key, score, counts = row_key(game, players, level, options), _json(score), _counts(counts)
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
    return Hand(key, seat, result, points, tuple(score), deal, {}, dict(counts), bool(took_back),
                bool(given_up), won, None, float(at), True, hand_id)  # fmt: skip


@lru_cache(maxsize=512)
def row_key(game: Any, players: Any, level: Any, options: Any) -> StatsKey | None:
    choices = _json(options)
    if not (isinstance(game, str) and isinstance(level, str) and isinstance(choices, dict)):
        return None
    texts = (game, level, *choices, *choices.values())
    ok = all(type(t) in (str, int, bool) and is_drawable(str(t)) for t in texts)
    ok = ok and type(players) is int and 2 <= players <= 4
    return StatsKey.of(game, players, level, choices) if ok else None


@lru_cache(maxsize=512)
def _counts(text: Any) -> tuple[Any, ...] | None:
    counts = _json(text)
    return tuple(good_counts(counts).items()) if isinstance(counts, dict) else None


def _json(text: Any) -> Any:
    try:
        return parse_json(text) if isinstance(text, str) and len(text) < 4096 else None
    except FileProblem:
        return None


def carried(rows: list[tuple[Any, ...]]) -> tuple[dict[StatsKey, Line], int]:
    """The lines moved in (key columns and the line as JSON), and how many are not valid."""
    lines, bad = {}, 0
    for *columns, text in rows:
        key = row_key(*columns)
        line, problems = read_line(_json(text))
        if key is None or problems:
            bad += 1
        else:
            lines[key] = line
    return lines, bad


def unpacked(packed: Any) -> dict[str, Any]:
    """A hand's record from its column (compressed JSON); empty if it cannot be read."""
    try:
        data = zlib.decompressobj().decompress(packed, RECORD_LIMIT).decode("utf-8")
        record = parse_json(data, "a hand's record")
    except (TypeError, zlib.error, UnicodeDecodeError, FileProblem):
        return {}
    return record if isinstance(record, dict) else {}
