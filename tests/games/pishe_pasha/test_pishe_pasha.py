"""Pishe Pasha, classic two-player rules (RULES.md §2, §6) and the seed 000 worked example."""

from __future__ import annotations

import random
import re

import pytest
from conftest import (
    cards,
    kinds,
    play,
    position,
    snapshot,
    suits_up_to,
    texts,
    words,
)

from game.core.cards import CARD_TEXT, parse_card
from game.core.types import DISCARDS, DRAW, STOCKS, IllegalAction, Outcome
from game.games.pishe_pasha.kinds import FOUNDATIONS, TURNEDS, Codes, EventKinds, Reasons
from game.games.pishe_pasha.rules import PishePasha
from game.text.names import Namer
from game.text.words import outcome_line


# ------------------------------------------------------------------- dealing
def test_pp_new_deals_26_cards_each_and_seat_0_moves_first():
    state = PishePasha.new(2, None, 5)
    report = state.report()
    assert [len(s) for s in report["stocks"]] == [26, 26]
    assert report["discards"] == [[], []]
    assert report["turned"] is None
    assert report["foundations"] == [None, None, None, None]
    assert state.to_move == 0
    assert texts(state.legal_actions()) == ["turn"]
    assert sorted(state.all_cards()) == list(range(52))


def test_pp_same_seed_same_deal_and_setup_reproduces_it():
    a, b = PishePasha.new(2, None, 42), PishePasha.new(2, None, 42)
    assert a.setup() == b.setup()
    again = PishePasha.from_setup(a.setup(), a.options)
    assert again.report() == a.report()
    assert a.report()["stocks"] == a.setup()["stocks"]


def test_pp_turn_takes_the_top_stock_card():
    state = position([[], []], stocks=[["9H"], []])
    events = state.apply("turn")
    assert state.report()["turned"] == "9H"
    assert events[0].kind is EventKinds.TURN
    assert events[0].cards == (parse_card("9H"),)
    assert (events[0].src, events[0].dst) == (STOCKS[0], TURNEDS[0])
    assert (str(events[0].src), str(events[0].dst)) == ("stock0", "turned0")


# ------------------------------------------------------------- compulsions
def test_pp_discard_that_fits_must_go_to_foundation_first():
    state = position([["9C", "4H"], ["5S"]], suits_up_to(h=3))
    assert texts(state.legal_actions()) == ["discard>F"]
    assert words(state.check("turn")) == "The 4 of hearts must go to the foundation first."
    assert words(state.check("discard>1")) == "The 4 of hearts must go to the foundation first."
    state.apply("discard>F")
    assert state.report()["foundations"][2] == "4H"
    assert state.report()["discards"][0] == ["9C"]


def test_pp_turned_card_that_fits_must_go_to_foundation():
    state = position([["2S"], ["8C"]], suits_up_to(c=6), stocks=[["7C"], []])
    state.apply("turn")
    assert texts(state.legal_actions()) == ["turned>F"]
    assert (
        words(state.check("turned>D")) == "The 7 of clubs fits the foundation: play it there first."
    )
    state.apply("turned>F")
    assert state.report()["foundations"][0] == "7C"
    assert state.report()["turned"] is None


def test_pp_ace_fits_an_empty_foundation_of_its_suit_only():
    state = position([[], []], stocks=[["AD", "2D", "3S"], []])
    play(state, "turn", "turned>F", "turn", "turned>F", "turn")
    assert state.report()["foundations"] == [None, "2D", None, None]
    assert texts(state.legal_actions()) == ["turned>D"]


# ----------------------------------------------------------------- loading
def test_pp_load_is_voluntary():
    state = position([["KH"], ["8C"]], stocks=[["9D"], []])
    assert texts(state.legal_actions()) == ["turn"]
    state.apply("turn")
    assert sorted(texts(state.legal_actions())) == ["turned>1", "turned>D"]
    state.apply("turned>D")
    assert state.report()["discards"][0] == ["KH", "9D"]
    assert state.to_move == 1


def test_pp_voluntary_load_from_discard_or_turn_instead():
    state = position([["9D"], ["8C"]])
    assert sorted(texts(state.legal_actions())) == ["discard>1", "turn"]


