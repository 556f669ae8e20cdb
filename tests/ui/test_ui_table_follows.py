"""What the table shows follows what the player changed and what
is on the table: the Undo button, the language, the deal number, fullscreen, replays and
take-backs, each reached with real posted input."""

from __future__ import annotations

import functools
import json
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest
from ui_support import (
    DT,
    click,
    gesture_for,
    join,
    key,
    make_app,
    open_table,
    play_hand_by_mouse,
    right_arrow,
    settle,
    wait_review,
)
from xvfb import need_tools, player_env, run, start_xvfb, stop

from game.core.agents import SeatView
from game.games import spec_of
from game.session import Session
from game.text import say
from game.ui.scenes.settings import SettingsScene
from game.ui.table.model.says import message_line, seat_label, status, title
from game.ui.widgets import text_of


def _settings_from_the_table(app, table) -> SettingsScene:
    click(app, table.controls.menu_btn.rect.center)
    items = table.controls.pause_items
    click(app, items[4].rect.center)
    assert isinstance(app.scene, SettingsScene)
    return app.scene


def _row(screen: SettingsScene, key_word: str):
    return next(r for r in screen.rows if text_of(r.label) == say(key_word))


def test_undo_switched_on_in_game_settings_sits_beside_the_title_at_once(app):
    app.settings.take_backs = False
    table = open_table(app, "pishe-pasha", {"players": 2})
    settle(app, table)
    undo = table.controls.undo_btn
    place = undo.rect.copy()
    screen = _settings_from_the_table(app, table)
    row = _row(screen, "settings.take_backs")
    click(app, (row.rect.right - row.rect.h // 2, row.rect.centery))
    assert app.settings.take_backs
    click(app, screen.done.rect.center)
    assert app.scene is table
    assert undo.visible
    assert undo.rect == place
    assert table.controls.rightmost_top() >= undo.rect.right
    assert not undo.rect.colliderect(table.controls.hint_btn.rect)
    _the_frame_shown_is_the_fresh_one(app, table)


def _the_frame_shown_is_the_fresh_one(app, table) -> None:
    """The top bar on screen (the app draws again only when something changed) is what
    drawing the table now gives: nothing waits for a relayout."""
    bar = table.model.layout.areas["topbar"]
    fresh = pygame.Surface(app.screen.get_size())
    table.draw(fresh)
    shown = pygame.image.tobytes(app.screen.subsurface(bar), "RGB")
    assert shown == pygame.image.tobytes(fresh.subsurface(bar), "RGB")


def test_book_version_with_auto_on_says_it_flips_itself_and_offers_no_hint(app):
    table = open_table(app, "pisha-pasha-book", {})
    settle(app, table)
    controls = table.controls
    click(app, right_arrow(controls.auto))
    assert table.model.auto_on
    assert not controls.flip_btn.enabled
    words, _ = message_line(table.model)
    assert words == say("prompt.auto")
    assert words != say("prompt.flip")
    assert not controls.hint_btn.enabled
    key(app, pygame.K_h)
    assert table.model.message == say("message.no_hints")
    assert table.model.hints.asked == -1


ROOT = Path(__file__).resolve().parents[2]
DEAL = 835168548


def _played_deal(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, keep=True)
    session = Session.start("pisti", {"players": 2}, "medium", 3, deal_no=DEAL)
    table = app.goto("table", session=session)
    play_hand_by_mouse(app, table)
    assert app.scene.name == "summary"
    return app, table


def _shows_the_deal(app, record: dict) -> None:
    """The replay's header and log name the deal, and that number deals these very cards."""
    scene = app.scene
    assert scene.name == "replay"
    assert str(DEAL) in title(scene.model)
    match = scene.model.match
    again = spec_of(record["game"]).new_hand(match.players, match.options, DEAL)
    assert again.setup() == record["setup"]


def test_history_replay_and_review_show_the_deal_number_play_this_deal_reproduces(
    tmp_path, monkeypatch
):
    from game.ai import coach

    quick = functools.partial(coach.review, budget=0.005, threshold=-100.0)
    monkeypatch.setattr(coach, "review", quick)  # a quick coach: the numbers are the point
    app, table = _played_deal(tmp_path, monkeypatch)
    record = table.state.record()
    summary = app.scene
    click(app, summary.review_btn.rect.center)
    review = app.scene

    wait_review(app, review)
    assert review.mistakes, "the review had no position to show"
    click(app, review.open_btn.rect.center)
    _shows_the_deal(app, record)
    app.goto("history")
    history = app.scene
    assert history.entries[0].deal == DEAL
    click(app, history.replay_btn.rect.center)
    _shows_the_deal(app, record)


@pytest.mark.parametrize("game", ["pisti", "pishe-pasha"])
def test_the_header_says_your_turn_only_once_the_computers_card_has_landed(app, game):
    app.settings.pace = "normal"
    table = open_table(app, game, {"players": 2})
    table.match.hand_no = 1  # the computer leads this hand
    table.session.referee.restart(table.match.redeal(table.match.deal_no))
    table.model.start_hand()
    table.resize(app.size)
    m = table.model
    seen = []
    for _ in range(2000):
        app.step(DT)
        if m.state.history:
            seen.append((m.show.busy, status(m), seat_label(m, m.human)))
        if m.human_may_act():
            break
        join(app)  # the worker's and the voice's work done: the next frame sees it
    assert any(busy for busy, _, _ in seen), "the computer's move was never shown"
    for busy, words, label in seen:
        if busy:
            assert words != say("status.your_turn")
            assert say("label.your_turn") not in label
    assert status(m) == say("status.your_turn")


def _recorded_hand(app, moves: int = 8) -> dict:
    table = open_table(app, "pishe-pasha", {"players": 2}, seed=5)
    agent = table.model.spec.make_agent("medium", 1)
    table.model.referee.agents[0] = agent
    while len(table.state.history) < moves:
        table.model.referee.step()
    return table.state.record()


def test_a_replay_at_any_move_shows_the_dealt_table_and_the_log_up_to_that_move(app):
    record = _recorded_hand(app)
    app.settings.pace = "normal"
    scene = app.goto("replay", record=record, seat=0)
    app.step(DT)
    m = scene.model
    assert m.shown.count() == 52
    assert "deck" not in {str(p) for p in m.shown.piles}
    north = 1 - m.human
    assert m.spec.seat_cards(m.shown.piles, north) > 0
    assert say("log.deal") in m.log_words
    stepped = {0: m.log_words}
    for k in range(1, len(scene.actions) + 1):
        key(app, pygame.K_RIGHT)
        while scene.model.show.busy:
            app.step(DT)
        stepped[k] = scene.model.log_words
    for k, press in ((0, pygame.K_HOME), (len(scene.actions), pygame.K_END), (0, pygame.K_HOME)):
        key(app, press)
        assert scene.k == k
        assert scene.model.log_words == stepped[k], k
        assert scene.model.shown.count() == 52


def _play_by_mouse(app, table, n: int) -> None:
    agent = table.model.spec.make_agent("medium", 3)
    for _ in range(n):
        settle(app, table)
        gesture_for(app, table, agent.choose(SeatView(table.state, table.human)))
    settle(app, table)


def test_take_backs_name_the_move_and_continue_keeps_the_log_and_undo(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, keep=True, take_backs=True)
    table = open_table(app, "pisti", {"players": 2}, seed=9)
    _play_by_mouse(app, table, 3)
    log_before = table.model.log_words
    mine = len(table.state.history)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    settle(app, table)
    after = table.model.log_words
    taken = after[-1]
    assert taken.startswith(say("log.taken_back", move="").strip())
    assert taken.count("♠") + taken.count("♥") + taken.count("♦") + taken.count("♣") == 1
    assert after[:-1] == log_before[: len(after) - 1]
    assert len(after) - 1 < len(log_before)
    assert len(table.state.history) < mine
    assert say("log.undo") not in after
    _play_by_mouse(app, table, 2)
    log, history = table.model.log_words, table.state.record()
    app.goto("menu")
    app.scene.leave()
    again = make_app(tmp_path, pytest.MonkeyPatch(), keep=True, take_backs=True)
    try:
        menu = again.goto("menu")
        again.step(DT)
        click(again, menu.continue_btn.rect.center)
        resumed = again.scene
        settle(again, resumed)
        assert resumed.state.record() == history
        taken_back = say("log.taken_back", move="").strip()
        assert resumed.model.log_words == [line for line in log if not line.startswith(taken_back)]
        assert resumed.controls.undo_btn.visible
        assert resumed.controls.undo_btn.enabled
        key(again, pygame.K_z, pygame.KMOD_CTRL)
        settle(again, resumed)
        assert len(resumed.state.history) < len(history["actions"])
    finally:
        again.scene.leave()


def _language_from_the_table(app, table) -> None:
    """Game menu → Settings → the language row's arrow → Done, with the mouse."""
    screen = _settings_from_the_table(app, table)
    row = screen.rows[0]
    click(app, right_arrow(row))
    click(app, screen.done.rect.center)
    assert app.scene is table


def test_changing_the_language_mid_game_words_the_whole_table_again(app):
    table = open_table(app, "pisti", {"players": 2}, seed=9)
    _play_by_mouse(app, table, 2)
    m = table.model
    north = 1 - m.human
    english = m.log_words
    assert seat_label(m, north).startswith("North")
    _language_from_the_table(app, table)
    assert app.settings.language == "tr"
    turkish = m.log_words
    assert seat_label(m, north).startswith("Kuzey")
    assert "Sen" in seat_label(m, m.human)
    assert not any("North" in line or line.startswith("You ") for line in turkish)
    assert any("Kuzey" in line for line in turkish)
    assert len(turkish) == len(english)
    _play_by_mouse(app, table, 1)
    assert not any("North" in line or "You " in line for line in m.log_words)
    _language_from_the_table(app, table)
    assert app.settings.language == "de"
    german = m.log_words
    assert seat_label(m, north).startswith("Nord")
    assert "Du" in seat_label(m, m.human)
    assert not any("Kuzey" in line or "North" in line for line in german)
    assert german[0].startswith("Runde 1 von Pişti")
    assert any("Nord " in line for line in german)
    _language_from_the_table(app, table)
    assert app.settings.language == "en"
    assert m.log_words[: len(english)] == english


def test_fullscreen_and_back_lay_out_for_the_window_size_the_dummy_driver_gives(app):
    table = open_table(app, "pisti", {"players": 2})
    start = app.screen.get_size()
    for _ in range(2):
        key(app, pygame.K_F11)
        for _ in range(5):
            app.step(DT)
        real = app.window.size
        assert app.screen.get_size() == real == table.model.size
        assert app.screen.get_rect().contains(table.model.layout.areas["topbar"])
    assert app.screen.get_size() == start


@pytest.mark.slow
@pytest.mark.parametrize("manager", [None, "openbox"])
def test_fullscreen_and_back_lay_out_for_the_real_window_under_xvfb(tmp_path, manager):
    need_tools(("Xvfb",) + ((manager,) if manager else ()))
    server, display = start_xvfb((1280, 800))
    wm = None
    try:
        env = player_env(tmp_path, DISPLAY=display, SDL_AUDIODRIVER="dummy",
                         PYTHONPATH=str(ROOT))  # fmt: skip
        if manager:
            wm = subprocess.Popen([manager], env=env, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)  # fmt: skip
            time.sleep(1.0)
        out = run([sys.executable, str(ROOT / "tests" / "fullscreen_probe.py")], env, 60)
        full, back = json.loads(out.strip().splitlines()[-1])
        for seen in (full, back):
            assert seen["window"] == seen["surface"] == seen["layout"], seen
            _x, y, _w, h = seen["topbar"]
            assert y >= 0
            assert y + h <= seen["window"][1]
        assert full["window"] == [1280, 800]
        assert back["window"][1] < 800
    finally:
        stop(wm)
        server.kill()
        server.wait()
