"""The table's buttons and overlays: menu, hint, undo, the calls a game declares (a button
each), the question asked over the table (a call's ways, a move's declared choices: a
button per answer, keys 1-9, Cancel), automatic play, the game menu, the rules, the keys,
and questions that ask before going on. What is enabled follows the table's phase.

Buttons only call the model's and the scene's methods; they never write their fields.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import pygame

from game.core.spec import Call
from game.session import hand_in_play
from game.text import current, say
from game.ui import theme
from game.ui.rules_panel import RulesPanel
from game.ui.scroll_text import ScrollText
from game.ui.table.input.keys_panel import keys_text
from game.ui.table.model.layout import Layout
from game.ui.table.model.table_model import TableModel
from game.ui.widgets import Button, FocusRing, Slider, Toggle, Widget, text_of


@dataclass
class Navigation:
    """What the table's menu can do beyond the table (the scene provides it)."""

    new_hand: Callable[[], None]
    main_menu: Callable[[], None]
    settings: Callable[[], None]
    quit: Callable[[], None]
    review: Callable[[], None] | None = None
    learn: Callable[[], None] | None = None  # the game's lessons


def _dim(surface: pygame.Surface) -> None:
    theme.veil(surface, surface.get_rect(), 140)


NUMBERS = {getattr(pygame, f"K_{i}"): i - 1 for i in range(1, 10)}


