"""Every table the registry offers saves and loads: each game, each player
count and each combination of its menu choices is started, played one move, saved as the
table saves it, and loaded by another window as Continue loads it, the same match. The
three-player Pishe Pasha save (its options said four suits, while three players always
play one foundation) was set aside at every start before."""

from __future__ import annotations

import itertools

import pytest

from game.core.files import Notice
from game.games import SPECS
from game.session import Session
from game.store.keeper import Keeper


def tables() -> list:
    out = []
    for spec in SPECS.values():
        keys = [c.key for c in spec.choices]
        for values in itertools.product(*(c.values for c in spec.choices)):
            choices = dict(zip(keys, values, strict=True))
            out.append(pytest.param(spec.id, choices, id=f"{spec.id}-{choices}"))
    return out


@pytest.mark.parametrize(("game", "choices"), tables())
def test_every_registry_table_saves_and_loads_as_it_was(game, choices, tmp_path):
    session = Session.start(game, choices, SPECS[game].default_level, seed=33)
    q = session.referee.question()
    if q is not None:
        session.referee.answer(q, q.answer())  # the computer's move
    else:
        session.referee.apply(session.state.legal_actions()[0], session.human)
    assert session.state.history, "one move was made"
    told: list[Notice] = []
    Keeper(told.append, tmp_path).match_changed(session)
    back = Keeper(told.append, tmp_path).load_match()
    assert told == []
    assert back is not None
    assert back.to_save() | {"saved": 0} == session.to_save() | {"saved": 0}
    assert back.state.record() == session.state.record()


def test_the_table_list_covers_every_game_and_player_count():
    seen = {(p.values[0], p.values[1].get("players")) for p in tables()}
    for spec in SPECS.values():
        for n in spec.players:
            assert (spec.id, n if len(spec.players) > 1 else None) in seen
