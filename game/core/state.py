"""The state interface every game shares, in the style of OpenSpiel.

The referee, the UI, the AI, records and benchmarks only talk to a game through
:class:`GameState`. Conventions every module relies on:

* Seats are ints 0..n-1 in turn order (RULES.md §1).
* Actions are :class:`~game.core.types.Action` values; their text is the record
  form of RULES.md §6. :meth:`GameState.apply` also takes that text.
* :meth:`GameState.legal_actions` holds only the moves of the seat to move.
  Calls that other seats may make at this moment (a game's interrupt, such as a call on a fault)
  come from :meth:`GameState.calls`, so no caller has to filter them out.
* Cards are ints (see :mod:`game.core.cards`). Every pile is a list from bottom
  to top: ``pile[-1]`` is the top card. Records write stocks top first.
* Piles are :class:`~game.core.types.PileId` values, shared by events,
  observations and the UI layout. In an observation, a card the seat may not
  know is ``None``.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple, Self

from game.core.cards import DECK, brief
from game.core.types import (
    Action,
    ActionSet,
    Code,
    Event,
    IllegalAction,
    Outcome,
    PileId,
    Refusal,
    Winner,
)


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
    piles: dict[PileId, list[int | None]]
    info: dict[str, Any] = field(default_factory=dict)
    history: list[Action] = field(default_factory=list)


class Where(NamedTuple):
    """The pile an action takes a card from, the pile it puts it on, and the card
    (None where the seat cannot know it yet, like the top of a stock); ``takes``: the
    cards already on the table that the move takes where the player chooses which (the
    table lights them for its chooser, a drop onto one chooses, the hint ends on them)."""

    src: PileId | None
    dst: PileId | None
    card: int | None
    takes: tuple[int, ...] = ()


class GameState(ABC):
    """One hand of one game. Mutable; :meth:`clone` gives an independent copy."""

    game: str  # the record name the registry knows the game by
    players: int
    options: dict[str, Any]
    history: list[Action]  # every action applied, in order
    ACTIONS: ActionSet  # the game's moves: their text, parsed and printed
    OPTIONS: ClassVar[dict[str, tuple[Any, ...]]] = {}
    PLAYERS: tuple[int, ...] = (2,)
    CARDS: tuple[int, ...] = DECK  # the game's pack: any of the 52 cards, each once

    @classmethod
    @abstractmethod
    def new(
        cls,
        players: int = 2,
        options: dict[str, Any] | None = None,
        rng: random.Random | int | None = None,
    ) -> Self:
        """A freshly shuffled hand; ValueError for a player count the game does not have."""

    @classmethod
    @abstractmethod
    def from_setup(cls, setup: dict[str, Any], options: dict[str, Any] | None = None) -> Self:
        """The hand a record's setup describes; ValueError names a bad field."""

    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """Seat whose move it is, None once the hand is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every action the seat to move may make now (never another seat's call)."""

    def calls(self) -> list[Action]:
        """Calls other seats may make now (a game's interrupt), none by default."""
        return []

    def check(self, action: Action | str) -> Refusal | None:
        """None when ``action`` is legal now, else why not. By default the rules are stated
        once: a move is legal when it is among ``legal_actions`` (or ``calls``), and
        :meth:`why_not` names the rule it breaks. A game with a faster test overrides it."""
        try:
            a = parse_or_refuse(action, self.ACTIONS)
        except IllegalAction as err:
            return err.refusal
        if a in self.legal_actions() or a in self.calls():
            return None
        return self.why_not(a)

    def why_not(self, action: Action) -> Refusal:
        """The rule ``action``, not legal now, breaks: the hand is over, else it is no move
        now. A game names its own rules here."""
        if self.is_over:
            return Refusal(Code.HAND_OVER)
        return Refusal(Code.NOT_A_MOVE, text=str(action))

    @abstractmethod
    def apply(self, action: Action | str) -> list[Event]:
        """Make the move; raise :class:`IllegalAction` (state unchanged) if refused."""

    @abstractmethod
    def where(self, action: Action) -> Where:
        """Which piles a legal action of the seat to move takes a card from and to."""

    @abstractmethod
    def clone(self) -> Self:
        """A deep, independent copy."""

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """How the hand ended, None while it goes on."""

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def winner(self) -> Winner:
        """The winning seat or side (as the game scores); DRAW; None while playing."""
        out = self.outcome
        return None if out is None else out.winner

    @property
    @abstractmethod
    def score(self) -> list[int]:
        """RULES.md §6 ``score``: per seat or per side, as the game scores."""

    @abstractmethod
    def observation(self, seat: int) -> Observation:
        """Only what ``seat`` may know."""

    @abstractmethod
    def reveal(self) -> dict[PileId, list[int]]:
        """Every pile with every card as it lies (replays shown face up; never for the AI)."""

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
        """Every card, wherever it lies: every card of the pack (``CARDS``), once."""

    @abstractmethod
    def opening_events(self) -> list[Event]:
        """The deal as events, from the deck (``DECK``) to where the cards lie at the start."""

    def side_of(self, seat: int) -> int:
        """The side a seat plays for (the seat itself except in 4-player Pişti)."""
        return seat

    @property
    def sides(self) -> int:
        return self.players

    def record(self) -> dict[str, Any]:
        """This hand as a game record (RULES.md §6)."""
        return {
            "game": self.game,
            "options": non_default_options(type(self), self.options),
            "setup": self.setup(),
            "actions": [str(a) for a in self.history],
        }


