"""How long a player waits: process start to the first drawn frame of the menu.

    python benchmarks/startup.py [--runs 7] [--exe dist/pasha-pisti] [--video xvfb|dummy]

Times the one-file executable (build it first: ``python build/make_exe.py``) and
``python -m game``, each started with ``--first-frame-exit``: the program draws its
first frame, prints ``first-frame <unix time>`` right after ``display.flip`` and
quits. "first frame" is that time minus the moment before launch; "to exit" adds
the shutdown (for the one-file build, removing its unpacked temporary folder).
By default the window is real, on an Xvfb server started here; ``--video dummy``
uses SDL's headless driver. Medians of ``--runs`` runs after one warm-up run.
Targets: the executable's first frame under 1 s, its size at most 30 MB.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from xvfb import start_xvfb  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_EXE = ROOT / "dist" / ("pasha-pisti.exe" if sys.platform == "win32" else "pasha-pisti")
TARGET_SECONDS = 1.0
TARGET_MB = 30


def one_run(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(seconds to the first frame, seconds to exit) for one launch."""
    started = time.time()
    done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    ended = time.time()
    lines = done.stdout.splitlines()
    stamps = [line.split()[1] for line in lines if line.startswith("first-frame")]
    if done.returncode != 0 or not stamps:
        raise SystemExit(f"{' '.join(cmd)} failed (exit {done.returncode}):\n{done.stderr}")
    return float(stamps[0]) - started, ended - started


def measure(cmd: list[str], env: dict[str, str], runs: int) -> tuple[float, float]:
    """Medians of (first frame, exit) over ``runs`` launches, after one warm-up."""
    one_run(cmd, env)
    results = [one_run(cmd, env) for _ in range(runs)]
    return (
        statistics.median(r[0] for r in results),
        statistics.median(r[1] for r in results),
    )


def environment(video: str, display: str | None, home: str) -> dict[str, str]:
    drop = ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY")
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env.update(SDL_AUDIODRIVER="dummy", PASHA_PISTI_HOME=home, PYGAME_HIDE_SUPPORT_PROMPT="1")
    if video == "dummy":
        env["SDL_VIDEODRIVER"] = "dummy"
    else:
        env["DISPLAY"] = display or ""
    return env


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="timed runs per program (default 7)")
    parser.add_argument("--exe", type=Path, default=DEFAULT_EXE, help="the built executable")
    parser.add_argument("--video", choices=("xvfb", "dummy"), default=None)
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    video = args.video or ("xvfb" if shutil.which("Xvfb") else "dummy")
    try:
        server, display = start_xvfb() if video == "xvfb" else (None, None)
    except RuntimeError as err:
        raise SystemExit(str(err)) from None
    targets = [("python -m game", [sys.executable, "-m", "game", "--first-frame-exit"])]
    if args.exe.is_file():
        targets.insert(0, ("executable", [str(args.exe), "--first-frame-exit"]))
    else:
        print(f"no executable at {args.exe}: build it with python build/make_exe.py")
    try:
        with tempfile.TemporaryDirectory(prefix="pasha-pisti-bench-") as home:
            env = environment(video, display, home)
            print(f"video: {video}, median of {args.runs} runs after one warm-up")
            print(f"{'program':<16} {'first frame':>12} {'to exit':>9}")
            for name, cmd in targets:
                first, total = measure(cmd, env, args.runs)
                print(f"{name:<16} {first:>11.3f}s {total:>8.3f}s")
                if name == "executable":
                    verdict = "ok" if first < TARGET_SECONDS else "OVER the target"
                    print(f"{'':<16} first-frame target {TARGET_SECONDS:.1f} s: {verdict}")
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=10)
    if args.exe.is_file():
        size_mb = args.exe.stat().st_size / 1_000_000
        verdict = "ok" if size_mb <= TARGET_MB else "OVER the target"
        print(f"executable size: {size_mb:.1f} MB (target {TARGET_MB} MB: {verdict})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
