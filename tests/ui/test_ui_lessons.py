"""Learn to play: every lesson played start to end with real mouse and key events in
both languages; a move that is not the step's is refused with its reason and the lesson goes
on; leaving never touches the player's files; the first start offers the lesson once."""

from __future__ import annotations

import pygame
import pytest
from store_support import dump
from ui_support import (
    DT,
    centre,
    click,
    drawn_colours,
    drawn_words,
    gesture_for,
    join,
    key,
    keys_for,
    make_app,
    open_table,
    pid,
    settle,
)

from game.core.cards import parse_card
from game.core.files import Notice
from game.core.lesson import Wait
from game.core.types import Action
from game.games import SPECS
from game.games.pishe_pasha import kinds as pishe
from game.store.settings import load_settings
from game.text import phrasebook, say
from game.text.phrasebook import LANGUAGES
from game.ui import page, theme
from game.ui.app import App
from game.ui.scenes import install_routes
from game.ui.scenes.lesson import LessonScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.table import TableScene
from game.ui.table.model import says
from game.ui.table.model.phase import Doing, Phase
from game.ui.widgets import text_of

LESSONS = [
    pytest.param(game, i, id=lesson.id)
    for game, spec in SPECS.items()
    for i, lesson in enumerate(spec.lessons)
]


@pytest.fixture
def lang_app(tmp_path, monkeypatch, request):
    app = make_app(tmp_path, monkeypatch, size=(960, 600), language=request.param,
                   lessons_offered=True)  # fmt: skip
    phrasebook.set_language(request.param)
    yield app
    app.scene.leave()
    phrasebook.set_language("en")


def open_lesson(app, game: str, index: int = 0) -> LessonScene:
    scene = app.goto("lesson", game=game, index=index)
    rest(app, scene)
    return scene


def rest(app, scene: LessonScene, limit: float = 20.0) -> None:
    """Step until the lesson waits for the player (or the table has nothing left to show)."""
    for _ in range(round(limit / DT)):  # of the table's frames
        app.step(DT)
        m = scene.model
        if app.scene is not scene or scene.finished:
            return
        thinking = m.thinker.busy and not m.thinker.pending.future.done()  # (an answer
        # kept for a call window's end is thought already)
        busy = m.show.busy or thinking or m.coach.busy
        waiting = scene.step.wait not in (Wait.WATCH, Wait.FINISH)  # the table plays on
        if not busy and waiting and (scene.step.wait is Wait.READ or m.human_may_act()):
            return
        join(app)  # the worker's and the voice's work done: the next frame sees it
    raise AssertionError(f"the lesson never waited for the player at step {scene.k}")


def until_next(app, scene: LessonScene, k: int, limit: float = 20.0) -> None:
    """Step until the lesson shows the step after ``k`` (its position reached)."""
    for _ in range(round(limit / DT)):  # of the table's frames
        if scene.k != k:
            break
        app.step(DT)
        join(app)  # the worker's and the voice's work done: the next frame sees it


def expected(scene: LessonScene) -> Action:
    m = scene.model
    legal = m.state.legal_actions() + m.my_calls()
    return next(a for a in legal if str(a) in scene.step.expect)


def focus_widget(app, ring, widget) -> None:
    for _ in range(20):
        if ring.current() is widget:
            return
        key(app, pygame.K_TAB)
    raise AssertionError("Tab never reached the widget")


def choice_button(scene: LessonScene, call: Action):
    """The Stop choice's button that makes ``call``: force the play, or end the turn."""
    c = scene.controls
    return c.choices()[1] if str(call).endswith(" end") else c.choices()[0]


def by_mouse(app, scene: LessonScene, action: Action) -> None:
    if action.is_call:
        click(app, scene.controls.call_btns[0].rect.center)
        click(app, choice_button(scene, action).rect.center)
        return
    gesture_for(app, scene, action)


def by_keys(app, scene: LessonScene, action: Action) -> None:
    if action.is_call:
        key(app, pygame.K_s)
        focus_widget(app, scene.controls.ring, choice_button(scene, action))
        key(app, pygame.K_RETURN)
        return
    keys_for(app, scene, action)


