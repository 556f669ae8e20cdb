"""The values every layer shares (game.core.types): open families of kinds, actions and
piles and their text, each game parsing and printing its own moves, a typed draw."""

from __future__ import annotations

import copy
import json
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.cards import CARD_TEXT
from game.core.kinds import Kind
from game.core.types import (
    ACCEPT,
    DRAW,
    PLAYS,
    STOCKS,
    TABLE,
    ActionKind,
    ActionSet,
    Code,
    EventKind,
    Outcome,
    PileId,
    PileKind,
    Reason,
)
from game.games import SPECS, spec_of
from game.games.book import kinds as book
from game.games.pishe_pasha import kinds as pishe
from game.games.pisti import kinds as pisti

PISHE = [pishe.TURN, ACCEPT, *pishe.ACTIONS.by_text.values()]
TARGETS = [(pishe.FOUNDATION, None), *((pishe.DISCARD, seat) for seat in (None, 0, 1, 2))]
PISHE += [pishe.move(src, *to) for src in (pishe.TURNED, pishe.DISCARD) for to in TARGETS]
PISHE += [pishe.stop(seat, end) for seat in range(3) for end in (False, True)]
EVERY = [("pishe-pasha", a) for a in PISHE]
EVERY += [("pisha-pasha-book", book.FLIP)] + [("pisti", p) for p in PLAYS]


@pytest.mark.parametrize(("game", "action"), EVERY, ids=lambda v: str(v))
def test_action_text_round_trips_in_its_game_and_actions_are_interned(game, action):
    parse = spec_of(game).parse_action
    again = parse(str(action))
    assert again is action
    assert again == action
    assert hash(again) == hash(str(action))
    assert parse(action) is action


@pytest.mark.parametrize(
    ("game", "text", "canonical"),
    [("pishe-pasha", " TURN ", "turn"), ("pishe-pasha", "Turned > f", "turned>F"),
     ("pishe-pasha", "discard>d", "discard>D"), ("pishe-pasha", "STOP 1 FORCE", "stop 1 force"),
     ("pishe-pasha", "Accept", "accept"), ("pisti", "tc", "10C"), ("pisti", "jd", "JD"),
     ("pisti", " 7h ", "7H"), ("pisha-pasha-book", "FLIP", "flip")],
)  # fmt: skip
def test_action_parse_accepts_any_spelling_and_gives_the_canonical_text(game, text, canonical):
    assert str(spec_of(game).parse_action(text)) == canonical


@pytest.mark.parametrize("junk", ["jump", "", "stop 1 maybe", "turned>99999", 17, None, "x" * 99])
@pytest.mark.parametrize("game", sorted(SPECS))
def test_action_parse_refuses_what_is_no_action(game, junk):
    with pytest.raises(ValueError, match=r"is not a move|does not exist"):
        spec_of(game).parse_action(junk)


@pytest.mark.parametrize(
    ("game", "other"),
    [("pishe-pasha", "7H"), ("pishe-pasha", "flip"), ("pisti", "turn"), ("pisti", "stop 1 end"),
     ("pisha-pasha-book", "turned>F"), ("pisha-pasha-book", "QS")],
)  # fmt: skip
def test_each_game_reads_only_its_own_moves(game, other):
    """RULES.md §6: ``7H`` in Pishe Pasha is no move of that game (an illegal action)."""
    with pytest.raises(ValueError, match="is not a move"):
        spec_of(game).parse_action(other)
    why = spec_of(game).new_hand(2, None, 1).check(other)
    assert why is not None
    assert why.code in (
        Code.NOT_A_MOVE,
        pisti.Codes.NOT_A_CARD,
        book.Codes.ONLY_FLIP,
    )


def test_actions_have_a_small_generic_shape():
    seven = spec_of("pisti").parse_action("7H")
    assert seven.kind is ActionKind.PLAY
    assert seven.card == 32
    assert seven.src is None
    load = pishe.ACTIONS.parse("turned>2")
    assert (load.kind, load.src, load.dst, load.whose, load.actor) == (
        ActionKind.MOVE, pishe.TURNED, PileKind.DISCARD, 2, None)  # fmt: skip
    assert pishe.load_seat(load) == 2
    assert not load.is_call
    assert load.by(0) == 0
    own = pishe.ACTIONS.parse("turned>D")
    assert own.dst is PileKind.DISCARD
    assert own.whose is None
    assert pishe.load_seat(own) is None
    stop = pishe.ACTIONS.parse("stop 2 end")
    assert stop.is_call
    assert stop.kind is pishe.ActionKinds.STOP_END
    assert (stop.actor, stop.whose, stop.by(0)) == (2, None, 2), "who acts, and no pile's owner"
    assert pishe.ACTIONS.parse("turned>F").dst is pishe.FOUNDATION
    assert pishe.load_seat(pishe.ACTIONS.parse("turned>F")) is None
    assert sorted([pishe.TURN, pishe.ACTIONS.parse("discard>1")]) == [
        pishe.ACTIONS.parse("discard>1"),
        pishe.TURN,
    ]


