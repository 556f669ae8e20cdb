"""The end of a hand, drawn over the finished table: who won, the score, the match so far;
and at the end of a match, the match itself: its winner, the totals hand by hand as a
chart, and what it added to the player's statistics."""

from __future__ import annotations

import pygame

from game.session import Session
from game.text import current, say, say_n
from game.text.words import outcome_line, phrase
from game.ui import theme
from game.ui.scene import Scene
from game.ui.table import panel
from game.ui.widgets import Button, FocusRing

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
        self.review_btn.visible = "review" in app.routes and bool(self.model.spec.levels)
        self.menu_btn = Button(lambda: say("button.main_menu"), self._menu)
        self.buttons = [self.next_btn, self.review_btn, self.menu_btn]
        self.ring = FocusRing(lambda: self.buttons)
        self.stats_line = app.hooks.get("stats_line", lambda *_: "")(table.session)

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
        self.table.resize(size)
        w, h = size
        pw, ph = min(820, int(w * 0.66)), int(h * 0.86)
        self.panel = pygame.Rect(w // 2 - pw // 2, h // 2 - ph // 2, pw, ph)
        bh = max(32, h // 19)
        shown = [b for b in self.buttons if b.visible]
        bw = (pw - 40 - 10 * (len(shown) - 1)) // len(shown)
        y = self.panel.bottom - bh - 16
        for i, b in enumerate(shown):
            b.rect = pygame.Rect(self.panel.x + 20 + i * (bw + 10), y, bw, bh)

    def handle(self, event: pygame.event.Event) -> None:
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

    def spoken(self) -> str:
        """The end of the hand read aloud: the headline, its lines (those not just heard in
        the move log), the match."""
        heard = set(self.model.log)
        parts = [self.match_line() or self.headline()]
        parts += [line for line in self.lines() if line not in heard]
        return ". ".join(p.rstrip(".") for p in parts if p)

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
        self.table.draw(surface)
        theme.veil(surface, surface.get_rect(), 130)
        p = self.panel
        pygame.draw.rect(surface, theme.PANEL, p, border_radius=18)
        pygame.draw.rect(surface, theme.GOLD, p, 2, border_radius=18)
        size = max(15, p.h // 28)
        y = p.y + size
        big = self.match_line() or self.headline()
        theme.text(
            surface,
            big,
            int(size * 1.7),
            theme.GOLD,
            (p.centerx, y),
            "midtop",
            True,
            width=p.w - 40,
        )
        y += int(size * 2.4)
        if self.match_line():
            theme.text(
                surface,
                self.headline(),
                size,
                theme.INK,
                (p.centerx, y),
                "midtop",
                True,
                width=p.w - 40,
            )
            y += int(size * 1.6)
        for line in self.lines():
            img = theme.wrapped(line, size, theme.INK, p.w - 2 * size)
            surface.blit(img, img.get_rect(midtop=(p.centerx, y)))
            y += img.get_height() + size // 3
        y = self._breakdown(surface, y + size // 3, size)
        y = self._totals(surface, y + size // 2, size)
        if self.match.target and len(self.match.history) > 0:
            y = self._chart(surface, y + size // 2, size)
        if self.stats_line:
            theme.text(
                surface,
                self.stats_line,
                int(size * 0.9),
                theme.HINT,
                (p.centerx, min(y + size // 2, self.buttons[0].rect.y - size * 2)),
                "midtop",
                width=p.w - 40,
            )
        self.ring.sync()
        for b in self.buttons:
            b.draw(surface)

    def _columns(self) -> tuple[int, list[int]]:
        p = self.panel
        n = self.match.teams
        label_w = int(p.w * 0.34)
        col = (p.w - label_w - 40) // n
        return p.x + 20, [p.x + 20 + label_w + col * i + col // 2 for i in range(n)]

    def _breakdown(self, surface: pygame.Surface, y: int, size: int) -> int:
        rows = self.model.spec.breakdown(self.model.state)
        if not rows:
            return y
        x0, cols = self._columns()
        fs = int(size * 0.9)
        width = (cols[1] - cols[0]) if len(cols) > 1 else 300
        counts = self.model.state.breakdown()
        for side, cx in enumerate(cols):
            team = self.match.team_of_side(side)
            name = say_n(
                "summary.side_cards", counts[side]["cards"], who=panel.team_name(self.model, team)
            )
            theme.text(surface, name, fs, theme.GOLD, (cx, y), "midtop", True, width=width - 6)
        y += int(fs * 1.4)
        for row in rows:
            theme.text(
                surface,
                say(row.key),
                fs,
                theme.INK,
                (x0, y),
                bold=row.total,
                width=cols[0] - x0 - width // 2,
            )
            for side, cx in enumerate(cols):
                theme.text(
                    surface,
                    str(row.values[side]),
                    fs,
                    theme.INK,
                    (cx, y),
                    "midtop",
                    row.total,
                    width=width - 6,
                )
            y += int(fs * 1.15)
        return y

    def _totals(self, surface: pygame.Surface, y: int, size: int) -> int:
        m = self.match
        x0 = self.panel.x + 20
        fs = int(size * 0.95)
        pygame.draw.line(surface, theme.PANEL_EDGE, (x0, y), (self.panel.right - 20, y))
        y += size // 3
        head = say("panel.match_to", n=m.target) if m.target else say("panel.match")
        theme.text(
            surface,
            current().upper(head),
            fs,
            theme.GOLD,
            (x0, y),
            bold=True,
            width=self.panel.w - 40,
        )
        y += int(fs * 1.3)
        for team in range(m.teams):
            pts = m.history[-1][team] if m.history else 0
            words = say(
                "summary.team_total",
                who=panel.team_name(self.model, team),
                n=pts,
                total=m.totals[team],
            )
            theme.text(surface, words, fs, theme.INK, (x0, y), width=self.panel.w - 40)
            y += int(fs * 1.2)
        return y

    def _chart(self, surface: pygame.Surface, y: int, size: int) -> int:
        """The running totals hand by hand, one line per team, the target dashed."""
        m = self.match
        box = pygame.Rect(
            self.panel.x + 40, y, self.panel.w - 80, max(40, self.buttons[0].rect.y - y - size * 3)
        )
        if box.h < 40:
            return y
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
            if len(pts) > 1:
                pygame.draw.lines(surface, colour, False, pts, 3)
            for p in pts[1:]:
                pygame.draw.circle(surface, colour, p, 4)
            name = panel.team_name(self.model, t)
            theme.text(
                surface,
                f"{name} {run[-1]}",
                int(size * 0.8),
                colour,
                (box.x + 6, box.y + 4 + t * size),
                width=box.w // 2,
            )
        return box.bottom
