"""Pishe Pasha's actions and events, made once at import.

Events and actions are immutable, so the engine hands out shared, precomputed
ones and a move costs no object building.
"""

from __future__ import annotations

from collections.abc import Callable

from game.core.cards import DECK
from game.core.types import ACCEPT, DISCARDS, STOCKS, Event
from game.games.pishe_pasha.kinds import (
    DISCARD,
    FOUNDATION,
    FOUNDATIONS,
    TURN,
    TURNED,
    TURNEDS,
    EventKinds,
    move,
    stop,
)

MAX_SEATS = 3

T_FOUND = move(TURNED, FOUNDATION)
T_DISCARD = move(TURNED, DISCARD)
D_FOUND = move(DISCARD, FOUNDATION)
T_LOAD = tuple(move(TURNED, DISCARD, n) for n in range(MAX_SEATS))
D_LOAD = tuple(move(DISCARD, DISCARD, n) for n in range(MAX_SEATS))
STOPS = tuple((stop(n, False), stop(n, True)) for n in range(MAX_SEATS))
__all__ = ["ACCEPT", "TURN"]


def _per_card(make: Callable[[int, int], Event]) -> tuple[tuple[Event, ...], ...]:
    return tuple(tuple(make(s, c) for c in DECK) for s in range(MAX_SEATS))


E = EventKinds
EV_TURN = _per_card(lambda s, c: Event(E.TURN, s, (c,), STOCKS[s], TURNEDS[s]))
EV_T2F_SUITS = _per_card(lambda s, c: Event(E.MOVE, s, (c,), TURNEDS[s], FOUNDATIONS[c // 13]))
EV_T2F_SINGLE = _per_card(lambda s, c: Event(E.MOVE, s, (c,), TURNEDS[s], FOUNDATIONS[0]))
EV_D2F_SUITS = _per_card(lambda s, c: Event(E.MOVE, s, (c,), DISCARDS[s], FOUNDATIONS[c // 13]))
EV_D2F_SINGLE = _per_card(lambda s, c: Event(E.MOVE, s, (c,), DISCARDS[s], FOUNDATIONS[0]))
EV_T2D = tuple(
    tuple(tuple(Event(E.MOVE, s, (c,), TURNEDS[s], DISCARDS[n]) for c in DECK) for n in range(3))
    for s in range(MAX_SEATS)
)
EV_D2D = tuple(
    tuple(tuple(Event(E.MOVE, s, (c,), DISCARDS[s], DISCARDS[n]) for c in DECK) for n in range(3))
    for s in range(MAX_SEATS)
)
EV_PASS = tuple(Event(E.PASS, s) for s in range(MAX_SEATS))
