"""speech-dispatcher without a Python module: the game speaks to
the server's socket in its own protocol and cuts short only its own sentence (``CANCEL``
with its client id), never a running screen reader's (``spd-say -C`` cancels everyone's);
shown against a stand-in server, and against the real one when it is installed."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import wave
from pathlib import Path

import pytest

from game.speech import find_backend
from game.speech.backends import CommandBackend
from game.speech.ssip import Connection, SpeechDispatcher, address

REAL = shutil.which("speech-dispatcher")
SAYS = 0.6  # seconds the stand-in server takes for a sentence


class Client:
    """One connection to the stand-in server."""

    def __init__(self, server: StandIn, conn: socket.socket, uid: int) -> None:
        self.server, self.conn, self.uid = server, conn, uid
        self.name = ""
        self.notify: set[str] = set()
        self.lang = "en"


class StandIn:
    """A speech-dispatcher that speaks each sentence for ``SAYS`` seconds, answers the SSIP
    commands the game uses, sends the end and cancel events, and keeps every command it
    got and every sentence with how it ended."""

    def __init__(self, path: Path) -> None:
        self.path = str(path)
        self.commands: list[tuple[str, str]] = []  # (client name, command)
        self.ended: dict[str, str] = {}  # sentence -> "END" or "CANCELED"
        self.langs: dict[str, str] = {}
        self._playing: dict[int, tuple[Client, str, threading.Timer]] = {}
        self._lock = threading.Lock()
        self._next_msg = 0
        self._clients: list[Client] = []
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.bind(self.path)
        self.sock.listen()
        self._threads = [threading.Thread(target=self._accept, daemon=True)]
        self._threads[0].start()

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            client = Client(self, conn, len(self._clients) + 1)
            self._clients.append(client)
            self._threads.append(threading.Thread(target=self._serve, args=(client,), daemon=True))
            self._threads[-1].start()

    def _send(self, client: Client, text: str) -> None:
        with contextlib.suppress(OSError):
            client.conn.sendall(text.encode())

    def _serve(self, client: Client) -> None:
        buffer, data = b"", None
        while True:
            try:
                chunk = client.conn.recv(4096)
            except OSError:
                return
            if not chunk:
                return
            buffer += chunk
            while b"\r\n" in buffer:
                raw, buffer = buffer.split(b"\r\n", 1)
                line = raw.decode()
                if data is not None:
                    if line == ".":
                        self._speak(client, " ".join(data))
                        data = None
                    else:
                        data.append(line[1:] if line.startswith("..") else line)
                    continue
                self.commands.append((client.name, line))
                data = self._command(client, line)

    def _command(self, client: Client, line: str) -> list[str] | None:
        words = line.split()
        verb = words[0].upper()
        if verb == "SPEAK":
            self._send(client, "230 OK RECEIVING DATA\r\n")
            return []
        if verb == "SET" and words[2].upper() == "CLIENT_NAME":
            client.name = words[3]
            self._send(client, "208 OK CLIENT NAME SET\r\n")
        elif verb == "SET" and words[2].upper() == "NOTIFICATION":
            client.notify.add(words[3].lower())
            self._send(client, "220 OK NOTIFICATION SET\r\n")
        elif verb == "SET" and words[2].upper() == "LANGUAGE":
            client.lang = words[3]
            self._send(client, "201 OK LANGUAGE SET\r\n")
        elif verb == "HISTORY":
            self._send(client, f"245-{client.uid}\r\n245 OK CLIENT ID SENT\r\n")
        elif verb == "CANCEL":
            self._cancel(words[1].lower(), client)
            self._send(client, "213 OK CANCELED\r\n")
        elif verb == "QUIT":
            self._send(client, "231 HAPPY HACKING\r\n")
        else:
            self._send(client, "300 UNKNOWN\r\n")
        return None

    def _speak(self, client: Client, text: str) -> None:
        with self._lock:
            self._next_msg += 1
            msg = self._next_msg
            timer = threading.Timer(SAYS, self._end, (msg, "702", "END"))
            self._playing[msg] = (client, text, timer)
            self.langs[text] = client.lang
        self._send(client, f"225-{msg}\r\n225 OK MESSAGE QUEUED\r\n")
        timer.start()

    def _end(self, msg: int, code: str, how: str) -> None:
        with self._lock:
            playing = self._playing.pop(msg, None)
        if playing is None:
            return
        client, text, timer = playing
        timer.cancel()
        self.ended[text] = how
        kind = "end" if how == "END" else "cancel"
        if kind in client.notify or "all" in client.notify:
            self._send(client, f"{code}-{msg}\r\n{code}-{client.uid}\r\n{code} {how}\r\n")

    def _cancel(self, who: str, asking: Client) -> None:
        with self._lock:
            playing = list(self._playing.items())
        for msg, (client, _, _) in playing:
            mine = who == "self" and client is asking
            if who == "all" or mine or who == str(client.uid):
                self._end(msg, "703", "CANCELED")

    def close(self) -> None:
        """Stop serving: every thread of the stand-in has ended when this returns."""
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)  # wakes the accept (a close alone does not)
        self.sock.close()
        with self._lock:
            timers = [timer for _, _, timer in self._playing.values()]
        for timer in timers:
            timer.cancel()
        for client in self._clients:
            with contextlib.suppress(OSError):
                client.conn.shutdown(socket.SHUT_RDWR)
            client.conn.close()
        for thread in self._threads:
            thread.join(5)


@pytest.fixture
def stand_in(tmp_path, monkeypatch):
    server = StandIn(tmp_path / "speechd.sock")
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{server.path}")
    yield server
    server.close()


def reader(where: str) -> Connection:
    """A running screen reader: another client of the same server, told of its ends."""
    c = Connection(socket.AF_UNIX, where, "orca")
    c.ask("SET self NOTIFICATION all on")
    return c


def how_it_ended(c: Connection, limit: float = 10.0) -> str:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        for code, lines in c.events:
            if code in ("702", "703"):
                return lines[-1]
        c.events.append(c.block())
    raise AssertionError("the server never said how the sentence ended")


def test_cutting_the_games_sentence_short_cancels_its_own_speech_only(stand_in, new_speaker):
    orca = reader(stand_in.path)
    orca.ask("SPEAK")
    orca.ask("Orca reads the window title\r\n.")
    speaker = new_speaker(SpeechDispatcher(server=""))
    speaker.say("North plays the 7 of hearts", interrupt=False)
    time.sleep(0.2)  # being said: a move is never cut short
    speaker.say("Your stock, 14 cards")
    speaker.say("Kuzey kupa 7 attı", "tr")  # the focus moved on: the one before is dropped
    assert speaker.flush(10)
    cancels = [c for name, c in stand_in.commands if c.upper().startswith("CANCEL")]
    assert all(c.split()[1] not in ("all", "ALL") for c in cancels)
    assert stand_in.ended["North plays the 7 of hearts"] == "END"
    assert "Your stock, 14 cards" not in stand_in.ended
    assert how_it_ended(orca) == "END"  # the screen reader was never cut short
    assert stand_in.langs["Kuzey kupa 7 attı"] == "tr"
    speaker.close()


def test_a_focus_that_moves_on_cancels_the_games_sentence_by_its_client_id(stand_in, new_speaker):
    orca = reader(stand_in.path)
    engine = SpeechDispatcher(server="")
    speaker = new_speaker(engine)
    speaker.say("Your stock, 14 cards")
    time.sleep(0.2)
    orca.ask("SPEAK")
    orca.ask("Orca: a notification\r\n.")
    started = time.monotonic()
    speaker.say("North's pile, 3 cards")  # the focus moved on: the first is out of date
    assert speaker.flush(10)
    assert time.monotonic() - started < SAYS * 2  # cut, not said to its end
    assert stand_in.ended["Your stock, 14 cards"] == "CANCELED"
    assert stand_in.ended["North's pile, 3 cards"] == "END"
    game = next(name for name, _ in stand_in.commands if name.endswith(":main"))
    ids = [c.split()[1] for name, c in stand_in.commands if c.startswith("CANCEL")]
    assert ids
    assert set(ids) == {str(engine._id)}
    assert game == "user:pasha-pisti:main"
    assert how_it_ended(orca) == "END"
    speaker.close()


def test_with_no_server_to_reach_spd_say_speaks_and_is_never_asked_to_cancel_all(
    tmp_path, monkeypatch, new_speaker
):
    calls = tmp_path / "calls.txt"
    spd = tmp_path / "spd-say"
    spd.write_text(f'#!/bin/sh\necho "$@" >> {calls}\nsleep 2\n')
    spd.chmod(0o755)
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{tmp_path / 'nobody.sock'}")
    engine = SpeechDispatcher(server="", fallback=CommandBackend("speech-dispatcher", str(spd)))
    speaker = new_speaker(engine)
    speaker.say("Your stock, 14 cards")
    time.sleep(0.3)
    speaker.say("North's pile, 3 cards")
    assert speaker.flush(10)
    said = calls.read_text().splitlines()
    assert said == ["-w -l en -- Your stock, 14 cards", "-w -l en -- North's pile, 3 cards"]
    assert not any(line.split()[0] in ("-C", "-S") for line in said)


def test_on_linux_speech_dispatcher_is_found_without_its_python_module(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "platform", "linux")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name in ("spd-say", "espeak-ng"):
        (bin_dir / name).write_text("#!/bin/sh\nexit 0\n")
        (bin_dir / name).chmod(0o755)
    monkeypatch.setenv("PATH", str(bin_dir))
    monkeypatch.setitem(sys.modules, "speechd", None)  # as in a virtual environment
    engine = find_backend()
    assert isinstance(engine, SpeechDispatcher)
    assert engine.name == "speech-dispatcher"


def test_the_servers_address_is_found_as_libspeechd_finds_it(monkeypatch, tmp_path):
    monkeypatch.delenv("SPEECHD_ADDRESS", raising=False)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    assert address() == (socket.AF_UNIX, str(tmp_path / "speech-dispatcher/speechd.sock"), True)
    monkeypatch.setenv("SPEECHD_ADDRESS", "inet_socket:127.0.0.1:6561")
    assert address() == (socket.AF_INET, ("127.0.0.1", 6561), False)


# ---------------------------------------------------------------------- the real server
SLEEPER = """GenericExecuteSynth "sleep {seconds}; echo \\'$DATA\\' > /dev/null"
GenericLanguage "en" "en" "utf-8"
GenericLanguage "tr" "tr" "utf-8"
AddVoice "en" "MALE1" "en"
AddVoice "tr" "MALE1" "tr"
"""
CONF = """LogLevel 2
LogDir "{logs}"
AudioOutputMethod "alsa"
AudioALSADevice "null"
AddModule "sleeper" "sd_generic" "sleeper.conf"
DefaultModule sleeper
"""


@pytest.fixture
def real_server(tmp_path, monkeypatch):
    """speech-dispatcher on a socket of its own, whose voice takes 1.5 s a sentence and
    needs no sound card (the generic module running ``sleep``; a command that leaves out
    the sentence, ``$DATA``, is not run at all)."""
    yield from serve(tmp_path, monkeypatch, SLEEPER.format(seconds=1.5))


ESPEAKER = """GenericExecuteSynth "espeak-ng -v $LANGUAGE -w {wavs}/$LANGUAGE.wav \\'$DATA\\'"
GenericLanguage "en" "en" "utf-8"
GenericLanguage "de" "de" "utf-8"
AddVoice "en" "MALE1" "en"
AddVoice "de" "MALE1" "de"
"""


def serve(tmp_path: Path, monkeypatch, module: str):
    """The real server with ``module`` as its only voice, on a socket of its own."""
    if REAL is None:
        if os.environ.get("CI"):
            pytest.fail("speech-dispatcher is not installed (CI installs it)")
        pytest.skip("speech-dispatcher is not installed")
    conf = tmp_path / "conf"
    (conf / "modules").mkdir(parents=True)
    (conf / "speechd.conf").write_text(CONF.format(logs=tmp_path))
    (conf / "modules" / "sleeper.conf").write_text(module)
    sock = tmp_path / "speechd.sock"
    server = subprocess.Popen(
        [REAL, "-s", "-t", "60", "-C", str(conf), "-c", "unix_socket", "-S", str(sock),
         "-P", str(tmp_path / "pid")],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    end = time.monotonic() + 10
    while not sock.exists() and time.monotonic() < end:
        time.sleep(0.05)
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{sock}")
    yield sock
    server.terminate()
    server.wait(10)


def games_events(monkeypatch) -> list[str]:
    """How each sentence of the game's speaking connection ended, as the server said."""
    ended: list[str] = []
    block = Connection.block

    def noted(self):
        code, lines = block(self)
        if self.name == "main" and code in ("702", "703"):
            ended.append(lines[-1])
        return code, lines

    monkeypatch.setattr(Connection, "block", noted)
    return ended


