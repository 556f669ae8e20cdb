"""What the game keeps, seen from the screens: Continue, take-backs, numbered deals, the
History and its replays, the Statistics, and nothing thrown away by accident."""

from __future__ import annotations

import json

import pygame
import pytest
from ui_support import DT, click, key, make_app, open_table, pid, settle

from game.core.agents import SeatView
from game.record import replay
from game.session import replay_record
from game.ui.scenes.history import HistoryScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.stats import StatsScene
from game.ui.scenes.summary import SummaryScene
from game.ui.scenes.table import TableScene

CTRL = pygame.KMOD_CTRL


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch, keep=True)
    yield a
    a.scene.leave()


def play_moves(app, table, n: int) -> None:
    agent = table.model.spec.make_agent("medium", 3)
    for _ in range(n):
        settle(app, table)
        if table.state.is_over or app.scene is not table:
            return
        table.model.perform(agent.choose(SeatView(table.state, table.human)))
    settle(app, table)


def play_to_the_end(app, table) -> None:
    for _ in range(80):
        play_moves(app, table, 5)
        if app.scene is not table:
            return


def test_continue_restores_the_match_after_the_window_closed(app, tmp_path):
    table = open_table(app, "pisti", {"players": 2}, seed=9)
    play_moves(app, table, 5)
    record = table.state.record()
    app.goto("menu")
    app.scene.leave()
    again = make_app(tmp_path, pytest.MonkeyPatch(), keep=True)
    try:
        menu = again.goto("menu")
        again.step(DT)
        assert menu.continue_btn.visible
        assert menu._continue_label() == "Continue: Pişti (2 players, to 151), you 0 – 0, hand 1"
        click(again, menu.continue_btn.rect.center)
        assert isinstance(again.scene, TableScene)
        assert again.scene.state.record() == record
    finally:
        again.scene.leave()


def test_leaving_for_the_menu_says_the_match_is_kept(app):
    table = open_table(app, "pisti", {"players": 2}, seed=9)
    play_moves(app, table, 2)
    table.main_menu()
    assert isinstance(app.scene, MenuScene)
    assert "saved" in app.notices[-1]


def test_take_backs_switched_off_take_nothing_back_and_say_so(app):
    app.settings.take_backs = False
    table = open_table(app, "pisti", {"players": 2}, seed=10)
    play_moves(app, table, 2)
    before = [str(a) for a in table.state.history]
    key(app, pygame.K_z, CTRL)
    assert [str(a) for a in table.state.history] == before
    assert "Take-backs are off" in table.model.message
    assert table.controls.undo_btn.visible
    assert not table.controls.undo_btn.enabled


def test_ctrl_z_takes_back_and_ctrl_y_redoes_back_to_the_start_of_the_hand(app):
    app.settings.take_backs = True
    table = open_table(app, "pishe-pasha", {"players": 2}, seed=11)
    for _ in range(20):  # until the player has made two choices
        play_moves(app, table, 4)
        if sum(s.is_move_of(table.human, True) for s in table.model.referee.past) >= 2:
            break
    end = (table.state.report(), [str(a) for a in table.state.history])
    seen = []
    while table.model.referee.can_undo(table.human, choice=True):
        key(app, pygame.K_z, CTRL)
        settle(app, table)
        seen.append(len(table.state.history))
        assert table.model.shown.count() == 52
    assert seen == sorted(seen, reverse=True)
    assert len(seen) >= 2
    while table.model.referee.can_redo():
        key(app, pygame.K_y, CTRL)
    settle(app, table)
    assert (table.state.report(), [str(a) for a in table.state.history]) == end


def test_a_hand_with_take_backs_is_counted_apart(app):
    app.settings.take_backs = True
    table = open_table(app, "pisti", {"players": 2}, seed=12)
    play_moves(app, table, 3)
    key(app, pygame.K_z, CTRL)
    play_to_the_end(app, table)
    line = next(iter(app.keeper.statistics().values()))
    assert line.takeback_hands == 1
    assert line.hands == 0