@pytest.mark.parametrize(
    ("card", "ok"),
    [("7H", True), ("9S", True), ("7C", True), ("8D", False), ("6C", False), ("10C", False)],
)
def test_pp_load_adjacent_rank_suit_ignored(card, ok):
    state = position([[], ["8C"]], stocks=[[card], []], foundations=suits_up_to(c=1))
    state.apply("turn")
    assert ("turned>1" in texts(state.legal_actions())) is ok
    if not ok:
        assert "does not load onto the 8 of clubs" in words(state.check("turned>1"))


def test_pp_classic_ace_king_not_adjacent():
    king_on_ace = position([["KS"], ["AH"]])
    assert texts(king_on_ace.legal_actions()) == ["turn"]
    assert "aces and kings are not next to each other" in words(king_on_ace.check("discard>1"))
    # An ace always fits its empty foundation, so only a Stop-rule fault could try to load it.
    ace_on_king = position([["9D"], ["KH"]], stocks=[["AS"], []], options={"stop_rule": True})
    ace_on_king.apply("turn")
    assert "turned>1" not in texts(ace_on_king.legal_actions())
    assert "aces and kings are not next to each other" in words(ace_on_king.check("turned>1"))


def test_pp_load_on_own_pile_refused():
    state = position([["8H"], ["5S"]], stocks=[["9C"], []])
    assert words(state.check("discard>0")) == "You cannot load a card onto your own discard pile."
    state.apply("turn")
    assert words(state.check("turned>0")) == "You cannot load a card onto your own discard pile."


def test_pp_load_onto_empty_pile_refused():
    state = position([[], []], stocks=[["9C"], []])
    state.apply("turn")
    assert texts(state.legal_actions()) == ["turned>D"]
    assert words(state.check("turned>1")) == (
        "Seat 1's discard pile is empty: there is nothing to load onto."
    )


def test_pp_cannot_move_a_discard_while_holding_a_turned_card():
    state = position([["9D"], ["8C"]], stocks=[["KS"], []])
    state.apply("turn")
    assert "discard>1" not in texts(state.legal_actions())
    assert words(state.check("discard>1")).startswith("You are holding the king of spades")
    assert words(state.check("turn")).startswith("You are holding the king of spades")


# ------------------------------------------------- holding rule 4 (RULES.md §2)
def holding_with_a_fitting_discard(turned: str = "6D", options: dict | None = None) -> PishePasha:
    """Seat 0 holds ``turned`` while its top discard, the 4 of hearts, fits the foundation.

    Enforced play never gets here (seat 0 could not have turned); a position can, and so
    can an unstopped fault under the Stop rule. 6D fits nowhere but loads onto seat 1's 5S.
    """
    return position([["9C", "5H", "4H"], ["5S"]], suits_up_to(h=3), turned=turned, options=options)


def test_pp_holding_rule_4_a_fitting_top_discard_is_the_only_move_while_holding():
    state = holding_with_a_fitting_discard()
    assert texts(state.legal_actions()) == ["discard>F"]
    for action in ("turned>D", "turned>1"):
        why = state.check(action)
        assert why.code is Codes.DISCARD_FITS_FIRST
        assert why.card == parse_card("4H")
        assert words(why) == (
            "The 4 of hearts on your discard pile fits the foundation: play it there first."
        )
    # Loading the discard onto an opponent stays forbidden while holding (rule 4).
    assert state.check("discard>1").code is Codes.HOLDING_NO_DISCARD_MOVE
    assert state.check("turn").code is Codes.HOLDING
    with pytest.raises(IllegalAction) as err:
        state.apply("turned>D")
    assert err.value.refusal.code is Codes.DISCARD_FITS_FIRST


def test_pp_holding_rule_4_discard_goes_up_then_the_turned_card_is_placed():
    state = holding_with_a_fitting_discard()
    events = state.apply("discard>F")
    assert kinds(events) == [EventKinds.MOVE]
    assert (events[0].src, events[0].dst, events[0].cards) == (
        DISCARDS[0],
        FOUNDATIONS[2],
        cards("4H"),
    )
    assert state.report()["turned"] == "6D"
    assert state.to_move == 0
    # The next discard, 5H, fits too: it must also go before the 6D is placed.
    assert texts(state.legal_actions()) == ["discard>F"]
    state.apply("discard>F")
    assert sorted(texts(state.legal_actions())) == ["turned>1", "turned>D"]
    state.apply("turned>1")
    assert state.report()["discards"] == [["9C"], ["5S", "6D"]]
    assert state.report()["foundations"][2] == "5H"
    assert state.to_move == 0


