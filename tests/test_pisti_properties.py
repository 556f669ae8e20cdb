"""Pişti properties over random hands for 2, 3 and 4 players (RULES.md §5, §6)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.pisti import Pisti

OPTIONS = [
    {},
    {"start_jack": "to_bottom"},
    {"show_bottom": False},
    {"start_jack": "to_bottom", "show_bottom": False, "target": 101},
]
players = st.sampled_from(Pisti.PLAYERS)
options = st.sampled_from(OPTIONS)
seeds = st.integers(0, 2**32 - 1)
ALL = list(range(52))


def random_hand(n: int, opts: dict, seed: int, moves: int | None = None) -> Pisti:
    rng = random.Random(seed)
    state = Pisti.new(n, opts, rng)
    while not state.is_over and (moves is None or len(state.history) < moves):
        state.apply(rng.choice(state.legal_actions()))
    return state


@settings(max_examples=40, deadline=None)
@given(n=players, opts=options, seed=seeds)
def test_pisti_all_52_cards_present_after_every_move(n, opts, seed):
    rng = random.Random(seed)
    state = Pisti.new(n, opts, rng)
    assert sorted(state.all_cards()) == ALL
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        assert sorted(state.all_cards()) == ALL


@settings(max_examples=60, deadline=None)
@given(n=players, opts=options, seed=seeds)
def test_pisti_every_random_hand_ends_after_48_moves(n, opts, seed):
    rng = random.Random(seed)
    state = Pisti.new(n, opts, rng)
    for _ in range(48):
        assert not state.is_over
        state.apply(rng.choice(state.legal_actions()))
    assert state.is_over and state.winner is not None and state.to_move is None


@settings(max_examples=40, deadline=None)
@given(n=players, opts=options, seed=seeds, moves=st.integers(0, 48))
def test_pisti_clone_shares_no_mutable_state(n, opts, seed, moves):
    state = random_hand(n, opts, seed, moves)
    report, history, obs = state.report(), list(state.history), state.observation(0)
    copy = state.clone()
    assert copy.report() == report and copy.observation(0) == obs
    rng = random.Random(seed)
    while not copy.is_over:
        copy.apply(rng.choice(copy.legal_actions()))
    copy.options["show_bottom"] = not copy.options["show_bottom"]
    copy.history.append("XX")
    assert state.report() == report and state.history == history
    assert state.observation(0) == obs


@settings(max_examples=40, deadline=None)
@given(n=players, opts=options, seed=seeds, moves=st.integers(0, 48), pick=st.integers(0, 3))
def test_pisti_resample_agrees_with_observation(n, opts, seed, moves, pick):
    state = random_hand(n, opts, seed, moves)
    seat = pick % n
    obs = state.observation(seat)
    sample = state.resample(seat, random.Random(seed + 1))
    assert sample.observation(seat) == obs
    assert sorted(sample.all_cards()) == ALL
    if state.to_move == seat:
        assert sample.legal_actions() == state.legal_actions()
    # The resample depends only on the observation: a different hand that looks the same
    # to this seat gives the very same resample.
    other = sample.resample(seat, random.Random(seed + 2))
    assert other.observation(seat) == obs
    again = state.resample(seat, random.Random(seed + 3))
    twin = other.resample(seat, random.Random(seed + 3))
    assert twin.setup() == again.setup() and twin.report() == again.report()
    rng = random.Random(seed)
    while not sample.is_over:
        sample.apply(rng.choice(sample.legal_actions()))
        assert sorted(sample.all_cards()) == ALL


@settings(max_examples=60, deadline=None)
@given(n=players, opts=options, seed=seeds)
def test_pisti_hand_points_add_up(n, opts, seed):
    state = random_hand(n, opts, seed)
    report = state.report()
    counts = sorted(report["captured"])
    majority = 0 if counts[-1] == counts[-2] else 3
    bonus = 10 * sum(report["pisti"]) + 20 * sum(report["jack_pisti"])
    assert sum(state.score) == 13 + majority + bonus
    assert sum(report["captured"]) == 52
    assert [row["total"] for row in state.breakdown()] == state.score


@settings(max_examples=40, deadline=None)
@given(n=players, opts=options, seed=seeds, moves=st.integers(0, 48))
def test_pisti_record_round_trip(n, opts, seed, moves):
    state = random_hand(n, opts, seed, moves)
    again = Pisti.from_setup(state.setup(), state.options)
    for action in state.history:
        again.apply(action)
    assert again.report() == state.report()
    assert again.to_move == state.to_move and again.history == state.history
    for seat in range(n):
        assert again.observation(seat) == state.observation(seat)
