"""Lessons give the player time: a step that plays itself (the computer's turn watched, the
rest of a hand played out) stays on screen at least its words' reading time, the table
held, unless the player says they have read it (Next, Enter); and the first screen offers
Pişti's lesson as it offers Pishe Pasha's, a "No" for one game leaving the other's. Real
keys and clicks on the headless lesson table and menu, at a pace where cards fly."""

from __future__ import annotations

import pygame
import pytest
from ui_support import DT, click, gesture_for, join, key, make_app, right_arrow

from game.core.lesson import Wait
from game.games import SPECS
from game.text import set_language
from game.ui.scenes.lesson import PLAYS_ITSELF, LessonScene, reading_seconds
from game.ui.scenes.menu import MenuScene


def walk(app, scene: LessonScene, until=None, limit: float = 240.0) -> dict[int, float]:
    """The lesson played as asked (a step to read: Next; a move: made by mouse), nothing
    pressed while a step plays itself; how long (on the lesson's clock) each step stayed."""
    shown: dict[int, float] = {}
    k, since = scene.k, scene.clock
    for _ in range(round(limit / DT)):  # of the table's frames
        if scene.finished:
            break
        if until is not None and until(scene):
            break
        app.step(DT)
        if scene.k != k:
            shown[k], k, since = scene.clock - since, scene.k, scene.clock
            continue
        if not scene.here or scene.finished:
            continue
        step, m = scene.step, scene.model
        if step.wait is Wait.READ and not scene.step_done:
            key(app, pygame.K_RETURN)
        elif step.wait in (Wait.MOVE, Wait.ANY) and m.human_may_act() and not scene.step_done:
            wanted = scene._expected(step) or m.my_actions()
            gesture_for(app, scene, wanted[0])
        if m.thinker.busy:
            join(app)  # the worker's and the voice's work done: the next frame sees it
    return shown


@pytest.mark.parametrize("game", ["pishe-pasha", "pisti"])
def test_a_step_that_plays_itself_stays_its_reading_time(tmp_path, monkeypatch, game):
    app = make_app(tmp_path, monkeypatch, size=(960, 600), pace="fast", lessons_offered=True)
    try:
        scene = app.goto("lesson", game=game, index=0)
        lesson = scene.lesson
        shown = walk(app, scene)
        assert scene.finished, "the lesson was walked to its end"
        itself = [k for k, s in enumerate(lesson.steps) if s.wait in PLAYS_ITSELF]
        assert itself, "the lesson has steps that play themselves"
        for k in itself:
            scene.k = k
            scene.here = True
            words = scene.step_words()
            assert shown[k] >= reading_seconds(words) - DT, (k, lesson.steps[k].text, shown[k])
        scene.k = len(lesson.steps)
    finally:
        app.scene.leave()


def test_north_turns_and_discards_stays_long_enough_to_read(tmp_path, monkeypatch):
    """The first lesson's step "North's turn. It turns a card and discards it." came and
    went within 0.8 s; now it stays its reading time (over three seconds)."""
    app = make_app(tmp_path, monkeypatch, size=(960, 600), pace="normal", lessons_offered=True)
    try:
        scene = app.goto("lesson", game="pishe-pasha", index=0)
        texts = [s.text for s in scene.lesson.steps]
        k = next(i for i, t in enumerate(texts) if t == ("lesson.pp.watch_north",))
        walk(app, scene, until=lambda s: s.k == k and s.here)
        start = scene.clock
        while scene.k == k:
            app.step(DT)
            assert scene.model.phase.doing is not None
        assert (
            scene.clock - start
            >= reading_seconds("North's turn. It turns a card and discards it.") - DT
        )
        assert scene.clock - start >= 3.0
    finally:
        app.scene.leave()


def test_enter_goes_on_from_a_step_read_before_its_time(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, size=(960, 600), pace="fast", lessons_offered=True)
    try:
        scene = app.goto("lesson", game="pishe-pasha", index=0)
        walk(app, scene, until=lambda s: s.here and s.step_done and s.reading())
        k = scene.k
        assert scene.step.wait in PLAYS_ITSELF
        assert scene.model.phase.doing.value == "held", "the table waits while it is read"
        key(app, pygame.K_RETURN)
        for _ in range(50):
            app.step(DT)
            if scene.k != k:
                break
        assert scene.k == k + 1
    finally:
        app.scene.leave()


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_the_first_screen_offers_pistis_lesson_as_it_offers_pishe_pashas(
    tmp_path, monkeypatch, lang
):
    app = make_app(tmp_path, monkeypatch, size=(960, 600), language=lang)
    set_language(lang)
    try:
        menu = app.goto("menu")
        app.step(DT)
        assert menu.spec.id == "pishe-pasha", "Pishe Pasha's lesson is offered"
        assert menu.offered, "Pishe Pasha's lesson is offered"
        click(app, menu.offered[1].rect.center)  # No, thank you
        assert not menu.offered
        while menu.spec.id != "pisti":
            click(app, right_arrow(menu.game))
        app.step(DT)
        assert menu.offered, "Pişti's lesson is offered on the same first screen"
        assert {"en": "New to Pişti?", "tr": "Pişti"}[lang] in menu.offer_words()
        click(app, menu.offered[0].rect.center)
        assert isinstance(app.scene, LessonScene)
        assert app.scene.spec.id == "pisti"
        app.scene.leave_lesson()
        assert isinstance(app.scene, MenuScene)
        assert SPECS["pisti"].lessons
    finally:
        app.scene.leave()
        set_language("en")