@pytest.mark.slow
def test_against_the_real_server_the_games_cut_leaves_a_screen_readers_sentence_alone(
    real_server, monkeypatch, new_speaker
):
    ended = games_events(monkeypatch)
    orca = reader(str(real_server))
    orca.ask("SPEAK")
    orca.ask("Orca reads a long paragraph\r\n.")
    speaker = new_speaker(SpeechDispatcher(server=""))
    speaker.say("Your stock, 14 cards")  # waits behind the reader's sentence
    time.sleep(0.4)
    speaker.say("North's pile, 3 cards")  # the focus moved on: cut the game's own
    assert speaker.flush(15)
    assert how_it_ended(orca) == "END"
    assert ended == ["CANCELED", "END"]
    speaker.close()


@pytest.mark.slow
def test_against_the_real_server_spd_say_minus_c_would_have_cut_the_screen_reader(
    real_server,
):
    """The check above can fail: what the game used to run, ``spd-say -C``, cancels the
    screen reader's sentence on the same server."""
    spd = shutil.which("spd-say")
    if spd is None:
        pytest.skip("spd-say is not installed")
    orca = reader(str(real_server))
    orca.ask("SPEAK")
    orca.ask("Orca reads a long paragraph\r\n.")
    time.sleep(0.3)
    subprocess.run([spd, "-C"], timeout=10, check=False)
    assert how_it_ended(orca) == "CANCELED"


