"""Every opponent's label tells the same facts: in four-player Pişti the narrow side seats
show their cards in hand as North does (on two lines, growing up from the label's place
where the felt is clear), on screen and clear of every card and every other label, at the
smallest window and a usual one, in both languages, through the deal and the first moves."""

from __future__ import annotations

import pygame
import pytest
from ui_support import DT, join, key, make_app, open_table

from game.text import phrasebook, say_n
from game.text.phrasebook import LANGUAGES
from game.ui.table.model.phase import Doing
from game.ui.table.view import labels


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)], ids=["960", "1280"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_opponent_label_in_four_player_pisti_carries_its_card_count(
    tmp_path, monkeypatch, lang, size
):
    app = make_app(tmp_path, monkeypatch, size=size, language=lang, pace="fast")
    try:
        table = open_table(app, "pisti", {"players": 4}, seed=5)
        m, view = table.model, table.view
        seen = 0
        for _ in range(round(30 / DT)):
            if len(table.state.history) >= 6:
                break
            if m.takes_moves():
                key(app, pygame.K_1)  # the player plays their first card
            app.step(DT)
            join(app)  # the worker's and the voice's work done: the next frame sees it
            if m.phase.doing is Doing.DEALING or m.show.busy:
                continue
            seen += 1
            names = [n for n, (what, _) in m.layout.shows.items() if what == "seat_label"]
            cards = [r for pid in m.layout.spots for _, r in view.card_rects(pid)]
            for name in names:
                seat = m.layout.shows[name][1]
                words = view.label_words[name]
                if seat != m.human:
                    n = m.spec.seat_cards(m.shown.piles, seat)
                    assert say_n("label.cards", n) in " ".join(labels.label_lines(m, name))
                assert m.layout.areas["table"].contains(words), name
                assert words.collidelist(cards) < 0, name
                others = [view.label_words[o] for o in names if o != name]
                assert words.collidelist(others) < 0, name
        assert seen > 5
        assert len(table.state.history) >= 6
    finally:
        phrasebook.set_language("en")
