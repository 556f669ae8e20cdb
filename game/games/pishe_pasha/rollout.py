"""Fast playouts of a Pishe Pasha hand for the Expert's search, a mixin of the state.

:meth:`Rollouts.play_out` finishes a hand with every seat loading whenever it can (the
always-load policy; with three seats, onto the opponent holding fewest cards),
exactly as :func:`game.games.pishe_pasha.ai.finish` does through the engine's
``legal_actions``/``apply``, but on the state's own piles, with no action or
event objects and no history. That makes a playout four to five times
cheaper, so the Expert can afford more deals where a hand is close.

The rules come from the engine's own tables: the state's fit mask and
adjacency table (:mod:`game.games.pishe_pasha.kernel`), and its turn limit.
Tests play thousands of hands both ways and check they end alike, and that each
step is the move :func:`~game.games.pishe_pasha.kernel.legal_moves` offers first
(the load, or the only move).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.types import DRAW, Outcome
from game.games.pishe_pasha.fields import PisheFields
from game.games.pishe_pasha.kernel import TURN_LIMIT, play_up
from game.games.pishe_pasha.kinds import Reasons

NEXT_SEAT = {n: tuple((s + 1) % n for s in range(n)) for n in (2, 3)}


class Rollouts(PisheFields):
    """The Expert's fast playout; needs PishePasha's state."""

    if not TYPE_CHECKING:  # the fields' slots are PishePasha's; the checker reads them here
        __slots__ = ()

    @property
    def plain(self) -> bool:
        """No Stop window open, no win waiting, not over: :meth:`play_out` may play on."""
        return self._window is None and not self._waiting and self._outcome is None

    def play_out(self, cap: int = 1200, stop_for: tuple[int, ...] = ()) -> int:  # noqa: C901 (hot)
        """Play on in place (always-load) for at most ``cap`` moves; the moves made.

        With seats in ``stop_for``, stop instead when one of them has a real choice (a card
        it may load or keep); the state is then left at that decision.

        The state is left consistent (piles, foundations, seat, turned card, turn
        count, outcome) for evaluation, though its history and its counts of
        never-seen stock cards do not follow the playout.
        """
        stocks = self._stocks
        discards = self._discards
        fit = self._fit
        adj = self._adj
        opps = self._opp
        single = self._single
        found = self._found
        n = self.players
        three = n > 2
        after = NEXT_SEAT[n]
        seat = self._seat
        t = self._turned
        turns = self._turns
        moves = 0
        winner = -1
        own = discards[seat]
        while t >= 0 and own and fit[own[-1]] and not fit[t] and moves < cap:
            play_up(own.pop(), found, fit, single)  # (only after a fault nobody stopped)
            moves += 1
        going = moves < cap
        while going:  # a turn of ``seat``
            stock = stocks[seat]
            own = discards[seat]
            other = 1 - seat  # (two seats: the one to load onto)
            opp = discards[other]
            while True:  # its moves: each plays a card up, loads one, or turns one
                if t < 0:  # free: play up or load the top discard, else turn
                    if own and fit[own[-1]]:
                        play_up(own.pop(), found, fit, single)
                    else:
                        target = -1
                        if own:
                            if three:
                                target = _load_target(own[-1], seat, discards, stocks, adj, opps)
                            elif opp and adj[own[-1]][opp[-1]]:
                                target = other
                        if target >= 0:
                            if seat in stop_for:
                                going = False
                                break
                            discards[target].append(own.pop())
                        else:
                            if not stock:  # recycle the discard pile as a block
                                stock.extend(reversed(own))
                                own.clear()
                            t = stock.pop()
                            moves += 1
                            if moves >= cap:
                                going = False
                                break
                if t >= 0:  # holding: play it up, or load it, or discard it
                    if fit[t]:
                        play_up(t, found, fit, single)
                    else:
                        if three:
                            target = _load_target(t, seat, discards, stocks, adj, opps)
                        else:
                            target = other if opp and adj[t][opp[-1]] else -1
                        if target < 0:  # the turn ends
                            own.append(t)
                            t = -1
                            moves += 1
                            turns += 1
                            seat = after[seat]
                            going = turns < TURN_LIMIT and moves < cap
                            break
                        if seat in stop_for:
                            going = False
                            break
                        discards[target].append(t)
                    t = -1
                moves += 1  # a card played up or loaded: the seat may be out of cards
                if not own and not stock:
                    winner = seat
                    going = False
                    break
                if moves >= cap:
                    going = False
                    break
        self._seat = seat
        self._turned = t
        self._turns = turns
        self._legal = self._clean = None
        if winner >= 0:
            score = [0] * n
            score[winner] = sum(len(stocks[o]) + len(discards[o]) for o in opps[winner])
            self._outcome = Outcome(winner, Reasons.WENT_OUT, tuple(score))
        elif turns >= TURN_LIMIT:
            self._outcome = Outcome(DRAW, Reasons.TURN_LIMIT, (0,) * n)
        return moves


def _load_target(
    card: int,
    seat: int,
    discards: list[list[int]],
    stocks: list[list[int]],
    adj: tuple[bytes, ...],
    opps: tuple[tuple[int, ...], ...],
) -> int:
    """The seat ``card`` is loaded onto with three seats (-1: none): of the two opponents
    it loads onto, the one holding fewer cards (ties to the lower seat), as smart_load
    chooses. (Two seats are handled inline in :meth:`Rollouts.play_out`.)"""
    row = adj[card]
    a, b = opps[seat]
    pa, pb = discards[a], discards[b]
    if pa and row[pa[-1]]:
        if pb and row[pb[-1]] and len(stocks[b]) + len(pb) < len(stocks[a]) + len(pa):
            return b
        return a
    return b if pb and row[pb[-1]] else -1
