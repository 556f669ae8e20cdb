"""Issue 23 (bugsa's items): what the table shows follows what the player changed and what
is on the table: the Undo button, the language, the deal number, fullscreen, replays and
take-backs, each reached with real posted input."""

from __future__ import annotations

import functools
import time

import pygame
import pytest
from ui_support import (
    DT,
    click,
    key,
    make_app,
    open_table,
    play_hand_by_mouse,
    right_arrow,
    settle,
)

from game.games import spec_of
from game.session import Session
from game.text import say
from game.ui.scenes.settings import SettingsScene
from game.ui.table.panel import message_line, seat_label, status, title
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
    table = open_table(app, "pishe-pasha", {"players": 2})
    settle(app, table)
    screen = _settings_from_the_table(app, table)
    row = _row(screen, "settings.take_backs")
    click(app, (row.rect.right - row.rect.h // 2, row.rect.centery))
    assert app.settings.take_backs
    click(app, screen.done.rect.center)
    assert app.scene is table
    undo = table.controls.undo_btn
    assert undo.visible
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
    assert words == say("prompt.auto") and words != say("prompt.flip")
    assert not controls.hint_btn.enabled
    key(app, pygame.K_h)
    assert table.model.message == say("message.no_hints")
    assert table.model.hint_asked == -1


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

    end = time.monotonic() + 60
    while review.pending is not None and time.monotonic() < end:
        app.step(DT)
        time.sleep(0.01)
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
        time.sleep(0.002)
    assert any(busy for busy, _, _ in seen), "the computer's move was never shown"
    for busy, words, label in seen:
        if busy:
            assert words != say("status.your_turn")
            assert say("label.your_turn") not in label
    assert status(m) == say("status.your_turn")
