"""What the game set aside is the player's to look at: Settings shows how many files were
set aside (a database, a save or a settings file the game could not use, never deleted)
and Enter on that button opens their folder in the desktop's file manager, or, where none
opens, says and shows the folder's path. With nothing set aside there is no such button."""

from __future__ import annotations

import pygame
from ui_support import DT, key, make_app

from game.core.files import kept_aside, set_aside
from game.text import say, say_n
from game.text.spoken import spoken
from game.ui.widgets import text_of


def settings_with_aside(tmp_path, monkeypatch, lang, files: int):
    for i in range(files):
        broken = tmp_path / f"settings-{i}.json"
        broken.write_text("{not json", encoding="utf-8")
        assert set_aside(broken) is not None
    app = make_app(tmp_path, monkeypatch, language=lang, size=(960, 600))
    app.voice.use(None)
    app.voice.on = True
    scene = app.goto("settings")
    app.step(DT)
    return app, scene


def test_the_files_set_aside_are_counted_and_enter_opens_their_folder(tmp_path, monkeypatch, lang):
    opened: list[str] = []
    monkeypatch.setattr("webbrowser.open", lambda url: opened.append(url) or True)
    app, scene = settings_with_aside(tmp_path, monkeypatch, lang, 2)
    assert len(kept_aside(tmp_path)) == 2
    button = scene.aside_btn
    assert button.visible
    assert text_of(button.label) == say_n("button.kept_aside", 2)
    for _ in range(len(scene.rows) + 2):
        if scene.ring.current() is button:
            break
        key(app, pygame.K_TAB)
    assert scene.ring.current() is button, "Tab reaches it"
    key(app, pygame.K_RETURN)
    assert opened == [tmp_path.resolve().as_uri()]
    assert app.voice.last == spoken(say("settings.aside_opened", folder=str(tmp_path)))
    assert text_of(button.help) == say("settings.aside_opened", folder=str(tmp_path))


def test_where_no_file_manager_opens_the_folder_is_said(tmp_path, monkeypatch):
    monkeypatch.setattr("webbrowser.open", lambda url: False)
    app, scene = settings_with_aside(tmp_path, monkeypatch, "en", 1)
    assert text_of(scene.aside_btn.label) == "1 file set aside"
    scene.aside_btn.activate()
    assert str(tmp_path) in app.voice.last
    assert "No file manager" in app.voice.last


def test_with_nothing_set_aside_there_is_no_such_button(tmp_path, monkeypatch):
    _app, scene = settings_with_aside(tmp_path, monkeypatch, "en", 0)
    assert not scene.aside_btn.visible
    assert scene.aside_btn not in scene._buttons()


def test_the_button_and_done_fit_side_by_side_at_960x600(tmp_path, monkeypatch, lang):
    from game.ui import theme

    _app, scene = settings_with_aside(tmp_path, monkeypatch, lang, 3)
    a, d = scene.aside_btn.rect, scene.done.rect
    assert not a.colliderect(d)
    assert scene.panel.contains(a.union(d))
    size = int(a.h * 0.48)
    assert theme.font(size, True).size(text_of(scene.aside_btn.label))[0] <= a.w
