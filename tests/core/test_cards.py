"""Cards and their text form (RULES.md §1)."""

import pytest

from game.core.cards import (
    CARD_TEXT,
    DECK,
    CardError,
    card_name,
    card_text,
    make,
    parse_card,
    parse_cards,
    rank,
    shuffled_deck,
    suit,
)


def test_cards_text_form_round_trips_for_all_52():
    assert len(set(CARD_TEXT)) == 52
    for card in DECK:
        assert parse_card(card_text(card)) == card


def test_cards_text_form_is_rank_then_suit_canonical():
    assert card_text(make(1, 3)) == "AS"
    assert card_text(make(7, 2)) == "7H"
    assert card_text(make(10, 1)) == "10D"
    assert card_text(make(12, 0)) == "QC"
    assert (rank(parse_card("KD")), suit(parse_card("KD"))) == (13, 1)


@pytest.mark.parametrize(("text", "canonical"), [("as", "AS"), ("td", "10D"), ("Tc", "10C"),
                                                 ("10h", "10H"), (" qs ", "QS")])  # fmt: skip
def test_cards_parser_accepts_lower_case_and_t_for_ten(text, canonical):
    assert card_text(parse_card(text)) == canonical


@pytest.mark.parametrize(
    ("text", "words"),
    [("1X", "suit"), ("11H", "rank"), ("", "not a card"), ("ZZ", "suit"), (7, "text")],
)
def test_cards_bad_card_gets_clear_error(text, words):
    with pytest.raises(CardError, match=words):
        parse_card(text)


def test_cards_parse_list_names_the_bad_position():
    with pytest.raises(CardError, match=r"stocks\[2\]"):
        parse_cards(["AS", "2S", "XX"], "stocks")


def test_cards_names_read_as_words():
    assert card_name(parse_card("4H")) == "the 4 of hearts"
    assert card_name(parse_card("JC")) == "the jack of clubs"


def test_cards_seeded_shuffle_is_reproducible_and_complete():
    assert shuffled_deck(5) == shuffled_deck(5)
    assert shuffled_deck(5) != shuffled_deck(6)
    assert sorted(shuffled_deck(5)) == list(DECK)
