"""The Stop rule (RULES.md §2.1): faults, Stop calls, force and end, taking a move back."""

from __future__ import annotations

import random

from test_pishe_pasha import play, position, suits_up_to

from game.cards import parse_card
from game.rules.base import IllegalAction
from game.rules.pishe_pasha import PishePasha

STOP = {"stop_rule": True}


def test_stop_faults_refused_when_the_rule_is_off():
    free = position([["9C", "4H"], ["5S"]], suits_up_to(h=3))
    assert free.check("turn") == "The 4 of hearts must go to the foundation first."
    assert free.check("discard>1") == "The 4 of hearts must go to the foundation first."
    holding = position([["2S"], ["8C"]], suits_up_to(c=6), stocks=[["7C"], []])
    holding.apply("turn")
    for action in ("turned>D", "turned>1"):
        assert holding.check(action) == "The 7 of clubs fits the foundation: play it there first."
    assert free.stop_window() is None and holding.stop_window() is None


def test_stop_faults_are_legal_moves_with_the_stop_rule():
    free = position([["9C", "4H"], ["5S"]], suits_up_to(h=3), options=STOP)
    assert sorted(free.legal_actions()) == ["discard>1", "discard>F", "turn"]
    holding = position([["2S"], ["8C"]], suits_up_to(c=6), stocks=[["7C"], []], options=STOP)
    holding.apply("turn")
    assert sorted(holding.legal_actions()) == ["turned>1", "turned>D", "turned>F"]


def test_stop_fault_opens_a_window_for_the_opponent():
    state = position([["9C", "4H"], ["5S"]], suits_up_to(h=3), options=STOP)
    events = state.apply("turn")
    assert events[-1].kind == "fault" and events[-1].seat == 0
    assert events[-1].cards == (parse_card("4H"),)
    assert state.stop_window() == (0, [1])
    assert {"stop 1 force", "stop 1 end"} <= set(state.legal_actions())
    assert state.observation(1).info["stop_window"] == {"seat": 0, "callers": [1]}


def test_stop_correct_play_opens_no_window():
    state = position([["9C", "4H"], ["5S"]], suits_up_to(h=3), options=STOP)
    events = state.apply("discard>F")
    assert not any(e.kind == "fault" for e in events) and state.stop_window() is None
    assert state.check("stop 1 force") == "There is nothing to stop: the last move was not a fault."


def test_stop_force_takes_the_fault_back_and_makes_the_foundation_play():
    state = position([["9C", "4H"], ["5S"]], suits_up_to(h=3), stocks=[["KD"], []], options=STOP)
    state.apply("turn")
    events = state.apply("stop 1 force")
    assert [e.kind for e in events] == ["stop", "undo", "move"]
    assert events[0].seat == 1 and events[0].note == "force"
    report = state.report()
    assert report["turned"] is None and report["stocks"][0][0] == "KD"
    assert report["foundations"][2] == "4H" and report["discards"][0] == ["9C"]
    assert state.to_move == 0 and state.stop_window() is None
    assert state.history == ["turn", "stop 1 force"]


def test_stop_end_puts_the_held_card_back_on_the_stock_and_passes_the_turn():
    state = position([["2S"], ["8C"]], suits_up_to(c=6), stocks=[["7C", "5D"], []], options=STOP)
    play(state, "turn", "turned>D")
    assert state.to_move == 1 and state.stop_window() == (0, [1]) and state.turns == 1
    events = state.apply("stop 1 end")
    report = state.report()
    assert report["stocks"][0][:2] == ["7C", "5D"] and report["turned"] is None
    assert report["discards"][0] == ["2S"] and report["foundations"][0] == "6C"
    assert state.to_move == 1 and state.turns == 1
    assert events[-1].kind == "pass" and events[-1].seat == 1
    moved = [e for e in events if e.kind == "move"]
    assert moved[0].src == "turned0" and moved[0].dst == "stock0" and not moved[0].face_up
    assert state.observation(1).piles["stock0"][-1] == parse_card("7C")  # seen, so known


def test_stop_end_after_a_free_state_fault_only_passes_the_turn():
    state = position([["9C", "4H"], ["5S"]], suits_up_to(h=3), stocks=[["KD"], []], options=STOP)
    state.apply("turn")
    state.apply("stop 1 end")
    report = state.report()
    assert report["discards"][0] == ["9C", "4H"] and report["stocks"][0][0] == "KD"
    assert state.to_move == 1 and state.legal_actions() == ["discard>0", "turn"]


def test_stop_force_on_a_turn_ending_fault_gives_the_turn_back():
    state = position([["2S"], ["8C"]], suits_up_to(c=6), stocks=[["7C", "5D"], []], options=STOP)
    play(state, "turn", "turned>D", "stop 1 force")
    assert state.to_move == 0 and state.turns == 0
    assert state.report()["foundations"][0] == "7C" and state.report()["discards"][0] == ["2S"]


