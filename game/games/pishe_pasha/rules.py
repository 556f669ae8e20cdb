"""Pishe Pasha (RULES.md §2-§3): classic, single foundation, three players, the Stop rule.

The state is compact (lists of ints, a fit mask, precomputed events) because
the AI plays thousands of random hands per decision. Stocks and discard piles
are bottom first internally (``pile[-1]`` is the top); records write stocks
top first. Only the seat to move can hold a turned card, so one int is enough.
"""

from __future__ import annotations

import random
from typing import Any

from game.core.cards import packets, shuffled_deck
from game.core.state import GameState, Where, parse_or_refuse, resolve_options
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
from game.games.pishe_pasha.legality import ADJ_CIRCULAR, ADJ_CLASSIC, fit_mask, update_fit_mask
from game.games.pishe_pasha.moves import (
    D_FOUND,
    D_LOAD,
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
    T_LOAD,
)
from game.games.pishe_pasha.setup import Deal, read_pishe_setup
from game.games.pishe_pasha.stop import StopRule, Window
from game.games.pishe_pasha.views import PisheViews

TURN_LIMIT = 2000  # RULES.md §2: the safety draw
_LOADS = {**{T_LOAD[n]: (True, n) for n in range(3)}, **{D_LOAD[n]: (False, n) for n in range(3)}}
OUT = EventKinds.OVER


