"""The game's version, from one place: ``version`` in pyproject.toml.

Installed (a wheel, pipx, pip), it is the package's metadata, which pip wrote from
pyproject.toml; the one-file build bundles that metadata (the recipe in build/). Run from
a source checkout, pyproject.toml is read itself, so an editable install whose metadata
is older than the file still says the version the code has. Read only when asked
(``--version``, the Settings screen's About line): a start never pays for it.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

DIST = "pasha-pisti"  # the distribution's name on the package index and in its metadata
UNKNOWN = "unknown"


@lru_cache(maxsize=1)
def version() -> str:
    """This copy's version, e.g. ``0.2.0`` (``unknown`` for a copy with neither a
    pyproject.toml beside it nor metadata, which no install makes)."""
    found = checkout_version(Path(__file__).resolve().parent.parent)
    if found is not None:
        return found
    from importlib import metadata

    try:
        return metadata.version(DIST)
    except metadata.PackageNotFoundError:
        return UNKNOWN


def checkout_version(root: Path) -> str | None:
    """The version in ``root``/pyproject.toml when ``root`` is this project's checkout."""
    project = root / "pyproject.toml"
    if getattr(sys, "frozen", False) or not project.is_file():
        return None
    import tomllib

    try:
        table = tomllib.loads(project.read_text(encoding="utf-8")).get("project", {})
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    found = table.get("version")
    return found if table.get("name") == DIST and isinstance(found, str) else None
