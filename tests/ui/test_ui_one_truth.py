"""What two newcomers saw the screen say while the table did something else, one
test for each finding, with real mouse and key events on the headless table."""

from __future__ import annotations

import pygame
import pytest
from phase_checks import disagreements
from ui_support import (
    DT,
    Prefers,
    click,
    gesture_for,
    holding_2h,
    join,
    key,
    make_app,
    north_turns_past_a_fault,
    open_table,
    play_hand,
    rest_of_deck,
    set_agent,
    settle,
    until,
)

from game.core.lesson import Wait
from game.core.types import PileId
from game.games import SPECS
from game.games.pishe_pasha import kinds as pishe
from game.games.pishe_pasha.rules import PishePasha
from game.text import phrasebook, say
from game.text.phrasebook import LANGUAGES
from game.text.words import phrase
from game.ui import theme
from game.ui.scenes.lesson import LessonScene
from game.ui.scenes.menu import MenuScene, _match_words
from game.ui.scenes.summary import SummaryScene
from game.ui.table.input.controller import Focus
from game.ui.table.model import says
from game.ui.table.model.phase import Doing

STOP = {"players": 2, "stop_rule": True}


def frames(app, seconds: float, each=None) -> None:
    """``seconds`` of the table's frames; ``each()`` after every frame."""
    for _ in range(round(seconds / DT)):
        app.step(DT)
        if each is not None:
            each()
        join(app)


def lesson(app, game: str, index: int) -> LessonScene:
    scene = app.goto("lesson", game=game, index=index)
    until(app, lambda: scene.here)
    return scene


# ----------------------------------------------------------------- the header
def test_the_header_says_your_turn_neither_while_north_moves_nor_while_a_forced_move_plays(app):
    app.settings.pace, app.settings.auto_play = "normal", True
    table = open_table(app, "pishe-pasha", {"players": 2}, seed=1)
    your_turn = say("status.your_turn")
    seen = {"forced": 0, "north": 0}

    def look() -> None:
        m = table.model
        ph = m.phase
        header = says.status(m, ph)
        if ph.doing is Doing.FORCED:
            seen["forced"] += 1
        if ph.seat == 1 - m.human or m.state.to_move != m.human:
            seen["north"] += 1
            assert header != your_turn, ph
        if header == your_turn:
            assert ph.mine
            assert m.state.to_move == m.human
            assert not m.show.busy

    step = app.step

    def frame(dt, *a):
        done = step(dt, *a)
        if app.scene is table:
            look()
        return done

    app.step = frame
    try:
        with pytest.raises(Enough):
            play_hand(app, table, gesture_for, after=_stop_at_12)
    finally:
        app.step = step
    assert seen["forced"] > 5, seen
    assert seen["north"] > 20, seen


class Enough(Exception):
    """Enough moves seen."""


def _stop_at_12(made: int) -> None:
    if made >= 12:
        raise Enough


def test_the_lit_seat_is_always_the_one_the_header_names(app):
    """'Your turn' in the corner while North's label was lit; with four players 'East to
    move' while North was lit: the label lit and the header follow one phase."""
    app.settings.pace = "fast"
    for players in (2, 4):
        table = open_table(app, "pisti", {"players": players}, seed=8)
        wrong: list[str] = []
        frames(app, 6.0, lambda t=table, w=wrong: w.extend(disagreements(t.rig)))
        assert wrong == []
        m = table.model
        ph = m.phase
        lit = [s for s in range(players) if says.lit(m, s, ph)]
        assert lit == ([ph.seat] if ph.seat is not None and ph.doing is not Doing.OVER else [])


# ----------------------------------------------------------------- the lessons
@pytest.fixture
def lesson_app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch, size=(960, 600), lessons_offered=True, pace="normal",
                 call_window=2.0)  # fmt: skip
    yield a
    a.scene.leave()
    phrasebook.set_language("en")


def test_the_stop_lessons_first_step_holds_north_and_its_second_is_shown_before_the_fault(
    lesson_app,
):
    app = lesson_app
    scene = lesson(app, "pishe-pasha", 1)
    frames(app, 1.5)
    assert scene.k == 0, "North waits while step 1 is read"
    assert scene.state.history == [], "North waits while step 1 is read"
    assert scene.controls.call_btns[0].progress is None, "no window's bar runs yet"
    click(app, scene.next_btn.rect.center)
    shown_at = []
    until(app, lambda: scene.k == 2, each=lambda: shown_at.append((scene.k, scene.here)))
    assert (1, True) in shown_at, "step 2 (watch North) was shown"
    assert scene.state.history, "step 3 came with North's fault"
    assert scene.model.my_calls(), "step 3 came with North's fault"


