"""The duel's shared fixture: the game in the registry for one test, the only line a
game needs."""

from __future__ import annotations

import pytest

from game import games
from game.text import set_language

from .spec import SPEC


@pytest.fixture
def duel():
    """The duel registered for one test, and English again after it."""
    games.register(SPEC)
    yield SPEC
    games.unregister(SPEC.id)
    set_language("en")
