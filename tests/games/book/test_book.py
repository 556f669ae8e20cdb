"""Pisha Pasha, the simple book version (RULES.md §4)."""

from __future__ import annotations

import random
import re

import pytest
from conftest import cards, kinds, texts, words
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.cards import CARD_TEXT, parse_card
from game.core.types import DISCARDS, DRAW, STOCKS, Event, IllegalAction, Outcome
from game.games.book import rules as book_module
from game.games.book.kinds import FLIP, Codes, EventKinds, Reasons
from game.games.book.rules import BookGame
from game.text.names import Namer
from game.text.words import event_line, outcome_line

E = EventKinds
SEATS = Namer.numbered(2)

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


def play_flips(state: BookGame, n: int) -> list:
    events = []
    for _ in range(n):
        events += state.apply(FLIP)
    return events


def test_book_flip_turns_both_top_cards_face_up_onto_own_discards():
    state = never_matching()
    events = state.apply("flip")
    assert [(e.kind, e.seat, e.src, e.dst) for e in events] == [
        (E.FLIP, 0, STOCKS[0], DISCARDS[0]),
        (E.FLIP, 1, STOCKS[1], DISCARDS[1]),
    ]
    assert state.report()["discards"] == [["AC"], ["AH"]]
    assert state.to_move == 0
    assert texts(state.legal_actions()) == ["flip"]
    assert state.legal_actions() == [FLIP]


def test_book_different_suits_nothing_happens():
    state = never_matching()
    for _ in range(5):
        assert kinds(state.apply("flip")) == [E.FLIP, E.FLIP]
    assert state.score == [26, 26]
    assert state.report()["discards"][1] == ["AH", "2H", "3H", "4H", "5H"]


def test_book_same_suit_higher_card_takes_opponents_discard_pile():
    state = deal_with_tops(["5H", "9S"], ["3D", "4S"])
    state.apply("flip")
    events = state.apply("flip")
    capture = events[-1]
    assert capture.kind is EventKinds.CAPTURE
    assert capture.seat == 0
    assert (capture.src, capture.dst) == (DISCARDS[1], STOCKS[0])
    assert not capture.face_up
    assert capture.cards == cards("3D", "4S")
    assert capture.detail == cards("9S", "4S")  # the winning card, then the beaten one
    assert event_line(capture, SEATS) == (
        "Seat 0 wins seat 1's pile (2 cards): same suit, 9♠ beats 4♠"
    )
    report = state.report()
    assert report["discards"] == [["5H", "9S"], []]
    assert state.score == [28, 24]


def test_book_captured_pile_lands_bottom_card_down():
    # Changed on purpose (RULES.md §4): the captured pile used to go under the stock with its
    # top card at the very bottom; now its bottom card is the stock's bottom card, and its
    # top card lies right under the old stock, the first of them to be turned.
    state = deal_with_tops(["5H", "9S"], ["3D", "4S"])
    state.apply("flip")
    state.apply("flip")
    stock0 = state.report()["stocks"][0]  # top first
    assert stock0[-2:] == ["4S", "3D"]  # 3D, the captured pile's bottom card, is the bottom
    assert len(stock0) == 26


def test_book_captured_cards_come_back_top_card_first():
    """Seat 0 flips its old stock away, then the captured 4S (the pile's top), then the 3D."""
    state = deal_with_tops(["5H", "9S"], ["3D", "4S"])
    play_flips(state, 2)
    old_stock = len(state.report()["stocks"][0]) - 2
    play_flips(state, old_stock)
    assert state.report()["stocks"][0] == ["4S", "3D"]
    flipped = []
    for _ in range(2):
        flipped += [e.cards[0] for e in state.apply(FLIP) if e.kind is E.FLIP and e.seat == 0]
    assert flipped == list(cards("4S", "3D"))


@pytest.mark.parametrize(
    ("card0", "card1", "taker"),
    [("AS", "KS", 0), ("2S", "AS", 1), ("KS", "QS", 0), ("2D", "3D", 1)],
)
def test_book_ace_is_high(card0, card1, taker):
    state = deal_with_tops([card0], [card1])
    events = state.apply("flip")
    assert events[-1].kind is EventKinds.CAPTURE
    assert events[-1].seat == taker


