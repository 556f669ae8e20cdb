"""Speech for players who cannot see the screen: a :class:`Speaker` that talks on its own
thread through the best engine the machine has. Knows no pygame and no game: it is
handed sentences and a language, and says them."""

from game.speech.backends import (
    Backend,
    FileBackend,
    find_backend,
    screen_reader_running,
)
from game.speech.speaker import Speaker

__all__ = ["Backend", "FileBackend", "Speaker", "find_backend", "screen_reader_running"]