def test_stop_force_returns_a_loaded_card():
    state = position([["9C", "4H"], ["5S"]], suits_up_to(h=3), options=STOP)
    play(state, "discard>1")
    assert state.report()["discards"][1] == ["5S", "4H"]
    play(state, "stop 1 force")
    assert state.report()["discards"] == [["9C"], ["5S"]]
    assert state.report()["foundations"][2] == "4H"


def test_stop_undoes_a_recycle():
    state = position([["9C", "QS", "4H"], ["5S"]], suits_up_to(h=3), rest_to=1, options=STOP)
    events = state.apply("turn")
    assert events[0].kind == "recycle" and state.report()["turned"] == "9C"
    events = state.apply("stop 1 force")
    undo = [e for e in events if e.kind == "undo"]
    assert undo[-1].src == "stock0" and undo[-1].dst == "discard0"
    assert state.report()["stocks"][0] == [] and state.report()["discards"][0] == ["9C", "QS"]
    assert state.report()["foundations"][2] == "4H"


def test_stop_window_closes_after_the_faulting_seats_next_move():
    state = position([["9C", "4H"], ["5S"]], suits_up_to(h=3), stocks=[["KD"], []], options=STOP)
    play(state, "turn", "turned>D")  # KD fits nowhere: no new fault
    assert state.stop_window() is None
    try:
        state.apply("stop 1 force")
        raise AssertionError("a stale fault was stopped")
    except IllegalAction as err:
        assert str(err) == "There is nothing to stop: the last move was not a fault."


def test_stop_window_after_a_turn_ending_fault_lasts_until_the_next_seats_first_move():
    state = position([["2S"], ["8C"]], suits_up_to(c=6), stocks=[["7C"], ["KD"]], options=STOP)
    play(state, "turn", "turned>D")
    assert state.to_move == 1 and "stop 1 end" in state.legal_actions()
    state.apply("turn")
    assert state.stop_window() is None
    assert not any(a.startswith("stop") for a in state.legal_actions())


def test_stop_only_the_latest_move_can_be_stopped():
    state = position([["9C", "4H"], ["5S"]], suits_up_to(h=3), stocks=[["AS"], []], options=STOP)
    play(state, "turn", "turned>D")  # two faults: 4H left waiting, then AS discarded
    assert state.stop_window() == (0, [1])
    state.apply("stop 1 force")
    report = state.report()
    assert report["foundations"] == [None, None, "3H", "AS"]
    assert report["discards"] == [["9C", "4H"], ["5S"]] and report["turned"] is None
    assert state.to_move == 0 and state.stop_window() is None


def test_stop_faulting_seat_cannot_call_stop():
    state = position([["9C", "4H"], ["5S"]], suits_up_to(h=3), options=STOP)
    state.apply("turn")
    assert state.check("stop 0 force") == "You cannot call Stop on your own move."
    assert state.check("stop 3 end") == "There is no seat 3 in this game."


def test_stop_three_players_either_opponent_may_call():
    foundations = [["5C"]]
    state = position(
        [["9C", "6H"], ["JS"], ["2D"]], foundations, stocks=[["KD", "QH"], [], []], options=STOP
    )
    state.apply("turn")
    assert state.stop_window() == (0, [1, 2])
    acts = state.legal_actions()
    assert {"stop 1 force", "stop 1 end", "stop 2 force", "stop 2 end"} <= set(acts)
    state.apply("stop 2 end")
    assert state.to_move == 2 and state.report()["stocks"][0][:2] == ["KD", "QH"]
    while state.to_move == 2:
        state.apply("turned>D" if state.turned is not None else "turn")
    assert state.to_move == 0


def test_stop_unknown_stop_text_is_refused():
    state = position([["9C", "4H"], ["5S"]], suits_up_to(h=3), options=STOP)
    state.apply("turn")
    assert "is not a Pishe Pasha move" in state.check("stop 1 maybe")
    assert state.check("STOP 1 FORCE") is None


def test_stop_a_fault_that_empties_the_seat_still_wins_at_once():
    # RULES.md §2: the win is checked after every move, so there is no Stop window left.
    state = position([["4H"], ["5S"]], suits_up_to(h=3), rest_to=1, options=STOP)
    events = state.apply("discard>1")
    assert state.is_over and state.winner == 0 and events[-1].kind == "over"
    assert state.stop_window() is None and state.legal_actions() == []


def test_stop_random_faults_and_calls_keep_every_card():
    rng = random.Random(12)
    calls = 0
    for _ in range(30):
        state = PishePasha.new(2, STOP, rng)
        while not state.is_over:
            acts = state.legal_actions()
            stops = [a for a in acts if a.startswith("stop")]
            action = rng.choice(stops) if stops and rng.random() < 0.5 else rng.choice(acts)
            calls += action.startswith("stop")
            state.apply(action)
            assert sorted(state.all_cards()) == list(range(52))
    assert calls > 30
