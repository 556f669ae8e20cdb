"""Read aloud, for the whole app: the setting, the engine found, the last sentence said.

Scenes and the tutorial call ``app.speak(text)``; it does nothing while Read aloud is
off. The engine is looked for once, when first needed, so a game that never speaks
never probes for one. F2 turns Read aloud on and off anywhere, F3 says the last
sentence again.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from game.speech import Backend, FileBackend, Speaker, find_backend, screen_reader_running
from game.store.settings import Settings
from game.text import current, say
from game.text.spoken import spoken

HEARD = 40  # sentences kept for "repeat"


class Voice:
    """What the app says, through one :class:`~game.speech.Speaker`."""

    def __init__(self, settings: Settings, detect: bool = True) -> None:
        self.settings = settings
        self.speaker: Speaker | None = None
        self.heard: deque[str] = deque(maxlen=HEARD)
        self._row: tuple[int, Any] | None = None
        if detect and settings.speech == "auto" and screen_reader_running():
            self.on = True
        else:
            self.on = settings.speech == "on"

    # ----------------------------------------------------------------- the engine
    def use(self, backend: Backend | None) -> None:
        """Speak through ``backend`` (``--speech-log``, tests) instead of the one found."""
        if self.speaker is not None:
            self.speaker.close()
        self.speaker = Speaker(backend)

    def log_to(self, path: str) -> None:
        self.use(FileBackend(path))

    def _speaker(self) -> Speaker:
        if self.speaker is None:
            self.speaker = Speaker(find_backend())
        return self.speaker

    @property
    def engine(self) -> str | None:
        """The engine's name, or None when the machine has none."""
        s = self._speaker()
        return s.name if s.backend is not None else None

    # ----------------------------------------------------------------- speaking
    def speak(
        self,
        text: str,
        interrupt: bool = True,
        force: bool = False,
        subject: str = "",
        turn: bool = False,
    ) -> None:
        """Say ``text`` when Read aloud is on (``force``: "speech off" itself); ``subject``:
        who acts, said once for a burst of their moves; ``turn``: whose turn it is (dropped
        once that player moves before it was said)."""
        if not text or not (self.on or force):
            return
        words = spoken(text)
        self.heard.append(words)
        self._speaker().say(words, current().lang, interrupt, subject, turn)

    @property
    def last(self) -> str:
        return self.heard[-1] if self.heard else ""

    def repeat(self) -> None:
        if self.on and self.last:
            self._speaker().say(self.last, current().lang, True)

    def set_on(self, on: bool) -> None:
        self.on = on
        self.settings.speech = "on" if on else "off"

    def toggle(self) -> None:
        """The Read aloud key: on or off, and say which (off is said before falling quiet)."""
        self.set_on(not self.on)
        self.speak(say("speech.on" if self.on else "speech.off"), force=True)

    def entered(self, scene: Any) -> None:
        """A scene came on screen: its own words (``spoken()``) or its title."""
        if not self.on:
            return
        words = getattr(scene, "spoken", None)
        text = words() if callable(words) else ""
        key = f"speech.scene.{getattr(scene, 'name', '')}"
        if not text and current().has(key):
            text = say(key)
        self.speak(text)

    def follow(self, scene: Any) -> None:
        """Once a frame: a list's selected row (Statistics, History, the review) read aloud
        when the selection moves, and after the scene's title when it comes on screen."""
        words = getattr(scene, "spoken_row", None)
        row = getattr(scene, "selected", None)
        if words is None or row is None or (id(scene), row) == self._row:
            return
        text = words()
        if not text:
            return
        first = self._row is None or self._row[0] != id(scene)
        self._row = (id(scene), row)
        self.speak(text, interrupt=not first)

    def widget(self, w: Any, moved: bool) -> None:
        """A menu's focus landed on ``w`` (its label, value and explanation) or its value
        changed (the value alone)."""
        from game.ui.widgets import Cycler, Slider, text_of

        value = ""
        if isinstance(w, Cycler):
            value = text_of(w.names[w.index])
        elif isinstance(w, Slider) and not any(ch.isdigit() for ch in text_of(w.label)):
            value = f"{round(w.value * 100)}%"
        elif isinstance(w, Slider):
            value = text_of(w.label) if not moved else ""
        if not moved and value:
            self.speak(value)
            return
        parts = [text_of(w.label), value]
        if w.help is not None:
            parts.append(text_of(w.help))
        self.speak(". ".join(p.strip().rstrip(".") for p in parts if p and p.strip()))

    def flush(self, timeout: float = 5.0) -> bool:
        return self.speaker.flush(timeout) if self.speaker is not None else True

    def close(self) -> None:
        if self.speaker is not None:
            self.speaker.flush(0.5)  # the last sentence of a --speech-log, not a long wait
            self.speaker.close()
