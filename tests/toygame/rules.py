"""Hi-card duel. Each of two players holds four cards, three lie face up in the pool. The
leader plays a card, the other answers; the higher rank (ace high) takes both, the leader
on a tie; both draw from the pack, the taker first, and the taker leads. The leader may
instead draw and pass the lead while the pack lasts. Leading an 8, the leader takes the
pool card of their choice into their hand (``8S=3H``). The hand ends when the seat to
move holds no card and may not draw; more cards taken wins. A pack of 44: no J or Q."""

from __future__ import annotations

from game.core.cards import CARD_TEXT, DECK, JACK, QUEEN, parse_card, rank
from game.core.piles import Deal, Pile, PiledState, Seen
from game.core.state import Where
from game.core.types import (
    HANDS,
    PACK,
    PLAYS,
    TABLE,
    WONS,
    Action,
    ActionKind,
    ActionSet,
    Code,
    Event,
    Outcome,
    PileId,
    PileKind,
    Refusal,
)
from game.core.types import EventKind as E

PACK_OF_44 = tuple(c for c in DECK if rank(c) not in (JACK, QUEEN))  # no jacks, no queens
POOL = PileId(PileKind("pool"))  # face-up cards an 8 led may take from


class ActionKinds(ActionKind):
    DRAW = ActionKind("draw")  # the leader takes the pack's top card and passes the lead


class Codes(Code):
    NOT_HELD = Code("not_held")  # card
    NO_DRAW = Code("no_draw")  # only the leader draws, while the pack lasts
    NOT_IN_POOL = Code("not_in_pool")  # card: an 8 led takes only a card of the pool


ACTIONS = ActionSet()
ACTIONS.add_plays()
DRAW_PASS = ACTIONS.make(ActionKinds.DRAW, "draw")
for eight in (c for c in PACK_OF_44 if rank(c) == 8):  # 8S=3H: the 8 led takes 3H
    ACTIONS.add_choices(PLAYS[eight], tuple(CARD_TEXT[c] for c in PACK_OF_44))


def strength(card: int) -> int:
    """Ace high: 2 is weakest, the ace strongest, suits never matter."""
    return (card % 13 - 1) % 13


def taken(action: Action) -> tuple[int, ...]:
    """The pool card an 8 led takes (none for any other move)."""
    return () if action.choice is None else (parse_card(action.choice),)


class Duel(PiledState):
    game = "hicard-duel"
    ACTIONS = ACTIONS
    CARDS = PACK_OF_44
    PILES = (
        *(Pile(HANDS[s], Seen.OWNER, ordered=True) for s in (0, 1)),
        Pile(POOL, Seen.FACE_UP, ordered=True),
        Pile(PACK, Seen.HIDDEN),
        Pile(TABLE, Seen.FACE_UP),
        *(Pile(WONS[s], Seen.FACE_UP) for s in (0, 1)),
    )
    DEALING = (Deal(HANDS[0], 4), Deal(HANDS[1], 4), Deal(POOL, 3))

    @property
    def score(self) -> list[int]:
        return [len(self.piles[WONS[s]]) for s in (0, 1)]

    def legal_actions(self) -> list[Action]:
        if self.result:
            return []
        leading = not self.piles[TABLE]
        plays = [m for c in self.piles[HANDS[self.turn]] for m in self._plays(c, leading)]
        return [*plays, DRAW_PASS] if self._may_draw() else plays

    def _plays(self, card: int, leading: bool) -> list[Action]:
        """A card's moves: an 8 led takes a pool card, one move per card there."""
        if leading and rank(card) == 8 and self.piles[POOL]:
            return [ACTIONS.by_text[f"{CARD_TEXT[card]}={CARD_TEXT[c]}"] for c in self.piles[POOL]]
        return [PLAYS[card]]

    def _may_draw(self) -> bool:
        return not self.piles[TABLE] and bool(self.piles[PACK])

    def why_not(self, action: Action) -> Refusal:
        """What a move not among the legal ones breaks (``check`` follows from them)."""
        if self.result:
            return Refusal(Codes.HAND_OVER)
        if action.kind is ActionKinds.DRAW:
            return Refusal(Codes.NO_DRAW)
        if action.card not in self.piles[HANDS[self.turn]]:
            return Refusal(Codes.NOT_HELD, card=action.card)
        if taken(action) and taken(action)[0] not in self.piles[POOL]:
            return Refusal(Codes.NOT_IN_POOL, card=taken(action)[0])
        return Refusal(Codes.NOT_A_MOVE, text=str(action))  # an 8 led takes; no other card

    def where(self, action: Action) -> Where:
        if action.kind is ActionKinds.DRAW:
            return Where(PACK, HANDS[self.turn], None)
        return Where(HANDS[self.turn], TABLE, action.card, taken(action))

    def step(self, action: Action) -> list[Event]:
        seat = self.turn
        if action.kind is ActionKinds.DRAW:
            self.turn = 1 - seat
            return [self._draw(seat), Event(E.PASS, self.turn), *self._stuck()]
        events = [self.carry(E.MOVE, [action.card], HANDS[seat], TABLE, seat)]
        if taken(action):  # an 8 led: the pool card it takes, into the hand
            events.append(self.carry(E.CAPTURE, taken(action), POOL, HANDS[seat], seat))
        if len(self.piles[TABLE]) == 1:
            self.turn = 1 - seat
            return events + self._stuck()
        return events + self._trick(leader=1 - seat)

    def _draw(self, seat: int) -> Event:
        return self.carry(E.DEAL, self.piles[PACK][-1:], PACK, HANDS[seat], seat, face_up=False)

    def _trick(self, leader: int) -> list[Event]:
        lead, answer = self.piles[TABLE]
        won = leader if strength(lead) >= strength(answer) else 1 - leader
        events = [self.carry(E.CAPTURE, [lead, answer], TABLE, WONS[won], won, face_up=False)]
        events += [self._draw(seat) for seat in (won, 1 - won) if self.piles[PACK]]
        self.turn = won
        return events + self._stuck()

    def _stuck(self) -> list[Event]:
        """The hand's end when the seat to move holds no card and may not draw."""
        if self.piles[HANDS[self.turn]] or self._may_draw():
            return []
        self.result = Outcome.on_points(self.score)
        return [Event(E.OVER, outcome=self.result)]
