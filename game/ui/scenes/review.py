"""The coach's review of a finished hand: the player's decisions where the Expert, given
time, expected a better result; the move played, the better one, the points lost and
why, worst first. Choosing one shows that position on the table (the replay viewer, as the
player saw it). Under the list, once the hand's par is worked out, a line says whether those
decisions add up, roughly, to the distance from par, or whether the cards drawn after them
made the rest. The review is worked out on a worker thread; the coach sees only what the
player's seat saw."""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

import pygame

from game.ai.par import decisions_against_par
from game.games import spec_of
from game.session import replay_record
from game.store.keeper import against_words
from game.text import number, say, say_n
from game.ui import page, theme
from game.ui.record_words import NBSP, move_number, move_words, reason_words
from game.ui.scene import Scene
from game.ui.widgets import Button, FocusRing

# what the line under the list says, by how the decisions compare with par (with
# decisions listed; with none, the cards drawn can only have cost, never made up)
PAR_LINES = {
    "adds_up": "review.par.adds_up",
    "drawn_against": "review.par.drawn_against",
    "drawn_for": "review.par.drawn_for",
}
CLEAN_PAR_LINES = {"adds_up": "review.par.clean", "drawn_against": "review.par.clean_drawn_against"}


PROGRESS_EVERY = 8.0  # seconds between the progress said while the coach works


class LeftTheReview(Exception):
    """The player left the review before the coach had finished."""


def hand_margin(record: dict, seat: int) -> int | None:
    """The points between the player's side and the best other side when the hand ended
    (None: the record does not replay to its end)."""
    try:
        state = replay_record(spec_of(record["game"]), record)
    except (KeyError, ValueError):
        return None
    score, side = list(state.score), state.side_of(seat)
    if not state.is_over or len(score) < 2:
        return None
    others = [v for s, v in enumerate(score) if s != side]
    return abs(score[side] - max(others))


