"""The last 200 finished hands, as records, for the History screen and its replays."""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass
from typing import Any

from game.core.files import write_json_atomic
from game.core.schema import Field, read_fields
from game.store.files import home, read_or_set_aside

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
    "when": Field(0.0, float),
    "game": Field("", str),
    "players": Field(2, int, low=2, high=4),
    "level": Field("", str),
    "seat": Field(0, int, low=0, high=3),
    "result": Field(0, int, low=-1, high=1),
    "score": Field([], list),
    "record": Field({}, dict),
    "deal": Field(0, int, low=0),
}


class History:
    def __init__(self, entries: list[Entry] | None = None) -> None:
        self.entries: list[Entry] = entries or []

    @classmethod
    def load(cls) -> tuple[History, str | None]:
        data, problem = read_or_set_aside(FILE_NAME, MAX_BYTES)
        if data is None:
            return cls(), problem
        if not isinstance(data, dict) or data.get("version") != VERSION:
            return cls(), "history_version"
        entries = []
        for item in data.get("hands", []) if isinstance(data.get("hands"), list) else []:
            values, problems = read_fields(item, ENTRY_FIELDS, "a hand")
            if not problems and values["record"]:
                entries.append(Entry(**values))
        return cls(entries[-KEEP:]), None

    def save(self) -> None:
        data = {"version": VERSION, "hands": [asdict(e) for e in self.entries[-KEEP:]]}
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
