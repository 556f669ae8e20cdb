"""The duel's own words, made the way every game makes them: its moves (a card, ``7H``;
``draw``, a card from the shared pack that passes the lead) and its refusals (a card not
held: the same kind as Pişti's, by its text, without knowing Pişti; a draw it may not
make)."""

from __future__ import annotations

from game.core.types import ActionKind, ActionSet, Code


class ActionKinds(ActionKind):
    DRAW = ActionKind("draw")  # the leader takes the pack's top card and passes the lead


class Codes(Code):
    NOT_HELD = Code("not_held")  # card
    NO_DRAW = Code("hicard-duel.no_draw")  # a draw but for the leader while the pack lasts


ACTIONS = ActionSet()
ACTIONS.add_plays()
DRAW_PASS = ACTIONS.make(ActionKinds.DRAW, "draw")
