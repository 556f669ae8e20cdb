"""Small type and names at 960x600, in English and Türkçe: the Continue bar of the longest
saved match (three players, Stop rule) draws its words at 14 px or more; the replay's
"Played / Better" legend stands below the move log, not over its last line; the keys
panel (F1) shows whole lines only, however it is scrolled; the book version fills the
menu's panel with the start of its rules, and its title bar keeps the deal number. The
book version is named as a version of Pishe Pasha, the books' spelling kept in its
description, and its Continue label reads naturally."""

from __future__ import annotations

import pygame
import pytest
from test_ui_summary_dialog import words_drawn
from test_ui_text_sizes import Seen
from ui_support import DT, key, make_app, open_table, settle

from game.session import Session
from game.text import phrasebook, say
from game.text.phrasebook import LANGUAGES
from game.ui import theme
from game.ui.table.model import says
from game.ui.table.view import panel
from game.ui.widgets import text_of

BOOK = "pisha-pasha-book"


@pytest.fixture(params=LANGUAGES)
def app(tmp_path, monkeypatch, request):
    a = make_app(tmp_path, monkeypatch, size=(960, 600), keep=True, language=request.param)
    phrasebook.set_language(request.param)
    yield a
    a.scene.leave()
    phrasebook.set_language("en")


def menu_with_saved(app, game: str, choices: dict):
    app.match_changed(Session.start(game, choices, "medium", 4))
    app.settings.last_game = game
    menu = app.goto("menu")
    app.step(DT)
    return menu


def test_the_continue_bar_of_a_three_player_stop_match_reads_at_14_px(app, monkeypatch):
    menu = menu_with_saved(app, "pishe-pasha", {"players": 3, "stop_rule": True})
    seen = Seen(monkeypatch)
    seen.look(app)
    bar, words = menu.continue_btn.rect, text_of(menu.continue_btn.label)
    assert say("variant.stop_rule") in words or "Stop" in words
    assert seen.small == {}, seen.small
    assert bar.h >= theme.READABLE
    assert not bar.colliderect(menu.panel)
    room = bar.w - max(14, bar.h // 2)
    one = theme.fits(words, theme.READABLE, room, True)
    two = theme.font(theme.READABLE, True).render(words, True, theme.INK, wraplength=room)
    assert one or two.get_height() <= bar.h - 4, "the words fit at 14 px, on two lines at most"


def test_the_replay_legend_stands_below_the_move_log(app, monkeypatch):
    table = open_table(app, "pisti", {"players": 2}, seed=11)
    for _ in range(9):  # some moves, so the log reaches the panel's foot
        settle(app, table)
        if table.model.human_may_act():
            table.model.perform(table.state.legal_actions()[0])
    settle(app, table)
    boxes: list[pygame.Rect] = []
    real = panel._log

    def log(lines, surface, box, size):
        boxes.append(box)
        return real(lines, surface, box, size)

    monkeypatch.setattr(panel, "_log", log)
    state = table.state
    played, better = state.legal_actions()[:2]
    record = state.record()
    k = len(record["actions"])
    record["actions"] = [*record["actions"], str(played)]
    replay = app.goto("replay", record=record, seat=table.human, start=k, compare=(played, better))
    app.dirty = True
    app.step(DT)
    assert replay.k == replay.compare_at
    side = replay.model.layout.areas["panel"]
    log = boxes[-1].move(side.topleft)
    legend = replay._legend_box()
    assert log.bottom <= legend.top, (log, legend)
    assert log.top >= replay.side_box.bottom, "nor under the replay's buttons"
    assert log.h > 4 * theme.READABLE, "the log still shows some lines"


def test_the_keys_panel_shows_only_whole_lines_as_it_scrolls(app):
    table = open_table(app, "pishe-pasha", {"players": 2, "stop_rule": True}, seed=5)
    settle(app, table)
    key(app, pygame.K_F1)
    app.step(DT)
    help_panel = table.controls.help
    assert table.controls.panel is help_panel
    step = theme.font(help_panel.text_size()).get_linesize()
    height = help_panel._render().get_height()
    assert height > help_panel.room, "the list is longer than the panel: it scrolls"
    offsets = []
    for k in [pygame.K_DOWN] * 3 + [pygame.K_PAGEDOWN] * 6 + [pygame.K_PAGEUP, pygame.K_UP]:
        key(app, k)
        app.step(DT)
        offsets.append(help_panel.offset)
        tops = help_panel.line_tops()
        assert help_panel.offset in tops, "the panel starts at a line's top"
        shown = help_panel._shown()
        assert shown <= help_panel.room
        rest_fits = height - help_panel.offset <= help_panel.room
        assert rest_fits or shown % step == 0, "no line is cut at the panel's foot"
    assert max(offsets) == help_panel.max_offset, "the end of the list is reached"
    assert height - help_panel.max_offset <= help_panel.room


def test_the_book_menu_fills_its_panel_with_how_it_plays(app, monkeypatch):
    menu = menu_with_saved(app, BOOK, {})
    assert not menu.options
    assert not menu.level.visible
    blits: list[pygame.Rect] = []
    real = pygame.Surface.blit

    class Screen(pygame.Surface):
        def blit(self, img, dest, *args, **kwargs):
            r = real(self, img, dest, *args, **kwargs)
            blits.append(pygame.Rect(r))
            return r

    screen = Screen(app.size)
    menu.draw(screen)
    inside = [r for r in blits if menu.room.contains(r) and r.h >= theme.READABLE]
    assert inside, "the book version's room in the panel is not left empty"
    assert max(r.bottom for r in inside) - menu.room.top > menu.room.h * 0.6
    assert min(r.top for r in inside) - menu.room.top < 2 * menu.row


def test_the_book_versions_title_bar_keeps_the_deal_number(app, monkeypatch):
    table = open_table(app, BOOK, {}, seed=5)
    settle(app, table)
    drawn = words_drawn(app, monkeypatch)
    deal = str(table.model.match.deal_no)
    assert any(deal in w and say("game.pisha-pasha-book") in w for w in drawn), drawn[:5]
    assert says.title(table.model) in drawn


def test_the_book_version_is_named_a_version_of_pishe_pasha(app):
    name = say("game.pisha-pasha-book")
    assert name.startswith(say("game.pishe-pasha") + " (")
    assert "Pisha Pasha" not in name, "the books' spelling is not beside ours as a name"
    assert "Pisha Pasha" in say("game.pisha-pasha-book.about")
    assert "Pisha Pasha" in say("rules.pisha-pasha-book")
    assert say("rules.pisha-pasha-book").split("\n")[0].startswith(say("game.pishe-pasha").upper())


def test_the_book_versions_continue_label_reads_naturally(app):
    menu = menu_with_saved(app, BOOK, {})
    name = say("game.pisha-pasha-book")
    words = text_of(menu.continue_btn.label)
    assert words == say("button.continue_saved", game=name, you="0", them="0", n="1")
    assert words.count("(") == 1, "one bracket: (book version), no list of its features"
    assert name in [text_of(n) for n in menu.game.names]
