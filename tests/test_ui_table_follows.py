"""Issue 23 (bugsa's items): what the table shows follows what the player changed and what
is on the table: the Undo button, the language, the deal number, fullscreen, replays and
take-backs, each reached with real posted input."""

from __future__ import annotations

import pygame
from ui_support import click, key, open_table, right_arrow, settle

from game.text import say
from game.ui.scenes.settings import SettingsScene
from game.ui.table.panel import message_line
from game.ui.widgets import text_of


def _settings_from_the_table(app, table) -> SettingsScene:
    click(app, table.controls.menu_btn.rect.center)
    items = table.controls.pause_items
    click(app, items[4].rect.center)
    assert isinstance(app.scene, SettingsScene)
    return app.scene


def _row(screen: SettingsScene, key_word: str):
    return next(r for r in screen.rows if text_of(r.label) == say(key_word))


def test_undo_switched_on_in_game_settings_sits_beside_the_title_at_once(app):
    table = open_table(app, "pishe-pasha", {"players": 2})
    settle(app, table)
    screen = _settings_from_the_table(app, table)
    row = _row(screen, "settings.take_backs")
    click(app, (row.rect.right - row.rect.h // 2, row.rect.centery))
    assert app.settings.take_backs
    click(app, screen.done.rect.center)
    assert app.scene is table
    undo = table.controls.undo_btn
    assert undo.visible
    assert table.controls.rightmost_top() >= undo.rect.right
    assert not undo.rect.colliderect(table.controls.hint_btn.rect)
    _the_frame_shown_is_the_fresh_one(app, table)


def _the_frame_shown_is_the_fresh_one(app, table) -> None:
    """The top bar on screen (the app draws again only when something changed) is what
    drawing the table now gives: nothing waits for a relayout."""
    bar = table.model.layout.areas["topbar"]
    fresh = pygame.Surface(app.screen.get_size())
    table.draw(fresh)
    shown = pygame.image.tobytes(app.screen.subsurface(bar), "RGB")
    assert shown == pygame.image.tobytes(fresh.subsurface(bar), "RGB")


def test_book_version_with_auto_on_says_it_flips_itself_and_offers_no_hint(app):
    table = open_table(app, "pisha-pasha-book", {})
    settle(app, table)
    controls = table.controls
    click(app, right_arrow(controls.auto))
    assert table.model.auto_on
    assert not controls.flip_btn.enabled
    words, _ = message_line(table.model)
    assert words == say("prompt.auto") and words != say("prompt.flip")
    assert not controls.hint_btn.enabled
    key(app, pygame.K_h)
    assert table.model.message == say("message.no_hints")
    assert table.model.hint_asked == -1
