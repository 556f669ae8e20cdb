"""The Turkish review of 2026-12-02: every one of its 50 items is answered in
docs/reviews/turkish-2026-12-02.md, the catalogues pass gettext's own checker, and the
fixes that can be checked hold: the texts as proposed, the lesson's status line that no
longer contradicts the lesson, a partnership's saved match, a question of two, the key
descriptions in lower case, and a lesson's number kept with its "puan"."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pygame
import pytest
from test_phrasebook import catalogue
from ui_support import DT, key, make_app, pretend_saved

from game.core.cards import CARD_TEXT
from game.core.types import PileId, PileKind
from game.games import SPECS
from game.session import Session
from game.text import say, set_language
from game.ui import theme
from game.ui.scenes.lesson import LessonScene, held_together

ROOT = Path(__file__).resolve().parents[2]
ANSWERS = ROOT / "docs" / "reviews" / "turkish-2026-12-02.md"
CATALOGUES = sorted((ROOT / "game").glob("**/locale/*/LC_MESSAGES/*.po"))


def test_every_item_of_the_review_is_answered():
    text = ANSWERS.read_text(encoding="utf-8")
    for n in range(1, 51):
        found = re.search(rf"^{n}\. \*\*.+?(?=^\d+\. \*\*|^## |\Z)", text, re.M | re.S)
        assert found, f"item {n} is not answered"
        assert "**Fixed" in found.group(0) or "**Not changed" in found.group(0), n


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="gettext's msgfmt is not installed")
@pytest.mark.parametrize("po", CATALOGUES, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_catalogues_pass_gettexts_own_checker(po):
    done = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(po)],
                          capture_output=True, text=True)  # fmt: skip
    assert done.returncode == 0, done.stderr


FIXED = {
    "lesson.pp.wrong.stop": "atlanan kart temele gider",
    "lesson.pisti.title": "İlk el",
    "lesson.all_done": "tamamlandı",
    "label.partner": "(eşin)",
    "count.won.side": "ikinizin",
    "lesson.pisti.jack_pisti": "Kupa valeni at.",
    "choice.start_jack": "İlk kart vale çıkarsa",
    "game.pishe-pasha.about": "pasyans",
    "lesson.book.intro": "Savaş (War)",
    "hint.why.rather": "{other} daha kötü olurdu: {why}.",
    "review.line": "yerine {better} daha iyiydi",
    "coach.why.search": "koçun denediği dağılımlarda",
    "level.expert.help": "oyunun en güçlü rakipleri",
    "settings.coach.help": "Uzman'ın",
    "speech.review.found": "Enter durumu gösterir",
    "title.stop_choice": "Stop! dedin: ne olsun?",
    "prompt.asking.two": "1 ya da 2'ye bas",
    "stats.count.stops_caught": "yakalandığın",
    "speech.pile.turned.empty": "açtığı kart yok",
    "desktop.bad_place": "ayarla",
    "settings.card_size.help": "Pencere el verdikçe",
    "lesson.pp.single_up": "elindeki kupa 6",
    "rules.pisha-pasha-book": "destenin en altına gelir",
    "rules.pisti": "Sıra sana gelince",
    "notice.hand_kept": "Elin kaydedildi",
}


@pytest.mark.parametrize(("key_", "words"), FIXED.items())
def test_the_texts_read_as_the_review_proposes(key_, words):
    texts = catalogue("tr")[key_]
    assert any(words in t for t in texts), (key_, texts)


def test_the_key_descriptions_start_in_lower_case():
    """As the other keys' do ("odağı o yöne taşı"); a name keeps its capital ("Stop! de")."""
    for key_, texts in catalogue("tr").items():
        if key_.startswith("keys.") and key_.endswith(".what"):
            starts = [t for t in texts if not t.startswith("Stop!")]
            assert all(t[:1] == t[:1].lower() for t in starts), (key_, texts)


def test_a_lesson_refusing_a_legal_card_says_only_its_own_words(tmp_path, monkeypatch):
    """The partners' lesson wants one card; pressing the number of another (a legal card)
    is refused by the lesson, and the status line no longer says "nothing can be played
    here"."""
    app = make_app(tmp_path, monkeypatch, size=(1280, 800), language="tr", lessons_offered=True)
    set_language("tr")
    try:
        index = next(i for i, les in enumerate(SPECS["pisti"].lessons) if "partner" in les.id)
        scene = app.goto("lesson", game="pisti", index=index)
        assert isinstance(scene, LessonScene)
        m = scene.model
        for _ in range(600):
            app.step(DT)
            if scene.here and scene.step.expect and m.human_may_act():
                break
            if scene.here and not scene.step.expect:
                key(app, pygame.K_RETURN)
        hand = m.shown.get(PileId(PileKind.HAND, m.human))
        wrong = next(i for i, c in enumerate(hand) if CARD_TEXT[c] not in scene.step.expect)
        assert m.spec.parse_action(CARD_TEXT[hand[wrong]]) in m.state.legal_actions()
        key(app, getattr(pygame, f"K_{wrong + 1}"))
        assert scene.note, "the lesson says why"
        assert m.message != say("message.nothing_here")
        assert not m.state.history or str(m.state.history[-1]) != CARD_TEXT[hand[wrong]]
    finally:
        app.scene.leave()
        set_language("en")


def test_a_partnerships_saved_match_is_yours_together(app, monkeypatch):
    set_language("tr")
    session = Session.start("pisti", {"players": 4}, "medium", 4)
    info = session.summary()
    menu = app.goto("menu")
    pretend_saved(app, monkeypatch, info)
    assert ", siz 0 – 0, 1. el" in menu._continue_label()
    set_language("en")
    assert ", your side 0 – 0, hand 1" in menu._continue_label()


@pytest.mark.parametrize("width", range(90, 400, 9))
def test_a_lessons_number_stays_with_its_puan_and_a_suit_with_its_rank(width):
    pygame.font.init()
    set_language("tr")
    words = held_together(say("lesson.pisti.partners_pisti"))
    lines = theme.wrap_lines(words, theme.font(16), width)
    for line in lines:
        assert not line.rstrip().endswith(("10", "karo", "maça")), lines
        assert not line.startswith(("puan", "4 ")), lines
    set_language("en")
