"""The lessons played by ear: each step says the keys that do what it asks, the same keys as
in a match ("Keys: Tab to “Your turned card”, then Enter."; "Keys: key 1."; "Enter goes
on."), and a player who presses exactly those keys, hearing nothing else, goes through
every lesson of every game, in every language. Once a lesson is over, Tab goes through its
buttons (Next lesson or Done, Back, Leave) and says each, and Enter presses the one Tab
reached."""

from __future__ import annotations

import re

import pygame
import pytest
from test_ui_lessons import LESSONS, by_keys, expected, play_to_the_end, rest, until_next
from test_ui_play_by_ear import Ear
from ui_support import make_app

from game.core.lesson import Wait
from game.speech import FileBackend
from game.text import say
from game.text.spoken import spoken
from game.ui.scenes.lesson import LessonScene
from game.ui.widgets import text_of


def listening(tmp_path, monkeypatch, lang):
    said = tmp_path / "said.txt"
    app = make_app(tmp_path, monkeypatch, language=lang, lessons_offered=True)
    app.voice.use(FileBackend(said))
    app.voice.on = True
    return app, Ear(app, said, lang)


def step_keys(ear: Ear, scene: LessonScene) -> str | None:
    """The keys the step's spoken words end with, as the player heard them (None: none)."""
    ear.listen()
    heading = spoken(say("speech.lesson.step", k=scene.k + 1, n=len(scene.lesson.steps)))
    line = next((h for h in reversed(ear.heard) if heading in h), None)
    assert line is not None, (heading, ear.heard[-4:])
    keys = re.escape(spoken(say("speech.keys.step", keys="KEYS"))).replace("KEYS", "(.+)")
    found = re.search(keys + "$", line)
    return found[1] if found else None


@pytest.mark.parametrize(("game", "index"), LESSONS)
def test_each_lesson_is_played_on_the_keys_its_steps_say(tmp_path, monkeypatch, lang, game,
                                                         index):  # fmt: skip
    app, ear = listening(tmp_path, monkeypatch, lang)
    scene = app.goto("lesson", game=game, index=index)
    said_keys = 0
    for _ in range(len(scene.lesson.steps) + 1):
        rest(app, scene)
        if scene.finished:
            break
        k, wait = scene.k, scene.step.wait
        keys = step_keys(ear, scene)
        if wait is Wait.READ:
            assert ear.heard[-1].endswith(spoken(say("speech.keys.read"))), ear.heard[-1]
            ear.press(pygame.K_RETURN)
        elif wait is Wait.FINISH:  # the hand plays itself out: any move will do
            play_to_the_end(app, scene, by_keys)
        elif keys is not None:
            ear.press_keys(keys)
            said_keys += 1
        else:  # a call: the step's own words name its key (S) and its choice
            assert expected(scene).is_call, f"step {k + 1} says no keys: {ear.heard[-1]}"
            by_keys(app, scene, expected(scene))
        until_next(app, scene, k)
        assert scene.k == k + 1, (k, ear.heard[-3:], scene.note)
    assert scene.finished
    assert said_keys >= 1


def test_a_finished_lessons_buttons_are_reached_by_tab_and_pressed_by_enter(
    tmp_path, monkeypatch, lang
):
    from test_ui_lessons import play_through

    app, ear = listening(tmp_path, monkeypatch, lang)
    scene = app.goto("lesson", game="pisti", index=0)
    play_through(app, scene, by_keys, lambda: ear.press(pygame.K_RETURN))
    assert scene.finished
    heard = ear.listen() or ear.heard[-1]
    assert spoken(say("speech.lesson.end_keys", next=say("lesson.next_lesson"))) in heard
    buttons = [scene.next_btn, scene.back_btn, scene.leave_btn]
    for button in buttons:
        said = ear.press(pygame.K_TAB)
        assert scene.end_ring.current() is button
        assert scene.rig.controller.focus is None, "one focus at a time: the table's goes"
        assert said.startswith(spoken(text_of(button.label)).strip()), said
    ear.press(pygame.K_TAB)
    assert scene.end_ring.current() is scene.next_btn, "Tab goes round"
    ear.press(pygame.K_TAB)
    ear.press(pygame.K_RETURN)  # Back, reached by Tab
    assert not scene.finished
    assert scene.k == len(scene.lesson.steps) - 1
