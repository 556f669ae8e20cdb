"""History in the player's order: a score is said the player's side first, then the others
in playing order, in History's rows, their speech and the export (which says whose each
number is), from one function; a hand is named by its variant as Statistics names its line;
the summary's record line says which line its streak counts. Real hands on the headless
table, History read back as drawn and spoken, in English and Türkçe."""

from __future__ import annotations

import json

import pytest
from ui_support import DT, click, drawn_words, gesture_for, open_table, play_hand, settle

from game.core.order import yours_first
from game.export import history as exported
from game.text import say, set_language
from game.ui.scenes.history import HistoryScene
from game.ui.scenes.stats import StatsScene
from game.ui.scenes.summary import SummaryScene


@pytest.fixture
def app_options() -> dict:
    return {"keep": True}


def test_one_order_the_players_side_first_then_playing_order():
    assert yours_first((2, 14), 1) == [(1, 14), (0, 2)]
    assert yours_first((5, 0, 9), 2) == [(2, 9), (0, 5), (1, 0)]
    assert yours_first((40, 12), 3) == [(1, 12), (0, 40)], "partners opposite: seat 3 is side 1"


def hand_north_led(app):
    """Two hands of two-player Pişti: in the second, North leads (the player is seat 1)."""
    table = open_table(app, "pisti", {"players": 2}, seed=4)
    play_hand(app, table, gesture_for)
    click(app, app.scene.next_btn.rect.center)
    assert app.scene is table, "North leads hand 2"
    assert table.human == 1, "North leads hand 2"
    play_hand(app, table, gesture_for)
    assert isinstance(app.scene, SummaryScene)
    return table


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_history_gives_a_hand_the_opponent_led_you_first(app, monkeypatch, lang):
    table = hand_north_led(app)
    st = table.state
    mine, theirs = st.score[1], st.score[0]
    assert mine != theirs, "the order shows"
    set_language(lang)
    history = app.goto("history")
    app.step(DT)
    shown = drawn_words(app, monkeypatch)
    newest = history.entries[0]
    assert newest.seat == 1
    word = {1: "history.won", -1: "history.lost", 0: "history.drawn"}[newest.result]
    cell = say(word, score=f"{mine}–{theirs}")
    assert cell in shown, (cell, shown)
    assert cell in history.spoken_row()
    assert say(word, score=f"{theirs}–{mine}") not in shown


def test_the_export_says_whose_each_number_is(app):
    table = hand_north_led(app)
    st = table.state
    rows = exported(app.keeper)
    last = rows[-1]
    assert last["score"] == list(st.score), "by side, as the record keeps it"
    assert last["seat"] == 1
    assert last["you"] == 1
    assert last["score_you_first"] == [st.score[1], st.score[0]]
    folder = app.keeper.folder
    job = app.keeper.export("history")
    assert job.wait(30), "written on its own thread"
    json_path, csv_path = job.paths
    data = json.loads(json_path.read_text(encoding="utf-8"))
    assert data["history"][-1]["you"] == 1
    assert "score_you_first" in csv_path.read_text(encoding="utf-8").splitlines()[0]
    assert folder.exists()


def given_up_stop_rule_hand(app):
    table = open_table(app, "pishe-pasha", {"players": 2, "stop_rule": True}, seed=4)
    settle(app, table)
    table.model.perform(table.model.my_actions()[0])
    settle(app, table)
    table.new_hand()
    return table


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "Pishe Pasha, 2 players, Stop rule"), ("tr", "Pishe Pasha, 2 oyuncu")],
)
def test_history_names_a_stop_rule_hand_as_statistics_does(app, monkeypatch, lang, words):
    given_up_stop_rule_hand(app)
    set_language(lang)
    stats = app.goto("stats")
    app.step(DT)
    assert isinstance(stats, StatsScene)
    line = stats._cells(stats.keys()[0])[0]
    assert line.startswith(words)
    history = app.goto("history")
    app.step(DT)
    assert isinstance(history, HistoryScene)
    assert line in drawn_words(app, monkeypatch)
    assert history.spoken_row().split(", ")[1:4] == line.split(", ")[:3]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "Pişti, 2 players, 101, against Medium: "),
        ("tr", "Pişti, 2 oyuncu, 101, Orta seviyeye karşı: 1 elde "),
    ],
)
def test_the_summarys_record_line_says_which_hands_it_counts(app, lang, words):
    set_language(lang)
    table = open_table(app, "pisti", {"players": 2, "target": 101}, seed=4)
    play_hand(app, table, gesture_for)
    summary = app.scene
    assert isinstance(summary, SummaryScene)
    line = app.keeper.stats_line(table.session)
    assert line.startswith(words), line
    assert summary.hand_rows()[-1].words() == line.rstrip(".")
