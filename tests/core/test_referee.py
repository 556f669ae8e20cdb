"""The referee (game.core.referee): phases, the call window, computer players, take-backs."""

from __future__ import annotations

import random

import pytest
from conftest import STOP, kinds, position, registered_tables, suits_up_to, texts

from game.core.agents import BaseAgent, RandomAgent, SeatView
from game.core.referee import Ask, Awaiting, Referee
from game.core.state import GameState
from game.core.types import ACCEPT, Action, IllegalAction
from game.games import SPECS, make_agent, new_hand, spec_of
from game.games.pishe_pasha.kinds import ACTIONS, Codes, EventKinds

E = EventKinds


class Scripted(BaseAgent):
    """Plays the first of ``prefer`` that is legal (else the first legal move) and makes
    the ``call`` it is given whenever that call is open."""

    name = "scripted"

    def __init__(self, prefer: tuple[str, ...] = (), call: str | None = None) -> None:
        super().__init__(0)
        self.prefer = prefer
        self.calling = call
        self.asked = 0

    def choose(self, view: SeatView) -> Action:
        acts = view.legal_actions()
        return next((a for a in acts if str(a) in self.prefer), acts[0])

    def call(self, view: SeatView) -> Action | None:
        self.asked += 1
        calls = view.calls()
        return next((c for c in calls if str(c) == self.calling), None)


FAULTER = ("discard>1", "turned>1", "turn")  # loads and turns even when a card fits


def fault_position() -> GameState:
    """Seat 0's top discard 4H fits; turning instead is a fault that leaves seat 0 cards."""
    return position([["9C", "4H"], ["5S"]], suits_up_to(h=3), stocks=[["KD"], []], options=STOP)


def last_card_position() -> GameState:
    """Seat 0's only card, the 4H, fits; loading it onto seat 1 instead empties seat 0."""
    return position([["4H"], ["5S"]], suits_up_to(h=3), rest_to=1, options=STOP)


def view(state: GameState) -> tuple:
    """What undo and redo must restore exactly."""
    return (state.report(), state.to_move, texts(state.history))


# ----------------------------------------------------------------- phases
def test_the_referee_awaits_a_move_then_the_calls_then_nothing():
    ref = Referee(fault_position(), [None, None])
    assert ref.awaiting is Awaiting.MOVE
    assert ref.question() is None
    events = ref.apply("turn", 0)
    assert E.FAULT in kinds(events)
    assert ref.awaiting is Awaiting.CALLS
    assert ref.callers() == [1]
    assert ref.person_may_call
    assert ref.question() is None  # the window waits for the person at seat 1
    assert ref.close_window() == []  # nobody called; the fault stands, no accept needed
    assert ref.awaiting is Awaiting.MOVE
    assert ref.state.calls()
    assert ref.close_window() == []  # only once
    ref.apply("discard>F", 0)  # the held KD then goes on the discard pile, the turn ends
    ref.apply("turned>D", 0)
    assert ref.awaiting is Awaiting.MOVE
    assert ref.state.to_move == 1
    done = Referee(position([["5H"], ["KD"]], suits_up_to(h=4), rest_to=1), [None, None])
    done.apply("discard>F", 0)
    assert done.awaiting is Awaiting.OVER
    assert done.question() is None


def test_referee_refuses_moves_out_of_turn_and_other_seats_calls():
    ref = Referee(fault_position(), [None, None])
    assert ref.refusal("turn", 1).code is Codes.NOT_YOUR_TURN
    ref.apply("turn", 0)
    assert ref.refusal("stop 1 force", 0).code is Codes.NO_SUCH_SEAT  # seat 0 calls for seat 1
    assert ref.refusal("stop 1 force", 1) is None
    assert ref.refusal("jump", 0).code is Codes.NOT_A_MOVE
    with pytest.raises(IllegalAction):
        ref.apply("stop 0 end", 0)


# ----------------------------------------------------------------- the call window
def test_referee_asks_a_computer_caller_once_and_applies_its_call():
    caller = Scripted(call="stop 1 end")
    ref = Referee(fault_position(), [None, caller])
    ref.apply("turn", 0)
    q = ref.question()
    assert q is not None
    assert q.kind is Ask.CALL
    assert q.seats == (1,)
    events = ref.answer(q, q.answer())
    assert caller.asked == 1
    assert events[0].kind is E.STOP_END
    assert events[0].seat == 1
    assert ref.awaiting is Awaiting.MOVE
    assert ref.state.to_move == 1
    assert texts(ref.state.history) == ["turn", "stop 1 end"]


def test_referee_a_declined_call_closes_the_window():
    caller = Scripted(call=None)
    ref = Referee(fault_position(), [None, caller])
    ref.apply("turn", 0)
    q = ref.question()
    assert q.kind is Ask.CALL
    assert ref.answer(q, q.answer()) == []
    assert ref.question() is None  # seat 0, a person, moves on
    assert ref.awaiting is Awaiting.MOVE
    assert caller.asked == 1
    assert texts(ref.state.history) == ["turn"]