def play_to_the_end(app, scene: LessonScene, gesture) -> None:
    """A step that lets the player play the hand out: any legal move, to the hand's end."""
    k = scene.k
    for _ in range(80):
        rest(app, scene)
        if scene.k != k:
            return
        gesture(app, scene, scene.state.legal_actions()[0])
    raise AssertionError("the hand did not end")


def play_through(app, scene: LessonScene, gesture, next_step) -> None:
    """Every step as a player makes it: Next for a step to read, the step's move otherwise."""
    for _ in range(len(scene.lesson.steps) + 1):
        rest(app, scene)
        if scene.finished:
            return
        k = scene.k
        if scene.step.wait is Wait.READ:
            next_step()
        elif scene.step.wait is Wait.FINISH:
            play_to_the_end(app, scene, gesture)
        else:
            action = expected(scene)
            gesture(app, scene, action)
        assert scene.step_done or scene.k == k + 1, (k, str(scene.step.text), scene.note)
        until_next(app, scene, k)
        assert scene.k == k + 1, (k, str(scene.step.text), scene.note, scene.model.message)
        assert scene.note == ""
    raise AssertionError("the lesson did not end")


@pytest.mark.parametrize("lang_app", LANGUAGES, indirect=True)
@pytest.mark.parametrize(("game", "index"), LESSONS)
def test_each_lesson_is_completed_by_mouse_events(lang_app, game, index):
    app = lang_app
    scene = open_lesson(app, game, index)
    play_through(app, scene, by_mouse, lambda: click(app, scene.next_btn.rect.center))
    assert scene.finished
    click(app, scene.next_btn.rect.center)  # Done, or on to the next lesson
    assert app.scene is not scene


@pytest.mark.parametrize("lang_app", LANGUAGES, indirect=True)
@pytest.mark.parametrize(("game", "index"), LESSONS)
def test_each_lesson_is_completed_by_key_events(lang_app, game, index):
    app = lang_app
    scene = open_lesson(app, game, index)
    play_through(app, scene, by_keys, lambda: key(app, pygame.K_n))
    assert scene.finished
    key(app, pygame.K_ESCAPE)  # Esc puts the keyboard focus away first, as at the table
    if not isinstance(app.scene, MenuScene):
        assert scene.controller.focus is None
        assert scene.controller.picked is None
        key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


@pytest.mark.parametrize("lang_app", ["en"], indirect=True)
def test_the_first_pishe_pasha_lesson_is_completed_by_mouse(lang_app):
    app = lang_app
    scene = open_lesson(app, "pishe-pasha")
    play_through(app, scene, by_mouse, lambda: click(app, scene.next_btn.rect.center))
    assert scene.finished
    assert scene.state.is_over
    assert scene.state.winner == 0


@pytest.mark.parametrize("lang_app", ["en"], indirect=True)
def test_a_move_that_is_not_the_steps_is_refused_kindly_and_the_lesson_goes_on(lang_app):
    app = lang_app
    scene = open_lesson(app, "pishe-pasha")
    click(app, scene.next_btn.rect.center)  # the welcome
    rest(app, scene)
    gesture_for(app, scene, pishe.ACTIONS.parse("turn"))
    rest(app, scene)
    assert scene.step.text == ("lesson.pp.ace",)
    # on to the step that asks for a load; discarding instead is allowed by the rules
    while scene.step.text != ("lesson.pp.load",):
        action = None if scene.step.wait is not Wait.MOVE else expected(scene)
        if action is None:
            click(app, scene.next_btn.rect.center)
        else:
            gesture_for(app, scene, action)
        rest(app, scene)
    k, moves = scene.k, len(scene.state.history)
    gesture_for(app, scene, pishe.ACTIONS.parse("turned>D"))
    rest(app, scene)
    assert scene.k == k
    assert len(scene.state.history) == moves
    assert scene.note == say("lesson.pp.wrong.load")
    gesture_for(app, scene, pishe.ACTIONS.parse("turned>1"))
    rest(app, scene)
    assert scene.k == k + 1
    assert scene.note == ""


