"""How long a hand's par takes, and how sure it is: ``python benchmarks/par.py [DEALS]``.

    python benchmarks/par.py [DEALS] [--only "pisti 2p"] [--seed 1]

For every game and variant of the registry (each table its smoke check opens), and for
two opponent levels (the game's default and the Expert's own, the dearest), works out
the par of DEALS (default 3) fresh deals for the player's seat on one core, at the
number of replays the game uses (``game.ai.par.replays_for``). It prints per line the
replays, the seconds of one core a par took (the process's CPU time, mean and most: on
a machine shared with other work the wall clock says more about the others), the wall
clock's mean beside it, the replays' spread (their standard deviation, mean over the
deals) and the 95% interval's half-width (mean over the deals): the par is within that
many points of the Expert's true mean result on the deal, 95 times in 100.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.par import expert_level, par_of, replays_for
from game.games import SPECS, new_hand

LIMIT = {2: 10.0, 3: 20.0, 4: 20.0}  # seconds a par may take, by the number of players


def tables() -> list[tuple[str, int, dict, str]]:
    """(game, players, options, name) of every table the registry's smoke checks open."""
    out = []
    for game, spec in SPECS.items():
        for smoke in spec.smoke:
            players = smoke.get("players", 2)
            options = spec.engine_options(smoke)
            extra = " ".join(f"{k}={v}" for k, v in sorted(smoke.items()) if k != "players")
            out.append((game, players, options, f"{game} {players}p {extra}".strip()))
    return out


def measure(game: str, players: int, options: dict, level: str, deals: int, seed: int) -> dict:
    spec = SPECS[game]
    seconds, walls, halves, spreads = [], [], [], []
    for i in range(deals):
        record = new_hand(game, players, options, seed * 1000 + i).record()
        start, wall = time.process_time(), time.perf_counter()
        par = par_of(record, 0, level)
        seconds.append(time.process_time() - start)
        walls.append(time.perf_counter() - wall)
        halves.append(par.half_width)
        spreads.append(par.spread)
    return {
        "replays": replays_for(spec, players, level),
        "mean_s": statistics.fmean(seconds),
        "max_s": max(seconds),
        "wall_s": statistics.fmean(walls),
        "spread": statistics.fmean(spreads),
        "half": statistics.fmean(halves),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("deals", nargs="?", type=int, default=3)
    p.add_argument("--only", default=None, help='one table, as printed ("pisti 2p")')
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    print(f"par of {args.deals} deal(s) per line, seed {args.seed}, one core")
    print(f"{'table':<40} {'opponents':<10} {'replays':>7} {'cpu s':>7} {'max s':>7} "
          f"{'limit':>6} {'wall s':>7} {'spread':>7} {'±95%':>6}")  # fmt: skip
    over = 0
    for game, players, options, name in tables():
        if args.only and name != args.only:
            continue
        spec = SPECS[game]
        for level in dict.fromkeys((spec.default_level, expert_level(spec))):
            m = measure(game, players, options, level, args.deals, args.seed)
            limit = LIMIT.get(players, 20.0)
            over += m["max_s"] > limit
            print(f"{name:<40} {level:<10} {m['replays']:>7} {m['mean_s']:>7.2f} "
                  f"{m['max_s']:>7.2f} {limit:>6.0f} {m['wall_s']:>7.2f} {m['spread']:>7.2f} "
                  f"{m['half']:>6.2f}",
                  flush=True)  # fmt: skip
    print(f"lines over their limit (one core's seconds): {over}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
