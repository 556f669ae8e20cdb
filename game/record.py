"""Game records (RULES.md §6): load, validate, replay, save, report.

A record is the saved game, the replay and the bug report at once. Replaying
never raises on bad input: :func:`replay` returns a report whose ``error`` says
what is wrong, and ``python -m game.record FILE`` turns that into exit codes
(0 replayed, 1 an illegal action, 2 not a valid record).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.rules import game_class
from game.rules.base import GameState, IllegalAction, resolve_options

FIELDS = ("game", "options", "setup", "actions")
OK, ILLEGAL, INVALID = 0, 1, 2


class RecordError(ValueError):
    """The data is not a valid record; the message names the field."""


@dataclass
class Replay:
    """The outcome of replaying a record."""

    status: int
    applied: int
    error: str | None
    state: GameState | None

    def report(self) -> dict[str, Any]:
        """The JSON object of RULES.md §6."""
        st = self.state
        return {
            "ok": self.status == OK,
            "applied": self.applied,
            "error": self.error,
            "to_move": None if st is None else st.to_move,
            "over": False if st is None else st.is_over,
            "winner": None if st is None else st.winner,
            "score": [] if st is None else list(st.score),
            "state": {} if st is None else st.report(),
        }


def parse(data: Any) -> tuple[GameState, list[str]]:
    """Check a decoded record and build its starting state; RecordError names the problem."""
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object with game, options, setup and actions")
    extra = [k for k in data if k not in FIELDS]
    if extra:
        raise RecordError(f"unknown field {extra[0]!r} (a record has {', '.join(FIELDS)})")
    for key in ("game", "setup", "actions"):
        if key not in data:
            raise RecordError(f"the field {key!r} is missing")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("'options' must be an object")
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError('\'actions\' must be a list of texts like "turn" or "7H"')
    if not isinstance(data["setup"], dict):
        raise RecordError("'setup' must be an object")
    cls = _checked("game", game_class, data["game"])
    _checked("options", resolve_options, cls, options)
    state = _checked("setup", cls.from_setup, data["setup"], options)
    return state, actions


def _checked(field: str, fn, *args):
    """Call ``fn``; its ValueError becomes a RecordError naming ``field``."""
    try:
        return fn(*args)
    except ValueError as err:
        raise RecordError(f"{field}: {err}") from None
    except (TypeError, KeyError, IndexError, AttributeError) as err:
        raise RecordError(f"{field} is malformed ({type(err).__name__}: {err})") from None


def replay(data: Any) -> Replay:
    """Build the record's hand and apply its actions, stopping at the first illegal one."""
    try:
        state, actions = parse(data)
    except RecordError as err:
        return Replay(INVALID, 0, str(err), None)
    for i, action in enumerate(actions):
        try:
            state.apply(action)
        except IllegalAction as err:
            return Replay(ILLEGAL, i, str(err), state)
    return Replay(OK, len(actions), None, state)


def load(path: str | os.PathLike) -> Any:
    """Read a record file's JSON; RecordError for an unreadable or non-JSON file."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise RecordError(f"cannot read {path}: {getattr(err, 'strerror', None) or err}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError(
            f"not valid JSON (line {err.lineno}, column {err.colno}: {err.msg})"
        ) from None


def load_state(path: str | os.PathLike) -> GameState:
    """A saved hand, replayed to where it stopped; RecordError if it cannot be."""
    result = replay(load(path))
    if result.status != OK:
        at = f" at action {result.applied}" if result.status == ILLEGAL else ""
        raise RecordError(f"{Path(path).name}{at}: {result.error}")
    return result.state


def write_json_atomic(path: str | os.PathLike, obj: Any) -> None:
    """Write JSON so that a crash leaves either the old file or the new one, never half."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(obj, f, ensure_ascii=False, indent=1)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def save(state: GameState, path: str | os.PathLike) -> None:
    """Save a hand as its record, atomically."""
    write_json_atomic(path, state.record())


def main(argv: list[str] | None = None) -> int:
    """``python -m game.record FILE``: print the replay report as one JSON line."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print(json.dumps(Replay(INVALID, 0, "usage: python -m game.record FILE", None).report()))
        return INVALID
    try:
        result = replay(load(args[0]))
    except RecordError as err:
        result = Replay(INVALID, 0, str(err), None)
    print(json.dumps(result.report(), ensure_ascii=False))
    return result.status


if __name__ == "__main__":
    sys.exit(main())