def test_pp_holding_rule_4_turned_card_and_discard_both_fit_either_goes_first():
    state = holding_with_a_fitting_discard(turned="AD")
    assert texts(state.legal_actions()) == ["turned>F", "discard>F"]
    state.apply("discard>F")
    assert texts(state.legal_actions()) == ["turned>F", "discard>F"]
    state.apply("turned>F")
    assert texts(state.legal_actions()) == ["discard>F"]  # free again, 5H still fits


# ------------------------------------------------------------- recycling
def test_pp_recycle_discard_as_block_keeps_order():
    state = position([["9D", "QS", "5C"], ["KH"]], rest_to=1)
    events = state.apply("turn")
    assert events[0].kind is EventKinds.RECYCLE
    assert events[0].cards == tuple(parse_card(c) for c in ("9D", "QS", "5C"))
    assert (events[0].src, events[0].dst) == (DISCARDS[0], STOCKS[0])
    report = state.report()
    assert report["turned"] == "9D"  # the bottom card of the pile is the new top of the stock
    assert report["stocks"][0] == ["QS", "5C"]
    assert report["discards"][0] == []
    assert state.observation(1).piles[STOCKS[0]] == [parse_card("5C"), parse_card("QS")]


# ------------------------------------------------------------ turn order
def test_pp_turn_ends_only_by_discard():
    state = position([["8H"], ["6S"]], suits_up_to(d=1), stocks=[["2D", "7C", "KC"], []])
    events = play(state, "turn", "turned>F")
    assert state.to_move == 0
    assert not any(e.kind is EventKinds.PASS for e in events)
    events = play(state, "turn", "turned>1", "discard>1")
    assert state.to_move == 0
    assert not any(e.kind is EventKinds.PASS for e in events)
    assert state.report()["discards"][1] == ["6S", "7C", "8H"]
    events = play(state, "turn", "turned>D")
    assert state.to_move == 1
    assert events[-1].kind is EventKinds.PASS
    assert events[-1].seat == 1
    assert state.turns == 1


def test_pp_opening_turn_non_dealer_only_foundation_then_discard():
    state = position([[], []], stocks=[["AS", "2S", "9H"], ["10C"]])
    assert texts(state.legal_actions()) == ["turn"]
    state.apply("turn")
    assert texts(state.legal_actions()) == ["turned>F"]
    play(state, "turned>F", "turn")
    assert texts(state.legal_actions()) == ["turned>F"]
    play(state, "turned>F", "turn")
    assert texts(state.legal_actions()) == ["turned>D"]
    state.apply("turned>D")
    assert state.to_move == 1
    assert texts(state.legal_actions()) == ["turn"]
    state.apply("turn")
    assert sorted(texts(state.legal_actions())) == ["turned>0", "turned>D"]


def test_pp_dealt_hand_opening_follows_from_the_rules():
    state = PishePasha.new(2, None, 3)
    while state.to_move == 0:
        acts = state.legal_actions()
        assert texts(acts) in (["turn"], ["turned>F"], ["turned>D"])
        state.apply(acts[0])
    assert state.report()["discards"][1] == []
    assert len(state.report()["discards"][0]) == 1


# ------------------------------------------------------------- end of hand
def test_pp_win_when_no_cards_scores_opponent_cards():
    state = position([["5H"], ["KD", "QC"]], suits_up_to(h=4), rest_to=1)
    events = state.apply("discard>F")
    assert state.is_over
    assert state.winner == 0
    assert state.to_move is None
    assert state.score == [52 - 5, 0]  # every card not on the hearts foundation
    assert events[-1].kind is EventKinds.OVER
    assert events[-1].outcome == state.outcome == Outcome(0, Reasons.WENT_OUT, (47, 0))
    # The engine writes no words: the phrasebook tells the outcome ("seat N" names seats).
    assert outcome_line(events[-1].outcome, Namer.numbered(2)) == (
        "Seat 0 wins the hand and scores 47"
    )
    assert texts(state.legal_actions()) == []
    assert words(state.check("turn")) == "The hand is over."


