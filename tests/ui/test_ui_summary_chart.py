"""The summary's chart of a match is a chart a player reads: a title, a legend naming each
side, the points axis with its numbers, the hands numbered along the bottom and the target
labelled, in English and Türkçe. Two real hands of a match to 101 on the headless table."""

from __future__ import annotations

import pytest
from ui_support import DT, click, drawn_words, gesture_for, open_table, play_hand

from game.text import set_language
from game.ui.match_chart import hand_ticks, ticks
from game.ui.scenes.summary import SummaryScene

WORDS = {
    "en": ("Match points, hand by hand", ["You", "North"], "Hand", "target 101"),
    "tr": ("Maç puanı, el el", ["Sen", "Kuzey"], "El", "hedef 101"),
}


def test_the_axes_numbers_are_round_and_few():
    assert ticks(101) == [0, 50, 100]
    assert ticks(151) == [0, 50, 100, 150]
    assert ticks(7) == [0, 2, 4, 6]
    assert hand_ticks(3) == [1, 2, 3]
    assert len(hand_ticks(30)) <= 9
    assert hand_ticks(30)[0] == 1


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_the_match_chart_has_a_title_axes_with_numbers_and_a_legend(app, monkeypatch,
                                                                         lang):  # fmt: skip
    set_language(lang)
    table = open_table(app, "pisti", {"players": 2, "target": 101}, seed=4)
    play_hand(app, table, gesture_for)
    summary = app.scene
    assert isinstance(summary, SummaryScene)
    app.step(DT)
    assert summary.chart_words == [], "one hand: no chart of flat lines"
    click(app, summary.next_btn.rect.center)
    play_hand(app, table, gesture_for)
    summary = app.scene
    shown = drawn_words(app, monkeypatch)
    title, names, hands, target = WORDS[lang]
    said = summary.chart_words
    assert said[0] == title, said
    assert said[1:3] == names, said
    assert {"0", "50", "100"} <= set(said)
    assert {"1", "2"} <= set(said)
    assert hands in said
    assert target in said
    assert all(w in shown for w in said), "drawn as it says"
