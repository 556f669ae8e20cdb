"""Every way of leaving an unfinished hand for good is one path: the game menu's New hand
and a new game started from the menu over the saved hand both keep it in History as
"given up" and count it as a lost hand, alike; leaving for the main menu keeps it for
Continue (and says a single hand is saved, not a match). The questions say so, and the
README agrees. Real clicks on the headless table and menu, History read as drawn."""

from __future__ import annotations

from pathlib import Path

import pytest
from ui_support import DT, click, drawn_words, gesture_for, make_app, menu_for, open_table, settle

from game.core.agents import SeatView
from game.store.hands import key_of
from game.text import set_language
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.table import TableScene


@pytest.fixture
def app_options() -> dict:
    return {"keep": True}


def table_with_moves(app, game="pishe-pasha", choices=None, moves=3) -> TableScene:
    table = open_table(app, game, choices or {"players": 2}, seed=7)
    agent = table.model.spec.make_agent("medium", 3)
    for _ in range(moves):
        settle(app, table)
        gesture_for(app, table, agent.choose(SeatView(table.state, table.human)))
    settle(app, table)
    assert table.state.history
    assert not table.state.is_over
    return table


def new_hand_from_the_game_menu(app, table) -> None:
    click(app, table.controls.menu_btn.rect.center)
    click(app, table.controls.pause_items[1].rect.center)
    click(app, table.controls.yes_btn.rect.center)
    app.step(DT)


def new_game_from_the_menu(app) -> MenuScene:
    """Main menu, then Start over the saved hand; answers Yes to the question."""
    app.scene.main_menu()
    menu = menu_for(app, "pisti", players=2)
    click(app, menu.start.rect.center)
    assert menu.question is not None
    asked = menu.question.words()
    click(app, menu.question.yes_btn.rect.center)
    assert isinstance(app.scene, TableScene)
    assert app.scene.session.spec.id == "pisti"
    return asked


def history_rows(app, monkeypatch) -> list[str]:
    app.goto("history")
    app.step(DT)
    return drawn_words(app, monkeypatch)


def given_up_rows(app) -> list:
    return [h for h in app.keeper.entries() if h.given_up]


def test_new_hand_keeps_the_hand_given_up_and_counts_it_lost(app, monkeypatch):
    table = table_with_moves(app)
    key = key_of(table.session)
    new_hand_from_the_game_menu(app, table)
    [kept] = given_up_rows(app)
    assert kept.result == -1
    assert kept.points == 0
    assert kept.counted
    line = app.keeper.statistics(key)[key]
    assert (line.hands, line.lost) == (1, 1)
    assert any(w.startswith("given up") for w in history_rows(app, monkeypatch))


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_a_new_game_over_the_saved_hand_gives_it_up_alike(app, monkeypatch, lang):
    table = table_with_moves(app)
    key = key_of(table.session)
    set_language(lang)
    asked = new_game_from_the_menu(app)
    said = {"en": "given up", "tr": "bırakılmış"}[lang]
    assert said in asked, asked
    assert {"en": "History", "tr": "Geçmiş"}[lang] in asked, asked
    [kept] = given_up_rows(app)
    assert kept.result == -1
    assert kept.points == 0
    assert kept.counted
    assert kept.key == key
    line = app.keeper.statistics(key)[key]
    assert (line.hands, line.lost) == (1, 1)
    shown = history_rows(app, monkeypatch)
    assert any(w.startswith({"en": "given up", "tr": "bırakıldı"}[lang]) for w in shown)


def test_both_ways_keep_the_same_row(app, tmp_path, monkeypatch):
    """New hand and a new game over the hand make the same History row of the same hand."""
    table = table_with_moves(app)
    record = table.state.record()
    new_hand_from_the_game_menu(app, table)
    by_new_hand = given_up_rows(app)[0]
    app.scene.leave()
    other = make_app(tmp_path / "other", monkeypatch, keep=True)
    try:
        again = open_table(other, "pishe-pasha", {"players": 2}, seed=7)
        for text in record["actions"]:
            settle(other, again)
            again.model.perform(again.model.spec.parse_action(text))
        settle(other, again)
        new_game_from_the_menu(other)
        by_new_game = given_up_rows(other)[0]
    finally:
        other.scene.leave()
    same = ("key", "seat", "result", "points", "score", "deal", "given_up", "counted")
    assert [getattr(by_new_hand, f) for f in same] == [getattr(by_new_game, f) for f in same]
    assert app.keeper.record(by_new_hand.id)["actions"] == record["actions"]


def test_leaving_for_the_menu_keeps_the_hand_for_continue_not_given_up(app):
    table = table_with_moves(app)
    table.main_menu()
    assert not given_up_rows(app)
    assert app.keeper.saved_match()["in_play"]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "Your hand is saved: Continue takes you back to it."),
        ("tr", "Elin kaydedildi: Devam düğmesiyle kaldığın yere dönersin."),
    ],
)
def test_a_single_hand_left_for_the_menu_is_a_hand_saved_not_a_match(app, lang, words):
    table = table_with_moves(app)
    assert not table.match.target
    table.main_menu()
    set_language(lang)
    assert app.notices[-1] == words
    assert app.notice_good


def test_a_match_left_for_the_menu_is_a_match_saved(app):
    table = table_with_moves(app, "pisti", {"players": 2, "target": 151}, moves=2)
    table.main_menu()
    assert app.notices[-1] == "Your match is saved: Continue takes you back to it."


def test_the_readme_says_which_way_keeps_what():
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("**History and replays.**") :][:1200]
    for words in ("New hand", "a new game", "given up", "Continue"):
        assert words in section, words
