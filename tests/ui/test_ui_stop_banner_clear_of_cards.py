"""The Stop! banner covers no card: at the usual window sizes it finds a place on the
felt clear of every pile, seat label and button, on a near-solid backing. Real posted key
and mouse events, headless."""

from __future__ import annotations

import pygame
import pytest
from ui_support import (
    Prefers,
    click,
    holding_2h,
    key,
    make_app,
    open_table,
    set_agent,
    until,
)

from game.text.phrasebook import LANGUAGES

STOP = {"players": 2, "stop_rule": True}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
@pytest.mark.parametrize("choice", [0, 1])
def test_the_stop_banner_covers_no_card_and_hides_nothing_behind_its_words(
    tmp_path, monkeypatch, lang, size, choice
):
    app = make_app(tmp_path, monkeypatch, size=size, language=lang, pace="normal",
                   call_window=5.0)  # fmt: skip
    table = open_table(app, "pishe-pasha", STOP, holding_2h({"stop_rule": True}, to_move=1))
    set_agent(table, 1, Prefers("turned>D", name="faulty"))
    until(app, lambda: table.model.window.open and not table.model.show.busy)
    key(app, pygame.K_s)
    click(app, table.controls.choices()[choice].rect.center)
    banner = table.model.hooks.banners[-1]
    until(app, lambda: banner.age > 0.4)
    layout, box = table.model.layout, table.view.banner_box
    piles = [spot.area for spot in layout.spots.values()]
    labels = [r for name, r in layout.areas.items() if name.startswith("label")]
    buttons = [b.rect for b in table.controls.call_btns if b.visible]
    assert box.collidelist(piles + labels + buttons) < 0, (box, lang, size)
    assert layout.areas["table"].contains(box)
    assert all(box.contains(words) for words in table.view.banner_words)
    felt = app.screen.get_at((box.x + 4, box.centery))
    assert max(felt.r, felt.g, felt.b) < 60, "the backing lets the felt show through"
