"""The move log of a table: every line kept as a value (:class:`LogLine`), worded when read,
the lines of a few earlier hands above this hand's."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.types import Action, Event
from game.text.log_lines import LogLine, Term, event_lines
from game.text.names import Namer, Seating

LOG_KEPT = 120  # lines of earlier hands kept when a hand starts


def fault_lines(
    fault: int | None, events: list[Event], action: Action | None
) -> tuple[list[LogLine], int | None]:
    """A fault nobody called goes to the log once the next move is made; returns those
    lines and the seat whose fault is open after ``events``."""
    said = []
    if fault is not None and (action is None or not action.is_call):
        said.append(LogLine.said("log.fault_unnoticed", seat=fault))
    fault = None
    for ev in events:
        if ev.kind.fault:
            fault = ev.seat
    return said, fault


@dataclass
class MoveLog:
    """The lines, where this hand's begin, the seat whose fault is still open (its fate goes
    to the log with the next move), and this hand's seating, which each line keeps."""

    lines: list[LogLine] = field(default_factory=list)
    hand_from: int = 0
    fault: int | None = None
    seating: Seating | None = None

    def new_hand(self, seating: Seating) -> None:
        del self.lines[: max(0, len(self.lines) - LOG_KEPT)]
        self.hand_from = len(self.lines)
        self.fault, self.seating = None, seating

    def add(self, line: LogLine) -> LogLine:
        line = line.at(self.seating)
        self.lines.append(line)
        return line

    def moved(self, events: list[Event], action: Action | None) -> None:
        """A move was made: an open fault nobody called is told now."""
        said, self.fault = fault_lines(self.fault, events, action)
        self.lines += [line.at(self.seating) for line in said]

    def this_hand(self, lines: list[LogLine]) -> None:
        """This hand's lines made again (a take-back, a jump): the earlier hands' stay."""
        del self.lines[self.hand_from :]
        self.lines += [line.at(self.seating) for line in lines]
        self.fault = None

    def words(self, namer: Namer) -> list[str]:
        return [line.words(namer) for line in self.lines]


def hand_head(match, spec) -> LogLine:
    """The line that opens a hand: its number, the game and the deal's number."""
    deal = match.deal_no
    key = "log.hand" if deal is not None else "log.hand.no_deal"
    return LogLine.said(key, n=match.hand_no + 1, game=Term(spec.title_key), deal=deal)


def hand_lines(spec, record: dict, history: list[Action], head: LogLine, namer: Namer,
               faults: bool) -> list[LogLine]:  # fmt: skip
    """A hand's log as it reads once every move so far has been shown, made again from
    its record (a resumed hand, a take-back, a replay's jump)."""
    state = spec.from_setup(record["setup"], record.get("options") or {})
    lines = [head]
    opening = state.opening_events()
    if opening:
        lines.append(LogLine.said("log.deal"))
        lines += event_lines(opening, namer, faults)
    fault = None
    for action in history:
        events = state.apply(action)
        said, fault = fault_lines(fault, events, action)
        lines += said + event_lines(events, namer, faults)
    return lines
