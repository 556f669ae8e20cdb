"""A game's cards in piles it declares once, and what follows from them.

Every game says which piles its cards lie in and who sees each (:class:`DeclaredPiles`);
from that the core derives what every game would otherwise write over its own fields,
each a chance to differ from the others: what a seat sees (``observation``), every card as
it lies (``reveal``) and the every-card-once check (``all_cards``). A game that keeps its
cards in fields of its own (for its fast paths) says where each pile's cards are
(``cards_in``); one whose cards all lie in ``self.piles`` builds on :class:`PiledState`,
which derives besides the copy (``clone``), the hidden cards dealt anew (``resample``),
the record's ``setup`` and ``report``, the deal and its events, a new hand and one from a
record, whose turn it is and how it ended, and the checked move. A game overrides one only
where it differs.
"""

from __future__ import annotations

import copy
import random
from abc import abstractmethod
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, Self

from game.core.cards import CARD_TEXT, parse_cards
from game.core.state import GameState, Observation, parse_or_refuse, resolve_options
from game.core.types import Action, Event, EventKind, IllegalAction, Outcome, PileId


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


class DeclaredPiles(GameState):
    """A hand whose every card lies in one of the piles it declares (``PILES``, or
    :meth:`declared` where they depend on the players), each pile's cards where
    :meth:`cards_in` finds them."""

    PILES: ClassVar[tuple[Pile, ...]] = ()

    def declared(self) -> tuple[Pile, ...]:
        """The hand's piles, in the order they are listed (a game whose piles depend on
        its options or players overrides this)."""
        return self.PILES

    @abstractmethod
    def cards_in(self, pid: PileId) -> list[int]:
        """The cards of pile ``pid``, bottom first (read only: the caller copies)."""

    def face_down(self, pile: Pile, seat: int) -> range:
        """Which of the pile's cards (bottom first) ``seat`` cannot see: all of a pile not
        shown to it, none of one shown. A game whose piles are seen in part (a stock's
        recycled cards known, a table's first cards dealt face down) says so here."""
        return range(0 if pile.shown_to(seat) else len(self.cards_in(pile.pid)))

    def seen(self, pile: Pile, seat: int) -> list[int | None]:
        """The pile as ``seat`` sees it: each card it cannot see as None."""
        cards: list[int | None] = list(self.cards_in(pile.pid))
        for i in self.face_down(pile, seat):
            cards[i] = None
        return cards

    def info(self, seat: int) -> dict[str, Any]:
        """The public facts beyond the piles that ``seat``'s view carries (scores, a call)."""
        return {}

    def observation(self, seat: int) -> Observation:
        if type(seat) is not int or not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0..{self.players - 1}, not {seat!r}")
        piles = {p.pid: self.seen(p, seat) for p in self.declared()}
        return Observation(
            self.game, seat, self.players, self.to_move, piles, self.info(seat), self.history[:]
        )

    def reveal(self) -> dict[PileId, list[int]]:
        return {p.pid: list(self.cards_in(p.pid)) for p in self.declared()}

    def all_cards(self) -> list[int]:
        return [c for p in self.declared() for c in self.cards_in(p.pid)]


class PiledState(DeclaredPiles):
    """A hand whose cards lie in the piles it declares (``PILES``), ``self.piles`` (each
    bottom first), dealt as ``DEALING`` says. ``deck`` is the deck it was dealt from,
    which its record's setup names; ``turn`` is the seat to move until ``result`` is set."""

    DEALING: ClassVar[tuple[Deal, ...]] = ()
    piles: dict[PileId, list[int]]
    deck: tuple[int, ...]
    turn: int = 0
    result: Outcome | None = None

    def cards_in(self, pid: PileId) -> list[int]:
        return self.piles[pid]

    def dealing(self) -> tuple[Deal, ...]:
        """The deal: the deck's first cards go to these piles in turn (the rest, to the
        last pile declared hidden)."""
        return self.DEALING

    # ------------------------------------------------------------------ a hand begins
    @classmethod
    def new(
        cls,
        players: int = 2,
        options: dict[str, Any] | None = None,
        rng: random.Random | int | None = None,
    ) -> Self:
        if players not in cls.PLAYERS:
            raise ValueError(f"{cls.game} is played by {cls.PLAYERS} players, not {players!r}")
        rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        return cls.started(rng.sample(cls.CARDS, len(cls.CARDS)), players, options)

    @classmethod
    def from_setup(cls, setup: dict[str, Any], options: dict[str, Any] | None = None) -> Self:
        """The hand a record's setup deals (its deck), for the game's first player count."""
        return cls.started(cls.deck_in(setup), cls.PLAYERS[0], options)

    @classmethod
    def started(cls, deck: list[int], players: int, options: dict[str, Any] | None) -> Self:
        """The hand ``deck`` deals, its options checked, before anyone moves."""
        self = cls.__new__(cls)
        self.players, self.history = players, []
        self.options = resolve_options(cls, options)
        self.dealt(deck)
        self.begin()
        return self

    def begin(self) -> None:
        """The game's own fields as a hand begins, beyond its piles (none by default)."""

    @property
    def to_move(self) -> int | None:
        return None if self.result else self.turn

    @property
    def outcome(self) -> Outcome | None:
        return self.result

    # ------------------------------------------------------------------ a move
    def apply(self, action: Action | str) -> list[Event]:
        """The move checked (refused, the hand untouched, when illegal), kept and made."""
        why = self.check(action)
        if why is not None:
            raise IllegalAction(why)
        a = parse_or_refuse(action, self.ACTIONS)
        self.history.append(a)
        return self.step(a)

    @abstractmethod
    def step(self, action: Action) -> list[Event]:
        """What a legal move does to the piles and the turn, as events."""

    def carry(
        self, kind: EventKind, cards: tuple[int, ...] | list[int], src: PileId, dst: PileId,
        seat: int | None = None, face_up: bool = True, detail: tuple[int, ...] = (),
    ) -> Event:  # fmt: skip
        """``cards`` moved from ``src`` onto ``dst`` (kept in order where ``dst`` is), as the
        event of ``kind`` that tells it."""
        cards = tuple(cards)
        for c in cards:
            self.piles[src].remove(c)
        self.piles[dst] += cards
        if any(p.ordered for p in self.declared() if p.pid == dst):
            self.piles[dst].sort()
        return Event(kind, seat, cards, src, dst, face_up, detail)

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

    def dealt(self, deck: list[int]) -> None:
        """The piles as :meth:`dealing` deals ``deck``, the cards left over on the last pile
        declared hidden (bottom first: the deck's next card is its top)."""
        self.deck, rest = tuple(deck), self._rest()
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
        rest, out, at = self._rest(), [], 0
        for deal in self.dealing():
            cards = self.deck[at : at + deal.n]
            out.append(Event(EventKind.DEAL, deal.pid.seat, cards, rest, deal.pid, False))
            at += deal.n
        return out

    def _rest(self) -> PileId:
        return next(p.pid for p in reversed(self.declared()) if p.seen is Seen.HIDDEN)

    def setup(self) -> dict[str, Any]:
        return {"deck": [CARD_TEXT[c] for c in self.deck]}

    # ------------------------------------------------------------------ what follows
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
