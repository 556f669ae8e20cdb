"""The player's call window: after every computer move of a game with calls in play, a
few seconds in which the player may make one of the calls the game declares. It opens after a fault
and after a faultless move alike, so its opening gives nothing away; a pointer resting on
the call's button holds it, and it waits while the call's choices are asked. Which
calls there are, their words and their choices, the game's spec declares (``calls``)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class CallWindow:
    """Seconds left of the window, its whole length (for the draining bar) and whether the
    pointer holds it."""

    seconds: float = 0.0
    length: float = 0.0
    held: bool = False

    @property
    def open(self) -> bool:
        return self.seconds > 0

    @property
    def left(self) -> float | None:
        """The share of the window still to run (None: closed), for the button's bar."""
        return self.seconds / max(0.1, self.length) if self.open else None

    def start(self, seconds: float) -> None:
        self.seconds = self.length = seconds

    def tick(self, dt: float) -> bool:
        """Time passes (not while held); True once the window has run out."""
        if not self.held:
            self.seconds = max(0.0, self.seconds - dt)
        return self.seconds <= 0

    def shut(self) -> None:
        self.seconds = 0.0
