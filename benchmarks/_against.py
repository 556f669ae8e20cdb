"""Side by side: a benchmark run on this checkout and on another one, in one run.

The machine's speed drifts with its load, so a figure from another day or another hour
says little. ``--against PATH`` (a checkout of another commit, e.g. one made with
``git worktree add /work/bench-main 42318e1``) runs the benchmark's measuring part in a
fresh interpreter on each checkout's ``game`` package in turn, alternating which goes
first, and prints each case's median beside the other's. Both use this interpreter and
this benchmark's own loop, so only the code under test differs.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CODE_FLAG = "--code"


def code_root() -> Path:
    """The checkout whose ``game`` package a child measures (``--code PATH``), else this
    one; put first on the import path, before ``game`` is imported."""
    argv = sys.argv
    root = Path(argv[argv.index(CODE_FLAG) + 1]) if CODE_FLAG in argv else ROOT
    sys.path.insert(0, str(root.resolve()))
    return root


def child_args(argv: list[str]) -> list[str]:
    """``argv`` without the side-by-side flags (``--against PATH``, ``--rounds N``)."""
    out, skip = [], False
    for arg in argv:
        if skip:
            skip = False
        elif arg in ("--against", "--rounds"):
            skip = True
        else:
            out.append(arg)
    return out


def measure_both(script: Path, args: list[str], against: Path,
                 rounds: int) -> dict[str, tuple[list[float], list[float]]]:  # fmt: skip
    """Each case's figures, (this checkout's, the other's), over ``rounds`` alternations.

    A child prints one JSON object of ``{case: figure}`` as its last line."""
    runs: dict[str, tuple[list[float], list[float]]] = {}
    for r in range(rounds):
        sides = [(0, ROOT), (1, against)]
        for side, root in sides if r % 2 == 0 else sides[::-1]:
            cmd = [sys.executable, str(script), *args, "--json", CODE_FLAG, str(root)]
            out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
            figures = json.loads(out.strip().splitlines()[-1])
            for case, value in figures.items():
                runs.setdefault(case, ([], []))[side].append(value)
    return runs


def print_side_by_side(runs: dict[str, tuple[list[float], list[float]]], against: Path,
                       unit: str, digits: int = 0) -> None:  # fmt: skip
    """One line per case: the medians, this checkout first, and their ratio."""
    rounds = len(next(iter(runs.values()))[0])
    print(f"side by side, medians of {rounds} alternating runs each: this checkout ({ROOT})"
          f" | {against} | ratio")  # fmt: skip
    width = max(len(case) for case in runs)
    for case, (mine, theirs) in runs.items():
        a, b = statistics.median(mine), statistics.median(theirs)
        ratio = f"x{a / b:.2f}" if b else "-"
        print(f"  {case:<{width}} {a:9.{digits}f} {unit} | {b:9.{digits}f} {unit} | {ratio}",
              flush=True)  # fmt: skip


def add_flags(ap: argparse.ArgumentParser, rounds: int = 3) -> None:
    """The flags of a benchmark that can measure side by side (and of its children)."""
    ap.add_argument("--against", type=Path, help="a checkout to measure side by side")
    ap.add_argument("--rounds", type=int, default=rounds, help="alternations with --against")
    ap.add_argument("--json", action="store_true", help="also print the figures as JSON")
    ap.add_argument(CODE_FLAG, type=Path, help="(internal) the checkout measured")


def side_by_side(script: str, argv: list[str], args: argparse.Namespace, unit: str,
                 digits: int = 0) -> bool:  # fmt: skip
    """With ``--against``: both checkouts measured and printed (True: the run is done)."""
    if not args.against:
        return False
    runs = measure_both(Path(script), child_args(argv), args.against, args.rounds)
    print_side_by_side(runs, args.against, unit, digits)
    return True
