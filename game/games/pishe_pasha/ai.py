"""Pishe Pasha players (RULES.md §2-§3): when to load a card onto an opponent.

Every move but two is forced; the real choices are loading a card onto an
opponent or keeping it (and which opponent, with three players), and, under
the Stop rule, whether to call Stop and how. Levels:

* ``always-load``: loads whenever it can, onto the first opponent offered.
* ``easy``: forgets recycled stocks, declines loads at random, faults often.
* ``medium``: loads onto the opponent closest to winning, faults sometimes.
* ``hard``: a short search (a few deals, to the end of its own turn), faults rarely.
* ``expert``: nested rollouts: for each of 8 to 32 deals of the never-seen stock
  cards, each choice is followed by the whole rest of the hand, the other seats
  loading whenever they can and the Expert choosing its own later loads by one
  playout per option; the best mean outcome (wins first) is chosen. It keeps the
  order of recycled stocks (``resample`` keeps what the observation shows) and
  deals only the never-seen stock cards anew.

Faults (Stop rule on) are chosen from ``legal_actions``; the Stop call itself
comes through :meth:`call`, and the only move while a winning fault waits on the
Stop window is ``accept``.

The coach runs the Expert's own search (:meth:`ExpertPasha.values`) and watches it
(:class:`Watch`): each continuation is shown to it as it is played.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from game.core.agents import BaseAgent, SeatView
from game.core.types import DRAW, Action
from game.games.pishe_pasha.kernel import fits
from game.games.pishe_pasha.kinds import FOUNDATION, ActionKinds, load_seat

if TYPE_CHECKING:
    from game.games.pishe_pasha.rules import PishePasha

WIN_BONUS = 40.0
PLAY_DEALS = 8  # the Expert's deals per batch (see Deals)
FIT_BONUS = 0.8
ROLLOUT_WIN = 100.0


def _world(view: SeatView, rng: random.Random) -> PishePasha:
    """A deal consistent with the seat's view: one of this game's hands, since its agents
    sit only at its tables."""
    return cast("PishePasha", view.resample(rng))


def split_faults(acts: list[Action]) -> tuple[list[Action], list[Action]]:
    """(proper moves, fault moves): with a foundation play open, every other move is a fault."""
    forced = [a for a in acts if a.dst is FOUNDATION]
    if forced:
        return forced, [a for a in acts if a.dst is not FOUNDATION]
    return acts, []


def load_target(action: Action) -> int | None:
    """The seat a load action targets, None for any other action."""
    return load_seat(action)


def _counts(state: PishePasha) -> list[int]:
    held = state.turned
    out = []
    for s in range(state.players):
        n = state.stock_count(s) + len(state.discard_pile(s))
        if held is not None and state.to_move == s:
            n += 1
        out.append(n)
    return out


def evaluate(state: PishePasha, me: int) -> float:
    """Cards the opponents hold minus the seat's own, plus a win bonus.

    A top discard that fits a foundation is a card its owner will shed for
    free at the start of the next turn.
    """
    if state.is_over:
        w = state.winner
        if w == me:
            return WIN_BONUS + state.score[me]
        return 0.0 if w is DRAW else -WIN_BONUS - max(state.score)
    counts = _counts(state)
    opp = [counts[o] for o in range(state.players) if o != me]
    value = 0.5 * (min(opp) + sum(opp) / len(opp)) - counts[me]
    founds = state.foundation_piles()
    for s in range(state.players):
        pile = state.discard_pile(s)
        if pile and fits(pile[-1], founds, len(founds) == 1):
            value += FIT_BONUS if s == me else -FIT_BONUS / len(opp)
    return value


def smart_load(acts: list[Action], counts: list[int] | None) -> Action:
    """Proper move only: load when possible, onto the opponent with fewest cards."""
    proper, _ = split_faults(acts)
    loads = [a for a in proper if load_target(a) is not None]
    if not loads:
        return proper[0]
    if counts is None or len(loads) == 1:
        return loads[0]
    return min(loads, key=lambda a: (counts[load_seat(a) or 0], a))  # (every one loads)


def playout(state: PishePasha, me: int, horizon: str, cap: int = 400) -> None:
    """Play on with the smart-load policy to the end of ``me``'s turn (``own``)."""
    moves = 0
    while not state.is_over and moves < cap:
        seat = state.to_move
        if horizon == "own" and seat != me:
            return
        acts = state.legal_actions()
        proper, _ = split_faults(acts)
        if len(proper) > 1 and any(load_target(a) is not None for a in proper):
            action = smart_load(acts, _counts(state) if state.players > 2 else None)
        else:
            action = proper[0]
        state.apply(action)
        moves += 1


