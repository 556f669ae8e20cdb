"""Pishe Pasha players (RULES.md §2-§3): when to load a card onto an opponent.

Every move but two is forced; the real choices are loading a card onto an
opponent or keeping it (and which opponent, with three players), and, under
the Stop rule, whether to call Stop and how. Levels:

* ``always-load``: loads whenever it can, onto the first opponent offered.
* ``easy``: forgets recycled stocks, declines loads at random, faults often.
* ``medium``: loads onto the opponent closest to winning, faults sometimes.
* ``hard``: a short search (a few deals, to the end of its own turn), faults rarely.
* ``expert``: determinized search over its own chain of moves and the
  opponents' replies; it keeps the order of recycled stocks (``resample`` keeps
  what the observation shows) and deals only the never-seen stock cards anew.

Faults (Stop rule on) are chosen from ``legal_actions``; the Stop call itself
comes through :meth:`stop_call`.
"""

from __future__ import annotations

import random

from game.ai.base import SeatView
from game.ai.common import BaseAgent
from game.rules.base import GameState

FOUND_ACTS = ("turned>F", "discard>F")
WIN_BONUS = 40.0
FIT_BONUS = 0.8


def split_faults(acts: list[str]) -> tuple[list[str], list[str]]:
    """(proper moves, fault moves) among the non-Stop actions."""
    moves = [a for a in acts if not a.startswith("stop ")]
    forced = [a for a in moves if a in FOUND_ACTS]
    if forced:
        return forced, [a for a in moves if a not in FOUND_ACTS]
    return moves, []


def load_target(action: str) -> int | None:
    """The seat a load action targets, None for any other action."""
    head, _, tail = action.partition(">")
    return int(tail) if tail.isdigit() and head in ("turned", "discard") else None


def _counts(state: GameState) -> list[int]:
    held = state.turned  # type: ignore[attr-defined]
    out = []
    for s in range(state.players):
        n = state.stock_count(s) + len(state.discard_pile(s))  # type: ignore[attr-defined]
        if held is not None and state.to_move == s:
            n += 1
        out.append(n)
    return out


