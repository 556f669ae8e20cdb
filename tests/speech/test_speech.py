"""The speech package: sentences said on a thread of their own, out-of-date ones
dropped, a burst of moves said as one, every engine optional and quiet when missing, and
espeak-ng really speaking a hand's first sentences into a WAV file."""

from __future__ import annotations

import shutil
import subprocess
import sys
import threading
import time
import wave
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import PerSentence

from game.speech import Backend, FileBackend, Speaker, backends, find_backend, screen_reader_running
from game.speech.backends import CommandBackend
from game.text import set_language
from game.text.spoken import spoken

ROOT = Path(__file__).resolve().parents[2]


class Slow(Backend):
    """An engine that takes ``seconds`` a sentence and remembers what it said and what was
    cut short."""

    name = "slow"

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.said: list[str] = []
        self.stopped = 0
        self._cut = threading.Event()

    def speak(self, text: str, lang: str, interrupt: bool) -> None:
        self.said.append(text)
        self._cut.clear()
        self._cut.wait(self.seconds)

    def stop(self) -> None:
        self.stopped += 1
        self._cut.set()


def test_a_new_sentence_drops_the_out_of_date_ones_but_never_a_move(new_speaker):
    engine = Slow(0.2)
    speaker = new_speaker(engine)
    speaker.say("focus one")
    time.sleep(0.05)  # "focus one" is being said
    speaker.say("North plays the 7 of hearts", interrupt=False)
    speaker.say("focus two")
    speaker.say("focus three")
    assert speaker.flush(5)
    assert engine.said == ["focus one", "North plays the 7 of hearts", "focus three"]
    assert engine.stopped >= 1  # "focus one" was cut short


def test_a_burst_of_moves_waiting_for_the_voice_is_said_as_one_sentence_in_order(new_speaker):
    engine = Slow(0.2)
    speaker = new_speaker(engine)
    speaker.say("You turn the 9 of spades", interrupt=False)
    time.sleep(0.05)
    moves = ["North turns the 2 of diamonds", "North discards the 2 of diamonds", "Your turn"]
    for m in moves:
        speaker.say(m, interrupt=False)
    assert speaker.flush(5)
    assert engine.said == ["You turn the 9 of spades", ". ".join(moves) + "."]


def test_in_a_burst_a_players_name_is_said_once_for_their_moves_in_a_row(new_speaker):
    engine = Slow(0.2)
    speaker = new_speaker(engine)
    speaker.say("Your turn", interrupt=False)
    time.sleep(0.05)
    speaker.say("North turns the 10 of hearts", interrupt=False, subject="North")
    speaker.say("North loads the 10 of hearts onto your pile", interrupt=False, subject="North")
    speaker.say("Kuzey, senin ıskartana kupa 2 yükledi", interrupt=False, subject="Kuzey")
    speaker.say("Your turn", interrupt=False)
    assert speaker.flush(5)
    assert engine.said[1] == (
        "North turns the 10 of hearts, loads the 10 of hearts onto your pile. "
        "Kuzey, senin ıskartana kupa 2 yükledi. Your turn."
    )


def test_a_turn_its_player_moves_before_it_was_said_is_dropped_from_the_burst(new_speaker):
    engine = Slow(0.2)
    speaker = new_speaker(engine)
    speaker.say("You play the 9 of spades", interrupt=False, subject="You")
    time.sleep(0.05)
    speaker.say("North's turn", interrupt=False, subject="North", turn=True)
    speaker.say("North plays the 9 of hearts", interrupt=False, subject="North")
    speaker.say("East's turn", interrupt=False, subject="East", turn=True)
    speaker.say("West's turn", interrupt=False, subject="West", turn=True)
    speaker.say("Your turn", interrupt=False, subject="You", turn=True)
    assert speaker.flush(5)
    assert engine.said == ["You play the 9 of spades", "North plays the 9 of hearts. Your turn."]


def test_a_turn_being_said_is_cut_short_by_that_players_move_but_not_by_others(new_speaker):
    engine = Slow(0.3)
    speaker = new_speaker(engine)
    speaker.say("North's turn", interrupt=False, subject="North", turn=True)
    time.sleep(0.05)
    speaker.say("Stop window open", interrupt=False)
    time.sleep(0.05)
    assert engine.stopped == 0
    speaker.say("North plays the 9 of hearts", interrupt=False, subject="North")
    assert speaker.flush(5)
    assert engine.stopped == 1
    assert engine.said == ["North's turn", "Stop window open. North plays the 9 of hearts."]


