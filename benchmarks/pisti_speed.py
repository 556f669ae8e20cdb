"""Scratch speed check for the Pişti engine: random hands, clones and resamples per second.

Counts ``Pisti.new`` plus the ``legal_actions`` / ``rng.choice`` / ``apply`` loop to the end
of the hand. Run on one core: ``taskset -c 0 python benchmarks/pisti_speed.py [seconds]``.
Hand rates are the best of five runs.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.games.pisti.rules import Pisti


def hands_per_second(players: int, seconds: float, options: dict | None = None) -> float:
    """Best of five runs, so other work on the machine disturbs the figure less."""
    return max(_hands_per_second(players, seconds / 5, options) for _ in range(5))


def _hands_per_second(players: int, seconds: float, options: dict | None) -> float:
    rng = random.Random(2026)
    choice = rng.choice
    hands = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(50):
            state = Pisti.new(players, options, rng)
            while not state.is_over:
                state.apply(choice(state.legal_actions()))
            hands += 1
    return hands / elapsed


def per_second(fn, seconds: float) -> float:
    count = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(200):
            fn()
        count += 200
    return count / elapsed


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    for players in (2, 3, 4):
        rate = hands_per_second(players, seconds)
        print(f"pisti {players}p: {rate:,.0f} random hands/s")
    rate = hands_per_second(2, seconds, {"start_jack": "to_bottom", "show_bottom": False})
    print(f"pisti 2p to_bottom, hidden bottom: {rate:,.0f} random hands/s")
    rng = random.Random(1)
    state = Pisti.new(2, None, rng)
    for _ in range(10):
        state.apply(rng.choice(state.legal_actions()))
    print(f"clone (2p, 10 moves in): {per_second(state.clone, seconds):,.0f}/s")
    print(f"observation: {per_second(lambda: state.observation(0), seconds):,.0f}/s")
    print(f"resample: {per_second(lambda: state.resample(0, rng), seconds):,.0f}/s")


if __name__ == "__main__":
    main()
