"""The pop-up of the face-down cards a capture took: its title stands inside its box with
a margin all round, in English and in Türkçe, at 960x600 (it touched the box's edges)."""

from __future__ import annotations

import pygame
import pytest
from ui_support import DT, gesture_for, open_table, pisti_deck, settle

from game.games.pisti import kinds as pisti
from game.games.pisti.rules import Pisti
from game.text.phrasebook import LANGUAGES
from game.text.words import phrase
from game.ui import theme


@pytest.fixture(params=LANGUAGES)
def app_options(request) -> dict:
    return {"size": (960, 600), "language": request.param}


def test_the_face_down_cards_pop_up_holds_its_title_with_a_margin(app, monkeypatch):
    deck = pisti_deck(["2C", "3D", "4S", "5H"], ["5C", "9S", "KD", "QH"], ["9D", "6C", "7C", "8C"])
    table = open_table(
        app, "pisti", {"players": 2}, Pisti.from_setup({"players": 2, "deck": deck}, {})
    )
    settle(app, table)
    gesture_for(app, table, pisti.ACTIONS.parse("5C"))
    m = table.model
    for _ in range(400):
        if m.hooks.peeks:
            break
        app.step(DT)
    assert m.hooks.peeks, "the capture showed no face-down cards"
    title = phrase(m.hooks.peeks[0].title, m.namer)
    boxes: list[pygame.Rect] = []
    words: dict[str, pygame.Rect] = {}
    veil, text = theme.veil, theme.text

    def box(surface, rect, *args, **kwargs):
        boxes.append(pygame.Rect(rect))
        return veil(surface, rect, *args, **kwargs)

    def line(surface, said, *args, **kwargs):
        words[said] = text(surface, said, *args, **kwargs)
        return words[said]

    monkeypatch.setattr(theme, "veil", box)
    monkeypatch.setattr(theme, "text", line)
    app.dirty = True
    app.step(DT)
    at = words[title]
    (pop,) = [b for b in boxes if b.contains(at)]
    margin = 6
    assert pop.inflate(-2 * margin, -2 * margin).contains(at), (pop, at)
    assert m.layout.areas["table"].contains(pop)
    faces = m.layout.card
    assert pop.h >= faces[1] + at.h + 2 * margin, "the cards fit under the title"
