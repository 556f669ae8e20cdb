"""A hand's par is kept in the database beside the hand, worked out from the hand's own
record on a thread of its own; a window closed (or killed) while it works loses nothing:
the par is worked out again at the next start."""

from __future__ import annotations

import sqlite3
import time

from game.ai.par import par_of, played_result
from game.core.agents import SeatView
from game.session import Session
from game.store.db import FILE_NAME
from game.store.keeper import Keeper


def finished(game: str = "pishe-pasha", seed: int = 3, level: str = "easy") -> Session:
    """A session whose first hand was played to its end (the person by a stand-in)."""
    session = Session.start(game, {"players": 2}, level, seed=seed)
    ref, me = session.referee, session.spec.make_agent("easy", 99)
    while not session.state.is_over:
        q = ref.question()
        if q is not None:
            ref.answer(q, q.answer())
        elif session.state.to_move == session.human and ref.awaiting.value == "move":
            ref.apply(me.choose(SeatView(session.state, session.human)), session.human)
        else:
            ref.close_window()
    return session


def wait_for_par(keeper: Keeper, session: Session, seconds: float = 240):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        found = keeper.par_for(session)
        if found is not None:
            return found
        time.sleep(0.05)
    raise AssertionError("the par was not worked out")


def par_rows(home) -> list[tuple]:
    with sqlite3.connect(home / FILE_NAME) as c:
        return c.execute("SELECT hand_id, mine, mean FROM par").fetchall()


def test_a_counted_hand_gets_its_par_from_its_own_record_and_keeps_it(tmp_path):
    session = finished()
    keeper = Keeper(lambda n: None, tmp_path, pars=True)
    assert keeper.par_for(session) is None, "none before the hand is counted"
    keeper.match_changed(session)
    found = wait_for_par(keeper, session)
    record = keeper.record(found.hand_id)
    assert found.mine == played_result(record, session.human)
    assert found.par == par_of(record, session.human, "easy"), "recomputable from the record"
    keeper.close()
    again = Keeper(lambda n: None, tmp_path, pars=True)
    try:
        assert again.par_of_hand(found.hand_id) == found, "read back after a restart"
        assert not again.pars.busy(), "a hand with its par is not worked out again"
    finally:
        again.close()


def test_closing_while_the_par_is_worked_out_loses_nothing(tmp_path):
    session = finished(seed=4)
    keeper = Keeper(lambda n: None, tmp_path, pars=True)
    keeper.match_changed(session)
    assert keeper.pars.busy()
    keeper.close()  # as a kill would: the work stops, no par row is written
    assert par_rows(tmp_path) == []
    again = Keeper(lambda n: None, tmp_path, pars=True)
    try:
        assert again.pars.busy(), "the next start works it out again"
        end = time.monotonic() + 240
        while not par_rows(tmp_path) and time.monotonic() < end:
            again.keep_pars()
            time.sleep(0.05)
        (hand_id, mine, _mean), *_ = par_rows(tmp_path)
        assert mine == played_result(again.record(hand_id), session.human)
    finally:
        again.close()


KILLED = """
import sys, time
sys.path[:0] = [{here!r}]  # this file's folder, for its finished()
from test_par_keeping import finished
from game.store.keeper import Keeper
keeper = Keeper(lambda n: None, __import__("pathlib").Path({home!r}), pars=True)
session = finished(seed=5)
keeper.match_changed(session)
print("counted", keeper.pars.busy(), flush=True)
time.sleep(600)
"""


def test_a_kill_while_the_par_is_worked_out_loses_nothing(tmp_path):
    """A real SIGKILL of a player's process while its par is being worked out: the hand
    is kept, the par is not, and the next start works it out from the hand's record."""
    import os
    import signal
    import subprocess
    import sys
    from pathlib import Path

    script = KILLED.format(here=str(Path(__file__).resolve().parent), home=str(tmp_path))
    player = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        assert player.stdout.readline().split() == ["counted", "True"]
    finally:
        os.kill(player.pid, signal.SIGKILL)
        player.wait()
    assert par_rows(tmp_path) == []
    again = Keeper(lambda n: None, tmp_path, pars=True)
    try:
        assert again.pars.busy(), "the next start works it out again"
        end = time.monotonic() + 240
        while not par_rows(tmp_path) and time.monotonic() < end:
            again.keep_pars()
            time.sleep(0.05)
        (hand_id, mine, mean), *_ = par_rows(tmp_path)
        record = again.record(hand_id)
        assert mine == played_result(record, 0)
        assert mean == par_of(record, 0, "easy").mean, "the same par as it would have been"
    finally:
        again.close()