@pytest.mark.parametrize("lang_app", ["en"], indirect=True)
def test_back_rebuilds_the_position_the_previous_step_started_from(lang_app):
    app = lang_app
    scene = open_lesson(app, "pishe-pasha")
    key(app, pygame.K_n)
    rest(app, scene)
    key(app, pygame.K_SPACE)  # turn the A♣
    rest(app, scene)
    assert scene.k == 2
    assert scene.state.history
    key(app, pygame.K_BACKSPACE)
    rest(app, scene)
    assert scene.k == 1
    assert not scene.state.history
    key(app, pygame.K_n)  # Skip step makes the step's move
    rest(app, scene)
    assert scene.k == 2
    assert [str(a) for a in scene.state.history] == ["turn"]


def test_leaving_a_lesson_leaves_the_match_stats_and_history_row_for_row(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, keep=True, lessons_offered=True)
    table = open_table(app, "pishe-pasha", {"players": 2})
    settle(app, table)
    key(app, pygame.K_SPACE)
    settle(app, table)
    before = dump(tmp_path)
    assert before["match"], "the match in progress is saved"
    table.learn()
    scene = app.scene
    assert isinstance(scene, LessonScene)
    rest(app, scene)
    for _ in range(8):  # a few steps into the lesson, to the end of a hand
        if scene.step.wait is Wait.READ:
            key(app, pygame.K_n)
        elif scene.step.wait is Wait.MOVE:
            by_mouse(app, scene, expected(scene))
        rest(app, scene)
    click(app, scene.leave_btn.rect.center)
    assert app.scene is table
    for _ in range(5):
        app.step(DT)
    assert dump(tmp_path) == before
    assert isinstance(table, TableScene)
    assert len(table.state.history) >= 1


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_a_notice_at_the_first_start_stands_clear_of_the_lessons_offer(tmp_path, monkeypatch,
                                                                      size):  # fmt: skip
    """A notice (a damaged file, say) on the menu's first start is drawn between the panel
    and the lesson's offer, overlapping neither; once the offer is answered it goes back to
    the foot."""
    app = make_app(tmp_path, monkeypatch, size=size)
    app.notice(Notice("settings_unreadable", "settings.json"))
    drawn: dict[str, pygame.Rect] = {}
    draw = theme.text

    def seen(surface, words, *args, **kwargs):
        drawn[words] = rect = draw(surface, words, *args, **kwargs)
        return rect

    monkeypatch.setattr(theme, "text", seen)
    menu = app.goto("menu")
    app.step(DT)
    notice, offer = drawn[app.notices[-1]], drawn[say("lesson.offer", game="Pishe Pasha")]
    assert not notice.colliderect(offer)
    assert not notice.colliderect(menu.panel)
    assert all(not notice.colliderect(b.rect) for b in menu.offer)
    assert notice.bottom <= offer.top
    click(app, menu.offer[1].rect.center)  # "No, thank you"
    app.step(DT)
    assert drawn[app.notices[-1]].bottom >= size[1] - 12


@pytest.mark.parametrize(("lang", "words"), [("en", "New to Pişti?"),
                                             ("tr", "Pişti oyununu bilmiyor musun?"),
                                             ("de", "Neu bei Pişti?")])  # fmt: skip
def test_the_first_starts_offer_names_the_chosen_game_and_opens_its_lesson(
    tmp_path, monkeypatch, lang, words
):
    app = make_app(tmp_path, monkeypatch, size=(960, 600), language=lang)
    menu = app.goto("menu")
    menu.game.set_value("pisti")
    menu._game_changed("pisti")
    app.step(DT)
    assert words in menu.offer_words()
    assert words in menu.spoken()
    click(app, menu.offered[0].rect.center)
    assert isinstance(app.scene, LessonScene)
    assert app.scene.spec.id == "pisti"


def test_the_first_start_offers_the_lesson_once_and_never_again(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, size=(960, 600))
    menu = app.goto("menu")
    app.step(DT)
    assert len(menu.offer) == 2
    click(app, menu.offer[0].rect.center)
    assert load_settings()[0].lessons_offered  # answered: saved at once
    assert isinstance(app.scene, LessonScene)
    click(app, app.scene.leave_btn.rect.center)
    assert isinstance(app.scene, MenuScene)
    assert app.scene.offer == []
    again = App((960, 600))  # the next start reads the settings file, as the game does
    install_routes(again)
    assert again.settings.lessons_offered
    assert again.goto("menu").offer == []
    assert any(text_of(b.label) == say("button.learn") for b in again.scene.buttons)


