"""A game's cards in piles it declares once, and what follows from them.

A game whose cards all lie in named piles (a hand per seat, a pack, the table, a won pile
per seat) says which piles it has and who sees each; from that :class:`PiledState` derives
what every game otherwise writes over its own fields, each a chance to differ from the
others: what a seat sees (``observation``), every card as it lies (``reveal``), the
every-card-once check (``all_cards``), the copy (``clone``), the hidden cards dealt anew
(``resample``), the record's ``setup`` and ``report``, and the deal and its events. A game
overrides one only where it differs.
"""

from __future__ import annotations

import copy
import random
from abc import abstractmethod
from dataclasses import dataclass
from enum import Enum
from typing import Any, Self

from game.core.cards import CARD_TEXT, parse_cards
from game.core.state import GameState, Observation
from game.core.types import Event, EventKind, PileId


class Seen(Enum):
    """Who sees a pile's cards (everyone always sees how many there are)."""

    FACE_UP = "face up"  # every seat: the table, won piles
    OWNER = "owner"  # only the seat the pile belongs to: a hand
    HIDDEN = "hidden"  # nobody: a pack, a stock


@dataclass(frozen=True)
class Pile:
    """One declared pile: its id, who sees it, and whether its cards are kept in order (a
    hand sorted for its owner; a resampled hand is sorted again)."""

    pid: PileId
    seen: Seen
    ordered: bool = False

    def shown_to(self, seat: int) -> bool:
        return self.seen is Seen.FACE_UP or (self.seen is Seen.OWNER and self.pid.seat == seat)


@dataclass(frozen=True)
class Deal:
    """How many cards of the deck go to a pile at the deal, in the deal's order."""

    pid: PileId
    n: int


class PiledState(GameState):
    """A hand whose cards lie in :meth:`declared` piles, ``self.piles`` (each bottom
    first). ``deck`` is the deck it was dealt from, which its record's setup names."""

    piles: dict[PileId, list[int]]
    deck: tuple[int, ...]

    @abstractmethod
    def declared(self) -> tuple[Pile, ...]:
        """The hand's piles, in the order they are listed."""

    @abstractmethod
    def dealing(self) -> tuple[Deal, ...]:
        """The deal: the deck's first cards go to these piles in turn (the rest, to the
        last pile declared face down, by :meth:`dealt`)."""

    def info(self) -> dict[str, Any]:
        """The public facts beyond the piles that a seat's view carries (scores, a call)."""
        return {}

    # ------------------------------------------------------------------ the deal
    @classmethod
    def deck_in(cls, setup: dict[str, Any]) -> list[int]:
        """The deck a record's setup names: exactly a ``deck``, each card of the pack once."""
        if not isinstance(setup, dict) or set(setup) != {"deck"}:
            raise ValueError("setup must hold exactly a 'deck'")
        deck = parse_cards(setup["deck"], "setup.deck")
        if sorted(deck) != sorted(cls.CARDS):
            raise ValueError(f"setup.deck must hold each of the game's {len(cls.CARDS)} cards once")
        return deck

    def dealt(self, deck: list[int], rest: PileId) -> None:
        """The piles as :meth:`dealing` deals ``deck``, the cards left over on ``rest``
        (bottom first: the deck's next card is its top)."""
        self.deck = tuple(deck)
        self.piles = {p.pid: [] for p in self.declared()}
        at = 0
        for deal in self.dealing():
            self.piles[deal.pid] += deck[at : at + deal.n]
            at += deal.n
        self.piles[rest] = list(reversed(deck[at:]))
        self._order()

    def opening_events(self) -> list[Event]:
        """The deal as events: each dealt pile's cards from the rest to it."""
        if self.history:
            return []
        rest = next(p.pid for p in reversed(self.declared()) if p.seen is Seen.HIDDEN)
        out, at = [], 0
        for deal in self.dealing():
            cards = self.deck[at : at + deal.n]
            out.append(Event(EventKind.DEAL, deal.pid.seat, cards, rest, deal.pid, False))
            at += deal.n
        return out

    def setup(self) -> dict[str, Any]:
        return {"deck": [CARD_TEXT[c] for c in self.deck]}

    # ------------------------------------------------------------------ what follows
    def observation(self, seat: int) -> Observation:
        piles: dict[PileId, list[int | None]] = {
            p.pid: list(self.piles[p.pid]) if p.shown_to(seat) else [None] * len(self.piles[p.pid])
            for p in self.declared()
        }
        return Observation(
            self.game, seat, self.players, self.to_move, piles, self.info(), list(self.history)
        )

    def reveal(self) -> dict[PileId, list[int]]:
        return {p.pid: list(self.piles[p.pid]) for p in self.declared()}

    def all_cards(self) -> list[int]:
        return [c for p in self.declared() for c in self.piles[p.pid]]

    def report(self) -> dict[str, Any]:
        """Each pile's cards as the record writes them (a hidden pile by its count), and the
        score."""
        piles: dict[str, Any] = {}
        for p in self.declared():
            cards = self.piles[p.pid]
            piles[str(p.pid)] = (
                len(cards) if p.seen is Seen.HIDDEN else [CARD_TEXT[c] for c in cards]
            )
        return {"piles": piles, "score": list(self.score)}

    def clone(self) -> Self:
        """A deep copy: the piles and the history copied, every other field shared (a game
        whose fields hold anything changed in place copies it in its own ``clone``)."""
        other = copy.copy(self)
        other.piles = {pid: cards[:] for pid, cards in self.piles.items()}
        other.history = self.history[:]
        other.options = dict(self.options)
        return other

    def resample(self, seat: int, rng: random.Random | int | None) -> Self:
        """The cards ``seat`` cannot see dealt again at random into the piles they lie in,
        each pile keeping its count."""
        rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        other = self.clone()
        unseen = [p.pid for p in self.declared() if not p.shown_to(seat)]
        cards = [c for pid in unseen for c in other.piles[pid]]
        rng.shuffle(cards)
        for pid in unseen:
            n = len(other.piles[pid])
            other.piles[pid], cards = cards[:n], cards[n:]
        other._order()
        return other

    def _order(self) -> None:
        for p in self.declared():
            if p.ordered:
                self.piles[p.pid].sort()
