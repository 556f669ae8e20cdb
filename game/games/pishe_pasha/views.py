"""What Pishe Pasha shows: observations, resampling, setup and report (RULES.md §6).

A mixin of :class:`PishePasha`. Each stock keeps a count of its bottom cards
that nobody has seen yet (all of them at the deal; none after a recycle); every
other card's place is public knowledge.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from game.core.cards import CARD_TEXT
from game.core.state import Observation
from game.core.types import DISCARDS, STOCKS, PileId
from game.games.pishe_pasha.fields import PisheFields
from game.games.pishe_pasha.kinds import FOUNDATIONS, TURNEDS
from game.games.pishe_pasha.setup import Deal


class PisheViews(PisheFields):
    """Read-only views of a hand; needs PishePasha's state."""

    if not TYPE_CHECKING:  # the fields' slots are PishePasha's; the checker reads them here
        __slots__ = ()

    def observation(self, seat: int) -> Observation:
        """Every never-seen stock card is None, the seat's own too (nobody looks into a stock)."""
        piles: dict[PileId, list[int | None]] = {}
        over = self._outcome is not None
        for s in range(self.players):
            stock = self._stocks[s]
            u = self._unseen[s]
            piles[STOCKS[s]] = [None] * u + stock[u:]
            piles[DISCARDS[s]] = list(self._discards[s])
            held = self._turned >= 0 and s == self._seat and not over
            piles[TURNEDS[s]] = [self._turned] if held else []
        for i, f in enumerate(self._found):
            piles[FOUNDATIONS[i]] = list(f)
        window = self.stop_window()
        info = {
            "foundations": self.options["foundations"],
            "stop_rule": self._stop,
            "turns": self._turns,
            "state": "holding" if self._turned >= 0 else "free",
            "stop_window": None if window is None else {"seat": window[0], "callers": window[1]},
            "stocks": [len(s) for s in self._stocks],
            "discards": [len(d) for d in self._discards],
            "waiting": self._waiting,
            "over": over,
            "winner": self.winner,
            "score": self.score,
        }
        history = self.history[:]
        return Observation(self.game, seat, self.players, self.to_move, piles, info, history)

    def reveal(self) -> dict[PileId, list[int]]:
        piles: dict[PileId, list[int]] = {}
        for s in range(self.players):
            piles[STOCKS[s]] = list(self._stocks[s])
            piles[DISCARDS[s]] = list(self._discards[s])
            held = self._turned >= 0 and s == self._seat and self._outcome is None
            piles[TURNEDS[s]] = [self._turned] if held else []
        for i, f in enumerate(self._found):
            piles[FOUNDATIONS[i]] = list(f)
        return piles

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

    def all_cards(self) -> list[int]:
        cards = [c for p in (*self._stocks, *self._discards, *self._found) for c in p]
        if self._turned >= 0:
            cards.append(self._turned)
        return cards

    def foundation_piles(self) -> list[list[int]]:
        """Every foundation, bottom first (C D H S, or the single centre pile)."""
        return [f[:] for f in self._found]

    def stock_count(self, seat: int) -> int:
        return len(self._stocks[seat])

    def discard_pile(self, seat: int) -> list[int]:
        return self._discards[seat][:]
