"""The coach asks at most twice a hand: a costly move beyond that is made at once, the
hand's Review keeps it, and the player is told so once."""

from concurrent.futures import Future

from game.core.types import Action, ActionKind
from game.ui.table.model.coach_gate import QUESTIONS_A_HAND, CoachGate


def _done(values: dict) -> Future:
    future: Future = Future()
    future.set_result(values)
    return future


def test_the_coach_asks_at_most_twice_a_hand_and_says_once_it_keeps_the_rest():
    gate = CoachGate()
    worse, better = Action(ActionKind.PLAY, card=0), Action(ActionKind.PLAY, card=1)
    questioned, news = [], []
    for moves in range(5):
        gate.weigh(worse, moves, _done({worse: 0.0, better: 10.0}))
        made = gate.verdict(moves, threshold=2.0)
        questioned.append(made is None)
        news.append(gate.kept_news)
        gate.kept_news = False
        if gate.warning is not None:
            assert gate.answered() == worse
    assert questioned == [True] * QUESTIONS_A_HAND + [False] * (5 - QUESTIONS_A_HAND)
    assert news == [False, False, True, False, False]


def test_a_move_that_costs_little_is_never_questioned_nor_counted():
    gate = CoachGate()
    move, other = Action(ActionKind.PLAY, card=0), Action(ActionKind.PLAY, card=1)
    for moves in range(4):
        gate.weigh(move, moves, _done({move: 9.0, other: 10.0}))
        assert gate.verdict(moves, threshold=2.0) == move
    assert gate.asked == 0
