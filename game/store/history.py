"""The last 200 finished hands, as records, for the History screen and its replays."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from game import record
from game.core.drawable import drawable, is_drawable
from game.core.files import write_json_atomic
from game.core.schema import MAX_DEAL, MAX_WHEN, Field, read_fields
from game.store.files import home, kept_in_part, read_or_set_aside, set_aside_broken

FILE_NAME = "history.json"
VERSION = 1
KEEP = 200
MAX_BYTES = 24 * 1024 * 1024


@dataclass
class Entry:
    """One finished hand: when, which game and opponents, the result, and its record."""

    when: float
    game: str
    players: int
    level: str
    seat: int  # the player's seat in the record
    result: int  # 1 won, 0 drawn, -1 lost
    score: list
    record: dict
    deal: int = 0


ENTRY_FIELDS = {
    "when": Field(0.0, float, low=0, high=MAX_WHEN),
    "game": Field("", str),
    "players": Field(2, int, low=2, high=4),
    "level": Field("", str),
    "seat": Field(0, int, low=0, high=3),
    "result": Field(0, int, low=-1, high=1),
    "score": Field([], list, check=lambda v: _whole_numbers(v)),
    "record": Field({}, dict),
    "deal": Field(0, int, low=0, high=MAX_DEAL),
}


def _whole_numbers(values: list) -> list:
    if not all(type(v) is int for v in values) or len(values) > 4:
        raise ValueError("must be up to 4 whole numbers")
    return values


class History:
    def __init__(self, entries: list[Entry] | None = None) -> None:
        self.entries: list[Entry] = entries or []

    @classmethod
    def load(cls) -> tuple[History, str | None]:
        data, problem = read_or_set_aside(FILE_NAME, MAX_BYTES)
        if data is None:
            return cls(), problem
        if not isinstance(data, dict) or data.get("version") != VERSION:
            set_aside_broken(FILE_NAME, "another version")  # kept, never overwritten
            return cls(), "history_version"
        entries, problems = [], []
        hands = data.get("hands")
        if not isinstance(hands, list):
            problems.append("the file holds no hands")
        for item in hands if isinstance(hands, list) else []:
            values, wrong = read_fields(item, ENTRY_FIELDS, "a hand")
            if not wrong:
                try:
                    record.parse(values["record"])
                except record.RecordError as err:
                    wrong = [f"a hand's record: {drawable(err)}"]
                else:
                    if not all(is_drawable(a) for a in values["record"]["actions"]):
                        wrong = ["a hand's record holds a move with control or broken characters"]
            if wrong:
                problems += wrong
            else:
                entries.append(Entry(**values))
        if problems:  # the next save rewrites the file: keep it as it was
            return cls(entries[-KEEP:]), kept_in_part(FILE_NAME, problems[0])
        return cls(entries[-KEEP:]), None

    def save(self) -> None:
        hands = [{f: getattr(e, f) for f in ENTRY_FIELDS} for e in self.entries[-KEEP:]]
        data = {"version": VERSION, "hands": hands}  # no deep copy: 200 records are large
        write_json_atomic(home() / FILE_NAME, data)

    def add(self, entry: Entry) -> None:
        self.entries = (self.entries + [entry])[-KEEP:]

    @staticmethod
    def entry(
        record: dict[str, Any],
        game: str,
        players: int,
        level: str,
        seat: int,
        result: int,
        score: list,
        deal: int,
    ) -> Entry:
        return Entry(time.time(), game, players, level, seat, result, score, record, deal)
