"""The Expert's fast Pişti simulator (``game.games.pisti.model.Sim``) is a second engine
for speed; these tests hold it to the real one: dealt the same cards and played the same
cards, it deals, passes the turn, captures and scores exactly as the rules do."""

from __future__ import annotations

import random

import pytest

from game.core.types import HANDS, PACK, PLAYS, TABLE
from game.games.pisti.kernel import POINTS
from game.games.pisti.model import Sim, side_map
from game.games.pisti.rules import Pisti

OPTIONS = [{}, {"start_jack": "to_bottom"}, {"show_bottom": False}]


def simulator_of(state: Pisti) -> Sim:
    """A Sim holding every card where the engine has it (a fresh hand: no points yet)."""
    piles = state.reveal()
    sim = Sim.__new__(Sim)
    sim.n, sim.sides, sim.turn = state.players, side_map(state.players), state.to_move
    sim.hands = [list(piles[HANDS[s]]) for s in range(state.players)]
    sim.pack = list(piles[PACK])
    sim.table = list(piles[TABLE])
    sim.tval = sum(POINTS[c] for c in sim.table)
    sim.points = [0] * state.sides
    sim.count = [0] * state.sides
    sim.last = None
    sim.seen = [0] * 13
    return sim


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", OPTIONS)
def test_the_simulator_plays_whole_hands_exactly_as_the_engine(players, options):
    rng = random.Random(f"sim{players}{options}")
    for _ in range(150):
        state = Pisti.new(players, options, rng.randrange(2**32))
        sim = simulator_of(state)
        greedy = rng.random() < 0.5
        while not state.is_over:
            assert sim.turn == state.to_move
            assert sorted(sim.hands[sim.turn]) == sorted(c for c in state.reveal()[HANDS[sim.turn]])
            card = sim.greedy() if greedy else rng.choice(sim.hands[sim.turn])
            state.apply(PLAYS[card])
            sim.play(card)
        assert sim.over
        assert sim.points == state.score


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_rollout_plays_the_same_cards_as_the_policies_one_play_at_a_time(players):
    """``rollout_as`` is one loop on local names, for speed; it must finish every hand
    exactly as ``play(greedy())`` / ``play(policy())`` would, from any point of the hand."""
    rng = random.Random(f"rollout{players}")
    for _ in range(100):
        state = Pisti.new(players, {}, rng.randrange(2**32))
        for _ in range(rng.randrange(4 * players * 3)):
            state.apply(rng.choice(state.legal_actions()))
        start = simulator_of(state)
        start.seen = [rng.randrange(3) for _ in range(13)]
        styles = tuple(rng.random() < 0.5 for _ in range(players))
        fast, slow = start.copy(), start.copy()
        fast.rollout_as(styles)
        while not slow.over:
            slow.play(slow.greedy() if styles[slow.turn] else slow.policy())
        assert (fast.points, fast.count, fast.table, fast.hands) == (
            slow.points, slow.count, slow.table, slow.hands)  # fmt: skip
        assert fast.over
