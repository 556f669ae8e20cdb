"""A move made by no pile has its button: the duel declares its draw (the leader takes a
card from the pack and passes the lead) as a move with its words and key, and the table
shows it in the top bar, pressable while the draw is legal, with its key D in the keys
panel and in what the voice says of the player's choices; pressed when the draw is not
legal, the rules say why."""

from __future__ import annotations

import pygame
import pytest
from ui_support import click, key, open_table, settle

from game.core.cards import parse_card
from game.core.spec import Move
from game.text import set_language
from game.ui.table.voice import heard
from game.ui.widgets import text_of

from .rules import ACTIONS, DRAW_PASS
from .spec import ID
from .test_an_eight_takes_from_the_pool import dealt


@pytest.fixture
def table(duel, app):
    t = open_table(app, ID, {})
    settle(app, t)
    assert t.state.to_move == t.human
    assert DRAW_PASS in t.state.legal_actions()
    return t


def draw_button(table):
    (btn,) = table.controls.move_btns
    return btn


def test_the_draw_has_a_button_in_the_top_bar_and_a_click_on_it_draws(app, table):
    btn = draw_button(table)
    app.step(1 / 60)  # drawn once: placed and lit by the phase
    assert btn.visible
    assert btn.enabled
    assert btn.rect.colliderect(table.model.layout.areas["topbar"])
    assert btn.rect.left > table.controls.undo_btn.rect.right, "after Menu, Hint and Undo"
    click(app, btn.rect.center)
    assert table.state.history == [DRAW_PASS]


def test_the_button_is_worded_in_the_language_of_now(app, table):
    btn = draw_button(table)
    set_language("de")
    assert text_of(btn.label) == "Ziehen (D)"
    set_language("tr")
    assert text_of(btn.label) == "Çek (D)"


def test_key_d_draws(app, table):
    key(app, pygame.K_d, unicode="d")
    assert table.state.history == [DRAW_PASS]


def test_the_button_is_off_while_the_draw_is_not_legal_and_a_click_says_why(app, table):
    key(app, pygame.K_d, unicode="d")  # the lead passes: the player answers next
    settle(app, table)
    assert table.state.to_move == table.human
    assert DRAW_PASS not in table.state.legal_actions()
    btn = draw_button(table)
    app.step(1 / 60)
    assert not btn.enabled
    click(app, btn.rect.center)
    assert table.state.history[-1] != DRAW_PASS
    assert table.model.message == "Only the leader draws, and only while the pack has cards."


@pytest.mark.parametrize(
    ("lang", "line", "heard_as"),
    [
        ("en", "D:  draw from the pack and pass the lead", "key D"),
        ("tr", "D:  desteden çek, açışı bırak", "D tuşu"),
        ("de", "D:  vom Talon ziehen und das Ausspielen abgeben", "Taste D"),
    ],
)
def test_the_keys_panel_and_the_voice_name_its_key(app, table, lang, line, heard_as):
    set_language(lang)
    assert heard_as in heard.choice_words(table.model, table.controller.key_path)
    key(app, pygame.K_F1)
    assert line in table.controls.panel.parts()


def test_a_hint_to_draw_lights_the_button(app, table):
    assert table.view.buttons_for(DRAW_PASS) == [draw_button(table)]


def test_a_buttons_move_with_several_legal_ways_offers_them_in_the_chooser(duel, app, monkeypatch):
    """A move declared with several actions (here an 8 led and each card it may take, as a
    bid would be) is offered under their choices, the legal ones only; the answer picked is
    the move made."""
    eight = parse_card("8S")
    every = tuple(
        dict.fromkeys(a for a in ACTIONS.by_text.values() if a.card == eight and a.choice)
    )
    taking = Move(every, f"button.{ID}.draw", "n", (f"keys.{ID}.d", f"keys.{ID}.d.what"))
    monkeypatch.setattr(type(duel), "moves", (taking,))
    state = dealt("8S 2C 3C 4C", "KH 5H 9D AC")
    table = open_table(app, ID, {}, state=state)
    settle(app, table)
    key(app, pygame.K_n, unicode="n")
    asked = table.model.asking
    assert asked is not None
    assert [str(a.action) for a in asked.answers] == ["8S=9C", "8S=KD", "8S=3H"]
    key(app, pygame.K_3)  # the third answer: the 3 of hearts
    assert [str(a) for a in table.state.history] == ["8S=3H"]
