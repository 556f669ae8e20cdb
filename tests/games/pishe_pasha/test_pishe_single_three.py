"""Single-foundation Pishe Pasha (RULES.md §3.1) and the three-player game (§3.2)."""

from __future__ import annotations

import re

import pytest
from conftest import play, position, texts

from game.core.cards import CARD_TEXT
from game.games.pishe_pasha.kinds import FOUNDATIONS
from game.games.pishe_pasha.rules import PishePasha

SINGLE = {"foundations": "single"}


def test_single_starts_with_any_ace():
    for ace in ("AC", "AD", "AH", "AS"):
        state = position([[], ["9C"]], [[]], stocks=[[ace], []], options=SINGLE)
        state.apply("turn")
        assert texts(state.legal_actions()) == ["turned>F"]
        state.apply("turned>F")
        assert state.report()["foundations"] == [ace]


def test_single_next_rank_any_suit():
    state = position([["2S"], ["9C"]], [["AH"]], stocks=[["3D", "5D"], []], options=SINGLE)
    assert texts(state.legal_actions()) == ["discard>F"]
    play(state, "discard>F", "turn")
    assert texts(state.legal_actions()) == ["turned>F"]
    play(state, "turned>F", "turn")
    assert texts(state.legal_actions()) == ["turned>D"]
    assert state.report()["foundations"] == ["3D"]


def test_single_report_has_one_foundation_and_event_goes_to_found0():
    state = position([[], ["9C"]], [[]], stocks=[["AS"], []], options=SINGLE)
    events = play(state, "turn", "turned>F")
    assert events[-1].dst == FOUNDATIONS[0]
    assert str(events[-1].dst) == "found0"
    assert state.report()["foundations"] == ["AS"]
    assert list(state.observation(0).piles).count(FOUNDATIONS[0]) == 1
    assert FOUNDATIONS[1] not in state.observation(0).piles


def test_single_wraps_king_to_ace_to_two():
    run = ["AH", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KD"]
    state = position([["9S"], ["5D"]], [run], stocks=[["AD", "2S"], []], options=SINGLE)
    play(state, "turn")
    assert texts(state.legal_actions()) == ["turned>F"]
    play(state, "turned>F", "turn")
    assert texts(state.legal_actions()) == ["turned>F"]
    state.apply("turned>F")
    assert state.report()["foundations"] == ["2S"]
    assert len(state.foundation_piles()[0]) == 15


def test_single_loading_is_circular_ace_next_to_king_and_two():
    for card, top in (("AS", "KH"), ("KS", "AH"), ("2S", "AH"), ("AS", "2H")):
        run = [["AC", "2C", "3C", "4C", "5C"]]
        state = position([[], [top]], run, stocks=[[card], []], options=SINGLE)
        state.apply("turn")
        assert "turned>1" in texts(state.legal_actions()), (card, top)


def test_single_foundation_can_hold_more_than_one_round():
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    pile = [r + "C" for r in ranks] + [r + "D" for r in ranks] + [r + "H" for r in ranks[:5]]
    state = position([["8S"], ["JS"]], [pile], stocks=[["6H"], []], options=SINGLE)
    play(state, "turn", "turned>F")
    assert len(state.foundation_piles()[0]) == 32
    assert sorted(state.all_cards()) == list(range(52))


def test_three_players_deal_17_each_and_a_centre_card():
    state = PishePasha.new(3, None, 11)
    report = state.report()
    assert [len(s) for s in report["stocks"]] == [17, 17, 17]
    setup = state.setup()
    assert report["foundations"] == [setup["center"]]
    assert state.options["foundations"] == "single"
    assert sorted(state.all_cards()) == list(range(52))
    assert PishePasha.from_setup(setup).report() == report


def test_three_players_always_single_foundation_whatever_the_option():
    setup = PishePasha.new(3, None, 2).setup()
    state = PishePasha.from_setup(setup, {"foundations": "suits"})
    assert state.options["foundations"] == "single"
    assert len(state.report()["foundations"]) == 1


def test_three_players_setup_needs_the_centre_and_17_cards_each():
    setup = PishePasha.new(3, None, 2).setup()
    no_center = {"stocks": setup["stocks"]}
    with pytest.raises(ValueError, match=r"setup\.center"):
        PishePasha.from_setup(no_center)
    uneven = {"stocks": [setup["stocks"][0] + [setup["center"]], *setup["stocks"][1:]],
              "center": setup["stocks"][1][0]}  # fmt: skip
    uneven["stocks"][1] = uneven["stocks"][1][1:]
    with pytest.raises(ValueError, match=re.escape("setup.stocks[0] has 18 cards")):
        PishePasha.from_setup(uneven)


def test_three_players_centre_card_play_is_compulsory():
    state = position([["7H"], ["JS"], ["2D"]], [["6C"]], stocks=[["8S"], [], []])
    assert texts(state.legal_actions()) == ["discard>F"]
    play(state, "discard>F", "turn")
    assert texts(state.legal_actions()) == ["turned>F"]


def test_three_players_load_onto_either_opponent():
    state = position([["5C"], ["JS"], ["KD"]], [["8C"]], stocks=[["QH"], [], []])
    state.apply("turn")
    assert sorted(texts(state.legal_actions())) == ["turned>1", "turned>2", "turned>D"]
    state.apply("turned>2")
    assert state.report()["discards"][2] == ["KD", "QH"]


def test_three_players_ace_next_to_king_when_loading():
    state = position([["AS"], ["KH"], ["3D"]], [["8C"]])
    assert sorted(texts(state.legal_actions())) == ["discard>1", "turn"]


def test_three_players_turn_order_0_1_2():
    state = position([[], [], []], [["8C"]], stocks=[["KS"], ["QS"], ["JS"]])
    seen = []
    for _ in range(4):
        seen.append(state.to_move)
        play(state, "turn", "turned>D")
    assert seen[:3] == [0, 1, 2]
    assert seen[3] == 0


def test_three_players_winner_scores_both_opponents_cards():
    state = position([["9D"], ["JS", "2H"], ["8C"]], [["5C"]], rest_to=1)
    state.apply("discard>2")
    assert state.is_over
    assert state.winner == 0
    others = 52 - 1
    assert state.score == [others, 0, 0]


def test_three_players_three_stock_positions_keep_the_centre_in_the_foundation():
    state = PishePasha.new(3, None, 4)
    center = state.setup()["center"]
    assert CARD_TEXT[state.foundation_piles()[0][0]] == center
