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
from game.core.schema import Field, require
from game.games import SPECS
from game.store.files import home, read_or_set_aside, set_aside_broken
from game.store.settings import valid_choices

FILE_NAME = "match.json"
MAX_BYTES = 3 * 1024 * 1024
VERSION = 1
KEEP_FINISHED = 50  # Session.to_save keeps the last 50 finished hands

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
    "finished": Field([], list, check=lambda v: _at_most(v, KEEP_FINISHED)),
    "hand": Field({}, dict),
    "referee": Field({}, dict),
    "took_back": Field(False, bool),
    "saved": Field(0.0, float),
}


def _at_most(items: list, n: int) -> list:
    if len(items) > n:
        raise ValueError(f"holds {len(items):,} items, more than {n}")
    return items


def migrate(data: Any) -> Any:
    """Bring an older save up to date (version 1 is the first: nothing to do yet)."""
    return data


def check_save(data: Any) -> dict[str, Any]:
    """A save's fields, checked; ValueError names the first problem."""
    data = migrate(data)
    if isinstance(data, dict) and data.get("version") != VERSION:
        raise ValueError(f"a save of version {brief(data.get('version'))} cannot be read")
    out = require(data, _SAVE, "the save")
    out["match"] = require(out["match"], _MATCH, "the save's match")
    spec = SPECS[out["game"]]
    choices = out["choices"]
    if valid_choices(spec, choices) != choices:
        raise ValueError(f"the save's choices {brief(choices)} are not all {spec.id} choices")
    players = choices.get("players", spec.players[0])
    if players not in spec.players:
        raise ValueError(f"{spec.id} is not played by {brief(players)} players")
    teams = spec.teams(players)
    info = out["match"]
    if not _points(info["totals"], teams):
        raise ValueError(f"the save's totals must be {teams} whole numbers")
    if not all(_points(h, teams) for h in info["history"]):
        raise ValueError(f"each hand in the save's history must be {teams} whole numbers")
    if len(info["history"]) > info["hand_no"] + 1:
        raise ValueError("the save's history holds more hands than were played")
    for name in ("window_closed", "calls_asked"):
        if type(out["referee"].get(name, False)) is not bool:
            raise ValueError(f"the save's referee.{name} must be true or false")
    for i, rec in enumerate([out["hand"], *out["finished"]]):
        what = "hand" if i == 0 else f"finished hand {i}"
        try:
            state, _ = record.parse(rec)
        except record.RecordError as err:
            raise ValueError(f"the save's {what}: {err}") from None
        if state.game != spec.id or state.players != players:
            raise ValueError(f"the save's {what} is not a hand of this match")
    return out


def _points(values: Any, teams: int) -> bool:
    return isinstance(values, list) and len(values) == teams and all(type(v) is int for v in values)


def _coherent(session: Any) -> None:
    """What the save's parts must agree on once put together (the table relies on it)."""
    st, m = session.state, session.match
    if st.options != m.options:
        raise ValueError("the save's hand was played with other options than its match")


def save_match(session: Any) -> None:
    write_json_atomic(home() / FILE_NAME, session.to_save())


def load_match() -> tuple[Any, str | None]:
    """(session or None, problem for the player or None)."""
    from game.session import Session

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
