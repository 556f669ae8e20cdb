"""One order and one wording: the side panel lists the player first, then the others in
playing order, a partner marked so, in every hand whoever leads; the turn label has one
phrase per situation ("North's turn" whether North thinks, plays or waits). Frame by frame
on the headless table, in English and Türkçe."""

from __future__ import annotations

import pytest
from ui_support import DT, click, gesture_for, join, make_app, open_table, play_hand

from game.text import set_language
from game.ui.table.model.phase import Doing
from game.ui.table.model.says import seat_counts, status

NAMES = {
    "en": {2: ["You", "North"], 4: ["You", "East", "North (partner)", "West"]},
    "tr": {2: ["Sen", "Kuzey"], 4: ["Sen", "Doğu", "Kuzey (eşin)", "Batı"]},
}


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_the_panel_lists_you_first_in_every_hand_whoever_leads(app, lang):
    set_language(lang)
    table = open_table(app, "pisti", {"players": 2}, seed=4)
    leaders = set()
    for _ in range(2):
        leaders.add(table.human)
        assert [name for name, _ in seat_counts(table.model)] == NAMES[lang][2]
        play_hand(app, table, gesture_for)
        click(app, app.scene.next_btn.rect.center)
    assert leaders == {0, 1}, "the player led one hand and North the other"


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_four_players_are_listed_in_playing_order_the_partner_marked(app, lang):
    set_language(lang)
    table = open_table(app, "pisti", {"players": 4}, seed=4)
    assert [name for name, _ in seat_counts(table.model)] == NAMES[lang][4]
    names = [n for n, _ in seat_counts(table.model)]
    order = [table.model.namer.who(s) for s in range(4)]
    first = order.index({"en": "You", "tr": "Sen"}[lang])
    assert [n.split(" (")[0] for n in names] == order[first:] + order[:first]


WORDS = {"en": ("North's turn", "Your turn"), "tr": ("Kuzey'in sırası", "Sıra sende")}


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_the_turn_label_says_one_phrase_for_each_situation(tmp_path, monkeypatch, lang):
    app = make_app(tmp_path, monkeypatch, pace="normal", auto_play=True)
    set_language(lang)
    try:
        table = open_table(app, "pishe-pasha", {"players": 2}, seed=6)
        m = table.model
        said: dict[str, set[str]] = {"north": set(), "you": set()}
        doings = set()
        for _ in range(round(60 / DT)):
            if len(table.state.history) >= 40:
                break
            app.step(DT)
            ph = m.phase
            if ph.seat == 1 and ph.doing in (Doing.SHOWING, Doing.THINKING, Doing.CALLING):
                said["north"].add(status(m, ph))
                doings.add(ph.doing)
            if ph.mine:
                said["you"].add(status(m, ph))
                m.perform(m.my_actions()[0])
            join(app)  # the worker's and the voice's work done: the next frame sees it
        assert {Doing.SHOWING, Doing.THINKING} <= doings, "North thought and played"
        assert said == {"north": {WORDS[lang][0]}, "you": {WORDS[lang][1]}}
    finally:
        app.scene.leave()
