"""An upper bound for any Pishe Pasha player against always-load (classic, 2 players).

Not a game AI: this player cheats. It sees every card, both stocks in order,
and the opponent's policy (always-load) is deterministic, so the rest of a
hand is exactly simulable for any choice. That makes the hand a one-player
puzzle, searched with nested rollouts (nested Monte Carlo search):

* level 0: both seats play always-load to the end of the hand;
* level k: at each of the cheater's decisions, try every legal choice and
  finish the hand at level k-1; take the best, but keep the best complete
  line found so far and follow it when no new choice beats it, so the result
  never gets worse as the search goes on. Level 1 adds a few randomised
  playouts (loads declined at random) per choice for variety.

The best outcome is a win first, then the most points. Dealt exactly as the
arena deals (``game.cli.arena.deal_set``), each deal twice with the seats swapped.

    python benchmarks/pasha_ceiling.py --deals 300 --seed 2026 --level 2
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.cli.arena import deal_set
from game.core.types import DRAW, Action
from game.games.pishe_pasha.ai import load_target
from game.games.pishe_pasha.rules import PishePasha

BIG = 1000.0


def always_load(acts: list[Action]) -> Action:
    """The baseline's move: the first load offered, else the first legal move."""
    for a in acts:
        if load_target(a) is not None:
            return a
    return acts[0]


def outcome(state: PishePasha, me: int) -> float:
    """Win beats any loss; then points won (or minus points conceded)."""
    w = state.winner
    if w == me:
        return BIG + state.score[me]
    if w is DRAW or w is None:
        return 0.0
    return -BIG - max(state.score)


def playout(state: PishePasha, me: int, rng: random.Random | None, keep: float) -> list[Action]:
    """Finish the hand; the cheater declines a load with probability ``keep`` (rng given).

    Returns the cheater's choices at its decision points, in order.
    """
    line: list[Action] = []
    while not state.is_over:
        acts = state.legal_actions()
        if len(acts) == 1:
            state.apply(acts[0])
            continue
        a = always_load(acts)
        if state.to_move == me:
            if rng is not None and rng.random() < keep:
                a = next((x for x in acts if load_target(x) is None), a)
            line.append(a)
        state.apply(a)
    return line


def follow(state: PishePasha, me: int, line: list[Action]) -> None:
    """Replay the cheater's choices ``line``; always-load after it runs out."""
    i = 0
    while not state.is_over:
        acts = state.legal_actions()
        if len(acts) == 1:
            state.apply(acts[0])
            continue
        if state.to_move == me:
            a = line[i] if i < len(line) else always_load(acts)
            i += 1
        else:
            a = always_load(acts)
        state.apply(a)


def nested(
    state: PishePasha, me: int, level: int, rng: random.Random, randoms: int
) -> tuple[float, list[Action]]:
    """(value, the cheater's choices) of the best line found from ``state`` at ``level``."""
    if level == 0:
        s = state.clone()
        line = playout(s, me, None, 0.0)
        return outcome(s, me), line
    state = state.clone()
    best_value, best_line = -math.inf, []
    done: list[Action] = []
    while not state.is_over:
        acts = state.legal_actions()
        if len(acts) == 1:
            state.apply(acts[0])
            continue
        if state.to_move != me:
            state.apply(always_load(acts))
            continue
        for a in acts:
            child = state.clone()
            child.apply(a)
            value, line = nested(child, me, level - 1, rng, randoms)
            if value > best_value:
                best_value, best_line = value, [*done, a, *line]
            if level == 1:
                for _ in range(randoms):
                    child = state.clone()
                    child.apply(a)
                    line = playout(child, me, rng, rng.choice((0.2, 0.4, 0.6)))
                    value = outcome(child, me)
                    if value > best_value:
                        best_value, best_line = value, [*done, a, *line]
        a = best_line[len(done)]
        done.append(a)
        state.apply(a)
    return best_value, best_line


def play_cheater(
    state: PishePasha, me: int, level: int, rng: random.Random, randoms: int
) -> PishePasha:
    """Play the hand with the best line the search finds (checked by replaying it)."""
    _, line = nested(state, me, level, rng, randoms)
    follow(state, me, line)
    return state


def main(argv: list[Action] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--deals", type=int, default=300)
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--level", type=int, default=2, help="nesting level (0 = always-load itself)")
    p.add_argument("--randoms", type=int, default=4, help="random playouts per choice at level 1")
    args = p.parse_args(argv)
    start = time.perf_counter()
    per_deal, wins, losses, draws, hands = [], 0, 0, 0, 0
    for i in range(args.deals):
        margins = []
        for state, seats in deal_set("pishe-pasha", 2, {}, args.seed, i):
            me = seats[0]
            play_cheater(
                state, me, args.level, random.Random(f"{args.seed}:{i}:{me}"), args.randoms
            )
            hands += 1
            w = state.winner
            wins += w == me
            draws += w is DRAW
            losses += w == 1 - me
            margins.append(state.score[me] - state.score[1 - me])
        per_deal.append(statistics.fmean(margins))
        if (i + 1) % 50 == 0:
            print(
                f"  ... {i + 1} deals, {100 * wins / hands:.1f}% won", file=sys.stderr, flush=True
            )
    mean = statistics.fmean(per_deal)
    half = 1.96 * statistics.stdev(per_deal) / math.sqrt(len(per_deal))
    print(f"ceiling level {args.level} randoms {args.randoms} vs always-load: "
          f"{args.deals} duplicate deals, {hands} hands, seed {args.seed}")  # fmt: skip
    print(f"  cheater hands won {wins} ({100 * wins / hands:.1f}%), lost {losses}, draws {draws}")
    print(f"  margin per hand {mean:+.2f}  95% CI [{mean - half:+.2f}, {mean + half:+.2f}]")
    print(f"  {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
