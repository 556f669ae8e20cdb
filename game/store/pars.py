"""Each hand's par, worked out on a thread of its own and kept beside the hand.

The thread only computes (``game.ai.par`` from the hand's record, seat and level); the
keeper's own thread writes what it found, each par one transaction of its own, so the
database's connection never crosses threads. A par is kept in a table of its own keyed
by the hand's row: a hand without one (the game was closed, or killed, while it was
worked out) is simply worked out again at the next start, newest first."""

from __future__ import annotations

import collections
import json
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.ai.par import PAR_SEED, Par, par_of, played_result

# the hands still without a par, newest first (a given-up hand has no result to compare)
MISSING = """SELECT h.id, h.seat, h.level, h.record FROM hands h
             LEFT JOIN par p ON p.hand_id = h.id
             WHERE p.hand_id IS NULL AND h.given_up = 0 ORDER BY h.id DESC LIMIT ?"""
INSERT = "INSERT OR REPLACE INTO par VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
LISTED = "hand_id, mine, mean, low, high, spread, results"
AT_START = 100  # the most hands a start queues (older ones wait for a later start)


@dataclass(frozen=True)
class HandPar:
    """A hand's par as kept: the player's own result beside the Expert's."""

    hand_id: int
    mine: float  # the player's result: their side's points minus the others'
    par: Par

    @property
    def against(self) -> float:
        """The player's result against par: above it (+) or under it (-)."""
        return self.mine - self.par.mean

    def row(self) -> tuple[Any, ...]:
        p = self.par
        return (self.hand_id, PAR_SEED, self.mine, p.mean, p.low, p.high, p.spread,
                json.dumps(list(p.results)))  # fmt: skip


def read_par(row: tuple[Any, ...]) -> HandPar | None:
    """A kept par from a row of :data:`LISTED`; None for values the game does not write."""
    hand_id, mine, mean, low, high, spread, results = row
    try:
        found = json.loads(results) if isinstance(results, str) and len(results) < 4096 else None
    except ValueError:
        return None
    numbers = (mine, mean, low, high, spread)
    if type(hand_id) is not int or not all(type(n) in (int, float) for n in numbers):
        return None
    if not isinstance(found, list) or not found or not all(type(r) in (int, float) for r in found):
        return None
    return HandPar(hand_id, float(mine), Par(mean, spread, low, high, tuple(map(float, found))))


@dataclass(frozen=True)
class Job:
    hand_id: int
    record: dict[str, Any]
    seat: int
    level: str


class ParWork:
    """The pars still to work out, and a thread working them out one by one; what it
    found waits in :meth:`done` for the keeper to write."""

    def __init__(self, on_ready: Callable[[], None] | None = None) -> None:
        self.on_ready = on_ready  # told (from the worker's thread) when a par is ready
        self._todo: collections.deque[Job] = collections.deque()
        self._done: collections.deque[HandPar] = collections.deque()
        self._wanted: set[int] = set()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def want(self, job: Job, first: bool = True) -> None:
        """Work out ``job``'s par (``first``: before the others waiting)."""
        with self._lock:
            if job.hand_id in self._wanted or self._stop.is_set():
                return
            self._wanted.add(job.hand_id)
            (self._todo.appendleft if first else self._todo.append)(job)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="par", daemon=True)
                self._thread.start()

    def busy(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def join(self, timeout: float | None = None) -> bool:
        """Wait until every par wanted so far is worked out (the thread ends when none is
        left), at most ``timeout`` seconds: whether none is left. For whoever must see the
        work done (a test), never the window, which reads :meth:`done` as it comes."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return not self.busy()

    def done(self) -> list[HandPar]:
        """The pars found since the last call."""
        out = []
        while self._done:
            out.append(self._done.popleft())
        return out

    def _run(self) -> None:
        while not self._stop.is_set():
            with self._lock:
                if not self._todo:
                    return
                job = self._todo.popleft()
            found = _work(job, self._stop.is_set)
            if found is not None:
                self._done.append(found)
                if self.on_ready is not None:
                    self.on_ready()

    def close(self, wait: float = 5.0) -> None:
        """Stop after the decision being made (what is not done is worked out next time)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(wait)


def _work(job: Job, stop: Callable[[], bool]) -> HandPar | None:
    """A job's par; None when stopped, or when its record cannot be played again (a game
    no longer registered, a record damaged: such a hand simply has no par)."""
    try:
        mine = played_result(job.record, job.seat)
        par = par_of(job.record, job.seat, job.level, stop=stop)
    except Exception:
        return None
    return None if par is None else HandPar(job.hand_id, mine, par)


def jobs(rows: list[tuple[Any, ...]], record: Callable[[Any], dict[str, Any]]) -> list[Job]:
    """The jobs of :data:`MISSING`'s rows (``record`` unpacks a record's column)."""
    out = []
    for hand_id, seat, level, packed in rows:
        rec = record(packed)
        if rec and type(seat) is int and isinstance(level, str):
            out.append(Job(hand_id, rec, seat, level))
    return out


def keep(c: sqlite3.Connection, found: HandPar) -> None:
    c.execute(INSERT, found.row())
