"""A monkey at the table: thousands of random presses, drags, clicks, keys and window
resizes on every game's table, headless, through the app's own loop.

Each event goes through ``pygame.event.post`` and ``App.step`` the way real input
arrives. After every step the app must still be running without an exception, the
rules state must hold all 52 cards (the engine's invariant), and a table at rest
must show 52 cards too. A seeded ``random.Random`` drives everything, so a failure
names its seed and event and replays exactly. When the monkey leaves the table
(game menu -> main menu, the summary, the settings screen) it finds its way back
to a table of the same game and carries on.

A longer soak with other seeds: ``MONKEY_EVENTS=20000 MONKEY_SEED=7 pytest
tests/ui/test_ui_monkey.py``.
"""

from __future__ import annotations

import os
import random
import time
from collections import deque
from concurrent.futures import wait

import pygame
import pytest
from conftest import registered_tables
from ui_support import make_app

from game.core.types import HANDS, PileKind
from game.games import spec_of
from game.session import Session
from game.ui.app import MIN_SIZE, App
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.summary import SummaryScene
from game.ui.scenes.table import TableScene

EVENTS_PER_GAME = int(os.environ.get("MONKEY_EVENTS", "1500"))
SEED_SHIFT = int(os.environ.get("MONKEY_SEED", "0")) * 1000
LETTERS = [getattr(pygame, f"K_{c}") for c in "abcdefgijklmnopqrstuvwxyz0123456789"]
OTHER_KEYS = [pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_PAGEUP,
              pygame.K_PAGEDOWN, pygame.K_TAB, pygame.K_F1, pygame.K_BACKSPACE]  # fmt: skip

# Every registered game's every table, each with its own seed, at a quick pace.
TABLES = [(g, c, "fast" if deal % 2 == 0 else "instant", 100 + deal) for g, c, deal in
          registered_tables()]  # fmt: skip


