"""The screens, and the one place that knows them all: the app's routes by name.

A scene's module is imported when the app first goes there, not at start: the menu's
first frame waits only for the menu (``preload`` imports the rest once it is shown)."""

from __future__ import annotations

import importlib

SCENES = {
    "menu": "game.ui.scenes.menu:MenuScene",
    "table": "game.ui.scenes.table:TableScene",
    "summary": "game.ui.scenes.summary:SummaryScene",
    "settings": "game.ui.scenes.settings:SettingsScene",
    "stats": "game.ui.scenes.stats:StatsScene",
    "history": "game.ui.scenes.history:HistoryScene",
    "replay": "game.ui.scenes.replay:ReplayScene",
    "review": "game.ui.scenes.review:ReviewScene",
    "lesson": "game.ui.scenes.lesson:LessonScene",
    "moving_in": "game.ui.scenes.moving_in:MovingInScene",
}


def scene_class(name: str) -> type:
    """The Scene subclass for the route ``name`` (importing its module)."""
    module, _, cls = SCENES[name].partition(":")
    return getattr(importlib.import_module(module), cls)


def _route(name: str):
    def make(app, **kwargs):
        return scene_class(name)(app, **kwargs)

    return make


def install_routes(app) -> None:
    """Register every scene with the app; scenes then go to each other by name."""
    for name in SCENES:
        app.route(name, _route(name))


def preload() -> None:
    """Import every scene now (after the first frame), so no click waits for an import."""
    for name in SCENES:
        scene_class(name)