def test_the_first_lessons_watch_north_step_is_shown_though_keys_are_pressed_while_north_plays(
    lesson_app,
):
    app = lesson_app
    scene = lesson(app, "pishe-pasha", 0)
    watch = next(
        k for k, s in enumerate(scene.lesson.steps) if s.text == ("lesson.pp.watch_north",)
    )
    until(app, lambda: scene.k == watch - 1 and scene.model.human_may_act(),
          each=lambda: scene.k < watch - 1 and _go_on(app, scene), seconds=60)  # fmt: skip
    gesture_for(app, scene, pishe.ACTIONS.parse("turned>D"))
    shown = 0
    for _ in range(round(20 / DT)):  # of the table's frames
        if not (scene.k <= watch):
            break
        key(app, pygame.K_SPACE)  # an impatient player
        key(app, pygame.K_RETURN)
        shown += scene.k == watch
        join(app)
    assert scene.k == watch + 1, shown
    assert shown > 5, shown


def _go_on(app, scene: LessonScene) -> None:
    """Next on a step to read, the step's move on a step with one."""
    if not scene.here or scene.step_done:
        return
    if scene.step.wait is Wait.READ:
        key(app, pygame.K_n)
    elif scene.step.wait is Wait.MOVE and scene.model.human_may_act():
        scene.skip()


def test_while_the_stop_lesson_asks_for_stop_the_hint_line_speaks_of_the_call_not_the_stock(
    lesson_app,
):
    app = lesson_app
    scene = lesson(app, "pishe-pasha", 1)
    click(app, scene.next_btn.rect.center)
    until(app, lambda: scene.k == 2 and scene.here)
    line, _ = says.message_line(scene.model)
    assert line == says.call_words(scene.model, "prompt")
    assert "stock" not in line


def test_the_pisti_lessons_step_about_norths_card_comes_after_north_has_played_it(lesson_app):
    app = lesson_app
    scene = lesson(app, "pisti", 0)
    click(app, scene.next_btn.rect.center)
    until(app, lambda: scene.k == 1 and scene.model.human_may_act())
    gesture_for(app, scene, scene.spec.parse_action("7S"))
    norths = []
    until(app, lambda: scene.k == 2, each=lambda: norths.append(len(scene.state.history)))
    assert [str(a) for a in scene.state.history] == ["7S", "9S"], "North's 9S lies there"
    assert scene.model.human_may_act()


def test_the_face_down_cards_shown_are_gone_before_north_moves(lesson_app):
    """The pop-up of the face-down cards the player took covered the table while North
    moved: North now waits until it is gone."""
    app = lesson_app
    scene = lesson(app, "pisti", 0)
    click(app, scene.next_btn.rect.center)
    until(app, lambda: scene.k == 1 and scene.model.human_may_act())
    gesture_for(app, scene, scene.spec.parse_action("7S"))
    peeked, clash = [False], []

    def look() -> None:
        m = scene.model
        peeked[0] |= bool(m.hooks.peeks)
        if m.hooks.peeks and (m.thinker.busy or len(m.state.history) > 1):
            clash.append(len(m.state.history))

    until(app, lambda: len(scene.state.history) >= 2, each=look)
    assert peeked[0]
    assert clash == []


# ----------------------------------------------------------------- the hint line
def test_the_empty_stocks_prompt_says_the_discards_turn_over(app):
    rest = rest_of_deck("5C", "4D", "9S")
    state = PishePasha.from_piles([[], rest], discards=[["9S", "5C"], ["4D"]], to_move=0)
    table = open_table(app, "pishe-pasha", {"players": 2}, state)
    settle(app, table)
    assert len(table.state.legal_actions()) > 1
    line, _ = says.message_line(table.model)
    assert line == phrase(table.model.spec.prompt(table.state), table.model.namer)
    assert "turn your discards over" in line


def test_the_call_windows_line_goes_when_the_window_closes(app):
    app.settings.call_window = 0.6
    table = open_table(app, "pishe-pasha", STOP, north_turns_past_a_fault())
    set_agent(table, 1, Prefers("turn", "turned>D", name="faulty"))
    until(app, lambda: table.model.window.open and not table.model.show.busy)
    prompt = says.call_words(table.model, "prompt")
    assert says.message_line(table.model)[0] == prompt
    key(app, pygame.K_SPACE)  # lets North's move stand: the window closes at once
    until(app, lambda: table.model.human_may_act() and not table.model.window.open)
    assert says.message_line(table.model)[0] == says.prompt(table.model) != prompt


