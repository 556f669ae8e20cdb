"""The engines that can speak, best first: the running screen reader, the system's voice,
espeak-ng, and a file (tests and ``--speech-log``). None of them is needed: with no engine
the game plays on silently, and :func:`find_backend` says so by returning None.

``speak`` may block until the sentence is said (the :class:`~game.speech.Speaker` calls it
on its own thread); ``stop`` cuts the current sentence short and is called from the game's
thread, so it must return at once.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

from game.speech.engine import Backend
from game.speech.quiet import silenced
from game.speech.ssip import SpeechDispatcher

SCREEN_READERS = ("NVDA", "JAWS", "Window-Eyes", "System Access", "Dolphin", "VoiceOver", "ZDSR")
LINUX_SCREEN_READERS = ("orca",)
GNOME_READER_KEY = ("org.gnome.desktop.a11y.applications", "screen-reader-enabled")
SPI_GETSCREENREADER = 0x0046
READER_CHARS_PER_SECOND = 25.0  # a screen reader's quick rate, about 300 words a minute
PROC = Path("/proc")  # where Linux lists its processes, each with its name in ``comm``
MAC_VOICES = {"tr": "Yelda", "de": "Anna"}  # macOS's voices; English: the system's own


class FileBackend(Backend):
    """Each sentence on a line of a text file, after the time it was said (``--speech-log``)."""

    name = "file"
    chars_per_second = float("inf")  # written at once: never behind

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()

    def speak(self, text: str, lang: str, interrupt: bool) -> None:
        now = time.time()
        stamp = time.strftime("%H:%M:%S", time.localtime(now)) + f".{int(now % 1 * 1000):03d}"
        line = " ".join(text.split())
        with self._lock, self.path.open("a", encoding="utf-8") as f:
            f.write(f"{stamp}\t{lang}\t{line}\n")


class CommandBackend(Backend):
    """A program that says its argument and exits: espeak-ng, spd-say, macOS ``say``."""

    def __init__(self, name: str, program: str, wav_dir: Path | None = None) -> None:
        """``wav_dir`` (espeak-ng): each sentence into a numbered WAV file there, not aloud."""
        self.name = name
        self.program = program
        self.wav_dir = wav_dir
        self.said = 0
        self._proc: subprocess.Popen | None = None
        self._lock = threading.Lock()

    def command(self, text: str, lang: str) -> list[str]:
        if self.name == "espeak-ng":
            self.said += 1
            wav = ["-w", str(self.wav_dir / f"{self.said:04d}.wav")] if self.wav_dir else []
            return [self.program, "-v", lang, *wav, text]
        if self.name == "speech-dispatcher":
            return [self.program, "-w", "-l", lang, "--", text]
        voice = MAC_VOICES.get(lang)
        return [self.program, *(["-v", voice] if voice else []), text]

    def speak(self, text: str, lang: str, interrupt: bool) -> None:
        try:
            proc = subprocess.Popen(
                self.command(text, lang),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        except OSError:
            return
        with self._lock:
            self._proc = proc
        proc.wait()
        with self._lock:
            self._proc = None

    def stop(self) -> None:
        with self._lock:
            proc = self._proc
        if proc is not None and proc.poll() is None:  # (never ``spd-say -C``: that cancels
            with contextlib.suppress(OSError):  # everyone's speech, a screen reader's too)
                proc.terminate()


class OutputBackend(Backend):
    """An ``accessible_output2`` output: a screen reader (NVDA, JAWS, VoiceOver), whose
    ``output`` speaks and shows the sentence on a braille display, or a system voice (SAPI).

    Such an output speaks on its own and returns at once; ``speak`` then waits about as
    long as the sentence takes at a reader's quick rate, so that moves coming meanwhile
    gather into one sentence (and a turn their move told is dropped) instead of queueing
    up in the reader behind the game."""

    chars_per_second = READER_CHARS_PER_SECOND

    def __init__(self, output, screen_reader: bool) -> None:
        self.output = output
        self.name = str(getattr(output, "name", type(output).__name__))
        self.screen_reader = screen_reader
        self._cut = threading.Event()

    def speak(self, text: str, lang: str, interrupt: bool) -> None:
        self._cut.clear()
        with contextlib.suppress(Exception):
            if self.screen_reader and hasattr(self.output, "output"):
                self.output.output(text, interrupt=interrupt)
            else:
                self.output.speak(text, interrupt=interrupt)
        self._cut.wait(len(text) / READER_CHARS_PER_SECOND)

    def stop(self) -> None:
        self._cut.set()
        with contextlib.suppress(Exception):
            self.output.silence()


def _outputs() -> list:
    """accessible_output2's outputs that are active now, imported quietly (it is optional:
    missing, or missing a library it loads, it is as if there were none)."""
    try:
        with silenced():
            from accessible_output2.outputs import auto

            chooser = auto.Auto()
            return [o for o in chooser.outputs if _active(o)]
    except Exception:
        return []


def _active(output) -> bool:
    try:
        with silenced():
            return bool(output.is_active())
    except Exception:
        return False


def _is_screen_reader(output) -> bool:
    """A screen reader, not a system voice: as the output says, or by its name."""
    try:
        with silenced():
            return not output.is_system_output()
    except Exception:
        return getattr(output, "name", "") in SCREEN_READERS


def _running_linux_reader() -> bool:
    """Orca (or another reader) among the processes ``PROC`` lists."""
    try:
        for entry in PROC.iterdir():
            if not entry.name.isdigit():
                continue
            try:
                name = (entry / "comm").read_text().strip().lower()
            except OSError:
                continue
            if name in LINUX_SCREEN_READERS:
                return True
    except OSError:
        return False
    return False


def _asked_for_linux_reader() -> bool:
    """The desktop's own switch (GNOME and others keep it in gsettings): a screen reader is
    wanted, even before Orca has started. Asked only in a desktop session."""
    gsettings = shutil.which("gsettings")
    if not gsettings or not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
        return False
    return _answer([gsettings, "get", *GNOME_READER_KEY]) == "true"


def _voiceover_running() -> bool:
    return _answer(["defaults", "read", "com.apple.universalaccess", "voiceOverOnOffKey"]) == "1"


def _answer(command: list[str]) -> str:
    """A short program's answer, or "" when it is missing, fails or takes long."""
    try:
        out = subprocess.run(
            command, capture_output=True, text=True, timeout=2, stdin=subprocess.DEVNULL
        )
    except (OSError, subprocess.SubprocessError):
        return ""
    return out.stdout.strip().lower() if out.returncode == 0 else ""