def test_new_hand_mid_hand_asks_first_and_counts_a_lost_hand(app):
    table = open_table(app, "pisti", {"players": 2}, seed=13)
    play_moves(app, table, 4)
    first = table.state.setup()
    key(app, pygame.K_ESCAPE)
    click(app, table.controls.pause_items[1].rect.center)
    assert table.controls.question is not None
    click(app, table.controls.no_btn.rect.center)
    assert table.state.setup() == first
    key(app, pygame.K_ESCAPE)
    click(app, table.controls.pause_items[1].rect.center)
    click(app, table.controls.yes_btn.rect.center)
    assert table.state.setup() != first
    assert not table.state.history
    line = next(iter(app.keeper.statistics().values()))
    assert line.hands == 1
    assert line.lost == 1


def test_the_menu_deals_a_numbered_deal_again(app):
    first = open_table(app, "pisti", {"players": 2}, seed=14)
    number = first.match.deal_no
    setup = first.state.setup()
    menu = app.goto("menu")
    menu.game.set_value("pisti")
    menu._game_changed("pisti")
    click(app, menu.deal_box.rect.center)
    for ch in str(number):
        key(app, getattr(pygame, f"K_{ch}"), unicode=ch)
    click(app, menu.deal_btn.rect.center)
    assert isinstance(app.scene, TableScene)
    assert app.scene.state.setup() == setup
    assert app.scene.match.deal_no == number
    assert str(number) in app.scene.model.log_words[0]


def test_a_finished_hand_goes_to_the_history_and_replays_move_by_move(app):
    table = open_table(app, "pisti", {"players": 2}, seed=15)
    play_to_the_end(app, table)
    assert isinstance(app.scene, SummaryScene)
    history = app.goto("history")
    app.step(DT)
    assert isinstance(history, HistoryScene)
    assert len(history.entries) == 1
    record = app.keeper.record(history.entries[0].id)
    key(app, pygame.K_RETURN)
    viewer = app.scene
    assert isinstance(viewer, ReplayScene)
    n = len(record["actions"])
    for k in range(n + 1):
        viewer.jump(k)
        want = replay({**record, "actions": record["actions"][:k]}).state
        assert viewer.model.state.report() == want.report()
    viewer.jump(0)
    for _ in range(n):
        assert viewer.step()
        app.step(DT)
    assert viewer.model.state.report() == replay(record).state.report()
    assert not viewer.step()


def test_the_replay_shows_every_hand_face_up_or_only_what_you_saw(app):
    table = open_table(app, "pisti", {"players": 2}, seed=16)
    play_to_the_end(app, table)
    last = app.keeper.entries()[0]
    viewer = app.goto("replay", record=app.keeper.record(last.id), seat=last.seat)
    viewer.jump(3)
    other = pid(f"hand{1 - viewer.seat}")
    assert all(c is None for c in viewer.model.shown.get(other))
    click(app, viewer.faces.rect.center)
    assert viewer.model.stage.reveal_all
    assert all(c is not None for c in viewer.model.shown.get(other))


def test_a_broken_record_file_gets_the_record_checkers_message(app, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"game": "pisti", "setup": {}, "actions": []}))
    history = app.goto("history")
    history.open_file(str(bad))
    assert isinstance(app.scene, ReplayScene)
    assert app.scene.model is None
    assert "setup" in app.scene.problem
    app.goto("history")
    app.scene.open_file(str(tmp_path / "missing.json"))
    assert "cannot be opened" in app.scene.message


def test_an_exported_hand_is_a_record_that_replays(app, tmp_path):
    table = open_table(app, "pishe-pasha", {"players": 2}, seed=17)
    play_moves(app, table, 6)
    viewer = app.goto("replay", record=table.state.record(), seat=0)
    viewer.export()
    (path,) = (tmp_path / "exports").glob("hand-*.json")
    data = json.loads(path.read_text())
    assert replay_record(table.model.spec, data).report() == table.state.report()


def test_statistics_screen_shows_the_line_and_resets_only_after_asking(app):
    table = open_table(app, "pisti", {"players": 2}, seed=18)
    play_to_the_end(app, table)
    screen = app.goto("stats")
    app.step(DT)
    assert isinstance(screen, StatsScene)
    assert len(screen.keys()) == 1
    click(app, screen.reset_btn.rect.center)
    assert screen.asking
    click(app, screen.no_btn.rect.center)
    assert len(screen.keys()) == 1
    click(app, screen.reset_btn.rect.center)
    click(app, screen.yes_btn.rect.center)
    assert screen.keys() == []
