"""Leaving the coach's review stops its work: the coach's thread ends within a move of the
player going back, instead of working on (up to a minute on a long hand) for no one."""

from __future__ import annotations

import threading

from test_move_numbers import record_and_mistake
from ui_support import DT, click, make_app

import game.ai.coach as coach
from game.ui.scenes.review import ReviewScene


def coach_threads() -> list[str]:
    return [t.name for t in threading.enumerate() if t.name.startswith("coach")]


def test_going_back_from_the_review_ends_the_coachs_thread(tmp_path, monkeypatch):
    record, mistake = record_and_mistake()
    moves_judged: list[int] = []
    may_judge = threading.Semaphore(0)  # a move judged each time the test lets one be

    def slow_review(record, seat, progress=None, **kwargs):
        """The coach on a long hand (3000 moves), a move at a time as the test lets it."""
        for i in range(3000):
            may_judge.acquire(timeout=30)
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
        may_judge.release()
        while not moves_judged:
            app.step(DT)
        assert review.progress[0] >= 1
        assert coach_threads()
        click(app, review.back_btn.rect.center)
        app.step(DT)
        assert app.scene is not review
        may_judge.release(3000)  # as fast as it can from here: it stops at its next move
        for thread in [t for t in threading.enumerate() if t.name.startswith("coach")]:
            thread.join(30)
        assert coach_threads() == []
        assert len(moves_judged) == 2, "ended within a move of the player going back"
    finally:
        app.scene.leave()
