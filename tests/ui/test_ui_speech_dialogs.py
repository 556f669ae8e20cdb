"""Play without looking: every question says its words when it
opens, then its answers as the focus reaches them, and F3 says the question again, not the
answer the focus is on; a file's notice is said; going back from Settings, closing the
rules or the lessons' list, and the first start's lesson offer are said; the keys panel
and the rules are read a line (or a paragraph) at a time; Settings reads the Sound row
with no sound device, saying why it cannot change. In English and in Türkçe."""

from __future__ import annotations

from collections import deque

import pygame
from ui_support import DT, key, make_app, open_table, pretend_saved, settle

from game.core.files import Notice
from game.text import say
from game.text.spoken import spoken
from game.ui.scenes.lesson import LessonScene
from game.ui.scenes.menu import MenuScene, _match_words, _replace_key
from game.ui.scenes.settings import SettingsScene

SAVED = {"game": "pisti", "variant": None, "target": 151, "totals": [22, 4], "hand": 3}

WORDS = {
    "en": {
        "no": "No button",
        "yes": "Yes button",
        "back_table": "Back to the table",
        "back_menu": "Back to the main menu",
        "sound": "Sound. No sound device",
        "none": "No sound device",
        "offer": "New to Pishe Pasha? A short lesson shows you how to play. Tab goes to "
        "“Show me how to play”, then to “No, thank you”.",
        "first": "Top of the list",
        "last": "End of the list",
        "lines": "18 lines: the Up and Down arrows read them one at a time",
    },
    "tr": {
        "no": "Hayır düğmesi",
        "yes": "Evet düğmesi",
        "back_table": "Masaya döndün",
        "back_menu": "Ana menüye döndün",
        "sound": "Ses. Ses aygıtı yok",
        "none": "Ses aygıtı yok",
        "offer": "Pishe Pasha oyununu bilmiyor musun? Kısa bir ders nasıl oynandığını gösterir. "
        'Tab önce "Nasıl oynandığını göster", sonra "Hayır, teşekkürler" düğmesine gider.',
        "first": "Listenin başı",
        "last": "Listenin sonu",
        "lines": "18 satır: yukarı ve aşağı oklar teker teker okur",
    },
    "de": {
        "no": "Nein, Schaltfläche",
        "yes": "Ja, Schaltfläche",
        "back_table": "Zurück am Tisch",
        "back_menu": "Zurück im Hauptmenü",
        "sound": "Ton. Kein Audiogerät",
        "none": "Kein Audiogerät",
        "offer": "Neu bei Pishe Pasha? Eine kurze Lektion zeigt dir, wie es geht. Tab geht zu "
        "„Zeig mir, wie es geht“, dann zu „Nein, danke“.",
        "first": "Anfang der Liste",
        "last": "Ende der Liste",
        "lines": "18 Zeilen: Die Pfeile nach oben und unten lesen sie einzeln",
    },
}


def listening_app(tmp_path, monkeypatch, lang, **settings):
    app = make_app(tmp_path, monkeypatch, language=lang, **{"lessons_offered": True, **settings})
    app.voice.use(None)  # what is asked to be said is what these tests read
    app.voice.heard = deque(maxlen=2000)
    app.voice.on = True
    return app


def heard_since(app, before: int) -> list[str]:
    return list(app.voice.heard)[before:]


def test_the_replace_match_question_is_said_when_it_opens_and_f3_says_it_again(
    tmp_path, monkeypatch, lang
):
    """The player's own report: "Start", then nothing, then "Yes", "No"; F3 said "Start"."""
    app = listening_app(tmp_path, monkeypatch, lang)
    pretend_saved(app, monkeypatch, SAVED)
    menu = app.goto("menu")
    assert isinstance(menu, MenuScene)
    app.step(DT)
    w = WORDS[lang]
    question = spoken(say(_replace_key(SAVED), **_match_words(SAVED)))
    key(app, pygame.K_RETURN)  # Start: it would replace the saved match, so it asks
    assert menu.question is not None
    assert app.voice.last == f"{question} {w['no']}"  # the question, then where the focus is
    key(app, pygame.K_TAB)
    assert app.voice.last == say("button.yes")  # the answers as the focus reaches them
    key(app, pygame.K_F3)
    assert app.voice.last == f"{question} {w['yes']}"  # the question again, not "Yes"
    key(app, pygame.K_TAB)
    assert app.voice.last == say("button.no")
    before = len(app.voice.heard)
    key(app, pygame.K_n)  # No: the match is kept, the question gone
    assert menu.question is None
    assert app.scene is menu
    key(app, pygame.K_F3)
    assert question not in " ".join(heard_since(app, before))


