"""Decision time of every AI level, per game: median and max per decision, in ms.

Plays hands of each level against itself and times each decision the referee
asks for (moves and Stop calls), as the arena does. The issue-14 limits for the
Expert: a median of at most 250 ms and a maximum of at most 1 s, on one core:

    taskset -c 0 python benchmarks/ai_speed.py [hands] [--levels expert,pimc] [--game pisti]

Forced moves count too (the table asks the AI for them), so the median of a
game with many forced moves is small; ``choice median`` is the median over the
decisions that had more than one legal move.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.core.referee import Referee  # noqa: E402
from game.games import make_agent, new_hand  # noqa: E402

CASES = [
    ("pisti", 2, {}, ["greedy", "easy", "medium", "hard", "pimc", "expert"]),
    ("pisti", 3, {}, ["hard", "pimc", "expert"]),
    ("pisti", 4, {}, ["hard", "pimc", "expert"]),
    ("pishe-pasha", 2, {}, ["always-load", "easy", "medium", "hard", "expert"]),
    ("pishe-pasha", 2, {"foundations": "single"}, ["hard", "expert"]),
    ("pishe-pasha", 3, {"stop_rule": True}, ["medium", "hard", "expert"]),
]


def measure(game: str, players: int, options: dict, level: str,
            hands: int) -> tuple[list[float], list[float]]:  # fmt: skip
    """(every decision's ms, the ms of decisions with a choice) over ``hands`` hands."""
    every: list[float] = []
    choices: list[float] = []
    clock = time.perf_counter
    for h in range(hands):
        state = new_hand(game, players, options, 77 + h)
        agents = [make_agent(game, level, 1000 * h + s, players) for s in range(players)]
        referee = Referee(state, agents)
        while not state.is_over:
            q = referee.question()
            if q is None:
                raise RuntimeError("every seat has a computer player")
            choice = q.kind == "call" or len(state.legal_actions()) > 1
            t0 = clock()
            action = q.answer()
            ms = (clock() - t0) * 1000
            every.append(ms)
            if choice:
                choices.append(ms)
            referee.answer(q, action)
    return every, choices


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("hands", type=int, nargs="?", default=20)
    ap.add_argument("--levels", default=None, help="only these levels (comma-separated)")
    ap.add_argument("--game", default=None, help="only this game")
    args = ap.parse_args(argv)
    only = set(args.levels.split(",")) if args.levels else None
    for game, players, options, levels in CASES:
        if args.game and game != args.game:
            continue
        variant = "".join(f" {k}={v}" for k, v in options.items())
        for level in levels:
            if only and level not in only:
                continue
            start = time.perf_counter()
            ms, chosen = measure(game, players, options, level, args.hands)
            pick = statistics.median(chosen) if chosen else 0.0
            print(
                f"{game} {players}p{variant} {level:<11} decisions {len(ms):>6}"
                f"  median {statistics.median(ms):7.2f} ms  choice median {pick:7.2f} ms"
                f"  max {max(ms):7.1f} ms  ({time.perf_counter() - start:.1f} s)",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
