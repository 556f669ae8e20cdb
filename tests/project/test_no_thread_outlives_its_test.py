"""No thread outlives what started it: a test that leaves one running fails (conftest's
``as_if_alone``), a closed speaker's thread has ended, and leaving the game over a hand's
summary ends the finished table's worker too (it was left running, one per hand)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

from ui_support import make_app, open_table, play_hand_by_mouse

from game.speech import Backend, Speaker
from game.ui.scenes.summary import SummaryScene

TESTS = Path(__file__).resolve().parents[1]
LEAKY = """
import threading, time

def test_leaves_a_thread():
    threading.Thread(target=time.sleep, args=(30,), name="left-behind", daemon=True).start()

def test_leaves_nothing():
    t = threading.Thread(target=time.sleep, args=(0.01,))
    t.start()
    t.join()
"""


def test_a_test_that_leaves_a_thread_running_fails(tmp_path, monkeypatch):
    (tmp_path / "test_leaky.py").write_text(LEAKY, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(TESTS), str(TESTS.parent)])}
    env["PASHA_TEST_THREAD_GRACE"] = "0.2"
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "conftest", "-p", "no:cacheprovider",
         "--rootdir", str(tmp_path), str(tmp_path / "test_leaky.py")],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    out = done.stdout
    assert done.returncode == 1, out
    assert "2 passed, 1 error" in out, out  # the leaky test's own body passed; its end fails
    assert "ERROR test_leaky.py::test_leaves_a_thread" in out
    assert "left 1 thread(s) running: ['left-behind']" in out


class Long(Backend):
    """A voice whose every sentence takes ten seconds unless cut short."""

    name = "long"

    def __init__(self) -> None:
        self._cut = threading.Event()

    def speak(self, text: str, lang: str, interrupt: bool) -> None:
        self._cut.clear()
        self._cut.wait(10)

    def stop(self) -> None:
        self._cut.set()


def test_a_closed_speaker_has_ended_its_thread_even_mid_sentence():
    speaker = Speaker(Long())
    speaker.say("North loads the jack of hearts onto your pile")
    time.sleep(0.1)
    thread = speaker._thread
    started = time.monotonic()
    speaker.close()
    assert thread is not None
    assert not thread.is_alive()
    assert time.monotonic() - started < 2


def test_leaving_the_game_over_a_summary_ends_the_finished_tables_worker(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    table = open_table(app, "pisti", {"players": 2}, seed=3)
    play_hand_by_mouse(app, table)
    assert isinstance(app.scene, SummaryScene)
    worker = table.rig.thinker._pool
    app.leave_scenes()  # as closing the window does
    assert worker._shutdown, "the table under the summary let go of its worker"
