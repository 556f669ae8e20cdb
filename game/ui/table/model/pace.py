"""The table's pace, a part of its model: the short waits that let a person follow the play
(before a computer moves, before a forced move plays itself, before the summary), Auto's
flips, and whether the player hurries the computer's turn. The clock
(:mod:`game.ui.table.model.clock`) runs them."""

from __future__ import annotations

from dataclasses import dataclass

HAND_END_PAUSE = 0.9
AI_PAUSE = {"slow": 0.6, "normal": 0.25, "fast": 0.08, "instant": 0.0}


@dataclass
class Pace:
    """The running waits and whether the player hurries; ``summed_up`` once the hand's
    summary has been called for."""

    ai_pause: float = 0.0
    turn_beat: float = 0.0
    end_timer: float = 0.0
    auto_timer: float = 0.0
    hurrying: bool = False
    summed_up: bool = False

    def new_hand(self, pace: str) -> None:
        self.ai_pause = AI_PAUSE.get(pace, 0.25)
        self.turn_beat = self.end_timer = 0.0
        self.hurrying = self.summed_up = False
