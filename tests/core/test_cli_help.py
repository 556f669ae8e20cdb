"""``python -m game --help`` says which game is which: each registered game's id beside its
English title (the phrasebook's ``game.<id>``), whatever language the game is in; a start
without ``--help`` never looks the titles up."""

from __future__ import annotations

import pytest

from game.__main__ import parse_args
from game.games import SPECS
from game.text import phrasebook


def help_text(capsys) -> str:
    with pytest.raises(SystemExit) as stop:
        parse_args(["--help"])
    assert stop.value.code == 0
    return " ".join(capsys.readouterr().out.split())  # as one line, however it wraps


@pytest.mark.parametrize("lang", phrasebook.LANGUAGES)
def test_help_names_each_game_by_its_id_and_its_english_title(capsys, lang):
    english = phrasebook.Phrasebook("en")
    phrasebook.set_language(lang)
    try:
        text = help_text(capsys)
    finally:
        phrasebook.set_language("en")
    for spec in SPECS.values():
        title = english.say(spec.title_key)
        assert title != spec.title_key, f"{spec.id} has no English title"
        assert f"{spec.id} for {title}" in text


def test_a_start_without_help_does_not_look_the_titles_up(monkeypatch):
    def refused(*_):
        raise AssertionError("the phrasebook was opened for the command line")

    monkeypatch.setattr(phrasebook, "Phrasebook", refused)
    game = next(iter(SPECS))
    assert parse_args(["--game", game]).game == game


def test_the_command_line_offers_every_language():
    for lang in phrasebook.LANGUAGES:
        assert parse_args(["--lang", lang]).lang == lang
