"""Fast playouts of a Pishe Pasha hand for the Expert's search, a mixin of the state.

:meth:`Rollouts.play_out` finishes a hand with every seat loading whenever it can (the
always-load policy; with three seats, onto the opponent holding fewest cards),
exactly as :func:`game.games.pishe_pasha.ai.finish` does through the engine's
``legal_actions``/``apply``, but on the state's own piles, with no action or
event objects and no history. That makes a playout four to five times
cheaper, so the Expert can afford more deals where a hand is close.

The rules come from the engine's own tables: the state's fit mask and
adjacency table (:mod:`game.games.pishe_pasha.legality`), and its turn limit.
Tests play thousands of hands both ways and check they end alike, and that each
step is the move :func:`~game.games.pishe_pasha.legality.legal_moves` offers first
(the load, or the only move).
"""

from __future__ import annotations

from game.core.types import DRAW, Outcome
from game.games.pishe_pasha.kinds import Reasons
from game.games.pishe_pasha.legality import KING0, TURN_LIMIT

NEXT_RANK = tuple((r + 1) % 13 for r in range(13))
NONE_FITS, ALL_FIT = bytes(4), bytes((1, 1, 1, 1))  # a rank's four cards in a fit mask


class Rollouts:
    """The Expert's fast playout; needs PishePasha's state."""

    __slots__ = ()

    @property
    def plain(self) -> bool:
        """No Stop window open, no win waiting, not over: :meth:`play_out` may play on."""
        return self._window is None and not self._waiting and self._outcome is None

    def play_out(self, cap: int = 1200, stop_for: tuple[int, ...] = ()) -> int:
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
        seat = self._seat
        t = self._turned
        turns = self._turns
        moves = 0
        winner = -1
        while moves < cap:
            own = discards[seat]
            if t < 0 and own and fit[own[-1]]:  # the top discard must go to the foundation
                c = own.pop()
            else:
                if t < 0:  # free: load the top discard if it loads, else turn
                    if own:
                        if three:
                            target = _load_target(own[-1], seat, discards, stocks, adj, opps)
                        else:
                            target = 1 - seat
                            d = discards[target]
                            if not d or not adj[own[-1]][d[-1]]:
                                target = -1
                        if target >= 0:
                            if seat in stop_for:
                                break
                            discards[target].append(own.pop())
                            moves += 1
                            if not own and not stocks[seat]:
                                winner = seat
                                break
                            continue
                    stock = stocks[seat]
                    if not stock:  # recycle the discard pile as a block
                        stock.extend(reversed(own))
                        own.clear()
                    t = stock.pop()
                    moves += 1
                    if moves >= cap:
                        break
                if fit[t]:  # holding: the turned card must go to the foundation
                    c = t
                    t = -1
                elif own and fit[own[-1]]:  # (only after a fault nobody stopped)
                    c = own.pop()
                else:  # load it if it loads, else discard it and end the turn
                    if three:
                        target = _load_target(t, seat, discards, stocks, adj, opps)
                    else:
                        target = 1 - seat
                        d = discards[target]
                        if not d or not adj[t][d[-1]]:
                            target = -1
                    if target >= 0:
                        if seat in stop_for:
                            break
                        discards[target].append(t)
                    else:
                        own.append(t)
                        turns += 1
                        seat = seat + 1 if seat + 1 < n else 0
                    t = -1
                    moves += 1
                    if target < 0:
                        if turns >= TURN_LIMIT:
                            break
                    elif not own and not stocks[seat]:
                        winner = seat
                        break
                    continue
            if single:  # c goes to the foundation (legality.update_fit_mask, written out)
                found[0].append(c)
                r = c % 13
                fit[r::13] = NONE_FITS
                fit[NEXT_RANK[r] :: 13] = ALL_FIT
            else:
                found[c // 13].append(c)
                fit[c] = 0
                if c % 13 != KING0:
                    fit[c + 1] = 1
            moves += 1
            if t < 0 and not own and not stocks[seat]:
                winner = seat
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


def _load_target(card: int, seat: int, discards, stocks, adj, opps) -> int:
    """The seat ``card`` is loaded onto with three seats (-1: none): the one holding
    fewest cards (ties to the lower seat), as smart_load chooses. (Two seats are
    handled inline in :func:`play_out`: the one opponent, if the card fits.)"""
    row = adj[card]
    best = -1
    best_count = 0
    for o in opps[seat]:
        d = discards[o]
        if d and row[d[-1]]:
            count = len(stocks[o]) + len(d)
            if best < 0 or count < best_count:
                best, best_count = o, count
    return best