class Monkey:
    """Random input for one app, and the checks after each step."""

    def __init__(self, app: App, game: str, choices: dict, seed: int) -> None:
        self.app = app
        self.game = game
        self.choices = choices
        self.seed = seed
        self.rng = random.Random(seed)
        self.recent: deque[str] = deque(maxlen=12)
        self.counts: dict[str, int] = {}
        self.away = 0
        self.tables: set[int] = set()
        self.hands: dict[int, int] = {}  # id(state) -> moves seen applied
        self.summaries: set[int] = set()
        self.seen: list[object] = []  # keeps the ids above from being reused
        self.quits = 0

    # ------------------------------------------------------------- scenes
    def open_table(self) -> None:
        spec = spec_of(self.game)
        weakest = spec.levels[0] if spec.levels else spec.default_level  # (a game's own names)
        session = Session.start(self.game, self.choices, weakest, self.rng.randrange(10**6))
        self.app.goto("table", session=session)

    def table(self) -> TableScene | None:
        scene = self.app.scene
        if isinstance(scene, TableScene):
            return scene
        if isinstance(scene, SummaryScene):
            return scene.table
        return None

    def find_way_back(self) -> None:
        """After a while away from the table, go back to it the way a player would."""
        scene = self.app.scene
        if isinstance(scene, TableScene):
            self.away = 0
            return
        self.away += 1
        if self.away < 12:
            return
        if isinstance(scene, SummaryScene):
            self.key(pygame.K_RETURN)
        elif isinstance(scene, SettingsScene):
            self.key(pygame.K_ESCAPE)
        elif isinstance(scene, MenuScene):
            scene.rules = None
            scene.ring.shown = False
            scene.game.set_value(self.game)
            self.app.settings.game_options[self.game] = dict(self.choices)
            scene._game_changed(self.game)
            self.key(pygame.K_RETURN)
        else:
            self.key(pygame.K_ESCAPE)

    # ------------------------------------------------------------- where to point
    def targets(self) -> list[tuple[int, int]]:
        """Points worth hitting: every card, pile and button on screen now."""
        out: list[tuple[int, int]] = []
        scene = self.app.scene
        t = self.table()
        if isinstance(scene, TableScene) and t is not None:
            for pid, spot in t.model.layout.spots.items():
                out.append(spot.rect.center)
                out.extend(r.center for _, r in t.view.card_rects(pid))
            out.extend(w.rect.center for w in t.controls.widgets())
        widgets = getattr(scene, "widgets", None)
        if callable(widgets):
            for w in widgets():
                out.append(w.rect.center)
                out.append((w.rect.right - w.rect.h // 2, w.rect.centery))
        for name in ("rows", "buttons"):
            out.extend(w.rect.center for w in getattr(scene, name, []))
        for name in ("done", "next_btn", "menu_btn"):
            w = getattr(scene, name, None)
            if w is not None:
                out.append(w.rect.center)
        return out

    def point(self) -> tuple[int, int]:
        w, h = self.app.size
        roll = self.rng.random()
        spots = self.targets()
        if roll < 0.65 and spots:
            x, y = self.rng.choice(spots)
            return x + self.rng.randint(-12, 12), y + self.rng.randint(-12, 12)
        if roll < 0.97:
            return self.rng.randrange(w), self.rng.randrange(h)
        return self.rng.randint(-200, w + 200), self.rng.randint(-200, h + 200)

    # ------------------------------------------------------------- posting
    def post(self, kind: int, **attrs) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))
        self.recent.append(f"{pygame.event.event_name(kind)} {attrs}")

    def press(self, pos, button: int = 1, clicks: int = 1) -> None:
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, clicks=clicks, touch=False)

    def release(self, pos, button: int = 1) -> None:
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button, clicks=1, touch=False)

    def motion(self, pos, held: bool) -> None:
        buttons = (1, 0, 0) if held else (0, 0, 0)
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons, touch=False)

    def key(self, key: int, unicode: str = "", mod: int = 0) -> None:
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0)

    def resize(self) -> None:
        """A new window size arriving the way SDL delivers a user's resize."""
        roll = self.rng.random()
        if roll < 0.12:
            size = (self.rng.randint(200, 959), self.rng.randint(120, 599))
        elif roll < 0.8:
            size = (self.rng.randint(960, 1920), self.rng.randint(600, 1200))
        else:
            size = (self.rng.randint(1920, 3840), self.rng.randint(1080, 2160))
        window = self.app.window
        if size[0] < MIN_SIZE[0] or size[1] < MIN_SIZE[1]:
            window.minimum_size = (1, 1)  # a window manager that ignores the hint
        window.size = size
        w, h = window.size
        self.post(pygame.VIDEORESIZE, size=(w, h), w=w, h=h)
        self.recent.append(f"resize to {size}")

    # ------------------------------------------------------------- one event
    def act(self) -> str:
        """Post one random input; returns its kind."""
        r = self.rng.random()
        if r < 0.16:
            return self.sensible()
        if r < 0.24:
            pos = self.point()
            self.press(pos)
            self.release(pos)
            return "click"
        if r < 0.44:
            self.drag()
            return "drag"
        if r < 0.50:
            pos = self.point()
            self.press(pos)
            self.release(pos)
            self.press(pos, clicks=2)
            self.release(pos)
            return "double-click"
        if r < 0.58:
            self.motion(self.point(), held=False)
            return "move"
        if r < 0.61:
            pos = self.point()
            if self.rng.random() < 0.5:
                self.press(pos, button=self.rng.choice((1, 1, 2, 3)))
            else:
                self.release(pos, button=self.rng.choice((1, 1, 3)))
            return "lone press/release"
        if r < 0.63:
            self.post(pygame.MOUSEWHEEL, x=0, y=self.rng.choice((-3, -1, 1, 3)), flipped=False)
            return "wheel"
        if r < 0.88:
            return self.keys()
        if r < 0.895:
            self.resize()
            return "resize"
        return "wait"

    def keys(self) -> str:
        r = self.rng.random()
        if r < 0.18:
            self.key(pygame.K_ESCAPE)
            return "Esc"
        if r < 0.21:
            self.key(pygame.K_F11)
            return "F11"
        if r < 0.43:
            self.key(pygame.K_h, "h")
            return "H"
        if r < 0.62:
            self.key(pygame.K_RETURN, "\r")
            return "Enter"
        if r < 0.82:
            self.key(pygame.K_SPACE, " ")
            return "Space"
        if r < 0.86:
            self.key(self.rng.choice((pygame.K_z, pygame.K_y)), "", pygame.KMOD_CTRL)
            return "undo/redo"
        key = self.rng.choice(LETTERS + OTHER_KEYS)
        self.key(key, chr(key) if key < 128 else "")
        return "other key"

    def sensible(self) -> str:
        """A legal move made with the mouse (or closing an overlay), so hands get played."""
        t = self.table()
        if not isinstance(self.app.scene, TableScene) or t is None:
            return self.keys()
        if t.controls.overlay_open() or (t.model.asking is not None):
            self.key(pygame.K_ESCAPE)
            return "Esc"
        if t.controller.drag is not None:
            self.release(self.point())
            return "drop"
        if not t.model.takes_moves():  # the player's choice, or a move playing itself
            return "wait"
        st = t.state
        action = self.rng.choice(st.legal_actions())
        where = st.where(action)
        pile = t.model.shown.get(where.src)
        index = pile.index(where.card) if where.card in pile else len(pile) - 1
        start = dict(t.view.card_rects(where.src)).get(index)
        start = start.center if start else t.model.layout.spots[where.src].rect.center
        if where.src.kind in (PileKind.STOCK, PileKind.HAND):
            self.press(start)
            self.release(start)
        else:
            self.drag(start, t.view.pile_top_rect(where.dst).center)
        self.recent.append(f"sensible {action}")
        return "legal move"

    def drag(self, start: tuple[int, int] | None = None, end: tuple[int, int] | None = None):
        start, end = start or self.point(), end or self.point()
        self.press(start)
        self.step()
        for k in range(1, self.rng.randint(1, 5) + 1):
            frac = k / 5
            pos = (
                int(start[0] + (end[0] - start[0]) * frac),
                int(start[1] + (end[1] - start[1]) * frac),
            )
            self.motion(pos, held=True)
            if self.rng.random() < 0.5:
                self.step()
        self.release(end)

    # ------------------------------------------------------------- stepping and checks
    def step(self) -> None:
        dt = self.rng.choice((0.0, 0.016, 0.016, 0.033, 0.1))
        if not self.app.step(dt):
            self.quits += 1
            self.app.running = True
        self.check()
        self.let_the_computer_answer()

    def let_the_computer_answer(self) -> None:
        """Wait for a computer seat's answer (it comes on the next step), so the same seed
        gives the same game whatever the machine's speed."""
        t = self.table()
        if t is None:
            return
        th = t.model.thinker
        pending = [p for p in (th.pending.future if th.pending else None, th.hint_pending) if p]
        if pending:
            wait(pending, timeout=20)

    def check(self) -> None:
        t = self.table()
        if t is None:
            return
        scene = self.app.scene
        if id(t.state) not in self.hands:
            self.seen.append(t.state)
        if id(t) not in self.tables:
            self.seen.append(t)
        if isinstance(scene, SummaryScene) and id(scene) not in self.summaries:
            self.seen.append(scene)
            self.summaries.add(id(scene))
        self.tables.add(id(t))
        self.hands[id(t.state)] = len(t.state.history)
        cards = sorted(t.state.all_cards())
        assert cards == sorted(t.state.CARDS), "the rules state lost or doubled a card"
        m = t.model
        if (
            not m.show.busy
            and t.controller.drag is None
            and m.stage.synced
            and m.show.glide is None
        ):
            shown = m.shown.count()
            assert shown == len(t.state.CARDS), f"the table shows {shown} cards at rest"

    def run(self, events: int) -> None:
        self.open_table()
        for i in range(events):
            try:
                kind = self.act()
                self.counts[kind] = self.counts.get(kind, 0) + 1
                self.step()
                if kind == "wait":
                    for _ in range(self.rng.randint(1, 6)):
                        self.step()
                self.find_way_back()
            except Exception as err:
                raise AssertionError(
                    f"monkey seed {self.seed}, event {i}: {err!r}\nlast events:\n"
                    + "\n".join(self.recent)
                ) from err


