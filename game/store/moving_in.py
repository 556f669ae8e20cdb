"""Moving in: the previous version's files (``match.json``, ``stats.json``, ``history.json``)
are read into a new database within its first transaction, then kept beside it renamed
(``NAME.moved-in``) and untouched, so the player loses nothing. A file that cannot be read
is set aside as that version did (``NAME.broken-…``) and the player is told; the rest
moves in. Statistics move in as they were (lines of hands History no longer held); the
hands of History move in as hands already counted by them."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game import record
from game.core.drawable import is_drawable
from game.core.files import FileProblem, parse_json, read_json, set_aside
from game.core.schema import MAX_DEAL, MAX_WHEN, Field, read_fields
from game.core.state import non_default_options
from game.games import SPECS
from game.store import hands, saves

NAMES = {"match.json": "save", "stats.json": "stats", "history.json": "history"}
LIMITS = {"match.json": 3, "stats.json": 4, "history.json": 24}  # MB, as that version read
MOVED = ".moved-in"


def mover(folder: Path) -> Callable[[sqlite3.Connection], Callable[[], list[str]]]:
    """What fills a new database from ``folder``'s old files: it returns what to do once
    the database is committed (rename them), which returns the notices for the player."""

    def fill(conn: sqlite3.Connection) -> Callable[[], list[str]]:
        moved, told = [], []
        for name, what in NAMES.items():
            path = folder / name
            if not os.path.lexists(path):
                continue
            try:
                data = read_json(path, LIMITS[name] * 1024 * 1024)
                problem = MOVERS[what](conn, data)
            except (FileProblem, ValueError) as err:
                kept = set_aside(path)
                told.append(f"{what}_broken|{err}" + (f" (kept as {kept.name})" if kept else ""))
                continue
            moved.append(path)
            if problem:
                told.append(f"{what}_fixed|{problem} (kept as {name}{MOVED})")
        return lambda: told + _rename(folder, moved)

    return fill


def _rename(folder: Path, moved: list[Path]) -> list[str]:
    for path in moved:
        target = path.with_name(path.name + MOVED)
        with contextlib.suppress(OSError):
            if not os.path.lexists(target):
                os.rename(path, target)
    for lock in folder.glob("*.json.lock"):  # that version's empty lock files
        with contextlib.suppress(OSError):
            if lock.is_file() and not lock.is_symlink() and lock.stat().st_size == 0:
                lock.unlink()
    return ["moved_in"] if moved else []


def _match(conn: sqlite3.Connection, data: Any) -> None:
    session = saves.session_of(json.dumps(data))
    conn.execute("INSERT INTO match VALUES (1, ?)", (saves.save_text(session),))


def _version(data: Any, what: str) -> None:
    if not isinstance(data, dict) or data.get("version") != 1:
        raise ValueError(f"the {what} are from another version")


def _stats(conn: sqlite3.Connection, data: Any) -> str | None:
    _version(data, "statistics")
    problems = []
    lines = data.get("lines")
    for text, value in lines.items() if isinstance(lines, dict) else ():
        try:
            key = _old_key(text)
        except ValueError as err:
            problems.append(str(err))
            continue
        line, wrong = hands.read_line(_counts_gathered(value))
        problems += wrong
        row = (key.game, key.players, key.level, key.options_text, hands.line_text(line))
        conn.execute("INSERT INTO carried VALUES (?, ?, ?, ?, ?)", row)
    return problems[0] if problems else None if isinstance(lines, dict) else "no lines"


def _old_key(text: str) -> hands.StatsKey:
    """``pisti|{"target": 101}|2|expert``: that version's key of a line."""
    try:
        game, rest = text.split("|", 1)
        opts, players, level = rest.rsplit("|", 2)
        options = parse_json(opts, "a statistics key")
    except (ValueError, FileProblem) as err:
        raise ValueError(f"{text[:40]!r} is not a statistics key ({err})") from None
    if not isinstance(options, dict) or players not in ("2", "3", "4"):
        raise ValueError(f"{text[:40]!r} is not a statistics key")
    words = (game, level, *map(str, options), *map(str, options.values()))
    if not all(is_drawable(t) for t in words):
        raise ValueError("a statistics key holds control or broken characters")
    return hands.StatsKey.of(game, int(players), level, options)


def _counts_gathered(line: Any) -> Any:
    """A line from before ``counts`` held each game's counts as fields of their own."""
    if not isinstance(line, dict) or "counts" in line:
        return line
    own = {k: v for k, v in line.items() if k not in hands.LINE_FIELDS}
    rest = {k: v for k, v in line.items() if k not in own}
    return {**rest, "counts": {k: v for k, v in hands.good_counts(own).items() if v}}


OLD_ENTRY = {  # a hand of that version's history
    "when": Field(0.0, float, low=0, high=MAX_WHEN),
    "level": Field("", str),
    "seat": Field(0, int, low=0, high=3),
    "result": Field(0, int, low=-1, high=1),
    "score": Field([], list, check=lambda v: [n for n in v if type(n) is int][:4]),
    "record": Field({}, dict),
    "deal": Field(0, int, low=0, high=MAX_DEAL),
}


def _history(conn: sqlite3.Connection, data: Any) -> str | None:
    _version(data, "hands")
    problems = []
    entries = data.get("hands")
    for item in entries if isinstance(entries, list) else ():
        item = {k: v for k, v in item.items() if k in OLD_ENTRY} if isinstance(item, dict) else item
        values, wrong = read_fields(item, OLD_ENTRY, "a hand")
        done = None if wrong else record.replay(values["record"])
        if wrong or done.status != record.OK or not done.state.is_over:
            problems += wrong or ["a hand's record does not replay to its end"]
            continue
        if values["seat"] >= done.state.players:
            problems.append("a hand's seat is not one of its players'")
            continue
        conn.execute(hands.INSERT, _old_hand(values, done.state).row())
    return problems[0] if problems else None if isinstance(entries, list) else "no hands"


def _old_hand(values: dict, state: Any) -> hands.Hand:
    spec, seat = SPECS[state.game], values["seat"]
    options = non_default_options(type(state), state.options)
    return hands.Hand(
        key=hands.StatsKey.of(state.game, state.players, values["level"], options),
        seat=seat,
        result=values["result"],
        points=state.score[state.side_of(seat)],
        score=tuple(values["score"]),
        deal=values["deal"],
        record=values["record"],
        counts=dict(spec.counts(state, seat)),
        at=values["when"],
        counted=False,
    )


MOVERS = {"save": _match, "stats": _stats, "history": _history}
