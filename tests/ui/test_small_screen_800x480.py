"""On an 800x480 screen the window fits and the whole table is visible. The window
is clamped to the screen (``fit_to_screen``, below the usual minimum), and every table at
that size keeps its piles, areas and buttons inside the window and apart, with every line
of text fitting its box.
"""

from __future__ import annotations

import itertools

import pygame
import pytest
from conftest import registered_tables
from ui_support import DT, make_app, open_table, settle

from game.games import SPECS
from game.ui import app as app_module
from game.ui import theme
from game.ui.app import fit_to_screen
from game.ui.table.model.layout import table_layout

SCREEN = (800, 480)
TABLES = [(game, choices) for game, choices, _ in registered_tables()]  # every game's every table


def window_on_small_screen(monkeypatch) -> tuple[int, int]:
    """The window size the game picks on an 800x480 desktop."""
    with monkeypatch.context() as m:
        m.setattr(app_module.pygame.display, "get_driver", lambda: "x11")
        m.setattr(app_module.pygame.display, "get_desktop_sizes", lambda: [SCREEN])
        return fit_to_screen(app_module.DEFAULT_SIZE)


def problems(rects: dict[str, pygame.Rect], size: tuple[int, int]) -> list[str]:
    window = pygame.Rect((0, 0), size)
    out = [f"{n} {r} leaves the window" for n, r in rects.items() if not window.contains(r)]
    out += [f"{n} is empty" for n, r in rects.items() if r.w <= 0 or r.h <= 0]
    for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2):
        if ra.colliderect(rb) and not _nested(a, b):
            out.append(f"{a} {ra} overlaps {b} {rb}")
    return out


def _nested(a: str, b: str) -> bool:
    """The screen's own areas hold the rest (the table holds piles, the top bar buttons),
    and the actions area holds the Stop, Flip, Auto and Speed buttons."""
    holders = ("table", "topbar", "panel", "message")
    if a in holders or b in holders:
        return True
    return {a.split(":")[0], b.split(":")[0]} == {"actions", "button"} and (
        "menu" not in a + b and "hint" not in a + b and "undo" not in a + b
    )


def test_small_screen_window_fits_the_screen(monkeypatch):
    w, h = window_on_small_screen(monkeypatch)
    assert w <= SCREEN[0]
    assert h <= SCREEN[1] - 32


@pytest.mark.parametrize(("game", "choices"), TABLES)
@pytest.mark.parametrize("scale", [1.0, 1.3])
def test_small_screen_table_layout_keeps_everything_inside_and_apart(game, choices, scale):
    spec = SPECS[game]
    players = choices.get("players", spec.players[0])
    options = spec.engine_options(choices)
    for size in (SCREEN, (784, 416)):
        for human in range(players):
            layout = table_layout(spec, size, players, human, options, None, scale)
            assert problems(layout.solid_rects(), size) == []
            assert min(layout.card) >= 40, f"cards of {layout.card} are too small to read"


@pytest.mark.parametrize(("game", "choices"), TABLES)
def test_small_screen_table_in_play_shows_every_button_and_every_word(
    tmp_path, monkeypatch, game, choices
):
    size = window_on_small_screen(monkeypatch)
    too_wide: list[str] = []
    monkeypatch.setattr(
        theme,
        "on_text",
        lambda words, drawn, allowed: too_wide.append(words) if drawn > allowed + 1 else None,
    )
    # The app opens its window on the small desktop, and keeps it there on every resize.
    monkeypatch.setattr(app_module.pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(app_module.pygame.display, "get_desktop_sizes", lambda: [SCREEN])
    app = make_app(tmp_path, monkeypatch, size=app_module.DEFAULT_SIZE)
    assert app.size == size
    table = open_table(app, game, choices, seed=5)
    settle(app, table)
    for _ in range(10):
        app.step(DT)
    assert app.size == size
    assert table.model.layout.size == size
    c = table.controls
    rects = dict(table.model.layout.solid_rects())
    for name in ("menu_btn", "hint_btn", "undo_btn", "stop_btn", "flip_btn", "auto", "speed"):
        widget = getattr(c, name, None)
        if widget is not None and widget.visible:
            rects[f"button:{name}"] = widget.rect
    assert problems(rects, size) == []
    bar = table.model.layout.areas["topbar"]
    for name in ("menu_btn", "hint_btn", "undo_btn"):
        widget = getattr(c, name)
        if widget.visible:
            assert bar.contains(widget.rect), name
    c.open_menu()
    app.step(DT)
    window = pygame.Rect((0, 0), size)
    for item in c.pause_items:
        assert window.contains(item.rect), item.rect
    c.close_menu()
    app.step(DT)
    assert too_wide == [], f"text wider than its box: {too_wide[:5]}"
    table.leave()
