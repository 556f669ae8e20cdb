"""Pişti players, from the greedy measuring stick to the searching Expert.

* ``greedy``: capture by rank, else with a jack; otherwise shed the card worth least.
* ``easy``: greedy with frequent slips (a random card now and then).
* ``medium``: rules of thumb: never leave a lone card of a rank still in play when
  a safer card exists, keep jacks for piles worth them, shed ranks seen often.
* ``hard``: full card counting (every card played, the shown bottom card, the
  face-down cards its side took) to price what the next player can capture.
* ``expert``: determinized search (PIMC): deal the unseen cards many times, play
  each candidate and finish the hand with a fast Hard policy, keep the card with
  the best mean point difference for its side (partners count as one side).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.core.agents import BaseAgent, SeatView
from game.core.types import PLAYS, TABLE, Action
from game.games.pisti.kernel import JACK0, PISTI, POINTS, RANK0, RANK_PISTI, TAKES
from game.games.pisti.model import (
    PistiKnowledge,
    Sim,
    knowledge,
    prob_holds,
    sample_sim,
)
from game.games.pisti.search import PLAY, Budget, evaluate

MAJORITY_PER_CARD = 0.12  # rough value of one card towards the 3 points for most cards


def _legal_cards(view: SeatView) -> list[int]:
    return [a.card for a in view.legal_actions() if a.card is not None]  # every move plays one


class GreedyPisti(BaseAgent):
    """The measuring stick (capture, else shed the cheapest non-jack)."""

    name = "greedy"

    def choose(self, view: SeatView) -> Action:
        obs = view.observation()
        return PLAYS[greedy_card(_legal_cards(view), obs.piles.get(TABLE, []))]


def greedy_card(cards: list[int], table: list[int | None]) -> int:
    top = table[-1] if table else None
    if top is not None:
        for c in cards:
            if RANK0[c] == RANK0[top]:
                return c
        for c in cards:
            if RANK0[c] == JACK0:
                return c
    return min(cards, key=lambda c: (RANK0[c] == JACK0, POINTS[c], RANK0[c], c))


class EasyPisti(BaseAgent):
    """Greedy that slips: a random card about one move in three."""

    name = "easy"
    slip = 0.35

    def choose(self, view: SeatView) -> Action:
        obs = view.observation()
        cards = _legal_cards(view)
        rng = self.rng(view, obs)
        if rng.random() < self.slip:
            return PLAYS[rng.choice(cards)]
        return PLAYS[greedy_card(cards, obs.piles.get(TABLE, []))]


class MediumPisti(BaseAgent):
    """Rules of thumb a club player uses, counting only the cards played."""

    name = "medium"

    def choose(self, view: SeatView) -> Action:
        obs = view.observation()
        k = knowledge(obs)
        return PLAYS[medium_card(_legal_cards(view), k)]


def medium_card(cards: list[int], k: PistiKnowledge) -> int:
    seen = [0] * 13
    for c in k.public:
        seen[RANK0[c]] += 1
    top = k.top
    if top is not None:
        for c in cards:
            if RANK0[c] == RANK0[top]:
                return c
        worth = len(k.table) >= 3 or sum(POINTS[c] for c in k.table if c is not None) >= 2
        jacks = [c for c in cards if RANK0[c] == JACK0]
        if jacks and (worth or len(cards) == 1):
            return jacks[0]

    def risk(c: int) -> tuple[bool, int, int]:
        r = RANK0[c]
        alive = 4 - seen[r] - sum(1 for d in cards if RANK0[d] == r)
        lone = not k.table
        return (r == JACK0 and len(cards) > 1, alive * (3 if lone else 1) + 2 * POINTS[c], c)

    return min(cards, key=risk)


class HardPisti(BaseAgent):
    """Full card counting: chance the next player captures, piles valued in points."""

    name = "hard"

    def choose(self, view: SeatView) -> Action:
        obs = view.observation()
        k = knowledge(obs)
        return PLAYS[hard_card(_legal_cards(view), k)]


def hard_scores(cards: list[int], k: PistiKnowledge) -> dict[int, float]:
    """Expected points of each card for the seat's side over the next reply."""
    unseen = k.unseen_of_rank()
    total = len(k.unseen)
    nxt = (k.seat + 1) % k.players
    opp_size = k.hand_sizes[nxt]
    value = k.table_value()
    top = k.top
    last_card = k.pack_size == 0 and sum(k.hand_sizes) == 1
    remaining = k.cards_left
    jack_keep = 1.0 + 2.5 * min(1.0, remaining / 24)
    p_jack = prob_holds(total, unseen[JACK0], opp_size)
    out: dict[int, float] = {}
    for c in cards:
        r = RANK0[c]
        mine = sum(1 for d in k.hand if RANK0[d] == r)
        if top is not None and TAKES[c][top]:
            gain = value + POINTS[c] + MAJORITY_PER_CARD * (len(k.table) + 1)
            if len(k.table) == 1 and not last_card:
                gain += PISTI[c][top]
            if r == JACK0 and RANK0[top] != JACK0:
                gain -= jack_keep
            out[c] = gain + 0.3
            continue
        size = len(k.table) + 1
        pile = value + POINTS[c] + MAJORITY_PER_CARD * size
        p_rank = prob_holds(total, unseen[r], opp_size)
        loss = p_rank * pile
        if size == 1:
            loss += p_rank * RANK_PISTI[r]
        elif r != JACK0:
            loss += (1 - p_rank) * p_jack * (pile if pile >= 1.5 or size >= 3 else 0.3 * pile)
        score = -loss
        if r == JACK0:
            score -= jack_keep
        score += 0.15 * (mine - 1)
        out[c] = score
    return out


