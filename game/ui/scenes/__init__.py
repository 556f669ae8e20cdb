"""The screens, and the one place that knows them all: the app's routes by name."""

from __future__ import annotations


def install_routes(app) -> None:
    """Register every scene with the app; scenes then go to each other by name."""
    from game.ui.scenes.history import HistoryScene
    from game.ui.scenes.lesson import LessonScene
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.replay import ReplayScene
    from game.ui.scenes.review import ReviewScene
    from game.ui.scenes.settings import SettingsScene
    from game.ui.scenes.stats import StatsScene
    from game.ui.scenes.summary import SummaryScene
    from game.ui.scenes.table import TableScene

    for scene in (
        MenuScene,
        TableScene,
        SummaryScene,
        SettingsScene,
        StatsScene,
        HistoryScene,
        ReplayScene,
        ReviewScene,
        LessonScene,
    ):
        app.route(scene.name, scene)
