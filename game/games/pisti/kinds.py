"""Pişti's own words: its events and refusals, and its moves' record text (RULES.md §6:
the card played, ``7H``; any spelling of a card is read, ``7h``, ``TC``)."""

from __future__ import annotations

from game.core.types import ActionSet, Code, EventKind


class EventKinds(EventKind):
    TO_BOTTOM = EventKind("to_bottom", under=True)  # a start jack goes under the pack
    LEFTOVER = EventKind("leftover")  # the last cards on the table go to the last capturer
    PISTI = EventKind("pisti")
    JACK_PISTI = EventKind("jack_pisti")


class Codes(Code):
    NOT_A_CARD = Code("not_a_card")  # text: what was given where a card was expected
    NOT_HELD = Code("not_held")  # card
    ALREADY_PLAYED = Code("already_played")  # card


ACTIONS = ActionSet()
ACTIONS.add_plays()
