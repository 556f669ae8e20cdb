"""The coaches watch the Experts' own searches: an onlooker sees every
continuation a search plays and changes nothing the search finds, however long it
watches (while it watches, Pishe Pasha's continuations are played through the engine,
move by move, instead of the fast playout: the same moves)."""

from __future__ import annotations

import random

import pytest

from game.core.agents import SeatView
from game.games import make_agent, new_hand
from game.games.pishe_pasha.ai import Deals, ExpertPasha, Watch
from game.games.pisti import search as pisti_search
from game.games.pisti.ai import card_classes


class Everything(Watch):
    """Watches every move of every continuation to its end, and counts them."""

    def __init__(self) -> None:
        self.starts = self.moves = self.ends = self.stops = 0

    def start(self, state, option) -> None:
        self.starts += 1

    def stopped(self, state) -> None:
        self.stops += 1

    def move(self, state, action) -> bool:
        self.moves += 1
        return True

    def end(self, state) -> None:
        self.ends += 1


def _pishe_choice(players: int, options: dict, seed: int):
    state = new_hand("pishe-pasha", players, options, seed)
    agent = make_agent("pishe-pasha", "medium", seed)
    rng = random.Random(seed)
    while True:
        acts = state.legal_actions()
        if len(acts) > 1 and rng.random() < 0.3:
            return state
        state.apply(agent.choose(SeatView(state, state.to_move)))


@pytest.mark.parametrize(
    ("players", "options"), [(2, {}), (2, {"stop_rule": True}), (3, {"stop_rule": True})]
)
def test_watching_the_pishe_pasha_expert_changes_none_of_its_values(players, options):
    for seed in range(3):
        state = _pishe_choice(players, options, seed)
        view = SeatView(state, state.to_move)
        acts = view.legal_actions()  # faults too, with the Stop rule: the coach asks those
        deals = Deals(2, 2, 2.0)
        plain = ExpertPasha().values(view, acts, random.Random(seed), deals)
        onlooker = Everything()
        watched = ExpertPasha().values(view, acts, random.Random(seed), deals, onlooker)
        assert watched == plain
        played = sum(len(v) for v in plain.values())
        assert onlooker.starts == onlooker.ends == played
        assert onlooker.moves > played


class Plays(pisti_search.Watch):
    """Watches every play of every continuation to the end of the hand."""

    def __init__(self) -> None:
        self.starts = 0
        self.plays = 0

    def start(self, sim, card, weight, solved) -> None:
        self.starts += 1

    def played(self, sim, play) -> bool:
        self.plays += 1
        return True


@pytest.mark.parametrize("players", [2, 3, 4])
def test_watching_the_pisti_expert_changes_none_of_its_values(players):
    rng = random.Random(players)
    for seed in range(4):
        state = new_hand("pisti", players, {}, 40 + seed)
        for _ in range(rng.randrange(44)):  # the last deal too, searched exactly
            state.apply(rng.choice(state.legal_actions()))
        view = SeatView(state, state.to_move)
        options = card_classes([a.card for a in view.legal_actions()])
        if len(options) < 2:
            continue
        budget = pisti_search.PLAY.scaled(0.05)
        obs = view.observation()
        plain = pisti_search.evaluate(obs, options, random.Random(seed), budget)
        onlooker = Plays()
        watched = pisti_search.evaluate(obs, options, random.Random(seed), budget, onlooker)
        assert watched == plain
        assert onlooker.starts >= len(options)
        assert onlooker.plays >= onlooker.starts
