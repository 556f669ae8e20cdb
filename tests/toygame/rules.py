"""Hi-card duel. Two players hold four cards each; the leader plays one face up, the other
answers; the higher rank (ace high) takes both cards, the leader on equal ranks. Each then
draws from the shared pack, the taker first, and the taker leads. Instead of leading, the
leader may draw a card and pass the lead (while the pack lasts), so a hand can grow.
Leading an 8, the leader names a suit (the move ``8S=H``): the answer takes that trick if
it is of the named suit, whatever its rank, and the 8 takes it otherwise. The hand ends
when the seat to move holds no card and may not draw; the seat that took more cards wins,
equal counts are a draw. The choices: which card to spend, when to pass, which suit to
name."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from game.core.cards import CARD_TEXT, parse_cards, rank, shuffled_deck, suit
from game.core.state import GameState, Observation, Where, parse_or_refuse, resolve_options
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


class Duel(GameState):
    game = "hicard-duel"
    PLAYERS = (2,)
    ACTIONS = ACTIONS
    OPTIONS: ClassVar[dict[str, tuple]] = {}

    @classmethod
    def new(cls, players: int = 2, options: dict[str, Any] | None = None,
            rng: random.Random | int | None = None) -> Duel:  # fmt: skip
        if players != 2:
            raise ValueError(f"the duel is played by 2 players, not {players!r}")
        return cls._dealt(shuffled_deck(rng), options)

    @classmethod
    def from_setup(cls, setup: dict[str, Any], options: dict[str, Any] | None = None) -> Duel:
        if not isinstance(setup, dict) or set(setup) != {"deck"}:
            raise ValueError("setup must hold exactly a 'deck'")
        deck = parse_cards(setup["deck"], "setup.deck")
        if sorted(deck) != list(range(52)):
            raise ValueError("setup.deck must hold each of the 52 cards once")
        return cls._dealt(deck, options)

    @classmethod
    def _dealt(cls, deck: list[int], options: dict[str, Any] | None) -> Duel:
        self = cls.__new__(cls)
        self.players = 2
        self.options = resolve_options(cls, options)
        self.history = []
        self._deck = tuple(deck)
        self._hands = [sorted(deck[:HAND_SIZE]), sorted(deck[HAND_SIZE : 2 * HAND_SIZE])]
        self._pack = list(reversed(deck[2 * HAND_SIZE :]))  # bottom first: the top is last
        self._table: list[int] = []
        self._won: list[list[int]] = [[], []]
        self._named: int | None = None  # the suit the 8 on the table named
        self._turn = 0
        self._outcome: Outcome | None = None
        return self

    def clone(self) -> Duel:
        other = Duel.__new__(Duel)
        other.players, other.options, other.history = 2, dict(self.options), self.history[:]
        other._deck, other._hands = self._deck, [h[:] for h in self._hands]
        other._pack, other._table = self._pack[:], self._table[:]
        other._won, other._turn, other._outcome = (
            [w[:] for w in self._won],
            self._turn,
            self._outcome,
        )
        other._named = self._named
        return other

    # ----------------------------------------------------------------- playing
    @property
    def to_move(self) -> int | None:
        return None if self._outcome else self._turn

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def score(self) -> list[int]:
        return [len(w) for w in self._won]

    def legal_actions(self) -> list[Action]:
        if self._outcome:
            return []
        leading = not self._table
        plays = [m for c in self._hands[self._turn] for m in self._plays(c, leading)]
        return [*plays, DRAW_PASS] if self._may_draw() else plays

    @staticmethod
    def _plays(card: int, leading: bool) -> tuple[Action, ...]:
        """A card's moves: an 8 led names a suit, so it is four moves; any other card one."""
        return NAMING[card] if leading and rank(card) == EIGHT else (PLAYS[card],)

    def _may_draw(self) -> bool:
        """The leader may draw and pass while the pack lasts."""
        return not self._table and bool(self._pack)

    def check(self, action: Action | str) -> Refusal | None:
        try:
            a = parse_or_refuse(action, ACTIONS)
        except IllegalAction as err:
            return err.refusal
        if self._outcome is not None:
            return Refusal(Codes.HAND_OVER)
        if a.kind is ActionKinds.DRAW:
            return None if self._may_draw() else Refusal(Codes.NO_DRAW)
        if a.kind is not ActionKind.PLAY:
            return Refusal(Codes.NOT_A_MOVE, text=str(a))
        if a.card not in self._hands[self._turn]:
            return Refusal(Codes.NOT_HELD, card=a.card)
        if a not in self._plays(a.card, not self._table):
            return Refusal(Codes.NOT_A_MOVE, text=str(a))  # an 8 led names a suit; no other
        return None

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
        self._hands[seat].remove(a.card)
        self._table.append(a.card)
        named = named_suit(a)
        said = () if named is None else (named,)  # the log says the suit named
        events = [Event(EventKind.MOVE, seat, (a.card,), HANDS[seat], TABLE, detail=said)]
        if len(self._table) == 1:
            self._named = named
            self._turn = 1 - seat
            return events + self._stuck()
        return events + self._trick(leader=1 - seat)

    def _draw(self, seat: int) -> list[Event]:
        card = self._pack.pop()
        self._hands[seat].append(card)
        self._hands[seat].sort()
        self._turn = 1 - seat
        drawn = Event(EventKind.DEAL, seat, (card,), PACK, HANDS[seat], False)
        return [drawn, Event(EventKind.PASS, self._turn), *self._stuck()]

    def _stuck(self) -> list[Event]:
        """The hand's end when the seat to move holds no card and may not draw."""
        if self._hands[self._turn] or self._may_draw():
            return []
        a, b = self.score
        winner: int | Draw = 0 if a > b else 1 if b > a else DRAW
        self._outcome = Outcome(winner, Reason.POINTS, (a, b))
        return [Event(EventKind.OVER, outcome=self._outcome)]

    def _trick(self, leader: int) -> list[Event]:
        lead, answer = self._table
        won = leader if taker(lead, answer, self._named) else 1 - leader
        cards = tuple(self._table)
        self._won[won] += cards
        self._table, self._named = [], None
        events = [Event(EventKind.CAPTURE, won, cards, TABLE, WONS[won], False)]
        for seat in (won, 1 - won):
            if self._pack:
                card = self._pack.pop()
                self._hands[seat].append(card)
                self._hands[seat].sort()
                events.append(Event(EventKind.DEAL, seat, (card,), PACK, HANDS[seat], False))
        self._turn = won
        return events + self._stuck()

    def opening_events(self) -> list[Event]:
        if self.history:
            return []
        return [
            Event(
                EventKind.DEAL,
                s,
                tuple(self._deck[s * HAND_SIZE : (s + 1) * HAND_SIZE]),
                PACK,
                HANDS[s],
                False,
            )
            for s in (0, 1)
        ]

    # ----------------------------------------------------------------- what a seat knows
    def observation(self, seat: int) -> Observation:
        piles: dict = {
            HANDS[s]: list(h) if s == seat else [None] * len(h) for s, h in enumerate(self._hands)
        }
        piles[PACK] = [None] * len(self._pack)
        piles[TABLE] = list(self._table)
        for s, won in enumerate(self._won):
            piles[WONS[s]] = list(won)
        info = {"taken": self.score, "named": self._named}
        return Observation(self.game, seat, 2, self.to_move, piles, info, list(self.history))

    def reveal(self) -> dict:
        piles: dict = {HANDS[s]: list(h) for s, h in enumerate(self._hands)}
        piles[PACK] = list(self._pack)
        piles[TABLE] = list(self._table)
        piles.update({WONS[s]: list(w) for s, w in enumerate(self._won)})
        return piles

    def resample(self, seat: int, rng: random.Random | int | None) -> Duel:
        """The other hand and the pack dealt again from the cards this seat has not seen."""
        rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        other = self.clone()
        unseen = other._hands[1 - seat] + other._pack
        rng.shuffle(unseen)
        n = len(other._hands[1 - seat])
        other._hands[1 - seat] = sorted(unseen[:n])
        other._pack = unseen[n:]
        return other

    def setup(self) -> dict[str, Any]:
        return {"deck": [CARD_TEXT[c] for c in self._deck]}

    def report(self) -> dict[str, Any]:
        return {
            "hands": [[CARD_TEXT[c] for c in h] for h in self._hands],
            "pile": [CARD_TEXT[c] for c in self._table],
            "pack": len(self._pack),
            "captured": self.score,
        }

    def all_cards(self) -> list[int]:
        return [*self._hands[0], *self._hands[1], *self._pack, *self._table, *self._won[0],
                *self._won[1]]  # fmt: skip
