"""A player's data is theirs: Statistics and History export themselves as JSON
and CSV from their screens (a click, the keyboard), dates in ISO 8601; what is exported
is what the screens show."""

from __future__ import annotations

import csv
import io
import json
import threading
import time
from datetime import datetime

import pygame
import pytest
from store_support import a_record, hand_row, put_rows
from ui_support import DT, click, key, make_app

from game.store.hands import StatsKey


@pytest.fixture
def app(tmp_path, monkeypatch):
    put_rows(
        tmp_path,
        hand_row(a_record(seed=3), deal=3),
        hand_row(a_record(seed=4), deal=4, result=-1, points=2, score="[2, 9]"),
        hand_row(a_record(seed=5), deal=5, took_back=True, counts='{"pisti": 2}'),
    )
    a = make_app(tmp_path, monkeypatch, keep=True)
    yield a
    a.scene.leave()


def done(app, screen, limit: float = 10.0) -> None:
    """Frames until the screen's export has ended (it is written on a thread)."""
    deadline = time.monotonic() + limit
    while screen.exporting is not None and time.monotonic() < deadline:
        app.step(DT)
        time.sleep(0.005)
    assert screen.exporting is None, "the export ended"


def exported(app, tmp_path, scene: str, button: str, what: str):
    """The screen, its export button clicked; the screen, and the JSON and CSV it wrote."""
    screen = app.goto(scene)
    app.step(DT)
    click(app, getattr(screen, button).rect.center)
    done(app, screen)
    assert screen.message.startswith("Saved as ")
    assert screen.message_good
    (data,) = (tmp_path / "exports").glob(f"{what}-*.json")
    (table,) = (tmp_path / "exports").glob(f"{what}-*.csv")
    rows = list(csv.DictReader(io.StringIO(table.read_text())))
    return screen, json.loads(data.read_text()), rows


def test_history_exports_every_hand_with_its_record(app, tmp_path):
    _, data, rows = exported(app, tmp_path, "history", "export_all_btn", "history")
    datetime.fromisoformat(data["exported"])
    hands = data["history"]
    assert [h["deal"] for h in hands] == [3, 4, 5], "oldest first"
    assert [h["result"] for h in hands] == ["won", "lost", "won"]
    assert hands[0]["record"] == a_record(seed=3)
    assert hands[2]["took_back"] is True
    assert datetime.fromisoformat(hands[0]["when"]).timestamp() == 1_700_000_000
    assert [r["deal"] for r in rows] == ["3", "4", "5"]
    assert json.loads(rows[1]["score"]) == [2, 9]
    assert rows[2]["count.pisti"] == "2"
    assert rows[0]["when"] == hands[0]["when"]


def test_statistics_export_their_lines(app, tmp_path):
    screen, data, rows = exported(app, tmp_path, "stats", "export_btn", "statistics")
    (line,) = data["statistics"]
    shown = screen.lines[StatsKey("pisti", 2, "medium")]
    assert (line["game"], line["players"], line["level"]) == ("pisti", 2, "medium")
    assert (line["hands"], line["won"], line["takeback_hands"]) == (shown.hands, 1, 1)
    assert line["win_rate"] == 0.5
    assert line["last"] == [1, -1]
    assert rows[0]["hands"] == "2"
    assert json.loads(rows[0]["last"]) == [1, -1]


def test_an_export_the_disk_refuses_says_why(app, tmp_path):
    (tmp_path / "exports").write_text("a file where the folder would be")
    screen = app.goto("stats")
    app.step(DT)
    click(app, screen.export_btn.rect.center)
    done(app, screen)
    assert screen.message.startswith("Could not be saved")
    assert not screen.message_good


def test_a_window_that_keeps_nothing_says_so_when_asked_to_export(tmp_path, monkeypatch):
    bare = make_app(tmp_path, monkeypatch)  # no keeper (a test's app, a lesson's)
    try:
        screen = bare.goto("history")
        bare.step(DT)
        click(bare, screen.export_all_btn.rect.center)
        assert screen.message.startswith("Could not be saved")
        assert not screen.message_good
    finally:
        bare.scene.leave()


def test_exporting_all_leaves_the_window_drawing_and_answering(app, tmp_path, monkeypatch):
    from game.store import exporting

    reading = threading.Event()
    slow = exporting.Reader.record

    def record(self, hand_id):  # each hand's record held up until the test lets it go
        reading.wait(10)
        return slow(self, hand_id)

    monkeypatch.setattr(exporting.Reader, "record", record)
    screen = app.goto("history")
    app.step(DT)
    click(app, screen.export_all_btn.rect.center)
    deadline = time.monotonic() + 10
    while screen.exporting.job.progress != (0, 3) and time.monotonic() < deadline:
        time.sleep(0.005)  # (the hands listed, their records held up)
    app.step(DT)
    assert screen.exporting is not None, "drawn once it moved"
    assert app.dirty is False, "drawn once it moved"
    assert screen.message == "Exporting: 0 of 3 hands… the window is yours meanwhile"
    click(app, screen.export_all_btn.rect.center)  # a second click starts nothing more
    before = screen.selected
    key(app, pygame.K_DOWN)  # the window answers while the hands are read
    assert screen.selected == before + 1
    assert not (tmp_path / "exports").exists() or not any((tmp_path / "exports").iterdir())
    reading.set()
    done(app, screen)
    assert screen.message.startswith("Saved as ")
    assert screen.message_good
    assert len(list((tmp_path / "exports").glob("history-*"))) == 2, "one JSON, one CSV"


def test_a_window_closed_while_exporting_abandons_the_export(tmp_path, monkeypatch):
    from game.store import exporting

    put_rows(tmp_path, hand_row(deal=1), hand_row(deal=2, match_id="m2"))
    slow = exporting.Reader.record

    def record(self, hand_id):  # each hand read only once the window has closed
        self.stop.wait(10)
        return slow(self, hand_id)

    monkeypatch.setattr(exporting.Reader, "record", record)
    a = make_app(tmp_path, monkeypatch, keep=True)
    screen = a.goto("history")
    a.step(DT)
    click(a, screen.export_all_btn.rect.center)
    job = screen.exporting.job
    assert not job.done
    a.scene.leave()
    a.keeper.close()
    assert job.done, "its thread ended, nothing written"
    assert job.paths is None, "its thread ended, nothing written"
    assert not (tmp_path / "exports").exists() or not any((tmp_path / "exports").iterdir())
