"""What a game tells the rest of the program about itself, besides its rules.

Each game's folder builds one :class:`GameSpec`: its rules class, its computer
players, its options for the menu (from the engine's ``OPTIONS``), the table
design in card units, the words it needs (as phrase keys, worded by the
phrasebook), and the few table features it switches on. The UI, the arena and
the smoke check only ever read specs, so none of them names a game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from game.core.design import Design
from game.core.figures import Figure
from game.core.state import GameState, resolve_options
from game.core.types import Action, Event, Outcome, PileId


class Seat(int):
    """A seat worded by its name ("You", "North")."""


class Owner(int):
    """A seat worded as an owner ("your", "North's")."""


class Side(int):
    """A side worded by its players ("You & North")."""


class SideOf(int):
    """A seat's side, worded by its players like a :class:`Side`."""


class Card(int):
    """A card worded by name: a value ``x`` fills ``{x}``, ``{X}`` and ``{x_short}``."""


class Cards(tuple):
    """Cards shown by the index printed on them ("4♥ 5♠ …"), the first three."""


class Phrase(NamedTuple):
    """Words to be said later, in the player's language: a phrasebook key and its values.

    Values typed :class:`Seat`, :class:`Owner`, :class:`Side`, :class:`Card`, :class:`Cards`
    (or plain numbers named ``seat``/``side``/``whose``/``card``) are worded as names and
    cards; a value that is itself a Phrase is worded first; ``n`` picks the plural.
    ``you`` says how the key changes with the reader: ``(value name, ending)`` pairs, the
    first whose seat is the reader's adds its ending. A :class:`Side` ending starting with
    ``.you`` is for the reader's side (``_pair`` added when two play on it); any other
    side ending is for a side of two other players."""

    key: str
    params: dict[str, Any] = {}
    you: tuple[tuple[str, str], ...] = (("seat", ".you"),)


@dataclass(frozen=True)
class Headline:
    """Big words over the table for a moment (a great capture, a call): ``alarm`` in red."""

    text: Phrase
    sub: Phrase
    alarm: bool = False


@dataclass(frozen=True)
class Choice:
    """One menu choice: its key, allowed values (default first), and who uses it.

    ``engine``: an option of the rules class; otherwise a table choice (``players``,
    the match length). ``shown``: whether the menu shows it, given the other choices.
    """

    key: str
    values: tuple
    engine: bool = True
    shown: Callable[[dict[str, Any]], bool] | None = None


@dataclass(frozen=True)
class CallChoice:
    """One way to make a call: its button's words (a phrase key) and the action it makes
    for the calling seat."""

    words: str
    make: Callable[[int], Action]


@dataclass(frozen=True)
class Call:
    """A call a game lets a person make out of turn, after another seat's move (a game's
    ``calls_in`` says when calls are in play). The table draws one button for it and opens
    a short window after every computer move; pressing the button (or ``key``) offers its
    ``choices`` under ``question``, or makes the only one at once. Every word is a phrase
    key: ``button``, ``window`` (the window's name, in the header while it runs),
    ``prompt`` (the hint line meanwhile) and ``keys`` (the keys panel's line: the key's
    name and what it does)."""

    button: str
    key: str  # a letter
    question: str
    choices: tuple[CallChoice, ...]
    window: str
    prompt: str
    keys: tuple[str, str]


@dataclass(frozen=True)
class SummaryRow:
    """A line of the end-of-hand table: a phrase key and a value per side (no values: a
    heading over the lines after it)."""

    key: str
    values: tuple[int, ...]
    total: bool = False


@dataclass(frozen=True)
class Coach:
    """How the coach judges a game: ``evaluate(view, legal moves, rng, budget)`` gives the
    expected points of each move from a seat's view (empty: no choice to judge) and what
    its search saw after each (a :class:`Verdict`), and ``reason(state, seat, played,
    better, seen)`` says in a phrase why ``better`` was better: from the biggest
    difference between the two moves' :class:`Seen`, or, when ``seen`` shows nothing
    distinctive (or is empty), from what the seat could see before the move."""

    evaluate: Callable[..., Verdict]
    reason: Callable[[GameState, int, Action, Action, dict[Action, Seen]], Phrase]
    quiet: float = 0.0  # points: a smaller loss is within what the search cannot tell apart


