"""One game window as a process the two-window test drives: the real start (``open_app``
on the dummy video driver, the real Keeper), then commands read from stdin, one a line:

- ``hand SEED``: play a whole Pişti hand (a Medium player makes the human's moves)
  and print ``done``;
- ``moves SEED N``: start a Pişti hand and make the human's first ``N`` moves, leaving
  the match in progress, and print ``done``;
- ``notices``: print the window's notices (what the player was told) as one JSON line;
- ``quit``: close the window as the player does (the QUIT event) and exit.

Run as ``python tests/two_windows.py`` with ``PASHA_PISTI_HOME`` set.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]

import pygame  # noqa: E402
from ui_support import DT, settle  # noqa: E402

from game.__main__ import parse_args  # noqa: E402
from game.core.agents import SeatView  # noqa: E402
from game.session import Session  # noqa: E402
from game.ui.start import open_app  # noqa: E402


def play_hand(app, seed: int, moves: int = 500) -> None:
    """The human's moves made by a Medium player: ``moves`` of them, or the whole hand."""
    app.settings.pace = "instant"
    app.settings.sound = False
    session = Session.start("pisti", {"players": 2}, "medium", seed)
    table = app.goto("table", session=session)
    agent = table.model.spec.make_agent("medium", seed)
    for _ in range(moves):
        settle(app, table)
        if app.scene is not table:
            return
        if not table.state.is_over:
            table.model.perform(agent.choose(SeatView(table.state, table.human)))
    if moves < 500:
        settle(app, table)
        return
    raise AssertionError("the hand did not end")


def main() -> int:
    app = open_app(parse_args(["--size", "640x400", "--lang", "en"]))
    app.settings.auto_play = False
    print("ready", flush=True)
    for line in sys.stdin:
        words = line.split()
        if words[:1] == ["hand"]:
            play_hand(app, int(words[1]))
            print("done", flush=True)
        elif words[:1] == ["moves"]:
            play_hand(app, int(words[1]), int(words[2]))
            print("done", flush=True)
        elif words[:1] == ["notices"]:
            print(json.dumps(app.notices), flush=True)
        elif words[:1] == ["quit"]:
            pygame.event.post(pygame.event.Event(pygame.QUIT))
            while app.step(DT):
                pass
            app.close()
            print("bye", flush=True)
            return 0
    return 1


if __name__ == "__main__":
    sys.exit(main())