def parse_or_refuse(action: Action | str, actions: ActionSet) -> Action:
    """The action a text names among a game's ``actions``; IllegalAction (``NOT_A_MOVE``)
    for text that is none of its moves."""
    if isinstance(action, Action):
        return action
    try:
        return actions.parse(action)
    except ValueError:
        text = action[:40] if isinstance(action, str) else brief(action)
        raise IllegalAction(Refusal(Code.NOT_A_MOVE, text=text)) from None


def non_default_options(cls: type, options: dict[str, Any]) -> dict[str, Any]:
    """Only the options that differ from the game's defaults (records keep it short)."""
    spec: dict[str, tuple[Any, ...]] = getattr(cls, "OPTIONS", {})
    return {k: v for k, v in options.items() if k in spec and v != spec[k][0]}


def resolve_options(cls: type, given: dict[str, Any] | None) -> dict[str, Any]:
    """Defaults filled in; an unknown option or value raises ValueError naming it.

    ``cls.OPTIONS`` maps each option to its allowed values, the default first.
    """
    spec: dict[str, tuple[Any, ...]] = getattr(cls, "OPTIONS", {})
    given = dict(given or {})
    out = {k: allowed[0] for k, allowed in spec.items()}
    for key, value in given.items():
        if key not in spec:
            known = ", ".join(spec) or "none"
            raise ValueError(f"unknown option {brief(key)} (this game's options: {known})")
        allowed = spec[key]
        if value not in allowed or type(value) is not type(allowed[0]):
            choices = ", ".join(repr(a) for a in allowed)
            raise ValueError(f"option {brief(key)} cannot be {brief(value)} (choose {choices})")
        out[key] = value
    return out


COPIES = {  # how :func:`generated_clone` copies a field, by the kind of value it holds
    "keep": "self.{0}",  # a value never changed in place (an int, a tuple, a shared table)
    "flat": "self.{0}[:]",  # a list or bytearray of values
    "nested": "[p[:] for p in self.{0}]",  # a list of lists of values
    "dict": "dict(self.{0})",  # a dict of values
}


def generated_clone(fields: dict[str, str]) -> Callable[[Any], Any]:
    """A ``clone`` method for a slotted record with these ``fields`` (name: how it is
    copied, a key of :data:`COPIES`), generated once as plain code: as fast as one written
    by hand, and a field added to the record cannot be forgotten by its copy."""
    lines = ["def clone(self):", "    new = _new(self.__class__)"]
    lines += [f"    new.{name} = {COPIES[how].format(name)}" for name, how in fields.items()]
    lines.append("    return new")
    scope: dict[str, Any] = {"_new": object.__new__}
    exec("\n".join(lines), scope)
    clone: Callable[[Any], Any] = scope["clone"]
    clone.__doc__ = "A deep, independent copy (generated from the record's fields)."
    return clone
