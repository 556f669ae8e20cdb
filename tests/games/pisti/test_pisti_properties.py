"""Pişti properties over random hands for 2, 3 and 4 players (RULES.md §5, §6)."""

from __future__ import annotations

import random

from conftest import card_texts, texts
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.cards import JACK, rank
from game.games.pisti.rules import Pisti

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
    assert state.is_over
    assert state.winner is not None
    assert state.to_move is None


@settings(max_examples=40, deadline=None)
@given(n=players, opts=options, seed=seeds, moves=st.integers(0, 48))
def test_pisti_clone_shares_no_mutable_state(n, opts, seed, moves):
    state = random_hand(n, opts, seed, moves)
    report, history, obs = state.report(), list(state.history), state.observation(0)
    copy = state.clone()
    assert copy.report() == report
    assert copy.observation(0) == obs
    rng = random.Random(seed)
    while not copy.is_over:
        copy.apply(rng.choice(copy.legal_actions()))
    copy.options["show_bottom"] = not copy.options["show_bottom"]
    copy.history.append("XX")
    assert state.report() == report
    assert state.history == history
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
    assert twin.setup() == again.setup()
    assert twin.report() == again.report()
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
    assert again.to_move == state.to_move
    assert again.history == state.history
    assert texts(again.record()["actions"]) == texts(state.history)
    for seat in range(n):
        assert again.observation(seat) == state.observation(seat)


# ----------------------------------------------------------------- the cut (RULES.md §5)
def is_jack(card: int) -> bool:
    return rank(card) == JACK


def shuffle_and_cut(seed: int) -> tuple[list[int], list[int]]:
    """(the shuffle, the deck after the cut) as ``Pisti.new`` makes them from ``seed`` under
    ``turn_next``: the rule written out here, not the engine's code. Four jacks on top of a
    cut pack is a new deal: the cut pack is shuffled again with the same rng."""
    rng = random.Random(seed)
    deck = list(range(52))
    while True:
        rng.shuffle(deck)
        shuffled = deck[:]
        if is_jack(deck[-1]):
            i = max(k for k, c in enumerate(deck) if not is_jack(c))
            deck = deck[:i] + deck[i + 1 :] + [deck[i]]
        if not all(is_jack(c) for c in deck[:4]):
            return shuffled, deck


def check_cut(n: int, seed: int) -> bool:
    """The cut's promises for one deal; True when the shuffle had a jack at the bottom."""
    state = Pisti.new(n, {"start_jack": "turn_next"}, seed)
    shuffled, cut = shuffle_and_cut(seed)
    deck = state.setup()["deck"]
    assert deck == card_texts(cut)
    assert not is_jack(cut[-1])  # the bottom card is never a jack
    if not is_jack(shuffled[-1]):
        assert cut == shuffled  # nothing to cut
        return False
    run = len(shuffled) - max(k for k, c in enumerate(shuffled) if not is_jack(c)) - 1
    assert cut[-1 - run : -1] == shuffled[-run:]  # the jacks stay, just above the bottom card
    while state.observation(0).info["deals_left"]:
        state.apply(state.legal_actions()[0])
    last_packet = state.report()["hands"][n - 1]  # the dealer's last packet, all of it
    assert len(last_packet) == 4
    assert card_texts([shuffled[-1]])[0] in last_packet  # the jack that was at the bottom
    if run < 4:  # four jacks at the bottom: the dealer's packet holds three and the card
        assert set(card_texts(shuffled[-run:])) <= set(last_packet)
    return True


@settings(max_examples=60, deadline=None)
@given(n=players, seed=seeds)
def test_pisti_cut_keeps_jacks_just_above_the_bottom_card(n, seed):
    check_cut(n, seed)


def test_pisti_cut_over_many_seeded_shuffles_the_dealer_gets_the_bottom_jacks():
    """Every seed of a range, so the one shuffle in thirteen with a bottom jack is met often."""
    jack_bottoms = sum(check_cut(2 + seed % 3, seed) for seed in range(600))
    assert jack_bottoms >= 25