class AlwaysLoad(BaseAgent):
    """The measuring stick: load whenever it can, never a fault, never a Stop."""

    name = "always-load"

    def choose(self, view: SeatView) -> Action:
        return smart_load(view.legal_actions(), None)


class PashaLevel(BaseAgent):
    """Shared machinery: fault now and then, call Stop by level, pick moves."""

    fault_rate = 0.0
    stop_rate = 1.0

    def choose(self, view: SeatView) -> Action:
        acts = view.legal_actions()
        proper, faults = split_faults(acts)
        if faults and self.fault_rate:
            rng = self.rng(view, salt="fault")
            if rng.random() < self.fault_rate:
                return rng.choice(faults)
        if len(proper) == 1:
            return proper[0]
        return self.pick(view, proper)

    def pick(self, view: SeatView, proper: list[Action]) -> Action:
        return smart_load(proper, _obs_counts(view))

    def call(self, view: SeatView) -> Action | None:
        calls = view.calls()
        if not calls:
            return None
        rng = self.rng(view, salt="stop")
        if rng.random() >= self.stop_rate:
            return None
        return self.pick_stop(view, calls)

    def pick_stop(self, view: SeatView, calls: list[Action]) -> Action:
        """``end`` takes the turn from the faulting seat: usually the better call."""
        return next((a for a in calls if a.kind is ActionKinds.STOP_END), calls[0])


def _obs_counts(view: SeatView) -> list[int]:
    info = view.observation().info
    return [a + b for a, b in zip(info["stocks"], info["discards"], strict=True)]


class EasyPasha(PashaLevel):
    """Forgets stocks, turns down a load about one time in three, faults often."""

    name = "easy"
    fault_rate = 0.3
    stop_rate = 0.35
    decline = 0.35

    def pick(self, view: SeatView, proper: list[Action]) -> Action:
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

    def __init__(self, seed: int | None = None, deals: int | None = None) -> None:
        super().__init__(seed)
        if deals is not None:
            self.deals = deals

    def pick(self, view: SeatView, proper: list[Action]) -> Action:
        return self.search(view, proper, salt="pick")

    def pick_stop(self, view: SeatView, calls: list[Action]) -> Action:
        return self.search(view, calls, salt="stopsearch")

    def search(self, view: SeatView, options: list[Action], salt: str) -> Action:
        rng = self.rng(view, salt=salt)
        me = view.seat
        totals = dict.fromkeys(options, 0.0)
        for _ in range(self.deals):
            world = _world(view, random.Random(rng.random()))
            for a in options:
                s = world.clone()
                s.apply(a)
                totals[a] += self.value(s, me)
        default = options[-1] if options[0].is_call else smart_load(options, None)
        return max(options, key=lambda a: (totals[a], a == default))

    def value(self, state: PishePasha, me: int) -> float:
        """``me``'s value of ``state`` just after a candidate move (played on in place)."""
        playout(state, me, self.horizon)
        return evaluate(state, me)


class HardPasha(SearchPasha):
    """A short search: a few deals, to the end of its own turn; faults rarely."""

    name = "hard"
    fault_rate = 0.03
    stop_rate = 0.9
    deals = 3
    horizon = "own"


@dataclass(frozen=True)
class Deals:
    """How many deals of the never-seen stock cards the Expert's search plays: ``batch``
    at a time, up to ``batches`` batches while its best two moves stay within ``z``
    standard errors of each other."""

    batch: int = PLAY_DEALS
    batches: int = 4
    z: float = 2.0

    def most(self, budget: float = 1.0) -> Deals:
        """Its most deals, times ``budget``, in one batch: for the coach, which values
        every move, not only the best two, so it never stops early."""
        return Deals(max(1, round(self.batch * self.batches * budget)), 1, self.z)


class Watch:
    """What the Expert's search shows an onlooker (the coach): each continuation it plays.

    For each deal and each candidate move the search calls :meth:`start` (the move not
    made yet); :meth:`stopped` when the move was a fault (the others' best Stop call is
    then played); :meth:`move` before each move of the continuation for as long as it
    returns True (the search plays those through the engine, one by one: the same moves
    its fast path would make); and :meth:`end` with the continuation's last position."""

    def start(self, state: PishePasha, option: Action) -> None:
        """``option`` is about to be tried in a deal (``state``)."""

    def stopped(self, state: PishePasha) -> None:
        """The option was a fault (``state``: just after it): a Stop call follows."""

    def move(self, state: PishePasha, action: Action) -> bool:
        """``action`` is about to be made; False: show no more moves of this continuation."""
        return False

    def end(self, state: PishePasha) -> None:
        """The continuation's last position (the hand over, unless it reached the cap)."""


