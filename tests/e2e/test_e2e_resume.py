"""Killed at any moment, the game loses at most the move in flight, in a real
window under Xvfb: the real program plays Pişti (the number keys play a card), is
killed with SIGKILL at 20 random moments, started again, and continued from the menu
with the keyboard (Tab to "Continue", Enter). Each time the hand on the table after
continuing is the hand the state file held just before the kill, or that hand less its
last move (a kill between writing the state file and the save), and then any move made
since Continue (a computer's, or the player's last card of a deal, which plays itself)."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from xvfb import need_tools, read_state, run, start_xvfb, stop, wait_for

ROOT = Path(__file__).resolve().parents[2]
SIZE = (1280, 800)
KILLS = 20


class Game:
    """The program on its own X server, started again after every kill."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.server, display = start_xvfb((1400, 900))
        home = tmp / "home"
        home.mkdir()
        settings = {"language": "en", "pace": "fast", "sound": False}
        (home / "settings.json").write_text(json.dumps(settings))
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
        self.env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy", PASHA_PISTI_HOME=str(home),
                        PYGAME_HIDE_SUPPORT_PROMPT="1")  # fmt: skip
        self.state = tmp / "state.json"
        self.proc: subprocess.Popen | None = None

    def start(self, *args: str) -> None:
        cmd = [sys.executable, "-m", "game", "--state-file", str(self.state),
               "--size", f"{SIZE[0]}x{SIZE[1]}", *args]  # fmt: skip
        with open(self.tmp / "game.err", "a") as err:
            self.proc = subprocess.Popen(
                cmd, cwd=ROOT, env=self.env, stdout=subprocess.DEVNULL, stderr=err
            )
        out = run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(self.proc.pid)],
                  self.env, 30)  # fmt: skip
        window = out.split()[0]
        run(["xdotool", "mousemove", "--window", window, "640", "60"], self.env)

    def keys(self, *names: str) -> None:
        run(["xdotool", "key", "--delay", "60", *names], self.env)

    def kill(self) -> None:
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def close(self) -> None:
        stop(self.proc)
        stop(self.server)


@pytest.mark.slow
@pytest.mark.xvfb
def test_killed_at_random_moments_the_match_continues_where_it_was(tmp_path):
    need_tools()
    game = Game(tmp_path)
    rng = random.Random(2026)
    try:
        game.start("--game", "pisti", "--players", "2", "--seed", "5")
        wait_for("the first state file", lambda: read_state(game.state))
        plays = 0
        for kill in range(KILLS):
            for _ in range(rng.choice((0, 1, 1, 2)) if plays < 20 else 0):
                game.keys(rng.choice(("1", "2", "3", "4")))
                plays += 1
                time.sleep(rng.uniform(0.0, 0.3))
            time.sleep(rng.uniform(0.0, 0.8))
            game.kill()
            before = read_state(game.state)
            assert before is not None, f"kill {kill}: the state file was lost"
            stamp = game.state.stat().st_mtime_ns
            game.start()
            game.keys("Tab", "Return")
            wait_for("the table after Continue",
                     lambda s=stamp: game.state.stat().st_mtime_ns != s, 20,
                     lambda: game.keys("Tab", "Return"), every=5)  # fmt: skip
            after = read_state(game.state)
            assert after["record"]["setup"] == before["record"]["setup"], f"kill {kill}"
            was, now = before["record"]["actions"], after["record"]["actions"]
            kept = now[: len(was)] == was or now[: len(was) - 1] == was[:-1]
            assert kept, f"kill {kill}: {len(was)} moves, then {len(now)}"
        assert plays >= 10
        assert game.proc.poll() is None, (tmp_path / "game.err").read_text()
    finally:
        game.close()
