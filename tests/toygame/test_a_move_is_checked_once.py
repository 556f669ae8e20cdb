"""A card dragged to the table is checked by the rules once, as they make it: the table
finds the move among the legal ones, and the referee asks only whose move it is; so is
the computer's answer."""

from __future__ import annotations

from ui_support import centre, drag, open_table, settle

from game.core.types import HANDS

from .rules import Duel
from .spec import ID
from .test_an_eight_takes_from_the_pool import dealt


def test_a_dragged_card_is_checked_once(duel, app, monkeypatch):
    table = open_table(app, ID, {}, state=dealt("2C 3C 4C KS", "KH 5H 9D AC"))
    settle(app, table)
    checked = []
    check = Duel.check

    def counted(self, action):
        checked.append(str(action))
        return check(self, action)

    monkeypatch.setattr(Duel, "check", counted)
    drag(app, centre(table, str(HANDS[table.human]), 0), centre(table, "table"))
    settle(app, table)
    assert [str(a) for a in table.state.history][:1] == ["2C"]
    assert checked.count("2C") == 1
    answer = str(table.state.history[1])  # the computer's, checked once too
    assert checked.count(answer) == 1
