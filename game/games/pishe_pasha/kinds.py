"""Pishe Pasha's own words for its piles, moves, events, refusals and endings, and its
moves' record text (RULES.md §6: ``turn``, ``turned>F``, ``turned>D``, ``discard>1``,
``stop 1 force``, ``accept``).

Each namespace below holds the generic kinds of its family too (it extends it), so the
rules read ``EventKinds.MOVE`` and ``EventKinds.FAULT`` alike.
"""

from __future__ import annotations

import re

from game.core.types import (
    ACCEPT,
    Action,
    ActionKind,
    ActionSet,
    Code,
    EventKind,
    PileKind,
    Reason,
    piles,
    seat_number,
)


class PileKinds(PileKind):
    TURNED = PileKind("turned", seated=True)  # the card a seat has turned up and holds
    FOUNDATION = PileKind("found", "FOUNDATION")  # one per suit, or the single centre one


TURNEDS = piles(PileKinds.TURNED)
FOUNDATIONS = piles(PileKinds.FOUNDATION)


class ActionKinds(ActionKind):
    TURN = ActionKind("turn")  # turn the top stock card
    STOP_FORCE = ActionKind("stop_force", is_call=True)  # ``seat`` calls Stop and forces the play
    STOP_END = ActionKind("stop_end", is_call=True)  # ``seat`` calls Stop and ends the turn


class EventKinds(EventKind):
    TURN = EventKind("turn")  # a stock card turned face up to the turned pile
    FAULT = EventKind("fault", fault=True)  # a compulsory play skipped (detail: the card)
    STOP_FORCE = EventKind("stop_force")  # ``seat`` called Stop and forced the play
    STOP_END = EventKind("stop_end")  # ``seat`` called Stop and ended the turn
    FAULT_WAITS = EventKind("fault_waits")  # a fault emptied ``seat``: the hand waits on Stop


class Codes(Code):
    HOLDING = Code("holding")  # card: the turned card that must be placed first
    HOLDING_NO_DISCARD_MOVE = Code("holding_no_discard_move")  # card
    FOUNDATION_FIRST = Code("foundation_first")  # card: the top discard that must go first
    TURNED_FITS = Code("turned_fits")  # card: the turned card fits a foundation
    DISCARD_FITS_FIRST = Code("discard_fits_first")  # card: holding, but the top discard fits
    NO_FIT = Code("no_fit")  # card
    NO_FIT_SINGLE = Code("no_fit_single")  # card; one foundation
    LOAD_OWN = Code("load_own")
    LOAD_EMPTY = Code("load_empty")  # seat
    NOT_ADJACENT = Code("not_adjacent")  # card, onto
    NOT_ADJACENT_ACE_KING = Code("not_adjacent_ace_king")  # card, onto
    NO_TURNED = Code("no_turned")
    DISCARD_EMPTY = Code("discard_empty")
    STOP_OFF = Code("stop_off")
    NOTHING_TO_STOP = Code("nothing_to_stop")
    STOP_OWN = Code("stop_own")
    WINDOW_OPEN = Code("window_open")  # seat: the faulting seat; only Stop or accept now
    NOT_ACCEPTABLE = Code("not_acceptable")


class Reasons(Reason):
    WENT_OUT = Reason("went_out")  # a seat got rid of every card
    TURN_LIMIT = Reason("turn_limit")  # the safety draw


MOVE = ActionKind.MOVE
TURNED, DISCARD, FOUNDATION = PileKinds.TURNED, PileKind.DISCARD, PileKinds.FOUNDATION


def _parse_move(key: str) -> Action | None:
    m = _MOVE_RE.fullmatch(key)
    if not m:
        return None
    src = TURNED if m[1] == "turned" else DISCARD
    if m[2] == "f":
        return move(src, FOUNDATION)
    return move(src, DISCARD, None if m[2] == "d" else seat_number(m[2]))


def _parse_stop(key: str) -> Action | None:
    m = _STOP_RE.fullmatch(key)
    return stop(seat_number(m[1]), m[2] == "end") if m else None


_MOVE_RE = re.compile(r"(turned|discard)>(f|d|\d+)")
_STOP_RE = re.compile(r"stop (\d+) (force|end)")
ACTIONS = ActionSet(_parse_move, _parse_stop)


def move(src: PileKind, dst: PileKind, seat: int | None = None) -> Action:
    """The turned card or the top discard (``src``) to the foundation it fits, to the own
    discard pile (``DISCARD``, no seat), or loaded onto ``seat``'s discard pile."""
    tail = "F" if dst is FOUNDATION else ("D" if seat is None else str(seat))
    return ACTIONS.make(MOVE, f"{src.value}>{tail}", src=src, dst=dst, whose=seat)


def stop(seat: int, end: bool) -> Action:
    """``seat`` calls Stop: ends the faulting seat's turn (``end``) or forces the play."""
    kind = ActionKinds.STOP_END if end else ActionKinds.STOP_FORCE
    return ACTIONS.make(kind, f"stop {seat} {'end' if end else 'force'}", actor=seat)


def load_seat(action: Action) -> int | None:
    """The opponent a move loads onto, None for any other action."""
    return action.whose


TURN = ACTIONS.make(ActionKinds.TURN, "turn")
ACTIONS.add(ACCEPT)