@pytest.fixture
def seeded_menus(monkeypatch) -> random.Random:
    """Matches the game starts on its own (the summary's "New match", the menu's Start)
    deal from this generator, so a replay deals the same cards."""
    rng = random.Random(0)
    start = Session.start.__func__

    def seeded(cls, game, choices, level, seed=None, deal_no=None):
        return start(cls, game, choices, level, rng.randrange(10**6) if seed is None else seed,
                     deal_no)  # fmt: skip

    monkeypatch.setattr(Session, "start", classmethod(seeded))
    return rng


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch, keep=True, call_window=0.3, take_backs=True,
                 auto_play=True)  # fmt: skip
    yield a
    a.scene.leave()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "choices", "pace", "seed"), TABLES, ids=[f"{g}-{c}" for g, c, _, _ in TABLES]
)
def test_monkey_input_never_breaks_the_table_or_loses_a_card(
    app, seeded_menus, game, choices, pace, seed
):
    seed += SEED_SHIFT
    seeded_menus.seed(seed)
    app.settings.pace = pace
    monkey = Monkey(app, game, choices, seed)
    began = time.monotonic()
    monkey.run(EVENTS_PER_GAME)
    spent = time.monotonic() - began
    print(
        f"\n{game} {choices}: {EVENTS_PER_GAME} inputs {monkey.counts}, "
        f"{len(monkey.tables)} tables, {len(monkey.hands)} hands, "
        f"{sum(monkey.hands.values())} moves, {len(monkey.summaries)} summaries, "
        f"{monkey.quits} quits, {spent:.1f} s"
    )
    assert sum(monkey.counts.values()) == EVENTS_PER_GAME
    assert monkey.counts["drag"] > EVENTS_PER_GAME // 10
    assert monkey.counts["legal move"] > EVENTS_PER_GAME // 50
    assert sum(monkey.hands.values()) > 40, "the hands never got going"


