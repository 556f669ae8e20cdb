"""A guided lesson on the real table: one step at a time, against a scripted computer.

The table is the game's own model, view, controller and controls; the lesson's model
checks each of the player's moves against the step before the referee sees it, so a
move that is not the step's is refused kindly and the lesson goes on. Back rebuilds
the position the previous step started from. The lesson's match lives only here: no
hook of the app is called, so the player's match, statistics and history stay as
they were.
"""

from __future__ import annotations

import math

import pygame

from game.core.lesson import Lesson, Script, Wait
from game.core.match import Match
from game.core.referee import Referee
from game.core.types import Action, PileKind
from game.games import spec_of
from game.store.settings import Settings
from game.text import say
from game.ui import cardart, page, theme
from game.ui.rules_panel import figure_image
from game.ui.scene import Scene
from game.ui.table.controller import TableController
from game.ui.table.controls import Navigation, TableControls
from game.ui.table.model import TableModel
from game.ui.table.speech import TableSpeech
from game.ui.table.thinker import Thinker
from game.ui.table.view import TableView
from game.ui.widgets import Button

HUMAN = 0


class LessonModel(TableModel):
    """The table's model, with each of the player's moves first shown to the lesson."""

    check = staticmethod(lambda action: True)
    done = staticmethod(lambda action: None)

    def perform(self, action: Action, starts: dict | None = None, confirmed: bool = False) -> bool:
        if not self.check(action):
            return False
        made = super().perform(action, starts, confirmed)
        if made:
            self.done(action)
        return made


