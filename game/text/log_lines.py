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
from game.text.words import Brief, event_brief, event_line


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
    move); the line says so, the panel draws a run of them as one row, apart, and the voice
    may read the flag. ``chosen``: the line is a move the player chose (the panel makes it
    stand out). Only a move's own line carries either (:func:`move_events`), never what
    follows from it (a capture, a score, the hand's end)."""

    key: str = ""
    params: tuple[tuple[str, Any], ...] = ()
    event: Event | None = None
    faults: bool = False
    seat: int | None = None
    seating: Seating | None = None
    forced: str = ""
    chosen: bool = False

    @classmethod
    def said(cls, key: str, seat: int | None = None, **params: Any) -> LogLine:
        return cls(key, tuple(params.items()), seat=seat)

    @classmethod
    def of_event(cls, event: Event, show_faults: bool = False, forced: str = "",
                 chosen: bool = False) -> LogLine:  # fmt: skip
        return cls(event=event, faults=show_faults, forced=forced, chosen=chosen)

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

    def namer_for(self, namer: Namer) -> Namer:
        """The names this line is worded with: its hand's, else the reader's."""
        return self.seating.namer() if self.seating is not None else namer

    def words(self, namer: Namer) -> str:
        namer = self.namer_for(namer)
        if self.event is not None:
            said = event_line(self.event, namer, self.faults) or ""
            return run_words([self], namer) if self.forced and said else said
        params = {k: _worded(v, namer) for k, v in self.params}
        key = self.key
        if self.seat is not None:
            key = namer.pick(key, self.seat)
            params.setdefault("who", namer.who(self.seat))
        return say(key, **params)

    def heard(self, namer: Namer) -> str:
        """The line for the ear: a move of another seat's begins with its card and where it
        went ("The jack of hearts onto your pile, by North"), what the player listens for
        first; every other line as it reads."""
        if self.event is None or self.forced:
            return self.words(namer)
        names = self.namer_for(namer)
        return event_line(self.event, names, self.faults, form=".heard") or ""

    def words_plain(self, namer: Namer) -> str:
        """The line's sentence without its mark (an event's as the rules' words give it)."""
        if self.event is not None:
            return event_line(self.event, self.namer_for(namer), self.faults) or ""
        return self.words(namer)


def _worded(value: Any, namer: Namer) -> Any:
    if isinstance(value, Term):
        return say(value.key)
    if isinstance(value, LogLine):
        return value.words(namer)
    return value


def event_lines(events: list[Event], namer: Namer, show_faults: bool = False,
                forced: str = "", mover: int | None = None,
                chosen: bool = False) -> list[LogLine]:  # fmt: skip
    """The lines the events make (events not worth a line make none); ``forced``: they are
    a move of ``mover``'s that played itself for the player, ``chosen``: one the player
    chose (either marks only the move's own lines, :func:`move_events`)."""
    own = move_events(events, mover) if mover is not None else []
    lines = [
        LogLine.of_event(ev, show_faults, forced, chosen)
        if any(ev is o for o in own)
        else LogLine.of_event(ev, show_faults)
        for ev in events
    ]
    return [line for line in lines if line.words(namer)]


def move_events(events: list[Event], mover: int) -> list[Event]:
    """The events of ``mover``'s move that are the move itself: its own cards moving (a
    card played, a stock turned, a discard pile turned over), else its first event (a
    call); never what follows from it (another seat's card forced by a call, a capture,
    a score, the last cards, the hand's end)."""
    mine = [ev for ev in events if ev.seat == mover and ev.kind is not EventKind.OVER]
    own = [ev for ev in mine if ev.src is not None and ev.src.seat == mover]
    return own or mine[:1]


@dataclass(frozen=True)
class Row:
    """A row of the log as the panel draws it: its words and its look (``forced``: moves
    that played themselves, ``chosen``: the player's own decision, "": anything else)."""

    words: str
    look: str = ""


class Wording:
    """Lines worded once each, for one reader's names in one language: the panel asks for
    the log's rows whenever a line is added, and wording every line again took most of
    such a frame. A line is known by identity (lines are values, but comparing two field
    by field costs more than wording them); each worded line is kept with its words, so
    its identity is never reused while it is remembered."""

    def __init__(self, namer: Namer) -> None:
        self.namer = namer
        self._lines: dict[int, tuple[LogLine, str]] = {}
        self._runs: dict[tuple[int, ...], tuple[list[LogLine], str]] = {}

    def line(self, line: LogLine) -> str:
        kept = self._lines.get(id(line))
        if kept is None:
            kept = self._lines[id(line)] = (line, line.words(self.namer))
        return kept[1]

    def run(self, run: list[LogLine]) -> str:
        key = tuple(map(id, run))
        kept = self._runs.get(key)
        if kept is None:
            kept = self._runs[key] = (list(run), run_words(run, self.namer))
        return kept[1]

    def forget_all_but(self, lines: tuple[LogLine, ...]) -> None:
        """Keeps only what ``lines`` may ask again (a log drops its oldest lines)."""
        if len(self._lines) + len(self._runs) > 4 * len(lines) + 64:
            self._lines = {id(x): self._lines[id(x)] for x in lines if id(x) in self._lines}
            self._runs = {}


def rows(lines: list[LogLine], namer: Namer, wording: Wording | None = None) -> list[Row]:
    """The log's rows: each run of moves that played themselves for the player in a row
    of its own ("Played for you: 6♥, 7♥ to the foundation; turned 9♣"), a word said
    during the run after it, every other line a row (worded through ``wording`` when
    given, which remembers)."""
    said = wording or Wording(namer)
    out: list[Row] = []
    run: list[LogLine] = []
    later: list[Row] = []
    for line in [*lines, None]:
        if line is not None and line.forced and line.event is not None:
            if run and run[-1].seating != line.seating:
                out.append(Row(said.run(run), "forced"))
                run = []
            run.append(line)
            continue
        if line is not None and line.forced and run:
            later.append(Row(said.line(line), "forced"))
            continue
        if run:
            out.append(Row(said.run(run), "forced"))
        out += later
        run, later = [], []
        if line is not None:
            look = "chosen" if line.chosen else "forced" if line.forced else ""
            out.append(Row(said.line(line), look))
    return out


def run_words(run: list[LogLine], namer: Namer) -> str:
    """Moves that played themselves, one after another, in one sentence: the cards of
    moves alike joined ("6♥, 7♥ to the foundation"), the others after them ("; turned
    9♣")."""
    groups: list[tuple[Brief | None, list[str]]] = []
    for line in run:
        names = line.namer_for(namer)
        brief = event_brief(line.event, names) if line.event is not None else None
        if brief is None:
            groups.append((None, [line.words_plain(names)]))
        elif groups and groups[-1][0] is not None and groups[-1][0].alike(brief):
            groups[-1][1].extend(brief.cards)
        else:
            groups.append((brief, list(brief.cards)))
    said = [b.words(cards) if b is not None else cards[0] for b, cards in groups]
    return say("log.forced.run", moves="; ".join(said))