def test_pp_win_by_loading_the_last_card_mid_turn():
    state = position([["9D"], ["8C"]], rest_to=1)
    state.apply("discard>1")
    assert state.winner == 0
    assert state.score == [52, 0]


def test_pp_win_checked_with_turned_card_last():
    state = position([[], ["8C"]], suits_up_to(s=2), stocks=[["3S"], []], rest_to=1)
    play(state, "turn")
    assert not state.is_over
    state.apply("turned>F")
    assert state.winner == 0
    assert state.score[0] == 52 - 3


def test_pp_safety_draw_at_2000_turns():
    state = position([[], ["8C"]], stocks=[["KS"], []], turns=1998)
    play(state, "turn", "turned>D")
    assert not state.is_over
    assert state.turns == 1999
    play(state, "turn", "turned>D")
    assert state.is_over
    assert state.winner is DRAW
    assert state.score == [0, 0]
    assert state.turns == 2000


# ---------------------------------------------------------- refusals, texts
def test_pp_illegal_actions_leave_state_unchanged():
    state = position([["8H"], ["5S"]], stocks=[["KC"], []])
    before = snapshot(state)
    # The wording of garbage input and of a seat number that does not exist changed with
    # the phrasebook ("'jump' is not a move in this game.", "There is no such player ...").
    bad = {
        "jump": (Codes.NOT_A_MOVE, "'jump' is not a move in this game."),
        "turned>F": (
            Codes.NO_TURNED,
            "You have no turned card: turn a card from your stock first.",
        ),
        "discard>F": (Codes.NO_FIT, "The 8 of hearts does not fit any foundation."),
        "discard>1": (Codes.NOT_ADJACENT, "The 8 of hearts does not load onto the 5 of spades"),
        "discard>7": (Codes.NO_SUCH_SEAT, "There is no such player in this game."),
        "stop 1 end": (Codes.STOP_OFF, "The Stop rule is not in play in this hand."),
    }
    for action, (code, sentence) in bad.items():
        with pytest.raises(IllegalAction) as err:
            state.apply(action)
        assert err.value.refusal.code is code
        assert words(err.value).startswith(sentence), words(err.value)
        assert state.check(action) == err.value.refusal
        assert snapshot(state) == before
    empty = position([[], ["5S"]])
    assert words(empty.check("discard>1")) == "Your discard pile is empty."


def test_pp_actions_accept_lower_case_and_spaces_and_record_canonical_text():
    state = position([["2S"], ["8C"]], suits_up_to(c=6), stocks=[["7C", "9D"], []])
    play(state, " TURN ", "Turned > f", "turn", "TURNED>1")
    assert texts(state.history) == ["turn", "turned>F", "turn", "turned>1"]


def test_pp_report_format_and_foundation_order():
    state = position([["9D"], ["8C"]], suits_up_to(c=2, h=1), stocks=[["KS"], []])
    state.apply("turn")
    report = state.report()
    assert set(report) == {"foundations", "discards", "stocks", "turned"}
    assert report["foundations"] == ["2C", None, "AH", None]
    assert report["turned"] == "KS"
    assert report["discards"] == [["9D"], ["8C"]]


@pytest.mark.parametrize(
    ("mutate", "words"),
    [
        (lambda s: s.pop("stocks"), "setup.stocks is missing"),
        (lambda s: s.update(stocks="AS"), "setup.stocks must be a list of 2 or 3 stocks"),
        (lambda s: s.update(stocks=[s["stocks"][0]]), "2 or 3 stocks"),
        (lambda s: s["stocks"].__setitem__(1, "KD"), "setup.stocks[1] must be a list"),
        (lambda s: s["stocks"][1].__setitem__(4, "ZZ"), "setup.stocks[1][4]"),
        (lambda s: s["stocks"][0].__setitem__(0, s["stocks"][1][0]), "appears twice"),
        (lambda s: s["stocks"][0].remove("3C"), "setup.stocks: 51 cards: 3C is missing"),
        (lambda s: s["stocks"][0].append(s["stocks"][1].pop()), "setup.stocks[0] has 27 cards"),
        (lambda s: s.update(center="AS"), "setup.center is only used with three players"),
        (lambda s: s.update(colour="red"), "unknown field 'colour'"),
        (lambda s: s.update(to_move=5), "setup.to_move"),
    ],
    ids=["missing", "not-list", "one-stock", "stock-not-list", "bad-card", "twice",
         "missing-card", "uneven", "center", "unknown", "to-move"],
)  # fmt: skip
def test_pp_bad_setups_rejected_naming_the_field(mutate, words):
    setup = {"stocks": [[CARD_TEXT[c] for c in range(26)], [CARD_TEXT[c] for c in range(26, 52)]]}
    mutate(setup)
    with pytest.raises(ValueError, match=re.escape(words)):
        PishePasha.from_setup(setup)


