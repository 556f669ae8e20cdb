"""The application around the table: menu choices, resizing, the state file, the AI thread,
the in-game menu and the book version's automatic flipping."""

from __future__ import annotations

import json
import threading
import time

import pygame
import pytest

from game.__main__ import parse_args
from game.settings import Settings
from game.ui.app import App
from game.ui.info_panel import seat_label
from game.ui.scenes.menu import MenuScene, match_for
from game.ui.scenes.table import TableScene

DT = 0.02


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("PASHA_PISTI_HOME", str(tmp_path))
    a = App(
        (1280, 800),
        state_file=str(tmp_path / "state.json"),
        settings=Settings(pace="instant", sound=False),
    )
    yield a
    a.scene.leave()


def click(app: App, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.step(DT)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(DT)


def right_arrow(widget) -> tuple[int, int]:
    return widget.rect.right - widget.rect.h // 2, widget.rect.centery


def test_menu_clicks_choose_four_player_pisti_and_start(app):
    menu = MenuScene(app, seed=1)
    app.switch(menu)
    app.step(DT)
    for _ in range(3):
        if menu.game.value == "pisti":
            break
        click(app, right_arrow(menu.game))
    for _ in range(3):
        if menu.options[0].value == 4:
            break
        click(app, right_arrow(menu.options[0]))  # the option rows are rebuilt on change
    click(app, menu.start.rect.center)
    assert isinstance(app.scene, TableScene)
    assert app.scene.state.game == "pisti" and app.scene.state.players == 4
    assert app.settings.last_game == "pisti"
    assert app.settings.game_options["pisti"]["players"] == 4


def test_window_resize_recomputes_layout_and_card_art(app):
    table = TableScene(app, match_for("pishe-pasha", {"players": 2}, 1), "medium", 1)
    app.switch(table)
    app.step(DT)
    small = table.layout.card
    pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1920, 1080), w=1920, h=1080))
    app.step(DT)
    assert table.layout.size == (1920, 1080)
    assert table.layout.card[0] > small[0]
    assert table.art.size == table.layout.card
    assert table.art.face(0).get_size() == table.layout.card


def test_state_file_holds_record_and_report_after_each_move(app, tmp_path):
    table = TableScene(app, match_for("pisha-pasha-book", {}, 2), "medium", 2)
    app.switch(table)
    app.step(DT)
    stock = table.layout.spots["stock0"].rect.center
    click(app, stock)
    data = json.loads((tmp_path / "state.json").read_text())
    assert data["record"]["game"] == "pisha-pasha-book"
    assert data["record"]["actions"] == ["flip"]
    assert data["report"]["state"] == table.state.report()


class BlockingAgent:
    """Waits for the test before answering, and notes which thread asked it."""

    name = "blocking"

    def __init__(self) -> None:
        self.release = threading.Event()
        self.thread: str | None = None

    def choose(self, view) -> str:
        self.thread = threading.current_thread().name
        self.release.wait(5)
        return view.legal_actions()[0]

    def stop_call(self, view):
        return None


def test_computer_thinks_off_the_ui_thread_and_the_window_keeps_drawing(app):
    match = match_for("pisti", {"players": 2}, 4)
    table = TableScene(app, match, "medium", 4)
    agent = BlockingAgent()
    table.opponents.agents[1] = agent
    app.switch(table)
    for _ in range(50):
        app.step(DT)
        if table.state.to_move == 1 and table.opponents.thinking:
            break
        if table.human_may_act():
            hand = table.state.legal_actions()
            table.perform(hand[0])
    assert table.opponents.thinking
    for _ in range(5):
        assert app.step(DT)
    assert "thinking" in seat_label(table, 1)
    assert agent.thread and agent.thread != threading.current_thread().name
    agent.release.set()
    for _ in range(200):
        app.step(DT)
        time.sleep(0.001)  # the real loop sleeps between frames; let the worker run
        if len(table.state.history) >= 2:
            break
    assert len(table.state.history) >= 2


def test_escape_menu_leads_back_to_the_main_menu(app):
    table = TableScene(app, match_for("pisti", {"players": 3}, 5), "easy", 5)
    app.switch(table)
    app.step(DT)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    app.step(DT)
    assert table.controls.menu_open
    main_menu = table.controls.pause_items[3]
    click(app, main_menu.rect.center)
    assert isinstance(app.scene, MenuScene)


def test_book_automatic_flipping_flips_without_clicks(app):
    table = TableScene(app, match_for("pisha-pasha-book", {}, 6), "medium", 6)
    app.switch(table)
    app.step(DT)
    click(app, right_arrow(table.controls.auto))
    assert table.auto_flip
    for _ in range(100):
        app.step(0.1)
    assert table.state.history.count("flip") >= 5


def test_command_line_size_must_look_like_width_x_height(capsys):
    assert parse_args(["--size", "1600x900"]).size == (1600, 900)
    with pytest.raises(SystemExit):
        parse_args(["--size", "big"])
    assert "1280x800" in capsys.readouterr().err