@dataclass
class Seen:
    """What the coach's search saw after one candidate move, over the continuations it
    simulated: how often each named thing happened (``counts``, each continuation weighted
    by how likely its deal is) in ``runs`` continuations, and what it was about (a card,
    a seat), so a reason can name the thing that happened most."""

    runs: float = 0.0
    counts: dict[str, float] = field(default_factory=dict)
    about: dict[str, dict[tuple, float]] = field(default_factory=dict)

    def note(self, fact: str, *about: Any, weight: float = 1.0) -> None:
        self.counts[fact] = self.counts.get(fact, 0.0) + weight
        if about:
            seen = self.about.setdefault(fact, {})
            seen[about] = seen.get(about, 0.0) + weight

    def rate(self, fact: str) -> float:
        """How often ``fact`` happened per continuation (a mean when it counts things)."""
        return self.counts.get(fact, 0.0) / self.runs if self.runs else 0.0

    def most(self, fact: str) -> tuple:
        """What ``fact`` was most often about (ties: the smallest); () if never seen."""
        seen = self.about.get(fact)
        return min(seen, key=lambda k: (-seen[k], k)) if seen else ()


class Verdict(dict):
    """The coach's expected points of each move (a dict, Action -> points), with what its
    search saw after each move (``seen``, Action -> :class:`Seen`)."""

    def __init__(self, values: dict | None = None, seen: dict | None = None) -> None:
        super().__init__(values or {})
        self.seen: dict[Action, Seen] = seen or {}


