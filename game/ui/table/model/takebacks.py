"""Take-backs at the table (a setting, on unless the player switches it off), in the player's
terms: Undo goes back to before the player's last decision (their last move that had
another), taking the forced moves and the computer's moves after it with it, and Redo makes
that span again as one. The table then shows the hand as it is, without animation, and
waits for the player: nothing plays itself in the position a take-back returned to.

Wherever a take-back cannot act, Undo is drawn disabled and Ctrl+Z (or a click on it) says
why in one line, spoken like every message: take-backs off (and where to switch them on),
the hand over, the computer moving, a question to answer first, nothing of the player's to
take back, or only forced moves so far. They are the model's own methods (:class:`TakeBacks`).
"""

from __future__ import annotations

from game.text import say
from game.text.log_lines import LogLine
from game.ui.table.model.log import move_line, span_line
from game.ui.table.model.model_core import ModelCore
from game.ui.table.model.phase import Doing

# the phases in which the table waits for the player, so a take-back may act now
ACTS_IN = (Doing.CHOOSING, Doing.FORCED, Doing.CALLING)
ASKING = (Doing.COACHING, Doing.DECIDING, Doing.PAUSED, Doing.HELD)


class TakeBacks(ModelCore):
    """The model's Undo and Redo, and why Undo cannot act now."""

    def why_no_undo(self) -> str | None:
        """The phrase key of why Undo cannot act now, or None: it can."""
        if not self.options().take_backs:
            return "message.no_take_backs"
        doing = self.phase.doing
        if self.ended or self.state.is_over or doing is Doing.OVER or doing is Doing.WATCHING:
            return "message.undo_hand_over"
        if doing in ASKING:
            return "message.undo_answer_first"
        if doing is Doing.DEALING or (self.state.to_move != self.human and doing not in ACTS_IN):
            return "message.undo_computer_moving"
        if not self.referee.can_undo(self.human):
            return "message.nothing_to_undo"
        if not self.referee.can_undo(self.human, choice=True):
            return "message.undo_only_forced"
        return None

    def undo(self) -> bool:
        """Take back the player's last decision and everything after it, or say in one line
        why not. The log's last line names what was taken back for as long as it can be made
        again."""
        why = self.why_no_undo()
        if why is not None:
            self.say(lambda: say(why))
            return False
        if self.referee.undo(self.human, choice=True) == 0:
            self.say(lambda: say("message.nothing_to_undo"))
            return False
        self._jump()
        self.taken_back(waits=True)
        return True

    def redo(self) -> bool:
        """Make again, as one, what the last take-back took (silent when there is nothing to
        make again: Ctrl+Y has no button to look disabled)."""
        if not self.options().take_backs or not self.referee.can_redo():
            return False
        if self.phase.doing not in ACTS_IN:
            self.say(lambda: say("message.undo_computer_moving"))
            return False
        future, span = self.referee.future, self.referee.spans[0] if self.referee.spans else 1
        again = move_line(self.state, future[0][0], self.namer)
        self.referee.redo(self.human)
        self.taken_back(waits=False)
        self._jump(span_line("log.made_again", again, span))
        return True

    def _jump(self, line: LogLine | None = None) -> None:
        """The hand moved without animation: show it as it is now."""
        self.thinker.forget()
        self.show.clear()
        self.hooks.banners.clear()
        self.window.shut()
        self.hints.shown = None
        self.shown.piles = self.stage.seen_piles()
        self.log.this_hand(self.hand_lines(line))
        self.director.on_change()
