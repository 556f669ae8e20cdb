"""The lessons' data: each prepared deal, played as its steps say with the computer
following its script, reaches every step with the step's move legal, and ends as written."""

from __future__ import annotations

import pytest

from game.core.agents import SeatView
from game.core.lesson import Lesson, Script, Step, Wait
from game.games import SPECS
from game.games.pishe_pasha import kinds as pishe

LESSONS = [
    pytest.param(spec, lesson, id=lesson.id) for spec in SPECS.values() for lesson in spec.lessons
]


def computer_moves(state, script: Script) -> None:
    """The computer seats play, and are asked for calls, until the human (seat 0) is to act."""
    for _ in range(200):
        for seat in range(1, state.players):
            if state.calls():
                call = script.call(SeatView(state, seat))
                if call is not None:
                    state.apply(call)
        if state.is_over or state.to_move == 0:
            return
        state.apply(script.choose(SeatView(state, state.to_move)))
    raise AssertionError("the computer never gave the turn back")


def walk(spec, lesson: Lesson):
    """The lesson played straight through at the rules' level; the final state."""
    state = spec.from_setup(lesson.setup, lesson.options)
    script = Script(lesson.script)
    for step in lesson.steps:
        if step.wait is Wait.WATCH:
            computer_moves(state, script)
        elif step.wait is Wait.MOVE:
            legal = [str(a) for a in state.legal_actions() + state.calls()]
            assert set(step.expect) & set(legal), (lesson.id, step.text, legal)
            state.apply(next(e for e in step.expect if e in legal))
            computer_moves(state, script)
        elif step.wait is Wait.FINISH:
            while not state.is_over:
                state.apply(state.legal_actions()[0])
                computer_moves(state, script)
    return state


@pytest.mark.parametrize(("spec", "lesson"), LESSONS)
def test_every_steps_move_is_legal_when_the_lesson_is_played_as_written(spec, lesson):
    walk(spec, lesson)


def test_the_first_pishe_pasha_lesson_ends_with_the_player_winning_49_points():
    spec = SPECS["pishe-pasha"]
    state = walk(spec, spec.lessons[0])
    assert state.is_over
    assert state.winner == 0
    assert state.score == [49, 0]


def test_the_pisti_lesson_makes_a_pisti_and_a_jack_pisti_for_the_player():
    spec = SPECS["pisti"]
    state = walk(spec, spec.lessons[0])
    report = state.report()
    assert report["pisti"][0] >= 1
    assert report["jack_pisti"][0] >= 1


def test_the_stop_lesson_catches_north_twice_forcing_then_ending_then_north_catches_the_player():
    spec = SPECS["pishe-pasha"]
    stop = next(lesson for lesson in spec.lessons if lesson.id == "pishe-stop")
    state = walk(spec, stop)
    calls = [str(a) for a in state.history if a.is_call]
    assert calls == ["stop 0 force", "stop 0 end", "stop 1 end"]


def test_lessons_are_a_games_own_and_each_opens_with_words_for_a_newcomer():
    """Lessons are optional (a game without them has no "Learn to play"); each a game has
    is known by an id of its own and starts with words to read, not a move to make."""
    ids = [lesson.id for spec in SPECS.values() for lesson in spec.lessons]
    assert len(ids) == len(set(ids)), ids
    for spec in SPECS.values():
        for lesson in spec.lessons:
            assert lesson.steps[0].wait is Wait.READ, (spec.id, lesson.id)


def test_a_step_accepts_only_its_moves_and_reading_takes_none():
    turn, load = pishe.ACTIONS.parse("turn"), pishe.ACTIONS.parse("turned>1")
    step = Step(("k",), Wait.MOVE, ("turn",))
    assert step.accepts(turn)
    assert not step.accepts(load)
    assert not Step(("k",), Wait.READ).accepts(turn)
    assert not Step(("k",), Wait.WATCH).accepts(turn)
    assert Step(("k",), Wait.ANY).accepts(load)


def test_a_move_step_without_a_move_is_refused_when_the_lesson_is_made():
    with pytest.raises(ValueError, match="expects no move"):
        Lesson("x", "t", {}, (Step(("k",), Wait.MOVE),))


def test_the_script_plays_its_next_move_when_legal_and_otherwise_any_legal_one():
    spec = SPECS["pishe-pasha"]
    state = spec.from_setup(spec.lessons[0].setup, {})
    script = Script(("turned>D",))
    state.apply("turn")  # seat 0 holds the A♣, which must go up
    view = SeatView(state, 0)
    assert str(script.choose(view)) == "turned>F"
    assert script.done == 0
