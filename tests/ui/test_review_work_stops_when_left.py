"""Leaving the coach's review stops its work: the coach's thread ends within a move of the
player going back, instead of working on (up to a minute on a long hand) for no one."""

from __future__ import annotations

import threading
import time

from test_move_numbers import record_and_mistake
from ui_support import DT, click, make_app

import game.ai.coach as coach
from game.ui.scenes.review import ReviewScene


def coach_threads() -> list[str]:
    return [t.name for t in threading.enumerate() if t.name.startswith("coach")]


def test_going_back_from_the_review_ends_the_coachs_thread(tmp_path, monkeypatch):
    record, mistake = record_and_mistake()
    moves_judged: list[int] = []

    def slow_review(record, seat, progress=None, **kwargs):
        """The coach's pace on a long hand: a move judged every 20 ms, 60 s in all."""
        for i in range(3000):
            time.sleep(0.02)
            moves_judged.append(i)
            if progress is not None:
                progress(i + 1, 3000)
        return [mistake]

    monkeypatch.setattr(coach, "review", slow_review)
    app = make_app(tmp_path, monkeypatch, keep=True)
    try:
        app.goto("review", record=record, seat=0)
        review = app.scene
        assert isinstance(review, ReviewScene)
        while not moves_judged:
            app.step(DT)
        assert review.progress[0] >= 1
        assert coach_threads()
        click(app, review.back_btn.rect.center)
        app.step(DT)
        assert app.scene is not review
        end = time.monotonic() + 2
        while coach_threads() and time.monotonic() < end:
            time.sleep(0.02)
        assert coach_threads() == []
        assert len(moves_judged) < 3000
    finally:
        app.scene.leave()
