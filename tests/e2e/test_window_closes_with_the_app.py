"""Closing the app closes its window while SDL can still close it. SDL closes whatever
window is left when pygame quits, but the pygame object keeps the window's old address;
collected later, it hands that address back to SDL, which may by then keep a newer
window there and close that one instead (the next frame drawn on it crashed)."""

from __future__ import annotations

import pygame
import pytest

from game.store.settings import Settings
from game.ui.app import App


def test_a_closed_app_has_closed_its_window_and_its_surface_with_it(tmp_path, monkeypatch):
    monkeypatch.setenv("PASHA_PISTI_HOME", str(tmp_path))
    app = App((960, 600), settings=Settings(sound=False))
    screen = app.screen
    app.close()
    with pytest.raises(pygame.error):
        _ = app.window.id  # closed by the app, not left for SDL's quit to free
    with pytest.raises(pygame.error):
        screen.blit(pygame.Surface((1, 1)), (0, 0))  # refused, never drawn on freed memory


def test_a_new_app_after_a_closed_one_outlives_the_old_ones_collection(tmp_path, monkeypatch):
    import gc

    monkeypatch.setenv("PASHA_PISTI_HOME", str(tmp_path))
    for _ in range(5):
        old = App((960, 600), settings=Settings(sound=False))
        old.close()
        new = App((960, 600), settings=Settings(sound=False))
        del old
        gc.collect()
        assert new.window.title  # still open: nothing closed it in the old one's name
        new.screen.blit(pygame.Surface((10, 10)), (0, 0))
        new.close()
