"""Where coach mode should start asking: the Expert's own figures.

    python benchmarks/coach_noise.py [HANDS] [--game pishe-pasha]

For each game (two players), plays HANDS hands (default 4) with the player's seat (seat 0)
played first by the Expert, then by Hard, against Medium opponents as at the table. At
every decision of seat 0 with two or more moves the coach weighs the moves as coach mode
does (its budget in play, its deals seeded by the position), and, for the noise, a
second time with other deals. It prints, per game:

- noise: over every move of every position, the standard error of a move's value and
  of its loss (the best move's value minus its own), from the spread of the two runs'
  difference divided by the square root of two;
- the Expert: the losses the coach charges the Expert's own moves (its 99th percentile
  and its largest): what the coach would object to in the best play there is;
- the threshold: the largest loss charged to the Expert, rounded up to a whole point,
  and at least twice the standard error of a value: below it, the coach cannot tell a
  move from the Expert's;
- how often coach mode would ask in a hand of the Hard level, at the setting's default
  (2 points) and at the threshold (median and most of the hands).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.coach import ASSESS_BUDGET, move_values
from game.core.agents import SeatView
from game.games import make_agent, new_hand, spec_of

GAMES = ("pishe-pasha", "pisti")
DEFAULT = 2.0  # the coach_threshold setting's default


def rms(xs: list[float]) -> float:
    return math.sqrt(sum(x * x for x in xs) / max(1, len(xs)))


def play(game: str, level: str, hands: int, seed: int, noise: list | None = None) -> list:
    """Per hand, the coach's loss of each decision of seat 0 (``level``); with ``noise``,
    each move's value difference between two runs is added to it (value, loss)."""
    spec, out = spec_of(game), []
    for hand in range(hands):
        state = new_hand(game, 2, {}, seed + hand)
        agents = [make_agent(game, level, seed + 100 + hand), make_agent(game, "medium", seed)]
        losses = []
        while not state.is_over:
            seat = state.to_move
            view = SeatView(state, seat)
            action = agents[seat].choose(view)
            if seat == 0 and len(view.legal_actions()) >= 2:
                a = move_values(state, 0, ASSESS_BUDGET)
                if len(a) >= 2:
                    losses.append(max(a.values()) - a[action])
                if noise is not None and len(a) >= 2:
                    rng = random.Random(seed * 7919 + len(state.history))
                    b = spec.coach.evaluate(view, view.legal_actions(), rng, ASSESS_BUDGET)
                    best_a, best_b = max(a.values()), max(b.values())
                    for m in a:
                        noise.append((a[m] - b[m], (best_a - a[m]) - (best_b - b[m])))
            state.apply(action)
        out.append(losses)
    return out


def figures(game: str, hands: int, seed: int) -> dict:
    noise: list[tuple[float, float]] = []
    expert = [x for hand in play(game, "expert", hands, seed, noise) for x in hand]
    hard = play(game, "hard", hands, seed)
    se_value = rms([v for v, _ in noise]) / math.sqrt(2)
    se_loss = rms([w for _, w in noise]) / math.sqrt(2)
    expert.sort()
    threshold = max(math.ceil(expert[-1] if expert else 0.0), math.ceil(2 * se_value))
    asked = [(t, [sum(x > t for x in h) for h in hard]) for t in (DEFAULT, threshold)]
    return {
        "decisions": len(expert),
        "se_value": se_value,
        "se_loss": se_loss,
        "expert99": expert[int(0.99 * (len(expert) - 1))] if expert else 0.0,
        "expert_max": expert[-1] if expert else 0.0,
        "threshold": threshold,
        "asked": [(t, (statistics.median(n), max(n))) for t, n in asked],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("hands", nargs="?", type=int, default=4)
    ap.add_argument("--game", default="", help="one game only")
    ap.add_argument("--seed", type=int, default=36)
    args = ap.parse_args()
    for game in GAMES:
        if args.game and game != args.game:
            continue
        f = figures(game, args.hands, args.seed)
        (t1, (m1, x1)), (t2, (m2, x2)) = f["asked"]
        print(
            f"{game}: {args.hands} hands, {f['decisions']} Expert decisions; standard error of "
            f"a value {f['se_value']:.2f}, of a loss {f['se_loss']:.2f} points; loss charged "
            f"to the Expert: 99th percentile {f['expert99']:.2f}, largest "
            f"{f['expert_max']:.2f}; threshold {f['threshold']} points; questions in a Hard "
            f"hand over {t1:g} points: median {m1:g}, most {x1}; over {t2:g}: median "
            f"{m2:g}, most {x2}",
            flush=True,
        )


if __name__ == "__main__":
    main()
