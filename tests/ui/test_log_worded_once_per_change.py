"""The table's log is worded when it changes, not every frame: the panel asks for its
rows at every frame, and the same lines, names and language give the rows kept; a line
added, a take-back's lines made again, other names or another language word them anew.
A line added costs only its own words: the lines worded before are remembered."""

from __future__ import annotations

import pytest

from game.text.log_lines import LogLine
from game.text.names import Namer
from game.text.phrasebook import current, set_language
from game.ui.table.model import log as table_log
from game.ui.table.model.log import MoveLog


@pytest.fixture
def worded(monkeypatch) -> list[int]:
    """How many times the log's rows were worded."""
    calls: list[int] = []
    wording = table_log.rows

    def counted(lines, namer, said=None):
        calls.append(len(lines))
        return wording(lines, namer, said)

    monkeypatch.setattr(table_log, "rows", counted)
    return calls


def a_log() -> MoveLog:
    log = MoveLog()
    log.add(LogLine.said("log.peek", cards="2♠ 3♠"))
    log.add(LogLine.said("log.peek", cards="4♠"))
    return log


def test_the_same_lines_are_worded_once(worded):
    log, namer = a_log(), Namer({0: "You", 1: "North"}, human=0)
    first = log.rows(namer, 30)
    for _ in range(5):  # five frames
        assert log.rows(namer, 30) == first
    assert worded == [2]


def test_a_new_line_a_take_back_or_other_names_word_it_again(worded):
    log, namer = a_log(), Namer({0: "You", 1: "North"}, human=0)
    log.rows(namer, 30)
    log.add(LogLine.said("log.peek", cards="5♠"))
    assert len(log.rows(namer, 30)) == 3
    log.this_hand(list(log.lines[:1]))  # a take-back: this hand's lines made again
    assert len(log.rows(namer, 30)) == 1
    assert len(log.rows(Namer({0: "You", 1: "West"}, human=0), 30)) == 1
    assert worded == [2, 3, 1, 1]


def test_another_language_words_it_again(worded):
    lang = current().lang
    log, namer = a_log(), Namer({0: "You", 1: "North"}, human=0)
    english = log.rows(namer, 30)
    try:
        set_language("tr")
        turkish = log.rows(namer, 30)
    finally:
        set_language(lang)
    assert turkish != english
    assert worded == [2, 2]


def test_a_line_added_words_only_that_line(monkeypatch):
    log, namer = a_log(), Namer({0: "You", 1: "North"}, human=0)
    log.rows(namer, 30)
    worded: list[LogLine] = []
    words = LogLine.words

    def counted(line, names):
        worded.append(line)
        return words(line, names)

    monkeypatch.setattr(LogLine, "words", counted)
    new = log.add(LogLine.said("log.peek", cards="5♠"))
    assert [row.words for row in log.rows(namer, 30)][-1] == words(new, namer)
    assert worded == [new]
