"""Finished hands the database could not take when they ended (another program held its
write lock, the disk was full, the file read-only), kept in a small JSON file beside it
until they are written, in the same run or the next: no hand is ever dropped. A hand
written twice is counted once (its match, number and deal are unique in ``hands``)."""

from __future__ import annotations

import base64
import contextlib
import os
from pathlib import Path
from typing import Any

from game.core.files import FileProblem, read_json, write_json_atomic
from game.store.db import FILE_NAME
from game.store.hands import COLUMNS

NAME = f"{FILE_NAME}.waiting"
LIMIT = 16 * 1024 * 1024
RECORD = COLUMNS.index("record")


def keep(folder: Path, rows: list[tuple[Any, ...]]) -> None:
    """``rows`` (of :data:`COLUMNS`) in the file, in place of what it held (OSError)."""
    out = [list(r) for r in rows]
    for r in out:
        r[RECORD] = base64.b64encode(r[RECORD]).decode("ascii")
    write_json_atomic(folder / NAME, {"version": 1, "hands": out})


def read(folder: Path) -> list[tuple[Any, ...]]:
    """The hands waiting (a file that cannot be read gives none and is left for a person
    to look at)."""
    path = folder / NAME
    if not os.path.lexists(path):
        return []
    try:
        data = read_json(path, LIMIT)
        rows = data["hands"] if isinstance(data, dict) and data.get("version") == 1 else []
        out = []
        for r in rows:
            if (
                isinstance(r, list)
                and len(r) == len(COLUMNS)
                and isinstance(r[RECORD], str)
                and all(
                    v is None
                    or type(v) in (str, float, bool)
                    or (type(v) is int and abs(v) < 2**62)
                    for v in r
                )
            ):
                r[RECORD] = base64.b64decode(r[RECORD], validate=True)
                out.append(tuple(r))
        return out
    except (FileProblem, ValueError, TypeError, KeyError):
        return []


def done(folder: Path) -> None:
    """Every hand waiting was written."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(folder / NAME)
