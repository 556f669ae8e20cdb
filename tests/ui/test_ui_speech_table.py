"""Play without looking, at the table: what the voice is asked to say, in order, against what
the table was doing when it was asked, with real keys on the headless table. The prompt
comes within two seconds of the table waiting for the player even behind a slow voice, and
the moves still waiting are shortened; a hand starts with the table and the hand, not the
deal's number; a new deal is told; T, C and F1 are named once in a player's life; Tab's
first sweep says where the player can play; after a foundation play the waiting choice is
said with its moves; a capture names its card; the player's turn comes before a move of
theirs that plays itself; clearing the focus is said; F1's keys are read a line at a time;
the Read aloud keys show their sentence as a caption (with Read aloud off, how to switch it
on)."""

from __future__ import annotations

import re
import time
from collections import deque

import pygame
import pytest
from conftest import PerSentence
from ui_support import DT, key, make_app, open_table, play_hand, rest_of_deck, settle

from game.core.agents import SeatView
from game.core.cards import parse_card
from game.core.types import PileKind
from game.games.pishe_pasha.rules import PishePasha
from game.text import say
from game.text.names import card_name
from game.text.spoken import spoken
from game.text.words import move_phrase
from game.ui import caption
from game.ui.table.input.controller import Focus
from game.ui.table.model.phase import Doing
from game.ui.table.voice import heard

WORDS = {
    "en": {
        "start": "Pişti, 2 players, against North. Hand 1",
        "second": "Hand 2",
        "keys": "T reads the table, C your cards, F1 lists every key.",
        "turn": "Your turn",
        "deal": "New deal: 32 cards left in the pack",
        "can_play": "You can play here",
        "capture": "takes the pile with",
        "capture_you": "You take the pile with",
        "choices": "Your choices: ",
        "cleared": "The white frame is gone: Tab brings it back.",
        "put_back": "The card is back where it was.",
        "off": "Read aloud is off: F2 turns it on",
    },
    "tr": {
        "start": "Pişti, 2 oyuncu, rakibin Kuzey. 1. el",
        "second": "2. el",
        "keys": "T masayı okur, C kendi kartlarını, F1 bütün tuşları listeler.",
        "turn": "Sıra sende",
        "deal": "Yeni dağıtım: destede 32 kart kaldı",
        "can_play": "Buradan hamle yapabilirsin",
        "capture": "ile yerdeki kartları aldı",
        "capture_you": "ile yerdeki kartları aldın",
        "choices": "Seçeneklerin: ",
        "cleared": "Beyaz çerçeve kalktı: Tab geri getirir.",
        "put_back": "Kart yerine geri kondu.",
        "off": "Sesli okuma kapalı: F2 açar",
    },
    "de": {
        "start": "Pişti, 2 Spieler, gegen Nord. Runde 1",
        "second": "Runde 2",
        "keys": "T liest den Tisch, C deine Karten, F1 nennt alle Tasten.",
        "turn": "Du bist dran",
        "deal": "Neu gegeben: noch 32 Karten im Talon",
        "can_play": "Hier kannst du spielen",
        "capture": "nimmt mit",
        "capture_you": "Du nimmst mit",
        "choices": "Deine Möglichkeiten: ",
        "cleared": "Der weiße Rahmen ist weg: Tab bringt ihn zurück.",
        "put_back": "Die Karte liegt wieder an ihrem Platz.",
        "off": "Vorlesen ist aus: F2 schaltet es ein",
    },
}


def listening_app(tmp_path, monkeypatch, lang="en", **settings):
    """Read aloud on; what the voice is asked to say is what these tests read."""
    app = make_app(tmp_path, monkeypatch, language=lang, **settings)
    app.voice.use(None)
    app.voice.heard = deque(maxlen=5000)
    app.voice.on = True
    return app


