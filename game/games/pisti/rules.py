"""Pişti for 2, 3 or 4 players (RULES.md §5; records §6).

The state is kept small and flat so the AI can clone and play out thousands of
hands a second: cards are ints, the undealt pack is an immutable tuple in
dealing order with a read position, hands are short lists kept in text order
(so :meth:`Pisti.legal_actions` is sorted without sorting), and events are
only built when :meth:`Pisti.apply` is called from outside.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any, ClassVar

from game.core.piles import DeclaredPiles, Pile, Seen
from game.core.state import Observation, Where, parse_or_refuse, resolve_options
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
    IllegalAction,
    Outcome,
    PileId,
    PileKind,
    Reason,
    Refusal,
)
from game.games.pisti.kernel import (
    IS_JACK,
    JACK0,
    JACK_PISTI_POINTS,
    MAJORITY,
    PISTI,
    PISTI_POINTS,
    POINTS,
    RANK0,
    TAKES,
    TEN_DIAMONDS,
    TWO_CLUBS,
)
from game.games.pisti.kinds import ACTIONS, Codes, EventKinds
from game.games.pisti.setup import build_table, validate_setup
from game.games.pisti.tables import KEY, ONE, TEXT, sides_of

_new = tuple.__new__
_MOVE, _CAPTURE = EventKinds.MOVE, EventKinds.CAPTURE
_key = KEY.__getitem__
_points = POINTS.__getitem__
_STREAM = 48  # cards dealt to the players: 52 minus the four on the table


class Pisti(DeclaredPiles):
    """One hand of Pişti. Seat n-1 deals; seat 0 plays first; play goes seat 0, 1, ..."""

    game = "pisti"
    PLAYERS = (2, 3, 4)
    ACTIONS = ACTIONS
    OPTIONS: ClassVar[dict[str, tuple[Any, ...]]] = {
        "start_jack": ("turn_next", "to_bottom"),
        "show_bottom": (True, False),
        "target": (151, 101),
    }

    __slots__ = (
        "_deck",
        "_down",
        "_first",
        "_hands",
        "_jpisti",
        "_known",
        "_last",
        "_last_seat",
        "_left",
        "_moved",
        "_nfd",
        "_nsides",
        "_outcome",
        "_over",
        "_pisti",
        "_pos",
        "_sides",
        "_stream",
        "_table",
        "_turn",
        "_up",
        "_won",
        "history",
        "options",
        "players",
    )  # fmt: skip
    _sides: tuple[int, ...]  # each seat's side (partners share one)
    _nsides: int
    _deck: tuple[int, ...]
    _stream: tuple[int, ...]  # the cards still to deal, in dealing order
    _pos: int
    _hands: list[list[int]]
    _table: list[int]
    _down: int
    _won: list[list[int]]  # each side's captured cards
    _pisti: list[int]
    _jpisti: list[int]
    _turn: int
    _over: bool
    _left: int
    _last: int
    _last_seat: int
    _first: int
    _up: tuple[int, ...]
    _moved: tuple[int, ...]
    _nfd: int
    _known: tuple[int, ...]
    _outcome: Outcome | None

    # ----------------------------------------------------------------- making a hand

    @classmethod
    def new(
        cls,
        players: int = 2,
        options: dict[str, Any] | None = None,
        rng: random.Random | int | None = None,
    ) -> Pisti:
        """A shuffled and cut hand; ``state.setup()`` gives the deck it was dealt from."""
        if players not in cls.PLAYERS:
            raise ValueError(f"players must be 2, 3 or 4, not {players!r}")
        opts = dict(_DEFAULTS) if not options else resolve_options(cls, options)
        if not isinstance(rng, random.Random):
            rng = random.Random(rng)
        deck = list(range(52))
        while True:
            rng.shuffle(deck)
            cut_bottom(deck)
            four_jacks = IS_JACK[deck[0]] and IS_JACK[deck[1]] and IS_JACK[deck[2]]
            if not (four_jacks and IS_JACK[deck[3]] and opts["start_jack"] == "turn_next"):
                return cls._build(players, tuple(deck), opts)

    @classmethod
    def from_setup(cls, setup: dict[str, Any], options: dict[str, Any] | None = None) -> Pisti:
        """The hand a record's setup describes; ValueError names a bad field."""
        opts = resolve_options(cls, options)
        players, deck = validate_setup(setup, opts["start_jack"])
        return cls._build(players, deck, opts)

    @classmethod
    def from_observation(cls, obs: Observation, rng: random.Random) -> Pisti:
        """A full hand agreeing with ``obs``, unknown cards dealt at random (see resample)."""
        from game.games.pisti.resample import sample_deck

        opts = resolve_options(cls, obs.info["options"])
        state = cls._build(obs.players, sample_deck(obs, rng), opts)
        for action in obs.history:
            card = action.card
            assert card is not None  # every Pişti move plays a card
            state._play(card)
        return state

    @classmethod
    def _build(cls, players: int, deck: tuple[int, ...], opts: dict[str, Any]) -> Pisti:
        """Lay the table and deal the first packets; ``deck`` is already valid."""
        s = object.__new__(cls)
        s.players = players
        s.options = opts
        s.history = []
        s._sides = sides_of(players)
        s._nsides = 2 if players == 4 else players
        s._deck = deck
        table, up, moved, stream = build_table(deck, opts["start_jack"])
        s._table = table
        s._up = up
        s._moved = moved
        s._nfd = s._down = len(table) - len(up)
        s._stream = stream
        shown = len(moved) or (1 if opts["show_bottom"] else 0)
        s._known = stream[_STREAM - shown :]
        s._pos = 0
        s._hands = [[] for _ in range(players)]
        s._deal(None)
        s._won = [[] for _ in range(s._nsides)]
        s._pisti = [0] * s._nsides
        s._jpisti = [0] * s._nsides
        s._turn = 0
        s._over = False
        s._outcome = None
        s._last = s._last_seat = s._first = -1
        return s

    def _deal(self, events: list[Event] | None) -> None:
        """A packet of four to each seat, seat 0 first, the dealer last."""
        stream, pos = self._stream, self._pos
        for seat, hand in enumerate(self._hands):
            packet = stream[pos : pos + 4]
            pos += 4
            hand.extend(packet)
            hand.sort(key=_key)
            if events is not None:
                events.append(Event(EventKinds.DEAL, seat, packet, PACK, HANDS[seat], False))
        self._pos = pos
        self._left = 4 * self.players

    def opening_events(self) -> list[Event]:
        """The initial deal as events, for the deal animation (it never goes through apply)."""
        if self.history:
            return []
        deck, up, moved = self._deck, self._up, self._moved
        ev = [Event(EventKinds.DEAL, None, deck[:4], PACK, TABLE, False)]
        if moved:
            ev.append(Event(EventKinds.REVEAL, None, (deck[3],), TABLE, TABLE, True))
            for i, jack in enumerate(moved):
                nxt = deck[4 + i]  # the card turned in the jack's place: its detail
                ev.append(Event(EventKinds.TO_BOTTOM, None, (jack,), TABLE, PACK, True, (nxt,)))
                ev.append(Event(EventKinds.DEAL, None, (nxt,), PACK, TABLE, False))
                ev.append(Event(EventKinds.REVEAL, None, (nxt,), TABLE, TABLE, True))
        else:  # a jack turned up stays, the card turned on top of it its detail
            for card, over in zip(up, (*up[1:], None), strict=True):
                on_top = (over,) if over is not None else ()
                ev.append(Event(EventKinds.REVEAL, None, (card,), TABLE, TABLE, True, on_top))
        stream = self._stream
        for seat in range(self.players):
            packet = stream[4 * seat : 4 * seat + 4]
            ev.append(Event(EventKinds.DEAL, seat, packet, PACK, HANDS[seat], False))
        return ev

    # ----------------------------------------------------------------- playing

    @property
    def to_move(self) -> int | None:
        return None if self._over else self._turn

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def legal_actions(self) -> list[Action]:
        return [PLAYS[c] for c in self._hands[self._turn]]

    def check(self, action: Action | str) -> Refusal | None:
        if isinstance(action, Action) and not self._over and action.card in self._hands[self._turn]:
            return None
        return self._refusal(action)

    def where(self, action: Action) -> Where:
        a = parse_or_refuse(action, ACTIONS)
        return Where(HANDS[self._turn], TABLE, a.card)

    def apply(self, action: Action | str) -> list[Event]:
        card = action.card if isinstance(action, Action) else None
        if card is None or card not in self._hands[self._turn]:  # empty once the hand is over
            reason = self._refusal(action)
            if reason is not None:
                raise IllegalAction(reason)
            card = parse_or_refuse(action, ACTIONS).card
            assert card is not None  # no refusal: a card of the hand
        return self._play(card)

    def _refusal(self, action: Action | str) -> Refusal | None:
        """Why ``action`` cannot be played now (None: it can)."""
        if self._over:
            return Refusal(Codes.HAND_OVER)
        try:
            a = parse_or_refuse(action, ACTIONS)
        except IllegalAction as err:
            return Refusal(Codes.NOT_A_CARD, text=err.refusal.text)
        if a.kind is not ActionKind.PLAY:
            return Refusal(Codes.NOT_A_CARD, text=a.text)
        card = a.card
        assert card is not None  # a PLAY names its card
        if card in self._hands[self._turn]:
            return None
        for seat, hand in enumerate(self._hands):
            if card in hand:
                return Refusal(Codes.NOT_YOUR_TURN, card=card, seat=seat, mover=self._turn)
        if PLAYS[card] in self.history:
            return Refusal(Codes.ALREADY_PLAYED, card=card)
        return Refusal(Codes.NOT_HELD, card=card)

    def _play(self, c: int) -> list[Event]:
        """The move itself, already known legal."""
        s = self._turn
        self._hands[s].remove(c)
        self.history.append(PLAYS[c])
        left = self._left = self._left - 1
        table = self._table
        ev = [_new(Event, (_MOVE, s, ONE[c], HANDS[s], TABLE, True, (), None))]
        if table and TAKES[c][table[-1]]:
            self._capture(s, c, ev)
        else:
            table.append(c)
        if left:
            s += 1
            self._turn = 0 if s == self.players else s
        elif self._pos < _STREAM:
            self._turn = 0
            self._deal(ev)
        else:
            self._finish(ev)
        return ev

    def _capture(self, s: int, c: int, ev: list[Event]) -> None:
        """Seat ``s`` takes the pile with ``c``; a pişti when it held one card of c's rank."""
        table = self._table
        side = self._sides[s]
        counts = self._first >= 0 and (self._left or self._pos < _STREAM)  # not the last card
        bonus = PISTI[c][table[0]] if len(table) == 1 and counts else 0
        table.append(c)
        self._won[side].extend(table)
        taken = tuple(table)
        ev.append(_new(Event, (_CAPTURE, s, taken, TABLE, WONS[side], False, (), None)))
        table.clear()
        if self._first < 0:
            self._first = side
            self._down = 0
        self._last = side
        self._last_seat = s
        if bonus:
            jack = bonus == JACK_PISTI_POINTS
            (self._jpisti if jack else self._pisti)[side] += 1
            kind = EventKinds.JACK_PISTI if jack else EventKinds.PISTI
            ev.append(Event(kind, s, taken, TABLE, WONS[side], True))

    def _finish(self, ev: list[Event]) -> None:
        """Leftover table cards to the last capturer (the dealer's side if none)."""
        table = self._table
        seat = self._last_seat if self._last_seat >= 0 else self.players - 1
        side = self._sides[seat]
        if table:
            if self._first < 0:
                self._first = side
            self._won[side].extend(table)
            ev.append(Event(EventKinds.LEFTOVER, seat, tuple(table), TABLE, WONS[side], False))
            table.clear()
        self._down = 0
        self._over = True
        pts = self.score
        self._outcome = Outcome(_winner(pts), Reason.POINTS, tuple(pts))
        ev.append(Event(EventKinds.OVER, None, outcome=self._outcome))

    # ----------------------------------------------------------------- results

    def side_of(self, seat: int) -> int:
        return self._sides[seat]

    @property
    def sides(self) -> int:
        return self._nsides

    @property
    def score(self) -> list[int]:
        pts = [
            sum(map(_points, won)) + PISTI_POINTS * p + JACK_PISTI_POINTS * j
            for won, p, j in zip(self._won, self._pisti, self._jpisti, strict=True)
        ]
        if self._over:
            counts = [len(w) for w in self._won]
            most = max(counts)
            if counts.count(most) == 1:
                pts[counts.index(most)] += MAJORITY
        return pts

    def breakdown(self) -> list[dict[str, int]]:
        """Per side, the points of each scoring line (``cards`` is a count, the rest points).

        ``majority`` stays 0 until the hand is over, as in :attr:`score`.
        """
        rows = []
        for side, won in enumerate(self._won):
            rows.append(
                {
                    "jacks": sum(1 for c in won if RANK0[c] == JACK0),
                    "aces": sum(1 for c in won if RANK0[c] == 0),
                    "two_clubs": 2 if TWO_CLUBS in won else 0,
                    "ten_diamonds": 3 if TEN_DIAMONDS in won else 0,
                    "majority": 0,
                    "pisti": PISTI_POINTS * self._pisti[side],
                    "jack_pisti": JACK_PISTI_POINTS * self._jpisti[side],
                    "cards": len(won),
                }
            )
        if self._over:
            counts = [len(w) for w in self._won]
            most = max(counts)
            if counts.count(most) == 1:
                rows[counts.index(most)]["majority"] = MAJORITY
        for row in rows:
            row["total"] = sum(v for k, v in row.items() if k != "cards")
        return rows

    # ----------------------------------------------------------------- records

    def setup(self) -> dict[str, Any]:
        return {"players": self.players, "deck": [TEXT[c] for c in self._deck]}

    def report(self) -> dict[str, Any]:
        return {
            "pile": [TEXT[c] for c in self._table],
            "hands": [[TEXT[c] for c in h] for h in self._hands],
            "captured": [len(w) for w in self._won],
            "pisti": list(self._pisti),
            "jack_pisti": list(self._jpisti),
            "points": self.score,
        }

    def clone(self) -> Pisti:
        o = object.__new__(Pisti)
        o._outcome = self._outcome
        o.players = self.players
        o.options = dict(self.options)
        o.history = self.history[:]
        o._sides = self._sides
        o._nsides = self._nsides
        o._deck = self._deck
        o._stream = self._stream
        o._pos = self._pos
        o._hands = [h[:] for h in self._hands]
        o._table = self._table[:]
        o._down = self._down
        o._won = [w[:] for w in self._won]
        o._pisti = self._pisti[:]
        o._jpisti = self._jpisti[:]
        o._turn = self._turn
        o._over = self._over
        o._left = self._left
        o._last = self._last
        o._last_seat = self._last_seat
        o._first = self._first
        o._up = self._up
        o._moved = self._moved
        o._nfd = self._nfd
        o._known = self._known
        return o

    # ----------------------------------------------------------------- what a seat knows

    def declared(self) -> tuple[Pile, ...]:
        return _piles(self.players, self._nsides)

    def cards_in(self, pid: PileId) -> list[int]:
        kind, i = pid.kind, pid.index
        if kind is PileKind.PACK:
            return list(reversed(self._stream[self._pos :]))
        if kind is PileKind.TABLE:
            return self._table
        assert i is not None, pid
        return (self._hands if kind is PileKind.HAND else self._won)[i]

    def face_down(self, pile: Pile, seat: int) -> range:
        """Besides the other seats' hands: the pack but for its bottom cards shown, the
        table's cards dealt face down, and the face-down cards of the first capture to every
        side but the one that took them, until the hand is over (the final score reveals
        them anyway)."""
        kind, cards = pile.pid.kind, self.cards_in(pile.pid)
        if kind is PileKind.PACK:
            return range(min(len(self._known), len(cards)), len(cards))
        if kind is PileKind.TABLE:
            return range(self._down)
        if kind is PileKind.WON:
            hidden = pile.pid.index == self._first != self._sides[seat] and not self._over
            return range(self._nfd if hidden else 0)
        return super().face_down(pile, seat)

    def info(self, seat: int) -> dict[str, Any]:
        """Public facts only: ``dealer``, ``side`` (of ``seat``), ``points`` (per side,
        counting only cards this seat can see; the full score once over), ``pisti``,
        ``jack_pisti``, ``captured`` (card counts per side), ``last_capturer`` and
        ``first_capturer`` (sides or None), ``first_capture``, ``face_down`` (how many cards
        were dealt face down), ``start_face_up`` (the cards turned at the deal, bottom
        first), ``moved_jacks`` (``to_bottom`` jacks put under the pack), ``shown_bottom``
        (bottom cards everybody saw, in dealing order), ``dealer_known`` (those the dealer
        still holds), ``deals_left``, ``options`` and ``played`` (every card played, in
        order)."""
        return {
            "dealer": self.players - 1,
            "side": self._sides[seat],
            "points": self.score if self._over else self._points_seen(seat),
            "pisti": list(self._pisti),
            "jack_pisti": list(self._jpisti),
            "captured": [len(w) for w in self._won],
            "last_capturer": self._last if self._last >= 0 else None,
            "first_capture": self._first >= 0,
            "first_capturer": self._first if self._first >= 0 else None,
            "face_down": self._nfd,
            "start_face_up": list(self._up),
            "moved_jacks": list(self._moved),
            "shown_bottom": list(self._known),
            "dealer_known": self._dealer_known(),
            "deals_left": (_STREAM - self._pos) // (4 * self.players),
            "options": dict(self.options),
            "played": [a.card for a in self.history],
        }

    def _points_seen(self, seat: int) -> list[int]:
        """Each side's points so far from the cards ``seat`` sees it has taken."""
        won = [p for p in self.declared() if p.pid.kind is PileKind.WON]
        return [
            sum(POINTS[c] for c in self.seen(p, seat) if c is not None)
            + PISTI_POINTS * self._pisti[side]
            + JACK_PISTI_POINTS * self._jpisti[side]
            for side, p in enumerate(won)
        ]

    def _dealer_known(self) -> list[int]:
        """Shown bottom cards (and jacks put under the pack) the dealer still holds."""
        if self._pos < _STREAM:
            return []
        hand = self._hands[self.players - 1]
        return [c for c in self._known if c in hand]

    def resample(self, seat: int, rng: random.Random | int | None) -> Pisti:
        """A full hand agreeing with ``observation(seat)``; depends only on it and ``rng``.

        The hidden cards (other hands, the pack, face-down cards the seat's side did
        not take) are dealt at random, keeping the cut's promise that the original
        bottom card is not a jack; the recorded actions are then replayed.
        """
        if not isinstance(rng, random.Random):
            rng = random.Random(rng)
        return Pisti.from_observation(self.observation(seat), rng)


def cut_bottom(deck: list[int]) -> None:
    """RULES.md §5, the cut: a jack at the bottom is not allowed. The non-jack card
    nearest the bottom moves to the bottom; the jacks stay just above it, so the
    dealer gets them in the last deal."""
    if not IS_JACK[deck[-1]]:
        return
    i = len(deck) - 1
    while IS_JACK[deck[i]]:
        i -= 1
    deck.append(deck.pop(i))


def _winner(points: list[int]) -> int | Draw:
    best = max(points)
    return DRAW if points.count(best) > 1 else points.index(best)


_DEFAULTS = resolve_options(Pisti, None)


@cache
def _piles(players: int, sides: int) -> tuple[Pile, ...]:
    """Each seat's hand, the pack, the table and each side's captured cards."""
    hands = (Pile(HANDS[s], Seen.OWNER) for s in range(players))
    won = (Pile(WONS[side], Seen.FACE_UP) for side in range(sides))
    return (*hands, Pile(PACK, Seen.HIDDEN), Pile(TABLE, Seen.FACE_UP), *won)
