"""Random Pishe Pasha and book-version hands per second (scratch; see playouts.py).

Counts ``new(...)`` plus a loop of ``legal_actions()``, ``rng.choice`` and
``apply()`` until the hand is over. Uses CPU time, so other work on the
machine matters less. Run on one core:
``taskset -c 0 python benchmarks/pishe_speed.py [seconds]``.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.games.book.rules import BookGame  # noqa: E402
from game.games.pishe_pasha.rules import PishePasha  # noqa: E402

CASES = [
    ("classic 2p", PishePasha, 2, {}),
    ("single 2p", PishePasha, 2, {"foundations": "single"}),
    ("three players", PishePasha, 3, {}),
    ("stop rule 2p", PishePasha, 2, {"stop_rule": True}),
    ("book", BookGame, 2, {}),
]


def measure(cls: type, players: int, options: dict, seconds: float) -> tuple[float, float, int]:
    """Hands per CPU second, mean moves per hand, and the longest hand in moves."""
    rng = random.Random(2026)
    choice = rng.choice
    hands = moves = longest = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        for _ in range(20):
            state = cls.new(players, options, rng)
            n = 0
            while not state.is_over:
                state.apply(choice(state.legal_actions()))
                n += 1
            hands += 1
            moves += n
            longest = max(longest, n)
    return hands / elapsed, moves / hands, longest


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    for label, cls, players, options in CASES:
        rate, mean, longest = measure(cls, players, options, seconds)
        print(f"{label:14s} {rate:7.0f} hands/s  {mean:5.0f} moves/hand  longest {longest}")


if __name__ == "__main__":
    main()
