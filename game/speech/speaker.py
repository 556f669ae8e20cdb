"""Sentences said on a thread of their own, so speech never holds up a frame.

``say(text)`` only puts the sentence in a queue. Sentences said with ``interrupt=True``
(a focus moving, an answer to a key) are out of date as soon as the next such sentence
comes: it drops them from the queue and cuts them short if they are being said. Sentences
said with ``interrupt=False`` (the moves of the game) are never dropped; when several wait
because the game moves faster than the voice, they are said together as one sentence, and
a subject that repeats ("North turns…, North loads…") is said once ("North turns…, loads…").
A turn (``turn=True``: "North's turn") is out of date once another turn or a move of its
subject comes: it is dropped from the queue, or cut short if it is being said, so a burst
of fast moves is never padded with whose turn each was.
"""

from __future__ import annotations

import contextlib
import threading
from collections import deque
from dataclasses import dataclass

from game.speech.backends import Backend


@dataclass
class Utterance:
    text: str
    lang: str
    interrupt: bool
    subject: str = ""  # who acts, whether or not the sentence starts with their name
    turn: bool = False  # whose turn it is: out of date once they move or the turn moves on

    def outdates(self, older: Utterance) -> bool:
        """Does this sentence make ``older`` (waiting or being said) not worth saying?"""
        if older.interrupt:
            return self.interrupt
        return older.turn and (self.turn or (bool(self.subject) and self.subject == older.subject))


class Speaker:
    """A queue of sentences and the thread that says them through ``backend``."""

    def __init__(self, backend: Backend | None) -> None:
        self.backend = backend
        self._pending: deque[Utterance] = deque()
        self._speaking: Utterance | None = None
        self._cv = threading.Condition()
        self._closed = False
        self._thread: threading.Thread | None = None

    @property
    def name(self) -> str:
        return self.backend.name if self.backend else "none"

    def say(
        self,
        text: str,
        lang: str = "en",
        interrupt: bool = True,
        subject: str = "",
        turn: bool = False,
    ) -> None:
        """Queue ``text``; never waits for the engine. ``subject``: the name of who acts
        (left out of a burst where ``text`` starts with it and the sentence before had the
        same subject; a move of theirs outdates their turn either way); ``turn``: the
        sentence says whose turn it is."""
        text = " ".join(text.split())
        if not text or self.backend is None:
            return
        new = Utterance(text, lang, interrupt, subject, turn)
        with self._cv:
            self._pending = deque(u for u in self._pending if not new.outdates(u))
            cut = self._speaking is not None and new.outdates(self._speaking)
            self._pending.append(new)
            self._start()
            self._cv.notify_all()
        if cut:
            self.backend.stop()

    def _start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="speech", daemon=True)
            self._thread.start()

    def _next(self) -> Utterance | None:
        """Every waiting sentence of one language and kind, as one."""
        with self._cv:
            while not self._pending and not self._closed:
                self._cv.wait()
            if self._closed:
                return None
            first = self._pending.popleft()
            burst = [first]
            while (
                self._pending
                and self._pending[0].lang == first.lang
                and self._pending[0].interrupt == first.interrupt
            ):
                burst.append(self._pending.popleft())
            text = _joined(burst)
            turn = all(u.turn for u in burst)
            self._speaking = Utterance(text, first.lang, first.interrupt, burst[-1].subject, turn)
            return self._speaking

    def _run(self) -> None:
        while True:
            said = self._next()
            if said is None:
                return
            with contextlib.suppress(Exception):
                self.backend.speak(said.text, said.lang, said.interrupt)
            with self._cv:
                self._speaking = None
                self._cv.notify_all()

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until everything queued has been said (tests, the end of the game)."""
        with self._cv:
            return self._cv.wait_for(lambda: not self._pending and self._speaking is None, timeout)

    def close(self) -> None:
        with self._cv:
            self._closed = True
            self._pending.clear()
            self._cv.notify_all()
        if self.backend is not None:
            self.backend.close()


def _joined(burst: list[Utterance]) -> str:
    """Sentences as one: "North turns the 9 of spades, loads it…. Your turn."."""
    if len(burst) == 1:
        return burst[0].text
    out = _body(burst[0].text)
    for before, u in zip(burst, burst[1:], strict=False):
        same = (
            u.subject
            and u.subject == before.subject
            and not (u.turn or before.turn)
            and u.text.startswith((u.subject + " ", u.subject + ","))
        )
        if same:
            out += ", " + u.text[len(u.subject) :].lstrip(" ,")
        else:
            out = _ended(out) + " " + _body(u.text)
    return _ended(out)


def _body(text: str) -> str:
    return text[:-1] if text[-1:] == "." else text


def _ended(text: str) -> str:
    """A sentence that ends with a stop, so joined sentences are read as sentences."""
    return text if text[-1:] in ".!?…:" else text + "."