# ----------------------------------------------------------------- what the monkey found
def table_at_rest(app: App, game: str, choices: dict, seed: int = 5) -> TableScene:
    table = app.goto("table", session=Session.start(game, choices, "easy", seed))
    for _ in range(500):
        app.step(0.05)
        if table.model.human_may_act() and not table.active:
            return table
        pending = table.model.thinker.pending
        if pending is not None:
            wait([pending.future], timeout=10)
    raise AssertionError("the table never came to rest on the human's turn")


def shown_cards(table: TableScene) -> int:
    return table.model.shown.count()


def hand_rects(table: TableScene) -> dict:
    from game.core.types import HANDS

    return dict(table.view.card_rects(HANDS[table.human]))


def test_second_press_during_a_drag_puts_the_first_card_back(app):
    table = table_at_rest(app, "pisti", {"players": 2})
    h = table.human
    rects = hand_rects(table)
    hand = list(table.model.shown.get(HANDS[h]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rects[0].center, button=1))
    app.step(0.02)
    assert table.controller.drag is not None
    assert table.controller.drag.card == hand[0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rects[2].center, button=1))
    app.step(0.02)
    assert table.controller.drag is not None
    assert table.controller.drag.card == hand[2]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 300), button=1))
    for _ in range(20):
        app.step(0.05)
    assert table.controller.drag is None
    assert not table.model.show.busy
    assert table.model.shown.get(HANDS[h]) == hand
    assert shown_cards(table) == 52


def test_escape_during_a_drag_puts_the_card_back_and_opens_the_menu(app):
    table = table_at_rest(app, "pisti", {"players": 3})
    h = table.human
    hand = list(table.model.shown.get(HANDS[h]))
    start = hand_rects(table)[1].center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(start[0], start[1] - 80), rel=(0, -80), buttons=(1, 0, 0)
        )
    )
    app.step(0.02)
    assert table.controller.drag is not None
    assert table.controller.drag.moved
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    app.step(0.02)
    assert table.controls.menu_open
    assert table.controller.drag is None
    assert table.model.shown.get(HANDS[h]) == hand
    assert shown_cards(table) == 52


def test_a_window_shrunk_below_the_minimum_grows_back_and_still_draws(app):
    table = table_at_rest(app, "pishe-pasha", {"players": 3})
    app.window.minimum_size = (1, 1)  # as if the window manager ignored the hint
    app.window.size = (300, 200)
    app.step(0.02)  # SDL's size-changed event arrives here
    assert app.window.size == MIN_SIZE
    assert app.size == MIN_SIZE
    assert table.model.layout.size == MIN_SIZE
    assert min(table.model.layout.card) > 20
    assert table.art.face(0).get_size() == table.model.layout.card
