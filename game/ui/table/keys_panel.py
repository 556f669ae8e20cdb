"""The keys panel of the table: every key and what it does, with each call's key."""

from __future__ import annotations

from game.core.spec import Call
from game.text import say

KEYS = (
    ("keys.drag", "keys.drag.what"),
    ("keys.tab", "keys.tab.live.what"),
    ("keys.arrows", "keys.arrows.what"),
    ("keys.enter", "keys.enter.next.what"),
    ("keys.hurry", "keys.hurry.what"),
    ("keys.numbers", "keys.numbers.what"),
    ("keys.h", "keys.h.what"),
    ("keys.undo", "keys.undo.what"),
    ("keys.redo", "keys.redo.what"),
    ("keys.esc", "keys.esc.order.what"),
    ("keys.f11", "keys.f11.what"),
    ("keys.f1", "keys.f1.what"),
    ("keys.f2", "keys.f2.what"),
    ("keys.f3", "keys.f3.what"),
    ("keys.t", "keys.t.what"),
    ("keys.c", "keys.c.what"),
    ("keys.l", "keys.l.what"),
    ("keys.i", "keys.i.what"),
)


def keys_text(calls: tuple[Call, ...] = ()) -> str:
    """The keys panel: the table's keys, with the key of each call in play after the
    number keys."""
    keys = list(KEYS)
    at = keys.index(("keys.numbers", "keys.numbers.what")) + 1
    keys[at:at] = [call.keys for call in calls]
    return "\n".join(f"{say(k)}:  {say(w)}" for k, w in keys)
