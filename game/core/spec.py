"""What a game tells the rest of the program about itself, besides its rules.

Each game's folder declares one :class:`GameSpec` subclass: its rules class, its
computer players, its options for the menu (from the engine's ``OPTIONS``), the table
design in card units, the words it needs (as phrase keys, worded by the phrasebook),
and the hooks where it differs from the defaults. The UI, the arena and the smoke check
only ever read specs, so none of them names a game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Generic, NamedTuple, Protocol, Self, TypeVar

from game.core.agents import Agent
from game.core.design import Design
from game.core.figures import Figure
from game.core.lesson import Lesson
from game.core.state import GameState, resolve_options
from game.core.types import HANDS, WONS, Action, Event, Outcome, PileId


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


class Cards(tuple[int, ...]):
    """Cards shown by the index printed on them ("4♥ 5♠ …"): the first ``most`` (three
    unless told, for a log line that would run on; None: every one, for a phrase that
    must name them all, such as an answer saying which cards a capture takes)."""

    most: int | None

    def __new__(cls, cards: Iterable[int] = (), most: int | None = 3) -> Self:
        made = super().__new__(cls, cards)
        made.most = most
        return made


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
    params: dict[str, Any] = {}  # noqa: RUF012 (a NamedTuple's default, never changed)
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
    the match length). ``shown``: whether the menu lets the player change it, given the
    other choices; where it may not, the menu keeps its row in place, greyed, showing
    ``fixed``'s value (the one that applies; None: the value chosen) and the line
    ``choice.<key>.why_fixed`` saying why.
    """

    key: str
    values: tuple[Any, ...]
    engine: bool = True
    shown: Callable[[dict[str, Any]], bool] | None = None
    fixed: Any = None


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
class Move:
    """A move a person makes with no card or pile to take it from (a pass, a bid, an ask;
    or one they may also make at a pile, as a shortcut). The table shows it as a button,
    pressable while one of its ``actions`` is legal for the player (pressed otherwise, the
    rules say why not), with ``key`` (a letter) pressing it too; several of its actions
    legal at once are offered under their declared choices. Every word is a phrase key:
    ``button`` (the button's words) and ``keys`` (the keys panel's line)."""

    actions: tuple[Action, ...]
    button: str
    key: str  # a letter
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
    by how likely its deal is) in ``runs`` continuations (``deals`` of them, counted
    one by one), and what it was about (a card, a seat), so a reason can name the thing
    that happened most."""

    runs: float = 0.0
    counts: dict[str, float] = field(default_factory=dict)
    deals: int = 0  # the deals the candidate was played out in (``runs`` may weigh them)
    about: dict[str, dict[tuple[Any, ...], float]] = field(default_factory=dict)

    def note(self, fact: str, *about: Any, weight: float = 1.0) -> None:
        self.counts[fact] = self.counts.get(fact, 0.0) + weight
        if about:
            seen = self.about.setdefault(fact, {})
            seen[about] = seen.get(about, 0.0) + weight

    def rate(self, fact: str) -> float:
        """How often ``fact`` happened per continuation (a mean when it counts things)."""
        return self.counts.get(fact, 0.0) / self.runs if self.runs else 0.0

    def most(self, fact: str) -> tuple[Any, ...]:
        """What ``fact`` was most often about (ties: the smallest); () if never seen."""
        seen = self.about.get(fact)
        return min(seen, key=lambda k: (-seen[k], k)) if seen else ()


class Verdict(dict[Action, float]):
    """The coach's expected points of each move (a dict, Action -> points), with what its
    search saw after each move (``seen``, Action -> :class:`Seen`)."""

    def __init__(
        self, values: dict[Action, float] | None = None, seen: dict[Action, Seen] | None = None
    ) -> None:
        super().__init__(values or {})
        self.seen: dict[Action, Seen] = seen or {}


S = TypeVar("S", bound=GameState)  # a game's own rules, which its spec's hooks are given
S_in = TypeVar("S_in", bound=GameState, contravariant=True)


class Words(Protocol[S_in]):
    """A game's words for what happens, as one surface (its ``words.py``, a module that
    defines every one of these; None, or False, where it has nothing to say)."""

    def describe(self, event: Event, faults: bool, /) -> Phrase | None:
        """The move log's line for an event (faults shown or not); None: no line."""

    def describe_outcome(self, outcome: Outcome, /) -> Phrase | None:
        """The end of the hand in words."""

    def describe_move(self, state: S_in, action: Action, /) -> Phrase | None:
        """A move not yet made as a short phrase ("7♥ to the foundation")."""

    def headline(self, event: Event, /) -> Headline | None:
        """Big words over the table for an event (a great capture, a call)."""

    def sound(self, event: Event, /) -> str | None:
        """The sound of an event: a name in sounds/."""

    def joins(self, first: Event, then: Event, /) -> bool:
        """Whether ``then``, the event after ``first``, is shown in the same step."""


