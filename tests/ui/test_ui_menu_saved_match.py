"""The menu and the saved match: Continue names it fully, a new game asks before it
replaces it, good news is not drawn red, and the menu's parts never overlap at the
smallest window."""

from __future__ import annotations

import itertools

import pygame
import pytest
from ui_support import DT, click, drawn_colours, key, make_app, menu_for, open_table, settle

from game.core.agents import SeatView
from game.core.files import Notice
from game.session import Session
from game.text import set_language
from game.text.phrasebook import LANGUAGES
from game.ui import page, theme
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.table import TableScene


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch, size=(960, 600), keep=True)
    yield a
    a.scene.leave()
    set_language("en")


def save_pisti_match(app) -> Session:
    """A Pişti match to 151 at 1–15 in hand 2, saved as every move saves it."""
    session = Session.start("pisti", {"players": 2, "target": 151}, "medium", 4)
    session.match.totals = [1, 15]
    session.match.hand_no = 1
    app.match_changed(session)
    return session


def test_starting_a_new_game_asks_before_the_saved_match_is_lost(app):
    save_pisti_match(app)
    menu = menu_for(app, "pishe-pasha", players=2)
    click(app, menu.start.rect.center)
    assert isinstance(app.scene, MenuScene), "nothing is replaced before the player answers"
    assert menu.question is not None
    assert menu.question.words() == (
        "Your Pişti match (1 – 15, hand 2) ends here; its finished hands stay in History."
        " Start a new game anyway?"
    )
    click(app, menu.question.no_btn.rect.center)
    assert menu.question is None
    assert isinstance(app.scene, MenuScene)
    assert app.keeper.saved_match()["totals"] == [1, 15]
    key(app, pygame.K_RETURN)  # Enter from the menu asks too; the focus starts on No
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, MenuScene)
    assert menu.question is None
    key(app, pygame.K_RETURN)
    key(app, pygame.K_y)
    assert isinstance(app.scene, TableScene)
    assert app.scene.session.spec.id == "pishe-pasha"


def test_the_replace_question_is_asked_in_turkish_and_answered_with_the_mouse(app):
    save_pisti_match(app)
    app.set_language("tr")
    menu = menu_for(app, "pishe-pasha", players=2)
    menu.deal_box.digits = "1234"
    click(app, menu.deal_btn.rect.center)
    assert menu.question.words() == (
        "Pişti maçın (1 – 15, 2. el) burada biter; biten elleri Geçmiş'te kalır."
        " Yine de yeni oyun başlasın mı?"
    )
    click(app, menu.question.yes_btn.rect.center)
    assert isinstance(app.scene, TableScene)
    assert app.scene.session.match.deal_no == 1234


def test_with_no_saved_match_start_opens_the_table_at_once(app):
    menu = menu_for(app, "pisti", players=2)
    click(app, menu.start.rect.center)
    assert isinstance(app.scene, TableScene)


@pytest.mark.parametrize(
    ("game", "choices", "english", "turkish"),
    [
        (
            "pishe-pasha",
            {"players": 2},
            "Continue: Pishe Pasha (classic), you 0 – 0, hand 1",
            "Devam: Pishe Pasha (klasik), sen 0 – 0, 1. el",
        ),
        (
            "pishe-pasha",
            {"players": 2, "foundations": "single", "stop_rule": True},
            "Continue: Pishe Pasha (single foundation, Stop rule), you 0 – 0, hand 1",
            "Devam: Pishe Pasha (tek temel, Stop kuralı), sen 0 – 0, 1. el",
        ),
        (
            "pishe-pasha",
            {"players": 3},
            "Continue: Pishe Pasha (three players), you 0 – 0 – 0, hand 1",
            "Devam: Pishe Pasha (üç oyuncu), sen 0 – 0 – 0, 1. el",
        ),
        (
            "pisti",
            {"players": 4, "target": 101},
            "Continue: Pişti (4 players, to 101), your side 0 – 0, hand 1",
            "Devam: Pişti (4 oyuncu, hedef 101), siz 0 – 0, 1. el",
        ),
    ],
)
def test_the_continue_label_names_the_variant_without_a_stray_space(
    app, game, choices, english, turkish
):
    app.match_changed(Session.start(game, choices, "medium", 4))
    menu = menu_for(app, "pisti", players=2)
    assert menu._continue_label() == english
    app.set_language("tr")
    assert menu._continue_label() == turkish