def test_book_empty_stock_turns_discard_over_as_a_block():
    state = never_matching()
    for _ in range(26):
        state.apply("flip")
    assert state.report()["stocks"] == [[], []]
    events = state.apply("flip")
    assert kinds(events[:4]) == [E.RECYCLE, E.FLIP, E.RECYCLE, E.FLIP]
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
    assert events[-1].kind is E.OVER
    assert events[-1].outcome == Outcome(0, Reasons.NO_CARDS, (52, 0))
    assert outcome_line(events[-1].outcome, SEATS) == "Seat 1 has no cards left: seat 0 wins."
    assert state.winner == 0
    assert state.score == [52, 0]
    assert state.to_move is None
    assert texts(state.legal_actions()) == []


def test_book_stalemate_by_repetition_equal_counts_is_a_draw():
    state = never_matching()
    while not state.is_over:
        events = state.apply("flip")
    assert state.flips == 27  # the position after flip 1 comes back
    assert state.winner is DRAW
    assert state.report()["stalemate"] is True
    assert events[-1].outcome == Outcome(DRAW, Reasons.STALEMATE_NO_MATCH, (26, 26))
    assert outcome_line(events[-1].outcome, SEATS) == (
        "Stalemate: the suits never matched again; both hold 26 cards: a draw."
    )


# Seat 0 wins a few cards early; then the suits never match again, 39 cards against 13.
# Captures landing bottom card down make stalemates rare (RULES.md §4: fewer than one random
# deal in a thousand, all of those in 3,000 seeds even), so this deal was found by a search
# over decks of nearly disjoint suits.
UNEVEN_STALEMATE = (
    "QH 6D 8D 5C JD 9C AC 9S 8C 3D 7C QD 2D KD KC 4D 10C 2C 3C JC 10D 7D QC 5D 4C 6C",
    "4H QS 2H JH 2S 3S 9D JS 6H 8S KH 4S AD AH 5S AS 9H 10H 7H 7S 5H KS 10S 8H 3H 6S",
)


def test_book_stalemate_by_repetition_more_cards_wins():
    state = book(*(stock.split() for stock in UNEVEN_STALEMATE))
    seen = [str(state.report())]
    while not state.is_over:
        events = state.apply("flip")
        seen.append(str(state.report()))
    assert state.report()["stalemate"] is True
    assert state.score == [39, 13]
    assert seen[-1].replace("True", "False") in seen[:-1]  # the position came back
    assert state.winner == 0
    assert events[-1].outcome == Outcome(0, Reasons.STALEMATE_NO_MATCH, (39, 13))
    assert outcome_line(events[-1].outcome, SEATS) == (
        "Stalemate: the suits never matched again; seat 0 holds more cards."
    )


def test_book_stalemate_at_10000_flips(monkeypatch):
    monkeypatch.setattr(book_module, "FLIP_LIMIT", 5)
    state = never_matching()
    while not state.is_over:
        events = state.apply("flip")
    assert state.flips == 5
    assert state.winner is DRAW
    assert events[-1].outcome.reason is Reasons.STALEMATE_LIMIT
    # The phrasebook names the real limit, whatever this test patched it to.
    assert outcome_line(events[-1].outcome, SEATS).startswith(
        "Stalemate: 10,000 flips without a winner"
    )
    assert book_module.FLIP_LIMIT == 5
    assert BookGame.new(2, None, 1).flips == 0


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
    assert err.value.refusal.code is Codes.ONLY_FLIP
    assert words(err.value) == "'turn' is not a move in the book version: the only move is 'flip'."
    assert (state.report(), state.history, state.score) == before
    assert state.check("FLIP") is None
    state.apply("Flip")
    assert texts(state.history) == ["flip", "flip"]


