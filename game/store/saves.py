"""The match in progress, saved after every move so closing the window loses nothing.

``match.json`` in the preference folder holds :meth:`game.session.Session.to_save`.
A save from an older version is migrated when we know how, and set aside with a
message when we do not; a broken save is set aside the same way. Never a crash.
"""

from __future__ import annotations

import contextlib
from typing import Any

from game.core.files import write_json_atomic
from game.core.schema import Field, require
from game.games import SPECS
from game.store.files import home, read_or_set_aside, set_aside_broken

FILE_NAME = "match.json"
MAX_BYTES = 3 * 1024 * 1024
VERSION = 1

_MATCH = {
    "seed": Field(0, int),
    "hand_no": Field(0, int, low=0, high=10_000),
    "deal_no": Field(0, int, low=0),
    "totals": Field([], list),
    "history": Field([], list),
}
_SAVE = {
    "version": Field(VERSION, int),
    "game": Field("", str, tuple(SPECS)),
    "choices": Field({}, dict),
    "level": Field("", str),
    "seed": Field(0, int),
    "match": Field({}, dict),
    "finished": Field([], list),
    "hand": Field({}, dict),
    "referee": Field({}, dict),
    "took_back": Field(False, bool),
    "saved": Field(0.0, float),
}


def migrate(data: Any) -> Any:
    """Bring an older save up to date (version 1 is the first: nothing to do yet)."""
    return data


def check_save(data: Any) -> dict[str, Any]:
    """A save's fields, checked; ValueError names the first problem."""
    data = migrate(data)
    if isinstance(data, dict) and data.get("version") != VERSION:
        raise ValueError(f"a save of version {data.get('version')!r:.20} cannot be read")
    out = require(data, _SAVE, "the save")
    out["match"] = require(out["match"], _MATCH, "the save's match")
    totals = out["match"]["totals"]
    if not all(type(t) is int for t in totals):
        raise ValueError("the save's totals must be whole numbers")
    return out


def save_match(session: Any) -> None:
    write_json_atomic(home() / FILE_NAME, session.to_save())


def load_match() -> tuple[Any, str | None]:
    """(session or None, problem for the player or None)."""
    from game.session import Session

    data, problem = read_or_set_aside(FILE_NAME, MAX_BYTES)
    if data is None:
        return None, problem
    try:
        return Session.from_save(data), None
    except (ValueError, KeyError, TypeError, IndexError, RecursionError) as err:
        return None, set_aside_broken(FILE_NAME, f"{type(err).__name__}: {err}"[:200])


def clear_match() -> None:
    """The match is over: there is nothing to continue."""
    with contextlib.suppress(OSError):
        (home() / FILE_NAME).unlink()