def test_good_news_is_calm_and_only_trouble_is_red(app, monkeypatch):
    app.notice(Notice("match_kept"))
    app.goto("menu")
    seen = drawn_colours(app, monkeypatch)
    assert seen[app.notices[-1]] == theme.GOOD_NEWS
    app.notice(Notice("not_kept", "No space left on device"))
    seen = drawn_colours(app, monkeypatch)
    assert seen[app.notices[-1]] == theme.RED_LIGHT


def test_an_export_that_worked_is_calm_in_history_and_replay(app, monkeypatch):
    table = open_table(app, "pisti", {"players": 2}, seed=5)
    agent = table.model.spec.make_agent("medium", 5)
    while app.scene is table:
        settle(app, table)
        if app.scene is table and table.model.human_may_act():
            table.model.perform(agent.choose(SeatView(table.state, table.human)))
    history = app.goto("history")
    app.step(DT)
    click(app, history.export_btn.rect.center)
    assert history.message.startswith("Saved as ")
    assert drawn_colours(app, monkeypatch)[history.message] == theme.GOOD_NEWS
    entry = history.entries[0]
    replay = app.goto("replay", record=app.keeper.record(entry.id), seat=entry.seat)
    click(app, replay.export_btn.rect.center)
    assert replay.note.startswith("Saved as ")
    assert drawn_colours(app, monkeypatch)[replay.note] == theme.GOOD_NEWS


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    ("game", "choices"),
    [("pishe-pasha", {"players": 3}), ("pishe-pasha", {"players": 2}), ("pisti", {})],
)
def test_the_menu_at_960x600_keeps_continue_clear_of_the_fans_and_has_no_blank_row(
    app, monkeypatch, lang, game, choices
):
    save_pisti_match(app)
    app.set_language(lang)
    menu = menu_for(app, game, **choices)
    blits: list[pygame.Rect] = []
    real = pygame.Surface.blit

    class Screen(pygame.Surface):
        def blit(self, img, dest, *args, **kwargs):
            r = real(self, img, dest, *args, **kwargs)
            if img.get_size() != self.get_size() and abs(img.get_width() - img.get_height()) < 60:
                blits.append(pygame.Rect(r))
            return r

    screen = Screen(app.size)
    page.card_fans(screen, menu.panel.x - 12, None, app.settings)
    assert len(blits) == 8
    for card in blits:
        assert screen.get_rect().contains(card)
        assert not card.colliderect(menu.continue_btn.rect), (card, menu.continue_btn.rect)
        assert not card.colliderect(menu.panel)
    rows = [menu.game, *menu.options, *([menu.level] if menu.level.visible else [])]
    gaps = {b.rect.y - a.rect.bottom for a, b in itertools.pairwise(rows[1:])}
    assert len(gaps) <= 1, "every row follows the one above at the same gap"
    assert menu.deal_btn.rect.y - rows[-1].rect.bottom < 2 * menu.game.rect.h


def test_the_command_lines_game_asks_before_the_saved_match_is_lost(app, tmp_path):
    """Before: ``--game pishe-pasha`` replaced a saved Pişti match without a word."""
    from game.__main__ import parse_args
    from game.ui.start import open_app

    save_pisti_match(app)
    app.save_settings()
    argv = ["--game", "pishe-pasha", "--players", "3", "--seed", "7", "--size", "960x600"]
    second = open_app(parse_args(argv))
    try:
        menu = second.scene
        assert isinstance(menu, MenuScene)
        assert menu.question is not None
        assert menu.question.words().startswith("Your Pişti match (1 – 15, hand 2)")
        second.step(DT)
        click(second, menu.question.no_btn.rect.center)
        assert second.scene is menu
        assert menu.question is None
        assert menu.game.value == "pishe-pasha"  # the menu shows the game asked for
        assert menu.choices()["players"] == 3
        assert second.keeper.saved_match()["totals"] == [1, 15]
    finally:
        second.scene.leave()
    third = open_app(parse_args(argv))
    try:
        third.step(DT)
        click(third, third.scene.question.yes_btn.rect.center)
        assert isinstance(third.scene, TableScene)
        assert third.scene.session.spec.id == "pishe-pasha"
        assert third.scene.session.match.players == 3
    finally:
        third.scene.leave()


def test_the_command_lines_game_opens_its_table_at_once_when_no_match_is_saved(app):
    from game.__main__ import parse_args
    from game.ui.start import open_app

    second = open_app(parse_args(["--game", "pisti", "--size", "960x600", "--lang", "en"]))
    try:
        assert isinstance(second.scene, TableScene)
        assert second.scene.session.spec.id == "pisti"
    finally:
        second.scene.leave()
