"""Rules with pictures: the rules panel of the menu and of the in-game menu
shows each game's figures, drawn with the card art, beside the paragraph they
illustrate, inside the panel, at 960x600 and 1280x800, in both languages; keys scroll it."""

from __future__ import annotations

import pygame
import pytest
from ui_support import DT, click, key, make_app, open_table

from game.games import spec_of
from game.text import set_language
from game.text.phrasebook import LANGUAGES
from game.ui.rules_panel import RulesPanel
from game.ui.scenes.menu import MenuScene

GAMES = ("pishe-pasha", "pisti")


def test_each_game_brings_the_figures_the_rules_need():
    pishe = {f.caption for f in spec_of("pishe-pasha").rules_figures}
    pisti = {f.caption for f in spec_of("pisti").rules_figures}
    assert {"figure.pp.layout", "figure.pp.load", "figure.pp.fault"} <= pishe
    assert {"figure.pi.capture", "figure.pi.pisti", "figure.pi.scoring"} <= pisti
    for game in GAMES:
        for fig in spec_of(game).rules_figures:
            for p in fig.cards:
                assert p.x >= 0, (fig.caption, p)
                assert p.x + 1 <= fig.width + 1e-9, (fig.caption, p)
                assert p.y >= 0, (fig.caption, p)
                assert p.y + 1.4 <= fig.height + 1e-9, (fig.caption, p)


def _menu_rules(app, game: str) -> RulesPanel:
    app.goto("menu")
    menu = app.scene
    assert isinstance(menu, MenuScene)
    menu.game.set_value(game)
    menu._game_changed(game)
    app.step(DT)
    rules_btn = next(b for b in menu.buttons if b.on_click == menu._rules)
    click(app, rules_btn.rect.center)
    assert isinstance(menu.rules, RulesPanel)
    return menu.rules


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_menu_rules_show_every_figure_inside_the_panel(tmp_path, monkeypatch, size, lang):
    app = make_app(tmp_path, monkeypatch, size=size, language=lang)
    set_language(lang)
    try:
        for game in GAMES:
            panel = _menu_rules(app, game)
            content = panel._render()
            figures = spec_of(game).rules_figures
            assert len(panel.placed) == len(figures)
            for rect in panel.placed:
                assert content.get_rect().contains(rect), rect
                assert rect.w <= panel.rect.w - 28
                assert rect.h < panel.rect.h, "a figure fits the panel's height"
            before = panel.offset
            key(app, pygame.K_PAGEDOWN)
            assert panel.offset > before, "PageDown scrolls the rules"
            key(app, pygame.K_END)
            key(app, pygame.K_ESCAPE)
    finally:
        set_language("en")


def test_the_in_game_rules_show_the_same_figures(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, size=(960, 600))
    table = open_table(app, "pishe-pasha", {"players": 2})
    table.controls.open_rules()
    app.dirty = True
    app.step(DT)
    panel = table.controls.panel
    assert isinstance(panel, RulesPanel)
    panel._render()
    assert len(panel.placed) == len(spec_of("pishe-pasha").rules_figures)
