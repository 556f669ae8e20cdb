"""A lesson's title stays readable at 960x600 in both languages: a long one goes onto two
lines instead of shrinking below the smallest size the game draws (seen on the lesson
screenshots: "One foundation, three players" came out at 9 px), and a game's titles are
all drawn at one size (two of them wrapped in a smaller font than the rest)."""

from __future__ import annotations

import pygame
import pytest
from ui_support import DT, make_app

from game.games import SPECS
from game.text import phrasebook, say
from game.text.phrasebook import LANGUAGES
from game.ui import theme


def forget() -> None:
    """Drop the theme's cached fonts and pictures of words, so every word is drawn anew."""
    for cached in (theme.font, theme.fit_text, theme.rendered):
        cached.cache_clear()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_lessons_title_is_drawn_at_a_readable_size(tmp_path, monkeypatch, lang):
    app = make_app(tmp_path, monkeypatch, size=(960, 600), language=lang, lessons_offered=True)
    phrasebook.set_language(lang)
    drawn: list[tuple[str, int]] = []
    real = pygame.font.Font

    class Spy(real):
        def __init__(self, file, size: int) -> None:
            super().__init__(file, size)
            self.px = size

        def render(self, words, *args, **kwargs):
            drawn.append((words, self.px))
            return super().render(words, *args, **kwargs)

    monkeypatch.setattr(pygame.font, "Font", Spy)
    forget()
    try:
        for game, spec in SPECS.items():
            one_size: set[int] = set()  # a game's titles share one size
            for index, lesson in enumerate(spec.lessons):
                scene = app.goto("lesson", game=game, index=index)
                drawn.clear()
                app.dirty = True
                app.step(DT)
                title = say(lesson.title)
                sizes = [size for words, size in drawn if words in title and words.strip()]
                assert sizes, (lang, lesson.id)
                assert min(sizes) >= theme.READABLE, (lang, lesson.id, sizes)
                one_size.update(size for words, size in drawn if words == title)
                scene.leave()
            assert len(one_size) <= 1, (lang, game, one_size)  # (lessons are optional)
    finally:
        phrasebook.set_language("en")
        monkeypatch.undo()
        forget()
