"""Exact search of the end of a Pişti hand, once the pack is empty.

With every hand known (one guess of the hidden cards), the rest of the last
deal is a small game of perfect information: at most eight plays with two
players. Two sides (two players, or partners) is a zero-sum game on the
margin, searched by alpha-beta; three players is searched by max-n, each seat
playing for its own margin. Cards of the same rank and points are one move.
The search plays on the :class:`~game.games.pisti.model.Sim` fields in place
and undoes each move, so it builds no objects.
"""

from __future__ import annotations

from game.games.pisti.kernel import IS_JACK, MAJORITY, PISTI, POINTS, RANK0, TAKES
from game.games.pisti.model import Sim

INF = float("inf")
# What :meth:`LastDeal._undo` needs after a capture: the pile taken, the points that lay on
# the table, the side that captured before, the capturing side and what it gained.
_Undo = tuple[list[int], int, int | None, int, int]


def _classes(hand: list[int]) -> list[int]:
    """One card per (rank, points) class, captures tried first by the caller's ordering."""
    seen: set[tuple[int, int]] = set()
    out = []
    for c in hand:
        key = (RANK0[c], POINTS[c])
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


class LastDeal:
    """The rest of a hand whose pack is empty, every card known."""

    __slots__ = (
        "count",
        "hands",
        "last",
        "n",
        "nodes",
        "nsides",
        "points",
        "root",
        "sides",
        "table",
        "tval",
    )  # fmt: skip

    def __init__(self, sim: Sim, root_side: int) -> None:
        if sim.pack:
            raise ValueError("the pack is not empty yet")
        self.n = sim.n
        self.sides = sim.sides
        self.nsides = max(sim.sides) + 1
        self.hands = [h[:] for h in sim.hands]
        self.table = sim.table[:]
        self.tval = sim.tval
        self.points = sim.points[:]
        self.count = sim.count[:]
        self.last = sim.last
        self.root = root_side
        self.nodes = 0

    def cards_left(self) -> int:
        return sum(len(h) for h in self.hands)

    # ----------------------------------------------------------------- values
    def _final(self) -> list[float]:
        """Points per side at the end: leftover to the last capturer, then the majority."""
        pts: list[float] = list(self.points)
        side = self.last if self.last is not None else self.sides[self.n - 1]
        pts[side] += self.tval
        counts = list(self.count)
        counts[side] += len(self.table)
        best = max(counts)
        if counts.count(best) == 1:
            pts[counts.index(best)] += MAJORITY
        return pts

    def _margin(self, pts: list[float], side: int) -> float:
        others = [p for s, p in enumerate(pts) if s != side]
        return pts[side] - sum(others) / len(others)

    # ----------------------------------------------------------------- moves
    def _ordered(self, hand: list[int]) -> list[int]:
        table = self.table
        opts = _classes(hand)
        if table:
            top = table[-1]  # the cards that take it first, a jack after a match
            opts.sort(key=lambda c: (not TAKES[c][top], IS_JACK[c]))
        return opts

    def _do(self, seat: int, c: int, left: int) -> _Undo | None:
        """Play ``c``; returns what :meth:`_undo` needs (None when the card was laid down)."""
        self.hands[seat].remove(c)
        table = self.table
        if table and TAKES[c][table[-1]]:
            side = self.sides[seat]
            gain = self.tval + POINTS[c]
            if len(table) == 1 and left > 1:  # a pişti, but not on the hand's last card
                gain += PISTI[c][table[0]]
            undo = (table[:], self.tval, self.last, side, gain)
            self.points[side] += gain
            self.count[side] += len(table) + 1
            table.clear()
            self.tval = 0
            self.last = side
            return undo
        table.append(c)
        self.tval += POINTS[c]
        return None

    def _undo(self, seat: int, c: int, undo: _Undo | None) -> None:
        self.hands[seat].append(c)
        if undo is None:
            self.table.pop()
            self.tval -= POINTS[c]
            return
        table, tval, last, side, gain = undo
        self.points[side] -= gain
        self.count[side] -= len(table) + 1
        self.table[:] = table
        self.tval = tval
        self.last = last

    # ----------------------------------------------------------------- search
    def values(self, seat: int) -> dict[int, float]:
        """The root side's exact margin (points from now on) after each class ``seat`` may play."""
        left = self.cards_left()
        out = {}
        for c in _classes(self.hands[seat]):
            undo = self._do(seat, c, left)
            nxt = (seat + 1) % self.n
            if self.nsides == 2:
                out[c] = self._ab(nxt, left - 1, -INF, INF)
            else:
                out[c] = self._margin(self._maxn(nxt, left - 1), self.root)
            self._undo(seat, c, undo)
        return out

    def _ab(self, seat: int, left: int, alpha: float, beta: float) -> float:
        """Alpha-beta on the root side's margin (two sides: zero-sum)."""
        self.nodes += 1
        if left == 0:
            return self._margin(self._final(), self.root)
        nxt = (seat + 1) % self.n
        if self.sides[seat] == self.root:
            best = -INF
            for c in self._ordered(self.hands[seat]):
                undo = self._do(seat, c, left)
                v = self._ab(nxt, left - 1, alpha, beta)
                self._undo(seat, c, undo)
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            return best
        best = INF
        for c in self._ordered(self.hands[seat]):
            undo = self._do(seat, c, left)
            v = self._ab(nxt, left - 1, alpha, beta)
            self._undo(seat, c, undo)
            if v < best:
                best = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        return best

    def _maxn(self, seat: int, left: int) -> list[float]:
        """Max-n: each seat plays for its own margin; returns the final points per side."""
        self.nodes += 1
        if left == 0:
            return self._final()
        nxt = (seat + 1) % self.n
        side = self.sides[seat]
        best: list[float] | None = None
        best_v = -INF
        for c in self._ordered(self.hands[seat]):
            undo = self._do(seat, c, left)
            pts = self._maxn(nxt, left - 1)
            self._undo(seat, c, undo)
            v = self._margin(pts, side)
            if v > best_v:
                best, best_v = pts, v
        assert best is not None
        return best


def tree_size(hand_sizes: list[int], to_move: int) -> int:
    """Leaves of the full tree from here (an upper bound on the work, before pruning)."""
    sizes = list(hand_sizes)
    n = len(sizes)
    total = 1
    seat = to_move
    while any(sizes):
        total *= max(1, sizes[seat])
        sizes[seat] -= 1
        seat = (seat + 1) % n
    return total
