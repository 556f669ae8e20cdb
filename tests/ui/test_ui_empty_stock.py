"""An empty stock that is the one move: the table rings its place and says what a click does."""

from __future__ import annotations

import random

from ui_support import open_table, settle

from game.core.types import STOCKS
from game.games import new_hand, spec_of
from game.games.pishe_pasha.kinds import TURN
from game.text import say, set_language
from game.text.phrasebook import LANGUAGES
from game.text.words import phrase
from game.ui import theme


def _empty_stock_to_turn():
    """A two-player hand where seat 0's stock is empty and turning it over is its one move."""
    for seed in range(200):
        state = new_hand("pishe-pasha", 2, {}, seed)
        rng = random.Random(seed)
        while not state.is_over:
            acts = state.legal_actions()
            if state.to_move == 0 and acts == [TURN] and state.where(TURN).card is None:
                return state
            state.apply(rng.choice(acts))
    raise AssertionError("no hand reached an empty stock")


def test_an_empty_stock_to_turn_over_is_prompted_as_turning_the_discard_pile_over():
    state = _empty_stock_to_turn()
    spec = spec_of("pishe-pasha")
    for lang in LANGUAGES:
        set_language(lang)
        assert spec.prompt(state).key == "prompt.recycle"
        assert phrase(spec.prompt(state), None) == say("prompt.recycle")
    set_language("en")


def test_an_empty_stock_that_is_the_one_move_is_ringed_over_its_place_not_filled(app):
    table = open_table(app, "pishe-pasha", {"players": 2}, _empty_stock_to_turn())
    settle(app, table)
    view = table.view
    spot = view.pile_top_rect(STOCKS[0])
    assert view._glows(None, behind=True) == []  # nothing drawn under the empty place
    assert view._glows(None, behind=False) == [(spot, theme.HIGHLIGHT, True)]
