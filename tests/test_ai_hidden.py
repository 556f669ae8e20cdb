"""An AI decides from what its seat may know: hidden cards never change its choice."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from conftest import random_positions, twin

from game.core.agents import SeatView
from game.games import make_agent, new_hand
from game.games.pishe_pasha.ai import ExpertPasha
from game.games.pisti.ai import ExpertPisti
from game.games.pisti.search import PLAY

SMALL_PISTI = replace(PLAY, plays=1500, min_deals=3, max_deals=10, exact_leaves=2000,
                      exact_tree=60)  # fmt: skip


def agents_for(game: str, seed: int):
    if game == "pisti":
        names = ["easy", "medium", "hard", "greedy", "random", "pimc"]
        return [make_agent(game, n, seed) for n in names] + [ExpertPisti(seed, SMALL_PISTI)]
    names = ["easy", "medium", "hard", "always-load", "random"]
    return [make_agent(game, n, seed) for n in names] + [ExpertPasha(seed, deals=3)]


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("pisti", 2, {}),
        ("pisti", 4, {}),
        ("pisti", 3, {}),
        ("pishe-pasha", 2, {}),
        ("pishe-pasha", 3, {}),
        ("pishe-pasha", 2, {"stop_rule": True}),
    ],  # fmt: skip
)
def test_same_observation_gives_same_decision(game, players, options):
    rng = random.Random(5)
    differing = 0
    states = random_positions(game, players, options, 6, seed=players * 100 + len(game))
    for i, state in enumerate(states):
        seat = state.to_move
        other = twin(state, seat, rng)
        differing += other.all_cards() != state.all_cards()
        for agent in agents_for(game, seed=i):
            a = agent.choose(SeatView(state, seat))
            b = agent.choose(SeatView(other, seat))
            assert a == b, (agent, a, b)
    assert differing > 0, "the twins should really hide different cards"


def test_stop_call_does_not_depend_on_hidden_cards():
    """A Stop window after a fault: the caller's answer is the same in both twins."""
    rng = random.Random(3)
    checked = 0
    while checked < 5:
        state = new_hand("pishe-pasha", 2, {"stop_rule": True}, rng.randrange(2**32))
        faulted = False
        for _ in range(400):
            if state.is_over:
                break
            acts = state.legal_actions()
            forced = [a for a in acts if str(a).endswith(">F")]
            faults = [a for a in acts if a not in forced] if forced else []
            state.apply(rng.choice(faults) if faults else rng.choice(acts))
            if state.stop_window() is not None:
                faulted = True
                break
        if not faulted:
            continue
        caller = state.stop_window()[1][0]
        assert SeatView(state, caller).calls() == state.calls()
        other = twin(state, caller, rng)
        for agent in agents_for("pishe-pasha", seed=checked):
            assert agent.call(SeatView(state, caller)) == agent.call(SeatView(other, caller))
        checked += 1
