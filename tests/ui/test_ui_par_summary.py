"""The summary shows the hand's par once it is worked out, on a thread of its own, and the
table never waits for it: keys work at once, the next hand can be dealt meanwhile."""

from __future__ import annotations

import math
import time

import pygame
import pytest
from ui_support import DT, click, make_app, open_table

from game.ai.par import decisions_against_par
from game.core.agents import SeatView
from game.store.keeper import against_words, par_words
from game.text import number, say
from game.ui.scenes.review import CLEAN_PAR_LINES, PAR_LINES, ReviewScene
from game.ui.scenes.summary import SummaryScene
from game.ui.scenes.table import TableScene


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch, size=(960, 600), keep=True, pace="fast")
    yield a
    a.scene.leave()


def to_summary(app, game: str = "pishe-pasha", seed: int = 21) -> SummaryScene:
    """A hand played to its end (the person by a stand-in), then the summary it brings."""
    table = open_table(app, game, {"players": 2}, level="easy", seed=seed)
    agent = table.model.spec.make_agent("easy", 3)
    end = time.monotonic() + 180
    while not isinstance(app.scene, SummaryScene) and time.monotonic() < end:
        m = table.model
        if not table.state.is_over and m.human_may_act():
            m.perform(agent.choose(SeatView(table.state, table.human)))
        else:
            app.step(DT)
            if m.thinker.busy:
                time.sleep(0.001)
    assert isinstance(app.scene, SummaryScene), "the hand did not end"
    return app.scene


def key(app, k: int) -> float:
    """Post a key press and step one frame; the frame's seconds."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    start = time.perf_counter()
    app.step(DT)
    return time.perf_counter() - start


def test_the_summary_says_the_par_when_it_is_ready_and_never_waits_for_it(app):
    summary = to_summary(app)
    working = summary.par_line
    assert working == "Par for this deal: the Expert is playing your cards…"
    assert app.keeper.pars.busy(), "worked out while the summary shows"
    assert key(app, pygame.K_DOWN) < 1.0, "a key is answered at once, not after the par"
    assert summary.spoken_row() == summary.hand_rows()[summary.selected].words()
    assert any(r.words() == working.rstrip(".") for r in summary.hand_rows())
    slowest, end = 0.0, time.monotonic() + 240
    while summary.par_line == working and time.monotonic() < end:
        start = time.perf_counter()
        app.step(DT)
        slowest = max(slowest, time.perf_counter() - start)
        time.sleep(0.02)
    found = app.keeper.par_for(summary.table.session)
    assert found is not None, "the par came"
    assert summary.par_line == par_words(found)
    assert summary.par_line.startswith("Par for this deal: ")
    assert "(the Expert's result with your cards" in summary.par_line
    assert slowest < 1.0, f"a frame took {slowest:.2f} s while the par was worked out"


def test_the_next_hand_can_be_dealt_while_the_par_is_worked_out(app):
    summary = to_summary(app, seed=22)
    assert summary.par_line, "the par line is there from the start"
    assert app.keeper.pars.busy()
    assert key(app, pygame.K_RETURN) < 1.0
    assert isinstance(app.scene, TableScene), "dealt at once"
    assert not app.scene.state.is_over, "dealt at once"


@pytest.mark.slow
def test_the_review_reads_its_decisions_against_the_par_once_it_is_ready(app):
    summary = to_summary(app, seed=23)
    assert summary.review_btn.visible
    click(app, summary.review_btn.rect.center)
    review = app.scene
    assert isinstance(review, ReviewScene)
    assert review.against_par is not None
    working, end = say("summary.par.working"), time.monotonic() + 300
    while (review.pending is not None or review.par_line in ("", working)) and (
        time.monotonic() < end
    ):
        app.step(DT)
        time.sleep(0.02)
    found = app.keeper.par_for(summary.table.session)
    assert review.pending is None, "the coach and the par both came"
    assert found is not None, "the coach and the par both came"
    costs = math.fsum(m.loss for m in review.mistakes)
    kind = decisions_against_par(costs, found.against)
    key = (PAR_LINES if review.mistakes else CLEAN_PAR_LINES)[kind]
    assert review.par_line == say(key, cost=number(costs, 1), against=against_words(found.against))
    assert review.spoken().endswith(review.par_line)
