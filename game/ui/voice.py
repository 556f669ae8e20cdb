"""Read aloud, for the whole app: the setting, the engine found, the last sentence said.

Scenes and the tutorial call ``app.speak(text)``; it does nothing while Read aloud is
off. The engine is looked for once, when first needed, so a game that never speaks
never probes for one. F2 turns Read aloud on and off anywhere, F3 says the last
sentence again, or, while a question is open, the question.

A scene tells what it asks with ``spoken_question()``: the open question's words and the
focused answer's label, or None. The voice follows that one value: the question is said
when it opens (with the answer the focus starts on) and F3 says it again.

What a Read aloud key says (F2, F3, and the table's keys through ``answer``) is shown for a
moment as a caption too; with Read aloud off, those keys show how to switch it on.
"""

from __future__ import annotations

import weakref
from collections import deque
from typing import Any, Protocol

from game.speech import Backend, FileBackend, Speaker, find_backend, screen_reader_running
from game.speech.speaker import Summariser, keep_last
from game.store.settings import Settings
from game.text import current, say
from game.text.spoken import sentences, spoken
from game.ui.caption import Caption

HEARD = 40  # sentences kept for "repeat"


class Spoken(Protocol):
    """What the voice reads of a scene (:class:`game.ui.scene.Scene` has each, with its
    defaults): a protocol, since the scenes' module knows the voice, not the other way."""

    @property
    def name(self) -> str: ...
    @property
    def selected(self) -> int | None: ...
    def spoken(self) -> str: ...
    def spoken_question(self) -> tuple[str, str] | None: ...
    def spoken_row(self) -> str: ...


