"""A long caption never hides the player's own seat label: the caption keeps to the foot
the layout leaves under the seat labels and shows a long sentence a line at a time, so the
label's pixels stay as they were while any line of it is up, at the smallest window and a
usual one, at every registered table, in both languages."""

from __future__ import annotations

from collections import deque

import pygame
import pytest
from ui_support import DT, HANDS, key, make_app, open_table, settle

from game.text import phrasebook
from game.text.phrasebook import LANGUAGES
from game.ui import caption, theme


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)], ids=["960", "1280"])
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game", "choices", "deal"), HANDS)
def test_a_caption_of_the_whole_table_leaves_the_players_label_as_it_was(
    tmp_path, monkeypatch, game, choices, deal, lang, size
):
    app = make_app(tmp_path, monkeypatch, size=size, language=lang)
    try:
        app.voice.use(None)
        app.voice.heard, app.voice.on = deque(maxlen=50), True
        table = open_table(app, game, choices, seed=deal)
        settle(app, table)
        key(app, pygame.K_t)  # the table read aloud, and captioned with the player's cards
        app.voice.show(f"{app.voice.caption.text} {table.speech.my_words()}")
        cap = app.voice.caption
        screen = pygame.Rect((0, 0), size)
        fnt = theme.font(caption.text_size(size))
        assert len(theme.wrap_lines(cap.text, fnt, caption.foot(size).w)) >= 2  # two lines
        label = table.model.layout.areas[f"label{table.model.human}"]
        table.draw(app.screen)
        bare = app.screen.subsurface(label).copy()
        while cap.up:
            shown = caption.draw(app.screen, cap)
            assert screen.contains(shown)
            assert screen.contains(label)
            assert not shown.colliderect(label)
            same = app.screen.subsurface(label)
            assert pygame.image.tobytes(same, "RGB") == pygame.image.tobytes(bare, "RGB")
            cap.age += DT * 10
    finally:
        phrasebook.set_language("en")


def test_a_long_caption_starts_each_line_at_a_sentence_that_fits_it(app):
    """Shown a line at a time, a line starts where a sentence does when the sentence fits
    on it whole, not in the middle of "Empty foundation"."""
    words = ("Your turn. North's stock, 22 cards. North's turned card: none. North's pile, "
             "3 cards, top the 6 of diamonds. Empty foundation. Empty foundation. Empty "
             "foundation. Foundation of spades, up to ace. Your stock, 21 cards. Scores: "
             "You 0, North 0")  # fmt: skip
    size = (960, 600)
    fnt = theme.font(caption.text_size(size))
    room = caption.foot(size).w - 2 * caption.text_size(size)
    lines = caption.sentence_lines(words, fnt, room)
    assert " ".join(lines) == words
    assert len(lines) >= 2
    assert all(fnt.size(line)[0] <= room for line in lines)
    starts = ("Your", "North", "Empty", "Foundation", "Scores")
    assert all(line.startswith(starts) for line in lines)
    cap = caption.Caption(words)
    shown = []
    while cap.up:
        shown.append(cap.line_now(lines))
        cap.age += 0.05
    assert list(dict.fromkeys(shown)) == lines  # each line in turn, none skipped
    assert min(shown.count(line) for line in lines) * 0.05 >= 1.0  # each up a second at least
