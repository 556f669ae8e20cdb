"""Issue 23, item 10: at 960x600, the smallest window the game opens by choice, every
screen in both languages draws its words at 14 px or more: the menu, its rules, every
table with its game menu, rules and keys, the end-of-hand and end-of-match summaries,
the statistics, the history, a replay, the review and the settings."""

from __future__ import annotations

import pytest
from ui_support import DT, make_app, open_table, settle

from game.core.agents import SeatView
from game.text import set_language
from game.ui import theme
from game.ui.table import panel

SIZE = (960, 600)
SMALLEST = 14


class Seen:
    """Every line rendered with the screen font, with its pixel size."""

    def __init__(self, monkeypatch) -> None:
        self.small: dict[str, int] = {}
        real = theme.font.__wrapped__
        seen = self

        def font(size: int, bold: bool = False):
            made = real(size, bold)

            class Watched(type(made)):
                def render(self, words, *args, **kwargs):
                    if words.strip() and self.point_size < SMALLEST:
                        seen.small[words] = min(self.point_size, seen.small.get(words, 99))
                    return super().render(words, *args, **kwargs)

            from game.assets import font_file

            watched = Watched(font_file(bold), max(theme.MIN_SIZE - 1, int(size)))
            watched.bold = made.bold
            return watched

        cached = __import__("functools").lru_cache(maxsize=96)(font)
        monkeypatch.setattr(theme, "font", cached)
        for fn in (theme.rendered, theme.fit_text, panel._log_line):
            fn.cache_clear()

    def look(self, app, frames: int = 3) -> None:
        for _ in range(frames):
            app.dirty = True
            app.step(DT)


def play_hand(app, table) -> None:
    agent = table.model.spec.make_agent("medium", 3)
    while app.scene is table:
        settle(app, table)
        if app.scene is table and table.model.human_may_act():
            table.model.perform(agent.choose(SeatView(table.state, table.human)))


TABLES = [
    ("pishe-pasha", {"players": 2}),
    ("pishe-pasha", {"players": 3, "stop_rule": True}),
    ("pisha-pasha-book", {}),
    ("pisti", {"players": 2}),
    ("pisti", {"players": 4}),
]


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "tr"])
def test_every_screen_at_960x600_draws_no_text_below_14_px(tmp_path, monkeypatch, lang):
    app = make_app(tmp_path, monkeypatch, size=SIZE, keep=True, language=lang)
    set_language(lang)
    seen = Seen(monkeypatch)
    try:
        menu = app.goto("menu")
        seen.look(app)
        menu._rules()
        seen.look(app)
        for game, choices in TABLES:
            table = open_table(app, game, choices, seed=5)
            settle(app, table)
            seen.look(app)
            table.controls.open_menu()
            seen.look(app)
            table.controls.open_rules()
            seen.look(app)
            table.controls.close_panel()
            table.controls.open_help()
            seen.look(app)
            table.controls.close_panel()
            table.controls.close_menu()
            play_hand(app, table)
            seen.look(app)  # the summary of the hand (of the match, for a single hand)
            table.leave()
        app.goto("stats")
        seen.look(app)
        history = app.goto("history")
        seen.look(app)
        entry = history.entries[0]
        app.goto("replay", record=entry.record, seat=entry.seat)
        seen.look(app)
        app.goto("review", record=entry.record, seat=entry.seat)
        seen.look(app, 10)
        app.goto("settings")
        seen.look(app)
        menu = app.goto("menu")
        seen.look(app)
        menu.start_game()  # a Pişti match is saved: the menu asks before replacing it
        assert menu.question is not None
        seen.look(app)
    finally:
        app.scene.leave()
        set_language("en")
    assert seen.small == {}, f"{len(seen.small)} texts below {SMALLEST} px: {seen.small}"
