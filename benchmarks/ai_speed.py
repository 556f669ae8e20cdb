"""Decision time of every AI level, per game: median and max per decision, in ms.

Plays hands of each level against itself and times each decision the referee
asks for (moves and Stop calls), as the arena does. The limits for the
Expert: a median of at most 250 ms and a maximum of at most 1 s, on one core:

    taskset -c 0 python benchmarks/ai_speed.py [hands] [--levels expert,pimc] [--game pisti]

Forced moves count too (the table asks the AI for them), so the median of a
game with many forced moves is small; ``choice median`` is the median over the
decisions that had more than one legal move. ``cpu max`` is the slowest decision in
CPU time of this process, which the machine's other work barely changes (the wall
clock's ``max`` waits for it too).

``--work`` counts, instead of timing, the Pishe Pasha moves each decision simulates (the
engine's and the fast playouts'): the same on any machine, at any load. ``--against
PATH`` measures a checkout of other code side by side (``benchmarks/_against.py``).
"""

from __future__ import annotations

import argparse
import json
import statistics
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


def measure(game: str, players: int, options: dict, level: str, hands: int,
            work: list[int] | None = None) -> dict[str, list[float]]:  # fmt: skip
    """Every decision's wall ms, CPU ms and, where ``work`` counts, the moves it simulated;
    and the wall ms of decisions with a choice, over ``hands`` hands."""
    out: dict[str, list[float]] = {"wall": [], "cpu": [], "choice": [], "work": []}
    wall, cpu = time.perf_counter, time.process_time
    for h in range(hands):
        state = new_hand(game, players, options, 77 + h)
        agents = [make_agent(game, level, 1000 * h + s) for s in range(players)]
        referee = Referee(state, agents)
        while not state.is_over:
            q = referee.question()
            if q is None:
                raise RuntimeError("every seat has a computer player")
            choice = q.kind == "call" or len(state.legal_actions()) > 1
            done = work[0] if work else 0
            t0, c0 = wall(), cpu()
            action = q.answer()
            ms, cpu_ms = (wall() - t0) * 1000, (cpu() - c0) * 1000
            out["wall"].append(ms)
            out["cpu"].append(cpu_ms)
            if work:
                out["work"].append(work[0] - done)
            if choice:
                out["choice"].append(ms)
            referee.answer(q, action)
    return out


def count_pishe_moves() -> list[int]:
    """Count every Pishe Pasha move simulated from now on: the engine's ``apply`` and the
    fast playouts' moves (a one-element list, kept up to date)."""
    from game.games.pishe_pasha import ai
    from game.games.pishe_pasha.rules import PishePasha

    count = [0]

    def counted(real, moves_of):
        def counting(*args, **kwargs):
            done = real(*args, **kwargs)
            count[0] += moves_of(done)
            return done

        return counting

    PishePasha.apply = counted(PishePasha.apply, lambda events: 1)
    if hasattr(PishePasha, "play_out"):
        PishePasha.play_out = counted(PishePasha.play_out, int)
    else:  # (older code: the playout was a function the AI imported)
        ai.play_out = counted(ai.play_out, int)
    return count


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("hands", type=int, nargs="?", default=20)
    ap.add_argument("--levels", default=None, help="only these levels (comma-separated)")
    ap.add_argument("--game", default=None, help="only this game")
    ap.add_argument("--work", action="store_true", help="count Pishe Pasha moves simulated")
    add_flags(ap)
    args = ap.parse_args(argv)
    if side_by_side(__file__, argv, args, ""):
        return 0
    only = set(args.levels.split(",")) if args.levels else None
    work = count_pishe_moves() if args.work else None
    figures = {}
    for game, players, options, levels in CASES:
        if args.game and game != args.game:
            continue
        variant = "".join(f" {k}={v}" for k, v in options.items())
        for level in levels:
            if only and level not in only:
                continue
            start = time.perf_counter()
            got = measure(game, players, options, level, args.hands, work)
            ms, chosen = got["wall"], got["choice"]
            pick = statistics.median(chosen) if chosen else 0.0
            case = f"{game} {players}p{variant} {level}"
            line = (
                f"{case:<11} decisions {len(ms):>6}"
                f"  median {statistics.median(ms):7.2f} ms  choice median {pick:7.2f} ms"
                f"  max {max(ms):7.1f} ms  cpu max {max(got['cpu']):7.1f} ms"
            )
            figures[f"{case} cpu max ms"] = max(got["cpu"])
            if work:
                line += f"  most moves simulated {max(got['work']):,.0f}"
                figures[f"{case} most moves"] = max(got["work"])
            print(f"{line}  ({time.perf_counter() - start:.1f} s)", flush=True)
    if args.json:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
