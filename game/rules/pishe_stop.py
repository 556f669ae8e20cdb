"""The Stop rule of Pishe Pasha (RULES.md §2.1), as a mixin of :class:`PishePasha`.

A fault is recorded as a small, public "window" tuple rather than a snapshot of
the whole state: taking the move back from it restores exactly the state before
the fault, and it stays valid in a resampled state (the hidden stock cards it
never touches may differ there).
"""

from __future__ import annotations

from game.rules.base import Event
from game.rules.pishe_events import (
    D_FOUND,
    D_LOAD,
    DISCARD,
    EV_PASS,
    STOCK,
    T_DISCARD,
    T_FOUND,
    T_LOAD,
    TURN,
    TURNED,
    the_card,
)

# A pending Stop: (fault kind, faulting seat, card, target seat, recycled pile, turns before)
Window = tuple[int, int, int, int, "tuple[int, ...] | None", int]


class StopRule:
    """Faults, Stop calls, ``force`` and ``end``; needs PishePasha's state and moves."""

    __slots__ = ()

    def stop_window(self) -> tuple[int, list[int]] | None:
        """(faulting seat, seats that may call Stop now), or None when no Stop is open."""
        if self._window is None:
            return None
        s = self._window[1]
        return s, list(self._opp[s])

    def _stop_refusal(self, caller: int) -> str | None:
        if not self._stop:
            return "The Stop rule is not in play in this hand."
        if not 0 <= caller < self.players:
            return f"There is no seat {caller} in this game."
        if self._window is None:
            return "There is nothing to stop: the last move was not a fault."
        if caller == self._window[1]:
            return "You cannot call Stop on your own move."
        return None

    def _is_fault(self, kind: int) -> bool:
        """Under the Stop rule: does this (legal) move skip a compulsory foundation play?"""
        if kind in (TURN, D_LOAD):
            own = self._discards[self._seat]
            return bool(own) and bool(self._fit[own[-1]]) and self._turned < 0
        if kind in (T_DISCARD, T_LOAD):
            return bool(self._fit[self._turned])
        return False

    def _fault(self, kind: int, n: int) -> list[Event]:
        s = self._seat
        turns = self._turns
        recycled = tuple(self._discards[s]) if kind == TURN and not self._stocks[s] else None
        missed = self._turned if kind in (T_DISCARD, T_LOAD) else self._discards[s][-1]
        events = self._move(kind, n)
        if self._over:
            return events
        card = self._turned if kind == TURN else missed
        target = n if kind in (T_LOAD, D_LOAD) else s
        self._window = (kind, s, card, target, recycled, turns)
        note = f"{the_card(missed)} should have gone to the foundation first."
        events.append(Event("fault", s, (missed,), note=note))
        return events

    def _call_stop(self, caller: int, end: bool) -> list[Event]:
        window = self._window
        assert window is not None
        self._window = None
        kind, s, card, target, recycled, turns = window
        events = [Event("stop", caller, note="end" if end else "force"), *self._undo(window)]
        if end:
            if self._turned >= 0:
                held = self._turned
                self._turned = -1
                self._stocks[s].append(held)
                events.append(Event("move", s, (held,), TURNED[s], STOCK[s], False))
            self._turns = turns
            events.extend(self._pass_to(caller))
            return events
        if self._seat != s:
            self._seat = s
            events.append(EV_PASS[s])
        kind = T_FOUND if self._turned >= 0 else D_FOUND
        events.extend(self._move(kind, -1))
        return events

    def _undo(self, window: Window) -> list[Event]:
        """Take the faulty move back exactly (the seat to move is set by the caller)."""
        kind, s, card, target, recycled, turns = window
        if kind == TURN:
            self._turned = -1
            self._stocks[s].append(card)
            events = [Event("undo", s, (card,), TURNED[s], STOCK[s], False)]
            if recycled is not None:
                self._stocks[s].clear()
                self._discards[s].extend(recycled)
                events.append(Event("undo", s, recycled, STOCK[s], DISCARD[s]))
            return events
        self._discards[target].pop()
        if kind == D_LOAD:
            self._discards[s].append(card)
            return [Event("undo", s, (card,), DISCARD[target], DISCARD[s])]
        self._turned = card
        self._turns = turns
        return [Event("undo", s, (card,), DISCARD[target], TURNED[s])]
