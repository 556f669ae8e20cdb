"""The end-of-hand dialog covers the table and leaves the side panel
whole; it says who won and why, the points line by line under clear headings, the match
so far, and draws the match's chart only once there are two hands to show."""

from __future__ import annotations

import pygame
import pytest
from ui_support import DT, key, make_app, open_table, settle

from game.core.agents import SeatView
from game.text import set_language
from game.ui import theme
from game.ui.scenes.summary import SummaryScene


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch, size=(960, 600), keep=True)
    yield a
    a.scene.leave()
    set_language("en")


def play_hand(app, table) -> SummaryScene:
    spec = table.model.spec
    agent = spec.make_agent(spec.default_level, 3)
    while app.scene is table:
        settle(app, table)
        if app.scene is table and table.model.human_may_act():
            table.model.perform(agent.choose(SeatView(table.state, table.human)))
    assert isinstance(app.scene, SummaryScene)
    return app.scene


def words_drawn(app, monkeypatch) -> list[str]:
    seen: list[str] = []
    real = theme.rendered

    def watch(words, size, colour, bold=False):
        seen.append(words)
        return real(words, size, colour, bold)

    monkeypatch.setattr(theme, "rendered", watch)
    app.dirty = True
    app.step(DT)
    monkeypatch.setattr(theme, "rendered", real)
    return seen


def charts_drawn(app, summary, monkeypatch) -> int:
    calls: list[pygame.Rect] = []
    real = SummaryScene._chart
    monkeypatch.setattr(SummaryScene, "_chart", lambda s, surf, box, size: calls.append(box))
    app.dirty = True
    app.step(DT)
    monkeypatch.setattr(SummaryScene, "_chart", real)
    return len(calls)


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_the_pisti_summary_leaves_the_side_panel_whole_and_heads_its_points(app, monkeypatch, size):
    app.window.size = size
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))
    table = open_table(app, "pisti", {"players": 2}, seed=11)
    summary = play_hand(app, table)
    app.step(DT)
    assert not summary.panel.colliderect(table.model.layout.areas["panel"])
    assert app.screen.get_rect().contains(summary.panel)
    drawn = words_drawn(app, monkeypatch)
    assert "POINTS THIS HAND" in drawn
    assert "Cards taken" in drawn
    assert "MATCH SCORE (TO 151)" in drawn
    assert "This hand" in drawn
    assert "Total" in drawn
    assert charts_drawn(app, summary, monkeypatch) == 0, "one hand: no chart of flat lines"
    key(app, pygame.K_RETURN)
    assert app.scene is table
    summary = play_hand(app, table)
    assert charts_drawn(app, summary, monkeypatch) == 1, "two hands: the chart shows the race"


def test_the_pishe_pasha_summary_says_what_each_player_had_left(app, monkeypatch):
    set_language("tr")
    table = open_table(app, "pishe-pasha", {"players": 2}, seed=5)
    summary = play_hand(app, table)
    assert not summary.panel.colliderect(table.model.layout.areas["panel"])
    drawn = words_drawn(app, monkeypatch)
    assert "KALAN KARTLAR: HER BİRİ KAZANANA BİR PUAN" in drawn
    assert "Sen" in drawn
    assert "Deste" in drawn
    assert "Iskarta" in drawn
    assert "Bu el" in drawn
    assert "Toplam" in drawn
    end = summary._content(pygame.Surface(app.size), *summary._fitted(app.size))
    assert end > summary.panel.centery, "the dialog's words reach past its middle"
