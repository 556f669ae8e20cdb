"""Pishe Pasha (RULES.md §2-§3): classic, single foundation, three players, the Stop rule.

The state is compact (lists of ints, a fit mask, precomputed events) because
the AI plays thousands of random hands per decision. Stocks and discard piles
are bottom first internally (``pile[-1]`` is the top); records write stocks
top first. Only the seat to move can hold a turned card, so one int is enough.
"""

from __future__ import annotations

import random
from typing import Any

from game.cards import card_name, shuffled_deck
from game.rules.base import Event, GameState, IllegalAction, Winner, resolve_options
from game.rules.pishe_events import (
    ACTIONS,
    D_FOUND,
    D_FOUND_ACT,
    D_LOAD_ACT,
    DISCARD,
    EV_D2D,
    EV_D2F_SINGLE,
    EV_D2F_SUITS,
    EV_PASS,
    EV_T2D,
    EV_T2F_SINGLE,
    EV_T2F_SUITS,
    EV_TURN,
    STOCK,
    STOP,
    STOP_ACTS,
    T_DISCARD,
    T_DISCARD_ACT,
    T_FOUND,
    T_FOUND_ACT,
    T_LOAD,
    T_LOAD_ACT,
    TURN,
    TURN_ACT,
    Action,
    parse_action,
    the_card,
)
from game.rules.pishe_legality import ADJ_CIRCULAR, ADJ_CLASSIC, fit_mask, update_fit_mask
from game.rules.pishe_setup import Deal, read_pishe_setup
from game.rules.pishe_stop import StopRule, Window
from game.rules.pishe_views import PisheViews

TURN_LIMIT = 2000  # RULES.md §2: the safety draw


