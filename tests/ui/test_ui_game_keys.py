"""Each key a game gives the table (a call's, a button's move's) is a letter of its own:
none of the table's own letters (those the keys panel lists: H for a hint, T, C, L, I), no
two of a game's the same, so pressing it always does what the panel says."""

from __future__ import annotations

import pytest

from game.games import SPECS
from game.text import say
from game.ui.table.input.keys_panel import KEYS


def table_letters() -> set[str]:
    """The letters the table itself answers to, as the keys panel names them."""
    named = (say(k) for k, _ in KEYS)
    return {k.lower() for k in named if len(k) == 1 and k.isalpha()}


def test_the_table_has_letters_of_its_own():
    assert {"h", "t", "c", "l", "i"} <= table_letters()


@pytest.mark.parametrize("game", sorted(SPECS))
def test_a_games_keys_are_letters_the_table_leaves_free_and_each_its_own(game):
    spec = SPECS[game]
    keys = [c.key for c in spec.calls] + [m.key for m in spec.moves]
    assert all(len(k) == 1 and k.isalpha() and k.islower() for k in keys), keys
    assert not set(keys) & table_letters(), keys
    assert len(set(keys)) == len(keys), keys
