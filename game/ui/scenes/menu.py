"""The main menu: choose the game, its variant and options, the opponents' level, and start."""

from __future__ import annotations

import pygame

from game import TITLE
from game.rules import TITLES
from game.rules.match import Match
from game.settings import LEVELS
from game.ui import cardart, theme
from game.ui.rules_text import RULES
from game.ui.scene import Scene
from game.ui.widgets import Button, Cycler, ScrollText, Toggle, column

GAMES = ("pishe-pasha", "pisha-pasha-book", "pisti")
DEFAULTS = {
    "pishe-pasha": {"players": 2, "foundations": "suits", "stop_rule": False, "match": None},
    "pisha-pasha-book": {"players": 2},
    "pisti": {"players": 2, "target": 151, "start_jack": "turn_next", "show_bottom": True},
}


def match_for(game: str, choices: dict, seed: int | None) -> Match:
    """A match from the menu's choices (engine options and match length apart)."""
    players = int(choices.get("players", 2))
    if game == "pishe-pasha":
        opts = {
            "foundations": choices.get("foundations", "suits"),
            "stop_rule": bool(choices.get("stop_rule", False)),
        }
        if players == 3:
            opts["foundations"] = "single"
        return Match(game, players, opts, seed, target=choices.get("match"))
    if game == "pisti":
        opts = {k: choices[k] for k in ("target", "start_jack", "show_bottom") if k in choices}
        return Match(game, players, opts, seed)
    return Match(game, 2, {}, seed)


