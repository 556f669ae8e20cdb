"""Where the player's files live, and reading one safely: a broken file is set aside
(under a name the next failure does not overwrite) and the game goes on."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from game.core.files import (
    FileProblem,
    keep_copy,
    read_json,
    remove_stray_temporaries,
    set_aside,
)
from game.store.settings import settings_dir


def home() -> Path:
    return settings_dir()


def read_or_set_aside(name: str, limit: int) -> tuple[Any, str | None]:
    """(data, None), (None, None) when there is no file, or (None, problem) after setting a
    file that cannot be read aside."""
    path = home() / name
    with contextlib.suppress(OSError):
        remove_stray_temporaries(path.parent, (name,))
    try:
        if not path.exists():
            return None, None
        return read_json(path, limit), None
    except (FileProblem, OSError) as err:
        return None, _aside(path, str(err))


def set_aside_broken(name: str, why: str) -> str:
    return _aside(home() / name, why)


def _aside(path: Path, why: str) -> str:
    kept = set_aside(path)
    return f"{why} (kept as {kept.name})" if kept else why


def kept_in_part(name: str, why: str) -> str:
    """Some of a file could not be used (the rest is): keep a copy of it as it was, and
    say so as ``NAME_fixed|why (kept as COPY)`` (``stats.json`` gives ``stats_fixed``)."""
    kept = keep_copy(home() / name)
    where = f" (kept as {kept.name})" if kept else f" (no copy could be written: kept as {name})"
    return f"{name.split('.')[0]}_fixed|{why}{where}"
