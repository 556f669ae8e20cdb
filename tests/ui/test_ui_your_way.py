"""Play it your way: less tedium (forced moves play themselves, one click for a
card with one place to go), a menu that explains itself and does not jump, and settings
for eyes and hands (card size, reduced motion, high contrast, a longer Stop window)."""

from __future__ import annotations

import itertools

import pygame
import pytest
from ui_support import DT, history, holding_2h, make_app, open_table, pid, rest_of_deck, settle

from game.games import SPECS
from game.games.pishe_pasha.rules import PishePasha
from game.store.settings import FIELDS, Settings, from_data
from game.ui.scenes.settings import SettingsScene


@pytest.fixture
def app_options() -> dict:
    """These tests are about forced moves that play themselves, so the setting is on."""
    return {"auto_play": True}


def test_a_compulsory_foundation_play_makes_itself(app):
    table = open_table(app, "pishe-pasha", {"players": 2}, holding_2h())
    settle(app, table)
    assert history(table)[:1] == ["turned>F"]


def test_a_turned_card_with_nowhere_to_go_is_discarded_by_itself(app):
    rest = rest_of_deck("9C")
    state = PishePasha.from_piles([rest[:25], rest[25:]], turned="9C", to_move=0)
    table = open_table(app, "pishe-pasha", {"players": 2}, state)
    settle(app, table)
    assert history(table)[:1] == ["turned>D"]


def test_the_stop_rule_plays_nothing_by_itself(app):
    state = holding_2h({"stop_rule": True})
    table = open_table(app, "pishe-pasha", {"players": 2, "stop_rule": True}, state)
    for _ in range(30):
        app.step(DT)
    assert table.state.history == []
    assert table.model.human_may_act()


def test_with_the_setting_off_nothing_plays_by_itself(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, auto_play=False)
    try:
        table = open_table(app, "pishe-pasha", {"players": 2}, holding_2h())
        for _ in range(30):
            app.step(DT)
        assert table.state.history == []
    finally:
        app.scene.leave()


# ----------------------------------------------------------------- the menu
@pytest.mark.parametrize("size", [(1280, 800), (960, 600)])
def test_the_menu_does_not_jump_or_overlap_as_the_game_changes(app, size):
    app.window.size = size
    app.step(DT)  # the resize's events reach the app
    menu = app.goto("menu")
    panels = set()
    for game in SPECS:
        menu.game.set_value(game)
        menu._game_changed(game)
        app.step(DT)
        panels.add(tuple(menu.panel))
        shown = [w for w in (menu.game, *menu.options, menu.level, menu.deal_box,
                             menu.deal_btn, *menu.buttons) if w.visible]  # fmt: skip
        rects = [w.rect for w in shown] + [menu.about_rect]
        for a, b in itertools.combinations(rects, 2):
            assert not a.colliderect(b), (game, a, b)
        assert all(menu.panel.contains(r) for r in rects), game
    assert len(panels) == 1, "the panel keeps its place and size"


def test_options_that_mean_nothing_for_a_game_are_not_shown_and_settled_ones_greyed(app):
    menu = app.goto("menu")
    menu.game.set_value("pisha-pasha-book")
    menu._game_changed("pisha-pasha-book")
    assert not menu.level.visible
    assert menu.options == []
    menu.game.set_value("pishe-pasha")
    app.settings.game_options["pishe-pasha"] = {"players": 3}
    menu._game_changed("pishe-pasha")
    assert menu.level.visible
    assert [w.label() for w in menu.options] == ["Players", "Foundations", "Stop rule", "Match"]
    assert [w.locked for w in menu.options] == [False, True, False, False]


def test_every_option_explains_itself_in_one_line(app):
    menu = app.goto("menu")
    for game in SPECS:
        menu.game.set_value(game)
        menu._game_changed(game)
        for w in (menu.game, *menu.options, *[menu.level] * menu.level.visible):
            words = w.help()
            assert words, words
            assert "\n" not in words, words
            assert not words.startswith("choice."), words


# ----------------------------------------------------------------- eyes and hands
def test_reduced_motion_moves_cards_at_once_and_lights_them(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, pace="normal", reduced_motion=True)
    try:
        table = open_table(app, "pisti", {"players": 2}, seed=3)
        assert not table.model.dealing or table.model.show.still
        settle(app, table, 30)
        hand = table.model.shown.get(pid(f"hand{table.human}"))
        table.model.perform(table.state.legal_actions()[0])
        app.step(0.0)
        assert all(f.duration == 0 for f in table.model.show.flights())
        assert table.model.hooks.landed or len(hand) == 3
    finally:
        app.scene.leave()


def test_high_contrast_faces_are_their_own_pictures(app):
    from game.ui.cardart import CardArt

    art = CardArt()
    art.configure((70, 98), "classic", "red")
    classic = pygame.image.tobytes(art.face(12), "RGBA")
    art.configure((70, 98), "high_contrast", "red")
    assert pygame.image.tobytes(art.face(12), "RGBA") != classic


def test_the_stop_window_goes_up_to_six_seconds_and_no_further():
    assert (FIELDS["call_window"].low, FIELDS["call_window"].high) == (1.0, 6.0)
    settings, problems = from_data({"call_window": 5.5})
    assert settings.call_window == 5.5
    assert problems == []
    settings, problems = from_data({"call_window": 60.0})
    assert settings.call_window == Settings().call_window
    assert problems


def test_the_settings_screen_sets_card_size_and_faces(app):
    screen = app.goto("settings")
    assert isinstance(screen, SettingsScene)
    size_row = next(r for r in screen.rows if r.label() == "Card size")
    faces_row = next(r for r in screen.rows if r.label() == "Card faces")
    size_row.step(1)
    faces_row.step(2)
    assert app.settings.card_scale == 1.15
    assert app.settings.faces == "high_contrast"
