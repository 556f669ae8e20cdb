"""Properties of random Pishe Pasha hands in every variant (RULES.md §2, §2.1, §3, §6)."""

from __future__ import annotations

import random

import pytest
from conftest import every_pishe_action, random_move, words
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.types import DRAW, Action, IllegalAction
from game.games.pishe_pasha.rules import PishePasha

VARIANTS = [
    (2, {}),
    (2, {"foundations": "single"}),
    (3, {}),
    (2, {"stop_rule": True}),
    (3, {"stop_rule": True}),
]
MOVE_CAP = 100_000
# A hand of any variant from any deal; and such a hand cut after a random number of moves.
DEALT = {"variant": st.sampled_from(VARIANTS), "seed": st.integers(0, 2**32 - 1)}
PART_PLAYED = {**DEALT, "cut": st.integers(0, 300)}


def random_action(state: PishePasha, rng: random.Random) -> Action:
    """A random legal move; an open Stop call is made one time in three."""
    return random_move(state, rng, call_chance=1 / 3)


def play_random(state: PishePasha, rng: random.Random, moves: int | None) -> PishePasha:
    """Up to ``moves`` random legal moves and calls (to the end of the hand when None)."""
    done = 0
    while not state.is_over and done != moves:
        state.apply(random_action(state, rng))
        done += 1
    return state


def random_position(variant, seed: int, moves: int | None) -> tuple[PishePasha, random.Random]:
    """A hand of ``variant`` dealt from ``seed`` after ``moves`` random moves."""
    players, options = variant
    rng = random.Random(seed)
    return play_random(PishePasha.new(players, options, rng), rng, moves), rng


def replayed(state: PishePasha) -> PishePasha:
    again = PishePasha.from_setup(state.setup(), state.options)
    for action in state.history:
        again.apply(action)
    return again


@settings(max_examples=120, deadline=None)
@given(**DEALT)
def test_pp_property_52_cards_once_after_every_move_and_the_hand_ends(variant, seed):
    players = variant[0]
    state, rng = random_position(variant, seed, 0)
    moves = 0
    while not state.is_over:
        state.apply(random_action(state, rng))
        moves += 1
        assert sorted(state.all_cards()) == list(range(52))
        assert moves < MOVE_CAP
    assert state.to_move is None
    assert state.legal_actions() == []
    if state.winner is DRAW:
        assert state.score == [0] * players
    else:
        loser_cards = sum(len(s) for s in state.report()["stocks"])
        loser_cards += sum(len(d) for d in state.report()["discards"])
        assert state.score[state.winner] == loser_cards
        assert sum(state.score) == loser_cards


@settings(max_examples=120, deadline=None)
@given(**PART_PLAYED)
def test_pp_property_clone_shares_no_mutable_state(variant, seed, cut):
    state, rng = random_position(variant, seed, cut)
    twin = state.clone()
    before = (state.report(), state.history[:], state.legal_actions(), state.observation(0))
    play_random(twin, rng, 40)
    assert (state.report(), state.history, state.legal_actions(), state.observation(0)) == before
    twin_report = twin.report()
    play_random(state, rng, 40)
    assert twin.report() == twin_report


@settings(max_examples=120, deadline=None)
@given(**PART_PLAYED)
def test_pp_property_resample_agrees_with_observation(variant, seed, cut):
    state, rng = random_position(variant, seed, cut)
    seat = rng.randrange(state.players)
    guess = state.resample(seat, random.Random(seed + 1))
    assert guess.observation(seat) == state.observation(seat)
    assert sorted(guess.all_cards()) == list(range(52))
    assert guess.legal_actions() == state.legal_actions()
    assert replayed(guess).report() == guess.report()
    same = state.resample(seat, random.Random(seed + 1))
    assert same.report() == guess.report()
    from_guess = guess.resample(seat, random.Random(3))
    assert from_guess.report() == state.resample(seat, random.Random(3)).report()
    while not guess.is_over:
        guess.apply(random_action(guess, rng))
    assert sorted(guess.all_cards()) == list(range(52))


@settings(max_examples=120, deadline=None)
@given(**DEALT, stop_at=st.one_of(st.none(), st.integers(0, 500)))
def test_pp_property_record_round_trip(variant, seed, stop_at):
    state, _ = random_position(variant, seed, stop_at)
    again = replayed(state)
    assert again.report() == state.report()
    assert (again.to_move, again.winner, again.score) == (state.to_move, state.winner, state.score)
    assert again.legal_actions() == state.legal_actions()
    assert again.stop_window() == state.stop_window()


@settings(max_examples=60, deadline=None)
@given(**DEALT)
def test_pp_property_legal_actions_agree_with_check_and_apply(variant, seed):
    state, rng = random_position(variant, seed, 0)
    every = [*every_pishe_action(), "turned>7", "stop 5 end", "fly"]
    while not state.is_over:
        legal = state.legal_actions()
        calls = state.calls()
        assert legal
        assert len(set(legal)) == len(legal)
        assert not any(a.is_call for a in legal)  # calls never come with the moves
        assert all(a.is_call for a in calls)
        for action in every:
            why = state.check(action)
            assert (why is None) == (action in legal or action in calls), (action, why)
        wrong = rng.choice([a for a in every if a not in legal and a not in calls])
        before = (state.report(), state.history[:], state.stop_window(), state.turns)
        with pytest.raises(IllegalAction) as refused:
            state.apply(wrong)
        assert refused.value.refusal == state.check(wrong)
        assert words(refused.value).endswith((".", ")."))
        assert (state.report(), state.history, state.stop_window(), state.turns) == before
        state.apply(random_action(state, rng))


def test_pp_2000_random_classic_hands_never_reach_the_safety_limit():
    rng = random.Random(2000)
    longest = 0
    for _ in range(2000):
        state = PishePasha.new(2, None, rng)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        assert state.winner is not DRAW
        longest = max(longest, state.turns)
    assert longest < 2000
