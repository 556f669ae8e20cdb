"""The keys panel of the table: every key and what it does, with the keys of each call and
of each move a button makes. Its words are the table's own, naming no game; a game's
catalogue may word a key its way."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from game.core.spec import Call
from game.core.types import PileId, PileKind
from game.text import current

if TYPE_CHECKING:
    from game.ui.table.model.reading import TableReading

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

FULLER = {  # a key's longer words, for a table that has what they speak of
    "keys.drag.what": "keys.drag.double.what",
    "keys.enter.next.what": "keys.enter.next.stock.what",
    "keys.hurry.what": "keys.hurry.calls.what",
    "keys.numbers.what": "keys.numbers.hand.what",
    "keys.c.what": "keys.c.stock.what",
}


def keys_text(m: TableReading, calls: tuple[Call, ...] = ()) -> str:
    """The keys panel of the table, each key worded for what this table has: a double
    click where a pile sends cards somewhere, the player's stock where they have one (to
    turn, to hear), a hand for the number keys, and after them the keys of each call in
    play and of each move a button makes."""
    spots, role = m.layout.spots, m.layout.role
    own_stock = PileId(PileKind.STOCK, m.human) in spots
    has = {
        "keys.drag.what": any(role(pid).sends for pid in spots),
        "keys.enter.next.what": own_stock,
        "keys.hurry.what": bool(calls),
        "keys.numbers.what": PileId(PileKind.HAND, m.human) in spots,
        "keys.c.what": own_stock,
    }
    keys = [(k, FULLER[w] if has.get(w) else w) for k, w in KEYS]
    at = [k for k, _ in keys].index("keys.numbers")
    keys[at + 1 : at + 1] = [call.keys for call in calls] + [move.keys for move in m.spec.moves]
    say_in = partial(current().say_in, m.spec.id)  # the game's own words first
    return "\n".join(f"{say_in(k)}:  {say_in(w)}" for k, w in keys)