class Said:
    """Each sentence the table asks the voice to say, with what the table was doing then
    and, for a logged move, the seat that made it."""

    def __init__(self, app, table) -> None:
        self.log: list[tuple[Doing, str, int | None]] = []
        self._seat: int | None = None
        speak, line = app.voice.speak, table.model.director.on_line

        answers: list[tuple[str, int]] = []  # the player's moves said with a key's answer

        def logged(text, interrupt=True, force=False, subject="", turn=False, urgent=False, **kw):
            if text and (app.voice.on or force):
                seat = self._seat
                if seat is None and kw.get("now"):
                    seat = next((s for t, s in answers if t in spoken(text)), None)
                self.log.append((table.model.phase.doing, spoken(text), seat))
            speak(text, interrupt, force, subject, turn, urgent, **kw)

        def moved(text: str, seat: int | None = None) -> None:
            self._seat = -1 if seat is None else seat
            heard = len(app.voice.heard)
            line(text, seat)
            if len(app.voice.heard) == heard and seat is not None:
                answers.append((spoken(text).rstrip(". "), seat))
            self._seat = None

        app.voice.speak = logged
        table.model.director.on_line = moved

    @property
    def texts(self) -> list[str]:
        return [t for _, t, _ in self.log]

    def first(self, words: str, start: int = 0) -> int:
        return next(i for i in range(start, len(self.log)) if words in self.log[i][1])


def within(part: str, text: str) -> bool:
    """``part`` said within ``text``, where its first letter may be a capital or not."""
    return any(p in text for p in (part, part[:1].lower() + part[1:], part[:1].upper() + part[1:]))


def by_keys(app, table, action) -> None:
    """``action`` made by keys: a hand's card with its number key; else Tab to where it
    starts and Enter, then, a card picked up, Tab to where it goes and Enter."""
    where = table.state.where(action)
    if where.src.kind is PileKind.HAND:
        hand = table.model.shown.get(where.src)
        key(app, getattr(pygame, f"K_{hand.index(where.card) + 1}"))
        return
    made = len(table.state.history)
    tab_enter(app, table, Focus(where.src))
    if len(table.state.history) == made and where.dst is not None:
        tab_enter(app, table, Focus(where.dst))
    assert table.state.history[made : made + 1] == [action]


def tab_enter(app, table, target: Focus) -> None:
    for _ in range(40):
        if table.controller.focus == target:
            break
        key(app, pygame.K_TAB)
    assert table.controller.focus == target
    key(app, pygame.K_RETURN)


# ----------------------------------------------------------------- the prompt behind a slow voice
@pytest.mark.slow  # real seconds of a slow voice
def test_behind_a_slow_voice_the_prompt_comes_within_two_seconds_and_the_backlog_is_shortened(
    tmp_path, monkeypatch
):
    """A voice that takes a second a sentence, a table at the fast pace: each time the table
    starts waiting for the player, their choice is begun within 2 s, and the moves the
    voice fell behind on are said after it as a summary with the last two, never twice."""
    app = make_app(tmp_path, monkeypatch, pace="fast")
    engine = PerSentence(1.0)
    app.voice.use(engine)
    app.voice.on = True
    table = open_table(app, "pishe-pasha", {"players": 2}, seed=1)
    m = table.model
    agent = m.spec.make_agent("medium", 21)
    shortened: list[tuple[list[str], list[str]]] = []
    summarise = table.speech._summarise

    def recording(backlog):
        out = summarise(backlog)
        shortened.append(([u.text for u in backlog], [u.text for u in out]))
        return out

    table.speech._summarise = recording
    waits, asked_at, since = 0, None, time.monotonic()
    while waits < 8:
        app.step(DT)
        time.sleep(DT)
        if not m.phase.mine or asked_at == len(m.state.history):
            continue
        asked_at, waited, waits = len(m.state.history), time.monotonic(), waits + 1
        wanted = [spoken(move_phrase(m.state, a, m.namer, m.spec)) for a in m.my_actions()]
        while time.monotonic() - waited < 3.0:
            app.step(DT)
            time.sleep(DT)
            begun = [(at, t) for at, t in engine.said if at >= since]
            if any(all(within(w, t) for w in wanted) for _, t in begun):
                break
        began = [at for at, t in begun if all(within(w, t) for w in wanted)]
        assert began, (wanted, engine.said[-4:], waited)
        assert began[0] - waited < 2.0, (wanted, engine.said[-4:], waited)
        since = time.monotonic()
        m.perform(agent.choose(SeatView(m.state, m.human)))
    assert app.voice.flush(20)
    said = "\n".join(t for _, t in engine.said)
    start = "Pishe Pasha, classic, against North. Hand 1"  # before the first prompt or after
    assert said.count(start) == 1
    assert start in "".join(t for _, t in engine.said[:3])
    long = [(b, out) for b, out in shortened if len(b) > heard.KEPT + 1]
    assert long, shortened  # the voice fell behind by more than a few moves
    for backlog, out in long:
        assert len(out) == 1, (backlog, out)
        assert sum(u in out[0] for u in backlog) <= heard.KEPT, (backlog, out)
        assert said.count(out[0]) <= 1, out  # cut short by the next prompt, never said again