def _windows_reader_flag() -> bool:
    """Windows's own flag, which screen readers set (``SPI_GETSCREENREADER``)."""
    if sys.platform != "win32":  # no such flag elsewhere (windll is Windows's alone)
        return False
    try:
        import ctypes

        flag = ctypes.c_int(0)
        ok = ctypes.windll.user32.SystemParametersInfoW(
            SPI_GETSCREENREADER, 0, ctypes.byref(flag), 0
        )
        return bool(ok and flag.value)
    except Exception:
        return False


def screen_reader_running() -> bool:
    """Is a screen reader running now? (Read aloud comes on by itself when one is.)"""
    if sys.platform.startswith("linux"):
        return _running_linux_reader() or _asked_for_linux_reader()
    if sys.platform == "darwin" and _voiceover_running():
        return True
    if sys.platform == "win32" and _windows_reader_flag():
        return True
    return any(_is_screen_reader(o) for o in _outputs())


def find_backend() -> Backend | None:
    """The best engine there is, or None: the screen reader, the system voice, espeak-ng."""
    outputs = _outputs()
    for o in outputs:
        if _is_screen_reader(o):
            return OutputBackend(o, True)
    if sys.platform == "darwin" and shutil.which("say"):
        return CommandBackend("macOS speech", shutil.which("say") or "say")
    if sys.platform.startswith("linux"):
        spd, server = shutil.which("spd-say"), shutil.which("speech-dispatcher")
        if spd or server:  # its socket, no Python module needed; spd-say if it is closed
            fallback = CommandBackend("speech-dispatcher", spd) if spd else None
            return SpeechDispatcher(server, fallback)
    for o in outputs:
        return OutputBackend(o, False)  # SAPI on Windows
    espeak = shutil.which("espeak-ng")
    if espeak:
        return CommandBackend("espeak-ng", espeak)
    return None
