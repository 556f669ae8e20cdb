"""Salvage never stalls a start: a damaged file where every read fails just past the rowid
it began well at (found by the fuzz campaign, case 729 of seed 2026) once made the salvage
step on one rowid at a time, for ever; it now leaps on, and all its reading has a deadline."""

from __future__ import annotations

import time

from fuzz.campaign import case_bytes

from game.store import salvage
from game.store.db import MIGRATIONS


def test_a_file_whose_reads_fail_just_past_each_start_is_salvaged_at_once(tmp_path):
    kind, _, body = case_bytes("screens", 2026, 729).partition(b"\n")
    assert kind == b"database"
    path = tmp_path / "pasha-pisti.sqlite3"
    path.write_bytes(body)
    began = time.monotonic()
    rows = salvage.salvage(path, salvage.shapes(MIGRATIONS[:1]), salvage.shapes(MIGRATIONS))
    assert time.monotonic() - began < 1.0
    assert len(rows["match"][1]) == 1
    assert len(rows["hands"][1]) == 8


def test_reading_stops_at_its_deadline_with_what_it_has(tmp_path, monkeypatch):
    path = tmp_path / "pasha-pisti.sqlite3"
    path.write_bytes(case_bytes("screens", 2026, 729).partition(b"\n")[2])
    monkeypatch.setattr(salvage, "SALVAGE_SECONDS", 0.0)
    began = time.monotonic()
    rows = salvage.salvage(path, salvage.shapes(MIGRATIONS[:1]), salvage.shapes(MIGRATIONS))
    assert time.monotonic() - began < 0.5
    assert all(rows_read == [] for _, rows_read in rows.values())
