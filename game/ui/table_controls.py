"""The table's buttons and overlays: menu, hint, Stop! and its choice, book flipping,
pause menu, rules."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import theme
from game.ui.rules_text import RULES
from game.ui.widgets import Button, ScrollText, Slider, Toggle

if TYPE_CHECKING:
    from game.ui.layout import Layout
    from game.ui.scenes.table import TableScene


def _dim(surface: pygame.Surface) -> None:
    theme.veil(surface, surface.get_rect(), 140)


class TableControls:
    """Everything clickable on the table that is not a card."""

    def __init__(self, table: TableScene) -> None:
        self.t = table
        app = table.app
        self.menu_btn = Button("Menu", self.open_menu)
        self.hint_btn = Button("Hint (H)", table.request_hint)
        self.stop_btn = Button("STOP!", self.press_stop, danger=True)
        self.force_btn = Button("Force the play", lambda: self.call_stop("force"))
        self.end_btn = Button("End the turn", lambda: self.call_stop("end"))
        self.cancel_btn = Button("Cancel", self.close_choice)
        self.flip_btn = Button("Flip", table._stock_click)
        self.auto = Toggle("Auto", False, self._set_auto)
        self.speed = Slider("Speed", app.settings.auto_flip_speed, self._set_speed)
        self.pause_items = [
            Button("Resume", self.close_menu),
            Button("New hand", self._new_hand),
            Button("Rules of this game", self.open_rules),
            Button("Main menu", self._main_menu),
            Button("Quit", app.quit),
        ]
        self.rules = ScrollText(RULES[table.match.game])
        self.rules_back = Button("Back", self.close_rules)
        self.choosing = False
        self.menu_open = False
        self.rules_open = False

    @property
    def paused(self) -> bool:
        return self.menu_open or self.rules_open or self.choosing

    # ----------------------------------------------------------------- placing
    def place(self, layout: Layout) -> None:
        bar = layout.areas["topbar"]
        h = int(bar.h * 0.72)
        self.menu_btn.rect = pygame.Rect(bar.x + 10, bar.centery - h // 2, h * 3, h)
        self.hint_btn.rect = self.menu_btn.rect.move(self.menu_btn.rect.w + h // 3, 0)
        self.hint_btn.rect.w = int(h * 3.6)
        action = layout.areas.get("action")
        book = self.t.match.game == "pisha-pasha-book"
        stop_rule = bool(self.t.state.options.get("stop_rule"))
        self.stop_btn.visible = stop_rule and action is not None
        self.flip_btn.visible = self.auto.visible = self.speed.visible = book and action is not None
        if action is not None:
            self.stop_btn.rect = action.copy()
            self._place_book(action)
        self._place_centre(layout)

    def _place_book(self, area: pygame.Rect) -> None:
        w = area.w
        row = pygame.Rect(area.x, area.y + area.h // 4, w, area.h // 2)
        self.flip_btn.rect = pygame.Rect(
            row.x, area.y + area.h // 6, int(w * 0.22), area.h * 2 // 3
        )
        self.auto.rect = pygame.Rect(row.x + int(w * 0.28), row.y, int(w * 0.32), row.h)
        self.speed.rect = pygame.Rect(row.x + int(w * 0.65), row.y, int(w * 0.35), row.h)
        self.auto.label_frac = self.speed.label_frac = 0.32

    def _place_centre(self, layout: Layout) -> None:
        w, h = layout.size
        bw, bh = max(240, w // 4), max(40, h // 16)
        gap = bh // 3
        top = h // 2 - (len(self.pause_items) * (bh + gap)) // 2
        for i, b in enumerate(self.pause_items):
            b.rect = pygame.Rect(w // 2 - bw // 2, top + i * (bh + gap), bw, bh)
        for i, b in enumerate((self.force_btn, self.end_btn, self.cancel_btn)):
            b.rect = pygame.Rect(w // 2 - bw // 2, h // 2 - bh + i * (bh + gap), bw, bh)
        self.rules.rect = pygame.Rect(w * 0.15, h * 0.08, w * 0.7, h * 0.74)
        self.rules.offset = 0
        self.rules_back.rect = pygame.Rect(w // 2 - bw // 2, h * 0.85, bw, bh)

    # ----------------------------------------------------------------- actions
    def open_menu(self) -> None:
        self.menu_open = True
        self.t.cancel_drag()

    def close_menu(self) -> None:
        self.menu_open = False

    def open_rules(self) -> None:
        self.menu_open, self.rules_open = False, True

    def close_rules(self) -> None:
        self.rules_open = False

    def _new_hand(self) -> None:
        self.menu_open = False
        self.t.restart_hand()

    def _main_menu(self) -> None:
        from game.ui.scenes.menu import MenuScene

        self.t.app.switch(MenuScene(self.t.app))

    def press_stop(self) -> None:
        """Stop! is always pressable, so it never gives a fault away."""
        st, h = self.t.state, self.t.human
        why = st.check(f"stop {h} force")
        if why:
            self.t.say(why)
            return
        self.choosing = True

    def call_stop(self, how: str) -> None:
        self.choosing = False
        self.t.perform(f"stop {self.t.human} {how}")
        self.t.stop_wait = 0.0

    def close_choice(self) -> None:
        self.choosing = False

    def _set_auto(self, on: bool) -> None:
        self.t.auto_flip = on

    def _set_speed(self, value: float) -> None:
        self.t.app.settings.auto_flip_speed = value

    def stop_hovered(self) -> bool:
        return self.stop_btn.visible and self.stop_btn.rect.collidepoint(self.t.hover_pos)

    # ----------------------------------------------------------------- events
    def buttons(self) -> list:
        """The clickable widgets on screen now."""
        return [w for w in self.widgets() if hasattr(w, "visible")]

    def widgets(self) -> list:
        if self.rules_open:
            return [self.rules_back, self.rules]
        if self.menu_open:
            return list(self.pause_items)
        if self.choosing:
            return [self.force_btn, self.end_btn, self.cancel_btn]
        return [self.menu_btn, self.hint_btn, self.stop_btn, self.flip_btn, self.auto, self.speed]

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.rules_open:
                self.close_rules()
            elif self.choosing:
                self.close_choice()
            else:
                self.menu_open = not self.menu_open
                self.t.cancel_drag()
            return True
        for w in self.widgets():
            if w.handle(event):
                return True
        return self.paused and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    # ----------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        t = self.t
        self.stop_btn.progress = None
        if t.stop_wait > 0:
            self.stop_btn.progress = t.stop_wait / max(0.1, t.app.settings.stop_window)
        self.flip_btn.enabled = t.human_may_act() and not t.auto_flip
        self.hint_btn.enabled = t.human_may_act() and t.opponents.hint_pending is None
        for w in (
            self.menu_btn,
            self.hint_btn,
            self.stop_btn,
            self.flip_btn,
            self.auto,
            self.speed,
        ):
            w.draw(surface)
        if self.choosing:
            self._draw_overlay(
                surface, "Call Stop! and…", [self.force_btn, self.end_btn, self.cancel_btn]
            )
        if self.menu_open:
            self._draw_overlay(surface, "Game menu", self.pause_items)
        if self.rules_open:
            _dim(surface)
            self.rules.draw(surface)
            self.rules_back.draw(surface)

    def _draw_overlay(self, surface: pygame.Surface, title: str, buttons: list[Button]) -> None:
        _dim(surface)
        top = buttons[0].rect
        box = top.unionall([b.rect for b in buttons]).inflate(top.h * 1.6, top.h * 1.2)
        box.y -= top.h
        box.h += top.h
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=14)
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, 2, border_radius=14)
        theme.text(
            surface,
            title,
            int(top.h * 0.7),
            theme.GOLD,
            (box.centerx, top.y - top.h * 0.6),
            "center",
            True,
        )
        for b in buttons:
            b.draw(surface)
