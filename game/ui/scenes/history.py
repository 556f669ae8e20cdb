"""The History screen: every finished hand, newest first, each opened in the replay viewer
or exported as a record, the whole History exported as JSON and CSV; and any record file
(a saved hand, a bug report) opened by its path or dropped on the window."""

from __future__ import annotations

import time

import pygame

from game.core.drawable import path_text
from game.core.order import yours_first
from game.games import offered_levels
from game.record import RecordError, load
from game.store.hands import Hand
from game.store.keeper import PAGE, signed
from game.store.pars import HandPar
from game.text import say
from game.text.words import variant_words, when
from game.ui import page, theme
from game.ui.scene import Scene
from game.ui.widgets import Button, FocusRing, Widget

RESULT_KEYS = {1: "history.won", 0: "history.drawn", -1: "history.lost"}


def score_words(score: tuple[int, ...], seat: int) -> str:
    """A hand's score as History shows and says it: the player's side first ("14–2")."""
    return "–".join(str(value) for _, value in yours_first(score, seat))


class PathBox(Widget):
    """A line of text typed by the player: a record file's path."""

    def __init__(self, on_enter) -> None:
        super().__init__(lambda: say("history.path"))
        self.text = ""
        self.on_enter = on_enter
        self.clicked = False  # focused by a click: the focus ring's frame sync leaves it

    @property
    def focused(self) -> bool:
        return self.clicked or self._ring_focus

    @focused.setter
    def focused(self, value: bool) -> None:
        self._ring_focus = value

    def activate(self) -> None:
        if self.text.strip():
            self.on_enter(self.text.strip())

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.clicked = bool(self.rect.collidepoint(event.pos))
            return self.clicked
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_TAB, pygame.K_ESCAPE):
            self.clicked = False
            return False
        if event.type == pygame.KEYDOWN and self.focused:
            if event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.activate()
                return True
            ch = getattr(event, "unicode", "")
            if ch and ch.isprintable() and len(self.text) < 400:
                self.text += ch
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.PANEL, self.rect, border_radius=8)
        edge = theme.FOCUS if self.focused else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, self.rect, 2, border_radius=8)
        words = self.text or say("history.path")
        colour = theme.INK if self.text else theme.INK_DIM
        theme.text(
            surface,
            words,
            int(self.rect.h * 0.45),
            colour,
            (self.rect.x + 10, self.rect.centery),
            "midleft",
            width=self.rect.w - 20,
        )


