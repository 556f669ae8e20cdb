"""The duel's choice that is not a pile: an 8 led names a suit (``8S=H``). The rules make
it four moves, the answer of the named suit takes the trick, the log and the move's words
say the suit in both languages, and the computer names one from its seat's view alone."""

from __future__ import annotations

from game.core.agents import SeatView
from game.core.cards import CARD_TEXT, parse_card
from game.core.types import PLAYS, Code, EventKind, PileId, PileKind, Refusal
from game.text import say, set_language
from game.text.names import Namer
from game.text.words import event_line, move_phrase, phrase

from .kinds import NAMING
from .rules import Duel
from .spec import SPEC

EIGHT_S = parse_card("8S")


def dealt(first: str, second: str) -> Duel:
    """A duel whose leader (seat 0) holds ``first`` and the other ``second`` (4 cards each)."""
    hands = [parse_card(c) for c in (*first.split(), *second.split())]
    rest = [c for c in Duel.CARDS if c not in hands]
    return Duel.from_setup({"deck": [CARD_TEXT[c] for c in hands + rest]})


def test_an_eight_led_is_four_moves_one_per_suit_named_and_no_plain_play():
    state = dealt("8S 2C 3C 4C", "KH 5H 9D AC")
    legal = {str(a) for a in state.legal_actions()}
    assert {"8S=C", "8S=D", "8S=H", "8S=S"} <= legal
    assert "8S" not in legal
    assert state.check("8S") == Refusal(Code.NOT_A_MOVE, text="8S")
    assert all(a.card == EIGHT_S for a in NAMING[EIGHT_S])
    assert {state.where(a) for a in NAMING[EIGHT_S]} == {state.where(PLAYS[EIGHT_S])}, (
        "the four share one gesture: hand to table"
    )


def test_the_answer_of_the_named_suit_takes_the_trick_whatever_its_rank():
    state = dealt("8S 2C 3C 4C", "KD 5H 9D AC")
    events = state.apply("8S=H")
    assert events[0].kind is EventKind.MOVE, "hearts named"
    assert events[0].detail == (2,), "hearts named"
    assert state.check("8D=H") is not None, "only a lead names a suit"
    low_heart, king = state.clone(), state.clone()
    low_heart.apply("5H")
    assert low_heart.score == [0, 2]
    assert low_heart.to_move == 1
    king.apply("KD")
    assert king.score == [2, 0], "a king of another suit loses to the 8"
    assert king.to_move == 0, "a king of another suit loses to the 8"
    assert [len(state.reveal()[PileId(PileKind.HAND, s)]) for s in (0, 1)] == [3, 4]


def test_an_eight_answered_is_a_plain_play_and_names_nothing():
    state = dealt("2C 3C 4C 5C", "8H 6D 7D 9D")
    state.apply("2C")
    assert PLAYS[parse_card("8H")] in state.legal_actions()
    assert not any(a.choice for a in state.legal_actions())
    assert state.apply("8H")[0].detail == ()


def test_the_suit_named_is_said_in_the_log_and_the_moves_words_in_both_languages(duel):
    state = dealt("8S 2C 3C 4C", "KD 5H 9D AC")
    you = Namer({0: "You", 1: "North"}, human=0, game=SPEC.id)
    (move, *_) = state.clone().apply("8S=H")
    assert event_line(move, you) == "You lead with 8♠ and name hearts"
    assert move_phrase(state, SPEC.parse_action("8s=h"), you).endswith("naming hearts")
    assert say(SPEC.choice_question(state, NAMING[EIGHT_S]).key) == "Your 8 names a suit"
    words = [say(SPEC.choice_words(a).key) for a in NAMING[EIGHT_S]]
    assert words == ["♣ Clubs", "♦ Diamonds", "♥ Hearts", "♠ Spades"]
    hint = SPEC.hint(state, SPEC.parse_action("8S=H"), 0)
    assert phrase(hint, you) == "Hint: lead the 8 of spades and name hearts."
    set_language("tr")
    assert event_line(move, you) == "8♠ ile açtın ve kupa dedin"
    assert phrase(hint, you) == "İpucu: maça 8 ile aç ve kupa de."
    assert [say(SPEC.choice_words(a).key) for a in NAMING[EIGHT_S]][2] == "♥ Kupa"
    assert say(SPEC.choice_question(state, NAMING[EIGHT_S]).key) == "8'in bir renk söylüyor"


def test_the_computer_names_the_suit_it_has_seen_most_of_from_its_view_alone():
    state = dealt("8S 9H 10H KH", "KD 5C 9D AC")
    chosen = SPEC.make_agent("sharp", 1).choose(SeatView(state, 0))
    assert str(chosen) == "8S=H", "three hearts held: the other hand is least likely to answer"
    novice = SPEC.make_agent("novice", 3)
    for _ in range(20):
        assert novice.choose(SeatView(state, 0)) in state.legal_actions()