def test_a_note_goes_with_its_phase_never_shows_under_the_game_menu_and_follows_the_language(app):
    table = open_table(app, "pishe-pasha", {"players": 2}, holding_2h())
    settle(app, table)
    m = table.model
    m.refuse(pishe.ACTIONS.parse("turned>1"))  # as a drag onto North's pile would
    english = says.message_line(m)[0]
    assert english
    assert english == m.message
    app.set_language("tr")
    assert says.message_line(m)[0] not in ("", english), "worded again in Türkçe"
    app.set_language("en")
    key(app, pygame.K_ESCAPE)  # the game menu
    assert table.controls.menu_open
    assert says.message_line(m)[0] == ""
    key(app, pygame.K_ESCAPE)
    assert says.message_line(m)[0] != english, "the note went with the phase it was said in"


# ----------------------------------------------------------------- input while cards fly
def test_a_key_pressed_while_the_players_own_card_flies_lands_it_and_is_applied(app):
    app.settings.pace = "slow"
    table = open_table(app, "pishe-pasha", {"players": 2}, holding_2h())
    settle(app, table)
    assert table.model.perform(pishe.ACTIONS.parse("turned>F"))
    app.step(DT)
    assert table.model.show.busy
    key(app, pygame.K_SPACE)  # turn the next card, while the 2H still flies
    assert [str(a) for a in table.state.history] == ["turned>F", "turn"]
    assert table.model.message == ""


def test_a_key_pressed_while_norths_card_flies_lands_it_and_plays_the_players_card(app):
    app.settings.pace = "slow"
    table = open_table(app, "pisti", {"players": 2}, seed=6)
    settle(app, table)
    if table.state.to_move == table.human:
        key(app, pygame.K_1)
    until(app, lambda: table.model.show.busy and table.model.show.mover != table.human)
    moves = len(table.state.history)
    assert table.state.to_move == table.human, "North's card is applied: only its flight is left"
    key(app, pygame.K_1)
    assert len(table.state.history) == moves + 1, table.model.message
    assert table.state.to_move != table.human
    assert table.model.message == ""


# ----------------------------------------------------------------- the menu's Continue
def test_after_a_finished_pisti_hand_the_menus_continue_names_the_score_and_the_next_hand(
    tmp_path, monkeypatch
):
    app = make_app(tmp_path, monkeypatch, size=(960, 600), keep=True)
    table = open_table(app, "pisti", {"players": 2}, seed=4)
    play_hand(app, table, gesture_for)
    assert isinstance(app.scene, SummaryScene)
    totals = list(table.match.totals)
    assert sum(totals) > 0
    click(app, app.scene.menu_btn.rect.center)
    menu = app.scene
    assert isinstance(menu, MenuScene)
    info = {**app.keeper.saved_match(), "game": "pisti"}
    assert info["totals"] == totals
    assert info["hand"] == 2
    label = menu.continue_btn.label()
    assert label == say("button.continue_saved", **_match_words(info))
    click(app, menu.continue_btn.rect.center)
    assert app.scene.match.hand_no == 1
    assert list(app.scene.match.totals) == totals
    app.scene.leave()


# ----------------------------------------------------------------- the newcomer's other findings
@pytest.fixture(params=LANGUAGES)
def lang(request):
    """Each test in English and in Türkçe (the app made in it speaks the language)."""
    yield request.param
    phrasebook.set_language("en")


