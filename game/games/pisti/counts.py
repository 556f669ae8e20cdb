"""Pişti's statistics counts: the pişti and jack pişti a side made."""

from __future__ import annotations

from game.core.state import GameState


def counts(state: GameState, seat: int) -> dict[str, int]:
    """The statistics' counts of a finished hand: the pişti and jack pişti of ``seat``'s side."""
    report, side = state.report(), state.side_of(seat)
    return {"pisti": report["pisti"][side], "jack_pisti": report["jack_pisti"][side]}