class PishePasha(StopRule, PisheViews, GameState):
    """One hand of Pishe Pasha for two or three seats."""

    game = "pishe-pasha"
    PLAYERS = (2, 3)
    OPTIONS = {"foundations": ("suits", "single"), "stop_rule": (False, True)}
    ACTIONS = ACTIONS

    __slots__ = (
        "players", "options", "history", "_single", "_stop", "_adj", "_fit", "_found",
        "_stocks", "_discards", "_turned", "_seat", "_unseen", "_turns", "_outcome",
        "_window", "_waiting", "_special", "_deal", "_ev_t2f", "_ev_d2f", "_opp",
    )  # fmt: skip

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
        self = cls.__new__(cls)
        self.players = n
        self.options = opts
        self.history = []
        single = self._single = opts["foundations"] == "single"
        self._stop = opts["stop_rule"]
        self._adj = ADJ_CIRCULAR if single else ADJ_CLASSIC
        self._ev_t2f = EV_T2F_SINGLE if single else EV_T2F_SUITS
        self._ev_d2f = EV_D2F_SINGLE if single else EV_D2F_SUITS
        self._opp = tuple(tuple(o for o in range(n) if o != s) for s in range(n))
        self._stocks = [s[::-1] for s in deal.stocks]
        self._unseen = [len(s) for s in deal.stocks]
        if deal.foundations is not None:
            self._found = [list(f) for f in deal.foundations]
        elif single:
            self._found = [[deal.center] if deal.center is not None else []]
        else:
            self._found = [[], [], [], []]
        self._fit = fit_mask(self._found, single)
        self._discards = [list(d) for d in deal.discards or [[] for _ in range(n)]]
        self._turned = -1 if deal.turned is None else deal.turned
        self._seat = deal.to_move
        self._turns = deal.turns
        self._outcome: Outcome | None = None
        self._window: Window | None = None
        self._waiting = False
        self._special = False  # over, or a Stop window open: the fast paths step aside
        self._deal = deal
        return self

    def clone(self) -> PishePasha:
        new = PishePasha.__new__(PishePasha)
        new.players = self.players
        new.options = dict(self.options)
        new.history = self.history[:]
        new._single = self._single
        new._stop = self._stop
        new._adj = self._adj
        new._fit = self._fit[:]
        new._found = [f[:] for f in self._found]
        new._stocks = [s[:] for s in self._stocks]
        new._discards = [d[:] for d in self._discards]
        new._turned = self._turned
        new._seat = self._seat
        new._unseen = self._unseen[:]
        new._turns = self._turns
        new._outcome = self._outcome
        new._window = self._window
        new._waiting = self._waiting
        new._special = self._special
        new._deal = self._deal
        new._ev_t2f = self._ev_t2f
        new._ev_d2f = self._ev_d2f
        new._opp = self._opp
        return new

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
        if self._special:
            if self._outcome is not None:
                return []
            if self._waiting:
                return [ACCEPT]
        s = self._seat
        t = self._turned
        fit = self._fit
        discards = self._discards
        own = discards[s]
        top = own[-1] if own else -1
        if t >= 0:
            if fit[t] or (top >= 0 and fit[top]):
                return self._holding_forced(t, top)
            row = self._adj[t]
            acts = []
            for n in self._opp[s]:
                d = discards[n]
                if d and row[d[-1]]:
                    acts.append(T_LOAD[n])
            acts.append(T_DISCARD)
            return acts
        if top < 0:
            return [TURN]
        if fit[top]:
            acts = [D_FOUND]
            if not self._stop:
                return acts
        else:
            acts = []
        row = self._adj[top]
        for n in self._opp[s]:
            d = discards[n]
            if d and row[d[-1]]:
                acts.append(D_LOAD[n])
        acts.append(TURN)
        return acts

    def _holding_forced(self, t: int, top: int) -> list[Action]:
        """Holding, with a card that must go to a foundation (rules 3 and 4): only those
        plays, or with the Stop rule also the faults of loading and discarding."""
        forced = [T_FOUND] if self._fit[t] else []
        if top >= 0 and self._fit[top]:
            forced.append(D_FOUND)
        if not self._stop:
            return forced
        acts = [*forced, T_DISCARD]
        row = self._adj[t]
        for n in self._opp[self._seat]:
            d = self._discards[n]
            if d and row[d[-1]]:
                acts.append(T_LOAD[n])
        return acts

    def check(self, action: Action | str) -> Refusal | None:
        try:
            a = parse_or_refuse(action, ACTIONS)
        except IllegalAction as err:
            return err.refusal
        return self._refusal(a)

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
            dst = DISCARDS[s if a.seat is None else a.seat]
        return Where(src, dst, card)

    # ----------------------------------------------------------------- legality
    def _refusal(self, a: Action) -> Refusal | None:
        """Why ``a`` is refused now; None if it is legal."""
        if self._outcome is not None:
            return Refusal(Codes.HAND_OVER)
        kind = a.kind
        if kind.is_call:
            return self._stop_refusal(a.seat)
        if kind is ActionKinds.ACCEPT:
            return None if self._waiting else Refusal(Codes.NOT_ACCEPTABLE)
        if self._waiting:
            return Refusal(Codes.WINDOW_OPEN, seat=self._window[1])
        if kind not in (ActionKinds.TURN, ActionKinds.MOVE):
            return Refusal(Codes.NOT_A_MOVE, text=a.text)
        s = self._seat
        t = self._turned
        fit = self._fit
        own = self._discards[s]
        top = own[-1] if own else -1
        top_fits = top >= 0 and bool(fit[top])
        if kind is ActionKinds.TURN:
            if t >= 0:
                return Refusal(Codes.HOLDING, card=t)
            if top_fits and not self._stop:
                return Refusal(Codes.FOUNDATION_FIRST, card=top)
            return None
        if a.src is PileKinds.TURNED:
            if t < 0:
                return Refusal(Codes.NO_TURNED)
            if a.dst is FOUNDATION:
                return None if fit[t] else self._no_fit(t)
            if a.seat is not None:
                why = self._load_refusal(t, a.seat, s)
                if why:
                    return why
            if self._stop:
                return None
            if fit[t]:
                return Refusal(Codes.TURNED_FITS, card=t)
            if top_fits:
                return Refusal(Codes.DISCARD_FITS_FIRST, card=top)
            return None
        if top < 0:
            return Refusal(Codes.DISCARD_EMPTY)
        if a.dst is FOUNDATION:
            return None if top_fits else self._no_fit(top)
        if t >= 0:
            return Refusal(Codes.HOLDING_NO_DISCARD_MOVE, card=t)
        if a.seat is None:
            return Refusal(Codes.LOAD_OWN)
        why = self._load_refusal(top, a.seat, s)
        if why:
            return why
        if top_fits and not self._stop:
            return Refusal(Codes.FOUNDATION_FIRST, card=top)
        return None

    def _no_fit(self, card: int) -> Refusal:
        return Refusal(Codes.NO_FIT_SINGLE if self._single else Codes.NO_FIT, card=card)

    def _load_refusal(self, card: int, n: int, s: int) -> Refusal | None:
        if not 0 <= n < self.players:
            return Refusal(Codes.NO_SUCH_SEAT, seat=n)
        if n == s:
            return Refusal(Codes.LOAD_OWN)
        pile = self._discards[n]
        if not pile:
            return Refusal(Codes.LOAD_EMPTY, seat=n)
        if self._adj[card][pile[-1]]:
            return None
        if not self._single and {card % 13, pile[-1] % 13} == {0, 12}:
            return Refusal(Codes.NOT_ADJACENT_ACE_KING, card=card, onto=pile[-1])
        return Refusal(Codes.NOT_ADJACENT, card=card, onto=pile[-1])

    # ------------------------------------------------------------------- moving
    def apply(self, action: Action | str) -> list[Event]:
        if self._special or action.__class__ is not Action:
            return self._apply_checked(parse_or_refuse(action, ACTIONS))
        # Fast path for the commonest legal moves, none of them a fault; anything
        # else, refusals included, goes through the full check.
        a = action
        s = self._seat
        t = self._turned
        if a is TURN:
            own = self._discards[s]
            stock = self._stocks[s]
            if t < 0 and stock and not (own and self._fit[own[-1]]):
                self.history.append(TURN)
                c = stock.pop()
                if self._unseen[s] > len(stock):
                    self._unseen[s] = len(stock)
                self._turned = c
                return [EV_TURN[s][c]]
        elif a is T_DISCARD:
            own = self._discards[s]
            if (
                t >= 0
                and not self._fit[t]
                and not (own and self._fit[own[-1]])
                and self._turns + 1 < TURN_LIMIT
            ):
                self.history.append(T_DISCARD)
                self._turned = -1
                own.append(t)
                nxt = s + 1 if s + 1 < self.players else 0
                self._turns += 1
                self._seat = nxt
                return [EV_T2D[s][s][t], EV_PASS[nxt]]
        elif a is T_FOUND and t >= 0 and self._fit[t]:
            self.history.append(T_FOUND)
            self._turned = -1
            self._play(t)
            if self._stocks[s] or self._discards[s]:
                return [self._ev_t2f[s][t]]
            return [self._ev_t2f[s][t], self._win(s)]
        elif a is D_FOUND:
            own = self._discards[s]
            if own and self._fit[own[-1]]:
                self.history.append(D_FOUND)
                c = own.pop()
                self._play(c)
                if self._stocks[s] or own or t >= 0:
                    return [self._ev_d2f[s][c]]
                return [self._ev_d2f[s][c], self._win(s)]
        else:
            load = _LOADS.get(a)
            if load is not None and self._loads_cleanly(load, s, t):
                return self._load(load, s, t)
        return self._apply_checked(a)

    def _loads_cleanly(self, load: tuple[bool, int], s: int, t: int) -> bool:
        """A legal load that is no fault (the fast path; anything else is fully checked)."""
        turned, n = load
        if n == s or n >= self.players:
            return False
        pile = self._discards[n]
        own = self._discards[s]
        top_fits = bool(own) and bool(self._fit[own[-1]])
        if not pile or top_fits:
            return False
        card = t if turned else (own[-1] if own and t < 0 else -1)
        return card >= 0 and not self._fit[card] and bool(self._adj[card][pile[-1]])

    def _load(self, load: tuple[bool, int], s: int, t: int) -> list[Event]:
        turned, n = load
        if turned:
            self.history.append(T_LOAD[n])
            self._turned = -1
            self._discards[n].append(t)
            ev = EV_T2D[s][n][t]
        else:
            self.history.append(D_LOAD[n])
            c = self._discards[s].pop()
            self._discards[n].append(c)
            ev = EV_D2D[s][n][c]
        if self._stocks[s] or self._discards[s] or self._turned >= 0:
            return [ev]
        return [ev, self._win(s)]

    def _apply_checked(self, a: Action) -> list[Event]:
        why = self._refusal(a)
        if why is not None:
            raise IllegalAction(why)
        self.history.append(a)
        try:
            return self._make(a)
        finally:
            self._special = self._outcome is not None or self._window is not None or self._waiting

    def _make(self, a: Action) -> list[Event]:
        if a.kind.is_call:
            return self._call_stop(a.seat, a.kind is ActionKinds.STOP_END)
        if a.kind is ActionKinds.ACCEPT:
            self._waiting = False
            faulter = self._window[1]
            self._window = None
            return [self._win(faulter)]
        self._window = None
        if self._stop and self._is_fault(a):
            return self._fault(a)
        events = self._move(a)
        s = self._seat
        if a.kind is ActionKinds.MOVE and not self._has_cards(s):
            events.append(self._win(s))
        return events

    def _has_cards(self, s: int) -> bool:
        return bool(self._stocks[s] or self._discards[s]) or (self._turned >= 0 and s == self._seat)

    def _move(self, a: Action) -> list[Event]:
        """The move itself, known legal; a discard of the turned card ends the turn."""
        s = self._seat
        if a.kind is ActionKinds.TURN:
            return self._turn(s)
        if a.src is PileKinds.TURNED:
            c = self._turned
            self._turned = -1
            n = a.seat
            if a.dst is FOUNDATION:
                self._play(c)
                return [self._ev_t2f[s][c]]
            if n is None:
                self._discards[s].append(c)
                return [EV_T2D[s][s][c], *self._pass_to((s + 1) % self.players)]
            self._discards[n].append(c)
            return [EV_T2D[s][n][c]]
        c = self._discards[s].pop()
        if a.dst is FOUNDATION:
            self._play(c)
            return [self._ev_d2f[s][c]]
        self._discards[a.seat].append(c)
        return [EV_D2D[s][a.seat][c]]

    def _turn(self, s: int) -> list[Event]:
        stock = self._stocks[s]
        if stock:
            c = stock.pop()
            if self._unseen[s] > len(stock):
                self._unseen[s] = len(stock)
            self._turned = c
            return [EV_TURN[s][c]]
        own = self._discards[s]
        pile = tuple(own)
        stock.extend(reversed(own))
        own.clear()
        c = stock.pop()
        self._turned = c
        recycle = Event(EventKinds.RECYCLE, s, pile, DISCARDS[s], STOCKS[s], False)
        return [recycle, EV_TURN[s][c]]

    def _play(self, card: int) -> None:
        self._found[0 if self._single else card // 13].append(card)
        update_fit_mask(self._fit, card, self._single)

    def _pass_to(self, seat: int) -> list[Event]:
        """End the turn: the safety draw, or the next seat to move."""
        self._turns += 1
        self._seat = seat
        if self._turns < TURN_LIMIT:
            return [EV_PASS[seat]]
        self._outcome = Outcome(DRAW, Reasons.TURN_LIMIT, (0,) * self.players)
        return [EV_PASS[seat], Event(OUT, None, outcome=self._outcome)]

    def _win(self, s: int) -> Event:
        points = sum(len(self._stocks[o]) + len(self._discards[o]) for o in self._opp[s])
        score = [0] * self.players
        score[s] = points
        self._outcome = Outcome(s, Reasons.WENT_OUT, tuple(score))
        self._special = True
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
