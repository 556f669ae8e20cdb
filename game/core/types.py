"""The small value types every layer shares: pile ids, actions, events, outcomes, refusals.

Each has a text form (``str()``) that records and logs use, and a parser that
turns the text back into the value. Between layers only these values travel:
nobody builds or splits strings to learn what a move means, and engines
never write sentences (the phrasebook in :mod:`game.text` does that, keyed
by the kinds' texts).

The kinds are open families (:mod:`game.core.kinds`): this module makes only the
generic ones every game may use; each game makes its own in its ``kinds.py``, and
parses and prints its own moves with an :class:`ActionSet`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, NamedTuple

from game.core.cards import CardError, card_text, parse_card
from game.core.kinds import Kind


# ----------------------------------------------------------------- piles
class PileKind(Kind):
    """What a pile is; a pile id adds the seat, side or foundation number.
    ``seated``: the number is the seat that owns the pile."""

    seated: bool = False
    STOCK: ClassVar[PileKind]
    DISCARD: ClassVar[PileKind]
    HAND: ClassVar[PileKind]
    PACK: ClassVar[PileKind]
    TABLE: ClassVar[PileKind]
    WON: ClassVar[PileKind]
    DECK: ClassVar[PileKind]


PileKind.STOCK = PileKind("stock", seated=True)
PileKind.DISCARD = PileKind("discard", seated=True)
PileKind.HAND = PileKind("hand", seated=True)
PileKind.PACK = PileKind("pack")
PileKind.TABLE = PileKind("table")
PileKind.WON = PileKind("won")
PileKind.DECK = PileKind("deck")  # the whole pack before the deal (the deal animation)


class PileId(NamedTuple):
    """A pile: its kind and, for piles that come one per seat/side/suit, the number."""

    kind: PileKind
    index: int | None = None  # type: ignore[assignment]  # the pile's number; tuple.index is unused

    def __str__(self) -> str:
        return self.kind.value if self.index is None else f"{self.kind.value}{self.index}"

    @property
    def seat(self) -> int | None:
        """The seat that owns the pile (stock, discard, hand...), else None."""
        return self.index if self.kind.seated else None

    @classmethod
    def parse(cls, text: str) -> PileId:
        m = _PILE_RE.fullmatch(text) if isinstance(text, str) else None
        if not m:
            raise ValueError(f"{text!r:.40} is not a pile id")
        kind = PileKind.parse(m[1])
        return cls(kind, int(m[2]) if m[2] else None)


_PILE_RE = re.compile(r"([a-z_]+?)(\d{0,3})")


def pile(kind: PileKind, index: int | None = None) -> PileId:
    return PileId(kind, index)


def piles(kind: PileKind, count: int = 4) -> tuple[PileId, ...]:
    """One pile of ``kind`` per seat (or side, or suit), numbered from 0."""
    return tuple(PileId(kind, i) for i in range(count))


STOCKS = piles(PileKind.STOCK)
DISCARDS = piles(PileKind.DISCARD)
HANDS = piles(PileKind.HAND)
WONS = piles(PileKind.WON)
PACK = PileId(PileKind.PACK)
TABLE = PileId(PileKind.TABLE)
DECK = PileId(PileKind.DECK)


# ----------------------------------------------------------------- actions
class ActionKind(Kind):
    """What a move does. ``is_call``: a call another seat may make out of turn (the
    referee's CALLS phase)."""

    is_call: bool = False
    MOVE: ClassVar[ActionKind]
    PLAY: ClassVar[ActionKind]
    ACCEPT: ClassVar[ActionKind]


ActionKind.MOVE = ActionKind("move")  # a card from pile kind ``src`` to ``dst`` (``whose`` dst)
ActionKind.PLAY = ActionKind("play")  # play ``card`` from the hand
ActionKind.ACCEPT = ActionKind("accept")  # the calls window closed without a call


@dataclass(frozen=True, slots=True)
class Action:
    """A move: a kind and the few fields it uses. Each game makes its actions through its
    :class:`ActionSet` (they are interned); ``str()`` is the record text of RULES.md §6
    (``turn``, ``turned>F``, ``discard>1``, ``7H``, ``flip``, ``accept``).

    Who acts and whose pile are two fields: ``actor`` is the seat making a call out of
    turn (None: the seat to move), ``whose`` the seat owning the pile ``dst`` (None: the
    mover's own, or a shared one). ``choice`` is an option the mover declares with the move
    (a suit named, a way to call), one of the game's own words: moves that differ only by
    it share their piles, and the table asks which is meant (text ``8S=H``)."""

    kind: ActionKind
    card: int | None = None  # PLAY: the card
    src: PileKind | None = None  # MOVE: where the card comes from (the mover's own pile)
    dst: PileKind | None = None  # MOVE: where it goes
    whose: int | None = None  # the seat owning ``dst`` (None: the mover's, or shared)
    actor: int | None = None  # a call's caller (None: the seat to move)
    choice: str | None = None  # the option declared with the move (None: none)
    text: str = field(default="", compare=False)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def __hash__(self) -> int:
        # The text is made from the fields, so equal actions hash alike; a str caches its
        # hash, where the generated one would hash every field each time.
        return hash(self.text)

    def __lt__(self, other: Action) -> bool:
        return self.text < other.text

    @property
    def is_call(self) -> bool:
        return self.kind.is_call

    def by(self, to_move: int | None) -> int | None:
        """The seat making this move when ``to_move`` is the seat to move."""
        return self.actor if self.actor is not None else to_move


Parser = Callable[[str], "Action | None"]


class ActionSet:
    """One game's actions by their text: it makes each once (:meth:`make`), parses any
    accepted spelling back to it (:meth:`parse`) and refuses other games' moves."""

    def __init__(self, *parsers: Parser) -> None:
        """``parsers`` read the normalised text of the forms that take numbers
        (``turned>2``); each returns None for text that is not its form."""
        self.by_text: dict[str, Action] = {}
        self.parsers = parsers

    def make(self, kind: ActionKind, text: str, **fields: Any) -> Action:
        found = self.by_text.get(text)
        return found or self.add(Action(kind, text=text, **fields))

    def add(self, action: Action, *aliases: str) -> Action:
        """Take ``action`` in (an action made elsewhere, such as a card play) by its text
        and ``aliases``; the one already known by that text wins."""
        action = self.by_text.setdefault(action.text, action)
        for alias in aliases:
            self.by_text.setdefault(alias, action)
        return action

    def add_choices(self, action: Action, choices: tuple[str, ...]) -> tuple[Action, ...]:
        """``action`` with each of ``choices`` declared (the text ``8S=H``: the move's, ``=``,
        the choice's), known by every spelling of the move's own text too (``8s=h``)."""
        spellings = [t for t, a in self.by_text.items() if a is action] or [action.text]
        made = []
        for choice in choices:
            text = f"{action.text}{CHOSEN}{choice}"
            chosen = replace(action, choice=choice, text=text)
            aliases = {f"{t}{CHOSEN}{choice}".lower() for t in spellings}
            made.append(self.add(chosen, *sorted(aliases - {text})))
        return tuple(made)

    def add_plays(self) -> None:
        """Every card play, by its text and the spellings people type (``7h``, ``TC``)."""
        for play in PLAYS:
            t = play.text
            self.add(play, t.lower(), t.replace("10", "T"), t.replace("10", "t").lower())
        self.parsers = (*self.parsers, _parse_play)

    def parse(self, text: Any) -> Action:
        """Any accepted spelling (case, spaces, ``T`` for ten); ValueError if it is none
        of this game's moves."""
        if isinstance(text, Action):
            text = text.text
        if not isinstance(text, str) or len(text) > 40:
            raise ValueError(f"{_short(text)} is not a move")
        found = self.by_text.get(text)
        if found is not None:
            return found
        key = " ".join(text.strip().lower().split()).replace(" >", ">").replace("> ", ">")
        key = key.replace(" =", "=").replace("= ", "=")
        found = self.by_text.get(key)
        if found is not None:
            return found
        for parser in self.parsers:
            found = parser(key)
            if found is not None:
                return self.add(found)
        raise ValueError(f"{_short(text)} is not a move")


CHOSEN = "="  # between a move's text and the choice declared with it


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _parse_play(key: str) -> Action | None:
    try:
        return PLAYS[parse_card(key)]
    except CardError:
        return None


MAX_SEAT = 9  # more than any game seats; a bigger number is no seat at all


def seat_number(digits: str) -> int:
    """A seat number from an action's text; refuses absurd ones before ``int()`` does."""
    if len(digits) > 3 or int(digits) > MAX_SEAT:
        raise ValueError(f"seat {digits[:6]}{'…' if len(digits) > 6 else ''} does not exist")
    return int(digits)


def play(card: int) -> Action:
    return PLAYS[card]


PLAYS = tuple(Action(ActionKind.PLAY, card=c, text=card_text(c)) for c in range(52))
ACCEPT = Action(ActionKind.ACCEPT, text="accept")


# ----------------------------------------------------------------- events
class EventKind(Kind):
    """What happened; the generic kinds below, each game adds its own. ``fault``: the
    move just made skipped a compulsory play, and others may call it; ``under``: the
    cards go under the pile they join."""

    fault: bool = False
    under: bool = False

    MOVE: ClassVar[EventKind]
    DEAL: ClassVar[EventKind]
    CAPTURE: ClassVar[EventKind]
    REVEAL: ClassVar[EventKind]
    RECYCLE: ClassVar[EventKind]
    UNDO: ClassVar[EventKind]
    PASS: ClassVar[EventKind]
    OVER: ClassVar[EventKind]


EventKind.MOVE = EventKind("move")  # ``cards`` from ``src`` to ``dst``; ``face_up``: how they land
EventKind.DEAL = EventKind("deal")  # cards dealt from ``src`` to ``dst``
EventKind.CAPTURE = EventKind("capture")  # ``seat`` takes ``cards`` from ``src`` into ``dst``
EventKind.REVEAL = EventKind("reveal")  # a card laid face up where it lies
EventKind.RECYCLE = EventKind("recycle")  # a pile becomes the stock as a block
EventKind.UNDO = EventKind("undo")  # a move taken back: ``cards`` go from ``src`` back to ``dst``
EventKind.PASS = EventKind("pass")  # the turn passes to ``seat``
EventKind.OVER = EventKind("over")  # the hand is over; ``outcome`` says how


class Event(NamedTuple):
    """Something that happened, for the UI to animate and the phrasebook to tell."""

    kind: EventKind
    seat: int | None = None
    cards: tuple[int, ...] = ()
    src: PileId | None = None
    dst: PileId | None = None
    face_up: bool = True
    detail: tuple[int, ...] = ()  # cards the event is about besides its own, as the game says
    outcome: Outcome | None = None


# ----------------------------------------------------------------- outcomes
class Reason(Kind):
    """Why a hand ended; each game makes its own (the core knows only ``POINTS``)."""

    POINTS: ClassVar[Reason]


Reason.POINTS = Reason("points")  # the side with most points


class Draw(str):
    """The winner of a drawn hand: not a seat, not "still playing". Test it with
    ``is DRAW``; it is its record text, so records and JSON files write "draw" (RULES.md §6)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "DRAW"

    def __reduce__(self) -> str:
        return "DRAW"


DRAW = Draw("draw")
Winner = int | Draw | None  # a seat or side, DRAW, or None while the hand goes on


@dataclass(frozen=True)
class Outcome:
    """How a hand ended: the winner (seat or side, or DRAW), why, and the score."""

    winner: int | Draw
    reason: Reason
    score: tuple[int, ...]

    @property
    def is_draw(self) -> bool:
        return self.winner is DRAW

    @classmethod
    def on_points(cls, score: list[int] | tuple[int, ...]) -> Outcome:
        """The most points wins, alone; a tie for the most is a draw."""
        best = max(score)
        leaders = [seat for seat, n in enumerate(score) if n == best]
        return cls(leaders[0] if len(leaders) == 1 else DRAW, Reason.POINTS, tuple(score))


# ----------------------------------------------------------------- refusals
class Code(Kind):
    """Why a move is refused; the phrasebook has a sentence for each (``refusal.<text>``).
    The generic ones are below; each game makes its own."""

    HAND_OVER: ClassVar[Code]
    NOT_A_MOVE: ClassVar[Code]
    NOT_YOUR_TURN: ClassVar[Code]
    NO_SUCH_SEAT: ClassVar[Code]


Code.HAND_OVER = Code("hand_over")
Code.NOT_A_MOVE = Code("not_a_move")  # text: what was given
Code.NOT_YOUR_TURN = Code("not_your_turn")  # seat: holder, mover: seat to move
Code.NO_SUCH_SEAT = Code("no_such_seat")  # seat


@dataclass(frozen=True)
class Refusal:
    """A refused move: a code and the cards and seats its sentence names."""

    code: Code
    card: int | None = None
    onto: int | None = None
    seat: int | None = None
    mover: int | None = None
    text: str | None = None

    def __str__(self) -> str:
        """A plain, untranslated form for logs and debugging (players see the phrasebook)."""
        parts = [self.code.value]
        for name in ("card", "onto"):
            value = getattr(self, name)
            if value is not None:
                parts.append(f"{name}={card_text(value)}")
        for name in ("seat", "mover", "text"):
            value = getattr(self, name)
            if value is not None:
                parts.append(f"{name}={value}")
        return " ".join(parts)


class IllegalAction(ValueError):
    """An action the rules refuse; ``refusal`` says why (the phrasebook words it)."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(str(refusal))
        self.refusal = refusal
