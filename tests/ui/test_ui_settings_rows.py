"""Each setting is declared once, in ``Settings``; the Settings screen builds its
rows from those declarations and the table reads the player's settings themselves.

So a setting added to the dataclass appears on the screen with its label and help, every
row changes its setting by real keys and clicks, and what the screen changes is what an
open table reads (no copy of the settings that could lag behind or lose a change)."""

from __future__ import annotations

import dataclasses
import json

import pygame
import pytest
from ui_support import DT, click, drag, key, make_app, open_table, right_arrow, settle

from game.speech import FileBackend
from game.store.settings import FIELDS, TABLE, Settings, rows, setting
from game.text import say, set_language
from game.text.phrasebook import LANGUAGES
from game.ui import theme
from game.ui.widgets import Slider, text_of

ROWS = [name for name, _ in rows()]


@dataclasses.dataclass
class MoreSettings(Settings):
    """The game's settings with two more, declared the way every setting is."""

    big_pips: bool = setting(False, bool, row="toggle", label="settings.take_backs")
    felt: str = setting("red", str, ("red", "blue"), row="choice", label="settings.back")


def focus(app, screen, row) -> None:
    """Tab until ``row`` has the keyboard focus, as a player would."""
    for _ in range(len(screen.rows) + 2):
        if screen.ring.current() is row:
            return
        key(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reached {text_of(row.label)}")


def left_arrow(widget) -> tuple[int, int]:
    """The left arrow of a choice row (its box starts at ``label_frac`` of the row)."""
    x = widget.rect.x + int(widget.rect.w * widget.label_frac) + widget.rect.h // 2
    return x, widget.rect.centery


def test_a_setting_added_to_the_dataclass_has_its_row_label_and_help_and_a_click_changes_it(
    tmp_path, monkeypatch
):
    monkeypatch.setenv("PASHA_PISTI_HOME", str(tmp_path))
    from game.ui.app import App
    from game.ui.scenes import install_routes

    app = App((960, 600), settings=MoreSettings(sound=False, language="en", pace="instant"))
    install_routes(app)
    screen = app.goto("settings")
    assert [text_of(r.label) for r in screen.rows[-2:]] == [
        say("settings.take_backs"),
        say("settings.back"),
    ]
    pips, felt = screen.rows[-2:]
    assert text_of(pips.help) == say("settings.take_backs.help")
    assert text_of(felt.help) == say("settings.back.help")
    click(app, right_arrow(pips))
    click(app, right_arrow(felt))
    assert app.settings.big_pips is True
    assert app.settings.felt == "blue"
    assert text_of(felt.names[felt.index]) == say("settings.back.blue")
    screen.leave_screen()
    saved = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert saved["big_pips"] is True
    assert saved["felt"] == "blue"
    app.scene.leave()


@pytest.mark.parametrize("name", ROWS)
def test_every_declared_row_is_shown_and_changes_its_setting_by_key_and_by_mouse(
    app, tmp_path, name
):
    app.voice.use(FileBackend(str(tmp_path / "said.txt")))  # Read aloud speaks into a file
    screen = app.goto("settings", back_to=None)
    row = screen.row_of[name]
    assert row in screen.rows
    assert text_of(row.help).startswith(say(f"{dict(rows())[name].label}.help"))
    first = app.setting(name)
    focus(app, screen, row)
    key(app, pygame.K_RIGHT)
    moved = app.setting(name)
    assert moved != first
    if isinstance(row, Slider):  # a click a tenth of the groove left of the knob
        groove = row._groove()
        x = groove.x + round(groove.w * (row.value - 0.1))
        click(app, (x, groove.centery))
        assert app.setting(name) < moved
    else:
        click(app, left_arrow(row))
        assert app.setting(name) == first
    stored = getattr(app.settings, name)
    assert FIELDS[name].clean(stored) == stored  # the file will take what the screen set
    set_language("en")


def test_the_rows_follow_the_declaration_order_and_name_only_declared_settings(app):
    screen = app.goto("settings", back_to=None)
    assert list(screen.row_of) == ROWS
    assert [text_of(r.label) for r in screen.rows[:3]] == [
        say("settings.language"),
        say("settings.sound"),
        say("settings.pace"),
    ]


def test_an_open_table_follows_the_settings_screen_with_no_copy_between(app):
    table = open_table(app, "pishe-pasha", {"players": 2, "stop_rule": True})
    settle(app, table)
    screen = app.goto("settings", back_to=table)
    slider = next(r for r in screen.rows if isinstance(r, Slider))
    groove = slider._groove()
    drag(app, groove.center, groove.midright)
    assert app.settings.call_window == 6.0
    assert table.model.options().call_window == 6.0
    click(app, screen.done.rect.center)
    assert app.scene is table


def test_the_tables_speed_slider_is_the_players_setting_and_is_kept(tmp_path, monkeypatch):
    """Before: the slider wrote into a copy of the settings made for that one read, so the
    automatic turning never changed speed and the next start had forgotten it."""
    app = make_app(tmp_path, monkeypatch, keep=True)
    table = open_table(app, "pisha-pasha-book", {"players": 2})
    settle(app, table)
    speed = table.controls.speed
    assert speed.visible
    groove = speed._groove()
    drag(app, groove.center, groove.midright)
    assert app.settings.auto_flip_speed == 1.0
    assert table.model.options().auto_flip_speed == 1.0
    app.save_settings()
    saved = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert saved["auto_flip_speed"] == 1.0
    table.leave()


def test_a_lesson_or_replay_holds_only_settings_a_table_reads():
    mine = Settings(take_backs=True, coach=True, language="tr")
    held = mine.holding(take_backs=False, coach=False)
    assert (held.take_backs, held.coach, held.language) == (False, False, "tr")
    assert (mine.take_backs, mine.coach) == (True, True)
    with pytest.raises(TypeError, match="language"):
        mine.holding(language="en")
    assert "auto_flip_speed" in TABLE
    assert "language" not in TABLE


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("engine", [True, False])
def test_every_rows_explanation_is_drawn_at_14_px_or_more_at_960x600(
    tmp_path, monkeypatch, language, engine
):
    if not engine:
        monkeypatch.setattr("game.ui.voice.find_backend", lambda: None)
    sizes: dict[str, int] = {}
    hints: list[tuple[str, pygame.Rect]] = []
    real_rendered, real_text = theme.rendered, theme.text

    def rendered(words, size, colour, bold=False):
        sizes[words] = min(size, sizes.get(words, 99))
        return real_rendered(words, size, colour, bold)

    def text(surface, words, size, colour, *args, **kwargs):
        where = real_text(surface, words, size, colour, *args, **kwargs)
        if colour == theme.HINT:
            hints.append((words, where))
        return where

    monkeypatch.setattr(theme, "rendered", rendered)
    monkeypatch.setattr(theme, "text", text)
    app = make_app(tmp_path, monkeypatch, size=(960, 600), language=language)
    screen = app.goto("settings")
    for row in screen.rows:
        focus(app, screen, row)
        sizes.clear()
        hints.clear()
        app.dirty = True
        app.step(DT)
        assert " ".join(words for words, _ in hints) == text_of(row.help)
        assert all(app.screen.get_rect().contains(where) for _, where in hints), hints
        small = {w: size for w, size in sizes.items() if size < theme.READABLE}
        assert small == {}, small
    set_language("en")
    app.scene.leave()


def test_the_command_lines_language_is_for_this_run_and_a_choice_in_settings_is_kept(
    tmp_path, monkeypatch
):
    """Before: ``--lang tr`` (its help says "for this run") was written into the player's
    settings, so every later start was in Turkish."""
    from game.__main__ import parse_args
    from game.store.settings import save_settings
    from game.ui.start import open_app

    monkeypatch.setenv("PASHA_PISTI_HOME", str(tmp_path))
    save_settings(Settings(language="en"))

    def saved() -> str:
        return json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))["language"]

    app = open_app(parse_args(["--lang", "tr", "--size", "960x600"]))
    try:
        assert say("menu.game") == "Oyun"
        assert app.setting("language") == "tr"
        app.save_settings()
        assert saved() == "en"
        screen = app.goto("settings", back_to=None)
        focus(app, screen, screen.row_of["language"])
        row = screen.row_of["language"]
        click(app, right_arrow(row))
        assert app.setting("language") == "de"
        assert say("menu.game") == "Spiel"
        assert text_of(row.names[row.index]) == "Deutsch"  # the language by its own name
        click(app, right_arrow(row))
        assert app.setting("language") == "en"
        assert say("menu.game") == "Game"
        click(app, right_arrow(row))
        assert app.setting("language") == "tr"
        app.save_settings()
        assert saved() == "tr"  # the player's own choice is kept
    finally:
        app.scene.leave()
