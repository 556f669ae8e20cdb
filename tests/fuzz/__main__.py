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
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
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
    quiet_sdl()
    wanted = ["screens"] if args.screens else args.target
    counts = plan(LONG if args.long else args.cases, wanted)
    jobs = [
        (target, start, min(n, start + CHUNK), args.seed)
        for target, n in counts.items()
        for start in range(0, n, CHUNK)
    ]
    total = Result()
    started = time.perf_counter()
    try:
        run_jobs(jobs, args.jobs, total)
    except BrokenProcessPool as err:  # a worker died outright (a crash in C): say so, fail
        total.seconds = time.perf_counter() - started
        print(f"a worker process died: {err}; {sum(total.cases.values()):,} cases ran")
        return 1
    total.seconds = time.perf_counter() - started
    print(total.summary())
    for failure in total.failures[:50]:
        print(" ", failure)
    if args.keep and total.failures:
        kept = keep_failures(total, args.keep)
        print(f"{len(kept)} failing inputs written to {args.keep}")
    return 1 if total.failures else 0


def quiet_sdl() -> None:
    """The environment the workers inherit, set before any of them imports pygame: no
    window, no sound, and no SDL signal handlers. SDL turns SIGTERM into a quit event that
    a worker never reads, so a worker with pygame running outlived its pool's shutdown
    and the run stalled at its end (and lingered after a Ctrl+C)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ["SDL_NO_SIGNAL_HANDLERS"] = "1"


def run_jobs(jobs: list[tuple[str, int, int, int]], workers: int, total: Result) -> None:
    """Each chunk in a spawned worker, merged into ``total`` as it comes back. The pool
    ends by letting its workers finish (never by a signal), and a worker that dies
    breaks the pool with an error instead of leaving its chunk waited for forever."""
    done = 0
    with ProcessPoolExecutor(max(1, workers), mp_context=get_context("spawn")) as pool:
        for future in as_completed([pool.submit(run_chunk, job) for job in jobs]):
            total.merge(future.result())
            done += 1
            if done % 10 == 0 or done == len(jobs):
                print(f"[{done}/{len(jobs)} chunks] {sum(total.cases.values()):,} cases, "
                      f"{len(total.failures)} failures", flush=True)  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
