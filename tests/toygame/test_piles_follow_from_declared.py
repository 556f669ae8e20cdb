"""A game that declares its piles, who sees each and its deal gets from the core what a seat sees,
every card as it lies, every card of its pack once, the copy, the resample, the deal and
the record's setup; the tests' duel is such a game, on a pack of 44 cards."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.cards import CARD_TEXT
from game.core.piles import Seen
from game.core.types import HANDS, PACK, TABLE, WONS, EventKind

from .rules import POOL, Duel


def played(seed: int, moves: int) -> Duel:
    state, rng = Duel.new(rng=seed), random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 30))
def test_a_seat_sees_face_up_piles_and_its_own_hand_and_only_counts_of_the_rest(seed, moves):
    state = played(seed, moves)
    for seat in (0, 1):
        seen = state.observation(seat).piles
        for pile in state.declared():
            cards = state.piles[pile.pid]
            if pile.seen is Seen.FACE_UP or pile.pid == HANDS[seat]:
                assert seen[pile.pid] == cards
            else:
                assert seen[pile.pid] == [None] * len(cards)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 30), st.integers(0, 99))
def test_a_resample_keeps_what_the_seat_sees_and_every_card_of_the_pack_once(seed, moves, r):
    state = played(seed, moves)
    other = state.resample(0, random.Random(r))
    assert other.observation(0) == state.observation(0)
    assert sorted(other.all_cards()) == sorted(Duel.CARDS)
    assert other.piles[HANDS[1]] == sorted(other.piles[HANDS[1]])  # a hand stays in order


def test_a_copy_is_its_own_and_plays_on_alone():
    state = played(3, 5)
    before = state.reveal()
    copy = state.clone()
    while not copy.is_over:
        copy.apply(copy.legal_actions()[0])
    assert state.reveal() == before
    assert len(state.history) == 5


def test_the_deal_gives_four_cards_a_hand_three_to_the_pool_and_the_rest_to_the_pack_as_events():
    state = Duel.new(rng=8)
    assert [len(state.piles[HANDS[s]]) for s in (0, 1)] == [4, 4]
    assert len(state.piles[POOL]) == 3
    assert len(state.piles[PACK]) == len(Duel.CARDS) - 11
    assert not state.piles[TABLE]
    assert not state.piles[WONS[0]]
    dealt = state.opening_events()
    assert [(ev.kind, ev.src, ev.dst) for ev in dealt] == [
        (EventKind.DEAL, PACK, HANDS[0]),
        (EventKind.DEAL, PACK, HANDS[1]),
        (EventKind.DEAL, PACK, POOL),
    ]
    assert sorted(dealt[0].cards) == state.piles[HANDS[0]]


def test_a_record_names_its_deck_and_only_the_games_own_pack_is_taken():
    state = played(5, 7)
    again = Duel.from_setup(state.setup())
    for action in state.history:
        again.apply(action)
    assert again.reveal() == state.reveal()
    whole = [CARD_TEXT[c] for c in range(52)]
    with pytest.raises(ValueError, match="44 cards once"):
        Duel.from_setup({"deck": whole})
    assert state.report()["piles"]["pack"] == len(state.piles[PACK])  # hidden: a count
