"""A full disk and a read-only home: the game plays on, says once that it cannot
keep the match, and the database stays consistent: a hand is counted whole (its History
row, its statistics and the match's next state) or not at all, and never twice. On a real
1 MB tmpfs where the test may mount one (root), simulated everywhere."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from conftest import fill_disk
from store_support import db, saved

from game.core.agents import SeatView
from game.core.files import Notice
from game.session import Session
from game.store.db import FILE_NAME
from game.store.keeper import Keeper


def play_hands(keeper: Keeper, hands: int, seed: int) -> Session:
    """A Pişti match to 151 played hand after hand as the table plays it: a save after
    every move, the end of each hand counted."""
    session = Session.start("pisti", {"players": 2}, "easy", seed=seed)
    agents = [session.spec.make_agent("easy", seed + p) for p in range(2)]
    for hand in range(hands):
        while not session.state.is_over:
            st = session.state
            st.apply(agents[st.to_move].choose(SeatView(st, st.to_move)))
            keeper.match_changed(session)
        if session.match.is_over or hand == hands - 1:
            break
        session.next_hand()
        keeper.match_changed(session)
    return session


def consistent(home: Path) -> tuple[int, int]:
    """The database is whole and agrees with itself; (hands kept, their matches)."""
    with db(home) as c:
        assert c.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        rows = c.execute("SELECT match_id, hand_no, counted FROM hands").fetchall()
    assert all(counted for *_, counted in rows), "History and the statistics agree"
    per_match = [(m, n) for m, n, _ in rows]
    assert len(set(per_match)) == len(per_match), "no hand counted twice"
    save = saved(home)
    if save is not None:
        done = [n for m, n in per_match if m == save["id"]]
        assert all(n < save["match"]["hand_no"] for n in done), "the match is past its hands"
    return len(rows), len({m for m, _ in per_match})


def told_once(notices: list[Notice]) -> None:
    kept = [n for n in notices if n.code in ("not_kept", "hand_waiting")]
    assert len(kept) == 1, notices


def test_a_database_that_cannot_grow_plays_on_says_once_and_stays_consistent(tmp_path):
    """Simulated: SQLite's own limit on the file's pages, at its size (its pages have
    some room left: the first hands after it still fit)."""
    notices: list[Notice] = []
    keeper = Keeper(notices.append, tmp_path)
    play_hands(keeper, 1, seed=3)
    pages = keeper.store.conn.execute("PRAGMA page_count").fetchone()[0]
    keeper.store.conn.execute(f"PRAGMA max_page_count = {pages}")
    for seed in range(4, 10):
        play_hands(keeper, 5, seed=seed)
    keeper.close()
    told_once(notices)
    kept, _ = consistent(tmp_path)
    assert 1 <= kept < 25, "the first hand stayed, and the disk refused later ones"


def test_a_really_full_disk_plays_on_says_once_and_stays_consistent(tiny_disk):
    home = tiny_disk / "home"
    notices: list[Notice] = []
    keeper = Keeper(notices.append, home)
    play_hands(keeper, 1, seed=3)
    fill_disk(tiny_disk)
    played = 1
    for seed in range(4, 40):  # until the disk refuses (the log's room is used first)
        played += play_hands(keeper, 3, seed=seed).match.hand_no + 1
        if notices and seed > 4:
            break
    keeper.close()
    told_once(notices)
    (tiny_disk / "filler").unlink()
    again: list[str] = []
    Keeper(again.append, home).close()
    assert again == [], "the next start finds the database whole"
    kept, _ = consistent(home)
    assert 1 <= kept < played, "the first hand stayed, and the disk refused later ones"


def _read_only(folder: Path) -> None:
    """The folder (a tmpfs) read-only: remounted so when root (whom modes do not stop)."""
    if os.geteuid() == 0:
        done = subprocess.run(["mount", "-o", "remount,ro", str(folder)], capture_output=True)
        assert done.returncode == 0, done.stderr
    else:
        for path in folder.iterdir():
            path.chmod(0o444)
        folder.chmod(0o555)


def test_a_read_only_home_shows_what_was_kept_plays_on_and_says_once(tiny_disk):
    home = tiny_disk
    keeper = Keeper(lambda code: None, home)
    play_hands(keeper, 2, seed=3)
    keeper.close()
    before = {p.name: p.read_bytes() for p in home.iterdir()}
    _read_only(home)
    notices: list[Notice] = []
    keeper = Keeper(notices.append, home)
    session = keeper.load_match()
    assert session is not None, "Continue still finds the match"
    assert len(keeper.entries()) == 2
    assert sum(line.hands for line in keeper.statistics().values()) == 2
    play_hands(keeper, 2, seed=6)
    keeper.match_changed(session)
    keeper.close()
    told_once(notices)
    assert {p.name: p.read_bytes() for p in home.iterdir()} == before
    assert (home / FILE_NAME).exists()


def test_a_home_that_cannot_be_made_plays_on_and_says_once(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    notices: list[Notice] = []
    keeper = Keeper(notices.append, blocker / "home")
    play_hands(keeper, 2, seed=3)
    assert keeper.load_match() is None
    assert keeper.entries() == []
    assert keeper.statistics() == {}
    keeper.close()
    told_once(notices)


@pytest.fixture
def tiny_disk(tiny_disk):
    yield tiny_disk
    subprocess.run(["mount", "-o", "remount,rw", str(tiny_disk)], capture_output=True)
