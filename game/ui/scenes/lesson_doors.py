"""The menu's doors to the lessons: Learn to play (the game's lesson, or a list of them),
and the offer made once, at the very first start."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.text import say
from game.ui import page, theme
from game.ui.widgets import Button, text_of

if TYPE_CHECKING:
    from game.core.spec import GameSpec
    from game.ui.rules_panel import RulesPanel
    from game.ui.scene import Host
    from game.ui.widgets import FocusRing


class LessonDoors:
    """A part of the menu scene (it has ``app``, ``spec``, ``ring``, ``offer``,
    ``lesson_pick``, ``rules`` and ``resize``)."""

    app: Host
    offer: list[Button]
    lesson_pick: list[Button]
    rules: RulesPanel | None
    ring: FocusRing

    if TYPE_CHECKING:

        @property
        def spec(self) -> GameSpec: ...
        def resize(self, size: tuple[int, int]) -> None: ...

    def learn(self) -> None:
        """The chosen game's lesson, or a list to choose from when it has several."""
        lessons = self.spec.lessons
        if len(lessons) == 1:
            self._open_lesson(0)
        elif lessons:
            self.lesson_pick = [
                Button(partial(say, lesson.title), partial(self._open_lesson, i))
                for i, lesson in enumerate(lessons)
            ] + [Button(lambda: say("button.back"), self._close_pick)]
            self.resize(self.app.size)
            names = ", ".join(text_of(b.label) for b in self.lesson_pick)
            self.app.speak(say("speech.lesson_pick", lessons=names))

    def _open_lesson(self, index: int) -> None:
        self.lesson_pick = []
        self.app.goto("lesson", game=self.spec.id, index=index, back=None)

    def _close_pick(self) -> None:
        self.lesson_pick = []
        self.app.speak(say("speech.back.menu"))

    def _offer_once(self) -> list[Button]:
        """At the very first start, a question at the bottom: take the chosen game's lesson
        or not. The first screen offers each game's lesson alike, until it is answered for
        that game (a "No" for one game leaves the others' offers); the settings remember
        that the first screen offered it once it has been on screen."""
        self.answered: set[str] = set()
        if self.app.settings.lessons_offered:
            return []
        return [
            Button(lambda: say("lesson.offer.yes"), self._take_offer),
            Button(lambda: say("lesson.offer.no"), self._decline_offer),
        ]

    @property
    def offered(self) -> list[Button]:
        """The offer's buttons on screen now: the chosen game has a lesson to give and its
        offer is not yet answered (another game's chosen hides it until one with lessons
        is back)."""
        spec = self.spec
        shown = spec.lessons and not self.rules and spec.id not in self.answered
        return self.offer if shown else []

    def _take_offer(self) -> None:
        self._answered_offer()
        if self.spec.lessons:
            self._open_lesson(0)

    def _decline_offer(self) -> None:
        self._answered_offer()

    def offer_words(self) -> str:
        """The offer for the ear, with the answers the first Tabs reach."""
        yes, no = (text_of(b.label) for b in self.offer)
        return say("speech.lesson_offer", offer=self._offer_text(), yes=yes, no=no)

    def _offer_text(self) -> str:
        return say("lesson.offer", game=say(self.spec.title_key))

    def _answered_offer(self) -> None:
        """The offer was seen and answered for the chosen game: never made again for it
        (the settings are saved now; one merely seen is saved with them when the game
        quits)."""
        self.answered.add(self.spec.id)
        self.app.save_settings()

    def _pick_handle(self, event: pygame.event.Event) -> None:
        """The list of lessons: a click or Tab and Enter picks one, Esc closes it."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._close_pick()
            return
        if self.ring.handle(event):
            return
        for b in self.lesson_pick:
            if b.handle(event):
                return

    def _draw_pick(self, surface: pygame.Surface) -> None:
        """The list of lessons on a panel of its own, under the game's name."""
        theme.veil(surface, surface.get_rect(), 150)
        row = self.lesson_pick[0].rect.h
        buttons = self.lesson_pick[0].rect.unionall([b.rect for b in self.lesson_pick])
        panel = buttons.inflate(row, row)
        panel.h += int(row * 1.2)
        panel.y -= int(row * 1.2)
        page.box(surface, panel, 240, 14)
        title = say("lesson.pick", game=say(f"game.{self.spec.id}"))
        at = (panel.centerx, panel.y + row // 2 + int(row * 0.6))
        theme.text(surface, title, int(row * 0.55), theme.GOLD, at, "center", True, width=panel.w)
        for b in self.lesson_pick:
            b.draw(surface)

    def _offer(self, surface: pygame.Surface) -> None:
        if not self.offered:
            return
        self.app.settings.lessons_offered = True  # kept with the settings at the next save
        w, h = surface.get_size()
        first = self.offer[0].rect
        theme.text(
            surface,
            self._offer_text(),
            int(h * 0.03),
            theme.GOLD,
            (w // 2, first.y - 6),
            "midbottom",
            True,
            width=w - 40,
        )
        for b in self.offer:
            b.draw(surface)