def test_saying_never_waits_for_the_engine(new_speaker):
    speaker = new_speaker(Slow(0.2))
    start = time.perf_counter()
    for i in range(50):
        speaker.say(f"move {i}", interrupt=False)
    assert time.perf_counter() - start < 0.05
    speaker.close()


def test_the_file_engine_writes_each_sentence_on_a_line_after_its_time(tmp_path, new_speaker):
    log = tmp_path / "speech" / "said.txt"
    speaker = new_speaker(FileBackend(log))
    speaker.say("Sıra sende", "tr", interrupt=False)
    speaker.say("Your turn\nnow", "en")
    assert speaker.flush(5)
    lines = log.read_text(encoding="utf-8").splitlines()
    fields = [line.split("\t")[1:] for line in lines]
    assert fields == [["tr", "Sıra sende"], ["en", "Your turn now"]]
    for line in lines:
        time.strptime(line.split("\t")[0].split(".")[0], "%H:%M:%S")


def test_with_no_engine_found_nothing_is_said_nothing_printed_nothing_breaks(
    monkeypatch, capfd, new_speaker
):
    monkeypatch.setenv("PATH", "")
    assert find_backend() is None
    speaker = new_speaker(None)
    speaker.say("Your turn")
    assert speaker.flush(1)
    out, err = capfd.readouterr()
    assert out == ""
    assert err == ""


def test_the_speech_package_knows_no_pygame_and_no_game():
    code = (
        "import sys, game.speech\n"
        "print(sorted(m for m in sys.modules if m.startswith(('pygame', 'game.'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == str(
        [
            "game.speech",
            "game.speech.backends",
            "game.speech.engine",
            "game.speech.quiet",
            "game.speech.speaker",
            "game.speech.ssip",
        ]
    )


def test_card_signs_are_read_as_card_names_in_the_game_language():
    try:
        set_language("en")
        heard = spoken("North loads 7♥ onto your pile")
        assert heard == "North loads the 7 of hearts onto your pile"
        assert spoken("You play 10♣") == "You play the 10 of clubs"
        assert spoken("Face-down cards taken: 7♣ 8♦ A♠.") == (
            "Face-down cards taken: the 7 of clubs, the 8 of diamonds, the ace of spades."
        )
        set_language("tr")
        assert spoken("Kuzey Q♠ attı") == "Kuzey maça kız attı"
        set_language("de")  # the name declined after its article: "den Herz-Buben"
        assert spoken("Du lädst den J♥ auf die Q♠") == "Du lädst den Herz-Buben auf die Pik-Dame"
        assert spoken("Nord nimmt mit dem K♦ 5 Karten") == "Nord nimmt mit dem Karo-König 5 Karten"
        assert spoken("Verdeckte Karten genommen: 7♣ 8♦ A♠.") == (
            "Verdeckte Karten genommen: Kreuz-Sieben, Karo-Acht, Pik-Ass."
        )
    finally:
        set_language("en")


def test_every_sentence_said_starts_with_a_capital_whatever_word_comes_first():
    """A Turkish line about the player starts with its card ("A♠ attın"), a pile's words put
    the suit first ("maça temeli, en üstte as"): a voice and a braille display get
    sentences. "Stop!" inside a sentence and a Turkish ordinal ("5. hamle") end none."""
    try:
        set_language("tr")
        assert spoken("A♠ attın") == "Maça as attın"
        assert spoken("Sıra sende. 7♥ attın") == "Sıra sende. Kupa 7 attın"
        assert spoken("Kuzey 7♥ attı") == "Kuzey kupa 7 attı"
        assert spoken("maça temeli, en üstte as") == "Maça temeli, en üstte as"
        assert spoken("Tamam. kupa 7 alındı") == "Tamam. Kupa 7 alındı"
        assert spoken("Tekrar izleme. 5. hamle") == "Tekrar izleme. 5. hamle"
        set_language("en")
        assert spoken("7♥ is on top") == "The 7 of hearts is on top"
        assert spoken("the 7 of hearts picked up") == "The 7 of hearts picked up"
        assert spoken("Call Stop! and…") == "Call Stop! and…"
    finally:
        set_language("en")


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
def test_espeak_ng_speaks_a_hands_first_sentences_into_a_wav_that_is_not_silent(
    tmp_path, new_speaker
):
    sentences = {
        "en": ["Pishe Pasha, hand 1", "You turn the 9 of spades", "Your turn"],
        "tr": ["Pişti, 1. el", "Kuzey kupa 7 attı", "Sıra sende"],
        "de": ["Pişti, Runde 1", "Nord spielt die Herz-Sieben", "Du bist dran"],
    }
    engine = CommandBackend("espeak-ng", shutil.which("espeak-ng"), wav_dir=tmp_path)
    speaker = new_speaker(engine)
    for lang, said in sentences.items():
        for s in said:
            speaker.say(s, lang, interrupt=False)
        assert speaker.flush(30)
    files = sorted(tmp_path.glob("*.wav"))
    assert files
    for f in files:
        with wave.open(str(f)) as w:
            assert w.getsampwidth() == 2
            assert w.getnframes() > w.getframerate() // 4
            frames = w.readframes(w.getnframes())
        samples = memoryview(frames).cast("h")
        assert max(abs(s) for s in samples) > 1000, f"{f.name} is silent"


