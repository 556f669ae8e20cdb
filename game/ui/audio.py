"""Sound effects for the scenes; silent when off, missing or without a device."""

from __future__ import annotations

import contextlib


class Audio:
    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        try:
            from game.assets.sounds import Sounds

            self._sounds: Sounds | None = Sounds(enabled=enabled)
        except Exception:
            self._sounds = None

    @property
    def available(self) -> bool:
        """Whether sound can be heard at all (a device, and the sounds found)."""
        if self._sounds is None:
            return False
        try:
            return self._sounds.available
        except Exception:
            return False

    def set_enabled(self, on: bool) -> None:
        self.enabled = on
        if self._sounds is not None:
            self._sounds.set_enabled(on)

    def play(self, name: str) -> None:
        if self.enabled and self._sounds is not None:
            with contextlib.suppress(Exception):
                self._sounds.play(name)