class HistoryScene(Scene):
    """The list of hands and the doors to the replay viewer."""

    name = "history"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.entries: list[Hand] = []  # the hands read so far, newest first (see _read_to)
        self.pars: dict[int, HandPar] = {}
        self._below: int | None = None  # the row the next page starts below (0: no more)
        self._read_to(PAGE)
        self.selected: int = 0  # a row is always selected
        self.top = 0
        self.message = ""
        self.message_good = False  # an export that worked is good news, not an error
        self.exporting: page.Export | None = None
        self.replay_btn = Button(lambda: say("button.replay"), self.open_selected)
        self.export_btn = Button(lambda: say("button.export"), self.export_selected)
        self.export_all_btn = Button(lambda: say("button.export_all"), self.export_all)
        self.path = PathBox(self.open_file)
        self.open_btn = Button(lambda: say("button.open_file"), self.path.activate)
        self.back_btn = Button(lambda: say("button.back"), lambda: app.goto("menu"))
        self.buttons = [self.replay_btn, self.export_btn, self.export_all_btn, self.path,
                        self.open_btn, self.back_btn]  # fmt: skip
        self.ring = FocusRing(lambda: self.buttons)
        for b in (self.replay_btn, self.export_btn, self.export_all_btn):
            # no hand yet: nothing to replay or export (a window keeping nothing says why)
            b.enabled = bool(self.entries) or app.keeper is None

    def _read_to(self, count: int) -> None:
        """At least ``count`` hands read (or all there are), a page at a time, with their
        pars: a long history costs only the pages the player scrolls to."""
        keeper = self.app.keeper
        while keeper is not None and len(self.entries) < count and self._below != 0:
            found, self._below = keeper.page(self._below, PAGE)
            self.entries += found
            if found:
                self.pars.update(keeper.pars_of(found[-1].id, found[0].id))

    # ----------------------------------------------------------------- actions
    def open_selected(self) -> None:
        keeper = self.app.keeper
        if not self.entries or keeper is None:
            return
        e = self.entries[self.selected]
        record = keeper.record(e.id)
        self.app.goto("replay", record=record, seat=e.seat, back=self, deal=e.deal or None)

    def export_selected(self) -> None:
        keeper = self.app.keeper
        if not self.entries or keeper is None:
            return
        from game import export

        e = self.entries[self.selected]
        stem = time.strftime("hand-%Y%m%d-%H%M%S")
        try:
            data = export.json_bytes(keeper.record(e.id))
            path = export.new_file(keeper.folder, stem, ".json", data)
            self.message = say("replay.exported", path=path_text(path))
            self.message_good = True
        except OSError as err:
            self.message = say("replay.export_failed", detail=err.strerror or str(err))
            self.message_good = False

    def export_all(self) -> None:
        """Every hand written on the keeper's thread: the window stays the player's."""
        if self.exporting is None:
            self.exporting = page.Export(self.app, "history")

    def update(self, dt: float) -> None:
        self.message, self.message_good, self.exporting = page.exported(
            self.app, self.exporting, (self.message, self.message_good)
        )

    def open_file(self, path: str) -> None:
        """Any record file into the viewer; a broken one gets the record checker's words."""
        try:
            record = load(path)
        except RecordError as err:
            self.message = say("history.cannot_open", detail=str(err))
            self.message_good = False
            return
        scene = self.app.goto("replay", record=record, seat=0, back=self)
        if getattr(scene, "model", None) is None:
            self.message = say("history.cannot_open", detail=getattr(scene, "problem", ""))
            self.message_good = False

    # ----------------------------------------------------------------- frame
    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.box = pygame.Rect(int(w * 0.03), int(h * 0.14), int(w * 0.94), int(h * 0.62))
        self.row_h = max(22, h // 28)
        bh = max(30, h // 18)
        y = self.box.bottom + bh // 2
        bw = int(self.box.w * 0.14)
        self.replay_btn.rect = pygame.Rect(self.box.x, y, bw, bh)
        self.export_btn.rect = pygame.Rect(self.replay_btn.rect.right + 10, y, bw, bh)
        x = self.export_btn.rect.right + 10
        self.export_all_btn.rect = pygame.Rect(x, y, int(bw * 1.4), bh)
        self.back_btn.rect = pygame.Rect(self.box.right - bw, y, bw, bh)
        y2 = y + bh + bh // 2
        self.path.rect = pygame.Rect(self.box.x, y2, int(self.box.w * 0.72), bh)
        self.open_btn.rect = pygame.Rect(
            self.path.rect.right + 10, y2, self.box.right - self.path.rect.right - 10, bh
        )

    def visible_rows(self) -> int:
        return max(1, self.box.h // self.row_h - 1)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.DROPFILE:
            self.open_file(event.file)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.goto("menu")
            return
        if self.path.handle(event) or self._list_key(event) or self.ring.handle(event):
            return
        if self._wheel(event) or self._click(event):
            return
        for b in self.buttons:
            if b.handle(event):
                return

    def _list_key(self, event: pygame.event.Event) -> bool:
        """Up and Down move through the hands, Enter opens one (when no button has focus)."""
        if event.type != pygame.KEYDOWN or self.ring.shown:
            return False
        if event.key in (pygame.K_DOWN, pygame.K_UP):
            self._select(self.selected + (1 if event.key == pygame.K_DOWN else -1))
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.open_selected()
            return True
        return False

    def _wheel(self, event: pygame.event.Event) -> bool:
        """The wheel scrolls the list, reading on as it nears the rows not yet read."""
        if event.type != pygame.MOUSEWHEEL:
            return False
        self._read_to(self.top - event.y + 2 * self.visible_rows())
        self.top = max(0, min(max(0, len(self.entries) - self.visible_rows()), self.top - event.y))
        return True

    def _click(self, event: pygame.event.Event) -> bool:
        """A click selects a row; a double click on the selected row opens it."""
        if event.type not in (pygame.MOUSEBUTTONUP, pygame.MOUSEBUTTONDOWN) or event.button != 1:
            return False
        row = self._row_at(event.pos)
        if row is None:
            return False
        double = row == self.selected and getattr(event, "clicks", 1) >= 2
        if event.type == pygame.MOUSEBUTTONDOWN:
            if double:
                self.open_selected()
            return double
        if double:
            self.open_selected()
        self._select(row)
        return True

    def _row_at(self, pos) -> int | None:
        if not self.box.collidepoint(pos):
            return None
        i = self.top + (pos[1] - self.box.y) // self.row_h - 1
        return i if 0 <= i < len(self.entries) and i >= self.top else None

    def _select(self, i: int) -> None:
        self._read_to(i + self.visible_rows() + 1)
        if not self.entries:
            return
        self.selected = max(0, min(len(self.entries) - 1, i))
        rows = self.visible_rows()
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + rows:
            self.top = self.selected - rows + 1

    def draw(self, surface: pygame.Surface) -> None:
        self.ring.sync()
        page.backdrop(surface, say("title.history"))
        page.box(surface, self.box)
        self._rows(surface)
        for b in self.buttons:
            b.draw(surface)
        if self.message:
            page.message(surface, self.message, self.message_good)

    def _cells(self, e) -> tuple[str, ...]:
        k = e.key
        found = self.pars.get(e.id)
        against = (
            ""
            if found is None
            else say("history.par.cell", against=signed(found.against), par=signed(found.par.mean))
        )
        result = "history.given_up" if e.given_up else RESULT_KEYS.get(e.result, "history.drawn")
        return (
            when(e.at),
            variant_words(k.game, k.choices, k.players),
            say(f"level.{k.level}") if k.level in offered_levels(k.game) else "",
            say(result, score=score_words(e.score, e.seat)),
            against,
            str(e.deal),
        )

    def spoken_row(self) -> str:
        """The selected hand, read aloud as the row shows it."""
        if not self.entries:
            return say("history.empty")
        return ", ".join(c for c in self._cells(self.entries[self.selected]) if c)

    # (start, width) as parts of the row: at 960x600 each holds its longest words at 14 px
    # (a date and time, a game with three options, a three-player result)
    COLUMNS = ((0.0, 0.155), (0.155, 0.285), (0.44, 0.11), (0.55, 0.175), (0.725, 0.165),
               (0.89, 0.11))  # fmt: skip

    def _rows(self, surface: pygame.Surface) -> None:
        b, rh = self.box, self.row_h
        size = int(rh * 0.6)
        heads = (
            "history.when",
            "history.game",
            "history.opponents",
            "history.result",
            "history.par",
            "history.deal",
        )
        x0, inner = b.x + 12, b.w - 24
        for (start, width), head in zip(self.COLUMNS, heads, strict=True):
            theme.text(
                surface,
                say(head),
                size,
                theme.GOLD,
                (x0 + int(inner * start), b.y + 6),
                bold=True,
                width=int(inner * width) - 8,
            )
        if not self.entries:
            theme.text(
                surface,
                say("history.empty"),
                size,
                theme.INK_DIM,
                (b.centerx, b.centery),
                "center",
                width=b.w - 40,
            )
            return
        for row, e in enumerate(self.entries[self.top : self.top + self.visible_rows()]):
            i = self.top + row
            y = b.y + (row + 1) * rh + 6
            if i == self.selected:
                pygame.draw.rect(
                    surface, theme.BUTTON_HOVER, (b.x + 4, y - 2, b.w - 8, rh), border_radius=6
                )
            for (start, width), cell in zip(self.COLUMNS, self._cells(e), strict=True):
                theme.text(
                    surface,
                    cell,
                    size,
                    theme.INK,
                    (x0 + int(inner * start), y),
                    width=int(inner * width) - 8,
                )
