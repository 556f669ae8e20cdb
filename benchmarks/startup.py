"""How long a player waits: process start to the first drawn frame of the menu.

    python benchmarks/startup.py [--runs 7] [--exe PATH] [--video xvfb|dummy]
                                 [--against DIR [--against-exe PATH]] [--tmpdir DIR ...]

Times ``python -m game`` and the one-file executable (build it first: ``python
build/make_exe.py``), each started with ``--first-frame-exit``: the program draws its
first frame, prints ``first-frame <unix time>`` right after the flip, then ``ready
<unix time>`` once the work it leaves for after the first frame is done (the art check,
the other screens' imports), and quits. "first frame" and "ready" are those times minus
the moment before launch; "to exit" adds the shutdown (for the one-file build, removing
its unpacked temporary folder).

``--against DIR`` times another checkout beside this one in the same run (its ``python
-m game`` with this interpreter, and its executable from ``--against-exe``, by default
the one in DIR/dist/), the programs taking turns run by run, so a machine that gets
busier or quieter partway through weighs on both alike. Make DIR with ``git worktree add
/tmp/main main`` (and build its executable there). A figure from another day is no
comparison: the machine's load moves these by a third.

The one-file executable unpacks itself into a new folder under ``TMPDIR`` (else /tmp) at
every start (about 100 files, 26 MB, since 0.2.0; 300 files before): ``--tmpdir DIR``
(which may be given more than once) times each executable again with ``TMPDIR=DIR`` (a
tmpfs such as /dev/shm, as /tmp is on Fedora, Arch and Debian 13), and the time to create
a file in each place is printed, since that, not the game, can decide the executable's
figure (on the project's machine /tmp, its root file system on a shared virtual disk,
took 0.2 to 0.7 ms a file). The load average before and after the runs is printed too:
other work on the machine moves every figure.

By default the window is real, on an Xvfb server started here; ``--video dummy`` uses
SDL's headless driver. Medians of ``--runs`` runs after one warm-up run each. Python
writes its bytecode caches as it does on a player's machine (``PYTHONDONTWRITEBYTECODE``
is dropped for the runs; pip writes them when it installs). Target: the first frame in
0.3 s, the executable within the recipe's size budget (``build/make_exe.py``'s ``MAX_MB``).
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "build")]
from make_exe import MAX_MB as TARGET_MB  # noqa: E402
from xvfb import start_xvfb  # noqa: E402

TARGET_SECONDS = 0.3


@dataclass
class Program:
    """One thing to time: a name, a command and the folder it runs in."""

    name: str
    cmd: list[str]
    cwd: Path
    mine: bool  # this checkout's (held to the target), or the one compared against
    env: dict[str, str] = field(default_factory=dict)  # added to the environment
    runs: list[tuple[float, float, float]] = field(default_factory=list)

    def medians(self) -> tuple[float, float, float]:
        return tuple(statistics.median(r[i] for r in self.runs) for i in range(3))


def built_exe(checkout: Path) -> Path | None:
    """The one-file executable in ``checkout``'s dist/ (its name carries the version)."""
    files = [p for p in sorted((checkout / "dist").glob("pasha-pisti*")) if p.is_file()]
    return files[-1] if files else None


def one_run(program: Program, env: dict[str, str]) -> tuple[float, float, float]:
    """(first frame, ready, exit) in seconds after the launch."""
    started = time.time()
    done = subprocess.run(
        program.cmd,
        cwd=program.cwd,
        env={**env, **program.env},
        capture_output=True,
        text=True,
        timeout=60,
    )
    ended = time.time()
    stamps = dict(line.split()[:2] for line in done.stdout.splitlines() if line[:1].isalpha())
    if done.returncode != 0 or "first-frame" not in stamps:
        raise SystemExit(f"{' '.join(program.cmd)} failed (exit {done.returncode}):\n{done.stderr}")
    first = float(stamps["first-frame"]) - started
    ready = float(stamps["ready"]) - started if "ready" in stamps else first  # older code
    return first, ready, ended - started


def environment(video: str, display: str | None, home: str) -> dict[str, str]:
    drop = ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY", "PYTHONDONTWRITEBYTECODE")
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env.update(SDL_AUDIODRIVER="dummy", PASHA_PISTI_HOME=home, PYGAME_HIDE_SUPPORT_PROMPT="1")
    if video == "dummy":
        env["SDL_VIDEODRIVER"] = "dummy"
    else:
        env["DISPLAY"] = display or ""
    return env