def test_a_panel_of_lines_is_read_as_sentences():
    set_language("en")
    assert spoken("Tab:  move the focus\nEnter:  pick up.\nF2:  Read aloud") == (
        "Tab:  move the focus. Enter:  pick up. F2:  Read aloud"
    )


FAKE_AUTO = """
import os, sys, warnings

print("loading nvdaControllerClient64.dll")  # what a real engine may say as it loads
sys.stderr.write("libspeechd.so.2: cannot open shared object file\\n")
os.write(2, b"a C library complaining on the file descriptor itself\\n")
warnings.warn("JAWS is not running", RuntimeWarning)
if {fail!r}:
    raise OSError("nvdaControllerClient64.dll not found")
ACTIVE = {active!r}
SAID = []


class Output:
    system_output = False

    def is_active(self):
        print(f"probing {{self.name}}")
        return self.name in ACTIVE

    def is_system_output(self):
        return self.system_output

    def speak(self, text, interrupt=False):
        SAID.append((self.name, "speak", text, interrupt))
        return True

    def braille(self, text, **options):
        SAID.append((self.name, "braille", text))
        return True

    def output(self, text, **options):
        self.speak(text, **options)
        self.braille(text, **options)

    def silence(self):
        SAID.append((self.name, "silence"))


class NVDA(Output):
    name = "NVDA"


class JAWS(Output):
    name = "JAWS"


class SAPI5(Output):
    name = "SAPI5"
    system_output = True


class Auto(Output):
    def __init__(self):
        self.outputs = [NVDA(), JAWS(), SAPI5()]

    def get_first_available_output(self):
        return next((o for o in self.outputs if o.is_active()), None)

    def output(self, text, **options):
        first = self.get_first_available_output()
        if first:
            first.output(text, **options)
"""


@pytest.fixture
def fake_engines(tmp_path, monkeypatch):
    """A noisy stand-in for ``accessible_output2`` (the same API: ``outputs.auto.Auto()``,
    each output's ``is_active``, ``is_system_output``, ``output(text, interrupt=…)``) and a
    stand-in espeak-ng on an otherwise empty PATH; ``make(active, fail)`` writes them."""

    def forget() -> None:
        for name in [m for m in sys.modules if m.split(".")[0] == "accessible_output2"]:
            del sys.modules[name]

    def make(active: set[str], fail: bool = False) -> None:
        forget()
        package = tmp_path / "engines" / "accessible_output2"
        (package / "outputs").mkdir(parents=True, exist_ok=True)
        (package / "__init__.py").write_text("")
        (package / "outputs" / "__init__.py").write_text("")
        code = FAKE_AUTO.format(active=sorted(active), fail=fail)
        (package / "outputs" / "auto.py").write_text(code)
        bin_dir = tmp_path / "bin"
        bin_dir.mkdir(exist_ok=True)
        espeak = bin_dir / "espeak-ng"
        espeak.write_text("#!/bin/sh\nexit 0\n")
        espeak.chmod(0o755)
        monkeypatch.setenv("PATH", str(bin_dir))

    monkeypatch.syspath_prepend(str(tmp_path / "engines"))
    monkeypatch.setattr(sys, "dont_write_bytecode", True)  # each stand-in read afresh
    yield make
    forget()


def said_by_fake() -> list:
    return sys.modules["accessible_output2.outputs.auto"].SAID


def quietly(capfd, probe):
    """``probe()``, asserting it printed nothing and warned nothing."""
    import warnings

    with warnings.catch_warnings(record=True) as warned:
        warnings.simplefilter("always")
        result = probe()
    out, err = capfd.readouterr()
    assert (out, err, warned) == ("", "", [])
    return result


