"""Quitting is said: a player who cannot see the window close hears the game end, and, with
a match kept, that Continue in the main menu takes them back to it. The window waits for
those words (a few seconds at most; a key ends the wait); with Read aloud off it closes at
once. From the main menu and from the table's game menu, in every language."""

from __future__ import annotations

import time

import pygame
from conftest import PerSentence
from ui_support import DT, key, make_app, open_table, settle

from game.text import say
from game.text.spoken import spoken
from game.ui.widgets import text_of


def tab_to(app, ring, label: str) -> None:
    """Tab until the focus is on the button that reads ``label``."""
    for _ in range(40):
        widget = ring.current()
        if widget is not None and text_of(widget.label) == label:
            return
        key(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reached {label!r}")


def quit_from_the_menu(app) -> None:
    menu = app.goto("menu")
    app.step(DT)
    tab_to(app, menu.ring, say("button.quit"))
    key(app, pygame.K_RETURN)


def steps_until_closed(app, limit: float = 10.0) -> float:
    """Frames until the app stops running: the seconds that took."""
    start = time.monotonic()
    while app.step(DT) and time.monotonic() - start < limit:
        time.sleep(0.01)
    assert not app.running
    return time.monotonic() - start


def test_quitting_from_the_main_menu_says_goodbye_and_waits_for_it(tmp_path, monkeypatch, lang):
    app = make_app(tmp_path, monkeypatch, language=lang)
    engine = PerSentence(0.5)
    app.voice.use(engine)
    app.voice.on = True
    quit_from_the_menu(app)
    assert app.running, "the window waits for its goodbye"
    assert steps_until_closed(app) >= 0.3
    assert spoken(say("speech.quit")) in [text for _, text in engine.said]


def test_a_kept_match_is_named_when_quitting_from_the_game_menu(tmp_path, monkeypatch, lang):
    app = make_app(tmp_path, monkeypatch, language=lang, keep=True)
    app.voice.use(None)
    app.voice.on = True
    table = open_table(app, "pisti", {"players": 2})
    settle(app, table)
    key(app, pygame.K_ESCAPE)
    assert table.controls.menu_open
    tab_to(app, table.controls.ring, say("button.quit"))
    key(app, pygame.K_RETURN)
    assert app.voice.last == spoken(say("speech.quit.kept"))
    steps_until_closed(app)
    assert app.keeper.saved_match() is not None, "what it said is so"


def test_a_key_ends_the_goodbye_at_once(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    app.voice.use(PerSentence(30.0))
    app.voice.on = True
    quit_from_the_menu(app)
    app.step(DT)
    assert app.running
    key(app, pygame.K_ESCAPE)
    assert not app.running


def test_with_read_aloud_off_quitting_closes_at_once(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    app.voice.on = False
    quit_from_the_menu(app)
    assert not app.running


def test_closing_the_window_says_goodbye_too(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    app.voice.use(None)
    app.voice.on = True
    app.goto("menu")
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(DT)
    assert app.voice.last == spoken(say("speech.quit"))
    steps_until_closed(app)
