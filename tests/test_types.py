"""The values every layer shares (game.core.types): actions and piles, and their text."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.cards import CARD_TEXT
from game.core.types import (
    ACCEPT,
    FLIP,
    PLAYS,
    STOCKS,
    TABLE,
    TURN,
    Action,
    ActionKind,
    PileId,
    PileKind,
    Target,
    call,
    move,
)

EVERY = [TURN, FLIP, ACCEPT, *PLAYS]
EVERY += [move(src, dst) for src in (PileKind.TURNED, PileKind.DISCARD)
          for dst in (Target.FOUNDATION, Target.OWN_DISCARD, 0, 1, 2)]  # fmt: skip
EVERY += [call(seat, end) for seat in range(3) for end in (False, True)]


@pytest.mark.parametrize("action", EVERY, ids=str)
def test_action_text_round_trips_and_actions_are_interned(action):
    again = Action.parse(str(action))
    assert again is action and again == action
    assert Action.parse(action) is action


@pytest.mark.parametrize(
    ("text", "canonical"),
    [(" TURN ", "turn"), ("Turned > f", "turned>F"), ("discard>d", "discard>D"),
     ("STOP 1 FORCE", "stop 1 force"), ("tc", "10C"), ("jd", "JD"), ("Accept", "accept")],
)  # fmt: skip
def test_action_parse_accepts_any_spelling_and_gives_the_canonical_text(text, canonical):
    assert str(Action.parse(text)) == canonical


@pytest.mark.parametrize("junk", ["jump", "", "stop 1 maybe", "turned>99999", 17, None, "x" * 99])
def test_action_parse_refuses_what_is_no_action(junk):
    with pytest.raises(ValueError):
        Action.parse(junk)


def test_action_kinds_and_fields():
    assert Action.parse("7H").kind is ActionKind.PLAY and Action.parse("7H").card == 32
    load = Action.parse("turned>2")
    assert load.kind is ActionKind.MOVE and load.load_seat == 2 and not load.is_call
    stop = Action.parse("stop 2 end")
    assert stop.is_call and stop.seat == 2 and stop.end
    assert Action.parse("turned>F").load_seat is None
    assert sorted([Action.parse("turn"), Action.parse("discard>1")]) == [
        Action.parse("discard>1"),
        TURN,
    ]


@given(st.sampled_from(list(PileKind)), st.one_of(st.none(), st.integers(0, 3)))
def test_pile_id_text_round_trips(kind, index):
    pid = PileId(kind, index)
    assert PileId.parse(str(pid)) == pid


def test_pile_ids_read_as_records_and_logs_write_them():
    assert str(STOCKS[0]) == "stock0" and str(TABLE) == "table"
    assert STOCKS[1].seat == 1 and TABLE.seat is None
    assert [str(PLAYS[c]) for c in range(52)] == list(CARD_TEXT)
