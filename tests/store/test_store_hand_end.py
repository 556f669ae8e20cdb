"""A finished hand is one transaction, at the moment it ends: its History row,
its statistics and the match's next state commit together when the last move is made,
not after the table's pause before the summary; so closing the window in that pause
loses nothing, the same hand continued in two windows counts once, and a hand given up
counts with the next deal in the same change."""

from __future__ import annotations

import time

import pytest
from store_support import counts, saved
from ui_support import DT, make_app, open_table

from game.core.agents import SeatView
from game.session import Session
from game.store.keeper import Keeper
from game.ui.scenes.summary import SummaryScene
from game.ui.table.model import pace


def last_move(app, table) -> None:
    """Play (the person by a stand-in) until the hand's last move is made, and no further:
    the table is then in its pause before the summary."""
    agent = table.model.spec.make_agent("medium", 3)
    end = time.monotonic() + 120  # the computer thinks in real time, on its own thread
    while time.monotonic() < end:
        if table.state.is_over:
            return
        m = table.model
        if m.human_may_act():
            m.perform(agent.choose(SeatView(table.state, table.human)))
        else:
            app.step(DT)
            if m.thinker.busy:
                time.sleep(0.001)
    raise AssertionError("the hand did not end")


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch, keep=True, pace="fast")
    yield a
    a.scene.leave()


def test_a_hand_is_counted_the_moment_it_ends_before_the_pause(app, tmp_path):
    table = open_table(app, "pisti", {"players": 2, "target": 151}, seed=21)
    last_move(app, table)
    assert app.scene is table
    assert table.model.pace.end_timer < pace.HAND_END_PAUSE
    assert counts(tmp_path) == (1, 1), "counted when the last move was made"
    assert saved(tmp_path)["match"]["hand_no"] == 1, "with the match's next hand"
    for _ in range(200):
        app.step(DT)
    assert isinstance(app.scene, SummaryScene), "the summary still comes after the pause"
    assert counts(tmp_path) == (1, 1), "and counts nothing more"


def test_closing_the_window_in_the_pause_loses_nothing(app, tmp_path, monkeypatch):
    table = open_table(app, "pisti", {"players": 2, "target": 151}, seed=22)
    last_move(app, table)
    record = table.state.record()
    app.close()  # the window closed in the pause, before the summary
    assert counts(tmp_path) == (1, 1)
    again = make_app(tmp_path, monkeypatch, keep=True)
    try:
        assert again.keeper.entries()[0].deal == table.match.deal_no
        assert again.keeper.record(again.keeper.entries()[0].id) == record
        session = again.keeper.load_match()
        assert (session.id, session.match.hand_no) == (table.session.id, 1)
        assert session.match.totals == table.match.totals
    finally:
        again.scene.leave()


def test_no_take_back_once_the_hand_is_counted(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, keep=True, pace="fast", take_backs=True)
    try:
        table = open_table(app, "pisti", {"players": 2}, seed=23)
        last_move(app, table)
        assert not table.model.referee.can_undo(table.human)
        assert not table.model.undo()
        assert table.state.is_over
        assert counts(tmp_path) == (1, 1)
    finally:
        app.scene.leave()


def finished(seed: int) -> Session:
    session = Session.start("pisti", {"players": 2}, "easy", seed=seed)
    while not session.state.is_over:
        session.state.apply(session.state.legal_actions()[0])
    return session


def test_the_same_hand_continued_in_two_windows_counts_once(tmp_path):
    first = Keeper(lambda code: None, tmp_path)
    session = Session.start("pisti", {"players": 2}, "easy", seed=24)
    session.state.apply(session.state.legal_actions()[0])
    first.match_changed(session)
    second = Keeper(lambda code: None, tmp_path)
    twins = [first.load_match(), second.load_match()]
    for keeper, twin in zip((first, second), twins, strict=True):
        while not twin.state.is_over:
            twin.state.apply(twin.state.legal_actions()[0])
        keeper.match_changed(twin)
    assert counts(tmp_path) == (1, 1)
    first.close()
    second.close()


def test_a_hand_given_up_counts_lost_with_the_next_deal_in_one_change(tmp_path):
    keeper = Keeper(lambda code: None, tmp_path)
    session = Session.start("pisti", {"players": 2, "target": 151}, "easy", seed=25)
    for _ in range(4):
        session.state.apply(session.state.legal_actions()[0])
    deal = session.match.deal_no
    keeper.hand_abandoned(session)
    assert counts(tmp_path) == (1, 1)
    save = saved(tmp_path)
    assert save["match"]["deal_no"] == deal + 1
    assert save["hand"]["actions"] == []
    (hand,) = keeper.entries()
    assert (hand.result, hand.given_up, hand.points) == (-1, True, 0)
    keeper.close()


def test_a_hand_the_table_finished_first_is_still_counted_once(tmp_path):
    """Whoever adds the hand to the match's totals first (the table after its pause, or
    a table that does it at once), the keeper counts the hand once when it hears of it."""
    keeper = Keeper(lambda code: None, tmp_path)
    session = finished(26)
    session.match.finish_hand()
    for _ in range(3):
        keeper.match_changed(session)
    assert counts(tmp_path) == (1, 1)
    keeper.close()
