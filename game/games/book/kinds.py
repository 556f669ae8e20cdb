"""The book version's own words: its one move (``flip``, RULES.md §6), the flip event,
the refusal of any other move and its ways of ending."""

from __future__ import annotations

from game.core.types import ActionKind, ActionSet, Code, EventKind, Reason


class ActionKinds(ActionKind):
    FLIP = ActionKind("flip")  # both seats flip


class EventKinds(EventKind):
    FLIP = EventKind("flip")  # a stock card flipped onto the own discard pile


class Codes(Code):
    ONLY_FLIP = Code("only_flip")


class Reasons(Reason):
    NO_CARDS = Reason("no_cards")  # a seat ran out of cards
    STALEMATE_NO_MATCH = Reason("stalemate_no_match")  # the suits never matched again
    STALEMATE_REPEAT = Reason("stalemate_repeat")  # a position came back
    STALEMATE_LIMIT = Reason("stalemate_limit")  # 10,000 flips


ACTIONS = ActionSet()
FLIP = ACTIONS.make(ActionKinds.FLIP, "flip")
