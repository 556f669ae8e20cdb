"""The player's statistics, per game, variant, player count and level: hands and matches
played and won, streaks, points, pişti counts and Stop calls; the last results for the
charts. Versioned JSON in ``stats.json``; a broken file is set aside and counting
starts again, the game goes on.

A hand played with take-backs is counted apart: it neither extends nor breaks a
streak. A hand given up half way counts as lost.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field
from typing import Any

from game.core.cards import brief
from game.core.drawable import is_drawable
from game.core.files import FileProblem, locked, parse_json, write_json_atomic
from game.core.schema import MAX_COUNT, Field, read_fields
from game.core.state import GameState, non_default_options
from game.store.files import home, kept_in_part, read_or_set_aside, set_aside_broken
from game.text.words import AllEvents

FILE_NAME = "stats.json"
VERSION = 1
MAX_BYTES = 4 * 1024 * 1024
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
    pisti: int = 0
    jack_pisti: int = 0
    stops_made: int = 0  # the player called Stop on an opponent's fault
    stops_caught: int = 0  # an opponent called Stop on the player's fault
    takeback_hands: int = 0
    takeback_won: int = 0
    last: list[int] = field(default_factory=list)  # recent results: 1 won, 0 drawn, -1 lost

    @property
    def win_rate(self) -> float:
        return self.won / self.hands if self.hands else 0.0

    @property
    def average(self) -> float:
        return self.points / self.hands if self.hands else 0.0


_COUNT = Field(0, int, low=0, high=MAX_COUNT)
LINE_FIELDS = {name: _COUNT for name in Line.__dataclass_fields__ if name != "last"}
LINE_FIELDS["last"] = Field(
    [], list, check=lambda v: [x for x in v if type(x) is int and x in (-1, 0, 1)][-LAST:]
)


def key_of(game: str, options: dict[str, Any], players: int, level: str, cls=None) -> str:
    """``pisti|{"target": 101}|2|expert``: a line's key in the file."""
    import json

    opts = non_default_options(cls, options) if cls is not None else options
    return f"{game}|{json.dumps(opts, sort_keys=True)}|{players}|{level}"


def split_key(key: str) -> tuple[str, dict, int, str]:
    """The game, options, player count and level of a line's key; ValueError if it is none."""
    try:
        game, rest = key.split("|", 1)
        opts, players, level = rest.rsplit("|", 2)
        options = parse_json(opts, "a statistics key")
    except (ValueError, FileProblem) as err:
        raise ValueError(f"{brief(key)} is not a statistics key ({err})") from None
    if not isinstance(options, dict) or not players.isdigit() or len(players) > 1:
        raise ValueError(f"{brief(key)} is not a statistics key")
    words = (game, level, *map(str, options), *map(str, options.values()))
    if not all(is_drawable(t) for t in words):
        raise ValueError("a statistics key holds control or broken characters")
    return game, options, int(players), level


class Stats:
    """Every line of statistics, loaded and saved as one file."""

    def __init__(self, lines: dict[str, Line] | None = None) -> None:
        self.lines: dict[str, Line] = lines or {}

    @classmethod
    def load(cls) -> tuple[Stats, str | None]:
        data, problem = read_or_set_aside(FILE_NAME, MAX_BYTES)
        if data is None:
            return cls(), problem
        if not isinstance(data, dict) or data.get("version") != VERSION:
            set_aside_broken(FILE_NAME, "another version")  # kept, never overwritten
            return cls(), "stats_version"
        lines, problems = {}, []
        raw = data.get("lines")
        if not isinstance(raw, dict):
            problems.append("the file holds no lines")
        for key, value in raw.items() if isinstance(raw, dict) else ():
            try:
                split_key(key)
            except ValueError as err:
                problems.append(str(err))
                continue
            values, wrong = read_fields(value, LINE_FIELDS, "a line of statistics")
            problems += wrong
            lines[key] = Line(**values)
        if problems:  # the next save rewrites the file: keep it as it was
            return cls(lines), kept_in_part(FILE_NAME, problems[0])
        return cls(lines), None

    def save(self) -> None:
        data = {
            "version": VERSION,
            "saved": time.time(),
            "lines": {k: asdict(v) for k, v in self.lines.items()},
        }
        write_json_atomic(home() / FILE_NAME, data)

    def reset(self) -> None:
        with locked(home() / FILE_NAME):  # another window may be counting a hand
            self.lines.clear()
            self.save()

    def line(self, key: str) -> Line:
        return self.lines.setdefault(key, Line())

    # ----------------------------------------------------------------- counting
    def count_hand(
        self,
        key: str,
        state: GameState,
        side: int,
        seat: int,
        took_back: bool,
        team_points: int,
        abandoned: bool = False,
    ) -> None:
        """Add one finished (or abandoned) hand for the player in ``seat`` of ``side``."""
        line = self.line(key)
        w = state.winner
        result = -1 if abandoned else (0 if w in (None, "draw") else (1 if w == side else -1))
        if took_back:
            line.takeback_hands += 1
            line.takeback_won += result == 1
            return
        line.hands += 1
        line.won += result == 1
        line.lost += result == -1
        line.drawn += result == 0
        if not abandoned:
            line.points += team_points
            line.best = max(line.best, team_points)
        line.streak = line.streak + 1 if result == 1 else 0
        line.best_streak = max(line.best_streak, line.streak)
        line.last = (line.last + [result])[-LAST:]
        report = state.report()
        if "pisti" in report:
            line.pisti += report["pisti"][side]
            line.jack_pisti += report["jack_pisti"][side]
        made, caught = stop_calls(state, seat)
        line.stops_made += made
        line.stops_caught += caught

    def count_match(self, key: str, won: bool) -> None:
        line = self.line(key)
        line.matches += 1
        line.matches_won += won


def stop_calls(state: GameState, seat: int) -> tuple[int, int]:
    """(Stop calls ``seat`` made, calls others made on ``seat``'s faults) in a hand."""
    made = caught = 0
    replay = type(state).from_setup(state.setup(), state.options)
    faulter = None
    for action in state.history:
        if action.is_call:
            if action.seat == seat:
                made += 1
            elif faulter == seat:
                caught += 1
        events = replay.apply(action)
        faults = [e.seat for e in events if e.kind is AllEvents.FAULT]
        faulter = faults[-1] if faults else None
    return made, caught
