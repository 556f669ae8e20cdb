"""A deal hurried by a key leaves no deck behind: the table's layer draws again, whole,
when a pile's place comes or goes, so the deck's last picture is never left on the felt
(seen under Xvfb: three face-down cards with a badge over Pishe Pasha's foundations)."""

from __future__ import annotations

import pygame
import pytest
from ui_support import DT, key, open_table

from game.core.types import DECK
from game.ui.layer import Layer


@pytest.fixture
def app_options() -> dict:
    return {"pace": "normal"}


def test_a_deal_hurried_by_a_key_leaves_no_picture_of_the_deck(app):
    table = open_table(app, "pishe-pasha", {}, seed=7)
    model, view = table.model, table.rig.view
    deck_area = view._bounds(DECK)
    for _ in range(10):
        app.step(DT)
    assert model.dealing, "the deal is still being shown"
    assert model.shown.get(DECK), "the deal is still being shown"
    key(app, pygame.K_SPACE)
    app.step(DT)
    assert not model.dealing
    assert DECK not in model.layout.spots
    app.scene.draw(app.screen)
    drawn = app.screen.subsurface(deck_area).copy()
    view._cards = Layer()
    app.scene.draw(app.screen)
    fresh = app.screen.subsurface(deck_area)
    assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(fresh, "RGB")
