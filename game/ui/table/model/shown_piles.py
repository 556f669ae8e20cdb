"""The piles as the screen shows them, which lag behind the rules state while events play.

The rules state jumps to the end of a move at once; the screen catches up one
event at a time. :class:`ShownTable` is the screen's copy: each event takes
cards off one pile and lays them on another, and once the show is over it is
replaced by the human's observation, so it can never drift from the truth.
A card the human may not know is ``None`` and is drawn as a back.
"""

from __future__ import annotations

from game.core.state import GameState
from game.core.types import PileId, PileKind

FACE_DOWN = (PileKind.STOCK, PileKind.WON, PileKind.DECK)


def face_down_pile(pid: PileId) -> bool:
    """Piles whose cards always lie face down on the table."""
    return pid.kind in FACE_DOWN


def shows_face(pid: PileId, index: int, card: int | None) -> bool:
    """Whether card ``index`` of pile ``pid`` is drawn face up (the pack shows its bottom)."""
    if card is None or face_down_pile(pid):
        return False
    return not (pid.kind is PileKind.PACK and index > 0)


class ShownTable:
    """Pile id -> cards bottom first, ``None`` for a card shown as its back."""

    def __init__(self, piles: dict[PileId, list[int | None]]) -> None:
        self.piles = {k: list(v) for k, v in piles.items()}

    @classmethod
    def of(cls, state: GameState, seat: int) -> ShownTable:
        return cls(state.observation(seat).piles)

    def get(self, pid: PileId) -> list[int | None]:
        return self.piles.setdefault(pid, [])

    def count(self) -> int:
        return sum(len(p) for p in self.piles.values())

    def take(
        self, pid: PileId, cards: tuple[int, ...], count: int | None = None
    ) -> tuple[list[int | None], list[int], int]:
        """Lift cards off ``pid``: each named card where it lies if shown, else a back
        (or the top card). Returns the values taken, their indices and the old size."""
        pile = self.get(pid)
        n = len(pile)
        count = min(n, len(cards) if count is None else count)
        used: list[int] = []
        for j in range(count):
            want = cards[j] if j < len(cards) else None
            used.append(self._index_for(pile, want, used))
        taken = [pile[i] for i in used]
        for i in sorted(used, reverse=True):
            del pile[i]
        return taken, used, n

    @staticmethod
    def _index_for(pile: list[int | None], want: int | None, used: list[int]) -> int:
        free = [i for i in range(len(pile) - 1, -1, -1) if i not in used]
        if want is not None:
            for i in free:
                if pile[i] == want:
                    return i
        for i in free:
            if pile[i] is None:
                return i
        return free[0]

    def put(self, pid: PileId, cards: list[int | None], bottom: bool = False) -> None:
        pile = self.get(pid)
        if bottom:
            pile[0:0] = cards
        else:
            pile.extend(cards)

    def top(self, pid: PileId) -> int | None:
        pile = self.piles.get(pid) or [None]
        return pile[-1]
