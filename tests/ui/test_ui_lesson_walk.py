"""Lessons advance on the table's phase. Every step of every lesson, in every
language, is shown in order (none skipped) and shown when the table is at the position it
describes; at every frame the header, the hint line and the buttons agree with the phase.
A player walks each lesson with real mouse and key events, at a pace where cards fly, and
presses keys while they do."""

from __future__ import annotations

import pygame
import pytest
from phase_checks import disagreements
from ui_support import DT, click, gesture_for, join, key, make_app

from game.core.lesson import Wait
from game.games import SPECS
from game.text import phrasebook, say
from game.text.phrasebook import LANGUAGES
from game.ui.scenes.lesson import LessonScene

LESSONS = [
    pytest.param(game, i, lang, id=f"{lesson.id}-{lang}",
                 marks=[pytest.mark.slow] if lang != "en" else [])
    for lang in LANGUAGES
    for game, spec in SPECS.items()
    for i, lesson in enumerate(spec.lessons)
]  # fmt: skip


class Walk:
    """What a lesson showed: each step once, the frame it came, and whether the table was
    then where the step says it is."""

    def __init__(self, scene: LessonScene) -> None:
        self.scene = scene
        self.shown: list[int] = []
        self.words: dict[int, str] = {}
        self.wrong: list[str] = []
        self.moves_at: dict[int, int] = {}
        self.frames = 0

    def look(self) -> None:
        """After each frame: a new step is checked against the table as it lies now."""
        s, m = self.scene, self.scene.model
        self.frames += 1
        self.wrong += [f"step {s.k}: {d}" for d in disagreements(s.rig)]
        if not s.finished and not s.here:
            return
        if s.finished or (self.shown and self.shown[-1] == s.k):
            self.read_step(s)
            return
        self.shown.append(s.k)
        self.words[s.k] = s.step_words()
        self.moves_at[s.k] = len(m.state.history)
        step, st = s.step, m.state
        mine = st.to_move == m.human and not m.show.busy
        if step.wait is Wait.MOVE:
            legal = [str(a) for a in st.legal_actions() if st.to_move == m.human]
            legal += [str(a) for a in m.my_calls()]
            if not (mine or m.my_calls()) or not set(step.expect) & set(legal):
                self.wrong.append(
                    f"step {s.k} {step.text}: its move cannot be made now"
                    f" {m.phase} {st.to_move} {m.show.busy} {legal}"
                )
        elif step.wait is Wait.WATCH:
            if st.to_move == m.human and not m.thinker.busy:
                self.wrong.append(f"step {s.k} {step.text}: shown on the player's turn")
        elif step.wait in (Wait.ANY, Wait.FINISH):
            if not (mine or st.is_over):
                self.wrong.append(f"step {s.k} {step.text}: shown before the player's turn")
        elif m.show.busy or m.thinker.busy:
            self.wrong.append(f"step {s.k} {step.text}: shown while the table moved")

    def read_step(self, s: LessonScene) -> None:
        """A step to read holds the table: no move is made while it is on screen."""
        if s.finished or s.step.wait is not Wait.READ or s.step_done:
            return
        if len(s.model.state.history) != self.moves_at[s.k]:
            self.wrong.append(f"step {s.k} {s.step.text}: the table moved while it was read")


def call(app, scene: LessonScene, action, by_keys: bool) -> None:
    """A call made as a player makes it: its button (or key), then its choice."""
    c = scene.controls
    if by_keys:
        key(app, pygame.key.key_code(scene.spec.calls[0].key))
    else:
        click(app, c.call_btns[0].rect.center)
    choice = next(b for ch, b in zip(scene.spec.calls[0].choices, c.choices()[:-1], strict=True)
                  if ch.make(scene.human) == action)  # fmt: skip
    click(app, choice.rect.center)


def walk(app, scene: LessonScene, by_keys: bool, limit: float = 90.0) -> Walk:
    seen = Walk(scene)
    step = app.step

    def frame(dt, *args):
        done = step(dt, *args)
        seen.look()
        return done

    app.step = frame
    read_for = 0
    for _ in range(round(limit / DT)):  # of the table's frames
        if scene.finished:
            break
        app.step(DT)
        m, st = scene.model, scene.state
        if scene.step_done:
            key(app, pygame.K_1)  # impatient keys while the cards fly: never lost, never wrong
            continue
        wait = scene.step.wait
        if wait is Wait.READ:
            read_for += 1
            if read_for > 5:  # a moment to read, then Next
                read_for = 0
                key(app, pygame.K_n) if by_keys else click(app, scene.next_btn.rect.center)
        elif wait is Wait.MOVE and (m.takes_moves() or m.my_calls()):
            action = next(
                a for a in st.legal_actions() + m.my_calls() if str(a) in scene.step.expect
            )
            call(app, scene, action, by_keys) if action.is_call else gesture_for(app, scene, action)
        elif wait in (Wait.ANY, Wait.FINISH) and m.takes_moves():
            gesture_for(app, scene, st.legal_actions()[0])
        join(app)  # the worker's and the voice's work done: the next frame sees it
    app.step = step
    return seen


@pytest.mark.parametrize(("game", "index", "lang"), LESSONS)
def test_every_step_of_every_lesson_is_shown_in_order_with_the_table_in_its_position(
    tmp_path, monkeypatch, game, index, lang
):
    app = make_app(tmp_path, monkeypatch, size=(960, 600), language=lang, lessons_offered=True,
                   pace="fast", call_window=1.0)  # fmt: skip
    phrasebook.set_language(lang)
    try:
        scene = app.goto("lesson", game=game, index=index)
        seen = walk(app, scene, by_keys=index % 2 == 1)
        lesson = scene.lesson
        assert scene.finished, (lesson.id, seen.shown, scene.k)
        assert seen.shown == list(range(len(lesson.steps))), "every step, in order"
        for k, step in enumerate(lesson.steps):
            points = max(scene.state.score or [0])
            assert seen.words[k].startswith(say(step.text[0], points=points)[:30])
        assert seen.wrong == [], seen.wrong
    finally:
        app.scene.leave()
        phrasebook.set_language("en")
