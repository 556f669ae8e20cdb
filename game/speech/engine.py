"""What every engine is: a way of saying a sentence, and of cutting it short."""

from __future__ import annotations


class Backend:
    """One way of speaking. ``name`` is shown in Settings."""

    name = "none"
    screen_reader = False
    chars_per_second = 15.0  # how fast it speaks before it has been timed (a typical voice)

    def speak(self, text: str, lang: str, interrupt: bool) -> None:
        raise NotImplementedError

    def stop(self) -> None:
        """Cut the current sentence short (from another thread; never blocks)."""

    def close(self) -> None:
        self.stop()
