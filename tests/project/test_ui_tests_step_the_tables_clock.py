"""The UI tests step the table's own clock (``ui_support.until``, ``settle``, ``pause``:
frames of ``DT``, the computer's thinking joined between them) instead of sleeping or
reading the wall clock. Only a test of something that runs in real time by nature reads
it, each named here with what that is; a new one fails this test until it is named."""

from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
CLOCK = re.compile(r"\btime\.(sleep|monotonic|perf_counter|time)\(")

REAL_TIME = {
    "ui/test_ui_monkey.py": "how long a random session took, against its budget",
    "ui/test_ui_speech.py": "a speech engine that takes its time",
    "ui/test_ui_par_summary.py": "the par's thread, and how long a frame took meanwhile",
    "ui/test_ui_table_follows.py": "a window manager starting",
    "ui/test_ui_stop_rule_flow.py": "a call window waiting for the voice to say a move",
    "ui/test_ui_voice_urgent.py": "when the voice began a sentence",
    "ui/test_ui_quit_says_what_is_kept.py": "how long the farewell lets the voice speak",
    "ui/test_ui_speech_answers.py": "when the voice began and ended its sentences",
    "ui/test_ui_speech_table.py": "how long the table waited for the voice",
}


def test_ui_tests_read_the_wall_clock_only_for_what_runs_in_real_time():
    games = [spec.parent.name for spec in TESTS.glob("*/spec.py")]  # the tests' own games
    reading = {
        str(path.relative_to(TESTS))
        for folder in ("ui", *games)
        for path in (TESTS / folder).glob("*.py")
        if CLOCK.search(path.read_text(encoding="utf-8"))
    }
    assert sorted(reading - set(REAL_TIME)) == [], "step the table's clock: ui_support.until"
    assert sorted(set(REAL_TIME) - reading) == [], "no longer reads the clock: strike it"


def test_the_shared_ui_helpers_read_no_clock_but_the_voices():
    """``ui_support`` joins the computer's thinking and the coach's review; only while the
    table waits for the voice to tell a move does it give the voice's thread a moment (the
    voice speaks in real time)."""
    source = (TESTS / "ui_support.py").read_text(encoding="utf-8")
    found = [m[0] for m in CLOCK.finditer(source)]
    assert found == ["time.sleep("]  # join: the voice's moment
