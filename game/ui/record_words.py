"""A record's moves and the coach's reasons in words, each at its position in the hand,
with the seats named as at its table: the review's list, the replay's line and the
table's coach notes say them alike."""

from __future__ import annotations

from game.core.spec import Phrase
from game.core.types import Action, IllegalAction
from game.games import spec_of
from game.session import replay_record
from game.text.names import Namer
from game.text.words import move_phrase, phrase
from game.ui.table.model.layout import seat_positions

NBSP = "\u00a0"


def move_number(index: int) -> int:
    """The number a player reads for the record's action ``index`` (0 = the first action):
    the review's list and the replay's title and slider count moves by this alone."""
    return index + 1


def _position(record: dict, index: int, seat: int) -> tuple:
    """The record's position before action ``index`` and the names at its table."""
    spec = spec_of(record["game"])
    state = replay_record(spec, {**record, "actions": record["actions"][:index]})
    sides = {s: state.side_of(s) for s in range(state.players)}
    positions = seat_positions(spec, state.players, seat)
    return state, Namer.for_table(positions, seat, sides, spec.id)


def move_words(record: dict, index: int, action: Action, seat: int) -> str:
    """A move of the record as a short phrase ("7♥ to the foundation"), in its position;
    its words held together by no-break spaces, so a line never splits a move."""
    state, namer = _position(record, index, seat)
    try:
        words = move_phrase(state, action, namer)
    except (IllegalAction, ValueError):
        words = str(action)
    return words.replace(" ", NBSP)


def reason_words(record: dict, index: int, reason: Phrase, seat: int) -> str:
    """The coach's reason for a move of the record, with the seats named as at its table."""
    return phrase(reason, _position(record, index, seat)[1])