def hard_card(cards: list[int], k: PistiKnowledge) -> int:
    scores = hard_scores(cards, k)
    return max(cards, key=lambda c: (scores[c], -POINTS[c], -c))


def card_classes(cards: list[int]) -> list[int]:
    """One card per (rank, points) class: cards of a class are interchangeable in Pişti."""
    classes: dict[tuple[int, int], int] = {}
    for c in sorted(cards, key=lambda c: (POINTS[c], c)):
        classes.setdefault((RANK0[c], POINTS[c]), c)
    return list(classes.values())


class PimcPisti(BaseAgent):
    """The textbook baseline: perfect-information Monte Carlo with uniform deals.

    Deal the unseen cards uniformly ``deals`` times; in each deal play every
    candidate card and finish the hand with every seat greedy; keep the card with
    the best mean margin for its side. No reading of the opponents at all, so it
    measures what the Expert's inference and search add.
    """

    name = "pimc"

    def __init__(self, seed: int | None = None, deals: int = 64) -> None:
        super().__init__(seed)
        self.deals = deals

    def choose(self, view: SeatView) -> Action:
        obs = view.observation()
        options = card_classes(_legal_cards(view))
        if len(options) == 1:
            return PLAYS[options[0]]
        k = knowledge(obs)
        rng = self.rng(view, obs)
        totals = dict.fromkeys(options, 0.0)
        me = k.side
        for _ in range(self.deals):
            world = sample_sim(k, k.seat, rng)
            for c in options:
                sim = world.copy()
                sim.play(c)
                sim.rollout_greedy()
                totals[c] += _margin(sim.points, me)
        return PLAYS[max(options, key=lambda c: (totals[c], -POINTS[c], -c))]


class ExpertPisti(BaseAgent):
    """Search over deals of the unseen cards, weighted by what the other seats' plays
    say about their hands (see :mod:`game.games.pisti.search`).

    The last deal is searched exactly when the hidden cards are few. The work is an
    iteration budget (simulated plays), so the choice never depends on the clock.
    """

    name = "expert"

    def __init__(self, seed: int | None = None, budget: Budget = PLAY) -> None:
        super().__init__(seed)
        self.budget = budget

    def choose(self, view: SeatView) -> Action:
        obs = view.observation()
        options = card_classes(_legal_cards(view))
        if len(options) == 1:
            return PLAYS[options[0]]
        values = evaluate(obs, options, self.rng(view, obs), self.budget)
        return PLAYS[max(options, key=lambda c: (values[c], -POINTS[c], -c))]


class RoundExpertPisti(BaseAgent):
    """The first Expert: uniform deals, the fast Hard policy to the end of the
    current deal, the 3 points for most cards guessed. Kept for comparison only."""

    name = "expert-v1"

    def __init__(self, seed: int | None = None, budget: int = 20000, min_deals: int = 12,
                 max_deals: int = 500) -> None:  # fmt: skip
        super().__init__(seed)
        self.budget = budget
        self.min_deals = min_deals
        self.max_deals = max_deals

    def choose(self, view: SeatView) -> Action:
        obs = view.observation()
        options = card_classes(_legal_cards(view))
        if len(options) == 1:
            return PLAYS[options[0]]
        k = knowledge(obs)
        prior = hard_scores(options, k)
        deals = self.budget // max(1, sum(k.hand_sizes) * len(options))
        deals = max(self.min_deals, min(self.max_deals, deals))
        rng = self.rng(view, obs)
        totals = dict.fromkeys(options, 0.0)
        me = k.side
        for _ in range(deals):
            world = sample_sim(k, k.seat, rng)
            for c in options:
                sim = world.copy()
                sim.play(c)
                sim.rollout_round()
                totals[c] += _round_value(sim, me)
        return PLAYS[max(options, key=lambda c: (totals[c] / deals, prior[c], -c))]


def _round_value(sim: Sim, side: int) -> float:
    """Points difference, plus the chance of the 3 points for most cards when the
    hand goes on (a smooth guess from the lead in cards and the cards to come)."""
    if sim.over:
        return _margin(sim.points, side)
    points: list[float] = list(sim.points)
    counts = sim.count
    lead = counts[side] - max(c for s, c in enumerate(counts) if s != side)
    spread = 3.0 + 0.35 * sim.cards_to_come()
    points[side] += 3.0 * (0.5 + 0.5 * math.tanh(lead / spread)) - 1.5
    return _margin(points, side)


def _margin(points: Sequence[float], side: int) -> float:
    others = [p for s, p in enumerate(points) if s != side]
    return points[side] - sum(others) / len(others)
