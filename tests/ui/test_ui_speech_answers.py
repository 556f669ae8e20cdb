"""Play by ear at a sighted player's speed: what a key does is said at once, cutting the
narration a slow voice is behind on (begun within 0.2 s of the key, with a voice that takes
a second a sentence); the catch-up after a long computer turn names every card put on the
player's piles; T reads the table as it lies at that instant, never a card still flying;
the Stop window's opening and closing are not words; the voice tells the table while a
move's words are still to be said (a call window waits for them)."""

from __future__ import annotations

import time
from collections import deque

import pygame
from conftest import PerSentence
from ui_support import DT, holding_2h, key, make_app, open_table, settle

from game.core.cards import parse_card
from game.core.types import Event, EventKind, PileId, PileKind
from game.text import say, say_n
from game.text.log_lines import LogLine
from game.text.names import card_name
from game.text.spoken import spoken

ANSWER = 0.2  # seconds from the key to its answer begun


def slow_table(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    engine = PerSentence(1.0)
    app.voice.use(engine)
    app.voice.on = True
    table = open_table(app, "pishe-pasha", {"players": 2}, holding_2h())
    settle(app, table)
    assert app.voice.flush(30)
    return app, engine, table


def north_moves(table, cards: list[str], onto_mine: bool) -> None:
    """North's moves logged as the show logs them (each a line the voice is told)."""
    m = table.model
    dst = PileId(PileKind.DISCARD, m.human if onto_mine else 1)
    for name in cards:
        src = PileId(PileKind.STOCK, 1)
        ev = Event(EventKind.MOVE, seat=1, cards=(parse_card(name),), src=src, dst=dst)
        m._logged(LogLine.of_event(ev))


def begun_after(engine, at: float, words: str) -> float | None:
    return next((t - at for t, text in engine.said if t >= at and words in text), None)


def test_a_key_is_answered_at_once_behind_a_slow_voice(tmp_path, monkeypatch):
    app, engine, table = slow_table(tmp_path, monkeypatch)
    north_moves(table, ["3C", "4C", "5C", "6C", "7C", "8C"], onto_mine=False)
    app.step(DT)
    time.sleep(0.3)  # the voice is saying the first of North's moves, the rest wait
    assert app.voice.speaker.busy()
    assert app.voice.behind()
    pressed = time.monotonic()
    key(app, pygame.K_t)
    words = spoken(table.speech.table_words())
    deadline = pressed + 2.0
    while begun_after(engine, pressed, words[:40]) is None and time.monotonic() < deadline:
        time.sleep(0.01)
    took = begun_after(engine, pressed, words[:40])
    assert took is not None, (took, engine.said[-3:])
    assert took < ANSWER, (took, engine.said[-3:])
    pressed = time.monotonic()
    key(app, pygame.K_TAB)  # the focus moved: said at once too, cutting T's answer
    focus = spoken(table.speech.focus_words(table.controller.focus))
    while begun_after(engine, pressed, focus) is None and time.monotonic() < pressed + 2:
        time.sleep(0.01)
    took = begun_after(engine, pressed, focus)
    assert took is not None, (took, engine.said[-3:])
    assert took < ANSWER, (took, engine.said[-3:])


def test_the_catch_up_after_a_long_computer_turn_names_every_card_put_on_the_players_pile(
    tmp_path, monkeypatch
):
    app, engine, table = slow_table(tmp_path, monkeypatch)
    loaded = ["5H", "6H", "7H"]
    north_moves(table, ["3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC"], onto_mine=False)
    north_moves(table, loaded, onto_mine=True)
    north_moves(table, ["3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD"], onto_mine=False)
    app.step(DT)
    time.sleep(0.2)
    app.voice.speak(say("status.your_turn"), urgent=True, turn=True)  # the choice waiting
    assert app.voice.flush(20)
    said = [text for _, text in engine.said]
    catch_up = next(t for t in said if t.startswith(say("speech.backlog", moves="")[:6]))
    names = ", ".join(card_name(parse_card(c)) for c in loaded[:-1])
    wanted = say_loaded(names, card_name(parse_card(loaded[-1])))
    assert wanted in catch_up, catch_up
    _head, rest = catch_up.split(". ", 1)  # "Earlier: North, 15 moves": the rest counted
    assert rest.count(". ") == 2, catch_up  # then the cards on the pile and the last two moves


def say_loaded(first: str, last: str) -> str:
    cards = say("speech.and", a=first, b=last)
    return spoken(say_n("speech.backlog.loaded", 3, who="North", cards=cards))


def test_t_reads_the_table_as_it_lies_while_a_card_still_flies(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    app.voice.use(None)
    app.voice.heard = deque(maxlen=5000)
    app.voice.on = True
    table = open_table(app, "pishe-pasha", {"players": 2}, holding_2h())
    settle(app, table)
    m = table.model
    (up,) = [a for a in m.my_actions() if str(a).endswith(">F")] or [None]
    assert up is not None, [str(a) for a in m.my_actions()]
    where = m.state.where(up)
    dst, card = where.dst, where.card
    m.perform(up)
    assert not m.phase.at_rest
    assert card not in m.shown.get(dst)
    flying = table.speech._pile_words(dst)  # the foundation as shown: the 2 not on it yet
    before = len(app.voice.heard)
    key(app, pygame.K_t)
    landed = table.speech._pile_words(dst)
    assert landed != flying
    assert card in m.shown.get(dst)
    answer = list(app.voice.heard)[before - len(app.voice.heard)]
    assert spoken(landed) in answer, answer
    assert spoken(flying) not in answer, answer


def test_the_stop_window_is_not_said_for_every_move(tmp_path, monkeypatch):
    from ui_support import faulty_opponent_table

    app = make_app(tmp_path, monkeypatch)
    app.voice.use(None)
    app.voice.on = True
    table = faulty_opponent_table(app)
    m = table.model
    opened = False
    for _ in range(600):
        app.step(DT)
        opened = opened or m.window.open
        if opened and not m.window.open:
            break
    assert opened
    assert not any("window" in h.lower() for h in app.voice.heard), list(app.voice.heard)


def test_the_table_tells_while_a_moves_words_are_still_to_be_said(tmp_path, monkeypatch):
    app, _engine, table = slow_table(tmp_path, monkeypatch)
    assert not table.speech.saying_move()
    north_moves(table, ["3C"], onto_mine=False)
    app.step(DT)
    assert table.speech.saying_move()
    assert app.voice.flush(10)
    assert not table.speech.saying_move()


class Timed(PerSentence):
    """A slow voice that notes when each text was said in full (not cut short)."""

    def __init__(self, seconds: float) -> None:
        super().__init__(seconds)
        self.ended: list[tuple[float, str]] = []

    def speak(self, text: str, lang: str, interrupt: bool) -> None:
        super().speak(text, lang, interrupt)
        if not self._cut.is_set():
            self.ended.append((time.monotonic(), text))


def test_a_faults_move_is_said_in_full_before_its_stop_window_closes(tmp_path, monkeypatch):
    """North discards the 2 of hearts, which fits a foundation: the window the player may
    call Stop in stays open until the voice has said that move, however slow the voice."""
    from ui_support import faulty_opponent_table

    app = make_app(tmp_path, monkeypatch)
    engine = Timed(1.5)
    app.voice.use(engine)
    app.voice.on = True
    table = faulty_opponent_table(app)
    app.settings.call_window = 0.2  # far shorter than the voice takes
    m = table.model
    fault = card_name(parse_card("2H"))
    opened = closed = None
    end = time.monotonic() + 30
    while closed is None and time.monotonic() < end:
        app.step(DT)
        time.sleep(DT / 4)
        if opened is None and m.window.open:
            opened = time.monotonic()
        elif opened is not None and not m.window.open:
            closed = time.monotonic()
    assert opened is not None, "the window opened and closed"
    assert closed is not None, "the window opened and closed"
    said = next((t for t, text in engine.ended if fault.lower() in text.lower()), None)
    assert said is not None, engine.said
    assert said <= closed, f"the window closed {said - closed:.2f} s before the move was said"
