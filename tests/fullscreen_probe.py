"""Run by test_ui_table_follows under Xvfb: F11 to fullscreen and back on a real window,
printing (as JSON) the sizes the window, the drawing surface and the table's layout had."""

from __future__ import annotations

import json
import time

import pygame

from game.session import Session
from game.store.settings import Settings
from game.ui.app import App
from game.ui.scenes import install_routes


def main() -> None:
    app = App((960, 620), settings=Settings(pace="instant", sound=False, language="en"))
    install_routes(app)
    table = app.goto("table", session=Session.start("pisti", {"players": 2}, "medium", 3))
    seen = []
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0,
                                             unicode="", scancode=0))  # fmt: skip
        for _ in range(40):
            app.step(0.02)
            time.sleep(0.02)
        seen.append(
            {
                "window": list(app.window.size),
                "surface": list(app.window.get_surface().get_size()),
                "layout": list(table.model.size),
                "topbar": list(table.model.layout.areas["topbar"]),
            }
        )
    print(json.dumps(seen))
    pygame.quit()


if __name__ == "__main__":
    main()