def test_a_german_sentence_asks_the_server_for_german(stand_in, new_speaker):
    speaker = new_speaker(SpeechDispatcher(server=""))
    speaker.say("Nord nimmt mit dem Karo-König 5 Karten", "de", interrupt=False)
    speaker.say("North plays the 7 of hearts", interrupt=False)
    assert speaker.flush(10)
    assert stand_in.langs["Nord nimmt mit dem Karo-König 5 Karten"] == "de"
    assert stand_in.langs["North plays the 7 of hearts"] == "en"


@pytest.mark.slow
def test_the_real_server_speaks_german_with_espeak_ngs_german_voice(
    tmp_path, monkeypatch, new_speaker
):
    """German through speech-dispatcher: its generic module runs espeak-ng with the
    language the game asked for (``-v de``), into a WAV that is not silent."""
    if shutil.which("espeak-ng") is None:
        pytest.skip("espeak-ng is not installed")
    wavs = tmp_path / "wavs"
    wavs.mkdir()
    server = serve(tmp_path, monkeypatch, ESPEAKER.format(wavs=wavs))
    next(server)
    try:
        speaker = new_speaker(SpeechDispatcher(server=""))
        speaker.say("Du legst den Herz-Buben auf die Pik-Dame", "de", interrupt=False)
        assert speaker.flush(20)
        speaker.close()
        end = time.monotonic() + 10
        while not (wavs / "de.wav").exists() and time.monotonic() < end:
            time.sleep(0.05)
        assert [f.name for f in wavs.iterdir()] == ["de.wav"]
        with wave.open(str(wavs / "de.wav")) as w:
            frames = w.readframes(w.getnframes())
        assert max(abs(x) for x in memoryview(frames).cast("h")) > 1000
    finally:
        next(server, None)