def test_referee_a_person_caller_gets_the_window():
    ref = Referee(fault_position(), [Scripted(("turn",)), None])
    q = ref.question()
    assert q.kind is Ask.MOVE
    assert q.seats == (0,)
    ref.answer(q, q.answer())
    assert texts(ref.state.history) == ["turn"]
    assert ref.awaiting is Awaiting.CALLS
    assert ref.person_may_call
    assert ref.question() is None  # waits for the person's Stop, or for the window to close
    events = ref.apply("stop 1 force", 1)
    assert events[0].kind is E.STOP_FORCE
    assert ref.state.report()["foundations"][2] == "4H"
    q = ref.question()
    assert q.kind is Ask.MOVE
    assert q.seats == (0,)


def test_referee_a_person_caller_lets_the_window_close():
    ref = Referee(fault_position(), [Scripted(("turn",)), None])
    ref.step()
    assert ref.person_may_call
    ref.close_window()
    q = ref.question()
    assert q is not None
    assert q.kind is Ask.MOVE
    assert q.seats == (0,)
    assert ref.state.turned is not None  # the fault stood: seat 0 holds the KD


def test_referee_close_window_accepts_a_winning_fault_nobody_stopped():
    ref = Referee(last_card_position(), [Scripted(FAULTER), None])
    ref.step()
    assert texts(ref.state.history) == ["discard>1"]
    assert not ref.state.is_over
    assert texts(ref.state.legal_actions()) == ["accept"]
    assert ref.awaiting is Awaiting.CALLS
    assert ref.question() is None
    events = ref.close_window()
    assert events[-1].kind is E.OVER
    assert ref.awaiting is Awaiting.OVER
    assert ref.state.winner == 0
    assert texts(ref.state.history) == ["discard>1", "accept"]
    assert ref.past[-1].by == 1  # accept is the move of the seat to move


def test_referee_a_winning_fault_can_still_be_stopped_by_a_person():
    ref = Referee(last_card_position(), [Scripted(FAULTER), None])
    ref.step()
    ref.apply("stop 1 end", 1)
    assert not ref.state.is_over
    assert ref.state.to_move == 1
    assert ref.state.report()["discards"][0] == ["4H"]


def test_referee_play_out_ends_when_the_window_of_a_winning_fault_closes():
    # Regression: play_out used to raise "seat None has no computer player" when closing
    # the window applied ``accept`` and ended the hand.
    ref = Referee(last_card_position(), [Scripted(FAULTER), Scripted(call=None)])
    state = ref.play_out()
    assert state.is_over
    assert state.winner == 0
    assert texts(state.history) == ["discard>1", "accept"]


# ----------------------------------------------------------------- computer players
@pytest.mark.parametrize(
    ("game", "players", "options"),
    [  # every table each registered game opens, and variants more
        (g, c.get("players", SPECS[g].players[0]), SPECS[g].engine_options(c))
        for g, c, _ in registered_tables()
    ]
    + [("pishe-pasha", 3, {"stop_rule": True}), ("pisti", 4, {"start_jack": "to_bottom"})],
)
def test_referee_play_out_with_every_seat_a_computer(game, players, options):
    for seed in range(3):
        state = new_hand(game, players, options, seed)
        agents = [RandomAgent(seed * 10 + s) for s in range(players)]
        ref = Referee(state, agents)
        assert ref.play_out() is state
        assert state.is_over
        assert ref.awaiting is Awaiting.OVER
        assert ref.question() is None
        assert sorted(state.all_cards()) == sorted(state.CARDS)
        assert len(ref.past) == len(state.history)


def test_referee_play_out_needs_a_computer_at_every_seat():
    ref = Referee(new_hand("pisti", 2, None, 1), [RandomAgent(1), None])
    with pytest.raises(RuntimeError, match="seat 1"):
        ref.play_out()


def test_referee_a_stale_answer_is_ignored():
    ref = Referee(new_hand("pisti", 2, None, 4), [RandomAgent(1), RandomAgent(2)])
    q = ref.question()
    action = q.answer()
    assert ref.answer(q, action)
    assert len(ref.state.history) == 1
    before = view(ref.state)
    assert ref.answer(q, action) == []  # the hand moved on since the question
    assert ref.answer(q, ref.state.legal_actions()[0]) == []
    assert view(ref.state) == before


def test_referee_a_stale_call_is_ignored():
    ref = Referee(fault_position(), [None, Scripted(call="stop 1 force")])
    ref.apply("turn", 0)
    q = ref.question()
    assert q.kind is Ask.CALL
    ref.apply("discard>F", 0)  # seat 0 moved on before the answer came back
    assert ref.answer(q, q.answer()) == []
    assert texts(ref.state.history) == ["turn", "discard>F"]


def test_referee_an_illegal_answer_is_replaced_by_a_legal_move():
    ref = Referee(fault_position(), [Scripted(), Scripted()])
    q = ref.question()
    assert ref.state.check("turned>F") is not None
    ref.answer(q, ACTIONS.parse("turned>F"))
    assert texts(ref.state.history) == ["discard>F"]  # the first legal move instead
    q = ref.question()
    ref.answer(q, None)  # no answer at all: the same
    assert len(ref.state.history) == 2


