"""After a move made with the keyboard, the focus is where the next action most likely is:
on the player's next move, never on a pile where nothing can be done (the next Enter is
not spent on "Nothing can be played here now")."""

from __future__ import annotations

import pytest
from ui_support import keys_for, make_app, open_table, settle

from game.core.agents import SeatView


@pytest.mark.parametrize(
    ("game", "choices"),
    [("pishe-pasha", {"players": 2}), ("pishe-pasha", {"players": 3}), ("pisti", {"players": 2})],
    ids=lambda v: str(v),
)
def test_after_each_keyboard_move_the_focus_is_where_something_can_be_done(
    tmp_path, monkeypatch, game, choices
):
    app = make_app(tmp_path, monkeypatch)
    table = open_table(app, game, choices, seed=5)
    spec = table.model.spec
    agent = spec.make_agent(spec.default_level, 3)
    c = table.controller
    checked = 0
    for _ in range(25):
        settle(app, table)
        if table.state.is_over or app.scene is not table:
            break
        if c.focus is not None and table.model.phase.mine:
            assert c.live(c.focus), (str(c.focus), [str(a) for a in table.state.history[-3:]])
            checked += 1
        keys_for(app, table, agent.choose(SeatView(table.state, table.human)))
    assert checked >= 10
    table.leave()
