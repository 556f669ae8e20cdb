"""Every AI level makes only legal moves and Stop calls, in every game and variant."""

from __future__ import annotations

import random

import pytest

from game.ai.base import SeatView
from game.ai.levels import make_agent
from game.ai.pasha_agents import ExpertPasha
from game.ai.pisti_agents import ExpertPisti
from game.rules import new_hand

CASES = [
    ("pisti", 2, {}),
    ("pisti", 3, {"start_jack": "to_bottom"}),
    ("pisti", 4, {"show_bottom": False}),
    ("pishe-pasha", 2, {}),
    ("pishe-pasha", 2, {"foundations": "single"}),
    ("pishe-pasha", 3, {}),
    ("pishe-pasha", 2, {"stop_rule": True}),
    ("pishe-pasha", 3, {"stop_rule": True}),
    ("pisha-pasha-book", 2, {}),
]
LEVELS = {
    "pisti": ["easy", "medium", "hard", "expert", "greedy", "random"],
    "pishe-pasha": ["easy", "medium", "hard", "expert", "always-load", "random"],
    "pisha-pasha-book": ["easy", "medium", "hard", "expert", "random"],
}


def small_agent(game: str, level: str, seed: int, players: int):
    """Full-strength logic with small search budgets, to keep the tests quick."""
    if level == "expert" and game == "pisti":
        return ExpertPisti(seed, budget=600, min_deals=2, max_deals=6)
    if level == "expert" and game == "pishe-pasha":
        return ExpertPasha(seed, deals=2)
    return make_agent(game, level, seed, players)


def play_checked(state, agents) -> dict[str, int]:
    """Play to the end, checking each move and Stop call is legal before applying it."""
    seen = {"moves": 0, "stops": 0, "faults": 0}
    turns = 0
    while not state.is_over and turns < 3000:
        turns += 1
        window = state.stop_window() if hasattr(state, "stop_window") else None
        if window is not None:
            called = None
            for caller in window[1]:
                call = agents[caller].stop_call(SeatView(state, caller))
                if call is not None:
                    assert call in state.legal_actions(), call
                    assert call.startswith(f"stop {caller} ")
                    called = call
                    break
            if called:
                state.apply(called)
                seen["stops"] += 1
                continue
        seat = state.to_move
        action = agents[seat].choose(SeatView(state, seat))
        assert state.check(action) is None, (action, state.legal_actions())
        assert not action.startswith("stop ")
        events = state.apply(action)
        seen["faults"] += any(e.kind == "fault" for e in events)
        seen["moves"] += 1
    return seen


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_every_level_plays_only_legal_moves(game, players, options):
    rng = random.Random(f"{game}{players}{options}")
    totals = {"moves": 0, "stops": 0, "faults": 0}
    levels = LEVELS[game]
    hands = 4 if game != "pishe-pasha" else 3
    for hand in range(hands):
        state = new_hand(game, players, options, rng.randrange(2**32))
        agents = [small_agent(game, levels[(hand + s) % len(levels)], hand * 10 + s, players)
                  for s in range(players)]  # fmt: skip
        for key, value in play_checked(state, agents).items():
            totals[key] += value
    assert totals["moves"] > 0
    if options.get("stop_rule"):
        assert totals["faults"] > 0, "lower levels should fault now and then"


def test_stop_rule_faults_are_called_and_answered_legally():
    """Easy faults often; an Expert opponent always calls Stop on it."""
    rng = random.Random(7)
    stops = faults = 0
    for hand in range(3):
        state = new_hand("pishe-pasha", 2, {"stop_rule": True}, rng.randrange(2**32))
        agents = [make_agent("pishe-pasha", "easy", hand, 2), ExpertPasha(hand, deals=2)]
        seen = play_checked(state, agents)
        stops += seen["stops"]
        faults += seen["faults"]
    assert faults > 0
    assert stops > 0


def test_expert_never_faults_under_the_stop_rule():
    rng = random.Random(11)
    for _ in range(2):
        state = new_hand("pishe-pasha", 2, {"stop_rule": True}, rng.randrange(2**32))
        agents = [ExpertPasha(1, deals=2), make_agent("pishe-pasha", "always-load", 2, 2)]
        faulters = []
        while not state.is_over:
            seat = state.to_move
            for e in state.apply(agents[seat].choose(SeatView(state, seat))):
                if e.kind == "fault":
                    faulters.append(e.seat)
        assert faulters == []


def test_make_agent_names_the_choices_for_an_unknown_level():
    with pytest.raises(ValueError, match="expert"):
        make_agent("pisti", "grandmaster")
    with pytest.raises(ValueError, match="unknown game"):
        make_agent("chess", "easy")
