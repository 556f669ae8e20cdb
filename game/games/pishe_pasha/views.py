"""What Pishe Pasha shows: its piles and who sees them, resampling, setup and report
(RULES.md §6).

A mixin of :class:`PishePasha`, which derives what a seat sees, every card as it lies and
the every-card-once check from the piles declared here (``game.core.piles``). Each stock
keeps a count of its bottom cards that nobody has seen yet (all of them at the deal; none
after a recycle); every other card's place is public knowledge.
"""

from __future__ import annotations

import random
from functools import cache
from typing import TYPE_CHECKING, Any

from game.core.cards import CARD_TEXT
from game.core.piles import Pile, Seen
from game.core.types import DISCARDS, STOCKS, PileId
from game.games.pishe_pasha.fields import PisheFields
from game.games.pishe_pasha.kinds import FOUNDATIONS, TURNEDS, PileKinds
from game.games.pishe_pasha.setup import Deal


class PisheViews(PisheFields):
    """The piles of a hand and what is read off them; needs PishePasha's state."""

    if not TYPE_CHECKING:  # the fields' slots are PishePasha's; the checker reads them here
        __slots__ = ()

    def declared(self) -> tuple[Pile, ...]:
        return _piles(self.players, len(self._found))

    def cards_in(self, pid: PileId) -> list[int]:
        kind, i = pid.kind, _number(pid)
        if kind is PileKinds.FOUNDATION:
            return self._found[i]
        if kind is PileKinds.TURNED:
            held = self._turned >= 0 and i == self._seat and self._outcome is None
            return [self._turned] if held else []
        return (self._stocks if kind is PileKinds.STOCK else self._discards)[i]

    def face_down(self, pile: Pile, seat: int) -> range:
        """A stock's never-seen bottom cards, the seat's own too (nobody looks into a stock);
        every other card lies face up."""
        pid = pile.pid
        return range(self._unseen[_number(pid)] if pid.kind is PileKinds.STOCK else 0)

    def info(self, seat: int) -> dict[str, Any]:
        window = self.stop_window()
        return {
            "foundations": self.options["foundations"],
            "stop_rule": self._stop,
            "turns": self._turns,
            "state": "holding" if self._turned >= 0 else "free",
            "stop_window": None if window is None else {"seat": window[0], "callers": window[1]},
            "stocks": [len(s) for s in self._stocks],
            "discards": [len(d) for d in self._discards],
            "waiting": self._waiting,
            "over": self._outcome is not None,
            "winner": self.winner,
            "score": self.score,
        }

    def resample(self, seat: int, rng: random.Random | int | None) -> Any:
        """The never-seen stock cards dealt again at random into their slots.

        Those cards are the bottom of stocks never emptied, so they still sit where
        the deal put them; the setup is rewritten to match, keeping records replayable.
        """
        if not isinstance(rng, random.Random):
            rng = random.Random(rng)
        new = self.clone()
        hidden = sorted(c for s, st in enumerate(new._stocks) for c in st[: new._unseen[s]])
        rng.shuffle(hidden)
        stocks = [list(s) for s in self._deal.stocks]
        k = 0
        for s, st in enumerate(new._stocks):
            u = new._unseen[s]
            st[:u] = hidden[k : k + u]
            if u:
                stocks[s][len(stocks[s]) - u :] = st[u - 1 :: -1]
            k += u
        d = self._deal
        new._deal = Deal(stocks, d.center, d.discards, d.foundations, d.turned, d.to_move, d.turns)
        return new

    def setup(self) -> dict[str, Any]:
        d = self._deal
        out: dict[str, Any] = {"stocks": [[CARD_TEXT[c] for c in s] for s in d.stocks]}
        if d.is_position:
            assert d.discards is not None
            assert d.foundations is not None
            out["discards"] = [[CARD_TEXT[c] for c in p] for p in d.discards]
            out["foundations"] = [[CARD_TEXT[c] for c in p] for p in d.foundations]
            if d.turned is not None:
                out["turned"] = CARD_TEXT[d.turned]
            out["to_move"] = d.to_move
            out["turns"] = d.turns
        elif d.center is not None:
            out["center"] = CARD_TEXT[d.center]
        return out

    def report(self) -> dict[str, Any]:
        return {
            "foundations": [CARD_TEXT[f[-1]] if f else None for f in self._found],
            "discards": [[CARD_TEXT[c] for c in d] for d in self._discards],
            "stocks": [[CARD_TEXT[c] for c in reversed(s)] for s in self._stocks],
            "turned": CARD_TEXT[self._turned] if self._turned >= 0 else None,
        }

    def foundation_piles(self) -> list[list[int]]:
        """Every foundation, bottom first (C D H S, or the single centre pile)."""
        return [f[:] for f in self._found]

    def stock_count(self, seat: int) -> int:
        return len(self._stocks[seat])

    def discard_pile(self, seat: int) -> list[int]:
        return self._discards[seat][:]


@cache
def _piles(players: int, foundations: int) -> tuple[Pile, ...]:
    """Each seat's stock, discard pile and turned card, then the foundations."""
    seated = (
        (
            Pile(STOCKS[s], Seen.HIDDEN),
            Pile(DISCARDS[s], Seen.FACE_UP),
            Pile(TURNEDS[s], Seen.FACE_UP),
        )
        for s in range(players)
    )
    return (
        *(p for three in seated for p in three),
        *(Pile(FOUNDATIONS[i], Seen.FACE_UP) for i in range(foundations)),
    )


def _number(pid: PileId) -> int:
    """The seat or foundation a pile of this game belongs to (each has one)."""
    assert pid.index is not None, pid
    return pid.index
