"""Take-backs at the table (a setting): the player's last move taken back with the computer
moves after it, or made again; the table then shows the hand as it is, without animation."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.types import Action
from game.text import say
from game.text.log_lines import LogLine, event_lines

if TYPE_CHECKING:
    from game.ui.table.model import TableModel


def undo(m: TableModel) -> bool:
    """Take back the player's last move; a finished hand has nothing left to take back."""
    if not m.options().take_backs:
        m.say(lambda: say("message.no_take_backs"))
        return False
    before = list(m.state.history)
    if m.ended or not m.referee.undo(m.human):
        m.say(lambda: say("message.nothing_to_undo"))
        return False
    taken = before[len(m.state.history)]
    _jump(m, LogLine.said("log.taken_back", move=_move_line(m, taken)))
    return True


def redo(m: TableModel) -> bool:
    if not m.options().take_backs or not m.referee.can_redo():
        return False
    again = _move_line(m, m.referee.future[0][0])
    m.referee.redo(m.human)
    _jump(m, LogLine.said("log.made_again", move=again))
    return True


def _move_line(m: TableModel, action: Action) -> LogLine | str:
    """The log's line for ``action`` made now (what a take-back names)."""
    lines = event_lines(m.state.clone().apply(action), m.namer)
    return lines[0] if lines else str(action)


def _jump(m: TableModel, line: LogLine) -> None:
    """The hand moved without animation: show it as it is now."""
    m.thinker.forget()
    m.show.clear()
    m.hooks.banners.clear()
    m.window.shut()
    m.hints.shown = None
    m.shown.piles = m.stage.seen_piles()
    m.log.this_hand(m.hand_lines() + [line])
    m.on_change()
