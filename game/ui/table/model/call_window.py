"""The player's call window: after every computer move of a game with calls in play, a
few seconds in which the player may make one of the calls the game declares. It opens after a fault
and after a faultless move alike, so its opening gives nothing away; a pointer resting on
the call's button holds it, and it waits while the call's choices are asked. Which
calls there are, their words and their choices, the game's spec declares (``calls``).

It opens as the move begins to show (the call is accepted while the card still flies) and
ends at the latest of three times, never earlier: its own length from its opening; a short
grace once the move's cards have landed (the move has been seen); and the moment the voice
has finished saying the move (heard). The clock tells it whether the move has landed and
whether its words are still being said; the player may close it at once."""

from __future__ import annotations

from dataclasses import dataclass

GRACE = 0.35  # seconds the landed move stays callable: the eye takes in where it went


@dataclass
class CallWindow:
    """Seconds left of the window's own length, its whole length (for the draining bar),
    the grace left once the move has landed, and whether the pointer holds it."""

    seconds: float = 0.0
    length: float = 0.0
    held: bool = False
    grace: float = 0.0
    is_open: bool = False

    @property
    def open(self) -> bool:
        return self.is_open

    @property
    def left(self) -> float | None:
        """The share of the window still to run (None: closed), for the button's bar."""
        return self.seconds / max(0.1, self.length) if self.open else None

    def start(self, seconds: float) -> None:
        """The window opens now, as the move begins to show."""
        self.seconds = self.length = seconds
        self.grace, self.is_open = GRACE, True

    def tick(self, dt: float, landed: bool = True, saying: bool = False) -> bool:
        """Time passes (not while held); True once the window is over: its length has run,
        the move has been seen (landed, and its grace gone) and heard (no longer said)."""
        if not self.open:
            return True
        if not self.held:
            self.seconds = max(0.0, self.seconds - dt)
            if landed:
                self.grace = max(0.0, self.grace - dt)
        if self.seconds <= 0 and landed and self.grace <= 0 and not saying:
            self.is_open = False
        return not self.open

    def shut(self) -> None:
        """Closed at once: a call made, the player's own move, or the player let it go."""
        self.seconds, self.grace, self.is_open = 0.0, 0.0, False
