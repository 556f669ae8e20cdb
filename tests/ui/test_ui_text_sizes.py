"""At 960x600, the smallest window the game opens by choice, every
screen in both languages draws its words at 14 px or more: the menu, its rules, every
table with its game menu, rules and keys, the end-of-hand and end-of-match summaries,
the statistics, the history, a replay, the review and the settings."""

from __future__ import annotations

import pytest
from conftest import registered_tables
from ui_support import DT, make_app, open_table, settle

from game.core.agents import SeatView
from game.games import SPECS
from game.text import say, set_language
from game.text.phrasebook import LANGUAGES
from game.ui import theme
from game.ui.table.model import says
from game.ui.table.view import panel
from game.ui.widgets import text_of

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
    agent = table.model.spec.make_agent(table.model.spec.default_level, 3)
    while app.scene is table:
        settle(app, table)
        if app.scene is table and table.model.human_may_act():
            table.model.perform(agent.choose(SeatView(table.state, table.human)))


def tables_a_match_last() -> list[tuple[str, dict]]:
    """Every registered table, one whose game is a match last (its match stays saved)."""
    tables = [(game, choices) for game, choices, _ in registered_tables()]
    return sorted(tables, key=lambda t: SPECS[t[0]].match_target(t[1]) is not None)


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_screen_at_960x600_draws_no_text_below_14_px(tmp_path, monkeypatch, lang):
    app = make_app(tmp_path, monkeypatch, size=SIZE, keep=True, language=lang)
    set_language(lang)
    seen = Seen(monkeypatch)
    try:
        menu = app.goto("menu")
        seen.look(app)
        menu._rules()
        seen.look(app)
        for game, choices in tables_a_match_last():
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
        app.goto("replay", record=app.keeper.record(entry.id), seat=entry.seat)
        seen.look(app)
        app.goto("review", record=app.keeper.record(entry.id), seat=entry.seat)
        seen.look(app, 10)
        app.goto("settings")
        seen.look(app)
        menu = app.goto("menu")
        seen.look(app)
        menu.start_game()  # the last table's match is saved: the menu asks before replacing it
        assert menu.question is not None
        seen.look(app)
    finally:
        app.scene.leave()
        set_language("en")
    assert seen.small == {}, f"{len(seen.small)} texts below {SMALLEST} px: {seen.small}"


def test_turkish_percentages_put_the_sign_first(tmp_path, monkeypatch):
    from game.text import percent

    assert percent(0.4) == "40%"
    set_language("tr")
    try:
        assert (percent(0), percent(1), percent(0.4)) == ("%0", "%100", "%40")
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_statistics_headers_and_cells_share_one_size(tmp_path, monkeypatch, lang):
    app = make_app(tmp_path, monkeypatch, size=SIZE, keep=True, language=lang)
    set_language(lang)
    try:
        for game, choices in (("pishe-pasha", {"players": 2, "stop_rule": True}), ("pisti", {})):
            table = open_table(app, game, choices, seed=5)
            play_hand(app, table)
            table.leave()
        stats = app.goto("stats")
        sizes: dict[str, set[int]] = {"head": set(), "cell": set()}
        real = theme.rendered
        heads = {say_key for say_key in _headers()}

        def watch(words, size, colour, bold=False):
            if colour == theme.GOLD and bold and words in heads:
                sizes["head"].add(size)
            elif colour == theme.INK and not bold and stats.keys():
                sizes["cell"].add(size)
            return real(words, size, colour, bold)

        monkeypatch.setattr(theme, "rendered", watch)
        app.dirty = True
        app.step(DT)
        assert len(sizes["head"]) == 1, sizes
        assert len(sizes["cell"]) == 1, sizes
        assert min(sizes["head"] | sizes["cell"]) >= SMALLEST
        if lang == "tr":
            cells = list(map(stats._cells, stats.keys()))
            assert all(row[4].startswith("%") for row in cells)
    finally:
        app.scene.leave()
        set_language("en")


def _headers() -> list[str]:
    from game.text import say
    from game.ui.scenes.stats import StatsScene

    return [say(key) for key, _ in StatsScene.COLUMNS]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_flip_buttons_words_clear_its_edges(tmp_path, monkeypatch, lang):
    app = make_app(tmp_path, monkeypatch, size=SIZE, language=lang)
    set_language(lang)
    try:
        table = open_table(app, "pisha-pasha-book", {}, seed=5)
        settle(app, table)
        flip = table.controls.flip_btn
        drawn: list[int] = []
        monkeypatch.setattr(
            theme,
            "on_text",
            lambda words, w, allowed: drawn.append(w) if words == text_of(flip.label) else None,
        )
        app.dirty = True
        app.step(DT)
        assert drawn
        assert max(drawn) <= flip.rect.w - flip.rect.h // 2
    finally:
        app.scene.leave()
        set_language("en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_prompt_of_the_message_line_is_drawn_at_14_px_or_more(tmp_path, monkeypatch, lang):
    """The long prompts (the empty stock's, say) come up only in some hands: each is drawn
    here on the message line of a table at 960x600, whatever the hand."""
    from pathlib import Path

    from babel.messages.pofile import read_po

    po = Path(__file__).parents[2] / "game/text/locale/en/LC_MESSAGES/pasha.po"
    with po.open("rb") as f:
        keys = [m.id for m in read_po(f) if isinstance(m.id, str) and m.id.startswith("prompt.")]
    assert "prompt.recycle" in keys
    app = make_app(tmp_path, monkeypatch, size=SIZE, language=lang)
    set_language(lang)
    seen = Seen(monkeypatch)
    table = open_table(app, "pishe-pasha", {"players": 2}, seed=5)
    settle(app, table)
    for key in keys:
        monkeypatch.setattr(says, "prompt", lambda m, phase=None, key=key: say(key))
        seen.look(app)
    assert seen.small == {}, f"{len(seen.small)} prompts below {SMALLEST} px: {seen.small}"
