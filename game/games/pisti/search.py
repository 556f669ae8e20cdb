"""The Pişti Expert's search: deals of the unseen cards weighted by the plays seen.

:func:`evaluate` gives, for each candidate card, the expected margin from now
to the end of the hand for the seat's side (its points minus the others'
mean), from one seat's observation only:

* In the last deal, when the possible holdings of the other seats are few
  (two players: the unseen cards are the opponent's hand and, at most, the
  three face-down cards the opponent took), every holding is listed, weighted
  by how likely it makes the plays seen (:mod:`game.games.pisti.infer`), and
  the rest of the hand is searched exactly for each (:mod:`game.games.pisti.solve`).
* Otherwise deals are drawn uniformly, weighted the same way, and redrawn in
  proportion to their weights (sampling importance resampling); each candidate
  is played in every deal drawn and the hand finished by the fast Hard policy.
  In the last deal with few cards left the drawn deals are searched exactly
  (with four players from three cards a hand: on 3,567 recorded last-deal
  decisions it gave up 0.429 points a decision against the best play with
  every card seen, where rolling those deals out gave up 0.447).
  While the best two candidates are too close to tell apart, another batch of
  deals is drawn (most of the search's mistakes are such close calls).

The work is counted in simulated plays, never in seconds, so a decision never
depends on the machine's speed.

An onlooker (the coach) may watch the search (:class:`Watch`): it is shown, in every deal
the search plays, each candidate card and the plays after it, as the rollouts make them,
for as long as it watches; the search itself is unchanged by it.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import combinations
from typing import NamedTuple

from game.core.state import Observation
from game.games.pisti.infer import Reader
from game.games.pisti.kernel import POINTS, RANK0, TAKES
from game.games.pisti.model import (
    PistiKnowledge,
    Sim,
    deal_hands,
    greedy_card,
    knowledge,
    policy_card,
    sample_sim,
    shuffled_unseen,
    sim_from,
)
from game.games.pisti.solve import LastDeal, tree_size

HOLDINGS_WATCHED = 400  # holdings of an exact last deal shown to an onlooker, at most


@dataclass(frozen=True)
class Budget:
    """How much work one evaluation may do (plays simulated, worlds listed)."""

    plays: int = 60_000  # simulated plays for the rollouts
    min_deals: int = 24
    max_deals: int = 400
    candidates: int = 3  # uniform deals drawn per deal kept, when the plays seen say something
    exact_leaves: int = 30_000  # worlds x tree leaves searched exactly in the last deal
    exact_tree: int = 600  # largest tree searched exactly in a drawn deal
    read_style: bool = True  # rollouts: each other seat plays the way the reader says it does
    batches: int = 4  # at most this many batches of deals while the best two stay close
    close_z: float = 2.0  # "close": the gap is under this many standard errors...
    close_points: float = 0.05  # ...and those errors could hide more than these points
    most_plays: int = 150_000  # simulated plays over every batch (two and four players)
    most_plays_3p: int = 112_500  # three players (measured: the slowest stay under a second)
    most_leaves: int = 45_000  # leaves searched exactly over every batch (max-n is slow)
    # four players: drawn deals of the last deal are searched exactly from bigger trees
    exact_tree_4p: int = 25_000  # from three cards a hand (the fourth seat still holding four)
    exact_leaves_4p: int = 130_000  # leaves per batch of drawn deals searched exactly
    most_leaves_4p: int = 200_000
    deal_leaves_4p: int = 250  # what setting up one deal costs, in leaves (small trees)

    def plays_room(self, players: int) -> int:
        """Simulated plays over every batch of one decision with ``players`` seats."""
        return self.most_plays_3p if players == 3 else self.most_plays

    def exact_room(self, players: int) -> tuple[int, int, int, int]:
        """For drawn deals searched exactly with ``players`` seats: the largest tree, the
        leaves in one batch, the leaves over every batch and the cost of a deal itself."""
        if players == 4:
            return (self.exact_tree_4p, self.exact_leaves_4p, self.most_leaves_4p,
                    self.deal_leaves_4p)  # fmt: skip
        return self.exact_tree, self.exact_leaves, self.most_leaves, 0

    def scaled(self, factor: float) -> Budget:
        """The same search with ``factor`` times the work (the coach's reviews)."""
        if factor == 1:
            return self
        return replace(
            self,
            plays=int(self.plays * factor),
            min_deals=max(1, int(self.min_deals * factor)),
            max_deals=max(1, int(self.max_deals * factor)),
            exact_leaves=int(self.exact_leaves * factor),
            exact_tree=int(self.exact_tree * factor),
            most_plays=int(self.most_plays * factor),
            most_plays_3p=int(self.most_plays_3p * factor),
            most_leaves=int(self.most_leaves * factor),
            exact_tree_4p=int(self.exact_tree_4p * factor),
            exact_leaves_4p=int(self.exact_leaves_4p * factor),
            most_leaves_4p=int(self.most_leaves_4p * factor),
        )


PLAY = Budget()


class Play(NamedTuple):
    """One card played in a continuation the search shows: who played it, the lone card it
    fell on (None unless the table held exactly one), and the cards and points it took
    (``taken`` 0: it took nothing)."""

    mover: int
    card: int
    lone: int | None
    taken: int
    points: int


class Watch:
    """An onlooker of the search (the coach). For each candidate card in each deal the
    search calls :meth:`start` (``weight``: how much the deal counts; ``solved``: the
    deal's values come from an exact search, so the continuation shown is the rollouts'
    line, not the one searched), then :meth:`played` after the card and after each play
    that follows, as the rollouts make them, for as long as it returns True."""

    def start(self, sim: Sim, card: int, weight: float, solved: bool) -> None:
        """``card`` is about to be played in ``sim`` (its seat to move)."""

    def played(self, sim: Sim, play: Play) -> bool:
        """A card was played (``sim``: after it); False: show no more of this continuation."""
        return False


def class_key(card: int) -> tuple[int, int]:
    return (RANK0[card], POINTS[card])


def _margin(points: list[int] | list[float], side: int) -> float:
    others = [p for s, p in enumerate(points) if s != side]
    return points[side] - sum(others) / len(others)


def evaluate(obs: Observation, options: list[int], rng: random.Random, budget: Budget = PLAY,
             watch: Watch | None = None) -> dict[int, float]:  # fmt: skip
    """Expected margin (points from now on, the seat's side minus the others' mean) of
    each card in ``options``, from ``obs`` alone; ``watch`` is shown what it plays."""
    k = knowledge(obs)
    reader = Reader(obs, k)
    seat = k.seat
    if k.pack_size == 0:
        exact = _exact_last_deal(k, reader, options, budget, watch)
        if exact is not None:
            return exact
    cards_left = max(1, k.cards_left)
    deals = rollout_deals(budget, len(options), cards_left)
    exact_tree, exact_leaves, most_leaves, deal_cost = budget.exact_room(k.players)
    tree = tree_size(k.hand_sizes, seat) if k.pack_size == 0 else exact_tree + 1
    solve_exact = tree <= exact_tree
    per_deal = tree + deal_cost if solve_exact else len(options) * cards_left
    if solve_exact:  # exact values need fewer deals; the leaves searched stay bounded
        deals = max(budget.min_deals, min(deals, exact_leaves // per_deal))
    styles = reader.greedy_seats(k.players) if budget.read_style else None
    room = most_leaves if solve_exact else budget.plays_room(k.players)
    tally = _Tally(options)
    used = 0
    for batch in range(max(1, budget.batches)):
        if batch:
            deals = min(deals, (room - used) // per_deal)
            if deals < budget.min_deals or not tally.close(budget.close_z, budget.close_points):
                break
        for world, times in _unique(draw_worlds(k, reader, rng, deals, budget.candidates)):
            values = _world_values(world, options, k.side, seat, solve_exact, styles, watch, times)
            tally.add(values, times)
        used += deals * per_deal
    return tally.means()


def rollout_deals(budget: Budget, options: int, cards_left: int) -> int:
    """Deals in one batch of rollouts: the plays shared among the candidates and the cards
    still to be played, within the budget's least and most deals."""
    deals = budget.plays // (options * max(1, cards_left))
    return max(budget.min_deals, min(budget.max_deals, deals))


def _world_values(world: Sim, options: list[int], side: int, seat: int, solve_exact: bool,
                  styles: tuple[bool, ...] | None, watch: Watch | None = None,
                  weight: float = 1.0) -> dict[int, float]:  # fmt: skip
    """Each candidate's margin in one deal: searched exactly, or rolled out."""
    if solve_exact:
        by_key = {class_key(c): v for c, v in LastDeal(world, side).values(seat).items()}
        if watch is not None:
            for c in options:
                _show(watch, world.copy(), c, styles, weight, True)
        return {c: by_key[class_key(c)] for c in options}
    out = {}
    for c in options:
        sim = world.copy()
        if watch is None:
            sim.play(c)
        else:
            _show(watch, sim, c, styles, weight, False)
        sim.rollout_as(styles)
        out[c] = _margin(sim.points, side)
    return out


def rollout_card(sim: Sim, styles: tuple[bool, ...] | None) -> int:
    """The card the seat to move plays in the rollouts (``Sim.rollout_as``'s choice)."""
    hand = sim.hands[sim.turn]
    if len(hand) == 1:
        return hand[0]
    if styles and styles[sim.turn]:
        return greedy_card(hand, sim.table)
    return policy_card(hand, sim.table, len(sim.table), sim.tval, bool(sim.pack), sim.seen)


def _show(watch: Watch, sim: Sim, card: int, styles: tuple[bool, ...] | None, weight: float,
          solved: bool) -> None:  # fmt: skip
    """Play ``card`` in ``sim`` and on, one card at a time as the rollouts play, for as
    long as ``watch`` watches; ``sim`` is left where it stopped."""
    watch.start(sim, card, weight, solved)
    while True:
        table = sim.table
        takes = bool(table) and TAKES[card][table[-1]]
        size = len(table)
        lone = table[0] if size == 1 else None
        mover = sim.turn
        side = sim.sides[mover]
        before = sim.points[side]
        sim.play(card)
        play = Play(mover, card, lone, size if takes else 0, sim.points[side] - before)
        if not watch.played(sim, play) or sim.over:
            return
        card = rollout_card(sim, styles)


def _unique(worlds: list[Sim]) -> list[tuple[Sim, int]]:
    """Each world drawn once, with how many times it was drawn: a deal drawn again would
    only be played again the same way (the rollouts are deterministic)."""
    by_id = {id(w): w for w in worlds}
    return [(by_id[i], n) for i, n in Counter(map(id, worlds)).items()]


class _Tally:
    """Running sums of each candidate's values over the deals, and whether the best two
    are still too close to tell apart (the search then deals again)."""

    def __init__(self, options: list[int]) -> None:
        self.options = options
        self.sums = dict.fromkeys(options, 0.0)
        self.rows: list[tuple[dict[int, float], int]] = []
        self.n = 0

    def add(self, values: dict[int, float], times: int) -> None:
        for c, v in values.items():
            self.sums[c] += v * times
        self.rows.append((values, times))
        self.n += times

    def means(self) -> dict[int, float]:
        return {c: self.sums[c] / self.n for c in self.options}

    def close(self, z: float, points: float) -> bool:
        """Whether the gap between the best two candidates is under ``z`` standard errors,
        and ``z`` standard errors are more than ``points`` (a real choice, still unclear)."""
        if len(self.options) < 2 or self.n < 2:
            return False
        best, second = sorted(self.options, key=self.sums.__getitem__, reverse=True)[:2]
        gap = (self.sums[best] - self.sums[second]) / self.n
        var = sum(t * (v[best] - v[second] - gap) ** 2 for v, t in self.rows) / self.n
        ess = self.n**2 / sum(t * t for _, t in self.rows)
        bound = z * z * var / ess
        return gap * gap < bound and bound > points * points


def draw_worlds(k: PistiKnowledge, reader: Reader, rng: random.Random, deals: int,
                candidates: int) -> list[Sim]:  # fmt: skip
    """``deals`` deals of the unseen cards, in proportion to how likely each makes the plays
    seen in the current deal (uniform deals when nothing was seen yet); a likely deal may
    come more than once (the same object)."""
    if not reader.informative or candidates <= 1:
        return [sample_sim(k, k.seat, rng) for _ in range(deals)]
    pools = [shuffled_unseen(k, rng) for _ in range(deals * candidates)]
    hands = [deal_hands(k, pool) for pool in pools]
    logw = [reader.logp(h) for h in hands]
    top = max(logw)
    weights = [math.exp(x - top) for x in logw]
    total = sum(weights)
    # systematic resampling: one uniform offset, evenly spaced pointers
    step = total / deals
    u = rng.random() * step
    picks = []
    acc = 0.0
    i = 0
    for j, w_j in enumerate(weights):
        acc += w_j
        while i < deals and u + i * step < acc:
            picks.append(j)
            i += 1
    picks += [len(pools) - 1] * (deals - len(picks))  # rounding at the very end
    built = {j: sim_from(k, k.seat, pools[j], hands[j]) for j in dict.fromkeys(picks)}
    return [built[j] for j in picks]


def _exact_last_deal(k: PistiKnowledge, reader: Reader, options: list[int], budget: Budget,
                     watch: Watch | None = None) -> dict[int, float] | None:  # fmt: skip
    """Every holding of the other seats, weighted by the plays seen, each searched exactly;
    None when there are too many (then deals are drawn instead). ``watch`` is shown the
    rollouts' continuations in at most :data:`HOLDINGS_WATCHED` holdings, evenly spread."""
    if any(c is None for c in k.table):
        return None
    others = [s for s in range(k.players) if s != k.seat]
    slots = {s: k.hand_sizes[s] - len(k.held.get(s, [])) for s in others}
    pool = [c for c in k.unseen if not any(c in h for h in k.held.values())]
    count = 1
    left = len(pool)
    for s in others:
        count *= math.comb(left, slots[s])
        left -= slots[s]
    if count * tree_size(k.hand_sizes, k.seat) > budget.exact_leaves:
        return None
    base = sample_sim(k, k.seat, random.Random(0))  # the table, counts, points; hands replaced
    totals = {class_key(c): 0.0 for c in options}
    wsum = 0.0
    logs = []
    worlds = []
    for hands in _holdings(pool, others, slots, k):
        lp = reader.logp(hands)
        logs.append(lp)
        worlds.append([h[:] for h in hands])
    top = max(logs)
    step = max(1, len(worlds) // HOLDINGS_WATCHED)
    for i, (hands, lp) in enumerate(zip(worlds, logs, strict=True)):
        w = math.exp(lp - top)
        if w < 1e-9:
            continue
        sim = base.copy()
        sim.hands = [h[:] for h in hands]
        vals = LastDeal(sim, k.side).values(k.seat)
        for c, v in vals.items():
            key = class_key(c)
            if key in totals:
                totals[key] += w * v
        wsum += w
        if watch is not None and i % step == 0:
            for c in options:
                _show(watch, sim.copy(), c, None, w, True)
    return {c: totals[class_key(c)] / wsum for c in options}


def _holdings(
    pool: list[int], others: list[int], slots: dict[int, int], k: PistiKnowledge
) -> Iterator[list[list[int]]]:
    """Every way to fill the other seats' unknown hand slots from ``pool``."""

    def fill(i: int, rest: list[int], hands: list[list[int]]) -> Iterator[list[list[int]]]:
        if i == len(others):
            yield hands
            return
        s = others[i]
        fixed = k.held.get(s, [])
        for combo in combinations(rest, slots[s]):
            chosen = set(combo)
            hands[s] = fixed + list(combo)
            yield from fill(i + 1, [c for c in rest if c not in chosen], hands)

    start: list[list[int]] = [[] for _ in range(k.players)]
    start[k.seat] = k.hand[:]
    yield from fill(0, pool, start)
