"""The game's window on the screen: opened where it was, kept inside the screen's usable
area (title bar included), and refused where there is no display to show it on."""

from __future__ import annotations

import contextlib
import gc
import os
import time

import pygame

from game import TITLE
from game.assets.sounds import quiet_stderr

MIN_SIZE = (960, 600)
DEFAULT_SIZE = (1280, 800)
LARGEST = (7680, 4320)
TITLE_BAR = 32  # room kept for a window manager's title bar below the window's position
HEADLESS_DRIVERS = ("dummy", "offscreen")


class NoDisplay(RuntimeError):
    """There is no screen to open a window on; the message says what to do."""


def open_window(size: tuple[int, int], position: tuple[int, int] | None) -> pygame.Window:
    """The game's window, created where it was last time (kept on the screen), else
    centred: placed as SDL creates it, never moved once shown (a move then races the
    window's mapping and the player's own first move of it). Hidden until the app has
    its surface: making one may make SDL create the window anew, and a window shown
    before that would vanish under anyone who found it."""
    where = pygame.WINDOWPOS_CENTERED if position is None else position
    return pygame.Window(TITLE, size, where, resizable=True, hidden=True)


def close_window(window: pygame.Window) -> None:
    """Close ``window`` while SDL can still close it, with every window nobody holds any
    more: SDL closes what is left when pygame quits, but the pygame objects keep its old
    address, and collecting one later hands that address back to SDL, which may by then
    hold another window there and close that one instead (a crash at its next frame)."""
    with contextlib.suppress(pygame.error):
        window.destroy()
    gc.collect()


def refuse_invisible_window(retries: int = 4, wait: float = 0.5) -> None:
    """SDL falls back to an offscreen driver when there is no usable display: the game
    would run with no window. Only tests and the smoke check ask for that on purpose.
    A display that is named but refused the connection (an X server still starting) is
    tried again a few times before the game gives up with a message."""
    asked = os.environ.get("SDL_VIDEODRIVER", "")
    if asked in HEADLESS_DRIVERS:
        return
    named = os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    driver = pygame.display.get_driver()
    for _ in range(retries if named else 0):
        if driver not in HEADLESS_DRIVERS:
            break
        time.sleep(wait)
        pygame.display.quit()
        with quiet_stderr():  # SDL repeats its probe's complaints on every try
            pygame.display.init()
        driver = pygame.display.get_driver()
    if driver in HEADLESS_DRIVERS:
        shown = named or "unset"
        raise NoDisplay(
            f"no display to open the game's window on (SDL video driver '{driver}', "
            f"DISPLAY {shown}). Start the game from a desktop session, or set DISPLAY "
            "to a running X server."
        )


def fit_to_screen(size: tuple[int, int]) -> tuple[int, int]:
    """A window size that fits the screen's usable area (below the minimum if it must)."""
    w = max(320, min(LARGEST[0], int(size[0])))
    h = max(240, min(LARGEST[1], int(size[1])))
    screen = screen_size()
    if screen:
        sw, sh = screen
        w, h = min(w, max(320, sw - 16)), min(h, max(240, sh - 64))
    return w, h


def fit_position(position: tuple[int, int], size: tuple[int, int]) -> tuple[int, int]:
    """A window position that keeps a window of ``size`` wholly on the main screen."""
    x, y = int(position[0]), int(position[1])
    screen = screen_size()
    if screen is None:
        return x, y
    return max(0, min(x, screen[0] - size[0])), max(0, min(y, screen[1] - size[1]))


def screen_size() -> tuple[int, int] | None:
    """The main screen's size; None headless or before the video system starts."""
    try:
        if pygame.display.get_driver() in HEADLESS_DRIVERS:
            return None
        screens = pygame.display.get_desktop_sizes()
    except pygame.error:  # no video system yet: nothing to fit to
        return None
    return screens[0] if screens else None
