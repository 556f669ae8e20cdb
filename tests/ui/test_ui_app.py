"""The application around the table: menu choices, resizing, the state file, the AI thread,
the in-game menu and the book version's automatic flipping."""

from __future__ import annotations

import json
import threading

import pygame
import pytest
from ui_support import DT, click, join, key, make_app, open_table, pid, right_arrow, set_agent

from game.__main__ import parse_args
from game.core.agents import SeatView
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.table import TableScene
from game.ui.table.model.says import seat_label


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch)
    a.state_file = tmp_path / "state.json"
    yield a
    a.scene.leave()


def test_menu_clicks_choose_four_player_pisti_and_start(app):
    menu = app.goto("menu", seed=1)
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
    assert app.scene.state.game == "pisti"
    assert app.scene.state.players == 4
    assert app.settings.last_game == "pisti"
    assert app.settings.game_options["pisti"]["players"] == 4


def test_window_resize_recomputes_layout_and_card_art(app):
    table = open_table(app, "pishe-pasha", {"players": 2}, seed=1)
    app.step(DT)
    small = table.model.layout.card
    app.window.size = (1920, 1080)  # the window tells of it with VIDEORESIZE
    app.step(DT)
    assert table.model.layout.size == (1920, 1080)
    assert table.model.layout.card[0] > small[0]
    assert table.art.size == table.model.layout.card
    assert table.art.face(0).get_size() == table.model.layout.card


def test_state_file_holds_record_and_report_after_each_move(app, tmp_path):
    table = open_table(app, "pisha-pasha-book", {}, seed=2)
    app.step(DT)
    click(app, table.model.layout.spots[pid("stock0")].rect.center)
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

    def choose(self, view: SeatView):
        self.thread = threading.current_thread().name
        self.release.wait(5)
        return view.legal_actions()[0]

    def call(self, view):
        return None


def test_computer_thinks_off_the_ui_thread_and_the_window_keeps_drawing(app):
    table = open_table(app, "pisti", {"players": 2}, seed=4)
    agent = BlockingAgent()
    set_agent(table, 1, agent)
    for _ in range(50):
        app.step(DT)
        if table.state.to_move != table.human and table.model.thinker.busy:
            break
        if table.model.human_may_act():
            table.model.perform(table.state.legal_actions()[0])
    assert table.model.thinker.busy
    for _ in range(5):
        assert app.step(DT)
    seat = 1 - table.human
    assert "thinking" in seat_label(table.model, seat)
    assert agent.thread
    assert agent.thread != threading.current_thread().name
    agent.release.set()
    for _ in range(200):
        app.step(DT)
        join(app)  # the worker's and the voice's work done: the next frame sees it
        if len(table.state.history) >= 2:
            break
    assert len(table.state.history) >= 2


def test_escape_menu_leads_back_to_the_main_menu(app):
    table = open_table(app, "pisti", {"players": 3}, level="easy", seed=5)
    app.step(DT)
    key(app, pygame.K_ESCAPE)
    assert table.controls.menu_open
    main_menu = table.controls.pause_items[5]
    click(app, main_menu.rect.center)
    assert isinstance(app.scene, MenuScene)


def test_book_automatic_flipping_flips_without_clicks(app):
    table = open_table(app, "pisha-pasha-book", {}, seed=6)
    app.step(DT)
    click(app, right_arrow(table.controls.auto))
    assert table.model.auto_on
    for _ in range(100):
        app.step(0.1)
    assert [str(a) for a in table.state.history].count("flip") >= 5


def test_command_line_size_must_look_like_width_x_height(capsys):
    assert parse_args(["--size", "1600x900"]).size == (1600, 900)
    with pytest.raises(SystemExit):
        parse_args(["--size", "big"])
    assert "1280x800" in capsys.readouterr().err
