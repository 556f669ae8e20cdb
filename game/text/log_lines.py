"""The move log's lines kept as values and worded when read, so the log already written
follows a change of language. A line keeps the seating of the hand it belongs to, so it
reads the same in every later hand, whoever sits where then.

A line is an event (worded by :func:`~game.text.words.event_line`) or a phrase key with its
values; a value that is itself a :class:`Term` or a :class:`LogLine` is worded too.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from game.core.types import Event, EventKind
from game.text.names import Namer, Seating
from game.text.phrasebook import say
from game.text.words import event_line


@dataclass(frozen=True)
class Term:
    """A word from the phrasebook inside a line (a game's title)."""

    key: str


@dataclass(frozen=True)
class LogLine:
    """One line of the move log. ``seat``: the seat the sentence is about (its ``who``, and
    the ``.you`` form of ``key`` when that is the reader); ``seating``: the seats of its
    hand, whose names it is worded with (None: the reader's). ``forced``: the move played
    itself for the player, and how ("now": a card with one place to go, "beat": the only
    move); the line says so, the panel draws it apart and the voice may read the flag."""

    key: str = ""
    params: tuple[tuple[str, Any], ...] = ()
    event: Event | None = None
    faults: bool = False
    seat: int | None = None
    seating: Seating | None = None
    forced: str = ""

    @classmethod
    def said(cls, key: str, seat: int | None = None, **params: Any) -> LogLine:
        return cls(key, tuple(params.items()), seat=seat)

    @classmethod
    def of_event(cls, event: Event, show_faults: bool = False, forced: str = "") -> LogLine:
        return cls(event=event, faults=show_faults, forced=forced)

    @property
    def actor(self) -> int | None:
        """The seat whose doing the line tells (an event's mover; none for the end of a hand,
        whose seat is its winner): speech keys turns and bursts to it, in every language,
        where a sentence need not start with the seat's name (Turkish: "7♥ attın")."""
        if self.event is not None:
            return None if self.event.kind is EventKind.OVER else self.event.seat
        return self.seat

    def at(self, seating: Seating | None) -> LogLine:
        """The line as it belongs to a hand seated so (a line that knows its hand keeps it)."""
        return (
            self if self.seating is not None or seating is None else replace(self, seating=seating)
        )

    def words(self, namer: Namer) -> str:
        if self.seating is not None:
            namer = self.seating.namer()
        if self.event is not None:
            said = event_line(self.event, namer, self.faults) or ""
            return say(f"log.forced.{self.forced}", move=said) if self.forced and said else said
        params = {k: _worded(v, namer) for k, v in self.params}
        key = self.key
        if self.seat is not None:
            key = namer.pick(key, self.seat)
            params.setdefault("who", namer.who(self.seat))
        return say(key, **params)


def _worded(value: Any, namer: Namer) -> Any:
    if isinstance(value, Term):
        return say(value.key)
    if isinstance(value, LogLine):
        return value.words(namer)
    return value


def event_lines(events: list[Event], namer: Namer, show_faults: bool = False,
                forced: str = "") -> list[LogLine]:  # fmt: skip
    """The lines the events make (events not worth a line make none); ``forced``: they are
    a move that played itself for the player."""
    lines = [LogLine.of_event(ev, show_faults, forced) for ev in events]
    return [line for line in lines if line.words(namer)]
