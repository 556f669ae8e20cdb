"""A line of the move log carries what it needs to be worded right forever
(its hand's seats), so a line from hand 1 reads the same during hand 2 and after a change
of language. In Pişti the seats turn from hand to hand; "Next hand" used to reword the
previous hand's lines with the new hand's seats ("North wins the hand…" became "You win
the hand…" with two players, "East wins…" became "West wins…" with three, "West takes the
pile… You & North win" became "You take the pile… East & West win" with four)."""

from __future__ import annotations

import pytest
from ui_support import DT, click, gesture_for, open_table, play_hand

from game.text import phrasebook
from game.ui.scenes.summary import SummaryScene


def hand_one(app, players: int):
    table = open_table(app, "pisti", {"players": players}, seed=4)
    play_hand(app, table, gesture_for)
    assert isinstance(app.scene, SummaryScene)
    return table


def words_in(app, lang: str, table) -> list[str]:
    app.set_language(lang)
    return list(table.model.log_words)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_next_hand_leaves_the_last_hands_log_worded_as_it_was(app, players):
    table = hand_one(app, players)
    m = table.model
    first_seat = m.human
    english = list(m.log_words)
    turkish = words_in(app, "tr", table)
    app.set_language("en")
    click(app, app.scene.next_btn.rect.center)  # Next hand
    assert app.scene is table
    assert m.match.hand_no == 1
    assert m.human != first_seat, "the seats turned: the test means something"
    kept = m.log.hand_from
    assert kept > 10
    assert m.log_words[:kept] == english[-kept:]
    for _ in range(40):  # into hand 2
        app.step(DT)
    assert words_in(app, "tr", table)[:kept] == turkish[-kept:]
    assert words_in(app, "en", table)[:kept] == english[-kept:]
    phrasebook.set_language("en")


def test_the_hand_end_line_names_the_winner_as_the_hand_was_seated(app):
    """The line that ends hand 1 still names hand 1's winner from hand 1's seats."""
    table = hand_one(app, 2)
    m = table.model
    ended = [line for line in m.log.lines if line.event is not None and line.event.outcome]
    assert ended
    before = ended[-1].words(m.namer)
    click(app, app.scene.next_btn.rect.center)
    assert ended[-1].words(m.namer) == before
