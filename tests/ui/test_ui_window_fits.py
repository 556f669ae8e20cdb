"""The window fits the screen it opens on, title bar included: a size kept from a bigger
screen is shrunk to fit, and a window the window manager places with its foot past the
screen's edge is made smaller. Headless, with the desktop's size faked."""

from __future__ import annotations

import pygame
import pytest
from ui_support import DT, make_app

SCREEN = (1160, 800)


@pytest.fixture
def small_screen(monkeypatch):
    """A 1160x800 desktop, as a real video driver would report it."""
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [SCREEN])
    real = pygame.display.get_driver
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11" if real() else real())


def placed_by_the_window_manager(app, at: tuple[int, int]) -> None:
    """The window manager puts the window's frame down and the window below its title bar."""
    app.window.position = at
    pygame.event.post(pygame.event.Event(pygame.WINDOWMOVED, x=at[0], y=at[1]))
    app.step(DT)


def test_a_size_kept_from_a_bigger_screen_is_shrunk_to_fit(tmp_path, monkeypatch, small_screen):
    app = make_app(tmp_path, monkeypatch, size=None, window_width=1800, window_height=1100,
                   window_x=40, window_y=30)  # fmt: skip
    w, h = app.window.size
    assert w <= SCREEN[0], app.window.size
    assert h < SCREEN[1], app.window.size
    x, y = app.window.position
    assert x + w <= SCREEN[0]
    assert y + h <= SCREEN[1]


def test_a_window_placed_below_its_title_bar_is_brought_inside_the_screen(
    tmp_path, monkeypatch, small_screen
):
    app = make_app(tmp_path, monkeypatch, size=None)
    assert app.window.size[1] <= SCREEN[1] - 64
    placed_by_the_window_manager(app, (9, 52))  # openbox: its frame there, the window 20 lower
    x, y = app.window.position
    w, h = app.window.size
    assert y + 20 + h <= SCREEN[1], (app.window.position, app.window.size)
    assert x + w <= SCREEN[0], (app.window.position, app.window.size)
    assert app.size == (w, h), "the scene lays out for the window's new size"
