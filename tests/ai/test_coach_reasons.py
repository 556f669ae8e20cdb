"""The coach says why: on positions where the reason is known, the game's
coach names it, in both languages, and the review's mistakes carry it."""

from __future__ import annotations

import random

from conftest import position, suits_up_to
from hypothesis import given, settings
from hypothesis import strategies as st
from ui_support import rest_of_deck

from game.ai.coach import move_values, reason
from game.core.cards import parse_card
from game.core.spec import Phrase
from game.core.types import PLAYS
from game.games import new_hand, spec_of
from game.games.pishe_pasha import kinds as pishe
from game.games.pishe_pasha.kinds import TURN
from game.games.pishe_pasha.moves import D_LOAD, T_DISCARD, T_LOAD
from game.games.pisti.rules import Pisti
from game.text import set_language
from game.text.names import Namer
from game.text.phrasebook import LANGUAGES
from game.text.words import phrase

QUICK = 0.3


def _names() -> Namer:
    return Namer.for_table({0: "bottom", 1: "top"}, 0, {0: 0, 1: 1})


def _after_a_capture() -> Pisti:
    """North (seat 1) to lead on an empty pile, after You took 5♥ with 5♣: two fives
    are seen, no nine is."""
    table, hand0, hand1 = (
        ["2C", "3D", "4S", "5H"],
        ["5C", "QS", "KD", "QH"],
        ["9D", "5D", "7C", "8C"],
    )
    rest = sorted(rest_of_deck(*table, *hand0, *hand1), key=lambda c: c.startswith("J"))
    state = Pisti.from_setup({"players": 2, "deck": [*table, *hand0, *hand1, *rest[::-1]]}, {})
    state.apply(PLAYS[parse_card("5C")])
    return state


def test_a_lone_card_left_for_a_pisti_is_the_reason(lang):
    state = _after_a_capture()
    why = reason(state, 1, PLAYS[parse_card("9D")], PLAYS[parse_card("5D")])
    assert why.key == "coach.why.lone_card"
    assert why.params == {"card": parse_card("9D"), "seat": 0}
    words = phrase(why, Namer.for_table({1: "bottom", 0: "top"}, 1, {0: 0, 1: 1}))
    assert "9♦" in words
    assert "pişti" in words.lower()


def test_the_search_agrees_the_lone_nine_costs_more_than_the_five():
    state = _after_a_capture()
    values = move_values(state, 1, QUICK)
    assert values[PLAYS[parse_card("5D")]] > values[PLAYS[parse_card("9D")]]


def _load_choice():
    """You hold 7♦; North shows 8♠. Discarding the 7 gives North the load 8♠ onto it."""
    return position([["KH"], ["8S"]], turned="7D", to_move=0)


def test_a_load_given_to_the_opponent_is_the_reason(lang):
    state = _load_choice()
    assert set(state.legal_actions()) == {T_LOAD[1], T_DISCARD}
    why = reason(state, 0, T_DISCARD, T_LOAD[1])
    assert why.key == "coach.why.gives_load"
    assert why.params == {"seat": 1, "card": parse_card("8S")}
    words = phrase(why, _names())
    assert "8♠" in words
    assert _names().who(1) in words


def _foundation_choice():
    """Stop rule: 2♣ on top of your discard pile fits the foundation (A♣ is up)."""
    return position(
        [["5H", "2C"], ["9S"]], suits_up_to(c=1), to_move=0, options={"stop_rule": True}
    )


def test_a_foundation_play_missed_is_the_reason_with_the_stop_rule(lang):
    state = _foundation_choice()
    found = next(a for a in state.legal_actions() if a is not TURN and pishe.load_seat(a) is None)
    assert TURN in state.legal_actions()
    why = reason(state, 0, TURN, found)
    assert why.key == "coach.why.foundation"
    assert why.params == {"card": parse_card("2C"), "seat": 1}
    words = phrase(why, _names())
    assert "2♣" in words
    assert "Stop" in words or "Dur" in words


def test_every_game_with_a_coach_brings_its_own_judging():
    assert spec_of("pisti").coach is not None
    assert spec_of("pishe-pasha").coach is not None
    assert spec_of("pisha-pasha-book").coach is None
    assert reason(_foundation_choice(), 0, TURN, pishe.ACTIONS.parse("discard>F")).key


def test_no_game_name_is_left_in_the_shared_coach():
    from pathlib import Path

    text = Path("game/ai/coach.py").read_text(encoding="utf-8")
    assert "pisti" not in text.lower().replace("pişti", "")
    assert "pishe" not in text


def test_the_coach_speaks_the_games_own_words():
    """ "waste" (and Turkish "atık") were never the game's words: the discard pile is."""
    from pathlib import Path

    for lang, words in (("en", ("waste",)), ("tr", ("atık",)), ("de", ("abfall",))):
        po = Path(f"game/text/locale/{lang}/LC_MESSAGES/pasha.po").read_text(encoding="utf-8")
        said = [line for line in po.splitlines() if line.startswith("msgstr")]
        assert not [line for line in said for w in words if w in line.lower()], lang


def test_a_card_loaded_away_one_short_of_its_foundation_is_the_reason(lang):
    """A♣ is up; loading your 3♣ onto North's 4♠ gives away a card the foundation
    takes right after the 2♣."""
    state = position([["KH", "3C"], ["4S"]], suits_up_to(c=1), to_move=0)
    assert set(state.legal_actions()) >= {D_LOAD[1], TURN}
    why = reason(state, 0, D_LOAD[1], TURN)
    assert why == Phrase("coach.why.keep", {"card": parse_card("3C")})
    assert "3♣" in phrase(why, _names())


@settings(max_examples=25, deadline=None)
@given(
    game=st.sampled_from(["pisti", "pishe-pasha"]), seed=st.integers(0, 2**31), k=st.integers(0, 60)
)
def test_every_reason_is_worded_in_every_language(game, seed, k):
    """Any two moves of any position get a reason the phrasebook words, in every language."""
    state = new_hand(game, 2, {"stop_rule": True} if game == "pishe-pasha" else {}, seed)
    rng = random.Random(seed)
    for _ in range(k):
        if state.is_over:
            return
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_move
    acts = [a for a in state.legal_actions() if not a.is_call] if seat is not None else []
    if state.is_over or len(acts) < 2:
        return
    played, better = rng.sample(acts, 2)
    why = reason(state, seat, played, better)
    namer = Namer.for_table({seat: "bottom", 1 - seat: "top"}, seat, {0: 0, 1: 1})
    try:
        for lang in LANGUAGES:
            set_language(lang)
            words = phrase(why, namer)
            assert words, words
            assert "{" not in words, words
            assert not words.startswith("coach."), words
    finally:
        set_language("en")