def test_the_lessons_end_names_its_button_and_the_button_keeps_its_words_on_one_line(
    tmp_path, monkeypatch, lang
):
    app = make_app(tmp_path, monkeypatch, size=(960, 600), language=lang, lessons_offered=True)
    for game, spec in SPECS.items():
        for index, _ in enumerate(spec.lessons):
            scene = app.goto("lesson", game=game, index=index)
            scene.k = len(scene.lesson.steps)  # its end
            app.dirty = True
            app.step(DT)
            label = scene.next_btn.label()
            assert label.rstrip(" ▶") in scene.step_words(), (lang, scene.lesson.id)
            room = scene.next_btn.rect.w - max(14, scene.next_btn.rect.h // 2)
            assert theme.fits(label, theme.READABLE, room, True), (lang, label)
            scene.leave()


def test_the_stop_banners_words_stay_in_its_box_and_the_box_clear_of_the_stop_button(
    tmp_path, monkeypatch, lang
):
    app = make_app(tmp_path, monkeypatch, size=(960, 600), language=lang, pace="normal",
                   call_window=5.0)  # fmt: skip
    table = open_table(app, "pishe-pasha", STOP, holding_2h({"stop_rule": True}, to_move=1))
    set_agent(table, 1, Prefers("turned>D", name="faulty"))
    until(app, lambda: table.model.window.open and not table.model.show.busy)
    key(app, pygame.K_s)
    click(app, table.controls.choices()[0].rect.center)  # force: the longest words
    until(app, lambda: table.view.banner_box is not None)
    box, button = table.view.banner_box, table.controls.call_btns[0].rect
    assert len(table.view.banner_words) == 2
    assert all(box.contains(words) for words in table.view.banner_words)
    assert not box.colliderect(button)


def test_no_white_frame_on_the_empty_hand_after_its_last_card(app):
    app.settings.pace = "fast"
    table = open_table(app, "pisti", {"players": 2}, seed=6)
    hand = table.model.layout.spots
    seen_empty = [0]

    def look() -> None:
        c, m = table.controller, table.model
        pid = next(p for p in hand if p.kind.value == "hand" and p.seat == m.human)
        if c.focus is not None and c.focus.pile == pid and not m.shown.get(pid):
            seen_empty[0] += 1
            assert table.view.focus_rect(table.controller.focus) is None

    for _ in range(8):  # two deals of four cards each, played by their number keys
        settle(app, table)
        if table.controller.focus is None:
            key(app, pygame.K_TAB)
        key(app, pygame.K_1)
        frames(app, 0.3, look)
    assert seen_empty[0] > 0


def test_no_seat_shows_its_card_count_while_the_cards_are_dealt(app):
    app.settings.pace = "normal"
    table = open_table(app, "pisti", {"players": 4}, seed=2)
    dealing = [0]

    def look() -> None:
        m = table.model
        if m.phase.doing is Doing.DEALING:
            dealing[0] += 1
            for seat in range(4):
                assert "·" not in says.seat_label(m, seat)

    until(app, lambda: table.model.takes_moves() or table.state.to_move != table.human, each=look)
    assert dealing[0] > 5


def test_the_first_refusal_at_the_stop_lessons_call_does_not_say_this_time(
    tmp_path, monkeypatch, lang
):
    app = make_app(tmp_path, monkeypatch, size=(960, 600), language=lang, lessons_offered=True)
    scene = lesson(app, "pishe-pasha", 1)
    click(app, scene.next_btn.rect.center)
    until(app, lambda: scene.k == 2 and scene.here)
    key(app, pygame.K_s)
    click(app, scene.controls.choices()[1].rect.center)  # End, where Force is asked
    assert scene.note == say("lesson.pp.wrong.stop")
    assert "this time" not in scene.note.lower()
    assert "bu kez" not in scene.note.lower()
    scene.leave()


def test_the_nothing_here_note_speaks_without_jargon(tmp_path, monkeypatch, lang):
    app = make_app(tmp_path, monkeypatch, language=lang)
    table = open_table(app, "pishe-pasha", {"players": 2}, holding_2h())
    settle(app, table)
    table.controller.focus = Focus(PileId.parse("discard1"))
    key(app, pygame.K_RETURN)
    note = table.model.message
    assert note == say("message.nothing_here")
    assert "focus" not in note.lower()
    assert "odak" not in note.lower()


def test_the_table_draws_whatever_call_a_game_declares(app):
    """Calls are data: the same game with its call declared otherwise (other words, the X
    key, one way only) gets that button and that key, and a call with one way is made at
    once, no question asked."""

    from game.core.spec import Call, CallChoice
    from game.games.pishe_pasha.kinds import stop
    from game.session import Session
    from game.ui.widgets import text_of

    one_way = Call(
        button="button.hint",
        key="x",
        question="title.stop_choice",
        choices=(CallChoice("button.end_turn", lambda seat: stop(seat, True)),),
        window="status.stop_window",
        prompt="prompt.stop_window",
        keys=("keys.s", "keys.s.what"),
    )
    session = Session.start("pishe-pasha", STOP, "medium", 3)
    session.referee.restart(holding_2h({"stop_rule": True}, to_move=1))

    class OneWay(type(session.spec)):
        calls = (one_way,)

    session.spec = OneWay()
    app.settings.call_window = 5.0
    table = app.goto("table", session=session)
    set_agent(table, 1, Prefers("turned>D", name="faulty"))
    until(app, lambda: table.model.window.open and not table.model.show.busy)
    assert [text_of(b.label) for b in table.controls.call_btns] == [say("button.hint")]
    key(app, pygame.K_s)  # not this game's key any more
    assert [str(a) for a in table.state.history] == ["turned>D"]
    key(app, pygame.K_x)
    assert [str(a) for a in table.state.history] == ["turned>D", "stop 0 end"]
    assert table.model.asking is None
