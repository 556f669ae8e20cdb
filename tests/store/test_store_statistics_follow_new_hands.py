"""The statistics a window has folded are kept, and each later read folds only the hands
counted since (whichever window counted them), so a hand's end costs the same however long
the history is; they stay exactly what folding every hand again gives, through hands of
another window and a reset made in either."""

from __future__ import annotations

import random

from store_support import hand_row, put_rows

from game.store import hands as hand_rows
from game.store.keeper import Keeper


def mixed(n: int, seed: int) -> list[tuple]:
    """``n`` hands won, lost and drawn in a random order, each its own match's."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        result = rng.choice((1, -1, 0))
        out.append(hand_row(result=result, points=rng.randint(0, 40), match_id=f"{seed}-{i}"))
    return out


def fresh(home) -> dict:
    """The statistics as a window that has folded nothing yet reads them."""
    keeper = Keeper(lambda n: None, home)
    try:
        return keeper.statistics()
    finally:
        keeper.close()


def test_a_later_read_folds_only_the_new_hands_and_equals_a_fold_from_scratch(
    tmp_path, monkeypatch
):
    put_rows(tmp_path, *mixed(40, 1))
    keeper = Keeper(lambda n: None, tmp_path)
    try:
        assert keeper.statistics() == fresh(tmp_path)
        read = []
        real = hand_rows.read_hand
        monkeypatch.setattr(hand_rows, "read_hand", lambda row: read.append(row) or real(row))
        for batch in range(3):
            put_rows(tmp_path, *mixed(5, 10 + batch))  # (another window's hands, say)
            before = len(read)
            lines = keeper.statistics()
            assert len(read) - before == 5, "only the hands counted since were read"
            assert lines == fresh(tmp_path)
        before = len(read)
        lines = keeper.statistics()
        assert len(read) - before == 0, "nothing new: nothing read"
        assert lines == fresh(tmp_path)
    finally:
        keeper.close()


def test_a_reset_in_another_window_is_followed(tmp_path):
    put_rows(tmp_path, *mixed(20, 2))
    keeper = Keeper(lambda n: None, tmp_path)
    other = Keeper(lambda n: None, tmp_path)
    try:
        assert sum(line.hands for line in keeper.statistics().values()) == 20
        other.reset_statistics()
        put_rows(tmp_path, *mixed(3, 3))
        lines = keeper.statistics()
        assert sum(line.hands for line in lines.values()) == 3
        assert lines == fresh(tmp_path)
    finally:
        other.close()
        keeper.close()


def test_a_reset_here_starts_the_lines_again(tmp_path):
    put_rows(tmp_path, *mixed(10, 4))
    keeper = Keeper(lambda n: None, tmp_path)
    try:
        keeper.statistics()
        keeper.reset_statistics()
        assert keeper.statistics() == {}
        put_rows(tmp_path, *mixed(2, 5))
        assert keeper.statistics() == fresh(tmp_path)
        assert sum(line.hands for line in keeper.statistics().values()) == 2
    finally:
        keeper.close()


def test_what_a_caller_does_to_the_lines_it_got_changes_nothing_kept(tmp_path):
    put_rows(tmp_path, *mixed(6, 6))
    keeper = Keeper(lambda n: None, tmp_path)
    try:
        lines = keeper.statistics()
        for line in lines.values():
            line.hands += 100
            line.last.append(1)
        assert keeper.statistics() == fresh(tmp_path)
    finally:
        keeper.close()


def test_the_first_fold_is_made_on_the_windows_opening_off_its_thread(tmp_path, monkeypatch):
    """A window's first summary reads no hand itself: the fold its opening made on a thread
    of its own (a long history takes seconds) is taken, then only newer hands are read."""
    import threading

    put_rows(tmp_path, *mixed(30, 7))
    keeper = Keeper(lambda n: None, tmp_path)
    try:
        keeper.warm_up()
        warm = keeper._warm
        assert warm is not None
        assert warm._thread.name == "statistics-fold"
        warm._thread.join()
        on_this_thread = []
        real = hand_rows.read_hand

        def read(row):
            if threading.current_thread() is threading.main_thread():
                on_this_thread.append(row)
            return real(row)

        monkeypatch.setattr(hand_rows, "read_hand", read)
        lines = keeper.statistics()
        assert on_this_thread == [], "the opening's fold was taken, not made again"
        assert lines == fresh(tmp_path)
    finally:
        keeper.close()


def test_the_app_asks_for_the_fold_once_its_first_frame_is_drawn(tmp_path, monkeypatch):
    from ui_support import DT, make_app

    app = make_app(tmp_path, monkeypatch, keep=True)
    assert app.keeper._warm is None, "nothing folds before the first frame"
    app.goto("menu")
    app.step(DT)
    assert app.keeper._warm is not None or app.keeper._folded is not None


def test_a_closed_keeper_folds_nothing(tmp_path):
    """A window's keeper replaced before its first frame was drawn: its fold is not begun."""
    put_rows(tmp_path, *mixed(3, 8))
    keeper = Keeper(lambda n: None, tmp_path)
    keeper.close()
    keeper.warm_up()
    assert keeper._warm is None
