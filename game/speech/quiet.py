"""Engines that are missing complain on stdout or stderr, some from C code: while one is
probed, both streams go nowhere, at the file-descriptor level too."""

from __future__ import annotations

import contextlib
import io
import os
import sys
import warnings
from collections.abc import Iterator


@contextlib.contextmanager
def silenced() -> Iterator[None]:
    saved: list[tuple[int, int]] = []
    try:
        for fd in (1, 2):
            with contextlib.suppress(OSError):
                saved.append((fd, os.dup(fd)))
        with contextlib.suppress(OSError):
            null = os.open(os.devnull, os.O_WRONLY)
            for fd, _ in saved:
                os.dup2(null, fd)
            os.close(null)
        with (
            warnings.catch_warnings(),
            contextlib.redirect_stdout(io.StringIO()),
            contextlib.redirect_stderr(io.StringIO()),
        ):
            warnings.simplefilter("ignore")
            yield
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        for fd, copy in saved:
            with contextlib.suppress(OSError):
                os.dup2(copy, fd)
                os.close(copy)
