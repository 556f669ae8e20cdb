"""Random legal playouts through the public state interface, hands per second.

Prints one line per game and player count, e.g. ``pisti 2p: 12345 hands/s``, counting
``new_hand`` and a loop of ``legal_actions()``, ``rng.choice`` and ``apply()`` to the end
of each hand, in CPU seconds (so other work on the machine matters less). Run on one core:
``taskset -c 0 python benchmarks/playouts.py [seconds] [--only pishe]``.

Side by side with another checkout (see ``benchmarks/_against.py``):
``taskset -c 0 python benchmarks/playouts.py 2 --against /work/bench-main --rounds 5``.

The last line, ``the loop alone``, plays the same loop on a state that does nothing (one or
two moves offered in turn, 357 moves a hand, as many as a random Pishe Pasha hand): what
``rng.choice`` and the calls cost, a ceiling no engine can pass.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._against import (
    add_flags,
    code_root,
    side_by_side,
)

code_root()
from game.games import new_hand  # noqa: E402

CASES = [
    ("pishe-pasha", "pishe-pasha", 2, {}),
    ("pishe-pasha-single", "pishe-pasha", 2, {"foundations": "single"}),
    ("pishe-pasha", "pishe-pasha", 3, {}),
    ("pishe-pasha-stop", "pishe-pasha", 2, {"stop_rule": True}),
    ("pisha-pasha-book", "pisha-pasha-book", 2, {}),
    ("pisti", "pisti", 2, {}),
    ("pisti", "pisti", 3, {}),
    ("pisti", "pisti", 4, {}),
    ("the loop alone", "loop", 2, {}),
]


class LoopAlone:
    """A hand that does nothing for ``MOVES`` moves: the benchmark loop's own cost."""

    MOVES = 357
    OFFERS = ([0], [0, 1])
    __slots__ = ("done",)

    def __init__(self) -> None:
        self.done = 0

    @property
    def is_over(self) -> bool:
        return self.done >= self.MOVES

    def legal_actions(self) -> list[int]:
        return self.OFFERS[self.done & 1][:]

    def apply(self, action: int) -> list[int]:
        self.done += 1
        return [action]


def play_hand(game: str, players: int, options: dict, rng: random.Random) -> int:
    """One random hand to its end; returns the number of moves."""
    state = LoopAlone() if game == "loop" else new_hand(game, players, options, rng)
    moves = 0
    choice = rng.choice
    while not state.is_over:
        state.apply(choice(state.legal_actions()))
        moves += 1
    return moves


def measure(game: str, players: int, options: dict, seconds: float) -> tuple[float, float]:
    """Hands per CPU second and mean moves per hand over about ``seconds``."""
    rng = random.Random(2026)
    hands = moves = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        for _ in range(20):
            moves += play_hand(game, players, options, rng)
            hands += 1
    return hands / elapsed, moves / hands


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("seconds", type=float, nargs="?", default=2.0)
    ap.add_argument("--only", default="", help="only the cases whose label starts so")
    add_flags(ap, rounds=5)
    args = ap.parse_args(argv)
    cases = [c for c in CASES if f"{c[0]} {c[2]}p".startswith(args.only)]
    if side_by_side(__file__, argv, args, "hands/s"):
        return 0
    moves, figures = [], {}
    for label, game, players, options in cases:
        rate, mean_moves = measure(game, players, options, args.seconds)
        print(f"{label} {players}p: {rate:.0f} hands/s", flush=True)
        moves.append(f"{label} {players}p {mean_moves:.0f}")
        figures[f"{label} {players}p"] = rate
    print("mean moves per hand:", ", ".join(moves))
    if args.json:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
