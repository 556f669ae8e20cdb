"""Lessons written for the ear as well as the eye: every lesson step's words, and what each
step says when another move is made, read right when spoken, in every language: no card
name with a doubled article ("your the 7 of spades", "the the 7 of hearts"), no word that
only the eye can follow ("glowing") and no drawn arrow ("Skip ▶") said aloud."""

from __future__ import annotations

import re

from game.games import SPECS
from game.text import phrasebook, say
from game.text.spoken import spoken

NEVER_SAID = ("the the ", "your the ", "glowing", "▶", "◀")
# a card's own "the" after a word that already says whose, a word between or not ("your own
# the 3 of clubs")
DOUBLED = re.compile(r"\b(?:the|your|its|my|\w+'s)(?: \w+)? the (?:\d+|ace|jack|queen|king) of ")


def lesson_keys() -> list[str]:
    keys = []
    for spec in SPECS.values():
        for lesson in spec.lessons:
            keys.append(lesson.title)
            for step in lesson.steps:
                keys += [*step.text, step.wrong]
    keys += ["lesson.finished", "lesson.finished.more", "lesson.next", "lesson.skip"]
    keys += ["lesson.next_lesson"]
    return keys


def test_every_lesson_step_reads_right_when_spoken(lang):
    keys = lesson_keys()
    assert len(keys) > 20
    wrong = []
    for key in keys:
        words = spoken(say(key, points=10, mine=5, theirs=3)).lower()
        wrong += [(key, bad, words) for bad in NEVER_SAID if bad in words]
        wrong += [(key, m[0], words) for m in DOUBLED.finditer(words)]
    assert not wrong, wrong


def test_a_card_after_a_word_that_says_whose_keeps_one_article():
    phrasebook.set_language("en")
    said = spoken("Play your 7♠ on the 7♥. North's 9♠ lies alone. North loads 7♥.")
    assert said == (
        "Play your 7 of spades on the 7 of hearts. North's 9 of spades lies alone. "
        "North loads the 7 of hearts."
    )
    said = spoken("Now your own 3♣ fits. And your kept 3♥ too, on 2♥.")
    assert (
        said == "Now your own 3 of clubs fits. And your kept 3 of hearts too, on the 2 of hearts."
    )


def test_an_ellipsis_before_the_next_sentence_is_not_a_fourth_dot():
    phrasebook.set_language("en")
    assert spoken("Call Stop! and…. Force the play. End the turn") == (
        "Call Stop! and… Force the play. End the turn"
    )
