"""``python -m tests.fuzz`` (from the top of the repository): the fuzz campaign from the
command line, on every core.

    python -m tests.fuzz                    # 5,000 cases, seed 1
    python -m tests.fuzz --long             # 1,000,000 cases
    python -m tests.fuzz --cases 50000 --seed 7 --target record --keep /tmp/fuzz-failures
    python -m tests.fuzz --screens --cases 100000 --seed 2026   # every screen, each file

Exit 0 when no case crashed, broke a promise or took over 2 s; otherwise 1, with every
failure listed (``--keep`` writes each failing file there, to replay or to turn into a
regression test: ``case_bytes(target, seed, case)`` makes the same bytes again).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from multiprocessing import get_context
from pathlib import Path

from .campaign import Result, keep_failures, plan, run_chunk
from .targets import TARGETS

CHUNK = 1000
LONG = 1_000_000


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m tests.fuzz", description=" ".join(__doc__.split("\n\n")[0].split())
    )
    p.add_argument("--cases", type=int, default=5000, help="how many cases in all")
    p.add_argument("--long", action="store_true", help=f"{LONG:,} cases")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--target", action="append", choices=sorted(TARGETS), help="(repeatable)")
    p.add_argument(
        "--screens",
        action="store_true",
        help="open every screen in-process with each mutated file (the screens target)",
    )
    p.add_argument("--keep", type=Path, help="write failing inputs to this folder")
    args = p.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    wanted = ["screens"] if args.screens else args.target
    counts = plan(LONG if args.long else args.cases, wanted)
    jobs = [
        (target, start, min(n, start + CHUNK), args.seed)
        for target, n in counts.items()
        for start in range(0, n, CHUNK)
    ]
    total = Result()
    started = time.perf_counter()
    done = 0
    with get_context("spawn").Pool(max(1, args.jobs)) as pool:
        for part in pool.imap_unordered(run_chunk, jobs):
            total.merge(part)
            done += 1
            if done % 10 == 0 or done == len(jobs):
                print(f"[{done}/{len(jobs)} chunks] {sum(total.cases.values()):,} cases, "
                      f"{len(total.failures)} failures", flush=True)  # fmt: skip
    total.seconds = time.perf_counter() - started
    print(total.summary())
    for failure in total.failures[:50]:
        print(" ", failure)
    if args.keep and total.failures:
        kept = keep_failures(total, args.keep)
        print(f"{len(kept)} failing inputs written to {args.keep}")
    return 1 if total.failures else 0


if __name__ == "__main__":
    sys.exit(main())
