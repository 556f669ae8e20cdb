"""The small value types every layer shares: pile ids, actions, events, outcomes, refusals.

Each has a text form (``str()``) that records and logs use, and a parser that
turns the text back into the value. Between layers only these values travel:
nobody builds or splits strings to learn what a move means, and engines
never write sentences (the phrasebook in :mod:`game.text` does that, keyed
by the codes here).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from game.core.cards import CardError, card_text, parse_card


# ----------------------------------------------------------------- piles
class PileKind(enum.Enum):
    """What a pile is; a pile id adds the seat, side or foundation number."""

    STOCK = "stock"
    DISCARD = "discard"
    TURNED = "turned"
    FOUNDATION = "found"
    HAND = "hand"
    PACK = "pack"
    TABLE = "table"
    WON = "won"
    DECK = "deck"  # the whole pack before the deal (the deal animation)


class PileId(NamedTuple):
    """A pile: its kind and, for piles that come one per seat/side/suit, the number."""

    kind: PileKind
    index: int | None = None

    def __str__(self) -> str:
        return self.kind.value if self.index is None else f"{self.kind.value}{self.index}"

    @property
    def seat(self) -> int | None:
        """The seat that owns the pile (stock, discard, turned card, hand), else None."""
        return self.index if self.kind in _SEATED else None

    @classmethod
    def parse(cls, text: str) -> PileId:
        m = _PILE_RE.fullmatch(text)
        if not m:
            raise ValueError(f"{text!r} is not a pile id")
        kind = PileKind(m[1])
        return cls(kind, int(m[2]) if m[2] else None)


_SEATED = {PileKind.STOCK, PileKind.DISCARD, PileKind.TURNED, PileKind.HAND}
_PILE_RE = re.compile(r"(stock|discard|turned|found|hand|pack|table|won|deck)(\d*)")


def pile(kind: PileKind, index: int | None = None) -> PileId:
    return PileId(kind, index)


STOCKS = tuple(PileId(PileKind.STOCK, s) for s in range(4))
DISCARDS = tuple(PileId(PileKind.DISCARD, s) for s in range(4))
TURNEDS = tuple(PileId(PileKind.TURNED, s) for s in range(4))
FOUNDATIONS = tuple(PileId(PileKind.FOUNDATION, i) for i in range(4))
HANDS = tuple(PileId(PileKind.HAND, s) for s in range(4))
WONS = tuple(PileId(PileKind.WON, s) for s in range(4))
PACK = PileId(PileKind.PACK)
TABLE = PileId(PileKind.TABLE)
DECK = PileId(PileKind.DECK)


# ----------------------------------------------------------------- actions
class ActionKind(enum.Enum):
    TURN = "turn"  # turn the top stock card (Pishe Pasha)
    MOVE = "move"  # a card from ``src`` (turned card or top discard) to ``dst``
    PLAY = "play"  # play ``card`` from the hand (Pişti)
    FLIP = "flip"  # both seats flip (book version)
    CALL = "call"  # ``seat`` calls Stop, ``how`` is force or end
    ACCEPT = "accept"  # the Stop window after a winning fault closed without a call


class Target(enum.Enum):
    """Where a Pishe Pasha move goes, besides an opponent's seat number."""

    FOUNDATION = "F"
    OWN_DISCARD = "D"


