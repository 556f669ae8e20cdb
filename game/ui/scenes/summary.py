"""The end of a hand: who won, the score breakdown, the match totals, and what next."""

from __future__ import annotations

import pygame

from game.ui import info_panel, theme
from game.ui.describe import over_text
from game.ui.scene import Scene
from game.ui.widgets import Button

ROWS = (
    ("jacks", "Jacks"),
    ("aces", "Aces"),
    ("two_clubs", "2 of clubs"),
    ("ten_diamonds", "10 of diamonds"),
    ("majority", "Most cards"),
    ("pisti", "Pişti"),
    ("jack_pisti", "Jack pişti"),
    ("total", "Hand total"),
)


class SummaryScene(Scene):
    """Drawn over the finished table."""

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        self.match = table.match
        over = self.match.is_over
        self.next_btn = Button("New match" if over else "Next hand", self._next)
        self.menu_btn = Button("Main menu", self._menu)

    def _next(self) -> None:
        if self.match.is_over:
            from game.ui.scenes.menu import MenuScene

            MenuScene(self.app).start_game()
            return
        self.table.next_hand()
        self.app.switch(self.table, leave=False)

    def _menu(self) -> None:
        from game.ui.scenes.menu import MenuScene

        self.app.switch(MenuScene(self.app))

    def leave(self) -> None:
        """Leaving for anything but the next hand ends the table's opponents too."""
        self.table.leave()

    def resize(self, size: tuple[int, int]) -> None:
        self.table.resize(size)
        w, h = size
        pw, ph = min(760, int(w * 0.62)), int(h * 0.8)
        self.panel = pygame.Rect(w // 2 - pw // 2, h // 2 - ph // 2, pw, ph)
        bh = max(38, h // 17)
        bw = pw // 3
        y = self.panel.bottom - bh - 18
        self.next_btn.rect = pygame.Rect(self.panel.centerx - bw - 10, y, bw, bh)
        self.menu_btn.rect = pygame.Rect(self.panel.centerx + 10, y, bw, bh)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            self._next()
            return
        for b in (self.next_btn, self.menu_btn):
            if b.handle(event):
                return

    def headline(self) -> str:
        st, t = self.table.state, self.table
        w = st.winner
        if w == "draw" or w is None:
            return "The hand is a draw"
        if st.game == "pisti":
            team = self.match.team_of_side(w)
            if team == self.match.team_of(0):
                return "Your side wins the hand!" if st.players == 4 else "You win the hand!"
            return f"{info_panel.team_name(t, team)} win{'s' if st.players < 4 else ''} the hand"
        return "You win the hand!" if w == t.human else f"{t.namer.who(w)} wins the hand"

    def lines(self) -> list[str]:
        st, t = self.table.state, self.table
        out = []
        if st.game == "pishe-pasha" and st.winner not in (None, "draw"):
            pts = st.score[st.winner]
            out.append(
                f"{t.namer.who(st.winner)} scores {pts}: one point for each card left "
                "in the other players' stocks and discard piles."
            )
        if st.game == "pisha-pasha-book":
            counts = ", ".join(f"{t.namer.who(s)} {n}" for s, n in enumerate(st.score))
            out.append(f"Cards held: {counts}.")
        if st.game == "pisha-pasha-book" and t.over_note:
            out.append(over_text(t.over_note, t.namer))
        elif "Draw" in t.over_note and st.game == "pishe-pasha":
            out.append(t.over_note)
        if self.match.is_over and self.match.target:
            win = self.match.winner
            who = "Nobody" if win in (None, "draw") else info_panel.team_name(t, win)
            out.append(
                f"Match over: {who} {'win' if '&' in who or who == 'You' else 'wins'} the match!"
                if win != "draw"
                else "Match over: a draw."
            )
        return out

    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw(surface)
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 130))
        surface.blit(veil, (0, 0))
        p = self.panel
        pygame.draw.rect(surface, theme.PANEL, p, border_radius=18)
        pygame.draw.rect(surface, theme.GOLD, p, 2, border_radius=18)
        size = max(18, p.h // 24)
        y = p.y + size
        theme.text(
            surface, self.headline(), int(size * 1.7), theme.GOLD, (p.centerx, y), "midtop", True
        )
        y += int(size * 2.6)
        for line in self.lines():
            img = theme.font(size).render(line, True, theme.INK, wraplength=p.w - 2 * size)
            surface.blit(img, img.get_rect(midtop=(p.centerx, y)))
            y += img.get_height() + size // 2
        if self.table.state.game == "pisti":
            y = self._breakdown(surface, y + size // 2, size)
        self._totals(surface, y + size // 2, size)
        self.next_btn.draw(surface)
        self.menu_btn.draw(surface)

    def _columns(self) -> tuple[int, list[int]]:
        p = self.panel
        n = self.match.teams
        label_w = int(p.w * 0.36)
        col = (p.w - label_w - 40) // n
        return p.x + 20, [p.x + 20 + label_w + col * i + col // 2 for i in range(n)]

    def _breakdown(self, surface: pygame.Surface, y: int, size: int) -> int:
        st, t = self.table.state, self.table
        rows = st.breakdown()
        x0, cols = self._columns()
        fs = int(size * 0.9)
        for side, cx in enumerate(cols):
            name = info_panel.team_name(t, self.match.team_of_side(side))
            name = name + f" ({rows[side]['cards']} cards)"
            fit = theme.fit_text(
                name, fs, int((cols[1] - cols[0]) * 0.95) if len(cols) > 1 else 300, True
            )
            theme.text(surface, name, fit, theme.GOLD, (cx, y), "midtop", True)
        y += int(fs * 1.4)
        for key, label in ROWS:
            bold = key == "total"
            theme.text(surface, label, fs, theme.INK, (x0, y), bold=bold)
            for side, cx in enumerate(cols):
                theme.text(surface, str(rows[side][key]), fs, theme.INK, (cx, y), "midtop", bold)
            y += int(fs * 1.15)
        return y

    def _totals(self, surface: pygame.Surface, y: int, size: int) -> None:
        m, t = self.match, self.table
        x0, cols = self._columns()
        fs = int(size * 0.95)
        pygame.draw.line(surface, theme.PANEL_EDGE, (x0, y), (self.panel.right - 20, y))
        y += size // 3
        target = f" (to {m.target})" if m.target else ""
        theme.text(surface, f"Match{target}", fs, theme.GOLD, (x0, y), bold=True)
        y += int(fs * 1.3)
        for team in range(m.teams):
            pts = m.history[-1][team] if m.history else 0
            words = f"{info_panel.team_name(t, team)}: +{pts} this hand, {m.totals[team]} in all"
            theme.text(surface, words, fs, theme.INK, (x0, y))
            y += int(fs * 1.2)
