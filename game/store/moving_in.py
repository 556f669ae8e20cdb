"""Moving in: the previous version's ``match.json``, ``stats.json`` and ``history.json`` read
into a new database in its first transaction, then kept beside it renamed
(``NAME.moved-in``), untouched. A file that cannot be read is set aside as that version
did and the player told. Its statistics move in as they were; its hands, as counted."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from game.core.drawable import is_drawable
from game.core.files import FileProblem, Notice, parse_json, read_json_items, set_aside
from game.core.schema import MAX_COUNT, MAX_DEAL, MAX_WHEN, Field, read_fields
from game.session import Session
from game.stats import LINE_FIELDS, good_counts, line_text, read_line
from game.store import hands
from game.store.db import FILE_NAME, open_store

MOVED = ".moved-in"


Progress = Callable[[int, int], None]  # (hands moved in so far, of how many)
EVERY = 250  # hands between two words of progress


Move = Callable[[sqlite3.Connection, Any], str | None]  # an old file moved in: its problem


def _unheard(done: int, total: int) -> None:
    """No one is shown the progress (the command line, a test's keeper)."""


def mover(
    folder: Path, progress: Progress = _unheard
) -> Callable[[sqlite3.Connection], Callable[[], list[Notice]]]:
    """What fills a new database from ``folder``'s old files; it returns what renames them
    once the database is committed, which returns the notices for the player. The history
    moving in tells ``progress`` how far it is; whatever ``progress`` raises ends the
    moving in, its transaction rolled back and the old files untouched."""

    def fill(conn: sqlite3.Connection) -> Callable[[], list[Notice]]:
        moved, told = [], []
        moves: dict[str, Move] = {"match.json": _match, "stats.json": _stats,
                 "history.json": lambda c, data: _history(c, data, progress)}  # fmt: skip
        for name, (what, limit) in OLD.items():
            path = folder / name
            if not os.path.lexists(path):
                continue
            try:
                problem = moves[name](conn, read_json_items(path, limit * 1024 * 1024))
            except (FileProblem, ValueError) as err:
                kept = set_aside(path)
                told.append(
                    Notice(f"{what}_broken", f"{err}" + (f" (kept as {kept.name})" if kept else ""))
                )
                continue
            moved.append(path)
            if problem:
                told.append(Notice(f"{what}_fixed", f"{problem} (kept as {name}{MOVED})"))
        return lambda: told + _rename(folder, moved)

    return fill


def _rename(folder: Path, moved: list[Path]) -> list[Notice]:
    for path in moved:
        with contextlib.suppress(OSError):
            if not os.path.lexists(f"{path}{MOVED}"):
                os.rename(path, f"{path}{MOVED}")
    for lock in folder.glob("*.json.lock"):  # that version's empty lock files
        with contextlib.suppress(OSError):
            if lock.is_file() and not lock.is_symlink() and lock.stat().st_size == 0:
                lock.unlink()
    return [Notice("moved_in")] if moved else []


def _match(conn: sqlite3.Connection, data: Any) -> None:
    save = json.dumps(Session.from_save(data).to_save())  # as this version writes it
    conn.execute("INSERT INTO match VALUES (1, ?)", (save,))


def _versioned(data: Any, name: str, kind: type, what: str) -> list[Any]:
    if not isinstance(data, dict) or data.get("version") != 1:
        raise ValueError(f"the {what} are from another version")
    items = data.get(name)
    if not isinstance(items, kind):
        raise ValueError(f"the file holds no {what}")
    return list(items.items()) if isinstance(items, dict) else cast("list[Any]", items)


def _stats(conn: sqlite3.Connection, data: Any) -> str | None:
    problems = []
    for text, value in _versioned(data, "lines", dict, "statistics"):
        try:
            key = _old_key(text)
        except ValueError as err:
            problems.append(str(err))
            continue
        line, wrong = read_line(_counts_gathered(value))
        problems += wrong
        row = (key.game, key.players, key.level, key.options_text, line_text(line))
        conn.execute("INSERT INTO carried VALUES (?, ?, ?, ?, ?)", row)
    return problems[0] if problems else None


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
    if not all(is_drawable(str(t)) for t in (game, level, *options, *options.values())):
        raise ValueError("a statistics key holds control or broken characters")
    return hands.StatsKey.of(game, int(players), level, options)


def _counts_gathered(line: Any) -> Any:
    """A line from before ``counts`` held each game's counts as fields of their own."""
    if not isinstance(line, dict) or "counts" in line:
        return line
    own = {k: v for k, v in line.items() if k not in LINE_FIELDS}
    rest = {k: v for k, v in line.items() if k not in own}
    return {**rest, "counts": {k: v for k, v in good_counts(own).items() if v}}


OLD_HAND = {  # a hand of that version's history
    "when": Field(0.0, float, low=0, high=MAX_WHEN),
    "game": Field("", str),
    "players": Field(2, int, low=2, high=4),
    "level": Field("", str),
    "seat": Field(0, int, low=0, high=3),
    "result": Field(0, int, low=-1, high=1),
    "score": Field([], list, check=lambda v: [n for n in v if type(n) is int][:4]),
    "record": Field({}, dict),
    "deal": Field(0, int, low=0, high=MAX_DEAL),
}


def _history(conn: sqlite3.Connection, data: Any, progress: Progress) -> str | None:
    problems = []
    items = _versioned(data, "hands", list, "hands")
    for done, item in enumerate(items):
        if done % EVERY == 0:
            progress(done, len(items))
        v, wrong = read_fields(item, OLD_HAND, "a hand")
        options = json.dumps(v["record"].get("options", {}), sort_keys=True)
        key = hands.row_key(v["game"], v["players"], v["level"], options)
        if wrong or key is None or not v["score"] or v["seat"] >= v["players"]:
            problems += wrong or ["a hand's game, seat or score is not one the game knows"]
            continue
        if any(abs(n) > MAX_COUNT for n in v["score"]):  # (SQLite holds none so large)
            problems.append("a hand's score is out of range")
            continue
        points = v["score"][v["seat"] % len(v["score"])]  # (four players: two sides)
        hand = hands.Hand(key, v["seat"], v["result"], points, tuple(v["score"]), v["deal"],
                          v["record"], at=v["when"], counted=False)  # fmt: skip
        conn.execute(hands.INSERT, hand.row())
    progress(len(items), len(items))
    return problems[0] if problems else None


def pending(folder: Path) -> bool:
    """``folder`` holds the previous version's files and no database yet: the next
    opening moves them in."""
    path = folder / FILE_NAME
    new = not os.path.lexists(path) or (path.is_file() and path.stat().st_size == 0)
    return new and any(os.path.lexists(folder / name) for name in OLD)


OLD = {  # file: (what it is in notices, that version's size limit in MB)
    "match.json": ("save", 3),
    "stats.json": ("stats", 4),
    "history.json": ("history", 24),
}


class Stopped(Exception):
    """The window closed while the old files moved in."""


class MovingIn:
    """The previous version's files moved into a new database on a thread of their own,
    so a window shows how far it is (a 23 MB history takes seconds): :attr:`done` of
    :attr:`total` hands so far; once :attr:`ended`, :attr:`told` holds what the player is
    told. Closed before the end, the moving in is abandoned as if never begun: nothing
    committed, the database it began removed, the old files untouched for the next start."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.done = self.total = 0
        self.told: list[Notice] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="moving-in", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            store, self.told = open_store(self.folder, mover(self.folder, self._progress))
        except Stopped:
            for end in ("", "-wal", "-shm", "-journal"):  # (only this start's: see pending)
                with contextlib.suppress(OSError):
                    os.remove(f"{self.folder / FILE_NAME}{end}")
            return
        if store is not None:
            store.close()

    def _progress(self, done: int, total: int) -> None:
        if self._stop.is_set():
            raise Stopped
        self.done, self.total = done, total

    @property
    def ended(self) -> bool:
        return not self._thread.is_alive()

    def wait(self, seconds: float) -> bool:
        """Ended within ``seconds``."""
        self._thread.join(seconds)
        return self.ended

    def close(self) -> None:
        self._stop.set()
        self._thread.join()