class ReviewScene(Scene):
    """The coach's list for one hand."""

    name = "review"

    def __init__(
        self,
        app,
        record: dict,
        seat: int = 0,
        back: Scene | None = None,
        deal: int | None = None,
        against_par: Callable[[], float | None] | None = None,
    ) -> None:
        """``against_par``: the hand's result against its par once worked out (None
        meanwhile); not given for a hand whose par this window does not work out."""
        super().__init__(app)
        from game.ai.coach import review

        self.record, self.seat, self.back_to, self.deal = record, seat, back, deal
        self.progress = (0, max(1, len(record.get("actions", []))))
        self._quiet = 0.0  # seconds since the progress was last said (the title says it first)
        self.mistakes: list = []
        self.lines: list[str] = []
        self.reasons: list[str] = []  # why each line's better move is better
        self.against_par = against_par
        self.par_line = ""  # the decisions beside the distance from par (see _par_words)
        self.selected: int = 0  # a row is always selected
        self.error = ""
        self._gone = threading.Event()
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="coach")
        self.pending: Future | None = self._pool.submit(
            review,
            record,
            seat,
            progress=self._progressed,
        )
        self.open_btn = Button(lambda: say("button.show_position"), self.open_selected)
        self.back_btn = Button(lambda: say("button.back"), self.leave_screen)
        self.ring = FocusRing(lambda: [self.open_btn, self.back_btn])

    def _progressed(self, done: int, total: int) -> None:
        """The coach's work, a move at a time: shown while the player waits, and ended
        at the next move once they have left (its thread then ends, not minutes later)."""
        if self._gone.is_set():
            raise LeftTheReview
        self.progress = (done, total)

    def _leave_off(self) -> None:
        self._gone.set()
        self._pool.shutdown(wait=False, cancel_futures=True)

    # ----------------------------------------------------------------- the answer
    @property
    def active(self) -> bool:
        return self.pending is not None

    def update(self, dt: float) -> None:
        if self.pending is None:
            self._follow_par()
            return
        if not self.pending.done():
            self._tell_progress(dt)
            return
        future, self.pending = self.pending, None
        try:
            self.mistakes = future.result()
        except Exception as err:  # a record the coach cannot follow: say so, go on
            self.error = say("review.failed", detail=str(err)[:200])
            self.app.speak(self.error, interrupt=False)
            return
        self.lines = [self._line(m) for m in self.mistakes]
        margin = hand_margin(self.record, self.seat)
        self.reasons = [self._why(m, margin) for m in self.mistakes]
        found = say_n("speech.review.found", len(self.lines)) if self.lines else say("review.none")
        self.par_line = self._par_words()
        said = " ".join(w for w in (found, self.par_line) if w)
        self.app.speak(said, interrupt=False)  # then the first line (the app reads the row)

    def _tell_progress(self, dt: float) -> None:
        """While the coach works, how far it has got, said every few seconds: a player
        who cannot see the screen knows it is at work, and how long it may still take."""
        self._quiet += dt
        if self._quiet >= PROGRESS_EVERY:
            self._quiet = 0.0
            done, total = self.progress
            self.app.speak(say("review.working", done=done, total=total), interrupt=False)

    def _follow_par(self) -> None:
        """The par's line follows its work (a look a frame, never a wait); said once ready."""
        if self.against_par is None or self.error or self.par_line != say("summary.par.working"):
            return
        line = self._par_words()
        if line != self.par_line:
            self.par_line = line
            self.app.speak(line, interrupt=False)

    def _par_words(self) -> str:
        """Whether the decisions listed add up, roughly, to the distance from par; that the
        par is still worked out; nothing for a hand without one."""
        if self.against_par is None:
            return ""
        against = self.against_par()
        if against is None:
            return say("summary.par.working")
        costs = math.fsum(m.loss for m in self.mistakes)
        kind = decisions_against_par(costs, against)
        key = PAR_LINES[kind] if self.mistakes else CLEAN_PAR_LINES[kind]
        return say(key, cost=number(costs, 1), against=against_words(against))

    def _why(self, m, margin: int | None) -> str:
        """Why the better move is better; a cost larger than the hand's margin says why it
        can be (the coach's figure is an average over the deals it played out)."""
        why = say("review.why", why=reason_words(self.record, m.index, m.reason, self.seat))
        if margin is None or m.loss <= margin or not m.deals:
            return why
        more = say_n("review.beyond_margin", m.deals, margin=margin, loss=number(m.loss))
        return f"{why} {more}"

    def _line(self, m) -> str:
        played = move_words(self.record, m.index, m.played, self.seat)
        better = move_words(self.record, m.index, m.better, self.seat)
        loss = number(m.loss)
        return say("review.line", n=move_number(m.index), played=played, better=better, loss=loss)

    def spoken_row(self) -> str:
        """The selected mistake and why, read aloud (nothing until the coach has answered)."""
        if not 0 <= self.selected < len(self.lines):
            return ""
        line = f"{self.lines[self.selected]}. {self.reasons[self.selected]}"
        return line.replace(NBSP, " ")

    def spoken(self) -> str:
        """The title, and that the coach is at work (or what it found and how it compares
        with par, coming back)."""
        if self.pending is not None:
            done, total = self.progress
            return f"{say('speech.scene.review')}. {say('review.working', done=done, total=total)}"
        said = ". ".join(w for w in (say("speech.scene.review"), self.spoken_row()) if w)
        return f"{said.rstrip('.')}. {self.par_line}" if self.par_line else said

    def _move(self, step: int) -> None:
        """Up or Down the list; past either end, the voice says it is the end (the row
        stays, so nothing else would be said)."""
        at = self.selected + step
        if not 0 <= at < len(self.mistakes):
            self.app.speak(say("speech.list.last" if step > 0 else "speech.list.first"))
            return
        self.selected = at

    def open_selected(self) -> None:
        if not self.mistakes:
            return
        m = self.mistakes[self.selected]
        self.app.goto(
            "replay",
            record=self.record,
            seat=self.seat,
            back=self,
            start=m.index,
            deal=self.deal,
            compare=(m.played, m.better),
            leave=False,
        )

    def leave_screen(self) -> None:
        self._leave_off()
        if self.back_to is not None:
            self.app.show(self.back_to, leave=False, back=True)
        else:
            self.app.goto("menu")

    def leave(self) -> None:
        self._leave_off()

    # ----------------------------------------------------------------- frame
    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.box = pygame.Rect(int(w * 0.08), int(h * 0.15), int(w * 0.84), int(h * 0.62))
        self.row_h = max(44, h // 12)
        bh = max(30, h // 18)
        y = self.box.bottom + bh // 2
        self.open_btn.rect = pygame.Rect(self.box.x, y, int(w * 0.3), bh)
        self.back_btn.rect = pygame.Rect(self.box.right - int(w * 0.2), y, int(w * 0.2), bh)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave_screen()
            return
        if event.type == pygame.KEYDOWN and self.mistakes:
            if event.key in (pygame.K_DOWN, pygame.K_UP):  # the list, wherever Tab has been
                self._move(1 if event.key == pygame.K_DOWN else -1)
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not self.ring.shown:
                self.open_selected()
                return
        if self.ring.handle(event):
            return
        clicked = event.type == pygame.MOUSEBUTTONUP and event.button == 1
        if clicked and self.box.collidepoint(event.pos) and self.mistakes:
            i = (event.pos[1] - self.box.y - 8) // self.row_h
            if 0 <= i < len(self.mistakes):
                if i == self.selected:
                    self.open_selected()
                self.selected = i
                return
        for b in (self.open_btn, self.back_btn):
            if b.handle(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        _w, h = surface.get_size()
        self.ring.sync()
        page.backdrop(surface, say("title.review"))
        b = self.box
        page.box(surface, b)
        size = max(16, h // 34)
        if self.pending is not None:
            done, total = self.progress
            words = say("review.working", done=done, total=total)
            theme.text(surface, words, size, theme.INK_DIM, b.center, "center", width=b.w - 40)
        elif self.error:
            theme.text(
                surface, self.error, size, theme.RED_LIGHT, b.center, "center", width=b.w - 40
            )
        elif not self.lines:
            theme.text(
                surface, say("review.none"), size, theme.INK, b.center, "center", width=b.w - 40
            )
        rows = (b.h - 16) // self.row_h
        if self.par_line:  # the last row's room holds the line on par
            rows -= 1
            room = pygame.Rect(b.x + 14, b.bottom - 8 - self.row_h, b.w - 28, self.row_h)
            theme.paragraph(surface, self.par_line, int(size * 0.9), theme.INK_DIM, room)
        for i, line in enumerate(self.lines[: max(1, rows)]):
            y = b.y + 8 + i * self.row_h
            if i == self.selected:
                pygame.draw.rect(
                    surface, theme.BUTTON_HOVER, (b.x + 4, y, b.w - 8, self.row_h), border_radius=6
                )
            theme.text(
                surface, line, size, theme.INK, (b.x + 14, y + self.row_h * 0.3), "midleft",
                width=b.w - 28,
            )  # fmt: skip
            theme.text(
                surface, self.reasons[i], int(size * 0.9), theme.INK_DIM,
                (b.x + 30, y + self.row_h * 0.72), "midleft", width=b.w - 44,
            )  # fmt: skip
        for btn in (self.open_btn, self.back_btn):
            btn.enabled = btn is self.back_btn or bool(self.mistakes)
            btn.draw(surface)
