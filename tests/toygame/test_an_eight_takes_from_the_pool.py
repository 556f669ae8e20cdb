"""The duel's choice made on the felt: an 8 led takes the pool card its leader chooses
(``8S=3H``). The rules make it one move per pool card, each naming the card it takes, the
card goes into the leader's hand, the log and the move's words say it in every language,
and the computer takes the strongest from its seat's view alone."""

from __future__ import annotations

import pytest

from game.core.agents import SeatView
from game.core.cards import CARD_TEXT, parse_card
from game.core.types import HANDS, PLAYS, TABLE, Code, EventKind, Refusal
from game.text import say, set_language
from game.text.names import Namer
from game.text.words import event_line, move_phrase, phrase

from .rules import POOL, Codes, Duel
from .spec import SPEC

EIGHT_S = parse_card("8S")


def dealt(first: str, second: str, pool: str = "3H KD 9C") -> Duel:
    """A duel whose leader (seat 0) holds ``first``, the other ``second`` (4 cards each),
    with ``pool`` face up (3 cards)."""
    dealt = [parse_card(c) for c in (*first.split(), *second.split(), *pool.split())]
    rest = [c for c in Duel.CARDS if c not in dealt]
    return Duel.from_setup({"deck": [CARD_TEXT[c] for c in dealt + rest]})


def cards(text: str) -> list[int]:
    return sorted(parse_card(c) for c in text.split())


def test_an_eight_led_is_one_move_per_pool_card_each_naming_the_card_it_takes():
    state = dealt("8S 2C 3C 4C", "KH 5H 9D AC")
    assert state.piles[POOL] == cards("3H KD 9C")
    legal = {str(a) for a in state.legal_actions()}
    assert {"8S=3H", "8S=KD", "8S=9C"} <= legal
    assert "8S" not in legal
    assert state.check("8S") == Refusal(Code.NOT_A_MOVE, text="8S")
    assert state.check("8S=AS") == Refusal(Codes.NOT_IN_POOL, card=parse_card("AS"))
    where = state.where(SPEC.parse_action("8s=kd"))
    assert (where.src, where.dst, where.card, where.takes) == (
        HANDS[0], TABLE, EIGHT_S, (parse_card("KD"),),
    )  # fmt: skip


def test_the_pool_card_goes_into_the_leaders_hand_and_the_trick_is_played_on_rank():
    state = dealt("8S 2C 3C 4C", "KH 5H 9D AC")
    move, took, *_ = state.apply("8S=KD")
    assert (move.kind, move.cards, move.dst) == (EventKind.MOVE, (EIGHT_S,), TABLE)
    assert (took.kind, took.cards, took.src, took.dst) == (
        EventKind.CAPTURE, (parse_card("KD"),), POOL, HANDS[0],
    )  # fmt: skip
    assert state.piles[HANDS[0]] == cards("2C 3C 4C KD")
    assert state.piles[POOL] == cards("3H 9C")
    state.apply("9D")  # a 9 beats the 8
    assert state.score == [0, 2]
    assert state.to_move == 1
    assert sorted(state.all_cards()) == sorted(Duel.CARDS)


def test_an_eight_answered_or_led_on_an_empty_pool_is_a_plain_play_taking_nothing():
    state = dealt("2C 3C 4C 5C", "8H 6D 7D 9D")
    state.apply("2C")
    assert state.legal_actions() == [PLAYS[c] for c in cards("6D 7D 8H 9D")]
    assert state.where(PLAYS[parse_card("8H")]).takes == ()
    empty = dealt("8S 2C 3C 4C", "KH 5H 9D AC")
    empty.piles[POOL] = []
    assert PLAYS[EIGHT_S] in empty.legal_actions()


@pytest.mark.parametrize(
    ("lang", "lead", "take", "move", "question", "hint", "pool"),
    [
        ("en", "You lead with 8♠", "You take K♦ from the pool",
         "leading with 8♠, taking K♦ from the pool", "Which pool card does your 8 take?",
         "Hint: lead 8♠ and take K♦ from the pool.", "Pool"),
        ("tr", "8♠ ile açtın", "Havuzdan K♦ aldın", "8♠ ile açıp havuzdan K♦ almak",
         "8'inle havuzdan hangi kartı alıyorsun?", "İpucu: 8♠ ile aç ve havuzdan K♦ al.",
         "Havuz"),
        ("de", "Du spielst die 8♠ aus", "Du nimmst den K♦ aus der Auslage",
         "die 8♠ ausspielen und den K♦ aus der Auslage nehmen",
         "Welche Karte nimmt deine 8 aus der Auslage?",
         "Tipp: Spiel die 8♠ aus und nimm den K♦ aus der Auslage.", "Auslage"),
    ],
)  # fmt: skip
def test_the_log_the_move_the_question_and_the_hint_say_the_card_taken(
    duel, lang, lead, take, move, question, hint, pool
):
    set_language(lang)
    state = dealt("8S 2C 3C 4C", "KH 5H 9D AC")
    you = Namer({0: "You", 1: "North"}, human=0, game=SPEC.id)
    action = SPEC.parse_action("8S=KD")
    played, took, *_ = state.clone().apply(action)
    assert [event_line(played, you), event_line(took, you)] == [lead, take]
    assert move_phrase(state, action, you) == move
    eights = [a for a in state.legal_actions() if a.card == EIGHT_S]
    assert phrase(SPEC.choice_question(state, eights), you) == question
    assert [phrase(SPEC.choice_words(a), you) for a in eights] == ["9♣", "K♦", "3♥"], "as they lie"
    assert phrase(SPEC.hint(state, action, 0), you) == hint
    assert say("pile.hicard-duel.pool") == pool


def test_the_computer_takes_the_strongest_pool_card_from_its_view_alone():
    state = dealt("8S 9H 10H KH", "KD 5C 9D AC", pool="3H AD 9C")
    chosen = SPEC.make_agent("sharp", 1).choose(SeatView(state, 0))
    assert str(chosen) == "8S=AD", "its weakest card leads, and takes the ace"
    novice = SPEC.make_agent("novice", 3)
    for _ in range(20):
        assert novice.choose(SeatView(state, 0)) in state.legal_actions()
