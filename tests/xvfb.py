"""Start a private Xvfb server, and drive programs on it: for the tests and the startup
benchmark that need a real window."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

TOOLS = ("Xvfb", "xdotool", "import")
# What chooses a display or SDL drivers, all left out of the player's environment.
NO_DISPLAY = ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER", "DISPLAY", "WAYLAND_DISPLAY", "PYTHONPATH")


def start_xvfb(size: tuple[int, int] = (1280, 800)) -> tuple[subprocess.Popen, str]:
    """Xvfb on a free display it picks itself (``-displayfd``); returns it and ``:N``.

    Raises RuntimeError if the server does not report its display within 15 s.
    """
    read_fd, write_fd = os.pipe()
    screen = "{}x{}x24".format(*size)
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", screen, "-nolisten", "tcp"],
        pass_fds=(write_fd,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write_fd)
    number = b""
    end = time.monotonic() + 15
    os.set_blocking(read_fd, False)
    while not number.endswith(b"\n") and time.monotonic() < end and server.poll() is None:
        try:
            number += os.read(read_fd, 16)
        except BlockingIOError:
            time.sleep(0.02)
    os.close(read_fd)
    if not number.endswith(b"\n"):
        server.kill()
        server.wait()
        raise RuntimeError("Xvfb did not start")
    return server, ":" + number.decode().strip()


def need_tools(tools: tuple[str, ...] = TOOLS) -> None:
    """Skip without the programs these tests drive, but fail on CI (``CI`` set): ``.ci/run``
    installs them, and a gate that silently skips is no gate."""
    missing = [t for t in tools if shutil.which(t) is None]
    if not missing:
        return
    why = f"end-to-end test needs {', '.join(missing)} (apt-get install xvfb xdotool imagemagick)"
    if os.environ.get("CI", "").lower() not in ("", "0", "false", "no"):
        pytest.fail(why)
    pytest.skip(why)


def free_display(numbers: range) -> str:
    """A display in ``numbers`` that no X server answers on (neither its socket nor its lock
    file is there)."""
    for n in numbers:
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            return f":{n}"
    raise AssertionError("no free display number")


def player_env(home: Path, **extra: str) -> dict[str, str]:
    """The player's environment: no SDL drivers chosen, no display unless given in ``extra``,
    the player's files in ``home``; the program must find its own way, as it would at home."""
    env = {k: v for k, v in os.environ.items() if k not in NO_DISPLAY}
    env.update(PASHA_PISTI_HOME=str(home), PYGAME_HIDE_SUPPORT_PROMPT="1", **extra)
    return env


def run(args: list[str], env: dict, seconds: float = 10) -> str:
    """One xdotool/import command, never allowed to hang."""
    done = subprocess.run(
        ["timeout", str(seconds), *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=seconds + 5,
    )
    assert done.returncode == 0, f"{args[0]} failed ({done.returncode}): {done.stderr.strip()}"
    return done.stdout


def stop(proc: subprocess.Popen | None) -> None:
    """End a program the test started, politely first; never leaves it running."""
    if proc is None or proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(5)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)


def read_state(path: Path) -> dict | None:
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None


def wait_for(what: str, check, seconds: float = 15, retry=None, every: float = 1.0):
    """Poll ``check()`` until it is truthy; ``retry()`` runs each ``every`` seconds
    meanwhile, the first time only after one such wait (what it repeats was just done)."""
    end = time.monotonic() + seconds
    last_retry = time.monotonic()
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        if retry and time.monotonic() - last_retry > every:
            retry()
            last_retry = time.monotonic()
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")