class Points(Watch):
    """The points each option's continuations ended with, for the seat (points won minus
    points conceded): the coach's values, from the Expert's own continuations."""

    def __init__(self, me: int) -> None:
        self.me = me
        self.option: Action | None = None
        self.totals: dict[Action, float] = {}
        self.runs: dict[Action, int] = {}

    def start(self, state: PishePasha, option: Action) -> None:
        self.option = option
        self.runs[option] = self.runs.get(option, 0) + 1

    def end(self, state: PishePasha) -> None:
        option = self.option
        assert option is not None, "the search starts an option before it ends one"
        score = state.score
        points = score[self.me] - sum(p for s, p in enumerate(score) if s != self.me)
        self.totals[option] = self.totals.get(option, 0.0) + points

    def means(self) -> dict[Action, float]:
        return {a: self.totals[a] / n for a, n in self.runs.items()}


EXPERT_DEALS = Deals()


class ExpertPasha(SearchPasha):
    """Nested rollouts to the end of the hand: for each deal of the never-seen stock
    cards, try each move and play the whole hand out, the other seats loading
    whenever they can and the Expert choosing each of its later loads by a playout
    per option in that deal (:func:`finish_looking`); take the move with the best
    mean outcome (wins first, then points). Never faults.

    Where the choice is close (the best two moves' mean outcomes within about
    two standard errors of their paired difference), it deals again, in
    batches, up to ``spread`` times: the search goes on longer where it matters.
    """

    name = "expert"
    fault_rate = 0.0
    stop_rate = 1.0
    deals = EXPERT_DEALS.batch
    spread = EXPERT_DEALS.batches  # at most this many times ``deals`` in a close decision
    z = EXPERT_DEALS.z  # how many standard errors apart the best two must be to stop early
    careful: frozenset[int] = frozenset()  # seats read as Hard (they have passed up a load)
    watch: Watch | None = None  # who watches the search under way (the coach), if anyone

    def search(self, view: SeatView, options: list[Action], salt: str) -> Action:
        values = self.values(view, options, self.rng(view, salt=salt))
        default = options[-1] if options[0].is_call else smart_load(options, None)
        return max(options, key=lambda a: (sum(values[a]), a == default))

    def values(self, view: SeatView, options: list[Action], rng: random.Random,
               deals: Deals | None = None,
               watch: Watch | None = None) -> dict[Action, list[float]]:  # fmt: skip
        """Each option's outcome in each deal played (:meth:`value`), shown to ``watch``."""
        deals = deals or Deals(self.deals, self.spread, self.z)
        me = view.seat
        self.careful = decliners(view)
        self.watch = watch
        values: dict[Action, list[float]] = {a: [] for a in options}
        try:
            for batch in range(deals.batches):
                if batch and _settled(values, deals.z):
                    break
                for _ in range(deals.batch):
                    world = _world(view, random.Random(rng.random()))
                    for a in options:
                        st = world.clone()
                        if watch is not None:
                            watch.start(st, a)
                        st.apply(a)
                        values[a].append(self.value(st, me))
        finally:
            self.watch = None
        return values

    def value(self, state: PishePasha, me: int) -> float:
        """``me``'s outcome of the hand played out from ``state``, a candidate just made;
        after a fault (the coach asks about those), the others' best Stop call is made
        first, since the Expert always calls."""
        watch = self.watch
        calls = state.calls()
        if not calls:
            return finish_looking(state, me, self.careful, watch)
        if watch is not None:
            watch.stopped(state)
        worst, last = math.inf, state
        for c in calls:
            after = state.clone()
            after.apply(c)
            v = finish_looking(after, me, self.careful)
            if v < worst:
                worst, last = v, after
        if watch is not None:
            watch.end(last)
        return worst


def _settled(values: dict[Action, list[float]], z: float) -> bool:
    """The best option's lead over the second is clear (paired over the same deals)."""
    if len(values) < 2:
        return True
    ranked = sorted(values, key=lambda a: sum(values[a]), reverse=True)
    a, b = values[ranked[0]], values[ranked[1]]
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    if var == 0.0:
        return True
    return mean > z * math.sqrt(var / n)


ROLLOUT_CAP = 1200


