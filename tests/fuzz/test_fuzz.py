"""The fuzz campaign in the test suite: a few thousand mutated files with a fixed seed (about
20 s on two cores; the quick loop runs 400 of them), a few thousand more opened in every
screen (``FUZZ_SCREENS=N`` scales them; the quick loop runs 200), plus special files and
real record-checker processes.

``FUZZ_CASES=N`` scales the full run (``FUZZ_SEED`` changes the seed); ``python -m
tests.fuzz --long`` runs a million cases on every core.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game import record
from game.store import settings as store

from .campaign import SLOW, Result, case_bytes, plan, run, run_one
from .targets import use_home

ROOT = Path(__file__).resolve().parents[2]
CASES = int(os.environ.get("FUZZ_CASES", "4000"))
SEED = int(os.environ.get("FUZZ_SEED", "2026"))
QUICK = 400
SIZES = [
    pytest.param(plan(QUICK), id="quick"),
    pytest.param(plan(CASES), id="full", marks=pytest.mark.slow),
]


def no_failures(result: Result) -> None:
    print(result.summary())
    listed = "\n".join(str(f) for f in result.failures[:20])
    assert not result.failures, f"{len(result.failures)} failures:\n{listed}"


@pytest.mark.parametrize("counts", SIZES)
def test_fuzz_records_exit_0_1_or_2_without_traceback_or_hang(counts):
    result = run({"record": counts["record"]}, SEED)
    no_failures(result)
    codes = {code for (_, code) in result.outcomes}
    assert codes == {0, 1, 2}, f"the mutants should reach every exit code, not only {codes}"
    assert result.slowest[0] < SLOW


@pytest.mark.parametrize("counts", SIZES)
def test_fuzz_settings_always_load_as_valid_settings_and_keep_the_original(counts):
    result = run({"settings": counts["settings"]}, SEED)
    no_failures(result)
    assert result.outcomes[("settings", 1)] > 0, "no mutant was even found wrong"


@pytest.mark.parametrize("counts", SIZES)
@pytest.mark.parametrize("target", ["database", "save", "stats", "history"])
def test_fuzz_the_database_a_save_and_old_files_load_or_are_set_aside(target, counts):
    result = run({target: counts[target]}, SEED)
    no_failures(result)


def _cli(path: Path, encoding: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    return subprocess.run(
        [sys.executable, "-m", "game.record", str(path)],
        capture_output=True,
        env=env,
        cwd=ROOT,
        timeout=30,
    )


def test_fuzz_record_checker_as_a_real_process_agrees_with_the_in_process_run(tmp_path):
    """A handful of mutants through ``python -m game.record``: what a caller really sees,
    in a UTF-8 console and in a cp1252 one (Windows, redirected)."""
    use_home(tmp_path)
    wanted = {0: 2, 1: 2, 2: 3}
    picked: list[tuple[int, bytes]] = []
    for case in range(500):
        data = case_bytes("record", SEED, case)
        got = Result()
        run_one("record", data, tmp_path, f"record {case}", got)
        code = next(iter(got.outcomes))[1]
        if wanted.get(code):
            wanted[code] -= 1
            picked.append((code, data))
        if not any(wanted.values()):
            break
    assert not any(wanted.values()), f"not enough mutants of each exit code: {wanted}"
    for i, (code, data) in enumerate(picked):
        path = tmp_path / f"mutant-{i}.json"
        path.write_bytes(data)
        done = _cli(path, "cp1252" if i % 2 else "utf-8")
        assert done.stderr == b"", done.stderr.decode(errors="replace")
        assert done.returncode == code
        report = json.loads(done.stdout.decode("cp1252" if i % 2 else "utf-8"))
        assert report["ok"] is (code == 0)


SPECIAL = (
    "a folder",
    "a FIFO",
    "a link to /dev/zero",
    "a link to /dev/urandom",
    "a link to /dev/null",
    "a symlink loop",
    "a dangling link",
    "a 100 MB file",
    "an empty file",
)


def make_special(what: str, path: Path) -> Path:
    """Put at ``path`` something a file name can name that is no JSON file: the readers
    must refuse each at once (a FIFO blocks a plain ``open``, /dev/zero never ends)."""
    if what == "a folder":
        path.mkdir()
    elif what == "a FIFO":
        os.mkfifo(path)
    elif what.startswith("a link to "):
        path.symlink_to(what.removeprefix("a link to "))
    elif what == "a symlink loop":
        path.symlink_to(path.name)
    elif what == "a dangling link":
        path.symlink_to(path.name + ".nowhere")
    elif what == "a 100 MB file":
        with open(path, "wb") as f:
            f.truncate(100 * 1024 * 1024)
    else:
        path.write_bytes(b"")
    return path


@pytest.mark.parametrize("what", SPECIAL)
def test_fuzz_special_files_are_refused_by_the_record_checker_at_once(tmp_path, capsys, what):
    path = make_special(what, tmp_path / "record.json")
    code = record.main([str(path)])
    out = capsys.readouterr()
    assert code == 2
    assert out.err == ""
    report = json.loads(out.out)
    assert report["ok"] is False
    assert report["error"]


def test_fuzz_record_file_name_that_is_not_utf8_is_reported_in_any_console(tmp_path):
    path = Path(os.fsdecode(bytes(tmp_path) + b"/r\xff\xfe.json"))
    path.write_bytes(b"{")
    for encoding in ("utf-8", "cp1252", "ascii"):
        done = _cli(path, encoding)
        assert (done.returncode, done.stderr) == (2, b""), done.stderr.decode(errors="replace")
        assert "r\ufffd\ufffd.json" in json.loads(done.stdout.decode(encoding))["error"]


@pytest.mark.parametrize("what", SPECIAL)
def test_fuzz_special_files_as_settings_give_defaults_and_can_be_saved_over(tmp_path, what):
    path = make_special(what, tmp_path / store.FILE_NAME)
    settings, problem = store.load_settings(path)
    assert settings == store.Settings()
    if what not in ("a dangling link", "a symlink loop"):
        assert problem, problem
        assert problem.code == "settings_unreadable", problem
    assert store.save_settings(settings, path) is None
    assert store.load_settings(path) == (settings, None)


SCREENS = [
    pytest.param(200, id="quick"),
    pytest.param(int(os.environ.get("FUZZ_SCREENS", "3000")), id="full", marks=pytest.mark.slow),
]


@pytest.mark.parametrize("cases", SCREENS)
def test_every_screen_opens_with_each_mutated_player_file(cases):
    """The screens target in-process (one app, SDL's dummy driver): menu, Continue,
    Statistics, History, each entry's replay, Export, a record opened and dropped; every
    one of them reached, and files both clean (0) and told of (1) among the outcomes."""
    from .screens import VISITED

    VISITED.clear()
    result = run({"screens": cases}, SEED)
    no_failures(result)
    assert {code for (_, code) in result.outcomes} == {0, 1}
    every = {"menu", "continue", "statistics", "history", "replay", "export"}
    every |= {"opened by path", "dropped"}
    assert set(VISITED) == every, f"screens never opened: {every - set(VISITED)}"
    assert VISITED["menu"] == cases, "a case ended before it had opened the menu"


UP_AND_WAITING = """
from tests.fuzz.__main__ import quiet_sdl
quiet_sdl()
import time, pygame
pygame.init()
pygame.display.set_mode((40, 30))
print("up", flush=True)
time.sleep(60)
"""


def test_fuzz_worker_with_pygame_running_still_ends_on_sigterm():
    """How ``--screens`` stalled: SDL turned the pool's SIGTERM into a quit event no worker
    read, so a worker with pygame running outlived its pool. The workers' environment
    keeps SDL's hands off the signals."""
    proc = subprocess.Popen(
        [sys.executable, "-c", UP_AND_WAITING], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout.readline().strip() == "up"
        proc.terminate()
        assert proc.wait(timeout=20) == -signal.SIGTERM
    finally:
        if proc.poll() is None:
            proc.kill()


def test_fuzz_screens_from_the_command_line_on_two_workers_ends(tmp_path):
    """``python -m tests.fuzz --screens`` through its worker pool: the run ends (exit 0),
    and no worker is left behind holding its output open."""
    done = subprocess.run(
        [sys.executable, "-m", "tests.fuzz", "--screens", "--cases", "40", "--jobs", "2"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "40 cases (screens 40)" in done.stdout
    assert "0 failures" in done.stdout