def _fits(card: int, founds: list[list[int]]) -> bool:
    r = card % 13 + 1
    if len(founds) == 1:
        f = founds[0]
        return r == 1 if not f else r == (f[-1] % 13 + 1) % 13 + 1
    f = founds[card // 13]
    return r == 1 if not f else r == f[-1] % 13 + 2


def evaluate(state: GameState, me: int) -> float:
    """Cards the opponents hold minus the seat's own, plus a win bonus.

    A top discard that fits a foundation is a card its owner will shed for
    free at the start of the next turn.
    """
    if state.is_over:
        w = state.winner
        if w == me:
            return WIN_BONUS + state.score[me]
        return 0.0 if w == "draw" else -WIN_BONUS - max(state.score)
    counts = _counts(state)
    opp = [counts[o] for o in range(state.players) if o != me]
    value = 0.5 * (min(opp) + sum(opp) / len(opp)) - counts[me]
    founds = state.foundation_piles()  # type: ignore[attr-defined]
    for s in range(state.players):
        pile = state.discard_pile(s)  # type: ignore[attr-defined]
        if pile and _fits(pile[-1], founds):
            value += FIT_BONUS if s == me else -FIT_BONUS / len(opp)
    return value


def smart_load(acts: list[str], counts: list[int] | None) -> str:
    """Proper move only: load when possible, onto the opponent with fewest cards."""
    proper, _ = split_faults(acts)
    loads = [a for a in proper if load_target(a) is not None]
    if not loads:
        return proper[0]
    if counts is None or len(loads) == 1:
        return loads[0]
    return min(loads, key=lambda a: (counts[load_target(a)], a))  # type: ignore[index]


def playout(state: GameState, me: int, horizon: str, cap: int = 400) -> None:
    """Play on with the smart-load policy: to the end of ``me``'s turn (``own``) or
    until ``me`` is to move again (``reply``)."""
    moves = 0
    while not state.is_over and moves < cap:
        seat = state.to_move
        if horizon == "own" and seat != me:
            return
        if horizon == "reply" and seat == me and moves and _free_start(state):
            return
        acts = state.legal_actions()
        proper, _ = split_faults(acts)
        if len(proper) > 1 and any(load_target(a) is not None for a in proper):
            action = smart_load(acts, _counts(state) if state.players > 2 else None)
        else:
            action = proper[0]
        state.apply(action)
        moves += 1


def best_turn_value(state: GameState, me: int, budget: list[int]) -> float:
    """The best value ``me`` can reach by its choices for the rest of its turn, each
    chain followed by the opponents' replies (depth-first; ``budget`` caps the
    nodes, after which the smart-load policy finishes the turn)."""
    while not state.is_over and state.to_move == me:
        proper, _ = split_faults(state.legal_actions())
        if len(proper) == 1 or budget[0] <= 0:
            if len(proper) > 1:
                proper = [smart_load(proper, _counts(state) if state.players > 2 else None)]
            state.apply(proper[0])
            continue
        best = -1e9
        for a in proper:
            budget[0] -= 1
            child = state.clone()
            child.apply(a)
            best = max(best, best_turn_value(child, me, budget))
        return best
    playout(state, me, "reply")
    return evaluate(state, me)


def _free_start(state: GameState) -> bool:
    return state.turned is None  # type: ignore[attr-defined]


class AlwaysLoad(BaseAgent):
    """The measuring stick: load whenever it can, never a fault, never a Stop."""

    name = "always-load"

    def choose(self, view: SeatView) -> str:
        return smart_load(view.legal_actions(), None)


class PashaLevel(BaseAgent):
    """Shared machinery: fault now and then, call Stop by level, pick moves."""

    fault_rate = 0.0
    stop_rate = 1.0

    def choose(self, view: SeatView) -> str:
        acts = view.legal_actions()
        proper, faults = split_faults(acts)
        if faults and self.fault_rate:
            rng = self.rng(view, salt="fault")
            if rng.random() < self.fault_rate:
                return rng.choice(faults)
        if len(proper) == 1:
            return proper[0]
        return self.pick(view, proper)

    def pick(self, view: SeatView, proper: list[str]) -> str:
        return smart_load(proper, _obs_counts(view))

    def stop_call(self, view: SeatView) -> str | None:
        calls = [a for a in view.legal_actions() if a.startswith(f"stop {view.seat} ")]
        if not calls:
            return None
        rng = self.rng(view, salt="stop")
        if rng.random() >= self.stop_rate:
            return None
        return self.pick_stop(view, calls)

    def pick_stop(self, view: SeatView, calls: list[str]) -> str:
        """``end`` takes the turn from the faulting seat: usually the better call."""
        return next((a for a in calls if a.endswith(" end")), calls[0])


def _obs_counts(view: SeatView) -> list[int]:
    info = view.observation().info
    return [a + b for a, b in zip(info["stocks"], info["discards"], strict=True)]


class EasyPasha(PashaLevel):
    """Forgets stocks, turns down a load about one time in three, faults often."""

    name = "easy"
    fault_rate = 0.3
    stop_rate = 0.35
    decline = 0.35

    def pick(self, view: SeatView, proper: list[str]) -> str:
        rng = self.rng(view, salt="pick")
        keep = [a for a in proper if load_target(a) is None]
        if keep and rng.random() < self.decline:
            return keep[0]
        loads = [a for a in proper if load_target(a) is not None]
        return rng.choice(loads) if loads else proper[0]


class MediumPasha(PashaLevel):
    """Always loads, onto the opponent nearest to winning; faults sometimes."""

    name = "medium"
    fault_rate = 0.1
    stop_rate = 0.65


class SearchPasha(PashaLevel):
    """Determinized search: for each deal of the never-seen stock cards, try each
    move, play on with the smart-load policy to the horizon, and evaluate."""

    deals = 4
    horizon = "own"
    nodes = 64

    def __init__(self, seed: int | None = None, deals: int | None = None) -> None:
        super().__init__(seed)
        if deals is not None:
            self.deals = deals

    def pick(self, view: SeatView, proper: list[str]) -> str:
        return self.search(view, proper, salt="pick")

    def pick_stop(self, view: SeatView, calls: list[str]) -> str:
        return self.search(view, calls, salt="stopsearch")

    def search(self, view: SeatView, options: list[str], salt: str) -> str:
        rng = self.rng(view, salt=salt)
        me = view.seat
        totals = dict.fromkeys(options, 0.0)
        for _ in range(self.deals):
            world = view.resample(random.Random(rng.random()))
            for a in options:
                s = world.clone()
                s.apply(a)
                if self.horizon == "chains":
                    totals[a] += best_turn_value(s, me, [self.nodes])
                else:
                    playout(s, me, self.horizon)
                    totals[a] += evaluate(s, me)
        default = smart_load(options, None) if not options[0].startswith("stop") else options[-1]
        return max(options, key=lambda a: (totals[a], a == default))


class HardPasha(SearchPasha):
    """A short search: a few deals, to the end of its own turn; faults rarely."""

    name = "hard"
    fault_rate = 0.03
    stop_rate = 0.9
    deals = 3
    horizon = "own"


class ExpertPasha(SearchPasha):
    """Searches its own chain of moves and the opponents' replies; never faults."""

    name = "expert"
    fault_rate = 0.0
    stop_rate = 1.0
    deals = 12
    horizon = "chains"
