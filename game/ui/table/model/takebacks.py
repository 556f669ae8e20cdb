"""Take-backs at the table (a setting, on unless the player switches it off), in the player's
terms: Undo goes back to before the player's last decision (their last move that had
another), taking the forced moves and the computer's moves after it with it, and Redo makes
that span again as one. The table then shows the hand as it is, without animation, and
waits for the player: nothing plays itself in the position a take-back returned to.

Wherever a take-back cannot act, Undo is drawn disabled and Ctrl+Z (or a click on it) says
why in one line, spoken like every message: take-backs off (and where to switch them on),
the hand over, the computer moving, a question to answer first, nothing of the player's to
take back, or only forced moves so far."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.text import say
from game.text.log_lines import LogLine
from game.ui.table.model.log import move_line, span_line
from game.ui.table.model.phase import Doing

if TYPE_CHECKING:
    from game.ui.table.model.table_model import TableModel

# the phases in which the table waits for the player, so a take-back may act now
ACTS_IN = (Doing.CHOOSING, Doing.FORCED, Doing.CALLING)
ASKING = (Doing.COACHING, Doing.DECIDING, Doing.PAUSED, Doing.HELD)


def why_not(m: TableModel) -> str | None:
    """The phrase key of why Undo cannot act now, or None: it can."""
    if not m.options().take_backs:
        return "message.no_take_backs"
    doing = m.phase.doing
    if m.ended or m.state.is_over or doing is Doing.OVER or doing is Doing.WATCHING:
        return "message.undo_hand_over"
    if doing in ASKING:
        return "message.undo_answer_first"
    if doing is Doing.DEALING or (m.state.to_move != m.human and doing not in ACTS_IN):
        return "message.undo_computer_moving"
    if not m.referee.can_undo(m.human):
        return "message.nothing_to_undo"
    if not m.referee.can_undo(m.human, choice=True):
        return "message.undo_only_forced"
    return None


def undo(m: TableModel) -> bool:
    """Take back the player's last decision and everything after it, or say in one line
    why not. The log's last line names what was taken back for as long as it can be made
    again."""
    why = why_not(m)
    if why is not None:
        m.say(lambda: say(why))
        return False
    if m.referee.undo(m.human, choice=True) == 0:
        m.say(lambda: say("message.nothing_to_undo"))
        return False
    _jump(m)
    m.taken_back(waits=True)
    return True


def redo(m: TableModel) -> bool:
    """Make again, as one, what the last take-back took (silent when there is nothing to
    make again: Ctrl+Y has no button to look disabled)."""
    if not m.options().take_backs or not m.referee.can_redo():
        return False
    if m.phase.doing not in ACTS_IN:
        m.say(lambda: say("message.undo_computer_moving"))
        return False
    future, span = m.referee.future, m.referee.spans[0] if m.referee.spans else 1
    again = move_line(m.state, future[0][0], m.namer)
    m.referee.redo(m.human)
    m.taken_back(waits=False)
    _jump(m, span_line("log.made_again", again, span))
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
    m.director.on_change()
