"""What the table's words and drawing read of its model, and nothing they could change.

The header, the seat labels, the hint line, the panel and the voice are functions of the
model: they word or draw what it holds. They take it as a :class:`TableReading`, whose
members are all read-only, so the type checker holds each of them to reading: none can set
a field of the model or call one of its methods but two questions (never a move, a
take-back, the clock's tick). ``TableModel`` is one, at every table: play, lesson and replay.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from game.core.match import Match
    from game.core.spec import GameSpec
    from game.core.state import GameState
    from game.core.types import Action
    from game.text.names import Namer
    from game.ui.table.model.asking import Asking
    from game.ui.table.model.director import TableDirector
    from game.ui.table.model.event_show import Hooks
    from game.ui.table.model.hint_state import Hint
    from game.ui.table.model.layout import Layout
    from game.ui.table.model.log import MoveLog
    from game.ui.table.model.phase import Phase
    from game.ui.table.model.shown_piles import ShownTable
    from game.ui.table.model.stage import Stage
    from game.ui.table.model.thinker import Thinker


class TableReading(Protocol):
    """The table's model as its words and drawing see it."""

    @property
    def spec(self) -> GameSpec: ...
    @property
    def match(self) -> Match: ...
    @property
    def state(self) -> GameState: ...
    @property
    def human(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def director(self) -> TableDirector: ...
    @property
    def namer(self) -> Namer: ...
    @property
    def layout(self) -> Layout: ...
    @property
    def shown(self) -> ShownTable: ...
    @property
    def stage(self) -> Stage: ...
    @property
    def hooks(self) -> Hooks: ...
    @property
    def log(self) -> MoveLog: ...
    @property
    def thinker(self) -> Thinker: ...
    @property
    def asking(self) -> Asking | None: ...
    @property
    def hint(self) -> Hint | None: ...
    @property
    def calls_in_play(self) -> bool: ...
    @property
    def auto_on(self) -> bool: ...
    @property
    def message(self) -> str: ...
    @property
    def message_age(self) -> float: ...
    @property
    def elapsed(self) -> float: ...

    # its two questions, which change nothing
    def my_actions(self) -> list[Action]: ...
    def may_hurry(self) -> bool: ...
