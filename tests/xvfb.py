"""Start a private Xvfb server, for the tests and the startup benchmark that need a real window."""

from __future__ import annotations

import os
import subprocess
import time


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