# ----------------------------------------------------------------- a hand's start
def test_a_hand_starts_with_the_table_and_the_hand_told_briefly_and_the_keys_named_once_in_a_life(
    tmp_path, monkeypatch, lang
):
    w = WORDS[lang]
    app = listening_app(tmp_path, monkeypatch, lang)
    table = open_table(app, "pisti", {"players": 2}, seed=6)
    said = Said(app, table)
    settle(app, table)
    deal = str(table.model.match.deal_no)
    assert said.texts[0] == w["start"]  # the table and the hand first, the deal number not
    assert said.log[0][0] in (Doing.DEALING, Doing.CHOOSING)
    keys, turn = said.first(w["keys"]), said.first(w["turn"])
    assert 0 < keys < turn
    assert said.log[turn][0] is Doing.CHOOSING
    assert not any(deal in t for t in said.texts)
    key(app, pygame.K_i)  # the hand's header key: the deal number on request
    assert deal in app.voice.last
    # the first deal played out by number keys: the new deal of four cards is told
    while len(table.state.history) < 8 or said.texts.count(w["deal"]) == 0:
        settle(app, table)
        if table.model.takes_moves():
            key(app, pygame.K_1)
        assert len(table.state.history) < 12
    at = said.first(w["deal"])
    assert said.log[at][0] is not Doing.DEALING
    assert said.first(w["turn"], at) > at  # told before the player's next turn
    assert said.texts.count(w["keys"]) == 1
    assert app.settings.speech_keys_told
    # another table in the same life: the table told again, the keys not named again
    again = open_table(app, "pisti", {"players": 2}, seed=7)
    second = Said(app, again)
    settle(app, again)
    assert second.texts[0] == w["start"]
    assert w["keys"] not in second.texts


# ----------------------------------------------------------------- Tab's first sweep
def test_tabs_first_sweep_says_you_can_play_here_on_each_place_the_player_can_act(
    tmp_path, monkeypatch, lang
):
    w = WORDS[lang]
    app = listening_app(tmp_path, monkeypatch, lang)
    table = open_table(app, "pisti", {"players": 2}, seed=6)
    settle(app, table)
    c = table.controller
    order = c.focus_order()
    live = [f for f in order if c.live(f)]
    assert len(live) == 4  # the four cards in the player's hand
    for stop in order:
        key(app, pygame.K_TAB)
        assert c.focus == stop
        assert table.model.phase.mine
        assert app.voice.last.endswith(w["can_play"]) == (stop in live), app.voice.last


# ----------------------------------------------------------------- after a foundation play
def seven_onto_eight_after_the_two() -> PishePasha:
    """The player holds a turned 2♥ that goes to the foundation (A♥ there); then 7♥ on
    their discard pile can go onto North's 8♦, or they turn: a choice once left unsaid."""
    rest = rest_of_deck("AH", "2H", "7H", "8D")
    return PishePasha.from_piles(
        [rest[:24], rest[24:]],
        discards=[["7H"], ["8D"]],
        foundations=[[], [], ["AH"], []],
        turned="2H",
        to_move=0,
    )


