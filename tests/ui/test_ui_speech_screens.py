"""Read aloud beyond the table: the replay viewer says the move it jumps or steps
to, the coach's review what it found and each line with its reason, "Show this position"
the two moves compared, and a lesson each step's words and its refusals; in English and
in Türkçe."""

from __future__ import annotations

from collections import deque

import pygame
from ui_support import DT, click, join, key, make_app, open_table, settle, wait_review

from game.ai.coach import Mistake
from game.core.agents import SeatView
from game.core.lesson import Wait
from game.games import spec_of
from game.session import replay_record
from game.text.spoken import spoken
from game.ui.record_words import NBSP, move_words
from game.ui.scenes.lesson import LessonScene
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.review import ReviewScene

WORDS = {
    "en": {
        "replay": "Replay. Move 0 of {n}",
        "move": "Move {k} of {n}",
        "all": "Every card face up",
        "found": "The coach found 2 costly decisions. Up and Down go through the list, "
        "Enter shows the position",
        "review": "Review of the hand",
        "step": "Step {k} of {n}. ",
        "lesson": "Pishe Pasha — lesson: Your first hand",
        "scores": "Scores: You 0, North 0",
        "first": "Start of the hand, before the first move",
        "last": "End of the hand, after the last move",
        "top": "Top of the list",
        "bottom": "End of the list",
    },
    "tr": {
        "replay": "Tekrar izleme. 0. hamle, toplam {n}",
        "move": "{k}. hamle, toplam {n}",
        "all": "Bütün kartlar açık",
        "found": "Koç puan kaybettiren 2 karar buldu. Yukarı ve aşağı oklarıyla listede gez, "
        "Enter durumu gösterir",
        "review": "El incelemesi",
        "step": "{k}. adım, toplam {n} adım. ",
        "lesson": "Pishe Pasha — ders: İlk el",
        "scores": "Puanlar: Sen 0, Kuzey 0",
        "first": "Elin başı, ilk hamleden önce",
        "last": "Elin sonu, son hamleden sonra",
        "top": "Listenin başı",
        "bottom": "Listenin sonu",
    },
    "de": {
        "replay": "Nachspielen. Zug 0 von {n}",
        "move": "Zug {k} von {n}",
        "all": "Alle Karten offen",
        "found": "Der Trainer hat 2 Züge gefunden, die Punkte gekostet haben. Auf und Ab gehen "
        "die Liste durch, Eingabe zeigt die Stellung",
        "review": "Analyse der Runde",
        "step": "Schritt {k} von {n}. ",
        "lesson": "Pishe Pasha — Lektion: Deine erste Runde",
        "scores": "Punkte: Du 0, Nord 0",
        "first": "Anfang der Runde, vor dem ersten Zug",
        "last": "Ende der Runde, nach dem letzten Zug",
        "top": "Anfang der Liste",
        "bottom": "Ende der Liste",
    },
}


def listening_app(tmp_path, monkeypatch, lang):
    app = make_app(tmp_path, monkeypatch, language=lang)
    app.voice.use(None)  # what is asked to be said is all these tests read
    app.voice.heard = deque(maxlen=2000)
    app.voice.on = True
    return app


def finished_record(app) -> dict:
    """A hand of Pişti played to its end by the computer for both seats."""
    table = open_table(app, "pisti", {"players": 2}, seed=6)
    agent = table.model.spec.make_agent("medium", 3)
    for _ in range(200):
        settle(app, table)
        if table.state.is_over:
            return table.state.record()
        if table.state.to_move == table.human:
            table.model.perform(agent.choose(SeatView(table.state, table.human)))
    raise AssertionError("the hand never ended")


def new_words(app, before: int) -> list[str]:
    return list(app.voice.heard)[before:]


