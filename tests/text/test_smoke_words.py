"""``--smoke-test`` proves a copy of the game (a wheel, the executable) carries
every registered game's words: the catalogues are found, a game's own ``locale/`` too, and
each game's name, description, rules, options, levels and lessons are in them."""

from __future__ import annotations

import pytest

from game.cli.smoke import SmokeFailure, check_words
from game.games import SPECS
from game.text import current


def test_every_registered_game_has_its_words_in_every_language():
    found = check_words()
    assert found[0][0] == "words"
    assert found[0][1].is_dir()
    assert current().lang == "en"  # the check leaves the game speaking English


def test_a_game_whose_words_are_missing_fails_the_smoke_test_by_name(monkeypatch):
    class Wordless(type(SPECS["pisti"])):
        rules_key = "rules.nowhere"

    monkeypatch.setitem(SPECS, "pisti", Wordless())
    with pytest.raises(SmokeFailure, match=r"pisti has no en words for rules\.nowhere"):
        check_words()


def test_a_game_keeping_its_own_catalogue_must_ship_it(monkeypatch, tmp_path):
    class Unshipped(type(SPECS["pisti"])):
        catalogue = tmp_path / "locale"

    monkeypatch.setitem(SPECS, "pisti", Unshipped())
    with pytest.raises(SmokeFailure, match="words pisti: no en catalogue in"):
        check_words()
