"""The first Tab sweep over the table reaches every place where something can happen now,
a pile the player shares included: the duel's pack, which both seats draw from."""

from __future__ import annotations

import pygame
import pytest
from ui_support import centre, key, open_table, settle

from game.core.types import PACK, PileId, PileKind
from game.ui.table.input.controller import Focus

from .rules import DRAW_PASS
from .spec import ID


@pytest.fixture
def table(duel, app):
    t = open_table(app, ID, {})
    settle(app, t)
    return t


def test_the_first_tab_sweep_reaches_the_shared_pack_and_enter_there_draws(app, table):
    c = table.controller
    assert table.state.to_move == table.human
    assert DRAW_PASS in table.state.legal_actions()
    hand = PileId(PileKind.HAND, table.human)
    live = [Focus(hand, i) for i in range(4)] + [Focus(PACK)]
    assert set(c.focus_order()[: len(live)]) == set(live), "the pack is live, in the first sweep"
    swept = []
    for _ in live:
        key(app, pygame.K_TAB)
        swept.append(c.focus)
    assert Focus(PACK) in swept
    while c.focus != Focus(PACK):
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert table.state.history == [DRAW_PASS]


def test_the_pointer_over_the_shared_pack_shows_a_hand(app, table):
    table.controller.motion(centre(table, PACK))
    assert table.rig.cursor() == pygame.SYSTEM_CURSOR_HAND
