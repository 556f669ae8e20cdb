"""What the menu, the table and the summary offer comes from each game's spec:
the game's own levels, its hint agent, Review only with a coach, "Learn to play" only
with lessons. Every registered game is checked; the toy game checks itself the same way."""

from __future__ import annotations

import pytest
from ui_support import assert_offers_what_it_declares, offers

from game.games import SPECS


@pytest.mark.parametrize("game", list(SPECS))
def test_the_menu_hint_and_summary_offer_what_the_game_declares(app, game):
    assert_offers_what_it_declares(app, SPECS[game])


def test_a_level_the_game_does_not_offer_is_not_shown_and_the_game_gets_its_default(app):
    game = next(s for s in SPECS.values() if s.levels)
    app.settings.level = "no-such-level"
    assert offers(app, game.id)["levels"] == game.levels
    assert app.scene.level.value == game.default_level
