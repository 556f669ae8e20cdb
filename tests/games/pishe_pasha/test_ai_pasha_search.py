"""The Pishe Pasha Expert's search: its fast playouts end every hand exactly as
the engine's do, it searches longer only where the choice is close, and the coach's
values come from the seat's view."""

from __future__ import annotations

import random

import pytest

from game.core.agents import SeatView
from game.games import make_agent, new_hand
from game.games.pishe_pasha import kinds as pishe
from game.games.pishe_pasha.ai import (
    EasyPasha,
    ExpertPasha,
    _settled,
    decliners,
    finish,
    points_values,
    smart_load,
    split_faults,
)
from game.games.pishe_pasha.rules import PishePasha


def _engine_finish(state: PishePasha) -> None:
    """The playout through legal_actions/apply only (the reference)."""
    while not state.is_over and len(state.history) < 100_000:
        acts = state.legal_actions()
        proper = [a for a in acts if str(a).endswith(">F")] or acts
        if len(proper) > 1:
            counts = [state.stock_count(s) + len(state.discard_pile(s))
                      for s in range(state.players)]  # fmt: skip
            state.apply(smart_load(proper, counts if state.players > 2 else None))
        else:
            state.apply(proper[0])


VARIANTS = [(2, {}), (2, {"foundations": "single"}), (3, {}), (2, {"stop_rule": True}),
            (3, {"stop_rule": True})]  # fmt: skip


@pytest.mark.parametrize(("players", "options"), VARIANTS)
def test_the_fast_playout_ends_hands_exactly_as_the_engine(players, options):
    rng = random.Random(f"{players}{options}")
    checked = 0
    while checked < 60:
        state = PishePasha.new(players, options, rng.randrange(2**32))
        for _ in range(rng.randrange(0, 250)):
            if state.is_over or state.calls():
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.plain:
            continue
        fast, slow = state.clone(), state.clone()
        fast.play_out(100_000)
        _engine_finish(slow)
        assert fast.outcome == slow.outcome
        assert fast.report() == slow.report()
        checked += 1


def test_the_fast_playout_stops_at_its_cap_where_the_engine_would():
    state = PishePasha.new(2, {}, 5)
    fast, slow = state.clone(), state.clone()
    moves = fast.play_out(40)
    assert moves == 40
    for _ in range(40):
        acts = slow.legal_actions()
        slow.apply(next((a for a in acts if pishe.load_seat(a) is not None), acts[0]))
    assert fast.report() == slow.report()
    assert fast.turned == slow.turned
    assert fast.to_move == slow.to_move


def _engine_until(state: PishePasha, cap: int, deciders: tuple[int, ...]) -> int:
    """The playout through legal_actions/apply, for at most ``cap`` moves, stopping where a
    seat of ``deciders`` may load a card or keep it; the moves made (the reference)."""
    moves = 0
    while not state.is_over and moves < cap:
        proper, _ = split_faults(state.legal_actions())
        if len(proper) > 1 and state.to_move in deciders:
            break
        counts = [state.stock_count(s) + len(state.discard_pile(s)) for s in range(state.players)]
        state.apply(smart_load(proper, counts if state.players > 2 else None))
        moves += 1
    return moves


@pytest.mark.parametrize(("players", "options"), VARIANTS)
def test_the_fast_playout_stops_at_any_cap_and_decision_where_the_engine_would(players, options):
    """From positions reached by random moves (with the Stop rule, faults nobody stopped
    among them), any cap, any seats that decide for themselves."""
    rng = random.Random(f"cap{players}{options}")
    checked = 0
    while checked < 150:
        state = PishePasha.new(players, options, rng.randrange(2**32))
        for _ in range(rng.randrange(0, 300)):
            if state.is_over or state.calls():
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.plain:
            continue
        cap = rng.choice((1, 2, 3, rng.randrange(1, 60), 5000))
        deciders = tuple(s for s in range(players) if rng.random() < 0.4)
        fast, slow = state.clone(), state.clone()
        assert fast.play_out(cap, deciders) == _engine_until(slow, cap, deciders)
        assert (fast.report(), fast.to_move, fast.turned, fast.outcome) == (
            slow.report(),
            slow.to_move,
            slow.turned,
            slow.outcome,
        )
        checked += 1


def test_finish_values_a_win_above_any_points():
    for seed in range(4):
        state = new_hand("pishe-pasha", 2, {}, seed)
        value = finish(state, 0)
        assert state.is_over
        assert (value > 100) == (state.winner == 0)


def test_close_choices_are_searched_longer():
    assert _settled({"a": [1.0, 1.0, 1.0], "b": [0.0, 0.0, 0.0]}, 2.0)
    assert not _settled({"a": [1.0, -1.0, 1.0, -1.0], "b": [0.0, 0.0, 0.0, 0.1]}, 2.0)
    assert _settled({"a": [3.0] * 64}, 2.0)  # a single option

    class Counting(ExpertPasha):
        deals = 4
        calls = 0

        def value(self, state, me):
            Counting.calls += 1
            return float(Counting.calls % 3)  # noise: never settled

    state = new_hand("pishe-pasha", 2, {}, 1)
    agent = Counting(1)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    agent.choose(SeatView(state, state.to_move))
    assert Counting.calls == 4 * agent.spread * len(state.legal_actions())


def test_points_values_are_points_and_honest():
    state = new_hand("pishe-pasha", 2, {}, 3)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    seat = state.to_move
    twin = state.resample(seat, random.Random(2))
    acts = state.legal_actions()
    a = points_values(SeatView(state, seat), acts, random.Random(1), 0.25)
    b = points_values(SeatView(twin, seat), acts, random.Random(1), 0.25)
    assert a == b
    assert all(-52 <= v <= 52 for v in a.values())


def _load_declined(state, seat: int, action) -> bool:
    proper, _ = split_faults(state.legal_actions())
    return (
        state.to_move == seat
        and pishe.load_seat(action) is None
        and any(pishe.load_seat(a) is not None for a in proper)
    )


def test_the_expert_reads_who_passes_up_loads_from_the_table_alone():
    """A seat is read as careful from the first load it turns down, never before; an
    always-load seat never is. The reading comes from the public history only."""
    hands_declined = 0
    for seed in range(6):
        state = new_hand("pishe-pasha", 2, {}, seed)
        agents = [make_agent("pishe-pasha", "always-load", 1), EasyPasha(seed)]
        declined = False
        while not state.is_over:
            seat = state.to_move
            action = agents[seat].choose(SeatView(state, seat))
            declined = declined or _load_declined(state, 1, action)
            state.apply(action)
            if not state.is_over:
                read = decliners(SeatView(state, 0))
                assert read == (frozenset({1}) if declined else frozenset())
                assert decliners(SeatView(state, 1)) == frozenset()
        hands_declined += declined
    assert hands_declined > 0
