"""The move log of a table: every line kept as a value (:class:`LogLine`), worded when read,
the lines of a few earlier hands above this hand's."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from game.core.types import TABLE, Action, Event, EventKind, PileKind
from game.text import current
from game.text.log_lines import LogLine, Row, Term, Wording, event_lines, move_events, rows
from game.text.names import Namer, Seating, card_short
from game.ui.table.model.phase import forced_how

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


def hidden_taken(ev: Event, pile: list, side: int, side_of: Callable[[int], int]) -> list[int]:
    """The cards of ``pile`` (as the player sees it: None face down) that ``ev`` takes face
    down for the player's side ``side``: the player sees them a moment (RULES.md §5)."""
    if ev.kind is not EventKind.CAPTURE or ev.src is None or ev.seat is None:
        return []
    if ev.src.kind is not PileKind.TABLE or side_of(ev.seat) != side:
        return []
    return [c for c, s in zip(ev.cards, pile, strict=False) if s is None]


def peek_line(hidden: list[int]) -> LogLine:
    return LogLine.said("log.peek", cards=" ".join(map(card_short, hidden)))


@dataclass
class MoveLog:
    """The lines, where this hand's begin, the seat whose fault is still open (its fate goes
    to the log with the next move), and this hand's seating, which each line keeps.
    ``asides``: lines of this hand no record can make again (a word said once in the
    player's life), each with how many of the hand's other lines came before it."""

    lines: list[LogLine] = field(default_factory=list)
    hand_from: int = 0
    fault: int | None = None
    seating: Seating | None = None
    asides: list[tuple[int, LogLine]] = field(default_factory=list)
    _worded: tuple | None = field(default=None, repr=False, compare=False)  # see rows
    _wording: tuple | None = field(default=None, repr=False, compare=False)  # see rows

    def new_hand(self, seating: Seating) -> None:
        del self.lines[: max(0, len(self.lines) - LOG_KEPT)]
        self.hand_from = len(self.lines)
        self.fault, self.seating = None, seating
        self.asides = []

    def aside(self, line: LogLine) -> None:
        """A line the hand's record cannot make again: kept in its place when the hand's
        lines are made again (a take-back)."""
        line = line.at(self.seating)
        self.asides.append((len(self.lines) - self.hand_from - len(self.asides), line))
        self.lines.append(line)

    def add(self, line: LogLine) -> LogLine:
        line = line.at(self.seating)
        self.lines.append(line)
        return line

    def moved(self, events: list[Event], action: Action | None) -> None:
        """A move was made: an open fault nobody called is told now."""
        said, self.fault = fault_lines(self.fault, events, action)
        self.lines += [line.at(self.seating) for line in said]

    def this_hand(self, lines: list[LogLine]) -> None:
        """This hand's lines made again (a take-back, a jump): the earlier hands' stay, and
        so do this hand's asides where the lines they followed still stand."""
        lines = [line.at(self.seating) for line in lines]
        self.asides = [(at, line) for at, line in self.asides if at <= len(lines)]
        for shift, (at, line) in enumerate(self.asides):
            lines.insert(at + shift, line)
        del self.lines[self.hand_from :]
        self.lines += lines
        self.fault = None

    def rows(self, namer: Namer, last: int | None = None) -> list[Row]:
        """The log as the panel shows it: a run of moves that played themselves one row
        (the ``last`` lines only, when given). Worded again only when a line, the names or
        the language changed: the panel asks every frame, and wording 30 lines took a
        third of a frame."""
        shown = tuple(self.lines[-last:] if last else self.lines)
        key = (namer, current().lang)
        kept = self._worded
        if kept is None or kept[0] != key or not _same(kept[1], shown):
            kept = self._worded = (key, shown, rows(list(shown), namer, self._said(key, shown)))
        return list(kept[2])

    def _said(self, key: tuple, shown: tuple[LogLine, ...]) -> Wording:
        """The lines' words as last worded, while the names and the language are the same:
        a new line costs only its own words."""
        if self._wording is None or self._wording[0] != key:
            self._wording = (key, Wording(key[0]))
        self._wording[1].forget_all_but(shown)
        return self._wording[1]

    def words(self, namer: Namer) -> list[str]:
        """The log's rows in words, as the player reads them."""
        return [row.words for row in self.rows(namer)]


def _same(kept: tuple[LogLine, ...], shown: tuple[LogLine, ...]) -> bool:
    """The very lines, by identity: a test of a few pointers that holds whenever the log
    has not changed (equal lines would be compared field by field)."""
    return len(kept) == len(shown) and all(a is b for a, b in zip(kept, shown, strict=True))


def hand_head(match, spec) -> LogLine:
    """The line that opens a hand: its number, the game and the deal's number."""
    deal = match.deal_no
    key = "log.hand" if deal is not None else "log.hand.no_deal"
    return LogLine.said(key, n=match.hand_no + 1, game=Term(spec.title_key), deal=deal)


@dataclass(frozen=True)
class Reader:
    """Who reads a hand's log and how: the player's seat (None: nobody's, a replay), the
    move log's words (``namer``), faults shown, forced moves played for the player."""

    namer: Namer
    seat: int | None = None
    faults: bool = False
    auto_play: bool = False


def hand_lines(spec, record: dict, history: list[Action], head: LogLine,
               reader: Reader) -> list[LogLine]:  # fmt: skip
    """A hand's log as it reads once every move so far has been shown, made again from
    its record (a resumed hand, a take-back, a replay's jump): the player's forced moves
    marked as played for them, the face-down cards their side took, as the table showed."""
    state = spec.from_setup(record["setup"], record.get("options") or {})
    namer, faults, me = reader.namer, reader.faults, reader.seat
    lines = [head]
    opening = state.opening_events()
    if opening:
        lines.append(LogLine.said("log.deal"))
        lines += event_lines(opening, namer, faults)
    fault = None
    for action in history:
        forced, mover, pile = _as_seen(spec, state, action, reader)
        events = state.apply(action)
        said, fault = fault_lines(fault, events, action)
        lines += said
        own = move_events(events, mover) if mover is not None else []
        for ev in events:
            hidden = hidden_taken(ev, pile, state.side_of(me), state.side_of) if pile else []
            lines += [peek_line(hidden)] if hidden else []  # shown before the cards fly
            if any(ev is o for o in own):
                lines += event_lines([ev], namer, faults, forced, mover, not forced)
            else:
                lines += event_lines([ev], namer, faults)
    return lines


def _as_seen(spec, state, action: Action, reader: Reader) -> tuple[str, int | None, list]:
    """Before ``action``: how it played itself for the reader (or ""), the reader's seat if
    the move is theirs (None: another's), and the table's pile as the reader saw it (empty
    for nobody's log)."""
    me = reader.seat
    if me is None:
        return "", None, []
    by = action.actor if action.is_call else state.to_move
    forced = None
    if state.to_move == me and not action.is_call:
        forced = forced_how(spec, state, state.legal_actions(), reader.auto_play)
    return forced or "", me if by == me else None, state.observation(me).piles.get(TABLE, [])


def move_line(state, action: Action, namer: Namer) -> LogLine | str:
    """The log's line for ``action`` made now (what a take-back names)."""
    lines = event_lines(state.clone().apply(action), namer)
    return lines[0] if lines else str(action)


def span_line(key: str, move: LogLine | str, span: int) -> LogLine:
    """One line for a take-back's span: its first move, and how many moves followed it."""
    if span > 1:
        return LogLine.said(key + ".n", move=move, n=span - 1)
    return LogLine.said(key, move=move)