def programs(args: argparse.Namespace) -> list[Program]:
    """Each checkout's executable (when built) and ``python -m game``."""
    found = []
    checkouts = [(ROOT, args.exe, True)]
    if args.against is not None:
        checkouts.append((args.against.resolve(), args.against_exe, False))
    for checkout, exe, mine in checkouts:
        label = "" if mine else f" ({checkout})"
        exe = exe or built_exe(checkout)
        if exe is not None and exe.is_file():
            cmd = [str(exe.resolve()), "--first-frame-exit"]
            found.append(Program("executable" + label, cmd, checkout, mine))
            for tmpdir in args.tmpdir:
                tmp = {"TMPDIR": str(tmpdir)}
                found.append(Program(f"executable, TMPDIR={tmpdir}{label}", cmd, checkout,
                                     mine, tmp))  # fmt: skip
        else:
            print(f"no executable built in {checkout}: python build/make_exe.py builds it")
        cmd = [sys.executable, "-m", "game", "--first-frame-exit"]
        found.append(Program("python -m game" + label, cmd, checkout, mine))
    return found


def create_cost(folder: str) -> float:
    """Milliseconds to create (and remove) one small file in a new folder under ``folder``."""
    with tempfile.TemporaryDirectory(dir=folder) as place:
        started = time.perf_counter()
        for i in range(200):
            (Path(place) / f"f{i}").write_bytes(b"x")
        return (time.perf_counter() - started) * 1000 / 200


def load() -> str:
    """The load average over the last 1, 5 and 15 minutes."""
    return " ".join(f"{v:.2f}" for v in os.getloadavg())


def report(found: list[Program], runs: int, video: str, tmpdirs: list[str], loads) -> None:
    print(f"video: {video}, medians of {runs} runs after one warm-up, programs taking turns")
    print(f"load average before: {loads[0]}, after: {loads[1]}")
    for folder in tmpdirs:
        print(f"creating a file in {folder}: {create_cost(folder):.2f} ms")
    width = max(len(p.name) for p in found) + 1
    print(f"{'program':<{width}} {'first frame':>12} {'ready':>8} {'to exit':>8}")
    for p in found:
        first, ready, total = p.medians()
        print(f"{p.name:<{width}} {first:>11.3f}s {ready:>7.3f}s {total:>7.3f}s")
    for p in found:
        if p.mine:
            first = p.medians()[0]
            verdict = "ok" if first <= TARGET_SECONDS else "OVER the target"
            print(f"{p.name}: first frame {first:.3f} s (target {TARGET_SECONDS} s: {verdict})")
        if p.mine and p.name == "executable":
            size_mb = Path(p.cmd[0]).stat().st_size / 1_000_000
            verdict = "ok" if size_mb <= TARGET_MB else "OVER the budget"
            print(f"executable size: {size_mb:.1f} MB (budget {TARGET_MB} MB: {verdict})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="timed runs per program (default 7)")
    parser.add_argument("--exe", type=Path, default=None, help="the built executable")
    parser.add_argument("--against", type=Path, help="another checkout, timed beside this one")
    parser.add_argument("--against-exe", type=Path, help="its executable")
    parser.add_argument("--tmpdir", type=Path, action="append", default=[],
                        help="time the executables unpacking here too (repeatable)")  # fmt: skip
    parser.add_argument("--video", choices=("xvfb", "dummy"), default=None)
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    if args.against is not None and not (args.against / "game" / "__main__.py").is_file():
        parser.error(f"--against {args.against} is not a checkout of the game")
    video = args.video or ("xvfb" if shutil.which("Xvfb") else "dummy")
    found = programs(args)
    try:
        server, display = start_xvfb() if video == "xvfb" else (None, None)
    except RuntimeError as err:
        raise SystemExit(str(err)) from None
    loads = [load()]
    try:
        with tempfile.TemporaryDirectory(prefix="pasha-pisti-bench-") as home:
            env = environment(video, display, home)
            for p in found:
                one_run(p, env)  # warm-up: caches, bytecode
            for _ in range(args.runs):
                for p in found:
                    p.runs.append(one_run(p, env))
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=10)
    loads.append(load())
    tmpdirs = [tempfile.gettempdir(), *map(str, args.tmpdir)]
    unpacking = any("executable" in p.name for p in found)
    report(found, args.runs, video, tmpdirs if unpacking else [], loads)
    return 0


if __name__ == "__main__":
    sys.exit(main())
