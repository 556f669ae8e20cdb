"""The main menu: choose the game, its options and the opponents; start, continue the saved
match, or deal a numbered hand; and the doors to statistics, history, settings, rules.

Every option row comes from the game's spec (the engine's options plus the table's
choices), with a one-line explanation under the panel. The panel is as tall as the
game with the most options, so nothing jumps when the game changes; a game with none
shows the start of its rules there.
"""

from __future__ import annotations

import datetime
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.core.match import deal_of_the_day
from game.core.schema import MAX_DEAL
from game.games import SPECS
from game.text import say
from game.text.words import phrase
from game.ui import cardart, page, theme
from game.ui.number_box import NumberBox
from game.ui.question import Question
from game.ui.scene import Scene
from game.ui.scenes.lesson_doors import LessonDoors
from game.ui.widgets import Button, Cycler, FocusRing, Widget, button_row, text_of

if TYPE_CHECKING:  # imported when first used: the first frame does not wait for them
    from game.core.spec import GameSpec
    from game.ui.rules_panel import RulesPanel


def _value_name(key: str, value) -> str:
    if isinstance(value, bool):
        return say("option.on" if value else "option.off")
    return say(f"choice.{key}.{value}")


def _help_key(key: str, value) -> str:
    """An on/off option explains the value it shows (what "Off" means under "Off")."""
    if isinstance(value, bool):
        return f"choice.{key}.help.{'on' if value else 'off'}"
    return f"choice.{key}.help"


def _match_words(info: dict) -> dict[str, str]:
    """A saved match's summary as the words the menu says of it: the game, its variant
    and target ("Pişti (2 players, to 151)"), the score and the hand."""
    you, *others = info["totals"]
    details = [phrase(info["variant"]) if info.get("variant") else ""]
    details.append(say("menu.target", n=info["target"]) if info["target"] else "")
    shown = ", ".join(d for d in details if d)
    game = say(f"game.{info['game']}")
    return {
        "name": game,
        "game": say("menu.game_details", game=game, details=shown) if shown else game,
        "you": str(you),
        "them": " – ".join(map(str, others)),
        "n": str(info["hand"]),
    }


def _replace_key(info: dict) -> str:
    """The question before a saved game is replaced: a match's, or a single hand's; a hand
    in play is given up, and the question says so."""
    if not info["target"]:
        return "question.replace_hand"
    return "question.replace_match" if info.get("in_play") else "question.replace_match.between"


