"""speech-dispatcher spoken to in its own protocol (SSIP) over its socket, with no Python
module: Debian's ``python3-speechd`` cannot be imported from a virtual environment, and
``spd-say -C`` (the only way ``spd-say`` cuts speech short) cancels everyone's speech, a
running screen reader's too. Here the game's sentence is cut short with ``CANCEL <id>``,
the game's own connection's id: nobody else's speech is touched.

Two connections: the speech thread speaks on one and waits there for the end of each
sentence; ``stop`` (the game's thread) sends the cancel on the other, so it never waits
for a sentence and never writes into one being sent.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import threading
import time
from pathlib import Path

from game.speech.engine import Backend

CLIENT = "user:pasha-pisti:{}"
SPAWN_WAIT = 3.0  # seconds for a server the game started to open its socket
REPLY_WAIT = 2.0  # seconds for an answer to a command
SLOWEST = 5.0  # characters a second: a sentence is not waited for longer than a voice
# this slow would take (plus a few seconds), in case the server lost it or its sound
DEFAULT_PORT = 6560
WAIT_STEP = 0.05  # seconds between looks at a cut while a sentence is being said
CUT_GRACE = 0.5  # seconds a cut sentence is waited for before its cancel is taken as done


class Refused(OSError):
    """The server answered a command with an error."""


def address() -> tuple[socket.AddressFamily, str | tuple[str, int], bool]:
    """Where the server listens, as libspeechd finds it: ``SPEECHD_ADDRESS``
    (``unix_socket:PATH`` or ``inet_socket:HOST:PORT``), else the user's runtime folder;
    and whether it is the default address (a server may then be started there)."""
    given = os.environ.get("SPEECHD_ADDRESS", "")
    method, _, rest = given.partition(":")
    if method == "unix_socket" and rest:
        return socket.AF_UNIX, rest, False
    if method == "inet_socket":
        host, _, port = rest.partition(":")
        return socket.AF_INET, (host or "127.0.0.1", int(port or DEFAULT_PORT)), False
    runtime = os.environ.get("XDG_RUNTIME_DIR") or os.environ.get("XDG_CACHE_HOME")
    base = Path(runtime) if runtime else Path.home() / ".cache"
    return socket.AF_UNIX, str(base / "speech-dispatcher" / "speechd.sock"), True


class Connection:
    """One SSIP connection: a command and its answer, and the server's events between."""

    def __init__(self, family: socket.AddressFamily, where, name: str) -> None:
        self.name = name
        self.sock = socket.socket(family, socket.SOCK_STREAM)
        self.sock.settimeout(REPLY_WAIT)
        try:
            self.sock.connect(where)
        except OSError:
            self.sock.close()
            raise
        self._buffer = b""
        self._lines: list[str] = []  # the block read so far (a wait may end inside one)
        self.events: list[tuple[str, list[str]]] = []
        self.ask(f"SET self CLIENT_NAME {CLIENT.format(name)}")

    def send(self, line: str) -> None:
        self.sock.sendall(line.encode("utf-8") + b"\r\n")

    def _line(self) -> str:
        while b"\r\n" not in self._buffer:
            data = self.sock.recv(4096)
            if not data:
                raise ConnectionError("speech-dispatcher closed the connection")
            self._buffer += data
        line, self._buffer = self._buffer.split(b"\r\n", 1)
        return line.decode("utf-8", "replace")

    def block(self) -> tuple[str, list[str]]:
        """One answer or event: its code and its lines ("225-7", "225 OK …": 225, [7, OK …])."""
        while True:
            line = self._line()
            self._lines.append(line[4:])
            if line[3:4] != "-":
                lines, self._lines = self._lines, []
                return line[:3], lines

    def ask(self, command: str) -> list[str]:
        """Send a command and return its answer's lines; events that come first are kept."""
        self.send(command)
        while True:
            code, lines = self.block()
            if code.startswith("7"):
                self.events.append((code, lines))
            elif code.startswith(("4", "5")):
                raise Refused(f"{command.split()[0]}: {code} {lines[-1]}")
            else:
                return lines

    def drain(self) -> None:
        """Forget the answers waiting unread (the cancel connection never reads them)."""
        self.sock.setblocking(False)
        try:
            while self.sock.recv(4096):
                pass
        except (BlockingIOError, InterruptedError):
            pass
        finally:
            self.sock.settimeout(REPLY_WAIT)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.send("QUIT")
        self.sock.close()


