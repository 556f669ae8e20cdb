"""How much a player does in a hand, and how long a hand lasts.

    python benchmarks/hand_inputs.py [HANDS] [--only pishe-pasha] [--fps 30]

Plays HANDS seeded hands (default 3) of every game and variant through the real table:
an app on SDL's headless driver with the default settings (Normal pace, forced moves
played for you, Medium opponents), its controller fed real mouse events posted to pygame's
queue, as the UI tests do. The player's seat is a player who, whenever the table asks,
at once makes the Expert's move with one gesture (a click, or a drag), and, with the Stop
rule, stops the faults it sees in a call window as the Expert would (a click on Stop and
one on the way), letting every other window run out. Per hand it counts:

- moves: every move of the hand, all seats;
- inputs: the player's gestures;
- choices: positions where the player's seat had two or more legal moves leading to
  different positions (the deal replayed afterwards), and two for each call the player
  made (to call, and which way: Stop's force or end);
- forced: the player's moves where it had no real choice (with calls in play it makes
  them itself: noticing is the game);
- min/hand: the hand's length at Normal pace, as simulated time: the sum of the frame
  times stepped (``1/--fps`` each, the animations and pauses run at Normal pace) plus
  the computer players' thinking as measured on this machine.

It prints the medians per hand, and checks the targets: in Pishe Pasha
classic and single-foundation and in two-player Pişti, inputs at most 1.1 times choices;
a classic Pishe Pasha hand at most 3 minutes; a Stop-rule hand at most 1.5 times the
classic hand's minutes in the same run (``--only pishe-pasha`` runs both).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from game.core.agents import SeatView  # noqa: E402
from game.session import Session  # noqa: E402
from game.store.settings import Settings  # noqa: E402

TABLES = [  # (name, game, choices)
    ("pishe-pasha classic 2p", "pishe-pasha", {"players": 2}),
    ("pishe-pasha single-foundation 2p", "pishe-pasha", {"players": 2, "foundations": "single"}),
    ("pishe-pasha classic 3p", "pishe-pasha", {"players": 3}),
    ("pishe-pasha stop rule 2p", "pishe-pasha", {"players": 2, "stop_rule": True}),
    ("pisha-pasha-book", "pisha-pasha-book", {}),
    ("pisti 2p", "pisti", {"players": 2}),
    ("pisti 3p", "pisti", {"players": 3}),
    ("pisti 4p", "pisti", {"players": 4}),
]
TARGETS = ("pishe-pasha classic 2p", "pishe-pasha single-foundation 2p", "pisti 2p")
MAX_RATIO, MAX_MINUTES = 1.1, 3.0
STOP, MAX_STOP_SLOWER = "pishe-pasha stop rule 2p", 1.5  # its minutes a hand, to the classic's
SIZE = (960, 600)


class Clock:
    """The simulated time of a hand: every ``app.step(dt)`` adds ``dt``."""

    def __init__(self, app) -> None:
        self.seconds = 0.0
        step = app.step

        def counted(dt: float, first=None):
            self.seconds += dt
            return step(dt, first)

        app.step = counted


def position_key(state) -> tuple:
    return state.to_move, tuple(sorted((str(p), tuple(c)) for p, c in state.reveal().items()))


def real_choices(start, actions, seat: int) -> int:
    """Positions of ``seat`` (replayed from ``start``) with two or more legal moves that
    lead to different positions (calls counted two each), and its forced moves."""
    state, n, forced = start.clone(), 0, 0
    for action in actions:
        if action.is_call and action.actor == seat:
            n += 2  # a call is two decisions: to make it, and which way
        elif state.to_move == seat and not action.is_call:
            after = set()
            for a in state.legal_actions():
                s = state.clone()
                s.apply(a)
                after.add(position_key(s))
            n += len(after) >= 2
            forced += len(after) < 2
        state.apply(action)
    return n, forced


def stop_seen(app, table, expert) -> int:
    """A fault the player sees in its call window: the Expert's call, if it makes one, by
    a click on the call's button and one on the way chosen; the inputs it took."""
    from ui_support import click

    m = table.model
    call = expert.call(SeatView(table.state, table.human))
    if call is None:
        return 0
    click(app, table.controls.call_btns[0].rect.center)
    if m.asking is None:
        return 1
    ways = [a.action for a in m.asking.answers]
    click(app, table.controls.choices()[ways.index(call)].rect.center)
    return 2


