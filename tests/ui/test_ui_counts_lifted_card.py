"""A card dropped on bare felt flies home by itself, and a card lifted or gliding home is
still counted in its pile (it has not left it). What the counts read while cards fly is
held in test_ui_counts_follow_the_cards.py. Real posted mouse events, headless."""

from __future__ import annotations

import pygame
import pytest
from ui_support import DT, centre, holding_2h, open_table, pid, post, settle

from game.core.cards import parse_card
from game.ui.table.model import says


@pytest.fixture
def app_options() -> dict:
    return {"pace": "normal"}


def _lift(app, start, to) -> None:
    post(pygame.MOUSEBUTTONDOWN, start)
    app.step(DT)
    for k in (1, 2, 3):
        post(pygame.MOUSEMOTION, (start[0] + (to[0] - start[0]) * k // 3,
                                  start[1] + (to[1] - start[1]) * k // 3))  # fmt: skip
        app.step(DT)


def _felt(table, src: str) -> tuple[int, int]:
    """A point of bare felt: a card dropped there, centred on it, touches no pile."""
    felt, card = table.model.layout.areas["table"], table.model.layout.card
    for y in range(felt.top + card[1], felt.bottom - card[1], 10):
        for x in range(felt.left + card[0], felt.right - card[0], 10):
            rect = pygame.Rect((0, 0), card)
            rect.center = (x, y)
            if table.view.drop_target(rect, pid(src)) is None:
                return x, y
    raise AssertionError("no bare felt")


def test_a_card_dropped_on_felt_flies_home_without_the_mouse_moving(app, monkeypatch):
    """The real loop waits for input when the scene is not active: the card gliding home
    keeps the scene active and is drawn frame by frame until it lies in its place."""
    table = open_table(app, "pishe-pasha", {"players": 2}, holding_2h())
    settle(app, table)
    home = centre(table, "turned0")
    felt = _felt(table, "turned0")
    _lift(app, home, felt)
    post(pygame.MOUSEBUTTONUP, felt)
    app.step(DT)
    assert table.model.show.glide is not None
    flips, draw = [], table.draw
    monkeypatch.setattr(table, "draw", lambda surface: (flips.append(1), draw(surface)))
    steps = 0
    while table.model.show.glide is not None and steps < 100:
        assert app.scene.active, "the loop would sleep with the card in mid-air"
        app.step(DT)
        steps += 1
    assert table.model.show.glide is None
    assert len(flips) >= steps - 1 > 3
    assert table.model.shown.get(pid("turned0")) == [parse_card("2H")]
    assert table.state.history == []
    assert not table.model.message


def test_the_rest_of_the_hand_keeps_its_places_while_a_card_is_away(app):
    """The gap a dragged card leaves stays open until it is back: the card glides into its
    own place, not onto a neighbour that closed up over it."""
    table = open_table(app, "pisti", {"players": 3})
    settle(app, table)
    hand = pid(f"hand{table.human}")
    places = dict(table.view.card_rects(hand))
    felt = _felt(table, str(hand))
    _lift(app, centre(table, str(hand), 1), felt)
    assert dict(table.view.card_rects(hand)) == places
    post(pygame.MOUSEBUTTONUP, felt)
    app.step(DT)
    assert table.model.show.glide is not None
    assert dict(table.view.card_rects(hand)) == places
    assert table.model.show.flights()[0].end.distance_to(places[1].topleft) < 1


def _hand_words(table) -> str:
    return says.seat_label(table.model, table.human)


def test_a_lifted_and_refused_card_is_still_counted_in_the_hand(app):
    table = open_table(app, "pisti", {"players": 3})
    settle(app, table)
    hand = f"hand{table.human}"
    assert "4 cards" in _hand_words(table)
    before = says.seat_counts(table.model)
    felt = _felt(table, hand)
    _lift(app, centre(table, hand, 1), felt)
    assert table.controller.drag is not None
    assert table.controller.drag.moved
    assert "4 cards" in _hand_words(table)
    assert says.seat_counts(table.model) == before
    post(pygame.MOUSEBUTTONUP, felt)
    app.step(DT)
    assert table.model.show.glide is not None
    assert "4 cards" in _hand_words(table)
    assert says.seat_counts(table.model) == before
    assert table.state.history == []