def test_a_running_screen_reader_is_the_first_engine_and_gets_speech_and_braille(
    fake_engines, monkeypatch, capfd, new_speaker
):
    monkeypatch.setattr(sys, "platform", "win32")
    fake_engines({"JAWS", "SAPI5"})
    engine = quietly(capfd, find_backend)
    assert (engine.name, engine.screen_reader) == ("JAWS", True)
    assert quietly(capfd, screen_reader_running)
    speaker = new_speaker(engine)
    speaker.say("North's turn", interrupt=False)
    speaker.say("Your stock, 14 cards")
    assert speaker.flush(5)
    assert said_by_fake() == [
        ("JAWS", "speak", "North's turn", False),
        ("JAWS", "braille", "North's turn"),
        ("JAWS", "speak", "Your stock, 14 cards", True),
        ("JAWS", "braille", "Your stock, 14 cards"),
    ]


def test_with_no_screen_reader_the_system_voice_then_espeak_ng_speak(
    fake_engines, monkeypatch, capfd
):
    monkeypatch.setattr(sys, "platform", "win32")
    fake_engines({"SAPI5"})
    engine = quietly(capfd, find_backend)
    assert (engine.name, engine.screen_reader) == ("SAPI5", False)
    assert not quietly(capfd, screen_reader_running)
    engine.speak("Sıra sende", "tr", interrupt=True)
    assert said_by_fake() == [("SAPI5", "speak", "Sıra sende", True)]

    monkeypatch.setattr(sys, "platform", "linux")  # (shutil.which on Windows wants ".exe")
    fake_engines(set())
    assert quietly(capfd, find_backend).name == "espeak-ng"


def test_an_engine_that_fails_to_load_is_passed_over_quietly(fake_engines, monkeypatch, capfd):
    fake_engines({"NVDA"}, fail=True)
    assert quietly(capfd, find_backend).name == "espeak-ng"
    monkeypatch.setattr(sys, "platform", "win32")
    assert not quietly(capfd, screen_reader_running)


def fake_processes(root: Path, names: list[str]) -> Path:
    """A /proc with one numbered folder per process, its name in ``comm``, and the other
    entries a real /proc has."""
    for pid, name in enumerate(names, start=100):
        (root / str(pid)).mkdir(parents=True)
        (root / str(pid) / "comm").write_text(name + "\n")
    (root / "self").mkdir(parents=True, exist_ok=True)
    (root / "999").mkdir()  # a process gone before its name was read
    (root / "cpuinfo").write_text("processor: 0\n")
    return root


@pytest.mark.parametrize(
    ("processes", "running"),
    [(["systemd", "bash", "orca", "python3"], True), (["systemd", "bash", "orcad"], False)],
)
def test_on_linux_orca_among_the_processes_is_a_running_screen_reader(
    tmp_path, monkeypatch, processes, running
):
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(backends, "PROC", fake_processes(tmp_path / "proc", processes))
    monkeypatch.delenv("DBUS_SESSION_BUS_ADDRESS", raising=False)
    assert screen_reader_running() is running


@pytest.mark.parametrize(("answer", "running"), [("true", True), ("false", False)])
def test_on_linux_the_desktops_screen_reader_switch_counts_before_orca_starts(
    tmp_path, monkeypatch, answer, running
):
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(backends, "PROC", fake_processes(tmp_path / "proc", ["bash"]))
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    gsettings = bin_dir / "gsettings"
    gsettings.write_text(
        '#!/bin/sh\n[ "$*" = "get org.gnome.desktop.a11y.applications screen-reader-enabled" ]'
        f" && echo {answer}\n"
    )
    gsettings.chmod(0o755)
    monkeypatch.setenv("PATH", str(bin_dir))
    monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/run/user/1000/bus")
    assert screen_reader_running() is running
    monkeypatch.delenv("DBUS_SESSION_BUS_ADDRESS")  # no desktop session: not asked
    assert screen_reader_running() is False


def test_a_screen_reader_that_speaks_on_its_own_still_hears_a_burst_as_one_sentence(
    fake_engines, monkeypatch, new_speaker
):
    monkeypatch.setattr(sys, "platform", "win32")
    fake_engines({"NVDA"})
    speaker = new_speaker(find_backend())
    speaker.say("You play the 9 of spades", interrupt=False, subject="You")
    time.sleep(0.05)  # the reader has it; the game moves on meanwhile
    speaker.say("East's turn", interrupt=False, subject="East", turn=True)
    speaker.say("East plays the 9 of hearts", interrupt=False, subject="East")
    speaker.say("East takes the pile (2 cards): pişti!", interrupt=False, subject="East")
    assert speaker.flush(10)
    spoken_to_reader = [s[2] for s in said_by_fake() if s[1] == "speak"]
    assert spoken_to_reader == [
        "You play the 9 of spades",
        "East plays the 9 of hearts, takes the pile (2 cards): pişti!",
    ]