@dataclass(frozen=True)
class GameSpec:
    """Everything but the rules of one game, for the registry."""

    id: str  # the record name
    state: type[GameState]
    agents: dict[str, Callable[[int | None], Any]]  # level name -> agent factory(seed)
    baseline: str  # the arena's measuring stick
    levels: tuple[str, ...]  # what the menu offers (empty: no choices to make)
    positions: Callable[[int], tuple[str, ...]]  # seat positions in turn order from the human
    design: Callable[[int, dict[int, str], dict[str, Any], dict[int, int]], Design]
    choices: tuple[Choice, ...]
    rules_key: str
    teams: Callable[[int], int] = lambda players: players
    # the arena's B points from the other sides' scores: added up where only the winner
    # scores (the default), a mean where every side scores
    others_points: Callable[[list[int]], float] = sum
    match_target: Callable[[dict[str, Any]], int | None] = lambda choices: None
    variant: Callable[[GameState], Phrase | None] = lambda state: Phrase("variant.plain")
    prompt: Callable[[GameState, int], Phrase] = lambda state, seat: Phrase("prompt.move")
    seat_cards: Callable[[dict[PileId, list], int], int] = lambda piles, seat: 0
    panel_counts: Callable[[dict[PileId, list], int, int], list[Phrase]] = (
        lambda piles, seat, side: []
    )
    summary_lines: Callable[[GameState], list[Phrase]] = lambda state: []
    breakdown: Callable[[GameState], list[SummaryRow]] = lambda state: []
    calls_in: Callable[[dict[str, Any]], bool] = lambda options: False  # its calls in play
    calls: tuple[Call, ...] = ()  # the calls a person may make at the table
    # the seat the open calls are about (the one that faulted), None when none are open
    call_subject: Callable[[GameState], int | None] = lambda state: None
    # a lone legal move the table may play for the player: "now", after a "beat", or None
    plays_itself: Callable[[Action], str | None] = lambda action: None
    # the hint's words for a move of ``seat`` (values: card, whose, n); None: the table's
    # generic words for a card played (onto the pile, a capture)
    hint: Callable[[GameState, Action, int], Phrase | None] = lambda state, action, seat: None
    # what dragging a card from one pile onto another means, legal or not (for refusals)
    gesture: Callable[[PileId, PileId, int | None, int], Action | None] = (
        lambda src, dst, card, seat: None
    )
    live_score: bool = False  # the panel shows the hand's points while it is played
    stat_counts: tuple[str, ...] = ()  # the statistics' game-specific counts (``stats.count.*``)
    autoplay: bool = False  # the table offers automatic play of a one-move game (Auto, Speed)
    deal_from: PileId | None = None  # where the opening deal starts; None: the deck
    catalogue: Path | None = None  # a folder of the game's own phrases (gettext catalogues)
    smoke: tuple[dict[str, Any], ...] = ({},)  # the menu choices of each table --smoke-test opens
    rules_figures: tuple[Figure, ...] = ()  # the rules panel's pictures
    coach: Coach | None = None  # None: the game has no choices for a coach to judge
    extras: dict[str, Any] = field(default_factory=dict)
    lessons: tuple = ()  # guided lessons (game.core.lesson.Lesson), the first for newcomers
    # the move log's line for an event (faults shown or not), None for no line
    describe: Callable[[Event, bool], Phrase | None] = lambda event, faults: None
    describe_outcome: Callable[[Outcome], Phrase | None] = lambda outcome: None
    # a move not yet made as a short phrase ("7♥ to the foundation"), for hints and the coach
    describe_move: Callable[[GameState, Action], Phrase | None] = lambda state, action: None
    headline: Callable[[Event], Headline | None] = lambda event: None
    sound: Callable[[Event], str | None] = lambda event: None  # a name in sounds/
    # whether the event after ``first`` is shown in the same step (cards flying together)
    joins: Callable[[Event, Event], bool] = lambda first, then: False
    # the statistics' counts (keys of ``stat_counts``) a side made in a finished hand
    counts: Callable[[GameState, int], dict[str, int]] = lambda state, side: {}

    @property
    def title_key(self) -> str:
        return f"game.{self.id}"

    @property
    def players(self) -> tuple[int, ...]:
        return self.state.PLAYERS

    def engine_options(self, choices: dict[str, Any]) -> dict[str, Any]:
        """The rules options among the menu choices, validated (ValueError names a bad one)."""
        opts = {c.key: choices[c.key] for c in self.choices if c.engine and c.key in choices}
        return resolve_options(self.state, opts)

    def parse_action(self, text: Any) -> Action:
        """One of this game's moves from its record text (any accepted spelling);
        ValueError for text that is none of them."""
        return self.state.ACTIONS.parse(text)

    def defaults(self) -> dict[str, Any]:
        return {c.key: c.values[0] for c in self.choices}

    def valid_choices(self, choices: dict[str, Any]) -> dict[str, Any]:
        """The menu choices of ``choices`` this game offers, with a value it allows (type
        included: ``"false"`` is not ``false``, ``"151"`` is not ``151``)."""
        allowed = {c.key: c.values for c in self.choices}
        return {
            k: v
            for k, v in choices.items()
            if k in allowed and any(v == a and type(v) is type(a) for a in allowed[k])
        }

    def new_hand(
        self, players: int, options: dict[str, Any] | None, rng: random.Random | int | None
    ) -> GameState:
        """A freshly shuffled hand; ValueError for a player count the game does not have."""
        if players not in self.players:
            allowed = ", ".join(map(str, self.players))
            raise ValueError(f"{self.id} is played by {allowed} players, not {players!r}")
        return self.state.new(players, options, rng)

    def from_setup(self, setup: dict[str, Any], options: dict[str, Any] | None) -> GameState:
        return self.state.from_setup(setup, options)

    def make_agent(self, level: str, seed: int | None = None) -> Any:
        """A computer player at ``level``; ValueError names the choices."""
        try:
            factory = self.agents[level]
        except KeyError:
            known = ", ".join(self.agents)
            raise ValueError(f"unknown level {level!r} for {self.id} (choose {known})") from None
        return factory(seed)