@pytest.mark.parametrize(
    ("setup", "words"),
    [
        ({"stocks": [CLUBS_DIAMONDS]}, "setup.stocks must be a list of 2 stocks"),
        ({"stocks": [CLUBS_DIAMONDS[1:], ["AC", *HEARTS_SPADES]]}, "setup.stocks[0] has 25"),
        ({"stocks": [CLUBS_DIAMONDS, [*HEARTS_SPADES[:-1], "AC"]]}, "AC appears twice"),
        ({"stocks": [CLUBS_DIAMONDS, HEARTS_SPADES[:-1]]}, "51 cards: KS is missing"),
        ({"stocks": [CLUBS_DIAMONDS, HEARTS_SPADES], "center": "AS"}, "unknown field 'center'"),
        ({"stocks": [CLUBS_DIAMONDS, [*HEARTS_SPADES[:-1], "XX"]]}, "setup.stocks[1][25]"),
        ("stocks", "setup must be an object"),
    ],
)
def test_book_bad_setups_rejected_naming_the_field(setup, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        BookGame.from_setup(setup)


def test_book_observation_hides_never_flipped_cards_but_knows_captured_ones():
    state = deal_with_tops(["5H", "9S"], ["3D", "4S"])
    state.apply("flip")
    state.apply("flip")
    obs = state.observation(1)
    stock0 = obs.piles[STOCKS[0]]  # bottom first
    assert stock0[:2] == [parse_card("3D"), parse_card("4S")]  # bottom card down (§4)
    assert stock0[2:] == [None] * 24
    assert obs.piles[STOCKS[1]] == [None] * 24
    assert obs.piles[DISCARDS[0]] == [parse_card("5H"), parse_card("9S")]


def test_book_setup_round_trip_and_new_deals_26_each():
    state = BookGame.new(2, None, 3)
    assert [len(s) for s in state.report()["stocks"]] == [26, 26]
    for _ in range(30):
        if not state.is_over:
            state.apply("flip")
    again = BookGame.from_setup(state.setup())
    for a in state.history:
        again.apply(a)
    assert again.report() == state.report()
    assert again.score == state.score


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
                assert state.flips == flips
                assert twin.flips == flips + 1
        state.apply("flip")
        flips += 1
        assert sorted(state.all_cards()) == list(range(52))
        assert flips <= 10_000
    assert state.winner in (0, 1, DRAW)
    if state.winner is not DRAW:
        assert state.score[state.winner] > state.score[1 - state.winner]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_book_property_every_capture_lands_bottom_card_down(seed):
    """RULES.md §4 for any deal: after a capture the winner's stock ends, from the top down,
    with the captured pile's top card and then the rest of it, its bottom card last."""
    state = BookGame.new(2, None, seed)
    captures = 0
    while not state.is_over:
        for e in state.apply(FLIP):
            if e.kind is E.CAPTURE:
                captures += 1
                stock = state.report()["stocks"][e.seat]  # top first
                assert stock[-len(e.cards) :] == [CARD_TEXT[c] for c in reversed(e.cards)]
        assert sorted(state.all_cards()) == list(range(52))
    assert captures > 0 or state.stalemate


class OldOrientation(BookGame):
    """The rule before RULES.md §4 was corrected: the pile went under top card down."""

    def _capture(self, win: int, up: list[int]) -> Event:
        event = super()._capture(win, up)
        taken = len(event.cards)
        stock = self._stocks[win]  # bottom first: the captured cards are its first ones
        stock[:taken] = stock[:taken][::-1]
        return event


@pytest.mark.slow
def test_book_bottom_card_down_rarely_loops_where_the_old_way_mostly_did():
    """Why §4 chose this orientation: random deals now almost never stalemate, and never
    by a loop with captures in it; the old orientation looped in most deals."""
    ends = []
    for seed in range(2000):
        state = BookGame.new(2, None, seed)
        while not state.is_over:
            state.apply(FLIP)
        ends.append(state.outcome.reason)
    assert ends.count(Reasons.STALEMATE_REPEAT) == 0
    assert sum(r is not Reasons.NO_CARDS for r in ends) <= 6  # 0.3% at most
    old = []
    for seed in range(200):
        state = OldOrientation.new(2, None, seed)
        while not state.is_over:
            state.apply(FLIP)
        old.append(state.outcome.reason)
    assert old.count(Reasons.STALEMATE_REPEAT) > 100
