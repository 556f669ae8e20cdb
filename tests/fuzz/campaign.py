"""Running cases: each one timed, each one under an alarm so a hang cannot stall the run,
every failure kept with the seed that makes it again."""

from __future__ import annotations

import os
import random
import shutil
import signal
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from . import database, screens, seeds, targets
from .mutate import dumps, mutant, mutate_actions

SLOW = 2.0  # CPU seconds: a case that works longer is a hang (a busy machine cannot fake one)
ALARM = 10.0  # wall seconds: a case still running (blocked, say on a FIFO) is interrupted
SOURCES: dict[str, Callable[[], tuple[dict, ...]]] = {
    "record": seeds.records,
    "settings": seeds.settings,
    "save": seeds.saves,
    "stats": seeds.stats,
    "history": seeds.history,
}

SHARES = {"record": 0.4, "settings": 0.2, "database": 0.15, "save": 0.1, "stats": 0.075,
          "history": 0.075}  # fmt: skip


def plan(total: int, wanted: list[str] | None = None) -> dict[str, int]:
    """Cases per target for a run of ``total``, in proportion to ``SHARES`` (the screens,
    asked for alone with ``--screens``, take every case)."""
    shares = {t: SHARES.get(t, 1.0) for t in (wanted or SHARES)}
    scale = sum(shares.values())
    return {t: max(1, round(total * s / scale)) for t, s in shares.items()}


class Hang(BaseException):
    """Raised by the alarm inside a case that ran for ``ALARM`` seconds."""


@dataclass
class Failure:
    target: str
    case: int
    kind: str  # "crash", "broken promise", "slow", "hang"
    detail: str
    data: bytes = b""

    def __str__(self) -> str:
        return f"{self.target} case {self.case}: {self.kind}: {self.detail}"


@dataclass
class Result:
    cases: Counter = field(default_factory=Counter)
    outcomes: Counter = field(default_factory=Counter)  # (target, exit code or outcome)
    failures: list[Failure] = field(default_factory=list)
    slowest: tuple[float, str] = (0.0, "")
    seconds: float = 0.0

    def merge(self, other: Result) -> None:
        self.cases.update(other.cases)
        self.outcomes.update(other.outcomes)
        self.failures.extend(other.failures)
        self.slowest = max(self.slowest, other.slowest)
        self.seconds = max(self.seconds, other.seconds)

    def summary(self) -> str:
        total = sum(self.cases.values())
        per = ", ".join(f"{t} {n:,}" for t, n in sorted(self.cases.items()))
        codes = ", ".join(f"{t}:{c}={n:,}" for (t, c), n in sorted(self.outcomes.items()))
        return (
            f"{total:,} cases ({per}) in {self.seconds:.1f} s; {len(self.failures)} failures; "
            f"slowest {self.slowest[0] * 1000:.0f} ms of CPU ({self.slowest[1]}); outcomes: {codes}"
        )


def _on_alarm(signum, frame) -> None:
    raise Hang()


def case_bytes(target: str, seed: int, case: int) -> bytes:
    """The bytes of case number ``case`` of a run with ``seed`` (a failure replays exactly)."""
    rng = random.Random(f"{seed}:{target}:{case}")
    if target == "screens":  # the kind of file first, then its bytes
        kind, data = screens.case_bytes(rng, SOURCES)
        return kind.encode() + b"\n" + data
    if target == "database":
        return database.db_mutant(rng, database.seed())
    docs = SOURCES[target]()
    doc = docs[rng.randrange(len(docs))]
    if target == "record" and rng.random() < 0.4:
        doc = mutate_actions(rng, doc)  # moves that look right: the rules must judge them
        return dumps(doc).encode() if rng.random() < 0.7 else mutant(rng, doc)
    if target == "save" and rng.random() < 0.4:
        doc = {**doc, "hand": mutate_actions(rng, doc["hand"])}
        return dumps(doc).encode() if rng.random() < 0.7 else mutant(rng, doc)
    return mutant(rng, doc)


def run_one(target: str, data: bytes, folder: Path, label: str, result: Result) -> None:
    """One case in an empty ``folder``; its outcome or failure goes into ``result``."""
    for entry in folder.iterdir():
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry)
        else:
            entry.unlink()
    check = targets.TARGETS[target]
    case = int(label.rsplit(" ", 1)[-1]) if label[-1:].isdigit() else -1
    start = time.process_time()
    signal.setitimer(signal.ITIMER_REAL, ALARM)
    try:
        outcome = check(data, folder)
    except Hang:
        result.failures.append(
            Failure(target, case, "hang", f"still running after {ALARM} s", data)
        )
        return
    except KeyboardInterrupt:  # the person running the campaign, not a finding
        raise
    except AssertionError as err:
        result.failures.append(Failure(target, case, "broken promise", str(err)[:500], data))
        return
    except BaseException as err:
        tb = "".join(traceback.format_exception(err)[-6:])
        result.failures.append(Failure(target, case, "crash", tb[-1500:], data))
        return
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    took = time.process_time() - start
    result.cases[target] += 1
    result.outcomes[(target, outcome)] += 1
    if took > result.slowest[0]:
        result.slowest = (took, label)
    if took > SLOW:
        result.failures.append(Failure(target, case, "slow", f"{took:.2f} s of CPU", data))


def run(counts: dict[str, int], seed: int, first: int = 0, step: int = 1) -> Result:
    """``counts[target]`` cases of each target; case numbers ``first``, ``first+step``...
    (so parallel workers share a run without repeating a case)."""
    result = Result()
    start = time.perf_counter()
    old_handler = signal.signal(signal.SIGALRM, _on_alarm)
    old_home = os.environ.get("PASHA_PISTI_HOME")
    with tempfile.TemporaryDirectory(prefix="pasha-fuzz-", dir=_quick_disk()) as tmp:
        folder = Path(tmp)
        targets.use_home(folder)
        try:
            for target, n in counts.items():
                if target in targets.WARM and range(first, n, step):
                    targets.WARM[target](folder)
                for case in range(first, n, step):
                    data = case_bytes(target, seed, case)
                    run_one(target, data, folder, f"{target} {case}", result)
        finally:
            signal.signal(signal.SIGALRM, old_handler)
            if old_home is None:
                os.environ.pop("PASHA_PISTI_HOME", None)
            else:
                os.environ["PASHA_PISTI_HOME"] = old_home
    result.seconds = time.perf_counter() - start
    return result


def run_chunk(job: tuple[str, int, int, int]) -> Result:
    """Cases ``start`` to ``stop`` of one target (a worker's share of a long run)."""
    target, start, stop, seed = job
    return run({target: stop}, seed, first=start)


def _quick_disk() -> str | None:
    """A memory-backed folder where there is one (fsync costs nothing there), else the default."""
    shm = Path("/dev/shm")
    return str(shm) if shm.is_dir() and os.access(shm, os.W_OK) else None


def keep_failures(result: Result, folder: Path) -> list[Path]:
    """Write each failing input to ``folder`` for a look or a regression test."""
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for f in result.failures:
        path = folder / f"{f.target}-{f.case}-{f.kind.replace(' ', '-')}.json"
        path.write_bytes(f.data)
        (path.with_suffix(".txt")).write_text(str(f) + "\n", encoding="utf-8")
        out.append(path)
    return out