def test_after_a_foundation_play_the_waiting_choice_is_said_with_the_moves_it_offers(
    tmp_path, monkeypatch, lang
):
    w = WORDS[lang]
    app = listening_app(tmp_path, monkeypatch, lang)
    table = open_table(app, "pishe-pasha", {"players": 2}, seven_onto_eight_after_the_two())
    m = table.model
    settle(app, table)
    said = Said(app, table)
    (up,) = [a for a in m.my_actions() if str(a) == "turned>F"]
    by_keys(app, table, up)
    assert m.state.history[-1] == up
    settle(app, table)
    for _ in range(5):
        app.step(DT)
    offered = [spoken(move_phrase(m.state, a, m.namer, m.spec)) for a in m.my_actions()]
    assert len(offered) >= 2
    played = next(i for i, (_, _, seat) in enumerate(said.log) if seat == m.human)
    asked = said.first(w["choices"], played)
    assert said.log[asked][0] is Doing.CHOOSING
    for move in offered:
        assert within(move, said.log[asked][1])
    assert any(within(card_name(parse_card("7H")), o) for o in offered)


# ----------------------------------------------------------------- captures, turns, focus and keys
def test_a_pisti_capture_names_the_card_that_takes_the_pile(tmp_path, monkeypatch, lang):
    w = WORDS[lang]
    app = listening_app(tmp_path, monkeypatch, lang)
    table = open_table(app, "pisti", {"players": 2}, seed=6)
    said = Said(app, table)
    mine: list[tuple[str, list[str]]] = []

    def play(app, table, action) -> None:
        before = len(said.log)
        by_keys(app, table, action)
        settle(app, table)
        card = card_name(table.state.where(action).card)
        mine.append((card, [t for _, t, s in said.log[before:] if s == table.model.human]))

    play_hand(app, table, play, agent_seed=21)
    cards = "|".join(re.escape(card_name(c)) for c in range(52))
    captures = [t for _, t, s in said.log if s is not None and w["capture"].lower() in t.lower()]
    assert captures, said.texts
    for t in captures:
        assert re.search(f"(?i)(?:{cards})", t), t
    yours = [(card, t) for card, lines in mine for t in lines if w["capture_you"] in t]
    assert yours
    for card, t in yours:
        assert within(card, t)


def test_a_move_of_the_players_that_plays_itself_is_never_said_before_their_turn(
    tmp_path, monkeypatch, lang
):
    w = WORDS[lang]
    app = listening_app(tmp_path, monkeypatch, lang, auto_play=True)
    table = open_table(app, "pishe-pasha", {"players": 2}, seed=1)
    said = Said(app, table)
    m = table.model
    forced: list[str] = []
    perform = m.perform

    def played(action, *args, **kwargs):
        if m.phase.doing is Doing.FORCED:
            forced.append(str(action))
        return perform(action, *args, **kwargs)

    monkeypatch.setattr(m, "perform", played)
    agent = m.spec.make_agent("medium", 3)
    while len(m.state.history) < 40:
        settle(app, table)
        if m.phase.mine:
            by_keys(app, table, agent.choose(SeatView(m.state, m.human)))
    assert len(forced) >= 3  # moves of the player's played themselves
    others_moved = False  # (the hand opens with the player's turn, told as the table opened)
    for doing, text, seat in said.log:
        if seat is not None and seat not in (m.human, -1):  # (-1: a line of no one's)
            others_moved = True
        elif w["turn"] in text:
            others_moved = False
            assert doing in (Doing.CHOOSING, Doing.FORCED, Doing.SHOWING), (doing, text)
        elif seat == m.human:
            assert not others_moved, (text, said.texts)


