"""The duel's fixtures: the game in the registry for one test."""

from __future__ import annotations

import pytest

from game import games
from game.text import set_language

from .spec import SPEC


@pytest.fixture
def duel():
    """The duel in the registry for one test: the only line a game needs."""
    games.register(SPEC)
    yield SPEC
    games.unregister(SPEC.id)
    set_language("en")
