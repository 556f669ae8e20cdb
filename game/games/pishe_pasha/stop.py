"""The Stop rule of Pishe Pasha (RULES.md §2.1), as a mixin of :class:`PishePasha`.

A fault is recorded as a small, public "window" tuple rather than a snapshot of
the whole state: taking the move back from it restores exactly the state before
the fault, and it stays valid in a resampled state (the hidden stock cards it
never touches may differ there).

A fault never wins at once: when it leaves the faulting seat with no cards, the
hand waits (``_waiting``) with the next seat to move, whose only move is
``accept``; the opponents' Stop calls stay open until then.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.types import DISCARDS, STOCKS, Action, Event, Refusal
from game.games.pishe_pasha.fields import PisheFields, Window
from game.games.pishe_pasha.kinds import (
    TURNEDS,
    ActionKinds,
    Codes,
    EventKinds,
    PileKinds,
)
from game.games.pishe_pasha.moves import D_FOUND, EV_PASS, STOPS, T_FOUND

# A pending Stop: (fault, faulting seat, card, target seat, recycled pile, turns before)


class StopRule(PisheFields):
    """Faults, Stop calls, ``force`` and ``end``; needs PishePasha's state and moves."""

    if not TYPE_CHECKING:  # the fields' slots are PishePasha's; the checker reads them here
        __slots__ = ()

    def stop_window(self) -> tuple[int, list[int]] | None:
        """(faulting seat, seats that may call Stop now), or None when no Stop is open."""
        if self._window is None:
            return None
        s = self._window[1]
        return s, list(self._opp[s])

    def calls(self) -> list[Action]:
        """The Stop calls open now: force and end for each opponent of the faulting seat."""
        if self._window is None or self._outcome is not None:
            return []
        return [c for n in self._opp[self._window[1]] for c in STOPS[n]]

    def _stop_refusal(self, caller: int | None) -> Refusal | None:
        if not self._stop:
            return Refusal(Codes.STOP_OFF)
        if caller is None or not 0 <= caller < self.players:
            return Refusal(Codes.NO_SUCH_SEAT, seat=caller)
        if self._window is None:
            return Refusal(Codes.NOTHING_TO_STOP)
        if caller == self._window[1]:
            return Refusal(Codes.STOP_OWN)
        return None

    def _is_fault(self, a: Action) -> bool:
        """Under the Stop rule: does this (legal) move skip a compulsory foundation play?"""
        return self.skipped(a) is not None

    def _fault(self, a: Action) -> list[Event]:
        s = self._seat
        turns = self._turns
        missed = self.skipped(a)
        assert missed is not None, "a fault skips a foundation play"
        stock_empty = not self._stocks[s]
        recycled = tuple(self._discards[s]) if a.kind is ActionKinds.TURN and stock_empty else None
        if a.kind is ActionKinds.MOVE:
            card = self._turned if a.src is PileKinds.TURNED else self._discards[s][-1]
        events = self._shift(a)
        if self._outcome is not None:  # the safety draw
            return events
        if a.kind is ActionKinds.TURN:
            card = self._turned
        target = s if a.whose is None else a.whose
        self._window = (a, s, card, target, recycled, turns)
        events.append(Event(EventKinds.FAULT, s, (), detail=(missed,)))
        if not self._has_cards(s):
            nxt = (s + 1) % self.players
            self._waiting = True
            self._seat = nxt
            events.append(Event(EventKinds.FAULT_WAITS, s))
            events.append(EV_PASS[nxt])
        return events

    def _call_stop(self, caller: int, end: bool) -> list[Event]:
        window = self._window
        assert window is not None
        self._window = None
        self._waiting = False
        _fault, s, _card, _target, _recycled, turns = window
        kind = EventKinds.STOP_END if end else EventKinds.STOP_FORCE
        events = [Event(kind, caller), *self._undo(window)]
        if end:
            if self._turned >= 0:
                held = self._turned
                self._turned = -1
                self._stocks[s].append(held)
                events.append(Event(EventKinds.MOVE, s, (held,), TURNEDS[s], STOCKS[s], False))
            self._turns = turns
            events.extend(self._pass_to(caller))
            return events
        if self._seat != s:
            self._seat = s
            events.append(EV_PASS[s])
        forced = T_FOUND if self._turned >= 0 and self._fit[self._turned] else D_FOUND
        events.extend(self._shift(forced))
        if not self._has_cards(s):
            events.append(self._win(s))
        return events

    def _undo(self, window: Window) -> list[Event]:
        """Take the faulty move back exactly (the seat to move is set by the caller)."""
        fault, s, card, target, recycled, turns = window
        if fault.kind is ActionKinds.TURN:
            self._turned = -1
            self._stocks[s].append(card)
            events = [Event(EventKinds.UNDO, s, (card,), TURNEDS[s], STOCKS[s], False)]
            if recycled is not None:
                self._stocks[s].clear()
                self._discards[s].extend(recycled)
                events.append(Event(EventKinds.UNDO, s, recycled, STOCKS[s], DISCARDS[s]))
            return events
        self._discards[target].pop()
        if fault.src is PileKinds.DISCARD:
            self._discards[s].append(card)
            return [Event(EventKinds.UNDO, s, (card,), DISCARDS[target], DISCARDS[s])]
        self._turned = card
        self._turns = turns
        return [Event(EventKinds.UNDO, s, (card,), DISCARDS[target], TURNEDS[s])]
