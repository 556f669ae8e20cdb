"""The match in progress as the database keeps it: :meth:`game.session.Session.to_save` as
JSON, saved after every move. A save read back is checked whole against its game (an
older save is migrated first), so a save that loads is one the table can play on."""

from __future__ import annotations

import json
from typing import Any

from game import record
from game.core.cards import brief
from game.core.files import FileProblem, parse_json
from game.games import SPECS
from game.session import Session, check_save
from game.store.settings import valid_choices

MAX_CHARS = 3 * 1024 * 1024


def check_parts(data: dict[str, Any]) -> None:
    """What :func:`game.session.check_save` leaves to the store: the save's parts checked
    against its game (choices, players, teams, the hand's record), so that a save which
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
    try:
        state, _ = record.parse(data["hand"])
    except record.RecordError as err:
        raise ValueError(f"the save's hand: {err}") from None
    if state.game != spec.id or state.players != players:
        raise ValueError("the save's hand is not a hand of this match")


def _points(values: Any, teams: int) -> bool:
    return isinstance(values, list) and len(values) == teams and all(type(v) is int for v in values)


def save_text(session: Session, **fresh: Any) -> str:
    """The save as the database keeps it (``fresh``: see :meth:`Session.to_save`)."""
    return json.dumps(session.to_save(**fresh), allow_nan=False)


def session_of(text: Any) -> Session:
    """The session a save holds, exactly where it was; ValueError says what is wrong."""
    if not isinstance(text, str) or len(text) > MAX_CHARS:
        raise ValueError("the saved match is not a save's text")
    try:
        data = check_save(parse_json(text, "the saved match"))
        check_parts(data)
        session = Session.from_save(data)
    except FileProblem as err:
        raise ValueError(str(err)) from None
    except (KeyError, TypeError, IndexError, AttributeError, RecursionError) as err:
        raise ValueError(f"{type(err).__name__}: {err}") from None
    if session.state.options != session.match.options:
        raise ValueError("the save's hand was played with other options than its match")
    return session
