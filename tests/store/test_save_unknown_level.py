"""A level the game does not have: a save that carries one (written by another version)
plays on at the game's default level and the player is told once; a new match asked for
at one is refused, naming it."""

from __future__ import annotations

import json

import pytest
from conftest import registered_tables
from store_support import put_save

from game.games import SPECS
from game.session import Session
from game.store.keeper import Keeper
from game.text import say, set_language
from game.text.phrasebook import LANGUAGES

FIRSTS = list({game: choices for game, choices, _ in registered_tables()}.items())


@pytest.mark.parametrize(("game", "choices"), FIRSTS, ids=[g for g, _ in FIRSTS])
def test_a_save_at_an_unknown_level_goes_on_at_the_default_and_says_so_once(
    tmp_path, game, choices
):
    spec = SPECS[game]
    data = Session.start(game, choices, spec.default_level, seed=8).to_save()
    put_save(tmp_path, json.dumps({**data, "level": "grandmaster"}))
    told = []
    keeper = Keeper(told.append, tmp_path)
    session = keeper.load_match()
    assert session is not None, "the match is kept, not set aside"
    assert session.level == spec.default_level
    assert session.id == data["id"]
    assert keeper.saved_match() is not None, "Continue still offers it"
    keeper.load_match()  # Continue, after the menu already said it
    assert [(n.code, n.detail) for n in told] == [("level_unknown", "'grandmaster'")]
    assert not keeper.store.read("SELECT * FROM match_aside")


def test_a_save_with_an_empty_level_goes_on_and_says_so(tmp_path):
    data = Session.start("pisti", {"players": 2}, "easy", seed=8).to_save()
    put_save(tmp_path, json.dumps({**data, "level": ""}))
    told = []
    session = Keeper(told.append, tmp_path).load_match()
    assert session.level == SPECS["pisti"].default_level
    assert [(n.code, n.detail) for n in told] == [("level_unknown", "''")]


def test_a_save_at_a_level_the_game_has_says_nothing(tmp_path):
    data = Session.start("pisti", {"players": 2}, "easy", seed=8).to_save()
    put_save(tmp_path, json.dumps(data))
    told = []
    session = Keeper(told.append, tmp_path).load_match()
    assert session.level == "easy"
    assert session.level_lost is None
    assert told == []


@pytest.mark.parametrize("game", list(SPECS))
def test_a_new_match_at_a_level_the_game_does_not_have_is_refused_by_name(game):
    with pytest.raises(ValueError, match="grandmaster"):
        Session.start(game, {}, "grandmaster", seed=1)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_unknown_level_notice_is_worded_in_each_language(lang):
    set_language(lang)
    text = say("notice.level_unknown", detail="'grandmaster'")
    assert "'grandmaster'" in text
    assert "notice." not in text


def test_the_menu_shows_the_unknown_level_notice(tmp_path, monkeypatch):
    from ui_support import make_app

    data = Session.start("pisti", {"players": 2}, "medium", seed=8).to_save()
    put_save(tmp_path, json.dumps({**data, "level": "grandmaster"}))
    app = make_app(tmp_path, monkeypatch, keep=True)
    try:
        assert [n.code for n in app.notes] == ["level_unknown"]
        assert "'grandmaster'" in app.notices[-1]
        assert not app.notice_good
    finally:
        app.close()


def test_the_command_line_has_no_level_to_get_wrong(capsys):
    """The level is the menu's choice (kept in the settings): ``--level`` is refused with
    the usage line and exit 2, never a traceback."""
    from game.__main__ import parse_args

    with pytest.raises(SystemExit) as stop:
        parse_args(["--level", "grandmaster"])
    assert stop.value.code == 2
    assert "unrecognized arguments: --level grandmaster" in capsys.readouterr().err