def test_the_statistics_reset_question_is_said_and_starts_on_no(tmp_path, monkeypatch, lang):
    app = listening_app(tmp_path, monkeypatch, lang, keep=True)
    stats = app.goto("stats")
    app.step(DT)
    key(app, pygame.K_TAB)  # Reset
    assert app.voice.last == say("button.reset")
    key(app, pygame.K_RETURN)
    question = spoken(say("question.reset_stats"))
    assert app.voice.last == f"{question} {WORDS[lang]['no']}"
    key(app, pygame.K_F3)
    assert app.voice.last == f"{question} {WORDS[lang]['no']}"
    key(app, pygame.K_RETURN)  # Enter out of habit: No, nothing reset
    assert not stats.asking


def test_a_notice_about_the_players_files_is_said_after_the_screens_words(
    tmp_path, monkeypatch, lang
):
    app = listening_app(tmp_path, monkeypatch, lang)
    app.goto("menu")
    app.notice(Notice("save_failed", "disk full"))
    app.step(DT)
    notice = spoken(app.notices[-1])
    heard = list(app.voice.heard)
    assert heard[0].startswith(spoken(say("speech.scene.menu")))
    assert heard[-1] == notice
    app.step(DT)
    assert list(app.voice.heard).count(notice) == 1  # once


def test_going_back_from_settings_to_the_table_is_said(tmp_path, monkeypatch, lang):
    app = listening_app(tmp_path, monkeypatch, lang)
    table = open_table(app, "pisti", {"players": 2}, seed=6)
    settle(app, table)
    table.settings()
    assert isinstance(app.scene, SettingsScene)
    app.step(DT)
    assert app.voice.last == say("speech.scene.settings")
    key(app, pygame.K_ESCAPE)
    assert app.scene is table
    assert app.voice.last == WORDS[lang]["back_table"]


def test_the_first_starts_lesson_offer_is_said_and_reached_by_the_first_tab(
    tmp_path, monkeypatch, lang
):
    app = listening_app(tmp_path, monkeypatch, lang, lessons_offered=False)
    app.goto("menu")
    app.step(DT)
    menu_words = spoken(say("speech.scene.menu"))
    assert app.voice.last == f"{menu_words}. {WORDS[lang]['offer']}"
    key(app, pygame.K_TAB)
    assert app.voice.last == spoken(say("lesson.offer.yes"))
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, LessonScene)
    assert app.settings.lessons_offered


def test_a_match_left_to_continue_comes_before_the_lesson_offer(tmp_path, monkeypatch):
    """A first start killed mid-match: Tab, Enter still continues it (the offer after)."""
    app = listening_app(tmp_path, monkeypatch, "en", lessons_offered=False)
    pretend_saved(app, monkeypatch, {**SAVED, "played": True})
    menu = app.goto("menu")
    app.step(DT)
    key(app, pygame.K_TAB)
    assert menu.ring.current() is menu.continue_btn
    key(app, pygame.K_TAB)
    assert app.voice.last == spoken(say("lesson.offer.yes"))


