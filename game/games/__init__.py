"""The registry of games: one line per game, in the menu's order. Everything else finds
a game through here.

Each line names a game's spec class (``module:Class``, a :class:`GameSpec` subclass in
the game's folder); importing the registry imports every game's spec and so its kinds
(``kinds.py``), and pile ids, refusal codes and the other kinds parse from their text.
The executable's recipe reads ``GAMES`` to bundle each game's modules."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any, TypeVar

from game.core.agents import Agent
from game.core.spec import AnySpec, GameSpec
from game.core.state import GameState

GAMES = (
    "game.games.pishe_pasha.spec:PishePashaSpec",
    "game.games.book.spec:BookSpec",
    "game.games.pisti.spec:PistiSpec",
)
# What a game's folder keeps besides its code (its words, its pictures, its tables and
# other files): the wheel (pyproject's package-data) and the executable carry each.
SHIPPED = ("locale", "art", "data")
T = TypeVar("T")
version = 0  # grows with every change to SPECS, so the phrasebook knows to look again


def folder_of(where: str) -> tuple[str, ...]:
    """A registry line's game folder as path parts from the repository's root."""
    return tuple(where.partition(":")[0].split(".")[:-1])


def load(where: str) -> AnySpec:
    """The game whose spec class is at ``where`` (``module:Class``)."""
    module, _, name = where.partition(":")
    spec: AnySpec = getattr(importlib.import_module(module), name)()
    return spec


SPECS: dict[str, AnySpec] = {spec.id: spec for spec in map(load, GAMES)}


def register(spec: AnySpec) -> None:
    """Add a game to the registry (a game that lives elsewhere, such as the tests' toy)."""
    global version
    SPECS[spec.id] = spec
    version += 1


def unregister(game: str) -> None:
    global version
    SPECS.pop(game, None)
    version += 1


def known_game(game: Any) -> Any:
    """``game`` if it is a registered game's name (a schema check); else ValueError."""
    if game not in SPECS:
        raise ValueError(f"cannot be {game!r:.40} (known games: {', '.join(SPECS)})")
    return game


def spec_of(game: Any) -> AnySpec:
    """The spec for a record's game name; ValueError names the known ones."""
    try:
        return SPECS[game]
    except (KeyError, TypeError):
        known = ", ".join(SPECS)
        raise ValueError(f"unknown game {game!r:.40} (known games: {known})") from None


def new_hand(game: str, players: int = 2, options: dict[str, Any] | None = None,
             rng: random.Random | int | None = None) -> GameState:  # fmt: skip
    """A freshly shuffled hand of ``game``."""
    hand: GameState = spec_of(game).new_hand(players, options, rng)
    return hand


def make_agent(game: str, level: str, seed: int | None = None) -> Agent:
    """A computer player for ``game`` at ``level``; ValueError names the choices."""
    return spec_of(game).make_agent(level, seed)


def offered_levels(game: str) -> tuple[str, ...]:
    """The levels ``game``'s menu offers, weakest first (none for a game not registered)."""
    spec = SPECS.get(game)
    return spec.levels if spec is not None else ()


def levels_for(game: str) -> list[str]:
    """The level names :func:`make_agent` accepts for ``game``."""
    return list(spec_of(game).agents)


def ask(game: str | AnySpec | None, question: Callable[[AnySpec], T | None]) -> T | None:
    """A game's answer to ``question``; for a caller that holds an event but not its game
    (``None``), the first registered game's answer that is not None."""
    if game is None:
        return next((a for a in map(question, SPECS.values()) if a is not None), None)
    return question(game if isinstance(game, GameSpec) else spec_of(game))
