"""The state interface every game shares, in the style of OpenSpiel.

The UI, the AI, records and benchmarks only talk to a game through
:class:`GameState`. Conventions that every module relies on:

* Seats are ints 0..n-1 in turn order (RULES.md §1).
* Actions are the text form of RULES.md §6 (``"turn"``, ``"turned>F"``, ``"7H"``).
  :meth:`GameState.legal_actions` returns them in canonical form;
  :meth:`GameState.apply` also accepts lower case and ``T`` for ten.
* Cards are ints (see :mod:`game.cards`). Every pile is a list from bottom to
  top: ``pile[-1]`` is the top card. Records write stocks top first; the record
  layer converts.
* Piles have string ids, shared by events, observations and the UI layout:

  ``stock{s}``, ``discard{s}``, ``turned{s}``   Pishe Pasha and the book version
  ``found{i}``        foundation i (suits C D H S, or ``found0`` when single)
  ``hand{s}``         a Pişti hand
  ``pack``            the Pişti stock (``pack[0]`` is the shown bottom card)
  ``table``           the Pişti pile in the centre (face-down cards at the bottom)
  ``won{side}``       the cards a Pişti side has captured
* In an observation, a card the seat may not know is ``None``.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, NamedTuple

Winner = int | str | None  # a seat or side, "draw", or None while the hand goes on


class IllegalAction(ValueError):
    """An action the rules refuse. ``str(err)`` is a sentence for the player."""


class Event(NamedTuple):
    """Something that happened, for the UI to animate and the log to tell.

    kinds:
      ``move``     ``cards`` go from ``src`` to ``dst``; ``face_up`` is how they land
      ``turn``     a stock card is turned face up (``src`` stock, ``dst`` turned pile)
      ``recycle``  a discard pile becomes the stock as a block (``src`` -> ``dst``)
      ``deal``     cards dealt from ``src`` to ``dst`` (Pişti)
      ``capture``  ``seat`` takes ``cards`` from ``src`` into ``dst`` (``won{side}``/stock)
      ``pisti``    a pişti (``note`` is ``"pisti"`` or ``"jack_pisti"``)
      ``fault``    the move just made was a Stop-rule fault (``note`` says which)
      ``stop``     ``seat`` called Stop (``note`` is ``force`` or ``end``); state was taken back
      ``undo``     a faulty move was taken back: ``cards`` go from ``src`` back to ``dst``
      ``pass``     the turn passes to ``seat``
      ``over``     the hand is over; ``note`` tells the result
    """

    kind: str
    seat: int | None = None
    cards: tuple[int, ...] = ()
    src: str | None = None
    dst: str | None = None
    face_up: bool = True
    note: str = ""


@dataclass
class Observation:
    """What one seat may know. Unknown cards are ``None``.

    ``piles`` maps pile ids to lists bottom first; ``info`` holds game-specific
    public facts (scores so far, counts, options, the dealer, ...).
    """

    game: str
    seat: int
    players: int
    to_move: int | None
    piles: dict[str, list[int | None]]
    info: dict[str, Any] = field(default_factory=dict)
    history: list[str] = field(default_factory=list)


class GameState(ABC):
    """One hand of one game. Mutable; :meth:`clone` gives an independent copy."""

    game: str  # record name: "pishe-pasha", "pisha-pasha-book", "pisti"
    players: int
    options: dict[str, Any]
    history: list[str]  # every action applied, canonical text, in order

    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """Seat whose move it is, None once the hand is over."""

    @abstractmethod
    def legal_actions(self) -> list[str]:
        """Every action the seat to move may make now (plus Stop calls, where open)."""

    @abstractmethod
    def check(self, action: str) -> str | None:
        """None when ``action`` is legal now, else the reason in a player's words."""

    @abstractmethod
    def apply(self, action: str) -> list[Event]:
        """Make the move; raise :class:`IllegalAction` (state unchanged) if refused."""

    @abstractmethod
    def clone(self) -> GameState:
        """A deep, independent copy."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def winner(self) -> Winner:
        """Seat (Pishe Pasha, book) or side (Pişti); "draw"; None while playing."""

    @property
    @abstractmethod
    def score(self) -> list[int]:
        """RULES.md §6 ``score``: per seat (Pishe Pasha, book) or per side (Pişti)."""

    @abstractmethod
    def observation(self, seat: int) -> Observation:
        """Only what ``seat`` may know."""

    @abstractmethod
    def resample(self, seat: int, rng: random.Random) -> GameState:
        """A complete state that agrees with ``observation(seat)``, hidden cards dealt at random."""

    @abstractmethod
    def setup(self) -> dict[str, Any]:
        """The record ``setup`` this hand started from (RULES.md §6)."""

    @abstractmethod
    def report(self) -> dict[str, Any]:
        """The record report ``state`` object (RULES.md §6)."""

    @abstractmethod
    def all_cards(self) -> list[int]:
        """Every card, wherever it lies (for the 52-cards invariant)."""

    def side_of(self, seat: int) -> int:
        """The side a seat plays for (the seat itself except in 4-player Pişti)."""
        return seat

    def record(self) -> dict[str, Any]:
        """This hand as a game record (RULES.md §6)."""
        return {
            "game": self.game,
            "options": non_default_options(type(self), self.options),
            "setup": self.setup(),
            "actions": list(self.history),
        }


def non_default_options(cls: type, options: dict[str, Any]) -> dict[str, Any]:
    """Only the options that differ from the game's defaults (records keep it short)."""
    spec: dict[str, tuple] = getattr(cls, "OPTIONS", {})
    return {k: v for k, v in options.items() if k in spec and v != spec[k][0]}


def resolve_options(cls: type, given: dict[str, Any] | None) -> dict[str, Any]:
    """Defaults filled in; an unknown option or value raises ValueError naming it.

    ``cls.OPTIONS`` maps each option to its allowed values, the default first.
    """
    spec: dict[str, tuple] = getattr(cls, "OPTIONS", {})
    given = dict(given or {})
    out = {k: allowed[0] for k, allowed in spec.items()}
    for key, value in given.items():
        if key not in spec:
            known = ", ".join(spec) or "none"
            raise ValueError(f"unknown option {key!r} (this game's options: {known})")
        allowed = spec[key]
        if value not in allowed or type(value) is not type(allowed[0]):
            choices = ", ".join(repr(a) for a in allowed)
            raise ValueError(f"option {key!r} cannot be {value!r} (choose {choices})")
        out[key] = value
    return out
