"""The end of a hand, drawn over the finished table: who won, the score, the match so far;
and at the end of a match, the match itself: its winner, the totals hand by hand as a
chart, and what it added to the player's statistics. For the ear, the same as rows
(``game/ui/summary_rows.py``): Up and Down read them one at a time, T all of them."""

from __future__ import annotations

import pygame

from game.core.types import DRAW
from game.session import Session
from game.text import current, say
from game.text.words import outcome_line, phrase
from game.ui import match_chart, theme
from game.ui.scene import Scene
from game.ui.summary_rows import Kind, Row, columns, hand_rows
from game.ui.table.model import says
from game.ui.widgets import Button, FocusRing, text_of

CHART_AT = 0.55  # the chart's left edge, as a share of the dialog's width
TEAM_COLOURS = ((236, 196, 84), (130, 210, 255), (236, 90, 80), (150, 220, 150))


class SummaryScene(Scene):
    """Drawn over the finished table; Enter goes on."""

    name = "summary"

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        self.model = table.model
        self.match = table.match
        over = self.match.is_over
        self.next_btn = Button(
            lambda: say("button.new_match" if over else "button.next_hand"), self._next
        )
        self.review_btn = Button(lambda: say("button.review"), self._review)
        self.review_btn.visible = "review" in app.routes and self.model.spec.coach is not None
        self.menu_btn = Button(lambda: say("button.main_menu"), self._menu)
        self.buttons = [self.next_btn, self.review_btn, self.menu_btn]
        self.ring = FocusRing(lambda: self.buttons)
        keeper = app.keeper
        self.stats_line = keeper.stats_line(table.session) if keeper is not None else ""
        self.par_line = self._par_of(table.session)  # worked out meanwhile: see update
        self._fit_key: tuple | None = None  # the window size and language _fit_size is for
        self._fit = (0, 0)  # the text size and the room shared out before each heading
        self._label_w = 0  # the width of the grid's label column at that size
        self.selected: int | None = None  # the row the arrows read last (none yet)
        self.chart_words: list[str] = []  # the words the match's chart drew last

    @property
    def beneath(self):
        return self.table

    def _next(self) -> None:
        if self.match.is_over:
            old = self.table.session
            self.table.leave()
            fresh = Session.start(old.spec.id, old.choices, old.level)
            self.app.goto("table", session=fresh, leave=False)
            return
        self.table.next_hand()
        self.app.show(self.table, leave=False)

    def _review(self) -> None:
        self.table.review(back=self)

    def _menu(self) -> None:
        self.table.leave()
        self.app.goto("menu", leave=False)

    def update(self, dt: float) -> None:
        """The par's line follows its work: a look once a frame, never a wait (the work
        is on a thread of its own; the loop's idle frames come a few times a second)."""
        super().update(dt)
        if not self.par_line or self.par_line == self._working():
            line = self._par_of(self.table.session)
            if line != self.par_line:
                self.par_line, self._fit_key = line, None
                self.app.dirty = True

    def _par_of(self, session: Session) -> str:
        keeper = self.app.keeper
        return keeper.par_line(session) if keeper is not None else ""

    @staticmethod
    def _working() -> str:
        return say("summary.par.working")

    def notes(self) -> list[str]:
        """The lines under the rows: the par, then the player's record."""
        return [line for line in (self.par_line, self.stats_line) if line]

    def resize(self, size: tuple[int, int]) -> None:
        """The dialog covers the table, beside the side panel (which stays whole)."""
        self.table.resize(size)
        _w, h = size
        room = self.model.layout.areas["table"]
        pw = min(820, room.w - 2 * max(12, room.w // 40))
        ph = min(int(h * 0.9), h - 24)
        self._room = pygame.Rect(room.centerx - pw // 2, h // 2 - ph // 2, pw, ph)
        self._button_h = max(34, h // 17)
        self._place(self._room)
        self.size = max(16, min(24, ph // 24))
        self._fit_key = None

    def _place(self, panel: pygame.Rect) -> None:
        """The dialog's box, and its buttons along its foot."""
        self.panel, bh = panel, self._button_h
        shown = [b for b in self.buttons if b.visible]
        bw = (panel.w - 40 - 10 * (len(shown) - 1)) // len(shown)
        y = panel.bottom - bh - 14
        for i, b in enumerate(shown):
            b.rect = pygame.Rect(panel.x + 20 + i * (bw + 10), y, bw, bh)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and self._read_key(event):
            return
        if self.ring.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._next()
            return
        for b in self.buttons:
            if b.handle(event):
                return

    # ----------------------------------------------------------------- words
    def headline(self) -> str:
        st, m = self.model.state, self.model
        w = st.winner
        if w is None or w is DRAW:
            return say("summary.draw")
        team = self.match.team_of_side(w)
        if team == self.match.team_of(0):
            return say("summary.you_win_pair" if m.namer.side_is_pair(w) else "summary.you_win")
        key = "summary.they_win_pair" if m.namer.side_is_pair(w) else "summary.they_win"
        return say(key, who=says.team_name(m, team))

    # ----------------------------------------------------------------- the ear
    def results(self) -> list[str]:
        """The match's outcome when it is over, then the hand's result: the game's own line
        for it when it has one ("North wins the hand and scores 12"), else the headline,
        then the game's other lines."""
        told = self._outcome()
        lines = self.lines()
        first = [] if told in lines else [self.headline()]
        return [self.match_line(), *first, *lines]

    def _outcome(self) -> str:
        st = self.model.state
        return outcome_line(st.outcome, self.model.namer) if st.outcome is not None else ""

    def hand_rows(self) -> list[Row]:
        """The summary as rows for the ear (``game/ui/summary_rows.py``)."""
        return hand_rows(self.model, self.match, self.results(), self.notes())

    def spoken(self) -> str:
        """The end of the hand read aloud, each thing once: the match's outcome, the lines
        the move log has not just said (nor the headline, when the log said the result),
        and how to read the rest."""
        heard = set(self.model.log_words)
        told = self._outcome() in heard
        said = [r for r in self.results() if r not in heard and not (told and r == self.headline())]
        keys = say("speech.summary.keys", next=text_of(self.next_btn.label))
        return ". ".join(p.rstrip(".") for p in [*said, self.match_score(), keys] if p)

    def match_score(self) -> str:
        """A match's totals, the player's side first ("Match score (to 50): You 12, North
        56"): the ear hears where the match stands after every hand, as the eye sees it."""
        m = self.match
        if not m.target:
            return ""
        cols = columns(self.model, m)
        scores = ", ".join(f"{says.team_name(self.model, t)} {m.totals[t]}" for t, _ in cols)
        return f"{say('panel.match_to', n=m.target)}: {scores}"

    def spoken_row(self) -> str:
        rows = self.hand_rows()
        return rows[self.selected].words() if self.selected is not None and rows else ""

    def _read_key(self, event: pygame.event.Event) -> bool:
        """Up, Down, Home and End read a row; T reads them all (the voice says them)."""
        rows = self.hand_rows()
        if event.key == pygame.K_t:
            self.app.speak(". ".join(r.words() for r in rows))
            return True
        n = len(rows)
        by = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_HOME: -n, pygame.K_END: n}.get(event.key)
        if by is None or not rows:
            return False
        now = -1 if self.selected is None else self.selected
        want = max(0, min(len(rows) - 1, now + by))
        if want == now:
            self.app.speak(say("speech.list.last" if by > 0 else "speech.list.first"))
        self.selected = want
        return True

    def lines(self) -> list[str]:
        st, m = self.model.state, self.model
        out = [phrase(p, m.namer) for p in m.spec.summary_lines(st)]
        if st.outcome is not None and not m.spec.breakdown(st):
            line = outcome_line(st.outcome, m.namer)
            if line not in out:
                out.insert(0, line)
        return out

    def match_line(self) -> str:
        m = self.match
        if not m.is_over or not m.target:
            return ""
        win = m.winner
        if win is None or win is DRAW:
            return say("summary.match_draw")
        if win == m.team_of(0):
            pair = m.teams < m.players
            return say("summary.match_won_pair" if pair else "summary.match_won")
        return say("summary.match_lost", who=says.team_name(self.model, win))

    # ----------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        """The rows the ear reads, drawn: who won, why, the points line by line under
        their headings in a column per side, the match so far (beside its chart once it
        has two hands to show), and the player's record over the buttons."""
        self.table.draw(surface)
        theme.veil(surface, surface.get_rect(), 130)
        size, spread = self._fitted(surface.get_size())  # (first: it sizes the box)
        p = self.panel
        pygame.draw.rect(surface, theme.PANEL, p, border_radius=18)
        pygame.draw.rect(surface, theme.GOLD, p, 2, border_radius=18)
        self._content(surface, size, spread)
        y = self._bottom(size) + size // 3
        for note in self.notes():  # wrapped where one line would shrink it below readable
            img = theme.wrapped(note, size, theme.HINT, p.w - 40)
            surface.blit(img, img.get_rect(midtop=(p.centerx, y)))
            y += img.get_height() + size // 4
        self.ring.sync()
        for b in self.buttons:
            b.draw(surface)

    def _bottom(self, size: int) -> int:
        """Where the rows must end: above the buttons, and the par and record lines."""
        bottom = self.buttons[0].rect.y - size // 2
        notes = self.notes()
        if not notes:
            return bottom
        f = theme.font(size)
        lines = sum(len(theme.wrap_lines(n, f, self.panel.w - 40)) for n in notes)
        return bottom - int(size * (0.4 + 1.2 * lines + 0.25 * (len(notes) - 1)))

    def _fitted(self, screen: tuple[int, int]) -> tuple[int, int]:
        """The largest text size (from the dialog's own, down to 14 px) whose rows all fit
        above the buttons, and the room left over shared out before each heading, so the
        rows fill the dialog; a summary too short to fill it even so gets a shorter box.
        Worked out once per window size, language and line of notes."""
        key = (screen, current().lang)
        if self._fit_key != key:
            self._place(self._room)
            scratch = pygame.Surface(screen)
            size = self.size
            while size > theme.READABLE and self._content(scratch, size) > self._bottom(size):
                size -= 1
            gaps = 1 + sum(r.kind is Kind.HEAD for r in self.hand_rows())
            spare = self._bottom(size) - self._content(scratch, size)
            spread = max(0, min(size * 2, spare // gaps))
            if spare > spread * gaps:
                self._place(self._room.inflate(0, spread * gaps - spare))
            self._fit_key, self._fit = key, (size, spread)
        return self._fit

    def _content(self, surface: pygame.Surface, size: int, spread: int = 0) -> int:
        """Every row but the record, from the dialog's top; returns where they end."""
        p, charted = self.panel, self._charted()
        x0, x1 = p.x + 20, p.right - 20
        grid = pygame.Rect(x0, 0, (int((x1 - x0) * CHART_AT) - size) if charted else x1 - x0, 0)
        y, named, top = p.y + size + spread // 2, False, None
        rows = self.hand_rows()
        labels = [r.heading for r in rows if r.kind in (Kind.CELLS, Kind.TOTAL)]
        widest = max((theme.font(size, True).size(w)[0] for w in labels), default=0)
        self._label_w = min(grid.w // 2, max(int(grid.w * 0.3), widest + size))
        for row in rows:
            if row.kind is Kind.TITLE:
                theme.text(surface, row.heading, int(size * 1.7), theme.GOLD, (p.centerx, y),
                           "midtop", True, p.w - 40)  # fmt: skip
                y += int(size * 2.2)
            elif row.kind is Kind.LINE:
                img = theme.wrapped(row.heading, size, theme.INK, p.w - 40)
                surface.blit(img, img.get_rect(midtop=(p.centerx, y)))
                y += img.get_height() + size // 4
            elif row.kind is Kind.HEAD:
                top = y if top is None else top
                y = self._heading(surface, row.heading, y + size // 2 + spread, size, grid)
            elif row.kind in (Kind.CELLS, Kind.TOTAL):
                top = y if top is None else top
                if not named and any(who for who, _ in row.cells):
                    named = True
                    y = self._names(surface, [who for who, _ in row.cells], y, size, grid)
                y = self._grid_row(surface, y, size, row, grid)
        if charted and top is not None:
            chart = pygame.Rect(grid.right + size, top, x1 - grid.right - size, y - top)
            self._chart(surface, chart, size)
        return y

    def _heading(self, surface, words: str, y: int, size: int, grid: pygame.Rect) -> int:
        """A section's heading in gold capitals over a rule, across the grid."""
        pygame.draw.line(surface, theme.PANEL_EDGE, (grid.x, y), (grid.right, y))
        theme.text(surface, current().upper(words), size, theme.GOLD, (grid.x, y + 4),
                   bold=True, width=grid.w)  # fmt: skip
        return y + 4 + int(size * 1.35)

    def _columns(self, grid: pygame.Rect, n: int) -> tuple[int, list[int]]:
        """The label column's width (its widest label's) and the centre of each side's."""
        label_w = self._label_w
        col = (grid.w - label_w) // max(1, n)
        return label_w, [grid.x + label_w + col * i + col // 2 for i in range(n)]

    def _names(self, surface, names: list[str], y: int, size: int, grid: pygame.Rect) -> int:
        """The sides' names over their columns (in the chart's colours when it is drawn)."""
        _, cols = self._columns(grid, len(names))
        width = grid.right - cols[-1] if len(cols) == 1 else cols[1] - cols[0]
        teams = [team for team, _ in columns(self.model, self.match)]
        for i, (who, cx) in enumerate(zip(names, cols, strict=True)):
            ink = TEAM_COLOURS[teams[i] % len(TEAM_COLOURS)] if self._charted() else theme.GOLD
            theme.text(surface, who, size, ink, (cx, y), "midtop", True, width=width - 6)
        return y + int(size * 1.3)

    def _grid_row(self, surface, y: int, size: int, row: Row, grid: pygame.Rect) -> int:
        """A label and a value in each side's column (bold for a total)."""
        label_w, cols = self._columns(grid, len(row.cells))
        width = grid.right - cols[-1] if len(cols) == 1 else cols[1] - cols[0]
        bold = row.kind is Kind.TOTAL
        theme.text(surface, row.heading, size, theme.INK, (grid.x, y), bold=bold, width=label_w)
        for (_, cell), cx in zip(row.cells, cols, strict=True):
            theme.text(surface, cell, size, theme.INK, (cx, y), "midtop", bold, width=width - 6)
        return y + int(size * 1.25)

    def _charted(self) -> bool:
        """A chart of the match only once it has two hands to show (not flat lines)."""
        return bool(self.match.target) and len(self.match.history) >= 2

    def _chart(self, surface: pygame.Surface, box: pygame.Rect, size: int) -> list[str]:
        """The running totals hand by hand, one line per side in its colour, with its
        title, legend, axes and the target (:mod:`game.ui.match_chart`)."""
        m = self.match
        series = []
        for team, _ in columns(self.model, self.match):
            run = [0]
            for hand in m.history:
                run.append(run[-1] + hand[team])
            colour = TEAM_COLOURS[team % len(TEAM_COLOURS)]
            series.append(match_chart.Series(says.team_name(self.model, team), colour, tuple(run)))
        self.chart_words = match_chart.draw(surface, box, series, m.target, size)
        return self.chart_words
