"""The app's voice gives the player's prompt priority:
``app.voice.speak(text, urgent=True)`` is said before the moves still waiting, and the
backlog is shortened by the summariser the table gives (``voice.summarise_with``), with a
voice that takes a second a sentence."""

from __future__ import annotations

import re
import threading
import time
from dataclasses import replace

from ui_support import make_app

from game.speech import Backend
from game.text import say


class SecondASentence(Backend):
    name = "slow"

    def __init__(self) -> None:
        self.said: list[tuple[float, str]] = []
        self._cut = threading.Event()

    def speak(self, text: str, lang: str, interrupt: bool) -> None:
        self.said.append((time.monotonic(), text))
        self._cut.clear()
        self._cut.wait(1.0 * max(1, len(re.findall(r"[.!?](?:\s|$)", text))))

    def stop(self) -> None:
        self._cut.set()


def test_the_players_prompt_comes_within_two_seconds_and_the_backlog_is_summed_up(
    tmp_path, monkeypatch
):
    app = make_app(tmp_path, monkeypatch)
    engine = SecondASentence()
    app.voice.use(engine)
    app.voice.on = True

    def summarise(backlog):
        return [replace(backlog[-1], text=f"North made {len(backlog)} moves.")]

    app.voice.summarise_with(summarise)
    app.voice.speak("North turns the 2 of hearts.", interrupt=False, subject="North")
    time.sleep(0.1)
    for i in range(19):
        app.voice.speak(f"North plays the {i + 3} of clubs.", interrupt=False, subject="North")
    asked = time.monotonic()
    prompt = say("status.your_turn")
    app.voice.speak(prompt, urgent=True, turn=True)
    assert app.voice.flush(10)
    starts = {text: at for at, text in engine.said}
    assert starts[prompt] - asked < 2.0
    assert [text for _, text in engine.said][1:] == [prompt, "North made 20 moves."]
    app.voice.close()
