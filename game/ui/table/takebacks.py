"""Take-backs at the table (a setting): the player's last move taken back with the computer
moves after it, or made again; the table then shows the hand as it is, without animation."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.text import say
from game.text.log_lines import LogLine
from game.ui.table.log import move_line

if TYPE_CHECKING:
    from game.ui.table.model import TableModel


def undo(m: TableModel) -> bool:
    """Take back the player's last move; a finished hand has nothing left to take back.
    The log's last line says what was taken back for as long as it can be made again."""
    if not m.options().take_backs:
        m.say(lambda: say("message.no_take_backs"))
        return False
    if m.ended or not m.referee.undo(m.human):
        m.say(lambda: say("message.nothing_to_undo"))
        return False
    _jump(m)
    return True


def redo(m: TableModel) -> bool:
    if not m.options().take_backs or not m.referee.can_redo():
        return False
    again = move_line(m.state, m.referee.future[0][0], m.namer)
    m.referee.redo(m.human)
    _jump(m, LogLine.said("log.made_again", move=again))
    return True


def _jump(m: TableModel, line: LogLine | None = None) -> None:
    """The hand moved without animation: show it as it is now."""
    m.thinker.forget()
    m.show.clear()
    m.hooks.banners.clear()
    m.window.shut()
    m.hints.shown = None
    m.shown.piles = m.stage.seen_piles()
    m.log.this_hand(m.hand_lines(line))
    m.on_change()
