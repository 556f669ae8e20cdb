"""The duel's own words, made the way every game makes them: its moves (a card, ``7H``;
``draw``, a card from the shared pack that passes the lead; an 8 led with the suit it
names, ``8S=H``) and its refusals: a card not held (the same code as Pişti's, by its text,
without knowing Pişti, but worded the duel's own way in its catalogue) and a draw it may
not make (a code of its own)."""

from __future__ import annotations

from game.core.cards import SUITS, make
from game.core.types import PLAYS, Action, ActionKind, ActionSet, Code


class ActionKinds(ActionKind):
    DRAW = ActionKind("draw")  # the leader takes the pack's top card and passes the lead


class Codes(Code):
    NOT_HELD = Code("not_held")  # card
    NO_DRAW = Code("no_draw")  # only the leader draws, while the pack lasts


ACTIONS = ActionSet()
ACTIONS.add_plays()
DRAW_PASS = ACTIONS.make(ActionKinds.DRAW, "draw")

EIGHT = 8
NAMES = tuple(SUITS)  # the choice an 8 led declares: the suit it names, by its letter
NAMING: dict[int, tuple[Action, ...]] = {
    make(EIGHT, s): ACTIONS.add_choices(PLAYS[make(EIGHT, s)], NAMES) for s in range(4)
}
