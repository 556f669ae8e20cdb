"""The coach's review reads its decisions against the hand's par: under the list, once the
par is worked out, a line says whether the decisions listed add up, roughly, to the distance
from par, or whether the cards drawn after them made the rest; meanwhile, that the par is
being worked out; for a hand without a par, nothing. Seen and heard, in every language, in
its box at 960x600."""

from __future__ import annotations

import concurrent.futures

import pygame
import pytest
from ui_support import DT, make_app

from game.ai import coach
from game.ai.coach import Mistake
from game.ai.par import play_out
from game.games import new_hand, spec_of
from game.text import phrasebook, say
from game.text.phrasebook import LANGUAGES
from game.text.spoken import spoken
from game.ui import theme
from game.ui.scenes.review import ReviewScene


@pytest.fixture(scope="module")
def record() -> dict:
    """A two-player Pişti hand played to its end by the easy level at both seats."""
    spec = spec_of("pisti")
    state = new_hand("pisti", 2, spec.engine_options({"players": 2}), 7)
    play_out(state, [spec.make_agent("easy", 1), spec.make_agent("easy", 2)])
    return state.record()


def mistakes_in(record: dict, losses: list[float]) -> list[Mistake]:
    """The seat 0's first decisions with a choice, each said to lose ``losses``."""
    spec = spec_of(record["game"])
    state = spec.from_setup(record["setup"], record.get("options") or {})
    out: list[Mistake] = []
    for index, text in enumerate(record["actions"]):
        action = spec.parse_action(text)
        others = [a for a in state.legal_actions() if a != action]
        if state.to_move == 0 and others and len(out) < len(losses):
            loss = losses[len(out)]
            out.append(Mistake(index, 0, action, others[0], loss,
                               ((others[0], 0.0), (action, -loss))))  # fmt: skip
        state.apply(action)
    return out


class Par:
    """The hand's result against par, ``None`` until :meth:`ready` is called."""

    def __init__(self, against: float) -> None:
        self.against, self.worked_out = against, False

    def ready(self) -> None:
        self.worked_out = True

    def __call__(self) -> float | None:
        return self.against if self.worked_out else None


def open_review(app, monkeypatch, record, losses, par) -> ReviewScene:
    """The review of ``record`` whose coach finds ``losses``, the coach's answer taken."""
    found = mistakes_in(record, losses)
    monkeypatch.setattr(coach, "review", lambda *args, **kw: found)
    scene = app.goto("review", record=record, seat=0, against_par=par)
    if scene.pending is not None:  # the coach's thread, however loaded the machine
        concurrent.futures.wait([scene.pending], timeout=30)
    app.step(DT)
    assert scene.pending is None
    assert len(scene.mistakes) == len(losses)
    return scene


@pytest.mark.parametrize(
    ("losses", "against", "key", "words"),
    [
        ([3.0, 2.0], -5.0, "review.par.adds_up", "roughly what they add up to"),
        ([3.0, 2.0], -12.0, "review.par.drawn_against", "the luck of the cards drawn after"),
        ([4.0, 3.0], 2.0, "review.par.drawn_for", "made up the difference"),
        ([], 1.0, "review.par.clean", "No costly decision, and you finished 1 over par."),
        ([], -6.0, "review.par.clean_drawn_against", "yet you finished 6 under par"),
    ],
)
def test_the_review_says_whether_its_decisions_make_the_distance_from_par(
    app, monkeypatch, record, losses, against, key, words
):
    par = Par(against)
    review = open_review(app, monkeypatch, record, losses, par)
    assert review.par_line == say("summary.par.working"), "the par is still worked out"
    par.ready()
    app.step(DT)
    assert review.par_line.startswith(say(key, cost="", against="")[:12])
    assert words in review.par_line
    if losses:
        assert f"about {sum(losses):.1f} points" in review.par_line
    assert review.spoken().endswith(review.par_line), "heard with the review"