def test_the_replay_viewer_says_each_jump_and_step(tmp_path, monkeypatch, lang):
    app = listening_app(tmp_path, monkeypatch, lang)
    record = finished_record(app)
    n = len(record["actions"])
    w = WORDS[lang]
    viewer = app.goto("replay", record=record, seat=0)
    assert isinstance(viewer, ReplayScene)
    app.step(DT)
    assert app.voice.last == w["replay"].format(n=n)

    key(app, pygame.K_PAGEDOWN)  # to move 10
    jumped = app.voice.last
    assert jumped.startswith(w["move"].format(k=10, n=n) + ". ")
    key(app, pygame.K_LEFT)
    assert viewer.k == 9
    assert app.voice.last.startswith(w["move"].format(k=9, n=n) + ". ")
    before = len(app.voice.heard)
    key(app, pygame.K_RIGHT)  # the step's own lines, as the log says them
    for _ in range(40):
        app.step(DT)
    stepped = new_words(app, before)
    assert stepped
    assert jumped == w["move"].format(k=10, n=n) + ". " + ". ".join(stepped)

    key(app, pygame.K_END)
    assert app.voice.last.startswith(w["move"].format(k=n, n=n) + ". ")
    key(app, pygame.K_HOME)
    assert app.voice.last == w["move"].format(k=0, n=n)
    click(app, viewer.faces.rect.center)
    assert app.voice.last == w["all"]


def test_the_replay_viewer_says_so_past_the_last_move_and_before_the_first(
    tmp_path, monkeypatch, lang
):
    """Every way of moving past either end (a step, a jump, play at the end) is answered,
    each time it is asked, and leaves the table where it was."""
    app = listening_app(tmp_path, monkeypatch, lang)
    record = finished_record(app)
    n = len(record["actions"])
    w = WORDS[lang]
    viewer = app.goto("replay", record=record, seat=0)
    app.step(DT)
    for k in (pygame.K_LEFT, pygame.K_LEFT, pygame.K_HOME, pygame.K_PAGEUP):
        before, model = len(app.voice.heard), viewer.model
        key(app, k)
        assert new_words(app, before) == [w["first"]]
        assert viewer.k == 0
        assert viewer.model is model  # not built again
    key(app, pygame.K_RIGHT)  # the first move: said as ever
    for _ in range(40):
        app.step(DT)
    assert viewer.k == 1
    assert w["first"] not in app.voice.last
    key(app, pygame.K_END)
    assert app.voice.last.startswith(w["move"].format(k=n, n=n) + ". ")
    for k in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_END, pygame.K_PAGEDOWN, pygame.K_SPACE):
        before = len(app.voice.heard)
        key(app, k)
        assert new_words(app, before) == [w["last"]]
        assert viewer.k == n
        assert not viewer.playing

    key(app, pygame.K_PAGEUP)
    viewer.toggle()  # played to the end: the end is said once the last move is shown
    for _ in range(2000):
        if not viewer.playing:
            break
        app.step(DT)
    assert viewer.k == n
    assert app.voice.last == w["last"]


def fake_coach(record: dict, seat: int, progress=None) -> list[Mistake]:
    """Two of the player's moves called costly, each with another legal move as better: the
    review's words are under test here, not the coach (tests/ai/test_coach.py)."""
    spec = spec_of(record["game"])
    out = []
    for index, text in enumerate(record["actions"]):
        state = replay_record(spec, {**record, "actions": record["actions"][:index]})
        played = spec.parse_action(text)
        others = [a for a in state.legal_actions() if a != played]
        if state.to_move == seat and others:
            out.append(Mistake(index, seat, played, others[0], 1.5, ()))
        if len(out) == 2:
            return out
    raise AssertionError("no two choices in the hand")


def row_words(review: ReviewScene, i: int) -> str:
    """A line of the review and its reason, as the ear gets them (no-break spaces as spaces)."""
    return spoken(f"{review.lines[i]}. {review.reasons[i]}").replace(NBSP, " ")