class LessonScene(Scene):
    """Lesson ``index`` of ``game``, step by step; ``back`` is the scene to return to."""

    name = "lesson"

    def __init__(self, app, game: str, index: int = 0, back: Scene | None = None) -> None:
        super().__init__(app)
        self.spec = spec_of(game)
        self.index = index
        self.lesson: Lesson = self.spec.lessons[index]
        self.back_to = back
        self.art = cardart.CardArt()
        self.figure_art = cardart.CardArt()  # sized for the step's figure, not the table
        self.clock = 0.0
        self.note = ""  # why the player's move is not the step's
        self.hurry = False  # Skip step on a play-out step: play the player's moves too
        self.back_btn = Button(lambda: say("lesson.back"), self.step_back)
        self.next_btn = Button(self._next_label, self.skip)
        self.leave_btn = Button(lambda: say("lesson.leave"), self.leave_lesson)
        self.marks: list[tuple[object, int]] = []  # (state, script moves made) at each step
        self.k = 0
        state = self.spec.from_setup(self.lesson.setup, self.lesson.options)
        self._build(state, 0)
        self.marks = [(state.clone(), 0)]

    # ----------------------------------------------------------------- the table
    def options(self) -> Settings:
        return self.app.settings.holding(auto_play=False, coach=False, take_backs=False)

    def _build(self, state, scripted: int) -> None:
        """A fresh table on ``state``; the computer's script resumes after ``scripted`` moves."""
        players = state.players
        self.script = Script(self.lesson.script, scripted)
        match = Match(self.spec, players, state.options, seed=0, target=None)
        match.hand = state
        agents = [None] + [self.script] * (players - 1)
        referee = Referee(state, agents, match)
        self.thinker = Thinker(None)
        play, size = self.app.audio.play, self.app.size
        self.model = LessonModel(self.spec, match, referee, self.thinker, self.options, play, size)
        self.model.check = self._check
        self.model.caption = self.lesson.title
        self.model.done = self._done
        self.model.on_hand_over = lambda: None
        self.view = TableView(self.model, self.art)
        self.controller = TableController(
            self.model, self.view.card_at, self.view.drop_target, self.view.card_home
        )
        nav = Navigation(self.restart, self.leave_lesson, lambda: None, self.app.quit, None)
        self.controls = TableControls(self.model, nav)
        self.view.controller, self.view.controls = self.controller, self.controls
        self.speech = TableSpeech(self.model, self.controller, self.app.voice, self.controls)
        self._step_heard: tuple[int, int] | None = None
        self.resize(self.app.size)

    @property
    def state(self):
        return self.model.state

    @property
    def human(self) -> int:
        return self.model.human

    @property
    def step(self):
        return self.lesson.steps[self.k]

    @property
    def finished(self) -> bool:
        return self.k >= len(self.lesson.steps)

    def _check(self, action: Action) -> bool:
        """The player's move or call: the step's goes on, anything else is kindly refused."""
        if self.finished or self.step.accepts(action):
            self.note = ""
            return True
        wrong = self.step.wrong if self.step.wait is Wait.MOVE else "lesson.wrong.wait"
        self.note = say(wrong)
        self.app.speak(self.note)
        self.model.sound("slide_back")
        return False

    def _done(self, action: Action) -> None:
        if not self.finished and self.step.wait is Wait.MOVE:
            self._advance()

    def _advance(self) -> None:
        """The next step; the position it starts from is kept for Back."""
        self.k += 1
        self.note = ""
        self.hurry = False
        self.marks = self.marks[: self.k]
        self.marks.append((self.model.state.clone(), self.script.done))

    # ----------------------------------------------------------------- navigation
    def skip(self) -> None:
        """Next (a step that waits for nothing) or Skip step: the step's move is made for the
        player when there is one; at the end, back to the menu."""
        if self.finished:
            if self.index + 1 < len(self.spec.lessons):
                self.app.goto("lesson", game=self.spec.id, index=self.index + 1, back=self.back_to)
            else:
                self.leave_lesson()
            return
        step = self.step
        if step.wait is Wait.MOVE and self.model.human_may_act():
            legal = self.model.state.legal_actions() + self.model.my_calls()
            wanted = next((a for a in legal if str(a) in step.expect), None)
            if wanted is not None:
                self.model.perform(wanted)
                return
        if step.wait is Wait.FINISH:
            self.hurry = True  # the hand is played out for the player, one move as each comes
        elif step.wait is Wait.ANY and self.model.human_may_act():
            self.model.perform(self.model.state.legal_actions()[0])
        elif step.wait is Wait.READ:
            self._advance()

    def step_back(self) -> None:
        """The previous step, from the position it started at."""
        k = max(0, self.k - 1)
        state, scripted = self.marks[k]
        self.thinker.close()
        self._build(state.clone(), scripted)
        self.k = k
        self.marks = self.marks[: k + 1]
        self.note = ""
        self.hurry = False

    def restart(self) -> None:
        self.controls.close_menu()
        self.k = 1
        self.step_back()

    def leave_lesson(self) -> None:
        if self.back_to is not None:
            self.app.show(self.back_to)
        else:
            self.app.goto("menu")

    def _next_label(self) -> str:
        if self.finished:
            more = self.index + 1 < len(self.spec.lessons)
            return say("lesson.next_lesson" if more else "lesson.done")
        return say("lesson.next" if self.step.wait is Wait.READ else "lesson.skip")

    # ----------------------------------------------------------------- frame
    @property
    def active(self) -> bool:
        return True

    def resize(self, size: tuple[int, int]) -> None:
        self.model.resize(size)
        o = self.app.settings
        self.art.configure(self.model.layout.card, o.faces, o.card_back)
        self.controls.place(self.model.layout)
        self.controls.hint_btn.visible = self.controls.undo_btn.visible = False
        panel = self.model.layout.areas["panel"]
        row = max(26, min(40, panel.h // 12))
        gap = row // 4
        self.box = pygame.Rect(panel.x, panel.y, panel.w, panel.h)
        y = self.box.bottom - gap - row
        half = (self.box.w - 3 * gap) // 2
        self.back_btn.rect = pygame.Rect(self.box.x + gap, y - row - gap, half, row)
        self.next_btn.rect = pygame.Rect(self.back_btn.rect.right + gap, y - row - gap, half, row)
        self.leave_btn.rect = pygame.Rect(self.box.x + gap, y, self.box.w - 2 * gap, row)
        self.head = pygame.Rect(self.box.x + gap * 2, self.box.y + gap, self.box.w - gap * 4, row)
        top = self.head.bottom + row // 2 + gap
        self.text_rect = pygame.Rect(
            self.head.x, top, self.head.w, self.back_btn.rect.y - top - gap * 2
        )

    def update(self, dt: float) -> None:
        self.clock += dt
        m = self.model
        m.window_hold = bool(m.my_calls()) or self.controls.stop_hovered(self.controller.hover)
        m.update(dt)
        self.controller.settle_focus()
        self.speech.update()
        self._step_changed()
        self.controls.hint_btn.visible = self.controls.undo_btn.visible = False
        at_rest = not m.show.busy and not m.thinker.busy
        if self.finished or not at_rest:
            return
        wait = self.step.wait
        if self.hurry and wait is Wait.FINISH and m.human_may_act():
            m.perform(m.state.legal_actions()[0])
            return
        if (
            wait is Wait.WATCH
            and (m.human_may_act() or m.my_calls() or m.state.is_over)
            or wait is Wait.FINISH
            and m.state.is_over
        ):
            self._advance()

    def handle(self, event: pygame.event.Event) -> None:
        if self.controls.overlay_open() or self.model.choosing:
            self.controls.handle(event)
            return
        for w in (self.back_btn, self.next_btn, self.leave_btn):
            if w.handle(event):
                return
        if event.type == pygame.KEYDOWN and self._lesson_key(event):
            return
        if self.speech.key(event):
            return
        if self.controls.handle(event):
            return
        c = self.controller
        if event.type == pygame.MOUSEMOTION:
            c.motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            c.press(event.pos, event)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            c.release(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._table_key(event)

    def _lesson_key(self, event: pygame.event.Event) -> bool:
        """Esc leaves (after dropping a picked card), Backspace goes back, N skips."""
        key = event.key
        if key == pygame.K_ESCAPE:
            if not self.controller.escape():
                self.leave_lesson()
            return True
        if key == pygame.K_BACKSPACE:
            self.step_back()
            return True
        if key in (pygame.K_n, pygame.K_PAGEDOWN):
            self.skip()
            return True
        if key == pygame.K_s and self.controls.stop_btn.visible:
            self.model.press_stop()
            return True
        return False

    def _table_key(self, event: pygame.event.Event) -> None:
        from game.ui.scenes.table import NUMBER_KEYS

        c, key = self.controller, event.key
        if key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.finished or self.step.wait is Wait.READ:
                self.skip()
            else:
                c.activate()
        elif key == pygame.K_TAB:
            c.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            dx = (key == pygame.K_RIGHT) - (key == pygame.K_LEFT)
            dy = (key == pygame.K_DOWN) - (key == pygame.K_UP)
            c.focus_towards(dx, dy)
        elif key in NUMBER_KEYS:
            c.number_key(NUMBER_KEYS[key])

    def _step_changed(self) -> None:
        """A step's words read aloud once it begins (after the moves that led to it)."""
        now = (self.k, id(self.model))
        if now != self._step_heard:
            self._step_heard = now
            self.app.speak(self.spoken_step(), interrupt=False)

    def spoken_step(self) -> str:
        """ "Step 2 of 6. Your stock: …": the step's number and its words."""
        if self.finished:
            return self.step_words()
        step = say("speech.lesson.step", k=self.k + 1, n=len(self.lesson.steps))
        return f"{step}. {self.step_words()}"

    def step_words(self) -> str:
        if self.finished:
            return say("lesson.finished")
        points = max(self.model.state.score or [0])
        return "\n".join(say(key, points=points) for key in self.step.text)

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface)
        if not self.finished:
            self._glow(surface)
        self.controls.draw(surface)
        self._box(surface)

    def _glow(self, surface: pygame.Surface) -> None:
        pulse = 0.55 + 0.45 * math.sin(self.clock * 4.0)
        colour = (*theme.GOLD[:3], int(90 + 140 * pulse))
        for pid in self.step.piles:
            spot = self.model.layout.spots.get(pid)
            if spot is None:
                continue
            self._ring(surface, self.view.pile_top_rect(pid), colour)
        for rect in self._card_rects():
            self._ring(surface, rect, colour)
        stop = self.controls.stop_btn
        if stop.visible and any(self.spec.parse_action(a).is_call for a in self.step.expect):
            self._ring(surface, stop.rect, colour)

    def _card_rects(self) -> list[pygame.Rect]:
        """The card in the player's hand that the step's move plays, if any."""
        m = self.model
        if self.step.wait is not Wait.MOVE or not m.human_may_act():
            return []
        out = []
        for action in m.state.legal_actions():
            where = m.state.where(action)
            if str(action) not in self.step.expect or where.card is None:
                continue
            pile = m.shown.get(where.src)
            if where.src.kind is PileKind.HAND and pile and where.card in pile:
                out.append(dict(self.view.card_rects(where.src))[pile.index(where.card)])
        return out

    @staticmethod
    def _ring(surface: pygame.Surface, rect: pygame.Rect, colour) -> None:
        rect = rect.inflate(10, 10)
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, colour, layer.get_rect(), 4, border_radius=10)
        surface.blit(layer, rect)

    def _box(self, surface: pygame.Surface) -> None:
        page.box(surface, self.box, 255, 12)
        t, hd = self.text_rect, self.head
        n = len(self.lesson.steps)
        title = say(self.lesson.title)
        theme.paragraph(surface, title, int(hd.h * 0.6), theme.GOLD, hd, True)  # long: two lines
        step = say("lesson.step", k=min(self.k + 1, n), n=n)
        theme.text(
            surface, step, int(hd.h * 0.45), theme.INK_DIM, hd.bottomleft, "topleft", width=hd.w
        )
        size = self.text_size(surface.get_height())
        words = theme.wrapped(self.step_words(), size, theme.INK, t.w)
        surface.blit(words, t.topleft)
        figure = self.step_figure(size)
        if figure is not None:
            surface.blit(figure, (t.x, t.y + words.get_height() + size // 2))
        if self.note:
            note = theme.wrapped(self.note, size, theme.HINT, t.w)
            surface.blit(note, note.get_rect(bottomleft=t.bottomleft))
        for w in (self.back_btn, self.next_btn, self.leave_btn):
            w.draw(surface)

    def step_figure(self, size: int) -> pygame.Surface | None:
        """The picture the step shows under its words (the game's data), if it has one."""
        fig = None if self.finished else self.step.figure
        if fig is None:
            return None
        style = (self.app.settings.faces, self.app.settings.card_back)
        return figure_image(fig, self.text_rect.w, size, self.figure_art, style)

    def text_size(self, height: int) -> int:
        return max(14, int(height * 0.027))

    def leave(self) -> None:
        self.thinker.close()
