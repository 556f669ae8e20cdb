"""The table is drawn from cached layers; what the player sees must be what a full
redraw would show, card for card, while a hand is played."""

from __future__ import annotations

import pygame
import pytest
from ui_support import make_app, open_table, settle

from game.core.agents import SeatView
from game.text.log_lines import LogLine
from game.ui.layer import Layer


def full_redraw(table) -> bytes:
    """The table layer drawn from nothing, for comparison."""
    view = table.view
    fresh, view._cards = view._cards, Layer()
    try:
        return pygame.image.tobytes(view._table(table.controller.pointer().holding), "RGB")
    finally:
        view._cards = fresh


@pytest.mark.parametrize(
    ("game", "choices"), [("pishe-pasha", {"players": 2}), ("pisti", {"players": 4})]
)
def test_cards_redrawn_in_part_look_as_if_drawn_whole(tmp_path, monkeypatch, game, choices):
    app = make_app(tmp_path, monkeypatch, pace="fast")
    table = open_table(app, game, choices)
    agent = table.model.spec.make_agent("easy", 5)
    partial = 0
    for step in range(400):
        if table.state.is_over or app.scene is not table:
            break
        if table.model.human_may_act():
            table.model.perform(agent.choose(SeatView(table.state, table.human)))
        before = table.view._cards.draws
        app.step(0.03)
        if table.view._cards.draws > before and table.view._cards.key is not None:
            shown = pygame.image.tobytes(table.view._cards.surface, "RGB")
            assert shown == full_redraw(table), f"the layer differs after step {step}"
            partial += 1
    assert partial > 10, "the cards layer was hardly ever redrawn: the test saw nothing"


def test_side_panel_is_drawn_again_when_the_log_grows(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    table = open_table(app, "pisti", {"players": 2})
    settle(app, table)
    draws = table.view._panel.draws
    for _ in range(5):
        app.dirty = True
        app.step(0.02)
    assert table.view._panel.draws == draws, "an unchanged panel is not drawn again"
    table.model.log.lines.append(LogLine.said("log.deal"))
    app.dirty = True
    app.step(0.02)
    assert table.view._panel.draws == draws + 1