class Voice:
    """What the app says, through one :class:`~game.speech.Speaker`."""

    def __init__(self, settings: Settings, detect: bool = True) -> None:
        self.settings = settings
        self.speaker: Speaker | None = None
        self.heard: deque[str] = deque(maxlen=HEARD)
        self._row: tuple[int, Any] | None = None
        self._asked: tuple[str, str] | None = None  # the open question, and its focused answer
        self._told = 0  # the app's notices said so far
        self._summarise: Summariser | None = None
        self._seen: weakref.WeakSet = weakref.WeakSet()  # scenes shown before (a return)
        self.caption: Caption | None = None  # what a Read aloud key said, on screen a moment
        if detect and settings.speech == "auto" and screen_reader_running():
            self.on = True
        else:
            self.on = settings.speech == "on"

    # ----------------------------------------------------------------- the engine
    def use(self, backend: Backend | None) -> None:
        """Speak through ``backend`` (``--speech-log``, tests) instead of the one found."""
        if self.speaker is not None:
            self.speaker.close()
        self.speaker = Speaker(backend, self._summarise)

    def log_to(self, path: str) -> None:
        self.use(FileBackend(path))

    def _speaker(self) -> Speaker:
        if self.speaker is None:
            self.speaker = Speaker(find_backend(), self._summarise)
        return self.speaker

    def summarise_with(self, summarise: Summariser | None) -> None:
        """How a backlog of moves is shortened when an urgent sentence comes (the table
        gives one that words it: "North played 6 cards: …"); None: the last two."""
        self._summarise = summarise
        if self.speaker is not None:
            self.speaker.summarise = summarise or keep_last

    def behind(self) -> bool:
        """The voice is behind the game (moves waiting to be said): what the player needs
        now is then said urgently, before them."""
        return self.speaker is not None and self.speaker.behind()

    def quiet(self) -> bool:
        """Nothing is being said nor waiting to be."""
        return self.speaker is None or not self.speaker.busy()

    def telling(self) -> bool:
        """A move's words are being said or waiting to be (Read aloud on)."""
        return self.on and self.speaker is not None and self.speaker.telling()

    def waiting(self, text: str) -> bool:
        """``text`` (as asked to be said) is still queued or being said."""
        return self.speaker is not None and self.speaker.waiting(spoken(text))

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
        urgent: bool = False,
        now: bool = False,
    ) -> None:
        """Say ``text`` when Read aloud is on (``force``: "speech off" itself); ``subject``:
        who acts, said once for a burst of their moves; ``turn``: whose turn it is (dropped
        once that player moves before it was said); ``urgent``: what the player needs now,
        said before the moves still waiting, which are shortened; ``now``: the answer to a
        key, said at once, cutting whatever is being said (the moves then shortened)."""
        if not text or not (self.on or force):
            return
        words = spoken(text)
        self.heard.append(words)
        self._speaker().say(words, current().lang, interrupt, subject, turn, urgent, now)

    @property
    def last(self) -> str:
        return self.heard[-1] if self.heard else ""

    def repeat(self) -> None:
        """F3: the open question (not the answer the focus is on), else the last sentence."""
        if not self.on:
            self.show(say("speech.caption.off"))
            return
        if self._asked is not None:
            self.answer(question_words(*self._asked))
        elif self.last:
            self._speaker().say(self.last, current().lang, True, now=True)
            self.show(self.last)

    def answer(self, text: str) -> None:
        """What a Read aloud key asked for: said and shown a moment as a caption; with Read
        aloud off, the caption says how to switch it on."""
        if not self.on:
            self.show(say("speech.caption.off"))
            return
        self.speak(text, now=True)
        self.show(spoken(text))

    def show(self, text: str) -> None:
        """A caption for a moment, in place of the one up."""
        self.caption = Caption(" ".join(text.split()))

    def age(self, dt: float) -> bool:
        """The caption's time passes; True while one is up (the window then redraws)."""
        if self.caption is None:
            return False
        self.caption.age += dt
        if not self.caption.up:
            self.caption = None
        return True

    def set_on(self, on: bool) -> None:
        self.on = on
        self.settings.speech = "on" if on else "off"

    def toggle(self) -> None:
        """The Read aloud key: on or off, and say which (off is said before falling quiet)."""
        self.set_on(not self.on)
        words = say("speech.on" if self.on else "speech.off")
        self.speak(words, force=True)
        self.show(words)

    def entered(self, scene: Spoken, back: bool = False) -> None:
        """A scene came on screen: its own words (``spoken()``) or its title; ``back``: the
        player went back to it (from Settings, say), which is said so
        (``speech.back.<name>``), for a scene shown before."""
        name = scene.name
        returned = back and scene in self._seen
        self._seen.add(scene)
        self._asked = None
        if not self.on:
            return
        if returned and current().has(f"speech.back.{name}"):
            self.speak(say(f"speech.back.{name}"))
            return
        text = scene.spoken()
        key = f"speech.scene.{name}"
        if not text and current().has(key):
            text = say(key)
        self.speak(text)

    def tell(self, notices: list[str]) -> None:
        """Once a frame: each of the app's notices (a file that could not be read or saved)
        said once, after what was being said."""
        for notice in notices[self._told :]:
            self.speak(notice, interrupt=False)
        self._told = len(notices)

    def ask(self, scene: Spoken) -> None:
        """Once a frame: a question opened over ``scene`` is said, with the answer the focus
        starts on; F3 says it again while it is open."""
        asked = scene.spoken_question()
        opened = asked is not None and (self._asked is None or asked[0] != self._asked[0])
        self._asked = asked
        if opened and asked is not None:
            self.speak(question_words(*asked))

    def follow(self, scene: Spoken) -> None:
        """Once a frame: a list's selected row (Statistics, History, the review) read aloud
        when the selection moves, and after the scene's title when it comes on screen."""
        self.ask(scene)
        row = scene.selected
        if row is None or (id(scene), row) == self._row:
            return
        text = scene.spoken_row()
        if not text:
            return
        first = self._row is None or self._row[0] != id(scene)
        self._row = (id(scene), row)
        self.speak(text, interrupt=not first)

    def widget(self, w: Any, moved: bool) -> None:
        """A menu's focus landed on ``w`` (its label, value and explanation) or its value
        changed (the value alone)."""
        from game.ui.widgets import Cycler, Slider, text_of

        if w.reads:  # a text read line by line: the line
            self.speak(w.spoken_line())
            return
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
        self.speak(sentences(p.strip().rstrip(".") for p in parts if p))

    def flush(self, timeout: float = 5.0) -> bool:
        return self.speaker.flush(timeout) if self.speaker is not None else True

    def close(self) -> None:
        if self.speaker is not None:
            self.speaker.flush(0.5)  # the last sentence of a --speech-log, not a long wait
            self.speaker.close()


def question_words(question: str, answer: str) -> str:
    """A question and the answer the focus is on: "…Start a new game anyway? No, button"."""
    if not answer:
        return question
    return f"{question} {say('speech.focused_button', label=answer)}"
