"""Duplicate matches between two AI levels: ``python -m game.cli.arena``.

    python -m game.cli.arena --game GAME --players 2 --a expert --b BASELINE \
        --deals 1000 --seed 1 [--jobs 2] [--json FILE] [--options '{"option": value}']

Each deal is played once per seating, with the very same cards (the same
``setup()``), so the luck of the deal cancels out:

* one seat per side: A sits in each seat in turn, B takes the others;
* partnerships (the spec's ``teams`` fewer than the players): A plays each side's
  seats in turn, say seats 0 and 2, then seats 1 and 3.

The *margin* of a hand is A's side's points minus B's, where the spec's
``others_points`` combines the other sides' scores: added up in a game where only
the winner scores, a mean where every side scores. The sample unit for the 95%
confidence interval is the mean margin of one deal's set of hands. Decision times are wall-clock per
``choose``/``call`` on this process.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

from game.core.agents import Agent
from game.core.referee import Referee
from game.core.state import GameState
from game.core.types import DRAW
from game.games import SPECS, make_agent, new_hand, spec_of


@dataclass
class DealResult:
    """What one deal's set of hands gave."""

    margins: list[float] = field(default_factory=list)
    wins_a: int = 0
    wins_b: int = 0
    draws: int = 0
    ms_a: list[float] = field(default_factory=list)
    ms_b: list[float] = field(default_factory=list)


def seatings(state: GameState) -> list[tuple[int, ...]]:
    """For each hand of a deal's set, the seats side A plays: each side's in turn."""
    seats = range(state.players)
    return [tuple(s for s in seats if state.side_of(s) == x) for x in range(state.sides)]


def deal_seed(seed: int, index: int) -> int:
    return random.Random(f"arena:{seed}:{index}").randrange(2**63)


def deal_set(game: str, players: int, options: dict, seed: int, index: int):
    """The hands of deal ``index``: (fresh state, seats of A), all from one setup."""
    first = new_hand(game, players, options, deal_seed(seed, index))
    setup = first.setup()
    spec = spec_of(game)
    return [(spec.from_setup(setup, first.options), seats) for seats in seatings(first)]


def _points(state: GameState, seats_a: tuple[int, ...]) -> tuple[float, float]:
    """(A's points, B's points) of a finished hand."""
    score = state.score
    side_a = {state.side_of(s) for s in seats_a}
    a = sum(score[x] for x in side_a)
    b = [p for x, p in enumerate(score) if x not in side_a]
    return a, spec_of(state.game).others_points(b)


def _winner_side(state: GameState, seats_a: tuple[int, ...]) -> str:
    """The side that won the hand ("a" or "b"), or DRAW."""
    w = state.winner
    if w is None or w is DRAW:
        return DRAW
    return "a" if w in {state.side_of(s) for s in seats_a} else "b"


def play_hand(state: GameState, agents: list[Agent], times: list[list[float]]) -> GameState:
    """Play to the end through the referee; ``times[seat]`` collects each decision's ms."""
    clock = time.perf_counter
    referee = Referee(state, agents)
    while not state.is_over:
        q = referee.question()
        if q is None:
            if state.is_over:  # closing the call window ended the hand (``accept``)
                break
            raise RuntimeError("every seat of an arena hand has a computer player")
        t0 = clock()
        action = q.answer()
        ms = (clock() - t0) * 1000
        for seat in q.seats[:1]:
            times[seat].append(ms)
        referee.answer(q, action)
    return state


def run_deal(args: tuple) -> DealResult:
    """Play one deal's set of hands (one per seating)."""
    game, players, options, a, b, seed, index = args
    res = DealResult()
    for hand_no, (state, seats_a) in enumerate(deal_set(game, players, options, seed, index)):
        agent_seed = deal_seed(seed, index) + hand_no
        agents = [
            make_agent(game, a if s in seats_a else b, agent_seed + 7 * s) for s in range(players)
        ]
        times: list[list[float]] = [[] for _ in range(players)]
        play_hand(state, agents, times)
        pa, pb = _points(state, seats_a)
        res.margins.append(pa - pb)
        side = _winner_side(state, seats_a)
        res.wins_a += side == "a"
        res.wins_b += side == "b"
        res.draws += side is DRAW
        for s in range(players):
            (res.ms_a if s in seats_a else res.ms_b).extend(times[s])
    return res


