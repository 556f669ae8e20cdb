"""The end of a hand scored by the cards the players still hold (Pishe Pasha, its book
version), as the summary's lines: a heading, each seat's cards left in each kind of pile,
and their total, which is what the hand's points are made of."""

from __future__ import annotations

from game.core.spec import SummaryRow
from game.core.state import GameState
from game.core.types import DISCARDS, STOCKS, PileId

PILES = (("summary.left.stock", STOCKS), ("summary.left.discard", DISCARDS))


def cards_left(
    state: GameState, heading: str, piles: tuple[tuple[str, tuple[PileId, ...]], ...] = PILES
) -> list[SummaryRow]:
    """``heading`` over one row per kind of pile (a phrase key, the pile of each seat) and
    the cards each seat holds in all; a seat is a side in these games."""
    shown = state.reveal()
    rows = [
        SummaryRow(key, tuple(len(shown.get(pids[s], [])) for s in range(state.players)))
        for key, pids in piles
    ]
    total = tuple(sum(r.values[s] for r in rows) for s in range(state.players))
    return [SummaryRow(heading, ()), *rows, SummaryRow("summary.left.all", total, total=True)]