def test_referee_an_illegal_call_is_ignored():
    ref = Referee(fault_position(), [None, Scripted()])
    ref.apply("turn", 0)
    q = ref.question()
    assert ref.answer(q, ACTIONS.parse("stop 0 force")) == []  # not a call seat 1 may make
    assert ref.answer(q, ACCEPT) == []
    assert texts(ref.state.history) == ["turn"]
    assert ref.question() is None


# ----------------------------------------------------------------- undo and redo
def seat_moves(state: GameState, seat: int) -> tuple[list[tuple], tuple]:
    """Replaying ``state``'s record: the position before each move ``seat`` made (calls
    are not moves), and the final position."""
    spec = spec_of(state.game)
    again = spec.from_setup(state.setup(), state.options)
    before = []
    for action in state.history:
        if not action.is_call and again.to_move == seat:
            before.append(view(again))
        again.apply(action)
    return before, view(again)


def round_trip(state: GameState, agents: list) -> int:
    """Play the hand out, take seat 0's moves back one by one to the start, then make them
    again; every step must give back exactly the position it should."""
    ref = Referee(state, agents)
    ref.play_out()
    before, final = seat_moves(ref.state, 0)
    assert before
    assert final == view(ref.state)
    undone = []
    while ref.undo(0):
        undone.append(view(ref.state))
    assert undone == before[::-1]
    assert not ref.can_undo(0)
    assert ref.state.history == []
    redone = []
    while ref.can_redo():
        ref.redo(0)
        redone.append(view(ref.state))
    assert redone == [*before[1:], final]
    assert ref.state.is_over
    assert ref.awaiting is Awaiting.OVER
    return len(before)


def test_referee_undo_redo_a_whole_pishe_pasha_hand():
    state = new_hand("pishe-pasha", 2, STOP, 0)
    agents = [make_agent("pishe-pasha", "easy", 1), make_agent("pishe-pasha", "medium", 2)]
    moves = round_trip(state, agents)
    assert moves > 20
    assert any(a.is_call for a in state.history)


def test_referee_undo_redo_a_whole_three_player_pishe_pasha_hand_with_calls():
    state = new_hand("pishe-pasha", 3, STOP, 5)
    round_trip(state, [RandomAgent(s) for s in range(3)])
    assert sum(a.is_call for a in state.history) > 5


def test_referee_undo_redo_a_pishe_pasha_hand_with_a_winning_fault_accepted():
    state = new_hand("pishe-pasha", 2, STOP, 1)  # seeds where a winning fault stands
    round_trip(state, [RandomAgent(4), RandomAgent(5)])
    assert ACCEPT in state.history


@pytest.mark.parametrize("players", [2, 3, 4])
def test_referee_undo_redo_a_whole_pisti_hand(players):
    state = new_hand("pisti", players, None, players)
    agents = [make_agent("pisti", "medium", s) for s in range(players)]
    assert round_trip(state, agents) == 48 // players


def test_referee_undo_takes_back_the_computer_moves_that_followed():
    state = new_hand("pisti", 2, None, 8)
    ref = Referee(state, [None, RandomAgent(3)])
    start = view(ref.state)
    assert not ref.undo(0)
    assert not ref.can_undo(0)
    ref.apply(ref.state.legal_actions()[0], 0)
    ref.step()  # the computer answers
    after = view(ref.state)
    assert len(ref.state.history) == 2
    assert ref.question() is None
    assert ref.undo(0)
    assert view(ref.state) == start
    assert ref.took_back
    assert len(ref.future) == 2
    assert ref.can_redo()
    ref.redo(0)
    assert view(ref.state) == after
    assert not ref.can_redo()


def test_referee_a_fresh_move_forgets_what_was_taken_back():
    ref = Referee(new_hand("pisti", 2, None, 9), [None, RandomAgent(3)])
    first, second = ref.state.legal_actions()[:2]
    ref.apply(first, 0)
    ref.step()
    ref.undo(0)
    assert ref.can_redo()
    ref.apply(second, 0)
    assert not ref.can_redo()
    assert texts(ref.state.history) == [str(second)]


def test_referee_undo_never_stops_at_a_call():
    """A seat's Stop call is not a move of its own: undo goes back to its last move."""
    ref = Referee(fault_position(), [Scripted(("turn",)), None])
    ref.step()  # seat 0 turns: a fault
    ref.apply("stop 1 end", 1)  # seat 1 (a person) calls Stop; now seat 1 is to move
    ref.apply("turn", 1)
    assert ref.undo(1)
    assert texts(ref.state.history) == ["turn", "stop 1 end"]
    assert not ref.undo(1)  # the call is not a move to take back
    assert ref.undo(0)
    assert ref.state.history == []


def test_referee_undo_redo_random_hands_of_every_game():
    rng = random.Random(4)
    for game, spec in SPECS.items():
        players = spec.players[0]
        state = new_hand(game, players, None, rng.randrange(1000))
        round_trip(state, [RandomAgent(s + 1) for s in range(players)])
