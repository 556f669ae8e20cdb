"""The "played for you" tag on a card a forced move placed hides neither a pile's count
badge nor a card's corner index: it lies just off the card where the felt is clear, else
across the card's middle. Headless, the moves made by the table playing itself."""

from __future__ import annotations

import pygame
import pytest
from ui_support import DT, join, make_app, open_table

from game.ui.table.view.marks import tag_rect


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1800, 1100)])
def test_the_tag_lies_off_the_card_clear_of_every_pile_and_label(tmp_path, monkeypatch, size):
    app = make_app(tmp_path, monkeypatch, size=size, pace="normal", auto_play=True)
    table = open_table(app, "pishe-pasha", {"players": 2})
    m, seen = table.model, 0
    for _ in range(round(60 / DT)):
        if seen >= 3:
            break
        app.step(DT)
        if m.takes_moves() and not m.plays_itself():
            m.perform(m.my_actions()[-1])
        for tag in table.view.mark_tags:
            seen += 1
            piles = [spot.area for spot in m.layout.spots.values()]
            labels = [r for name, r in m.layout.areas.items() if name.startswith("label")]
            assert tag.collidelist(piles + labels) < 0, (tag, size)
            assert m.layout.areas["table"].contains(tag)
        join(app)  # the worker's and the voice's work done: the next frame sees it
    assert seen >= 3


def test_with_no_clear_felt_the_tag_crosses_the_cards_middle_clear_of_its_indexes():
    card = pygame.Rect(100, 100, 90, 126)
    around = [card.inflate(200, 200)]  # nothing off the card is free
    tag = tag_rect(card, (122, 20), around)
    assert tag.center == card.center
    assert card.top + card.h * 0.3 <= tag.top
    assert tag.bottom <= card.top + card.h * 0.7