class TableControls:
    """Everything clickable on the table that is not a card."""

    def __init__(self, model: TableModel, nav: Navigation) -> None:
        self.m = model
        self.nav = nav
        m = model
        self.menu_btn = Button(lambda: say("button.menu"), self.open_menu)
        self.hint_btn = Button(lambda: say("button.hint"), m.ask_hint)
        self.undo_btn = Button(lambda: say("button.undo"), m.undo)
        self.undo_btn.on_refused = m.undo  # says why it cannot
        self.call_btns = [
            Button(partial(say, call.button), partial(m.press_call, i), danger=True)
            for i, call in enumerate(m.spec.calls)
        ]
        self.move_btns = [self._move_button(i) for i in range(len(m.spec.moves))]
        self.cancel_btn = Button(lambda: say("button.cancel"), partial(self._answer, None))
        self._asked: tuple[object, list[Button]] = (None, [])  # the question, its buttons
        self._column = (0, 0, 0, 0, 0)  # the centre's width, height, button size and gap
        self.flip_btn = Button(lambda: say("button.flip"), self._flip)
        self.auto = Toggle(
            lambda: say("button.auto"),
            False,
            self._set_auto,
            lambda: say("option.on"),
            lambda: say("option.off"),
        )
        self.speed = Slider(
            lambda: say("button.speed"), m.options().auto_flip_speed, self._set_speed
        )
        self.pause_items = [
            Button(lambda: say("button.resume"), self.close_menu),
            Button(lambda: say("button.new_hand"), self._ask_new_hand),
            Button(lambda: say("button.rules"), self.open_rules),
            Button(lambda: say("button.keys"), self.open_help),
            Button(lambda: say("button.settings"), nav.settings),
            Button(lambda: say("button.main_menu"), nav.main_menu),
            *([Button(lambda: say("button.learn"), nav.learn)] if nav.learn else []),
            Button(lambda: say("button.quit"), nav.quit),
        ]
        self.rules = RulesPanel(lambda: say(m.spec.rules_key), lambda: m.spec.rules_figures)
        self.help = ScrollText(lambda: keys_text(m, self.calls()))
        self.back_btn = Button(lambda: say("button.back"), self.close_panel)
        self.question: tuple[Callable[[], str], Callable[[], None]] | None = None
        self._on_no: Callable[[], None] | None = None  # the question's answer No
        self.yes_btn = Button(lambda: say("button.yes"), self._answer_yes)
        self.no_btn = Button(lambda: say("button.no"), self._answer_no)
        self.overlay_box = self.overlay_text = pygame.Rect(0, 0, 0, 0)  # the last dialog drawn
        self.menu_open = False
        self.panel: ScrollText | None = None
        self.ring = FocusRing(self.widgets)

    def _move_button(self, index: int) -> Button:
        """The button of the game's ``index``-th move with no pile; pressed while it cannot
        act, the rules say why."""
        press = partial(self.m.press_move, index)
        game, words = self.m.spec.id, self.m.spec.moves[index].button
        btn = Button(lambda: current().say_in(game, words), press)  # in the language of now
        btn.on_refused = press
        return btn

    @property
    def paused(self) -> bool:
        return self.menu_open or self.panel is not None or self.question is not None

    # ----------------------------------------------------------------- placing
    def place(self, layout: Layout) -> None:
        self.bar = layout.areas["topbar"]
        self._place_top()
        action = next(
            (r for n, r in layout.areas.items() if layout.shows.get(n, ("",))[0] == "actions"), None
        )
        calls = self.m.calls_in_play and action is not None
        for i, btn in enumerate(self.call_btns):
            btn.visible = calls
            if calls and action is not None:  # the actions area, one call above another
                h = action.h // len(self.call_btns)
                btn.rect = pygame.Rect(action.x, action.y + i * h, action.w, h)
        autoplay = self.m.spec.autoplay and action is not None
        self.flip_btn.visible = self.auto.visible = self.speed.visible = autoplay
        if action is not None:
            self._place_autoplay(action)
        self._place_centre(layout)

    def _place_top(self) -> None:
        """Menu, Hint and Undo from the left of the top bar; Undo always in its place (drawn
        disabled where it cannot act, take-backs off included), so nothing moves."""
        bar = self.bar
        h = int(bar.h * 0.72)
        y = bar.centery - h // 2
        x = bar.x + 10
        for btn in self.top_buttons():
            btn.rect = pygame.Rect(x, y, _top_width(btn, h, 3.0), h)
            if btn.visible:
                x = btn.rect.right + h // 3

    def top_buttons(self) -> list[Button]:
        """The top bar's buttons from the left: Menu, Hint, Undo, then the game's moves."""
        return [self.menu_btn, self.hint_btn, self.undo_btn, *self.move_btns]

    def rightmost_top(self) -> int:
        shown = [b.rect.right for b in self.top_buttons() if b.visible]
        return max(shown) if shown else 0

    def _place_autoplay(self, area: pygame.Rect) -> None:
        w = area.w
        row = pygame.Rect(area.x, area.y + area.h // 4, w, area.h // 2)
        self.flip_btn.rect = pygame.Rect(
            row.x, area.y + area.h // 6, int(w * 0.22), area.h * 2 // 3
        )
        self.auto.rect = pygame.Rect(row.x + int(w * 0.25), row.y, int(w * 0.4), row.h)
        self.speed.rect = pygame.Rect(row.x + int(w * 0.68), row.y, int(w * 0.32), row.h)
        self.auto.label_frac = 0.36
        self.speed.label_frac = 0.42

    def _place_centre(self, layout: Layout) -> None:
        w, h = layout.size
        bw, bh = max(260, w // 4), max(34, h // 18)
        gap = bh // 4
        top = h // 2 - (len(self.pause_items) * (bh + gap)) // 2
        for i, b in enumerate(self.pause_items):
            b.rect = pygame.Rect(w // 2 - bw // 2, top + i * (bh + gap), bw, bh)
        self._column = (w, h, bw, bh, gap)
        self._stack(self._asked[1])
        for i, b in enumerate((self.yes_btn, self.no_btn)):
            b.rect = pygame.Rect(w // 2 - bw // 2, h // 2 + i * (bh + gap), bw, bh)
        for panel in (self.rules, self.help):
            panel.rect = pygame.Rect(w * 0.15, h * 0.08, w * 0.7, h * 0.74)
            panel.offset = 0
        self.back_btn.rect = pygame.Rect(w // 2 - bw // 2, h * 0.85, bw, bh)

    # ----------------------------------------------------------------- actions
    def open_menu(self) -> None:
        self.menu_open = True

    def close_menu(self) -> None:
        self.menu_open = False

    def open_rules(self) -> None:
        self._open_panel(self.rules)

    def open_help(self) -> None:
        self._open_panel(self.help)

    def _open_panel(self, panel: ScrollText) -> None:
        """A panel opens at its top, no line read yet (the arrows read from the first)."""
        self.menu_open, self.panel = False, panel
        panel.line, panel.edge = -1, 0

    def close_panel(self) -> None:
        self.panel = None

    def ask(
        self,
        words: Callable[[], str],
        then: Callable[[], None],
        on_no: Callable[[], None] | None = None,
    ) -> None:
        """A yes/no question over the table; ``then`` runs on yes, ``on_no`` on no. It
        opens with the keyboard's focus on No, the answer that changes nothing, so Enter
        answers at once."""
        self.menu_open = False
        self.question = (words, then)
        self._on_no = on_no
        self.ring.shown, self.ring.index = True, 1
        self.ring.sync()

    def asked(self) -> tuple[str, str] | None:
        """The open question's words and the answer the focus is on (for the voice)."""
        if self.question is None:
            return None
        focused = self.ring.current()
        return self.question[0](), text_of(focused.label) if focused is not None else ""

    def _answer_yes(self) -> None:
        if self.question is None:
            return
        _, then = self.question
        self._closed_question()
        then()

    def _answer_no(self) -> None:
        self._closed_question()
        on_no, self._on_no = self._on_no, None
        if on_no is not None:
            on_no()

    def _closed_question(self) -> None:
        """The question goes, and its focus with it (no ring left on the table's buttons)."""
        self.question = None
        self.ring.shown, self.ring.index = False, -1
        self.ring.sync()

    def _ask_new_hand(self) -> None:
        """A new hand mid-hand counts as a lost hand: say so and ask first."""
        if hand_in_play(self.m.state):
            self.ask(lambda: say("question.new_hand"), self._new_hand)
        else:
            self._new_hand()

    def _new_hand(self) -> None:
        self.close_menu()
        self.nav.new_hand()

    def _flip(self) -> None:
        acts = self.m.my_actions()
        if acts:
            self.m.perform(acts[0])

    def _set_auto(self, on: bool) -> None:
        self.m.set_auto(on)

    def _set_speed(self, value: float) -> None:
        self.m.options().auto_flip_speed = value

    def calls(self) -> tuple[Call, ...]:
        """The calls the table offers now (none when the game's calls are not in play)."""
        return self.m.spec.calls if self.m.calls_in_play else ()

    def call_hovered(self, pos: tuple[int, int]) -> bool:
        """The pointer rests on a call's button (its window then waits)."""
        return any(b.visible and b.rect.collidepoint(pos) for b in self.call_btns)

    def choices(self) -> list[Button]:
        """The buttons of the question asked, an answer each and Cancel (none while none is
        asked), made once per question."""
        asked = self.m.asking
        if asked is None:
            return []
        if self._asked[0] is not asked:
            answers = [
                Button(a.words, partial(self._answer, j)) for j, a in enumerate(asked.answers)
            ]
            self._asked = (asked, [*answers, self.cancel_btn])
            self._stack(self._asked[1])
        return self._asked[1]

    def _stack(self, buttons: list[Button]) -> None:
        """The answers one above the other in the middle of the table, Cancel last, moved
        above or below the cards the question is about where they would cover them."""
        w, h, bw, bh, gap = self._column
        top = h // 2 - bh - max(0, len(buttons) - 3) * (bh + gap) // 2
        top = self._clear_top(top, len(buttons) * (bh + gap) - gap)
        for i, b in enumerate(buttons):
            b.rect = pygame.Rect(w // 2 - bw // 2, top + i * (bh + gap), bw, bh)

    def _clear_top(self, top: int, span: int) -> int:
        """The column's top nearest ``top`` whose box (its title over it) stays on the
        window and off every card the question is about (``top`` when none does)."""
        w, h, bw, bh, _ = self._column
        about = self.about()
        if not about:
            return top

        def box(t: int) -> pygame.Rect:  # as ``_overlay`` frames the column
            return pygame.Rect(w // 2 - bw // 2, t, bw, span).inflate(bh * 1.6, bh * 1.2)

        bar = self.m.layout.areas["topbar"].bottom
        room = pygame.Rect(0, bar, w, h - bar)
        cards = pygame.Rect(about[0]).unionall(about).inflate(bh // 2, bh // 2)
        above = cards.top - box(0).bottom
        below = cards.bottom - box(0).top + bh
        for t in sorted((top, above, below), key=lambda t: abs(t - top)):
            framed = box(t).inflate(0, bh).move(0, -bh // 2)
            if room.contains(framed) and framed.collidelist(about) < 0:
                return t
        return top

    def about(self) -> list[pygame.Rect]:
        """Where the cards the question asked is about lie (none: it is about no card)."""
        asked = self.m.asking
        return list(self.m.card_rects(asked.about).values()) if asked is not None else []

    def answer_in_focus(self) -> int | None:
        """The answer the keyboard's focus or the pointer rests on (None: none)."""
        asked = self.m.asking
        if asked is None:
            return None
        shown = self.choices()[: len(asked.answers)]
        return next((i for i, b in enumerate(shown) if b.focused or b.hover), None)

    def _card_answer(self, event: pygame.event.Event) -> bool:
        """A click on a card the question is about answers with the one move taking it."""
        asked = self.m.asking
        if asked is None or event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        for card, rect in reversed(self.m.card_rects(asked.about).items()):
            if rect.collidepoint(event.pos):
                taking = [i for i, a in enumerate(asked.answers) if card in a.takes]
                if len(taking) == 1:
                    self._answer(taking[0])
                return True
        return False

    def _answer(self, index: int | None) -> None:
        """An answer (None: Cancel): the question goes, and the keyboard's ring with it."""
        self.m.answer(index)
        self.ring.shown, self.ring.index = False, -1
        self.ring.sync()

    # ----------------------------------------------------------------- events
    def widgets(self) -> Sequence[Widget]:
        """The clickable widgets on screen now, top layer first."""
        if self.question is not None:
            return [self.yes_btn, self.no_btn]
        if self.panel is not None:
            return [self.back_btn, self.panel]
        if self.menu_open:
            return list(self.pause_items)
        if self.m.asking is not None:
            return self.choices()
        return self.bar_widgets()

    def bar_widgets(self) -> list[Widget]:
        return [
            *self.top_buttons(),
            *self.call_btns,
            self.flip_btn,
            self.auto,
            self.speed,
        ]

    def overlay_open(self) -> bool:
        return self.paused or self.m.asking is not None

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.escape()
            return True
        if self._numbered(event) or self._card_answer(event):
            return True
        if self.overlay_open() and self.ring.handle(event):
            return True
        for w in self.widgets():
            if w.handle(event):
                return True
        return self.overlay_open() and event.type in (
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.KEYDOWN,
        )

    def _numbered(self, event: pygame.event.Event) -> bool:
        """Keys 1-9 pick the question's answer of that number."""
        asked, key = self.m.asking, getattr(event, "key", None)
        if asked is None or event.type != pygame.KEYDOWN or key not in NUMBERS:
            return False
        if NUMBERS[key] < len(asked.answers):
            self._answer(NUMBERS[key])
        return True

    def escape(self) -> None:
        """Esc closes the top overlay, or opens the game menu."""
        if self.question is not None:
            self._answer_no()
        elif self.panel is not None:
            self.close_panel()
        elif self.m.asking is not None:
            self._answer(None)
        elif self.menu_open:
            self.close_menu()
        else:
            self.open_menu()
        self.ring.shown = False

    # ----------------------------------------------------------------- drawing
    def refresh(self) -> None:
        """Enable what the phase allows. A call's button is lit and pressable exactly while
        its window runs, its bar draining; the window opens after every computer move, fault
        or not, so its light gives nothing away."""
        m, phase = self.m, self.m.phase
        for btn in self.call_btns:
            btn.progress, btn.enabled = m.window.left, m.window.open
        self.undo_btn.enabled = m.why_no_undo() is None
        mine = m.my_actions() if phase.mine else []
        for btn, move in zip(self.move_btns, m.spec.moves, strict=True):
            btn.enabled = any(a in mine for a in move.actions)
        self.flip_btn.enabled = phase.mine and not m.auto_on
        self.hint_btn.enabled = m.has_hints and phase.mine and m.thinker.hint_pending is None
        self.auto.set_value(m.auto_on)
        self.ring.sync()

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The buttons, and any overlay open over the table. Returns where the buttons
        went, or None when an overlay dimmed the whole window (the next frame of the table
        is then drawn whole)."""
        self.refresh()
        drawn = []
        for w in self.bar_widgets():
            w.draw(surface)
            if w.visible:
                drawn.append(_reach(w))
        if not self.overlay_open():
            return drawn
        if self.m.asking is not None:
            self._overlay(surface, self.m.asking.question(), self.choices(), self._lit_cards)
        if self.menu_open:
            self._overlay(surface, say("title.game_menu"), self.pause_items)
        if self.panel is not None:
            _dim(surface)
            self.panel.draw(surface)
            self.back_btn.draw(surface)
        if self.question is not None:
            self._overlay(surface, self.question[0](), [self.yes_btn, self.no_btn], wrap=True)
        return None

    def _lit_cards(self, surface: pygame.Surface) -> None:
        """The cards the question is about, kept bright through the veil, framed; the
        ones the answer in focus takes lit."""
        asked, focus = self.m.asking, self.answer_in_focus()
        if asked is None:
            return
        lit = asked.answers[focus].takes if focus is not None else ()
        for card, rect in self.m.card_rects(asked.about).items():
            ring = rect.inflate(rect.w // 8, rect.w // 8)
            if card in lit:
                pygame.draw.rect(surface, theme.LEGAL, ring, max(3, rect.w // 22), rect.w // 8)
            else:
                pygame.draw.rect(surface, theme.INK_DIM, ring, 2, rect.w // 8)

    def _in_sight(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The cards the question is about and their frames, on the window."""
        bounds = surface.get_rect()
        return [r.inflate(r.w // 4, r.w // 4).clip(bounds) for r in self.about()]

    def _overlay(
        self,
        surface: pygame.Surface,
        title: str,
        buttons: list[Button],
        over: Callable[[pygame.Surface], None] | None = None,
        wrap: bool = False,
    ) -> None:
        """The veil, ``over`` it what stays in sight (the cards a question is about), and
        the box with ``title`` and ``buttons``."""
        kept = [(surface.subsurface(r).copy(), r) for r in self._in_sight(surface)] if over else []
        _dim(surface)
        for picture, rect in kept:
            surface.blit(picture, rect)
        if over is not None:
            over(surface)
        top = buttons[0].rect
        box = top.unionall([b.rect for b in buttons]).inflate(top.h * 1.6, top.h * 1.2)
        if wrap:
            box.inflate_ip(top.h * 2, 0)
        head = theme.wrapped(title, int(top.h * 0.55), theme.GOLD, box.w - top.h) if wrap else None
        extra = head.get_height() if head is not None else top.h
        box.y -= extra
        box.h += extra
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=14)
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, 2, border_radius=14)
        self.overlay_box = box
        if head is not None:
            self.overlay_text = head.get_rect(midtop=(box.centerx, box.y + top.h // 3))
            surface.blit(head, self.overlay_text)
        else:
            theme.text(
                surface,
                title,
                int(top.h * 0.7),
                theme.GOLD,
                (box.centerx, top.y - top.h * 0.6),
                "center",
                True,
                width=box.w - 20,
            )
        for b in buttons:
            b.draw(surface)


def _reach(widget: Widget) -> pygame.Rect:
    """Everything a widget can draw: its rect, its focus ring and a slider's knob past its
    end (half its height round it is more than any of them)."""
    margin = max(8, widget.rect.h // 2)
    return widget.rect.inflate(2 * margin, 2 * margin)


def _top_width(btn: Button, h: int, share: float) -> int:
    """A top-bar button's width: its share of the bar's height, or wider when its words
    need it to be read at the smallest text size."""
    words = theme.font(theme.READABLE, True).size(text_of(btn.label))[0]
    return max(int(h * share), words + max(14, h // 2) + 6)
