"""Pishe Pasha (RULES.md §2-§3): classic, single foundation, three players, the Stop rule.

The state is one record (:data:`FIELDS`; its ``clone`` is generated from them) of
compact values (lists of ints, a fit mask, precomputed events), because the AI plays
thousands of hands per decision. Stocks and discard piles are bottom first internally
(``pile[-1]`` is the top); records write stocks top first. Only the seat to move can
hold a turned card, so one int is enough.

Which moves are legal, and why any other is refused, is :mod:`.kernel`'s; the state
asks it once per position and keeps the answer until the next move, so a move taken
from ``legal_actions`` is made without checking it again.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from game.core.cards import packets, shuffled_deck
from game.core.piles import DeclaredPiles
from game.core.state import Where, generated_clone, parse_or_refuse, resolve_options
from game.core.types import (
    ACCEPT,
    DECK,
    DISCARDS,
    DRAW,
    STOCKS,
    Action,
    Event,
    IllegalAction,
    Outcome,
    Refusal,
)
from game.games.pishe_pasha.kernel import (
    ADJ_CIRCULAR,
    ADJ_CLASSIC,
    FREE,
    HOLDING,
    TURN_LIMIT,
    Moves,
    fit_mask,
    legal_moves,
    play_up,
    refusal,
    skipped,
)
from game.games.pishe_pasha.kinds import (
    ACTIONS,
    FOUNDATION,
    FOUNDATIONS,
    TURN,
    TURNEDS,
    ActionKinds,
    Codes,
    EventKinds,
    PileKinds,
    Reasons,
)
from game.games.pishe_pasha.moves import (
    D_FOUND,
    EV_D2D,
    EV_D2F_SINGLE,
    EV_D2F_SUITS,
    EV_PASS,
    EV_T2D,
    EV_T2F_SINGLE,
    EV_T2F_SUITS,
    EV_TURN,
    T_DISCARD,
    T_FOUND,
)
from game.games.pishe_pasha.rollout import Rollouts
from game.games.pishe_pasha.setup import Deal, read_pishe_setup
from game.games.pishe_pasha.stop import StopRule
from game.games.pishe_pasha.views import PisheViews

OUT = EventKinds.OVER
OPPONENTS = {n: tuple(tuple(o for o in range(n) if o != s) for s in range(n)) for n in (2, 3)}
NOTHING: tuple[Moves, Moves] = ((), ())
ACCEPT_ONLY: tuple[Moves, Moves] = ((ACCEPT,), ())

FIELDS = {  # the record: each field and how a clone copies it (see generated_clone)
    # the hand's make-up, never changed in place
    "players": "keep",
    "options": "dict",
    "_single": "keep",  # one centre foundation (§3)
    "_stop": "keep",  # the Stop rule (§2.1)
    "_adj": "keep",  # the adjacency table of the foundations' kind
    "_opp": "keep",  # each seat's opponents
    "_deal": "keep",  # the setup, for records
    "_ev_t2f": "keep",  # the events of foundation plays for this layout
    "_ev_d2f": "keep",
    # where the cards are
    "history": "flat",
    "_stocks": "nested",
    "_discards": "nested",
    "_found": "nested",
    "_fit": "flat",  # which cards fit a foundation now
    "_unseen": "flat",  # per stock, its bottom cards nobody has seen
    "_turned": "keep",  # the card the seat to move holds, -1 for none
    "_seat": "keep",
    "_turns": "keep",
    "_outcome": "keep",
    "_window": "keep",  # the Stop window open, or None (stop.py)
    "_waiting": "keep",  # a fault emptied its seat: only ``accept`` or a Stop call now
    # this position's legal moves and those of them that are no fault, once asked (None)
    "_legal": "keep",
    "_clean": "keep",
}


class PishePasha(StopRule, PisheViews, Rollouts, DeclaredPiles):
    """One hand of Pishe Pasha for two or three seats."""

    game = "pishe-pasha"
    PLAYERS = (2, 3)
    OPTIONS: ClassVar[dict[str, tuple[Any, ...]]] = {
        "foundations": ("suits", "single"),
        "stop_rule": (False, True),
    }
    ACTIONS = ACTIONS

    __slots__ = tuple(FIELDS)
    clone = generated_clone(FIELDS)

    # ----------------------------------------------------------------- building
    @classmethod
    def new(
        cls,
        players: int = 2,
        options: dict[str, Any] | None = None,
        rng: random.Random | int | None = None,
    ) -> PishePasha:
        """A freshly shuffled hand: 26 + 26, or 17 x 3 and a centre card."""
        if players not in cls.PLAYERS:
            raise ValueError(f"Pishe Pasha is played by 2 or 3 players, not {players!r}")
        deck = shuffled_deck(rng)
        if players == 2:
            deal = Deal(stocks=[deck[:26], deck[26:]])
        else:
            deal = Deal(stocks=[deck[:17], deck[17:34], deck[34:51]], center=deck[51])
        return cls._from_deal(deal, options)

    @classmethod
    def from_setup(cls, setup: dict[str, Any], options: dict[str, Any] | None = None) -> PishePasha:
        """The hand a record's ``setup`` describes (ValueError names a bad field)."""
        opts = resolve_options(cls, options)
        return cls._from_deal(read_pishe_setup(setup, opts["foundations"] == "single"), opts)

    @classmethod
    def from_piles(
        cls,
        stocks: list[list[str]],
        discards: list[list[str]] | None = None,
        foundations: list[list[str]] | None = None,
        turned: str | None = None,
        to_move: int = 0,
        options: dict[str, Any] | None = None,
        turns: int = 0,
    ) -> PishePasha:
        """A position from explicit piles (tests, UI): stocks top first, other piles bottom first.

        Its :meth:`setup` writes these piles back, and :meth:`from_setup` reads them.
        """
        setup: dict[str, Any] = {
            "stocks": stocks,
            "discards": discards if discards is not None else [[] for _ in stocks],
            "to_move": to_move,
            "turns": turns,
        }
        if foundations is not None:
            setup["foundations"] = foundations
        if turned is not None:
            setup["turned"] = turned
        return cls.from_setup(setup, options)

    @classmethod
    def _from_deal(cls, deal: Deal, options: dict[str, Any] | None) -> PishePasha:
        opts = resolve_options(cls, options)
        n = len(deal.stocks)
        if n == 3:
            opts["foundations"] = "single"
        single = opts["foundations"] == "single"
        if deal.foundations is not None:
            found = [list(f) for f in deal.foundations]
        elif single:
            found = [[deal.center] if deal.center is not None else []]
        else:
            found = [[], [], [], []]
        self = cls.__new__(cls)
        self.players = n
        self.options = opts
        self._single = single
        self._stop = opts["stop_rule"]
        self._adj = ADJ_CIRCULAR if single else ADJ_CLASSIC
        self._opp = OPPONENTS[n]
        self._deal = deal
        self._ev_t2f = EV_T2F_SINGLE if single else EV_T2F_SUITS
        self._ev_d2f = EV_D2F_SINGLE if single else EV_D2F_SUITS
        self.history = []
        self._stocks = [s[::-1] for s in deal.stocks]
        self._discards = [list(d) for d in deal.discards or [[] for _ in range(n)]]
        self._found = found
        self._fit = fit_mask(found, single)
        self._unseen = [len(s) for s in deal.stocks]
        self._turned = -1 if deal.turned is None else deal.turned
        self._seat = deal.to_move
        self._turns = deal.turns
        self._outcome = None
        self._window = None
        self._waiting = False
        self._legal = self._clean = None
        return self

    # ------------------------------------------------------------------ queries
    @property
    def to_move(self) -> int | None:
        return None if self._outcome is not None else self._seat

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    @property
    def score(self) -> list[int]:
        out = self._outcome
        return list(out.score) if out is not None else [0] * self.players

    @property
    def turns(self) -> int:
        """Turns finished so far (the safety draw comes at 2,000)."""
        return self._turns

    @property
    def turned(self) -> int | None:
        """The card the seat to move holds, or None."""
        return None if self._turned < 0 else self._turned

    def legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            legal = self._moves()[0]
        return [*legal]

    def _moves(self) -> tuple[Moves, Moves]:
        """This position's legal moves and those that are no fault (none while a Stop
        window is open: the next move closes it), kept until the next move."""
        if self._outcome is not None:
            pair = NOTHING
        elif self._waiting:
            pair = ACCEPT_ONLY
        else:
            s, d = self._seat, self._discards
            pair = legal_moves(
                self._turned, d[s], self._opp[s], d, self._fit, self._adj, self._stop
            )
            if self._window is not None:
                pair = (pair[0], ())
        self._legal, self._clean = pair
        return pair

    def check(self, action: Action | str) -> Refusal | None:
        try:
            a = parse_or_refuse(action, ACTIONS)
        except IllegalAction as err:
            return err.refusal
        return self._refusal(a)

    def skipped(self, action: Action) -> int | None:
        """The card ``action`` would leave behind that had to go to a foundation: a fault
        (Stop rule on) or a refusal (off); None when there is none."""
        own = self._discards[self._seat]
        card = skipped(action, self._turned, own[-1] if own else -1, self._fit)
        return None if card < 0 else card

    def where(self, action: Action) -> Where:
        """Source and target piles of a move by the seat to move (a stock's top is unknown)."""
        s = self._seat
        a = parse_or_refuse(action, ACTIONS)
        if a.kind is ActionKinds.TURN:
            stock = self._stocks[s]
            return Where(STOCKS[s], TURNEDS[s], stock[-1] if stock else None)
        if a.kind is not ActionKinds.MOVE:
            return Where(None, None, None)
        if a.src is PileKinds.TURNED:
            src, card = TURNEDS[s], self.turned
        else:
            own = self._discards[s]
            src, card = DISCARDS[s], (own[-1] if own else None)
        if a.dst is FOUNDATION:
            dst = FOUNDATIONS[0 if self._single or card is None else card // 13]
        else:
            dst = DISCARDS[s if a.whose is None else a.whose]
        return Where(src, dst, card)

    def _refusal(self, a: Action) -> Refusal | None:
        """Why ``a`` is refused now; None if it is legal."""
        if self._outcome is not None:
            return Refusal(Codes.HAND_OVER)
        kind = a.kind
        if kind.is_call:
            return self._stop_refusal(a.actor)
        if kind is ActionKinds.ACCEPT:
            return None if self._waiting else Refusal(Codes.NOT_ACCEPTABLE)
        if self._waiting:
            assert self._window is not None, "only a fault's window waits"
            return Refusal(Codes.WINDOW_OPEN, seat=self._window[1])
        return refusal(
            a, self._seat, self._turned, self._discards, self._fit, self._adj, self._single,
            self._stop,
        )  # fmt: skip

    # ------------------------------------------------------------------- moving
    def apply(self, action: Action | str) -> list[Event]:  # noqa: C901 (the hot path: see below)
        clean = self._clean
        if clean is None:
            clean = self._moves()[1]
        for move in clean:  # (by identity: an Action's ``==`` is slow Python code)
            if move is action:  # legal and no fault: nothing more to check
                break
        else:
            return self._apply_checked(parse_or_refuse(action, ACTIONS))
        self.history.append(action)
        s = self._seat
        discards = self._discards
        stock = self._stocks[s]
        if action is TURN and stock:  # the commonest two moves, and the moves after them
            c = self._turned = stock.pop()
            if self._unseen[s] > len(stock):
                self._unseen[s] = len(stock)
            if self.players == 2 and not self._fit[c]:  # nothing fits (the top discard
                pile = discards[1 - s]  # did not, or turning were a fault): a load or not
                loads = pile and self._adj[c][pile[-1]]
                self._legal = self._clean = HOLDING[2 >> s if loads else 0]
                return [EV_TURN[s][c]]
            events = [EV_TURN[s][c]]
        elif action is T_DISCARD and self._turns + 1 < TURN_LIMIT:
            c = self._turned
            self._turned = -1
            discards[s].append(c)
            self._turns += 1
            self._seat = nxt = s + 1 if s + 1 < self.players else 0
            if self.players == 2:  # the next seat is free; its only target is seat s
                own = discards[nxt]
                if not own:
                    self._legal = self._clean = FREE[0]
                    return [EV_T2D[s][s][c], EV_PASS[nxt]]
                top = own[-1]
                if not self._fit[top]:
                    self._legal = self._clean = FREE[1 << s if self._adj[top][c] else 0]
                    return [EV_T2D[s][s][c], EV_PASS[nxt]]
            events = [EV_T2D[s][s][c], EV_PASS[nxt]]
        else:
            events = self._shift(action)
            if self._turned < 0 and not discards[s] and not stock:
                events.append(self._win(s))
                return events
            if self._outcome is not None:
                return events
        s = self._seat  # the next position's moves, while its piles are at hand
        self._legal, self._clean = legal_moves(
            self._turned, discards[s], self._opp[s], discards, self._fit, self._adj, self._stop
        )
        return events

    def _apply_checked(self, a: Action) -> list[Event]:
        why = self._refusal(a)
        if why is not None:
            raise IllegalAction(why)
        self.history.append(a)
        self._legal = self._clean = None
        return self._make(a)

    def _make(self, a: Action) -> list[Event]:
        if a.kind.is_call:
            assert a.actor is not None, "check refuses a call without its caller"
            return self._call_stop(a.actor, a.kind is ActionKinds.STOP_END)
        if a.kind is ActionKinds.ACCEPT:
            self._waiting = False
            assert self._window is not None, "only a fault's window waits"
            faulter = self._window[1]
            self._window = None
            return [self._win(faulter)]
        self._window = None
        if self._stop and self._is_fault(a):
            return self._fault(a)
        s = self._seat
        events = self._shift(a)
        if a.kind is ActionKinds.MOVE and not self._has_cards(s):
            events.append(self._win(s))
        return events

    def _has_cards(self, s: int) -> bool:
        return bool(self._stocks[s] or self._discards[s]) or (self._turned >= 0 and s == self._seat)

    def _shift(self, a: Action) -> list[Event]:
        """The move itself, known legal: the cards shift, a discard of the turned card ends
        the turn. (Whether it wins, or is a fault, is the caller's to see.)"""
        s = self._seat
        if a is TURN:
            stock = self._stocks[s]
            if not stock:
                return self._recycle(s)
            c = stock.pop()
            if self._unseen[s] > len(stock):
                self._unseen[s] = len(stock)
            self._turned = c
            return [EV_TURN[s][c]]
        if a is T_DISCARD:
            t = self._turned
            self._turned = -1
            self._discards[s].append(t)
            return [EV_T2D[s][s][t], *self._pass_to(s + 1 if s + 1 < self.players else 0)]
        if a is T_FOUND:
            t = self._turned
            self._turned = -1
            self._play(t)
            return [self._ev_t2f[s][t]]
        if a is D_FOUND:
            c = self._discards[s].pop()
            self._play(c)
            return [self._ev_d2f[s][c]]
        n = a.whose
        assert n is not None, "every other move is a load onto a named seat"
        if a.src is PileKinds.TURNED:
            t = self._turned
            self._turned = -1
            self._discards[n].append(t)
            return [EV_T2D[s][n][t]]
        c = self._discards[s].pop()
        self._discards[n].append(c)
        return [EV_D2D[s][n][c]]

    def _recycle(self, s: int) -> list[Event]:
        """Turn with an empty stock: the discard pile becomes the stock as a block first."""
        stock = self._stocks[s]
        own = self._discards[s]
        pile = tuple(own)
        stock.extend(reversed(own))
        own.clear()
        c = self._turned = stock.pop()
        recycle = Event(EventKinds.RECYCLE, s, pile, DISCARDS[s], STOCKS[s], False)
        return [recycle, EV_TURN[s][c]]

    def _play(self, card: int) -> None:
        play_up(card, self._found, self._fit, self._single)

    def _pass_to(self, seat: int) -> list[Event]:
        """End the turn: the safety draw, or the next seat to move."""
        self._turns += 1
        self._seat = seat
        if self._turns < TURN_LIMIT:
            return [EV_PASS[seat]]
        self._outcome = Outcome(DRAW, Reasons.TURN_LIMIT, (0,) * self.players)
        self._legal = self._clean = None
        return [EV_PASS[seat], Event(OUT, None, outcome=self._outcome)]

    def _win(self, s: int) -> Event:
        points = sum(len(self._stocks[o]) + len(self._discards[o]) for o in self._opp[s])
        score = [0] * self.players
        score[s] = points
        self._outcome = Outcome(s, Reasons.WENT_OUT, tuple(score))
        self._legal = self._clean = None
        return Event(OUT, s, outcome=self._outcome)

    # ------------------------------------------------------------------ the deal
    def opening_events(self) -> list[Event]:
        """RULES.md §2: two at a time, then three at a time, seat 0 first; with three
        players the 52nd card goes face up to the centre. Only for a fresh deal."""
        d = self._deal
        if d.is_position:
            return []
        events: list[Event] = []
        taken = [0] * self.players
        for seat, k in packets(self.players, len(d.stocks[0])):
            stock = d.stocks[seat]
            cards = tuple(stock[len(stock) - taken[seat] - k : len(stock) - taken[seat]][::-1])
            taken[seat] += k
            events.append(Event(EventKinds.DEAL, seat, cards, DECK, STOCKS[seat], False))
        if d.center is not None:
            events.append(Event(EventKinds.DEAL, None, (d.center,), DECK, FOUNDATIONS[0], True))
        return events