def test_the_keys_panel_is_read_a_line_at_a_time(tmp_path, monkeypatch, lang):
    """F1's list of keys: the arrows read its lines one by one, the line read is marked,
    and past either end the voice says so."""
    app = listening_app(tmp_path, monkeypatch, lang)
    table = open_table(app, "pisti", {"players": 2}, seed=6)
    settle(app, table)
    key(app, pygame.K_F1)
    panel = table.controls.help
    lines = panel.parts()
    assert len(lines) == 18
    assert panel.spoken() == WORDS[lang]["lines"]
    key(app, pygame.K_DOWN)
    assert app.voice.last == spoken(lines[0])
    key(app, pygame.K_DOWN)
    assert app.voice.last == spoken(lines[1])
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)
    assert app.voice.last == WORDS[lang]["first"]
    assert panel.line == 0
    for _ in range(len(lines)):
        key(app, pygame.K_DOWN)
    assert app.voice.last == WORDS[lang]["last"]
    assert panel.line == len(lines) - 1
    assert panel.offset > 0  # scrolled to the line read
    key(app, pygame.K_ESCAPE)
    assert table.controls.panel is None


def test_the_rules_are_read_a_paragraph_at_a_time_and_closing_them_is_said(
    tmp_path, monkeypatch, lang
):
    app = listening_app(tmp_path, monkeypatch, lang)
    menu = app.goto("menu")
    app.step(DT)
    menu._rules()
    rules = menu.rules
    paragraphs = rules.parts()
    assert app.voice.last.endswith(spoken(rules.spoken()))
    assert str(len(paragraphs)) in rules.spoken()
    key(app, pygame.K_DOWN)
    assert app.voice.last == spoken(paragraphs[0])
    key(app, pygame.K_DOWN)
    assert app.voice.last == spoken(paragraphs[1])
    key(app, pygame.K_ESCAPE)
    assert menu.rules is None
    assert app.voice.last == WORDS[lang]["back_menu"]


def test_settings_read_the_sound_row_with_no_sound_device_and_say_why_it_cannot_change(
    tmp_path, monkeypatch, lang
):
    app = listening_app(tmp_path, monkeypatch, lang)
    monkeypatch.setattr(type(app.audio), "available", property(lambda audio: False))
    scene = app.goto("settings")
    app.step(DT)
    sound = scene.row_of["sound"]
    for _ in range(len(scene.rows) + 1):
        key(app, pygame.K_TAB)
        if scene.ring.current() is sound:
            break
    assert scene.ring.current() is sound  # not skipped
    assert app.voice.last.startswith(WORDS[lang]["sound"])
    was = app.settings.sound
    key(app, pygame.K_RIGHT)
    assert app.voice.last == WORDS[lang]["none"]
    assert app.settings.sound == was


def test_each_answer_to_the_reset_question_says_what_happened(tmp_path, monkeypatch, lang):
    """No says nothing was reset; Yes says the statistics were reset (with a voice that does
    not say it, the player could not tell the question had closed)."""
    app = listening_app(tmp_path, monkeypatch, lang, keep=True)
    stats = app.goto("stats")
    app.step(DT)
    key(app, pygame.K_TAB)  # Reset
    key(app, pygame.K_RETURN)  # the question, on No
    before = len(app.voice.heard)
    key(app, pygame.K_RETURN)  # No
    assert not stats.asking
    assert spoken(say("speech.stats.kept")) in heard_since(app, before)
    key(app, pygame.K_RETURN)  # Reset again
    assert stats.asking
    for _ in range(3):
        if stats.ring.current() is stats.yes_btn:
            break
        key(app, pygame.K_TAB)
    before = len(app.voice.heard)
    key(app, pygame.K_RETURN)  # Yes
    assert not stats.asking
    assert spoken(say("speech.stats.reset")) in heard_since(app, before)


def test_play_this_deal_with_no_number_says_why_it_did_not_start(tmp_path, monkeypatch, lang):
    app = listening_app(tmp_path, monkeypatch, lang)
    menu = app.goto("menu")
    app.step(DT)
    before = len(app.voice.heard)
    menu.deal_btn.on_click()
    app.step(DT)
    assert app.scene is menu  # nothing started
    said = heard_since(app, before)
    assert said, said
    assert said[-1] == spoken(say("speech.deal.no_number")), said
