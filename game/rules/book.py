"""Pisha Pasha, the "simple book version" (RULES.md §4): a game of pure chance, like War.

Both seats flip at once, so the only action is ``flip`` and seat 0 is always
"to move". A stock's never-flipped cards are the deal's bottom cards in the
deal's order; captured piles go under a stock face down but everybody saw
them, so only that never-flipped block is hidden in an observation.
"""

from __future__ import annotations

import random
from typing import Any

from game.cards import CARD_TEXT, card_name, shuffled_deck
from game.rules.base import Event, GameState, IllegalAction, Observation, Winner, resolve_options
from game.rules.pishe_setup import read_book_setup

FLIP_LIMIT = 10_000
STOCK = ("stock0", "stock1")
DISCARD = ("discard0", "discard1")
HIGH = tuple((c % 13 - 1) % 13 for c in range(52))  # A high: 2 -> 0 ... K -> 11, A -> 12
EV_FLIP = tuple(
    tuple(Event("turn", s, (c,), STOCK[s], DISCARD[s]) for c in range(52)) for s in (0, 1)
)


class BookGame(GameState):
    """One hand of the book version for two seats."""

    game = "pisha-pasha-book"
    PLAYERS = (2,)
    OPTIONS: dict[str, tuple] = {}

    __slots__ = (
        "players", "options", "history", "_stocks", "_discards", "_hidden", "_flips",
        "_over", "_winner", "_stalemate", "_seen", "_last_capture", "_deal",
    )  # fmt: skip

    @classmethod
    def new(
        cls,
        players: int = 2,
        options: dict[str, Any] | None = None,
        rng: random.Random | int | None = None,
    ) -> BookGame:
        if players != 2:
            raise ValueError(f"the book version is played by 2 players, not {players!r}")
        deck = shuffled_deck(rng)
        return cls._from_stocks([deck[:26], deck[26:]], options)

    @classmethod
    def from_setup(cls, setup: dict[str, Any], options: dict[str, Any] | None = None) -> BookGame:
        resolve_options(cls, options)
        return cls._from_stocks(read_book_setup(setup), options)

    @classmethod
    def _from_stocks(cls, stocks: list[list[int]], options: dict[str, Any] | None) -> BookGame:
        self = cls.__new__(cls)
        self.players = 2
        self.options = resolve_options(cls, options)
        self.history = []
        self._deal = tuple(tuple(s) for s in stocks)
        self._stocks = [s[::-1] for s in stocks]
        self._discards = [[], []]
        self._hidden = [[0, len(s)] for s in stocks]  # per seat: [lo, hi) never-flipped slots
        self._flips = 0
        self._over = False
        self._winner: Winner = None
        self._stalemate = False
        self._seen = {self._position(): 0}
        self._last_capture = -1
        return self

    def clone(self) -> BookGame:
        new = BookGame.__new__(BookGame)
        new.players = 2
        new.options = dict(self.options)
        new.history = self.history[:]
        new._deal = self._deal
        new._stocks = [s[:] for s in self._stocks]
        new._discards = [d[:] for d in self._discards]
        new._hidden = [h[:] for h in self._hidden]
        new._flips = self._flips
        new._over = self._over
        new._winner = self._winner
        new._stalemate = self._stalemate
        new._seen = dict(self._seen)
        new._last_capture = self._last_capture
        return new

    def _position(self) -> int:
        s, d = self._stocks, self._discards
        return hash((tuple(s[0]), tuple(d[0]), tuple(s[1]), tuple(d[1])))

    # ------------------------------------------------------------------ queries
    @property
    def to_move(self) -> int | None:
        return None if self._over else 0

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def winner(self) -> Winner:
        return self._winner

    @property
    def score(self) -> list[int]:
        """Cards each seat holds."""
        return [len(self._stocks[s]) + len(self._discards[s]) for s in (0, 1)]

    @property
    def flips(self) -> int:
        return self._flips

    def legal_actions(self) -> list[str]:
        return [] if self._over else ["flip"]

    def check(self, action: str) -> str | None:
        if not isinstance(action, str) or action.strip().lower() != "flip":
            return f"{action!r} is not a move in the book version: the only move is 'flip'."
        return "The hand is over." if self._over else None

    # ------------------------------------------------------------------ playing
    def apply(self, action: str) -> list[Event]:
        why = self.check(action)
        if why is not None:
            raise IllegalAction(why)
        self.history.append("flip")
        events: list[Event] = []
        up = [self._flip(s, events) for s in (0, 1)]
        self._flips += 1
        a, b = up
        if a // 13 == b // 13:
            events.append(self._capture(0 if HIGH[a] > HIGH[b] else 1, up))
        for s in (0, 1):
            if not self._stocks[s] and not self._discards[s]:
                note = f"Seat {s} has no cards left: seat {1 - s} wins."
                events.append(self._end(1 - s, note))
                return events
        self._check_stalemate(events)
        return events

    def _flip(self, s: int, events: list[Event]) -> int:
        stock, pile = self._stocks[s], self._discards[s]
        if not stock:
            events.append(Event("recycle", s, tuple(pile), DISCARD[s], STOCK[s], False))
            stock.extend(reversed(pile))
            pile.clear()
        c = stock.pop()
        pile.append(c)
        h = self._hidden[s]
        if h[1] > len(stock):
            h[1] = len(stock)
            h[0] = min(h[0], h[1])
        events.append(EV_FLIP[s][c])
        return c

    def _capture(self, win: int, up: list[int]) -> Event:
        lose = 1 - win
        pile = self._discards[lose]
        taken = tuple(pile)
        self._stocks[win][:0] = reversed(pile)
        h = self._hidden[win]
        h[0] += len(taken)
        h[1] += len(taken)
        pile.clear()
        self._last_capture = self._flips
        note = f"Same suit: {card_name(up[win])} beats {card_name(up[lose])}."
        return Event("capture", win, taken, DISCARD[lose], STOCK[win], False, note)

    def _check_stalemate(self, events: list[Event]) -> None:
        key = self._position()
        first = self._seen.get(key)
        if first is not None:
            if self._last_capture < first:
                why = "the suits never matched again"
            else:
                why = "the same position came back, so the game would go round for ever"
        elif self._flips >= FLIP_LIMIT:
            why = f"{FLIP_LIMIT:,} flips without a winner"
        else:
            self._seen[key] = self._flips
            return
        self._stalemate = True
        a, b = self.score
        if a == b:
            events.append(self._end("draw", f"Stalemate: {why}; both hold {a} cards: a draw."))
        else:
            s = 0 if a > b else 1
            events.append(self._end(s, f"Stalemate: {why}; seat {s} holds more cards."))

    def _end(self, winner: Winner, note: str) -> Event:
        self._over = True
        self._winner = winner
        self._seen = {}
        return Event("over", winner if isinstance(winner, int) else None, note=note)

    # ------------------------------------------------------------- information
    def observation(self, seat: int) -> Observation:
        piles: dict[str, list[int | None]] = {}
        for s in (0, 1):
            lo, hi = self._hidden[s]
            stock = self._stocks[s]
            piles[STOCK[s]] = [*stock[:lo], *([None] * (hi - lo)), *stock[hi:]]
            piles[DISCARD[s]] = list(self._discards[s])
        info = {
            "flips": self._flips,
            "stocks": [len(s) for s in self._stocks],
            "discards": [len(d) for d in self._discards],
            "stalemate": self._stalemate,
            "over": self._over,
            "winner": self._winner,
            "score": self.score,
        }
        return Observation(self.game, seat, 2, self.to_move, piles, info, self.history[:])

    def resample(self, seat: int, rng: random.Random | int | None) -> BookGame:
        """Never-flipped cards dealt again at random, then the flips replayed.

        Those cards lie in the deal's bottom slots, untouched by every flip so far,
        so replaying the same flips from the new deal gives a consistent hand,
        the memory of past positions included.
        """
        if not isinstance(rng, random.Random):
            rng = random.Random(rng)
        blocks = [self._stocks[s][lo:hi] for s, (lo, hi) in enumerate(self._hidden)]
        hidden = sorted(c for b in blocks for c in b)
        rng.shuffle(hidden)
        stocks = [list(s) for s in self._deal]
        k = 0
        for s, b in enumerate(blocks):
            u = len(b)
            if u:
                stocks[s][26 - u :] = hidden[k : k + u][::-1]
            k += u
        new = BookGame._from_stocks(stocks, self.options)
        for _ in self.history:
            new.apply("flip")
        return new

    def setup(self) -> dict[str, Any]:
        return {"stocks": [[CARD_TEXT[c] for c in s] for s in self._deal]}

    def report(self) -> dict[str, Any]:
        return {
            "discards": [[CARD_TEXT[c] for c in d] for d in self._discards],
            "stocks": [[CARD_TEXT[c] for c in reversed(s)] for s in self._stocks],
            "stalemate": self._stalemate,
        }

    def all_cards(self) -> list[int]:
        return [c for p in (*self._stocks, *self._discards) for c in p]
