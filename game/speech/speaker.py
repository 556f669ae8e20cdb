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

The voice must never hold the player back: a sentence said with ``urgent=True`` (what the
player needs now: their turn, the choice waiting for them) goes before every move still
waiting, cuts short the moves being said, and those moves, the backlog, are shortened by
the Speaker's ``summarise`` (by default the last two are kept) and said after it; cut short
in turn by the next urgent sentence, that shortened backlog is not said again. Whether
the voice is behind (``behind``) is judged in seconds: what is still to be said at the
rate the engine has been heard to speak (timed on every sentence it finishes).
"""

from __future__ import annotations

import contextlib
import itertools
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace

from game.speech.backends import Backend


@dataclass
class Utterance:
    text: str
    lang: str
    interrupt: bool
    subject: str = ""  # who acts, whether or not the sentence starts with their name
    turn: bool = False  # whose turn it is: out of date once they move or the turn moves on
    urgent: bool = False  # the player needs it now: said before the moves still waiting
    parts: tuple[Utterance, ...] = ()  # a burst being said: the sentences it was made of
    late: bool = False  # a backlog already shortened once: cut short, it is not said again
    now: bool = False  # the answer to a key: cuts whatever is being said and goes first

    @property
    def narration(self) -> bool:
        """A move of the game (or a turn), said in order: what a backlog is made of."""
        return not (self.interrupt or self.urgent or self.now)

    def outdates(self, older: Utterance) -> bool:
        """Does this sentence make ``older`` (waiting or being said) not worth saying? An
        answer to a key only the next answer does (a focus the game moves leaves it be)."""
        if older.now:  # (the player's own move, said with it, is never dropped)
            return self.now and older.interrupt
        if older.interrupt:
            return self.interrupt
        return older.turn and (self.turn or (bool(self.subject) and self.subject == older.subject))


Summariser = Callable[[list[Utterance]], list[Utterance]]
BACKLOG_KEPT = 2
BEHIND = 1.0  # seconds of speech still to come before a new sentence: the voice is behind
ANSWER_WAIT = 0.15  # seconds an answer to a key may wait in turn; longer, it goes first
RATE_WEIGHT = 0.3  # how much the last sentence timed moves the engine's measured rate
TIMED_LEAST = 0.05  # seconds: a sentence said quicker than this times nothing


def keep_last(backlog: list[Utterance]) -> list[Utterance]:
    """The default summary of a backlog: its last two sentences (the speech package has no
    words of its own; the game gives a summariser that says "North played 6 cards: …")."""
    return backlog[-BACKLOG_KEPT:]


class Speaker:
    """A queue of sentences and the thread that says them through ``backend``.

    ``summarise`` shortens the moves waiting (and the one cut short) when an urgent
    sentence comes: it gets them in order and returns what to say of them after it."""

    def __init__(self, backend: Backend | None, summarise: Summariser | None = None) -> None:
        self.backend = backend
        self.summarise: Summariser = summarise or keep_last
        self._pending: deque[Utterance] = deque()
        self._speaking: Utterance | None = None
        self._cv = threading.Condition()
        self._closed = False
        self._thread: threading.Thread | None = None
        self._began = 0.0  # when the sentence being said began
        self._cut = False  # the sentence being said was cut short
        self.rate = backend.chars_per_second if backend is not None else float("inf")

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
        urgent: bool = False,
        now: bool = False,
    ) -> None:
        """Queue ``text``; never waits for the engine. ``subject``: the name of who acts
        (left out of a burst where ``text`` starts with it and the sentence before had the
        same subject; a move of theirs outdates their turn either way); ``turn``: the
        sentence says whose turn it is; ``urgent``: said before the moves still waiting,
        which are shortened (see the module's words); ``now``: the answer to a key, said
        at once: unless it would be begun within ``ANSWER_WAIT`` in turn, whatever is being
        said is cut short, the sentences of the kind that
        ``interrupt`` drops are dropped, and it goes before everything waiting (the urgent
        ones after it, then the backlog of moves shortened)."""
        text = " ".join(text.split())
        if not text or self.backend is None:
            return
        new = Utterance(text, lang, interrupt and not urgent, subject, turn, urgent, now=now)
        with self._cv:
            if now:  # (said with ``interrupt=False``: it tells a move, never dropped)
                new = replace(new, interrupt=interrupt, urgent=False)
            self._pending = deque(u for u in self._pending if not new.outdates(u))
            cut = self._speaking is not None and new.outdates(self._speaking)
            if now and not self.behind(ANSWER_WAIT):
                self._pending.append(new)  # (said in turn, it still comes at once)
            elif now or urgent:
                cut = self._put_first(new, at_once=now) or cut
            else:
                self._pending.append(new)
            self._start()
            self._cv.notify_all()
            if cut:  # (under the lock: the sentence cut is the one being said, not the next)
                self._cut = True
                self.backend.stop()

    def _put_first(self, new: Utterance, at_once: bool = False) -> bool:
        """``new`` after the urgent sentences already waiting and before everything else
        (``at_once``, an answer: before them too, and whatever is being said cut short);
        the moves waiting, with the one being said (cut short: True), shortened after it."""
        speaking = self._speaking
        moves = speaking is not None and speaking.narration
        backlog = list(speaking.parts or (speaking,)) if moves and speaking else []
        backlog = [u for u in backlog if not u.late]  # (heard in part; never a third time)
        first = [u for u in self._pending if u.urgent or (u.now and not u.interrupt)]
        backlog += [u for u in self._pending if u.narration]
        rest = [u for u in self._pending if u.interrupt]
        try:
            kept = self.summarise(backlog) if backlog else []
        except Exception:  # the game's summariser must never silence the urgent sentence
            kept = keep_last(backlog)
        kept = [replace(u, parts=(), late=True) for u in kept]
        if at_once:
            answers = [u for u in first if u.now]  # (answers before: the player's moves)
            urgent = [u for u in first if not u.now]
            self._pending = deque([*answers, new, *rest, *urgent, *kept])
            return speaking is not None
        self._pending = deque([*first, new, *kept, *rest])
        return moves

    def behind(self, seconds: float = BEHIND) -> bool:
        """Is the voice behind the game: would a sentence said now wait more than
        ``seconds`` (the rest of the one being said and all those queued, at the rate the
        engine speaks)?"""
        with self._cv:
            chars = sum(len(u.text) for u in self._pending)
            wait = chars / self.rate
            if self._speaking is not None:
                said = time.monotonic() - self._began
                wait += max(0.0, len(self._speaking.text) / self.rate - said)
            return wait > seconds

    def telling(self) -> bool:
        """Is a move of the game (a sentence with a subject said in order, or a shortened
        backlog of them) being said or waiting to be? Turns, focus words and prompts are
        not moves."""
        with self._cv:
            speaking = self._speaking
            said = list(speaking.parts or (speaking,)) if speaking is not None else []
            return any(_a_move(u) for u in [*said, *self._pending])

    def busy(self) -> bool:
        """Is anything being said or waiting to be?"""
        with self._cv:
            return self._speaking is not None or bool(self._pending)

    def waiting(self, text: str) -> bool:
        """Is ``text`` still to be said (queued, or the sentence being said)?"""
        with self._cv:
            speaking = self._speaking
            said = [u.text for u in (speaking.parts or (speaking,))] if speaking else []
            return text in said or any(u.text == text for u in self._pending)

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
            self._began, self._cut = time.monotonic(), False
            first = self._pending.popleft()
            burst = [first]
            while (
                not (first.urgent or first.now)
                and self._pending
                and self._pending[0].lang == first.lang
                and self._pending[0].interrupt == first.interrupt
                and not (self._pending[0].urgent or self._pending[0].now)
            ):
                burst.append(self._pending.popleft())
            text = _joined(burst)
            turn = all(u.turn for u in burst)
            self._speaking = Utterance(
                text,
                first.lang,
                first.interrupt,
                burst[-1].subject,
                turn,
                first.urgent,
                tuple(burst),
                now=first.now,
            )
            return self._speaking

    def _run(self) -> None:
        backend = self.backend
        assert backend is not None  # (the thread is started by say, only with a backend)
        while True:
            said = self._next()
            if said is None:
                return
            with contextlib.suppress(Exception):
                backend.speak(said.text, said.lang, said.interrupt)
            with self._cv:
                self._timed(said.text, backend)
                self._speaking = None
                self._cv.notify_all()

    def _timed(self, text: str, backend: Backend) -> None:
        """A sentence said to its end tells how fast the engine speaks (under the lock)."""
        took = time.monotonic() - self._began
        if self._cut or took < TIMED_LEAST or backend.chars_per_second == float("inf"):
            return  # (cut short, too quick to time, or an engine that writes: never behind)
        rate = len(text) / took
        known = self.rate if self.rate != float("inf") else rate
        self.rate = known + RATE_WEIGHT * (rate - known)

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until everything queued has been said (tests, the end of the game)."""
        with self._cv:
            return self._cv.wait_for(lambda: not self._pending and self._speaking is None, timeout)

    def close(self, timeout: float = 2.0) -> None:
        """Say nothing more: the sentence being said is cut short and the speaking thread
        has ended (within ``timeout``) when this returns, so nothing outlives its table."""
        with self._cv:
            self._closed = True
            self._pending.clear()
            self._cv.notify_all()
            speaking = self._speaking is not None
        if self.backend is not None:
            if speaking:
                with contextlib.suppress(Exception):
                    self.backend.stop()
            if self._thread is not None and self._thread is not threading.current_thread():
                self._thread.join(timeout)
            self.backend.close()


def _a_move(u: Utterance) -> bool:
    return not u.interrupt and not u.urgent and not u.turn and (bool(u.subject) or u.late)


def _joined(burst: list[Utterance]) -> str:
    """Sentences as one: "North turns the 9 of spades, loads it…. Your turn."."""
    if len(burst) == 1:
        return burst[0].text
    out = _body(burst[0].text)
    for before, u in itertools.pairwise(burst):
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
