"""The duel's own words, made the way every game makes them: its moves (a card, ``7H``;
an 8 led with the suit it names, ``8S=H``; ``draw``, a card from the shared pack that
passes the lead) and its refusal of a card not
held (the same kind as Pişti's, by its text, without knowing Pişti). A draw it may not
make is the generic "not a move": refusal codes are one namespace that every language's
catalogue words, so a game's own refusal would need words in the shared one."""

from __future__ import annotations

from game.core.cards import SUITS, make
from game.core.types import PLAYS, Action, ActionKind, ActionSet, Code


class ActionKinds(ActionKind):
    DRAW = ActionKind("draw")  # the leader takes the pack's top card and passes the lead


class Codes(Code):
    NOT_HELD = Code("not_held")  # card


ACTIONS = ActionSet()
ACTIONS.add_plays()
DRAW_PASS = ACTIONS.make(ActionKinds.DRAW, "draw")

EIGHT = 8
NAMES = tuple(SUITS)  # the choice an 8 led declares: the suit it names, by its letter
NAMING: dict[int, tuple[Action, ...]] = {
    make(EIGHT, s): ACTIONS.add_choices(PLAYS[make(EIGHT, s)], NAMES) for s in range(4)
}