def spoken_inside(words: str) -> str:
    """``words`` as said inside a sentence (a word that starts them takes no capital)."""
    return spoken("And " + words).removeprefix("And ")


def test_the_review_says_what_the_coach_found_each_line_and_the_position_shown(
    tmp_path, monkeypatch, lang
):
    monkeypatch.setattr("game.ai.coach.review", fake_coach)
    app = listening_app(tmp_path, monkeypatch, lang)
    record = finished_record(app)
    w = WORDS[lang]
    before = len(app.voice.heard)
    review = app.goto("review", record=record, seat=0)
    assert isinstance(review, ReviewScene)
    wait_review(app, review)
    heard = new_words(app, before)
    assert heard[0].startswith(w["review"])
    first = row_words(review, 0)
    assert heard[-2:] == [w["found"], first]

    key(app, pygame.K_UP)  # already the first line
    assert app.voice.last == w["top"]
    assert review.selected == 0
    key(app, pygame.K_DOWN)
    second = row_words(review, 1)
    assert app.voice.last == second
    assert "1.5" in second.replace(",", ".")
    key(app, pygame.K_DOWN)  # the last line: the list ends
    assert app.voice.last == w["bottom"]
    assert review.selected == 1
    key(app, pygame.K_RETURN)  # Show this position
    viewer = app.scene
    assert isinstance(viewer, ReplayScene)
    assert viewer.k == review.mistakes[1].index
    said = app.voice.last
    assert said.startswith(w["replay"].split(".")[0])
    assert said.endswith(spoken(viewer.position_words()))
    for action in viewer.compare:
        words = move_words(record, viewer.k, action, 0).replace(NBSP, " ")
        assert spoken_inside(words) in said
    key(app, pygame.K_ESCAPE)
    assert app.scene is review
    assert app.voice.last == f"{w['review']}. {second}"


def rest(app, scene: LessonScene, limit: float = 20.0) -> None:
    """Step until the lesson waits for the player."""
    for _ in range(round(limit / DT)):  # of the table's frames
        app.step(DT)
        m = scene.model
        busy = m.show.busy or m.thinker.busy
        if (
            not busy
            and scene.step.wait is not Wait.WATCH
            and (scene.step.wait is Wait.READ or m.human_may_act())
        ):
            return
        join(app)  # the worker's and the voice's work done: the next frame sees it
    raise AssertionError(f"the lesson never waited at step {scene.k}")


def test_a_lesson_says_each_step_its_refusals_and_the_table_when_asked(tmp_path, monkeypatch, lang):
    app = listening_app(tmp_path, monkeypatch, lang)
    w = WORDS[lang]
    scene = app.goto("lesson", game="pishe-pasha", index=0)
    assert isinstance(scene, LessonScene)
    rest(app, scene)
    n = len(scene.lesson.steps)
    heard = list(app.voice.heard)
    assert heard[0] == w["lesson"]
    assert heard[-1].startswith(w["step"].format(k=1, n=n) + spoken(scene.step_words()))
    assert scene.step.wait is Wait.READ  # a move now is not the step's: refused, said why
    assert not scene.model.perform(scene.model.state.legal_actions()[0])
    assert scene.note
    assert app.voice.last == spoken(scene.note)

    key(app, pygame.K_n)  # the welcome read: on
    rest(app, scene)
    assert app.voice.last.startswith(w["step"].format(k=2, n=n) + spoken(scene.step_words()))
    step = scene.step
    legal = scene.model.state.legal_actions()
    scene.model.perform(next(a for a in legal if str(a) in step.expect))
    before = len(app.voice.heard)
    rest(app, scene)
    heard = new_words(app, before)
    assert heard[-1].startswith(w["step"].format(k=3, n=n) + spoken(scene.step_words()))
    assert any(h.startswith(spoken(scene.model.log_words[-1])) for h in heard[:-1])  # the move
    key(app, pygame.K_t)
    assert app.voice.last.endswith(w["scores"])
