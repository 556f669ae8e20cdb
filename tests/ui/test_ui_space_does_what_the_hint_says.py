"""Space does what the hint line says it does, and the keyboard makes the same move as the
mouse for the same intent. Real posted key and mouse events, headless."""

from __future__ import annotations

import pygame
import pytest
from ui_support import centre, click, history, key, open_table, pid, rest_of_deck, settle, tab_to

from game.games.pishe_pasha import kinds as pishe
from game.games.pishe_pasha.rules import PishePasha
from game.ui.table.input.controller import Focus
from game.ui.table.model import says


def test_space_turns_the_stock_as_the_hint_says_wherever_the_frame_is(app):
    rest = rest_of_deck()
    state = PishePasha.from_piles([rest[:26], rest[26:]], to_move=0)
    table = open_table(app, "pishe-pasha", {"players": 2}, state)
    settle(app, table)
    assert table.state.legal_actions() == [pishe.TURN]
    assert "press Space" in says.message_line(table.model)[0]
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)  # past the stock, the one live place, to a place with no move
    assert table.controller.focus not in (None, Focus(pid("stock0")))
    key(app, pygame.K_SPACE)
    assert history(table) == ["turn"]


def _compulsory_play(options: dict) -> PishePasha:
    """The 2 of hearts on the player's discard pile must go onto the ace of hearts; with
    the Stop rule on, turning the stock instead is a legal fault."""
    rest = rest_of_deck("AH", "2H", "10S")
    return PishePasha.from_piles(
        [rest[:24], rest[24:]], discards=[["2H"], ["10S"]],
        foundations=[[], [], ["AH"], []], to_move=0, options=options,
    )  # fmt: skip


@pytest.mark.parametrize("how", ["mouse", "frame on the stock", "no frame"])
def test_turning_past_a_compulsory_play_is_the_same_move_by_mouse_and_by_key(app, how):
    options = {"stop_rule": True}
    table = open_table(app, "pishe-pasha", {"players": 2, **options}, _compulsory_play(options))
    settle(app, table)
    assert pishe.TURN in table.state.legal_actions()
    if how == "mouse":
        click(app, centre(table, "stock0"))
    elif how == "frame on the stock":
        tab_to(app, table, Focus(pid("stock0")))
        key(app, pygame.K_SPACE)
    else:
        assert table.controller.focus is None
        key(app, pygame.K_SPACE)
    assert history(table)[:1] == ["turn"]
