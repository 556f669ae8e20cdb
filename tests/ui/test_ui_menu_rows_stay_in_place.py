"""Nothing moves under the pointer in the main menu: a choice the other choices settle
keeps its row in place, greyed, showing the value that applies, with a line saying why."""

from __future__ import annotations

from ui_support import click, menu_for, right_arrow

from game.text import say


def _rows(menu) -> dict[str, object]:
    return {row.label(): row for row in menu.options}


def test_three_players_grey_the_foundations_row_in_its_place_and_say_why(tmp_path, monkeypatch):
    from ui_support import make_app

    app = make_app(tmp_path, monkeypatch, size=(960, 600))
    menu = menu_for(app, "pishe-pasha", players=2, foundations="suits")
    before = {name: row.rect.copy() for name, row in _rows(menu).items()}
    level = menu.level.rect.copy()
    players = _rows(menu)[say("choice.players")]
    click(app, right_arrow(players))
    rows = _rows(menu)
    assert rows[say("choice.players")].value == 3
    assert {name: row.rect for name, row in rows.items()} == before, "no row moved"
    assert menu.level.rect == level
    found = rows[say("choice.foundations")]
    assert found.locked
    assert found.value == "single"
    why = say("choice.foundations.why_fixed")
    assert menu.explained() is found
    assert found.help() == why
    click(app, right_arrow(found))  # a click on the greyed row changes nothing
    assert _rows(menu)[say("choice.foundations")].value == "single"
    assert app.settings.game_options["pishe-pasha"]["foundations"] == "suits"
    click(app, right_arrow(_rows(menu)[say("choice.players")]))
    back = _rows(menu)[say("choice.foundations")]
    assert not back.locked
    assert back.value == "suits"
    assert back.rect == before[back.label()]