class Silent:
    """The words of a game that says nothing of what happens (the default)."""

    @staticmethod
    def describe(event: Event, faults: bool, /) -> Phrase | None:
        return None

    @staticmethod
    def describe_outcome(outcome: Outcome, /) -> Phrase | None:
        return None

    @staticmethod
    def describe_move(state: GameState, action: Action, /) -> Phrase | None:
        return None

    @staticmethod
    def headline(event: Event, /) -> Headline | None:
        return None

    @staticmethod
    def sound(event: Event, /) -> str | None:
        return None

    @staticmethod
    def joins(first: Event, then: Event, /) -> bool:
        return False


class GameSpec(Generic[S]):
    """One game as the menu, the table, the arena and the smoke check see it, besides its
    rules. A game is a subclass, in the manner of python-chess's variants and KPatience's
    ``DealerScene``: it sets what has no default (``id``, ``state``, ``agents``, its
    table's ``design``) and overrides only the hooks where it differs; the registry holds
    one instance of each. The hooks come in small groups:

    * **who it is**: its record name, rules class, menu choices, its own words
      (``catalogue``), the rules' pictures, lessons (optional), the tables the smoke check
      opens;
    * **its computer players**: agents by name, the levels the menu offers, the agent the
      hint asks (None: no hints), the arena's baseline, the coach (None: no review);
    * **its table**: the seating, the design in card units, what the panel and the summary
      show, what a gesture means, which lone moves play themselves, the hint's words, the
      statistics' counts, its calls and the moves its buttons make (as data), and the
      words of the choices its moves may declare (``choice_question``, ``choice_words``);
    * **its words for what happens** (``words``: its ``words.py``, a module defining every
      hook of :class:`Words`, which the type checker holds it to).

    A spec is typed by its rules (``GameSpec[PishePasha]``): its hooks are given its own
    game's states.
    """

    # ----------------------------------------------------------------- who it is
    id: str  # the record name
    state: type[S]  # the rules
    choices: tuple[Choice, ...] = ()  # the menu's options, each with its values
    catalogue: Path | None = None  # a folder of the game's own phrases (gettext catalogues)
    rules_figures: tuple[Figure, ...] = ()  # the rules panel's pictures
    lessons: tuple[Lesson, ...] = ()  # guided lessons; none: no "Learn to play"
    # settings the game's table once named otherwise: old name -> the name now
    old_settings: ClassVar[dict[str, str]] = {}
    smoke: tuple[dict[str, Any], ...] = ({},)  # the menu choices of each table --smoke-test opens

    @property
    def title_key(self) -> str:
        return f"game.{self.id}"

    @property
    def rules_key(self) -> str:
        return f"rules.{self.id}"

    @property
    def players(self) -> tuple[int, ...]:
        return self.state.PLAYERS

    # ----------------------------------------------------------------- computer players
    agents: ClassVar[dict[str, Callable[[int | None], Agent]]]  # level name -> factory(seed)
    levels: tuple[str, ...] = ()  # what the menu offers, weakest first (empty: no choice)
    hint_level: str | None = None  # the agent whose move a hint shows (None: no hints)
    baseline: str = "random"  # the arena's measuring stick
    coach: Coach | None = None  # None: the game has no choices for a coach to judge

    def par_replays(self, players: int, strongest: bool) -> int:
        """How many times a hand's par plays the deal again (``game.ai.par``): fewer
        where every seat searches as long as the Expert (``strongest``: the opponents
        are the Expert's level). A game sets its own from ``benchmarks/par.py`` so a
        two-player par takes at most 10 s on one core, a larger table's at most 20 s."""
        return 2 if strongest else 4

    # ----------------------------------------------------------------- the table
    live_score: bool = False  # the panel shows the hand's points while it is played
    autoplay: bool = False  # the table offers automatic play of a one-move game (Auto, Speed)
    deal_from: PileId | None = None  # where the opening deal starts; None: the deck
    stat_counts: tuple[str, ...] = ()  # the statistics' game-specific counts (``stats.count.*``)
    calls: tuple[Call, ...] = ()  # the calls a person may make at the table
    moves: tuple[Move, ...] = ()  # the moves made by a button, not at a pile

    def positions(self, players: int) -> tuple[str, ...]:
        """Seat positions in turn order from the human: across the table with two, else
        anticlockwise (right, then top, then left)."""
        return {2: ("bottom", "top"), 3: ("bottom", "right", "left")}.get(
            players, ("bottom", "right", "top", "left")
        )

    def design(self, pos: dict[int, str], options: dict[str, Any], sides: dict[int, int]) -> Design:
        """The table in card units for seats at ``pos`` (seat -> position), the hand's
        options and each seat's side."""
        raise NotImplementedError(f"{type(self).__name__} designs no table")

    def teams(self, players: int) -> int:
        """How many sides ``players`` make (partners share one)."""
        return players

    def others_points(self, points: list[int]) -> float:
        """The arena's B points from the other sides' scores: added up where only the
        winner scores (the default), a mean where every side scores."""
        return sum(points)

    def match_target(self, choices: dict[str, Any]) -> int | None:
        """The points that win a match of these choices (None: single hands)."""
        return None

    def variant(self, state: S) -> Phrase | None:
        """The table's variant in a few words (the top bar, the menu's Continue); None for
        a game played one way only."""
        return None

    def prompt(self, state: S) -> Phrase:
        """The hint line's words when the move is the player's."""
        return Phrase("prompt.move")

    def seat_cards(self, piles: dict[PileId, list[int | None]], seat: int) -> int:
        """The cards a seat holds, for its label ("North · 4 cards")."""
        return 0

    def panel_counts(
        self, piles: dict[PileId, list[int | None]], seat: int, side: int
    ) -> list[Phrase]:
        """The side panel's counts for a seat: by default the cards in its hand and those
        its side has won, where the game has such piles."""
        own = ((HANDS[seat], "count.hand"), (WONS[side], "count.won"))
        return [Phrase(key, {"n": len(piles[pid])}) for pid, key in own if pid in piles]

    def summary_lines(self, state: S) -> list[Phrase]:
        """The summary's lines about how the hand ended."""
        return []

    def breakdown(self, state: S) -> list[SummaryRow]:
        """The summary's table of points, a row per way of scoring (none: no table)."""
        return []

    def counts(self, state: S, side: int) -> dict[str, int]:
        """The statistics' counts (keys of ``stat_counts``) a side made in a finished hand."""
        return {}

    def calls_in(self, options: dict[str, Any]) -> bool:
        """Whether the game's calls are in play with these options."""
        return False

    def stat_counts_in(self, options: dict[str, Any]) -> tuple[str, ...]:
        """The statistics' counts that mean something with these options (a line's, its
        choices that differ from the defaults): a count of calls only where calls are in
        play."""
        return self.stat_counts

    def plays_itself(self, action: Action) -> str | None:
        """A lone legal move the table may play for the player: "now", after a "beat",
        or None (it waits for the player)."""
        return None

    def fault(self, state: S, action: Action) -> bool:
        """``action`` is a fault: legal only because calls are in play, and others may
        call it (the table's single click never makes one). Default: no move is."""
        return False

    def hint(self, state: S, action: Action, seat: int) -> Phrase | None:
        """The hint's words for a move of ``seat`` (values: card, whose, n); None: the
        table's generic words for a card played (onto the pile, a capture)."""
        return None

    def choice_question(self, state: S, actions: list[Action]) -> Phrase:
        """The question the table asks when one gesture means several legal ``actions``
        that differ only by the choice declared with them (default: ``choose.<id>``)."""
        return Phrase(f"choose.{self.id}")

    def choice_words(self, action: Action) -> Phrase:
        """A declared choice's words, on its button in the table's chooser (default:
        ``choose.<id>.<choice>``)."""
        return Phrase(f"choose.{self.id}.{action.choice}")

    def gesture(self, src: PileId, dst: PileId, card: int | None, seat: int) -> Action | None:
        """What dragging a card from one pile onto another means, legal or not (so the
        rules can say why it is refused); ``dst == src``: a click on a pile its role makes
        clickable (a stock); None: nothing."""
        return None

    # ----------------------------------------------------------------- its words
    words: Words[S] = Silent()  # its words.py: every hook of :class:`Words`

    def describe(self, event: Event, faults: bool) -> Phrase | None:
        """The move log's line for an event (faults shown or not); None: no line."""
        return self.words.describe(event, faults)

    def describe_outcome(self, outcome: Outcome) -> Phrase | None:
        return self.words.describe_outcome(outcome)

    def describe_move(self, state: S, action: Action) -> Phrase | None:
        """A move not yet made as a short phrase ("7♥ to the foundation"), for hints and
        the coach."""
        return self.words.describe_move(state, action)

    def headline(self, event: Event) -> Headline | None:
        """Big words over the table for an event (a great capture, a call)."""
        return self.words.headline(event)

    def sound(self, event: Event) -> str | None:
        """The sound of an event: a name in sounds/."""
        return self.words.sound(event)

    def joins(self, first: Event, then: Event) -> bool:
        """Whether ``then``, the event after ``first``, is shown in the same step."""
        return self.words.joins(first, then)

    # ----------------------------------------------------------------- derived
    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.id!r})"

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
    ) -> S:
        """A freshly shuffled hand; ValueError for a player count the game does not have."""
        if players not in self.players:
            allowed = ", ".join(map(str, self.players))
            raise ValueError(f"{self.id} is played by {allowed} players, not {players!r}")
        return self.state.new(players, options, rng)

    def from_setup(self, setup: dict[str, Any], options: dict[str, Any] | None) -> S:
        return self.state.from_setup(setup, options)

    @property
    def default_level(self) -> str:
        """The level a match gets when none of this game's is asked for: the second one
        offered (Medium, where the levels are Easy, Medium, ...); a game offering none, the
        second of its agents (the only one, if it has one)."""
        levels = self.levels or tuple(self.agents)
        return levels[min(1, len(levels) - 1)]

    def make_agent(self, level: str, seed: int | None = None) -> Agent:
        """A computer player at ``level``; ValueError names the choices."""
        try:
            factory = self.agents[level]
        except KeyError:
            known = ", ".join(self.agents)
            raise ValueError(f"unknown level {level!r} for {self.id} (choose {known})") from None
        return factory(seed)


AnySpec = GameSpec[Any]  # a registered game's spec, whichever game's rules it is typed by
