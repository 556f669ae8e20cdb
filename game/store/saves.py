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
from game.games import SPECS
from game.session import Session, check_save
from game.store.files import home, read_or_set_aside, set_aside_broken
from game.store.settings import valid_choices

FILE_NAME = "match.json"
MAX_BYTES = 3 * 1024 * 1024
KEEP_FINISHED = 50  # Session.to_save keeps the last 50 finished hands


def check_parts(data: dict[str, Any]) -> None:
    """What :func:`game.session.check_save` leaves to the store: the save's parts checked
    against its game (choices, players, teams, the hands' records), so that a save which
    loads is one the table can play on. ValueError names the first problem."""
    spec = SPECS[data["game"]]
    choices = data["choices"]
    if valid_choices(spec, choices) != choices:
        raise ValueError(f"the save's choices {brief(choices)} are not all {spec.id} choices")
    players = choices.get("players", spec.players[0])
    if players not in spec.players:
        raise ValueError(f"{spec.id} is not played by {brief(players)} players")
    teams = spec.teams(players)
    info = data["match"]
    if not _points(info["totals"], teams):
        raise ValueError(f"the save's totals must be {teams} whole numbers")
    if not all(_points(h, teams) for h in info["history"]):
        raise ValueError(f"each hand in the save's history must be {teams} whole numbers")
    if len(info["history"]) > info["hand_no"] + 1:
        raise ValueError("the save's history holds more hands than were played")
    for name in ("window_closed", "calls_asked"):
        if type(data["referee"].get(name, False)) is not bool:
            raise ValueError(f"the save's referee.{name} must be true or false")
    if len(data["finished"]) > KEEP_FINISHED:
        raise ValueError(f"the save holds more than {KEEP_FINISHED} finished hands")
    for i, rec in enumerate([data["hand"], *data["finished"]]):
        what = "hand" if i == 0 else f"finished hand {i}"
        try:
            state, _ = record.parse(rec)
        except record.RecordError as err:
            raise ValueError(f"the save's {what}: {err}") from None
        if state.game != spec.id or state.players != players:
            raise ValueError(f"the save's {what} is not a hand of this match")


def _points(values: Any, teams: int) -> bool:
    return isinstance(values, list) and len(values) == teams and all(type(v) is int for v in values)


def _coherent(session: Session) -> None:
    """What the parts must agree on once put together (the table relies on it)."""
    if session.state.options != session.match.options:
        raise ValueError("the save's hand was played with other options than its match")


def save_match(session: Any) -> None:
    write_json_atomic(home() / FILE_NAME, session.to_save())


def load_match() -> tuple[Any, str | None]:
    """(session or None, problem for the player or None)."""
    data, problem = read_or_set_aside(FILE_NAME, MAX_BYTES)
    if data is None:
        return None, problem
    try:
        check_parts(check_save(data))
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