def queue_narration(speaker: Speaker, n: int) -> list[str]:
    """North's ``n`` moves, queued while the first is being said."""
    lines = [f"North plays card {i}." for i in range(1, n + 1)]
    speaker.say(lines[0], interrupt=False, subject="North")
    time.sleep(0.1)  # the first is being said; the others wait
    for line in lines[1:]:
        speaker.say(line, interrupt=False, subject="North")
    return lines


def test_an_urgent_prompt_is_said_within_two_seconds_of_twenty_moves_waiting_for_a_slow_voice(
    new_speaker,
):
    """A voice that takes a second a sentence, twenty moves queued: the player's prompt is
    said at once (the move being said is cut short), and of the backlog only the last
    two moves are said after it, not twenty seconds of them."""
    engine = PerSentence(1.0)
    speaker = new_speaker(engine)
    queue_narration(speaker, 20)
    asked = time.monotonic()
    speaker.say("Your turn: play a card.", urgent=True)
    assert speaker.flush(10)
    starts = {text: at for at, text in engine.said}
    assert starts["Your turn: play a card."] - asked < 2.0
    assert [text for _, text in engine.said] == [
        "North plays card 1.",
        "Your turn: play a card.",
        "North plays card 19, plays card 20.",
    ]
    assert time.monotonic() - asked < 5.0  # not the twenty seconds the backlog would take


def test_the_games_summariser_shortens_the_backlog_it_is_given_in_order(new_speaker):
    got: list[list[str]] = []

    def summarise(backlog):
        got.append([u.text for u in backlog])
        cards = ", ".join(u.text.removeprefix("North plays ").rstrip(".") for u in backlog)
        return [replace(backlog[-1], text=f"North played {len(backlog)} cards: {cards}.")]

    engine = PerSentence(0.5)
    speaker = new_speaker(engine, summarise)
    lines = queue_narration(speaker, 6)
    speaker.say("Your turn.", urgent=True, turn=True, subject="You")
    assert speaker.flush(10)
    assert got == [lines]  # the one cut short first, then those waiting
    assert [text for _, text in engine.said][1:] == [
        "Your turn.",
        "North played 6 cards: card 1, card 2, card 3, card 4, card 5, card 6.",
    ]


def test_a_shortened_backlog_cut_short_by_the_next_prompt_is_not_said_again(new_speaker):
    """The player moves on while the summary of the moves they missed is being said: the
    next prompt cuts it short, and it is not said a second time after that prompt."""
    engine = PerSentence(1.0)
    speaker = new_speaker(engine)
    queue_narration(speaker, 6)
    speaker.say("Your turn.", urgent=True)
    time.sleep(1.3)  # the prompt said; the last two moves being said
    speaker.say("Your choices: two.", urgent=True)
    assert speaker.flush(10)
    assert [text for _, text in engine.said] == [
        "North plays card 1.",
        "Your turn.",
        "North plays card 5, plays card 6.",
        "Your choices: two.",
    ]


def test_an_urgent_prompt_never_cuts_another_urgent_one_nor_is_joined_to_moves(new_speaker):
    engine = PerSentence(0.2)
    speaker = new_speaker(engine)
    speaker.say("Your turn.", urgent=True)
    time.sleep(0.05)
    speaker.say("North plays card 1.", interrupt=False, subject="North")
    speaker.say("Choose where the 7 of hearts goes.", urgent=True)
    assert speaker.flush(5)
    assert [text for _, text in engine.said] == [
        "Your turn.",
        "Choose where the 7 of hearts goes.",
        "North plays card 1.",
    ]


def test_a_summariser_that_fails_still_lets_the_urgent_prompt_and_the_last_moves_through(
    new_speaker,
):
    def broken(backlog):
        raise ValueError("no words")

    engine = PerSentence(0.3)
    speaker = new_speaker(engine, broken)
    queue_narration(speaker, 5)
    speaker.say("Your turn.", urgent=True)
    assert speaker.flush(5)
    assert [text for _, text in engine.said][1:] == [
        "Your turn.",
        "North plays card 4, plays card 5.",
    ]
