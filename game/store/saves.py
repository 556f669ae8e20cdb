"""The match in progress, saved after every move so closing the window loses nothing.

``match.json`` in the preference folder holds :meth:`game.session.Session.to_save`.
A save from an older version is migrated when we know how, and set aside with a
message when we do not; a broken save is set aside the same way. Never a crash.
"""

from __future__ import annotations

import contextlib
from typing import Any

from game import record
from game.core.cards import brief
from game.core.files import write_json_atomic
from game.session import Session
from game.store.files import home, read_or_set_aside, set_aside_broken
from game.store.settings import valid_choices

FILE_NAME = "match.json"
MAX_BYTES = 3 * 1024 * 1024
KEEP_FINISHED = 50  # Session.to_save keeps the last 50 finished hands

def save_match(session: Any) -> None:
    write_json_atomic(home() / FILE_NAME, session.to_save())


def load_match() -> tuple[Any, str | None]:
    """(session or None, problem for the player or None)."""
    data, problem = read_or_set_aside(FILE_NAME, MAX_BYTES)
    if data is None:
        return None, problem
    try:
        session = Session.from_save(data)
        _coherent(session)
    except ValueError as err:
        return None, set_aside_broken(FILE_NAME, str(err)[:200])
    except (KeyError, TypeError, IndexError, AttributeError, RecursionError) as err:
        return None, set_aside_broken(FILE_NAME, f"{type(err).__name__}: {err}"[:200])
    return session, None


def clear_match() -> None:
    """The match is over: there is nothing to continue."""
    with contextlib.suppress(OSError):
        (home() / FILE_NAME).unlink()