@dataclass(frozen=True, slots=True)
class Action:
    """A move. Build them with the constructors below (they are interned); ``str()`` is
    the record text of RULES.md §6 (``turn``, ``turned>F``, ``discard>1``, ``7H``,
    ``flip``, ``stop 1 force``, ``accept``)."""

    kind: ActionKind
    src: PileKind | None = None  # MOVE: TURNED or DISCARD
    dst: Target | int | None = None  # MOVE: a Target or an opponent's seat
    card: int | None = None  # PLAY
    seat: int | None = None  # CALL: the caller
    end: bool = False  # CALL: end the turn (else force the play)
    text: str = field(default="", compare=False)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def __hash__(self) -> int:
        # The text is made from the fields, so equal actions hash alike; a str caches its
        # hash, where the generated one would hash every field (enums in Python) each time.
        return hash(self.text)

    def __lt__(self, other: Action) -> bool:
        return self.text < other.text

    @property
    def is_call(self) -> bool:
        return self.kind is ActionKind.CALL

    @property
    def load_seat(self) -> int | None:
        """The opponent a MOVE loads onto, None for any other action."""
        return self.dst if isinstance(self.dst, int) else None

    @staticmethod
    def parse(text: Any) -> Action:
        """Any accepted spelling (case, spaces, ``T`` for ten); ValueError if it is no action."""
        if isinstance(text, Action):
            return text
        if not isinstance(text, str) or len(text) > 40:
            raise ValueError(f"{_short(text)} is not a move")
        found = _BY_TEXT.get(text)
        if found is not None:
            return found
        key = " ".join(text.strip().lower().split()).replace(" >", ">").replace("> ", ">")
        found = _BY_TEXT.get(key)
        if found is not None:
            return found
        m = _MOVE_RE.fullmatch(key)
        if m:
            src = PileKind.TURNED if m[1] == "turned" else PileKind.DISCARD
            if m[2] in ("f", "d"):
                return move(src, Target(m[2].upper()))
            return move(src, _seat_number(m[2]))
        m = _CALL_RE.fullmatch(key)
        if m:
            return call(_seat_number(m[1]), m[2] == "end")
        try:
            return play(parse_card(text))
        except CardError:
            raise ValueError(f"{_short(text)} is not a move") from None


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


_MAX_SEAT = 9  # more than any game seats; a bigger number is no seat at all


def _seat_number(digits: str) -> int:
    """A seat number from an action's text; refuses absurd ones before ``int()`` does."""
    if len(digits) > 3 or int(digits) > _MAX_SEAT:
        raise ValueError(f"seat {digits[:6]}{'…' if len(digits) > 6 else ''} does not exist")
    return int(digits)


_MOVE_RE = re.compile(r"(turned|discard)>(f|d|\d+)")
_CALL_RE = re.compile(r"stop (\d+) (force|end)")
_BY_TEXT: dict[str, Action] = {}


def _intern(action: Action) -> Action:
    return _BY_TEXT.setdefault(action.text, action)


def turn() -> Action:
    return TURN


def move(src: PileKind, dst: Target | int) -> Action:
    name = "turned" if src is PileKind.TURNED else "discard"
    tail = dst.value if isinstance(dst, Target) else str(dst)
    text = f"{name}>{tail}"
    found = _BY_TEXT.get(text)
    return found or _intern(Action(ActionKind.MOVE, src=src, dst=dst, text=text))


def play(card: int) -> Action:
    return PLAYS[card]


def call(seat: int, end: bool) -> Action:
    text = f"stop {seat} {'end' if end else 'force'}"
    found = _BY_TEXT.get(text)
    return found or _intern(Action(ActionKind.CALL, seat=seat, end=end, text=text))


TURN = _intern(Action(ActionKind.TURN, text="turn"))
FLIP = _intern(Action(ActionKind.FLIP, text="flip"))
ACCEPT = _intern(Action(ActionKind.ACCEPT, text="accept"))
PLAYS = tuple(_intern(Action(ActionKind.PLAY, card=c, text=card_text(c))) for c in range(52))
for _c in range(52):  # lower case and T for ten map to the same interned plays
    _t = card_text(_c)
    for _alias in {_t.lower(), _t.replace("10", "T"), _t.replace("10", "t").lower()}:
        _BY_TEXT.setdefault(_alias, PLAYS[_c])


