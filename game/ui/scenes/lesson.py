"""A guided lesson on the real table: one step at a time, against a scripted computer.

The table is a :class:`TableRig` like any other; the lesson vets each of the player's moves
before the referee sees it, so a move that is not the step's is refused kindly and the
lesson goes on. A step's words appear when the table reaches the position they describe
(the table's phase says so), never before: a step that has been done stays on screen while
its move is shown and the computer plays, until the next step's position is there. While a
step is to be read the table waits. Back rebuilds the position the previous step started
from. The lesson's match lives only here: no hook of the app is called, so the player's
match, statistics and history stay as they were.
"""

from __future__ import annotations

import math
import re

import pygame

from game.core.cards import RANK_TEXT, SUITS
from game.core.lesson import Lesson, Script, Step, Wait
from game.core.match import Match
from game.core.referee import Referee
from game.core.state import GameState
from game.core.types import Action, PileKind
from game.games import spec_of
from game.store.settings import Settings
from game.text import say
from game.ui import cardart, page, theme
from game.ui.rules_panel import figure_image
from game.ui.scene import Scene
from game.ui.table.input.buttons import Navigation
from game.ui.table.model.phase import Doing, Phase
from game.ui.table.rig import ENTER, RigDirector, RiggedScene, TableRig
from game.ui.table.voice.heard import keys_words
from game.ui.widgets import Button, FocusRing

HUMAN = 0
PLAYERS_TURN = (Doing.CHOOSING, Doing.CALLING, Doing.FORCED)
PLAYS_ITSELF = (Wait.WATCH, Wait.FINISH)  # steps whose table moves on without the player


def held_together(words: str) -> str:
    """A step's words as its box wraps them: a number kept on the line of the word after
    it ("10 puan", "49 points") and a suit with its rank ("karo 4", "kupa 2'si"), joined
    by no-break spaces, so no line splits them."""
    suits = "|".join(re.escape(say(f"suit.{s}")) for s in SUITS)
    ranks = "|".join(re.escape(say(f"rank.{r}")) for r in RANK_TEXT)
    words = re.sub(rf"(?i)\b({suits}) (?=\d|{ranks})", "\\1\u00a0", words)
    return re.sub(r"(?<!\u00a0)\b(\d+) (?=\S)", "\\1\u00a0", words)  # not a card's rank


def reading_seconds(words: str) -> float:
    """How long a step's words take to read, at an unhurried 180 words a minute, with a
    moment to look at the table: a step that plays itself stays at least this long."""
    return 1.5 + len(words.split()) / 3.0


class LessonDirector(RigDirector):
    """A lesson's table: its title in the top bar, its steps vetting the player's moves,
    holding the play while their words are read and playing the player's cards where a
    step plays the hand out; no hurrying the computer, but for the lesson's own Skip."""

    hurries = False

    def __init__(self, scene: LessonScene) -> None:
        super().__init__()
        self.scene = scene
        self.caption = scene.lesson.title

    def held(self) -> bool:
        return self.scene._holds()

    def held_for_good(self) -> bool:
        return self.scene.finished

    def plays_for_me(self) -> bool:
        return self.scene._plays_for_player()

    def vet(self, action: Action) -> bool:
        return self.scene._check(action)

    def on_move(self, action: Action) -> None:
        self.scene._done(action)


