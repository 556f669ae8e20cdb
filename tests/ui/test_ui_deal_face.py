"""A card dealt to the middle of the table lands as its game deals it: face up when the
event says so (a game that turns its centre card at once), face down otherwise, never
face down by a rule of the shared table's own."""

from __future__ import annotations

import pytest
from ui_support import open_table, settle

from game.core.types import PACK, TABLE, Event, EventKind


@pytest.mark.parametrize("face_up", [True, False])
def test_a_card_dealt_to_the_centre_lands_face_up_only_when_the_deal_says_so(app, face_up):
    table = open_table(app, "pisti", {})
    settle(app, table)
    show = table.model.show
    card = table.state.reveal()[PACK][-1]
    show.push([Event(EventKind.DEAL, None, (card,), PACK, TABLE, face_up)])
    for _ in range(200):
        if not show.busy:
            break
        show.advance(0.05)
    assert show.shown.get(TABLE)[-1] == (card if face_up else None)
