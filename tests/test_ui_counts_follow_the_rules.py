"""A card dropped on bare felt flies home by itself, and every count the table shows is
the rules' count: a card lifted, gliding home or in flight is counted where the rules
have it, never lost between two piles. Real posted mouse events, headless."""

from __future__ import annotations

import pygame
import pytest
from ui_support import DT, centre, holding_2h, open_table, pid, post, settle

from game.core.cards import parse_card
from game.text.words import phrase
from game.ui.table import panel, says


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
    assert table.model.show.glide is None and len(flips) >= steps - 1 > 3
    assert table.model.shown.get(pid("turned0")) == [parse_card("2H")]
    assert table.state.history == [] and not table.model.message


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
    before = panel.seat_counts(table.model)
    felt = _felt(table, hand)
    _lift(app, centre(table, hand, 1), felt)
    assert table.controller.drag is not None and table.controller.drag.moved
    assert "4 cards" in _hand_words(table)
    assert panel.seat_counts(table.model) == before
    post(pygame.MOUSEBUTTONUP, felt)
    app.step(DT)
    assert table.model.show.glide is not None
    assert "4 cards" in _hand_words(table)
    assert panel.seat_counts(table.model) == before
    assert table.state.history == []


@pytest.mark.parametrize("game", ["pishe-pasha", "pisti"])
def test_counts_during_a_computers_turn_are_the_rules_counts(app, game):
    """While a computer's cards fly, its label and the panel count every card it holds
    (the card in the air too) as the rules do: the won pile's count is the one the hand's
    live points are worked out from."""
    table = open_table(app, game, {"players": 2})
    settle(app, table)
    m = table.model
    spec, human = m.spec, table.human
    north = 1 - human
    flights = 0
    for _ in range(3000):
        if m.takes_moves():
            if flights > 3:
                break
            m.perform(m.my_actions()[0])
        app.step(DT)
        if m.show.step is not None and m.show.mover == north:
            flights += 1
            rules = m.state.observation(human).piles
            assert f"{spec.seat_cards(rules, north)} cards" in says.seat_label(m, north)
            words = [phrase(p, m.namer) for p in spec.panel_counts(rules, north, north)]
            assert panel.seat_counts(m)[north] == (m.namer.who(north), ", ".join(words))
    assert flights > 3


def test_counts_during_the_deal_are_the_rules_counts(app):
    """The cards of the opening deal fly one by one; the panel counts them where the rules
    have them all the while (never a card lost in the air)."""
    table = open_table(app, "pishe-pasha", {"players": 2})
    m, dealt = table.model, 0
    while m.dealing and dealt < 2000:
        app.step(DT)
        dealt += 1
        rules = m.state.observation(table.human).piles
        for seat, (_, words) in enumerate(panel.seat_counts(m)):
            side = m.state.side_of(seat)
            want = [phrase(p, m.namer) for p in m.spec.panel_counts(rules, seat, side)]
            assert words == ", ".join(want)
    assert dealt > 3
