"""The duel's shared fixture: the game in the registry, the only line a game needs."""

from __future__ import annotations

import pytest

from game import games
from game.text import set_language

from .spec import SPEC


@pytest.fixture
def duel():
    """The duel in the registry for the test (the session's registry may hold it already:
    it is left there then), and English again after it."""
    had = SPEC.id in games.SPECS
    games.register(SPEC)
    yield SPEC
    if not had:
        games.unregister(SPEC.id)
    set_language("en")
