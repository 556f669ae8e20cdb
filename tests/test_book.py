"""Pisha Pasha, the simple book version (RULES.md §4)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import CARD_TEXT, parse_card
from game.rules import book as book_module
from game.rules.base import IllegalAction
from game.rules.book import BookGame

CLUBS_DIAMONDS = [CARD_TEXT[c] for c in range(26)]
HEARTS_SPADES = [CARD_TEXT[c] for c in range(26, 52)]


def book(stock0: list[str], stock1: list[str]) -> BookGame:
    return BookGame.from_setup({"stocks": [stock0, stock1]})


def never_matching() -> BookGame:
    """Seat 0 holds clubs and diamonds, seat 1 hearts and spades: the suits never match."""
    return book(list(CLUBS_DIAMONDS), list(HEARTS_SPADES))


def deal_with_tops(tops0: list[str], tops1: list[str]) -> BookGame:
    """The given top cards, the rest of the pack shared out below them."""
    rest = [t for t in CARD_TEXT if t not in tops0 + tops1]
    split = 26 - len(tops0)
    return book(tops0 + rest[:split], tops1 + rest[split:])


def test_book_flip_turns_both_top_cards_face_up_onto_own_discards():
    state = never_matching()
    events = state.apply("flip")
    assert [(e.kind, e.seat, e.src, e.dst) for e in events] == [
        ("turn", 0, "stock0", "discard0"),
        ("turn", 1, "stock1", "discard1"),
    ]
    assert state.report()["discards"] == [["AC"], ["AH"]]
    assert state.to_move == 0 and state.legal_actions() == ["flip"]


def test_book_different_suits_nothing_happens():
    state = never_matching()
    for _ in range(5):
        assert [e.kind for e in state.apply("flip")] == ["turn", "turn"]
    assert state.score == [26, 26]
    assert state.report()["discards"][1] == ["AH", "2H", "3H", "4H", "5H"]


def test_book_same_suit_higher_card_takes_opponents_discard_pile():
    state = deal_with_tops(["5H", "9S"], ["3D", "4S"])
    state.apply("flip")
    events = state.apply("flip")
    capture = events[-1]
    assert capture.kind == "capture" and capture.seat == 0
    assert (capture.src, capture.dst) == ("discard1", "stock0") and not capture.face_up
    assert capture.cards == (parse_card("3D"), parse_card("4S"))
    assert capture.note == "Same suit: the 9 of spades beats the 4 of spades."
    report = state.report()
    assert report["discards"] == [["5H", "9S"], []]
    assert state.score == [28, 24]


def test_book_captured_pile_goes_under_stock_top_card_at_bottom():
    state = deal_with_tops(["5H", "9S"], ["3D", "4S"])
    state.apply("flip")
    state.apply("flip")
    stock0 = state.report()["stocks"][0]  # top first
    assert stock0[-2:] == ["3D", "4S"]  # 4S, the captured pile's top card, is now the bottom


@pytest.mark.parametrize(
    ("card0", "card1", "taker"),
    [("AS", "KS", 0), ("2S", "AS", 1), ("KS", "QS", 0), ("2D", "3D", 1)],
)
def test_book_ace_is_high(card0, card1, taker):
    state = deal_with_tops([card0], [card1])
    events = state.apply("flip")
    assert events[-1].kind == "capture" and events[-1].seat == taker


def test_book_empty_stock_turns_discard_over_as_a_block():
    state = never_matching()
    for _ in range(26):
        state.apply("flip")
    assert state.report()["stocks"] == [[], []]
    events = state.apply("flip")
    assert [e.kind for e in events[:4]] == ["recycle", "turn", "recycle", "turn"]
    assert events[0].cards == tuple(parse_card(c) for c in CLUBS_DIAMONDS)
    assert state.report()["discards"] == [["AC"], ["AH"]]
    assert state.report()["stocks"][0] == CLUBS_DIAMONDS[1:]


def test_book_seat_with_no_cards_loses():
    middle0 = [t for t in CLUBS_DIAMONDS if t not in ("AC", "2C")]
    middle1 = [t for t in HEARTS_SPADES if t not in ("AH", "2S")]
    state = book(["AH", *middle0, "AC"], ["2S", *middle1, "2C"])
    for _ in range(25):
        state.apply("flip")
    assert not state.is_over
    events = state.apply("flip")
    assert events[-1].kind == "over" and events[-1].note == "Seat 1 has no cards left: seat 0 wins."
    assert state.winner == 0 and state.score == [52, 0] and state.to_move is None
    assert state.legal_actions() == []


def test_book_stalemate_by_repetition_equal_counts_is_a_draw():
    state = never_matching()
    while not state.is_over:
        events = state.apply("flip")
    assert state.flips == 27  # the position after flip 1 comes back
    assert state.winner == "draw" and state.report()["stalemate"] is True
    assert (
        events[-1].note == "Stalemate: the suits never matched again; both hold 26 cards: a draw."
    )


def test_book_stalemate_by_repetition_more_cards_wins():
    for seed in range(50):
        state = BookGame.new(2, None, seed)
        replay = BookGame.from_setup(state.setup())
        seen = [(str(replay.report()))]
        while not state.is_over:
            events = state.apply("flip")
            replay.apply("flip")
            seen.append(str(replay.report()))
        a, b = state.score
        if state.report()["stalemate"] and a != b:
            assert seen[-1].replace("True", "False") in seen[:-1]
            assert state.winner == (0 if a > b else 1)
            assert events[-1].note.endswith(f"seat {state.winner} holds more cards.")
            return
    raise AssertionError("no stalemate with unequal counts in 50 hands")


def test_book_stalemate_at_10000_flips(monkeypatch):
    monkeypatch.setattr(book_module, "FLIP_LIMIT", 5)
    state = never_matching()
    while not state.is_over:
        events = state.apply("flip")
    assert state.flips == 5 and state.winner == "draw"
    assert events[-1].note.startswith("Stalemate: 5 flips without a winner")
    assert book_module.FLIP_LIMIT == 5 and BookGame.new(2, None, 1).flips == 0


def test_book_flip_limit_is_10000():
    assert book_module.FLIP_LIMIT == 10_000


def test_book_score_is_cards_each_seat_holds():
    state = deal_with_tops(["5H", "9S"], ["3D", "4S"])
    assert state.score == [26, 26]
    state.apply("flip")
    state.apply("flip")
    assert state.score == [28, 24]


def test_book_illegal_action_leaves_state_unchanged():
    state = never_matching()
    state.apply("flip")
    before = (state.report(), state.history[:], state.score)
    with pytest.raises(IllegalAction) as err:
        state.apply("turn")
    assert "the only move is 'flip'" in str(err.value)
    assert (state.report(), state.history, state.score) == before
    assert state.check("FLIP") is None
    state.apply("Flip")
    assert state.history == ["flip", "flip"]


@pytest.mark.parametrize(
    ("setup", "words"),
    [
        ({"stocks": [CLUBS_DIAMONDS]}, "setup.stocks must be a list of 2 stocks"),
        ({"stocks": [CLUBS_DIAMONDS[1:], ["AC", *HEARTS_SPADES]]}, "setup.stocks[0] has 25"),
        ({"stocks": [CLUBS_DIAMONDS, HEARTS_SPADES[:-1] + ["AC"]]}, "AC appears twice"),
        ({"stocks": [CLUBS_DIAMONDS, HEARTS_SPADES[:-1]]}, "51 cards: KS is missing"),
        ({"stocks": [CLUBS_DIAMONDS, HEARTS_SPADES], "center": "AS"}, "unknown field 'center'"),
        ({"stocks": [CLUBS_DIAMONDS, [*HEARTS_SPADES[:-1], "XX"]]}, "setup.stocks[1][25]"),
        ("stocks", "setup must be an object"),
    ],
)
def test_book_bad_setups_rejected_naming_the_field(setup, words):
    with pytest.raises(ValueError) as err:
        BookGame.from_setup(setup)
    assert words in str(err.value), str(err.value)


def test_book_observation_hides_never_flipped_cards_but_knows_captured_ones():
    state = deal_with_tops(["5H", "9S"], ["3D", "4S"])
    state.apply("flip")
    state.apply("flip")
    obs = state.observation(1)
    stock0 = obs.piles["stock0"]  # bottom first
    assert stock0[:2] == [parse_card("4S"), parse_card("3D")]
    assert stock0[2:] == [None] * 24
    assert obs.piles["stock1"] == [None] * 24
    assert obs.piles["discard0"] == [parse_card("5H"), parse_card("9S")]


def test_book_setup_round_trip_and_new_deals_26_each():
    state = BookGame.new(2, None, 3)
    assert [len(s) for s in state.report()["stocks"]] == [26, 26]
    for _ in range(30):
        if not state.is_over:
            state.apply("flip")
    again = BookGame.from_setup(state.setup())
    for a in state.history:
        again.apply(a)
    assert again.report() == state.report() and again.score == state.score


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), cut=st.integers(0, 80))
def test_book_properties_cards_clone_resample_and_end(seed, cut):
    rng = random.Random(seed)
    state = BookGame.new(2, None, rng)
    flips = 0
    while not state.is_over:
        if flips == cut:
            twin = state.clone()
            obs = state.observation(0)
            guess = state.resample(0, rng)
            assert guess.observation(0).piles == obs.piles
            assert guess.report()["discards"] == state.report()["discards"]
            if not twin.is_over:
                twin.apply("flip")
                assert state.flips == flips and twin.flips == flips + 1
        state.apply("flip")
        flips += 1
        assert sorted(state.all_cards()) == list(range(52))
        assert flips <= 10_000
    assert state.winner in (0, 1, "draw")
    if state.winner != "draw":
        assert state.score[state.winner] > state.score[1 - state.winner]
