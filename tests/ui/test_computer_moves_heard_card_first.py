"""A computer's move is heard card and target first ("The jack of hearts onto your pile, by
North"), in every language: under the Stop rule the card and where it went are what the
player listens for, so they come before the name of who moved it. The move log on screen
keeps its own order ("North loads J♥ onto your pile")."""

from __future__ import annotations

from collections import deque

import pytest
from ui_support import make_app, open_table, play_hand_by_mouse

from game.core.types import EventKind
from game.text.names import card_name
from game.text.phrasebook import LANGUAGES
from game.text.spoken import spoken

MOVES = ("move", "turn")  # a card played or put somewhere, a stock's card turned


def computer_moves(table) -> list:
    m = table.model
    return [
        line
        for line in m.log.lines
        if line.event is not None
        and line.event.kind.value in MOVES
        and line.event.seat not in (None, m.human)
        and line.event.cards
        and line.event.cards[0] is not None
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", ["pishe-pasha", "pisti"])
def test_a_computer_move_is_heard_card_and_target_first(tmp_path, monkeypatch, lang, game):
    app = make_app(tmp_path, monkeypatch, language=lang)
    app.voice.use(None)
    app.voice.heard = deque(maxlen=5000)
    app.voice.on = True
    choices = {"players": 2, "stop_rule": True} if game == "pishe-pasha" else {"players": 2}
    table = open_table(app, game, choices, seed=5)
    m = table.model
    play_hand_by_mouse(app, table)
    lines = computer_moves(table)
    assert lines, "the computer moved"
    heard = "\n".join(app.voice.heard)
    for line in lines:
        words = spoken(line.heard(m.namer))
        card = card_name(line.event.cards[0]).casefold()
        who = m.namer.who(line.event.seat)
        at = words.casefold().find(card)
        assert at >= 0, words
        assert len(words[:at].split()) <= 1, words  # the card first (its article)
        end = at + len(card)
        target = words[end : words.index(who)].strip(" ,")
        assert target or line.event.kind is not EventKind.MOVE, words  # then where it went
        assert words.index(who) > end, words  # who moved it after
        assert words in heard, words  # what the voice was asked to say
        logged = spoken(line.words(m.namer)).casefold()
        assert not 0 <= logged.find(card) < 5, "the log keeps its order"
