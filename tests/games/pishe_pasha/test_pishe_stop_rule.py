"""The Stop rule (RULES.md §2.1): faults, Stop calls, force and end, taking a move back."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from conftest import (
    STOP,
    cards,
    every_pishe_action,
    kinds,
    play,
    position,
    random_move,
    snapshot,
    suits_up_to,
    texts,
    words,
)

from game.core.types import ACCEPT, DISCARDS, STOCKS, IllegalAction, Outcome
from game.games.pishe_pasha.kinds import FOUNDATIONS, TURNEDS, Codes, EventKinds, Reasons
from game.games.pishe_pasha.rules import PishePasha
from game.text.names import Namer
from game.text.words import event_line, outcome_line

E = EventKinds


def test_stop_faults_refused_when_the_rule_is_off():
    free = position([["9C", "4H"], ["5S"]], suits_up_to(h=3))
    assert words(free.check("turn")) == "The 4 of hearts must go to the foundation first."
    assert words(free.check("discard>1")) == "The 4 of hearts must go to the foundation first."
    holding = position([["2S"], ["8C"]], suits_up_to(c=6), stocks=[["7C"], []])
    holding.apply("turn")
    for action in ("turned>D", "turned>1"):
        assert words(holding.check(action)) == (
            "The 7 of clubs fits the foundation: play it there first."
        )
    assert free.stop_window() is None
    assert holding.stop_window() is None
    assert free.calls() == []
    assert holding.calls() == []


def test_stop_faults_are_legal_moves_with_the_stop_rule():
    free = position([["9C", "4H"], ["5S"]], suits_up_to(h=3), options=STOP)
    assert sorted(texts(free.legal_actions())) == ["discard>1", "discard>F", "turn"]
    holding = position([["2S"], ["8C"]], suits_up_to(c=6), stocks=[["7C"], []], options=STOP)
    holding.apply("turn")
    assert sorted(texts(holding.legal_actions())) == ["turned>1", "turned>D", "turned>F"]


def test_stop_fault_opens_a_window_for_the_opponent():
    state = position([["9C", "4H"], ["5S"]], suits_up_to(h=3), options=STOP)
    events = state.apply("turn")
    assert events[-1].kind is E.FAULT
    assert events[-1].seat == 0
    assert events[-1].detail == cards("4H")  # the card that had to go up first
    assert state.stop_window() == (0, [1])
    # The calls are not seat 0's moves: they come from calls(), never from legal_actions().
    assert texts(state.calls()) == ["stop 1 force", "stop 1 end"]
    assert not any(a.is_call for a in state.legal_actions())
    assert state.observation(1).info["stop_window"] == {"seat": 0, "callers": [1]}
    line = event_line(events[-1], Namer.numbered(2), show_faults=True)
    assert line == "Seat 0 faulted: the 4 of hearts should have gone to the foundation first"


def test_stop_correct_play_opens_no_window():
    state = position([["9C", "4H"], ["5S"]], suits_up_to(h=3), options=STOP)
    events = state.apply("discard>F")
    assert E.FAULT not in kinds(events)
    assert state.stop_window() is None
    assert state.calls() == []
    assert words(state.check("stop 1 force")) == (
        "There is nothing to stop: the last move was not a fault."
    )


def test_stop_force_takes_the_fault_back_and_makes_the_foundation_play():
    state = position([["9C", "4H"], ["5S"]], suits_up_to(h=3), stocks=[["KD"], []], options=STOP)
    state.apply("turn")
    events = state.apply("stop 1 force")
    assert kinds(events) == [E.STOP_FORCE, E.UNDO, E.MOVE]
    assert events[0].seat == 1  # the caller; the kind says "force"
    report = state.report()
    assert report["turned"] is None
    assert report["stocks"][0][0] == "KD"
    assert report["foundations"][2] == "4H"
    assert report["discards"][0] == ["9C"]
    assert state.to_move == 0
    assert state.stop_window() is None
    assert texts(state.history) == ["turn", "stop 1 force"]


def test_stop_end_puts_the_held_card_back_on_the_stock_and_passes_the_turn():
    state = position([["2S"], ["8C"]], suits_up_to(c=6), stocks=[["7C", "5D"], []], options=STOP)
    play(state, "turn", "turned>D")
    assert state.to_move == 1
    assert state.stop_window() == (0, [1])
    assert state.turns == 1
    events = state.apply("stop 1 end")
    assert events[0].kind is E.STOP_END
    assert events[0].seat == 1
    report = state.report()
    assert report["stocks"][0][:2] == ["7C", "5D"]
    assert report["turned"] is None
    assert report["discards"][0] == ["2S"]
    assert report["foundations"][0] == "6C"
    assert state.to_move == 1
    assert state.turns == 1
    assert events[-1].kind is E.PASS
    assert events[-1].seat == 1
    moved = [e for e in events if e.kind is E.MOVE]
    assert moved[0].src == TURNEDS[0]
    assert moved[0].dst == STOCKS[0]
    assert not moved[0].face_up
    assert state.observation(1).piles[STOCKS[0]][-1] == cards("7C")[0]  # seen, so known


def test_stop_end_after_a_free_state_fault_only_passes_the_turn():
    state = position([["9C", "4H"], ["5S"]], suits_up_to(h=3), stocks=[["KD"], []], options=STOP)
    state.apply("turn")
    state.apply("stop 1 end")
    report = state.report()
    assert report["discards"][0] == ["9C", "4H"]
    assert report["stocks"][0][0] == "KD"
    assert state.to_move == 1
    assert sorted(texts(state.legal_actions())) == ["discard>0", "turn"]


def test_stop_force_on_a_turn_ending_fault_gives_the_turn_back():
    state = position([["2S"], ["8C"]], suits_up_to(c=6), stocks=[["7C", "5D"], []], options=STOP)
    play(state, "turn", "turned>D", "stop 1 force")
    assert state.to_move == 0
    assert state.turns == 0
    assert state.report()["foundations"][0] == "7C"
    assert state.report()["discards"][0] == ["2S"]


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
    assert events[0].kind is E.RECYCLE
    assert state.report()["turned"] == "9C"
    events = state.apply("stop 1 force")
    undo = [e for e in events if e.kind is E.UNDO]
    assert undo[-1].src == STOCKS[0]
    assert undo[-1].dst == DISCARDS[0]
    assert state.report()["stocks"][0] == []
    assert state.report()["discards"][0] == ["9C", "QS"]
    assert state.report()["foundations"][2] == "4H"


def test_stop_window_closes_after_the_faulting_seats_next_move():
    state = position([["9C", "4H"], ["5S"]], suits_up_to(h=3), stocks=[["KD"], []], options=STOP)
    play(state, "turn", "discard>F")  # the fault stood; the next move is no fault
    assert state.stop_window() is None
    assert state.calls() == []
    with pytest.raises(IllegalAction) as err:
        state.apply("stop 1 force")
    assert err.value.refusal.code is Codes.NOTHING_TO_STOP
    assert words(err.value) == "There is nothing to stop: the last move was not a fault."


def test_stop_discarding_over_a_fitting_discard_is_a_new_fault():
    # Changed on purpose (holding rule 4, RULES.md §2): discarding the KD while the 4H on the
    # discard pile fits used to be no fault, so this window closed; now it is a fault of
    # its own, and only it can be stopped.
    state = position([["9C", "4H"], ["5S"]], suits_up_to(h=3), stocks=[["KD"], []], options=STOP)
    events = play(state, "turn", "turned>D")
    assert kinds(events).count(E.FAULT) == 2
    assert state.stop_window() == (0, [1])
    state.apply("stop 1 force")
    assert state.report()["turned"] == "KD"
    assert state.report()["foundations"][2] == "4H"
    assert state.to_move == 0


def test_stop_window_after_a_turn_ending_fault_lasts_until_the_next_seats_first_move():
    state = position([["2S"], ["8C"]], suits_up_to(c=6), stocks=[["7C"], ["KD"]], options=STOP)
    play(state, "turn", "turned>D")
    assert state.to_move == 1
    assert "stop 1 end" in texts(state.calls())
    state.apply("turn")
    assert state.stop_window() is None
    assert state.calls() == []


def test_stop_only_the_latest_move_can_be_stopped():
    state = position([["9C", "4H"], ["5S"]], suits_up_to(h=3), stocks=[["AS"], []], options=STOP)
    play(state, "turn", "turned>D")  # two faults: 4H left waiting, then AS discarded
    assert state.stop_window() == (0, [1])
    state.apply("stop 1 force")
    report = state.report()
    assert report["foundations"] == [None, None, "3H", "AS"]
    assert report["discards"] == [["9C", "4H"], ["5S"]]
    assert report["turned"] is None
    assert state.to_move == 0
    assert state.stop_window() is None


def test_stop_faulting_seat_cannot_call_stop():
    state = position([["9C", "4H"], ["5S"]], suits_up_to(h=3), options=STOP)
    state.apply("turn")
    assert words(state.check("stop 0 force")) == "You cannot call Stop on your own move."
    # The wording for a seat that does not exist changed with the phrasebook.
    assert state.check("stop 3 end").code is Codes.NO_SUCH_SEAT
    assert words(state.check("stop 3 end")) == "There is no such player in this game."


def test_stop_call_without_its_caller_is_refused_not_made():
    state = position([["9C", "4H"], ["5S"]], suits_up_to(h=3), options=STOP)
    state.apply("turn")
    nameless = replace(state.calls()[0], actor=None)
    assert state.check(nameless).code is Codes.NO_SUCH_SEAT
    with pytest.raises(IllegalAction):
        state.apply(nameless)
    assert state.stop_window() is not None, "the window is still open"


def test_stop_three_players_either_opponent_may_call():
    foundations = [["5C"]]
    state = position(
        [["9C", "6H"], ["JS"], ["2D"]], foundations, stocks=[["KD", "QH"], [], []], options=STOP
    )
    state.apply("turn")
    assert state.stop_window() == (0, [1, 2])
    assert set(texts(state.calls())) == {"stop 1 force", "stop 1 end", "stop 2 force", "stop 2 end"}
    state.apply("stop 2 end")
    assert state.to_move == 2
    assert state.report()["stocks"][0][:2] == ["KD", "QH"]
    while state.to_move == 2:
        state.apply("turned>D" if state.turned is not None else "turn")
    assert state.to_move == 0


def test_stop_unknown_stop_text_is_refused():
    state = position([["9C", "4H"], ["5S"]], suits_up_to(h=3), options=STOP)
    state.apply("turn")
    # The engine's word for garbage input changed: "... is not a move in this game."
    assert words(state.check("stop 1 maybe")) == "'stop 1 maybe' is not a move in this game."
    assert state.check("STOP 1 FORCE") is None


def test_stop_random_faults_and_calls_keep_every_card():
    rng = random.Random(12)
    calls = 0
    for _ in range(30):
        state = PishePasha.new(2, STOP, rng)
        while not state.is_over:
            action = random_move(state, rng, call_chance=0.5)
            calls += action.is_call
            state.apply(action)
            assert sorted(state.all_cards()) == list(range(52))
    assert calls > 30


# ------------------------------------------- holding rule 4 under the Stop rule (§2, §2.1)
def holding_with_a_fitting_discard() -> PishePasha:
    """Seat 0 holds the 6D (fits nowhere, loads onto seat 1's 5S) over a top discard, the 4H,
    that fits the foundation."""
    return position([["9C", "4H"], ["5S"]], suits_up_to(h=3), turned="6D", options=STOP)


def test_stop_holding_rule_4_discard_to_foundation_is_legal_the_rest_are_faults():
    state = holding_with_a_fitting_discard()
    assert sorted(texts(state.legal_actions())) == ["discard>F", "turned>1", "turned>D"]
    assert state.check("discard>1").code is Codes.HOLDING_NO_DISCARD_MOVE
    events = state.apply("discard>F")
    assert E.FAULT not in kinds(events)
    assert state.calls() == []


@pytest.mark.parametrize("fault", ["turned>D", "turned>1"])
def test_stop_holding_rule_4_placing_the_turned_card_first_is_a_fault(fault):
    state = holding_with_a_fitting_discard()
    events = state.apply(fault)
    assert events[kinds(events).index(E.FAULT)].detail == cards("4H")
    assert state.stop_window() == (0, [1])
    events = state.apply("stop 1 force")
    assert kinds(events) == [E.STOP_FORCE, E.UNDO, *([E.PASS] if fault == "turned>D" else []),
                             E.MOVE]  # fmt: skip
    forced = events[-1]
    assert (forced.cards, forced.src, forced.dst) == (cards("4H"), DISCARDS[0], FOUNDATIONS[2])
    report = state.report()
    assert report["turned"] == "6D"
    assert report["discards"] == [["9C"], ["5S"]]
    assert report["foundations"][2] == "4H"
    assert state.to_move == 0
    assert sorted(texts(state.legal_actions())) == ["turned>1", "turned>D"]


def test_stop_holding_rule_4_end_puts_the_turned_card_back_and_the_discard_stays():
    state = holding_with_a_fitting_discard()
    play(state, "turned>D", "stop 1 end")
    report = state.report()
    assert report["stocks"][0][0] == "6D"
    assert report["turned"] is None
    assert report["discards"][0] == ["9C", "4H"]
    assert state.to_move == 1


def test_stop_holding_rule_4_arises_after_an_unstopped_fault():
    """Turning while the top discard fits is a fault; if nobody stops it, the seat holds a
    card over a fitting discard, which may (and must, before the card is placed) go up."""
    state = position([["9C", "4H"], ["5S"]], suits_up_to(h=3), stocks=[["KD"], []], options=STOP)
    state.apply("turn")
    assert state.turned == cards("KD")[0]
    assert "discard>F" in texts(state.legal_actions())
    events = state.apply("discard>F")
    assert E.FAULT not in kinds(events)
    assert state.stop_window() is None
    assert state.report()["foundations"][2] == "4H"
    assert state.report()["turned"] == "KD"


# ------------------------------------------------- a fault never wins at once (§2.1)
def last_card_fault(players: int, holding: bool) -> tuple[PishePasha, str]:
    """Seat 0's last card fits the foundation, and seat 0 loads it onto seat 1 instead.

    ``holding``: the card is seat 0's turned card (stock and discard empty); otherwise it
    is seat 0's only discard. Every other card is in seat 1's stock.
    """
    if players == 2:
        found, discards = suits_up_to(h=3), [["5S"]]
    else:
        found, discards = [["AC", "2D", "3S"]], [["5S"], ["9D"]]
    card = "4H"
    if holding:
        piles = [[], *discards]
        return position(piles, found, turned=card, rest_to=1, options=STOP), "turned>1"
    return position([[card], *discards], found, rest_to=1, options=STOP), "discard>1"


FAULTS = [(p, h) for p in (2, 3) for h in (False, True)]
IDS = [f"{p}p-{'turned' if h else 'discard'}" for p, h in FAULTS]


@pytest.mark.parametrize(("players", "holding"), FAULTS, ids=IDS)
def test_stop_a_fault_that_empties_the_seat_waits_on_the_stop_window(players, holding):
    # Changed on purpose (RULES.md §2.1 "A fault never wins at once"): this used to end the
    # hand at once as a win for seat 0, with no Stop window left.
    state, fault = last_card_fault(players, holding)
    events = state.apply(fault)
    assert kinds(events)[-3:] == [E.FAULT, E.FAULT_WAITS, E.PASS]
    assert events[-2].seat == 0
    assert events[-1].seat == 1
    assert not state.is_over
    assert state.outcome is None
    assert state.winner is None
    assert state.to_move == 1
    assert texts(state.legal_actions()) == ["accept"]
    callers = list(range(1, players))
    assert state.stop_window() == (0, callers)
    assert texts(state.calls()) == [f"stop {s} {how}" for s in callers for how in ("force", "end")]
    assert state.observation(1).info["waiting"] is True
    line = event_line(events[-2], Namer.numbered(players), show_faults=True)
    assert line == "Seat 0 played the last card by a fault: Stop?"


@pytest.mark.parametrize(("players", "holding"), FAULTS, ids=IDS)
def test_stop_while_a_fault_waits_nothing_but_accept_and_the_calls_is_legal(players, holding):
    state, fault = last_card_fault(players, holding)
    state.apply(fault)
    before = snapshot(state)
    allowed = {"accept", *texts(state.calls())}
    for action in every_pishe_action():
        why = state.check(action)
        if str(action) in allowed:
            assert why is None, action
            continue
        assert why is not None, action
        if not action.is_call and action is not ACCEPT:
            assert why.code is Codes.WINDOW_OPEN
            assert why.seat == 0
            assert words(why) == "Only a Stop call or accepting the last move is possible now."
        with pytest.raises(IllegalAction):
            state.apply(action)
        assert snapshot(state) == before
    assert state.check("stop 0 end").code is Codes.STOP_OWN


@pytest.mark.parametrize(("players", "holding"), FAULTS, ids=IDS)
def test_stop_accept_ends_the_hand_as_a_win_for_the_faulting_seat(players, holding):
    state, fault = last_card_fault(players, holding)
    state.apply(fault)
    held = [len(s) + len(d) for s, d in zip(state.report()["stocks"], state.report()["discards"],
                                            strict=True)]  # fmt: skip
    assert held[0] == 0
    events = state.apply(ACCEPT)
    score = (sum(held),) + (0,) * (players - 1)  # scored as usual: every card the others hold
    assert state.outcome == Outcome(0, Reasons.WENT_OUT, score)
    assert events[-1].kind is E.OVER
    assert events[-1].outcome == state.outcome
    assert state.is_over
    assert state.to_move is None
    assert state.legal_actions() == []
    assert state.calls() == []
    assert state.stop_window() is None
    assert texts(state.history)[-2:] == [fault, "accept"]
    assert outcome_line(state.outcome, Namer.numbered(players)) == (
        f"Seat 0 wins the hand and scores {sum(held)}"
    )


CALLS = [(p, h, c) for p, h in FAULTS for c in range(1, p)]
CALL_IDS = [f"{p}p-{'turned' if h else 'discard'}-by-{c}" for p, h, c in CALLS]


@pytest.mark.parametrize(("players", "holding", "caller"), CALLS, ids=CALL_IDS)
def test_stop_force_takes_a_winning_fault_back_and_the_foundation_play_wins(
    players, holding, caller
):
    state, fault = last_card_fault(players, holding)
    state.apply(fault)
    events = state.apply(f"stop {caller} force")
    assert kinds(events)[:2] == [E.STOP_FORCE, E.UNDO]
    assert events[0].seat == caller
    forced = next(e for e in events if e.kind is E.MOVE)
    assert forced.cards == cards("4H")
    assert forced.dst.kind is FOUNDATIONS[0].kind
    # The proper play empties seat 0 too, and that is no fault: seat 0 wins, one card fewer
    # to count (the 4H is on the foundation, not on seat 1's pile).
    assert state.is_over
    assert state.winner == 0
    assert state.outcome.reason is Reasons.WENT_OUT
    assert state.score[0] == 52 - 4
    assert sorted(state.all_cards()) == list(range(52))


@pytest.mark.parametrize(("players", "holding", "caller"), CALLS, ids=CALL_IDS)
def test_stop_end_takes_a_winning_fault_back_and_the_caller_moves(players, holding, caller):
    state, fault = last_card_fault(players, holding)
    state.apply(fault)
    events = state.apply(f"stop {caller} end")
    assert events[0].kind is E.STOP_END
    assert events[0].seat == caller
    assert events[-1].kind is E.PASS
    assert events[-1].seat == caller
    assert not state.is_over
    assert state.to_move == caller
    report = state.report()
    if holding:  # the turned card goes back on top of seat 0's stock
        assert report["stocks"][0] == ["4H"]
        assert report["turned"] is None
    else:
        assert report["discards"][0] == ["4H"]
    assert report["discards"][1] == ["5S"]
    assert state.calls() == []
    assert state.legal_actions()
    assert ACCEPT not in state.legal_actions()
    assert sorted(state.all_cards()) == list(range(52))
