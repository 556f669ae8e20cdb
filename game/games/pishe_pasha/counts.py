"""Pishe Pasha's statistics counts: the Stop calls a seat made and the calls it was caught by."""

from __future__ import annotations

from game.core.state import GameState
from game.games.pishe_pasha.kinds import EventKinds


def counts(state: GameState, seat: int) -> dict[str, int]:
    """The statistics' counts of a finished hand: Stop calls ``seat`` made, and calls others
    made on its faults (the hand is replayed to see whose fault each call answered)."""
    made = caught = 0
    replay = type(state).from_setup(state.setup(), state.options)
    faulter = None
    for action in state.history:
        if action.is_call:
            if action.actor == seat:
                made += 1
            elif faulter == seat:
                caught += 1
        faults = [e.seat for e in replay.apply(action) if e.kind is EventKinds.FAULT]
        faulter = faults[-1] if faults else None
    return {"stops_made": made, "stops_caught": caught}
