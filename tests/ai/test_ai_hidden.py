"""An AI decides from what its seat may know: hidden cards never change its choice."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from conftest import assert_agents_never_peek, registered_tables, twin

from game.core.agents import SeatView
from game.games import new_hand, spec_of
from game.games.pishe_pasha.ai import ExpertPasha
from game.games.pisti.ai import ExpertPisti
from game.games.pisti.search import PLAY

SMALL_PISTI = replace(PLAY, plays=1500, min_deals=3, max_deals=10, exact_leaves=2000,
                      exact_tree=60)  # fmt: skip


# The Experts' searches, cut down so the test stays quick; every other agent as registered.
SMALL = {
    ExpertPisti: lambda seed: ExpertPisti(seed, SMALL_PISTI),
    ExpertPasha: lambda seed: ExpertPasha(seed, deals=3),
}


def agents_for(game: str, seed: int):
    """Every computer player the game registers, the Experts cut down."""
    return [SMALL.get(make, make)(seed) for make in spec_of(game).agents.values()]


@pytest.mark.parametrize(
    ("game", "choices", "deal"), registered_tables(), ids=lambda v: str(v) if v else "-"
)
def test_same_observation_gives_same_decision(game, choices, deal):
    """Every registered game's every agent, at every table the game opens."""
    assert_agents_never_peek(game, choices, deal, lambda seed: agents_for(game, seed))


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
