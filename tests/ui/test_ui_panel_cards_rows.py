"""The side panel's CARDS rows share one layout: every seat's figures beside its name, or
every seat's under it, all at one size (in four-player Pişti some rows were one way and
some the other, and a row with two-digit figures was drawn smaller)."""

from __future__ import annotations

import pygame
import pytest
from ui_support import DT, gesture_for, open_table, play_hand

from game.text.phrasebook import LANGUAGES
from game.ui import theme
from game.ui.layer import Layer
from game.ui.table.model import says


@pytest.fixture(params=LANGUAGES)
def app_options(request) -> dict:
    return {"size": (960, 600), "language": request.param}


def rows_drawn(app, table) -> list[tuple[pygame.Rect, pygame.Rect]]:
    """Where the next frame draws each seat's name and its figures in the CARDS rows."""
    drawn: list[tuple[str, pygame.Rect]] = []
    real = theme.text

    def spy(surface, words, *args, **kwargs):
        at = real(surface, words, *args, **kwargs)
        drawn.append((words, at))
        return at

    table.view._panel = Layer()  # the panel is drawn afresh, not from its layer
    theme.text = spy
    try:
        app.dirty = True
        app.step(DT)
    finally:
        theme.text = real
    rows, k = [], 0
    for who, words in says.seat_counts(table.model):
        k = next(i for i in range(k, len(drawn)) if drawn[i][0] == who)
        rows.append((drawn[k][1], drawn[k + 1][1]))
        assert drawn[k + 1][0] == words
    return rows


def test_every_cards_row_of_four_player_pisti_takes_the_same_layout(app):
    table = open_table(app, "pisti", {"players": 4}, seed=5)
    layouts = set()

    def check(_moves: int) -> None:
        rows = rows_drawn(app, table)
        beside = {name.y == figures.y for name, figures in rows}
        heights = {figures.h for _, figures in rows}
        assert len(beside) == 1, rows
        assert len(heights) == 1, rows
        panel_area = table.model.layout.areas["panel"]
        assert all(figures.right <= panel_area.w for _, figures in rows)
        layouts.update(beside)

    play_hand(app, table, gesture_for, after=check)
    assert layouts
