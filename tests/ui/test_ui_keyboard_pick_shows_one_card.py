"""A card picked up with the keyboard is shown once, lifted above its empty place (not
twice, like two cards), and a note about the focus goes once the focus is back. Real
posted key events, headless."""

from __future__ import annotations

import pygame
from ui_support import DT, key, open_table, pid, settle, two_places

TWO = {"players": 2}


def _greenish(colour: pygame.Color) -> bool:
    return colour.g > colour.r + 10 and colour.g > colour.b


def test_a_picked_card_leaves_its_place_empty(app):
    table = open_table(app, "pishe-pasha", TWO, two_places({}))  # the turned 5C has two
    settle(app, table)
    key(app, pygame.K_TAB)
    while table.controller.focus.pile != pid("turned0"):
        key(app, pygame.K_TAB)
    focus = table.controller.focus
    home = table.view.focus_rect(table.controller.focus)
    below = (home.centerx + home.w // 4, home.bottom - 3)  # under the lifted card's foot
    app.step(DT)
    assert not _greenish(app.screen.get_at(below))  # the card lies there
    key(app, pygame.K_SPACE)
    assert table.controller.picked is not None
    assert table.controller.picked.pile == focus.pile
    app.step(DT)
    assert _greenish(app.screen.get_at(below)), "the card is drawn in its place as well"


def test_the_frame_gone_note_goes_when_tab_brings_the_frame_back(app):
    table = open_table(app, "pishe-pasha", TWO, two_places({}))
    settle(app, table)
    key(app, pygame.K_TAB)
    key(app, pygame.K_ESCAPE)
    assert table.controller.focus is None
    assert table.model.message == "The white frame is gone: Tab brings it back."
    key(app, pygame.K_TAB)
    app.step(DT)
    assert table.controller.focus is not None
    assert table.model.message == ""
    key(app, pygame.K_SPACE)
    key(app, pygame.K_ESCAPE)
    assert table.model.message.startswith("The card is")
    key(app, pygame.K_TAB)
    app.step(DT)
    assert table.model.message == ""