def test_pp_bad_options_rejected():
    setup = PishePasha.new(2, None, 1).setup()
    with pytest.raises(ValueError, match="stop_rule"):
        PishePasha.from_setup(setup, {"stop_rule": "yes"})
    with pytest.raises(ValueError, match="jokers"):
        PishePasha.new(2, {"jokers": True})
    with pytest.raises(ValueError, match="2 or 3 players"):
        PishePasha.new(4)


def test_pp_position_setup_round_trips():
    state = position([["9D"], ["8C"]], suits_up_to(c=2), stocks=[["KS"], []], turns=7)
    state.apply("turn")
    again = PishePasha.from_setup(state.setup(), state.options)
    again.apply("turn")
    assert again.report() == state.report()
    assert again.turns == 7


# --------------------------------------------------------- what a seat knows
def test_pp_observation_hides_every_unseen_stock_card_own_included():
    state = PishePasha.new(2, None, 8)
    state.apply("turn")
    for seat in (0, 1):
        obs = state.observation(seat)
        assert obs.piles[STOCKS[0]] == [None] * 25
        assert obs.piles[STOCKS[1]] == [None] * 26
        assert obs.piles[TURNEDS[0]] == [state.turned]
    assert obs.info["state"] == "holding"
    assert obs.info["foundations"] == "suits"


def test_pp_resample_depends_only_on_the_observation():
    rng = random.Random(4)
    state = PishePasha.new(2, None, rng)
    for _ in range(60):
        state.apply(rng.choice(state.legal_actions()))
    other = state.resample(1, random.Random(99))
    assert other.observation(1) == state.observation(1)
    assert other.report() != state.report()
    a, b = state.resample(1, random.Random(7)), other.resample(1, random.Random(7))
    assert a.report() == b.report()
    assert a.legal_actions() == b.legal_actions()


# ------------------------------------------------------ seed 000's example
def worked_example(stock_top: str) -> PishePasha:
    """Seed 000: A's top discard (8H) fits nowhere; B's top discard is the 8 of clubs;
    the foundations take 4H, 7C, 2D and AS."""
    return position(
        [["QD", "10S", "9D", "8H"], ["5S", "8C"]],
        suits_up_to(c=6, d=1, h=3),
        stocks=[[stock_top], []],
    )


def test_seed000_worked_example_top_discard_fits_nowhere_so_a_must_turn():
    state = worked_example("KC")
    assert texts(state.legal_actions()) == ["turn"]


@pytest.mark.parametrize("card", ["4H", "7C", "2D", "AS"])
def test_seed000_worked_example_turned_4_7_2_ace_must_go_to_foundation(card):
    state = worked_example(card)
    state.apply("turn")
    assert texts(state.legal_actions()) == ["turned>F"]
    state.apply("turned>F")
    assert card in state.report()["foundations"]


def test_seed000_worked_example_7_of_clubs_cannot_load_onto_the_8():
    state = worked_example("7C")
    state.apply("turn")
    assert (
        words(state.check("turned>1")) == "The 7 of clubs fits the foundation: play it there first."
    )


def test_seed000_worked_example_7_of_diamonds_loads_then_the_8_and_the_run_follow():
    state = worked_example("7D")
    state.apply("turn")
    assert sorted(texts(state.legal_actions())) == ["turned>1", "turned>D"]
    state.apply("turned>1")
    assert sorted(texts(state.legal_actions())) == ["discard>1", "turn"]
    play(state, "discard>1", "discard>1", "discard>1")
    assert state.report()["discards"] == [["QD"], ["5S", "8C", "7D", "8H", "9D", "10S"]]
    assert texts(state.legal_actions()) == ["turn"]
    assert state.to_move == 0