def points_values(view: SeatView, options: list[Action], rng: random.Random,
                  budget: float = 1.0) -> dict[Action, float]:  # fmt: skip
    """Expected points of each option for the seat (points won minus points conceded):
    the Expert's search over ``budget`` times its most deals, every deal played
    (:meth:`Deals.most`), its continuations counted in points. For the coach: its
    verdicts are in points, not wins."""
    points = Points(view.seat)
    ExpertPasha().values(view, options, rng, EXPERT_DEALS.most(budget), points)
    return points.means()


def finish(state: PishePasha, me: int) -> float:
    """Play the hand out with every seat loading whenever it can; ``me``'s outcome:
    a win or a loss outweighs any points."""
    moves = 0
    if state.plain:  # the same playout on the piles directly, much faster
        moves = state.play_out(ROLLOUT_CAP)
    while not state.is_over and moves < ROLLOUT_CAP:
        state.apply(_loading(state))
        moves += 1
    return _outcome(state, me)


def finish_looking(state: PishePasha, me: int, careful: frozenset[int] = frozenset(),
                   watch: Watch | None = None) -> float:  # fmt: skip
    """Play the hand out in this deal, ``me`` choosing each of its loads by one
    :func:`finish` per option, the ``careful`` seats as Hard would in this deal, the
    others loading whenever they can: ``me``'s outcome. ``watch`` sees the moves.

    The Expert's rollout. Playing its own later choices as well as the deal allows,
    not always-load, is what lets a candidate move be judged by a good continuation:
    one step of lookahead per choice (a nested rollout).
    """
    moves = 0
    deciders = (me, *careful)
    watching = watch is not None
    while not state.is_over and moves < ROLLOUT_CAP:
        if not watching and state.plain:
            moves += state.play_out(ROLLOUT_CAP - moves, stop_for=deciders)
            if state.is_over or moves >= ROLLOUT_CAP:
                break
        proper, _ = split_faults(state.legal_actions())
        seat = state.to_move
        if len(proper) < 2:
            action = _loading(state)
        elif seat == me:
            action = _best_by_playout(state, proper, me)
        elif seat in careful:
            action = _hard_choice(state, proper, seat)
        else:
            action = _loading(state)
        if watch is not None and watching:
            watching = watch.move(state, action)
        state.apply(action)
        moves += 1
    if watch is not None:
        watch.end(state)
    return _outcome(state, me)


def _hard_choice(state: PishePasha, options: list[Action], seat: int) -> Action:
    """Hard's choice where it sees this deal: the option whose position at the end of
    ``seat``'s turn it values most (a load on ties)."""
    default = smart_load(options, _counts(state) if state.players > 2 else None)

    def value(a: Action) -> tuple[float, bool]:
        trial = state.clone()
        trial.apply(a)
        playout(trial, seat, "own")
        return evaluate(trial, seat), a == default

    return max(options, key=value)


def decliners(view: SeatView) -> frozenset[int]:
    """The other seats that have turned down a load this hand: they do not always load.

    A load's chance is public (both cards are face up), so the hand's history, replayed
    on any deal that agrees with the view, shows every load a seat passed up.
    """
    world = view.resample(random.Random(0))
    replay = type(world).from_setup(world.setup(), world.options)
    out: set[int] = set()
    for a in world.history:
        seat = replay.to_move
        if seat != view.seat and not a.is_call and load_seat(a) is None and seat not in out:
            proper, _ = split_faults(replay.legal_actions())
            if any(load_seat(x) is not None for x in proper) and a in proper and seat is not None:
                out.add(seat)
        replay.apply(a)
    return frozenset(out)


def _best_by_playout(state: PishePasha, options: list[Action], me: int) -> Action:
    """The option whose always-load playout in this deal ends best for ``me`` (first on ties)."""
    best, best_value = options[0], -math.inf
    for a in options:
        trial = state.clone()
        trial.apply(a)
        value = finish(trial, me)
        if value > best_value:
            best, best_value = a, value
    return best


def _loading(state: PishePasha) -> Action:
    """The always-load move through the engine (a Stop window open, or a win waiting)."""
    acts = state.legal_actions()
    a = acts[0]
    if len(acts) > 1 and a.dst is not FOUNDATION:
        if state.players > 2:
            return smart_load(acts, _counts(state))
        return next((x for x in acts if load_seat(x) is not None), a)
    return a


def _outcome(state: PishePasha, me: int) -> float:
    if not state.is_over:
        return evaluate(state, me)
    w = state.winner
    if w == me:
        return ROLLOUT_WIN + state.score[me]
    return 0.0 if w is DRAW else -ROLLOUT_WIN - max(state.score)