class MenuScene(Scene):
    """Title, game choice, options, level and the start button."""

    def __init__(self, app, seed: int | None = None) -> None:
        super().__init__(app)
        self.seed = seed
        s = app.settings
        self.game = Cycler(
            "Game", GAMES, [TITLES[g] for g in GAMES], s.last_game, self._game_changed
        )
        self.level = Cycler(
            "Opponents", LEVELS, [lv.capitalize() for lv in LEVELS], s.level, self._level
        )
        self.start = Button("Start", self.start_game)
        self.buttons = [
            self.start,
            Button("Settings", self._settings),
            Button("Rules", self._rules),
            Button("Quit", app.quit),
        ]
        self.rules: ScrollText | None = None
        self.rules_back = Button("Back", self._close_rules)
        self._build_options()

    # ----------------------------------------------------------------- options
    def _choices(self) -> dict:
        game = self.game.value
        out = dict(DEFAULTS[game])
        out.update(self.app.settings.options_for(game))
        return out

    def _remember(self, key: str, value) -> None:
        game = self.game.value
        opts = self.app.settings.game_options.setdefault(game, {})
        opts[key] = value
        if key == "players":
            self._build_options()
            self.resize(self.app.size)

    def _build_options(self) -> None:
        c = self._choices()
        game = self.game.value
        r = self._remember
        rows: list = []
        if game == "pishe-pasha":
            rows.append(
                Cycler("Players", [2, 3], ["2", "3"], c["players"], lambda v: r("players", v))
            )
            if c["players"] == 2:
                rows.append(
                    Cycler(
                        "Foundations",
                        ["suits", "single"],
                        ["Four suits", "Single"],
                        c["foundations"],
                        lambda v: r("foundations", v),
                    )
                )
            rows.append(Toggle("Stop rule", c["stop_rule"], lambda v: r("stop_rule", v)))
            rows.append(
                Cycler(
                    "Match",
                    [None, 50, 100],
                    ["Single hand", "To 50", "To 100"],
                    c["match"],
                    lambda v: r("match", v),
                )
            )
        elif game == "pisti":
            rows.append(
                Cycler(
                    "Players",
                    [2, 3, 4],
                    ["2", "3", "4 (partners)"],
                    c["players"],
                    lambda v: r("players", v),
                )
            )
            rows.append(
                Cycler("Target", [151, 101], ["151", "101"], c["target"], lambda v: r("target", v))
            )
            rows.append(
                Cycler(
                    "Jack on top",
                    ["turn_next", "to_bottom"],
                    ["Turn next", "To bottom"],
                    c["start_jack"],
                    lambda v: r("start_jack", v),
                )
            )
            rows.append(Toggle("Show bottom card", c["show_bottom"], lambda v: r("show_bottom", v)))
        self.options = rows

    def _game_changed(self, game: str) -> None:
        self.app.settings.last_game = game
        self._build_options()
        self.resize(self.app.size)

    def _level(self, level: str) -> None:
        self.app.settings.level = level

    # ----------------------------------------------------------------- actions
    def start_game(self) -> None:
        from game.ui.scenes.table import TableScene

        game = self.game.value
        self.app.settings.last_game = game
        self.app.save_settings()
        match = match_for(game, self._choices(), self.seed)
        self.app.switch(TableScene(self.app, match, self.level.value, self.seed))

    def _settings(self) -> None:
        from game.ui.scenes.settings_scene import SettingsScene

        self.app.switch(SettingsScene(self.app))

    def _rules(self) -> None:
        self.rules = ScrollText(RULES[self.game.value])
        self.resize(self.app.size)

    def _close_rules(self) -> None:
        self.rules = None

    # ----------------------------------------------------------------- frame
    def widgets(self) -> list:
        if self.rules:
            return [self.rules_back, self.rules]
        return [self.game, *self.options, self.level, *self.buttons]

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        pw = min(640, int(w * 0.55))
        row = max(34, h // 19)
        gap = row // 3
        rows = 2 + max(3, len(self.options))
        ph = row + rows * (row + gap) + int(row * 1.3) + row
        self.panel = pygame.Rect(w // 2 - pw // 2, int(h * 0.22), pw, ph)
        inner = self.panel.inflate(-row, -row)
        column(inner, [self.game, *self.options, self.level], row, gap)
        bw = (inner.w - 3 * gap) // 4
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(
                inner.x + i * (bw + gap), inner.bottom - int(row * 1.3), bw, int(row * 1.3)
            )
        if self.rules:
            self.rules.rect = pygame.Rect(w * 0.12, h * 0.08, w * 0.76, h * 0.74)
        self.rules_back.rect = pygame.Rect(w // 2 - 120, int(h * 0.85), 240, row)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN and not self.rules:
            self.start_game()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.rules:
            self.rules = None
            return
        for wdg in self.widgets():
            if wdg.handle(event):
                return

    def cursor(self) -> int:
        pos = pygame.mouse.get_pos()
        over = any(wdg.rect.collidepoint(pos) for wdg in self.widgets() if hasattr(wdg, "on_click"))
        return pygame.SYSTEM_CURSOR_HAND if over else pygame.SYSTEM_CURSOR_ARROW

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(cardart.felt((w, h)), (0, 0))
        self._fan(surface)
        theme.text(
            surface, TITLE, int(h * 0.085), theme.GOLD, (w // 2, int(h * 0.1)), "center", True
        )
        theme.text(
            surface,
            "Pishe Pasha and Pişti against the computer",
            int(h * 0.032),
            theme.INK_DIM,
            (w // 2, int(h * 0.165)),
            "center",
        )
        veil = pygame.Surface(self.panel.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (10, 30, 20, 200), veil.get_rect(), border_radius=16)
        surface.blit(veil, self.panel)
        pygame.draw.rect(surface, theme.PANEL_EDGE, self.panel, 2, border_radius=16)
        if self.game.value == "pisha-pasha-book":
            y = self.options_bottom()
            theme.text(
                surface,
                "Two players, no choices: a game of pure chance.",
                int(h * 0.028),
                theme.INK_DIM,
                (self.panel.centerx, y),
                "center",
            )
        for wdg in [self.game, *self.options, self.level, *self.buttons]:
            wdg.draw(surface)
        if self.app.notice:
            theme.text(
                surface,
                self.app.notice,
                int(h * 0.026),
                theme.RED_LIGHT,
                (w // 2, h - 14),
                "midbottom",
            )
        if self.rules:
            veil = pygame.Surface((w, h), pygame.SRCALPHA)
            veil.fill((0, 0, 0, 150))
            surface.blit(veil, (0, 0))
            self.rules.draw(surface)
            self.rules_back.draw(surface)

    def options_bottom(self) -> int:
        return self.game.rect.bottom + self.game.rect.h

    def _fan(self, surface: pygame.Surface) -> None:
        """A few cards fanned behind the title, for looks."""
        w, h = surface.get_size()
        art = getattr(self, "_art", None)
        size = (int(h * 0.11), int(h * 0.154))
        if art is None or art.size != size:
            art = self._art = cardart.CardArt()
            art.configure(size, self.app.settings.four_colour, self.app.settings.card_back)
        for i, card in enumerate((12, 25, 38, 51)):
            img = pygame.transform.rotozoom(art.face(card), 18 - i * 12, 1)
            surface.blit(img, img.get_rect(center=(w * 0.1 + i * size[0] * 0.35, h * 0.16)))
        for i, card in enumerate((10, 23, 36, 49)):
            img = pygame.transform.rotozoom(art.face(card), 18 - i * 12, 1)
            surface.blit(img, img.get_rect(center=(w * 0.82 + i * size[0] * 0.35, h * 0.16)))