def test_clearing_the_focus_and_putting_a_picked_card_back_are_said(tmp_path, monkeypatch, lang):
    w = WORDS[lang]
    app = listening_app(tmp_path, monkeypatch, lang)
    rest = rest_of_deck("5C", "4D")  # the turned 5C loads onto 4D or is discarded
    state = PishePasha.from_piles([rest[:24], rest[24:]], discards=[[], ["4D"]], turned="5C")
    table = open_table(app, "pishe-pasha", {"players": 2}, state)
    settle(app, table)
    c = table.controller
    key(app, pygame.K_TAB)
    assert c.focus is not None
    assert c.live(c.focus)
    key(app, pygame.K_RETURN)
    assert c.picked is not None, "a card with two places is lifted at the first Enter"
    key(app, pygame.K_ESCAPE)
    assert c.picked is None
    assert c.focus is not None
    assert app.voice.last == w["put_back"]
    key(app, pygame.K_ESCAPE)
    assert c.focus is None
    assert not table.controls.menu_open
    assert app.voice.last == w["cleared"]
    key(app, pygame.K_ESCAPE)
    assert table.controls.menu_open  # with nothing to clear, Esc opens the game menu


def test_f1_reads_the_keys_on_the_table_one_line_at_a_time(tmp_path, monkeypatch, lang):
    app = listening_app(tmp_path, monkeypatch, lang)
    table = open_table(app, "pisti", {"players": 2}, seed=6)
    settle(app, table)
    said = Said(app, table)
    key(app, pygame.K_F1)
    panel = table.controls.help
    lines = panel.parts()
    assert said.log[-1][1] == f"{spoken(say('button.keys'))}. {spoken(panel.spoken())}"
    assert said.log[-1][0] is Doing.PAUSED
    start = len(said.log)
    for _ in lines:
        key(app, pygame.K_DOWN)
    assert said.texts[start:] == [spoken(line) for line in lines]  # each line on its own
    key(app, pygame.K_ESCAPE)
    assert app.voice.last == spoken(say("speech.back.table"))


# ----------------------------------------------------------------- captions
def test_a_caption_of_a_usual_move_keeps_to_one_line_clear_of_the_seat_labels(app):
    """A sentence as long as a move's (90 characters) fits one line across the foot at
    960x600, so the caption covers the hint line and not the player's seat label above it."""
    surface = pygame.Surface((960, 600))
    one = caption.draw(surface, caption.Caption("North loads the 7 of hearts onto your pile."))
    usual = caption.draw(surface, caption.Caption("North plays the queen of "
                                                  "spades to the foundation and turns the 7 "
                                                  "of hearts onto your pile"))  # fmt: skip
    assert usual.h == one.h


def test_the_read_aloud_keys_show_their_sentence_as_a_caption_and_when_off_how_to_switch_it_on(
    tmp_path, monkeypatch, lang
):
    app = listening_app(tmp_path, monkeypatch, lang, size=(960, 600))
    table = open_table(app, "pisti", {"players": 2}, seed=6)
    settle(app, table)
    drawn: list[tuple[str, pygame.Rect]] = []
    draw = caption.draw

    def shown(surface, cap):
        box = draw(surface, cap)
        drawn.append((cap.text, box))
        return box

    monkeypatch.setattr(caption, "draw", shown)
    speech = table.speech
    asked = {
        pygame.K_t: speech.table_words,
        pygame.K_c: speech.my_words,
        pygame.K_l: speech.last_moves,
        pygame.K_F3: lambda: app.voice.last,
    }
    screen = pygame.Rect((0, 0), app.screen.get_size())
    for k, words in asked.items():
        want = spoken(words())
        key(app, k)
        assert app.voice.last == want
        text, box = drawn[-1]
        assert text == " ".join(want.split())
        assert screen.contains(box)
        assert box.bottom >= screen.h - 8
        assert box.w >= screen.w * 0.9
        assert box.h < screen.h / 4
    for _ in range(int(caption.SHOWN_MOST / DT) + 2):
        app.step(DT)
    assert app.voice.caption is None  # it goes after a moment
    app.voice.on = False
    before = len(app.voice.heard)
    for k in asked:
        drawn.clear()
        key(app, k)
        assert drawn
        assert drawn[-1][0] == WORDS[lang]["off"]
    assert len(app.voice.heard) == before  # nothing said
