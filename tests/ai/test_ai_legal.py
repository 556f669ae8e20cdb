"""Every AI level makes only legal moves and Stop calls, in every registered game (every
computer player it registers, at every table it opens) and in more variants."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from conftest import STOP, position, registered_tables, suits_up_to

from game.core.agents import SeatView
from game.core.referee import Referee
from game.core.types import ACCEPT
from game.games import SPECS, levels_for, make_agent, new_hand
from game.games.pishe_pasha import kinds as pishe
from game.games.pishe_pasha.ai import ExpertPasha
from game.games.pisti.ai import ExpertPisti, PimcPisti, RoundExpertPisti
from game.games.pisti.search import PLAY

# Variants beyond the tables each registered game opens (its smoke tables, below).
VARIANTS = [
    ("pisti", 3, {"start_jack": "to_bottom"}),
    ("pisti", 4, {"show_bottom": False}),
    ("pishe-pasha", 3, {"stop_rule": True}),
]
CASES = [
    (game, choices.get("players", SPECS[game].players[0]), SPECS[game].engine_options(choices))
    for game, choices, _ in registered_tables()
] + VARIANTS
SMALL_PISTI = replace(PLAY, plays=1500, min_deals=2, max_deals=6, exact_leaves=2000,
                      exact_tree=60)  # fmt: skip
# The searches, cut down so the test stays quick; every other agent as registered.
SMALL = {
    ExpertPisti: lambda seed: ExpertPisti(seed, budget=SMALL_PISTI),
    ExpertPasha: lambda seed: ExpertPasha(seed, deals=2),
    PimcPisti: lambda seed: PimcPisti(seed, deals=4),
    RoundExpertPisti: lambda seed: RoundExpertPisti(seed, budget=1500, min_deals=2, max_deals=6),
}


def levels(game: str) -> list[str]:
    """Every computer player the game registers, by its level name."""
    return list(SPECS[game].agents)


def small_agent(game: str, level: str, seed: int):
    """Full-strength logic with small search budgets, to keep the tests quick."""
    make = SPECS[game].agents[level]
    return SMALL.get(make, make)(seed)


def play_checked(state, agents) -> dict[str, int]:
    """Play to the end, checking each move and Stop call is legal before applying it."""
    seen = {"moves": 0, "stops": 0, "faults": 0, "accepts": 0}
    turns = 0
    while not state.is_over and turns < 3000:
        turns += 1
        called = None
        for caller in sorted({c.actor for c in state.calls()}):
            view = SeatView(state, caller)
            call = agents[caller].call(view)
            if call is not None:
                assert call in view.calls(), call
                assert call.actor == caller, call
                assert state.check(call) is None
                called = call
                break
        if called is not None:
            state.apply(called)
            seen["stops"] += 1
            continue
        seat = state.to_move
        action = agents[seat].choose(SeatView(state, seat))
        assert state.check(action) is None, (action, state.legal_actions())
        assert action in state.legal_actions()
        assert not action.is_call
        events = state.apply(action)
        seen["faults"] += any(e.kind is pishe.EventKinds.FAULT for e in events)
        seen["accepts"] += action is ACCEPT
        seen["moves"] += 1
    return seen


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_every_level_plays_only_legal_moves(game, players, options):
    rng = random.Random(f"{game}{players}{options}")
    totals = {"moves": 0, "stops": 0, "faults": 0, "accepts": 0}
    names = levels(game)
    hands = 4 if game != "pishe-pasha" else 3
    for hand in range(hands):
        state = new_hand(game, players, options, rng.randrange(2**32))
        agents = [small_agent(game, names[(hand + s) % len(names)], hand * 10 + s)
                  for s in range(players)]  # fmt: skip
        for key, value in play_checked(state, agents).items():
            totals[key] += value
        assert state.is_over
        assert sorted(state.all_cards()) == sorted(state.CARDS)
    assert totals["moves"] > 0
    if options.get("stop_rule"):
        assert totals["faults"] > 0, "lower levels should fault now and then"


def test_stop_rule_faults_are_called_and_answered_legally():
    """Easy faults often; an Expert opponent always calls Stop on it."""
    rng = random.Random(7)
    stops = faults = 0
    for hand in range(3):
        state = new_hand("pishe-pasha", 2, {"stop_rule": True}, rng.randrange(2**32))
        agents = [make_agent("pishe-pasha", "easy", hand), ExpertPasha(hand, deals=2)]
        seen = play_checked(state, agents)
        stops += seen["stops"]
        faults += seen["faults"]
    assert faults > 0
    assert stops > 0


def test_an_agent_waiting_on_a_winning_fault_can_only_accept():
    """RULES.md §2.1: with a fault of the last card pending, ``accept`` is the only move of
    the seat to move, and every level makes it (a call comes through ``call`` instead)."""
    for level in levels("pishe-pasha"):
        state = position([["4H"], ["5S"]], suits_up_to(h=3), rest_to=1, options=STOP)
        state.apply("discard>1")
        agent = small_agent("pishe-pasha", level, 3)
        assert agent.choose(SeatView(state, 1)) is ACCEPT, level
        assert SeatView(state, 0).calls() == []  # the faulting seat has no call
        call = agent.call(SeatView(state, 1))
        assert call is None or call in state.calls()


def test_expert_never_faults_under_the_stop_rule():
    rng = random.Random(11)
    for _ in range(2):
        state = new_hand("pishe-pasha", 2, {"stop_rule": True}, rng.randrange(2**32))
        agents = [ExpertPasha(1, deals=2), make_agent("pishe-pasha", "always-load", 2)]
        faulters = []
        while not state.is_over:
            seat = state.to_move
            for e in state.apply(agents[seat].choose(SeatView(state, seat))):
                if e.kind is pishe.EventKinds.FAULT:
                    faulters.append(e.seat)
        assert faulters == []


def test_every_level_plays_a_hand_through_the_referee():
    """The referee asks moves and calls of computer seats until the hand is over."""
    for game, players, options in CASES:
        state = new_hand(game, players, options, 5)
        agents = [small_agent(game, levels(game)[s % len(levels(game))], s) for s in range(players)]
        Referee(state, agents).play_out()
        assert state.is_over
        assert sorted(state.all_cards()) == sorted(state.CARDS)


def test_make_agent_names_the_choices_for_an_unknown_level():
    with pytest.raises(ValueError, match="expert"):
        make_agent("pisti", "grandmaster")
    with pytest.raises(ValueError, match="unknown game"):
        make_agent("chess", "easy")
    assert {"easy", "medium", "hard", "expert"} <= set(levels_for("pisti"))
    assert {"easy", "medium", "hard", "expert"} <= set(levels_for("pishe-pasha"))
