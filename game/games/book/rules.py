"""Pisha Pasha, the "simple book version" (RULES.md §4): a game of pure chance, like War.

Both seats flip at once, so the only action is ``flip`` and seat 0 is always
"to move". A stock's never-flipped cards are the deal's bottom cards in the
deal's order; captured piles go under a stock face down but everybody saw
them, so only that never-flipped block is hidden in an observation.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from game.core.cards import CARD_TEXT, brief, packets, shuffled_deck
from game.core.piles import DeclaredPiles, Pile, Seen
from game.core.setup_read import CardLedger, check_sizes, read_stocks
from game.core.state import Where, parse_or_refuse, resolve_options
from game.core.types import (
    DECK,
    DISCARDS,
    DRAW,
    STOCKS,
    Action,
    Draw,
    Event,
    IllegalAction,
    Outcome,
    PileId,
    PileKind,
    Reason,
    Refusal,
)
from game.games.book.kinds import ACTIONS, FLIP, Codes, EventKinds, Reasons

FLIP_LIMIT = 10_000
HIGH = tuple((c % 13 - 1) % 13 for c in range(52))  # A high: 2 -> 0 ... K -> 11, A -> 12
EV_FLIP = tuple(
    tuple(Event(EventKinds.FLIP, s, (c,), STOCKS[s], DISCARDS[s]) for c in range(52))
    for s in (0, 1)
)


def read_book_setup(setup: object) -> list[list[int]]:
    """Two stocks of 26, all 52 cards once (ValueError names a bad field)."""
    stocks = read_stocks(setup, (2,))
    assert isinstance(setup, dict)
    unknown = [k for k in setup if k != "stocks"]
    if unknown:
        raise ValueError(f"setup has an unknown field {brief(unknown[0])} (only 'stocks')")
    ledger = CardLedger()
    for i, s in enumerate(stocks):
        ledger.add(s, f"setup.stocks[{i}]")
    ledger.check_complete("setup.stocks")
    check_sizes(stocks, 26)
    return stocks


class BookGame(DeclaredPiles):
    """One hand of the book version for two seats."""

    game = "pisha-pasha-book"
    PLAYERS = (2,)
    OPTIONS: ClassVar[dict[str, tuple[Any, ...]]] = {}
    ACTIONS = ACTIONS
    PILES = tuple(
        Pile(pid, seen)
        for s in (0, 1)
        for pid, seen in ((STOCKS[s], Seen.HIDDEN), (DISCARDS[s], Seen.FACE_UP))
    )

    __slots__ = (
        "_deal",
        "_discards",
        "_flips",
        "_hidden",
        "_last_capture",
        "_outcome",
        "_seen",
        "_stocks",
        "history",
        "options",
        "players",
    )  # fmt: skip
    _stocks: list[list[int]]  # bottom first: ``stock[-1]`` is the top
    _discards: list[list[int]]
    _hidden: list[list[int]]  # per seat: [lo, hi) of the stock's never-flipped slots
    _flips: int
    _outcome: Outcome | None
    _seen: dict[int, int]  # each position met (its hash), and the flip it was met at
    _last_capture: int  # the flip of the last capture, -1 for none
    _deal: tuple[tuple[int, ...], ...]

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
        self._outcome = None
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
        new._outcome = self._outcome
        new._seen = dict(self._seen)
        new._last_capture = self._last_capture
        return new

    def _position(self) -> int:
        s, d = self._stocks, self._discards
        return hash((tuple(s[0]), tuple(d[0]), tuple(s[1]), tuple(d[1])))

    # ------------------------------------------------------------------ queries
    @property
    def to_move(self) -> int | None:
        return None if self._outcome is not None else 0

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def score(self) -> list[int]:
        """Cards each seat holds."""
        return [len(self._stocks[s]) + len(self._discards[s]) for s in (0, 1)]

    @property
    def flips(self) -> int:
        return self._flips

    @property
    def stalemate(self) -> bool:
        out = self._outcome
        return out is not None and out.reason is not Reasons.NO_CARDS

    def legal_actions(self) -> list[Action]:
        return [] if self._outcome is not None else [FLIP]

    def check(self, action: Action | str) -> Refusal | None:
        try:
            a = parse_or_refuse(action, ACTIONS)
        except IllegalAction as err:
            return Refusal(Codes.ONLY_FLIP, text=err.refusal.text)
        if a is not FLIP:
            return Refusal(Codes.ONLY_FLIP, text=a.text)
        return Refusal(Codes.HAND_OVER) if self._outcome is not None else None

    def where(self, action: Action) -> Where:
        stock = self._stocks[0]
        return Where(STOCKS[0], DISCARDS[0], stock[-1] if stock else None)

    # ------------------------------------------------------------------ playing
    def apply(self, action: Action | str) -> list[Event]:
        why = self.check(action)
        if why is not None:
            raise IllegalAction(why)
        self.history.append(FLIP)
        events: list[Event] = []
        up = [self._flip(s, events) for s in (0, 1)]
        self._flips += 1
        a, b = up
        if a // 13 == b // 13:
            events.append(self._capture(0 if HIGH[a] > HIGH[b] else 1, up))
        for s in (0, 1):
            if not self._stocks[s] and not self._discards[s]:
                events.append(self._end(1 - s, Reasons.NO_CARDS))
                return events
        self._check_stalemate(events)
        return events

    def _flip(self, s: int, events: list[Event]) -> int:
        stock, pile = self._stocks[s], self._discards[s]
        if not stock:
            events.append(Event(EventKinds.RECYCLE, s, tuple(pile), DISCARDS[s], STOCKS[s], False))
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
        """RULES.md §4: the loser's pile goes under the winner's stock, its bottom card
        at the very bottom, so its top card is the first of them to be turned."""
        lose = 1 - win
        pile = self._discards[lose]
        taken = tuple(pile)
        self._stocks[win][:0] = pile
        h = self._hidden[win]
        h[0] += len(taken)
        h[1] += len(taken)
        pile.clear()
        self._last_capture = self._flips
        return Event(
            EventKinds.CAPTURE, win, taken, DISCARDS[lose], STOCKS[win], False, (up[win], up[lose])
        )

    def _check_stalemate(self, events: list[Event]) -> None:
        key = self._position()
        first = self._seen.get(key)
        if first is not None:
            no_match = self._last_capture < first
            reason = Reasons.STALEMATE_NO_MATCH if no_match else Reasons.STALEMATE_REPEAT
        elif self._flips >= FLIP_LIMIT:
            reason = Reasons.STALEMATE_LIMIT
        else:
            self._seen[key] = self._flips
            return
        a, b = self.score
        events.append(self._end(DRAW if a == b else (0 if a > b else 1), reason))

    def _end(self, winner: int | Draw, reason: Reason) -> Event:
        self._outcome = Outcome(winner, reason, tuple(self.score))
        self._seen = {}
        seat = winner if isinstance(winner, int) else None
        return Event(EventKinds.OVER, seat, outcome=self._outcome)

    # ------------------------------------------------------------- information
    def cards_in(self, pid: PileId) -> list[int]:
        assert pid.index is not None, pid
        return (self._stocks if pid.kind is PileKind.STOCK else self._discards)[pid.index]

    def face_down(self, pile: Pile, seat: int) -> range:
        """A stock's never-flipped block, which only the deal put there; the cards it won
        went under it face down, but everybody saw them."""
        pid = pile.pid
        if pid.kind is not PileKind.STOCK or pid.index is None:
            return range(0)
        return range(*self._hidden[pid.index])

    def info(self, seat: int) -> dict[str, Any]:
        return {
            "flips": self._flips,
            "stocks": [len(s) for s in self._stocks],
            "discards": [len(d) for d in self._discards],
            "stalemate": self.stalemate,
            "over": self.is_over,
            "winner": self.winner,
            "score": self.score,
        }

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
            new.apply(FLIP)
        return new

    def setup(self) -> dict[str, Any]:
        return {"stocks": [[CARD_TEXT[c] for c in s] for s in self._deal]}

    def report(self) -> dict[str, Any]:
        return {
            "discards": [[CARD_TEXT[c] for c in d] for d in self._discards],
            "stocks": [[CARD_TEXT[c] for c in reversed(s)] for s in self._stocks],
            "stalemate": self.stalemate,
        }

    def opening_events(self) -> list[Event]:
        """The pack divided between the two seats as in Pishe Pasha (RULES.md §2, §4)."""
        if self.history:
            return []
        events = []
        taken = [0, 0]
        for s, k in packets(2, 26):
            stock = self._deal[s]
            cards = tuple(stock[26 - taken[s] - k : 26 - taken[s]][::-1])
            taken[s] += k
            events.append(Event(EventKinds.DEAL, s, cards, DECK, STOCKS[s], False))
        return events
