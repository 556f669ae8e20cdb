"""How book-version games end (RULES.md §4): stalemates and game length.

    python benchmarks/book_endings.py [GAMES]

Plays GAMES (default 1,000) seeded book games to the end and prints
``book: N/1000 stalemates, median M flips``. The captured pile goes under the
stock bottom card down; with the other orientation about three games in four
looped into a stalemate.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.games.book.kinds import FLIP
from game.games.book.rules import BookGame


def play(seed: int) -> BookGame:
    state = BookGame.new(2, None, seed)
    while not state.is_over:
        state.apply(FLIP)
    return state


def main(argv: list[str]) -> int:
    games = int(argv[0]) if argv else 1000
    ends = [play(seed) for seed in range(games)]
    stalemates = sum(1 for s in ends if s.stalemate)
    median = statistics.median(s.flips for s in ends)
    print(f"book: {stalemates}/{games} stalemates, median {median:g} flips")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
