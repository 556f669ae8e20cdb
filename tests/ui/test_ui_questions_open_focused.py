"""Every question opens with its focused answer drawn and spoken: the menu's question before
a saved match is replaced (the one a `--game` start asks too) and the questions over the
table (the coach's, a new hand's), opened with real keys and clicks."""

from __future__ import annotations

from collections import deque

import pygame
from ui_support import DT, click, join, key, make_app, open_table, pretend_saved, settle

from game.core.agents import SeatView
from game.text import say
from game.ui import theme

SAVED = {"game": "pisti", "variant": None, "target": 151, "totals": [22, 4], "hand": 3}


def _listening(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, size=(960, 600))
    app.voice.use(None)  # what is asked to be said is what the test reads
    app.voice.heard = deque(maxlen=200)
    app.voice.on = True
    return app


def _ring_drawn_around(app, button) -> bool:
    """The focus ring's colour shows just outside the focused button on the screen."""
    ring = button.rect.inflate(8, 8)
    colours = {tuple(app.screen.get_at((x, ring.y + 1)))[:3] for x in range(ring.x, ring.right)}
    colours |= {
        tuple(app.screen.get_at((x, ring.bottom - 2)))[:3] for x in range(ring.x, ring.right)
    }
    return tuple(theme.FOCUS)[:3] in colours


def test_the_replace_question_opens_with_no_focused_drawn_and_spoken(tmp_path, monkeypatch):
    app = _listening(tmp_path, monkeypatch)
    pretend_saved(app, monkeypatch, SAVED)
    menu = app.goto("menu")
    app.step(DT)
    click(app, menu.start.rect.center)
    assert menu.question is not None
    app.dirty = True
    app.step(DT)
    focused = [b for b in menu.question.buttons if b.focused]
    assert focused == [menu.question.no_btn]
    assert _ring_drawn_around(app, menu.question.no_btn)
    assert not _ring_drawn_around(app, menu.question.yes_btn)
    assert app.voice.last.startswith(menu.question.words()[:20])
    assert say("button.no") in app.voice.last


def test_a_question_over_the_table_opens_with_no_focused_drawn_and_spoken(tmp_path, monkeypatch):
    app = _listening(tmp_path, monkeypatch)
    table = open_table(app, "pisti", {"players": 2}, seed=9)
    agent = table.model.spec.make_agent("medium", 3)
    settle(app, table)
    table.model.perform(agent.choose(SeatView(table.state, table.human)))
    settle(app, table)
    key(app, pygame.K_ESCAPE)  # the game menu
    click(app, table.controls.pause_items[1].rect.center)  # New hand: asks first
    assert table.controls.question is not None
    app.dirty = True
    app.step(DT)
    c = table.controls
    focused = [w for w in c.widgets() if getattr(w, "focused", False)]
    assert len(focused) == 1
    assert focused[0].label() == say("button.no")
    assert _ring_drawn_around(app, focused[0])
    assert say("question.new_hand").split(".")[0] in app.voice.last
    assert say("button.no") in app.voice.last
    table.leave()


def test_the_command_lines_start_question_opens_with_no_focused_drawn(tmp_path, monkeypatch):
    from game.__main__ import parse_args
    from game.session import Session
    from game.ui.start import open_app

    first = make_app(tmp_path, monkeypatch, keep=True)
    session = Session.start("pisti", {"players": 2, "target": 151}, "medium", 4)
    session.match.totals, session.match.hand_no = [1, 15], 1
    first.match_changed(session)
    first.save_settings()
    argv = ["--game", "pishe-pasha", "--seed", "7", "--size", "960x600"]
    app = open_app(parse_args(argv))
    try:
        menu = app.scene
        assert menu.question is not None
        app.dirty = True
        app.step(DT)
        assert [b for b in menu.question.buttons if b.focused] == [menu.question.no_btn]
        assert _ring_drawn_around(app, menu.question.no_btn)
        assert not _ring_drawn_around(app, menu.question.yes_btn)
    finally:
        app.scene.leave()
        app.voice.close()


def test_the_coachs_question_opens_with_its_focused_answer_drawn_and_spoken(tmp_path, monkeypatch):

    from ui_support import pisti_deck

    from game.games.pisti.rules import Pisti

    app = _listening(tmp_path, monkeypatch)
    app.settings.coach, app.settings.coach_threshold = True, 1.0
    deck = pisti_deck(["2C", "3D", "4S", "5H"], ["5C", "9S", "KD", "QH"], ["9D", "6C", "7C", "8C"])
    table = open_table(
        app, "pisti", {"players": 2}, Pisti.from_setup({"players": 2, "deck": deck}, {})
    )
    settle(app, table)
    key(app, pygame.K_4)  # QH, throwing the capture of 5♥ away: the coach asks
    for _ in range(500):
        app.step(DT)
        if table.controls.question is not None:
            break
        join(app)  # the worker's and the voice's work done: the next frame sees it
    assert table.controls.question is not None
    app.dirty = True
    app.step(DT)
    focused = [w for w in table.controls.widgets() if getattr(w, "focused", False)]
    assert len(focused) == 1
    assert _ring_drawn_around(app, focused[0])
    assert focused[0].label() in app.voice.last
    assert table.controls.question[0]()[:15] in app.voice.last
    table.leave()