class SpeechDispatcher(Backend):
    """speech-dispatcher through its socket; ``fallback`` (``spd-say``, which can cut
    nothing short but its own process) speaks when the socket cannot be reached."""

    name = "speech-dispatcher"

    def __init__(self, server: str | None = None, fallback: Backend | None = None) -> None:
        self.server = server if server is not None else shutil.which("speech-dispatcher")
        self.fallback = fallback
        self._speak: Connection | None = None
        self._cancel: Connection | None = None
        self._id = 0  # the speaking connection's client id, which the cancel names
        self._lang = ""
        self._tried = False
        self._cut = threading.Event()
        self._lock = threading.Lock()

    # ----------------------------------------------------------------- connecting
    def _connect(self) -> bool:
        """Both connections, made on the speech thread at the first sentence (starting
        the server at its default address, as libspeechd does, if none answers)."""
        if self._speak is not None:
            return True
        family, where, default = address()
        speak = self._open(family, where, "main")
        if speak is None and default and not self._tried:
            self._tried = True
            self._spawn(where)
            end = time.monotonic() + SPAWN_WAIT
            while speak is None and time.monotonic() < end:
                time.sleep(0.1)
                speak = self._open(family, where, "main")
        if speak is None:
            return False
        try:
            speak.ask("SET self NOTIFICATION end on")
            speak.ask("SET self NOTIFICATION cancel on")
            self._id = int(speak.ask("HISTORY GET CLIENT_ID")[0])
            cancel = Connection(family, where, "cancel")
        except (OSError, ValueError, IndexError):
            speak.close()
            return False
        with self._lock:
            self._speak, self._cancel, self._lang = speak, cancel, ""
        return True

    @staticmethod
    def _open(family, where, name: str) -> Connection | None:
        try:
            return Connection(family, where, name)
        except OSError:
            return None

    def _spawn(self, where) -> None:
        if not self.server or not isinstance(where, str):
            return
        command = [self.server, "--spawn", "--communication-method", "unix_socket",
                   "--socket-path", where]  # fmt: skip
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            subprocess.run(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=SPAWN_WAIT)  # fmt: skip

    def _drop(self) -> None:
        """A connection broke: the next sentence connects again."""
        with self._lock:
            speak, cancel = self._speak, self._cancel
            self._speak = self._cancel = None
        for c in (speak, cancel):
            if c is not None:
                with contextlib.suppress(OSError):
                    c.sock.close()

    # ----------------------------------------------------------------- speaking
    def speak(self, text: str, lang: str, interrupt: bool) -> None:
        self._cut.clear()
        if not self._connect():
            if self.fallback is not None:
                self.fallback.speak(text, lang, interrupt)
            return
        try:
            self._say(text, lang)
        except (OSError, ValueError, IndexError):
            self._drop()

    def _say(self, text: str, lang: str) -> None:
        c = self._speak
        assert c is not None
        if lang != self._lang:
            c.ask(f"SET self LANGUAGE {lang}")
            self._lang = lang
        c.ask("SPEAK")
        data = "." + text if text.startswith(".") else text  # a leading dot is doubled
        message = c.ask(data + "\r\n.")[0]
        if self._cut.is_set():  # cut short before the server had it: cut it now
            self.stop()
        self._wait_end(c, message, 5.0 + len(text) / SLOWEST)

    def _wait_end(self, c: Connection, message: str, longest: float) -> None:
        """Until the server says the sentence ended or was cancelled."""
        end = time.monotonic() + longest
        c.sock.settimeout(WAIT_STEP)
        try:
            self._wait_events(c, message, end)
        finally:
            c.sock.settimeout(REPLY_WAIT)

    def _wait_events(self, c: Connection, message: str, end: float) -> None:
        while time.monotonic() < end:
            while c.events:
                code, lines = c.events.pop(0)
                if code in ("702", "703") and lines[0] == message:
                    return
            if self._cut.is_set():  # its cancel is on its way: a moment's grace at most
                end = min(end, time.monotonic() + CUT_GRACE)
            try:
                c.events.append(c.block())
            except TimeoutError:
                continue

    def stop(self) -> None:
        """Cancel the game's own sentence (``CANCEL`` with its client id, never ``all``)."""
        self._cut.set()
        with self._lock:
            cancel, who = self._cancel, self._id
            if cancel is not None:
                try:
                    cancel.drain()
                    cancel.send(f"CANCEL {who}")
                except OSError:
                    self._cancel = None
        if cancel is None and self.fallback is not None:
            self.fallback.stop()

    def close(self) -> None:
        self.stop()
        with self._lock:
            connections = (self._speak, self._cancel)
            self._speak = self._cancel = None
        for c in connections:
            if c is not None:
                c.close()
