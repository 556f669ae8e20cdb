"""Labels say what is there: an on/off option is explained by the value on its row, a
notice follows the language it is read in, the menu uses a large window's room (the book
version's rules whole, the Continue bar never half over the subtitle), a single hand is
called a hand, an empty History offers nothing to export, and "the hand is over" is news,
not an error."""

from __future__ import annotations

import pygame
import pytest
from ui_support import (
    DT,
    click,
    drawn_colours,
    key,
    make_app,
    menu_for,
    open_table,
    post,
    right_arrow,
)

from game.core.files import Notice
from game.session import Session
from game.text import say, set_language
from game.ui import theme
from game.ui.scenes.menu import MenuScene
from game.ui.table.model import says
from game.ui.table.model.phase import Doing


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
    assert app.notices[-1].startswith("Your match is saved")
    assert app.notices[-1] in seen


def drawn_texts(app, monkeypatch) -> dict[str, pygame.Rect]:
    """Every text the next frame draws through ``theme.text``, with its place, and every
    block of wrapped text (keyed by its words, at the origin)."""
    seen: dict[str, pygame.Rect] = {}
    text, wrapped = theme.text, theme.wrapped

    def spy_text(surface, words, *args, **kwargs):
        seen[words] = rect = text(surface, words, *args, **kwargs)
        return rect

    def spy_wrapped(words, *args, **kwargs):
        seen[words] = (img := wrapped(words, *args, **kwargs)).get_rect()
        return img

    monkeypatch.setattr(theme, "text", spy_text)
    monkeypatch.setattr(theme, "wrapped", spy_wrapped)
    app.dirty = True
    app.step(DT)
    return seen


@pytest.mark.parametrize("size", [(1800, 1100), (1920, 1080)])
def test_the_book_versions_rules_show_whole_in_a_large_window(tmp_path, monkeypatch, size):
    app = make_app(tmp_path, monkeypatch, size=size, lessons_offered=True)
    menu = menu_for(app, "pisha-pasha-book")
    assert not menu.options
    assert not menu.level.visible
    seen = " ".join(drawn_texts(app, monkeypatch)).replace("\n", " ")
    rules = say(menu.spec.rules_key).split("\n\n")[1:]
    assert " …" not in seen
    assert all(part.split()[-1] in seen for part in rules), seen


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1800, 1100), (1920, 1200)])
def test_the_continue_bar_never_half_covers_the_subtitle(tmp_path, monkeypatch, size):
    app = make_app(tmp_path, monkeypatch, size=size, keep=True, lessons_offered=True)
    menu = menu_for(app, "pisti", players=2)
    assert say("menu.subtitle") in drawn_texts(app, monkeypatch), "no match: the line is there"
    app.match_changed(Session.start("pisti", {"players": 2, "target": 151}, "medium", 4))
    menu = menu_for(app, "pisti", players=2)
    assert menu.continue_btn.visible
    line = drawn_texts(app, monkeypatch).get(say("menu.subtitle"))
    assert line is None or not line.colliderect(menu.continue_btn.rect), (line, size)
    app.scene.leave()


def test_a_large_window_gets_a_larger_menu_panel(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, size=(1800, 1100), lessons_offered=True)
    menu = menu_for(app, "pishe-pasha", players=2)
    assert menu.panel.w >= 1800 * 0.45
    assert menu.row >= 48


def test_a_single_hand_is_called_a_hand_when_a_new_game_would_replace_it(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, size=(960, 600), keep=True)
    session = Session.start("pishe-pasha", {"players": 2}, "medium", 4)
    session.state.apply(session.state.legal_actions()[0])
    app.match_changed(session)
    menu = menu_for(app, "pisti", players=2)
    click(app, menu.start.rect.center)
    assert menu.question.words() == (
        "Your Pishe Pasha hand (0 – 0) is given up: it counts as a lost hand and stays in"
        " History. Start a new game anyway?"
    )
    app.set_language("tr")
    assert menu.question.words() == (
        "Pishe Pasha elin (0 – 0) bırakılmış sayılır: kaybedilmiş el olarak Geçmiş'te"
        " kalır. Yine de yeni oyun başlasın mı?"
    )
    app.scene.leave()


@pytest.mark.parametrize("width", range(120, 700, 7))
def test_a_score_is_never_cut_at_its_dash(width):
    pygame.font.init()
    words = "Your Pişti match (0 – 0 – 0, hand 1) will be lost. Start a new game anyway?"
    lines = theme.wrap_lines(words, theme.font(18), width)
    assert " ".join(lines) == words
    assert not [line for line in lines if line.startswith("–") or line.endswith("–")], lines


def test_an_empty_history_offers_nothing_to_replay_or_export(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, size=(960, 600), keep=True)
    history = app.goto("history")
    app.step(DT)
    assert history.entries == []
    click(app, history.export_all_btn.rect.center)
    click(app, history.replay_btn.rect.center)
    assert app.scene is history
    assert history.message == ""
    assert not (app.keeper.folder / "exports").exists() or not any(
        (app.keeper.folder / "exports").iterdir()
    )
    assert not any(b.enabled for b in (history.replay_btn, history.export_btn,
                                       history.export_all_btn))  # fmt: skip
    app.set_language("tr")
    assert history.export_btn.label() == "Dışa aktar"
    assert history.export_all_btn.label() == "Tümünü dışa aktar"


def test_the_hand_is_over_is_news_not_an_error(tmp_path, monkeypatch):
    """A key pressed once the hand is over is told so in the hint line's calm ink:
    nothing was done wrong, so no red."""
    app = make_app(tmp_path, monkeypatch, size=(960, 600), pace="slow")
    session = Session.start("pisti", {"players": 2}, "medium", 5)
    state = session.state.clone()
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    table = open_table(app, "pisti", {"players": 2}, state)
    app.step(DT)
    assert table.model.phase.doing is Doing.OVER
    key(app, pygame.K_SPACE)
    line, colour = says.message_line(table.model)
    assert line == say("message.hand_over"), (line, colour)
    assert colour != theme.RED_LIGHT, (line, colour)
    assert colour == theme.INK
    table.leave()
