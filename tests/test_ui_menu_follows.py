"""The menu says what it shows: an on/off option is explained by the value on its row,
and a notice follows the language it is read in."""

from __future__ import annotations

import pygame
import pytest
from ui_support import DT, click, drawn_colours, make_app, menu_for, post, right_arrow

from game.core.files import Notice
from game.text import set_language
from game.ui.scenes.menu import MenuScene


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch, size=(960, 600), keep=True)
    yield a
    set_language("en")


def stop_row(menu: MenuScene):
    return next(r for r in menu.options if r.label() == "Stop rule")


def explained_under(app, menu: MenuScene, row) -> str:
    post(pygame.MOUSEMOTION, (row.rect.x + 5, row.rect.centery))
    app.step(DT)
    shown = menu.explained()
    assert shown is not None
    return shown.help()


def test_the_stop_rule_row_is_explained_by_the_value_it_shows(app):
    menu = menu_for(app, "pishe-pasha", players=2, stop_rule=False)
    row = stop_row(menu)
    assert row.names[row.index]() == "Off"
    assert explained_under(app, menu, row).startswith("Off:")
    click(app, right_arrow(row))
    row = stop_row(menu)
    assert row.names[row.index]() == "On"
    assert explained_under(app, menu, row).startswith("On:")
    app.set_language("tr")
    app.step(DT)
    assert explained_under(app, menu, row).startswith("Açık:")


def test_a_notice_follows_a_switch_of_language(app, monkeypatch):
    app.set_language("tr")
    app.notice(Notice("match_kept"))
    app.goto("menu")
    app.step(DT)
    turkish = app.notices[-1]
    assert turkish.startswith("Maçın kaydedildi")
    app.set_language("en")
    seen = drawn_colours(app, monkeypatch)
    assert turkish not in seen
    assert app.notices[-1].startswith("Your match is saved") and app.notices[-1] in seen
