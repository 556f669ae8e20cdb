"""The duel's own words, made the way every game makes them: its moves (a card, ``7H``)
and its refusal of a card not held (the same kind as Pişti's, by its text, without
knowing Pişti)."""

from __future__ import annotations

from game.core.types import ActionSet, Code


class Codes(Code):
    NOT_HELD = Code("not_held")  # card


ACTIONS = ActionSet()
ACTIONS.add_plays()
