"""The first start on a large history of the previous version: how soon the window's
first frame is drawn, how long the moving in takes, and the longest the window goes
without a frame meanwhile (the frames a player sees while the hands move in).

    python benchmarks/moving_in.py [--mb 23] [--runs 3]

The old files are the test fixture's (``tests/fixtures/previous-version/four-hands``,
made by that version's own code), its hands repeated up to ``--mb`` megabytes of
``history.json`` (the previous version kept 24 at most). The window is SDL's headless
one (``SDL_VIDEODRIVER=dummy``), stepped as the game's loop steps it, in this process.
Milliseconds; the gap is measured between the ends of two frames."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
FIXTURE = ROOT / "tests" / "fixtures" / "previous-version" / "four-hands"


def old_folder(where: Path, mb: float) -> int:
    """The previous version's files in ``where``, their history ``mb`` megabytes; the hands."""
    shutil.copytree(FIXTURE, where)
    old = json.loads((where / "history.json").read_text())
    first, made, size = old["hands"], [], 0
    while size < mb * 1e6:
        hand = {**first[len(made) % len(first)], "when": 1.7e9 + len(made), "deal": len(made) + 1}
        made.append(hand)
        size += len(json.dumps(hand))
    old["hands"] = made
    (where / "history.json").write_text(json.dumps(old))
    return len(made)


def one_start(home: Path) -> tuple[float, float, float, int]:
    """First frame, moved in, the longest wait between frames (ms); hands then in History."""
    from game.__main__ import parse_args
    from game.ui import start
    from game.ui.scenes.moving_in import MovingInScene

    os.environ["PASHA_PISTI_HOME"] = str(home)
    began = time.perf_counter()
    app = start.open_app(parse_args(["--size", "960x600", "--lang", "en"]))
    app.after_frame.clear()  # (the art check and imports every start makes: not moving in)
    app.step(0.0)
    first = time.perf_counter() - began
    last, worst = time.perf_counter(), 0.0
    while isinstance(app.scene, MovingInScene):
        time.sleep(0.005)  # (the loop's own wait between frames)
        app.step(0.016)
        worst, last = max(worst, time.perf_counter() - last), time.perf_counter()
    moved = time.perf_counter() - began
    hands = len(app.keeper.entries())
    app.close()
    return first * 1000, moved * 1000, worst * 1000, hands


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=float, default=23.0)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as tmp:
        made = old_folder(Path(tmp) / "old", args.mb)
        print(f"a history.json of {args.mb:g} MB: {made:,} hands")
        for run in range(1, args.runs + 1):
            home = Path(tmp) / f"run-{run}"
            shutil.copytree(Path(tmp) / "old", home)
            first, moved, worst, hands = one_start(home)
            assert hands == made, f"{hands} of {made} hands moved in"
            print(f"run {run}: first frame {first:.0f} ms, moved in and the menu shown at "
                  f"{moved:.0f} ms, the longest between two frames {worst:.0f} ms")  # fmt: skip


if __name__ == "__main__":
    main()
