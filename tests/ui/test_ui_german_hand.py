"""A whole hand of every registered table played in German through the table: the
hint asked for by its key, every move made with the mouse, then the summary, the statistics
and the history, at 960x600. Every word comes from the German catalogue (no key missing),
the move log and the hint read as German, with the cards' articles ("Nord nimmt mit dem K♦
5 Karten"), and History dates as Germans write them."""

from __future__ import annotations

import re

import pygame
import pytest
from test_ui_features import wait_for_hint
from ui_support import DT, HANDS, key, make_app, open_table, play_hand_by_mouse, settle

from game.text import phrasebook
from game.ui import theme
from game.ui.scenes.summary import SummaryScene

ENGLISH = re.compile(r"\b(the|you|your|plays|takes|turns|loads|onto|discards|wins|pile)\b", re.I)
ARTICLE_AND_SIGN = re.compile(r"\b(der|die|das|den|dem) (10|[2-9AJQK])[♣♦♥♠]")
GERMAN_DATE = re.compile(r"\b\d\d\.\d\d\.\d{4} \d\d:\d\d\b")


@pytest.fixture
def german(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, size=(960, 600), keep=True, language="de")
    phrasebook.set_language("de")
    phrasebook.current().missing.clear()
    drawn: list[str] = []
    monkeypatch.setattr(theme, "on_text", lambda words, got, allowed: drawn.append(words))
    yield app, drawn
    app.scene.leave()
    phrasebook.set_language("en")


@pytest.mark.parametrize(("game", "choices", "seed"), HANDS)
def test_a_whole_hand_in_german_by_mouse_with_a_hint_then_statistics_and_history(
    german, game, choices, seed
):
    app, drawn = german
    table = open_table(app, game, choices, seed=seed)
    settle(app, table)
    if table.model.spec.hint_level is not None and table.model.human_may_act():
        key(app, pygame.K_h)
        wait_for_hint(app, table)
        assert table.model.hint.text.startswith("Tipp: "), table.model.hint.text
        assert not ENGLISH.search(table.model.hint.text), table.model.hint.text
    moves = play_hand_by_mouse(app, table)
    assert moves > 0
    assert isinstance(app.scene, SummaryScene)
    log = table.model.log.words(table.model.namer)
    assert log[0].startswith("Runde 1 von "), log[0]
    english = [line for line in log if ENGLISH.search(line)]
    assert english == []
    with_cards = [line for line in log[1:] if len(re.findall(r"[♣♦♥♠]", line)) == 1]  # (a list
    # of the face-down cards taken is a list: "Verdeckte Karten genommen: 10♣ 4♣ 3♣")
    assert with_cards, with_cards
    assert all(ARTICLE_AND_SIGN.search(line) for line in with_cards), with_cards
    app.step(DT)
    for scene, title in (("stats", "Statistik"), ("history", "Verlauf")):
        drawn.clear()
        app.goto(scene)
        app.step(DT)
        assert title in drawn, (scene, drawn[:10])
    assert any(GERMAN_DATE.search(words) for words in drawn), drawn
    assert sorted(phrasebook.current().missing) == []