class LessonScene(RiggedScene):
    """Lesson ``index`` of ``game``, step by step; ``back`` is the scene to return to."""

    name = "lesson"

    def __init__(self, app, game: str, index: int = 0, back: Scene | None = None) -> None:
        super().__init__(app)
        self.spec = spec_of(game)
        self.index = index
        self.lesson: Lesson = self.spec.lessons[index]
        self.back_to = back
        self.table_art = cardart.CardArt()
        self.figure_art = cardart.CardArt()  # sized for the step's figure, not the table
        self.clock = 0.0
        self.note = ""  # why the player's move is not the step's
        self.hurry = False  # Skip step on the step that plays the hand out: all at once
        self.back_btn = Button(lambda: say("lesson.back"), self.step_back)
        self.next_btn = Button(self._next_label, self.skip)
        self.leave_btn = Button(lambda: say("lesson.leave"), self.leave_lesson)
        self.end_ring = FocusRing(lambda: [self.next_btn, self.back_btn, self.leave_btn])
        state = self.spec.from_setup(self.lesson.setup, self.lesson.options)
        self.marks: list[tuple[GameState, int]] = [(state.clone(), 0)]  # where each step began
        self._build(state, 0, 0)

    # ----------------------------------------------------------------- the table
    def options(self) -> Settings:
        return self.app.settings.holding(auto_play=False, coach=False, take_backs=False)

    def _build(self, state, scripted: int, k: int) -> None:
        """A fresh table on ``state`` at step ``k``; the computer's script resumes after
        ``scripted`` moves."""
        self.script = Script(self.lesson.script, scripted)
        match = Match(self.spec, state.players, state.options, seed=0, target=None)
        match.hand = state
        referee = Referee(state, [None] + [self.script] * (state.players - 1), match)
        nav = Navigation(self.restart, self.leave_lesson, lambda: None, self.app.quit, None)
        self.director = LessonDirector(self)
        lesson = self.director
        self.rig = TableRig(self.app, self.spec, match, referee, self.options, lesson, nav,
                            art=self.table_art)  # fmt: skip
        m = self.model
        self.rig.on_escape = self.leave_lesson
        self.rig.holds_window = lambda: bool(m.my_calls())  # a fault waits for its call
        self.controls.hint_btn.visible = self.controls.undo_btn.visible = False
        self.k, self.step_done, self.began_at = k, False, len(state.history)
        self.here = False  # the table has reached the step's position: its words are shown
        self.shown_at = 0.0  # the lesson's clock when the step's words appeared
        self.read_now = False  # the player said they have read the step (Next, Enter)
        self._step_heard: tuple[int, int] | None = None
        self.resize(self.app.size)

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.k]

    @property
    def finished(self) -> bool:
        return self.k >= len(self.lesson.steps)

    # ----------------------------------------------------------------- following the table
    def _holds(self) -> bool:
        """The table waits while a step is read, once a step is done whose next step is to
        be read (so the computer does not play past the position it describes), and for
        good once the lesson is over: nothing plays on, nothing says "Your turn"."""
        if self.finished:
            return True
        if not self.step_done:
            return self.step.wait is Wait.READ
        if self.reading():
            return True
        k = self.k + 1
        return k < len(self.lesson.steps) and self.lesson.steps[k].wait is Wait.READ

    def follow(self) -> None:
        """The step goes on when its wait is over and the next step's position is there."""
        if self.finished:
            return
        phase = self.model.phase
        if not self.here:
            self.here = self._arrived(self.k, phase)
            self.shown_at = self.clock
            return
        if not self.step_done:
            self.step_done = self._wait_over(self.step, phase)
        if self.step_done and not self.reading() and self._arrived(self.k + 1, phase):
            self._advance()

    def reading(self) -> bool:
        """A step that played itself is done but its words have not been on screen for
        their reading time (nor has the player pressed Next): it stays, the table held."""
        if self.finished or self.step.wait not in PLAYS_ITSELF or self.read_now:
            return False
        return self.clock - self.shown_at < reading_seconds(self.step_words())

    def _wait_over(self, step: Step, phase: Phase) -> bool:
        """Whether a step that waits for the table is done: the computer has played and the
        table is the player's again (or a call is open to them), or the hand is over."""
        m = self.model
        if step.wait is Wait.FINISH:
            return phase.doing is Doing.OVER
        if step.wait is not Wait.WATCH or len(m.state.history) <= self.began_at:
            return False
        return phase.mine or phase.doing is Doing.OVER or bool(m.my_calls())

    def _arrived(self, k: int, phase: Phase) -> bool:
        """Whether the table is at the position step ``k`` describes."""
        if k >= len(self.lesson.steps):
            return True
        step, m = self.lesson.steps[k], self.model
        if step.wait is Wait.READ:
            return phase.at_rest and not m.thinker.busy
        if step.wait is Wait.WATCH:
            moving = phase.doing in (Doing.THINKING, Doing.SHOWING)
            return moving and phase.seat not in (None, m.human)
        if step.wait is Wait.FINISH:
            return phase.mine or phase.doing is Doing.OVER
        if not phase.mine and phase.doing not in PLAYERS_TURN:
            return False
        return step.wait is Wait.ANY or bool(self._expected(step))

    def _expected(self, step: Step) -> list[Action]:
        """The step's moves the player can make now (a call included)."""
        m = self.model
        return [a for a in m.my_actions() + m.my_calls() if str(a) in step.expect]

    def _check(self, action: Action) -> bool:
        """The player's move or call: the step's goes on, anything else is kindly refused."""
        k = self.k
        self.follow()  # the player's input may have landed the cards that make a step
        if self.k != k:  # its words come now: its move waits until they have been seen
            return False
        if self.finished or (self.here and not self.step_done and self.step.accepts(action)):
            self.note = ""
            return True
        wrong = self.step.wait is Wait.MOVE and self.here and not self.step_done
        self.note = say(self.step.wrong if wrong else "lesson.wrong.wait")
        self.app.speak(self.note)
        self.model.sound("slide_back")
        return False

    def _done(self, _action: Action) -> None:
        if not self.finished and self.step.wait in (Wait.MOVE, Wait.ANY):
            self.step_done = True

    def _advance(self) -> None:
        """The next step is shown; the position it starts from is kept for Back."""
        self.k += 1
        self.step_done, self.note, self.hurry, self.here = False, "", False, True
        self.shown_at, self.read_now = self.clock, False
        self.began_at = len(self.model.state.history)
        self.marks = self.marks[: self.k]
        self.marks.append((self.model.state.clone(), self.script.done))

    # ----------------------------------------------------------------- navigation
    def skip(self) -> None:
        """Next (a step to read) or Skip step: the step's move is made for the player when
        there is one; at the end, the next lesson or back to the menu."""
        if self.finished:
            if self.index + 1 < len(self.spec.lessons):
                self.app.goto("lesson", game=self.spec.id, index=self.index + 1, back=self.back_to)
            else:
                self.leave_lesson()
            return
        step, m = self.step, self.model
        if self.step_done and self.reading():
            self.read_now = True  # read: the lesson goes on
            return
        if self.step_done or not self.here:
            return
        if step.wait is Wait.READ:
            self.step_done = True
        elif step.wait is Wait.FINISH:
            self.hurry = self.read_now = True  # the rest of the hand at once, its words read
        elif step.wait in (Wait.MOVE, Wait.ANY) and m.human_may_act():
            wanted = self._expected(step) or (m.my_actions() if step.wait is Wait.ANY else [])
            if wanted:
                m.perform(wanted[0])

    def step_back(self) -> None:
        """The previous step, from the position it started at."""
        k = max(0, self.k - 1)
        state, scripted = self.marks[k]
        self.rig.leave()
        self._build(state.clone(), scripted, k)
        self.marks = self.marks[: k + 1]
        self.note, self.hurry = "", False

    def restart(self) -> None:
        self.controls.close_menu()
        self.k = 1
        self.step_back()

    def leave_lesson(self) -> None:
        if self.back_to is not None:
            self.app.show(self.back_to)
        else:
            self.app.goto("menu")

    def _more(self) -> bool:
        return self.index + 1 < len(self.spec.lessons)

    def _next_label(self) -> str:
        if self.finished:
            return say("lesson.next_lesson" if self._more() else "lesson.done")
        reading = self.step.wait is Wait.READ or (self.step_done and self.reading())
        return say("lesson.next" if reading else "lesson.skip")

    # ----------------------------------------------------------------- frame
    @property
    def active(self) -> bool:
        return True

    def resize(self, size: tuple[int, int]) -> None:
        """The lesson's box over the side panel: its title (every title of the game's
        lessons at one size, on up to two lines), the step's number and words, and the
        buttons at its foot."""
        self.rig.resize(size)
        panel = self.model.layout.areas["panel"]
        self.row = row = max(26, min(40, panel.h // 12))
        gap = row // 4
        self.box = pygame.Rect(panel.x, panel.y, panel.w, panel.h)
        width = self.box.w - gap * 4
        self.title_size, lines = self._title_size(row, width)
        high = theme.font(self.title_size, True).get_linesize() * lines
        self.head = pygame.Rect(self.box.x + gap * 2, self.box.y + gap, width, high)
        self._place_buttons()
        top = self.head.bottom + int(row * 0.6) + gap
        self.text_rect = pygame.Rect(
            self.head.x, top, self.head.w, self.next_btn.rect.y - top - gap * 2
        )

    def _title_size(self, row: int, width: int) -> tuple[int, int]:
        """One size for every lesson title of the game, the largest at which each takes at
        most two lines, and how many lines the longest takes."""
        titles = [say(lesson.title) for lesson in self.spec.lessons]
        size = max(theme.READABLE, int(row * 0.6))
        while True:
            lines = max(len(theme.wrap_lines(t, theme.font(size, True), width)) for t in titles)
            if lines <= 2 or size <= theme.READABLE:
                return size, lines
            size -= 1

    def _place_buttons(self) -> None:
        """Back and Next side by side over Leave; at the lesson's end, Next lesson (or Done)
        gets a row of its own, so its words stay whole."""
        row, box = self.row, self.box
        gap = row // 4
        full = box.w - 2 * gap
        y = box.bottom - gap - row
        self.leave_btn.rect = pygame.Rect(box.x + gap, y, full, row)
        y -= row + gap
        if self.finished:
            self.back_btn.rect = pygame.Rect(box.x + gap, y, full, row)
            self.next_btn.rect = pygame.Rect(box.x + gap, y - row - gap, full, row)
            return
        half = (box.w - 3 * gap) // 2
        self.back_btn.rect = pygame.Rect(box.x + gap, y, half, row)
        self.next_btn.rect = pygame.Rect(self.back_btn.rect.right + gap, y, half, row)

    def update(self, dt: float) -> None:
        self.clock += dt
        self.rig.update(dt)
        self.follow()
        self._step_changed()
        self._plays_on()

    def _plays_for_player(self) -> bool:
        """A step that plays the rest of the hand plays the player's cards too: the table
        plays them as it plays a forced move, and says so (never "Your turn")."""
        return not self.finished and self.here and self.step.wait is Wait.FINISH

    def _plays_on(self) -> None:
        """Skip on the step that plays the hand out: every card lands at once."""
        if not (self.hurry and self._plays_for_player()):
            return
        m = self.model
        self.director.hurries = True  # the lesson's own Skip: the computer's cards land at once
        m.hurry()
        m.play_forced_now()

    def handle(self, event: pygame.event.Event) -> None:
        if self.controls.overlay_open():
            self.rig.handle(event)
            return
        for w in (self.back_btn, self.next_btn, self.leave_btn):
            if w.handle(event):
                return
        if self.finished and self.end_ring.handle(event):  # Tab goes through its buttons,
            self.rig.controller.focus = None  # and the table's focus goes: one focus at a time
            return
        if event.type == pygame.KEYDOWN and self._lesson_key(event):
            return
        self.rig.handle(event)

    def _lesson_key(self, event: pygame.event.Event) -> bool:
        """Backspace goes back, N skips; Enter or Space goes on from a step to read."""
        key = event.key
        if key == pygame.K_BACKSPACE:
            self.step_back()
        elif key in (pygame.K_n, pygame.K_PAGEDOWN) or (
            key in ENTER and (self.finished or self.step.wait is Wait.READ or self.reading())
        ):
            self.skip()
        else:
            return False
        return True

    def _step_changed(self) -> None:
        """A step's words read aloud once it begins (after the moves that led to it)."""
        if not self.here and not self.finished:
            return
        now = (self.k, id(self.model))
        if now != self._step_heard:
            self._step_heard = now
            self.app.speak(self.spoken_step(), interrupt=False)

    def spoken_step(self) -> str:
        """ "Step 2 of 6. Your stock: …": the step's number, its words, and for the ear the
        keys that do what it asks ("Keys: Tab to “Your stock”, then Enter."; "Enter goes
        on."), the same keys as in a match."""
        if self.finished:
            return f"{self.step_words()} {self._end_keys()}"
        step = say("speech.lesson.step", k=self.k + 1, n=len(self.lesson.steps))
        return " ".join(w for w in (f"{step}. {self.step_words()}", self._step_keys()) if w)

    def _step_keys(self) -> str:
        if self.step.wait is Wait.READ:
            return say("speech.keys.read")
        paths = [self.rig.controller.key_path(a) for a in self._expected(self.step)]
        path = next((p for p in paths if p is not None), None)
        return say("speech.keys.step", keys=keys_words(self.model, path)) if path else ""

    def _end_keys(self) -> str:
        """The finished lesson's buttons, which Tab goes through."""
        return say("speech.lesson.end_keys", next=self._next_label())

    def step_words(self) -> str:
        if self.finished:
            return say("lesson.finished.more" if self._more() else "lesson.finished")
        if not self.here:
            return ""
        st = self.model.state
        side, score = st.side_of(self.model.human), st.score or [0]
        others = [s for i, s in enumerate(score) if i != side] or [0]
        mine = score[side] if side < len(score) else 0
        values = {"points": max(score), "mine": mine, "theirs": max(others)}
        return "\n".join(say(key, **values) for key in self.step.text)

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface, self.controller.pointer())
        if self.here and not self.finished:
            self._glow(surface)
        self.controls.draw(surface)
        self._box(surface)

    def _glow(self, surface: pygame.Surface) -> None:
        pulse = 0.55 + 0.45 * math.sin(self.clock * 4.0)
        colour = (*theme.GOLD[:3], int(90 + 140 * pulse))
        for pid in self.step.piles:
            if pid in self.model.layout.spots:
                self._ring(surface, self.view.pile_top_rect(pid), colour)
        for rect in self._card_rects():
            self._ring(surface, rect, colour)
        for text in self.step.expect:
            for btn in self.view.buttons_for(self.spec.parse_action(text)):
                self._ring(surface, btn.rect, colour)

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
        self._place_buttons()
        t, hd = self.text_rect, self.head
        n = len(self.lesson.steps)
        title = theme.font(self.title_size, True).render(
            theme.safe(say(self.lesson.title)), True, theme.GOLD, wraplength=hd.w
        )
        surface.blit(title, hd.topleft)
        step = (
            say("lesson.all_done", n=n) if self.finished else say("lesson.step", k=self.k + 1, n=n)
        )
        size = int(self.row * 0.45)
        theme.text(surface, step, size, theme.INK_DIM, hd.bottomleft, "topleft", width=hd.w)
        size = self.text_size(surface.get_height())
        words = theme.wrapped(held_together(self.step_words()), size, theme.INK, t.w)
        surface.blit(words, t.topleft)
        figure = self.step_figure(size)
        if figure is not None:
            surface.blit(figure, (t.x, t.y + words.get_height() + size // 2))
        if self.note:
            note = theme.wrapped(self.note, size, theme.HINT, t.w)
            surface.blit(note, note.get_rect(bottomleft=t.bottomleft))
        if self.finished:
            self.end_ring.sync()
        else:  # (a step gone back to has no focus on the end's buttons)
            self.end_ring.shown = False
            for w in (self.back_btn, self.next_btn, self.leave_btn):
                w.focused = False
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
        self.rig.leave()
