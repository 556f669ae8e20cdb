"""Random Pishe Pasha and book-version hands per second, and the Expert's rollouts.

The random hands count ``new(...)`` plus a loop of ``legal_actions()``, ``rng.choice``
and ``apply()`` until the hand is over (as ``playouts.py``, without the registry). The
rollouts are whole hands from a fresh deal played by the Expert's always-load playout
(``ai.finish``) and by its nested rollout (``ai.finish_looking``: seat 0 choosing each
of its loads by a playout per option), hands per second. CPU time, so other work on the
machine matters less. Run on one core:
``taskset -c 0 python benchmarks/pishe_speed.py [seconds]``; side by side with another
checkout: ``--against PATH`` (``benchmarks/_against.py``).
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
from game.games.book.rules import BookGame  # noqa: E402
from game.games.pishe_pasha import ai  # noqa: E402
from game.games.pishe_pasha.rules import PishePasha  # noqa: E402

SINGLE = {"foundations": "single"}
CASES = [
    ("classic 2p", PishePasha, 2, {}, None),
    ("single 2p", PishePasha, 2, SINGLE, None),
    ("three players", PishePasha, 3, {}, None),
    ("stop rule 2p", PishePasha, 2, {"stop_rule": True}, None),
    ("book", BookGame, 2, {}, None),
    ("rollout 2p", PishePasha, 2, {}, ai.finish),
    ("rollout single", PishePasha, 2, SINGLE, ai.finish),
    ("rollout 3p", PishePasha, 3, {}, ai.finish),
    ("expert rollout 2p", PishePasha, 2, {}, ai.finish_looking),
    ("expert rollout 3p", PishePasha, 3, {}, ai.finish_looking),
]


def measure(cls: type, players: int, options: dict, seconds: float,
            rollout=None) -> tuple[float, float, int]:  # fmt: skip
    """Hands per CPU second, mean moves per hand, and the longest hand in moves (the
    rollouts: moves the engine saw, 0)."""
    rng = random.Random(2026)
    choice = rng.choice
    hands = moves = longest = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        for _ in range(20):
            state = cls.new(players, options, rng)
            n = 0
            if rollout is not None:
                rollout(state, 0)
            while not state.is_over:
                state.apply(choice(state.legal_actions()))
                n += 1
            hands += 1
            moves += n
            longest = max(longest, n)
    return hands / elapsed, moves / hands, longest


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("seconds", type=float, nargs="?", default=3.0)
    add_flags(ap)
    args = ap.parse_args(argv)
    if side_by_side(__file__, argv, args, "hands/s"):
        return 0
    figures = {}
    for label, cls, players, options, rollout in CASES:
        rate, mean, longest = measure(cls, players, options, args.seconds, rollout)
        if rollout is None:
            print(f"{label:17s} {rate:7.0f} hands/s  {mean:5.0f} moves/hand  longest {longest}")
        else:
            print(f"{label:17s} {rate:7.0f} hands/s")
        figures[label] = rate
    if args.json:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
