"""Two windows finishing hands at the same moment, 100 times: two player
processes (tests/store_player.py, the real keeper) on one preference folder each play
their own match; before each hand's last count both wait, then are let go together, so
their hand-end transactions meet at SQLite's write lock. Every hand is counted exactly
once, none waits past the busy timeout, and the match belongs to one of them."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from store_support import counts, db

from game.store.keeper import Keeper

PLAYER = Path(__file__).resolve().parents[1] / "store_player.py"
ROUNDS = int(os.environ.get("STORE_ROUNDS", "100"))


class Player:
    def __init__(self, home: Path, seed: int) -> None:
        env = {**os.environ, "PASHA_PISTI_HOME": str(home)}
        self.proc = subprocess.Popen(
            [sys.executable, str(PLAYER), str(seed), str(ROUNDS)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        self.told: list[str] = []  # the codes of the notices
        self.said: list[str] = []  # and their whole lines, with what went wrong
        self.ended: list[tuple[str, int]] = []

    def until(self, word: str) -> None:
        for line in self.proc.stdout:
            parts = line.split()
            if parts[0] == "told":
                self.told.append(parts[1])
                self.said.append(line.strip())
            elif parts[0] == "ended":
                self.ended.append((parts[1], int(parts[2])))
            if parts[0] == word:
                return
        raise AssertionError(f"the player ended before {word!r}: {self.proc.wait()}")

    def go(self) -> None:
        self.proc.stdin.write("go\n")
        self.proc.stdin.flush()


@pytest.mark.slow
def test_two_players_ending_hands_at_once_100_times_count_each_hand_once(tmp_path):
    players = [Player(tmp_path, 100), Player(tmp_path, 200)]
    try:
        for _ in range(ROUNDS):
            for p in players:
                p.until("ready")
            for p in players:  # both hands end now: their transactions meet
                p.go()
            for p in players:
                p.until("ended")
        for p in players:
            assert p.proc.wait(60) == 0
    finally:
        for p in players:
            if p.proc.poll() is None:
                p.proc.kill()
    for p in players:
        assert "not_kept" not in " ".join(p.told), p.said  # no hand waited past the timeout
    assert sorted(len(p.ended) for p in players) == [ROUNDS, ROUNDS]
    told = sorted(p.told for p in players)
    assert told == [[], ["match_elsewhere"]], "the match is one player's; the other is told once"
    assert counts(tmp_path) == (2 * ROUNDS, 2 * ROUNDS)
    with db(tmp_path) as c:
        rows = set(c.execute("SELECT match_id, hand_no FROM hands").fetchall())
    assert rows == {h for p in players for h in p.ended}, "each hand once, none lost"
    keeper = Keeper(lambda code: None, tmp_path)
    assert sum(line.hands for line in keeper.statistics().values()) == 2 * ROUNDS
    keeper.close()
    print(f"{ROUNDS} rounds of two hands ending at once: {2 * ROUNDS} hands, each counted once")


OPENER = """
import sys, time
from game.store.keeper import Keeper
start = float(sys.argv[1])
while time.time() < start:
    pass
keeper = Keeper(lambda notice: print(notice.code, notice.detail, flush=True))
print("match", keeper.load_match() is None, flush=True)
keeper.close()
"""


@pytest.mark.slow
def test_two_windows_opening_a_new_folder_at_the_same_moment_are_told_nothing(tmp_path):
    """The first start of two windows at once, 25 times: each waits for the other's making
    of the database (none is left read-only, none sets the other's new file aside as "not
    the game's"), and one database is left, the game's."""
    root = Path(__file__).resolve().parents[2]
    for n in range(25):
        home = tmp_path / f"home{n}"
        env = {**os.environ, "PASHA_PISTI_HOME": str(home)}
        start = f"{time.time() + 0.5:.3f}"
        procs = [
            subprocess.Popen(
                [sys.executable, "-c", OPENER, start],
                cwd=root,
                env=env,
                stdout=subprocess.PIPE,
                text=True,
            )
            for _ in range(2)
        ]
        said = [p.communicate(timeout=60)[0].split("\n") for p in procs]
        assert all(p.returncode == 0 for p in procs)
        assert [lines[:-1] for lines in said] == [["match True"], ["match True"]], said
        assert sorted(f.name for f in home.iterdir() if "broken" in f.name) == []
        with db(home) as c:
            assert c.execute("PRAGMA user_version").fetchone()[0] >= 1
