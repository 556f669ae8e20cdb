"""The Statistics screen: a line per game, variant, player count and level, with the hands
and matches played and won, streaks, points, each game's own counts; two charts drawn by
the game (the selected line's last 50 hands, and the win rate by level); the selected
line against par (its skill line, its averages over the last 20 and 100 hands, and a
chart of them hand by hand); a reset that asks first."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

import pygame

from game.games import SPECS, offered_levels
from game.stats import LAST
from game.store.hands import StatsKey
from game.store.keeper import signed
from game.text import number, percent, say, say_n
from game.text.words import variant_words
from game.ui import page, par_chart, theme
from game.ui.scene import Scene
from game.ui.widgets import Button, FocusRing, text_of

WIN, LOSS, DRAW = (120, 230, 140), (236, 90, 80), (170, 190, 175)
PAR_RECENT, PAR_LONG = 20, 100  # the hands the averages against par are taken over


def _widths(rows: list, fracs: list[float], inner: int, size: int) -> list[int]:
    """Column widths: each column's share of the table, but never narrower than its
    heading (a heading never wraps) nor its longest word (a cell may wrap at spaces,
    not inside a word, nor at a no-break space); what that takes comes from the columns
    with room to spare."""
    need = []
    for col in range(len(fracs)):
        cells = [[row[col]] if i == 0 else row[col].split(" ") for i, row in enumerate(rows)]
        words = [w for cell in cells for w in cell]
        bold = [i == 0 for i, cell in enumerate(cells) for _ in cell]
        need.append(
            max(
                (theme.font(size, b).size(w)[0] for w, b in zip(words, bold, strict=True)),
                default=0,
            )
            + 8
        )
    base = [int(inner * f) for f in fracs]
    widths = [max(n, b) for n, b in zip(need, base, strict=True)]
    over = sum(widths) - inner
    spare = [w - n for w, n in zip(widths, need, strict=True)]
    if over > 0 and sum(spare) > 0:
        widths = [w - over * s // sum(spare) for w, s in zip(widths, spare, strict=True)]
    return widths


def _held(cells: tuple[str, ...]) -> tuple[str, ...]:
    """A line's cells as the table draws them: each of the game's counts held on one line
    by no-break spaces ("vale piştisi 0" is never cut), the cell wrapping between them."""
    *rest, counts = cells
    return (*rest, ", ".join(c.replace(" ", "\u00a0") for c in counts.split(", ")))


def _cell(surface: pygame.Surface, words: str, size: int, colour, at, width: int, bold=False):
    """A table cell at the table's one text size: on one line, or wrapped onto a second
    when it is too wide (only what fits neither way is shrunk), so no cell is drawn
    smaller than its neighbours."""
    f = theme.font(size, bold)
    if f.size(words)[0] <= width or " " not in words:
        theme.text(surface, words, size, colour, at, bold=bold, width=width)
        return
    img = f.render(words, True, colour, wraplength=max(1, width))
    if img.get_height() > 2 * f.get_linesize() or img.get_width() > width:
        theme.text(surface, words, size, colour, at, bold=bold, width=width)
        return
    surface.blit(img, at)


class StatsScene(Scene):
    """The player's record, and the reset."""

    name = "stats"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.lines = app.keeper.statistics() if app.keeper is not None else {}
        keeper = app.keeper
        self.against = {k: keeper.against_par(k) for k in self.lines} if keeper else {}
        self.par_chart_words: list[str] = []  # what the chart against par drew last
        self.selected: int = 0  # a row is always selected
        self.asking = False
        self.message, self.message_good = "", False
        self.exporting: page.Export | None = None
        self.reset_btn = Button(lambda: say("button.reset"), self._ask)
        self.export_btn = Button(lambda: say("button.export_all"), self._export)
        self.back_btn = Button(lambda: say("button.back"), lambda: app.goto("menu"))
        self.yes_btn = Button(lambda: say("button.yes"), self._reset)
        self.no_btn = Button(lambda: say("button.no"), self._cancel)
        self.ring = FocusRing(self._widgets)

    def _widgets(self) -> list:
        if self.asking:
            return [self.yes_btn, self.no_btn]
        return [self.reset_btn, self.export_btn, self.back_btn]

    def keys(self) -> list[StatsKey]:
        return sorted(self.lines, key=lambda k: (k.game, k.players, k.level, k.options_text))

    def _export(self) -> None:
        if self.exporting is None:
            self.exporting = page.Export(self.app, "statistics")

    def update(self, dt: float) -> None:
        self.message, self.message_good, self.exporting = page.exported(
            self.app, self.exporting, (self.message, self.message_good)
        )

    def _ask(self) -> None:
        """Ask first, the focus on No (an Enter out of habit never resets)."""
        self.asking = True
        self.ring.shown, self.ring.index = True, 1

    def _cancel(self) -> None:
        """No: the question closes, and the voice says nothing was reset."""
        self.asking = False
        self.ring.index = 0
        self.app.speak(say("speech.stats.kept"), interrupt=False)

    def _reset(self) -> None:
        self.asking = False
        self.ring.index = 0
        if self.app.keeper is not None:
            self.app.keeper.reset_statistics()
            self.lines = self.app.keeper.statistics()
        self.selected = 0
        self.app.speak(say("speech.stats.reset"), interrupt=False)

    def spoken_question(self) -> tuple[str, str] | None:
        """The reset's question while it is open, and the answer the focus is on."""
        focused = self.ring.current()
        label = text_of(focused.label) if focused is not None else ""
        return (say("question.reset_stats"), label) if self.asking else None

    def spoken_row(self) -> str:
        """The selected line read aloud, each figure after its column's name."""
        keys = self.keys()
        if not keys:
            return say("stats.empty")
        key = keys[min(self.selected, len(keys) - 1)]
        cells = self._cells(key)
        heads = [say(k) for k, _ in self.COLUMNS]
        row = ", ".join(f"{h}: {c}" if i > 1 else c for i, (h, c) in
                        enumerate(zip(heads, cells, strict=True)) if c)  # fmt: skip
        return ". ".join([row, *(p.rstrip(".") for p in self.par_lines(key))])

    # ----------------------------------------------------------------- par
    def par_lines(self, key: StatsKey) -> list[str]:
        """The selected line against par: how the player played beside the Expert over
        the last 20 hands, and the averages over the last 20 and the last 100."""
        against = self.against.get(key, [])
        if not against:
            return [say("stats.par.none")]
        line = variant_words(key.game, key.choices, key.players)
        last = against[-PAR_RECENT:]
        mean = sum(last) / len(last)
        amount = signed(abs(mean))
        kind = "even" if amount.strip("0.,") == "" else ("over" if mean > 0 else "under")
        amount = amount.lstrip("+")
        out = [say_n(f"stats.par.{kind}", len(last), line=line, points=amount)]
        for most in (PAR_RECENT, PAR_LONG):
            part = against[-most:]
            value = signed(sum(part) / len(part))
            out.append(say_n("stats.par.average", len(part), value=value))
            if len(part) == len(against):
                break  # the last 100 are the last 20 while there are no more
        return out

    # ----------------------------------------------------------------- frame
    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.table_box = pygame.Rect(int(w * 0.04), int(h * 0.12), int(w * 0.92), int(h * 0.46))
        self.par_box = pygame.Rect(self.table_box.x, self.table_box.bottom + h // 80,
                                   self.table_box.w, int(h * 0.07))  # fmt: skip
        self.chart_box = pygame.Rect(
            self.table_box.x, self.par_box.bottom + h // 80, self.table_box.w, int(h * 0.23)
        )
        bh = max(30, h // 18)
        y = self.chart_box.bottom + bh // 2
        self.reset_btn.rect = pygame.Rect(self.table_box.x, y, int(w * 0.2), bh)
        self.export_btn.rect = pygame.Rect(w // 2 - int(w * 0.1), y, int(w * 0.2), bh)
        self.back_btn.rect = pygame.Rect(self.table_box.right - int(w * 0.2), y, int(w * 0.2), bh)
        self.yes_btn.rect = pygame.Rect(w // 2 - int(w * 0.21), h // 2 + bh, int(w * 0.2), bh)
        self.no_btn.rect = pygame.Rect(w // 2 + int(w * 0.01), h // 2 + bh, int(w * 0.2), bh)
        self.text_size = max(theme.READABLE, h // 42)
        self.row_h = 2 * theme.font(self.text_size).get_linesize() + 4  # a cell may wrap once

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.asking:
                self._cancel()
            else:
                self.app.goto("menu")
            return
        keyed = event.type == pygame.KEYDOWN and not self.ring.shown and not self.asking
        if keyed and event.key in (pygame.K_DOWN, pygame.K_UP):
            n = len(self.keys())
            step = 1 if event.key == pygame.K_DOWN else -1
            self.selected = max(0, min(n - 1, self.selected + step)) if n else 0
            return
        if self.ring.handle(event):
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not self.asking:
            b = self.table_box
            if b.collidepoint(event.pos):
                i = (event.pos[1] - b.y) // self.row_h - 1
                if 0 <= i < len(self.keys()):
                    self.selected = i
                    return
        for w in self._widgets():
            if w.handle(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        self.ring.sync()
        page.backdrop(surface, say("title.stats"), 0.055, 0.06)
        for box in (self.table_box, self.chart_box):
            page.box(surface, box)
        self._table(surface)
        self._par_words(surface)
        self._charts(surface)
        for button in (self.reset_btn, self.export_btn, self.back_btn):
            button.draw(surface)
        if self.message:
            page.message(surface, self.message, self.message_good)
        if self.asking:
            theme.veil(surface, surface.get_rect(), 150)
            theme.text(
                surface,
                say("question.reset_stats"),
                int(h * 0.035),
                theme.GOLD,
                (w // 2, h // 2 - h // 20),
                "center",
                True,
                width=int(w * 0.8),
            )
            self.yes_btn.draw(surface)
            self.no_btn.draw(surface)

    COLUMNS = (
        ("stats.what", 0.26),
        ("stats.level", 0.09),
        ("stats.hands", 0.07),
        ("stats.won", 0.07),
        ("stats.rate", 0.07),
        ("stats.streak", 0.09),
        ("stats.average", 0.08),
        ("stats.best", 0.06),
        ("stats.matches", 0.08),
        ("stats.extra", 0.13),
    )

    def _cells(self, key: StatsKey) -> tuple[str, ...]:
        line = self.lines[key]
        spec = SPECS.get(key.game)
        counts = spec.stat_counts_in(key.choices) if spec else ()
        return (
            variant_words(key.game, key.choices, key.players),
            say(f"level.{key.level}") if key.level in offered_levels(key.game) else key.level,
            str(line.hands),
            str(line.won),
            percent(line.win_rate),
            f"{line.streak} / {line.best_streak}",
            number(line.average),
            str(line.best),
            f"{line.matches_won} / {line.matches}",
            ", ".join(say(f"stats.count.{n}", n=line.counts.get(n, 0)) for n in counts),
        )

    def _table(self, surface: pygame.Surface) -> None:
        b, rh = self.table_box, self.row_h
        size = self.text_size
        x0, inner = b.x + 10, b.w - 20
        keys = self.keys()[: max(1, b.h // rh - 1)]
        rows = [_held(self._cells(key)) for key in keys]
        heads = [say(key) for key, _ in self.COLUMNS]
        widths = _widths([heads, *rows], [f for _, f in self.COLUMNS], inner, size)
        x = x0
        for head, w in zip(heads, widths, strict=True):
            _cell(surface, head, size, theme.GOLD, (x, b.y + 4), w - 6, True)
            x += w
        if not keys:
            theme.text(
                surface, say("stats.empty"), size, theme.INK_DIM, b.center, "center", width=b.w - 40
            )
            return
        for row, (key, cells) in enumerate(zip(keys, rows, strict=True)):
            line = self.lines[key]
            y = b.y + (row + 1) * rh + 6
            if row == self.selected:
                pygame.draw.rect(
                    surface, theme.BUTTON_HOVER, (b.x + 4, y - 2, b.w - 8, rh), border_radius=6
                )
            x = x0
            for cell, w in zip(cells, widths, strict=True):
                _cell(surface, cell, size, theme.INK, (x, y), w - 6)
                x += w
            if line.takeback_hands:
                theme.text(
                    surface,
                    say_n("stats.takebacks", line.takeback_hands, won=line.takeback_won),
                    size,
                    theme.INK_DIM,
                    (b.right - 10, y + size),
                    "topright",
                    width=inner // 3,
                )

    def _par_words(self, surface: pygame.Surface) -> None:
        """The selected line's skill line and its averages against par."""
        keys = self.keys()
        if not keys:
            return
        b = self.par_box
        lines = self.par_lines(keys[min(self.selected, len(keys) - 1)])
        size = max(theme.READABLE, min(self.text_size, b.h // 2 - 2))
        theme.text(surface, lines[0], size, theme.INK, (b.x, b.y), bold=True, width=b.w)
        theme.text(surface, ";  ".join(lines[1:]), size, theme.INK_DIM,
                   (b.x, b.y + int(size * 1.3)), width=b.w)  # fmt: skip

    def _charts(self, surface: pygame.Surface) -> None:
        b = self.chart_box
        third = b.w // 3
        left = pygame.Rect(b.x + 16, b.y + 8, third - 32, 0)
        right = pygame.Rect(b.x + third + 16, b.y + 8, third - 32, 0)
        par = pygame.Rect(b.x + 2 * third + 16, b.y + 8, third - 24, b.h - 16)
        below = max(_title(surface, say("stats.chart.last"), left),
                    _title(surface, say("stats.chart.levels"), right))  # fmt: skip
        for box in (left, right):
            box.y, box.h = below + 6, b.bottom - 12 - below - 6
        keys = self.keys()
        if not keys:
            return
        key = keys[min(self.selected, len(keys) - 1)]
        self._last_hands(surface, left, self.lines[key].last)
        self._by_level(surface, right, key)
        self.par_chart_words = par_chart.draw(surface, par, self.against.get(key, [])[-PAR_LONG:],
                                              theme.READABLE)  # fmt: skip

    def _last_hands(self, surface: pygame.Surface, box: pygame.Rect, last: list[int]) -> None:
        mid = box.centery
        pygame.draw.line(surface, theme.INK_DIM, (box.x, mid), (box.right, mid))
        n = LAST
        bw = box.w / n
        for i, result in enumerate(last[-n:]):
            x = box.x + i * bw
            if result == 1:
                rect = pygame.Rect(x + 1, box.y, max(1, bw - 2), mid - box.y)
            elif result == -1:
                rect = pygame.Rect(x + 1, mid, max(1, bw - 2), box.bottom - mid)
            else:
                rect = pygame.Rect(x + 1, mid - 3, max(1, bw - 2), 6)
            pygame.draw.rect(surface, WIN if result == 1 else LOSS if result == -1 else DRAW, rect)

    def _by_level(self, surface: pygame.Surface, box: pygame.Rect, key: StatsKey) -> None:
        levels = offered_levels(key.game)
        bw = box.w // (max(1, len(levels)) * 2)
        size = max(11, box.h // 8)
        for i, level in enumerate(levels):
            line = self.lines.get(replace(key, level=level))
            rate = line.win_rate if line and line.hands else 0.0
            x = box.x + bw // 2 + i * bw * 2
            height = int((box.h - size * 2) * rate)
            bar = pygame.Rect(x, box.bottom - size - height, bw, height)
            pygame.draw.rect(surface, theme.GOLD if line else theme.DISABLED, bar)
            words = percent(rate) if line and line.hands else "–"
            theme.text(
                surface, words, size, theme.INK, (bar.centerx, bar.y - 2), "midbottom", width=bw * 2
            )
            theme.text(
                surface,
                say(f"level.{level}"),
                size,
                theme.INK_DIM,
                (bar.centerx, box.bottom - size + 2),
                "midtop",
                width=bw * 2,
            )


def _title(surface: pygame.Surface, words: str, box: pygame.Rect) -> int:
    """A chart's title at the top of ``box``, at the readable size, wrapped onto a second
    line where one is too narrow (the German and Turkish titles); returns its bottom."""
    return surface.blit(_title_image(words, box.w), box.topleft).bottom


@lru_cache(maxsize=8)
def _title_image(words: str, width: int) -> pygame.Surface:
    """Rendered once per title and width, not every frame."""
    return theme.font(theme.READABLE, True).render(
        theme.safe(words), True, theme.GOLD, wraplength=width
    )
