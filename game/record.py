"""Game records (RULES.md §6): load, validate, replay, save, report; and their checker.

A record is the saved game, the replay and the bug report at once. Replaying
never raises on bad input: :func:`replay` returns a report whose ``error`` says
what is wrong, and ``python -m game.record FILE`` turns that into exit codes
(0 replayed, 1 an illegal action, 2 not a valid record), whatever the file holds.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.cards import brief
from game.core.files import FileProblem, read_json, write_json_atomic
from game.core.state import GameState, resolve_options
from game.core.types import Action, IllegalAction
from game.games import spec_of
from game.text.names import Namer
from game.text.words import refusal_text

FIELDS = ("game", "options", "setup", "actions")
OK, ILLEGAL, INVALID = 0, 1, 2
MAX_RECORD_BYTES = 2 * 1024 * 1024  # a Pishe Pasha hand of 2,000 turns is far below this
MAX_ACTIONS = 100_000


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
        raise RecordError(f"unknown field {brief(extra[0])} (a record has {', '.join(FIELDS)})")
    for key in ("game", "setup", "actions"):
        if key not in data:
            raise RecordError(f"the field {key!r} is missing")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("'options' must be an object")
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError('\'actions\' must be a list of texts like "turn" or "7H"')
    if len(actions) > MAX_ACTIONS:
        raise RecordError(f"'actions' holds {len(actions):,} moves; no hand has that many")
    if not isinstance(data["setup"], dict):
        raise RecordError("'setup' must be an object")
    spec = _checked("game", spec_of, data["game"])
    _checked("options", resolve_options, spec.state, options)
    state = _checked("setup", spec.from_setup, data["setup"], options)
    return state, actions


def _checked(field: str, fn, *args):
    """Call ``fn``; its ValueError becomes a RecordError naming ``field``."""
    try:
        return fn(*args)
    except ValueError as err:
        raise RecordError(f"{field}: {err}") from None
    except (TypeError, KeyError, IndexError, AttributeError, RecursionError) as err:
        raise RecordError(f"{field} is malformed ({type(err).__name__})") from None


def replay(data: Any) -> Replay:
    """Build the record's hand and apply its actions, stopping at the first illegal one."""
    try:
        state, actions = parse(data)
    except RecordError as err:
        return Replay(INVALID, 0, str(err), None)
    sides = {s: state.side_of(s) for s in range(state.players)}
    namer = Namer.numbered(state.players, sides, state.game)
    for i, action in enumerate(actions):
        try:
            state.apply(action)
        except IllegalAction as err:
            return Replay(ILLEGAL, i, refusal_text(err.refusal, namer), state)
    return Replay(OK, len(actions), None, state)


def load(path: str | os.PathLike) -> Any:
    """Read a record file's JSON; RecordError for an unreadable, oversized or non-JSON file."""
    try:
        return read_json(path, MAX_RECORD_BYTES)
    except FileProblem as err:
        raise RecordError(str(err)) from None


def load_state(path: str | os.PathLike) -> GameState:
    """A saved hand, replayed to where it stopped; RecordError if it cannot be."""
    result = replay(load(path))
    if result.status != OK:
        at = f" at action {result.applied}" if result.status == ILLEGAL else ""
        name = os.fsencode(Path(path).name).decode("utf-8", "replace")
        raise RecordError(f"{name}{at}: {result.error}")
    assert result.state is not None  # (a replay that went through has its state)
    return result.state


def save(state: GameState, path: str | os.PathLike) -> None:
    """Save a hand as its record, atomically."""
    write_json_atomic(path, state.record(), indent=1)


def actions_of(record: dict[str, Any]) -> list[Action]:
    """A valid record's actions as values (its game's moves)."""
    parse = spec_of(record["game"]).parse_action
    return [parse(a) for a in record["actions"]]


def main(argv: list[str] | None = None) -> int:
    """``python -m game.record FILE``: print the replay report as one JSON line."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        result = Replay(INVALID, 0, "usage: python -m game.record FILE", None)
    else:
        try:
            result = replay(load(args[0]))
        except RecordError as err:
            result = Replay(INVALID, 0, str(err), None)
        except (RecursionError, MemoryError, ValueError) as err:
            result = Replay(INVALID, 0, f"not a valid record ({type(err).__name__})", None)
    print_json(result.report())
    return result.status


# Characters a reader's ``splitlines`` breaks a line at that JSON leaves unescaped.
_LINE_BREAKS = str.maketrans({"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"})


def print_json(obj: Any) -> None:
    """One JSON line in whatever encoding the console has: where it cannot write "ş"
    (cp1252, redirected), the JSON escapes it instead, and stays valid JSON. A move
    quoted from the record may hold any character, so the ones that end a line for
    some readers are escaped too: the report is always exactly one line."""
    stream = sys.stdout
    if stream is None:
        return
    line = json.dumps(obj, ensure_ascii=False).translate(_LINE_BREAKS)
    try:
        line.encode(getattr(stream, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        line = json.dumps(obj, ensure_ascii=True)
    stream.write(line + "\n")
    stream.flush()


if __name__ == "__main__":
    sys.exit(main())