def run(game: str, players: int, options: dict, a: str, b: str, deals: int, seed: int,
        jobs: int = 1) -> dict[str, Any]:  # fmt: skip
    """Play ``deals`` duplicate deals and summarise them (the ``--json`` object)."""
    start = time.perf_counter()
    tasks = [(game, players, options, a, b, seed, i) for i in range(deals)]
    if jobs > 1 and deals > 1:
        with _pool_context().Pool(jobs) as pool:
            results = pool.map(run_deal, tasks, chunksize=max(1, deals // (jobs * 8)))
    else:
        results = [run_deal(t) for t in tasks]
    return summarise(results, game, players, options, a, b, seed, time.perf_counter() - start)


def _pool_context() -> Any:
    """Workers forked from a fresh server (or spawned): forking a process that runs
    threads (a window's, a voice's) can copy a held lock into the child, which then hangs."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload([__name__])
        return ctx
    return multiprocessing.get_context("spawn")


def summarise(results: list[DealResult], game, players, options, a, b, seed, seconds) -> dict:
    per_deal = [statistics.fmean(r.margins) for r in results]
    margins = [m for r in results for m in r.margins]
    mean = statistics.fmean(per_deal) if per_deal else 0.0
    half = (
        1.96 * statistics.stdev(per_deal) / math.sqrt(len(per_deal)) if len(per_deal) > 1 else 0.0
    )
    ms_a = [t for r in results for t in r.ms_a]
    ms_b = [t for r in results for t in r.ms_b]
    return {
        "game": game,
        "players": players,
        "options": options,
        "a": a,
        "b": b,
        "seed": seed,
        "deals": len(results),
        "hands": len(margins),
        "wins_a": sum(r.wins_a for r in results),
        "wins_b": sum(r.wins_b for r in results),
        "draws": sum(r.draws for r in results),
        "margin_a": round(mean, 4),
        "ci95": [round(mean - half, 4), round(mean + half, 4)],
        "decision_ms_a": _times(ms_a),
        "decision_ms_b": _times(ms_b),
        "seconds": round(seconds, 2),
    }


def _times(ms: list[float]) -> dict[str, float]:
    if not ms:
        return {"median": 0.0, "max": 0.0, "mean": 0.0, "decisions": 0}
    return {
        "median": round(statistics.median(ms), 3),
        "max": round(max(ms), 3),
        "mean": round(statistics.fmean(ms), 3),
        "decisions": len(ms),
    }


def report_lines(s: dict) -> list[str]:
    hands = max(1, s["hands"])
    head = (f"{s['game']} {s['players']}p options {json.dumps(s['options'])}: "
            f"{s['deals']} duplicate deals, {s['hands']} hands, seed {s['seed']}")  # fmt: skip
    lines = [head]
    for key, level in (("a", s["a"]), ("b", s["b"])):
        wins = s[f"wins_{key}"]
        t = s[f"decision_ms_{key}"]
        lines.append(
            f"  {key.upper()} {level:<11} hands won {wins:>6} ({100 * wins / hands:5.1f}%)"
            f"  decision ms median {t['median']:.2f} max {t['max']:.1f}"
        )
    lines.append(f"  draws {s['draws']}")
    lo, hi = s["ci95"]
    lines.append(f"  margin A-B per hand {s['margin_a']:+.2f}  95% CI [{lo:+.2f}, {hi:+.2f}]")
    lines.append(f"  {s['seconds']:.1f} s")
    return lines


def write_json(path: str, data: dict) -> None:
    """Write atomically: a temporary file in the same folder, then rename."""
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".arena-", suffix=".json", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=2)
            f.write("\n")
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m game.cli.arena", description=__doc__.split("\n")[0])
    p.add_argument("--game", required=True, help=", ".join(sorted(SPECS)))
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--a", default=None, help="level of side A (default: the game's strongest)")
    p.add_argument("--b", default=None, help="level of side B (default: the game's baseline)")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--json", default=None, help="write the summary to this file")
    p.add_argument("--options", default="{}", help="game options as a JSON object")
    args = p.parse_args(argv)
    try:
        args.options = json.loads(args.options)
    except json.JSONDecodeError as err:
        p.error(f"--options is not valid JSON: {err}")
    if not isinstance(args.options, dict):
        p.error('--options must be a JSON object, like \'{"foundations": "single"}\'')
    if args.deals < 1 or args.jobs < 1:
        p.error("--deals and --jobs must be at least 1")
    try:
        spec = spec_of(args.game)
        if args.players not in spec.players:
            p.error(f"{args.game} is played by {', '.join(map(str, spec.players))} players")
        args.a = args.a or (spec.levels[-1] if spec.levels else spec.default_level)
        args.b = args.b or spec.baseline
        new_hand(args.game, args.players, args.options, 0)
        for level in (args.a, args.b):
            make_agent(args.game, level, 0)
    except ValueError as err:
        p.error(str(err))
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    summary = run(args.game, args.players, args.options, args.a, args.b, args.deals, args.seed,
                  args.jobs)  # fmt: skip
    print("\n".join(report_lines(summary)))
    if args.json:
        try:
            write_json(args.json, summary)
        except OSError as err:
            print(f"could not write {args.json}: {err}", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
