"""The game's sound effects: silent, never failing, when there is no audio device.

Which event sounds like which effect, each game's spec says (``GameSpec.sound``)."""

from __future__ import annotations

import contextlib
import io
import logging
import os
import sys
from importlib.resources.abc import Traversable

import pygame

from game.assets import AssetError, asset_dir, read_bytes

log = logging.getLogger(__name__)
SOUND_NAMES = (
    "deal", "flip", "place", "slide_back", "capture", "fanfare", "alarm", "win", "lose",
)  # fmt: skip


_silence_reported = False


@contextlib.contextmanager
def quiet_stderr():
    """Hush what C libraries print on the process's stderr (ALSA's eight lines when there
    is no sound card); the reason still reaches the log once, in one line."""
    try:
        fd = sys.stderr.fileno()
        saved = os.dup(fd)
    except (AttributeError, OSError, ValueError):
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), fd)
            yield
    finally:
        os.dup2(saved, fd)
        os.close(saved)


def _report_silence(reason: str) -> None:
    """Say once per run why there is no sound, then keep quiet about it."""
    global _silence_reported
    if not _silence_reported:
        _silence_reported = True
        log.warning("sound is off: %s", reason)


class Sounds:
    """The game's sound effects; silent (never failing) when there is no audio device."""

    def __init__(
        self, folder: Traversable | None = None, enabled: bool = True, volume: float = 0.8
    ):
        self._folder = folder
        self._enabled = enabled
        self._volume = volume
        self._sounds: dict[str, pygame.mixer.Sound] | None = None

    @property
    def enabled(self) -> bool:
        return self._enabled

    @property
    def available(self) -> bool:
        """True when the mixer started and at least one sound loaded."""
        return bool(self._load())

    def set_enabled(self, on: bool) -> None:
        self._enabled = bool(on)
        if not on and self._sounds and pygame.mixer.get_init():
            pygame.mixer.stop()

    def set_volume(self, volume: float) -> None:
        self._volume = min(1.0, max(0.0, float(volume)))
        for sound in (self._sounds or {}).values():
            sound.set_volume(self._volume)

    def play(self, name: str) -> None:
        """Play a named effect if sound is on and working; unknown names are a bug."""
        if name not in SOUND_NAMES:
            raise ValueError(f"no sound called {name!r}; known: {', '.join(SOUND_NAMES)}")
        if not self._enabled:
            return
        sound = self._load().get(name)
        if sound is not None:
            sound.play()

    def _load(self) -> dict[str, pygame.mixer.Sound]:
        if self._sounds is not None:
            return self._sounds
        self._sounds = {}
        try:
            if not pygame.mixer.get_init():
                with quiet_stderr():
                    pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
            folder = self._folder or asset_dir("sounds")
        except (pygame.error, AssetError, OSError) as exc:
            _report_silence(str(exc).strip() or type(exc).__name__)
            return self._sounds
        for name in SOUND_NAMES:
            try:
                sound = pygame.mixer.Sound(file=io.BytesIO(read_bytes(folder / f"{name}.wav")))
            except (pygame.error, AssetError) as exc:
                _report_silence(f"cannot load {name}.wav: {exc}")
                continue
            sound.set_volume(self._volume)
            self._sounds[name] = sound
        return self._sounds
