"""Hi-card duel. Two players hold four cards each; the leader plays one face up, the other
answers; the higher rank (ace high) takes both cards, the leader on equal ranks. Each then
draws from the shared pack, the taker first, and the taker leads. Instead of leading, the
leader may draw a card and pass the lead (while the pack lasts), so a hand can grow.
Leading an 8, the leader names a suit (the move ``8S=H``): the answer takes that trick if
it is of the named suit, whatever its rank, and the 8 takes it otherwise. The hand ends
when the seat to move holds no card and may not draw; the seat that took more cards wins,
equal counts are a draw. The choices: which card to spend, when to pass, which suit to
name. The pack is short: 44 cards, no jacks and no queens. Its cards lie in the piles
it declares (hands, pack, table, won piles), so what a seat sees, the copy, the
resample, the deal and the record follow from those."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from game.core.cards import DECK, JACK, QUEEN, rank, suit
from game.core.piles import Deal, Pile, PiledState, Seen
from game.core.state import Where, parse_or_refuse, resolve_options
from game.core.types import (
    DRAW,
    HANDS,
    PACK,
    PLAYS,
    TABLE,
    WONS,
    Action,
    ActionKind,
    Draw,
    Event,
    EventKind,
    IllegalAction,
    Outcome,
    Reason,
    Refusal,
)

from .kinds import ACTIONS, DRAW_PASS, EIGHT, NAMES, NAMING, ActionKinds, Codes

HAND_SIZE = 4
SHORT_PACK = tuple(c for c in DECK if rank(c) not in (JACK, QUEEN))  # 44 cards


def strength(card: int) -> int:
    """Ace high: 2 is weakest, the ace strongest, suits never matter."""
    return (card % 13 - 1) % 13


def taker(lead: int, answer: int, named: int | None = None) -> bool:
    """True when the leader takes the trick: on rank, or, after an 8 that named a suit
    (``named``, a suit index), unless the answer is of that suit."""
    if named is not None:
        return suit(answer) != named
    return strength(lead) >= strength(answer)


def named_suit(action: Action) -> int | None:
    """The suit an 8 led names (None: the move names none)."""
    return NAMES.index(action.choice) if action.choice is not None else None


class Duel(PiledState):
    game = "hicard-duel"
    PLAYERS = (2,)
    ACTIONS = ACTIONS
    OPTIONS: ClassVar[dict[str, tuple]] = {}
    CARDS = SHORT_PACK
    PILES = (
        *(Pile(HANDS[s], Seen.OWNER, ordered=True) for s in (0, 1)),
        Pile(PACK, Seen.HIDDEN),
        Pile(TABLE, Seen.FACE_UP),
        *(Pile(WONS[s], Seen.FACE_UP) for s in (0, 1)),
    )

    @classmethod
    def new(cls, players: int = 2, options: dict[str, Any] | None = None,
            rng: random.Random | int | None = None) -> Duel:  # fmt: skip
        if players != 2:
            raise ValueError(f"the duel is played by 2 players, not {players!r}")
        rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        return cls._dealt(rng.sample(cls.CARDS, len(cls.CARDS)), options)

    @classmethod
    def from_setup(cls, setup: dict[str, Any], options: dict[str, Any] | None = None) -> Duel:
        return cls._dealt(cls.deck_in(setup), options)

    @classmethod
    def _dealt(cls, deck: list[int], options: dict[str, Any] | None) -> Duel:
        self = cls.__new__(cls)
        self.players, self.history = 2, []
        self.options = resolve_options(cls, options)
        self.dealt(deck, rest=PACK)
        self._named: int | None = None  # the suit the 8 on the table named
        self._turn = 0
        self._outcome: Outcome | None = None
        return self

    def declared(self) -> tuple[Pile, ...]:
        return self.PILES

    def dealing(self) -> tuple[Deal, ...]:
        return (Deal(HANDS[0], HAND_SIZE), Deal(HANDS[1], HAND_SIZE))

    def info(self) -> dict[str, Any]:
        return {"taken": self.score, "named": self._named}

    # ----------------------------------------------------------------- playing
    @property
    def to_move(self) -> int | None:
        return None if self._outcome else self._turn

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def score(self) -> list[int]:
        return [len(self.piles[WONS[s]]) for s in (0, 1)]

    def legal_actions(self) -> list[Action]:
        if self._outcome:
            return []
        leading = not self.piles[TABLE]
        plays = [m for c in self.piles[HANDS[self._turn]] for m in self._plays(c, leading)]
        return [*plays, DRAW_PASS] if self._may_draw() else plays

    @staticmethod
    def _plays(card: int, leading: bool) -> tuple[Action, ...]:
        """A card's moves: an 8 led names a suit, so it is four moves; any other card one."""
        return NAMING[card] if leading and rank(card) == EIGHT else (PLAYS[card],)

    def _may_draw(self) -> bool:
        """The leader may draw and pass while the pack lasts."""
        return not self.piles[TABLE] and bool(self.piles[PACK])

    def why_not(self, action: Action) -> Refusal:
        """What a move not among the legal ones breaks (``check`` follows from them)."""
        if self._outcome is not None:
            return Refusal(Codes.HAND_OVER)
        if action.kind is ActionKinds.DRAW:
            return Refusal(Codes.NO_DRAW)
        if action.kind is ActionKind.PLAY and action.card not in self.piles[HANDS[self._turn]]:
            return Refusal(Codes.NOT_HELD, card=action.card)
        return Refusal(Codes.NOT_A_MOVE, text=str(action))  # an 8 led names a suit; no other

    def where(self, action: Action) -> Where:
        if action.kind is ActionKinds.DRAW:
            return Where(PACK, HANDS[self._turn], None)
        return Where(HANDS[self._turn], TABLE, action.card)

    def apply(self, action: Action | str) -> list[Event]:
        why = self.check(action)
        if why is not None:
            raise IllegalAction(why)
        a = parse_or_refuse(action, ACTIONS)
        seat = self._turn
        self.history.append(a)
        if a.kind is ActionKinds.DRAW:
            return self._draw(seat)
        self.piles[HANDS[seat]].remove(a.card)
        self.piles[TABLE].append(a.card)
        named = named_suit(a)
        said = () if named is None else (named,)  # the log says the suit named
        events = [Event(EventKind.MOVE, seat, (a.card,), HANDS[seat], TABLE, detail=said)]
        if len(self.piles[TABLE]) == 1:
            self._named = named
            self._turn = 1 - seat
            return events + self._stuck()
        return events + self._trick(leader=1 - seat)

    def _draw(self, seat: int) -> list[Event]:
        self._turn = 1 - seat
        return [self._take(seat), Event(EventKind.PASS, self._turn), *self._stuck()]

    def _take(self, seat: int) -> Event:
        """The pack's top card into ``seat``'s hand."""
        card = self.piles[PACK].pop()
        self.piles[HANDS[seat]].append(card)
        self.piles[HANDS[seat]].sort()
        return Event(EventKind.DEAL, seat, (card,), PACK, HANDS[seat], False)

    def _stuck(self) -> list[Event]:
        """The hand's end when the seat to move holds no card and may not draw."""
        if self.piles[HANDS[self._turn]] or self._may_draw():
            return []
        a, b = self.score
        winner: int | Draw = 0 if a > b else 1 if b > a else DRAW
        self._outcome = Outcome(winner, Reason.POINTS, (a, b))
        return [Event(EventKind.OVER, outcome=self._outcome)]

    def _trick(self, leader: int) -> list[Event]:
        lead, answer = self.piles[TABLE]
        won = leader if taker(lead, answer, self._named) else 1 - leader
        cards = tuple(self.piles[TABLE])
        self.piles[WONS[won]] += cards
        self.piles[TABLE], self._named = [], None
        events = [Event(EventKind.CAPTURE, won, cards, TABLE, WONS[won], False)]
        events += [self._take(seat) for seat in (won, 1 - won) if self.piles[PACK]]
        self._turn = won
        return events + self._stuck()