@given(st.sampled_from(range(52)), st.sampled_from(("H", "S", "pass", "x2")))
def test_an_action_with_a_declared_choice_round_trips_by_its_text(card, choice):
    """A move may carry an option its game declares (``8S=H``): the text is the move's,
    ``=``, the choice; any spelling of the move reads back to the one interned action."""
    actions = ActionSet()
    actions.add_plays()
    (chosen,) = actions.add_choices(PLAYS[card], (choice,))
    assert (chosen.kind, chosen.card, chosen.choice) == (ActionKind.PLAY, card, choice)
    assert str(chosen) == f"{CARD_TEXT[card]}={choice}"
    assert chosen != PLAYS[card]
    assert actions.parse(str(chosen)) is chosen
    assert actions.parse(f" {CARD_TEXT[card].lower()} = {choice.lower()} ") is chosen
    assert actions.parse(CARD_TEXT[card]) is PLAYS[card]
    assert PLAYS[card].choice is None
    assert actions.add_choices(PLAYS[card], (choice,)) == (chosen,), "made once"
    with pytest.raises(ValueError, match="is not a move"):
        actions.parse(f"{CARD_TEXT[card]}=nothing-declared")


@given(st.sampled_from(PileKind.known()), st.one_of(st.none(), st.integers(0, 3)))
def test_pile_id_text_round_trips(kind, index):
    pid = PileId(kind, index)
    assert PileId.parse(str(pid)) == pid


def test_pile_ids_read_as_records_and_logs_write_them():
    assert str(STOCKS[0]) == "stock0"
    assert str(TABLE) == "table"
    assert str(pishe.FOUNDATIONS[2]) == "found2"
    assert str(pishe.TURNEDS[1]) == "turned1"
    assert STOCKS[1].seat == 1
    assert TABLE.seat is None
    assert pishe.TURNEDS[2].seat == 2
    assert pishe.FOUNDATIONS[1].seat is None
    assert [str(PLAYS[c]) for c in range(52)] == list(CARD_TEXT)
    with pytest.raises(ValueError, match="is no PileKind"):
        PileId.parse("nowhere1")


def test_each_family_is_open_and_a_kind_made_twice_is_the_same_kind():
    """A game (here a test) adds kinds to a family; the text finds them again."""
    fresh = EventKind("test_types_fanfare")
    assert EventKind("test_types_fanfare") is fresh
    assert EventKind.parse("test_types_fanfare") is fresh
    assert fresh in EventKind.known()
    assert fresh.value == "test_types_fanfare"
    assert repr(fresh) == "EventKind.TEST_TYPES_FANFARE"
    assert str(fresh) == "test_types_fanfare"
    assert Code("test_types_fanfare") is not fresh  # families keep apart
    with pytest.raises(ValueError, match="is no Reason"):
        Reason.parse("test_types_never_made")
    with pytest.raises(ValueError, match="already made with other traits"):
        PileKind("turned", seated=False)  # already made, as a seated pile


def test_a_games_namespace_holds_the_generic_kinds_too():
    assert pishe.EventKinds.MOVE is EventKind.MOVE
    assert pishe.Codes.HAND_OVER is Code.HAND_OVER
    assert isinstance(pisti.EventKinds.PISTI, EventKind)
    assert pisti.EventKinds.PISTI.family is EventKind
    assert book.Reasons.NO_CARDS is Reason.parse("no_cards")


@pytest.mark.parametrize(
    "kind", [PileKind.STOCK, pishe.PileKinds.TURNED, EventKind.OVER, pishe.Codes.HOLDING]
)
def test_kinds_survive_copies_and_pickles_as_themselves(kind):
    assert copy.copy(kind) is kind
    assert copy.deepcopy(kind) is kind
    assert pickle.loads(pickle.dumps(kind)) is kind
    assert isinstance(kind, Kind)
    assert hash(kind) == hash(kind.family.parse(kind.value))


def test_a_draw_is_typed_and_records_write_it_draw():
    drawn = Outcome(DRAW, Reason.POINTS, (3, 3))
    won = Outcome(0, Reason.POINTS, (4, 3))
    assert drawn.is_draw
    assert not won.is_draw
    assert DRAW != 0
    assert repr(DRAW) == "DRAW"
    assert json.dumps({"winner": DRAW}) == '{"winner": "draw"}'  # RULES.md §6
    assert pickle.loads(pickle.dumps(DRAW)) is DRAW
    assert copy.deepcopy(drawn).winner is DRAW


def test_every_registered_game_parses_its_own_legal_moves():
    for spec in SPECS.values():
        state = spec.new_hand(spec.players[0], None, 5)
        for action in state.legal_actions():
            assert spec.parse_action(str(action)) is action
