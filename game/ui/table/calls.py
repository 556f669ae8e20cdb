"""The player's calls at the table: a call's button (or key) pressed. Which calls a game
has, their words and their ways, its spec declares (:class:`~game.core.spec.Call`);
nothing here knows one. A call with several ways asks which (:mod:`asking`)."""

from __future__ import annotations

from game.ui.table.asking import call_asked
from game.ui.table.model import TableModel


def press_call(m: TableModel, index: int = 0) -> None:
    """A call's button (pressable while the window runs) or key: with nothing to call the
    rules say why; one way to call is made at once; more are offered (the window waits
    meanwhile)."""
    mine = [c.make(m.human) for c in m.spec.calls[index].choices]
    if not any(a in m.my_calls() for a in mine):
        m.refuse(mine[0])
    elif len(mine) == 1:
        m.perform(mine[0])
    else:
        m.offer(call_asked(m.spec.calls[index], m.human))
