"""The table's model: one match in progress, what the table is doing, and what it does.

Its core (:class:`~game.ui.table.model.model_core.ModelCore`: the parts, the phase, the
player's moves) and its behaviour over time are classes of their own files, each built on
the core: the clock (:class:`~game.ui.table.model.clock.TableClock`), the take-backs
(:class:`~game.ui.table.model.takebacks.TakeBacks`) and the hints
(:class:`~game.ui.table.model.hints.HintGiver`). The model is all of them, so a frame walks into
it once (``m.tick(dt)``, ``m.undo()``, ``m.ask_hint()``) and every file stays small.
"""

from __future__ import annotations

from game.ui.table.model.clock import TableClock
from game.ui.table.model.hints import HintGiver
from game.ui.table.model.takebacks import TakeBacks


class TableModel(TableClock, TakeBacks, HintGiver):
    """A match at the table, one hand at a time, with its clock, take-backs and hints."""
