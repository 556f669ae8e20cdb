"""Two windows of the game on one preference folder: two real processes, each finishing
hands in turn, then quitting in either order. Every finished hand is counted exactly once
in the statistics and the history (each window's hand is one transaction of the shared
database), and the match in progress stays the first window's (it holds the lock on the
database file's lock byte). tests/store/test_store_two_processes.py ends hands at once."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from store_support import counts, records, saved

from game.text import say

DRIVER = Path(__file__).resolve().parents[1] / "two_windows.py"


class Window:
    def __init__(self, home: Path) -> None:
        env = {**os.environ, "PASHA_PISTI_HOME": str(home), "SDL_VIDEODRIVER": "dummy"}
        self.proc = subprocess.Popen(
            [sys.executable, str(DRIVER)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        assert self.read() == "ready"

    def read(self) -> str:
        return self.proc.stdout.readline().strip()

    def say(self, line: str, answer: str | None) -> str:
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        got = self.read()
        assert answer is None or got == answer
        return got

    def notices(self) -> list[str]:
        return json.loads(self.say("notices", None))

    def quit(self) -> None:
        self.say("quit", "bye")
        assert self.proc.wait(timeout=60) == 0


@pytest.mark.slow
@pytest.mark.parametrize("first_to_quit", [0, 1])
def test_two_windows_on_one_folder_count_every_hand_exactly_once(tmp_path, first_to_quit):
    windows = [Window(tmp_path), Window(tmp_path)]
    try:
        for seed in (21, 22, 23, 24):  # A, B, A, B
            windows[seed % 2].say(f"hand {seed}", "done")
        windows[first_to_quit].quit()
        windows[1 - first_to_quit].quit()
    finally:
        for w in windows:
            if w.proc.poll() is None:
                w.proc.kill()
    assert counts(tmp_path) == (4, 4)
    setups = {json.dumps(r["setup"], sort_keys=True) for r in records(tmp_path)}
    assert len(setups) == 4, "four different hands, none twice"
    assert not list(tmp_path.glob("*.broken-*"))


def _saved_setup(home: Path) -> str:
    return json.dumps(saved(home)["hand"]["setup"], sort_keys=True)


@pytest.mark.slow
def test_two_windows_a_second_window_says_the_match_is_elsewhere_and_leaves_it(tmp_path):
    """The first window's match in progress is its own: the second window, playing a hand
    of its own, tells its player so (notice.match_elsewhere) and never saves its match;
    once the first window has quit, the second takes the match over."""
    first, second = Window(tmp_path), Window(tmp_path)
    try:
        first.say("moves 31 2", "done")
        held = _saved_setup(tmp_path)
        assert first.notices() == []
        second.say("moves 32 2", "done")
        told = say("notice.match_elsewhere")
        assert second.notices().count(told) == 1, "said once, not at every move"
        assert _saved_setup(tmp_path) == held, "the second window overwrote the match"
        first.quit()
        second.say("moves 33 1", "done")
        assert _saved_setup(tmp_path) != held, "the match stayed locked after its window quit"
        second.quit()
    finally:
        for w in (first, second):
            if w.proc.poll() is None:
                w.proc.kill()