# ----------------------------------------------------------------- events
class EventKind(enum.Enum):
    MOVE = "move"  # ``cards`` go from ``src`` to ``dst``; ``face_up`` is how they land
    TURN = "turn"  # a stock card turned face up (Pishe Pasha: to the turned pile)
    FLIP = "flip"  # a stock card flipped onto the own discard pile (book)
    RECYCLE = "recycle"  # a discard pile becomes the stock as a block
    DEAL = "deal"  # cards dealt from ``src`` to ``dst``
    REVEAL = "reveal"  # a card laid face up where it lies (Pişti start cards)
    TO_BOTTOM = "to_bottom"  # a start jack goes under the pack (Pişti ``to_bottom``)
    CAPTURE = "capture"  # ``seat`` takes ``cards`` from ``src`` into ``dst``
    LEFTOVER = "leftover"  # the last cards on the table go to the last capturer
    PISTI = "pisti"
    JACK_PISTI = "jack_pisti"
    FAULT = "fault"  # the move just made skipped a compulsory play (``detail``: the card)
    STOP_FORCE = "stop_force"  # ``seat`` called Stop and forced the play
    STOP_END = "stop_end"  # ``seat`` called Stop and ended the turn
    UNDO = "undo"  # a faulty move taken back: ``cards`` go from ``src`` back to ``dst``
    FAULT_WAITS = "fault_waits"  # a fault emptied ``seat``: the hand waits on the Stop window
    PASS = "pass"  # the turn passes to ``seat``
    OVER = "over"  # the hand is over; ``outcome`` says how


class Event(NamedTuple):
    """Something that happened, for the UI to animate and the phrasebook to tell."""

    kind: EventKind
    seat: int | None = None
    cards: tuple[int, ...] = ()
    src: PileId | None = None
    dst: PileId | None = None
    face_up: bool = True
    detail: tuple[int, ...] = ()  # book capture: (winning card, losing card); fault: (missed,)
    outcome: Outcome | None = None


# ----------------------------------------------------------------- outcomes
class Reason(enum.Enum):
    WENT_OUT = "went_out"  # Pishe Pasha: a seat got rid of every card
    TURN_LIMIT = "turn_limit"  # Pishe Pasha: the safety draw
    NO_CARDS = "no_cards"  # book: a seat ran out of cards
    STALEMATE_NO_MATCH = "stalemate_no_match"  # book: the suits never matched again
    STALEMATE_REPEAT = "stalemate_repeat"  # book: a position came back
    STALEMATE_LIMIT = "stalemate_limit"  # book: 10,000 flips
    POINTS = "points"  # Pişti: the side with most points


Winner = int | str | None  # a seat or side, "draw", or None while the hand goes on


@dataclass(frozen=True)
class Outcome:
    """How a hand ended: the winner (seat or side, or "draw"), why, and the score."""

    winner: int | str
    reason: Reason
    score: tuple[int, ...]

    @property
    def is_draw(self) -> bool:
        return self.winner == "draw"


# ----------------------------------------------------------------- refusals
class Code(enum.Enum):
    """Why a move is refused; the phrasebook has a sentence for each."""

    HAND_OVER = "hand_over"
    NOT_A_MOVE = "not_a_move"  # text: what was given
    NOT_A_CARD = "not_a_card"  # text: what was given where a card was expected
    HOLDING = "holding"  # card: the turned card that must be placed first
    HOLDING_NO_DISCARD_MOVE = "holding_no_discard_move"  # card
    FOUNDATION_FIRST = "foundation_first"  # card: the top discard that must go first
    TURNED_FITS = "turned_fits"  # card: the turned card fits a foundation
    DISCARD_FITS_FIRST = "discard_fits_first"  # card: holding, but the top discard fits
    NO_FIT = "no_fit"  # card; single: one foundation
    NO_FIT_SINGLE = "no_fit_single"  # card
    NO_SUCH_SEAT = "no_such_seat"  # seat
    LOAD_OWN = "load_own"
    LOAD_EMPTY = "load_empty"  # seat
    NOT_ADJACENT = "not_adjacent"  # card, onto
    NOT_ADJACENT_ACE_KING = "not_adjacent_ace_king"  # card, onto
    NO_TURNED = "no_turned"
    DISCARD_EMPTY = "discard_empty"
    STOP_OFF = "stop_off"
    NOTHING_TO_STOP = "nothing_to_stop"
    STOP_OWN = "stop_own"
    WINDOW_OPEN = "window_open"  # seat: the faulting seat; only Stop or accept now
    NOT_ACCEPTABLE = "not_acceptable"
    NOT_YOUR_TURN = "not_your_turn"  # seat: holder, mover: seat to move
    ALREADY_PLAYED = "already_played"  # card
    NOT_HELD = "not_held"  # card
    ONLY_FLIP = "only_flip"


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