def test_saying_no_to_the_offer_keeps_the_menu(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, size=(960, 600))
    menu = app.goto("menu")
    app.step(DT)
    click(app, menu.offer[1].rect.center)
    assert app.scene is menu
    assert menu.offered == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_steps_words_fit_their_box_at_960x600(tmp_path, monkeypatch, lang):
    app = make_app(tmp_path, monkeypatch, size=(960, 600), language=lang, lessons_offered=True)
    phrasebook.set_language(lang)
    phrasebook.current().missing.clear()
    try:
        for game, spec in SPECS.items():
            for index, lesson in enumerate(spec.lessons):
                scene = app.goto("lesson", game=game, index=index)
                size = scene.text_size(600)
                box = scene.text_rect
                notes = [say(s.wrong) for s in lesson.steps] + [say("lesson.wrong.wait")]
                tallest_note = max(theme.wrapped(n, size, theme.INK, box.w).get_height()
                                   for n in notes)  # fmt: skip
                for k, step in enumerate(lesson.steps):
                    scene.k = k
                    words = theme.wrapped(scene.step_words(), size, theme.INK, box.w)
                    figure = scene.step_figure(size)
                    tall = words.get_height() + (figure.get_height() + size // 2 if figure else 0)
                    room = box.h - tallest_note
                    assert tall <= room, (lang, lesson.id, step.text)
                assert not phrasebook.current().missing
                scene.leave()
    finally:
        phrasebook.set_language("en")


def test_learn_to_play_lists_the_games_lessons_and_opens_the_one_chosen(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, size=(960, 600), lessons_offered=True)
    menu = app.goto("menu")
    app.step(DT)
    learn = next(b for b in menu.buttons if text_of(b.label) == say("button.learn"))
    click(app, learn.rect.center)
    titles = [text_of(b.label) for b in menu.lesson_pick]
    assert titles[:-1] == [say(lesson.title) for lesson in SPECS["pishe-pasha"].lessons]
    key(app, pygame.K_ESCAPE)
    assert menu.lesson_pick == []
    assert app.scene is menu
    click(app, learn.rect.center)
    click(app, menu.lesson_pick[1].rect.center)
    scene = app.scene
    assert isinstance(scene, LessonScene)
    assert scene.lesson.id == "pishe-stop"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


def test_the_game_menu_at_the_table_opens_the_lessons_and_leave_comes_back(app):
    table = open_table(app, "pisti", {"players": 2})
    settle(app, table)
    key(app, pygame.K_ESCAPE)
    learn = next(b for b in table.controls.pause_items if text_of(b.label) == say("button.learn"))
    click(app, learn.rect.center)
    scene = app.scene
    assert isinstance(scene, LessonScene)
    assert scene.lesson.id == "pisti-basics"
    click(app, scene.leave_btn.rect.center)
    assert app.scene is table
    assert not table.controls.menu_open


@pytest.mark.parametrize("lang_app", LANGUAGES, indirect=True)
def test_the_top_bar_shows_the_lessons_title_and_no_hand_or_deal_number(lang_app):
    app = lang_app
    scene = open_lesson(app, "pishe-pasha", 1)
    for short in range(3):
        words = says.title(scene.model, short)
        assert say(scene.lesson.title) in words
        assert say("title.table.hand", game="", n=1).strip(" —") not in words


def to_the_play_out_step(app, scene: LessonScene) -> None:
    """The Pişti lesson's steps played as asked, up to the one that plays the hand out."""
    while scene.step.wait is not Wait.FINISH:
        rest(app, scene)
        k = scene.k
        if scene.step.wait is Wait.READ:
            key(app, pygame.K_n)
        else:
            gesture_for(app, scene, expected(scene))
        until_next(app, scene, k)


def table_time(app, scene, seconds: float, until) -> None:
    """Step the table up to ``seconds`` of its own time or ``until()``; a frame in which the
    computer's answer is still being worked out (in real time, on the worker thread) does
    not count, so the test does not depend on how fast the machine runs the thread."""
    left = seconds
    while left > 0 and not until():
        app.step(DT)
        if scene.model.thinker.busy:
            join(app)  # the worker's and the voice's work done: the next frame sees it
        else:
            left -= DT


def test_skip_step_on_the_play_out_step_plays_the_whole_hand_out(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, size=(960, 600), lessons_offered=True, pace="slow")
    scene = open_lesson(app, "pisti")
    to_the_play_out_step(app, scene)
    k, moves = scene.k, len(scene.state.history)
    key(app, pygame.K_n)  # one press, not one per card
    table_time(app, scene, 100 * DT, lambda: scene.k != k)  # two seconds for some forty cards
    assert scene.k == k + 1
    assert scene.state.is_over
    assert len(scene.state.history) > moves + 10
    app.scene.leave()


def test_the_pisti_play_out_step_plays_itself_to_the_end_with_no_input(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, size=(960, 600), lessons_offered=True, pace="normal")
    scene = open_lesson(app, "pisti")
    to_the_play_out_step(app, scene)
    k = scene.k
    assert scene.step.text == ("lesson.pisti.play_on",)
    assert "plays itself" in scene.step_words()
    table_time(app, scene, 90.0, lambda: scene.k != k)  # no key, no click
    assert scene.k == k + 1
    assert scene.state.is_over
    app.scene.leave()


@pytest.mark.parametrize("lang_app", ["en"], indirect=True)
def test_the_keep_lesson_refuses_a_legal_load_with_why_and_takes_the_turn_instead(lang_app):
    app = lang_app
    index = next(i for i, s in enumerate(SPECS["pishe-pasha"].lessons) if s.id == "pishe-keep")
    scene = open_lesson(app, "pishe-pasha", index)
    click(app, scene.next_btn.rect.center)
    rest(app, scene)
    load = pishe.ACTIONS.parse("discard>1")
    assert load in scene.state.legal_actions()
    assert scene.step.expect == ("turn",)
    moves = len(scene.state.history)
    gesture_for(app, scene, load)
    rest(app, scene)
    assert len(scene.state.history) == moves
    assert scene.note == say("lesson.pp.wrong.keep")
    gesture_for(app, scene, pishe.ACTIONS.parse("turn"))
    rest(app, scene)
    assert scene.note == ""
    assert scene.step.text == ("lesson.pp.keep_up",)


def test_the_pisti_scoring_step_shows_the_rules_scoring_figure_under_its_words(app):
    scene = open_lesson(app, "pisti")
    scene.k = next(k for k, s in enumerate(scene.lesson.steps) if s.figure)
    assert scene.step.text == ("lesson.pisti.scoring_cards",)
    scoring = next(f for f in SPECS["pisti"].rules_figures if f.caption == "figure.pi.scoring")
    assert scene.step.figure.cards == scoring.cards
    size = scene.text_size(app.size[1])
    figure = scene.step_figure(size)
    assert figure is not None
    assert figure.get_width() == scene.text_rect.w
    scene.k += 1
    assert scene.step_figure(size) is None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pisti_lesson_explains_the_packs_bottom_card_and_says_the_points(
    tmp_path, monkeypatch, lang
):
    app = make_app(tmp_path, monkeypatch, size=(960, 600), lessons_offered=True, pace="normal",
                   language=lang)  # fmt: skip
    phrasebook.set_language(lang)
    scene = open_lesson(app, "pisti")
    texts = [step.text[0] for step in scene.lesson.steps]
    bottom = texts.index("lesson.pisti.bottom")
    assert bottom < texts.index("lesson.pisti.play_on")
    assert scene.lesson.steps[bottom].glow == ("pack",)
    to_the_play_out_step(app, scene)
    assert scene.state.is_over or scene.step.text == ("lesson.pisti.play_on",)
    key(app, pygame.K_n)  # Skip: the rest of the hand at once
    rest(app, scene, limit=60.0)
    assert scene.step.text == ("lesson.pisti.scoring_cards",)
    score, you = scene.state.score, scene.state.side_of(scene.human)
    words = scene.step_words()
    assert f" {score[you]}," in words
    assert words.rstrip(".").endswith(str(score[1 - you]))
    phrasebook.set_language("en")
    assert "panel" not in say("lesson.pisti.scoring_cards", mine=0, theirs=0).lower()
    app.scene.leave()


def test_no_pishe_pasha_lesson_calls_the_shared_foundations_yours():
    keys = {k for lesson in SPECS["pishe-pasha"].lessons for s in lesson.steps for k in s.text}
    keys |= {s.wrong for lesson in SPECS["pishe-pasha"].lessons for s in lesson.steps}
    words = [say(k, points=0, mine=0, theirs=0) for k in keys]
    assert not [w for w in words if "your foundation" in w.lower()]
    assert any("foundations are shared" in w for w in words)


@pytest.mark.parametrize("lang_app", ["en"], indirect=True)
def test_the_lesson_teaches_a_single_click_that_sends_a_card_up(lang_app):
    app = lang_app
    scene = open_lesson(app, "pishe-pasha")
    while scene.step.text != ("lesson.pp.first",):
        if scene.step.wait is Wait.READ:
            key(app, pygame.K_n)
        else:
            gesture_for(app, scene, expected(scene))
        rest(app, scene)
    assert "click it once" in scene.step_words()
    for step_key in ("lesson.pp.first", "lesson.pp.back_in_play"):
        assert scene.step.text == (step_key,)
        action = expected(scene)
        where = scene.state.where(action)
        up = len(scene.model.shown.get(where.dst))
        pile = scene.model.shown.get(where.src)
        click(app, centre(scene, where.src, pile.index(where.card)))  # one click, no drag
        rest(app, scene)
        assert len(scene.model.shown.get(where.dst)) == up + 1
        assert scene.note == ""


@pytest.mark.parametrize("lang_app", LANGUAGES, indirect=True)
def test_the_three_player_lesson_seats_a_third_player_on_the_table(lang_app):
    app = lang_app
    index = next(i for i, s in enumerate(SPECS["pishe-pasha"].lessons) if s.id == "pishe-variants")
    scene = open_lesson(app, "pishe-pasha", index)
    assert scene.state.players == 3
    screen = app.screen.get_rect()
    table_area = scene.model.layout.areas["panel"]
    spots = [scene.model.layout.spots[pid(f"{kind}{seat}")].rect
             for seat in (1, 2) for kind in ("stock", "discard")]  # fmt: skip
    for r in spots:
        assert screen.contains(r)
        assert not r.colliderect(table_area)
    assert not spots[0].colliderect(spots[2])
    assert not spots[1].colliderect(spots[3])
    assert {"stock1", "stock2"} <= set(scene.step.glow)
    west, east = scene.model.namer.who(1), scene.model.namer.who(2)
    assert west in scene.step_words()
    assert east in scene.step_words()
    while not scene.finished and scene.step.text != ("lesson.pp.three",):
        if scene.step.wait is Wait.READ:
            key(app, pygame.K_n)
        elif scene.step.wait is Wait.MOVE:
            gesture_for(app, scene, expected(scene))
        rest(app, scene)
    log = scene.model.log_words
    assert any(w.startswith(west) for w in log), log
    assert any(w.startswith(east) for w in log), log


def walk_to(app, scene: LessonScene, text: tuple[str, ...]) -> None:
    """Every step as a player makes it, by mouse, until the step whose words are ``text``."""
    for _ in range(len(scene.lesson.steps) + 1):
        if scene.step.text == text:
            return
        rest(app, scene)
        k = scene.k
        if scene.step.wait is Wait.READ:
            click(app, scene.next_btn.rect.center)
        else:
            by_mouse(app, scene, expected(scene))
        until_next(app, scene, k)
    raise AssertionError(f"no step {text}")


def follows_the_phase(m) -> Phase:
    """The header, the player's label and the hint line say what the phase says."""
    ph = m.phase
    assert says.status(m, ph) != say("status.your_turn") or ph.mine
    assert (say("label.your_turn") in says.seat_label(m, m.human, phase=ph)) == ph.mine
    return ph


@pytest.mark.parametrize("lang_app", LANGUAGES, indirect=True)
def test_the_step_that_plays_the_hand_out_plays_the_players_cards_and_says_so(lang_app):
    """ "The rest plays itself: watch": the player's cards play themselves, the header never
    says "Your turn" and the hint line says the lesson plays for them."""
    app = lang_app
    app.settings.pace = "fast"
    scene = open_lesson(app, "pisti")
    walk_to(app, scene, ("lesson.pisti.play_on",))
    m, forced = scene.model, 0
    for _ in range(round(60 / DT)):  # of the table's frames
        if scene.step.text != ("lesson.pisti.play_on",):
            break
        app.step(DT)
        if m.thinker.busy:
            join(app)  # the worker's and the voice's work done: the next frame sees it
        ph = follows_the_phase(m)
        assert not ph.mine, "the lesson plays the player's cards: the table does not ask"
        if ph.doing is Doing.FORCED:
            forced += 1
            assert says.prompt(m, ph) == say("prompt.plays_for_me")
    assert m.state.is_over, (scene.step.text, forced, len(m.state.history))
    assert forced, (scene.step.text, forced, len(m.state.history))


@pytest.mark.parametrize("lang_app", LANGUAGES, indirect=True)
def test_a_finished_lesson_stops_the_table(lang_app, monkeypatch):
    """The partners' lesson ends on the player's own pişti, then the table stops: no
    "Your turn", no card of anybody's played after "that is the whole lesson"."""
    app = lang_app
    scene = open_lesson(app, "pisti", 1)
    walk_to(app, scene, ("lesson.pisti.partners_pisti",))
    assert list(scene.model.shown.get(pid("table"))) == [parse_card("4D")]
    by_mouse(app, scene, expected(scene))
    rest(app, scene)
    assert scene.finished
    assert not scene.model.shown.get(pid("table"))
    moves = len(scene.state.history)
    for _ in range(150):
        app.step(DT)
        ph = follows_the_phase(scene.model)
        assert not ph.mine
        assert ph.doing is not Doing.THINKING
    assert len(scene.state.history) == moves
    assert scene.step_words() == say("lesson.finished")
    n = len(scene.lesson.steps)
    seen = set(drawn_words(app, monkeypatch))
    assert say("lesson.all_done", n=n) in seen
    assert say("lesson.step", k=n, n=n) not in seen, "the last step's number is its page's only"


@pytest.mark.parametrize("lang_app", LANGUAGES, indirect=True)
def test_a_finished_lesson_lights_no_seat_as_to_move(lang_app, monkeypatch):
    """Once the lesson is over the table is held for good: the phase names nobody's turn,
    so no seat's label is lit (East's stayed gold after the partners' lesson)."""
    app = lang_app
    scene = open_lesson(app, "pisti", 1)
    walk_to(app, scene, ("lesson.pisti.partners_pisti",))
    by_mouse(app, scene, expected(scene))
    rest(app, scene)
    m = scene.model
    assert scene.finished
    assert m.state.to_move != m.human
    for _ in range(30):
        app.step(DT)
    assert m.phase.doing is Doing.HELD
    assert m.phase.seat is None
    assert not [s for s in range(m.state.players) if says.lit(m, s)]
    colours = drawn_colours(app, monkeypatch)
    gold = [w for w, colour in colours.items() if colour == theme.GOLD]
    names = [m.namer.who(s) for s in range(m.state.players)]
    assert not [w for w in gold for name in names if w.startswith(name)], gold


def test_a_step_saying_a_card_does_not_fit_makes_no_foundation_glow():
    (step,) = [s for s in SPECS["pishe-pasha"].lessons[0].steps if s.text == ("lesson.pp.no_fit",)]
    assert "discard0" in step.glow
    assert not [p for p in step.glow if p.startswith("found")]


@pytest.mark.parametrize("lang_app", LANGUAGES, indirect=True)
def test_the_list_of_lessons_stands_on_a_panel_under_the_games_name(lang_app, monkeypatch):
    app = lang_app
    app.settings.last_game = "pisti"
    menu = app.goto("menu")
    app.step(DT)
    click(app, menu.learn_btn.rect.center)
    assert len(menu.lesson_pick) == 3
    boxes: list[pygame.Rect] = []
    real = page.box
    monkeypatch.setattr(page, "box", lambda s, r, *a: boxes.append(r) or real(s, r, *a))
    seen = set(drawn_words(app, monkeypatch))
    assert say("lesson.pick", game="Pişti") in seen
    assert any(all(b.contains(w.rect) for w in menu.lesson_pick) for b in boxes), boxes
