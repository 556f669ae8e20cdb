"""A player's data is theirs (issue 33): Statistics and History export themselves as JSON
and CSV from their screens (a click, the keyboard), dates in ISO 8601; what is exported
is what the screens show."""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime

import pytest
from store_support import a_record, hand_row, put_rows
from ui_support import DT, click, make_app

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


def exported(app, tmp_path, scene: str, button: str, what: str):
    """The screen, its export button clicked; the screen, and the JSON and CSV it wrote."""
    screen = app.goto(scene)
    app.step(DT)
    click(app, getattr(screen, button).rect.center)
    assert screen.message.startswith("Saved as ") and screen.message_good
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
    assert hands[0]["record"] == a_record(seed=3) and hands[2]["took_back"] is True
    assert datetime.fromisoformat(hands[0]["when"]).timestamp() == 1_700_000_000
    assert [r["deal"] for r in rows] == ["3", "4", "5"]
    assert json.loads(rows[1]["score"]) == [2, 9] and rows[2]["count.pisti"] == "2"
    assert rows[0]["when"] == hands[0]["when"]


def test_statistics_export_their_lines(app, tmp_path):
    screen, data, rows = exported(app, tmp_path, "stats", "export_btn", "statistics")
    (line,) = data["statistics"]
    shown = screen.lines[StatsKey("pisti", 2, "medium")]
    assert (line["game"], line["players"], line["level"]) == ("pisti", 2, "medium")
    assert (line["hands"], line["won"], line["takeback_hands"]) == (shown.hands, 1, 1)
    assert line["win_rate"] == 0.5 and line["last"] == [1, -1]
    assert rows[0]["hands"] == "2" and json.loads(rows[0]["last"]) == [1, -1]


def test_an_export_the_disk_refuses_says_why(app, tmp_path):
    (tmp_path / "exports").write_text("a file where the folder would be")
    screen = app.goto("stats")
    app.step(DT)
    click(app, screen.export_btn.rect.center)
    assert screen.message.startswith("Could not be saved") and not screen.message_good


def test_a_window_that_keeps_nothing_says_so_when_asked_to_export(tmp_path, monkeypatch):
    bare = make_app(tmp_path, monkeypatch)  # no keeper (a test's app, a lesson's)
    try:
        screen = bare.goto("history")
        bare.step(DT)
        click(bare, screen.export_all_btn.rect.center)
        assert screen.message.startswith("Could not be saved") and not screen.message_good
    finally:
        bare.scene.leave()