def play_one(name: str, game: str, choices: dict, seed: int, fps: int, draw: bool) -> dict:
    """One hand at the table; its counts."""
    import ui_support
    from ui_support import gesture_for, install_routes

    from game.ui.app import App

    os.environ["PASHA_PISTI_HOME"] = tempfile.mkdtemp(prefix="hand-inputs-")
    app = App(SIZE, settings=Settings(sound=False, language="en"))
    install_routes(app)
    dt = 1.0 / fps
    ui_support.DT = dt
    clock = Clock(app)
    session = Session.start(game, choices, app.settings.level, seed)
    start = session.referee.state.clone()
    table = app.goto("table", session=session)
    if not draw:
        table.draw = lambda surface: None  # the counts and times need no pixels
    expert = table.model.spec.make_agent("expert", seed)
    inputs, thinking, shown, opened, timed = 0, 0.0, [], None, -1
    try:
        while app.scene is table:
            m = table.model
            if m.window.open and opened is None and timed != len(table.state.history):
                opened = clock.seconds  # a computer move begins to show: its window opens
            if opened is not None and not (m.window.open and m.show.busy):
                shown.append(clock.seconds - opened)  # ...and has landed
                opened, timed = None, len(table.state.history)
            pending = m.thinker.pending
            if pending is not None and not pending.future.done():
                t = time.monotonic()
                pending.future.exception()  # waits for the answer
                waited = time.monotonic() - t
                if m.window.open:  # thought during a call window: only what outlasts it
                    waited = max(0.0, waited - max(m.window.seconds, m.window.grace))
                thinking += waited
            if m.window.open and m.my_calls() and m.asking is None:
                called = stop_seen(app, table, expert)
                inputs += called
                if called:
                    continue
            if m.human_may_act() and not m.plays_itself() and not table.state.is_over:
                # the double-click timer reads the wall clock, which runs far slower than
                # this simulated hand: two gestures are never a double click here
                table.controller.clicks.reset()
                gesture_for(app, table, expert.choose(SeatView(table.state, table.human)))
                inputs += 1
                continue
            app.step(dt)
            if clock.seconds > 3600:
                raise SystemExit(f"{name} hand {seed} never ended")
        history = list(table.state.history)
    finally:
        app.scene.leave()
    choices, forced = real_choices(start, history, table.human)
    return {
        "moves": len(history),
        "inputs": inputs,
        "choices": choices,
        "forced": forced,
        "minutes": (clock.seconds + thinking) / 60.0,
        "shown": statistics.median(shown) if shown else 0.0,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("hands", nargs="?", type=int, default=3)
    ap.add_argument("--only", default="", help="tables whose name starts with this")
    ap.add_argument("--fps", type=int, default=30, help="frames a second of simulated time")
    ap.add_argument("--draw", action="store_true", help="draw every frame (slower)")
    args = ap.parse_args()
    failed, minutes = [], {}
    for name, game, choices in TABLES:
        if not name.startswith(args.only):
            continue
        seeds = range(1, args.hands + 1)
        hands = [play_one(name, game, choices, s, args.fps, args.draw) for s in seeds]
        med = {k: statistics.median(h[k] for h in hands) for k in hands[0]}
        chosen = sum(h["choices"] for h in hands)
        ratio = sum(h["inputs"] for h in hands) / chosen if chosen else None
        forced = sum(h["forced"] for h in hands)
        print(
            f"{name}: {med['moves']:g} moves, {med['inputs']:g} inputs, "
            f"{med['choices']:g} choices, {med['forced']:g} forced, {med['minutes']:.2f} min/hand "
            f"(medians of {len(hands)} hands; inputs/choices "
            f"{'n/a' if ratio is None else f'{ratio:.2f}'})",
            flush=True,
        )
        minutes[name] = med["minutes"]
        if med["shown"]:
            print(f"{name}: a computer move shows for {med['shown']:.2f} s before it has landed")
        if name == STOP and sum(h["inputs"] for h in hands) > chosen + forced:
            failed.append(f"{name}: inputs above choices plus the player's forced moves")
        if name in TARGETS and (ratio is None or ratio > MAX_RATIO):
            failed.append(f"{name}: inputs/choices {ratio} > {MAX_RATIO}")
        if name == TARGETS[0] and med["minutes"] > MAX_MINUTES:
            failed.append(f"{name}: {med['minutes']:.2f} min/hand > {MAX_MINUTES}")
    classic = minutes.get(TARGETS[0])
    if classic and STOP in minutes:
        slower = minutes[STOP] / classic
        print(f"{STOP}: {slower:.2f} x the classic hand's minutes")
        if slower > MAX_STOP_SLOWER:
            failed.append(f"{STOP}: {slower:.2f} x the classic hand > {MAX_STOP_SLOWER}")
    print("targets: " + ("; ".join(failed) if failed else "met"))


if __name__ == "__main__":
    main()
