"""The whole game without a mouse: a visible focus over piles and cards, Enter
or Space to pick up and put down, number keys for a Pişti hand, every menu by keys."""

from __future__ import annotations

import pygame
import pytest
from ui_support import (
    DT,
    HANDS,
    holding_2h,
    key,
    keys_for,
    open_table,
    play_hand,
    settle,
    tab_to,
)

from game.ui.scenes.menu import MenuScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.summary import SummaryScene
from game.ui.scenes.table import TableScene
from game.ui.table.input.controller import Focus


@pytest.mark.parametrize(("game", "choices", "seed"), HANDS)
def test_a_whole_hand_played_by_key_events_only(app, game, choices, seed):
    table = open_table(app, game, choices, seed=seed)

    def show_the_focus(moves: int) -> None:
        if moves == 3 and table.controller.focus is None:
            key(app, pygame.K_TAB)  # from here on the focus is shown and used

    moves = play_hand(app, table, keys_for, agent_seed=21, after=show_the_focus)
    assert table.state.is_over
    assert moves > 0
    assert isinstance(app.scene, SummaryScene)


def test_escape_puts_a_picked_card_back_and_s_calls_stop(app):
    table = open_table(app, "pishe-pasha", {"players": 2, "stop_rule": True},
                       holding_2h({"stop_rule": True}))  # fmt: skip
    settle(app, table)
    turned = Focus(next(p for p in table.model.layout.spots if str(p) == "turned0"))
    tab_to(app, table, turned)
    key(app, pygame.K_RETURN)
    assert table.controller.picked is not None
    key(app, pygame.K_ESCAPE)
    assert table.controller.picked is None
    assert not table.controls.menu_open
    key(app, pygame.K_s)
    assert table.model.message.startswith("There is nothing to stop")


def test_f1_shows_the_keys_in_the_current_language(app):
    table = open_table(app, "pisti", {"players": 2})
    settle(app, table)
    key(app, pygame.K_F1)
    assert table.controls.panel is table.controls.help
    assert "Tab" in table.controls.help.body()
    assert "Ctrl+Z" in table.controls.help.body()
    key(app, pygame.K_ESCAPE)
    assert table.controls.panel is None
    key(app, pygame.K_SLASH, unicode="?")
    assert table.controls.panel is table.controls.help


def press(app, k: int, n: int = 1) -> None:
    for _ in range(n):
        key(app, k)


def focus_on(app, ring, widget) -> None:
    for _ in range(40):
        if ring.current() is widget:
            return
        key(app, pygame.K_TAB)
    raise AssertionError("Tab never reached the widget")


def from_the_pause_menu(app, table, item: int):
    """Escape opens the pause menu, Tab reaches its ``item``, Enter picks it: the scene the
    item leads to."""
    key(app, pygame.K_ESCAPE)
    assert table.controls.menu_open
    focus_on(app, table.controls.ring, table.controls.pause_items[item])
    key(app, pygame.K_RETURN)
    return app.scene


def test_menu_game_menu_settings_and_quit_by_keys(app):
    menu = app.goto("menu")
    app.step(DT)
    focus_on(app, menu.ring, menu.game)
    while menu.game.value != "pisti":
        key(app, pygame.K_RIGHT)
    players = menu.options[0]
    focus_on(app, menu.ring, players)
    while players.value != 3:
        key(app, pygame.K_RIGHT)
        players = menu.options[0]
    focus_on(app, menu.ring, menu.start)
    key(app, pygame.K_RETURN)
    table = app.scene
    assert isinstance(table, TableScene)
    assert table.state.players == 3
    settle(app, table)
    settings = from_the_pause_menu(app, table, 4)
    assert isinstance(settings, SettingsScene)
    focus_on(app, settings.ring, settings.rows[2])
    before = app.settings.pace
    key(app, pygame.K_RIGHT)
    assert app.settings.pace != before
    key(app, pygame.K_ESCAPE)
    assert app.scene is table
    menu = from_the_pause_menu(app, table, 5)
    assert isinstance(menu, MenuScene)
    quit_btn = menu.buttons[-1]
    focus_on(app, menu.ring, quit_btn)
    key(app, pygame.K_RETURN)
    assert not app.running
