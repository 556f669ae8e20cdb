"""The review and the replay number a move alike (playtest 8: the coach's "Move 17" opened
"Replay: move 16 of 48"): the review's line, the replay's title, its slider and its voice
all say the number of the move the coach judged, "before move 17", and the replay counts
the moves made elsewhere by the same rule, so no two positions bear one number."""

from __future__ import annotations

import re

import pytest
from ui_support import click, drawn_words, make_app, pisti_deck, wait_review

import game.ai.coach as coach
from game.ai.coach import Mistake
from game.games.pisti import kinds as pisti
from game.games.pisti.rules import Pisti
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.review import ReviewScene

NUMBER = re.compile(r"(?:Move|move) (\d+)")


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch, keep=True)
    yield a
    a.scene.leave()


def record_and_mistake() -> tuple[dict, Mistake]:
    deck = pisti_deck(["2C", "3D", "4S", "5H"], ["5C", "9S", "KD", "QH"], ["9D", "6C", "7C", "8C"])
    state = Pisti.from_setup({"players": 2, "deck": deck}, {})
    for move in ("9S", "6C", "QH", "7C"):
        state.apply(pisti.ACTIONS.parse(move))
    played, better = pisti.ACTIONS.parse("QH"), pisti.ACTIONS.parse("KD")
    return state.record(), Mistake(2, 0, played, better, 5.0, ((better, 1.0), (played, -4.0)))


def titles(app, monkeypatch) -> list[str]:
    """The words the replay writes in its top bar at the next frame."""
    return [w for w in drawn_words(app, monkeypatch) if w.startswith("Replay:")]


def test_the_replay_opened_from_the_review_says_the_reviews_move_number(app, monkeypatch):
    record, mistake = record_and_mistake()
    monkeypatch.setattr(coach, "review", lambda *args, **kwargs: [mistake])
    app.goto("review", record=record, seat=0)
    review = app.scene
    assert isinstance(review, ReviewScene)
    wait_review(app, review)
    line = review.lines[0]
    number = NUMBER.match(line)[1]
    assert number == "3", line
    click(app, review.open_btn.rect.center)
    viewer = app.scene
    assert isinstance(viewer, ReplayScene)
    assert viewer.k == mistake.index
    assert titles(app, monkeypatch) == [f"Replay: before move {number} of 4"]
    assert viewer.slider.label() == f"Before move {number} of 4"
    assert viewer.position_words().startswith(f"Before move {number} of 4")


def test_the_positions_around_the_judged_move_bear_numbers_of_their_own(app, monkeypatch):
    record, mistake = record_and_mistake()
    app.goto(
        "replay",
        record=record,
        seat=0,
        start=mistake.index,
        compare=(mistake.played, mistake.better),
    )
    viewer = app.scene
    seen = [titles(app, monkeypatch)[0]]
    viewer.step_back()
    seen.append(titles(app, monkeypatch)[0])
    viewer.step()
    viewer.step()
    seen.append(titles(app, monkeypatch)[0])
    assert seen == ["Replay: before move 3 of 4", "Replay: move 1 of 4", "Replay: move 3 of 4"]


def test_elsewhere_the_replay_numbers_the_last_move_made(app, monkeypatch):
    record, _ = record_and_mistake()
    app.goto("replay", record=record, seat=0, start=2)
    viewer = app.scene
    assert [NUMBER.search(t)[1] for t in titles(app, monkeypatch)] == ["2"]
    viewer.step()
    assert [NUMBER.search(t)[1] for t in titles(app, monkeypatch)] == ["3"]
