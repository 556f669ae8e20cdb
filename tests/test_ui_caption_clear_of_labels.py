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
from game.ui import caption, theme


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)], ids=["960", "1280"])
@pytest.mark.parametrize("lang", ["en", "tr"])
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
            assert screen.contains(shown) and screen.contains(label)
            assert not shown.colliderect(label)
            same = app.screen.subsurface(label)
            assert pygame.image.tobytes(same, "RGB") == pygame.image.tobytes(bare, "RGB")
            cap.age += DT * 10
    finally:
        phrasebook.set_language("en")
