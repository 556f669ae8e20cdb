"""The table read aloud (T) is sentences, each begun with a capital, in every language:
a sentence that follows one ending in a number ("…top the 10 of clubs. Clubs foundation…")
is still a sentence to the voice, which runs the two into one when the second begins in
lower case ("sinek 10 sinek temeli"), and still the words its pile is said in alone."""

from __future__ import annotations

import re

import pygame
import pytest
from ui_support import HANDS, key, keys_for, make_app, open_table, play_hand

from game.core.types import PileKind
from game.speech import FileBackend
from game.text import current
from game.text.spoken import pile_words, sentences, spoken

ENDS_IN_A_NUMBER = re.compile(r"\d\. ")


def test_joined_sentences_each_begin_with_a_capital(lang):
    text = sentences(["ışık 10", "ilk", "", "7 of hearts"])
    assert text == f"Işık 10. {current().capitalise('ilk')}. 7 of hearts"
    assert spoken(text) == text  # (said as written: no sentence run into the one before)


def test_a_sentence_that_ends_on_its_own_is_not_followed_by_a_period(lang):
    assert sentences(["which one?", "the 3", "done.", "next"]) == "Which one? The 3. Done. Next"


def read_aloud(app, said) -> str:
    key(app, pygame.K_t)
    assert app.voice.flush(10)
    return said.read_text("utf-8").splitlines()[-1].split("\t", 2)[2]


@pytest.mark.parametrize(("game", "choices", "seed"), HANDS)
def test_the_table_read_aloud_begins_each_sentence_with_a_capital(
    tmp_path, monkeypatch, lang, game, choices, seed
):
    said = tmp_path / "said.txt"
    app = make_app(tmp_path, monkeypatch, language=lang)
    app.voice.use(FileBackend(said))
    app.voice.on = True
    table = open_table(app, game, choices, seed=seed)
    after_numbers = 0

    def read(_moves: int) -> None:
        nonlocal after_numbers
        if app.scene is not table:
            return
        words = read_aloud(app, said)
        for sentence in re.split(r"(?<=[.?]) ", words):
            assert sentence[:1] == current().capitalise(sentence[:1]), (sentence, words)
        m = table.model
        for pid in m.layout.spots:
            cards = m.shown.get(pid)
            if pid.kind is not PileKind.DECK and m.layout.role(pid).told == "built":
                assert spoken(pile_words(pid, cards, m.namer, m.layout.role(pid))) in words
        after_numbers += len(ENDS_IN_A_NUMBER.findall(words))

    play_hand(app, table, keys_for, after=read)
    assert after_numbers, "no sentence of the readings ended in a number: nothing was proven"
