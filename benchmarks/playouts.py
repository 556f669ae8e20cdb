"""Random legal playouts through the public state interface, hands per second.

Prints one line per game and player count, e.g. ``pisti 2p: 12345 hands/s``.
Run on one core: ``taskset -c 0 python benchmarks/playouts.py [seconds]``.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.games import new_hand  # noqa: E402

CASES = [
    ("pishe-pasha", "pishe-pasha", 2, {}),
    ("pishe-pasha-single", "pishe-pasha", 2, {"foundations": "single"}),
    ("pishe-pasha", "pishe-pasha", 3, {}),
    ("pisha-pasha-book", "pisha-pasha-book", 2, {}),
    ("pisti", "pisti", 2, {}),
    ("pisti", "pisti", 3, {}),
    ("pisti", "pisti", 4, {}),
]


def play_hand(game: str, players: int, options: dict, rng: random.Random) -> int:
    """One random hand to its end; returns the number of moves."""
    state = new_hand(game, players, options, rng)
    moves = 0
    choice = rng.choice
    while not state.is_over:
        state.apply(choice(state.legal_actions()))
        moves += 1
    return moves


def measure(game: str, players: int, options: dict, seconds: float) -> tuple[float, float]:
    """Hands per second and mean moves per hand over about ``seconds``."""
    rng = random.Random(2026)
    hands = moves = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(20):
            moves += play_hand(game, players, options, rng)
            hands += 1
    return hands / elapsed, moves / hands


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    moves = []
    for label, game, players, options in CASES:
        rate, mean_moves = measure(game, players, options, seconds)
        print(f"{label} {players}p: {rate:.0f} hands/s", flush=True)
        moves.append(f"{label} {players}p {mean_moves:.0f}")
    print("mean moves per hand:", ", ".join(moves))


if __name__ == "__main__":
    main()