class MenuScene(LessonDoors, Scene):
    """Title, game choice, options, level and the buttons."""

    name = "menu"

    def __init__(self, app, seed: int | None = None) -> None:
        super().__init__(app)
        self.seed = seed
        s = app.settings
        games = tuple(SPECS)
        game = s.last_game if s.last_game in SPECS else games[0]
        self.game: Cycler = Cycler(
            lambda: say("menu.game"),
            games,
            [partial(say, f"game.{g}") for g in games],
            game,
            self._game_changed,
            lambda: say(f"game.{self.game.value}.about"),
        )
        self.level: Cycler = Cycler(
            lambda: say("menu.opponents"),
            (),
            (),
            None,
            self._level,
            lambda: say(f"level.{self.level.value}.help"),
        )
        self.start = Button(lambda: say("button.start"), self.start_game)
        self.continue_btn = Button(self._continue_label, self.continue_match)
        self.deal_box = NumberBox(lambda: say("menu.deal_number"), self.play_deal)
        self.deal_btn = Button(lambda: say("button.play_deal"), self._deal_pressed)
        self.day_btn = Button(lambda: say("button.deal_of_day"), self.play_deal_of_the_day)
        self.learn_btn = Button(lambda: say("button.learn"), self.learn)
        self.buttons = [
            self.start,
            Button(lambda: say("button.statistics"), lambda: app.goto("stats")),
            Button(lambda: say("button.history"), lambda: app.goto("history")),
            Button(lambda: say("button.settings"), lambda: app.goto("settings")),
            Button(lambda: say("button.rules"), self._rules),
            self.learn_btn,
            Button(lambda: say("button.quit"), app.quit),
        ]
        self.offer = self._offer_once()
        self._art: cardart.CardArt | None = None  # the fans' cards
        self.lesson_pick: list[Button] = []  # the lessons to choose from, while shown
        self.rules: RulesPanel | None = None
        self.rules_back = Button(lambda: say("button.back"), self._close_rules)
        self.question: Question | None = None
        self.options: list[Cycler] = []
        self.option_rows = max(len(s.choices) + bool(s.levels) for s in SPECS.values())
        self.ring = FocusRing(self.widgets)
        self._build_options()

    @property
    def spec(self) -> GameSpec:
        return SPECS[self.game.value]

    # ----------------------------------------------------------------- options
    def choices(self) -> dict:
        spec = self.spec
        out = spec.defaults()
        saved = self.app.settings.options_for(spec.id)
        out.update({k: v for k, v in saved.items() if k in out})
        return out

    def _remember(self, key: str, value) -> None:
        opts = self.app.settings.game_options.setdefault(self.spec.id, {})
        opts[key] = value
        self._build_options()
        self.resize(self.app.size)

    def _build_options(self) -> None:
        c = self.choices()
        rows: list[Cycler] = []
        for choice in self.spec.choices:
            row = self._row(choice, c[choice.key])
            if choice.shown is not None and not choice.shown(c):
                self._fix(row, choice)
            rows.append(row)
        self.options = rows
        self._offer_levels()

    def _offer_levels(self) -> None:
        """The game's own levels, at the one last chosen where the game has it (a game
        offering none plays its default, unseen)."""
        spec, level = self.spec, self.app.settings.level
        levels = spec.levels or (spec.default_level,)
        self.level.values = list(levels)
        self.level.names = [partial(say, f"level.{lv}") for lv in levels]
        self.level.index = levels.index(level if level in levels else spec.default_level)
        self.level.visible = bool(spec.levels)
        self.learn_btn.visible = bool(spec.lessons)

    def _row(self, choice, value) -> Cycler:
        key = choice.key
        names = [lambda v=v: _value_name(key, v) for v in choice.values]
        row = Cycler(
            lambda: say(f"choice.{key}"),
            choice.values,
            names,
            value,
            lambda v: self._remember(key, v),
        )
        row.help = lambda: say(_help_key(key, row.value))
        return row

    @staticmethod
    def _fix(row: Cycler, choice) -> None:
        """A choice the other choices settle: its row stays where it is, greyed, showing
        the value that applies, and its line says why (nothing moves under the pointer)."""
        if choice.fixed is not None:
            row.set_value(choice.fixed)
        row.locked = True
        row.help = lambda: say(f"choice.{choice.key}.why_fixed")

    def _game_changed(self, game: str) -> None:
        self.app.settings.last_game = game
        self._build_options()
        self.resize(self.app.size)

    def _level(self, level: str) -> None:
        self.app.settings.level = level

    # ----------------------------------------------------------------- actions
    def start_game(self, deal_no: int | None = None) -> None:
        """A new match of the menu's choices; when it would replace a saved one, the
        player is asked first (the menu's buttons and the command line's ``--game``)."""
        info = self.saved()
        if info is None or not info.get("played", True):
            self._begin(deal_no)
            return
        self.question = Question(
            lambda: say(_replace_key(info), **_match_words(info)),
            lambda: self._replace(deal_no),
            self._close_question,
        )
        self.question.layout(self.app.size)

    def _close_question(self) -> None:
        self.question = None

    def _replace(self, deal_no: int | None) -> None:
        """The player agreed to replace the saved game: its hand in play is given up as the
        game menu's New hand gives one up (kept in History, counted as lost), then the new
        game begins."""
        keeper = self.app.keeper
        saved = keeper.load_match() if keeper is not None else None
        if saved is not None:
            self.app.give_up_hand(saved)
        self._begin(deal_no)

    def _begin(self, deal_no: int | None) -> None:
        self.question = None
        spec = self.spec
        self.app.settings.last_game = spec.id
        self.app.save_settings()
        from game.session import Session

        session = Session.start(spec.id, self.choices(), self.level.value, self.seed, deal_no)
        self.app.goto("table", session=session)

    def _deal_pressed(self) -> None:
        if self.deal_box.digits:
            self.play_deal(int(self.deal_box.digits))
        else:  # refused: the voice says why, after the box the focus lands on
            self._focus_deal_box()
            self.app.speak(say("speech.deal.no_number"), interrupt=False)

    def _focus_deal_box(self) -> None:
        """The deal number box takes the keys (a click on it, or Play with no number)."""
        self.ring.shown = True
        live = self.ring._live()
        self.ring.index = live.index(self.deal_box) if self.deal_box in live else 0
        self.ring.sync()

    def play_deal(self, number: int) -> None:
        self.start_game(max(0, min(MAX_DEAL, number)))

    def deal_of_the_day(self) -> int:
        """Today's deal of the chosen game (the player's calendar day)."""
        return deal_of_the_day(datetime.date.today(), self.spec.id)

    def play_deal_of_the_day(self) -> None:
        """The day's deal, its number shown in the box as if typed there."""
        number = self.deal_of_the_day()
        self.deal_box.digits = str(number)
        self.play_deal(number)

    def saved(self) -> dict[str, Any] | None:
        keeper = self.app.keeper
        return keeper.saved_match() if keeper is not None else None

    def _continue_label(self) -> str:
        info = self.saved()
        if info is None:
            return say("button.continue")
        spec = SPECS.get(info["game"])
        pairs = spec is not None and spec.teams(info.get("players", 2)) < info.get("players", 2)
        key = "button.continue_saved.pair" if pairs else "button.continue_saved"
        return say(key, **_match_words(info))  # a partnership's score is "yours", plural

    def continue_match(self) -> None:
        keeper = self.app.keeper
        session = keeper.load_match() if keeper is not None else None
        if session is not None:
            self.app.goto("table", session=session)

    def _rules(self) -> None:
        from game.ui.rules_panel import RulesPanel

        spec, o = self.spec, self.app.settings
        self.rules = RulesPanel(
            lambda: say(spec.rules_key), lambda: spec.rules_figures, lambda: (o.faces, o.card_back)
        )
        self.resize(self.app.size)
        self.app.speak(f"{say('button.rules')}, {say(f'game.{spec.id}')}. {self.rules.spoken()}")

    def _close_rules(self) -> None:
        self.rules = None
        self.app.speak(say("speech.back.menu"))

    # ----------------------------------------------------------------- frame
    def spoken(self) -> str:
        """The menu's title and keys, and at the very first start the lesson's offer, whose
        answers the first Tabs reach (after Continue, if a match was left)."""
        words = say("speech.scene.menu")
        return f"{words}. {self.offer_words()}" if self.offered else words

    def spoken_question(self) -> tuple[str, str] | None:
        return self.question.asked() if self.question is not None else None

    def widgets(self) -> list:
        if getattr(self, "lesson_pick", None):
            return list(self.lesson_pick)
        if self.rules:
            return [self.rules_back, self.rules]
        extra = [self.continue_btn] if self.continue_btn.visible else []
        return [
            *extra,
            *(self.offered if hasattr(self, "offer") else []),
            self.game,
            *self.options,
            self.level,
            self.day_btn,
            self.deal_box,
            self.deal_btn,
            *self.buttons,
        ]

    def resize(self, size: tuple[int, int]) -> None:
        """The panel keeps one place and size for every game (room for the most rows);
        the rows a game has share that room evenly; a row the other choices settle stays in
        its place, greyed, so changing one choice moves no other row. The Continue bar sits
        above the panel, between the two card fans."""
        w, h = size
        self.row = row = max(26, min(48, h // 21))
        pw = min(int(w * 0.62), max(700, int(row * 18.4)))  # wider in a large window
        gap = row // 4
        about = int(row * 0.9)
        bh = int(row * 1.2)
        room = self.option_rows * (row + gap)
        ph = row + row + about + gap + room + gap + 3 * bh + 2 * gap
        self.panel = pygame.Rect(w // 2 - pw // 2, int(h * 0.2), pw, ph)
        inner = self.panel.inflate(-row, -row)
        self.game.rect = pygame.Rect(inner.x, inner.y, inner.w, row)
        self.about_rect = pygame.Rect(inner.x, self.game.rect.bottom + 2, inner.w, about)
        shown = [*self.options, *([self.level] if self.level.visible else [])]
        step = room // max(1, len(shown))
        top = self.about_rect.bottom + gap + (step - row - gap) // 2
        for i, wdg in enumerate(shown):
            wdg.rect = pygame.Rect(inner.x, top + i * step, inner.w, row)
        self.room = pygame.Rect(inner.x, self.about_rect.bottom + gap, inner.w, room)
        y3 = inner.bottom - bh
        y2 = y3 - bh - gap
        y1 = y2 - bh - gap
        ways_in = [self.start, self.learn_btn]  # the two ways into a game, then the doors
        first = [b for b in ways_in if b.visible]
        button_row(pygame.Rect(inner.x, y2, inner.w, bh), first, gap)
        rest = [b for b in self.buttons if b not in ways_in]
        button_row(pygame.Rect(inner.x, y3, inner.w, bh), rest, gap)
        self.day_btn.rect = pygame.Rect(inner.x, y1, int(inner.w * 0.34), bh)
        self.deal_btn.rect = pygame.Rect(
            inner.right - int(inner.w * 0.32), y1, int(inner.w * 0.32), bh
        )
        x = self.day_btn.rect.right + gap  # the box between, named by its own empty hint
        self.deal_box.rect = pygame.Rect(x, y1, self.deal_btn.rect.x - gap - x, bh)
        self.continue_btn.visible = self.saved() is not None
        ch = page.bar_height(text_of(self.continue_btn.label), pw, bh)
        self.continue_btn.rect = pygame.Rect(self.panel.x, self.panel.y - ch - gap * 2, pw, ch)
        if self.rules:
            self.rules.rect = pygame.Rect(w * 0.12, h * 0.08, w * 0.76, h * 0.74)
        self.rules_back.rect = pygame.Rect(w // 2 - 120, int(h * 0.85), 240, row)
        if self.question is not None:
            self.question.layout(size)
        for i, b in enumerate(self.lesson_pick):
            top = h // 2 - len(self.lesson_pick) * (bh + gap) // 2
            b.rect = pygame.Rect(w // 2 - pw // 3, top + i * (bh + gap), 2 * pw // 3, bh)
        for i, b in enumerate(self.offer):
            x = w // 2 + (i - 1) * (pw // 2 + gap) + gap // 2
            b.rect = pygame.Rect(x, h - bh - gap, pw // 2, bh)

    def handle(self, event: pygame.event.Event) -> None:
        if self.question is not None:
            self.question.handle(event)
            return
        if self.lesson_pick:
            self._pick_handle(event)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.rules:
                self._close_rules()
            return
        if any(b.handle(event) for b in self.offered):
            return
        if not self.rules and self.deal_box.handle(event):
            return
        clicked = event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not self.rules
        if clicked and self.deal_box.rect.collidepoint(event.pos):
            self._focus_deal_box()
            return
        if self.ring.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN and not self.rules:
            self.start_game()
            return
        for wdg in self.widgets():
            if wdg.handle(event):
                return

    def cursor(self) -> int:
        pos = pygame.mouse.get_pos()
        over = any(w.rect.collidepoint(pos) for w in self.widgets() if isinstance(w, Button))
        return pygame.SYSTEM_CURSOR_HAND if over else pygame.SYSTEM_CURSOR_ARROW

    def explained(self) -> Widget | None:
        """The option whose explanation shows: the focused one, else the one under the mouse,
        else a greyed row's (the line saying why it cannot be changed now)."""
        focused = self.ring.current()
        if focused is not None and focused.help:
            return focused
        for w in [self.game, *self.options, self.level]:
            if w.hover and w.help:
                return w
        return next((w for w in self.options if w.locked), None)  # why a row is greyed

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        self.ring.sync()
        surface.blit(cardart.felt((w, h)), (0, 0))
        self._art = page.card_fans(surface, self.panel.x - 12, self._art, self.app.settings)
        title, at = say("app.title"), (w // 2, int(h * 0.075))
        theme.text(surface, title, int(h * 0.08), theme.GOLD, at, "center", True, width=w * 3 // 5)
        self._subtitle(surface)
        page.box(surface, self.panel, 200, 16)
        a = self.about_rect
        theme.text(
            surface,
            say(f"game.{self.game.value}.about"),
            int(a.h * 0.62),
            theme.INK_DIM,
            a.midleft,
            "midleft",
            width=a.w,
        )
        if self.continue_btn.visible:
            self.continue_btn.draw(surface)
        for wdg in [self.game, *self.options, self.level, self.day_btn, self.deal_box,
                    self.deal_btn]:  # fmt: skip
            wdg.draw(surface)
        for wdg in self.buttons:
            wdg.draw(surface)
        if not self.options and not self.level.visible:  # the room shows how it plays
            page.opening(surface, say(self.spec.rules_key), self.room, int(self.row * 0.55))
        offered = bool(self.offered)
        if not (offered and self.app.notices):
            self._explanation(surface)
        self._offer(surface)
        if self.app.notices:  # under the panel while the lesson's offer holds the foot
            at = (w // 2, self.panel.bottom + 6) if offered else (w // 2, h - 10)
            anchor = "midtop" if offered else "midbottom"
            colour = theme.news(self.app.notice_good)
            theme.text(
                surface, self.app.notices[-1], int(h * 0.024), colour, at, anchor, width=w - 40
            )
        if self.lesson_pick:
            self._draw_pick(surface)
        if self.rules:
            theme.veil(surface, surface.get_rect(), 150)
            self.rules.draw(surface)
            self.rules_back.draw(surface)
        if self.question is not None:
            self.question.draw(surface)

    def _subtitle(self, surface: pygame.Surface) -> None:
        """The line under the title, where the Continue bar leaves it whole (the bar, when
        there is a match to continue, takes its place rather than half cover it)."""
        w, h = surface.get_size()
        words, size = say("menu.subtitle"), int(h * 0.03)
        high = theme.font(size).get_linesize()
        line = pygame.Rect(w // 5, int(h * 0.135) - high // 2, w * 3 // 5, high)
        if self.continue_btn.visible and self.continue_btn.rect.colliderect(line):
            return
        theme.text(surface, words, size, theme.INK_DIM, line.center, "center", width=line.w)

    def _explanation(self, surface: pygame.Surface) -> None:
        _w, h = surface.get_size()
        widget = self.explained()
        if widget is None:
            return
        box = pygame.Rect(self.panel.x, self.panel.bottom + 8, self.panel.w, int(h * 0.05))
        theme.text(
            surface,
            text_of(widget.help or ""),
            int(h * 0.026),
            theme.HINT,
            box.midtop,
            "midtop",
            width=box.w,
        )
