"""No hand is ever dropped: a hand that ends while another program holds the database's
write lock is kept (in memory and in a file beside the database) and written when it can
be, in the same run or the next, counted once; the move waits no longer than a frame, and
the player is told once, with the real reason."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest
from store_support import a_record, counts, hand_row, put_rows

from game.session import Session
from game.store import waiting
from game.store.db import FILE_NAME
from game.store.keeper import Keeper

HANDS = 5


@pytest.fixture
def home(tmp_path) -> Path:
    home = tmp_path / "home"
    put_rows(home, *(hand_row(a_record(seed=i), deal=i) for i in range(HANDS)))
    return home


def a_hand(seed: int) -> Session:
    session = Session.start("pisti", {"players": 2}, "easy", seed=seed)
    session.state.apply(session.state.legal_actions()[0])
    return session


def locked(home: Path) -> sqlite3.Connection:
    """Another program holding the write lock."""
    other = sqlite3.connect(home / FILE_NAME, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    return other


def test_a_hand_ending_while_another_program_holds_the_lock_is_written_later(home):
    told = []
    keeper = Keeper(told.append, home)
    other = locked(home)
    began = time.monotonic()
    keeper.hand_abandoned(a_hand(1))
    keeper.hand_abandoned(a_hand(2))
    assert time.monotonic() - began < 1.0, "the window never waits seconds"
    assert [n.code for n in told] == ["hand_waiting"], "told once"
    assert "another window or program" in told[0].detail
    assert (home / waiting.NAME).exists()
    other.execute("ROLLBACK")
    other.close()
    keeper.match_changed(a_hand(3))  # the next move writes them
    assert counts(home)[0] == HANDS + 2
    assert not (home / waiting.NAME).exists()
    keeper.close()
    assert counts(home)[0] == HANDS + 2, "each once"


def test_a_hand_still_waiting_when_the_window_closes_is_written_at_the_next_start(home):
    keeper = Keeper(lambda n: None, home)
    other = locked(home)
    keeper.hand_abandoned(a_hand(4))
    keeper.close()
    other.execute("ROLLBACK")
    other.close()
    assert counts(home)[0] == HANDS
    assert (home / waiting.NAME).exists()
    for _ in range(2):  # the next start writes it, the one after finds nothing to write
        Keeper(lambda n: None, home).close()
        assert counts(home)[0] == HANDS + 1
    assert not (home / waiting.NAME).exists()
