"""The end of a hand, drawn over the finished table: who won, the score, the match so far;
and at the end of a match, the match itself: its winner, the totals hand by hand as a
chart, and what it added to the player's statistics. For the ear, the same as rows
(``game/ui/summary_rows.py``): Up and Down read them one at a time, T all of them."""

from __future__ import annotations

import pygame

from game.session import Session
from game.text import current, say
from game.text.words import outcome_line, phrase
from game.ui import theme
from game.ui.scene import Scene
from game.ui.summary_rows import Row, hand_rows
from game.ui.table import panel
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
        self.stats_line = app.hooks.get("stats_line", lambda *_: "")(table.session)
        self._fit_key: tuple | None = None  # the window size and language _fit_size is for
        self._fit_size = self._chart_top = 0
        self.selected: int | None = None  # the row the arrows read last (none yet)

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

    def resize(self, size: tuple[int, int]) -> None:
        """The dialog covers the table, beside the side panel (which stays whole)."""
        self.table.resize(size)
        w, h = size
        room = self.model.layout.areas["table"]
        pw = min(820, room.w - 2 * max(12, room.w // 40))
        ph = min(int(h * 0.9), h - 24)
        self.panel = pygame.Rect(room.centerx - pw // 2, h // 2 - ph // 2, pw, ph)
        bh = max(34, h // 17)
        shown = [b for b in self.buttons if b.visible]
        bw = (pw - 40 - 10 * (len(shown) - 1)) // len(shown)
        y = self.panel.bottom - bh - 14
        for i, b in enumerate(shown):
            b.rect = pygame.Rect(self.panel.x + 20 + i * (bw + 10), y, bw, bh)
        self.size = max(16, min(24, ph // 27))

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
        if w in (None, "draw"):
            return say("summary.draw")
        team = self.match.team_of_side(w)
        if team == self.match.team_of(0):
            return say("summary.you_win_pair" if m.namer.side_is_pair(w) else "summary.you_win")
        key = "summary.they_win_pair" if m.namer.side_is_pair(w) else "summary.they_win"
        return say(key, who=panel.team_name(m, team))

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
        return hand_rows(self.model, self.match, self.results(), self.stats_line)

    def spoken(self) -> str:
        """The end of the hand read aloud, each thing once: the match's outcome, the lines
        the move log has not just said (nor the headline, when the log said the result),
        and how to read the rest."""
        heard = set(self.model.log_words)
        told = self._outcome() in heard
        said = [r for r in self.results() if r not in heard and not (told and r == self.headline())]
        keys = say("speech.summary.keys", next=text_of(self.next_btn.label))
        return ". ".join(p.rstrip(".") for p in [*said, keys] if p)

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
        if win in (None, "draw"):
            return say("summary.match_draw")
        if win == m.team_of(0):
            pair = m.teams < m.players
            return say("summary.match_won_pair" if pair else "summary.match_won")
        return say("summary.match_lost", who=panel.team_name(self.model, win))

    # ----------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        """Who won, why, the points line by line, the match so far (a chart once it has
        two hands to show), and the player's record against these opponents."""
        self.table.draw(surface)
        theme.veil(surface, surface.get_rect(), 130)
        p = self.panel
        pygame.draw.rect(surface, theme.PANEL, p, border_radius=18)
        pygame.draw.rect(surface, theme.GOLD, p, 2, border_radius=18)
        size = self._fitted(surface.get_size())
        bottom = self._bottom(size)
        end = self._content(surface, size)
        if self._charted():
            x = p.x + 20 + int((p.w - 40) * CHART_AT)
            box = pygame.Rect(
                x, self._chart_top, p.right - 20 - x, max(end, bottom) - self._chart_top
            )
            self._chart(surface, box)
        if self.stats_line:
            theme.text(
                surface,
                self.stats_line,
                size,
                theme.HINT,
                (p.centerx, bottom + size // 3),
                "midtop",
                width=p.w - 40,
            )
        self.ring.sync()
        for b in self.buttons:
            b.draw(surface)

    def _bottom(self, size: int) -> int:
        """Where the words must end: above the buttons, and the record line if any."""
        bottom = self.buttons[0].rect.y - size // 2
        return bottom - int(size * 1.4) if self.stats_line else bottom

    def _content(self, surface: pygame.Surface, size: int) -> int:
        y = self._headlines(surface, self.panel.y + size, size)
        y = self._breakdown(surface, y + size // 2, size)
        return self._totals(surface, y + size // 2, size)

    def _fitted(self, screen: tuple[int, int]) -> int:
        """The largest text size (from the dialog's own, down to 14 px) whose words all
        fit above the buttons; worked out once per window size and language."""
        key = (screen, current().lang)
        if self._fit_key != key:
            scratch = pygame.Surface(screen)
            size = self.size
            while size > theme.READABLE and self._content(scratch, size) > self._bottom(size):
                size -= 1
            self._fit_key, self._fit_size = key, size
        return self._fit_size

    def _headlines(self, surface: pygame.Surface, y: int, size: int) -> int:
        """The winner in large letters, the match's outcome first when it is over, then why."""
        p = self.panel
        big = self.match_line() or self.headline()
        theme.text(
            surface, big, int(size * 1.7), theme.GOLD, (p.centerx, y), "midtop", True, p.w - 40
        )
        y += int(size * 2.2)
        if self.match_line():
            theme.text(
                surface, self.headline(), size, theme.INK, (p.centerx, y), "midtop", True, p.w - 40
            )
            y += int(size * 1.5)
        for line in self.lines():
            img = theme.wrapped(line, size, theme.INK, p.w - 40)
            surface.blit(img, img.get_rect(midtop=(p.centerx, y)))
            y += img.get_height() + size // 4
        return y

    def _columns(self) -> tuple[int, list[int]]:
        """The label column's left edge and the centre of each side's column."""
        p = self.panel
        n = self.match.teams
        label_w = int(p.w * 0.36)
        col = (p.w - label_w - 40) // n
        return p.x + 20, [p.x + 20 + label_w + col * i + col // 2 for i in range(n)]

    def _heading(self, surface: pygame.Surface, words: str, y: int, size: int) -> int:
        """A section's heading in gold capitals over a rule, across the dialog."""
        x0, x1 = self.panel.x + 20, self.panel.right - 20
        pygame.draw.line(surface, theme.PANEL_EDGE, (x0, y), (x1, y))
        theme.text(
            surface, current().upper(words), size, theme.GOLD, (x0, y + 4), bold=True, width=x1 - x0
        )
        return y + 4 + int(size * 1.35)

    def _grid_row(
        self, surface, y: int, size: int, label: str, cells: list[str], bold=False, colour=None
    ) -> int:
        x0, cols = self._columns()
        width = (cols[1] - cols[0]) if len(cols) > 1 else self.panel.right - 20 - cols[0]
        ink = colour or theme.INK
        theme.text(surface, label, size, ink, (x0, y), bold=bold, width=cols[0] - width // 2 - x0)
        for cell, cx in zip(cells, cols, strict=True):
            theme.text(surface, cell, size, ink, (cx, y), "midtop", bold, width=width - 6)
        return y + int(size * 1.25)

    def _breakdown(self, surface: pygame.Surface, y: int, size: int) -> int:
        """The hand's points line by line (the game's breakdown) under the sides' names, or,
        for a game scored by the cards left, what each player had left."""
        model = self.model
        rows = model.spec.breakdown(model.state)
        if not rows:
            return self._cards_left(surface, y, size)
        counts = model.state.breakdown()
        mine = model.state.side_of(model.human)
        sides = sorted(range(len(counts)), key=lambda side: side != mine)  # yours first
        names = [panel.team_name(model, self.match.team_of_side(s)) for s in sides]
        y = self._heading(surface, say("summary.points_by_line"), y, size)
        y = self._grid_row(surface, y, size, "", names, bold=True, colour=theme.GOLD)
        taken = [str(counts[s]["cards"]) for s in sides]
        y = self._grid_row(surface, y, size, say("summary.cards_won"), taken, colour=theme.INK_DIM)
        for row in rows:
            cells = [str(row.values[s]) for s in sides]
            y = self._grid_row(surface, y, size, say(row.key), cells, bold=row.total)
        return y

    def _cards_left(self, surface: pygame.Surface, y: int, size: int) -> int:
        model, st = self.model, self.model.state
        y = self._heading(surface, say("panel.cards"), y, size)
        x0, x1 = self.panel.x + 20, self.panel.right - 20
        for seat in range(st.players):
            words = ", ".join(
                phrase(p_, model.namer)
                for p_ in model.spec.panel_counts(model.shown.piles, seat, st.side_of(seat))
            )
            theme.text(
                surface, model.namer.who(seat), size, theme.INK, (x0, y), width=(x1 - x0) // 3
            )
            theme.text(
                surface, words, size, theme.INK, (x1, y), "topright", width=(x1 - x0) * 2 // 3
            )
            y += int(size * 1.25)
        return y

    def _totals(self, surface: pygame.Surface, y: int, size: int) -> int:
        """The match so far: each side's points this hand and in all, under the target."""
        m = self.match
        head = say("panel.match_to", n=m.target) if m.target else say("panel.match")
        y = self._heading(surface, head, y, size)
        x0, x1 = self.panel.x + 20, self.panel.right - 20
        self._chart_top = y
        if self._charted():  # the chart stands beside the table of totals
            x1 = x0 + int((x1 - x0) * CHART_AT) - size
        quarter = (x1 - x0) // 4
        cols = (x0 + int((x1 - x0) * 0.62), x1)
        heads = (say("summary.col.hand"), say("summary.col.total"))
        for words, cx in zip(heads, cols, strict=True):
            theme.text(surface, words, size, theme.INK_DIM, (cx, y), "topright", width=quarter)
        y += int(size * 1.25)
        for team in range(m.teams):
            pts = m.history[-1][team] if m.history else 0
            name = panel.team_name(self.model, team)
            ink = TEAM_COLOURS[team % len(TEAM_COLOURS)] if self._charted() else theme.INK
            theme.text(surface, name, size, ink, (x0, y), width=int((x1 - x0) * 0.4))
            theme.text(surface, f"+{pts}", size, theme.INK, (cols[0], y), "topright", width=quarter)
            total = str(m.totals[team])
            theme.text(surface, total, size, theme.INK, (cols[1], y), "topright", True, quarter)
            y += int(size * 1.25)
        return y

    def _charted(self) -> bool:
        """A chart of the match only once it has two hands to show (not flat lines)."""
        return bool(self.match.target) and len(self.match.history) >= 2

    def _chart(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """The running totals hand by hand, one line per side, the target dashed."""
        m = self.match
        runs = [[0] for _ in range(m.teams)]
        for hand in m.history:
            for t in range(m.teams):
                runs[t].append(runs[t][-1] + hand[t])
        top = max(max(max(r) for r in runs), m.target or 1, 1)
        n = len(m.history)
        pygame.draw.rect(surface, theme.FELT_DARK, box, border_radius=6)

        def at(i: int, v: int) -> tuple[float, float]:
            return box.x + box.w * i / max(1, n), box.bottom - box.h * v / top

        if m.target:
            ty = at(0, m.target)[1]
            for x in range(box.x, box.right, 12):
                pygame.draw.line(surface, theme.INK_DIM, (x, ty), (min(x + 6, box.right), ty))
        for t, run in enumerate(runs):
            pts = [at(i, v) for i, v in enumerate(run)]
            colour = TEAM_COLOURS[t % len(TEAM_COLOURS)]
            pygame.draw.lines(surface, colour, False, pts, 3)
            for p in pts[1:]:
                pygame.draw.circle(surface, colour, p, 4)