def test_a_hand_without_a_par_has_no_line_on_it(app, monkeypatch, record):
    review = open_review(app, monkeypatch, record, [2.0], None)
    app.step(DT)
    assert review.par_line == ""
    assert review.spoken() == ". ".join([say("speech.scene.review"), review.spoken_row()])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_line_on_par_fits_the_review_at_960x600(tmp_path, monkeypatch, record, lang):
    too_wide: list[tuple[str, int, int]] = []
    drawn: list[str] = []

    def watch(words: str, got: int, allowed: int) -> None:
        drawn.append(words)
        if got > allowed:
            too_wide.append((words, got, allowed))

    monkeypatch.setattr(theme, "on_text", watch)
    app = make_app(tmp_path, monkeypatch, size=(960, 600), language=lang)
    try:
        phrasebook.current().missing.clear()
        par = Par(-12.0)
        par.ready()
        review = open_review(app, monkeypatch, record, [3.0, 2.5, 1.5, 1.0, 0.5, 0.5, 0.5], par)
        app.dirty = True
        app.step(DT)
        assert review.par_line
        assert review.par_line in drawn
        assert too_wide == []
        assert sorted(phrasebook.current().missing) == []
    finally:
        app.scene.leave()
        phrasebook.set_language("en")


def test_the_review_says_how_far_the_coach_has_got_while_it_works(tmp_path, monkeypatch, record):
    """A player who cannot see the screen hears, every few seconds, that the coach is at
    work and how far it has got; it stops once the coach has answered."""
    import threading

    from game.ui.scenes import review as review_scene

    go_on, at_three = threading.Event(), threading.Event()

    def slow_coach(record, seat, progress=None):
        for done in range(1, 4):
            progress(done, 40)
        at_three.set()
        go_on.wait(30)
        return []

    monkeypatch.setattr(coach, "review", slow_coach)
    app = make_app(tmp_path, monkeypatch)
    app.voice.use(None)
    app.voice.heard.clear()
    app.voice.on = True
    try:
        scene = app.goto("review", record=record, seat=0)
        assert at_three.wait(30), "the coach's thread has got to move 3"
        assert scene.progress == (3, 40)
        before = len(app.voice.heard)
        for _ in range(int(2 * review_scene.PROGRESS_EVERY) + 1):
            app.step(1.0)
        working = say("review.working", done=3, total=40)
        assert list(app.voice.heard)[before:].count(working) == 2
        go_on.set()
        answer = scene.pending
        assert answer is not None
        concurrent.futures.wait([answer], timeout=30)  # the coach's thread, however loaded
        app.step(DT)
        assert scene.pending is None, "the answer is taken at the next frame"
        before = len(app.voice.heard)
        for _ in range(int(review_scene.PROGRESS_EVERY) + 1):
            app.step(1.0)
        assert working not in list(app.voice.heard)[before:], "not once it has answered"
    finally:
        go_on.set()
        app.scene.leave()


def test_up_and_down_walk_the_reviews_list_even_after_tab_has_been_to_its_buttons(
    tmp_path, monkeypatch, record
):
    """A player who cannot see the screen Tabs to hear the buttons, then walks the list:
    Up and Down move through the mistakes and each is said, wherever the focus was."""
    from ui_support import key

    app = make_app(tmp_path, monkeypatch)
    app.voice.use(None)
    app.voice.on = True
    try:
        review = open_review(app, monkeypatch, record, [3.0, 2.0, 1.0], None)
        key(app, pygame.K_TAB)
        assert review.ring.current() is not None, "Tab reached a button"
        for row in (1, 2):
            key(app, pygame.K_DOWN)
            assert review.selected == row
            assert app.voice.last == spoken(review.spoken_row())
        key(app, pygame.K_UP)
        assert review.selected == 1
        assert app.voice.last == spoken(review.spoken_row())
    finally:
        app.scene.leave()
