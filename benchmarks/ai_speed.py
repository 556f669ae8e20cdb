"""Decision time of every AI level, per game: median and max per move, in ms.

Plays hands level against itself and times each ``choose`` and ``stop_call``.
Run on one core: ``taskset -c 0 python benchmarks/ai_speed.py [hands]``.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.levels import make_agent  # noqa: E402
from game.arena import play_hand  # noqa: E402
from game.rules import new_hand  # noqa: E402

CASES = [
    ("pisti", 2, {}, ["greedy", "easy", "medium", "hard", "expert"]),
    ("pisti", 4, {}, ["hard", "expert"]),
    ("pishe-pasha", 2, {}, ["always-load", "easy", "medium", "hard", "expert"]),
    ("pishe-pasha", 3, {"stop_rule": True}, ["medium", "hard", "expert"]),
]


def measure(game: str, players: int, options: dict, level: str, hands: int) -> list[float]:
    times: list[list[float]] = [[] for _ in range(players)]
    for h in range(hands):
        agents = [make_agent(game, level, 1000 * h + s, players) for s in range(players)]
        play_hand(new_hand(game, players, options, 77 + h), agents, times)
    return [t for seat in times for t in seat]


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    for game, players, options, levels in CASES:
        for level in levels:
            start = time.perf_counter()
            ms = measure(game, players, options, level, hands)
            print(
                f"{game} {players}p {level:<11} decisions {len(ms):>6}"
                f"  median {statistics.median(ms):7.2f} ms"
                f"  max {max(ms):7.1f} ms  ({time.perf_counter() - start:.1f} s)"
            )


if __name__ == "__main__":
    main()