class PishePasha(StopRule, PisheViews, GameState):
    """One hand of Pishe Pasha for two or three seats."""

    game = "pishe-pasha"
    PLAYERS = (2, 3)
    OPTIONS = {"foundations": ("suits", "single"), "stop_rule": (False, True)}

    __slots__ = (
        "players", "options", "history", "_single", "_stop", "_adj", "_fit", "_found",
        "_stocks", "_discards", "_turned", "_seat", "_unseen", "_turns", "_over", "_winner",
        "_score", "_window", "_deal", "_ev_t2f", "_ev_d2f", "_opp",
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
        self._over = False
        self._winner: Winner = None
        self._score = [0] * n
        self._window: Window | None = None
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
        new._over = self._over
        new._winner = self._winner
        new._score = self._score[:]
        new._window = self._window
        new._deal = self._deal
        new._ev_t2f = self._ev_t2f
        new._ev_d2f = self._ev_d2f
        new._opp = self._opp
        return new

    # ------------------------------------------------------------------ queries
    @property
    def to_move(self) -> int | None:
        return None if self._over else self._seat

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def winner(self) -> Winner:
        return self._winner

    @property
    def score(self) -> list[int]:
        return self._score[:]

    @property
    def turns(self) -> int:
        """Turns finished so far (the safety draw comes at 2,000)."""
        return self._turns

    @property
    def turned(self) -> int | None:
        """The card the seat to move holds, or None."""
        return None if self._turned < 0 else self._turned

    def legal_actions(self) -> list[str]:
        if self._over:
            return []
        s = self._seat
        t = self._turned
        fit = self._fit
        discards = self._discards
        if t >= 0:
            if fit[t]:
                acts = [T_FOUND_ACT]
                if not self._stop:
                    return acts if self._window is None else self._with_stops(acts)
                acts.append(T_DISCARD_ACT)
            else:
                acts = []
            row = self._adj[t]
            for n in self._opp[s]:
                d = discards[n]
                if d and row[d[-1]]:
                    acts.append(T_LOAD_ACT[n])
            if not fit[t]:
                acts.append(T_DISCARD_ACT)
            return acts if self._window is None else self._with_stops(acts)
        own = discards[s]
        if not own:
            return [TURN_ACT] if self._window is None else self._with_stops([TURN_ACT])
        top = own[-1]
        if fit[top]:
            acts = [D_FOUND_ACT]
            if not self._stop:
                return acts if self._window is None else self._with_stops(acts)
        else:
            acts = []
        row = self._adj[top]
        for n in self._opp[s]:
            d = discards[n]
            if d and row[d[-1]]:
                acts.append(D_LOAD_ACT[n])
        acts.append(TURN_ACT)
        return acts if self._window is None else self._with_stops(acts)

    def _with_stops(self, acts: list[str]) -> list[str]:
        if self._window is not None:
            for n in self._opp[self._window[1]]:
                acts.extend(STOP_ACTS[n])
        return acts

    def check(self, action: str) -> str | None:
        a = ACTIONS.get(action) if isinstance(action, str) else None
        if a is None:
            a = parse_action(action)
            if a is None:
                return _unknown(action)
        return self._refusal(a)

    # ----------------------------------------------------------------- legality
    def _refusal(self, a: Action) -> str | None:
        """Why ``a`` is refused now, in a player's words; None if it is legal."""
        if self._over:
            return "The hand is over."
        kind, n, _end, _text = a
        if kind == STOP:
            return self._stop_refusal(n)
        s = self._seat
        t = self._turned
        fit = self._fit
        if kind == TURN:
            if t >= 0:
                return f"You are holding {card_name(t)}: place it before turning another card."
            own = self._discards[s]
            if own and fit[own[-1]] and not self._stop:
                return f"{the_card(own[-1])} must go to the foundation first."
            return None
        if kind <= T_LOAD:
            if t < 0:
                return "You have no turned card: turn a card from your stock first."
            if kind == T_FOUND:
                return None if fit[t] else self._no_fit(t)
            if kind == T_LOAD:
                why = self._load_refusal(t, n, s)
                if why:
                    return why
            if fit[t] and not self._stop:
                return f"{the_card(t)} fits the foundation: play it there first."
            return None
        if t >= 0:
            return (f"You are holding {card_name(t)}: place it before you move a card "
                    "from your discard pile.")  # fmt: skip
        own = self._discards[s]
        if not own:
            return "Your discard pile is empty."
        top = own[-1]
        if kind == D_FOUND:
            return None if fit[top] else self._no_fit(top)
        why = self._load_refusal(top, n, s)
        if why:
            return why
        if fit[top] and not self._stop:
            return f"{the_card(top)} must go to the foundation first."
        return None

    def _no_fit(self, card: int) -> str:
        where = "the foundation" if self._single else "any foundation"
        return f"{the_card(card)} does not fit {where}."

    def _load_refusal(self, card: int, n: int, s: int) -> str | None:
        if not 0 <= n < self.players:
            return f"There is no seat {n} in this game."
        if n == s:
            return "You cannot load a card onto your own discard pile."
        pile = self._discards[n]
        if not pile:
            return f"Seat {n}'s discard pile is empty: there is nothing to load onto."
        if self._adj[card][pile[-1]]:
            return None
        why = (f"{the_card(card)} does not load onto {card_name(pile[-1])}: "
               "a load must be one rank above or below, suit ignored")  # fmt: skip
        if not self._single and {card % 13, pile[-1] % 13} == {0, 12}:
            why += " (aces and kings are not next to each other in the classic game)"
        return why + "."

    # ------------------------------------------------------------------- moving
    def apply(self, action: str) -> list[Event]:
        try:
            a = ACTIONS[action]
        except (KeyError, TypeError):
            a = parse_action(action)
            if a is None:
                raise IllegalAction(_unknown(action)) from None
        if self._over:
            return self._apply_checked(a)
        # Fast path for the commonest legal moves, none of them a fault; anything
        # else, refusals included, goes through the full check. Any move closes a
        # Stop window.
        kind = a[0]
        s = self._seat
        t = self._turned
        if kind == TURN:
            own = self._discards[s]
            stock = self._stocks[s]
            if t < 0 and stock and not (own and self._fit[own[-1]]):
                self.history.append(TURN_ACT)
                self._window = None
                c = stock.pop()
                if self._unseen[s] > len(stock):
                    self._unseen[s] = len(stock)
                self._turned = c
                return [EV_TURN[s][c]]
        elif kind == T_DISCARD:
            if t >= 0 and not self._fit[t] and self._turns + 1 < TURN_LIMIT:
                self.history.append(T_DISCARD_ACT)
                self._window = None
                self._turned = -1
                self._discards[s].append(t)
                nxt = s + 1 if s + 1 < self.players else 0
                self._turns += 1
                self._seat = nxt
                return [EV_T2D[s][s][t], EV_PASS[nxt]]
        elif kind == T_FOUND and t >= 0 and self._fit[t]:
            self.history.append(T_FOUND_ACT)
            self._window = None
            self._turned = -1
            self._play(t)
            if self._stocks[s] or self._discards[s]:
                return [self._ev_t2f[s][t]]
            return [self._ev_t2f[s][t], self._win(s)]
        return self._apply_checked(a)

    def _apply_checked(self, a: Action) -> list[Event]:
        why = self._refusal(a)
        if why is not None:
            raise IllegalAction(why)
        kind = a[0]
        self.history.append(a[3])
        if kind == STOP:
            return self._call_stop(a[1], a[2])
        if not self._stop:
            return self._move(kind, a[1])
        self._window = None
        if not self._is_fault(kind):
            return self._move(kind, a[1])
        return self._fault(kind, a[1])

    def _move(self, kind: int, n: int) -> list[Event]:
        s = self._seat
        if kind == TURN:
            return self._turn(s)
        if kind == T_DISCARD:
            c = self._turned
            self._turned = -1
            self._discards[s].append(c)
            return [EV_T2D[s][s][c], *self._pass_to((s + 1) % self.players)]
        if kind == T_FOUND:
            c = self._turned
            self._turned = -1
            self._play(c)
            ev = self._ev_t2f[s][c]
        elif kind == T_LOAD:
            c = self._turned
            self._turned = -1
            self._discards[n].append(c)
            ev = EV_T2D[s][n][c]
        elif kind == D_FOUND:
            c = self._discards[s].pop()
            self._play(c)
            ev = self._ev_d2f[s][c]
        else:
            c = self._discards[s].pop()
            self._discards[n].append(c)
            ev = EV_D2D[s][n][c]
        if self._stocks[s] or self._discards[s] or self._turned >= 0:
            return [ev]
        return [ev, self._win(s)]

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
        return [Event("recycle", s, pile, DISCARD[s], STOCK[s], False), EV_TURN[s][c]]

    def _play(self, card: int) -> None:
        self._found[0 if self._single else card // 13].append(card)
        update_fit_mask(self._fit, card, self._single)

    def _pass_to(self, seat: int) -> list[Event]:
        """End the turn: the safety draw, or the next seat to move."""
        self._turns += 1
        self._seat = seat
        if self._turns < TURN_LIMIT:
            return [EV_PASS[seat]]
        self._over = True
        self._winner = "draw"
        self._score = [0] * self.players
        note = f"Draw: the hand reached {TURN_LIMIT:,} turns, so nobody scores."
        return [EV_PASS[seat], Event("over", None, note=note)]

    def _win(self, s: int) -> Event:
        points = sum(len(self._stocks[o]) + len(self._discards[o]) for o in self._opp[s])
        self._over = True
        self._winner = s
        self._score = [0] * self.players
        self._score[s] = points
        return Event("over", s, note=f"Seat {s} wins and scores {points}")


def _unknown(action: object) -> str:
    return (f"{action!r} is not a Pishe Pasha move (moves look like 'turn', 'turned>F', "
            "'turned>D', 'discard>1' or 'stop 1 force').")  # fmt: skip
