"""A game that keeps its cards in named piles: it declares its pack and its piles (each
pile's id, and who sees its cards), and the core derives from them what every game
would otherwise write over its private fields: what a seat may know (``observation``),
every card as it lies (``reveal``), every card of the pack once (``all_cards``), the
record's report, a copy (``clone``), a deal of the hidden cards again (``resample``) and
the opening deal. A game overrides any of them only where it differs.

A pile's cards are a list, bottom first (``pile[-1]`` is the top card), held in
``self.piles`` by pile id; everything else the game keeps is its own (immutable values,
or copied by its ``copied`` hook)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from enum import Enum
from typing import Any, Self

from game.core.cards import CARD_TEXT
from game.core.state import GameState, Observation, resolve_options
from game.core.types import DECK as DECK_PILE
from game.core.types import Event, EventKind, PileId


class Sight(Enum):
    """Who sees a pile's cards."""

    FACE_UP = "face up"  # everybody
    OWNER = "owner only"  # the seat the pile belongs to (others know how many)
    COUNT = "count only"  # nobody, but everybody knows how many
    HIDDEN = "hidden"  # nobody, not even how many (cards set aside)


class PileState(GameState):
    """One hand of a game played with piles (see the module's docstring). A subclass sets
    ``CARDS`` (its pack, when it is not the 52) and writes ``sights`` (its piles and who
    sees each, for a number of players); ``new`` and ``from_setup`` come from its
    ``dealt``, which lays a deck out with :meth:`deal`."""

    piles: dict[PileId, list[int]]

    @classmethod
    def sights(cls, players: int) -> dict[PileId, Sight]:
        """Every pile of a hand for ``players``, in the order the piles are reported, and
        who sees each."""
        raise NotImplementedError(f"{cls.__name__} declares no piles")

    # ----------------------------------------------------------------- the deal
    @classmethod
    def new(cls, players: int = 2, options: dict[str, Any] | None = None,
            rng: random.Random | int | None = None) -> Self:  # fmt: skip
        if players not in cls.PLAYERS:
            allowed = ", ".join(map(str, cls.PLAYERS))
            raise ValueError(f"{cls.game} is played by {allowed} players, not {players!r}")
        deck = list(cls.CARDS)
        (rng if isinstance(rng, random.Random) else random.Random(rng)).shuffle(deck)
        return cls.dealt(players, deck, resolve_options(cls, options))

    @classmethod
    def dealt(cls, players: int, deck: list[int], options: dict[str, Any]) -> Self:
        """A hand laid out from ``deck`` (the pack in the order dealt, top first)."""
        raise NotImplementedError(f"{cls.__name__} deals no hand")

    @classmethod
    def empty(cls, players: int, options: dict[str, Any]) -> Self:
        """A hand with every declared pile empty and nothing played yet."""
        self = cls.__new__(cls)
        self.players, self.options, self.history = players, options, []
        self.piles = {pid: [] for pid in cls.sights(players)}
        return self

    def deal(self, deck: Sequence[int], sizes: Iterable[tuple[PileId, int]],
             src: PileId = DECK_PILE) -> list[Event]:  # fmt: skip
        """Deal ``deck`` from its top (``deck[0]``): each ``(pile, n)`` in turn takes the next
        ``n`` cards, in the order dealt, and a pile of size -1 takes all that are left as
        they lie (the deck's top on top). The deal as events, from ``src`` to each pile,
        the piles of size -1 left out (they are where the deal comes from)."""
        at, events = 0, []
        for pid, n in sizes:
            cards = list(deck[at:] if n < 0 else deck[at : at + n])
            at += len(cards)
            self.piles[pid] += cards[::-1] if n < 0 else cards
            if n >= 0:
                shown = self.sights(self.players)[pid] is Sight.FACE_UP
                events.append(Event(EventKind.DEAL, pid.seat, tuple(cards), src, pid, shown))
        return events

    # ----------------------------------------------------------------- what a seat knows
    def sees(self, seat: int, pid: PileId) -> bool:
        """Whether ``seat`` sees the cards of ``pid``."""
        sight = self.sights(self.players)[pid]
        return sight is Sight.FACE_UP or (sight is Sight.OWNER and pid.seat == seat)

    def info(self) -> dict[str, Any]:
        """The public facts an observation holds besides the piles (none by default)."""
        return {}

    def observation(self, seat: int) -> Observation:
        piles: dict[PileId, list[int | None]] = {}
        for pid, sight in self.sights(self.players).items():
            if sight is not Sight.HIDDEN:
                cards = self.piles[pid]
                piles[pid] = list(cards) if self.sees(seat, pid) else [None] * len(cards)
        return Observation(self.game, seat, self.players, self.to_move, piles, self.info(),
                           list(self.history))  # fmt: skip

    def reveal(self) -> dict[PileId, list[int]]:
        return {pid: list(cards) for pid, cards in self.piles.items()}

    def all_cards(self) -> list[int]:
        return [c for cards in self.piles.values() for c in cards]

    def report(self) -> dict[str, Any]:
        """Each pile by its id: its cards as text (bottom first), or how many for a pile
        nobody sees."""
        out: dict[str, Any] = {}
        for pid, sight in self.sights(self.players).items():
            cards = self.piles[pid]
            seen = sight in (Sight.FACE_UP, Sight.OWNER)
            out[str(pid)] = [CARD_TEXT[c] for c in cards] if seen else len(cards)
        return out

    # ----------------------------------------------------------------- copies
    def copied(self, other: Self) -> None:
        """Copy into ``other`` what the game keeps in place besides its piles (nothing
        by default: its other fields hold values never changed in place)."""

    def clone(self) -> Self:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.options, other.history = dict(self.options), self.history[:]
        other.piles = {pid: cards[:] for pid, cards in self.piles.items()}
        self.copied(other)
        return other

    def resample(self, seat: int, rng: random.Random | int | None) -> Self:
        """The cards ``seat`` does not see dealt again at random, every pile keeping its
        size (a hand stays sorted, as dealt)."""
        rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        other = self.clone()
        unseen = [pid for pid in other.piles if not self.sees(seat, pid)]
        pool = [c for pid in unseen for c in other.piles[pid]]
        rng.shuffle(pool)
        for pid in unseen:
            n = len(other.piles[pid])
            other.piles[pid], pool = pool[:n], pool[n:]
        return other


def every_card_once(state: GameState) -> bool:
    """Whether the hand holds every card of its game's pack exactly once."""
    return sorted(state.all_cards()) == sorted(state.CARDS)
