"""Killed at any instant, 200 times: a player process (tests/store_player.py, the
real keeper without a window) plays Pişti as fast as it can and is killed with SIGKILL
at a random moment, often just as a hand ends, then started again, and Continue takes it
on. After every kill the database holds exactly the hands whose end was committed (each
once: History's count is the statistics' count is the hands finished), and the saved
match is the last move saved (or the change in flight, committed whole)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from store_support import db, saved

from game.store.db import FILE_NAME
from game.store.keeper import Keeper

PLAYER = Path(__file__).resolve().parents[1] / "store_player.py"
KILLS = int(os.environ.get("STORE_KILLS", "200"))  # fewer for a quick look


def life(home: Path, seed: int, rng: random.Random) -> tuple[list[list[str]], str]:
    """One run of the player, killed at a random instant (or the instant a hand ends);
    the lines it printed, and how it was killed."""
    env = {**os.environ, "PASHA_PISTI_HOME": str(home)}
    proc = subprocess.Popen(
        [sys.executable, str(PLAYER), str(seed)], stdout=subprocess.PIPE, text=True, env=env
    )
    lines: list[list[str]] = []
    at_end = rng.random() < 0.4  # killed the moment a hand's count begins
    skip = rng.randrange(3)
    playing = threading.Event()

    def read() -> None:
        nonlocal skip
        for line in proc.stdout:
            if not line.endswith("\n"):
                break  # cut short by the kill: it was never printed whole
            lines.append(line.split())
            playing.set()
            if at_end and lines[-1][0] == "ending":
                if skip == 0:
                    proc.send_signal(signal.SIGKILL)
                skip -= 1

    reader = threading.Thread(target=read)
    reader.start()
    playing.wait(60)  # from its first move on (starting takes a while on a busy machine)
    proc_end = time.monotonic() + rng.uniform(0.0, 0.8)
    while proc.poll() is None and time.monotonic() < proc_end:
        time.sleep(0.002)
    proc.kill()
    proc.wait(30)
    reader.join(30)
    return lines, "end" if at_end and skip < 0 else "random"


def state_of(line: list[str]):
    """The match as saved after a printed change: (id, hand, moves), or None."""
    if line[0] in ("saving", "saved"):
        return line[1], int(line[2]), int(line[3])
    return None if line[3] == "over" else (line[1], int(line[3]), 0)


def in_database(home: Path) -> tuple[object, set, int]:
    """The saved match (as :func:`state_of` gives it), the hands, and their rows."""
    if not (home / FILE_NAME).exists():
        return None, set(), 0
    save = saved(home)
    if save is None:
        state = None
    else:
        state = save["id"], save["match"]["hand_no"], len(save["hand"]["actions"])
    with db(home) as c:
        rows = c.execute("SELECT match_id, hand_no FROM hands").fetchall()
    return state, set(rows), len(rows)


@pytest.mark.slow
def test_killed_200_times_every_hand_is_counted_once_and_continue_resumes(tmp_path):
    rng = random.Random(2033)
    finished: set[tuple[str, int]] = set()
    state = None
    landed = {"random": 0, "end": 0}
    lost_in_flight = kept_in_flight = 0
    for kill in range(KILLS):
        lines, how = life(tmp_path, 1000 + kill, rng)
        landed[how] += 1
        assert not [line for line in lines if line[0] == "told"], lines
        flight = None
        for line in lines:
            if line[0] in ("saving", "ending"):
                flight = line
            elif line[0] == "saved":
                state, flight = state_of(line), None
            elif line[0] == "ended":
                state, flight = state_of(line), None
                finished.add((line[1], int(line[2])))
        now, hands, rows = in_database(tmp_path)
        assert rows == len(hands), "a hand counted twice"
        if flight is None or now == state:
            assert now == state, f"kill {kill}: the saved match is not the last move saved"
            assert hands == finished, f"kill {kill}: the hands are not those finished"
            lost_in_flight += flight is not None
            continue
        kept_in_flight += 1
        if flight[0] == "saving":
            assert now == state_of(["saved", *flight[1:]])
            assert hands == finished
        else:  # the hand's end was committed whole: counted, with the next state
            ended = (flight[1], int(flight[2]))
            assert now in (None, (flight[1], ended[1] + 1, 0))
            assert hands == finished | {ended}
            finished.add(ended)
        state = now
    told: list[str] = []
    keeper = Keeper(told.append, tmp_path)
    session = keeper.load_match()
    assert told == []
    assert (session is None) == (state is None)
    if session is not None:
        assert (session.id, session.match.hand_no, len(session.state.history)) == state
    line_total = sum(line.hands + line.takeback_hands for line in keeper.statistics().values())
    assert line_total == len(keeper.entries()) == len(finished) > 50
    keeper.close()
    with db(tmp_path) as c:
        assert c.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert not list(tmp_path.glob("*.broken*"))
    print(
        f"{KILLS} kills ({landed['random']} at random, {landed['end']} the "
        f"moment a hand ended): {len(finished)} hands finished, {len(finished)} in History, "
        f"{line_total} in the statistics; the change in flight was kept whole "
        f"{kept_in_flight} times and not at all {lost_in_flight} times"
    )
